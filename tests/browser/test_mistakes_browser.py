"""Learn from your mistakes in a real JupyterLab at 1280x800: one puzzle solved with the mouse,
one with the keyboard alone, hints and "Show why" through the kernel, and axe-core on the
widget (its own root only: JupyterLab's chrome is not ours) at each step.

The notebook is written at test time: Ann plays at random against two coaches (double-six,
seed 4), her moves are reviewed, and teach.mistakes makes two puzzles of them (the check is
tests/teach/test_mistakes.py's; the expected answers are read from the kernel, not typed in).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import nbformat
import pytest
from servers import jupyter_lab, need_browser

from tests.helpers.table_in_view import start_kernel

NOTEBOOK = "mistakes.ipynb"
WAIT = 90_000  # ms: generous, the machine is shared
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag22aa"]

CELLS = [
    "import cfwidget as cf\n"
    "from cfwidget import teach\n"
    "from cfwidget.analysis import review\n"
    "from cfwidget.players import make_bot, play_round\n"
    "from cfwidget.widget import MistakesWidget",
    'rnd = cf.Round.deal(cf.Rules(max_pip=6, hand_size=7), 3, seed=4, names=["Ann", "Bob", "Cy"])\n'
    'play_round(rnd, [make_bot("random", 4), make_bot("coach"), make_bot("coach")])\n'
    "drill = teach.mistakes(review(rnd, seats=[0], worlds=50, seed=0), seat=0)\n"
    "w = MistakesWidget(drill)\n"
    "w",
]

# What the kernel knows (typed with insert_text: no bracket auto-close).
PROBE = (
    "import json\n"
    'print("MISTAKES " + json.dumps({"better": [[str(b) for b in m.better] for m in drill], '
    '"played": [str(m.played) for m in drill], '
    '"events": [[e[1:] for e in m.exercise.events] for m in drill], "index": w.index, '
    '"version": w.version, "message": w.message}))'
)

ACTIVE_JS = """() => {
    const a = document.activeElement;
    return {key: a.dataset.key || null, tile: a.dataset.tile || null,
            onto: a.dataset.onto || null};
}"""

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def write_notebook(root: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    path = root / NOTEBOOK
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    root = tmp_path_factory.mktemp("mistakes")
    write_notebook(root)
    with jupyter_lab(root) as base:
        start_kernel(base, NOTEBOOK)
        yield base


@pytest.fixture(scope="module")
def page(browser: Browser, lab: str) -> Iterator[Page]:
    """The notebook open in JupyterLab at 1280x800 with every cell run and the widget drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = context.new_page()
    pg.set_default_timeout(WAIT)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.goto(f"{lab}/lab/tree/{NOTEBOOK}?reset", timeout=WAIT)
    pg.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=WAIT)
    pg.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    pg.get_by_text("Run All Cells", exact=True).click()
    pg.locator(".jp-OutputArea .cfw .cfw-mistakes .cfw-mistakes-question").wait_for(timeout=WAIT)
    pg.locator(".jp-OutputArea .cfw .cfw-hand .cfw-htile").first.wait_for(timeout=WAIT)
    pg.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=WAIT)
    assert pg.locator(".cfw").count() == 1
    yield pg
    context.close()
    assert not [e for e in errors if "cfw" in e.lower()], errors


def kernel(page: Page) -> dict[str, Any]:
    """Add a cell at the end, run the probe in it, and read what the kernel printed."""
    before = page.locator(".jp-OutputArea-output", has_text="MISTAKES").count()
    page.locator(".jp-Notebook .jp-Cell .jp-InputPrompt").last.click()
    page.locator(
        ".jp-NotebookPanel-toolbar [data-command='notebook:insert-cell-below']"
    ).first.click()
    editor = page.locator(".jp-Notebook .jp-Cell").last.locator(".cm-content")
    editor.click()
    page.keyboard.insert_text(PROBE)
    page.keyboard.press("Shift+Enter")
    out = page.locator(".jp-OutputArea-output", has_text="MISTAKES").nth(before)
    out.wait_for(timeout=WAIT)
    text = out.inner_text().strip()
    data: dict[str, Any] = json.loads(text.split("MISTAKES ", 1)[1])
    return data


def axe_violations(page: Page, label: str) -> list[dict[str, Any]]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(
        page, context=".cfw", options={"runOnly": {"type": "tag", "values": AXE_TAGS}}
    )
    violations: list[dict[str, Any]] = results.response["violations"]
    print(f"axe in JupyterLab (mistakes), {label}: {len(violations)} violations")
    for v in violations:
        print(f"  {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}")
    return violations


def feedback(page: Page, before: str) -> str:
    """The panel's feedback once it has changed from ``before``."""
    line = page.locator(".cfw-mistakes-feedback")
    deadline = time.monotonic() + WAIT / 1000
    while time.monotonic() < deadline:
        text = line.inner_text().strip()
        if text and text != before:
            return text
        page.wait_for_timeout(50)
    message = page.locator(".cfw-message").inner_text()
    raise AssertionError(f"the feedback stayed {before!r}; the message line: {message!r}")


def play_by_mouse(page: Page, move: str) -> None:
    tile, onto = move.split("@")
    page.locator(f'.cfw-hand [data-tile="{tile}"]').click()
    page.locator(f'.cfw-targets .cfw-target[data-onto="{onto}"]').click()


def test_one_puzzle_by_mouse_with_a_hint(page: Page, pictures: Path) -> None:
    known = kernel(page)
    assert known["index"] == 0 and len(known["better"]) == 2
    assert axe_violations(page, "at the start") == []
    panel = page.locator(".cfw-mistakes")
    assert panel.locator(".cfw-mistakes-title").inner_text().startswith("Mistake 1 of 2")
    panel.locator('[data-key="mistake-hint"]').click()
    page.locator(".cfw-mistakes-hints li").first.wait_for()
    assert page.locator(".cfw-mistakes-hints li").first.inner_text().startswith("Hint 1 of 2:")
    assert axe_violations(page, "with a hint") == []
    play_by_mouse(page, known["played"][0])
    said = feedback(page, "")
    assert said.startswith("Not yet:") and "is the move Ann played" in said
    play_by_mouse(page, known["better"][0][0])
    said = feedback(page, said)
    assert said.startswith("Correct!")
    assert page.locator(".cfw-mistakes-progress").inner_text() == "Solved. 1 of 2 solved."
    panel.locator('[data-key="mistake-why"]').click()
    why = page.locator(".cfw-mistakes-why")
    why.wait_for(state="visible")
    assert why.inner_text().startswith("Solution:") and "Ann ends with" in why.inner_text()
    assert axe_violations(page, "solved, with the line of play") == []
    page.locator(".cfw-mistakes").scroll_into_view_if_needed()
    page.screenshot(path=str(pictures / "mistakes-lab.png"))
    events = kernel(page)["events"][0]
    assert events == [
        ["hint", 1],
        ["check", known["played"][0], "not yet"],
        ["check", known["better"][0][0], "correct"],
        ["solution"],
    ]


def test_one_puzzle_by_keyboard_alone(page: Page) -> None:
    known = kernel(page)
    nxt = page.locator('.cfw-mistakes [data-key="mistake-next"]')
    nxt.focus()
    page.keyboard.press("Enter")
    title = page.locator(".cfw-mistakes-title")
    deadline = time.monotonic() + WAIT / 1000
    while not title.inner_text().startswith("Mistake 2 of 2") and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert title.inner_text().startswith("Mistake 2 of 2")
    assert axe_violations(page, "the second puzzle") == []
    answer = known["better"][1][0]
    tile, onto = answer.split("@")
    for _ in range(60):  # Tab from the panel to the hand
        page.keyboard.press("Tab")
        if page.evaluate(ACTIVE_JS)["tile"]:
            break
    hand = page.locator(".cfw-hand .cfw-htile").count()
    for _ in range(hand):
        if page.evaluate(ACTIVE_JS)["tile"] == tile:
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate(ACTIVE_JS)["tile"] == tile
    page.keyboard.press("Enter")
    for _ in range(8):
        if page.evaluate(ACTIVE_JS)["onto"] == onto:
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate(ACTIVE_JS)["onto"] == onto
    page.keyboard.press("Enter")
    said = feedback(page, "")
    assert said.startswith("Correct!"), said
    assert axe_violations(page, "the second puzzle solved") == []
    after = kernel(page)
    assert after["index"] == 1
    assert after["events"][1] == [["check", answer, "correct"]]


# -- notebook 41 as an app in Voila, at 1024x768 ------------------------------------------------

LESSON = "41-learn-from-your-mistakes.ipynb"


def lesson_answer() -> str:
    """The first puzzle's best move, made here as notebook 41 makes it (seeded)."""
    import cfwidget as cf
    from cfwidget import teach
    from cfwidget.analysis import review
    from cfwidget.players import TipsBot, greedy, make_bot, play_round

    names = ["Amira", "Ben", "Chloe", "Dev"]
    rnd = cf.Round.deal(cf.Rules.preset("wolf-lake"), players=4, seed=5, names=names)
    play_round(rnd, [make_bot("random", 5), greedy, TipsBot(), make_bot("coach")])
    drill = teach.mistakes(review(rnd, seats=[0], worlds=100, seed=0), seat=0)
    return str(drill[0].best)


def test_the_lesson_in_voila_solved_by_keyboard_with_no_axe_violations(browser: Browser) -> None:
    from axe_playwright_python.sync_playwright import Axe
    from servers import REPO, voila

    need_browser()
    answer = lesson_answer()
    tile, onto = answer.split("@")
    with voila(REPO / "notebooks" / LESSON) as url:
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        pg = context.new_page()
        pg.set_default_timeout(WAIT)
        try:
            pg.goto(url, timeout=WAIT)
            pg.locator(".cfw .cfw-mistakes-question").wait_for(timeout=WAIT)
            pg.locator(".cfw .cfw-hand .cfw-htile").first.wait_for(timeout=WAIT)
            options = {"runOnly": {"type": "tag", "values": AXE_TAGS}}
            found = Axe().run(pg, options=options).response["violations"]
            print(f"\naxe in Voila (notebook 41, whole page): {len(found)} violations")
            for v in found:
                print(f"  {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}")
            assert found == []
            pg.locator('.cfw-mistakes [data-key="mistake-hint"]').focus()
            for _ in range(60):  # Tab on from Hint to the hand
                pg.keyboard.press("Tab")
                if pg.evaluate(ACTIVE_JS)["tile"]:
                    break
            for _ in range(pg.locator(".cfw-hand .cfw-htile").count()):
                if pg.evaluate(ACTIVE_JS)["tile"] == tile:
                    break
                pg.keyboard.press("ArrowRight")
            assert pg.evaluate(ACTIVE_JS)["tile"] == tile
            pg.keyboard.press("Enter")
            for _ in range(8):
                if pg.evaluate(ACTIVE_JS)["onto"] == onto:
                    break
                pg.keyboard.press("ArrowRight")
            assert pg.evaluate(ACTIVE_JS)["onto"] == onto
            pg.keyboard.press("Enter")
            assert feedback(pg, "").startswith("Correct!")
            found = Axe().run(pg, options=options).response["violations"]
            print(f"axe in Voila (notebook 41, solved): {len(found)} violations")
            assert found == []
        finally:
            context.close()
