"""Running the room server: the base address of links, and uvicorn serving the app.

>>> base_url("127.0.0.1", 8765)
'http://127.0.0.1:8765'
"""

from __future__ import annotations

import socket

from ._errors import RoomError

__all__ = ["base_url", "lan_address", "serve"]


def lan_address() -> str:
    """This machine's address on the local network (127.0.0.1 when it has none)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def base_url(host: str, port: int, public_url: str | None = None) -> str:
    """The address devices open: ``public_url``, else ``http://<LAN address>:<port>``."""
    if public_url:
        return public_url.rstrip("/")
    address = lan_address() if host in ("0.0.0.0", "", "::") else host
    return f"http://{address}:{port}"


def need_server_packages() -> None:
    """A :class:`RoomError` naming the pip extra when starlette or uvicorn is missing."""
    try:
        import segno  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise RoomError(f"The room server needs {exc.name}: pip install 'cfwidget[room]'") from None


def serve(
    store_path: str,
    *,
    host: str = "0.0.0.0",
    port: int = 8765,
    public_url: str | None = None,
    name: str | None = None,
    lease: float | None = None,
) -> None:
    """Serve the store's open rooms until stopped (Ctrl+C).

    Several processes may serve one store behind a proxy that routes by room (docs/room.md):
    each holds the rooms it serves under its ``name`` (which a restart keeps, so the
    restarted process gets its rooms back at once) by a lease of ``lease`` seconds (default
    15) in the store, and serves no room another live one holds. Without a name (one server
    alone, named ``<machine>:<port>``) it resumes every free room at start; with one, only
    the rooms it held: the others resume on their first link, where the proxy sends them.
    """
    need_server_packages()
    import uvicorn

    from ._app import make_app
    from ._rooms import LEASE, Rooms
    from ._store import RoomStore

    store = RoomStore(store_path)
    if lease is not None and not 1 <= lease <= 3600:
        raise RoomError(f"The lease is from 1 to 3600 seconds, got {lease}")
    holder = name or f"{socket.gethostname()}:{port}"
    rooms = Rooms(store, base_url(host, port, public_url), holder, lease or LEASE)
    resumed = rooms.resume_all(free=name is None)
    print(f"Rooms' store: {store.path} ({len(resumed)} open rooms resumed)", flush=True)
    print(f"This server holds its rooms as {holder!r}", flush=True)
    print(f"Listening on {host}:{port}; devices open {rooms.base_url}", flush=True)
    uvicorn.run(make_app(rooms), host=host, port=port, log_level="info", ws_max_size=65536)
