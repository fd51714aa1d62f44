"""A round in play for analysis: the rules kernel with checked moves and analysis errors.

A :class:`Position` is the core's rules kernel (:class:`~cfwidget.core._kernel.Kernel`: the
bit-mask state, the legal moves as integer codes and the play step that ``Round`` plays on
too), taken from a :class:`~cfwidget.Round` with every hand open and the chicken yard's order
known. Playouts, the evaluation and the exact solver step it; here it also speaks in moves:
``legal_moves()`` and ``play()`` take and give :class:`~cfwidget.Move` values (or codes), and
a bad move is a :class:`~cfwidget.PlayoutError`.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(), players=3, seed=4)
>>> pos = Position.from_round(rnd)
>>> pos.legal_moves() == rnd.legal_moves(), pos.turn, pos.points() == rnd.scores()
(True, 1, True)
"""

from __future__ import annotations

from .._shared import is_whole
from ..core import DRAW_CODE, PASS_CODE, Kernel, Move, NotationError, Round
from ._errors import PlayoutError

__all__ = ["DRAW_CODE", "PASS_CODE", "Position"]


class Position(Kernel):
    """A round in play as the rules kernel sees it: build it with :meth:`from_round`.

    It knows every hand and the order of the chicken yard (the all-hands-open view): a
    seat's-eye analysis builds it from a round whose hidden tiles were dealt again.

    >>> from cfwidget import Round, Rules
    >>> pos = Position.from_round(Round.deal(Rules.preset("double-six"), players=2, seed=1))
    >>> pos.play(pos.legal_moves()[0]); pos.turn
    0
    """

    __slots__ = ()

    @classmethod
    def from_round(cls, rnd: object) -> Position:
        """The position of ``rnd`` now, every hand and the yard's order included.

        >>> Position.from_round("9-9")
        Traceback (most recent call last):
        ...
        cfwidget.PlayoutError: a playout starts from a Round, got '9-9'
        """
        if not isinstance(rnd, Round):
            text = repr(rnd)
            text = text if len(text) <= 60 else text[:57] + "..."
            raise PlayoutError(f"a playout starts from a Round, got {text}")
        self = cls()
        rnd.kernel().copy_into(self)
        return self

    def legal_moves(self) -> list[Move]:
        """The legal moves as :class:`~cfwidget.Move` values, in ``Round.legal_moves()``'s order."""
        return self.legal(self.ts.as_moves)

    def move_of(self, code: int) -> Move:
        """The :class:`~cfwidget.Move` of a kernel code."""
        return self.ts.move_of[code]

    def code_of(self, move: object) -> int:
        """The kernel code of a move (or its text, such as ``'9-4@9-9'``)."""
        try:
            m = move if isinstance(move, Move) else Move.parse(move)  # type: ignore[arg-type]
        except NotationError as exc:
            raise PlayoutError(str(exc)) from None
        if m.kind == "draw":
            return DRAW_CODE
        if m.kind == "pass":
            return PASS_CODE
        rank = self.ts.rank
        tile, onto = m.tile, m.onto
        if tile is None or onto is None or tile not in rank or onto not in rank:
            raise PlayoutError(f"{m} names a tile outside the double-{self.ts.max_pip} set")
        return (rank[tile] << 8 | rank[onto]) << 1 | m.announce

    def play(self, move: object) -> None:
        """Make one legal move (a :class:`~cfwidget.Move`, its text or a kernel code).

        An illegal move raises :class:`~cfwidget.PlayoutError` and changes nothing.
        """
        if isinstance(move, (Move, str)):
            code, shown = self.code_of(move), str(move)
        elif is_whole(move):
            code, shown = move, f"the move code {move}"
        else:
            raise PlayoutError(f"a move is a Move, its text or a kernel code, got {move!r}")
        legal = self.legal_codes()
        if code not in legal:
            choices = ", ".join(str(self.move_of(c)) for c in legal) or "none: the round is over"
            raise PlayoutError(f"{shown} is not a legal move here; the legal moves are: {choices}")
        self.apply(code)
