"""Benchmark: rounds per second of ``cf.simulate`` on one process, a process pool and Dask.

Run ``python -m tools.scale_bench`` (``--rounds N``, ``--repeat K``, ``--workers W``,
``--preset NAME``, ``--bots NAME``). It needs the ``scale`` extra for the Dask column
(``pip install "cfwidget[scale]"``); without Dask it prints the other two and says so.

Three ways to run the same study, side by side in one run: one process (no executor, the
yardstick), a ``ProcessPoolExecutor`` of W processes, and a Dask ``LocalCluster`` of W
worker processes with one thread each, reached through its ``Client``. Pools and the
cluster are started, and warmed up on a short study, before any clock runs, so the
figures are the steady rate of a notebook that already has them. The three are timed in
turn, K times round, and each reports its best; ratios are against the one-process best of
the same run. It prints numbers; it asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import os
import platform
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from typing import Any

from cfwidget.core import PRESETS
from cfwidget.players import BOTS, simulate

PLAYERS = 4
WARM_UP = 200  # rounds run through each executor before timing


def rate(rules_name: str, bots: str, rounds: int, seed: int, executor: Any = None) -> float:
    """Rounds per second of one ``simulate`` call."""
    start = time.perf_counter()
    simulate(PRESETS[rules_name], PLAYERS, bots, rounds, seed, executor, progress=False)
    return rounds / (time.perf_counter() - start)


@contextmanager
def dask_client(workers: int) -> Iterator[Any]:
    """A Client on a LocalCluster of ``workers`` processes, one thread each."""
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20_000, help="rounds per timed study")
    parser.add_argument("--repeat", type=int, default=3, help="times round (best is reported)")
    parser.add_argument("--workers", type=int, default=2, help="processes in pool and cluster")
    parser.add_argument("--preset", default="wolf-lake", choices=list(PRESETS))
    parser.add_argument("--bots", default="random", choices=list(BOTS))
    args = parser.parse_args(argv)

    has_dask = importlib.util.find_spec("distributed") is not None
    print(
        f"cf.simulate scale benchmark on Python {platform.python_version()}, "
        f"{os.cpu_count()} cores: rules {args.preset!r}, {PLAYERS} players, "
        f"{args.bots} bots, {args.rounds:,} rounds a study, best of {args.repeat}"
    )
    label_pool = f"process pool, {args.workers} processes"
    label_dask = f"Dask LocalCluster, {args.workers} workers"
    with ExitStack() as stack:
        runs: dict[str, Callable[[int, int], float]] = {
            "one process (yardstick)": lambda n, seed: rate(args.preset, args.bots, n, seed)
        }
        pool = stack.enter_context(ProcessPoolExecutor(max_workers=args.workers))
        runs[label_pool] = lambda n, seed: rate(args.preset, args.bots, n, seed, pool)
        if has_dask:
            client = stack.enter_context(dask_client(args.workers))
            runs[label_dask] = lambda n, seed: rate(args.preset, args.bots, n, seed, client)
        for run in runs.values():
            run(WARM_UP, 99)  # start workers, import cfwidget in them, build the move tables
        rates: dict[str, list[float]] = {label: [] for label in runs}
        for turn in range(args.repeat):  # in turn, so drift on a shared machine hits all three
            for label, run in runs.items():
                rates[label].append(run(args.rounds, turn))
    yardstick = max(rates["one process (yardstick)"])
    width = max(len(label) for label in rates)
    for label, seen in rates.items():
        print(
            f"{label:<{width}}  {max(seen):>8,.0f} rounds/s  (worst {min(seen):,.0f})  "
            f"{max(seen) / yardstick:.2f} x one process"
        )
    if has_dask:
        print(f"(Dask {importlib.metadata.version('distributed')})")
    else:
        print(f"{label_dask}: not run, Dask is not installed (pip install 'cfwidget[scale]')")


if __name__ == "__main__":
    main()
