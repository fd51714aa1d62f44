"""Accuracy by points lost, and each seat's expected round points move by move.

A review rates each move of a seat from that seat's own view (evaluate's table of every
legal move). From that table:

- the **stake** of the move is what the choice could cost: the worst legal move's expected
  round points minus the best's (0 when every move comes to the same);
- its **weight** is the stake, but at least :data:`STAKE_FLOOR` points, so that a choice
  where little was at stake weighs little and cannot swing the accuracy;
- the **move's accuracy** is ``100 * (1 - loss / weight)`` per cent: 100 for no loss, 0 for
  the worst move when a blunder's worth or more was at stake, and never below
  ``100 * (1 - stake / STAKE_FLOOR)`` when less was;
- a **seat's accuracy** is ``100 * (1 - sum of losses / sum of weights)`` over its rated
  moves (forced moves left out): the share of the points at stake that it kept, which is
  the weight-weighted mean of its moves' accuracies.

Each is monotone: a larger loss never gives a higher accuracy. docs/review-accuracy.md
states the formula with examples.

The **series** (:func:`outlook`) is each reviewed seat's expected round points and chance of
going out after every move of the game, as that seat saw them: at its own rated moves, the
played move's expected points from its row (rated again with more worlds when the verdict
was a close call) and its chance of going out from its table, both computed before the move
from the seat's observation alone; at the other seats' moves and its forced moves the review
rated no position for it, so its last figure of the round holds (``fresh`` is False there).
A seat has no figure in a round before its first rated move.

>>> move_accuracy(0.0, 12.0), move_accuracy(6.0, 12.0), move_accuracy(1.0, 1.0)
(100.0, 50.0, 90.0)
>>> seat_accuracy([0.0, 6.0], [12.0, 4.0])
72.72727272727273
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pandas as pd

from .._shared import shown
from ._errors import ReviewError

__all__ = [
    "ACCURACY_COLUMNS",
    "OUTLOOK_COLUMNS",
    "STAKE_FLOOR",
    "move_accuracy",
    "outlook",
    "seat_accuracy",
    "stake_of",
    "with_accuracy",
]

#: The least weight a rated move gets, in round points (a blunder's worth: see the module).
STAKE_FLOOR = 10.0
#: The columns :func:`with_accuracy` adds to a review's moves.
ACCURACY_COLUMNS = ("stake", "move_accuracy")
#: The columns of :func:`outlook` (one row per move of the game and reviewed seat).
OUTLOOK_COLUMNS = (
    "step",
    "round",
    "move_number",
    "mover",
    "seat",
    "name",
    "expected_points",
    "out_chance",
    "fresh",
)


def _number(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ReviewError(f"{name} is a number of points, 0 or more; got {shown(value)}")
    if value < 0:
        raise ReviewError(f"{name} is a number of points, 0 or more; got {shown(value)}")
    return float(value)


def move_accuracy(loss: float, stake: float) -> float:
    """A move's accuracy in per cent: ``100 * (1 - loss / max(stake, STAKE_FLOOR))``.

    ``loss`` is the points the move lost against the best, ``stake`` the spread of all the
    legal moves' expected points; a loss above the stake (it cannot be, in one table) counts
    as the stake.

    >>> move_accuracy(0.0, 0.0), move_accuracy(10.0, 10.0), move_accuracy(5.0, 20.0)
    (100.0, 0.0, 75.0)
    >>> move_accuracy(-1.0, 3.0)
    Traceback (most recent call last):
    ...
    cfwidget.ReviewError: loss is a number of points, 0 or more; got -1.0
    """
    lost, at_stake = _number("loss", loss), _number("stake", stake)
    weight = max(at_stake, STAKE_FLOOR)
    return 100.0 * (1.0 - min(lost, weight) / weight)


def seat_accuracy(losses: Sequence[float], stakes: Sequence[float]) -> float:
    """A seat's accuracy in per cent over its rated moves: ``100 * (1 - sum(losses) /
    sum(max(stake, STAKE_FLOOR)))``; NaN when it has no rated move.

    >>> seat_accuracy([], [])
    nan
    >>> seat_accuracy([2.0, 0.0, 0.0], [30.0, 5.0, 5.0])
    96.0
    """
    if len(losses) != len(stakes):
        raise ReviewError(
            f"losses and stakes go in pairs, one of each per move; got {len(losses)} losses "
            f"and {len(stakes)} stakes"
        )
    if not len(losses):
        return math.nan
    lost = [_number("loss", x) for x in losses]
    weights = [max(_number("stake", s), STAKE_FLOOR) for s in stakes]
    spent = sum(min(x, w) for x, w in zip(lost, weights, strict=True))
    return max(0.0, 100.0 * (1.0 - spent / sum(weights)))


def stake_of(table: pd.DataFrame | None) -> float:
    """What a choice could cost: the worst move's expected points minus the best's (0 for a
    forced move, whose table is ``None``, or a table of one move)."""
    if table is None or not len(table):
        return 0.0
    points = table["expected_points"]
    return float(points.max() - points.min())


def with_accuracy(moves: pd.DataFrame, tables: Sequence[pd.DataFrame | None]) -> pd.DataFrame:
    """``moves`` (a review's moves table) with :data:`ACCURACY_COLUMNS` added: each rated
    move's stake and accuracy (a forced move: stake 0, accuracy NaN). A flag's loss is read
    from fresh worlds and the stake from the first table, so the stake is at least the loss:
    the worst move cost at least what the move played did."""
    if len(tables) != len(moves):
        raise ReviewError(f"one table per move: {len(moves)} moves, {len(tables)} tables")
    rated = (moves["verdict"] != "forced").tolist() if len(moves) else []
    losses = moves["loss"].tolist() if len(moves) else []
    stakes = [
        max(stake_of(t), float(x)) if r else stake_of(t)
        for t, x, r in zip(tables, losses, rated, strict=True)
    ]
    out: pd.DataFrame = moves.copy()
    out["stake"] = pd.Series(stakes, index=moves.index, dtype=float)
    out["move_accuracy"] = pd.Series(
        [
            move_accuracy(float(x), s) if r else math.nan
            for x, s, r in zip(losses, stakes, rated, strict=True)
        ],
        index=moves.index,
        dtype=float,
    )
    return out


def seat_accuracies(moves: pd.DataFrame, seats: Sequence[int]) -> list[float]:
    """Each seat's accuracy (:func:`seat_accuracy`) from a moves table with a stake column."""
    rated = moves[moves["verdict"] != "forced"]
    out = []
    for seat in seats:
        mine = rated[rated["seat"] == seat]
        out.append(seat_accuracy(mine["loss"].tolist(), mine["stake"].tolist()))
    return out


def outlook(
    moves: pd.DataFrame,
    tables: Sequence[pd.DataFrame | None],
    played: Sequence[Sequence[str]],
    movers: Sequence[Sequence[int]],
    names: Sequence[str],
    seats: Sequence[int] | None = None,
) -> pd.DataFrame:
    """Each reviewed seat's expected round points and chance of going out after every move.

    One row per move of the game (``step`` from 1, over all rounds; ``round`` and
    ``move_number`` from 1; the ``mover``) and reviewed seat (``seat``, ``name``), columns
    :data:`OUTLOOK_COLUMNS`. ``seats`` are the reviewed seats (by default, those with a row
    in ``moves``). See the module text for what is fresh and what holds.
    """
    if seats is not None:
        reviewed = sorted(int(s) for s in seats)
    else:
        reviewed = sorted({int(s) for s in moves["seat"]}) if len(moves) else []
    at: dict[tuple[int, int], int] = {
        (int(r), int(k)): i
        for i, (r, k) in enumerate(zip(moves["round"], moves["move_number"], strict=True))
    }
    points_of = moves["played_points"].tolist() if len(moves) else []
    rows: list[dict[str, Any]] = []
    step = 0
    for r, (moves_of_round, seats) in enumerate(zip(played, movers, strict=True), start=1):
        last: dict[int, tuple[float, float]] = {}
        for k, (move, mover) in enumerate(zip(moves_of_round, seats, strict=True), start=1):
            step += 1
            i = at.get((r, k))
            table = None if i is None else tables[i]
            fresh = table is not None and move in table.index
            if fresh and table is not None and i is not None:
                # The row's points (rated again with more worlds on a close call), the
                # table's chance of going out.
                last[mover] = (float(points_of[i]), float(table["out_chance"][move]))
            for seat in reviewed:
                points, out = last.get(seat, (math.nan, math.nan))
                rows.append(
                    {
                        "step": step,
                        "round": r,
                        "move_number": k,
                        "mover": mover,
                        "seat": seat,
                        "name": names[seat],
                        "expected_points": points,
                        "out_chance": out,
                        "fresh": bool(fresh and seat == mover),
                    }
                )
    frame: pd.DataFrame = pd.DataFrame(rows, columns=list(OUTLOOK_COLUMNS))
    return frame
