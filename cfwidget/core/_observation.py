"""What one seat may know of a round, as one typed value: :class:`Observation`.

Everything said or shown to a seat - the rule line, why a move is refused, the
coach's advice, a bot's choice, the widget's screen - is made from this value
alone. It holds the seat's own hand, the table, how many tiles every hand and
the yard hold, the public history, and the tile *this seat* drew this turn
(never the tile another seat drew). Another seat's tiles and the yard's order
are not in it, so nothing made from it can leak them.

:func:`observe` builds it from a :class:`~cfwidget.Round`
(``Round.observation(seat)`` is the same); :meth:`Observation.to_dict` is its
JSON-ready form. A bot is a function of this value alone
(:data:`cfwidget.players.Bot`), so the information boundary is in the types.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(), players=3, seed=2)
>>> obs = observe(rnd, 1)
>>> obs.seat, obs.turn, obs.hand_counts, obs.yard_count, obs.forced, obs.needed
(1, 1, (9, 9, 9), 27, Tile(9, 9), 4)
>>> obs.to_move, len(obs.legal_moves) > 0, observe(rnd, 2).legal_moves
(True, True, ())
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .._shared import shown
from ._errors import SeatError
from ._moves import DRAW, Move
from ._placed import Placed, fitting_numbers
from ._rules import Rules
from ._tiles import Tile, full_set

if TYPE_CHECKING:
    from ._round import Round

__all__ = ["Observation", "check_seat", "draw_count", "draw_odds", "observe"]


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one seat may know of a round at one moment, as values.

    ``drawn`` is the tile this seat drew this turn (only while it is this
    seat's turn); ``has_drawn`` says, for every seat, that the seat to move has
    drawn this turn (a draw is seen by all, the tile is not). ``legal_moves`` is
    empty unless this seat is to move. ``scores`` is ``None`` until the round is
    over, when the hands are counted in front of everyone. ``penalties`` says when (the
    index of the move in ``history``) and which seat drew a penalty tile; the tile is only
    in that seat's own hand. ``round_double`` is the double the round called for (``start``
    differs from it only when a lower double stood in) and ``used_doubles`` the doubles
    earlier rounds of the game opened with: both are announced to the whole table.

    >>> from cfwidget import Round, Rules
    >>> obs = Round.deal(Rules(), players=2, seed=3).observation(0)
    >>> obs.names, obs.start, obs.open_ends, obs.over, obs.drawn
    (('Player 1', 'Player 2'), Tile(9, 9), ((Tile(9, 9), 9, 4),), False, None)
    """

    seat: int
    names: tuple[str, ...]
    turn: int
    hand: tuple[Tile, ...]
    hand_counts: tuple[int, ...]
    yard_count: int
    start: Tile
    opener: int
    opening_draws: int
    table: tuple[Placed, ...]
    open_ends: tuple[tuple[Tile, int, int], ...]
    forced: Tile | None
    needed: int
    has_drawn: bool
    drawn: Tile | None
    legal_moves: tuple[Move, ...]
    history: tuple[tuple[int, Move], ...]
    penalties: tuple[tuple[int, int], ...]
    passes_in_a_row: int
    over: bool
    went_out: int | None
    end_reason: str | None
    scores: tuple[int, ...] | None
    rules: Rules
    round_double: Tile
    used_doubles: frozenset[Tile]

    @property
    def players(self) -> int:
        """How many seats play the round."""
        return len(self.names)

    @property
    def to_move(self) -> bool:
        """True if this seat is the one to move now."""
        return not self.over and self.seat == self.turn

    @property
    def blocked(self) -> bool:
        """True if the round ended because nobody could play with the yard empty."""
        return self.end_reason == "blocked"

    @property
    def plays(self) -> tuple[Move, ...]:
        """The legal plays (not draw or pass) of this seat, if it is to move."""
        return tuple(m for m in self.legal_moves if m.is_play)

    def fitting_numbers(self) -> frozenset[int]:
        """The numbers a tile needs to be playable now (:func:`~cfwidget.core.fitting_numbers`).

        >>> from cfwidget import Round, Rules
        >>> sorted(Round.deal(Rules(), players=2, seed=3).observation(0).fitting_numbers())
        [9]
        """
        return fitting_numbers(self.table, self.rules)

    def unseen(self) -> tuple[Tile, ...]:
        """The tiles this seat cannot see: not in its hand and not on the table (they are in
        the other hands and the yard, which it cannot tell apart).

        >>> from cfwidget import Round, Rules
        >>> len(Round.deal(Rules(), players=2, seed=3).observation(1).unseen())
        33
        """
        seen = set(self.hand)
        seen.update(p.tile for p in self.table)
        return tuple(t for t in full_set(self.rules.max_pip) if t not in seen)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form of this view (tiles and moves as text; ``rule`` is the rule line).

        >>> from cfwidget import Round, Rules
        >>> view = Round.deal(Rules(), players=3, seed=2).observation(1).to_dict()
        >>> view["hand_counts"], view["yard_count"], view["drawn"], view["scores"]
        ([9, 9, 9], 27, None, None)
        """
        from ._seatwords import rule_line  # the words are made from this value

        return {
            "seat": self.seat,
            "names": list(self.names),
            "turn": self.turn,
            "hand": [str(t) for t in self.hand],
            "hand_counts": list(self.hand_counts),
            "yard_count": self.yard_count,
            "start": str(self.start),
            "table": [
                [str(p.tile), None if p.onto is None else str(p.onto), p.number, p.slot]
                for p in self.table
            ],
            "open_ends": [[str(t), n, k] for t, n, k in self.open_ends],
            "forced": None if self.forced is None else str(self.forced),
            "needed": self.needed,
            "rule": rule_line(self),
            "drawn": None if self.drawn is None else str(self.drawn),
            "legal_moves": [str(m) for m in self.legal_moves],
            "history": [[s, str(m)] for s, m in self.history],
            "over": self.over,
            "went_out": self.went_out,
            "blocked": self.blocked,
            "scores": None if self.scores is None else list(self.scores),
            "rules": self.rules.to_dict(),
        }


def observe(rnd: Round, seat: int) -> Observation:
    """What ``seat`` may know of ``rnd`` now (a :class:`SeatError` for a seat not at the table).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(), players=2, seed=3)
    >>> rnd.turn, observe(rnd, 1).hand == rnd.hand(1), observe(rnd, 1).legal_moves
    (0, True, ())
    """
    check_seat(seat, rnd.players)
    over = rnd.is_over
    turn = rnd.turn
    mine = not over and seat == turn
    history = rnd.history
    has_drawn = not over and bool(history) and history[-1][1] is DRAW
    deal, tiles = rnd._engine.deal, rnd._engine.ts.tiles  # the round's double: announced
    return Observation(
        seat=seat,
        names=rnd.names,
        turn=turn,
        hand=rnd.hand(seat),
        hand_counts=tuple(rnd.hand_counts()),
        yard_count=rnd.yard_count,
        start=rnd.start,
        opener=rnd.opener,
        opening_draws=len(rnd.opening_draws),
        table=rnd.table,
        open_ends=tuple(rnd.open_ends()),
        forced=rnd.forced,
        needed=rnd.needed,
        has_drawn=has_drawn,
        drawn=rnd.drawn if mine else None,
        legal_moves=tuple(rnd.legal_moves()) if mine else (),
        history=history,
        penalties=tuple((index, who) for index, who, _ in rnd.penalties),
        passes_in_a_row=rnd.passes_in_a_row(),
        over=over,
        went_out=rnd.went_out,
        end_reason=rnd.end_reason,
        scores=tuple(rnd.scores()) if over else None,
        rules=rnd.rules,
        round_double=tiles[deal.start],
        used_doubles=deal.used,
    )


def check_seat(seat: object, players: int) -> int:
    """``seat`` itself, if it is a seat at a table of ``players``; anything else is a SeatError.

    >>> check_seat(2, players=2)
    Traceback (most recent call last):
    ...
    cfwidget.SeatError: seat must be from 0 to 1, got 2
    """
    if seat.__class__ is not int or not 0 <= seat < players:
        raise SeatError(f"seat must be from 0 to {players - 1}, got {shown(seat)}")
    return seat


def draw_count(obs: Observation) -> tuple[int, int]:
    """How many tiles the observing seat cannot see that would fit now, and how many it
    cannot see: the one count behind every plain draw chance (:func:`draw_odds`, the coach's
    sentences, :func:`cfwidget.odds.draw_outlook`).

    >>> from cfwidget import Round, Rules
    >>> draw_count(Round.deal(Rules(), players=2, seed=3).observation(1))
    (6, 33)
    """
    numbers = obs.fitting_numbers()
    unseen = obs.unseen()
    return sum(1 for t in unseen if t[0] in numbers or t[1] in numbers), len(unseen)


def draw_odds(obs: Observation) -> Fraction:
    """The chance that one tile drawn now by the observing seat fits where play is allowed.

    Judged from what that seat knows: the unseen tiles are every tile not in its
    hand and not on the table (the other hands and the yard, which it cannot
    tell apart), each equally likely to be the one drawn (:func:`draw_count`).
    ``Round.draw_odds(seat)`` is this count for that seat's observation.

    It assumes the unseen tiles are spread at random; in real play the others
    keep playing the tiles that fit, so later in a round the yard holds more of
    them than this share (notebook 12, what a seat knows, measures the gap).

    >>> from cfwidget import Round, Rules
    >>> draw_odds(Round.deal(Rules(), players=2, seed=3).observation(1))
    Fraction(2, 11)
    """
    fitting, unseen = draw_count(obs)
    if not unseen:
        raise SeatError(f"{obs.names[obs.seat]} can see every tile: there is nothing left to draw")
    return Fraction(fitting, unseen)
