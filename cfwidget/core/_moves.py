"""Moves: what a player does on a turn, in the notation ``9-4@9-9``, ``draw``, ``pass``.

A play names the tile and the table tile it goes onto; the number that matches
is implied. A play may end in ``!`` to announce the last tile in hand (used by
the "uno" and "chicken little" house rules).

>>> Move.parse("9-4@9-9")
Move.parse('9-4@9-9')
>>> str(Move.parse("draw")), Move.parse("pass").kind
('draw', 'pass')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from ._errors import NotationError
from ._tiles import Tile, TileLike, to_tile

__all__ = ["DRAW_KEY", "PASS_KEY", "Move", "MoveLike", "play_key", "seats_of", "tile_rank"]

Kind = Literal["play", "draw", "pass"]

_KINDS: tuple[Kind, Kind, Kind] = ("play", "draw", "pass")

# A move is the tuple (key, tile, onto, announce). The key is one integer that
# orders moves (plays by tile, then table tile, then announcement; then draw,
# then pass) and tells any two apart, so comparing two moves is one integer
# comparison: that is what a legal-move list is searched with on every move.
# Its top bits are the kind (0 play, 1 draw, 2 pass). Tiles go up to 21-21, rank
# 252 < 2**8, so a play's key, tile rank << 11 | table tile rank << 1 | announce,
# stays below 2**19 < DRAW_KEY.
_KIND_SHIFT = 20
DRAW_KEY = 1 << _KIND_SHIFT
PASS_KEY = 2 << _KIND_SHIFT


def play_key(tile_rank: int, onto_rank: int, announce: bool) -> int:
    """The key of a play, from the two tiles' ranks (see :func:`tile_rank`).

    >>> play_key(tile_rank(Tile(9, 4)), tile_rank(Tile(9, 9)), False) < DRAW_KEY
    True
    """
    return (tile_rank << 10 | onto_rank) << 1 | announce


def tile_rank(tile: Tile) -> int:
    """A tile's place in the ascending order of every set: 0-0 is 0, 1-0 is 1, 1-1 is 2, ...

    >>> tile_rank(Tile(0, 0)), tile_rank(Tile(2, 0)), tile_rank(Tile(21, 21))
    (0, 3, 252)
    """
    return tile[0] * (tile[0] + 1) // 2 + tile[1]


class Move(tuple[int, Any, Any, bool]):
    """One move: a play of ``tile`` onto ``onto``, a draw, or a pass.

    Moves are immutable values that sort plays first, then ``draw``, then ``pass``.

    >>> m = Move.play("9-4", "9-9")
    >>> m.tile, m.onto, str(m)
    (Tile(9, 4), Tile(9, 9), '9-4@9-9')
    >>> Move.parse(str(m)) == m
    True
    """

    __slots__ = ()

    DRAW: Move
    PASS: Move

    def __new__(
        cls,
        kind: Kind,
        tile: TileLike | None = None,
        onto: TileLike | None = None,
        announce: bool = False,
    ) -> Move:
        if kind == "play":
            if tile is None or onto is None:
                raise NotationError("a play needs a tile and the table tile it goes onto")
            t, u = to_tile(tile), to_tile(onto)
            if t == u:
                raise NotationError(f"a tile cannot be played onto itself ({t}@{u})")
            key = play_key(tile_rank(t), tile_rank(u), bool(announce))
            return tuple.__new__(cls, (key, t, u, bool(announce)))
        if kind in ("draw", "pass"):
            if tile is not None or onto is not None or announce:
                raise NotationError(f"'{kind}' takes no tile")
            return tuple.__new__(cls, (DRAW_KEY if kind == "draw" else PASS_KEY, None, None, False))
        raise NotationError(f"a move is a play, 'draw' or 'pass', got kind {kind!r}")

    @classmethod
    def play(cls, tile: TileLike, onto: TileLike, announce: bool = False) -> Move:
        """A play of ``tile`` onto the table tile ``onto``.

        >>> str(Move.play("4-4", "9-4", announce=True))
        '4-4@9-4!'
        """
        return cls("play", tile, onto, announce)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``T@U``, ``T@U!``, ``draw`` or ``pass``.

        >>> Move.parse(" 4-1 @ 4-4 ").onto
        Tile(4, 4)
        """
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise NotationError(f"a move is text like '9-4@9-9', 'draw' or 'pass', got {text!r}")
        s = text.strip()
        low = s.lower()
        if low == "draw":
            return DRAW
        if low == "pass":
            return PASS
        announce = s.endswith("!")
        if announce:
            s = s[:-1]
        tile_text, at, onto_text = s.partition("@")
        if not at:
            raise NotationError(
                f"{text!r} is not a move: write 'tile@table-tile' like '9-4@9-9', "
                "or 'draw' or 'pass'"
            )
        return cls("play", Tile.parse(tile_text), Tile.parse(onto_text), announce)

    @property
    def kind(self) -> Kind:
        """``"play"``, ``"draw"`` or ``"pass"``."""
        return _KINDS[self[0] >> _KIND_SHIFT]

    @property
    def is_play(self) -> bool:
        """True for a play of a tile."""
        return self[0] < DRAW_KEY

    @property
    def tile(self) -> Tile | None:
        """The tile played (``None`` for draw and pass)."""
        tile: Tile | None = self[1]
        return tile

    @property
    def onto(self) -> Tile | None:
        """The table tile it is played onto (``None`` for draw and pass)."""
        onto: Tile | None = self[2]
        return onto

    @property
    def announce(self) -> bool:
        """True if the player announces their last tile with this play."""
        return bool(self[3])

    def __str__(self) -> str:
        if self[0] < DRAW_KEY:
            return f"{self[1]}@{self[2]}{'!' if self[3] else ''}"
        return "draw" if self[0] == DRAW_KEY else "pass"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def __getnewargs__(self) -> tuple[Kind, Tile | None, Tile | None, bool]:
        return (self.kind, self[1], self[2], self[3])

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: object) -> Move:
        return self


DRAW = tuple.__new__(Move, (DRAW_KEY, None, None, False))
PASS = tuple.__new__(Move, (PASS_KEY, None, None, False))
Move.DRAW = DRAW
Move.PASS = PASS

MoveLike = Move | str


def to_move(value: object) -> Move:
    """Turn a ``Move`` or its text into a ``Move`` (anything else is a :class:`NotationError`)."""
    if type(value) is Move:
        return value
    return Move.parse(value)  # type: ignore[arg-type]


def seats_of(
    moves: Iterable[Move], leader: int, after: Sequence[int]
) -> tuple[tuple[int, Move], ...]:
    """Each move as ``(seat, move)`` from the ``leader`` on, ``after[seat]`` moving next: a
    seat that draws moves again.

    >>> seats_of([Move.parse("9-4@9-9"), DRAW, PASS], 0, [1, 0])
    ((0, Move.parse('9-4@9-9')), (1, Move.parse('draw')), (1, Move.parse('pass')))
    """
    seat, steps = leader, []
    for m in moves:
        steps.append((seat, m))
        if m is not DRAW:
            seat = after[seat]
    return tuple(steps)
