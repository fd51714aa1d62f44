"""The room's tokens and store: hashes only, WAL, events that are only ever appended."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cfwidget.room import RoomError
from cfwidget.room._store import RoomStore
from cfwidget.room._tokens import (
    new_host_token,
    role_of,
    same_hash,
    seat_token,
    table_token,
    token_hash,
)


def test_tokens_carry_256_random_bits_a_role_and_derive_the_seats() -> None:
    hosts = {new_host_token() for _ in range(50)}
    assert len(hosts) == 50
    host = next(iter(hosts))
    assert role_of(host) == "host" and role_of(seat_token(host, 0)) == "seat"
    assert role_of(table_token(host)) == "table"
    assert len(host) - 2 >= 43  # 32 bytes in base64 without padding
    seats = {seat_token(host, s) for s in range(8)} | {table_token(host)}
    assert len(seats) == 9
    other = new_host_token()
    assert seat_token(other, 0) != seat_token(host, 0)
    assert [role_of(x) for x in ("", "h", "x.abc", 5, None, "s." + "a" * 200)] == [None] * 6
    assert same_hash(token_hash(host), token_hash(host))
    assert not same_hash(token_hash(host), token_hash(other))


def _store(tmp_path: Path) -> tuple[RoomStore, str, str]:
    store = RoomStore(tmp_path / "rooms.db")
    host = new_host_token()
    hashes: dict[str, tuple[str, int | None]] = {
        token_hash(host): ("host", None),
        token_hash(seat_token(host, 0)): ("seat", 0),
    }
    room = store.create("Club", "game", {"seats": []}, hashes)
    return store, room, host


def test_the_store_keeps_hashes_only_in_wal_mode(tmp_path: Path) -> None:
    store, room, host = _store(tmp_path)
    assert store.journal == "wal"
    assert store.find(token_hash(seat_token(host, 0))) == (room, "seat", 0)
    assert store.find(token_hash(seat_token(host, 1))) is None
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert host.encode() not in raw and seat_token(host, 0).encode() not in raw
    assert token_hash(host).encode() in raw


def test_events_are_appended_and_never_changed(tmp_path: Path) -> None:
    store, room, _ = _store(tmp_path)
    store.append(room, [("move", {"move": "9-1@9-9"}), ("undo", {})])
    store.append(room, [("move", {"move": "9-2@9-9"})])
    assert [(e.kind, e.data) for e in store.events(room)] == [
        ("move", {"move": "9-1@9-9"}),
        ("undo", {}),
        ("move", {"move": "9-2@9-9"}),
    ]
    db = sqlite3.connect(tmp_path / "rooms.db")
    for sql in ("UPDATE events SET kind = 'x'", "DELETE FROM events"):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute(sql)
    db.close()
    assert len(store.events(room)) == 3


def test_a_closed_room_refuses_its_tokens_and_new_events(tmp_path: Path) -> None:
    store, room, host = _store(tmp_path)
    store.close(room)
    assert not store.is_open(room)
    assert store.find(token_hash(host)) is None
    with pytest.raises(RoomError, match="closed"):
        store.append(room, [("move", {"move": "9-1@9-9"})])
    assert [e.kind for e in store.events(room)] == ["closed"]
    again = RoomStore(tmp_path / "rooms.db")  # what is written stays written
    assert [r.open for r in again.rooms()] == [False]


def test_erasing_takes_a_closed_room_out_of_the_file(tmp_path: Path) -> None:
    store, room, _ = _store(tmp_path)
    with pytest.raises(RoomError, match="close it before"):
        store.erase(room)
    store.close(room)
    store.erase(room)
    assert store.rooms() == []
    with pytest.raises(RoomError, match="no room"):
        store.room(room)
