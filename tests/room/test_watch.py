"""Following a server's rooms by their host links (``watch_class``): the same live table.

The rooms are served by the room server (the app ``cfwidget serve`` runs) in this process;
devices join over real websockets; the test only waits while the page's table changes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack

import pytest

from cfwidget.room import RoomError, Rooms, RoomStore, watch_class
from cfwidget.room._class import game_words
from cfwidget.room._host import listening_socket, serve_in_background
from cfwidget.room._rooms import create_room
from cfwidget.room._settings import room_settings
from cfwidget.room._tokens import seat_token
from tests.room.devices import intent_for
from tests.room.test_class import TILE, _join, _row, _shown, _wait


@pytest.fixture
def devices() -> Iterator[ExitStack]:
    with ExitStack() as stack:
        yield stack


def test_a_servers_rooms_are_followed_by_their_host_links(devices: ExitStack) -> None:
    rooms = Rooms(RoomStore(":memory:"), "")
    sock = listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    rooms.base_url = f"http://127.0.0.1:{port}"
    hosts = [
        create_room(
            rooms.store, "Table A", room_settings("Ann, Bob, bot:tips", seed=5, pace="click")
        ),
        create_room(rooms.store, "Table B", room_settings("Cy, Di", seed=6, pace="click")),
    ]
    stop_server = serve_in_background(rooms, sock)
    page = watch_class("\n".join(rooms.host_link(r, h) for r, h in hosts))
    try:
        assert "No longer followed" not in _shown(page)
        _wait(lambda: "Table B" in _shown(page), page, "both rooms")
        assert "Ann: not joined yet Bob: not joined yet Tips 3: computer player" in _row(
            page, "Table A"
        )
        links = str(page.children[1].value)
        assert links.count("<details>") == 2 and links.count("<svg") == 4
        (room_b,) = [r for r in rooms.resume_all() if rooms.store.room(r).title == "Table B"]
        game = rooms.authority(room_b).game
        mover = game.round.turn
        device, welcome = _join(devices, rooms.join_link(room_b, seat_token(hosts[1][1], mover)))
        name = game.names[mover]
        _wait(lambda: f"{name}: here" in _row(page, "Table B"), page, f"{name} here")
        intent = intent_for(welcome["traits"]["view"], mover)
        device.send(json.dumps({"type": "intent", "content": intent}))
        _wait(lambda: len(game.round.moves) == 1, page, "the move played")
        after = game_words(game.round, game)[0]
        _wait(lambda: after in _row(page, "Table B"), page, after)
        assert not TILE.search(_shown(page) + page.text())

        # The server goes down and comes back on the same port: the page follows again.
        device.close()
        stop_server()
        _wait(lambda: "cannot be reached" in _row(page, "Table B"), page, "the server down")
        stop_server = serve_in_background(rooms, listening_socket("127.0.0.1", port))
        _wait(lambda: "cannot be reached" not in _shown(page), page, "the server back")
        assert f"{name}: left (not connected now)" in _row(page, "Table B")

        rooms.close(room_b)  # as cfwidget room close does, seen by the server
        _wait(lambda: "Closed: its links no longer work." in _row(page, "Table B"), page, "closed")
        assert "Table B is closed" in str(page.children[1].value)
        assert "Round 1 of 10" in _row(page, "Table A")
    finally:
        page.stop()
        stop_server()
    assert not page.running and "No longer followed here" in _shown(page)
    with pytest.raises(RoomError, match="Link 2 is not a room's host link"):
        watch_class([rooms.host_link(*hosts[0]), "http://127.0.0.1/join#s.x"])
