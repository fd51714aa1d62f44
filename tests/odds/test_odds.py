"""Tests for cfwidget.odds: values by hand, brute force on tiny sets, properties, Monte Carlo."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations
from typing import Any, cast

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cfwidget import OddsError, Round, Rules, odds
from cfwidget.core import Tile, full_set, set_size


def penalty(tile: Tile, double_blank: int = 50) -> int:
    return double_blank if tile.pips == 0 else tile.pips


def as_dict(series: pd.Series) -> dict[Any, Fraction]:
    return {k: v for k, v in series.items() if v != 0}


def outcomes(series: pd.Series) -> list[tuple[int, Fraction]]:
    """The numbered outcomes of a distribution (leaving out "never")."""
    return [(int(cast(int, k)), Fraction(v)) for k, v in series.items() if k != "never"]


def moments(series: pd.Series) -> tuple[Fraction, Fraction]:
    """Mean and variance of the numbered outcomes (for a Series without "never")."""
    mean = sum((k * p for k, p in outcomes(series)), Fraction(0))
    return mean, sum((k * k * p for k, p in outcomes(series)), Fraction(0)) - mean * mean


def exact(counts: Counter[Any], total: int) -> dict[Any, Fraction]:
    return {k: Fraction(c, total) for k, c in counts.items()}


# --- values worked out by hand -----------------------------------------------------------------


def test_double_six_two_players_seven_each_is_a_coin_flip() -> None:
    assert odds.p_start_double_dealt(6, 2, 7) == Fraction(14, 28) == Fraction(1, 2)


def test_start_double_dealt_known_values() -> None:
    assert odds.p_start_double_dealt(9, 4, 9) == Fraction(36, 55)
    assert odds.p_start_double_dealt(12, 2, 15) == Fraction(30, 91)
    assert odds.p_start_double_dealt(6, 4, 7) == 1  # the whole set is dealt


def test_start_double_draws_double_six() -> None:
    draws = odds.start_double_draws(6, 2, 7)
    assert draws.index.tolist() == list(range(15))
    assert draws[0] == Fraction(1, 2)
    assert all(draws[k] == Fraction(1, 28) for k in range(1, 15))
    assert sum(draws) == 1
    assert draws.name == "probability" and draws.index.name == "draws"
    assert all(isinstance(v, Fraction) for v in draws)


def test_start_double_draws_when_all_is_dealt() -> None:
    assert as_dict(odds.start_double_draws(6, 4, 7)) == {0: 1}


def test_hand_pips_one_tile_of_double_three() -> None:
    pips = odds.hand_pips(3, 1)
    assert as_dict(pips) == {
        1: Fraction(1, 10),  # 1-0
        2: Fraction(2, 10),  # 2-0 1-1
        3: Fraction(2, 10),  # 3-0 2-1
        4: Fraction(2, 10),  # 3-1 2-2
        5: Fraction(1, 10),  # 3-2
        6: Fraction(1, 10),  # 3-3
        50: Fraction(1, 10),  # 0-0
    }
    assert pips.name == "probability" and pips.index.name == "penalty"
    assert 25 in odds.hand_pips(3, 1, double_blank=25).index


def test_hand_pips_edges() -> None:
    assert as_dict(odds.hand_pips(6, 0)) == {0: 1}
    # the whole double-6 set: 168 pips, with 0-0 counted as 50
    assert as_dict(odds.hand_pips(6, 28)) == {218: 1}
    smallest = odds.hand_pips(6, 7).index[0]
    assert smallest == 1 + 2 + 2 + 3 + 3 + 4 + 4  # 1-0 1-1 2-0 2-1 3-0 2-2 3-1


def test_hand_pips_mean_is_hand_size_times_mean_tile() -> None:
    pips = odds.hand_pips(9, 9)
    mean_tile = Fraction(sum(penalty(t) for t in full_set(9)), 55)
    assert sum(t * p for t, p in pips.items()) == 9 * mean_tile
    assert pips.index.is_monotonic_increasing


@pytest.mark.parametrize(("max_pip", "size"), [(9, 9), (9, 20), (12, 15)])
def test_hand_pips_big_sets_are_exact(max_pip: int, size: int) -> None:
    pips = odds.hand_pips(max_pip, size)
    assert sum(pips) == 1
    assert all(p > 0 for p in pips)
    # the lowest total: the cheapest tiles, choosing among the ties at the last value taken
    values = sorted(penalty(t) for t in full_set(max_pip))
    last = values[size - 1]
    ties = math.comb(values.count(last), values[:size].count(last))
    assert pips.index[0] == sum(values[:size])
    assert pips.iloc[0] == Fraction(ties, math.comb(set_size(max_pip), size))


def test_p_holds_number_by_hand() -> None:
    # seven of the 28 double-6 tiles show a 6
    assert odds.p_holds_number(6, 7, 6) == 1 - Fraction(math.comb(21, 7), math.comb(28, 7))
    assert odds.p_holds_number(6, 0, 6) == 0
    assert odds.p_holds_number(6, 22, 6) == 1  # only 21 tiles lack a 6
    # one of three unseen tiles shows a 6; a hand of two misses it with chance 1/3
    assert odds.p_holds_number(6, 2, 6, unseen=["6-1", "5-5", "4-2"]) == Fraction(2, 3)
    assert odds.p_holds_number(6, 1, 0, unseen=[Tile(0, 0), (3, 2)]) == Fraction(1, 2)


def test_p_fits_by_hand() -> None:
    assert odds.p_fits(20, 5) == Fraction(1, 4)
    assert odds.p_fits(7, 0) == 0
    assert odds.p_fits(7, 7) == 1


def test_draws_until_fit_by_hand() -> None:
    draws = odds.draws_until_fit(10, 3, yard=4)
    assert draws.index.tolist() == [1, 2, 3, 4, "never"]
    assert draws.tolist() == [
        Fraction(3, 10),
        Fraction(7, 10) * Fraction(3, 9),
        Fraction(7, 10) * Fraction(6, 9) * Fraction(3, 8),
        Fraction(7, 10) * Fraction(6, 9) * Fraction(5, 8) * Fraction(3, 7),
        Fraction(7, 10) * Fraction(6, 9) * Fraction(5, 8) * Fraction(4, 7),
    ]
    wait = odds.wait_for_fit(10, 3, yard=4)
    assert wait.p_never == draws["never"] == Fraction(1, 6)
    found = sum(k * p for k, p in draws.items() if k != "never")
    assert wait.if_found == found / Fraction(5, 6) == Fraction(43, 20)
    assert wait.all_draws == found + 4 * Fraction(1, 6) == Fraction(59, 24)
    # the yard defaults to all the unseen tiles; then a fitting tile is always found
    assert odds.draws_until_fit(5, 1)["never"] == 0
    assert odds.wait_for_fit(5, 1) == (0, 3, 3)
    assert as_dict(odds.draws_until_fit(5, 0, yard=2)) == {"never": 1}
    assert odds.draws_until_fit(10, 3, max_draws=1).tolist() == [Fraction(3, 10), Fraction(7, 10)]
    assert odds.wait_for_fit(10, 3, yard=0) == (1, None, 0)  # never: no mean "if found"


def test_the_old_expected_draws_warn_and_still_answer() -> None:
    # "never finds one" counted as drawing the whole yard: kept for older code, with a warning
    with pytest.warns(DeprecationWarning, match="wait_for_fit"):
        old = odds.expected_draws_until_fit(10, 3, yard=4)
    assert old == odds.wait_for_fit(10, 3, yard=4).all_draws == Fraction(59, 24)
    rnd = Round.deal(Rules(max_pip=6, hand_size=5), 2, seed=11)
    with pytest.warns(DeprecationWarning, match="wait_until_playable"):
        old = odds.expected_draws_until_playable(rnd, 0, max_draws=2)
    assert old == odds.wait_until_playable(rnd, 0, max_draws=2).all_draws == Fraction(19, 11)


def test_foot_by_hand() -> None:
    assert odds.p_foot_completable(3, 3) == 1
    assert odds.p_foot_completable(3, 2) == 0
    assert odds.p_foot_completable(0, 0) == 1
    # 1 toe in hand, 3 among 10 unseen, 5 in the yard: no draw unless 2+ of the 3 are there
    draws = odds.foot_draws(3, 1, 3, 10, 5)
    assert draws[0] == Fraction(21 + 105, 252)
    assert draws["never"] == 0 and sum(draws) == 1
    # j = 2 in the yard costs 2 draws on average, j = 3 costs 3
    assert odds.expected_foot_draws(3, 1, 3, 10, 5) == Fraction(105 * 2 + 21 * 3, 252)
    # too few tiles of the number: never, and the whole yard gets drawn
    assert as_dict(odds.foot_draws(3, 1, 1, 10, 5)) == {"never": 1}
    assert odds.expected_foot_draws(3, 1, 1, 10, 5) == 5
    # every unseen tile in the yard and none in hand: the 3rd of 3 toes among 4 tiles
    assert as_dict(odds.foot_draws(3, 0, 3, 4, 4)) == {3: Fraction(1, 4), 4: Fraction(3, 4)}


# --- brute force on tiny sets ------------------------------------------------------------------


@pytest.mark.parametrize("double_blank", [50, 25])
def test_hand_pips_matches_enumeration(double_blank: int) -> None:
    for max_pip in (3, 4):
        tiles = full_set(max_pip)
        for size in range(len(tiles) + 1):
            counts = Counter(
                sum(penalty(t, double_blank) for t in hand) for hand in combinations(tiles, size)
            )
            got = odds.hand_pips(max_pip, size, double_blank)
            assert as_dict(got) == exact(counts, math.comb(len(tiles), size))
            assert got.index.tolist() == sorted(counts)


def test_p_holds_number_matches_enumeration() -> None:
    tiles = full_set(3)
    unseen = [t for t in full_set(4) if t.low != 1][:9]
    for size in range(len(tiles) + 1):
        for number in range(4):
            hands = list(combinations(tiles, size))
            hits = sum(any(t.has(number) for t in hand) for hand in hands)
            assert odds.p_holds_number(3, size, number) == Fraction(hits, len(hands))
    for size in range(len(unseen) + 1):
        for number in range(5):
            hands = list(combinations(unseen, size))
            hits = sum(any(t.has(number) for t in hand) for hand in hands)
            assert odds.p_holds_number(4, size, number, unseen) == Fraction(hits, len(hands))


def test_start_double_matches_enumeration() -> None:
    # double-3, 2 players with 2 tiles each: every dealt set times every order of the yard
    tiles = full_set(3)
    start = Tile(3, 3)
    counts: Counter[int] = Counter()
    for dealt in combinations(tiles, 4):
        yard = [t for t in tiles if t not in dealt]
        for order in permutations(yard):
            counts[0 if start in dealt else order.index(start) + 1] += 1
    total = sum(counts.values())
    assert as_dict(odds.start_double_draws(3, 2, 2)) == exact(counts, total)
    assert odds.p_start_double_dealt(3, 2, 2) == Fraction(counts[0], total)


def yard_orders(unseen: int, yard: int) -> list[tuple[int, ...]]:
    """Every ordered yard: which unseen tiles it holds and in what order (all equally likely)."""
    return list(permutations(range(unseen), yard))


def test_draws_until_fit_matches_enumeration() -> None:
    for unseen in range(7):
        for yard in range(unseen + 1):
            orders = yard_orders(unseen, yard)
            for fitting in range(unseen + 1):
                for cap in (None, 0, 1, 3):
                    limit = yard if cap is None else min(yard, cap)
                    counts: Counter[int | str] = Counter()
                    drawn = found = 0
                    for order in orders:
                        first = next(
                            (i + 1 for i, t in enumerate(order[:limit]) if t < fitting), None
                        )
                        counts["never" if first is None else first] += 1
                        drawn += limit if first is None else first
                        found += 0 if first is None else first
                    got = odds.draws_until_fit(unseen, fitting, yard, cap)
                    assert as_dict(got) == exact(counts, len(orders))
                    wait = odds.wait_for_fit(unseen, fitting, yard, cap)
                    assert wait.all_draws == Fraction(drawn, len(orders))
                    assert wait.p_never == Fraction(counts["never"], len(orders))
                    successes = len(orders) - counts["never"]
                    if successes:
                        assert wait.if_found == Fraction(found, successes)
                    else:
                        assert wait.if_found is None


def test_foot_matches_enumeration() -> None:
    for unseen in range(7):
        for yard in range(unseen + 1):
            orders = yard_orders(unseen, yard)
            for marked in range(min(unseen, 4) + 1):
                for needed in range(4):
                    for own in range(3):
                        counts: Counter[int | str] = Counter()
                        drawn = 0
                        for order in orders:
                            in_yard = [i + 1 for i, t in enumerate(order) if t < marked]
                            missing = needed - own - (marked - len(in_yard))
                            if own + marked < needed:
                                counts["never"] += 1
                                drawn += yard
                            else:
                                d = 0 if missing <= 0 else in_yard[missing - 1]
                                counts[d] += 1
                                drawn += d
                        args = (needed, own, marked, unseen, yard)
                        assert as_dict(odds.foot_draws(*args)) == exact(counts, len(orders))
                        assert odds.expected_foot_draws(*args) == Fraction(drawn, len(orders))


# --- properties --------------------------------------------------------------------------------

deals = st.integers(3, 12).flatmap(
    lambda m: st.tuples(st.just(m), st.integers(2, 8)).flatmap(
        lambda mp: st.tuples(
            st.just(mp[0]), st.just(mp[1]), st.integers(1, set_size(mp[0]) // mp[1])
        )
    )
)


@settings(max_examples=60, deadline=None)
@given(deals)
def test_start_double_properties(deal: tuple[int, int, int]) -> None:
    max_pip, players, size = deal
    p = odds.p_start_double_dealt(max_pip, players, size)
    draws = odds.start_double_draws(max_pip, players, size)
    assert 0 < p <= 1 and draws[0] == p and sum(draws) == 1
    assert len(draws) == set_size(max_pip) - players * size + 1
    if (size + 1) * players <= set_size(max_pip):
        assert odds.p_start_double_dealt(max_pip, players, size + 1) > p
    if players < 8 and (players + 1) * size <= set_size(max_pip):
        assert odds.p_start_double_dealt(max_pip, players + 1, size) > p


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 9), st.data())
def test_p_holds_number_properties(max_pip: int, data: st.DataObject) -> None:
    n = set_size(max_pip)
    size = data.draw(st.integers(0, n - 1))
    number = data.draw(st.integers(0, max_pip))
    p = odds.p_holds_number(max_pip, size, number)
    bigger = odds.p_holds_number(max_pip, size + 1, number)
    assert 0 <= p <= bigger <= 1
    # one tile: exactly max_pip + 1 of the n tiles show the number
    assert odds.p_holds_number(max_pip, 1, number) == Fraction(max_pip + 1, n)


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 8), st.data())
def test_hand_pips_properties(max_pip: int, data: st.DataObject) -> None:
    size = data.draw(st.integers(0, set_size(max_pip)))
    pips = odds.hand_pips(max_pip, size)
    assert sum(pips) == 1 and all(0 < p <= 1 for p in pips)
    assert pips.index.is_monotonic_increasing
    mean_tile = Fraction(sum(penalty(t) for t in full_set(max_pip)), set_size(max_pip))
    assert sum(t * p for t, p in pips.items()) == size * mean_tile


draw_args = st.integers(0, 60).flatmap(
    lambda u: st.tuples(st.just(u), st.integers(0, u), st.integers(0, u))
)


@settings(max_examples=80, deadline=None)
@given(draw_args, st.none() | st.integers(0, 10))
def test_draws_until_fit_properties(args: tuple[int, int, int], cap: int | None) -> None:
    unseen, fitting, yard = args
    draws = odds.draws_until_fit(unseen, fitting, yard, cap)
    assert sum(draws) == 1 and all(0 <= p <= 1 for p in draws)
    if fitting < unseen:
        more = odds.draws_until_fit(unseen, fitting + 1, yard, cap)
        assert more["never"] <= draws["never"]
    if unseen:
        assert odds.p_fits(unseen, fitting) == Fraction(fitting, unseen)
    limit = yard if cap is None else min(yard, cap)
    wait = odds.wait_for_fit(unseen, fitting, yard, cap)
    assert 0 <= wait.all_draws <= limit and wait.p_never == draws["never"]
    assert wait.if_found is None or 1 <= wait.if_found <= limit


@settings(max_examples=80, deadline=None)
@given(draw_args, st.integers(0, 6), st.integers(0, 4))
def test_foot_properties(args: tuple[int, int, int], needed: int, own: int) -> None:
    unseen, marked, yard = args
    draws = odds.foot_draws(needed, own, marked, unseen, yard)
    assert sum(draws) == 1 and all(0 <= p <= 1 for p in draws)
    completable = odds.p_foot_completable(needed, own + marked)
    assert completable == 1 - draws["never"]
    mean = sum((yard if k == "never" else k) * p for k, p in draws.items())
    assert odds.expected_foot_draws(needed, own, marked, unseen, yard) == mean
    assert 0 <= mean <= yard
    if completable:  # a toe more in hand never costs more draws
        assert odds.expected_foot_draws(needed, own + 1, marked, unseen, yard) <= mean


# --- seeded Monte Carlo ------------------------------------------------------------------------

SAMPLES = 20_000


def close(estimate: float, mean: Fraction, variance: Fraction) -> bool:
    return abs(estimate - float(mean)) <= 4 * math.sqrt(float(variance) / SAMPLES) + 1e-12


def test_monte_carlo_p_holds_number() -> None:
    rng = random.Random(2024)
    tiles = full_set(9)
    p = odds.p_holds_number(9, 7, 4)
    hits = sum(any(t.has(4) for t in rng.sample(tiles, 7)) for _ in range(SAMPLES))
    assert close(hits / SAMPLES, p, p * (1 - p))


def test_monte_carlo_hand_pips() -> None:
    rng = random.Random(7)
    tiles = full_set(9)
    pips = odds.hand_pips(9, 9)
    mean, var = moments(pips)
    totals = [sum(penalty(t) for t in rng.sample(tiles, 9)) for _ in range(SAMPLES)]
    assert close(sum(totals) / SAMPLES, mean, var)
    p50 = sum((p for t, p in outcomes(pips) if t >= 50), Fraction(0))
    assert close(sum(t >= 50 for t in totals) / SAMPLES, p50, p50 * (1 - p50))


def test_monte_carlo_start_double_draws() -> None:
    rng = random.Random(11)
    tiles = list(full_set(6))
    draws = odds.start_double_draws(6, 4, 5)
    mean, var = moments(draws)
    found = []
    for _ in range(SAMPLES):
        rng.shuffle(tiles)
        at = tiles.index(Tile(6, 6))
        found.append(0 if at < 20 else at - 19)
    assert close(sum(found) / SAMPLES, mean, var)


def test_monte_carlo_draws_and_foot() -> None:
    rng = random.Random(5)
    unseen, fitting, yard = 30, 4, 12
    draws = odds.draws_until_fit(unseen, fitting, yard)
    never = draws["never"]
    misses = sum(all(t >= fitting for t in rng.sample(range(unseen), yard)) for _ in range(SAMPLES))
    assert close(misses / SAMPLES, never, never * (1 - never))

    foot = odds.foot_draws(3, 0, fitting, unseen, yard)
    assert foot["never"] == 0
    mean, var = moments(foot)
    total = 0
    for _ in range(SAMPLES):
        order = rng.sample(range(unseen), yard)
        at = [i + 1 for i, t in enumerate(order) if t < fitting]
        missing = 3 - (fitting - len(at))
        total += 0 if missing <= 0 else at[missing - 1]
    assert close(total / SAMPLES, mean, var)


# --- impossible arguments ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: odds.p_start_double_dealt(2, 2, 7), "max_pip .* from 3 to 21, got 2"),
        (lambda: odds.p_start_double_dealt(22, 2, 7), "from 3 to 21, got 22"),
        (lambda: odds.p_start_double_dealt(6, 1, 7), "players .* from 2 to 8, got 1"),
        (lambda: odds.p_start_double_dealt(9, 9, 5), "players .* from 2 to 8, got 9"),
        (lambda: odds.start_double_draws(6, 2, 0), "hand_size .* from 1 to 28, got 0"),
        (lambda: odds.start_double_draws(6, 2, 15), "need 30 tiles.*only 28.*at most 14 each"),
        (lambda: odds.p_start_double_dealt(6.0, 2, 7), "whole number, got 6.0"),  # type: ignore[arg-type]
        (lambda: odds.p_start_double_dealt(6, True, 7), "whole number, got True"),
        (lambda: odds.hand_pips(6, 29), "hand_size .* from 0 to 28, got 29"),
        (lambda: odds.hand_pips(6, -1), "from 0 to 28, got -1"),
        (lambda: odds.hand_pips(6, 7, double_blank=-5), "double_blank .* 0 or more, got -5"),
        (lambda: odds.p_holds_number(2, 1, 1), "max_pip .* from 3 to 21, got 2"),
        (lambda: odds.p_holds_number(30, 1, 1, ["1-1"]), "max_pip .* from 3 to 21, got 30"),
        (lambda: odds.hand_pips(25, 1), "max_pip .* from 3 to 21, got 25"),
        (lambda: odds.p_holds_number(6, 7, 7), "number .* from 0 to 6, got 7"),
        (lambda: odds.p_holds_number(6, 7, -1), "number .* from 0 to 6, got -1"),
        (lambda: odds.p_holds_number(6, 4, 6, ["6-1", "5-5"]), "from 2 tiles.*from 0 to 2, got 4"),
        (lambda: odds.p_holds_number(6, 1, 6, ["9-1"]), "9-1 is not in a double-6 set"),
        (lambda: odds.p_holds_number(6, 1, 6, ["6-1", "1-6"]), "lists 6-1 twice"),
        (lambda: odds.p_fits(0, 0), "unseen_count .* 1 or more, got 0"),
        (lambda: odds.p_fits(5, 6), "fitting_count .* from 0 to 5, got 6"),
        (lambda: odds.draws_until_fit(5, 1, yard=6), "yard .* from 0 to 5, got 6"),
        (lambda: odds.draws_until_fit(-1, 0), "unseen .* 0 or more, got -1"),
        (lambda: odds.draws_until_fit(5, 1, max_draws=-1), "max_draws .* 0 or more, got -1"),
        (lambda: odds.wait_for_fit(5, 9), "fitting .* from 0 to 5, got 9"),
        (lambda: odds.p_foot_completable(-1, 3), "needed .* 0 or more, got -1"),
        (lambda: odds.foot_draws(3, 0, 6, 5, 2), "unseen_fitting .* from 0 to 5, got 6"),
        (lambda: odds.expected_foot_draws(3, -2, 1, 5, 2), "in_hand .* 0 or more, got -2"),
        (lambda: odds.foot_draws(3, 0, 1, 5, 9), "yard .* from 0 to 5, got 9"),
    ],
)
def test_impossible_arguments_say_what_is_allowed(call: Any, words: str) -> None:
    with pytest.raises(OddsError, match=words):
        call()


def test_odds_error_is_a_value_error() -> None:
    assert issubclass(OddsError, ValueError)
    with pytest.raises(OddsError, match="tiles dealt to each player"):
        odds.p_start_double_dealt(6, 2, 100)
