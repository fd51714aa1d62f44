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

from . import _native  # noqa: F401  # first: which build of the kernel loads (compiled or pure)
from ._shared import lazy_names
from .core import (
    DealError,
    Game,
    IllegalMove,
    Move,
    NotationError,
    Observation,
    Placed,
    RecordError,
    Round,
    Rules,
    RulesError,
    ScoreError,
    ScoreSheet,
    SeatError,
    Tile,
    TileError,
    full_set,
)
from .table import PictureError, svg
from .therapy import SessionError, SettingsError

__all__ = [
    "DealError",
    "Game",
    "IllegalMove",
    "Move",
    "NotationError",
    "Observation",
    "PictureError",
    "Placed",
    "RecordError",
    "Round",
    "Rules",
    "RulesError",
    "ScoreError",
    "ScoreSheet",
    "SeatError",
    "SessionError",
    "SettingsError",
    "Tile",
    "TileError",
    "full_set",
    "svg",
]

if TYPE_CHECKING:  # what the lazy names below resolve to, for type checkers
    from . import analysis as analysis
    from . import odds as odds
    from . import players as bots  # noqa: F401  (cf.bots is cf.players)
    from . import players as players
    from . import room as room
    from . import teach as teach
    from . import therapy as therapy
    from . import widget as widget
    from .analysis import EvaluateError as EvaluateError
    from .analysis import PlayoutError as PlayoutError
    from .analysis import ReviewError as ReviewError
    from .analysis import SolveError as SolveError
    from .analysis import TooLargeToSolve as TooLargeToSolve
    from .odds import OddsError as OddsError
    from .odds import SeatOddsError as SeatOddsError
    from .players import BotError as BotError
    from .players import ExecutorError as ExecutorError
    from .players import SimulationError as SimulationError
    from .players import simulate as simulate
    from .room import RoomError as RoomError
    from .teach import AnswerError as AnswerError
    from .teach import LessonError as LessonError
    from .therapy.app import guided_app as guided_app
    from .therapy.scorekeeper import ScoreKeeper as ScoreKeeper
    from .therapy.session import Session as Session
    from .therapy.settings import SessionSettings as SessionSettings
    from .therapy.widget import GuidedSession as GuidedSession
    from .widget import GameWidget as GameWidget
    from .widget import WidgetError as WidgetError

__version__ = "0.1.0"

# Modules that need pandas, ipywidgets or anywidget load on first use, so that
# `import cfwidget` stays quick for the engine alone. The errors of those layers are
# defined with them, so `cf.BotError` (say) loads its layer when it is first asked for.
_LAZY = {
    "AnswerError": ("cfwidget.teach", "AnswerError"),
    "LessonError": ("cfwidget.teach", "LessonError"),
    "BotError": ("cfwidget.players", "BotError"),
    "ExecutorError": ("cfwidget.players", "ExecutorError"),
    "EvaluateError": ("cfwidget.analysis", "EvaluateError"),
    "OddsError": ("cfwidget.odds", "OddsError"),
    "PlayoutError": ("cfwidget.analysis", "PlayoutError"),
    "ReviewError": ("cfwidget.analysis", "ReviewError"),
    "SolveError": ("cfwidget.analysis", "SolveError"),
    "TooLargeToSolve": ("cfwidget.analysis", "TooLargeToSolve"),
    "SeatOddsError": ("cfwidget.odds", "SeatOddsError"),
    "SimulationError": ("cfwidget.players", "SimulationError"),
    "WidgetError": ("cfwidget.widget", "WidgetError"),
    "RoomError": ("cfwidget.room", "RoomError"),
    "simulate": ("cfwidget.players", "simulate"),
    "odds": ("cfwidget.odds", None),
    "analysis": ("cfwidget.analysis", None),
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
    "room": ("cfwidget.room", None),
}


__getattr__, __dir__ = lazy_names(globals(), _LAZY)
