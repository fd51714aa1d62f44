"""One set's tables for the engine: tile ranks, bit masks, every play made once, the shuffle.

The engine works on *ranks*: a tile's place in the sorted set (``0-0`` is 0,
``1-0`` is 1, ``1-1`` is 2, ...). A hand is then one integer with a bit per
tile, and "which of my tiles fit?" is a single ``&`` with the mask of the
numbers open on the table. Every play of a set is built once here and shared
by all rounds, so a legal-move list holds the same objects from turn to turn.

Nothing here knows the rules; it only knows the set. Every table is shared by
all rounds of its set, so every table is read-only (tuples and read-only
mappings; the two tables worked out on first use refuse any change from
outside): a stray change fails loudly instead of quietly breaking every round.

>>> ts = tile_set(3)
>>> ts.tiles[:4], ts.rank[Tile(3, 1)]
((Tile(0, 0), Tile(1, 0), Tile(1, 1), Tile(2, 0)), 7)
>>> ts.tiles_of(ts.bit[7] | ts.bit[0])
(Tile(0, 0), Tile(3, 1))
>>> ts.plays[7][9], ts.plays[7][9].step
(Move.parse('3-1@3-3'), PlayStep(rank=7, onto=9, number=3, far=1, bit=128, double=False))
>>> ts.onto_double[9][ts.bit[7] | ts.bit[8]]
(Move.parse('3-1@3-3'), Move.parse('3-2@3-3'))
>>> ts.rank[Tile(3, 1)] = 0
Traceback (most recent call last):
...
TypeError: 'mappingproxy' object does not support item assignment
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NoReturn, TypeVar

from ._moves import DRAW, PASS, Move, play_key, tile_rank
from ._tiles import Tile, full_set

#: A draw and a pass as kernel move codes (a play's code is ``(tile rank << 8 | table-tile
#: rank) << 1 | announce``, never negative).
DRAW_CODE = -1
PASS_CODE = -2

__all__ = [
    "DRAW_CODE",
    "PASS_CODE",
    "PlayStep",
    "SharedPlay",
    "TileSet",
    "tile_set",
]

_new_move = tuple.__new__
_V = TypeVar("_V")


@dataclass(frozen=True, slots=True)
class PlayStep:
    """What the engine changes when a play is made, worked out once per play of a set.

    ``rank`` is the played tile's rank and ``onto`` the table tile's (see
    :class:`TileSet`); ``number`` is where the two touch (a tile shares exactly
    one number with any other tile that is not a double), ``far`` the number
    the play leaves open, ``bit`` is ``1 << rank`` (the tile in a hand's bit
    mask) and ``double`` says whether the played tile is a double. A frozen
    dataclass with slots: its fields read as quickly as a tuple unpacks.

    >>> step = tile_set(3).plays[7][9].step  # 3-1 onto 3-3
    >>> step.number, step.far, step.double
    (3, 1, False)
    """

    rank: int
    onto: int
    number: int
    far: int
    bit: int
    double: bool


#: What the kernel lists legal moves with (see ``Kernel.legal``): the plays of each tile
#: found from its bit (``info``), the plays onto each double by the bits of fitting tiles
#: (``onto``), each play's announced twin (``loud``), and the draw and the pass.
Vocabulary = tuple[
    Mapping[int, tuple[int, int, tuple[_V | None, ...]]],
    Mapping[int, Mapping[int, tuple[_V, ...]]],
    Mapping[_V, _V],
    _V,
    _V,
]


class SharedPlay(Move):
    """A play built once per set and shared by every round of that set.

    It equals, hashes and prints like the :class:`~cfwidget.Move` it is;
    ``step`` (a :class:`PlayStep`) carries what the engine needs to apply it,
    as an attribute because reading an attribute is the quickest lookup there
    is on the engine's hot path. Pickled, it comes back as a plain ``Move``.
    Its ``step`` is set once, when the set's tables are built, and never again.
    """

    step: PlayStep
    code: int  # the kernel's move code (see cfwidget.core._kernel)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a shared play is read-only: {name} cannot be changed")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a shared play is read-only: {name} cannot be removed")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return Move, self.__getnewargs__()


class TileSet:
    """Precomputed tables of a double-``max_pip`` set (build with :func:`tile_set`).

    - ``tiles[r]``: the tile of rank ``r`` (ascending order); ``rank[tile]`` the inverse.
    - ``high[r]``, ``low[r]``: its two numbers; ``bit[r]``: ``1 << r``.
    - ``number_mask[n]``: the bits of every tile showing ``n``.
    - ``plays[t][u]``: the play of tile ``t`` onto table tile ``u`` (``None`` if
      they share no number); ``announced[t][u]`` the same play with ``!``.
    - Each of those shared plays is a :class:`SharedPlay`, whose ``step`` is a
      :class:`PlayStep`: the two ranks, the number where they touch, the number
      left open, the tile's bit, and whether it is a double.
    - ``fits[numbers]``: the bits of the tiles showing any number in the bit
      set ``numbers`` (worked out on first use).
    - ``need[f]``: the bits of the tiles that fit the double of rank ``f``.
    - ``info[1 << r]``: ``(high, low, plays[r])``, found from a tile's bit; for
      a double, ``low`` is ``max_pip + 1`` instead, a number no tile shows (so a
      double looks for open ends under its number once, and needs no test).
    - ``onto_double[f][tiles]``: for the double of rank ``f``, the plays of each
      tile in the bit set ``tiles`` onto it, in rank order (a tuple worked out
      once, then shared).
    - ``far[r][n]``: the number tile ``r`` leaves open when joined at ``n``;
      ``double[r]``: whether tile ``r`` is a double; ``double_bit[n]``: the bit of the
      double of ``n`` (0 for the spare number ``max_pip + 1``).
    - ``joins[r << 8 | u]``: the play of tile ``r`` onto table tile ``u`` as the kernel's
      play step reads it, ``(r, 1 << r, u, number, far, double)`` (``number`` where the
      two touch, ``far`` the number left open), or ``None`` if they share no number
      (see :mod:`~cfwidget.core._kernel`).
    - ``code_info[1 << r]``: ``(high, low, codes)``, as ``info`` but with the kernel's move
      codes of tile ``r`` onto each table tile; ``move_of[code]`` is the shared
      :class:`~cfwidget.Move` of a kernel move code (draw and pass included), and each
      shared play carries its ``code``.
    - ``as_codes`` and ``as_moves``: the tables the kernel lists legal moves with
      (a :data:`Vocabulary`), as codes or as shared moves.
    - ``order``: the tiles' bits in :func:`~cfwidget.full_set` order
      (highest first), the order a deal shuffles; ``by_bit[1 << r]`` is tile ``r``.
    - ``swaps``: the steps of that shuffle, ``(i, bit length of i + 1)`` for
      ``i`` from the last place down to 1 (see :func:`shuffled_bits`).

    Every table is read-only, and so is the set itself once built: its tables
    cannot be swapped for others.
    """

    __slots__ = (
        "announced",
        "as_codes",
        "as_moves",
        "bit",
        "by_bit",
        "code_info",
        "double",
        "double_bit",
        "far",
        "fits",
        "high",
        "info",
        "joins",
        "low",
        "lowest",
        "max_pip",
        "move_of",
        "need",
        "number_mask",
        "onto_double",
        "order",
        "plays",
        "rank",
        "swaps",
        "tiles",
    )

    max_pip: int
    tiles: tuple[Tile, ...]
    rank: Mapping[Tile, int]
    high: tuple[int, ...]
    low: tuple[int, ...]
    bit: tuple[int, ...]
    lowest: Mapping[int, int]
    number_mask: tuple[int, ...]
    order: tuple[int, ...]
    by_bit: Mapping[int, Tile]
    swaps: tuple[tuple[int, int], ...]
    plays: tuple[tuple[SharedPlay | None, ...], ...]
    announced: tuple[tuple[SharedPlay | None, ...], ...]
    need: tuple[int, ...]
    onto_double: Mapping[int, _Plays[Move]]
    info: Mapping[int, tuple[int, int, tuple[SharedPlay | None, ...]]]
    fits: _Fits
    far: tuple[tuple[int, ...], ...]
    double: tuple[bool, ...]
    double_bit: tuple[int, ...]
    joins: tuple[tuple[int, int, int, int, int, bool] | None, ...]
    code_info: Mapping[int, tuple[int, int, tuple[int | None, ...]]]
    move_of: Mapping[int, Move]
    as_codes: Vocabulary[int]
    as_moves: Vocabulary[Move]

    def __init__(self, max_pip: int) -> None:
        tiles = tuple(reversed(full_set(max_pip)))
        size = len(tiles)
        rank = {t: tile_rank(t) for t in tiles}  # in ascending order, 0 to size - 1
        lowest = {1 << r: r for r in range(size)}
        number_mask = tuple(
            sum(1 << r for r, t in enumerate(tiles) if n in t) for n in range(max_pip + 1)
        )
        plays: list[list[SharedPlay | None]] = [[None] * size for _ in range(size)]
        announced: list[list[SharedPlay | None]] = [[None] * size for _ in range(size)]
        for r, t in enumerate(tiles):
            for q, u in enumerate(tiles):
                if q != r and (u[0] in t or u[1] in t):
                    n = u[0] if u[0] in t else u[1]
                    far = t[1] if t[0] == n else t[0]
                    step = PlayStep(r, q, n, far, 1 << r, t[0] == t[1])
                    for table, announce in ((plays, False), (announced, True)):
                        key = play_key(r, q, announce)
                        move = _new_move(SharedPlay, (key, t, u, announce))
                        # Straight into its __dict__: a shared play refuses attribute changes.
                        move.__dict__["step"] = step
                        table[r][q] = move
        play_rows = tuple(tuple(row) for row in plays)
        _set = object.__setattr__  # the set is read-only once built (see __setattr__)
        _set(self, "max_pip", max_pip)
        _set(self, "tiles", tiles)
        _set(self, "rank", MappingProxyType(rank))
        _set(self, "high", tuple(t[0] for t in tiles))
        _set(self, "low", tuple(t[1] for t in tiles))
        _set(self, "bit", tuple(1 << r for r in range(size)))
        #: ``lowest[1 << r]`` is ``r``: the rank of a lone bit, without a method call.
        _set(self, "lowest", MappingProxyType(lowest))
        _set(self, "number_mask", number_mask)
        _set(self, "order", tuple(1 << (size - 1 - i) for i in range(size)))
        _set(self, "by_bit", MappingProxyType({1 << r: t for r, t in enumerate(tiles)}))
        _set(self, "swaps", tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1)))
        _set(self, "plays", play_rows)
        _set(self, "announced", tuple(tuple(row) for row in announced))
        _set(self, "need", tuple(number_mask[t[0]] for t in tiles))
        onto_double = {
            f: _Plays(self.lowest, tuple([row[f] for row in play_rows]).__getitem__)
            for f, t in enumerate(tiles)
            if t[0] == t[1]
        }
        _set(self, "onto_double", MappingProxyType(onto_double))
        info = {
            1 << r: (t[0], t[1] if t[0] != t[1] else max_pip + 1, play_rows[r])
            for r, t in enumerate(tiles)
        }
        _set(self, "info", MappingProxyType(info))
        _set(self, "fits", _Fits(number_mask))
        _set(
            self,
            "far",
            tuple(tuple(t[1] if t[0] == n else t[0] for n in range(max_pip + 1)) for t in tiles),
        )
        _set(self, "double", tuple(t[0] == t[1] for t in tiles))
        _set(self, "double_bit", tuple([1 << rank[Tile(n, n)] for n in range(max_pip + 1)] + [0]))
        joins: list[tuple[int, int, int, int, int, bool] | None] = [None] * (size << 8)
        code_rows: list[tuple[int | None, ...]] = []
        move_of: dict[int, Move] = {DRAW_CODE: DRAW, PASS_CODE: PASS}
        loud_code: dict[int, int] = {}
        loud_move: dict[Move, Move] = {}
        for r, row in enumerate(play_rows):
            codes: list[int | None] = [None] * size
            for q, m in enumerate(row):
                if m is not None:
                    step = m.step
                    code = (r << 8 | q) << 1
                    codes[q] = code
                    joins[r << 8 | q] = (r, step.bit, q, step.number, step.far, step.double)
                    loud = announced[r][q]
                    move_of[code] = m
                    if loud is not None:  # always: the same two tiles
                        move_of[code | 1] = loud_move[m] = loud
                    loud_code[code] = code | 1
                    m.__dict__["code"] = code
                    if loud is not None:
                        loud.__dict__["code"] = code | 1
            code_rows.append(tuple(codes))
        _set(self, "joins", tuple(joins))
        _set(self, "move_of", MappingProxyType(move_of))
        code_info = {
            1 << r: (t[0], t[1] if t[0] != t[1] else max_pip + 1, code_rows[r])
            for r, t in enumerate(tiles)
        }
        _set(self, "code_info", MappingProxyType(code_info))
        code_onto = {
            f: _Plays(self.lowest, tuple([row[f] for row in code_rows]).__getitem__)
            for f, t in enumerate(tiles)
            if t[0] == t[1]
        }
        # Plain dicts inside (no read-only proxy: a lookup less on the kernel's hot path);
        # only the kernel reads them.
        _set(self, "as_codes", (code_info, code_onto, loud_code, DRAW_CODE, PASS_CODE))
        _set(self, "as_moves", (info, onto_double, loud_move, DRAW, PASS))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a set's tables are read-only: {name} cannot be replaced")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a set's tables are read-only: {name} cannot be removed")

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


def _ranks(bits: int, lowest: Mapping[int, int]) -> list[int]:
    """The ranks of the set bits, lowest first (``lowest[1 << r]`` is ``r``).

    The engine's legal-move loop walks bits the same way, written out in place.
    """
    out = []
    while bits:
        rest = bits & (bits - 1)  # all but the lowest bit (quicker than bits & -bits)
        out.append(lowest[bits ^ rest])
        bits = rest
    return out


class _Memo(dict[int, _V]):
    """A table worked out on first use: it fills itself (``__missing__``) and refuses any
    change from outside."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("the set's tables are read-only: every round of the set shares them")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = __ior__ = _refuse


class _Fits(_Memo[int]):
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
        dict.__setitem__(self, numbers, mask)
        return mask


class _Plays(_Memo[tuple[_V, ...]]):
    """``plays[mask]``: ``pick(r)`` for each bit ``1 << r`` of ``mask``, lowest first (a tuple).

    Each tuple is worked out on first use and kept, up to :data:`KEEP` per
    table, so memory stays bounded on the largest sets.
    """

    __slots__ = ("lowest", "pick")

    def __init__(self, lowest: Mapping[int, int], pick: Callable[[int], _V | None]) -> None:
        super().__init__()
        self.lowest = lowest
        self.pick = pick

    def __missing__(self, mask: int) -> tuple[_V, ...]:
        out = []
        for r in _ranks(mask, self.lowest):
            move = self.pick(r)
            if move is None:
                raise KeyError(f"no play joins the tiles of bits {mask:#x}")
            out.append(move)
        plays = tuple(out)
        if len(self) < KEEP:
            dict.__setitem__(self, mask, plays)
        return plays


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
