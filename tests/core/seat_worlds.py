"""Re-dealt worlds for the information-boundary tests, and the checker they share.

A *position* is a round some moves in (right after plays, draws, passes, undos and round
ends). For a seat ``s`` (``None``: the table, which sees no hand) a *world* is the same
position re-dealt: every tile ``s`` cannot see (the other hands and the chicken yard,
including tiles other seats drew) moves, while everything ``s`` saw stays - its own hand and
its own draws, every tile on the table, every hand's size, the yard's count, and the whole
public history, which must replay legally in the new deal (a seat that drew had no tile that
fits; a drawn tile then passed did not fit; a round that ended ends the same way, with the
same scores).

:func:`boundary_breaks` asks a *probe* (anything a seat is told or shown, as a function of
the round and the seat) in the position and in its worlds: any difference is something the
seat was told about tiles it cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import cfwidget as cf
from cfwidget import Move, Round, Tile

Probe = Callable[[Round, int | None], object]


@dataclass(frozen=True)
class Deal:
    """A round's deal: hands in deal order and the yard in draw order, plus how it starts."""

    rules: cf.Rules
    hands: tuple[tuple[Tile, ...], ...]
    yard: tuple[Tile, ...]
    start: Tile
    first: int
    used: tuple[Tile, ...]
    names: tuple[str, ...]

    @classmethod
    def of(cls, rnd: Round) -> Deal:
        deal = rnd.to_dict()["deal"]
        return cls(
            rnd.rules,
            tuple(tuple(map(Tile.parse, h)) for h in deal["hands"]),
            tuple(map(Tile.parse, deal["boneyard"])),
            Tile.parse(deal["start"]),
            deal["first"],
            tuple(map(Tile.parse, deal["used_doubles"])),
            rnd.names,
        )

    def round(self, hands: Sequence[Sequence[Tile]], yard: Sequence[Tile]) -> Round:
        return Round.from_deal(
            self.rules,
            hands,
            yard,
            self.start,
            self.first,
            used_doubles=self.used,
            names=self.names,
        )


def _yard_owners(rnd: Round) -> list[int]:
    """The seat that drew each yard tile so far, in draw order (opening, draws, penalties)."""
    owners = [seat for seat, _ in rnd.opening_draws]
    penalised = {index: seat for index, seat, _ in rnd.penalties}
    for index, (seat, move) in enumerate(rnd.history):
        if move is Move.DRAW:
            owners.append(seat)
        if index in penalised:
            owners.append(penalised[index])
    return owners


def _same_public(a: Round, b: Round) -> bool:
    """True if ``b`` shows everyone what ``a`` shows (replayed from the same public moves)."""
    if (a.start, a.opener, len(a.opening_draws), a.turn, a.is_over, a.end_reason) != (
        b.start,
        b.opener,
        len(b.opening_draws),
        b.turn,
        b.is_over,
        b.end_reason,
    ):
        return False
    if a.hand_counts() != b.hand_counts() or a.yard_count != b.yard_count:
        return False
    return not a.is_over or a.scores() == b.scores()


def world(
    rnd: Round, deal: Deal, seat: int | None, rng: random.Random, tries: int = 6
) -> Round | None:
    """``rnd`` re-dealt for ``seat``: up to ``tries`` swaps of tiles it cannot see (for
    ``seat=None``, the table: every tile not on the table, in every hand and the yard).

    Each swap moves a hidden tile between two places with different owners (two hands, or a
    hand and the yard, or two yard places) and is kept only if the public history replays
    to the same public position. ``None`` if no swap could be kept.
    """
    table = {p.tile for p in rnd.table}
    owners = _yard_owners(rnd)
    # Each place of the deal: (hand index or -1 for the yard, position, its owner now).
    places: list[tuple[int, int, int]] = []
    for j, hand in enumerate(deal.hands):
        places += [(j, i, j) for i in range(len(hand))]
    places += [(-1, i, owners[i] if i < len(owners) else -1) for i in range(len(deal.yard))]
    hands = [list(h) for h in deal.hands]
    yard = list(deal.yard)

    def tile_at(place: tuple[int, int, int]) -> Tile:
        j, i, _ = place
        return hands[j][i] if j >= 0 else yard[i]

    def put(place: tuple[int, int, int], tile: Tile) -> None:
        j, i, _ = place
        if j >= 0:
            hands[j][i] = tile
        else:
            yard[i] = tile

    hidden = [p for p in places if p[2] != seat and tile_at(p) not in table]
    if rnd.is_over:  # the hands were counted in front of everyone: keep each hand's cost
        cost = rnd.rules.penalty
        groups: dict[int, list[tuple[int, int, int]]] = {}
        for p in hidden:
            groups.setdefault(cost(tile_at(p)), []).append(p)
    else:
        groups = {0: hidden}
    pools = [g for g in groups.values() if len({p[2] for p in g}) > 1]
    if not pools:
        return None
    moves = rnd.moves
    kept: Round | None = None
    # The freshest secret first: the tile another seat drew last, if it is still hidden.
    fresh = [p for p in hidden if p[0] < 0 and p[1] == len(owners) - 1]
    for attempt in range(tries):
        pool = rng.choice(pools)
        a, b = rng.sample(pool, 2)
        if attempt == 0 and fresh and not rnd.is_over:
            a = fresh[0]
            b = rng.choice([p for p in hidden if p != a])
        if a[2] == b[2] and a[2] >= 0:
            continue  # two places in one hand: nothing moves between owners
        ta, tb = tile_at(a), tile_at(b)
        put(a, tb)
        put(b, ta)
        try:
            other = deal.round(hands, yard)
            for m in moves:
                other.play(m)
        except (cf.IllegalMove, cf.DealError):
            other = None
        if other is not None and _same_public(rnd, other):
            kept = other
        else:
            put(a, ta)
            put(b, tb)
    return kept


@dataclass(frozen=True)
class Position:
    rnd: Round
    deal: Deal
    seat: int | None


def positions(
    rules: cf.Rules, count: int, seed: int, undo_share: float = 0.08
) -> Iterator[Position]:
    """``count`` positions of random rounds under ``rules``, each with a seat to look from.

    Moves are uniform among the legal ones; now and then the last move is taken back (so
    positions right after undos come up), and every round's end is one of the positions.
    Half the seats are the seat to move, half any seat.
    """
    rng = random.Random(seed)
    players_ok = [p for p in range(2, 9) if _deals(rules, p)]
    made = 0
    r = 0
    while made < count:
        players = rng.choice(players_ok)
        rnd = Round.deal(rules, players, seed=seed * 10_000 + r)
        r += 1
        deal = Deal.of(rnd)
        while made < count:
            seat = rnd.turn if rng.random() < 0.5 else rng.randrange(players)
            yield Position(rnd.copy(), deal, seat)
            made += 1
            if rnd.is_over:
                break
            if rnd.moves and rng.random() < undo_share:
                rnd.undo()
            else:
                legal = rnd.legal_moves()
                rnd.play(legal[rng.randrange(len(legal))])


def _deals(rules: cf.Rules, players: int) -> bool:
    try:
        rules.hand_size_for(players)
    except cf.RulesError:
        return False
    return True


@dataclass
class Report:
    positions: int = 0
    redealt: int = 0  # positions with a world whose hidden tiles differ
    hands_moved: int = 0  # ... where another seat's hand differs
    breaks: list[str] | None = None


def boundary_breaks(
    probe: Probe, spots: Sequence[Position], seed: int = 0, tries: int = 2, stop: int = 3
) -> Report:
    """Where ``probe`` tells a seat something that changes with tiles it cannot see.

    Stops after ``stop`` breaks (each named with the seat, the moves and both answers).
    """
    rng = random.Random(seed)
    report = Report(breaks=[])
    assert report.breaks is not None
    for spot in spots:
        report.positions += 1
        other = world(spot.rnd, spot.deal, spot.seat, rng, tries)
        if other is None:
            continue
        report.redealt += 1
        if any(
            a != b
            for s, (a, b) in enumerate(zip(spot.rnd.hands, other.hands, strict=True))
            if s != spot.seat
        ):
            report.hands_moved += 1
        here, there = probe(spot.rnd, spot.seat), probe(other, spot.seat)
        if here != there:
            moves = " ".join(map(str, spot.rnd.moves))
            report.breaks.append(
                f"seat {spot.seat} after [{moves}]:\n  here:  {here!r}\n  there: {there!r}"
            )
            if len(report.breaks) >= stop:
                break
    return report
