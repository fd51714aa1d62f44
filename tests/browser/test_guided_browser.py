"""Guided play in real headless Chromium with a fake model: cues drawn, errorless picks, OK.

The state comes from a real :class:`~cfwidget.therapy.widget.GuidedSession`; what
the view sends goes back through its message handler.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings
from cfwidget.therapy.widget import GuidedSession
from tools.browser_harness import serve_static, widget_state


class Clock:
    now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    with serve_static() as url:
        pg = browser.new_page(viewport={"width": 1000, "height": 1000})
        errors: list[str] = []
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.goto(url)
        pg.wait_for_function("window.cfwReady === true")
        yield pg
        assert not errors, errors


def mount(page: Any, w: GuidedSession) -> None:
    page.evaluate("cfw.unmount()")
    page.evaluate("s => cfw.mount(s)", widget_state(w))


def pump(page: Any, w: GuidedSession) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = page.evaluate("cfw.take()")
    for m in messages:
        w._handle_msg({"content": {"data": {"method": "custom", "content": m}}, "buffers": []})
    page.evaluate("s => cfw.update(s)", widget_state(w))
    return messages


def guided(**settings: Any) -> GuidedSession:
    return GuidedSession(Session(SessionSettings(seed=4, **settings), client="AB12", clock=Clock()))


def test_cue_levels_draw_ends_prompt_and_move(page: Any) -> None:
    w = guided(cue_start=3)
    mount(page, w)
    assert page.locator(".cfw-cue-text").inner_text() == "Try 6-4. It goes on 6-6."
    assert page.locator("[data-cue-end='6-6']").count() == 1
    assert page.locator(".cfw-cue-ring.is-move").count() == 1
    assert page.locator(".cfw-htile.is-cued").get_attribute("data-tile") == "6-4"
    assert page.locator("[data-key=confirm]").is_hidden()


def test_the_cue_section_comes_with_the_first_cue(page: Any) -> None:
    w = guided(cue_start=2)
    page.evaluate("cfw.unmount()")
    plain = {**w.view, "cue": None, "guided": None}
    page.evaluate("s => cfw.mount(s)", {**widget_state(w), "view": plain})
    assert page.locator(".cfw-cue").count() == 0
    page.evaluate("v => cfw.update({view: v})", {**w.view, "version": w.version + 1})
    assert page.locator(".cfw-cue").count() == 1
    assert page.locator(".cfw-cue-text").inner_text() == "Look for a tile with a 6."
    sections = page.evaluate("[...document.querySelector('.cfw').children].map(e => e.className)")
    assert sections[:3] == ["cfw-head", "cfw-cue", "cfw-players"]


def test_errorless_tile_goes_nowhere(page: Any) -> None:
    w = guided(errorless=True)
    mount(page, w)
    off = page.locator(".cfw-htile.is-off").first
    assert off.get_attribute("aria-disabled") == "true"
    off.click(force=True)  # aria-disabled: Playwright would wait, a person would tap
    assert page.locator(".cfw-target").count() == 0
    assert "Let's find one that fits" in page.locator(".cfw-message").inner_text()
    assert page.evaluate("cfw.take()") == []  # nothing was sent, nothing logged


def test_place_it_together_with_ok(page: Any) -> None:
    w = guided(cue_start=4)
    mount(page, w)
    page.locator("[data-key=confirm]").click()
    sent = pump(page, w)
    assert [m["kind"] for m in sent] == ["confirm"]
    assert str(w.session.round.moves[0]) == "6-4@6-6" and w.session.turns[0].cue == 4


def test_the_cue_rises_by_itself_after_the_wait(page: Any) -> None:
    w = guided(cue_wait=3)
    clock = w.session._clock
    assert isinstance(clock, Clock)
    mount(page, w)
    assert page.locator(".cfw-cue").is_hidden()
    clock.now += 3  # the kernel's clock: the wait is over when the view's timer fires
    page.wait_for_function("cfw.sent().length > 0", timeout=6000)
    sent = pump(page, w)
    assert [m["kind"] for m in sent] == ["cue_tick"]
    assert w.session.level() == 1
    assert page.locator("[data-cue-end='6-6']").count() == 1


@pytest.mark.parametrize("settings", [{"cue_start": 3}, {"cue_start": 4, "errorless": True}])
def test_the_guided_view_has_no_accessibility_violations(
    page: Any, settings: dict[str, Any]
) -> None:
    """axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA) on the guided view with its cues shown."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    mount(page, guided(large=True, **settings))
    options = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag22aa"]}}
    results = axe.Axe().run(page, context=".cfw", options=options)
    violations = [(v["id"], v["impact"], len(v["nodes"])) for v in results.response["violations"]]
    print(f"axe, guided view {settings}: {len(violations)} violations {violations}")
    assert violations == []
