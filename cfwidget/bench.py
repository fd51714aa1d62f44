"""Benchmark: rounds per second of random play through the public API.

Run ``python -m cfwidget.bench`` (``--rounds N``, ``--repeat K``). The default
table is the issue's: 4 players, double-nine, 9 tiles each, every move chosen
by :class:`~cfwidget.bots.RandomBot` from ``legal_moves()`` and made with
``play()``. It prints numbers; it asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from .bots import RandomBot, play_game
from .engine import Round
from .game import Game
from .rules import Rules


def random_rounds(rules: Rules, players: int, rounds: int, seed: int = 0) -> tuple[float, int]:
    """Play ``rounds`` random rounds; return (seconds, moves)."""
    bot = RandomBot(seed)
    moves = 0
    start = time.perf_counter()
    for i in range(rounds):
        rnd = Round.deal(rules, players, seed=seed + i)
        while not rnd.is_over:
            rnd.play(bot(rnd, rnd.turn))
            moves += 1
    return time.perf_counter() - start, moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5000, help="rounds per repeat")
    parser.add_argument("--repeat", type=int, default=5, help="repeats (the best is reported)")
    args = parser.parse_args(argv)

    print(f"cfwidget engine benchmark on Python {platform.python_version()}, one core")
    rules = Rules(hand_size=9)
    times = []
    moves = 0
    for r in range(args.repeat):
        seconds, moves = random_rounds(rules, 4, args.rounds, seed=r * args.rounds)
        times.append(seconds)
    best = min(times)
    print(
        f"random play, 4 players, double-9, 9 each: {args.rounds / best:,.0f} rounds/s "
        f"(best of {args.repeat}; median {args.rounds / statistics.median(times):,.0f}), "
        f"{moves / args.rounds:.1f} moves per round, {best / moves * 1e6:.2f} us per move"
    )
    for name in Rules.preset_names():
        preset = Rules.preset(name)
        seconds, moves = random_rounds(preset, 4, args.rounds // 5, seed=1)
        print(f"  preset {name:<11} 4 players: {args.rounds // 5 / seconds:,.0f} rounds/s")

    rnd = Round.deal(rules, 4, seed=1)
    bot = RandomBot(1)
    while not rnd.is_over:
        rnd.play(bot(rnd, rnd.turn))
    text = rnd.to_json()
    n = 200
    start = time.perf_counter()
    for _ in range(n):
        Round.from_json(text)
    per = (time.perf_counter() - start) / n * 1e3
    print(f"record replay (from_json) of a {len(rnd.moves)}-move round: {per:.2f} ms")

    start = time.perf_counter()
    game = Game(4, rules, seed=1)
    play_game(game, [RandomBot(s) for s in range(4)])
    print(f"a whole 10-round game with random bots: {(time.perf_counter() - start) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
