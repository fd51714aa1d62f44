"""The rules engine's errors, each a ``ValueError`` named by its cause.

Each layer defines its own errors next to its code (``cfwidget.players.BotError``,
``cfwidget.widget.WidgetError``...), and all of them print as ``cfwidget.IllegalMove``,
``cfwidget.BotError`` and so on, wherever they are raised. A message always says what was
wrong and what is allowed instead; the object that refused is left unchanged.

>>> import cfwidget as cf
>>> issubclass(cf.IllegalMove, ValueError), cf.IllegalMove.__module__
(True, 'cfwidget')
"""

from __future__ import annotations

from .._shared import package_error

__all__ = [
    "DealError",
    "IllegalMove",
    "NotationError",
    "RecordError",
    "RulesError",
    "ScoreError",
    "SeatError",
    "TileError",
]


@package_error
class NotationError(ValueError):
    """Text that is not a tile or move in this package's notation."""


@package_error
class RulesError(ValueError):
    """A rule option with a value that is not allowed."""


@package_error
class IllegalMove(ValueError):
    """A move the rules do not allow now. The round is left exactly as it was."""


@package_error
class DealError(ValueError):
    """Hands and chicken yard that are not a proper deal of the set, or a seed out of range."""


@package_error
class RecordError(ValueError):
    """A game record that is malformed, truncated or does not replay."""


@package_error
class ScoreError(ValueError):
    """Names or scores that cannot go on a score sheet."""


@package_error
class TileError(ValueError):
    """A tile that does not fit the question: a number it does not have, a tile not on the table."""


@package_error
class SeatError(ValueError):
    """A seat number that is not at this table, or a question that seat cannot ask now."""
