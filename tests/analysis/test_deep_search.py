"""The deep search bot and its race: legal, repeatable by seed, blind to hidden tiles, sure of
clearly better moves, and clear about bad requests."""

from __future__ import annotations

import random

import pytest

import cfwidget.analysis._deep_search as deep
from cfwidget import Move, Observation, Round, Rules, Tile
from cfwidget.analysis import DeepSearchBot, EvaluateError, Race, evaluate, race
from cfwidget.odds import CoachBot
from cfwidget.players import BotError, make_bot, play_round


def mid_round(rules: Rules, players: int, seed: int, moves: int) -> Round:
    rnd = Round.deal(rules, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if rnd.is_over:
            break
        legal = rnd.legal_moves()
        rnd.play(legal[rng.randrange(len(legal))])
    return rnd


def choices(rules: Rules, players: int, count: int, seed: int = 0) -> list[Round]:
    """``count`` rounds in play, each with its seat to move choosing from several moves."""
    found = []
    for k in range(seed, seed + 10 * count):
        rnd = mid_round(rules, players, seed=k, moves=4 + k % 17)
        if not rnd.is_over and len(rnd.legal_moves()) > 1:
            found.append(rnd)
        if len(found) == count:
            break
    return found


def test_make_bot_knows_the_deep_search_bot_and_refuses_bad_settings() -> None:
    assert repr(make_bot("deep-search", 1)) == "DeepSearchBot(seed=1, strength=1600)"
    assert repr(DeepSearchBot(2, "quick", sure=3)) == "DeepSearchBot(seed=2, strength=400, sure=3)"
    assert make_bot("deep-search", strength=30).most == 30  # type: ignore[attr-defined]
    for strength in (1, 20_001, "huge", True, 2.5):
        with pytest.raises(BotError, match="strength is the most worlds a choice may use"):
            DeepSearchBot(strength=strength)  # type: ignore[arg-type]
    for sure in (0, -1, 11, "yes", True):
        with pytest.raises(BotError, match="sure is a number of standard errors"):
            DeepSearchBot(sure=sure)  # type: ignore[arg-type]
    for margin in (-0.5, 21, "none", True):
        with pytest.raises(BotError, match="margin is a number of points from 0 to 20"):
            DeepSearchBot(margin=margin)  # type: ignore[arg-type]
    assert repr(DeepSearchBot(3, margin=1)) == "DeepSearchBot(seed=3, strength=1600, margin=1)"
    rnd = Round.deal(Rules(), 2, seed=1)
    with pytest.raises(BotError, match="not the seat to move"):
        DeepSearchBot(1)(rnd.observation(0))
    with pytest.raises(BotError, match="given the seat's Observation"):
        DeepSearchBot(1)(rnd)  # type: ignore[arg-type]


def test_the_bot_plays_legal_moves_to_the_end_of_rounds_of_several_presets() -> None:
    for preset in ("wolf-lake", "puremco", "double-six"):
        rules = Rules.preset(preset)
        for seed in range(2):
            rnd = Round.deal(rules, 3, seed=seed)
            bots = [DeepSearchBot(seed, strength=60), make_bot("coach"), make_bot("random", 1)]
            play_round(rnd, bots)  # Round.play refuses an illegal move
            assert rnd.is_over


def test_the_same_seed_gives_the_same_choices_and_races() -> None:
    for rnd in choices(Rules(), 4, 6):
        obs = rnd.observation(rnd.turn)
        first, again = race(obs, most=150, seed=9), race(obs, most=150, seed=9)
        assert first == again
        assert set(first.left) <= {str(m) for m in obs.legal_moves}
        assert first.worlds <= 150 and max(first.met.values()) == first.worlds
        assert DeepSearchBot(4, strength=150)(obs) == DeepSearchBot(4, strength=150)(obs)


def test_the_race_drops_a_move_that_is_clearly_worse() -> None:
    """Under chicken-little a last-but-one tile laid without "!" draws a penalty tile: the
    silent play is clearly worse than the same play announced, and the race drops it."""
    rules = Rules(last_tile="chicken-little", max_pip=6, hand_size=7)
    checked = 0
    for seed in range(200):
        rnd = Round.deal(rules, 2, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            loud = [m for m in moves if m.announce]
            if loud and rnd.yard_count >= 3:
                break
            rnd.play(moves[rng.randrange(len(moves))])
        else:
            continue
        found = race(rnd.observation(rnd.turn), most=800, seed=seed)
        silent = [str(m) for m in rnd.legal_moves() if m.is_play and not m.announce]
        assert not set(found.left) & set(silent), (found, silent)
        assert all(found.points[s] > min(found.points.values()) for s in silent)
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_the_race_plays_the_double_blank_when_it_may() -> None:
    """Holding the 0-0 (50 points) with other tiles to play: the race keeps only the 0-0's
    plays (sure after its first batch or two), and rates them best."""
    rules = Rules(max_pip=6, hand_size=7)
    checked = 0
    for seed in range(100):
        rnd = Round.deal(rules, 3, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            tiles = {m.tile for m in moves if m.is_play}
            if Tile(0, 0) in tiles and len(tiles) > 1:
                break
            rnd.play(moves[rng.randrange(len(moves))])
        else:
            continue
        found = race(rnd.observation(rnd.turn), most=800, seed=seed)
        assert {Move.parse(m).tile for m in found.left} == {Tile(0, 0)}, found
        assert found.worlds < 800
        best = found.points[found.left[0]]
        assert all(p > best for m, p in found.points.items() if m not in found.left)
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_an_easy_choice_stops_early_and_a_close_one_uses_more_worlds() -> None:
    """Worlds go where the top moves are close: over many positions, the races that ended with
    one move left used fewer worlds than those still undecided, and none went past the most."""
    sure, unsure = [], []
    for rnd in choices(Rules(), 4, 14, seed=100):
        found = race(rnd.observation(rnd.turn), most=400, seed=1)
        assert found.worlds <= 400
        (sure if len(set(found.points[m] for m in found.left)) == 1 else unsure).append(
            found.worlds
        )
    assert sure and unsure
    assert min(sure) == deep.FIRST and max(unsure) > deep.FIRST
    assert sum(sure) / len(sure) < sum(unsure) / len(unsure)


def test_the_bot_keeps_the_coachs_move_unless_the_race_dropped_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rnd = choices(Rules(), 4, 1, seed=40)[0]
    obs = rnd.observation(rnd.turn)
    coach = CoachBot()(obs)
    other = next(m for m in obs.legal_moves if str(m) != str(coach))

    def finding(left: list[Move], coach_loses: float = 1.5) -> object:
        def fake(view: Observation, **_: object) -> Race:
            names = tuple(str(m) for m in left)
            dropped = {} if coach in left else {str(coach): coach_loses}
            return Race(names, {n: 1.0 for n in names}, {n: 50 for n in names}, 50, dropped)

        return fake

    monkeypatch.setattr(deep, "race", finding([other, coach]))
    bot = DeepSearchBot(1)
    assert bot(obs) == coach and bot.overrides == 0 and bot.worlds_used == 50
    monkeypatch.setattr(deep, "race", finding([other]))
    assert bot(obs) == other and bot.overrides == 1
    # With a margin, a coach's move sure to lose 1.5 points is left only past a margin of 1.5.
    assert DeepSearchBot(1, margin=1)(obs) == other
    assert DeepSearchBot(1, margin=2)(obs) == coach

    def refuse(view: Observation, **_: object) -> Race:
        raise EvaluateError("too few imagined worlds fit")

    monkeypatch.setattr(deep, "race", refuse)
    assert bot(obs) == coach and bot.fallbacks == 1


def test_the_race_agrees_with_a_large_evaluation_on_what_it_drops() -> None:
    """A move the race drops is worse than the move it keeps first by evaluate's own rating
    with far more worlds, in every position where the two can be told apart."""
    told_apart = 0
    for rnd in choices(Rules(), 4, 8, seed=200):
        found = race(rnd.observation(rnd.turn), most=400, seed=2)
        dropped = [m for m in found.points if m not in found.left]
        assert sorted(found.sure_loss) == sorted(dropped)
        assert all(loss > 0 for loss in found.sure_loss.values())
        if not dropped:
            continue
        table = evaluate(rnd, worlds=1000, seed=11)
        best = table.at[found.left[0], "expected_points"]
        for move in dropped:
            loss = table.at[move, "expected_points"] - best
            error = max(table.at[move, "loss_std_error"], table.at[found.left[0], "std_error"])
            assert loss > -2 * error, (move, loss, error)
            told_apart += loss > 2 * error
    assert told_apart >= 3
