"""Lesson exercises: the engine decides, feedback is correct / not yet / not attempted."""

from __future__ import annotations

import pytest

import cfwidget as cf
from cfwidget.players import greedy, play_round
from cfwidget.teach import hand_score, round_scores, what_to_do, where_can, which_tiles, who_wins

NAMES = ["Ann", "Bob", "Cy"]


def spoke_position() -> cf.Round:
    """Double-4, three spokes needed; Bob to move holding 4-2 and 3-1."""
    tiles = {str(t) for t in cf.full_set(4)}
    hands = [["4-4", "2-2", "1-0"], ["4-2", "3-1"], ["3-3", "2-0"]]
    yard = sorted(tiles - {t for h in hands for t in h})
    return cf.Round.from_deal(cf.Rules(max_pip=4, spokes=3, hand_size=3), hands, yard, names=NAMES)


def test_not_attempted_then_not_yet_then_correct() -> None:
    q = which_tiles(spoke_position())
    assert q.question == "Which tiles can Bob play now?"
    first = q.check()
    assert first.status == "not attempted" and not first
    wrong = q.check(["3-1"])
    assert wrong.status == "not yet"
    assert "3-1 cannot be played now" in wrong.message
    assert "still needs 3 spokes" in wrong.message  # names the rule
    assert "You missed 4-2" in wrong.message
    right = q.check("4-2")
    assert right and right.message == "Correct! Bob can play 4-2."
    assert q.status == "correct"
    assert "4-2" in q.solution().message
    nudge, sharper = q.hint().message, q.hint().message
    assert nudge.startswith("Hint 1 of 2:") and "spokes" in nudge and "4-2" not in nudge
    assert sharper.startswith("Hint 2 of 2:") and "a 4" in sharper


@pytest.mark.parametrize("answer", [["9-x"], 42, ["4-2", "nonsense"]])
def test_unreadable_answers_say_how_to_write_them(answer: object) -> None:
    q = which_tiles(spoke_position())
    feedback = q.check(answer)
    assert feedback.status == "not yet"
    assert "like" in feedback.message or "is not a tile" in feedback.message


def test_no_tiles_fit_means_draw() -> None:
    rnd = spoke_position()
    rnd.play("4-2@4-4")  # Bob; now Cy holds no 4
    q = which_tiles(rnd)
    assert q.check([]).message.startswith("Correct! Cy has no tile that fits")
    assert q.check("none")
    todo = what_to_do(rnd)
    assert todo.check("draw")
    assert not todo.check("pass")
    assert "draw" in todo.check("pass").message


def test_where_can_a_tile_go() -> None:
    rnd = spoke_position()
    q = where_can(rnd, "2-4")
    assert q.check(["4-4"])
    wrong = q.check(["3-3"])
    assert "3-3 is not on the table" in wrong.message
    assert "It can also go on 4-4" in wrong.message


def test_scores_and_winner() -> None:
    rnd = cf.Round.deal(cf.Rules.preset("double-six"), 3, seed=4, names=NAMES)
    play_round(rnd, [greedy] * 3)
    scores = rnd.scores()
    q = round_scores(rnd)
    assert q.check(scores)
    assert not q.check([s + 1 for s in scores])
    seat = max(range(3), key=lambda s: scores[s])
    h = hand_score(rnd, seat)
    assert h.check(scores[seat])
    assert "add the pips" in h.check(scores[seat] + 1).message
    assert h.check(f" {scores[seat]} ").status == "correct"
    sheet = cf.ScoreSheet(NAMES)
    sheet.record([4, 12, 30])
    sheet.record([8, 0, 5])
    w = who_wins(sheet)
    assert w.check("Bob")
    assert "zero" in w.check("Ann").message
    assert "not one of the players: they are Ann, Bob and Cy" in w.check("Zed").message


def test_feedback_markdown_is_escaped() -> None:
    rnd = cf.Round.from_deal(
        cf.Rules(max_pip=3, spokes=3, hand_size=2),
        hands=[["3-3", "3-0"], ["3-2", "1-0"]],
        boneyard=["3-1", "2-2", "2-1", "2-0", "1-1", "0-0"],
        names=["Ann", "<b>Bob</b>"],
    )
    md = which_tiles(rnd).check(["3-2"])._repr_markdown_()
    assert "<b>" not in md and "\\<b\\>" in md


def test_an_unreadable_answer_is_an_answer_error_that_check_turns_into_feedback() -> None:
    q = which_tiles(spoke_position())
    with pytest.raises(cf.AnswerError, match="'9-x' is not a tile: write a tile in quotes"):
        q.judge(["9-x"])
    feedback = q.check(["9-x"])
    assert feedback.status == "not yet"
    assert (
        feedback.message == """Not yet: '9-x' is not a tile: write a tile in quotes, like "9-4"."""
    )


def test_who_wins_shares_first_place_on_a_full_tie_and_needs_rounds() -> None:
    sheet = cf.ScoreSheet(["Ann", "Bob"])
    sheet.record([0, 7])
    sheet.record([7, 0])  # level on total, zero rounds and lowest non-zero round
    q = who_wins(sheet)
    for answer in ("Ann", "bob", "tie"):
        assert q.check(answer).message.startswith("Correct! Ann and Bob share first place")
    assert "Ann and Bob share first place" in q.solution().message
    with pytest.raises(cf.LessonError, match="no rounds yet, so nobody has won"):
        who_wins(cf.ScoreSheet(["Ann", "Bob"]))


def test_beginner_words_in_exercise_hints() -> None:
    rnd = cf.Round.deal(cf.Rules(), 3, seed=5, start="8-8")
    tile = next(t for t in rnd.hand(rnd.turn) if 8 in t)
    hint = where_can(rnd, tile).hint().message
    assert "an 8" in hint and "a 8" not in hint
    with pytest.raises(cf.SeatError, match="seat must be from 0 to 2"):
        hand_score(rnd, 5)
