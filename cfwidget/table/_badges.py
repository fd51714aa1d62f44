"""Where a target's numbered badge goes: beside its open end, on free felt.

When a player picks a tile, the widget numbers the ends it can go on with round
badges. A badge must point at its end without covering another tile's pips, so it
goes straight ahead of the end when that felt is free, and otherwise a little
round to the side or further out, whichever is free first. An end walled in on
every side (about one in a thousand) takes its badge on its own tile's inner half,
the half that matches the tile it was played onto, and never on a neighbour.

>>> from cfwidget import Placed, Tile
>>> from cfwidget.table import layout
>>> laid = layout([Placed(Tile(9, 9), None, 9, 0), Placed(Tile(9, 4), Tile(9, 9), 9, 0)])
>>> x, y = badge_spot(laid, 1)
>>> round(x, 2), round(y, 2)  # ahead of the 4 end of 9-4, which points up the screen
(0.0, -3.6)
>>> circle_gap(x, y, BADGE_RADIUS, laid[1].rect) >= BADGE_GAP
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ._geometry import HALF_LONG, HALF_WIDE, Rect, SpatialGrid, unit
from ._placement import TilePlacement

__all__ = ["BADGE_GAP", "BADGE_RADIUS", "badge_spot", "badge_spots", "circle_gap"]

#: A badge's radius in tile widths at its largest: the widget draws it 12 px across its
#: radius and never shows tiles smaller than 22 px, so it never needs more than this.
BADGE_RADIUS = 0.55
#: The felt left between a badge and any tile.
BADGE_GAP = 0.05
# Turns away from straight ahead (degrees) and steps further out (tile widths), in the
# order they are tried: nearer first, then straighter.
_TURNS = tuple(sign * turn for turn in range(0, 181, 15) for sign in (1, -1))[1:-1]
_STEPS = (0.0, 0.35, 0.7, 1.2, 1.8)


def circle_gap(x: float, y: float, radius: float, r: Rect) -> float:
    """The felt between a circle and a tile's outline (negative when they overlap).

    >>> from cfwidget.table import rect
    >>> circle_gap(2.0, 0.0, 0.5, rect(0, 0, 0)), circle_gap(0.0, 0.0, 0.5, rect(0, 0, 0))
    (0.5, -1.0)
    """
    dx, dy = x - r.x, y - r.y
    along = abs(dx * r.ux + dy * r.uy) - HALF_LONG
    across = abs(-dx * r.uy + dy * r.ux) - HALF_WIDE
    if along <= 0 and across <= 0:  # the centre is on the tile
        return max(along, across) - radius
    return math.hypot(max(along, 0.0), max(across, 0.0)) - radius


def badge_spot(
    laid: Sequence[TilePlacement],
    index: int,
    radius: float = BADGE_RADIUS,
    grid: SpatialGrid | None = None,
) -> tuple[float, float]:
    """The centre of the badge for the open end of ``laid[index]``, in tile units.

    ``grid`` may hold the tiles' outlines already (keys are indexes into ``laid``);
    the first free spot is taken, or, if none is free, the one that covers least.
    """
    if grid is None:
        grid = SpatialGrid()
        for i, p in enumerate(laid):
            grid.add(i, p.rect)
    p = laid[index]
    hx, hy = unit(p.heading)
    # How far the tile reaches from its centre in the direction play goes on.
    reach = HALF_LONG * abs(p.rect.ux * hx + p.rect.uy * hy) + HALF_WIDE * abs(
        -p.rect.uy * hx + p.rect.ux * hy
    )
    ax, ay = p.x + hx * reach, p.y + hy * reach
    for step in _STEPS:
        out = radius + BADGE_GAP + step
        for turn in _TURNS:
            tx, ty = unit(p.heading + turn)
            x, y = ax + tx * out, ay + ty * out
            if _gap(grid, x, y, radius) >= BADGE_GAP:
                return (x, y)
    if p.first == p.second:  # a double: its middle, where its toes or spokes leave from
        return (p.x, p.y)
    (x, y, _), _ = p.halves()  # the inner half, which matches the tile it was played onto
    return (x, y)


def badge_spots(
    laid: Sequence[TilePlacement], indexes: Iterable[int], radius: float = BADGE_RADIUS
) -> dict[int, tuple[float, float]]:
    """The badge spot of each tile ``laid[i]`` for ``i`` in ``indexes`` (see :func:`badge_spot`).

    >>> from cfwidget import Placed, Tile
    >>> from cfwidget.table import layout
    >>> laid = layout([Placed(Tile(9, 9), None, 9, 0), Placed(Tile(9, 4), Tile(9, 9), 9, 0)])
    >>> list(badge_spots(laid, [1, 1]))
    [1]
    """
    wanted = sorted(set(indexes))
    if not wanted:  # not this seat's turn: no badge, and no grid to build for none
        return {}
    grid = SpatialGrid()
    for i, p in enumerate(laid):
        grid.add(i, p.rect)
    return {i: badge_spot(laid, i, radius, grid) for i in wanted}


def _gap(grid: SpatialGrid, x: float, y: float, radius: float) -> float:
    """The least felt between a circle at ``(x, y)`` and the tiles near it."""
    probe = Rect(x, y, 1.0, 0.0)
    least = math.inf
    for key in grid.near(probe, radius):
        gap = circle_gap(x, y, radius, grid[key])
        if gap < least:
            least = gap
    return least
