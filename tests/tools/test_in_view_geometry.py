"""tests/helpers/table_in_view.py counts what it sees: overlaps, moves, tiles off the board."""

from __future__ import annotations

from tests.helpers.table_in_view import overlapping, shot_of


def test_the_instrument_counts_what_it_sees() -> None:
    """The overlap count and a shot's figures, on shapes worked out by hand."""
    face = [-100.0, -50.0, 200.0, 100.0]

    def tile(name: str, m: list[float], rect: list[float]) -> dict[str, object]:
        return {"tile": name, "m": m, "face": face, "rect": rect, "px": 30.0}

    end_to_end = [tile("9-9", [1, 0, 0, 1, 0, 0], [0, 0, 60, 30])]
    end_to_end.append(tile("9-5", [1, 0, 0, 1, 200, 0], [60, 0, 120, 30]))
    assert overlapping(end_to_end) == 0
    raw = {
        "tiles": end_to_end,
        "board": [0.0, 0.0, 120.0, 30.0],
        "panel": [0.0, -10.0, 500.0, 400.0],
        "panel_px": 410.0,
        "widget_px": 300.0,
        "viewbox_px": 30.0,
        "status": [0.0, -5.0, 100.0, 0.0],
        "over": False,
    }
    seen: dict[str, list[float]] = {}
    shot = shot_of(raw, 1, seen)
    assert (shot.whole, shot.good, shot.overlaps, shot.moved, shot.status_in_view) == (
        True,
        True,
        0,
        0,
        True,
    )
    # The second tile slides half a tile and now lies on the first; it also sticks out.
    end_to_end[1] = tile("9-5", [1, 0, 0, 1, 100, 0], [30, 0, 125, 30])
    shot = shot_of(raw, 1, seen)
    assert (shot.whole, shot.tiles_in_board, shot.overlaps, shot.moved) == (False, False, 1, 1)
    raw["board"] = [0.0, 0.0, 130.0, 500.0]  # the board runs off the visible panel
    assert not shot_of(raw, 1, seen).board_in_panel
