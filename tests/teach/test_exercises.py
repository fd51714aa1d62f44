"""Lesson exercises: the engine decides, feedback is correct / not yet / not attempted."""

from __future__ import annotations

import random
import re

import pytest

import cfwidget as cf
from cfwidget import teach
from cfwidget.players import greedy, play_round
from cfwidget.teach import (
    Exercise,
    hand_score,
    round_scores,
    what_to_do,
    where_can,
    which_tiles,
    who_wins,
)

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


# -- exercises that survive real use ---------------------------------------------------


def finish(rnd: cf.Round) -> None:
    """Play ``rnd`` to its end with greedy bots (the notebook "moves on")."""
    play_round(rnd, [greedy] * rnd.players)


def test_a_position_exercise_keeps_its_own_round() -> None:
    rnd = spoke_position()  # Bob to move: only 4-2 fits the centre's spokes
    tiles, where, todo = which_tiles(rnd), where_can(rnd, "4-2"), what_to_do(rnd)
    score, scores = hand_score(rnd, 1), round_scores(rnd)
    before = rnd.scores()
    rnd.play("4-2@4-4")  # the notebook plays on: Bob no longer holds 4-2 ...
    finish(rnd)  # ... and the round ends
    assert rnd.is_over and rnd.scores() != before
    assert tiles.check(["4-2"]).message == "Correct! Bob can play 4-2."
    assert not tiles.check(["3-1"]) and "still needs 3 spokes" in tiles.check(["3-1"]).message
    assert where.check(["4-4"]) and not where.check([])
    assert todo.check("play") and not todo.check("draw")
    assert score.check(before[1]) and not score.check(rnd.scores()[1])
    assert scores.check(before) and not scores.check(rnd.scores())
    assert "4-2" in tiles.solution().message and "Bob can play" in tiles.solution().message


def test_a_who_wins_exercise_keeps_its_own_score_sheet() -> None:
    sheet = cf.ScoreSheet(NAMES)
    sheet.record([4, 12, 30])
    q = who_wins(sheet)  # Ann leads with 4
    sheet.record([40, 0, 0])  # later rounds make Bob the leader on the notebook's sheet
    sheet.edit(0, [50, 12, 30])
    assert sheet.standings()[0] != "Ann"
    assert q.check("ann").message == "Correct! Ann wins with 4."
    assert q.check("Bob").message == "Not yet: Ann has 4 and Bob has 12, and the lowest total wins."
    assert "Totals: Ann 4, Bob 12, Cy 30." in q.solution().message


def test_lesson_positions_judge_the_same_after_the_notebook_moved_on() -> None:
    rnd = teach.position("no-nine")  # lesson 4: Ann has no 9 and must draw
    q = what_to_do(rnd)
    rnd.play("draw")  # lesson 4 goes on: now Ann may play the drawn tile
    assert q.question == "What must Ann do now?"
    assert q.check("draw") and not q.check("play") and not q.check("pass")
    game_round = teach.position("lines")
    tile = next(
        t
        for t in game_round.hand(game_round.turn)
        if any(m.tile == t for m in game_round.legal_moves())
    )
    w = where_can(game_round, tile)
    right = [m.onto for m in game_round.legal_moves() if m.tile == tile]
    game_round.play(next(m for m in game_round.legal_moves() if m.tile == tile))
    assert w.check(right)  # the tile is on the table now, but not in the exercise's position


EXERCISES = {
    "which": (lambda: which_tiles(spoke_position()), [["4-2"], ["3-1"], [], "4-2", 5, {"x": 1}]),
    "where": (lambda: where_can(spoke_position(), "4-2"), [["4-4"], [], ["4-2"], 2]),
    "todo": (lambda: what_to_do(spoke_position()), ["play", "draw", "pass", "PLAY", 7]),
    "score": (lambda: hand_score(spoke_position(), 1), [9, "9", " 9 ", 10, "ten", -1]),
    "scores": (lambda: round_scores(spoke_position()), [[5, 10, 8], "5, 10, 8", [0, 0, 0], [1]]),
    "winner": (lambda: who_wins(two_round_sheet()), ["Bob", " bob ", "Ann", "tie", 3, "Zed"]),
}


def two_round_sheet() -> cf.ScoreSheet:
    sheet = cf.ScoreSheet(NAMES)
    sheet.record([4, 12, 30])
    sheet.record([8, 0, 5])
    return sheet


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_checks_in_any_order_give_the_same_verdicts(name: str) -> None:
    make, answers = EXERCISES[name]
    expected = {repr(a): make().check(a) for a in answers}
    assert any(expected.values()) and not all(expected.values())  # right and wrong answers
    q = make()
    order = list(answers) * 3
    random.Random(7).shuffle(order)
    for answer in order:
        if random.Random(len(q.events)).random() < 0.3:
            q.hint()
        assert q.check(answer) == expected[repr(answer)]


def test_hints_are_graded_then_the_solution() -> None:
    q = which_tiles(spoke_position())
    first, second, third, fourth = q.hint(), q.hint(), q.hint(), q.hint()
    assert first.message == (
        "Hint 1 of 2: Right now the centre double 4-4 still needs 3 spokes (tiles with a 4)."
    )
    assert second.message.startswith("Hint 2 of 2: A tile needs a 4 (for 4-4). Bob holds")
    assert third.message == fourth.message == q.solution().message
    assert third.message.startswith("Solution: Bob can play 4-2, because the centre double")
    assert [e[1:] for e in q.events] == [
        ("hint", 1),
        ("hint", 2),
        ("solution",),
        ("solution",),
        ("solution",),
    ]


def test_hints_never_point_to_a_wrong_answer_in_lesson_4() -> None:
    # "miss": Bob drew 9-3 for the foot on 6-6 and it does not fit: he must pass.
    q = what_to_do(teach.position("miss"))
    hints = " ".join(q.hint().message for _ in range(2))
    assert "draw one" not in hints and "draws" not in hints
    assert "drawn tile is 9-3" in hints and "a 6 (for 6-6)" in hints
    assert q.check("pass") and not q.check("draw")
    assert q.solution().message.startswith("Solution: Pass: the drawn tile 9-3 does not fit")


def test_play_when_nothing_fits_is_one_clear_sentence() -> None:
    q = what_to_do(teach.position("no-nine"))
    assert q.check("play").message == (
        "Not yet: Ann has no tile that fits, so Ann cannot play. "
        "Right now the centre double 9-9 still needs 2 spokes (tiles with a 9)."
    )
    drawn = what_to_do(teach.position("drawn"))  # cfwidget's default: a drawn tile "may" be played
    assert drawn.check("play") and drawn.check("pass") and not drawn.check("draw")


def test_hint_and_solution_show_at_once_in_ipython_and_not_twice() -> None:
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    try:
        shell.user_ns["q"] = which_tiles(spoke_position())
        with capture_output() as captured:
            shell.run_cell("q.hint()\nq.solution()")
        texts = [output.data["text/plain"] for output in captured.outputs]
        assert len(texts) == 2  # both show, in order ...
        assert texts[0].startswith("Hint 1 of 2:") and texts[1].startswith("Solution: Bob can")
        assert "Solution: Bob can" in captured.outputs[1].data["text/markdown"]
        assert "Solution" not in captured.stdout  # ... and the last one is not shown again
        with capture_output() as captured:
            shell.run_cell("q.check('4-2')")
        assert "Correct! Bob can play 4-2." in captured.stdout  # a check shows as the value
    finally:
        InteractiveShell.clear_instance()
    assert repr(which_tiles(spoke_position()).hint()).startswith("Hint 1 of 2:")


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (
            9 - 4,
            "Python works out 9-4 as a subtraction (9 minus 4 is 5). "
            'Write a tile in quotes, like "9-4"',
        ),
        (
            [4 - 2],
            "Python works out 4-2 as a subtraction (4 minus 2 is 2). "
            'Write a tile in quotes, like "4-2"',
        ),
        (
            17,
            "You gave the number 17, but a tile has two numbers. "
            'Write a tile in quotes, like "9-4"',
        ),
        ("4", '"4" is one number, but a tile has two'),
        (
            {"a": 1},
            "is not a list of tiles: write the tiles in quotes inside square brackets, "
            'like ["9-4"]',
        ),
        (object(), "is not a list of tiles"),
    ],
)
def test_numbers_and_odd_input_where_tiles_are_expected(answer: object, words: str) -> None:
    rnd = cf.Round.from_deal(
        cf.Rules(max_pip=9, spokes=3, hand_size=3),
        [["9-9", "2-1", "1-0"], ["9-4", "4-2", "3-1"]],
        sorted({str(t) for t in cf.full_set(9)} - {"9-9", "2-1", "1-0", "9-4", "4-2", "3-1"}),
        names=["Ann", "Bob"],
    )
    feedback = which_tiles(rnd).check(answer)
    assert feedback.status == "not yet" and words in feedback.message


def test_scores_and_names_are_read_as_typed() -> None:
    rnd = spoke_position()
    q = hand_score(rnd, 1)  # Bob holds 4-2 and 3-1: 10
    for answer in (10, "10", " 10 ", 10.0, "ten", "Ten points"):
        assert q.check(answer).message == "Correct! Bob scores 10.", answer
    assert q.check("lots").message == (
        "Not yet: 'lots' is not a whole number: write Bob's score in digits or words, like 12."
    )
    assert q.check(-10).message == "Not yet: Bob's score is never below 0: points only add up."
    assert round_scores(rnd).check(" 5, 10 ,8 ")
    w = who_wins(two_round_sheet())
    for answer in ("Bob", "bob", "  BOB  "):
        assert w.check(answer)
    assert (
        w.check(3).message
        == 'Not yet: 3 is not a name: write a player\'s name in quotes, like "Ann".'
    )
    assert what_to_do(rnd).check("  Play ")


WEIRD = [
    0,
    -5,
    10**5000,
    2.5,
    float("nan"),
    True,
    b"9-4",
    object(),
    {"9-4": 1},
    [[["9-4"]]],
    [None],
    ("a", 3),
    (99, 3),
    (9, 4, 1),
    "",
    "   ",
    "@",
    "9-4@",
    "9-4@x",
]


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_no_answer_makes_the_package_fail(name: str) -> None:
    make, _ = EXERCISES[name]
    q = make()
    for answer in WEIRD:
        feedback = q.check(answer)  # never a TypeError, KeyError or IndexError
        assert feedback.status in ("correct", "not yet") and feedback.message


def all_messages() -> list[str]:
    """Every check, hint and solution message the lesson positions and sheets give."""
    out: list[str] = []
    for name in teach.POSITIONS:
        rnd = teach.position(name)
        made: list[Exercise] = [round_scores(rnd)] + [
            hand_score(rnd, s) for s in range(rnd.players)
        ]
        if not rnd.is_over:
            hand = [str(t) for t in rnd.hand(rnd.turn)]
            made += [which_tiles(rnd), what_to_do(rnd), *(where_can(rnd, t) for t in hand)]
            answers: list[object] = [[], hand[:2], "play", "draw", "pass", [str(rnd.start)], 5]
        else:
            answers = [rnd.scores(), [0] * rnd.players, 7, "7"]
        for q in made:
            out += [q.check(a).message for a in answers]
            out += [q.hint().message for _ in range(3)]
    for name in teach.SHEETS:
        sheet = teach.sheet(name)
        q = who_wins(sheet)
        out += [q.check(a).message for a in [*sheet.names, "tie", "Zed"]]
        out += [q.hint().message for _ in range(3)]
    return out


def test_messages_read_as_plain_sentences() -> None:
    messages = all_messages()
    assert len(messages) > 300
    for message in messages:
        assert not re.search(r"\b1 (spokes|toes|tiles|points|rounds|zero rounds)\b", message), (
            message
        )
        assert not re.search(r"\ba 8|\ba 11\b|\ban [1-79]\b", message), message
        assert not re.search(r"\ba (\d+) or a \1\b", message), message
        assert not re.search(r"[.!?] [a-z]", message), message  # a capital after a full stop
        assert not re.search(r"\.\.|\. \.|: \.|\(\(|\)\)", message), message
        assert message.endswith((".", "?", '"')), message


def test_who_wins_is_refused_on_an_empty_sheet_and_on_other_things() -> None:
    with pytest.raises(cf.LessonError, match="has no rounds yet, so nobody has won anything"):
        who_wins(cf.ScoreSheet(NAMES))
    with pytest.raises(cf.LessonError, match="who_wins needs a score sheet"):
        who_wins([[1, 2, 3]])  # type: ignore[arg-type]


def test_exercises_on_rounds_that_cannot_ask_are_refused() -> None:
    over = teach.position("out")
    for make in (which_tiles, what_to_do):
        with pytest.raises(cf.LessonError, match="this round is over"):
            make(over)
    with pytest.raises(cf.LessonError, match=r"one tile in Bob's hand \(4-2 and 3-1\), got '9-4'"):
        where_can(spoke_position(), "9-4")
    with pytest.raises(cf.LessonError, match="needs a round"):
        which_tiles("round")  # type: ignore[arg-type]


def test_answer_controls_get_a_kind_choices_and_a_key() -> None:
    rnd = spoke_position()
    q = which_tiles(rnd)
    assert (q.kind, q.choices, q.key) == ("tiles", ("4-2", "3-1"), "which-tiles-can-bob-play-now")
    w = where_can(rnd, "4-2", key="lesson-2-where")
    assert (w.kind, w.choices, w.key) == ("tiles", ("4-4",), "lesson-2-where")
    t = what_to_do(rnd)
    assert (t.kind, t.choices) == ("choice", ("play", "draw", "pass"))
    assert (hand_score(rnd, 0).kind, hand_score(rnd, 0).choices) == ("number", ())
    assert (round_scores(rnd).kind, round_scores(rnd).choices) == ("number", tuple(NAMES))
    assert (who_wins(two_round_sheet()).kind, who_wins(two_round_sheet()).choices) == (
        "name",
        tuple(NAMES),
    )
    with pytest.raises(cf.LessonError, match="key is a short text"):
        which_tiles(rnd, key="  ")


def test_events_record_checks_hints_and_solutions() -> None:
    q = which_tiles(spoke_position())
    q.check()
    q.check(["3-1"])
    q.hint()
    q.check("4-2")
    q.solution()
    kinds = [e[1:] for e in q.events]
    assert kinds == [
        ("check", "", "not attempted"),
        ("check", "3-1", "not yet"),
        ("hint", 1),
        ("check", "4-2", "correct"),
        ("solution",),
    ]
    times = [e[0] for e in q.events]
    assert times == sorted(times) and all(isinstance(t, float) for t in times)
