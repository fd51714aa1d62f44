"""The review's verdicts: thresholds in points, how sure a verdict is, and close calls rated again.

A move's **loss** is its expected round points minus the best move's, with a standard error
from the two moves' differences world by world (:func:`~cfwidget.analysis.evaluate`'s
``loss_std_error``). :func:`verdict` names it by the thresholds below. A verdict is **sure**
when every loss within :data:`NOISE_SE` standard errors gets it (:func:`verdict_range`). A
move is rated first with half the review's worlds, and with all of them unless it is then
the best or surely good (:func:`first_pass`). A flag (an inaccuracy or worse) is checked on
fresh worlds, more of them while it is a **close call** (a loss of :data:`GOOD_LOSS` points
or more whose verdict is not sure) and the budget allows (:func:`settled`); still unsure
then, the verdict is :data:`UNCLEAR`: not a flag, and a note says between which verdicts
(:func:`judged`). docs/review-errors.md tells the whole story.
"""

from __future__ import annotations

import math

import pandas as pd

from .._shared import shown, whole_in
from ..core import Round
from ._errors import ReviewError
from ._evaluate import MAX_WORLDS, EvaluatePolicy, Ratings, rate, rate_more, ratings_table

__all__ = [
    "FLAGS",
    "GOOD_LOSS",
    "INACCURACY_LOSS",
    "MISTAKE_LOSS",
    "MORE_WORLDS",
    "NOISE_SE",
    "UNCLEAR",
    "first_pass",
    "flagged",
    "half_seed",
    "judged",
    "loss_of",
    "most_worlds",
    "number",
    "settled",
    "verdict",
    "verdict_range",
    "worlds_to_settle",
]

#: A loss below this many points is "good".
GOOD_LOSS = 2.0
#: A loss below this many points is an "inaccuracy".
INACCURACY_LOSS = 5.0
#: A loss below this many points is a "mistake"; from here up, a "blunder".
MISTAKE_LOSS = 10.0
#: A loss within this many standard errors of 0 is "good" at worst (it may be chance); a
#: verdict is sure when every loss within this many standard errors gets it.
NOISE_SE = 2.0
#: A close call is rated again with more worlds, up to this many times the review's worlds.
MORE_WORLDS = 4
#: The verdicts that flag a move (a mistake to learn from).
FLAGS = ("inaccuracy", "mistake", "blunder")
#: The verdict of a move the thresholds would flag but whose ratings stay on a band edge.
UNCLEAR = "unclear"


def verdict(loss: float, std_error: float = 0.0, *, same_move: bool = False) -> str:
    """The verdict for a move that lost ``loss`` points, rated with ``std_error``.

    >>> verdict(0.0), verdict(1.5), verdict(4.0), verdict(7.0), verdict(12.0)
    ('best', 'good', 'inaccuracy', 'mistake', 'blunder')
    >>> verdict(12.0, std_error=7.0)  # within two standard errors of 0: maybe chance
    'good'
    >>> verdict(3.0, same_move=True)
    'best'
    """
    if same_move or loss <= 0:
        return "best"
    if loss < GOOD_LOSS or loss <= NOISE_SE * std_error:
        return "good"
    if loss < INACCURACY_LOSS:
        return "inaccuracy"
    if loss < MISTAKE_LOSS:
        return "mistake"
    return "blunder"


def verdict_range(loss: float, std_error: float) -> tuple[str, str]:
    """The mildest and the harshest verdict of a loss within :data:`NOISE_SE` standard
    errors of ``loss`` ("best" counts as "good": a move that may lose nothing is good).
    When the two are the same, the verdict is sure.

    >>> verdict_range(6.0, 0.4), verdict_range(6.0, 1.0), verdict_range(1.0, 0.3)
    (('mistake', 'mistake'), ('inaccuracy', 'mistake'), ('good', 'good'))
    """
    low = max(0.0, loss - NOISE_SE * std_error)
    high = loss + NOISE_SE * std_error
    mild, harsh = verdict(low), verdict(high)
    return ("good" if mild == "best" else mild), ("good" if harsh == "best" else harsh)


def close_call(loss: float, std_error: float) -> bool:
    """A loss that may be flagged (2 points or more) whose verdict is not sure yet."""
    mild, harsh = verdict_range(loss, std_error)
    return loss >= GOOD_LOSS and mild != harsh


def flagged(loss: float, std_error: float) -> bool:
    """Whether :func:`verdict` calls a loss an inaccuracy, a mistake or a blunder."""
    return verdict(loss, std_error) in FLAGS


def worlds_to_settle(loss: float, std_error: float, worlds: int) -> float:
    """About how many fresh worlds would make a verdict sure, if the loss stayed where it is.

    The error shrinks with the root of the worlds, so the interval of :data:`NOISE_SE`
    standard errors clears the nearest band edge (2, 5 or 10 points) once the worlds reach
    ``worlds`` times (2 x error / distance to that edge) squared.

    >>> worlds_to_settle(6.0, 1.0, 100), worlds_to_settle(5.1, 1.0, 100) > 10_000
    (400.0, True)
    """
    edge = min(abs(loss - e) for e in (GOOD_LOSS, INACCURACY_LOSS, MISTAKE_LOSS))
    if edge == 0:
        return math.inf
    return worlds * (NOISE_SE * std_error / edge) ** 2


def more_seed(seed: int, k: int) -> int:
    """The seed of the ``k``-th re-rating (from 1): fresh, so its worlds are new ones.

    >>> more_seed(5, 1), more_seed(5, 2)
    (1000008, 2000011)
    """
    return (seed + k * 1_000_003) % 2**64


def half_seed(seed: int) -> int:
    """The seed of the first pass's second half (:func:`first_pass`): far from ``seed`` and
    from every :func:`more_seed`.

    >>> half_seed(5) == 5 + 2**63
    True
    """
    return (seed + 2**63) % 2**64


def first_pass(rnd: Round, move: str, worlds: int, policy: EvaluatePolicy, seed: int) -> Ratings:
    """Every legal move rated, the played ``move``'s verdict to come from it.

    Half of ``worlds`` first (the worlds of ``evaluate(rnd, worlds=worlds // 2, seed=seed)``).
    When the played move is the best there or surely good (its loss is below
    :data:`GOOD_LOSS` by :data:`NOISE_SE` standard errors), that is enough: such a move is
    never flagged however the ratings fall. Otherwise the other half is added from a fresh
    seed, so that a move is flagged only on ``worlds`` worlds at least.
    """
    half = worlds // 2
    if half < 2:  # too few worlds to halve
        return rate(rnd, worlds, policy, seed)
    ratings = rate(rnd, half, policy, seed)
    loss, se = loss_of(ratings_table(ratings), move)
    if loss == 0 or loss + NOISE_SE * se < GOOD_LOSS:
        return ratings
    return rate_more(ratings, worlds - half, half_seed(seed))


def settled(
    ratings: Ratings, move: str, worlds: int, most: int, seed: int
) -> tuple[int, pd.DataFrame, pd.DataFrame]:
    """The worlds behind the played ``move``'s verdict, the table it is read from, and the
    first table (every legal move: :func:`first_pass`'s).

    The first table is ``ratings``'. When it flags the move (an inaccuracy or worse), the
    flag is checked on fresh worlds: the *contenders* (the played move and every move within
    :data:`NOISE_SE` standard errors of the best) are rated again in ``worlds`` fresh worlds,
    and more ``worlds`` at a time while the verdict is not sure and ``most`` worlds are not
    reached. The verdict is read from the fresh worlds alone: the first rating chose the
    best move and so made the loss look larger than it is (the best of noisy averages is too
    good), and fresh worlds do not share that bias. A verdict that would need far more
    worlds than the budget holds (:func:`worlds_to_settle`: the loss sits on a band edge)
    is not rated again after the first fresh worlds: it is unclear (:func:`judged`).
    """
    table = first = ratings_table(ratings)
    used = len(ratings.rows)
    loss, se = loss_of(table, move)
    if not flagged(loss, se) or used + worlds > most:
        return used, table, first
    contenders = _contenders(table, move)
    fresh = rate(ratings.view, worlds, ratings.policy, more_seed(seed, 1), contenders)
    table = ratings_table(fresh)
    k = 1
    while used + len(fresh.rows) + worlds <= most:
        loss, se = loss_of(table, move)
        left = most - used - len(fresh.rows)
        if not close_call(loss, se) or _hopeless(loss, se, len(fresh.rows), left):
            break
        k += 1
        fresh = rate_more(fresh, worlds, more_seed(seed, k))
        table = ratings_table(fresh)
    return used + len(fresh.rows), table, first


def _hopeless(loss: float, se: float, rated: int, left: int) -> bool:
    """Whether a close call rated with ``rated`` worlds would need far more than the ``left``
    ones to be sure (four times as many: the loss itself moves with fresh worlds)."""
    return close_call(loss, se) and worlds_to_settle(loss, se, rated) > 4 * (rated + left)


def _contenders(table: pd.DataFrame, move: str) -> list[str]:
    """The played ``move`` and the moves within :data:`NOISE_SE` standard errors of the
    table's best (their loss against it), the best included."""
    near = table["loss_std_error"] * NOISE_SE >= table["expected_points"] - float(
        table["expected_points"].iloc[0]
    )
    return sorted({move, *(str(m) for m in table.index[near.to_numpy()])})


def loss_of(table: pd.DataFrame, move: str) -> tuple[float, float]:
    """The played ``move``'s loss against the table's best, and its standard error."""
    best = str(table.index[0])
    played = number(table, move)
    loss = max(0.0, played - number(table, best))
    return loss, 0.0 if move == best else number(table, move, "loss_std_error")


def number(table: pd.DataFrame, move: str, column: str = "expected_points") -> float:
    """One number of an evaluate table: ``move``'s ``column``."""
    return float(table[column].loc[move])


def judged(loss: float, se: float, same_move: bool, worlds: int) -> tuple[str, bool, str]:
    """The verdict, whether it is sure, and a note in words.

    A flag (an inaccuracy or worse) is given only when every loss within :data:`NOISE_SE`
    standard errors gets it. A loss the thresholds would flag but whose interval crosses a
    band edge is ``"unclear"``, not a flag; the note says between which verdicts. A loss
    of 2 points or more within the noise of 0 stays ``"good"`` (it may be chance), not sure.

    >>> said, sure, note = judged(6.0, 1.0, False, 400)
    >>> said, sure, note[:45]
    ('unclear', False, 'unclear: between an inaccuracy and a mistake,')
    >>> note[46:]
    'about 6.0 points lost +- 2.0 (after 400 imagined worlds)'
    >>> judged(6.0, 0.3, False, 100)[:2], judged(3.0, 2.0, False, 100)[:2]
    (('mistake', True), ('good', False))
    """
    if same_move or loss < GOOD_LOSS:
        return verdict(loss, se, same_move=same_move), True, ""
    mild, harsh = verdict_range(loss, se)
    said = verdict(loss, se)
    give = f"about {loss:.1f} points lost +- {NOISE_SE * se:.1f} (after {worlds:,} imagined worlds)"
    if mild == harsh:
        return said, True, f"sure after {worlds:,} imagined worlds"
    if said not in FLAGS:
        return said, False, f"may be chance: {give}; it may be {_SAID[harsh]}"
    return UNCLEAR, False, f"unclear: between {_SAID[mild]} and {_SAID[harsh]}, {give}"


#: A verdict as said after "it may be" ("best" counts as "good").
_SAID = {
    "best": "good",
    "good": "good",
    "inaccuracy": "an inaccuracy",
    "mistake": "a mistake",
    "blunder": "a blunder",
}


def most_worlds(worlds: int, max_worlds: object) -> int:
    """The most worlds a close call is rated with (``ReviewError`` when out of range)."""
    if max_worlds is None:
        return min(MAX_WORLDS, MORE_WORLDS * worlds)
    if not whole_in(max_worlds, worlds, MAX_WORLDS):
        raise ReviewError(
            f"max_worlds is a whole number from worlds ({worlds}) to {MAX_WORLDS:,}, or None "
            f"for {MORE_WORLDS} times worlds; got {shown(max_worlds)}"
        )
    return int(max_worlds)
