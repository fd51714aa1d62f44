"""PNG copies of the pictures: the same picture, small, for notebooks opened without a kernel."""

from __future__ import annotations

import base64
import io
from typing import Any

import numpy as np
import pytest
from matplotlib.image import imread

import cfwidget as cf
from cfwidget.players import greedy
from cfwidget.table import COLOURS, PALETTE, render_svg, svg_alt, svg_to_png, tile_svg
from cfwidget.teach import _lessons as lessons

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def pixels(png: bytes) -> Any:
    """The PNG decoded to an array of RGB(A) floats, or a failed test if it does not decode."""
    assert png[:8] == PNG_SIGNATURE
    return imread(io.BytesIO(png), format="png")


def rgb(colour: str) -> Any:
    return np.array([int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])


def share(image: Any, colour: str, tolerance: float = 0.04) -> float:
    """The share of pixels within ``tolerance`` of ``colour``."""
    diff = np.abs(image[:, :, :3] - rgb(colour)).max(axis=2)
    return float((diff <= tolerance).mean())


def played_out(seed: int, moves: int) -> cf.Round:
    rnd = cf.Round.deal(cf.Rules(), players=4, seed=seed)
    for _ in range(moves):
        if rnd.is_over:
            break
        rnd.play(greedy(rnd.observation(rnd.turn)))
    return rnd


def test_a_table_png_has_the_svg_size_and_shows_felt_and_tiles() -> None:
    rnd = played_out(3, 40)
    picture = cf.svg(rnd, seat=0)
    png = svg_to_png(picture)
    image = pixels(png)
    assert 5_000 < len(png) < 60_000
    assert share(image, COLOURS["felt"]) > 0.4  # mostly felt
    assert share(image, COLOURS["face"], 0.08) > 0.05  # and many tile faces
    assert share(image, COLOURS["pip"], 0.15) > 0.002  # with pips on them


def test_the_png_is_drawn_at_the_svg_size_and_shrinks_to_max_side() -> None:
    from xml.etree import ElementTree

    picture = cf.svg(played_out(5, 20), scale=20)
    root = ElementTree.fromstring(picture)
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    image = pixels(svg_to_png(picture))
    assert abs(image.shape[1] - width) <= 1 and abs(image.shape[0] - height) <= 1
    small = pixels(svg_to_png(picture, max_side=100))
    assert max(small.shape[:2]) <= 101


def test_colour_mode_keeps_every_pip_colour() -> None:
    # Every number from 1 to 9 on the table, in colour mode: each pip colour survives the palette.
    table = [cf.Placed(cf.Tile(9, 9), None, 9, 0)] + [
        cf.Placed(cf.Tile(9, n), cf.Tile(9, 9), 9, 0) for n in (1, 2, 3, 4)
    ]
    picture = render_svg(table, mode="colour", scale=60, hand=[(5, 6), (7, 8)])
    image = pixels(svg_to_png(picture))
    for n in range(1, 9):
        assert share(image, PALETTE[n - 1], 0.06) > 0.0002, f"the colour of {n} is lost"


def test_numerals_and_captions_are_drawn() -> None:
    plain = render_svg([cf.Placed(cf.Tile(6, 6), None, 6, 0)], mode="pips", scale=60)
    numbered = render_svg([cf.Placed(cf.Tile(6, 6), None, 6, 0)], mode="numerals", scale=60)
    dark_plain = share(pixels(svg_to_png(plain)), COLOURS["text"], 0.2)
    dark_numbered = share(pixels(svg_to_png(numbered)), COLOURS["text"], 0.2)
    assert dark_plain != dark_numbered and dark_numbered > 0.001  # "6" is not six pips
    captioned = render_svg([cf.Placed(cf.Tile(6, 6), None, 6, 0)], caption="Hello", scale=60)
    assert share(pixels(svg_to_png(captioned)), COLOURS["caption"], 0.05) > 0.001


def test_a_single_tile_picture() -> None:
    image = pixels(svg_to_png(tile_svg("6-4", width=40)))
    assert image.shape[1] == 40 and share(image, COLOURS["face"], 0.08) > 0.3


def test_alt_words_come_from_title_and_desc() -> None:
    rnd = played_out(3, 10)
    alt = svg_alt(cf.svg(rnd))
    assert alt.startswith("Chicken Foot, 9-9 round: ") and "Centre double 9-9" in alt
    assert svg_alt(tile_svg("6-4")) == "6-4"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not a picture", "svg_to_png draws SVG text"),
        ("<svg><rect></svg>", "not well-formed SVG"),
        ('<svg xmlns="http://www.w3.org/2000/svg"/>', "no viewBox"),
        (42, "svg_to_png draws SVG text"),
    ],
)
def test_bad_pictures_are_refused_plainly(text: Any, words: str) -> None:
    with pytest.raises(cf.PictureError, match=words):
        svg_to_png(text)


@pytest.mark.parametrize("side", [0, -5, True, "big"])
def test_bad_max_side_is_refused(side: Any) -> None:
    with pytest.raises(cf.PictureError, match="max_side must be a positive number"):
        svg_to_png(tile_svg("1-1"), max_side=side)


# -- where notebooks pick the PNG up ------------------------------------------------------------


def test_a_round_and_a_game_show_as_png_too() -> None:
    rnd = played_out(7, 15)
    png = rnd._repr_png_()
    assert len(png) > 2_000 and pixels(png).shape[0] > 50
    game = cf.Game(["Ann", "Bob"], seed=1)
    assert pixels(game._repr_png_()).shape == pixels(svg_to_png(cf.svg(game))).shape


def test_a_lesson_picture_shows_as_png_too() -> None:
    pic = lessons.picture(lessons.position("foot"), seat=0)
    png = pic._repr_png_()
    assert 2_000 < len(png) < 60_000
    assert share(pixels(png), COLOURS["felt"]) > 0.3


def test_the_widget_bundle_stores_a_png_of_its_table() -> None:
    from cfwidget.widget import GameWidget

    w = GameWidget(cf.Game(["Ann", "Bob"], seed=0), humans=[0], pace="click")
    bundle = w._repr_mimebundle_()
    assert bundle is not None
    data = bundle[0]
    png = base64.b64decode(data["image/png"])
    image = pixels(png)
    assert 1_000 < len(png) < 60_000
    assert image.shape[:2] == pixels(svg_to_png(data["image/svg+xml"])).shape[:2]
    assert share(image, COLOURS["felt"]) > 0.3
