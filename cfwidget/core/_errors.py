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
    "DealError",
    "IllegalMove",
    "NotationError",
    "OddsError",
    "RecordError",
    "RulesError",
    "ScoreError",
    "SeatOddsError",
    "SettingsError",
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
):
    _error.__module__ = "cfwidget"
del _error
