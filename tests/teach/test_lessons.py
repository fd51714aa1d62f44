"""Lesson positions: each one is the position its lesson describes, and the lessons are ready."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

import cfwidget as cf
from cfwidget.players import greedy
from cfwidget.teach import _lessons as lessons
from cfwidget.teach import hand_score, round_scores, what_to_do, where_can, which_tiles, who_wins

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

# Bob's plays with two tiles left, each also announcing the last tile ("!").
_TWO_LEFT = ["1-0@3-1", "1-0@4-1", "1-0@5-0", "1-0@5-1", "1-0@7-1", "3-0@5-0", "3-0@7-3", "3-0@8-3"]
_ANNOUNCED = [f"{m}{bang}" for m in _TWO_LEFT for bang in ("", "!")]

# name -> (seat to move, rule in force, legal moves) for positions still in play.
EXPECTED = {
    "deal": ("Bob", "the centre double 9-9 still needs 4 spokes", ["9-4@9-9", "9-7@9-9"]),
    "no-nine": ("Ann", "the centre double 9-9 still needs 2 spokes", ["draw"]),
    "drawn": ("Ann", "the centre double 9-9 still needs 2 spokes", ["9-8@9-9", "pass"]),
    "spokes": ("Bob", "the centre double 9-9 still needs 1 spoke", ["9-7@9-9"]),
    "lines": (
        "Cy",
        "play on any open end",
        ["2-1@9-1", "4-4@9-4", "6-4@9-4", "7-7@9-7", "8-4@9-4", "8-4@9-8"],
    ),
    "foot-choice": (
        "Cy",
        "play on any open end",
        ["4-4@8-4", "4-4@9-4", "6-4@6-1", "6-4@8-4", "6-4@9-4"],
    ),
    "foot": ("Ann", "the chicken foot on 4-4 still needs 3 toes", ["4-1@4-4"]),
    "toes-done": (
        "Ann",
        "play on any open end",
        ["1-1@4-1", "3-3@4-3", "5-2@7-5", "6-6@6-1", "6-6@6-4", "8-3@4-3"],
    ),
    "foot-draw": ("Bob", "the chicken foot on 6-6 still needs 3 toes", ["draw"]),
    "miss": ("Bob", "the chicken foot on 6-6 still needs 3 toes", ["pass"]),
    "pass": ("Ann", "the chicken foot on 4-4 still needs 2 toes", ["pass"]),
    "six-spokes": ("Cy", "the centre double 9-9 still needs 2 spokes", ["9-3@9-9"]),
    "y-shape": ("Bob", "play on any open end", ["4-2@9-4", "5-3@9-5"]),
    # The positions of the rule exercises (who starts, the last tile, everyone passing).
    "draw-for-nine": ("Cy", "the centre double 9-9 still needs 4 spokes", ["9-1@9-9", "9-2@9-9"]),
    "next-highest": ("Ann", "the centre double 8-8 still needs 4 spokes", ["8-3@8-8"]),
    "all-pass": ("Cy", "the chicken foot on 6-6 still needs 2 toes", ["pass"]),
    "pass-goes-on": ("Cy", "the chicken foot on 6-6 still needs 2 toes", ["pass"]),
    "last-two": ("Bob", "play on any open end", _TWO_LEFT),
    "uno": ("Bob", "play on any open end", [*_ANNOUNCED]),
    "chicken-little": ("Bob", "play on any open end", [*_ANNOUNCED]),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_position_is_the_one_its_lesson_describes(name: str) -> None:
    rnd = lessons.position(name)
    who, rule, legal = EXPECTED[name]
    assert rnd.names[rnd.turn] == who
    assert rnd.rule_in_force().startswith(rule)
    assert [str(m) for m in rnd.legal_moves()] == legal


def test_the_positions_are_fresh_full_deals() -> None:
    assert set(EXPECTED) | {"out", "blocked"} == set(lessons.POSITIONS)
    a = lessons.position("deal")
    a.play("9-4@9-9")
    assert lessons.position("deal").legal_moves() != a.legal_moves()  # a fresh copy each time
    for name in lessons.POSITIONS:
        rnd = lessons.position(name)
        tiles = [t for h in rnd.hands for t in h] + list(rnd.boneyard) + [p.tile for p in rnd.table]
        assert sorted(tiles) == sorted(cf.full_set(rnd.rules.max_pip)), name


def test_the_hand_sizes_follow_the_rule_texts() -> None:
    assert [len(h) for h in lessons.position("deal").hands] == [8, 9, 9]  # 9 each, 9-9 laid
    six = lessons.position("pass").rules
    assert six == cf.Rules.preset("double-six")
    assert lessons.position("six-spokes").rules == cf.Rules.preset("six-spokes")
    assert lessons.position("y-shape").rules.spokes == 3


def test_the_round_ends_with_bob_out_and_cy_holding_the_double_blank() -> None:
    rnd = lessons.position("out")
    assert rnd.is_over and rnd.went_out == 1 and not rnd.blocked
    assert cf.Tile(0, 0) in rnd.hands[2]
    assert rnd.scores() == [2, 0, 57]
    assert hand_score(rnd, 2).check(57) and not hand_score(rnd, 2).check(7)
    assert round_scores(rnd).check([2, 0, 57])


def test_the_blocked_round_is_the_unfinishable_foot_of_004() -> None:
    rnd = lessons.position("blocked")
    assert rnd.blocked and rnd.forced == cf.Tile(4, 4) and rnd.needed == 1
    fours = [t for t in cf.full_set(6) if t.has(4)]
    assert all(t in {p.tile for p in rnd.table} for t in fours)  # no 4 left anywhere


def test_the_lesson_exercises_have_the_answers_the_lessons_expect() -> None:
    assert which_tiles(lessons.position("deal")).check(["9-7", "9-4"])
    spokes = which_tiles(lessons.position("spokes"))
    wrong = spokes.check(["9-7", "4-3"])
    assert wrong.status == "not yet" and "still needs 1 spoke" in wrong.message
    assert spokes.check(["9-7"])
    assert where_can(lessons.position("lines"), "8-4").check(["9-8", "9-4"])
    assert where_can(lessons.position("foot-choice"), "4-4").check(["9-4", "8-4"])
    assert which_tiles(lessons.position("foot")).check(["4-1"])
    assert what_to_do(lessons.position("no-nine")).check("draw")
    drawn = lessons.position("drawn")
    assert what_to_do(drawn).check("9-8@9-9") and what_to_do(drawn).check("pass")
    assert what_to_do(lessons.position("miss")).check("pass")
    assert what_to_do(lessons.position("pass")).check("pass")
    assert not what_to_do(lessons.position("pass")).check("draw")
    assert which_tiles(lessons.position("six-spokes")).check(["9-3"])


def test_tie_break_sheets() -> None:
    zero = lessons.sheet("zero-rounds")
    low = lessons.sheet("lowest-round")
    assert zero.totals[:2] == [30, 30] and low.totals[:2] == [30, 30]
    assert who_wins(zero).check("Bob") and not who_wins(zero).check("Ann")
    assert who_wins(low).check("Ann") and not who_wins(low).check("Bob")


def test_story_narrate_and_pictures() -> None:
    rnd = lessons.position("foot")
    lines = lessons.story(rnd).splitlines()
    assert len(lines) == len(rnd.history) == 9
    assert lines[2] == "3. Ann draws a tile from the chicken yard"
    assert lines[-1] == "9. Cy lays the chicken foot 4-4 on the open end of 8-4"
    assert lessons.story(lessons.position("deal")) == "(no moves yet)"
    told = lessons.narrate(rnd, [greedy] * 3, moves=3).splitlines()
    assert told[0] == "Rule in force: the chicken foot on 4-4 still needs 3 toes (tiles with a 4)."
    assert told[1] == "  Ann plays 4-1 as a toe of the chicken foot 4-4"
    assert len(rnd.history) == 9  # narrate plays on a copy
    with pytest.raises(cf.BotError, match="one bot per seat"):
        lessons.narrate(rnd, [greedy], moves=1)
    pic = lessons.picture(rnd, seat=0)
    assert pic._repr_svg_().startswith("<svg") and "Ann" in pic.text


def test_tables() -> None:
    frame = lessons.presets_table(players=4)
    assert list(frame.index) == cf.Rules.preset_names()
    assert set(frame["spokes"]) == {3, 4, 6}
    assert int(lessons.hand_sizes("puremco").loc["double-9", 3]) == 14
    assert lessons.hand_sizes("wolf-lake").loc["double-6", 5] == "-"


@pytest.mark.parametrize("call", [lambda: lessons.position("x"), lambda: lessons.sheet("x")])
def test_unknown_names_list_the_known_ones(call: object) -> None:
    with pytest.raises(cf.LessonError, match="no lesson"):
        call()  # type: ignore[operator]
    with pytest.raises(cf.RulesError, match="wolf-lake"):
        lessons.hand_sizes("nope")


# -- the notebooks --------------------------------------------------------------------------

LESSONS = sorted(NOTEBOOKS.glob("0[1-7]-*.ipynb"))


def test_there_are_seven_numbered_lessons() -> None:
    assert [p.name[:2] for p in LESSONS] == ["01", "02", "03", "04", "05", "06", "07"]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_lesson_reads_without_a_kernel(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    assert set(nb.metadata) <= {"kernelspec", "language_info"}
    assert nb.cells[0].cell_type == "markdown"
    assert nb.cells[0].source.startswith(f"# Lesson {int(path.name[:2])}: ")
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(set(c.metadata) <= {"tags"} for c in nb.cells)
    ran = [c for c in code if c.source.strip() and not c.source.lstrip().startswith("#")]
    assert all(c.execution_count for c in ran), "outputs stored: run tools/run_notebooks.py"
    data = [o.get("data", {}) for c in code for o in c.outputs]
    widgets = [d for d in data if "application/vnd.jupyter.widget-view+json" in d]
    # A game without a kernel is a picture: SVG for GitHub and nbviewer, PNG for an untrusted
    # JupyterLab; an answer control is its question in words.
    # The sign-in box says in words what it is for.
    signs = [d for d in widgets if d.get("text/plain", "").startswith("Sign in: ")]
    assert len(signs) == 1
    games = [
        d for d in widgets if not d.get("text/plain", "").startswith(("Question: ", "Sign in: "))
    ]
    assert games and all("image/svg+xml" in d and "image/png" in d for d in games)
    answers = [d for d in widgets if d not in games and d not in signs]
    assert all("Answer with the buttons" in d["text/plain"] for d in answers)
    pictures = [d for d in data if "image/svg+xml" in d and "widget-view" not in str(d.keys())]
    assert pictures and all("image/png" in d for d in pictures)
    assert any("Not attempted" in d.get("text/plain", "") for d in data)  # an exercise
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "running kernel" in text and "Binder" in text


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_answer_control_saves_to_the_lessons_sign_in(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    source = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    lesson = path.name[:2]
    assert f'my_answers = teach.sign_in("{lesson}")' in source
    calls = re.findall(r"teach\.answer\(([^)]*)\)", source)
    assert calls and all(c.endswith("progress=my_answers") for c in calls), calls


def test_lesson_errors_name_what_there_is() -> None:
    with pytest.raises(cf.LessonError, match="the positions are: deal, no-nine"):
        lessons.position("nope")
    with pytest.raises(cf.LessonError, match="the sheets are: zero-rounds, lowest-round"):
        lessons.sheet(["zero-rounds"])  # type: ignore[arg-type]
    with pytest.raises(cf.LessonError, match="moves must be a whole number, 0 or more, got 'all'"):
        lessons.narrate(lessons.position("deal"), [greedy] * 3, moves="all")  # type: ignore[arg-type]
    with pytest.raises(cf.LessonError, match=r"story tells a cf\.Round"):
        lessons.story(None)  # type: ignore[arg-type]
    with pytest.raises(cf.RulesError, match="the tables are: "):
        lessons.hand_sizes(["wolf-lake"])  # type: ignore[arg-type]


def test_presets_table_marks_presets_that_cannot_seat_that_many() -> None:
    table = lessons.presets_table(players=8)
    column = table["tiles each (8 players)"]
    assert column["six-spokes"] == 5
    assert (column.drop("six-spokes") == "-").all()
    with pytest.raises(cf.LessonError, match="players must be from 2 to 8"):
        lessons.presets_table(players=9)
