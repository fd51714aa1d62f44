"""One room's authority: the game, one widget per person seat, and its events in the store.

The game is a :class:`~cfwidget.Game` dealt from the room's settings; each person seat has
its own :class:`~cfwidget.widget.GameWidget` (the same per-seat view the notebook shows), and
a device's intent goes to its seat's widget, exactly as from the browser in Jupyter. After
every change of the game, what changed is appended to the store as the moves played (not
the intents), so the bots' choices need not be played again: ``move``, ``undo`` (one move
taken back), ``next_round`` and ``new_game`` (with its seed). :meth:`Authority.resume`
replays them on a fresh game, which gives the same game again.

>>> from cfwidget.room._settings import room_settings
>>> from cfwidget.room._store import RoomStore
>>> store = RoomStore(":memory:")
>>> settings = room_settings("Ann, Bob, bot:tips", seed=3, pace="click")
>>> room = store.create("Club", "game", settings, {})
>>> a = Authority(store, room, settings)
>>> w = a.widget("seat", 0)
>>> move = str(a.game.round.legal_moves()[0])
>>> w.handle_intent({"kind": "play", "move": move, "version": w.version, "seat": 0})
True
>>> [e.kind for e in store.events(room)]
['move']
>>> Authority.resume(store, room).record() == a.record()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Game
from ..widget import GameWidget, WidgetError
from ._errors import RoomError
from ._settings import bots, game_of, people
from ._store import RoomStore

__all__ = ["HIDDEN_TRAITS", "Authority", "synced_traits", "traits_of"]

#: Synced traits a device never receives: ipywidgets' own.
HIDDEN_TRAITS = frozenset({"layout", "tabbable", "tooltip"})


#: The seat of the table's view (``Any``: the widget takes it once branch tableview is in).
_TABLE: Any = "table"


def synced_traits(widget: GameWidget) -> list[str]:
    """The names of the synced traits a device's page reads (no ``_`` ones, no ipywidgets' own).

    >>> import cfwidget as cf
    >>> synced_traits(GameWidget(cf.Game(["Ann", "Bob"], seed=1)))
    ['display', 'large', 'message', 'palette', 'view']
    """
    return sorted(
        name
        for name in widget.trait_names(sync=True)
        if not name.startswith("_") and name not in HIDDEN_TRAITS
    )


def traits_of(widget: GameWidget) -> dict[str, Any]:
    """What a device's page is sent of a widget: each of :func:`synced_traits`, by name."""
    return {name: getattr(widget, name) for name in synced_traits(widget)}


def _unsynced(widget: GameWidget) -> GameWidget:
    """A widget the room made in a process with no Jupyter kernel (``cfwidget serve``):
    nobody syncs with it there, yet its stand-in comm would serialise every change of its
    traits for nobody; it is let go of (ipywidgets' ``close``), and goes on working for
    its devices (their pages are sent its traits). In a kernel it is left as it is.
    """
    from comm import DummyComm

    if isinstance(widget.comm, DummyComm):
        widget.close()
    return widget


def _moves(game: Game) -> list[list[str]]:
    return [[str(m) for m in r.moves] for r in game.rounds]


class Authority:
    """The one authority of a game room (see the module's docstring).

    ``seats`` maps a person seat to an existing widget of this game to use for it (a
    notebook hosting a seat it shows too); the other person seats get a new widget.
    ``fresh``: the room was just made for ``game``, whose moves so far are stored now.
    """

    def __init__(
        self,
        store: RoomStore,
        room: str,
        settings: dict[str, Any],
        *,
        game: Game | None = None,
        seats: dict[int, GameWidget] | None = None,
        fresh: bool = False,
    ) -> None:
        self.store, self.room, self.settings = store, room, settings
        self.game = game if game is not None else game_of(settings)
        self._known = _moves(self.game)
        self._last = store.last_event(room)
        #: True once another process wrote to the room: this copy must be resumed again.
        self.stale = False
        self.humans = people(settings)
        self._look: dict[str, Any] = {"bots": bots(settings), "pace": settings["pace"]}
        given = seats or {}
        self._given = list(given.values())
        self._seats: dict[int, GameWidget] = {
            s: given.get(s)
            or _unsynced(GameWidget(self.game, humans=self.humans, seat=s, **self._look))
            for s in self.humans
        }
        self._table: GameWidget | None = None
        self._table_refusal = ""
        self.changed: list[Callable[[], None]] = []  # told after each change of the game
        for widget in self._seats.values():
            widget.observe(self._on_view, names=["view"])
        if fresh:  # a game played before it was hosted: its moves so far go in the store
            self._known = [[]]
            self.save()

    @classmethod
    def resume(cls, store: RoomStore, room: str) -> Authority:
        """The room's authority rebuilt from its settings and every event in the store."""
        info = store.room(room)
        if info.kind != "game":
            raise RoomError(
                "This room was hosted from a notebook and ended with it. "
                "Ask the host for a new link."
            )
        game = game_of(info.settings)
        for event in store.events(room):
            game = _replay(game, event.kind, event.data, info.settings)
        return cls(store, room, info.settings, game=game)

    # -- the widgets ----------------------------------------------------------------

    def widget(self, role: str, seat: int | None) -> GameWidget:
        """The widget of a seat (``role="seat"``) or of the table (``role="table"``)."""
        if role == "seat" and seat in self._seats:
            return self._seats[seat]
        if role == "table":
            return self._table_widget()
        raise RoomError(f"This room has no {role} {seat}")

    def _table_widget(self) -> GameWidget:
        if self._table is None and not self._table_refusal:
            try:
                # TABLEVIEW PLUG-IN: the table view (branch tableview) is this widget.
                seat = next(iter(self._seats.values()))  # its bots and pace, for the table
                self._table = _unsynced(
                    GameWidget(
                        self.game, humans=self.humans, seat=_TABLE, bots=seat.bots, pace=seat.pace
                    )
                )
            except WidgetError:
                self._table_refusal = (
                    "This server cannot show the table view yet. Use a seat's link instead."
                )
        if self._table is None:
            raise RoomError(self._table_refusal)
        return self._table

    @property
    def widgets(self) -> list[GameWidget]:
        """Every widget of the room (person seats, then the table's if it was opened)."""
        return [*self._seats.values(), *([self._table] if self._table else [])]

    def names(self) -> list[str]:
        """The players' names, by seat."""
        return list(self.game.names)

    # -- what changed, into the store ------------------------------------------------

    def _on_view(self, change: dict[str, Any]) -> None:
        owner = change["owner"]
        if isinstance(owner, GameWidget) and owner.game is not None:
            self.save(owner.game)

    def save(self, game: Game | None = None) -> None:
        """Append to the store what changed in the game since the last save."""
        events: list[tuple[str, dict[str, Any]]] = []
        if game is not None and game is not self.game:
            self.game = game
            self._known = [[]]
            events.append(("new_game", {"seed": game.seed}))
        now = _moves(self.game)
        last = len(self._known) - 1
        old, new = self._known[last], now[last]
        same = 0
        while same < min(len(old), len(new)) and old[same] == new[same]:
            same += 1
        events += [("undo", {})] * (len(old) - same)
        events += [("move", {"move": m}) for m in new[same:]]
        for moves in now[last + 1 :]:
            events.append(("next_round", {}))
            events += [("move", {"move": m}) for m in moves]
        if events:
            try:
                self._last = self.store.append(self.room, events, after=self._last)
            except RoomError:
                self.stale = True
                raise
            self._known = now
            for tell in list(self.changed):
                tell()

    def record(self) -> str:
        """The game's record, the JSON that ``cfwidget.Game.from_json`` reads."""
        return self.game.to_json()

    def status(self) -> str:
        """The game's state in words, for the host's page."""
        game, rnd = self.game, self.game.round
        names = game.names
        if game.is_over:
            return f"The game is over: {', '.join(f'{n} {t}' for _, n, t in game.places())}."
        where = f"Round {game.round_number}"
        if rnd.is_over:
            return f"{where} is over: waiting for Next."
        return f"{where}: {names[rnd.turn]} to move."

    def stop(self) -> None:
        """Close the room's own widgets (the ones it made)."""
        for widget in self.widgets:
            if widget in self._seats.values():
                widget.unobserve(self._on_view, names=["view"])
            if widget not in self._given:  # a notebook's own widget stays on its page
                widget.close()


def _replay(game: Game, kind: str, data: dict[str, Any], settings: dict[str, Any]) -> Game:
    """The game after one stored event (a :class:`RoomError` if the store holds nonsense)."""
    try:
        if kind == "move":
            game.play(data["move"])
        elif kind == "undo":
            game.undo()
        elif kind == "next_round":
            game.next_round()
        elif kind == "new_game":
            game = Game(game.names, game.rules, data["seed"])
        return game
    except (ValueError, KeyError, TypeError) as exc:
        raise RoomError(f"A stored event ({kind}) cannot be replayed: {exc}") from None
