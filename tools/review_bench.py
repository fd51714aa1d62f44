"""Benchmark: the issue's speed measures for game review, with and without an executor.

Run ``python -m tools.review_bench`` (``--positions N``, ``--worlds W``, ``--review-worlds R``,
``--workers K``, ``--no-dask``). It prints, for one run:

1. ``evaluate`` at default quality (``W`` = 200 worlds, the coach's policy) on ``N``
   mid-round 4-player double-nine positions (those of ``tools.evaluate_bench``): the median
   and the slowest seconds per call. The issue asks for at most 2 s on one core.
2. A whole 4-player wolf-lake round (played by the tips bot from a fixed deal) reviewed at
   ``R`` worlds (``review``'s default, 100): serially; with a ``ProcessPoolExecutor`` of
   ``K`` processes; with a Dask ``LocalCluster`` of ``K`` one-thread worker processes (if
   ``distributed`` is installed); and, for comparison, the older way of sharing the work,
   ``evaluate``'s own executor (chunks of 25 worlds) called move by move on the same pool.
   The pools and the cluster are started before the clock runs. The issue asks for at most
   60 s serially, and less with an executor; each shared review is checked equal to the
   serial one. The processor time of the serial review and of the pool's workers (a fresh
   pool, read when its workers exit) shows what sharing adds to the work, which the other
   programs on a busy machine do not change; from it, the best speed idle cores could give.

Every time is also divided by the yardstick of ``tools.bench`` (a bare simulator of random
play, 1,000 rounds) timed in the same run, so that runs on slower or busier machines can be
compared; the serial review's processor time is also divided by the yardstick's processor
time, which other programs on a busy machine change less than the wall clock. It asserts
nothing. On a machine whose cores are busy with other work, the executors' gain shrinks: the
line ``cores`` says how many the machine has.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from typing import Any

from cfwidget.analysis import EvaluateError, Review, evaluate, review
from cfwidget.core import Round, Rules
from cfwidget.players import tips
from tools.bench import yardstick_rounds
from tools.evaluate_bench import positions

__all__ = ["main", "wolf_lake_round"]


def wolf_lake_round(seed: int) -> Round:
    """A finished 4-player wolf-lake round, every seat played by the tips bot."""
    rnd = Round.deal(Rules.preset("wolf-lake"), 4, seed=seed)
    while not rnd.is_over:
        rnd.play(tips(rnd.observation(rnd.turn)))
    return rnd


def _timed(call: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = call()
    return time.perf_counter() - start, out


def _chunked(rnd: Round, worlds: int, executor: Executor) -> int:
    """The older way: every position's evaluate shares its worlds in chunks on ``executor``."""
    start = Round.from_dict({**rnd.to_dict(), "moves": []})
    rated = 0
    for move in rnd.moves:
        if len(start.legal_moves()) > 1:
            evaluate(start, worlds=worlds, executor=executor)
            rated += 1
        start.play(move)
    return rated


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--review-worlds", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args(argv)
    cpu = time.process_time()
    yard = statistics.median(yardstick_rounds(1000, seed=s)[0] for s in range(3))
    yard_cpu = (time.process_time() - cpu) / 3  # processor time: steadier on a busy machine
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"cores: {os.cpu_count()}, load average {load} (an executor gains only on idle cores); "
        f"the yardstick's 1,000 rounds: {yard:.3f} s"
    )

    times = []
    for i, rnd in enumerate(positions(Rules(), args.positions, args.seed)):
        try:
            times.append(_timed(partial(evaluate, rnd, worlds=args.worlds, seed=i))[0])
        except EvaluateError:
            continue
    median = statistics.median(times)
    print(
        f"evaluate, {args.worlds} worlds, 4 players, double-nine, mid-round: {len(times)} "
        f"positions, median {median:.3f} s ({median / yard:.2f} yardsticks), slowest "
        f"{max(times):.3f} s (asked: at most 2 s)"
    )

    rnd = wolf_lake_round(args.seed)
    worlds = args.review_worlds
    cpu = time.process_time()
    serial, alone = _timed(lambda: review(rnd, worlds=worlds))
    cpu = time.process_time() - cpu
    rated = int((alone.moves["verdict"] != "forced").sum())
    print(
        f"review of a 4-player wolf-lake round ({len(rnd.moves)} moves, {rated} rated, "
        f"{worlds} worlds): serially {serial:.2f} s ({serial / yard:.1f} yardsticks; "
        f"processor time {cpu:.2f} s, {cpu / yard_cpu:.1f} yardsticks of processor time; "
        "asked: at most 60 s)"
    )
    print("  " + _cpu_shared(rnd, worlds, args.workers))
    ways: dict[str, Callable[[], Any]] = {}
    with contextlib.ExitStack() as stack:
        pool = stack.enter_context(ProcessPoolExecutor(max_workers=args.workers))
        ways[f"ProcessPoolExecutor({args.workers}), one task per rated move"] = partial(
            review, rnd, worlds=worlds, executor=pool
        )
        ways["the same pool, evaluate's chunks of worlds (the older way)"] = partial(
            _chunked, rnd, worlds, pool
        )
        client = None if args.no_dask else _dask_client(stack, args.workers)
        if client is not None:
            ways[f"a Dask LocalCluster of {args.workers} workers, one task per move"] = partial(
                review, rnd, worlds=worlds, executor=client
            )
        for executor in (pool, client):  # the workers start (and import) untimed
            if executor is not None:
                review(rnd, worlds=2, executor=executor)
        ratios: dict[str, list[float]] = {name: [] for name in ways}
        took: dict[str, list[float]] = {name: [] for name in ways}
        same = dict.fromkeys(ways, True)
        for _ in range(args.repeat):  # back to back, so that a busy minute slows all alike
            for name, run in ways.items():
                alone_time = _timed(lambda: review(rnd, worlds=worlds))[0]
                seconds, out = _timed(run)
                took[name].append(seconds)
                ratios[name].append(alone_time / seconds)
                if isinstance(out, Review):
                    same[name] &= out == alone
        for name in ways:
            check = ", same review: " + str(same[name]) if "older" not in name else ""
            print(
                f"  with {name}: {statistics.median(took[name]):.2f} s, "
                f"{statistics.median(ratios[name]):.2f}x the serial speed (median of "
                f"{args.repeat} back-to-back ratios){check}"
            )


def _cpu_shared(rnd: Round, worlds: int, workers: int) -> str:
    """The processor time of the review serially and shared one task per move on a fresh
    pool (its workers' time read when they exit): how much work sharing adds, whatever the
    other programs on the machine do."""
    try:
        import resource
    except ImportError:  # not on this system
        return "processor time: not measured on this system"

    def children() -> float:
        use = resource.getrusage(resource.RUSAGE_CHILDREN)
        return use.ru_utime + use.ru_stime

    start = time.process_time()
    review(rnd, worlds=worlds)
    serial = time.process_time() - start
    before = children()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        review(rnd, worlds=2, executor=pool)
    startup = children() - before
    before = children()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        review(rnd, worlds=2, executor=pool)
        start = time.process_time()
        review(rnd, worlds=worlds, executor=pool)
        main = time.process_time() - start
    shared = children() - before - startup
    return (
        f"processor time: serially {serial:.2f} s; one task per move, {shared:.2f} s in the "
        f"workers and {main:.2f} s in this process ({(shared + main) / serial:.2f}x the "
        f"serial work: on {workers} idle cores at best {serial / max(shared / workers, main):.1f}x "
        "the serial speed)"
    )


def _dask_client(stack: contextlib.ExitStack, workers: int) -> Any:
    """A Dask client of a local cluster of ``workers`` one-thread processes, or None."""
    try:
        import distributed
    except ImportError:
        print("  Dask: distributed is not installed, skipped")
        return None
    cluster = stack.enter_context(
        distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
    )
    return stack.enter_context(distributed.Client(cluster))


if __name__ == "__main__":
    main()
