"""The widget on screen, in real headless Chromium: scrolling, the zoom strip, the height.

Notebook conventions: a plain wheel over the board scrolls the page and leaves the zoom alone;
Ctrl (or Cmd) with the wheel zooms. The zoom buttons sit outside the drawn board, so they never
cover a tile, even on a full 55-tile table. At 1280x900 the whole widget fits in 760 px and the
turn line stays in view; the guided view (large tiles) keeps the client's tiles and the Draw and
Pass buttons above the fold at 1024x768.
"""

from __future__ import annotations

from collections.abc import Iterator
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
from tools.browser_harness import advance, finish_game, serve_static, widget_state
from tools.widget_bench import full_farmyard

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

FOLD = 760  # the widget's height budget at 1280x900


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with serve_static() as address:
        yield address


def open_page(browser: Browser, url: str, width: int, height: int) -> Page:
    pg = browser.new_page(viewport={"width": width, "height": height})
    pg.goto(url)
    pg.wait_for_function("window.cfwReady === true")
    return pg


@pytest.fixture
def wide(browser: Browser, url: str) -> Iterator[Page]:
    pg = open_page(browser, url, 1280, 900)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    pg.close()
    assert not errors, errors


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


@pytest.mark.parametrize(
    "make", [start_of_game, late_round, end_of_game, full_table], ids=lambda f: f.__name__
)
def test_the_widget_fits_760_px_at_1280_by_900(wide: Page, make: Any) -> None:
    state = make()
    mount(wide, state)
    height = wide.locator(".cfw").evaluate("e => e.getBoundingClientRect().height")
    print(f"{make.__name__}: widget {height:.0f} px high at 1280x900")
    assert height <= FOLD
    if state["view"]["result"] is not None:
        assert wide.locator(".cfw-result").is_visible()
        assert wide.locator(".cfw-sheet").is_visible()
    turn = wide.locator(".cfw-turn").bounding_box()
    assert turn is not None and turn["y"] >= 0 and turn["y"] + turn["height"] <= 900


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
