"""The table as it was laid: :class:`Placed` tiles, and the :class:`TableLog` that builds them.

``Round.play()`` keeps only what the next move needs (free places per table
tile, open ends per number); how each tile got where it is - onto which tile,
at which number, in which free place - is worked out later, from the moves,
when someone asks (``Round.table``, ``Round.open_ends()``). The
:class:`TableLog` is that later: a round owns one, and copies it with itself.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(), players=2, seed=3)
>>> rnd.play(rnd.legal_moves()[0])
>>> [(str(p.tile), str(p.onto), p.number, p.slot) for p in rnd.table]
[('9-9', 'None', 9, 0), ('9-0', '9-9', 9, 0)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ._errors import TileError
from ._moves import Move
from ._tiles import Tile
from ._tileset import SharedPlay, TileSet

if TYPE_CHECKING:
    from ._rules import Rules

__all__ = ["Placed", "TableLog", "fitting_numbers", "placed_role", "role"]


class Placed(NamedTuple):
    """A tile on the table and how it got there.

    ``onto`` is the table tile it was played onto (``None`` for the centre
    double), ``number`` the pip number where the two touch, and ``slot`` which
    free place of ``onto`` it took (spokes and toes count 0, 1, 2, ...).

    >>> Placed(Tile(9, 4), Tile(9, 9), 9, 0).open_number
    4
    """

    tile: Tile
    onto: Tile | None
    number: int
    slot: int

    @property
    def open_number(self) -> int:
        """The number at the far end, where the next tile goes."""
        return self.tile.other(self.number) if self.onto is not None else self.number


_new_placed = tuple.__new__  # a Placed without the checks of its __new__ (fields known good)


class TableLog:
    """The table as :class:`Placed` records, brought up to date with a round's moves on demand.

    ``placed`` is the table in the order it was laid, ``seen`` how many moves
    it covers, ``kids`` how many tiles lie on each table tile (by rank) and
    ``opened`` each table tile's open number (by rank; -1 if not laid).

    >>> from cfwidget.core._tileset import tile_set
    >>> ts = tile_set(3)
    >>> log = TableLog(ts, ts.rank[Tile(3, 3)])
    >>> log.catch_up([ts.plays[ts.rank[Tile(3, 1)]][ts.rank[Tile(3, 3)]]])[-1]
    Placed(tile=Tile(3, 1), onto=Tile(3, 3), number=3, slot=0)
    >>> log.open_ends([0] * 10)  # no free places anywhere
    []
    """

    __slots__ = ("kids", "opened", "placed", "seen", "ts")

    def __init__(self, ts: TileSet, centre: int) -> None:
        tile = ts.tiles[centre]
        self.ts = ts
        self.placed = [_new_placed(Placed, (tile, None, tile[0], 0))]
        self.seen = 0
        self.kids: dict[int, int] = {}
        self.opened = [-1] * len(ts.tiles)
        self.opened[centre] = tile[0]

    def copy(self) -> TableLog:
        """An independent copy (a round's :meth:`~cfwidget.Round.copy` takes one)."""
        other = TableLog.__new__(TableLog)
        other.ts, other.seen = self.ts, self.seen
        other.placed, other.kids, other.opened = list(self.placed), dict(self.kids), [*self.opened]
        return other

    def catch_up(self, moves: Sequence[Move]) -> list[Placed]:
        """Bring the table up to date with ``moves`` (a round's history) and return it.

        Only the moves not yet seen are read; the list returned is the log's own.
        """
        if self.seen < len(moves):
            placed, opened, kids = self.placed, self.opened, self.kids
            for m in moves[self.seen :]:
                if type(m) is SharedPlay:  # a play (draw and pass are plain moves)
                    step = m.step
                    slot = kids.get(step.onto, 0)
                    kids[step.onto] = slot + 1
                    placed.append(_new_placed(Placed, (m[1], m[2], step.number, slot)))
                    opened[step.rank] = step.far
            self.seen = len(moves)
        return self.placed

    def open_ends(self, free: Sequence[int]) -> list[tuple[Tile, int, int]]:
        """Each laid tile with free places, as ``(tile, open number, free places)``.

        ``free`` is the round's free places by rank; call :meth:`catch_up` first.
        """
        rank, opened = self.ts.rank, self.opened
        ends = []
        for p in self.placed:
            r = rank[p.tile]
            if free[r]:
                ends.append((p.tile, opened[r], free[r]))
        return ends


def placed_role(tile: Tile, onto: Tile | None, centre: Tile | None) -> str:
    """How ``tile``, laid onto ``onto``, sits when ``centre`` is the centre double: centre,
    spoke, foot, toe or line. The one place that names a tile's role (:func:`role`, the
    table layer's layout).

    >>> placed_role(Tile(5, 5), Tile(9, 5), Tile(9, 9))
    'foot'
    """
    if onto is None:
        return "centre"
    if onto == centre:
        return "spoke"
    if tile[0] == tile[1]:
        return "foot"
    return "toe" if onto[0] == onto[1] else "line"


def role(table: Sequence[Placed], tile: Tile) -> str:
    """How ``tile`` sits on ``table``: centre, spoke, foot, toe or line (a TileError if not laid).

    >>> centre = Placed(Tile(9, 9), None, 9, 0)
    >>> role([centre, Placed(Tile(9, 4), Tile(9, 9), 9, 0)], Tile(9, 4))
    'spoke'
    """
    for p in table:
        if p.tile == tile:
            return placed_role(p.tile, p.onto, table[0].tile)
    raise TileError(f"{tile} is not on the table")


def fitting_numbers(table: Sequence[Placed], rules: Rules) -> frozenset[int]:
    """The numbers a tile must show to be played on ``table`` now, from the table alone.

    The centre double takes ``spokes`` tiles before anything else; a double laid off the
    centre is a chicken foot that takes ``toes`` tiles before anything else; otherwise every
    open end offers its number. ``table`` may be any first part of a round's table, so the
    same words answer "what fitted when that seat drew?". ``Round.fitting_numbers()`` and
    ``Observation.fitting_numbers()`` are this function of their table.

    >>> from cfwidget import Rules
    >>> centre = Placed(Tile(9, 9), None, 9, 0)
    >>> sorted(fitting_numbers([centre, Placed(Tile(9, 4), Tile(9, 9), 9, 0)], Rules()))
    [9]
    >>> spokes = [Placed(Tile(9, n), Tile(9, 9), 9, n) for n in (4, 3, 2)]
    >>> sorted(fitting_numbers([centre, *spokes], Rules(spokes=3)))
    [2, 3, 4]
    """
    centre = table[0]
    kids = Counter(p.onto for p in table)
    if kids[centre.tile] < rules.spokes:
        return frozenset((centre.number,))
    if len(table) > 1:
        last_double = next((p for p in reversed(table) if p.tile[0] == p.tile[1]), centre)
        if last_double is not centre and kids[last_double.tile] < rules.toes:
            return frozenset((last_double.tile[0],))
    numbers = set()
    for p in table:
        if p is centre:
            continue  # full: checked above
        room = rules.toes if p.tile[0] == p.tile[1] else 1
        if kids[p.tile] < room:
            numbers.add(p.open_number)
    return frozenset(numbers)
