"""Bots: callables ``(observation) -> Move`` that choose one of the legal moves.

A bot is given its seat's :class:`~cfwidget.Observation` and nothing else: its own
hand, the table, how many tiles every hand and the yard hold, the public history and
its legal moves. It never holds the round, so it cannot read a tile its seat cannot see.

- :class:`RandomBot` picks uniformly among the legal moves (seeded).
- :func:`greedy` plays its heaviest tile first.
- :func:`tips` follows the rule texts' advice: dump the double blank at once,
  keep a double for the end, keep tiles of numbers whose doubles are still to
  come, and shed heavy tiles when someone is nearly out.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(), players=3, seed=4)
>>> greedy(rnd.observation(rnd.turn))
Move.parse('9-2@9-9')
>>> play_round(rnd, [RandomBot(1), greedy, tips])
>>> rnd.is_over
True
"""

from __future__ import annotations

import inspect
import random
import re
import types
import weakref
from collections.abc import Callable, Sequence

from .._shared import check_seed, shown
from ..core import Game, Move, Observation, Round, Tile, tile_penalty
from ._errors import BotError, SimulationError

__all__ = [
    "BOTS",
    "Bot",
    "RandomBot",
    "TipsBot",
    "bot_moves",
    "check_bot",
    "greedy",
    "make_bot",
    "play_game",
    "play_round",
    "register_bot",
    "tips",
]

#: A bot: the seat's observation in, one of its legal moves out.
Bot = Callable[[Observation], Move]

_SHAPE = (
    "a bot takes one argument, the seat's Observation, and returns one of its legal moves, "
    "for example: def first(obs): return obs.legal_moves[0] (obs.seat is its seat, obs.hand "
    "its tiles; play_round and the widgets pass rnd.observation(seat))"
)


def check_bot(bot: object, who: str = "the bot") -> Bot:
    """``bot`` itself if it can be called with one observation; a :class:`BotError` that
    shows the shape of a bot if not (a callable of the old ``(round, seat)`` form is refused,
    not adapted: it would be handed the whole round).

    >>> check_bot(greedy) is greedy
    True
    >>> check_bot(lambda rnd, seat: rnd.legal_moves()[0])
    Traceback (most recent call last):
    ...
    cfwidget.BotError: the bot takes 2 arguments (rnd, seat), the old shape bot(round, seat); \
a bot takes one argument, the seat's Observation, ...
    """
    if not callable(bot):
        raise BotError(f"{who} must be a callable, got {shown(bot)}; {_SHAPE}")
    # A function, or an object whose class defines __call__ in Python, has one signature:
    # read it once (bound methods, builtins and classes share their type: never cached).
    kind: type = type(bot)
    own = isinstance(kind.__dict__.get("__call__"), types.FunctionType)
    key = bot if isinstance(bot, types.FunctionType) else kind if own else None
    fault = _FAULTS.get(key, "") if key is not None else ""
    if fault == "":
        fault = _fault(bot)
        if key is not None:
            _FAULTS[key] = fault
    if fault is not None:
        raise BotError(f"{who} {fault}; {_SHAPE}")
    return bot


#: What is wrong with the shape of each function or bot class seen (None: nothing).
_FAULTS: weakref.WeakKeyDictionary[object, str | None] = weakref.WeakKeyDictionary()


def _fault(bot: Callable[..., object]) -> str | None:
    """What keeps ``bot`` from being called with one observation, or None."""
    try:
        params = list(inspect.signature(bot).parameters.values())
    except (TypeError, ValueError):  # a builtin without a signature: trust it
        return None
    positional = [
        p
        for p in params
        if p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    ]
    required = [p for p in positional if p.default is inspect.Parameter.empty]
    takes_many = any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params)
    required += [
        p
        for p in params
        if p.kind is inspect.Parameter.KEYWORD_ONLY and p.default is inspect.Parameter.empty
    ]
    if len(required) > 1 or not (positional or takes_many):
        names = ", ".join(p.name for p in required) if required else "none"
        old = ", the old shape bot(round, seat)" if len(required) == 2 else ""
        return f"takes {len(required)} arguments ({names}){old}"
    return None


def bot_moves(obs: object) -> tuple[Move, ...]:
    """The legal moves a bot chooses from in ``obs``: a :class:`BotError` in words if ``obs`` is
    no :class:`~cfwidget.Observation` of the seat to move (a bot is never asked to move for a
    seat that is not to move, nor for the table's view, which holds no hand).

    >>> from cfwidget import Round, Rules
    >>> r = Round.deal(Rules(), players=2, seed=1)
    >>> len(bot_moves(r.observation(r.turn))) > 0
    True
    >>> bot_moves(r.observation(None))
    Traceback (most recent call last):
    ...
    cfwidget.BotError: the table's view holds no hand, so a bot has no move to choose in it
    """
    if not isinstance(obs, Observation) or obs.__class__ is not Observation:
        got = "a Round" if isinstance(obs, Round) else shown(obs)
        raise BotError(
            f"a bot is given the seat's Observation, rnd.observation(rnd.turn), got {got}"
        )
    if obs.seat is None:
        raise BotError("the table's view holds no hand, so a bot has no move to choose in it")
    if not obs.legal_moves:
        raise BotError(f"seat {obs.seat} is not the seat to move, so it has no move to choose")
    return obs.legal_moves


class RandomBot:
    """Chooses uniformly among the legal moves, with its own ``random.Random(seed)``.

    >>> from cfwidget import Rules
    >>> rnd = Round.deal(Rules(), players=2, seed=1)
    >>> RandomBot(3)(rnd.observation(1))
    Move.parse('9-4@9-9')
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = None if seed is None else check_seed(seed, BotError, fresh=True)
        self._random = random.Random(self.seed).random

    def __call__(self, obs: Observation) -> Move:
        moves = bot_moves(obs)
        return moves[int(self._random() * len(moves))]

    def __repr__(self) -> str:
        return f"RandomBot({self.seed!r})"


def greedy(obs: Observation) -> Move:
    """Play the heaviest tile that fits (by what it would cost, :meth:`Rules.penalty`).

    Never passes a fit.

    >>> from cfwidget import Rules
    >>> greedy(Round.deal(Rules(), players=2, seed=1).observation(1))
    Move.parse('9-6@9-9')
    """
    return _heaviest(bot_moves(obs), obs.rules.penalty)


def heaviest(obs: Observation, blank_weight: int) -> Move:
    """The play of the heaviest tile, the double blank weighing ``blank_weight``.

    With no play it draws or passes; a drawn tile that fits is always played.

    >>> from cfwidget import Rules
    >>> heaviest(Round.deal(Rules(), players=2, seed=1).observation(1), 0)
    Move.parse('9-6@9-9')
    """
    return _heaviest(bot_moves(obs), lambda tile: tile_penalty(tile, blank_weight))


def _heaviest(moves: Sequence[Move], weight: Callable[[Tile], int]) -> Move:
    """The play whose tile weighs most (announcing the last tile on a tie), else draw or pass."""
    plays = [m for m in moves if m.is_play]
    if not plays:
        return moves[0]

    def heft(m: Move) -> tuple[int, bool]:
        return (weight(m.tile) if m.tile is not None else -1, m.announce)

    return max(plays, key=heft)


def _face_value(tile: Tile) -> int:
    """The pips printed on a tile (the double blank's are none)."""
    return tile.pips


class TipsBot:
    """Follows the strategy tips of the rule texts (000, 002, 003); each tip can be turned off.

    1. ``dump_blank``: play the double blank the moment it fits (without this tip
       it counts at face value, nothing, and is kept to the end).
    2. ``hold_double``: keep your lowest double for the end, and play a double
       when someone is nearly out, so the table must fill its toes.
    3. ``keep_waiting``: keep one tile of each number whose double is still to come.
    4. ``shed_when_low``: shed heavy tiles all the more when someone has a tile or two left.

    Otherwise it sheds its heaviest tile, like :func:`greedy`.

    >>> from cfwidget import Rules
    >>> TipsBot()(Round.deal(Rules(), players=2, seed=1).observation(1))
    Move.parse('9-6@9-9')
    """

    def __init__(
        self,
        dump_blank: bool = True,
        hold_double: bool = True,
        keep_waiting: bool = True,
        shed_when_low: bool = True,
    ) -> None:
        self.dump_blank = dump_blank
        self.hold_double = hold_double
        self.keep_waiting = keep_waiting
        self.shed_when_low = shed_when_low

    def __call__(self, obs: Observation) -> Move:
        moves = bot_moves(obs)
        plays = [m for m in moves if m.is_play]
        if not plays:
            return moves[0]
        seat, hand = obs.seat, obs.hand
        others_low = min(c for s, c in enumerate(obs.hand_counts) if s != seat) <= 2
        # Without the tip, the double blank counts at face value: nothing, so it is kept.
        cost = obs.rules.penalty if self.dump_blank else _face_value
        on_table = {p.tile for p in obs.table}
        waiting = {n for n in range(obs.rules.max_pip + 1) if Tile(n, n) not in on_table}
        doubles = [t for t in hand if t[0] == t[1]]
        keep = min(doubles) if doubles else None

        def score(m: Move) -> tuple[float, bool]:
            t = m.tile
            if t is None:  # never: only plays are scored
                return (-1e6, False)
            if self.dump_blank and t == (0, 0):
                return (1e6, m.announce)
            value = float(cost(t))
            if self.shed_when_low and others_low:
                value *= 3.0
            if self.hold_double and t[0] == t[1]:
                if others_low:
                    value += 40.0
                elif t == keep and len(hand) > 2:
                    value -= 2.0
            if self.keep_waiting:
                for n in {t[0], t[1]}:
                    if n in waiting and sum(1 for h in hand if n in h) == 1:
                        value -= 6.0
            return (value, m.announce)

        return max(plays, key=score)

    def __repr__(self) -> str:
        off = [
            name
            for name in ("dump_blank", "hold_double", "keep_waiting", "shed_when_low")
            if not getattr(self, name)
        ]
        return f"TipsBot({', '.join(f'{n}=False' for n in off)})"


#: The bot that follows every tip.
tips = TipsBot()


class _Always:
    """A bot factory that gives the same bot whatever the seed (picklable, unlike a closure)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def __call__(self, seed: int | None = None) -> Bot:
        return self.bot


#: The bots by name, for menus and simulations. Layers above the players add theirs with
#: :func:`register_bot` (``cfwidget.odds`` adds ``"coach"``).
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": _Always(greedy),
    "tips": _Always(tips),
}
_BUILT_IN = frozenset(BOTS)
_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


def register_bot(name: str, factory: Callable[[int | None], Bot]) -> None:
    """Let :func:`make_bot`, simulations, tournaments and the widget know a bot by ``name``.

    ``factory(seed)`` makes the bot (``seed`` may be ``None``), a callable that takes the
    seat's :class:`~cfwidget.Observation` (:data:`Bot`; :func:`make_bot` refuses one of
    another shape); the name is lower case letters, digits, ``-`` or ``_``. For process
    pools the factory must be picklable: a class, or a function defined at the top of a
    module. Registering a name again
    replaces its factory; the built-in names (``random``, ``greedy``, ``tips``) stay.

    >>> register_bot("dice", RandomBot)  # a class: RandomBot(seed) is the bot
    >>> make_bot("dice", 3)
    RandomBot(3)
    >>> del BOTS["dice"]
    """
    if not isinstance(name, str) or not _NAME.match(name):
        raise BotError(
            "a bot's name is 1 to 32 lower case letters, digits, '-' or '_', starting with a "
            f"letter, like 'coach'; got {shown(name)}"
        )
    if name in _BUILT_IN:
        raise BotError(f"{name!r} is a built-in bot and cannot be replaced; choose another name")
    if not callable(factory):
        raise BotError(
            f"the bot {name!r} needs a factory: a callable that takes a seed and returns a bot; "
            f"got {shown(factory)}"
        )
    BOTS[name] = factory


# Bots that a higher layer registers when it is imported: asking for one by name imports
# that package (a plug-in, found by name, so this layer never imports upward).
_PLUG_INS = {
    "coach": "cfwidget.odds",
    "search": "cfwidget.analysis",
    "deep-search": "cfwidget.analysis",
}


def find_bot(name: object) -> Callable[[int | None], Bot]:
    """The factory of the bot called ``name``, loading its plug-in package if need be.

    >>> find_bot("coach")(None).__class__.__name__
    'CoachBot'
    """
    if isinstance(name, str) and name not in BOTS and name in _PLUG_INS:
        import importlib

        importlib.import_module(_PLUG_INS[name])
    try:
        return BOTS[name]  # type: ignore[index]
    except (KeyError, TypeError):
        raise no_such_bot(name) from None


def no_such_bot(name: object) -> BotError:
    known = [*BOTS, *(n for n in _PLUG_INS if n not in BOTS)]
    return BotError(f"no bot named {shown(name)}; the bots are: {', '.join(known)}")


def make_bot(name: str, seed: int | None = None, *, strength: int | str | None = None) -> Bot:
    """A bot by name (``random``, ``greedy``, ``tips``, ``coach``, ``search``, and any
    :func:`register_bot` added).

    ``strength`` is for bots whose factory takes one (``search``: worlds per choice, or
    ``"quick"``, ``"normal"``, ``"deep"``); the others refuse it.

    >>> make_bot("greedy") is greedy
    True
    >>> make_bot("greedy", strength=3)
    Traceback (most recent call last):
    ...
    cfwidget.BotError: the bot 'greedy' has no strength setting; 'search' has one
    """
    factory = find_bot(name)
    checked = None if seed is None else check_seed(seed, BotError, fresh=True)
    if strength is None:
        return check_bot(factory(checked), f"the bot {name!r}")
    if not _takes_strength(factory):
        raise BotError(f"the bot {name!r} has no strength setting; 'search' has one")
    return check_bot(factory(checked, strength=strength), f"the bot {name!r}")  # type: ignore[call-arg]


def _takes_strength(factory: object) -> bool:
    try:
        return "strength" in inspect.signature(factory).parameters  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False


def play_round(rnd: Round, bots: Sequence[Bot]) -> None:
    """Let ``bots`` (one per seat) play ``rnd`` to its end, each given its seat's
    observation (``rnd.observation(seat)``) when it is to move."""
    if not isinstance(rnd, Round):
        raise SimulationError(f"play_round needs a cf.Round, got {shown(rnd)}")
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) != rnd.players:
        if isinstance(bots, str):
            got = f"the name {shown(bots)} (make_bot(name) makes a bot of it)"
        else:
            got = str(len(bots)) if isinstance(bots, Sequence) else f"{shown(bots)}"
        raise BotError(f"need one bot per seat ({rnd.players}), got {got}")
    for seat, bot in enumerate(bots):
        check_bot(bot, f"the bot of seat {seat}")
    while not rnd.is_over:
        seat = rnd.turn
        rnd.play(bots[seat](rnd.observation(seat)))


def play_game(game: Game, bots: Sequence[Bot]) -> None:
    """Let ``bots`` play every remaining round of ``game``."""
    if not isinstance(game, Game):
        raise SimulationError(f"play_game needs a cf.Game, got {shown(game)}")
    while True:
        play_round(game.round, bots)
        if game.is_over:
            return
        game.next_round()
