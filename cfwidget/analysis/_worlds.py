"""The imagined worlds that :func:`~cfwidget.analysis.evaluate`, the deep search and the
lines of play share: the deals of the hidden tiles that fit a seat's view, and the same
position in the kernel's values, world by world.

- :func:`imagined_worlds` deals the tiles the seat cannot see again, as often as asked, each
  deal fitting everything the seat saw (the odds layer's sampler, in independent chains:
  :func:`chains_for`);
- :func:`public_base` is the part of the position every world shares (the open ends, the
  double being filled, the turn), :func:`kernel_deal` one world's hands and yard, and
  :func:`kernel_position` the kernel's :class:`~cfwidget.analysis.Position` made of both;
- :func:`alike_moves` finds the moves that play out alike (one playout serves them all), and
  :func:`play_worlds` plays every move out in every world.

Everything here reads the seat's :class:`~cfwidget.Observation` only.

>>> import cfwidget as cf
>>> r = cf.Round.deal(cf.Rules(max_pip=6, hand_size=7), players=3, seed=1)
>>> view = r.observation(r.turn)  # the worlds are imagined for the seat to move
>>> worlds, chain, stand_in = imagined_worlds(view, 20, seed=5)
>>> len(worlds), sorted(set(chain)), stand_in
(20, [0, 1], False)
>>> [len(h) for h in worlds[0].hands] == list(view.hand_counts)
True
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from dataclasses import replace

from ..core import Move, Observation, Rules, Tile, tile_set
from ..odds import SeatOddsError, World, hidden_world_chains
from ._errors import EvaluateError
from ._kernel import Position
from ._policies import policy_for, random_policy, run

__all__ = [
    "CHAIN_WORLDS",
    "Base",
    "Deal",
    "alike_moves",
    "chains_for",
    "imagined_worlds",
    "kernel_deal",
    "kernel_position",
    "play_worlds",
    "public_base",
]

#: The most worlds the sampler is asked for (after a stand-in opening some are left out).
_MOST_IMAGINED = 100_000
#: The worlds each independent chain of worlds gives (more worlds make more chains, so
#: four times the worlds halve the error), at least 2 chains (see :func:`chains_for`).
CHAIN_WORLDS = 10


def chains_for(worlds: int) -> int:
    """The independent chains of worlds that ``worlds`` worlds come from: one per
    :data:`CHAIN_WORLDS` worlds, at least 2.

    >>> chains_for(200), chains_for(100), chains_for(800), chains_for(8)
    (20, 10, 80, 2)
    """
    return max(2, worlds // CHAIN_WORLDS)


def alike_moves(view: Observation, moves: Sequence[Move]) -> tuple[list[object], list[int]]:
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


def imagined_worlds(
    view: Observation, worlds: int, seed: int
) -> tuple[list[World], list[int], bool]:
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
Base = tuple[list[list[int]], int, int, int, int, int, int]
#: One world in kernel values: each hand's bits and the yard's bits (the next to draw last).
Deal = tuple[list[int], list[int]]


def public_base(view: Observation) -> Base:
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


def kernel_deal(view: Observation, world: World, order: random.Random) -> Deal:
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


def kernel_position(rules: Rules, base: Base, deal: Deal) -> Position:
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
    base: Base,
    deals: Sequence[Deal],
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
        pos = kernel_position(rules, base, deal)
        stream = f"play:{seed}:{first + k}"
        row = []
        for code in codes:
            one = pos.copy()
            one.apply(code)  # legal in every world: the mover sees the same position
            run(one, fixed or random_policy(random.Random(stream).random))
            row.append((one.points()[seat], one.out == seat))
        out.append(row)
    return out
