"""The odds' errors: an impossible table, or a question a seat cannot ask of a round."""

from __future__ import annotations

from .._shared import package_error

__all__ = ["OddsError", "SeatOddsError"]


@package_error
class OddsError(ValueError):
    """Arguments that describe an impossible table (a negative count, a hand too big...)."""


@package_error
class SeatOddsError(OddsError):
    """A question a seat cannot ask of this round (no such seat, the round is over...)."""
