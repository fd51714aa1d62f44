"""The teacher's class page with real devices: phones and a projector open their links in
Chromium, the page's table follows by itself, and the page as a notebook shows it passes axe.

The rooms are hosted from a thread of their own: while this module's Playwright is open its
loop counts as running in the main thread, and a server started there would wait on it.
"""

from __future__ import annotations

import html
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cfwidget.room import ClassPage, host_class

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
AXE_TAGS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag22aa"]}}


@pytest.fixture(scope="module")
def classes() -> Iterator[ClassPage]:
    made: list[ClassPage] = []
    tables = {"Table 1": "Ann, Bob, bot:greedy", "Table 2": "Cy, Di"}
    starting = threading.Thread(
        target=lambda: made.append(
            host_class(tables, seed=11, pace="click", port=0, local_only=True)
        )
    )
    starting.start()
    starting.join(timeout=60)
    yield made[0]
    made[0].stop()


def _row(page: ClassPage, title: str) -> str:
    for row in re.findall(r"<tr>(.*?)</tr>", str(page.children[0].value), flags=re.S):
        text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", row)).split())
        if text.startswith(title):
            return text
    raise AssertionError(f"no row for {title!r}")


def _wait(check: Callable[[], bool], page: ClassPage, what: str) -> None:
    for _ in range(500):
        if check():
            return
        time.sleep(0.02)
    raise AssertionError(f"the page never showed {what}:\n{page.text()}")


def test_devices_in_chromium_join_and_the_page_follows(browser: Any, classes: ClassPage) -> None:
    phone = browser.new_context(**PHONE)
    projector = browser.new_context(**LAPTOP)
    try:
        ann = phone.new_page()
        ann.goto(classes.links["Table 1"][0][2])
        ann.wait_for_selector(".cfw-hand, [class*=hand]", timeout=15000)
        _wait(lambda: "Ann: here" in _row(classes, "Table 1"), classes, "Ann here")
        assert "1 of 2 players here" in _row(classes, "Table 1")
        table = projector.new_page()
        table.goto(classes.table_links["Table 1"])
        _wait(lambda: "On 1 screen" in _row(classes, "Table 1"), classes, "the projector")
        assert "Projector not open" in _row(classes, "Table 2")
        ann.close()
        _wait(lambda: "Ann: left (not connected now)" in _row(classes, "Table 1"), classes, "left")
    finally:
        phone.close()
        projector.close()
    _wait(lambda: "Projector not open" in _row(classes, "Table 1"), classes, "projector gone")


def test_the_page_as_the_notebook_shows_it_passes_axe(browser: Any, classes: ClassPage) -> None:
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(**LAPTOP)
    try:
        page = context.new_page()
        body = "".join(f"<div>{child.value}</div>" for child in classes.children)
        page.set_content(
            f"<!doctype html><html lang='en'><head><title>Class</title></head>"
            f"<body><main>{body}</main></body></html>"
        )
        found = Axe().run(page, options=AXE_TAGS).response["violations"]
        assert [(v["id"], len(v["nodes"])) for v in found] == []
        headers = page.locator("th[scope=col]").all_text_contents()
        assert headers == ["Room", "Players", "Here now", "Game", "Totals", "Projector"]
        assert page.locator("th[scope=row]").all_text_contents() == ["Table 1", "Table 2"]
        first = page.locator("details").first
        assert first.locator("svg").first.is_hidden()  # links behind a closed disclosure
        first.locator("summary").click()
        assert first.locator("svg").count() == 2 and first.locator("svg").first.is_visible()
        assert first.locator("a").first.text_content() == classes.table_links["Table 1"]
        opened = Axe().run(page, options=AXE_TAGS).response["violations"]  # the codes shown
        assert [(v["id"], len(v["nodes"])) for v in opened] == []
    finally:
        context.close()


# What JupyterLab's and Voila's style sheets give the page (seen there): links in the
# text's own colour without an underline, the HTML widget's 28 px line height, and in a
# saved output's table, cells aligned right; the notebook's output is 848 px wide at
# 1280x800 with the file browser open.
NOTEBOOK_LOOK = (
    "<style>a{color:inherit;text-decoration:none} body{font-size:13px;margin:0}"
    " .widget-html-content{line-height:28px} .jp-RenderedHTMLCommon td,"
    " .jp-RenderedHTMLCommon th{text-align:right}</style>"
)
LAYOUT_JS = """() => {
  const lines = (e) => {
    const r = document.createRange(); r.selectNodeContents(e);
    return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
  };
  const out = document.querySelector('#out');
  return {
    links: [...out.querySelectorAll('a')].map((a) => [getComputedStyle(a).textDecorationLine,
             getComputedStyle(a).color === getComputedStyle(a.parentElement).color]),
    lineHeights: [...out.querySelectorAll('p')].map(
                   (p) => parseFloat(getComputedStyle(p).lineHeight)),
    rowHeads: [...out.querySelectorAll('th[scope=row]')].map(lines),
    cards: [...out.querySelector('details').querySelectorAll('li')].map(
             (li) => Math.round(li.getBoundingClientRect().top)),
    wide: out.scrollWidth - out.clientWidth,
    right: [...document.querySelectorAll('td, th')].filter(
             (c) => getComputedStyle(c).textAlign !== 'left').length,
  };
}"""


def test_in_a_notebooks_style_links_look_like_links_and_nothing_spreads(
    browser: Any, classes: ClassPage
) -> None:
    context = browser.new_context(**LAPTOP)
    try:
        page = context.new_page()
        body = "".join(
            f"<div class='widget-html-content'>{child.value}</div>" for child in classes.children
        )
        saved = f"<div class='jp-RenderedHTMLCommon'>{classes._repr_html_()}</div>"
        page.set_content(
            f"<!doctype html><html lang='en'><head><title>Class</title>{NOTEBOOK_LOOK}</head>"
            f"<body><main id='out' style='width:848px;overflow-x:auto'>{body}</main>{saved}"
            "</body></html>"
        )
        page.locator("details summary").first.click()
        seen = page.evaluate(LAYOUT_JS)
        # Every link (projector column, projector and seat links) is underlined in a colour
        # of its own: in JupyterLab they were plain text, nothing said they could be opened.
        assert len(seen["links"]) == 2 + 2 + 2 + 2  # the table's 2, Table 1's 2 + 2, Table 2's 2
        assert all(decoration == "underline" and not same for decoration, same in seen["links"])
        assert all(h < 24 for h in seen["lineHeights"]), seen["lineHeights"]  # not 28 px apart
        assert seen["rowHeads"] == [1, 1]  # "Table 1" on one line, not "Table / 1"
        tops = seen["cards"]
        assert len(tops) == 2 and tops[0] == tops[1]  # Ann's and Bob's codes side by side
        assert seen["wide"] <= 0  # no horizontal scrolling in the notebook's width
        # The saved output's table too reads from the left (JupyterLab right-aligned it).
        assert seen["right"] == 0
    finally:
        context.close()


def test_the_columns_stay_put_while_the_words_in_them_change(browser: Any) -> None:
    """A row going from "not joined yet" to "here on 2 devices", from the first round to the
    last, moves no column (they moved by up to 40 px when the table sized them by content)."""
    from cfwidget.room._class import RoomRow, SeatRow, page_html

    def rows(joined: bool) -> list[RoomRow]:
        def seat(name: str) -> SeatRow:
            return SeatRow(name, True, devices=2 if joined else 0, was_here=joined)

        game = "Round 10 of 10: Bartholomew to move." if joined else "Round 1 of 10: Ann to move."
        scores = "Ann 112, Bartholomew 97, Cy 40, Di 5" if joined else ""
        return [
            RoomRow("Table 1", (seat("Ann"), seat("Bartholomew")), int(joined), game, scores),
            RoomRow("Table 2", (seat("Cy"), SeatRow("Computer", False)), 0, game, scores),
        ]

    context = browser.new_context(**LAPTOP)
    try:
        page = context.new_page()
        lefts = []
        for joined in (False, True):
            page.set_content(
                f"<!doctype html><html lang='en'><head><title>Class</title>{NOTEBOOK_LOOK}"
                f"</head><body><main id='out' style='width:848px'>"
                f"<div class='widget-html-content'>{page_html(rows(joined))}</div>"
                "</main></body></html>"
            )
            lefts.append(
                page.eval_on_selector_all(
                    "th[scope=col]", "hs => hs.map(h => h.getBoundingClientRect().left)"
                )
            )
            assert page.evaluate("() => out.scrollWidth - out.clientWidth") <= 0
        assert len(lefts[0]) == 6
        assert max(abs(a - b) for a, b in zip(*lefts, strict=True)) < 0.5, lefts
    finally:
        context.close()
