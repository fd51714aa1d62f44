"""The room server's errors: a room, a link or a setting that is not right."""

from __future__ import annotations

from .._shared import package_error

__all__ = ["RoomError"]


@package_error
class RoomError(ValueError):
    """A room that does not exist or is closed, a bad link, or a room setting not allowed."""
