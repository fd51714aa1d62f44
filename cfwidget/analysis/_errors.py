"""The analysis layer's errors: a position or a request the playout kernel cannot take."""

from __future__ import annotations

from .._shared import package_error

__all__ = ["PlayoutError"]


@package_error
class PlayoutError(ValueError):
    """A playout that cannot run: not a round, an unknown policy or seed, a rule it lacks."""
