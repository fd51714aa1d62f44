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

    def ready() -> bool:  # the client to play, a tile that fits, and a covered tile
        moves = session.round.legal_moves() if session.whose_turn() == "client" else []
        ends = {t for t, *_ in session.round.observation(0).open_ends}
        covered = [p for p in session.round.table if p.tile not in ends]
        return bool(covered) and any(m.is_play for m in moves)

    while not ready():
        if session.whose_turn() == "bot":
            session.bot_step()
        else:
            session.attempt(session.cue_for_level(4).move or "")
    w.refresh(force=True)
    mount(page, w)
    item = next(i for i in w.view["hand"] if i["targets"])
    targets = {t["onto"] for t in item["targets"]}  # below cue level 3: every open end
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


# Every string the client's screen shows where help could be (the turn and rule line, the
# message, the cue, the line under the board, the hand's names and tooltips, the places a
# picked tile shows, what a screen reader reads with the board), and the marks and buttons
# that could tell what fits. The tile a name or tooltip starts with, and the picked tile
# ("Play 6-3:"), are the client's own: not help.
SCREEN = """() => {
  const text = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent || "");
  const attr = (sel, a) => [...document.querySelectorAll(sel)].map((e) => e.getAttribute(a) || "");
  return {
    words: [
      ...text(".cfw-turn"), ...text(".cfw-rule"), ...text(".cfw-message"),
      ...attr(".cfw-board", "aria-describedby")
        .map((id) => (document.getElementById(id) || {}).textContent || ""),
      ...text(".cfw-cue:not([hidden]) .cfw-cue-text"),
      ...text(".cfw-targets .cfw-hint").map((t) => t.replace(/^Play [0-9]+-[0-9]+:$/, "")),
      ...attr(".cfw-htile", "aria-label").map((l) => l.replace(/^[0-9]+-[0-9]+/, "")),
      ...attr(".cfw-htile", "title").map((l) => l.replace(/^[0-9]+-[0-9]+:?/, "")),
    ],
    lifted: document.querySelectorAll(".cfw-hand.is-playing .cfw-htile.is-playable").length,
    faded: document.querySelectorAll(".cfw-htile.is-off").length,
    cued: document.querySelectorAll(".cfw-htile.is-cued").length,
    rings: document.querySelectorAll("[data-cue-end]").length,
    places: attr(".cfw-target", "data-onto"),
    draw: !document.querySelector("[data-key=draw]").disabled,
    pass: !document.querySelector("[data-key=pass]").disabled,
  };
}"""


@pytest.mark.parametrize("level", [0, 1, 2])
def test_the_screen_gives_no_help_above_the_level_through_a_session(page: Any, level: int) -> None:
    """Played by clicks in Chromium: wrong Draw and Pass, a tile picked and put on a place,
    Next for the bot, the therapist setting the level back; read from the page each time."""
    import random

    from tests.helpers.help_words import FIT, NUMBER, TILE

    w = guided(cue_start=level, fade_every=0, errorless=False)
    s = w.session
    rng = random.Random(level)
    mount(page, w)
    problems: list[str] = []
    tried: set[str] = set()  # the tiles and places tried this turn: a message may name them
    for _ in range(60):
        if s.round.is_over:
            break
        shown = page.evaluate(SCREEN)
        obs = s.round.observation(0)
        fits = {str(m.tile) for m in obs.legal_moves if m.tile is not None and obs.to_move}
        table = {str(p.tile) for p in obs.table}
        drawn = {str(obs.drawn)} if obs.drawn is not None else set()
        now = w.help_level
        for text in shown["words"]:
            # the message may echo the tile and place just tried (a try's own words)
            named = set(TILE.findall(text)) - drawn - tried
            if now < 2 and (NUMBER.search(text) or named & table):
                problems.append(f"level {now}: {text!r} names a number or an end")
            if now < 3 and (FIT.search(text) or named & fits):
                problems.append(f"level {now}: {text!r} tells what fits or what to do")
        if now < 3 and (shown["lifted"] or shown["faded"] or shown["cued"]):
            problems.append(f"level {now}: the hand shows which tiles fit")
        if now < 2 and shown["rings"]:
            problems.append(f"level {now}: ends ringed")
        if now < 3 and w.view["playing"] and not (shown["draw"] and shown["pass"]):
            problems.append(f"level {now}: Draw or Pass disabled")
        if s.whose_turn() == "bot":
            tried.clear()
            page.locator("[data-key=next]").click()
        elif rng.random() < 0.3 and (shown["draw"] or shown["pass"]):
            pressed = [k for k in ("draw", "pass") if shown[k]]  # enabled ones, as a person can
            page.locator(f"[data-key={rng.choice(pressed)}]").click()
        else:
            tiles = page.locator(".cfw-hand .cfw-htile")
            tile = tiles.nth(rng.randrange(tiles.count()))
            tried.add(tile.get_attribute("data-tile") or "")
            tile.click()
            places = page.locator(".cfw-targets .cfw-target")
            if places.count() and now < 3:  # a picked tile shows every open end
                ends = set(page.evaluate(SCREEN)["places"])
                assert ends == {str(t) for t, _, n in obs.open_ends if n}
                place = places.nth(rng.randrange(places.count()))
                tried.add(place.get_attribute("data-onto") or "")
                place.click()
        pump(page, w)
        if s.level() != level and rng.random() < 0.5:
            w.set_cue(level)  # the therapist sets the level back
            page.evaluate("s => cfw.update(s)", widget_state(w))
    assert problems == [], "\n".join(problems[:20])
    assert len(s.events) > 30
