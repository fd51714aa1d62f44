"""Illegal moves: each one raises, says plainly what is wrong, and changes nothing.

House style: errors are ``ValueError`` subclasses named by their cause (``IllegalMove`` for a move
the rules do not allow now, ``NotationError`` for text that is not a move) and the message says
what was wrong and what is allowed instead. ``Round.play`` promises that an illegal move leaves
the round exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hand_made import make
from hypothesis import given, settings
from hypothesis import strategies as st

import cfwidget as cf
from cfwidget import Move, Round, Rules

# --- helpers -------------------------------------------------------------------------------------


def snapshot(rnd: Round) -> tuple[Any, ...]:
    return (
        rnd.hands,
        rnd.boneyard,
        rnd.table,
        rnd.turn,
        rnd.history,
        rnd.legal_moves(),
        rnd.drawn,
        rnd.forced,
        rnd.needed,
        rnd.is_over,
        rnd.went_out,
        list(rnd.penalties),
        rnd.open_ends(),
        rnd.scores(),
    )


def assert_rejected(
    rnd: Round, move: Any, error: type[ValueError] = cf.IllegalMove, words: Sequence[str] = ()
) -> str:
    """``rnd.play(move)`` raises ``error`` (exactly), names ``words``, and changes nothing."""
    before = rnd.copy()
    seen = snapshot(rnd)
    with pytest.raises(ValueError) as info:
        rnd.play(move)
    assert type(info.value) is error, f"{move!r} raised {type(info.value).__name__}: {info.value}"
    message = str(info.value)
    assert message.strip() and "Traceback" not in message
    assert "is not allowed now" not in message  # the catch-all says nothing specific
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert rnd == before
    assert snapshot(rnd) == seen
    return message


# --- positions -----------------------------------------------------------------------------------

D4 = Rules(max_pip=4, spokes=4, hand_size=3)
D6_3 = Rules(max_pip=6, spokes=3, hand_size=7)
SPOKE_HANDS = [
    ["6-6", "6-5", "6-3", "6-1", "4-4", "3-2", "1-0"],
    ["6-4", "6-2", "6-0", "5-4", "2-2", "5-1", "3-0"],
]
FOOT_HANDS = [
    ["6-6", "6-5", "5-5", "5-1", "5-2", "3-3", "0-0"],
    ["6-4", "6-3", "5-3", "5-0", "3-1", "2-2", "1-0"],
]
BLOCK_HANDS = [["3-3", "1-1", "2-1", "0-0"], ["3-2", "3-1", "3-0", "1-0", "2-2", "2-0"]]

POSITIONS: dict[str, Callable[[], Round]] = {
    # Seat 1 (Player 2) to move during the spokes, holding the spoke 4-2.
    "spokes": lambda: make(D4, [["4-4", "4-3", "2-2"], ["4-2", "2-1", "1-0"]]),
    # One spoke down (4-2, open end 2); seat 0 holds 2-2 and 4-3.
    "spokes-1": lambda: make(D4, [["4-4", "4-3", "2-2"], ["4-2", "2-1", "1-0"]], moves=["4-2@4-4"]),
    # Seat 1 holds no 4 during the spokes: it must draw (4-1 is next in the yard).
    "must-draw": lambda: make(D4, [["4-4", "4-3", "2-2"], ["3-2", "2-1", "1-0"]], ["4-1"]),
    # Seat 1 drew 4-1, which fits; it may play it or pass.
    "drew-fits": lambda: make(
        D4, [["4-4", "4-3", "2-2"], ["3-2", "2-1", "1-0"]], ["4-1"], moves=["draw"]
    ),
    # The same, but a drawn tile that fits must be played.
    "drew-fits-must": lambda: make(
        D4.replace(must_play_drawn=True),
        [["4-4", "4-3", "2-2"], ["3-2", "2-1", "1-0"]],
        ["4-1"],
        moves=["draw"],
    ),
    # Seat 1 drew 3-3, which does not fit: only pass.
    "drew-no-fit": lambda: make(
        D4, [["4-4", "4-3", "2-2"], ["3-2", "2-1", "1-0"]], ["3-3"], moves=["draw"]
    ),
    # Three spokes down on 6-6 (seat 1's 6-4 and 6-2, seat 0's 6-5): the centre is full.
    "lines": lambda: make(D6_3, SPOKE_HANDS, moves=["6-4@6-6", "6-5@6-6", "6-2@6-6"]),
    # Then seat 0 covered 6-2 with 3-2.
    "covered": lambda: make(D6_3, SPOKE_HANDS, moves=["6-4@6-6", "6-5@6-6", "6-2@6-6", "3-2@6-2"]),
    # A chicken foot on 5-5 that still needs 3 toes; seat 1 to move.
    "foot": lambda: make(D6_3, FOOT_HANDS, moves=["6-4@6-6", "6-5@6-6", "6-3@6-6", "5-5@6-5"]),
    # The same foot with one toe (5-3) down; seat 0 holds 3-3 and two ends show 3.
    "foot-1": lambda: make(
        D6_3, FOOT_HANDS, moves=["6-4@6-6", "6-5@6-6", "6-3@6-6", "5-5@6-5", "5-3@5-5"]
    ),
    # The foot filled (toes 5-3, 5-1, 5-0); seat 0 still holds 5-2.
    "foot-full": lambda: make(
        D6_3,
        FOOT_HANDS,
        moves=["6-4@6-6", "6-5@6-6", "6-3@6-6", "5-5@6-5", "5-3@5-5", "5-1@5-5", "5-0@5-5"],
    ),
    # Empty yard, seat 0 holds no 3 during the spokes: it can only pass.
    "empty-no-play": lambda: make(
        Rules(max_pip=3, spokes=3, hand_size=4), BLOCK_HANDS, moves=["3-2@3-3"]
    ),
    # Empty yard, seat 1 holds spokes.
    "empty-can-play": lambda: make(Rules(max_pip=3, spokes=3, hand_size=4), BLOCK_HANDS),
    # Seat 1 went out with 4-1.
    "over-out": lambda: make(
        Rules(max_pip=4, spokes=3, hand_size=2),
        [["4-4", "4-3", "1-1"], ["4-2", "4-1"]],
        moves=["4-2@4-4", "4-3@4-4", "4-1@4-4"],
    ),
    # Blocked: the foot on 1-1 needs a 1 and none is left.
    "over-blocked": lambda: make(
        Rules(max_pip=3, spokes=3, hand_size=4),
        BLOCK_HANDS,
        moves=["3-2@3-3", "pass", "3-1@3-3", "pass", "3-0@3-3", "1-1@3-1", "1-0@1-1", "2-1@1-1"],
    ),
    # Uno rules, seat 1 to move with three tiles; then seat 0 with two.
    "uno": lambda: make(
        Rules(max_pip=4, spokes=3, hand_size=3, last_tile="uno"),
        [["4-4", "4-3", "2-2"], ["4-2", "4-1", "3-0"]],
    ),
    "uno-last": lambda: make(
        Rules(max_pip=4, spokes=3, hand_size=3, last_tile="chicken-little"),
        [["4-4", "4-3", "2-2"], ["4-2", "4-1", "3-0"]],
        moves=["4-2@4-4"],
    ),
    # Silent rules, seat 0 about to leave itself one tile.
    "silent-last": lambda: make(
        Rules(max_pip=4, spokes=3, hand_size=3),
        [["4-4", "4-3", "2-2"], ["4-2", "4-1", "3-0"]],
        moves=["4-2@4-4"],
    ),
}


def test_positions_are_what_the_cases_assume() -> None:
    assert [str(m) for m in POSITIONS["spokes"]().legal_moves()] == ["4-2@4-4"]
    assert [str(m) for m in POSITIONS["must-draw"]().legal_moves()] == ["draw"]
    assert [str(m) for m in POSITIONS["drew-fits"]().legal_moves()] == ["4-1@4-4", "pass"]
    assert [str(m) for m in POSITIONS["drew-fits-must"]().legal_moves()] == ["4-1@4-4"]
    assert [str(m) for m in POSITIONS["drew-no-fit"]().legal_moves()] == ["pass"]
    assert [str(m) for m in POSITIONS["empty-no-play"]().legal_moves()] == ["pass"]
    assert POSITIONS["empty-can-play"]().yard_count == 0
    assert POSITIONS["foot"]().needed == 3 and POSITIONS["foot-1"]().needed == 2
    assert POSITIONS["foot-full"]().forced is None
    assert POSITIONS["over-out"]().went_out == 1 and POSITIONS["over-blocked"]().blocked
    assert [str(m) for m in POSITIONS["uno-last"]().legal_moves()] == ["4-3@4-4", "4-3@4-4!"]


CASES: list[tuple[str, Any, list[str]]] = [
    # wrong seat's tile, tile not held, tile not in the set
    ("spokes", "4-3@4-4", ["Player 2 does not hold 4-3"]),
    ("spokes", "4-0@4-4", ["does not hold 4-0"]),
    ("spokes", "9-4@4-4", ["does not hold 9-4"]),
    ("spokes", "4-4@4-2", ["does not hold 4-4"]),
    # a target that is not on the table
    ("spokes", "4-2@3-3", ["3-3 is not on the table"]),
    ("lines", "4-4@5-4", ["5-4 is not on the table"]),
    # mismatches
    ("spokes", "2-1@4-4", ["2-1 does not match 4-4", "shows 4"]),
    ("lines", "3-2@6-4", ["3-2 does not match 6-4", "shows 4"]),
    ("foot", "1-0@5-5", ["1-0 does not match 5-5", "shows 5"]),
    # playing elsewhere during the spokes
    ("spokes-1", "2-2@4-2", ["centre double 4-4 still needs 3 spokes", "tiles with a 4"]),
    # covered targets
    ("lines", "6-3@6-6", ["centre double 6-6 already has all its spokes"]),
    ("covered", "2-2@6-2", ["6-2 is already covered", "open end"]),
    ("foot-full", "5-2@5-5", ["chicken foot on 5-5 already has all its toes"]),
    # playing elsewhere during a chicken foot, including a second double
    ("foot", "3-1@6-3", ["chicken foot on 5-5 still needs 3 toes", "tiles with a 5", "on 5-5"]),
    ("foot-1", "3-3@6-3", ["chicken foot on 5-5 still needs 2 toes"]),
    ("foot-1", "3-3@5-3", ["still needs 2 toes"]),
    # draw / pass when a play exists
    ("spokes", "draw", ["Player 2 has a tile that fits", "must play instead of drawing"]),
    ("spokes", "pass", ["passing is not allowed"]),
    ("empty-can-play", "pass", ["passing is not allowed", "must play it"]),
    # pass instead of drawing
    ("must-draw", "pass", ["passing is not allowed"]),
    # draw twice; draw from an empty yard
    ("drew-fits", "draw", ["already drawn", "drawn tile 4-1"]),
    ("drew-no-fit", "draw", ["already drawn"]),
    ("empty-no-play", "draw", ["chicken yard is empty", "nothing to draw", "pass"]),
    # after drawing: only the drawn tile; pass when it must be played
    ("drew-fits", "3-2@4-4", ["only the drawn tile 4-1"]),
    ("drew-no-fit", "2-1@4-4", ["only the drawn tile 3-3"]),
    ("drew-no-fit", "3-3@4-4", ["3-3 does not match 4-4"]),
    ("drew-fits-must", "pass", ["drawn tile 4-1 fits", "must be played"]),
    # announcing when it is not allowed
    ("silent-last", "4-3@4-4!", ["do not use announcing", "'!'"]),
    ("spokes", "4-2@4-4!", ["do not use announcing"]),
    ("uno", "4-2@4-4!", ["only with the play that leaves you one tile"]),
    # any move after the round is over
    *[
        (pos, move, ["the round is over"])
        for pos in ("over-out", "over-blocked")
        for move in ("draw", "pass", "1-1@4-1", "2-2@3-2", "0-0@3-0", "1-1@3-1!")
    ],
]


@pytest.mark.parametrize(("position", "move", "words"), CASES)
def test_illegal_move_is_refused_plainly_and_changes_nothing(
    position: str, move: str, words: list[str]
) -> None:
    rnd = POSITIONS[position]()
    assert_rejected(rnd, move, cf.IllegalMove, words)
    # The same move given as a Move value behaves the same way.
    assert_rejected(rnd, Move.parse(move), cf.IllegalMove, words)


def test_draw_with_an_empty_yard_and_a_play_says_to_play() -> None:
    """rules.md rule 6: "A player who can play must play exactly one tile"; passing is then
    illegal too, so the message must not suggest it."""
    rnd = POSITIONS["empty-can-play"]()
    message = assert_rejected(rnd, "draw", cf.IllegalMove, ["must play"])
    assert "pass instead" not in message


@pytest.mark.parametrize(
    ("position", "says", "must_not_say"),
    [("spokes", "must play", "or draw"), ("must-draw", "draw", "can play")],
)
def test_refused_pass_names_the_one_thing_to_do(
    position: str, says: str, must_not_say: str
) -> None:
    """rules.md rule 6: a player who can play must play; one who cannot must draw. House style: the
    message says what is allowed instead."""
    rnd = POSITIONS[position]()
    message = assert_rejected(rnd, "pass", cf.IllegalMove, [says])
    assert must_not_say not in message


MALFORMED: list[Any] = [
    "9-4@",
    "10-10@9-9x",
    "",
    "   ",
    None,
    42,
    4.2,
    b"9-4@9-9",
    ["9-4", "9-9"],
    "9-4",
    "@9-9",
    "9-4@9-9@9-9",
    "9-4@9-9!!",
    "draw!",
    "pass 1",
    "drawn",
    "9-9@9-9",
    "22-1@9-9",
    "9_4@9-9",
]


@pytest.mark.parametrize("text", MALFORMED, ids=repr)
@pytest.mark.parametrize("position", ["spokes", "drew-fits", "over-out"])
def test_malformed_text_is_a_notation_error_and_changes_nothing(position: str, text: Any) -> None:
    rnd = POSITIONS[position]()
    message = assert_rejected(rnd, text, cf.NotationError)
    assert any(word in message for word in ("'9-4@9-9'", "'9-4'", "onto itself", "0 to 21")), (
        message
    )


def test_error_classes_are_value_errors_named_by_cause() -> None:
    assert issubclass(cf.IllegalMove, ValueError) and issubclass(cf.NotationError, ValueError)
    assert not issubclass(cf.IllegalMove, cf.NotationError)
    assert not issubclass(cf.NotationError, cf.IllegalMove)


def test_every_move_is_refused_once_the_round_is_over() -> None:
    for position in ("over-out", "over-blocked"):
        rnd = POSITIONS[position]()
        assert rnd.legal_moves() == []
        tiles = cf.full_set(rnd.rules.max_pip)
        for move in [Move.DRAW, Move.PASS] + [
            Move.play(t, u) for t in tiles for u in tiles if t != u
        ]:
            with pytest.raises(cf.IllegalMove, match="the round is over"):
                rnd.play(move)
        assert rnd == POSITIONS[position]()


# --- property: everything outside legal_moves() is refused ---------------------------------------


def players_for(name: str) -> list[int]:
    return Rules.preset(name).player_counts()


PLAYERS = {name: players_for(name) for name in Rules.preset_names()}
_ALL_MOVES: dict[int, list[Move]] = {}


def all_moves(max_pip: int) -> list[Move]:
    """Every move of the notation for a set: each tile onto each other tile (with and without
    '!'), draw and pass."""
    moves = _ALL_MOVES.get(max_pip)
    if moves is None:
        tiles = cf.full_set(max_pip)
        moves = [Move.DRAW, Move.PASS]
        moves += [
            Move.play(t, u, announce=a)
            for t in tiles
            for u in tiles
            if t != u
            for a in (False, True)
        ]
        _ALL_MOVES[max_pip] = moves
    return moves


def test_presets_all_have_player_counts() -> None:
    assert PLAYERS["wolf-lake"] == [2, 3, 4, 5, 6, 7]
    assert PLAYERS["puremco"] == PLAYERS["y-shape"] == [2, 3, 4, 5, 6]
    assert PLAYERS["seven-each"] == [2, 3, 4, 5, 6, 7]
    assert PLAYERS["six-spokes"] == [2, 3, 4, 5, 6, 7, 8]  # 003: "Players 2-8"
    assert PLAYERS["double-six"] == [2, 3, 4, 5]


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(Rules.preset_names()),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 120),
    data=st.data(),
)
def test_only_legal_moves_are_accepted(
    name: str, seed: int, steps: int, data: st.DataObject
) -> None:
    rules = Rules.preset(name)
    players = data.draw(st.sampled_from(PLAYERS[name]), label="players")
    rnd = Round.deal(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if rnd.is_over:
            break
        rnd.play(rng.choice(rnd.legal_moves()))

    legal = rnd.legal_moves()
    assert legal == sorted(set(legal))
    assert (legal == []) == rnd.is_over
    before = rnd.copy()
    seen = snapshot(rnd)

    # Every legal move is accepted on a copy, by the seat to move, and the original is untouched.
    for move in legal:
        trial = rnd.copy()
        trial.play(move)
        assert trial.history[-1] == (rnd.turn, move)
        assert trial != rnd
    assert rnd == before and snapshot(rnd) == seen

    # A few drawn by hypothesis get the full check, one by one.
    candidates = all_moves(rules.max_pip)
    allowed = set(legal)
    illegal = [m for m in candidates if m not in allowed]
    picked = data.draw(st.lists(st.sampled_from(illegal), max_size=8), label="illegal moves")
    for move in picked:
        assert_rejected(rnd, move)
        assert_rejected(rnd, str(move))
    # All the others at least raise IllegalMove, and change nothing overall.
    for move in illegal:
        with pytest.raises(cf.IllegalMove) as info:
            rnd.play(move)
        assert "is not allowed now" not in str(info.value)  # always a specific reason
    assert rnd == before and snapshot(rnd) == seen


# --- one home for the words: the round's refusal and rule in force -------------------------------


@pytest.mark.parametrize("name", Rules.preset_names())
def test_refusal_is_the_illegal_moves_reason_and_none_when_legal(name: str) -> None:
    """Round.refusal says, without playing, exactly what play() would raise; tile_refusal says why
    a tile cannot go anywhere, and is None exactly for the tiles some legal move plays."""
    rules = Rules.preset(name)
    rng = random.Random(name)
    rnd = Round.deal(rules, players=PLAYERS[name][0], seed=len(name))
    while True:
        legal = rnd.legal_moves()
        for move in all_moves(rules.max_pip)[:: 13 if rules.max_pip > 6 else 3]:
            reason = rnd.refusal(move)
            if move in legal:
                assert reason is None
                continue
            with pytest.raises(cf.IllegalMove) as info:
                rnd.play(move)
            assert reason == str(info.value)
        playable = {m.tile for m in legal}
        for tile in cf.full_set(rules.max_pip):
            why = rnd.tile_refusal(tile)
            assert (why is None) == (tile in playable), (tile, why)
            if why is None or rnd.is_over or tile not in rnd.hand(rnd.turn):
                continue
            if rnd.drawn is not None and tile != rnd.drawn:
                assert why.startswith("after drawing, only the drawn tile"), why
            elif rnd.forced is not None:
                assert why == f"{tile} cannot be played now: {rnd.rule_in_force()}"
            else:
                assert why.startswith(f"{tile} matches no open end (the open ends show "), why
        if rnd.is_over:
            break
        rnd.play(rng.choice(legal))


def test_the_rule_in_force_says_an_8_and_an_11() -> None:
    for top, words in ((8, "tiles with an 8"), (11, "tiles with an 11"), (9, "tiles with a 9")):
        rnd = Round.deal(Rules(max_pip=top, hand_size=5), players=2, seed=1)
        assert rnd.rule_in_force().endswith(f"({words})")
        wrong = next(m for m in all_moves(top) if m.is_play and m.onto != rnd.start)
        assert words not in (rnd.refusal(Move.DRAW) or "")  # a spoke is there to play
        assert rnd.refusal(wrong) is not None


def test_the_widget_exercises_and_sessions_use_the_rounds_words() -> None:
    from cfwidget.teach import what_to_do, which_tiles
    from cfwidget.therapy.session import Session
    from cfwidget.therapy.settings import SessionSettings
    from cfwidget.widget import GameWidget

    rnd = Round.deal(Rules(), players=2, seed=3)
    w = GameWidget(rnd, humans=[rnd.turn])
    rule = rnd.rule_in_force()
    assert w.view["rule"] == rule[0].upper() + rule[1:] + "."
    stray = next(t for t in rnd.hand(rnd.turn) if rnd.tile_refusal(t) is not None)
    assert f"{rnd.tile_refusal(stray)}." in which_tiles(rnd).check([str(stray)]).message
    assert f"{rnd.refusal(Move.DRAW)}." in what_to_do(rnd).check("draw").message
    # A guided session says the round's words whole from cue level 2 (the number to look for);
    # below that it holds back the help (cfwidget.therapy.levels), and its record keeps them.
    s = Session(SessionSettings(seed=7, errorless=False, cue_start=2), client="AB12")
    reason = s.round.refusal("0-0@6-6")
    assert reason is not None
    assert s.attempt("0-0@6-6").message == f"Not that one: {reason}."
    assert s.events[-1]["reason"] == reason
    s = Session(SessionSettings(seed=7, errorless=False, cue_start=0), client="AB12")
    assert s.attempt("0-0@6-6").message == "Not that one."
    assert s.events[-1]["reason"] == reason


def test_the_rule_in_force_says_what_a_drawn_tile_allows() -> None:
    for name, how in (("puremco", "must"), ("seven-each", "may")):
        for seed in range(200):
            rnd = Round.deal(Rules.preset(name), players=3, seed=seed)
            while not rnd.is_over and rnd.legal_moves() != [Move.parse("draw")]:
                rnd.play(rnd.legal_moves()[0])
            if rnd.is_over:
                continue
            rnd.play("draw")
            plays = [m for m in rnd.legal_moves() if m.is_play]
            if plays:
                assert rnd.rule_in_force().endswith(
                    f"; after drawing, only the drawn tile {rnd.drawn} {how} be played"
                )
                break
        else:
            pytest.fail(f"no seed gave a fitting draw under {name}")
