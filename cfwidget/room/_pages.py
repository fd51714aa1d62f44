"""What every server of a room's pages shares: the room server (:mod:`._app`) and the
Jupyter server's route to a notebook's room (:mod:`._jupyter_route`) serve the same files
with the same headers and read websocket messages up to the same size.

>>> SECURITY_HEADERS["x-frame-options"], TRANSPORT_LIMIT, (STATIC / "join.html").is_file()
('DENY', 262144, True)
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["FILE_NAME", "SECURITY_HEADERS", "STATIC", "TRANSPORT_LIMIT", "WIDGET_CSS"]

#: The room's pages, scripts and style sheets, and the widget's own style sheet.
STATIC = Path(__file__).parent / "static"
WIDGET_CSS = Path(__file__).parents[1] / "widget" / "static" / "widget.css"
#: The file names a page may ask for (a pattern): no folder, no dots first.
FILE_NAME = r"[A-Za-z0-9][A-Za-z0-9_.-]{0,80}"
#: The largest websocket message read at all (uvicorn's ``ws_max_size``); the room server
#: refuses in words every message over its own cap up to this size, and keeps the connection.
TRANSPORT_LIMIT = 256 * 1024
#: The headers of every answer: nothing cached or framed, no inline script, no referrer.
SECURITY_HEADERS = {
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "content-security-policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self' ws: wss:; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    ),
}
