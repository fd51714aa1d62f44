"""The farmyard layout: shapes of a real table, and invariants over random rounds.

Run with ``-s`` to see the counts (rounds, tiles, overlaps, tiles apart from the tile
they were played onto, tiles moved, tiles cramped, milliseconds per layout).
"""

from __future__ import annotations

import json
import math
import random
import time

import pytest

from cfwidget.core import Placed, Rules, Tile
from cfwidget.table import Farmyard, TilePlacement, bounds, layout, overlaps, touches
from tools.layout_check import Counts, check_layout, check_rounds, random_table

H = math.sqrt(0.5)


def t(text: str) -> Tile:
    return Tile.parse(text)


def placed(tile: str, onto: str | None, number: int, slot: int = 0) -> Placed:
    return Placed(t(tile), None if onto is None else t(onto), number, slot)


def spokes_of(centre: int, others: list[int]) -> list[Placed]:
    c = f"{centre}-{centre}"
    return [placed(c, None, centre)] + [
        placed(f"{centre}-{k}", c, centre, slot) for slot, k in enumerate(others)
    ]


def where(p: TilePlacement) -> tuple[float, float, float]:
    return (round(p.x, 6), round(p.y, 6), p.angle)


def assert_sound(laid: list[TilePlacement]) -> None:
    """No overlaps, and every tile touches the tile it was played onto."""
    for i, p in enumerate(laid):
        assert not p.cramped, p
        if p.onto is not None:
            assert touches(p.rect, laid[p.onto].rect), (p, laid[p.onto])
        for q in laid[:i]:
            assert not overlaps(p.rect, q.rect), (p, q)


# -- shapes of a real table ------------------------------------------------------------------


def test_centre_and_four_spokes_make_a_cross() -> None:
    laid = layout(spokes_of(9, [4, 7, 0, 2]), spokes=4, toes=3)
    assert [where(p) for p in laid] == [
        (0, 0, 90.0),  # the centre double, long axis vertical
        (0, -2, 270.0),  # north, off the top end
        (1.5, 0, 0.0),  # east, off the long side
        (0, 2, 90.0),  # south
        (-1.5, 0, 180.0),  # west
    ]
    assert [p.role for p in laid] == ["centre"] + ["spoke"] * 4
    assert all(p.onto == 0 for p in laid[1:])
    assert_sound(laid)


def test_spoke_numbers_face_the_centre() -> None:
    laid = layout(spokes_of(9, [4, 7, 0, 2]))
    for p in laid[1:]:
        (x1, y1, n1), (x2, y2, n2) = p.halves()
        assert (n1, n2) == (9, p.tile.other(9))
        assert math.hypot(x1, y1) < math.hypot(x2, y2)  # the 9 half is the nearer one


def test_six_spokes_are_three_on_each_long_side() -> None:
    laid = layout(spokes_of(9, [0, 1, 2, 3, 4, 5]), spokes=6, toes=3)
    spokes = laid[1:]
    assert_sound(laid)
    east = [p for p in spokes if p.x > 0]
    west = [p for p in spokes if p.x < 0]
    assert len(east) == len(west) == 3
    assert sorted(p.heading for p in east) == [0.0, 45.0, 315.0]
    assert sorted(p.heading for p in west) == [135.0, 180.0, 225.0]
    # Mirror images of each other, clear of the centre's ends.
    assert sorted((round(-p.x, 6), round(p.y, 6)) for p in west) == sorted(
        (round(p.x, 6), round(p.y, 6)) for p in east
    )


def test_three_spokes_make_a_y() -> None:
    laid = layout(spokes_of(9, [0, 1, 2]), spokes=3, toes=3)
    assert_sound(laid)
    headings = sorted(p.heading for p in laid[1:])
    assert headings == [90.0, 225.0, 315.0]  # the stem down, two arms up
    stem = next(p for p in laid[1:] if p.heading == 90)
    assert where(stem) == (0, 2, 90.0)


def line_to_foot(toes: int) -> list[TilePlacement]:
    table = [
        *spokes_of(9, [4, 7, 0, 2]),
        placed("4-3", "9-4", 4),  # the 9-4 spoke points north
        placed("3-3", "4-3", 3),  # a chicken foot
    ]
    table += [placed(f"3-{k}", "3-3", 3, s) for s, k in enumerate([0, 1, 2][:toes])]
    return layout(table, spokes=4, toes=toes)


def test_chicken_foot_lies_crosswise_with_a_fan_of_toes() -> None:
    laid = line_to_foot(3)
    assert_sound(laid)
    line, foot, toes = laid[5], laid[6], laid[7:]
    assert where(line) == (0, -4, 270.0)
    assert foot.role == "foot" and foot.heading == 270.0
    assert where(foot) == (0, -5.5, 0.0)  # crosswise: long axis across the line
    assert [p.role for p in toes] == ["toe"] * 3
    assert sorted(p.heading for p in toes) == [225.0, 270.0, 315.0]
    straight = next(p for p in toes if p.heading == 270)
    assert where(straight) == (0, -7, 270.0)
    for p in toes:  # the toes are on the far side of the foot
        assert p.y < foot.y - 0.5
        assert p.first == 3


@pytest.mark.parametrize(("toes", "headings"), [(1, [270.0]), (2, [225.0, 315.0])])
def test_fewer_toes_make_a_smaller_fan(toes: int, headings: list[float]) -> None:
    laid = line_to_foot(toes)
    assert_sound(laid)
    assert sorted(p.heading for p in laid[7:]) == headings


def test_layout_is_incremental() -> None:
    table = [*spokes_of(9, [4, 7, 0, 2]), placed("4-3", "9-4", 4), placed("3-3", "4-3", 3)]
    table += [placed(f"3-{k}", "3-3", 3, s) for s, k in enumerate([0, 1, 2])]
    full = layout(table)
    for k in range(len(table) + 1):
        assert layout(table[:k]) == full[:k]
    yard = Farmyard()
    assert [yard.add(p) for p in table] == full
    assert yard.placements == tuple(full) and len(yard) == len(full)


def test_bounds() -> None:
    assert bounds([]) == (0.0, 0.0, 0.0, 0.0)
    laid = layout(spokes_of(9, [4, 7, 0, 2]))
    assert bounds(laid) == pytest.approx((-2.5, -3.0, 2.5, 3.0))


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="not on the table"):
        layout([placed("9-9", None, 9), placed("4-3", "9-4", 4)])
    with pytest.raises(ValueError, match="already on the table"):
        layout([placed("9-9", None, 9), placed("9-4", "9-9", 9), placed("9-4", "9-9", 9, 1)])
    with pytest.raises(ValueError, match="centre is laid"):
        layout([placed("9-9", None, 9), placed("8-8", None, 8)])
    with pytest.raises(ValueError, match="spokes"):
        layout([], spokes=0)
    with pytest.raises(ValueError, match="toes"):
        layout([], toes=4)


def test_placement_text_and_json() -> None:
    laid = layout(spokes_of(9, [4]))
    assert str(laid[1]) == "9-4 spoke at (0, -2) angle 270"
    assert json.loads(json.dumps([p.to_dict() for p in laid]))[1] == {
        "tile": "9-4",
        "x": 0.0,
        "y": -2.0,
        "angle": 270.0,
        "first": 9,
        "second": 4,
        "role": "spoke",
        "onto": 0,
        "heading": 270.0,
        "cramped": False,
    }


# -- invariants over random rounds -----------------------------------------------------------

ROUNDS = 300


def report(counts: Counts, cramped_share: float = 0.005) -> None:
    print("\n" + counts.line())
    assert counts.clean_overlaps == 0, counts
    assert counts.apart == 0, counts
    assert counts.moved == 0, counts
    # Cramped tiles (the only ones allowed to overlap) must be rare.
    assert counts.cramped <= cramped_share * counts.tiles, counts
    assert counts.overlaps <= 3 * counts.cramped, counts


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_random_rounds_of_every_preset(preset: str) -> None:
    report(check_rounds(preset, ROUNDS, seed=11))


@pytest.mark.parametrize(("max_pip", "spokes"), [(9, 4), (9, 6), (9, 3), (18, 4)])
def test_whole_set_tables(max_pip: int, spokes: int) -> None:
    rng = random.Random(max_pip * 10 + spokes)
    total = Counts(f"whole double-{max_pip}, {spokes} spokes")
    for _ in range(30 if max_pip == 9 else 6):
        table = random_table(max_pip, spokes, 3, rng)
        total.add(check_layout(table, spokes, 3, rng))
    report(total, cramped_share=0.01)  # whole sets are the stress test
    assert total.largest >= (50 if max_pip == 9 else 180)


def test_every_prefix_of_a_big_table_is_stable() -> None:
    rng = random.Random(5)
    table = random_table(12, 4, 3, rng)
    full = layout(table)
    for k in range(0, len(table), 7):
        assert layout(table[:k]) == full[:k]


def test_lines_bend_round_obstacles() -> None:
    rng = random.Random(3)
    bends = 0
    for _ in range(5):
        laid = layout(random_table(12, 4, 3, rng))
        bends += sum(1 for p in laid if p.role == "line" and p.heading != laid[p.onto or 0].heading)
    assert bends > 0


def test_layout_is_fast() -> None:
    rng = random.Random(8)
    for max_pip, limit in ((9, 0.25), (18, 1.0)):
        tables = [random_table(max_pip, 4, 3, rng) for _ in range(3)]
        best = []
        for table in tables:
            t0 = time.process_time()
            layout(table)
            best.append(time.process_time() - t0)
        ms = 1000 * sum(best) / len(best)
        size = sum(map(len, tables)) / len(tables)
        print(f"\ndouble-{max_pip}: {size:.0f} tiles laid out in {ms:.1f} ms")
        assert ms / 1000 < limit
