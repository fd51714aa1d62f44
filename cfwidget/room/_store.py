"""The rooms' store: one SQLite file in WAL mode, with an append-only table of events.

Each room is a row (id, title, kind, settings as JSON, time created); its tokens are kept as
SHA-256 hashes only; everything that happens in it is an event appended as it happens (one
committed transaction per change, so killing the server loses nothing written). Events are
never updated or deleted: closing a room appends a ``closed`` event, and a closed room's
tokens are refused. The one way to remove a closed room's data is :meth:`RoomStore.erase`
(for a clinic's privacy rules), which removes the room, its tokens and its events at once.
Several server processes may share the file: each room is *held* by at most one live process
at a time, by a lease in the store that its holder renews (:meth:`RoomStore.claim`,
:meth:`RoomStore.renew`).

>>> store = RoomStore(":memory:")
>>> room = store.create("Tuesday club", "game", {"names": ["Ann", "Bob"]}, {"aa": ("host", None)})
>>> store.append(room, [("move", {"move": "9-1@9-9"})])
1
>>> [e.kind for e in store.events(room)], store.find("aa") == (room, "host", None)
(['move'], True)
>>> store.claim(room, "a", 15), store.claim(room, "b", 15)
(None, 'a')
>>> store.renew("a", [room], 15) == ([], [(room, "b")])  # b asked for it
True
>>> store.close(room); store.is_open(room), store.find("aa")
(False, None)
"""

from __future__ import annotations

import json
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ._errors import RoomError

__all__ = ["SYNC", "Event", "RoomInfo", "RoomStore"]

#: The store's ways of committing: see :class:`RoomStore`.
SYNC = ("normal", "full")

_PREFIX = re.compile(r"^[a-z0-9]{1,16}$")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY, title TEXT NOT NULL, kind TEXT NOT NULL,
    settings TEXT NOT NULL, created TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY, room TEXT NOT NULL REFERENCES rooms(id),
    role TEXT NOT NULL, seat INTEGER);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL REFERENCES rooms(id),
    at TEXT NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS events_by_room ON events(room, id);
CREATE INDEX IF NOT EXISTS events_by_kind ON events(room, kind);
CREATE TABLE IF NOT EXISTS erasing (room TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS holders (
    room TEXT PRIMARY KEY, holder TEXT NOT NULL, until REAL NOT NULL, wanted TEXT);
CREATE TRIGGER IF NOT EXISTS events_are_never_changed BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_are_never_deleted BEFORE DELETE ON events
WHEN NOT EXISTS (SELECT 1 FROM erasing WHERE erasing.room = OLD.room)
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
"""


@dataclass(frozen=True)
class Event:
    """One thing that happened in a room: its number, time (UTC, ISO), kind and data."""

    id: int
    at: str
    kind: str
    data: dict[str, Any]


@dataclass(frozen=True)
class RoomInfo:
    """A room's row: id, title, kind, settings, when it was created, and whether it is open."""

    id: str
    title: str
    kind: str
    settings: dict[str, Any]
    created: str
    open: bool


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


class RoomStore:
    """The rooms of one SQLite file (``":memory:"`` keeps them in memory only).

    One connection, shared by the threads of one process under a lock; several processes
    may open the same file (WAL mode lets readers and one writer work at once).

    ``sync`` is SQLite's ``synchronous`` setting: ``"normal"`` (the default) commits each
    change to the write-ahead log without waiting for the disk, so a server that is killed
    (even ``kill -9``) loses nothing committed, and the disk is flushed at each checkpoint;
    only a power cut or a crash of the machine itself may lose the last moments' moves
    (the file stays whole). ``"full"`` waits for the disk at every commit (nothing lost
    even then; each move then waits for the disk, milliseconds on a busy one).
    """

    def __init__(self, path: str | Path, *, sync: str = "normal") -> None:
        if sync not in SYNC:
            raise RoomError(f"sync must be one of {', '.join(SYNC)}, not {sync!r}")
        self.path = str(path)
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA busy_timeout = 5000")
            self.journal = str(self._db.execute("PRAGMA journal_mode = WAL").fetchone()[0])
            self._db.execute(f"PRAGMA synchronous = {sync.upper()}")
            self._db.execute("PRAGMA foreign_keys = ON")
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as exc:
            raise RoomError(f"The rooms' store {self.path} cannot be opened ({exc})") from None
        self._lock = threading.Lock()

    def close_file(self) -> None:
        """Close the connection to the file."""
        self._db.close()

    # -- rooms ------------------------------------------------------------------------

    def create(
        self,
        title: str,
        kind: str,
        settings: Mapping[str, Any],
        hashes: Mapping[str, tuple[str, int | None]],
        prefix: str = "",
    ) -> str:
        """A new room with its settings and token hashes (hash -> (role, seat)); its id:
        8 random hex digits, after ``prefix`` and a dash if one is given (a machine's name, by
        which a proxy routes the room to the machine whose store holds it).

        >>> RoomStore(":memory:").create("Club", "game", {}, {}, prefix="m2")[:3]
        'm2-'
        """
        if prefix and not _PREFIX.match(prefix):
            raise RoomError(
                f"A room's prefix is 1 to 16 small letters and digits (a machine's name), "
                f"got {prefix!r}"
            )
        room = f"{prefix}-{secrets.token_hex(4)}" if prefix else secrets.token_hex(4)
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO rooms VALUES (?, ?, ?, ?, ?)",
                    (room, title, kind, json.dumps(dict(settings)), _now()),
                )
                self._db.executemany(
                    "INSERT INTO tokens VALUES (?, ?, ?, ?)",
                    [(h, room, role, seat) for h, (role, seat) in hashes.items()],
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return room

    def rooms(self, *, open_only: bool = False) -> list[RoomInfo]:
        """Every room, oldest first (only the open ones with ``open_only``)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT r.id, r.title, r.kind, r.settings, r.created, NOT EXISTS ("
                "SELECT 1 FROM events e WHERE e.room = r.id AND e.kind = 'closed') "
                "FROM rooms r ORDER BY r.created, r.id"
            ).fetchall()
        found = [RoomInfo(a, b, c, json.loads(d), e, bool(f)) for a, b, c, d, e, f in rows]
        return [r for r in found if r.open or not open_only]

    def room(self, room: str) -> RoomInfo:
        """One room by its id (a :class:`RoomError` naming the known ones if there is none)."""
        with self._lock:
            row = self._db.execute(
                "SELECT r.id, r.title, r.kind, r.settings, r.created, NOT EXISTS ("
                "SELECT 1 FROM events e WHERE e.room = r.id AND e.kind = 'closed') "
                "FROM rooms r WHERE r.id = ?",
                (room,),
            ).fetchone()
        if row is not None:
            a, b, c, d, e, f = row
            return RoomInfo(a, b, c, json.loads(d), e, bool(f))
        known = ", ".join(r.id for r in self.rooms()) or "none yet"
        raise RoomError(f"There is no room {room!r} in {self.path} (rooms: {known})")

    def is_open(self, room: str) -> bool:
        """True while the room exists and has no ``closed`` event."""
        with self._lock:
            row = self._db.execute(
                "SELECT EXISTS (SELECT 1 FROM rooms WHERE id = ?) AND NOT EXISTS ("
                "SELECT 1 FROM events WHERE room = ? AND kind = 'closed')",
                (room, room),
            ).fetchone()
        return bool(row[0])

    def find(self, digest: str) -> tuple[str, str, int | None] | None:
        """(room, role, seat) of an open room's token hash, or ``None``."""
        with self._lock:
            row = self._db.execute(
                "SELECT hash, room, role, seat FROM tokens WHERE hash = ?", (digest,)
            ).fetchone()
        if row is None or not self.is_open(row[1]):
            return None
        return str(row[1]), str(row[2]), row[3]

    # -- events -----------------------------------------------------------------------

    def append(
        self,
        room: str,
        events: Iterable[tuple[str, Mapping[str, Any]]],
        after: int | None = None,
    ) -> int:
        """Append events to an open room in one committed transaction; the last event's id.

        With ``after``, the room's last event must still be that one (else a
        :class:`RoomError` and nothing is written): another process that plays the same
        room cannot interleave its moves with these.
        """
        rows = [(room, _now(), kind, json.dumps(dict(data))) for kind, data in events]
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                closed = self._db.execute(
                    "SELECT 1 FROM events WHERE room = ? AND kind = 'closed'", (room,)
                ).fetchone()
                if closed is not None:
                    raise RoomError("This room is closed: nothing more is written to it")
                if after is not None and self._last(room) != after:
                    raise RoomError("This room was played on by another server process")
                self._db.executemany(
                    "INSERT INTO events (room, at, kind, data) VALUES (?, ?, ?, ?)", rows
                )
                last = self._last(room)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return last

    def _last(self, room: str) -> int:
        row = self._db.execute("SELECT COALESCE(MAX(id), 0) FROM events WHERE room = ?", (room,))
        return int(row.fetchone()[0])

    def last_event(self, room: str) -> int:
        """The id of the room's last event (0 before any)."""
        with self._lock:
            return self._last(room)

    def events(self, room: str) -> list[Event]:
        """A room's events in the order they happened."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, at, kind, data FROM events WHERE room = ? ORDER BY id", (room,)
            ).fetchall()
        return [Event(i, at, kind, json.loads(data)) for i, at, kind, data in rows]

    def close(self, room: str) -> None:
        """Close a room: a ``closed`` event; its links open nothing any more."""
        self.room(room)
        if self.is_open(room):
            self.append(room, [("closed", {})])

    # -- who holds a room (several server processes on one file) -----------------------

    def claim(self, room: str, holder: str, seconds: float) -> str | None:
        """Hold ``room`` for ``seconds`` as ``holder``; ``None`` when it is now held, else the
        name of the live process that holds it (which is then asked to hand it over).

        A room is free when nobody held it, its holder let it go, or its lease ran out
        (the holder died). A holder claiming again renews its lease (a restarted process
        with the same name gets its rooms back at once).
        """
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute(
                    "SELECT holder, until FROM holders WHERE room = ?", (room,)
                ).fetchone()
                now = time.time()
                if row is not None and row[0] != holder and row[1] > now:
                    self._db.execute("UPDATE holders SET wanted = ? WHERE room = ?", (holder, room))
                    self._db.execute("COMMIT")
                    return str(row[0])
                self._db.execute(
                    "INSERT OR REPLACE INTO holders VALUES (?, ?, ?, NULL)",
                    (room, holder, now + seconds),
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return None

    def renew(
        self, holder: str, rooms: Iterable[str], seconds: float
    ) -> tuple[list[str], list[tuple[str, str]]]:
        """Renew ``holder``'s leases of ``rooms``: (the rooms it no longer holds, the rooms
        another process asked for, with that process's name)."""
        lost: list[str] = []
        wanted: list[tuple[str, str]] = []
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                until = time.time() + seconds
                for room in rooms:
                    row = self._db.execute(
                        "SELECT holder, wanted FROM holders WHERE room = ?", (room,)
                    ).fetchone()
                    if row is None or row[0] != holder:
                        lost.append(room)
                        continue
                    self._db.execute("UPDATE holders SET until = ? WHERE room = ?", (until, room))
                    if row[1] is not None and row[1] != holder:
                        wanted.append((room, str(row[1])))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return lost, wanted

    def release(self, room: str, holder: str) -> None:
        """Let a held room go (another process may claim it at once)."""
        with self._lock:
            self._db.execute("DELETE FROM holders WHERE room = ? AND holder = ?", (room, holder))

    def holders(self) -> dict[str, tuple[str, bool]]:
        """Each held room's holder, and whether its lease still runs (False: it ran out, the
        holder is gone; the room is free)."""
        with self._lock:
            rows = self._db.execute("SELECT room, holder, until FROM holders").fetchall()
        now = time.time()
        return {str(room): (str(holder), until > now) for room, holder, until in rows}

    def erase(self, room: str) -> None:
        """Remove a closed room, its tokens and all its events from the file for good."""
        if self.is_open(self.room(room).id):
            raise RoomError(f"Room {room} is open: close it before erasing it")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("INSERT INTO erasing VALUES (?)", (room,))
                for table, column in (
                    ("events", "room"),
                    ("tokens", "room"),
                    ("holders", "room"),
                    ("rooms", "id"),
                ):
                    self._db.execute(f"DELETE FROM {table} WHERE {column} = ?", (room,))
                self._db.execute("DELETE FROM erasing WHERE room = ?", (room,))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        with self._lock:
            self._db.execute("VACUUM")  # the erased rows leave the file too
