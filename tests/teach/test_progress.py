"""Progress files a student hands in, and the teacher's table and chart, on three students."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

import cfwidget as cf
from cfwidget.teach import (
    Progress,
    class_chart,
    class_picture,
    class_table,
    class_words,
    gather,
    read_progress,
)
from cfwidget.teach._progress import SUFFIX, default_folder, summarise


class Clock:
    """A clock a test moves by hand (seconds since 1970)."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds


class StandIn:
    """An exercise as the lessons will have it: a key and a list of events."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.events: list[tuple[float, str, object, str]] = []


def _ann(folder: Path) -> Progress:
    """Ann: right at the first try in lesson 01, one hint then right in lesson 02."""
    clock = Clock()
    p = Progress("Ann", folder, clock=clock)
    p.check("deal-size", "01", "9", correct=True)
    clock.wait(60)
    p.hint("spokes", "02", 1)
    clock.wait(120)
    p.check("spokes", "02", "['9-4', '9-1']", correct=True)
    return p


def _bob(folder: Path) -> Progress:
    """Bob: two wrong answers, both hints and the solution in lesson 01, never right."""
    clock = Clock()
    p = Progress("Bob", folder, clock=clock)
    p.check("deal-size", "01", "7", correct=False)
    clock.wait(30)
    p.hint("deal-size", "01", 1)
    clock.wait(30)
    p.check("deal-size", "01", "8", correct=False)
    clock.wait(30)
    p.hint("deal-size", "01", 2)
    clock.wait(30)
    p.solution("deal-size", "01")
    return p


def _cy(folder: Path) -> Progress:
    """Cy (a code, not a name): works through a stand-in exercise's events, wrong then right."""
    p = Progress("S-07", folder, clock=Clock())
    q = StandIn("who-wins")
    t0 = 1_700_000_000.0
    q.events += [
        (t0, "check", "Ann", "not yet"),
        (t0 + 10, "check", None, "not attempted"),
        (t0 + 40, "hint", 1, "not yet"),
    ]
    assert p.record_exercise(q, "05") == 2
    q.events.append((t0 + 300, "check", "Bob", "correct"))
    assert p.record_exercise(q, "05") == 1  # only the new one
    return p


@pytest.fixture
def classroom(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "class"
    for student in (_ann, _bob, _cy):
        student(folder)
    yield folder


def test_summary_per_exercise_for_each_student(tmp_path: Path) -> None:
    ann = {s.exercise: s for s in _ann(tmp_path).summary()}
    assert (ann["deal-size"].attempts, ann["deal-size"].correct_first_try) == (1, True)
    assert (ann["spokes"].hints, ann["spokes"].solved, ann["spokes"].minutes) == (1, True, 2.0)
    [bob] = _bob(tmp_path).summary()
    assert (bob.attempts, bob.correct_first_try, bob.solved) == (2, False, False)
    assert (bob.hints, bob.solution_viewed, bob.minutes) == (2, True, 2.0)
    [cy] = _cy(tmp_path).summary()
    assert (cy.lesson, cy.exercise, cy.attempts, cy.solved, cy.hints) == (
        "05",
        "who-wins",
        2,
        True,
        1,
    )
    assert not cy.correct_first_try
    assert cy.minutes == 5.0


def test_the_file_is_json_lines_private_and_holds_only_the_typed_name(tmp_path: Path) -> None:
    p = _ann(tmp_path)
    assert p.path == tmp_path / f"Ann{SUFFIX}"
    assert stat.S_IMODE(p.path.stat().st_mode) == 0o600
    lines = [json.loads(line) for line in p.path.read_text(encoding="utf-8").splitlines()]
    assert [e["event"] for e in lines] == ["start", "check", "hint", "check"]
    assert {e["student"] for e in lines} == {"Ann"}
    assert lines[1] == {
        "event": "check",
        "student": "Ann",
        "lesson": "01",
        "key": "deal-size",
        "t": 1_700_000_000.0,
        "answer": "9",
        "correct": True,
    }


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_in_a_class_folder_the_group_may_read_the_file_and_others_nothing(
    tmp_path: Path,
) -> None:
    # As the therapy records do in a team's folder (tests/therapy/test_record_files.py):
    # the folder decides, through file_mode, and the teacher in its group can gather.
    modes = {}
    for folder_mode in (0o2770, 0o750, 0o2775, 0o755, 0o700):
        folder = tmp_path / oct(folder_mode)
        folder.mkdir()
        folder.chmod(folder_mode)
        _ann(folder)
        modes[oct(folder_mode)] = oct(stat.S_IMODE((folder / f"Ann{SUFFIX}").stat().st_mode))
        assert stat.S_IMODE(folder.stat().st_mode) == folder_mode  # left as it was
    assert modes == {
        "0o2770": "0o660",  # the class's folder: the group writes there, so may here
        "0o750": "0o640",  # closed to others: the group reads
        "0o2775": "0o660",  # the group's own folder (it hands its group on)
        "0o755": "0o600",  # a user's own open folder is not a class folder
        "0o700": "0o600",
    }
    made = tmp_path / "new" / "progress"
    Progress("Ann", made, clock=Clock()).hint("a", "01", 1)
    assert [stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "new", made)] == [0o700, 0o700]
    assert stat.S_IMODE((made / f"Ann{SUFFIX}").stat().st_mode) == 0o600


def test_reopening_continues_the_file_and_does_not_copy_events_twice(tmp_path: Path) -> None:
    _cy(tmp_path)
    again = Progress("S-07", tmp_path, clock=Clock())
    q = StandIn("who-wins")
    t0 = 1_700_000_000.0
    q.events += [(t0, "check", "Ann", "not yet"), (t0 + 400, "solution", None, "correct")]
    assert again.record_exercise(q, "05") == 1  # the first was already in the file
    kinds = [e["event"] for e in again.events()]
    assert kinds == ["check", "hint", "check", "solution"]
    starts = [line for line in again.path.read_text().splitlines() if '"start"' in line]
    assert len(starts) == 1


def test_a_cut_off_last_line_is_tolerated_and_dropped_before_the_next_event(
    tmp_path: Path,
) -> None:
    p = _bob(tmp_path)
    with open(p.path, "a", encoding="utf-8") as f:
        f.write('{"event": "check", "student": "Bob", "les')
    found = read_progress(p.path)
    assert (found.cut_off, len(found.events)) == (True, 5)
    assert [(d.line, d.problem.split(" (")[0]) for d in found.damaged] == [
        (7, "it was cut off part-way")
    ]
    p.check("deal-size", "01", "9", correct=True, at=1_700_000_500)
    found = read_progress(p.path)
    assert (found.problems, found.cut_off) == ([], False)  # the cut-off piece was dropped
    assert [e.get("answer") for e in found.events if e["event"] == "check"] == ["7", "8", "9"]


def test_default_folder_and_environment_override(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CFWIDGET_PROGRESS", raising=False)
    assert default_folder() == tmp_path / "progress"
    assert Progress("Ann").path == tmp_path / "progress" / f"Ann{SUFFIX}"
    monkeypatch.setenv("CFWIDGET_PROGRESS", str(tmp_path / "handin"))
    assert Progress("Ann").path == tmp_path / "handin" / f"Ann{SUFFIX}"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "1 to 40 characters"),
        ("   ", "1 to 40 characters"),
        ("x" * 41, "1 to 40 characters"),
        ("../Ann", "cannot hold"),
        ("a\\b", "cannot hold"),
        ("Ann\tB", "printable"),
        ("..", "only dots"),
        (7, "text in quotes"),
    ],
)
def test_bad_names_are_refused_clearly_and_nothing_is_written(
    tmp_path: Path, name: object, words: str
) -> None:
    with pytest.raises(cf.LessonError, match=words):
        Progress(name, tmp_path / "p")  # type: ignore[arg-type]
    assert not (tmp_path / "p").exists()


def test_bad_events_are_refused_with_lesson_errors(tmp_path: Path) -> None:
    p = Progress("Ann", tmp_path, clock=Clock())
    before = p.path.read_text()
    with pytest.raises(cf.LessonError, match="hint's number"):
        p.hint("a", "01", 0)
    with pytest.raises(cf.LessonError, match="lesson must be a short text"):
        p.check("a", "", "9", correct=True)
    with pytest.raises(cf.LessonError, match="seconds or a datetime"):
        p.solution("a", "01", at="noon")
    with pytest.raises(cf.LessonError, match="not an exercise"):
        p.record_exercise(object(), "01")
    q = StandIn("a")
    q.events.append((0.0, "peek", None, "not yet"))
    with pytest.raises(cf.LessonError, match="check, hint or solution"):
        p.record_exercise(q, "01")
    assert p.path.read_text() == before
    os.replace(p.path, tmp_path / f"Bob{SUFFIX}")
    with pytest.raises(cf.LessonError, match="holds 'Ann'"):
        Progress("Bob", tmp_path)


def test_gather_makes_one_row_per_student_and_exercise(classroom: Path) -> None:
    frame = gather(classroom)
    rows = frame[["student", "lesson", "exercise", "attempts", "solved", "hints"]]
    assert rows.values.tolist() == [
        ["Ann", "01", "deal-size", 1, True, 0],
        ["Ann", "02", "spokes", 1, True, 1],
        ["Bob", "01", "deal-size", 2, False, 2],
        ["S-07", "05", "who-wins", 2, True, 1],
    ]
    assert frame.attrs["damaged"] == {}
    assert frame.attrs["damaged_lines"] == []


def test_a_damaged_file_is_reported_not_fatal(classroom: Path) -> None:
    bob = classroom / f"Bob{SUFFIX}"
    lines = bob.read_text().splitlines()
    lines.insert(2, "this is not json")
    bob.write_text("\n".join(lines) + "\n")
    (classroom / f"Dee{SUFFIX}").write_bytes(b"\xff\xfe\x00garbage")
    frame = gather(classroom)
    damaged = frame.attrs["damaged"]
    assert set(damaged) == {f"Bob{SUFFIX}", f"Dee{SUFFIX}"}
    assert "line 3: it is not readable" in damaged[f"Bob{SUFFIX}"]
    assert "could not be read" in damaged[f"Dee{SUFFIX}"]
    bob_rows = frame[frame["student"] == "Bob"]
    # the line names no exercise, so no figure of Bob's can be trusted
    assert bob_rows["note"].tolist() == ["unreadable attempt"]
    assert bob_rows["attempts"].isna().all()
    ann_rows = frame[frame["student"] == "Ann"]
    assert ann_rows["attempts"].tolist() == [1, 1]  # the other files are read as before
    assert sorted(set(frame["student"])) == ["Ann", "Bob", "Dee", "S-07"]
    assert frame[frame["student"] == "Dee"]["note"].tolist() == ["file unreadable"]


def test_two_files_of_one_student_are_put_together(classroom: Path, tmp_path: Path) -> None:
    other = tmp_path / "laptop"
    Progress("Ann", other, clock=Clock(1_700_001_000.0)).check(
        "who-wins", "05", "bob", correct=True
    )
    (other / f"Ann{SUFFIX}").rename(classroom / f"Ann-laptop{SUFFIX}")
    frame = gather(classroom)
    assert frame[frame["student"] == "Ann"]["exercise"].tolist() == [
        "deal-size",
        "spokes",
        "who-wins",
    ]


def test_class_table_is_students_by_lessons(classroom: Path) -> None:
    table = class_table(gather(classroom))
    assert list(table.index) == ["Ann", "Bob", "S-07"]
    assert list(table.columns.get_level_values(0).unique()) == ["01", "02", "05"]
    assert table.loc["Ann", ("01", "solved")] == 1
    assert table.loc["Ann", ("02", "hints")] == 1
    assert table.loc["Ann", ("02", "minutes")] == 2.0
    assert table.loc["Bob", ("01", "solved")] == 0
    assert table.loc["Bob", ("01", "hints")] == 2
    assert table.loc["Bob", ("05", "solved")] == 0  # not started
    assert table.loc["S-07", ("05", "minutes")] == 5.0


def test_class_chart_stacks_lessons_per_student(classroom: Path) -> None:
    from matplotlib.patches import Rectangle

    fig = class_chart(gather(classroom))
    top, bottom = fig.axes
    assert [t.get_text() for t in bottom.get_xticklabels()] == ["Ann", "Bob", "S-07"]
    # three lessons x three students, stacked: solved per lesson, then summed per student
    heights = [float(b.get_height()) for b in top.patches if isinstance(b, Rectangle)]
    assert len(heights) == 9
    solved = [sum(heights[i::3]) for i in range(3)]
    assert solved == [2.0, 0.0, 1.0]
    minutes = [float(b.get_height()) for b in bottom.patches if isinstance(b, Rectangle)]
    assert [sum(minutes[i::3]) for i in range(3)] == [2.0, 2.0, 5.0]


def test_the_class_picture_says_what_its_chart_shows(classroom: Path, tmp_path: Path) -> None:
    picture = class_picture(gather(classroom))
    assert picture.alt.splitlines() == [
        "The class's progress: 3 students, lessons 01, 02, 05.",
        "Exercises solved: Ann 2, Bob 0, S-07 1.",
        "Minutes spent: Ann 2, Bob 2, S-07 5.",
    ]
    data, meta = picture._repr_mimebundle_()
    assert data["text/html"].startswith('<img src="data:image/png;base64,')
    assert 'alt="The class&#x27;s progress: 3 students' in data["text/html"]
    assert meta["image/png"]["alt"] == picture.alt
    empty = tmp_path / "empty"
    empty.mkdir()
    assert class_words(gather(empty)) == "The class's progress: no progress files with answers yet."


def test_teacher_side_refuses_what_is_not_a_gathered_table(tmp_path: Path) -> None:
    with pytest.raises(cf.LessonError, match="no folder"):
        gather(tmp_path / "missing")
    with pytest.raises(cf.LessonError, match="the table gather"):
        class_table([1, 2])  # type: ignore[arg-type]
    empty = gather(tmp_path)
    assert len(empty) == 0 and class_table(empty).empty


def test_summarise_orders_events_by_time() -> None:
    events = [
        {"event": "check", "lesson": "03", "key": "k", "t": 50, "correct": True},
        {"event": "check", "lesson": "03", "key": "k", "t": 10, "correct": False},
    ]
    [s] = summarise(events)
    assert (s.correct_first_try, s.solved, s.minutes) == (False, True, round(40 / 60, 2))


def test_a_real_exercise_is_recorded_with_its_hints_and_solution(tmp_path: Path) -> None:
    from cfwidget import teach

    rnd = teach.position("spokes")
    right = sorted({str(m.tile) for m in rnd.legal_moves() if m.is_play})
    wrong = next(str(t) for t in rnd.hands[rnd.turn] if str(t) not in right)
    q = teach.which_tiles(rnd, key="lesson-1-spokes")
    q.check([wrong])
    q.hint()
    q.hint()
    q.check(right)
    q.solution()
    p = Progress("S-08", tmp_path)
    assert p.record_exercise(q, "01") == 5
    assert p.record_exercise(q, "01") == 0  # nothing new
    (row,) = p.summary()
    assert (row.exercise, row.attempts, row.hints, row.solution_viewed) == (
        "lesson-1-spokes",
        2,
        2,
        True,
    )
    assert row.solved and not row.correct_first_try


def test_a_whole_last_line_without_its_line_break_is_kept_when_the_next_is_written(
    tmp_path: Path,
) -> None:
    p = _bob(tmp_path)
    p.path.write_bytes(p.path.read_bytes().rstrip(b"\n"))
    assert "cut off right after this line" in read_progress(p.path).problems[0]
    p.check("deal-size", "01", "9", correct=True, at=1_700_000_500)
    found = read_progress(p.path)
    assert found.problems == []
    assert [e["event"] for e in found.events][-2:] == ["solution", "check"]
