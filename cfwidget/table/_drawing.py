"""Draw a table as a standalone SVG picture: a pure function of the layout.

:func:`render_svg` takes the output of :func:`cfwidget.table.layout` (or the
table records themselves, which it lays out first) and returns SVG text:
ivory tiles with dark edges on green felt, pips (or numerals, or coloured pips
for telling numbers apart at a glance), the last tile played ringed in yellow.
Every text from the caller is XML-escaped, and characters XML cannot hold (control
characters) are dropped; names are shown as :func:`cfwidget.core.shown_name` gives them.

>>> from cfwidget import Placed
>>> from cfwidget import Tile
>>> table = [Placed(Tile(9, 9), None, 9, 0), Placed(Tile(9, 4), Tile(9, 9), 9, 0)]
>>> svg = render_svg(table, title="Round 1")
>>> svg.startswith("<svg") and "<title>Round 1</title>" in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol
from xml.sax.saxutils import escape, quoteattr

from .._shared import check_whole, is_number, name_in_text, plural, shown, whole_in
from ..core import SeatError, Tile, TileLike, to_tile
from ._errors import PictureError
from ._layout import PlacedLike, TilePlacement, bounds, layout

__all__ = [
    "COLOURS",
    "MODES",
    "PALETTE",
    "Marks",
    "contrast",
    "marks",
    "pip_positions",
    "render_svg",
    "svg",
    "tile_svg",
]

#: The drawing modes: pips, numerals, or pips coloured by number.
MODES = ("pips", "numerals", "colour")

#: Colours of the picture; pips, edges and text all keep at least 4.5:1 against the face.
COLOURS = {
    "felt": "#1e5a3a",
    "face": "#fffcf2",
    "edge": "#2a2a2a",
    "pip": "#1a1a1a",
    "text": "#1a1a1a",
    "caption": "#ffffff",
    "last": "#f0e442",
    "highlight": "#56b4e9",
    "linked": "#e69f00",  # the link from a tile laid apart to the tile it was played onto
}
#: Pip colours for 1 to 9 in "colour" mode (then again for 10 to 18): the Okabe-Ito
#: colours, safe for colour-blind eyes, then black and white. Every pip has a dark
#: outline, which is what keeps it at least 3:1 against the face.
PALETTE = (
    "#e69f00",  # 1 orange
    "#56b4e9",  # 2 sky blue
    "#009e73",  # 3 bluish green
    "#f0e442",  # 4 yellow
    "#0072b2",  # 5 blue
    "#d55e00",  # 6 vermillion
    "#cc79a7",  # 7 reddish purple
    "#000000",  # 8 black
    "#ffffff",  # 9 white (a ring)
)

_U = 100  # SVG units per tile unit: a tile is 200 x 100
_PIP_SPOT = 27  # distance of the outer pips from the middle of a half


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21).

    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    """
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def pip_positions(n: int) -> list[tuple[float, float]]:
    """Where the pips of ``n`` sit in a half, as offsets in tile units from its middle.

    Up to 9 the familiar patterns; above that, rows of 4 (or 5 from 17 up).

    >>> pip_positions(1), len(pip_positions(6)), len(pip_positions(18))
    ([(0.0, 0.0)], 6, 18)
    """
    s = _PIP_SPOT / _U
    grid = {
        "tl": (-s, -s),
        "tc": (0.0, -s),
        "tr": (s, -s),
        "ml": (-s, 0.0),
        "c": (0.0, 0.0),
        "mr": (s, 0.0),
        "bl": (-s, s),
        "bc": (0.0, s),
        "br": (s, s),
    }
    patterns = {
        0: "",
        1: "c",
        2: "tl br",
        3: "tl c br",
        4: "tl tr bl br",
        5: "tl tr c bl br",
        6: "tl tc tr bl bc br",
        7: "tl tc tr c bl bc br",
        8: "tl tc tr ml mr bl bc br",
        9: "tl tc tr ml c mr bl bc br",
    }
    if n in patterns:
        return [grid[k] for k in patterns[n].split()]
    cols = 4 if n <= 16 else 5
    rows = math.ceil(n / cols)
    step = 2 * s * 1.15 / (max(cols, rows) - 1)
    out: list[tuple[float, float]] = []
    for r in range(rows):
        in_row = min(cols, n - r * cols)
        for c in range(in_row):
            out.append(((c - (in_row - 1) / 2) * step, (r - (rows - 1) / 2) * step))
    return out


def _pip_radius(n: int) -> float:
    if n <= 9:
        return 9.5
    return 8.0 if n <= 16 else 6.5


def _text(value: str) -> str:
    """Caller text made safe for XML: control and direction-override characters dropped."""
    return "".join(
        " " if ch in "\t\n\r" else ch
        for ch in value
        if not (
            ord(ch) < 0x20
            or 0x7F <= ord(ch) <= 0x9F
            or 0x202A <= ord(ch) <= 0x202E
            or 0xD800 <= ord(ch) <= 0xDFFF
            or ord(ch) in (0xFFFE, 0xFFFF)
        )
        or ch in "\t\n\r"
    )


def _num(v: float) -> str:
    text = f"{v:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _half(parts: list[str], n: int, cx: float, mode: str, angle: float) -> None:
    """The pips (or numeral) of one half whose middle is at ``(cx, 0)`` in the tile's frame."""
    if mode == "numerals":
        # Numerals stay upright whatever the tile's angle.
        parts.append(
            f'<text class="cf-num" x="{_num(cx)}" y="0" dy="0.35em" fill="{COLOURS["text"]}"'
            f' transform="rotate({_num(-angle)} {_num(cx)} 0)"'
            f' font-size="{56 if n < 10 else 48}">{n}</text>'
        )
        return
    r = _pip_radius(n)
    style = ""
    if mode == "colour" and n > 0:
        style = (
            f' fill="{PALETTE[(n - 1) % len(PALETTE)]}" stroke="{COLOURS["pip"]}" stroke-width="3"'
        )
    for dx, dy in pip_positions(n):
        parts.append(
            f'<circle cx="{_num(cx + dx * _U)}" cy="{_num(dy * _U)}" r="{_num(r)}"{style}/>'
        )


def _tile(parts: list[str], p: TilePlacement, mode: str) -> None:
    angle = p.angle
    parts.append(
        f'<g transform="translate({_num(p.x * _U)} {_num(p.y * _U)}) rotate({_num(angle)})">'
    )
    parts.append(
        f'<rect class="cf-tile" x="-100" y="-50" width="200" height="100" rx="12"'
        f' fill="{COLOURS["face"]}" stroke="{COLOURS["edge"]}" stroke-width="5"/>'
    )
    parts.append(
        f'<line x1="0" y1="-38" x2="0" y2="38" stroke="{COLOURS["edge"]}" stroke-width="4"/>'
    )
    _half(parts, p.first, -50, mode, angle)
    _half(parts, p.second, 50, mode, angle)
    parts.append("</g>")


def _ring(parts: list[str], p: TilePlacement, colour: str, width: int) -> None:
    pad = width / 2 + 5
    parts.append(
        f'<rect x="{_num(-100 - pad)}" y="{_num(-50 - pad)}" width="{_num(200 + 2 * pad)}"'
        f' height="{_num(100 + 2 * pad)}" rx="{_num(12 + pad)}" fill="none" stroke="{colour}"'
        f' stroke-width="{width}" transform="translate({_num(p.x * _U)} {_num(p.y * _U)})'
        f' rotate({_num(p.angle)})"/>'
    )


def _link(parts: list[str], p: TilePlacement, parent: TilePlacement) -> None:
    """A dashed line from a tile laid apart (its matching half) to its parent's open end."""
    (x1, y1, _), _ = p.halves()
    if parent.first == parent.second:  # a double: its middle
        x2, y2 = parent.x, parent.y
    else:
        _, (x2, y2, _) = parent.halves()
    ends = f'x1="{_num(x1 * _U)}" y1="{_num(y1 * _U)}" x2="{_num(x2 * _U)}" y2="{_num(y2 * _U)}"'
    # A dark casing under the colour keeps the line visible on the felt and on tiles alike.
    parts.append(f'<line class="cf-link" {ends} stroke="{COLOURS["edge"]}" stroke-width="18"/>')
    parts.append(
        f'<line {ends} stroke="{COLOURS["linked"]}" stroke-width="9" stroke-dasharray="26 16"/>'
    )
    _ring(parts, p, COLOURS["linked"], 6)


@dataclass(frozen=True)
class Marks:
    """What a picture marks on the table besides the tiles: its rings and its dashed lines.

    ``last`` is the tile ringed in yellow (or ``None``), ``highlighted`` the tiles ringed
    in blue (only those on the table, each once, in the order asked for), and ``apart``
    each tile laid apart for want of room with the tile it was played onto: a dashed
    orange line joins the two. A key to a picture names these and nothing else.

    >>> from cfwidget import Placed, Tile
    >>> table = [Placed(Tile(9, 9), None, 9, 0), Placed(Tile(9, 4), Tile(9, 9), 9, 0)]
    >>> m = marks(table, highlight=["9-9", "5-5"])
    >>> str(m.last), [str(t) for t in m.highlighted], m.apart
    ('9-4', ['9-9'], ())
    """

    last: Tile | None
    highlighted: tuple[Tile, ...]
    apart: tuple[tuple[Tile, Tile], ...]


def _marked(
    laid: Sequence[TilePlacement],
    highlight: Iterable[TileLike],
    last: TileLike | Literal["auto"] | None,
) -> tuple[TilePlacement | None, list[TilePlacement]]:
    """The placement ringed in yellow and those ringed in blue, as :func:`render_svg` draws them."""
    if isinstance(highlight, (str, bytes)) or not isinstance(highlight, Iterable):
        raise PictureError(f"highlight is a list of tiles, like ['9-4'], got {shown(highlight)}")
    by_tile = {p.tile: p for p in laid}
    last_tile = (laid[-1].tile if laid else None) if last == "auto" else last
    asked = dict.fromkeys(to_tile(h) for h in highlight)
    blue = [by_tile[t] for t in asked if t in by_tile]
    return (by_tile.get(to_tile(last_tile)) if last_tile is not None else None), blue


def marks(
    placements: Sequence[TilePlacement] | Sequence[PlacedLike],
    *,
    highlight: Iterable[TileLike] = (),
    last: TileLike | Literal["auto"] | None = "auto",
    spokes: int = 4,
    toes: int = 3,
) -> Marks:
    """The rings and lines :func:`render_svg` draws with the same arguments (see :class:`Marks`).

    >>> from cfwidget import Placed, Tile
    >>> marks([Placed(Tile(6, 6), None, 6, 0)], last=None)
    Marks(last=None, highlighted=(), apart=())
    """
    laid = _as_layout(placements, spokes, toes)
    last_p, blue = _marked(laid, highlight, last)
    return Marks(
        last=last_p.tile if last_p is not None else None,
        highlighted=tuple(p.tile for p in blue),
        apart=tuple((p.tile, laid[p.onto].tile) for p in laid if p.linked and p.onto is not None),
    )


def render_svg(
    placements: Sequence[TilePlacement] | Sequence[PlacedLike],
    *,
    highlight: Iterable[TileLike] = (),
    last: TileLike | Literal["auto"] | None = "auto",
    mode: str = "pips",
    scale: float = 24.0,
    size: float | None = None,
    margin: float = 1.0,
    title: str | None = None,
    description: str | None = None,
    caption: str | None = None,
    spokes: int = 4,
    toes: int = 3,
    hand: Sequence[TileLike] = (),
    hand_label: str | None = None,
    hand_columns: int | None = None,
) -> str:
    """The table as SVG text.

    ``placements`` is a layout (a list of :class:`TilePlacement`) or the table
    itself (``Round.table``), which is laid out with ``spokes`` and ``toes``.
    ``highlight`` rings the given tiles in blue; ``last`` rings one in yellow
    (``"auto"``: the last tile laid; ``None``: none); :func:`marks` says which.
    ``mode`` is ``"pips"``, ``"numerals"`` or ``"colour"``. The picture is ``scale``
    pixels per tile width, or ``size`` pixels on its longer side; ``margin`` is in
    tile widths. ``title`` names the picture for screen readers and ``description``
    says what it shows (by default: the centre, the last tile and any tile laid
    apart); ``caption`` is shown below. ``hand`` draws those tiles upright in rows of
    at most ``hand_columns`` (``None``: one row) under the table, labelled ``hand_label``.

    >>> from cfwidget import Placed
    >>> from cfwidget import Tile
    >>> svg = render_svg([Placed(Tile(6, 6), None, 6, 0)], title="<b>Ann</b>", mode="numerals")
    >>> "&lt;b&gt;Ann&lt;/b&gt;" in svg and "<b>" not in svg
    True
    """
    if mode not in MODES:
        raise PictureError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    for what, value in (("scale", scale), ("size", size)):
        if (value is not None or what == "scale") and (not is_number(value) or value <= 0):
            raise PictureError(f"{what} must be a positive number of pixels, got {value!r}")
    check_whole(hand_columns, "hand_columns", PictureError, low=1, none=True)
    laid = _as_layout(placements, spokes, toes)
    last_p, marked = _marked(laid, highlight, last)
    minx, miny, maxx, maxy = bounds(laid) if laid else (-1.0, -1.0, 1.0, 1.0)
    held = _hand_row([to_tile(t) for t in hand], (minx + maxx) / 2, maxy + 2.4, hand_columns)
    if held:
        hx0, _, hx1, hy1 = bounds(held)
        minx, maxx, maxy = min(minx, hx0), max(maxx, hx1), hy1
    minx, miny, maxx, maxy = minx - margin, miny - margin, maxx + margin, maxy + margin
    if caption:
        # A narrow table must not cut its caption: widen the felt to fit the text
        # (about 0.34 tile widths a character at this font size).
        spare = len(caption) * 0.34 + 0.6 - (maxx - minx)
        if spare > 0:
            minx, maxx = minx - spare / 2, maxx + spare / 2
    caption_h = 1.2 if caption else 0.0
    width, height = maxx - minx, maxy - miny + caption_h
    px = scale if size is None else size / max(width, height)

    name = _text(title) if title is not None else f"Chicken Foot table, {len(laid)} tiles"
    desc = _text(description) if description is not None else _describe(laid, last_p)
    caption = _text(caption) if caption else caption
    hand_label = _text(hand_label) if hand_label else hand_label
    c = COLOURS
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_num(minx * _U)} {_num(miny * _U)}'
        f' {_num(width * _U)} {_num(height * _U)}" width="{_num(width * px)}"'
        f' height="{_num(height * px)}" role="img" aria-label={quoteattr(name)}>',
        f"<title>{escape(name)}</title>",
        f"<desc>{escape(desc)}</desc>",
        f'<rect x="{_num(minx * _U)}" y="{_num(miny * _U)}" width="{_num(width * _U)}"'
        f' height="{_num(height * _U)}" rx="30" fill="{c["felt"]}"/>',
        # Attributes, not a <style> sheet: inline in a notebook, a sheet would style the page.
        f'<g stroke-linecap="round" fill="{c["pip"]}" font-family="sans-serif"'
        f' font-weight="bold" text-anchor="middle">',
    ]
    for p in [*laid, *held]:
        _tile(parts, p, mode)
    if held and hand_label:
        parts.append(
            f'<text x="{_num(held[0].x * _U - 60)}" y="{_num((held[0].y - 1.35) * _U)}"'
            f' font-size="60" fill="{c["caption"]}" text-anchor="start">{escape(hand_label)}</text>'
        )
    for p in laid:
        if p.linked and p.onto is not None:
            _link(parts, p, laid[p.onto])
    for p in marked:
        _ring(parts, p, c["highlight"], 10)
    if last_p is not None:
        _ring(parts, last_p, c["last"], 10)
    parts.append("</g>")
    if caption:
        parts.append(
            f'<text x="{_num((minx + width / 2) * _U)}" y="{_num((maxy + 0.6) * _U)}"'
            f' dy="0.35em" font-size="60" fill="{c["caption"]}" font-family="sans-serif"'
            f' text-anchor="middle">{escape(caption)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def tile_svg(tile: TileLike, *, mode: str = "pips", width: float = 36.0) -> str:
    """One tile standing upright, as a small standalone SVG (for pickers and legends).

    >>> pic = tile_svg("6-4", width=30)
    >>> pic.startswith("<svg") and 'width="30"' in pic and "6-4" in pic
    True
    """
    if mode not in MODES:
        raise PictureError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    t = to_tile(tile)
    parts: list[str] = []
    _tile(parts, TilePlacement(t, 0.0, 0.0, 90.0, t.high, t.low, "hand", None, 90.0), mode)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-56 -106 112 212"'
        f' width="{_num(width)}" height="{_num(width * 212 / 112)}" role="img"'
        f' aria-label="{t}"><g stroke-linecap="round" fill="{COLOURS["pip"]}"'
        f' font-family="sans-serif" font-weight="bold" text-anchor="middle">'
        + "".join(parts)
        + "</g></svg>"
    )


def _hand_row(
    tiles: Sequence[Tile], centre_x: float, y: float, columns: int | None = None
) -> list[TilePlacement]:
    """A hand laid out upright in rows (1.3 apart, at most ``columns`` a row) under the table.

    Every row starts at the same left edge, the first row centred under the table.
    """
    step, row_step = 1.3, 2.3
    across = len(tiles) if columns is None else min(columns, len(tiles))
    x0 = centre_x - step * (across - 1) / 2
    return [
        TilePlacement(
            t,
            x0 + (i % across) * step,
            y + (i // across) * row_step,
            90.0,
            t.high,
            t.low,
            "hand",
            None,
            90.0,
        )
        for i, t in enumerate(tiles)
    ]


def _as_layout(
    placements: Sequence[TilePlacement] | Sequence[PlacedLike], spokes: int, toes: int
) -> list[TilePlacement]:
    items = list(placements)
    if all(isinstance(p, TilePlacement) for p in items):
        return [p for p in items if isinstance(p, TilePlacement)]
    if any(isinstance(p, TilePlacement) for p in items):
        raise PictureError("give either a layout or the table's records, not a mix of both")
    return layout(items, spokes, toes)  # type: ignore[arg-type]


def _describe(laid: Sequence[TilePlacement], last: TilePlacement | None) -> str:
    if not laid:
        return "An empty table."
    text = f"Centre double {laid[0].tile}; {len(laid) - 1} tiles played."
    if last is not None and len(laid) > 1:
        text += f" Last played: {last.tile} ({last.role})."
    apart = [str(p.tile) for p in laid if p.linked]
    if apart:
        text += " Laid apart for want of room, with a line to the tile played onto: "
        text += ", ".join(apart) + "."
    return text


class _Position(Protocol):
    """What :func:`svg` needs of a round (``cfwidget.Round`` has it all)."""

    rules: Any
    names: tuple[str, ...]
    start: Tile

    @property
    def table(self) -> Sequence[PlacedLike]: ...
    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]: ...
    @property
    def yard_count(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def is_over(self) -> bool: ...


def svg(
    position: Any,
    seat: int | None = None,
    *,
    mode: str = "pips",
    size: float | None = None,
    scale: float = 24.0,
    highlight: Iterable[TileLike] = (),
    title: str | None = None,
) -> str:
    """A static SVG picture of a round (or a game's current round).

    With ``seat=None`` it shows only what everyone at the table can see: the
    farmyard, and a caption with every hand's tile count and the yard. With a
    ``seat`` it adds that seat's own hand, face up, under the table.

    >>> import cfwidget as cf
    >>> rnd = cf.Round.deal(cf.Rules(), players=3, seed=5, names=["Ann", "Bob", "Cy"])
    >>> picture = cf.svg(rnd, seat=0)
    >>> picture.startswith("<svg") and "Ann&apos;s hand" in picture or "Ann's hand" in picture
    True
    """
    rnd: _Position = position.round if hasattr(position, "round") else position
    if not all(hasattr(rnd, a) for a in ("names", "hands", "table", "rules", "start")):
        raise PictureError(
            f"svg draws a cf.Round or a cf.Game, like cf.Game(4); got {shown(position)}"
        )
    n = len(rnd.names)
    if seat is not None and not whole_in(seat, 0, n - 1):
        raise SeatError(f"seat must be None or from 0 to {n - 1}, got {seat!r}")
    names = [name_in_text(name) for name in rnd.names]
    counts = " · ".join(f"{name} {len(h)}" for name, h in zip(names, rnd.hands, strict=True))
    caption = f"Tiles in hand: {counts} · chicken yard {rnd.yard_count}"
    if title is None:
        state = "round over" if rnd.is_over else f"{names[rnd.turn]} to move"
        laid = plural(len(rnd.table), "tile")
        title = f"Chicken Foot, {rnd.start} round: {laid} on the table, {state}"
    return render_svg(
        rnd.table,
        spokes=rnd.rules.spokes,
        toes=rnd.rules.toes,
        mode=mode,
        size=size,
        scale=scale,
        highlight=highlight,
        title=title,
        caption=caption,
        hand=rnd.hands[seat] if seat is not None else (),
        hand_label=f"{names[seat]}'s hand" if seat is not None else None,
    )
