"""A real ``cfwidget serve``: kill -9 mid-round, start again, every device rejoins, 0 moves lost.

The server runs as a subprocess on a free port with a store file; devices are the
``websockets`` package's sync client. Its output (uvicorn's log included) never holds a token.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from cfwidget.room._tokens import seat_token
from tests.room.devices import intent_for

REPO = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cli(*args: str) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "cfwidget.room", *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    return out.stdout


class Server:
    """``cfwidget serve`` in a subprocess, its output in a file."""

    def __init__(self, store: Path, port: int, log: Path) -> None:
        self.port, self.log = port, log
        self.devices = contextlib.ExitStack()
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "cfwidget.room",
                    "serve",
                    "--store",
                    str(store),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=REPO,
            )
        for _ in range(600):  # until it answers (or it has stopped)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health") as answer:
                    if json.loads(answer.read()) == {"ok": True}:
                        return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(log.read_text()) from None
                time.sleep(0.05)
        raise RuntimeError("the server did not answer")

    def device(self, token: str) -> tuple[ClientConnection, dict[str, Any]]:
        ws = self.devices.enter_context(connect(f"ws://127.0.0.1:{self.port}/ws"))
        ws.send(json.dumps({"type": "join", "token": token}))
        welcome: dict[str, Any] = json.loads(ws.recv(timeout=30))
        assert welcome["type"] == "welcome", welcome
        return ws, welcome["traits"]["view"]

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.devices.close()


@pytest.fixture
def workplace(tmp_path: Path) -> Iterator[tuple[Path, Path, list[Server]]]:
    servers: list[Server] = []
    yield tmp_path / "rooms.db", tmp_path / "server.log", servers
    for server in servers:
        if server.process.poll() is None:
            server.kill()


def _act(ws: ClientConnection, view: dict[str, Any], seat: int) -> dict[str, Any]:
    """Make the game move on from this seat: play its first move, or press Next; the new view."""
    content = intent_for(view, seat)
    ws.send(json.dumps({"type": "intent", "content": content}))
    while True:
        message = json.loads(ws.recv(timeout=30))
        traits = message.get("traits", {})
        if "view" in traits and traits["view"]["version"] > view["version"]:
            return dict(traits["view"])
        if traits.get("message"):
            raise AssertionError(traits["message"])


def test_kill_9_mid_round_then_every_device_rejoins_with_nothing_lost(
    workplace: tuple[Path, Path, list[Server]],
) -> None:
    store, log, servers = workplace
    said = _cli("room", "new", "--store", str(store), "--players", "Ann,bot:tips")
    said += _cli("room", "new", "--store", str(store), "--players", "Cy,Di,bot:greedy")
    hosts = [line.split("#", 1)[1] for line in said.splitlines() if "/host#" in line]
    assert len(hosts) == 2
    port = _free_port()
    servers.append(Server(store, port, log))
    ann, ann_view = servers[0].device(seat_token(hosts[0], 0))
    servers[0].device(seat_token(hosts[1], 0))
    for _ in range(6):
        ann_view = _act(ann, ann_view, 0)
    servers[0].kill()  # mid-round: nothing was said to the server beforehand
    listed = _cli("room", "list", "--store", str(store)).splitlines()
    assert len(listed) == 2 and all(" open " in line for line in listed)
    room = listed[0].split()[0]
    kept = json.loads(_cli("room", "record", "--store", str(store), room))
    assert kept["names"] == ["Ann", "Tips 2"] and len(kept["rounds"][0]) >= 6

    servers.append(Server(store, port, log))
    again, view = servers[1].device(seat_token(hosts[0], 0))
    for same in ("log", "hand", "status", "table", "players"):
        assert view[same] == ann_view[same], same
    _, cy_view = servers[1].device(seat_token(hosts[1], 0))
    assert cy_view["seat"] == 0 and cy_view["names"][:2] == ["Cy", "Di"]
    _act(again, view, 0)  # the game goes on where it was
    servers[1].kill()
    after = json.loads(_cli("room", "record", "--store", str(store), room))
    assert after["rounds"][0][: len(kept["rounds"][0])] == kept["rounds"][0]
    assert len(after["rounds"][0]) > len(kept["rounds"][0])

    output = log.read_text()
    assert "Listening on 127.0.0.1" in output and "2 open rooms resumed" in output
    for host in hosts:
        for secret in (host, seat_token(host, 0), host[2:12], seat_token(host, 0)[2:12]):
            assert secret not in output
