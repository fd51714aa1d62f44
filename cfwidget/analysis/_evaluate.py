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
from bisect import insort
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any, Literal

import pandas as pd

from .._shared import check_seed, shown
from ..core import Move, Observation, Round, Rules, Tile, tile_set
from ..odds import SeatOddsError, World, hidden_world_chains
from ._errors import EvaluateError
from ._kernel import Position
from ._playout import policy_for, random_policy, run

__all__ = [
    "CHAIN_WORLDS",
    "CHUNK",
    "COLUMNS",
    "ERROR_METHOD",
    "EVALUATE_POLICIES",
    "MAX_WORLDS",
    "EvaluatePolicy",
    "Ratings",
    "chains_for",
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
#: The most worlds the sampler is asked for (after a stand-in opening some are left out).
_MOST_IMAGINED = 100_000
#: Worlds played out per task. Fixed, so the result is the same however the work is shared.
CHUNK = 25
#: The worlds each independent chain of worlds gives (more worlds make more chains, so
#: four times the worlds halve the error), at least 2 chains (see :func:`chains_for`).
CHAIN_WORLDS = 10
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


def chains_for(worlds: int) -> int:
    """The independent chains of worlds that ``worlds`` worlds come from: one per
    :data:`CHAIN_WORLDS` worlds, at least 2.

    >>> chains_for(200), chains_for(100), chains_for(800), chains_for(8)
    (20, 10, 80, 2)
    """
    return max(2, worlds // CHAIN_WORLDS)


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
      chains (:data:`CHAIN_WORLDS` worlds each, at least 2 chains), and
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
    base = _base(view)
    imagined, chain, stand_in = _worlds(view, worlds, seed)
    deals = [
        _deal(view, world, random.Random(f"yard:{seed}:{i}")) for i, world in enumerate(imagined)
    ]
    # A tile joined at the same number on either of two ends plays out alike: one playout each.
    kinds, which = _alike(view, moves)
    first = _position(view.rules, base, deals[0])
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


def _alike(view: Observation, moves: Sequence[Move]) -> tuple[list[object], list[int]]:
    """The moves that play out alike, as kinds (a tile, the number it joins at, whether it is
    announced; or a draw, a pass), and each move's kind by number.

    Which of two open ends showing the same number a tile joins changes nothing that follows
    (see :mod:`cfwidget.analysis`'s kernel), so such moves share their playouts.
    """
    number = {tile: n for tile, n, _ in view.open_ends}
    kinds: list[object] = []
    which = []
    for move in moves:
        kind = (move.tile, number[move.onto], move.announce) if move.onto is not None else move.kind
        if kind not in kinds:
            kinds.append(kind)
        which.append(kinds.index(kind))
    return kinds, which


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


def _as_drawn_for(view: Observation) -> tuple[Observation, frozenset[Tile]]:
    """The same view under ``start_missing="draw"``, and the doubles no hand was dealt that
    the sampler does not know of.

    Under ``"draw"`` it is ``view`` itself, with no such doubles. Under ``"next-highest"``
    nobody drew for the double that opened, so the view is the one the same deal shows under
    ``"draw"`` rules with that double as the round's. When a lower double stood in, the
    opening says more: no hand was dealt the round's double or an unused double above the
    stand-in (both announced: ``round_double`` and ``used_doubles``).
    """
    rules = view.rules
    if rules.start_missing == "draw":
        return view, frozenset()
    target, used, start = view.round_double, view.used_doubles, view.start
    missing = frozenset(
        Tile(n, n) for n in range(start[0] + 1, target[0] + 1) if Tile(n, n) not in used
    )
    drawn_for = Rules(**{**rules.to_dict(), "start_missing": "draw"})
    return replace(view, rules=drawn_for, round_double=start), missing


def _hidden_draws(view: Observation) -> set[int]:
    """The other seats that drew a tile nobody saw (a draw then a pass, or a penalty tile)."""
    history = view.history
    seats = {who for _, who in view.penalties}
    for i, (who, move) in enumerate(history):
        if move == Move.DRAW and not (i + 1 < len(history) and history[i + 1][1].is_play):
            seats.add(who)
    seats.discard(view.seat)
    return seats


def _sample(twin: Observation, seat: int, worlds: int, seed: int, chains: int) -> list[list[World]]:
    """The sampler's worlds, chain by chain, trusting passes if some world fits that, else not."""
    try:
        return hidden_world_chains(twin, seat, worlds, seed, chains=chains)
    except SeatOddsError:
        pass
    try:
        return hidden_world_chains(twin, seat, worlds, seed, chains=chains, trust_passes=False)
    except SeatOddsError as err:
        raise EvaluateError(str(err)) from None


def _worlds(view: Observation, worlds: int, seed: int) -> tuple[list[World], list[int], bool]:
    """``worlds`` deals of the hidden tiles that fit the view (see the module text), the
    chain each came from, and whether a stand-in double opened.

    The worlds come from :func:`chains_for` independent chains. A pass after drawing counts
    as proof the drawn tile did not fit; if no world fits that (a random player may pass a
    tile that fits), passes are not trusted. After a stand-in opening, a world is kept only
    if no seat without a hidden draw holds a double nobody was dealt (a seat with hidden
    draws may have drawn it: such worlds are kept, as likely as the sampler makes them, so
    that case is close rather than exact); the chains then run longer, and the worlds kept
    are taken from all chains in turn.
    """
    twin, missing = _as_drawn_for(view)
    strict = [s for s in range(view.players) if s != view.seat and s not in _hidden_draws(view)]
    chains = chains_for(worlds)
    kept: list[tuple[int, int, World]] = []  # (place in its chain, chain, world)
    asked = 0
    for factor in (1, 8, 64) if missing else (1,):
        asked = min(worlds * factor, _MOST_IMAGINED)
        found = _sample(twin, view.turn, asked, seed, chains)  # the seat to move's view
        kept = [
            (i, c, w)
            for c, run in enumerate(found)
            for i, w in enumerate(run)
            if not any(w.hands[s] & missing for s in strict)
        ]
        if len(kept) >= worlds:
            break
    if len(kept) < worlds:
        raise EvaluateError(
            f"{view.start} stood in for a higher double, and too few imagined worlds fit what "
            f"that says ({len(kept)} of {asked}); ask for fewer worlds"
        )
    if missing:
        kept = sorted(kept, key=lambda x: (x[0], x[1]))[:worlds]
        kept.sort(key=lambda x: (x[1], x[0]))
    return [w for _, _, w in kept], [c for _, c, _ in kept], bool(missing)


#: The public part of a position, the same in every world: the open ends per number, the
#: numbers open, the double being filled and its need, the tile just drawn, the turn and the
#: passes in a row (kernel values, plain data so that process pools can take them).
_Base = tuple[list[list[int]], int, int, int, int, int, int]
#: One world in kernel values: each hand's bits and the yard's bits (the next to draw last).
_Deal = tuple[list[int], list[int]]


def _base(view: Observation) -> _Base:
    """The public part of the position, from the view alone."""
    t = tile_set(view.rules.max_pip)
    bit, rank = t.bit, t.rank
    ends: list[list[int]] = [[] for _ in range(t.max_pip + 2)]
    nums = 0
    for tile, number, _ in view.open_ends:
        insort(ends[number], rank[tile])  # the kernel keeps each number's ends sorted
        nums |= 1 << number
    forced = -1 if view.forced is None else rank[view.forced]
    drawn = 0 if view.drawn is None else bit[rank[view.drawn]]
    return ends, nums, forced, view.needed, drawn, view.turn, view.passes_in_a_row


def _deal(view: Observation, world: World, order: random.Random) -> _Deal:
    """``world`` in kernel values, the yard's order shuffled by ``order``."""
    t = tile_set(view.rules.max_pip)
    bit = {tile: t.bit[r] for tile, r in t.rank.items()}
    sizes = [len(hand) for hand in world.hands]
    if sizes != list(view.hand_counts) or len(world.yard) != view.yard_count:
        raise EvaluateError(  # never expected: the sampler keeps every size
            f"an imagined world has hands of {sizes} and a yard of {len(world.yard)}, but the "
            f"table shows {list(view.hand_counts)} and {view.yard_count}"
        )
    yard = sorted(world.yard)
    order.shuffle(yard)
    return [sum(bit[x] for x in hand) for hand in world.hands], [bit[x] for x in yard]


def _position(rules: Rules, base: _Base, deal: _Deal) -> Position:
    """The kernel position of the public ``base`` with the hidden tiles of ``deal``."""
    pos = Position(rules)
    ends, pos.nums, pos.forced, pos.needed, pos.drawn, pos.turn, pos.passes = base
    ts = pos.ts
    pos.ends = [e.copy() for e in ends]
    pos.hands, pos.yard = list(deal[0]), list(deal[1])
    pos.fneed = ts.number_mask[ts.high[pos.forced]] if pos.forced >= 0 else 0
    laid = (1 << len(ts.tiles)) - 1  # the tiles neither in a hand nor in the yard
    for bits in pos.hands:
        laid ^= bits
    for bits in pos.yard:
        laid ^= bits
    pos.laid = laid
    pos.end_reason, pos.out, pos.last_double = None, -1, False
    return pos


def play_worlds(
    rules: Rules,
    base: _Base,
    deals: Sequence[_Deal],
    codes: Sequence[int],
    kernel: str,
    seed: int,
    first: int,
) -> list[list[tuple[int, bool]]]:
    """Per world, per move: the mover's round points and whether it went out, after the move
    ``code`` and a playout by the ``kernel`` policy (random ones seeded by ``seed`` and the
    world's number ``first + k``, the same stream for every move). A top-level function, for
    process pools.
    """
    seat = base[5]
    fixed = None if kernel == "random" else policy_for(kernel, rules.double_blank, rules.max_pip)
    out = []
    for k, deal in enumerate(deals):
        pos = _position(rules, base, deal)
        stream = f"play:{seed}:{first + k}"
        row = []
        for code in codes:
            one = pos.copy()
            one.apply(code)  # legal in every world: the mover sees the same position
            run(one, fixed or random_policy(random.Random(stream).random))
            row.append((one.points()[seat], one.out == seat))
        out.append(row)
    return out


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
