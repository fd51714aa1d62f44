"""The widget's game flow: what Undo may take back, and the next game after the last.

**Undo** takes back only what the person already knows. It takes back a person's own last
turn in the current round, and only until anyone else moves: once a bot or another person
has moved, the move stands. (Taking back a bot's play would put a tile the person saw
played back into the bot's hand, and the person would then know what the bot holds.) It
stops at a draw: a drawn tile has been seen, so putting it back would let a player peek
into the chicken yard. It never reopens a finished round. With ``pace="click"`` the bots
wait for Next, so there is time to think again; with a timed pace, until the bot moves.

``practice=True`` (for learning and trying things out, not for a real game) lifts these
limits: it takes back draws, the bot moves after the person's turn (one turn at a time),
and reopens a finished round, so a learner can replay a position and see what would have
happened. A practice Undo can show tiles that are otherwise hidden.

**New game** starts a game with the same names and rules, dealt from a seed worked out
from the old game's seed, so a notebook run again deals the same games again.

>>> import cfwidget as cf
>>> rnd = cf.Round.deal(cf.Rules(), players=2, seed=0, names=["Ann", "Bob"])
>>> rnd.play(rnd.legal_moves()[0])
>>> undo_span(rnd, 0, humans=(0,), bots={1}, practice=False)
(1, '')
>>> rnd.play(rnd.legal_moves()[0])  # Bob, a bot, moves: Ann's play stands
>>> undo_span(rnd, 0, humans=(0,), bots={1}, practice=False)
(0, 'Bob has moved since, so your move cannot be taken back')
>>> undo_span(rnd, 0, humans=(0,), bots={1}, practice=True)
(2, '')
>>> next_seed(0) == next_seed(0) != 0
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection

from .._shared import name_in_text
from ..core import Game, Move, Observation, Round, what_to_do

__all__ = ["new_game", "next_seed", "undo_span", "your_turn"]


def undo_span(
    rnd: Round, seat: int, *, humans: Collection[int], bots: Collection[int], practice: bool
) -> tuple[int, str]:
    """How many moves Undo takes back for ``seat`` now, or ``(0, why not)``.

    The span starts at ``seat``'s last turn in the round (a draw and the play or pass
    after it make one turn) and runs to the end of the history. Without ``practice`` it
    must be the last thing that happened (nobody has moved since), it starts after the
    turn's draw, if it had one, and a turn that was only a draw, or a finished round,
    cannot be taken back. With ``practice`` the bot moves after the turn go too.

    >>> import cfwidget as cf
    >>> rnd = cf.Round.deal(cf.Rules(), players=2, seed=0, names=["Ann", "Bob"])
    >>> undo_span(rnd, 0, humans=(0,), bots={1}, practice=False)
    (0, 'You have no move to take back in this round')
    """
    if seat not in humans:
        return 0, "Only a player can take back their moves"
    history = rnd.history
    last = max((i for i, (s, _) in enumerate(history) if s == seat), default=-1)
    if last < 0:
        return 0, "You have no move to take back in this round"
    if rnd.is_over and not practice:
        return 0, "The round is over, so its moves stand"
    since = [s for s, _ in history[last + 1 :] if s != seat]
    people = [s for s in since if s not in bots]
    if people or (since and not practice):
        who = name_in_text(rnd.names[(people or since)[0]])
        return 0, f"{who} has moved since, so your move cannot be taken back"
    start = last
    while start > 0 and history[start - 1][0] == seat:
        start -= 1  # a turn may be a draw and then a play or a pass
    if not practice:
        draws = [i for i in range(start, last + 1) if history[i][1] == Move.DRAW]
        if draws:
            start = draws[-1] + 1  # the drawn tile was seen: it stays in the hand
            if start > last:
                return 0, "A drawn tile cannot be put back: play it or pass"
    return len(history) - start, ""


def your_turn(obs: Observation) -> str:
    """Why Next waits for the person to move, naming only the actions legal now.

    >>> import cfwidget as cf
    >>> rnd = cf.Round.deal(cf.Rules(), players=2, seed=0)
    >>> your_turn(rnd.observation(rnd.turn))
    'It is your turn: play a tile with a 9 on 9-9'
    """
    return f"It is your turn: {what_to_do(obs)}"


def next_seed(seed: int) -> int:
    """The seed of the game that follows a game dealt from ``seed``: fixed, and different.

    >>> next_seed(7)
    5427216624893139368
    """
    digest = hashlib.sha256(f"cfwidget: the game after seed {seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def new_game(game: Game) -> Game:
    """A new game with ``game``'s names and rules, dealt from :func:`next_seed` of its seed.

    >>> import cfwidget as cf
    >>> old = cf.Game(["Ann", "Bob"], seed=3)
    >>> new = new_game(old)
    >>> new.names, new.rules == old.rules, new.seed == next_seed(3)
    (('Ann', 'Bob'), True, True)
    """
    return Game(list(game.names), game.rules, seed=next_seed(game.seed))
