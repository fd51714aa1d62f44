"""Notebooks 15 (expected value) and 40 (reviewing a class game) read well without a kernel.

nbval runs them (``make test``); here: stored outputs, pictures a browser can show without a
kernel, the sign-in and answer controls wired as in the other lessons, nothing read from
tests/, and no cell left waiting to be filled in.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
COURSE = NOTEBOOKS / "15-expected-value.ipynb"
REVIEW = NOTEBOOKS / "40-reviewing-a-game.ipynb"


def _code(path: Path) -> list[nbformat.NotebookNode]:
    nb = nbformat.read(path, as_version=4)
    assert set(nb.metadata) <= {"kernelspec", "language_info"}
    assert all(set(c.metadata) <= {"tags"} for c in nb.cells)
    return [c for c in nb.cells if c.cell_type == "code"]


@pytest.mark.parametrize("path", [COURSE, REVIEW], ids=lambda p: p.name)
def test_the_notebook_is_stored_with_its_outputs_and_pictures(path: Path) -> None:
    code = _code(path)
    ran = [c for c in code if c.source.strip() and not c.source.lstrip().startswith("#")]
    assert all(c.execution_count for c in ran), "outputs stored: run tools/run_notebooks.py"
    data = [o.get("data", {}) for c in code for o in c.outputs]
    pictures = [d for d in data if "image/svg+xml" in d]
    assert len(pictures) >= 2 and all("image/png" in d and "text/html" in d for d in pictures)
    assert not any(o.get("output_type") == "error" for c in code for o in c.outputs)
    source = "\n".join(c.source for c in code)
    assert "tests/" not in source and "tests\\" not in source
    assert not re.search(r"\b(TODO|placeholder)\b", source)


def test_notebook_15_saves_every_answer_to_its_sign_in() -> None:
    source = "\n".join(c.source for c in _code(COURSE))
    assert 'my_answers = teach.sign_in("15")' in source
    calls = re.findall(r"teach\.answer\(([^)]*)\)", source)
    assert len(calls) == 3 and all(c.endswith("progress=my_answers") for c in calls)
    assert "for exercise in (q1, q2, q3):" in source


def test_notebook_40_reviews_the_game_it_plays_and_shows_the_plot_and_the_widget() -> None:
    code = _code(REVIEW)
    source = "\n".join(c.source for c in code)
    assert "review(class_round" in source and "rev.mistakes()" in source
    plots = [
        o["data"]
        for c in code
        if c.source.startswith("rev.picture()")
        for o in c.outputs
        if "image/png" in o.get("data", {})
    ]
    assert len(plots) == 1 and 'alt="Evaluation graph of the review' in plots[0]["text/html"]
    widgets = [
        o["data"]
        for c in code
        if "ReviewWidget(rev)" in c.source
        for o in c.outputs
        if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    # Saved without a kernel, the widget is the table at the first slip with its words: the
    # first row of the slips' table the notebook shows (move number, name, move played).
    slips = [
        o["data"]["text/plain"]
        for c in code
        if c.source.startswith("rev.mistakes()")
        for o in c.outputs
        if "text/plain" in o.get("data", {})
    ]
    _, number, name, played = slips[0].splitlines()[1].split()[:4]
    tile, onto = played.split("@")
    assert len(widgets) == 1 and "image/png" in widgets[0]
    words = f"Move {number} of 39: {name} played {tile} on {onto}"
    assert words in widgets[0]["text/plain"]
    said = "\n".join(
        o.get("text", "") for c in code for o in c.outputs if o.get("output_type") == "stream"
    )
    assert "played 8-0@9-0" in said and "the best was 0-0@9-0" in said and "blunder" in said
    # The saved picture and the saved widget mark the same moves, in the same sentence, and
    # the slip the notebook shows first is among them.
    marked = re.search(r"Marked: [^.]*\.", widgets[0]["text/plain"])
    assert marked and f"move {number} blunder" in marked[0]
    assert plots[0]["text/plain"].endswith(" " + marked[0])
