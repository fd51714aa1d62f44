"""tools/screen_bench.py prints the layout's time per move and the 55-tile draw, with limits."""

from __future__ import annotations

import re

import pytest

from tools import screen_bench


def test_prints_a_layout_line_per_preset_and_shape(capsys: pytest.CaptureFixture[str]) -> None:
    screen_bench.main(["--rounds", "1", "--no-browser"])
    out = capsys.readouterr().out
    lines = re.findall(
        r"^  (\S+) +(\d) players, aspect ([\d.]+): median ([\d.]+) ms, .* over (\d+) moves; "
        r"(\d+) yardstick moves .*; (within|OVER) the limit of 5 ms$",
        out,
        re.M,
    )
    assert [(name, players) for name, players, *_ in lines] == 2 * [
        ("wolf-lake", "4"),
        ("six-spokes", "4"),
        ("puremco", "3"),
    ]
    assert all(float(median) > 0 and int(moves) > 10 for *_, median, moves, _, _ in lines)
    assert "draw" not in out


def test_the_draw_and_its_yardstick_come_from_one_page() -> None:
    figures = screen_bench.draw_times(repeat=1)
    if figures is None:
        pytest.skip("Playwright or Chromium is missing")
    assert figures["draw"] > 0 and figures["yardstick"] > 0
