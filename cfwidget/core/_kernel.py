"""The rules kernel: a round in play as bit masks, its legal moves as codes, and the play step.

Everything that plays Chicken Foot in the package plays it here: a :class:`~cfwidget.Round`
(through its :class:`~cfwidget.core._engine.Engine`, a kernel that also keeps the record),
the playouts, the evaluation, the exact solver and the bots' simulations. A :class:`Kernel`
holds what decides the rest of a round and nothing else:

- each hand and the chicken yard as bit masks of tile ranks (rank ``r`` is bit ``1 << r``:
  0-0 is rank 0, 1-0 rank 1, 1-1 rank 2, ...; the yard's next tile is at the end);
- the open ends as one sorted list of table-tile ranks per number (and one more number, whose
  list stays empty: a double looks there for its "second" number), and those numbers as bits;
- the double being filled and how many tiles it still needs, the tile just drawn, whose turn
  it is, how many turns in a row ended in a pass, and how the round ended.

A table tile with free places is either the double being filled (the centre or a chicken
foot) or a line end with exactly one place: a double is filled before play goes anywhere
else, so no other double ever has places left.

A move is an integer code: a play is ``(tile rank << 8 | table-tile rank) << 1 | announce``,
a draw :data:`DRAW_CODE` and a pass :data:`PASS_CODE`; ``ts.move_of[code]`` is the
:class:`~cfwidget.Move` it stands for. :meth:`Kernel.legal_codes` lists them in the order of
``Round.legal_moves()``; :meth:`Kernel.apply` makes one (it trusts the code to be legal:
callers that take moves from outside check them first, as ``Round.play`` does).

>>> from cfwidget import Round, Rules
>>> k = Round.deal(Rules(), players=3, seed=4).kernel()
>>> [str(k.ts.move_of[c]) for c in k.legal_codes()], k.turn
(['9-2@9-9'], 1)
>>> k.apply(k.legal_codes()[0]); k.turn, k.needed
(2, 3)
"""

from __future__ import annotations

from _random import Random as _MT
from bisect import insort
from collections.abc import Callable
from typing import Literal, TypeVar

from ._rules import Rules, tile_penalty
from ._tileset import DRAW_CODE, PASS_CODE, TileSet, Vocabulary, _Fits, tile_set

_V = TypeVar("_V")
_K = TypeVar("_K", bound="Kernel")

__all__ = [
    "DRAW_CODE",
    "PASS_CODE",
    "EndReason",
    "Kernel",
    "dealt_bits",
    "hand_cost",
    "kth_bit",
    "shuffled_bits",
    "tile_costs",
    "tile_pens",
]

EndReason = Literal["went-out", "blocked", "all-passed"]

# Kept on the kernel: its fields, copied by copy(); the lists among them are copied anew.
_FIELDS = (
    "announce",
    "costs",
    "drawn",
    "end_reason",
    "ends",
    "fneed",
    "fits",
    "forced",
    "hands",
    "last_double",
    "laid",
    "little",
    "must_play",
    "needed",
    "nums",
    "out",
    "out_on_double",
    "pass_ends",
    "passes",
    "rules",
    "spokes",
    "toes",
    "joins",
    "ts",
    "turn",
    "yard",
)


class Kernel:
    """One round's state as bit masks, its legal moves and the step that makes one.

    Built from the rules alone (:meth:`__init__` reads the options that change play);
    the state comes from :meth:`lay_centre` on a deal's hands and yard, or is copied from
    another kernel (:meth:`copy`, ``Round.kernel()``). Only :meth:`apply` changes it.
    """

    __slots__ = _FIELDS

    # Fixed for the round: the set's tables and the rules' options the play step reads.
    rules: Rules
    ts: TileSet
    # Two of the set's tables, kept here too: read at every move (compiled, a field is
    # quicker to read than another object's attribute).
    fits: _Fits
    joins: tuple[tuple[int, int, int, int, int, bool] | None, ...]
    costs: tuple[tuple[int, ...], ...]  # what a hand costs, by bytes (see hand_cost)
    spokes: int  # places of the centre double
    toes: int  # places of a double played on a line (a chicken foot)
    must_play: bool  # a drawn tile that fits must be played
    announce: bool  # the rules use "!" (uno or chicken-little)
    little: bool  # chicken-little: a silent last-but-one play draws a penalty tile
    pass_ends: bool  # round_end="all-passed": a pass by every seat in turn ends the round
    out_on_double: int  # what going out on a double costs
    # What apply() changes.
    hands: list[int]  # each seat's tiles as bits
    yard: list[int]  # the chicken yard's tiles as bits, the next to draw at the end
    ends: list[list[int]]  # per number (and one spare, always empty): table tiles open there
    nums: int  # the numbers with an open end, as bits
    laid: int  # the tiles on the table, as bits
    forced: int  # the rank of the double to fill first, -1 if none
    needed: int  # how many tiles it still needs
    fneed: int  # the bits of the tiles that fit it (read only while forced >= 0)
    drawn: int  # the bit of the tile the seat to move has just drawn, 0 if none
    turn: int  # the seat to move (the seat that moved last once the round is over)
    passes: int  # turns in a row that ended in a pass (a draw then a pass is one)
    end_reason: EndReason | None  # how the round ended; None while it goes on
    out: int  # the seat that went out, -1 if none
    last_double: bool  # the last tile laid was a double

    def __init__(self, rules: Rules | None = None) -> None:
        if rules is None:  # a blank kernel, for copy_into
            return
        self.rules = rules
        self.ts = ts = tile_set(rules.max_pip)
        self.fits, self.joins = ts.fits, ts.joins
        self.costs = tile_costs(rules.max_pip, rules.double_blank)
        self.spokes = rules.spokes
        self.toes = rules.toes
        self.must_play = rules.must_play_drawn
        self.announce = rules.last_tile != "silent"
        self.little = rules.last_tile == "chicken-little"
        self.pass_ends = rules.round_end == "all-passed"
        self.out_on_double = rules.out_on_double

    def lay_centre(self, hands: list[int], yard: list[int], centre: int, opener: int) -> None:
        """Start the round: ``opener`` has laid the double of rank ``centre`` (already out of
        its hand); the next seat is to move. An opener left with no tile has gone out."""
        ts = self.ts
        n = ts.high[centre]
        self.hands, self.yard = hands, yard
        self.ends = [[] for _ in range(ts.max_pip + 2)]
        self.ends[n].append(centre)
        self.nums = 1 << n
        self.laid = 1 << centre
        self.forced, self.needed, self.fneed = centre, self.spokes, ts.number_mask[n]
        self.drawn = self.passes = 0
        self.end_reason, self.out, self.last_double = None, -1, False
        self.turn = opener + 1 if opener + 1 < len(hands) else 0
        if not hands[opener]:  # the centre double was the opener's last tile: it went out
            self.end_reason, self.out, self.last_double = "went-out", opener, True
            self.turn = opener  # the seat that moved last
        elif not yard:
            self.check_blocked()

    def copy(self: _K) -> _K:
        """An independent copy of the same class: moves made on it never touch this one."""
        other = self.__class__()
        self.copy_into(other)
        return other

    def copy_into(self, other: Kernel) -> None:
        """Set every kernel field of ``other`` to this one's (lists copied anew)."""
        # Written out field by field (a loop over _FIELDS takes twice as long); the test of
        # the kernel checks that no field is left out.
        other.announce = self.announce
        other.costs = self.costs
        other.drawn = self.drawn
        other.end_reason = self.end_reason
        other.fneed = self.fneed
        other.forced = self.forced
        other.last_double = self.last_double
        other.laid = self.laid
        other.little = self.little
        other.must_play = self.must_play
        other.needed = self.needed
        other.nums = self.nums
        other.out = self.out
        other.out_on_double = self.out_on_double
        other.pass_ends = self.pass_ends
        other.passes = self.passes
        other.rules = self.rules
        other.spokes = self.spokes
        other.toes = self.toes
        other.ts = self.ts
        other.fits = self.fits
        other.joins = self.joins
        other.turn = self.turn
        other.hands = self.hands.copy()
        other.yard = self.yard.copy()
        other.ends = [e.copy() for e in self.ends]

    # -- what anyone can ask -------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats play."""
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """True once the round has ended."""
        return self.end_reason is not None

    def fitting(self) -> int:
        """The bits of the tiles that may be played now, whoever holds them."""
        return self.fneed if self.forced >= 0 else self.fits[self.nums]

    def playable(self) -> int:
        """The bits of the tiles the seat to move may play now: its tiles that fit where play
        is allowed (after a draw, the drawn tile alone); 0 once the round is over."""
        if self.end_reason is not None:
            return 0
        fits = self.fneed if self.forced >= 0 else self.fits[self.nums]
        return (self.drawn or self.hands[self.turn]) & fits

    def no_play_code(self) -> int:
        """The move of a seat that plays no tile: a draw while it has not drawn and the yard
        has tiles, else a pass."""
        return DRAW_CODE if not self.drawn and self.yard else PASS_CODE

    def points(self) -> list[int]:
        """Each seat's round points: what its tiles cost (before the end, what each hand
        costs now); the seat that went out scores 0, or ``out_on_double`` if its last tile
        was a double."""
        costs = self.costs
        result = [hand_cost(h, costs) for h in self.hands]
        if self.out >= 0:
            result[self.out] = self.out_on_double if self.last_double else 0
        return result

    def free_places(self) -> list[int]:
        """The free places of each table tile, by rank (0 for a tile with none)."""
        free = [0] * len(self.ts.tiles)
        for e in self.ends:
            for u in e:
                free[u] = 1
        if self.forced >= 0:
            free[self.forced] = self.needed
        return free

    # -- legal moves ---------------------------------------------------------------------

    def legal_codes(self) -> list[int]:
        """The legal moves as codes, sorted as ``Round.legal_moves()`` lists them: the plays
        by tile, then table tile, then announcement; else draw, else pass."""
        return self.legal(self.ts.as_codes)

    def legal(self, vocabulary: Vocabulary[_V]) -> list[_V]:
        """The legal moves in the words of ``vocabulary``: ``ts.as_codes`` (kernel codes) or
        ``ts.as_moves`` (the set's shared :class:`~cfwidget.Move` objects), in the same order."""
        if self.end_reason is not None:
            return []
        info, onto, loud, draw, pass_ = vocabulary
        drawn = self.drawn
        bits = drawn or self.hands[self.turn]
        plays: list[_V]
        if self.forced >= 0:
            # Forced double: while the centre or a chicken foot has places left, every play
            # goes onto it (one play per fitting tile, listed once per set and kept).
            bits &= self.fneed
            plays = [*onto[self.forced][bits]] if bits else []
        else:
            # Open ends: a tile goes onto any table tile open on one of its numbers.
            bits &= self.fits[self.nums]
            plays = []
            add = plays.append
            ends = self.ends
            while bits:
                low = bits & -bits  # the lowest bit: tiles in rank order
                bits ^= low
                a, b, row = info[low]
                targets = ends[a]
                other = ends[b]  # empty for a double: its second number is the spare
                if other:
                    targets = sorted(targets + other) if targets else other
                for u in targets:
                    add(row[u])  # type: ignore[arg-type]  # never None: they join
        # Announcing: a play that leaves one tile may say so ("!"), listed after the silent one.
        if plays and self.announce and self.hands[self.turn].bit_count() == 2:
            plays = [x for m in plays for x in (m, loud[m])]
        # After a draw: only the drawn tile may be played, and it may be passed unless the
        # rules say a drawn tile that fits must be played.
        if drawn:
            if not plays:
                return [pass_]
            if not self.must_play:
                plays.append(pass_)
            return plays
        # Nothing to play: draw while the yard has tiles, else pass (see no_play_code).
        if not plays:
            return [draw] if self.yard else [pass_]
        return plays

    def random_code(self, rand: Callable[[], float]) -> int:
        """A legal move chosen uniformly, without listing them: of the ``n`` moves of
        :meth:`legal_codes`, the one at place ``int(rand() * n)`` (``rand`` is a
        ``random.Random().random``; it is not called when there is one legal move). The
        round must not be over (``legal_codes()`` is then empty; the playout loop stops).

        >>> from cfwidget import Round, Rules
        >>> k = Round.deal(Rules(), players=3, seed=4).kernel()
        >>> k.random_code(lambda: 0.0) == k.legal_codes()[0]
        True
        """
        drawn = self.drawn
        hand = self.hands[self.turn]
        bits = drawn or hand
        info = self.ts.as_codes[0]  # (high, low, codes) by a tile's bit
        ends = self.ends
        forced = self.forced
        plays = 0
        if forced >= 0:
            bits &= self.fneed
            plays = bits.bit_count()
        else:
            bits &= self.fits[self.nums]
            x = bits
            while x:
                low = x & -x
                x ^= low
                a, b, _ = info[low]
                plays += len(ends[a]) + len(ends[b])
        if not plays:
            return self.no_play_code()
        loud = 2 if self.announce and hand.bit_count() == 2 else 1
        total = plays * loud + (1 if drawn and not self.must_play else 0)
        k = int(rand() * total) if total > 1 else 0
        if k >= plays * loud:
            return PASS_CODE  # after a draw, passing is the last legal move
        ann = k & 1 if loud == 2 else 0
        k = k >> 1 if loud == 2 else k
        if forced >= 0:  # the k-th tile that fits, in rank order
            return (kth_bit(bits, k).bit_length() - 1 << 8 | forced) << 1 | ann
        while True:  # the k-th pair of tile and table tile, in the order legal() lists them
            low = bits & -bits
            bits ^= low
            a, b, _ = info[low]
            here, there = ends[a], ends[b]
            if k < len(here) + len(there):
                break
            k -= len(here) + len(there)
        u = sorted(here + there)[k] if here and there else (here or there)[k]
        return (low.bit_length() - 1 << 8 | u) << 1 | ann

    # -- the play step -------------------------------------------------------------------

    def apply(self, code: int) -> None:
        """Make the legal move ``code`` for the seat to move (it is not checked)."""
        seat = self.turn
        hands, yard = self.hands, self.yard
        if code >= 0:
            r, bit, u, n, far, double = self.joins[code >> 1]  # type: ignore[misc]  # legal
            hand = hands[seat] ^ bit
            hands[seat] = hand
            self.laid |= bit
            ends = self.ends
            if u == self.forced:
                # Forced double: it takes one more tile; once full, it is closed.
                left = self.needed - 1
                self.needed = left
                if not left:
                    e = ends[n]
                    e.remove(u)
                    if not e:
                        self.nums ^= 1 << n
                    self.forced = -1
            else:
                # A line end has one place: it is taken.
                e = ends[n]
                e.remove(u)
                if not e:
                    self.nums ^= 1 << n
            # The tile laid is open at its far number.
            e = ends[far]
            if e:
                insort(e, r)
            else:
                e.append(r)
                self.nums |= 1 << far
            # A double laid on a line is a chicken foot: it takes its toes before anything else.
            if double:
                self.forced, self.needed, self.fneed = r, self.toes, self.ts.number_mask[n]
            self.last_double = double
            self.passes = 0
            # Going out: the last tile is laid and the round ends.
            if not hand:
                self.end_reason, self.out = "went-out", seat
                return
            # Chicken-little penalty: a last-but-one tile laid without "!" draws a tile.
            if self.little and not code & 1 and yard and not hand & (hand - 1):
                hands[seat] = hand | yard.pop()
        elif code == DRAW_CODE:
            # After a draw the same seat moves again, with the drawn tile.
            d = yard.pop()
            hands[seat] |= d
            self.drawn = d
            if not yard:
                self.check_blocked()
            return
        else:
            self.passes += 1
            # All-passed end: with round_end="all-passed", a pass by every seat in turn ends it.
            if self.pass_ends and self.passes >= len(hands):
                self.drawn = 0
                self.end_reason = "all-passed"
                return  # the turn stays with the seat that moved last
        self.drawn = 0
        if not yard:
            self.check_blocked()
            if self.end_reason is not None:
                return  # the turn stays with the seat that moved last
        self.turn = seat + 1 if seat + 1 < len(hands) else 0

    def check_blocked(self) -> None:
        """Blocked end: with the yard empty and no hand holding a tile that fits, it is over."""
        if self.yard or self.end_reason is not None:
            return
        fitting = self.fitting()
        for bits in self.hands:
            if bits & fitting:
                return
        self.end_reason = "blocked"

    def __repr__(self) -> str:
        state = self.end_reason or f"seat {self.turn} to move"
        return (
            f"<{type(self).__name__} {self.players} players, {len(self.yard)} in the yard, {state}>"
        )


_COSTS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
_PENS: dict[tuple[int, int], tuple[int, ...]] = {}


def kth_bit(bits: int, k: int) -> int:
    """The ``k``-th lowest set bit of ``bits`` (0 for the lowest), as a bit.

    >>> kth_bit(0b10110, 0), kth_bit(0b10110, 2)
    (2, 16)
    """
    while k:
        bits &= bits - 1
        k -= 1
    return bits & -bits


def tile_pens(max_pip: int, double_blank: int) -> tuple[int, ...]:
    """What each tile of a set costs, by rank (worked out once per set and cost of the 0-0).

    >>> tile_pens(3, 25)[:4]  # 0-0, 1-0, 1-1, 2-0
    (25, 1, 2, 2)
    """
    key = (max_pip, double_blank)
    pens = _PENS.get(key)
    if pens is None:
        pens = _PENS[key] = tuple(tile_penalty(t, double_blank) for t in tile_set(max_pip).tiles)
    return pens


def tile_costs(max_pip: int, double_blank: int) -> tuple[tuple[int, ...], ...]:
    """Penalty sums by bytes: ``costs[k][byte]`` is what the tiles of ranks ``8k`` to ``8k + 7``
    whose bits are set in ``byte`` cost (worked out once per set and cost of the 0-0).

    >>> costs = tile_costs(3, 50)
    >>> hand_cost(0b1, costs), hand_cost(1 << 7 | 1, costs)  # 0-0; 0-0 and 3-1
    (50, 54)
    """
    key = (max_pip, double_blank)
    costs = _COSTS.get(key)
    if costs is None:
        pens = tile_pens(max_pip, double_blank)
        rows = []
        for k in range(0, len(pens), 8):
            chunk = pens[k : k + 8]
            rows.append(
                tuple(sum(p for i, p in enumerate(chunk) if byte >> i & 1) for byte in range(256))
            )
        costs = _COSTS[key] = tuple(rows)
    return costs


def hand_cost(bits: int, costs: tuple[tuple[int, ...], ...]) -> int:
    """What the tiles of the bit mask ``bits`` cost, from :func:`tile_costs`."""
    total = 0
    k = 0
    while bits:
        total += costs[k][bits & 255]
        bits >>= 8
        k += 1
    return total


def shuffled_bits(max_pip: int, seed: int) -> list[int]:
    """A set's tiles, as bits, in the order ``random.Random(seed).shuffle`` leaves ``full_set``.

    Bits, because a deal needs hands as bit masks: a hand's mask is then the sum
    of its slice.

    >>> import random
    >>> from cfwidget import full_set
    >>> tiles = list(full_set(9)); random.Random(5).shuffle(tiles)
    >>> [tile_set(9).by_bit[b] for b in shuffled_bits(9, 5)] == tiles
    True
    """
    ts = tile_set(max_pip)
    order = list(ts.order)
    # The Fisher-Yates shuffle exactly as random.shuffle makes it: for each place
    # i from the top down, a uniform j <= i from getrandbits(bit length of i + 1),
    # drawn again while it is too large. Written out here, without a function
    # call per step, because a deal is a sixth of a simulated round's cost.
    # _MT is the C generator inside random.Random: seeded with an int it is in
    # exactly the state random.Random(seed) is, without that class's Python-level
    # __init__ and seed() (the caller checks the seed is an int).
    getrandbits = _MT(seed).getrandbits
    for i, k in ts.swaps:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]
    return order


def dealt_bits(
    max_pip: int, seed: int, players: int, size: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The hands and the chicken yard ``Round.deal(seed)`` deals: :func:`shuffled_bits` dealt
    out hand by hand, ``size`` tiles to each of ``players`` seats, the rest the yard.

    >>> hands, yard = dealt_bits(6, 5, players=2, size=7)
    >>> [len(h) for h in hands], len(yard), sum(hands[0]) & sum(yard)
    ([7, 7], 14, 0)
    """
    order = shuffled_bits(max_pip, seed)
    n = players * size
    hands = tuple([tuple(order[i : i + size]) for i in range(0, n, size)])
    return hands, tuple(order[n:])
