"""Exact odds of draws from the chicken yard, a seat's-eye view of a real position, and plots.

Exact answers are :class:`~fractions.Fraction` values computed by counting, never guessed.

>>> from cfwidget import odds
>>> odds.p_start_double_dealt(max_pip=9, players=4, hand_size=9)
Fraction(36, 55)
"""

from __future__ import annotations

from ..players import register_bot
from ._coach import (
    DANGER,
    THEIR_DRAW,
    WAITING,
    Advice,
    CoachBot,
    coach_hint,
    coach_moves,
    seat_lacks,
)
from ._course import (
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
from ._errors import OddsError, SeatOddsError
from ._exact import (
    NEVER,
    DrawWait,
    draws_until_fit,
    expected_draws_until_fit,
    expected_foot_draws,
    foot_draws,
    hand_pips,
    hypergeometric,
    p_fits,
    p_foot_completable,
    p_holds_number,
    p_start_double_dealt,
    start_double_draws,
    wait_for_fit,
)
from ._plots import (
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
from ._seat import (
    DrawOutlook,
    FootOutlook,
    draw_outlook,
    draws_until_playable,
    expected_draws_until_playable,
    expected_hand_cost,
    foot_outlook,
    hand_cost,
    holds_number_odds,
    unseen_tiles,
    wait_until_playable,
)
from ._sharper import (
    World,
    chain_sizes,
    hidden_world_chains,
    hidden_worlds,
    sharper_checks,
    sharper_draw_odds,
    sharper_holds,
)

__all__ = [
    "DANGER",
    "NEVER",
    "THEIR_DRAW",
    "WAITING",
    "Advice",
    "CoachBot",
    "ConvergenceExplorer",
    "DrawOutlook",
    "DrawWait",
    "FootOutlook",
    "HandExplorer",
    "OddsError",
    "OddsExplorer",
    "SeatOddsError",
    "World",
    "calibration",
    "chain_sizes",
    "coach_hint",
    "coach_moves",
    "compare",
    "deal_figure",
    "deal_shares",
    "dealt_hand_costs",
    "dealt_hands",
    "draw_checks",
    "draw_outlook",
    "draws_until_fit",
    "draws_until_playable",
    "expected_draws_until_fit",
    "expected_draws_until_playable",
    "expected_foot_draws",
    "expected_hand_cost",
    "foot_draws",
    "foot_outlook",
    "hand_cost",
    "hand_pips",
    "hidden_world_chains",
    "hidden_worlds",
    "holds_number_odds",
    "hypergeometric",
    "hypergeometric_figure",
    "interval_widths",
    "intervals_figure",
    "p_fits",
    "p_foot_completable",
    "p_holds_number",
    "p_start_double_dealt",
    "plot_calibration",
    "plot_exact_vs_simulated",
    "plot_interval_widths",
    "replay",
    "resampled_foot_draws",
    "running_share_figure",
    "seat_lacks",
    "sharper_checks",
    "sharper_draw_odds",
    "sharper_holds",
    "shrinking_figure",
    "start_double_draws",
    "unseen_tiles",
    "wait_for_fit",
    "wait_until_playable",
    "watch_seat",
]

# The coach joins the bots by name: make_bot("coach"), simulate(..., bots="coach").
register_bot("coach", CoachBot)
