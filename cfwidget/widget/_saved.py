"""What a saved notebook keeps of a widget: the table as a picture with its words.

JupyterLab shows no SVG (nor the live widget) in a notebook it does not trust, but it does
show sanitized HTML and PNG, so the table is kept as an ``<img>`` of its PNG with the
picture's text alternative (see :func:`~cfwidget.table.image_bundle`), and as PNG and SVG:
a lesson opened without running still shows its tables, and a screen reader says them.

>>> from cfwidget import Placed, Tile
>>> from cfwidget.table import layout, render_svg
>>> laid = layout([Placed(Tile(9, 9), None, 9, 0)])
>>> data, meta = saved_pictures(laid, lambda scale: render_svg(laid, scale=scale))
>>> sorted(data), meta["image/png"]["alt"] == data["text/plain"]
(['image/png', 'image/svg+xml', 'text/html', 'text/plain'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..table import TilePlacement, bounds, image_bundle, svg_alt, svg_to_png

__all__ = ["saved_pictures"]

_STATIC_SVG_PX = 640.0  # the longer side of the static picture, at most


def saved_pictures(
    laid: Sequence[TilePlacement], draw: Callable[[float], str]
) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The table drawn by ``draw(scale)``, at most 640 px on its longer side, with its words.

    Returns a notebook output's data and metadata: HTML (an ``<img>`` of the PNG with the
    picture's words as ``alt``), PNG, SVG, and the words as plain text.
    """
    minx, miny, maxx, maxy = bounds(laid)
    longest = max(maxx - minx, maxy - miny) + 2.0  # render_svg's margin: one tile width
    picture = draw(min(28.0, _STATIC_SVG_PX / longest))
    images = {"image/png": svg_to_png(picture), "image/svg+xml": picture.encode("utf-8")}
    return image_bundle(images, svg_alt(picture))
