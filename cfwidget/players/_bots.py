"""Bots: callables ``(round, seat) -> Move`` that choose one of the legal moves.

A bot sees only what its seat may know: its own hand, the table and how many
tiles every hand and the yard hold.

- :class:`RandomBot` picks uniformly among the legal moves (seeded).
- :func:`greedy` plays its heaviest tile first.
- :func:`tips` follows the rule texts' advice: dump the double blank at once,
  keep a double for the end, keep tiles of numbers whose doubles are still to
  come, and shed heavy tiles when someone is nearly out.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(), players=3, seed=4)
>>> play_round(rnd, [RandomBot(1), greedy, tips])
>>> rnd.is_over
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from .._shared import check_seed, shown
from ..core import Game, Move, Observation, Round, Tile, tile_penalty
from ._errors import BotError, SimulationError

__all__ = [
    "BOTS",
    "Bot",
    "RandomBot",
    "TipsBot",
    "greedy",
    "make_bot",
    "play_game",
    "play_round",
    "register_bot",
    "seat_view",
    "tips",
]

Bot = Callable[[Round, int], Move]


def seat_view(rnd: Round | Observation, seat: int) -> Observation:
    """What ``seat`` may know: the observation itself, or the round's observation for it.

    Every bot here decides from this view alone, so a bot never reads a tile its seat
    cannot see, whether it is handed the round or the observation.

    >>> from cfwidget import Rules
    >>> rnd = Round.deal(Rules(), players=2, seed=1)
    >>> seat_view(rnd, 1) == rnd.observation(1) == seat_view(rnd.observation(1), 1)
    True
    """
    return rnd if isinstance(rnd, Observation) else rnd.observation(seat)


def _legal(rnd: Round | Observation, seat: int) -> Sequence[Move]:
    """The legal moves of ``seat``, the seat to move: a field of its observation.

    From a round it is ``legal_moves()``, the same list, without building the rest of
    the observation (the bots' hot path).
    """
    if isinstance(rnd, Observation):
        return rnd.legal_moves
    if rnd.turn != seat or rnd.is_over:
        raise BotError(f"seat {seat} is not the seat to move, so it has no move to choose")
    return rnd.legal_moves()


class RandomBot:
    """Chooses uniformly among the legal moves, with its own ``random.Random(seed)``.

    >>> from cfwidget import Rules
    >>> bot = RandomBot(3)
    >>> bot(Round.deal(Rules(), players=2, seed=1), 1)
    Move.parse('9-4@9-9')
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = None if seed is None else check_seed(seed, BotError, fresh=True)
        self._random = random.Random(self.seed).random

    def __call__(self, rnd: Round | Observation, seat: int) -> Move:
        moves = _legal(rnd, seat)
        return moves[int(self._random() * len(moves))]

    def __repr__(self) -> str:
        return f"RandomBot({self.seed!r})"


def greedy(rnd: Round | Observation, seat: int) -> Move:
    """Play the heaviest tile that fits (by what it would cost, :meth:`Rules.penalty`).

    Never passes a fit.

    >>> from cfwidget import Rules
    >>> greedy(Round.deal(Rules(), players=2, seed=1), 1)
    Move.parse('9-6@9-9')
    """
    return _heaviest(_legal(rnd, seat), rnd.rules.penalty)


def heaviest(rnd: Round | Observation, blank_weight: int) -> Move:
    """The play of the heaviest tile, the double blank weighing ``blank_weight``.

    With no play it draws or passes; a drawn tile that fits is always played.
    """
    moves = rnd.legal_moves if isinstance(rnd, Observation) else rnd.legal_moves()
    return _heaviest(moves, lambda tile: tile_penalty(tile, blank_weight))


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
    >>> TipsBot()(Round.deal(Rules(), players=2, seed=1), 1)
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

    def __call__(self, rnd: Round | Observation, seat: int) -> Move:
        moves = _legal(rnd, seat)
        plays = [m for m in moves if m.is_play]
        if not plays:
            return moves[0]
        obs = seat_view(rnd, seat)
        hand = obs.hand
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

    ``factory(seed)`` makes the bot (``seed`` may be ``None``); the name is lower case
    letters, digits, ``-`` or ``_``. For process pools the factory must be picklable: a
    class, or a function defined at the top of a module. Registering a name again
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
_PLUG_INS = {"coach": "cfwidget.odds", "search": "cfwidget.analysis"}


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
        return factory(checked)
    if not _takes_strength(factory):
        raise BotError(f"the bot {name!r} has no strength setting; 'search' has one")
    return factory(checked, strength=strength)  # type: ignore[call-arg]


def _takes_strength(factory: object) -> bool:
    import inspect

    try:
        return "strength" in inspect.signature(factory).parameters  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False


def play_round(rnd: Round, bots: Sequence[Bot]) -> None:
    """Let ``bots`` (one per seat) play ``rnd`` to its end."""
    if not isinstance(rnd, Round):
        raise SimulationError(f"play_round needs a cf.Round, got {shown(rnd)}")
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) != rnd.players:
        if isinstance(bots, str):
            got = f"the name {shown(bots)} (make_bot(name) makes a bot of it)"
        else:
            got = str(len(bots)) if isinstance(bots, Sequence) else f"{shown(bots)}"
        raise BotError(f"need one bot per seat ({rnd.players}), got {got}")
    while not rnd.is_over:
        seat = rnd.turn
        rnd.play(bots[seat](rnd, seat))


def play_game(game: Game, bots: Sequence[Bot]) -> None:
    """Let ``bots`` play every remaining round of ``game``."""
    if not isinstance(game, Game):
        raise SimulationError(f"play_game needs a cf.Game, got {shown(game)}")
    while True:
        play_round(game.round, bots)
        if game.is_over:
            return
        game.next_round()
