"""A real ``cfwidget serve``: kill -9 mid-round, start again, every device rejoins, 0 moves lost.

The server runs as a subprocess on a free port with a store file; devices are the
``websockets`` package's sync client. Its output (uvicorn's log included) never holds a token.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from cfwidget.room._tokens import seat_token
from tests.helpers.processes import free_port
from tests.room.devices import Server, act, cli


@pytest.fixture
def workplace(tmp_path: Path) -> Iterator[tuple[Path, Path, list[Server]]]:
    servers: list[Server] = []
    yield tmp_path / "rooms.db", tmp_path / "server.log", servers
    for server in servers:
        if server.process.poll() is None:
            server.kill()


def test_kill_9_mid_round_then_every_device_rejoins_with_nothing_lost(
    workplace: tuple[Path, Path, list[Server]],
) -> None:
    store, log, servers = workplace
    said = cli("room", "new", "--store", str(store), "--players", "Ann,bot:tips")
    said += cli("room", "new", "--store", str(store), "--players", "Cy,Di,bot:greedy")
    hosts = [line.split("#", 1)[1] for line in said.splitlines() if "/host#" in line]
    assert len(hosts) == 2
    port = free_port()
    servers.append(Server(store, port, log))
    ann, ann_view = servers[0].device(seat_token(hosts[0], 0))
    servers[0].device(seat_token(hosts[1], 0))
    for _ in range(6):
        ann_view = act(ann, ann_view, 0)
    servers[0].kill()  # mid-round: nothing was said to the server beforehand
    listed = cli("room", "list", "--store", str(store)).splitlines()
    assert len(listed) == 2 and all(" open " in line for line in listed)
    room = listed[0].split()[0]
    kept = json.loads(cli("room", "record", "--store", str(store), room))
    assert kept["names"] == ["Ann", "Tips 2"] and len(kept["rounds"][0]) >= 6

    servers.append(Server(store, port, log))
    again, view = servers[1].device(seat_token(hosts[0], 0))
    for same in ("log", "hand", "status", "table", "players"):
        assert view[same] == ann_view[same], same
    _, cy_view = servers[1].device(seat_token(hosts[1], 0))
    assert cy_view["seat"] == 0 and cy_view["names"][:2] == ["Cy", "Di"]
    act(again, view, 0)  # the game goes on where it was
    servers[1].kill()
    after = json.loads(cli("room", "record", "--store", str(store), room))
    assert after["rounds"][0][: len(kept["rounds"][0])] == kept["rounds"][0]
    assert len(after["rounds"][0]) > len(kept["rounds"][0])

    output = log.read_text()
    assert "Listening on 127.0.0.1" in output and "2 open rooms resumed" in output
    for host in hosts:
        for secret in (host, seat_token(host, 0), host[2:12], seat_token(host, 0)[2:12]):
            assert secret not in output
