"""End to end through a real JupyterLab: a whole round against a bot, played by clicking.

The notebook is written at test time (so it always uses the current API), served
by a JupyterLab started once for this module (:func:`tests.servers.jupyter_lab`)
and driven by Debian's Chromium through Playwright. The test reads the widget's
state from the DOM only (whose turn, which buttons are enabled, the move log),
clicks a hand tile and a target, or Draw, Pass or Next, until the round's result
appears; then it asks the kernel, in a new cell, what really happened.

axe-core checks the widget as JupyterLab renders it (only the widget's own root:
JupyterLab's chrome is not ours). Two widget bugs this round turned up (a real
mouse click on a board mark was swallowed; the status offered "pass" when the
rules forbid it) have tests here. Without Chromium or Playwright the browser
tests skip, except under CI, where they fail.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import nbformat
import pytest
from servers import jupyter_lab, need_browser

from tests.helpers.table_in_view import start_kernel

SEED = 4  # double-six, two players: Ann plays, draws and passes, and goes out
NOTEBOOK = "e2e_round.ipynb"
KERNEL = "python3"
WAIT = 60_000  # ms: generous, the machine is shared
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag22aa"]

CELLS = [
    "import cfwidget as cf",
    f'game = cf.Game(["Ann", "Bob"], cf.Rules.preset("double-six"), seed={SEED})\n'
    'w = cf.GameWidget(game, humans=[0], bots="greedy", pace="click")\n'
    "w",
]

# What the kernel reports after the round (typed with insert_text: no bracket auto-close).
PROBE = (
    "import json\n"
    "r = w.round\n"
    'print("E2E-STATE " + json.dumps({"over": r.is_over, '
    '"moves": [[s, str(m)] for s, m in r.history], "scores": r.scores(), '
    '"sheet": [list(x) for x in w.game.sheet.rounds], "totals": list(w.game.sheet.totals), '
    '"round_number": w.game.round_number, "message": w.message}))'
)

# Click times in the page: the click (capture phase) and the move log's last redraw.
TIMING_JS = """() => {
    const log = document.querySelector(".cfw .cfw-log");
    window.__cfwT = {click: 0, change: 0};
    document.addEventListener("click", () => { window.__cfwT.click = performance.now(); }, true);
    new MutationObserver(() => { window.__cfwT.change = performance.now(); })
        .observe(log, {childList: true});
}"""

# The widget's state as a player sees it.
STATE_JS = """() => {
    const root = document.querySelector(".cfw");
    const q = (s) => root.querySelector(s);
    const on = (b) => !!b && !b.disabled && !b.hidden;
    const result = q(".cfw-result");
    return {
        over: !result.hidden,
        playing: q(".cfw-hand").classList.contains("is-playing"),
        playable: [...root.querySelectorAll(".cfw-hand .cfw-htile.is-playable")]
            .map((b) => b.dataset.tile),
        draw: on(q('[data-key="draw"]')),
        pass: on(q('[data-key="pass"]')),
        next: on(q('[data-key="next"]')),
        log: root.querySelectorAll(".cfw-log li:not(.cfw-empty)").length,
        status: q(".cfw-turn").textContent,
        message: q(".cfw-message").textContent,
    };
}"""

LOG_GREW_JS = """(n) => {
    const root = document.querySelector(".cfw");
    return root.querySelectorAll(".cfw-log li:not(.cfw-empty)").length > n
        || root.querySelector(".cfw-message").textContent !== "";
}"""

# What the notebook shows, when the widget does not appear.
DIAGNOSE_JS = """() => ({
    prompts: [...document.querySelectorAll(".jp-InputPrompt")].map((e) => e.textContent),
    outputs: [...document.querySelectorAll(".jp-OutputArea")].map((e) => e.innerText),
    dialogs: [...document.querySelectorAll(".jp-Dialog")].map((e) => e.innerText),
    kernel: document.querySelector(".jp-Notebook-ExecutionIndicator")?.dataset.status,
})"""

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # pragma: no cover - the tests skip (or fail under CI) without it
    PlaywrightError = Exception  # type: ignore[assignment,misc]


def write_notebook(root: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": KERNEL, "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    path = root / NOTEBOOK
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    root = tmp_path_factory.mktemp("lab")
    write_notebook(root)
    with jupyter_lab(root) as base:
        # Start the notebook's kernel now, so the page attaches to it and JupyterLab never
        # asks which kernel to use (it does when its kernel list is not loaded yet).
        start_kernel(base, NOTEBOOK)
        yield base


@pytest.fixture(scope="module")
def page(browser: Browser, lab: str) -> Iterator[Page]:
    """The notebook open in JupyterLab with every cell run and the widget drawn."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    pg.set_default_timeout(WAIT)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    started = time.monotonic()
    pg.goto(f"{lab}/lab/tree/{NOTEBOOK}?reset", timeout=WAIT)
    kernel = pg.locator(".jp-Toolbar-kernelName", has_text="Python 3")
    ask = pg.locator(".jp-Dialog", has_text="Select Kernel")
    kernel.or_(ask).first.wait_for(timeout=WAIT)
    if ask.count():  # should not happen with the session started above, but if it does:
        ask.get_by_role("button", name="Select Kernel", exact=True).click()  # its aria-label
        kernel.wait_for(timeout=WAIT)
    pg.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=WAIT)
    pg.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    pg.get_by_text("Run All Cells", exact=True).click()
    widget = pg.locator(".jp-OutputArea .cfw .cfw-hand .cfw-htile").first
    try:
        widget.wait_for(timeout=WAIT)
    except PlaywrightError:  # say what the page shows instead
        seen = pg.evaluate(DIAGNOSE_JS)
        pytest.fail(f"the widget did not appear: {seen}; page errors: {errors}", pytrace=False)
    pg.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=WAIT)
    assert pg.locator(".cfw").count() == 1
    # The live widget only: the static picture in the same output is for saved notebooks.
    assert pg.locator(".jp-OutputArea .jp-RenderedSVG").count() == 0
    pg.evaluate(TIMING_JS)
    print(f"\nJupyterLab: notebook open and run in {time.monotonic() - started:.1f} s")
    yield pg
    context.close()
    # JupyterLab's own page errors are not ours; the widget's are.
    assert not [e for e in errors if "cfw" in e.lower()], errors


def state(page: Page) -> dict[str, Any]:
    out: dict[str, Any] = page.evaluate(STATE_JS)
    return out


def axe_violations(page: Page, label: str) -> list[dict[str, Any]]:
    from axe_playwright_python.sync_playwright import Axe

    started = time.monotonic()
    results = Axe().run(
        page,
        context=".cfw",
        options={"runOnly": {"type": "tag", "values": AXE_TAGS}},
    )
    violations: list[dict[str, Any]] = results.response["violations"]
    took = time.monotonic() - started
    print(f"axe in JupyterLab, {label}: {len(violations)} violations ({took:.1f} s)")
    for v in violations:
        print(f"  {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}")
    return violations


def kernel_state(page: Page) -> dict[str, Any]:
    """Add a cell after the widget's, run it, and read what the kernel printed."""
    page.locator(".jp-Notebook .jp-Cell .jp-InputPrompt").last.click()
    page.locator(
        ".jp-NotebookPanel-toolbar [data-command='notebook:insert-cell-below']"
    ).first.click()
    editor = page.locator(".jp-Notebook .jp-Cell").last.locator(".cm-content")
    editor.click()
    page.keyboard.insert_text(PROBE)
    page.keyboard.press("Shift+Enter")
    out = page.locator(".jp-OutputArea-output", has_text="E2E-STATE").first
    out.wait_for(timeout=WAIT)
    text = out.inner_text().strip()
    data: dict[str, Any] = json.loads(text.split("E2E-STATE ", 1)[1])
    return data


def test_the_widget_in_jupyterlab_has_no_axe_violations(page: Page) -> None:
    assert axe_violations(page, "at the start") == []
    st = state(page)
    if st["playable"]:  # with a tile chosen, the targets and board marks are shown too
        page.locator(f'.cfw-hand [data-tile="{st["playable"][0]}"]').click()
        page.locator(".cfw-targets .cfw-target").first.wait_for()
        assert axe_violations(page, "with a tile chosen") == []
        page.locator('.cfw-targets [data-key="cancel"]').click()
        assert page.locator(".cfw-targets .cfw-target").count() == 0


def test_a_whole_round_against_a_bot_by_clicking(page: Page) -> None:
    clicked: list[str] = []  # Ann's moves, as clicked
    kinds: dict[str, int] = {"play": 0, "draw": 0, "pass": 0, "next": 0}
    wall: list[float] = []  # ms, Python: click to DOM updated (Playwright included)
    inpage: list[float] = []  # ms, in the page: click to the move log redrawn
    st = state(page)
    for _ in range(200):
        if st["over"]:
            break
        before = st["log"]
        t0 = time.perf_counter()
        if st["playing"] and st["playable"]:
            tile = st["playable"][0]
            page.locator(f'.cfw-hand [data-tile="{tile}"]').click()
            target = page.locator(".cfw-targets .cfw-target").first
            onto = target.get_attribute("data-onto")
            t0 = time.perf_counter()
            target.click()
            clicked.append(f"{tile}@{onto}")
            kinds["play"] += 1
        elif st["playing"] and (st["draw"] or st["pass"]):
            kind = "draw" if st["draw"] else "pass"
            page.locator(f'.cfw-actions [data-key="{kind}"]').click()
            clicked.append(kind)
            kinds[kind] += 1
        else:
            assert st["next"], f"nothing to click: {st}"
            page.locator('.cfw-actions [data-key="next"]').click()
            kinds["next"] += 1
        page.wait_for_function(LOG_GREW_JS, arg=before, timeout=WAIT)
        wall.append((time.perf_counter() - t0) * 1000)
        times = page.evaluate("() => window.__cfwT")
        inpage.append(times["change"] - times["click"])
        st = state(page)
        assert st["message"] == "", st["message"]
    assert st["over"], f"the round did not end in 200 clicks: {st}"

    n = len(wall)
    print(
        f"\n{n} clicks ({kinds}); click to redraw through the kernel: "
        f"in the page median {statistics.median(inpage):.0f} ms, max {max(inpage):.0f} ms; "
        f"with Playwright median {statistics.median(wall):.0f} ms, max {max(wall):.0f} ms"
    )
    assert all(kinds.values()), f"seed {SEED} should need every kind of click: {kinds}"

    # What the widget shows at the end.
    result_title = page.locator(".cfw-result h3").inner_text()
    assert st["status"] == result_title
    shown_scores = [int(x) for x in page.locator(".cfw-result tbody td").all_inner_texts()]
    # The score sheet: a row per player, a column per round, then the total.
    shown_totals = [
        int(x) for x in page.locator(".cfw-sheet tbody td.cfw-sheet-total").all_inner_texts()
    ]
    shown_sheet = [
        int(x) for x in page.locator(".cfw-sheet tbody td:not(.cfw-sheet-total)").all_inner_texts()
    ]
    you = page.locator(".cfw-log li.is-you").count()
    assert you == len(clicked)
    assert page.locator('.cfw-result [data-key="result-next"]').is_visible()

    # What the kernel knows.
    k = kernel_state(page)
    assert k["over"] is True
    assert k["message"] == ""
    assert k["round_number"] == 1
    assert len(k["moves"]) == st["log"]
    ann = [m for s, m in k["moves"] if s == 0]
    bob = [m for s, m in k["moves"] if s == 1]
    assert ann == clicked  # every click of Ann's became exactly that move, nothing else
    assert len(bob) >= kinds["next"]  # each Next is one bot turn: a move, or a draw and more
    assert len(k["moves"]) == len(clicked) + len(bob)
    assert k["sheet"] == [k["scores"]] == [shown_scores] == [shown_sheet]
    assert k["totals"] == shown_totals == k["scores"]
    print(f"moves: {len(k['moves'])} ({len(ann)} clicked by Ann, {len(bob)} by the bot)")

    assert axe_violations(page, "at the round's end") == []


def test_clicking_a_numbered_mark_on_the_board_plays(page: Page) -> None:
    st = state(page)
    for _ in range(40):  # to a turn where Ann can play (a new round if this one is over)
        if st["playing"] and st["playable"]:
            break
        before = st["log"]
        if st["over"]:
            page.locator('.cfw-result [data-key="result-next"]').click()
            page.wait_for_function("() => document.querySelector('.cfw .cfw-result').hidden")
            st = state(page)
            continue
        key = "draw" if st["draw"] else "pass" if st["pass"] else "next"
        page.locator(f'.cfw-actions [data-key="{key}"]').click()
        page.wait_for_function(LOG_GREW_JS, arg=before, timeout=WAIT)
        st = state(page)
    assert st["playing"] and st["playable"], st
    before = st["log"]
    tile = st["playable"][0]
    page.locator(f'.cfw-hand [data-tile="{tile}"]').click()
    onto = page.locator(".cfw-targets .cfw-target").first.get_attribute("data-onto")
    page.evaluate(
        """() => { window.__cfwHits = 0;
            document.addEventListener("click", (e) => {
                if (e.target.closest && e.target.closest(".cfw-hit")) window.__cfwHits += 1;
            }, true); }"""
    )
    page.locator(f'.cfw-hits .cfw-hit[data-onto="{onto}"]').click()
    reached = page.evaluate("() => window.__cfwHits")
    if not reached:  # leave the widget as it was for anything that runs later
        page.locator('.cfw-targets [data-key="cancel"]').click()
    assert reached == 1, f"the click on the mark for {tile} on {onto} never became a click event"
    page.wait_for_function(LOG_GREW_JS, arg=before, timeout=WAIT)
    assert (
        page.locator(".cfw-log li.is-last").inner_text().startswith(f"Ann played {tile} on {onto}")
    )


def test_the_status_line_offers_pass_only_when_pass_is_allowed() -> None:
    """Found by the round above (seed 4, double-six); pure Python, no browser needed."""
    import cfwidget as cf

    game = cf.Game(["Ann", "Bob"], cf.Rules.preset("double-six"), seed=SEED)
    w = cf.GameWidget(game, humans=[0], bots="greedy", pace="click")
    wrong = []
    for _ in range(200):
        v = w.view
        if v["result"] is not None:
            break
        if "pass" in v["status"] and not v["can_pass"]:
            wrong.append(v["status"])
        if v["playing"]:
            item = next((i for i in v["hand"] if i["targets"]), None)
            if item is not None:
                intent = {"kind": "play", "move": item["targets"][0]["move"]}
            else:
                intent = {"kind": "draw" if v["can_draw"] else "pass"}
        else:
            intent = {"kind": "next"}
        assert w.handle_intent({**intent, "version": w.version}), w.message
    assert wrong == []


SCROLLER_JS = """() => {
    // JupyterLab's notebook panel (what scrolls the notebook) and the widget in it.
    const root = document.querySelector(".cfw");
    const panel = root.closest(".jp-WindowedPanel-outer, .jp-Notebook");
    const board = document.querySelector(".cfw-board").getBoundingClientRect();
    return {panel: panel.clientHeight, widget: root.getBoundingClientRect().height,
            board: board.height, boardW: board.width};
}"""


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)], ids=str)
def test_the_widget_is_never_taller_than_the_notebook_panel(
    page: Page, size: tuple[int, int], pictures: Path
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        if not page.locator(".jp-FileBrowser").is_visible():  # the file browser open
            page.locator(".jp-SideBar [data-id='filebrowser']").first.click()
        page.locator(".jp-FileBrowser").wait_for(state="visible")
        page.wait_for_timeout(500)
        got = page.evaluate(SCROLLER_JS)
        print(f"JupyterLab at {size}, file browser open: {got}")
        page.locator(".cfw").scroll_into_view_if_needed()
        page.screenshot(path=str(pictures / f"lab-{size[0]}x{size[1]}.png"))
        assert got is not None and got["widget"] <= got["panel"]
        assert got["board"] >= 240
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})
