"""Checked exercises for the probability course (notebooks 10 to 14).

A chance may be answered as a fraction (``"3/11"``), a decimal (``0.27``), a percent
(``"27%"``) or in words like ``"1 in 6"`` (read by :mod:`cfwidget.teach._odds_answers`); an
answer within the stated tolerance of the exact value is right. Every exact value is computed
by :mod:`cfwidget.odds` (or from a tournament's own results), never typed in. A wrong answer is
told why: the usual slips (the chance of the opposite, drawing as if each tile were put back, a
mean that leaves out a case) are named. Hints come graded: a nudge that names the idea, then
one with the numbers to plug in; then the solution, worked out.

>>> q = nobody_dealt(9, players=4, hand_size=9)
>>> q.check("19/55")
Correct! 19/55 = 34.5%.
>>> q.check("65%")  # doctest: +NORMALIZE_WHITESPACE
Not yet: 65% is the chance that somebody holds the 9-9 (36/55); the question asks for the
chance that nobody does.
>>> q.check("0.35").status, q.check("0.3").message
('correct', 'Not yet: 0.3 is too low.')
"""

from __future__ import annotations

import math
from fractions import Fraction

import pandas as pd

from .._shared import check_whole, is_whole, shown, whole_in
from ..core import Round, full_set, set_size
from ..odds import (
    hand_pips,
    holds_number_odds,
    hypergeometric,
    p_start_double_dealt,
    sharper_draw_odds,
    start_double_draws,
    unseen_tiles,
    wait_for_fit,
)
from ._answers import Exercise, read_choice, slug
from ._errors import LessonError
from ._odds_answers import (
    CHANCE_TOLERANCE,
    _check_exact,
    amount_exercise,
    chance_exercise,
    read_amount,
    read_chance,
    square_law_exercise,
)

__all__ = [
    "CHANCE_TOLERANCE",
    "amount_exercise",
    "average_hand_cost",
    "average_wait",
    "chance_exercise",
    "deals_for_width",
    "deals_to_halve",
    "double_on_draw",
    "holds_a_number",
    "never_finds",
    "next_draw_fits",
    "no_number_in_hand",
    "nobody_dealt",
    "read_amount",
    "read_chance",
    "sharper_or_plain",
    "standard_error",
    "tip_verdict",
]


def _marked(max_pip: int, number: int) -> int:
    return sum(1 for t in full_set(max_pip) if t.has(number))


# --- notebook 10: the deal ------------------------------------------------------------------------


def nobody_dealt(max_pip: int, players: int, hand_size: int) -> Exercise:
    """The chance that nobody is dealt the round's starting double (``max_pip``-``max_pip``)."""
    dealt = p_start_double_dealt(max_pip, players, hand_size)
    n, d = set_size(max_pip), players * hand_size
    double = f"{max_pip}-{max_pip}"
    return chance_exercise(
        f"{players} players are dealt {hand_size} tiles each from a double-{max_pip} set. "
        f"What is the chance that nobody is dealt the {double}?",
        1 - dealt,
        idea=f"The {double} is one tile. After the shuffle it is equally likely to be in any "
        "place of the set; count the places that are not in anybody's hand.",
        plug_in=f"The set has {n} tiles and {d} are dealt, so {n - d} places are in the "
        f"chicken yard. The chance is {n - d} out of {n}.",
        solution=f"Nobody holds the {double} when it is in one of the {n - d} yard places: "
        f"{n - d}/{n}.",
        mistakes=[
            (
                dealt,
                f"is the chance that somebody holds the {double} ({dealt}); the question "
                "asks for the chance that nobody does.",
            ),
            (
                Fraction(hand_size, n),
                f"is the chance that one given player holds it: there are {players} players.",
            ),
            (
                1 - Fraction(hand_size, n),
                "is the chance that one given player does not hold "
                f"it; nobody means none of the {players} players.",
            ),
        ],
        key="odds-10-nobody-dealt",
    )


def no_number_in_hand(max_pip: int, hand_size: int, number: int) -> Exercise:
    """The chance that a fresh hand holds no tile showing ``number`` (hypergeometric, k = 0)."""
    n, marked = set_size(max_pip), _marked(max_pip, number)
    exact = hypergeometric(n, marked, hand_size)[0]
    put_back = Fraction(n - marked, n) ** hand_size
    return chance_exercise(
        f"A hand of {hand_size} is dealt from a double-{max_pip} set. What is the chance that "
        f"it holds no tile showing a {number}?",
        exact,
        idea="Count hands. Every hand of this size is equally likely; the hands with no "
        f"{number} are the hands made only of tiles without a {number}. Divide the two counts "
        "(this is the hypergeometric distribution, for 0 marked tiles).",
        plug_in=f"{marked} of the {n} tiles show a {number}, so {n - marked} do not. The "
        f"chance is C({n - marked}, {hand_size}) / C({n}, {hand_size}), where C(n, k) counts "
        "the ways to choose k tiles of n (math.comb in Python).",
        solution=f"C({n - marked}, {hand_size}) / C({n}, {hand_size}) = "
        f"{math.comb(n - marked, hand_size):,} / {math.comb(n, hand_size):,}.",
        mistakes=[
            (
                put_back,
                f"treats every tile as if it were put back before the next one "
                f"({n - marked}/{n} to the power {hand_size}); the tiles are all different, so "
                "each tile dealt leaves one fewer.",
            ),
        ],
        opposite=f"the hand holds at least one {number}",
        key="odds-10-no-number",
    )


def average_hand_cost(max_pip: int, hand_size: int, double_blank: int = 50) -> Exercise:
    """The average penalty of a fresh hand (the mean of :func:`cfwidget.odds.hand_pips`)."""
    pips = hand_pips(max_pip, hand_size, double_blank)
    exact = sum((total * p for total, p in pips.items()), Fraction(0))
    tiles = full_set(max_pip)
    total = sum(t.pips for t in tiles) + double_blank
    face = Fraction(hand_size * (total - double_blank), len(tiles))
    return amount_exercise(
        f"What does a hand of {hand_size} from a double-{max_pip} set cost on average, the "
        f"double blank 0-0 counting {double_blank} points?",
        exact,
        unit="points",
        idea="An average of a sum is the sum of the averages: each of the hand's tiles is, "
        "on average, an average tile of the set, even though the tiles depend on each other.",
        plug_in=f"All {len(tiles)} tiles together cost {total} points (0-0 counted as "
        f"{double_blank}). An average tile costs {total}/{len(tiles)}; a hand holds "
        f"{hand_size} of them.",
        solution=f"{hand_size} x {total}/{len(tiles)} = {Fraction(hand_size * total, len(tiles))}.",
        mistakes=[
            (
                face,
                f"counts the double blank as 0; these rules charge {double_blank} points for it.",
            ),
        ],
        tolerance=Fraction(1, 20),
        key="odds-10-average-cost",
    )


# --- notebook 11: waiting for a double --------------------------------------------------------


def double_on_draw(max_pip: int, players: int, hand_size: int, draw: int) -> Exercise:
    """The chance that the starting double is exactly the ``draw``-th tile drawn."""
    waits = start_double_draws(max_pip, players, hand_size)
    if not is_whole(draw) or draw not in waits.index[1:]:
        raise LessonError(f"draw must be from 1 to {len(waits) - 1}, got {shown(draw)}")
    n, yard = set_size(max_pip), len(waits) - 1
    double = f"{max_pip}-{max_pip}"
    return chance_exercise(
        f"{players} players, {hand_size} tiles each, double-{max_pip}. What is the chance that "
        f"the {double} is the tile drawn on draw number {draw} (counting from the first tile "
        "drawn from the chicken yard)?",
        waits[draw],
        idea=f"The {double} is equally likely to be in any of the set's places, the yard's "
        "places included. Which single place makes it turn up on that draw?",
        plug_in=f"The set has {n} places and exactly one of them (the yard's place number "
        f"{draw}) is drawn on draw {draw}.",
        solution=f"One place out of {n}: 1/{n}, the same for every draw from 1 to {yard}.",
        mistakes=[
            (
                Fraction(1, yard),
                f"is the chance when we already know the {double} was not "
                f"dealt (1 of the {yard} yard places); before the deal it may also be in a hand.",
            ),
        ],
        key="odds-11-double-on-draw",
    )


def average_wait(max_pip: int, players: int, hand_size: int) -> Exercise:
    """The mean number of draws before the starting double turns up (0 when it was dealt)."""
    waits = start_double_draws(max_pip, players, hand_size)
    exact = sum((k * p for k, p in waits.items()), Fraction(0))
    n, yard = set_size(max_pip), len(waits) - 1
    given_not = Fraction(yard + 1, 2)
    return amount_exercise(
        f"{players} players, {hand_size} tiles each, double-{max_pip}. On average, how many "
        f"tiles are drawn before the {max_pip}-{max_pip} turns up (0 when it was dealt)?",
        exact,
        unit="draws",
        idea="A mean is the sum of each outcome times its chance. Here the outcomes are 0 "
        f"draws (dealt) and 1 to {yard} draws, each with its own chance.",
        plug_in=f"0 draws has chance {waits[0]}; each of 1, 2, ..., {yard} has chance 1/{n}. "
        f"So the mean is (1 + 2 + ... + {yard}) / {n}.",
        solution=f"(1 + 2 + ... + {yard}) / {n} = {yard * (yard + 1) // 2}/{n}.",
        mistakes=[
            (
                given_not,
                f"is the mean wait when the double was not dealt (it is then equally "
                f"likely to be 1 to {yard}); a dealt double waits 0 draws, and that counts too.",
            ),
        ],
        key="odds-11-average-wait",
    )


def never_finds(unseen: int, fitting: int, yard: int) -> Exercise:
    """The chance a seat hunting for a tile that fits never finds one before the yard runs out."""
    wait = wait_for_fit(unseen, fitting, yard)
    put_back = Fraction(unseen - fitting, unseen) ** yard
    return chance_exercise(
        f"A seat cannot see {unseen} tiles: {fitting} of them would fit, and {yard} of the "
        f"{unseen} are in the chicken yard (the rest are in other hands). If it drew the "
        "whole yard, what is the chance that no tile that fits turns up?",
        wait.p_never,
        idea="The yard is a random part of the unseen tiles. No tile that fits turns up "
        "exactly when all the yard's tiles come from the ones that do not fit: count those "
        "yards (the hypergeometric chance of 0 marked tiles).",
        plug_in=f"C({unseen - fitting}, {yard}) / C({unseen}, {yard}): the yards made only of "
        f"the {unseen - fitting} tiles that do not fit, out of all yards.",
        solution=f"C({unseen - fitting}, {yard}) / C({unseen}, {yard}) = "
        f"{math.comb(unseen - fitting, yard):,} / {math.comb(unseen, yard):,}.",
        mistakes=[
            (
                put_back,
                "treats each draw as if the tile went back; every drawn tile leaves one fewer.",
            ),
        ],
        opposite="a tile that fits does turn up",
        tolerance=Fraction(1, 1000) if wait.p_never < Fraction(1, 20) else CHANCE_TOLERANCE,
        key="odds-11-never-finds",
    )


# --- notebook 12: what a seat knows -----------------------------------------------------------


def _seat_copy(rnd: object, seat: object, asker: str) -> tuple[Round, int]:
    if not isinstance(rnd, Round) or rnd.is_over:
        raise LessonError(f"{asker} needs a round still being played, got {shown(rnd)}")
    if not whole_in(seat, 0, rnd.players - 1):
        raise LessonError(f"seat must be a seat number from 0 to {rnd.players - 1}, got {seat!r}")
    return rnd.copy(), seat


def next_draw_fits(rnd: Round, seat: int) -> Exercise:
    """The plain count: the chance that the tile ``seat`` draws next fits (``draw_odds``)."""
    position, seat = _seat_copy(rnd, seat, "next_draw_fits")
    exact = position.draw_odds(seat)
    unseen = unseen_tiles(position, seat)
    numbers = sorted(position.fitting_numbers())
    fitting = sum(1 for t in unseen if t[0] in numbers or t[1] in numbers)
    name, yard = position.names[seat], position.yard_count
    listing = ", ".join(map(str, numbers))
    mistakes = (
        [
            (
                Fraction(fitting, yard),
                f"divides by the {yard} yard tiles, but {name} "
                "cannot tell the yard from the other hands: every unseen tile is as likely "
                "to be drawn next.",
            )
        ]
        if yard
        else []
    )
    return chance_exercise(
        f"From {name}'s chair, what is the plain count's chance that the next tile drawn fits?",
        exact,
        idea=f"{name} cannot see {len(unseen)} tiles (the other hands and the yard) and "
        "cannot tell them apart: each is as likely as any other to be the next one drawn.",
        plug_in=f"A tile fits if it shows {listing}. Count the unseen tiles that do "
        f"({fitting}) and divide by the unseen tiles ({len(unseen)}).",
        solution=f"{fitting} of the {len(unseen)} unseen tiles fit: {fitting}/{len(unseen)}.",
        mistakes=mistakes,
        opposite="the drawn tile does not fit",
        key="odds-12-next-draw",
    )


def holds_a_number(rnd: Round, seat: int, number: int, other_seat: int) -> Exercise:
    """The plain count's chance that ``other_seat`` holds a tile showing ``number``."""
    position, seat = _seat_copy(rnd, seat, "holds_a_number")
    exact = holds_number_odds(position, seat, number, other_seat)
    unseen = unseen_tiles(position, seat)
    marked = sum(1 for t in unseen if t.has(number))
    size = len(position.hands[other_seat])
    put_back = 1 - Fraction(len(unseen) - marked, len(unseen)) ** size
    name, other = position.names[seat], position.names[other_seat]
    return chance_exercise(
        f"From {name}'s chair, what is the plain count's chance that {other} holds at least "
        f"one tile showing a {number}?",
        exact,
        idea=f"To {name}, {other}'s hand is a random part of the tiles {name} cannot see. "
        f"First find the chance that it holds no {number} (a hypergeometric chance), then "
        "take the opposite.",
        plug_in=f"{name} cannot see {len(unseen)} tiles; {marked} of them show a {number}. "
        f"{other} holds {size}. No {number}: C({len(unseen) - marked}, {size}) / "
        f"C({len(unseen)}, {size}); the answer is 1 minus that.",
        solution=f"1 - C({len(unseen) - marked}, {size}) / C({len(unseen)}, {size}).",
        mistakes=[
            (
                put_back,
                "treats each tile of the hand as if it were put back before the next; "
                "the hand's tiles are all different.",
            ),
        ],
        opposite=f"{other} holds no {number}",
        key="odds-12-holds-number",
    )


def sharper_or_plain(rnd: Round, seat: int, worlds: int = 400, seed: int = 0) -> Exercise:
    """Does the sharper count (everything the seat saw) make the next draw more likely to fit
    than the plain count, less likely, or about the same (within 0.02)?"""
    position, seat = _seat_copy(rnd, seat, "sharper_or_plain")
    plain = float(position.draw_odds(seat))
    sharper = sharper_draw_odds(position, seat, worlds, seed)
    right = "more" if sharper > plain + 0.02 else "less" if sharper < plain - 0.02 else "the same"
    name = position.names[seat]
    drew = sorted(
        {position.names[s] for s, m in position.history if m.kind == "draw" and s != seat}
    )
    told = (
        f"{', '.join(drew)} had to draw at some point, so held no tile that fitted then"
        if drew
        else "nobody else has drawn yet"
    )
    words = {"more": "more likely", "less": "less likely", "the same": "about as likely"}

    def judge(answer: object) -> tuple[bool, str]:
        given = read_choice(answer, list(words))
        numbers = f"the plain count says {plain:.3f}, the sharper count {sharper:.3f}"
        if given == right:
            return True, f"{numbers}: {words[right]}"
        return False, f"{numbers}; look at what the others' draws tell about their hands"

    return Exercise(
        question=f"Using everything {name} has seen, is the next draw more likely to fit than "
        "the plain count says, less likely, or about the same?",
        judge=judge,
        hints=(
            "A seat that had to draw held no tile that fitted at that moment. Tiles that fit "
            "are then less likely to be in its hand, so more likely to be where?",
            f"Here {told}. The tiles that fit are then more often in the yard than the plain "
            "count, which spreads them evenly, assumes.",
        ),
        solution_text=f"{words[right].capitalize()}: the plain count says {plain:.3f} and "
        f"the sharper count, from {worlds} worlds that fit everything {name} saw, "
        f"{sharper:.3f}.",
        example='"less"',
        kind="choice",
        choices=("more", "less", "the same"),
        key="odds-12-sharper",
    )


# --- notebook 13: simulation ------------------------------------------------------------------


def standard_error(chance: Fraction, samples: int) -> Exercise:
    """The standard error of a simulated share: the square root of p(1 - p) / n."""
    p = _check_exact(chance, "chance")
    if not 0 <= p <= 1:
        raise LessonError(f"a chance is from 0 to 1, got {p}")
    check_whole(samples, "samples", LessonError, low=1)
    exact = Fraction(math.sqrt(p * (1 - p) / samples)).limit_denominator(10**9)
    variance = p * (1 - p) / samples
    return amount_exercise(
        f"A simulation of {samples:,} deals counts how often something with chance {p} "
        "happens. What is the standard error of its share (how far the share typically "
        "strays from the exact chance)?",
        exact,
        unit="",
        idea="Each deal is a yes or no with chance p; the share of n of them strays from p "
        "by the square root of p(1 - p) / n, typically.",
        plug_in=f"p = {p} = {float(p):.4f} and n = {samples:,}: work out p(1 - p) / n, then "
        "take its square root.",
        solution=f"p(1 - p) / n = {float(variance):.6f}; its square root is "
        f"{math.sqrt(variance):.4f}.",
        mistakes=[
            (variance, "is p(1 - p) / n, the variance; the standard error is its square root."),
            (
                Fraction(math.sqrt(p * (1 - p))) / samples,
                "divides by n outside the square root; the n belongs inside it.",
            ),
        ],
        tolerance=Fraction(1, 2000),
        key="odds-13-standard-error",
    )


def deals_to_halve(samples: int) -> Exercise:
    """How many samples make a 95% interval half as wide as ``samples`` do (four times)."""
    return amount_exercise(
        f"A 95% interval from {samples:,} simulated deals is too wide. How many deals give an "
        "interval half as wide?",
        Fraction(4 * samples),
        unit="deals",
        idea="An interval's width is a fixed number of standard errors, and a standard error "
        "shrinks like 1 / sqrt(n).",
        plug_in="To halve 1 / sqrt(n), sqrt(n) must double: n must grow by 2 x 2.",
        solution=f"Four times as many: 4 x {samples:,}.",
        mistakes=[
            (
                Fraction(2 * samples),
                "doubles the deals, which only shrinks the width by sqrt(2), to about 71%.",
            ),
        ],
        tolerance=Fraction(0),
        whole=True,
        key="odds-13-halve",
    )


# --- notebook 14: strategy --------------------------------------------------------------------


def tip_verdict(effects: pd.DataFrame, label: str) -> Exercise:
    """Judge a tip from a :func:`cfwidget.players.paired_difference` row and its interval."""
    if not isinstance(effects, pd.DataFrame) or label not in effects.index:
        raise LessonError(f"label must name a row of the differences table, got {shown(label)}")
    row = effects.loc[label]
    low, high, rate = float(row["low"]), float(row["high"]), float(row["win_rate"])
    right = "it helps" if low > 0 else "it hurts" if high < 0 else "no measurable difference"
    choices = ("it helps", "it hurts", "no measurable difference")

    def judge(answer: object) -> tuple[bool, str]:
        given = read_choice(answer, choices)
        interval = f"the difference is {rate:+.3f}, with 95% interval {low:+.3f} to {high:+.3f}"
        if given == right:
            return True, interval
        return False, f"{interval}; does the interval hold 0, or lie on one side of it?"

    return Exercise(
        question=f'"{label}": does it help, hurt, or make no measurable difference to the win '
        "rate?",
        judge=judge,
        hints=(
            "Read the 95% interval of the difference, not only its middle: an interval that "
            "holds 0 cannot tell a gain from a loss.",
            f"The interval runs from {low:+.3f} to {high:+.3f}. Is 0 inside it?",
        ),
        solution_text=f"{right.capitalize()}: the win rate differs by {rate:+.3f}, and the "
        f"interval {low:+.3f} to {high:+.3f} "
        + ("lies above 0." if low > 0 else "lies below 0." if high < 0 else "holds 0."),
        example='"it helps"',
        kind="choice",
        choices=choices,
        key="odds-14-" + slug(label),
    )


def deals_for_width(widths: pd.DataFrame, goal: float) -> Exercise:
    """From an :func:`cfwidget.odds.interval_widths` table: about how many deals would give an
    interval ``goal`` wide (within 10%)?"""
    if not isinstance(widths, pd.DataFrame) or "width" not in widths or widths.empty:
        raise LessonError(f"widths is the table interval_widths() returns, got {shown(widths)}")
    deals, width = int(widths.index[-1]), float(widths["width"].iloc[-1])
    return square_law_exercise(
        f"With {deals:,} deals the interval is {width:.3f} wide. About how many deals would "
        f"make it {goal:.3f} wide?",
        deals,
        "deals",
        "the width",
        width,
        goal,
        digits="3",
        ratio="widths",
        key="odds-14-deals-for-width",
    )
