"""Scenario tests: one small explicit position for every rule and rule option.

Each test is written from the five rule texts (named by number, 000 to 004, as in
``docs/rules.md``), and its docstring says which rule it checks. Positions use double-3 to
double-6 sets so a whole deal fits on a line; ``make`` puts every tile not named into the
chicken yard (after any tiles named to be drawn first), or into one seat's hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hand_made import legal, make

import cfwidget as cf
from cfwidget import Move, Placed, Round, Rules, Tile

# --- helpers -------------------------------------------------------------------------------------


def T(text: str) -> Tile:
    return Tile.parse(text)


def play(rnd: Round, *moves: str) -> None:
    for move in moves:
        rnd.play(move)


def opens(rnd: Round) -> dict[str, int]:
    """Open table tiles and the number each shows."""
    return {str(t): n for t, n, _ in rnd.open_ends()}


def hand(rnd: Round, seat: int) -> list[str]:
    return sorted(str(t) for t in rnd.hands[seat])


def rejected(rnd: Round, move: str, *words: str) -> str:
    """Assert ``move`` is an illegal move whose message has ``words``; nothing changes."""
    before = rnd.copy()
    with pytest.raises(cf.IllegalMove) as info:
        rnd.play(move)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert rnd == before
    return message


# --- the set and the notation --------------------------------------------------------------------


@pytest.mark.parametrize(("max_pip", "size"), [(6, 28), (9, 55), (12, 91), (15, 136), (18, 190)])
def test_set_sizes_named_in_the_sources(max_pip: int, size: int) -> None:
    """002: "A double-nine set has 55 tiles, double-12 has 91, double-15 has 136 and double-18
    has 190"; 000/003: a double-six set (28)."""
    tiles = cf.full_set(max_pip)
    assert len(tiles) == size == Rules(max_pip=max_pip, hand_size=5).tile_count


@pytest.mark.parametrize("max_pip", range(3, 22))
def test_every_set_from_double_3_to_double_21_holds_each_pair_once(max_pip: int) -> None:
    """rules.md, The set: every pair (a, b) with 0 <= a <= b <= N, once; highest first."""
    tiles = cf.full_set(max_pip)
    pairs = {(a, b) for b in range(max_pip + 1) for a in range(b, max_pip + 1)}
    assert len(tiles) == len(set(tiles)) == (max_pip + 1) * (max_pip + 2) // 2
    assert {tuple(t) for t in tiles} == pairs
    assert tiles[0] == Tile(max_pip, max_pip) and tiles[-1] == Tile(0, 0)
    assert list(tiles) == sorted(tiles, reverse=True)
    doubles = [t for t in tiles if t.is_double]
    assert len(doubles) == max_pip + 1  # one round per double (rules.md, A game)


@pytest.mark.parametrize("max_pip", [2, 22, -1, True, 9.0, "9"])
def test_sets_outside_double_3_to_double_21_are_refused(max_pip: Any) -> None:
    """The package supports double-3 to double-21 sets."""
    with pytest.raises(cf.RulesError, match=r"double-3 to double-21|whole number"):
        cf.full_set(max_pip)


def test_tiles_are_written_high_end_first() -> None:
    """rules.md, The set: "Tiles are written high end first: 9-4, 6-6, 0-0"."""
    assert str(Tile(4, 9)) == "9-4" and str(Tile(6, 6)) == "6-6" and str(Tile(0, 0)) == "0-0"
    assert Tile(4, 9) == Tile(9, 4) == T("4-9") == T("9-4") == T(" 9 : 4 ") == T("9|4")
    assert hash(Tile(4, 9)) == hash(Tile(9, 4))
    assert repr(Tile(4, 9)) == "Tile(9, 4)" and eval(repr(Tile(4, 9))) == Tile(9, 4)
    assert (Tile(9, 4).high, Tile(9, 4).low, Tile(9, 4).pips) == (9, 4, 13)
    assert Tile(6, 6).is_double and not Tile(6, 5).is_double
    assert Tile(9, 4).has(4) and not Tile(9, 4).has(5)
    assert Tile(9, 4).other(9) == 4 and Tile(6, 6).other(6) == 6
    assert T("12-3") == Tile(12, 3) and str(T("3-12")) == "12-3"
    for tile in cf.full_set(12):
        assert T(str(tile)) == tile


@pytest.mark.parametrize("text", ["", "9", "9-", "-4", "9-4-1", "a-b", "9-4@9-9", "22-1", "9 4"])
def test_text_that_is_not_a_tile_is_a_notation_error(text: str) -> None:
    """A tile is two numbers joined by '-' (rules.md, The set)."""
    with pytest.raises(cf.NotationError):
        T(text)


@pytest.mark.parametrize("pair", [(22, 1), (-1, 3), (True, 1), (1.0, 1), ("9", "4")])
def test_tile_values_outside_the_sets_are_refused(pair: tuple[Any, Any]) -> None:
    with pytest.raises(cf.NotationError):
        Tile(*pair)


def test_moves_print_and_parse_round_trip() -> None:
    """rules.md, What is not a choice: "9-4@9-9 (a spoke), 4-4@9-4 (a chicken foot), 4-1@4-4 (a
    toe) ... Drawing and passing are the moves draw and pass"; '!' announces the last tile."""
    tiles = cf.full_set(6)
    texts = ["draw", "pass"]
    texts += [f"{t}@{u}" for t in tiles for u in tiles if t != u]
    texts += [f"{t}@{u}!" for t in tiles for u in tiles if t != u]
    for text in texts:
        move = Move.parse(text)
        assert str(move) == text
        assert Move.parse(str(move)) == move
        assert eval(repr(move), {"Move": Move}) == move
    spoke = Move.parse("9-4@9-9")
    assert (spoke.kind, spoke.tile, spoke.onto, spoke.announce) == (
        "play",
        T("9-4"),
        T("9-9"),
        False,
    )
    assert Move.parse("4-9@9-9") == spoke == Move.play("4-9", (9, 9))
    assert str(Move.parse(" 4 - 9 @ 9-9 ")) == "9-4@9-9"
    assert (
        Move.parse("4-1@4-4!").announce
        and str(Move.play("4-1", "4-4", announce=True)) == "4-1@4-4!"
    )
    assert Move.parse("DRAW") is Move.DRAW and Move.parse("Pass") is Move.PASS
    assert (Move.DRAW.kind, Move.DRAW.tile, Move.PASS.kind, Move.PASS.onto) == (
        "draw",
        None,
        "pass",
        None,
    )


def test_moves_sort_plays_then_draw_then_pass() -> None:
    moves = [Move.PASS, Move.DRAW, Move.parse("9-4@9-9"), Move.parse("9-0@9-9")]
    assert [str(m) for m in sorted(moves)] == ["9-0@9-9", "9-4@9-9", "draw", "pass"]


# --- who starts ----------------------------------------------------------------------------------


def test_holder_of_the_start_double_places_it_and_the_next_seat_moves() -> None:
    """000 Step 1: "the player with the double-nine plays it in the center ... The turn rotates
    to the left"; 003: "Play then moves clockwise from the player who placed it"."""
    rules = Rules(max_pip=4, spokes=4, hand_size=3)
    rnd = make(rules, [["4-1", "2-0", "3-3"], ["4-4", "4-2", "1-0"], ["4-3", "2-2", "3-0"]])
    assert (rnd.start, rnd.opener, rnd.turn) == (T("4-4"), 1, 2)
    assert rnd.table == (Placed(T("4-4"), None, 4, 0),)
    assert hand(rnd, 1) == ["1-0", "4-2"]
    assert rnd.history == () and rnd.opening_draws == ()
    assert (rnd.forced, rnd.needed) == (T("4-4"), 4)
    assert rnd.role(T("4-4")) == "centre"
    assert legal(rnd) == ["4-3@4-4"]

    last = make(rules, [["4-1", "2-0", "3-3"], ["4-3", "4-2", "1-0"], ["4-4", "2-2", "3-0"]])
    assert (last.opener, last.turn) == (2, 0)  # clockwise wraps round the table


def test_missing_start_double_seats_draw_in_turn_until_it_turns_up() -> None:
    """001: "If ... no player has drawn the tile required to begin the round, players take turns
    drawing from the chicken yard until it is found ... the player who draws the start tile
    begins the round"; 002, 003 the same (start_missing="draw", the default)."""
    rules = Rules(max_pip=3, spokes=3, hand_size=2)
    assert rules.start_missing == "draw"
    hands = [["3-2", "1-0"], ["2-1", "2-0"], ["3-1", "3-0"]]
    rnd = make(rules, hands, ["1-1", "0-0", "3-3"], first=1)
    assert rnd.opening_draws == ((1, T("1-1")), (2, T("0-0")), (0, T("3-3")))
    assert (rnd.start, rnd.opener, rnd.turn) == (T("3-3"), 0, 1)
    assert hand(rnd, 0) == ["1-0", "3-2"]
    assert hand(rnd, 1) == ["1-1", "2-0", "2-1"]
    assert hand(rnd, 2) == ["0-0", "3-0", "3-1"]
    assert rnd.boneyard == (T("2-2"),)
    assert rnd.table == (Placed(T("3-3"), None, 3, 0),)
    assert legal(rnd) == ["draw"]  # seat 1 holds no 3

    from_zero = make(rules, hands, ["1-1", "0-0", "3-3"])
    assert from_zero.opening_draws == ((0, T("1-1")), (1, T("0-0")), (2, T("3-3")))
    assert (from_zero.opener, from_zero.turn) == (2, 0)
    assert legal(from_zero) == ["3-2@3-3"]


def test_a_later_round_starts_from_its_own_double() -> None:
    """001: "Each later round starts with the player who has drawn the next-lowest double"."""
    rules = Rules(max_pip=4, spokes=3, hand_size=3)
    rnd = make(rules, [["4-4", "3-2", "1-0"], ["3-3", "4-3", "0-0"]], start="3-3")
    assert (rnd.start, rnd.opener, rnd.turn) == (T("3-3"), 1, 0)
    assert legal(rnd) == ["3-2@3-3"]
    assert rnd.rule_in_force() == "the centre double 3-3 still needs 3 spokes (tiles with a 3)"


def test_next_highest_double_stands_in_when_the_start_double_is_not_dealt() -> None:
    """000 Step 1 and 004: "If no player has the double-6 then the player with the next highest
    double plays it" (start_missing="next-highest"); the spokes then match that double."""
    rules = Rules(
        max_pip=4,
        spokes=3,
        hand_size=3,
        start_missing="next-highest",
        round_order="highest-unused",  # the pair 000 and 004 give (the only one allowed)
    )
    hands = [["1-1", "4-0", "2-0"], ["4-3", "4-1", "3-1"], ["3-3", "3-2", "2-1"]]
    rnd = make(rules, hands, ["4-4"])
    assert (rnd.start, rnd.opener, rnd.turn) == (T("3-3"), 2, 0)
    assert rnd.opening_draws == () and rnd.boneyard[0] == T("4-4")
    assert legal(rnd) == ["draw"]  # seat 0 holds no 3
    play(rnd, "draw")
    assert rnd.drawn == T("4-4") and legal(rnd) == ["pass"]
    play(rnd, "pass")
    assert legal(rnd) == ["3-1@3-3", "4-3@3-3"]


def test_next_highest_skips_doubles_already_used() -> None:
    """000 and 004: "the next round begins with the highest double left": doubles already used
    (crossed out on the score sheet) cannot stand in."""
    rules = Rules(
        max_pip=4,
        spokes=3,
        hand_size=3,
        start_missing="next-highest",
        round_order="highest-unused",  # the pair 000 and 004 give (the only one allowed)
    )
    hands = [["1-1", "4-0", "2-0"], ["4-3", "4-1", "3-1"], ["3-3", "3-2", "2-1"]]
    rnd = make(rules, hands, ["4-4"], used_doubles=["3-3"])
    assert (rnd.start, rnd.opener, rnd.turn) == (T("1-1"), 0, 1)
    assert legal(rnd) == ["3-1@1-1", "4-1@1-1"]
    assert rnd.needed == 3


def test_draw_rule_ignores_lower_doubles() -> None:
    """Under start_missing="draw" a lower double in hand does not start the round."""
    rules = Rules(max_pip=4, spokes=3, hand_size=3)
    hands = [["1-1", "4-0", "2-0"], ["4-3", "4-1", "3-1"], ["3-3", "3-2", "2-1"]]
    rnd = make(rules, hands, ["0-0", "4-4"])
    assert rnd.opening_draws == ((0, T("0-0")), (1, T("4-4")))
    assert (rnd.start, rnd.opener, rnd.turn) == (T("4-4"), 1, 2)


# --- spokes and lines ----------------------------------------------------------------------------

SPOKE_HANDS = [
    ["6-6", "6-5", "6-3", "6-1", "4-4", "3-2", "1-0"],
    ["6-4", "6-2", "6-0", "5-4", "2-2", "5-1", "3-0"],
]
SPOKE_ORDER = ["6-4", "6-5", "6-2", "6-3", "6-0", "6-1"]  # seat 1, 0, 1, 0, 1, 0


@pytest.mark.parametrize(
    "spokes",
    [
        pytest.param(3, id="3-y-shape-002"),
        pytest.param(4, id="4-cross-000-001-002-004"),
        pytest.param(6, id="6-double-foot-003"),
    ],
)
def test_spokes_come_first_and_each_matches_the_centre(spokes: int) -> None:
    """000 Step 2: "No other plays can be made until all four sides of the double are filled";
    003: "The center double must have six tiles played against it ... Each of these tiles must
    match the double's number"; 002: some fill only three, in a Y shape."""
    rnd = make(Rules(max_pip=6, spokes=spokes, hand_size=7), SPOKE_HANDS)
    assert (rnd.opener, rnd.turn, rnd.needed) == (0, 1, spokes)
    for i, tile in enumerate(SPOKE_ORDER[:spokes]):
        moves = rnd.legal_moves()
        assert moves and all(m.onto == T("6-6") and m.tile.has(6) for m in moves)  # type: ignore[union-attr]
        assert rnd.forced == T("6-6") and rnd.needed == spokes - i
        if i == 2:
            # 6-5 and 6-4 are down with free ends 5 and 4, but seat 1 may not use them yet.
            word = "spoke" if spokes == 3 else "spokes"
            rejected(rnd, "5-4@6-5", f"still needs {spokes - 2} {word}", "centre double 6-6")
            rejected(rnd, "5-4@6-4", "still needs")
            rejected(rnd, "5-1@6-6", "5-1 does not match 6-6")
        play(rnd, f"{tile}@6-6")
        assert rnd.table[-1] == Placed(T(tile), T("6-6"), 6, i)
        assert rnd.role(T(tile)) == "spoke"
    assert rnd.forced is None and rnd.needed == 0
    spokes_down = [T(t) for t in SPOKE_ORDER[:spokes]]
    assert opens(rnd) == {str(t): t.other(6) for t in spokes_down}
    assert rnd.rule_in_force() == "play on any open end"
    seat = rnd.turn
    assert seat == (1 + spokes) % 2
    expected = sorted(
        Move.play(t, u) for t in rnd.hands[seat] for u in spokes_down if t.has(u.other(6))
    )
    assert rnd.legal_moves() == expected
    left = [t for t in rnd.hands[seat] if t.has(6)]
    if left:
        rejected(rnd, f"{left[0]}@6-6", "already has all its spokes")


def test_after_the_spokes_every_end_is_open_to_every_player() -> None:
    """003: "each spoke becomes a line ... There are no private lines: every end on the table is
    open to every player"; rules.md rule 4: a tile's other number becomes the new open end."""
    rnd = make(Rules(max_pip=6, spokes=3, hand_size=7), SPOKE_HANDS)
    play(rnd, "6-4@6-6", "6-5@6-6", "6-2@6-6")
    # Seat 0 may build on the two spokes seat 1 laid, not on its own 6-5 (no 5 in hand).
    assert legal(rnd) == ["3-2@6-2", "4-4@6-4"]
    play(rnd, "3-2@6-2")
    assert rnd.table[-1] == Placed(T("3-2"), T("6-2"), 2, 0)
    assert rnd.role(T("3-2")) == "line"
    assert opens(rnd) == {"6-4": 4, "6-5": 5, "3-2": 3}
    assert legal(rnd) == ["3-0@3-2", "5-1@6-5", "5-4@6-4", "5-4@6-5"]
    rejected(rnd, "2-2@6-2", "6-2 is already covered")
    play(rnd, "3-0@3-2")  # seat 1 builds on seat 0's line
    assert opens(rnd) == {"6-4": 4, "6-5": 5, "3-0": 0}


# --- chicken feet --------------------------------------------------------------------------------

FOOT_HANDS = [
    ["6-6", "6-5", "5-5", "5-1", "5-2", "3-3", "0-0"],
    ["6-4", "6-3", "5-3", "5-0", "3-1", "2-2", "1-0"],
]
TOE_ORDER = ["5-3", "5-1", "5-0"]  # seat 1, 0, 1


@pytest.mark.parametrize("toes", [1, 2, 3])
def test_a_double_on_a_line_is_a_chicken_foot_that_takes_its_toes_first(toes: int) -> None:
    """000 Step 3: "If a double bone is played on an exposed bone ... The Chicken Foot must be
    filled with 3 more bones (fives) before the game may proceed elsewhere"; 003: "After the
    third toe, every toe is the start of a new line" (toes is an option, 3 by default)."""
    rnd = make(Rules(max_pip=6, spokes=3, toes=toes, hand_size=7), FOOT_HANDS)
    play(rnd, "6-4@6-6", "6-5@6-6", "6-3@6-6")
    assert rnd.forced is None
    assert "5-5@6-5" in legal(rnd) and "3-3@6-3" in legal(rnd)
    play(rnd, "5-5@6-5")
    assert rnd.table[-1] == Placed(T("5-5"), T("6-5"), 5, 0)
    assert rnd.role(T("5-5")) == "foot"
    assert (rnd.forced, rnd.needed) == (T("5-5"), toes)
    assert opens(rnd) == {"6-4": 4, "6-3": 3, "5-5": 5}
    for i, toe in enumerate(TOE_ORDER[:toes]):
        moves = rnd.legal_moves()
        assert moves and all(m.onto == T("5-5") and m.tile.has(5) for m in moves)  # type: ignore[union-attr]
        word = "toe" if toes - i == 1 else "toes"
        assert (
            rnd.rule_in_force()
            == f"the chicken foot on 5-5 still needs {toes - i} {word} (tiles with a 5)"
        )
        if i == 0:
            rejected(rnd, "3-1@6-3", f"chicken foot on 5-5 still needs {toes} {word}")
            rejected(rnd, "1-0@5-5", "1-0 does not match 5-5")
        play(rnd, f"{toe}@5-5")
        assert rnd.table[-1] == Placed(T(toe), T("5-5"), 5, i)
        assert rnd.role(T(toe)) == "toe"
    assert rnd.forced is None and rnd.needed == 0
    toe_ends = {t: T(t).other(5) for t in TOE_ORDER[:toes]}
    assert opens(rnd) == {"6-4": 4, "6-3": 3, **toe_ends}
    fives = [t for t in rnd.hands[rnd.turn] if t.has(5)]
    assert fives  # a tile with a 5 is left, but the foot is full
    rejected(rnd, f"{fives[0]}@5-5", "chicken foot on 5-5 already has all its toes")


def test_only_one_chicken_foot_is_open_at_a_time() -> None:
    """rules.md, What is not a choice: "only one chicken foot can be open at a time"; 001: "The
    next three tiles played must be played as chicken toes ... before a tile can be played
    anywhere else", so a second double must wait."""
    rnd = make(Rules(max_pip=6, spokes=3, hand_size=7), FOOT_HANDS)
    play(rnd, "6-4@6-6", "6-5@6-6", "6-3@6-6", "5-5@6-5", "5-3@5-5")
    # Seat 0 holds 3-3 and two ends show 3, but the foot on 5-5 still needs 2 toes.
    rejected(rnd, "3-3@6-3", "chicken foot on 5-5 still needs 2 toes")
    rejected(rnd, "3-3@5-3", "still needs 2 toes")
    assert legal(rnd) == ["5-1@5-5", "5-2@5-5"]
    play(rnd, "5-1@5-5", "5-0@5-5")
    assert "3-3@6-3" in legal(rnd) and "3-3@5-3" in legal(rnd)
    play(rnd, "3-3@5-3")
    assert (rnd.forced, rnd.needed) == (T("3-3"), 3)


def test_a_double_is_never_a_spoke_or_a_toe() -> None:
    """rules.md: "Tiles are unique, so no double can be a spoke or a toe": the only double with
    the centre's (or foot's) number is that double itself."""
    with pytest.raises(cf.NotationError, match="onto itself"):
        Move.parse("6-6@6-6")
    for name in Rules.preset_names():
        rules = Rules.preset(name)
        for seed in range(3):
            rnd = Round.deal(rules, players=3, seed=seed)
            rng = random.Random(seed)
            while not rnd.is_over:
                for m in rnd.legal_moves():
                    if m.is_play and m.onto is not None and m.onto.is_double:
                        assert not m.tile.is_double  # type: ignore[union-attr]
                doubles_open = [t for t, _, _ in rnd.open_ends() if t.is_double]
                assert len(doubles_open) <= 1
                assert doubles_open == ([rnd.forced] if rnd.forced is not None else [])
                rnd.play(rng.choice(rnd.legal_moves()))
            for placed in rnd.table[1:]:
                assert placed.onto is not None
                assert not (placed.tile.is_double and placed.onto.is_double)


# --- drawing and passing -------------------------------------------------------------------------

DRAW_HANDS = [["4-4", "4-3", "2-2"], ["3-2", "2-1", "1-0"]]


def test_a_player_who_cannot_play_may_only_draw() -> None:
    """000 Step 2: "If a player cannot play to the double, they must draw once from the chicken
    yard"; rules.md rule 6."""
    rnd = make(Rules(max_pip=4, spokes=4, hand_size=3), DRAW_HANDS, ["4-1"])
    assert rnd.turn == 1 and legal(rnd) == ["draw"]
    rejected(rnd, "pass", "passing is not allowed")
    rejected(rnd, "3-2@4-4", "3-2 does not match 4-4")


@pytest.mark.parametrize("must", [False, True])
def test_a_drawn_tile_that_fits_may_or_must_be_played(must: bool) -> None:
    """001: "If that tile can be played, the player may do so immediately" (must_play_drawn=
    False); 003: "If it fits where you are allowed to play, play it", 004 "either plays it ... or
    calls Pass" (must_play_drawn=True)."""
    rnd = make(Rules(max_pip=4, spokes=4, hand_size=3, must_play_drawn=must), DRAW_HANDS, ["4-1"])
    play(rnd, "draw")
    assert rnd.drawn == T("4-1") and rnd.turn == 1
    assert hand(rnd, 1) == ["1-0", "2-1", "3-2", "4-1"]
    assert legal(rnd) == (["4-1@4-4"] if must else ["4-1@4-4", "pass"])
    rejected(rnd, "draw", "already drawn")
    if must:
        rejected(rnd, "pass", "must be played")
    else:
        other = rnd.copy()
        play(other, "pass")
        assert other.turn == 0 and other.drawn is None and "4-1" in hand(other, 1)
    play(rnd, "4-1@4-4")
    assert rnd.turn == 0 and rnd.drawn is None and rnd.table[-1].tile == T("4-1")


def test_a_drawn_tile_that_does_not_fit_leaves_only_pass() -> None:
    """003: "Draw one tile from the boneyard. If it fits ... play it; otherwise your turn ends";
    000: "otherwise he says pass". The drawn tile stays in the hand."""
    for must in (False, True):
        rnd = make(
            Rules(max_pip=4, spokes=4, hand_size=3, must_play_drawn=must), DRAW_HANDS, ["3-3"]
        )
        play(rnd, "draw")
        assert legal(rnd) == ["pass"]
        rejected(rnd, "3-3@4-4", "3-3 does not match 4-4")
        play(rnd, "pass")
        assert rnd.turn == 0 and "3-3" in hand(rnd, 1) and rnd.drawn is None
        assert rnd.history[-2:] == ((1, Move.DRAW), (1, Move.PASS))


def test_with_the_yard_empty_a_player_who_cannot_play_passes() -> None:
    """000 Step 2: "If no bones remain to draw from, the player simply calls pass"; 001: "any
    player without a legal play simply misses a turn"."""
    rules = Rules(max_pip=3, spokes=3, hand_size=4)
    rnd = make(rules, [["3-3", "1-1", "2-1", "0-0"], ["3-2", "3-1", "3-0", "1-0", "2-2", "2-0"]])
    assert rnd.yard_count == 0
    play(rnd, "3-2@3-3")
    assert legal(rnd) == ["pass"]
    rejected(rnd, "draw", "chicken yard is empty")
    play(rnd, "pass")
    assert rnd.turn == 1 and not rnd.is_over


def test_a_player_who_can_play_must_play() -> None:
    """rules.md rule 6: "A player who can play must play exactly one tile": no draw, no pass."""
    rnd = make(
        Rules(max_pip=4, spokes=4, hand_size=3), [["4-4", "2-2", "1-1"], ["4-3", "2-1", "1-0"]]
    )
    assert legal(rnd) == ["4-3@4-4"]
    rejected(rnd, "draw", "must play instead of drawing")
    rejected(rnd, "pass", "not allowed")
    empty = make(
        Rules(max_pip=3, spokes=3, hand_size=3), [["3-3", "1-1"], ["3-2", "2-1"]], rest_to=0
    )
    assert empty.yard_count == 0 and legal(empty) == ["3-2@3-3"]
    rejected(empty, "pass", "passing is not allowed: Player 2 must play it")


# --- the end of a round and scores ---------------------------------------------------------------


def test_the_round_ends_when_a_player_goes_out() -> None:
    """002: "The round ends when someone plays their last tile"; 000: player who went out scores
    0, the others their spot total."""
    rnd = make(Rules(max_pip=4, spokes=3, hand_size=2), [["4-4", "4-3", "1-1"], ["4-2", "4-1"]])
    play(rnd, "4-2@4-4", "4-3@4-4")
    assert not rnd.is_over
    play(rnd, "4-1@4-4")
    assert rnd.is_over and rnd.went_out == 1 and not rnd.blocked
    assert rnd.legal_moves() == [] and rnd.turn == 1
    assert rnd.scores() == [2, 0]
    rejected(rnd, "1-1@4-1", "round is over")
    rejected(rnd, "draw", "round is over")


@pytest.mark.parametrize(("double_blank", "out_on_double"), [(50, 0), (25, 0), (50, 50)])
def test_scores_double_blank_and_going_out_on_a_double(
    double_blank: int, out_on_double: int
) -> None:
    """000: "double blank ... 50 points" and its tip "counts as 25 points"; 001, 003: 50; 002:
    "Wikipedia also charges 50 to a player who goes out on a double" (out_on_double). rules.md
    rule 7: the round ends at once, even with the foot unfilled."""
    rules = Rules(
        max_pip=4, spokes=3, hand_size=4, double_blank=double_blank, out_on_double=out_on_double
    )
    rnd = make(rules, [["4-4", "4-3", "0-0", "3-0"], ["4-2", "4-1", "2-2"]])
    play(rnd, "4-2@4-4", "4-3@4-4", "4-1@4-4", "3-0@4-3")
    assert rnd.scores() == [double_blank, 2 + 2]
    play(rnd, "2-2@4-2")
    assert rnd.is_over and rnd.went_out == 1 and rnd.forced == T("2-2") and rnd.needed == 3
    assert rnd.scores() == [double_blank, out_on_double]


def test_going_out_on_a_plain_tile_scores_zero_even_with_out_on_double() -> None:
    rules = Rules(max_pip=4, spokes=3, hand_size=2, out_on_double=50)
    rnd = make(rules, [["4-4", "4-3", "3-2"], ["4-2", "4-1"]])
    play(rnd, "4-2@4-4", "4-3@4-4", "4-1@4-4")
    assert rnd.scores() == [5, 0]


def test_scores_are_the_pips_left_in_each_hand() -> None:
    """000: "each player adds the spots on the bones in their hand"; 0-0 counts double_blank."""
    rnd = make(
        Rules(max_pip=4, spokes=4, hand_size=3), [["4-4", "3-3", "2-1"], ["0-0", "4-0", "1-1"]]
    )
    assert rnd.scores() == [6 + 3, 50 + 4 + 2]
    assert make(
        Rules(max_pip=4, spokes=4, hand_size=3, double_blank=25),
        [["4-4", "3-3", "2-1"], ["0-0", "4-0", "1-1"]],
    ).scores() == [9, 31]


def test_the_round_is_blocked_when_the_yard_is_empty_and_nobody_can_play() -> None:
    """002: "when the boneyard is empty and nobody can play"; 003: "It also ends when nobody can
    play and the boneyard is empty". Every seat scores its pips."""
    rules = Rules(max_pip=3, spokes=3, hand_size=4)
    rnd = make(rules, [["3-3", "1-1", "2-1", "0-0"], ["3-2", "3-1", "3-0", "1-0", "2-2", "2-0"]])
    play(rnd, "3-2@3-3", "pass", "3-1@3-3", "pass", "3-0@3-3")
    play(rnd, "1-1@3-1", "1-0@1-1", "2-1@1-1")
    # The foot on 1-1 needs one more 1, and no 1 is left anywhere.
    assert rnd.is_over and rnd.blocked and rnd.went_out is None
    assert rnd.legal_moves() == []
    assert rnd.scores() == [50, 4 + 2]
    rejected(rnd, "pass", "round is over")


def test_a_chicken_foot_that_cannot_be_completed_blocks_once_the_yard_is_empty() -> None:
    """004: "A round is over when ... no players can make a legal play. This situation can occur
    if someone chickie's a number that no longer has three remaining free dominos"; rules.md
    rule 7: it blocks the round once the yard is empty, not before."""
    rules = Rules(max_pip=3, spokes=3, hand_size=4)
    rnd = make(rules, [["3-3", "3-0", "1-1", "2-1", "0-0"], ["3-2", "3-1", "1-0", "2-2"]], ["2-0"])
    play(rnd, "3-2@3-3", "3-0@3-3", "3-1@3-3")
    play(rnd, "1-1@3-1")  # only 2-1 and 1-0 are left with a 1: the foot can never be filled
    play(rnd, "1-0@1-1", "2-1@1-1")
    assert not rnd.is_over and rnd.yard_count == 1 and rnd.needed == 1
    assert legal(rnd) == ["draw"]
    play(rnd, "draw")
    assert rnd.is_over and rnd.blocked and rnd.went_out is None and rnd.yard_count == 0
    assert rnd.scores() == [50, 4 + 2]


# --- announcing the last tile --------------------------------------------------------------------

LAST_HANDS = [["4-4", "4-3", "2-2"], ["4-2", "4-1", "3-0"]]


@pytest.mark.parametrize("last_tile", ["uno", "chicken-little"])
def test_announcing_is_offered_only_on_the_play_that_leaves_one_tile(last_tile: str) -> None:
    """000 Step 4: "When a player has one bone left, he must announce this by saying UNO";
    002: the "chicken little" rule: "you must announce your last tile"."""
    rnd = make(Rules(max_pip=4, spokes=3, hand_size=3, last_tile=last_tile), LAST_HANDS, ["1-1"])
    assert legal(rnd) == ["4-1@4-4", "4-2@4-4"]
    rejected(rnd, "4-2@4-4!", "only with the play that leaves you one tile")
    play(rnd, "4-2@4-4")
    assert legal(rnd) == ["4-3@4-4", "4-3@4-4!"]
    play(rnd, "4-3@4-4!")
    assert hand(rnd, 0) == ["2-2"] and rnd.penalties == []
    assert rnd.history[-1] == (0, Move.play("4-3", "4-4", announce=True))


def test_uno_is_a_courtesy_without_penalty() -> None:
    """000 Step 4: "This is courtesy. There is no penalty."."""
    rnd = make(Rules(max_pip=4, spokes=3, hand_size=3, last_tile="uno"), LAST_HANDS, ["1-1"])
    play(rnd, "4-2@4-4", "4-3@4-4")
    assert hand(rnd, 0) == ["2-2"] and rnd.penalties == [] and rnd.boneyard[0] == T("1-1")


def test_chicken_little_draws_a_tile_for_a_silent_last_tile() -> None:
    """002: "you must announce your last tile, and if someone catches you forgetting, you draw a
    tile"."""
    rules = Rules(max_pip=4, spokes=3, hand_size=3, last_tile="chicken-little")
    rnd = make(rules, LAST_HANDS, ["1-1"])
    yard = rnd.yard_count
    play(rnd, "4-2@4-4", "4-3@4-4")
    assert rnd.penalties == [(1, 0, T("1-1"))]
    assert hand(rnd, 0) == ["1-1", "2-2"] and rnd.yard_count == yard - 1
    assert rnd.turn == 1 and rnd.drawn is None
    rnd.undo()
    assert rnd.penalties == [] and hand(rnd, 0) == ["2-2", "4-3"] and rnd.yard_count == yard


def test_silent_rules_reject_announcing() -> None:
    """rules.md options: last tile "say nothing (default)": '!' is not part of these rules."""
    rnd = make(Rules(max_pip=4, spokes=3, hand_size=3), LAST_HANDS, ["1-1"])
    play(rnd, "4-2@4-4")
    assert legal(rnd) == ["4-3@4-4"]
    rejected(rnd, "4-3@4-4!", "do not use announcing")


# --- rules and presets ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"spokes": 5}, ["spokes must be 3, 4 or 6", "got 5"]),
        ({"spokes": True}, ["spokes must be 3, 4 or 6"]),
        ({"spokes": 6, "max_pip": 4}, ["double-4", "6 spokes"]),
        ({"toes": 0}, ["toes", "1 to 3", "got 0"]),
        ({"toes": 4}, ["toes", "1 to 3"]),
        ({"toes": True}, ["toes", "whole number", "1 to 3"]),
        ({"toes": 2.0}, ["toes", "whole number"]),
        ({"max_pip": 2}, ["max_pip", "3 to 21", "got 2"]),
        ({"max_pip": 22}, ["max_pip", "3 to 21", "got 22"]),
        ({"max_pip": True}, ["max_pip", "whole number"]),
        ({"max_pip": "9"}, ["max_pip", "whole number"]),
        ({"hand_size": "pagat"}, ["fewer, puremco, six-spokes, wolf-lake", "'pagat'"]),
        ({"hand_size": 0}, ["hand_size", "got 0"]),
        ({"hand_size": True}, ["hand_size", "whole number"]),
        ({"hand_size": 28}, ["hand_size", "1 to 27"]),
        ({"start_missing": "redeal"}, ["'draw' or 'next-highest'", "'redeal'"]),
        ({"round_order": "random"}, ["'down', 'highest-unused' or 'up'"]),
        ({"first_player": "youngest"}, ["'holder' or 'high-draw'"]),
        ({"last_tile": "shout"}, ["'silent', 'uno' or 'chicken-little'"]),
        ({"must_play_drawn": 1}, ["must_play_drawn must be True or False"]),
        ({"must_play_drawn": "yes"}, ["True or False"]),
        ({"double_blank": True}, ["double_blank", "whole number"]),
        ({"double_blank": -5}, ["double_blank", "0 to 100"]),
        ({"out_on_double": False}, ["out_on_double", "whole number"]),
        ({"game_target": 0}, ["game_target", "got 0"]),
        ({"game_target": True}, ["game_target", "whole number"]),
    ],
)
def test_rules_validation_names_the_allowed_values(
    options: dict[str, Any], words: list[str]
) -> None:
    """rules.md options table: each option takes only the listed values; house style: errors are
    ValueError subclasses that say what is allowed instead."""
    with pytest.raises(cf.RulesError) as info:
        Rules(**options)
    assert isinstance(info.value, ValueError)
    for word in words:
        assert word in str(info.value), f"{word!r} not in {info.value}"


def test_rules_refuse_a_float_number_of_spokes() -> None:
    """Every other whole-number option refuses floats (toes=2.0, max_pip=9.0)."""
    with pytest.raises(cf.RulesError, match="spokes must be 3, 4 or 6"):
        Rules(spokes=4.0)  # type: ignore[arg-type]


def test_rules_replace_and_from_dict_check_option_names() -> None:
    with pytest.raises(TypeError, match="no option"):
        Rules().replace(spoke=3)
    with pytest.raises(cf.RulesError, match="unknown rule option 'spoke'"):
        Rules.from_dict({"spoke": 3})
    for name in Rules.preset_names():
        assert Rules.from_dict(Rules.preset(name).to_dict()) == Rules.preset(name)
    with pytest.raises(cf.RulesError):
        Rules().replace(spokes=5)


def test_rules_defaults_follow_rules_md() -> None:
    """rules.md: double-nine by default, 4 spokes (cross), 3 toes, draw for a missing double,
    next double down, holder starts, drawn tile may be played, 0-0 costs 50, no penalty for
    going out on a double, one round per double, say nothing on the last tile."""
    rules = Rules()
    assert (rules.max_pip, rules.spokes, rules.toes) == (9, 4, 3)
    assert (rules.start_missing, rules.round_order, rules.first_player) == (
        "draw",
        "down",
        "holder",
    )
    assert (rules.must_play_drawn, rules.double_blank, rules.out_on_double) == (False, 50, 0)
    assert (rules.game_target, rules.last_tile) == (None, "silent")
    assert rules.round_count() == 10 and Rules(max_pip=6, hand_size=5).round_count() == 7


PRESET_FACTS = {
    # 000 Wolf Lake: table, next highest double stands in, highest double left next, "UNO";
    # "either play it if possible or call pass"; ends "when all players have consecutively passed".
    "wolf-lake": dict(max_pip=9, spokes=4, hand_size="wolf-lake", start_missing="next-highest",
                      round_order="highest-unused", must_play_drawn=True, double_blank=50,
                      last_tile="uno", round_end="all-passed"),
    # 002: Pagat's rules with the Puremco table; draw until the double turns up; "play it if it
    # fits, otherwise your turn passes".
    "puremco": dict(max_pip=9, spokes=4, hand_size="puremco", start_missing="draw",
                    round_order="down", must_play_drawn=True, double_blank=50, last_tile="silent",
                    round_end="blocked"),
    # 001: seven each, draw for a missing double, "the player may do so immediately".
    "seven-each": dict(max_pip=9, spokes=4, hand_size=7, start_missing="draw", round_order="down",
                       must_play_drawn=False, double_blank=50, round_end="blocked"),
    # 003: six spokes, "around seven tiles each ... with fewer for a bigger table", "If it fits
    # where you are allowed to play, play it".
    "six-spokes": dict(max_pip=9, spokes=6, hand_size="six-spokes", start_missing="draw",
                       must_play_drawn=True, double_blank=50),
    # 002's variation: three spokes in a Y shape, otherwise as puremco.
    "y-shape": dict(max_pip=9, spokes=3, hand_size="puremco", start_missing="draw",
                    must_play_drawn=True),
    # 004: double-six, five each, next highest double, "either play it if possible or call
    # Pass", and "the spots on the dominos in their hand" (the 0-0 has none).
    "double-six": dict(max_pip=6, spokes=4, hand_size=5, start_missing="next-highest",
                       round_order="highest-unused", must_play_drawn=True, double_blank=0),
}  # fmt: skip


@pytest.mark.parametrize("name", list(PRESET_FACTS))
def test_each_preset_has_its_sources_rules(name: str) -> None:
    """rules.md, Rule options: "each source's choice is a preset"."""
    rules = Rules.preset(name)
    for option, value in PRESET_FACTS[name].items():
        assert getattr(rules, option) == value, f"{name}: {option}"
    assert rules.toes == 3
    assert rules.describe()[0].startswith(f"A double-{rules.max_pip} set")


def test_preset_names_and_unknown_preset() -> None:
    """House style: "an unknown name raises with the known names"."""
    assert Rules.preset_names() == list(PRESET_FACTS)
    for bad in ("nope", "Wolf-Lake", None, 3):
        with pytest.raises(cf.RulesError) as info:
            Rules.preset(bad)  # type: ignore[arg-type]
        for name in PRESET_FACTS:
            assert name in str(info.value)


@pytest.mark.parametrize(
    ("max_pip", "sizes"),
    [(6, {2: 8, 3: 7, 4: 5}), (9, {2: 9, 3: 9, 4: 9, 5: 7, 6: 7, 7: 7}),
     (12, {2: 15, 3: 12, 4: 12, 5: 9, 6: 9, 7: 9})],
)  # fmt: skip
def test_wolf_lake_hand_size_table(max_pip: int, sizes: dict[int, int]) -> None:
    """000: "Double Six 8 7 5 - - -; Double Nine 9 9 9 7 7 7; Double Twelve 15 12 12 9 9 9" for
    2 to 7 players; a dash means the set is the wrong size."""
    rules = Rules(max_pip=max_pip, hand_size="wolf-lake")
    assert {p: rules.hand_size_for(p) for p in sizes} == sizes
    for players in set(range(2, 9)) - set(sizes):
        with pytest.raises(cf.RulesError, match=f"no hand size for {players} players"):
            rules.hand_size_for(players)


def test_puremco_and_fewer_hand_size_tables() -> None:
    """002: "with a double-nine set, 20 each for 2 players, 14 for 3, 11 for 4, 9 for 5 and 7 for
    6"; "four players with double nine at 10 each, three at 11, two at 12"; "two or three players
    can use a double-six set with 5 tiles each"."""
    puremco = Rules(hand_size="puremco")
    assert [puremco.hand_size_for(p) for p in range(2, 7)] == [20, 14, 11, 9, 7]
    fewer = Rules(hand_size="fewer")
    assert [fewer.hand_size_for(p) for p in (2, 3, 4)] == [12, 11, 10]
    assert [Rules(max_pip=6, hand_size="fewer").hand_size_for(p) for p in (2, 3)] == [5, 5]
    with pytest.raises(cf.RulesError, match="covers double-9 sets, not double-12"):
        Rules(max_pip=12, hand_size="puremco").hand_size_for(4)
    with pytest.raises(cf.RulesError, match="hand_size=7"):
        Rules(max_pip=15, hand_size="wolf-lake").hand_size_for(4)


def test_fixed_hand_sizes_and_impossible_counts() -> None:
    """001/003: seven each; 002/004: five each with double-six; rules.md: 2 to 8 players."""
    assert Rules(hand_size=7).hand_size_for(7) == 7
    assert Rules(max_pip=6, hand_size=5).hand_size_for(5) == 5
    with pytest.raises(cf.RulesError, match="56 tiles, but a double-9 set has only 55"):
        Rules(hand_size=7).hand_size_for(8)
    with pytest.raises(cf.RulesError, match="30 tiles, but a double-6 set has only 28"):
        Rules(max_pip=6, hand_size=5).hand_size_for(6)
    for players in (1, 9, 0, True, 2.0):
        with pytest.raises(cf.RulesError, match="players"):
            Rules(hand_size=7).hand_size_for(players)  # type: ignore[arg-type]


# --- building a round from a deal ----------------------------------------------------------------

SMALL = Rules(max_pip=3, spokes=3, hand_size=2)


@pytest.mark.parametrize(
    ("hands", "yard", "words"),
    [
        ([["3-3", "3-2"], ["2-1", "1-0"]], ["3-1", "3-0", "2-2", "2-0", "1-1"], ["missing: 0-0"]),
        ([["3-3", "3-2"], ["2-1", "1-0"]], ["3-1", "3-0", "2-2", "2-0", "1-1", "0-0", "3-2"],
         ["given more than once: 3-2"]),
        ([["3-3", "3-2"], ["2-1", "1-0"]], ["3-1", "3-0", "2-2", "2-0", "1-1", "0-0", "4-1"],
         ["not in a double-3 set: 4-1"]),
        ([["3-3", "3-2"], ["2-1", "1-0"]], ["3-1", "3-0", "2-2", "2-0", "1-1"], ["every tile"]),
        ([["3-3", "3-2"], ["2-1", "9-x"]], [], ["9-x"]),
        ([["3-3", "3-2"]], [], ["2 to 8 hands", "got 1"]),
        ([["3-3"]] * 9, [], ["2 to 8 hands", "got 9"]),
        ("3-3 3-2", [], ["one list of tiles per seat"]),
        ([["3-3", "3-2"], "2-1"], [], ["hand 1 must be a list"]),
    ],
)  # fmt: skip
def test_from_deal_names_what_is_wrong_with_the_deal(
    hands: Any, yard: Any, words: list[str]
) -> None:
    """rules.md, The set: hands and the chicken yard hold every tile of the set once."""
    with pytest.raises(cf.DealError) as info:
        Round.from_deal(SMALL, hands, yard)
    assert isinstance(info.value, ValueError)
    for word in words:
        assert word in str(info.value), f"{word!r} not in {info.value}"


@pytest.mark.parametrize("first", [2, -1, True, "0"])
def test_from_deal_refuses_a_first_seat_that_is_not_a_seat(first: Any) -> None:
    hands = [["3-3", "3-2"], ["2-1", "1-0"]]
    with pytest.raises(cf.DealError, match="first must be a seat from 0 to 1"):
        make(SMALL, hands, first=first)


@pytest.mark.parametrize("seed", ["7", 1.5, True, [7]])
def test_deal_refuses_a_seed_that_is_not_a_whole_number(seed: Any) -> None:
    """A record keeps the seed as a whole number, so a deal takes nothing else."""
    with pytest.raises(cf.DealError, match="seed must be a whole number"):
        Round.deal(Rules(), 4, seed=seed)


def test_deal_takes_other_integer_types_as_their_value() -> None:
    class Seven:
        def __index__(self) -> int:
            return 7

    rnd = Round.deal(Rules(), 4, seed=Seven())  # type: ignore[arg-type]
    assert rnd.seed == 7 and type(rnd.seed) is int
    assert rnd == Round.deal(Rules(), 4, seed=7)


def test_from_deal_refuses_a_start_that_is_not_a_double_of_the_set() -> None:
    hands = [["3-3", "3-2"], ["2-1", "1-0"]]
    for start in ("3-2", "4-4"):
        with pytest.raises(cf.DealError, match="must be a double of the set"):
            make(SMALL, hands, start=start)
    with pytest.raises(cf.RulesError, match=r"rules must be a cf\.Rules"):
        Round.from_deal("rules", hands, [])  # type: ignore[arg-type]


# --- undo and copy -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", Rules.preset_names())
def test_undo_restores_exactly_and_copies_are_independent(name: str) -> None:
    """House style (OpenSpiel): clone equality; the engine's undo takes a move back exactly."""
    rnd = Round.deal(Rules.preset(name), players=3, seed=11)
    rng = random.Random(5)
    snapshots: list[Round] = []
    while not rnd.is_over and len(snapshots) < 40:
        snapshots.append(rnd.copy())
        rnd.play(rng.choice(rnd.legal_moves()))
    end = rnd.copy()
    assert end == rnd and end is not rnd
    for snapshot in reversed(snapshots):
        last = rnd.history[-1][1]
        assert rnd.undo() == last
        assert rnd == snapshot
        assert (rnd.hands, rnd.boneyard, rnd.table, rnd.turn) == (
            snapshot.hands,
            snapshot.boneyard,
            snapshot.table,
            snapshot.turn,
        )
        assert rnd.legal_moves() == snapshot.legal_moves()
        assert (rnd.drawn, rnd.forced, rnd.needed) == (
            snapshot.drawn,
            snapshot.forced,
            snapshot.needed,
        )
        assert rnd.penalties == snapshot.penalties
    with pytest.raises(cf.IllegalMove, match="no move to take back"):
        rnd.undo()
    # A copy plays on without touching the original, and the other way round.
    other = rnd.copy()
    other.play(other.legal_moves()[0])
    assert rnd == snapshots[0] and other != rnd
    assert len(other.history) == 1 and rnd.history == ()
    rnd.play(rnd.legal_moves()[-1])
    assert len(other.history) == 1
    assert end != rnd


def test_turn_after_a_blocking_play_is_the_seat_that_moved_last() -> None:
    """engine.Round.turn: "The seat to move (the seat that moved last once the round is over)"."""
    rules = Rules(max_pip=3, spokes=3, hand_size=4)
    rnd = make(rules, [["3-3", "1-1", "2-1", "0-0"], ["3-2", "3-1", "3-0", "1-0", "2-2", "2-0"]])
    play(rnd, "3-2@3-3", "pass", "3-1@3-3", "pass", "3-0@3-3", "1-1@3-1", "1-0@1-1", "2-1@1-1")
    assert rnd.blocked and rnd.history[-1][0] == 0
    assert rnd.turn == 0


# --- a whole game --------------------------------------------------------------------------------

TINY = Rules(max_pip=3, spokes=3, hand_size=3)


def play_round_out(game: cf.Game, rng: random.Random) -> Round:
    rnd = game.round
    while not rnd.is_over:
        game.play(rng.choice(rnd.legal_moves()))
    return rnd


def play_game_out(game: cf.Game, rng: random.Random, limit: int = 60) -> list[Round]:
    rounds = [play_round_out(game, rng)]
    while not game.is_over:
        assert len(rounds) < limit
        game.next_round()
        rounds.append(play_round_out(game, rng))
    return rounds


def deal_hands(rnd: Round) -> list[list[Tile]]:
    return [[T(t) for t in hand] for hand in rnd.to_dict()["deal"]["hands"]]


def test_a_game_has_one_round_per_double_from_the_highest_down() -> None:
    """rules.md, A game: "One round for each double in the set, starting from the highest double
    and going down to 0-0"; 003: "the first round starts from the 9-9, the next from the 8-8, and
    so on down to the 0-0"; 001: "The player with the fewest points wins"."""
    game = cf.Game(players=["Ann", "Bob", "Cy"], rules=TINY, seed=7)
    assert (game.round_number, game.rounds_total, game.round.start) == (1, 4, T("3-3"))
    with pytest.raises(cf.IllegalMove, match="not over yet"):
        game.next_round()
    rounds = play_game_out(game, random.Random(1))
    assert [r.start for r in rounds] == [T("3-3"), T("2-2"), T("1-1"), T("0-0")]
    assert game.is_over and game.round_number == 4
    sheet = game.sheet
    assert list(sheet.rounds) == [tuple(r.scores()) for r in rounds]
    assert list(sheet.labels) == ["3-3", "2-2", "1-1", "0-0"]
    assert sheet.totals == [sum(r.scores()[i] for r in rounds) for i in range(3)]
    assert game.standings() == sheet.standings() and game.winner == game.standings()[0]
    assert min(sheet.totals) == sheet.totals[["Ann", "Bob", "Cy"].index(game.winner)]
    with pytest.raises(cf.IllegalMove, match="the game is over"):
        game.next_round()
    # The same seed deals the same game.
    again = cf.Game(players=["Ann", "Bob", "Cy"], rules=TINY, seed=7)
    assert again.round.to_dict()["deal"] == rounds[0].to_dict()["deal"]


def test_a_game_can_count_up_from_the_double_blank() -> None:
    """003: "Some groups count up from the 0-0 instead" (round_order="up")."""
    game = cf.Game(players=["Ann", "Bob"], rules=TINY.replace(round_order="up"), seed=3)
    rounds = play_game_out(game, random.Random(2))
    assert [r.start for r in rounds] == [T("0-0"), T("1-1"), T("2-2"), T("3-3")]


def test_each_round_is_opened_by_the_holder_of_its_double() -> None:
    """000 Step 1 and 001: the player with the round's double places it and the next seat plays;
    if nobody holds it, the seat that draws it (001, "draw")."""
    game = cf.Game(players=["Ann", "Bob", "Cy"], rules=TINY, seed=11)
    for rnd in play_game_out(game, random.Random(4)):
        holders = [seat for seat, hand in enumerate(deal_hands(rnd)) if rnd.start in hand]
        if holders:
            assert rnd.opening_draws == () and rnd.opener == holders[0]
        else:
            assert rnd.opening_draws[-1] == (rnd.opener, rnd.start)
        assert rnd.history[0][0] == (rnd.opener + 1) % 3


def test_highest_unused_double_leads_the_next_round() -> None:
    """000 and 004: "If no player has the double-6 then the player with the next highest double
    plays it ... The score keeper crosses out the double that lead the round and the next round
    begins with the highest double left"."""
    rules = TINY.replace(start_missing="next-highest", round_order="highest-unused")
    stood_in = 0
    for seed in range(12):
        game = cf.Game(players=["Ann", "Bob", "Cy"], rules=rules, seed=seed)
        rounds = play_game_out(game, random.Random(seed))
        starts = [r.start for r in rounds]
        assert sorted(starts) == sorted(t for t in cf.full_set(3) if t.is_double)
        for r, rnd in enumerate(rounds):
            unused = [d for d in cf.full_set(3) if d.is_double and d not in starts[:r]]
            assert rnd.start in unused
            if rnd.start != max(unused):
                stood_in += 1
                # The highest double left was not dealt; the highest unused one dealt stands in.
                dealt = [t for hand in deal_hands(rnd) for t in hand]
                assert max(unused) not in dealt
                assert rnd.start == max(d for d in unused if d in dealt)
    assert stood_in > 0  # the seeds do exercise a double standing in


def test_high_draw_decides_who_starts_the_first_round() -> None:
    """002: "Wikipedia has everyone draw a tile in round 1, highest starts ... Some put the double
    face up before dealing and rotate who goes first" (first_player="high-draw")."""
    rules = TINY.replace(first_player="high-draw", hand_size=2)
    for seed in range(5):
        game = cf.Game(players=["Ann", "Bob", "Cy"], rules=rules, seed=seed)
        draws = game.first_draw
        assert [seat for seat, _ in draws] == [0, 1, 2]
        assert len({t for _, t in draws}) == 3
        best = max(draws, key=lambda d: (d[1].pips, d[1].high))[0]
        rounds = play_game_out(game, random.Random(seed))
        assert [r.start for r in rounds] == [T("3-3"), T("2-2"), T("1-1"), T("0-0")]
        firsts = [r.history[0][0] for r in rounds]
        assert firsts == [(best + k) % 3 for k in range(4)]


def test_a_game_to_a_target_total_ends_when_someone_reaches_it() -> None:
    """002: "Pagat's scoring section also describes playing until one player reaches an agreed
    total" (game_target)."""
    game = cf.Game(players=["Ann", "Bob"], rules=TINY.replace(game_target=150), seed=5)
    assert game.rounds_total is None
    rounds = play_game_out(game, random.Random(6))
    totals = game.sheet.totals
    assert max(totals) >= 150
    before_last = [sum(r.scores()[i] for r in rounds[:-1]) for i in range(2)]
    assert max(before_last) < 150
    starts = [r.start for r in rounds]
    assert starts[:4] == [T("3-3"), T("2-2"), T("1-1"), T("0-0")]
    assert starts[4:8] == [T("3-3"), T("2-2"), T("1-1"), T("0-0")][: len(starts[4:8])]


def test_standings_lowest_total_wins() -> None:
    """000: "the player with the lowest score wins"; a low total beats more zero rounds."""
    sheet = cf.ScoreSheet(["Ann", "Bob", "Cy"])
    sheet.record([0, 5, 7])
    sheet.record([20, 5, 1])
    assert sheet.totals == [20, 10, 8]
    assert sheet.standings() == ["Cy", "Bob", "Ann"]


def test_standings_tie_broken_by_more_zero_point_rounds() -> None:
    """001: "If there is a tie, the player who scored the most zero-point rounds wins"."""
    sheet = cf.ScoreSheet(["Ann", "Bob"])
    for scores in ([5, 0], [5, 10], [5, 5]):
        sheet.record(scores)
    assert sheet.totals == [15, 15]
    assert sheet.standings() == ["Bob", "Ann"]


def test_standings_then_by_lowest_non_zero_round() -> None:
    """001: "If there is still a tie at this point, the player with the lowest total in a round,
    other than zero, wins"."""
    sheet = cf.ScoreSheet(["Ann", "Bob", "Cy"])
    for scores in ([0, 0, 9], [7, 3, 9], [8, 12, 0]):
        sheet.record(scores)
    assert sheet.totals == [15, 15, 18]
    assert sheet.standings() == ["Bob", "Ann", "Cy"]
    sheet2 = cf.ScoreSheet(["Ann", "Bob"])
    for scores in ([0, 0], [2, 6], [13, 9]):
        sheet2.record(scores)
    assert sheet2.standings() == ["Ann", "Bob"]


def test_score_sheet_refuses_bad_rows() -> None:
    sheet = cf.ScoreSheet(["Ann", "Bob"])
    for bad in ([1], [1, 2, 3], [1, -1], [1, True], [1, 2.5], "12"):
        with pytest.raises(cf.ScoreError):
            sheet.record(bad)  # type: ignore[arg-type]
    assert sheet.rounds == () and sheet.totals == [0, 0]
    for names in (["Ann"], ["Ann", "Ann"], ["Ann", ""], "Ann,Bob"):
        with pytest.raises(cf.ScoreError):
            cf.ScoreSheet(names)  # type: ignore[arg-type]
