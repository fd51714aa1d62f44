"""The same answer is judged the same however it is typed.

Each variant a learner, a phone or a word processor produces is checked on the lessons' own
exercises: other dashes, full stops at the end, quotes, thousands commas, "12.0", scores named
player by player, units after a number, "1 in 2.9"; and the message for a check with no answer
names the notebook's own variable.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cfwidget import teach
from cfwidget.teach import AnswerError
from cfwidget.teach._answers import read_choice, read_name, read_number, read_numbers, read_tiles
from cfwidget.teach._typed import DASHES, tidy, whole

NAMES = ["Ann", "Bob", "Cy"]


@pytest.mark.parametrize("dash", list(DASHES))
def test_a_tile_with_any_dash_is_that_tile(dash: str) -> None:
    q = teach.which_tiles(teach.position("spokes"))
    assert q.check(f"9{dash}7").status == "correct"
    assert q.check(f"9 {dash} 7").status == "correct"
    assert read_tiles(f"[9{dash}7, 6{dash}1]") == read_tiles("9-7, 6-1")


def test_a_wrong_tile_with_an_en_dash_gets_the_same_reason_as_with_a_hyphen() -> None:
    q = teach.which_tiles(teach.position("spokes"))
    assert q.check("8\u20138").message == q.check("8-8").message
    assert q.check("8\u20138").status == "not yet"


def test_a_move_with_en_dashes_and_a_full_stop_is_that_move() -> None:
    q = teach.what_to_do(teach.position("spokes"))
    assert q.check("9\u20137@9\u20139.").message == q.check("9-7@9-9").message
    assert q.check("9\u20137@9\u20139.").status == "correct"


@pytest.mark.parametrize("typed", ["Bob.", "bob.", " Bob! ", '"Bob"', "\u201cBob.\u201d", "'Bob'."])
def test_a_name_with_a_full_stop_or_quotes_is_that_name(typed: str) -> None:
    q = teach.who_wins(teach.sheet("zero-rounds"))
    assert q.check(typed).status == "correct"
    assert read_name(typed, NAMES) == "Bob"


@pytest.mark.parametrize("typed", ["draw.", "Draw!", " DRAW. ", "'draw'"])
def test_a_choice_with_a_full_stop_is_that_choice(typed: str) -> None:
    q = teach.what_to_do(teach.position("no-nine"))
    assert q.check(typed).status == "correct"
    assert read_choice(typed, ["play", "draw", "pass"]) == "draw"


def test_a_choice_in_the_strategy_lessons_takes_a_full_stop_too() -> None:
    import pandas as pd

    effects = pd.DataFrame({"low": [0.01], "high": [0.05], "win_rate": [0.03]}, index=["tip"])
    q = teach.tip_verdict(effects, "tip")
    assert q.check("It helps.").status == "correct"
    assert q.check("it hurts.").status == "not yet"


@pytest.mark.parametrize(("typed", "value"), [("1,600", 1600), ("1,600.", 1600), ("1600", 1600)])
def test_a_number_with_a_thousands_comma(typed: str, value: int) -> None:
    assert read_number(typed) == value
    assert teach.deals_to_halve(400).check(typed).status == "correct"
    assert teach.deals_to_halve(400).check("1,600 deals").status == "correct"


def test_a_comma_that_is_not_between_thousands_is_not_read_as_one() -> None:
    with pytest.raises(AnswerError, match="'1,6' is not a whole number"):
        read_number("1,6")
    assert whole("01,600") is None and whole("1,6000") is None


@pytest.mark.parametrize("typed", ["57", "57.0", "57.00", " 57. ", "57 points", "57 pts"])
def test_a_whole_number_typed_as_a_decimal_or_with_points(typed: str) -> None:
    q = teach.hand_score(teach.position("out"), 2)
    assert q.check(typed).status == "correct"


def test_a_decimal_that_is_not_whole_says_so() -> None:
    q = teach.hand_score(teach.position("out"), 2)
    said = q.check("57.5")
    assert said.status == "not yet"
    assert (
        said.message
        == "Not yet: '57.5' is not a whole number: Cy's score is a whole number, like 12."
    )


@pytest.mark.parametrize(
    "typed",
    [
        "Ann 2, Bob 0, Cy 57",
        "Ann: 2, Bob: 0, Cy: 57.",
        "Cy 57, Ann 2, Bob 0",
        "ann 2; bob has 0 and cy 57 points",
        "Ann's 2, Bob's 0, Cy's 57",
        "2, 0, 57",
        "[2, 0, 57]",
        "2 0 57",
        "2 points, 0 points, 57 points.",
    ],
)
def test_scores_named_player_by_player_or_in_seat_order(typed: str) -> None:
    q = teach.round_scores(teach.position("out"))
    assert q.check(typed).status == "correct", q.check(typed).message
    assert read_numbers(typed, NAMES) == [2, 0, 57]


def test_the_solutions_own_words_are_a_right_answer() -> None:
    q = teach.round_scores(teach.position("out"))
    assert q.solution_text == "Ann: 2, Bob: 0, Cy: 57."
    assert q.check(q.solution_text).status == "correct"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("Ann 2, Bob 0", "You gave 2 of the 3 scores, and none for Cy: write each player's name"),
        ("Ann 2, Bob 0, Cy 57, Dee 4", '"Dee" is not one of the players: they are Ann, Bob'),
        ("Ann 2, Ann 3, Cy 57", "Ann is given two scores"),
        ("Ann, Bob 0, Cy 57", "Ann has no score after the name"),
        ("Ann 2, 0, Cy 57", "0 has no player's name before it"),
        ("2, 0", "You gave 2 scores for 3 players: write one score for each player, in the order"),
        ("2, 0, 57, 4", "You gave 4 scores for 3 players"),
        ("12,500", "You gave 1 score for 3 players"),
    ],
)
def test_a_wrong_count_of_scores_says_clearly_what_is_missing(typed: str, message: str) -> None:
    with pytest.raises(AnswerError, match=message):
        read_numbers(typed, NAMES)
    said = teach.round_scores(teach.position("out")).check(typed)
    assert said.status == "not yet" and message in said.message


def test_a_thousands_comma_that_splits_into_the_right_count_is_two_scores() -> None:
    assert read_numbers("1,600, 2, 3", NAMES) == [1600, 2, 3]
    assert read_numbers("0,12,5", NAMES) == [0, 12, 5]
    assert read_numbers("12,500", ["Ann", "Bob"]) == [12, 500]


@pytest.mark.parametrize("typed", ["89.18 points", "89.18 Points.", "89.18", "981/11 points"])
def test_an_amount_with_its_unit_after_it(typed: str) -> None:
    q = teach.average_hand_cost(9, hand_size=9)
    assert q.check(typed).status == "correct", q.check(typed).message


def test_an_amount_in_another_unit_or_as_a_percent_is_refused_clearly() -> None:
    q = teach.average_hand_cost(9, hand_size=9)
    said = q.check("89.18%")
    assert said.status == "not yet"
    assert "89.18% is a percent, but the number of points is not one" in said.message
    assert "is not the number of points" in q.check("89.18 deals").message


@pytest.mark.parametrize("typed", ["2.36%", "2.36 %", "0.0236", "2.36 percent"])
def test_a_share_may_be_written_as_a_percent(typed: str) -> None:
    q = teach.standard_error(Fraction(1, 3), 400)
    assert q.check(typed).status == "correct", q.check(typed).message


@pytest.mark.parametrize("typed", ["1 in 2.9", "1 in 2.89", "1in2.9", "19/55", "34.5%", "0,345"])
def test_one_in_a_decimal_is_a_chance(typed: str) -> None:
    q = teach.nobody_dealt(9, players=4, hand_size=9)
    assert q.check(typed).status == "correct", q.check(typed).message


def test_one_in_zero_is_refused_kindly() -> None:
    with pytest.raises(AnswerError, match="nothing can be divided by 0"):
        teach.read_chance("1 in 0")


def test_a_chance_with_a_minus_sign_of_any_kind_is_below_0() -> None:
    for dash in DASHES:
        with pytest.raises(AnswerError, match="below 0"):
            teach.read_chance(f"{dash}0.5")


def test_tidy_leaves_what_it_cannot_mend() -> None:
    assert tidy("...") == "" and tidy("9-4@9-9.") == "9-4@9-9"
    assert tidy("'") == "'"  # one quote alone is not a pair


def test_the_not_attempted_message_names_the_notebooks_variable() -> None:
    cell = "q1 = teach.nobody_dealt(9, players=4, hand_size=9)\nq = q1\n"
    namespace: dict[str, object] = {"teach": teach}
    exec(cell, namespace)  # a notebook's cell: its variables are the module's
    said = {}
    for name in ("q1", "q"):
        exec(f"said = {name}.check()", namespace)
        said[name] = str(namespace["said"])
    assert said["q1"] == 'Not attempted: write your answer in the brackets, like q1.check("3/11").'
    assert said["q"].endswith('like q.check("3/11").')
    exec("for exercise in [q1]:\n    said = exercise.check()", namespace)
    assert "like exercise.check(" in str(namespace["said"])


def test_an_exercise_with_no_variable_says_q() -> None:
    said = teach.nobody_dealt(9, players=4, hand_size=9).check()
    assert said.status == "not attempted" and 'like q.check("3/11")' in said.message


# Whatever is typed, with the characters phones and word processors add, a reader either reads
# it or says kindly why not: never another error.
_TYPED = st.text(
    alphabet=st.sampled_from(
        list("0123456789 .,;:-/%[]()'\"!@AnBobCyinpts") + list(DASHES) + ["\u2019", "\u201c"]
    ),
    max_size=24,
)


@settings(max_examples=400, deadline=None)
@given(_TYPED)
def test_readers_raise_only_answer_errors(typed: str) -> None:
    readers = [
        lambda a: read_tiles(a, ["9-4"]),
        read_number,
        lambda a: read_numbers(a, NAMES),
        lambda a: read_name(a, NAMES),
        lambda a: read_choice(a, ["play", "draw", "pass"]),
        teach.read_chance,
        lambda a: teach.read_amount(a, unit="points"),
        lambda a: teach.read_amount(a, percent=True),
    ]
    for read in readers:
        try:
            read(typed)
        except AnswerError as exc:
            assert str(exc).strip()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=999), min_size=3, max_size=3), st.randoms())
def test_named_scores_in_any_order_are_the_seat_order_scores(
    scores: list[int], rnd: random.Random
) -> None:
    pairs = [f"{name} {score}" for name, score in zip(NAMES, scores, strict=True)]
    rnd.shuffle(pairs)
    assert read_numbers(", ".join(pairs), NAMES) == scores
    assert read_numbers(" ".join(str(s) for s in scores), NAMES) == scores


# -- one rule for every number a question asks for -------------------------------------------
# Number words to one hundred, "1 out of 3", "one in three", "~33%", "about 33%" and the units
# pts and points are read the same on every question; whether the number is right is the
# question's business.


def _every_number_question() -> list[tuple[str, object, str]]:
    """(name, exercise, the right answer in digits) for each kind of number question."""
    from cfwidget import Round, Rules

    rnd = Round.from_deal(
        Rules(max_pip=3, spokes=3, hand_size=2),
        hands=[["3-3", "3-0"], ["3-2", "0-0"]],
        boneyard=["3-1", "2-2", "2-1", "2-0", "1-1", "1-0"],
        names=["Ann", "Bob"],
    )
    return [
        ("hand score", teach.hand_score(rnd, 1), "55"),
        ("deals to halve", teach.deals_to_halve(25), "100"),
        ("average hand cost", teach.average_hand_cost(9, hand_size=9), "981/11"),
        ("a chance", teach.nobody_dealt(9, players=4, hand_size=9), "19/55"),
        ("tiles in a hand", teach.how_many_tiles(teach.position("deal"), 0), ""),
    ]


@pytest.mark.parametrize(
    "typed",
    ["fifty-five", "Fifty five", "55 pts", "55 points", "about 55", "~55", "fifty-five pts"],
)
def test_a_hand_score_in_words_with_units_or_about_is_right(typed: str) -> None:
    [(_, q, _), *_] = _every_number_question()
    assert q.check(typed).status == "correct", q.check(typed).message  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ("zero", 0),
        ("nought", 0),
        ("seven", 7),
        ("nineteen", 19),
        ("twenty", 20),
        ("twenty-one", 21),
        ("Ninety Nine", 99),
        ("one hundred", 100),
        ("a hundred points", 100),
        ("about sixty", 60),
        ("approx. 12 pts", 12),
    ],
)
def test_number_words_to_one_hundred(typed: str, value: int) -> None:
    assert read_number(typed) == value


@pytest.mark.parametrize(
    "typed",
    ["1 out of 3", "one in three", "One out of three", "1 of 3", "~33%", "about 33%",
     "about 33 percent", "33 per cent", "≈ 1/3", "thirty-three percent", "roughly 0.33"],
)  # fmt: skip
def test_a_chance_of_one_in_three_written_every_way(typed: str) -> None:
    q = teach.chance_exercise(
        "Chance?", Fraction(1, 3), idea="One of three.", plug_in="1/3.", solution="1/3."
    )
    assert q.check(typed).status == "correct", q.check(typed).message
    assert abs(teach.read_chance(typed) - Fraction(1, 3)) <= Fraction(1, 200)


@pytest.mark.parametrize(
    "typed", ["12 pts", "12 points", "twelve points", "about 12", "~12 pts", "12"]
)
def test_points_are_read_the_same_on_every_question_that_asks_for_points(typed: str) -> None:
    q = teach.amount_exercise(
        "Mean?", Fraction(12), unit="points", idea="Add.", plug_in="Divide.", solution="12."
    )
    assert q.check(typed).status == "correct", q.check(typed).message
    assert read_number(typed) == 12


def test_the_same_number_gets_the_same_verdict_however_it_is_written() -> None:
    """Each question, given its right answer in digits and in the other forms: all right; the
    same forms of a wrong number: all wrong, with the same reason as the digits."""
    forms = {
        "55": ["fifty-five", "55 pts", "about 55 points", "~55"],
        "100": ["one hundred", "a hundred", "100 pts", "about 100"],
        "19/55": ["19 in 55", "19 out of 55", "about 34.5%", "~34.5%"],
        "981/11": ["981 in 11", "about 89.18 points", "~89.18 pts"],
    }
    for name, q, right in _every_number_question():
        if not right:
            continue
        for form in forms[right]:
            said = q.check(form)  # type: ignore[attr-defined]
            assert said.status == "correct", (name, form, said.message)
    q = _every_number_question()[0][1]
    wrong = q.check("5").message  # type: ignore[attr-defined]
    assert wrong.startswith("Not yet: 5 is not it")
    for form in ("five", "5 pts", "about 5", "five points"):
        assert q.check(form).message == wrong, form  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("fifty-five %", "is a percent, but Bob's score is not one"),
        ("one in three", "not a whole number"),
        ("about", "'about' is not a whole number: write Bob's score in digits or words"),
        ("fifty-five deals", "is not a whole number: write Bob's score in digits or words"),
    ],
)
def test_what_the_one_rule_cannot_read_is_refused_kindly(typed: str, words: str) -> None:
    [(_, q, _), *_] = _every_number_question()
    said = q.check(typed)  # type: ignore[attr-defined]
    assert said.status == "not yet" and words in said.message, said.message


def test_scores_named_player_by_player_in_words() -> None:
    assert read_numbers("Ann two, Bob nought and Cy fifty-seven points", NAMES) == [2, 0, 57]
    assert read_numbers("two, zero, fifty-seven", NAMES) == [2, 0, 57]
    assert read_numbers("about 2, ~0, 57", NAMES) == [2, 0, 57]
