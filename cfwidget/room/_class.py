"""A teacher's class page: one room per table, hosted from one notebook, in one live table.

:func:`host_class` hosts one game room per table of a class on one server (as :func:`host`
does for one game) and returns a :class:`ClassPage`: a table with a row per room that says
who plays there, whose device is connected now, whether the projector shows the table, and
the game's state in words (round n of m, whose turn, the totals, game over, closed). It
redraws itself whenever a device joins or leaves and after every move, with no cell run.
Below the table, each room's projector link and its players' links and QR codes sit behind a
disclosure, closed by default, which the live table never redraws.

The page is built from what the whole table can see (names, whose turn, the scores of
finished rounds): it names no tile, so nothing of any hand can reach it.

>>> page = host_class({"Table 1": "Ann, Bob", "Table 2": "Cy, Di, bot:tips"},
...                   seed=1, port=0, local_only=True)
>>> row = page.rows()[1]
>>> [s.words for s in row.seats], row.here_words
(['not joined yet', 'not joined yet', 'computer player'], '0 of 2 players here')
>>> print(page.text().splitlines()[0].replace(". ", ".\\n"))
Table 1: Ann not joined yet; Bob not joined yet.
0 of 2 players here.
Round 1 of 10: Bob to move.
No round finished yet.
Projector not open.
>>> page.close_room("Table 2"); page.rows()[1].game
'Closed: its links no longer work.'
>>> page.stop(); page.running
False
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from .._shared import name_in_text
from ..core import Rules
from ._authority import Authority
from ._errors import RoomError
from ._gamewords import game_words
from ._host import LINK_STYLE, listening_socket, serve_in_background
from ._rooms import Rooms, create_room, qr_svg
from ._serve import base_url, need_server_packages
from ._settings import TITLE_LIMIT, clean_text, game_of, people, room_settings
from ._store import RoomStore
from ._tokens import seat_token, table_token

__all__ = [
    "MAX_TABLES",
    "ClassPage",
    "RoomRow",
    "SeatRow",
    "game_words",
    "host_class",
    "page_html",
]

#: The most rooms one class page hosts.
MAX_TABLES = 40


@dataclass(frozen=True)
class SeatRow:
    """One seat of a room as the class page shows it."""

    name: str
    person: bool
    #: Devices connected to this seat now.
    devices: int = 0
    #: A device was connected to this seat at some time since the page started.
    was_here: bool = False

    @property
    def words(self) -> str:
        """``here``, ``not joined yet``, ``left (not connected now)`` or ``computer player``."""
        if not self.person:
            return "computer player"
        if self.devices > 1:
            return f"here on {self.devices} devices"
        if self.devices:
            return "here"
        return "left (not connected now)" if self.was_here else "not joined yet"

    @property
    def closed_words(self) -> str:
        """What the seat's player did, once the room is closed: ``was here`` or ``never joined``."""
        if not self.person:
            return "computer player"
        return "was here" if self.was_here else "never joined"


@dataclass(frozen=True)
class RoomRow:
    """One room's row: its title, seats, projector, the game's state and totals in words."""

    title: str
    seats: tuple[SeatRow, ...]
    #: Devices showing the table's view (a projector) now.
    projector: int
    game: str
    scores: str
    closed: bool = False

    @property
    def people(self) -> int:
        """How many seats people play."""
        return sum(1 for s in self.seats if s.person)

    @property
    def here(self) -> int:
        """How many people seats have a device connected now."""
        return sum(1 for s in self.seats if s.person and s.devices)

    @property
    def here_words(self) -> str:
        """``2 of 3 players here``."""
        return f"{self.here} of {self.people} players here"

    @property
    def projector_words(self) -> str:
        """``Projector not open`` or ``On 1 screen``."""
        if not self.projector:
            return "Projector not open"
        return f"On {self.projector} screen{'s' if self.projector > 1 else ''}"

    def text(self) -> str:
        """The row as one line of plain text."""
        seats = "; ".join(
            f"{name_in_text(s.name)} {s.closed_words if self.closed else s.words}"
            for s in self.seats
        )
        if self.closed:
            return f"{self.title}: {seats}. {self.game} {self.scores}"
        return (
            f"{self.title}: {seats}. {self.here_words}. {self.game} {self.scores} "
            f"{self.projector_words}."
        )


def _cell(text: str) -> str:
    return html.escape(text)


def page_html(
    rows: Sequence[RoomRow], *, note: str = "", projectors: Mapping[str, str] | None = None
) -> str:
    """The class's rooms as an HTML table (headers, one row per room, words only).

    ``projectors``: a room's title -> its table view's link, put in the row for a projector
    (the live page only: a saved notebook keeps no link).

    The columns have fixed shares of the table's width (``table-layout:fixed``), so they do
    not move while the words in them change ("not joined yet" -> "here").

    >>> print(page_html([]).splitlines()[0].replace(";", ";\\n"))
    <table class="cfw-class" style="border-collapse:collapse;
    text-align:left;
    line-height:1.4;
    table-layout:fixed;
    width:100%;
    max-width:78em">
    """
    people = sum(r.people for r in rows if not r.closed)
    here = sum(r.here for r in rows if not r.closed)
    over = sum(1 for r in rows if not r.closed and r.game.startswith("Game over"))
    closed = sum(1 for r in rows if r.closed)
    rooms = f"{len(rows)} room{'s' if len(rows) != 1 else ''}"
    if rows and closed == len(rows):
        summary = f"The class's rooms: {rooms}, all closed"
    else:
        summary = f"The class's rooms: {rooms}, {here} of {people} players here now"
        summary += f", {over} game{'s' if over != 1 else ''} over" if over else ""
        summary += f", {closed} closed" if closed else ""
    summary += f". {note}" if note else "."
    # Each cell says it is aligned left: JupyterLab right-aligns the cells of a saved
    # output's table (its rendered-HTML style sheet sets td and th, not the table).
    pad = (
        "padding:0.35em 0.8em 0.35em 0;vertical-align:top;text-align:left;"
        "border-bottom:1px solid #8888"
    )
    head = "".join(
        f'<th scope="col" style="{pad}">{h}</th>'
        for h in ("Room", "Players", "Here now", "Game", "Totals", "Projector")
    )
    body = []
    for row in rows:
        seats = "".join(
            f"<li>{_cell(s.name)}: "
            + ("<b>here</b>" if s.devices else _cell(s.closed_words if row.closed else s.words))
            + (f" ({s.devices} devices)" if s.devices > 1 else "")
            + "</li>"
            for s in row.seats
        )
        cells = [
            f'<th scope="row" style="{pad}">{_cell(row.title)}</th>',
            f'<td style="{pad}"><ul style="margin:0;padding-left:1.1em">{seats}</ul></td>',
            f'<td style="{pad}">{"" if row.closed else _cell(row.here_words)}</td>',
            f'<td style="{pad}">{"<b>Closed:</b>" if row.closed else ""}'
            f"{_cell(row.game.removeprefix('Closed:') if row.closed else row.game)}</td>",
            f'<td style="{pad}">{_cell(row.scores)}</td>',
            f'<td style="{pad}">{"" if row.closed else _projector(row, projectors or {})}</td>',
        ]
        body.append(f"<tr>{''.join(cells)}</tr>")
    cols = "".join(f'<col style="width:{share}%">' for share in _COLUMN_SHARES)
    return (
        '<table class="cfw-class" style="border-collapse:collapse;text-align:left;'
        'line-height:1.4;table-layout:fixed;width:100%;max-width:78em">\n'
        f'<caption style="text-align:left;padding-bottom:0.4em">{_cell(summary)}</caption>\n'
        f"<colgroup>{cols}</colgroup>\n"
        f"<thead><tr>{head}</tr></thead>\n<tbody>{''.join(body)}</tbody></table>"
    )


# Each column's share of the table's width, in the headers' order (Room, Players, Here now,
# Game, Totals, Projector): fixed, so that no column moves when the words in a cell change.
_COLUMN_SHARES = (10, 26, 11, 20, 18, 15)


@dataclass
class _Room:
    title: str
    room: str
    host: str
    settings: dict[str, Any]
    authority: Authority


@dataclass(frozen=True)
class _Links:
    """A room's links as the disclosure under the table shows them."""

    title: str
    closed: bool
    seats: tuple[tuple[str, str, str], ...]  # (name, join link, QR code SVG)
    table: str


class _ClassView(ipw.VBox):  # type: ignore[misc]
    """The live table of a class's rooms and their links; subclasses say what the rows are."""

    #: What the caption adds once the page has stopped.
    _stopped = "The server has stopped."
    #: Each room's row now, in the order the rooms were given (the subclass's rooms).
    rows: Callable[[], list[RoomRow]]
    #: Each room's links as the disclosure under the table shows them.
    _link_sections: Callable[[], list[_Links]]

    def __init__(self) -> None:
        self._lock = threading.RLock()
        #: True while the rooms are hosted (or followed).
        self.running = False
        self._table = ipw.HTML()
        self._links = ipw.HTML()
        super().__init__([self._table, self._links])
        self.add_class("cfw-class-page")

    def text(self) -> str:
        """Every room's row as a line of plain text."""
        return "\n".join(row.text() for row in self.rows())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self.rows())} rooms>\n{self.text()}"

    def _repr_html_(self) -> str:
        """The table as it is now, without links: what a saved notebook shows without a kernel."""
        return page_html(self.rows(), note="" if self.running else self._stopped)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live page, plus the table now as HTML and text for a notebook read later."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/plain"] = repr(self)
            data["text/html"] = self._repr_html_()
        return bundle

    def _projectors(self) -> dict[str, str]:
        """Each open room's table view link, for the live table's Projector column."""
        return {}

    def _redraw(self) -> None:
        with self._lock:
            if self.running:
                self._table.value = page_html(self.rows(), projectors=self._projectors())
            else:
                self._table.value = page_html(self.rows(), note=self._stopped)

    def _draw_links(self) -> None:
        parts = [
            "<p>Each player opens their own link (or scans its code) on their device; the "
            "projector link shows the whole table with no hands. Keep these links to the "
            "class: each one opens a seat.</p>"
        ]
        for room in self._link_sections():
            title = html.escape(room.title)
            if room.closed:
                parts.append(f"<p>{title} is closed: its links no longer work.</p>")
                continue
            seats = "".join(
                f"<li style='display:inline-block;max-width:16em;margin:0 1.5em 1em 0;"
                f"text-align:center;vertical-align:top'>{qr}<br><b>{html.escape(name)}</b><br>"
                f"{_anchor(link)}</li>"
                for name, link, qr in room.seats
            )
            people = len(room.seats)
            parts.append(
                f"<details><summary style='{_SUMMARY}'>{title}: links for {people} player"
                f"{'s' if people != 1 else ''} and the projector</summary>"
                f"<p>Projector (the whole table, no hands): {_anchor(room.table)}</p>"
                f"<ul style='list-style:none;padding:0'>{seats}</ul></details>"
            )
        with self._lock:
            self._links.value = f"<div style='line-height:1.4'>{''.join(parts)}</div>"


class ClassPage(_ClassView):
    """The class's rooms in one live table, and each room's links (see the module text).

    Made by :func:`host_class`; put it on a cell's last line to show it. :meth:`rows` and
    :meth:`text` give the same state as values and words; :meth:`close_room` closes one
    room, :meth:`stop` every room and the server.
    """

    def __init__(self, rooms: Rooms, tables: list[_Room]) -> None:
        super().__init__()
        self.rooms = rooms
        self._tables = tables
        self._seen: set[tuple[str, int]] = set()
        self._stop: list[Any] = []
        #: Each room's title -> ``[(seat, name, join link)]`` of its person seats.
        self.links: dict[str, list[tuple[int, str, str]]] = {
            t.title: [
                (i, s["name"], rooms.join_link(t.room, seat_token(t.host, i)))
                for i, s in enumerate(t.settings["seats"])
                if not s["bot"]
            ]
            for t in tables
        }
        #: Each room's title -> its table (projector) link: the whole table, no hand.
        self.table_links = {t.title: rooms.join_link(t.room, table_token(t.host)) for t in tables}
        #: Each room's title -> its own host page's link (not shown on the page: that page
        #: can close the room; open it on another screen to follow one room closely, or
        #: give the links to ``watch_class`` in another notebook).
        self.host_links = {t.title: rooms.host_link(t.room, t.host) for t in tables}
        rooms.watchers.append(self._device)
        rooms.changes.append(self._changed)
        self._draw_links()
        self._redraw()

    # -- what the page shows ---------------------------------------------------------

    def rows(self) -> list[RoomRow]:
        """Each room's row now, in the order the tables were given."""
        rows = []
        for t in self._tables:
            closed = not self.rooms.store.is_open(t.room)
            seats = tuple(
                SeatRow(
                    s["name"],
                    not s["bot"],
                    0 if closed or s["bot"] else self.rooms.count(t.room, "seat", i),
                    (t.room, i) in self._seen,
                )
                for i, s in enumerate(t.settings["seats"])
            )
            game = (self.rooms.live(t.room) or t.authority).game  # read again if resumed
            state, scores = game_words(game.round, game)
            if closed:
                state = "Closed: its links no longer work."
            projector = 0 if closed else self.rooms.count(t.room, "table")
            rows.append(RoomRow(t.title, seats, projector, state, scores, closed))
        return rows

    def _projectors(self) -> dict[str, str]:
        return self.table_links

    def _link_sections(self) -> list[_Links]:
        return [
            _Links(
                t.title,
                not self.rooms.store.is_open(t.room),
                tuple((name, link, qr_svg(link)) for _, name, link in self.links[t.title]),
                self.table_links[t.title],
            )
            for t in self._tables
        ]

    # -- told by the server ----------------------------------------------------------

    def _mine(self, room: str) -> bool:
        return any(t.room == room for t in self._tables)

    def _device(self, room: str, role: str, seat: int | None, count: int) -> None:
        if not self._mine(room):
            return
        if role == "seat" and seat is not None and count:
            self._seen.add((room, seat))
        self._redraw()

    def _changed(self, room: str) -> None:
        if self._mine(room):
            self._redraw()

    # -- closing ---------------------------------------------------------------------

    def close_room(self, title: str) -> None:
        """Close one room: its links die, its devices are told, its row says closed."""
        found = [t for t in self._tables if t.title == title]
        if not found:
            known = ", ".join(t.title for t in self._tables)
            raise RoomError(f"There is no room called {title!r}; the rooms are: {known}")
        self.rooms.close(found[0].room)
        self._draw_links()
        self._redraw()

    def stop(self) -> None:
        """Close every room (their links die) and stop the server; the table stays."""
        if not self.running:
            return
        self.running = False
        for t in self._tables:
            if self.rooms.store.is_open(t.room):
                self.rooms.close(t.room)
        for stop in self._stop:
            stop()
        self._draw_links()
        self._redraw()


def _projector(row: RoomRow, projectors: Mapping[str, str]) -> str:
    words = _cell(row.projector_words)
    link = projectors.get(row.title)
    if not link:
        return words
    shown = html.escape(link)
    return (
        f"{words}<br><a href='{shown}' target='_blank' rel='noreferrer' "
        f"style='display:inline-block;min-height:24px;padding:0.2em 0;{LINK_STYLE}'>"
        f"Open {_cell(row.title)} on the projector</a>"
    )


#: A disclosure's summary: a target at least 44 px high, for a finger as for a mouse.
_SUMMARY = "min-height:44px;padding:0.6em 0;box-sizing:border-box;cursor:pointer"


def _anchor(link: str) -> str:
    """A link that shows its address, wrapped anywhere (an address has no spaces to break at)."""
    shown = html.escape(link)
    return (
        f"<a href='{shown}' target='_blank' rel='noreferrer' "
        f"style='{LINK_STYLE};overflow-wrap:anywhere'>{shown}</a>"
    )


def _titled(tables: object) -> list[tuple[str, object]]:
    if isinstance(tables, Mapping):
        for key in tables:
            if not "".join(ch for ch in str(key) if ch.isprintable()).strip():
                raise RoomError("Every room needs a title with letters or numbers in it")
        items = [(clean_text(k, TITLE_LIMIT), v) for k, v in tables.items()]
    elif isinstance(tables, Sequence) and not isinstance(tables, str | bytes):
        items = [(f"Table {i + 1}", v) for i, v in enumerate(tables)]
    else:
        raise RoomError(
            "host_class takes the class's tables: a list of players per table "
            '(["Ann, Bob", "Cy, Di"]) or {title: players}'
        )
    if not 1 <= len(items) <= MAX_TABLES:
        raise RoomError(f"A class page hosts 1 to {MAX_TABLES} rooms, got {len(items)}")
    titles = [title for title, _ in items]
    twice = sorted({t for t in titles if titles.count(t) > 1})
    if twice:
        raise RoomError(f"Two rooms are called {twice[0]!r}; give each room its own title")
    return items


def _settings_shape(settings: dict[Any, Any]) -> bool:
    """True if ``settings`` has the fields of :func:`room_settings`' answer."""
    seats = settings.get("seats")
    return set(settings) == {"seats", "rules", "seed", "pace"} and (
        isinstance(seats, list)
        and all(isinstance(s, dict) and set(s) == {"name", "bot"} for s in seats)
    )


def _settings_of(
    title: str, players: object, rules: str | Rules | None, seed: int | None, pace: object
) -> dict[str, Any]:
    try:
        if isinstance(players, dict) and _settings_shape(players):
            game_of(players)  # the names, rules and seed must deal a game
            if not people(players):
                raise RoomError("At least one player must be a person: every seat here is a bot")
            return players
        if isinstance(players, str) or (
            isinstance(players, Sequence) and all(isinstance(p, str) for p in players)
        ):
            return room_settings(players, rules=rules, seed=seed, pace=pace)
    except RoomError as exc:
        raise RoomError(f"{title}: {exc}") from None
    except (KeyError, TypeError, AttributeError):
        pass
    raise RoomError(
        f"{title}: players are names and bots like 'Ann, Bob, bot:tips', a list of them, "
        "or settings made by room_settings()"
    )


def host_class(
    tables: Mapping[str, object] | Sequence[object],
    *,
    rules: str | Rules | None = None,
    seed: int | None = None,
    pace: float | str = 1.0,
    store: str | Path | None = None,
    port: int = 8765,
    local_only: bool = False,
    public_url: str | None = None,
) -> ClassPage:
    """Host one room per table of a class on one server; the class's live page.

    - ``tables``: ``{title: players}`` or a list of players (titled Table 1, Table 2, ...);
      players are like ``"Ann, Bob, bot:tips"`` (a list of names works too), or settings
      made by :func:`~cfwidget.room.room_settings` for a table of its own.
    - ``rules`` (a preset's name or a :class:`~cfwidget.Rules`), ``pace`` (seconds a
      computer player waits, or ``"click"``): for every table; ``seed`` deals table ``i``
      with ``seed + i`` (the same deals every run; default: new deals).
    - ``store``, ``port``, ``local_only``, ``public_url``: as for :func:`~cfwidget.room.host`.
      With a ``store`` file every move is kept as it is played, and if the kernel stops
      before :meth:`ClassPage.stop`, ``cfwidget serve --store FILE`` resumes the open rooms.
    """
    need_server_packages()
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RoomError(f"The seed is a whole number (or None for new deals), got {seed!r}")
    if rules is not None and not isinstance(rules, str | Rules):
        raise RoomError(f"The rules are a preset's name or a cf.Rules, got {rules!r}")
    items = _titled(tables)
    chosen = [
        _settings_of(title, players, rules, None if seed is None else seed + i, pace)
        for i, (title, players) in enumerate(items)
    ]
    rooms = Rooms(RoomStore(":memory:" if store is None else store), "")
    address = "127.0.0.1" if local_only else "0.0.0.0"
    sock = listening_socket(address, port)
    rooms.base_url = base_url(address, int(sock.getsockname()[1]), public_url)
    made = []
    for (title, _), settings in zip(items, chosen, strict=True):
        room, token = create_room(rooms.store, title, settings)
        authority = Authority(rooms.store, room, settings)
        rooms.add(authority)
        made.append(_Room(rooms.store.room(room).title, room, token, settings, authority))
    page = ClassPage(rooms, made)
    page.running = True
    page._stop.append(serve_in_background(rooms, sock))
    page._redraw()
    return page
