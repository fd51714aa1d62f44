"""Exercises for the rules the first lessons leave out, each judged by the engine.

Who lays the centre double (and how many tiles each player holds after drawing for it),
calling a chicken foot and its toes, the last tile (silent, "Uno", chicken little), and the
round that ends when everyone has passed (000). Every verdict the tests expect is worked out
from the engine on a copy of the position, never written in by hand, except in the lesson
positions, whose story the lessons tell.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest

import cfwidget as cf
from cfwidget import teach
from cfwidget.core import PRESETS
from cfwidget.players import RandomBot, greedy, play_round
from cfwidget.teach import (
    Exercise,
    chickie_call,
    how_many_tiles,
    last_tile,
    round_over,
    toes_needed,
    who_starts,
)

NAMES = ("Ann", "Bob", "Cy")
PRESET_NAMES = sorted(PRESETS)


def finish(rnd: cf.Round) -> None:
    """Play ``rnd`` to its end (the notebook "moves on" after the exercise was made)."""
    play_round(rnd, [greedy] * rnd.players)


def under(rnd: cf.Round, rules: cf.Rules) -> cf.Round:
    """The same deal and moves under other rules (as far as the moves stay legal)."""
    record = rnd.to_dict()
    again = cf.Round.from_dict({**record, "rules": rules.to_dict(), "moves": []})
    for move in record["moves"]:
        again.play(move)
    return again


def positions(rules: cf.Rules, seeds: range) -> Iterator[cf.Round]:
    """Every position of a few random rounds under ``rules`` (copies: safe to keep)."""
    for seed in seeds:
        rnd = cf.Round.deal(rules, 3, seed=seed, names=NAMES)
        bot = RandomBot(seed)
        while not rnd.is_over:
            yield rnd.copy()
            rnd.play(bot(rnd.observation(rnd.turn)))


def first(rules: cf.Rules, want: Callable[[cf.Round], bool], seeds: range) -> cf.Round:
    found = next((rnd for rnd in positions(rules, seeds) if want(rnd)), None)
    assert found is not None, f"no position found under {rules}"
    return found


def graded(q: Exercise) -> None:
    """A nudge, a sharper hint, then the solution, each once and in that order."""
    one, two, three = q.hint(), q.hint(), q.hint()
    assert one.message == f"Hint 1 of 2: {q.hints[0]}"
    assert two.message == f"Hint 2 of 2: {q.hints[1]}"
    assert three.message == f"Solution: {q.solution_text}"
    assert q.hints[0] != q.hints[1] and q.hints[1] not in q.hints[0]
    assert [e[1:] for e in q.events[-3:]] == [("hint", 1), ("hint", 2), ("solution",)]


# -- who lays the centre double ----------------------------------------------------------------


def test_the_holder_of_the_double_lays_it() -> None:
    q = who_starts(teach.position("deal"))  # lesson 1: Ann was dealt 9-9
    assert q.kind == "name" and q.choices == NAMES and q.key == "who-starts-9-9-held"
    assert "Ann: 9-9, 8-3, 7-5" in q.question and q.question.endswith("Who lays the centre double?")
    for answer in ("Ann", "ann", "  ANN "):
        assert q.check(answer).message == (
            "Correct! Ann holds 9-9, the round's double, so Ann lays it in the centre, and Bob "
            "plays first."
        )
    wrong = q.check("Bob")
    assert wrong.status == "not yet"
    assert "Bob does not hold 9-9: Ann does" in wrong.message
    assert "Whoever holds the round's double lays it" in wrong.message
    graded(who_starts(teach.position("deal")))


def test_nobody_holds_the_double_so_the_players_draw_and_count_the_seats() -> None:
    rnd = teach.position("draw-for-nine")
    q = who_starts(rnd)
    k = len(rnd.opening_draws)
    assert f"It turns up on the {k}th draw" in q.question and "Ann, Bob, Cy" in q.question
    assert rnd.opener == (k - 1) % 3  # the engine's seat for draw k, counted from Ann
    assert q.check(rnd.names[rnd.opener]) and q.check(" bob ")
    ann = q.check("Ann").message
    assert "the 8th draw is Bob's, not Ann's: Ann makes draws 1, 4 and 7" in ann
    # The rule that decides, and where the texts differ.
    assert "001, Pagat's rules (002) and 003 say the players draw in turn" in ann
    assert "Under the Wolf Lake rules (000) and 004 the highest double dealt starts" in ann
    assert "Cy makes draws 3 and 6" in q.check("cy").message
    q2 = who_starts(rnd)
    assert "draw 1 is Ann's, draw 2 is Bob's" in q2.hints[1] and "draw 8" in q2.hints[1]
    assert "Bob" not in q2.hints[0]  # the nudge names the rule, not the answer
    graded(q2)


def test_under_the_wolf_lake_rules_the_highest_double_dealt_stands_in() -> None:
    rnd = teach.position("next-highest")
    assert rnd.rules == cf.Rules.preset("wolf-lake") and not rnd.opening_draws
    q = who_starts(rnd)
    assert "The table plays by the wolf-lake preset (000)." in q.question
    assert q.check("Cy") and not q.check("Bob")
    bob = q.check("Bob").message
    assert "the highest double dealt starts instead: that is 8-8, which Cy holds" in bob
    assert "Bob's highest double is 7-7" in bob and "001, Pagat's rules (002) and" in bob
    assert "Ann 6-6, 3-3 and 1-1; Bob 7-7 and 5-5; Cy 8-8" in q.hints[1]
    graded(q)


def test_a_stand_in_skips_the_doubles_already_used_and_draws_when_none_was_dealt() -> None:
    rules = cf.Rules.preset("wolf-lake")
    rnd = next(
        r
        for seed in range(200)
        if (r := cf.Round.deal(rules, 3, seed=seed, start="8-8", used_doubles=["9-9"]))
        and r.start != cf.Tile(8, 8)
    )
    q = who_starts(rnd)
    assert q.check(rnd.names[rnd.opener]) and "9-9 led earlier rounds" in q.solution_text
    # Double-three, no double dealt: even with a stand-in allowed, the players draw for one.
    small = cf.Rules(
        max_pip=3,
        spokes=3,
        hand_size=2,
        start_missing="next-highest",
        round_order="highest-unused",
    )
    drawn = cf.Round.from_deal(
        small, [["3-2", "1-0"], ["3-1", "2-0"]], ["2-1", "3-0", "1-1", "3-3", "2-2", "0-0"]
    )
    q = who_starts(drawn)
    assert drawn.start == cf.Tile(1, 1) and drawn.opener == 0
    assert "1-1 turns up on the 3rd draw" in q.question
    assert q.check("Player 1") and "nobody was dealt one here" in q.check("Player 2").message


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_who_starts_follows_the_engine_under_every_preset(preset: str) -> None:
    rules = PRESETS[preset]
    seen = set()
    for seed in range(40):
        rnd = cf.Round.deal(rules, 3, seed=seed, names=NAMES)
        q = who_starts(rnd)
        highest = cf.Tile(rules.max_pip, rules.max_pip)
        case = "drew" if rnd.opening_draws else "held" if rnd.start == highest else "stand-in"
        seen.add(case)
        finish(rnd)  # the notebook plays on; the answer stays who laid the double
        for seat, name in enumerate(NAMES):
            assert bool(q.check(name)) == (seat == rnd.opener), (preset, seed, name)
        assert ("draw" in q.question) == (case == "drew")
    expected = {"held", "drew"} if rules.start_missing == "draw" else {"held", "stand-in"}
    assert seen == expected


def test_how_many_tiles_after_the_players_drew_for_the_double() -> None:
    begun = teach.position("draw-for-nine")
    counts = begun.hand_counts()  # the engine's count, before the first move
    assert counts == [12, 11, 11]  # 9 dealt; Ann drew 3, Bob 3 (and laid 9-9), Cy 2
    rnd = teach.position("draw-for-nine")
    qs = [how_many_tiles(rnd, seat) for seat in range(3)]
    finish(rnd)  # the round goes on: the hands change, the answers do not
    for seat, q in enumerate(qs):
        assert q.kind == "number" and q.check(counts[seat]) and q.check(f" {counts[seat]} ")
        assert "It turns up" not in q.question and "8th draw" in q.question
    forgot_draws = qs[0].check(9).message
    assert "Ann also drew 3 tiles while the players looked for 9-9" in forgot_draws
    assert "001, Pagat's rules (002) and 003 say the players draw in turn" in forgot_draws
    assert "Bob laid 9-9 in the centre, one tile fewer" in qs[1].check(12).message
    assert "Bob made draws 2, 5 and 8; Bob laid the centre double" in qs[1].hints[1]
    graded(qs[2])
    held = how_many_tiles(teach.position("deal"), 0)
    assert held.check(8) and "Ann laid 9-9 in the centre, one tile fewer" in held.check(9).message
    with pytest.raises(cf.SeatError):
        how_many_tiles(begun, 3)


@pytest.mark.parametrize("preset", ["seven-each", "double-six", "wolf-lake"])
def test_how_many_tiles_follows_the_engine_under_presets(preset: str) -> None:
    for seed in range(12):
        rnd = cf.Round.deal(PRESETS[preset], 3, seed=seed, names=NAMES)
        counts = rnd.hand_counts()
        qs = [how_many_tiles(rnd, seat) for seat in range(3)]
        finish(rnd)
        for seat, q in enumerate(qs):
            assert q.check(counts[seat]) and not q.check(counts[seat] + 1)


# -- calling a chicken foot and its toes ---------------------------------------------------------


def test_calling_a_chicken_foot() -> None:
    rnd = teach.position("foot-choice")  # lesson 3: Cy holds 4-4; 8-4 and 9-4 show a 4
    q = chickie_call(rnd, "4-4")
    assert q.question == "Cy lays 4-4 on the open 4 of 8-4. What does Cy call out?"
    assert q.kind == "choice" and "Chickie fours!" in q.choices and "Uno!" in q.choices
    rnd.play("4-4@8-4")
    finish(rnd)  # the source round moved on
    for answer in ("Chickie fours!", "chickie fours", " CHICKIE 4 ", "chickie 4s", "chickie"):
        assert q.check(answer).status == "correct", answer
    for answer in ("Chicken foot!", "chicken foot", "ChickenFoot"):
        assert q.check(answer).status == "correct", answer
    right = q.check("Chickie fours!").message
    assert "the next 3 tiles must show a 4, played on 4-4 as toes" in right
    assert "004" in right and "001" in right and "003 mentions no call" in right
    assert "The engine never asks for it: calling is a custom at the table" in right
    assert '"Uno!" is said with the last tile in hand (the Wolf Lake rules, 000)' in (
        q.check("uno").message
    )
    assert "a player passes only when no tile fits" in q.check("Pass").message
    nothing = q.check("nothing").message
    assert "the engine needs none" in nothing and "Pagat's rules (002)" in nothing
    eights = q.check("Chickie eights!").message
    assert 'the call names the double\'s number: 4-4 shows 4, so "Chickie fours!"' in eights
    assert "not" in q.check("chickie nine").message and not q.check("chickie nine")
    graded(chickie_call(teach.position("foot-choice"), "4-4"))


def test_the_toes_of_a_chicken_foot_are_counted_by_the_engine() -> None:
    q = toes_needed(teach.position("foot-choice"), "4-4")
    assert q.check(3) and q.check("3") and q.check(3.0)
    assert "4 is what the centre double takes (its spokes)" in q.check(4).message
    assert "all five rule texts say 3" in q.check(1).message
    graded(toes_needed(teach.position("foot-choice"), "4-4"))
    # A smaller foot to learn on: the same deal with two toes.
    small = under(teach.position("foot-choice"), cf.Rules(toes=2))
    two = toes_needed(small, "4-4")
    assert two.check(2) and not two.check(3)
    assert "smaller foot" in two.check(3).message
    assert "the next 2 tiles must show a 4" in chickie_call(small, "4-4").check("chickie").message


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_chickie_and_toes_follow_the_engine_under_every_preset(preset: str) -> None:
    def can_lay_a_foot(rnd: cf.Round) -> bool:
        return len(rnd.hand(rnd.turn)) > 2 and any(
            m.tile is not None and m.tile.is_double for m in rnd.legal_moves()
        )

    rnd = first(PRESETS[preset], can_lay_a_foot, range(30))
    move = next(m for m in rnd.legal_moves() if m.tile is not None and m.tile.is_double)
    assert move.tile is not None
    after = rnd.copy()
    after.play(move)
    assert after.forced == move.tile
    q, toes = chickie_call(rnd, move.tile), toes_needed(rnd, move.tile)
    rnd.play(move)  # the source round moves on
    words = ["blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights"]
    words += ["nines"]
    assert q.check(f"Chickie {words[move.tile.high]}!") and q.check("Chicken foot!")
    assert toes.check(after.needed) and not toes.check(after.needed + 1)


def test_a_foot_needs_a_double_that_can_be_laid_now() -> None:
    with pytest.raises(cf.LessonError, match="cannot be played now: the centre double 9-9"):
        chickie_call(teach.position("deal"), "8-8")  # Bob's 8-8 cannot go on the centre
    with pytest.raises(cf.LessonError, match="asks about one double, like '4-4'"):
        chickie_call(teach.position("foot-choice"), "6-4")
    with pytest.raises(cf.LessonError, match="needs one double"):
        toes_needed(teach.position("foot-choice"), 44)
    with pytest.raises(cf.LessonError, match="needs a round"):
        chickie_call("foot-choice", "4-4")  # type: ignore[arg-type]


# -- the last tile -------------------------------------------------------------------------------


def engine_outcome(rnd: cf.Round, move: str) -> str:
    """What the engine does with ``move``: a penalty tile drawn, or nothing."""
    after = rnd.copy()
    plain = move.rstrip("!") if rnd.rules.last_tile == "silent" else move
    before = len(after.penalties)
    after.play(plain)
    return "penalty" if len(after.penalties) > before else "nothing"


ANSWERS = {"penalty": "draws a tile", "nothing": "nothing"}


@pytest.mark.parametrize("name", ["last-two", "uno", "chicken-little"])
@pytest.mark.parametrize("move", ["3-0@5-0", "3-0@5-0!"])
def test_the_last_tile_under_each_rule(name: str, move: str) -> None:
    rnd = teach.position(name)
    q = last_tile(rnd, move)
    outcome = engine_outcome(rnd, move)
    finish(rnd)  # the source round moves on
    assert q.kind == "choice" and q.choices[0] == "Nothing: play goes on"
    assert q.check(ANSWERS[outcome]).status == "correct"
    assert q.check(q.choices[0 if outcome == "nothing" else 1]).status == "correct"
    wrong = q.check(ANSWERS["nothing" if outcome == "penalty" else "penalty"]).message
    assert wrong.startswith("Not yet:") and re.search(r"\b00[0-4]\b", wrong)
    assert "no rule text makes a player miss a turn" in q.check("misses a turn").message
    rule = rnd.rules.last_tile
    assert (outcome == "penalty") == (rule == "chicken-little" and not move.endswith("!"))
    graded(last_tile(teach.position(name), move))


def test_the_last_tile_feedback_says_where_the_texts_differ() -> None:
    little = last_tile(teach.position("chicken-little"), "3-0@5-0")
    right = little.check("draw").message
    assert "under chicken little (a variation in Pagat's rules, 002)" in right
    assert "Bob draws one and holds 2 tiles again" in right and "000" in right
    uno = last_tile(teach.position("uno"), "3-0@5-0")
    assert 'saying "Uno" is a courtesy, with no penalty' in uno.check("nothing").message
    assert "the Wolf Lake rules (000)" in uno.check("draw").message
    silent = last_tile(teach.position("last-two"), "3-0@5-0")
    assert "this table has no last-tile rule, like 001" in silent.check("draw").message
    assert "001, Pagat's rules (002), 003 and 004" in silent.question


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("rule", ["silent", "uno", "chicken-little"])
def test_the_last_tile_follows_the_engine_under_every_preset(preset: str, rule: str) -> None:
    rules = PRESETS[preset].replace(last_tile=rule)

    def two_tiles(rnd: cf.Round) -> bool:
        return len(rnd.hand(rnd.turn)) == 2 and rnd.legal_moves()[0].is_play

    rnd = first(rules, two_tiles, range(30))
    move = str(rnd.legal_moves()[0])  # never announced: the plain play comes first
    for said in (move, move + "!"):
        q = last_tile(rnd, said)
        assert q.check(ANSWERS[engine_outcome(rnd, said)]), (preset, rule, said)


def test_chicken_little_with_an_empty_yard_draws_nothing() -> None:
    rules = PRESETS["double-six"].replace(last_tile="chicken-little")

    def empty(rnd: cf.Round) -> bool:
        return rnd.yard_count == 0 and len(rnd.hand(rnd.turn)) == 2 and rnd.legal_moves()[0].is_play

    rnd = first(rules, empty, range(60))
    q = last_tile(rnd, str(rnd.legal_moves()[0]))
    assert q.check("nothing") and engine_outcome(rnd, str(rnd.legal_moves()[0])) == "nothing"
    assert "the chicken yard is empty, so there is no tile to draw" in q.check("draw").message
    assert "Is there a tile left to draw?" in q.hints[1]


def test_the_last_tile_needs_two_tiles_and_a_play() -> None:
    with pytest.raises(cf.LessonError, match="holds two tiles; Bob holds 9 tiles"):
        last_tile(teach.position("deal"), "9-4@9-9")
    with pytest.raises(cf.LessonError, match="needs a play, like '3-0@5-0'"):
        last_tile(teach.position("last-two"), "draw")
    with pytest.raises(cf.LessonError, match="needs a play, like"):
        last_tile(teach.position("last-two"), "three")
    with pytest.raises(cf.LessonError, match="the centre double 9-9 already has all its spokes"):
        last_tile(teach.position("last-two"), "3-0@9-9")


# -- the round that ends when everyone has passed (000) --------------------------------------------


def test_under_the_wolf_lake_rules_everyone_passing_ends_the_round() -> None:
    rnd = teach.position("all-pass")
    assert rnd.rules == cf.Rules.preset("wolf-lake") and rnd.yard_count > 0
    q = round_over(rnd)
    assert "Ann and Bob passed, one after another" in q.question
    after = rnd.copy()
    after.play("pass")
    assert after.is_over and after.end_reason == "all-passed"  # the engine says so
    rnd.play("pass")  # the notebook moves on: the round is over ...
    with pytest.raises(cf.LessonError, match="this round is over"):
        round_over(rnd)  # ... so no new exercise, but the old one still judges the same
    for answer in ("yes", "Yes", " YES ", "y", True, "Yes, the round is over", "it is over"):
        assert q.check(answer).status == "correct", answer
    assert "every player passed in turn (3 passes in a row)" in q.check("yes").message
    no = q.check("no").message
    assert "under the Wolf Lake rules (000) a round also ends when every player" in no
    assert "even with tiles left in the chicken yard" in no
    graded(round_over(teach.position("all-pass")))


def test_under_the_other_texts_play_goes_on_while_the_yard_has_tiles() -> None:
    rnd = teach.position("pass-goes-on")
    q = round_over(rnd)
    for answer in ("no", "No", "n", False, "No, play goes on", "goes on"):
        assert q.check(answer).status == "correct", answer
    yes = q.check("yes").message
    assert "under 001, Pagat's rules (002), 003 and 004 a round ends only when" in yes
    assert "the chicken yard still holds 22 tiles" in yes and "Wolf Lake rules (000)" in yes
    assert "Ann plays next" in q.check("no").message
    # Under 000, one pass in a row is not all of them: the round goes on there too.
    early = round_over(under(teach.position("miss"), cf.Rules.preset("wolf-lake")))
    assert early.check("no") and "only 1 of the 3 players has passed" in early.check("no").message
    assert "but only 1 of the 3 players has passed" in early.check("yes").message


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_round_over_follows_the_engine_under_every_preset(preset: str) -> None:
    rules = PRESETS[preset]
    verdicts = set()
    for rnd in positions(rules, range(6)):
        if rnd.legal_moves() != [cf.Move.PASS]:
            continue
        after = rnd.copy()
        after.play("pass")
        q = round_over(rnd)
        assert q.check("yes" if after.is_over else "no"), (preset, rnd.history[-3:])
        verdicts.add(after.is_over)
    assert False in verdicts
    assert (True in verdicts) == (rules.round_end == "all-passed")


def test_round_over_needs_a_player_who_must_pass() -> None:
    with pytest.raises(cf.LessonError, match="must pass, but Bob can 9-4@9-9 or 9-7@9-9"):
        round_over(teach.position("deal"))


# -- what every rule exercise shares ---------------------------------------------------------------


def made() -> dict[str, Callable[[], Exercise]]:
    return {
        "who-holder": lambda: who_starts(teach.position("deal")),
        "who-draw": lambda: who_starts(teach.position("draw-for-nine")),
        "who-stand-in": lambda: who_starts(teach.position("next-highest")),
        "tiles-draw": lambda: how_many_tiles(teach.position("draw-for-nine"), 1),
        "tiles-stand-in": lambda: how_many_tiles(teach.position("next-highest"), 2),
        "chickie": lambda: chickie_call(teach.position("foot-choice"), "4-4"),
        "toes": lambda: toes_needed(teach.position("foot-choice"), "4-4"),
        "silent": lambda: last_tile(teach.position("last-two"), "3-0@5-0"),
        "uno": lambda: last_tile(teach.position("uno"), "3-0@5-0"),
        "little": lambda: last_tile(teach.position("chicken-little"), "3-0@5-0"),
        "all-pass": lambda: round_over(teach.position("all-pass")),
        "goes-on": lambda: round_over(teach.position("pass-goes-on")),
    }


ANY_ORDER = [
    "Ann",
    " bob ",
    "CY",
    "Zed",
    8,
    "12",
    11,
    "chickie fours",
    "Uno!",
    "nothing",
    "draw",
    "yes",
    "no",
    3,
    None,
]
WEIRD = [0, -5, 10**5000, 2.5, float("nan"), True, b"yes", object(), {"a": 1}, [None], "", "  "]


@pytest.mark.parametrize("name", sorted(made()))
def test_checks_in_any_order_give_the_same_verdicts(name: str) -> None:
    make = made()[name]
    expected = {repr(a): make().check(a) for a in ANY_ORDER}
    assert any(expected.values()) and not all(expected.values())  # right and wrong answers
    q = make()
    order = ANY_ORDER * 3
    random.Random(5).shuffle(order)
    for answer in order:
        if random.Random(len(q.events)).random() < 0.3:
            q.hint()
        assert q.check(answer) == expected[repr(answer)]


@pytest.mark.parametrize("name", sorted(made()))
def test_no_answer_makes_the_package_fail(name: str) -> None:
    q = made()[name]()
    for answer in WEIRD:
        feedback = q.check(answer)  # never a TypeError, KeyError or IndexError
        assert feedback.status in ("correct", "not yet") and feedback.message


@pytest.mark.parametrize("name", sorted(made()))
def test_each_exercise_has_a_short_key_for_progress_files(name: str) -> None:
    q = made()[name]()
    assert 0 < len(q.key) <= 40 and re.fullmatch(r"[a-z0-9-]+", q.key)
    keyed = who_starts(teach.position("deal"), key="lesson1-who-starts")
    assert keyed.key == "lesson1-who-starts"
    with pytest.raises(cf.LessonError, match="short text like 'lesson-2-spokes'"):
        who_starts(teach.position("deal"), key="!!!")


# The answer each lesson position's story gives (the tests above check them against the engine).
RIGHT = {
    "who-holder": "Ann",
    "who-draw": "Bob",
    "who-stand-in": "Cy",
    "tiles-draw": 11,
    "tiles-stand-in": 8,
    "chickie": "Chickie fours!",
    "toes": 3,
    "silent": "Nothing: play goes on",
    "uno": "Nothing: play goes on",
    "little": "Bob draws a tile as a penalty",
    "all-pass": "Yes, the round is over",
    "goes-on": "No, play goes on",
}


@pytest.mark.parametrize("name", sorted(made()))
def test_each_exercise_is_answered_by_clicking(name: str) -> None:
    q = made()[name]()
    box = teach.answer(q)
    assert box.exercise is q and box.words().startswith(f"Question: {q.question}")
    given = RIGHT[name]
    assert q.check(given)  # the story's answer is the engine's
    if q.kind == "number":
        assert box.boxes and not box.options
        next(iter(box.boxes.values())).value = str(given)
    else:
        assert list(box.options) == list(q.choices)
        box.option(str(given)).value = True
    box.check_button.click()
    assert box.message.startswith("Correct!") and box.feedback.status == "correct"
    box.hint_button.click()
    assert box.message == f"Hint 1 of 2: {q.hints[0]}"


def test_the_progress_file_takes_these_exercises(tmp_path: object) -> None:
    progress = teach.Progress("S01", folder=tmp_path, clock=lambda: 1_700_000_000.0)  # type: ignore[arg-type]
    for make in made().values():
        q = make()
        q.check("nothing")
        q.hint()
        progress.record_exercise(q, "01")
    summary = {row.exercise for row in progress.summary()}
    assert len(summary) == len({make().key for make in made().values()})


def messages() -> list[str]:
    out: list[str] = []
    for make in made().values():
        q = make()
        out += [q.check(a).message for a in ANY_ORDER if a is not None]
        out += [q.hint().message for _ in range(3)]
        out.append(q.question)
    return out


def test_messages_read_as_plain_sentences() -> None:
    for message in messages():
        assert not re.search(r"\b1 (spokes|toes|tiles|points|draws)\b", message), message
        assert not re.search(r"\ba 8|\ba 11\b|\ban [1-79]\b", message), message
        assert not re.search(r"[.!?] [a-z]", message), message  # a capital after a full stop
        assert not re.search(r"\.\.|\. \.|: \.|\(\(|\)\)|\.\)\.", message), message
        assert message.endswith((".", "?", '"')), message
