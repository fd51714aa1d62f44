"""Benchmark: rounds per second of random play through the public API.

Run ``python -m tools.bench`` (``--rounds N``, ``--repeat K``). The table
is the issue's: 4 players, double-nine, 9 tiles each. Each move is a uniform
choice from ``legal_moves()``, made with ``play()``; the round ends when
``legal_moves()`` is empty. It prints numbers; it asserts nothing.

Timings on a shared machine drift by a factor of two from minute to minute, so
the script also times a yardstick in the same run: :func:`yardstick_rounds`, a
simulator of the default rules written without objects, checks or options
(the kind of program the issue's "minimal simulator" figure comes from). The
ratio of the two rates is the figure that carries from machine to machine.

>>> seconds, moves = random_rounds(Rules(hand_size=9), players=4, rounds=3)
>>> moves > 3 * 20
True
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from cfwidget import _native
from cfwidget.core import Game, Round, Rules
from cfwidget.players import RandomBot, play_game

__all__ = ["bot_rounds", "kernel_rounds", "random_rounds", "yardstick_rounds"]


def random_rounds(rules: Rules, players: int, rounds: int, seed: int = 0) -> tuple[float, int]:
    """Play ``rounds`` random rounds through ``legal_moves()`` and ``play()``; (seconds, moves)."""
    pick = random.Random(seed).getrandbits
    moves = 0
    start = time.perf_counter()
    for i in range(rounds):
        rnd = Round.deal(rules, players, seed=seed + i)
        legal = rnd.legal_moves()
        while legal:
            rnd.play(legal[pick(30) % len(legal)])  # uniform to within len/2**30
            legal = rnd.legal_moves()
        moves += len(rnd.moves)
    return time.perf_counter() - start, moves


def kernel_rounds(rules: Rules, players: int, rounds: int, seed: int = 0) -> tuple[float, int]:
    """The same rounds on the rules kernel alone (``Round.kernel()``: codes, no Move objects,
    no record, no checks), deals included; (seconds, moves). The ceiling of ``Round``'s speed:
    everything ``Round`` adds (moves as objects, the record, checking the caller's move) comes
    on top of this."""
    pick = random.Random(seed).getrandbits
    moves = 0
    start = time.perf_counter()
    for i in range(rounds):
        k = Round.deal(rules, players, seed=seed + i).kernel()
        legal = k.legal_codes()
        while legal:
            k.apply(legal[pick(30) % len(legal)])
            moves += 1
            legal = k.legal_codes()
    return time.perf_counter() - start, moves


def bot_rounds(rules: Rules, players: int, rounds: int, seed: int = 0) -> tuple[float, int]:
    """The same, asking a :class:`~cfwidget.players.RandomBot` and ``is_over``; (seconds, moves)."""
    bot = RandomBot(seed)
    moves = 0
    start = time.perf_counter()
    for i in range(rounds):
        rnd = Round.deal(rules, players, seed=seed + i)
        while not rnd.is_over:
            rnd.play(bot(rnd.observation(rnd.turn)))
        moves += len(rnd.moves)
    return time.perf_counter() - start, moves


def yardstick_rounds(rounds: int, seed: int = 0) -> tuple[float, int]:
    """A bare simulator of random play (4 players, double-9, 9 each), for calibration only.

    Tiles are plain tuples, the table a list of open ends per number, and
    nothing is checked or recorded: no undo, no history, no options, no
    errors. It is not the engine and nothing else uses it.
    """
    rng = random.Random(seed)
    pick = rng.getrandbits
    tiles = [(a, b) for a in range(10) for b in range(a + 1)]
    steps = 0
    start = time.perf_counter()
    for _ in range(rounds):
        deck = tiles[:]
        rng.shuffle(deck)
        hands = [deck[0:9], deck[9:18], deck[18:27], deck[27:36]]
        yard = deck[36:]
        holder = -1
        for s in range(4):
            if (9, 9) in hands[s]:
                holder = s
        seat = 0
        while holder < 0:
            tile = yard.pop()
            hands[seat].append(tile)
            if tile == (9, 9):
                holder = seat
            seat = (seat + 1) % 4
        hands[holder].remove((9, 9))
        ends: list[list[tuple[int, int]]] = [[], [], [], [], [], [], [], [], [], [(9, 9)]]
        free = {(9, 9): 4}
        forced: tuple[int, int] | None = (9, 9)
        turn = (holder + 1) % 4
        drawn: tuple[int, int] | None = None
        passes = 0
        while True:
            hand = hands[turn]
            plays: list[tuple[tuple[int, int], tuple[int, int], int]] = []
            for x in [drawn] if drawn else hand:
                a, b = x
                if forced is not None:
                    if a == forced[0] or b == forced[0]:
                        plays.append((x, forced, forced[0]))
                    continue
                for u in ends[a]:
                    plays.append((x, u, a))
                if a != b:
                    for u in ends[b]:
                        plays.append((x, u, b))
            steps += 1
            if plays:
                x, u, n = plays[pick(30) % len(plays)]
                hand.remove(x)
                left = free[u] - 1
                free[u] = left
                if not left:
                    ends[n].remove(u)
                    if u == forced:
                        forced = None
                ends[x[1] if x[0] == n else x[0]].append(x)
                if x[0] == x[1]:
                    free[x] = 3
                    forced = x
                else:
                    free[x] = 1
                if not hand:
                    break
                drawn = None
                passes = 0
                turn = (turn + 1) % 4
            elif drawn is None and yard:
                drawn = yard.pop()
                hand.append(drawn)
            else:
                drawn = None
                passes += 1
                turn = (turn + 1) % 4
                if passes >= 4 and not yard:
                    break
    return time.perf_counter() - start, steps


def _best(times: list[float], rounds: int) -> str:
    return (
        f"{rounds / min(times):,.0f} rounds/s "
        f"(best of {len(times)}; median {rounds / statistics.median(times):,.0f})"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5000, help="rounds per repeat")
    parser.add_argument("--repeat", type=int, default=5, help="repeats (the best is reported)")
    args = parser.parse_args(argv)
    n = args.rounds

    print(
        f"cfwidget engine benchmark on Python {platform.python_version()}, one core; "
        f"the rules kernel: {_native.BUILD} ({_native.REASON})"
    )
    rules = Rules(hand_size=9)
    engine, bots, kernel, yardstick = [], [], [], []
    moves = 0
    for r in range(args.repeat):  # interleaved, so a slow minute slows all four alike
        seconds, moves = random_rounds(rules, 4, n, seed=r * n)
        engine.append(seconds)
        bots.append(bot_rounds(rules, 4, n, seed=r * n)[0])
        kernel.append(kernel_rounds(rules, 4, n, seed=r * n)[0])
        yardstick.append(yardstick_rounds(n, seed=r)[0])
    print(
        f"random play, 4 players, double-9, 9 each: {_best(engine, n)}, "
        f"{moves / n:.1f} moves per round, {min(engine) / moves * 1e6:.2f} us per move"
    )
    # Each seat's Observation is built for every move here: the cost of the bots' boundary.
    of_bare = statistics.median(e / b for e, b in zip(engine, bots, strict=True))
    of_yardstick = statistics.median(y / b for y, b in zip(yardstick, bots, strict=True))
    print(
        f"  the same with a RandomBot object and is_over: {_best(bots, n)}; "
        f"{of_bare:.2f} of bare random play, {of_yardstick:.2f} of the yardstick (medians)"
    )
    ratios = sorted(y / e for e, y in zip(engine, yardstick, strict=True))
    print(
        f"  yardstick (a bare simulator without objects or checks): {_best(yardstick, n)}; "
        f"the engine runs at {statistics.median(ratios):.2f} of its speed "
        f"(median of {len(ratios)} back-to-back pairs, {ratios[0]:.2f} to {ratios[-1]:.2f})"
    )
    ceiling = sorted(y / k for k, y in zip(kernel, yardstick, strict=True))
    print(
        f"  the rules kernel alone (codes, no objects, record or checks; deals included): "
        f"{_best(kernel, n)}; {statistics.median(ceiling):.2f} of the yardstick "
        f"({ceiling[0]:.2f} to {ceiling[-1]:.2f}): the ceiling for play through Round"
    )
    for name in Rules.preset_names():
        preset = Rules.preset(name)
        seconds, moves = random_rounds(preset, 4, n // 5, seed=1)
        print(f"  preset {name:<11} 4 players: {n // 5 / seconds:,.0f} rounds/s")

    rnd = Round.deal(rules, 4, seed=1)
    bot = RandomBot(1)
    while not rnd.is_over:
        rnd.play(bot(rnd.observation(rnd.turn)))
    text = rnd.to_json()
    count = 200
    start = time.perf_counter()
    for _ in range(count):
        Round.from_json(text)
    per = (time.perf_counter() - start) / count * 1e3
    print(f"record replay (from_json) of a {len(rnd.moves)}-move round: {per:.2f} ms")

    start = time.perf_counter()
    game = Game(4, rules, seed=1)
    play_game(game, [RandomBot(s) for s in range(4)])
    print(f"a whole 10-round game with random bots: {(time.perf_counter() - start) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
