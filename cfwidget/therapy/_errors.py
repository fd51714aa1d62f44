"""Guided sessions' errors: settings that are not allowed, and session records that do not read."""

from __future__ import annotations

from .._shared import package_error

__all__ = ["SessionError", "SettingsError"]


@package_error
class SettingsError(ValueError):
    """A session setting with a value that is not allowed."""


@package_error
class SessionError(ValueError):
    """A therapy session record that is closed, malformed or does not begin with 'start'."""
