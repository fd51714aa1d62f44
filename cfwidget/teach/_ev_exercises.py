"""Expected value deciding a move: the checked exercises of notebook 15, and a worked example.

Every answer is computed by :mod:`cfwidget.analysis`, never typed in:

- :func:`every_yard_order` plays a small position out once for every order the chicken yard
  could be in, each seat choosing as :func:`~cfwidget.analysis.solve` does; the average of
  those rows is the exact expected value (each order is equally likely), which a learner can
  check by hand;
- :func:`move_value` asks for the exact expected round points of a move (hands open), within
  :data:`POINTS_TOLERANCE`;
- :func:`best_in_expectation` asks which move is best in expectation, and names the slip of
  picking the move that sheds the most points now;
- :func:`worlds_for_error` asks how many imagined worlds would narrow
  :func:`~cfwidget.analysis.evaluate`'s standard error to a goal (within 10%).

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
>>> q = move_value(rnd, rnd.legal_moves()[0])
>>> q.check(float(solve(rnd).points(rnd.legal_moves()[0]))).status
'correct'
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pandas as pd

from .._shared import is_number, shown
from ..analysis import Solution, solve
from ..core import Move, Round, Tile
from ..players import greedy
from ._answers import Exercise, listing, read_choice
from ._errors import LessonError
from ._odds_answers import amount_exercise, square_law_exercise
from ._typed import move_notation

__all__ = [
    "MAX_ORDERS",
    "POINTS_TOLERANCE",
    "SOLVE_LIMIT",
    "best_in_expectation",
    "every_yard_order",
    "move_value",
    "worlds_for_error",
]

#: How far an expected number of points may be from the exact value and still be right.
POINTS_TOLERANCE = Fraction(1, 100)
#: The most states a lesson's position may take to solve (a lesson's small positions take
#: a few hundred; a larger one is refused in well under a second instead of searched slowly).
SOLVE_LIMIT = 20_000
#: The most yard orders :func:`every_yard_order` plays out (a yard of 5 tiles has 120).
MAX_ORDERS = 120


def _round(rnd: object, asker: str) -> Round:
    if not isinstance(rnd, Round):
        raise LessonError(f"{asker} takes a cf.Round, got {shown(rnd)}")
    if rnd.is_over:
        raise LessonError(f"{asker} needs a round in play; this one is over")
    return rnd


def _legal(rnd: Round, move: object, asker: str) -> Move:
    for m in rnd.legal_moves():
        if m == move or str(m) == move:
            return m
    choices = listing((str(m) for m in rnd.legal_moves()), "or")
    raise LessonError(f"{asker}: {shown(move)} is not a legal move here; the moves are {choices}")


def _solved(rnd: Round, asker: str) -> Solution:
    from ..analysis import TooLargeToSolve

    try:
        return solve(rnd, limit=SOLVE_LIMIT)
    except TooLargeToSolve as exc:
        raise LessonError(f"{asker} needs a position small enough to solve: {exc}") from None


def every_yard_order(rnd: Round, move: Move | str) -> pd.DataFrame:
    """``move`` played, then the round played out once for every order of the chicken yard.

    One row per order (``yard``, the tiles in the order they would be drawn), with the moves
    that follow (``moves``: each seat choosing as :func:`~cfwidget.analysis.solve` does) and
    every seat's round points (a column per name). Every order is equally likely, so the
    average of a seat's column is its exact expected round points after ``move``:
    ``solve(rnd).points(move)`` for the seat to move. At most :data:`MAX_ORDERS` orders (a
    yard of 5 tiles); ``rnd`` is not changed.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.from_deal(Rules(max_pip=3, spokes=3, hand_size=2),
    ...     hands=[["3-3", "3-0"], ["3-2", "1-0"]],
    ...     boneyard=["3-1", "2-2", "2-1", "2-0", "1-1", "0-0"])
    >>> every_yard_order(rnd, "3-2@3-3")
    Traceback (most recent call last):
    ...
    cfwidget.LessonError: the chicken yard holds 6 tiles: 720 orders, more than 120 to list; \
take a position later in the round
    """
    rnd = _round(rnd, "every_yard_order")
    chosen = _legal(rnd, move, "every_yard_order")
    record = rnd.to_dict()
    record["seed"] = None  # a deal with its yard reordered is a hand-made deal
    deal = record["deal"]
    yard = list(deal["boneyard"])
    drawn = len(yard) - rnd.yard_count
    left = yard[drawn:]
    orders = math.factorial(len(left))
    if orders > MAX_ORDERS:
        raise LessonError(
            f"the chicken yard holds {len(left)} tiles: {orders:,} orders, more than "
            f"{MAX_ORDERS} to list; take a position later in the round"
        )
    rows = []
    for order in itertools.permutations(left):
        deal["boneyard"] = [*yard[:drawn], *order]
        line = Round.from_dict(record)
        line.play(chosen)
        after: list[str] = []
        while not line.is_over:
            best = _solved(line, "every_yard_order").best
            after.append(f"{line.names[line.turn]} {best}")
            line.play(best)
        row: dict[str, object] = {"yard": ", ".join(order), "moves": "; ".join(after)}
        row.update(zip(line.names, line.scores(), strict=True))
        rows.append(row)
    table: pd.DataFrame = pd.DataFrame(rows, columns=["yard", "moves", *rnd.names])
    return table


def _immediate(rnd: Round, move: Move) -> int:
    """What ``move`` sheds now: the penalty of the tile it plays (0 for a draw or a pass)."""
    tile = move.tile
    return rnd.rules.penalty(tile) if isinstance(tile, Tile) and move.is_play else 0


def move_value(rnd: Round, move: Move | str) -> Exercise:
    """The exact expected round points of the seat to move after ``move``, every hand open
    (:func:`~cfwidget.analysis.solve`), within :data:`POINTS_TOLERANCE`.

    >>> from cfwidget import Round, Rules
    >>> from cfwidget.players import greedy
    >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=171)
    >>> for _ in range(3):
    ...     rnd.play(greedy(rnd.observation(rnd.turn)))
    >>> q = move_value(rnd, "2-1@3-2")
    >>> q.check("2/3").message, q.check("0.66").status
    ('Correct! 2/3 = 0.667 points.', 'correct')
    """
    rnd = _round(rnd, "move_value")
    chosen = _legal(rnd, move, "move_value")
    sol = _solved(rnd, "move_value")
    exact = sol.points(chosen)
    name = rnd.names[rnd.turn]
    left = sum(rnd.rules.penalty(t) for t in rnd.hands[rnd.turn]) - _immediate(rnd, chosen)
    mistakes = [
        (
            Fraction(left),
            f"is what {name}'s tiles would cost if the round stopped right after {chosen}; "
            "the round goes on, and the others may go out first or get stuck",
        )
    ]
    mistakes += [
        (sol.points(m), f"is the expected value of {m}, another of {name}'s moves")
        for m in sol.moves
        if m != chosen
    ]
    return amount_exercise(
        f"Every hand open: if {name} plays {chosen}, what are {name}'s expected round points "
        "(the average over every order the chicken yard could be in)?",
        exact,
        unit="points",
        idea="Play the round out once for every order of the chicken yard (every_yard_order "
        "does it), each seat choosing its own best; every order is equally likely.",
        plug_in=f"Take {name}'s column in the table of every yard order after {chosen} and "
        "average it: add the points up and divide by the number of rows.",
        solution=_average_words(rnd, chosen, name, exact),
        mistakes=mistakes,
        tolerance=POINTS_TOLERANCE,
        key="ev-15-move-value",
    )


def _average_words(rnd: Round, move: Move, name: str, exact: Fraction) -> str:
    """The worked answer: the points of every yard order and their average (when few)."""
    try:
        points = [int(p) for p in every_yard_order(rnd, move)[name]]
    except LessonError:  # too many orders to list: solve's search did the averaging
        return f"solve gives {exact}: the average of {name}'s points over every yard order."
    total = sum(points)
    return (
        f"{name}'s points over the {len(points)} orders of the yard are "
        f"{listing(points)}; their average is {total}/{len(points)} = {exact}."
    )


def best_in_expectation(rnd: Round) -> Exercise:
    """Which move gives the seat to move the lowest expected round points, every hand open?

    Any move tied for the lowest is right; choosing the move that sheds the most points now
    (the greedy bot's), when it is worse, is named as the slip it is.

    >>> from cfwidget import Round, Rules
    >>> from cfwidget.players import greedy
    >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=171)
    >>> for _ in range(3):
    ...     rnd.play(greedy(rnd.observation(rnd.turn)))
    >>> q = best_in_expectation(rnd)
    >>> q.choices, q.check("1-1@3-1").status
    (('1-1@3-1', '2-1@3-1', '2-1@3-2'), 'correct')
    """
    rnd = _round(rnd, "best_in_expectation")
    sol = _solved(rnd, "best_in_expectation")
    name = rnd.names[rnd.turn]
    choices = tuple(str(m) for m in sol.moves)
    low = min(sol.points(m) for m in sol.moves)
    right = [str(m) for m in sol.moves if sol.points(m) == low]
    heavy = str(greedy(rnd.observation(rnd.turn)))
    values = "; ".join(f"{m}: {_pts(sol.points(m))}" for m in sol.moves)

    def judge(answer: object) -> tuple[bool, str]:
        if isinstance(answer, Move):  # a move from the round itself, like rnd.legal_moves()[0]
            answer = str(answer)
        if isinstance(answer, str):  # "1-1 @ 3-1", or "1-1 on 3-1" as the coach says it
            answer = move_notation(answer)
        given = read_choice(answer, choices)
        points = sol.points(given)
        if given in right:
            return True, f"{given} gives {name} {_pts(points)} on average, the fewest"
        why = f"{given} gives {name} {_pts(points)} on average, {_pts(points - low)} more"
        why += f" than {right[0]}"
        if given == heavy:
            why += " (it sheds the most points now, but the round goes on after it)"
        return False, why

    return Exercise(
        question=f"Every hand open: which of {name}'s moves gives {name} the fewest round "
        f"points on average? The moves: {listing(choices, 'or')}.",
        judge=judge,
        hints=(
            "Do not judge a move by the tile it sheds now: compare what each move leads to, "
            "the expected round points after it (solve(rnd).to_frame() lists them).",
            f"The expected round points of {name}, move by move: {values}. Lower is better.",
        ),
        solution_text=f"{listing(right, 'or')}: {_pts(low)} on average (the moves: {values}).",
        example=f'"{choices[0]}"',
        kind="choice",
        choices=choices,
        key="ev-15-best-in-expectation",
    )


def _pts(value: Fraction) -> str:
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return f"{text} {'point' if value == 1 else 'points'}"


def worlds_for_error(table: pd.DataFrame, goal: float) -> Exercise:
    """From an :func:`~cfwidget.analysis.evaluate` table: about how many worlds would bring
    its best move's standard error down to ``goal`` points (within 10%)?

    >>> from cfwidget import Round, Rules
    >>> from cfwidget.analysis import evaluate
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=3, seed=2)
    >>> table = evaluate(rnd, worlds=100, seed=1)
    >>> q = worlds_for_error(table, goal=float(table["std_error"].iloc[0]) / 2)
    >>> q.check("400").status, q.check("200").status
    ('correct', 'not yet')
    """
    if (
        not isinstance(table, pd.DataFrame)
        or "std_error" not in table
        or table.empty
        or "worlds" not in table.attrs
    ):
        raise LessonError(f"table is the table evaluate() returns, got {shown(table)}")
    if not is_number(goal) or not goal > 0:
        raise LessonError(f"goal is a standard error in points, above 0; got {shown(goal)}")
    worlds, error = int(table.attrs["worlds"]), float(table["std_error"].iloc[0])
    if error <= 0:
        raise LessonError("the best move's standard error is 0 here: every world agrees")
    move = str(table.index[0])
    return square_law_exercise(
        f"With {worlds:,} worlds, the standard error of {move}'s expected points is "
        f"{error:.2f} points. About how many worlds would make it {goal:.2f} points?",
        worlds,
        "worlds",
        "the standard error",
        error,
        goal,
        digits="2",
        ratio="errors",
        key="ev-15-worlds-for-error",
    )
