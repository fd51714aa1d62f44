"""A picture of a whole set to tap tiles on: the score keeper's way to count a hand.

Python draws each tile (:func:`cfwidget.table.tile_svg`) and checks what the
browser sends back: only tiles of the set can be marked.

>>> picker = SetPicker(6)
>>> len(picker.tiles), picker.selected
(28, [])
>>> picker.selected = ["6-4", "0-0"]
>>> picker.picked()
[Tile(6, 4), Tile(0, 0)]
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets as t

from ..core import Tile, full_set, to_tile
from ..table import tile_svg
from ._farmyard import shipped

__all__ = ["SetPicker"]


class SetPicker(anywidget.AnyWidget):
    """Every tile of a double-``max_pip`` set, drawn with pips; tapping marks a tile."""

    _esm = shipped("setpicker.js")  # text, not paths: see shipped()
    _css = shipped("setpicker.css")

    tiles = t.List(t.Dict()).tag(sync=True)
    selected = t.List(t.Unicode()).tag(sync=True)
    caption = t.Unicode("").tag(sync=True)
    label = t.Unicode("Tiles left in the hand").tag(sync=True)

    def __init__(self, max_pip: int, *, mode: str = "pips", **kwargs: Any) -> None:
        tiles = sorted(full_set(max_pip), reverse=True)
        self._set = {str(x) for x in tiles}
        super().__init__(
            tiles=[{"tile": str(x), "svg": tile_svg(x, mode=mode, width=30)} for x in tiles],
            **kwargs,
        )

    @t.validate("selected")
    def _only_tiles_of_the_set(self, proposal: dict[str, Any]) -> list[str]:
        value = proposal["value"]
        if len(value) > len(self._set):
            return list(self.selected)
        out = []
        for item in value:
            try:
                text = str(to_tile(item))
            except ValueError:
                continue
            if text in self._set and text not in out:
                out.append(text)
        return out

    def picked(self) -> list[Tile]:
        """The marked tiles."""
        return [to_tile(x) for x in self.selected]

    def clear(self) -> None:
        """Unmark every tile."""
        self.selected = []

    def __repr__(self) -> str:
        return f"<SetPicker {len(self.tiles)} tiles, {len(self.selected)} marked>"
