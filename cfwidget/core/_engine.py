"""A round's kernel with its record: the state a :class:`~cfwidget.Round` plays on.

An :class:`Engine` is a :class:`~cfwidget.core._kernel.Kernel` (the bit masks, the legal
moves and the play step) that also keeps what a round shows: the deal and how the round
opened, every move made as the set's shared :class:`~cfwidget.Move` objects, the penalty
tiles drawn, and the table as laid (a :class:`~cfwidget.core._placed.TableLog`, worked out
from the moves when asked for). It speaks in moves; ``Round`` turns its numbers into tiles
and words.

>>> from cfwidget import Rules
>>> from cfwidget.core._deal import shuffled_deal
>>> deal, _, _ = shuffled_deal(Rules(), 2, seed=3)
>>> engine = Engine(Rules(), deal)
>>> engine.legal_moves()[:2]
[Move.parse('9-0@9-9'), Move.parse('9-2@9-9')]
>>> engine.play(engine.legal_moves()[0]) is None, engine.turn, len(engine.moves)
(True, 1, 1)
>>> engine.play("draw")  # not legal: the move comes back for the round to explain
Move.parse('draw')
"""

from __future__ import annotations

from collections.abc import Sequence

from ._deal import Deal
from ._errors import IllegalMove
from ._kernel import DRAW_CODE, PASS_CODE, Kernel
from ._moves import DRAW, Move, seats_of, to_move
from ._opening import open_round
from ._placed import TableLog
from ._rules import Rules
from ._tiles import Tile
from ._tileset import SharedPlay, Vocabulary

__all__ = ["Engine"]

# The seat after each seat, by the number of seats.
_NEXT_SEAT = {n: (*range(1, n), 0) for n in range(2, 9)}


class Engine(Kernel):
    """One round's kernel, with its deal, its moves and the table as laid.

    Built from the rules and a :class:`~cfwidget.core._deal.Deal`; the round's
    double is laid at once (see :func:`~cfwidget.core._opening.open_round`).
    Only :meth:`play` and :meth:`undo` change it.
    """

    __slots__ = (
        "deal",
        "leader",
        "listed",
        "log",
        "moves",
        "next",
        "opener",
        "opening_draws",
        "penalties",
        "start",
        "vocab",
    )

    deal: Deal
    next: tuple[int, ...]  # the seat after each seat
    # How the round opened (see open_round).
    start: Tile
    opener: int
    opening_draws: tuple[tuple[int, Tile], ...]
    leader: int  # the seat that moved first
    moves: list[Move]  # every move made (the set's shared objects)
    listed: list[Move] | None  # the legal moves, kept until the next move
    penalties: list[tuple[int, int, Tile]]  # (index of the move, seat, tile drawn)
    log: TableLog  # the table as laid, worked out from the moves when asked for
    vocab: Vocabulary[Move]  # the set's moves as shared objects (ts.as_moves), read every move

    def __init__(self, rules: Rules | None = None, deal: Deal | None = None) -> None:
        super().__init__(rules)
        if rules is None or deal is None:  # a blank engine, for copy
            return
        self.vocab = self.ts.as_moves
        self.deal = deal
        self.next = _NEXT_SEAT[len(deal.hands)]
        self.setup()

    def setup(self) -> None:
        """Start from the deal: find the round's double and lay it in the centre."""
        ts = self.ts
        opening = open_round(ts, self.rules.start_missing, self.deal, self.next)
        centre = opening.centre
        self.opening_draws, self.opener, self.start = (
            opening.draws,
            opening.opener,
            ts.tiles[centre],
        )
        self.penalties = []
        self.moves, self.listed = [], None
        self.log = TableLog(ts, centre)
        self.lay_centre(opening.hands, opening.yard, centre, opening.opener)
        self.leader = self.next[opening.opener]

    # -- legal moves -------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves allowed now (a fresh list; see ``Round.legal_moves``)."""
        return self.listed_moves().copy()

    def listed_moves(self) -> list[Move]:
        """The moves allowed now, the engine's own list (the caller must not change it)."""
        listed = self.listed
        if listed is None:  # worked out once per position, then kept until the next move
            listed = self.listed = self.legal(self.vocab)
        return listed

    # -- making moves ------------------------------------------------------------

    def play(self, move: object) -> Move | None:
        """Make ``move`` for the seat to move and return ``None``; an illegal move changes
        nothing and comes back as a :class:`~cfwidget.Move` (text that is no move at all
        is a :class:`~cfwidget.NotationError`)."""
        m = self.find(move)
        if m is None:
            return to_move(move)
        self.make(m)
        return None

    def find(self, move: object) -> Move | None:
        """The set's shared object for ``move`` if it is legal now, else ``None`` (text that
        is no move at all is a :class:`~cfwidget.NotationError`)."""
        legal: Sequence[Move] = self.listed_moves()  # a Sequence's index() takes text too
        try:
            return legal[legal.index(move)]
        except ValueError:
            m = to_move(move)
            return legal[legal.index(m)] if m in legal else None

    def make(self, m: Move) -> None:
        """Record and make the legal move ``m``, one of the listed shared objects."""
        self.listed = None
        self.moves.append(m)
        self.make_recorded(m)

    def make_recorded(self, m: Move) -> None:
        """Make the legal move ``m`` (one of the listed shared objects), already recorded."""
        if type(m) is SharedPlay:
            if self.little:
                self.lay_noting_penalty(m.code)
            else:
                self.apply(m.code)
        else:
            self.apply(DRAW_CODE if m is DRAW else PASS_CODE)

    def lay_noting_penalty(self, code: int) -> None:
        """Make the play ``code`` (the last move recorded) under chicken-little, noting the
        penalty tile if it draws one."""
        seat, yard = self.turn, self.yard
        size, top = len(yard), yard[-1] if yard else 0
        self.apply(code)
        if len(yard) < size:
            self.penalties.append((len(self.moves) - 1, seat, self.ts.by_bit[top]))

    def passes_in_a_row(self) -> int:
        """How many turns in a row, up to now, ended in a pass (a draw then a pass is one)."""
        return self.passes

    # -- reading the state ------------------------------------------------------

    def history(self) -> tuple[tuple[int, Move], ...]:
        """Every move so far as ``(seat, move)``: a seat that draws moves again."""
        return seats_of(self.moves, self.leader, self.next)

    def scores(self) -> list[int]:
        """Each seat's points, every tile priced by :meth:`Rules.penalty
        <cfwidget.Rules.penalty>` (the kernel's :meth:`~Kernel.points`, counted tile by tile)."""
        penalty, tiles_of = self.rules.penalty, self.ts.tiles_of
        result = [sum(map(penalty, tiles_of(b))) for b in self.hands]
        if self.out >= 0:
            result[self.out] = self.out_on_double if self.last_double else 0
        return result

    # -- taking back, copying ----------------------------------------------------

    def undo(self) -> Move:
        """Take back the last move and return it: the state is exactly as before it."""
        if not self.moves:
            raise IllegalMove("there is no move to take back")
        *moves, last = self.moves
        self.setup()  # from the deal again, then every move but the last
        for m in moves:
            self.play(m)
        return last

    def kernel_copy(self) -> Kernel:
        """A copy of the kernel alone (no record): for playouts, searches and simulations."""
        other = Kernel()
        self.copy_into(other)
        return other

    def copy(self) -> Engine:
        """An independent copy: moves made on it never touch this one."""
        other = Engine()
        self.copy_into(other)
        other.deal, other.leader, other.listed = self.deal, self.leader, self.listed
        other.next, other.opener, other.opening_draws = self.next, self.opener, self.opening_draws
        other.start, other.vocab = self.start, self.vocab
        # ... then fresh copies of what moves change in place (the rest is immutable).
        other.penalties = list(self.penalties)
        other.moves = list(self.moves)
        other.log = self.log.copy()
        return other
