"""Lesson pictures a learner can read: tiles large enough to count pips, words beside them.

:func:`picture` draws a round at a fixed :data:`SCALE` (48 pixels per tile width: a tile
is 96 pixels long and each half 48 pixels square), whatever the size of the table. A
table too wide for a notebook column (:data:`MAX_WIDTH`) is laid out taller instead of
drawn smaller, and a long hand wraps into rows. The :class:`Picture` carries, besides
the SVG, what the picture shows in words:

- :attr:`Picture.alt`: its alt text (the SVG's ``<title>`` and ``<desc>``): the centre
  double, the open ends and their numbers, a chicken foot still needing toes, the last
  tile played and whose turn it is, all as the round itself gives them;
- :attr:`Picture.hand_text`: the seat's tiles as text ("Bob's tiles: 9-4, 9-7, ...");
- :attr:`Picture.counts`: how many tiles each hand and the chicken yard hold;
- :attr:`Picture.legend`: a key to the marks in this picture, and only those.

In a notebook it shows as two outputs, both stored with the notebook and readable
without a kernel: the picture (an HTML ``<img>`` of the SVG with the alt text, which
JupyterLab and Voila show first, even sanitized in a notebook they do not trust, since the
images they draw from SVG or PNG outputs get no alt text; then the SVG, a PNG for other
front ends, the alt text as plain text and as ``alt`` metadata), then the words under it
as Markdown, with the picture described in words behind a "show" toggle.

>>> from cfwidget import teach
>>> pic = picture(teach.position("foot"), seat=0)
>>> print(pic.hand_text)
Ann's tiles: 1-1, 2-0, 3-3, 4-1, 5-2, 6-6, 8-3
>>> print(pic.legend[1])  # doctest: +NORMALIZE_WHITESPACE
Chicken foot 4-4: the double lying across the end of its line;
it still needs 3 toes (tiles with a 4).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .._shared import article, name_in_text, plural, shown
from ..core import Game, Round, SeatError, Tile, TileLike
from ..table import (
    BOARD_ASPECT,
    Marks,
    TilePlacement,
    bounds,
    image_bundle,
    layout,
    marks,
    render_svg,
    svg_alt,
    svg_to_png,
)
from ._errors import LessonError

__all__ = ["MAX_WIDTH", "SCALE", "Picture", "picture"]

#: Pixels per tile width in a lesson picture: a tile is twice that long (96 px), each
#: half 48 px square with pips about 9 px across.
SCALE = 48
#: The widest a lesson picture is drawn, in pixels: a notebook column. A wider table is
#: laid out taller; only a table no shape can fit is wider (the notebook then shrinks it).
MAX_WIDTH = 900
_PNG_MAX_SIDE = 2400  # pixels: a tall table's PNG keeps SCALE too (the drawing stops at 1600)
_MARGIN = 0.5  # felt around the tiles, in tile widths
_HAND_STEP = 1.3  # tile widths from one tile of a hand to the next (as the drawing lays them)
# Shapes (width over height) for the table: the widget's board first, so a picture looks like
# the widget's table whenever it fits MAX_WIDTH; else the least tall of the others that fits.
_ASPECTS = (BOARD_ASPECT, 1.2, 1.0, 0.8, 0.65, 0.5)


@dataclass(frozen=True)
class Picture:
    """A lesson picture: the SVG (:attr:`text`) and what it shows in words.

    A notebook shows the picture, then the hand as text, the tile counts and the key to
    its marks (see the module's notes for what a notebook stores). ``Picture(svg)`` of any
    SVG picture works too: its alt text then comes from the SVG's title and description.

    >>> from cfwidget import teach
    >>> pic = picture(teach.position("deal"))
    >>> pic.hand_text, pic.counts
    ('', 'Tiles in hand: Ann 8, Bob 9, Cy 9. Chicken yard: 28 tiles.')
    """

    text: str
    alt: str = ""
    hand_text: str = ""
    counts: str = ""
    legend: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.alt:
            object.__setattr__(self, "alt", svg_alt(self.text))

    @property
    def notes(self) -> str:
        """The words under the picture, as plain text: the hand, the counts and the key.

        >>> from cfwidget import teach
        >>> print(picture(teach.position("deal"), seat=1).notes)  # doctest: +NORMALIZE_WHITESPACE
        Bob's tiles: 1-0, 3-0, 4-3, 5-5, 6-1, 7-2, 8-8, 9-4, 9-7
        Tiles in hand: Ann 8, Bob 9, Cy 9. Chicken yard: 28 tiles.
        Key to the picture:
        - Centre double 9-9: the upright tile in the middle;
          it still needs 4 spokes (tiles with a 9).
        - Yellow ring: the last tile laid, the centre double 9-9.
        - The row under the table: Bob's tiles, face up.
        """
        lines = [line for line in (self.hand_text, self.counts) if line]
        if self.legend:
            lines.append("Key to the picture:")
            lines.extend(f"- {entry}" for entry in self.legend)
        return "\n".join(lines)

    @property
    def markdown(self) -> str:
        """The words under the picture as Markdown, with the picture described in words.

        The description sits in a ``<details>`` toggle: there for a screen reader and
        for anyone who asks, out of the way of a learner who counts pips.

        >>> from cfwidget import teach
        >>> print(picture(teach.position("deal"), seat=1).markdown.splitlines()[0])
        **Bob's tiles:** 1-0, 3-0, 4-3, 5-5, 6-1, 7-2, 8-8, 9-4, 9-7
        """
        blocks = []
        if self.hand_text:
            who, _, tiles = self.hand_text.partition(": ")
            blocks.append(f"**{_md(who)}:** {_md(tiles)}")
        if self.counts:
            blocks.append(_md(self.counts))
        if self.legend:
            blocks.append("Key to the picture:\n\n" + "\n".join(f"- {_md(e)}" for e in self.legend))
        words = _md(self.alt)
        blocks.append(f"<details><summary>The picture in words</summary>\n\n{words}\n\n</details>")
        return "\n\n".join(blocks)

    def _repr_svg_(self) -> str:
        return self.text

    def _repr_png_(self) -> bytes:
        return svg_to_png(self.text, max_side=_PNG_MAX_SIDE)

    def _repr_mimebundle_(
        self, include: Iterable[str] | None = None, exclude: Iterable[str] | None = None
    ) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
        """The picture alone: an ``<img>`` with its alt text (HTML), SVG, PNG and the words.

        JupyterLab and Voila show the HTML first (sanitized, in a notebook not yet trusted):
        the images they draw from SVG or PNG outputs get no alt text of their own.
        """
        images = {"image/svg+xml": self.text.encode("utf-8"), "image/png": self._repr_png_()}
        return image_bundle(images, self.alt, include, exclude)

    def _ipython_display_(self) -> None:
        """Show the picture, then the words under it: two outputs, both stored with the notebook."""
        from IPython.display import display

        data, meta = self._repr_mimebundle_()
        display(data, raw=True, metadata=meta)  # type: ignore[no-untyped-call]
        words = {"text/markdown": self.markdown, "text/plain": self.notes}
        display(words, raw=True)  # type: ignore[no-untyped-call]

    def __repr__(self) -> str:
        return f"<Picture: {self.alt.partition('. ')[0]}>"


def picture(
    rnd: Round | Game,
    seat: int | None = None,
    highlight: Sequence[TileLike] = (),
    *,
    mode: str = "pips",
) -> Picture:
    """The table as a picture a learner can read, with ``seat``'s hand face up under it.

    ``highlight`` rings tiles on the table in blue; ``mode`` draws ``"pips"``,
    ``"numerals"`` or pips in ``"colour"``. The picture is :data:`SCALE` pixels per tile
    width and at most :data:`MAX_WIDTH` wide when any shape of the table fits.

    >>> from cfwidget import teach
    >>> pic = picture(teach.position("spokes"), seat=1, highlight=["9-1"])
    >>> pic.text.startswith("<svg"), 'width="' in pic.text
    (True, True)
    >>> [entry.split(":")[0] for entry in pic.legend]
    ['Centre double 9-9', 'Yellow ring', 'Blue ring', 'The row under the table']
    """
    game_round = rnd.round if isinstance(rnd, Game) else rnd
    if not isinstance(game_round, Round):
        raise LessonError(
            f"picture draws a cf.Round or a cf.Game, like teach.position('deal'); got {shown(rnd)}"
        )
    rnd = game_round
    if seat is not None and (seat.__class__ is not int or not 0 <= seat < rnd.players):
        raise SeatError(f"seat must be None or from 0 to {rnd.players - 1}, got {shown(seat)}")
    if isinstance(highlight, (str, bytes)) or not isinstance(highlight, Iterable):
        raise LessonError(f"highlight is a list of tiles, like ['9-4'], got {shown(highlight)}")
    highlight = list(highlight)
    laid = _fitted_layout(rnd)
    drawn = marks(laid, highlight=highlight)
    names = [name_in_text(name) for name in rnd.names]
    state = "round over" if rnd.is_over else f"{names[rnd.turn]} to move"
    title = f"Chicken Foot, {rnd.start} round: {plural(len(laid), 'tile')} on the table, {state}"
    svg = render_svg(
        laid,
        highlight=highlight,
        mode=mode,
        scale=SCALE,
        margin=_MARGIN,
        title=title,
        description=_description(rnd, seat, drawn),
        hand=rnd.hands[seat] if seat is not None else (),
        hand_label=f"{names[seat]}'s hand" if seat is not None else None,
        hand_columns=_hand_columns(),
    )
    counts = ", ".join(f"{n} {len(h)}" for n, h in zip(names, rnd.hands, strict=True))
    return Picture(
        text=svg,
        alt=svg_alt(svg),
        hand_text=f"{names[seat]}'s tiles: {_tiles(rnd.hands[seat])}" if seat is not None else "",
        counts=f"Tiles in hand: {counts}. Chicken yard: {plural(rnd.yard_count, 'tile')}.",
        legend=_legend(rnd, seat, drawn),
    )


# -- the size -----------------------------------------------------------------------------------


def _budget() -> float:
    """The widest table (in tile widths) that fits MAX_WIDTH with its margins."""
    return MAX_WIDTH / SCALE - 2 * _MARGIN


def _hand_columns() -> int:
    """The most tiles of a hand in one row within MAX_WIDTH."""
    return max(1, int((_budget() - 1) / _HAND_STEP) + 1)


def _fitted_layout(rnd: Round) -> list[TilePlacement]:
    """The table laid out as the widget lays it or, if that is too wide, in the least tall
    shape that fits MAX_WIDTH (the narrowest shape if none fits)."""
    board = layout(rnd.table, rnd.rules.spokes, rnd.rules.toes, _ASPECTS[0])
    x0, _, x1, _ = bounds(board)
    if x1 - x0 <= _budget():
        return board
    shapes = [board]
    shapes += [layout(rnd.table, rnd.rules.spokes, rnd.rules.toes, a) for a in _ASPECTS[1:]]
    sizes = [(x1 - x0, y1 - y0) for x0, y0, x1, y1 in map(bounds, shapes)]
    fits = [i for i, (w, _) in enumerate(sizes) if w <= _budget()]
    if not fits:
        return shapes[min(range(len(shapes)), key=lambda i: sizes[i][0])]
    return shapes[min(fits, key=lambda i: sizes[i][1])]


# -- the words ----------------------------------------------------------------------------------


def _tiles(tiles: Iterable[Tile]) -> str:
    listed = [str(t) for t in tiles]
    return ", ".join(listed) if listed else "none"


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _last_play(rnd: Round) -> tuple[int, Tile] | None:
    for seat, move in reversed(rnd.history):
        if move.tile is not None:
            return seat, move.tile
    return None


def _open_places(rnd: Round) -> tuple[int, list[tuple[Tile, int, int]], list[tuple[Tile, int]]]:
    """The spokes the centre still needs, the chicken feet still needing toes
    (tile, number, toes), and the open ends of the lines (tile, number), from the round."""
    spokes, feet, ends = 0, [], []
    for tile, number, free in rnd.open_ends():
        if tile == rnd.start:
            spokes = free
        elif tile.is_double:
            feet.append((tile, number, free))
        else:
            ends.append((tile, number))
    return spokes, feet, ends


def _needs(free: int, what: str, number: int) -> str:
    return f"it still needs {plural(free, what)} (tiles with {article(number)})"


def _description(rnd: Round, seat: int | None, drawn: Marks) -> str:
    """What the picture shows, in sentences, from the round itself (the SVG's ``<desc>``)."""
    if not rnd.table:
        return "Nothing is on the table yet."
    names = [name_in_text(name) for name in rnd.names]
    start = rnd.start
    spokes, feet, ends = _open_places(rnd)
    centre = f"The centre double {start} stands upright in the middle"
    if spokes:
        words = [f"{centre}; {_needs(spokes, 'spoke', start[0])}."]
    else:
        words = [f"{centre} with all {plural(rnd.rules.spokes, 'spoke')}."]
    words += [f"The chicken foot {t} is open: {_needs(k, 'toe', n)}." for t, n, k in feet]
    if ends:
        words.append(f"Open ends: {_and([f'the {n} of {t}' for t, n in ends])}.")
    elif len(rnd.table) > 1:
        words.append("No line has an open end.")
    last = _last_play(rnd)
    if last is not None:
        words.append(f"Last tile played: {last[1]}, by {names[last[0]]}.")
    if drawn.highlighted:
        words.append(f"Ringed in blue: {_tiles(drawn.highlighted)}.")
    words += [f"{t} lies apart, joined by a dashed line to {u}." for t, u in drawn.apart]
    if rnd.is_over:
        words.append(f"The round is over: {rnd.how_it_ended()}.")
    else:
        words.append(f"{names[rnd.turn]}'s turn: {rnd.rule_in_force()}.")
    if seat is not None:
        words.append(f"Under the table, {names[seat]}'s tiles: {_tiles(rnd.hands[seat])}.")
    return " ".join(words)


def _legend(rnd: Round, seat: int | None, drawn: Marks) -> tuple[str, ...]:
    """A key to what this picture marks, and nothing it does not."""
    if not rnd.table:
        return ()
    start = rnd.start
    spokes, feet, _ = _open_places(rnd)
    centre = f"Centre double {start}: the upright tile in the middle"
    entries = [f"{centre}; {_needs(spokes, 'spoke', start[0])}." if spokes else f"{centre}."]
    entries += [
        f"Chicken foot {t}: the double lying across the end of its line; {_needs(k, 'toe', n)}."
        for t, n, k in feet
    ]
    if drawn.last is not None:
        if drawn.last == start:
            entries.append(f"Yellow ring: the last tile laid, the centre double {start}.")
        else:
            entries.append(f"Yellow ring: the last tile played, {drawn.last}.")
    if drawn.highlighted:
        ring = "Blue ring" if len(drawn.highlighted) == 1 else "Blue rings"
        entries.append(f"{ring}: {_tiles(drawn.highlighted)}, to look at.")
    entries += [
        f"Dashed orange line: {t} had no room beside {u}, the tile it was played onto, "
        "so it lies apart and the line joins them."
        for t, u in drawn.apart
    ]
    if seat is not None and rnd.hands[seat]:
        name = name_in_text(rnd.names[seat])
        entries.append(f"The row under the table: {name}'s tiles, face up.")
    return tuple(entries)


# Marks that change Markdown's meaning inside a line (a line never starts with a name or a
# tile here), and the dollar sign, which JupyterLab reads as the start of a formula.
_MD_SPECIAL = re.compile(r"([\\`*_\[\]~|$])")


def _md(text: str) -> str:
    """Text made inert in Markdown: HTML escaped, Markdown's marks backslashed."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))
