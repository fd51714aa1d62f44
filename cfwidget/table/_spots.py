"""Where a tile may go, in the frame of the tile it is played onto: the layout's grammar.

Each place is a :class:`_Spot`: how far along and across the parent's heading the new tile's
centre lies, how the new tile turns, and how much a real player would frown at it. The
centre's spokes, a line's straight and bent continuations and a chicken foot's fanned toes are
all spots; :mod:`._layout` scores the free ones and keeps the best.
"""

from __future__ import annotations

import math
from typing import NamedTuple

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
