"""What a place on the table costs: the layout's judgement of room, crowding and shape.

:class:`_Costs` holds the tiles laid so far (in a spatial grid, a coarse room map and the
table's shape) and scores a candidate place for the next tile: how many tiles could follow it
in a line, whether a chicken foot would fit on its end, whether it can see out past the other
lines, what it does to other open ends, how it stretches the table against the board's shape.
Smaller is better; :class:`~._layout.Farmyard` keeps the cheapest free place.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ._geometry import HALF_LONG, HALF_WIDE, TOLERANCE, Rect, SpatialGrid, overlap_depth, unit
from ._placement import TilePlacement
from ._room import RoomMap
from ._shape import Shape
from ._spots import (
    _DOUBLE_SPOTS,
    _FOOT_SPOTS,
    _LINE_SPOTS,
    _STRAIGHT,
    _TOE_CHOICES,
    _TOE_FALLBACK,
    _TOE_ORDER,
    _around,
    _Headed,
    _nudged,
    _Pose,
    _pose,
)

# The layout treats anything deeper than this as overlap: stricter than the
# geometry tolerance, so a layout passes any check made with TOLERANCE.
_STRICT = TOLERANCE / 10
_FAR = 4 * (HALF_LONG**2 + HALF_WIDE**2)  # squared distance beyond which tiles cannot meet

# -- scoring weights (smaller is better) ---------------------------------------------------
# Room ahead: how many more tiles could follow a line end in a row (straight or bent).
_LOOKAHEAD = 3
_ROOM_PENALTY = (8.0, 3.0, 1.0, 0.0)  # by how many could follow: 0, 1, 2, 3
_AHEAD = _LINE_SPOTS[:5]  # the ways a line goes on: straight, or bent 45 or 90 degrees
_BLOCKED_AHEAD = 0.5  # the straight way is blocked (the line must bend)
# Any line end may take a chicken foot, which must then take all its toes.
_READY_SPOTS = 5  # the places tried for the foot
_NOT_READY = 10.0  # a line end where no foot would have room for its toes
_CROWDED_FEET = 5.0  # a toe whose foot would not fit beside its sibling toes' feet
_KILL = 12.0  # leaving another line end no way on at all
# Seeing out: rays ahead and to the sides that hit other tiles before the table's edge.
_WALLED_IN = 8.0  # every ray blocked
_RAYS = (0, 45, -45, 90, -90)
# Stretching the table: the growth of the board-shaped box if the line ran on this far.
_STRETCH_AHEAD, _STRETCH = 4.0, 0.75
_DIAGONAL = 2.5  # a line running at 45 degrees (it fills the table's box badly, reads badly)
_RESERVED = 2.5  # standing in the way ahead of another open end
_MISSING_TOE = 20.0  # a toe that would have to be turned to an odd angle
_OUTWARD = 0.5  # heading back towards the centre
_CROWD, _CROWD_AHEAD, _CROWD_RADIUS = 0.25, 4.0, 4.0  # heading into many tiles
_GAP, _TIGHT = 2.0, 2.5  # passing closer than _GAP to other tiles (kin excepted), each
_NUDGE = 25.0  # a chicken foot turned to an odd angle (its toes turn with it)
# Each open end keeps clear the next tile's place (weight 1) and its would-be toes'.
_KEEP = 4
_KEEP_WEIGHT = (1.0, 0.4, 0.4, 0.4)


class _Costs:
    """The tiles laid so far, and what a place for the next one would cost."""

    def __init__(self, toes: int, aspect: float) -> None:
        self.toes = toes
        self.aspect = aspect
        self._placed: list[TilePlacement] = []
        self._grid = SpatialGrid()
        self._map = RoomMap()  # the same tiles, coarsely: for looking out from a line end
        self._shape = Shape(aspect)
        self._reserved = SpatialGrid()  # the way ahead of each open line end
        self._ready: dict[int, float] = {}  # open ends' foot room, until the next tile

    def _take(self, index: int, p: TilePlacement, top: int) -> None:
        """Take in the tile just laid (``top``: the highest number on the table)."""
        self._grid.add(index, p.rect)
        self._map.add(p.rect)
        self._shape.add(p.rect, top)
        self._ready.clear()
        if p.onto is not None:  # the parent's way ahead is taken now
            for j in range(_KEEP):
                self._reserved.remove(p.onto * _KEEP + j)
        if p.role in ("spoke", "toe", "line"):
            # Keep the way ahead clear: the next tile, and room for a chicken foot's toes.
            self._reserved.add(index * _KEEP, _pose(p, _STRAIGHT, False).rect)
            foot = _pose(p, _FOOT_SPOTS[0], True)
            for j, name in enumerate(_TOE_ORDER[3], start=1):
                self._reserved.add(index * _KEEP + j, _pose(foot, _DOUBLE_SPOTS[name], False).rect)

    def _fits(self, r: Rect) -> bool:
        return self._grid.fits(r, _STRICT)

    def _clear(self, r: Rect, taken: Iterable[Rect]) -> bool:
        """True if ``r`` fits on the table and overlaps none of ``taken`` either."""
        for t in taken:
            dx, dy = t.x - r.x, t.y - r.y
            # Tiles further apart than their circumcircles cannot meet.
            if dx * dx + dy * dy < _FAR and overlap_depth(r, t) > _STRICT:
                return False
        return self._fits(r)

    def _blocks(self, r: Rect, parent_index: int) -> float:
        """A penalty for standing in the way of other open ends."""
        reserved = self._reserved
        return sum(
            _KEEP_WEIGHT[k % _KEEP]
            for k in reserved.near(r)
            if k // _KEEP != parent_index and overlap_depth(r, reserved[k]) > _STRICT
        )

    def _room(self, pose: _Pose, *also: Rect, ready: bool = True) -> float:
        """A penalty for how little room a line has to go on from ``pose``.

        What counts: how many more tiles (up to ``_LOOKAHEAD``) could follow in a
        row, straight or bent, clear of ``pose`` and ``also``; whether a chicken
        foot would fit on the end (unless ``ready`` is False: the caller sees to
        that); whether the end can see out past the other tiles; and, a little,
        whether the straight way is blocked.
        """
        taken = [pose.rect, *also]
        depth = self._depth(pose, taken, _LOOKAHEAD)
        penalty = _ROOM_PENALTY[depth] + self._walled_in(pose)
        if ready:
            penalty += self._foot_ready(pose, taken)
        if depth and not self._fits(_pose(pose, _STRAIGHT, False).rect):
            penalty += _BLOCKED_AHEAD
        return penalty

    def _walled_in(self, pose: _Pose) -> float:
        """A penalty for a line end that sees other tiles, not open table, ahead and aside."""
        dx, dy = unit(pose.heading)
        reach = (HALF_WIDE if pose.angle != pose.heading else HALF_LONG) + 0.1
        rays = [unit(pose.heading + turn) for turn in _RAYS]
        blocked = self._map.blocked_rays(
            pose.x + reach * dx, pose.y + reach * dy, rays, self._shape.box
        )
        return _WALLED_IN * blocked / len(rays)

    def _foot_ready(self, pose: _Pose | TilePlacement, taken: list[Rect]) -> float:
        """A penalty for a line end at ``pose`` where a chicken foot would find no room.

        A double may be played on any line end, and must then take all its toes.
        """
        found = self._foot_fit(pose, taken)
        if found is None:
            return _NOT_READY
        return _NOT_READY * found[0] / (2 * _READY_SPOTS)

    def _foot_fit(
        self, pose: _Pose | TilePlacement, taken: Sequence[Rect]
    ) -> tuple[int, list[Rect]] | None:
        """The first usual place for a chicken foot on the end at ``pose`` with room for its
        toes (clear of ``taken``): which place, and the outlines of the foot and its toes."""
        for k, spot in enumerate(_FOOT_SPOTS[:_READY_SPOTS]):
            foot = _pose(pose, spot, True)
            if not self._clear(foot.rect, taken):
                continue
            toes = [foot.rect, *taken]
            for name in _TOE_ORDER[self.toes]:
                place = self._toe_place(foot, _TOE_CHOICES[name], toes)
                if place is None:
                    break
                toes.append(place[1].rect)
            else:
                return k, [foot.rect, *toes[len(taken) + 1 :]]
        return None

    def _depth(self, pose: _Pose, taken: list[Rect], limit: int) -> int:
        """How many tiles (up to ``limit``) could follow ``pose`` in a line, clear of ``taken``."""
        best = 0
        for spot in _AHEAD:
            nxt = _pose(pose, spot, False)
            if not self._clear(nxt.rect, taken):
                continue
            if limit == 1:
                return 1
            taken.append(nxt.rect)
            depth = 1 + self._depth(nxt, taken, limit - 1)
            taken.pop()
            if depth == limit:
                return depth
            best = max(best, depth)
        return best

    def _harm(self, rects: Sequence[Rect], parent_index: int) -> float:
        """A penalty for what ``rects`` would do to other open ends nearby.

        An end left with no way on at all costs ``_KILL``; one that could no
        longer take a chicken foot costs what :meth:`_foot_ready` says.
        """
        reserved = self._reserved
        ends = {k // _KEEP for r in rects for k in reserved.near(r, 1.0)}
        ends.discard(parent_index)
        harm = 0.0
        taken = list(rects)
        for e in sorted(ends):
            end = self._placed[e]
            if not any(self._clear(_pose(end, spot, False).rect, taken) for spot in _AHEAD):
                harm += _KILL
                continue
            after = self._foot_ready(end, taken)
            if after:
                before = self._ready.get(e)
                if before is None:
                    before = self._ready[e] = self._foot_ready(end, [])
                harm += max(0.0, after - before)
        return harm

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

    def _stretch(self, pose: _Pose) -> float:
        """A penalty for how a line tile at ``pose`` would stretch the table past its shape.

        Counted for the tile, and (less) for the line running on straight a
        little further: a line heading for the table's edge turns before it.
        """
        dx, dy = unit(pose.heading)
        r = pose.rect
        ahead = Rect(r.x + _STRETCH_AHEAD * dx, r.y + _STRETCH_AHEAD * dy, r.ux, r.uy)
        growth = self._shape.growth(r) + _STRETCH * self._shape.growth(r, ahead)
        return growth + (_DIAGONAL if pose.heading % 90 else 0.0)

    def _foot_room(
        self, pose: _Pose, parent_index: int, nudge: bool = False
    ) -> tuple[float, bool, list[Rect], bool]:
        """How a chicken foot at ``pose`` would take its toes.

        Returns a penalty for how badly, whether the foot and its toes are as
        they should be (``perfect``), the toes' outlines, and whether every toe
        would find a place against the foot at all (``complete``; if not, the
        rest is not weighed). With ``nudge``, a toe may go anywhere round the
        foot, turned to an odd angle if need be.
        """
        penalty, perfect = 0.0, True
        places: list[tuple[int, _Pose]] = []
        toes: list[Rect] = []
        for name in _TOE_ORDER[self.toes]:
            found = self._toe_place(pose, _TOE_CHOICES[name], toes)
            if found is None:
                perfect = False
                nudged = self._toe_nudged(pose, toes) if nudge else None
                if nudged is None:
                    return math.inf, False, toes, False  # no place for this toe at all
                penalty += _MISSING_TOE
                found = (0, nudged)
            places.append(found)
            toes.append(found[1].rect)
        taken = [pose.rect, *toes]
        penalty += self._harm(taken, parent_index)
        later = list(taken)
        for choice, toe in places:
            room = self._room(toe, *taken, ready=False)
            room += _RESERVED * self._blocks(toe.rect, parent_index) + self._crowd(toe)
            # Each toe may take a chicken foot of its own: is there room for them all at once?
            fit = self._foot_fit(toe, later)
            if fit is not None:
                later += fit[1]
                room += _NOT_READY * fit[0] / (2 * _READY_SPOTS)
            else:
                room += _CROWDED_FEET + self._foot_ready(toe, taken)
            perfect = perfect and choice == 0 and room == 0
            penalty += room + choice / 2
        return penalty, perfect, toes, True

    def _toes_fit(self, foot: _Pose, nudge: bool) -> bool:
        """True if every toe would find a place round ``foot`` (turned, with ``nudge``)."""
        toes: list[Rect] = []
        for name in _TOE_ORDER[self.toes]:
            found = self._toe_place(foot, _TOE_CHOICES[name], toes)
            place = found[1] if found else self._toe_nudged(foot, toes) if nudge else None
            if place is None:
                return False
            toes.append(place.rect)
        return True

    def _toe_nudged(self, foot: _Pose, toes: Sequence[Rect]) -> _Pose | None:
        """A free place for a toe anywhere round ``foot``, turned to an odd angle if need be
        (clear of ``toes``): as the toe itself will look for one when no usual place is free."""
        for name in _TOE_FALLBACK:
            toe = _pose(foot, _DOUBLE_SPOTS[name], False)
            if self._clear(toe.rect, [foot.rect, *toes]):
                return toe
        for toe in _nudged(foot.rect, foot.heading, False, False):
            if self._clear(toe.rect, [foot.rect, *toes]):
                return toe
        return None

    def _toes_anyhow(self, foot: _Pose) -> bool:
        """True if every toe would find some place touching ``foot``, at any angle, as a toe
        does when nothing better is free (the last resort before a foot is laid apart)."""
        toes: list[Rect] = [foot.rect]
        for _ in _TOE_ORDER[self.toes]:
            place = self._toe_nudged(foot, toes[1:])
            if place is None:
                place = next(
                    (
                        t
                        for t in _around(foot.rect, foot.heading, False, False)
                        if self._clear(t.rect, toes)
                    ),
                    None,
                )
            if place is None:
                return False
            toes.append(place.rect)
        return True

    def _toe_place(
        self, foot: _Headed, names: Sequence[str], toes: Sequence[Rect]
    ) -> tuple[int, _Pose] | None:
        """The first of ``names`` round ``foot`` that is free (and clear of ``toes``) with a
        way on for its line, else the first that is free at all: a toe laid into a dead end
        would leave the next tile on its line nowhere to go but apart."""
        first: tuple[int, _Pose] | None = None
        for choice, name in enumerate(names):
            toe = _pose(foot, _DOUBLE_SPOTS[name], False)
            if self._clear(toe.rect, toes):
                if self._depth(toe, [*toes, toe.rect], 1):
                    return choice, toe
                if first is None:
                    first = (choice, toe)
        return first
