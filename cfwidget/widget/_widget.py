"""The farmyard widget: play Chicken Foot in a notebook against bots or friends.

:class:`GameWidget` shows one seat's view of a :class:`~cfwidget.Game` (or
a lone :class:`~cfwidget.Round`): that seat's hand, the table laid out as
a real farmyard, every hand's tile count, the chicken yard, the move log and,
at the end of a round, the scores; or, with ``seat="table"``, the table's view that
a whole class may see, with no hand (built from ``Round.observation(None)``).

State flows one way and intents the other. Python builds the view from
``Round.observation(seat)`` plus the layout (a :class:`~cfwidget.widget.View`,
see :mod:`cfwidget.widget._view`), and syncs it in the ``view`` trait: the
browser never receives another seat's tiles or the order of the yard, and it
cannot change any trait (an ``update`` from the browser is refused). The
browser sends small intents as custom messages, e.g. ``{"kind": "play",
"move": "9-4@9-9", "version": 7}``; each kind has a handler in the widget's
table of intents (:func:`handles` adds one). Python checks each intent against
the engine and answers with a new view, or leaves everything as it was and
explains why in the ``message`` trait. A message carries the ``version`` of the
view it was sent from, so a stale or doubled click is ignored.

>>> import cfwidget as cf
>>> w = GameWidget(cf.Game(["Ann", "Bob"], seed=0), humans=[0], pace="click")
>>> w
<GameWidget Ann (you) vs Bob (bot): round 1 of 10, Ann to move>
>>> w.view["status"], w.view["rule"]
('Your turn, Ann.', 'The centre double 9-9 still needs 4 spokes (tiles with a 9).')
>>> w.handle_intent({"kind": "play", "move": "8-8@9-9", "version": w.version})
False
>>> w.message
'Not played: 8-8 does not match 9-9: the open end of 9-9 shows 9.'
>>> w.handle_intent({"kind": "play", "move": "9-1@9-9", "version": w.version})
True
>>> w.view["status"], w.message
('Bob (bot) to move: press Next.', '')
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, cast

from .._shared import is_whole as _whole
from .._shared import name_in_text, shown
from ..core import Game, IllegalMove, Move, NotationError, Round
from ..players import Bot
from ..table import BOARD_ASPECT, PALETTE, render_svg
from ._args import (
    DEFAULT_PACE,
    BotLike,
    Pace,
    check_bots,
    check_coach,
    check_flag,
    check_humans,
    check_pace,
    check_palette,
    check_seat,
    unknown_args,
)
from ._board import LaidTable, board_aspect
from ._errors import WidgetError
from ._farmyard import DISPLAYS, Farmyard, check_display, front_end
from ._flow import new_game, undo_span, your_turn
from ._hint import HintGiver
from ._intents import (
    FIELD_RULES,
    handles,
)
from ._saved import saved_pictures
from ._view import (
    Controls,
    PlayerKind,
    View,
    Waiting,
    build_view,
    caption_words,
    state_words,
    status_words,
    title_words,
    waiting_for,
    where_words,
)

if TYPE_CHECKING:
    from ..core import Observation

__all__ = ["DISPLAYS", "INTENTS", "GameWidget"]


#: How tiles are drawn: pips, numerals, or pips coloured by number.

# The live widgets of each game (or lone round), by the game's id, so that widgets showing
# other seats of the same game redraw together: a server with hundreds of games finds a
# game's few widgets without looking at every widget. A widget holds its game, so an id
# here belongs to a live game while any widget of it lives; emptied entries are dropped.
_PEERS: dict[int, weakref.WeakSet[GameWidget]] = {}
_PRUNE_AT = [64]  # emptied entries are dropped when the table has grown this long


def _register(widget: GameWidget) -> None:
    if len(_PEERS) >= _PRUNE_AT[0]:
        for key in [k for k, found in _PEERS.items() if not found]:
            del _PEERS[key]
        _PRUNE_AT[0] = max(64, 2 * len(_PEERS))
    _PEERS.setdefault(id(widget._shared), weakref.WeakSet()).add(widget)


class GameWidget(HintGiver, Farmyard):
    """Play Chicken Foot in a notebook: the farmyard, your hand, bots that take turns.

    ``game`` is a :class:`~cfwidget.Game` (rounds follow one another, with
    a score sheet) or a single :class:`~cfwidget.Round`.

    - ``humans``: the seats people play (default: seat 0). Every other seat is a bot.
    - ``bots``: the bot of each bot seat: ``None`` (the ``tips`` bot everywhere),
      one bot for all, a list with one entry per seat (``None`` for humans) or a
      dict ``{seat: bot}``; a bot is a callable ``(observation) -> Move`` or a
      name from :data:`cfwidget.players.BOTS`.
    - ``seat``: whose hand the view shows and plays (default: the first human),
      ``"turn"`` when people share one screen: the view follows whose turn it is, or
      ``"table"``: the table's view, for a projector the whole class sees. It is made from
      ``Round.observation(None)`` (what every seat can see): the farmyard, every seat's tile
      count, the chicken yard, whose turn it is in the third person ("Ann to move."), the
      move log and the scores, with no hand, no Draw, Pass, Undo or Hint. Next and the
      bots' timer move the bots; a person's seat is played from that person's own view.
    - ``pace``: seconds a bot waits before it moves (0.2 to 60, default 1; Next
      moves it at once), or ``"click"``: bots move only when you press Next.
    - ``display``: ``"pips"``, ``"numerals"`` or ``"colour"`` (pips coloured by number).
    - ``large``: bigger tiles and buttons (touch targets of at least 44 px).
    - ``palette``: the colours of numbers 1, 2, 3, ... in ``"colour"`` mode
      (``#rrggbb``; default: Okabe-Ito, safe for colour-blind eyes).
    - ``allow_undo``: show an Undo button that takes back your last turn in this round
      (and the bot moves after it). A draw stays drawn (you have seen the tile) and a
      finished round stays finished, unless ``practice`` is on.
    - ``practice``: Undo may also take back draws and reopen a finished round, for
      learning and trying things out (default ``False``).
    - ``coach``: a Hint button (key H) on your turn: the coach's best move for your seat,
      ringed on the hand and the table, and why in one sentence with your odds
      (:mod:`._hint`; default ``False``).

    At the end of a game the view shows the standings and a "New game" button (the same
    names, rules and bots, a seed worked out from this game's: :mod:`._flow`).

    >>> import cfwidget as cf
    >>> w = GameWidget(cf.Round.deal(cf.Rules(), players=3, seed=2), humans=[1], pace=1.5)
    >>> w.seat, w.humans, w.pace, w.view["players"][1]["count"]
    (1, (1,), 1.5, 9)

    The table's view of a class game, beside each player's own view of it:

    >>> game = cf.Game(["Ann", "Bob", "Cy"], seed=0)
    >>> table = GameWidget(game, humans=[0, 2], seat="table", pace="click")
    >>> table
    <GameWidget Ann (player) vs Bob (bot) vs Cy (player): round 1 of 10, Ann to move, table view>
    >>> table.seat, table.view["hand"], table.view["status"]
    (None, [], 'Ann to move.')
    >>> ann = GameWidget(game, humans=[0, 2], seat=0, pace="click")
    >>> ann.handle_intent({"kind": "play", "move": "9-1@9-9", "version": ann.version})
    True
    >>> table.view["last_words"], table.view["status"]
    ('Ann played 9-1 on 9-9.', 'Bob (bot) to move: press Next.')
    >>> table.handle_intent({"kind": "next", "version": table.version})
    True
    >>> table.view["status"], [p["count"] for p in table.view["players"]]
    ('Cy to move.', [13, 13, 13])
    """

    _esm = front_end("farmyard")

    def __init__(
        self,
        game: Game | Round,
        *,
        humans: Iterable[int] = (0,),
        bots: BotLike | Sequence[BotLike | None] | Mapping[int, BotLike] | None = None,
        seat: int | Literal["turn", "table"] | None = None,
        pace: Pace | int = DEFAULT_PACE,
        display: str = "pips",
        large: bool = False,
        palette: Sequence[str] | None = None,
        allow_undo: bool = True,
        practice: bool = False,
        coach: bool = False,
        **kwargs: object,
    ) -> None:
        if kwargs:
            raise TypeError(unknown_args(GameWidget, kwargs))
        if isinstance(game, Game):
            self._game: Game | None = game
            self._lone: Round | None = None
        elif isinstance(game, Round):
            self._game, self._lone = None, game
        else:
            raise WidgetError(
                f"game must be a cf.Game or a cf.Round, like cf.Game(4); got {shown(game)}"
            )
        players = self._round.players
        self._humans = check_humans(humans, players)
        self._bots = check_bots(bots, self._humans, players, self._seed())
        # seat="turn": people share one screen and the view follows whose turn it is.
        self._follow_turn = seat == "turn"
        self._seat: int | None = check_seat(seat, self._humans, players)
        self._pace = check_pace(pace)
        self._allow_undo = check_flag("allow_undo", allow_undo)
        self._practice = check_flag("practice", practice)
        self._coach = check_coach(coach, self._humans, table=self._seat is None)
        self._hint = None
        display = check_display(display)
        check_flag("large", large)
        colours = list(PALETTE) if palette is None else check_palette(palette)

        self._last_done: tuple[int, str] | None = None
        self._laid = self._shared_table()
        self._seen: tuple[object, ...] = self._fingerprint()
        self._version = 1
        view = self._build_view()
        super().__init__(view=view, display=display, large=large, palette=colours)
        self.on_msg(self._on_msg)
        _register(self)

    # -- what the widget shows -------------------------------------------------------

    @property
    def game(self) -> Game | None:
        """The game being played (``None`` when the widget plays a lone round)."""
        return self._game

    @property
    def round(self) -> Round:
        """The round being played."""
        return self._round

    @property
    def _round(self) -> Round:
        if self._game is not None:
            return self._game.round
        assert self._lone is not None
        return self._lone

    @property
    def seat(self) -> int | None:
        """The seat whose hand the view shows (``None``: the table's view, with no hand)."""
        return self._seat

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play."""
        return self._humans

    @property
    def bots(self) -> dict[int, Bot]:
        """The bot of each bot seat."""
        return dict(self._bots)

    @property
    def pace(self) -> Pace:
        """``"click"`` or the seconds between bot moves; set it to change the speed."""
        return self._pace

    @pace.setter
    def pace(self, value: Pace | int) -> None:
        self._pace = check_pace(value)
        self.refresh(force=True)

    @property
    def version(self) -> int:
        """The stamp of the current view; intents must carry it."""
        return self._version

    def to_svg(self, **options: Any) -> str:
        """The table as a standalone SVG picture (see :func:`cfwidget.table.render_svg`)."""
        rnd = self._round
        laid = self._laid.of(rnd)
        options.setdefault("mode", self.display)
        options.setdefault("title", title_words(rnd, self._game))
        options.setdefault("caption", caption_words(rnd, self._game))
        return render_svg(laid, **options)

    def __repr__(self) -> str:
        rnd = self._round
        names = " vs ".join(f"{name} ({self._kind_of(i)})" for i, name in enumerate(rnd.names))
        where, state = where_words(rnd, self._game), state_words(rnd, self._game)
        seen = ", table view" if self._seat is None else ""
        return f"<GameWidget {names}: {where}, {state}{seen}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget view, plus a text line and the table as SVG and PNG for saved notebooks."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        laid = self._laid.of(self._round)
        pictures, words = saved_pictures(laid, lambda scale: self.to_svg(scale=scale))
        data = {**data, **pictures, "text/plain": repr(self)}
        return data, {**metadata, **words}

    # -- the intents -------------------------------------------------------------------

    def _intent(self, content: object, buffers: Sequence[object]) -> bool:
        handler = self._screen(content, buffers)
        if handler is None or not isinstance(content, dict):
            return False
        kind = handler.kind
        if handler.stamp == "quiet" and content.get("version") != self._version:
            return False  # an old timer or a doubled click: nothing to say
        if handler.stamp == "checked":
            refused = self._stale(content)
            if refused is not None:
                return refused
        for name in sorted(handler.fields & FIELD_RULES.keys()):
            absent, fits, refusal = FIELD_RULES[name]
            if not fits(content.get(name, absent)):
                return self._refuse(refusal.format(kind=kind))
        if handler.stamp == "checked":
            refused = self._out_of_date(content)
            if refused is not None:
                return refused
        changed: bool = getattr(self, handler.method)(content)
        if changed:
            if handler.stamp == "checked":
                self._last_done = (content["version"], _intent_key(content))
            for other in self._peers():
                other._say("")  # what it said was about a position gone by
                other.refresh()
        return changed

    def _stale(self, content: Mapping[str, Any]) -> bool | None:
        """Refuse an intent sent before the game changed from Python, or without a stamp."""
        if self._outside_change():
            self.refresh()
            return self._refuse(
                "The game changed outside the widget, so that click was ignored; "
                "the board now shows the current position"
            )
        if not _whole(content.get("version")):
            return self._refuse("The request carried no version stamp")
        return None

    def _out_of_date(self, content: Mapping[str, Any]) -> bool | None:
        """Refuse an intent for an earlier view (a doubled click) or for another seat."""
        version = content["version"]
        if version != self._version:
            if content.get("auto", False):
                return False  # a timer from another view of this widget: nothing to say
            done = self._last_done
            if done is not None and done[0] == version and done[1] == _intent_key(content):
                return self._refuse("That was already done")
            return self._refuse(
                "That click was for an earlier position, so it was ignored; "
                "the board shows the current one"
            )
        seat = content.get("seat", self._seat)
        if self._seat is None:
            if seat is not None:
                return self._refuse(_TABLE_PLAYS_NOBODY)
        elif not _whole(seat) or seat != self._seat:
            return self._refuse(f"This view plays for {self._name(self._seat)} only")
        return None

    @handles("play", "move")
    def _on_play(self, content: Mapping[str, Any]) -> bool:
        return self._play(str(content["move"]))

    @handles("draw")
    def _on_draw(self, content: Mapping[str, Any]) -> bool:
        return self._play("draw")

    @handles("pass")
    def _on_pass(self, content: Mapping[str, Any]) -> bool:
        return self._play("pass")

    @handles("next", "auto")
    def _on_next(self, content: Mapping[str, Any]) -> bool:
        return self._next()

    @handles("undo")
    def _on_undo(self, content: Mapping[str, Any]) -> bool:
        return self._undo()

    @handles("new_game")
    def _on_new_game(self, content: Mapping[str, Any]) -> bool:
        return self._new_game()

    @handles("board", "width", "height", stamp="none")
    def _on_board(self, content: Mapping[str, Any]) -> bool:
        aspect = board_aspect(content.get("width"), content.get("height"))
        if aspect is None:
            return self._refuse("The board's size did not come through; the table keeps its shape")
        if aspect != self._laid.aspect and any(o._laid is self._laid for o in self._peers()):
            self._laid = self._laid.with_aspect(aspect)  # its own, as its board is its own
        self._laid.aspect = aspect  # the next round is laid to the board's shape
        return False

    def _play(self, text: str) -> bool:
        rnd = self._round
        if self._seat is None:
            return self._refuse(_TABLE_PLAYS_NOBODY)
        if rnd.is_over:
            return self._refuse("The round is over: no more moves can be made")
        if self._seat not in self._humans:
            return self._refuse(f"{self._name(self._seat)} is played by a bot, not from here")
        if rnd.turn != self._seat:
            return self._refuse(f"It is {self._name(rnd.turn)}'s turn, so nothing was played")
        try:
            move = Move.parse(text)
        except NotationError as exc:
            return self._refuse(f"That is not a move ({exc})")
        try:
            if self._game is not None:
                self._game.play(move)
            else:
                rnd.play(move)
        except IllegalMove as exc:
            return self._refuse(f"Not played: {exc}")
        self._say("")
        self.refresh()
        return True

    def _next(self) -> bool:
        rnd = self._round
        if rnd.is_over:
            game = self._game
            if game is None:
                return self._refuse("This was a single round, and it is over")
            if game.is_over:
                return self._refuse("The game is over")
            game.next_round()
            self._say("")
            self.refresh()
            return True
        seat = rnd.turn
        bot = self._bots.get(seat)
        if bot is None:
            if seat == self._seat:
                return self._refuse(your_turn(rnd.observation(seat)))
            return self._refuse(f"It is {self._name(seat)}'s turn: waiting for them to move")
        try:
            while not rnd.is_over and rnd.turn == seat:
                move = bot(rnd.observation(seat))
                if self._game is not None:
                    self._game.play(move)
                else:
                    rnd.play(move)
        except Exception as exc:  # a user's bot may fail in any way
            self.refresh()
            return self._refuse(
                f"{self._name(seat)}'s bot failed ({type(exc).__name__}: {exc}); "
                "its turn was not finished"
            )
        self._say("")
        self.refresh()
        return True

    def _undo_span(self) -> tuple[int, str]:
        """How many moves Undo would take back, or ``(0, why not)`` (the rule: :mod:`._flow`)."""
        if not self._allow_undo:
            return 0, "Undo is turned off for this game"
        if self._seat is None:
            return 0, _TABLE_PLAYS_NOBODY
        return undo_span(
            self._round, self._seat, humans=self._humans, bots=self._bots, practice=self._practice
        )

    def _new_game(self) -> bool:
        game = self._game
        if game is None:
            return self._refuse("This was a single round: make a new widget to play again")
        if not game.is_over:
            return self._refuse("The game is not over yet: finish it first")
        fresh = new_game(game)
        others = self._peers()  # the other views of this game move on with it
        _PEERS.pop(id(game), None)
        for widget in [*others, self]:
            widget._game = fresh
            _register(widget)
        self._say("")
        self.refresh()
        return True

    def _undo(self) -> bool:
        count, reason = self._undo_span()
        if not count:
            return self._refuse(reason)
        owner = self._game if self._game is not None else self._round
        for _ in range(count):
            owner.undo()  # Game.undo also takes a reopened round's scores off the sheet
        self._say("")
        self.refresh()
        return True

    def _name(self, seat: int) -> str:
        return name_in_text(self._round.names[seat])

    # -- building the view ---------------------------------------------------------------

    @property
    def _shared(self) -> Game | Round:
        """The game (or lone round) this widget shows, which other widgets may show too."""
        return self._game if self._game is not None else self._round

    def _shared_table(self) -> LaidTable:
        """The laid table of another widget of this game whose board has the usual shape
        (so each move is laid out once for all of them, as every seat sees the same
        table), else a new one."""
        for other in list(_PEERS.get(id(self._shared), ())):
            if other._shares(self) and other._laid.aspect == BOARD_ASPECT:
                return other._laid
        return LaidTable()

    def _peers(self) -> list[GameWidget]:
        """The other live widgets of the same game (or lone round)."""
        found = _PEERS.get(id(self._shared), ())
        return [other for other in list(found) if other is not self and other._shares(self)]

    def _shares(self, other: GameWidget) -> bool:
        if self._game is not None:
            return self._game is other._game
        return self._lone is not None and self._lone is other._lone

    def _fingerprint(self) -> tuple[object, ...]:
        rnd = self._round
        history = rnd.history
        return (id(rnd), len(history), history[-1] if history else None, rnd.is_over)

    def _outside_change(self) -> bool:
        return self._fingerprint() != self._seen

    def refresh(self, force: bool = False) -> None:
        """Redraw from the engine (call it after changing the game from Python)."""
        seen = self._fingerprint()
        if seen == self._seen and not force:
            return
        self._seen = seen
        self._version += 1
        self.view = cast("dict[str, Any]", self._build_view())

    def _kind_of(self, seat: int) -> PlayerKind:
        if seat == self._seat and seat in self._humans:
            return "you"
        return "bot" if seat in self._bots else "player"

    def _build_view(self) -> View:
        rnd = self._round
        if self._follow_turn and not rnd.is_over and rnd.turn in self._humans:
            self._seat = rnd.turn
        obs = rnd.observation(self._seat)
        waiting, auto_ms, next_label = self._waiting(rnd)
        controls = Controls(
            version=self._version,
            seat=self._seat,
            humans=frozenset(self._humans),
            kinds=tuple(self._kind_of(i) for i in range(rnd.players)),
            waiting=waiting,
            auto_ms=auto_ms,
            next_label=next_label,
            status=self._status(rnd, obs, waiting),
            can_undo=self._undo_span()[0] > 0,
            allow_undo=self._allow_undo and self._seat is not None,
            coach=self._coach,
            hint=self._hint_now(),
        )
        return build_view(rnd, self._game, obs, self._laid.of(rnd), controls)

    def _waiting(self, rnd: Round) -> tuple[Waiting, int | None, str]:
        return waiting_for(rnd, self._game, self._seat, self._humans, self._bots, self._pace)

    def _status(self, rnd: Round, obs: Observation, waiting: Waiting) -> str:
        return status_words(obs, waiting, self._pace, self._game)

    def _seed(self) -> int | None:
        return self._game.seed if self._game is not None else self._round.seed


#: The intents the browser may send, each with the fields it may carry.
INTENTS: Mapping[str, frozenset[str]] = MappingProxyType(
    {kind: handler.fields for kind, handler in GameWidget.intents.items()}
)


#: Why the table's view (``seat="table"``) makes no move for anyone.
_TABLE_PLAYS_NOBODY = "This is the table's view: it shows the game to everyone and plays for nobody"


def _intent_key(content: Mapping[str, Any]) -> str:
    return f"{content.get('kind')}:{content.get('move', '')}"
