"""Lesson 01 and the therapists' notebook served by Voila pass axe (WCAG 2.0, 2.1, 2.2 A and AA).

The whole page is checked, as a learner or a therapist meets it: the sign-in button's
text at AA contrast, every picture and chart with a text alternative (the lesson's
pictures from their own alt text, the progress and goal charts from their data).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from servers import REPO, need_browser, voila

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WAIT = 120_000  # ms: generous, the machine is shared

# Each notebook: what shows once Voila has run all of it, and how many pictures it holds.
PAGES = {
    "01-the-set-and-the-deal.ipynb": (".cfw .cfw-hand .cfw-htile", 1),
    "20-guided-play-for-therapists.ipynb": ("button:has-text('Start the session')", 2),
    "40-reviewing-a-game.ipynb": (".cfw.is-review .cfw-verdict", 3),
}


@pytest.fixture(scope="module", params=sorted(PAGES))
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:
    need_browser()
    name = str(request.param)
    with voila(REPO / "notebooks" / name) as url:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        pg = context.new_page()
        pg.set_default_timeout(WAIT)
        try:
            pg.goto(url, timeout=WAIT)
            pg.wait_for_load_state("networkidle", timeout=WAIT)
            pg.locator(PAGES[name][0]).first.wait_for(timeout=WAIT)
            yield name, pg
        finally:
            context.close()


def violations(name: str, page: Any) -> list[dict[str, Any]]:
    from axe_playwright_python.sync_playwright import Axe

    started = time.monotonic()
    options = {"runOnly": {"type": "tag", "values": AXE_TAGS}}
    found: list[dict[str, Any]] = Axe().run(page, options=options).response["violations"]
    took = time.monotonic() - started
    print(f"\naxe in Voila, {name}: {len(found)} violations ({took:.1f} s)")
    for v in found:
        print(f"  {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}")
    return found


def test_the_page_has_no_axe_violations(page: tuple[str, Any]) -> None:
    assert violations(*page) == []


def test_every_image_says_what_it_shows(page: tuple[str, Any]) -> None:
    name, pg = page
    images = pg.locator(".jp-OutputArea-output img").evaluate_all(
        "(imgs) => imgs.filter((i) => i.getBoundingClientRect().width > 0)"
        ".map((i) => i.getAttribute('alt') || '')"
    )
    assert len(images) == PAGES[name][1]
    assert all(len(alt) > 20 for alt in images), images  # words, not "Image"
