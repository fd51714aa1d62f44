"""Answer controls: every exercise factory answered by clicking, judged by the exercise itself."""

from __future__ import annotations

from pathlib import Path

import pytest

import cfwidget as cf
from cfwidget import teach
from cfwidget.teach import answer


def _press(box: teach.AnswerControl, *names: str) -> None:
    for name in names:
        box.option(name).value = True


def test_which_tiles_by_tile_toggles_with_pictures() -> None:
    box = answer(teach.which_tiles(teach.position("deal")))
    assert list(box.options) == ["9-7", "9-4", "8-8", "7-2", "6-1", "5-5", "4-3", "3-0", "1-0"]
    # Each toggle shows the tile's name; a picture of the tile stands above it.
    card = box.children[1].children[0]
    assert "<svg" in card.children[0].value and 'aria-label="9-7"' in card.children[0].value
    assert card.children[1].description == "9-7"
    _press(box, "9-7")
    box.check_button.click()
    assert box.message.startswith("Not yet:") and "You missed 9-4" in box.message
    assert box.feedback.status == "not yet"
    _press(box, "9-4")
    box.check_button.click()
    assert box.message == "Correct! Bob can play 9-7 and 9-4."
    assert box.feedback.status == "correct"
    assert [e[2] for e in box.exercise.events if e[1] == "check"] == ["9-7", "9-7, 9-4"]


def test_which_tiles_none_of_these_is_an_answer_and_clears_the_tiles() -> None:
    box = answer(teach.which_tiles(teach.position("no-nine")))
    _press(box, "8-3")
    box.check_button.click()
    assert box.message.startswith("Not yet: 8-3 cannot be played now")
    _press(box, teach._controls.NONE_LABEL)
    assert not box.option("8-3").value  # "none" and a tile never stand together
    box.check_button.click()
    assert box.message == "Correct! Ann has no tile that fits, so Ann must draw."
    _press(box, "6-6")
    assert not box.option(teach._controls.NONE_LABEL).value


def test_check_with_nothing_chosen_is_not_attempted_and_speaks_of_clicking() -> None:
    q = teach.which_tiles(teach.position("spokes"))
    box = answer(q)
    said = box.check()
    assert said.status == "not attempted" and q.status == "not attempted"
    assert box.message == "Not attempted: pick the tiles (or None of these), then press Check."
    assert "q.check" not in box.message
    assert q.events[-1][1:] == ("check", "", "not attempted")
    numbers = answer(teach.round_scores(teach.position("out")))
    numbers.check_button.click()
    assert numbers.message == "Not attempted: type a score for each player, then press Check."


def test_hints_come_graded_then_the_solution() -> None:
    q = teach.which_tiles(teach.position("spokes"))
    box = answer(q)
    box.hint_button.click()
    assert box.message == f"Hint 1 of 2: {q.hints[0]}"
    box.hint_button.click()
    assert box.message == f"Hint 2 of 2: {q.hints[1]}"
    box.hint_button.click()
    assert box.message == f"Solution: {q.solution_text}"
    assert box.message.startswith("Solution: Bob can play 9-7")
    box.solution_button.click()
    assert [e[1:] for e in q.events] == [("hint", 1), ("hint", 2), ("solution",), ("solution",)]


def test_where_can_picks_open_ends() -> None:
    box = answer(teach.where_can(teach.position("no-nine"), "8-3"))
    assert list(box.options) == ["9-1", "9-4", "9-9"]
    _press(box, "9-4")
    box.check_button.click()
    assert box.message.startswith("Not yet:") and "8-3" in box.message
    _press(box, teach._controls.NONE_LABEL)
    box.check_button.click()
    assert box.message.startswith("Correct! 8-3 cannot be played now")


def test_what_to_do_buttons_are_one_choice_at_a_time() -> None:
    box = answer(teach.what_to_do(teach.position("no-nine")))
    assert list(box.options) == ["play", "draw", "pass"]
    _press(box, "play")
    box.check_button.click()
    assert box.message.startswith("Not yet: Ann has no tile that fits, so Ann cannot play.")
    _press(box, "draw")
    assert [b.value for b in box.options.values()] == [False, True, False]
    assert box.option("draw").icon == "check" and box.option("play").icon == ""
    box.check_button.click()
    assert box.message == (
        "Correct! Ann has no tile that fits, so Ann draws one from the chicken yard."
    )


def test_hand_score_box_reads_what_is_typed() -> None:
    box = answer(teach.hand_score(teach.position("out"), 2))
    (field,) = box.boxes.values()
    field.value = "7"
    box.check_button.click()
    assert box.message.startswith("Not yet: 7 is not it")
    field.value = "many"
    box.check_button.click()
    assert (
        box.message
        == "Not yet: 'many' is not a whole number: write Cy's score in digits or words, like 12."
    )
    field.value = " 57 "
    box.check_button.click()
    assert box.message == "Correct! Cy scores 57."


def test_round_scores_has_one_box_per_player() -> None:
    box = answer(teach.round_scores(teach.position("out")))
    assert list(box.boxes) == ["Ann", "Bob", "Cy"]
    assert [b.description for b in box.boxes.values()] == ["Ann", "Bob", "Cy"]
    for name, value in zip(box.boxes, ["2", "0", "7"], strict=True):
        box.boxes[name].value = value
    box.check_button.click()
    assert box.message.startswith("Not yet: Check Cy again")
    box.boxes["Cy"].value = "57"
    box.check_button.click()
    assert box.message == "Correct! Ann 2, Bob 0, Cy 57."


def test_who_wins_has_one_button_per_name() -> None:
    box = answer(teach.who_wins(teach.sheet("zero-rounds")))
    assert list(box.options) == ["Ann", "Bob", "Cy"]
    _press(box, "Ann")
    box.check_button.click()
    assert box.message.startswith("Not yet: Bob and Ann both have 30")
    _press(box, "Bob")
    box.check_button.click()
    assert box.message == "Correct! Bob wins with 30."


def test_progress_records_each_check_hint_and_solution(tmp_path: Path) -> None:
    progress = teach.Progress("Ann", folder=tmp_path)
    q = teach.what_to_do(teach.position("no-nine"), key="ann-must")
    box = answer(q, progress=progress, lesson="03")
    box.check_button.click()  # nothing chosen: not an attempt
    _press(box, "pass")
    box.check_button.click()
    box.hint_button.click()
    _press(box, "draw")
    box.check_button.click()
    box.solution_button.click()
    kinds = [(e["event"], e.get("answer"), e.get("correct")) for e in progress.events()]
    assert [k for k in kinds if k[0] != "start"] == [
        ("check", "pass", False),
        ("hint", None, None),
        ("check", "draw", True),
        ("solution", None, None),
    ]
    summary = progress.summary()[0]
    assert (summary.exercise, summary.attempts, summary.solved, summary.hints) == (
        "ann-must",
        2,
        True,
        1,
    )


def test_a_progress_file_that_cannot_be_written_is_said_not_raised(tmp_path: Path) -> None:
    progress = teach.Progress("Bea", folder=tmp_path)
    box = answer(teach.what_to_do(teach.position("no-nine")), progress=progress, lesson="03")
    progress.path.unlink()
    progress.path.mkdir()  # a folder where the file was: writing fails
    _press(box, "draw")
    box.check_button.click()
    assert box.message.startswith("Correct! Ann has no tile")
    assert "Your progress could not be saved" in box.message


@pytest.mark.parametrize(
    ("args", "kwargs", "words"),
    [
        (("not an exercise",), {}, "answer() needs an exercise"),
        ((None,), {}, "answer() needs an exercise"),
        (("q",), {"progress": "Ann"}, "progress must be the lesson's sign-in box"),
        (("q",), {"lesson": 3}, "The lesson must be a short text"),
        (("q",), {"progress": "p"}, "name the lesson too"),
    ],
)
def test_bad_arguments_get_a_lesson_error(
    tmp_path: Path, args: tuple[object, ...], kwargs: dict[str, object], words: str
) -> None:
    q = teach.which_tiles(teach.position("deal"))
    progress = teach.Progress("Cy", folder=tmp_path)
    real_args = [q if a == "q" else a for a in args]
    real_kwargs = {k: (progress if v == "p" else v) for k, v in kwargs.items()}
    with pytest.raises(cf.LessonError, match=words.replace("(", r"\(").replace(")", r"\)")):
        answer(*real_args, **real_kwargs)  # type: ignore[arg-type]
    with pytest.raises(cf.LessonError, match="is not one of this exercise's buttons"):
        answer(q).option("6-6")


def test_buttons_are_big_enough_to_touch() -> None:
    box = answer(teach.what_to_do(teach.position("no-nine")))
    for button in (box.check_button, box.hint_button, box.solution_button, *box.options.values()):
        assert button.layout.height == "44px"


def test_an_exercise_with_no_choices_gets_a_text_box() -> None:
    q = teach.Exercise(
        "Two plus two?", lambda a: (a == "4", "It is 4."), ("Count.",), "4.", kind="choice"
    )
    box = answer(q)
    assert box.options == {} and list(box.boxes) == [""]
    box.boxes[""].value = "4"
    box.check_button.click()
    assert box.message == "Correct! It is 4."
