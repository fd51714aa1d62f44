"""The search bot: it plays the move :func:`~cfwidget.analysis.evaluate` ranks first.

``make_bot("search", strength=...)`` makes one (the players layer finds the bot by name and
loads this layer only then; nothing in the players imports it). The strength is the number of
worlds each choice imagines, or one of the named levels of :data:`STRENGTHS`.

>>> from cfwidget import Round, Rules
>>> from cfwidget.players import make_bot, play_round
>>> bot = make_bot("search", 3, strength="quick")
>>> bot
SearchBot(seed=3, strength=50)
>>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=2, seed=4)
>>> play_round(rnd, [bot, make_bot("random", 1)])
>>> rnd.is_over
True
"""

from __future__ import annotations

import random

import pandas as pd

from .._shared import check_seed, shown
from ..core import Move, Observation
from ..odds import CoachBot
from ..players import BotError, bot_moves
from ._errors import EvaluateError
from ._evaluate import EVALUATE_POLICIES, MAX_WORLDS, EvaluatePolicy, evaluate

__all__ = ["STRENGTHS", "SearchBot"]

#: The named strengths, as worlds per choice.
STRENGTHS = {"quick": 50, "normal": 200, "deep": 800}
#: By default the bot plays another move than the coach's only when the coach's move loses
#: by more than this many standard errors of the loss (0: always the search's best).
DOUBT = 2.0
MAX_DOUBT = 10.0


def search_choice(table: pd.DataFrame, coach: str, doubt: float) -> str:
    """The move the search bot plays from an :func:`~cfwidget.analysis.evaluate` ``table``:
    the best, unless the coach's move ``coach`` loses by no more than ``doubt`` standard
    errors of its loss; then the coach's (the search is not sure enough that it is wrong).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=3, seed=2)
    >>> table = evaluate(rnd, worlds=20, seed=1)
    >>> search_choice(table, str(table.index[0]), 2.0) == str(table.index[0])
    True
    """
    points = table["expected_points"]
    loss = float(points[coach]) - float(points.iloc[0])
    sure = loss > doubt * float(table["loss_std_error"][coach])
    return str(table.index[0]) if sure else coach


class SearchBot:
    """A bot that rates its legal moves with :func:`~cfwidget.analysis.evaluate` and plays
    by that rating (with one legal move it plays it at once).

    Which move: the rating's best, unless the coach's own move
    (:class:`~cfwidget.odds.CoachBot`) is worse by no more than ``doubt`` standard errors of
    its loss (:data:`DOUBT`, 2, by default); then the coach's. Its ratings are averages over
    a few hundred imagined worlds, so two close moves often swap places by chance; keeping
    the coach's move unless it is clearly worse is what makes it stronger than the coach
    (``tools/search_tournament.py`` measures by how much: ``docs/measurements.md``).
    ``doubt=0`` always plays the rating's best; ``overrides`` counts the choices where it
    left the coach's move.

    ``strength`` is worlds per choice (2 to :data:`~cfwidget.analysis.MAX_WORLDS`) or a name
    of :data:`STRENGTHS` (``"normal"``, 200 worlds, by default); ``policy`` plays the
    playouts. ``seed`` makes its choices repeatable: each choice uses the next seed of a
    ``random.Random(seed)`` (``None``: fresh ones). Like every bot it is given only its seat's
    :class:`~cfwidget.Observation`, and imagines the hidden tiles from that alone. In a
    position :func:`~cfwidget.analysis.evaluate` refuses (after a stand-in opening, when too
    few imagined worlds fit it) it plays the coach's move instead and counts it in
    ``fallbacks``.

    >>> from cfwidget import Round, Rules
    >>> SearchBot(strength="huge")
    Traceback (most recent call last):
    ...
    cfwidget.BotError: strength is a number of worlds from 2 to 20,000 or one of quick, \
normal, deep; got 'huge'
    """

    def __init__(
        self,
        seed: int | None = None,
        strength: int | str = "normal",
        policy: EvaluatePolicy = "coach",
        doubt: float = DOUBT,
    ) -> None:
        self.seed = None if seed is None else check_seed(seed, BotError, fresh=True)
        if isinstance(strength, str) and strength in STRENGTHS:
            worlds = STRENGTHS[strength]
        elif (
            isinstance(strength, int)
            and not isinstance(strength, bool)
            and 2 <= strength <= MAX_WORLDS
        ):
            worlds = strength
        else:
            raise BotError(
                f"strength is a number of worlds from 2 to {MAX_WORLDS:,} or one of "
                f"{', '.join(STRENGTHS)}; got {shown(strength)}"
            )
        if policy not in EVALUATE_POLICIES:
            raise BotError(f"policy must be 'coach', 'greedy' or 'random' (got {shown(policy)})")
        if (
            isinstance(doubt, bool)
            or not isinstance(doubt, (int, float))
            or not 0 <= doubt <= MAX_DOUBT
        ):
            raise BotError(
                f"doubt is a number of standard errors from 0 to {MAX_DOUBT:g}; got {shown(doubt)}"
            )
        self.doubt = float(doubt)
        self.worlds = worlds
        self.policy: EvaluatePolicy = policy
        self._seeds = random.Random(self.seed)
        self.fallbacks = 0  # choices left to the coach (rounds evaluate refuses)
        self.overrides = 0  # choices where the search was sure the coach's move was worse

    def __call__(self, obs: Observation) -> Move:
        moves = bot_moves(obs)
        seed = self._seeds.randrange(2**63)
        if len(moves) == 1:
            return moves[0]
        try:
            table = evaluate(obs, worlds=self.worlds, policy=self.policy, seed=seed)
        except EvaluateError:  # too few worlds fit a stand-in opening
            self.fallbacks += 1
            return CoachBot()(obs)
        choice = str(table.index[0])
        if self.doubt:
            coach = str(CoachBot()(obs))
            choice = search_choice(table, coach, self.doubt)
            self.overrides += choice != coach
        return next(m for m in moves if str(m) == choice)

    def __repr__(self) -> str:
        policy = "" if self.policy == "coach" else f", policy={self.policy!r}"
        doubt = "" if self.doubt == DOUBT else f", doubt={self.doubt:g}"
        return f"SearchBot(seed={self.seed!r}, strength={self.worlds}{policy}{doubt})"
