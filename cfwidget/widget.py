"""The farmyard widget: play Chicken Foot in a notebook against bots or friends.

:class:`GameWidget` shows one seat's view of a :class:`~cfwidget.game.Game` (or
a lone :class:`~cfwidget.engine.Round`): that seat's hand, the table laid out as
a real farmyard, every hand's tile count, the chicken yard, the move log and,
at the end of a round, the scores.

State flows one way and intents the other. Python builds the view from
``Round.observe(seat)`` plus the layout, and syncs it in the ``view`` trait: the
browser never receives another seat's tiles or the order of the yard. The
browser sends small intents as custom messages, e.g. ``{"kind": "play",
"move": "9-4@9-9", "version": 7}``; Python checks each one against the engine
and answers with a new view, or leaves everything as it was and explains why in
the ``message`` trait. A message carries the ``version`` of the view it was
sent from, so a stale or doubled click is ignored.

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

import json
import pathlib
import weakref
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import anywidget
import traitlets as t

from .bots import Bot
from .drawing import PALETTE, render_svg
from .engine import Round
from .errors import IllegalMove
from .game import Game
from .layout import Farmyard, TilePlacement, bounds
from .moves import Move
from .tiles import NotationError, Tile
from .widget_args import (
    BotLike,
    Pace,
    check_bots,
    check_humans,
    check_pace,
    check_palette,
    unknown_args,
)
from .widget_text import (
    move_words,
    onto_words,
    open_words,
    or_list,
    placement_row,
    rounded,
)

__all__ = ["DISPLAYS", "INTENTS", "MAX_MESSAGE_BYTES", "GameWidget"]

_STATIC = pathlib.Path(__file__).parent / "static"

#: How tiles are drawn: pips, numerals, or pips coloured by number.
DISPLAYS = ("pips", "numerals", "colour")

#: The intents the browser may send, each with the fields it may carry.
INTENTS: dict[str, frozenset[str]] = {
    "play": frozenset({"kind", "version", "seat", "move"}),
    "draw": frozenset({"kind", "version", "seat"}),
    "pass": frozenset({"kind", "version", "seat"}),
    "next": frozenset({"kind", "version", "seat", "auto"}),
    "undo": frozenset({"kind", "version", "seat"}),
    "display": frozenset({"kind", "value"}),
    "large": frozenset({"kind", "value"}),
}
# Intents that change the game carry the view's version stamp.
_STAMPED = frozenset({"play", "draw", "pass", "next", "undo"})

#: Larger messages are refused unread (a real intent is well under 200 bytes).
MAX_MESSAGE_BYTES = 2048

_STATIC_SVG_PX = 640.0  # the longer side of the static picture, at most
_PY_OWNED = frozenset({"view", "message", "display", "large", "palette"})
# Every live widget, so that widgets showing other seats of the same game redraw together.
_LIVE: weakref.WeakSet[GameWidget] = weakref.WeakSet()


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _size(value: object, limit: int) -> int:
    """The JSON size of ``value`` in bytes, or more than ``limit`` if it is larger."""
    try:
        return len(json.dumps(value, ensure_ascii=False, default=str).encode())
    except (TypeError, ValueError, RecursionError):
        return limit + 1


class GameWidget(anywidget.AnyWidget):
    """Play Chicken Foot in a notebook: the farmyard, your hand, bots that take turns.

    ``game`` is a :class:`~cfwidget.game.Game` (rounds follow one another, with
    a score sheet) or a single :class:`~cfwidget.engine.Round`.

    - ``humans``: the seats people play (default: seat 0). Every other seat is a bot.
    - ``bots``: the bot of each bot seat: ``None`` (the ``tips`` bot everywhere),
      one bot for all, a list with one entry per seat (``None`` for humans) or a
      dict ``{seat: bot}``; a bot is a callable ``(round, seat) -> Move`` or a
      name from :data:`cfwidget.bots.BOTS`.
    - ``seat``: whose hand the view shows and plays (default: the first human), or
      ``"turn"`` when people share one screen: the view follows whose turn it is.
    - ``pace``: ``"click"`` (bots move when you press Next) or seconds between
      bot moves (0.2 to 60).
    - ``display``: ``"pips"``, ``"numerals"`` or ``"colour"`` (pips coloured by number).
    - ``large``: bigger tiles and buttons (touch targets of at least 44 px).
    - ``palette``: the colours of numbers 1, 2, 3, ... in ``"colour"`` mode
      (``#rrggbb``; default: Okabe-Ito, safe for colour-blind eyes).
    - ``allow_undo``: show an Undo button that takes back your last move.

    >>> import cfwidget as cf
    >>> w = GameWidget(cf.Round.deal(cf.Rules(), players=3, seed=2), humans=[1], pace=1.5)
    >>> w.seat, w.humans, w.pace, w.view["players"][1]["count"]
    (1, (1,), 1.5, 9)
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"

    #: Everything the view draws: one seat's observation, the layout, texts.
    view = t.Dict().tag(sync=True)
    #: A calm sentence about the last intent that was refused ("" when all is well).
    message = t.Unicode("").tag(sync=True)
    #: "pips", "numerals" or "colour".
    display = t.Enum(DISPLAYS, default_value="pips").tag(sync=True)
    #: Large tiles and buttons.
    large = t.Bool(False).tag(sync=True)
    #: Colours of the numbers 1, 2, 3, ... in "colour" mode.
    palette = t.List(t.Unicode(), default_value=list(PALETTE)).tag(sync=True)

    def __init__(
        self,
        game: Game | Round,
        *,
        humans: Iterable[int] = (0,),
        bots: BotLike | Sequence[BotLike | None] | Mapping[int, BotLike] | None = None,
        seat: int | Literal["turn"] | None = None,
        pace: Pace | int = "click",
        display: str = "pips",
        large: bool = False,
        palette: Sequence[str] | None = None,
        allow_undo: bool = True,
        **kwargs: object,
    ) -> None:
        if kwargs:
            raise TypeError(unknown_args(kwargs))
        if isinstance(game, Game):
            self._game: Game | None = game
            self._lone: Round | None = None
        elif isinstance(game, Round):
            self._game, self._lone = None, game
        else:
            raise TypeError(f"game must be a cfwidget Game or Round, got {type(game).__name__}")
        players = self._round.players
        self._humans = check_humans(humans, players)
        self._bots = check_bots(bots, self._humans, players, self._seed())
        # seat="turn": people share one screen and the view follows whose turn it is.
        self._follow_turn = seat == "turn"
        if seat is None or self._follow_turn:
            seat = self._humans[0] if self._humans else 0
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ValueError(
                f"seat must be a seat number from 0 to {players - 1} or 'turn', got {seat!r}"
            )
        self._seat: int = seat
        self._pace = check_pace(pace)
        if not isinstance(allow_undo, bool):
            raise TypeError(f"allow_undo must be True or False, got {allow_undo!r}")
        self._allow_undo = allow_undo
        if display == "color":
            display = "colour"
        if display not in DISPLAYS:
            raise ValueError(f"display must be one of {', '.join(DISPLAYS)}; got {display!r}")
        if not isinstance(large, bool):
            raise TypeError(f"large must be True or False, got {large!r}")
        colours = list(PALETTE) if palette is None else check_palette(palette)

        self._last_done: tuple[int, str] | None = None
        self._farm: Farmyard | None = None
        self._laid: list[TilePlacement] = []
        self._laid_round: Round | None = None
        self._seen: tuple[object, ...] = self._fingerprint()
        self._version = 1
        view = self._build_view()
        super().__init__(view=view, display=display, large=large, palette=colours)
        self.on_msg(self._on_msg)
        _LIVE.add(self)

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
    def seat(self) -> int:
        """The seat whose hand the view shows."""
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
        """The table as a standalone SVG picture (see :func:`cfwidget.drawing.render_svg`)."""
        rnd = self._round
        laid = self._layout(rnd)
        options.setdefault("mode", self.display)
        options.setdefault("title", self._title(rnd))
        options.setdefault("caption", self._caption(rnd))
        return render_svg(laid, **options)

    def __repr__(self) -> str:
        rnd = self._round
        names = " vs ".join(f"{name} ({self._kind_of(i)})" for i, name in enumerate(rnd.names))
        return f"<GameWidget {names}: {self._where(rnd)}, {self._state_words(rnd)}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget view, plus a static SVG of the table and a text line for saved notebooks."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        data = dict(data)
        data["text/plain"] = repr(self)
        minx, miny, maxx, maxy = bounds(self._layout(self._round))
        longest = max(maxx - minx, maxy - miny) + 2.0  # render_svg's margin: one tile width
        data["image/svg+xml"] = self.to_svg(scale=min(28.0, _STATIC_SVG_PX / longest))
        return data, metadata

    # -- the intents -------------------------------------------------------------------

    def handle_intent(self, content: object, buffers: Sequence[object] = ()) -> bool:
        """Apply one intent as if the browser had sent it; True if the game changed.

        Anything malformed, stale, out of turn or illegal changes nothing and
        sets :attr:`message`; this never raises.
        """
        try:
            return self._intent(content, buffers)
        except Exception as exc:  # the kernel must never see an intent fail
            self._say(
                f"Something went wrong with that request ({type(exc).__name__}); "
                "the details are in the log."
            )
            self.log.exception("cfwidget could not handle an intent")
            return False

    def _on_msg(self, _widget: object, content: object, buffers: Sequence[object]) -> None:
        self.handle_intent(content, buffers)

    def _intent(self, content: object, buffers: Sequence[object]) -> bool:
        if buffers:
            return self._refuse("The widget received binary data it does not expect")
        size = _size(content, MAX_MESSAGE_BYTES)
        if size > MAX_MESSAGE_BYTES:
            return self._refuse(f"The widget received a message that is too large ({size:,} bytes)")
        if not isinstance(content, dict):
            return self._refuse("The widget received a message it does not understand")
        kind = content.get("kind")
        if not isinstance(kind, str) or kind not in INTENTS:
            return self._refuse("The widget received a request it does not know")
        extra = sorted(str(k) for k in content if k not in INTENTS[kind])
        if extra:
            return self._refuse(f"The {kind} request had fields the widget does not know")
        if kind == "display":
            return self._set_display(content.get("value"))
        if kind == "large":
            return self._set_large(content.get("value"))

        if self._outside_change():
            self.refresh()
            return self._refuse(
                "The game changed outside the widget, so that click was ignored; "
                "the board now shows the current position"
            )
        version = content.get("version")
        if not _whole(version):
            return self._refuse("The request carried no version stamp")
        auto = content.get("auto", False)
        if not isinstance(auto, bool):
            return self._refuse("The next request had a malformed 'auto' field")
        move_text = content.get("move")
        if kind == "play" and not isinstance(move_text, str):
            return self._refuse("The play request named no move")
        if version != self._version:
            if auto:
                return False  # a timer from another view of this widget: nothing to say
            done = self._last_done
            if done is not None and done[0] == version and done[1] == _intent_key(content):
                return self._refuse("That was already done")
            return self._refuse(
                "That click was for an earlier position, so it was ignored; "
                "the board shows the current one"
            )
        seat = content.get("seat", self._seat)
        if not _whole(seat) or seat != self._seat:
            return self._refuse(f"This view plays for {self._round.names[self._seat]} only")

        if kind == "next":
            changed = self._next()
        elif kind == "undo":
            changed = self._undo()
        else:
            move = "draw" if kind == "draw" else "pass" if kind == "pass" else str(move_text)
            changed = self._play(move)
        if changed:
            self._last_done = (version, _intent_key(content))
            for other in list(_LIVE):
                if other is not self and other._shares(self):
                    other.refresh()
        return changed

    def _play(self, text: str) -> bool:
        rnd = self._round
        if rnd.is_over:
            return self._refuse("The round is over: no more moves can be made")
        if self._seat not in self._humans:
            return self._refuse(f"{rnd.names[self._seat]} is played by a bot, not from here")
        if rnd.turn != self._seat:
            return self._refuse(f"It is {rnd.names[rnd.turn]}'s turn, so nothing was played")
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
                return self._refuse("It is your turn: play a tile, draw or pass")
            return self._refuse(f"It is {rnd.names[seat]}'s turn: waiting for them to move")
        try:
            while not rnd.is_over and rnd.turn == seat:
                move = bot(rnd.copy(), seat)
                if self._game is not None:
                    self._game.play(move)
                else:
                    rnd.play(move)
        except Exception as exc:  # a user's bot may fail in any way
            self.refresh()
            return self._refuse(
                f"{rnd.names[seat]}'s bot failed ({type(exc).__name__}: {exc}); "
                "its turn was not finished"
            )
        self._say("")
        self.refresh()
        return True

    def _undo_span(self) -> tuple[int, str]:
        """How many moves Undo would take back: your last turn and the bot moves after it.

        ``(0, reason)`` when it cannot.
        """
        if not self._allow_undo:
            return 0, "Undo is turned off for this game"
        if self._seat not in self._humans:
            return 0, "Only a player can take back their moves"
        rnd = self._round
        history = rnd.history
        last = max((i for i, (s, _) in enumerate(history) if s == self._seat), default=-1)
        if last < 0:
            return 0, "You have no move to take back in this round"
        people = [s for s, _ in history[last + 1 :] if s != self._seat and s not in self._bots]
        if people:
            return 0, f"{rnd.names[people[0]]} has moved since, so your move cannot be taken back"
        start = last
        while start > 0 and history[start - 1][0] == self._seat:
            start -= 1  # a turn may be a draw and then a play or a pass
        return len(history) - start, ""

    def _undo(self) -> bool:
        count, reason = self._undo_span()
        if not count:
            return self._refuse(reason)
        for _ in range(count):
            if self._game is not None:
                self._game.undo()
            else:
                self._round.undo()
        self._say("")
        self.refresh()
        return True

    def _set_display(self, value: object) -> bool:
        if value == "color":
            value = "colour"
        if not isinstance(value, str) or value not in DISPLAYS:
            return self._refuse(f"Tiles can be shown as {', '.join(DISPLAYS)} only")
        self.display = value
        return False

    def _set_large(self, value: object) -> bool:
        if not isinstance(value, bool):
            return self._refuse("Large tiles is either on or off")
        self.large = value
        return False

    def _refuse(self, text: str) -> bool:
        self._say(_sentence(text))
        return False

    def _say(self, text: str) -> None:
        self.message = text

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take state from the browser, except the traits only Python writes."""
        super().set_state({k: v for k, v in sync_data.items() if k not in _PY_OWNED})

    # -- building the view ---------------------------------------------------------------

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
        self.view = self._build_view()

    def _layout(self, rnd: Round) -> list[TilePlacement]:
        table = rnd.table
        laid = self._laid
        if self._laid_round is not rnd:
            self._laid_round, self._farm = rnd, None
            laid.clear()
        keep = 0
        for have, want in zip(laid, table, strict=False):
            if have.tile != want.tile:
                break
            keep += 1
        if keep < len(laid):
            del laid[keep:]
        if len(laid) < len(table):
            farm = self._farm
            if farm is None or len(farm) != len(laid):
                farm = Farmyard(rnd.rules.spokes, rnd.rules.toes)
                for placed in table[: len(laid)]:
                    farm.add(placed)
                self._farm = farm
            for placed in table[len(laid) :]:
                laid.append(farm.add(placed))
        return list(laid)

    def _kind_of(self, seat: int) -> str:
        if seat == self._seat and seat in self._humans:
            return "you"
        return "bot" if seat in self._bots else "player"

    def _where(self, rnd: Round) -> str:
        game = self._game
        if game is None:
            return f"one round from {rnd.start}"
        total = game.rounds_total
        return f"round {game.round_number}" + (f" of {total}" if total else "")

    def _state_words(self, rnd: Round) -> str:
        if self._game is not None and self._game.is_over:
            return f"game over, {self._game.winner} wins"
        if rnd.is_over:
            return "round over"
        return f"{rnd.names[rnd.turn]} to move"

    def _title(self, rnd: Round) -> str:
        return f"Chicken Foot, {self._where(rnd)}: the table"

    def _caption(self, rnd: Round) -> str:
        return _sentence(f"{self._where(rnd)}, {self._state_words(rnd)}")

    def _rule_text(self, rnd: Round) -> str:
        return "" if rnd.is_over else _sentence(rnd.rule_in_force())  # the engine's words

    def _build_view(self) -> dict[str, Any]:
        rnd = self._round
        game = self._game
        if self._follow_turn and not rnd.is_over and rnd.turn in self._humans:
            self._seat = rnd.turn
        seat = self._seat
        obs = rnd.observe(seat)
        names: list[str] = obs["names"]
        laid = self._layout(rnd)
        roles = {p.tile: p.role for p in laid}
        playing = seat in self._humans and not obs["over"] and obs["turn"] == seat
        legal: list[str] = obs["legal_moves"] if playing else []

        targets: dict[str, list[dict[str, Any]]] = {}
        announce = False
        for text in legal:
            if text in ("draw", "pass"):
                continue
            say = text.endswith("!")
            announce = announce or say
            tile_text, _, onto_text = text.rstrip("!").partition("@")
            row = targets.setdefault(tile_text, [])
            if say:
                for item in row:
                    if item["onto"] == onto_text:
                        item["say"] = text
                continue
            role = roles.get(Tile.parse(onto_text), "line")
            row.append(
                {"move": text, "say": None, "onto": onto_text, "text": onto_words(onto_text, role)}
            )
        hand_tiles = sorted((Tile.parse(x) for x in obs["hand"]), reverse=True)
        hand = []
        for tile in hand_tiles:
            key = str(tile)
            options = targets.get(key, [])
            if options:
                hint = "can go " + or_list([o["text"] for o in options])
            elif playing:
                hint = "cannot be played now"
            else:
                hint = ""
            hand.append({"tile": key, "hint": hint, "targets": options})

        waiting, auto_ms, next_label = self._waiting(rnd)
        sheet = game.sheet if game is not None else None
        totals = sheet.totals if sheet is not None else None
        players = [
            {
                "name": name,
                "count": count,
                "kind": self._kind_of(i),
                "to_move": not obs["over"] and obs["turn"] == i,
                "total": totals[i] if totals is not None else None,
            }
            for i, (name, count) in enumerate(zip(names, obs["hand_counts"], strict=True))
        ]
        log = [[s, move_words(names[s], m, roles)] for s, m in obs["history"]]
        last_tile = laid[-1].tile if len(laid) > 1 else None
        status = self._status(rnd, obs, waiting)
        minx, miny, maxx, maxy = bounds(laid)
        return {
            "version": self._version,
            "seat": seat,
            "names": names,
            "title": self._title(rnd),
            "where": _sentence(self._where(rnd)),
            "round": {
                "number": game.round_number if game is not None else 1,
                "total": game.rounds_total if game is not None else 1,
                "start": obs["start"],
            },
            "players": players,
            "yard": obs["yard_count"],
            "hand": hand,
            "drawn": obs["drawn"],
            "table": [placement_row(p) for p in laid],
            "bounds": [rounded(minx), rounded(miny), rounded(maxx), rounded(maxy)],
            "last": None if last_tile is None else str(last_tile),
            "forced": obs["forced"],
            "needed": obs["needed"],
            "can_draw": "draw" in legal,
            "can_pass": "pass" in legal,
            "announce": announce,
            "playing": playing,
            "waiting": waiting,
            "auto_ms": auto_ms,
            "next_label": next_label,
            "can_undo": self._undo_span()[0] > 0,
            "allow_undo": self._allow_undo,
            "status": status,
            "rule": self._rule_text(rnd),
            "last_words": _sentence(log[-1][1]) if log else "",
            "open_words": open_words(obs["open_ends"], roles, obs["over"]),
            "log": log,
            "result": self._result(rnd, obs),
            "sheet": None
            if sheet is None
            else {
                "labels": list(sheet.labels),
                "rounds": [list(r) for r in sheet.rounds],
                "totals": sheet.totals,
            },
        }

    def _waiting(self, rnd: Round) -> tuple[str, int | None, str]:
        game = self._game
        if rnd.is_over:
            if game is not None and not game.is_over:
                return "round-over", None, "Next round"
            return "game-over", None, ""
        turn = rnd.turn
        if turn in self._bots:
            auto = None if self._pace == "click" else round(float(self._pace) * 1000)
            return "bot", auto, "Next move"
        if turn == self._seat and turn in self._humans:
            return "you", None, ""
        return "other", None, ""

    def _status(self, rnd: Round, obs: Mapping[str, Any], waiting: str) -> str:
        names = rnd.names
        turn = rnd.turn
        if waiting == "you":
            drawn = obs["drawn"]
            if drawn is None:
                return f"Your turn, {names[turn]}."
            fits = any(m not in ("draw", "pass") for m in obs["legal_moves"])
            if fits:
                if "pass" in obs["legal_moves"]:
                    return f"You drew {drawn}. It fits: play it or pass."
                return f"You drew {drawn}. It fits, and these rules say to play it."
            return f"You drew {drawn}. It does not fit, so pass."
        if waiting == "bot":
            how = "press Next" if self._pace == "click" else "moves shortly"
            if self._pace == "click":
                return f"{names[turn]} (bot) to move: {how}."
            return f"{names[turn]} (bot) {how}."
        if waiting == "other":
            return f"Waiting for {names[turn]} to move."
        result = self._result(rnd, obs)
        assert result is not None
        return str(result["title"])

    def _result(self, rnd: Round, obs: Mapping[str, Any]) -> dict[str, Any] | None:
        if not obs["over"]:
            return None
        names = rnd.names
        out = obs["went_out"]
        title = (
            f"Round over: {names[out]} went out."
            if out is not None
            else "Round over: blocked, nobody can play."
        )
        game = self._game
        if game is not None and game.is_over:
            title += f" Game over: {game.winner} wins."
        scores: list[int] = obs["scores"]
        return {"title": title, "scores": scores, "names": list(names)}

    def _seed(self) -> int | None:
        if self._game is not None:
            return self._game.seed
        return self._round.seed


def _intent_key(content: Mapping[str, Any]) -> str:
    return f"{content.get('kind')}:{content.get('move', '')}"
