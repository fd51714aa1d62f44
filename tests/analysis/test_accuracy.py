"""Accuracy by points lost, and each seat's expected points move by move (the outlook)."""

from __future__ import annotations

import math
import random

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cfwidget as cf
from cfwidget.analysis import Review, ReviewError, review
from cfwidget.analysis._accuracy import (
    OUTLOOK_COLUMNS,
    STAKE_FLOOR,
    move_accuracy,
    outlook,
    seat_accuracy,
    stake_of,
    with_accuracy,
)

RULES = cf.Rules(max_pip=6, hand_size=7)
points = st.floats(min_value=0, max_value=200, allow_nan=False)


def test_no_loss_is_100_and_the_worst_move_with_much_at_stake_is_0() -> None:
    assert move_accuracy(0.0, 40.0) == 100.0
    assert move_accuracy(0.0, 0.0) == 100.0
    assert move_accuracy(40.0, 40.0) == 0.0
    assert move_accuracy(10.0, 40.0) == 75.0


def test_little_at_stake_weighs_as_the_floor() -> None:
    # every move within 1 point: the worst of them still keeps 90%
    assert move_accuracy(1.0, 1.0) == pytest.approx(100 * (1 - 1 / STAKE_FLOOR))
    # and a seat's one slip where nothing much was at stake barely moves its accuracy
    assert seat_accuracy([1.0, 0.0], [1.0, 30.0]) == pytest.approx(100 * (1 - 1 / 40))


@given(loss=points, more=points, stake=points)
def test_move_accuracy_is_monotone_and_in_range(loss: float, more: float, stake: float) -> None:
    a, b = move_accuracy(loss, stake), move_accuracy(loss + more, stake)
    assert 0.0 <= b <= a <= 100.0


@given(st.lists(st.tuples(points, points), min_size=1, max_size=12), st.integers(0, 11), points)
def test_seat_accuracy_is_monotone_in_every_loss(
    moves: list[tuple[float, float]], which: int, more: float
) -> None:
    losses = [min(x, s) for x, s in moves]
    stakes = [s for _, s in moves]
    i = which % len(moves)
    worse = losses.copy()
    worse[i] += more
    assert 0.0 <= seat_accuracy(worse, stakes) <= seat_accuracy(losses, stakes) <= 100.0
    if not any(losses):
        assert seat_accuracy(losses, stakes) == 100.0


def test_seat_accuracy_is_the_weighted_mean_of_the_moves() -> None:
    losses, stakes = [3.0, 0.0, 12.0], [4.0, 25.0, 30.0]
    weights = [max(s, STAKE_FLOOR) for s in stakes]
    mean = sum(
        w * move_accuracy(x, s) for x, s, w in zip(losses, stakes, weights, strict=True)
    ) / sum(weights)
    assert seat_accuracy(losses, stakes) == pytest.approx(mean)
    assert math.isnan(seat_accuracy([], []))


@pytest.mark.parametrize(
    ("loss", "stake"), [(-1.0, 3.0), (1.0, math.nan), ("2", 3.0), (True, 3.0), (1.0, -0.5)]
)
def test_bad_figures_are_refused_by_name(loss: object, stake: object) -> None:
    with pytest.raises(ReviewError, match="number of points"):
        move_accuracy(loss, stake)  # type: ignore[arg-type]


def test_losses_and_stakes_go_in_pairs() -> None:
    with pytest.raises(ReviewError, match="pairs"):
        seat_accuracy([1.0], [])


def test_the_stake_is_the_spread_of_the_table() -> None:
    table = pd.DataFrame({"expected_points": [4.0, 6.5, 19.0]}, index=["a", "b", "c"])
    assert stake_of(table) == 15.0
    assert stake_of(None) == 0.0 and stake_of(table.iloc[:1]) == 0.0


@pytest.fixture(scope="module")
def reviewed() -> Review:
    game = cf.Game(3, RULES, seed=11)
    rng = random.Random(11)
    while not game.round.is_over:
        game.play(rng.choice(game.round.legal_moves()))
    game.next_round()
    for _ in range(9):
        game.play(rng.choice(game.round.legal_moves()))
    return review(game, worlds=12, seed=2)


def test_each_rated_move_has_its_stake_and_accuracy(reviewed: Review) -> None:
    moves = reviewed.moves
    for i, row in moves.iterrows():
        table = reviewed.tables[int(str(i))]
        if row["verdict"] == "forced":
            assert row["stake"] == 0.0 and math.isnan(row["move_accuracy"])
            continue
        assert table is not None
        spread = table["expected_points"].max() - table["expected_points"].min()
        # the first table's spread, or the loss read from fresh worlds when that is larger
        assert row["stake"] == pytest.approx(max(spread, row["loss"]))
        assert row["loss"] <= row["stake"] + 1e-9
        assert row["move_accuracy"] == pytest.approx(move_accuracy(row["loss"], row["stake"]))
        if row["verdict"] == "best":
            assert row["move_accuracy"] == 100.0


def test_the_outlook_is_each_seats_own_ratings_held_between_them(reviewed: Review) -> None:
    frame = reviewed.outlook()
    total = sum(len(m) for m in reviewed.played)
    assert list(frame.columns) == list(OUTLOOK_COLUMNS)
    assert len(frame) == total * 3 and frame["step"].max() == total
    rated = reviewed.moves[reviewed.moves["verdict"] != "forced"]
    fresh = frame[frame["fresh"]]
    # a fresh figure exactly where its seat moved and was rated, and it is the played move's
    assert len(fresh) == len(rated)
    assert (fresh["seat"] == fresh["mover"]).all()
    for (_, f), (_, m) in zip(fresh.iterrows(), rated.iterrows(), strict=True):
        assert (f["round"], f["move_number"], f["seat"]) == (
            m["round"],
            m["move_number"],
            m["seat"],
        )
        assert f["expected_points"] == pytest.approx(m["played_points"])
        table = reviewed.candidates(int(str(m.name)))
        assert f["out_chance"] == pytest.approx(table.at[m["played"], "out_chance"])
    # between its rated moves a seat's figure holds; a new round starts with no figure
    for _, rows in frame.groupby("seat"):
        prev = None
        for _, row in rows.iterrows():
            same_round = prev is not None and prev["round"] == row["round"]
            if not row["fresh"]:
                if same_round:
                    assert row["expected_points"] == pytest.approx(
                        prev["expected_points"], nan_ok=True
                    )
                else:
                    assert math.isnan(row["expected_points"])
            prev = row


def test_the_outlook_reads_only_the_movers_own_tables(reviewed: Review) -> None:
    """Another seat's hand changes nothing of a seat's line: each figure is a rating made
    from the mover's observation (evaluate reads nothing else), and the outlook reads the
    ratings only. Changing one seat's tables changes that seat's line alone."""
    tables = list(reviewed.tables)
    moves = reviewed.moves.copy()
    rows = moves.index[moves["seat"] == 0]
    moves.loc[rows, "played_points"] = moves.loc[rows, "played_points"] + 100
    for i in rows:
        t = tables[int(str(i))]
        if t is not None:
            changed = t.copy()
            changed["out_chance"] = changed["out_chance"] / 2
            tables[int(str(i))] = changed
    before = reviewed.outlook()
    after = outlook(moves, tables, reviewed.played, reviewed.movers, reviewed.names)
    others = before["seat"] != 0
    pd.testing.assert_frame_equal(before[others], after[others])
    seat0 = before[~others & before["fresh"]]
    assert (after.loc[seat0.index, "expected_points"] == seat0["expected_points"] + 100).all()
    assert (after.loc[seat0.index, "out_chance"] == seat0["out_chance"] / 2).all()


def test_with_accuracy_wants_a_table_per_move(reviewed: Review) -> None:
    with pytest.raises(ReviewError, match="one table per move"):
        with_accuracy(reviewed.moves, reviewed.tables[:-1])
