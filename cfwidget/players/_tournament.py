"""Bot tournaments: does a strategy win more often, and how sure can we be?

:func:`duplicate_match` plays every deal twice, once from each chair, between a contender
and a fixed opponent (a duplicate match, as in bridge clubs), so a lucky deal helps both
sides alike, and every contender meets the same deals. :func:`summarize` gives win rates
with 95% confidence intervals (a normal interval over deals: each deal's two games are
averaged first, since they share their luck); :func:`paired_difference` compares two
contenders deal by deal. :func:`wilson_interval` is the textbook interval for a proportion.

>>> from cfwidget import Rules
>>> bots = {"random": "random", "greedy": "greedy"}
>>> results = duplicate_match(bots, "greedy", Rules(hand_size=7), rounds=40, seed=1)
>>> summarize(results)[["games", "win_rate", "low", "high"]].round(2)
           games  win_rate   low  high
contender
random        80      0.31  0.21   0.4
greedy        80      0.50  0.50   0.5
>>> pairs = {"greedy over random": ("greedy", "random")}
>>> paired_difference(results, pairs)[["win_rate", "low", "high"]].round(2)
                    win_rate  low  high
difference
greedy over random      0.19  0.1  0.29
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from concurrent.futures import Executor
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from .._shared import check_whole, is_number
from ..core import Move, Observation, Rules
from ._bots import Bot, heaviest
from ._errors import SimulationError
from ._simulation import simulate

if TYPE_CHECKING:
    from distributed import Client
    from matplotlib.figure import Figure

__all__ = [
    "duplicate_match",
    "face_value",
    "head_to_head",
    "paired_difference",
    "plot_win_rates",
    "summarize",
    "wilson_interval",
]

Z95 = 1.959963984540054  # the normal quantile for a 95% interval


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """A confidence interval for a win rate: ``wins`` out of ``games`` (ties may count 0.5).

    The Wilson score interval: it stays inside 0..1 and behaves well for small counts, unlike
    the plain "rate plus or minus 1.96 standard errors". ``z`` = 1.96 gives 95%.

    >>> low, high = wilson_interval(58, 100)
    >>> round(low, 3), round(high, 3)
    (0.482, 0.672)
    """
    check_whole(games, "games", SimulationError, low=1)
    if not is_number(wins) or not 0 <= wins <= games:
        raise SimulationError(f"wins must be from 0 to games ({games}), got {wins!r}")
    if not is_number(z) or not z > 0:
        raise SimulationError(f"z must be positive, got {z!r}")
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def face_value(obs: Observation) -> Move:
    """Plays its heaviest tile by the pips printed on it: a player who ignores the blank tip.

    To this bot the double blank (0 pips on its face, but 50 points at the end) looks like
    its lightest tile, so it keeps it. Apart from that it plays like
    :func:`~cfwidget.players.greedy`, so the two differ only in how they treat ``0-0``.

    >>> from cfwidget import Round, Rules
    >>> face_value(Round.deal(Rules(), players=2, seed=1).observation(1))
    Move.parse('9-6@9-9')
    """
    return heaviest(obs, 0)


def _mean_interval(values: pd.Series) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation: 1.96 standard errors each side)."""
    n = len(values)
    mean = float(values.mean())
    se = float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    return mean, mean - Z95 * se, mean + Z95 * se


def duplicate_match(
    contenders: Mapping[str, Bot | str],
    opponent: Bot | str,
    rules: Rules,
    rounds: int,
    seed: int,
    executor: Executor | Client | None = None,
) -> pd.DataFrame:
    """Each contender against ``opponent``, two players, every deal played from both chairs.

    ``contenders`` maps a name to a bot (a bot name such as ``"random"``, or a callable);
    ``opponent`` is the bot they all face; ``rules`` the table's rules; ``rounds`` how many
    deals (each is played twice, so there are twice as many games); ``seed`` fixes the deals,
    which are the same for every contender; ``executor`` (a process pool, or a Dask client) runs the
    games in parallel with identical results.

    One row per contender and deal: ``contender``, ``deal``, ``win_share`` (of its two games
    on that deal: 0, 0.5 or 1, a tie counting half a win) and ``points`` (the opponent's
    score minus the contender's, averaged over the two games: positive when the contender
    scores less).
    """
    if not isinstance(contenders, Mapping) or not contenders:
        raise SimulationError("give at least one contender, as a {name: bot} mapping")
    frames = []
    for name, bot in contenders.items():
        first = simulate(rules, 2, [bot, opponent], rounds, seed, executor, progress=False)
        second = simulate(rules, 2, [opponent, bot], rounds, seed, executor, progress=False)
        # one row per deal, one column per chair the contender sat in
        mine = np.column_stack([first["score_0"].to_numpy(), second["score_1"].to_numpy()])
        theirs = np.column_stack([first["score_1"].to_numpy(), second["score_0"].to_numpy()])
        won = (mine < theirs) + 0.5 * (mine == theirs)
        frames.append(
            pd.DataFrame(
                {
                    "contender": name,
                    "deal": first["round"].to_numpy(),
                    "win_share": won.mean(axis=1),
                    "points": (theirs - mine).mean(axis=1),
                }
            )
        )
    combined: pd.DataFrame = pd.concat(frames, ignore_index=True)
    return combined


def summarize(results: pd.DataFrame) -> pd.DataFrame:
    """One row per contender of a :func:`duplicate_match`, with 95% intervals.

    Columns: ``deals``, ``games``, ``wins`` (a tie counts half), ``win_rate`` with its 95%
    interval ``low`` .. ``high``, and ``points`` (per game, the opponent's score minus the
    contender's) with its interval ``points_low`` .. ``points_high``. An interval is the mean
    over deals plus or minus 1.96 standard errors: each deal counts once, because its two
    games share their luck.
    """
    rows = {}
    for name, group in results.groupby("contender", sort=False):
        rate, low, high = _mean_interval(group["win_share"])
        points, points_low, points_high = _mean_interval(group["points"])
        rows[name] = {
            "deals": len(group),
            "games": 2 * len(group),
            "wins": float(2 * group["win_share"].sum()),
            "win_rate": rate,
            "low": max(0.0, low),
            "high": min(1.0, high),
            "points": points,
            "points_low": points_low,
            "points_high": points_high,
        }
    table: pd.DataFrame = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "contender"
    return table


def head_to_head(
    contenders: Mapping[str, Bot | str],
    opponent: Bot | str,
    rules: Rules,
    rounds: int,
    seed: int,
    executor: Executor | Client | None = None,
) -> pd.DataFrame:
    """:func:`summarize` of a :func:`duplicate_match` (same arguments): one row per contender."""
    return summarize(duplicate_match(contenders, opponent, rules, rounds, seed, executor))


def paired_difference(results: pd.DataFrame, pairs: Mapping[str, tuple[str, str]]) -> pd.DataFrame:
    """What a difference between two bots is worth, deal by deal, with 95% intervals.

    ``results`` is a :func:`duplicate_match`; ``pairs`` maps a label to ``(with, without)``,
    two contenders that played the same deals. Because both met the same deals, the
    difference is taken deal by deal, which cancels the luck of the deal and gives a much
    narrower interval than comparing two separate win rates. Columns: ``win_rate`` (the
    first's minus the second's) with ``low`` .. ``high``, and ``points`` (per game the
    first saves) with ``points_low`` .. ``points_high``.
    """
    by_name = {str(name): group.set_index("deal") for name, group in results.groupby("contender")}
    rows = {}
    for label, (better, worse) in pairs.items():
        for name in (better, worse):
            if name not in by_name:
                known = ", ".join(sorted(by_name))
                raise SimulationError(
                    f"no contender named {name!r} in the results; they are: {known}"
                )
        a, b = by_name[better], by_name[worse]
        rate, low, high = _mean_interval(a["win_share"] - b["win_share"])
        points, points_low, points_high = _mean_interval(a["points"] - b["points"])
        rows[label] = {
            "win_rate": rate,
            "low": low,
            "high": high,
            "points": points,
            "points_low": points_low,
            "points_high": points_high,
        }
    table: pd.DataFrame = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "difference"
    return table


def plot_win_rates(table: pd.DataFrame, title: str = "Win rate with 95% intervals") -> Figure:
    """A dot for each contender's win rate, a line for its 95% interval, and 50% marked.

    ``table`` is a :func:`head_to_head` result; the figure has a fixed size.
    """
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7.0, 0.45 * len(table) + 1.2))
    ax = fig.add_subplot()
    y = list(range(len(table)))[::-1]
    rates = table["win_rate"].to_numpy()
    ax.errorbar(
        rates,
        y,
        xerr=[rates - table["low"].to_numpy(), table["high"].to_numpy() - rates],
        fmt="o",
        color="#1f5f8b",
        ecolor="#1f5f8b",
        capsize=3,
    )
    ax.axvline(0.5, color="#888888", linestyle="--", linewidth=1)
    ax.set_yticks(y, [str(name) for name in table.index])
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games won against the opponent")
    ax.set_title(title)
    fig.tight_layout()
    return fig
