"""Every seed the package takes is checked the same way: a whole number from 0 to 2**64 - 1.

A seed outside that range used to reach ``random.Random`` and then fail in ``to_json()`` with
Python's own digit-limit ValueError. Now each layer refuses it with its own error, naming
the range, and the largest seed deals, plays and writes its record like any other.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import cfwidget as cf
from cfwidget import odds
from cfwidget._shared import MAX_SEED, shown
from cfwidget.players import RandomBot, greedy, make_bot
from cfwidget.therapy.settings import SessionSettings

RANGE = "from 0 to 18,446,744,073,709,551,615 (2**64 - 1)"
BAD = [10**5000, MAX_SEED + 1, -1, 2.0, "7", True, np.float64(3)]


def a_round() -> cf.Round:
    return cf.Round.deal(cf.Rules(), 3, seed=5)


#: Everything that takes a seed, with the error that names its layer.
TAKES_A_SEED: dict[str, tuple[type[ValueError], Callable[[object], object]]] = {
    "Round.deal": (cf.DealError, lambda s: cf.Round.deal(cf.Rules(), 2, seed=s)),  # type: ignore[arg-type]
    "Game": (cf.DealError, lambda s: cf.Game(2, seed=s)),  # type: ignore[arg-type]
    "simulate": (cf.DealError, lambda s: cf.simulate(cf.Rules(), 2, "random", 1, s)),  # type: ignore[arg-type]
    "head_to_head": (
        cf.DealError,
        lambda s: cf.players.head_to_head({"greedy": greedy}, "random", cf.Rules(), 1, s),  # type: ignore[arg-type]
    ),
    "RandomBot": (cf.BotError, lambda s: RandomBot(s)),  # type: ignore[arg-type]
    "make_bot": (cf.BotError, lambda s: make_bot("greedy", s)),  # type: ignore[arg-type]
    "CoachBot": (cf.BotError, lambda s: odds.CoachBot(s)),  # type: ignore[arg-type]
    "sharper_draw_odds": (
        cf.SeatOddsError,
        lambda s: odds.sharper_draw_odds(a_round(), 0, worlds=2, seed=s),  # type: ignore[arg-type]
    ),
    "hidden_worlds": (
        cf.SeatOddsError,
        lambda s: odds.hidden_worlds(a_round(), 0, worlds=2, seed=s),  # type: ignore[arg-type]
    ),
    "dealt_hands": (cf.OddsError, lambda s: odds.dealt_hands(cf.Rules(), 2, 1, s)),  # type: ignore[arg-type]
    "dealt_hand_costs": (cf.OddsError, lambda s: odds.dealt_hand_costs(cf.Rules(), 2, 1, s)),  # type: ignore[arg-type]
    "draw_checks": (
        cf.OddsError,
        lambda s: odds.draw_checks(cf.Rules(), 2, [greedy, greedy], 1, s),  # type: ignore[arg-type]
    ),
    "SessionSettings": (cf.SettingsError, lambda s: SessionSettings(seed=s)),  # type: ignore[arg-type]
    "evaluate": (
        cf.EvaluateError,
        lambda s: cf.analysis.evaluate(a_round(), worlds=2, seed=s),  # type: ignore[arg-type]
    ),
    "review": (
        cf.ReviewError,
        lambda s: cf.analysis.review(a_round(), worlds=2, seed=s),  # type: ignore[arg-type]
    ),
    "SearchBot": (cf.BotError, lambda s: make_bot("search", s, strength=2)),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("where", sorted(TAKES_A_SEED))
@pytest.mark.parametrize("seed", BAD, ids=lambda v: shown(v, 20))
def test_a_seed_out_of_range_is_refused_by_its_layer_naming_the_range(
    where: str, seed: object
) -> None:
    error, call = TAKES_A_SEED[where]
    if isinstance(seed, np.floating) and where == "SessionSettings":
        seed = 3.5  # settings are read from JSON: a float is what arrives there
    with pytest.raises(error, match=r"seed must be a whole number from 0 to 18,446") as info:
        call(seed)
    assert RANGE in str(info.value)
    assert type(info.value).__module__ == "cfwidget"


@pytest.mark.parametrize("where", sorted(TAKES_A_SEED))
@pytest.mark.parametrize("seed", [0, MAX_SEED])
def test_the_ends_of_the_range_are_seeds(where: str, seed: int) -> None:
    TAKES_A_SEED[where][1](seed)


def test_the_largest_seed_deals_a_round_whose_record_reads_back() -> None:
    rnd = cf.Round.deal(cf.Rules(), 3, seed=MAX_SEED)
    again = cf.Round.from_json(rnd.to_json())
    assert again == rnd and again.seed == MAX_SEED
    game = cf.Game(["Ann", "Bob"], seed=np.uint64(MAX_SEED))
    assert cf.Game.from_json(game.to_json()).seed == MAX_SEED


def test_the_digit_limit_is_a_deal_error_not_pythons_value_error() -> None:
    with pytest.raises(cf.DealError) as info:
        cf.Round.deal(cf.Rules(), 2, seed=10**5000)
    assert "a number too long to print" in str(info.value)


def test_bots_seeded_from_the_largest_seed_stay_seeds() -> None:
    """The widget and guided sessions seed seat s's bot with seed + s, wrapping round."""
    from cfwidget.widget import GameWidget

    w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=MAX_SEED), humans=[0], bots="random")
    assert {bot.seed for bot in w._bots.values()} == {0, 1}  # type: ignore[attr-defined]
    settings = SessionSettings(seed=MAX_SEED, bots=2)
    assert settings.seed == MAX_SEED


def test_asking_draw_odds_when_nothing_is_hidden_is_the_engines_seat_error() -> None:
    """A seat that sees every tile (the others went out, the yard is empty) cannot draw."""
    for seed in range(400):
        rnd = cf.Round.deal(cf.Rules(max_pip=3, hand_size=5, spokes=3), 2, seed=seed)
        while not rnd.is_over:
            rnd.play(greedy(rnd.observation(rnd.turn)))
        if rnd.yard_count == 0 and min(len(h) for h in rnd.hands) == 0:
            break
    else:
        pytest.fail("no round of 400 ended with the yard empty and a seat out")
    loser = max(range(2), key=lambda s: len(rnd.hands[s]))
    before = json.dumps(rnd.to_dict())
    with pytest.raises(cf.SeatError, match="can see every tile: there is nothing left to draw"):
        rnd.draw_odds(loser)
    assert json.dumps(rnd.to_dict()) == before


def test_the_therapists_app_refuses_a_seed_before_anything_is_drawn(tmp_path: Path) -> None:
    from cfwidget.therapy.app import guided_app

    for seed in (10**5000, -1, 1.5):
        with pytest.raises(cf.SettingsError, match=r"seed must be a whole number from 0 to"):
            guided_app(tmp_path / "records", seed=seed)  # type: ignore[arg-type]
    assert not (tmp_path / "records").exists()  # refused before the records folder was made
    assert guided_app(tmp_path / "records", seed=MAX_SEED) is not None
