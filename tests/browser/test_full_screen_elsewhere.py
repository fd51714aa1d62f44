"""Full screen where the widget also lives: Jupyter Notebook 7 and Voila, in real Chromium.

JupyterLab's full screen is measured round by round in ``test_table_in_view.py``. Here the
widget is opened in Notebook 7 (its cell run by the keyboard, as a reader does) and in a
Voila app, fits the visible page there, and its "Full screen" button puts it on the whole
screen: the board takes most of the height, the hand and the buttons stay in view, and
Escape (the widget's key, as the browser's own) brings the page back.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from servers import (
    app_page,
    jupyter_notebook,
    need_browser,
    run_first_cell_in_notebook7,
    voila_app,
    write_notebook,
)

from tests.helpers.table_in_view import start_kernel, stop_kernel

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

WAIT = 90_000  # ms: generous, the machine is shared
SCREEN = {"width": 1280, "height": 800}
CELLS = [
    "import cfwidget as cf\n"
    'game = cf.Game(["Ann", "Bob", "Cy"], rules=cf.Rules.preset("puremco"), seed=5)\n'
    'w = cf.GameWidget(game, humans=[0], pace="click")\n'
    "w",
]

#: Where the widget's parts are on screen, and what holds the full screen.
MEASURE = """() => {
    const box = (s) => { const e = document.querySelector(s); if (!e) return null;
        const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const full = document.fullscreenElement;
    return {full: full ? full.className : null, widget: box(".cfw"), board: box(".cfw-board"),
            hand: box(".cfw-hand"), draw: box('.cfw [data-key="draw"]'),
            tools: box(".cfw-tools"), width: innerWidth, height: innerHeight};
}"""


def in_view(box: list[float] | None, m: dict[str, Any]) -> bool:
    return box is not None and box[1] >= -1 and box[3] <= m["height"] + 1


def full_screen_round_trip(page: Page) -> dict[str, Any]:
    """Press the widget's Full screen button, measure, then leave with Escape."""
    page.locator('.cfw [data-key="fullscreen"]').click()
    page.wait_for_function("() => document.fullscreenElement?.classList.contains('cfw')")
    page.wait_for_function("() => document.querySelector('.cfw').classList.contains('is-full')")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_timeout(300)  # the board's height follows a resize observer
    full: dict[str, Any] = page.evaluate(MEASURE)
    assert page.locator(".cfw [data-key='fullscreen']").inner_text() == "Leave full screen"
    page.locator(".cfw .cfw-board").focus()
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.fullscreenElement === null")
    page.wait_for_function("() => !document.querySelector('.cfw').classList.contains('is-full')")
    return full


def check_full(m: dict[str, Any]) -> None:
    board = m["board"]
    assert "cfw" in m["full"].split()
    assert board[3] - board[1] >= 0.6 * m["height"], m  # the board takes most of the screen
    assert board[2] - board[0] >= 0.6 * m["width"], m
    for part in ("hand", "draw", "tools"):
        assert in_view(m[part], m), (part, m)


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    need_browser()
    root = tmp_path_factory.mktemp("nb7")
    write_notebook(root / "full.ipynb", CELLS)
    with jupyter_notebook(root) as base:
        session = start_kernel(base, "full.ipynb")
        try:
            yield base, "full.ipynb"
        finally:
            stop_kernel(base, session)


def test_in_notebook_7_the_widget_fits_and_goes_full_screen(
    browser: Browser, notebook7: tuple[str, str], pictures: Path
) -> None:
    base, path = notebook7
    context = browser.new_context(viewport=SCREEN)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        run_first_cell_in_notebook7(page, base, path, WAIT)
        page.locator(".jp-OutputArea .cfw .cfw-htile").first.wait_for()
        page.locator(".cfw").scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        # In the page: the widget no taller than Notebook 7's visible panel.
        panel = page.evaluate(
            "() => document.querySelector('.jp-WindowedPanel-outer, .jp-Notebook').clientHeight"
        )
        m = page.evaluate(MEASURE)
        widget = m["widget"][3] - m["widget"][1]
        print(f"Notebook 7 at 1280x800: widget {widget:.0f} px, panel {panel} px")
        assert widget <= panel + 1, (widget, panel)
        full = full_screen_round_trip(page)
        print(f"Notebook 7 full screen: board {full['board']}")
        check_full(full)
        page.screenshot(path=str(pictures / "notebook7.png"))
    finally:
        context.close()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with voila_app(tmp_path_factory.mktemp("voila-full"), "full_app.ipynb", CELLS) as url:
        yield url


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)], ids=str)
def test_in_voila_the_widget_goes_full_screen(
    browser: Browser, app: str, size: tuple[int, int]
) -> None:
    with app_page(browser, app, "Voila", WAIT) as page:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(300)
        before = page.evaluate(MEASURE)
        full = full_screen_round_trip(page)
        print(f"Voila {size}: board {before['board']} -> full screen {full['board']}")
        check_full(full)
        assert full["board"][3] - full["board"][1] > before["board"][3] - before["board"][1]
