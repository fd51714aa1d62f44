"""A duplicate match for any number of players: one contender in every chair of every deal.

:func:`rotation_match` deals each deal once (the same hands and the same yard for everyone)
and plays it ``players + 1`` times: once with the opponent bot in every chair (the
baseline), and once with the contender in each chair in turn, the opponent in the others.
The contender's points in a chair are compared with the opponent's points in the same chair
on the same deal (the standard duplicate score), so the luck of the cards cancels: a deal
that is good for chair 2 is good for whoever sits there. :func:`rotation_summary` averages
the chairs of a deal first (they share their deal's luck) and gives 95% intervals over deals.

>>> from cfwidget import Rules
>>> results = rotation_match("random", "greedy", Rules(hand_size=7), players=3, deals=30, seed=1)
>>> len(results), sorted(set(results["chair"]))
(90, [0, 1, 2])
>>> table = rotation_summary(results)
>>> bool(table.loc["all", "difference"] > 0)  # random scores more points than greedy would
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import pandas as pd

from .._shared import check_whole, shown
from ..core import Move, Observation, Round, Rules, check_rules, check_seed
from ._bots import Bot, check_bot, find_bot, make_bot, play_round
from ._errors import BotError, SimulationError
from ._simulation import MAX_ROUNDS, _ByName, _round_seed, check_executor, run_chunks

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["ROTATION_COLUMNS", "TIMED_COLUMNS", "rotation_match", "rotation_summary"]

Z95 = 1.959963984540054  # the normal quantile for a 95% interval

#: The columns of a :func:`rotation_match`, one row per deal and chair.
ROTATION_COLUMNS = [
    "deal",
    "chair",
    "points",
    "baseline",
    "difference",
    "win",
    "baseline_win",
    "out",
    "baseline_out",
    "others",
]


@dataclass(frozen=True)
class _Named:
    """A bot given by name: made afresh for every game, seeded from the deal and its chair."""

    name: str
    factory: Callable[..., Bot]
    strength: int | str | None = None

    def make(self, seed: int) -> Bot:
        if self.strength is None:
            return self.factory(seed)
        return self.factory(seed, strength=self.strength)


_Spec = _Named | Bot


def _check_bot(bot: object, role: str, strength: int | str | None) -> _Spec:
    if isinstance(bot, str):
        factory = find_bot(bot)  # a BotError names the bots there are
        if strength is not None:
            make_bot(bot, 1, strength=strength)  # refuses a bad strength, or a bot without one
        return _Named(bot, factory, strength)
    if isinstance(bot, _ByName):
        return _Named(bot.name, bot.factory, strength)
    if not callable(bot):
        raise BotError(
            f"the {role} is a bot's name or a callable observation -> move; got {shown(bot)}"
        )
    check_bot(bot, f"the {role}")
    if strength is not None:
        raise BotError("strength goes with a contender given by name, such as 'search'")
    return cast(Bot, bot)


def _seat_bot(spec: _Spec, seed: int, deal: int, chair: int) -> Bot:
    if isinstance(spec, _Named):
        bot_seed = random.Random(_round_seed(seed, deal, f"bot{chair}")).randrange(2**63)
        return spec.make(bot_seed)
    return spec


def _play(rnd: Round, bots: Sequence[Bot]) -> list[int]:
    play_round(rnd, bots)
    return rnd.scores()


#: The columns a timed :func:`rotation_match` adds: the contender's moves in that game, the
#: seconds it took to choose them by the clock on the wall, and the processor seconds its
#: process spent on them (on a shared machine the clock also counts others' work).
TIMED_COLUMNS = ["moves", "seconds", "cpu_seconds"]


class _Timed:
    """A bot that counts its moves and the time it took to choose them."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.moves = 0
        self.seconds = 0.0
        self.cpu_seconds = 0.0

    def __call__(self, obs: Observation) -> Move:
        start, cpu = time.perf_counter(), time.process_time()
        move = self.bot(obs)
        self.seconds += time.perf_counter() - start
        self.cpu_seconds += time.process_time() - cpu
        self.moves += 1
        return move


def _wins(scores: Sequence[int]) -> list[float]:
    """Each seat's share of the win: the lowest score wins, a tie shares it."""
    low = min(scores)
    tied = sum(1 for s in scores if s == low)
    return [1.0 / tied if s == low else 0.0 for s in scores]


def _deal_rows(
    rules: Rules,
    players: int,
    contender: _Spec,
    opponent: _Spec,
    seed: int,
    deal: int,
    timed: bool = False,
) -> list[dict[str, Any]]:
    """Play one deal ``players + 1`` times and give one row per chair of the contender."""
    deal_seed = random.Random(_round_seed(seed, deal, "deal")).randrange(2**63)
    baseline_round = Round.deal(rules, players, seed=deal_seed)
    base = _play(baseline_round, [_seat_bot(opponent, seed, deal, s) for s in range(players)])
    base_wins = _wins(base)
    rows = []
    for chair in range(players):
        rnd = Round.deal(rules, players, seed=deal_seed)
        bots = [
            _seat_bot(contender if s == chair else opponent, seed, deal, s) for s in range(players)
        ]
        timer = _Timed(bots[chair])
        if timed:
            bots[chair] = timer
        scores = _play(rnd, bots)
        others = [score for s, score in enumerate(scores) if s != chair]
        row: dict[str, Any] = {
            "deal": deal,
            "chair": chair,
            "points": scores[chair],
            "baseline": base[chair],
            "difference": scores[chair] - base[chair],
            "win": _wins(scores)[chair],
            "baseline_win": base_wins[chair],
            "out": float(rnd.went_out == chair),
            "baseline_out": float(baseline_round.went_out == chair),
            "others": sum(others) / len(others),
        }
        if timed:
            row.update(moves=timer.moves, seconds=timer.seconds, cpu_seconds=timer.cpu_seconds)
        rows.append(row)
    return rows


def _chunk(
    rules_data: dict[str, Any],
    players: int,
    contender: _Spec,
    opponent: _Spec,
    seed: int,
    timed: bool,
    start: int,
    stop: int,
) -> list[dict[str, Any]]:
    rules = Rules.from_dict(rules_data)
    rows = []
    for deal in range(start, stop):
        rows += _deal_rows(rules, players, contender, opponent, seed, deal, timed)
    return rows


def rotation_match(
    contender: Bot | str,
    opponent: Bot | str,
    rules: Rules,
    players: int,
    deals: int,
    seed: int,
    executor: Executor | Client | None = None,
    *,
    strength: int | str | None = None,
    chunk_size: int = 5,
    progress: Callable[[pd.DataFrame], None] | None = None,
    timed: bool = False,
    skip: Collection[int] = (),
) -> pd.DataFrame:
    """The ``contender`` in every chair of every deal, against ``opponent`` in the others.

    Every deal (numbered ``0 .. deals - 1``, fixed by ``seed``) is played ``players + 1``
    times on the same hands and yard: once by ``opponent`` in every chair (the baseline),
    then once with the contender in each chair in turn. A bot given by name is made afresh
    for every game, seeded from ``seed``, the deal and its chair, so the opponent in chair 2
    is the same player in every game of a deal, and the frame depends on ``seed`` alone,
    with or without ``executor`` (a process pool, or a Dask client). ``strength`` goes to a
    contender given by name (``"search"``). A bot given as an object is used as it is (it
    must be picklable for a process pool). ``progress``, if given, is called with the rows
    of every ``chunk_size`` deals as they finish (for logs and partial saves). ``timed``
    adds :data:`TIMED_COLUMNS`: the contender's moves in each game and the time it took to
    choose them (clock readings: the only columns that vary from run to run). ``skip``
    names deals (numbers below ``deals``) not to play: those a run cut short has already
    played, so that a second call finishes the match; the rows of the two calls together
    are the rows of one call without ``skip`` (for bots given by name, made afresh for
    every game; a bot object that keeps state between games plays its own way).

    One row per deal and chair (:data:`ROTATION_COLUMNS`): ``points`` (the contender's, in
    that chair), ``baseline`` (the opponent's in the same chair on the same deal),
    ``difference`` (points minus baseline: negative when the contender does better),
    ``win`` and ``baseline_win`` (the share of that game's win: the lowest score wins, a tie
    shares it), ``out`` and ``baseline_out`` (1.0 if that chair went out), ``others`` (the
    average points of the opponents at the contender's table).

    >>> from cfwidget import Rules
    >>> same = rotation_match("greedy", "greedy", Rules(hand_size=7), players=4, deals=5, seed=2)
    >>> bool((same["difference"] == 0).all())  # the same bot in the same chair plays alike
    True
    >>> rest = rotation_match("greedy", "random", Rules(), 2, deals=5, seed=2, skip={0, 1, 3})
    >>> sorted(set(rest["deal"]))
    [2, 4]
    """
    check_rules(rules)
    check_whole(players, "players", SimulationError)
    rules.hand_size_for(players)  # checks the player count against the rules
    check_whole(deals, "deals", SimulationError, low=1, high=MAX_ROUNDS)
    check_whole(chunk_size, "chunk_size", SimulationError, low=1)
    if progress is not None and not callable(progress):
        raise SimulationError(f"progress is a function that takes the rows, got {shown(progress)}")
    if seed is None:
        raise SimulationError(
            "a rotation match needs a seed (a whole number), so it can be repeated"
        )
    seed = check_seed(seed)
    spec_contender = _check_bot(contender, "contender", strength)
    spec_opponent = _check_bot(opponent, "opponent", None)
    check_executor(executor)  # refused before any work starts
    job = (rules.to_dict(), players, spec_contender, spec_opponent, seed, timed)
    bounds = _bounds(deals, chunk_size, _check_skip(skip, deals))
    rows: list[dict[str, Any]] = []
    columns = ROTATION_COLUMNS + TIMED_COLUMNS if timed else ROTATION_COLUMNS

    def finished(part: list[dict[str, Any]], size: int) -> None:
        rows.extend(part)
        if progress is not None:
            progress(pd.DataFrame(part, columns=columns))

    run_chunks(_chunk, job, bounds, executor, finished)
    rows.sort(key=lambda r: (r["deal"], r["chair"]))
    frame: pd.DataFrame = pd.DataFrame(rows, columns=columns)
    return frame


def _check_skip(skip: object, deals: int) -> frozenset[int]:
    """The deal numbers of ``skip``, checked: whole numbers from 0 to ``deals - 1``."""
    if isinstance(skip, (str, bytes)) or not isinstance(skip, Collection):
        raise SimulationError(f"skip is a set of deal numbers, got {shown(skip)}")
    return frozenset(
        check_whole(number, "a deal number in skip", SimulationError, low=0, high=deals - 1)
        for number in skip
    )


def _bounds(deals: int, size: int, skip: frozenset[int]) -> list[tuple[int, int]]:
    """The deals to play as ``(start, stop)`` runs of at most ``size`` deals, none of ``skip``."""
    bounds: list[tuple[int, int]] = []
    start = None
    for deal in range(deals + 1):
        if start is not None and (deal == deals or deal in skip or deal - start == size):
            bounds.append((start, deal))
            start = None
        if start is None and deal < deals and deal not in skip:
            start = deal
    return bounds


def _interval(values: pd.Series) -> tuple[float, float, float]:
    """The mean and its 95% normal interval (1.96 standard errors each side)."""
    n = len(values)
    mean = float(values.mean())
    se = float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    return mean, mean - Z95 * se, mean + Z95 * se


def rotation_summary(results: pd.DataFrame) -> pd.DataFrame:
    """A :func:`rotation_match` in numbers: one row per chair, and ``"all"`` for every chair.

    Columns: ``deals``, ``games`` (the contender's), ``points`` and ``baseline_points``
    (average points a game: the contender's, and the opponent's in the same chairs on the
    same deals), ``others_points`` (the opponents at the contender's table),
    ``difference`` (points minus baseline) with its 95% interval ``low`` .. ``high``,
    ``win_share`` and ``baseline_win_share`` (share of games won, ties shared), their
    difference ``win_difference`` with ``win_low`` .. ``win_high``, and ``out_share`` and
    ``baseline_out_share`` (share of games that chair went out). Intervals are normal
    (mean plus or minus 1.96 standard errors) over deals: in the ``"all"`` row each deal's
    chairs are averaged first, because they share the deal's luck.

    >>> from cfwidget import Rules
    >>> results = rotation_match("random", "greedy", Rules(hand_size=7), 3, deals=20, seed=4)
    >>> list(rotation_summary(results).index)
    [0, 1, 2, 'all']
    """
    missing = [c for c in ROTATION_COLUMNS if c not in getattr(results, "columns", [])]
    if not isinstance(results, pd.DataFrame) or missing or results.empty:
        raise SimulationError("give the frame rotation_match returned (it has no rows or columns)")
    results = results.assign(win_difference=results["win"] - results["baseline_win"])
    groups: list[tuple[object, pd.DataFrame]] = list(results.groupby("chair"))
    by_deal = results.groupby("deal")[
        [
            "points",
            "baseline",
            "others",
            "difference",
            "win",
            "baseline_win",
            "win_difference",
            "out",
            "baseline_out",
        ]
    ].mean()
    rows = {}
    for key, frame, games in [*((k, g, len(g)) for k, g in groups), ("all", by_deal, len(results))]:
        difference, low, high = _interval(frame["difference"])
        win_difference, win_low, win_high = _interval(frame["win_difference"])
        rows[key] = {
            "deals": len(frame),
            "games": games,
            "points": float(frame["points"].mean()),
            "baseline_points": float(frame["baseline"].mean()),
            "others_points": float(frame["others"].mean()),
            "difference": difference,
            "low": low,
            "high": high,
            "win_share": float(frame["win"].mean()),
            "baseline_win_share": float(frame["baseline_win"].mean()),
            "win_difference": win_difference,
            "win_low": win_low,
            "win_high": win_high,
            "out_share": float(frame["out"].mean()),
            "baseline_out_share": float(frame["baseline_out"].mean()),
        }
    table: pd.DataFrame = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "chair"
    return table
