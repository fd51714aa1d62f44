"""Benchmark of the farmyard widget: intent handling, bytes synced, browser draw time.

Run ``python -m tools.widget_bench``. It prints three figures and asserts nothing:

1. Python time to handle one intent (a play, and a bot's move after "next"):
   the median over many, from message in to new view out (goal: at most 5 ms);
2. bytes synced per move: the size of the JSON state update the kernel sends;
3. browser time to draw a farmyard of all 55 double-nine tiles (goal: at most
   16 ms, one frame), in headless Chromium through Playwright (skipped if
   either is missing).

The browser harness it draws with (a static server and a fake model) is
:mod:`tests.helpers.browser_harness`; the 55-tile table is
:func:`tests.helpers.layout_check.full_farmyard`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from cfwidget.core import Game, Placed, Round, Rules
from cfwidget.players import RandomBot
from cfwidget.table import Farmyard, TilePlacement, bounds
from cfwidget.widget import GameWidget
from cfwidget.widget._view import placed_tile
from tests.helpers.browser_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SYNCED,
    have_chromium,
    serve_static,
    widget_state,
)
from tests.helpers.layout_check import full_farmyard

__all__ = [
    "main",
    "measure_draw",
]


def _play_position(seed: int) -> GameWidget:
    """A widget where the human (seat 0) is to move with at least one play."""
    for s in range(seed, seed + 500):
        w = GameWidget(Game(["Ann", "Bob", "Cy"], seed=s), humans=[0])
        rnd = w.round
        bot = RandomBot(s)
        for _ in range(rng_steps(s)):
            if rnd.is_over:
                break
            if rnd.turn == 0:
                rnd.play(bot(rnd.observation(0)))
            else:
                w.handle_intent({"kind": "next", "version": w.version})
                continue
            w.refresh()
        if not rnd.is_over and rnd.turn == 0 and any(m.is_play for m in rnd.legal_moves()):
            return w
    raise RuntimeError("no playable position found")  # pragma: no cover


def rng_steps(seed: int) -> int:
    return 6 + seed % 12


def intent_times(samples: int = 200, seed: int = 1) -> tuple[list[float], list[float], list[int]]:
    """Seconds to handle a human play and a bot's "next", and bytes synced per move."""
    play_times: list[float] = []
    next_times: list[float] = []
    sizes: list[int] = []
    s = seed
    while len(play_times) < samples:
        w = _play_position(s)
        s += 1
        rnd = w.round
        move = next(m for m in rnd.legal_moves() if m.is_play)
        before = json.dumps({k: getattr(w, k) for k in SYNCED})
        t0 = time.perf_counter()
        ok = w.handle_intent({"kind": "play", "move": str(move), "version": w.version})
        play_times.append(time.perf_counter() - t0)
        assert ok, w.message
        after = {k: getattr(w, k) for k in SYNCED}
        old = json.loads(before)
        sizes.append(len(json.dumps({k: v for k, v in after.items() if old.get(k) != v})))
        if not rnd.is_over and rnd.turn in w.bots:
            t0 = time.perf_counter()
            w.handle_intent({"kind": "next", "version": w.version})
            next_times.append(time.perf_counter() - t0)
    return play_times, next_times, sizes


def browser_draw(repeat: int = 15) -> dict[str, float] | None:
    """Milliseconds for the view to draw a 55-tile farmyard in headless Chromium.

    ``None`` when Playwright or Chromium is missing.
    """
    if not have_chromium():
        return None
    from playwright.sync_api import sync_playwright

    with serve_static() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.goto(url)
        page.wait_for_function("window.cfwReady === true")
        figures = measure_draw(page, repeat)
        browser.close()
    return figures


def measure_draw(page: Any, repeat: int = 15) -> dict[str, float]:
    """Median milliseconds, on a harness ``page``, to draw the full double-nine farmyard.

    ``mount``: the view draws all 55 tiles at once (JavaScript time);
    ``layout``: that plus the style and layout it causes (forced at once);
    ``frame``: until the next frame is painted (this includes waiting for the
    display's next frame, up to 16.7 ms at 60 Hz); ``grow``: one tile more;
    ``redraw``: every tile again after a change of display mode.
    """
    laid = _layout(full_farmyard())
    w = GameWidget(Round.deal(Rules(), players=2, seed=1), humans=[0])
    state = widget_state(w)
    minx, miny, maxx, maxy = bounds(laid)
    full = dict(state["view"])
    full["table"] = [placed_tile(p) for p in laid]
    full["bounds"] = {"min_x": minx, "min_y": miny, "max_x": maxx, "max_y": maxy}
    full["last"] = str(laid[-1].tile)
    centre = {"min_x": -0.5, "min_y": -1.0, "max_x": 0.5, "max_y": 1.0}
    empty = dict(full, table=full["table"][:1], bounds=centre, last=None)
    results: dict[str, list[float]] = {
        "mount": [],
        "layout": [],
        "frame": [],
        "redraw": [],
        "grow": [],
    }
    for i in range(repeat):
        page.evaluate("s => cfw.mount(s)", dict(state, view=empty))
        frame = page.evaluate(
            """v => new Promise(done => {
                const t0 = performance.now();
                const js = cfw.update({view: v});
                document.querySelector(".cfw-tiles").getBBox();
                document.body.offsetHeight;
                const laid = performance.now() - t0;
                const painted = () => done([js, laid, performance.now() - t0]);
                requestAnimationFrame(() => setTimeout(painted, 0));
            })""",
            dict(full, version=100 + i),
        )
        results["mount"].append(frame[0])
        results["layout"].append(frame[1])
        results["frame"].append(frame[2])
        mode = "numerals" if i % 2 == 0 else "pips"
        results["redraw"].append(page.evaluate("m => cfw.update({display: m})", mode))
        page.evaluate(
            "v => cfw.update({view: v})", dict(full, table=full["table"][:-1], version=200 + i)
        )
        results["grow"].append(
            page.evaluate("v => cfw.update({view: v})", dict(full, version=300 + i))
        )
    return {k: statistics.median(v) for k, v in results.items()}


def _layout(table: list[Placed]) -> list[TilePlacement]:
    yard = Farmyard(4, 3)
    for p in table:
        yard.add(p)
    return list(yard.placements)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--samples", type=int, default=200, help="intents to time")
    parser.add_argument("--no-browser", action="store_true", help="skip the browser figure")
    args = parser.parse_args(argv)

    play, bot, sizes = intent_times(args.samples)
    ms = 1000.0
    print(f"intents timed: {len(play)} plays, {len(bot)} bot moves (3 players, double-nine)")
    print(
        f"python, one play intent:      median {statistics.median(play) * ms:.2f} ms"
        f" (p90 {sorted(play)[int(len(play) * 0.9)] * ms:.2f} ms; goal <= 5 ms)"
    )
    if bot:
        print(
            f"python, one 'next' (bot turn): median {statistics.median(bot) * ms:.2f} ms"
            f" (p90 {sorted(bot)[int(len(bot) * 0.9)] * ms:.2f} ms)"
        )
    print(
        f"bytes synced per move:         median {statistics.median(sizes):,.0f}"
        f" (max {max(sizes):,})"
    )
    if args.no_browser:
        return
    draw = browser_draw()
    if draw is None:
        print("browser draw: skipped (playwright or Chromium missing)")
        return
    print(
        f"browser, 55-tile farmyard:     draw {draw['mount']:.1f} ms (JS, all tiles at once),"
        f" {draw['layout']:.1f} ms with style and layout (goal <= 16 ms);"
        f" {draw['frame']:.1f} ms to the next painted frame, vsync wait included"
    )
    print(
        f"browser, one more tile:        {draw['grow']:.1f} ms (goal <= 16 ms);"
        f" switch display mode (redraw all 55): {draw['redraw']:.1f} ms"
    )


if __name__ == "__main__":
    main()
