"""The widget's error: a GameWidget argument with a value that is not allowed."""

from __future__ import annotations

from .._shared import package_error

__all__ = ["WidgetError"]


@package_error
class WidgetError(ValueError):
    """A GameWidget argument with a value that is not allowed (humans, seat, pace, palette...)."""
