"""Playouts' public face: playout, playouts and Position, their errors, their odds."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

import cfwidget as cf
from cfwidget.analysis import MAX_PLAYOUTS, PlayoutError, Position, playout, playouts
from cfwidget.analysis._counted import PLAY_CODE, Counted
from cfwidget.analysis._policies import random_policy, run
from cfwidget.core import tile_set


def mid_round(rules: cf.Rules, players: int, seed: int, moves: int) -> cf.Round:
    rnd = cf.Round.deal(rules, players, seed=seed)
    for _ in range(moves):
        if rnd.is_over:
            break
        rnd.play(rnd.legal_moves()[-1])
    return rnd


def test_a_playout_leaves_the_round_alone_and_repeats_with_its_seed() -> None:
    rnd = mid_round(cf.Rules.preset("wolf-lake"), 4, seed=3, moves=10)
    before = rnd.copy()
    first = playout(rnd, seed=9)
    assert rnd == before
    assert playout(rnd, seed=9) == first
    assert len(first) == 4 and all(p >= 0 for p in first)
    assert len({tuple(playout(rnd, seed=s)) for s in range(30)}) > 1  # the seed matters


def test_a_round_that_is_over_gives_its_scores() -> None:
    rnd = cf.Round.deal(cf.Rules.preset("double-six"), 2, seed=4)
    while not rnd.is_over:
        rnd.play(rnd.legal_moves()[0])
    assert playout(rnd) == rnd.scores() == playout(rnd, "greedy")
    assert playouts(rnd, rounds=3) == [rnd.scores()] * 3


def test_playouts_repeat_with_their_seed_and_take_lists_and_positions() -> None:
    rules = cf.Rules.preset("puremco")
    rounds = [mid_round(rules, 3, seed=s, moves=s % 7) for s in range(20)]
    a = playouts(rounds, seed=2)
    assert a == playouts(rounds, seed=2) and len(a) == 20
    pos = Position.from_round(rounds[0])
    assert playouts(pos, rounds=50, seed=5) == playouts(rounds[0], rounds=50, seed=5)
    repeated = playouts([rounds[0]] * 40, seed=3)  # one position counted once, played 40 times
    assert len(repeated) == 40 and len({tuple(p) for p in repeated}) > 1
    greedy = playouts(rounds, policy="greedy")
    assert greedy == [playout(r, "greedy") for r in rounds]  # one policy, two loops
    weighed = playouts(rounds, policy="coach-like")  # one round after another
    assert weighed == [playout(r, "coach-like") for r in rounds] and weighed != greedy


def test_a_set_of_more_than_64_tiles_plays_out_on_counts_too() -> None:
    rnd = cf.Round.deal(cf.Rules(max_pip=12, hand_size=9), 4, seed=1)
    points = playouts(rnd, rounds=4, seed=1)
    assert len(points) == 4 and all(len(p) == 4 for p in points)
    assert len({tuple(p) for p in playouts(rnd, rounds=40, seed=2)}) > 1
    assert playouts(rnd, rounds=2, policy="greedy") == [playout(rnd, "greedy")] * 2


def test_the_biggest_set_keeps_only_the_sets_of_open_numbers_that_turn_up() -> None:
    # What fits each set of open numbers is worked out as it turns up: a double-21 set has
    # 2**22 sets of numbers, and a table of them all took seconds and 600 MB.
    rnd = cf.Round.deal(cf.Rules(max_pip=21, hand_size=10), 4, seed=1)
    before = len(tile_set(21).fits)  # what earlier play in this process worked out
    assert len(playouts(rnd, rounds=20, seed=1)) == 20
    assert len(tile_set(21).fits) - before < 10_000


def first_move_shares(
    rnd: cf.Round, trials: int
) -> tuple[list[cf.Move], Counter[str], Counter[str]]:
    """How often the loop and the counted playouts open with each legal move of ``rnd``."""
    loop: Counter[str] = Counter()
    pos = Position.from_round(rnd)
    rng = __import__("random").Random(5)
    for _ in range(trials):
        one = pos.copy()
        trace: list[int] = []
        run(one, random_policy(rng.random), trace)
        loop[str(pos.move_of(trace[0]))] += 1
    counted: Counter[str] = Counter()
    start = Counted(pos)
    for _ in range(trials):
        trace_c: list[tuple[int, int]] = []
        start.play(rng.random, trace_c)
        code = trace_c[0][0]  # a play joins at a number: count it once per matching move
        counted[f"{pos.ts.tiles[code >> PLAY_CODE]}@{code >> 1 & 31}"] += 1
    opens = {t: n for t, n, _ in rnd.open_ends()}
    legal = rnd.legal_moves()
    by_number: Counter[str] = Counter()
    for m in legal:
        by_number[f"{m.tile}@{opens[m.onto]}"] += 1
    return legal, loop, Counter({k: v / by_number[k] for k, v in counted.items()})


def test_the_random_policy_is_uniform_among_the_engines_legal_moves() -> None:
    rnd = mid_round(cf.Rules.preset("seven-each"), 2, seed=12, moves=9)
    legal, loop, counted = first_move_shares(rnd, 4000)
    assert len(legal) >= 3
    expected = 4000 / len(legal)
    spread = 5 * math.sqrt(expected)
    assert set(loop) == {str(m) for m in legal}
    assert all(abs(n - expected) < spread for n in loop.values())
    assert all(abs(n - expected) < spread for n in counted.values())  # per legal move


def test_position_steps_like_the_engine_and_refuses_illegal_moves() -> None:
    rnd = cf.Round.deal(cf.Rules(), 3, seed=4)
    pos = Position.from_round(rnd)
    assert pos.legal_moves() == rnd.legal_moves()
    move = rnd.legal_moves()[0]
    pos.play(move)
    rnd.play(move)
    assert pos.legal_moves() == rnd.legal_moves() and pos.turn == rnd.turn
    copy = pos.copy()
    with pytest.raises(PlayoutError, match="is not a legal move here; the legal moves are"):
        pos.play("0-0@9-9")
    with pytest.raises(PlayoutError, match="not a move"):
        pos.play("nonsense")
    with pytest.raises(PlayoutError, match="outside the double-9 set"):
        pos.play(cf.Move.play("12-9", "9-9"))
    with pytest.raises(PlayoutError, match="the move code 12345"):
        pos.play(12345)
    assert pos.legal_codes() == copy.legal_codes() and pos.points() == copy.points()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda r: playout("9-9"), "a playout starts from a Round, got '9-9'"),
        (lambda r: playout(r, "smart"), "policy must be 'random', 'greedy' or 'coach-like'"),
        (lambda r: playout(r, seed=-1), "seed must be a whole number from 0"),
        (lambda r: playout(r, seed="7"), "seed must be a whole number"),
        (lambda r: playouts(r), "rounds must be a whole number from 1 to"),
        (lambda r: playouts(r, rounds=0), "rounds must be a whole number from 1 to"),
        (lambda r: playouts(r, rounds=MAX_PLAYOUTS + 1), "rounds must be a whole number from 1 to"),
        (lambda r: playouts(r, rounds=True), "rounds must be a whole number"),
        (lambda r: playouts([]), "a non-empty list of rounds"),
        (lambda r: playouts("abc"), "a non-empty list of rounds"),
        (lambda r: playouts([r, r], rounds=2), "a list of 2 rounds plays each once"),
        (lambda r: playouts([r, 5]), "a playout starts from a Round, got 5"),
        (
            lambda r: playouts([r, cf.Round.deal(cf.Rules(), 3, seed=1)]),
            "round 1 has other rules or another number of seats",
        ),
        (lambda r: playouts(r, rounds=2, policy="best"), "policy must be"),
    ],
)
def test_bad_requests_are_playout_errors_that_say_what_is_allowed(call: Any, message: str) -> None:
    rnd = cf.Round.deal(cf.Rules(), 2, seed=1)
    before = rnd.copy()
    with pytest.raises(PlayoutError, match=message):
        call(rnd)
    assert rnd == before
    assert issubclass(PlayoutError, ValueError) and cf.PlayoutError is PlayoutError


def test_a_position_reads_the_hands_and_yard_as_the_engine_holds_them() -> None:
    """Round.hand_masks() and yard_masks() use the kernel's ranks: built from them, every
    position has the hands and yard the tiles themselves give, in every preset."""
    compared = 0
    for name in cf.Rules.preset_names():
        rules = cf.Rules.preset(name)
        for seed in range(6):
            rnd = mid_round(rules, 3, seed, moves=seed * 7)
            pos = Position.from_round(rnd)
            ts = Position.from_round(cf.Round.deal(rules, 3, seed=0)).ts
            bit = {t: ts.bit[r] for t, r in ts.rank.items()}
            assert pos.hands == [sum(bit[t] for t in hand) for hand in rnd.hands]
            assert pos.yard == [bit[t] for t in reversed(rnd.boneyard)]
            assert [m.bit_count() for m in rnd.hand_masks()] == rnd.hand_counts()
            assert len(rnd.yard_masks()) == rnd.yard_count
            compared += 1
    assert compared >= 30
