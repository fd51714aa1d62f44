"""Measure whether ``evaluate``'s standard errors are honest: spread over seeds / stated error.

Run ``python -m tools.error_spread`` (``--positions N``, ``--seeds S``, ``--worlds W``,
``--policy P``). Each position is rated by :func:`cfwidget.analysis.evaluate` once per seed
(seeds 0 .. S - 1, W worlds). For each legal move, the spread (standard deviation) of its
``expected_points`` over the seeds is what its standard error should be; the ratio of that
spread to the move's average stated ``std_error`` is 1 when the errors are honest, above 1
when they are too small. A position's ratio pools its moves: the root of the mean squared
spread over the root of the mean squared stated error (one number per position, less noisy
than any move's). The same is done for the loss's error: the spread over every seed of each
move's expected points minus those of the seed-0 best move, against the stated
``loss_std_error`` (read where that best move is the table's best, so that it is the error of
the same difference). The spread is taken over every seed, not only those where the seed-0
best stayed best: keeping only those would keep the differences on one side of 0 and make
the spread of close moves look too small.

The positions (:func:`positions`): half ordinary 4-player double-nine positions in mid-round
(the tips bot's play, as ``tools.evaluate_bench``), half the most constrained ones found
among many rounds: 4 players on the double-six set (the yard runs dry), played by the
greedy bot, taken where the other seats have drawn and passed most (each draw or pass tells
what a hand does not hold, which is where one chain's worlds are most alike). It prints
every position's ratios, how many lie within 0.8-1.25, and the worst (``--write-docs``
records them in docs/measurements.md); it asserts nothing
(tests/tools/test_error_spread.py asserts it on a few positions).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Sequence

import pandas as pd

from cfwidget.analysis import EvaluateError, evaluate
from cfwidget.analysis._evaluate import EvaluatePolicy
from cfwidget.core import Move, Round, Rules
from cfwidget.players import greedy, tips

from . import measurements

__all__ = ["constrained_positions", "constraint", "main", "positions", "spread_ratios"]

#: The band the issue asks every ratio to lie in.
BAND = (0.8, 1.25)


def constraint(rnd: Round) -> int:
    """How much the others' moves say about their hands: their draws and passes so far.

    >>> constraint(Round.deal(Rules(), 4, seed=1))
    0
    """
    me = rnd.turn
    return sum(1 for who, move in rnd.history if who != me and move in (Move.DRAW, Move.PASS))


def constrained_positions(count: int, seed: int, *, tries: int = 40) -> list[Round]:
    """``count`` strongly constrained positions: 4 players, double-six, greedy play; from
    each of ``tries`` rounds per position wanted, the position (seat to move with at least
    two legal moves) where the others have drawn and passed most; the most constrained kept
    whose outcome is not certain already.
    """
    found: list[tuple[int, int, Round]] = []
    rules = Rules(max_pip=6, hand_size=5)
    for deal in range(count * tries):
        rnd = Round.deal(rules, 4, seed=seed * 100_000 + deal)
        best: tuple[int, Round] | None = None
        while not rnd.is_over:
            if len(rnd.legal_moves()) >= 2 and rnd.yard_count < 6:
                score = constraint(rnd)
                if best is None or score > best[0]:
                    best = (score, rnd.copy())
            rnd.play(greedy(rnd.observation(rnd.turn)))
        if best is not None:
            found.append((best[0], deal, best[1]))
    found.sort(key=lambda x: (-x[0], x[1]))
    return [rnd for _, _, rnd in found if _uncertain(rnd)][:count]


def _uncertain(rnd: Round) -> bool:
    """Whether the worlds differ at all for the seat to move (else every error is 0: its
    moves' outcomes are certain, and there is no error to check)."""
    try:
        table = evaluate(rnd, worlds=20, policy="random", seed=0)
    except EvaluateError:
        return False
    return bool((table["std_error"] > 0).all())


def ordinary_positions(count: int, seed: int) -> list[Round]:
    """``count`` mid-round positions: 4 players, double-nine, 8 to 30 moves of tips play."""
    rng = random.Random(seed)
    found: list[Round] = []
    deal = 0
    while len(found) < count:
        deal += 1
        rnd = Round.deal(Rules(), 4, seed=seed * 10_000 + deal)
        for _ in range(rng.randrange(8, 31)):
            if rnd.is_over:
                break
            rnd.play(tips(rnd.observation(rnd.turn)))
        if not rnd.is_over and len(rnd.legal_moves()) >= 2:
            found.append(rnd)
    return found


def positions(count: int, seed: int = 1) -> list[Round]:
    """``count`` positions: the first half constrained, the rest ordinary."""
    half = count // 2
    return constrained_positions(half, seed) + ordinary_positions(count - half, seed)


def _pooled(spreads: Sequence[float], stated: Sequence[float]) -> float:
    """Root mean squared spread over root mean squared stated error (nan if nothing stated)."""
    said = math.fsum(s * s for s in stated)
    return math.sqrt(math.fsum(s * s for s in spreads) / said) if said > 0 else math.nan


def spread_ratios(
    rnd: Round, seeds: int, worlds: int, policy: EvaluatePolicy = "coach"
) -> tuple[float, float]:
    """The position's pooled ratios over ``seeds`` seeds: for the expected points and for
    the loss against the seed-0 best move (see the module text).

    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=3, seed=2)
    >>> points, loss = spread_ratios(rnd, seeds=4, worlds=20)
    >>> points > 0 and (math.isnan(loss) or loss >= 0)  # nan: too few seeds share a best
    True
    """
    tables = [evaluate(rnd, worlds=worlds, policy=policy, seed=s) for s in range(seeds)]
    moves = list(tables[0].index)
    reference = moves[0]
    spreads, stated, loss_spreads, loss_stated = [], [], [], []
    for move in moves:
        points = [_at(t, move, "expected_points") for t in tables]
        spreads.append(statistics.stdev(points))
        stated.append(statistics.fmean(_at(t, move, "std_error") for t in tables))
        if move == reference:
            continue
        same = [t for t in tables if t.index[0] == reference]
        if len(same) < 3:
            continue
        diffs = [
            _at(t, move, "expected_points") - _at(t, reference, "expected_points") for t in tables
        ]  # every seed: no selection on which move came out best
        loss_spreads.append(statistics.stdev(diffs))
        loss_stated.append(statistics.fmean(_at(t, move, "loss_std_error") for t in same))
    return _pooled(spreads, stated), _pooled(loss_spreads, loss_stated)


def _at(table: pd.DataFrame, move: str, column: str) -> float:
    """One number of an evaluate table."""
    return float(table[column].loc[move])


def _far(ratio: float) -> float:
    """How far a ratio is from 1, either way (2 and 0.5 are as far)."""
    return abs(math.log(ratio)) if ratio > 0 else math.inf


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--worlds", type=int, default=200)
    parser.add_argument("--policy", default="coach", choices=("coach", "greedy", "random"))
    parser.add_argument("--seed", type=int, default=1)
    measurements.add_option(parser)
    args = parser.parse_args(argv)
    low, high = BAND
    said: list[str] = []
    points_all: list[float] = []
    loss_all: list[float] = []
    print(
        f"spread of expected points over {args.seeds} seeds / mean stated error, "
        f"{args.worlds} worlds, policy {args.policy}"
    )
    for i, rnd in enumerate(positions(args.positions, args.seed)):
        try:
            points, loss = spread_ratios(rnd, args.seeds, args.worlds, args.policy)
        except EvaluateError as exc:
            print(f"position {i}: not rated ({exc})")
            continue
        points_all.append(points)
        if not math.isnan(loss):
            loss_all.append(loss)
        kind = "constrained" if i < args.positions // 2 else "ordinary"
        said.append(f"{i}: {points:.2f} / {loss:.2f}")
        print(
            f"position {i:2d} ({kind}, {rnd.rules.max_pip}-set, {len(rnd.moves)} moves, "
            f"{constraint(rnd)} draws and passes by the others, {len(rnd.legal_moves())} "
            f"legal moves): points {points:.2f}, loss {loss:.2f}"
        )
    lines = []
    for name, ratios in (("expected points", points_all), ("loss", loss_all)):
        inside = sum(low <= r <= high for r in ratios)
        worst = max(ratios, key=_far)
        lines.append(
            f"{name}: {inside} of {len(ratios)} ratios within {low}-{high}; median "
            f"{statistics.median(ratios):.2f}, lowest {min(ratios):.2f}, highest "
            f"{max(ratios):.2f}, worst {worst:.2f}"
        )
        print(lines[-1])
    if args.write_docs is not None:
        measurements.record(
            "error_spread",
            "Honest errors: spread of expected points over seeds / stated error",
            f"python -m tools.error_spread --positions {args.positions} --seeds {args.seeds} "
            f"--worlds {args.worlds} --policy {args.policy} --seed {args.seed}",
            [
                *(f"- {line}." for line in lines),
                "",
                f"The first {args.positions // 2} positions are constrained (4 players, "
                "double-six, the most draws and passes by the others), the rest ordinary "
                "(4 players, double-nine, mid-round). Per position, points / loss ratio: "
                + "; ".join(said)
                + ".",
            ],
            page=args.write_docs,
        )


if __name__ == "__main__":
    main()
