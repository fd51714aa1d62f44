"""The rules engine: tiles, rules and presets, moves, the round, games, records and scores.

Everything here is pure Python and knows nothing of pictures, widgets or pandas; the
rest of the package builds on it. Its errors are the engine's (``IllegalMove``,
``RulesError``...); each layer above defines its own (``cfwidget.players.BotError``...).

>>> from cfwidget.core import Round, Rules
>>> rnd = Round.deal(Rules.preset("wolf-lake"), players=4, seed=7)
>>> str(rnd.start), rnd.legal_moves()
('9-9', [Move.parse('9-1@9-9')])
"""

from __future__ import annotations

from ._deal import check_rules, check_seed
from ._errors import (
    DealError,
    IllegalMove,
    NotationError,
    RecordError,
    RulesError,
    ScoreError,
    SeatError,
    TileError,
)
from ._game import Game
from ._kernel import DRAW_CODE, PASS_CODE, Kernel, hand_cost, kth_bit, tile_costs, tile_pens
from ._moves import Move, MoveLike
from ._observation import Observation, draw_count, draw_odds, observe
from ._options import HAND_TABLES, Option
from ._placed import fitting_numbers, placed_role
from ._presets import PRESET_TABLE, PRESETS, Preset
from ._round import Placed, Round
from ._rules import OPTIONS, Rules, tile_penalty
from ._scoring import MAX_ROUND_SCORE, ScoreSheet, check_player_names
from ._seatwords import SAYING_LAST, refusal, rule_line, tile_refusal, what_to_do
from ._tiles import MAX_PIP_LIMIT, MIN_PIP_LIMIT, Tile, TileLike, full_set, set_size, to_tile
from ._tileset import TileSet, tile_set

__all__ = [
    "DRAW_CODE",
    "HAND_TABLES",
    "MAX_PIP_LIMIT",
    "MAX_ROUND_SCORE",
    "MIN_PIP_LIMIT",
    "OPTIONS",
    "PASS_CODE",
    "PRESETS",
    "PRESET_TABLE",
    "SAYING_LAST",
    "DealError",
    "Game",
    "IllegalMove",
    "Kernel",
    "Move",
    "MoveLike",
    "NotationError",
    "Observation",
    "Option",
    "Placed",
    "Preset",
    "RecordError",
    "Round",
    "Rules",
    "RulesError",
    "ScoreError",
    "ScoreSheet",
    "SeatError",
    "Tile",
    "TileError",
    "TileLike",
    "TileSet",
    "check_player_names",
    "check_rules",
    "check_seed",
    "draw_count",
    "draw_odds",
    "fitting_numbers",
    "full_set",
    "hand_cost",
    "kth_bit",
    "observe",
    "placed_role",
    "refusal",
    "rule_line",
    "set_size",
    "tile_costs",
    "tile_penalty",
    "tile_pens",
    "tile_refusal",
    "tile_set",
    "to_tile",
    "what_to_do",
]
