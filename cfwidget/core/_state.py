"""What anyone at the table can see of a round: seats, hands, the yard, the table, the history.

:class:`RoundState` gives :class:`~cfwidget.Round` its read-only view of the state that
``play()`` keeps (a mixin: the state itself lives in ``Round``'s slots). :class:`Placed` is
one tile on the table and how it got there.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(), players=2, seed=3)
>>> rnd.players, rnd.hand_counts(), rnd.yard_count, rnd.table[0].tile
(2, [22, 21], 11, Tile(9, 9))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ._errors import TileError
from ._moves import DRAW, DRAW_KEY, PASS, Move
from ._tiles import Tile

if TYPE_CHECKING:
    from ._rules import Rules
    from ._tileset import TileSet

__all__ = ["Placed", "RoundState"]


class Placed(NamedTuple):
    """A tile on the table and how it got there.

    ``onto`` is the table tile it was played onto (``None`` for the centre
    double), ``number`` the pip number where the two touch, and ``slot`` which
    free place of ``onto`` it took (spokes and toes count 0, 1, 2, ...).

    >>> Placed(Tile(9, 4), Tile(9, 9), 9, 0).open_number
    4
    """

    tile: Tile
    onto: Tile | None
    number: int
    slot: int

    @property
    def open_number(self) -> int:
        """The number at the far end, where the next tile goes."""
        return self.tile.other(self.number) if self.onto is not None else self.number


_new_placed = tuple.__new__  # a Placed without the checks of its __new__ (fields known good)


class RoundState:
    """The state a round shows everyone (a mixin of ``Round``, which holds the slots)."""

    if not TYPE_CHECKING:  # Round keeps __slots__; mypy checks attributes through Round
        __slots__ = ()

    if TYPE_CHECKING:
        rules: Rules
        start: Tile
        _ts: TileSet
        _next: tuple[int, ...]
        _turn: int
        _leader: int
        _hands: list[int]
        _yard: list[int]
        _slots: list[int]
        _open: list[int]
        _kids: dict[int, int]
        _moves: list[Move]
        _placed: list[Placed]
        _seen: int
        _drawn: int
        _forced: int
        _over: bool
        _out: int | None
        _passed_out: bool

        def _seat(self, seat: object) -> int: ...

    @property
    def players(self) -> int:
        """How many seats play this round."""
        return len(self._next)

    @property
    def turn(self) -> int:
        """The seat to move (the seat that moved last once the round is over)."""
        return self._turn

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every seat's tiles (all of them: use :meth:`observe` for one seat's view)."""
        tiles_of = self._ts.tiles_of
        return tuple(tiles_of(b) for b in self._hands)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """One seat's tiles, sorted (what that seat sees of its own hand)."""
        return self._ts.tiles_of(self._hands[self._seat(seat)])

    def hand_counts(self) -> list[int]:
        """How many tiles each seat holds (what everyone can see)."""
        return [b.bit_count() for b in self._hands]

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The chicken yard in draw order: the first tile is drawn next."""
        by_bit = self._ts.by_bit
        return tuple(by_bit[b] for b in reversed(self._yard))

    @property
    def yard_count(self) -> int:
        """How many tiles are left in the chicken yard."""
        return len(self._yard)

    @property
    def table(self) -> tuple[Placed, ...]:
        """The tiles on the table in the order they were laid, the centre first."""
        self._catch_up()
        return tuple(self._placed)

    def _catch_up(self) -> None:
        """Bring what play() leaves for later up to date with the history.

        That is the table as :class:`Placed` records, how many tiles lie on each
        table tile, and each table tile's open number: play() itself needs none
        of them, so it does not spend time on them.
        """
        moves = self._moves
        if self._seen < len(moves):
            placed, opened, kids = self._placed, self._open, self._kids
            for m in moves[self._seen :]:
                if m[0] < DRAW_KEY:  # a play
                    t, u, n, far = m.code[:4]  # type: ignore[attr-defined]  # a SharedPlay
                    slot = kids.get(u, 0)
                    kids[u] = slot + 1
                    placed.append(_new_placed(Placed, (m[1], m[2], n, slot)))
                    opened[t] = far
            self._seen = len(moves)

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        """Every move so far as ``(seat, move)``."""
        seat, after = self._leader, self._next
        history = []
        for m in self._moves:
            history.append((seat, m))
            if m is not DRAW:  # a seat that draws moves again
                seat = after[seat]
        return tuple(history)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move so far."""
        return tuple(self._moves)

    @property
    def drawn(self) -> Tile | None:
        """The tile the seat to move has just drawn, if it drew this turn."""
        return self._ts.by_bit[self._drawn] if self._drawn else None

    @property
    def forced(self) -> Tile | None:
        """The double that must be filled before any other play (centre or chicken foot)."""
        return self._ts.tiles[self._forced] if self._forced >= 0 else None

    @property
    def needed(self) -> int:
        """How many spokes or toes the forced double still needs (0 if none)."""
        return self._slots[self._forced] if self._forced >= 0 else 0

    @property
    def is_over(self) -> bool:
        """True once a seat has gone out or nobody can play with the yard empty.

        With ``round_end="all-passed"``, also once every seat in turn has passed.
        """
        return self._over

    @property
    def went_out(self) -> int | None:
        """The seat that played its last tile, or ``None``."""
        return self._out

    @property
    def blocked(self) -> bool:
        """True if the round ended because nobody could play and the yard was empty."""
        return self._over and self._out is None and not self._passed_out

    @property
    def end_reason(self) -> str | None:
        """Why the round ended: ``"went-out"``, ``"blocked"`` or ``"all-passed"``.

        ``"all-passed"`` happens only with ``round_end="all-passed"``: every seat
        in turn ended its turn with a pass. ``None`` while the round goes on.

        >>> from cfwidget import Round, Rules

        >>> Round.deal(Rules(), players=2, seed=3).end_reason is None
        True
        """
        if not self._over:
            return None
        if self._out is not None:
            return "went-out"
        return "all-passed" if self._passed_out else "blocked"

    def passes_in_a_row(self) -> int:
        """How many turns in a row, up to now, ended in a pass (a draw then a pass is one).

        >>> from cfwidget import Round, Rules

        >>> rnd = Round.deal(Rules(), players=2, seed=3); rnd.passes_in_a_row()
        0
        """
        passes = 0
        for m in reversed(self._moves):
            if m is PASS:
                passes += 1
            elif m is not DRAW:
                break
        return passes

    def open_ends(self) -> list[tuple[Tile, int, int]]:
        """Each table tile with free places: ``(tile, open number, free places)``.

        >>> from cfwidget import Round, Rules

        >>> Round.deal(Rules(), players=2, seed=3).open_ends()
        [(Tile(9, 9), 9, 4)]
        """
        self._catch_up()
        rank, slots, opened = self._ts.rank, self._slots, self._open
        ends = []
        for p in self._placed:
            r = rank[p.tile]
            if slots[r]:
                ends.append((p.tile, opened[r], slots[r]))
        return ends

    def role(self, tile: Tile) -> str:
        """How ``tile`` sits on the table: centre, spoke, foot, toe or line."""
        for p in self.table:
            if p.tile == tile:
                if p.onto is None:
                    return "centre"
                if p.onto == self.start:
                    return "spoke"
                if tile[0] == tile[1]:
                    return "foot"
                return "toe" if p.onto[0] == p.onto[1] else "line"
        raise TileError(f"{tile} is not on the table")

    def _place_of(self, tile: Tile) -> tuple[int, int] | None:
        """``(open number, free places)`` of a table tile, or ``None`` if it is not laid."""
        self._catch_up()
        r = self._ts.rank.get(tile)
        if r is None or self._open[r] < 0:
            return None
        return self._open[r], self._slots[r]
