"""Target badges sit on free felt beside their ends: never on another tile's pips."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

import cfwidget as cf
from cfwidget.table import (
    BADGE_GAP,
    BADGE_RADIUS,
    Farmyard,
    TilePlacement,
    badge_spot,
    badge_spots,
    circle_gap,
    layout,
    rect,
)

# The front end's sources (the widget's modules, bundled into cfwidget/widget/static/).
FRONT_END = Path(__file__).resolve().parents[2] / "js"


def open_ends(rnd: cf.Round, laid: list[TilePlacement]) -> set[int]:
    at = {p.tile: i for i, p in enumerate(laid)}
    return {at[m.onto] for m in rnd.legal_moves() if m.onto is not None}


def test_circle_gap_measures_the_felt_between_a_badge_and_a_tile() -> None:
    tile = rect(0, 0, 0)  # 2 long along x, 1 wide
    assert circle_gap(1.5, 0, 0.5, tile) == pytest.approx(0.0)
    assert circle_gap(0, 1.5, 0.5, tile) == pytest.approx(0.5)
    assert circle_gap(2, 1, 0.5, tile) == pytest.approx(math.hypot(1, 0.5) - 0.5)
    assert circle_gap(0.9, 0, 0.5, tile) < 0  # its centre on the tile


@pytest.mark.parametrize("preset", cf.Rules.preset_names())
def test_badges_never_cover_another_tile_over_random_rounds(preset: str) -> None:
    badges = on_own_tile = 0
    for seed in range(6):
        rules = cf.Rules.preset(preset)
        rnd = cf.Round.deal(rules, players=4, seed=seed)
        yard, laid = Farmyard(rules.spokes, rules.toes), []
        while not rnd.is_over:
            laid += [yard.add(p) for p in rnd.table[len(laid) :]]
            for i, (x, y) in badge_spots(laid, open_ends(rnd, laid)).items():
                badges += 1
                others = [
                    circle_gap(x, y, BADGE_RADIUS, p.rect) for j, p in enumerate(laid) if j != i
                ]
                mine = circle_gap(x, y, BADGE_RADIUS, laid[i].rect)
                if mine >= BADGE_GAP:
                    assert min(others, default=1.0) >= BADGE_GAP, (preset, seed, i)
                else:
                    # Walled in: on its own tile's inner half, no more than a hair over its edge.
                    on_own_tile += 1
                    assert min(others, default=1.0) > -0.06, (preset, seed, i)
            rnd.play(cf.players.greedy(rnd.observation(rnd.turn)))
    assert badges > 200
    assert on_own_tile * 200 <= badges, (on_own_tile, badges)


def test_a_badge_goes_straight_ahead_of_a_free_end_and_round_a_blocked_one() -> None:
    rnd = cf.Round.deal(cf.Rules(), players=2, seed=1)
    rnd.play(rnd.legal_moves()[0])
    laid = rnd.layout()
    spoke = laid[1]
    x, y = badge_spot(laid, 1)
    hx, hy = math.cos(math.radians(spoke.heading)), math.sin(math.radians(spoke.heading))
    ahead = (x - spoke.x) * hx + (y - spoke.y) * hy
    assert ahead == pytest.approx(1.0 + BADGE_RADIUS + BADGE_GAP)  # just past the end
    # A tile laid right across that spot pushes the badge round to free felt beside it.
    wall = TilePlacement(cf.Tile(1, 2), x, y, (spoke.heading + 90) % 360, 1, 2, "line", 0, 0.0)
    moved = badge_spot([*laid, wall], 1)
    assert moved != (x, y)
    assert all(circle_gap(*moved, BADGE_RADIUS, p.rect) >= BADGE_GAP for p in [*laid, wall])


def test_a_walled_in_end_takes_its_badge_on_its_own_inner_half() -> None:
    laid = layout(
        [cf.Placed(cf.Tile(9, 9), None, 9, 0), cf.Placed(cf.Tile(9, 4), cf.Tile(9, 9), 9, 0)]
    )
    spoke = laid[1]
    walls = [
        TilePlacement(cf.Tile(0, n), spoke.x + dx, spoke.y + dy, 0.0, 0, n, "line", 0, 0.0)
        for n, (dx, dy) in enumerate(
            [(dx, dy) for dx in (-2.0, 0.0, 2.0) for dy in (-5.0, -4.0, -3.0) if (dx, dy)]
            + [(-1.5, -1.0), (1.5, -1.0), (-1.5, 0.0), (1.5, 0.0), (-1.5, 1.0), (1.5, 1.0)]
        )
    ]
    spot = badge_spot([*laid, *walls], 1)
    assert spot == spoke.halves()[0][:2]


def test_the_widget_badge_never_outgrows_the_room_left_for_it() -> None:
    js = "\n".join(p.read_text(encoding="utf-8") for p in sorted(FRONT_END.glob("*.js")))
    value = {
        k: float(re.search(rf"const {k} = ([\d.]+);", js).group(1))
        for k in ("U", "BADGE_PX", "BADGE_MAX", "MIN_TILE_PX")
    }  # type: ignore[union-attr]
    assert value["BADGE_MAX"] == pytest.approx(BADGE_RADIUS * value["U"])
    # At the smallest tiles the widget shows, a 12 px badge still fits the room.
    assert value["BADGE_PX"] * value["U"] / value["MIN_TILE_PX"] <= value["BADGE_MAX"]
