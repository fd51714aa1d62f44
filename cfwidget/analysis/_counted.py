"""Random playouts with the open ends counted: the loop under ``playouts`` for the random policy.

A playout of the random policy needs less than the rules kernel keeps. Which of the ends
showing a number a tile joins changes nothing that follows (a line end has one place, and
the double being filled is kept apart), so here the open ends are a *count* per number, not
a sorted list of table tiles: a play takes one from its number and adds one at its far
number, with no list to search or keep sorted. A uniform choice among the kernel's legal
moves is then a uniform choice of a tile and a number it joins at, weighted by how many
ends show that number, in the same proportions as
:meth:`~cfwidget.core._kernel.Kernel.legal_codes` lists the moves.

Everything else is the kernel's play step (:meth:`~cfwidget.core._kernel.Kernel.apply`)
in the same order: the double being filled, chicken feet, a draw and the drawn tile, a
pass, the chicken-little penalty, going out, a blocked yard and the all-passed end. The
differential harness (``tests/core/test_differential.py``) replays every move of these
playouts in the reference engine, for every preset and mixes of the options. The module
is compiled with the kernel where a compiler is there (:mod:`cfwidget._native`); its
functions take only values already checked.

>>> from cfwidget import Round, Rules
>>> from cfwidget.analysis import Position
>>> import random
>>> start = Counted(Position.from_round(Round.deal(Rules(), players=4, seed=7)))
>>> points, why = start.play(random.Random(1).random, None)
>>> len(points), why in ("went-out", "blocked", "all-passed")
(4, True)
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import Kernel, hand_cost, kth_bit

__all__ = ["PLAY_CODE", "Counted"]

#: A play's code in a trace: ``(tile rank << 5 | number it joins at) << 1 | announce``
#: (a draw is -1, a pass -2); ``PLAY_CODE`` is the shift of the rank.
PLAY_CODE = 6


class Counted:
    """A kernel position with its open ends counted per number, ready to be played out
    again and again (:meth:`play` never changes it)."""

    hands: list[int]
    yard: list[int]
    counts: list[int]
    nums: int
    fits: int
    forced: int
    needed: int
    fneed: int
    drawn: int
    turn: int
    passes: int
    ended: str  # how the round ended ("" while it goes on), who went out, on a double?
    out: int
    last_double: bool
    # The set's tables and the rules' options, as the kernel has them.
    sets: _Tables
    toes: int
    must: bool
    announce: bool
    little: bool
    pass_ends: bool
    out_on_double: int
    costs: tuple[tuple[int, ...], ...]

    def __init__(self, pos: Kernel) -> None:
        ts = pos.ts
        n = ts.max_pip + 1
        sets = _TABLES.get(n)
        if sets is None:
            sets = _TABLES[n] = _Tables(pos)
        self.sets = sets
        # A number's ends, less the double being filled (its places are counted in needed).
        self.counts = [len(pos.ends[i]) - (pos.forced in pos.ends[i]) for i in range(n)]
        self.hands, self.yard = list(pos.hands), list(pos.yard)
        # The numbers with a counted end (the kernel's also has the double being filled).
        self.nums = sum(1 << i for i in range(n) if self.counts[i])
        self.fits = ts.fits[self.nums]  # the tiles that fit those numbers
        self.forced, self.needed = pos.forced, pos.needed
        self.fneed, self.drawn, self.turn, self.passes = pos.fneed, pos.drawn, pos.turn, pos.passes
        self.ended, self.out, self.last_double = pos.end_reason or "", pos.out, pos.last_double
        self.toes, self.must, self.announce = pos.toes, pos.must_play, pos.announce
        self.little, self.pass_ends = pos.little, pos.pass_ends
        self.out_on_double, self.costs = pos.out_on_double, pos.costs

    def play(
        self, rand: Callable[[], float], trace: list[tuple[int, int]] | None
    ) -> tuple[list[int], str]:
        """One playout under the random policy (``rand``: a ``random.Random().random``, not
        called when one move is legal): each seat's round points and how the round ended.
        With ``trace``, each move's code (see :data:`PLAY_CODE`) and the number of legal
        moves there are appended to it."""
        hands = self.hands.copy()
        yard = self.yard.copy()
        counts = self.counts.copy()
        nums, fits, forced, needed = self.nums, self.fits, self.forced, self.needed
        fneed = self.fneed
        drawn, turn, passes = self.drawn, self.turn, self.passes
        sets = self.sets
        masks, table, memo, high, low = sets.number_mask, sets.fits, sets.memo, sets.high, sets.low
        far, numbers = sets.far, sets.numbers
        players = len(hands)
        why, out, last_double = self.ended, self.out, self.last_double
        while not why:
            hand = hands[turn]
            bits = (drawn or hand) & (fneed if forced >= 0 else fits)
            pairs = 0
            if forced >= 0:
                pairs = bits.bit_count()
            else:
                x = bits
                while x:
                    lone = x & -x
                    x ^= lone
                    r = lone.bit_length() - 1
                    a, b = high[r], low[r]
                    pairs += counts[a] if a == b else counts[a] + counts[b]
            loud = 2 if pairs and self.announce and hand.bit_count() == 2 else 1
            total = pairs * loud + (1 if drawn and pairs and not self.must else 0)
            if not pairs and not drawn and yard:
                # Nothing to play: draw, and move again with the drawn tile.
                d = yard.pop()
                hands[turn] = hand | d
                drawn = d
                if trace is not None:
                    trace.append((-1, 1))
                if not yard and _blocked(hands, fneed if forced >= 0 else fits):
                    why = "blocked"
                continue
            k = int(rand() * total) if total > 1 else 0
            if k >= pairs * loud:
                # A pass: nothing to play (after a draw, or with the yard empty), or a drawn
                # tile kept.
                if trace is not None:
                    trace.append((-2, max(total, 1)))
                passes += 1
                drawn = 0
                if self.pass_ends and passes >= players:
                    why = "all-passed"
                    continue
            else:
                ann = k & 1 if loud == 2 else 0
                k = k >> 1 if loud == 2 else k
                if forced >= 0:
                    lone = kth_bit(bits, k)  # the k-th tile that fits, in rank order
                    r = lone.bit_length() - 1
                    n = high[forced]
                    needed -= 1
                    if not needed:
                        forced = -1
                else:
                    while True:  # the k-th pair of tile and end, tiles in rank order
                        lone = bits & -bits
                        bits ^= lone
                        r = lone.bit_length() - 1
                        a, b = high[r], low[r]
                        here = counts[a]
                        there = 0 if a == b else counts[b]
                        if k < here + there:
                            break
                        k -= here + there
                    n = a if k < here else b
                    c = counts[n] - 1
                    counts[n] = c
                    if not c:
                        nums ^= 1 << n
                        fits = table[nums] if table else memo[nums]
                if trace is not None:
                    trace.append((((r << 5 | n) << 1) | ann, total))
                hand ^= lone
                hands[turn] = hand
                last_double = sets.double[r]
                if last_double:  # a chicken foot (or the centre's toes): filled first
                    forced, needed, fneed = r, self.toes, masks[n]
                else:
                    f = far[r * numbers + n]
                    c = counts[f]
                    counts[f] = c + 1
                    if not c:
                        nums |= 1 << f
                        fits |= masks[f]
                passes = 0
                drawn = 0
                if not hand:
                    out, why = turn, "went-out"
                    continue
                if self.little and not ann and yard and not hand & (hand - 1):
                    hands[turn] = hand | yard.pop()
            if not yard and _blocked(hands, fneed if forced >= 0 else fits):
                why = "blocked"
                continue
            turn = turn + 1 if turn + 1 < players else 0
        points = [hand_cost(h, self.costs) for h in hands]
        if out >= 0:
            points[out] = self.out_on_double if last_double else 0
        return points, why


class _Tables:
    """A set's tables, as lists (quicker to index compiled): the tiles showing each number,
    what fits each set of open numbers (up to double-12; a bigger set's 2**14 and more sets
    are read from the set's own memo, which works them out as they turn up), each tile's
    numbers, the number a tile leaves open where it joins (``far[rank * numbers +
    number]``), and which tiles are doubles."""

    def __init__(self, pos: Kernel) -> None:
        ts = pos.ts
        n = self.numbers = ts.max_pip + 1
        self.number_mask = list(ts.number_mask[:n])
        self.fits = [ts.fits[s] for s in range(1 << n)] if n <= _LISTED else []
        self.memo = ts.fits
        self.high = list(ts.high)
        self.low = [t[1] for t in ts.tiles]
        self.far = [ts.far[r][i] for r in range(len(ts.tiles)) for i in range(n)]
        self.double = list(ts.double)


#: The most numbers a set may have for :class:`_Tables` to list what fits each set of them.
_LISTED = 13
#: The tables of each set, by its count of numbers.
_TABLES: dict[int, _Tables] = {}


def _blocked(hands: list[int], fitting: int) -> bool:
    """True when no hand holds a tile that fits (the yard being empty, the round is over)."""
    for h in hands:  # noqa: SIM110  (compiled, a loop is quicker than all() of a generator)
        if h & fitting:
            return False
    return True
