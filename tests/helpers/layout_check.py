"""The layout's checks: random tables, and what their layout counts (overlaps, tiles apart
from the tile they were played onto, tiles moved as later ones were laid, links, nudges) and
the fit scale (a tile's short side in pixels, the whole table fitted into a board).

The tests (tests/table) check modest samples; ``python -m tools.layout_check 1000`` counts
thousands of rounds with the same functions and times the layout.

>>> counts = check_rounds("wolf-lake", rounds=3, seed=1)
>>> counts.rounds, counts.overlaps, counts.apart, counts.moved
(3, 0, 0, 0)
>>> 15 < counts.percentile(50) < 60
True
>>> wide = check_rounds("wolf-lake", rounds=3, seed=1, board=(900.0, 340.0))
>>> len(wide.states) == wide.tiles and 0 <= wide.readable() <= 1
True
>>> wide.board_line().split()[:3]
['wolf-lake', 'board', '900x340']
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cfwidget import RulesError
from cfwidget.core import Placed, Round, Rules, Tile, full_set
from cfwidget.table import (
    SpatialGrid,
    TilePlacement,
    bounds,
    layout,
    overlap_depth,
    touches,
)

__all__ = [
    "BOARD",
    "Counts",
    "check_layout",
    "check_rounds",
    "fit_scale",
    "full_farmyard",
    "random_round",
    "random_table",
]


#: The widget's board in pixels: the fit scale fits the whole table into it.
BOARD = (760.0, 480.0)
#: A tile's short side (px) from which its pips read easily.
READABLE = 22.0
#: States with fewer tiles than this are small enough to fit any board: their shape is not
#: counted in the table's aspect.
SHAPED = 20


def fit_scale(laid: Sequence[TilePlacement], board: tuple[float, float] = BOARD) -> float:
    """A tile's short side in pixels when the whole table is fitted into ``board``.

    >>> from cfwidget.core import Placed, Tile
    >>> fit_scale(layout([Placed(Tile(9, 9), None, 9, 0)]))
    240.0
    """
    x0, y0, x1, y1 = bounds(laid)
    return min(board[0] / (x1 - x0), board[1] / (y1 - y0))


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.floor(share * len(ordered)))]


@dataclass
class Counts:
    """What a check counted (sums over rounds)."""

    name: str
    rounds: int = 0
    tiles: int = 0
    overlaps: int = 0  # pairs of tiles overlapping
    apart: int = 0  # tiles not touching the tile they were played onto (linked ones aside)
    moved: int = 0  # tiles whose place changed when later tiles were laid
    linked: int = 0  # tiles laid in the nearest free place, apart from their parent
    linked_rounds: int = 0
    nudged: int = 0  # tiles turned to an angle that is not a multiple of 45 degrees
    seconds: float = 0.0  # time spent in layout()
    largest: int = 0
    fits: list[float] = field(default_factory=list, repr=False)  # fit scale of each table
    # The table after each move (every prefix of each round): its fit scale and its shape.
    states: list[float] = field(default_factory=list, repr=False)
    shapes: list[float] = field(default_factory=list, repr=False)  # width over height
    board: tuple[float, float] = BOARD

    def add(self, other: Counts) -> None:
        """Add another check's counts to these."""
        for name in ("rounds", "tiles", "overlaps", "apart", "moved", "linked", "nudged"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.linked_rounds += other.linked_rounds
        self.seconds += other.seconds
        self.largest = max(self.largest, other.largest)
        self.fits += other.fits
        self.states += other.states
        self.shapes += other.shapes
        self.board = other.board

    def percentile(self, percent: float) -> float:
        """The fit scale (pixels) that ``percent`` per cent of the tables fall below."""
        return _percentile(self.fits, percent / 100) if self.fits else math.nan

    def readable(self, least: float = READABLE) -> float:
        """The share of table states (after each move) fitted with a tile side >= ``least`` px."""
        return sum(s >= least for s in self.states) / len(self.states) if self.states else math.nan

    def board_line(self) -> str:
        """One line of the report on the board: how the table fits it after every move.

        Readable: the share of states whose tiles are at least 22 px wide when the
        whole table is fitted into the board; the median and 10th percentile of that
        short side; the table's shape (width over height) over states of 20 tiles or
        more, median and quartiles, against the board's.
        """
        width, height = self.board
        shapes = sorted(self.shapes)
        q = [_percentile(shapes, k) if shapes else math.nan for k in (0.25, 0.5, 0.75)]
        states = sorted(self.states)
        return (
            f"{self.name:<20} board {width:g}x{height:g} (aspect {width / height:.2f})  "
            f"states {len(states):>6}  readable {self.readable():6.1%}  "
            f"side px median {_percentile(states, 0.5) if states else math.nan:4.1f} "
            f"p10 {_percentile(states, 0.1) if states else math.nan:4.1f}  "
            f"table aspect {q[1]:.2f} ({q[0]:.2f}-{q[2]:.2f})"
        )

    def line(self) -> str:
        """One line of the report."""
        rate = self.linked / self.tiles if self.tiles else 0.0
        ms = 1000 * self.seconds / self.rounds if self.rounds else 0.0
        return (
            f"{self.name:<20} rounds {self.rounds:>5}  tiles {self.tiles:>7}  "
            f"overlaps {self.overlaps}  apart {self.apart}  moved {self.moved}  "
            f"linked {self.linked} ({rate:.3%}, {self.linked_rounds} rounds)  "
            f"nudged {self.nudged}  fit px median {self.percentile(50):4.1f} "
            f"p10 {self.percentile(10):4.1f}  {ms:.1f} ms/layout, largest {self.largest}"
        )


def random_round(rules: Rules, rng: random.Random, players: int = 4) -> list[Placed]:
    """Deal a round and play it out with random legal moves; return the table.

    ``players`` sit down, or as many as the set has hands for.
    """
    while True:
        try:
            rules.hand_size_for(players)
            break
        except RulesError:
            players -= 1  # too many hands for this set
    rnd = Round.deal(rules, players=players, seed=rng.randrange(2**32))
    while not rnd.is_over:
        rnd.play(rng.choice(rnd.legal_moves()))
    return list(rnd.table)


def random_table(max_pip: int, spokes: int, toes: int, rng: random.Random) -> list[Placed]:
    """Grow a table from a whole set, at random, until no tile left fits anywhere.

    Every tile is in one hand, and a chicken foot that cannot be finished is
    left open, so the table takes nearly the whole set: the stress test for the
    layout.
    """
    left = set(full_set(max_pip))
    start = Tile(max_pip, max_pip)
    left.discard(start)
    table = [Placed(start, None, max_pip, 0)]
    free: dict[Tile, int] = {start: spokes}  # tile -> free places
    open_number = {start: max_pip}
    forced: Tile | None = start
    while True:
        ends = [forced] if forced is not None else sorted(free)
        moves = [(t, end) for end in ends for t in sorted(left) if t.has(open_number[end])]
        if not moves and forced is not None:
            forced = None  # a foot that cannot be finished: play on elsewhere
            continue
        if not moves:
            return table
        # Prefer tiles that leave an end something can still be played on.
        alive = [
            (t, end)
            for t, end in moves
            if t.is_double or any(u.has(t.other(open_number[end])) for u in left if u != t)
        ]
        tile, end = rng.choice(alive or moves)
        number = open_number[end]
        slot = (spokes if end == start else toes if end[0] == end[1] else 1) - free[end]
        table.append(Placed(tile, end, number, slot))
        left.discard(tile)
        free[end] -= 1
        if free[end] == 0:
            del free[end]
            if forced == end:
                forced = None
        if tile.is_double:
            free[tile], open_number[tile], forced = toes, number, tile
        else:
            free[tile], open_number[tile] = 1, tile.other(number)


def check_layout(
    table: Sequence[Placed],
    spokes: int,
    toes: int,
    rng: random.Random,
    name: str = "",
    board: tuple[float, float] = BOARD,
) -> Counts:
    """Lay out ``table`` for ``board`` (its shape) and count overlaps, tiles apart from their
    parent, moves and links, and the fit scale on that board."""
    shape = {"aspect": board[0] / board[1]}
    counts = Counts(name, rounds=1, tiles=len(table))
    t0 = time.perf_counter()
    laid = layout(table, spokes, toes, **shape)
    counts.seconds = time.perf_counter() - t0
    counts.largest = len(table)
    counts.linked = sum(p.linked for p in laid)
    counts.linked_rounds = int(counts.linked > 0)
    counts.nudged = sum(1 for p in laid if p.angle % 45)
    counts.fits.append(fit_scale(laid, board))
    counts.board = board
    _states(laid, board, counts)
    grid = SpatialGrid()
    for i, p in enumerate(laid):
        r = p.rect
        counts.overlaps += sum(1 for j in grid.near(r) if overlap_depth(r, grid[j]) > 1e-6)
        grid.add(i, r)
        if p.onto is not None and not p.linked and not touches(r, laid[p.onto].rect):
            counts.apart += 1
    if len(table) > 1:
        k = rng.randrange(1, len(table))
        counts.moved = _moved(laid, layout(table[:k], spokes, toes, **shape))
    return counts


def _states(laid: Sequence[TilePlacement], board: tuple[float, float], counts: Counts) -> None:
    """Add the fit scale and shape of the table after each move to ``counts``."""
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    for k, p in enumerate(laid, start=1):
        a, b, c, d = bounds([p])
        x0, y0, x1, y1 = min(x0, a), min(y0, b), max(x1, c), max(y1, d)
        counts.states.append(min(board[0] / (x1 - x0), board[1] / (y1 - y0)))
        if k >= SHAPED:
            counts.shapes.append((x1 - x0) / (y1 - y0))


def _moved(full: Sequence[TilePlacement], prefix: Sequence[TilePlacement]) -> int:
    return sum(a != b for a, b in zip(full, prefix, strict=False))


def check_rounds(
    preset: str,
    rounds: int,
    seed: int = 0,
    max_pip: int | None = None,
    players: int = 4,
    board: tuple[float, float] = BOARD,
) -> Counts:
    """Check ``rounds`` random rounds of a preset (optionally with a bigger set)."""
    rules = Rules.preset(preset)
    if max_pip is not None:
        rules = rules.replace(max_pip=max_pip, hand_size=7)
    rng = random.Random(seed)
    total = Counts(preset if max_pip is None else f"{preset} double-{max_pip}", board=board)
    for _ in range(rounds):
        table = random_round(rules, rng, players)
        total.add(check_layout(table, rules.spokes, rules.toes, rng, board=board))
    return total


def check_tables(
    max_pip: int,
    spokes: int,
    toes: int,
    tables: int,
    seed: int = 0,
    board: tuple[float, float] = BOARD,
) -> Counts:
    """Check ``tables`` random tables grown until nothing fits."""
    rng = random.Random(seed)
    total = Counts(f"full d{max_pip} s{spokes} t{toes}", board=board)
    for _ in range(tables):
        table = random_table(max_pip, spokes, toes, rng)
        total.add(check_layout(table, spokes, toes, rng, board=board))
    return total


def full_farmyard(max_pip: int = 9, seed: int = 0) -> list[Placed]:
    """A table that uses every tile of the set, each laid by the rules' matching.

    A depth-first search (doubles first, so that each chicken foot still finds
    its three toes): the centre double takes 4 spokes, every double laid on a
    line takes 3 toes before anything else, lines grow from any open end.

    >>> len({p.tile for p in full_farmyard()})
    55
    """
    rng = random.Random(seed)
    start = Tile(max_pip, max_pip)
    for _ in range(200):
        search = _FullSearch(max_pip, start, rng)
        if search.run():
            return search.table
    raise RuntimeError("no full farmyard found")  # pragma: no cover


class _FullSearch:
    def __init__(self, max_pip: int, start: Tile, rng: random.Random) -> None:
        self.left = {t for t in full_set(max_pip) if t != start}
        self.table = [Placed(start, None, max_pip, 0)]
        self.slots = {start: 4}
        self.used = {start: 0}
        self.open_number = {start: max_pip}
        self.forced: Tile | None = start
        self.rng = rng
        self.budget = 20_000

    def options(self) -> list[tuple[Tile, Tile]]:
        ends = [self.forced] if self.forced is not None else list(self.slots)
        out = []
        for u in ends:
            n = self.open_number[u]
            for t in self.left:
                if n not in t:
                    continue
                if t.is_double and sum(1 for x in self.left if x != t and n in x) < 3:
                    continue
                out.append((t, u))
        self.rng.shuffle(out)
        out.sort(key=lambda o: not o[0].is_double)
        return out

    def run(self) -> bool:
        if not self.left:
            return True
        self.budget -= 1
        if self.budget < 0:
            return False
        for t, u in self.options():
            saved = (dict(self.slots), dict(self.used), self.forced)
            n = self.open_number[u]
            slot = self.used.get(u, 0)
            self.used[u] = slot + 1
            self.table.append(Placed(t, u, n, slot if u.is_double else 0))
            self.left.remove(t)
            self.slots[u] -= 1
            if not self.slots[u]:
                del self.slots[u]
                if u == self.forced:
                    self.forced = None
            self.open_number[t] = t.other(n)
            self.slots[t] = 3 if t.is_double else 1
            if t.is_double:
                self.forced = t
            if self.run():
                return True
            self.table.pop()
            self.left.add(t)
            del self.open_number[t]
            self.slots, self.used, self.forced = saved
            if self.budget < 0:
                return False
        return False
