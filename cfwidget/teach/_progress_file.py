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

None of those lines is counted, and each names what it leaves unknown (its ``note`` and
``exercises``): a line that cannot be read whole may have held any answer of the exercises
it names (of every exercise, when the names are lost too), so
:func:`~cfwidget.teach.gather` gives those exercises no figures ("unreadable attempt"); a
line whose time is impossible does the same for its exercise ("wrong clock"). A whole file
that cannot be used (it cannot be opened, it is empty, it is not text, it holds no progress
line, or it is larger than :data:`MAX_BYTES`) is one damaged "line" with ``line`` None and
the note "file unreadable". Nothing here writes or changes a file.

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

import codecs
import datetime as _dt
import json
import math
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

from .._shared import is_number, shown, whole_in
from ._errors import LessonError

__all__ = [
    "EARLIEST",
    "FILE_UNREADABLE",
    "FORMAT",
    "MAX_BYTES",
    "NOTES",
    "SLACK",
    "SUFFIX",
    "UNKNOWN",
    "UNREADABLE_ATTEMPT",
    "WRONG_CLOCK",
    "DamagedLine",
    "ProgressFile",
    "read_progress",
    "stronger",
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
#: The largest progress file read, in bytes (5 MB). A line is about 150 bytes and an answer
#: is kept to 200 characters, so a whole course writes well under 1 MB; a larger file is
#: set aside unread, with one damaged line that says so.
MAX_BYTES = 5_000_000
#: What the teacher's table says for an exercise one of whose lines could not be read whole.
UNREADABLE_ATTEMPT = "unreadable attempt"
#: What it says for an exercise one of whose lines has a time that cannot be right.
WRONG_CLOCK = "wrong clock"
#: What it says for a student one of whose files could not be read at all.
FILE_UNREADABLE = "file unreadable"
#: The notes an exercise's summary can carry, the strongest first: the figures of an
#: exercise with a note are left empty, because a line that could have changed them was
#: not counted. The teacher's table and the student's own summary say the same words.
NOTES = (FILE_UNREADABLE, UNREADABLE_ATTEMPT, WRONG_CLOCK)
#: Unknown: the lesson or exercise of a row whose line lost its names.
UNKNOWN = "?"
#: (lesson, exercise) a damaged line may belong to; None where that part cannot be read.
ExerciseId: TypeAlias = "tuple[str | None, str | None]"
# Where a progress line starts, and its text fields, inside a line that is not whole.
_LINE_START = re.compile(r'(?=\{\s*"event"\s*:)')
_FIELD = {
    name: re.compile(rf'"{name}"\s*:\s*("(?:[^"\\\n]|\\.)*")')
    for name in ("event", "lesson", "key")
}


def stronger(note: str, other: str | None) -> str:
    """The stronger of two notes (the first of :data:`NOTES`); ``other`` may be none.

    >>> stronger(WRONG_CLOCK, UNREADABLE_ATTEMPT), stronger(WRONG_CLOCK, "")
    ('unreadable attempt', 'wrong clock')
    """
    return other if other in NOTES and NOTES.index(other) < NOTES.index(note) else note


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

    ``note`` is what the teacher's table says for what the line leaves unknown
    (:data:`UNREADABLE_ATTEMPT`, :data:`WRONG_CLOCK`, :data:`FILE_UNREADABLE`, or "" for a
    line that is another student's); ``exercises`` are the (lesson, exercise) it may have
    held, None for a part that cannot be read (``(None, None)``: any exercise).

    >>> str(DamagedLine("S03.progress.jsonl", 4, "it is not readable"))
    'line 4: it is not readable'
    """

    file: str
    line: int | None
    problem: str
    note: str = ""
    exercises: tuple[ExerciseId, ...] = ()

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

    @property
    def unreadable(self) -> bool:
        """True when the whole file could not be used (see :data:`FILE_UNREADABLE`)."""
        return any(d.note == FILE_UNREADABLE for d in self.damaged)

    def _damage(
        self, line: int | None, problem: str, note: str = "", exercises: tuple[ExerciseId, ...] = ()
    ) -> None:
        self.damaged.append(DamagedLine(self.path.name, line, problem, note, exercises))

    def _unusable(self, problem: str) -> ProgressFile:
        """The whole file set aside: one damaged line instead of any other."""
        self.events.clear()
        self.damaged[:] = [DamagedLine(self.path.name, None, problem, FILE_UNREADABLE)]
        self.cut_off = False
        return self


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
    """Whose progress the file holds: the student the file is named after, when a line names
    them (a damaged start line cannot take the file over); else its start line's student;
    else the first student its lines name."""
    named = [str(e["student"]) for _, e in parsed]
    stem = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.stem
    if stem in named:
        return stem
    starts = [str(e["student"]) for _, e in parsed if e["event"] == "start"]
    first = starts or named
    return first[0] if first else None


def _garbled(name: str) -> bool:
    """True for a student's name no one could have typed (a damaged byte: a control
    character, or the sign for a character that could not be read)."""
    return not name.isprintable() or "\ufffd" in name or not name.strip()


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


def _text_field(piece: str, name: str) -> str | None:
    """The text of field ``name`` in a piece of a progress line, if it is there whole."""
    found = _FIELD[name].search(piece)
    if found is None:
        return None
    try:
        value = json.loads(found.group(1))
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def exercises_in(text: str) -> tuple[ExerciseId, ...]:
    """The (lesson, exercise) pairs a line that is not whole may have held.

    The line is cut where a progress line starts (two lines run together hold two); each
    part names its lesson and exercise if they are still there whole, else None for the
    part that is lost. A part that is a start line holds no exercise.

    >>> exercises_in('{"event": "check", "stu{"event": "hint", "lesson": "01", "key": "a", "t"')
    ((None, None), ('01', 'a'))
    """
    out: list[ExerciseId] = []
    for piece in _LINE_START.split(text):
        if not piece.strip() or _text_field(piece, "event") == "start":
            continue
        place = (_text_field(piece, "lesson"), _text_field(piece, "key"))
        if place not in out:
            out.append(place)
    return tuple(out)


def _held(event: object) -> tuple[ExerciseId, ...]:
    """The (lesson, exercise) a parsed line whose fields make no sense may have held."""
    if not isinstance(event, dict):
        return ((None, None),)
    if event.get("event") == "start":
        return ()
    lesson, key = event.get("lesson"), event.get("key")
    return ((lesson if isinstance(lesson, str) else None, key if isinstance(key, str) else None),)


def _size(size: int) -> str:
    """A file size as a reader says it: ``50.0 MB``, ``312 KB``, ``17 bytes``."""
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    return f"{size // 1000} KB" if size >= 1000 else f"{size} bytes"


def _open_problem(exc: OSError) -> str:
    """Why a file could not be opened, in a teacher's words."""
    if isinstance(exc, IsADirectoryError):
        return "it is a folder, not a file, so it could not be read"
    if isinstance(exc, PermissionError):
        return (
            "this computer's account is not allowed to open it, so it could not be read "
            "(copy it again, or ask for it again)"
        )
    if isinstance(exc, FileNotFoundError):
        return "it was moved or deleted while the folder was being read"
    return "the computer could not open it, so it could not be read (ask for it again)"


def _lines(data: bytes) -> list[bytes] | str:
    """The file's lines as bytes, or why it holds no text a progress file can hold."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:  # saved again as "Unicode" by a text editor
            data = data.decode("utf-16").encode("utf-8")
        except UnicodeDecodeError:
            return "it is not text (it may be a picture, a zip file or another document)"
    data = data.removeprefix(codecs.BOM_UTF8)  # a text editor may add a BOM
    if not data.strip():
        return "it is empty, so it holds no progress (ask for it again)"
    if b"\x00" in data:
        return "it is not text (it may be a picture, a zip file or another document)"
    return data.split(b"\n")


def read_progress(path: str | os.PathLike[str], *, now: float | None = None) -> ProgressFile:
    """Read one progress file: the lines that count, and every other line named with why.

    ``now`` (seconds since 1970) is the time a line may not be later than (by more than a
    day); it defaults to this computer's clock. A file that cannot be used at all (it cannot
    be opened, it is empty, it is not text, none of its lines is a progress line, or it is
    larger than :data:`MAX_BYTES`) is one damaged line with ``line`` None and nothing else.
    Damage is reported, never fatal; only a ``now`` that is not a time raises
    :class:`~cfwidget.LessonError`.

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
        size = where.stat().st_size
        if where.is_dir():
            raise IsADirectoryError(str(where))
        if size > MAX_BYTES:
            return found._unusable(
                f"it is {_size(size)}, larger than the {_size(MAX_BYTES)} a progress file can be "
                "(a whole course writes well under 1 MB), so it was set aside unread"
            )
        data = where.read_bytes()
    except OSError as exc:
        return found._unusable(_open_problem(exc))
    lines = _lines(data)
    if isinstance(lines, str):
        return found._unusable(lines)
    parsed: list[tuple[int, dict[str, Any]]] = []
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        line = raw.decode("utf-8", errors="replace")
        try:
            raw.decode("utf-8")
            event = json.loads(line)
        except ValueError:
            held = exercises_in(line)
            if number == len(lines):  # the last line, with no line break after it
                found.cut_off = True
                problem = (
                    "it was cut off part-way (the file ends in the middle of it), so what it "
                    "held is lost"
                )
            else:
                problem = "it is not readable (not a whole progress line)"
            found._damage(number, problem, UNREADABLE_ATTEMPT if held else "", held)
            continue
        shape = _shape_problem(event)
        if shape is not None:
            held = _held(event)
            found._damage(number, shape, UNREADABLE_ATTEMPT if held else "", held)
        else:
            parsed.append((number, event))
    if not parsed:
        return found._unusable(
            "none of its lines is a progress line (it may be another kind of file saved "
            "under this name), so it could not be read"
        )
    found.student = _owner(where, parsed)
    start: float | None = None
    for number, event in parsed:
        named = event["student"]
        t = _time(event)
        if named != found.student and _garbled(named):
            held = _held(event)
            found._damage(
                number,
                f"its student's name is damaged ({shown(named, 30)}), so whose it is is lost",
                UNREADABLE_ATTEMPT if held else "",
                held,
            )
            continue
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
        wrong_time = None if t is None else _time_problem(t, start, clock)
        if event["event"] == "start":
            if wrong_time is None and start is None and t is not None:
                start = t
            elif wrong_time is not None:
                found._damage(number, wrong_time)
            continue
        if wrong_time is not None:
            place = (str(event["lesson"]), str(event["key"]))
            found._damage(number, wrong_time, WRONG_CLOCK, (place,))
            continue
        found.events.append(event)
    if lines[-1].strip() and not found.cut_off:  # a whole last line, but no line break
        found._damage(
            len(lines),
            "the file was cut off right after this line (it has no line break), so any lines "
            "after it are lost",
            UNREADABLE_ATTEMPT,
            ((None, None),),
        )
    found.damaged.sort(key=lambda d: -1 if d.line is None else d.line)
    return found
