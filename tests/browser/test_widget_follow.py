"""A whole round played by clicking, at 900x560 in real Chromium: the table stays readable.

After every click the tiles on screen are at least MIN_TILE_PX wide; when the table is too
big to show whole at that size, the view follows the play (the last move, the chosen tile's
targets and their badges stay on the board) and the overview appears. Badges are never cut
off at the board's edge. The board tells Python its shape.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

import cfwidget as cf
from cfwidget.widget import GameWidget
from tests.helpers.browser_harness import send, widget_state

if TYPE_CHECKING:
    from playwright.sync_api import Page

MIN_TILE_PX = 22

# What the board shows now, measured on screen.
MEASURE = """() => {
  const board = document.querySelector(".cfw-board").getBoundingClientRect();
  const vb = document.querySelector(".cfw-svg").getAttribute("viewBox").split(" ").map(Number);
  const box = (el) => { const r = el.getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom]; };
  return {
    board: [board.left, board.top, board.right, board.bottom],
    tilePx: 100 * board.width / vb[2],
    following: document.querySelector(".cfw-board").classList.contains("is-following"),
    overview: !document.querySelector(".cfw-overview").hidden,
    picked: !!document.querySelector(".cfw-htile[aria-pressed=true]"),
    last: [...document.querySelectorAll(".cfw-lastring")].map(box),
    targets: [...document.querySelectorAll(".cfw-marks .cfw-target-mark")].map((g) => ({
      onto: g.dataset.onto,
      ring: box(g.querySelector(".cfw-ring-over")),
      badge: box(g.querySelector(".cfw-badge-dot")),
      edge: [...document.querySelectorAll(".cfw-badge-off")]
        .filter((e) => e.dataset.onto === g.dataset.onto).map(box)[0] || null,
    })),
  };
}"""


def within(inner: list[float], outer: list[float], slack: float = 1.5) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def bots_move(w: GameWidget) -> None:
    while not w.round.is_over and w.round.turn != w.seat:
        send(w, {"kind": "next", "version": w.version})


def click_through_a_round(
    page: Page, w: GameWidget, *, mount: bool = True, tell_board: bool = False
) -> list[dict[str, Any]]:
    """Play Ann's turns by clicking (tile, then its first badge) until the round ends.

    What the board showed after every click; the round's end is seen too when the widget is
    mounted here. ``tell_board`` passes the board's size reports to Python as the kernel would,
    so the next round is laid to the board's shape.
    """
    seen: list[dict[str, Any]] = []
    if mount:
        page.evaluate("s => cfw.mount(s)", widget_state(w))
    for _ in range(300):
        bots_move(w)
        page.evaluate("s => cfw.update(s)", widget_state(w))
        if tell_board:
            for report in page.evaluate("cfw.boards()")[-1:]:
                send(w, report)
        if not w.round.is_over or mount:
            seen.append(page.evaluate(MEASURE))
        if w.round.is_over:
            return seen
        playable = page.locator(".cfw-hand .cfw-htile.is-playable")
        if playable.count():
            playable.first.click()
            seen.append(page.evaluate(MEASURE))
            page.locator(".cfw-hit circle").first.click()
        elif w.view["can_draw"]:
            page.locator('[data-key="draw"]').click()
        else:
            page.locator('[data-key="pass"]').click()
        for message in page.evaluate("cfw.take()"):
            send(w, message)
    raise AssertionError("the round did not end")


def test_a_round_played_by_clicking_stays_readable_and_follows_the_play(wide: Page) -> None:
    # A small window (a tablet held sideways): the board is small enough that late tables are
    # followed (at 1280x900 the board now shows these rounds whole).
    wide.set_viewport_size({"width": 900, "height": 560})
    followed = picks = edges = 0
    for seed in (1, 2, 3):
        w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=seed), pace="click")
        seen = click_through_a_round(wide, w)
        for m in seen:
            assert m["tilePx"] >= MIN_TILE_PX - 0.01, m["tilePx"]
            assert m["overview"] == m["following"]
            if not m["picked"]:  # the last move is in view (a chosen tile's targets come first)
                assert all(within(mark, m["board"]) for mark in m["last"]), m
            for t in m["targets"]:
                # Each target is in view with its badge, or waits as a badge at the board's edge.
                seen_whole = within(t["ring"], m["board"]) and within(t["badge"], m["board"])
                assert seen_whole or (t["edge"] and within(t["edge"], m["board"])), (t, m["board"])
                edges += t["edge"] is not None
        followed += sum(m["following"] for m in seen)
        picks += sum(bool(m["targets"]) for m in seen)
    assert followed, "no table in these rounds grew past what the board shows whole"
    assert picks > 20
    print(f"{followed} views followed the play, {picks} picks, {edges} targets waited at the edge")


def test_the_board_tells_python_its_shape_and_the_next_round_is_laid_to_it(wide: Page) -> None:
    w = GameWidget(cf.Game(["Ann", "Bob"], seed=3), pace="click")
    wide.evaluate("s => cfw.mount(s)", widget_state(w))
    wide.wait_for_function("cfw.boards().length > 0")
    (report,) = wide.evaluate("cfw.boards()")
    board = wide.locator(".cfw-board").bounding_box()
    assert board is not None
    assert report == {
        "kind": "board",
        "width": round(board["width"]),
        "height": round(board["height"]),
    }
    send(w, report)
    assert w._laid.aspect == pytest.approx(board["width"] / board["height"], rel=0.01)
    wide.set_viewport_size({"width": 1280, "height": 700})  # a smaller window, a wider board
    wide.wait_for_function("cfw.boards().length > 1")
    assert wide.evaluate("cfw.boards()")[-1]["height"] < report["height"]


def test_large_tiles_keep_tiles_larger(wide: Page) -> None:
    w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=2), pace="click", large=True)
    while len(w.round.table) < 40 and not w.round.is_over:
        send(w, {"kind": "next", "version": w.version}) if w.round.turn != 0 else send(
            w,
            {
                "kind": "play",
                "move": str(cf.players.greedy(w.round.observation(0))),
                "version": w.version,
            },
        )
    wide.evaluate("s => cfw.mount(s)", widget_state(w))
    assert wide.evaluate(MEASURE)["tilePx"] >= 30 - 0.01
