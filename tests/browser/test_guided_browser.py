"""Guided play in real headless Chromium with a fake model: cues drawn, errorless picks, OK.

The state comes from a real :class:`~cfwidget.therapy.widget.GuidedSession`; what
the view sends goes back through its message handler.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from servers import harness_page, pump

from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings
from cfwidget.therapy.widget import GuidedSession
from tests.helpers.browser_harness import widget_state


class Clock:
    now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def page(browser: Any, url: str) -> Iterator[Any]:
    """One harness page for the module: each test mounts its own session on it."""
    with harness_page(browser, url) as pg:
        yield pg


def mount(page: Any, w: GuidedSession) -> None:
    page.evaluate("cfw.unmount()")
    page.evaluate("s => cfw.mount(s)", widget_state(w))


def guided(**settings: Any) -> GuidedSession:
    return GuidedSession(Session(SessionSettings(seed=4, **settings), client="AB12", clock=Clock()))


HELP = """() => ({
  lifted: [...document.querySelectorAll(".cfw-hand.is-playing .cfw-htile.is-playable")]
    .map((b) => b.dataset.tile),
  faded: document.querySelectorAll(".cfw-htile.is-off").length,
  cued: document.querySelectorAll(".cfw-htile.is-cued").length,
  rings: [...document.querySelectorAll("[data-cue-end]")].map((r) => r.dataset.cueEnd),
  prompt: document.querySelector(".cfw-cue") && !document.querySelector(".cfw-cue").hidden
    ? document.querySelector(".cfw-cue-text").textContent : "",
  hints: [...document.querySelectorAll(".cfw-htile")].map((b) => b.getAttribute("aria-label"))
    .filter((l) => l.includes(",")).length,
})"""


@pytest.mark.parametrize("errorless", [False, True])
def test_each_cue_level_adds_one_kind_of_help_and_level_0_gives_none(
    page: Any, errorless: bool
) -> None:
    seen = []
    for level in range(5):
        mount(page, guided(cue_start=level, errorless=errorless))
        seen.append(page.evaluate(HELP))
    none = {"lifted": [], "faded": 0, "cued": 0, "rings": [], "prompt": "", "hints": 0}
    assert seen[0] == none  # no tile lifted, underlined or faded, no end marked, no words
    assert seen[1] == {**none, "prompt": "Your turn. Look at the ends of the lines."}
    assert seen[2] == {**none, "prompt": "Look for a tile with a 6.", "rings": ["6-6"]}
    assert seen[3]["lifted"] == ["6-4", "6-3", "6-2"] and seen[3]["rings"] == ["6-6"]
    assert seen[3]["cued"] == 0 and seen[3]["faded"] == (4 if errorless else 0)
    assert seen[4]["lifted"] == seen[3]["lifted"] and seen[4]["cued"] == 1
    assert seen[4]["prompt"].startswith("Try 6-4. It goes on 6-6.")
    assert page.locator(".cfw-htile.is-cued").get_attribute("data-tile") == "6-4"
    assert page.locator(".cfw-cue-ring.is-move").count() == 1
    assert page.locator("[data-key=confirm]").is_visible()


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
    assert sections[:3] == ["cfw-head", "cfw-cue", "cfw-seats"]


@pytest.mark.parametrize("errorless", [True, False])
def test_a_tap_on_a_tile_that_fits_nowhere_is_a_recorded_try(page: Any, errorless: bool) -> None:
    w = guided(errorless=errorless, cue_start=3 if errorless else 0)
    mount(page, w)
    misfit = next(i["tile"] for i in w.view["hand"] if not i["targets"])
    tile = page.locator(f'.cfw-hand [data-tile="{misfit}"]')
    if errorless:  # faded at cue level 3: aria-disabled, yet a person can still tap it
        assert tile.get_attribute("aria-disabled") == "true"
    tile.click(force=True)
    assert page.locator(".cfw-target").count() == 0  # it goes nowhere
    sent = pump(page, w)
    assert sent == [{"kind": "try", "tile": misfit, "version": sent[0]["version"], "seat": 0}]
    refused = [e for e in w.session.events if e["event"] == "refused"]
    assert len(refused) == 1 and refused[0]["move"] == misfit
    assert refused[0]["prevented"] is errorless
    message = page.locator(".cfw-message").inner_text()
    if errorless:
        assert message == "That one waits for later. Let's find one that fits."
    else:
        assert message.startswith(f"Not that one: {misfit} cannot be played now")
    assert w.session.level() == (4 if errorless else 1)  # the cue rises after an error
    # The turn, once played, counts as a trial that was not right at the first try.
    page.locator(".cfw-hand [data-tile='6-4']").click()
    page.locator(".cfw-target").first.click()
    pump(page, w)
    record = w.session.turns[0]
    assert record.trial and not record.first_try and record.refused == 1
    assert record.prevented == (1 if errorless else 0)


def test_a_click_on_a_wrong_place_is_a_recorded_try(page: Any) -> None:
    w = guided(errorless=False, cue_start=0)
    session = w.session

    def ready() -> bool:  # the client to play, a tile that fits, and other tiles on the table
        moves = session.round.legal_moves() if session.whose_turn() == "client" else []
        return len(session.round.table) >= 3 and any(m.is_play for m in moves)

    while not ready():
        if session.whose_turn() == "bot":
            session.bot_step()
        else:
            session.attempt(session.cue_for_level(4).move or "")
    w.refresh(force=True)
    mount(page, w)
    item = next(i for i in w.view["hand"] if i["targets"])
    targets = {t["onto"] for t in item["targets"]}
    wrong = next(p["tile"] for p in w.view["table"] if p["tile"] not in targets)
    page.locator(f'.cfw-hand [data-tile="{item["tile"]}"]').click()
    page.locator(f'.cfw-tiles [data-tile="{wrong}"]').click(force=True)
    sent = pump(page, w)
    assert [(m["kind"], m["tile"], m["onto"]) for m in sent] == [("try", item["tile"], wrong)]
    refused = [e for e in session.events if e["event"] == "refused"]
    assert refused[-1]["move"] == f"{item['tile']}@{wrong}" and not refused[-1]["prevented"]


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
    assert page.locator(".cfw-cue-text").inner_text() == "Your turn. Look at the ends of the lines."


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
