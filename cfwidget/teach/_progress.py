"""Progress a student can hand in, and a teacher's view of a class's progress files.

A student's progress is one small file, ``<name>.progress.jsonl``, in a folder the student
chooses: by default a ``progress`` folder in the current directory (next to the notebook),
or the folder named by the environment variable ``CFWIDGET_PROGRESS``. The file holds one
JSON object per line, appended and flushed as it happens, readable only by its owner (mode
0600); in a class's shared folder (one its group may enter and write in, or one closed to
others) its group may read it too, so the teacher can gather it
(:func:`~cfwidget._shared.file_mode`), and others still nothing. A folder the package makes
is its owner's only (0700). The file holds nothing about the student beyond the name or code
they typed.

Each line is one event of one exercise (``key``) of one lesson: a *check* (the answer as
text and whether it was right), a *hint* viewed (its number, 1 for the first nudge) or the
*solution* viewed, with the time it happened (seconds since 1970, UTC).

>>> import tempfile
>>> times = iter([1_700_000_000 + s for s in (0, 0, 30, 90, 150)])
>>> p = Progress("Ann", folder=tempfile.mkdtemp(), clock=times.__next__)
>>> p.check("deal-size", "01", "7", correct=False)
>>> p.hint("deal-size", "01", 1)
>>> p.check("deal-size", "01", "9", correct=True)
>>> p.solution("deal-size", "01")
>>> s = p.summary()[0]
>>> s.attempts, s.correct_first_try, s.solved, s.hints, s.solution_viewed, s.minutes
(2, False, True, 1, True, 2.5)

A teacher gathers every file of a folder with :func:`~cfwidget.teach.gather` (a pandas
table, one row per student and exercise, in :mod:`cfwidget.teach._gather`), then
:func:`~cfwidget.teach.class_table` and :func:`~cfwidget.teach.class_chart` summarise it.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._shared import file_mode, is_number, private_folder, shown, whole_in
from ._errors import LessonError
from ._progress_file import (
    EARLIEST,
    FILE_UNREADABLE,
    FORMAT,
    SUFFIX,
    UNKNOWN,
    DamagedLine,
    ProgressFile,
    read_progress,
    stronger,
    when,
)

if TYPE_CHECKING:
    pass

__all__ = [
    "ENV_FOLDER",
    "FORMAT",
    "SUFFIX",
    "DamagedLine",
    "ExerciseSummary",
    "Progress",
    "ProgressFile",
    "check_student",
    "read_progress",
    "summarise",
]

#: The environment variable that names the progress folder (it overrides the default).
ENV_FOLDER = "CFWIDGET_PROGRESS"
#: Characters a name cannot hold: they separate folders or are refused in file names.
_FORBIDDEN = '/\\:*?"<>|'
#: The longest answer kept in a progress file, in characters (a longer one is cut, with "…").
ANSWER_CHARS = 200


def check_student(student: object) -> str:
    """The student's name or code, checked: 1 to 40 printable characters, no path separators.

    Spaces at either end are dropped. A bad name raises :class:`~cfwidget.LessonError`.

    >>> check_student("  Ann B. ")
    'Ann B.'
    >>> check_student("../x")
    Traceback (most recent call last):
    ...
    cfwidget.LessonError: A student's name cannot hold any of / \\ : * ? " < > |, because it \
becomes the progress file's name; got '../x'. Use letters, digits, spaces, dots or dashes.
    """
    if not isinstance(student, str):
        raise LessonError(
            f"A student's name or code must be text in quotes, like 'Ann' or 'S07'; "
            f"got {shown(student)}."
        )
    name = student.strip()
    if not 1 <= len(name) <= 40:
        raise LessonError(
            f"A student's name or code must be 1 to 40 characters long; got {len(name)} "
            f"characters ({shown(student, 50)}). A first name or a class code is enough."
        )
    if any(ch in _FORBIDDEN for ch in name):
        raise LessonError(
            f"A student's name cannot hold any of {' '.join(_FORBIDDEN)}, because it becomes "
            f"the progress file's name; got {shown(name)}. "
            "Use letters, digits, spaces, dots or dashes."
        )
    if not name.isprintable():
        raise LessonError(
            f"A student's name must be printable characters only (no tabs, line breaks or "
            f"control characters); got {shown(name)}."
        )
    if name.strip(".") == "":
        raise LessonError(f"A student's name cannot be only dots; got {shown(name)}.")
    return name


def _check_label(what: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 80:
        raise LessonError(
            f"The {what} must be a short text (1 to 80 characters), like '03'; got {shown(value)}."
        )
    return value.strip()


def _seconds(moment: object) -> float:
    """A time as seconds since 1970 (UTC): a number, or a datetime (naive means local).

    A time before :data:`EARLIEST` (2020) cannot be an answer's and is refused: it comes from
    a computer whose clock is wrong, and would stretch the class chart's minutes.
    """
    if isinstance(moment, _dt.datetime):
        value = moment.timestamp()
    elif is_number(moment):
        value = float(moment)
        if not math.isfinite(value):
            value = -1.0
    else:
        raise LessonError(
            f"An event's time must be a number of seconds or a datetime; got {shown(moment)}."
        )
    if value < EARLIEST:
        raise LessonError(
            f"An event's time cannot be before 2020; got {when(value)}. This computer's clock "
            "may be wrong: set the date and time, then try again."
        )
    return value


def _as_text(answer: object) -> str:
    """The answer as text, at most :data:`ANSWER_CHARS` characters (a longer one ends in "…").

    >>> len(_as_text("x" * 5000)), _as_text(["9-4"])
    (200, "['9-4']")
    """
    if not isinstance(answer, str):
        return shown(answer, ANSWER_CHARS)
    return answer if len(answer) <= ANSWER_CHARS else answer[: ANSWER_CHARS - 1] + "…"


def default_folder() -> Path:
    """Where progress files go: ``$CFWIDGET_PROGRESS``, else ``progress`` in this folder.

    >>> default_folder().name in ("progress", os.environ.get(ENV_FOLDER, "progress"))
    True
    """
    chosen = os.environ.get(ENV_FOLDER, "").strip()
    return Path(chosen) if chosen else Path.cwd() / "progress"


@dataclass(frozen=True)
class ExerciseSummary:
    """One exercise of one student: attempts, first try, solved, hints, solution, minutes.

    *correct_first_try* means the first answer checked was right; *hints* counts the
    different hints viewed; *minutes* runs from the exercise's first event to its last.

    *note* is "" when every line of the exercise was read. Otherwise it says, in the words
    of the teacher's table (:data:`~._progress_file.NOTES`), why the exercise has no
    figures (every figure None): "unreadable attempt" (a line that may have held an answer,
    a hint or a solution of it could not be read whole), "wrong clock" (a line of it has a
    time that cannot be right) or "file unreadable".
    """

    lesson: str
    exercise: str
    attempts: int | None
    correct_first_try: bool | None
    solved: bool | None
    hints: int | None
    solution_viewed: bool | None
    minutes: float | None
    first: float | None
    last: float | None
    note: str = ""


#: The figures of an :class:`ExerciseSummary`: all None on a row with a note.
FIGURES = (
    "attempts",
    "correct_first_try",
    "solved",
    "hints",
    "solution_viewed",
    "minutes",
    "first",
    "last",
)


def summarise(
    events: Iterable[Mapping[str, Any]], damaged: Iterable[DamagedLine] = ()
) -> list[ExerciseSummary]:
    """One :class:`ExerciseSummary` per (lesson, exercise) of ``events``, in first-seen order.

    ``damaged`` are the lines of the same student's files that were not counted (as
    :func:`read_progress` lists them): each exercise such a line may have held gets its
    note and no figures, and one it names that no counted line holds gets a row of its own
    (its lesson or exercise :data:`~._progress_file.UNKNOWN` where the line lost them).
    The teacher's :func:`~cfwidget.teach.gather` and the student's
    :meth:`Progress.summary` both summarise this way.

    >>> summarise([{"event": "check", "lesson": "01", "key": "a", "t": 0, "correct": True}])[0]
    ... # doctest: +NORMALIZE_WHITESPACE
    ExerciseSummary(lesson='01', exercise='a', attempts=1, correct_first_try=True, solved=True,
                    hints=0, solution_viewed=False, minutes=0.0, first=0.0, last=0.0, note='')
    >>> lost = DamagedLine("S03.progress.jsonl", 2, "it is not readable", "unreadable attempt",
    ...                    (("01", "a"),))
    >>> summarise([{"event": "check", "lesson": "01", "key": "a", "t": 0, "correct": True}],
    ...           [lost])[0]  # doctest: +NORMALIZE_WHITESPACE
    ExerciseSummary(lesson='01', exercise='a', attempts=None, correct_first_try=None,
                    solved=None, hints=None, solution_viewed=None, minutes=None, first=None,
                    last=None, note='unreadable attempt')
    """
    groups: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for event in events:
        groups.setdefault((str(event["lesson"]), str(event["key"])), []).append(event)
    notes: dict[tuple[str, str], str] = {}
    for d in damaged:
        held = ((None, None),) if d.note == FILE_UNREADABLE else d.exercises if d.note else ()
        for lesson, key in held:
            hit = [
                place for place in groups if lesson in (None, place[0]) and key in (None, place[1])
            ]
            if not hit:  # an exercise known only from the damaged line, or none at all
                hit = [(lesson or UNKNOWN, key or UNKNOWN)]
                groups.setdefault(hit[0], [])
            for place in hit:
                notes[place] = stronger(d.note, notes.get(place))
    out = []
    for (lesson, key), group in groups.items():
        note = notes.get((lesson, key), "")
        if note:
            blank: dict[str, Any] = dict.fromkeys(FIGURES)
            out.append(ExerciseSummary(lesson=lesson, exercise=key, **blank, note=note))
            continue
        group = sorted(group, key=lambda e: float(e["t"]))
        checks = [e for e in group if e["event"] == "check"]
        times = [float(e["t"]) for e in group]
        out.append(
            ExerciseSummary(
                lesson=lesson,
                exercise=key,
                attempts=len(checks),
                correct_first_try=bool(checks) and bool(checks[0].get("correct")),
                solved=any(bool(e.get("correct")) for e in checks),
                hints=len({e.get("number") for e in group if e["event"] == "hint"}),
                solution_viewed=any(e["event"] == "solution" for e in group),
                minutes=round((max(times) - min(times)) / 60, 2),
                first=min(times),
                last=max(times),
            )
        )
    return out


class Progress:
    """One student's progress file: record checks, hints and solutions; summarise them.

    ``folder`` defaults to :func:`default_folder`; ``clock`` gives the time of an event
    (``time.time`` unless a test passes its own). Opening an existing file continues it.

    >>> import tempfile
    >>> p = Progress("Bea", folder=tempfile.mkdtemp(), clock=lambda: 1_700_000_000.0)
    >>> p.check("who-wins", "05", "bob", correct=True)
    >>> p.path.name, oct(p.path.stat().st_mode & 0o777)
    ('Bea.progress.jsonl', '0o600')
    """

    def __init__(
        self,
        student: str,
        folder: str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.student = check_student(student)
        self.folder = Path(folder) if folder is not None else default_folder()
        self.path = self.folder / f"{self.student}{SUFFIX}"
        self._clock = clock
        if self.folder.exists() and not self.folder.is_dir():
            raise LessonError(
                f"The progress folder {str(self.folder)!r} is a file, not a folder; "
                "choose a folder (it is made if it does not exist)."
            )
        private_folder(self.folder)
        self._seen: set[tuple[str, str, str, float, str]] = set()
        existing = read_progress(self.path) if self.path.exists() else None
        if existing is not None and existing.student not in (None, self.student):
            raise LessonError(
                f"The file {self.path.name!r} holds {existing.student!r}'s progress, "
                f"not {self.student!r}'s; choose another folder or name."
            )
        if existing is not None:
            for event in existing.events:
                self._seen.add(self._identity(event))
        if existing is None or existing.student is None:
            start = {"event": "start", "format": FORMAT, "version": 1, "student": self.student}
            self._write({**start, "t": self._now(None)})

    def __repr__(self) -> str:
        return f"Progress({self.student!r}, folder={str(self.folder)!r})"

    # -- recording -----------------------------------------------------------------------

    def check(
        self, key: str, lesson: str, answer: object, *, correct: bool, at: object = None
    ) -> None:
        """Record an answer checked (as text) and whether it was right."""
        self._add("check", key, lesson, at, answer=_as_text(answer), correct=bool(correct))

    def hint(self, key: str, lesson: str, number: int = 1, *, at: object = None) -> None:
        """Record hint ``number`` (1 for the first nudge) viewed."""
        if not whole_in(number, 1, 99):
            raise LessonError(f"A hint's number is a whole number from 1; got {shown(number)}.")
        self._add("hint", key, lesson, at, number=number)

    def solution(self, key: str, lesson: str, *, at: object = None) -> None:
        """Record the solution viewed."""
        self._add("solution", key, lesson, at)

    def record_exercise(self, exercise: object, lesson: str) -> int:
        """Copy the events of an exercise not yet recorded; return how many were new.

        The exercise needs a ``key`` and an ``events`` list, as the lessons' exercises keep
        it: ``(time, "check", answer, status)`` (status "correct" when it was right),
        ``(time, "hint", number)`` and ``(time, "solution")``.
        A check with no answer (status "not attempted") is not an attempt and is skipped.
        Running it again after more events copies only the new ones.
        """
        key = getattr(exercise, "key", None)
        events = getattr(exercise, "events", None)
        if not isinstance(key, str) or not isinstance(events, Sequence):
            raise LessonError(
                f"{shown(exercise)} is not an exercise with a key and a list of events; "
                "pass an exercise from the lesson, like progress.record_exercise(q, '03')."
            )
        added = 0
        for item in list(events):
            if not isinstance(item, (tuple, list)) or not 2 <= len(item) <= 4:
                raise LessonError(
                    "An exercise event is (time, kind) with the kind's details, like"
                    f" (time, 'hint', 1); got {shown(item)}."
                )
            moment, kind, detail, status = (*item, None, None)[:4]
            if kind == "check" and status == "not attempted":
                continue
            if kind == "check":
                fields: dict[str, Any] = {
                    "answer": _as_text(detail),
                    "correct": status == "correct",
                }
            elif kind == "hint":
                fields = {"number": detail if isinstance(detail, int) else 1}
            elif kind == "solution":
                fields = {}
            else:
                raise LessonError(
                    f"An exercise event's kind must be check, hint or solution; got {shown(kind)}."
                )
            if self._add(kind, key, lesson, moment, **fields):
                added += 1
        return added

    # -- reading -----------------------------------------------------------------------

    def events(self) -> list[dict[str, Any]]:
        """Every event recorded so far in this student's file, in order."""
        return read_progress(self.path).events

    def summary(self) -> list[ExerciseSummary]:
        """Per exercise: attempts, correct at first try, solved, hints, solution, minutes.

        An exercise a line of the file that could not be read may have held has no figures
        and says why in its ``note``, in the teacher's words ("unreadable attempt"): the
        student sees what the teacher's table will say.
        """
        found = read_progress(self.path)
        return summarise(found.events, found.damaged)

    # -- the file ------------------------------------------------------------------------

    def _now(self, at: object) -> float:
        return _seconds(self._clock() if at is None else at)

    @staticmethod
    def _identity(event: Mapping[str, Any]) -> tuple[str, str, str, float, str]:
        detail = event.get("answer", event.get("number", ""))
        lesson, key, kind = str(event["lesson"]), str(event["key"]), str(event["event"])
        return (lesson, key, kind, float(event["t"]), str(detail))

    def _add(self, kind: str, key: str, lesson: str, at: object, **fields: Any) -> bool:
        event = {
            "event": kind,
            "student": self.student,
            "lesson": _check_label("lesson", lesson),
            "key": _check_label("exercise key", key),
            "t": self._now(at),
            **fields,
        }
        identity = self._identity(event)
        if identity in self._seen:
            return False
        self._write(event)
        self._seen.add(identity)
        return True

    def _write(self, event: Mapping[str, Any]) -> None:
        """Append one line (flushed and synced); a cut-off last line is dropped first."""
        line = json.dumps(event, ensure_ascii=False) + "\n"
        new = not self.path.exists()
        fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            if new and os.name == "posix":  # the umask would take the group's bits away
                os.fchmod(fd, file_mode(self.folder))
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                whole = os.pread(fd, size, 0)
                last = whole.rfind(b"\n") + 1
                try:  # a whole line that lost only its line break: keep it
                    json.loads(whole[last:])
                    os.write(fd, b"\n")
                except ValueError:  # a line cut off by a crash: drop it, so the file reads
                    os.ftruncate(fd, last)  # cleanly again
            os.write(fd, line.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
