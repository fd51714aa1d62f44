"""Computer players, simulation of many rounds, and tournaments between strategies.

>>> import cfwidget as cf
>>> from cfwidget.players import RandomBot, greedy, play_game, tips
>>> game = cf.Game(["Ann", "Bob"], cf.Rules.preset("double-six"), seed=1)
>>> play_game(game, [tips, RandomBot(2)])
>>> game.is_over
True
"""

from __future__ import annotations

from ._bots import (
    BOTS,
    Bot,
    RandomBot,
    TipsBot,
    bot_moves,
    check_bot,
    greedy,
    make_bot,
    play_game,
    play_round,
    register_bot,
    tips,
)
from ._errors import BotError, ExecutorError, SimulationError
from ._rotation import ROTATION_COLUMNS, TIMED_COLUMNS, rotation_match, rotation_summary
from ._simulation import ROUND_COLUMNS, simulate
from ._tournament import (
    duplicate_match,
    face_value,
    head_to_head,
    paired_difference,
    plot_win_rates,
    summarize,
    wilson_interval,
)

__all__ = [
    "BOTS",
    "ROTATION_COLUMNS",
    "ROUND_COLUMNS",
    "TIMED_COLUMNS",
    "Bot",
    "BotError",
    "ExecutorError",
    "RandomBot",
    "SimulationError",
    "TipsBot",
    "bot_moves",
    "check_bot",
    "duplicate_match",
    "face_value",
    "greedy",
    "head_to_head",
    "make_bot",
    "paired_difference",
    "play_game",
    "play_round",
    "plot_win_rates",
    "register_bot",
    "rotation_match",
    "rotation_summary",
    "simulate",
    "summarize",
    "tips",
    "wilson_interval",
]
