"""Exercises answered by clicking only, in a Voila app: wrong, a hint, then right.

A small lesson notebook is written at test time: one lesson position (Ann must draw)
and a score sheet, with three exercises shown through ``teach.answer`` and the lesson's
sign-in box. Voila serves it with no code shown; Chromium picks an answer, presses Check,
Hint, picks again and presses Check, and the page's feedback line says what the exercise
says. Halfway, the learner signs in by typing a code, and the progress file then holds
every answer, including those given before signing in.

Without Chromium or Playwright the test skips, except under CI, where it fails.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from servers import app_page, need_browser, voila, write_notebook

WAIT = 60_000  # ms: generous, the machine is shared

CELLS = [
    "from cfwidget import teach\nrnd = teach.position('no-nine')",
    "me = teach.sign_in('04', folder={folder!r})\nme",
    "teach.answer(teach.what_to_do(rnd, key='todo'), progress=me)",
    "teach.answer(teach.which_tiles(rnd, key='tiles'), progress=me)",
    "teach.answer(teach.who_wins(teach.sheet('zero-rounds'), key='wins'), progress=me)",
]

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("handed-in")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory, folder: Path) -> Iterator[str]:
    need_browser()
    path = write_notebook(
        tmp_path_factory.mktemp("voila-answers") / "answers.ipynb",
        [cell.format(folder=str(folder)) for cell in CELLS],
        title="# Answers by clicking",
    )
    with voila(path) as url:
        yield url


@pytest.fixture
def page(browser: Browser, app: str) -> Iterator[Page]:
    ready = "document.querySelectorAll('.cfw-answer .cfw-feedback').length === 3"
    with app_page(browser, app, "Voila answers", WAIT, ready=ready) as pg:
        yield pg


def _press(box: Locator, name: str) -> None:
    box.get_by_role("button", name=name, exact=True).click()


def _said(box: Locator, start: str) -> str:
    """Wait until the feedback line starts with ``start``; return all it says."""
    line = box.locator(".cfw-feedback")
    line.page.wait_for_function(
        "([el, start]) => el.textContent.startsWith(start)", arg=[line.element_handle(), start]
    )
    return line.inner_text()


def test_three_exercises_answered_by_clicking_only(page: Page, folder: Path) -> None:
    body = page.locator("body").inner_text()
    assert page.locator(".jp-CodeMirrorEditor, .cm-editor").count() == 0
    assert "teach.answer(" not in body and "q.check" not in body
    boxes = page.locator(".cfw-answer")
    assert boxes.count() == 3
    todo, tiles, wins = boxes.nth(0), boxes.nth(1), boxes.nth(2)
    assert "What must Ann do now?" in todo.inner_text()
    assert "Which tiles can Ann play now?" in tiles.inner_text()
    assert "Who wins this game?" in wins.inner_text()

    # The feedback line is a polite live region of plain text.
    line = todo.locator(".cfw-feedback")
    assert line.get_attribute("role") == "status"
    assert line.get_attribute("aria-live") == "polite"

    # Check with nothing chosen: how to answer, said for clicking.
    _press(todo, "Check")
    assert _said(todo, "Not attempted") == "Not attempted: pick an answer, then press Check."

    # What must Ann do? Wrong, a hint, then right.
    _press(todo, "play")
    _press(todo, "Check")
    assert _said(todo, "Not yet").startswith(
        "Not yet: Ann has no tile that fits, so Ann cannot play."
    )
    _press(todo, "Hint")
    assert _said(todo, "Hint 1").startswith("Hint 1 of 2: A player who can play must play.")
    _press(todo, "Hint")
    assert _said(todo, "Hint 2").startswith("Hint 2 of 2: A tile needs a 9")
    t0 = time.perf_counter()
    _press(todo, "draw")
    _press(todo, "Check")
    assert _said(todo, "Correct") == (
        "Correct! Ann has no tile that fits, so Ann draws one from the chicken yard."
    )
    print(f"Voila answers: click to verdict {1000 * (time.perf_counter() - t0):.0f} ms")

    # Sign in by typing a code: what was done before is saved too.
    assert list(folder.iterdir()) == []
    sign = page.locator(".cfw-sign-in")
    sign.get_by_role("textbox").fill("S07")
    sign.get_by_role("button", name="Save my answers").click()
    # The status line is re-drawn on each change: ask the page, not an element held before.
    page.wait_for_function(
        "() => document.querySelector('.cfw-sign-in').textContent.includes('S07.progress.jsonl')"
    )

    # Which tiles? Each tile is a picture and a toggle named by the tile.
    assert tiles.locator('svg[aria-label="8-3"]').count() == 1
    _press(tiles, "8-3")
    _press(tiles, "Check")
    assert _said(tiles, "Not yet").startswith("Not yet: 8-3 cannot be played now")
    _press(tiles, "Hint")
    assert _said(tiles, "Hint 1").startswith("Hint 1 of 2: Right now the centre double 9-9")
    _press(tiles, "None of these")
    _press(tiles, "Check")
    assert _said(tiles, "Correct") == "Correct! Ann has no tile that fits, so Ann must draw."
    _press(tiles, "Solution")
    assert _said(tiles, "Solution").startswith("Solution: None.")

    # Who wins? One button per player.
    _press(wins, "Ann")
    _press(wins, "Check")
    assert _said(wins, "Not yet").startswith("Not yet: Bob and Ann both have 30")
    _press(wins, "Hint")
    assert _said(wins, "Hint 1").startswith("Hint 1 of 2: The lowest total wins.")
    _press(wins, "Bob")
    _press(wins, "Check")
    assert _said(wins, "Correct") == "Correct! Bob wins with 30."

    # The progress file holds every check, hint and solution, before and after signing in.
    from cfwidget import teach

    found = teach.read_progress(folder / "S07.progress.jsonl")
    kept = [(e["key"], e["event"], e.get("correct")) for e in found.events]
    assert found.student == "S07" and found.problems == []
    assert [k for k in kept if k[0] == "todo"] == [
        ("todo", "check", False),
        ("todo", "hint", None),
        ("todo", "hint", None),
        ("todo", "check", True),
    ]
    assert ("tiles", "solution", None) in kept and ("wins", "check", True) in kept

    # The buttons are big enough to touch.
    box = wins.get_by_role("button", name="Check", exact=True).bounding_box()
    assert box is not None and box["height"] >= 44

    # Hints and solutions show only on the feedback lines, never as extra output.
    assert "Hint 1 of 2" not in page.locator("body").inner_text()
    assert page.locator("body").inner_text().count("Solution: None.") == 1
