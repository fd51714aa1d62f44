"""Follow the rooms a ``cfwidget serve`` holds in the teacher's live table, by their host links.

:func:`watch_class` opens each room's host link over the server's websocket, as the room's
host page does, and shows the rooms in the same table as :func:`~cfwidget.room.host_class`'s
page: who is connected, the game in words, the totals, closed; a dropped connection comes back
by itself (after half a second, then up to every 10 seconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Sequence
from typing import Any

from ._class import MAX_TABLES, RoomRow, SeatRow, _ClassView, _Links
from ._errors import RoomError
from ._serve import need_server_packages

__all__ = ["ClassWatch", "watch_class"]


class ClassWatch(_ClassView):
    """The live table of rooms a ``cfwidget serve`` holds, followed by their host links.

    Made by :func:`watch_class`. Each room is followed as its host page follows it (over the
    server's websocket, with the room's host link), so the rows show what the server knows:
    who is connected, the game in words, the totals, closed. A dropped connection comes back
    by itself; :meth:`stop` stops following (the rooms go on).
    """

    _stopped = "No longer followed here: the rooms go on at their server."

    def __init__(self, host_links: Sequence[str]) -> None:
        super().__init__()
        self._follow: list[tuple[str, str]] = []
        for i, link in enumerate(host_links):
            base, _, token = str(link).partition("/host#")
            if not token.startswith("h.") or not base.startswith(("http://", "https://")):
                raise RoomError(
                    f"Link {i + 1} is not a room's host link: host links look like "
                    "http://HOST:PORT/r/ROOM/host#h.... (cfwidget room new prints one per room)"
                )
            self._follow.append((_websocket_url(base), token))
        self._states: list[dict[str, Any] | None] = [None] * len(self._follow)
        self._notes: list[str] = ["Connecting to this room…"] * len(self._follow)
        self._ended: list[bool] = [False] * len(self._follow)
        self._seen: set[tuple[int, int]] = set()
        self._stop: list[Any] = []
        self._drawn: list[tuple[str, bool] | None] = [None] * len(self._follow)
        self._draw_links()
        self._redraw()

    def rows(self) -> list[RoomRow]:
        """Each room's row now, in the order the links were given."""
        rows = []
        for i, state in enumerate(self._states):
            if state is None:
                rows.append(RoomRow(f"Room {i + 1}", (), 0, self._notes[i], "", self._ended[i]))
                continue
            closed = bool(state.get("closed")) or self._ended[i]
            seats = tuple(
                SeatRow(
                    str(s.get("name", "")),
                    s.get("player") == "person",
                    0 if closed else int(s.get("connected", 0)),
                    (i, int(s.get("seat", -1))) in self._seen,
                )
                for s in state.get("seats", [])
            )
            game = "Closed: its links no longer work." if closed else str(state.get("game", ""))
            if not closed and self._notes[i]:
                game = f"{game} ({self._notes[i]})"
            projector = 0 if closed else int(state.get("table", {}).get("connected", 0))
            title = str(state.get("title", f"Room {i + 1}"))
            rows.append(
                RoomRow(title, seats, projector, game, str(state.get("totals", "")), closed)
            )
        return rows

    def _projectors(self) -> dict[str, str]:
        return {
            str(state.get("title", "")): str(state.get("table", {}).get("link", ""))
            for state in self._states
            if state is not None
        }

    def _link_sections(self) -> list[_Links]:
        sections = []
        for i, state in enumerate(self._states):
            if state is None:
                continue
            seats = tuple(
                (str(s["name"]), str(s["link"]), str(s.get("qr", "")))
                for s in state.get("seats", [])
                if s.get("player") == "person" and "link" in s
            )
            closed = bool(state.get("closed")) or self._ended[i]
            table = str(state.get("table", {}).get("link", ""))
            sections.append(_Links(str(state.get("title", "")), closed, seats, table))
        return sections

    # -- following the rooms -----------------------------------------------------------

    def _heard(self, i: int, message: dict[str, Any]) -> None:
        """A message from room ``i``'s server: its new state, or that it closed."""
        if message.get("type") == "closed":
            self._ended[i], self._notes[i] = True, str(message.get("text", ""))
        else:
            traits = message.get("traits")
            state = traits.get("room") if isinstance(traits, dict) else None
            if not isinstance(state, dict):
                return
            self._states[i], self._notes[i] = state, ""
            for seat in state.get("seats", []):
                if seat.get("connected"):
                    self._seen.add((i, int(seat.get("seat", -1))))
        title = self._states[i] or {}
        drawn = (str(title.get("title", "")), bool(title.get("closed")) or self._ended[i])
        if drawn != self._drawn[i]:  # the links change only when a room arrives or closes
            self._drawn[i] = drawn
            self._draw_links()
        self._redraw()

    async def _room(self, i: int) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import WebSocketException

        url, token = self._follow[i]
        delay = 0.5
        while self.running and not self._ended[i]:
            try:
                async with connect(url, max_size=2**22, open_timeout=10) as ws:
                    await ws.send(json.dumps({"type": "join", "token": token}))
                    async for raw in ws:
                        message = json.loads(raw)
                        if isinstance(message, dict):
                            self._heard(i, message)
                            delay = 0.5
            except (OSError, WebSocketException, TimeoutError, ValueError):
                pass
            if not self.running or self._ended[i]:
                break
            self._notes[i] = "the server cannot be reached now; trying again"
            self._redraw()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)

    def _start(self) -> None:
        self.running = True
        self._redraw()

        async def every_room() -> None:
            await asyncio.gather(*(self._room(i) for i in range(len(self._follow))))

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is not None:  # a kernel's loop: the page changes on the kernel's thread
            task = loop.create_task(every_room())
            self._stop.append(task.cancel)
            return
        own = asyncio.new_event_loop()
        task_box: list[asyncio.Task[None]] = []

        def run() -> None:
            task_box.append(own.create_task(every_room()))
            with contextlib.suppress(asyncio.CancelledError):
                own.run_until_complete(task_box[0])
            own.close()

        thread = threading.Thread(target=run, name="cfwidget-class-watch", daemon=True)
        thread.start()

        def stop_thread() -> None:
            with contextlib.suppress(RuntimeError):
                own.call_soon_threadsafe(lambda: [t.cancel() for t in task_box])
            thread.join(timeout=10)

        self._stop.append(stop_thread)

    def stop(self) -> None:
        """Stop following the rooms (they go on at the server); the table stays as it was."""
        if not self.running:
            return
        self.running = False
        for stop in self._stop:
            stop()
        self._redraw()


def _websocket_url(base: str) -> str:
    return "ws" + base.removeprefix("http").rstrip("/") + "/ws"


def watch_class(host_links: Sequence[str] | str) -> ClassWatch:
    """Follow rooms that a ``cfwidget serve`` holds in one live table, by their host links.

    ``host_links``: each room's host link as ``cfwidget room new`` printed it
    (``https://rooms.example.org/r/1a2b3c4d/host#h....``), a list of them or one per line of a text.
    The page shows what the server knows (who is connected, the game, the totals, closed)
    and its links; it needs the server reachable from the notebook.

    >>> watch_class(["http://192.0.2.1:8765/join#s.abc"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cfwidget.RoomError: Link 1 is not a room's host link: host links look like ...
    """
    need_server_packages()
    links = host_links.split() if isinstance(host_links, str) else list(host_links)
    if not 1 <= len(links) <= MAX_TABLES:
        raise RoomError(f"A class page follows 1 to {MAX_TABLES} rooms, got {len(links)}")
    page = ClassWatch(links)
    page._start()
    return page
