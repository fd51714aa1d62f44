"""Tournament: the search bot against the coach (and any other bot), heads-up and duplicate.

Run ``nice -n 10 python -m tools.search_tournament`` (``--deals N``, ``--strength K``,
``--policy P``, ``--rules NAME``, ``--opponent BOT``, ``--workers W``, ``--seed S``). It
prints numbers; it asserts nothing. :func:`cfwidget.players.duplicate_match`: two players,
every deal played from both chairs, so the luck of the deal cancels;
:func:`cfwidget.players.summarize` gives the search bot's win share and points saved per game
with 95% intervals (the points interval excludes 0 when one bot is better).

The rules are a preset name or ``default`` (``cf.Rules()``, double-nine). The number of
choices the search bot left to the coach (positions evaluate refused) is printed.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

import cfwidget.analysis  # noqa: F401  (adds the "search" bot to the bots' names)
from cfwidget.analysis import SearchBot
from cfwidget.core import Rules
from cfwidget.players import duplicate_match, summarize


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--strength", default="quick")
    parser.add_argument("--rules", default="default")
    parser.add_argument("--opponent", default="coach")
    parser.add_argument("--policy", default="coach", choices=["coach", "greedy", "random"])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    strength: int | str = int(args.strength) if args.strength.isdigit() else args.strength
    rules = Rules() if args.rules == "default" else Rules.preset(args.rules)
    bot = SearchBot(args.seed, strength=strength, policy=args.policy)
    start = time.perf_counter()
    match = ({"search": bot}, args.opponent, rules, args.deals, args.seed)
    if args.workers > 1:
        with ProcessPoolExecutor(min(args.workers, os.cpu_count() or 1)) as pool:
            results = duplicate_match(*match, pool)
    else:
        results = duplicate_match(*match)
    took = time.perf_counter() - start
    print(
        f"search (strength {bot.worlds} worlds, {args.policy} playouts) against "
        f"{args.opponent}, rules {args.rules}, "
        f"{args.deals} deals x 2 chairs, seed {args.seed}: {took:.0f} s"
    )
    print(summarize(results).to_string())
    win = results["win_share"].mean()
    print(f"win shares: search {win:.3f}, {args.opponent} {1 - win:.3f}")
    if args.workers <= 1:
        print(f"choices left to the coach (rounds evaluate refuses): {bot.fallbacks}")


if __name__ == "__main__":
    main()
