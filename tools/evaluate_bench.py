"""Benchmark: seconds per :func:`cfwidget.analysis.evaluate` call at default quality.

Run ``python -m tools.evaluate_bench`` (``--positions N``, ``--worlds W``, ``--rules NAME``).
The positions: 4 players, double-nine (``cf.Rules()`` by default, or a preset by name), each
round played by the tips bot for 8 to 30 moves (mid-round), only positions with at least two
legal moves. Each is rated once (200 worlds, the coach's policy); the yardstick of
``tools.bench`` (a bare simulator of random play) is timed between them, so that a slow
minute slows both alike. It prints the median and the slowest time and the ratio of the
median to the yardstick's time for 1,000 rounds; it asserts nothing. The issue asks for
at most 2 s per call on one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cfwidget.analysis import EvaluateError, evaluate
from cfwidget.core import Round, Rules
from cfwidget.players import tips
from tools.bench import yardstick_rounds


def positions(rules: Rules, count: int, seed: int) -> list[Round]:
    rng = random.Random(seed)
    found: list[Round] = []
    deal = 0
    while len(found) < count:
        deal += 1
        rnd = Round.deal(rules, 4, seed=seed * 10_000 + deal)
        for _ in range(rng.randrange(8, 31)):
            if rnd.is_over:
                break
            rnd.play(tips(rnd.observation(rnd.turn)))
        if not rnd.is_over and len(rnd.legal_moves()) >= 2:
            found.append(rnd)
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--rules", default="default")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = Rules() if args.rules == "default" else Rules.preset(args.rules)
    times, yard = [], []
    refused = 0
    for i, rnd in enumerate(positions(rules, args.positions, args.seed)):
        start = time.perf_counter()
        try:
            evaluate(rnd, worlds=args.worlds, seed=i)
        except EvaluateError:
            refused += 1
            continue
        times.append(time.perf_counter() - start)
        yard.append(yardstick_rounds(1000, seed=i)[0])
    median = statistics.median(times)
    print(
        f"evaluate, {args.worlds} worlds, 4 players, rules {args.rules}: {len(times)} positions "
        f"rated ({refused} refused), median {median:.3f} s, slowest "
        f"{max(times):.3f} s; the yardstick's 1,000 rounds: {statistics.median(yard):.3f} s; "
        f"median / yardstick = {median / statistics.median(yard):.2f}"
    )


if __name__ == "__main__":
    main()
