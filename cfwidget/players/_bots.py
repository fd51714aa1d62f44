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
from collections.abc import Callable, Sequence

from ..core import BotError, Game, Move, Round, SimulationError, Tile, shown, tile_penalty

__all__ = [
    "BOTS",
    "Bot",
    "RandomBot",
    "TipsBot",
    "greedy",
    "make_bot",
    "play_game",
    "play_round",
    "tips",
]

Bot = Callable[[Round, int], Move]


class RandomBot:
    """Chooses uniformly among the legal moves, with its own ``random.Random(seed)``.

    >>> from cfwidget import Rules
    >>> bot = RandomBot(3)
    >>> bot(Round.deal(Rules(), players=2, seed=1), 1)
    Move.parse('9-4@9-9')
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed).random

    def __call__(self, rnd: Round, seat: int) -> Move:
        moves = rnd.legal_moves()
        return moves[int(self._random() * len(moves))]

    def __repr__(self) -> str:
        return f"RandomBot({self.seed!r})"


def greedy(rnd: Round, seat: int) -> Move:
    """Play the heaviest tile that fits (by what it would cost, :meth:`Rules.penalty`).

    Never passes a fit.

    >>> from cfwidget import Rules
    >>> greedy(Round.deal(Rules(), players=2, seed=1), 1)
    Move.parse('9-6@9-9')
    """
    return _heaviest(rnd, rnd.rules.penalty)


def heaviest(rnd: Round, blank_weight: int) -> Move:
    """The play of the heaviest tile, the double blank weighing ``blank_weight``.

    With no play it draws or passes; a drawn tile that fits is always played.
    """
    return _heaviest(rnd, lambda tile: tile_penalty(tile, blank_weight))


def _heaviest(rnd: Round, weight: Callable[[Tile], int]) -> Move:
    """The play whose tile weighs most (announcing the last tile on a tie), else draw or pass."""
    moves = rnd.legal_moves()
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

    def __call__(self, rnd: Round, seat: int) -> Move:
        moves = rnd.legal_moves()
        plays = [m for m in moves if m.is_play]
        if not plays:
            return moves[0]
        hand = rnd.hand(seat)
        others_low = min(c for s, c in enumerate(rnd.hand_counts()) if s != seat) <= 2
        # Without the tip, the double blank counts at face value: nothing, so it is kept.
        cost = rnd.rules.penalty if self.dump_blank else _face_value
        on_table = {p.tile for p in rnd.table}
        waiting = {n for n in range(rnd.rules.max_pip + 1) if Tile(n, n) not in on_table}
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


#: The bots by name, for menus and simulations.
def _always(bot: Bot) -> Callable[[int | None], Bot]:
    def factory(seed: int | None = None) -> Bot:
        return bot

    return factory


BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": _always(greedy),
    "tips": _always(tips),
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``greedy`` or ``tips``).

    >>> make_bot("greedy") is greedy
    True
    """
    try:
        factory = BOTS[name]
    except (KeyError, TypeError):
        raise BotError(f"no bot named {name!r}; the bots are: {', '.join(BOTS)}") from None
    return factory(seed)


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
