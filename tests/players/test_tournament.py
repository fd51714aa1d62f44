"""Tournaments (cfwidget.players): duplicate matches, intervals and the face-value bot."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest
from matplotlib.figure import Figure

from cfwidget import Round, Rules, SimulationError
from cfwidget.core import Move
from cfwidget.players import (
    Bot,
    duplicate_match,
    face_value,
    greedy,
    head_to_head,
    paired_difference,
    plot_win_rates,
    summarize,
    wilson_interval,
)


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert 0 < wilson_interval(0, 10)[1] < 0.35  # never a zero-width interval
    for args, words in [((1, 0), "games must be"), ((11, 10), "wins must be"), ((-1, 5), "wins")]:
        with pytest.raises(SimulationError, match=words):
            wilson_interval(*args)


def test_face_value_keeps_the_double_blank() -> None:
    rnd = Round.from_deal(
        Rules(max_pip=3, spokes=3, hand_size=4),
        hands=[["3-3", "3-2", "0-0", "2-1"], ["3-1", "3-0", "1-1", "2-0"]],
        boneyard=["2-2", "1-0"],
    )
    for move in ("3-1@3-3", "3-2@3-3", "3-0@3-3"):  # the three spokes
        rnd.play(move)
    assert rnd.turn == 0
    assert {str(m) for m in rnd.legal_moves()} == {"0-0@3-0", "2-1@3-1", "2-1@3-2"}
    assert str(greedy(rnd.observation(0))) == "0-0@3-0"  # the blank counts 50: shed it
    assert str(face_value(rnd.observation(0)).tile) == "2-1"  # 0 pips on its face: keep it


def test_face_value_plays_like_greedy_otherwise() -> None:
    rnd = Round.deal(Rules(), players=2, seed=1)
    assert face_value(rnd.observation(rnd.turn)) == greedy(rnd.observation(rnd.turn))
    rnd = Round.deal(Rules(), players=2, seed=3)
    while not rnd.is_over:
        move = face_value(rnd.observation(rnd.turn))
        assert isinstance(move, Move) and move in rnd.legal_moves()
        rnd.play(move)


def test_greedy_against_itself_splits_every_deal() -> None:
    results = duplicate_match({"greedy": greedy}, greedy, Rules(hand_size=7), rounds=30, seed=2)
    assert (results["win_share"] == 0.5).all() and (results["points"] == 0).all()
    table = summarize(results)
    assert table.loc["greedy", "win_rate"] == 0.5 and table.loc["greedy", "games"] == 60


def test_same_deals_whatever_runs_them() -> None:
    bots: dict[str, Bot | str] = {"random": "random", "face": face_value}
    alone = duplicate_match(bots, greedy, Rules(hand_size=7), rounds=40, seed=3)
    with ThreadPoolExecutor(2) as pool:
        threads = duplicate_match(
            bots, greedy, Rules(hand_size=7), rounds=40, seed=3, executor=pool
        )
    pd.testing.assert_frame_equal(alone, threads)
    table = head_to_head(bots, greedy, Rules(hand_size=7), rounds=40, seed=3)
    pd.testing.assert_frame_equal(table, summarize(alone))
    row = table.loc["random"]
    assert row["low"] <= row["win_rate"] <= row["high"]
    assert row["points_low"] <= row["points"] <= row["points_high"]


def test_paired_difference() -> None:
    bots: dict[str, Bot | str] = {"random": "random", "greedy": greedy}
    results = duplicate_match(bots, greedy, Rules(hand_size=7), rounds=40, seed=1)
    diff = paired_difference(results, {"same": ("random", "random"), "gap": ("greedy", "random")})
    assert diff.loc["same"].tolist() == [0.0] * 6
    rates = summarize(results)["win_rate"]
    assert diff.loc["gap", "win_rate"] == pytest.approx(rates["greedy"] - rates["random"])
    with pytest.raises(SimulationError, match="no contender named 'tips'"):
        paired_difference(results, {"x": ("tips", "random")})
    with pytest.raises(SimulationError, match="at least one contender"):
        duplicate_match({}, greedy, Rules(hand_size=7), rounds=5, seed=1)


def test_plot_win_rates() -> None:
    results = duplicate_match({"random": "random"}, greedy, Rules(hand_size=7), rounds=10, seed=1)
    fig = plot_win_rates(summarize(results))
    assert isinstance(fig, Figure) and fig.get_size_inches()[0] == 7.0
