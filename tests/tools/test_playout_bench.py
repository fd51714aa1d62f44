"""tools/playout_bench.py: the engine's and the kernel's playouts, timed side by side."""

from __future__ import annotations

import pytest

from cfwidget.analysis import playouts
from cfwidget.core import Round, Rules
from tools import playout_bench


def test_the_engine_side_plays_every_round_to_its_end() -> None:
    rounds = [Round.deal(Rules(hand_size=9), 4, seed=s) for s in range(5)]
    scores = playout_bench.engine_rounds(rounds, seed=1)
    assert len(scores) == 5 and all(len(s) == 4 for s in scores)
    assert all(not r.moves for r in rounds)  # played on copies
    assert len(playouts(rounds, seed=1)) == 5


def test_prints_every_rate_and_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    playout_bench.main(["--rounds", "30", "--repeat", "1"])
    out = capsys.readouterr().out
    assert out.count("x the engine") == 3
    assert "on the same position" in out and "yardstick" in out
    for name in Rules.preset_names():
        assert name in out
