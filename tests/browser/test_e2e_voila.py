"""Voila smoke test: the widget as an app, with no code shown, plays a move by clicking.

The notebook is written at test time (so it always uses the current API) and
served by Voila, started once for this module (:func:`tests.servers.voila`).
Chromium opens the app, clicks a hand tile and a target, and the page shows the
kernel's answer: the move log grows and the status line changes. The page is
saved as ``voila.png`` (in docs/ under ``make pictures``).

Without Chromium or Playwright these tests skip, except under CI, where they fail.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from servers import app_page, voila_app

WAIT = 60_000  # ms: generous, the machine is shared

CELLS = [
    "import cfwidget as cf",
    'game = cf.Game(["Ann", "Bob", "Cy"], seed=7)\n'
    'w = cf.GameWidget(game, humans=[0], bots="greedy", pace="click")\n'
    "w",
]

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with voila_app(tmp_path_factory.mktemp("voila"), "e2e_app.ipynb", CELLS) as url:
        yield url


@pytest.fixture
def page(browser: Browser, app: str) -> Iterator[Page]:
    with app_page(browser, app, "Voila", WAIT) as pg:
        yield pg


def axe_violations(page: Page) -> list[dict[str, Any]]:
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag22aa"]}}
    violations: list[dict[str, Any]] = (
        Axe().run(page, context=".cfw", options=options).response["violations"]
    )
    print(f"axe in Voila: {len(violations)} violations")
    for v in violations:
        print(f"  {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}")
    return violations


def log_length(page: Page) -> int:
    return page.locator(".cfw .cfw-log li:not(.cfw-empty)").count()


def test_voila_shows_the_widget_alone_and_plays_a_click(page: Page, pictures: Path) -> None:
    # An app: no code, one live widget, and not the static picture as well.
    assert page.locator(".jp-InputArea, .jp-CodeMirrorEditor, .cm-editor").count() == 0
    assert "GameWidget(" not in page.locator("body").inner_text()
    assert page.locator(".cfw").count() == 1
    assert page.locator(".cfw").is_visible()
    assert page.locator(".jp-RenderedSVG").count() == 0
    outside = "() => [...document.querySelectorAll('svg')].filter(s => !s.closest('.cfw')).length"
    assert page.evaluate(outside) == 0

    # Bots before Ann move on Next; then Ann plays her first playable tile.
    for _ in range(10):
        if page.locator(".cfw-hand.is-playing").count():
            break
        before = log_length(page)
        page.locator('.cfw-actions [data-key="next"]').click()
        page.wait_for_function(
            "n => document.querySelectorAll('.cfw .cfw-log li:not(.cfw-empty)').length > n",
            arg=before,
        )
    tile = page.locator(".cfw-hand .cfw-htile.is-playable").first
    name = tile.get_attribute("data-tile")
    before, status = log_length(page), page.locator(".cfw-turn").inner_text()
    tile.click()
    target = page.locator(".cfw-targets .cfw-target").first
    onto = target.get_attribute("data-onto")
    t0 = time.perf_counter()
    target.click()
    page.wait_for_function(
        "n => document.querySelectorAll('.cfw .cfw-log li:not(.cfw-empty)').length > n",
        arg=before,
    )
    print(f"Voila: click to redraw through the kernel {1000 * (time.perf_counter() - t0):.0f} ms")
    assert log_length(page) == before + 1
    assert (
        page.locator(".cfw-log li.is-last").inner_text().startswith(f"Ann played {name} on {onto}")
    )
    assert page.locator(".cfw-turn").inner_text() != status
    assert page.locator(f'.cfw-tiles [data-tile="{name}"]').count() == 1
    assert page.locator(f'.cfw-hand [data-tile="{name}"]').count() == 0
    assert page.locator(".cfw-message").inner_text() == ""

    assert axe_violations(page) == []

    page.screenshot(path=str(pictures / "voila.png"), full_page=True, animations="disabled")
