"""The SVG picture of a table: well-formed, accessible, escaped, and drawn as laid out."""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET

import pytest

from cfwidget.core import Placed, Rules, Tile, TileLike, full_set
from cfwidget.table import (
    COLOURS,
    MODES,
    PALETTE,
    PictureError,
    bounds,
    contrast,
    layout,
    pip_positions,
    render_svg,
)
from tests.helpers.layout_check import random_round

NS = "{http://www.w3.org/2000/svg}"
EVIL = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def table() -> list[Placed]:
    return random_round(Rules.preset("wolf-lake"), random.Random(21))


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def rings(root: ET.Element, colour: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}rect") if e.get("stroke") == colour]


def test_no_style_sheet_to_leak_into_a_notebook_page(table: list[Placed]) -> None:
    for mode in MODES:
        assert "<style" not in render_svg(table, mode=mode)


def test_a_standalone_svg_with_a_title(table: list[Placed]) -> None:
    svg = render_svg(table, title="Round 3")
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img" and root.get("aria-label") == "Round 3"
    assert root[0].tag == f"{NS}title" and root[0].text == "Round 3"
    assert "Last played" in (root.find(f"{NS}desc").text or "")  # type: ignore[union-attr]
    default = parse(render_svg(table))
    assert default[0].text == f"Chicken Foot table, {len(table)} tiles"


def test_caller_text_is_escaped(table: list[Placed]) -> None:
    svg = render_svg(table, title=EVIL, caption=f'Ann & "{EVIL}"')
    root = parse(svg)
    assert not [e for e in root.iter() if e.tag.endswith("img")]
    assert "<img" not in svg and "&lt;img src=x onerror=alert(1)&gt;" in svg
    assert root[0].text == EVIL  # inert text, shown as written
    assert root.get("aria-label") == EVIL
    captions = [e.text for e in root.iter(f"{NS}text")]
    assert f'Ann & "{EVIL}"' in captions


def test_view_box_fits_the_layout_with_a_margin(table: list[Placed]) -> None:
    laid = layout(table)
    minx, miny, maxx, maxy = bounds(laid)
    root = parse(render_svg(laid, margin=1.0, scale=10))
    x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert (x, y) == pytest.approx(((minx - 1) * 100, (miny - 1) * 100), abs=0.1)
    assert (w, h) == pytest.approx(((maxx - minx + 2) * 100, (maxy - miny + 2) * 100), abs=0.1)
    assert float(root.get("width", "")) == pytest.approx(w / 10, abs=0.1)
    sized = parse(render_svg(laid, size=400))
    assert max(float(sized.get("width", "")), float(sized.get("height", ""))) == pytest.approx(400)


def test_pips_are_drawn_one_circle_each(table: list[Placed]) -> None:
    root = parse(render_svg(table, mode="pips"))
    assert len(list(root.iter(f"{NS}circle"))) == sum(p.tile.pips for p in table)
    tiles = [e for e in root.iter(f"{NS}rect") if e.get("class") == "cf-tile"]
    assert len(tiles) == len(table)


def test_colour_mode_uses_the_palette_with_dark_outlines(table: list[Placed]) -> None:
    root = parse(render_svg(table, mode="colour"))
    circles = list(root.iter(f"{NS}circle"))
    assert len(circles) == sum(p.tile.pips for p in table)
    assert {c.get("fill") for c in circles} <= set(PALETTE)
    assert {c.get("stroke") for c in circles} == {COLOURS["pip"]}
    assert len(set(PALETTE)) == 9  # 1 to 9 all differ


def test_numerals_mode_writes_each_half(table: list[Placed]) -> None:
    laid = layout(table)
    root = parse(render_svg(laid, mode="numerals"))
    texts = [e.text or "" for e in root.iter(f"{NS}text") if e.get("class") == "cf-num"]
    assert sorted(texts) == sorted(str(n) for p in laid for n in (p.first, p.second))
    assert not list(root.iter(f"{NS}circle"))


def test_last_move_and_highlights_are_ringed(table: list[Placed]) -> None:
    root = parse(render_svg(table))
    assert len(rings(root, COLOURS["last"])) == 1  # "auto": the last tile laid
    assert not rings(parse(render_svg(table, last=None)), COLOURS["last"])
    on_table = {p.tile for p in table}
    off_table = next(t for t in full_set(9) if t not in on_table)
    marked = parse(
        render_svg(
            table, highlight=[table[1].tile, str(table[2].tile), off_table], last=str(table[0].tile)
        )
    )
    assert len(rings(marked, COLOURS["highlight"])) == 2  # a tile not on the table is skipped
    assert len(rings(marked, COLOURS["last"])) == 1


def test_contrast_meets_the_targets() -> None:
    face = COLOURS["face"]
    assert contrast(COLOURS["pip"], face) >= 3
    assert contrast(COLOURS["edge"], face) >= 3
    assert contrast(COLOURS["text"], face) >= 4.5
    assert contrast(COLOURS["caption"], COLOURS["felt"]) >= 4.5
    assert contrast(COLOURS["face"], COLOURS["felt"]) >= 3  # tiles stand out from the table
    for ring in ("last", "highlight", "linked"):
        assert contrast(COLOURS[ring], COLOURS["felt"]) >= 3
    # Coloured pips: each is outlined in the pip colour, which carries the contrast.
    assert contrast(COLOURS["pip"], face) >= 3
    assert contrast("#000000", "#ffffff") == pytest.approx(21)


@pytest.mark.parametrize("n", range(22))
def test_pip_patterns_fit_inside_a_half(n: int) -> None:
    pts = pip_positions(n)
    assert len(pts) == n
    r = (9.5 if n <= 9 else 8.0 if n <= 16 else 6.5) / 100
    for i, (x, y) in enumerate(pts):
        assert abs(x) + r < 0.5 and abs(y) + r < 0.5
        for u, v in pts[:i]:
            assert (x - u) ** 2 + (y - v) ** 2 > (2 * r) ** 2


def test_a_table_and_its_layout_draw_the_same(table: list[Placed]) -> None:
    assert render_svg(table) == render_svg(layout(table))
    assert render_svg(table, spokes=4) == render_svg(table)  # and the same every time


def test_empty_tables_draw() -> None:
    root = parse(render_svg([]))
    assert root[0].text == "Chicken Foot table, 0 tiles"


def test_a_linked_tile_is_drawn_with_a_line_to_its_parent() -> None:
    laid = layout([Placed(Tile(6, 6), None, 6, 0), Placed(Tile(6, 2), Tile(6, 6), 6, 0)])
    apart = dataclasses.replace(laid[1], x=0.0, y=-5.0, linked=True)  # 6-2 laid apart, north
    root = parse(render_svg([laid[0], apart]))
    lines = [e for e in root.iter(f"{NS}line") if e.get("stroke") == COLOURS["linked"]]
    assert len(lines) == 1
    # From the 6 half of the linked tile to the middle of the 6-6 it was played onto.
    start = (float(lines[0].get("x1", "")), float(lines[0].get("y1", "")))
    end = (float(lines[0].get("x2", "")), float(lines[0].get("y2", "")))
    assert start == (0.0, -450.0) and end == (0.0, 0.0)
    assert rings(root, COLOURS["linked"])
    assert "Laid apart for want of room, with a line to the tile played onto: 6-2." in (
        root[1].text or ""
    )
    assert not [e for e in parse(render_svg(laid)).iter(f"{NS}line") if e.get("class") == "cf-link"]


def test_bad_arguments_are_refused(table: list[Placed]) -> None:
    with pytest.raises(PictureError, match="pips, numerals, colour"):
        render_svg(table, mode="dots")
    with pytest.raises(PictureError, match="scale"):
        render_svg(table, scale=0)
    with pytest.raises(PictureError, match="size"):
        render_svg(table, size=-5)
    with pytest.raises(TypeError):
        render_svg(table, colour=True)  # type: ignore[call-arg]
    assert MODES == ("pips", "numerals", "colour")


def test_picture_errors_say_what_can_be_drawn(table: list[Placed]) -> None:
    import cfwidget as cf

    rnd = cf.Round.deal(cf.Rules(), 3, seed=5)
    with pytest.raises(PictureError, match=r"svg draws a cf\.Round or a cf\.Game.*got 'a round'"):
        cf.svg("a round")
    with pytest.raises(PictureError, match=r"highlight is a list of tiles, like \['9-4'\]"):
        cf.svg(rnd, highlight=None)  # type: ignore[arg-type]
    with pytest.raises(PictureError, match="scale must be a positive number of pixels, got None"):
        cf.svg(rnd, scale=None)  # type: ignore[arg-type]
    with pytest.raises(PictureError, match="not a mix of both"):
        render_svg([*layout(table), table[0]])  # type: ignore[list-item]
    with pytest.raises(cf.SeatError, match="seat must be None or from 0 to 2, got 3"):
        cf.svg(rnd, seat=3)
    assert issubclass(PictureError, ValueError) and PictureError.__module__ == "cfwidget"


# -- names with control characters -------------------------------------------------------------

CONTROLS = [chr(c) for c in (*range(0x00, 0x20), *range(0x7F, 0xA0))] + [
    *"\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufffe\uffff"
]
NAME_PARTS = [*CONTROLS, *"Ann Bob<&>'\"", "\u05e9\u05e8\u05d4", "\u0639\u0644\u064a", "\U0001f414"]


def random_names(rng: random.Random, count: int) -> list[list[str]]:
    out = []
    for _ in range(count):
        names = []
        for seat in range(3):
            parts = rng.choices(NAME_PARTS, k=rng.randint(1, 60))
            names.append("".join(parts)[:36] + f"#{seat}")  # distinct, and at most 40 long
        out.append(names)
    return out


def test_any_name_makes_a_valid_svg_without_control_characters() -> None:
    from cfwidget._shared import shown_name
    from cfwidget.core import Round
    from cfwidget.table import svg

    rng = random.Random(153)
    forbidden = set(CONTROLS) - {"\t", "\n", "\r", "\u2068", "\u2069"}
    for names in random_names(rng, 160):
        rnd = Round.deal(Rules(), players=3, seed=rng.randrange(1000), names=names)
        for _ in range(rng.randrange(6)):
            rnd.play(rnd.legal_moves()[0])
        for seat in (None, 0):
            picture = svg(rnd, seat=seat)
            ET.fromstring(picture)  # well-formed XML, whatever the names hold
            assert not forbidden & set(picture), sorted(
                map(hex, map(ord, forbidden & set(picture)))
            )
            assert not {"\t", "\r"} & set(picture)
        caption = ET.fromstring(svg(rnd)).findall(f"{NS}text")[-1].text or ""
        for name in names:
            assert shown_name(name).replace("\u2068", "") in caption.replace("\u2068", "")


def test_caller_text_with_control_characters_is_dropped_from_the_svg() -> None:
    picture = render_svg(
        [Placed(Tile(6, 6), None, 6, 0)], title="Ann\x00\x1b\u202e", caption="Bob\x08\x85\u202d"
    )
    root = ET.fromstring(picture)
    assert root.find(f"{NS}title").text == "Ann"  # type: ignore[union-attr]
    assert root.findall(f"{NS}text")[-1].text == "Bob"


# -- what a picture marks, its description and a hand in rows ----------------------------------


def test_marks_name_exactly_the_rings_and_lines_drawn(table: list[Placed]) -> None:
    from cfwidget.table import marks

    on_table = [p.tile for p in table]
    off_table = next(t for t in full_set(9) if t not in set(on_table))
    asked: list[TileLike] = [on_table[2], str(on_table[1]), off_table, on_table[2]]
    m = marks(table, highlight=asked)
    assert m.last == on_table[-1] and m.highlighted == (on_table[2], on_table[1])
    root = parse(render_svg(table, highlight=asked))
    assert len(rings(root, COLOURS["highlight"])) == len(m.highlighted) == 2
    assert len(rings(root, COLOURS["last"])) == 1
    assert marks(table, last=None).last is None and marks(table).highlighted == ()
    laid = layout([Placed(Tile(6, 6), None, 6, 0), Placed(Tile(6, 2), Tile(6, 6), 6, 0)])
    apart = dataclasses.replace(laid[1], x=0.0, y=-5.0, linked=True)
    assert marks([laid[0], apart]).apart == ((Tile(6, 2), Tile(6, 6)),)
    assert marks(laid).apart == ()
    with pytest.raises(PictureError, match="highlight is a list of tiles"):
        marks(table, highlight="9-4")


def test_a_description_replaces_the_default_words(table: list[Placed]) -> None:
    root = parse(render_svg(table, title="T", description="Ann's turn <now> \x00"))
    assert root.find(f"{NS}desc").text == "Ann's turn <now> "  # type: ignore[union-attr]
    assert "Last played" in (parse(render_svg(table)).find(f"{NS}desc").text or "")  # type: ignore[union-attr]


def test_a_long_hand_wraps_into_rows_of_hand_columns() -> None:
    hand = [str(t) for t in full_set(6)][:11]
    centre = [Placed(Tile(9, 9), None, 9, 0)]

    def tiles_at(svg: str) -> list[tuple[float, float]]:
        groups = [g for g in parse(svg).iter(f"{NS}g") if "rotate(90)" in g.get("transform", "")]
        spots = [g.get("transform", "").split(")")[0].removeprefix("translate(") for g in groups]
        return [(float(x), float(y)) for x, y in (s.split() for s in spots)]

    one_row = tiles_at(render_svg(centre, hand=hand))
    rows = tiles_at(render_svg(centre, hand=hand, hand_columns=4))
    assert len({y for _, y in one_row[1:]}) == 1  # the centre stands upright too: skip it
    ys = sorted({y for _, y in rows[1:]})
    assert len(ys) == 3 and [y for _, y in rows[1:]].count(ys[-1]) == 3  # 4 + 4 + 3
    xs = [x for x, _ in rows[1:]]
    assert xs[:4] == xs[4:8] and xs[8:] == xs[:3]  # each row starts at the same left edge
    assert sum(xs[:4]) == pytest.approx(0.0)  # and the first is centred under the table
    with pytest.raises(PictureError, match="hand_columns must be None or a whole number"):
        render_svg(centre, hand=hand, hand_columns=0)
