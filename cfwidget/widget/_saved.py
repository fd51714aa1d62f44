"""What a saved notebook keeps of a widget: the table as SVG, and as PNG for JupyterLab.

JupyterLab shows no SVG (nor the live widget) in a notebook it does not trust, but it does
show PNG, so a lesson opened without running still shows its tables.

>>> from cfwidget import Placed, Tile
>>> from cfwidget.table import layout, render_svg
>>> laid = layout([Placed(Tile(9, 9), None, 9, 0)])
>>> sorted(saved_pictures(laid, lambda scale: render_svg(laid, scale=scale)))
['image/png', 'image/svg+xml']
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence

from ..table import TilePlacement, bounds, svg_to_png

__all__ = ["saved_pictures"]

_STATIC_SVG_PX = 640.0  # the longer side of the static picture, at most


def saved_pictures(laid: Sequence[TilePlacement], draw: Callable[[float], str]) -> dict[str, str]:
    """The table drawn by ``draw(scale)`` as SVG and PNG, at most 640 px on its longer side."""
    minx, miny, maxx, maxy = bounds(laid)
    longest = max(maxx - minx, maxy - miny) + 2.0  # render_svg's margin: one tile width
    picture = draw(min(28.0, _STATIC_SVG_PX / longest))
    png = base64.b64encode(svg_to_png(picture)).decode("ascii")
    return {"image/svg+xml": picture, "image/png": png}
