"""The exact value of every legal move, with every hand open: expectimax over the yard's draws.

:func:`solve` is the teaching mode's answer to "what was the best move here?": it searches
the rest of the round to its end, every branch of it, and gives each legal move of the seat
to move the exact expected round points of every seat. The rules of the search:

- **Hands open, yard order hidden.** Every hand is known (as at a table where everyone has
  laid their tiles face up), but the chicken yard is still a face-down pile: even a round
  that knows its yard's order is solved as if each tile left in the yard were equally likely
  to be the next one drawn. A draw (and chicken-little's penalty tile) is a chance node: its
  value is the average over the tiles the yard holds.
- **Each seat for itself.** At every turn the seat to move picks the move with the lowest
  expected round points for itself (not the lowest total, nor the highest for the others).
- **Ties: the first move.** When several moves give that seat the same expected points, it
  picks the first of them in the engine's order (:meth:`Round.legal_moves
  <cfwidget.Round.legal_moves>`), so every value is well defined; the other seats' points can
  differ between tied moves, and this rule says which of them count.
- **Memoised.** A state is what decides the rest of the round: the hands, the yard as a set,
  the open ends per number (by table tile: which end a tile joins fixes the engine's order of
  later moves), the double being filled and the tiles it still needs, the tile just drawn,
  whose turn it is and (when every seat passing in turn ends the round) the passes in a row.
  Each distinct state is searched once; ``limit`` caps how many there may be, and a larger
  position raises :class:`~cfwidget.TooLargeToSolve` (use ``evaluate``'s sampled playouts
  for those).

Values are exact :class:`~fractions.Fraction` s; :meth:`Solution.to_frame` shows them as
floats in a pandas DataFrame.

>>> from cfwidget import Round, Rules
>>> rnd = Round.from_deal(Rules(max_pip=3, spokes=3, hand_size=2),
...     hands=[["3-3", "3-0"], ["3-2", "1-0"]],
...     boneyard=["3-1", "2-2", "2-1", "2-0", "1-1", "0-0"])
>>> sol = solve(rnd)
>>> sol.seat, [str(m) for m in sol.moves], sol.best
(1, ['3-2@3-3'], Move.parse('3-2@3-3'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from .._shared import check_whole, shown
from ..core import Move, Round
from ._errors import PlayoutError, SolveError, TooLargeToSolve
from ._kernel import Position

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["DEFAULT_LIMIT", "MAX_DEPTH", "Solution", "solve"]

#: The most distinct states :func:`solve` searches by default (its time and memory are in the
#: README's section on solve); pass ``limit=`` to allow more or fewer.
DEFAULT_LIMIT = 200_000

#: The most moves one line of play may take from the position on: deeper searches (only
#: ever far beyond the limit of states) stop with TooLargeToSolve before Python's stack does.
MAX_DEPTH = 300

Value = tuple[Fraction, ...]
StateKey = tuple[object, ...]


@dataclass(frozen=True)
class Solution:
    """The exact values of the legal moves of one position (what :func:`solve` returns).

    ``moves`` are the legal moves in the engine's order and ``values[i]`` the expected round
    points of every seat (seat 0 first) if the seat to move plays ``moves[i]`` and every
    seat then plays as :func:`solve` says; ``out[i]`` is each seat's chance of going out
    (ending the round with an empty hand) then; ``best`` is the move the seat to move picks (the
    lowest own points, ties to the first); ``states`` is how many distinct states the search
    visited.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
    >>> sol = solve(rnd)
    >>> sol.points(sol.best) == min(sol.points(m) for m in sol.moves)
    True
    """

    seat: int
    moves: tuple[Move, ...]
    values: tuple[Value, ...]
    out: tuple[Value, ...]
    best: Move
    states: int

    def points(self, move: Move | str) -> Fraction:
        """The seat to move's expected round points after ``move`` (a legal move or its text).

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
        >>> solve(rnd).points("nonsense")
        Traceback (most recent call last):
        ...
        cfwidget.SolveError: 'nonsense' is not one of the legal moves here: ...
        """
        for m, value in zip(self.moves, self.values, strict=True):
            if m == move or str(m) == move:
                return value[self.seat]
        choices = ", ".join(str(m) for m in self.moves)
        raise SolveError(f"{shown(move)} is not one of the legal moves here: {choices}")

    def to_frame(self) -> pd.DataFrame:
        """One row per legal move, indexed by its text (as :func:`evaluate`'s table), in
        the engine's order: ``expected_points`` (the seat to move's expected round points,
        lower is better), ``out_chance`` (its chance of going out, which ends the round: no
        one else can go out first), ``rank`` (1 is best; equal points share a rank),
        ``best`` (the move picked by the tie rule) and ``seat 0 points``, ``seat 1
        points``, ... (every seat's expected round points), as floats.

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
        >>> list(solve(rnd).to_frame().columns)
        ['expected_points', 'out_chance', 'rank', 'best', 'seat 0 points', 'seat 1 points']
        """
        import pandas as pd

        own = [value[self.seat] for value in self.values]
        rows = []
        for m, value, out, mine in zip(self.moves, self.values, self.out, own, strict=True):
            row: dict[str, object] = {
                "move": str(m),
                "expected_points": float(mine),
                "out_chance": float(out[self.seat]),
                "rank": 1 + sum(1 for other in own if other < mine),
                "best": m == self.best,
            }
            row.update({f"seat {s} points": float(v) for s, v in enumerate(value)})
            rows.append(row)
        columns = ["move", "expected_points", "out_chance", "rank", "best"]
        columns += [f"seat {s} points" for s in range(len(self.values[0]))]
        frame: pd.DataFrame = pd.DataFrame(rows, columns=columns).set_index("move")
        return frame


def solve(rnd: Round, *, limit: int = DEFAULT_LIMIT) -> Solution:
    """The exact value of every legal move of the seat to move, every hand open.

    Expectimax to the end of the round: each tile left in the chicken yard is equally likely
    to be drawn (its order stays hidden even with hands open), each seat picks the move with
    its own lowest expected round points, ties going to the first in the engine's order
    (see the module). ``rnd`` is not changed. More than ``limit`` distinct states raises
    :class:`~cfwidget.TooLargeToSolve`; a round that is over raises
    :class:`~cfwidget.SolveError`.

    Here seat 0 ends the round with no points whichever spoke it plays; the two moves tie for
    it, so it picks the first, although the second would cost seat 2 less:

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=4, spokes=3, hand_size=3), players=3, seed=5)
    >>> print(solve(rnd).to_frame().round(2).to_string())
             expected_points  out_chance  rank   best  seat 0 points  seat 1 points  seat 2 points
    move
    4-1@4-4              0.0         1.0     1   True            0.0           50.0           8.67
    4-2@4-4              0.0         1.0     1  False            0.0           50.0           8.00
    >>> solve(Round.deal(Rules(), players=4, seed=1), limit=1000)
    Traceback (most recent call last):
    ...
    cfwidget.TooLargeToSolve: this position has more than 1,000 states to search ...
    """
    if not isinstance(rnd, Round):
        raise SolveError(f"solve takes a Round, got {shown(rnd)}")
    check_whole(limit, "limit (a number of states)", SolveError, low=1)
    if rnd.is_over:
        raise SolveError(
            f"the round is over ({rnd.how_it_ended()}): there is no move left to solve; "
            f"its scores are {rnd.scores()}"
        )
    try:
        pos = Position.from_round(rnd)
    except PlayoutError as exc:
        raise SolveError(str(exc)) from None
    search = _Search(pos, limit)
    codes = pos.legal_codes()
    try:
        values = tuple(search.after(pos, code) for code in codes)
    except TooLargeToSolve as exc:  # raised deep in the search: a short traceback instead
        raise TooLargeToSolve(str(exc)) from None
    seat, n = pos.turn, pos.players
    best = _first_lowest(values, seat)
    moves = tuple(pos.move_of(code) for code in codes)
    points = tuple(v[:n] for v in values)
    out = tuple(v[n:] for v in values)
    return Solution(seat, moves, points, out, moves[best], len(search.memo))


def _first_lowest(values: Sequence[Value], seat: int) -> int:
    """The index of the first value with the lowest points for ``seat`` (the tie rule)."""
    best = 0
    for i in range(1, len(values)):
        if values[i][seat] < values[best][seat]:
            best = i
    return best


class _Search:
    """One search: the memo of state values and the limit on its size."""

    def __init__(self, pos: Position, limit: int) -> None:
        self.memo: dict[StateKey, Value] = {}
        self.limit = limit
        self.depth = 0  # the moves on the path being searched (Python's stack is finite)
        self.pass_ends = pos.pass_ends

    def key(self, pos: Position) -> StateKey:
        yard = 0
        for bit in pos.yard:
            yard |= bit
        ends = tuple(tuple(sorted(e)) for e in pos.ends)
        passes = pos.passes if self.pass_ends else 0
        return (
            tuple(pos.hands),
            yard,
            ends,
            pos.forced,
            pos.needed,
            pos.drawn,
            pos.turn,
            passes,
        )

    def value(self, pos: Position) -> Value:
        """Every seat's expected round points from ``pos`` on, by the rules of the search,
        then every seat's chance of going out (the search's values are twice as long as the
        seats: the seat to move compares only its points)."""
        if pos.end_reason is not None:
            points = tuple(Fraction(p) for p in pos.points())
            return points + tuple(Fraction(s == pos.out) for s in range(len(points)))
        key = self.key(pos)
        known = self.memo.get(key)
        if known is not None:
            return known
        if len(self.memo) >= self.limit:
            raise TooLargeToSolve(
                f"this position has more than {self.limit:,} "
                f"{'state' if self.limit == 1 else 'states'} to search (the limit); "
                "solve it later in the round, pass a larger limit= (slower, more memory), or "
                "estimate it by playouts instead (evaluate)"
            )
        if self.depth >= MAX_DEPTH:
            raise TooLargeToSolve(
                f"the rest of this round can take more than {MAX_DEPTH} moves, too deep for an "
                "exact search; solve it later in the round, or estimate it by playouts "
                "instead (evaluate)"
            )
        self.depth += 1
        values = []
        for code in pos.legal_codes():
            values.append(self.after(pos, code))
        self.depth -= 1
        result = values[_first_lowest(values, pos.turn)]
        self.memo[key] = result
        return result

    def after(self, pos: Position, code: int) -> Value:
        """Every seat's expected points once the move ``code`` is made in ``pos``: the average
        over the yard's tiles if the move draws one, else the value of the one next state."""
        nxt = pos.copy()
        nxt.apply(code)
        yard = pos.yard
        if len(nxt.yard) == len(yard):
            return self.value(nxt)
        total = list(self.value(nxt))  # it drew yard[-1]; now every other tile in its place
        for i in range(len(yard) - 1):
            nxt = pos.copy()
            nxt.yard = [*yard[:i], *yard[i + 1 :], yard[i]]
            nxt.apply(code)
            for s, v in enumerate(self.value(nxt)):
                total[s] += v
        return tuple(t / len(yard) for t in total)
