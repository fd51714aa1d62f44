"""Rooms reached through the Jupyter server (JupyterHub, Binder): the kernel's side.

On JupyterHub and Binder only the Jupyter server's address is reachable from outside, so a
room hosted by a kernel is served through it: the server extension of
:mod:`._jupyter_route` (shipped in the wheel, enabled by
``etc/jupyter/jupyter_server_config.d/cfwidget.json``) forwards
``<base_url>/cfwidget-room/<room id>/{join,host,health,static/<file>,ws}``, and nothing else,
to the room server of a kernel that registered that room.

A registration is a Unix socket file, ``<Jupyter runtime dir>/cfwidget-rooms/<room id>.sock``,
in a folder only this account may open (mode 0700, owned by this account, checked on every
use): the room server listens on that socket and on no network port, the room id is 128
random bits, and the file is removed when the room stops. A socket no server listens on
(a kernel killed) refuses the connection, so a dead registration can never lead to another
program, and no address or port of this machine can be named in the URL.
The extension marks itself as running with ``jupyter-<pid>.json`` in the same folder
(its base URL), so :func:`jupyter_route` knows whether the route is there.

>>> bool(ROOM_ID.fullmatch("0123456789abcdefghij_-")), bool(ROOM_ID.fullmatch("../x"))
(True, False)
>>> origin_of("https://hub.example.org/hub/"), origin_of("hub.example.org")
('https://hub.example.org', None)
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import socket
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ._errors import RoomError

__all__ = [
    "PREFIX",
    "ROOM_ID",
    "JupyterRoute",
    "jupyter_route",
    "on_jupyterhub",
    "origin_of",
    "registry",
    "relative_notice",
    "running_servers",
    "unreachable_notice",
]

#: The path, under the Jupyter server's base URL, where rooms are served.
PREFIX = "cfwidget-room"
#: A room's id in the URL: ``secrets.token_urlsafe(16)``, 128 random bits.
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{22}")
#: A Unix socket's path is at most 107 bytes on Linux.
_SOCKET_PATH_LIMIT = 104


def registry(create: bool = True) -> Path:
    """The folder of registrations in the Jupyter runtime folder, private to this account.

    Raises :class:`RoomError` when it is open to other accounts or owned by another one
    (a registration there could then be planted or read by someone else).
    """
    from jupyter_core.paths import jupyter_runtime_dir

    folder = Path(jupyter_runtime_dir()) / "cfwidget-rooms"
    if create:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        info = folder.lstat()
    except FileNotFoundError:
        return folder
    uid = os.getuid() if hasattr(os, "getuid") else info.st_uid
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != uid:
        raise RoomError(f"{folder} is not a folder of this account; remove it and try again")
    if info.st_mode & 0o077:
        os.chmod(folder, 0o700)  # ours: close it to everyone else
    return folder


def _alive(pid: object) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: not a server of ours
        return False
    return True


def running_servers() -> list[dict[str, Any]]:
    """The Jupyter servers of this account running the room route: ``{"pid", "base_url"}``."""
    try:
        folder = registry(create=False)
    except (ImportError, RoomError, OSError):
        return []
    found = []
    for mark in sorted(folder.glob("jupyter-*.json")) if folder.is_dir() else []:
        with contextlib.suppress(OSError, ValueError):
            data = json.loads(mark.read_text(encoding="utf-8"))
            alive = isinstance(data, dict) and _alive(data.get("pid"))
            if alive and isinstance(data.get("base_url"), str):
                found.append({"pid": data["pid"], "base_url": data["base_url"]})
    return found


def on_jupyterhub() -> bool:
    """Whether this process runs under a JupyterHub's single-user server (Binder is one)."""
    return bool(os.environ.get("JUPYTERHUB_SERVICE_PREFIX"))


def origin_of(url: str | None) -> str | None:
    """``scheme://host[:port]`` of ``url``, or ``None`` when it is not an http(s) address."""
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}"


def _public_origin(public_url: str | None) -> str | None:
    """The browser's address of the Jupyter server: ``public_url``, else JupyterHub's own
    (``JUPYTERHUB_HOST`` on a hub with a subdomain per user, else its public URL)."""
    for url in (
        public_url,
        os.environ.get("JUPYTERHUB_HOST"),
        os.environ.get("JUPYTERHUB_PUBLIC_URL"),
        os.environ.get("JUPYTERHUB_PUBLIC_HUB_URL"),
    ):
        origin = origin_of(url)
        if origin:
            return origin
    return None


def _server_for_this_kernel(servers: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The server that started this kernel (its parent), else the hub's, else the only one."""
    for server in servers:
        if server["pid"] == os.getppid():
            return server
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX")
    for server in servers:
        if prefix and server["base_url"] == prefix:
            return server
    return servers[0] if len(servers) == 1 else None


@dataclass
class JupyterRoute:
    """A room's registration: the socket its server listens on, and the links' base."""

    sock: socket.socket
    path: Path
    base_url: str
    #: Whether ``base_url`` is a whole address (else a path on the Jupyter server's address).
    whole: bool

    def close(self) -> None:
        """Unregister: the route refuses the room's id at once; the socket closes."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


NO_EXTENSION = (
    "This notebook runs on JupyterHub or Binder, where phones and other computers cannot "
    "reach this kernel's port, and the Jupyter server here has no cfwidget room route "
    "(install cfwidget in the Jupyter server's environment and restart the server). "
    "The links below work only on this machine. To play across devices, run "
    "`cfwidget serve` on a machine the devices can reach (see docs/room.md)."
)


def unreachable_notice() -> str | None:
    """The plain sentence a notebook host shows when devices cannot reach its links."""
    return NO_EXTENSION if on_jupyterhub() else None


def jupyter_route(want: bool | None, public_url: str | None) -> JupyterRoute | None:
    """A new room's registration with the Jupyter server's route, or ``None``.

    ``want``: ``None`` uses the route under JupyterHub (and Binder) when the server has it,
    ``True`` insists (a :class:`RoomError` says why it cannot), ``False`` never uses it.
    """
    if want is False or (want is None and not on_jupyterhub()):
        return None
    if not hasattr(socket, "AF_UNIX"):
        if want:
            raise RoomError("The route through Jupyter needs Unix sockets (Linux or macOS)")
        return None
    try:
        server = _server_for_this_kernel(running_servers())
    except ImportError:
        server = None
    if server is None:
        if want:
            raise RoomError(
                "The Jupyter server running this notebook has no cfwidget room route: "
                "install cfwidget in the server's environment and restart the server"
            )
        return None
    folder = registry()
    room_id = secrets.token_urlsafe(16)
    path = folder / f"{room_id}.sock"
    if len(os.fsencode(path)) > _SOCKET_PATH_LIMIT:
        raise RoomError(
            f"The Jupyter runtime folder's path is too long for a socket ({folder}); "
            "set JUPYTER_RUNTIME_DIR to a shorter one for the server and the kernel"
        )
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(str(path))
        os.chmod(path, 0o600)
        sock.listen(100)
        sock.setblocking(False)
    except OSError as exc:
        sock.close()
        raise RoomError(f"The room could not be registered with Jupyter ({exc.strerror})") from None
    base = f"{server['base_url'].rstrip('/')}/{PREFIX}/{room_id}"
    origin = _public_origin(public_url)
    return JupyterRoute(sock, path, f"{origin or ''}{base}", whole=origin is not None)


def relative_notice(route: JupyterRoute) -> str | None:
    """What to do when Python cannot tell the Jupyter server's public address."""
    if route.whole:
        return None
    return (
        "Python cannot tell the address of this Jupyter server as your browser sees it, so "
        "these links start at the server's path and work only when opened from this browser. "
        "For links and QR codes to send to other devices, host again with "
        "public_url='https://…' (the address in your browser's bar up to /user/…)."
    )
