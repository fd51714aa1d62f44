"""The course's pictures and explorers (cfwidget.odds._course): labelled, seeded, and refusing
what they cannot draw."""

from __future__ import annotations

import math
from fractions import Fraction

import pandas as pd
import pytest

from cfwidget import OddsError, Rules, Tile
from cfwidget.odds import (
    ConvergenceExplorer,
    HandExplorer,
    deal_shares,
    dealt_hands,
    hypergeometric_figure,
    interval_widths,
    intervals_figure,
    plot_calibration,
    plot_interval_widths,
    running_share_figure,
    shrinking_figure,
)
from cfwidget.players import duplicate_match

RULES = Rules(hand_size=9)
EXACT = Fraction(36, 55)


def test_samples_are_the_engines_deals_and_seeded() -> None:
    shares = deal_shares(RULES, 4, deals=50, seed=2)
    assert shares == deal_shares(RULES, 4, deals=50, seed=2) != deal_shares(RULES, 4, 50, 3)
    hands = dealt_hands(RULES, 4, deals=50, seed=2)
    assert all(len(hand) == 9 for hand in hands)
    # when the first seat was dealt the 9-9, that deal needed no draw for it
    held = [shared for shared, hand in zip(shares, hands, strict=True) if Tile(9, 9) in hand]
    assert held and all(held)
    with pytest.raises(OddsError, match="deals must be a whole number from 1"):
        deal_shares(RULES, 4, deals=0, seed=1)


def test_every_figure_names_its_units_and_its_sample_size() -> None:
    fig = hypergeometric_figure(9, 9, 9)
    ax = fig.axes[0]
    assert "exact, over all 6,358,402,050 hands" in ax.get_title()
    assert ax.get_ylabel() == "chance" and "(count)" in ax.get_xlabel()
    runs = [deal_shares(RULES, 4, 400, seed) for seed in (1, 2)]
    ax = running_share_figure(runs, EXACT, what="of deals with 9-9 dealt").axes[0]
    assert "n = 1 to 400 deals" in ax.get_title() and "log scale" in ax.get_xlabel()
    many = [deal_shares(RULES, 4, 50, seed) for seed in range(10)]
    ax = intervals_figure(many, EXACT).axes[0]
    caught = sum(
        abs(sum(r) / 50 - 36 / 55)
        <= 1.959963984540054 * math.sqrt((sum(r) / 50) * (1 - sum(r) / 50) / 50)
        for r in many
    )
    assert ax.get_title() == (
        f"10 runs of n = 50 deals each: {caught} of 10 intervals catch the exact chance"
    )
    ax = shrinking_figure(runs[0], EXACT, [25, 100, 400]).axes[0]
    assert "n = 25 to 400" in ax.get_title() and "(n, log scale)" in ax.get_xlabel()
    table = pd.DataFrame(
        {
            "draws": [10, 20],
            "chance": [0.2, 0.1],
            "fitted": [0.3, 0.2],
            "low": [0.1, 0.05],
            "high": [0.5, 0.4],
            "z": [1.0, 1.0],
        },
        index=["1", "2 to 5"],
    )
    ax = plot_calibration({"plain": table}, title="t (n = 30 draws)").axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1\n(n = 10)", "2 to 5\n(n = 20)"]


def test_interval_widths_shrink_like_one_over_root_n() -> None:
    results = duplicate_match({"random": "random"}, "greedy", RULES, rounds=64, seed=1)
    widths = interval_widths(results, "random", [16, 64])
    assert widths.index.tolist() == [16, 64]
    assert 1.4 < widths["width"].iloc[0] / widths["width"].iloc[1] < 2.8  # about 2
    fig = plot_interval_widths(widths, title="random (n = 16 to 64 deals)")
    assert fig.axes[0].get_ylabel() == "width of the 95% interval (win rate)"
    with pytest.raises(OddsError, match="no contender named 'tips'"):
        interval_widths(results, "tips", [16])
    with pytest.raises(OddsError, match="a size must be a whole number from 2 to 64"):
        interval_widths(results, "random", [100])


def test_the_explorers_redraw_and_clamp() -> None:
    hand = HandExplorer(max_pip=9, hand_size=9, number=9)
    assert "C(45, 9) / C(55, 9) = <b>13.9%</b>" in hand._summary.value
    first = hand._image.value
    hand._set.value = 6
    assert hand.settings == (6, 9, 6) and hand._hand.max == 14 and hand._image.value != first
    assert repr(hand) == "HandExplorer(max_pip=6, hand_size=9, number=6)"
    with pytest.raises(OddsError, match="double-6, 9 and 12"):
        HandExplorer(max_pip=7)
    seen = ConvergenceExplorer(RULES, players=4, deals=100, seed=1)
    assert "of 100 deals" in seen._summary.value and "36/55 = 0.655" in seen._summary.value
    seen._deals.value = 10000
    assert "of 10,000 deals" in seen._summary.value and " inside it" in seen._summary.value
    with pytest.raises(OddsError, match="deals is one of 10, 25"):
        ConvergenceExplorer(RULES, players=4, deals=99)


def test_bad_inputs_are_refused() -> None:
    with pytest.raises(OddsError, match="outcomes is a list of True/False results"):
        running_share_figure(["yes"], EXACT, what="x")  # type: ignore[list-item]
    with pytest.raises(OddsError, match="all of the same length"):
        intervals_figure([[True], [True, False]], EXACT)
    with pytest.raises(OddsError, match="sizes are sample sizes from 1 to 2"):
        shrinking_figure([True, False], EXACT, [3])
    with pytest.raises(OddsError, match="number must be a whole number from 0 to 9"):
        hypergeometric_figure(9, 9, 10)
