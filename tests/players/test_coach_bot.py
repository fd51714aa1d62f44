"""The "coach" bot by name: legal moves only, in simulations and process pools, and the
registry of bot names that layers above the players add to."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pandas as pd
import pytest

import cfwidget as cf
from cfwidget.odds import CoachBot, coach_hint
from cfwidget.players import BOTS, make_bot, play_game, register_bot, tips

REPO = Path(__file__).resolve().parents[2]


def test_the_coach_is_a_bot_name_once_the_odds_are_loaded() -> None:
    assert list(BOTS)[:4] == ["random", "greedy", "tips", "coach"]
    assert isinstance(make_bot("coach", 7), CoachBot)


def test_the_coach_plays_only_legal_moves_under_every_preset() -> None:
    bot = make_bot("coach")
    for name in cf.Rules.preset_names():
        rules = cf.Rules.preset(name)
        for players in (2, 4):
            for seed in range(4):
                rnd = cf.Round.deal(rules, players, seed=seed)
                while not rnd.is_over:
                    legal = rnd.legal_moves()
                    move = bot(rnd.observation(rnd.turn))
                    assert move in legal, (name, players, seed, move, legal)
                    if len(legal) > 1:
                        assert move == coach_hint(rnd).move
                    rnd.play(move)


def test_the_coach_plays_whole_games() -> None:
    game = cf.Game(["Ann", "Bob", "Cy"], cf.Rules.preset("wolf-lake"), seed=3)
    play_game(game, [make_bot("coach"), tips, make_bot("random", 1)])
    assert game.is_over and len(game.sheet.rounds) >= 1


def test_simulate_knows_the_coach_in_one_process_and_in_a_pool_of_fresh_processes() -> None:
    rules = cf.Rules.preset("wolf-lake")
    bots = ["coach", "tips", "random", "coach"]
    alone = cf.simulate(rules, 4, bots, rounds=24, seed=5)
    # "spawn" starts workers that have imported nothing: the names travel with their makers.
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=spawn) as pool:
        pooled = cf.simulate(rules, 4, bots, rounds=24, seed=5, executor=pool, chunk_size=5)
    pd.testing.assert_frame_equal(alone, pooled)
    assert set(alone["went_out"]) - {-1} <= {0, 1, 2, 3}
    assert cf.simulate(rules, 2, "coach", rounds=4, seed=5)["round"].tolist() == [0, 1, 2, 3]


def _fresh_python(code: str) -> str:
    """What ``code`` prints in a new interpreter that imports this checkout of cfwidget."""
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    return out.stdout


def test_a_fresh_interpreter_finds_the_coach_through_cf_simulate() -> None:
    code = (
        "import cfwidget as cf; "
        "f = cf.simulate(cf.Rules(hand_size=7), 2, 'coach', rounds=3, seed=1); "
        "print(len(f))"
    )
    assert _fresh_python(code).strip() == "3"


def test_a_fresh_interpreter_finds_the_coach_straight_from_players() -> None:
    # A notebook that imports only from cfwidget.players still knows the coach by name.
    code = (
        "import sys; from cfwidget.players import duplicate_match, greedy, make_bot; "
        "import cfwidget as cf; "
        "print('cfwidget.odds' in sys.modules, type(make_bot('coach')).__name__, "
        "'cfwidget.odds' in sys.modules)"
    )
    assert _fresh_python(code).split() == ["False", "CoachBot", "True"]


def test_register_bot_checks_its_arguments() -> None:
    with pytest.raises(cf.BotError, match="a bot's name is 1 to 32 lower case letters"):
        register_bot("Clever Bot", CoachBot)
    with pytest.raises(cf.BotError, match="'tips' is a built-in bot and cannot be replaced"):
        register_bot("tips", CoachBot)
    with pytest.raises(cf.BotError, match="needs a factory: a callable that takes a seed"):
        register_bot("clever", "coach")  # type: ignore[arg-type]
    assert "clever" not in BOTS
    register_bot("clever", CoachBot)
    try:
        assert isinstance(make_bot("clever"), CoachBot)
        assert cf.simulate(cf.Rules(hand_size=7), 2, "clever", rounds=2, seed=1)["moves"].min() > 0
    finally:
        del BOTS["clever"]
    with pytest.raises(cf.BotError, match=r"no bot named 'clever'; the bots are: .*coach"):
        make_bot("clever")
