"""The review widget's side panel fits, and its evaluation graph moves along the game.

JupyterLab at 1280x800 with the file browser open, the review of ``test_review_browser``'s
game: at every move (stepped with Next), the docked side panel shows all it holds without
scrolling inside itself (its content is no taller than its box) and the widget keeps one
height; a click on the graph, and the arrow keys on it, go to the move under the pointer or
the next one; axe finds no violation in the widget. The heights are printed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from servers import jupyter_lab, need_browser, write_notebook
from test_review_browser import CELL, at_move, axe, expected

from tests.helpers.table_in_view import Screen, open_notebook, show_file_browser

#: The docked panel's box and content, and the widget's height, in CSS pixels.
MEASURE_JS = """() => {
  const root = document.querySelector('.cfw');
  const panel = root.querySelector('.cfw-review');
  const seen = root.querySelector('[data-key="review-seat"]');
  const open = root.querySelector('[data-key="review-open"]');
  const box = panel.getBoundingClientRect();
  const below = (el) => el ? el.getBoundingClientRect().bottom - box.bottom : null;
  return {
    box: panel.clientHeight,
    // how much of the box its content takes: the lowest child's bottom
    used: Math.max(...[...panel.children].filter((c) => !c.hidden).map(
      (c) => c.getBoundingClientRect().bottom)) - box.top,
    content: panel.scrollHeight,
    widget: root.getBoundingClientRect().height,
    board: root.querySelector('.cfw-board').getBoundingClientRect().height,
    band: root.querySelector('.cfw-band').getBoundingClientRect().height,
    main: root.querySelector('.cfw-main').getBoundingClientRect().height,
    seenBelow: below(seen),
    openBelow: below(open),
  };
}"""


@pytest.fixture(scope="module")
def twin() -> Any:
    return expected()


@pytest.fixture(scope="module")
def lab(browser: Any, tmp_path_factory: Any) -> Iterator[Any]:
    need_browser()
    root = tmp_path_factory.mktemp("lab-review-fit")
    write_notebook(root / "review.ipynb", [CELL])
    with jupyter_lab(root) as base:
        page = open_notebook(browser, base, "review.ipynb", Screen("1280x800", 1280, 800))
        show_file_browser(page)
        page.locator(".cfw .cfw-review .cfw-verdict").wait_for()
        try:
            yield page
        finally:
            page.context.close()


def test_the_side_panel_never_scrolls_and_keeps_its_height(lab: Any, twin: Any) -> None:
    total = twin.total
    shots = os.environ.get("CFWIDGET_SHOTS")
    lab.locator(".cfw-review-slider").focus()
    lab.keyboard.press("Home")
    at_move(lab, 1, total)
    sizes = []
    for n in range(1, total + 1):
        if n > 1:
            lab.keyboard.press("ArrowRight")
            at_move(lab, n, total)
            lab.wait_for_timeout(60)  # the bars and the graph are drawn in the same frame
        sizes.append(lab.evaluate(MEASURE_JS))
        if shots and n in (1, 22, total):
            lab.screenshot(path=f"{shots}/fit-{n}.png")
    boxes = [s["box"] for s in sizes]
    contents = [s["content"] for s in sizes]
    used = [s["used"] for s in sizes]
    widgets = [s["widget"] for s in sizes]
    below = [max(s["seenBelow"] or 0, s["openBelow"] or 0) for s in sizes]
    print(
        f"\n{total} moves at 1280x800: panel box {min(boxes)}-{max(boxes)} px, content "
        f"{min(contents)}-{max(contents)} px (its parts take {min(used):.0f}-{max(used):.0f} px), "
        f"widget {min(widgets):.0f}-{max(widgets):.0f} px, "
        f"'Seen from' / 'Hands open' below the box's bottom by up to {max(below):.0f} px"
    )
    overflowing = [n for n, s in enumerate(sizes, start=1) if s["content"] > s["box"] + 1]
    assert overflowing == [], f"the panel scrolls inside itself at moves {overflowing}"
    assert max(below) <= 0
    assert max(widgets) - min(widgets) <= 1, "the widget's height changes between moves"


def test_hands_open_the_panel_still_fits(lab: Any, twin: Any) -> None:
    total = twin.total
    lab.locator(".cfw-review-slider").focus()
    lab.keyboard.press("Home")
    at_move(lab, 1, total)
    lab.get_by_role("switch", name="Hands open").check()
    lab.locator(".cfw-review-hand").first.wait_for()
    sizes = []
    try:
        lab.locator(".cfw-review-slider").focus()
        for n in range(1, total + 1):
            if n > 1:
                lab.keyboard.press("ArrowRight")
                at_move(lab, n, total)
                lab.wait_for_timeout(60)
            sizes.append(lab.evaluate(MEASURE_JS))
    finally:
        lab.get_by_role("switch", name="Hands open").uncheck()
        lab.wait_for_function("() => !document.querySelector('.cfw-review-hand')")
    contents = [s["content"] for s in sizes]
    used = [s["used"] for s in sizes]
    widgets = [s["widget"] for s in sizes]
    print(
        f"\nhands open, {total} moves: panel box {sizes[0]['box']} px, content "
        f"{min(contents)}-{max(contents)} px (its parts take {min(used):.0f}-{max(used):.0f} px), "
        f"widget {min(widgets):.0f}-{max(widgets):.0f} px"
    )
    overflowing = [n for n, s in enumerate(sizes, start=1) if s["content"] > s["box"] + 1]
    assert overflowing == [], f"with the hands open the panel scrolls at moves {overflowing}"
    assert max(widgets) - min(widgets) <= 1


GRAPH_JS = """() => {
  const g = document.querySelector('.cfw [data-key="review-graph"]');
  return {
    now: g.getAttribute('aria-valuenow'),
    text: g.getAttribute('aria-valuetext'),
    lines: document.querySelectorAll('.cfw .cfw-graph-line').length,
  };
}"""


def test_the_graph_goes_to_a_move_by_click_and_by_keys(lab: Any, twin: Any) -> None:
    total = twin.total
    graph = lab.locator('.cfw [data-key="review-graph"]')
    for n in (7, 30, total, 1):
        # the position within the graph, taken when the click is made (Playwright waits until
        # the graph stands still and is in view)
        box = graph.bounding_box()
        graph.click(position={"x": box["width"] * (n - 0.5) / total, "y": box["height"] / 2})
        at_move(lab, n, total)
        lab.wait_for_function(
            "(n) => document.querySelector('.cfw [data-key=\"review-graph\"]')"
            "?.getAttribute('aria-valuenow') === String(n)",
            arg=n,
        )
        shown = lab.evaluate(GRAPH_JS)
        assert shown["text"] == twin.goto(n).view["review"]["graph"]["readout"]
        assert shown["lines"] == len(twin.review.names)
    graph.focus()
    for key, n in (("ArrowRight", 2), ("ArrowRight", 3), ("ArrowLeft", 2), ("End", total)):
        lab.keyboard.press(key)
        at_move(lab, n, total)
    lab.keyboard.press("Home")
    at_move(lab, 1, total)
    assert lab.evaluate("() => document.activeElement?.dataset.key") == "review-graph"


def test_axe_finds_nothing_in_the_review_widget(lab: Any) -> None:
    lab.locator(".cfw").first.scroll_into_view_if_needed()
    found = axe(lab, ".cfw")
    print(f"\naxe in JupyterLab, the review widget with its graph: {len(found)} violations")
    assert found == []


def test_show_all_lists_every_candidate_and_back(lab: Any, twin: Any) -> None:
    total = twin.total
    long = next(
        n
        for n in range(1, total + 1)
        if any(not b["few"] for b in twin.goto(n).view["review"]["bars"])
    )
    bars = twin.goto(long).view["review"]["bars"]
    graph = lab.locator('.cfw [data-key="review-graph"]')
    box = graph.bounding_box()
    graph.click(position={"x": box["width"] * (long - 0.5) / total, "y": box["height"] / 2})
    at_move(lab, long, total)
    count = "() => document.querySelectorAll('.cfw .cfw-bars .cfw-bar').length"
    lab.wait_for_function(f"() => ({count})() === {sum(b['few'] for b in bars)}")
    more = lab.locator('.cfw [data-key="review-all-bars"]')
    assert more.get_attribute("aria-expanded") == "false"
    assert (
        more.inner_text() == f"Show all {len(bars)} moves ({sum(not b['few'] for b in bars)} more)"
    )
    more.click()
    lab.wait_for_function(f"() => ({count})() === {len(bars)}")
    assert more.get_attribute("aria-expanded") == "true"
    found = axe(lab, ".cfw")
    more.click()
    lab.wait_for_function(f"() => ({count})() === {sum(b['few'] for b in bars)}")
    assert found == []


#: A four-player round (notebook 40's class game): three other hands when the hands are open.
CELL4 = """\
import cfwidget as cf
from cfwidget.analysis import review
from cfwidget.players import TipsBot, greedy, make_bot, play_round
from cfwidget.widget import ReviewWidget

rules = cf.Rules.preset("wolf-lake")
names = ["Amira", "Ben", "Chloe", "Dev"]
class_round = cf.Round.deal(rules, players=4, seed=5, names=names)
play_round(class_round, [make_bot("random", 5), greedy, TipsBot(), make_bot("coach")])
w = ReviewWidget(review(class_round, worlds=24, seed=0))
w"""


@pytest.fixture(scope="module")
def lab4(browser: Any, tmp_path_factory: Any) -> Iterator[Any]:
    need_browser()
    root = tmp_path_factory.mktemp("lab-review-fit-4")
    write_notebook(root / "review4.ipynb", [CELL4])
    with jupyter_lab(root) as base:
        page = open_notebook(browser, base, "review4.ipynb", Screen("1280x800", 1280, 800))
        show_file_browser(page)
        page.locator(".cfw .cfw-review .cfw-verdict").wait_for()
        try:
            yield page
        finally:
            page.context.close()


def test_four_players_the_panel_fits_with_the_hands_closed_and_open(lab4: Any) -> None:
    total = int(lab4.locator(".cfw-review-slider").get_attribute("max"))
    report, heights = [], []
    for hands_open in (False, True):
        if hands_open:
            lab4.get_by_role("switch", name="Hands open").check()
            lab4.locator(".cfw-review-hand").first.wait_for()
        lab4.locator(".cfw-review-slider").focus()
        lab4.keyboard.press("Home")
        at_move(lab4, 1, total)
        sizes = []
        for n in range(1, total + 1):
            if n > 1:
                lab4.keyboard.press("ArrowRight")
                at_move(lab4, n, total)
                lab4.wait_for_timeout(60)
            sizes.append(lab4.evaluate(MEASURE_JS))
        used = [s["used"] for s in sizes]
        widgets = [s["widget"] for s in sizes]
        heights.append(widgets)
        report.append(
            f"hands {'open' if hands_open else 'closed'}: box {sizes[0]['box']} px, parts "
            f"{min(used):.0f}-{max(used):.0f} px, widget {min(widgets):.0f}-{max(widgets):.0f} px, "
            f"scrolls at {[n for n, s in enumerate(sizes, 1) if s['content'] > s['box'] + 1]}"
        )
    print(f"\nfour players, {total} moves: " + "; ".join(report))
    assert all(r.endswith("scrolls at []") for r in report), report
    assert all(max(w) - min(w) <= 1 for w in heights), report
