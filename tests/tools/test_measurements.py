"""docs/measurements.md: the tools that measure rewrite their own sections and nothing else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools import coach_terms, measurements, search_tournament

REPO = Path(__file__).resolve().parents[2]


def test_a_run_replaces_its_own_section_and_keeps_the_rest(tmp_path: Path) -> None:
    page = tmp_path / "measurements.md"
    page.write_text("# Measurements\n\nWritten by hand.\n", encoding="utf-8")
    measurements.record("a", "A", "python -m tools.a", ["1"], page=page, day="2026-12-01")
    measurements.record("b", "B", "python -m tools.b", ["2"], page=page, day="2026-12-01")
    measurements.record("a", "A", "python -m tools.a", ["3"], page=page, day="2026-12-02")
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Measurements\n\nWritten by hand.\n")
    assert text.count("<!-- measured: a -->") == 1 and "\n1\n" not in text
    assert "`python -m tools.a`, run on 2026-12-02:\n\n3\n" in text
    assert text.index("measured: a") < text.index("measured: b")  # in its place
    assert "\n2\n" in text


def test_the_search_tournament_writes_its_figures_to_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "measurements.md"
    search_tournament.main(
        ["--deals", "2", "--strength", "5", "--rules", "double-six", "--write-docs", str(page)]
    )
    text = page.read_text(encoding="utf-8")
    assert "<!-- measured: search_tournament coach 4 -->" in text
    assert "## The search bot against the coach bot, 4 players" in text
    assert "--players 4 --deals 2 --strength 5 --rules double-six" in text
    assert "- paired difference (search minus coach, same chair, same deal): " in text
    assert "paired difference" in capsys.readouterr().out


def test_the_coach_terms_write_their_figures_to_the_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "measurements.md"
    coach_terms.main(["--deals", "2", "--only", "no stuck", "--write-docs", str(page)])
    text = page.read_text(encoding="utf-8")
    assert "<!-- measured: coach_terms 4 -->" in text
    assert "`python -m tools.coach_terms --players 4 --deals 2 --seed 99 --only 'no stuck'`" in text
    assert "\n- no stuck: " in text and " points a round; win share " in text
    assert "no stuck: " in capsys.readouterr().out


def test_every_recorded_section_names_a_tool_that_writes_it() -> None:
    text = (REPO / "docs" / "measurements.md").read_text(encoding="utf-8")
    keys = re.findall(r"<!-- measured: (.+?) -->", text)
    assert keys and len(keys) == len(set(keys)) == text.count("<!-- end: ")
    for key in keys:
        tool = REPO / "tools" / f"{key.split()[0]}.py"
        assert "measurements.record(" in tool.read_text(encoding="utf-8"), key
