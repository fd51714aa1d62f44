"""The review widget in a browser: a reviewed short game scrubbed by keyboard and by mouse.

JupyterLab at 1280x800 with the file browser open, and Voila at 1024x768. At each move
reached (Next, the arrow keys, Home and End, the slider, "Next mistake"), the board holds
the tiles played before that move, the bars are the candidates of the review's table in
order, and the verdict says the review's words. axe finds no violation in the widget (in
JupyterLab) or on the whole page (in Voila). Screenshots go to ``$CFWIDGET_SHOTS`` (or a
temporary folder).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import (
    jupyter_lab,
    jupyter_notebook,
    need_browser,
    run_first_cell_in_notebook7,
    voila,
    write_notebook,
)

from tests.helpers.table_in_view import (
    Screen,
    open_notebook,
    show_file_browser,
    start_kernel,
    stop_kernel,
)

WAIT = 120_000  # ms: the machine is shared
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

CELL = """\
import cfwidget as cf
from cfwidget.analysis import review
from cfwidget.players import RandomBot
from cfwidget.widget import ReviewWidget

game = cf.Game(["Ann", "Bob"], cf.Rules(max_pip=6, hand_size=7), seed=5)
bot = RandomBot(seed=3)
while not game.round.is_over:
    game.play(bot(game.round.observation(game.round.turn)))
w = ReviewWidget(review(game, worlds=24, seed=1))
w"""


def expected() -> Any:
    """The same widget in this process: what each move should show."""
    scope: dict[str, Any] = {}
    exec(CELL.rsplit("\nw", 1)[0], scope)  # the cell without its last line (showing w)
    return scope["w"]


@pytest.fixture(scope="module")
def twin() -> Any:
    return expected()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get("CFWIDGET_SHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("review-shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def lab(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    need_browser()
    root = tmp_path_factory.mktemp("lab-review")
    write_notebook(root / "review.ipynb", [CELL])
    with jupyter_lab(root) as base:
        page = open_notebook(browser, base, "review.ipynb", Screen("1280x800", 1280, 800))
        show_file_browser(page)
        page.locator(".cfw .cfw-review .cfw-verdict").wait_for()
        try:
            yield page
        finally:
            page.context.close()


@pytest.fixture(scope="module")
def app(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    need_browser()
    folder = tmp_path_factory.mktemp("voila-review")
    # A second widget opened at a later move: its table is laid out again once the browser
    # tells the board's shape, and must be drawn again where it now lies.
    later = "ReviewWidget(w.review, move=30)"
    notebook = write_notebook(folder / "review.ipynb", [CELL, later], title="# Reviewing a game")
    with voila(notebook) as url:
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        page.set_default_timeout(WAIT)
        try:
            page.goto(url, timeout=WAIT)
            page.locator(".cfw .cfw-review .cfw-verdict").first.wait_for(timeout=WAIT)
            yield page
        finally:
            context.close()


def at_move(page: Any, n: int, total: int) -> None:
    """Wait until the verdict speaks of move ``n`` (in a game of several rounds, followed by
    the round's own count: "Move 8 of 30 (round 2, move 3):")."""
    page.wait_for_function(
        "(want) => { const said = document.querySelector('.cfw-verdict')?.textContent || '';"
        " return said.startsWith(want + ':') || said.startsWith(want + ' (round '); }",
        arg=f"Move {n} of {total}",
        timeout=WAIT,
    )


#: What the first review widget on the page shows: board, bars, verdict, slider, rings.
SHOWN_JS = """() => {
  const root = document.querySelector('.cfw');  // the first widget
  const slider = root.querySelector('.cfw-review-slider');
  return {
    tiles: root.querySelectorAll('.cfw-tiles [data-tile]').length,
    bars: [...root.querySelectorAll('.cfw-bars .cfw-bar')].map((b) => ({
      text: b.querySelector('.cfw-bar-label')?.textContent,
      value: b.querySelector('.cfw-bar-value')?.textContent,
      tags: b.querySelector('.cfw-bar-tags')?.textContent || '',
    })),
    verdict: root.querySelector('.cfw-verdict')?.textContent,
    slider: slider?.value,
    valuetext: slider?.getAttribute('aria-valuetext'),
    // every ring sits on a drawn tile (a tile drawn where it no longer lies would not)
    placed: [...root.querySelectorAll('.cfw-tiles [data-tile]')].map(
      (g) => g.getAttribute('transform')),
    ringsAt: [...root.querySelectorAll('.cfw-marks rect.cfw-lastring,'
      + ' .cfw-marks rect.cfw-review-ring')].map((r) => r.getAttribute('transform')),
    lifted: [...root.querySelectorAll('.cfw-htile.is-review-played')].map(
      (b) => b.dataset.tile),
    rings: [...root.querySelectorAll('[data-review-ring]')].map(
      (g) => g.getAttribute('data-review-ring') + '@' + g.getAttribute('data-onto')),
  };
}"""


def differences(got: dict[str, Any], twin: Any, n: int) -> list[str]:
    """What the page shows at move ``n`` that the review does not say (none when all agree)."""
    panel = twin.view["review"]
    bars = [b for b in panel["bars"] if b["few"]]  # the list shows the best few and the played
    tags = [", ".join(t for t in ("played", "best") if b[t]) for b in bars]
    wanted = {
        "tiles": len(twin.view["table"]),
        "verdict": panel["words"],
        "slider": str(n),
        "valuetext": panel["short"],
        "bar texts": [b["text"] for b in bars],
        "bar values": [f"{b['value']} points" for b in bars],
        "bar tags": tags,
        "rings": [f"{r['kind']}@{r['onto']}" for r in panel["rings"]],
        "lifted": [panel["played_tile"]] if panel["played_tile"] else [],
    }
    shown = {
        "tiles": got["tiles"],
        "verdict": got["verdict"],
        "slider": got["slider"],
        "valuetext": got["valuetext"],
        "bar texts": [b["text"] for b in got["bars"]],
        "bar values": [b["value"] for b in got["bars"]],
        "bar tags": [b["tags"] for b in got["bars"]],
        "rings": got["rings"],
        "lifted": got["lifted"],
    }
    out = [
        f"{k}: shown {shown[k]!r}, the review says {v!r}"
        for k, v in wanted.items()
        if shown[k] != v
    ]
    if not (got["ringsAt"] and all(t in got["placed"] for t in got["ringsAt"])):
        out.append(f"rings not on drawn tiles: {got['ringsAt']} among {got['placed']}")
    return out


def check_move(page: Any, twin: Any, n: int) -> None:
    """The board, the bars and the verdict at move ``n`` are what the review says.

    The verdict, the slider, the board and the bars may be drawn in different frames (or
    updates through the kernel): the page is read until all of them agree with the review,
    for at most ``WAIT``, so a loaded machine is slower, not wrong.
    """
    at_move(page, n, twin.total)
    twin.goto(n)
    deadline = time.monotonic() + WAIT / 1000
    while True:
        wrong = differences(page.evaluate(SHOWN_JS), twin, n)
        if not wrong or time.monotonic() > deadline:
            break
        page.wait_for_timeout(50)
    assert wrong == [], f"move {n}: " + "; ".join(wrong)


def scrub(page: Any, twin: Any) -> list[int]:
    """Next (mouse), the arrows, End, Home, the slider and "Next mistake"; the moves seen."""
    total = twin.total
    seen = [1]
    check_move(page, twin, 1)
    page.locator(".cfw-review").first.get_by_role("button", name="Next", exact=True).click()
    check_move(page, twin, 2)
    seen.append(2)
    started = time.monotonic()
    page.keyboard.press("ArrowRight")  # the focus is on Next: the widget has it
    at_move(page, 3, total)
    print(f"\nArrowRight to the next move's verdict: {1000 * (time.monotonic() - started):.0f} ms")
    check_move(page, twin, 3)
    page.keyboard.press("ArrowRight")
    check_move(page, twin, 4)
    page.keyboard.press("ArrowLeft")
    check_move(page, twin, 3)
    page.keyboard.press("End")
    check_move(page, twin, total)
    page.keyboard.press("Home")
    check_move(page, twin, 1)
    seen += [3, 4, total]
    slider = page.locator(".cfw-review-slider").first
    slider.scroll_into_view_if_needed()
    box = slider.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
    value = int(slider.input_value())
    assert 1 < value < total
    check_move(page, twin, value)
    seen.append(value)
    slider.focus()
    page.keyboard.press("ArrowRight")  # the slider's own keys
    check_move(page, twin, value + 1)
    page.keyboard.press("Home")
    check_move(page, twin, 1)
    mistakes = twin.goto(1).view["review"]["mistakes"]
    assert mistakes, "the reviewed game has no mistake"
    page.locator(".cfw-review").first.get_by_role("button", name="Next mistake", exact=True).click()
    check_move(page, twin, mistakes[0])
    seen.append(mistakes[0])
    return seen


def axe(page: Any, context: str | None) -> list[dict[str, Any]]:
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": AXE_TAGS}}
    found: list[dict[str, Any]] = (
        Axe().run(page, context=context, options=options).response["violations"]
    )
    for v in found:
        print(f"  {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}")
    return found


def test_jupyterlab_scrubs_by_keyboard_and_mouse(lab: Any, twin: Any, shots: Path) -> None:
    seen = scrub(lab, twin)
    print(f"\nJupyterLab: checked moves {seen} of {twin.total}")
    lab.locator(".cfw").first.scroll_into_view_if_needed()
    lab.screenshot(path=str(shots / "lab-1280x800-mistake.png"))
    found = axe(lab, ".cfw")
    print(f"axe in JupyterLab, the review widget: {len(found)} violations")
    assert found == []


def test_jupyterlab_seat_picker_and_open_hands(lab: Any, twin: Any, shots: Path) -> None:
    lab.locator(".cfw-review-slider").focus()
    lab.keyboard.press("Home")
    at_move(lab, 1, twin.total)
    mover = twin.goto(1).view["review"]["mover"]
    other = 1 - mover
    lab.get_by_label("Seen from").select_option(str(other))
    lab.wait_for_function(
        "() => (document.querySelector('.cfw-verdict')?.textContent || '').includes('Open the"
        " hands') || (document.querySelector('.cfw-verdict')?.textContent || '').includes('forced')"
        " || document.querySelector('.cfw-verdict')?.dataset.verdict === 'hidden'"
    )
    lab.get_by_role("switch", name="Hands open").check()
    lab.locator(".cfw-review-hand").first.wait_for()
    assert lab.locator(".cfw-review-hand").count() == 1
    lab.screenshot(path=str(shots / "lab-1280x800-hands-open.png"))
    lab.get_by_role("switch", name="Hands open").uncheck()
    lab.get_by_label("Seen from").select_option("")
    lab.wait_for_function("() => !document.querySelector('.cfw-review-hand')")


def test_voila_scrubs_by_keyboard_and_mouse_and_passes_axe(
    app: Any, twin: Any, shots: Path
) -> None:
    seen = scrub(app, twin)
    print(f"\nVoila: checked moves {seen} of {twin.total}")
    app.screenshot(path=str(shots / "voila-1024x768-mistake.png"))
    found = axe(app, None)
    print(f"axe in Voila, the whole page: {len(found)} violations")
    assert found == []


def test_voila_narrow_puts_the_review_under_the_board(app: Any, twin: Any, shots: Path) -> None:
    """Narrower than the docked width (700 px), the panel goes under the board; the board
    keeps its whole width."""
    app.set_viewport_size({"width": 640, "height": 900})
    try:
        app.wait_for_function(
            "() => !document.querySelector('.cfw').classList.contains('is-docked')"
        )
        app.wait_for_timeout(300)
        boxes = app.evaluate(
            """() => {
              const r = (s) => document.querySelector(s).getBoundingClientRect();
              const board = r('.cfw-board'), panel = r('.cfw-review'), root = r('.cfw');
              return {boardBottom: board.bottom, panelTop: panel.top, boardW: board.width,
                      rootW: root.width};
            }"""
        )
        app.screenshot(path=str(shots / "voila-640x900-narrow.png"), full_page=True)
        assert boxes["panelTop"] >= boxes["boardBottom"] - 1
        assert boxes["boardW"] >= 0.9 * (boxes["rootW"] - 30)
    finally:
        app.set_viewport_size({"width": 1024, "height": 768})


def test_voila_a_widget_opened_late_draws_its_tiles_where_they_lie(app: Any) -> None:
    app.locator(".cfw").nth(1).locator(".cfw-verdict").wait_for()
    app.wait_for_timeout(500)  # the board's shape has reached Python and come back
    got = (
        app.locator(".cfw")
        .nth(1)
        .evaluate(
            """(root) => ({
          placed: [...root.querySelectorAll('.cfw-tiles [data-tile]')].map(
            (g) => g.getAttribute('transform')),
          ringsAt: [...root.querySelectorAll('.cfw-marks rect.cfw-lastring,'
            + ' .cfw-marks rect.cfw-review-ring')].map((r) => r.getAttribute('transform')),
          verdict: root.querySelector('.cfw-verdict').textContent,
        })"""
        )
    )
    assert got["verdict"].startswith("Move 30 of ")
    assert got["ringsAt"] and all(t in got["placed"] for t in got["ringsAt"])


# --- two rounds, in Jupyter Notebook 7 ---------------------------------------------------------

CELL_ROUNDS = CELL.replace(
    "\nw = ReviewWidget",
    "\ngame.next_round()\nfor _ in range(6):"
    "\n    game.play(bot(game.round.observation(game.round.turn)))"
    "\nw = ReviewWidget",
)


@pytest.fixture(scope="module")
def twin_rounds() -> Any:
    scope: dict[str, Any] = {}
    exec(CELL_ROUNDS.rsplit("\nw", 1)[0], scope)
    return scope["w"]


@pytest.fixture(scope="module")
def notebook7(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The two-round review in Jupyter Notebook 7 at 1280x800, its cell run by the keyboard."""
    need_browser()
    root = tmp_path_factory.mktemp("nb7-review")
    write_notebook(root / "rounds.ipynb", [CELL_ROUNDS])
    with jupyter_notebook(root) as base:
        session = start_kernel(base, "rounds.ipynb")
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.set_default_timeout(WAIT)
        try:
            run_first_cell_in_notebook7(page, base, "rounds.ipynb", WAIT)
            page.locator(".cfw .cfw-review .cfw-verdict").wait_for()
            page.locator(".cfw").scroll_into_view_if_needed()
            yield page
        finally:
            context.close()
            stop_kernel(base, session)


def test_notebook_7_scrubs_across_the_rounds_by_keyboard_and_mouse(
    notebook7: Any, twin_rounds: Any, shots: Path
) -> None:
    """From the last move of round 2 back over the start of round 2 into round 1 and forward
    again: at each move the board is that round's table (the centre double changes), and
    the bars and the verdict are the review's."""
    page, twin = notebook7, twin_rounds
    total, first_round = twin.total, len(twin.review.played[0])
    assert len(twin.review.played) == 2 and total == first_round + 6
    check_move(page, twin, 1)
    page.locator(".cfw-review").get_by_role("button", name="Next", exact=True).click()
    check_move(page, twin, 2)
    page.keyboard.press("End")
    check_move(page, twin, total)
    for n in range(total - 1, first_round - 1, -1):  # back into round 1, one key at a time
        page.keyboard.press("ArrowLeft")
        check_move(page, twin, n)
    page.keyboard.press("ArrowRight")
    check_move(page, twin, first_round + 1)
    assert twin.goto(first_round + 1).view["review"]["round_no"] == 2
    assert twin.goto(first_round).view["review"]["round_no"] == 1
    slider = page.locator(".cfw-review-slider")
    box = slider.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.25, box["y"] + box["height"] / 2)
    value = int(slider.input_value())
    assert 1 < value < first_round
    check_move(page, twin, value)
    page.screenshot(path=str(shots / "notebook7-1280x800-rounds.png"))
    found = axe(page, ".cfw")
    print(f"\nNotebook 7, two rounds: {total} moves; axe in the widget: {len(found)} violations")
    assert found == []
