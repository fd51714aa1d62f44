"""What a session is at any moment: the state its events build, one event at a time.

:class:`SessionState` applies each kind of event (``start``, ``turn_start``, ``move``,
``refused``, ``cue``, ``turn``, ``undo``, ``pause``, ``notes``, ``client_device``, ``end``,
...) to the game, the cue ladders and the turn records. A live
:class:`~cfwidget.therapy.session.Session` applies each event as it writes it;
:meth:`~cfwidget.therapy.session.Session.resume` applies a record's events again, so both
arrive at the same state.

>>> from cfwidget.therapy.session import Session
>>> s = Session(client="AB12", clock=lambda: 0.0)
>>> [(e["event"], e["n"]) for e in s.events][:1], s.events[0]["version"]
([('start', 1)], 2)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._shared import offset_seed
from ..core import Game, IllegalMove, NotationError, RecordError
from ..players import Bot, make_bot
from .cues import CueLadder
from .journal import Journal
from .settings import SessionSettings

__all__ = ["FORMAT", "SessionState", "TurnRecord"]

#: The ``format`` of a session record's ``start`` event.
FORMAT = "cfwidget.session"


@dataclass(frozen=True)
class TurnRecord:
    """One person's turn: when, who, how many options, how long, how much help, the move."""

    turn: int  # 1, 2, 3, ... in the session
    round: int
    seat: int
    started: float  # clock seconds
    options: int  # legal moves when the turn began
    response: float  # seconds from the turn's start to its last move, pauses left out
    refused: int  # tries that were not allowed (errors, prevented ones included)
    cue: int  # the highest cue level reached
    move: str  # the moves of the turn, e.g. "draw, 5-2@5-5"
    trial: bool = True  # a play was possible when the turn began (not a forced draw or pass)
    first_try: bool = True  # the first try was right
    prevented: int = 0  # of the errors, those errorless mode stopped
    redo_of: int | None = None  # the undone turn this turn plays again (the same trial)


class SessionState:
    """The state a session's events build (see the module text)."""

    _clock: Callable[[], float]
    _journal: Journal | None

    def _setup(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.turns: list[TurnRecord] = []
        self.undone: list[TurnRecord] = []
        self.message = ""
        self.paused = False
        self.ended = False
        self.assist: str | None = None
        self.resume_note: str | None = None
        self._current: dict[str, Any] | None = None
        self._emitting = threading.RLock()
        self._typed = ""  # the notes as typed so far (autosaved)
        self._noted: list[str] = []  # notes added one by one (and those kept over a resume)
        self._redo: dict[int, list[int]] = {}  # per seat: undone turns to play again
        self.plan = ""
        self._paused_at: float | None = None
        self._paused_total = 0.0
        self._replaying = False
        self._journal = None
        #: Whether the client's own device is connected, as the record last said (a remote
        #: session's client screen); ``None``: not known (no device yet, or since a resume).
        self.device_connected: bool | None = None
        #: How many ``client_device`` lines the record holds: they change nothing on screen.
        self.device_lines = 0

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

    def time_on_task(self) -> float:
        """Seconds from start to end (or now), time paused left out."""
        end = self.events[-1]["t"] if self.ended else self._clock()
        paused = self._paused_total
        if self._paused_at is not None:
            paused += end - self._paused_at
        return max(0.0, float(end) - float(self.events[0]["t"]) - paused)

    @property
    def notes(self) -> str:
        """The therapist's notes: those added one by one, then the typed notes (which a
        resumed session takes up again from their draft, to go on with)."""
        kept = [n for n in self._noted if n and n not in self._typed]
        return "\n".join([*kept, *([self._typed] if self._typed else [])])

    @property
    def earlier_notes(self) -> str:
        """The notes added one by one (:meth:`~cfwidget.therapy.session.Session.note`), each
        in the record as it was added."""
        return "\n".join(n for n in self._noted if n)

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
                s: make_bot("tips", offset_seed(st.seed, s))
                for s in range(len(names))
                if s not in st.people
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
                "trial": bool(e.get("trial", int(e["options"]) > 1)),
                "refused": 0,
                "prevented": 0,
                "paused": 0.0,
                "moves": [],
                "n": e.get("n"),
                "redo_of": e.get("redo_of"),
            }
            stack = self._redo.get(seat, [])
            if stack and e.get("redo_of") == stack[-1]:
                stack.pop()
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
                self._current["prevented"] += int(bool(e.get("prevented", False)))
                self._ladders[self._current["seat"]].refused(t)
        elif kind == "cue":
            self._ladders[int(e["seat"])].set_level(int(e["level"]), t)
        elif kind == "turn":
            fields = TurnRecord.__dataclass_fields__
            record = TurnRecord(**{k: e[k] for k in fields if k in e})
            self.turns.append(record)
            self._ladders[record.seat].finish()
            self._current = None
        elif kind == "undo":
            for _ in range(int(e["count"])):
                self._game.undo()
            seat = int(e["seat"])
            named = e.get("turn", -1)  # version 2 names the turn taken back (None: none)
            stack = self._redo.setdefault(seat, [])
            cur = self._current
            if cur is not None and cur["seat"] == seat and cur.get("redo_of") is not None:
                stack.append(cur["redo_of"])  # a turn being played again is taken back again
            for i in range(len(self.turns) - 1, -1, -1):
                if self.turns[i].seat == seat and named in (-1, self.turns[i].turn):
                    taken = self.turns.pop(i)
                    self.undone.append(taken)
                    stack.append(taken.turn)
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
        elif kind == "resumed" and not self.paused and len(self.events) > 1:
            # The time the kernel was away does not count: not on task, not towards a turn.
            gap = max(0.0, t - float(self.events[-2]["t"]))
            self._paused_total += gap
            cur = self._current
            if cur is not None:
                cur["paused"] += gap
                self._ladders[cur["seat"]].shift(gap)
        elif kind == "note":
            self._noted.append(str(e["text"]))
        elif kind == "notes":
            self._typed = str(e["text"])
        elif kind == "client_device":
            self.device_connected = e.get("state") == "connected"
            self.device_lines += 1
        if kind == "resumed":  # the devices of before the break are gone with the kernel
            self.device_connected = None
        if kind == "end":
            self.ended = True
            self.assist = e.get("assist")
            self.plan = str(e.get("plan", ""))
            if e.get("notes"):  # the notes as ended: the typed notes' final state
                self._typed = str(e["notes"])
