"""The per-set tables the engine runs on: ranks, masks, shared plays, the documented shuffle."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from cfwidget import Move, Round, Rules, Tile, full_set
from cfwidget.core._kernel import shuffled_bits
from cfwidget.core._moves import tile_rank
from cfwidget.core._tileset import KEEP, tile_set


@pytest.mark.parametrize("max_pip", [3, 6, 9, 12, 15, 18, 21])
def test_ranks_follow_tile_order_and_masks_match_numbers(max_pip: int) -> None:
    ts = tile_set(max_pip)
    assert list(ts.tiles) == sorted(full_set(max_pip))
    assert all(ts.rank[t] == r for r, t in enumerate(ts.tiles))
    for n, mask in enumerate(ts.number_mask):
        assert set(ts.tiles_of(mask)) == {t for t in ts.tiles if n in t}
    assert ts.tiles_of(0) == ()
    assert ts.tiles_of(sum(ts.bit)) == ts.tiles


@pytest.mark.parametrize("max_pip", [3, 9, 21])
def test_shared_plays_equal_and_hash_like_plays_made_from_text(max_pip: int) -> None:
    ts = tile_set(max_pip)
    assert [tile_rank(t) for t in ts.tiles] == list(range(len(ts.tiles)))
    for r in range(0, len(ts.tiles), 5):
        for q, play in enumerate(ts.plays[r]):
            if play is not None:
                plain = Move.parse(str(play))
                assert play == plain and plain == play and hash(play) == hash(plain)
                assert ts.announced[r][q] == Move.parse(f"{play}!") != play


def test_every_shared_play_is_coded_with_the_number_where_the_tiles_touch() -> None:
    ts = tile_set(6)
    count = 0
    for r, t in enumerate(ts.tiles):
        for q, u in enumerate(ts.tiles):
            move = ts.plays[r][q]
            if r == q or not (u[0] in t or u[1] in t):
                assert move is None
                continue
            count += 1
            assert move == Move.play(t, u)
            assert ts.announced[r][q] == Move.play(t, u, announce=True)
            step = move.step
            t_rank, u_rank, n, far = step.rank, step.onto, step.number, step.far
            bit, double = step.bit, step.double
            assert (t_rank, u_rank, bit, double) == (r, q, 1 << r, t.is_double)
            assert n in t and n in u and t.other(n) == far
    assert count > 0


def test_fits_is_the_union_of_the_numbers_masks() -> None:
    ts = tile_set(9)
    for numbers in (0, 1, 0b1000000001, 0b1111111111, 0b0101010101):
        expected = {t for t in ts.tiles if any(numbers >> n & 1 for n in t)}
        assert set(ts.tiles_of(ts.fits[numbers])) == expected


@pytest.mark.parametrize("max_pip", [3, 9, 21])
def test_the_shuffle_is_random_shuffle_of_full_set(max_pip: int) -> None:
    ts = tile_set(max_pip)
    for seed in [0, 1, 7, 123456789, 2**70 + 5, -3]:
        tiles = list(full_set(max_pip))
        random.Random(seed).shuffle(tiles)
        assert [ts.by_bit[b] for b in shuffled_bits(max_pip, seed)] == tiles


def test_deal_matches_the_documented_shuffle() -> None:
    tiles = list(full_set(9))
    random.Random(42).shuffle(tiles)
    rnd = Round.deal(Rules(), players=4, seed=42)
    assert rnd.opening_draws == ()  # this seed deals the 9-9, so hands are as dealt
    hands = [sorted(tiles[i * 9 : (i + 1) * 9]) for i in range(4)]
    hands[rnd.opener].remove(rnd.start)
    assert [list(h) for h in rnd.hands] == hands
    assert rnd.boneyard == tuple(tiles[36:])


def test_tables_are_shared_not_copied() -> None:
    ts = tile_set(9)
    assert copy.copy(ts) is ts and copy.deepcopy(ts) is ts
    assert pickle.loads(pickle.dumps(ts)) is ts


def test_a_round_from_pickle_or_deepcopy_is_equal_and_plays_on() -> None:
    rnd = Round.deal(Rules(), players=3, seed=11)
    for _ in range(12):
        rnd.play(rnd.legal_moves()[-1])
    rnd.legal_moves()  # cached: a rebuilt round must not keep copies of the shared moves
    for other in (pickle.loads(pickle.dumps(rnd)), copy.deepcopy(rnd)):
        assert other == rnd
        before = other.copy()
        other.play(other.legal_moves()[0])
        other.undo()
        assert other == before
        last = other.undo()
        assert last == rnd.moves[-1]
        other.play(str(last))
        assert other == rnd


def test_play_accepts_equal_moves_and_text_and_applies_the_shared_one() -> None:
    rnd = Round.deal(Rules(), players=2, seed=3)
    move = rnd.legal_moves()[0]
    fresh = Move.parse(str(move))
    assert fresh == move and fresh is not move
    rnd.play(fresh)
    assert rnd.moves[-1] is move
    text = str(rnd.legal_moves()[0])
    rnd.play(text)
    assert str(rnd.moves[-1]) == text
    assert Tile(9, 9) == rnd.start


def test_plays_onto_a_double_are_listed_in_rank_order_and_shared() -> None:
    ts = tile_set(6)
    f = ts.rank[Tile(4, 4)]
    hand = ts.bit[ts.rank[Tile(6, 4)]] | ts.bit[ts.rank[Tile(4, 0)]] | ts.bit[ts.rank[Tile(5, 4)]]
    listed = ts.onto_double[f][hand]
    assert listed == (Move.parse("4-0@4-4"), Move.parse("5-4@4-4"), Move.parse("6-4@4-4"))
    assert ts.onto_double[f][hand] is listed  # worked out once, then shared
    assert ts.onto_double[f][0] == ()


def test_the_kept_lists_stay_bounded_on_big_sets() -> None:
    ts = tile_set(21)
    f = ts.rank[Tile(21, 21)]
    fitting = [ts.bit[ts.rank[Tile(21, n)]] for n in range(21)]
    table = ts.onto_double[f]
    for mask in range(1, 3 * KEEP):
        hand = sum(b for i, b in enumerate(fitting) if mask >> i & 1)
        assert len(table[hand]) == mask.bit_count()
    assert len(table) == KEEP


def test_a_mask_with_a_tile_that_cannot_join_is_refused() -> None:
    ts = tile_set(6)
    with pytest.raises(KeyError, match="no play joins"):
        _ = ts.onto_double[ts.rank[Tile(6, 6)]][ts.bit[ts.rank[Tile(3, 2)]]]


def test_a_shared_play_is_a_move_in_every_way_a_user_sees() -> None:
    ts = tile_set(9)
    shared = ts.plays[ts.rank[Tile(9, 4)]][ts.rank[Tile(9, 9)]]
    plain = Move.parse("9-4@9-9")
    assert shared == plain and hash(shared) == hash(plain) and isinstance(shared, Move)
    assert (str(shared), repr(shared)) == (str(plain), repr(plain))
    back = pickle.loads(pickle.dumps(shared))
    assert back == plain and type(back) is Move
    assert copy.copy(shared) is shared and copy.deepcopy(shared) is shared


def test_the_shared_tables_refuse_every_change() -> None:
    """Every round of a set shares its tables: a stray change fails loudly, and changes nothing."""
    ts = tile_set(6)
    f = ts.rank[Tile(6, 6)]
    six_four = ts.bit[ts.rank[Tile(6, 4)]]
    _ = ts.onto_double[f][six_four], ts.fits[0b1]  # both worked out, so both hold an entry
    before = (dict(ts.rank), dict(ts.onto_double[f]), dict(ts.fits), ts.plays, ts.order)
    table_changes = [
        lambda: ts.rank.__setitem__(Tile(6, 6), 0),
        lambda: ts.lowest.__setitem__(1, 5),
        lambda: ts.by_bit.__delitem__(1),
        lambda: ts.info.__setitem__(1, (0, 0, ())),
        lambda: ts.onto_double.__setitem__(f, ts.onto_double[f]),
        lambda: ts.onto_double[f].__setitem__(six_four, ()),
        lambda: ts.onto_double[f].__delitem__(six_four),
        lambda: ts.onto_double[f].clear(),
        lambda: ts.onto_double[f].update({0: ()}),
        lambda: ts.onto_double[f].setdefault(1, ()),
        lambda: ts.onto_double[f].pop(six_four),
        lambda: ts.onto_double[f].popitem(),
        lambda: ts.fits.__setitem__(0b1, 0),
        lambda: ts.fits.clear(),
        lambda: ts.plays.__setitem__(0, ()),  # type: ignore[attr-defined]
        lambda: ts.plays[0].__setitem__(0, None),  # type: ignore[attr-defined]
        lambda: ts.announced[0].__setitem__(0, None),  # type: ignore[attr-defined]
        lambda: ts.order.__setitem__(0, 1),  # type: ignore[attr-defined]
        lambda: ts.onto_double[f][six_four].append(Move.DRAW),  # type: ignore[attr-defined]
    ]
    for change in table_changes:
        with pytest.raises((TypeError, AttributeError)):
            change()
    with pytest.raises(AttributeError, match="read-only"):
        ts.tiles = ()  # type: ignore[misc]
    with pytest.raises(AttributeError, match="read-only"):
        del ts.fits
    shared = ts.plays[ts.rank[Tile(6, 4)]][f]
    assert shared is not None
    with pytest.raises(AttributeError, match="read-only"):
        shared.step = shared.step
    assert (dict(ts.rank), dict(ts.onto_double[f]), dict(ts.fits), ts.plays, ts.order) == before
    # Rounds still play on the unchanged tables.
    rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=2)
    while not rnd.is_over:
        rnd.play(rnd.legal_moves()[0])


def test_a_legal_move_list_is_the_callers_own() -> None:
    """legal_moves() hands out a fresh list: changing it never reaches the round or the set."""
    rnd = Round.deal(Rules(), players=2, seed=3)  # the centre is forced: its plays are shared
    moves = rnd.legal_moves()
    moves.clear()
    assert (
        rnd.legal_moves() != []
        and rnd.legal_moves() == Round.deal(Rules(), players=2, seed=3).legal_moves()
    )
