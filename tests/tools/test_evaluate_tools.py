"""tools/evaluate_bench.py and tools/search_tournament.py print their numbers."""

from __future__ import annotations

import pytest

from tools import evaluate_bench, search_tournament


def test_the_evaluate_bench_prints_times_and_the_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    evaluate_bench.main(["--positions", "2", "--worlds", "20"])
    out = capsys.readouterr().out
    assert "2 positions rated" in out and "median / yardstick = " in out


def test_the_search_tournament_prints_both_win_shares(capsys: pytest.CaptureFixture[str]) -> None:
    search_tournament.main(["--deals", "2", "--strength", "5", "--rules", "double-six"])
    out = capsys.readouterr().out
    assert "search (strength 5 worlds, coach playouts) against coach" in out
    assert "win shares: search " in out and "choices left to the coach" in out
