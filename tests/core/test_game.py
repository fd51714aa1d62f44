"""Games: round order, start rules, game length and the score sheet."""

from __future__ import annotations

import pytest

import cfwidget as cf
from cfwidget.players import RandomBot, greedy, play_game, play_round


def played(rules: cf.Rules, players: int = 3, seed: int = 1) -> cf.Game:
    game = cf.Game(players, rules, seed=seed)
    play_game(game, [RandomBot(s) for s in range(players)])
    return game


def test_one_round_per_double_from_the_top_down() -> None:
    game = played(cf.Rules(hand_size=7))
    assert game.is_over
    assert game.sheet.labels == tuple(f"{n}-{n}" for n in range(9, -1, -1))
    assert len(game.sheet.rounds) == 10 == game.rounds_total
    assert game.winner == game.sheet.standings()[0]


def test_counting_up_from_the_double_blank() -> None:
    game = played(cf.Rules(max_pip=6, hand_size=5, round_order="up"))
    assert game.sheet.labels == tuple(f"{n}-{n}" for n in range(7))


def test_highest_unused_double_uses_each_double_once() -> None:
    rules = cf.Rules.preset("wolf-lake")
    for seed in range(6):
        game = played(rules, players=2, seed=seed)
        starts = [r.start for r in game.rounds]
        assert sorted(starts) == [cf.Tile(n, n) for n in range(10)]


def test_game_to_a_target_total() -> None:
    rules = cf.Rules.preset("double-six").replace(game_target=150)
    game = played(rules, players=3, seed=3)
    assert game.rounds_total is None
    assert max(game.sheet.totals) >= 150
    assert all(max(game.sheet.totals[:]) for _ in [0])
    # Before the last round nobody had reached it.
    totals = [0, 0, 0]
    for row in game.sheet.rounds[:-1]:
        totals = [a + b for a, b in zip(totals, row, strict=True)]
    assert max(totals) < 150


def test_high_draw_decides_who_opens_and_lays_the_double_first() -> None:
    rules = cf.Rules(hand_size=7, first_player="high-draw")
    game = cf.Game(["Ann", "Bob", "Cy"], rules, seed=8)
    tiles = [tile for _, tile in game.first_draw]
    best = max(range(3), key=lambda s: (tiles[s].pips, tiles[s].high))
    assert game.round.turn == best
    assert game.round.start == cf.Tile(9, 9)
    play_round(game.round, [greedy] * 3)
    game.next_round()
    assert game.round.turn == (best + 1) % 3


def test_next_round_only_after_the_round_ends() -> None:
    game = cf.Game(2, cf.Rules(hand_size=7), seed=1)
    with pytest.raises(cf.IllegalMove, match="not over yet"):
        game.next_round()
    game2 = played(cf.Rules.preset("double-six"), players=2)
    with pytest.raises(cf.IllegalMove, match="game is over"):
        game2.next_round()


def test_undo_takes_back_a_recorded_round_end() -> None:
    game = cf.Game(2, cf.Rules(hand_size=7), seed=4)
    play_round(game.round, [greedy, greedy])
    assert len(game.sheet.rounds) == 1
    game.undo()
    assert len(game.sheet.rounds) == 0
    assert not game.round.is_over


def test_bad_game_arguments() -> None:
    with pytest.raises(cf.ScoreError, match="2 to 8 players"):
        cf.Game(9)
    with pytest.raises(cf.ScoreError, match="names must differ"):
        cf.Game(["Ann", "Ann"])
    with pytest.raises(cf.RulesError, match="covers 2 to 4 players"):
        cf.Game(5, cf.Rules(max_pip=6, hand_size="wolf-lake"))
    with pytest.raises(cf.RulesError, match=r"cf.Rules.preset\('wolf-lake'\); got 'wolf-lake'"):
        cf.Game(2, rules="wolf-lake")  # type: ignore[arg-type]


def test_same_seed_same_game() -> None:
    a = played(cf.Rules(hand_size=7), seed=12)
    b = played(cf.Rules(hand_size=7), seed=12)
    assert a.sheet.rounds == b.sheet.rounds
