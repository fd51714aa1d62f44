"""The therapist's app served by Voila: only the app shows; fill the form, start, play a turn.

The page holds the form and nothing else (no code, no demo tables); its buttons pass colour
contrast and are 44 px touch targets; a turn played by clicking reaches the private record.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import REPO, need_browser, voila

NOTEBOOK = REPO / "notebooks" / "21-therapist-app.ipynb"
WAIT = 90_000


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    need_browser()
    records = tmp_path_factory.mktemp("records")
    mp = pytest.MonkeyPatch()
    mp.setenv("CFWIDGET_RECORDS", str(records))
    try:
        with voila(NOTEBOOK) as url:
            yield url, records
    finally:
        mp.undo()


def contrast_failures(page: Any) -> list[tuple[str, str]]:
    """Text on the page below WCAG AA contrast (4.5:1), by axe-core: (element, summary)."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "rule", "values": ["color-contrast"]}}
    found = Axe().run(page, options=options).response["violations"]
    return [
        (str(n["target"]), n.get("failureSummary", "")[-160:]) for v in found for n in v["nodes"]
    ]


def test_start_a_session_and_play_a_turn(app_url: tuple[str, Path], browser: Any) -> None:
    url, records = app_url
    context = browser.new_context(viewport={"width": 1200, "height": 1400})
    page = context.new_page()
    page.goto(url, timeout=WAIT)
    page.get_by_placeholder("e.g. C-07 (no names)").fill("T-01", timeout=WAIT)
    assert page.get_by_text("guided_app(").count() == 0  # no code shown
    assert page.locator("table").count() == 0  # only the app: no demo tables below it
    assert contrast_failures(page) == []  # the form and its Start button
    page.get_by_role("button", name="Start the session").click()
    page.locator(".cfw-htile").first.wait_for(timeout=WAIT)
    page.get_by_role("button", name="End session").wait_for(timeout=WAIT)
    assert contrast_failures(page) == []  # the session and the therapist's buttons
    small = page.evaluate(
        """() => [...document.querySelectorAll('.cfw-therapist button')]
            .map((b) => b.getBoundingClientRect())
            .filter((r) => r.width > 0 && (r.width < 44 || r.height < 44)).length"""
    )
    assert small == 0  # therapist buttons are touch targets like the client's
    # The cue control shows the live level (0 at the start), and a level pressed applies.
    lit = (
        "() => [...document.querySelectorAll('.cfw-therapist button.mod-info')]"
        ".map(b => b.textContent.trim())"
    )
    assert page.evaluate(lit) == ["0"]
    assert page.locator(".cfw-htile.is-playable").count() == 0  # level 0: no help
    # seed 11, double-6, one bot: the client may be second; let the bot move first.
    for _ in range(3):
        if page.locator(".cfw-turn").inner_text().startswith("Your turn"):
            break
        page.locator("[data-key=next]").click()
        page.wait_for_timeout(500)
    if not page.locator("[data-key=draw]:enabled").count():
        page.locator(".cfw-therapist button", has_text="3").first.click()
        page.wait_for_function(
            "document.querySelectorAll('.cfw-hand.is-playing .cfw-htile.is-playable').length > 0",
            timeout=WAIT,
        )  # level 3: the tiles that fit are lifted
        page.wait_for_function(f"({lit})().join() === '3'", timeout=WAIT)
    before = page.locator(".cfw-log li:not(.cfw-empty)").count()
    # At cue level 0 the hand shows no help: try the tiles one by one, as a client would.
    if page.locator("[data-key=draw]:enabled").count():
        page.locator("[data-key=draw]").click()
    else:
        for tile in page.locator(".cfw-hand .cfw-htile").all():
            tile.click()
            page.wait_for_timeout(300)
            if page.locator(".cfw-target").count():
                page.locator(".cfw-target").first.click()
                break
    page.wait_for_function(
        f"document.querySelectorAll('.cfw-log li:not(.cfw-empty)').length > {before}",
        timeout=WAIT,
    )
    context.close()
    files = list(records.glob("T-01-*.jsonl"))
    assert len(files) == 1 and files[0].stat().st_mode & 0o777 == 0o600
    events = [json.loads(line) for line in files[0].read_text().splitlines()]
    assert any(e["event"] == "move" and e["seat"] == 0 for e in events)
