"""The pictures' error: drawing options that are not allowed."""

from __future__ import annotations

from .._shared import package_error

__all__ = ["PictureError"]


@package_error
class PictureError(ValueError):
    """Drawing options that are not allowed (display mode, scale, size, what to draw)."""
