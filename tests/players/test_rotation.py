"""The duplicate match for any number of players (cfwidget.players.rotation_match)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

from cfwidget import BotError, Rules, RulesError, SimulationError
from cfwidget.core import Move, Observation
from cfwidget.players import (
    ROTATION_COLUMNS,
    TIMED_COLUMNS,
    ExecutorError,
    greedy,
    rotation_match,
    rotation_summary,
    simulate,
)

SMALL = Rules(hand_size=7)


@pytest.mark.parametrize(("bot", "players"), [("greedy", 4), ("random", 3), ("tips", 2)])
def test_the_same_bot_everywhere_gives_no_difference(bot: str, players: int) -> None:
    # A named bot is seeded by its deal and chair, so the "contender" in chair c plays exactly
    # as the opponent in chair c did in the baseline game: every difference is 0.
    results = rotation_match(bot, bot, SMALL, players, deals=6, seed=3)
    assert len(results) == 6 * players and list(results.columns) == ROTATION_COLUMNS
    assert (results["difference"] == 0).all()
    assert (results["points"] == results["baseline"]).all()
    assert (results["win"] == results["baseline_win"]).all()
    assert (results["out"] == results["baseline_out"]).all()
    every = rotation_summary(results).loc["all"]
    assert every["difference"] == 0 and every["low"] == 0 and every["high"] == 0
    assert every["win_difference"] == 0


def test_every_chair_of_every_deal_matches_a_plain_simulation() -> None:
    # The contender sits in each chair in turn, on the same deal as the baseline: its points
    # in chair c are those of simulate() with the bots seated that way, deal for deal.
    players, deals, seed = 3, 8, 11
    results = rotation_match("random", "greedy", SMALL, players, deals, seed)
    assert results.groupby("deal")["chair"].apply(list).tolist() == [[0, 1, 2]] * deals
    baseline = simulate(SMALL, players, "greedy", deals, seed)
    for chair in range(players):
        seated = ["random" if s == chair else "greedy" for s in range(players)]
        frame = simulate(SMALL, players, seated, deals, seed)
        mine = results[results["chair"] == chair].reset_index(drop=True)
        assert mine["points"].tolist() == frame[f"score_{chair}"].tolist()
        assert mine["baseline"].tolist() == baseline[f"score_{chair}"].tolist()
        others = frame[[f"score_{s}" for s in range(players) if s != chair]].mean(axis=1)
        assert mine["others"].tolist() == pytest.approx(others.tolist())
        assert mine["out"].tolist() == (frame["went_out"] == chair).astype(float).tolist()
    assert (results["difference"] == results["points"] - results["baseline"]).all()
    assert results["difference"].ne(0).any()  # random and greedy do differ


class Counting:
    """The greedy bot, counting its moves."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, obs: Observation) -> Move:
        self.calls += 1
        return greedy(obs)


def test_a_timed_match_counts_the_contenders_moves_and_changes_nothing_else() -> None:
    plain = rotation_match("random", "greedy", SMALL, 3, deals=5, seed=7)
    timed = rotation_match("random", "greedy", SMALL, 3, deals=5, seed=7, timed=True)
    assert list(timed.columns) == ROTATION_COLUMNS + TIMED_COLUMNS
    assert timed[ROTATION_COLUMNS].equals(plain)
    assert (timed["moves"] >= 1).all()
    assert (timed["seconds"] >= 0).all() and (timed["cpu_seconds"] >= 0).all()
    counting = Counting()
    counted = rotation_match(counting, "random", SMALL, 3, deals=4, seed=2, timed=True)
    assert counted["moves"].sum() == counting.calls > 0


def test_win_shares_split_each_table() -> None:
    results = rotation_match("random", "greedy", SMALL, 4, deals=10, seed=5)
    # the baseline's four chairs are one game: their win shares add up to 1
    assert results.groupby("deal")["baseline_win"].sum().tolist() == pytest.approx([1.0] * 10)
    assert set(results["win"]) <= {0.0, 0.25, 1 / 3, 0.5, 1.0}
    table = rotation_summary(results)
    assert list(table.index) == [0, 1, 2, 3, "all"]
    assert table.loc["all", "baseline_win_share"] == pytest.approx(0.25)
    assert table.loc["all", "games"] == 40 and table.loc[2, "games"] == 10
    assert table.loc["all", "deals"] == 10
    assert table.loc["all", "difference"] == pytest.approx(results["difference"].mean())
    assert table.loc["all", "points"] == pytest.approx(results["points"].mean())
    for chair in range(4):
        row = table.loc[chair]
        assert row["low"] <= row["difference"] <= row["high"]
        assert row["difference"] == pytest.approx(
            results.loc[results["chair"] == chair, "difference"].mean()
        )


def test_a_weaker_bot_shows_in_the_interval() -> None:
    results = rotation_match("random", "greedy", SMALL, 3, deals=40, seed=2)
    every = rotation_summary(results).loc["all"]
    assert every["low"] > 0  # random keeps more points than greedy in the same chair
    assert every["points"] > every["baseline_points"]


def test_same_frame_whatever_runs_it_and_progress_sees_every_row() -> None:
    alone = rotation_match("random", greedy, SMALL, 3, deals=7, seed=4, chunk_size=3)
    seen: list[pd.DataFrame] = []
    with ThreadPoolExecutor(2) as pool:
        shared = rotation_match(
            "random",
            greedy,
            SMALL,
            3,
            deals=7,
            seed=4,
            executor=pool,
            chunk_size=2,
            progress=seen.append,
        )
    pd.testing.assert_frame_equal(alone, shared)
    assert sum(len(part) for part in seen) == 21 and len(seen) == 4


def test_a_match_finished_in_two_calls_is_the_match_in_one() -> None:
    whole = rotation_match("random", greedy, SMALL, 3, deals=9, seed=5, chunk_size=4)
    first = whole[whole["deal"].isin({0, 2, 3, 7})]  # what a run cut short had finished
    rest = rotation_match(
        "random", greedy, SMALL, 3, deals=9, seed=5, chunk_size=4, skip={0, 2, 3, 7}
    )
    assert sorted(set(rest["deal"])) == [1, 4, 5, 6, 8]
    both = pd.concat([first, rest]).sort_values(["deal", "chair"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(both, whole)
    nothing = rotation_match("random", greedy, SMALL, 3, deals=2, seed=5, skip=[0, 1])
    assert nothing.empty and list(nothing.columns) == ROTATION_COLUMNS


def test_an_object_bot_and_a_strength() -> None:
    calls: list[int] = []

    def first_move(obs: Observation) -> Move:
        calls.append(obs.seat)
        return obs.legal_moves[0]

    results = rotation_match(first_move, "greedy", SMALL, 2, deals=2, seed=1)
    assert set(calls) == {0, 1} and len(results) == 4


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"players": 1}, RulesError, "players must be from 2"),
        ({"players": 9}, RulesError, "players must be from 2"),
        ({"rules": "double-nine"}, RulesError, "rules must be a cf.Rules"),
        ({"players": True}, SimulationError, "players must be a whole number"),
        ({"deals": 0}, SimulationError, "deals must be a whole number"),
        ({"deals": 2.5}, SimulationError, "deals must be a whole number"),
        ({"contender": "nobody"}, BotError, "no bot named 'nobody'"),
        ({"opponent": 7}, BotError, "the opponent is a bot's name or a callable"),
        ({"strength": 50}, BotError, "no strength setting"),
        ({"contender": greedy, "strength": 50}, BotError, "strength goes with a contender"),
        ({"chunk_size": 0}, SimulationError, "chunk_size must be"),
        ({"seed": None}, SimulationError, "needs a seed"),
        ({"executor": "pool"}, ExecutorError, "executor must be"),
        ({"progress": 3}, SimulationError, "progress is a function"),
        ({"skip": 1}, SimulationError, "skip is a set of deal numbers"),
        ({"skip": {2}}, SimulationError, "a deal number in skip must be .* from 0 to 1"),
    ],
)
def test_bad_input_is_refused(
    kwargs: dict[str, object], error: type[Exception], words: str
) -> None:
    args: dict[str, object] = {
        "contender": "greedy",
        "opponent": "greedy",
        "rules": SMALL,
        "players": 3,
        "deals": 2,
        "seed": 1,
    }
    args.update(kwargs)
    with pytest.raises(error, match=words):
        rotation_match(**args)  # type: ignore[arg-type]


def test_summary_refuses_what_is_not_a_rotation_match() -> None:
    for bad in (pd.DataFrame(), pd.DataFrame({"deal": [0]}), "results"):
        with pytest.raises(SimulationError, match="the frame rotation_match returned"):
            rotation_summary(bad)  # type: ignore[arg-type]
