"""tools/room_load.py runs rooms of devices against a real ``cfwidget serve`` and counts."""

from __future__ import annotations

import re

import pytest

from tools import room_load


def test_the_quick_load_plays_two_rooms_and_reports_its_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    figures = room_load.main(["--quick"])
    out = capsys.readouterr().out
    assert figures["rooms"] == 2 and figures["connections"] == figures["joined"] == 8
    assert "rooms: 2; connections: 8 (8 joined;" in out
    answered = int(re.search(r"person intents answered: (\d+)", out).group(1))  # type: ignore[union-attr]
    assert answered == len(figures["latencies"]) > 0
    assert re.search(r"latency \(ms\): p50 [\d.]+, p95 [\d.]+, p99 [\d.]+, max [\d.]+", out)
    moves = figures["stored"].get("move", 0)
    assert moves >= answered - sum(figures["by_kind"].get(k, 0) for k in ("next", "new_game"))
    assert "errors and refusals: none" in out and figures["problems"] == {}
    assert re.search(r"server memory \(VmRSS\): [\d.]+ MiB with no room open", out)
