"""cfwidget: Chicken Foot dominoes for Jupyter.

A rules engine (the single source of truth), bots, game records and score
sheets; the farmyard widget, lessons and odds build on them.

>>> import cfwidget as cf
>>> rnd = cf.Round.deal(cf.Rules.preset("wolf-lake"), players=4, seed=7)
>>> str(rnd.start), [len(hand) for hand in rnd.hands]
('9-9', [8, 9, 9, 9])
>>> rnd.legal_moves()
[Move.parse('9-1@9-9')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .core import (
    AnswerError,
    BotError,
    DealError,
    ExecutorError,
    Game,
    IllegalMove,
    LessonError,
    Move,
    NotationError,
    Observation,
    OddsError,
    PictureError,
    Placed,
    RecordError,
    Round,
    Rules,
    RulesError,
    ScoreError,
    ScoreSheet,
    SeatError,
    SeatOddsError,
    SessionError,
    SettingsError,
    SimulationError,
    Tile,
    TileError,
    WidgetError,
    full_set,
)
from .table import svg

__all__ = [
    "AnswerError",
    "BotError",
    "DealError",
    "ExecutorError",
    "Game",
    "IllegalMove",
    "LessonError",
    "Move",
    "NotationError",
    "Observation",
    "OddsError",
    "PictureError",
    "Placed",
    "RecordError",
    "Round",
    "Rules",
    "RulesError",
    "ScoreError",
    "ScoreSheet",
    "SeatError",
    "SeatOddsError",
    "SessionError",
    "SettingsError",
    "SimulationError",
    "Tile",
    "TileError",
    "WidgetError",
    "full_set",
    "svg",
]

if TYPE_CHECKING:  # what the lazy names below resolve to, for type checkers
    from . import odds as odds
    from . import players as bots  # noqa: F401  (cf.bots is cf.players)
    from . import players as players
    from . import teach as teach
    from . import therapy as therapy
    from . import widget as widget
    from .players import simulate as simulate
    from .therapy.app import guided_app as guided_app
    from .therapy.scorekeeper import ScoreKeeper as ScoreKeeper
    from .therapy.session import Session as Session
    from .therapy.settings import SessionSettings as SessionSettings
    from .therapy.widget import GuidedSession as GuidedSession
    from .widget import GameWidget as GameWidget

__version__ = "0.1.0"

# Modules that need pandas, ipywidgets or anywidget load on first use, so that
# `import cfwidget` stays quick for the engine alone.
_LAZY = {
    "simulate": ("cfwidget.players", "simulate"),
    "odds": ("cfwidget.odds", None),
    "bots": ("cfwidget.players", None),
    "players": ("cfwidget.players", None),
    "teach": ("cfwidget.teach", None),
    "widget": ("cfwidget.widget", None),
    "GameWidget": ("cfwidget.widget", "GameWidget"),
    "GuidedSession": ("cfwidget.therapy.widget", "GuidedSession"),
    "Session": ("cfwidget.therapy.session", "Session"),
    "SessionSettings": ("cfwidget.therapy.settings", "SessionSettings"),
    "ScoreKeeper": ("cfwidget.therapy.scorekeeper", "ScoreKeeper"),
    "guided_app": ("cfwidget.therapy.app", "guided_app"),
    "therapy": ("cfwidget.therapy", None),
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        module_name, attr = _LAZY[name]
        module = importlib.import_module(module_name)
        value = module if attr is None else getattr(module, attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'cfwidget' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])
