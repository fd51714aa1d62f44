"""The teacher's guide's answer keys, checked by the engine against the lessons' own exercises.

Each lesson notebook's code is run in order, and every exercise it makes is kept. Then the
cells that made them are run again in a shuffled order, as a learner who goes back up the
notebook would, and must give the same verdicts. The guide's "**Exercise N: "question"**"
paragraphs must then name those questions (the question's own words, which may be only part
of it), in the same order, and the answer each gives in backticks must be judged correct by
the exercise (tests/helpers/answer_keys.py).

Under ``make test`` the lesson runs once: in nbval's kernel, where tests/conftest.py checks
the keys after the lesson's last cell, and this test reads that verdict. Run without nbval
(``pytest tests/teach``), the test runs the lesson's code here, in this process.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import answer_keys

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(
    p for p in (ROOT / "notebooks").glob("[01]*.ipynb") if answer_keys.LESSON_NAME.match(p.name)
)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_answer_in_the_guide_is_judged_correct(
    path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    lesson = path.name.split("-")[0]
    if lesson in answer_keys.UNDER_NBVAL:  # nbval ran the lesson in this session
        assert lesson not in answer_keys.FAILED_CELLS, f"nbval: a cell of {path.name} failed"
        verdict = answer_keys.KERNEL_VERDICTS.get(lesson)
        assert verdict is not None, f"nbval did not run {path.name} to its last cell"
        assert verdict["failure"] is None, verdict["failure"]
        assert verdict["checked"] >= 1
        return
    monkeypatch.setenv("CFWIDGET_PROGRESS", str(tmp_path))
    monkeypatch.chdir(path.parent)
    recorder, namespace = answer_keys.run_here(path)
    undo = recorder.install()
    try:
        checked = answer_keys.check_keys(
            lesson, recorder, lambda source: recorder.run(source, namespace, path.name)
        )
    finally:
        undo()
    assert checked >= 1
