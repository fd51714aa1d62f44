"""Tournament: the coach bot against the tips, greedy and random bots, with 95% intervals.

Run ``nice -n 10 python -m tools.coach_tournament`` (``--deals N``, ``--workers W``,
``--seed S``). It prints numbers; it asserts nothing. Two measurements, both on the
``wolf-lake`` rules:

1. **A table of four**: coach, tips, greedy and random sit at one table; every deal is
   played four times, the bots moving one chair on each time, so each bot plays every hand
   of every deal (a duplicate table). A round is won by the lowest score (a tie shares the
   win). Win share and points are averaged over a deal's four rounds first, and the 95%
   interval is the mean over deals plus or minus 1.96 standard errors, since a deal's
   rounds share their luck. A bot with no edge wins 25% of the rounds.
2. **Heads-up**: :func:`cfwidget.players.duplicate_match` of the coach against each other
   bot, two players, every deal played from both chairs, summarised by
   :func:`cfwidget.players.summarize` (win rate and points per game with 95% intervals).
   A bot with no edge wins 50%.

With ``--write-docs`` it records both tables in ``docs/measurements.md``.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor

import numpy as np
import pandas as pd

import cfwidget.odds  # noqa: F401  (adds the "coach" bot to the bots' names)
from cfwidget.core import Rules
from cfwidget.players import duplicate_match, simulate, summarize, wilson_interval

from . import measurements

BOTS = ("coach", "tips", "greedy", "random")
OPPONENTS = ("tips", "greedy", "random")
Z95 = 1.959963984540054


def _mean_interval(values: np.ndarray) -> tuple[float, float, float]:
    mean = float(values.mean())
    se = float(values.std(ddof=1)) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - Z95 * se, mean + Z95 * se


def table_of_four(
    rules: Rules, deals: int, seed: int, executor: Executor | None = None
) -> pd.DataFrame:
    """One row per bot: games, wins, win share and points per round with 95% intervals."""
    n = len(BOTS)
    share = np.zeros((deals, n))
    points = np.zeros((deals, n))
    for shift in range(n):
        seats = [BOTS[(seat + shift) % n] for seat in range(n)]
        frame = simulate(rules, n, seats, deals, seed, executor, progress=False)
        scores = frame[[f"score_{seat}" for seat in range(n)]].to_numpy()
        low = scores.min(axis=1, keepdims=True)
        won = (scores == low) / (scores == low).sum(axis=1, keepdims=True)
        for seat, name in enumerate(seats):
            share[:, BOTS.index(name)] += won[:, seat] / n
            points[:, BOTS.index(name)] += scores[:, seat] / n
    rows = {}
    for i, name in enumerate(BOTS):
        rate, lo, hi = _mean_interval(share[:, i])
        mean, p_lo, p_hi = _mean_interval(points[:, i])
        wins = float(share[:, i].sum() * n)
        w_lo, w_hi = wilson_interval(wins, deals * n)
        rows[name] = {
            "games": deals * n,
            "wins": wins,
            "win_share": rate,
            "low": max(0.0, lo),
            "high": min(1.0, hi),
            "wilson_low": w_lo,
            "wilson_high": w_hi,
            "points": mean,
            "points_low": p_lo,
            "points_high": p_hi,
        }
    table: pd.DataFrame = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "bot"
    return table


def heads_up(rules: Rules, deals: int, seed: int, executor: Executor | None = None) -> pd.DataFrame:
    """The coach against each opponent, two players, as :func:`summarize` rows."""
    rows = []
    for opponent in OPPONENTS:
        summary = summarize(
            duplicate_match({"coach": "coach"}, opponent, rules, deals, seed, executor)
        )
        summary.index = pd.Index([f"coach vs {opponent}"], name="match")
        rows.append(summary)
    combined: pd.DataFrame = pd.concat(rows)
    return combined


def _block(table: pd.DataFrame) -> list[str]:
    """A table as a Markdown code block, three decimals."""
    return ["```", table.round(3).to_string(), "```"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals in each measurement")
    parser.add_argument("--workers", type=int, default=2, help="processes (1: no pool)")
    parser.add_argument("--seed", type=int, default=16, help="the seed of the deals")
    parser.add_argument("--skip-heads-up", action="store_true", help="only the table of four")
    measurements.add_option(parser)
    args = parser.parse_args(argv)
    rules = Rules.preset("wolf-lake")
    pd.set_option("display.width", 120)
    print(
        f"Coach tournament: wolf-lake rules, {args.deals:,} deals, seed {args.seed}, "
        f"{args.workers} process(es) on {os.cpu_count()} cores"
    )
    pool = ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else None
    tables: list[str] = []
    try:
        start = time.perf_counter()
        four = table_of_four(rules, args.deals, args.seed, pool)
        print(
            f"\n1. A table of four, each deal played {len(BOTS)} times with the bots moving "
            f"one chair on ({time.perf_counter() - start:,.0f} s). No edge: 25% of rounds."
        )
        print(four.round(3).to_string())
        tables += ["A table of four (no edge: 25% of rounds):", "", *_block(four)]
        if not args.skip_heads_up:
            start = time.perf_counter()
            two = heads_up(rules, args.deals, args.seed, pool)
            print(
                f"\n2. Heads-up duplicate matches, two players, each deal from both chairs "
                f"({time.perf_counter() - start:,.0f} s). No edge: 50% of games."
            )
            print(two.round(3).to_string())
            tables += ["", "Heads-up duplicate matches (no edge: 50% of games):", "", *_block(two)]
    finally:
        if pool is not None:
            pool.shutdown()
    if args.write_docs is not None:
        heads_up_too = "" if not args.skip_heads_up else " --skip-heads-up"
        measurements.record(
            "coach_tournament wolf-lake",
            "The coach bot against the tips, greedy and random bots, wolf-lake rules",
            f"python -m tools.coach_tournament --deals {args.deals} --seed {args.seed}"
            + heads_up_too,
            tables,
            page=args.write_docs,
        )


if __name__ == "__main__":
    main()
