"""The rooms a server holds: their authorities, who is connected, and the host's view.

:class:`Rooms` opens a link's token to its room, role and seat (resuming the room from the
store when it is not in memory yet), counts each seat's connections, builds the host page's
state (the seats, who is connected, each seat's link and QR code, the game's state) and
closes rooms. Each connection is a :class:`Connection` with a queue of messages to send;
the app sends them (:mod:`._app`).

A room's pages live under its own path, ``/r/<room>/`` (:func:`room_path`): the room's id is
not a secret (the token after ``#`` is), so a proxy may route each room to one of several
server processes by its id. Given a ``holder`` name, the server holds each room it serves by
a lease in the store (:meth:`RoomStore.claim`) and serves no room another live process holds;
:meth:`Rooms.keep` renews the leases and hands a room over when another process asks for it.

>>> from cfwidget.room._settings import room_settings
>>> rooms = Rooms(RoomStore(":memory:"), "http://192.0.2.1:8765")
>>> host = rooms.create("Club", room_settings("Ann, Bob", seed=1))
>>> room = rooms.store.rooms()[0].id
>>> rooms.host_link(room, host) == f"http://192.0.2.1:8765/r/{room}/host#{host}"
True
>>> opened = rooms.open(seat_token(host, 1), room)
>>> opened[1:], opened[0].names()
(('seat', 1), ['Ann', 'Bob'])
>>> rooms.open(seat_token(host, 1), "0ther000") == DEAD_LINK  # a link of another room
True
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core import Game
from ._authority import Authority
from ._errors import RoomError
from ._gamewords import game_words
from ._settings import TITLE_LIMIT, clean_text
from ._store import RoomStore
from ._tokens import new_host_token, role_of, seat_token, table_token, token_hash

__all__ = [
    "CLOSED_ROOM",
    "DEAD_LINK",
    "ELSEWHERE",
    "LEASE",
    "Connection",
    "Rooms",
    "create_room",
    "qr_svg",
    "room_path",
]

DEAD_LINK = "This link does not open a seat any more. Ask the host for a new link."
RELOADED = "The game was changed elsewhere; reconnecting to it."
CLOSED_ROOM = "The host closed this room. Thank you for playing."
ELSEWHERE = "This room is on its way from another server; reconnecting."
MOVED = "This room moves to another server; reconnecting."
#: Seconds a server's hold on a room lasts unless renewed (it renews every third of it).
LEASE = 15.0
#: What a room's id may look like in a path (the store makes 8 hex digits).
ROOM_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def room_path(base_url: str, room: str) -> str:
    """The address under which a room's pages and websocket live.

    >>> room_path("https://rooms.example.org/", "1a2b3c4d")
    'https://rooms.example.org/r/1a2b3c4d'
    """
    return f"{base_url.rstrip('/')}/r/{room}"


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
    """The open rooms of one store, served with links under ``base_url``.

    ``holder``: this server process's name among those sharing the store (``None``: the
    only one, as a notebook's room is); it then holds each room it serves by a lease of
    ``lease`` seconds, which :meth:`keep` renews.
    """

    def __init__(
        self, store: RoomStore, base_url: str, holder: str | None = None, lease: float = LEASE
    ) -> None:
        self.store = store
        self.base_url = base_url.rstrip("/")
        self.holder, self.lease = holder, lease
        #: Whether each room's pages live under ``/r/<room>/`` of ``base_url`` (a server of
        #: many rooms); ``False`` when ``base_url`` is already one room's own address (the
        #: Jupyter server's route to a notebook's room).
        self.room_paths = True
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
        #: Told the room's id after each stored change of its game and when it closes (on
        #: the thread that changed it): a teacher's class page redraws that room's row.
        self.changes: list[Callable[[str], None]] = []

    def _tell_kept(self, added: bool) -> None:
        for tell in list(self.kept):
            tell(added)

    # -- rooms ----------------------------------------------------------------------

    def create(self, title: str, settings: dict[str, Any]) -> str:
        """A new game room in the store; its host token (shown once, never stored)."""
        return create_room(self.store, title, settings)[1]

    def resume_all(self, free: bool = True) -> list[str]:
        """Rebuild the store's open rooms from their events; their ids. With a holder: the
        rooms it held before (a restart), and the free ones too if ``free``, never one another
        live process holds. A room not resumed here resumes on its first link (behind a
        proxy, in the process the proxy sends its devices to)."""
        held = self.store.holders() if self.holder else {}
        for info in self.store.rooms(open_only=True):
            if info.kind != "game" or info.id in self._live:
                continue
            holder, alive = held.get(info.id, ("", False))
            if self.holder and holder != self.holder and (alive or not free):
                continue
            if self.holder and self.store.claim(info.id, self.holder, self.lease):
                continue
            self._live[info.id] = self._watched(Authority.resume(self.store, info.id))
        self._tell_kept(True)
        return list(self._live)

    def add(self, authority: Authority) -> None:
        """Serve a room whose authority is already built (a notebook hosting its game)."""
        self._live[authority.room] = self._watched(authority)

    def _watched(self, authority: Authority) -> Authority:
        authority.changed.append(lambda: self._changed(authority.room))
        return authority

    def _changed(self, room: str) -> None:
        self.tell_hosts(room)
        for tell in list(self.changes):
            tell(room)

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
            if self.holder and self.store.claim(room, self.holder, self.lease):
                raise RoomError(ELSEWHERE)  # open() says it; the app asks the page to retry
            try:
                self._live[room] = self._watched(Authority.resume(self.store, room))
            except RoomError:  # a room that cannot be served here is not held either
                if self.holder:
                    self.store.release(room, self.holder)
                raise
            self._tell_kept(True)
        return self._live[room]

    def live(self, room: str) -> Authority | None:
        """The room's authority if it is in memory now (``None`` once closed)."""
        return self._live.get(room)

    def open(
        self, token: object, room: str | None = None
    ) -> tuple[Authority, str, int | None] | str:
        """(authority, role, seat) of a link's token, or the sentence that refuses it
        (:data:`ELSEWHERE` when another live process holds the room: the device retries).
        ``room``: the room the link's path names; a token of another room is refused."""
        role = role_of(token)
        if role is None or not isinstance(token, str):
            return DEAD_LINK
        found = self.store.find(token_hash(token))
        if found is None or found[1] != role or (room is not None and found[0] != room):
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
        if self.holder:
            self.store.release(room, self.holder)
        for tell in list(self.changes):
            tell(room)

    def keep(self) -> None:
        """Renew this process's leases (every third of :attr:`lease`): a room closed from
        the command line is closed here too; a room another process took (this one was
        stopped too long) or asked for (the proxy now sends its devices there) is handed
        over: its devices reconnect, through the proxy, to that process."""
        if not self.holder:
            return
        for room in list(self._live):
            if not self.store.is_open(room):
                self.close(room)
        lost, wanted = self.store.renew(self.holder, list(self._live), self.lease)
        for room in [*lost, *(room for room, _ in wanted)]:
            authority = self._live.pop(room, None)
            for conn in list(self._connections.get(room, ())):
                conn.push({"type": "closed", "text": MOVED, "code": 1012})
            if authority is not None:
                authority.stop()
                self._tell_kept(False)
            self.store.release(room, self.holder)

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

    def host_link(self, room: str, host: str) -> str:
        """The host page's link of a room's host token."""
        return f"{self._root(room)}/host#{host}"

    def join_link(self, room: str, token: str) -> str:
        """The join page's link of a room's seat or table token."""
        return f"{self._root(room)}/join#{token}"

    def _root(self, room: str) -> str:
        return room_path(self.base_url, room) if self.room_paths else self.base_url

    def _link(self, room: str, token: str) -> dict[str, str]:
        link = self.join_link(room, token)
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
                entry.update(self._link(room, seat_token(conn.host_token, i)))
            seats.append(entry)
        game = authority.game if authority else None
        return {
            "title": info.title,
            "kind": info.kind,
            "seats": seats,
            "table": {
                **self._link(room, table_token(conn.host_token)),
                "connected": self.count(room, "table"),
            },
            "status": authority.status() if authority else "This room is closed.",
            **_class_words(game, not info.open),
            "round": game.round_number if game else 0,
            "moves": sum(len(r.moves) for r in game.rounds) if game else 0,
            "closed": not info.open,
        }


def _class_words(game: Game | None, closed: bool) -> dict[str, str]:
    """The game's state and totals in the class page's words (``game``, ``totals``)."""
    state, totals = game_words(game.round, game) if game else ("", "")
    return {"game": "Closed: its links no longer work." if closed else state, "totals": totals}


def create_room(
    store: RoomStore,
    title: str,
    settings: dict[str, Any],
    kind: str = "game",
    prefix: str = "",
) -> tuple[str, str]:
    """A new room with these settings in the store: its id and its host token (which is
    never stored: only its hash is). ``kind`` is ``"game"`` (``cfwidget serve`` resumes it)
    or ``"widget"`` (a notebook hosts a widget it shows: the room ends with the notebook);
    ``prefix`` starts the room's id (see :meth:`RoomStore.create`)."""
    host = new_host_token()
    hashes: dict[str, tuple[str, int | None]] = {token_hash(host): ("host", None)}
    for i, seat in enumerate(settings["seats"]):
        if not seat["bot"]:
            hashes[token_hash(seat_token(host, i))] = ("seat", i)
    hashes[token_hash(table_token(host))] = ("table", None)
    title = clean_text(title, TITLE_LIMIT) or "Chicken Foot"
    room = store.create(title, kind, settings, hashes, prefix)
    return room, host
