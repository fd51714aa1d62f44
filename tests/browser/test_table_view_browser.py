"""The table's view (``GameWidget(seat="table")``) on a class projector (1920x1080) and a
laptop (1280x800), in real Chromium: no hand, the whole table in view, axe finds nothing.

Each screen shows a round well under way (four and six players), on the page and in full
screen. The board gets the hand's height: its tiles are drawn larger than in a player's own
view of the same position on the same screen (the figures are printed). Pictures go to the
``pictures`` folder (``CFWIDGET_PICTURES``; a temporary one by default).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from servers import harness_page

import cfwidget as cf
from cfwidget.players import greedy
from cfwidget.widget import GameWidget
from tests.helpers.browser_harness import send, widget_state

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SCREENS = [(1920, 1080), (1280, 800)]
NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay"]
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag22aa"]

# What is on screen: the widget's box, the board's, every table tile's, the hand, the buttons.
MEASURE = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom]; };
  const shown = (sel) => [...document.querySelectorAll(sel)]
    .filter((el) => el.getClientRects().length > 0).length;
  const root = document.querySelector(".cfw");
  const board = document.querySelector(".cfw-board");
  const vb = document.querySelector(".cfw-svg").getAttribute("viewBox").split(" ").map(Number);
  return {
    window: [0, 0, window.innerWidth, window.innerHeight],
    root: box(root),
    board: box(board),
    tiles: [...document.querySelectorAll(".cfw-tiles [data-tile]")].map(box),
    tilePx: 100 * board.getBoundingClientRect().width / vb[2],
    table: root.classList.contains("is-table"),
    hand: shown(".cfw-hand") + shown(".cfw-hand-head") + shown(".cfw-htile"),
    buttons: ["draw", "pass", "next", "undo", "hint", "fullscreen"].filter(
      (k) => shown(`[data-key="${k}"]`) > 0),
    status: document.querySelector(".cfw-turn").textContent,
    players: shown(".cfw-player"),
    log: shown(".cfw-log li"),
    logBox: box(document.querySelector(".cfw-log")),
    lastMove: box(document.querySelector(".cfw-log li:last-child")),
  };
}"""


def within(inner: list[float], outer: list[float], slack: float = 1.5) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def under_way(players: int, moves: int, seat: int | str) -> GameWidget:
    """A round ``moves`` moves in (bots' moves by greedy), shown to ``seat``; Ann and Cy are
    people, the others bots."""
    game = cf.Game(NAMES[:players], seed=4)
    for _ in range(moves):
        rnd = game.round
        if rnd.is_over:
            break
        game.play(greedy(rnd.observation(rnd.turn)))
    return GameWidget(game, humans=[0, 2], seat=seat, pace="click")  # type: ignore[arg-type]


@pytest.fixture(params=SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def screen(request: pytest.FixtureRequest, browser: Browser, url: str) -> Iterator[Page]:
    width, height = request.param
    with harness_page(browser, url, width, height, strict=True) as pg:
        yield pg


def show(page: Page, w: GameWidget, full: bool) -> dict[str, Any]:
    page.evaluate("s => cfw.mount(s)", widget_state(w))
    if full:
        page.locator('[data-key="fullscreen"]').click()
        page.wait_for_function("document.fullscreenElement !== null")
    page.wait_for_timeout(150)  # the layout settles in the next frames
    for report in page.evaluate("cfw.boards()")[-1:]:
        send(w, report)  # the board's shape, as the kernel would take it
    page.evaluate("s => cfw.update(s)", widget_state(w))
    page.wait_for_timeout(150)
    measured: dict[str, Any] = page.evaluate(MEASURE)
    return measured


def leave_full(page: Page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_function("document.fullscreenElement === null")


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("full", [True, False], ids=["full-screen", "page"])
def test_the_table_view_shows_the_whole_table_and_no_hand(
    screen: Page, pictures: Path, players: int, full: bool
) -> None:
    size = screen.viewport_size
    assert size is not None
    label = f"table-{size['width']}x{size['height']}-{players}p-{'full' if full else 'page'}"
    w = under_way(players, 8 * players, "table")
    seen = show(screen, w, full)
    screen.screenshot(path=str(pictures / f"{label}.png"))
    assert seen["table"] and seen["hand"] == 0
    assert seen["buttons"] == ["next", "fullscreen"]  # no Draw, Pass, Undo or Hint
    assert seen["status"].endswith("to move.") or seen["status"].endswith("press Next.")
    assert seen["players"] == players + 1  # every seat and the chicken yard
    assert seen["log"] == len(w.view["log"])
    assert within(seen["lastMove"], seen["logBox"]), f"{label}: the last move is out of view"
    assert len(seen["tiles"]) == len(w.view["table"]) > players
    assert within(seen["root"], seen["window"]), f"{label}: the widget is cut off: {seen}"
    assert all(within(t, seen["board"]) for t in seen["tiles"]), f"{label}: a tile is cut off"
    # The hand's height goes to the board: a player's own view of the same position on the
    # same screen draws the table smaller.
    if full:
        leave_full(screen)
    own = show(screen, under_way(players, 8 * players, 0), full)
    print(
        f"{label}: tiles {seen['tilePx']:.1f} px on the table's view, "
        f"{own['tilePx']:.1f} px on a player's; board {seen['board'][3] - seen['board'][1]:.0f}"
        f" px high, {own['board'][3] - own['board'][1]:.0f} px"
    )
    assert own["hand"] > 0
    high = seen["board"][3] - seen["board"][1]
    assert high > own["board"][3] - own["board"][1]
    assert seen["tilePx"] >= own["tilePx"]
    if full:  # on a projector the table takes most of the screen
        assert high >= 0.75 * size["height"], f"{label}: the board is {high:.0f} px high"


def test_tiles_display_modes_and_large_work_on_the_table_view(screen: Page, pictures: Path) -> None:
    w = under_way(4, 40, "table")
    first = show(screen, w, full=True)
    for display, large in (("numerals", False), ("colour", True), ("pips", True)):
        screen.evaluate("p => cfw.update(p)", {"display": display, "large": large})
        screen.wait_for_timeout(100)
        seen = screen.evaluate(MEASURE)
        looks = screen.evaluate(
            "() => [document.querySelector('.cfw').dataset.display,"
            " document.querySelector('.cfw').classList.contains('is-large')]"
        )
        assert looks == [display, large]
        assert seen["hand"] == 0 and len(seen["tiles"]) == len(first["tiles"])
        assert within(seen["root"], seen["window"])
        assert all(within(t, seen["board"]) for t in seen["tiles"])
    size = screen.viewport_size
    assert size is not None
    screen.screenshot(path=str(pictures / f"table-{size['width']}x{size['height']}-large.png"))


@pytest.mark.parametrize("full", [True, False], ids=["full-screen", "page"])
def test_axe_finds_no_wcag_violations_on_the_table_view(screen: Page, full: bool) -> None:
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        pytest.skip("axe-playwright-python is not installed")
    w = under_way(6, 48, "table")
    show(screen, w, full)
    options = {"runOnly": {"type": "tag", "values": AXE_TAGS}}
    results = Axe().run(screen, context=".cfw", options=options)
    violations = [(v["id"], v["impact"], len(v["nodes"])) for v in results.response["violations"]]
    assert violations == []


def test_the_table_view_moves_the_bots_at_its_pace_and_sends_no_seat(screen: Page) -> None:
    """Next on the table's view and its timer (pace 0.2 s) move the bots; what it sends
    carries no seat, and a person's turn stops it."""
    game = cf.Game(["Ann", "Bob", "Cy"], seed=0)
    game.play("9-1@9-9")  # Ann's opening play: the bots Bob and Cy are next
    w = GameWidget(game, humans=[0], seat="table", pace=0.2)
    screen.evaluate("s => cfw.mount(s)", widget_state(w))
    sent: list[dict[str, Any]] = []
    for _ in range(20):
        if game.round.turn == 0:
            break
        screen.wait_for_function("cfw.sent().length > 0", timeout=5_000)
        for message in screen.evaluate("cfw.take()"):
            sent.append(message)
            send(w, message)
        screen.evaluate("s => cfw.update(s)", widget_state(w))
    assert game.round.turn == 0
    assert [m["kind"] for m in sent] == ["next", "next"]
    assert all(m["seat"] is None and m["auto"] is True for m in sent)
    assert {s for s, _ in game.round.history[1:]} == {1, 2}  # Bob's turn, then Cy's
    screen.wait_for_timeout(500)
    assert screen.evaluate("cfw.sent()") == []  # Ann's turn: nothing more is sent
    assert screen.locator(".cfw-turn").inner_text() == "Ann to move."
    assert screen.locator('[data-key="next"]').is_disabled()
    screen.locator(".cfw-board").focus()
    for key in "dpuhn":  # only N is a key of the table's view, and Next waits for Ann
        screen.keyboard.press(key)
    assert screen.evaluate("cfw.sent()") == []
    assert screen.locator(".cfw-message").inner_text() == "Next is not possible now."
