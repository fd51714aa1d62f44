"""The probability course's exercises: chances read in every form, judged against
cfwidget.odds, wrong answers told why, graded hints, and the answer controls."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest

import cfwidget as cf
from cfwidget import AnswerError, LessonError, teach
from cfwidget.odds import replay
from cfwidget.players import greedy, tips
from cfwidget.teach import answer

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def ann_at_the_foot() -> cf.Round:
    """Notebook 12's moment: the chicken foot on 4-4, everyone else drew and passed."""
    rnd = cf.Round.deal(cf.Rules(hand_size=9), players=4, seed=13, names=NAMES)
    return replay(rnd, [tips, greedy, greedy, greedy], until=39)


# --- reading a chance ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("3/11", Fraction(3, 11)),
        (" 3 / 11 ", Fraction(3, 11)),
        ("0.27", Fraction(27, 100)),
        (".5", Fraction(1, 2)),
        ("0,25", Fraction(1, 4)),
        ("27%", Fraction(27, 100)),
        ("27 %", Fraction(27, 100)),
        ("12.5 percent", Fraction(1, 8)),
        ("1 in 4", Fraction(1, 4)),
        ("1/2%", Fraction(1, 200)),
        (Fraction(2, 7), Fraction(2, 7)),
        (0.5, Fraction(1, 2)),
        (1, Fraction(1)),
        (0, Fraction(0)),
    ],
)
def test_a_chance_is_read_in_every_form(written: object, value: Fraction) -> None:
    assert teach.read_chance(written) == value


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (
            "27",
            "27 is more than 1, and a chance is at most 1 (100%). If you meant a percent, "
            "write 27%.",
        ),
        ("-0.2", "-0.2 is below 0, and a chance is never below 0."),
        ("150%", "150% is more than 1 (100%), and a chance is at most 1."),
        ("3/0", "3/0 has 0 below the line, and nothing can be divided by 0"),
        (
            "abc",
            "abc is not a chance: write a fraction like 3/11, a decimal like 0.27 or a "
            "percent like 27%.",
        ),
        ("two thirds", "two thirds is not a chance"),
        ("1 in 0", "1 in 0 has 0 below the line"),
        (True, "True is not a chance"),
        (None, "None is not a chance"),
        (float("nan"), "nan is not a chance"),
        ([1, 2], "[1, 2] is not a chance"),
        ("9" * 60, "is too long to be a chance"),
    ],
)
def test_an_unreadable_chance_says_how_to_write_one(written: object, said: str) -> None:
    with pytest.raises(AnswerError) as caught:
        teach.read_chance(written)
    assert said in str(caught.value)


def test_an_amount_is_read_but_never_as_a_percent() -> None:
    assert teach.read_amount("38/11") == Fraction(38, 11)
    assert teach.read_amount(" 3,5 ") == Fraction(7, 2)
    assert teach.read_amount(4.25) == Fraction(17, 4)
    with pytest.raises(
        AnswerError,
        match=r"is a percent, but the number of draws is not one: write a number like 2\.5",
    ):
        teach.read_amount("27%", "the number of draws")
    with pytest.raises(AnswerError, match="below 0, and the mean cannot be"):
        teach.read_amount("-1", "the mean")


# --- every exercise: right in every form, wrong ones told why, graded hints ---------------------


def forms(value: Fraction) -> list[object]:
    """A right answer written every way the course accepts."""
    return [
        value,
        str(value),
        f"{float(value):.4f}",
        float(value),
        f"{float(value) * 100:.2f}%",
    ]


def test_nobody_dealt_against_counting() -> None:
    q = teach.nobody_dealt(9, players=4, hand_size=9)
    exact = Fraction(55 - 36, 55)
    assert exact == 1 - cf.odds.p_start_double_dealt(9, 4, 9)
    for right in [*forms(exact), "34.5%", "35%", "19 in 55"]:
        assert q.check(right).status == "correct", right
    assert q.check("19/55").message == "Correct! 19/55 = 34.5%."
    said = {
        "36/55": "is the chance that somebody holds the 9-9",
        "9/55": "is the chance that one given player holds it: there are 4 players",
        "46/55": "is the chance that one given player does not hold it",
        "0.34": "is close, but more than 0.005 away",
        "0.5": "0.5 is too high",
        "10%": "10% is too low",
    }
    for wrong, why in said.items():
        feedback = q.check(wrong)
        assert feedback.status == "not yet" and why in feedback.message, (wrong, feedback)
    assert "within 0.005 (half a percentage point)" in q.question


def test_no_number_in_hand_is_the_hypergeometric_chance_of_none() -> None:
    q = teach.no_number_in_hand(9, hand_size=9, number=9)
    exact = Fraction(math.comb(45, 9), math.comb(55, 9))
    for right in forms(exact):
        assert q.check(right).status == "correct", right
    put_back = float(Fraction(45, 55) ** 9)
    assert "as if it were put back" in q.check(f"{put_back:.4f}").message
    assert "the chance that the hand holds at least one 9" in q.check(str(1 - exact)).message


def test_average_hand_cost_by_adding_up_the_set() -> None:
    q = teach.average_hand_cost(9, hand_size=9)
    set_cost = sum(cf.Rules().penalty(t) for t in cf.full_set(9))
    exact = Fraction(9 * set_cost, 55)
    assert exact == Fraction(981, 11)
    for right in ("981/11", "89.18", 89.2, "89,2"):
        assert q.check(right).status == "correct", right
    assert q.check("981/11").message == "Correct! 981/11 = 89.182 points."
    assert "counts the double blank as 0" in q.check("81").message
    assert q.check("100").message == "Not yet: 100 points is too high."


def test_waiting_for_the_double() -> None:
    q = teach.double_on_draw(9, players=4, hand_size=9, draw=1)
    for right in forms(Fraction(1, 55)):
        assert q.check(right).status == "correct", right
    assert "we already know the 9-9 was not dealt" in q.check("1/19").message
    with pytest.raises(LessonError, match="draw must be from 1 to 19"):
        teach.double_on_draw(9, players=4, hand_size=9, draw=20)
    q = teach.average_wait(9, players=4, hand_size=9)
    assert q.check(Fraction(sum(range(20)), 55)).status == "correct"
    assert q.check("3.45").status == "correct" and q.check("3.4").status == "not yet"
    assert "the mean wait when the double was not dealt" in q.check("10").message


def test_never_finds_against_counting_yards() -> None:
    q = teach.never_finds(unseen=20, fitting=2, yard=4)
    exact = Fraction(math.comb(18, 4), math.comb(20, 4))
    assert exact == Fraction(12, 19)
    for right in forms(exact):
        assert q.check(right).status == "correct", right
    assert "as if the tile went back" in q.check(f"{float(Fraction(18, 20) ** 4):.4f}").message
    assert "a tile that fits does turn up" in q.check("7/19").message
    rare = teach.never_finds(unseen=45, fitting=9, yard=19)  # 0.35%: a finer tolerance
    assert rare.check("0.0035").status == "correct" and rare.check("0.01").status == "not yet"


def test_a_seats_plain_count() -> None:
    rnd = ann_at_the_foot()
    q = teach.next_draw_fits(rnd, seat=0)
    assert rnd.draw_odds(0) == Fraction(4, 26)
    for right in forms(Fraction(2, 13)):
        assert q.check(right).status == "correct", right
    assert "divides by the 12 yard tiles" in q.check("4/12").message
    q = teach.holds_a_number(rnd, seat=0, number=4, other_seat=1)
    exact = 1 - Fraction(math.comb(22, 5), math.comb(26, 5))
    assert exact == Fraction(1793, 2990)
    for right in forms(exact):
        assert q.check(right).status == "correct", right
    assert "put back" in q.check(f"{1 - (22 / 26) ** 5:.4f}").message
    assert "Bob holds no 4" in q.check(str(1 - exact)).message


def test_sharper_or_plain_is_judged_by_the_sharper_count() -> None:
    q = teach.sharper_or_plain(ann_at_the_foot(), seat=0)
    assert q.kind == "choice" and q.choices == ("more", "less", "the same")
    assert q.check(" More ").message == (
        "Correct! The plain count says 0.154, the sharper count 0.333: more likely."
    )
    assert q.check("less").status == "not yet"
    assert q.check("maybe").message.startswith("Not yet: 'maybe' is not one of the answers")
    after_deal = cf.Round.deal(cf.Rules(hand_size=9), players=4, seed=13)
    assert teach.sharper_or_plain(after_deal, seat=after_deal.turn).check("the same")


def test_simulation_exercises() -> None:
    q = teach.standard_error(Fraction(36, 55), samples=400)
    p = 36 / 55
    assert q.check(f"{math.sqrt(p * (1 - p) / 400):.4f}").status == "correct"
    assert "the variance" in q.check(f"{p * (1 - p) / 400:.6f}").message
    assert "inside it" in q.check(f"{math.sqrt(p * (1 - p)) / 400:.5f}").message
    q = teach.deals_to_halve(400)
    assert q.check("1600").message == "Correct! 1,600 deals."
    assert q.check(1600).status == "correct"
    assert "only shrinks the width by sqrt(2)" in q.check("800").message
    assert "is not a whole number" in q.check("1600.5").message
    with pytest.raises(LessonError, match="samples must be a whole number"):
        teach.standard_error(Fraction(1, 2), samples=0)


def test_strategy_exercises_read_the_tables_they_are_given() -> None:
    effects = pd.DataFrame(
        {"win_rate": [0.173, 0.001], "low": [0.148, -0.025], "high": [0.198, 0.028]},
        index=["dump the double blank", "hold a double for the end"],
    )
    q = teach.tip_verdict(effects, "hold a double for the end")
    assert q.check("no measurable difference").status == "correct"
    assert "does the interval hold 0" in q.check("it helps").message
    assert teach.tip_verdict(effects, "dump the double blank").check("it helps")
    with pytest.raises(LessonError, match="label must name a row"):
        teach.tip_verdict(effects, "nap")
    widths = pd.DataFrame({"width": [0.132, 0.066]}, index=pd.Index([100, 400], name="deals"))
    q = teach.deals_for_width(widths, goal=0.033)
    assert q.check("1600").status == "correct" and q.check("1700").status == "correct"
    assert "grow with its square" in q.check("800").message


@pytest.mark.parametrize(
    "make",
    [
        lambda: teach.nobody_dealt(9, 4, 9),
        lambda: teach.no_number_in_hand(6, 7, 6),
        lambda: teach.average_hand_cost(6, 7),
        lambda: teach.double_on_draw(6, 2, 7, 3),
        lambda: teach.average_wait(6, 2, 7),
        lambda: teach.never_finds(20, 2, 4),
        lambda: teach.next_draw_fits(ann_at_the_foot(), 0),
        lambda: teach.holds_a_number(ann_at_the_foot(), 0, 4, 2),
        lambda: teach.standard_error(Fraction(1, 2), 100),
        lambda: teach.deals_to_halve(100),
    ],
)
def test_hints_are_graded_then_the_solution(make: object) -> None:
    q = make()  # type: ignore[operator]
    first, second, then = q.hint(), q.hint(), q.hint()
    assert first.message.startswith("Hint 1 of 2: ") and second.message.startswith("Hint 2 of 2:")
    assert any(ch.isdigit() for ch in second.message)  # the sharper hint has numbers to plug in
    assert then.message.startswith("Solution: ") and then.message == q.solution().message
    assert [e[1:] for e in q.events[:3]] == [("hint", 1), ("hint", 2), ("solution",)]
    assert q.key.startswith("odds-1")


def test_the_answer_control_takes_a_typed_chance(tmp_path: Path) -> None:
    progress = teach.Progress("S07", folder=tmp_path)
    box = answer(teach.nobody_dealt(9, 4, 9), progress=progress, lesson="10")
    (field,) = box.boxes.values()
    box.check_button.click()
    assert box.message == "Not attempted: type a number in the box, then press Check."
    field.value = "65%"
    box.check_button.click()
    assert box.message.startswith("Not yet: 65% is the chance that somebody holds the 9-9")
    box.hint_button.click()
    assert box.message.startswith("Hint 1 of 2: The 9-9 is one tile.")
    field.value = "19/55"
    box.check_button.click()
    assert box.message == "Correct! 19/55 = 34.5%." and box.feedback.status == "correct"
    events = [(e["event"], e.get("answer"), e.get("correct")) for e in progress.events()]
    assert events == [("check", "65%", False), ("hint", None, None), ("check", "19/55", True)]
    assert progress.summary()[0].exercise == "odds-10-nobody-dealt"
    assert "Write a fraction like 3/11" in box.words()


def test_the_answer_control_offers_the_choices() -> None:
    box = answer(teach.sharper_or_plain(ann_at_the_foot(), seat=0))
    assert list(box.options) == ["more", "less", "the same"]
    box.option("more").value = True
    box.check_button.click()
    assert box.message.startswith("Correct! The plain count says 0.154")


def test_bad_exercises_are_refused() -> None:
    with pytest.raises(LessonError, match="a chance is from 0 to 1"):
        teach.chance_exercise("?", Fraction(3, 2), idea="a", plug_in="b", solution="c")
    with pytest.raises(LessonError, match="must be a number"):
        teach.amount_exercise("?", "many", unit="u", idea="a", plug_in="b", solution="c")  # type: ignore[arg-type]
    with pytest.raises(LessonError, match="needs a round still being played"):
        teach.next_draw_fits("round", 0)  # type: ignore[arg-type]
    with pytest.raises(LessonError, match="seat must be a seat number from 0 to 3"):
        teach.next_draw_fits(ann_at_the_foot(), 7)
