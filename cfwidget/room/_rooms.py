"""The rooms a server holds: their authorities, who is connected, and the host's view.

:class:`Rooms` opens a link's token to its room, role and seat (resuming the room from the
store when it is not in memory yet), counts each seat's connections, builds the host page's
state (the seats, who is connected, each seat's link and QR code, the game's state) and
closes rooms. Each connection is a :class:`Connection` with a queue of messages to send;
the app sends them (:mod:`._app`).

>>> from cfwidget.room._settings import room_settings
>>> rooms = Rooms(RoomStore(":memory:"), "http://192.0.2.1:8765")
>>> host = rooms.create("Club", room_settings("Ann, Bob", seed=1))
>>> rooms.base_url + "/host#" + host == rooms.host_link(host)
True
>>> opened = rooms.open(seat_token(host, 1))
>>> opened[1:], opened[0].names()
(('seat', 1), ['Ann', 'Bob'])
>>> rooms.open("s.not-a-real-link")
'This link does not open a seat any more. Ask the host for a new link.'
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ._authority import Authority
from ._errors import RoomError
from ._settings import TITLE_LIMIT, clean_text
from ._store import RoomStore
from ._tokens import new_host_token, role_of, seat_token, table_token, token_hash

__all__ = ["CLOSED_ROOM", "DEAD_LINK", "Connection", "Rooms", "create_room", "qr_svg"]

DEAD_LINK = "This link does not open a seat any more. Ask the host for a new link."
RELOADED = "The game was changed elsewhere; reconnecting to it."
CLOSED_ROOM = "The host closed this room. Thank you for playing."


def qr_svg(link: str) -> str:
    """A QR code of ``link`` as an SVG element (text), for a phone's camera.

    >>> qr_svg("http://192.0.2.1:8765/join#s.x").startswith("<svg")
    True
    """
    import segno  # the server's extra: pip install 'cfwidget[room]'

    return str(segno.make(link, error="m").svg_inline(scale=4, border=2, dark="#000"))


@dataclass(eq=False)
class Connection:
    """One device's websocket after its join: its room, role, seat and outgoing queue."""

    room: str
    role: str
    seat: int | None
    queue: asyncio.Queue[dict[str, Any]]
    loop: asyncio.AbstractEventLoop
    host_token: str = ""  # kept in memory only, to derive the links the host page shows
    unwatch: list[Callable[[], None]] = field(default_factory=list)

    def push(self, message: dict[str, Any]) -> None:
        """Queue a message for the device, from any thread."""
        with contextlib.suppress(RuntimeError):  # the loop has stopped: nobody to tell
            self.loop.call_soon_threadsafe(self.queue.put_nowait, message)


class Rooms:
    """The open rooms of one store, served with links under ``base_url``."""

    def __init__(self, store: RoomStore, base_url: str) -> None:
        self.store = store
        self.base_url = base_url.rstrip("/")
        self._live: dict[str, Authority] = {}
        self._connections: dict[str, set[Connection]] = {}
        self._qr: dict[str, str] = {}
        #: Told ``(room, role, seat, devices now connected there)`` whenever a device joins
        #: or leaves (on the server's loop): a remote session's app notes the client's.
        self.watchers: list[Callable[[str, str, int | None, int], None]] = []
        #: Told ``True`` after rooms were read from the store into memory, ``False`` after a
        #: room left it (closed, or read again): ``cfwidget serve`` keeps the rooms' long-lived
        #: objects out of the garbage collector's way (see :mod:`._serve`).
        self.kept: list[Callable[[bool], None]] = []

    def _tell_kept(self, added: bool) -> None:
        for tell in list(self.kept):
            tell(added)

    # -- rooms ----------------------------------------------------------------------

    def create(self, title: str, settings: dict[str, Any]) -> str:
        """A new game room in the store; its host token (shown once, never stored)."""
        return create_room(self.store, title, settings)[1]

    def resume_all(self) -> list[str]:
        """Rebuild every open room of the store from its events; their ids."""
        for info in self.store.rooms(open_only=True):
            if info.kind == "game" and info.id not in self._live:
                self._live[info.id] = self._watched(Authority.resume(self.store, info.id))
        self._tell_kept(True)
        return list(self._live)

    def add(self, authority: Authority) -> None:
        """Serve a room whose authority is already built (a notebook hosting its game)."""
        self._live[authority.room] = self._watched(authority)

    def _watched(self, authority: Authority) -> Authority:
        authority.changed.append(lambda: self.tell_hosts(authority.room))
        return authority

    def authority(self, room: str) -> Authority:
        """The room's authority, resumed from the store if it is not in memory."""
        live = self._live.get(room)
        if live is not None and live.stale:  # another process played it: read it again
            self._live.pop(room)
            for conn in list(self._connections.get(room, ())):
                conn.push({"type": "closed", "text": RELOADED, "code": 1012})
            live.stop()
            self._tell_kept(False)
        if room not in self._live:
            self._live[room] = self._watched(Authority.resume(self.store, room))
            self._tell_kept(True)
        return self._live[room]

    def open(self, token: object) -> tuple[Authority, str, int | None] | str:
        """(authority, role, seat) of a link's token, or the sentence that refuses it."""
        role = role_of(token)
        if role is None or not isinstance(token, str):
            return DEAD_LINK
        found = self.store.find(token_hash(token))
        if found is None or found[1] != role:
            return DEAD_LINK
        room, _, seat = found
        try:
            authority = self.authority(room)
            if role != "host":
                authority.widget(role, seat)
        except RoomError as exc:
            return str(exc)
        return authority, role, seat

    def close(self, room: str) -> None:
        """Close a room: a ``closed`` event, every device told, its widgets closed."""
        if self.store.is_open(room):
            self.store.close(room)
        for conn in list(self._connections.get(room, ())):
            conn.push({"type": "closed", "text": CLOSED_ROOM, "code": 4410})
        authority = self._live.pop(room, None)
        if authority is not None:
            authority.stop()
            self._tell_kept(False)

    # -- connections -----------------------------------------------------------------

    def connected(self, conn: Connection) -> None:
        """Count a device in; the host pages and :attr:`watchers` hear of it."""
        self._connections.setdefault(conn.room, set()).add(conn)
        self.tell_hosts(conn.room)
        self._tell_watchers(conn)

    def disconnected(self, conn: Connection) -> None:
        """Count a device out; the host pages and :attr:`watchers` hear of it."""
        self._connections.get(conn.room, set()).discard(conn)
        self.tell_hosts(conn.room)
        self._tell_watchers(conn)

    def _tell_watchers(self, conn: Connection) -> None:
        count = self.count(conn.room, conn.role, conn.seat)
        for watch in list(self.watchers):
            watch(conn.room, conn.role, conn.seat, count)

    def count(self, room: str, role: str, seat: int | None = None) -> int:
        """How many devices are connected to a room's seat (or table, or host page)."""
        return sum(1 for c in self._connections.get(room, ()) if c.role == role and c.seat == seat)

    def tell_hosts(self, room: str) -> None:
        """Send the room's state to every host page connected to it."""
        for conn in list(self._connections.get(room, ())):
            if conn.role == "host":
                conn.push({"type": "traits", "traits": {"room": self.host_state(conn)}})

    # -- the host page ---------------------------------------------------------------

    def host_link(self, host: str) -> str:
        """The host page's link of a host token."""
        return f"{self.base_url}/host#{host}"

    def _link(self, token: str) -> dict[str, str]:
        link = f"{self.base_url}/join#{token}"
        if link not in self._qr:
            self._qr[link] = qr_svg(link)
        return {"link": link, "qr": self._qr[link]}

    def host_state(self, conn: Connection) -> dict[str, Any]:
        """What the host page shows: seats, links, QR codes, connections, the game's state."""
        room = conn.room
        info = self.store.room(room)
        authority = self._live.get(room)
        seats = []
        for i, seat in enumerate(info.settings["seats"]):
            person = not seat["bot"]
            entry: dict[str, Any] = {
                "seat": i,
                "name": seat["name"],
                "player": "person" if person else "bot",
                "connected": self.count(room, "seat", i),
            }
            if person:
                entry.update(self._link(seat_token(conn.host_token, i)))
            seats.append(entry)
        game = authority.game if authority else None
        return {
            "title": info.title,
            "kind": info.kind,
            "seats": seats,
            "table": {
                **self._link(table_token(conn.host_token)),
                "connected": self.count(room, "table"),
            },
            "status": authority.status() if authority else "This room is closed.",
            "round": game.round_number if game else 0,
            "moves": sum(len(r.moves) for r in game.rounds) if game else 0,
            "closed": not info.open,
        }


def create_room(
    store: RoomStore, title: str, settings: dict[str, Any], kind: str = "game"
) -> tuple[str, str]:
    """A new room with these settings in the store: its id and its host token (which is
    never stored: only its hash is). ``kind`` is ``"game"`` (``cfwidget serve`` resumes it)
    or ``"widget"`` (a notebook hosts a widget it shows: the room ends with the notebook)."""
    host = new_host_token()
    hashes: dict[str, tuple[str, int | None]] = {token_hash(host): ("host", None)}
    for i, seat in enumerate(settings["seats"]):
        if not seat["bot"]:
            hashes[token_hash(seat_token(host, i))] = ("seat", i)
    hashes[token_hash(table_token(host))] = ("table", None)
    room = store.create(clean_text(title, TITLE_LIMIT) or "Chicken Foot", kind, settings, hashes)
    return room, host
