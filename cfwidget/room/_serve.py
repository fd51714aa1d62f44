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
    sync: str = "normal",
) -> None:
    """Serve every open room of the store until stopped (Ctrl+C); ``sync``: see
    :class:`~cfwidget.room.RoomStore`."""
    need_server_packages()
    import uvicorn

    from ._app import make_app
    from ._rooms import Rooms
    from ._store import RoomStore

    store = RoomStore(store_path, sync=sync)
    rooms = Rooms(store, base_url(host, port, public_url))
    resumed = rooms.resume_all()
    print(f"Rooms' store: {store.path} ({len(resumed)} open rooms resumed)", flush=True)
    print(f"Listening on {host}:{port}; devices open {rooms.base_url}", flush=True)
    uvicorn.run(make_app(rooms), host=host, port=port, log_level="info", ws_max_size=65536)
