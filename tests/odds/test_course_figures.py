"""Every exact figure the probability course (notebooks 10 to 14) states, checked twice: the
notebook states it (in its text or its stored outputs), and cfwidget.odds computes it; and
that value agrees with an independent computation: factorials, tiles dealt one at a time as a
product of fractions, or brute-force enumeration of every hand or order on a small set.

The answers to the course's exercises are checked the same way in
tests/teach/test_odds_exercises.py.
"""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

import cfwidget as cf
from cfwidget import Round, Rules, odds
from cfwidget.odds import deal_figure, replay
from cfwidget.players import greedy, tips

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@cache
def course_text(number: str) -> str:
    """Everything notebook ``number`` shows: its prose, its code and its stored outputs."""
    (path,) = NOTEBOOKS.glob(f"{number}-*.ipynb")
    parts = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        parts.append("".join(cell["source"]))
        for out in cell.get("outputs", []):
            parts.append("".join(out.get("text", "")))
            parts.append("".join(out.get("data", {}).get("text/plain", "")))
    return "\n".join(parts)


def stated(number: str, *texts: str) -> None:
    for text in texts:
        assert text in course_text(number), f"notebook {number} does not state {text!r}"


def choose(n: int, k: int) -> int:
    """C(n, k) from factorials (not math.comb)."""
    return math.factorial(n) // (math.factorial(k) * math.factorial(n - k))


def falling(n: int, k: int) -> int:
    return math.prod(range(n - k + 1, n + 1))


def dealt_one_by_one(total: int, marked: int, drawn: int, k: int) -> Fraction:
    """Chance of exactly ``k`` marked among ``drawn`` tiles dealt one at a time: the ways to
    order k marked and drawn - k other tiles, each order a product of fractions."""
    order = Fraction(falling(marked, k) * falling(total - marked, drawn - k), falling(total, drawn))
    return choose(drawn, k) * order


# --- notebook 10: the deal ------------------------------------------------------------------------


def test_the_number_of_hands() -> None:
    assert math.comb(55, 9) == choose(55, 9) == 6_358_402_050
    stated("10", "6358402050")


def test_the_double_is_dealt_36_times_in_55() -> None:
    dealt = odds.p_start_double_dealt(9, players=4, hand_size=9)
    assert dealt == Fraction(36, 55) == 4 * Fraction(choose(54, 8), choose(55, 9))
    assert 1 - dealt == Fraction(19, 55)
    stated("10", "Fraction(36, 55)", "(Fraction(9, 55), Fraction(36, 55))")
    # brute force on a small table: every deal of a double-3 set, 2 players with 2 each
    tiles = list(cf.full_set(3))
    deals = list(itertools.combinations(tiles, 4))
    dealt_small = sum(1 for deal in deals if cf.Tile(3, 3) in deal)
    assert odds.p_start_double_dealt(3, 2, 2) == Fraction(dealt_small, len(deals))


def test_nines_in_a_hand_are_hypergeometric() -> None:
    nines = odds.hypergeometric(total=55, marked=10, drawn=9)
    assert nines.index.tolist() == list(range(10))
    for k, p in nines.items():
        assert p == dealt_one_by_one(55, 10, 9, k)
    assert sum(nines) == 1
    assert nines[0] == Fraction(1239389, 8892870)
    assert Fraction(1, 8) < nines[0] < Fraction(1, 7)  # "about one hand in seven holds none"
    mean = sum(k * p for k, p in nines.items())
    assert mean == Fraction(9 * 10, 55) == Fraction(18, 11)
    stated("10", "1239389/8892870", "100491/296429", "1/635840205", "Fraction(18, 11)")
    stated("10", "9 \u00d7 10/55 = 18/11")


def test_the_hypergeometric_by_listing_every_hand_of_a_small_set() -> None:
    tiles = list(cf.full_set(4))  # 15 tiles
    hands = list(itertools.combinations(tiles, 4))
    for number in range(5):
        marked = sum(1 for t in tiles if t.has(number))
        exact = odds.hypergeometric(len(tiles), marked, 4)
        for k, p in exact.items():
            count = sum(1 for h in hands if sum(t.has(number) for t in h) == k)
            assert p == Fraction(count, len(hands))
        none = sum(1 for h in hands if not any(t.has(number) for t in h))
        assert odds.p_holds_number(4, 4, number) == 1 - Fraction(none, len(hands))


def test_the_pips_left_in_a_hand() -> None:
    rules = Rules()
    costs = [rules.penalty(t) for t in cf.full_set(9)]
    assert sum(costs) == 545
    pips = odds.hand_pips(9, hand_size=9)
    mean = sum(total * p for total, p in pips.items())
    assert mean == 9 * Fraction(545, 55) == Fraction(981, 11)
    # the totals a hand of nine can reach, by a plain set-of-sums count
    reach = [{0}] + [set() for _ in range(9)]
    for cost in costs:
        for size in range(9, 0, -1):
            reach[size] |= {total + cost for total in reach[size - 1]}
    assert sorted(reach[9]) == pips.index.tolist() and len(reach[9]) == 148
    assert Fraction(choose(54, 8), choose(55, 9)) == Fraction(9, 55)  # a hand holds the 0-0
    stated("10", "148 possible totals; average cost 981/11 = 89.18 points")
    stated("10", "(545, Fraction(981, 11))", "9/55")


def test_the_pips_by_listing_every_hand_of_a_small_set() -> None:
    rules = Rules()
    hands = list(itertools.combinations(cf.full_set(4), 4))
    totals: dict[int, int] = {}
    for hand in hands:
        total = sum(rules.penalty(t) for t in hand)
        totals[total] = totals.get(total, 0) + 1
    pips = odds.hand_pips(4, 4)
    assert pips.to_dict() == {t: Fraction(c, len(hands)) for t, c in sorted(totals.items())}


# --- notebook 11: waiting for a double -----------------------------------------------------------


def test_every_wait_for_the_double_is_equally_likely() -> None:
    waits = odds.start_double_draws(9, players=4, hand_size=9)
    assert waits[0] == Fraction(36, 55)
    assert waits.drop(0).tolist() == [Fraction(1, 55)] * 19
    mean = sum(k * p for k, p in waits.items())
    assert mean == Fraction(sum(range(20)), 55) == Fraction(190, 55) == Fraction(38, 11)
    given_not = waits.drop(0) / (1 - waits[0])
    assert given_not.iloc[0] == Fraction(1, 19)
    assert sum(k * p for k, p in given_not.items()) == Fraction(1 + 19, 2) == 10
    stated("11", "0    36/55", "1     1/55", "(Fraction(38, 11), 3.4545454545454546)")
    stated("11", "(Fraction(1, 19), Fraction(10, 1))", "190/55")


def test_the_wait_for_the_double_by_playing_every_deal_through_the_engine() -> None:
    # A double-3 set (10 tiles): 2 players hold 1 each, 8 in the yard. Every deal and every
    # place of the 3-3 in the yard, weighted by the orders of the other tiles behind it.
    rules = Rules(max_pip=3, spokes=3, hand_size=1)
    double = cf.Tile(3, 3)
    waits: dict[int, int] = {}
    for hands in itertools.permutations(cf.full_set(3), 2):
        rest = [t for t in cf.full_set(3) if t not in hands]
        places = [rest] if double in hands else []
        if double not in hands:
            others = [t for t in rest if t != double]
            places = [[*others[:j], double, *others[j:]] for j in range(len(rest))]
        orders = math.factorial(8) // len(places)  # the yard orders each deal here stands for
        for yard in places:
            rnd = Round.from_deal(rules, [[hands[0]], [hands[1]]], yard)
            waits[len(rnd.opening_draws)] = waits.get(len(rnd.opening_draws), 0) + orders
    total = sum(waits.values())
    assert total == math.factorial(10)
    exact = odds.start_double_draws(3, players=2, hand_size=1)
    assert exact.to_dict() == {k: Fraction(c, total) for k, c in sorted(waits.items())}


def first_fit(unseen: int, fitting: int, yard: int, k: int) -> Fraction:
    """Chance that the k-th draw is the first that fits: k - 1 misses, then a hit."""
    misses = Fraction(choose(unseen - fitting, k - 1), choose(unseen, k - 1))
    return misses * Fraction(fitting, unseen - k + 1)


def test_hunting_for_a_spoke() -> None:
    hunt = odds.draws_until_fit(unseen=45, fitting=9, yard=19)
    for k in range(1, 20):
        assert hunt[k] == first_fit(45, 9, 19, k)
    never = Fraction(choose(36, 19), choose(45, 19))
    assert hunt["never"] == never == Fraction(230, 65231)
    assert hunt[1] == Fraction(1, 5) and hunt[2] == Fraction(9, 55) and hunt[3] == Fraction(63, 473)
    wait = odds.wait_for_fit(unseen=45, fitting=9, yard=19)
    found = sum(k * first_fit(45, 9, 19, k) for k in range(1, 20))
    assert wait.p_never == never and wait.if_found == found / (1 - never)
    assert wait.if_found == Fraction(491786, 108335)
    stated("11", "1/5", "9/55", "63/473", "230/65231", "Fraction(491786, 108335)")
    stated("11", "never finds one: 0.4%; 4.54 draws on average when it finds one")


def test_a_late_hunt_by_listing_every_yard() -> None:
    # 20 unseen tiles, 2 fit (tiles 0 and 1); the yard is any 4 of them, in any order
    firsts: list[int | None] = []
    for yard in itertools.permutations(range(20), 4):
        firsts.append(next((i + 1 for i, t in enumerate(yard) if t < 2), None))
    found = [f for f in firsts if f is not None]
    late = odds.wait_for_fit(unseen=20, fitting=2, yard=4)
    assert late.p_never == Fraction(len(firsts) - len(found), len(firsts)) == Fraction(12, 19)
    assert late.if_found == Fraction(sum(found), len(found)) == Fraction(17, 7)
    all_draws = Fraction(sum(found) + 4 * (len(firsts) - len(found)), len(firsts))
    assert late.all_draws == all_draws == Fraction(65, 19)
    stated("11", "(Fraction(12, 19), Fraction(17, 7), Fraction(65, 19))")
    stated("11", "never finds one: 63.2%; 2.43 draws on average when it finds one")


def test_the_deal_figure_says_what_its_assumption_gives() -> None:
    # With the 9-9 on the table, a hand is a random 9 of the other 54 tiles: no 9 in it is
    # C(45, 9) / C(54, 9) (16.7%), not the fresh deal's C(45, 9) / C(55, 9) (13.9%).
    no_nine = Fraction(choose(45, 9), choose(54, 9))
    assert f"{float(no_nine):.1%}" == "16.7%"
    fig = deal_figure(9, players=4, hand_size=9)
    assert fig.axes[2].get_title() == "No 9 in a hand (16.7%): hunting a spoke"
    hunt = odds.draws_until_fit(45, 9, 19)
    assert (
        fig.axes[2].get_xlabel()
        == "draws until one turns up (never: 0.4%; 4.5 on average if found)"
    )
    assert f"{float(hunt['never']):.1%}" == "0.4%"
    stated("11", "C(45, 9) / C(54, 9) ≈ 16.7%")


# --- notebook 12: what a seat knows --------------------------------------------------------------


def ann() -> Round:
    rnd = Round.deal(Rules(hand_size=9), players=4, seed=13, names=["Ann", "Bob", "Cy", "Dee"])
    return replay(rnd, [tips, greedy, greedy, greedy], until=39)


def test_knowing_your_own_hand() -> None:
    # the 9-9 is not in my hand: the others' 27 tiles are a random part of the 46 I cannot see
    assert 1 - Fraction(choose(45, 27), choose(46, 27)) == Fraction(27, 46)
    stated("12", "27/46")


def test_anns_plain_count() -> None:
    moment = ann()
    seen = set(moment.hand(0)) | {p.tile for p in moment.table}
    unseen = [t for t in cf.full_set(9) if t not in seen]
    fours = [t for t in unseen if t.has(4)]
    assert (len(unseen), len(fours), moment.yard_count) == (26, 4, 12)
    assert moment.draw_odds(0) == Fraction(len(fours), len(unseen)) == Fraction(2, 13)
    bob = 1 - Fraction(choose(22, 5), choose(26, 5))
    dee = 1 - Fraction(choose(22, 4), choose(26, 4))
    assert odds.holds_number_odds(moment, 0, 4, other_seat=1) == bob == Fraction(1793, 2990)
    assert odds.holds_number_odds(moment, 0, 4, other_seat=3) == dee == Fraction(1527, 2990)
    stated("12", "'p_next_fits': Fraction(2, 13)", "1793/2990", "1527/2990")


def test_anns_sharper_count_is_four_in_twelve() -> None:
    # Bob, Cy and Dee each drew with no 4 and passed on a drawn tile with no 4: every 4 Ann
    # cannot see is in the yard.
    moment = ann()
    assert [(s, str(m)) for s, m in moment.history[-6:]] == [
        (s, m) for s in (1, 2, 3) for m in ("draw", "pass")
    ]
    assert odds.sharper_draw_odds(moment, 0, worlds=100, seed=1) == pytest.approx(4 / 12)
    stated("12", "(0.3333, 0.3333)")


# --- notebook 13: simulation -------------------------------------------------------------------


@pytest.mark.parametrize(("n", "shown"), [(100, "0.0476"), (400, "0.0238"), (1600, "0.0119")])
def test_standard_errors_from_the_binomial_distribution(n: int, shown: str) -> None:
    p = Fraction(36, 55)
    share_mean = sum(
        Fraction(k, n) * choose(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)
    )
    variance = sum(
        (Fraction(k, n) - share_mean) ** 2 * choose(n, k) * p**k * (1 - p) ** (n - k)
        for k in range(n + 1)
    )
    assert share_mean == p and variance == p * (1 - p) / n
    assert f"{math.sqrt(variance):.4f}" == shown
    stated("13", shown, "Fraction(36, 55)")


def test_four_times_the_deals_half_the_standard_error() -> None:
    p = Fraction(36, 55)
    for n in (25, 100, 400, 1600):
        assert p * (1 - p) / (4 * n) == (p * (1 - p) / n) / 4  # variance / 4: error / 2
    stated("13", "6400               0.0059")
