"""The therapist's notebook as a Voila app: fill the form, start, and play one turn in Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import REPO, need_browser, voila

NOTEBOOK = REPO / "notebooks" / "20-guided-play-for-therapists.ipynb"
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
    assert contrast_failures(page) == []  # the form and its Start button
    page.get_by_role("button", name="Start the session").click()
    page.locator(".cfw-htile").first.wait_for(timeout=WAIT)
    page.get_by_role("button", name="End session").wait_for(timeout=WAIT)
    assert contrast_failures(page) == []  # the session and the therapist's buttons
    # seed 11, double-6, one bot: the client may be second; let the bot move first.
    for _ in range(3):
        if (
            page.locator(".cfw-htile.is-playable").count()
            or page.locator("[data-key=draw]:enabled").count()
        ):
            break
        page.locator("[data-key=next]").click()
        page.wait_for_timeout(500)
    before = page.locator(".cfw-log li:not(.cfw-empty)").count()
    playable = page.locator(".cfw-htile.is-playable")
    if playable.count():
        playable.first.click()
        page.locator(".cfw-target").first.click()
    else:
        page.locator("[data-key=draw]").click()
    page.wait_for_function(
        f"document.querySelectorAll('.cfw-log li:not(.cfw-empty)').length > {before}",
        timeout=WAIT,
    )
    context.close()
    files = list(records.glob("T-01-*.jsonl"))
    assert len(files) == 1
    text = files[0].read_text()
    assert '"event":"move","t"' in text and '"seat":0' in text
