"""The greedy and coach-like playout policies read plainly from ``Round`` and a seat's view.

The differential harness (``test_differential.py``) checks each choice the kernel's policies
make against these readings, written from the policies' descriptions without the kernel.
"""

from __future__ import annotations

from cfwidget.analysis._policies import WAITING_POINTS, _none
from cfwidget.core import Move, Round, Tile, full_set, tile_penalty
from cfwidget.odds import DANGER, THEIR_DRAW

__all__ = ["greedy_move", "placed", "weighed_move"]


def greedy_move(rnd: Round) -> Move:
    """The greedy policy read plainly from the engine's legal moves.

    The heaviest tile, ties to the lower tile; joined at its higher number when an end shows
    it, onto the lowest such table tile; announced when the rules offer it; never a pass
    when a play is legal.
    """
    legal = rnd.legal_moves()
    plays = [m for m in legal if m.is_play]
    if not plays:
        return legal[0]
    cost = rnd.rules.double_blank

    def weight(m: Move) -> int:
        tile: Tile = m.tile  # type: ignore[assignment]  # a play has a tile
        return tile_penalty(tile, cost)

    heaviest = max(weight(m) for m in plays)
    tile: Tile = min(m.tile for m in plays if weight(m) == heaviest)  # type: ignore[type-var,assignment]
    return placed(rnd, plays, tile)


def placed(rnd: Round, plays: list[Move], tile: Tile) -> Move:
    """How the greedy and coach-like policies play ``tile``: joined at its higher number when
    an end shows it, onto the lowest such table tile, announced when the rules offer it."""
    mine = [m for m in plays if m.tile == tile]
    opens = {t: n for t, n, _ in rnd.open_ends()}
    high = [m for m in mine if opens[m.onto] == tile[0]]  # type: ignore[index]
    mine = high or mine
    onto = min(m.onto for m in mine)  # type: ignore[type-var]
    mine = [m for m in mine if m.onto == onto]
    announced = [m for m in mine if m.announce]
    return (announced or mine)[0]


def weighed_move(rnd: Round) -> Move:
    """The coach-like policy read plainly from the engine's legal moves and the mover's view.

    Each tile that may be played gets a weight: its cost, less the coach's waiting points for
    each of its numbers whose double is still to come when it is the last tile of that number
    in the hand (never for a double); with ``watch``, when more than one tile may be played,
    plus, for every other seat in turn order, the chance it holds no tile of the numbers left
    open (from the tiles the mover cannot see, as many as that seat holds) times their average
    cost, less the coach's danger weight for its tile count times the chance it holds one
    times what the mover's hand would still cost. The numbers left open: a double's own
    number; the waiting double's number while it needs more than one tile; otherwise the
    numbers open now, without the joined number when its end was the only one, with the
    tile's far number. The heaviest weight is played, ties to the lower tile, and placed as
    the greedy policy places it.
    """
    legal = rnd.legal_moves()
    plays = [m for m in legal if m.is_play]
    if not plays:
        return legal[0]
    rules, seat = rnd.rules, rnd.turn
    obs = rnd.observation(seat)
    hand = list(obs.hand)
    on_table = {placed.tile for placed in obs.table}
    unseen = [x for x in full_set(rules.max_pip) if x not in hand and x not in on_table]

    def cost(x: Tile) -> int:
        return tile_penalty(x, rules.double_blank)

    mean = sum(map(cost, unseen)) * THEIR_DRAW / len(unseen) if unseen else 0.0
    mine = sum(map(cost, hand))
    counts = [obs.hand_counts[(seat + d) % rnd.players] for d in range(1, rnd.players)]
    ends = [(t, n) for t, n, _ in rnd.open_ends()]
    open_now = {n for _, n in ends}
    forced, needed = rnd.forced, rnd.needed
    tiles = sorted({m.tile for m in plays if m.tile is not None})

    def weight(tile: Tile) -> float:
        w: float = cost(tile)
        if not tile.is_double:
            rest = [x for x in hand if x != tile]
            for n in set(tile):
                if Tile(n, n) not in on_table and not any(x.has(n) for x in rest):
                    w -= WAITING_POINTS
        if len(tiles) < 2:
            return w
        if tile.is_double:
            faced = {tile[0]}
        elif forced is not None and needed > 1:
            faced = {forced[0]}
        else:
            n = forced[0] if forced is not None else (tile[0] if tile[0] in open_now else tile[1])
            faced = set(open_now)
            if sum(1 for _, e in ends if e == n) == 1:
                faced.discard(n)
            faced.add(tile.other(n))
        m = sum(1 for x in unseen if x[0] in faced or x[1] in faced)
        nones = [_none(len(unseen), m, k) for k in counts]
        a = 0.0
        for none in nones:
            a += none * mean
        b = 0.0
        for k, none in zip(counts, nones, strict=True):
            b += DANGER.get(k, 0.0) * (1.0 - none)
        return w + (a - (mine - cost(tile)) * b)

    heaviest = max(weight(x) for x in tiles)
    return placed(rnd, plays, min(x for x in tiles if weight(x) == heaviest))
