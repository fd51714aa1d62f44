"""cf.simulate: one row per round, identical for a seed whatever runs it."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import pandas as pd
import pytest

import cfwidget as cf
from cfwidget.players import ROUND_COLUMNS, RandomBot, greedy


def test_frame_shape_and_consistency() -> None:
    rules = cf.Rules(hand_size=7)
    frame = cf.simulate(rules, 3, "random", rounds=60, seed=2)
    assert list(frame.columns) == [
        "round",
        "start",
        "score_0",
        "score_1",
        "score_2",
        *ROUND_COLUMNS,
    ]
    assert frame["round"].tolist() == list(range(60))
    assert (frame["start"] == "9-9").all()
    for _, row in frame.iterrows():
        if row["blocked"]:
            assert row["went_out"] == -1
            assert row["yard_left"] == 0
        else:
            assert row[f"score_{row['went_out']}"] == 0
        assert row["moves"] == row["turns"] + row["draws"]
        assert row["tiles_played"] <= 55 - 1


def test_same_seed_same_frame_whatever_the_executor() -> None:
    rules = cf.Rules.preset("double-six")
    bots = ["random", "tips", RandomBot(5), greedy]
    alone = cf.simulate(rules, 4, bots, rounds=240, seed=9)
    small_chunks = cf.simulate(rules, 4, bots, rounds=240, seed=9, chunk_size=7)
    with ThreadPoolExecutor(3) as pool:
        threads = cf.simulate(rules, 4, bots, rounds=240, seed=9, executor=pool, chunk_size=50)
    with ProcessPoolExecutor(2) as pool:
        processes = cf.simulate(rules, 4, bots, rounds=240, seed=9, executor=pool, chunk_size=31)
    for other in (small_chunks, threads, processes):
        pd.testing.assert_frame_equal(alone, other)
    assert not alone.equals(cf.simulate(rules, 4, bots, rounds=240, seed=10))


def test_opening_draws_agree_with_the_exact_odds() -> None:
    """Simulated opening draws against odds.start_double_draws, within 4 standard errors."""
    rules = cf.Rules(hand_size=7)
    frame = cf.simulate(rules, 4, "greedy", rounds=1500, seed=4)
    exact = cf.odds.start_double_draws(9, 4, 7)
    p_dealt = float(exact[0])
    n = len(frame)
    seen = float((frame["opening_draws"] == 0).mean())
    se = (p_dealt * (1 - p_dealt) / n) ** 0.5
    assert abs(seen - p_dealt) < 4 * se
    mean_exact = float(sum(Fraction(k) * p for k, p in exact.items()))
    var_exact = float(sum(Fraction(k) ** 2 * p for k, p in exact.items())) - mean_exact**2
    assert abs(frame["opening_draws"].mean() - mean_exact) < 4 * (var_exact / n) ** 0.5


def test_progress_text_in_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    cf.simulate(cf.Rules(hand_size=7), 2, "random", rounds=30, seed=1, progress=True)
    assert "simulated 30/30 rounds" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"bots": ["random"]}, cf.BotError, "one bot for every seat"),
        ({"bots": "clever"}, cf.BotError, "no bot named 'clever'"),
        ({"bots": 5}, cf.BotError, "a list of one per seat; got 5"),
        ({"bots": ["random", 5]}, cf.BotError, "a name or a callable"),
        ({"rounds": 0}, cf.SimulationError, "rounds must be a whole number"),
        ({"rounds": "10"}, cf.SimulationError, "rounds must be a whole number"),
        ({"seed": 1.5}, cf.DealError, "seed must be a whole number"),
        ({"players": 9}, cf.RulesError, "players must be from 2 to 8"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], error: type[ValueError], words: str) -> None:
    args: dict[str, object] = {"players": 2, "bots": "random", "rounds": 5, "seed": 1}
    args.update(kwargs)
    with pytest.raises(error, match=words):
        cf.simulate(cf.Rules(hand_size=7), **args)  # type: ignore[arg-type]


def test_draw_odds_are_what_the_seat_can_count() -> None:
    rnd = cf.Round.deal(cf.Rules(hand_size=7), 3, seed=12)
    seat = rnd.turn
    seen = set(rnd.hands[seat]) | {p.tile for p in rnd.table}
    unseen = [t for t in cf.full_set(9) if t not in seen]
    fits = [t for t in unseen if t.has(9)]
    assert rnd.draw_odds(seat) == Fraction(len(fits), len(unseen))
    with pytest.raises(cf.SeatError, match="seat must be from 0 to 2"):
        rnd.draw_odds(3)


def test_simulation_errors_name_the_argument_and_what_is_allowed() -> None:
    with pytest.raises(
        cf.SimulationError, match=r"rounds must be a whole number from 1 to .*got 0"
    ):
        cf.simulate(cf.Rules(hand_size=7), 2, "random", rounds=0, seed=1)
    with pytest.raises(cf.SimulationError, match="chunk_size must be a whole number, 1 or more"):
        cf.simulate(cf.Rules(hand_size=7), 2, "random", rounds=5, seed=1, chunk_size=2.5)  # type: ignore[arg-type]
    with pytest.raises(cf.RulesError, match=r"rules must be a cf\.Rules.*got 'wolf-lake'"):
        cf.simulate("wolf-lake", 2, "random", rounds=5, seed=1)  # type: ignore[arg-type]


def test_simulate_needs_a_seed_and_a_real_executor() -> None:
    with pytest.raises(cf.SimulationError, match="simulate needs a seed"):
        cf.simulate(cf.Rules(), 2, "greedy", 2, None)  # type: ignore[arg-type]
    with pytest.raises(cf.SimulationError, match=r"executor must be a concurrent\.futures"):
        cf.simulate(cf.Rules(), 2, "greedy", 2, 1, executor=5)  # type: ignore[arg-type]


def test_play_game_and_play_round_say_what_they_need() -> None:
    from cfwidget.players import greedy, play_game, play_round

    with pytest.raises(cf.SimulationError, match=r"play_game needs a cf\.Game"):
        play_game(None, [greedy, greedy])  # type: ignore[arg-type]
    with pytest.raises(cf.SimulationError, match=r"play_round needs a cf\.Round"):
        play_round(None, [greedy, greedy])  # type: ignore[arg-type]
    rnd = cf.Round.deal(cf.Rules(), 2, seed=1)
    with pytest.raises(cf.BotError, match=r"the name 'greedy' \(make_bot\(name\)"):
        play_round(rnd, "greedy")  # type: ignore[arg-type]


def test_the_frame_says_why_each_round_ended() -> None:
    frame = cf.simulate(cf.Rules.preset("wolf-lake"), 3, "random", 60, 4)
    assert set(frame["ended"]) <= {"went-out", "blocked", "all-passed"}
    assert "all-passed" in set(frame["ended"])  # 000's third way to end a round happens
    went_out = frame["ended"] == "went-out"
    assert (frame.loc[went_out, "went_out"] >= 0).all()
    assert (frame.loc[~went_out, "went_out"] == -1).all()
    assert (frame["blocked"] == (frame["ended"] == "blocked")).all()
