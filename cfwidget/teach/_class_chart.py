"""The class's progress as a chart, with the words a screen reader says for it.

:func:`class_chart` draws two bar charts per student, stacked by lesson (exercises solved,
minutes spent); :func:`class_words` says what they show; :func:`class_picture` hands out
both as one :class:`~cfwidget.table.Chart`, which a notebook shows as an image with its
text alternative.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..table import Chart
from ._gather import check_frame
from ._progress_file import FILE_UNREADABLE, NOTES, UNKNOWN, stronger

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["class_chart", "class_picture", "class_words"]


Totals = dict[tuple[str, str], dict[str, float]]
#: Per student, the lessons left out of the bars and the strongest note among them.
Notes = dict[str, tuple[list[str], str]]


def _per_student(frame: pd.DataFrame) -> tuple[list[str], list[str], Totals, Notes]:
    """The students, the lessons, per (lesson, student) the exercises solved and minutes,
    and per student the lessons left out because a row there has a note (no figures)."""
    per: Totals = {}
    noted: dict[str, dict[str, str]] = {}
    data = check_frame(frame)
    for row in data.to_dict("records"):
        student, lesson, note = str(row["student"]), str(row["lesson"]), row["note"]
        if isinstance(note, str) and note in NOTES:
            seen = noted.setdefault(student, {})
            seen[lesson] = stronger(note, seen.get(lesson))
            continue
        cell = per.setdefault((lesson, student), {"solved": 0.0, "minutes": 0.0})
        cell["solved"] += float(bool(row["solved"]))
        cell["minutes"] += float(row["minutes"])
    listed = frame.attrs.get("students")
    everyone = {s for _, s in per} | set(noted) | set(listed if isinstance(listed, list) else [])
    students = sorted(everyone)
    lessons = sorted({lesson for lesson, _ in per} | {x for n in noted.values() for x in n})
    lessons = [lesson for lesson in lessons if lesson != UNKNOWN]
    notes: Notes = {}
    for student, seen in noted.items():
        strongest = min(seen.values(), key=NOTES.index)
        left_out = lessons if UNKNOWN in seen else sorted(seen)
        notes[student] = (left_out, strongest)
    return students, lessons, per, notes


def _label(student: str, notes: Notes) -> str:
    """A student's name under the bars, with the note when lessons are left out of them."""
    return f"{student}\n({notes[student][1]})" if student in notes else student


def class_chart(frame: pd.DataFrame) -> Figure:
    """Two bar charts per student, stacked by lesson: exercises solved and minutes spent.

    >>> import tempfile
    >>> from cfwidget.teach import Progress, gather
    >>> where = tempfile.mkdtemp()
    >>> Progress("Ann", where, clock=lambda: 1_700_000_000.0).check("a", "01", "9", correct=True)
    >>> top, bottom = class_chart(gather(where)).axes
    >>> [float(bar.get_height()) for bar in top.patches]
    [1.0]
    """
    from matplotlib.figure import Figure

    students, lessons, per, notes = _per_student(frame)
    fig = Figure(figsize=(7, 5), layout="constrained")
    top, bottom = fig.subplots(2, 1, sharex=True)
    x = list(range(len(students)))
    for ax, measure, label in ((top, "solved", "exercises solved"), (bottom, "minutes", "minutes")):
        base = [0.0] * len(students)
        for lesson in lessons:
            heights = [per.get((lesson, s), {}).get(measure, 0.0) for s in students]
            ax.bar(x, heights, bottom=base, label=f"lesson {lesson}")
            base = [b + h for b, h in zip(base, heights, strict=True)]
        ax.set_ylabel(label)
        ax.grid(axis="y", alpha=0.3)
    top.set_title("The class's progress, by lesson")
    bottom.set_xticks(x, [_label(s, notes) for s in students], rotation=30, ha="right")
    if lessons:
        top.legend(fontsize="small", ncols=min(len(lessons), 4))
    return fig


def class_words(frame: pd.DataFrame) -> str:
    """What :func:`class_chart` shows, in plain words: every student's totals.

    >>> import tempfile
    >>> from cfwidget.teach import Progress, gather
    >>> where = tempfile.mkdtemp()
    >>> Progress("Ann", where, clock=lambda: 1_700_000_000.0).check("a", "01", "9", correct=True)
    >>> print(class_words(gather(where)))
    The class's progress: 1 student, lesson 01.
    Exercises solved: Ann 1.
    Minutes spent: Ann 0.
    """
    students, lessons, per, notes = _per_student(frame)
    aside = _set_aside(frame)
    if not students:
        return "The class's progress: no progress files with answers yet." + aside

    def one(student: str, measure: str) -> str:
        left_out, note = notes.get(student, ([], ""))
        if note == FILE_UNREADABLE:
            return f"{student} {note}"
        total = sum(per.get((lesson, student), {}).get(measure, 0.0) for lesson in lessons)
        said = f"{student} {round(total, 1):g}"
        if not left_out:
            return said
        which = "lesson" if len(left_out) == 1 else "lessons"
        return f"{said} ({which} {', '.join(left_out)} not counted: {note})"

    def listed(measure: str) -> str:
        return ", ".join(one(s, measure) for s in students)

    who = "1 student" if len(students) == 1 else f"{len(students)} students"
    which = (
        "no lessons"
        if not lessons
        else f"lesson {lessons[0]}"
        if len(lessons) == 1
        else f"lessons {', '.join(lessons)}"
    )
    return (
        f"The class's progress: {who}, {which}.\n"
        f"Exercises solved: {listed('solved')}.\n"
        f"Minutes spent: {listed('minutes')}."
    ) + aside


def _set_aside(frame: pd.DataFrame) -> str:
    """A line saying how many damaged lines :func:`~cfwidget.teach.gather` left out, if any."""
    lines = frame.attrs.get("damaged_lines") or []
    if not isinstance(lines, list) or not lines:
        return ""
    files = len({str(d.get("file")) for d in lines if isinstance(d, dict)})
    many = "1 line" if len(lines) == 1 else f"{len(lines)} lines"
    where = "1 file" if files == 1 else f"{files} files"
    return f"\nNot counted: {many} in {where} could not be trusted (teach.damage_table lists them)."


def class_picture(frame: pd.DataFrame) -> Chart:
    """:func:`class_chart` with :func:`class_words` as its text alternative.

    >>> import tempfile
    >>> from cfwidget.teach import Progress, gather
    >>> where = tempfile.mkdtemp()
    >>> Progress("Ann", where, clock=lambda: 1_700_000_000.0).hint("a", "01", 1)
    >>> class_picture(gather(where)).alt.splitlines()[1]
    'Exercises solved: Ann 0.'
    """
    return Chart(class_chart(frame), class_words(frame))
