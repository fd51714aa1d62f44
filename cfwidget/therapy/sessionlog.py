"""A session record as reports read it: :class:`SessionLog`, from a record's events or file.

Both versions of the record are read. Version 2 (``start`` has ``version: 2``)
numbers its events (``n``), says of each turn whether it was a *trial*, done
right at the *first try*, and how many tries errorless mode *prevented*, names
the turn an ``undo`` takes back, autosaves the therapist's typed ``notes`` and
ends with a ``plan``. Version 1 records get the fallbacks :class:`SessionLog`
describes. Nothing here needs the engine: a hand-written record reads too.

>>> log = SessionLog.from_events([
...     {"event": "start", "n": 1, "t": 0, "version": 2, "client": "AB12",
...      "date": "2024-05-01", "settings": {}},
...     {"event": "turn", "n": 2, "t": 9, "turn": 1, "round": 1, "seat": 0, "started": 1,
...      "options": 3, "response": 8, "refused": 1, "cue": 1, "move": "6-4@6-6",
...      "trial": True, "first_try": False, "prevented": 1},
...     {"event": "undo", "n": 3, "t": 12, "count": 2, "seat": 0, "turn": 1},
...     {"event": "notes", "n": 4, "t": 13, "text": "calm"},
...     {"event": "end", "n": 5, "t": 20, "assist": None, "notes": "calm, focused",
...      "plan": "try double-9"}])
>>> [(t["turn"], t["trial"], t["prevented"]) for t in log.turns], log.undone
([(1, True, 1)], [1])
>>> log.assist, log.notes, log.plan, log.time_on_task
(None, 'calm, focused', 'try double-9', 20.0)
"""

from __future__ import annotations

import datetime as _dt
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._shared import is_number, is_whole, shown, whole_in
from ._errors import SessionError
from .journal import notes_draft, read_journal
from .trials import TrialBook

__all__ = ["NOT_RATED", "TURN_COLUMNS", "SessionLog", "interruption_words", "load_log"]

#: The columns of the turn list (CSV export): the record's turn fields, then what reports add.
TURN_COLUMNS = (
    "turn",
    "round",
    "seat",
    "started",
    "options",
    "response",
    "refused",
    "cue",
    "highest_cue",
    "move",
    "trial",
    "first_try",
    "prevented",
    "completed",
    "undone",
)
#: What a report says when the therapist did not rate the assist level.
NOT_RATED = "not rated"


@dataclass
class SessionLog:
    """One session as its record tells it: who, when, settings, turns, the outcome.

    Version 1 records are read with these fallbacks: a turn is a *trial* when its
    move plays a tile (``@``) or it had more than one option; *first try* is no
    refused attempt; nothing was *prevented*; an ``undo`` takes back that seat's
    last turn. ``notes`` gathers the appended ``note`` events and the latest typed
    ``notes`` text (the end's notes, when given, are that text's final state).
    ``assist`` is ``None`` when not rated; ``source`` is the record's file name.

    ``turns`` holds every turn as the record gives it (the fallbacks filled in), with
    ``cue`` the level in force at its finishing move and ``highest_cue`` the highest it
    reached (the record's ``cue``); ``undone`` the numbers of the turns taken back, which
    stay in ``turns``. ``unfinished`` holds the turns that have no turn line, each with its
    tries: a turn under way taken back (``undone``), a turn open when the record stops
    (at End, or at a crash); ``turn`` is ``None`` and ``completed`` False there.
    :meth:`turn_rows` lists both in order, so every try is in a row.

    ``interruptions`` holds each break the record shows (a crash or a kernel restart, then
    Resume): ``interrupted_at``, the clock time of the last event before the record's
    ``resumed`` line; ``resumed_at``, that line's time; ``away_s``; ``tries_lost``, the
    tries among the lines Resume set aside (``None`` when an older record does not say);
    ``lines_unreadable``, lines cut off too early to tell; and the ``note`` Resume wrote.
    ``trials`` holds the trials read from the whole history (:mod:`~cfwidget.therapy.trials`):
    a turn taken back and the turn that replays it are one trial, whose first try stays
    the first try made; a turn open at the end with tries is a trial not completed.
    ``devices`` holds, in a remote session, each time the client's device connected or
    dropped (``state`` "connected" or "dropped", ``t`` the clock time); no figure counts them.
    """

    client: str
    date: str
    started: float = 0.0  # the clock time of the start event
    finished: float = 0.0  # the clock time of the last event (the end, when ended)
    version: int = 1
    goals: str = ""
    settings: dict[str, Any] = field(default_factory=dict)
    turns: list[dict[str, Any]] = field(default_factory=list)
    undone: list[int] = field(default_factory=list)
    unfinished: list[dict[str, Any]] = field(default_factory=list)
    trials: list[dict[str, Any]] = field(default_factory=list)
    interruptions: list[dict[str, Any]] = field(default_factory=list)
    devices: list[dict[str, Any]] = field(default_factory=list)
    assist: str | None = None
    notes: str = ""
    plan: str = ""
    time_on_task: float = 0.0
    ended: bool = False
    problem: str | None = None
    source: str = ""

    @classmethod
    def from_events(
        cls,
        events: Sequence[Mapping[str, Any]],
        problem: str | None = None,
        *,
        lines: Sequence[int] = (),
    ) -> SessionLog:
        """Read the events of one session (the first must be its ``start``). ``lines``: each
        event's line in its file, so damage is named by line (else by event number).

        >>> SessionLog.from_events([{"event": "turn", "t": 0}], lines=[1])
        Traceback (most recent call last):
        ...
        cfwidget.SessionError: a session record begins with its 'start' event; line 1 is a 'turn'
        """
        if isinstance(events, (str, bytes)) or not isinstance(events, Sequence):
            raise SessionError(f"a session record is a list of events, got {shown(events)}")
        if not events or not isinstance(events[0], Mapping) or events[0].get("event") != "start":
            what = shown(events[0].get("event"), 20) if events and _is_map(events[0]) else None
            where = f"; line {lines[0]} is a {what}" if lines and what else ""
            raise SessionError(f"a session record begins with its 'start' event{where}")
        return cls._read(events, problem, list(lines))

    @classmethod
    def _read(
        cls, events: Sequence[Mapping[str, Any]], problem: str | None, lines: list[int]
    ) -> SessionLog:
        first = events[0]
        version = first.get("version", 1)
        log = cls(
            client=str(first.get("client", "")),
            date=str(first.get("date", "")),
            version=version if is_whole(version) else 1,
            goals=str(first.get("goals", "") or ""),
            settings=dict(first.get("settings") or {}) if _is_map(first.get("settings")) else {},
        )
        state = _Reading(log)
        for index, event in enumerate(events):
            try:
                if not isinstance(event, Mapping):
                    raise SessionError(f"it is {shown(event, 30)}, not an event")
                state.read(event)
            except (KeyError, TypeError, ValueError, OverflowError) as exc:  # SessionError too
                kind = event.get("event") if isinstance(event, Mapping) else None
                if isinstance(exc, SessionError):
                    why = str(exc)
                elif isinstance(exc, KeyError) and exc.args[0] in ("event", "t"):
                    why = "every event needs an 'event' name and a time 't' in seconds"
                else:
                    why = f"{type(exc).__name__}: {exc}"
                raise SessionError(
                    f"this session record is damaged: {why}; "
                    f"{f'line {lines[index]}' if index < len(lines) else f'event {index + 1}'}"
                    f"{f' ({shown(kind, 20)})' if kind is not None else ''} could not be read"
                ) from None
        state.finish()
        notes = [*state.problems]
        log.problem = "; ".join([*([problem] if problem else []), *notes]) or None
        return log

    def client_turns(self, seat: int = 0, *, undone: bool = False) -> list[dict[str, Any]]:
        """The turns of one seat (the client is seat 0), undone turns left out unless asked."""
        gone = set(self.undone)
        return [t for t in self.turns if t["seat"] == seat and (undone or t["turn"] not in gone)]

    def seat_trials(self, seat: int = 0) -> list[dict[str, Any]]:
        """The trials of one seat (the client is seat 0), forced turns included
        (``choice`` False), from the whole history."""
        return [t for t in self.trials if t["seat"] == seat]

    def turn_rows(self) -> list[dict[str, Any]]:
        """Every turn with an ``undone`` mark, and every turn without a turn line (not
        completed) where it came: the rows of the turn list (CSV and JSON). The errors of
        these rows add up to the session's errors.

        >>> log = SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-05-01"},
        ...     {"event": "turn_start", "t": 1, "seat": 0, "options": 2, "level": 0},
        ...     {"event": "refused", "t": 3, "seat": 0, "move": "5-1@6-6"}])
        >>> [(r["turn"], r["refused"], r["completed"]) for r in log.turn_rows()]
        [(None, 1, False)]
        """
        gone = set(self.undone)
        rows: list[dict[str, Any]] = []
        pieces = sorted(self.unfinished, key=lambda p: int(p["after"]))
        for i, t in enumerate([*self.turns, None]):
            while pieces and int(pieces[0]["after"]) <= i:
                rows.append({k: v for k, v in pieces.pop(0).items() if k != "after"})
            if t is not None:
                rows.append({**t, "undone": t["turn"] in gone})
        return rows


def _is_map(value: object) -> bool:
    return isinstance(value, Mapping)


class _Reading:
    """The running state while a record's events are read in order."""

    def __init__(self, log: SessionLog) -> None:
        self.log = log
        self.seen: set[int] = set()
        self.by_number: dict[int, dict[str, Any]] = {}
        self.problems: list[str] = []
        self.duplicates = 0
        self.away = 0.0
        self.paused_at: float | None = None
        self.first_t: float | None = None
        self.previous = 0.0
        self.added: list[str] = []
        self.typed = ""
        self.book = TrialBook()
        self.round = 1  # the round being played (next_round events count them)

    def read(self, e: Mapping[str, Any]) -> None:
        n = e.get("n")
        if is_whole(n):
            if n in self.seen:  # the same event written twice: count it once
                self.duplicates += 1
                return
            self.seen.add(n)
        kind = e["event"]
        if self.first_t is None:
            self.first_t = self.previous = _number(e["t"], "the time 't'")
            self.log.started = self.first_t
        t = _number(e.get("t", self.previous), "the time 't'")
        if kind == "turn":
            row = _turn_row(e)
            self.log.turns.append(row)
            self.by_number[row["turn"]] = row
            row["cue"], row["highest_cue"] = self.book.turn(row)
            self.round = row["round"]
        elif kind == "next_round":
            self.round += 1
        elif kind == "turn_start":
            self.book.turn_start({**e, "t": t, "round": self.round})
        elif kind == "refused":
            self.book.refused(e)
        elif kind == "cue":
            self.book.cue(e)
        elif kind == "move":
            self.book.move(e)
        elif kind == "undo":
            self._undo(e)
        elif kind == "pause":
            self.paused_at = t
        elif kind == "carry_on" and self.paused_at is not None:
            self.away += t - self.paused_at
            self.paused_at = None
        elif kind == "resumed":
            self.log.interruptions.append(_interruption(e, self.previous, t))
            if self.paused_at is None:
                self.away += t - self.previous  # the kernel was away
        elif kind == "note":
            self.added.append(str(e.get("text", "") or "").strip())
        elif kind == "notes":
            self.typed = str(e.get("text", "") or "").strip()
        elif kind == "client_device":
            state = e.get("state")
            if state not in ("connected", "dropped"):
                raise SessionError(f"the client's device was {shown(state, 20)}")
            self.log.devices.append({"state": state, "t": t})
        if kind == "resumed" and self.typed:
            # Notes typed before the break are kept; notes typed after it add to them.
            self.added.append(self.typed)
            self.typed = ""
        if kind == "end":
            self.log.ended = True
            assist = e.get("assist")
            self.log.assist = str(assist) if assist else None
            if e.get("notes"):
                self.typed = str(e["notes"]).strip()
            self.log.plan = str(e.get("plan", "") or "").strip()
        self.previous = t

    def _undo(self, e: Mapping[str, Any]) -> None:
        if "turn" in e:  # version 2 names the turn taken back (null: none)
            number = e["turn"]
            if number is None:
                if is_whole(e.get("seat")):
                    self.book.undo(_whole(e, "seat"), None)  # only the turn under way
                return
            turn = _whole(e, "turn")
            if turn not in self.by_number or turn in self.log.undone:
                self.problems.append(f"an undo names turn {turn}, which was not found")
                return
            self.log.undone.append(turn)
            self.book.undo(self.by_number[turn]["seat"], turn)
            return
        seat = _whole(e, "seat")
        for row in reversed(self.log.turns):
            if row["seat"] == seat and row["turn"] not in self.log.undone:
                self.log.undone.append(row["turn"])
                self.book.undo(seat, row["turn"])
                return
        self.book.undo(seat, None)

    def finish(self) -> None:
        log = self.log
        first = self.first_t if self.first_t is not None else 0.0
        end = self.previous if self.paused_at is None else self.paused_at
        log.time_on_task = round(max(0.0, end - first - self.away), 3)
        log.finished = self.previous if self.first_t is not None else 0.0
        added = [a for a in self.added if a and a not in self.typed]
        log.notes = "\n".join([*added, *([self.typed] if self.typed else [])])
        log.trials = self.book.rows()
        log.unfinished = [_piece_row(p) for p in self.book.open_pieces()]
        if self.duplicates:
            self.problems.append(
                f"{self.duplicates} event{'s were' if self.duplicates > 1 else ' was'} "
                "written twice and counted once"
            )


def _number(value: object, what: str) -> float:
    if not is_number(value, finite=True):
        raise SessionError(f"{what} is {shown(value, 30)}, not a number")
    return float(value)


def _whole(e: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = e.get(key, default)
    if value is None and default is not None:
        value = default
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not is_whole(value):
        what = f"has no {key!r}" if key not in e else f"has {key!r} {shown(value, 30)}"
        raise SessionError(f"a {e.get('event')!r} event {what}, where a whole number belongs")
    return value


def _count(value: object) -> bool:
    return whole_in(value, 0)


def _turn_row(e: Mapping[str, Any]) -> dict[str, Any]:
    turn = _whole(e, "turn")
    cue = _whole(e, "cue")
    if not 0 <= cue <= 4:
        raise SessionError(f"turn {turn} has cue level {cue}; cue levels are 0 to 4")
    move = str(e.get("move", "") or "")
    options = _whole(e, "options", 0)
    refused = _whole(e, "refused", 0)
    trial, first_try, prevented = e.get("trial"), e.get("first_try"), e.get("prevented")
    return {
        "turn": turn,
        "round": _whole(e, "round", 1),
        "seat": _whole(e, "seat"),
        "started": _number(e.get("started", 0.0), "a turn's start"),
        "options": options,
        "response": _number(e["response"], "a turn's response time"),
        "refused": refused,
        "cue": cue,
        "move": move,
        "trial": trial if isinstance(trial, bool) else ("@" in move or options > 1),
        "first_try": first_try if isinstance(first_try, bool) else refused == 0,
        "prevented": prevented if _count(prevented) else 0,
        "redo_of": e["redo_of"] if is_whole(e.get("redo_of")) else None,
        "highest_cue": cue,
        "completed": True,
    }


def _interruption(e: Mapping[str, Any], before: float, t: float) -> dict[str, Any]:
    note = e.get("note")
    tries, unreadable = e.get("tries_lost"), e.get("lines_unreadable")
    if not _count(tries):  # an older record: nothing set aside means nothing lost
        tries = 0 if not note else None
    return {
        "interrupted_at": before,
        "resumed_at": t,
        "away_s": round(max(0.0, t - before), 3),
        "tries_lost": tries,
        "lines_unreadable": unreadable if _count(unreadable) else 0,
        "note": str(note) if note else None,
    }


def interruption_words(item: Mapping[str, Any]) -> str:
    """One interruption in words, clock times as local hours and minutes.

    >>> import datetime as dt
    >>> at = dt.datetime(2024, 6, 3, 10, 42).timestamp()
    >>> interruption_words({"interrupted_at": at, "resumed_at": at + 300, "tries_lost": 0})
    'interrupted at 10:42, resumed at 10:47, 0 tries lost'
    >>> interruption_words({"interrupted_at": at, "resumed_at": at + 60, "tries_lost": 0,
    ...                     "lines_unreadable": 1})
    'interrupted at 10:42, resumed at 10:43, 0 tries lost, 1 line cut off (maybe a try)'
    """
    tries = item.get("tries_lost")
    if tries is None:
        lost = "tries lost not known (see the note on the record)"
    else:
        lost = f"{tries} {'try' if tries == 1 else 'tries'} lost"
    cut = item.get("lines_unreadable") or 0
    if cut:
        lost += f", {cut} line{'s' if cut > 1 else ''} cut off (maybe a try)"
    away, back = _hhmm(item["interrupted_at"]), _hhmm(item["resumed_at"])
    return f"interrupted at {away}, resumed at {back}, {lost}"


def _hhmm(seconds: float) -> str:
    return _dt.datetime.fromtimestamp(float(seconds)).strftime("%H:%M")


def _piece_row(p: Mapping[str, Any]) -> dict[str, Any]:
    """A turn without a turn line as a row of the turn list: not completed, no response."""
    choice = p["choice"]
    return {
        "turn": None,
        "round": p["round"],
        "seat": p["seat"],
        "started": p["started"],
        "options": p["options"],
        "response": None,
        "refused": p["refused"],
        "cue": p["highest"],
        "highest_cue": p["highest"],
        "move": ", ".join(p["moves"]),
        "trial": choice if isinstance(choice, bool) else True,
        "first_try": p["first_try"],
        "prevented": p["prevented"],
        "redo_of": None,
        "completed": False,
        "undone": p["undone"],
        "after": p["after"],
    }


def load_log(path: str | os.PathLike[str]) -> SessionLog:
    """Read a session record file; a cut-off last line is noted in ``problem``.

    For a session not ended yet, the notes typed so far come from the draft beside the
    record (``<record>.notes``).

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "AB12-2024-05-01-1.jsonl"
    >>> _ = p.write_text('{"event": "start", "t": 0, "client": "AB12", "date": "2024-05-01"}')
    >>> load_log(p).source
    'AB12-2024-05-01-1.jsonl'
    """
    p = Path(path)
    read = read_journal(p)
    if not read.events and read.problem:  # damage on line 1: nothing to read
        raise SessionError(f"{p}: {read.problem}")
    try:
        log = SessionLog.from_events(read.events, read.problem, lines=read.lines)
    except SessionError as exc:
        raise SessionError(f"{p}: {exc}") from None
    log.source = p.name
    draft = None if log.ended else notes_draft(p)
    if draft:  # a session not ended yet: its typed notes are still a draft beside it
        log.notes = "\n".join(n for n in (log.notes, draft) if n)
    return log
