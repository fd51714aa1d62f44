"""Benchmark: rounds per second of ``cf.simulate`` with the random bot.

Run ``python -m tools.simulation_bench`` (``--rounds N``, ``--repeat K``, ``--workers W``).
The table is the issue's: 4 players, double-nine, 9 tiles each, every seat the random bot.
It times :func:`~cfwidget.simulate` on one core (no executor) and with a
``ProcessPoolExecutor`` of 2 processes (the pool is started before the clock runs, so the
figure is the steady rate a notebook or a batch job sees). It prints numbers; it asserts
nothing.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from cfwidget.core import Rules
from cfwidget.players import simulate

PLAYERS = 4
RULES = Rules(max_pip=9, hand_size=9)


def rate(rounds: int, seed: int, executor: Executor | None = None) -> float:
    """Rounds per second of one ``simulate`` call with the random bot."""
    start = time.perf_counter()
    simulate(RULES, PLAYERS, "random", rounds, seed, executor, progress=False)
    return rounds / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4000, help="rounds per repeat")
    parser.add_argument("--repeat", type=int, default=3, help="repeats (the best is reported)")
    parser.add_argument("--workers", type=int, default=2, help="processes in the pool")
    args = parser.parse_args(argv)

    print(
        f"cf.simulate benchmark on Python {platform.python_version()}, "
        f"{os.cpu_count()} cores: {PLAYERS} players, double-9, 9 each, random bots"
    )
    rate(200, seed=99)  # warm up: imports and the move table
    one = [rate(args.rounds, seed=r) for r in range(args.repeat)]
    print(
        f"one core (no executor):  {max(one):,.0f} rounds/s "
        f"(best of {args.repeat} x {args.rounds:,} rounds; worst {min(one):,.0f})"
    )
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        rate(200, seed=99, executor=pool)  # start the workers before timing
        many = [rate(args.rounds, seed=r, executor=pool) for r in range(args.repeat)]
    print(
        f"{args.workers} processes:             {max(many):,.0f} rounds/s "
        f"(best of {args.repeat}; worst {min(many):,.0f}; "
        f"{max(many) / max(one):.2f} x one core)"
    )


if __name__ == "__main__":
    main()
