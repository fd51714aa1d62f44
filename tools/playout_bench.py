"""Benchmark: rounds per second of playouts against Round, same policy.

Run ``python -m tools.playout_bench`` (``--rounds N``, ``--repeat K``). The table is the
other benches': 4 players, double-nine, 9 tiles each. ``N`` rounds are dealt once (not
timed); then, interleaved in each repeat so that a slow minute slows all alike:

- the engine: each round copied and played out with a uniform choice from
  ``Round.legal_moves()`` through ``Round.play()``, then ``Round.scores()``;
- ``playout(rnd, seed=...)``: the kernel's one-round loop, one call per round;
- ``playouts(rounds)``: all ``N`` rounds in one call (each round turned into a kernel
  position inside the call, so that cost is counted);
- ``playouts(rnd, rounds=N)``: ``N`` playouts of one position, the rollouts' case, against
  the engine playing that same position out ``N`` times;
- the yardstick of ``tools.bench`` (a bare simulator of random play, deals included), to
  which the one-round loop and the playouts of one position are also compared.

Every ratio is the median of the back-to-back ratios of one run. It prints numbers and
asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from cfwidget import _native
from cfwidget.analysis import playout, playouts
from cfwidget.core import Round, Rules
from tools.bench import yardstick_rounds

__all__ = ["engine_rounds", "main", "measure"]

PLAYERS = 4
RULES = Rules(max_pip=9, hand_size=9)


def engine_rounds(rounds: list[Round], seed: int) -> list[list[int]]:
    """Play each round out through the engine's public API with a uniform random choice."""
    pick = random.Random(seed).getrandbits
    out = []
    for rnd in rounds:
        rnd = rnd.copy()
        legal = rnd.legal_moves()
        while legal:
            rnd.play(legal[pick(30) % len(legal)])  # uniform to within len/2**30
            legal = rnd.legal_moves()
        out.append(rnd.scores())
    return out


def _timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _rate(n: int, times: list[float]) -> str:
    best, median = n / min(times), n / statistics.median(times)
    return f"{best:>9,.0f} rounds/s (best of {len(times)}; median {median:,.0f})"


def _ratio(slow: list[float], fast: list[float]) -> str:
    pairs = sorted(e / k for e, k in zip(slow, fast, strict=True))
    return (
        f"{statistics.median(pairs):5.2f} x the engine "
        f"(median of {len(pairs)} back-to-back pairs, {pairs[0]:.2f} to {pairs[-1]:.2f})"
    )


def _one_by_one(rounds: list[Round], seed: int) -> list[list[int]]:
    return [playout(x, seed=seed + i) for i, x in enumerate(rounds)]


def measure(rounds: list[Round], repeat: int) -> dict[str, list[float]]:
    """Seconds of each contender per repeat, interleaved."""
    n = len(rounds)
    one = rounds[n // 2]
    same = [one] * n
    times: dict[str, list[float]] = {
        k: [] for k in ("engine", "one", "batch", "engine same", "same", "yard")
    }
    for r in range(repeat):
        times["engine"].append(_timed(partial(engine_rounds, rounds, r)))
        times["one"].append(_timed(partial(_one_by_one, rounds, r)))
        times["batch"].append(_timed(partial(playouts, rounds, seed=r)))
        times["engine same"].append(_timed(partial(engine_rounds, same, r)))
        times["same"].append(_timed(partial(playouts, one, rounds=n, seed=r)))
        times["yard"].append(yardstick_rounds(n, seed=r)[0])
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4000, help="rounds per repeat")
    parser.add_argument("--repeat", type=int, default=5, help="repeats")
    args = parser.parse_args(argv)
    n = args.rounds
    print(
        f"playout benchmark on Python {platform.python_version()}, one core: "
        f"{PLAYERS} players, double-9, 9 each, uniform random play, {n:,} rounds per repeat; "
        f"the rules kernel: {_native.BUILD}"
    )
    rounds = [Round.deal(RULES, PLAYERS, seed=s) for s in range(n)]
    playouts(rounds[:50], seed=0)  # warm up: the kernel's tables
    times = measure(rounds, args.repeat)
    print(f"engine, legal_moves()/play():    {_rate(n, times['engine'])}")
    print(f"playout(rnd), one per round:     {_rate(n, times['one'])}")
    print(f"    {_ratio(times['engine'], times['one'])}")
    print(f"playouts(rounds), one call:      {_rate(n, times['batch'])}")
    print(f"    {_ratio(times['engine'], times['batch'])}")
    print(f"the engine, one position N times: {_rate(n, times['engine same'])}")
    print(f"playouts(rnd, rounds=N):         {_rate(n, times['same'])}")
    print(f"    {_ratio(times['engine same'], times['same'])} on the same position")
    yard = sorted(y / e for e, y in zip(times["engine"], times["yard"], strict=True))
    print(
        f"yardstick (tools.bench, deals included): {_rate(n, times['yard'])}; the engine's "
        f"playouts run at {1 / statistics.median(yard):.2f} x its speed"
    )
    for label, key in (("playout(rnd), one per round", "one"), ("playouts(rnd, rounds=N)", "same")):
        pairs = sorted(y / k for k, y in zip(times[key], times["yard"], strict=True))
        print(
            f"    {label}: {statistics.median(pairs):.2f} x the yardstick "
            f"(median of {len(pairs)} back-to-back pairs, {pairs[0]:.2f} to {pairs[-1]:.2f})"
        )
    print("per preset (4 players, or the most it deals for), one repeat, ratios to the engine:")
    for name in Rules.preset_names():
        rules = Rules.preset(name)
        players = min(PLAYERS, max(rules.player_counts()))
        deals = [Round.deal(rules, players, seed=s) for s in range(n)]
        one = deals[n // 2]
        engine = _timed(partial(engine_rounds, deals, 1))
        batch = _timed(partial(playouts, deals, seed=1))
        engine_same = _timed(partial(engine_rounds, [one] * n, 1))
        same = _timed(partial(playouts, one, rounds=n, seed=1))
        greedy = _timed(partial(playouts, deals, policy="greedy"))
        print(
            f"  {name:<11} engine {n / engine:>7,.0f}/s; playouts(rounds) {n / batch:>7,.0f}/s "
            f"({engine / batch:4.2f} x); playouts(rnd, rounds=N) {n / same:>7,.0f}/s "
            f"({engine_same / same:4.2f} x); greedy {n / greedy:>7,.0f}/s"
        )


if __name__ == "__main__":
    main()
