"""The first lesson served as an app by Voila: a learner plays Bob's first spoke in Chromium.

Voila runs ``notebooks/01-the-set-and-the-deal.ipynb`` as it is committed (no code shown),
Chromium opens it, clicks a playable tile in Bob's hand and then a target, and the
kernel's answer shows on the page: the move log grows and the status line changes.

Without Chromium or Playwright the test skips, except under CI, where it fails.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from servers import REPO, app_page, voila

LESSON = REPO / "notebooks" / "01-the-set-and-the-deal.ipynb"
WAIT = 60_000  # ms: generous, the machine is shared
LOG = ".cfw .cfw-log li:not(.cfw-empty)"

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    with voila(LESSON) as url, app_page(browser, url, "Voila lesson 1", WAIT) as pg:
        yield pg


def test_lesson_one_in_voila_plays_bobs_first_spoke(page: Page) -> None:
    # The lesson reads as an app: prose and pictures, no code, one live widget.
    assert page.locator(".jp-CodeMirrorEditor, .cm-editor").count() == 0
    assert "cf.GameWidget(" not in page.locator("body").inner_text()
    assert "Lesson 1: the set and the deal" in page.locator("body").inner_text()
    assert page.locator(".cfw").count() == 1
    assert page.locator(".cfw-hand.is-playing").count() == 1  # Bob moves first

    playable = page.locator(".cfw-hand .cfw-htile.is-playable")
    names = sorted(
        playable.nth(i).get_attribute("data-tile") or "" for i in range(playable.count())
    )
    assert names == ["9-4", "9-7"]  # the exercise's answer, drawn by the widget
    before, status = page.locator(LOG).count(), page.locator(".cfw-turn").inner_text()

    page.locator('.cfw-hand [data-tile="9-4"]').click()
    target = page.locator(".cfw-targets .cfw-target")
    assert target.count() == 1 and target.first.get_attribute("data-onto") == "9-9"
    t0 = time.perf_counter()
    target.first.click()
    page.wait_for_function(f"n => document.querySelectorAll('{LOG}').length > n", arg=before)
    print(f"Voila lesson 1: click to redraw {1000 * (time.perf_counter() - t0):.0f} ms")

    assert page.locator(LOG).count() == before + 1
    assert page.locator(".cfw-log li.is-last").inner_text().startswith("Bob played 9-4")
    assert page.locator(".cfw-turn").inner_text() != status
    assert page.locator('.cfw-tiles [data-tile="9-4"]').count() == 1
    assert page.locator('.cfw-hand [data-tile="9-4"]').count() == 0
    assert page.locator(".cfw-message").inner_text() == ""
