"""The browser harness the widget's tests and benchmark use, with Debian's Chromium.

A static server for ``cfwidget/widget/static`` plus a page that imports the front-end bundle
every widget that draws a table ships (``farmyard.js``) and renders a widget's state with it,
over a fake anywidget model (get/set/save_changes/on/off/send) that records what the view
sends. Playwright cannot download its own browser on these machines, so the harness launches
Debian's ``/usr/bin/chromium`` (or ``$CFWIDGET_CHROMIUM``).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cfwidget.players import greedy
from cfwidget.widget import GameWidget

__all__ = [
    "BUNDLES",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "HARNESS_HTML",
    "STATIC",
    "SYNCED",
    "advance",
    "bundle_of",
    "finish_game",
    "have_chromium",
    "send",
    "serve_static",
    "widget_state",
]

#: Debian's Chromium (Playwright cannot download its own browser here).
CHROMIUM = os.environ.get("CFWIDGET_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-default-apps",
]


def have_chromium() -> bool:
    """True when Playwright is installed and Chromium is where the harness looks for it.

    >>> isinstance(have_chromium(), bool)
    True
    """
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return bool(shutil.which(CHROMIUM)) or Path(CHROMIUM).exists()


STATIC = Path(__file__).resolve().parents[2] / "cfwidget" / "widget" / "static"
SYNCED = ("view", "message", "display", "large", "palette")

#: The front-end bundles of the widgets that draw a table (built from js/ by ``make js-bundle``).
BUNDLES = ("farmyard.js",)

#: A page that renders a bundle with a fake model (get/set/save_changes/on/off/send); the
#: state's ``_bundle`` (see :func:`widget_state`) says which bundle, and is no trait.
HARNESS_HTML = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>cfwidget harness</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/widget.css">
<style>body { margin: 16px; background: #ffffff; }</style>
</head>
<body>
<main>
<h1 style="font: 600 16px system-ui; margin: 0 0 8px">Chicken Foot</h1>
<div id="host"></div>
</main>
<script type="module">
import farmyard from "/farmyard.js";
const bundles = { "farmyard.js": farmyard };
class FakeModel {
  constructor(state) {
    this.state = { ...state }; this.listeners = new Map(); this.sent = []; this.boards = [];
  }
  get(key) { return this.state[key]; }
  set(key, value) {
    const same = JSON.stringify(this.state[key]) === JSON.stringify(value);
    this.state[key] = value;
    if (!same) this.emit("change:" + key);
  }
  save_changes() {}
  on(event, cb) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event).add(cb);
  }
  off(event, cb) { const set = this.listeners.get(event); if (set) set.delete(cb); }
  emit(event) { for (const cb of [...(this.listeners.get(event) || [])]) cb(); }
  // The board's size reports go to their own list: tests read the player's intents in sent.
  send(msg) {
    (msg.kind === "board" ? this.boards : this.sent).push(JSON.parse(JSON.stringify(msg)));
  }
}
let model = null;
let cleanup = null;
const host = document.getElementById("host");
window.cfw = {
  mount(state) {
    if (cleanup) cleanup();
    host.replaceChildren();
    const { _bundle = "farmyard.js", ...traits } = state;
    const widget = bundles[_bundle];
    if (!widget) throw new Error(`no front-end bundle ${_bundle}`);
    model = new FakeModel(traits);
    const t0 = performance.now();
    cleanup = widget.render({ model, el: host });
    return performance.now() - t0;
  },
  update(patch) {
    const t0 = performance.now();
    for (const [key, value] of Object.entries(patch)) if (key !== "_bundle") model.set(key, value);
    return performance.now() - t0;
  },
  sent() { return model.sent.slice(); },
  boards() { return model.boards.slice(); },
  take() { const out = model.sent.slice(); model.sent.length = 0; return out; },
  listeners() { let n = 0; for (const s of model.listeners.values()) n += s.size; return n; },
  unmount() { if (cleanup) cleanup(); cleanup = null; },
};
window.cfwReady = true;
</script>
</body>
</html>
"""


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the stdlib declares it a plain dict
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".css": "text/css",
    }

    def do_GET(self) -> None:
        if self.path.split("?")[0] in ("/", "/harness.html"):
            body = HARNESS_HTML.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve_static(directory: Path = STATIC) -> Iterator[str]:
    """Serve ``directory`` and the harness page on 127.0.0.1 (a free port); yields the page URL."""
    handler = functools.partial(_Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/harness.html"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def widget_state(w: GameWidget) -> dict[str, Any]:
    """The synced traits the view reads, as the browser would receive them, and under
    ``_bundle`` the file name of the front end the widget's class ships (its ``_esm``)."""
    state: dict[str, Any] = json.loads(json.dumps({k: getattr(w, k) for k in SYNCED}))
    state["_bundle"] = bundle_of(w)
    return state


def bundle_of(w: Any) -> str:
    """The file name, in :data:`STATIC`, of the bundle that is ``w``'s front end.

    >>> import cfwidget as cf
    >>> bundle_of(GameWidget(cf.Game(2, seed=1)))
    'farmyard.js'
    """
    esm = str(w._esm)
    for name in BUNDLES:
        if (STATIC / name).read_text(encoding="utf-8") == esm:
            return name
    raise ValueError(f"{type(w).__name__}'s front end is none of {', '.join(BUNDLES)}")


def send(w: GameWidget, content: object) -> None:
    """Hand ``w`` an intent the way ipywidgets delivers a custom message from the browser."""
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def advance(w: GameWidget, until: Any, limit: int = 600) -> bool:
    """Play the viewing seat greedily and the bots on "next" until ``until(w)`` holds."""
    for _ in range(limit):
        if until(w):
            return True
        rnd = w.round
        if rnd.is_over:
            return False
        if rnd.turn == w.seat:
            send(
                w,
                {
                    "kind": "play",
                    "move": str(greedy(rnd.observation(w.seat))),
                    "version": w.version,
                },
            )
        else:
            send(w, {"kind": "next", "version": w.version})
    return False


def finish_game(w: GameWidget, rounds: int = 10) -> None:
    """Play every round of ``w``'s game to its end, as :func:`advance` plays one."""
    for _ in range(rounds):
        advance(w, lambda w: w.round.is_over)
        if w.game is None or w.game.is_over:
            return
        send(w, {"kind": "next", "version": w.version})
