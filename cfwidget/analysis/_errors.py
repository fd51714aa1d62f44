"""The analysis layer's errors: a position or a request analysis cannot take."""

from __future__ import annotations

from .._shared import package_error

__all__ = ["EvaluateError", "PlayoutError", "ReviewError", "SolveError", "TooLargeToSolve"]


@package_error
class PlayoutError(ValueError):
    """A playout that cannot run: not a round, an unknown policy or seed, a rule it lacks."""


@package_error
class SolveError(ValueError):
    """An exact search that cannot start: not a round, a round that is over, a bad limit."""


@package_error
class TooLargeToSolve(SolveError):
    """A position with more distinct states than the exact search's limit allows."""


@package_error
class EvaluateError(ValueError):
    """A position :func:`~cfwidget.analysis.evaluate` cannot rate: a finished round, bad
    worlds, policy or seed, rules whose hidden tiles cannot be imagined fairly."""


@package_error
class ReviewError(ValueError):
    """A game :func:`~cfwidget.analysis.review` cannot review: not a game or record, a record
    that cannot be replayed, bad seats, worlds, policy or seed."""
