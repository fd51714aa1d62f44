"""Analysis of play: the playout kernel, the first brick of game review.

A :class:`Position` is a round in play packed into bit masks and small lists; it plays the
engine's rules, and :func:`playout` plays a round out from any point with a simple fast
policy (random or greedy) and returns each seat's round points; :func:`playouts` plays
many at once (NumPy arrays, one row per round in play): the rollouts of analysis.
:func:`solve` gives the exact value of every legal move with every hand open (expectimax
over the yard's draws, for positions small enough to search).

>>> from cfwidget import Round, Rules
>>> from cfwidget.analysis import playout
>>> rnd = Round.deal(Rules.preset("double-six"), players=3, seed=2)
>>> points = playout(rnd, "random", seed=5)
>>> len(points), min(points) >= 0
(3, True)
"""

from __future__ import annotations

from ._errors import PlayoutError, SolveError, TooLargeToSolve
from ._kernel import Position
from ._playout import MAX_PLAYOUTS, POLICIES, Policy, playout, playouts
from ._solve import Solution, solve

__all__ = [
    "MAX_PLAYOUTS",
    "POLICIES",
    "PlayoutError",
    "Policy",
    "Position",
    "Solution",
    "SolveError",
    "TooLargeToSolve",
    "playout",
    "playouts",
    "solve",
]
