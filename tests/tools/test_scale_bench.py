"""tools/scale_bench.py prints rates for one process, a process pool and a Dask cluster."""

from __future__ import annotations

import re

import pytest

from tools import scale_bench


def test_prints_three_rates_against_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    scale_bench.main(["--rounds", "120", "--repeat", "1"])
    out = capsys.readouterr().out
    assert "rules 'wolf-lake', 4 players, random bots, 120 rounds a study" in out
    rates = re.findall(r"^(.+?)\s+([\d,]+) rounds/s .*?([\d.]+) x one process$", out, re.M)
    assert [r[0].split(" (")[0].split(",")[0] for r in rates] == [
        "one process",
        "process pool",
        "Dask LocalCluster",
    ]
    assert rates[0][2] == "1.00"
    assert all(int(r[1].replace(",", "")) > 0 for r in rates)
