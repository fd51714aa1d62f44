"""How a round opens: the holder of the round's double lays it in the centre.

If no hand holds the round's double, seats draw one tile each in turn from the
chicken yard, from the deal's first seat, until it turns up. With
``start_missing="next-highest"``, the highest lower double that was dealt and
not used in an earlier round stands in instead.

:func:`open_round` works this out from a :class:`~cfwidget.core._deal.Deal`
and returns an :class:`Opening`; the round then lays the centre double.

>>> from cfwidget import Rules
>>> from cfwidget.core._deal import given_deal
>>> from cfwidget.core._tileset import tile_set
>>> deal, _ = given_deal(Rules(max_pip=3, spokes=3, hand_size=2),
...     [["2-2", "3-0"], ["3-2", "1-0"]], ["3-1", "2-1", "3-3", "2-0", "1-1", "0-0"])
>>> opening = open_round(tile_set(3), "draw", deal, (1, 0))
>>> opening.draws, opening.opener, tile_set(3).tiles[opening.centre]
(((0, Tile(3, 1)), (1, Tile(2, 1)), (0, Tile(3, 3))), 0, Tile(3, 3))
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from ._deal import Deal
from ._errors import DealError
from ._tiles import Tile, full_set
from ._tileset import TileSet

__all__ = ["Opening", "open_round"]


class Opening(NamedTuple):
    """How a round opened, and the hands and yard once the centre double is laid.

    ``hands`` holds each seat's tiles as a bit mask and ``yard`` the chicken
    yard's tiles as bits, the next to draw at the end; ``draws`` is every
    ``(seat, tile)`` drawn before the double turned up; ``opener`` laid the
    double of rank ``centre``.
    """

    hands: list[int]
    yard: list[int]
    draws: tuple[tuple[int, Tile], ...]
    opener: int
    centre: int


def open_round(ts: TileSet, start_missing: str, deal: Deal, after: tuple[int, ...]) -> Opening:
    """Find the double that opens a round of ``deal`` and take it out of its holder's hand.

    ``start_missing`` is the rules' option of that name and ``after[s]`` the
    seat after seat ``s``. If no hand holds the double and the yard runs out,
    the round cannot start: a :class:`~cfwidget.DealError`.
    """
    bit = ts.bit
    hands = list(map(sum, deal.hands))  # distinct bits: the sum is the union
    yard = list(reversed(deal.yard))  # the next to draw is at the end
    start = bit[deal.start]
    eligible: Collection[int] = (start,)  # the doubles that may open, as bits
    if start_missing == "next-highest":
        eligible = _stand_ins(ts, hands, deal.start, deal.used)
    holder, tile_bit = _holder(hands, start, eligible)
    draws: list[tuple[int, Tile]] = []
    seat = deal.first
    while holder is None:
        if not yard:
            raise DealError(
                f"no hand holds {ts.tiles[deal.start]} and the chicken yard is empty, "
                "so the round cannot start"
            )
        drawn = yard.pop()
        hands[seat] |= drawn
        draws.append((seat, ts.by_bit[drawn]))
        if drawn in eligible:
            holder, tile_bit = seat, drawn
        seat = after[seat]
    hands[holder] ^= tile_bit
    return Opening(hands, yard, tuple(draws), holder, ts.lowest[tile_bit])


def _stand_ins(ts: TileSet, hands: list[int], start: int, used: frozenset[Tile]) -> set[int]:
    """The doubles that may open (as bits) when the rules let a lower one stand in.

    That is the round's double, and if no hand holds it, every lower double
    not already used in the game.

    >>> from cfwidget.core._tileset import tile_set
    >>> ts = tile_set(3)
    >>> sorted(ts.by_bit[b] for b in _stand_ins(ts, [0, 0], 9, frozenset({Tile(2, 2)})))
    [Tile(0, 0), Tile(1, 1), Tile(3, 3)]
    """
    bit = ts.bit
    if any(b & bit[start] for b in hands):
        return {bit[start]}
    doubles = {bit[ts.rank[d]] for d in full_set(ts.max_pip) if d[0] == d[1]}
    doubles -= {bit[ts.rank[d]] for d in used}
    return {b for b in doubles | {bit[start]} if b <= bit[start]}


def _holder(hands: list[int], start: int, eligible: Collection[int]) -> tuple[int | None, int]:
    """The seat holding the round's double, else the highest eligible stand-in (bits)."""
    for d in sorted(eligible, reverse=True) if len(eligible) > 1 else eligible:
        for seat, b in enumerate(hands):
            if b & d:
                return seat, d
    return None, start
