"""The review's evaluation graph in Chromium: the flagged and the unclear moves marked, each
verdict in its colour ("unclear" a calm one of its own), with a legend word for each."""

from __future__ import annotations

from typing import Any

from cfwidget.analysis import review
from cfwidget.widget import ReviewWidget
from tests.helpers.browser_harness import widget_state
from tests.widget.test_review_widget import played_game

MARKS = """() => [...document.querySelectorAll('.cfw-graph-mark')].map((m) => ({
  verdict: [...m.classList].find((c) => c.startsWith('is-')).slice(3),
  colour: getComputedStyle(m).stroke,
}))"""
LEGEND = """() => [...document.querySelectorAll('.cfw-graph-mark-key')].map((k) => ({
  colour: getComputedStyle(k).backgroundColor,
  words: k.nextSibling ? k.nextSibling.textContent : '',
}))"""


def test_the_graph_marks_unclear_moves_in_a_colour_of_their_own_with_a_legend(
    page: Any,
) -> None:
    w = ReviewWidget(review(played_game(), worlds=24, seed=1))
    marked = w.view["review"]["graph"]["marks"]
    assert {"unclear", "blunder"} <= {m["verdict"] for m in marked}
    page.evaluate("s => cfw.mount(s)", widget_state(w))
    page.locator(".cfw-graph-mark").first.wait_for(state="attached")  # a line: no width
    drawn = page.evaluate(MARKS)
    assert [d["verdict"] for d in drawn] == [m["verdict"] for m in marked]
    colour = {d["verdict"]: d["colour"] for d in drawn}
    assert len(set(colour.values())) == len(colour) - ("mistake" in colour)  # mistake = blunder
    assert colour["unclear"] == "rgb(90, 85, 166)"
    legend = page.evaluate(LEGEND)
    assert {k["words"] for k in legend} >= {"unclear (between two verdicts)", "blunder"}
    assert {k["colour"] for k in legend} == set(colour.values())
