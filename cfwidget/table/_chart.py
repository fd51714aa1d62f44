"""A chart with its words: one picture that carries its text alternative in a notebook.

The therapist's progress charts and the teacher's class chart are matplotlib figures; each
is handed out as a :class:`Chart`, the figure with the sentences that say what it shows.
JupyterLab and Voila give the images they draw from ``image/png`` no alt text, so a chart
shows as HTML first (an ``<img>`` with its ``alt``, see :func:`image_bundle`), even in a
notebook not yet trusted.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._raster import image_bundle

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["DPI", "Chart"]

#: Dots per inch of the PNG a notebook stores (a 7-inch chart is 560 pixels wide).
DPI = 80


@dataclass(frozen=True)
class Chart:
    """A chart and its text alternative: shown as an image with ``alt`` in a notebook.

    >>> from matplotlib.figure import Figure
    >>> chart = Chart(Figure(figsize=(2, 1)), alt="An empty chart.")
    >>> data, meta = chart._repr_mimebundle_()
    >>> sorted(data), meta["image/png"]
    (['image/png', 'text/html', 'text/plain'], {'alt': 'An empty chart.'})
    >>> 'alt="An empty chart."' in data["text/html"]
    True
    """

    figure: Figure
    alt: str

    def png(self) -> bytes:
        """The chart as PNG bytes, at :data:`DPI` dots per inch."""
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", dpi=DPI)
        return buffer.getvalue()

    def _repr_png_(self) -> bytes:
        return self.png()

    def _repr_mimebundle_(
        self, include: Iterable[str] | None = None, exclude: Iterable[str] | None = None
    ) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
        """The image as HTML with its ``alt`` (shown first), as PNG, and the words as text."""
        return image_bundle({"image/png": self.png()}, self.alt, include, exclude)

    def __repr__(self) -> str:
        return f"<Chart: {self.alt.partition('. ')[0]}>"
