"""The deep search bot: playouts in imagined worlds, more worlds where the top moves are close.

``make_bot("deep-search", strength=...)`` makes one (the players layer finds it by name and
loads this layer only then). Like the search bot (:class:`~cfwidget.analysis.SearchBot`) it
rates its moves by coach-like playouts in worlds dealt from its seat's
:class:`~cfwidget.Observation` alone, and keeps the coach's move unless it is sure that move
is worse. Where the search bot spends a fixed number of worlds on every move, this one races
them (successive elimination):

1. **A first batch.** Every distinct move (two ends showing the same number count as one)
   meets the same ``first`` imagined worlds, each played out to the round's end.
2. **Drop the clearly worse.** A move whose average points exceed the best move's by more
   than ``sure`` standard errors of the difference (paired world by world, as
   :func:`~cfwidget.analysis.evaluate`'s ``loss_std_error``) is dropped for good.
3. **More worlds where it is close.** The moves left meet a new batch of worlds, twice as
   many as the last, drawn afresh from the seat's view with the next seed. It stops when one
   move is left (the search is sure), when the moves left are all within ``close`` points
   of each other for sure (the choice does not matter), or when ``strength`` worlds are used.
4. **The choice.** The coach's move if it is still in the race (or, with ``margin=m``, if
   it was dropped but not sure to lose more than ``m`` points); else the best move left.

So an easy choice costs one small batch and a close one gets up to ``strength`` worlds
(``tools/search_tournament.py --contender deep-search`` measures the bot:
``docs/measurements.md``).

>>> from cfwidget import Round, Rules
>>> from cfwidget.players import make_bot, play_round
>>> bot = make_bot("deep-search", 3, strength="quick")
>>> bot
DeepSearchBot(seed=3, strength=400)
>>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=2, seed=4)
>>> play_round(rnd, [bot, make_bot("random", 1)])
>>> rnd.is_over
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .._shared import check_seed, shown
from ..core import Move, Observation
from ..odds import CoachBot
from ..players import BotError, bot_moves
from ._errors import EvaluateError
from ._evaluate import MAX_WORLDS, clustered_error
from ._worlds import (
    alike_moves,
    imagined_worlds,
    kernel_deal,
    kernel_position,
    play_worlds,
    public_base,
)

__all__ = ["DEEP_STRENGTHS", "DeepSearchBot", "Race", "race", "race_choice"]

#: The named strengths, as the most worlds one choice may use.
DEEP_STRENGTHS = {"quick": 400, "normal": 1600, "deep": 6400}
#: Worlds in the first batch (each later batch doubles the last).
FIRST = 200
#: A move is dropped when it loses by more than this many standard errors of the loss.
SURE = 2.0
#: Moves left within this many points of each other, for sure, are taken as equal.
CLOSE = 0.25
#: By default the bot leaves the coach's move once the race drops it (it is sure to lose
#: more than 0 points); ``margin=m`` leaves it only when it is sure to lose more than m.
MARGIN = 0.0
MAX_MARGIN = 20.0


@dataclass(frozen=True)
class Race:
    """What :func:`race` found: the moves still in the race (best first), each move's average
    points over the worlds it met, how many worlds each met, the worlds used in all, and for
    each dropped move the least it was sure to lose (its loss to the best move when it was
    dropped, less ``sure`` standard errors of that loss: above 0).

    ``left`` and the keys of ``points``, ``met`` and ``sure_loss`` are the moves as the
    engine writes them.
    """

    left: tuple[str, ...]
    points: dict[str, float]
    met: dict[str, int]
    worlds: int
    sure_loss: dict[str, float] = field(default_factory=dict)


def race(
    view: Observation,
    *,
    most: int = DEEP_STRENGTHS["normal"],
    seed: int = 0,
    first: int = FIRST,
    sure: float = SURE,
    close: float = CLOSE,
) -> Race:
    """Race the legal moves of the seat to move in imagined worlds (see the module text).

    ``view`` is the seat to move's own observation: the only thing read. ``most`` is the
    most worlds used, ``first`` the first batch, ``sure`` the standard errors a loss must
    exceed for its move to be dropped and ``close`` the points under which the moves left
    count as equal. The same ``seed`` and view give the same race, however the tiles the
    seat cannot see lie. An :class:`~cfwidget.EvaluateError` says when too few imagined
    worlds fit a stand-in opening.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=3, seed=2)
    >>> found = race(rnd.observation(rnd.turn), most=200, seed=1)
    >>> found.left[0] in found.points, found.worlds <= 200
    (True, True)
    """
    moves = list(view.legal_moves)
    kinds, which = alike_moves(view, moves)
    # The first move of each kind speaks for it.
    speaker = [moves[which.index(k)] for k in range(len(kinds))]
    base = public_base(view)
    rules, kernel = view.rules, "coach-like"
    alive = list(range(len(kinds)))
    got: list[list[int]] = [[] for _ in kinds]  # per kind, its points world by world
    least: dict[int, float] = {}  # per dropped kind, the least it was sure to lose
    used, batch, step = 0, max(2, min(first, most)), 0
    codes: list[int] = []
    labels: list[int] = []  # the independent chain of each world (its worlds are alike)
    while True:
        step_seed = random.Random(f"race:{seed}:{step}").randrange(2**63)
        try:
            imagined, chain, _ = imagined_worlds(view, batch, step_seed)
        except EvaluateError:
            if not step:
                raise
            break  # a later batch did not fit a stand-in opening: the race ends here
        deals = [
            kernel_deal(view, world, random.Random(f"yard:{step_seed}:{i}"))
            for i, world in enumerate(imagined)
        ]
        if not codes:
            first_pos = kernel_position(rules, base, deals[0])
            codes = [first_pos.code_of(m) for m in speaker]
        rows = play_worlds(rules, base, deals, [codes[k] for k in alive], kernel, step_seed, 0)
        for row in rows:
            for k, (value, _) in zip(alive, row, strict=True):
                got[k].append(value)
        labels.extend(used + c for c in chain)  # new chains each batch, numbered apart
        used += batch
        step += 1
        means = {k: sum(got[k]) / len(got[k]) for k in alive}
        best = min(alive, key=lambda k: (means[k], k))
        kept = [best]
        widest = 0.0  # the most points any move left may lose to the best, for sure
        for k in alive:
            if k == best:
                continue
            diffs = [a - b for a, b in zip(got[k], got[best], strict=True)]
            loss = sum(diffs) / len(diffs)
            error = clustered_error(diffs, labels[: len(diffs)])
            if loss > sure * error:
                least[k] = loss - sure * error
                continue  # dropped: sure to be worse
            kept.append(k)
            widest = max(widest, loss + sure * error)
        alive = sorted(kept, key=lambda k: (means[k], k))
        if len(alive) == 1 or widest < close or used >= most:
            break
        batch = min(2 * batch, most - used)
        if batch < 2:
            break
    points = {str(speaker[k]): sum(got[k]) / len(got[k]) for k in range(len(kinds)) if got[k]}
    met = {str(speaker[k]): len(got[k]) for k in range(len(kinds))}
    # Every move of a kind shares its kind's figures.
    for move, k in zip(moves, which, strict=True):
        if got[k]:
            points[str(move)] = points[str(speaker[k])]
        met[str(move)] = met[str(speaker[k])]
    left = tuple(str(m) for k in alive for m, w in zip(moves, which, strict=True) if w == k)
    sure_loss = {str(m): least[k] for m, k in zip(moves, which, strict=True) if k in least}
    return Race(left, points, met, used, sure_loss)


def race_choice(found: Race, coach: str, margin: float) -> str:
    """The deep search bot's move after a race: the coach's move ``coach`` if it is still in
    the race or not sure to lose more than ``margin`` points, else the best move left.

    >>> race_choice(Race(("a", "b"), {}, {}, 10, {"c": 0.4}), "c", 0.5)
    'c'
    >>> race_choice(Race(("a", "b"), {}, {}, 10, {"c": 0.4}), "c", 0.0)
    'a'
    """
    if coach in found.left or found.sure_loss.get(coach, 0.0) <= margin:
        return coach
    return found.left[0]


class DeepSearchBot:
    """A bot that races its legal moves in imagined worlds (:func:`race`) and plays the
    coach's move unless the race dropped it, else the best move left (with one legal move
    it plays it at once).

    ``strength`` is the most worlds one choice may use (2 to
    :data:`~cfwidget.analysis.MAX_WORLDS`) or a name of :data:`DEEP_STRENGTHS` (``"normal"``,
    1,600, by default). ``seed`` makes its choices repeatable: each choice uses the next
    seed of a ``random.Random(seed)`` (``None``: fresh ones). Like every bot it is given only
    its seat's :class:`~cfwidget.Observation` and imagines the hidden tiles from that alone.
    ``overrides`` counts the choices where it left the coach's move, ``fallbacks`` those left
    to the coach because too few imagined worlds fit a stand-in opening, and ``worlds_used``
    the worlds of every choice together. ``margin`` (points, :data:`MARGIN` by default)
    keeps the coach's move unless the race is sure it loses more than that: the playouts
    are a model of the game, and a small difference that more worlds make sure of may be
    the model's rather than the game's.

    >>> DeepSearchBot(strength="huge")
    Traceback (most recent call last):
    ...
    cfwidget.BotError: strength is the most worlds a choice may use, from 2 to 20,000, or one \
of quick, normal, deep; got 'huge'
    """

    def __init__(
        self,
        seed: int | None = None,
        strength: int | str = "normal",
        *,
        sure: float = SURE,
        margin: float = MARGIN,
    ) -> None:
        self.seed = None if seed is None else check_seed(seed, BotError, fresh=True)
        if isinstance(strength, str) and strength in DEEP_STRENGTHS:
            most = DEEP_STRENGTHS[strength]
        elif (
            isinstance(strength, int)
            and not isinstance(strength, bool)
            and 2 <= strength <= MAX_WORLDS
        ):
            most = strength
        else:
            raise BotError(
                f"strength is the most worlds a choice may use, from 2 to {MAX_WORLDS:,}, or "
                f"one of {', '.join(DEEP_STRENGTHS)}; got {shown(strength)}"
            )
        if isinstance(sure, bool) or not isinstance(sure, (int, float)) or not 0 < sure <= 10:
            raise BotError(
                f"sure is a number of standard errors above 0 and at most 10; got {shown(sure)}"
            )
        if (
            isinstance(margin, bool)
            or not isinstance(margin, (int, float))
            or not 0 <= margin <= MAX_MARGIN
        ):
            raise BotError(
                f"margin is a number of points from 0 to {MAX_MARGIN:g}; got {shown(margin)}"
            )
        self.most = most
        self.sure = float(sure)
        self.margin = float(margin)
        self._seeds = random.Random(self.seed)
        self.fallbacks = 0
        self.overrides = 0
        self.worlds_used = 0

    def __call__(self, obs: Observation) -> Move:
        moves = bot_moves(obs)
        seed = self._seeds.randrange(2**63)
        if len(moves) == 1:
            return moves[0]
        coach = CoachBot()(obs)
        try:
            found = race(obs, most=self.most, seed=seed, sure=self.sure)
        except EvaluateError:  # too few worlds fit a stand-in opening
            self.fallbacks += 1
            return coach
        self.worlds_used += found.worlds
        choice = race_choice(found, str(coach), self.margin)
        if choice == str(coach):
            return coach
        self.overrides += 1
        return next(m for m in moves if str(m) == choice)

    def __repr__(self) -> str:
        sure = "" if self.sure == SURE else f", sure={self.sure:g}"
        margin = "" if self.margin == MARGIN else f", margin={self.margin:g}"
        return f"DeepSearchBot(seed={self.seed!r}, strength={self.most}{sure}{margin})"
