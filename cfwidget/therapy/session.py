"""A guided session: the engine, the bots, the cue ladder and the journal, without a screen.

Every change is an *event*. An event is written to the journal (flushed to
disk) first, and only then applied; :meth:`Session.resume` applies the same
events again, so a session rebuilt from its file is the session that was lost.
A crash at any moment loses nothing that was finished: a turn whose last move
reached the record before the crash is completed when the session resumes, and
damage is set aside and reported by line (:mod:`~cfwidget.therapy.journal`).
Time comes from ``clock`` (seconds), so tests can drive it by hand.

Every try a person makes is recorded: a move that is not allowed, a tile that fits
nowhere (:meth:`Session.try_tile`), and in errorless mode the tap that was stopped
(an error *prevented*). A turn is a *trial* when a play was possible at its start;
a forced draw or pass is not. The first try of a trial is right or it is not.

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
>>> s.attempt(s.cue_for_level(4).move).accepted
True
>>> t = s.turns[0]; t.options, t.refused, t.prevented, t.cue, t.response, t.first_try
(1, 1, 1, 2, 25.0, False)
>>> s.close()                     # let go of the record (or end it)
>>> again = Session.resume(path, clock=lambda: now[0])
>>> again.turns == s.turns and again.round.history == s.round.history
True
"""

from __future__ import annotations

import datetime as _dt
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .._shared import shown, whole_in, write_private
from ..core import Move, NotationError, RecordError, Tile, TileError, tile_refusal
from ._errors import SettingsError
from .cues import Cue, cue_for
from .journal import NOTES_SUFFIX, Journal, notes_draft, read_journal, repair, tries_in
from .levels import held
from .settings import SessionSettings, check_assist, check_client, private_words
from .state import FORMAT, SessionState, TurnRecord

__all__ = ["FORMAT", "NOTES_SUFFIX", "Outcome", "Session", "TurnRecord", "notes_draft"]

Clock = Callable[[], float]


@dataclass(frozen=True)
class Outcome:
    """What came of an attempt: accepted or not, and the words to show."""

    accepted: bool
    message: str = ""


class Session(SessionState):
    """A guided session for one client (see the module text).

    ``journal``: a path for the JSON Lines record (``None``: kept in memory only).
    ``date``: the session date, ISO ``YYYY-MM-DD`` (default: today from ``clock``).
    Goals that seem to hold a name or a date of birth are refused (nothing is written)
    unless ``anyway``.
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
        anyway: bool = False,
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
        _no_name("the goals", goals, anyway)
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
            version=2,
            client=client,
            date=date,
            goals=goals,
            settings=settings.to_dict(),
        )
        self._maybe_begin()

    _journal: Journal | None

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
        journal = Journal(path) if append else None  # one writer at a time
        try:
            read = repair(path) if append else read_journal(path)
            events = read.events
            if not events and read.bad_lines[:1] == [1]:
                raise RecordError(f"{path} cannot be read: {read.problem}")
            if not events or events[0].get("event") != "start" or events[0].get("format") != FORMAT:
                first = f"line {read.lines[0]} is not" if events else "it holds no line that is"
                raise RecordError(
                    f"{path} is not a cfwidget session record ({first} the start of a session)"
                )
            if append and read.sealed is not None and events[-1].get("event") != "end":
                raise RecordError(
                    f"{path} is the record of a session that was ended, and cannot go on: "
                    f"{read.problem}"
                )
            self = cls.__new__(cls)
            self._clock = clock
            self._setup()
            self._replaying = True
            found = journal.found if journal is not None else None
            problem = "; ".join(p for p in (found and found.problem, read.problem) if p) or None
            aside = [found.set_aside if found is not None else b"", read.set_aside]
            for i, event in enumerate(events):
                try:
                    self._apply(event)
                except (RecordError, SettingsError, KeyError, TypeError, ValueError) as exc:
                    if i == 0:
                        raise RecordError(
                            f"{path} does not start like a session record (line"
                            f" {read.lines[0]}: {type(exc).__name__})"
                        ) from None
                    line = read.lines[i]
                    why = exc.args[0] if isinstance(exc, RecordError) else type(exc).__name__
                    problem = "; ".join(
                        p
                        for p in (
                            problem,
                            f"line {line} does not follow from the lines before it ({why}): the"
                            f" record is kept up to line {line - 1}, the rest is set aside",
                        )
                        if p
                    )
                    self.events = self.events[:i]
                    if journal is not None:
                        aside.append(repair(path, keep=read.offsets[i]).set_aside)
                    break
        except BaseException:
            if journal is not None:
                journal.close()
            raise
        self._replaying = False
        self._path = Path(path)  # a resumed session ends, and hands over, like any other
        self.resume_note = problem
        if not self.ended:
            draft = notes_draft(path)
            if draft is not None:
                self._typed = draft
        if journal is not None and not self.ended:
            self._journal = journal
            # What the break cost: tries among the lines set aside (none when the record
            # ended cleanly), and lines cut off too early to tell.
            tries, unreadable = tries_in(b"\n".join(aside), self.people)
            self._emit("resumed", note=problem, tries_lost=tries, lines_unreadable=unreadable)
            self._finish_interrupted_turn()
            self._maybe_begin()
        elif journal is not None:
            journal.close()
        return self

    def close(self) -> None:
        """Let go of the record without ending the session (resume it later)."""
        if self._journal is not None:
            self._journal.close()

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
        cur = self._current
        return self._ladders[cur["seat"]].level if cur is not None else 0

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
        return self._ladders[self._current["seat"]].due()

    # -- what people and the therapist do -------------------------------------------------

    def attempt(self, move: Move | str) -> Outcome:
        """The person to move tries ``move``; a move that is not allowed is logged and cued."""
        if (refusal := self._not_now()) is not None:
            return refusal
        seat = self.round.turn
        try:
            m = move if isinstance(move, Move) else Move.parse(move)  # people's text is parsed
        except NotationError:
            return self._say(False, "That is not a move.")
        reason = self.round.refusal(m)  # the engine's words, as play() would raise them
        if reason is not None:
            return self._refused(seat, str(m), reason)
        self._emit("move", seat=seat, move=str(m))
        self._after_move(seat)
        return self._say(True, "")

    def try_tile(self, tile: Tile | str) -> Outcome:
        """The person to move reaches for ``tile``: a tile that fits nowhere is an error.

        (Picking a tile that fits is not a try yet: playing it is.)
        """
        if (refusal := self._not_now()) is not None:
            return refusal
        seat = self.round.turn
        try:
            t = tile if isinstance(tile, Tile) else Tile.parse(tile)  # people's text is parsed
        except (NotationError, TileError):
            return self._say(False, "That is not a tile.")
        obs = self.round.observation(seat)  # what the person to move may know
        if any(m.tile == t for m in obs.legal_moves):
            return self._say(True, "")
        held = t in obs.hand
        # The engine's words for the seat to move (after a draw, only the drawn tile counts).
        why = tile_refusal(obs, t) if held else None
        reason = why or f"{t} is not in the hand"
        gentle = "That one waits for later. Let's find one that fits."
        return self._refused(seat, str(t), reason, gentle)

    def _refused(
        self, seat: int, move: str, reason: str, gentle: str = "Let's look again together."
    ) -> Outcome:
        errorless = self._settings.errorless
        level = self.level()  # the level the try was made at: the refusal tells no more
        self._emit("refused", seat=seat, move=move, reason=reason, prevented=errorless)
        # The record keeps the engine's words; the screen says what that level allows.
        return self._say(False, held(gentle if errorless else f"Not that one: {reason}.", level))

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
        seat = self._current["seat"]
        ladder = self._ladders[seat]
        due = ladder.due()
        if due is not None and self._clock() >= due:
            self._emit("cue", seat=seat, level=ladder.level + 1, why="wait")
        return self.level()

    def set_cue(self, level: int) -> int:
        """The therapist sets this turn's cue level (0 to 4)."""
        if not whole_in(level, 0, 4):
            raise SettingsError(f"a cue level is 0 to 4, got {level!r}")
        if self._current is not None and not self.ended:
            self._emit("cue", seat=self._current["seat"], level=level, why="therapist")
        return self.level()

    def bot_step(self) -> bool:
        """The bot to move makes its whole turn; False if no bot is to move."""
        if self._blocked() is not None or self.whose_turn() != "bot":
            return False
        rnd = self.round
        seat = rnd.turn
        while not rnd.is_over and rnd.turn == seat:
            self._emit("move", seat=seat, move=str(self._bots[seat](rnd.observation(seat))))
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
        seat = history[last][0]
        cur = self._current
        if cur is not None and cur["seat"] == seat and cur["moves"]:
            taken = None  # the turn under way is taken back (a draw, say); no finished turn
        else:
            taken = next((t.turn for t in reversed(self.turns) if t.seat == seat), None)
        self._emit("undo", count=len(history) - start, seat=seat, turn=taken)
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

    def client_device(self, connected: bool) -> bool:
        """Note in the record that the client's own device (the client's screen of a remote
        session) connected (``True``) or dropped (``False``); True if a line was written.

        A ``client_device`` event is appended only when the state changes, and never after
        the end; no figure counts it (turns, trials, times on task stay as they were).

        >>> s = Session(client="AB12", clock=lambda: 0.0)
        >>> s.client_device(True), s.client_device(True), s.client_device(False)
        (True, False, True)
        >>> [(e["event"], e["state"]) for e in s.events if e["event"] == "client_device"]
        [('client_device', 'connected'), ('client_device', 'dropped')]
        """
        if not isinstance(connected, bool):
            raise SettingsError(f"connected is True or False, got {shown(connected)}")
        with self._emitting:  # the room tells from its own thread
            if self.ended or bool(self.device_connected) is connected:
                return False
            self._emit("client_device", state="connected" if connected else "dropped")
            return True

    def note(self, text: str, *, anyway: bool = False) -> None:
        """Add a note to the therapist's notes (written to the record at once).

        A note that seems to hold a name or a date of birth is refused, and nothing is
        written, unless ``anyway`` (the therapist has read the warning: it is not a name).
        """
        if not isinstance(text, str):
            raise SettingsError("notes are text")
        if text.strip():
            _no_name("the note", text, anyway)
            self._emit("note", text=text.strip())

    def save_notes(self, text: str, *, anyway: bool = False) -> None:
        """The therapist's notes as typed so far (each save replaces the one before).

        Typed notes are a draft until the session ends: they are kept in
        ``<record>.notes`` beside the record, replaced whole at each save (so an edit
        that takes a name out leaves no trace of it), come back on :meth:`resume`, and
        reach the record itself only with :meth:`end`. Text that seems to hold a name or
        a date of birth is refused (nothing is saved) unless ``anyway``.

        >>> s = Session(SessionSettings(seed=1), client="C-07", clock=lambda: 0.0)
        >>> s.save_notes("Maria was tired today")
        Traceback (most recent call last):
        ...
        cfwidget.SettingsError: the notes may contain a name (Maria). ...
        >>> s.save_notes("tired today"); s.notes
        'tired today'
        """
        if not isinstance(text, str) or len(text) > 20_000:
            raise SettingsError("notes are text of at most 20,000 characters")
        _no_name("the notes", text, anyway)
        with self._emitting:  # notes autosave from a timer thread: never after the end
            if self.ended:
                return
            draft = self._draft_path()
            if draft is not None:  # on disk first: whoever sees the notes can find the draft
                write_private(draft, text.strip())
            self._typed = text.strip()

    @property
    def typed_notes(self) -> str:
        """The notes as typed so far (the draft :meth:`save_notes` keeps), without added ones."""
        return self._typed

    def _draft_path(self) -> Path | None:
        journal = self._journal
        return journal.path.with_name(journal.path.name + NOTES_SUFFIX) if journal else None

    def end(
        self, assist: str | None = None, notes: str = "", plan: str = "", *, anyway: bool = False
    ) -> None:
        """End the session: the assist level (``None``: not rated) on the session's assist
        scale (:data:`~cfwidget.therapy.settings.ASSIST_SCALES`), notes and the plan.

        The notes (``notes``, else those typed so far) are written to the record in its
        ``end`` event and the draft beside it is removed; the record is closed. Notes or a
        plan that seem to hold a name are refused, and nothing is written, unless
        ``anyway``.
        """
        if self.ended:
            return
        scale = self._settings.assist_scale
        level = check_assist(assist, scale) if assist is not None else None
        if not isinstance(plan, str) or len(plan) > 5_000:
            raise SettingsError("the plan is text of at most 5,000 characters")
        if not isinstance(notes, str) or len(notes) > 20_000:
            raise SettingsError("notes are text of at most 20,000 characters")
        final = notes.strip() or self._typed
        _no_name("the notes", final, anyway)
        _no_name("the plan", plan, anyway)
        with self._emitting:
            if self.paused:
                self._emit("carry_on")
            self._emit("end", assist=level, notes=final, plan=plan.strip())
            draft = self._draft_path()
            if self._journal is not None:
                self._journal.close()
            if draft is not None:
                draft.unlink(missing_ok=True)

    # -- events ----------------------------------------------------------------------------

    def _emit(self, kind: str, **fields: Any) -> None:
        with self._emitting:  # notes autosave from a timer thread: one event at a time
            n = len(self.events) + 1
            event = {"event": kind, "n": n, "t": round(float(self._clock()), 3), **fields}
            if self._journal is not None:
                self._journal.append(event)
            self._apply(event)

    def _after_move(self, seat: int) -> None:
        self._finish_interrupted_turn()
        self._maybe_begin()

    def _finish_interrupted_turn(self) -> None:
        """Write the turn record once the person's turn is over (also after a crash)."""
        cur = self._current
        rnd = self.round
        if cur is None or not cur["moves"] or not (rnd.is_over or rnd.turn != cur["seat"]):
            return
        seat = cur["seat"]
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
            trial=cur["trial"],
            first_try=cur["refused"] == 0,
            prevented=cur["prevented"],
            redo_of=cur["redo_of"],
        )

    def _maybe_begin(self) -> None:
        if self._replaying or self.ended or self._current is not None:
            return
        rnd = self.round
        if not rnd.is_over and rnd.turn in self.people:
            options = [m for m in rnd.legal_moves() if not m.announce]
            trial = any(m.is_play for m in options)
            stack = self._redo.get(rnd.turn)
            redo = stack[-1] if stack else None  # the undone turn this one plays again
            self._emit(
                "turn_start",
                seat=rnd.turn,
                options=len(options),
                trial=trial,
                redo_of=redo,
                level=self._ladders[rnd.turn].base,
            )

    def _not_now(self) -> Outcome | None:
        """Why no try can be made now (ended, paused, nobody's turn), or ``None``."""
        if (refusal := self._blocked()) is not None:
            return self._say(False, refusal)
        if self._current is None:
            return self._say(False, "It is not your turn yet.")
        return None

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


def _no_name(what: str, text: str, anyway: bool) -> None:
    found = None if anyway else private_words(text)
    if found is not None:
        kind, words = found
        raise SettingsError(
            f"{what} may contain {kind} ({words}). Records use client codes only: take it"
            " out, or if it is not a name, save with anyway=True (the app's Save anyway)"
        )
