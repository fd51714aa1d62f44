"""Guests reach a notebook's room through the Jupyter server (JupyterHub, Binder), and only it.

A real ``jupyter server`` runs as a JupyterHub single-user server does (under ``/user/ann/``,
with a login token guests do not have), with the extension enabled by the config file the
wheel installs. A room hosted by this process registers itself; guests then use plain HTTP
and websocket clients with no cookie and no token of Jupyter's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect as connect_async
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

import cfwidget as cf
from cfwidget.room import RoomError, host
from cfwidget.room._app import SECURITY_HEADERS, STATIC
from cfwidget.room._jupyter import NO_EXTENSION, registry
from cfwidget.room._jupyter_route import MAX_SOCKETS
from cfwidget.room._jupyter_route import SECURITY_HEADERS as ROUTE_HEADERS
from tests.helpers.jupyter_route import OWNER_TOKEN, PREFIX, jupyter_with_route


@pytest.fixture(scope="module")
def hub() -> Iterator[tuple[str, str]]:
    """A Jupyter server with the route; yields (its address, its runtime folder)."""
    with jupyter_with_route() as server:
        yield server


@pytest.fixture
def on_hub(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", PREFIX)
    for name in ("JUPYTERHUB_HOST", "JUPYTERHUB_PUBLIC_URL", "JUPYTERHUB_PUBLIC_HUB_URL"):
        monkeypatch.delenv(name, raising=False)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None  # a redirect is an answer of its own here (to Jupyter's login page)


_OPENER = urllib.request.build_opener(_NoRedirects)


def _get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with _OPENER.open(request, timeout=20) as reply:
            return reply.status, dict(reply.headers), reply.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()
    except OSError:  # not listening yet
        return 599, {}, b""


def _join(link: str, origin: str) -> dict[str, object]:
    page, token = link.split("#")
    url = page.replace("http://", "ws://").removesuffix("/join").removesuffix("/host") + "/ws"
    with connect(url, origin=origin, open_timeout=20) as ws:  # type: ignore[arg-type]
        ws.send(json.dumps({"type": "join", "token": token}))
        first = json.loads(ws.recv(timeout=20))
        if first["type"] == "closed":
            with contextlib.suppress(ConnectionClosed):
                ws.recv(timeout=20)
            first["code"] = ws.close_code
        return dict(first)


def test_guests_reach_the_room_through_jupyter_and_nothing_else(
    hub: tuple[str, str], on_hub: None
) -> None:
    base, _ = hub
    hosted = host(cf.Game(["Ann", "Bob", "Cy"], seed=3), humans=[0, 1], public_url=base, show=False)
    try:
        room_root = hosted.rooms.base_url
        assert room_root.startswith(f"{base}{PREFIX}cfwidget-room/")
        assert [s for s, _ in hosted.links] == [0, 1] and hosted.notice is None
        # The join page, its script and styles: with no login, through the Jupyter server.
        status, headers, body = _get(hosted.links[0][1].split("#")[0])
        assert status == 200 and b"static/room.js" in body
        assert headers["Content-Security-Policy"].startswith("default-src 'none'")
        assert headers["X-Frame-Options"] == "DENY" and "Set-Cookie" not in headers
        for name in ("room.js", "room.css", "widget.css"):
            assert _get(f"{room_root}/static/{name}")[0] == 200
        assert json.loads(_get(f"{room_root}/health")[2]) == {"ok": True}
        # A seat's link opens that seat, from a page of the same host.
        welcome = _join(hosted.links[1][1], origin=base)
        assert welcome["type"] == "welcome" and welcome["seat"] == 1 and welcome["role"] == "seat"
        host_welcome = _join(hosted.host_link, origin=base)
        assert host_welcome["role"] == "host"
        # A wrong link is refused by the room (4403), as on any room server.
        wrong = hosted.links[0][1][:-4] + "AAAA"
        refused = _join(wrong, origin=base)
        assert refused["type"] == "closed" and refused["code"] == 4403
        # Another site's page may not open the room's websocket.
        with pytest.raises(InvalidStatus):
            _join(hosted.links[0][1], origin="https://elsewhere.example")
        # Nothing else: other paths of the room are Jupyter's (its login page), an id
        # nobody registered answers 404, and Jupyter's own routes still ask for the login.
        for path in ("admin", "static/../../api/status", "static/.hidden", "join/x", ""):
            status, headers, _ = _get(f"{room_root}/{path}")
            room_csp = headers.get("Content-Security-Policy", "").startswith("default-src 'none'")
            assert status in (302, 403, 404) and not room_csp, path
            to = headers.get("Location", "")  # the login page, or the path without its "/"
            assert status != 302 or "/login" in to or room_root.endswith(to), path
        unregistered = room_root.rsplit("/", 1)[0] + "/" + "A" * 22
        assert _get(f"{unregistered}/join")[0] == 404
        assert _get(f"{base}{PREFIX}api/contents")[0] == 403  # Jupyter's login still holds
        assert _get(f"{base}{PREFIX}api/contents?token={OWNER_TOKEN}")[0] == 200
    finally:
        hosted.stop()
    # A stopped room's address answers nothing, at once.
    status, _, body = _get(hosted.links[0][1].split("#")[0])
    assert status == 404 and b"No room is open" in body
    assert list(registry(create=False).glob("*.sock")) == []


def test_in_a_kernels_loop_the_room_serves_through_jupyter_and_stops_cleanly(
    hub: tuple[str, str], on_hub: None
) -> None:
    """As in a notebook: host() on a running loop, a seat joins through the route, stop()."""
    base, _ = hub

    async def kernel() -> tuple[dict[str, object], int]:
        hosted = host(cf.Game(["Ann", "Bob"], seed=4), public_url=base, show=False)
        page, token = hosted.links[0][1].split("#")
        url = page.replace("http://", "ws://").removesuffix("/join") + "/ws"
        async with connect_async(url, origin=base) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "join", "token": token}))
            welcome = json.loads(await ws.recv())
        hosted.stop()
        for _ in range(200):  # the server's task ends on the loop
            if not [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]:
                break
            await asyncio.sleep(0.02)
        left = len([t for t in asyncio.all_tasks() if t is not asyncio.current_task()])
        return welcome, left

    welcome, left = asyncio.run(kernel())
    assert welcome["type"] == "welcome" and welcome["seat"] == 0 and left == 0
    assert list(registry(create=False).glob("*.sock")) == []


def test_at_most_a_hundred_websockets_at_once_reach_a_room(
    hub: tuple[str, str], on_hub: None
) -> None:
    base, _ = hub
    hosted = host(cf.Game(["Ann", "Bob"], seed=6), public_url=base, show=False)
    ws_url = hosted.links[0][1].split("#")[0].replace("http://", "ws://").removesuffix("/join")
    ws_url += "/ws"
    join = json.dumps({"type": "join", "token": hosted.links[0][1].split("#")[1]})

    def joined(ws: Any) -> Any:
        """The socket, joined: the room server closes sockets that wait to join beyond its
        own cap (32 from one address, and every relayed socket has the route's address)."""
        ws.send(join)
        assert json.loads(ws.recv(timeout=20))["type"] == "welcome"
        return ws

    try:
        with contextlib.ExitStack() as held, contextlib.ExitStack() as one:
            for _ in range(MAX_SOCKETS - 1):
                joined(held.enter_context(connect(ws_url, origin=base, open_timeout=20)))  # type: ignore[arg-type]
            one.enter_context(connect(ws_url, origin=base, open_timeout=20))  # type: ignore[arg-type]
            with pytest.raises(InvalidStatus, match="503"):
                connect(ws_url, origin=base, open_timeout=20)  # type: ignore[arg-type]
            one.close()
            for _ in range(100):  # the route counts the closed one out, then lets one more in
                try:
                    held.enter_context(connect(ws_url, origin=base, open_timeout=20))  # type: ignore[arg-type]
                    break
                except InvalidStatus:
                    time.sleep(0.05)
            else:
                pytest.fail("a closed websocket's place was never freed")
    finally:
        hosted.stop()


def test_a_dead_registration_leads_nowhere(hub: tuple[str, str]) -> None:
    """A kernel killed with its room open leaves a socket nobody listens on: the route
    answers 404 and removes it; a link in the folder (to any other socket) is never followed."""
    base, _ = hub
    folder = registry()
    dead, linked = folder / f"{'D' * 22}.sock", folder / f"{'L' * 22}.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.bind(str(dead))  # bound, never listening, then closed: as after kill -9
    other = Path(tempfile.mkdtemp(prefix="cfo", dir="/tmp"))
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listening:
        listening.bind(str(other / "s"))
        listening.listen(1)
        linked.symlink_to(other / "s")
        try:
            for room_id in ("D" * 22, "L" * 22):
                status, _, body = _get(f"{base}{PREFIX}cfwidget-room/{room_id}/join")
                assert status == 404 and b"No room is open" in body
            assert not dead.exists() and linked.is_symlink()
        finally:
            linked.unlink()
            shutil.rmtree(other, ignore_errors=True)


def test_whatever_listens_on_a_registration_the_pages_are_the_packages(
    hub: tuple[str, str],
) -> None:
    """Code of the owner's that listens on a registration (not a room server) cannot put a
    page of its own on the Jupyter server's address: pages and files come from the package."""
    base, _ = hub
    room_id = "E" * 22
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as other:
        other.bind(str(registry() / f"{room_id}.sock"))
        other.listen(5)
        try:
            root = f"{base}{PREFIX}cfwidget-room/{room_id}"
            status, headers, body = _get(f"{root}/join")
            assert status == 200 and body == (STATIC / "join.html").read_bytes()
            assert headers["Content-Type"].startswith("text/html")
            assert _get(f"{root}/static/room.js")[2] == (STATIC / "room.js").read_bytes()
            assert _get(f"{root}/static/join.html")[0] == 404  # pages only by their names
        finally:
            (registry() / f"{room_id}.sock").unlink()


def test_the_routes_headers_are_the_room_servers() -> None:
    assert ROUTE_HEADERS == SECURITY_HEADERS


def test_the_route_is_used_only_when_asked_or_on_a_hub(
    hub: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_HOST", "JUPYTERHUB_PUBLIC_HUB_URL"):
        monkeypatch.delenv(name, raising=False)
    game = cf.Game(["Ann", "Bob"], seed=1)
    laptop = host(game, port=0, local_only=True, show=False)  # make lab: network links
    laptop.stop()
    assert laptop.links[0][1].startswith("http://127.0.0.1:") and laptop.notice is None
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", PREFIX)
    monkeypatch.setenv("JUPYTERHUB_PUBLIC_URL", "https://hub.example.org/")
    hosted = host(game, show=False)
    hosted.stop()
    assert hosted.links[0][1].startswith(f"https://hub.example.org{PREFIX}cfwidget-room/")
    monkeypatch.setenv("JUPYTERHUB_HOST", "https://ann.hub.example.org")  # a subdomain each
    hosted = host(game, show=False)
    hosted.stop()
    assert hosted.links[0][1].startswith(f"https://ann.hub.example.org{PREFIX}cfwidget-room/")
    monkeypatch.delenv("JUPYTERHUB_PUBLIC_URL")
    monkeypatch.delenv("JUPYTERHUB_HOST")
    relative = host(game, show=False)
    html = relative._repr_html_()
    relative.stop()
    assert relative.links[0][1].startswith(f"{PREFIX}cfwidget-room/")
    assert relative.notice is not None and "public_url=" in relative.notice
    assert "<svg" not in html and "public_url=" in html


def test_on_a_hub_without_the_route_the_notebook_says_devices_cannot_reach_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path))  # no server marked here
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", PREFIX)
    hosted = host(cf.Game(["Ann", "Bob"], seed=1), port=0, local_only=True, show=False)
    html = hosted._repr_html_()
    hosted.stop()
    assert hosted.notice == NO_EXTENSION
    assert "cannot reach" in html and "cfwidget serve" in html
    with pytest.raises(RoomError, match="no cfwidget room route"):
        host(cf.Game(["Ann", "Bob"], seed=1), through_jupyter=True, show=False)


def test_a_plain_pip_install_of_the_wheel_enables_the_route(tmp_path: Path) -> None:
    """``pip install cfwidget`` alone puts the extension's config where Jupyter reads it
    ({sys.prefix}/etc/jupyter/jupyter_server_config.d/), and Jupyter can load it from there."""
    from tests.browser.servers import build_wheel
    from tests.helpers.processes import wheel_environment

    wheel = build_wheel(tmp_path / "dist")
    prefix = tmp_path / "env"
    python = wheel_environment(wheel, prefix)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JUPYTER_PATH")}
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "no-config")
    listed = subprocess.run(
        [str(python), "-m", "jupyter_server.extension.serverextension", "list"],
        cwd=tmp_path,
        env={**env, "NO_COLOR": "1", "TERM": "dumb"},
        capture_output=True,
        text=True,
        check=True,
    )
    words = re.sub(r"\x1b\[[0-9;]*m", "", listed.stdout + listed.stderr)
    assert f"{prefix}/etc/jupyter" in words
    assert re.search(r"cfwidget\.room\._jupyter_route\s+enabled", words), words
    assert re.search(r"cfwidget\.room\._jupyter_route\s+OK", words), words
