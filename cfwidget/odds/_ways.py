"""Counting the ways one seat's hidden draws can be given tiles (the sharper count's weights).

A seat's story (:mod:`cfwidget.odds._sharper`) gives each tile it held a *kind*: the labels it
may carry (bit 0: it was dealt; bit ``j + 1``: it was the ``j``-th hidden draw). A hand is
possible in as many ways as the draws can each be given their own tile, every tile that was
not dealt getting one and every tile's label allowed. :class:`WaysCounter` counts them.

The draws are given their tiles from the last one back. A tile that may have been dealt and
fits every draw before some point is *pooled*: from there on, pooled tiles are all alike, so
only how many are free counts. Every other kind is counted on its own. The count from draw
``j`` down depends only on ``j``, the free pooled tiles, the pooled tiles still to come and
how many tiles of each other kind are still free, so one memo serves every hand the seat is
asked about (the chain asks about thousands of hands with the same story: they share most
of their sub-counts).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["DEALT", "WaysCounter"]

DEALT = 1  # the label bit of a tile held since the deal (bit j + 1 is the j-th hidden draw)


def _pooled(kind: int) -> bool:
    """A tile that may have been dealt and fits draws 0 .. b - 1 exactly (b may be 0)."""
    slots = kind >> 1
    return bool(kind & DEALT) and not slots & (slots + 1)


class WaysCounter:
    """The ways to give ``draws`` hidden draws their tiles, for hands of any kinds.

    ``kinds`` are every kind a held tile of this seat may have, ``played`` the kinds of its
    played tiles (held too, so counted in every hand).

    >>> counter = WaysCounter(draws=1, kinds=[0b11], played=[0b10])
    >>> counter.ways(((0b11, 1),))  # the played tile was drawn, the other dealt
    1
    >>> counter.ways(())  # nothing else held: the played tile is the drawn one
    1
    """

    def __init__(self, draws: int, kinds: Sequence[int], played: Sequence[int]) -> None:
        self.draws = draws
        self.played = list(played)
        own = sorted({k for k in (*kinds, *played) if not _pooled(k)})
        self.index = {k: i for i, k in enumerate(own)}
        self.own = own
        self.must = [not k & DEALT for k in own]
        # fits[j]: the own kinds that may be the j-th draw; expired[j]: the must kinds whose
        # first draw is j + 1 (they can no longer be given a draw from j down).
        self.fits = [[i for i, k in enumerate(own) if k >> (j + 1) & 1] for j in range(draws)]
        lowest = [((k >> 1) & -(k >> 1)).bit_length() - 1 for k in own]
        self.expired = [
            [i for i, k in enumerate(own) if self.must[i] and lowest[i] == j + 1]
            for j in range(draws)
        ]
        self._memo: dict[tuple[int, int, int, tuple[int, ...]], int] = {}
        self._profiles: dict[tuple[int, int], int] = {}
        self._known: dict[tuple[tuple[int, int], ...], int] = {}
        self._played: tuple[list[int], list[int]] | None = None

    def ways(self, counts: tuple[tuple[int, int], ...]) -> int:
        """The ways for a hand holding ``counts`` tiles of each kind (``(kind, how many)``
        pairs, sorted), its played tiles included."""
        known = self._known.get(counts)
        if known is not None:
            return known
        draws = self.draws
        have, entering = self._tally(counts)
        # The pooled tiles met from draw j down are entering[j], entering[j - 1], ... 1:
        # one id per such profile (built from the id for j - 1), so that hands alike from
        # there on share the memo.
        profiles = self._profiles
        ids = [-1] * draws  # -1: no pooled tile left to meet (draw 0)
        last = -1
        for j in range(1, draws):
            last = ids[j] = profiles.setdefault((last, entering[j]), len(profiles))
        need = sum(n for n, must in zip(have, self.must, strict=True) if must)
        found = self._count(draws - 1, entering[draws], tuple(have), need, ids, entering)
        self._known[counts] = found
        return found

    def _tally(self, counts: Sequence[tuple[int, int]]) -> tuple[list[int], list[int]]:
        """The tiles of each own kind, and ``entering[j]``: the pooled tiles whose last draw
        is ``j - 1``, for ``counts`` and the played tiles (tallied once, then copied)."""
        draws = self.draws
        if self._played is None:
            self._played = ([0] * len(self.own), [0] * (draws + 1))
            self._played = self._tally([(k, 1) for k in self.played])
        have, entering = list(self._played[0]), list(self._played[1])
        for kind, n in counts:
            if _pooled(kind):
                entering[min((kind >> 1).bit_length(), draws)] += n
            else:
                have[self.index[kind]] += n
        return have, entering

    def _count(
        self,
        j: int,
        free: int,
        rem: tuple[int, ...],
        need: int,
        ids: list[int],
        entering: list[int],
    ) -> int:
        """Draws j, j - 1, ..., 0 still to be given a tile; ``free`` pooled tiles that fit
        draw j are free, ``rem`` tiles of each own kind, ``need`` of them not dealt."""
        if need > j + 1:
            return 0  # too few draws left for the tiles that were not dealt
        if j < 0:
            return 1
        for i in self.expired[j]:
            if rem[i]:
                return 0
        key = (j, free, ids[j], rem)
        memo = self._memo
        known = memo.get(key)
        if known is not None:
            return known
        nxt = entering[j]  # pooled tiles that fit draw j - 1 but not draw j
        total = 0
        if free:
            total += free * self._count(j - 1, free - 1 + nxt, rem, need, ids, entering)
        must = self.must
        for i in self.fits[j]:
            n = rem[i]
            if n:
                less = (*rem[:i], n - 1, *rem[i + 1 :])
                total += n * self._count(j - 1, free + nxt, less, need - must[i], ids, entering)
        memo[key] = total
        return total
