"""The room server as an ASGI app (Starlette): the pages, the security headers, ``/ws``.

:func:`make_app` serves each room under its own path ``/r/<room>/``: ``join`` and ``host`` (the
pages in ``static/``), ``static/<file>`` (the pages' script and styles, and the farmyard's
``widget.css``) and the websocket ``ws``, which opens only that room's links (so a proxy can
route by room); the same without ``/r/<room>`` for one server alone; and ``/health``. The
websocket speaks the protocol of docs/room.md: the first message joins with a
link's token (within :data:`JOIN_SECONDS`, else close 4401); a dead link closes with 4403 and
a closed room with 4410, each after a ``closed`` message in words; a room another server
process holds closes with 1013 (the page retries). Every message is checked
(at most :data:`MAX_MESSAGE` bytes, JSON, a known type with known fields, allowed for the
role, at most :data:`RATE` a second over :data:`RATE_WINDOW` seconds); anything wrong gets a
``refused`` message in words, changes nothing and keeps the connection (a message too large
for the transport itself, over :data:`TRANSPORT_LIMIT` bytes, is refused in the same words
by the server's websocket protocol, which then has to close: see :mod:`._serve`). At most
:data:`MAX_WAITING` connections may be open without having joined yet, and
:data:`MAX_WAITING_PER_ADDRESS` from one address: beyond that a new one is refused in words
(:data:`BUSY`) and closed with code 1013, after which a page tries again by itself. Nothing
here logs a message or a token.

>>> from cfwidget.room._store import RoomStore
>>> app = make_app(Rooms(RoomStore(":memory:"), "http://localhost:8765"))
>>> SECURITY_HEADERS["x-frame-options"], MAX_MESSAGE, callable(app)
('DENY', 4096, True)
>>> too_large()
'That message is too large (at most 4,096 bytes).'

"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..widget import GameWidget
from ._authority import Authority, synced_traits, traits_of
from ._pages import FILE_NAME, SECURITY_HEADERS, STATIC, TRANSPORT_LIMIT, WIDGET_CSS
from ._rooms import ELSEWHERE, ROOM_ID, Connection, Rooms

__all__ = [
    "BUSY",
    "JOIN_SECONDS",
    "MAX_MESSAGE",
    "MAX_WAITING",
    "MAX_WAITING_PER_ADDRESS",
    "RATE",
    "RATE_WINDOW",
    "SECURITY_HEADERS",
    "TRANSPORT_LIMIT",
    "make_app",
    "too_large",
]

MAX_MESSAGE = 4096
#: Connections open at once that have not joined yet: in all, and from one address.
MAX_WAITING, MAX_WAITING_PER_ADDRESS = 128, 32
BUSY = "The server has too many connections waiting to join; trying again in a moment."
BUSY_CODE = 1013  # "try again later": the page reconnects by itself
JOIN_SECONDS = 10.0
RATE, RATE_WINDOW = 20, 5.0
#: The intents each role may send (``None``: any the seat's widget knows).
ROLE_INTENTS: dict[str, frozenset[str] | None] = {
    "seat": None,
    "table": frozenset({"display", "large", "board", "next"}),  # Next moves bots only
    "host": frozenset(),
}
_FIELDS = {
    "join": {"type", "token"},
    "intent": {"type", "content"},
    "ping": {"type"},
    "host": {"type", "action"},
}
_FILE = re.compile(f"^{FILE_NAME}$")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _secured(app: ASGIApp) -> ASGIApp:
    """Put the security headers on every HTTP response."""
    extra = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def secured(scope: Scope, receive: Receive, send: Send) -> None:
        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in extra}
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message["headers"] = kept + extra
            await send(message)

        await app(scope, receive, send_secured if scope["type"] == "http" else send)

    return secured


def _room_of(request: Request | WebSocket) -> str | None:
    """The room a path names (``/r/<room>/...``), or ``None`` for the paths without one."""
    room = request.path_params.get("room")
    if room is not None and not ROOM_ID.match(str(room)):
        raise HTTPException(404, "There is no such room here.")
    return None if room is None else str(room)


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        _room_of(request)
        path = STATIC / name
        if not path.is_file():
            return PlainTextResponse(f"This server has no {name} page installed.", 404)
        return FileResponse(path, media_type="text/html")

    return page


async def _static(request: Request) -> Response:
    _room_of(request)
    name = str(request.path_params["name"])
    path = WIDGET_CSS if name == "widget.css" else STATIC / name
    if not _FILE.match(name) or not path.is_file():
        return PlainTextResponse("There is no such file here.", 404)
    return FileResponse(path)


async def _health(request: Request) -> Response:
    return JSONResponse({"ok": True})


def too_large() -> str:
    """The refusal of a message over :data:`MAX_MESSAGE` bytes, whatever its size."""
    return f"That message is too large (at most {MAX_MESSAGE:,} bytes)."


class _Lobby:
    """Counts the connections that have not joined yet, in all and by address."""

    def __init__(self, most: int, most_per_address: int) -> None:
        self.most, self.most_per_address = most, most_per_address
        self.waiting: collections.Counter[str] = collections.Counter()
        self.total = 0

    def enter(self, address: str) -> bool:
        """Count one in, if there is room for it (else ``False`` and nothing counted)."""
        if self.total >= self.most or self.waiting[address] >= self.most_per_address:
            return False
        self.waiting[address] += 1
        self.total += 1
        return True

    def leave(self, address: str) -> None:
        """Count one out (it joined, or it is gone)."""
        self.total -= 1
        self.waiting[address] -= 1
        if self.waiting[address] <= 0:
            del self.waiting[address]


def make_app(
    rooms: Rooms,
    *,
    join_seconds: float = JOIN_SECONDS,
    rate: int = RATE,
    waiting: int = MAX_WAITING,
    waiting_per_address: int = MAX_WAITING_PER_ADDRESS,
) -> ASGIApp:
    """The ASGI app serving ``rooms`` (see the module's docstring)."""
    lobby = _Lobby(waiting, waiting_per_address)

    async def ws(websocket: WebSocket) -> None:
        room = websocket.path_params.get("room")
        address = websocket.client.host if websocket.client else ""
        await websocket.accept()
        if room is not None and not ROOM_ID.match(str(room)):
            await websocket.close(4403)
            return
        if not lobby.enter(address):
            await websocket.send_text(json.dumps({"type": "refused", "text": BUSY}))
            await websocket.close(BUSY_CODE, BUSY)
            return
        session = _Session(rooms, websocket, join_seconds, rate, room)
        session.admitted = lambda: lobby.leave(address)
        await session.run()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        keeper = asyncio.ensure_future(_keep(rooms)) if rooms.holder else None
        yield
        if keeper is not None:
            keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await keeper

    routes: list[Route | WebSocketRoute] = [Route("/health", _health)]
    for prefix in ("/r/{room}", ""):  # a room's own path, and one server's plain paths
        routes += [
            Route(f"{prefix}/join", _page("join.html")),
            Route(f"{prefix}/host", _page("host.html")),
            Route(f"{prefix}/static/{{name}}", _static),
            WebSocketRoute(f"{prefix}/ws", ws),
        ]
    return _secured(Starlette(routes=routes, lifespan=lifespan))


async def _keep(rooms: Rooms) -> None:
    """Renew the server's holds on its rooms every third of a lease, until cancelled."""
    while True:
        await asyncio.sleep(rooms.lease / 3)
        with contextlib.suppress(Exception):  # a busy store: the next turn tries again
            rooms.keep()


class _Session:
    """One websocket: the join, then every message checked and answered in turn."""

    def __init__(
        self,
        rooms: Rooms,
        websocket: WebSocket,
        join_seconds: float,
        rate: int,
        room: str | None = None,
    ):
        self.rooms, self.ws, self.room = rooms, websocket, room
        self.join_seconds, self.rate = join_seconds, rate
        self.conn: Connection | None = None
        self.authority: Authority | None = None
        self.widget: GameWidget | None = None
        self.times: collections.deque[float] = collections.deque()
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        #: Told once, when the connection has joined or is gone: it leaves the lobby.
        self.admitted: Callable[[], None] = lambda: None

    def _out_of_lobby(self) -> None:
        admitted, self.admitted = self.admitted, lambda: None
        admitted()

    async def run(self) -> None:
        sender = asyncio.ensure_future(self._send_all())
        try:
            await self._receive_all()
        except WebSocketDisconnect:
            pass
        finally:
            self._out_of_lobby()
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
            self._leave()

    # -- sending ------------------------------------------------------------------------

    async def _send_all(self) -> None:
        while True:
            message = await self.queue.get()
            code = message.pop("code", None)
            await self.ws.send_text(json.dumps(message))
            if code is not None:
                await self.ws.close(code)
                return

    def _say(self, kind: str, text: str, code: int | None = None) -> None:
        self.queue.put_nowait({"type": kind, "text": text, **({"code": code} if code else {})})

    # -- receiving ----------------------------------------------------------------------

    async def _receive_all(self) -> None:
        deadline = asyncio.get_running_loop().time() + self.join_seconds
        while True:
            if self.conn is None:
                left = deadline - asyncio.get_running_loop().time()
                try:
                    message = await asyncio.wait_for(self.ws.receive(), max(left, 0))
                except asyncio.TimeoutError:
                    self._say("closed", "No link was given in time; open the link again.", 4401)
                    await self._drain()
                    return
            else:
                message = await self.ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            try:
                self._one(message.get("text"), message.get("bytes"))
            except Exception:  # never the message itself: it may hold a token
                self._say("refused", "The server could not handle that message.")

    async def _drain(self) -> None:
        while not self.queue.empty():  # let the sender say the last words and close
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)

    def _one(self, text: str | None, data: bytes | None) -> None:
        if self._too_fast():
            return self._say("refused", "Too many messages at once; wait a moment.")
        if text is None:
            return self._say("refused", "Messages are JSON text, not binary data.")
        if len(text) > MAX_MESSAGE or len(text.encode()) > MAX_MESSAGE:
            return self._say("refused", too_large())
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            return self._say("refused", "That message is not JSON.")
        kind = message.get("type") if isinstance(message, dict) else None
        if not isinstance(kind, str) or kind not in _FIELDS:
            return self._say(
                "refused", f"Unknown message type; the types are {', '.join(_FIELDS)}."
            )
        if set(message) != _FIELDS[kind]:
            wanted = ", ".join(sorted(_FIELDS[kind]))
            return self._say("refused", f"A {kind} message has exactly the fields {wanted}.")
        getattr(self, f"_on_{kind}")(message)

    def _too_fast(self) -> bool:
        now = time.monotonic()
        self.times.append(now)
        while self.times and self.times[0] < now - RATE_WINDOW:
            self.times.popleft()
        return len(self.times) > self.rate * RATE_WINDOW

    def _on_ping(self, message: dict[str, Any]) -> None:
        self.queue.put_nowait({"type": "pong"})

    def _on_join(self, message: dict[str, Any]) -> None:
        if self.conn is not None:
            return self._say("refused", "This connection has already joined.")
        opened = self.rooms.open(message["token"], self.room)
        if isinstance(opened, str):
            return self._say("closed", opened, 1013 if opened == ELSEWHERE else 4403)
        authority, role, seat = opened
        loop = asyncio.get_running_loop()
        conn = Connection(authority.room, role, seat, self.queue, loop)
        if role == "host":
            conn.host_token = message["token"]
            traits: dict[str, Any] = {"room": self.rooms.host_state(conn)}
        else:
            widget = authority.widget(role, seat)
            names = synced_traits(widget)
            traits = traits_of(widget)

            def changed(change: dict[str, Any]) -> None:
                conn.push({"type": "traits", "traits": {change["name"]: change["new"]}})

            widget.observe(changed, names=names)
            conn.unwatch.append(lambda: widget.unobserve(changed, names=names))
            self.widget = widget
        self.conn, self.authority = conn, authority
        self._out_of_lobby()
        title = self.rooms.store.room(authority.room).title
        self.queue.put_nowait(
            {"type": "welcome", "role": role, "seat": seat, "room": title, "traits": traits}
        )
        self.rooms.connected(conn)

    def _joined(self) -> Connection | None:
        if self.conn is None:
            self._say("refused", "Join with your link first.")
            return None
        if not self.rooms.store.is_open(self.conn.room):  # closed by another process
            self.rooms.close(self.conn.room)
            return None
        return self.conn

    def _on_intent(self, message: dict[str, Any]) -> None:
        conn = self._joined()
        if conn is None:
            return
        content = message["content"]
        allowed = ROLE_INTENTS[conn.role]
        kind = content.get("kind") if isinstance(content, dict) else None
        if self.widget is None or (allowed is not None and kind not in allowed):
            return self._say("refused", f"The {conn.role} page may not send that request.")
        self.widget.handle_intent(content)
        if self.authority is not None and self.authority.stale:
            self.rooms.authority(conn.room)  # read again from the store; devices reconnect

    def _on_host(self, message: dict[str, Any]) -> None:
        conn = self._joined()
        if conn is None:
            return
        if conn.role != "host":
            return self._say("refused", "Only the host's page may do that.")
        if message["action"] != "close":
            return self._say("refused", "The host may only close the room from here.")
        self.rooms.close(conn.room)

    def _leave(self) -> None:
        if self.conn is not None:
            for undo in self.conn.unwatch:
                undo()
            self.rooms.disconnected(self.conn)
            self.conn = None
