"""Check the farmyard layout over many random rounds and print what was counted.

Run ``python -m tools.layout_check 1000`` for 1000 rounds of every preset
(and of bigger sets), played with random legal moves. For each it counts the
tiles laid, pairs of tiles that overlap, tiles that do not touch the tile they
were played onto, tiles that moved when later ones were laid, and tiles the
layout marked cramped. Add ``--full`` for tables grown until no tile of the set
fits (up to all 190 tiles of a double-18 set).

>>> counts = check_rounds("wolf-lake", rounds=3, seed=1)
>>> counts.rounds, counts.overlaps, counts.apart, counts.moved
(3, 0, 0, 0)
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cfwidget import RulesError
from cfwidget.core import Placed, Round, Rules, Tile, full_set
from cfwidget.table import SpatialGrid, TilePlacement, layout, overlap_depth, touches

__all__ = [
    "Counts",
    "check_layout",
    "check_rounds",
    "main",
    "random_round",
    "random_table",
]


@dataclass
class Counts:
    """What a check counted (sums over rounds)."""

    name: str
    rounds: int = 0
    tiles: int = 0
    overlaps: int = 0  # pairs of tiles overlapping, cramped tiles included
    clean_overlaps: int = 0  # pairs overlapping where neither tile is marked cramped
    apart: int = 0  # tiles not touching the tile they were played onto
    moved: int = 0  # tiles whose place changed when later tiles were laid
    cramped: int = 0  # tiles the layout could not fit
    cramped_rounds: int = 0
    seconds: float = 0.0  # time spent in layout()
    largest: int = 0
    times: list[float] = field(default_factory=list, repr=False)

    def add(self, other: Counts) -> None:
        """Add another check's counts to these."""
        for name in ("rounds", "tiles", "overlaps", "clean_overlaps", "apart", "moved"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.cramped += other.cramped
        self.cramped_rounds += other.cramped_rounds
        self.seconds += other.seconds
        self.largest = max(self.largest, other.largest)
        self.times += other.times

    def line(self) -> str:
        """One line of the report."""
        rate = self.cramped / self.tiles if self.tiles else 0.0
        ms = 1000 * self.seconds / self.rounds if self.rounds else 0.0
        return (
            f"{self.name:<22} rounds {self.rounds:>6}  tiles {self.tiles:>8}  "
            f"overlaps {self.overlaps:>3} (clean {self.clean_overlaps})  apart {self.apart}  "
            f"moved {self.moved}  cramped {self.cramped} ({rate:.3%} of tiles, "
            f"{self.cramped_rounds} rounds)  {ms:.1f} ms/layout, largest {self.largest}"
        )


def random_round(rules: Rules, rng: random.Random) -> list[Placed]:
    """Deal a round and play it out with random legal moves; return the table."""
    players = rng.randint(2, 6)
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
    table: Sequence[Placed], spokes: int, toes: int, rng: random.Random, name: str = ""
) -> Counts:
    """Lay out ``table`` and count overlaps, tiles apart from their parent, moves, cramped."""
    counts = Counts(name, rounds=1, tiles=len(table))
    t0 = time.perf_counter()
    laid = layout(table, spokes, toes)
    counts.seconds = time.perf_counter() - t0
    counts.times.append(counts.seconds)
    counts.largest = len(table)
    counts.cramped = sum(p.cramped for p in laid)
    counts.cramped_rounds = int(counts.cramped > 0)
    grid = SpatialGrid()
    for i, p in enumerate(laid):
        r = p.rect
        for j in grid.near(r):
            if overlap_depth(r, grid[j]) > 1e-6:
                counts.overlaps += 1
                counts.clean_overlaps += not (p.cramped or laid[j].cramped)
        grid.add(i, r)
        if p.onto is not None and not touches(r, laid[p.onto].rect):
            counts.apart += 1
    if len(table) > 1:
        k = rng.randrange(1, len(table))
        counts.moved = _moved(laid, layout(table[:k], spokes, toes))
    return counts


def _moved(full: Sequence[TilePlacement], prefix: Sequence[TilePlacement]) -> int:
    return sum(a != b for a, b in zip(full, prefix, strict=False))


def check_rounds(preset: str, rounds: int, seed: int = 0, max_pip: int | None = None) -> Counts:
    """Check ``rounds`` random rounds of a preset (optionally with a bigger set)."""
    rules = Rules.preset(preset)
    if max_pip is not None:
        rules = rules.replace(max_pip=max_pip, hand_size=7)
    rng = random.Random(seed)
    total = Counts(preset if max_pip is None else f"{preset} double-{max_pip}")
    for _ in range(rounds):
        table = random_round(rules, rng)
        total.add(check_layout(table, rules.spokes, rules.toes, rng))
    return total


def check_tables(max_pip: int, spokes: int, toes: int, tables: int, seed: int = 0) -> Counts:
    """Check ``tables`` random tables grown until nothing fits."""
    rng = random.Random(seed)
    total = Counts(f"full d{max_pip} s{spokes} t{toes}")
    for _ in range(tables):
        table = random_table(max_pip, spokes, toes, rng)
        total.add(check_layout(table, spokes, toes, rng))
    return total


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m tools.layout_check [N] [--full] [--seed S]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("rounds", nargs="?", type=int, default=1000, help="rounds per preset")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--full", action="store_true", help="also grow whole-set tables")
    args = parser.parse_args(argv)
    grand = Counts("all")
    for preset in Rules.preset_names():
        counts = check_rounds(preset, args.rounds, args.seed)
        print(counts.line(), flush=True)
        grand.add(counts)
    for max_pip in (12, 15, 18):
        counts = check_rounds("wolf-lake", args.rounds // 4 or 1, args.seed, max_pip)
        print(counts.line(), flush=True)
        grand.add(counts)
    if args.full:
        for max_pip, spokes, toes in ((9, 4, 3), (9, 6, 3), (9, 3, 3), (12, 4, 3), (18, 4, 3)):
            for t in (toes, 2, 1) if max_pip == 9 and spokes == 4 else (toes,):
                n = args.rounds // 10 or 1
                counts = check_tables(max_pip, spokes, t, n, args.seed)
                print(counts.line(), flush=True)
                grand.add(counts)
    print(grand.line())
    return 1 if grand.clean_overlaps or grand.apart or grand.moved else 0


if __name__ == "__main__":
    raise SystemExit(main())
