"""Benchmark: how many points a round the search bots could gain with more worlds, and for what.

Run ``nice -n 10 python -m tools.search_ceiling`` (``--games N`` (20), ``--players N`` (4),
``--truth W`` (8,000), ``--worlds`` (``200,1000,2000,4000``), ``--races`` (the deep search
bot's first batch and most worlds, ``200:1600,1000:8000``), ``--rules NAME`` (a preset, or
``default``: double-nine), ``--seed S``). It prints numbers and asserts nothing.

A tournament needs thousands of deals to tell two strengths a few tenths of a point apart.
This asks the question on single choices instead. Coaches play ``N`` rounds; at each choice
of a seat with two or more legal moves, :func:`~cfwidget.analysis.evaluate` rates the moves
once with ``--truth`` worlds (the reference), and each bot to measure chooses, on its own
seed:

- the search bot at each strength of ``--worlds`` (the rating's best unless the coach's
  move loses by no more than ``doubt`` standard errors of its loss; see
  :class:`~cfwidget.analysis.SearchBot`);
- the deep search bot for each ``first:most`` of ``--races`` (the coach's move unless the
  race drops it; see :class:`~cfwidget.analysis.DeepSearchBot`).

What a choice gains is the coach's move's loss minus the chosen move's loss, both read from
the reference. The sum over a seat's choices in a round is the points that round the bot
saves, as the reference rates them; averaged over seats and rounds it is comparable with a
tournament's points a game (``docs/measurements.md`` sets the two side by side).
``always best`` is the reference's own best move at every choice: about the most that
playouts of this policy can find at one ply, however many worlds (it reads a little high:
the reference's best is partly its luck). The bots' gains are unbiased against the
reference, since their worlds are independent of its worlds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import pandas as pd

from cfwidget.analysis import DOUBT, EvaluateError, evaluate, race
from cfwidget.analysis._deep_search import MARGIN, race_choice
from cfwidget.analysis._search import search_choice
from cfwidget.core import Observation, Round, Rules
from cfwidget.odds import CoachBot
from cfwidget.players import bot_moves


def _raced(view: Observation, coach: str, first: int, most: int, seed: int) -> tuple[str, int]:
    """The deep search bot's choice (its default margin) and the worlds it used."""
    found = race(view, most=most, first=first, seed=seed)
    return race_choice(found, coach, MARGIN), found.worlds


def _seed(*parts: object) -> int:
    return random.Random(":".join(map(str, parts))).randrange(2**63)


def _picks(
    view: Observation,
    mine: str,
    bots: list[tuple[str, int, int]],
    truth: int,
    seeds: tuple[int, int, int],
    doubt: float,
) -> tuple[pd.Series, dict[str, tuple[str, int]]]:
    """The reference's expected points at one choice, and per bot (name, first and most
    worlds: equal for a search bot) and ``"always best"`` its move and the worlds it used.
    An :class:`~cfwidget.EvaluateError` (too few worlds fit a stand-in opening) is raised."""
    ref = evaluate(view, worlds=truth, seed=_seed("truth", *seeds))
    picks = {"always best": (str(ref.index[0]), 0)}
    for name, first, most in bots:
        if first == most:
            table = evaluate(view, worlds=first, seed=_seed(name, *seeds))
            picks[name] = (search_choice(table, mine, doubt), first)
        else:
            picks[name] = _raced(view, mine, first, most, _seed(name, *seeds))
    return ref["expected_points"], picks


def measure(
    rules: Rules,
    games: int,
    players: int,
    truth: int,
    strengths: list[int],
    races: list[tuple[int, int]],
    seed: int,
    doubt: float,
) -> tuple[dict[str, list[float]], dict[str, list[int]], int]:
    """Per bot (and ``"always best"``), the points each seat's round saves; per bot the
    worlds each choice used; and how many choices were left out because a rating refused
    them (too few imagined worlds fit a stand-in opening)."""
    bots = [(f"search {w:,}", w, w) for w in strengths]
    bots += [(f"race {f:,}:{m:,}", f, m) for f, m in races]
    saved: dict[str, list[float]] = {key: [] for key, _, _ in [*bots, ("always best", 0, 0)]}
    used: dict[str, list[int]] = {key: [] for key, _, _ in bots}
    coach, refused = CoachBot(), 0
    for game in range(games):
        rnd = Round.deal(rules, players=players, seed=seed * 1000 + game)
        per_seat = {key: [0.0] * players for key in saved}
        step = 0
        while not rnd.is_over:
            view = rnd.observation(rnd.turn)
            played = coach(view)
            if len(bot_moves(view)) > 1:
                mine = str(played)
                try:
                    points, picks = _picks(view, mine, bots, truth, (seed, game, step), doubt)
                except EvaluateError:
                    refused += 1
                else:
                    for name, (pick, worlds) in picks.items():
                        per_seat[name][rnd.turn] += float(points[mine] - points[pick])
                        if name in used:
                            used[name].append(worlds)
            rnd.play(played)
            step += 1
        for key, seats in per_seat.items():
            saved[key].extend(seats)
        print(f"  round {game + 1} of {games} done", file=sys.stderr, flush=True)
    return saved, used, refused


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--truth", type=int, default=8000)
    parser.add_argument("--worlds", default="200,1000,2000,4000")
    parser.add_argument("--races", default="200:1600,1000:8000")
    parser.add_argument("--doubt", type=float, default=DOUBT)
    parser.add_argument("--rules", default="default")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = Rules() if args.rules == "default" else Rules.preset(args.rules)
    strengths = [int(w) for w in args.worlds.split(",") if w]
    races = [(int(f), int(m)) for f, m in (r.split(":") for r in args.races.split(",") if r)]
    start = time.process_time()
    saved, used, refused = measure(
        rules, args.games, args.players, args.truth, strengths, races, args.seed, args.doubt
    )
    took = time.process_time() - start
    print(
        f"search ceiling: {args.games} rounds of {args.players} coaches (rules {args.rules}), "
        f"reference {args.truth:,} worlds, doubt {args.doubt:g}, seed {args.seed}; "
        f"{took:.0f} s of processor time; {refused} choices left out (a rating refused them)"
    )
    for key, values in saved.items():
        mean = statistics.fmean(values)
        err = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
        worlds = f"; {statistics.fmean(used[key]):,.0f} worlds a choice" if key in used else ""
        print(
            f"  {key:>18}: saves {mean:5.2f} points a seat's round "
            f"(+/- {1.96 * err:.2f}, {len(values)} seat-rounds{worlds})"
        )


if __name__ == "__main__":
    main()
