"""The teacher's side: a class's progress files as one table, and the class table.

:func:`gather` reads every progress file of a folder (:func:`~._progress_file.read_progress`
reads each) into one row per student and exercise, and never makes a figure from part of an
exercise: where a line set aside may have held an answer, a hint or a solution of an
exercise, that exercise's row says so in its ``note`` and has no figures.
:func:`damage_table` lists every line set aside; :func:`class_table` puts students down and
lessons across.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._shared import shown
from ._errors import LessonError
from ._progress import FIGURES, ExerciseSummary, Progress, summarise
from ._progress_file import (
    MAX_BYTES,
    NOTES,
    SUFFIX,
    UNKNOWN,
    DamagedLine,
    check_now,
    read_progress,
    stronger,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "COLUMNS",
    "MAX_BYTES",
    "check_frame",
    "class_table",
    "damage_table",
    "gather",
]

#: The columns of :func:`gather`'s table, in order: the student, then an
#: :class:`~cfwidget.teach.ExerciseSummary`'s fields. A row with a ``note`` (one of
#: :data:`~._progress_file.NOTES`) has no figures, because a line that could have changed
#: them was not counted.
COLUMNS = ("student", "lesson", "exercise", *FIGURES, "note")


def gather(folder: str | os.PathLike[str], *, now: float | None = None) -> pd.DataFrame:
    """Every progress file of ``folder`` as one table: one row per student and exercise.

    Damage never stops the gathering, and a damaged line is never counted: a line that is
    not readable or was cut off, a line marked as another student's (``"student": "S99"``
    inside S03's file), or a time that cannot be right (before 2020, later than ``now``
    by more than a day, or more than a day before its file was started). ``now`` defaults
    to this computer's clock.

    A figure is never made from part of an exercise: the row of an exercise a damaged line
    may have held says so in its ``note`` (``"unreadable attempt"``, or ``"wrong clock"``
    for an impossible time) and its figures are left empty (``<NA>``); a line whose
    exercise cannot be read does that to every exercise of its student. A student whose
    file cannot be read at all (it is empty, not text, larger than :data:`MAX_BYTES`, or
    cannot be opened) keeps a row, with the note ``"file unreadable"``. What was set aside
    is in the table's ``attrs``:

    - ``frame.attrs["damaged"]``: file name -> what was wrong, line by line, as one text
      (``"line 3: it is not readable ...; line 7: ..."``);
    - ``frame.attrs["damaged_lines"]``: one dict per line set aside, with ``file``,
      ``line`` (1 for the first line; None for a whole file) and ``problem``;
      :func:`damage_table` shows them as a table;
    - ``frame.attrs["students"]``: every student with a file, answers or not.

    Two files of the same student (two computers) are put together, and an answer found
    in both is counted once.

    >>> import tempfile
    >>> where = tempfile.mkdtemp()
    >>> Progress("Ann", where, clock=lambda: 1_700_000_000.0).check("a", "01", "9", correct=True)
    >>> frame = gather(where)
    >>> frame[["student", "lesson", "exercise", "solved", "note"]].values.tolist()
    [['Ann', '01', 'a', True, '']]
    >>> frame.attrs["damaged"], frame.attrs["damaged_lines"], frame.attrs["students"]
    ({}, [], ['Ann'])
    """
    import pandas as pd

    place = Path(folder)
    if not place.is_dir():
        raise LessonError(
            f"There is no folder {str(place)!r} to gather progress files from; "
            "put the students' .progress.jsonl files in one folder and give its name."
        )
    check_now(now)
    damaged: dict[str, str] = {}
    lines: list[DamagedLine] = []
    by_student: dict[str, dict[tuple[str, str, str, float, str], dict[str, Any]]] = {}
    set_aside: dict[str, list[DamagedLine]] = {}
    for path in sorted(place.glob(f"*{SUFFIX}")):
        found = read_progress(path, now=now)
        if found.damaged:
            damaged[path.name] = "; ".join(found.problems)
            lines.extend(found.damaged)
        student = found.student or path.name[: -len(SUFFIX)]
        kept = by_student.setdefault(student, {})
        for event in found.events:
            kept.setdefault(Progress._identity(event), event)
        set_aside.setdefault(student, []).extend(found.damaged)
    rows = [
        _row(student, s)
        for student in sorted(by_student)
        for s in summarise(by_student[student].values(), set_aside[student])
    ]
    frame: pd.DataFrame = (
        pd.DataFrame(rows, columns=list(COLUMNS))
        .astype(_DTYPES)
        .sort_values(["student", "lesson", "first"], kind="stable", ignore_index=True)
    )
    frame.attrs["damaged"] = damaged
    frame.attrs["damaged_lines"] = [
        {"file": d.file, "line": d.line, "problem": d.problem} for d in lines
    ]
    frame.attrs["students"] = sorted(by_student)
    return frame


#: The types of :func:`gather`'s columns: the figures may be empty (``<NA>``).
_DTYPES = {
    "student": object,
    "lesson": object,
    "exercise": object,
    "attempts": "Int64",
    "correct_first_try": "boolean",
    "solved": "boolean",
    "hints": "Int64",
    "solution_viewed": "boolean",
    "minutes": "Float64",
    "first": "Float64",
    "last": "Float64",
    "note": object,
}


def _row(student: str, summary: ExerciseSummary) -> dict[str, Any]:
    """One row of :func:`gather`'s table."""
    return {"student": student, **{c: getattr(summary, c) for c in COLUMNS[1:]}}


def damage_table(frame: pd.DataFrame) -> pd.DataFrame:
    """The lines :func:`gather` set aside, one row each: file, line and what was wrong.

    >>> import tempfile
    >>> from pathlib import Path
    >>> where = Path(tempfile.mkdtemp())
    >>> Progress("Ann", where, clock=lambda: 1_700_000_000.0).hint("a", "01", 1)
    >>> with open(where / "Ann.progress.jsonl", "a") as f:
    ...     _ = f.write('{"event": "che')
    >>> damage_table(gather(where)).values.tolist()  # doctest: +ELLIPSIS
    [['Ann.progress.jsonl', 3, 'it was cut off part-way ...']]
    """
    import pandas as pd

    found = check_frame(frame).attrs.get("damaged_lines", [])
    table: pd.DataFrame = pd.DataFrame(list(found), columns=["file", "line", "problem"])
    table["line"] = table["line"].astype("Int64")
    return table


def check_frame(frame: object) -> pd.DataFrame:
    """``frame`` if it is a table :func:`gather` made, else a :class:`LessonError`.

    >>> check_frame([])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cfwidget.LessonError: This needs the table gather() makes, with the columns student, ...
    """
    import pandas as pd

    if not isinstance(frame, pd.DataFrame) or not set(COLUMNS) <= set(frame.columns):
        raise LessonError(
            "This needs the table gather() makes, with the columns "
            f"{', '.join(COLUMNS)}; got {shown(frame, 40)}."
        )
    return frame


def class_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Students down, lessons across: exercises solved, hints viewed and minutes per lesson.

    Every student with a file has a row, answers or not. Where a lesson holds a row with a
    ``note`` (see :func:`gather`), its three cells say the note instead of figures that
    would leave something out ("unreadable attempt", "wrong clock"); a student whose file
    could not be read says "file unreadable" in every cell. A class with no answers at all
    has one column, ``note``.

    >>> import tempfile
    >>> where = tempfile.mkdtemp()
    >>> Progress("Ann", where, clock=lambda: 1_700_000_000.0).hint("a", "01", 1)
    >>> int(class_table(gather(where)).loc["Ann", ("01", "hints")])
    1
    """
    import pandas as pd

    data = check_frame(frame)
    listed = frame.attrs.get("students")
    students = sorted(set(data["student"]) | set(listed if isinstance(listed, list) else []))
    lessons = sorted(set(data["lesson"]) - {UNKNOWN})
    measures = ("solved", "hints", "minutes")
    figures = {(s, lesson): [0, 0, 0.0] for s in students for lesson in lessons}
    said: dict[tuple[str, str], str] = {}
    for row in data.to_dict("records"):
        note, student = row["note"], row["student"]
        if isinstance(note, str) and note in NOTES:
            for lesson in lessons if row["lesson"] == UNKNOWN else [row["lesson"]]:
                said[(student, lesson)] = stronger(note, said.get((student, lesson)))
            continue
        cell = figures[(student, row["lesson"])]
        cell[0] += int(bool(row["solved"]))
        cell[1] += int(row["hints"])
        cell[2] += float(row["minutes"])
    if not lessons:
        noted = {s: n for (s, _), n in said.items()}
        by_note: pd.DataFrame = pd.DataFrame(
            {"note": [noted.get(s, "nothing answered yet") for s in students]},
            index=pd.Index(students, name="student"),
        )
        return by_note
    columns = pd.MultiIndex.from_tuples(
        [(lesson, m) for lesson in lessons for m in measures], names=["lesson", None]
    )
    cells = []
    for s in students:
        line: list[object] = []
        for lesson in lessons:
            solved, hints, minutes = figures[(s, lesson)]
            note = said.get((s, lesson))
            line += [note] * 3 if note else [solved, hints, round(minutes, 1)]
        cells.append(line)
    wide: pd.DataFrame = pd.DataFrame(
        cells, index=pd.Index(students, name="student"), columns=columns
    ).infer_objects()
    return wide
