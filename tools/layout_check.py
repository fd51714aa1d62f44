"""Check the farmyard layout over many random rounds and print what was counted.

Run ``python -m tools.layout_check 1000`` for 1000 rounds of every preset
(and a quarter as many of double-12, -15 and -18 sets), four players each where
the set seats them, played out with random legal moves. For each it counts the
tiles laid, pairs of tiles that overlap, tiles that do not touch the tile they
were played onto (linked tiles aside), tiles that moved when later ones were
laid, tiles the layout had to link to their parent from the nearest free place,
and tiles nudged to an odd angle; and it prints the fit scale: the short side of
a tile, in pixels, when the whole table is fitted into the widget's 760 by 480
board (median and 10th percentile over the rounds). Add ``--full`` for tables
grown until no tile of the set fits (up to all 190 tiles of a double-18 set).
Last, it times the layout's update for one move (``Farmyard.add``) at 50 to 55 tiles, and a
whole double-9 and double-18 table laid out at once (``layout``) against the limits of 0.5 s
and 2.5 s, each with the ratio to the yardstick of :mod:`tools.bench` timed in the same run.

``--board 820x380`` lays the tables to that board's shape and fits them into it
(give it more than once for several boards; ``--screens`` checks the boards of
the usual screens). For each preset a second line then tells how the table
looked on that board after every move of every round: the share of those states
in which the whole table fits with tiles at least 22 px wide (readable), the
median and 10th percentile of that short side, and the table's shape (width
over height, median and quartiles over states of 20 tiles or more) against the
board's. ``--shapes-only`` leaves out the bigger sets and the timing.

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

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cfwidget import RulesError
from cfwidget.core import Placed, Round, Rules, Tile, full_set
from cfwidget.table import (
    Farmyard,
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
    "add_times",
    "check_layout",
    "check_rounds",
    "fit_scale",
    "main",
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
#: The boards the widget has on the usual screens (px), for ``--screens``.
SCREENS = {
    "JupyterLab 1280x800, file browser open": "820x380",
    "JupyterLab 1366x768": "900x340",
    "full screen 1280x800": "1250x600",
    "Voila, tablet 1024x768": "980x380",
    "narrow notebook": "600x330",
}


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


def add_times(tiles: int = 55, tables: int = 30, seed: int = 0) -> list[float]:
    """Seconds taken by ``Farmyard.add`` for each of the last few tiles up to number ``tiles``.

    The tables are whole double-9 sets played out at random (see :func:`random_table`), so
    the last adds are the widget's slowest moves: tiles 50 to 55 of a crowded table.

    >>> len(add_times(tables=1)) > 0
    True
    """
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(tables):
        table = random_table(9, 4, 3, rng)
        yard = Farmyard(4, 3)
        for k, placed in enumerate(table[:tiles]):
            t0 = time.perf_counter()
            yard.add(placed)
            if k >= tiles - 6:
                times.append(time.perf_counter() - t0)
    return times


#: Seconds a whole table may take to lay out at once (the widget opening a late position).
TABLE_LIMITS = {9: 0.5, 18: 2.5}


def table_times(max_pip: int, tables: int = 2, seed: int = 8) -> tuple[list[float], list[float]]:
    """Seconds to lay out whole ``max_pip`` tables at once, and the seconds of one yardstick
    round (:func:`tools.bench.yardstick_rounds`, 200 of them timed after each table, a fair
    pair on a busy machine).

    >>> took, sticks = table_times(9, tables=1)
    >>> len(took) == len(sticks) == 1 and took[0] > 0 and sticks[0] > 0
    True
    """
    from tools.bench import yardstick_rounds

    rng = random.Random(seed)
    took: list[float] = []
    sticks: list[float] = []
    for i in range(tables):
        table = random_table(max_pip, 4, 3, rng)
        t0 = time.process_time()
        layout(table)
        took.append(time.process_time() - t0)
        t0 = time.process_time()
        yardstick_rounds(200, seed=seed + i)
        sticks.append((time.process_time() - t0) / 200)
    return took, sticks


def _board(text: str) -> tuple[float, float]:
    """``"818x340"`` as ``(818.0, 340.0)``, for the command line."""
    try:
        width, height = (float(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a board is WIDTHxHEIGHT in pixels, like 760x480; got {text!r}"
        ) from None
    if not (width > 0 and height > 0 and 0.25 <= width / height <= 4):
        raise argparse.ArgumentTypeError(
            f"a board's sides are positive and its width is 1/4 to 4 times its height; got {text!r}"
        )
    return (width, height)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m tools.layout_check [N] [--full] [--seed S] [--players P]
    [--board WxH ...] [--screens] [--shapes-only]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("rounds", nargs="?", type=int, default=1000, help="rounds per preset")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=4, help="players at each table")
    parser.add_argument("--full", action="store_true", help="also grow whole-set tables")
    parser.add_argument(
        "--board",
        type=_board,
        action="append",
        help="the board's size in pixels, WIDTHxHEIGHT (default 760x480; may be given more"
        " than once): tables are laid to its shape and fitted into it",
    )
    parser.add_argument(
        "--screens",
        action="store_true",
        help="check the boards of the usual screens: " + ", ".join(SCREENS),
    )
    parser.add_argument(
        "--shapes-only",
        action="store_true",
        help="only the presets' rounds and the board figures (no bigger sets, no timing)",
    )
    args = parser.parse_args(argv)
    boards = list(args.board or [])
    if args.screens:
        boards += [_board(size) for size in SCREENS.values()]
    failed = False
    for board in boards or [BOARD]:
        failed |= _check_board(board, args)
    if not args.shapes_only:
        times = sorted(add_times(seed=args.seed))
        median = 1000 * statistics.median(times)
        print(
            f"one layout update (Farmyard.add) at 50 to 55 tiles: median {median:.2f} ms,"
            f" slowest {1000 * times[-1]:.2f} ms over {len(times)} moves of whole double-9"
            " tables (wall clock: a busy machine reads slower)"
        )
        for max_pip, limit in TABLE_LIMITS.items():
            took, sticks = table_times(max_pip, seed=args.seed + 8)
            seconds = statistics.mean(took)
            verdict = "within" if seconds <= limit else "OVER"
            print(
                f"a whole double-{max_pip} table laid out at once: {1000 * seconds:.0f} ms of CPU,"
                f" {seconds / statistics.mean(sticks):.0f} yardstick rounds;"
                f" {verdict} the limit of {limit:g} s"
            )
    return 1 if failed else 0


def _check_board(board: tuple[float, float], args: argparse.Namespace) -> bool:
    """Print the counts for one board; True if a preset broke a rule (overlap, tile apart or
    moved, more than 1 tile in 1,000 linked)."""
    grand = Counts("all", board=board)
    failed = False
    for preset in Rules.preset_names():
        counts = check_rounds(preset, args.rounds, args.seed, players=args.players, board=board)
        print(counts.line(), flush=True)
        print(counts.board_line(), flush=True)
        failed |= counts.linked * 1000 > counts.tiles
        grand.add(counts)
    if not args.shapes_only:
        for max_pip in (12, 15, 18):
            n = args.rounds // 4 or 1
            counts = check_rounds("wolf-lake", n, args.seed, max_pip, args.players, board)
            print(counts.line(), flush=True)
            grand.add(counts)
    if args.full:
        for max_pip, spokes, toes in ((9, 4, 3), (9, 6, 3), (9, 3, 3), (12, 4, 3), (18, 4, 3)):
            for t in (toes, 2, 1) if max_pip == 9 and spokes == 4 else (toes,):
                n = args.rounds // 10 or 1
                counts = check_tables(max_pip, spokes, t, n, args.seed, board)
                print(counts.line(), flush=True)
                grand.add(counts)
    print(grand.line(), flush=True)
    too_many_links = grand.linked * 1000 > grand.tiles
    return failed or bool(grand.overlaps or grand.apart or grand.moved or too_many_links)


if __name__ == "__main__":
    raise SystemExit(main())
