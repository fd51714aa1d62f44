"""Running the room server: the base address of links, and uvicorn serving the app.

uvicorn reads websocket messages of up to ``TRANSPORT_LIMIT`` bytes (see :mod:`._app`), so
the app refuses every message from 4,097 bytes up to that in words and keeps the
connection. A message larger still cannot be read and skipped (its bytes keep coming), so
the transport closes the connection (code 1009, and the page reconnects by itself): the
websocket protocol of :func:`uvicorn_options` first says why, in the app's words.

A room in memory is thousands of long-lived objects (its game, its widgets and their views);
with hundreds of rooms Python's garbage collector would walk them all again and again,
stopping the server each time (docs/room.md, "How many rooms", has the figures).
:func:`keep_out_of_the_collector` freezes what is in memory after each room is read
from the store (``gc.freeze``: the collector no longer walks it), and after a room leaves
memory unfreezes, collects and freezes again, so a closed room's objects are freed.

>>> base_url("127.0.0.1", 8765)
'http://127.0.0.1:8765'
>>> uvicorn_options()["ws_max_size"]
262144
"""

from __future__ import annotations

import gc
import json
import socket
from typing import Any

from ._errors import RoomError

__all__ = ["base_url", "keep_out_of_the_collector", "lan_address", "serve", "uvicorn_options"]


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


def uvicorn_options() -> dict[str, Any]:
    """The websocket options of uvicorn for the room's app (``uvicorn.Config(app, **these)``)."""
    from ._app import TRANSPORT_LIMIT

    return {"ws_max_size": TRANSPORT_LIMIT, "ws": _websocket_protocol()}


def _websocket_protocol() -> Any:
    """uvicorn's websocket protocol (on ``websockets``' sans-I/O layer), which says in the
    app's words why it closes a connection whose message is over the transport's limit."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
        from websockets.exceptions import PayloadTooBig
        from websockets.frames import Frame, Opcode
    except ImportError:  # another uvicorn: its own protocol, which closes without words
        return "auto"
    from ._app import too_large

    words = json.dumps({"type": "refused", "text": f"{too_large()} The connection was closed."})

    class Protocol(WebSocketsSansIOProtocol):
        def handle_parser_exception(self) -> None:
            if isinstance(self.conn.parser_exc, PayloadTooBig):
                said = Frame(Opcode.TEXT, words.encode()).serialize(mask=False)
                self.transport.write(said)  # before the close frame the parser queued
            super().handle_parser_exception()

    return Protocol


def keep_out_of_the_collector(added: bool) -> None:
    """After rooms came into memory (``added``) or left it: see the module's docstring."""
    if not added:
        gc.unfreeze()
        gc.collect()
    gc.freeze()


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
    name: str | None = None,
    lease: float | None = None,
) -> None:
    """Serve the store's open rooms until stopped (Ctrl+C); ``sync``: see
    :class:`~cfwidget.room.RoomStore`.

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

    store = RoomStore(store_path, sync=sync)
    if lease is not None and not 1 <= lease <= 3600:
        raise RoomError(f"The lease is from 1 to 3600 seconds, got {lease}")
    holder = name or f"{socket.gethostname()}:{port}"
    rooms = Rooms(store, base_url(host, port, public_url), holder, lease or LEASE)
    rooms.kept.append(keep_out_of_the_collector)
    resumed = rooms.resume_all(free=name is None)
    print(f"Rooms' store: {store.path} ({len(resumed)} open rooms resumed)", flush=True)
    print(f"This server holds its rooms as {holder!r}", flush=True)
    print(f"Listening on {host}:{port}; devices open {rooms.base_url}", flush=True)
    uvicorn.run(make_app(rooms), host=host, port=port, log_level="info", **uvicorn_options())
