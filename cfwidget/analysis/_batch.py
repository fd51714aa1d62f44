"""Many playouts at once: the rules kernel's play step on NumPy arrays, one row per round in play.

Rollouts play thousands of rounds from one position; one Python loop per round spends most
of its time being Python. Here every round in play takes its next move in the same step:
hands and the yard are 64-bit masks (sets of up to 64 tiles, double-9 and smaller; bigger
sets go through the one-round loop), and the open ends are *counts* per number. Counts are
enough: a line end has one place, the double being filled is kept apart, and which of the
ends showing a number a tile joins changes nothing that follows (see ``core/_kernel.py``). A
uniform choice among the engine's legal moves is then a uniform choice of a number ``n``
weighted by ``ends at n x tiles in hand showing n``, then of a tile among those.

Each step can be traced (for the differential harness): per round, the code ``(tile rank <<
5 | number) << 1 | announce`` of a play (the number where it joins), or -1 (draw) / -2
(pass), with the number of legal moves the kernel lists at that step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core import Kernel, TileSet, tile_pens

__all__ = ["MAX_BATCH_TILES", "BatchTrace", "run_batch"]

#: The largest set the arrays hold: a hand is one 64-bit mask.
MAX_BATCH_TILES = 64

Array = npt.NDArray[Any]
#: Per step: the rows that moved, their move codes and the engine's count of legal moves.
BatchTrace = list[tuple[Array, Array, Array]]

_U = np.uint64
_ONE = _U(1)
_ZERO = _U(0)

#: How many bits each byte has set, and the place in a byte of its k-th set bit (0 = lowest).
_BYTE_COUNTS = np.array([i.bit_count() for i in range(256)], dtype=np.uint8)
_BYTE_KTH = np.zeros((256, 8), dtype=np.int64)
for _byte in range(256):
    for _k, _place in enumerate(i for i in range(8) if _byte >> i & 1):
        _BYTE_KTH[_byte, _k] = _place
_BYTE_KTH_FLAT = _BYTE_KTH.ravel()  # [byte * 8 + k]: one flat lookup is quicker than two

if hasattr(np, "bitwise_count"):  # NumPy 2

    def _popcount(x: Array) -> Array:
        """How many bits each mask of ``x`` has set (as small integers: ``uint8``)."""
        out: Array = np.bitwise_count(x)
        return out

else:  # pragma: no cover - NumPy 1.x

    def _popcount(x: Array) -> Array:
        """How many bits each mask of ``x`` has set (as small integers: ``uint8``)."""
        b = np.ascontiguousarray(x, dtype="<u8").view(np.uint8).reshape(*x.shape, 8)
        out: Array = _BYTE_COUNTS[b].sum(axis=-1, dtype=np.uint8)
        return out


# Sums along short rows (a dozen numbers or fewer) are matrix products with ones, in float32
# (exact for these small whole numbers): NumPy does them many times quicker than cumsum or
# sum along such rows, which pay a fixed cost per row.


def _running(x: Array) -> Array:
    """Running sums along each row of the small whole numbers (or truths) ``x``, as float32."""
    width = x.shape[1]
    triangle = _TRIANGLES.get(width)
    if triangle is None:
        triangle = _TRIANGLES[width] = np.triu(np.ones((width, width), dtype=np.float32))
    out: Array = x.astype(np.float32) @ triangle
    return out


def _row_sums(x: Array) -> Array:
    """The sum of each row of the small whole numbers (or truths) ``x``, as int64."""
    width = x.shape[1]
    ones = _ONES.get(width)
    if ones is None:
        ones = _ONES[width] = np.ones(width, dtype=np.float32)
    out: Array = (x.astype(np.float32) @ ones).astype(np.int64)
    return out


_TRIANGLES: dict[int, Array] = {}
_ONES: dict[int, Array] = {}


def _kth_bit(x: Array, k: Array) -> Array:
    """The rank of the ``k``-th set bit (0 = lowest) of each mask of ``x``: the byte that
    holds it, from the bytes' running counts, then its place there, from a table."""
    counts = _popcount(np.ascontiguousarray(x, dtype="<u8").view(np.uint8).reshape(x.size, 8))
    below = _running(counts) <= k[:, None]  # the bytes wholly below the k-th set bit
    byte = _row_sums(below)
    skipped = _row_sums(below * counts)  # the set bits in those bytes
    value = ((x >> (byte * 8).astype(_U)) & _U(255)).astype(np.int64)
    rank: Array = byte * 8 + _BYTE_KTH_FLAT[value * 8 + k - skipped]
    return rank


class _Sets:
    """The arrays of one set (per :class:`~cfwidget.core._tileset.TileSet` and cost of the
    0-0): masks per number, fits per bit set of numbers, each tile's numbers, far ends,
    doubles and greedy priority."""

    def __init__(self, t: TileSet, pens: tuple[int, ...]) -> None:
        size = len(t.tiles)
        n = t.max_pip + 1
        self.numbers = n
        self.number_mask = np.array(t.number_mask[:n], dtype=_U)
        self.fits = np.array([t.fits[s] for s in range(1 << n)], dtype=_U)
        self.pow2 = np.array([1 << i for i in range(n)], dtype=np.int64)
        self.far = np.array(t.far, dtype=np.int64)  # [tile, number]
        self.double = np.array(t.double, dtype=bool)
        self.high = np.array(t.high, dtype=np.int64)
        self.low = np.array([x[1] for x in t.tiles], dtype=np.int64)
        self.bit = np.array([1 << r for r in range(size)], dtype=_U)
        # Greedy: the heaviest tile first, ties to the lower rank: a unique priority.
        order = sorted(range(size), key=lambda r: (-pens[r], r))
        priority = np.zeros(size, dtype=np.int64)
        for place, r in enumerate(order):
            priority[r] = size - place
        self.priority = priority
        self.shifts = np.arange(size, dtype=_U)


_SETS: dict[tuple[int, int], _Sets] = {}
_ENDS = (None, "went-out", "blocked", "all-passed")


def run_batch(
    start: Sequence[Kernel],
    rng: np.random.Generator | None,
    trace: BatchTrace | None = None,
) -> tuple[list[list[int]], list[str | None]]:
    """Play every position of ``start`` (one rules, one number of seats, sets of at most 64
    tiles) to its end; each round's points and why it ended. ``rng`` draws the random
    policy's choices; ``None`` plays greedily. The positions are not changed."""
    first = start[0]
    t = first.ts
    key = (t.max_pip, first.rules.double_blank)
    s = _SETS.get(key)
    if s is None:
        s = _SETS[key] = _Sets(t, tile_pens(t.max_pip, first.rules.double_blank))
    k, players = len(start), first.players
    # Each distinct position is laid out once (rollouts repeat one position many times).
    where: dict[int, int] = {}
    unique: list[Kernel] = []
    for x in start:
        if id(x) not in where:
            where[id(x)] = len(unique)
            unique.append(x)
    row = np.array([where[id(x)] for x in start], dtype=np.int64)
    n_num = s.numbers
    ylen = max(len(x.yard) for x in unique)
    yard_u = np.zeros((len(unique), ylen + 1), dtype=_U)
    counts_u = np.zeros((len(unique), n_num), dtype=np.int16)  # small: quicker to gather
    for i, x in enumerate(unique):
        yard_u[i, : len(x.yard)] = x.yard[::-1]  # draw order
        for num in range(n_num):
            e = x.ends[num]
            counts_u[i, num] = len(e) - (x.forced in e)

    def column(values: list[Any], dtype: Any) -> Array:
        out: Array = np.array(values, dtype=dtype)[row]
        return out

    hands = column([x.hands for x in unique], _U)
    yard = yard_u[row]
    counts = counts_u[row]
    ynext = np.zeros(k, dtype=np.int64)
    ycount = column([len(x.yard) for x in unique], np.int64)
    forced = column([x.forced for x in unique], np.int64)
    needed = column([x.needed for x in unique], np.int64)
    nums = ((counts > 0) * s.pow2).sum(axis=1)  # the numbers with an open end, as bits
    drawn = column([x.drawn for x in unique], _U)
    turn = column([x.turn for x in unique], np.int64)
    passes = column([x.passes for x in unique], np.int64)
    over = column([x.end_reason is not None for x in unique], bool)
    end = column([_ENDS.index(x.end_reason) for x in unique], np.int64)
    out = column([x.out for x in unique], np.int64)
    last_double = column([x.last_double for x in unique], bool)
    toes, must, announce = first.toes, first.must_play, first.announce
    little, pass_ends = first.little, first.pass_ends

    def fitting(rows: Array) -> Array:
        f = forced[rows]
        return np.where(f >= 0, s.number_mask[s.high[np.maximum(f, 0)]], s.fits[nums[rows]])

    def end_if_blocked(rows: Array) -> None:
        """End the rounds of ``rows`` whose yard is empty and where nobody can play."""
        rows = rows[ycount[rows] == ynext[rows]]
        if rows.size:
            fm = fitting(rows)
            blocked = ~((hands[rows] & fm[:, None]) != _ZERO).any(axis=1)
            over[rows[blocked]] = True
            end[rows[blocked]] = 2

    def record(rows: Array, codes: Array, legal: Array) -> None:
        if trace is not None:  # (the callers ask first: untraced, no codes are made)
            trace.append((rows.copy(), codes.copy(), legal.copy()))

    active = np.nonzero(~over)[0]
    while active.size:
        a = active
        seat = turn[a]
        hand = hands[a, seat]
        fm = fitting(a)
        d = drawn[a]
        bits = np.where(d != _ZERO, d, hand) & fm
        left = ycount[a] - ynext[a]
        draw = (d == _ZERO) & (bits == _ZERO) & (left > 0)
        if draw.any():  # nothing to play: draw, then choose in the same step
            g = a[draw]
            tile = yard[g, ynext[g]]
            ynext[g] += 1
            hand[draw] |= tile
            hands[g, seat[draw]] = hand[draw]
            drawn[g] = d[draw] = tile
            bits[draw] = tile & fm[draw]
            if trace is not None:
                record(g, np.full(g.size, -1), np.ones(g.size, dtype=np.int64))
            end_if_blocked(g)
            o = ~over[a]
            a, seat, hand, fm, d, bits = a[o], seat[o], hand[o], fm[o], d[o], bits[o]
        if a.size:
            is_forced = forced[a] >= 0
            per_number = _popcount(bits[:, None] & s.number_mask[None, :]) * counts[a]  # int16
            pairs = np.where(is_forced, _popcount(bits), _row_sums(per_number))
            mult = np.where(announce & (_popcount(hand) == 2) & (pairs > 0), 2, 1)
            may_pass = (d != _ZERO) & (not must) & (pairs > 0)
            total = pairs * mult + may_pass
            if rng is None:
                play = pairs > 0
                ann = mult - 1
            else:
                j = np.clip((rng.random(a.size) * total).astype(np.int64), 0, None)
                play = (j < pairs * mult) & (pairs > 0)
                shift = mult - 1  # mult is 1 or 2
                ann = j & shift
                j >>= shift
            # The tile and the number where it joins, for the rows that play.
            p = np.nonzero(play)[0]
            rows = a[p]
            pb = bits[p]
            if rng is None:
                shown = ((pb[:, None] >> s.shifts[None, :]) & _ONE).astype(bool)
                rank = np.argmax(np.where(shown, s.priority[None, :], 0), axis=1)
                hi, lo = s.high[rank], s.low[rank]
                ok_hi = counts[rows, hi] > 0
                number = np.where(ok_hi, hi, lo)  # joins at its higher number when it can
            else:
                jp = j[p]
                cum = _running(per_number[p])
                number = _row_sums(cum <= jp[:, None])
                number = np.minimum(number, n_num - 1)
                below = cum[np.arange(p.size), np.maximum(number - 1, 0)].astype(np.int64)
                before = np.where(number > 0, below, 0)
                within = (jp - before) // np.maximum(counts[rows, number], 1)
                fp = is_forced[p]
                pick = np.where(fp, pb, pb & s.number_mask[number])
                rank = _kth_bit(pick, np.where(fp, jp, within))
            fp = is_forced[p]
            number = np.where(fp, s.high[np.maximum(forced[rows], 0)], number)
            if trace is not None:
                codes = np.full(a.size, -2, dtype=np.int64)
                codes[p] = ((rank << 5 | number) << 1) | ann[p]
                record(a, codes, np.maximum(total, 1))
            # Passes.
            q = a[~play]
            if q.size:
                passes[q] += 1
                drawn[q] = _ZERO
                if pass_ends:
                    done = q[passes[q] >= players]
                    over[done] = True
                    end[done] = 3
                end_if_blocked(q[~over[q]])
                q = q[~over[q]]
                turn[q] = (turn[q] + 1) % players
            # Plays.
            if rows.size:
                tseat = turn[rows]
                left_hand = hands[rows, tseat] ^ s.bit[rank]
                hands[rows, tseat] = left_hand
                fr = rows[fp]
                needed[fr] -= 1
                forced[fr[needed[fr] == 0]] = -1
                nf = rows[~fp]
                nfn = number[~fp]
                counts[nf, nfn] -= 1
                emptied = counts[nf, nfn] == 0
                nums[nf[emptied]] ^= s.pow2[nfn[emptied]]
                dbl = s.double[rank]
                far = s.far[rank, number]
                nd = ~dbl
                rnd_, fnd = rows[nd], far[nd]
                counts[rnd_, fnd] += 1
                opened = counts[rnd_, fnd] == 1
                nums[rnd_[opened]] |= s.pow2[fnd[opened]]
                forced[rows[dbl]] = rank[dbl]
                needed[rows[dbl]] = toes
                last_double[rows] = dbl
                passes[rows] = 0
                drawn[rows] = _ZERO
                gone = left_hand == _ZERO
                over[rows[gone]] = True
                end[rows[gone]] = 1
                out[rows[gone]] = tseat[gone]
                still = ~gone
                if little:
                    pen = (
                        still
                        & (ann[p] == 0)
                        & (ycount[rows] > ynext[rows])
                        & (_popcount(left_hand) == 1)
                    )
                    g = rows[pen]
                    hands[g, turn[g]] |= yard[g, ynext[g]]
                    ynext[g] += 1
                r2 = rows[still]
                end_if_blocked(r2)
                r2 = r2[~over[r2]]
                turn[r2] = (turn[r2] + 1) % players
        active = active[~over[active]]
    # What each hand costs: one lookup per byte of its mask (see cfwidget.core._kernel.tile_costs).
    table = np.zeros((8, 256), dtype=np.int64)
    table[: len(first.costs)] = np.array(first.costs, dtype=np.int64)
    by_byte = hands.astype("<u8").view(np.uint8).reshape(k, players, 8)
    points = table[np.arange(8), by_byte].sum(axis=2)
    went = np.nonzero(out >= 0)[0]
    points[went, out[went]] = np.where(last_double[went], first.out_on_double, 0)
    return points.tolist(), [_ENDS[e] for e in end.tolist()]
