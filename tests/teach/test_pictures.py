"""Lesson pictures a learner can read: their size, the hand in words, the key, the alt text, and
what a notebook stores of them."""

from __future__ import annotations

import base64
import html
import io
import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

import cfwidget as cf
from cfwidget import teach
from cfwidget.core import Tile
from cfwidget.players import greedy
from cfwidget.table import COLOURS, Marks
from cfwidget.teach import _lessons, _pictures
from cfwidget.teach._pictures import MAX_WIDTH, SCALE, Picture, picture

NS = "{http://www.w3.org/2000/svg}"
#: The lessons' pictures used to draw a tile 24 px wide; a learner needs at least twice that.
OLD_SCALE = 24


def played_out(players: int, seed: int) -> cf.Round:
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:players]
    rnd = cf.Round.deal(cf.Rules(), players=players, seed=seed, names=names)
    while not rnd.is_over:
        rnd.play(greedy(rnd.observation(rnd.turn)))
    return rnd


def size(pic: Picture) -> tuple[float, float, float, float]:
    """(width px, height px, px per tile width horizontally, vertically)."""
    root = ET.fromstring(pic.text)
    _, _, vw, vh = (float(v) for v in root.get("viewBox", "").split())
    w, h = float(root.get("width", "")), float(root.get("height", ""))
    return w, h, w / (vw / 100), h / (vh / 100)  # 100 SVG units to a tile width


def rings(pic: Picture, colour: str) -> int:
    root = ET.fromstring(pic.text)
    return sum(1 for e in root.iter(f"{NS}rect") if e.get("stroke") == colour)


def kinds(pic: Picture) -> list[str]:
    return [entry.split(":")[0].split(" ")[0] for entry in pic.legend]


# -- where the picture lives ------------------------------------------------------------------


def test_the_picture_is_reached_where_it_always_was() -> None:
    assert teach.picture is _lessons.picture is _pictures.picture
    assert teach.Picture is _lessons.Picture is Picture


# -- the size ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(teach.POSITIONS))
def test_every_lesson_picture_is_drawn_at_the_same_large_scale(name: str) -> None:
    rnd = teach.position(name)
    for seat in (None, rnd.turn):
        w, _, across, down = size(picture(rnd, seat=seat))
        assert across == pytest.approx(SCALE, abs=0.01) and down == pytest.approx(SCALE, abs=0.01)
        assert w <= MAX_WIDTH
    assert SCALE >= 2 * OLD_SCALE


def test_a_grown_table_keeps_its_scale_and_grows_taller_not_wider() -> None:
    small, big = picture(teach.position("deal"), seat=1), picture(teach.position("out"), seat=1)
    # The table grew, the tiles did not shrink.
    assert size(small)[2] == pytest.approx(size(big)[2], abs=0.01) == SCALE
    w, h, _, _ = size(big)
    assert w <= MAX_WIDTH < h  # 47 tiles: laid out taller than the widget's board shape
    for players, seed in ((2, 1), (4, 3), (6, 2)):
        w, _, across, _ = size(picture(played_out(players, seed), seat=0))
        assert across == pytest.approx(SCALE, abs=0.01) and w <= MAX_WIDTH


def tile_length_in_png(pic: Picture) -> int:
    """The long side, in PNG pixels, of the first tile of the hand (upright, never ringed)."""
    root = ET.fromstring(pic.text)
    x0, y0, _, _ = (float(v) for v in root.get("viewBox", "").split())
    px = size(pic)[2] / 100  # pixels per SVG unit
    spots = [
        tuple(float(v) for v in g.get("transform", "")[10:].split(")")[0].split())
        for g in root.iter(f"{NS}g")
        if g.get("transform", "").endswith("rotate(90)")
    ]
    x, y = min(spots, key=lambda s: (-s[1], s[0]))  # the lowest row, the leftmost tile
    image = Image.open(io.BytesIO(pic._repr_png_())).convert("RGB")
    felt = tuple(int(COLOURS["felt"][i : i + 2], 16) for i in (1, 3, 5))
    # Down the tile, clear of its pips and of the line across its middle.
    col, row = round((x - 42 - x0) * px), round((y - y0) * px)

    def on_tile(r: int) -> bool:
        pixel = image.getpixel((col, r))
        assert isinstance(pixel, tuple)
        return sum(abs(a - b) for a, b in zip(pixel, felt, strict=False)) > 60

    top, bottom = row, row
    while on_tile(top - 1):
        top -= 1
    while on_tile(bottom + 1):
        bottom += 1
    return bottom - top + 1


def test_the_stored_png_keeps_the_scale() -> None:
    for name, seat in (("deal", 1), ("foot", 0), ("pass", 0)):
        pic = picture(teach.position(name), seat=seat)
        w, h, _, _ = size(pic)
        assert Image.open(io.BytesIO(pic._repr_png_())).size == (int(w), int(h))
        # A tile is 2 widths long plus its edge line: 98 px (it used to be 48 px).
        assert abs(tile_length_in_png(pic) - 2.05 * SCALE) <= 2


def test_a_long_hand_wraps_instead_of_widening_the_picture() -> None:
    rnd = cf.Round.deal(cf.Rules(hand_size=20), players=2, seed=4, names=["Ann", "Bob"])
    pic = picture(rnd, seat=1)
    assert len(rnd.hands[1]) == 20
    w, _, across, _ = size(pic)
    assert w <= MAX_WIDTH and across == pytest.approx(SCALE, abs=0.01)
    hand_rows = {
        g.get("transform", "").split()[1]
        for g in ET.fromstring(pic.text).iter(f"{NS}g")
        if g.get("transform", "").endswith("rotate(90)")
    }
    assert len(hand_rows) == 3  # the upright centre and two rows of the hand


# -- the hand in words ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["deal", "drawn", "foot", "toes-done", "pass", "out"])
def test_the_hand_text_lists_exactly_the_seats_tiles(name: str) -> None:
    rnd = teach.position(name)
    for seat in range(rnd.players):
        pic = picture(rnd, seat=seat)
        who, _, tiles = pic.hand_text.partition(": ")
        assert who == f"{rnd.names[seat]}'s tiles"
        listed = [] if tiles == "none" else [cf.Tile.parse(t) for t in tiles.split(", ")]
        assert listed == list(rnd.hands[seat])  # every tile, in the order drawn, once
    assert picture(rnd).hand_text == ""
    counts = picture(rnd).counts
    for who, hand in zip(rnd.names, rnd.hands, strict=True):
        assert f"{who} {len(hand)}" in counts
    assert f"Chicken yard: {rnd.yard_count} tile" in counts


# -- the key to the marks ---------------------------------------------------------------------


@pytest.mark.parametrize("name", list(teach.POSITIONS))
def test_the_legend_names_exactly_the_marks_in_the_picture(name: str) -> None:
    rnd = teach.position(name)
    open_feet = [t for t, _, k in rnd.open_ends() if t.is_double and t != rnd.start]
    for seat, highlight in ((None, []), (rnd.turn, [str(rnd.table[-1].tile), "0-0"])):
        pic = picture(rnd, seat=seat, highlight=highlight)
        on_table = [h for h in highlight if cf.Tile.parse(h) in {p.tile for p in rnd.table}]
        expected = ["Centre"] + ["Chicken"] * len(open_feet) + ["Yellow"]
        expected += ["Blue"] if on_table else []
        expected += ["The"] if seat is not None and rnd.hands[seat] else []
        assert kinds(pic) == expected
        # ... and the drawing has just those rings.
        assert rings(pic, COLOURS["last"]) == 1
        assert rings(pic, COLOURS["highlight"]) == len(on_table)
        assert rings(pic, COLOURS["linked"]) == 0 and "Dashed" not in pic.notes


def test_the_legend_words_for_each_mark() -> None:
    foot = picture(teach.position("foot"), seat=0, highlight=["9-4", "8-4"])
    assert foot.legend == (
        "Centre double 9-9: the upright tile in the middle.",
        "Chicken foot 4-4: the double lying across the end of its line; "
        "it still needs 3 toes (tiles with a 4).",
        "Yellow ring: the last tile played, 4-4.",
        "Blue rings: 9-4, 8-4, to look at.",
        "The row under the table: Ann's tiles, face up.",
    )
    deal = picture(teach.position("deal"))
    assert deal.legend == (
        "Centre double 9-9: the upright tile in the middle; it still needs 4 spokes "
        "(tiles with a 9).",
        "Yellow ring: the last tile laid, the centre double 9-9.",
    )
    assert "Blue" not in picture(teach.position("foot"), seat=0, highlight=["5-5"]).notes
    # A tile laid apart (rare: under one in 1,000) gets the dashed line's entry.
    rnd = teach.position("lines")
    apart = Marks(last=Tile(7, 5), highlighted=(), apart=((Tile(7, 5), Tile(9, 7)),))
    legend = _pictures._legend(rnd, None, apart)
    assert legend[-1] == (
        "Dashed orange line: 7-5 had no room beside 9-7, the tile it was played onto, "
        "so it lies apart and the line joins them."
    )
    assert "7-5 lies apart, joined by a dashed line to 9-7." in _pictures._description(
        rnd, None, apart
    )


# -- the alt text -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(teach.POSITIONS))
def test_alt_text_gives_the_centre_the_open_ends_the_last_tile_and_the_turn(name: str) -> None:
    rnd = teach.position(name)
    pic = picture(rnd, seat=rnd.turn)
    alt = pic.alt
    assert f"The centre double {rnd.start} stands upright in the middle" in alt
    for tile, number, free in rnd.open_ends():
        if tile == rnd.start:
            assert f"still needs {free} spoke" in alt
        elif tile.is_double:
            assert f"The chicken foot {tile} is open: it still needs {free} toe" in alt
        else:
            assert f"the {number} of {tile}" in alt
    plays = [(s, m.tile) for s, m in rnd.history if m.tile is not None]
    if plays:
        seat, tile = plays[-1]
        assert f"Last tile played: {tile}, by {rnd.names[seat]}." in alt
    if rnd.is_over:
        assert f"The round is over: {rnd.how_it_ended()}." in alt
    else:
        assert f"{rnd.names[rnd.turn]}'s turn: {rnd.rule_in_force()}." in alt
    # The alt text is the SVG's own title and description, for any reader of the SVG.
    root = ET.fromstring(pic.text)
    assert alt == f"{root.findtext(f'{NS}title')}. {root.findtext(f'{NS}desc')}"


def test_alt_text_of_a_known_position() -> None:
    assert picture(teach.position("foot")).alt == (
        "Chicken Foot, 9-9 round: 9 tiles on the table, Ann to move. "
        "The centre double 9-9 stands upright in the middle with all 4 spokes. "
        "The chicken foot 4-4 is open: it still needs 3 toes (tiles with a 4). "
        "Open ends: the 4 of 9-4, the 5 of 7-5 and the 6 of 6-1. "
        "Last tile played: 4-4, by Cy. "
        "Ann's turn: the chicken foot on 4-4 still needs 3 toes (tiles with a 4)."
    )


def test_a_picture_of_any_svg_takes_its_alt_text_from_the_svg() -> None:
    pic = Picture(cf.svg(teach.position("deal")))
    assert pic.alt.startswith("Chicken Foot, 9-9 round") and "Centre double 9-9" in pic.alt
    assert pic.legend == () and pic.notes == ""
    with pytest.raises(cf.PictureError, match="svg_to_png draws SVG text"):
        Picture("not a picture")


# -- what a notebook shows and stores ---------------------------------------------------------


def shown_in_ipython(pic: Picture) -> list[tuple[dict[str, str], dict[str, dict[str, str]]]]:
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    try:
        shell.user_ns["pic"] = pic
        with capture_output() as captured:
            shell.run_cell("pic")
    finally:
        InteractiveShell.clear_instance()
    # Nothing but the prompt is printed (Jupyter sends no execute_result with empty data).
    assert captured.stdout.strip() in ("", "Out[0]:")
    return [(out.data, out.metadata) for out in captured.outputs]


def test_a_notebook_shows_the_picture_then_the_words_under_it() -> None:
    pic = picture(teach.position("foot"), seat=0, highlight=["9-4"])
    (image, meta), (words, _) = shown_in_ipython(pic)
    # The picture: an <img> with its alt text (HTML, shown first by JupyterLab and Voila),
    # SVG, PNG (other front ends), alt text as plain text and metadata.
    assert set(image) == {"text/html", "image/svg+xml", "image/png", "text/plain"}
    assert image["image/svg+xml"] == pic.text and image["text/plain"] == pic.alt
    img = re.fullmatch(
        r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]+)">', image["text/html"]
    )
    assert img is not None
    assert base64.b64decode(img[1]).decode("utf-8") == pic.text
    assert html.unescape(img[2]) == pic.alt
    png = base64.b64decode(image["image/png"])
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png == pic._repr_png_()
    assert meta == {"image/svg+xml": {"alt": pic.alt}, "image/png": {"alt": pic.alt}}
    # The words: Markdown (shown even untrusted) and plain text (what nbval compares).
    assert set(words) == {"text/markdown", "text/plain"}
    assert (
        words["text/plain"]
        == pic.notes
        == "\n".join(
            [pic.hand_text, pic.counts, "Key to the picture:", *(f"- {e}" for e in pic.legend)]
        )
    )
    md = words["text/markdown"]
    assert md.startswith("**Ann's tiles:** 1-1, 2-0, 3-3, 4-1, 5-2, 6-6, 8-3\n\n")
    assert "\n- Blue ring: 9-4, to look at.\n" in md
    assert "<details><summary>The picture in words</summary>" in md and md.endswith("</details>")


def test_the_mimebundle_can_be_narrowed() -> None:
    pic = picture(teach.position("deal"))
    data, meta = pic._repr_mimebundle_(include=["image/png", "text/plain"])
    assert set(data) == {"image/png", "text/plain"} and set(meta) == {"image/png"}
    data, meta = pic._repr_mimebundle_(exclude=["image/png"])
    assert set(data) == {"text/html", "image/svg+xml", "text/plain"}
    assert repr(pic) == "<Picture: Chicken Foot, 9-9 round: 1 tile on the table, Bob to move>"


def test_names_are_inert_in_every_output() -> None:
    evil = "<img src=x onerror=1>"
    rnd = cf.Round.deal(cf.Rules(), players=3, seed=2, names=[evil, "*Bo*_$x$", "Cy"])
    pic = picture(rnd, seat=0)
    ET.fromstring(pic.text)  # well-formed
    assert "<img" not in pic.text and "<img" not in pic.markdown
    assert "&lt;img src=x onerror=1&gt;" in pic.markdown
    assert "\\*Bo\\*\\_\\$x\\$" in pic.markdown
    assert pic.hand_text.startswith(f"{evil}'s tiles: ")  # plain text keeps the name as typed
    shown = pic._repr_mimebundle_()[0]["text/html"]
    assert shown.count("<img") == 1 and shown.endswith('">')  # the name stays inside alt


# -- bad input --------------------------------------------------------------------------------


def test_bad_input_is_refused_clearly() -> None:
    rnd = teach.position("deal")
    with pytest.raises(cf.LessonError, match=r"picture draws a cf\.Round or a cf\.Game"):
        picture("deal")  # type: ignore[arg-type]
    with pytest.raises(cf.SeatError, match="seat must be None or from 0 to 2, got 3"):
        picture(rnd, seat=3)
    with pytest.raises(cf.SeatError, match="got True"):
        picture(rnd, seat=True)
    with pytest.raises(cf.LessonError, match=r"highlight is a list of tiles, like \['9-4'\]"):
        picture(rnd, highlight="9-4")
    with pytest.raises(cf.PictureError, match="mode must be one of pips, numerals, colour"):
        picture(rnd, mode="dots")
    game = cf.Game(["Ann", "Bob"], seed=1)
    assert picture(game).alt.startswith(f"Chicken Foot, {game.round.start} round")
    numerals = picture(rnd, seat=1, mode="numerals")
    assert "cf-num" in numerals.text and size(numerals)[2] == pytest.approx(SCALE, abs=0.01)
    assert re.search(r"<circle", numerals.text) is None
