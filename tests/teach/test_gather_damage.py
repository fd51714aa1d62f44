"""teach.gather names every line it cannot trust, by file and line, and never counts it.

One case per kind of damage: a file cut mid-line, two lines run together, a line marked as
another student's, a second student's start line, times in 1970, in the future, or well before
the file's start, and lines whose fields make no sense. No figure is made from part of an
exercise: the row of an exercise a damaged line may have held says "unreadable attempt" (or
"wrong clock") and has no figures; the other exercises count as before.
"""

from __future__ import annotations

import json
import math
import re
import tempfile
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cfwidget as cf
from cfwidget.teach import (
    DamagedLine,
    Progress,
    class_chart,
    class_table,
    class_words,
    damage_table,
    gather,
    read_progress,
)
from cfwidget.teach._progress_file import EARLIEST, MAX_BYTES, SLACK, SUFFIX

T0 = 1_700_000_000.0  # 2023-11-14 22:13 UTC: when S03 starts
NOW = T0 + 3600.0  # when the teacher gathers


def _s03(folder: Path) -> Path:
    """S03: a wrong then a right answer to lesson 01's exercise, a minute apart, then a hint."""
    times = iter([T0, T0, T0 + 60, T0 + 120])
    p = Progress("S03", folder, clock=times.__next__)
    p.check("deal-size", "01", "7", correct=False)
    p.check("deal-size", "01", "9", correct=True)
    p.hint("spokes", "02", 1)
    return p.path


def _line(event: str, **fields: Any) -> str:
    base: dict[str, Any] = {"event": event, "student": "S03", "lesson": "01", "key": "deal-size"}
    return json.dumps({**base, **fields})


def _append(path: Path, *lines: str) -> None:
    with open(path, "a", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in lines))


def _row(frame: Any, student: str, exercise: str) -> dict[str, Any]:
    rows = frame[(frame["student"] == student) & (frame["exercise"] == exercise)]
    assert len(rows) == 1, rows
    row: dict[str, Any] = rows.iloc[0].to_dict()
    return row


def _damaged(frame: Any) -> list[tuple[str, int | None, str]]:
    return [(d["file"], d["line"], d["problem"]) for d in frame.attrs["damaged_lines"]]


def test_a_clean_class_has_no_damage(tmp_path: Path) -> None:
    _s03(tmp_path)
    frame = gather(tmp_path, now=NOW)
    assert frame.attrs["damaged"] == {} and frame.attrs["damaged_lines"] == []
    assert damage_table(frame).empty
    row = _row(frame, "S03", "deal-size")
    assert (row["attempts"], row["solved"], row["minutes"]) == (2, True, 1.0)


def _unreadable(frame: Any, student: str, exercise: str, note: str = "unreadable attempt") -> None:
    """The row says ``note`` and holds no figure at all."""
    row = _row(frame, student, exercise)
    assert row["note"] == note
    figures = ("attempts", "correct_first_try", "solved", "hints", "solution_viewed", "minutes")
    assert all(row[c] is None or row[c] is pd.NA for c in figures), row


def test_a_file_cut_mid_line_is_reported_and_gives_that_exercise_no_figure(
    tmp_path: Path,
) -> None:
    path = _s03(tmp_path)
    _append(path, _line("check", t=T0 + 180, answer="8", correct=False))
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 25])  # a download that stopped early
    frame = gather(tmp_path, now=NOW)
    [(file, line, problem)] = _damaged(frame)
    assert (file, line) == (f"S03{SUFFIX}", 5)
    assert problem.startswith("it was cut off part-way")
    assert frame.attrs["damaged"] == {f"S03{SUFFIX}": f"line 5: {problem}"}
    _unreadable(frame, "S03", "deal-size")  # not "2 attempts, solved": a third try is lost
    assert _row(frame, "S03", "spokes")["hints"] == 1  # the exercise the line names not


def test_two_lines_run_together_never_show_correct_at_first_try(tmp_path: Path) -> None:
    """The issue's case: a wrong first try run together with the next line, a right try after."""
    times = iter([T0, T0, T0 + 30, T0 + 60, T0 + 120])
    p = Progress("S03", tmp_path, clock=times.__next__)
    p.check("deal-size", "01", "7", correct=False)
    p.hint("spokes", "02", 1)
    p.check("deal-size", "01", "9", correct=True)
    p.hint("who-wins", "05", 1)
    lines = p.path.read_text(encoding="utf-8").splitlines()
    clean = gather(tmp_path, now=NOW)
    assert not _row(clean, "S03", "deal-size")["correct_first_try"]
    lines[1] = lines[1][:30] + lines[2]  # the wrong try cut before its exercise, then a line
    del lines[2]
    p.path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    frame = gather(tmp_path, now=NOW)
    [(_, line, problem)] = _damaged(frame)
    assert line == 2 and problem.startswith("it is not readable")
    # which exercise the cut try was is lost, so no exercise of S03's keeps a figure
    for exercise in ("deal-size", "spokes", "who-wins"):
        _unreadable(frame, "S03", exercise)
    table = class_table(frame)
    assert set(table.loc["S03"]) == {"unreadable attempt"}


def test_a_run_together_line_that_still_names_its_exercise_blanks_only_that_one(
    tmp_path: Path,
) -> None:
    path = _s03(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1][:80] + lines[3]  # the wrong try, cut after its exercise, + the hint
    del lines[3]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    frame = gather(tmp_path, now=NOW)
    [(_, line, _)] = _damaged(frame)
    assert line == 2
    _unreadable(frame, "S03", "deal-size")  # the right try alone would read "first try"
    _unreadable(frame, "S03", "spokes")  # the hint run in after it
    table = class_table(frame)
    assert table.loc["S03", ("01", "solved")] == "unreadable attempt"


def test_two_lines_run_together_are_reported_by_line(tmp_path: Path) -> None:
    path = _s03(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2][:30] + lines[3]  # a line cut off, and the next written straight after
    del lines[3]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    frame = gather(tmp_path, now=NOW)
    [(_, line, problem)] = _damaged(frame)
    assert line == 3 and problem.startswith("it is not readable")
    _unreadable(frame, "S03", "deal-size")
    _unreadable(frame, "S03", "spokes")


def test_a_damaged_line_of_an_exercise_with_no_other_line_still_gives_it_a_row(
    tmp_path: Path,
) -> None:
    path = _s03(tmp_path)
    cut = _line("check", lesson="07", key="toes", t=T0 + 200, answer="3", correct=True)
    _append(path, cut[:-20], _line("hint", t=T0 + 300, number=1))
    frame = gather(tmp_path, now=NOW)
    _unreadable(frame, "S03", "toes")
    assert _row(frame, "S03", "toes")["lesson"] == "07"
    assert _row(frame, "S03", "deal-size")["hints"] == 1
    assert class_table(frame).loc["S03", ("07", "hints")] == "unreadable attempt"


def test_a_line_marked_as_another_students_is_reported_and_counted_for_nobody(
    tmp_path: Path,
) -> None:
    path = _s03(tmp_path)
    _append(path, _line("check", student="S99", t=T0 + 200, answer="9", correct=True))
    frame = gather(tmp_path, now=NOW)
    assert _damaged(frame) == [
        (f"S03{SUFFIX}", 5, "it is marked as S99's, but this file holds S03's progress")
    ]
    assert _row(frame, "S03", "deal-size")["attempts"] == 2  # not counted as S03's
    assert "S99" not in set(frame["student"])  # nor as S99's


def test_a_second_students_file_pasted_in_is_reported_line_by_line(tmp_path: Path) -> None:
    path = _s03(tmp_path)
    other = tmp_path / "other"
    times = iter([T0 + 10, T0 + 20])
    Progress("S99", other, clock=times.__next__).check("who-wins", "05", "Bob", correct=True)
    with open(path, "a", encoding="utf-8") as f:
        f.write((other / f"S99{SUFFIX}").read_text(encoding="utf-8"))
    frame = gather(tmp_path, now=NOW)
    assert [(line, problem) for _, line, problem in _damaged(frame)] == [
        (5, "it starts the progress of S99, inside the file of S03"),
        (6, "it is marked as S99's, but this file holds S03's progress"),
    ]
    assert sorted(set(frame["exercise"])) == ["deal-size", "spokes"]


def test_a_time_in_1970_is_reported_and_does_not_stretch_the_minutes(tmp_path: Path) -> None:
    path = _s03(tmp_path)
    _append(path, _line("hint", t=0, number=1))
    frame = gather(tmp_path, now=NOW)
    [(_, line, problem)] = _damaged(frame)
    assert line == 5
    assert problem.startswith("its time, 1970-01-01 00:00 UTC, is before 2020")
    _unreadable(frame, "S03", "deal-size", "wrong clock")  # not "0 hints": one was seen
    assert _row(frame, "S03", "spokes")["hints"] == 1
    assert class_words(frame).splitlines()[1:] == [
        "Exercises solved: S03 0 (lesson 01 not counted: wrong clock).",
        "Minutes spent: S03 0 (lesson 01 not counted: wrong clock).",
        "Not counted: 1 line in 1 file could not be trusted (teach.damage_table lists them).",
    ]
    bottom = class_chart(frame).axes[1]
    assert max(float(bar.get_height()) for bar in bottom.patches) < 10  # no 28-million minutes


def test_a_time_in_the_future_is_reported(tmp_path: Path) -> None:
    path = _s03(tmp_path)
    _append(path, _line("check", t=NOW + 2 * SLACK, answer="9", correct=True))
    frame = gather(tmp_path, now=NOW)
    [(_, line, problem)] = _damaged(frame)
    assert line == 5 and "is in the future (it is now 2023-11-14 23:13 UTC)" in problem
    _unreadable(frame, "S03", "deal-size", "wrong clock")
    # a clock a few hours fast is not impossible: the same line counts a day later
    assert gather(tmp_path, now=NOW + 2 * SLACK).attrs["damaged_lines"] == []


def test_a_time_well_before_the_files_start_is_reported(tmp_path: Path) -> None:
    path = _s03(tmp_path)
    _append(
        path,
        _line("check", t=T0 - 3 * 24 * 3600, answer="9", correct=True),
        _line("hint", t=T0 - 3600, number=1),  # given before signing in: it counts
    )
    frame = gather(tmp_path, now=NOW)
    [(_, line, problem)] = _damaged(frame)
    assert line == 5
    assert problem.startswith("its time, 2023-11-11 22:13 UTC, is more than a day before")
    _unreadable(frame, "S03", "deal-size", "wrong clock")
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:4] + lines[5:]) + "\n", encoding="utf-8")
    row = _row(gather(tmp_path, now=NOW), "S03", "deal-size")  # the hour-early hint counts
    assert (row["attempts"], row["hints"], row["minutes"], row["note"]) == (2, 1, 61.0, "")


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (_line("check", t=math.nan, answer="9", correct=True), "it has no time"),
        ('{"event": "check", "t": 1e999}', "it has no key"),
        (_line("check", t=10**400, correct=True), "it has no time"),
        (_line("check", t=T0 + 5, answer="9", correct="yes"), "not marked right or wrong"),
        (_line("hint", t=T0 + 5, number=0), "hint number is not a whole number"),
        (_line("peek", t=T0 + 5), "is not check, hint or solution"),
        ("[1, 2]", "it is not a progress line"),
        (
            '{"event": "hint", "lesson": "01", "key": "k", "t": 1700000005, "number": 1}',
            "no student",
        ),
        (_line("hint", student=7, t=T0 + 5, number=1), "it names no student"),
    ],
)
def test_lines_whose_fields_make_no_sense_are_reported(
    tmp_path: Path, line: str, problem: str
) -> None:
    path = _s03(tmp_path)
    _append(path, line)
    frame = gather(tmp_path, now=NOW)
    [(_, number, said)] = _damaged(frame)
    assert number == 5 and problem in said
    named = json.loads(line)
    key = named.get("key") if isinstance(named, dict) else None
    if isinstance(key, str):  # the line names its exercise: that one alone has no figure
        _unreadable(frame, "S03", key)
        assert _row(frame, "S03", "spokes")["hints"] == 1
        if key != "deal-size":
            assert _row(frame, "S03", "deal-size")["attempts"] == 2
    else:  # it names none: any exercise could be it
        _unreadable(frame, "S03", "deal-size")
        _unreadable(frame, "S03", "spokes")


def test_a_file_without_its_start_line_belongs_to_the_student_it_is_named_after(
    tmp_path: Path,
) -> None:
    path = _s03(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([lines[1].replace("S03", "S99"), *lines[2:]]) + "\n")
    found = read_progress(path, now=NOW)
    assert found.student == "S03"
    assert found.problems == ["line 1: it is marked as S99's, but this file holds S03's progress"]


def test_a_file_saved_again_by_a_text_editor_with_a_bom_reads_whole(tmp_path: Path) -> None:
    path = _s03(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    found = read_progress(path, now=NOW)
    assert (found.student, len(found.events), found.problems) == ("S03", 3, [])


def test_the_same_answer_in_two_files_of_one_student_counts_once(tmp_path: Path) -> None:
    path = _s03(tmp_path)
    (tmp_path / f"S03-copy{SUFFIX}").write_bytes(path.read_bytes())
    frame = gather(tmp_path, now=NOW)
    assert _row(frame, "S03", "deal-size")["attempts"] == 2
    assert frame.attrs["damaged_lines"] == []


def test_damage_table_lists_every_line_set_aside_across_files(tmp_path: Path) -> None:
    _append(_s03(tmp_path), _line("hint", t=0, number=1))
    (tmp_path / f"Dee{SUFFIX}").write_bytes(b"\xff\xfe garbage")
    table = damage_table(gather(tmp_path, now=NOW))
    assert list(table.columns) == ["file", "line", "problem"]
    assert table["file"].tolist() == [f"Dee{SUFFIX}", f"S03{SUFFIX}"]
    assert table["line"].isna().tolist() == [True, False] and table["line"].iloc[1] == 5
    assert table["problem"].iloc[0].startswith("none of its lines is a progress line")
    assert str(DamagedLine("x", None, "the file could not be read")) == (
        "the file could not be read"
    )


def test_a_progress_file_refuses_to_write_an_impossible_time(tmp_path: Path) -> None:
    p = Progress("S03", tmp_path, clock=lambda: T0)
    before = p.path.read_bytes()
    with pytest.raises(cf.LessonError, match="cannot be before 2020; got 1970-01-01"):
        p.check("a", "01", "9", correct=True, at=0)
    with pytest.raises(cf.LessonError, match="before 2020"):
        p.hint("a", "01", 1, at=math.inf)
    assert p.path.read_bytes() == before
    with pytest.raises(cf.LessonError, match="clock may be wrong"):
        Progress("S04", tmp_path, clock=lambda: EARLIEST - 1)
    with pytest.raises(cf.LessonError, match="now is a time"):
        gather(tmp_path, now="today")  # type: ignore[arg-type]
    with pytest.raises(cf.LessonError, match="now is a time"):
        read_progress(p.path, now=math.nan)


# -- whole files that cannot be used: the student stays, with "file unreadable" ------------

_EXCEPTION_NAME = re.compile(r"\b[A-Z]\w*(Error|Exception|Warning)\b")


def _whole_file(frame: Any, student: str) -> str:
    """The one damage line of the student's file; the student's row says "file unreadable"."""
    [row] = [d for d in frame.attrs["damaged_lines"] if d["file"] == f"{student}{SUFFIX}"]
    assert row["line"] is None
    _unreadable(frame, student, "?", "file unreadable")
    table = class_table(frame)
    assert set(table.loc[student]) == {"file unreadable"}
    assert f"{student} file unreadable" in class_words(frame)
    problem: str = row["problem"]
    assert not _EXCEPTION_NAME.search(problem), problem
    return problem


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "it is empty"),
        (b"\n \r\n\n", "it is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "it is not text"),
        ("{}\n".encode("utf-16-le"), "it is not text"),  # UTF-16 without its mark
        (b"\xff\xfe\x00garbage", "none of its lines is a progress line"),
        ("name,score\nS04,12\n".encode("cp1252"), "none of its lines is a progress line"),
    ],
)
def test_an_empty_or_unreadable_file_keeps_its_student_in_the_class_table(
    tmp_path: Path, content: bytes, words: str
) -> None:
    _s03(tmp_path)
    (tmp_path / f"S04{SUFFIX}").write_bytes(content)
    frame = gather(tmp_path, now=NOW)
    assert frame.attrs["students"] == ["S03", "S04"]
    assert _whole_file(frame, "S04").startswith(words)
    assert _row(frame, "S03", "deal-size")["attempts"] == 2  # the class is read as before
    assert class_table(frame).loc["S03", ("01", "solved")] == 1


def test_a_folder_named_like_a_progress_file_is_said_in_plain_words(tmp_path: Path) -> None:
    _s03(tmp_path)
    (tmp_path / f"S05{SUFFIX}").mkdir()
    assert _whole_file(gather(tmp_path, now=NOW), "S05") == (
        "it is a folder, not a file, so it could not be read"
    )


def test_a_line_in_another_encoding_is_an_unreadable_attempt_and_the_rest_is_read(
    tmp_path: Path,
) -> None:
    path = _s03(tmp_path)
    _append(path, _line("check", lesson="03", key="ends", t=T0 + 200, answer="x", correct=True))
    data = path.read_bytes().replace(b'"answer": "x"', '"answer": "café"'.encode("cp1252"))
    path.write_bytes(data)
    frame = gather(tmp_path, now=NOW)
    [(_, line, problem)] = _damaged(frame)
    assert line == 5 and problem.startswith("it is not readable")
    _unreadable(frame, "S03", "ends")
    assert _row(frame, "S03", "deal-size")["attempts"] == 2


def test_a_file_saved_again_as_utf16_by_a_text_editor_reads_whole(tmp_path: Path) -> None:
    path = _s03(tmp_path)
    path.write_bytes(path.read_text(encoding="utf-8").encode("utf-16"))  # with its mark
    found = read_progress(path, now=NOW)
    assert (found.student, len(found.events), found.problems) == ("S03", 3, [])


def test_a_file_over_the_size_limit_is_set_aside_with_one_damage_line(tmp_path: Path) -> None:
    _s03(tmp_path)
    big = tmp_path / f"S06{SUFFIX}"
    line = _line("hint", student="S06", t=T0 + 5, number=1) + "\n"
    big.write_text(line * (MAX_BYTES // len(line) + 1), encoding="utf-8")
    assert big.stat().st_size > MAX_BYTES
    frame = gather(tmp_path, now=NOW)
    assert len(frame.attrs["damaged_lines"]) == 1
    problem = _whole_file(frame, "S06")
    assert problem == (
        "it is 5.0 MB, larger than the 5.0 MB a progress file can be (a whole course writes "
        "well under 1 MB), so it was set aside unread"
    )
    assert len(damage_table(frame)) == 1
    big.write_text(line * (MAX_BYTES // len(line) - 1), encoding="utf-8")  # just under it
    assert gather(tmp_path, now=NOW).attrs["damaged_lines"] == []


def test_a_student_with_a_start_line_only_is_in_the_class_table_with_nothing_done(
    tmp_path: Path,
) -> None:
    _s03(tmp_path)
    Progress("S07", tmp_path, clock=lambda: T0)
    frame = gather(tmp_path, now=NOW)
    assert "S07" not in set(frame["student"]) and "S07" in frame.attrs["students"]
    assert class_table(frame).loc["S07"].tolist() == [0, 0, 0.0, 0, 0, 0.0]
    assert "S07 0" in class_words(frame)
    empty = tmp_path / "nobody"
    empty.mkdir()
    Progress("S08", empty, clock=lambda: T0)
    assert class_table(gather(empty, now=NOW))["note"].tolist() == ["nothing answered yet"]


def test_an_unreadable_second_file_is_named_after_its_file(tmp_path: Path) -> None:
    _s03(tmp_path)
    (tmp_path / f"S03-laptop{SUFFIX}").write_bytes(b"")  # whose it is cannot be read
    frame = gather(tmp_path, now=NOW)
    _whole_file(frame, "S03-laptop")
    assert _row(frame, "S03", "deal-size")["attempts"] == 2


def test_the_class_chart_labels_the_students_whose_bars_leave_something_out(
    tmp_path: Path,
) -> None:
    _s03(tmp_path)
    (tmp_path / f"S04{SUFFIX}").write_bytes(b"")
    fig = class_chart(gather(tmp_path, now=NOW))
    labels = [t.get_text() for t in fig.axes[1].get_xticklabels()]
    assert labels == ["S03", "S04\n(file unreadable)"]


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=300), st.integers(min_value=0, max_value=400))
def test_any_bytes_mixed_into_a_file_keep_its_student_and_name_no_exception(
    noise: bytes, at: int
) -> None:
    """Whatever bytes are mixed into a file, gather neither raises nor loses the student,
    and never says an exception's name."""
    with tempfile.TemporaryDirectory() as where:
        path = _s03(Path(where))
        data = path.read_bytes()
        path.write_bytes(data[:at] + noise + data[at:])
        frame = gather(where, now=NOW)
        assert frame.attrs["students"] == ["S03"]
        assert "S03" in class_table(frame).index
        for d in frame.attrs["damaged_lines"]:
            assert not _EXCEPTION_NAME.search(d["problem"]), d


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=2000),
    st.sampled_from(["cut and run together", "cut, line break kept", "file cut"]),
)
def test_a_cut_or_run_together_line_anywhere_never_leaves_a_figure_that_differs(
    at: int, how: str
) -> None:
    """A line cut anywhere after its first character (the rest of it lost, the next line run
    on or not) or the file cut there: every row with figures has the clean file's figures,
    exactly. (A whole line deleted leaves no trace in the file to find.)"""
    with tempfile.TemporaryDirectory() as where:
        path = _s03(Path(where))
        _append(path, _line("hint", lesson="03", key="ends", t=T0 + 200, number=1))
        data = path.read_bytes()
        at = at % len(data)
        at += at == 0 or data[at - 1 : at] == b"\n"  # inside a line: a piece of it is left
        end = data.index(b"\n", at)
        cut = {
            "cut and run together": data[:at] + data[end + 1 :],
            "cut, line break kept": data[:at] + data[end:],
            "file cut": data[:at],
        }[how]
        clean = {row["exercise"]: row for row in _records(data)}
        path.write_bytes(cut)
        for row in _records(cut):
            if row["note"] == "":
                assert row == clean[row["exercise"]], (row, cut)


def _records(data: bytes) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as where:
        (Path(where) / f"S03{SUFFIX}").write_bytes(data)
        rows: list[dict[str, Any]] = gather(where, now=NOW).to_dict("records")
        return rows


def _hidden_wrong_first_try(path: Path) -> None:
    """The issue's case: the wrong first try cut and run together with the hint after it."""
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1][:30] + lines[3]
    del lines[3]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _too_big(path: Path) -> None:
    line = _line("hint", t=T0 + 5, number=1) + "\n"
    _append(path, line * (MAX_BYTES // len(line)))


@pytest.mark.parametrize(
    "damage",
    [
        _hidden_wrong_first_try,
        lambda path: _append(path, _line("hint", t=0, number=1)),  # a clock never set
        lambda path: _append(path, _line("check", lesson="07", key="toes", t=T0 + 9)[:-25]),
        _too_big,
    ],
    ids=["run together", "1970", "cut, unknown exercise", "too big"],
)
def test_the_students_own_summary_says_what_the_teachers_table_says(
    tmp_path: Path, damage: Any
) -> None:
    damage(_s03(tmp_path))
    mine = Progress("S03", tmp_path, clock=lambda: NOW)  # the student opens the lesson again
    frame = gather(tmp_path, now=NOW)
    assert any(frame["note"] != "")  # each case leaves some exercise without figures
    summary = {(s.lesson, s.exercise): s for s in mine.summary()}
    for row in frame.to_dict("records"):
        own = summary.pop((row["lesson"], row["exercise"]))
        assert own.note == row["note"]  # the same words: "unreadable attempt", ...
        for figure in ("attempts", "correct_first_try", "solved", "hints", "minutes"):
            theirs = None if row[figure] is pd.NA else row[figure]
            assert getattr(own, figure) == theirs, (figure, own, row)
    assert summary == {}  # no row of the student's that the teacher does not have


def test_a_hidden_wrong_first_try_is_an_unreadable_attempt_in_the_students_summary(
    tmp_path: Path,
) -> None:
    path = _s03(tmp_path)
    _hidden_wrong_first_try(path)
    summary = Progress("S03", tmp_path).summary()
    deal = next(s for s in summary if s.exercise == "deal-size")
    assert deal.note == "unreadable attempt"  # not "right at the first try"
    assert (deal.attempts, deal.correct_first_try, deal.solved) == (None, None, None)
