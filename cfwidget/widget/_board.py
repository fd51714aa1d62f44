"""The farmyard of the round a widget shows, laid to the shape of the board it is shown on.

The browser tells the widget its board's size (a ``board`` intent); the next round is
laid out to that shape, so lines bend at the board's edge and tiles stay large on screen.
A round keeps the shape it started with: a tile never moves once laid.

>>> import cfwidget as cf
>>> rnd = cf.Round.deal(cf.Rules(), players=2, seed=1)
>>> laid = LaidTable()
>>> laid.aspect = board_aspect(820, 340)
>>> round(laid.aspect, 2), len(laid.of(rnd))
(2.41, 1)
>>> board_aspect(0, 340) is None
True
"""

from __future__ import annotations

from .._shared import is_number
from ..core import Round
from ..table import BOARD_ASPECT, Farmyard, TilePlacement

__all__ = ["ASPECT_RANGE", "LaidTable", "board_aspect"]

#: The board shapes (width over height) a table is laid to; a board outside is taken as the
#: nearest end: a very tall or very wide table would make a poor picture anywhere else.
ASPECT_RANGE = (1.0, 3.5)
_LARGEST_PX = 100_000


def board_aspect(width: object, height: object) -> float | None:
    """The board's shape from its size in pixels, within :data:`ASPECT_RANGE`.

    ``None`` when the size is not two positive numbers of pixels.
    """
    sizes = []
    for value in (width, height):
        if not is_number(value, finite=True) or not 0 < value <= _LARGEST_PX:
            return None
        sizes.append(float(value))
    low, high = ASPECT_RANGE
    return min(max(sizes[0] / sizes[1], low), high)


class LaidTable:
    """The farmyard of the round being shown, grown tile by tile as play goes on.

    A tile never moves once placed, so each refresh lays out only the new
    tiles; after an undo, or in a new round, it starts again where needed.
    :attr:`aspect` is the board's shape: a round takes it while no more than
    its centre double is laid, and keeps it to its end.
    """

    def __init__(self, aspect: float = BOARD_ASPECT) -> None:
        #: The shape the next round is laid to (width over height).
        self.aspect = aspect
        self._shape = aspect  # the shape of the round being laid
        self._round: Round | None = None
        self._farm: Farmyard | None = None
        self._laid: list[TilePlacement] = []

    def with_aspect(self, aspect: float) -> LaidTable:
        """A copy for one widget whose board takes another shape (when others share this
        one): the round being laid keeps its shape and its tiles where they lie; the next
        round takes ``aspect``."""
        other = LaidTable(aspect)
        other._shape, other._round, other._laid = self._shape, self._round, list(self._laid)
        return other  # its farmyard is worked out again from the laid tiles when it grows

    def of(self, rnd: Round) -> list[TilePlacement]:
        """Where each tile on ``rnd``'s table lies."""
        table = rnd.table
        laid = self._laid
        if self._round is not rnd or (len(laid) <= 1 and self._shape != self.aspect):
            self._round, self._farm, self._shape = rnd, None, self.aspect
            laid.clear()
        keep = 0
        for have, want in zip(laid, table, strict=False):
            if have.tile != want.tile:
                break
            keep += 1
        if keep < len(laid):
            del laid[keep:]
        if len(laid) < len(table):
            farm = self._farm
            if farm is None or len(farm) != len(laid):
                farm = Farmyard(rnd.rules.spokes, rnd.rules.toes, self._shape)
                for placed in table[: len(laid)]:
                    farm.add(placed)
                self._farm = farm
            for placed in table[len(laid) :]:
                laid.append(farm.add(placed))
        return list(laid)
