"""The kernel's tables of one set: tiles by rank, bit masks per number, far ends, costs.

Nothing here knows the rules beyond what a tile costs; it only knows the set. Ranks are the
engine's: a tile's place in the ascending set (0-0 is 0, 1-0 is 1, 1-1 is 2, ...).

>>> t = tables(3)
>>> t.tiles[7], t.rank[t.tiles[7]], t.far[7][3]
(Tile(3, 1), 7, 1)
>>> hand_cost(t.bit[t.tiles[7]] | 1, t.costs(50))
54
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..core import Tile, full_set, tile_penalty

__all__ = ["Tables", "costs_of", "hand_cost", "pens_of", "tables"]


class Tables:
    """What a double-``max_pip`` set looks like to the kernel, worked out once per set.

    ``tiles[r]`` is the tile of rank ``r`` and ``rank`` the inverse; ``info[1 << r]`` is
    ``(high, low key, r)`` with the low key ``max_pip + 1`` for a double (an end list that
    is always empty, so a double looks under its number once); ``far[r][n]`` is the number
    left open when tile ``r`` is joined at ``n``; ``number_mask[n]`` the bits of the tiles
    showing ``n``; ``fits`` the bits of the tiles showing any number of a bit set (filled on
    first use).
    """

    __slots__ = (
        "bit",
        "double_bit",
        "doubles",
        "far",
        "fits",
        "high",
        "info",
        "max_pip",
        "number_mask",
        "rank",
        "tiles",
    )

    def __init__(self, max_pip: int) -> None:
        tiles = tuple(reversed(full_set(max_pip)))  # ascending: rank order
        self.max_pip = max_pip
        self.tiles = tiles
        self.rank: Mapping[Tile, int] = MappingProxyType({t: r for r, t in enumerate(tiles)})
        self.bit: Mapping[Tile, int] = MappingProxyType({t: 1 << r for r, t in enumerate(tiles)})
        self.high = tuple(t[0] for t in tiles)
        self.doubles = tuple(t[0] == t[1] for t in tiles)
        self.info: Mapping[int, tuple[int, int, int]] = MappingProxyType(
            {1 << r: (t[0], t[1] if t[0] != t[1] else max_pip + 1, r) for r, t in enumerate(tiles)}
        )
        self.far = tuple(
            tuple(t[1] if t[0] == n else t[0] for n in range(max_pip + 1)) for t in tiles
        )
        self.number_mask = tuple(
            [sum(1 << r for r, t in enumerate(tiles) if n in t) for n in range(max_pip + 1)] + [0]
        )
        # The bit of each number's double (0 past max_pip: a double's "second number").
        self.double_bit = tuple([1 << tiles.index(Tile(n, n)) for n in range(max_pip + 1)] + [0])
        self.fits: dict[int, int] = {}

    def fitting(self, numbers: int) -> int:
        """The bits of the tiles showing a number in the bit set ``numbers``."""
        mask = self.fits.get(numbers)
        if mask is None:
            mask = 0
            for n, m in enumerate(self.number_mask):
                if numbers >> n & 1:
                    mask |= m
            self.fits[numbers] = mask
        return mask

    def costs(self, double_blank: int) -> tuple[tuple[int, ...], ...]:
        """Penalty sums by bytes: ``costs[k][byte]`` is what the tiles of ranks ``8k`` to
        ``8k + 7`` whose bits are set in ``byte`` cost (a hand is a handful of lookups)."""
        pens = [tile_penalty(t, double_blank) for t in self.tiles]
        out = []
        for k in range(0, len(pens), 8):
            chunk = pens[k : k + 8]
            out.append(
                tuple(sum(p for i, p in enumerate(chunk) if byte >> i & 1) for byte in range(256))
            )
        return tuple(out)


_TABLES: dict[int, Tables] = {}
_COSTS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
_PENS: dict[tuple[int, int], tuple[int, ...]] = {}


def tables(max_pip: int) -> Tables:
    """The kernel's tables of a double-``max_pip`` set (built once per process)."""
    t = _TABLES.get(max_pip)
    if t is None:
        t = _TABLES[max_pip] = Tables(max_pip)
    return t


def hand_cost(bits: int, costs: tuple[tuple[int, ...], ...]) -> int:
    """What the tiles of the bit mask ``bits`` cost, from :meth:`Tables.costs`."""
    total = 0
    k = 0
    while bits:
        total += costs[k][bits & 255]
        bits >>= 8
        k += 1
    return total


def costs_of(max_pip: int, double_blank: int) -> tuple[tuple[int, ...], ...]:
    """:meth:`Tables.costs` of a set, worked out once per set and cost of the 0-0."""
    key = (max_pip, double_blank)
    costs = _COSTS.get(key)
    if costs is None:
        costs = _COSTS[key] = tables(max_pip).costs(double_blank)
    return costs


def pens_of(max_pip: int, double_blank: int) -> tuple[int, ...]:
    """What each tile of a set costs, by rank (worked out once per set and cost of the 0-0)."""
    key = (max_pip, double_blank)
    pens = _PENS.get(key)
    if pens is None:
        pens = _PENS[key] = tuple(tile_penalty(x, double_blank) for x in tables(max_pip).tiles)
    return pens
