"""The teacher's guide's answer keys, checked by the engine against the lessons' own exercises.

Each lesson notebook's code is run here, in order, and every exercise it makes is kept.
Then the cells that made them are run again in a shuffled order, as a learner who goes
back up the notebook would, and must give the same verdicts. The guide's
"**Exercise N: "question"**" paragraphs must then name those questions (the
question's own words, which may be only part of it), in the same order, and the answer each gives in
backticks must be judged correct by the exercise.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from cfwidget.teach import Exercise

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "teachers.md"
LESSONS = sorted(
    p for p in (ROOT / "notebooks").glob("[01]*.ipynb") if re.match(r"(0[1-7]b?|1[0-5])-", p.name)
)
# A guide paragraph: **Exercise 2: "Where can 4-4 go?"** ... Answer: `["9-4", "8-4"]` ...
_PARAGRAPH = re.compile(
    r'\*\*Exercise(?: \d+)?: "(?P<question>[^"]+)"\*\*(?P<body>.*?)(?:\n\n|$)', re.S
)
# The first value in backticks after "Answer:" (a working may come before it).
_ANSWER = re.compile(r"Answer:[^`]*?`(?P<answer>[^`]+)`")


def _section(lesson: str) -> str:
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


class _Lesson:
    """A lesson's code run top to bottom, keeping each exercise made and the cell that made it."""

    def __init__(self, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.path = path
        self.made: list[Exercise] = []
        self.cells: list[str] = []  # the source of the cell that made each exercise
        self._running = ""
        original = Exercise.__post_init__

        def keep(exercise: Exercise) -> None:
            original(exercise)
            self.made.append(exercise)
            self.cells.append(self._running)

        monkeypatch.setattr(Exercise, "__post_init__", keep)
        monkeypatch.chdir(path.parent)
        self.namespace: dict[str, Any] = {"__name__": "__lesson__"}
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code":
                self.run(cell.source)

    def run(self, source: str) -> list[Exercise]:
        """Run one cell in the lesson's namespace; return the exercises it made."""
        before, self._running = len(self.made), source
        # IPython's magics (%matplotlib inline) are for the notebook only.
        code = "\n".join(line for line in source.splitlines() if not line.startswith("%"))
        exec(compile(code, self.path.name, "exec"), self.namespace)
        return self.made[before:]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_answer_in_the_guide_is_judged_correct(
    path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CFWIDGET_PROGRESS", str(tmp_path))
    lesson = path.name.split("-")[0]
    run = _Lesson(path, monkeypatch)
    made = list(run.made)
    paragraphs = list(_PARAGRAPH.finditer(_section(lesson)))
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
        keys.append((run.cells[found[0]], question, given))
    assert checked >= 1
    # A learner re-runs exercise cells after the whole lesson ran, in any order: the
    # exercises they make still take the guide's answers.
    random.Random(lesson).shuffle(keys)
    for source, question, given in keys:
        again = [e for e in run.run(source) if _asks(e, question)]
        assert again, (question, source)
        for text in given:
            verdict = again[-1].check(_value(text))
            assert verdict.status == "correct", ("re-run", question, text, verdict.message)
    # The guide leaves no question of the lesson without its key.
    keyed = [p["question"] for p in paragraphs]
    unkeyed = [e.question for e in made if not any(_asks(e, k) for k in keyed)]
    assert unkeyed == [], f"the guide has no key for {unkeyed}"
