"""The Hint button in real headless Chromium, with the fake anywidget model of the harness:
press Hint (or H) and the coach's sentence appears, with the tile and its end ringed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from servers import pump

import cfwidget as cf
from cfwidget.widget import GameWidget
from tests.helpers.browser_harness import advance, widget_state

if TYPE_CHECKING:
    from playwright.sync_api import Page


def with_choice(w: GameWidget) -> bool:
    return bool(w.view["playing"]) and sum(len(i["targets"]) for i in w.view["hand"]) >= 2


def coached(coach: bool) -> GameWidget:
    for seed in range(50):
        w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=seed), pace="click", coach=coach)
        if advance(w, with_choice):
            return w
    raise AssertionError("no position with a choice")


def test_pressing_h_shows_the_coaches_sentence_and_rings_its_tile_and_end(page: Page) -> None:
    w = coached(True)
    page.evaluate("s => cfw.mount(s)", widget_state(w))
    button = page.locator('[data-key="hint"]')
    assert button.is_visible() and button.is_enabled()
    assert button.get_attribute("aria-label") == "Hint: the coach suggests a move"
    assert "H hint" in page.locator(".cfw-help").inner_text()
    assert page.locator(".cfw-coach").is_hidden()
    page.wait_for_timeout(100)  # the board settles to the height there is
    board = page.locator(".cfw-board").evaluate("b => b.getBoundingClientRect().height")
    page.locator(".cfw-hand .cfw-htile").first.focus()
    page.keyboard.press("h")
    version = w.version
    assert pump(page, w) == [{"kind": "hint", "version": version, "seat": 0}]
    hint = w.view["hint"]
    assert hint is not None
    words = page.locator(".cfw-coach")
    assert words.is_visible() and words.inner_text() == hint["text"]
    page.wait_for_timeout(100)  # the board keeps its size: the sentence's lines were kept
    assert page.locator(".cfw-board").evaluate("b => b.getBoundingClientRect().height") == board
    assert words.get_attribute("role") == "status"
    tile = page.locator(f'.cfw-hand [data-tile="{hint["tile"]}"]')
    assert "is-cued" in (tile.get_attribute("class") or "")
    assert (tile.get_attribute("aria-label") or "").startswith(
        f"{hint['tile']}, the coach's choice"
    )
    assert page.locator(f'[data-hint-end="{hint["onto"]}"]').count() == 1
    # Play the advice with the mouse: the hint and its rings go.
    tile.click()
    page.locator(f'.cfw-targets [data-onto="{hint["onto"]}"]').click()
    assert pump(page, w)[0]["move"] == hint["move"]
    assert page.locator(".cfw-coach").is_hidden()
    assert page.locator("[data-hint-end]").count() == 0
    assert page.locator('[data-key="hint"]').is_disabled()  # Bob's turn now


def test_without_the_coach_there_is_no_hint_button_and_h_does_nothing(page: Page) -> None:
    w = coached(False)
    page.evaluate("s => cfw.mount(s)", widget_state(w))
    assert page.locator('[data-key="hint"]').is_hidden()
    assert "H hint" not in page.locator(".cfw-help").inner_text()
    page.locator(".cfw-hand .cfw-htile").first.focus()
    page.keyboard.press("h")
    assert pump(page, w) == []
    assert page.locator(".cfw-coach").is_hidden()


def test_axe_finds_no_wcag_violations_with_a_hint_shown(page: Page) -> None:
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        pytest.skip("axe-playwright-python is not installed")
    w = coached(True)
    page.evaluate("s => cfw.mount(s)", widget_state(w))
    page.locator('[data-key="hint"]').click()
    pump(page, w)
    assert page.locator(".cfw-coach").is_visible()
    options = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag22aa"]}}
    results = Axe().run(page, context=".cfw", options=options)
    violations = [(v["id"], v["impact"], len(v["nodes"])) for v in results.response["violations"]]
    assert violations == []
