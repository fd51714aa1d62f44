"""The farmyard layout: where each tile lies on the table, as on a real one.

:func:`layout` turns the table (tiles in the order they were laid, as
``Round.table`` gives them) into a :class:`TilePlacement` per tile: its centre,
the angle of its long axis and which number shows at which end.

Units: a tile is 2 long and 1 wide. Coordinates follow SVG: ``x`` grows to the
right, ``y`` grows *downwards*, and angles are degrees measured from the x axis
towards the y axis (so 90 points down the screen). The centre double lies at
``(0, 0)`` with its long axis vertical.

The picture is a real table's: the spokes leave the centre as a cross (4), a Y
(3) or three on each long side (6); lines run outwards; a chicken foot double
lies crosswise and its toes fan out on its far side, one straight ahead and two
at 45 degrees. The table is a board's shape (``aspect``, width over height: the
widget's 760 by 480 board unless told otherwise), and lines bend as players bend
them at a table's edge: a line that would stretch the table past that shape
turns 90 degrees (or 45) and runs on along the edge, so the whole table stays
compact and its tiles large on screen (on a board at least 1.75 times as wide as
tall the Y of three spokes lies on its side, two of its lines along the long
side; lines leaving a foot at 45 degrees soon turn square). A line also bends round other tiles,
keeps clear of the way ahead of other open ends, leaves room for a chicken
foot's toes, and stays where it can see out past the other lines rather than
wander into the middle of the table, where lines run out of room.

A tile never moves once laid: each tile's place depends only on the tiles laid
before it, so the layout of the first ``k`` tiles is the first ``k`` entries of
the layout of them all. In a tight corner a tile may be turned to another
multiple of 15 degrees, as a player nudges a tile (rather than into a dead end
where its line could not go on; and a line end walled in, or a chicken foot
with no room for its toes there, is touched from any side). Tiles never overlap: when no
place touching the tile it was played onto is free at all, the tile lies in the
nearest free place and is marked ``linked`` (a picture draws a line to its
parent); that is rare, and ``python -m tools.layout_check`` counts it.

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
from collections.abc import Iterable

from .._shared import check_whole, is_number, whole_in
from ..core import Tile, placed_role
from ._costs import _MISSING_TOE, _NUDGE, _RESERVED, _Costs
from ._geometry import rect, unit
from ._placement import PlacedLike, TilePlacement, bounds
from ._spots import (
    _DOUBLE_SPOTS,
    _FOOT_SPOTS,
    _LINE_SPOTS,
    _SPOKE_ORDER,
    _TOE_CHOICES,
    _TOE_FALLBACK,
    _TOE_ORDER,
    _WIDE,
    _WIDE_SPOKE_ORDER,
    _around,
    _nudged,
    _Pose,
    _pose,
)

__all__ = ["BOARD_ASPECT", "Farmyard", "PlacedLike", "TilePlacement", "bounds", "layout"]

#: The shape of the widget's board, width over height: 760 by 480 pixels.
BOARD_ASPECT = 760 / 480
_MIN_ASPECT, _MAX_ASPECT = 0.25, 4.0
# Of the many odd-angled places for a foot, only this many of the likeliest are weighed in full.
_WEIGHED = 24


class Farmyard(_Costs):
    """A layout that grows one tile at a time (what :func:`layout` runs on).

    ``spokes`` and ``toes`` are the rules' counts; ``aspect`` is the shape
    (width over height) the table should keep, the widget's board by default.

    >>> from cfwidget import Placed
    >>> yard = Farmyard(spokes=4, toes=3)
    >>> print(yard.add(Placed(Tile(9, 9), None, 9, 0)))
    9-9 centre at (0, 0) angle 90
    >>> print(yard.add(Placed(Tile(9, 4), Tile(9, 9), 9, 1)))
    9-4 spoke at (1.5, 0) angle 0
    >>> len(yard), yard.linked
    (2, 0)
    """

    def __init__(self, spokes: int = 4, toes: int = 3, aspect: float = BOARD_ASPECT) -> None:
        check_whole(spokes, "spokes", ValueError, low=1, high=8)
        if not whole_in(toes, 1, 3):
            raise ValueError(f"toes must be 1, 2 or 3, got {toes!r}")
        if not is_number(aspect) or not _MIN_ASPECT <= aspect <= _MAX_ASPECT:
            raise ValueError(
                "aspect is the table's width divided by its height, a number from"
                f" {_MIN_ASPECT:g} to {_MAX_ASPECT:g}; got {aspect!r}"
            )
        super().__init__(toes, float(aspect))
        self.spokes = spokes
        self.linked = 0  # tiles laid apart from their parent, for want of room
        self._index: dict[Tile, int] = {}
        self._used: dict[int, set[str]] = {}  # named places taken round each double
        self._top = 0  # the highest number on the table
        self._start: Tile | None = None

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
        role = placed_role(placed.tile, placed.onto, self._start)
        double = tile[0] == tile[1]
        if role in ("spoke", "toe"):
            pose, name, linked = self._round_double(parent_index, parent, placed.slot, role)
            self._used.setdefault(parent_index, set()).add(name)
        else:
            pose, linked = self._best(parent_index, parent, double)
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
            linked,
        )
        return self._commit(result)

    def _commit(self, p: TilePlacement) -> TilePlacement:
        index = len(self._placed)
        self._placed.append(p)
        self._index[p.tile] = index
        self._top = max(self._top, p.tile[0], p.tile[1])
        self._take(index, p, self._top)
        self.linked += p.linked
        return p

    # -- choosing a place ------------------------------------------------------------------

    def _best(self, parent_index: int, parent: TilePlacement, double: bool) -> tuple[_Pose, bool]:
        """The best place for a line tile or a chicken foot at a line's end (True: linked)."""
        found = self._best_of(parent_index, parent, double, False)
        if found is None and double:
            # Nowhere has room for every toe as it should be: let toes turn to odd angles.
            found = self._best_of(parent_index, parent, double, True)
        if found is None and double:
            found = self._foot_around(parent_index, parent)
        if found is None and double:
            found = self._foot_anyhow(parent_index, parent)
        if found is not None and not double and not self._way_on(found):
            # A dead end: the next tile on this line would have to lie apart. A tile
            # turned to an odd angle that leaves the line a way on is better.
            found = self._way_out(parent_index, parent) or found
        if found is not None:
            return found, False
        if double:
            # Nowhere against the line's end would the foot take all its toes: a foot
            # laid apart, with its toes, beats toes laid apart from it.
            return self._nearest_free(parent_index, parent, True), True
        return self._nudge(parent_index, parent, double)

    def _best_of(
        self, parent_index: int, parent: TilePlacement, double: bool, nudge: bool
    ) -> _Pose | None:
        """The best of the usual places (or, for a foot, nudged ones), if any is free."""
        spots = _FOOT_SPOTS if double else _LINE_SPOTS
        best: _Pose | None = None
        best_score = math.inf
        for spot in spots:
            pose = _pose(parent, spot, double)
            if not self._fits(pose.rect):
                continue
            blocks = self._blocks(pose.rect, parent_index)
            tight = self._tight(pose, parent_index)
            score = spot.cost + _RESERVED * blocks + tight + self._outward(pose)
            if not double:
                growth = self._stretch(pose)
                score += growth + self._crowd(pose)
            if score >= best_score:
                continue  # no better than the best so far, however much room it has
            if double:
                room, perfect, toes, complete = self._foot_room(pose, parent_index, nudge)
                if not complete:
                    continue  # a toe would find no room: not here
                growth = self._shape.growth(pose.rect, *toes)
                score += growth
            else:
                room = self._room(pose) + self._harm([pose.rect], parent_index)
                perfect = room == 0
            if spot.cost == 0 and perfect and blocks == 0 and tight == 0 and growth == 0:
                return pose
            score += room
            if score < best_score:
                best, best_score = pose, score
        if double and best_score >= _MISSING_TOE:
            # No usual place suits every toe: try the foot at other angles.
            line = parent.role not in ("centre", "foot")
            nudged = _nudged(parent.rect, parent.heading, line, True)
            return self._weigh_feet(nudged, _NUDGE, parent_index, nudge, best, best_score)
        return best

    def _weigh_feet(
        self,
        poses: Iterable[_Pose],
        cost: float,
        parent_index: int,
        nudge: bool,
        best: _Pose | None = None,
        best_score: float = math.inf,
    ) -> _Pose | None:
        """The best of ``poses`` for a chicken foot with room for all its toes, or ``best``
        (scored ``best_score``) if none beats it. Cheapest first, judged by what the foot
        alone costs (``cost`` plus what it blocks); at most :data:`_WEIGHED` are weighed in
        full."""
        placed = [
            (cost + _RESERVED * self._blocks(pose.rect, parent_index), k, pose)
            for k, pose in enumerate(poses)
            if self._fits(pose.rect)
        ]
        weighed = 0
        for least, _, pose in sorted(placed):
            if least >= best_score or weighed == _WEIGHED:
                break
            if not self._toes_fit(pose, nudge):
                continue
            weighed += 1
            room, _, toes, complete = self._foot_room(pose, parent_index, nudge)
            if complete:
                score = least + room + self._shape.growth(pose.rect, *toes)
                if score < best_score:
                    best, best_score = pose, score
        return best

    def _way_on(self, pose: _Pose) -> bool:
        """True if a line tile at ``pose`` leaves its line a way on (a place for the next)."""
        return self._depth(pose, [pose.rect], 1) > 0

    def _way_out(self, parent_index: int, parent: TilePlacement) -> _Pose | None:
        """The best place against the line's end, at any angle, that leaves a way on."""
        best: _Pose | None = None
        best_score = math.inf
        for pose in _nudged(parent.rect, parent.heading, True, False):
            if self._fits(pose.rect) and self._way_on(pose):
                score = self._blocks(pose.rect, parent_index) + self._outward(pose)
                score += self._room(pose) + self._stretch(pose)
                if score < best_score:
                    best, best_score = pose, score
        return best

    def _foot_around(self, parent_index: int, parent: TilePlacement) -> _Pose | None:
        """A chicken foot touching its line's end anyhow, with room for all its toes."""
        line = parent.role not in ("centre", "foot")
        return self._weigh_feet(
            _around(parent.rect, parent.heading, line, True), 0, parent_index, True
        )

    def _foot_anyhow(self, parent_index: int, parent: TilePlacement) -> _Pose | None:
        """A chicken foot touching its line's end at any angle (or, the end walled in, any
        side of it), if each of its toes would still find some place touching it (turned to
        any angle): better than a foot laid apart."""
        line = parent.role not in ("centre", "foot")
        places = _nudged(parent.rect, parent.heading, line, True)
        places += _around(parent.rect, parent.heading, False, True)
        scored = sorted(
            (_RESERVED * self._blocks(pose.rect, parent_index) + self._shape.growth(pose.rect), k)
            for k, pose in enumerate(places)
            if self._fits(pose.rect)
        )
        for _, k in scored:
            if self._toes_anyhow(places[k]):
                return places[k]
        return None

    def _nudge(self, parent_index: int, parent: TilePlacement, double: bool) -> tuple[_Pose, bool]:
        """No usual place is free: turn the tile to any angle that fits, or lay it nearby.

        The second value is True when the tile could not touch ``parent`` at all
        and lies in the nearest free place instead (a linked tile).
        """
        line = parent.role not in ("centre", "foot")
        # Against the parent's open end, then anywhere round that end, and last (a line's
        # end walled in) against any side of the parent: touching it beats lying apart.
        tries = ((_nudged, line), (_around, line), (_around, False))
        for places, open_end in tries if line else tries[:2]:
            best: _Pose | None = None
            best_score = math.inf
            for pose in places(parent.rect, parent.heading, open_end, double):
                if self._fits(pose.rect):
                    score = self._blocks(pose.rect, parent_index) + self._outward(pose)
                    if not double:
                        score += self._room(pose)
                    if score < best_score:
                        best, best_score = pose, score
            if best is not None:
                return best, False
        return self._nearest_free(parent_index, parent, double), True

    def _round_double(
        self, parent_index: int, parent: TilePlacement, slot: int, role: str
    ) -> tuple[_Pose, str, bool]:
        """A spoke round the centre, or a toe round a chicken foot (True: linked)."""
        used = self._used.get(parent_index, set())
        if role == "spoke":
            orders = _WIDE_SPOKE_ORDER if self.aspect >= _WIDE else _SPOKE_ORDER
            order = orders.get(self.spokes, orders[4] + orders[6])
            own: tuple[str, ...] = (order[slot],) if 0 <= slot < len(order) else ()
        else:
            order = _TOE_ORDER[self.toes]
            own = _TOE_CHOICES[order[slot]] if 0 <= slot < len(order) else ()
        own = tuple(name for name in own if name not in used)
        if role == "spoke":
            for name in own:
                pose = _pose(parent, _DOUBLE_SPOTS[name], False)
                if self._fits(pose.rect):
                    return pose, name, False
        else:  # as the foot foresaw: its first free place, one with a way on if it has one
            found = self._toe_place(parent, own, [])
            if found is not None:
                return found[1], own[found[0]], False
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
        pose, linked = self._nudge(parent_index, parent, False)
        return pose, "linked" if linked else "nudged", linked

    def _nearest_free(self, parent_index: int, parent: TilePlacement, double: bool) -> _Pose:
        """The free place nearest ``parent``, for a tile with no room against it.

        Rings of places round ``parent``, half a unit apart, are searched outwards;
        the tile lies square to the table, heading away from ``parent`` (a foot
        needs room for all its toes too). The first ring with a free place gives
        the one that blocks and grows the table least.
        """
        ring = 2
        while True:  # the table is finite, so some ring has a free place
            ring += 1
            radius = ring / 2
            steps = 8 * ring
            best: _Pose | None = None
            best_score = math.inf
            for k in range(steps):
                ux, uy = unit(360 * k / steps)
                x, y = parent.x + radius * ux, parent.y + radius * uy
                heading = round(math.degrees(math.atan2(uy, ux)) / 90) * 90 % 360
                angle = (heading + 90) % 360 if double else heading
                pose = _Pose(x, y, heading, angle, rect(x, y, angle))
                if not self._fits(pose.rect):
                    continue
                score = _RESERVED * self._blocks(pose.rect, parent_index)
                if double:
                    if not self._toes_fit(pose, False):
                        continue  # a foot laid apart must at least take all its toes
                    room, _, toes, _ = self._foot_room(pose, parent_index)
                    score += room + self._shape.growth(pose.rect, *toes)
                else:
                    score += self._shape.growth(pose.rect)
                if score < best_score:
                    best, best_score = pose, score
            if best is not None:
                return best


def layout(
    placements: Iterable[PlacedLike], spokes: int = 4, toes: int = 3, aspect: float = BOARD_ASPECT
) -> list[TilePlacement]:
    """Lay out a table: one :class:`TilePlacement` per tile, in the order they were laid.

    ``placements`` is ``Round.table`` (or any records with ``.tile``, ``.onto``,
    ``.number`` and ``.slot``); ``spokes`` and ``toes`` are the rules' counts,
    which set the shapes of the centre and of each chicken foot; ``aspect`` is
    the shape the table keeps to, width over height (the widget's board, 760 by
    480, unless told otherwise): lines bend to stay inside it.

    >>> from cfwidget import Placed
    >>> from cfwidget import Tile
    >>> t = Tile
    >>> table = [Placed(t(9, 9), None, 9, 0)] + [
    ...     Placed(t(9, k), t(9, 9), 9, k) for k in range(4)]
    >>> [(p.x, p.y, p.angle) for p in layout(table)]
    [(0.0, 0.0, 90.0), (0.0, -2.0, 270.0), (1.5, 0.0, 0.0), (0.0, 2.0, 90.0), (-1.5, 0.0, 180.0)]
    """
    yard = Farmyard(spokes, toes, aspect)
    for p in placements:
        yard.add(p)
    return list(yard.placements)
