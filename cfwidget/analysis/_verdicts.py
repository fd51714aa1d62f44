"""The review's verdicts: thresholds in points, how sure a verdict is, and close calls rated again.

A move's **loss** is its expected round points minus the best move's, with a standard error
from the two moves' differences world by world (:func:`~cfwidget.analysis.evaluate`'s
``loss_std_error``). :func:`verdict` names it by the thresholds below. A verdict is **sure**
when every loss within :data:`NOISE_SE` standard errors gets it (:func:`verdict_range`). A
**close call** (a loss of :data:`GOOD_LOSS` points or more whose verdict is not sure) is
rated again with more worlds of fresh seeds (:func:`settled`) until it is sure or the budget
ends; still unsure then, it is *unclear*: it gets its mildest verdict, and a note says so
(:func:`judged`). docs/review-errors.md tells the whole story.
"""

from __future__ import annotations

import pandas as pd

from .._shared import shown, whole_in
from ._errors import ReviewError
from ._evaluate import MAX_WORLDS, Ratings, rate, rate_more, ratings_table

__all__ = [
    "GOOD_LOSS",
    "INACCURACY_LOSS",
    "MISTAKE_LOSS",
    "MORE_WORLDS",
    "NOISE_SE",
    "judged",
    "loss_of",
    "most_worlds",
    "number",
    "settled",
    "verdict",
    "verdict_range",
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


def more_seed(seed: int, k: int) -> int:
    """The seed of the ``k``-th re-rating (from 1): fresh, so its worlds are new ones."""
    return (seed + k * 1_000_003) % 2**64


def settled(
    ratings: Ratings, move: str, worlds: int, most: int, seed: int
) -> tuple[int, pd.DataFrame, pd.DataFrame]:
    """The worlds behind the played ``move``'s verdict, the table it is read from, and the
    first table (every legal move, the review's ``worlds``).

    The first table is ``ratings``'. When it flags the move (an inaccuracy or worse) and the
    loss is a close call, then while it stays one and fewer than ``most`` worlds were rated,
    the *contenders* (the played move and every move within
    :data:`NOISE_SE` standard errors of the best) are rated again in ``worlds`` more fresh
    worlds at a time, and the verdict is read from the fresh worlds alone: the first rating
    chose the best move and so made the loss look larger than it is (the best of noisy
    averages is too good), and fresh worlds do not share that bias.
    """
    table = first = ratings_table(ratings)
    loss, se = loss_of(table, move)
    flagged = verdict(loss, se) in ("inaccuracy", "mistake", "blunder")
    if len(ratings.rows) + worlds > most or not (flagged and close_call(loss, se)):
        return len(ratings.rows), table, first
    contenders = _contenders(table, move)
    fresh = rate(ratings.view, worlds, ratings.policy, more_seed(seed, 1), contenders)
    table = ratings_table(fresh)
    k = 1
    while len(ratings.rows) + len(fresh.rows) + worlds <= most:
        loss, se = loss_of(table, move)
        if not close_call(loss, se):
            break
        k += 1
        fresh = rate_more(fresh, worlds, more_seed(seed, k))
        table = ratings_table(fresh)
    return len(ratings.rows) + len(fresh.rows), table, first


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
    """The verdict, whether it is sure, and a note in words. A close call still unsure after
    the re-ratings gets its mildest verdict (a move is called a mistake only when it surely
    is one) and the note says it is unclear."""
    if same_move or loss < GOOD_LOSS:
        return verdict(loss, se, same_move=same_move), True, ""
    mild, harsh = verdict_range(loss, se)
    if mild == harsh:
        return verdict(loss, se), True, f"sure after {worlds:,} imagined worlds"
    return (
        mild,
        False,
        f"unclear: about {loss:.1f} points lost, give or take {NOISE_SE * se:.1f}, after "
        f"{worlds:,} imagined worlds: it may be {_SAID[mild]} or {_SAID[harsh]}",
    )


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
