"""The board's shape: the browser reports its size, and the next round is laid to fit it."""

from __future__ import annotations

import pytest

import cfwidget as cf
from cfwidget.table import BOARD_ASPECT, bounds
from cfwidget.widget import GameWidget
from cfwidget.widget._board import ASPECT_RANGE, LaidTable, board_aspect
from tests.helpers.browser_harness import advance, send


def test_board_aspect_is_width_over_height_within_range() -> None:
    assert board_aspect(818, 340) == pytest.approx(818 / 340)
    assert board_aspect(300, 600) == ASPECT_RANGE[0]
    assert board_aspect(2000, 100) == ASPECT_RANGE[1]


@pytest.mark.parametrize(
    ("width", "height"),
    [(0, 340), (818, -1), (True, 340), ("818", 340), (float("nan"), 340), (818, None), (1e9, 340)],
)
def test_board_aspect_refuses_what_is_not_a_size(width: object, height: object) -> None:
    assert board_aspect(width, height) is None


def played_round(seed: int, tiles: int) -> cf.Round:
    rnd = cf.Round.deal(cf.Rules(), players=4, seed=seed)
    while not rnd.is_over and len(rnd.table) < tiles:
        rnd.play(cf.players.greedy(rnd.observation(rnd.turn)))
    return rnd


def test_a_round_is_laid_to_the_board_shape_it_started_with() -> None:
    rnd = cf.Round.deal(cf.Rules(), players=4, seed=3)
    laid = LaidTable()
    assert len(laid.of(rnd)) == 1
    laid.aspect = 3.0  # the board reports its size while only the centre is down
    while not rnd.is_over and len(rnd.table) < 30:
        rnd.play(cf.players.greedy(rnd.observation(rnd.turn)))
    wide = laid.of(rnd)
    assert wide == rnd.layout(aspect=3.0)[: len(wide)]
    laid.aspect = 1.2  # later reports wait for the next round: no tile moves
    rnd.undo()
    assert laid.of(rnd) == wide[: len(rnd.table)]


def test_a_wide_board_gets_a_wider_table_with_larger_tiles_on_it() -> None:
    """Laid to a 900x300 board's shape, tables are wider, so they show larger when fitted."""
    shapes, sizes = [], []
    for aspect in (1.2, 3.0):
        ratios, px = [], []
        for seed in range(8):
            x0, y0, x1, y1 = bounds(played_round(seed, 40).layout(aspect=aspect))
            ratios.append((x1 - x0) / (y1 - y0))
            px.append(min(900 / (x1 - x0 + 1.5), 300 / (y1 - y0 + 1.5)))
        shapes.append(sorted(ratios)[4])
        sizes.append(sorted(px)[4])
    assert shapes[1] > shapes[0] * 1.15, shapes
    assert sizes[1] > sizes[0] * 1.05, sizes


def test_the_board_intent_sets_the_shape_of_the_next_round() -> None:
    w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=2), pace="click")
    assert w._laid.aspect == BOARD_ASPECT
    version = w.version
    send(w, {"kind": "board", "width": 900, "height": 300})
    assert w._laid.aspect == pytest.approx(3.0)
    assert w.version == version and w.message == ""  # nothing to redraw: the centre stays put
    advance(w, lambda w: len(w.round.table) >= 12)
    assert w._laid.of(w.round) == w.round.layout(aspect=3.0)


def test_a_malformed_board_size_changes_nothing() -> None:
    w = GameWidget(cf.Game(["Ann", "Bob"], seed=2), pace="click")
    send(w, {"kind": "board", "width": "wide", "height": 300})
    assert w._laid.aspect == BOARD_ASPECT
    assert "size" in w.message
