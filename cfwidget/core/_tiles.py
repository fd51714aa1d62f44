"""Tiles and sets: the bottom layer, with no knowledge of rules or play.

A tile is an unordered pair of pip numbers, written high end first (``9-4``).
Tiles are small immutable values: they compare, hash and sort like the
tuple ``(high, low)``, and ``Tile(4, 9)`` is the same value as ``Tile(9, 4)``.

>>> Tile(4, 9)
Tile(9, 4)
>>> str(Tile.parse("4-9")), Tile(6, 6).is_double, Tile(9, 4).pips
('9-4', True, 13)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .._shared import check_whole
from ._errors import NotationError, RulesError, TileError

__all__ = [
    "MAX_PIP_LIMIT",
    "MIN_PIP_LIMIT",
    "Tile",
    "TileLike",
    "full_set",
    "set_size",
    "to_tile",
]

#: The smallest and largest sets the package supports (double-3 to double-21).
MIN_PIP_LIMIT = 3
MAX_PIP_LIMIT = 21

_TILE_TEXT = re.compile(r"^\s*(\d{1,2})\s*[-:|/]\s*(\d{1,2})\s*$")


class Tile(tuple[int, int]):
    """One domino tile: two pip numbers, stored high end first.

    >>> Tile(4, 9) == Tile.parse("9-4") == Tile(9, 4)
    True
    >>> sorted([Tile(2, 2), Tile(9, 0), Tile(3, 1)])
    [Tile(2, 2), Tile(3, 1), Tile(9, 0)]
    """

    __slots__ = ()

    def __new__(cls, a: int, b: int) -> Tile:
        if (type(a) is not int or type(b) is not int) and (
            isinstance(a, bool)
            or isinstance(b, bool)
            or not (isinstance(a, int) and isinstance(b, int))
        ):
            raise NotationError(f"a tile is two whole numbers, got {a!r} and {b!r}")
        if a < 0 or b < 0 or a > MAX_PIP_LIMIT or b > MAX_PIP_LIMIT:
            raise NotationError(f"tile numbers run from 0 to {MAX_PIP_LIMIT}, got {a} and {b}")
        return tuple.__new__(cls, (a, b) if a >= b else (b, a))

    @property
    def high(self) -> int:
        """The larger number (the first one written)."""
        return self[0]

    @property
    def low(self) -> int:
        """The smaller number."""
        return self[1]

    @property
    def is_double(self) -> bool:
        """True for a double such as ``6-6``."""
        return self[0] == self[1]

    @property
    def pips(self) -> int:
        """The number of pips on the tile (its face value, not its penalty)."""
        return self[0] + self[1]

    def has(self, number: int) -> bool:
        """True if either end shows ``number``.

        >>> Tile(9, 4).has(4), Tile(9, 4).has(5)
        (True, False)
        """
        return self[0] == number or self[1] == number

    def other(self, number: int) -> int:
        """The number at the other end from ``number``.

        >>> Tile(9, 4).other(9)
        4
        """
        if self[0] == number:
            return self[1]
        if self[1] == number:
            return self[0]
        raise TileError(f"{self} has no {number}: its numbers are {self[0]} and {self[1]}")

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read a tile written as ``9-4`` (``4-9``, ``9:4`` and ``9|4`` work too).

        >>> Tile.parse(" 12-3 ")
        Tile(12, 3)
        """
        if not isinstance(text, str):
            raise NotationError(f"a tile is written like '9-4', got {text!r}")
        m = _TILE_TEXT.match(text)
        if m is None:
            raise NotationError(
                f"{text!r} is not a tile: write two numbers joined by '-', like '9-4'"
            )
        return cls(int(m.group(1)), int(m.group(2)))

    def __str__(self) -> str:
        return f"{self[0]}-{self[1]}"

    def __repr__(self) -> str:
        return f"Tile({self[0]}, {self[1]})"

    def __getnewargs__(self) -> tuple[int, int]:
        return (self[0], self[1])

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: object) -> Tile:
        return self


TileLike = Tile | str | tuple[int, int]


def to_tile(value: TileLike) -> Tile:
    """Turn a ``Tile``, ``"9-4"`` or ``(9, 4)`` into a ``Tile``.

    >>> to_tile("4-9"), to_tile((4, 9))
    (Tile(9, 4), Tile(9, 4))
    """
    if type(value) is Tile:
        return value
    if isinstance(value, str):
        return Tile.parse(value)
    if isinstance(value, tuple) and len(value) == 2:
        return Tile(value[0], value[1])
    raise NotationError(f"expected a tile like '9-4', got {value!r}")


def set_size(max_pip: int) -> int:
    """How many tiles a double-``max_pip`` set holds.

    >>> [set_size(n) for n in (6, 9, 12, 15, 18)]
    [28, 55, 91, 136, 190]
    """
    return (max_pip + 1) * (max_pip + 2) // 2


_SETS: dict[int, tuple[Tile, ...]] = {}


def full_set(max_pip: int) -> tuple[Tile, ...]:
    """Every tile of a double-``max_pip`` set, highest first.

    >>> tiles = full_set(9)
    >>> len(tiles), tiles[0], tiles[-1]
    (55, Tile(9, 9), Tile(0, 0))
    """
    check_whole(max_pip, "max_pip", RulesError)
    if not MIN_PIP_LIMIT <= max_pip <= MAX_PIP_LIMIT:
        raise RulesError(
            f"sets run from double-{MIN_PIP_LIMIT} to double-{MAX_PIP_LIMIT}, got double-{max_pip}"
        )
    tiles = _SETS.get(max_pip)
    if tiles is None:
        tiles = tuple(Tile(a, b) for a in range(max_pip, -1, -1) for b in range(a, -1, -1))
        _SETS[max_pip] = tiles
    return tiles


def tiles_text(tiles: Iterable[Tile]) -> str:
    """Tiles as plain text, for messages: ``9-4, 6-6``."""
    return ", ".join(str(t) for t in tiles)
