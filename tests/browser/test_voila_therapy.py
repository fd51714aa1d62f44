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


def axe_violations(page: Any) -> list[tuple[str, int]]:
    """Every WCAG 2.0, 2.1 and 2.2 A and AA rule axe-core finds broken: (rule, elements)."""
    from axe_playwright_python.sync_playwright import Axe

    tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
    found = Axe().run(page, options={"runOnly": {"type": "tag", "values": tags}})
    return [(v["id"], len(v["nodes"])) for v in found.response["violations"]]


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
    # Level 0 tells nothing: Draw and Pass are both offered, whatever fits.
    assert page.locator("[data-key=draw]:enabled").count() == 1
    assert page.locator("[data-key=pass]:enabled").count() == 1
    page.locator(".cfw-therapist button", has_text="3").first.click()
    page.wait_for_function(f"({lit})().join() === '3'", timeout=WAIT)
    page.wait_for_timeout(500)  # level 3: the tiles that fit are lifted, Draw only if needed
    before = page.locator(".cfw-log li:not(.cfw-empty)").count()
    # Try the tiles one by one, as a client would (or draw, when nothing fits).
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


# What must show at once on a 1024x768 tablet after Start: the client's tiles, Draw and
# Pass, and the therapist's cue buttons (bounding boxes, in CSS pixels, with no scrolling).
IN_VIEW = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return { top: r.top, left: r.left, bottom: r.bottom, right: r.right }; };
  const shown = (sel) => [...document.querySelectorAll(sel)]
    .filter((el) => el.getBoundingClientRect().width > 0).map(box);
  return {
    tiles: shown('.cfw-hand .cfw-htile'),
    draw: shown('[data-key=draw]'),
    pass: shown('[data-key=pass]'),
    cue: shown('.cfw-therapist .cfw-cue-control button'),
    scrolled: [document.scrollingElement, ...document.querySelectorAll('*')]
      .filter((el) => el && el.scrollTop > 0).length,
  };
}"""


def test_a_tablet_shows_the_tiles_draw_pass_and_cues_at_once(
    app_url: tuple[str, Path], browser: Any
) -> None:
    url, _ = app_url
    width, height = 1024, 768
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        page.goto(url, timeout=WAIT)
        page.get_by_placeholder("e.g. C-07 (no names)").fill("T-02", timeout=WAIT)
        page.get_by_role("button", name="Start the session").click()
        page.locator(".cfw-hand .cfw-htile").first.wait_for(timeout=WAIT)
        page.locator(".cfw-therapist .cfw-cue-control").wait_for(timeout=WAIT)
        page.wait_for_timeout(500)  # let the layout settle
        found = page.evaluate(IN_VIEW)
        assert found["scrolled"] == 0  # nothing was scrolled to bring them in
        assert len(found["tiles"]) >= 6 and len(found["draw"]) == len(found["pass"]) == 1
        assert len(found["cue"]) == 5
        lowest = max(b["bottom"] for part in ("tiles", "draw", "pass", "cue") for b in found[part])
        print(f"\ntablet {width}x{height}: the lowest of them ends at {lowest:.0f} px")
        for part in ("tiles", "draw", "pass", "cue"):
            for b in found[part]:
                assert b["top"] >= 0 and b["left"] >= 0, (part, b)
                assert b["bottom"] <= height and b["right"] <= width, (part, b)
        # The therapist's column sits beside the game, not under it.
        game = page.locator(".cfw").bounding_box()
        panel = page.locator(".cfw-therapist").bounding_box()
        assert game is not None and panel is not None
        assert panel["x"] >= game["x"] + game["width"] and panel["y"] < game["y"] + 50
        assert axe_violations(page) == []
    finally:
        context.close()


def test_a_narrow_screen_puts_the_therapist_panel_under_the_game(
    app_url: tuple[str, Path], browser: Any
) -> None:
    url, _ = app_url
    context = browser.new_context(viewport={"width": 760, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        page.goto(url, timeout=WAIT)
        page.get_by_placeholder("e.g. C-07 (no names)").fill("T-03", timeout=WAIT)
        page.get_by_role("button", name="Start the session").click()
        page.locator(".cfw-therapist .cfw-cue-control").wait_for(timeout=WAIT)
        game = page.locator(".cfw").bounding_box()
        panel = page.locator(".cfw-therapist").bounding_box()
        assert game is not None and panel is not None
        assert panel["y"] >= game["y"] + game["height"]  # under the game
        assert panel["width"] >= 0.9 * game["width"]  # and as wide as the page
        overflow = page.evaluate(
            "() => [...document.querySelectorAll('.cfw-therapist *')]"
            ".filter((el) => el.getBoundingClientRect().right > innerWidth + 1).length"
        )
        assert overflow == 0
    finally:
        context.close()


# Every label of the setup form that is cut (its text wider or taller than its box: "…"),
# every box to type in or choose from narrower than a few characters, and anything wider
# than the window.
FORM_FIT = """() => {
  const shown = (el) => el.offsetParent !== null;
  const form = document.querySelector('.cfw-guided-app');
  const labels = [...form.querySelectorAll('.widget-label, .widget-label-basic')]
    .filter((l) => shown(l) && l.textContent.trim());
  return {
    labels: labels.length,
    cut: labels
      .filter((l) => l.scrollWidth > l.clientWidth + 1 || l.scrollHeight > l.clientHeight + 1)
      .map((l) => l.textContent.trim()),
    slivers: [...form.querySelectorAll('input:not([type=checkbox]), select, textarea')]
      .filter((i) => shown(i) && i.getBoundingClientRect().width < 60)
      .map((i) => i.closest('.widget-inline-hbox').textContent.trim()),
    wide: [...form.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 1).length,
  };
}"""


@pytest.mark.parametrize("width", [1200, 390])
def test_the_setup_form_cuts_no_label_and_squeezes_no_box(
    app_url: tuple[str, Path], browser: Any, tmp_path: Path, width: int
) -> None:
    url, _ = app_url
    context = browser.new_context(viewport={"width": width, "height": 1400})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        page.goto(url, timeout=WAIT)
        page.get_by_role("button", name="Start the session").wait_for(timeout=WAIT)
        page.wait_for_timeout(500)  # let the layout settle
        page.screenshot(path=str(tmp_path / f"setup-{width}.png"), full_page=True)
        found = page.evaluate(FORM_FIT)
        assert found["labels"] > 20  # the form is there, every setting labelled
        assert found["cut"] == []
        assert found["slivers"] == []
        assert found["wide"] == 0
    finally:
        context.close()
