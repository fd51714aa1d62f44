"""Pictures of a table: where every tile lies, and the SVG drawing. No rules live here.

>>> import cfwidget as cf
>>> from cfwidget.table import layout
>>> rnd = cf.Round.deal(cf.Rules(), players=2, seed=3)
>>> rnd.play(rnd.legal_moves()[0])
>>> [(str(p.tile), p.angle) for p in layout(rnd.table, spokes=4, toes=3)][:1]
[('9-9', 90.0)]
"""

from __future__ import annotations

from ._badges import BADGE_GAP, BADGE_RADIUS, badge_spot, badge_spots, circle_gap
from ._chart import Chart
from ._drawing import (
    COLOURS,
    MODES,
    PALETTE,
    Marks,
    contrast,
    marks,
    pip_positions,
    render_svg,
    svg,
    tile_svg,
)
from ._errors import PictureError
from ._geometry import (
    HALF_LONG,
    HALF_WIDE,
    Rect,
    SpatialGrid,
    corners,
    distance,
    overlap_depth,
    overlaps,
    rect,
    touches,
)
from ._layout import BOARD_ASPECT, Farmyard, layout
from ._placement import PlacedLike, TilePlacement, bounds
from ._raster import image_bundle, svg_alt, svg_to_png

__all__ = [
    "BADGE_GAP",
    "BADGE_RADIUS",
    "BOARD_ASPECT",
    "COLOURS",
    "HALF_LONG",
    "HALF_WIDE",
    "MODES",
    "PALETTE",
    "Chart",
    "Farmyard",
    "Marks",
    "PictureError",
    "PlacedLike",
    "Rect",
    "SpatialGrid",
    "TilePlacement",
    "badge_spot",
    "badge_spots",
    "bounds",
    "circle_gap",
    "contrast",
    "corners",
    "distance",
    "image_bundle",
    "layout",
    "marks",
    "overlap_depth",
    "overlaps",
    "pip_positions",
    "rect",
    "render_svg",
    "svg",
    "svg_alt",
    "svg_to_png",
    "tile_svg",
    "touches",
]
