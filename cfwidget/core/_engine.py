"""The rules as a state machine on bit masks: the state a :class:`~cfwidget.Round` plays on.

A :class:`Engine` holds one round's state as numbers: each hand is one integer
with a bit per tile, the chicken yard a list of bits, and each table tile has
its free places (the tiles' ranks and bits, and every play, come from the set's
shared :class:`~cfwidget.core._tileset.TileSet`). It answers two questions
quickly - which moves are legal, and what a move changes - and nothing else:
``Round`` turns its numbers into tiles and words.

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

from bisect import insort
from collections.abc import Mapping, Sequence

from ._deal import Deal
from ._errors import IllegalMove
from ._moves import DRAW, PASS, Move, MoveLike, to_move
from ._opening import open_round
from ._placed import TableLog
from ._rules import Rules
from ._tiles import Tile
from ._tileset import SharedPlay, TileSet, tile_set

__all__ = ["Engine"]

# The seat after each seat, by the number of seats.
_NEXT_SEAT = {n: (*range(1, n), 0) for n in range(2, 9)}

# Shared one-move lists: the engine keeps legal lists without changing them.
_DRAW_ONLY = [DRAW]
_PASS_ONLY = [PASS]
_NO_PLAYS: list[Move] = []  # never kept: legal_moves() puts draw or pass in its place


class Engine:
    """One round's state as bit masks, with its legal moves and the moves that change it.

    Built from the rules and a :class:`~cfwidget.core._deal.Deal`; the round's
    double is laid at once (see :func:`~cfwidget.core._opening.open_round`).
    Only :meth:`play` and :meth:`undo` change it.
    """

    __slots__ = (
        "announce",
        "deal",
        "drawn",
        "ends",
        "fneed",
        "forced",
        "fplays",
        "hands",
        "leader",
        "legal",
        "little",
        "log",
        "moves",
        "must_play",
        "next",
        "nums",
        "opener",
        "opening_draws",
        "out",
        "over",
        "pass_ends",
        "passed_out",
        "penalties",
        "rules",
        "slots",
        "start",
        "toes",
        "ts",
        "turn",
        "yard",
    )

    # Fixed for the round: the rules and the deal, the set's shared tables, the seat after
    # each seat, and the rules' options that play() reads, each as one field.
    rules: Rules
    deal: Deal
    ts: TileSet
    next: tuple[int, ...]
    toes: int
    must_play: bool  # a drawn tile that fits must be played
    announce: bool  # the rules use "!" (uno or chicken-little)
    little: bool  # chicken-little: a silent last-but-one play draws a penalty tile
    pass_ends: bool  # round_end="all-passed": a pass by every seat in turn ends the round
    # How the round opened (see open_round).
    start: Tile
    opener: int
    opening_draws: tuple[tuple[int, Tile], ...]
    # What play() changes.
    hands: list[int]  # each seat's tiles as bits
    yard: list[int]  # the chicken yard's tiles as bits, the next to draw at the end
    slots: list[int]  # free places of each table tile, by rank
    ends: list[list[int]]  # per number, the table tiles open on it (sorted; one spare list)
    nums: int  # the numbers with an open end, as bits
    forced: int  # the rank of the double that must be filled first (-1: none)
    fplays: Mapping[int, tuple[Move, ...]]  # the plays onto it, by the bits of fitting tiles
    fneed: int  # the bits of the tiles that fit it
    moves: list[Move]  # every move made (the set's shared objects)
    legal: list[Move] | None  # the legal moves, kept until the next move
    drawn: int  # the bit of the tile just drawn (0: none)
    turn: int  # the seat to move (the seat that moved last once the round is over)
    leader: int  # the seat that moved first
    over: bool
    out: int | None  # the seat that went out
    passed_out: bool  # the round ended with every seat passing in turn
    penalties: list[tuple[int, int, Tile]]  # (index of the move, seat, tile drawn)
    log: TableLog  # the table as laid, worked out from the moves when asked for

    def __init__(self, rules: Rules, deal: Deal) -> None:
        self.rules = rules
        self.deal = deal
        self.ts = tile_set(rules.max_pip)
        self.next = _NEXT_SEAT[len(deal.hands)]
        self.toes = rules.toes
        self.must_play = rules.must_play_drawn
        self.announce = rules.last_tile != "silent"
        self.little = rules.last_tile == "chicken-little"
        self.pass_ends = rules.round_end == "all-passed"
        self.setup()

    def setup(self) -> None:
        """Start from the deal: find the round's double and lay it in the centre."""
        ts = self.ts
        opening = open_round(ts, self.rules.start_missing, self.deal, self.next)
        centre, opener = opening.centre, opening.opener
        self.hands, self.yard = opening.hands, opening.yard
        self.opening_draws, self.opener, self.start = opening.draws, opener, ts.tiles[centre]
        self.penalties = []
        self.slots = [0] * len(ts.tiles)
        self.ends = [[] for _ in range(ts.max_pip + 2)]  # the spare: what doubles look up
        self.moves, self.legal, self.drawn = [], None, 0
        self.over = self.passed_out = False
        self.out = None
        n = ts.high[centre]
        self.slots[centre] = self.rules.spokes
        self.ends[n].append(centre)
        self.nums = 1 << n
        self.force(centre)
        self.log = TableLog(ts, centre)
        self.turn = self.leader = self.next[opener]
        if not self.hands[opener]:  # the centre double was the opener's last tile: it went out
            self.over, self.out, self.legal = True, opener, []
            self.turn = opener  # the seat that moved last
        elif not self.yard:
            self.check_blocked()

    # -- legal moves -------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves allowed now (a fresh list; see ``Round.legal_moves``)."""
        legal = self.legal
        if legal is not None:  # kept until the next move; an ended round keeps []
            return legal.copy()
        # Worked out from the bit masks: the engine's hot path, so written out in full.
        drawn = self.drawn
        bits = drawn or self.hands[self.turn]
        if self.forced >= 0:  # only the forced double may be played on: one play per fitting tile
            bits &= self.fneed
            out = [*self.fplays[bits]] if bits else _NO_PLAYS  # copied from the shared table
        else:
            ts = self.ts
            out = []
            bits &= ts.fits[self.nums]  # the tiles that fit an open end
            ends = self.ends
            info = ts.info
            while bits:
                rest = bits & (bits - 1)  # all but the lowest bit (quicker than bits & -bits)
                a, b, row = info[bits ^ rest]
                bits = rest
                targets = ends[a]
                other = ends[b]  # empty for a double
                if other:
                    if targets:
                        targets = targets + other
                        targets.sort()
                    else:
                        targets = other
                for u in targets:
                    out.append(row[u])  # type: ignore[arg-type]  # never None: they share a number
        if self.announce and out and self.hands[self.turn].bit_count() == 2:
            out = self.with_announcements(out)
        if drawn:
            if not out:
                out = _PASS_ONLY
            elif not self.must_play:
                out = [*out, PASS]
        elif not out:
            out = _DRAW_ONLY if self.yard else _PASS_ONLY
        self.legal = out
        return out.copy()

    def with_announcements(self, plays: list[Move]) -> list[Move]:
        """Each play followed by the same play announcing the last tile (``!``)."""
        announced = self.ts.announced
        out: list[Move] = []
        for m in plays:
            if type(m) is SharedPlay:  # every play the engine lists
                loud = announced[m.step.rank][m.step.onto]
                if loud is not None:  # always: the same two tiles
                    out += (m, loud)
        return out

    def fitting(self) -> int:
        """The bits of the tiles that may be played now (ignoring whose they are)."""
        return self.fneed if self.forced >= 0 else self.ts.fits[self.nums]

    # -- making moves ------------------------------------------------------------

    def play(self, move: MoveLike) -> Move | None:
        """Make ``move`` for the seat to move and return ``None``; an illegal move changes
        nothing and comes back as a :class:`~cfwidget.Move` (text that is no move at all
        is a :class:`~cfwidget.NotationError`)."""
        legal: Sequence[Move] | None = self.legal  # a Sequence's index() takes text too
        if legal is None:
            self.legal_moves()
            legal = self.legal or []
        try:
            m = legal[legal.index(move)]  # the set's shared move object
        except ValueError:
            m = to_move(move)
            if m not in legal:
                return m
            m = legal[legal.index(m)]
        # From here on m is one of the set's shared moves, and legal: the state changes.
        seat = self.turn
        self.legal = None
        self.moves.append(m)
        if type(m) is SharedPlay:  # a play: its step says what changes
            step = m.step
            hands = self.hands
            bits = hands[seat] ^ step.bit
            hands[seat] = bits
            u = step.onto
            slots = self.slots
            left = slots[u] - 1
            slots[u] = left
            ends = self.ends
            if not left:  # the table tile played onto is full
                e = ends[step.number]
                e.remove(u)
                if not e:
                    self.nums ^= 1 << step.number
                if u == self.forced:
                    self.forced = -1
            t = step.rank
            e = ends[step.far]
            if e:
                insort(e, t)
            else:
                e.append(t)
                self.nums |= 1 << step.far
            if step.double:
                slots[t] = self.toes
                self.force(t)
            else:
                slots[t] = 1
            if not bits:
                self.over = True
                self.out = seat
                self.legal = []
                return None
            if self.little and not m[3] and self.yard and bits & (bits - 1) == 0:
                p = self.yard.pop()
                hands[seat] = bits | p
                self.penalties.append((len(self.moves) - 1, seat, self.ts.by_bit[p]))
        elif m is DRAW:
            d = self.yard.pop()
            self.hands[seat] |= d
            self.drawn = d
            if not self.yard:
                self.check_blocked()
            return None
        elif self.pass_ends and self.passes_in_a_row() >= len(self.next):
            # round_end="all-passed" (000): "when all players have consecutively passed".
            self.drawn = 0
            self.over = self.passed_out = True
            self.legal = []
            return None  # the turn stays with the seat that moved last
        self.drawn = 0
        if not self.yard:
            self.check_blocked()
            if self.over:
                return None  # the turn stays with the seat that moved last
        self.turn = self.next[seat]
        return None

    def force(self, double: int) -> None:
        """Make the double of this rank the one to fill first, with its plays and mask.

        ``fplays`` and ``fneed`` are read only while ``forced >= 0``.
        """
        ts = self.ts
        self.forced = double
        self.fplays, self.fneed = ts.onto_double[double], ts.need[double]

    def check_blocked(self) -> None:
        """End the round if the yard is empty and no hand holds a tile that fits."""
        if self.yard or self.over:
            return
        fitting = self.fitting()
        for bits in self.hands:
            if bits & fitting:
                return
        self.over = True
        self.legal = []

    def passes_in_a_row(self) -> int:
        """How many turns in a row, up to now, ended in a pass (a draw then a pass is one)."""
        passes = 0
        for m in reversed(self.moves):
            if m is PASS:
                passes += 1
            elif m is not DRAW:
                break
        return passes

    # -- reading the state ------------------------------------------------------

    def history(self) -> tuple[tuple[int, Move], ...]:
        """Every move so far as ``(seat, move)``: a seat that draws moves again."""
        seat, after = self.leader, self.next
        history = []
        for m in self.moves:
            history.append((seat, m))
            if m is not DRAW:
                seat = after[seat]
        return tuple(history)

    def end_reason(self) -> str | None:
        """``"went-out"``, ``"blocked"`` or ``"all-passed"`` once over, else ``None``."""
        if not self.over:
            return None
        if self.out is not None:
            return "went-out"
        return "all-passed" if self.passed_out else "blocked"

    def scores(self) -> list[int]:
        """What the tiles left in each hand cost; the seat that went out scores 0 (or
        ``out_on_double`` if its last tile was a double)."""
        penalty, tiles_of = self.rules.penalty, self.ts.tiles_of
        result = [sum(map(penalty, tiles_of(b))) for b in self.hands]
        if self.out is not None:
            # Going out is a play, or placing the centre double as the opener's last tile.
            last = self.moves[-1].tile if self.moves else self.start
            result[self.out] = self.rules.out_on_double if last and last.is_double else 0
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

    def copy(self) -> Engine:
        """An independent copy: moves made on it never touch this one."""
        other = Engine.__new__(Engine)
        for name in Engine.__slots__:  # every field, so none can be forgotten ...
            setattr(other, name, getattr(self, name))
        # ... then fresh copies of what moves change in place (the rest is immutable).
        other.penalties = list(self.penalties)
        other.hands = list(self.hands)
        other.yard = list(self.yard)
        other.slots = list(self.slots)
        other.ends = [list(e) for e in self.ends]
        other.moves = list(self.moves)
        other.log = self.log.copy()
        return other
