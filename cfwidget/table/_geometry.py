"""Plane geometry for domino tiles: rectangles 2 long and 1 wide, and a spatial grid.

A tile's outline is a :class:`Rect`: its centre and the unit vector of its long
axis. Coordinates follow SVG: ``x`` grows to the right and ``y`` grows
*downwards*, so an angle of 90 degrees points down the screen.

Overlap is decided by the separating axis theorem with a tolerance, so two
tiles that merely touch (share an edge or a corner) do not overlap.

>>> a, b = rect(0, 0, 0), rect(2, 0, 0)
>>> overlaps(a, b), touches(a, b)
(False, True)
>>> overlaps(a, rect(1, 0.5, 90))
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple

__all__ = [
    "HALF_LONG",
    "HALF_WIDE",
    "TOLERANCE",
    "Rect",
    "SpatialGrid",
    "corners",
    "distance",
    "overlap_depth",
    "overlaps",
    "rect",
    "touches",
    "unit",
]

#: Half the length and half the width of a tile: a tile is 2 long and 1 wide.
HALF_LONG = 1.0
HALF_WIDE = 0.5
#: Two tiles closer than this count as touching; deeper than this, as overlapping.
TOLERANCE = 1e-6

_SQRT_HALF = math.sqrt(0.5)
_FAR = 4 * (HALF_LONG**2 + HALF_WIDE**2)  # squared distance beyond which tiles cannot meet
# Exact unit vectors for the eight directions a table uses (no 6e-17 noise).
_UNIT: dict[float, tuple[float, float]] = {
    0: (1.0, 0.0),
    45: (_SQRT_HALF, _SQRT_HALF),
    90: (0.0, 1.0),
    135: (-_SQRT_HALF, _SQRT_HALF),
    180: (-1.0, 0.0),
    225: (-_SQRT_HALF, -_SQRT_HALF),
    270: (0.0, -1.0),
    315: (_SQRT_HALF, -_SQRT_HALF),
}


def unit(angle: float) -> tuple[float, float]:
    """The unit vector pointing ``angle`` degrees from the x axis (exact for multiples of 45).

    >>> unit(90), unit(-90)
    ((0.0, 1.0), (0.0, -1.0))
    """
    exact = _UNIT.get(angle % 360)  # 90.0 finds the key 90
    if exact is not None:
        return exact
    rad = math.radians(angle)
    return (math.cos(rad), math.sin(rad))


class Rect(NamedTuple):
    """A tile's outline: centre ``(x, y)`` and long-axis unit vector ``(ux, uy)``."""

    x: float
    y: float
    ux: float
    uy: float


def rect(x: float, y: float, angle: float) -> Rect:
    """The outline of a tile centred at ``(x, y)`` whose long axis points ``angle`` degrees.

    >>> rect(0, 0, 90)
    Rect(x=0, y=0, ux=0.0, uy=1.0)
    """
    ux, uy = unit(angle)
    return Rect(x, y, ux, uy)


def corners(r: Rect) -> list[tuple[float, float]]:
    """The four corners of ``r``, going round the outline.

    >>> corners(rect(0, 0, 0))
    [(-1.0, -0.5), (1.0, -0.5), (1.0, 0.5), (-1.0, 0.5)]
    """
    lx, ly = r.ux * HALF_LONG, r.uy * HALF_LONG
    wx, wy = -r.uy * HALF_WIDE, r.ux * HALF_WIDE
    return [
        (r.x - lx - wx, r.y - ly - wy),
        (r.x + lx - wx, r.y + ly - wy),
        (r.x + lx + wx, r.y + ly + wy),
        (r.x - lx + wx, r.y - ly + wy),
    ]


def overlap_depth(a: Rect, b: Rect) -> float:
    """How far ``a`` and ``b`` would have to move apart to stop overlapping (<= 0: apart).

    This is the separating axis theorem for two rectangles: the depth is the
    smallest overlap of their shadows on the four edge directions.

    >>> overlap_depth(rect(0, 0, 0), rect(1.5, 0, 0))
    0.5
    >>> overlap_depth(rect(0, 0, 0), rect(3, 0, 0))
    -1.0
    """
    dx, dy = b.x - a.x, b.y - a.y
    # |cos| and |sin| of the angle between the two long axes.
    c = abs(a.ux * b.ux + a.uy * b.uy)
    s = abs(a.ux * b.uy - a.uy * b.ux)
    # Shadow of b on a's axes and of a on b's axes (half-lengths).
    across = HALF_LONG * c + HALF_WIDE * s
    along = HALF_LONG * s + HALF_WIDE * c
    depth = HALF_LONG + across - abs(dx * a.ux + dy * a.uy)
    d = HALF_WIDE + along - abs(-dx * a.uy + dy * a.ux)
    if d < depth:
        depth = d
    d = HALF_LONG + across - abs(dx * b.ux + dy * b.uy)
    if d < depth:
        depth = d
    d = HALF_WIDE + along - abs(-dx * b.uy + dy * b.ux)
    if d < depth:
        depth = d
    return depth


def overlaps(a: Rect, b: Rect, tolerance: float = TOLERANCE) -> bool:
    """True if ``a`` and ``b`` share more than a touching edge or corner.

    >>> overlaps(rect(0, 0, 0), rect(1.9, 0, 0)), overlaps(rect(0, 0, 0), rect(2.0, 0, 0))
    (True, False)
    """
    return overlap_depth(a, b) > tolerance


def _point_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / (ex * ex + ey * ey)
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return math.hypot(p[0] - a[0] - t * ex, p[1] - a[1] - t * ey)


def distance(a: Rect, b: Rect) -> float:
    """The gap between ``a`` and ``b`` (0 if they touch or overlap).

    >>> distance(rect(0, 0, 0), rect(3, 0, 0))
    1.0
    >>> distance(rect(0, 0, 0), rect(1.5, 2.0, 90))
    0.5
    """
    if overlap_depth(a, b) >= 0.0:
        return 0.0
    ca, cb = corners(a), corners(b)
    best = math.inf
    for pts, edges in ((ca, cb), (cb, ca)):
        for p in pts:
            for i in range(4):
                d = _point_segment(p, edges[i], edges[(i + 1) % 4])
                if d < best:
                    best = d
    return best


def touches(a: Rect, b: Rect, tolerance: float = TOLERANCE) -> bool:
    """True if ``a`` and ``b`` meet along an edge or at a corner without overlapping.

    >>> touches(rect(0, 0, 0), rect(2, 0, 0)), touches(rect(0, 0, 0), rect(2.1, 0, 0))
    (True, False)
    """
    return not overlaps(a, b, tolerance) and distance(a, b) <= tolerance


class SpatialGrid:
    """Rectangles filed by the grid cells their bounding boxes cover.

    Finding the tiles near a new one then looks at a few cells instead of
    the whole table, so laying out a 190-tile table stays fast.

    >>> grid = SpatialGrid()
    >>> grid.add(0, rect(0, 0, 0)); grid.add(1, rect(10, 0, 0))
    >>> sorted(grid.near(rect(2, 0, 0)))
    [0]
    >>> grid.overlapping(rect(1, 0.5, 90))
    [0]
    """

    def __init__(self, cell: float = 2.0) -> None:
        self._cell = cell
        self._cells: dict[tuple[int, int], list[int]] = {}
        self._rects: dict[int, Rect] = {}

    def __len__(self) -> int:
        return len(self._rects)

    def __iter__(self) -> Iterator[int]:
        return iter(self._rects)

    def __getitem__(self, key: int) -> Rect:
        return self._rects[key]

    def _cover(self, r: Rect, margin: float = 0.0) -> list[tuple[int, int]]:
        hx = HALF_LONG * abs(r.ux) + HALF_WIDE * abs(r.uy) + margin
        hy = HALF_LONG * abs(r.uy) + HALF_WIDE * abs(r.ux) + margin
        cell = self._cell
        ys = range(math.floor((r.y - hy) / cell), math.floor((r.y + hy) / cell) + 1)
        xs = range(math.floor((r.x - hx) / cell), math.floor((r.x + hx) / cell) + 1)
        return [(i, j) for i in xs for j in ys]

    def add(self, key: int, r: Rect) -> None:
        """File ``r`` under ``key`` (a key is filed once)."""
        self._rects[key] = r
        for c in self._cover(r):
            self._cells.setdefault(c, []).append(key)

    def remove(self, key: int) -> None:
        """Take ``key`` out of the grid (unknown keys are ignored)."""
        r = self._rects.pop(key, None)
        if r is not None:
            for c in self._cover(r):
                self._cells[c].remove(key)

    def near(self, r: Rect, margin: float = 0.0) -> set[int]:
        """Keys of the rectangles sharing a grid cell with ``r`` grown by ``margin``.

        A superset of the rectangles within ``margin`` of ``r``.
        """
        cells = self._cells
        found: set[int] = set()
        for c in self._cover(r, margin):
            keys = cells.get(c)
            if keys:
                found.update(keys)
        return found

    def count_within(self, x: float, y: float, radius: float) -> int:
        """How many rectangles have their centre within ``radius`` of ``(x, y)``.

        >>> grid = SpatialGrid()
        >>> grid.add(0, rect(0, 0, 0)); grid.add(1, rect(5, 0, 0))
        >>> grid.count_within(1, 0, 2), grid.count_within(1, 0, 4.5)
        (1, 2)
        """
        cell = self._cell
        rects = self._rects
        found: set[int] = set()
        for i in range(math.floor((x - radius) / cell), math.floor((x + radius) / cell) + 1):
            for j in range(math.floor((y - radius) / cell), math.floor((y + radius) / cell) + 1):
                keys = self._cells.get((i, j))
                if keys:
                    found.update(keys)
        r2 = radius * radius
        return sum(1 for k in found if (rects[k].x - x) ** 2 + (rects[k].y - y) ** 2 <= r2)

    def overlapping(self, r: Rect, tolerance: float = TOLERANCE) -> list[int]:
        """Keys of the rectangles that overlap ``r``, sorted."""
        rects = self._rects
        return sorted(k for k in self.near(r) if overlap_depth(r, rects[k]) > tolerance)

    def depth(self, r: Rect, tolerance: float = TOLERANCE) -> float:
        """The summed overlap depth of ``r`` with everything in the grid (0.0 if it fits)."""
        rects = self._rects
        total = 0.0
        for k in self.near(r):
            d = overlap_depth(r, rects[k])
            if d > tolerance:
                total += d
        return total

    def fits(self, r: Rect, tolerance: float = TOLERANCE) -> bool:
        """True if ``r`` overlaps nothing in the grid."""
        rects = self._rects
        cells = self._cells
        cell = self._cell
        hx = HALF_LONG * abs(r.ux) + HALF_WIDE * abs(r.uy)
        hy = HALF_LONG * abs(r.uy) + HALF_WIDE * abs(r.ux)
        y0, y1 = math.floor((r.y - hy) / cell), math.floor((r.y + hy) / cell) + 1
        for i in range(math.floor((r.x - hx) / cell), math.floor((r.x + hx) / cell) + 1):
            for j in range(y0, y1):
                keys = cells.get((i, j))
                if keys:
                    for k in keys:
                        o = rects[k]
                        dx, dy = o.x - r.x, o.y - r.y
                        # Tiles further apart than their circumcircles cannot meet.
                        if dx * dx + dy * dy < _FAR and overlap_depth(r, o) > tolerance:
                            return False
        return True
