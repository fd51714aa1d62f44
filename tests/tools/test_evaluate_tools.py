"""tools/evaluate_bench.py, review_bench.py and search_tournament.py print their numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cfwidget.analysis import EvaluateError
from cfwidget.core import Rules
from tools import evaluate_bench, review_bench, search_ceiling, search_tournament


def test_the_evaluate_bench_prints_times_and_the_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    evaluate_bench.main(["--positions", "2", "--worlds", "20"])
    out = capsys.readouterr().out
    assert "2 positions rated" in out and "median / yardstick = " in out


def test_the_search_tournament_prints_both_win_shares(capsys: pytest.CaptureFixture[str]) -> None:
    search_tournament.main(["--deals", "2", "--strength", "5", "--rules", "double-six"])
    out = capsys.readouterr().out
    said = "search (strength 5, coach-like playouts, doubt 2) against coach, rules double-six"
    assert f"{said}, 4 players" in out
    assert "paired difference (search minus coach, same chair, same deal)" in out
    assert "win shares: search " in out and "average points a game: search " in out


def test_the_review_bench_prints_serial_and_shared_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    review_bench.main(
        ["--positions", "2", "--worlds", "20", "--review-worlds", "4", "--repeat", "1"]
    )
    out = capsys.readouterr().out
    assert "evaluate, 20 worlds, 4 players, double-nine, mid-round: 2 positions" in out
    assert "review of a 4-player wolf-lake round" in out and "serially" in out
    assert "ProcessPoolExecutor(2), one task per rated move" in out
    assert "processor time: " in out and "yardsticks of processor time" in out
    assert "same review: False" not in out and out.count("same review: True") >= 1


def test_a_resumed_tournament_plays_only_the_deals_left(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["--deals", "3", "--strength", "5", "--rules", "double-six", "--players", "2"]
    search_tournament.main([*args, "--out", str(tmp_path / "whole")])
    whole = json.loads((tmp_path / "whole" / "results.json").read_text())
    cut = dict(whole, rows=[row for row in whole["rows"] if row[0] == 1], finished=False)
    (tmp_path / "cut").mkdir()
    (tmp_path / "cut" / "results.json").write_text(json.dumps(cut))
    capsys.readouterr()
    search_tournament.main([*args, "--out", str(tmp_path / "cut"), "--resume"])
    assert "resuming: 1 deals kept" in capsys.readouterr().out
    resumed = json.loads((tmp_path / "cut" / "results.json").read_text())
    timed = len(whole["columns"]) - 3  # the last three columns are clock readings
    assert resumed["finished"] and resumed["deals_done"] == 3
    assert [r[:timed] for r in resumed["rows"]] == [r[:timed] for r in whole["rows"]]
    assert resumed["summary"] == whole["summary"]
    with pytest.raises(SystemExit, match="other settings \\(seed\\)"):
        search_tournament.main([*args, "--seed", "9", "--out", str(tmp_path / "cut"), "--resume"])


def test_the_search_ceiling_rates_every_bot_against_one_reference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rules = Rules.preset("double-six")
    saved, used, refused = search_ceiling.measure(rules, 2, 2, 40, [10], [(10, 30)], 3, 2.0)
    assert refused == 0
    assert set(saved) == {"search 10", "race 10:30", "always best"}
    assert all(len(v) == 4 for v in saved.values())  # 2 rounds x 2 seats
    # The reference's own best loses nothing against itself: it never does worse than the coach.
    assert min(saved["always best"]) >= 0
    assert used["search 10"] and set(used["search 10"]) == {10}
    assert all(10 <= w <= 30 for w in used["race 10:30"])
    args = ["--games", "1", "--players", "2", "--truth", "20", "--worlds", "8", "--races", "8:16"]
    search_ceiling.main([*args, "--rules", "double-six"])
    out = capsys.readouterr().out
    assert "reference 20 worlds" in out and "search 8: saves" in out and "always best" in out


def test_the_search_ceiling_leaves_out_choices_a_rating_refuses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A stand-in opening can leave too few worlds: the run goes on and counts the choice."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise EvaluateError("too few worlds fit")

    monkeypatch.setattr(search_ceiling, "evaluate", refuse)
    rules = Rules.preset("double-six")
    saved, used, refused = search_ceiling.measure(rules, 1, 2, 40, [10], [], 3, 2.0)
    assert refused > 0 and used["search 10"] == []
    assert saved["search 10"] == [0.0, 0.0]
