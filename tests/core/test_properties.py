"""Property tests with hypothesis: notation round trips and random rounds under any rules."""

from __future__ import annotations

import contextlib
import random

import option_mixes
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import cfwidget as cf

tiles = st.tuples(st.integers(0, 21), st.integers(0, 21)).map(lambda p: cf.Tile(*p))


@given(tiles)
def test_tile_text_round_trips(tile: cf.Tile) -> None:
    assert cf.Tile.parse(str(tile)) == tile
    assert cf.Tile(tile.low, tile.high) == tile
    assert tile.high >= tile.low
    assert eval(repr(tile), {"Tile": cf.Tile}) == tile  # the repr is code you can paste back


@given(tiles, tiles, st.booleans())
def test_move_text_round_trips(a: cf.Tile, b: cf.Tile, announce: bool) -> None:
    if a == b:
        return
    move = cf.Move.play(a, b, announce=announce)
    assert cf.Move.parse(str(move)) == move
    assert cf.Move.parse(str(cf.Move.DRAW)) == cf.Move.DRAW


@given(st.lists(st.tuples(tiles, tiles, st.booleans()), min_size=1, max_size=8))
def test_moves_sort_and_compare_by_tile_then_table_tile_then_announcement(
    parts: list[tuple[cf.Tile, cf.Tile, bool]],
) -> None:
    """A move's tuple starts with one key (quick to compare); it must order and tell
    moves apart exactly as their tiles and announcement do."""
    moves = [cf.Move.play(a, b, announce=x) for a, b, x in parts if a != b]
    moves += [cf.Move.DRAW, cf.Move.PASS, cf.Move("draw"), cf.Move("pass")]
    natural = sorted(moves, key=lambda m: (m.kind != "play", m.kind, m.tile, m.onto, m.announce))
    assert sorted(moves) == natural
    for m in moves:
        for other in moves:
            same = (m.kind, m.tile, m.onto, m.announce) == (
                other.kind,
                other.tile,
                other.onto,
                other.announce,
            )
            assert (m == other) is same
            assert not same or hash(m) == hash(other)


@given(st.text(max_size=12))
def test_parsing_never_crashes_with_anything_but_a_notation_error(text: str) -> None:
    with contextlib.suppress(cf.NotationError):
        cf.Move.parse(text)


#: Every declared option (``option_mixes.py``), a few narrowed so that rounds stay short.
rules_strategy = option_mixes.rules_strategy(
    narrow={
        "max_pip": st.integers(4, 12),
        "spokes": st.sampled_from([3, 4]),
        "hand_size": st.integers(2, 6) | st.sampled_from(["wolf-lake", "fewer"]),
        "double_blank": st.sampled_from([25, 50]),
        "out_on_double": st.sampled_from([0, 50]),
    }
)


@settings(max_examples=60, deadline=None)
@given(rules_strategy, st.integers(2, 5), st.integers(0, 2**32))
def test_random_rounds_end_and_conserve_tiles(rules: cf.Rules, players: int, seed: int) -> None:
    try:
        rnd = cf.Round.deal(rules, players, seed=seed)
    except cf.RulesError:  # these rules seat no such table (a hand-size table's gap, say)
        assume(False)
    rng = random.Random(seed)
    total = rules.tile_count
    steps = 0
    while not rnd.is_over:
        moves = rnd.legal_moves()
        assert moves
        rnd.play(rng.choice(moves))
        steps += 1
        assert steps < 10 * total, "a round must end"
        held = sum(len(h) for h in rnd.hands)
        assert held + len(rnd.boneyard) + len(rnd.table) == total
    assert rnd.legal_moves() == []
    scores = rnd.scores()
    assert all(s >= 0 for s in scores)
    if rnd.went_out is not None:
        assert scores[rnd.went_out] in (0, rules.out_on_double)
    assert cf.Round.from_json(rnd.to_json()) == rnd
