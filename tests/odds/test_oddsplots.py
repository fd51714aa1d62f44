"""The odds plots (cfwidget.odds): tables, figures, the explorer and the seat watcher."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from matplotlib.figure import Figure

from cfwidget import BotError, OddsError, Round, Rules, odds
from cfwidget import odds as seat_odds
from cfwidget.odds import (
    OddsExplorer,
    calibration,
    compare,
    deal_figure,
    dealt_hand_costs,
    draw_checks,
    plot_exact_vs_simulated,
    replay,
    resampled_foot_draws,
    watch_seat,
)
from cfwidget.players import RandomBot, greedy, tips


def test_compare_by_hand() -> None:
    exact = odds.draws_until_fit(unseen=4, fitting=1, yard=2)  # 1/4, 1/4, never 1/2
    table = compare(exact, [1, 1, 2, "never"])
    assert table.index.tolist() == [1, 2, "never"]
    assert table["exact"].tolist() == [0.25, 0.25, 0.5]
    assert table["simulated"].tolist() == [0.5, 0.25, 0.25]
    assert table.loc[1, "std_error"] == round(math.sqrt(0.25 * 0.75 / 4), 4)
    assert table.loc[1, "z"] == round(0.25 / math.sqrt(0.25 * 0.75 / 4), 4)
    assert table.index.name == "draws"


def test_compare_bins_and_refusals() -> None:
    pips = odds.hand_pips(3, 1)  # 1..6 and 50
    table = compare(pips, [1, 2, 50, 50], bin_width=10)
    assert table.index.tolist() == [0, 50]
    assert table["exact"].tolist() == [0.9, 0.1]
    with pytest.raises(OddsError, match="at least one"):
        compare(pips, [])
    with pytest.raises(OddsError, match=r"does not have: \['7'\]"):
        compare(pips, [7])


def test_figures_have_fixed_sizes() -> None:
    exact = odds.start_double_draws(6, 2, 7)
    fig = plot_exact_vs_simulated(exact, [0, 0, 3], title="t", xlabel="x")
    assert isinstance(fig, Figure) and tuple(fig.get_size_inches()) == (7.5, 3.2)
    fig = deal_figure(9, players=4, hand_size=9)
    assert tuple(fig.get_size_inches()) == (11.0, 3.2) and len(fig.axes) == 3
    assert "Starting double dealt: 65%" in fig.axes[0].get_title()


def test_an_impossible_never_gets_no_slot() -> None:
    exact = odds.foot_draws(3, 3, 0, 5, 2)  # all toes in hand: 0 draws for sure
    fig = plot_exact_vs_simulated(exact, [0, 0], title="t", xlabel="x")
    labels = [label.get_text() for label in fig.axes[0].get_xticklabels()]
    assert "never" not in labels


def test_explorer_redraws_and_clamps() -> None:
    explorer = OddsExplorer(max_pip=6, players=2, hand_size=7)
    assert repr(explorer) == "OddsExplorer(max_pip=6, players=2, hand_size=7)"
    first = explorer._image.value
    assert first[:4] == b"\x89PNG"
    assert "1/2" in explorer._summary.value  # 14 of 28 tiles dealt
    explorer._players.value = 4
    assert explorer.settings == (6, 4, 7)
    assert explorer._hand.max == 7 and explorer._image.value != first
    explorer._players.value = 8  # 28 // 8 = 3 tiles at most
    assert explorer.settings == (6, 8, 3)
    explorer._set.value = 12
    assert explorer._hand.max == 91 // 8
    with pytest.raises(OddsError, match="double-6, 9 and 12"):
        OddsExplorer(max_pip=7, players=2, hand_size=5)
    with pytest.raises(OddsError, match="at most 14 each"):
        OddsExplorer(max_pip=6, players=2, hand_size=20)


def test_replay_leaves_the_round_alone() -> None:
    rnd = Round.deal(Rules(hand_size=9), 4, seed=3)
    later = replay(rnd, [greedy] * 4, until=12)
    assert len(later.history) == 12 and len(rnd.history) == 0
    foot = replay(rnd, [greedy] * 4, lambda r: r.forced not in (None, r.start))
    assert foot.is_over or foot.forced != foot.start
    with pytest.raises(BotError, match="one bot for every seat"):
        replay(rnd, [greedy], until=1)


def test_watch_seat_matches_the_round() -> None:
    rnd = Round.deal(Rules(hand_size=9), 4, seed=26)

    def bots() -> list[object]:
        return [tips, greedy, RandomBot(1), RandomBot(2)]

    table = watch_seat(rnd, bots(), seat=0)  # type: ignore[arg-type]
    assert len(rnd.history) == 0 and len(table) >= 3
    assert set(table.columns) >= {"move", "chance next draw fits", "drew", "it fits"}
    for _, row in table.iterrows():
        moment = replay(rnd, bots(), until=int(row["move"]) - 1)  # type: ignore[arg-type]
        assert moment.turn == 0 and not moment.can_play(0)
        assert row["chance next draw fits"] == round(float(moment.draw_odds(0)), 3)
        assert row["yard"] == moment.yard_count
        moment.play("draw")
        assert row["drew"] == str(moment.drawn)
        assert row["it fits"] == any(m.is_play for m in moment.legal_moves())


def test_samples_are_seeded() -> None:
    rules = Rules(hand_size=9)
    costs = dealt_hand_costs(rules, players=4, deals=20, seed=1)
    assert costs.equals(dealt_hand_costs(rules, players=4, deals=20, seed=1))
    assert costs.between(0, 300).all()
    checks = draw_checks(rules, 4, [greedy] * 4, rounds=20, seed=1)
    assert list(checks.columns) == ["tiles_on_table", "chance", "fitted"]
    assert checks["chance"].between(0, 1).all()
    table = calibration(checks)
    assert list(table.columns) == ["draws", "chance", "fitted", "low", "high", "z"]
    assert table["draws"].sum() == len(checks)


def test_resampled_foot_draws_stay_in_the_exact_support() -> None:
    rnd = replay(
        Round.deal(Rules(hand_size=9), 4, seed=55),
        [tips, greedy, RandomBot(1), RandomBot(2)],
        lambda r: r.forced not in (None, r.start),
    )
    exact = seat_odds.foot_outlook(rnd, rnd.turn)["draws"]
    sample = resampled_foot_draws(rnd, rnd.turn, samples=300, seed=4)
    assert sample == resampled_foot_draws(rnd, rnd.turn, samples=300, seed=4)
    chances = {k: Fraction(p) for k, p in zip(exact.index, exact.tolist(), strict=True)}
    assert set(sample) <= {k for k, p in chances.items() if p > 0}
    assert chances["never"] == 0  # so every sample is a number of draws
    mean = sum(Fraction(v) for v in sample if isinstance(v, int)) / len(sample)
    expected = float(seat_odds.foot_outlook(rnd, rnd.turn)["expected_draws"])
    sd = math.sqrt(
        float(sum(k**2 * p for k, p in chances.items() if isinstance(k, int))) - expected**2
    )
    assert abs(float(mean) - expected) < 4 * sd / math.sqrt(len(sample))


def test_plots_name_what_they_need() -> None:
    with pytest.raises(OddsError, match="exact is a distribution"):
        compare(5, [1])  # type: ignore[arg-type]
    with pytest.raises(OddsError, match="checks is the table draw_checks"):
        odds.calibration(5)  # type: ignore[arg-type]
