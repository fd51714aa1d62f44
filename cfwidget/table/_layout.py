"""The farmyard layout: where each tile lies on the table, as on a real one.

:func:`layout` turns the table (tiles in the order they were laid, as
``Round.table`` gives them) into a :class:`TilePlacement` per tile: its centre,
the angle of its long axis and which number shows at which end.

Units: a tile is 2 long and 1 wide. Coordinates follow SVG: ``x`` grows to the
right, ``y`` grows *downwards*, and angles are degrees measured from the x axis
towards the y axis (so 90 points down the screen). The centre double lies at
``(0, 0)`` with its long axis vertical.

The picture is a real table's: the spokes leave the centre as a cross (4), a Y
(3) or three on each long side (6); lines run straight outwards; a chicken foot
double lies crosswise and its toes fan out on its far side, one straight ahead
and two at 45 degrees. A tile never moves once laid: each tile's place depends
only on the tiles laid before it, so the layout of the first ``k`` tiles is
the first ``k`` entries of the layout of them all. A line that would run into
other tiles bends (45 or 90 degrees, snaking if need be) instead, and keeps
clear of the way ahead of other open ends. In a tight corner a tile may be
turned to another multiple of 15 degrees, as a player nudges a tile; when no
place touching the tile it was played onto is free at all, the tile goes where
it overlaps least and is marked ``cramped`` (rare: about one tile in 1,500;
``python -m tools.layout_check`` counts them).

>>> from cfwidget import Placed
>>> from cfwidget import Tile
>>> table = [Placed(Tile(9, 9), None, 9, 0), Placed(Tile(9, 4), Tile(9, 9), 9, 0)]
>>> for p in layout(table):
...     print(p)
9-9 centre at (0, 0) angle 90
9-4 spoke at (0, -2) angle 270
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from ..core import Tile
from ._geometry import (
    HALF_LONG,
    HALF_WIDE,
    TOLERANCE,
    Rect,
    SpatialGrid,
    corners,
    overlap_depth,
    rect,
    unit,
)
from ._spots import (
    _DOUBLE_SPOTS,
    _FOOT_SPOTS,
    _LINE_SPOTS,
    _SPOKE_ORDER,
    _STRAIGHT,
    _TOE_CHOICES,
    _TOE_FALLBACK,
    _TOE_ORDER,
    _TURNS,
    _Spot,
)

__all__ = ["Farmyard", "PlacedLike", "TilePlacement", "bounds", "layout"]

# The layout treats anything deeper than this as overlap: stricter than the
# geometry tolerance, so a layout passes any check made with TOLERANCE.
_STRICT = TOLERANCE / 10
_H = math.sqrt(0.5)


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
    the index of the tile it was played onto, and ``cramped`` marks a tile the
    layout could not fit without overlapping another.

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
    cramped: bool = False

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
         'role': 'spoke', 'onto': 0, 'heading': 270.0, 'cramped': False}
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
            "cramped": self.cramped,
        }

    def __str__(self) -> str:
        text = f"{self.tile} {self.role} at ({self.x:g}, {self.y:g}) angle {self.angle:g}"
        return text + " cramped" if self.cramped else text


# Scoring weights (smaller is better): turning, little room ahead, blocking another end.
_LOOKAHEAD = 3
_ROOM_PENALTY = (3.0, 1.5, 0.5, 0.0)  # by free straight steps ahead: 0, 1, 2, 3
_DEAD_END = 8.0
_RESERVED = 2.5
_MISSING_TOE = 6.0
_OUTWARD = 0.5
_CROWD, _CROWD_AHEAD, _CROWD_RADIUS = 0.25, 4.0, 4.0
_GAP, _TIGHT = 0.9, 1.0
_NUDGE = 4.0  # the cost of a tile turned to an odd angle
# Each open end keeps clear the next tile's place (weight 1) and its would-be toes'.
_KEEP = 4
_KEEP_WEIGHT = (1.0, 0.4, 0.4, 0.4)


def _role(p: PlacedLike, start: Tile | None) -> str:
    if p.onto is None:
        return "centre"
    if p.onto == start:
        return "spoke"
    if p.tile[0] == p.tile[1]:
        return "foot"
    return "toe" if p.onto[0] == p.onto[1] else "line"


class _Pose(NamedTuple):
    x: float
    y: float
    heading: int
    angle: int
    rect: Rect


def _pose(parent: TilePlacement | _Pose, spot: _Spot, double: bool) -> _Pose:
    """Where ``spot`` lies for a tile played onto ``parent``."""
    dx, dy = unit(parent.heading)
    x = parent.x + dx * spot.d - dy * spot.n
    y = parent.y + dy * spot.d + dx * spot.n
    heading = (round(parent.heading) + spot.turn) % 360
    angle = (heading + 90) % 360 if double else heading
    return _Pose(x, y, heading, angle, rect(x, y, angle))


def _nudged(parent: TilePlacement, double: bool) -> list[_Pose]:
    """Places touching ``parent`` at any multiple of 15 degrees, for when no usual one is free.

    The new tile's back edge (a double's long side) rests against the part of
    ``parent`` that sticks out furthest in the new direction, so it touches
    without overlapping; a line tile must touch its parent's open (front) half.
    """
    px, py, ph = parent.x, parent.y, round(parent.heading)
    hx, hy = unit(ph)
    pts = corners(parent.rect)
    along, across = (HALF_WIDE, HALF_LONG) if double else (HALF_LONG, HALF_WIDE)
    line = parent.role not in ("centre", "foot")
    out: list[_Pose] = []
    for turn in range(-90, 91, 15):
        heading = (ph + turn) % 360
        ux, uy = unit(heading)
        vx, vy = -uy, ux
        proj = [x * ux + y * uy for x, y in pts]
        top = max(proj)
        touching = [x * vx + y * vy for (x, y), p in zip(pts, proj, strict=True) if p > top - 1e-9]
        lo, hi = min(touching), max(touching)
        for v in (lo - 0.9 * across, (lo + hi) / 2, hi + 0.9 * across):
            a, b = max(v - across, lo), min(v + across, hi)
            mid = (a + b) / 2  # the middle of the contact, along the back edge
            cx, cy = top * ux + mid * vx, top * uy + mid * vy
            if line and (cx - px) * hx + (cy - py) * hy < -1e-9:
                continue  # that would touch the line tile's back half
            x, y = (top + along) * ux + v * vx, (top + along) * uy + v * vy
            angle = (heading + 90) % 360 if double else heading
            out.append(_Pose(x, y, heading, angle, rect(x, y, angle)))
    return out


class Farmyard:
    """A layout that grows one tile at a time (what :func:`layout` runs on).

    >>> from cfwidget import Placed
    >>> yard = Farmyard(spokes=4, toes=3)
    >>> print(yard.add(Placed(Tile(9, 9), None, 9, 0)))
    9-9 centre at (0, 0) angle 90
    >>> print(yard.add(Placed(Tile(9, 4), Tile(9, 9), 9, 1)))
    9-4 spoke at (1.5, 0) angle 0
    >>> len(yard), yard.cramped
    (2, 0)
    """

    def __init__(self, spokes: int = 4, toes: int = 3) -> None:
        if isinstance(spokes, bool) or not isinstance(spokes, int) or not 1 <= spokes <= 8:
            raise ValueError(f"spokes must be a whole number from 1 to 8, got {spokes!r}")
        if isinstance(toes, bool) or not isinstance(toes, int) or not 1 <= toes <= 3:
            raise ValueError(f"toes must be 1, 2 or 3, got {toes!r}")
        self.spokes = spokes
        self.toes = toes
        self._placed: list[TilePlacement] = []
        self._index: dict[Tile, int] = {}
        self._used: dict[int, set[str]] = {}  # named places taken round each double
        self._grid = SpatialGrid()
        self._reserved = SpatialGrid()  # the way ahead of each open line end
        self._start: Tile | None = None
        self.cramped = 0

    def __len__(self) -> int:
        return len(self._placed)

    @property
    def placements(self) -> tuple[TilePlacement, ...]:
        """Every tile laid so far, in the order laid."""
        return tuple(self._placed)

    def add(self, placed: PlacedLike) -> TilePlacement:
        """Lay the next tile; the ones already laid never move."""
        tile = Tile(placed.tile[0], placed.tile[1])
        if tile in self._index:
            raise ValueError(f"{tile} is already on the table")
        if placed.onto is None:
            if self._placed:
                raise ValueError(f"{tile} has no tile to be played onto, but the centre is laid")
            self._start = tile
            return self._commit(
                TilePlacement(
                    tile, 0.0, 0.0, 90.0, placed.number, placed.number, "centre", None, 0.0
                )
            )
        onto = Tile(placed.onto[0], placed.onto[1])
        parent_index = self._index.get(onto)
        if parent_index is None:
            raise ValueError(f"{tile} was played onto {onto}, which is not on the table")
        parent = self._placed[parent_index]
        role = _role(placed, self._start)
        double = tile[0] == tile[1]
        if role in ("spoke", "toe"):
            pose, name, cramped = self._round_double(parent_index, parent, placed.slot, role)
            self._used.setdefault(parent_index, set()).add(name)
        else:
            pose, cramped = self._best(parent_index, parent, double)
        number = placed.number
        other = tile.other(number) if tile.has(number) else number
        result = TilePlacement(
            tile,
            pose.x,
            pose.y,
            float(pose.angle),
            number,
            number if double else other,
            role,
            parent_index,
            float(pose.heading),
            cramped,
        )
        for j in range(_KEEP):
            self._reserved.remove(parent_index * _KEEP + j)
        return self._commit(result)

    def _commit(self, p: TilePlacement) -> TilePlacement:
        index = len(self._placed)
        self._placed.append(p)
        self._index[p.tile] = index
        self._grid.add(index, p.rect)
        self.cramped += p.cramped
        if p.role in ("spoke", "toe", "line"):
            # Keep the way ahead clear: the next tile, and room for a chicken foot's toes.
            self._reserved.add(index * _KEEP, _pose(p, _STRAIGHT, False).rect)
            foot = _pose(p, _FOOT_SPOTS[0], True)
            for j, name in enumerate(_TOE_ORDER[3], start=1):
                self._reserved.add(index * _KEEP + j, _pose(foot, _DOUBLE_SPOTS[name], False).rect)
        return p

    # -- choosing a place ------------------------------------------------------------------

    def _fits(self, r: Rect) -> bool:
        return self._grid.fits(r, _STRICT)

    def _blocks(self, r: Rect, parent_index: int) -> float:
        """A penalty for standing in the way of other open ends."""
        reserved = self._reserved
        return sum(
            _KEEP_WEIGHT[k % _KEEP]
            for k in reserved.near(r)
            if k // _KEEP != parent_index and overlap_depth(r, reserved[k]) > _STRICT
        )

    def _room(self, pose: _Pose) -> float:
        """A penalty for how little room a line has to go on from ``pose``."""
        dx, dy = unit(pose.heading)
        for step in range(1, _LOOKAHEAD + 1):
            ahead = Rect(pose.rect.x + 2 * step * dx, pose.rect.y + 2 * step * dy, dx, dy)
            if not self._fits(ahead):
                break
        else:
            return _ROOM_PENALTY[_LOOKAHEAD]
        if step > 1:
            return _ROOM_PENALTY[step - 1]
        if any(self._fits(_pose(pose, s, False).rect) for s in _TURNS):
            return _ROOM_PENALTY[0]
        return _DEAD_END

    def _tight(self, pose: _Pose, parent_index: int) -> float:
        """A penalty for squeezing past other tiles closer than ``_GAP`` (kin excepted)."""
        grid = self._grid
        parent = self._placed[parent_index]
        count = 0
        for k in grid.near(pose.rect, _GAP):
            if k == parent_index or k == parent.onto or self._placed[k].onto == parent_index:
                continue
            if overlap_depth(pose.rect, grid[k]) > -_GAP:
                count += 1
        return _TIGHT * count

    def _crowd(self, pose: _Pose) -> float:
        """A penalty for heading into a crowd: tiles near the place a few tiles ahead."""
        dx, dy = unit(pose.heading)
        ahead = _CROWD_AHEAD
        return _CROWD * self._grid.count_within(
            pose.x + ahead * dx, pose.y + ahead * dy, _CROWD_RADIUS
        )

    def _outward(self, pose: _Pose) -> float:
        dist = math.hypot(pose.x, pose.y)
        if dist == 0:
            return 0.0
        dx, dy = unit(pose.heading)
        return _OUTWARD * (1 - (dx * pose.x + dy * pose.y) / dist) / 2

    def _foot_room(self, pose: _Pose, parent_index: int) -> tuple[float, bool]:
        """A penalty for how badly a chicken foot at ``pose`` would take its toes."""
        penalty, perfect = 0.0, True
        toes: list[Rect] = []
        for name in _TOE_ORDER[self.toes]:
            found = self._toe_place(pose, _TOE_CHOICES[name], toes)
            if found is None:
                penalty += _MISSING_TOE
                perfect = False
                continue
            choice, toe = found
            toes.append(toe.rect)
            room = self._room(toe) + _RESERVED * self._blocks(toe.rect, parent_index)
            room += self._crowd(toe)
            perfect = perfect and choice == 0 and room == 0
            penalty += room + choice / 2
        return penalty, perfect

    def _toe_place(
        self, foot: _Pose, names: Sequence[str], toes: Sequence[Rect]
    ) -> tuple[int, _Pose] | None:
        """The first of ``names`` round ``foot`` that is free (and clear of ``toes``)."""
        for choice, name in enumerate(names):
            toe = _pose(foot, _DOUBLE_SPOTS[name], False)
            if self._fits(toe.rect) and all(overlap_depth(toe.rect, r) <= _STRICT for r in toes):
                return choice, toe
        return None

    def _best(self, parent_index: int, parent: TilePlacement, double: bool) -> tuple[_Pose, bool]:
        """The best place for a line tile or a chicken foot at a line's end."""
        spots = _FOOT_SPOTS if double else _LINE_SPOTS
        best: _Pose | None = None
        best_score = math.inf
        for spot in spots:
            pose = _pose(parent, spot, double)
            if not self._fits(pose.rect):
                continue
            blocks = self._blocks(pose.rect, parent_index) + self._tight(pose, parent_index)
            if double:
                room, perfect = self._foot_room(pose, parent_index)
            else:
                room = self._room(pose)
                perfect = room == 0
            if spot.cost == 0 and perfect and blocks == 0:
                return pose, False
            score = spot.cost + room + _RESERVED * blocks + self._outward(pose)
            if not double:
                score += self._crowd(pose)
            if score < best_score:
                best, best_score = pose, score
        if double and best_score >= _MISSING_TOE:
            # No usual place has room for every toe: try the foot at other angles.
            for pose in _nudged(parent, True):
                if self._fits(pose.rect):
                    room, _ = self._foot_room(pose, parent_index)
                    score = _NUDGE + room + _RESERVED * self._blocks(pose.rect, parent_index)
                    if score < best_score:
                        best, best_score = pose, score
        if best is not None:
            return best, False
        return self._nudge(parent_index, parent, double, [_pose(parent, s, double) for s in spots])

    def _nudge(
        self, parent_index: int, parent: TilePlacement, double: bool, usual: list[_Pose]
    ) -> tuple[_Pose, bool]:
        """No usual place is free: turn the tile to any angle that fits, or overlap least."""
        best: _Pose | None = None
        best_score = math.inf
        for pose in _nudged(parent, double):
            if self._fits(pose.rect):
                score = self._blocks(pose.rect, parent_index) + self._outward(pose)
                if not double:
                    score += self._room(pose)
                if score < best_score:
                    best, best_score = pose, score
        if best is not None:
            return best, False
        return self._least_overlap(usual), True

    def _round_double(
        self, parent_index: int, parent: TilePlacement, slot: int, role: str
    ) -> tuple[_Pose, str, bool]:
        """A spoke round the centre, or a toe round a chicken foot."""
        used = self._used.get(parent_index, set())
        if role == "spoke":
            order = _SPOKE_ORDER.get(self.spokes, _SPOKE_ORDER[4] + _SPOKE_ORDER[6])
            own: tuple[str, ...] = (order[slot],) if 0 <= slot < len(order) else ()
        else:
            order = _TOE_ORDER[self.toes]
            own = _TOE_CHOICES[order[slot]] if 0 <= slot < len(order) else ()
        for name in own:
            if name not in used:
                pose = _pose(parent, _DOUBLE_SPOTS[name], False)
                if self._fits(pose.rect):
                    return pose, name, False
        names = [n for n in dict.fromkeys(order + _TOE_FALLBACK) if n not in used]
        best: tuple[_Pose, str] | None = None
        best_score = math.inf
        for name in names:
            pose = _pose(parent, _DOUBLE_SPOTS[name], False)
            if not self._fits(pose.rect):
                continue
            cost = 1.0 if name in order else 3.0
            score = cost + self._room(pose) + _RESERVED * self._blocks(pose.rect, parent_index)
            score += self._crowd(pose)
            if score < best_score:
                best, best_score = (pose, name), score
        if best is not None:
            return best[0], best[1], False
        poses = [_pose(parent, _DOUBLE_SPOTS[n], False) for n in names]
        pose, cramped = self._nudge(parent_index, parent, False, poses)
        return pose, names[poses.index(pose)] if pose in poses else "nudged", cramped

    def _least_overlap(self, poses: Sequence[_Pose]) -> _Pose:
        return min(poses, key=lambda p: self._grid.depth(p.rect, _STRICT))


def layout(placements: Iterable[PlacedLike], spokes: int = 4, toes: int = 3) -> list[TilePlacement]:
    """Lay out a table: one :class:`TilePlacement` per tile, in the order they were laid.

    ``placements`` is ``Round.table`` (or any records with ``.tile``, ``.onto``,
    ``.number`` and ``.slot``); ``spokes`` and ``toes`` are the rules' counts,
    which set the shapes of the centre and of each chicken foot.

    >>> from cfwidget import Placed
    >>> from cfwidget import Tile
    >>> t = Tile
    >>> table = [Placed(t(9, 9), None, 9, 0)] + [
    ...     Placed(t(9, k), t(9, 9), 9, k) for k in range(4)]
    >>> [(p.x, p.y, p.angle) for p in layout(table)]
    [(0.0, 0.0, 90.0), (0.0, -2.0, 270.0), (1.5, 0.0, 0.0), (0.0, 2.0, 90.0), (-1.5, 0.0, 180.0)]
    """
    yard = Farmyard(spokes, toes)
    for p in placements:
        yard.add(p)
    return list(yard.placements)


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
