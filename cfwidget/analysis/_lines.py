"""Lines of play: two moves followed to the end of the round in one imagined world.

A rating says that one move leaves a seat fewer points than another *on average* over many
imagined worlds; :func:`lines_of_play` shows it happen once. From the seat to move's own
view (never a hidden tile: the other hands and the chicken yard are dealt again to fit what
the seat has seen, as :func:`~cfwidget.analysis.evaluate` deals them), it makes each of the
given moves in the same world and plays the round out, every seat playing as the coach-like
playouts do. Of a few such worlds it keeps a typical one: the world in which the
difference between the two moves' points is nearest its average over those worlds.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=3, seed=3)
>>> for _ in range(4):
...     rnd.play(rnd.legal_moves()[0])
>>> first, second = rnd.legal_moves()[:2]
>>> lines = lines_of_play(rnd, [first, second], seed=1)
>>> [line.move for line in lines] == [first, second], lines[0].moves[0] == (rnd.turn, first)
(True, True)
>>> lines == lines_of_play(rnd, [first, second], seed=1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .._shared import shown, whole_in
from ..core import Move, Round
from ..odds import World
from ._errors import EvaluateError
from ._kernel import Position
from ._policies import Chooser, policy_for
from ._worlds import imagined_worlds  # the worlds evaluate deals, stand-ins included

__all__ = ["LINE_WORLDS", "Line", "lines_of_play"]

#: How many imagined worlds :func:`lines_of_play` plays before it keeps a typical one.
LINE_WORLDS = 24


@dataclass(frozen=True)
class Line:
    """One move followed to the end of the round in an imagined world.

    ``moves`` are ``(seat, move)`` from the move itself on, ``points`` every seat's round
    points at the end, ``ended`` how the round ended (``"went-out"`` or ``"blocked"``) and
    ``out`` the seat that went out (``None`` if nobody did).
    """

    move: Move
    moves: tuple[tuple[int, Move], ...]
    points: tuple[int, ...]
    ended: str
    out: int | None


def lines_of_play(
    rnd: Round,
    moves: Sequence[Move | str],
    *,
    seed: int = 0,
    worlds: int = LINE_WORLDS,
) -> tuple[Line, ...]:
    """Each of ``moves`` (legal moves of the seat to move) played out in one typical imagined
    world, every seat playing as the coach-like playouts do; one :class:`Line` per move.

    Of ``rnd`` only the table and the seat to move's own hand are kept: every tile that
    seat cannot see is dealt again from its observation. The world kept is, of ``worlds``
    dealt from ``seed``, the one where the first move's points minus the second's are
    nearest their average over the worlds (with one move, the one nearest its average
    points).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=3, seed=2)
    >>> lines_of_play(rnd, ["9-9@9-9"])
    Traceback (most recent call last):
    ...
    cfwidget.EvaluateError: '9-9@9-9' is not a legal move here
    """
    if not isinstance(rnd, Round):
        raise EvaluateError(f"lines_of_play takes a Round, got {shown(rnd)}")
    view = rnd.observation(rnd.turn)
    if view.over:
        raise EvaluateError("the round is over: there is no move to play out")
    if not whole_in(worlds, 1, 1000):
        raise EvaluateError(f"worlds is a whole number from 1 to 1000, got {shown(worlds)}")
    legal = list(view.legal_moves)
    chosen: list[Move] = []
    for move in moves if isinstance(moves, Sequence) and not isinstance(moves, str) else [moves]:
        found = next((m for m in legal if m == move or str(m) == move), None)
        if found is None:
            raise EvaluateError(f"{shown(move)} is not a legal move here")
        chosen.append(found)
    if not chosen:
        raise EvaluateError("give at least one legal move to play out")
    seat = view.turn
    rules = view.rules
    choose = policy_for("coach", rules.double_blank, rules.max_pip)
    starts = [
        _position(rnd, world, random.Random(f"line:{seed}:{k}"))
        for k, world in enumerate(imagined_worlds(view, worlds, seed)[0])
    ]
    played = [[_play_out(start, move, choose) for move in chosen] for start in starts]

    def spread(lines: list[Line]) -> int:
        return lines[0].points[seat] - (lines[1].points[seat] if len(lines) > 1 else 0)

    average = sum(spread(lines) for lines in played) / len(played)
    kept = min(range(len(played)), key=lambda k: (abs(spread(played[k]) - average), k))
    return tuple(played[kept])


def _position(rnd: Round, world: World, order: random.Random) -> Position:
    """The round's table and the seat's own hand, with every hidden tile as ``world`` deals
    it (the other hands, and the chicken yard in the order ``order`` shuffles it)."""
    pos = Position.from_round(rnd)
    ts = pos.ts
    bits = {tile: ts.bit[r] for tile, r in ts.rank.items()}
    pos.hands = [sum(bits[t] for t in hand) for hand in world.hands]
    pile = sorted(world.yard)
    order.shuffle(pile)
    pos.yard = [bits[t] for t in pile]
    return pos


def _play_out(start: Position, move: Move, choose: Chooser) -> Line:
    pos = start.copy()
    moves = [(pos.turn, move)]
    pos.play(move)
    while pos.end_reason is None:
        seat, code = pos.turn, choose(pos)
        moves.append((seat, pos.move_of(code)))
        pos.apply(code)
    out = pos.out if pos.out >= 0 else None
    return Line(move, tuple(moves), tuple(pos.points()), str(pos.end_reason), out)
