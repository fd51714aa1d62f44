"""What every farmyard widget shares: the front end, the look of the tiles, the message.

:class:`GameWidget` (a game played) and :class:`ReviewWidget` (a game looked back on) are
drawn by the same ``widget.js`` and ``widget.css``; both keep their view and a calm message
in synced traits that only Python writes, and both let the browser change how tiles look
("pips", "numerals" or "colour"; large or not) with the same two intents.

>>> from cfwidget.widget import GameWidget, ReviewWidget
>>> issubclass(GameWidget, Farmyard), issubclass(ReviewWidget, Farmyard)
(True, True)
>>> {"display", "large"} <= set(GameWidget.intents) & set(ReviewWidget.intents)
True
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from typing import Any

import traitlets as t

from ..table import PALETTE
from ._guard import PythonOwned
from ._intents import handles

__all__ = ["DISPLAYS", "Farmyard"]

#: How tiles may be shown: spots, numbers, or numbers in colour.
DISPLAYS = ("pips", "numerals", "colour")
_STATIC = pathlib.Path(__file__).parent / "static"


class Farmyard(PythonOwned):
    """The front end and the look every farmyard widget shares (a base class)."""

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"

    #: Everything the view draws (a :class:`~cfwidget.widget.View`, plus a review's part).
    view = t.Dict().tag(sync=True)
    #: A calm sentence about the last request that was refused ("" when all is well).
    message = t.Unicode("").tag(sync=True)
    #: "pips", "numerals" or "colour".
    display = t.Enum(DISPLAYS, default_value="pips").tag(sync=True)
    #: Large tiles and buttons.
    large = t.Bool(False).tag(sync=True)
    #: Colours of the numbers 1, 2, 3, ... in "colour" mode.
    palette = t.List(t.Unicode(), default_value=list(PALETTE)).tag(sync=True)

    @handles("display", "value", stamp="none")
    def _on_display(self, content: Mapping[str, Any]) -> bool:
        value = "colour" if content.get("value") == "color" else content.get("value")
        if not isinstance(value, str) or value not in DISPLAYS:
            return self._refuse(f"Tiles can be shown as {', '.join(DISPLAYS)} only")
        self.display = value
        return False

    @handles("large", "value", stamp="none")
    def _on_large(self, content: Mapping[str, Any]) -> bool:
        if not isinstance(content.get("value"), bool):
            return self._refuse("Large tiles is either on or off")
        self.large = content["value"]
        return False
