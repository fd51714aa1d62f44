"""The widget's front end in real headless Chromium, with a fake anywidget model.

``cfwidget/widget/static`` is served on 127.0.0.1 with a small page that imports the widget
classes' bundles and renders one with a model that records what the view sends
(`HARNESS_HTML` in tests/helpers/browser_harness.py). The state comes from a real
:class:`~cfwidget.widget.GameWidget`, and what the view sends goes back through
the widget's message handler, so each test plays through both halves.

Without Chromium or Playwright these tests skip, except under CI (the ``CI``
environment variable), where a missing browser is a failure.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from servers import pump

import cfwidget as cf
from cfwidget._shared import shown_name
from cfwidget.widget import GameWidget
from tests.helpers.browser_harness import BUNDLES, STATIC, advance, finish_game, send, widget_state

XSS = "<img src=x onerror=alert(1)>"


if TYPE_CHECKING:
    from playwright.sync_api import Page


# -- helpers ---------------------------------------------------------------------------------------


def mount(page: Page, w: GameWidget) -> None:
    page.evaluate("s => cfw.mount(s)", widget_state(w))


def sent(page: Page) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = page.evaluate("cfw.take()")
    return out


def active(page: Page) -> dict[str, Any]:
    info: dict[str, Any] = page.evaluate(
        """() => {
            const a = document.activeElement;
            const cs = getComputedStyle(a);
            return {key: a.dataset.key || null, tile: a.dataset.tile || null,
                    onto: a.dataset.onto || null, label: a.getAttribute("aria-label"),
                    outline: cs.outlineStyle + " " + cs.outlineWidth};
        }"""
    )
    return info


def with_choice(w: GameWidget) -> bool:
    v = w.view
    return bool(v["playing"]) and any(len(i["targets"]) >= 2 for i in v["hand"])


def position(until: Any, players: tuple[str, ...] = ("Ann", "Bob", "Cy")) -> GameWidget:
    for seed in range(200):
        w = GameWidget(cf.Game(list(players), seed=seed), humans=[0], pace="click")
        if advance(w, until):
            return w
    raise AssertionError("no such position")


def must_draw(w: GameWidget) -> bool:
    return (
        bool(w.view["playing"])
        and w.view["can_draw"]
        and not any(i["targets"] for i in w.view["hand"])
    )


# -- playing with the mouse ---------------------------------------------------------------------


def test_clicking_a_tile_marks_its_targets_and_clicking_a_target_plays(page: Page) -> None:
    w = position(with_choice)
    mount(page, w)
    item = next(i for i in w.view["hand"] if len(i["targets"]) >= 2)
    tile = page.locator(f'.cfw-hand [data-tile="{item["tile"]}"]')
    words = ", ".join(t["text"] for t in item["targets"][:-1])
    assert tile.get_attribute("aria-label").startswith(f"{item['tile']}, can go {words}")
    assert page.locator(".cfw-target-mark").count() == 0
    tile.click()
    assert tile.get_attribute("aria-pressed") == "true"
    marks = page.locator(".cfw-target-mark")
    assert marks.count() == len(item["targets"])
    buttons = page.locator(".cfw-targets .cfw-target")
    assert buttons.count() == len(item["targets"])
    for i, t in enumerate(item["targets"]):
        assert buttons.nth(i).get_attribute("aria-label") == f"Play {item['tile']} {t['text']}"
        assert " ".join(buttons.nth(i).text_content().split()) == f"{i + 1} {t['text']}"
        assert page.locator(f'.cfw-hit[data-onto="{t["onto"]}"]').count() == 1
    last = item["targets"][-1]
    page.locator(f'.cfw-hit[data-onto="{last["onto"]}"]').dispatch_event("click")
    version = w.version
    messages = pump(page, w)
    assert messages == [{"kind": "play", "version": version, "seat": 0, "move": last["move"]}]
    assert str(w.round.history[-1][1]) == last["move"] and w.message == ""
    assert page.locator(".cfw-target-mark").count() == 0
    assert page.locator(f'.cfw-tiles [data-tile="{item["tile"]}"]').count() == 1
    assert page.locator(".cfw-lastring").count() == 1
    assert page.locator(".cfw-log li.is-last").inner_text().startswith("Ann played")


def test_clicking_a_target_button_plays_and_clicking_again_is_harmless(page: Page) -> None:
    w = position(with_choice)
    mount(page, w)
    item = next(i for i in w.view["hand"] if i["targets"])
    page.locator(f'.cfw-hand [data-tile="{item["tile"]}"]').click()
    button = page.locator(".cfw-targets .cfw-target").first
    button.click()
    messages = sent(page)
    assert messages[0]["move"] == item["targets"][0]["move"]
    for m in messages + messages:  # the same click delivered twice
        send(w, m)
    assert [str(m) for _, m in w.round.history].count(item["targets"][0]["move"]) == 1
    assert w.message == "That was already done."
    page.evaluate("s => cfw.update(s)", widget_state(w))
    assert page.locator(".cfw-message").inner_text() == "That was already done."


def test_draw_and_pass_are_enabled_only_when_legal(page: Page) -> None:
    w = position(with_choice)
    mount(page, w)
    assert page.locator('[data-key="draw"]').is_disabled()
    assert page.locator('[data-key="pass"]').is_disabled()
    w = position(must_draw)
    mount(page, w)
    assert page.locator('[data-key="draw"]').is_enabled()
    assert page.locator('[data-key="pass"]').is_disabled()
    assert page.locator(".cfw-targets").inner_text().strip() == "No tile fits: draw one."
    page.locator('[data-key="draw"]').click()
    assert pump(page, w)[0]["kind"] == "draw"
    drawn = w.view["drawn"]
    assert drawn is not None
    assert page.locator('[data-key="draw"]').is_disabled()
    assert page.locator('[data-key="pass"]').is_enabled() == w.view["can_pass"]
    assert (
        page.locator(f'.cfw-hand [data-tile="{drawn}"]')
        .get_attribute("aria-label")
        .startswith(f"{drawn}, just drawn")
    )
    assert page.locator(".cfw-turn").inner_text().startswith(f"You drew {drawn}.")


# -- playing with the keyboard -------------------------------------------------------------------


def test_keyboard_only_play(page: Page) -> None:
    w = position(with_choice)
    mount(page, w)
    item = next(i for i in w.view["hand"] if len(i["targets"]) >= 2)
    for _ in range(40):  # Tab from the top of the page to the hand
        page.keyboard.press("Tab")
        if active(page)["tile"]:
            break
    assert active(page)["tile"] and active(page)["outline"] == "solid 3px"
    for _ in range(len(w.view["hand"])):
        if active(page)["tile"] == item["tile"]:
            break
        page.keyboard.press("ArrowRight")
    assert active(page)["tile"] == item["tile"]
    page.keyboard.press("Enter")
    first = active(page)
    assert first["onto"] == item["targets"][0]["onto"]
    assert first["label"] == f"Play {item['tile']} {item['targets'][0]['text']}"
    assert first["outline"] == "solid 3px"
    assert page.locator(".cfw-target-mark.is-focus").count() == 1
    page.keyboard.press("Escape")
    assert active(page)["tile"] == item["tile"]
    assert page.locator(".cfw-target-mark").count() == 0
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    assert active(page)["onto"] == item["targets"][1]["onto"]
    assert sent(page) == []
    page.keyboard.press("Enter")
    version = w.version
    assert pump(page, w) == [
        {"kind": "play", "version": version, "seat": 0, "move": item["targets"][1]["move"]}
    ]
    # The played tile's button is gone: focus lands on Next, and N moves the bot.
    assert active(page)["key"] == "next"
    page.keyboard.press("n")
    assert pump(page, w)[0] == {"kind": "next", "version": version + 1, "seat": 0}
    assert w.round.turn != 1


def test_keys_d_and_p_draw_and_pass(page: Page) -> None:
    def draws_a_misfit(w: GameWidget) -> bool:
        if not must_draw(w):
            return False
        probe = w.round.copy()
        probe.play("draw")
        return [str(m) for m in probe.legal_moves()] == ["pass"]

    w = position(draws_a_misfit)
    mount(page, w)
    page.locator(".cfw-board").focus()
    page.keyboard.press("p")
    assert sent(page) == []
    assert page.locator(".cfw-message").inner_text() == "Pass is not possible now."
    page.keyboard.press("d")
    assert pump(page, w)[0]["kind"] == "draw"
    assert w.view["can_pass"] and not w.view["can_draw"]
    page.keyboard.press("P")
    assert pump(page, w)[0]["kind"] == "pass"
    assert w.round.history[-1][1] == cf.Move.PASS


def test_the_board_pans_and_zooms_by_keys_buttons_and_ctrl_wheel(page: Page) -> None:
    w = position(lambda w: len(w.round.table) >= 12)
    mount(page, w)

    def box() -> list[float]:
        return [float(x) for x in page.locator(".cfw-svg").get_attribute("viewBox").split()]

    fitted = box()
    page.locator('[data-key="zoom-in"]').click()
    zoomed = box()
    assert zoomed[2] == pytest.approx(fitted[2] / 1.25, rel=0.01)
    page.locator(".cfw-board").focus()
    page.keyboard.press("ArrowRight")
    assert box()[0] > zoomed[0]
    page.keyboard.press("-")
    assert box()[2] == pytest.approx(fitted[2], rel=0.01)
    page.locator(".cfw-board").hover()
    page.keyboard.down("Control")  # Ctrl (or Cmd) + wheel zooms; a plain wheel scrolls the page
    page.mouse.wheel(0, -300)
    assert box()[2] < fitted[2]
    page.mouse.wheel(0, 3000)  # out no further than the whole table: tiles never shrink past it
    page.keyboard.up("Control")
    assert box() == pytest.approx(fitted, rel=1e-3)
    page.locator('[data-key="fit"]').click()
    assert box() == pytest.approx(fitted, rel=1e-3)
    page.keyboard.press("+")
    page.keyboard.press("0")
    assert box() == pytest.approx(fitted, rel=1e-3)
    # Drag to pan; a drag is not a click.
    b = page.locator(".cfw-board").bounding_box()
    assert b is not None
    page.mouse.move(b["x"] + 100, b["y"] + 100)
    page.mouse.down()
    page.mouse.move(b["x"] + 180, b["y"] + 140, steps=4)
    page.mouse.up()
    assert box()[0] < fitted[0]
    assert sent(page) == []


# -- safety, text and accessibility ----------------------------------------------------------


def test_names_are_inert_text(page: Page) -> None:
    w = GameWidget(cf.Game(["Ann", XSS, "Cy"], seed=0), humans=[0], pace="click")
    shown = shown_name(XSS)  # capped like any long name
    advance(w, lambda w: len(w.round.history) >= 4)
    mount(page, w)
    assert page.locator(".cfw img").count() == 0
    assert page.locator("img").count() == 0
    name = page.locator(".cfw-players .cfw-name", has_text=shown)
    assert name.count() == 1 and name.is_visible() and name.inner_text() == shown
    assert page.locator(".cfw-log", has_text=f"{shown} played").count() == 1
    for bundle in BUNDLES:
        source = (STATIC / bundle).read_text()
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert sink not in source, bundle


def test_the_status_region_announces_turns(page: Page) -> None:
    w = position(with_choice)
    mount(page, w)
    status = page.locator(".cfw-status")
    assert status.get_attribute("role") == "status"
    assert status.get_attribute("aria-live") == "polite"
    assert "Your turn, Ann." in status.inner_text()
    assert w.view["rule"] in status.inner_text()
    message = page.locator(".cfw-message")
    assert message.get_attribute("role") == "status"
    item = next(i for i in w.view["hand"] if i["targets"])
    send(w, {"kind": "play", "move": item["targets"][0]["move"], "version": w.version})
    page.evaluate("s => cfw.update(s)", widget_state(w))
    text = status.inner_text()
    assert f"Ann played {item['tile']}" in text and "(bot) to move: press Next." in text
    assert page.locator(".cfw-player.is-turn").get_attribute("aria-current") == "true"


# The shorter side of every visible control, in CSS pixels.
SMALLEST_SIDES = """() => [...document.querySelectorAll('.cfw button, .cfw select')]
    .filter(b => b.offsetParent !== null)
    .map(b => { const r = b.getBoundingClientRect(); return Math.min(r.width, r.height); })"""


def test_the_display_menu_and_large_tiles(page: Page) -> None:
    w = position(with_choice)
    mount(page, w)
    assert min(page.evaluate(SMALLEST_SIDES)) >= 24
    # How tiles look waits behind "More", with the open ends in words and the keys.
    more = page.locator('[data-key="more"]')
    assert more.get_attribute("aria-expanded") == "false"
    assert page.locator("select").is_hidden()
    more.click()
    assert more.get_attribute("aria-expanded") == "true"
    page.locator("select").select_option("numerals")
    page.locator("text=Large tiles").click()
    messages = pump(page, w)
    assert messages == [{"kind": "display", "value": "numerals"}, {"kind": "large", "value": True}]
    assert w.display == "numerals" and w.large
    assert page.locator(".cfw-tiles .cfw-num").count() == 2 * len(w.view["table"])
    assert min(page.evaluate(SMALLEST_SIDES)) >= 44
    page.locator("select").select_option("colour")
    pump(page, w)
    fills = page.evaluate(
        "() => [...new Set([...document.querySelectorAll('.cfw-tiles .cfw-cpip')]"
        ".map(c => getComputedStyle(c).fill))]"
    )
    assert len(fills) >= 3


def test_reduced_motion_turns_transitions_off(page: Page) -> None:
    w = position(with_choice)
    page.emulate_media(reduced_motion="reduce")
    mount(page, w)
    duration = page.evaluate(
        "() => getComputedStyle(document.querySelector('.cfw-htile')).transitionDuration"
    )
    assert duration == "0s"


def test_bots_at_a_timed_pace_never_move_instantly(page: Page) -> None:
    w = GameWidget(cf.Game(["Ann", "Bob"], seed=0), humans=[0], pace=0.4)
    send(w, {"kind": "play", "move": "9-1@9-9", "version": w.version})
    start = page.evaluate("() => { cfw.mounted = performance.now(); return cfw.mounted; }")
    mount(page, w)
    page.wait_for_function("cfw.sent().length > 0", timeout=5000)
    waited = page.evaluate("() => performance.now()") - start
    assert waited >= 390
    assert sent(page) == [{"kind": "next", "version": w.version, "seat": 0, "auto": True}]
    assert "(bot) moves shortly" in page.locator(".cfw-status").inner_text()
    # Paused, the bots wait; resumed, they go on at the same pace. A longer pace here
    # keeps the pause click ahead of the timer even on a busy machine.
    w.pace = 2.0
    mount(page, w)
    page.locator('[data-key="pause"]').click()
    assert page.locator('[data-key="pause"]').inner_text() == "Resume bots"
    assert page.locator('[data-key="pause"]').get_attribute("aria-pressed") == "true"
    page.wait_for_timeout(2400)
    assert sent(page) == []
    page.locator('[data-key="pause"]').click()
    page.wait_for_function("cfw.sent().length > 0", timeout=10000)
    for m in sent(page):
        send(w, m)
    assert w.round.turn == 0 and len(w.round.history) >= 2


def test_the_view_cleans_up(page: Page) -> None:
    mount(page, position(with_choice))
    assert page.evaluate("cfw.listeners()") == 5
    page.evaluate("cfw.unmount()")
    assert page.evaluate("cfw.listeners()") == 0
    assert page.locator(".cfw").count() == 0


def test_a_plain_game_has_no_cue_section(page: Page) -> None:
    """The cue (guided play only) is made only when a view has one."""
    w = position(with_choice)
    mount(page, w)
    assert page.locator(".cfw").count() == 1 and page.locator(".cfw-cue").count() == 0
    sections = page.evaluate("[...document.querySelector('.cfw').children].map(e => e.className)")
    assert sections[:3] == ["cfw-head", "cfw-seats", "cfw-main"]
    page.evaluate("v => cfw.update({view: v})", {**w.view, "version": w.version + 1})
    assert page.locator(".cfw-cue").count() == 0


def test_round_end_shows_scores_and_next_round(page: Page) -> None:
    w = position(lambda w: w.round.is_over)
    mount(page, w)
    result = page.locator(".cfw-result")
    assert result.is_visible()
    assert result.locator("h3").inner_text() == w.view["result"]["title"]
    rows = result.locator("tbody tr")
    assert rows.count() == 3
    assert rows.nth(0).inner_text().split() == ["Ann", str(w.round.scores()[0])]
    assert page.locator(".cfw-sheet caption").inner_text() == "Score sheet"
    page.locator('[data-key="result-next"]').click()
    pump(page, w)
    assert w.game is not None and w.game.round_number == 2
    assert not result.is_visible()
    assert page.locator(".cfw-tiles .cfw-tile").count() == 1


def test_axe_finds_no_wcag_violations(page: Page) -> None:
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        pytest.skip("axe-playwright-python is not installed")
    w = position(with_choice)
    mount(page, w)
    item = next(i for i in w.view["hand"] if i["targets"])
    page.locator(f'.cfw-hand [data-tile="{item["tile"]}"]').click()
    options = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag22aa"]}}
    results = Axe().run(page, context=".cfw", options=options)
    violations = [(v["id"], v["impact"], len(v["nodes"])) for v in results.response["violations"]]
    print(f"axe: {len(violations)} violations {violations}")
    assert violations == []
    # With "More" and "Moves" open, in full screen, and with the round's result over the board.
    for key in ("more", "moves"):
        if page.locator(f'[data-key="{key}"]').is_visible():
            page.locator(f'[data-key="{key}"]').click()
    page.locator('[data-key="fullscreen"]').click()
    page.wait_for_function("document.fullscreenElement !== null")
    results = Axe().run(page, context=".cfw", options=options)
    assert [v["id"] for v in results.response["violations"]] == []
    page.keyboard.press("Escape")  # puts the chosen tile back
    page.keyboard.press("Escape")  # leaves full screen
    page.wait_for_function("document.fullscreenElement === null")
    mount(page, position(lambda w: w.round.is_over))
    assert page.locator(".cfw-card").is_visible()
    results = Axe().run(page, context=".cfw", options=options)
    assert [v["id"] for v in results.response["violations"]] == []


# -- the picture and the speed ------------------------------------------------------------------


def test_screenshot_for_the_readme(page: Page, pictures: Path) -> None:
    """A late, crowded table, laid to the board's shape, with a chosen tile's targets."""
    mount(page, GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=5), humans=[0], pace="click"))
    page.wait_for_function("cfw.boards().length > 0")
    board = page.evaluate("cfw.boards()")[-1]  # the board's shape, as the real widget sends it
    for seed in range(5, 60):
        w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=seed), humans=[0], pace="click")
        send(w, board)
        if advance(w, lambda w: len(w.round.table) >= 36 and with_choice(w)):
            break
    else:
        raise AssertionError("no round reached 36 tiles with a choice to make")
    page.evaluate("s => cfw.update(s)", widget_state(w))
    item = max(w.view["hand"], key=lambda i: len(i["targets"]))
    page.locator(f'.cfw-hand [data-tile="{item["tile"]}"]').click()
    page.mouse.move(0, 0)
    path = pictures / "widget.png"
    page.locator(".cfw").screenshot(path=str(path), animations="disabled")
    assert path.stat().st_size > 20_000


def test_static_files_ship_in_the_package() -> None:
    for name in (*BUNDLES, "widget.css"):
        text = (STATIC / name).read_text()
        assert text and not re.search(r"https?://", text.replace("http://www.w3.org/2000/svg", ""))
    for bundle in BUNDLES:  # an ES module whose default export is anywidget's { render }
        text = (STATIC / bundle).read_text()
        default = r"^var (\w+) = \{ render \};\nexport \{\n  \1 as default\n\};\n\Z"
        assert re.search(default, text, re.M), bundle
    json.dumps(widget_state(GameWidget(cf.Game(2, seed=1))))


# -- the hand is one Tab stop; the focus ring survives JupyterLab's styles -------------------------

# Rules like JupyterLab's notebook styles, which take the outline off focused elements.
JUPYTERLAB_LIKE = """
.jp-Notebook .jp-Cell :focus, .jp-Notebook .jp-Cell :focus-visible,
.jp-OutputArea-output button:focus-visible { outline: none; box-shadow: none; }
"""


def tab_stops(page: Page) -> list[str | None]:
    stops: list[str | None] = page.evaluate(
        """() => [...document.querySelectorAll('.cfw-hand .cfw-htile')]
            .filter((b) => b.tabIndex === 0).map((b) => b.dataset.tile)"""
    )
    return stops


def test_the_hand_is_one_tab_stop_with_arrow_keys_inside(page: Page) -> None:
    w = position(with_choice)
    mount(page, w)
    tiles = [i["tile"] for i in w.view["hand"]]
    assert len(tiles) >= 3 and tab_stops(page) == [tiles[0]]
    for _ in range(40):
        page.keyboard.press("Tab")
        if active(page)["tile"]:
            break
    assert active(page)["tile"] == tiles[0]
    page.keyboard.press("Tab")  # one Tab leaves the hand
    assert active(page)["tile"] is None
    page.keyboard.press("Shift+Tab")
    assert active(page)["tile"] == tiles[0]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert active(page)["tile"] == tiles[2] and tab_stops(page) == [tiles[2]]
    page.keyboard.press("End")
    assert active(page)["tile"] == tiles[-1]
    page.keyboard.press("Home")
    assert active(page)["tile"] == tiles[0]
    page.keyboard.press("ArrowLeft")  # wraps round to the last tile
    assert active(page)["tile"] == tiles[-1]
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")  # back to the tile last focused
    assert active(page)["tile"] == tiles[-1]
    item = next(i for i in w.view["hand"] if i["targets"])
    page.locator(f'.cfw-hand [data-tile="{item["tile"]}"]').focus()
    page.keyboard.press(" ")  # Space picks, like Enter
    assert active(page)["onto"] == item["targets"][0]["onto"]
    assert tab_stops(page) == [item["tile"]]


def test_the_focus_ring_shows_under_jupyterlab_like_styles(page: Page) -> None:
    page.evaluate(
        """css => {
            const style = document.createElement('style');
            style.textContent = css;
            document.head.appendChild(style);
            const host = document.getElementById('host');
            host.className = 'jp-OutputArea-output';
            const cell = document.createElement('div');
            cell.className = 'jp-Notebook';
            const inner = document.createElement('div');
            inner.className = 'jp-Cell';
            host.parentNode.insertBefore(cell, host);
            cell.appendChild(inner);
            inner.appendChild(host);
        }""",
        JUPYTERLAB_LIKE,
    )
    w = position(with_choice)
    mount(page, w)
    for _ in range(40):
        page.keyboard.press("Tab")
        if active(page)["tile"]:
            break
    assert active(page)["outline"] == "solid 3px"
    page.keyboard.press("Tab")
    assert active(page)["outline"] == "solid 3px"


# -- names and the end of a game -------------------------------------------------------------------


def test_a_name_with_a_right_to_left_override_does_not_flip_the_log(page: Page) -> None:
    w = GameWidget(cf.Game(["Ann\u202e", "Bob"], seed=0), humans=[0], pace="click")
    send(w, {"kind": "play", "move": "9-1@9-9", "version": w.version})
    mount(page, w)
    line = page.locator(".cfw-log li").first
    assert line.inner_text() == "Ann played 9-1 on 9-9"
    # Read left to right on screen, the words come in the order they were written.
    order = page.evaluate(
        """() => {
            const li = document.querySelector('.cfw-log li');
            const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
            const texts = [];
            while (walker.nextNode()) texts.push(walker.currentNode);
            const at = (word) => {
                const text = texts.find(t => t.data.includes(word));
                const r = document.createRange();
                const i = text.data.indexOf(word);
                r.setStart(text, i); r.setEnd(text, i + 1);
                return r.getBoundingClientRect().left;
            };
            return ["Ann", "played", "9-1", "on"].map(at);
        }"""
    )
    assert order == sorted(order)
    assert "\u202e" not in page.locator(".cfw").inner_text()
    assert page.locator(".cfw-players .cfw-name").first.get_attribute("dir") == "auto"


def test_the_end_of_a_game_shows_standings_and_a_new_game(page: Page) -> None:
    rules = cf.Rules(max_pip=3, spokes=3, hand_size=3)
    w = GameWidget(cf.Game(["Ann", "Bob"], rules, seed=4), pace="click")
    finish_game(w)
    assert w.game is not None and w.game.is_over
    mount(page, w)
    table = page.locator(".cfw-standings")
    assert table.is_visible()
    rows = table.locator("tbody tr")
    assert [rows.nth(i).inner_text().split() for i in range(rows.count())] == [
        [str(place), name, str(total)] for place, name, total in w.game.places()
    ]
    assert "None" not in page.locator(".cfw-result").inner_text()
    button = page.locator('[data-key="new-game"]')
    assert button.is_visible() and button.inner_text() == "New game"
    old = w.game
    button.click()
    assert pump(page, w)[0]["kind"] == "new_game"
    assert w.game is not old and w.game.round_number == 1
    assert not table.is_visible() and not button.is_visible()
    assert page.locator(".cfw-tiles .cfw-tile").count() == 1


def test_tile_names_in_the_move_log_never_break_across_lines(page: Page) -> None:
    w = position(lambda w: len(w.view["log"]) >= 12)
    mount(page, w)
    # A very narrow log wraps nearly every line, so some line ends fall inside a tile name.
    if page.locator('[data-key="moves"]').is_visible():  # a narrow widget: the log is behind it
        page.locator('[data-key="moves"]').click()
    page.add_style_tag(content=".cfw .cfw-log { width: 9ch !important; }")
    pieces = page.evaluate(
        """() => [...document.querySelectorAll('.cfw-log .cfw-tile-name')]
            .map(s => [s.textContent, s.getClientRects().length])"""
    )
    assert pieces and all(rects == 1 for _, rects in pieces), pieces
    texts = page.evaluate(
        "() => [...document.querySelectorAll('.cfw-log li')].map(e => e.textContent)"
    )
    assert texts == [entry["text"] for entry in w.view["log"]]  # the words are unchanged


def test_choosing_a_tile_with_many_targets_never_moves_the_buttons(page: Page) -> None:
    def many(w: GameWidget) -> bool:
        return w.view["playing"] and any(len(t["targets"]) >= 3 for t in w.view["hand"])

    w = position(many)
    page.set_viewport_size({"width": 520, "height": 900})  # a narrow screen
    mount(page, w)
    where = "() => { const r = document.querySelector('[data-key=draw]').getBoundingClientRect();"
    where += " return [r.left + scrollX, r.top + scrollY]; }"  # on the page, not the screen
    before = page.evaluate(where)
    tile = next(t["tile"] for t in w.view["hand"] if len(t["targets"]) >= 3)
    page.locator(f".cfw-htile[data-tile='{tile}']").click()
    assert page.locator(".cfw-target").count() >= 3
    assert page.evaluate(where) == before
    for target in page.locator(".cfw-target").all():  # each is whole, none cut to nothing
        box = target.bounding_box()
        assert box is not None and box["height"] >= 24


def test_the_log_says_why_the_players_drew_for_the_double(page: Page) -> None:
    w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=1), humans=[0], pace="click")
    state = widget_state(w)
    assert state["view"]["opening"] == ""
    mount(page, w)
    assert page.locator(".cfw-opening").is_hidden()
    words = (
        "Nobody was dealt 9-9, so the players drew from the chicken yard in turn"
        " until Bob drew it (4 tiles drawn)."
    )
    page.evaluate("v => cfw.update({view: v})", {**state["view"], "opening": words})
    if page.locator('[data-key="moves"]').is_visible():  # a narrow widget: the log is behind it
        page.locator('[data-key="moves"]').click()
    note = page.locator(".cfw-opening")
    assert note.is_visible() and note.inner_text() == words
    # It sits under the Moves heading, before the numbered moves.
    order = page.evaluate(
        "() => [...document.querySelector('.cfw-logcol').children]"
        ".map(e => e.className.split(' ')[0])"
    )
    assert order.index("cfw-opening") == order.index("cfw-log") - 1
