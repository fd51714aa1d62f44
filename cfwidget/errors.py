"""The package's errors, each a ``ValueError`` named by its cause.

>>> issubclass(IllegalMove, ValueError), issubclass(DealError, ValueError)
(True, True)
"""

from __future__ import annotations

from .rules import RulesError
from .tiles import NotationError

__all__ = ["DealError", "IllegalMove", "NotationError", "RecordError", "RulesError"]


class IllegalMove(ValueError):
    """A move the rules do not allow now. The round is left exactly as it was."""


class DealError(ValueError):
    """Hands and chicken yard that are not a proper deal of the set."""


class RecordError(ValueError):
    """A game record that is malformed, truncated or does not replay."""
