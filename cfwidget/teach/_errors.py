"""The lessons' errors: no such lesson or position, and answers written in a form not read."""

from __future__ import annotations

from .._shared import package_error

__all__ = ["AnswerError", "LessonError"]


@package_error
class AnswerError(ValueError):
    """An answer to an exercise written in a form it cannot read (it says how to write one)."""


@package_error
class LessonError(ValueError):
    """No lesson, position or sheet of that name, or lesson arguments that do not fit."""
