"""Every error the package raises on purpose, each a ``ValueError`` named by its cause.

They are defined here, in one place, and print as ``cfwidget.IllegalMove``,
``cfwidget.RulesError`` and so on, wherever they are raised. A message always says
what was wrong and what is allowed instead; the object that refused is left unchanged.

>>> import cfwidget as cf
>>> issubclass(cf.IllegalMove, ValueError), cf.IllegalMove.__module__
(True, 'cfwidget')
"""

from __future__ import annotations

__all__ = [
    "AnswerError",
    "BotError",
    "DealError",
    "ExecutorError",
    "IllegalMove",
    "LessonError",
    "NotationError",
    "OddsError",
    "PictureError",
    "RecordError",
    "RulesError",
    "ScoreError",
    "SeatError",
    "SeatOddsError",
    "SessionError",
    "SettingsError",
    "SimulationError",
    "TileError",
    "WidgetError",
]


class NotationError(ValueError):
    """Text that is not a tile or move in this package's notation."""


class RulesError(ValueError):
    """A rule option with a value that is not allowed."""


class IllegalMove(ValueError):
    """A move the rules do not allow now. The round is left exactly as it was."""


class DealError(ValueError):
    """Hands and chicken yard that are not a proper deal of the set."""


class RecordError(ValueError):
    """A game record that is malformed, truncated or does not replay."""


class ScoreError(ValueError):
    """Names or scores that cannot go on a score sheet."""


class OddsError(ValueError):
    """Arguments that describe an impossible table (a negative count, a hand too big...)."""


class SeatOddsError(OddsError):
    """A question a seat cannot ask of this round (no such seat, the round is over...)."""


class SettingsError(ValueError):
    """A session setting with a value that is not allowed."""


class TileError(ValueError):
    """A tile that does not fit the question: a number it does not have, a tile not on the table."""


class SeatError(ValueError):
    """A seat number that is not at this table."""


class BotError(ValueError):
    """An unknown bot name, the wrong number of bots, or something that is not a bot."""


class SimulationError(ValueError):
    """Arguments of a simulation or a tournament that cannot be run (rounds, contenders...)."""


class ExecutorError(SimulationError):
    """An ``executor`` that cannot run a simulation: not an executor, shut down or closed."""


class PictureError(ValueError):
    """Drawing options that are not allowed (display mode, scale, size, what to draw)."""


class AnswerError(ValueError):
    """An answer to an exercise written in a form it cannot read (it says how to write one)."""


class LessonError(ValueError):
    """No lesson, position or sheet of that name, or lesson arguments that do not fit."""


class WidgetError(ValueError):
    """A GameWidget argument with a value that is not allowed (humans, seat, pace, palette...)."""


class SessionError(ValueError):
    """A therapy session record that is closed, malformed or does not begin with 'start'."""


# They are the package's public names: print (and pickle) them as such.
for _error in (
    NotationError,
    RulesError,
    IllegalMove,
    DealError,
    RecordError,
    ScoreError,
    OddsError,
    SeatOddsError,
    SettingsError,
    TileError,
    SeatError,
    BotError,
    SimulationError,
    ExecutorError,
    PictureError,
    AnswerError,
    LessonError,
    WidgetError,
    SessionError,
):
    _error.__module__ = "cfwidget"
del _error
