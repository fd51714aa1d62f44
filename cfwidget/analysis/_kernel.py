"""The playout kernel's position: a round in play as a few integers and small lists.

A :class:`Position` holds what decides the rest of a round and nothing else: each hand and
the chicken yard as bit masks of tile ranks (rank ``r`` is bit ``1 << r``, 0-0 is rank 0,
1-0 rank 1, 1-1 rank 2, ...), the open ends as one small list of table-tile ranks per number,
the double being filled and how many tiles it still needs, the tile just drawn, whose turn
it is and how many turns in a row ended in a pass. It plays the engine's rules
(:class:`~cfwidget.Round`): the same legal moves, the same end, the same points; the tests
check it move for move against the engine on every preset.

Two facts of the engine keep it small. A table tile with free places is either the double
being filled (the centre or a chicken foot), or a line end with exactly one place: a double
is filled before play goes anywhere else, so no other double ever has places left. And which
of several ends showing the same number a tile goes onto changes nothing that follows, so the
playout loop (``_playout.py``) never needs more than these lists.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(), players=3, seed=4)
>>> pos = Position.from_round(rnd)
>>> pos.legal_moves() == rnd.legal_moves(), pos.turn, pos.points() == rnd.scores()
(True, 1, True)
"""

from __future__ import annotations

from types import MappingProxyType

from ..core import OPTIONS, Move, MoveLike, NotationError, Round, Rules
from ._errors import PlayoutError
from ._tables import Tables, costs_of, hand_cost, pens_of, tables

__all__ = ["DRAW_CODE", "HANDLED", "PASS_CODE", "Position", "check_rules"]

#: A move as the kernel writes it: a play is ``(tile rank << 8 | table-tile rank) << 1 |
#: announce``; a draw and a pass are these two negative numbers.
DRAW_CODE = -1
PASS_CODE = -2

#: The options the kernel plays by, and how: every option of :class:`~cfwidget.Rules` must
#: be here, or the kernel refuses the rules (naming the option) rather than play them wrong.
HANDLED = MappingProxyType(
    {
        "max_pip": "the set's tables",
        "spokes": "read from the round: the centre's free places",
        "toes": "a double played on a line needs this many toes",
        "hand_size": "the deal only: a position starts from the hands as they are",
        "start_missing": "the deal only: the centre double is already down",
        "round_order": "between rounds only",
        "first_player": "between rounds only",
        "must_play_drawn": "whether a drawn tile that fits may be passed",
        "double_blank": "what the 0-0 costs",
        "out_on_double": "what going out on a double costs",
        "game_target": "between rounds only",
        "last_tile": "announcing: uno changes no outcome; chicken-little draws a penalty tile",
        "round_end": "whether every seat passing in turn ends the round",
    }
)


#: The options of :class:`~cfwidget.Rules` missing from :data:`HANDLED` (none today).
UNHANDLED = tuple(name for name in OPTIONS if name not in HANDLED)


def check_rules(rules: Rules) -> None:
    """Refuse rules with an option the kernel does not play (none today; a new one would be).

    >>> check_rules(Rules())
    """
    unknown = [name for name in rules.to_dict() if name not in HANDLED]
    if unknown:
        raise PlayoutError(
            f"the playout kernel does not play the rule option {', '.join(unknown)} yet; "
            "play such rounds with the engine (Round.legal_moves and Round.play)"
        )


class Position:
    """A round in play, compact: build it with :meth:`from_round`, then play it out.

    It knows every hand and the order of the chicken yard (the all-hands-open view): a
    seat's-eye analysis builds it from a round whose hidden tiles were dealt again.
    ``legal_moves`` and ``play`` step it like the engine; the playout loop runs it to the
    end in one call.

    >>> from cfwidget import Round, Rules
    >>> pos = Position.from_round(Round.deal(Rules.preset("double-six"), players=2, seed=1))
    >>> pos.play(pos.legal_moves()[0]); pos.turn
    0
    """

    __slots__ = (
        "announce",
        "costs",
        "drawn",
        "end_reason",
        "ends",
        "forced",
        "hands",
        "last_double",
        "little",
        "must_play",
        "needed",
        "nums",
        "out",
        "out_on_double",
        "pass_ends",
        "passes",
        "pens",
        "rules",
        "t",
        "toes",
        "turn",
        "yard",
    )

    rules: Rules
    t: Tables
    costs: tuple[tuple[int, ...], ...]
    pens: tuple[int, ...]  # what each tile costs, by rank
    toes: int
    must_play: bool
    announce: bool  # the rules use "!" (uno or chicken-little)
    little: bool  # chicken-little: a silent last-but-one play draws a penalty tile
    pass_ends: bool  # round_end="all-passed"
    out_on_double: int
    hands: list[int]
    yard: list[int]  # bits; the next tile to draw is at the end
    ends: list[list[int]]  # per number (and one more, always empty): table tiles open there
    nums: int  # the numbers with an open end, as bits
    forced: int  # the rank of the double to fill first, -1 if none
    needed: int
    drawn: int  # the bit of the tile the seat to move has just drawn, 0 if none
    turn: int
    passes: int  # turns in a row that ended in a pass
    end_reason: str | None  # "went-out", "blocked" or "all-passed" once over
    out: int  # the seat that went out, -1 if none
    last_double: bool  # the last tile played was a double

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def from_round(cls, rnd: Round) -> Position:
        """The position of ``rnd`` now, every hand and the yard's order included.

        >>> from cfwidget import Round, Rules
        >>> Position.from_round("9-9")
        Traceback (most recent call last):
        ...
        cfwidget.PlayoutError: a playout starts from a Round, got '9-9'
        """
        if not isinstance(rnd, Round):
            text = repr(rnd)
            text = text if len(text) <= 60 else text[:57] + "..."
            raise PlayoutError(f"a playout starts from a Round, got {text}")
        rules = rnd.rules
        if UNHANDLED or rules.__class__ is not Rules:
            check_rules(rules)
        self = cls.__new__(cls)
        self._set_rules(rules)
        t = self.t
        rank = t.rank
        self.hands = list(rnd.hand_masks())  # the engine's ranks are the kernel's (tested)
        self.yard = list(reversed(rnd.yard_masks()))
        ends: list[list[int]] = [[] for _ in range(t.max_pip + 2)]
        forced = rnd.forced
        self.forced = -1 if forced is None else rank[forced]
        self.needed = rnd.needed
        nums = 0
        for tile, number, free in rnd.open_ends():
            if free != 1 and tile != forced:  # the engine's own invariant (see the module)
                raise PlayoutError(
                    f"{tile} has {free} free places but is not the double being filled: the "
                    "kernel cannot play this position"
                )
            ends[number].append(rank[tile])
            nums |= 1 << number
        self.ends = ends
        self.nums = nums
        drawn = rnd.drawn
        self.drawn = 0 if drawn is None else 1 << rank[drawn]
        self.turn = rnd.turn
        self.passes = rnd.passes_in_a_row()
        self.end_reason = rnd.end_reason
        out = rnd.went_out
        self.out = -1 if out is None else out
        self.last_double = False
        if out is not None:
            moves = rnd.moves
            last = moves[-1].tile if moves else rnd.start
            self.last_double = last is not None and last.is_double
        return self

    def _set_rules(self, rules: Rules) -> None:
        self.rules = rules
        self.t = tables(rules.max_pip)
        self.costs = costs_of(rules.max_pip, rules.double_blank)
        self.pens = pens_of(rules.max_pip, rules.double_blank)
        self.toes = rules.toes
        self.must_play = rules.must_play_drawn
        self.announce = rules.last_tile != "silent"
        self.little = rules.last_tile == "chicken-little"
        self.pass_ends = rules.round_end == "all-passed"
        self.out_on_double = rules.out_on_double

    def copy(self) -> Position:
        """An independent copy (playing it out never touches this one)."""
        other = Position.__new__(Position)
        for name in Position.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands.copy()
        other.yard = self.yard.copy()
        other.ends = [e.copy() for e in self.ends]
        return other

    # -- what anyone can ask ------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the round has ended (as :attr:`Round.is_over <cfwidget.Round.is_over>`)."""
        return self.end_reason is not None

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self.hands)

    def points(self) -> list[int]:
        """Each seat's round points: what its tiles cost, as :meth:`Round.scores
        <cfwidget.Round.scores>` counts them (before the end, what each hand costs now)."""
        costs = self.costs
        result = [hand_cost(h, costs) for h in self.hands]
        if self.out >= 0:
            result[self.out] = self.out_on_double if self.last_double else 0
        return result

    # -- stepping like the engine ---------------------------------------------------------

    def legal_codes(self) -> list[int]:
        """The legal moves as kernel codes, in the engine's order (see :data:`DRAW_CODE`)."""
        if self.end_reason is not None:
            return []
        t = self.t
        drawn = self.drawn
        bits = drawn or self.hands[self.turn]
        plays: list[int] = []
        if self.forced >= 0:
            f = self.forced
            bits &= t.number_mask[t.high[f]]
            plays = [(r << 8 | f) << 1 for r in _ranks(bits)]
        else:
            bits &= t.fitting(self.nums)
            ends, info = self.ends, t.info
            for r in _ranks(bits):
                a, b, _ = info[1 << r]
                plays += [(r << 8 | u) << 1 for u in sorted(ends[a] + ends[b])]
        if self.announce and plays and self.hands[self.turn].bit_count() == 2:
            plays = [code | ann for code in plays for ann in (0, 1)]
        if drawn:
            if not plays:
                return [PASS_CODE]
            return plays if self.must_play else [*plays, PASS_CODE]
        if not plays:
            return [DRAW_CODE] if self.yard else [PASS_CODE]
        return plays

    def legal_moves(self) -> list[Move]:
        """The legal moves as the engine's :class:`~cfwidget.Move` values, in its order."""
        return [self.move_of(code) for code in self.legal_codes()]

    def move_of(self, code: int) -> Move:
        """The engine's :class:`~cfwidget.Move` for a kernel code."""
        if code == DRAW_CODE:
            return Move.DRAW
        if code == PASS_CODE:
            return Move.PASS
        tiles = self.t.tiles
        return Move.play(tiles[code >> 9], tiles[code >> 1 & 255], bool(code & 1))

    def code_of(self, move: MoveLike) -> int:
        """The kernel code of an engine move (or its text, such as ``'9-4@9-9'``)."""
        try:
            m = move if isinstance(move, Move) else Move.parse(move)
        except NotationError as exc:
            raise PlayoutError(str(exc)) from None
        if m.kind == "draw":
            return DRAW_CODE
        if m.kind == "pass":
            return PASS_CODE
        rank = self.t.rank
        tile, onto = m.tile, m.onto
        if tile is None or onto is None or tile not in rank or onto not in rank:
            raise PlayoutError(f"{m} names a tile outside the double-{self.t.max_pip} set")
        return (rank[tile] << 8 | rank[onto]) << 1 | m.announce

    def play(self, move: MoveLike | int) -> None:
        """Make one legal move (an engine :class:`~cfwidget.Move`, its text or a kernel code).

        An illegal move raises :class:`~cfwidget.PlayoutError` and changes nothing.
        """
        if isinstance(move, (Move, str)):
            code, shown = self.code_of(move), str(move)
        elif isinstance(move, int) and not isinstance(move, bool):
            code, shown = move, f"the move code {move}"
        else:
            raise PlayoutError(f"a move is a Move, its text or a kernel code, got {move!r}")
        legal = self.legal_codes()
        if code not in legal:
            choices = ", ".join(str(self.move_of(c)) for c in legal) or "none: the round is over"
            raise PlayoutError(f"{shown} is not a legal move here; the legal moves are: {choices}")
        self._apply(code)

    def _apply(self, code: int) -> None:
        """Make the legal move ``code`` (the engine's ``play``, step for step)."""
        seat = self.turn
        hands, yard = self.hands, self.yard
        if code == DRAW_CODE:
            d = yard.pop()
            hands[seat] |= d
            self.drawn = d
            if not yard:
                self._check_blocked()
            return
        if code == PASS_CODE:
            self.passes += 1
            if self.pass_ends and self.passes >= len(hands):
                self.drawn = 0
                self.end_reason = "all-passed"
                return  # the turn stays with the seat that moved last
        else:
            t = self.t
            r, u, ann = code >> 9, code >> 1 & 255, code & 1
            bits = hands[seat] ^ (1 << r)
            hands[seat] = bits
            ends = self.ends
            number = t.high[u] if self.forced == u else -1
            if number < 0:  # a line end: its one place is taken
                for n, e in enumerate(ends):
                    if u in e:
                        number = n
                        break
                ends[number].remove(u)
            else:
                self.needed -= 1
                if not self.needed:
                    ends[number].remove(u)
                    self.forced = -1
            if not ends[number]:
                self.nums ^= 1 << number
            far = t.far[r][number]
            if not ends[far]:
                self.nums |= 1 << far
            ends[far].append(r)
            double = t.doubles[r]
            if double:
                self.forced, self.needed = r, self.toes
            self.passes = 0
            self.last_double = double
            if not bits:
                self.end_reason, self.out = "went-out", seat
                return
            if self.little and not ann and yard and bits & (bits - 1) == 0:
                hands[seat] = bits | yard.pop()
        self.drawn = 0
        if not yard:
            self._check_blocked()
            if self.end_reason is not None:
                return  # the turn stays with the seat that moved last
        self.turn = seat + 1 if seat + 1 < len(hands) else 0

    def fitting(self) -> int:
        """The bits of the tiles that may be played now, whoever holds them."""
        t = self.t
        return t.number_mask[t.high[self.forced]] if self.forced >= 0 else t.fitting(self.nums)

    def _check_blocked(self) -> None:
        if self.yard or self.end_reason is not None:
            return
        fitting = self.fitting()
        if not any(h & fitting for h in self.hands):
            self.end_reason = "blocked"

    def __repr__(self) -> str:
        state = self.end_reason or f"seat {self.turn} to move"
        return f"<Position {self.players} players, {len(self.yard)} in the yard, {state}>"


def _ranks(bits: int) -> list[int]:
    """The ranks of the set bits, lowest first."""
    out = []
    while bits:
        rest = bits & (bits - 1)
        out.append((bits ^ rest).bit_length() - 1)
        bits = rest
    return out
