"""The farmyard layout: shapes of a real table, and invariants over random rounds.

Run with ``-s`` to see the counts (rounds, tiles, overlaps, tiles apart from the tile
they were played onto, tiles moved, tiles linked and nudged, the fit scale).
``python -m tools.layout_check`` makes the same counts over thousands of rounds, and times the
layout against a yardstick (no test here asserts a time).
"""

from __future__ import annotations

import json
import math
import random

import pytest

from cfwidget.core import Placed, Round, Rules, Tile
from cfwidget.table import (
    BOARD_ASPECT,
    Farmyard,
    TilePlacement,
    bounds,
    layout,
    overlaps,
    touches,
)
from tests.helpers.layout_check import (
    Counts,
    check_layout,
    check_rounds,
    random_round,
    random_table,
)

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


def assert_apart(laid: list[TilePlacement]) -> None:
    """No two tiles overlap."""
    for i, p in enumerate(laid):
        for q in laid[:i]:
            assert not overlaps(p.rect, q.rect), (p, q)


def assert_sound(laid: list[TilePlacement]) -> None:
    """No overlaps, and every tile touches the tile it was played onto."""
    for i, p in enumerate(laid):
        assert not p.linked, p
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


def test_on_a_wide_board_the_y_lies_on_its_side() -> None:
    # Two of its three lines then run along the board's long side instead of one.
    laid = layout(spokes_of(9, [0, 1, 2]), spokes=3, toes=3, aspect=900 / 340)
    assert_sound(laid)
    assert sorted(p.heading for p in laid[1:]) == [45.0, 180.0, 315.0]  # arms east, stem west
    stem = next(p for p in laid[1:] if p.heading == 180)
    assert where(stem) == (-1.5, 0, 180.0)


def line_to_foot(toes: int) -> list[TilePlacement]:
    table = [
        *spokes_of(9, [4, 7, 0, 2]),
        placed("7-3", "9-7", 7),  # the 9-7 spoke points east, along the board's long side
        placed("3-3", "7-3", 3),  # a chicken foot
    ]
    table += [placed(f"3-{k}", "3-3", 3, s) for s, k in enumerate([0, 1, 2][:toes])]
    return layout(table, spokes=4, toes=toes)


def test_chicken_foot_lies_crosswise_with_a_fan_of_toes() -> None:
    laid = line_to_foot(3)
    assert_sound(laid)
    line, foot, toes = laid[5], laid[6], laid[7:]
    assert where(line) == (3.5, 0, 0.0)
    assert foot.role == "foot" and foot.heading == 0.0
    assert where(foot) == (5, 0, 90.0)  # crosswise: long axis across the line
    assert [p.role for p in toes] == ["toe"] * 3
    assert sorted(p.heading for p in toes) == [0.0, 45.0, 315.0]
    straight = next(p for p in toes if p.heading == 0)
    assert where(straight) == (6.5, 0, 0.0)
    for p in toes:  # the toes are on the far side of the foot
        assert p.x > foot.x + 0.5
        assert p.first == 3


@pytest.mark.parametrize(("toes", "headings"), [(1, [0.0]), (2, [45.0, 315.0])])
def test_fewer_toes_make_a_smaller_fan(toes: int, headings: list[float]) -> None:
    laid = line_to_foot(toes)
    assert_sound(laid)
    assert sorted(p.heading for p in laid[7:]) == headings


def test_layout_is_incremental() -> None:
    table = [*spokes_of(9, [4, 7, 0, 2]), placed("7-3", "9-7", 7), placed("3-3", "7-3", 3)]
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
        "linked": False,
    }


# -- invariants over random rounds -----------------------------------------------------------
# Modest samples, so the file runs in seconds; the layout check counts thousands of rounds.

ROUNDS = 12


def report(counts: Counts, links_per_1000: float = 1.0) -> None:
    print("\n" + counts.line())
    assert counts.overlaps == 0, counts
    assert counts.apart == 0, counts
    assert counts.moved == 0, counts
    # A tile laid apart from its parent, for want of room, is rare.
    assert counts.linked * 1000 <= links_per_1000 * counts.tiles, counts


def test_random_rounds_of_every_preset_and_bigger_sets() -> None:
    total = Counts("every preset and double-12, -15, -18")
    for preset in Rules.preset_names():
        counts = check_rounds(preset, ROUNDS, seed=11)
        report(counts, links_per_1000=math.inf)  # linked tiles are counted over them all
        assert counts.rounds == ROUNDS and counts.tiles > 10 * ROUNDS
        total.add(counts)
    for max_pip in (12, 15, 18):
        counts = check_rounds("wolf-lake", 2, seed=max_pip, max_pip=max_pip)
        report(counts, links_per_1000=math.inf)
        total.add(counts)
    report(total)  # at most 1 tile in 1,000 linked


@pytest.mark.parametrize(
    ("max_pip", "spokes", "tables"), [(9, 4, 5), (9, 6, 3), (9, 3, 3), (18, 4, 1)]
)
def test_whole_set_tables(max_pip: int, spokes: int, tables: int) -> None:
    # The stress test: tables grown until no tile of the set fits, the last ones squeezed in.
    rng = random.Random(max_pip * 10 + spokes)
    total = Counts(f"whole double-{max_pip}, {spokes} spokes")
    for _ in range(tables):
        table = random_table(max_pip, spokes, 3, rng)
        total.add(check_layout(table, spokes, 3, rng))
    report(total, links_per_1000=10)
    assert total.largest >= (50 if max_pip == 9 else 180)


def test_the_table_keeps_to_the_board_shape() -> None:
    # Wolf Lake's double-9 rounds, fitted into the widget's 760 by 480 board: tiles at least
    # 28 pixels wide in the median round (a line that never bent gave about 20).
    counts = check_rounds("wolf-lake", 20, seed=5)
    assert counts.percentile(50) >= 28, counts.line()
    assert counts.percentile(10) >= 22, counts.line()


def shapes(aspect: float, rounds: int = 8) -> list[float]:
    rng = random.Random(17)
    rules = Rules.preset("wolf-lake")
    out = []
    for _ in range(rounds):
        x0, y0, x1, y1 = bounds(layout(random_round(rules, rng), 4, 3, aspect=aspect))
        out.append((x1 - x0) / (y1 - y0))
    return out


def test_a_wider_or_taller_board_gives_a_wider_or_taller_table() -> None:
    tall, square, wide = (sorted(shapes(a)) for a in (0.6, 1.0, 2.5))
    # Each table is closer in shape to its own board than to the others' (medians, logs).
    for mine, aspect, others in ((tall, 0.6, (1.0, 2.5)), (wide, 2.5, (0.6, 1.0))):
        median = mine[len(mine) // 2]
        assert all(abs(math.log(median / aspect)) < abs(math.log(median / o)) for o in others)
    assert tall[len(tall) // 2] < square[len(square) // 2] < wide[len(wide) // 2]


# The boards the widget has on real screens (px): JupyterLab 1366x768, JupyterLab 1280x800
# with the file browser open, a narrow notebook.
WIDE, LAPTOP, NARROW = (900.0, 340.0), (820.0, 380.0), (600.0, 330.0)


def board_counts(board: tuple[float, float], rounds: int = 8) -> dict[str, Counts]:
    return {p: check_rounds(p, rounds, seed=21, board=board) for p in Rules.preset_names()}


def median_shape(counts: Counts) -> float:
    return sorted(counts.shapes)[len(counts.shapes) // 2]


def test_tables_take_the_shape_of_a_wide_board() -> None:
    # Every preset's table, over each move of random rounds (states of 20 tiles or more),
    # has a median shape within 0.55 to 1.15 times the board's; the wider board gives the
    # wider table in every preset; and the whole table fits the laptop's board with tiles
    # 22 px wide or more after at least 95% of moves. No overlaps, no tile moved or apart,
    # at most 1 tile in 1,000 linked.
    wide, laptop, narrow = (board_counts(b) for b in (WIDE, LAPTOP, NARROW))
    total = Counts("every preset on wide, laptop and narrow boards")
    aspect = WIDE[0] / WIDE[1]
    for preset in Rules.preset_names():
        assert 0.55 * aspect <= median_shape(wide[preset]) <= 1.15 * aspect, wide[preset]
        assert median_shape(wide[preset]) > median_shape(narrow[preset]), preset
        for counts in (wide[preset], laptop[preset], narrow[preset]):
            report(counts, links_per_1000=math.inf)
            total.add(counts)
    pooled = Counts("laptop")
    for counts in laptop.values():
        pooled.add(counts)
    print(pooled.board_line())
    assert pooled.readable() >= 0.95, pooled.board_line()
    report(total)  # at most 1 tile in 1,000 linked


def test_a_round_lays_itself_out_for_a_board() -> None:
    rnd = Round.deal(Rules.preset("wolf-lake"), players=4, seed=3)
    rng = random.Random(3)
    while not rnd.is_over:
        rnd.play(rng.choice(rnd.legal_moves()))
    assert rnd.layout() == layout(rnd.table) == layout(rnd.table, aspect=BOARD_ASPECT)
    assert rnd.layout(aspect=0.5) == layout(rnd.table, aspect=0.5)
    with pytest.raises(ValueError, match="aspect"):
        rnd.layout(aspect=0)


def test_aspect_is_checked() -> None:
    for bad in (0, -1.5, 10, float("nan"), True, "wide"):
        with pytest.raises(ValueError, match="aspect is the table's width divided by its height"):
            Farmyard(4, 3, aspect=bad)  # type: ignore[arg-type]
    assert Farmyard(4, 3).aspect == BOARD_ASPECT == 760 / 480


def test_a_tile_with_no_room_lies_nearby_linked_to_its_parent() -> None:
    # A whole double-9 set on the table (the stress test): late on, a chicken foot finds
    # no room for its toes at its line's end, so it lies nearby, marked linked.
    table = random_table(9, 4, 3, random.Random(25))
    yard = Farmyard()
    laid = [yard.add(p) for p in table]
    linked = [p for p in laid if p.linked]
    assert [p.role for p in linked] == ["foot"] and yard.linked == 1
    foot = linked[0]
    parent = laid[foot.onto or 0]
    assert foot.onto is not None and not touches(foot.rect, parent.rect)
    assert math.hypot(foot.x - parent.x, foot.y - parent.y) < 8  # nearby
    assert str(foot).endswith(" linked") and foot.to_dict()["linked"] is True
    assert_apart(laid)
    # Where it lies, its toes would have room.
    rest = layout(
        [
            *table,
            *(
                placed(f"{t}-{foot.first}", str(foot.tile), foot.first, s)
                for s, t in enumerate(extra_numbers(table, foot.first))
            ),
        ]
    )
    toes = rest[len(table) :]
    assert len(toes) == 3 and all(touches(q.rect, foot.rect) and not q.linked for q in toes)
    assert_apart(rest)


def extra_numbers(table: list[Placed], number: int) -> list[int]:
    """Three tiles carrying ``number`` that are not on ``table`` (a made-up continuation)."""
    on = {p.tile for p in table}
    free = [k for k in range(22) if Tile(number, k) not in on and k != number]
    return free[:3]


def test_every_prefix_of_a_big_table_is_stable() -> None:
    rng = random.Random(5)
    table = random_table(12, 4, 3, rng)
    full = layout(table)
    for k in range(0, len(table), 11):
        assert layout(table[:k]) == full[:k]


def test_lines_bend_round_obstacles() -> None:
    rng = random.Random(3)
    bends = 0
    for _ in range(3):
        laid = layout(random_table(12, 4, 3, rng))
        bends += sum(1 for p in laid if p.role == "line" and p.heading != laid[p.onto or 0].heading)
    assert bends > 0
