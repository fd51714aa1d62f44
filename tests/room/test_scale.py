"""Rooms spread over two real ``cfwidget serve`` processes behind a proxy that routes by room.

The proxy here stands in for nginx's ``hash $room consistent`` (docs/room.md): it reads the
room's id from the path (``/r/<room>/...``), tries the processes in an order given by a hash of
that id (rendezvous hashing: the same room always goes to the same live process, and a dead
process's rooms go to the next one) and passes the websocket (or the page) through. Both
processes share one store file; each holds the rooms it serves by a lease in the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect as connect_async
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.http11 import Request, Response
from websockets.sync.client import ClientConnection, connect

from cfwidget.room._rooms import ELSEWHERE
from cfwidget.room._store import RoomStore
from cfwidget.room._tokens import seat_token
from tests.helpers.processes import free_port
from tests.room.devices import REPO, Server, act, cli

ROOM_PATH = re.compile(r"^/r/([A-Za-z0-9_-]{1,64})/")
#: Close codes one side may send on (a dropped connection, 1006, becomes 1011).
SENDABLE = {1000, 1001, 1011, 1012, 1013, 1014}


def order(room: str, ports: list[int]) -> list[int]:
    """The processes to try for a room, best first (the highest hash of port and room)."""
    return sorted(ports, key=lambda p: hashlib.sha256(f"{p}/{room}".encode()).digest())[::-1]


class RoomProxy:
    """A routing proxy for ``/r/<room>/...`` on its own thread (see the module's docstring)."""

    def __init__(self, ports: list[int]) -> None:
        self.ports, self.port = ports, free_port()
        self.routed: list[tuple[str, int]] = []  # (room, process's port) of each websocket
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future[None] | None = None
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)
        self._thread.start()
        assert self._ready.wait(10)

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()
        async with serve(self._socket, "127.0.0.1", self.port, process_request=self._page):
            self._ready.set()
            await self._stop

    def close(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set_result, None)
        self._thread.join(10)

    async def _page(self, connection: ServerConnection, request: Request) -> Response | None:
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return None  # a websocket: _socket routes it
        found = ROOM_PATH.match(request.path)
        for port in order(found[1], self.ports) if found else []:
            try:
                async with httpx.AsyncClient() as client:
                    answer = await client.get(f"http://127.0.0.1:{port}{request.path}")
            except httpx.TransportError:
                continue  # that process is down: the next one
            kind = answer.headers.get("content-type", "text/plain")
            headers = Headers(
                [
                    ("Content-Type", kind),
                    ("Content-Length", str(len(answer.content))),
                    ("X-Served-By", str(port)),
                ]
            )
            return Response(answer.status_code, answer.reason_phrase, headers, answer.content)
        return connection.respond(404, "No room here.\n")

    async def _socket(self, client: ServerConnection) -> None:
        path = client.request.path if client.request else ""
        found = ROOM_PATH.match(path)
        for port in order(found[1], self.ports) if found else []:
            try:
                upstream = await connect_async(f"ws://127.0.0.1:{port}{path}", open_timeout=5)
            except (OSError, InvalidHandshake, TimeoutError):
                continue
            assert found is not None
            self.routed.append((found[1], port))
            async with upstream:
                await self._pass(client, upstream)
            return
        await client.close(1013, "No room server answers.")

    @staticmethod
    async def _pass(client: ServerConnection, upstream: Any) -> None:
        async def copy(source: Any, target: Any) -> None:
            with contextlib.suppress(ConnectionClosed):
                async for message in source:
                    await target.send(message)

        ways = [
            asyncio.ensure_future(copy(client, upstream)),
            asyncio.ensure_future(copy(upstream, client)),
        ]
        done, waiting = await asyncio.wait(ways, return_when=asyncio.FIRST_COMPLETED)
        for way in waiting:
            way.cancel()
        if ways[1] in done:  # the room's process closed: the device hears its code
            code = upstream.close_code if upstream.close_code in SENDABLE else 1011
            code = upstream.close_code if 3000 <= (upstream.close_code or 0) < 5000 else code
            await client.close(code, upstream.close_reason or "")


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[Path, list[Server], RoomProxy]]:
    ports = [free_port(), free_port()]
    proxy = RoomProxy(ports)
    servers: list[Server] = []
    yield tmp_path / "rooms.db", servers, proxy
    for server in servers:
        if server.process.poll() is None:
            server.kill()
    proxy.close()


def join(
    stack: contextlib.ExitStack, port: int, room: str, token: str
) -> tuple[ClientConnection, dict[str, Any]]:
    """A device joining through the proxy on ``port``: its connection and its first message."""
    ws = stack.enter_context(connect(f"ws://127.0.0.1:{port}/r/{room}/ws"))
    ws.send(json.dumps({"type": "join", "token": token}))
    return ws, json.loads(ws.recv(timeout=30))


def test_rooms_spread_over_two_processes_and_a_killed_ones_rooms_come_back_on_restart(
    proxied: tuple[Path, list[Server], RoomProxy],
) -> None:
    store, servers, proxy = proxied
    stack = contextlib.ExitStack()
    a, b = proxy.ports
    name = {a: "a", b: "b"}
    public = f"http://127.0.0.1:{proxy.port}"
    hosts: dict[str, str] = {}  # room -> host token
    homes: dict[int, list[str]] = {a: [], b: []}
    for i in range(40):  # rooms until each process is the home of two
        said = cli("room", "new", "--store", str(store), "--players", f"P{i},bot:tips",
                   "--pace", "click", "--seed", str(i), "--public-url", public)  # fmt: skip
        found = re.search(r"/r/([0-9a-f]{8})/host#(h\.[A-Za-z0-9_-]+)$", said.strip())
        assert found and said.strip().endswith(f"{public}/r/{found[1]}/host#{found[2]}")
        hosts[found[1]] = found[2]
        homes[order(found[1], proxy.ports)[0]].append(found[1])
        if min(len(rooms) for rooms in homes.values()) >= 2:
            break
    rooms = [room for port in (a, b) for room in homes[port][:2]]
    logs = {port: store.with_name(f"{name[port]}.log") for port in (a, b)}
    for port in (a, b):  # a lease of 6 s: renewed every 2 s
        servers.append(Server(store, port, logs[port], "--name", name[port], "--lease", "6"))
    assert all("0 open rooms resumed" in logs[p].read_text() for p in (a, b))

    # Devices join each room through the proxy and play: each room lands in its process.
    devices: dict[str, tuple[ClientConnection, dict[str, Any]]] = {}
    for room in rooms:
        ws, welcome = join(stack, proxy.port, room, seat_token(hosts[room], 0))
        assert welcome["type"] == "welcome", welcome
        view = welcome["traits"]["view"]
        for _ in range(4):
            view = act(ws, view, 0)
        devices[room] = ws, view
    home = {room: order(room, proxy.ports)[0] for room in rooms}
    assert sorted(proxy.routed) == sorted(home.items())
    held = RoomStore(store).holders()
    assert {room: held[room] for room in rooms} == {r: (name[home[r]], True) for r in rooms}
    for room in rooms:  # each process's own log names only its own rooms' paths
        assert f"/r/{room}/ws" in logs[home[room]].read_text()
        assert f"/r/{room}/ws" not in logs[b if home[room] == a else a].read_text()
    page = urllib.request.urlopen(f"{public}/r/{homes[b][0]}/join")
    assert page.status == 200 and page.headers["X-Served-By"] == str(b)
    assert b"<title>Chicken Foot</title>" in page.read()

    # kill -9 of process a: b's rooms go on, on the same connections; a's devices drop.
    servers[0].kill()
    for room in homes[b][:2]:
        ws, view = devices[room]
        for _ in range(2):
            view = act(ws, view, 0)
        devices[room] = ws, view
    for room in homes[a][:2]:
        with pytest.raises(ConnectionClosed):
            devices[room][0].recv(timeout=10)
    # The proxy now sends a's rooms to b, which does not serve them: a still holds them.
    ws, said = join(stack, proxy.port, homes[a][0], seat_token(hosts[homes[a][0]], 0))
    assert said == {"type": "closed", "text": ELSEWHERE}
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013  # the page retries
    assert RoomStore(store).holders()[homes[a][0]][0] == "a"

    # a starts again (same name, same port): its rooms resume there, nothing lost.
    servers.append(Server(store, a, logs[a], "--name", "a", "--lease", "6"))
    assert "2 open rooms resumed" in logs[a].read_text()
    for room in homes[a][:2]:
        before = devices[room][1]
        ws, welcome = join(stack, proxy.port, room, seat_token(hosts[room], 0))
        view = welcome["traits"]["view"]
        for same in ("log", "hand", "status", "table", "players"):
            assert view[same] == before[same], same
        devices[room] = ws, act(ws, view, 0)
    time.sleep(2.5)  # a renews its leases: b's earlier ask does not take the rooms away
    for room in rooms:
        ws, view = devices[room]
        devices[room] = ws, act(ws, view, 0)
    held = RoomStore(store).holders()
    assert {room: held[room] for room in rooms} == {r: (name[home[r]], True) for r in rooms}
    for room in rooms:  # every move each device saw is in the store
        record = json.loads(cli("room", "record", "--store", str(store), room))
        assert len(record["rounds"]) == 1 and len(record["rounds"][0]) >= 6
        assert len(record["rounds"][0]) == len(devices[room][1]["log"])  # each move seen
    stack.close()
    for port in (a, b):
        text = logs[port].read_text()
        assert all(token[2:14] not in text for token in hosts.values())


def proxy_command(which: str, folder: Path, ports: list[int], listen: int) -> list[str]:
    """The command that runs docs/room.md's nginx or Caddy config for several processes, on
    these ports, without TLS, its access log in ``folder/access.log``."""
    doc = (REPO / "docs" / "room.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Many rooms, several processes") :]
    mark = "upstream cfwidget_rooms" if which == "nginx" else "lb_policy uri_hash"
    block = next(b for b in re.findall(r"```\n(.*?)```", section, re.S) if mark in b)
    block = block.replace("8765", str(ports[0])).replace("8766", str(ports[1]))
    if which == "caddy":
        log = f"    log {{\n        output file {folder}/access.log\n    }}"
        site = f"http://127.0.0.1:{listen} {{\n{log}"
        block = "{\n    admin off\n    auto_https off\n}\n" + block.replace(
            "rooms.example.org {", site
        )
        (folder / "Caddyfile").write_text(block)
        return ["caddy", "run", "--config", str(folder / "Caddyfile"), "--adapter", "caddyfile"]
    block = block.replace("listen 443 ssl;", f"listen 127.0.0.1:{listen};")
    block = re.sub(r"\n\s*ssl_certificate.*", "", block)
    temp = " ".join(f"{k}_temp_path {folder}/{k};" for k in ("client_body", "proxy", "fastcgi"))
    temp += f" uwsgi_temp_path {folder}/uwsgi; scgi_temp_path {folder}/scgi;"
    config = folder / "nginx.conf"
    config.write_text(
        f"worker_processes 1; pid {folder}/nginx.pid; error_log {folder}/error.log;\n"
        f"events {{}}\nhttp {{ access_log {folder}/access.log; {temp}\n{block}}}\n"
    )
    return ["nginx", "-p", str(folder), "-c", str(config), "-g", "daemon off;"]


@pytest.mark.parametrize("which", ["nginx", "caddy"])
def test_the_docs_proxy_configs_send_each_room_to_one_process(tmp_path: Path, which: str) -> None:
    if shutil.which(which) is None:
        pytest.skip(f"{which} is not installed here (the test's own proxy stands in for it)")
    ports, listen = [free_port(), free_port()], free_port()
    home = {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    proxy = subprocess.Popen(
        proxy_command(which, tmp_path, ports, listen),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        env={**os.environ, **home},
    )
    store = tmp_path / "rooms.db"
    servers = [
        Server(store, p, tmp_path / f"{n}.log", "--name", n)
        for p, n in zip(ports, "ab", strict=True)
    ]
    try:
        public = f"http://127.0.0.1:{listen}"
        for _ in range(100):  # until the proxy answers
            with contextlib.suppress(OSError), urllib.request.urlopen(f"{public}/health") as r:
                assert json.loads(r.read()) == {"ok": True}
                break
            time.sleep(0.1)
        held: dict[str, str] = {}
        tokens: list[str] = []
        with contextlib.ExitStack() as stack:
            while len(set(held.values())) < 2 and len(held) < 20:
                said = cli("room", "new", "--store", str(store), "--players", "Ann,bot:tips",
                           "--pace", "click", "--public-url", public)  # fmt: skip
                found = re.search(r"/r/([0-9a-f]{8})/host#(h\.[A-Za-z0-9_-]+)$", said.strip())
                assert found
                tokens.append(found[2])
                for _ in range(2):  # two devices in turn: both in the room's one process
                    _, welcome = join(stack, listen, found[1], seat_token(found[2], 0))
                    assert welcome["type"] == "welcome", welcome
                held[found[1]] = RoomStore(store).holders()[found[1]][0]
        assert set(held.values()) == {"a", "b"}
        log = (tmp_path / "access.log").read_text()
        assert all(f"/r/{room}/ws" in log for room in held)
        assert all(token[2:14] not in log for token in tokens)
    finally:
        for server in servers:
            server.kill()
        proxy.terminate()
        proxy.wait(10)
