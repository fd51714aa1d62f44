"""What one seat may know of a round, as one typed value: :class:`Observation`.

Everything said or shown to a seat - the rule line, why a move is refused, the
coach's advice, a bot's choice, the widget's screen - is made from this value
alone. It holds the seat's own hand, the table, how many tiles every hand and
the yard hold, the public history, and the tile *this seat* drew this turn
(never the tile another seat drew). Another seat's tiles and the yard's order
are not in it, so nothing made from it can leak them. The *table's* observation
(``seat=None``) is what every seat can see: no hand, no drawn tile, no legal moves; a
projector's view of the game is made from it.

:func:`observe` builds it from a :class:`~cfwidget.Round`
(``Round.observation(seat)`` is the same); :meth:`Observation.to_dict` is its
JSON-ready form. A bot is a function of this value alone
(:data:`cfwidget.players.Bot`), so the information boundary is in the types.

Bots are asked for a move at every position, so an observation is cheap to make: the
round captures its public part once per position as immutable values (the moves, hand
counts, free places, ...), shared by every seat's observation of that position, and an
observation sets only its seat, its legal moves and its drawn tile; every other field is
worked out from what was captured on first read, and then kept. It reads the same after
the round moves on or takes moves back, and it compares, prints and pickles as its fields.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(), players=3, seed=2)
>>> obs = observe(rnd, 1)
>>> obs.seat, obs.turn, obs.hand_counts, obs.yard_count, obs.forced, obs.needed
(1, 1, (9, 9, 9), 27, Tile(9, 9), 4)
>>> obs.to_move, len(obs.legal_moves) > 0, observe(rnd, 2).legal_moves
(True, True, ())
>>> table = observe(rnd, None)
>>> table.seat, table.hand, table.hand_counts, table.to_move, len(table.unseen())
(None, (), (9, 9, 9), False, 54)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .._shared import shown
from ._errors import SeatError
from ._moves import DRAW, Move, seats_of
from ._placed import Placed, TableLog, fitting_numbers
from ._rules import Rules
from ._tiles import Tile, full_set

if TYPE_CHECKING:
    from ._round import Round

__all__ = ["Observation", "check_seat", "draw_count", "draw_odds", "observe"]


class _Captured:
    """The private part of an observation made by :func:`observe`: the position's captured
    public part (:class:`_Public`) and the seat's own hand as bits, from which its other
    fields are worked out on first read. An observation built from its fields has neither;
    pickles and copies hold the fields alone."""

    __slots__ = ("_hand_bits", "_public")

    _public: _Public
    _hand_bits: int


@dataclass(frozen=True, slots=True)
class Observation(_Captured):
    """Everything one seat may know of a round at one moment, as values.

    ``seat`` is ``None`` for the table's observation: what every seat can see (``hand`` and
    ``legal_moves`` are empty, ``drawn`` is ``None``). ``drawn`` is the tile this seat drew
    this turn (only while it is this seat's turn); ``has_drawn`` says, for every seat, that
    the seat to move has drawn this turn (a draw is seen by all, the tile is not).
    ``legal_moves`` is empty unless this seat is to move. ``scores`` is ``None`` until the
    round is over, when the hands are counted in front of everyone. ``penalties`` says when
    (the index of the move in ``history``) and which seat drew a penalty tile; the tile is
    only in that seat's own hand. ``round_double`` is the double the round called for
    (``start`` differs from it only when a lower double stood in) and ``used_doubles`` the
    doubles earlier rounds of the game opened with: both are announced to the whole table.

    >>> from cfwidget import Round, Rules
    >>> obs = Round.deal(Rules(), players=2, seed=3).observation(0)
    >>> obs.names, obs.start, obs.open_ends, obs.over, obs.drawn
    (('Player 1', 'Player 2'), Tile(9, 9), ((Tile(9, 9), 9, 4),), False, None)
    """

    seat: int | None
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
        """True if this seat is the one to move now (never for the table's observation)."""
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
        the other hands and the yard, which it cannot tell apart; for the table's
        observation, every tile not on the table).

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


def observe(rnd: Round, seat: int | None) -> Observation:
    """What ``seat`` may know of ``rnd`` now (a :class:`SeatError` for a seat not at the table);
    ``seat=None``: what every seat can see (the table's observation, with no hand).

    The round's public part is captured once per position and shared by every seat's
    observation of it; the seat's own part is its hand, its drawn tile and its legal moves.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(), players=2, seed=3)
    >>> rnd.turn, observe(rnd, 1).hand == rnd.hand(1), observe(rnd, 1).legal_moves
    (0, True, ())
    """
    e = rnd._engine
    if seat is not None and (seat.__class__ is not int or not 0 <= seat < len(e.next)):
        check_seat(seat, len(e.next))  # the error
    public = rnd._public
    if public is None:
        public = rnd._public = _Public(rnd)
    obs = _new(Observation)
    _set_seat(obs, seat)
    if seat == public.turn and not public.over:
        drawn = e.drawn
        _set_legal(obs, tuple(e.legal_moves()))
        _set_drawn(obs, e.ts.by_bit[drawn] if drawn else None)
    else:
        _set_legal(obs, ())
        _set_drawn(obs, None)
    _set_public(obs, public)
    _set_bits(obs, 0 if seat is None else e.hands[seat])
    return obs


class _Fixed:
    """What the whole table knows of a round from its start on and never changes: names,
    rules, the tile set, the centre, who opened and how, the round's double and the doubles
    earlier rounds opened with (one per round, shared by every :class:`_Public`). It also
    keeps a table log of its own, which lays the table for a list of moves on request and
    only reads the moves it has not laid yet when they follow on from the last list."""

    __slots__ = (
        "leader",
        "log",
        "logged",
        "names",
        "next",
        "opener",
        "opening_draws",
        "round_double",
        "rules",
        "start",
        "ts",
        "used_doubles",
    )

    def __init__(self, rnd: Round) -> None:
        e = rnd._engine
        self.names, self.rules, self.ts, self.next = rnd.names, rnd.rules, e.ts, e.next
        self.start, self.opener, self.leader = e.start, e.opener, e.leader
        self.opening_draws = len(e.opening_draws)
        self.round_double, self.used_doubles = e.ts.tiles[e.deal.start], e.deal.used
        self.log = TableLog(e.ts, e.ts.rank[e.start])
        self.logged: tuple[Move, ...] = ()  # the moves the log has laid

    def table(self, moves: tuple[Move, ...]) -> tuple[Placed, ...]:
        """The table after ``moves`` (the round's moves from the start), in the order laid."""
        logged = self.logged
        if moves[: len(logged)] != logged:  # not what follows (a move taken back): start over
            self.log = TableLog(self.ts, self.ts.rank[self.start])
        self.logged = moves
        return tuple(self.log.catch_up(moves))


class _Public:
    """What the whole table sees of a round at one position, captured as immutable values
    (tuples and numbers, never the round or a hidden tile), so it reads the same after the
    round moves on or takes a move back. The fields few readers need (the history, the open
    ends) are worked out from it on first read and kept.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(), players=2, seed=3)
    >>> public = _Public(rnd)
    >>> rnd.play(rnd.legal_moves()[0])
    >>> public.moves, public.open_ends(), len(_Public(rnd).moves)
    ((), ((Tile(9, 9), 9, 4),), 1)
    """

    __slots__ = (
        "counts",
        "end_reason",
        "ends",
        "fixed",
        "forced",
        "free",
        "laid",
        "moves",
        "out",
        "over",
        "passes",
        "past",
        "penalties",
        "scores",
        "turn",
        "yard",
    )

    def __init__(self, rnd: Round) -> None:
        e = rnd._engine
        fixed = rnd._fixed
        if fixed is None:
            fixed = rnd._fixed = _Fixed(rnd)
        self.fixed = fixed
        moves = e.moves
        self.moves = tuple(moves)
        self.free = tuple(e.free_places())
        self.counts = tuple(map(int.bit_count, e.hands))
        self.yard, self.forced, self.turn = len(e.yard), e.forced, e.turn
        self.end_reason, self.passes = e.end_reason, e.passes
        self.over = e.end_reason is not None
        self.out = e.out if e.out >= 0 else None
        penalties = e.penalties
        self.penalties = tuple([(index, who) for index, who, _ in penalties]) if penalties else ()
        self.scores = tuple(e.scores()) if self.over else None
        self.laid: tuple[Placed, ...] | None = None
        self.ends: tuple[tuple[Tile, int, int], ...] | None = None
        self.past: tuple[tuple[int, Move], ...] | None = None

    def table(self) -> tuple[Placed, ...]:
        """The tiles on the table, in the order they were laid."""
        laid = self.laid
        if laid is None:
            laid = self.laid = self.fixed.table(self.moves)
        return laid

    def open_ends(self) -> tuple[tuple[Tile, int, int], ...]:
        """Each table tile with free places: ``(tile, open number, free places)``, in the
        order the tiles were laid (the open number is the one not matched when laid)."""
        ends = self.ends
        if ends is None:
            rank, free = self.fixed.ts.rank, self.free
            ends = self.ends = tuple(
                [
                    (p.tile, p.tile[0] + p.tile[1] - p.number, free[rank[p.tile]])
                    for p in self.table()
                    if free[rank[p.tile]]
                ]
            )
        return ends

    def history(self) -> tuple[tuple[int, Move], ...]:
        """Every move so far as ``(seat, move)``: a seat that draws moves again."""
        past = self.past
        if past is None:
            past = self.past = seats_of(self.moves, self.fixed.leader, self.fixed.next)
        return past


# How each field of an observation made by observe() is worked out on first read, from the
# position's public part and the seat's hand as bits (its seat, legal moves and drawn tile
# are set from the start).
_LAZY: dict[str, Callable[[_Public, int], object]] = {
    "names": lambda p, _: p.fixed.names,
    "turn": lambda p, _: p.turn,
    "hand": lambda p, bits: p.fixed.ts.tiles_of(bits),
    "hand_counts": lambda p, _: p.counts,
    "yard_count": lambda p, _: p.yard,
    "start": lambda p, _: p.fixed.start,
    "opener": lambda p, _: p.fixed.opener,
    "opening_draws": lambda p, _: p.fixed.opening_draws,
    "table": lambda p, _: p.table(),
    "open_ends": lambda p, _: p.open_ends(),
    "forced": lambda p, _: p.fixed.ts.tiles[p.forced] if p.forced >= 0 else None,
    "needed": lambda p, _: p.free[p.forced] if p.forced >= 0 else 0,
    "has_drawn": lambda p, _: not p.over and bool(p.moves) and p.moves[-1] is DRAW,
    "history": lambda p, _: p.history(),
    "penalties": lambda p, _: p.penalties,
    "passes_in_a_row": lambda p, _: p.passes,
    "over": lambda p, _: p.over,
    "went_out": lambda p, _: p.out,
    "end_reason": lambda p, _: p.end_reason,
    "scores": lambda p, _: p.scores,
    "rules": lambda p, _: p.fixed.rules,
    "round_double": lambda p, _: p.fixed.round_double,
    "used_doubles": lambda p, _: p.fixed.used_doubles,
}


def _work_out(obs: Observation, name: str) -> object:
    """Observation's ``__getattr__``: reached only for a field that an observation made by
    :func:`observe` has not worked out yet, which is read from the position's captured public
    part and then kept. Set on the class after it is made, so that for mypy every field stays
    a plain typed attribute (a ``__getattr__`` in the class body would let any name through).
    """
    lazy = _LAZY.get(name)
    if lazy is not None:
        try:
            public = _get_public(obs)
        except AttributeError:  # built from its fields: nothing is left to work out
            pass
        else:
            value = lazy(public, _get_bits(obs))
            _SET[name](obs, value)
            return value
    raise AttributeError(f"'Observation' object has no attribute {name!r}")


# The slots' own readers and writers: quicker than attributes, and past the frozen guard.
_SET = {f.name: getattr(Observation, f.name).__set__ for f in fields(Observation)}
_set_seat, _set_legal, _set_drawn = _SET["seat"], _SET["legal_moves"], _SET["drawn"]
_slot: Mapping[str, Any] = vars(_Captured)
_get_public, _set_public = _slot["_public"].__get__, _slot["_public"].__set__
_get_bits, _set_bits = _slot["_hand_bits"].__get__, _slot["_hand_bits"].__set__
_new = object.__new__
setattr(Observation, "__getattr__", _work_out)  # noqa: B010  # unseen by mypy, on purpose


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
        who = "The table" if obs.seat is None else obs.names[obs.seat]
        raise SeatError(f"{who} can see every tile: there is nothing left to draw")
    return Fraction(fitting, unseen)
