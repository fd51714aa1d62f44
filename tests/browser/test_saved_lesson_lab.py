"""A saved lesson opened in JupyterLab without running it shows its pictures.

JupyterLab does not trust a notebook it did not run itself: it shows no SVG output
from it, only sanitized HTML, and a widget without its kernel cannot draw. What it
does show is each lesson picture's HTML (an ``<img>`` of its SVG, with its alt text)
and the widget's saved table (an ``<img>`` of its PNG, with its alt text). The lesson
as committed (its outputs stored by ``tools/run_notebooks.py``; nbval checks them against a
fresh run in the same ``make test``, so the lesson is not run a second time here) is copied
into a fresh JupyterLab and opened; no cell is run in the browser.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import nbformat
import pytest
from servers import REPO, jupyter_lab, need_browser

if TYPE_CHECKING:
    from playwright.sync_api import Browser

LESSON = "01-the-set-and-the-deal.ipynb"
WAIT = 90_000  # ms: generous, the machine is shared


@pytest.fixture(scope="module")
def lesson(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    need_browser()
    root = tmp_path_factory.mktemp("saved")
    path = root / LESSON
    shutil.copy(REPO / "notebooks" / LESSON, path)
    with jupyter_lab(root) as base:
        yield base, path


def stored_pictures(path: Path) -> list[dict[str, Any]]:
    nb = nbformat.read(path, as_version=4)
    outs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    return [o["data"] for o in outs if "image/svg+xml" in o.get("data", {})]


def test_the_saved_lesson_stores_a_png_with_every_picture(lesson: tuple[str, Path]) -> None:
    pictures = stored_pictures(lesson[1])
    assert len(pictures) >= 2
    assert all("image/png" in d for d in pictures)
    assert any("application/vnd.jupyter.widget-view+json" in d for d in pictures)


def test_jupyterlab_shows_the_pictures_of_an_untrusted_lesson(
    browser: Browser, lesson: tuple[str, Path]
) -> None:
    base, path = lesson
    expected = len(stored_pictures(path))
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        page.goto(f"{base}/lab/tree/{LESSON}?reset", timeout=WAIT)
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=WAIT)
        images = page.locator(".jp-OutputArea-output img")
        images.nth(expected - 1).wait_for(state="attached", timeout=WAIT)
        found = images.evaluate_all(
            "(imgs) => imgs.map((i) => [i.getAttribute('src') || '', i.getAttribute('alt')])"
        )
        assert len(found) == expected
        pictures = [alt for src, alt in found if src.startswith("data:image/svg+xml;base64,")]
        widgets = [alt for src, alt in found if src.startswith("data:image/png;base64,")]
        assert len(pictures) + len(widgets) == expected and pictures and widgets
        # A lesson picture and a widget's saved table keep their alt text, sanitized or not.
        assert all(alt and alt.startswith("Chicken Foot, ") for alt in pictures), pictures
        assert all(alt and ": the table. Centre double " in alt for alt in widgets), widgets
        # Every image is decoded and drawn at a real size (not a broken image).
        sizes = images.evaluate_all(
            "(imgs) => imgs.map((i) => [i.complete, i.naturalWidth, i.naturalHeight])"
        )
        assert all(done and w > 100 and h > 100 for done, w, h in sizes), sizes
        outputs = page.locator(".jp-OutputArea-output").all_inner_texts()
        assert not any(text.lstrip().startswith("<GameWidget") for text in outputs)
        assert page.locator(".jp-OutputArea-output .jp-RenderedSVG").count() == 0
    finally:
        page.screenshot(path=str(path.parent / "saved-lesson.png"), full_page=False)
        context.close()


REVIEW = "40-reviewing-a-game.ipynb"


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    need_browser()
    root = tmp_path_factory.mktemp("saved-review")
    path = root / REVIEW
    shutil.copy(REPO / "notebooks" / REVIEW, path)
    with jupyter_lab(root) as base:
        yield base, path


def test_a_saved_review_shows_the_widgets_table_verdict_and_candidates(
    browser: Browser, reviewed: tuple[str, Path]
) -> None:
    """Notebook 40 unopened by a kernel: the review widget's move is a picture with its words,
    the verdict and the candidates' table; the loss chart has its alt text too."""
    base, path = reviewed
    nb = nbformat.read(path, as_version=4)
    saved = [
        o["data"]
        for c in nb.cells
        if c.cell_type == "code" and "ReviewWidget(rev)" in c.source
        for o in c.outputs
        if "text/html" in o.get("data", {})
    ]
    assert len(saved) == 1
    verdict = saved[0]["text/plain"].splitlines()[1]  # the line after the widget's repr
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        page.goto(f"{base}/lab/tree/{REVIEW}?reset", timeout=WAIT)
        page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=WAIT)
        shown = page.locator(".jp-OutputArea-output", has_text=verdict)
        shown.first.scroll_into_view_if_needed(timeout=WAIT)
        image = shown.first.locator("img").first
        image.wait_for(state="attached", timeout=WAIT)
        alt = image.get_attribute("alt") or ""
        head = ": ".join(verdict.split(": ")[:2])  # "Move 16 of 39: Amira played 8-7 on 7-5 ..."
        assert head.startswith("Move ") and " played " in head
        assert alt.startswith(f"Chicken Foot review: {head}")
        assert image.evaluate("(i) => i.complete && i.naturalWidth > 300")
        rows = shown.first.locator("table tbody tr").all_inner_texts()
        assert len(rows) >= 2 and any("played" in r for r in rows) and "best" in rows[0]
        charts = page.locator("img[alt^='Evaluation graph of the review']")
        charts.first.wait_for(state="attached", timeout=WAIT)
        assert "Amira" in (charts.first.get_attribute("alt") or "")
        texts = page.locator(".jp-OutputArea-output").all_inner_texts()
        assert not any(text.lstrip().startswith("<ReviewWidget") for text in texts)
    finally:
        page.screenshot(path=str(path.parent / "saved-review.png"), full_page=False)
        context.close()
