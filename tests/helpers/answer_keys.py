"""The teacher's guide's answer keys, checked against the exercises a lesson makes as it runs.

A :class:`Recorder` keeps every :class:`~cfwidget.teach.Exercise` a lesson makes and the source
of the cell that made it. :func:`check_keys` then holds the guide's "**Exercise N:
"question"**" paragraphs to them: each names the lesson's next exercise, in order, and each
answer it gives in backticks is judged correct; the exercise cells, run again in a shuffled
order (as a learner who goes back up the notebook would), give the same verdicts; and no
exercise is left without its key.

The lesson runs once per ``make test``: in nbval's kernel, where tests/conftest.py installs a
recorder before the first cell and calls :func:`kernel_report` after the last one, or (when
nbval does not run the lesson) in the test's own process (:func:`run_here`).
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat

from cfwidget.teach import Exercise

__all__ = [
    "GUIDE",
    "LESSON_NAME",
    "Recorder",
    "check_keys",
    "install",
    "kernel_report",
    "run_here",
]

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "teachers.md"
#: The notebooks whose exercises the guide keys: lessons 01 to 07b and 10 to 15.
LESSON_NAME = re.compile(r"(0[1-7]b?|1[0-5])-")
# A guide paragraph: **Exercise 2: "Where can 4-4 go?"** ... Answer: `["9-4", "8-4"]` ...
_PARAGRAPH = re.compile(
    r'\*\*Exercise(?: \d+)?: "(?P<question>[^"]+)"\*\*(?P<body>.*?)(?:\n\n|$)', re.S
)
# The first value in backticks after "Answer:" (a working may come before it).
_ANSWER = re.compile(r"Answer:[^`]*?`(?P<answer>[^`]+)`")


def section(lesson: str) -> str:
    """The guide's section on ``lesson`` (``"03"``)."""
    guide = GUIDE.read_text(encoding="utf-8")
    start = guide.index(f"## Lesson {lesson}:")
    end = guide.find("\n## ", start + 1)
    return guide[start : end if end != -1 else len(guide)]


def _value(text: str) -> object:
    """The answer as a learner would type it: a Python value, or else the text (``19/55``)."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def _asks(exercise: Exercise, question: str) -> bool:
    """Whether the exercise asks the guide's question (its words, however the lines wrap)."""

    def words(text: str) -> str:
        return " ".join(text.replace("'", '"').split())

    return words(question) in words(exercise.question)


class Recorder:
    """Every exercise made while installed, with the source of the cell that made it."""

    def __init__(self) -> None:
        self.made: list[Exercise] = []
        self.cells: list[str] = []  # the source of the cell that made each exercise
        self.running = ""
        self._original = Exercise.__post_init__

    def install(self) -> Callable[[], None]:
        """Keep each exercise made from now on; return what undoes it."""
        original = self._original

        def keep(exercise: Exercise) -> None:
            original(exercise)
            self.made.append(exercise)
            self.cells.append(self.running)

        Exercise.__post_init__ = keep  # type: ignore[method-assign,assignment]

        def undo() -> None:
            Exercise.__post_init__ = original  # type: ignore[method-assign]

        return undo

    def run(self, source: str, namespace: dict[str, Any], name: str) -> list[Exercise]:
        """Run one cell's code in ``namespace``; return the exercises it made."""
        before, self.running = len(self.made), source
        # IPython's magics (%matplotlib inline) are for the notebook only.
        code = "\n".join(line for line in source.splitlines() if not line.startswith("%"))
        exec(compile(code, name, "exec"), namespace)
        return self.made[before:]


def check_keys(lesson: str, recorder: Recorder, rerun: Callable[[str], list[Exercise]]) -> int:
    """Hold the guide's keys for ``lesson`` to what ``recorder`` kept; the answers checked.

    ``rerun`` runs a cell's source again where the lesson ran and returns the exercises it
    made. Raises AssertionError on the first key that does not hold.
    """
    made = list(recorder.made)
    paragraphs = list(_PARAGRAPH.finditer(section(lesson)))
    assert paragraphs, f"the guide's lesson {lesson} has no exercise"
    # Each paragraph names the next exercise the lesson makes, in order.
    at, checked = 0, 0
    keys: list[tuple[str, str, list[str]]] = []  # cell, question, answers
    for paragraph in paragraphs:
        question = paragraph["question"]
        found = [i for i in range(at, len(made)) if _asks(made[i], question)]
        asked = [e.question for e in made[at:]]
        if not found and "depends on the" in paragraph["body"]:
            continue  # asked only in a game played live (the guide says so)
        assert found, f"lesson {lesson} asks no {question!r} here; it goes on with {asked}"
        exercise, at = made[found[0]], found[0] + 1
        answer = _ANSWER.search(paragraph["body"])
        if answer is None:  # an answer that depends on the game played (the guide says so)
            assert "depends on the" in paragraph["body"], paragraph[0]
            continue
        # The answer, and the others the guide accepts: Answer: `"play"` (or `"9-2@9-9"` ...).
        rest = paragraph["body"][answer.end() :]
        others = re.match(r"\s*\(or [^)]*\)", rest)
        given = [answer["answer"], *re.findall(r"`([^`]+)`", others[0] if others else "")]
        for text in given:
            verdict = exercise.check(_value(text))
            assert verdict.status == "correct", (question, text, verdict.message)
        checked += len(given)
        keys.append((recorder.cells[found[0]], question, given))
    assert checked >= 1, f"the guide's lesson {lesson} gives no answer to check"
    # A learner re-runs exercise cells after the whole lesson ran, in any order: the
    # exercises they make still take the guide's answers.
    random.Random(lesson).shuffle(keys)
    for source, question, given in keys:
        again = [e for e in rerun(source) if _asks(e, question)]
        assert again, (question, source)
        for text in given:
            verdict = again[-1].check(_value(text))
            assert verdict.status == "correct", ("re-run", question, text, verdict.message)
    # The guide leaves no question of the lesson without its key.
    keyed = [p["question"] for p in paragraphs]
    unkeyed = [e.question for e in made if not any(_asks(e, k) for k in keyed)]
    assert unkeyed == [], f"the guide has no key for {unkeyed}"
    return checked


def run_here(path: Path) -> tuple[Recorder, dict[str, Any]]:
    """Run the lesson's code in this process, top to bottom, recording its exercises (the
    caller sets the working folder and the progress folder)."""
    recorder = Recorder()
    undo = recorder.install()
    namespace: dict[str, Any] = {"__name__": "__lesson__"}
    try:
        for cell in nbformat.read(path, as_version=4).cells:  # type: ignore[no-untyped-call]
            if cell.cell_type == "code":
                recorder.run(cell.source, namespace, path.name)
    finally:
        undo()
    return recorder, namespace


# -- in nbval's kernel ---------------------------------------------------------------------------

#: In the test process (tests/conftest.py fills them): each lesson nbval runs in this session,
#: with the node ids of its first and last cells; the lessons with a failed cell; and the
#: verdict :func:`kernel_report` gave after each lesson's last cell.
UNDER_NBVAL: dict[str, tuple[str, str]] = {}
FAILED_CELLS: set[str] = set()
KERNEL_VERDICTS: dict[str, dict[str, Any]] = {}

#: The recorder of the lesson running in this kernel (set by :func:`install`).
_IN_KERNEL: dict[str, Any] = {}


def install(shell: Any) -> None:
    """In a lesson's kernel, before its first cell: record the exercises each cell makes.

    ``shell`` is IPython's; each cell's source is taken as it starts (``pre_run_cell``).
    """
    recorder = Recorder()
    recorder.install()

    def starting(info: Any) -> None:
        recorder.running = info.raw_cell

    shell.events.register("pre_run_cell", starting)
    _IN_KERNEL.update(recorder=recorder, shell=shell)


def kernel_report(lesson: str) -> str:
    """In a lesson's kernel, after its last cell: the keys checked, as JSON text.

    ``{"checked": answers checked, "failure": None}``, or the failure's text.
    """
    recorder: Recorder = _IN_KERNEL["recorder"]
    namespace = _IN_KERNEL["shell"].user_ns

    def rerun(source: str) -> list[Exercise]:
        return recorder.run(source, namespace, f"lesson {lesson}")

    try:
        checked = check_keys(lesson, recorder, rerun)
    except AssertionError as exc:
        return json.dumps({"checked": 0, "failure": str(exc) or repr(exc)})
    return json.dumps({"checked": checked, "failure": None})
