"""Signing in to a lesson: nothing saved before, everything saved after, bad names explained."""

from __future__ import annotations

from pathlib import Path

import pytest

import cfwidget as cf
from cfwidget import teach


def _what_to_do(key: str) -> teach.Exercise:
    return teach.what_to_do(teach.position("no-nine"), key=key)


def test_nothing_is_written_before_signing_in(tmp_path: Path) -> None:
    me = teach.sign_in("04", folder=tmp_path)
    box = teach.answer(_what_to_do("draw-or-pass"), progress=me)
    box.option("play").value = True
    box.check_button.click()
    assert box.message.startswith("Not yet:")
    assert me.progress is None and list(tmp_path.iterdir()) == []
    assert me.message == "Nothing is saved until you press the button."


def test_signing_in_saves_the_lesson_so_far_and_then_each_event(tmp_path: Path) -> None:
    me = teach.sign_in("04", folder=tmp_path)
    first = teach.answer(_what_to_do("first"), progress=me)
    second = teach.answer(_what_to_do("second"), progress=me)
    first.option("play").value = True
    first.check_button.click()  # wrong, before signing in
    me.name_box.value = "  S07 "
    me.save_button.click()
    assert me.progress is not None and me.progress.path == tmp_path / "S07.progress.jsonl"
    assert "S07.progress.jsonl" in me.message and "Hand in that file" in me.message
    first.option("draw").value = True
    first.check_button.click()
    second.hint_button.click()
    found = teach.read_progress(me.progress.path)
    assert found.student == "S07" and found.problems == []
    rows = [(e["lesson"], e["key"], e["event"], e.get("correct")) for e in found.events]
    assert rows == [
        ("04", "first", "check", False),
        ("04", "first", "check", True),
        ("04", "second", "hint", None),
    ]
    # Pressing the button again copies nothing twice.
    me.save_button.click()
    assert len(teach.read_progress(me.progress.path).events) == 3


def test_a_bad_name_is_explained_and_changes_nothing(tmp_path: Path) -> None:
    me = teach.sign_in("01", folder=tmp_path)
    for typed in ("", "   ", "../x", "a" * 41):
        me.name_box.value = typed
        me.save_button.click()
        assert me.progress is None and me.message.startswith("Not saved:")
    assert list(tmp_path.iterdir()) == []
    me.name_box.value = "Ann"
    me.save_button.click()
    me.name_box.value = "../y"
    me.save_button.click()
    assert me.progress is not None and me.progress.student == "Ann"  # still Ann's file


def test_a_folder_that_cannot_be_written_is_said_plainly(tmp_path: Path) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("a file where the folder should be")
    me = teach.sign_in("01", folder=blocker)
    me.name_box.value = "Ann"
    me.save_button.click()
    assert me.progress is None and me.message.startswith("Not saved:")


def test_the_lesson_comes_from_the_sign_in_unless_given(tmp_path: Path) -> None:
    me = teach.sign_in("05", folder=tmp_path)
    assert teach.answer(_what_to_do("a"), progress=me).lesson == "05"
    assert teach.answer(_what_to_do("b"), progress=me, lesson="07").lesson == "07"


@pytest.mark.parametrize("lesson", ["", "  ", 3, None, "x" * 81])
def test_sign_in_needs_a_short_lesson_name(lesson: object) -> None:
    with pytest.raises(cf.LessonError, match="short text"):
        teach.sign_in(lesson)  # type: ignore[arg-type]


def test_answer_refuses_something_that_is_not_progress() -> None:
    with pytest.raises(cf.LessonError, match="sign-in box"):
        teach.answer(_what_to_do("a"), progress="S07")  # type: ignore[arg-type]


def test_a_saved_notebook_says_what_the_box_is_for() -> None:
    bundle = teach.sign_in("01")._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "type your name or class code" in data["text/plain"]


def test_answers_typed_in_code_are_saved_as_they_happen(tmp_path: Path) -> None:
    me = teach.sign_in("04", folder=tmp_path)
    q = _what_to_do("typed")
    teach.answer(q, progress=me)
    q.check("pass")  # typed before signing in: kept, saved on signing in
    me.name_box.value = "S09"
    me.save_button.click()
    assert me.progress is not None
    q.check("draw")  # typed after: saved at once, no button pressed
    q.hint()
    found = teach.read_progress(me.progress.path)
    assert [(e["event"], e.get("answer"), e.get("correct")) for e in found.events] == [
        ("check", "pass", False),
        ("check", "draw", True),
        ("hint", None, None),
    ]


def test_a_save_that_fails_later_is_said_on_the_status_line(tmp_path: Path) -> None:
    me = teach.sign_in("04", folder=tmp_path / "class")
    q = _what_to_do("gone")
    teach.answer(q, progress=me)
    me.name_box.value = "S10"
    me.save_button.click()
    assert me.progress is not None
    me.progress.path.unlink()
    me.progress.path.mkdir()  # the file is now a folder: appending fails
    q.check("draw")
    assert me.message.startswith("Your last answer could not be saved:")


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_save_button_text_reads_at_wcag_aa_contrast() -> None:
    style = teach.sign_in("01").save_button.style
    assert contrast(style.button_color, style.text_color) >= 4.5
    # The themes' own "info" blues, which the button no longer relies on, fall short.
    assert contrast("#0097a7", "#ffffff") < 4.5 and contrast("#0288d1", "#ffffff") < 4.5
