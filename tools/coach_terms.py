"""What each term of the coach's score is worth: the coach without it against the coach.

Run ``nice -n 10 python -m tools.coach_terms`` (``--players N`` (4), ``--deals N`` (1,500),
``--workers W``, ``--seed S``, ``--only NAME``). It prints numbers; it asserts nothing. Each
variant is the coach with some of its weights (:mod:`cfwidget.odds`, ``_coach.py``) set to
zero, played by :func:`cfwidget.players.rotation_match` against the full coach: every deal
once with the coach in every chair, then once with the variant in each chair. The paired
difference is the variant's points minus the coach's in the same chair on the same deal
(positive: the term is worth that many points a round), with a 95% normal interval.

This is how the playout kernel's coach-like policy (``cfwidget/analysis/_policies.py``)
chose the terms it keeps. With ``--write-docs`` it records its figures in
``docs/measurements.md``, where the recorded runs are.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cfwidget.core import Move, Observation, Rules
from cfwidget.odds import CoachBot, _coach
from cfwidget.players import rotation_match, rotation_summary

from . import measurements

#: Each variant: the coach's weights it sets (to nothing).
VARIANTS: dict[str, dict[str, Any]] = {
    "shed only": {
        "THEIR_DRAW": 0.0,
        "DANGER": {},
        "FOLLOW": 0.0,
        "MY_DRAW": 0.0,
        "WAITING": 0.0,
        "STUCK": 0.0,
    },
    "no waiting": {"WAITING": 0.0},
    "no others' chances": {"THEIR_DRAW": 0.0, "DANGER": {}},
    "no stuck": {"STUCK": 0.0},
    "no follow": {"FOLLOW": 0.0, "MY_DRAW": 0.0},
    "shed and waiting": {
        "THEIR_DRAW": 0.0,
        "DANGER": {},
        "FOLLOW": 0.0,
        "MY_DRAW": 0.0,
        "STUCK": 0.0,
    },
}


class Variant:
    """The coach with ``weights`` in place of its own for the length of each choice (a
    process of a pool plays one game at a time, so nothing else sees them)."""

    def __init__(self, weights: dict[str, Any]) -> None:
        self.weights = weights

    def __call__(self, obs: Observation) -> Move:
        kept = {name: getattr(_coach, name) for name in self.weights}
        for name, value in self.weights.items():
            setattr(_coach, name, value)
        try:
            return CoachBot()(obs)
        finally:
            for name, value in kept.items():
                setattr(_coach, name, value)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--only", choices=list(VARIANTS), default=None)
    measurements.add_option(parser)
    args = parser.parse_args(argv)
    names = [args.only] if args.only else list(VARIANTS)
    pool = ProcessPoolExecutor(min(args.workers, os.cpu_count() or 1)) if args.workers > 1 else None
    lines: list[str] = []
    try:
        for name in names:
            start = time.perf_counter()
            rows = rotation_match(
                Variant(VARIANTS[name]), "coach", Rules(), args.players, args.deals, args.seed, pool
            )
            every = rotation_summary(rows).loc["all"]
            line = (
                f"{name}: {every['difference']:+.2f} [{every['low']:+.2f}, "
                f"{every['high']:+.2f}] points a round; win share {every['win_share']:.3f} "
                f"against {every['baseline_win_share']:.3f}"
            )
            lines.append(f"- {line}")
            print(f"{line} ({time.perf_counter() - start:.0f} s)", flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    if args.write_docs is not None and lines:
        measurements.record(
            f"coach_terms {args.players}",
            f"What each term of the coach's score is worth, {args.players} players",
            f"python -m tools.coach_terms --players {args.players} --deals {args.deals} "
            f"--seed {args.seed}" + (f" --only '{args.only}'" if args.only else ""),
            [
                "The coach without the terms named against the full coach, default rules "
                "(positive: the term is worth that many points a round):",
                "",
                *lines,
            ],
            page=args.write_docs,
        )


if __name__ == "__main__":
    main()
