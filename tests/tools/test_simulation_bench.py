"""tools/simulation_bench.py prints rates for one core and for a process pool."""

from __future__ import annotations

import pytest

from tools import simulation_bench


def test_prints_both_rates(capsys: pytest.CaptureFixture[str]) -> None:
    simulation_bench.main(["--rounds", "60", "--repeat", "1"])
    out = capsys.readouterr().out
    assert "4 players, double-9, 9 each, random bots" in out
    assert "one core (no executor):" in out and "rounds/s" in out
    assert "2 processes:" in out and "x one core" in out


def test_rate_is_positive() -> None:
    assert simulation_bench.rate(20, seed=1) > 0
