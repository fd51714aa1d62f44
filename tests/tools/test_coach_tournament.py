"""tools/coach_tournament.py: a duplicate table of four and heads-up matches, with intervals."""

from __future__ import annotations

from pathlib import Path

import pytest

from cfwidget.core import Rules
from tools import coach_tournament


def test_the_table_of_four_shares_every_round_out_exactly_once() -> None:
    table = coach_tournament.table_of_four(Rules.preset("wolf-lake"), deals=6, seed=3)
    assert list(table.index) == ["coach", "tips", "greedy", "random"]
    assert (table["games"] == 24).all()
    assert table["wins"].sum() == pytest.approx(24)  # one win per round, ties shared
    assert table["win_share"].sum() == pytest.approx(1)
    assert ((table["low"] <= table["win_share"]) & (table["win_share"] <= table["high"])).all()


def test_prints_both_measurements(capsys: pytest.CaptureFixture[str]) -> None:
    coach_tournament.main(["--deals", "4", "--workers", "1"])
    out = capsys.readouterr().out
    assert "1. A table of four" in out and "2. Heads-up duplicate matches" in out
    for name in ("coach vs tips", "coach vs greedy", "coach vs random"):
        assert name in out


def test_writes_both_tables_to_the_measurements_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "measurements.md"
    coach_tournament.main(["--deals", "3", "--workers", "1", "--write-docs", str(page)])
    text = page.read_text(encoding="utf-8")
    assert "<!-- measured: coach_tournament wolf-lake -->" in text
    assert "`python -m tools.coach_tournament --deals 3 --seed 16`, run on " in text
    assert "A table of four (no edge: 25% of rounds):" in text and "coach vs random" in text
    assert text.count("```") == 4
    capsys.readouterr()
