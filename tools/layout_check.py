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
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from cfwidget.core import Rules
from cfwidget.table import Farmyard, layout
from tests.helpers.layout_check import (
    BOARD,
    Counts,
    check_rounds,
    check_tables,
    random_table,
)

__all__ = ["SCREENS", "TABLE_LIMITS", "add_times", "main", "table_times"]

#: The boards the widget has on the usual screens (px), for ``--screens``.
SCREENS = {
    "JupyterLab 1280x800, file browser open": "820x380",
    "JupyterLab 1366x768": "900x340",
    "full screen 1280x800": "1250x600",
    "Voila, tablet 1024x768": "980x380",
    "narrow notebook": "600x330",
}


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
