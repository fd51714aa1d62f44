"""Notebook 15's exercises: expected value deciding a move, every answer from cfwidget.analysis."""

from __future__ import annotations

from fractions import Fraction

import pandas as pd
import pytest

import cfwidget as cf
from cfwidget import LessonError, teach
from cfwidget.analysis import evaluate, solve
from cfwidget.players import greedy

RULES3 = cf.Rules(max_pip=3, spokes=3, hand_size=3)


def by_greedy(rules: cf.Rules, players: int, seed: int, moves: int) -> cf.Round:
    names = ["Ann", "Bob", "Cy", "Dee"][:players]
    rnd = cf.Round.deal(rules, players=players, seed=seed, names=names)
    for _ in range(moves):
        rnd.play(greedy(rnd.observation(rnd.turn)))
    return rnd


def small() -> cf.Round:
    """Notebook 15's position worked by hand: Ann holds 1-1 and 2-1, Bob 2-2, 3 in the yard."""
    return by_greedy(RULES3, 2, 171, 3)


def test_the_small_position_is_the_one_the_notebook_tells() -> None:
    rnd = small()
    assert rnd.turn == 0 and rnd.yard_count == 3
    assert [sorted(str(t) for t in h) for h in rnd.hands] == [["1-1", "2-1"], ["2-2"]]


@pytest.mark.parametrize(("players", "seed", "moves"), [(2, 171, 3), (2, 74, 5), (2, 170, 3)])
def test_every_yard_order_averages_to_the_exact_value(players: int, seed: int, moves: int) -> None:
    rnd = by_greedy(RULES3, players, seed, moves)
    before = rnd.to_dict()
    sol = solve(rnd)
    name = rnd.names[rnd.turn]
    for move in sol.moves:
        table = teach.every_yard_order(rnd, move)
        assert len(table) == {2: 2, 3: 6}[rnd.yard_count]
        assert len(set(table["yard"])) == len(table)  # every order once
        mean = Fraction(int(table[name].sum()), len(table))
        assert mean == sol.points(move)
    assert rnd.to_dict() == before  # nothing changed


def test_every_yard_order_plays_the_move_it_is_given_first() -> None:
    rnd = small()
    table = teach.every_yard_order(rnd, "2-1@3-2")
    # Bob cannot play on 2-1 with 2-2 after Ann's 2-1 went on 3-2... he draws in every order.
    assert all(line.startswith("Bob draw") for line in table["moves"])
    assert table["Ann"].tolist().count(0) == 4 and table["Ann"].tolist().count(2) == 2


def test_every_yard_order_refuses_a_large_yard_and_bad_moves() -> None:
    rnd = cf.Round.deal(cf.Rules(max_pip=3, spokes=3, hand_size=2), players=2, seed=4)
    with pytest.raises(LessonError, match="720 orders, more than 120"):
        teach.every_yard_order(rnd, rnd.legal_moves()[0])
    with pytest.raises(LessonError, match="not a legal move here"):
        teach.every_yard_order(small(), "3-3@1-1")
    with pytest.raises(LessonError, match=r"takes a cf\.Round"):
        teach.every_yard_order("round", "draw")  # type: ignore[arg-type]


def test_move_value_is_solves_value_within_a_hundredth() -> None:
    rnd = small()
    q = teach.move_value(rnd, "2-1@3-2")
    exact = solve(rnd).points("2-1@3-2")
    assert exact == Fraction(2, 3)
    assert "within 0.01 counts" in q.question
    assert q.check("2/3").status == "correct"
    assert q.check("0.67").status == "correct"
    assert q.check("0.66 points").status == "correct"
    assert q.check("0.6").status == "not yet"
    assert q.check(0.65).status == "not yet"
    assert "2, 2, 0, 0, 0 and 0; their average is 4/6 = 2/3" in q.solution_text


def test_move_value_names_the_usual_slips() -> None:
    rnd = small()
    q = teach.move_value(rnd, "2-1@3-2")
    # Stopping the round right after the move: Ann keeps 1-1, 2 points.
    assert "if the round stopped right after 2-1@3-2" in q.check("2").message
    # The value of another move: 1-1@3-1 is worth 0.
    assert "another of Ann's moves" in q.check("0").message
    assert q.check().message.startswith("Not attempted: write your answer in the brackets, like q")


def test_best_in_expectation_accepts_the_best_and_names_the_greedy_slip() -> None:
    rnd = small()
    q = teach.best_in_expectation(rnd)
    assert q.kind == "choice" and set(q.choices) == {str(m) for m in rnd.legal_moves()}
    assert q.check("1-1@3-1").status == "correct"
    assert q.check("1\u20131@3\u20131").status == "correct"  # an en dash, as phones type it
    assert q.check(" 1-1 @ 3-1. ").status == "correct"
    assert q.check(rnd.legal_moves()[0]).status == "correct"  # the Move itself
    heavy = str(greedy(rnd.observation(rnd.turn)))
    assert heavy == "2-1@3-1"
    wrong = q.check(heavy)
    assert wrong.status == "not yet"
    assert "sheds the most points now" in wrong.message and "2 points more" in wrong.message
    assert "is not one of the answers" in q.check("play").message
    assert "1-1@3-1: 0 points; 2-1@3-1: 2 points; 2-1@3-2: 0.67 points" in q.hints[1]


def test_best_in_expectation_accepts_every_tied_move() -> None:
    rnd = by_greedy(cf.Rules(max_pip=4, spokes=3, hand_size=4), 3, 19, 5)
    sol = solve(rnd)
    low = min(sol.points(m) for m in sol.moves)
    tied = [str(m) for m in sol.moves if sol.points(m) == low]
    assert len(tied) == 2  # 2-1 on 4-1 or on 4-2
    q = teach.best_in_expectation(rnd)
    assert all(q.check(m).status == "correct" for m in tied)


def test_worlds_for_error_scales_with_the_square() -> None:
    rnd = by_greedy(cf.Rules(max_pip=4, spokes=3, hand_size=4), 3, 22, 4)
    table = evaluate(rnd, worlds=200, seed=1)
    error = float(table["std_error"].iloc[0])
    q = teach.worlds_for_error(table, goal=error / 2)
    assert q.check("800").status == "correct"
    assert q.check("760").status == "correct"  # within 10%
    assert "ratio of the errors" in q.check("400").message
    # The rule of thumb holds for the real tables too: four times the worlds (four times the
    # independent chains), about half the error. Each stated error is itself an estimate, so
    # the test compares averages over seeds.
    seeds = range(1, 7)
    few = [float(evaluate(rnd, worlds=200, seed=s)["std_error"].iloc[0]) for s in seeds]
    many = [float(evaluate(rnd, worlds=800, seed=s)["std_error"].iloc[0]) for s in seeds]
    assert 0.4 < sum(many) / sum(few) < 0.62


def test_bad_requests_are_lesson_errors() -> None:
    over = small()
    while not over.is_over:
        over.play(over.legal_moves()[0])
    with pytest.raises(LessonError, match="round in play"):
        teach.move_value(over, "draw")
    with pytest.raises(LessonError, match="needs a position small enough to solve"):
        teach.best_in_expectation(cf.Round.deal(cf.Rules(), players=4, seed=1))
    with pytest.raises(LessonError, match="the table evaluate"):
        teach.worlds_for_error(pd.DataFrame(), goal=1.0)
    table = evaluate(small(), worlds=20, seed=1)
    with pytest.raises(LessonError, match="above 0"):
        teach.worlds_for_error(table, goal=0)


def test_a_teachers_answers_are_read_as_written() -> None:
    """What a probability teacher typed: "1 point", the coach's "1-1 on 4-1", and 800 worlds
    for an error of 1.05 to become 0.50 (the ratio rounded to 2, then squared)."""
    q1 = teach.move_value(
        by_greedy(cf.Rules(max_pip=3, spokes=3, hand_size=3), 2, 171, 3), "2-1@3-2"
    )
    assert q1.check("1 point").message == "Not yet: 1 point is too high."
    assert q1.check("1").message == "Not yet: 1 point is too high."
    assert q1.check("3 points").message == "Not yet: 3 points is too high."
    mid = by_greedy(cf.Rules(max_pip=4, spokes=3, hand_size=4), 3, 22, 4)
    q2 = teach.best_in_expectation(mid)
    for said in ("1-1 on 4-1", "Play 1-1 on the 4-1.", "1-1 on 4-1 (a toe)", "1-1 @ 4-1"):
        assert q2.check(said).status == "correct", said
    assert q2.check("2-1 on 4-1").status == "not yet"
    table = evaluate(mid, worlds=200, seed=1)
    error = float(table["std_error"].iloc[0])
    q3 = teach.worlds_for_error(table, goal=round(error / 2.1, 2))
    exact = 200 * (error / round(error / 2.1, 2)) ** 2
    assert 850 < exact < 920  # a ratio of about 2.1: 200 x 2^2 = 800 is about right
    assert q3.check("800").status == "correct"
    assert "ratio of the errors" in q3.check("420").message  # 200 x 2.1, not squared
    assert q3.check("1200").message == "Not yet: 1200 worlds is too high."
