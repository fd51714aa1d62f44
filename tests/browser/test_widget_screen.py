"""The widget on screen, in real headless Chromium: scrolling, the zoom strip, the height.

Notebook conventions: a plain wheel over the board scrolls the page and leaves the zoom alone;
Ctrl (or Cmd) with the wheel zooms. The zoom buttons sit outside the drawn board, so they never
cover a tile, even on a full 55-tile table. The board takes the height the visible panel leaves
(the window here, or a scrolling panel as JupyterLab's notebook): the widget is never taller
than that panel, and the turn line stays in view; the guided view (large tiles) keeps the
client's tiles and the Draw and Pass buttons above the fold at 1024x768. Every target and
Cancel are in view with 8 targets; full screen comes by the button and by F and leaves by Esc;
the round's points and the standings of 8 players with 40-letter names are whole; the round's
result card hides no tile (on the board beside the farmyard, or under the board); on a touch
screen every control and hand tile is at least 44 px across, with a mouse they stay compact.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import cfwidget as cf
from cfwidget.core import Round, Rules
from cfwidget.table import Farmyard, bounds
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings
from cfwidget.therapy.widget import GuidedSession
from cfwidget.widget import GameWidget
from cfwidget.widget._view import placed_tile
from tests.helpers.browser_harness import advance, finish_game, send, widget_state
from tests.helpers.layout_check import full_farmyard

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SIZES = [(1280, 800), (1366, 768), (1280, 900), (1024, 768)]


def open_page(browser: Browser, url: str, width: int, height: int) -> Page:
    pg = browser.new_page(viewport={"width": width, "height": height})
    pg.goto(url)
    pg.wait_for_function("window.cfwReady === true")
    return pg


# -- states ----------------------------------------------------------------------------------------


def start_of_game() -> dict[str, Any]:
    return widget_state(GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=1), pace="click"))


def late_round() -> dict[str, Any]:
    """A real round with 30 tiles or more on the table and Ann to play."""
    for seed in range(100):
        w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=seed), pace="click")
        if advance(w, lambda w: len(w.view["table"]) >= 30 and w.view["playing"]):
            return widget_state(w)
    raise AssertionError("no late round found")


def second_round() -> dict[str, Any]:
    """Round 2 under way (a score sheet to show), Ann to play."""
    w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=5), pace="click")
    advance(w, lambda w: w.round.is_over)
    send(w, {"kind": "next", "version": w.version})
    assert advance(
        w,
        lambda w: (
            len(w.view["table"]) >= 12
            and w.view["playing"]
            and any(t["targets"] for t in w.view["hand"])
        ),
    )
    return widget_state(w)


def end_of_game() -> dict[str, Any]:
    rules = cf.Rules(max_pip=3, spokes=3, hand_size=3)
    w = GameWidget(cf.Game(["Ann", "Bob"], rules, seed=4), pace="click")
    finish_game(w)
    assert w.game is not None and w.game.is_over
    return widget_state(w)


def full_table() -> dict[str, Any]:
    """All 55 tiles of the double-nine set laid out, in a two-player round's view."""
    yard = Farmyard(4, 3)
    for p in full_farmyard():
        yard.add(p)
    laid = list(yard.placements)
    state = widget_state(GameWidget(Round.deal(Rules(), players=2, seed=1), humans=[0]))
    minx, miny, maxx, maxy = bounds(laid)
    view = dict(state["view"])
    view["table"] = [placed_tile(p) for p in laid]
    view["bounds"] = {"min_x": minx, "min_y": miny, "max_x": maxx, "max_y": maxy}
    view["last"] = str(laid[-1].tile)
    return dict(state, view=view)


def guided() -> dict[str, Any]:
    class Clock:
        def __call__(self) -> float:
            return 1_700_000_000.0

    session = Session(SessionSettings(seed=4, cue_start=3), client="AB12", clock=Clock())
    return widget_state(GuidedSession(session))


def mount(page: Page, state: dict[str, Any]) -> None:
    page.evaluate("s => cfw.mount(s)", state)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def view_box(page: Page) -> list[float]:
    return [float(x) for x in page.locator(".cfw-svg").get_attribute("viewBox").split()]


# -- scrolling and zooming -------------------------------------------------------------------------


def test_a_plain_wheel_scrolls_the_page_and_ctrl_wheel_zooms(wide: Page) -> None:
    mount(wide, late_round())
    wide.evaluate(
        """() => { const tall = document.createElement("div");
                   tall.style.height = "2000px"; document.body.appendChild(tall); }"""
    )
    board = wide.locator(".cfw-board").bounding_box()
    assert board is not None
    fitted = view_box(wide)
    wide.mouse.move(board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)
    wide.mouse.wheel(0, 300)
    wide.wait_for_function("window.scrollY > 0")
    assert wide.evaluate("window.scrollY") > 0
    assert view_box(wide) == fitted

    wide.evaluate("window.scrollTo(0, 0)")
    wide.wait_for_function("window.scrollY === 0")
    wide.mouse.move(board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)
    wide.keyboard.down("Control")
    wide.mouse.wheel(0, -300)
    wide.keyboard.up("Control")
    zoomed = view_box(wide)
    assert zoomed[2] < fitted[2] and zoomed[3] < fitted[3]
    assert wide.evaluate("window.scrollY") == 0


def test_one_finger_scrolls_the_page_over_the_board(wide: Page) -> None:
    mount(wide, start_of_game())
    assert wide.locator(".cfw-board").evaluate("b => getComputedStyle(b).touchAction") == (
        "pan-x pan-y"
    )


def touch(page: Page, kind: str, finger: int, x: float, y: float) -> None:
    """One finger's pointer event on the board, as a touch screen sends it."""
    page.locator(".cfw-board").dispatch_event(
        kind,
        {
            "pointerId": 10 + finger,
            "pointerType": "touch",
            "isPrimary": finger == 0,
            "clientX": x,
            "clientY": y,
            "button": 0,
            "bubbles": True,
        },
    )


def test_two_fingers_pinch_zoom_and_never_below_the_smallest_tile(wide: Page) -> None:
    mount(wide, late_round())
    board = wide.locator(".cfw-board").bounding_box()
    assert board is not None
    cx, cy = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
    fitted = view_box(wide)
    touch(wide, "pointerdown", 0, cx - 40, cy)
    touch(wide, "pointerdown", 1, cx + 40, cy)
    for step in range(1, 6):  # fingers apart: zoom in
        touch(wide, "pointermove", 0, cx - 40 - 20 * step, cy)
        touch(wide, "pointermove", 1, cx + 40 + 20 * step, cy)
    zoomed = view_box(wide)
    assert zoomed[2] == pytest.approx(fitted[2] * 80 / 280, rel=0.02)
    for step in range(1, 12):  # fingers together, far: out no further than the fitted view
        touch(wide, "pointermove", 0, cx - 140 + 12 * step, cy)
        touch(wide, "pointermove", 1, cx + 140 - 12 * step, cy)
    touch(wide, "pointerup", 0, cx, cy)
    touch(wide, "pointerup", 1, cx, cy)
    assert view_box(wide)[2] == pytest.approx(fitted[2], rel=0.01)
    assert 100 * board["width"] / view_box(wide)[2] >= 22 - 0.01


def test_the_zoom_buttons_never_cover_a_tile_on_a_full_table(wide: Page) -> None:
    mount(wide, full_table())
    assert wide.locator(".cfw-tiles .cfw-tile").count() == 55
    overlaps = wide.evaluate(
        """() => {
            const hit = (a, b) => a.left < b.right && b.left < a.right
                               && a.top < b.bottom && b.top < a.bottom;
            const board = document.querySelector(".cfw-board").getBoundingClientRect();
            const buttons = [...document.querySelectorAll(".cfw-zoom .cfw-btn")]
                .map(b => b.getBoundingClientRect());
            const tiles = [...document.querySelectorAll(".cfw-tiles .cfw-tile")]
                .map(t => t.getBoundingClientRect());
            return {
                count: buttons.length,
                onBoard: buttons.filter(b => hit(b, board)).length,
                onTiles: buttons.flatMap(b => tiles.filter(t => hit(b, t))).length,
            };
        }"""
    )
    assert overlaps == {"count": 3, "onBoard": 0, "onTiles": 0}
    # The strip also holds for the zoomed-in view the buttons lead to.
    wide.locator('[data-key="zoom-in"]').click()
    wide.locator('[data-key="zoom-in"]').click()
    below = wide.evaluate(
        """() => document.querySelector(".cfw-zoom").getBoundingClientRect().top
               >= document.querySelector(".cfw-board").getBoundingClientRect().bottom"""
    )
    assert below


# -- fitting the screen ----------------------------------------------------------------------------


BOARD_IN_WIDGET = """() => {
    const r = document.querySelector(".cfw").getBoundingClientRect();
    const b = document.querySelector(".cfw-board").getBoundingClientRect();
    return [b.left - r.left, b.top - r.top, b.width, b.height];
}"""


def sizes(page: Page) -> dict[str, float]:
    out: dict[str, float] = page.evaluate(
        """() => {
            const r = (q) => document.querySelector(q).getBoundingClientRect();
            return {widget: r(".cfw").height, board: r(".cfw-board").height,
                    boardW: r(".cfw-board").width, inner: innerHeight};
        }"""
    )
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(
    "make", [start_of_game, late_round, end_of_game, full_table], ids=lambda f: f.__name__
)
def test_the_widget_is_never_taller_than_the_window_and_the_board_takes_the_rest(
    browser: Browser, url: str, make: Any, size: tuple[int, int]
) -> None:
    pg = open_page(browser, url, *size)
    try:
        state = make()
        mount(pg, state)
        got = sizes(pg)
        print(
            f"{make.__name__} at {size}: widget {got['widget']:.0f}, board {got['boardW']:.0f}"
            f"x{got['board']:.0f}"
        )
        assert got["widget"] <= size[1]
        assert got["board"] >= 200
        # The board takes what is there: all but a small margin of the window goes to the widget.
        assert got["widget"] >= size[1] - 60 or got["board"] >= 0.8 * got["boardW"] - 1
        if state["view"]["result"] is not None:
            assert pg.locator(".cfw-result").is_visible()
            assert pg.locator(".cfw-sheet").is_visible()
        turn = pg.locator(".cfw-turn").bounding_box()
        assert turn is not None and turn["y"] >= 0 and turn["y"] + turn["height"] <= size[1]
    finally:
        pg.close()


PANEL_JS = """([height]) => {
    // A scrolling panel 860 px wide, as JupyterLab's notebook with the file browser open.
    const host = document.getElementById("host");
    const panel = document.createElement("div");
    panel.id = "panel";
    panel.style.cssText = `width: 860px; height: ${height}px; overflow-y: auto; padding: 8px`;
    const cell = document.createElement("pre");
    cell.textContent = "w = cf.GameWidget(game)\\nw";
    host.before(panel);
    panel.append(cell, host);
}"""


@pytest.mark.parametrize("make", [late_round, second_round], ids=lambda f: f.__name__)
@pytest.mark.parametrize("size", [(1280, 800, 679), (1366, 768, 640)], ids=str)
def test_in_a_scrolling_panel_the_widget_fits_the_panel_even_with_the_moves_open(
    browser: Browser, url: str, size: tuple[int, int, int], make: Any
) -> None:
    width, height, panel = size
    pg = open_page(browser, url, width, height)
    try:
        pg.evaluate(PANEL_JS, [panel])
        state = make()
        mount(pg, state)
        # What the panel shows of its content: its height less its padding.
        visible = pg.evaluate("() => document.getElementById('panel').clientHeight - 16")
        assert visible == panel
        first = sizes(pg)
        assert first["widget"] <= visible
        board = pg.evaluate(BOARD_IN_WIDGET)
        # Picking a tile and a message never move nor resize the board.
        pg.locator(".cfw-htile.is-playable").first.click()
        pg.evaluate("() => cfw.update({message: 'That was already done.'})")
        pg.wait_for_timeout(100)
        assert pg.evaluate(BOARD_IN_WIDGET) == board
        # The moves open under the band: the board gives way, the log shows 4 lines or more.
        moves = pg.locator('[data-key="moves"]')
        if moves.is_visible():
            moves.click()
            pg.wait_for_timeout(100)
            assert sizes(pg)["widget"] <= visible
            # In a game's later rounds the score sheet is there too, beside the log.
            assert pg.locator(".cfw-sheet").is_visible() == bool(state["view"]["sheet"]["rounds"])
        lines = pg.evaluate(
            """() => { const log = document.querySelector(".cfw-log");
                       const li = log.querySelector("li");
                       return log.clientHeight / li.getBoundingClientRect().height; }"""
        )
        print(
            f"panel {visible}px: widget {first['widget']:.0f}, board {board[2]:.0f}x"
            f"{board[3]:.0f}, log {lines:.1f} lines"
        )
        assert lines >= 4
    finally:
        pg.close()


def eight_targets() -> dict[str, Any]:
    """A late round where Ann's first tile is given 8 targets (each a tile on the table)."""
    state = late_round()
    view = dict(state["view"])
    table = view["table"]
    picks = table[:: max(1, len(table) // 8)][:8]
    targets = [
        {
            "move": f"{view['hand'][0]['tile']}:{p['tile']}",
            "say": None,
            "onto": p["tile"],
            "text": f"on {p['tile']} (a line)",
            "badge_x": p["x"],
            "badge_y": p["y"] + 0.9,
        }
        for p in picks
    ]
    hand = [dict(view["hand"][0], targets=targets), *view["hand"][1:]]
    return dict(state, view=dict(view, hand=hand, playing=True))


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768), (1024, 768)], ids=str)
def test_eight_targets_and_cancel_are_all_in_view_and_the_board_stays(
    browser: Browser, url: str, size: tuple[int, int]
) -> None:
    pg = open_page(browser, url, *size)
    try:
        state = eight_targets()
        mount(pg, state)
        board = pg.evaluate(BOARD_IN_WIDGET)
        pg.locator(".cfw-htile").first.click()
        buttons = pg.locator(".cfw-targets .cfw-target")
        assert buttons.count() == 8
        boxes = [b.bounding_box() for b in [*buttons.all(), pg.locator('[data-key="cancel"]')]]
        for box in boxes:
            assert box is not None and box["height"] >= 24
            assert box["x"] >= 0 and box["x"] + box["width"] <= size[0]
        # Nothing scrolls sideways; the board neither moved nor changed size.
        assert pg.evaluate(
            "() => { const t = document.querySelector('.cfw-targets');"
            " return t.scrollWidth <= t.clientWidth; }"
        )
        pg.wait_for_timeout(100)
        assert pg.evaluate(BOARD_IN_WIDGET) == board
        assert sizes(pg)["widget"] <= size[1]
        # Keyboard: the first target has focus; the arrows walk all 8; Escape puts it back.
        for i in range(8):
            onto = pg.evaluate("() => document.activeElement.dataset.onto")
            assert onto == state["view"]["hand"][0]["targets"][i]["onto"]
            pg.keyboard.press("ArrowRight")
    finally:
        pg.close()


def test_full_screen_by_the_button_and_by_f_and_esc_leaves(browser: Browser, url: str) -> None:
    pg = open_page(browser, url, 1280, 800)
    try:
        mount(pg, late_round())
        button = pg.locator('[data-key="fullscreen"]')
        assert button.is_visible() and button.inner_text() == "Full screen"
        small = sizes(pg)
        button.click()
        pg.wait_for_function("document.fullscreenElement === document.querySelector('.cfw')")
        pg.wait_for_timeout(200)
        assert button.inner_text() == "Leave full screen"
        full = sizes(pg)
        print(
            f"full screen: widget {full['widget']:.0f}, board {full['boardW']:.0f}"
            f"x{full['board']:.0f} (was {small['boardW']:.0f}x{small['board']:.0f})"
        )
        assert full["widget"] <= full["inner"] and full["board"] > small["board"]
        assert full["board"] >= full["inner"] - 320
        # The rest stays usable: the hand and Draw are on the screen.
        for q in (".cfw-htile", '[data-key="draw"]'):
            box = pg.locator(q).first.bounding_box()
            assert box is not None and box["y"] + box["height"] <= full["inner"]
        # The moves sit beside the board.
        assert pg.locator(".cfw-side .cfw-log").is_visible()
        pg.keyboard.press("Escape")
        pg.wait_for_function("document.fullscreenElement === null")
        pg.wait_for_timeout(200)
        assert button.inner_text() == "Full screen"
        pg.locator(".cfw-board").focus()
        pg.keyboard.press("f")
        pg.wait_for_function("document.fullscreenElement === document.querySelector('.cfw')")
        pg.keyboard.press("F")
        pg.wait_for_function("document.fullscreenElement === null")
    finally:
        pg.close()


def test_without_the_fullscreen_api_the_button_is_gone_and_f_says_why(
    browser: Browser, url: str
) -> None:
    pg = open_page(browser, url, 1280, 800)
    try:
        pg.evaluate(
            """() => { for (const k of ["fullscreenEnabled", "webkitFullscreenEnabled"])
                           Object.defineProperty(document, k, {value: false}); }"""
        )
        mount(pg, start_of_game())
        assert pg.locator('[data-key="fullscreen"]').is_hidden()
        pg.locator(".cfw-board").focus()
        pg.keyboard.press("f")
        assert "Full screen is not possible here" in pg.locator(".cfw-message").inner_text()
    finally:
        pg.close()


LONG = [
    f"{name} " + "of the Long Table Club, Class " + str(i)
    for i, name in enumerate(
        [
            "Annabel",
            "Bartholomew",
            "Cyrillia",
            "Dorotheo",
            "Evangelina",
            "Fitzgerald",
            "Gwendolyn",
            "Hieronymus",
        ]
    )
]


def eight_long_names_game_over() -> dict[str, Any]:
    names = [n[:40].ljust(40, ".") for n in LONG]
    rules = cf.Rules(max_pip=5, spokes=3, hand_size=2)
    w = GameWidget(cf.Game(names, rules, seed=3), pace="click")
    finish_game(w)
    assert w.game is not None and w.game.is_over
    return widget_state(w)


def test_eight_players_with_40_letter_names_are_whole_in_the_result(
    browser: Browser, url: str
) -> None:
    pg = open_page(browser, url, 1280, 800)
    try:
        state = eight_long_names_game_over()
        # The names are 40 letters; every view shows a name cut to cfwidget.core's limit.
        assert len(state["view"]["names"]) == 8
        mount(pg, state)
        whole = pg.evaluate(
            """() => {
                const card = document.querySelector(".cfw-card").getBoundingClientRect();
                const out = [];
                for (const q of [".cfw-result-tables > .cfw-table:not(.cfw-standings)",
                                 ".cfw-standings"]) {
                    const t = document.querySelector(q);
                    const r = t.getBoundingClientRect();
                    out.push({rows: t.querySelectorAll("tbody tr").length,
                              inside: r.top >= card.top - 1 && r.bottom <= card.bottom + 1
                                      && r.left >= card.left - 1 && r.right <= card.right + 1});
                }
                const heads = [...document.querySelectorAll(".cfw-card thead th")]
                    .filter(th => ["Place", "Round", "Player", "Points", "Total"]
                                  .includes(th.textContent))
                    .map(th => { const r = document.createRange(); r.selectNodeContents(th);
                                 return r.getClientRects().length === 1; });
                return {tables: out, heads, widget: document.querySelector(".cfw")
                        .getBoundingClientRect().height};
            }"""
        )
        print(f"8 long names: {whole}")
        assert whole["tables"] == [{"rows": 8, "inside": True}, {"rows": 8, "inside": True}]
        assert whole["heads"] and all(whole["heads"])
        # Eight players' card would leave the farmyard too small on the board: it goes under
        # it (the page scrolls for the rest), with its title and "New game" in the window.
        assert pg.locator(".cfw-card").evaluate("c => c.classList.contains('is-below')")
        again = pg.locator('[data-key="new-game"]').bounding_box()
        assert again is not None and again["y"] + again["height"] <= 800
        # The card is no scroller for the points and the standings: they are within its view.
        card = pg.locator(".cfw-card")
        assert card.evaluate("c => c.scrollTop") == 0
        for name in state["view"]["names"]:
            cell = pg.locator(".cfw-standings tbody th", has_text=name)
            box = cell.bounding_box()
            cbox = card.bounding_box()
            assert box is not None and cbox is not None
            assert box["y"] + box["height"] <= cbox["y"] + cbox["height"] + 1
    finally:
        pg.close()


def test_the_turn_line_stays_in_view_when_the_page_scrolls(wide: Page) -> None:
    mount(wide, late_round())
    wide.evaluate(
        """() => { const tall = document.createElement("div");
                   tall.style.height = "2000px"; document.body.appendChild(tall); }"""
    )
    top = wide.locator(".cfw").evaluate("e => e.getBoundingClientRect().top + scrollY")
    wide.evaluate("y => window.scrollTo(0, y)", top + 300)
    turn = wide.locator(".cfw-turn").bounding_box()
    assert turn is not None and 0 <= turn["y"] <= 40
    assert wide.locator(".cfw-turn").inner_text() == "Your turn, Ann."


def test_the_guided_view_keeps_tiles_and_draw_and_pass_above_the_fold(
    browser: Browser, url: str
) -> None:
    pg = open_page(browser, url, 1024, 768)
    try:
        state = guided()
        assert state["large"] is True and state["view"]["cue"] is not None
        mount(pg, state)
        assert pg.locator(".cfw-cue").is_visible()
        bottoms = pg.evaluate(
            """() => {
                const bottom = q => [...document.querySelectorAll(q)]
                    .map(e => e.getBoundingClientRect().bottom);
                return {hand: bottom(".cfw-htile"), draw: bottom('[data-key="draw"]'),
                        pass: bottom('[data-key="pass"]')};
            }"""
        )
        assert bottoms["hand"] and bottoms["draw"] and bottoms["pass"]
        print(f"guided at 1024x768: hand {max(bottoms['hand']):.0f}, draw {bottoms['draw'][0]:.0f}")
        assert max(bottoms["hand"] + bottoms["draw"] + bottoms["pass"]) <= 768
        # Large tiles keep every control at least 44 px.
        small = pg.evaluate(
            """() => [...document.querySelectorAll(".cfw button:not([hidden])")]
                .map(b => b.getBoundingClientRect())
                .filter(r => r.width > 0 && (r.width < 44 || r.height < 44)).length"""
        )
        assert small == 0
    finally:
        pg.close()


# -- the result card -------------------------------------------------------------------------------


def round_over(names: list[str], seed: int) -> dict[str, Any]:
    """The first round of a game of ``names`` just over: its result card is up."""
    w = GameWidget(cf.Game(names, seed=seed), pace="click")
    assert advance(w, lambda w: w.round.is_over)
    assert w.view["result"] is not None
    return widget_state(w)


ROUND_ENDS = {
    "2 players": lambda: round_over(["Ann", "Bob"], 2),
    "4 players": lambda: round_over(["Ann", "Bob", "Cy", "Dee"], 3),
    "8 players": lambda: eight_long_names_game_over(),
}

CARD_AND_TILES = """() => {
    const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
                       && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const card = document.querySelector(".cfw-card").getBoundingClientRect();
    const board = document.querySelector(".cfw-board").getBoundingClientRect();
    const tiles = [...document.querySelectorAll(".cfw-tiles .cfw-tile")]
        .map(t => t.getBoundingClientRect());
    const inBoard = (t) => t.left >= board.left - 0.5 && t.right <= board.right + 0.5
                        && t.top >= board.top - 0.5 && t.bottom <= board.bottom + 0.5;
    return {
        tiles: tiles.length,
        covered: tiles.filter(t => hit(t, card)).length,
        outside: tiles.filter(t => !inBoard(t)).length,
        side: document.querySelector(".cfw-card").classList.contains("is-side"),
        smallest: Math.min(...tiles.map(t => Math.min(t.width, t.height))),
    };
}"""


@pytest.mark.parametrize("size", [*SIZES, (768, 1024), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(ROUND_ENDS), ids=lambda g: g.replace(" ", "-"))
def test_the_round_result_hides_no_tile_of_the_table(
    browser: Browser, url: str, size: tuple[int, int], game: str
) -> None:
    pg = open_page(browser, url, *size)
    try:
        state = ROUND_ENDS[game]()
        mount(pg, state)
        assert pg.locator(".cfw-card").is_visible()
        got = pg.evaluate(CARD_AND_TILES)
        print(f"\n{game} at {size}: {got}")
        if os.environ.get("CFWIDGET_SHOTS"):
            folder = Path(os.environ["CFWIDGET_SHOTS"])
            folder.mkdir(parents=True, exist_ok=True)
            name = f"result-{game.replace(' ', '-')}-{size[0]}x{size[1]}.png"
            pg.screenshot(path=str(folder / name), full_page=True)
        assert got["tiles"] == len(state["view"]["table"]) > 0
        assert got["covered"] == 0 and got["outside"] == 0, got
        # The next round's card goes: the whole board is the farmyard's again.
        pg.evaluate("s => cfw.mount(s)", start_of_game())
        pg.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        assert pg.locator(".cfw-card").is_hidden()
        svg = pg.locator(".cfw-svg").bounding_box()
        board = pg.locator(".cfw-board").bounding_box()
        assert svg is not None and board is not None
        assert abs(svg["height"] - board["height"]) < 1 and abs(svg["width"] - board["width"]) < 1
    finally:
        pg.close()


# -- fingers ---------------------------------------------------------------------------------------

CONTROLS = """() => [...document.querySelectorAll(".cfw button, .cfw [role=button], .cfw select,"
    + " .cfw input")]
    .filter(b => b.offsetParent !== null && !b.closest("[hidden]"))
    .map(b => { const r = b.getBoundingClientRect();
                return {key: b.dataset.key || b.className || b.textContent.trim(),
                        w: r.width, h: r.height,
                        off: r.left < -0.5 || r.right > innerWidth + 0.5}; })"""


@pytest.mark.parametrize(
    "size", [(768, 1024), (1024, 768), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}"
)
@pytest.mark.parametrize("make", [second_round, eight_targets, guided], ids=lambda f: f.__name__)
def test_on_a_touch_screen_every_control_is_44_px_across(
    browser: Browser, url: str, size: tuple[int, int], make: Any
) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True)
    pg = context.new_page()
    try:
        pg.goto(url)
        pg.wait_for_function("window.cfwReady === true")
        assert pg.evaluate("() => matchMedia('(pointer: coarse)').matches")
        mount(pg, make())
        shown = pg.evaluate(CONTROLS)
        small = [c for c in shown if c["w"] < 44 - 0.5 or c["h"] < 44 - 0.5]
        print(
            f"\n{make.__name__} at {size}: {len(shown)} controls, smallest "
            f"{min(min(c['w'], c['h']) for c in shown):.0f} px"
        )
        assert len(shown) >= 5 and small == []
        # and each is on the screen: on a phone the tools wrap rather than run off its edge
        assert [c["key"] for c in shown if c["off"]] == []
    finally:
        context.close()


def test_with_a_mouse_the_controls_stay_compact(wide: Page) -> None:
    mount(wide, second_round())
    draw = wide.locator('[data-key="draw"]').bounding_box()
    assert draw is not None and draw["height"] < 40
