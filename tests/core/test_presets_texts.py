"""Presets true to their texts: one test per finding of the audit (issue 12, part 5).

Each test quotes the rule text it follows, by number: 000 The Official Wolf Lake Chicken Foot
Domino Game Rules, 001 About Chicken Foot Dominoes, 002 Chickenfoot dominoes: rules and score
keeper, 003 (the six-spoke page, "Chicken Foot vs Mexican Train"), 004 (double-six, "Setup").
"""

from __future__ import annotations

import json

import pytest
from hand_made import legal, make

import cfwidget as cf
from cfwidget import Move, Round, Rules, Tile
from cfwidget._shared import article, plural
from cfwidget.players import RandomBot
from cfwidget.therapy.scorekeeper import ScoreKeeper


def play_out(rnd: Round, bot: RandomBot) -> None:
    while not rnd.is_over:
        rnd.play(bot(rnd.observation(rnd.turn)))


# --- round_end: "when all players have consecutively passed" ------------------------------------

TWO = Rules(max_pip=4, spokes=4, hand_size=3, must_play_drawn=True)
# Seat 0 opens with 4-4; nobody else holds a 4, and the yard's first tiles have none.
TWO_HANDS = [["4-4", "3-3", "3-2"], ["3-1", "3-0", "2-2"]]
TWO_YARD = ["2-1", "2-0", "1-1", "1-0", "0-0", "4-3"]


def test_all_passed_ends_the_round_with_tiles_left_in_the_yard() -> None:
    """000: "The game ends when one player plays his last bone or when all players have
    consecutively passed". A pass after a draw whose tile does not fit counts ("they must draw
    one bone from the chicken yard and either play it if possible or call pass")."""
    rnd = make(TWO.replace(round_end="all-passed"), TWO_HANDS, TWO_YARD)
    rnd.play("draw")
    rnd.play("pass")
    assert rnd.passes_in_a_row() == 1 and not rnd.is_over
    assert rnd.rule_in_force() == (
        "the centre double 4-4 still needs 4 spokes (tiles with a 4); "
        "1 player in turn has passed, and the round ends if all 2 do"
    )
    rnd.play("draw")
    rnd.play("pass")
    assert rnd.is_over and rnd.yard_count == 7
    assert rnd.end_reason == "all-passed" and not rnd.blocked and rnd.went_out is None
    assert rnd.how_it_ended() == "every player passed in turn (2 passes in a row)"
    assert (
        rnd.rule_in_force() == "the round is over: every player passed in turn (2 passes in a row)"
    )
    assert rnd.legal_moves() == [] and rnd.turn == 0  # the seat that moved last
    assert rnd.scores() == [6 + 5 + 2, 4 + 3 + 4 + 3]  # each has drawn one tile
    with pytest.raises(cf.IllegalMove, match="the round is over"):
        rnd.play("draw")


def test_blocked_default_plays_on_after_everyone_passes() -> None:
    """002: "The round ends when someone plays their last tile, or when the boneyard is empty
    and nobody can play" (round_end="blocked", the default): passing alone ends nothing."""
    rnd = make(TWO, TWO_HANDS, TWO_YARD)
    assert TWO.round_end == "blocked"
    for _ in range(5):
        rnd.play("draw")
        rnd.play("pass")
    assert not rnd.is_over and rnd.passes_in_a_row() == 5
    assert rnd.rule_in_force() == "the centre double 4-4 still needs 4 spokes (tiles with a 4)"
    rnd.play("draw")
    assert legal(rnd) == ["4-3@4-4"]  # "play it if it fits"


def test_a_play_starts_the_count_again_and_a_pass_with_an_empty_yard_counts() -> None:
    """000: "If no bones remain to draw from, the player simply calls pass": that pass counts
    as one of "all players have consecutively passed", and a play starts the count again."""
    rules = Rules(max_pip=4, spokes=4, hand_size=4, round_end="all-passed")  # a drawn tile may wait
    hands = [["4-4", "4-1", "3-3", "3-2"], ["4-3", "3-1", "3-0", "2-2", "2-1"]]
    rest = ["4-2", "2-0", "1-1", "1-0", "0-0"]
    rnd = Round.from_deal(rules, [*hands, rest], ["4-0"])
    for move in ("4-3@4-4", "4-2@4-4", "4-1@4-4"):
        rnd.play(move)
    assert rnd.passes_in_a_row() == 0
    rnd.play("draw")  # seat 1 draws the last tile, 4-0, which fits ...
    assert legal(rnd) == ["4-0@4-4", "pass"]
    rnd.play("pass")  # ... and passes (001: the player "may" play it)
    before = rnd.copy()
    assert legal(rnd) == ["pass"]  # seat 2: the yard is empty and nothing fits
    rnd.play("pass")
    assert rnd.passes_in_a_row() == 2 and not rnd.is_over
    rnd.play("pass")  # seat 0
    assert rnd.end_reason == "all-passed" and rnd.yard_count == 0 and rnd.can_play(1)
    # Under "blocked" seat 1 would now have to play its 4-0.
    blocked = Round.from_deal(rules.replace(round_end="blocked"), [*hands, rest], ["4-0"])
    for move in ("4-3@4-4", "4-2@4-4", "4-1@4-4", "draw", "pass", "pass", "pass"):
        blocked.play(move)
    assert legal(blocked) == ["4-0@4-4"]
    # Undo takes the end back exactly.
    assert rnd.undo() == Move.PASS and not rnd.is_over
    rnd.undo()
    assert rnd == before


def test_round_end_is_in_records_options_and_describe() -> None:
    """The record stores the option by its plain name, and replays the end; describe() and the
    option's meaning say what counts as a pass."""
    rnd = make(TWO.replace(round_end="all-passed"), TWO_HANDS, TWO_YARD)
    for move in ("draw", "pass", "draw", "pass"):
        rnd.play(move)
    text = rnd.to_json()
    assert '"round_end": "all-passed"' in text
    again = Round.from_json(text)
    assert again == rnd and again.end_reason == "all-passed"
    assert "after a draw or with nothing to draw" in Rules.options()["round_end"]
    assert (
        "The round also ends when every player in turn has passed, even with tiles left in the "
        "chicken yard." in TWO.replace(round_end="all-passed").describe()
    )
    assert not any("every player in turn" in line for line in TWO.describe())
    with pytest.raises(cf.RulesError, match="round_end must be 'blocked' or 'all-passed'"):
        Rules(round_end="passed")  # type: ignore[arg-type]


def test_wolf_lake_uses_all_passed_and_its_rounds_end_that_way() -> None:
    """000: "when all players have consecutively passed". Random rounds of the preset end all
    three ways, and every all-passed end follows a pass by each seat in turn."""
    rules = Rules.preset("wolf-lake")
    assert rules.round_end == "all-passed"
    assert {Rules.preset(n).round_end for n in Rules.preset_names() if n != "wolf-lake"} == {
        "blocked"
    }
    ends: dict[str | None, int] = {}
    for seed in range(30):
        rnd = Round.deal(rules, 4, seed=seed)
        play_out(rnd, RandomBot(seed))
        ends[rnd.end_reason] = ends.get(rnd.end_reason, 0) + 1
        if rnd.end_reason == "all-passed":
            assert [m for _, m in rnd.history[-8:]].count(Move.PASS) >= 4
            assert rnd.passes_in_a_row() == 4
    assert set(ends) == {"went-out", "all-passed", "blocked"}, ends


# --- a drawn tile that fits ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "must", "quote"),
    [
        ("wolf-lake", True, "000: draw one bone ... and either play it if possible or call pass"),
        ("puremco", True, "002: draw a tile; play it if it fits, otherwise your turn passes"),
        ("y-shape", True, "002: (the Y-shape variation of the same page)"),
        ("six-spokes", True, "003: draws one tile, plays it if it fits, and otherwise passes"),
        ("double-six", True, "004: either play it if possible or call 'Pass'"),
        ("seven-each", False, "001: If that tile can be played, the player may do so immediately"),
    ],
)
def test_must_play_drawn_follows_each_text(preset: str, must: bool, quote: str) -> None:
    """000 and 004 "either play it if possible or call pass", 002 and 003 "play it if it fits";
    only 001 says "may". The quote of each preset's text is in the parameters."""
    rules = Rules.preset(preset)
    assert rules.must_play_drawn is must, quote
    # In play: a drawn tile that fits leaves pass on the list only when the text says "may".
    rnd = make(rules.replace(max_pip=4, spokes=4, hand_size=3), TWO_HANDS, ["4-3"])
    rnd.play("draw")
    assert legal(rnd) == (["4-3@4-4"] if must else ["4-3@4-4", "pass"])


def test_the_plain_default_keeps_may() -> None:
    """Rules() keeps must_play_drawn=False (001 "may"), so records saved without a preset keep
    their meaning."""
    assert Rules().must_play_drawn is False


# A wolf-lake round saved by cfwidget before this change (commit 59f88a8): its rules say
# must_play_drawn false and have no round_end. Its last two moves draw 6-5, which fits the
# chicken foot on 6-6, and pass: only "may" allows that.
OLD_WOLF_LAKE_ROUND = (
    '{"format": "cfwidget.round", "version": 1, "rules": {"max_pip": 9, "spokes": 4, "toes": 3,'
    ' "hand_size": "wolf-lake", "start_missing": "next-highest", "round_order": "highest-unused",'
    ' "first_player": "holder", "must_play_drawn": false, "double_blank": 50, "out_on_double": 0,'
    ' "game_target": null, "last_tile": "uno"}, "names": ["Player 1", "Player 2", "Player 3"],'
    ' "seed": 0, "deal": {"hands": [["6-4", "8-6", "4-4", "4-1", "6-0", "9-2", "9-4", "5-1",'
    ' "9-8"], ["2-0", "5-4", "9-9", "9-5", "4-2", "7-6", "8-4", "1-0", "4-0"], ["3-1", "3-2",'
    ' "4-3", "8-7", "9-6", "8-1", "8-3", "8-8", "7-5"]], "boneyard": ["6-6", "6-5", "2-1",'
    ' "7-3", "5-3", "3-3", "9-0", "5-5", "2-2", "9-3", "5-0", "8-0", "9-1", "1-1", "8-5", "5-2",'
    ' "7-4", "6-3", "7-7", "7-1", "6-2", "6-1", "8-2", "9-7", "7-0", "3-0", "7-2", "0-0"],'
    ' "start": "9-9", "first": 0, "used_doubles": []}, "moves": ["9-6@9-9", "9-2@9-9",'
    ' "9-5@9-9", "draw", "pass", "9-4@9-9", "2-0@9-2", "4-3@9-4", "5-1@9-5", "1-0@2-0",'
    ' "3-1@1-0", "4-1@5-1", "4-0@4-1", "3-2@3-1", "6-0@4-0", "4-2@3-2", "6-6@6-0", "6-4@6-6",'
    ' "7-6@6-6", "draw", "pass"]}'
)


def test_a_record_saved_before_keeps_its_meaning() -> None:
    """A record stores its rules: an old wolf-lake record (drawn tile "may" be played, no
    round_end) loads with those rules and replays its pass after drawing a tile that fits."""
    rnd = Round.from_json(OLD_WOLF_LAKE_ROUND)
    assert rnd.rules.must_play_drawn is False and rnd.rules.round_end == "blocked"
    assert rnd.rules != Rules.preset("wolf-lake")
    assert rnd.moves[-2:] == (Move.DRAW, Move.PASS) and not rnd.is_over
    # The drawn 6-5 fits the foot on 6-6, so the pass is legal only because "may" was kept.
    seat, _ = rnd.history[-1]
    assert Tile(6, 5) in rnd.hand(seat) and rnd.forced == Tile(6, 6)
    # The same moves under today's preset stop at that pass.
    data = rnd.to_dict()
    data["rules"] = Rules.preset("wolf-lake").to_dict()
    with pytest.raises(cf.RecordError, match=r"move 21 \('pass'\) cannot be replayed"):
        Round.from_dict(data)


# --- double-six counts the spots ----------------------------------------------------------------

# A double-six game saved before this change: its rules say double_blank 50, and Bob was left
# holding the 0-0 at the end of the first round.
OLD_DOUBLE_SIX_GAME = (
    '{"format": "cfwidget.game", "version": 1, "rules": {"max_pip": 6, "spokes": 4, "toes": 3,'
    ' "hand_size": 5, "start_missing": "next-highest", "round_order": "highest-unused",'
    ' "first_player": "holder", "must_play_drawn": true, "double_blank": 50, "out_on_double": 0,'
    ' "game_target": null, "last_tile": "silent"}, "names": ["Ann", "Bob"], "seed": 1,'
    ' "rounds": [["6-1@6-6", "6-2@6-6", "draw", "pass", "6-3@6-6", "draw", "pass", "draw",'
    ' "pass", "draw", "pass", "draw", "pass", "draw", "6-5@6-6", "5-3@6-5", "3-2@6-2",'
    ' "4-3@6-3", "4-0@4-3", "3-3@3-2", "draw", "3-1@3-3", "draw", "pass", "draw", "pass",'
    ' "draw", "pass", "draw", "pass", "draw", "pass", "draw", "pass", "draw", "pass", "draw",'
    ' "pass", "draw", "3-0@3-3", "draw", "pass", "draw"]]}'
)


def test_double_six_counts_the_spots_of_the_double_blank() -> None:
    """004: "each player adds the spots on the dominos in their hand" (no 50 for the 0-0):
    double-six has double_blank=0; a game saved with 50 keeps its 50."""
    rules = Rules.preset("double-six")
    assert rules.double_blank == 0
    assert "The double blank costs nothing: it has no spots." in rules.describe()
    old = cf.Game.from_json(OLD_DOUBLE_SIX_GAME)
    assert old.rules.double_blank == 50 and Tile(0, 0) in old.round.hand(1)
    assert old.sheet.rounds == ((40, 94),)  # 44 spots and the 0-0 at 50
    again = cf.Game.from_json(json.dumps(old.to_dict() | {"rules": rules.to_dict()}))
    assert again.sheet.rounds == ((40, 44),)


# --- an opener whose only tile is the centre double ----------------------------------------------

ONE = Rules(max_pip=3, spokes=3, hand_size=1)


def test_an_opener_who_places_its_last_tile_goes_out() -> None:
    """000: "The game ends when one player plays his last bone": placing the centre double is
    playing it, so an opener with no other tile goes out at once and scores 0."""
    yard = ["3-2", "3-1", "3-0", "2-2", "2-0", "1-1", "1-0", "0-0"]
    rnd = Round.from_deal(ONE, [["3-3"], ["2-1"]], yard)
    assert rnd.is_over and rnd.went_out == 0 and rnd.end_reason == "went-out"
    assert rnd.scores() == [0, 3] and rnd.turn == 0 and rnd.moves == ()
    assert rnd.legal_moves() == [] and rnd.how_it_ended() == "Player 1 went out"
    assert rnd.observation(1).to_dict()["scores"] == [0, 3]
    assert Round.from_json(rnd.to_json()) == rnd
    with pytest.raises(cf.IllegalMove, match="no move to take back"):
        rnd.undo()


def test_an_opener_going_out_at_once_in_a_game_and_a_simulation() -> None:
    """The same through Game (the sheet gets the round) and simulate (a row with no moves)."""
    game = cf.Game(["Ann", "Bob"], ONE, seed=1)
    assert game.round.is_over and game.round.went_out == 1
    assert game.sheet.rounds == ((4, 0),)
    assert game.next_round().start == Tile(2, 2)
    frame = cf.simulate(Rules(hand_size=1), 2, "random", rounds=60, seed=1)
    at_once = frame[frame["moves"] == 0]
    assert len(at_once) > 0
    for _, row in at_once.iterrows():
        assert row["went_out"] in (0, 1) and row[f"score_{row['went_out']}"] == 0


def test_going_out_on_the_centre_double_is_going_out_on_a_double() -> None:
    """002's house rule (out_on_double) charges going out on a double; the centre double is a
    double, so it applies to the opener too."""
    hands = [["3-3"], ["2-1"]]
    yard = ["3-2", "3-1", "3-0", "2-2", "2-0", "1-1", "1-0", "0-0"]
    rnd = Round.from_deal(ONE.replace(out_on_double=50), hands, yard)
    assert rnd.scores() == [50, 3]


# --- a full tie ---------------------------------------------------------------------------------


def tied_game() -> cf.Game:
    """A whole game of random play that ends level after both tie-breaks (found by search)."""
    game = cf.Game(["Ann", "Bob"], Rules(max_pip=3, spokes=3, hand_size=3), seed=623)
    bot = RandomBot(623)
    while True:
        play_out(game.round, bot)
        if game.is_over:
            return game
        game.next_round()


def test_a_full_tie_has_no_winner_and_shares_first_place() -> None:
    """001: "If there is a tie, the player who scored the most zero-point rounds wins. If there
    is still a tie at this point, the player with the lowest total in a round, other than zero,
    wins." When even that ties, nobody wins alone: the place is shared."""
    game = tied_game()
    assert game.sheet.rounds == ((5, 0), (0, 51), (50, 9), (10, 5))
    assert game.sheet.totals == [65, 65]  # one zero round each, lowest other round 5 each
    assert game.winner is None
    assert game.places() == [(1, "Ann", 65), (1, "Bob", 65)]
    assert game.standings() == ["Ann", "Bob"]  # seat order within the shared place


def test_a_game_with_one_first_place_has_a_winner() -> None:
    """001: "The player with the fewest points wins" when nobody shares first place."""
    game = cf.Game(["Ann", "Bob"], Rules(max_pip=3, spokes=3, hand_size=3), seed=5)
    bot = RandomBot(5)
    while True:
        play_out(game.round, bot)
        if game.is_over:
            break
        game.next_round()
    places = game.places()
    assert places[0][0] == 1 and places[1][0] == 2
    assert game.winner == places[0][1]


# --- option mixes no text pairs -----------------------------------------------------------------


@pytest.mark.parametrize("order", ["down", "up"])
def test_next_highest_needs_the_highest_double_left(order: str) -> None:
    """000: "If no player has the double-nine then the player with the next highest double
    plays it" goes with "the next round begins with the highest double left" (000, 004). With a
    fixed order a stand-in would lead twice (down) or nothing can stand in for 0-0 (up)."""
    with pytest.raises(cf.RulesError) as info:
        Rules(start_missing="next-highest", round_order=order)  # type: ignore[arg-type]
    message = str(info.value)
    assert "round_order='highest-unused'" in message and f"got round_order={order!r}" in message
    with pytest.raises(cf.RulesError, match="highest-unused"):
        Rules.preset("wolf-lake").replace(round_order=order)


def test_wolf_lake_games_lead_each_double_once() -> None:
    """000: "The score keeper crosses out the double that led the round and the next round
    begins with the highest double left": over a whole game no double leads twice."""
    for seed in range(3):
        game = cf.Game(3, Rules.preset("wolf-lake"), seed=seed)
        bot = RandomBot(seed)
        starts = []
        while True:
            starts.append(game.round.start)
            play_out(game.round, bot)
            if game.is_over:
                break
            game.next_round()
        assert sorted(starts) == sorted(Tile(n, n) for n in range(10))


# --- six spokes seats 2 to 8 --------------------------------------------------------------------


def test_six_spokes_seats_two_to_eight() -> None:
    """003: "Players 2-8" and "Around seven tiles each is common with a double-nine set for up
    to five or six players, with fewer for a bigger table"."""
    rules = Rules.preset("six-spokes")
    sizes = {p: rules.hand_size_for(p) for p in range(2, 9)}
    assert sizes == {2: 7, 3: 7, 4: 7, 5: 7, 6: 7, 7: 6, 8: 5}
    for players in range(2, 9):
        rnd = Round.deal(rules, players, seed=players)
        play_out(rnd, RandomBot(players))
        assert rnd.is_over
        assert 55 - players * sizes[players] >= 13  # a good pile left to draw from


# --- the score keeper's labels ------------------------------------------------------------------


def test_score_keeper_follows_the_highest_double_left() -> None:
    """004: "The score keeper crosses out the double that lead the round and the next round
    begins with the highest double left." When 6-6 was not dealt and 5-5 led, the next round is
    6-6, not 5-5 again."""
    keeper = ScoreKeeper(["Ann", "Bob"], rules=Rules.preset("double-six"))
    assert keeper.labels == ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"]
    assert keeper.led("5-5") == "5-5"
    assert keeper.labels == ["5-5", "6-6", "4-4", "3-3", "2-2", "1-1", "0-0"]
    keeper.enter("Ann", 7)
    keeper.enter("Bob", 0)
    assert keeper.labels[keeper.current] == "6-6" and keeper._lead.value == "6-6"
    with pytest.raises(cf.ScoreError, match="5-5 cannot lead round 2: it already led round 1"):
        keeper.led("5-5")
    keeper._lead.value = "4-4"  # the "Led by" dropdown
    assert keeper.labels[:3] == ["5-5", "4-4", "6-6"]
    assert keeper.sheet().labels == ("5-5",)
    down = ScoreKeeper(["Ann", "Bob"], rules=Rules(max_pip=6))
    with pytest.raises(cf.ScoreError, match="only 'highest-unused' lets another lead"):
        down.led("5-5")
    up = ScoreKeeper(["Ann", "Bob"], rules=Rules(max_pip=3, spokes=3, round_order="up"))
    assert up.labels == ["0-0", "1-1", "2-2", "3-3"]


# --- words --------------------------------------------------------------------------------------


def test_number_words() -> None:
    """Plain words for teachers and children: "an 8", "an 11", "1 toe"."""
    assert [article(n) for n in (0, 1, 7, 8, 9, 11, 12, 18, 21)] == [
        "a 0", "a 1", "a 7", "an 8", "a 9", "an 11", "a 12", "an 18", "a 21",
    ]  # fmt: skip
    assert (plural(1, "toe"), plural(2, "toe"), plural(0, "point")) == (
        "1 toe",
        "2 toes",
        "0 points",
    )
    eight = Round.deal(Rules(), 4, seed=1, start="8-8")
    assert eight.rule_in_force().endswith("(tiles with an 8)")
    eleven = Round.deal(Rules(max_pip=12, hand_size=7), 4, seed=1, start="11-11")
    assert eleven.rule_in_force().endswith("(tiles with an 11)")
    assert "it takes 1 toe first." in Rules(toes=1).describe()[2]
    assert "Each player is dealt 1 tile." in Rules(hand_size=1).describe()


def test_a_chicken_foot_needing_one_toe_says_one_toe() -> None:
    """001: "The next three tiles played must be played as chicken toes"; with toes=1 the
    sentence says "1 toe", and the refusal names "an 8" and, as the seat holds no 8 and
    can only draw, tells it to draw (never "play a tile with an 8")."""
    rules = Rules(max_pip=8, spokes=3, hand_size=4, toes=1)
    hands = [["8-8", "8-4", "4-4", "1-0"], ["8-3", "3-3", "2-0", "1-1"]]
    rnd = make(rules, hands, ["8-2"])
    for move in ("8-3@8-8", "8-4@8-8", "draw", "8-2@8-8", "4-4@8-4"):
        rnd.play(move)
    assert rnd.rule_in_force() == "the chicken foot on 4-4 still needs 1 toe (tiles with a 4)"
    eight = make(rules, [["8-8", "3-2", "1-0", "0-0"], ["8-3", "3-3", "2-0", "1-1"]], ["8-2"])
    eight.play("8-3@8-8")
    assert eight.rule_in_force() == "the centre double 8-8 still needs 2 spokes (tiles with an 8)"
    with pytest.raises(cf.IllegalMove) as info:
        eight.play("3-2@8-3")
    assert str(info.value) == (
        "the centre double 8-8 still needs 2 spokes (tiles with an 8); "
        "Player 1 has no tile that fits: draw from the chicken yard"
    )


def test_high_draw_is_said_to_be_a_game_option() -> None:
    """002: "Some put the double face up before dealing and rotate who goes first"
    (first_player="high-draw") is about a whole game; Round.deal says so and lets the holder
    open, as its text documents."""
    assert "a Round dealt on its own always lets the holder open" in Rules.options()["first_player"]
    assert Round.deal.__doc__ is not None and "Game" in Round.deal.__doc__
    rules = Rules(first_player="high-draw")
    rnd = Round.deal(rules, 4, seed=7)
    assert rnd.opener == Round.deal(Rules(), 4, seed=7).opener
    assert any("heaviest opens the first round" in line for line in rules.describe())
