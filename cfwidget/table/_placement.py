"""Where one tile lies: :class:`TilePlacement`, what the layout reads of a laid tile, and
the bounding box of a layout.

>>> p = TilePlacement(Tile(9, 4), 0.0, -2.0, 270.0, 9, 4, "spoke", 0, 270.0)
>>> print(p)
9-4 spoke at (0, -2) angle 270
>>> bounds([p])
(-0.5, -3.0, 0.5, -1.0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from ..core import Tile
from ._geometry import Rect, corners, rect, unit

__all__ = ["PlacedLike", "TilePlacement", "bounds"]


class PlacedLike(Protocol):
    """What the layout needs to know about a laid tile (``cfwidget.Placed`` fits)."""

    @property
    def tile(self) -> Tile: ...
    @property
    def onto(self) -> Tile | None: ...
    @property
    def number(self) -> int: ...
    @property
    def slot(self) -> int: ...


@dataclass(frozen=True)
class TilePlacement:
    """One tile on the table: where it lies and which number shows at which end.

    ``(x, y)`` is the tile's centre and ``angle`` the direction of its long
    axis in degrees (0 to 360, y downwards; a multiple of 45 but for a rare
    nudged tile). ``first`` is the number on the
    half centred at ``(x, y) - (cos a, sin a) / 2`` and ``second`` the number on
    the other half. ``heading`` is the direction play went on from this tile
    (a line runs along its tile; a double's toes go off its long side), ``onto``
    the index of the tile it was played onto, and ``linked`` marks a tile the
    layout could not lay against that tile (no room at all): it lies in the
    nearest free place and a picture draws a line from it to its parent.

    >>> p = TilePlacement(Tile(9, 4), 0.0, -2.0, 270.0, 9, 4, "spoke", 0, 270.0)
    >>> p.halves()
    ((0.0, -1.5, 9), (0.0, -2.5, 4))
    """

    tile: Tile
    x: float
    y: float
    angle: float
    first: int
    second: int
    role: str
    onto: int | None
    heading: float
    linked: bool = False

    @property
    def rect(self) -> Rect:
        """The tile's outline, for geometry checks."""
        return rect(self.x, self.y, self.angle)

    def halves(self) -> tuple[tuple[float, float, int], tuple[float, float, int]]:
        """The centre of each half with the number it shows: ``(x, y, first), (x, y, second)``."""
        ux, uy = unit(self.angle)
        return (
            (self.x - ux / 2, self.y - uy / 2, self.first),
            (self.x + ux / 2, self.y + uy / 2, self.second),
        )

    def to_dict(self) -> dict[str, object]:
        """The placement as JSON-ready values (what a browser view needs to draw it).

        >>> TilePlacement(Tile(9, 4), 0.0, -2.0, 270.0, 9, 4, "spoke", 0, 270.0).to_dict()
        ... # doctest: +NORMALIZE_WHITESPACE
        {'tile': '9-4', 'x': 0.0, 'y': -2.0, 'angle': 270.0, 'first': 9, 'second': 4,
         'role': 'spoke', 'onto': 0, 'heading': 270.0, 'linked': False}
        """
        return {
            "tile": str(self.tile),
            "x": round(self.x, 6),
            "y": round(self.y, 6),
            "angle": self.angle,
            "first": self.first,
            "second": self.second,
            "role": self.role,
            "onto": self.onto,
            "heading": self.heading,
            "linked": self.linked,
        }

    def __str__(self) -> str:
        text = f"{self.tile} {self.role} at ({self.x:g}, {self.y:g}) angle {self.angle:g}"
        return text + " linked" if self.linked else text


def bounds(placements: Iterable[TilePlacement]) -> tuple[float, float, float, float]:
    """The smallest box ``(minx, miny, maxx, maxy)`` holding every tile (zeros when empty).

    >>> from cfwidget import Tile
    >>> bounds([TilePlacement(Tile(9, 9), 0.0, 0.0, 90.0, 9, 9, "centre", None, 0.0)])
    (-0.5, -1.0, 0.5, 1.0)
    """
    xs: list[float] = []
    ys: list[float] = []
    for p in placements:
        for x, y in corners(p.rect):
            xs.append(x)
            ys.append(y)
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(xs), min(ys), max(xs), max(ys))
