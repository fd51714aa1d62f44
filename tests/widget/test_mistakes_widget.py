"""The mistakes widget's Python side: the table from the chair, the panel, its intents.

Intents are fed the way ipywidgets delivers a browser's message; the exercises are
teach.mistakes' (tests/teach/test_mistakes.py checks their judging).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import cfwidget as cf
from cfwidget import teach
from cfwidget.analysis import review
from cfwidget.players import make_bot, play_round
from cfwidget.teach import Mistakes
from cfwidget.widget import MistakesWidget, WidgetError


@pytest.fixture(scope="module")
def drills() -> Mistakes:
    rnd = cf.Round.deal(cf.Rules(max_pip=6, hand_size=7), 3, seed=4, names=["Ann", "Bob", "Cy"])
    play_round(rnd, [make_bot("random", 4), make_bot("coach"), make_bot("coach")])
    return teach.mistakes(review(rnd, seats=[0], worlds=50, seed=0), seat=0)


def send(w: MistakesWidget, content: object) -> None:
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def fresh(drills: Mistakes) -> MistakesWidget:
    # Each test its own exercises: a widget's answers are the exercises' own state.
    again = teach.mistakes(drills.review, seat=0)
    return MistakesWidget(again)


def test_the_table_is_the_chair_just_before_the_move(drills: Mistakes) -> None:
    w = fresh(drills)
    m = w.current
    view: dict[str, Any] = w.view
    assert view["seat"] == 0 and view["playing"] and view["waiting"] == "you"
    assert sorted(h["tile"] for h in view["hand"]) == sorted(str(t) for t in m.position.hand(0))
    assert len(view["table"]) == len(m.position.table)
    assert view["status"] == f"Find a better move than {m.played.tile} on {m.played.onto}."
    legal = {str(x) for x in m.position.legal_moves()}
    targets = {t["move"] for h in view["hand"] for t in h["targets"]}
    assert targets == {x for x in legal if "@" in x}
    # Nothing of the other chairs' tiles: only how many each holds.
    text = repr(view)
    for seat in (1, 2):
        hidden = {str(t) for t in m.position.hand(seat)} - {str(p.tile) for p in m.position.table}
        assert not any(re.search(rf"'{t}'", text) for t in hidden)


def test_a_move_played_on_the_table_is_the_answer(drills: Mistakes) -> None:
    w = fresh(drills)
    m = w.current
    send(w, {"kind": "play", "move": str(m.played), "version": w.version, "seat": 0})
    assert w.drill["status"] == "not yet" and "is the move Ann played" in w.drill["feedback"]
    send(w, {"kind": "play", "move": str(m.best), "version": w.version, "seat": 0})
    assert w.drill["status"] == "correct" and w.drill["feedback"].startswith("Correct!")
    assert w.drill["solved"] == [True, False]
    assert [e[1] for e in m.exercise.events] == ["check", "check"]
    stale = w.version - 1
    send(w, {"kind": "play", "move": str(m.best), "version": stale, "seat": 0})
    assert "earlier view" in w.message and len(m.exercise.events) == 2


def test_hints_then_why_then_the_next_mistake(drills: Mistakes) -> None:
    w = fresh(drills)
    send(w, {"kind": "mistake_hint", "version": w.version})
    assert w.drill["hints"] == [f"Hint 1 of 2: {w.current.exercise.hints[0]}"]
    assert w.drill["hints_left"] == 1
    send(w, {"kind": "mistake_hint", "version": w.version})
    assert len(w.drill["hints"]) == 2 and w.drill["hints_left"] == 0
    assert w.drill["why"] == ""
    send(w, {"kind": "mistake_why", "version": w.version})
    assert w.drill["why"].startswith("Solution:") and "Ann ends with" in w.drill["why"]
    send(w, {"kind": "mistake_goto", "index": 1})
    assert w.index == 1 and w.drill["title"] == "Mistake 2 of 2"  # the question says where
    assert w.view["where"].startswith("Seen from ") and "round" not in w.view["where"]
    assert w.drill["hints"] == [] and w.drill["why"] == ""
    assert len(w.view["table"]) == len(w.current.position.table)
    send(w, {"kind": "mistake_goto", "index": 7})
    assert "There is no mistake 7" in w.message and w.index == 1


def test_a_saved_notebook_keeps_the_table_and_the_question(drills: Mistakes) -> None:
    w = fresh(drills)
    w.hint()
    bundle = w._repr_mimebundle_()
    assert bundle is not None
    data, meta = bundle
    assert meta["image/png"]["alt"]  # the picture has its words
    assert {"image/png", "image/svg+xml", "text/html", "text/plain"} <= set(data)
    assert data["text/plain"].splitlines()[:2] == [repr(w), w.drill["question"]]
    assert "Hint 1 of 2" in data["text/plain"] and "0x" not in repr(w)


def test_bad_arguments(drills: Mistakes) -> None:
    with pytest.raises(WidgetError, match="at least one"):
        MistakesWidget([])
    with pytest.raises(WidgetError, match="drills are the mistakes"):
        MistakesWidget(["8-7@7-5"])  # type: ignore[list-item]
    with pytest.raises(WidgetError, match="index is a mistake's number from 0 to 1"):
        MistakesWidget(drills, index=2)
    with pytest.raises(
        TypeError,
        match=r"^MistakesWidget got unknown argument 'seat'; it takes "
        r"drills, index, display, large, palette$",
    ):
        MistakesWidget(drills, seat=0)  # type: ignore[call-arg]


def test_only_another_mistake_makes_a_click_stale(drills: Mistakes) -> None:
    """The board reports its size whenever the panel above it grows (a hint, the feedback):
    the table is laid out again, and a move clicked meanwhile still counts."""
    w = fresh(drills)
    stamp = w.version
    send(w, {"kind": "mistake_hint", "version": stamp})
    send(w, {"kind": "board", "width": 900, "height": 300})
    send(w, {"kind": "board", "width": 900, "height": 500})
    assert w.version == stamp and w.view["version"] == stamp
    send(w, {"kind": "play", "move": str(w.current.best), "version": stamp, "seat": 0})
    assert w.drill["status"] == "correct" and w.message == ""
    send(w, {"kind": "mistake_goto", "index": 1})
    assert w.version == stamp + 1
    send(w, {"kind": "play", "move": str(w.current.played), "version": stamp, "seat": 0})
    assert "earlier view" in w.message and w.drill["status"] == "not attempted"


def test_a_solved_mistake_stays_solved_and_answers_written_in_a_cell_show(
    drills: Mistakes,
) -> None:
    """A right answer then another try: still "1 of N solved" (it read "0 of 1 solved").
    An answer checked in a notebook cell shows in the panel too."""
    w = fresh(drills)
    m = w.current
    w.play(m.best)
    w.play(m.played)  # the move that was flagged: not a better one
    assert w.drill["status"] == "correct" and w.drill["solved"][0] is True
    assert w.drill["feedback"].startswith("Not yet:")  # what the last try got
    other = w.goto(1).current
    assert w.drill["status"] == "not attempted" and w.drill["feedback"] == ""
    other.exercise.check(str(other.best))  # as notebook 41 answers in writing
    assert w.drill["status"] == "correct" and w.drill["solved"] == [True, True]
    assert w.drill["feedback"] == ""  # the cell that checked shows its own words
    with pytest.raises(WidgetError, match="move is a move like '8-5@8-6' or 'draw'; got None"):
        w.play(None)  # type: ignore[arg-type]
    assert w.drill["solved"] == [True, True]


def test_answers_in_cells_reach_only_live_widgets_and_never_keep_old_feedback(
    drills: Mistakes,
) -> None:
    """A widget hears every one of its exercises (the solved marks cover them all), shows
    feedback only for the last answer it gave itself, and is let go when closed."""
    import gc
    import weakref

    w = fresh(drills)
    first, second = w.current, w._drills[1]
    w.goto(1)
    first.exercise.check(str(first.best))  # another mistake than the one shown, in a cell
    assert w.drill["solved"] == [True, False]
    w.play(second.played)
    said = w.drill["feedback"]
    assert said.startswith("Not yet:")
    second.exercise.check("pass")  # refused too, in a cell: the widget's words are stale
    assert w.drill["status"] == "not yet" and w.drill["feedback"] == ""
    gone = weakref.ref(w)
    w.close()
    del w
    gc.collect()
    assert gone() is None
    assert first.exercise.watchers == [] and second.exercise.watchers == []
    for _ in range(3):
        MistakesWidget(list(drills.review and [first, second]))
    gc.collect()
    first.exercise.check(str(first.best))  # dead widgets' watchers do nothing


def test_display_set_to_anything_else_is_a_widget_error(drills: Mistakes) -> None:
    w = fresh(drills)
    for bad in (5, None, b"numerals", "big"):
        with pytest.raises(WidgetError, match=r"^display must be one of pips, numerals, colour"):
            w.display = bad  # type: ignore[assignment]
    assert w.display == "pips"
    w.display = "color"
    assert w.display == "colour"
