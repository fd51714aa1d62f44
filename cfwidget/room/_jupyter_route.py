"""The Jupyter server extension that lets guests reach a notebook's room (JupyterHub, Binder).

Enabled by ``etc/jupyter/jupyter_server_config.d/cfwidget.json`` (installed with the wheel).
It adds two routes to the Jupyter server, and only these:

- ``GET|HEAD <base_url>/cfwidget-room/<room id>/join|host|health|static/<file>``: for a
  room id some kernel registered (:mod:`._jupyter`), the package's own pages, script and
  style sheets, read from the installed package by this server, with the room server's
  security headers (its Content-Security-Policy allows no inline script); ``health`` says
  whether the room's server answers. No HTTP answer ever comes from the kernel: whatever
  listens on a registration (another account's code cannot, but the owner's own code could)
  can never put a page of its choosing on the Jupyter server's address.
- ``<base_url>/cfwidget-room/<room id>/ws``: the room's websocket, relayed message by message
  (each at most :data:`MAX_MESSAGE` bytes), from pages of the same host only (the Origin
  check Jupyter's own websockets make), at most :data:`MAX_SOCKETS` at once per room. The
  pages treat what arrives as data: text as text, a QR code rebuilt from plain shapes
  (js/safe-svg.js), links only when they are http(s).

Guests have no Jupyter login, so these handlers ask for none (``@allow_unauthenticated``,
and they are plain Tornado handlers: Jupyter's login is never consulted, and the owner's
Jupyter cookies are neither read nor forwarded). What a guest reaches is exactly the room's
pages and its websocket, where the seat's link is checked by the room server (the first
message; 4403 for a wrong link). Every other path, an id no kernel registered and a room
that stopped answer 404; no other port, host or file can be named. The room server keeps
its own checks (size, schema, rate limit per connection).

>>> [p for p, _ in handlers("/user/ann/")]  # doctest: +NORMALIZE_WHITESPACE
['/user/ann/cfwidget-room/([A-Za-z0-9_-]{22})/ws',
 '/user/ann/cfwidget-room/([A-Za-z0-9_-]{22})/(join|host|health|static/[A-Za-z0-9][A-Za-z0-9_.-]{0,80})']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import stat
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeVar

from tornado import httpclient, netutil, web, websocket

from ._jupyter import PREFIX, ROOM_ID, registry
from ._pages import FILE_NAME, SECURITY_HEADERS, STATIC, TRANSPORT_LIMIT, WIDGET_CSS

__all__ = ["MAX_MESSAGE", "MAX_SOCKETS", "handlers"]

MAX_MESSAGE = TRANSPORT_LIMIT  # as the room server's own websocket
MAX_SOCKETS = 100  # per room: 8 seats, a table and a host, reconnecting, fit many times
_PAGE = f"(join|host|health|static/{FILE_NAME})"
_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
}
_GONE = "No room is open at this address (it may have ended). Ask the host for a new link."
_open_sockets: Counter[str] = Counter()


_Method = TypeVar("_Method", bound=Callable[..., Any])


def allow_unauthenticated(method: _Method) -> _Method:
    """Jupyter's mark for a method that asks for no login (jupyter_server >= 2.13)."""
    try:
        from jupyter_server.auth.decorator import allow_unauthenticated as mark
    except ImportError:  # older servers never ask plain Tornado handlers for a login
        return method
    return mark(method)


def _socket_of(room_id: str) -> Path | None:
    """The registered socket of ``room_id``, or ``None``."""
    if not ROOM_ID.fullmatch(room_id):
        return None
    try:
        path = registry(create=False) / f"{room_id}.sock"
        info = path.lstat()
    except Exception:
        return None
    if not stat.S_ISSOCK(info.st_mode) or info.st_uid != os.getuid():
        return None
    return path


def _file_of(page: str) -> Path | None:
    """The package's file for ``page``: a room page, or a script or style sheet of its own."""
    if page in ("join", "host"):
        path = STATIC / f"{page}.html"
        return path if path.is_file() else None
    name = page.removeprefix("static/")
    path = WIDGET_CSS if name == "widget.css" else STATIC / name
    return path if path.suffix in (".js", ".css") and path.is_file() else None


async def _listening(path: Path) -> bool:
    """Whether the room's server answers on its socket (a dead one is removed)."""
    try:
        _, writer = await asyncio.wait_for(asyncio.open_unix_connection(str(path)), 5)
    except Exception as exc:
        _forget_if_dead(path, exc)
        return False
    writer.close()
    return True


class _UnixResolver(netutil.Resolver):
    """Resolves every name to one Unix socket (the room's), and nothing else."""

    def initialize(self, path: str) -> None:
        self.path = path

    async def resolve(
        self, host: str, port: int, family: socket.AddressFamily = socket.AF_UNSPEC
    ) -> list[tuple[int, Any]]:
        return [(socket.AF_UNIX, self.path)]


def _forget_if_dead(path: Path, error: BaseException | None) -> None:
    """A socket nobody listens on (its kernel was killed) is removed."""
    if isinstance(error, ConnectionRefusedError):
        with contextlib.suppress(OSError):
            path.unlink()


def _touch(handler: web.RequestHandler) -> None:
    """Room traffic counts as the server's activity (Jupyter and JupyterHub cull idle ones)."""
    handler.settings["cfwidget_room_last_activity"] = datetime.now(timezone.utc)


class RoomPage(web.RequestHandler):
    """``GET``/``HEAD`` of a registered room's page or file: the package's own files."""

    async def _answer(self, room_id: str, page: str, method: str) -> None:
        path = _socket_of(room_id)
        if path is None or (page in ("join", "host", "health") and not await _listening(path)):
            raise web.HTTPError(404)
        _touch(self)
        self.clear()
        for name, value in SECURITY_HEADERS.items():
            self.set_header(name, value)
        if page == "health":
            body, kind = b'{"ok": true}', "application/json"
        else:
            file = _file_of(page)
            if file is None:
                raise web.HTTPError(404)
            body, kind = file.read_bytes(), _TYPES[file.suffix]
        self.set_header("Content-Type", kind)
        if method == "GET":
            self.finish(body)
        else:
            self.set_header("Content-Length", str(len(body)))
            self.finish()

    @allow_unauthenticated
    async def get(self, room_id: str, page: str) -> None:
        await self._answer(room_id, page, "GET")

    @allow_unauthenticated
    async def head(self, room_id: str, page: str) -> None:
        await self._answer(room_id, page, "HEAD")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.clear()
        self.set_status(status_code)
        for name, value in SECURITY_HEADERS.items():
            self.set_header(name, value)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(_GONE if status_code == 404 else "The room could not answer.")


class RoomSocket(websocket.WebSocketHandler):
    """A room's websocket, relayed both ways to its room server."""

    room_id = ""
    counted = False
    room: websocket.WebSocketClientConnection | None = None

    # tornado's own check_origin (the page's Origin must name this Host) stays as it is:
    # Jupyter's websockets check the same, and a room's pages come from this host.

    @allow_unauthenticated
    async def get(self, *args: Any, **kwargs: Any) -> None:
        room_id = str(args[0]) if args else ""
        if _socket_of(room_id) is None:
            raise web.HTTPError(404)
        if _open_sockets[room_id] >= MAX_SOCKETS:
            raise web.HTTPError(503)
        await super().get(*args, **kwargs)

    async def open(self, *args: str, **kwargs: str) -> None:
        self.room_id = args[0]
        path = _socket_of(self.room_id)
        if path is None:
            self.close(4410, "The room has ended.")
            return
        _open_sockets[self.room_id] += 1
        self.counted = True
        try:
            self.room = await websocket.websocket_connect(
                httpclient.HTTPRequest("ws://cfwidget-room/ws", connect_timeout=5),
                resolver=_UnixResolver(path=str(path)),
                on_message_callback=self._from_room,
                max_message_size=MAX_MESSAGE,
            )
        except Exception as exc:
            _forget_if_dead(path, exc)
            self.close(4410, "The room has ended.")
        _touch(self)

    def _from_room(self, message: str | bytes | None) -> None:
        if message is None:  # the room closed this connection: close the guest's the same way
            room = self.room
            code = room.close_code if room is not None and room.close_code else 1000
            reason = room.close_reason if room is not None else None
            self.close(code, reason)
            return
        with contextlib.suppress(websocket.WebSocketClosedError):
            self.write_message(message, binary=isinstance(message, bytes))
        _touch(self)

    async def on_message(self, message: str | bytes) -> None:
        if len(message) > MAX_MESSAGE:
            self.close(1009, "That message is too large.")
            return
        if self.room is None:
            return
        with contextlib.suppress(websocket.WebSocketClosedError):
            await self.room.write_message(message, binary=isinstance(message, bytes))
        _touch(self)

    def on_close(self) -> None:
        if self.counted:
            self.counted = False
            _open_sockets[self.room_id] -= 1
            if not _open_sockets[self.room_id]:
                del _open_sockets[self.room_id]
        if self.room is not None:
            self.room.close()
            self.room = None


def handlers(base_url: str) -> list[tuple[str, type[web.RequestHandler]]]:
    """The extension's two routes under the Jupyter server's ``base_url``."""
    root = f"{base_url.rstrip('/')}/{PREFIX}/({ROOM_ID.pattern})"
    return [(f"{root}/ws", RoomSocket), (f"{root}/{_PAGE}", RoomPage)]


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Jupyter's entry point: this module is the extension."""
    return [{"module": "cfwidget.room._jupyter_route"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Add the routes, and mark this server as running them (for kernels' :func:`host`)."""
    base_url = str(serverapp.base_url)
    serverapp.web_app.add_handlers(".*$", handlers(base_url))
    try:
        mark = registry() / f"jupyter-{os.getpid()}.json"
        mark.write_text(json.dumps({"pid": os.getpid(), "base_url": base_url}), encoding="utf-8")
    except Exception as exc:  # the routes still serve; kernels fall back to network links
        serverapp.log.warning("cfwidget rooms: could not mark the route as running (%s)", exc)
        return
    import atexit

    atexit.register(lambda: mark.unlink(missing_ok=True))
    serverapp.log.info("cfwidget rooms: guests reach a notebook's room at %s%s/", base_url, PREFIX)
