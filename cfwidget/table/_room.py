"""A coarse picture of the table's free space: can a line end see out past every tile?

The table is cut into square cells half a tile's width across; a cell is taken
when its centre lies inside a tile. From a line end, rays go out ahead and to the
sides: a ray that leaves the table's box without crossing a taken cell shows open
table that way. An end deep inside the table, walled in by other lines, sees out
nowhere; that is where lines run out of room, so the layout steers clear of it.

>>> from cfwidget.table._geometry import rect
>>> room = RoomMap()
>>> room.add(rect(0, 0, 90))
>>> room.taken(0.25, 0.25), room.taken(0.75, 0.25)
(True, False)
>>> box = (-3.0, -3.0, 3.0, 3.0)
>>> room.blocked_rays(-2.0, 0.0, [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0)], box)
1
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ._geometry import HALF_LONG, HALF_WIDE, Rect

__all__ = ["RoomMap"]

_CELL = 0.5
_STEP = 0.5  # how far a ray goes between looks
_SPREAD = 0.45  # a ray looks this far to either side too: a tile is a unit wide


def _cells(r: Rect) -> list[tuple[int, int]]:
    """The cells whose centres lie inside ``r``."""
    hx = HALF_LONG * abs(r.ux) + HALF_WIDE * abs(r.uy)
    hy = HALF_LONG * abs(r.uy) + HALF_WIDE * abs(r.ux)
    out = []
    for i in range(math.floor((r.x - hx) / _CELL), math.floor((r.x + hx) / _CELL) + 1):
        cx = (i + 0.5) * _CELL - r.x
        for j in range(math.floor((r.y - hy) / _CELL), math.floor((r.y + hy) / _CELL) + 1):
            cy = (j + 0.5) * _CELL - r.y
            if abs(cx * r.ux + cy * r.uy) < HALF_LONG and abs(cy * r.ux - cx * r.uy) < HALF_WIDE:
                out.append((i, j))
    return out


class RoomMap:
    """Which half-unit cells of the table are taken by tiles."""

    def __init__(self) -> None:
        self._taken: set[tuple[int, int]] = set()

    def add(self, r: Rect) -> None:
        """Mark the cells under ``r`` taken."""
        self._taken.update(_cells(r))

    def taken(self, x: float, y: float) -> bool:
        """True if the cell holding the point ``(x, y)`` is taken."""
        return (math.floor(x / _CELL), math.floor(y / _CELL)) in self._taken

    def blocked_rays(
        self,
        x: float,
        y: float,
        directions: Iterable[tuple[float, float]],
        box: tuple[float, float, float, float],
    ) -> int:
        """How many rays from ``(x, y)`` (unit ``directions``) hit a tile before leaving ``box``.

        Each ray starts half a step out and is a unit wide: it looks at its
        middle and a little to either side.
        """
        taken = self._taken
        x0, y0, x1, y1 = box
        blocked = 0
        for dx, dy in directions:
            sx, sy = -dy * _SPREAD, dx * _SPREAD
            px, py = x + _STEP * dx, y + _STEP * dy
            while x0 < px < x1 and y0 < py < y1:
                if (
                    (math.floor(px / _CELL), math.floor(py / _CELL)) in taken
                    or (math.floor((px + sx) / _CELL), math.floor((py + sy) / _CELL)) in taken
                    or (math.floor((px - sx) / _CELL), math.floor((py - sy) / _CELL)) in taken
                ):
                    blocked += 1
                    break
                px += _STEP * dx
                py += _STEP * dy
        return blocked
