"""Analysis of play: playouts, exact solving, move evaluation and game review.

A :class:`Position` is a round in play as the core's rules kernel holds it (bit masks and
small lists: the same state and play step a :class:`~cfwidget.Round` runs on).
:func:`playout` plays a round out from any point with a simple fast policy (random, greedy
or coach-like) and returns each seat's round points; :func:`playouts` plays many in one call
(the random ones with the open ends counted per number): the rollouts of analysis.
:func:`solve` gives the exact value of every legal move with every hand open (expectimax
over the yard's draws, for positions small enough to search).
:func:`evaluate` rates every legal move of the seat to move by playouts in worlds that fit
its view, and :class:`SearchBot` (``make_bot("search", strength=...)``) plays by it: the
search's best, or the coach's move while the search is not sure that move is worse.
:class:`DeepSearchBot` (``make_bot("deep-search")``) races its moves (:func:`race`): more
worlds where the top moves are close, until one is sure.
:func:`review` rates every move of a whole game that way and gives a :class:`Review`.

>>> from cfwidget import Round, Rules
>>> from cfwidget.analysis import playout
>>> rnd = Round.deal(Rules.preset("double-six"), players=3, seed=2)
>>> points = playout(rnd, "random", seed=5)
>>> len(points), min(points) >= 0
(3, True)
"""

from __future__ import annotations

from ..players import register_bot
from ._deep_search import DEEP_STRENGTHS, DeepSearchBot, Race, race
from ._errors import EvaluateError, PlayoutError, ReviewError, SolveError, TooLargeToSolve
from ._evaluate import EVALUATE_POLICIES, MAX_WORLDS, EvaluatePolicy, evaluate
from ._kernel import Position
from ._lines import LINE_WORLDS, Line, lines_of_play
from ._marks import MARK_COLOURS, MARKED, SEAT_COLOURS, marked_words
from ._playout import MAX_PLAYOUTS, playout, playouts
from ._policies import POLICIES, Policy
from ._review import VERDICTS, Review, review
from ._search import DOUBT, STRENGTHS, SearchBot
from ._solve import Solution, solve
from ._verdicts import FLAGS, GOOD_LOSS, NOISE_SE, UNCLEAR, verdict_range

__all__ = [
    "DEEP_STRENGTHS",
    "DOUBT",
    "EVALUATE_POLICIES",
    "FLAGS",
    "GOOD_LOSS",
    "LINE_WORLDS",
    "MARKED",
    "MARK_COLOURS",
    "MAX_PLAYOUTS",
    "MAX_WORLDS",
    "NOISE_SE",
    "POLICIES",
    "SEAT_COLOURS",
    "STRENGTHS",
    "UNCLEAR",
    "VERDICTS",
    "DeepSearchBot",
    "EvaluateError",
    "EvaluatePolicy",
    "Line",
    "PlayoutError",
    "Policy",
    "Position",
    "Race",
    "Review",
    "ReviewError",
    "SearchBot",
    "Solution",
    "SolveError",
    "TooLargeToSolve",
    "evaluate",
    "lines_of_play",
    "marked_words",
    "playout",
    "playouts",
    "race",
    "review",
    "solve",
    "verdict_range",
]

register_bot("search", SearchBot)
register_bot("deep-search", DeepSearchBot)
