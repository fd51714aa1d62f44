"""Is the whole table in view? Measured the way a player meets it: JupyterLab, Chromium, a mouse.

``python -m tools.table_in_view --rounds 2`` runs it from the command line. It starts its own
JupyterLab (as the browser tests do, tests/browser/servers.py) and Debian's Chromium, opens one
notebook per preset (wolf-lake with 4 players, six-spokes with 4, puremco with 3; bots on every
seat but the first, at the fastest pace), and plays whole rounds by mouse as seat 0: a click on a
playable hand tile and then on one of its targets, or on Draw or Pass. It plays at 1280x800 with
JupyterLab's file browser open, at 1366x768 (the file browser open too), and in full screen at
1280x800 (the widget's full-screen button when it has one, else the browser's Fullscreen API on the
widget after a key press in it). At the start of each round the person scrolls the notebook with
the mouse wheel until the widget is in view (running the cell leaves JupyterLab scrolled to the new
cell under it); from then on only the clicks and the widget's own focus moves scroll it. After
every action, once the bots have moved, it measures in the page:

- whole table in view: every table tile's box inside the board's box (1 px of slack), and the
  board inside the visible part of the notebook panel (or of the full screen);
- the tile's short side in screen pixels (a tile is 200 by 100 SVG units);
- tiles overlapping (their rotated rectangles, from the transforms) and tiles that moved since
  the last action of the same round;
- the widget's height against the notebook panel's visible height, and whether the status
  line is in view (after the widget moved the keyboard focus, as it does after every move);
- before each click on a target: how many of the chosen tile's targets are wholly in sight
  (inside the panel, not cut off by a strip that scrolls or by the board's edge).

The command prints one line per preset and screen and asserts nothing; ``tests/browser/
test_table_in_view.py`` asserts the issue's goals on what :func:`measure_presets` returns.
Only this DOM is relied on: ``.cfw``, ``.cfw-board``, ``.cfw-svg`` (with a ``viewBox``),
``.cfw-tiles > g.cfw-tile[data-tile]``, ``.cfw-htile`` (``.is-playable``),
``.cfw-target[data-onto]``, buttons by their names, and ``[data-key="fullscreen"]`` if there.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import math
import random
import statistics
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from .in_view_geometry import SLACK_PX, inside, moved, overlapping
from .in_view_js import ACT_JS, ENTER_FULL_JS, LOOK_JS, MEASURE_JS, STATE_JS, TARGETS_JS

__all__ = [
    "FULL_SCREEN",
    "GOALS",
    "PRESETS",
    "SCREENS",
    "Run",
    "Screen",
    "Shot",
    "lab_and_browser",
    "measure_presets",
    "overlapping",
    "report",
]

REPO = Path(__file__).resolve().parents[2]
#: The presets played, with their number of players.
PRESETS: dict[str, int] = {"wolf-lake": 4, "six-spokes": 4, "puremco": 3}
NAMES = ("Ann", "Bob", "Cy", "Dee")
PACE = 0.2  # seconds a bot waits: the fastest the widget allows
WAIT_MS = 60_000  # generous: the machine may be shared
MIN_PX = 22.0  # the smallest readable tile (short side, screen pixels)


@dataclass(frozen=True)
class Screen:
    """A browser window: its size, and whether the widget is shown full screen."""

    label: str
    width: int
    height: int
    full: bool = False


SCREENS = (Screen("1280x800", 1280, 800), Screen("1366x768", 1366, 768))
FULL_SCREEN = Screen("1280x800 full", 1280, 800, full=True)

#: The issue's figures (issue 21, "Measured").
GOALS = {"share": 0.90, "median": 26.0, "full_median": 32.0}


@dataclass
class Shot:
    """What one action of the person left on screen, once the bots had moved."""

    round: int
    tiles: int
    whole: bool  # every tile in the board, the board in the visible panel
    tiles_in_board: bool
    board_in_panel: bool
    tile_px: float
    widget_px: float
    panel_px: float
    status_in_view: bool
    overlaps: int
    moved: int
    over: bool  # the round ended with this action (or the bots' moves after it)
    targets: int = 0  # the chosen tile's targets, when the action was a play
    targets_seen: int = 0  # of those, the ones wholly in sight before the click

    @property
    def good(self) -> bool:
        """The whole table in view, every tile readable."""
        return self.whole and self.tile_px >= MIN_PX - 0.01


@dataclass
class Run:
    """The actions of one preset's rounds on one screen."""

    preset: str
    screen: Screen
    shots: list[Shot] = field(default_factory=list)
    pictures: list[Path] = field(default_factory=list)
    seconds: float = 0.0  # wall clock for the rounds, bots and measuring included

    @property
    def actions(self) -> int:
        return len(self.shots)

    def share(self, what: str = "good") -> float:
        """The share of actions where ``what`` (a true/false field of :class:`Shot`) held."""
        if not self.shots:
            return math.nan
        return sum(bool(getattr(s, what)) for s in self.shots) / len(self.shots)

    def px(self, percent: float) -> float:
        """The tile size (pixels) that ``percent`` per cent of the actions fall below."""
        if not self.shots:
            return math.nan
        values = sorted(s.tile_px for s in self.shots)
        if percent == 50:
            return float(statistics.median(values))
        return values[min(len(values) - 1, math.floor(percent / 100 * len(values)))]

    @property
    def overlaps(self) -> int:
        return sum(s.overlaps for s in self.shots)

    @property
    def moved(self) -> int:
        return sum(s.moved for s in self.shots)

    def targets_share(self) -> float:
        """The share of the chosen tiles' targets that were wholly in sight."""
        shown = sum(s.targets for s in self.shots)
        return sum(s.targets_seen for s in self.shots) / shown if shown else math.nan

    @property
    def tallest(self) -> float:
        return max((s.widget_px for s in self.shots), default=math.nan)

    @property
    def panel(self) -> float:
        return min((s.panel_px for s in self.shots), default=math.nan)

    @property
    def too_tall(self) -> int:
        """Actions after which the widget was taller than the visible panel."""
        return sum(s.widget_px > s.panel_px + SLACK_PX for s in self.shots)

    def line(self) -> str:
        """One line of the report."""
        return (
            f"{self.preset:<11} {self.screen.label:<14} actions {self.actions:>3}  "
            f"whole+readable {self.share():>4.0%} (whole {self.share('whole'):>4.0%}: tiles in"
            f" board {self.share('tiles_in_board'):>4.0%}, board in panel"
            f" {self.share('board_in_panel'):>4.0%})  "
            f"tile px median {self.px(50):4.1f} p10 {self.px(10):4.1f}  "
            f"widget max {self.tallest:4.0f} / panel {self.panel:4.0f} px "
            f"(taller {self.too_tall})  status in view {self.share('status_in_view'):>4.0%}  "
            f"targets in sight {self.targets_share():>4.0%}  "
            f"overlaps {self.overlaps}  moved {self.moved}  ({self.seconds:.0f} s)"
        )


# -- what one action left on screen -------------------------------------------------------------


def shot_of(raw: dict[str, Any], round_number: int, seen: dict[str, list[float]]) -> Shot:
    """A :class:`Shot` from what :data:`MEASURE_JS` read in the page."""
    tiles = raw["tiles"]
    in_board = all(inside(t["rect"], raw["board"]) for t in tiles if t["rect"][2] > t["rect"][0])
    board_in_panel = inside(raw["board"], raw["panel"])
    px = min((t["px"] for t in tiles), default=raw["viewbox_px"])
    return Shot(
        round=round_number,
        tiles=len(tiles),
        whole=in_board and board_in_panel,
        tiles_in_board=in_board,
        board_in_panel=board_in_panel,
        tile_px=px,
        widget_px=raw["widget_px"],
        panel_px=raw["panel_px"],
        status_in_view=raw["status"] is not None and inside(raw["status"], raw["panel"]),
        overlaps=overlapping(tiles),
        moved=moved(tiles, seen),
        over=raw["over"],
    )


# -- driving the page -------------------------------------------------------------------------


def _servers() -> ModuleType:
    """tests/browser/servers.py: the browser tests' own JupyterLab and Chromium."""
    path = REPO / "tests" / "browser" / "servers.py"
    spec = importlib.util.spec_from_file_location("cfwidget_test_servers", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot load the browser tests' servers from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def notebook_cell(preset: str, seed: int, pace: float = PACE) -> str:
    """The notebook's one cell: a game of ``preset``, seat 0 a person, bots on the others."""
    names = list(NAMES[: PRESETS[preset]])
    return (
        "import cfwidget as cf\n"
        f"game = cf.Game({names!r}, rules=cf.Rules.preset({preset!r}), seed={seed})\n"
        f"w = cf.GameWidget(game, humans=[0], pace={pace})\n"
        "w"
    )


def start_kernel(base: str, path: str) -> str:
    """Start the notebook's kernel before the page opens (JupyterLab then never asks which)."""
    body = {"path": path, "name": path, "type": "notebook", "kernel": {"name": "python3"}}
    request = urllib.request.Request(
        f"{base}/api/sessions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=60) as reply:
        session: dict[str, Any] = json.loads(reply.read())
    return str(session["id"])


def stop_kernel(base: str, session: str) -> None:
    """Shut the notebook's kernel down (quietly, if the server is already gone)."""
    request = urllib.request.Request(f"{base}/api/sessions/{session}", method="DELETE")
    with contextlib.suppress(OSError), urllib.request.urlopen(request, timeout=30):
        pass


def open_notebook(browser: Any, base: str, path: str, screen: Screen) -> Any:
    """The notebook open in JupyterLab, its cell run, the widget drawn; the file browser open."""
    context = browser.new_context(viewport={"width": screen.width, "height": screen.height})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{base}/lab/tree/{path}?reset", timeout=WAIT_MS)
    kernel = page.locator(".jp-Toolbar-kernelName", has_text="Python 3")
    ask = page.locator(".jp-Dialog", has_text="Select Kernel")
    kernel.or_(ask).first.wait_for()
    if ask.count():
        ask.get_by_role("button", name="Select Kernel", exact=True).click()  # its aria-label
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
    page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").first.click()
    page.keyboard.press("Shift+Enter")
    page.locator(".jp-OutputArea .cfw .cfw-htile").first.wait_for()
    show_file_browser(page)
    page.evaluate(ACT_JS)  # from now on, the widget's changes are counted
    return page


def show_file_browser(page: Any) -> None:
    """Open JupyterLab's file browser in the left sidebar if it is collapsed."""
    shown = "() => (document.querySelector('.jp-FileBrowser')?.getBoundingClientRect().width || 0)"
    if page.evaluate(shown) < 50:
        page.locator(".jp-SideBar.lm-mod-left [data-id='filebrowser']").first.click()
        page.wait_for_function(f"({shown})() >= 50")


def look_at_widget(page: Any) -> None:
    """Scroll the notebook with the mouse wheel, as a player would, until the widget is in view
    (its top at the top of the panel when it is taller than the panel)."""
    for _ in range(6):
        look = page.evaluate(LOOK_JS)
        if abs(look["delta"]) < 2:
            return
        page.mouse.move(look["x"], look["y"])
        page.mouse.wheel(0, look["delta"])
        time.sleep(0.25)  # the wheel may scroll smoothly


def enter_full_screen(page: Any) -> None:
    """Full screen: the widget's own button when it has one, else F (or the API) in the widget."""
    button = page.locator('.cfw [data-key="fullscreen"]').first
    if button.count() and button.is_visible():
        button.click()
    else:
        page.evaluate(ENTER_FULL_JS)  # a listener that asks for full screen on the next key
        page.locator(".cfw .cfw-board").first.focus()
        page.keyboard.press("f")
    page.wait_for_function("() => !!document.fullscreenElement")
    _frames(page)


def leave_full_screen(page: Any) -> None:
    page.evaluate("() => document.fullscreenElement && document.exitFullscreen()")
    page.wait_for_function("() => !document.fullscreenElement")
    _frames(page)


def _frames(page: Any) -> None:
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def settle(
    page: Any, before: str, quiet_ms: float = 200, change_s: float = 8.0, fresh: bool = False
) -> dict[str, Any]:
    """Wait until the person can act again (or the round is over) and the widget is still.

    ``before`` is the widget's fingerprint before the action: the wait lasts until it changed
    (or ``change_s`` passed: a pass that changes nothing visible), the person can act or a
    round-end button is showing, and no part of the widget changed for ``quiet_ms``. A
    ``fresh`` round waits for the person's first turn.
    """
    started = time.monotonic()
    deadline = started + WAIT_MS / 1000
    while time.monotonic() < deadline:
        st: dict[str, Any] = page.evaluate(STATE_JS)
        changed = st["print"] != before or time.monotonic() - started > change_s
        ready = st["can_act"] and not st["over"] if fresh else st["can_act"] or st["over"]
        if changed and ready and st["quiet_ms"] >= quiet_ms:
            return st
        time.sleep(0.05)
    raise TimeoutError(f"the widget did not settle in {WAIT_MS / 1000:.0f} s: {st}")


def act(page: Any, st: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, int]]:
    """One action of the person by mouse: a tile and a target, Draw, or Pass.

    Returns the action, and for a play how many targets the chosen tile showed and how many
    of them were wholly in sight.
    """
    none = {"count": 0, "seen": 0}
    root = page.locator(".cfw").first
    if st["playable"]:
        tile = rng.choice(st["playable"])
        root.locator(f'.cfw-htile[data-tile="{tile}"]').click()
        # The targets appear (or a front end that plays a lone target at once has played it).
        page.wait_for_function(
            f"before => !!document.querySelector('.cfw .cfw-target[data-onto]')"
            f" || ({STATE_JS})().print !== before",
            arg=st["print"],
        )
        targets = root.locator(".cfw-target[data-onto]")
        if not targets.count():
            return f"{tile} (played at once)", none
        sight: dict[str, int] = page.evaluate(TARGETS_JS)
        ontos = targets.evaluate_all("ts => ts.map(t => t.dataset.onto)")
        onto = rng.choice(sorted(set(ontos)))
        page.evaluate(ACT_JS)  # the widget's changes are counted from here
        root.locator(f'.cfw-target[data-onto="{onto}"]').first.click()
        return f"{tile}@{onto}", sight
    name = "Draw" if st["draw"] else "Pass"
    button = root.get_by_role("button", name=name, exact=True).first
    page.evaluate(ACT_JS)
    button.click()
    return name.lower(), none


def play_round(
    page: Any,
    number: int,
    rng: random.Random,
    pictures: Path | None = None,
    label: str = "",
    limit: int = 120,
) -> tuple[list[Shot], Path | None]:
    """Play one round by mouse to its end, measuring after every action of the person."""
    st = settle(page, "", change_s=0, fresh=True)
    if not page.evaluate("() => !!document.fullscreenElement"):
        look_at_widget(page)
    seen: dict[str, list[float]] = {}
    shots: list[Shot] = []
    late: bytes | None = None
    for _ in range(limit):
        if st["over"]:
            break
        _, sight = act(page, st, rng)
        st = settle(page, st["print"])
        _frames(page)
        shot = shot_of(page.evaluate(MEASURE_JS), number, seen)
        shot.targets, shot.targets_seen = sight["count"], sight["seen"]
        shots.append(shot)
        if pictures is not None and not shot.over:
            late = page.screenshot()  # the latest table still in play
    else:
        raise RuntimeError(f"round {number} did not end in {limit} actions")
    saved = None
    if pictures is not None and late is not None:
        saved = pictures / f"{label}-round{number}.png"
        saved.write_bytes(late)
    return shots, saved


def next_round(page: Any) -> None:
    """Start the next round (or a new game after the last), by the round-end button."""
    root = page.locator(".cfw").first
    for name in ("Next round", "New game"):
        button = root.get_by_role("button", name=name, exact=True)
        visible = [b for b in button.all() if b.is_visible() and b.is_enabled()]
        if visible:
            visible[0].click()
            return
    raise RuntimeError("the round is over but there is no Next round or New game button")


def play_preset(
    browser: Any,
    base: str,
    root: Path,
    preset: str,
    screens: Sequence[Screen],
    rounds: int,
    seed: int = 1,
    pictures: Path | None = None,
) -> list[Run]:
    """One notebook of ``preset``: ``rounds`` rounds on each screen, in turn."""
    servers = _servers()
    path = f"in_view_{preset}.ipynb"
    servers.write_notebook(root / path, [notebook_cell(preset, seed)])
    session = start_kernel(base, path)
    runs: list[Run] = []
    page = None
    try:
        page = open_notebook(browser, base, path, screens[0])
        rng = random.Random(seed)
        number = 1
        for i, screen in enumerate(screens):
            run = Run(preset, screen)
            started = time.monotonic()
            page.set_viewport_size({"width": screen.width, "height": screen.height})
            show_file_browser(page)
            if screen.full:
                enter_full_screen(page)
            time.sleep(0.5)  # the board tells the kernel its new shape before the round
            for r in range(rounds):
                if i or r:
                    next_round(page)
                label = f"{preset}-{screen.label.replace(' ', '-')}"
                shots, picture = play_round(page, number, rng, pictures, label)
                run.shots += shots
                if picture is not None:
                    run.pictures.append(picture)
                number += 1
            if screen.full:
                leave_full_screen(page)
            run.seconds = time.monotonic() - started
            runs.append(run)
    finally:
        if page is not None:
            page.context.close()
        stop_kernel(base, session)
    return runs


def measure_presets(
    base: str,
    browser: Any,
    root: Path,
    presets: Sequence[str] = tuple(PRESETS),
    screens: Sequence[Screen] = (*SCREENS, FULL_SCREEN),
    rounds: int = 1,
    seed: int = 1,
    pictures: Path | None = None,
) -> list[Run]:
    """Play ``rounds`` rounds of each preset on each screen in a running JupyterLab at ``base``
    (serving ``root``) with a Playwright ``browser``; one :class:`Run` per preset and screen."""
    runs: list[Run] = []
    for preset in presets:
        runs += play_preset(browser, base, root, preset, screens, rounds, seed, pictures)
    return runs


@contextlib.contextmanager
def lab_and_browser() -> Iterator[tuple[str, Any, Path]]:
    """A JupyterLab on a scratch folder and Debian's Chromium, both ended afterwards."""
    servers = _servers()
    with tempfile.TemporaryDirectory(prefix="cfwidget-in-view-") as folder:
        root = Path(folder)
        with servers.jupyter_lab(root) as base, servers.chromium() as browser:
            yield base, browser, root


def report(runs: Sequence[Run]) -> str:
    """The table the command prints, and the issue's goals under it."""
    lines = [run.line() for run in runs]
    lines.append(
        f"goals: whole table in view with tiles >= {MIN_PX:.0f} px in >= {GOALS['share']:.0%}"
        f" of actions, median >= {GOALS['median']:.0f} px, 0 overlaps, 0 moved, widget never"
        f" taller than the panel; full screen: whole table every action,"
        f" median >= {GOALS['full_median']:.0f} px"
    )
    return "\n".join(lines)
