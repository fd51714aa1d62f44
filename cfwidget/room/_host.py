"""Host a room from a notebook: the server runs in the background, the notebook shows links.

:func:`host` takes a :class:`~cfwidget.Game` (each person seat gets its own screen), or an
existing :class:`~cfwidget.widget.GameWidget` or guided session (that widget's seat is
played from another device, while the notebook shows the same widget: a therapist hosts the
client's seat of a session run in the notebook). It starts the room server and returns a
:class:`Hosted` handle: its links, a QR code for each (shown in the notebook), and
:meth:`Hosted.stop`.

Where the server runs: inside a Jupyter kernel (or any running asyncio loop) it is a task
on that loop, so every widget changes on the kernel's own thread, between cells, exactly as
when the browser sends an intent in Jupyter; the server never touches the kernel's signal
handlers (Interrupt keeps working). Without a running loop (a plain script) it runs on a
thread of its own with its own loop.

>>> import cfwidget as cf
>>> hosted = host(cf.Game(["Ann", "Bob"], seed=1), port=0, local_only=True, show=False)
>>> [seat for seat, _ in hosted.links], hosted.links[0][1].startswith("http://127.0.0.1:")
([0], True)
>>> hosted.stop(); hosted
<Hosted room 'Chicken Foot': stopped>
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import socket
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ..core import Game
from ..players import BOTS, BotError, make_bot
from ..widget import GameWidget
from ._authority import Authority
from ._errors import RoomError
from ._jupyter import jupyter_route, relative_notice, unreachable_notice
from ._rooms import Rooms, create_room, qr_svg
from ._serve import base_url, need_server_packages, uvicorn_options
from ._settings import TITLE_LIMIT, clean_text, pace_of
from ._store import RoomStore
from ._tokens import seat_token, table_token

__all__ = ["LINK_STYLE", "Hosted", "host"]

#: A link in an HTML widget looks like one: JupyterLab's and Voila's style sheets give links
#: there the text's own colour and no underline (a notebook's HTML output styles its own).
LINK_STYLE = "color:var(--jp-content-link-color,#0b57d0);text-decoration:underline"


def _bot_name(bot: object) -> str:
    """A bot's name for the room's settings (``"custom"`` for a bot of one's own)."""
    if isinstance(bot, str):
        try:
            make_bot(bot)
        except BotError as exc:
            raise RoomError(str(exc).capitalize()) from None
        return bot
    for name in BOTS:
        if type(make_bot(name)) is type(bot):
            return name
    return "custom"


def _settings(
    game: Game, humans: Iterable[int], bots: Mapping[int, object], pace: object
) -> dict[str, Any]:
    people = set(humans)
    if not people or not people <= set(range(len(game.names))):
        raise RoomError(f"humans must be seat numbers from 0 to {len(game.names) - 1}")
    return {
        "seats": [
            {"name": name, "bot": None if i in people else _bot_name(bots.get(i, "tips"))}
            for i, name in enumerate(game.names)
        ],
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "pace": pace_of(pace),
    }


class Hosted:
    """A room hosted from this notebook: its links, and :meth:`stop`."""

    def __init__(self, rooms: Rooms, room: str, host_token: str, names: list[str]) -> None:
        self.rooms, self.room, self._host = rooms, room, host_token
        self.title = rooms.store.room(room).title
        seats = rooms.store.room(room).settings["seats"]
        self._names = names
        #: (seat, join link) of every person seat.
        self.links: list[tuple[int, str]] = [
            (i, rooms.join_link(room, seat_token(host_token, i)))
            for i, seat in enumerate(seats)
            if not seat["bot"]
        ]
        self.table_link = rooms.join_link(room, table_token(host_token))
        self.host_link = rooms.host_link(room, host_token)
        self._stop: list[Any] = []
        self.running = False
        #: A plain sentence when devices elsewhere cannot use these links as they are.
        self.notice: str | None = None

    def stop(self) -> None:
        """Close the room (its links die) and stop the server."""
        if not self.running:
            return
        self.running = False
        self.rooms.close(self.room)
        for stop in self._stop:
            stop()

    def __repr__(self) -> str:
        state = f"{len(self.links)} seats at {self.rooms.base_url}" if self.running else "stopped"
        return f"<Hosted room {self.title!r}: {state}>"

    def _repr_html_(self) -> str:
        if not self.running:
            return f"<p>{html.escape(repr(self))}</p>"
        whole = self.rooms.base_url.startswith(("http://", "https://"))
        notice = f"<p><b>{html.escape(self.notice)}</b></p>" if self.notice else ""
        rows = "".join(
            f"<div style='display:inline-block;margin:0 1em 1em 0;text-align:center'>"
            f"{qr_svg(link) + '<br>' if whole else ''}<b>{html.escape(self._names[seat])}</b><br>"
            f"<a href='{html.escape(link)}' target='_blank' rel='noreferrer'>"
            f"{html.escape(link)}</a></div>"
            for seat, link in self.links
        )
        return notice + (
            f"<p>Room <b>{html.escape(self.title)}</b>: each person opens their own link "
            f"(or scans its code) on their device.</p>{rows}"
            f"<p>Host page: <a href='{html.escape(self.host_link)}' target='_blank' "
            f"rel='noreferrer'>{html.escape(self.host_link)}</a></p>"
        )


def listening_socket(address: str, port: object) -> socket.socket:
    if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
        raise RoomError(
            f"The port is a whole number from 0 to 65535 (0: any free one), got {port!r}"
        )
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((address, port))
    except OSError as exc:
        sock.close()
        raise RoomError(
            f"Port {port} cannot be used ({exc.strerror}); pass port=0 to pick a free one"
        ) from None
    sock.listen(100)
    sock.setblocking(False)
    return sock


def host(
    game: Game | GameWidget,
    *,
    humans: Iterable[int] | None = None,
    bots: Mapping[int, str] | str = "tips",
    pace: float | str = 1.0,
    title: str = "Chicken Foot",
    store: str | Path | None = None,
    port: int = 8765,
    local_only: bool = False,
    public_url: str | None = None,
    through_jupyter: bool | None = None,
    show: bool = True,
) -> Hosted:
    """Host ``game`` as a room and show each person seat's link and QR code.

    - ``game``: a :class:`~cfwidget.Game` (``humans`` are its person seats, default seat 0;
      ``bots`` names the bot of the others, one name or ``{seat: name}``; ``pace`` as in
      :class:`~cfwidget.widget.GameWidget`), or a widget already shown in the notebook (a
      ``GameWidget`` or a ``GuidedSession``): its seat is played from the link, its other
      person seats get links too, and its bots, pace and look stay as they are.
    - ``store``: the SQLite file that keeps the room (default: in memory only); a game
      room kept in a file can be resumed later by ``cfwidget serve --store FILE``.
    - ``port``: where the server listens (0 picks a free port); ``local_only`` listens on
      this machine only (127.0.0.1), else on every network address, and links use the
      machine's address on the local network so phones on the same network can join;
      ``public_url`` overrides the links' address (behind an HTTPS proxy, say).
    - ``through_jupyter``: serve the room through the Jupyter server running this notebook
      (its ``cfwidget-room/`` route; see docs/room.md), for JupyterHub and Binder, where
      devices reach nothing else. ``None`` (the default) does so under JupyterHub when the
      server has the route, else links use the network as above and the notebook says
      plainly when devices elsewhere cannot reach them. With the route, ``public_url`` is
      the Jupyter server's address as the browser shows it (JupyterHub's public URL when
      it is set), and ``port`` and ``local_only`` are not used: the room listens on no port.
    - ``show``: display the links and QR codes in the notebook.
    """
    need_server_packages()
    seats: dict[int, GameWidget] = {}
    if isinstance(game, GameWidget):
        widget = game
        if widget.game is None:
            raise RoomError("This widget plays a lone round; host a cf.Game (or its widget)")
        shown_game = widget.game
        settings = _settings(shown_game, widget.humans, widget.bots, widget.pace)
        seats = {
            s: widget
            if s == widget.seat
            else GameWidget(
                shown_game, humans=widget.humans, bots=widget.bots, seat=s, pace=widget.pace
            )
            for s in widget.humans
        }
        kind = "widget"
    elif isinstance(game, Game):
        shown_game = game
        chosen = {i: bots for i in range(len(game.names))} if isinstance(bots, str) else bots
        settings = _settings(game, (0,) if humans is None else humans, chosen, pace)
        kind = "game"
    else:
        raise RoomError("host() takes a cf.Game, a GameWidget or a GuidedSession")
    rooms = Rooms(RoomStore(":memory:" if store is None else store), "")
    route = jupyter_route(through_jupyter, public_url)
    if route is not None:
        sock, rooms.base_url, notice = route.sock, route.base_url, relative_notice(route)
        rooms.room_paths = False  # the route's address is already this one room's
    else:
        address = "127.0.0.1" if local_only else "0.0.0.0"
        sock = listening_socket(address, port)
        rooms.base_url = base_url(address, int(sock.getsockname()[1]), public_url)
        notice = None if public_url else unreachable_notice()
    room, token = create_room(rooms.store, clean_text(title, TITLE_LIMIT), settings, kind)
    authority = Authority(rooms.store, room, settings, game=shown_game, seats=seats, fresh=True)
    rooms.add(authority)
    hosted = Hosted(rooms, room, token, list(shown_game.names))
    hosted.notice = notice
    if route is not None:
        hosted._stop.append(route.close)  # first: the route refuses the room at once
    _start(hosted, rooms, sock)
    if show:
        with contextlib.suppress(ImportError):
            from IPython.display import display

            display(hosted)  # type: ignore[no-untyped-call]
    return hosted


class _QuietServer:
    """uvicorn's server without its signal handlers (the kernel keeps its own)."""

    @staticmethod
    def make(app: Any) -> Any:
        import uvicorn

        class Server(uvicorn.Server):
            @contextlib.contextmanager
            def capture_signals(self) -> Iterator[None]:
                yield

        config = uvicorn.Config(app, log_level="warning", access_log=False, **uvicorn_options())
        return Server(config)


def _start(hosted: Hosted, rooms: Rooms, sock: socket.socket) -> None:
    hosted.running = True
    hosted._stop.append(serve_in_background(rooms, sock))


def serve_in_background(rooms: Rooms, sock: socket.socket) -> Callable[[], None]:
    """Serve ``rooms`` on the bound socket in the background; the function that stops it.

    Inside a running loop (a kernel's) the server is a task on that loop, so widgets change
    on the kernel's thread; else it runs on a daemon thread with a loop of its own.
    """
    from ._app import make_app

    server = _QuietServer.make(make_app(rooms))
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is not None:  # a kernel's loop: widgets change on the kernel's thread
        task = loop.create_task(server.serve(sockets=[sock]))

        def stop_task() -> None:
            server.should_exit = True
            task.add_done_callback(lambda _: sock.close())

        return stop_task
    thread = threading.Thread(
        target=lambda: asyncio.run(server.serve(sockets=[sock])), name="cfwidget-room", daemon=True
    )
    thread.start()

    def stop_thread() -> None:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()

    return stop_thread
