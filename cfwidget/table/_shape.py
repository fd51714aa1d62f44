"""The table's shape: its bounding box, and what growing it costs against the board's shape.

The widget shows the whole table fitted into its board, so the tiles are as
large as the *binding* side allows: a table of width ``w`` and height ``h`` on a
board of shape ``aspect`` (width over height) is as big on screen as a box of
height ``max(w / aspect, h)``. That height is what a tile costs when it grows the
table; growing the other side, up to the board's shape, costs only a little.

>>> from cfwidget.table._geometry import rect
>>> shape = Shape(aspect=2.0)
>>> shape.add(rect(0, 0, 90), 9)
>>> shape.box
(-0.5, -1.0, 0.5, 1.0)
>>> shape.growth(rect(1.5, 0, 0))  # inside the smallest box worth growing for: spread only
0.3
>>> round(shape.growth(rect(0, 9.5, 90)), 2)  # past it, downwards: the binding side grows
10.52
"""

from __future__ import annotations

import math

from ._geometry import HALF_LONG, HALF_WIDE, Rect

__all__ = ["Box", "Shape"]

Box = tuple[float, float, float, float]

# A table smaller than this (in square tile widths, at the board's shape) costs nothing to
# grow: the widget never zooms in further than about that.
_LEAST_AREA = 160.0
# The cost of one tile width of growth of the binding side (the height of the board-shaped box).
_GROW = 3.0
# The cost of one tile width of growth of either side, binding or not: keeps spare room for later.
_SPREAD = 0.3
# Sets above double-9 make bigger tables: the squeeze eases as their higher numbers appear.
_SET_SIZE = 10
_SQUEEZE_POWER = 4.0


def grown(box: Box, r: Rect) -> Box:
    """``box`` grown to hold ``r``.

    >>> from cfwidget.table._geometry import rect
    >>> grown((0.0, 0.0, 1.0, 1.0), rect(2, 0, 0))
    (0.0, -0.5, 3.0, 1.0)
    """
    hx = HALF_LONG * abs(r.ux) + HALF_WIDE * abs(r.uy)
    hy = HALF_LONG * abs(r.uy) + HALF_WIDE * abs(r.ux)
    x0, y0, x1, y1 = box
    return (min(x0, r.x - hx), min(y0, r.y - hy), max(x1, r.x + hx), max(y1, r.y + hy))


class Shape:
    """The bounding box of the tiles laid so far, and the cost of growing it."""

    def __init__(self, aspect: float) -> None:
        self.aspect = aspect
        self.box: Box = (math.inf, math.inf, -math.inf, -math.inf)
        self._least = math.sqrt(_LEAST_AREA / aspect)
        self._squeeze = 1.0

    def add(self, r: Rect, top: int) -> None:
        """Take in a laid tile's outline; ``top`` is the highest number seen on the table."""
        self.box = grown(self.box, r)
        self._squeeze = min(1.0, _SET_SIZE / (top + 1)) ** _SQUEEZE_POWER

    def height(self, box: Box) -> float:
        """The height of the board-shaped box round ``box`` (its width is aspect times that)."""
        x0, y0, x1, y1 = box
        return max((x1 - x0) / self.aspect, y1 - y0, self._least)

    def growth(self, *rects: Rect) -> float:
        """A penalty for how much ``rects`` would grow the table against the board's shape."""
        box = before = self.box
        for r in rects:
            box = grown(box, r)
        if box == before:
            return 0.0
        binding = self.height(box) - self.height(before)
        spread = (box[2] - box[0] - before[2] + before[0]) / self.aspect + (
            box[3] - box[1] - before[3] + before[1]
        )
        return self._squeeze * (_GROW * binding + _SPREAD * spread)
