"""One generic harness: random rounds of every preset, checked after every move.

Like OpenSpiel's random-simulation tests: whatever the rules, these must hold
after every move, and the counts are printed so a wrong rule shows up as a
wrong number (run with ``-s`` to see them).
"""

from __future__ import annotations

import random
from collections import Counter

import option_mixes
import pytest

import cfwidget as cf
from cfwidget.players import RandomBot

ROUNDS_PER_PRESET = 100


def penalty(tile: cf.Tile, rules: cf.Rules) -> int:
    return rules.double_blank if tile == cf.Tile(0, 0) else tile.pips


def check_state(rnd: cf.Round) -> None:
    rules = rnd.rules
    full = set(cf.full_set(rules.max_pip))
    # Tile conservation: every tile is in exactly one place.
    places = [t for h in rnd.hands for t in h] + list(rnd.boneyard) + [p.tile for p in rnd.table]
    assert len(places) == len(full)
    assert set(places) == full
    # Every tile matches its neighbour, and slots are never overfilled.
    on_table = {p.tile: p for p in rnd.table}
    filled: Counter[cf.Tile] = Counter()
    for p in rnd.table[1:]:
        assert p.onto in on_table, f"{p.tile} was played onto {p.onto}, which is not on the table"
        parent = on_table[p.onto]
        assert p.tile.has(p.number)
        assert parent.open_number == p.number
        filled[p.onto] += 1
    for tile, count in filled.items():
        if tile == rnd.start:
            assert count <= rules.spokes
        elif tile.is_double:
            assert count <= rules.toes
        else:
            assert count <= 1
    # Scores equal pips (0-0 counts the double blank).
    scores = rnd.scores()
    for seat, hand in enumerate(rnd.hands):
        if seat != rnd.went_out:
            assert scores[seat] == sum(penalty(t, rules) for t in hand)
    if rnd.is_over:
        assert rnd.legal_moves() == []
        if rnd.went_out is not None:
            assert rnd.end_reason == "went-out"
            assert rnd.hands[rnd.went_out] == ()
        elif rnd.end_reason == "all-passed":
            # round_end="all-passed": every seat in turn ended its turn with a pass.
            assert rules.round_end == "all-passed" and not rnd.blocked
            assert rnd.passes_in_a_row() == rnd.players
        else:
            assert rnd.end_reason == "blocked" and rnd.blocked
            assert rnd.yard_count == 0
            assert not any(rnd.can_play(s) for s in range(rnd.players))
    else:
        assert rnd.end_reason is None
        if rules.round_end == "all-passed":
            assert rnd.passes_in_a_row() < rnd.players
    if not rnd.is_over:
        legal = rnd.legal_moves()
        assert legal == sorted(legal)
        assert legal


def play_checked(rnd: cf.Round, rng: random.Random, stats: Counter[str]) -> None:
    rules = rnd.rules
    bot = RandomBot(rng.randrange(2**32))
    check_state(rnd)
    # Our own count of the spokes and toes each double has had, kept independently.
    fills: Counter[cf.Tile] = Counter(p.onto for p in rnd.table if p.onto is not None)
    seen: list[tuple[int, cf.Move]] = []  # (seat, move) as each move was made
    while not rnd.is_over:
        seat = rnd.turn
        legal = rnd.legal_moves()
        plays = [m for m in legal if m.is_play]
        if any(m.is_play for m in legal) and rnd.drawn is None:
            assert cf.Move.DRAW not in legal and cf.Move.PASS not in legal
        move = bot(rnd.observation(seat))
        if rng.random() < 0.05:
            # copy() is independent and undo() restores the exact state.
            before = rnd.copy()
            rnd.play(move)
            assert rnd.undo() == move
            assert rnd == before
        unfilled = [
            d
            for d in [rnd.start, *(p.tile for p in rnd.table[1:] if p.tile.is_double)]
            if fills[d] < (rules.spokes if d == rnd.start else rules.toes)
        ]
        if move.is_play:
            # Spokes and toes are forced: nothing goes elsewhere while a double is unfilled.
            assert len(unfilled) <= 1
            if unfilled:
                assert move.onto == unfilled[0], f"{move} played while {unfilled[0]} was unfilled"
            fills[move.onto] += 1
        rnd.play(move)
        seen.append((seat, move))
        assert rnd.history == tuple(seen)  # the history's seats are worked out, not stored
        stats[move.kind] += 1
        if move.is_play and move.tile is not None and move.tile.is_double:
            stats["chicken feet"] += 1
        # Turn order: a play or pass hands the turn to the next seat; a draw keeps it.
        if not rnd.is_over:
            if move == cf.Move.DRAW:
                assert rnd.turn == seat
            else:
                assert rnd.turn == (seat + 1) % rnd.players
        assert len(plays) == sum(1 for m in legal if m.is_play)
        check_state(rnd)
    stats["rounds"] += 1
    stats[rnd.end_reason or "not over"] += 1
    # JSON round trip: the record replays to an equal round.
    again = cf.Round.from_json(rnd.to_json())
    assert again == rnd
    assert again.scores() == rnd.scores()


@pytest.mark.parametrize("preset", cf.Rules.preset_names())
def test_random_rounds_keep_every_invariant(preset: str) -> None:
    rules = cf.Rules.preset(preset)
    rng = random.Random(preset)
    stats: Counter[str] = Counter()
    table_players = [p for p in range(2, 9) if _can_deal(rules, p)]
    for i in range(ROUNDS_PER_PRESET):
        players = table_players[i % len(table_players)]
        rnd = cf.Round.deal(rules, players, seed=rng.randrange(2**32))
        play_checked(rnd, rng, stats)
    print(f"\n{preset}: {dict(stats)}")
    assert stats["rounds"] == ROUNDS_PER_PRESET
    assert stats["went-out"] > 0
    assert stats["chicken feet"] > 0


@pytest.mark.parametrize("max_pip", [3, 4, 6, 12, 15, 18, 21])
@pytest.mark.parametrize("spokes", [3, 4, 6])
def test_every_set_size_plays_to_the_end(max_pip: int, spokes: int) -> None:
    if spokes > max_pip:
        with pytest.raises(cf.RulesError):
            cf.Rules(max_pip=max_pip, spokes=spokes)
        return
    rules = cf.Rules(max_pip=max_pip, spokes=spokes, hand_size=max(2, max_pip // 2))
    rng = random.Random(max_pip * 10 + spokes)
    stats: Counter[str] = Counter()
    for players in (2, 3, 4):
        rnd = cf.Round.deal(rules, players, seed=rng.randrange(2**32))
        play_checked(rnd, rng, stats)
    assert stats["rounds"] == 3


def _can_deal(rules: cf.Rules, players: int) -> bool:
    try:
        rules.hand_size_for(players)
    except cf.RulesError:
        return False
    return True


def variant(base: cf.Rules, name: str, value: object, rng: random.Random) -> cf.Rules:
    """``base`` with one option changed; where that value needs others (next-highest needs
    round_order='highest-unused', say), a random mix that holds it."""
    try:
        return base.replace(**{name: value})
    except cf.RulesError:
        prefer = {name: lambda _: value, "hand_size": lambda r: r.randint(2, 5)}
        return option_mixes.random_rules(rng, prefer, accept=lambda rules: bool(seats(rules)))


def seats(rules: cf.Rules) -> list[int]:
    return [p for p in (2, 4, 6, 3, 5, 7, 8) if _can_deal(rules, p)][:3]


def test_rule_variants_all_play_out() -> None:
    """Every value of every declared option (``option_mixes.every_value``), one at a time,
    over a few random rounds: an option added to ``_options.py`` is played here by itself."""
    base = cf.Rules(hand_size=7)
    rng = random.Random(11)
    played = set()
    for name, option in option_mixes.OPTIONS.items():
        for value in option_mixes.every_value(option, base.max_pip):
            rules = variant(base, name, value, rng)
            assert getattr(rules, name) == value
            stats: Counter[str] = Counter()
            for players in seats(rules):
                play_checked(cf.Round.deal(rules, players, seed=rng.randrange(2**32)), rng, stats)
            assert stats["rounds"] == len(seats(rules)) > 0, (name, value)
            played.add(name)
    assert played == set(option_mixes.OPTIONS)
