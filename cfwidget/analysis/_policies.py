"""The playout policies and the loop that plays a position out with one, on the rules kernel.

Each policy is a small function over the rules kernel (:mod:`cfwidget.core._kernel`): given
the position, it picks the code of a legal move there. :func:`run` plays a position out with
one: the kernel lists the legal moves and makes the one chosen, so the rules are the kernel's
alone. What each policy plays is told in :mod:`cfwidget.analysis._playout` (``playout`` and
``playouts`` are the public face); this module is compiled with the kernel where a compiler
is there (:mod:`cfwidget._native`), so its functions take only values already checked.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import Literal

from ..core import Kernel, TileSet, hand_cost, tile_costs, tile_pens, tile_set
from ..odds import DANGER, THEIR_DRAW, WAITING
from ._errors import PlayoutError

__all__ = [
    "POLICIES",
    "WAITING_POINTS",
    "Chooser",
    "Placer",
    "Policy",
    "coach_like_policy",
    "greedy_policy",
    "placer",
    "policy_for",
    "random_policy",
    "run",
]

#: The coach-like policy's points for keeping a last tile of a number whose double is to come: the
#: coach's own weight for it (:mod:`cfwidget.odds`).
WAITING_POINTS = int(WAITING)
#: The chance a hand of k tiles from u unseen holds none of m that fit, by (u << 8 | m) << 8 | k
#: (a set has at most 253 tiles, so each fits in 8 bits).
_NONES: dict[int, float] = {}


def _none(unseen: int, fitting: int, k: int) -> float:
    """The chance that ``k`` tiles dealt from ``unseen`` hold none of ``fitting`` of them."""
    if k > unseen:
        return 0.0 if fitting else 1.0
    return comb(unseen - fitting, k) / comb(unseen, k)


#: Lower than any tile's weight under the greedy and coach-like policies.
_NEVER = 1 << 30

Policy = Literal["random", "greedy", "coach-like"]
POLICIES: tuple[Policy, ...] = ("random", "greedy", "coach-like")
Costs = tuple[tuple[int, ...], ...]
#: Where a chosen tile goes: given the position and the tile's bit, the code to play.
Placer = Callable[[Kernel, int], int]
#: A policy: given a position (not over), the code of a legal move to make there.
Chooser = Callable[[Kernel], int]


def run(pos: Kernel, choose: Chooser, trace: list[int] | None = None) -> None:
    """Play ``pos`` to its end in place, ``choose`` picking each move (see :func:`policy_for`).
    With ``trace``, each move's code is appended to it."""
    if trace is None:
        while pos.end_reason is None:
            pos.apply(choose(pos))  # compiled, a direct call: quicker than a bound method
    else:
        while pos.end_reason is None:
            code = choose(pos)
            trace.append(code)
            pos.apply(code)


def policy_for(
    policy: str, double_blank: int, max_pip: int, rand: Callable[[], float] | None = None
) -> Chooser:
    """The chooser of a policy by name, for a set and cost of the 0-0 (``rand``, a
    ``random.Random().random``, draws the random policy's choices).

    >>> from cfwidget import Round, Rules
    >>> from cfwidget.analysis import Position
    >>> pos = Position.from_round(Round.deal(Rules(), players=2, seed=3))
    >>> pos.move_of(policy_for("greedy", 50, 9)(pos))
    Move.parse('9-7@9-9')
    """
    if policy == "random":
        if rand is None:
            raise PlayoutError("the random policy needs a source of random numbers (rand=)")
        return random_policy(rand)
    ts = tile_set(max_pip)
    if policy == "greedy":
        return greedy_policy(ts, tile_pens(max_pip, double_blank))
    return coach_like_policy(
        ts, tile_pens(max_pip, double_blank), tile_costs(max_pip, double_blank)
    )


def random_policy(rand: Callable[[], float]) -> Chooser:
    """A uniform choice among the kernel's legal moves (no draw from ``rand`` when there is
    only one)."""

    def choose(pos: Kernel) -> int:
        return pos.random_code(rand)

    return choose


def greedy_policy(ts: TileSet, pens: tuple[int, ...]) -> Chooser:
    """The heaviest tile of the set ``ts`` that may be played (``pens``: each tile's cost by
    rank), ties to the lower tile, placed by :func:`placer`; a draw or a pass only when no tile
    may be played (a drawn tile that fits is never passed)."""
    place = placer(ts)

    def choose(pos: Kernel) -> int:
        bits = pos.playable()
        if not bits:
            return pos.no_play_code()
        best, b = -1, 0
        while bits:
            rest = bits & (bits - 1)
            low = bits ^ rest
            bits = rest
            if pens[low.bit_length() - 1] > best:  # lowest first: ties go to the lower tile
                best, b = pens[low.bit_length() - 1], low
        return place(pos, b)

    return choose


def placer(ts: TileSet) -> Placer:
    """Where the greedy and coach-like policies put a playable tile (given by its bit): onto the
    double being filled; else joined at its higher number when an end shows it, onto the lowest
    such table tile, else at its other number; announced whenever announcing is legal."""
    info = ts.as_codes[0]  # (high, low, codes) by a tile's bit: the kernel's own lookup

    def place(pos: Kernel, b: int) -> int:
        a, low, row = info[b]
        if pos.forced >= 0:
            code = row[pos.forced]
        else:
            ends = pos.ends
            code = row[(ends[a] or ends[low])[0]]  # each number's ends are kept sorted
        if pos.announce and pos.hands[pos.turn].bit_count() == 2:
            return code | 1  # type: ignore[operator]  # a playable tile joins: never None
        return code  # type: ignore[return-value]

    return place


#: The other seats in turn order after each seat, by the number of seats.
_OTHERS = {n: tuple(tuple((t + d) % n for d in range(1, n)) for t in range(n)) for n in range(2, 9)}


def coach_like_policy(ts: TileSet, pens: tuple[int, ...], costs: Costs) -> Chooser:
    """The coach's main terms, cut to what a playout can afford (see the module text): each
    playable tile of the set ``ts`` weighed (``pens``: each tile's cost by rank; ``costs``:
    :func:`~cfwidget.core._kernel.tile_costs`), the heaviest placed and announced as
    :func:`greedy_policy` does."""
    nones, danger, their_draw, waiting = _NONES, DANGER, THEIR_DRAW, WAITING_POINTS
    others = _OTHERS
    number_mask, double_bit, doubles = ts.number_mask, ts.double_bit, ts.double
    info = ts.as_codes[0]  # (high, low, codes) by a tile's bit: the kernel's own lookup
    high, far_of, fits = ts.high, ts.far, ts.fits
    every = (1 << len(ts.tiles)) - 1
    place = placer(ts)
    last = [every + 1, 0]  # the table at the last choice and what the tiles off it cost
    held = [0] * 9  # each seat's hand at its last weighed choice ...
    held_cost = [0] * 9  # ... and what it cost (an empty hand costs 0)
    # The others' chances of holding none of m fitting tiles and their danger, by the tiles
    # unseen, m and the others' hand sizes (those sizes recur from choice to choice).
    seen: dict[int, tuple[tuple[float, ...], float]] = {}

    def choose(pos: Kernel) -> int:
        # pos.playable(), written out (this runs once per move of every playout).
        hands, turn, forced = pos.hands, pos.turn, pos.forced
        ends, nums, needed, fneed = pos.ends, pos.nums, pos.needed, pos.fneed
        hand = hands[turn]
        if pos.end_reason is None:
            bits = (pos.drawn or hand) & (fneed if forced >= 0 else fits[nums])
        else:
            bits = 0
        if not bits & (bits - 1):  # no tile, or one: nothing to weigh
            return place(pos, bits) if bits else pos.no_play_code()
        table = pos.laid
        # The tiles the mover cannot see, their average cost, its hand's cost.
        unseen = every ^ table ^ hand
        size = unseen.bit_count()
        # What the mover's hand costs: its cost at the last choice, give or take the few tiles
        # played or drawn since (a hand that changed more is counted afresh).
        changed = hand ^ held[turn]
        if changed.bit_count() <= 3:
            mine = held_cost[turn]
            while changed:
                rest = changed & (changed - 1)
                low = changed ^ rest
                changed = rest
                mine += pens[low.bit_length() - 1] if hand & low else -pens[low.bit_length() - 1]
        else:
            mine = hand_cost(hand, costs)
        held[turn], held_cost[turn] = hand, mine
        grown = table ^ last[0]  # a few tiles laid since the last choice: their costs less
        if grown & table == grown and grown.bit_count() <= 4:
            off = last[1]
            while grown:
                rest = grown & (grown - 1)
                off -= pens[(grown ^ rest).bit_length() - 1]
                grown = rest
        else:
            off = hand_cost(every ^ table, costs)
        last[0], last[1] = table, off
        mean = (off - mine) * their_draw / size if size else 0.0
        counts = [hands[s].bit_count() for s in others[len(hands)][turn]]
        sizes = 1  # the hand sizes and the tiles unseen as one key (8 bits each)
        for k in counts:
            sizes = sizes << 8 | k
        sizes = sizes << 8 | size
        by_fit: dict[int, tuple[float, float]] = {}
        best = -float(_NEVER)
        b = 0
        x = bits
        while x:
            rest = x & (x - 1)
            low = x ^ rest
            x = rest
            a, bk, _ = info[low]
            r = low.bit_length() - 1
            p = float(pens[r])
            if not doubles[r]:
                kept = hand ^ low  # its last tile of a number whose double is to come?
                if not kept & number_mask[a] and not table & double_bit[a]:
                    p -= waiting
                if not kept & number_mask[bk] and not table & double_bit[bk]:
                    p -= waiting
            # The others' chances, for the numbers the play leaves open.
            if doubles[r]:
                faced = number_mask[a]
            elif forced >= 0 and needed > 1:
                faced = fneed
            else:
                n = high[forced] if forced >= 0 else (a if ends[a] else bk)
                after = nums ^ (1 << n) if len(ends[n]) == 1 else nums
                after |= 1 << far_of[r][n]
                faced = fits[after]
            m = (unseen & faced).bit_count()
            ab = by_fit.get(m)
            if ab is None:  # the others' draws (a) and their danger (b), if m fit
                got = seen.get(sizes << 8 | m)
                if got is None:
                    chances = []
                    for k in counts:
                        key = (size << 8 | m) << 8 | k
                        none = nones.get(key)
                        if none is None:
                            none = nones[key] = _none(size, m, k)
                        chances.append(none)
                    tb = 0.0
                    for k, none in zip(counts, chances, strict=True):
                        tb += danger.get(k, 0.0) * (1.0 - none)
                    got = seen[sizes << 8 | m] = (tuple(chances), tb)
                ta = 0.0
                for none in got[0]:
                    ta += none * mean
                ab = by_fit[m] = (ta, got[1])
            p += ab[0] - (mine - pens[r]) * ab[1]
            if p > best:
                best, b = p, low
        return place(pos, b)

    return choose
