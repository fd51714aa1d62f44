"""Rating the moves of the seat to move by playouts in the worlds it cannot tell apart.

:func:`evaluate` answers "what does each of my moves cost me, on average?" from the seat to
move's own view (its :class:`~cfwidget.Observation`): its hand, the table, how many tiles each
hand and the yard hold, and the public history. Nothing else is read.

1. **Worlds.** The tiles the seat cannot see are dealt again ``worlds`` times, each deal
   fitting everything it saw (each other hand's size, the yard's count, and what the moves
   tell: a seat that drew held no tile that fitted, and so on). The odds layer's sampler does
   this (:func:`cfwidget.odds.hidden_worlds`, the sharper count's worlds); the yard's order
   is then shuffled, every order alike.
2. **Playouts.** In every world, every legal move is made and the round is played out by the
   playouts (:mod:`cfwidget.analysis`), every seat by the same ``policy``. Every move
   meets the *same* worlds and, under the random policy, the same random choices after it
   (common random numbers): the differences between moves are sharper than their values.
3. **The table.** Per move: the average of the seat's round points over the worlds (lower is
   better), its standard error, the share of worlds where the seat *goes out* (empties its
   hand, which ends the round: the first and only seat to do so), and the rank.

The policies: ``"random"`` and ``"greedy"`` are the kernel's (:data:`cfwidget.analysis.POLICIES`).
``"coach"`` (the default) is played by the kernel's ``"coach-like"`` policy: the coach's own
ranking (:func:`cfwidget.odds.coach_moves`) builds a view and sentences per move, far too slow
for thousands of playouts, so the kernel weighs each tile by the coach's three terms that
matter (shed the heaviest, keep a last tile for a double still to come, leave the others
numbers they are unlikely to hold; see :mod:`cfwidget.analysis`'s playouts). The table's
``attrs["played_by"]`` names the kernel policy actually used.

The sampler needs the rule that a missing starting double is drawn for
(``start_missing="draw"``). Under ``"next-highest"`` (the wolf-lake and double-six presets) a
round opened by its own double shows the same as under ``"draw"``. When a lower double stood
in, no hand was dealt the doubles between: a world is kept only if no other seat without a
hidden draw holds one. A seat with hidden draws may have drawn one later; those worlds are
kept as the sampler weighs them, so that case is an approximation (``attrs["stand_in"]``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any, Literal

import pandas as pd

from .._shared import check_seed, shown
from ..core import Move, Observation, Round
from ._errors import EvaluateError
from ._worlds import (
    alike_moves,
    imagined_worlds,
    kernel_deal,
    kernel_position,
    play_worlds,
    public_base,
)

__all__ = [
    "CHUNK",
    "COLUMNS",
    "ERROR_METHOD",
    "EVALUATE_POLICIES",
    "MAX_WORLDS",
    "EvaluatePolicy",
    "Ratings",
    "clustered_error",
    "evaluate",
    "rate",
    "rate_more",
    "ratings_table",
]

EvaluatePolicy = Literal["coach", "greedy", "random"]
EVALUATE_POLICIES: tuple[EvaluatePolicy, ...] = ("coach", "greedy", "random")
#: The kernel policy that plays each of :data:`EVALUATE_POLICIES` (see the module text).
_KERNEL_POLICY = {"coach": "coach-like", "greedy": "greedy", "random": "random"}
#: The most worlds one call imagines.
MAX_WORLDS = 20_000
#: Worlds played out per task. Fixed, so the result is the same however the work is shared.
CHUNK = 25
#: ``attrs["error_method"]`` of every table: how its standard errors were computed.
ERROR_METHOD = "independent chains"
#: The table's columns (its index is the move, in the engine's notation).
COLUMNS = ("expected_points", "std_error", "out_chance", "rank", "loss_std_error")


def check_request(worlds: object, policy: object, seed: object, error: type[ValueError]) -> int:
    """Check a rating's ``worlds``, ``policy`` and ``seed`` (``error`` if one is wrong); the seed.

    >>> check_request(200, "coach", 7, ValueError)
    7
    """
    if isinstance(worlds, bool) or not isinstance(worlds, int) or not 2 <= worlds <= MAX_WORLDS:
        raise error(f"worlds must be a whole number from 2 to {MAX_WORLDS:,} (got {shown(worlds)})")
    if policy not in EVALUATE_POLICIES:
        raise error(f"policy must be 'coach', 'greedy' or 'random' (got {shown(policy)})")
    return check_seed(seed, error)


def clustered_error(values: Sequence[float], chain: Sequence[int]) -> float:
    """The standard error of the average of ``values``, ``chain[i]`` naming the chain that
    value ``i`` came from: from the spread of the chains' sums about the average, so that
    values of one chain may be alike (correlated) and the chains are independent.

    With K chains of n values each it is the spread of the chains' averages over the root
    of K. With every value its own chain it is the usual standard error of a mean.

    >>> round(clustered_error([1, 2, 3, 4], [0, 1, 2, 3]), 4)  # independent values
    0.6455
    >>> clustered_error([1, 1, 5, 5], [0, 0, 1, 1])  # alike within chains: larger
    2.0
    >>> round(clustered_error([1, 2, 3, 4], [0, 0, 0, 0]), 4)  # one chain: values alone
    0.6455
    """
    n = len(values)
    if len(set(chain)) < 2:  # nothing to compare chains with: each value on its own
        chain = range(n)
    mean = sum(values) / n
    sums: dict[int, float] = {}
    for v, c in zip(values, chain, strict=True):
        sums[c] = sums.get(c, 0.0) + (v - mean)
    k = len(sums)
    return math.sqrt(k / (k - 1) * sum(x * x for x in sums.values())) / n


def check_executor(executor: object, error: type[ValueError]) -> None:
    """Refuse (``error``) an ``executor`` that is neither None nor has ``submit()``.

    >>> check_executor(None, ValueError)
    """
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise error(
            "executor must be a concurrent.futures executor with submit(), such as "
            f"ProcessPoolExecutor(), or a Dask client; got {shown(executor)}"
        )


def evaluate(
    rnd: Round | Observation,
    *,
    worlds: int = 200,
    policy: EvaluatePolicy = "coach",
    seed: int = 0,
    executor: Executor | Any | None = None,
) -> pd.DataFrame:
    """Every legal move of the seat to move, rated by playouts in ``worlds`` imagined worlds.

    One row per legal move, best first; the index is the move as the engine writes it
    (``"9-6@9-9"``, ``"draw"``, ``"pass"``). Columns:

    - ``expected_points``: the seat's average round points over the worlds if it makes this
      move (lower is better);
    - ``std_error``: that average's standard error. The worlds come from independent
      chains (:data:`~._worlds.CHAIN_WORLDS` worlds each, at least 2 chains), and
      worlds of one chain can be alike, so the error is computed from the spread of the
      chains' averages (:func:`clustered_error`), not as if every world were independent;
    - ``out_chance``: the share of worlds in which the seat goes out (empties its hand and so
      ends the round; a blocked round has nobody out);
    - ``rank``: 1 for the best. Ties in expected points go to the higher chance of going out,
      then to the engine's order of the legal moves;
    - ``loss_std_error``: the standard error of this move's expected points minus the best
      move's (0 for the best). Every move meets the same worlds, so it is computed from the
      differences world by world, chain by chain like ``std_error``. It is smaller than the
      two errors combined (the root of the sum of their squares) exactly when the two moves'
      points rise and fall together from world to world, as when a deal that is bad for one
      move is bad for the other too; when the moves send the round different ways it can
      exceed either move's own error, and the combined one when their points go opposite ways.
      Compare two moves with it, not with their own errors.

    ``attrs`` holds the seat, the worlds, the policy, the kernel policy that ``played_by``
    it, the seed, ``stand_in`` (True when a lower double opened the round: see above),
    ``chains`` (the independent chains the worlds came from), ``error_method``
    (:data:`ERROR_METHOD`) and ``error_note`` (how the errors were computed, in words).

    ``worlds`` is from 2 to :data:`MAX_WORLDS`; ``policy`` plays every seat in the playouts
    (``"coach"``, ``"greedy"`` or ``"random"``; see the module text); ``seed`` makes it
    repeatable: the same seed gives the same table, and so does any arrangement of the tiles
    the seat cannot see that fits its view. ``executor`` (a
    :class:`concurrent.futures.Executor` or a Dask client) shares the worlds out in chunks of
    :data:`CHUNK`; the table is the same with or without it. ``rnd`` is not changed.

    ``rnd`` is the round, or the seat to move's own :class:`~cfwidget.Observation` of it
    (all that is read of a round: the search bot passes only that).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=3, seed=2)
    >>> table = evaluate(rnd, worlds=40, seed=1)
    >>> list(table.columns), table.index.name, sorted(table.index) == sorted(
    ...     str(m) for m in rnd.legal_moves())
    (['expected_points', 'std_error', 'out_chance', 'rank', 'loss_std_error'], 'move', True)
    >>> table["rank"].tolist() == list(range(1, len(table) + 1))
    True
    >>> table.equals(evaluate(rnd, worlds=40, seed=1))
    True
    >>> table.equals(evaluate(rnd.observation(rnd.turn), worlds=40, seed=1))
    True
    >>> evaluate(rnd, worlds=1)
    Traceback (most recent call last):
    ...
    cfwidget.EvaluateError: worlds must be a whole number from 2 to 20,000 (got 1)
    """
    view = _view(rnd)
    seed = check_request(worlds, policy, seed, EvaluateError)
    check_executor(executor, EvaluateError)
    return ratings_table(_rate(view, worlds, policy, seed, executor))


@dataclass(frozen=True)
class Ratings:
    """The playouts behind one table: per world, per legal move, the mover's round points and
    whether it went out; the chain each world came from; :func:`ratings_table` sums them up.
    :func:`rate_more` adds worlds of a fresh seed (their chains are new chains)."""

    view: Observation
    policy: EvaluatePolicy
    seed: int
    moves: list[Move]
    rows: list[list[tuple[int, bool]]]
    chain: list[int]
    stand_in: bool


def rate(
    rnd: Round | Observation,
    worlds: int,
    policy: EvaluatePolicy,
    seed: int,
    moves: Sequence[str] | None = None,
) -> Ratings:
    """The playouts of :func:`evaluate` (same arguments, no executor), not yet summed up;
    with ``moves`` (as the engine writes them), of those legal moves only.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=3, seed=2)
    >>> ratings_table(rate(rnd, 40, "coach", 1)).equals(evaluate(rnd, worlds=40, seed=1))
    True
    >>> len(rate_more(rate(rnd, 40, "coach", 1), 40, 2).rows)
    80
    >>> two = [str(m) for m in rnd.legal_moves()[:2]]
    >>> [str(m) for m in rate(rnd, 10, "coach", 1, moves=two).moves] == two
    True
    """
    view = _view(rnd)
    seed = check_request(worlds, policy, seed, EvaluateError)
    return _rate(view, worlds, policy, seed, None, moves)


def rate_more(first: Ratings, worlds: int, seed: int) -> Ratings:
    """``first`` and ``worlds`` more worlds drawn with ``seed`` (a seed not used before for
    this position, so that the new chains are independent of the old)."""
    seed = check_request(worlds, first.policy, seed, EvaluateError)
    more = _rate(first.view, worlds, first.policy, seed, None, [str(m) for m in first.moves])
    shift = max(first.chain) + 1
    return replace(
        first,
        rows=first.rows + more.rows,
        chain=first.chain + [c + shift for c in more.chain],
    )


def ratings_table(ratings: Ratings) -> pd.DataFrame:
    """The table of :func:`evaluate` from ``ratings`` (its ``worlds``: all of them)."""
    r = ratings
    table = _table(r.moves, r.rows, r.chain, r.view.turn, r.policy, len(r.rows), r.seed)
    table.attrs["stand_in"] = r.stand_in
    return table


def _rate(
    view: Observation,
    worlds: int,
    policy: EvaluatePolicy,
    seed: int,
    executor: Executor | Any | None,
    only: Sequence[str] | None = None,
) -> Ratings:
    """The playouts of every legal move (or those written in ``only``) in ``worlds`` worlds
    (the arguments checked)."""
    moves = [m for m in view.legal_moves if only is None or str(m) in only]
    base = public_base(view)
    imagined, chain, stand_in = imagined_worlds(view, worlds, seed)
    deals = [
        kernel_deal(view, world, random.Random(f"yard:{seed}:{i}"))
        for i, world in enumerate(imagined)
    ]
    # A tile joined at the same number on either of two ends plays out alike: one playout each.
    kinds, which = alike_moves(view, moves)
    first = kernel_position(view.rules, base, deals[0])
    codes = [first.code_of(moves[which.index(k)]) for k in range(len(kinds))]
    bounds = [(i, min(i + CHUNK, worlds)) for i in range(0, worlds, CHUNK)]
    jobs = [
        (view.rules, base, deals[a:b], codes, _KERNEL_POLICY[policy], seed, a) for a, b in bounds
    ]
    if executor is None:
        parts = [play_worlds(*job) for job in jobs]
    else:
        futures = [executor.submit(play_worlds, *job) for job in jobs]
        parts = [f.result() for f in futures]
    # rows[world][move] = (points, went out)
    rows = [[row[k] for k in which] for part in parts for row in part]
    return Ratings(view, policy, seed, moves, rows, chain, stand_in)


def _whose(seat: int | None) -> str:
    return "the table's (what every seat sees)" if seat is None else f"seat {seat}'s"


def _view(rnd: object) -> Observation:
    """The seat to move's observation: the only thing read from the round."""
    if isinstance(rnd, Observation):
        if not rnd.to_move:
            raise EvaluateError(
                "the round is over: there are no moves left to rate"
                if rnd.over
                else f"the observation is {_whose(rnd.seat)}, and seat {rnd.turn} is to move: "
                "evaluate rates the moves of the seat to move, from its own observation"
            )
        return rnd
    if not isinstance(rnd, Round):
        raise EvaluateError(
            f"evaluate rates the moves of a Round or of the seat to move's Observation, "
            f"got {shown(rnd)}"
        )
    if rnd.is_over:
        raise EvaluateError("the round is over: there are no moves left to rate")
    return rnd.observation(rnd.turn)


def _error_note(chain: Sequence[int]) -> str:
    """How the standard errors of a table were computed, in words."""
    k, n = len(set(chain)), len(chain)
    return (
        f"Each standard error comes from {k} independent chains of imagined worlds "
        f"({n} worlds, about {n // k} a chain): worlds of one chain can be alike, so the "
        "error is the spread of the chains' averages, not of single worlds."
    )


def _table(
    moves: list[Move],
    rows: list[list[tuple[int, bool]]],
    chain: list[int],
    seat: int,
    policy: str,
    worlds: int,
    seed: int,
) -> pd.DataFrame:
    stats = []
    for j, move in enumerate(moves):
        points = [row[j][0] for row in rows]
        mean = sum(points) / worlds
        out = sum(row[j][1] for row in rows) / worlds
        stats.append((mean, clustered_error(points, chain), out, j, str(move)))
    stats.sort(key=lambda s: (s[0], -s[2], s[3]))
    best = stats[0][3]
    # The loss's error from the per-world differences: every move met the same worlds.
    paired = [clustered_error([row[s[3]][0] - row[best][0] for row in rows], chain) for s in stats]
    table: pd.DataFrame = pd.DataFrame(
        {
            "expected_points": [s[0] for s in stats],
            "std_error": [s[1] for s in stats],
            "out_chance": [s[2] for s in stats],
            "rank": list(range(1, len(stats) + 1)),
            "loss_std_error": paired,
        },
        index=pd.Index([s[4] for s in stats], name="move"),
    )
    table.attrs.update(
        seat=seat, worlds=worlds, policy=policy, played_by=_KERNEL_POLICY[policy], seed=seed
    )
    table.attrs.update(
        chains=len(set(chain)), error_method=ERROR_METHOD, error_note=_error_note(chain)
    )
    return table
