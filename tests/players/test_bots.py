"""Bots choose legal moves, follow their strategies, and only use their own seat's view."""

from __future__ import annotations

import pytest

import cfwidget as cf
from cfwidget.players import (
    BOTS,
    RandomBot,
    TipsBot,
    greedy,
    make_bot,
    play_game,
    play_round,
    tips,
)

#: Fewer worlds a choice for the bots that search, where their default would take minutes here.
FEWER_WORLDS = {"deep-search": 50}


def test_every_bot_finishes_rounds_of_every_preset() -> None:
    for name in cf.Rules.preset_names():
        rules = cf.Rules.preset(name)
        for bot_name in BOTS:
            rnd = cf.Round.deal(rules, 3 if name != "double-six" else 4, seed=5)
            strength = FEWER_WORLDS.get(bot_name)
            while not rnd.is_over:
                bot = (
                    make_bot(bot_name, 1, strength=strength) if strength else make_bot(bot_name, 1)
                )
                move = bot(rnd.observation(rnd.turn))
                assert move in rnd.legal_moves()
                rnd.play(move)


def test_random_bot_is_reproducible() -> None:
    def run(seed: int) -> list[str]:
        rnd = cf.Round.deal(cf.Rules(), 4, seed=3)
        bot = RandomBot(seed)
        while not rnd.is_over:
            rnd.play(bot(rnd.observation(rnd.turn)))
        return [str(m) for m in rnd.moves]

    assert run(1) == run(1)
    assert run(1) != run(2)


def position(hands: list[list[str]], yard: list[str], max_pip: int = 4) -> cf.Round:
    return cf.Round.from_deal(
        cf.Rules(max_pip=max_pip, spokes=3, hand_size=3), hands, yard, start=f"{max_pip}-{max_pip}"
    )


def spoked(extra_hand: list[str]) -> cf.Round:
    """Double-4 with its 3 spokes (4-0, 4-2, 4-1) down; seat 1 to move holding ``extra_hand``."""
    all_tiles = {str(t) for t in cf.full_set(4)}
    hands = [["4-4", "4-1", "1-1"], ["4-0", *extra_hand], ["4-2", "3-3"]]
    used = {t for h in hands for t in h}
    rnd = position(hands, sorted(all_tiles - used))
    for move in ["4-0@4-4", "4-2@4-4", "4-1@4-4"]:
        rnd.play(move)
    return rnd


def test_greedy_plays_heaviest() -> None:
    rnd = spoked(["2-1", "3-2", "1-0"])
    assert rnd.turn == 1
    assert greedy(rnd.observation(1)) == cf.Move.parse("3-2@4-2")


def test_tips_dumps_the_double_blank_first() -> None:
    rnd = spoked(["0-0", "3-2", "2-1"])
    assert greedy(rnd.observation(1)) == cf.Move.parse("0-0@4-0")  # 0-0 weighs its 50 points
    assert tips(rnd.observation(1)) == cf.Move.parse("0-0@4-0")
    light = cf.Round.from_json(rnd.to_json().replace('"double_blank": 50', '"double_blank": 0'))
    assert greedy(light.observation(1)) == cf.Move.parse("3-2@4-2")
    assert tips(light.observation(1)) == cf.Move.parse("0-0@4-0")  # the tip: dump it anyway
    plain = TipsBot(dump_blank=False, hold_double=False)
    assert plain(light.observation(1)) == cf.Move.parse("3-2@4-2")
    # Seat 0 is down to one tile: the tip says play a double so the table must fill its toes.
    assert TipsBot(dump_blank=False)(light.observation(1)) == cf.Move.parse("0-0@4-0")


def test_make_bot_unknown_name() -> None:
    with pytest.raises(cf.BotError, match="the bots are: random, greedy, tips"):
        make_bot("clever")


def test_tips_bot_beats_random_play() -> None:
    wins = 0
    for seed in range(12):
        game = cf.Game(2, cf.Rules(hand_size=9), seed=seed)
        bots = [tips, RandomBot(seed)] if seed % 2 else [RandomBot(seed), tips]
        play_game(game, bots)
        wins += game.sheet.standings()[0] == game.names[seed % 2 == 0]
    assert wins >= 8, wins


def test_bot_errors_say_which_bots_there_are() -> None:
    with pytest.raises(cf.BotError, match=r"no bot named 'clever'; the bots are: random, greedy"):
        make_bot("clever")
    rnd = cf.Round.deal(cf.Rules(), 4, seed=1)
    with pytest.raises(cf.BotError, match=r"need one bot per seat \(4\), got 2"):
        play_round(rnd, [greedy, greedy])
    with pytest.raises(cf.BotError, match=r"need one bot per seat \(4\), got None"):
        play_round(rnd, None)  # type: ignore[arg-type]
    assert len(rnd.history) == 0


def _old_shape(rnd: cf.Round, seat: int) -> cf.Move:
    """A bot of the old shape, handed the whole round."""
    return rnd.legal_moves()[0]


class _OldShape:
    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def __call__(self, rnd: cf.Round, seat: int) -> cf.Move:
        return rnd.legal_moves()[0]


def test_a_bot_of_the_old_two_argument_shape_is_refused_with_the_new_shape() -> None:
    """A bot used to be ``bot(round, seat)``: it is refused everywhere a bot is taken, with
    words that show the new shape, and nothing is played."""
    rnd = cf.Round.deal(cf.Rules(), 2, seed=3)
    before = rnd.copy()
    shape = r"takes 2 arguments \(rnd, seat\), the old shape bot\(round, seat\); a bot takes one"
    with pytest.raises(cf.BotError, match="the bot of seat 0 " + shape):
        play_round(rnd, [_old_shape, greedy])  # type: ignore[list-item]
    assert rnd == before
    with pytest.raises(cf.BotError, match="the bot of seat 1 " + shape):
        cf.simulate(cf.Rules(), 2, ["greedy", _OldShape()], rounds=3, seed=1)  # type: ignore[list-item]
    with pytest.raises(cf.BotError, match=r"def first\(obs\): return obs.legal_moves\[0\]"):
        cf.players.rotation_match(_OldShape(), "greedy", cf.Rules(), 2, deals=1, seed=1)  # type: ignore[arg-type]
    cf.players.register_bot("old-shape", _OldShape)
    try:
        with pytest.raises(cf.BotError, match="the bot 'old-shape' " + shape):
            make_bot("old-shape", 1)
        with pytest.raises(cf.BotError, match="the bot 'old-shape' " + shape):
            cf.simulate(cf.Rules(), 2, "old-shape", rounds=3, seed=1)
    finally:
        del BOTS["old-shape"]
    with pytest.raises(cf.BotError, match="takes 0 arguments"):
        play_round(rnd, [lambda: None, greedy])  # type: ignore[list-item]
    with pytest.raises(cf.BotError, match="must be a callable, got 3"):
        cf.players.check_bot(3)


def test_a_bot_of_one_argument_with_extras_is_taken() -> None:
    """One observation and optional extras (a default, ``*args``, a bound method) fit."""

    def careful(obs: cf.Observation, depth: int = 2) -> cf.Move:
        return obs.legal_moves[0]

    class Seated:
        def choose(self, obs: cf.Observation) -> cf.Move:
            return obs.legal_moves[-1]

    for bot in (careful, lambda *args: args[0].legal_moves[0], Seated().choose, len):
        assert cf.players.check_bot(bot) is bot
    # Bound methods (and builtins, and classes) share their type: each is read for itself.
    with pytest.raises(cf.BotError, match="takes 2 arguments"):
        cf.players.check_bot(_OldShape().__call__)
    assert cf.players.check_bot(Seated().choose) is not None
    with pytest.raises(cf.BotError, match="takes 2 arguments"):
        cf.players.check_bot(divmod)
    rnd = cf.Round.deal(cf.Rules(max_pip=6, hand_size=7), 2, seed=4)
    play_round(rnd, [careful, Seated().choose])
    assert rnd.is_over
