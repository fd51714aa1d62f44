"""The project's SVG pictures as PNG images, for notebooks opened without a kernel.

JupyterLab does not show SVG (or HTML) stored in an untrusted notebook, but it
shows PNG. :func:`svg_to_png` draws a picture made by :func:`render_svg`,
:func:`svg` or :func:`tile_svg` again with matplotlib (already a dependency,
no system library needed), from the SVG text itself, so the PNG always shows
the same picture. It reads only the few SVG elements those functions write:
``rect``, ``line``, ``circle`` and ``text``, in groups moved by ``translate``
and ``rotate``. :func:`svg_alt` gives the picture's words (its ``<title>`` and
``<desc>``) for alt text.

>>> from cfwidget import Placed, Tile
>>> from cfwidget.table import render_svg
>>> pic = render_svg([Placed(Tile(9, 9), None, 9, 0)], title="Round 1", scale=20)
>>> png = svg_to_png(pic)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
>>> svg_alt(pic)
'Round 1. Centre double 9-9; 0 tiles played.'
"""

from __future__ import annotations

import base64
import html
import io
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .._shared import is_number, shown
from ._errors import PictureError

__all__ = ["image_bundle", "svg_alt", "svg_to_png"]

_NS = "{http://www.w3.org/2000/svg}"
#: Attributes a child takes from its group unless it sets them itself.
_INHERITED = ("fill", "stroke", "stroke-width", "font-size", "font-weight", "text-anchor")
_MAX_SIDE = 1600.0  # pixels: a picture is never drawn larger than this
_MIN_SIDE = 16.0  # pixels: nor smaller than this
_COLOURS = 128  # the PNG keeps this many colours: enough for every pip colour


def _parse(text: str) -> ET.Element:
    if not isinstance(text, str) or not text.lstrip().startswith("<svg"):
        raise PictureError(f"svg_to_png draws SVG text, like cf.svg(rnd); got {shown(text)}")
    try:
        return ET.fromstring(text)
    except ET.ParseError as exc:
        raise PictureError(f"the picture is not well-formed SVG ({exc})") from None


def svg_alt(text: str) -> str:
    """The words of a picture, as sentences: its ``<title>``, then its ``<desc>`` if it has one.

    >>> svg_alt('<svg xmlns="http://www.w3.org/2000/svg"><title>A table</title></svg>')
    'A table.'
    """
    root = _parse(text)
    words = []
    for tag in ("title", "desc"):
        node = root.find(_NS + tag)
        if node is not None and node.text and node.text.strip():
            words.append(node.text.strip().rstrip("."))
    if not words:
        return root.get("aria-label", "A picture of a Chicken Foot table")
    return ". ".join(words) + "."


def _numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", text)]


def _transform(text: str | None) -> Any:
    """An affine transform from an SVG ``transform`` attribute (translate, rotate, scale)."""
    from matplotlib.transforms import Affine2D

    t = Affine2D()
    if not text:
        return t
    steps = re.findall(r"(translate|rotate|scale)\s*\(([^)]*)\)", text)
    # SVG applies the rightmost step first, so build the transform from right to left.
    for name, args in reversed(steps):
        v = _numbers(args)
        if name == "translate" and v:
            t.translate(v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale" and v:
            t.scale(v[0], v[1] if len(v) > 1 else v[0])
        elif name == "rotate" and v:
            cx, cy = (v[1], v[2]) if len(v) >= 3 else (0.0, 0.0)
            t.rotate_deg_around(cx, cy, v[0])
    return t


def _walk(
    node: ET.Element, parent: Any, style: Mapping[str, str]
) -> Iterator[tuple[ET.Element, Any, dict[str, str]]]:
    """Every drawn element with its whole transform and the style it inherits."""
    here = _transform(node.get("transform")) + parent
    own = dict(style)
    own.update({k: node.attrib[k] for k in _INHERITED if k in node.attrib})
    for child in node:
        tag = child.tag.removeprefix(_NS)
        if tag == "g":
            yield from _walk(child, here, own)
        elif tag in ("rect", "line", "circle", "text"):
            cstyle = dict(own)
            cstyle.update(child.attrib)
            yield child, _transform(child.get("transform")) + here, cstyle


def _f(style: Mapping[str, str], key: str, default: float = 0.0) -> float:
    v = _numbers(style.get(key, ""))
    return v[0] if v else default


def _paint(value: str | None) -> str | None:
    return None if value in (None, "none") else value


def svg_to_png(text: str, *, max_side: float = _MAX_SIDE) -> bytes:
    """The SVG picture ``text`` as PNG bytes, at the SVG's own width and height in pixels.

    A picture wider or taller than ``max_side`` pixels is drawn smaller to fit.
    The PNG keeps a small palette of colours, so a table is a few tens of KB.

    >>> from cfwidget.table import tile_svg
    >>> len(svg_to_png(tile_svg("6-4", width=40))) > 200
    True
    """
    if not is_number(max_side) or max_side <= 0:
        raise PictureError(f"max_side must be a positive number of pixels, got {max_side!r}")
    root = _parse(text)
    box = _numbers(root.get("viewBox", ""))
    if len(box) != 4 or box[2] <= 0 or box[3] <= 0:
        raise PictureError("the picture has no viewBox to say what it shows")
    x0, y0, vw, vh = box
    width, height = _f(root.attrib, "width", vw), _f(root.attrib, "height", vh)
    shrink = min(1.0, max_side / max(width, height))
    width, height = max(_MIN_SIDE, width * shrink), max(_MIN_SIDE, height * shrink)

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, FancyBboxPatch
    from matplotlib.transforms import Affine2D

    # At 72 dots per inch a point is a pixel, so sizes in pixels need no conversion.
    fig = Figure(figsize=(width / 72, height / 72), dpi=72)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_axis_off()
    ax.set_xlim(x0, x0 + vw)
    ax.set_ylim(y0 + vh, y0)  # SVG's y axis points down
    px = width / vw  # pixels per SVG unit
    for el, tr, style in _walk(root, Affine2D(), {"fill": "#000000"}):
        tag = el.tag.removeprefix(_NS)
        matrix = tr.get_matrix()
        a, b = float(matrix[0, 0]), float(matrix[1, 0])  # where this element's x axis points
        grow = math.hypot(a, b) * px  # pixels per unit of this element
        where = tr + ax.transData
        fill, stroke = _paint(style.get("fill")), _paint(style.get("stroke"))
        lw = _f(style, "stroke-width", 1.0) * grow if stroke else 0.0
        if tag == "rect":
            w, h = _f(style, "width"), _f(style, "height")
            dashes = _numbers(style.get("stroke-dasharray", ""))
            ax.add_patch(
                FancyBboxPatch(
                    (_f(style, "x"), _f(style, "y")),
                    w,
                    h,
                    boxstyle=f"round,pad=0,rounding_size={min(_f(style, 'rx'), w / 2, h / 2)}",
                    transform=where,
                    facecolor=fill or "none",
                    edgecolor=stroke or "none",
                    linewidth=lw,
                    linestyle=(0, [v * grow / max(lw, 0.1) for v in dashes]) if dashes else "-",
                )
            )
        elif tag == "circle":
            ax.add_patch(
                Circle(
                    (_f(style, "cx"), _f(style, "cy")),
                    _f(style, "r"),
                    transform=where,
                    facecolor=fill or "none",
                    edgecolor=stroke or "none",
                    linewidth=lw,
                )
            )
        elif tag == "line" and stroke:
            xs, ys = [_f(style, "x1"), _f(style, "x2")], [_f(style, "y1"), _f(style, "y2")]
            ax.add_line(
                Line2D(xs, ys, transform=where, color=stroke, linewidth=lw, solid_capstyle="round")
            )
        elif tag == "text" and el.text:
            size = _f(style, "font-size", 16.0)
            em = _numbers(style.get("dy", "")) if style.get("dy", "").endswith("em") else []
            x, y = _f(style, "x"), _f(style, "y") + (em[0] * size if em else _f(style, "dy"))
            ux, uy = tr.transform((x, y))
            turn = math.degrees(math.atan2(b, a))  # clockwise on screen, as SVG counts
            anchor = {"start": "left", "end": "right"}.get(style.get("text-anchor", ""), "center")
            ax.text(
                ux,
                uy,
                el.text,
                rotation=-turn,
                rotation_mode="anchor",
                ha=anchor,
                va="baseline",
                fontsize=size * grow,
                fontweight=style.get("font-weight", "normal"),
                family="DejaVu Sans",
                color=fill or "#000000",
            )
    raw = io.BytesIO()
    fig.savefig(raw, format="png", dpi=72, metadata={"Software": None})
    return _small(raw.getvalue())


def _small(png: bytes) -> bytes:
    """The PNG with a palette of a few colours (Pillow comes with matplotlib)."""
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - matplotlib needs Pillow, so it is there
        return png
    image = Image.open(io.BytesIO(png)).convert("RGB")
    paletted = image.quantize(
        colors=_COLOURS, method=Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE
    )
    out = io.BytesIO()
    paletted.save(out, format="PNG", optimize=True)
    return out.getvalue() if out.tell() < len(png) else png


def image_bundle(
    images: Mapping[str, bytes],
    alt: str,
    include: Iterable[str] | None = None,
    exclude: Iterable[str] | None = None,
) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """A notebook output of one picture with its text alternative (``_repr_mimebundle_``).

    ``images`` maps image types to their bytes, the preferred first. JupyterLab and Voila
    give the images they draw from SVG or PNG outputs no alt text, so the bundle leads with
    HTML, an ``<img>`` of the first image with ``alt`` (shown first, even sanitized in a
    notebook not yet trusted); then each image (SVG as text, others base64) with ``alt`` in
    its metadata, and the words as plain text. ``include`` and ``exclude`` pick types.

    >>> data, meta = image_bundle({"image/png": b"png"}, "A <small> chart.")
    >>> data["text/html"]
    '<img src="data:image/png;base64,cG5n" alt="A &lt;small&gt; chart.">'
    >>> sorted(data), meta
    (['image/png', 'text/html', 'text/plain'], {'image/png': {'alt': 'A <small> chart.'}})
    """
    first = next(iter(images))
    encoded = {mime: base64.b64encode(raw).decode("ascii") for mime, raw in images.items()}
    data = {
        "text/html": f'<img src="data:{first};base64,{encoded[first]}" alt="{html.escape(alt)}">'
    }
    for mime, raw in images.items():
        data[mime] = raw.decode("utf-8") if mime == "image/svg+xml" else encoded[mime]
    data["text/plain"] = alt
    keep = set(data) if include is None else set(include)
    keep -= set(exclude or ())
    data = {mime: value for mime, value in data.items() if mime in keep}
    return data, {mime: {"alt": alt} for mime in images if mime in data}
