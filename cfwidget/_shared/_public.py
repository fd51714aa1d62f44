"""The package's errors print (and pickle) as ``cfwidget.X``, whichever layer defines them.

>>> @package_error
... class ExampleError(ValueError):
...     pass
>>> ExampleError.__module__
'cfwidget'
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["package_error"]

_Error = TypeVar("_Error", bound=type[ValueError])


def package_error(error: _Error) -> _Error:
    """Class decorator: ``error`` is one of the package's public names, ``cfwidget.<name>``."""
    error.__module__ = "cfwidget"
    return error
