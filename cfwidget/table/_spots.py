"""Where a tile may go, in the frame of the tile it is played onto: the layout's grammar.

Each place is a :class:`_Spot`: how far along and across the parent's heading the new tile's
centre lies, how the new tile turns, and how much a real player would frown at it. The
centre's spokes, a line's straight and bent continuations and a chicken foot's fanned toes are
all spots; :mod:`._layout` scores the free ones and keeps the best. :func:`_pose` turns a spot
into a place on the table, and :func:`_nudged` lists the odd-angled places a player finds when
no usual one is free.
"""

from __future__ import annotations

import math
from typing import NamedTuple, Protocol

from ._geometry import HALF_LONG, HALF_WIDE, Rect, corners, rect, unit

_H = math.sqrt(0.5)


class _Spot(NamedTuple):
    """A place for a tile, in the frame of the tile it is played onto.

    ``d`` runs along the parent's heading and ``n`` 90 degrees clockwise from it
    (on screen); ``turn`` is the new tile's heading relative to the parent's;
    ``cost`` how much a real player would frown at it.
    """

    d: float
    n: float
    turn: int
    cost: float


# -- places around a line end (parent: a line tile, d in [-1, 1], n in [-0.5, 0.5]) ----------
_STRAIGHT = _Spot(2.0, 0.0, 0, 0.0)
_LINE_SPOTS = (
    _STRAIGHT,
    _Spot(1 + _H, 0.5 + _H, 45, 1.0),  # bend 45 degrees round the front corner
    _Spot(1 + _H, -0.5 - _H, -45, 1.0),
    _Spot(1.5, 0.5, 90, 2.0),  # elbow: the new tile's back half in front of the end
    _Spot(1.5, -0.5, -90, 2.0),
    _Spot(0.5, 1.5, 90, 2.5),  # elbow: the new tile's back end against the end's side
    _Spot(0.5, -1.5, -90, 2.5),
    _Spot(2.0, 0.5, 0, 3.0),  # straight on, staggered
    _Spot(2.0, -0.5, 0, 3.0),
    _Spot(0.0, 1.0, 180, 4.0),  # hairpin: back alongside
    _Spot(0.0, -1.0, 180, 4.0),
)
_TURNS = _LINE_SPOTS[1:5]

# A chicken-foot double lies crosswise: its long axis is 90 degrees from its heading.
_FOOT_SPOTS = (
    _Spot(1.5, 0.0, 0, 0.0),
    _Spot(1 + _H / 2, 0.5 + _H / 2, 45, 1.0),  # turned 45 degrees, touching the front corner
    _Spot(1 + _H / 2, -0.5 - _H / 2, -45, 1.0),
    _Spot(1.5, 0.5, 0, 1.5),
    _Spot(1.5, -0.5, 0, 1.5),
    _Spot(1.0, 1.0, 90, 3.0),  # turned 90 degrees, against the end's side
    _Spot(1.0, -1.0, -90, 3.0),
    _Spot(2.0, 0.5, 90, 3.0),  # turned 90 degrees, in front of the end
    _Spot(2.0, -0.5, -90, 3.0),
    _Spot(1.5, 1.0, 0, 3.0),
    _Spot(1.5, -1.0, 0, 3.0),
)


# -- places around a double (d in [-0.5, 0.5], n in [-1, 1]); named for the spoke layouts ----
def _diagonal(side: int, end: int) -> _Spot:
    # A toe leaving a long side's corner at 45 degrees. It pivots on the corner and
    # keeps 0.03 clear of the straight toe and of the plane of the double's far side
    # (so the diagonals on the two sides of the centre double miss each other).
    e, m = 1.5 * _H + 1.0, 0.53
    return _Spot(side * (e - m) * _H, end * (e + m) * _H, _heading_of(side, end), 0.0)


def _end_diagonal(side: int, end: int) -> _Spot:
    # A tile leaving an end's corner at 45 degrees (the arms of the Y).
    return _Spot(side * (0.5 + _H), end * (1 + _H), _heading_of(side, end), 0.0)


def _heading_of(side: int, end: int) -> int:
    return round(math.degrees(math.atan2(end, side)))


_DOUBLE_SPOTS: dict[str, _Spot] = {
    "far": _Spot(1.5, 0.0, 0, 0.0),
    "far+": _diagonal(1, 1),
    "far-": _diagonal(1, -1),
    "back": _Spot(-1.5, 0.0, 180, 0.0),
    "back+": _diagonal(-1, 1),
    "back-": _diagonal(-1, -1),
    "end+": _Spot(0.0, 2.0, 90, 0.0),
    "end-": _Spot(0.0, -2.0, -90, 0.0),
    "end+far": _end_diagonal(1, 1),
    "end-far": _end_diagonal(1, -1),
    "end+back": _end_diagonal(-1, 1),
    "end-back": _end_diagonal(-1, -1),
    "far@+": _Spot(1.5, 0.5, 0, 0.0),
    "far@-": _Spot(1.5, -0.5, 0, 0.0),
    "far@+1": _Spot(1.5, 1.0, 0, 0.0),  # three toes side by side, overhanging the ends
    "far@-1": _Spot(1.5, -1.0, 0, 0.0),
    "side+": _Spot(1.0, 1.5, 90, 0.0),
    "side-": _Spot(1.0, -1.5, -90, 0.0),
}
# The centre lies with heading 0 (east) and its long axis vertical, so "end-" is north.
_SPOKE_ORDER = {
    3: ("end-far", "end+", "end-back"),  # a Y: two arms up, the stem down
    4: ("end-", "far", "end+", "back"),  # a cross: north, east, south, west
    6: ("far-", "far", "far+", "back+", "back", "back-"),  # three on each long side
}
# On a wide board the Y lies on its side, its arms towards the east and its stem west: two of
# its three lines then run along the board's long side instead of one.
_WIDE_SPOKE_ORDER = {**_SPOKE_ORDER, 3: ("end+far", "back", "end-far")}
#: Boards at least this much wider than tall take the wide spoke order.
_WIDE = 1.75
_TOE_ORDER = {1: ("far",), 2: ("far-", "far+"), 3: ("far", "far-", "far+")}
# Where a toe goes when the fan's place is taken: close by on the same side.
_TOE_CHOICES = {
    "far": ("far", "far@-", "far@+"),
    "far-": ("far-", "side-", "end-far", "far@-1", "far@-"),
    "far+": ("far+", "side+", "end+far", "far@+1", "far@+"),
}
# Where a toe may go when none of those is free: anywhere round the double.
_TOE_FALLBACK = (
    "far",
    "far-",
    "far+",
    "far@-",
    "far@+",
    "side-",
    "side+",
    "end-far",
    "end+far",
    "end-",
    "end+",
    "back-",
    "back+",
)


class _Headed(Protocol):
    """A laid tile (or a place for one): its centre and the way play goes on from it."""

    @property
    def x(self) -> float: ...
    @property
    def y(self) -> float: ...
    @property
    def heading(self) -> float: ...


class _Pose(NamedTuple):
    """A place for a tile: centre, the way play goes on from it, its long axis and outline."""

    x: float
    y: float
    heading: int
    angle: int
    rect: Rect


def _pose(parent: _Headed, spot: _Spot, double: bool) -> _Pose:
    """Where ``spot`` lies for a tile played onto ``parent`` (a double lies crosswise)."""
    dx, dy = unit(parent.heading)
    x = parent.x + dx * spot.d - dy * spot.n
    y = parent.y + dy * spot.d + dx * spot.n
    heading = (round(parent.heading) + spot.turn) % 360
    angle = (heading + 90) % 360 if double else heading
    return _Pose(x, y, heading, angle, rect(x, y, angle))


# A nudged tile slides along the parent's edge in steps this long (in tile widths).
_SLIDE = 0.25


def _nudged(parent: Rect, heading: float, line: bool, double: bool) -> list[_Pose]:
    """Places touching ``parent`` at any multiple of 15 degrees, for when no usual one is free.

    ``heading`` is the way play goes on from ``parent``. The new tile turns up
    to 90 degrees either way; its back edge (a double's long side) rests against
    the part of ``parent`` that sticks out furthest in the new direction, so it
    touches without overlapping, and slides along that edge, nearest the middle
    first. On a ``line`` it must touch the parent's open (front) half.

    >>> from cfwidget.table._geometry import rect
    >>> places = _nudged(rect(0, 0, 0), 0, True, False)
    >>> (places[0].x, places[0].y, places[0].angle)
    (2.0, 0.0, 0)
    """
    px, py, ph = parent.x, parent.y, round(heading)
    hx, hy = unit(ph)
    pts = corners(parent)
    along, across = (HALF_WIDE, HALF_LONG) if double else (HALF_LONG, HALF_WIDE)
    out: list[_Pose] = []
    for turn in sorted(range(-90, 91, 15), key=abs):
        heading = (ph + turn) % 360
        ux, uy = unit(heading)
        vx, vy = -uy, ux
        proj = [x * ux + y * uy for x, y in pts]
        top = max(proj)
        touching = [x * vx + y * vy for (x, y), p in zip(pts, proj, strict=True) if p > top - 1e-9]
        lo, hi = min(touching), max(touching)
        first, last = lo - 0.9 * across, hi + 0.9 * across
        steps = math.ceil((last - first) / _SLIDE)
        middle = (lo + hi) / 2
        offsets = [first + (last - first) * k / steps for k in range(steps + 1)]
        for v in sorted(offsets, key=lambda v: abs(v - middle)):
            a, b = max(v - across, lo), min(v + across, hi)
            mid = (a + b) / 2  # the middle of the contact, along the back edge
            cx, cy = top * ux + mid * vx, top * uy + mid * vy
            if line and (cx - px) * hx + (cy - py) * hy < -1e-9:
                continue  # that would touch the line tile's back half
            x, y = (top + along) * ux + v * vx, (top + along) * uy + v * vy
            angle = (heading + 90) % 360 if double else heading
            out.append(_Pose(x, y, heading, angle, rect(x, y, angle)))
    return out


def _shadow(ux: float, uy: float, ax: float, ay: float) -> float:
    """Half the length of the shadow a tile with long axis ``(ux, uy)`` casts on axis ``a``."""
    return HALF_LONG * abs(ux * ax + uy * ay) + HALF_WIDE * abs(uy * ax - ux * ay)


def _on_outline(points: list[tuple[float, float]], r: Rect) -> list[tuple[float, float]]:
    """Those of ``points`` on the outline of ``r`` (or inside it)."""
    out = []
    for x, y in points:
        dx, dy = x - r.x, y - r.y
        along, across = dx * r.ux + dy * r.uy, dy * r.ux - dx * r.uy
        if abs(along) <= HALF_LONG + 1e-7 and abs(across) <= HALF_WIDE + 1e-7:
            out.append((x, y))
    return out


def _around(parent: Rect, heading: float, line: bool, double: bool) -> list[_Pose]:
    """Places touching ``parent`` from every side, at multiples of 15 degrees: a last resort.

    The new tile comes in towards ``parent`` from each of 24 directions, turned
    up to 90 degrees either way, and stops where it first touches. A line
    tile's contact must include its own back half (where its number matches)
    and, on a ``line``, the parent's open half (``heading`` is the way the line
    goes on).

    >>> from cfwidget.table._geometry import rect
    >>> places = _around(rect(0, 0, 0), 0, True, False)
    >>> (places[0].x, places[0].y, places[0].angle)
    (2.0, 0.0, 0)
    """
    hx, hy = unit(heading)
    out: list[_Pose] = []
    for k in sorted(range(-11, 13), key=abs):
        direction = (round(heading) + 15 * k) % 360
        dx, dy = unit(direction)
        for turn in sorted(range(-90, 91, 15), key=abs):
            new = (direction + turn) % 360
            angle = (new + 90) % 360 if double else new
            ux, uy = unit(angle)
            axes = ((parent.ux, parent.uy), (-parent.uy, parent.ux), (ux, uy), (-uy, ux))
            # Coming in along (dx, dy), the tiles first touch where one axis separates them.
            t = min(
                (_shadow(parent.ux, parent.uy, ax, ay) + _shadow(ux, uy, ax, ay))
                / abs(dx * ax + dy * ay)
                for ax, ay in axes
                if abs(dx * ax + dy * ay) > 1e-9
            )
            x, y = parent.x + t * dx, parent.y + t * dy
            r = Rect(x, y, ux, uy)
            contact = _on_outline(corners(r), parent) + _on_outline(corners(parent), r)
            if line and max((cx - parent.x) * hx + (cy - parent.y) * hy for cx, cy in contact) < 0:
                continue  # only the parent's back half would touch
            if not double and min((cx - x) * ux + (cy - y) * uy for cx, cy in contact) > 0:
                continue  # the new tile would touch with its far half
            out.append(_Pose(x, y, new, angle, r))
    return out
