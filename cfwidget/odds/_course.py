"""Pictures, samples and explorers for the probability course (notebooks 10 to 14).

Every figure has a fixed size, names its units on both axes and says how many samples it
shows (``n = ...``); an exact figure says it is exact. Every sample is seeded, so a notebook
shows the same numbers each run. The explorers redraw a PNG in an ``Image`` widget (no output
capture) and print their settings as their ``repr``.

>>> from cfwidget import Rules
>>> shares = deal_shares(Rules(hand_size=9), players=4, deals=5, seed=1)
>>> shares
[True, False, False, False, True]
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import NullFormatter

from .._shared import check_seed, check_whole, seed_at, shown, whole_in
from ..core import Round, Rules, Tile, full_set, set_size
from . import _exact as odds
from ._errors import OddsError
from ._plots import Explorer, png, set_buttons, slider

__all__ = [
    "ConvergenceExplorer",
    "HandExplorer",
    "deal_shares",
    "dealt_hands",
    "hypergeometric_figure",
    "interval_widths",
    "intervals_figure",
    "plot_calibration",
    "plot_interval_widths",
    "running_share_figure",
    "shrinking_figure",
]

EXACT_COLOUR = "#9ecae1"
SIMULATED_COLOUR = "#d94801"
MISSED_COLOUR = "#b2182b"
Z95 = 1.959963984540054  # the normal quantile for a 95% interval


def _count(name: str, value: object, low: int, high: int) -> int:
    return check_whole(value, name, OddsError, low=low, high=high)


# --- samples from the engine -------------------------------------------------------------------


def _check_deals(deals: int, seed: int) -> int:
    _count("deals", deals, 1, 1_000_000)
    return check_seed(seed, OddsError)


def _deals(rules: Rules, players: int, deals: int, seed: int) -> list[Round]:
    seed = _check_deals(deals, seed)
    return [Round.deal(rules, players, seed=seed_at(seed, i)) for i in range(deals)]


def dealt_hands(rules: Rules, players: int, deals: int, seed: int) -> list[tuple[Tile, ...]]:
    """Seat 0's hand as dealt (before any draw for the starting double), over seeded deals.

    >>> from cfwidget import Rules
    >>> [len(hand) for hand in dealt_hands(Rules(hand_size=9), players=4, deals=3, seed=1)]
    [9, 9, 9]
    """
    seed = _check_deals(deals, seed)
    Round.deal(rules, players, seed=seed)  # the rules and the table checked as for a deal
    size = rules.hand_size_for(players)
    hands = []
    for i in range(deals):  # Round.deal's shuffle, dealt hand by hand: seat 0 is dealt first
        tiles = list(full_set(rules.max_pip))
        random.Random(seed_at(seed, i)).shuffle(tiles)
        hands.append(tuple(tiles[:size]))
    return hands


def deal_shares(rules: Rules, players: int, deals: int, seed: int) -> list[bool]:
    """For each seeded deal: was the round's starting double dealt (no draw was needed)?"""
    return [not rnd.opening_draws for rnd in _deals(rules, players, deals, seed)]


# --- the deal: the hypergeometric distribution -------------------------------------------------


def hypergeometric_figure(max_pip: int, hand_size: int, number: int) -> Figure:
    """How many tiles showing ``number`` a hand of ``hand_size`` holds: exact bars.

    A fresh hand from the full double-``max_pip`` set (:func:`cfwidget.odds.hypergeometric`);
    the line marks the average, ``hand_size`` times the share of tiles showing the number.

    >>> fig = hypergeometric_figure(9, 9, 9)
    >>> fig.axes[0].get_xlabel()
    'tiles showing a 9 in the hand (count)'
    """
    n = odds._set_size(max_pip)
    _count("number", number, 0, max_pip)
    _count("hand_size", hand_size, 1, n)
    marked = sum(1 for t in full_set(max_pip) if t.has(number))
    dist = odds.hypergeometric(n, marked, hand_size)
    mean = Fraction(hand_size * marked, n)
    fig = Figure(figsize=(7.5, 3.2))
    ax = fig.add_subplot()
    ax.bar(dist.index.tolist(), [float(p) for p in dist], color=EXACT_COLOUR, label="exact")
    ax.axvline(float(mean), color=SIMULATED_COLOUR, linewidth=1, label=f"average {float(mean):.2f}")
    ax.set_xlabel(f"tiles showing a {number} in the hand (count)")
    ax.set_ylabel("chance")
    ax.set_title(
        f"A hand of {hand_size} from a double-{max_pip} set: exact, over all "
        f"{math.comb(n, hand_size):,} hands",
        fontsize=10,
    )
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    return fig


class HandExplorer(Explorer):
    """Sliders for the set, the hand size and a number that redraw :func:`hypergeometric_figure`
    and say the chance of holding none, with the counting that gives it.

    >>> HandExplorer(max_pip=6, hand_size=7, number=6)
    HandExplorer(max_pip=6, hand_size=7, number=6)
    """

    def __init__(self, max_pip: int = 9, hand_size: int = 9, number: int = 9) -> None:
        self._set = set_buttons(max_pip)
        _count("hand_size", hand_size, 1, set_size(max_pip) // 2)
        _count("number", number, 0, max_pip)
        self._hand = slider("Hand size", hand_size, 1, set_size(max_pip) // 2)
        self._number = slider("Number", number, 0, max_pip)
        super().__init__(self._drawn, max_pip=self._set, hand_size=self._hand, number=self._number)

    def _changed(self, change: dict[str, Any]) -> None:
        max_pip = int(self._set.value)
        self._hand.max = set_size(max_pip) // 2  # also clamps the value
        self._number.max = max_pip
        self._redraw()

    def _drawn(self) -> tuple[str, bytes]:
        max_pip, hand_size, number = self.settings
        n = set_size(max_pip)
        marked = sum(1 for t in full_set(max_pip) if t.has(number))
        none = odds.hypergeometric(n, marked, hand_size)[0]
        summary = (
            f"<p>{marked} of the {n} tiles show a {number}. A hand holds none of them with "
            f"chance C({n - marked}, {hand_size}) / C({n}, {hand_size}) = <b>{float(none):.1%}"
            f"</b>; on average it holds {hand_size} &times; {marked}/{n} = "
            f"<b>{hand_size * marked / n:.2f}</b>.</p>"
        )
        return summary, png(hypergeometric_figure(max_pip, hand_size, number))


# --- simulation: the law of large numbers and confidence intervals -----------------------------


def _interval(hits: int, n: int) -> tuple[float, float]:
    """The textbook 95% interval for a share: p +- 1.96 standard errors (within 0..1)."""
    p = hits / n
    half = Z95 * math.sqrt(p * (1 - p) / n)
    return max(0.0, p - half), min(1.0, p + half)


def _outcomes(outcomes: object) -> list[bool]:
    if isinstance(outcomes, (str, bytes)) or not isinstance(outcomes, Sequence) or not outcomes:
        raise OddsError(f"outcomes is a list of True/False results, got {shown(outcomes)}")
    return [bool(x) for x in outcomes]


def running_share_figure(
    runs: Sequence[Sequence[bool]], exact: Fraction, *, what: str, unit: str = "deals"
) -> Figure:
    """The law of large numbers: each run's share of successes as its samples add up.

    ``runs`` are lists of True/False outcomes (one list per seeded run), ``exact`` the true
    chance, ``what`` the success in words (for the axis) and ``unit`` what one sample is.
    The grey band is the exact chance plus or minus 1.96 standard errors for each ``n``:
    a share wanders out of it about one time in twenty.
    """
    if not isinstance(runs, Sequence) or not runs:
        raise OddsError(f"runs is a list of runs, each a list of outcomes; got {shown(runs)}")
    lists = [_outcomes(run) for run in runs]
    p = float(exact)
    longest = max(len(run) for run in lists)
    fig = Figure(figsize=(7.5, 3.4))
    ax = fig.add_subplot()
    ns = list(range(1, longest + 1))
    half = [Z95 * math.sqrt(p * (1 - p) / n) for n in ns]
    ax.fill_between(
        ns,
        [p - h for h in half],
        [p + h for h in half],
        color="#dddddd",
        label="exact ± 1.96 standard errors",
    )
    for i, run in enumerate(lists):
        hits, shares = 0, []
        for n, x in enumerate(run, start=1):
            hits += x
            shares.append(hits / n)
        ax.plot(range(1, len(run) + 1), shares, linewidth=1, label=f"run {i + 1}")
    ax.axhline(p, color="black", linewidth=1, label=f"exact {exact} = {p:.3f}")
    ax.set_xscale("log")
    ax.set_ylim(max(0.0, p - 0.35), min(1.0, p + 0.35))
    ax.set_xlabel(f"{unit} simulated so far (n, log scale)")
    ax.set_ylabel(f"share {what}")
    ax.set_title(
        f"The share settles on the exact chance ({len(lists)} runs, n = 1 to {longest:,} {unit})",
        fontsize=10,
    )
    ax.legend(frameon=False, fontsize=8, loc="lower right")
    fig.tight_layout()
    return fig


def intervals_figure(
    runs: Sequence[Sequence[bool]], exact: Fraction, *, unit: str = "deals"
) -> Figure:
    """One 95% interval per run (share ± 1.96 standard errors); those that miss are red.

    ``runs`` are lists of outcomes of the same length ``n``. About 19 intervals in 20 should
    catch the ``exact`` chance.
    """
    lists = [_outcomes(run) for run in runs] if isinstance(runs, Sequence) and runs else None
    if not lists or len({len(run) for run in lists}) != 1:
        raise OddsError("runs is a list of runs of outcomes, all of the same length")
    n, p = len(lists[0]), float(exact)
    fig = Figure(figsize=(7.5, 0.16 * len(lists) + 1.4))
    ax = fig.add_subplot()
    caught = 0
    for i, run in enumerate(lists):
        share = sum(run) / n
        low, high = _interval(sum(run), n)
        hit = low <= p <= high
        caught += hit
        colour = SIMULATED_COLOUR if hit else MISSED_COLOUR
        ax.plot([low, high], [i, i], color=colour, linewidth=2 if hit else 3)
        ax.plot([share], [i], "o", color=colour, markersize=3)
    ax.axvline(p, color="black", linewidth=1)
    ax.set_yticks([])
    ax.set_ylabel(f"{len(lists)} runs")
    ax.set_xlabel(f"share, with its 95% interval (exact {exact} = {p:.3f}: black line)")
    ax.set_title(
        f"{len(lists)} runs of n = {n:,} {unit} each: {caught} of {len(lists)} intervals "
        "catch the exact chance",
        fontsize=10,
    )
    fig.tight_layout()
    return fig


def shrinking_figure(
    outcomes: Sequence[bool], exact: Fraction, sizes: Sequence[int], *, unit: str = "deals"
) -> Figure:
    """The 95% interval from the first ``n`` outcomes, for each ``n`` in ``sizes``.

    Each interval's half-width is 1.96 standard errors, and a standard error shrinks like
    ``1 / sqrt(n)``: four times the samples, half the width. The dashed curves are the exact
    chance plus or minus 1.96 exact standard errors.
    """
    run = _outcomes(outcomes)
    p = float(exact)
    if not sizes or any(not whole_in(n, 1, len(run)) for n in sizes):
        raise OddsError(f"sizes are sample sizes from 1 to {len(run):,}, got {shown(sizes)}")
    fig = Figure(figsize=(7.5, 3.4))
    ax = fig.add_subplot()
    for n in sizes:
        hits = sum(run[:n])
        low, high = _interval(hits, n)
        ax.errorbar(
            [n],
            [hits / n],
            yerr=[[hits / n - low], [high - hits / n]],
            fmt="o",
            color=SIMULATED_COLOUR,
            capsize=3,
        )
        ax.annotate(
            f"width {high - low:.3f}",
            (n, high),
            textcoords="offset points",
            xytext=(0, 4),
            ha="center",
            fontsize=7,
        )
    grid = [int(min(sizes) * (max(sizes) / min(sizes)) ** (i / 60)) for i in range(61)]
    for sign in (-1, 1):
        ax.plot(
            grid,
            [p + sign * Z95 * math.sqrt(p * (1 - p) / n) for n in grid],
            linestyle="--",
            color="#888888",
            linewidth=1,
        )
    ax.axhline(p, color="black", linewidth=1)
    ax.set_xscale("log")
    ax.set_xticks(list(sizes), [f"{n:,}" for n in sizes])
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel(f"{unit} simulated (n, log scale)")
    ax.set_ylabel("share, with its 95% interval")
    ax.set_title(
        f"Four times the {unit}, half the width (first n of one run, n = {min(sizes):,} "
        f"to {max(sizes):,})",
        fontsize=10,
    )
    fig.tight_layout()
    return fig


class ConvergenceExplorer(Explorer):
    """A slider for how many deals to simulate and one for the seed; the picture shows the
    share of deals in which the starting double was dealt, with its 95% interval at the end.

    >>> from cfwidget import Rules
    >>> ConvergenceExplorer(Rules(hand_size=9), players=4, deals=100)
    ConvergenceExplorer(deals=100, seed=1)
    """

    SIZES = (10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000)

    def __init__(self, rules: Rules, players: int, deals: int = 100, seed: int = 1) -> None:
        if deals not in self.SIZES:
            raise OddsError(f"deals is one of {', '.join(map(str, self.SIZES))}; got {deals!r}")
        _count("seed", seed, 1, 20)
        self._rules, self._players = rules, players
        self._exact = odds.p_start_double_dealt(
            rules.max_pip, players, rules.hand_size_for(players)
        )
        self._deals = widgets.SelectionSlider(
            options=list(self.SIZES), value=deals, description="Deals", continuous_update=False
        )
        self._seed = slider("Seed", seed, 1, 20)
        self._cache: dict[int, list[bool]] = {}
        super().__init__(self._drawn, deals=self._deals, seed=self._seed)

    def _run(self, seed: int) -> list[bool]:
        if seed not in self._cache:
            self._cache[seed] = deal_shares(self._rules, self._players, max(self.SIZES), seed)
        return self._cache[seed]

    def _drawn(self) -> tuple[str, bytes]:
        n, seed = self.settings
        run = self._run(seed)[:n]
        low, high = _interval(sum(run), n)
        inside = "inside" if low <= self._exact <= high else "outside"
        summary = (
            f"<p>Seed {seed}: the double was dealt in <b>{sum(run):,}</b> of {n:,} deals, a "
            f"share of <b>{sum(run) / n:.3f}</b>; 95% interval {low:.3f} to {high:.3f} (width "
            f"{high - low:.3f}). The exact chance {self._exact} = {float(self._exact):.3f} is "
            f"{inside} it.</p>"
        )
        fig = running_share_figure(
            [run],
            self._exact,
            what=f"of deals with {self._rules.max_pip}-{self._rules.max_pip} dealt",
        )
        return summary, png(fig)


# --- strategy: how an interval narrows with more deals ------------------------------------------


def interval_widths(results: pd.DataFrame, contender: str, sizes: Sequence[int]) -> pd.DataFrame:
    """A contender's win rate and 95% interval from its first ``n`` deals, for each ``n``.

    ``results`` is a :func:`cfwidget.players.duplicate_match`; columns: ``win_rate``,
    ``low``, ``high`` and ``width`` (``high - low``), indexed by ``deals``.
    """
    from ..players import summarize

    if not isinstance(results, pd.DataFrame) or "contender" not in results:
        raise OddsError(f"results is the table duplicate_match() returns, got {shown(results)}")
    mine = results[results["contender"] == contender]
    if mine.empty:
        known = ", ".join(sorted(map(str, set(results["contender"]))))
        raise OddsError(f"no contender named {contender!r} in the results; they are: {known}")
    rows = {}
    for n in sizes:
        _count("a size", n, 2, len(mine))
        row = summarize(mine.iloc[:n]).iloc[0]
        rows[n] = {
            "win_rate": float(row["win_rate"]),
            "low": float(row["low"]),
            "high": float(row["high"]),
            "width": float(row["high"] - row["low"]),
        }
    table: pd.DataFrame = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "deals"
    return table


def plot_interval_widths(widths: pd.DataFrame, *, title: str) -> Figure:
    """The widths from :func:`interval_widths` against the deals, on log scales, with the
    ``1 / sqrt(n)`` line through the first point for comparison."""
    if not isinstance(widths, pd.DataFrame) or "width" not in widths:
        raise OddsError(f"widths is the table interval_widths() returns, got {shown(widths)}")
    fig = Figure(figsize=(7.5, 3.2))
    ax = fig.add_subplot()
    deals = [int(n) for n in widths.index]
    ax.plot(deals, widths["width"], "o-", color=SIMULATED_COLOUR, label="measured width")
    first = float(widths["width"].iloc[0])
    ax.plot(
        deals,
        [first * math.sqrt(deals[0] / n) for n in deals],
        "--",
        color="#888888",
        label="shrinking like 1 / sqrt(n)",
    )
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xticks(deals, [f"{n:,}" for n in deals])
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_yticks(list(widths["width"]), [f"{w:.3f}" for w in widths["width"]])
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel("deals played (n, each played twice; log scale)")
    ax.set_ylabel("width of the 95% interval (win rate)")
    ax.set_title(title, fontsize=10)
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    return fig


def plot_calibration(tables: dict[str, pd.DataFrame], *, title: str) -> Figure:
    """Counts against what happened: for each group of draws, each count's average chance
    (a marker per count) and the share of draws that fitted with its 95% interval (black).

    ``tables`` maps a count's name to its :func:`cfwidget.odds.calibration` table; all of them
    must group the same draws.
    """
    if not isinstance(tables, dict) or not tables:
        raise OddsError(f"tables maps a name to a calibration() table, got {shown(tables)}")
    first = next(iter(tables.values()))
    if not all(isinstance(t, pd.DataFrame) and "fitted" in t for t in tables.values()):
        raise OddsError("every table must be one calibration() returns")
    groups = [str(g) for g in first.index]
    x = list(range(len(groups)))
    fig = Figure(figsize=(7.5, 3.4))
    ax = fig.add_subplot()
    fitted = first["fitted"].to_numpy()
    ax.errorbar(
        x,
        fitted,
        yerr=[fitted - first["low"].to_numpy(), first["high"].to_numpy() - fitted],
        fmt="s",
        color="black",
        capsize=3,
        label="share that fitted (95% interval)",
    )
    markers = ["o", "D", "^", "v"]
    for i, (name, table) in enumerate(tables.items()):
        offset = 0.12 * (i + 1)
        ax.plot(
            [v + offset for v in x],
            table["chance"],
            markers[i % len(markers)],
            label=f"{name}: average chance",
        )
    ax.set_xticks(
        x, [f"{g}\n(n = {int(d):,})" for g, d in zip(groups, first["draws"], strict=True)]
    )
    ax.set_xlabel("tiles on the table when the seat drew (n = draws)")
    ax.set_ylabel("chance the drawn tile fits")
    ax.set_title(title, fontsize=10)
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    return fig
