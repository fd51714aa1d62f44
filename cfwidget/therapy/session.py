"""A guided session: the engine, the bots, the cue ladder and the journal, without a screen.

Every change is an *event*. An event is written to the journal (flushed to
disk) first, and only then applied; :meth:`Session.resume` applies the same
events again, so a session rebuilt from its file is the session that was lost.
Time comes from ``clock`` (seconds), so tests can drive it by hand.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "AB12.jsonl"
>>> now = [0.0]
>>> s = Session(SessionSettings(seed=7), client="AB12", journal=path, clock=lambda: now[0])
>>> s.whose_turn(), s.cue().level
('client', 0)
>>> now[0] = 25.0; s.tick()      # no move for 20 s: the cue rises
1
>>> s.attempt("0-0@6-6").accepted
False
>>> s.cue().level, s.message     # errorless mode: gentle words, more help
(2, "Let's look again together.")
>>> s.attempt(s.cue_for_level(3).move).accepted
True
>>> t = s.turns[0]; t.options, t.refused, t.cue, t.response
(1, 1, 2, 25.0)
>>> again = Session.resume(path, clock=lambda: now[0])
>>> again.turns == s.turns and again.round.history == s.round.history
True
"""

from __future__ import annotations

import datetime as _dt
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..core import Game, IllegalMove, Move, NotationError, RecordError, SettingsError, shown
from ..players import Bot, make_bot
from .cues import Cue, CueLadder, cue_for
from .journal import Journal, read_journal, repair
from .settings import SessionSettings, check_assist, check_client

__all__ = ["FORMAT", "Outcome", "Session", "TurnRecord"]

FORMAT = "cfwidget.session"
Clock = Callable[[], float]


@dataclass(frozen=True)
class TurnRecord:
    """One person's turn: when, who, how many options, how long, how much help, the move."""

    turn: int  # 1, 2, 3, ... in the session
    round: int
    seat: int
    started: float  # clock seconds
    options: int  # legal moves when the turn began
    response: float  # seconds from the turn's start to its last move, pauses left out
    refused: int  # attempts that were not allowed
    cue: int  # the highest cue level reached
    move: str  # the moves of the turn, e.g. "draw, 5-2@5-5"


@dataclass(frozen=True)
class Outcome:
    """What came of an attempt: accepted or not, and the words to show."""

    accepted: bool
    message: str = ""


class Session:
    """A guided session for one client (see the module text).

    ``journal``: a path for the JSON Lines record (``None``: kept in memory only).
    ``date``: the session date, ISO ``YYYY-MM-DD`` (default: today from ``clock``).
    """

    def __init__(
        self,
        settings: SessionSettings | None = None,
        *,
        client: str,
        goals: str = "",
        journal: str | os.PathLike[str] | None = None,
        clock: Clock = time.time,
        date: str | None = None,
    ) -> None:
        settings = settings if settings is not None else SessionSettings()
        if not isinstance(settings, SessionSettings):
            raise SettingsError(
                "settings must be a cf.SessionSettings, like cf.SessionSettings(); "
                f"got {shown(settings)}"
            )
        client = check_client(client)
        if not isinstance(goals, str) or len(goals) > 2000:
            raise SettingsError("goals are text of at most 2,000 characters")
        self._clock = clock
        if date is None:
            date = _dt.date.fromtimestamp(clock()).isoformat()
        if journal is not None and Path(journal).exists() and Path(journal).stat().st_size:
            raise FileExistsError(
                f"{journal} already holds a session: use Session.resume to continue it"
            )
        self._setup()
        if journal is not None:
            self._journal = Journal(journal)
        self._emit(
            "start",
            format=FORMAT,
            version=1,
            client=client,
            date=date,
            goals=goals,
            settings=settings.to_dict(),
        )
        self._maybe_begin()

    _journal: Journal | None

    def _setup(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.turns: list[TurnRecord] = []
        self.undone: list[TurnRecord] = []
        self.message = ""
        self.paused = False
        self.ended = False
        self.assist: str | None = None
        self.notes = ""
        self.resume_note: str | None = None
        self._current: dict[str, Any] | None = None
        self._paused_at: float | None = None
        self._paused_total = 0.0
        self._replaying = False
        self._journal = None

    # -- resuming ------------------------------------------------------------------------

    @classmethod
    def resume(
        cls,
        path: str | os.PathLike[str],
        *,
        clock: Clock = time.time,
        append: bool = True,
    ) -> Session:
        """Rebuild a session from its journal and carry on writing to it.

        A cut-off last line (a crash mid-write) is left out, kept in
        ``<name>.damaged`` and described in :attr:`resume_note`; it is never fatal.
        With ``append=False`` the file is only read (for reports).
        """
        read = repair(path) if append else read_journal(path)
        events = read.events
        if not events or events[0].get("event") != "start" or events[0].get("format") != FORMAT:
            raise RecordError(f"{path} is not a cfwidget session record")
        self = cls.__new__(cls)
        self._clock = clock
        self._setup()
        self._replaying = True
        for event in events:
            self._apply(event)
        self._replaying = False
        self.resume_note = read.problem
        if append and not self.ended:
            self._journal = Journal(path)
            self._emit("resumed", note=read.problem)
            if self._current is not None:
                # The time the kernel was away does not count towards this turn.
                self._current["away_from"] = events[-1]["t"]
            self._maybe_begin()
        return self

    # -- what anyone can see ---------------------------------------------------------------

    @property
    def settings(self) -> SessionSettings:
        """The session's settings."""
        return self._settings

    @property
    def client(self) -> str:
        """The client's pseudonym code."""
        return self._client

    @property
    def game(self) -> Game:
        """The game being played."""
        return self._game

    @property
    def round(self) -> Any:
        """The round being played (a :class:`~cfwidget.Round`)."""
        return self._game.round

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play (the client is seat 0)."""
        return self._settings.people

    @property
    def bots(self) -> dict[int, Bot]:
        """The bot of each bot seat."""
        return dict(self._bots)

    @property
    def path(self) -> Path | None:
        """The journal file, if any."""
        return self._path

    def whose_turn(self) -> str:
        """``"client"``, ``"person"`` (the second person), ``"bot"`` or ``"over"``."""
        rnd = self.round
        if self.ended or rnd.is_over:
            return "over"
        if rnd.turn == 0:
            return "client"
        return "person" if rnd.turn in self.people else "bot"

    def level(self) -> int:
        """The cue level now (0 when no person is to move)."""
        return self._ladders[self.round.turn].level if self._current is not None else 0

    def cue(self) -> Cue:
        """What the cue shows now."""
        if self._current is None:
            return Cue(0)
        return self.cue_for_level(self.level())

    def cue_for_level(self, level: int) -> Cue:
        """What the cue would show at ``level`` for the person to move."""
        return cue_for(self.round, self.round.turn, level)

    def next_cue_at(self) -> float | None:
        """The clock time when the cue will rise by itself (``None``: it will not)."""
        if self._current is None or self.paused or self.ended:
            return None
        return self._ladders[self.round.turn].due()

    def time_on_task(self) -> float:
        """Seconds from start to end (or now), time paused left out."""
        end = self.events[-1]["t"] if self.ended else self._clock()
        paused = self._paused_total
        if self._paused_at is not None:
            paused += end - self._paused_at
        return max(0.0, float(end) - float(self.events[0]["t"]) - paused)

    # -- what people and the therapist do -------------------------------------------------

    def attempt(self, move: Move | str) -> Outcome:
        """The person to move tries ``move``; a move that is not allowed is logged and cued."""
        if (refusal := self._blocked()) is not None:
            return self._say(False, refusal)
        if self._current is None:
            return self._say(False, "It is not your turn yet.")
        seat = self.round.turn
        try:
            m = Move.parse(str(move))
        except NotationError:
            return self._say(False, "That is not a move.")
        reason = self.round.refusal(m)  # the engine's words, as play() would raise them
        if reason is not None:
            self._emit("refused", seat=seat, move=str(m), reason=reason)
            if self._settings.errorless:
                return self._say(False, "Let's look again together.")
            return self._say(False, f"Not that one: {reason}.")
        self._emit("move", seat=seat, move=str(m))
        self._after_move(seat)
        return self._say(True, "")

    def confirm(self) -> Outcome:
        """Level 4: the client said OK, so the shown move is made together."""
        cue = self.cue()
        if not cue.confirm or cue.move is None:
            return self._say(False, "There is nothing to confirm now.")
        return self.attempt(cue.move)

    def tick(self) -> int:
        """Let time pass: the cue rises if the person has waited long enough. Returns the level."""
        if self._current is None or self.paused or self.ended:
            return self.level()
        ladder = self._ladders[self.round.turn]
        due = ladder.due()
        if due is not None and self._clock() >= due:
            self._emit("cue", seat=self.round.turn, level=ladder.level + 1, why="wait")
        return self.level()

    def set_cue(self, level: int) -> int:
        """The therapist sets this turn's cue level (0 to 4)."""
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 4:
            raise SettingsError(f"a cue level is 0 to 4, got {level!r}")
        if self._current is not None and not self.ended:
            self._emit("cue", seat=self.round.turn, level=level, why="therapist")
        return self.level()

    def bot_step(self) -> bool:
        """The bot to move makes its whole turn; False if no bot is to move."""
        if self._blocked() is not None or self.whose_turn() != "bot":
            return False
        rnd = self.round
        seat = rnd.turn
        while not rnd.is_over and rnd.turn == seat:
            self._emit("move", seat=seat, move=str(self._bots[seat](rnd.copy(), seat)))
        self._maybe_begin()
        return True

    def next_round(self) -> bool:
        """Deal the next round once this one is over."""
        if self._blocked() is not None or not self.round.is_over or self._game.is_over:
            return False
        self._emit("next_round")
        self._maybe_begin()
        return True

    def undo(self) -> bool:
        """Take back the last person's turn and the bot moves after it."""
        if self.ended:
            return False
        history = self.round.history
        people = self.people
        last = max((i for i, (s, _) in enumerate(history) if s in people), default=-1)
        if last < 0:
            return self._say(False, "There is no move to take back.").accepted
        start = last
        while start > 0 and history[start - 1][0] == history[last][0]:
            start -= 1
        self._emit("undo", count=len(history) - start, seat=history[last][0])
        self._maybe_begin()
        return True

    def pause(self) -> None:
        """Pause: nothing moves and no cue rises until :meth:`carry_on`."""
        if not self.paused and not self.ended:
            self._emit("pause")

    def carry_on(self) -> None:
        """End a pause."""
        if self.paused and not self.ended:
            self._emit("carry_on")

    def note(self, text: str) -> None:
        """Add to the therapist's notes."""
        if not isinstance(text, str):
            raise SettingsError("notes are text")
        if text.strip():
            self._emit("note", text=text.strip())

    def end(self, assist: str | None = None, notes: str = "") -> None:
        """End the session, with the therapist's assist level and notes; the file is closed."""
        if self.ended:
            return
        level = check_assist(assist) if assist is not None else None
        if self.paused:
            self._emit("carry_on")
        self._emit("end", assist=level, notes=notes)
        if self._journal is not None:
            self._journal.close()

    # -- events ----------------------------------------------------------------------------

    def _emit(self, kind: str, **fields: Any) -> None:
        event = {"event": kind, "t": round(float(self._clock()), 3), **fields}
        if self._journal is not None:
            self._journal.append(event)
        self._apply(event)

    def _apply(self, e: Mapping[str, Any]) -> None:
        kind = e.get("event")
        t = float(e["t"])
        self.events.append(dict(e))
        if kind == "start":
            self._settings = SessionSettings.from_dict(dict(e["settings"]))
            self._client = str(e["client"])
            self.date = str(e["date"])
            self.goals = str(e.get("goals", ""))
            st = self._settings
            names = ["Client", *(["Partner"] if st.second_person else [])]
            names += [f"Bot {i + 1}" for i in range(st.bots)]
            self._game = Game(names, rules=st.rules(), seed=st.seed)
            self._bots = {
                s: make_bot("tips", st.seed + s) for s in range(len(names)) if s not in st.people
            }
            self._ladders = {
                s: CueLadder(st.cue_start, st.cue_wait, st.fade_every) for s in st.people
            }
            self._path = self._journal.path if self._journal is not None else None
        elif kind == "turn_start":
            seat = int(e["seat"])
            self._current = {
                "seat": seat,
                "t": t,
                "options": int(e["options"]),
                "refused": 0,
                "paused": 0.0,
                "moves": [],
            }
            self._ladders[seat].begin(t)
        elif kind == "move":
            seat = int(e["seat"])
            try:
                self._game.play(str(e["move"]))
            except (IllegalMove, NotationError) as exc:
                raise RecordError(f"the record does not replay: {e['move']} ({exc})") from None
            if self._current is not None and self._current["seat"] == seat:
                self._current["moves"].append(str(e["move"]))
                self._current["last"] = t
        elif kind == "refused":
            if self._current is not None:
                self._current["refused"] += 1
                self._ladders[self._current["seat"]].refused(t)
        elif kind == "cue":
            self._ladders[int(e["seat"])].set_level(int(e["level"]), t)
        elif kind == "turn":
            record = TurnRecord(**{k: e[k] for k in TurnRecord.__dataclass_fields__})
            self.turns.append(record)
            self._ladders[record.seat].finish()
            self._current = None
        elif kind == "undo":
            for _ in range(int(e["count"])):
                self._game.undo()
            seat = int(e["seat"])
            for i in range(len(self.turns) - 1, -1, -1):
                if self.turns[i].seat == seat:
                    self.undone.append(self.turns.pop(i))
                    break
            if self._current is not None:
                self._ladders[self._current["seat"]].active = False
            self._current = None
        elif kind == "next_round":
            self._game.next_round()
        elif kind == "pause":
            self.paused, self._paused_at = True, t
        elif kind == "carry_on":
            gap = t - (self._paused_at if self._paused_at is not None else t)
            self.paused, self._paused_at = False, None
            self._paused_total += gap
            if self._current is not None:
                self._current["paused"] += gap
                self._ladders[self._current["seat"]].shift(gap)
        elif kind == "resumed":
            cur = self._current
            if cur is not None and "away_from" in cur:
                gap = t - float(cur.pop("away_from"))
                cur["paused"] += gap
                self._ladders[cur["seat"]].shift(gap)
        elif kind == "note":
            self.notes = (self.notes + "\n" + str(e["text"])).strip()
        elif kind == "end":
            self.ended = True
            self.assist = e.get("assist")
            if e.get("notes"):
                self.notes = (self.notes + "\n" + str(e["notes"])).strip()

    def _after_move(self, seat: int) -> None:
        cur = self._current
        rnd = self.round
        if cur is not None and (rnd.is_over or rnd.turn != seat):
            self._emit(
                "turn",
                turn=len(self.turns) + len(self.undone) + 1,
                round=self._game.round_number,
                seat=seat,
                started=cur["t"],
                options=cur["options"],
                response=round(cur["last"] - cur["t"] - cur["paused"], 3),
                refused=cur["refused"],
                cue=self._ladders[seat].peak,
                move=", ".join(cur["moves"]),
            )
        self._maybe_begin()

    def _maybe_begin(self) -> None:
        if self._replaying or self.ended or self._current is not None:
            return
        rnd = self.round
        if not rnd.is_over and rnd.turn in self.people:
            options = [m for m in rnd.legal_moves() if not m.announce]
            self._emit("turn_start", seat=rnd.turn, options=len(options))

    def _blocked(self) -> str | None:
        if self.ended:
            return "The session has ended."
        if self.paused:
            return "The session is paused."
        return None

    def _say(self, ok: bool, text: str) -> Outcome:
        self.message = text
        return Outcome(ok, text)

    def turn_rows(self) -> list[dict[str, Any]]:
        """The turn records as dicts (for reports)."""
        return [asdict(r) for r in self.turns]

    def __repr__(self) -> str:
        state = (
            "ended" if self.ended else "paused" if self.paused else self.whose_turn() + " to move"
        )
        return f"<Session {self._client} {self.date}: {len(self.turns)} turns, {state}>"
