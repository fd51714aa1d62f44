"""Measure whether the review's flags hold: flagged moves re-rated with a fresh seed at 4x.

Run ``python -m tools.verdict_stability`` (``--rounds N``, ``--worlds W``, ``--players P``).
It reviews ``N`` 4-player double-nine rounds (seats played by the coach-like ``tips`` bot,
one seat in two by the random bot so that there are mistakes to find) at ``W`` worlds
(``review``'s default, 100), with its re-rating of close calls. Every move flagged (an
inaccuracy, a mistake or a blunder; an ``"unclear"`` move is not a flag) is then rated
again on its own with a fresh seed and ``4 x W`` worlds by
:func:`~cfwidget.analysis.evaluate` (its verdict: the loss against that table's best and
the review's thresholds, no re-rating), and the tool prints the share that keep their exact
verdict, the share still flagged at all, and how many rated moves the review left
unclear (and how many of those the 4x rating would flag). The issue asks for at least 90%
kept. It asserts nothing.
"""

from __future__ import annotations

import argparse
import random

from cfwidget.analysis import evaluate, review
from cfwidget.analysis._verdicts import FLAGS, UNCLEAR, loss_of, verdict
from cfwidget.core import Round, Rules
from cfwidget.players import tips

from . import measurements

__all__ = ["FLAGS", "main", "played_round"]


def played_round(seed: int, players: int = 4) -> Round:
    """A finished round: even seats played by the tips bot, odd seats at random.

    >>> played_round(1).is_over
    True
    """
    rnd = Round.deal(Rules(), players, seed=seed)
    pick = random.Random(seed)
    while not rnd.is_over:
        legal = rnd.legal_moves()
        if rnd.turn % 2:
            rnd.play(pick.choice(legal))
        else:
            rnd.play(tips(rnd.observation(rnd.turn)))
    return rnd


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--worlds", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--once", action="store_true", help="review without re-rating")
    measurements.add_option(parser)
    parser.add_argument("--fresh", type=int, default=777, help="the fresh seed of the re-rating")
    args = parser.parse_args(argv)
    flagged = kept = still = unclear = rated = unclear_flagged = 0
    for i in range(args.rounds):
        rnd = played_round(args.seed * 1000 + i, args.players)
        most = args.worlds if args.once else None
        rev = review(rnd, worlds=args.worlds, seed=i, max_worlds=most)
        moves = rev.moves
        rated += int((moves["verdict"] != "forced").sum())
        for row, (_, line) in enumerate(moves.iterrows()):
            if line["verdict"] not in (*FLAGS, UNCLEAR):
                continue
            at = rev.round_at(int(line["round"]), int(line["move_number"]))
            table = evaluate(at, worlds=4 * args.worlds, seed=args.fresh + row)
            loss, se = loss_of(table, str(line["played"]))
            again = {"verdict": verdict(loss, se), "loss": loss, "std_error": se}
            if line["verdict"] == UNCLEAR:
                unclear += 1
                unclear_flagged += again["verdict"] in FLAGS
            else:
                flagged += 1
                kept += again["verdict"] == line["verdict"]
                still += again["verdict"] in FLAGS
            print(
                f"round {i}, move {int(line['move_number'])}: {line['verdict']} "
                f"(loss {float(line['loss']):.1f} +- {float(line['std_error']):.1f}, "
                f"{int(line['worlds_rated'])} worlds) -> {again['verdict']} at "
                f"{4 * args.worlds} worlds (loss {again['loss']:.1f} +- {again['std_error']:.1f})"
            )
    said = (
        f"{rated} moves rated at {args.worlds} worlds; {flagged} flagged, {unclear} unclear "
        f"({unclear / max(rated, 1):.0%} of the rated moves). Re-rated with a fresh seed at "
        f"{4 * args.worlds} worlds: {kept} of {flagged} flags keep their exact verdict "
        f"({kept / max(flagged, 1):.0%}; asked: at least 90%), {still} are still flagged "
        f"({still / max(flagged, 1):.0%}); {unclear_flagged} of the {unclear} unclear moves "
        "would be flagged"
    )
    print(said)
    if args.write_docs is not None:
        how = "without re-rating" if args.once else "flags checked on fresh worlds"
        measurements.record(
            f"verdict_stability {'once' if args.once else 'settled'}",
            f"Verdicts that hold: flags re-rated with a fresh seed at 4x the worlds ({how})",
            f"python -m tools.verdict_stability --rounds {args.rounds} --worlds {args.worlds} "
            f"--players {args.players} --seed {args.seed} --fresh {args.fresh}"
            + (" --once" if args.once else ""),
            [said + "."],
            page=args.write_docs,
        )


if __name__ == "__main__":
    main()
