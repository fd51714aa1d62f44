"""One set's tables for the engine: tile ranks, bit masks, every play made once, the shuffle.

The engine works on *ranks*: a tile's place in the sorted set (``0-0`` is 0,
``1-0`` is 1, ``1-1`` is 2, ...). A hand is then one integer with a bit per
tile, and "which of my tiles fit?" is a single ``&`` with the mask of the
numbers open on the table. Every play of a set is built once here and shared
by all rounds, so a legal-move list holds the same objects from turn to turn.

Nothing here knows the rules; it only knows the set.

>>> ts = tile_set(3)
>>> ts.tiles[:4], ts.rank[Tile(3, 1)]
((Tile(0, 0), Tile(1, 0), Tile(1, 1), Tile(2, 0)), 7)
>>> ts.tiles_of(ts.bit[7] | ts.bit[0])
(Tile(0, 0), Tile(3, 1))
>>> ts.plays[7][9], ts.plays[7][9].code
(Move.parse('3-1@3-3'), (7, 9, 3, 1, 128, False))
>>> ts.onto_double[9][ts.bit[7] | ts.bit[8]]
[Move.parse('3-1@3-3'), Move.parse('3-2@3-3')]
"""

from __future__ import annotations

from _random import Random as _MT
from collections.abc import Callable
from typing import Any

from ._moves import Move, play_key, tile_rank
from ._tiles import Tile, full_set

__all__ = ["SharedPlay", "TileSet", "shuffled_bits", "tile_set"]

_new_move = tuple.__new__


class SharedPlay(Move):
    """A play built once per set and shared by every round of that set.

    It equals, hashes and prints like the :class:`~cfwidget.Move` it is;
    ``code`` carries what the engine needs to apply it, ``(t, u, n, far, bit,
    double)`` (see :class:`TileSet`), as an attribute because reading an
    attribute is the quickest lookup there is on the engine's hot path.
    Pickled, it comes back as a plain ``Move``.
    """

    code: tuple[int, int, int, int, int, bool]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return Move, self.__getnewargs__()


class TileSet:
    """Precomputed tables of a double-``max_pip`` set (build with :func:`tile_set`).

    - ``tiles[r]``: the tile of rank ``r`` (ascending order); ``rank[tile]`` the inverse.
    - ``high[r]``, ``low[r]``: its two numbers; ``bit[r]``: ``1 << r``.
    - ``number_mask[n]``: the bits of every tile showing ``n``.
    - ``plays[t][u]``: the play of tile ``t`` onto table tile ``u`` (``None`` if
      they share no number); ``announced[t][u]`` the same play with ``!``.
    - Each of those shared plays is a :class:`SharedPlay`, whose ``code`` is
      ``(t, u, n, far, bit, double)``: the two ranks, the number where they
      touch (a tile shares exactly one number with any other tile that is not a
      double), the number left open, ``1 << t``, and whether ``t`` is a double.
    - ``fits[numbers]``: the bits of the tiles showing any number in the bit
      set ``numbers`` (worked out on first use).
    - ``need[f]``: the bits of the tiles that fit the double of rank ``f``.
    - ``info[1 << r]``: ``(high, low, plays[r])``, found from a tile's bit; for
      a double, ``low`` is ``max_pip + 1`` instead, a number no tile shows (so a
      double looks for open ends under its number once, and needs no test).
    - ``onto_double[f][tiles]``: for the double of rank ``f``, the plays of each
      tile in the bit set ``tiles`` onto it, in rank order (a list worked out
      once, then shared: never change it).
    - ``order``: the tiles' bits in :func:`~cfwidget.full_set` order
      (highest first), the order a deal shuffles; ``by_bit[1 << r]`` is tile ``r``.
    - ``swaps``: the steps of that shuffle, ``(i, bit length of i + 1)`` for
      ``i`` from the last place down to 1 (see :func:`shuffled_bits`).
    """

    __slots__ = (
        "announced",
        "bit",
        "by_bit",
        "fits",
        "high",
        "info",
        "low",
        "lowest",
        "max_pip",
        "need",
        "number_mask",
        "onto_double",
        "order",
        "plays",
        "rank",
        "swaps",
        "tiles",
    )

    def __init__(self, max_pip: int) -> None:
        tiles = tuple(reversed(full_set(max_pip)))
        size = len(tiles)
        self.max_pip = max_pip
        self.tiles = tiles
        self.rank = {t: tile_rank(t) for t in tiles}  # in ascending order, 0 to size - 1
        self.high = tuple(t[0] for t in tiles)
        self.low = tuple(t[1] for t in tiles)
        self.bit = tuple(1 << r for r in range(size))
        #: ``lowest[1 << r]`` is ``r``: the rank of a lone bit, without a method call.
        self.lowest = {1 << r: r for r in range(size)}
        self.number_mask = tuple(
            sum(1 << r for r, t in enumerate(tiles) if n in t) for n in range(max_pip + 1)
        )
        self.order = [1 << (size - 1 - i) for i in range(size)]
        self.by_bit = {1 << r: t for r, t in enumerate(tiles)}
        self.swaps = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
        self.plays: list[list[SharedPlay | None]] = [[None] * size for _ in range(size)]
        self.announced: list[list[SharedPlay | None]] = [[None] * size for _ in range(size)]
        for r, t in enumerate(tiles):
            for q, u in enumerate(tiles):
                if q != r and (u[0] in t or u[1] in t):
                    n = u[0] if u[0] in t else u[1]
                    far = t[1] if t[0] == n else t[0]
                    for table, announce in ((self.plays, False), (self.announced, True)):
                        key = play_key(r, q, announce)
                        move = _new_move(SharedPlay, (key, t, u, announce))
                        move.code = (r, q, n, far, 1 << r, t[0] == t[1])
                        table[r][q] = move
        self.need = tuple(self.number_mask[t[0]] for t in tiles)
        self.onto_double = {
            f: _Plays(self.lowest, [row[f] for row in self.plays].__getitem__)
            for f, t in enumerate(tiles)
            if t[0] == t[1]
        }
        self.info = {
            1 << r: (t[0], t[1] if t[0] != t[1] else max_pip + 1, self.plays[r])
            for r, t in enumerate(tiles)
        }
        self.fits = _Fits(self.number_mask)

    def tiles_of(self, bits: int) -> tuple[Tile, ...]:
        """The tiles whose bits are set, in ascending order."""
        tiles = self.tiles
        return tuple([tiles[r] for r in _ranks(bits, self.lowest)])

    def __copy__(self) -> TileSet:
        return self

    def __deepcopy__(self, memo: object) -> TileSet:
        return self

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return tile_set, (self.max_pip,)

    def __repr__(self) -> str:
        return f"<TileSet double-{self.max_pip}, {len(self.tiles)} tiles>"


def _ranks(bits: int, lowest: dict[int, int]) -> list[int]:
    """The ranks of the set bits, lowest first (``lowest[1 << r]`` is ``r``).

    The engine's legal-move loop walks bits the same way, written out in place.
    """
    out = []
    while bits:
        rest = bits & (bits - 1)  # all but the lowest bit (quicker than bits & -bits)
        out.append(lowest[bits ^ rest])
        bits = rest
    return out


class _Fits(dict[int, int]):
    """``fits[numbers]``: the bits of every tile showing a number in the bit set ``numbers``."""

    __slots__ = ("number_mask",)

    def __init__(self, number_mask: tuple[int, ...]) -> None:
        super().__init__()
        self.number_mask = number_mask

    def __missing__(self, numbers: int) -> int:
        mask = 0
        for n, m in enumerate(self.number_mask):
            if numbers >> n & 1:
                mask |= m
        self[numbers] = mask
        return mask


class _Plays(dict[int, list[Move]]):
    """``plays[mask]``: a list with ``pick(r)`` for each bit ``1 << r`` of ``mask``, lowest first.

    Each list is worked out on first use and kept, up to :data:`KEEP` lists per
    table, so memory stays bounded on the largest sets. Callers share the lists
    and must not change them.
    """

    __slots__ = ("lowest", "pick")

    def __init__(self, lowest: dict[int, int], pick: Callable[[int], Move | None]) -> None:
        super().__init__()
        self.lowest = lowest
        self.pick = pick

    def __missing__(self, mask: int) -> list[Move]:
        out = []
        for r in _ranks(mask, self.lowest):
            move = self.pick(r)
            if move is None:
                raise KeyError(f"no play joins the tiles of bits {mask:#x}")
            out.append(move)
        if len(self) < KEEP:
            self[mask] = out
        return out


#: How many move lists one :class:`_Plays` table keeps. In a double-n set, n other
#: tiles fit a double, so up to double-10 every subset is kept; bigger sets keep the
#: first ones met, and memory stays bounded.
KEEP = 1 << 10

_SETS: dict[int, TileSet] = {}


def tile_set(max_pip: int) -> TileSet:
    """The shared tables of a double-``max_pip`` set (built once per process).

    >>> tile_set(9) is tile_set(9), len(tile_set(9).tiles)
    (True, 55)
    """
    ts = _SETS.get(max_pip)
    if ts is None:
        ts = _SETS[max_pip] = TileSet(max_pip)
    return ts


def shuffled_bits(max_pip: int, seed: int) -> list[int]:
    """A set's tiles, as bits, in the order ``random.Random(seed).shuffle`` leaves ``full_set``.

    Bits, because a deal needs hands as bit masks: a hand's mask is then the sum
    of its slice.

    >>> import random
    >>> tiles = list(full_set(9)); random.Random(5).shuffle(tiles)
    >>> [tile_set(9).by_bit[b] for b in shuffled_bits(9, 5)] == tiles
    True
    """
    ts = tile_set(max_pip)
    order = ts.order[:]
    # The Fisher-Yates shuffle exactly as random.shuffle makes it: for each place
    # i from the top down, a uniform j <= i from getrandbits(bit length of i + 1),
    # drawn again while it is too large. Written out here, without a function
    # call per step, because a deal is a sixth of a simulated round's cost.
    # _MT is the C generator inside random.Random: seeded with an int it is in
    # exactly the state random.Random(seed) is, without that class's Python-level
    # __init__ and seed() (the caller checks the seed is an int).
    getrandbits = _MT(seed).getrandbits
    for i, k in ts.swaps:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]
    return order
