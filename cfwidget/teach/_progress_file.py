"""Reading one progress file, line by line, and naming every line that cannot be counted.

A progress file (see :class:`~cfwidget.teach.Progress`) is one JSON object per line: a
*start* line that says whose progress it is, then one line per check, hint or solution
viewed. :func:`read_progress` keeps the lines it can trust and lists each other line, by
number, with what is wrong with it in plain words (a :class:`DamagedLine`):

- a line that is not a whole progress line (edited, or two lines run together);
- the last line cut off part-way (a download or a save that stopped early);
- a line marked as another student's (``"student": "S99"`` inside S03's file);
- a time that cannot be right: before 2020 (a computer whose clock was never set reads
  1970), in the future, or more than a day before the file was started.

None of those lines is counted. Nothing here writes or changes a file.

>>> import json, tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "S03.progress.jsonl"
>>> start = {"event": "start", "format": FORMAT, "student": "S03", "t": 1_700_000_000}
>>> ok = {"event": "hint", "student": "S03", "lesson": "02", "key": "k", "t": 1_700_000_060,
...       "number": 1}
>>> path.write_text("\\n".join(json.dumps(e) for e in (start, ok, {**ok, "student": "S99"}))
...                 + "\\n", encoding="utf-8")  # doctest: +ELLIPSIS
2...
>>> found = read_progress(path, now=1_700_000_100)
>>> found.student, len(found.events), found.problems
('S03', 1, ["line 3: it is marked as S99's, but this file holds S03's progress"])
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._shared import is_number, shown, whole_in
from ._errors import LessonError

__all__ = [
    "EARLIEST",
    "FORMAT",
    "SLACK",
    "SUFFIX",
    "DamagedLine",
    "ProgressFile",
    "read_progress",
    "when",
]

#: What every progress file's name ends with.
SUFFIX = ".progress.jsonl"
#: The ``format`` of a progress file's first line.
FORMAT = "cfwidget.progress"
KINDS = ("check", "hint", "solution")
#: No answer can be older than this (2020-01-01 00:00 UTC): a time before it is impossible.
EARLIEST = 1_577_836_800.0
#: How far an answer's time may lie before its file's start (answers given before signing
#: in are saved with their own times) or after the clock reading the file (a computer's
#: clock a little fast): one day.
SLACK = 24 * 3600.0


def when(seconds: float) -> str:
    """A time (seconds since 1970) as a reader writes it, in UTC: ``2023-11-14 22:13 UTC``.

    >>> when(1_700_000_000), when(0)
    ('2023-11-14 22:13 UTC', '1970-01-01 00:00 UTC')
    """
    if not math.isfinite(seconds):
        return "no real time"
    try:
        moment = _dt.datetime.fromtimestamp(seconds, _dt.timezone.utc)
    except (OverflowError, OSError, ValueError):
        return "a time far outside any calendar"
    return moment.strftime("%Y-%m-%d %H:%M UTC")


@dataclass(frozen=True)
class DamagedLine:
    """A line of a progress file that is not counted, and why (``line`` is None: the file).

    >>> str(DamagedLine("S03.progress.jsonl", 4, "it is not readable"))
    'line 4: it is not readable'
    """

    file: str
    line: int | None
    problem: str

    def __str__(self) -> str:
        return self.problem if self.line is None else f"line {self.line}: {self.problem}"


@dataclass
class ProgressFile:
    """What :func:`read_progress` found in one file: the student, the events, the damage.

    *events* are the lines counted; *damaged* names every other line (see the module's
    text) and *problems* says the same as sentences. *cut_off* is true when the last line
    had been cut off part-way (it is also in *damaged*: what it held is lost).
    """

    path: Path
    student: str | None
    events: list[dict[str, Any]] = field(default_factory=list)
    damaged: list[DamagedLine] = field(default_factory=list)
    cut_off: bool = False

    @property
    def problems(self) -> list[str]:
        """Each damaged line as a sentence: ``line 4: it is not readable``."""
        return [str(d) for d in self.damaged]

    def _damage(self, line: int | None, problem: str) -> None:
        self.damaged.append(DamagedLine(self.path.name, line, problem))


def _time(event: dict[str, Any]) -> float | None:
    """The event's time as a finite number of seconds, or None."""
    t = event.get("t")
    return float(t) if is_number(t, finite=True) else None


def _shape_problem(event: object) -> str | None:
    """What makes a parsed line not a progress line, or None."""
    if not isinstance(event, dict):
        return "it is not a progress line"
    kind = event.get("event")
    if kind == "start":
        if event.get("format") != FORMAT:
            return "it is not a cfwidget progress line"
        return None if isinstance(event.get("student"), str) else "it names no student"
    if kind not in KINDS:
        return f"its event {shown(kind)} is not check, hint or solution"
    for name in ("key", "lesson"):
        if not isinstance(event.get(name), str):
            return f"it has no {name}"
    if _time(event) is None:
        return "it has no time"
    if not isinstance(event.get("student"), str):
        return "it names no student (every line a progress file writes does)"
    if kind == "check" and not isinstance(event.get("correct"), bool):
        return "its answer is not marked right or wrong"
    number = event.get("number")
    if kind == "hint" and not whole_in(number, 1, 99):
        return "its hint number is not a whole number from 1 to 99"
    return None


def _time_problem(t: float, start: float | None, now: float) -> str | None:
    """What makes a line's time impossible, or None."""
    if t < EARLIEST:
        return f"its time, {when(t)}, is before 2020, so the computer's clock was wrong"
    if t > now + SLACK:
        return (
            f"its time, {when(t)}, is in the future (it is now {when(now)}), so the computer's "
            "clock was wrong"
        )
    if start is not None and t < start - SLACK:
        return (
            f"its time, {when(t)}, is more than a day before the file was started ({when(start)})"
        )
    return None


def _owner(path: Path, parsed: list[tuple[int, dict[str, Any]]]) -> str | None:
    """Whose progress the file holds: its start line's student; else the student its lines
    name (the one the file is named after, when they name several)."""
    for _, event in parsed:
        if event["event"] == "start":
            return str(event["student"])
    named = [str(e["student"]) for _, e in parsed]
    stem = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.stem
    return stem if stem in named else (named[0] if named else None)


def check_now(now: object) -> None:
    """``now`` is None or a time in seconds since 1970, else a :class:`~cfwidget.LessonError`.

    >>> check_now(1_700_000_000)
    >>> check_now("today")
    Traceback (most recent call last):
    ...
    cfwidget.LessonError: now is a time in seconds since 1970, like 1_700_000_000; got 'today'.
    """
    if now is not None and not is_number(now, finite=True):
        raise LessonError(
            f"now is a time in seconds since 1970, like 1_700_000_000; got {shown(now)}."
        )


def read_progress(path: str | os.PathLike[str], *, now: float | None = None) -> ProgressFile:
    """Read one progress file: the lines that count, and every other line named with why.

    ``now`` (seconds since 1970) is the time a line may not be later than (by more than a
    day); it defaults to this computer's clock. A file that cannot be read at all is named
    with ``line`` None. Damage is reported, never fatal; only a ``now`` that is not a time
    raises :class:`~cfwidget.LessonError`.

    >>> import tempfile
    >>> from cfwidget.teach import Progress
    >>> p = Progress("S07", folder=tempfile.mkdtemp(), clock=lambda: 1_700_000_000.0)
    >>> p.hint("spokes", "02", 1)
    >>> with open(p.path, "a") as f:
    ...     _ = f.write('{"event": "che')   # a crash in the middle of a line
    >>> found = read_progress(p.path)
    >>> found.student, len(found.events), found.cut_off
    ('S07', 1, True)
    >>> found.problems  # doctest: +NORMALIZE_WHITESPACE
    ['line 3: it was cut off part-way (the file ends in the middle of it), so what it held
     is lost']
    """
    check_now(now)
    where = Path(path)
    found = ProgressFile(where, None)
    clock = time.time() if now is None else float(now)
    try:
        text = where.read_text(encoding="utf-8-sig")  # a text editor may add a BOM
    except (OSError, UnicodeDecodeError) as exc:
        found._damage(None, f"the file could not be read ({type(exc).__name__})")
        return found
    lines = text.split("\n")
    parsed: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError:
            if number == len(lines):  # the last line, with no line break after it
                found.cut_off = True
                found._damage(
                    number,
                    "it was cut off part-way (the file ends in the middle of it), so what it "
                    "held is lost",
                )
            else:
                found._damage(number, "it is not readable (not a whole progress line)")
            continue
        problem = _shape_problem(event)
        if problem is not None:
            found._damage(number, problem)
        else:
            parsed.append((number, event))
    found.student = _owner(where, parsed)
    start: float | None = None
    for number, event in parsed:
        named = event["student"]
        t = _time(event)
        if named != found.student:
            if event["event"] == "start":
                found._damage(
                    number, f"it starts the progress of {named}, inside the file of {found.student}"
                )
            else:
                found._damage(
                    number,
                    f"it is marked as {named}'s, but this file holds {found.student}'s progress",
                )
            continue
        problem = None if t is None else _time_problem(t, start, clock)
        if event["event"] == "start":
            if problem is None and start is None and t is not None:
                start = t
            elif problem is not None:
                found._damage(number, problem)
            continue
        if problem is not None:
            found._damage(number, problem)
            continue
        found.events.append(event)
    if found.student is None:
        found._damage(None, "no line says whose progress this is")
    found.damaged.sort(key=lambda d: -1 if d.line is None else d.line)
    return found
