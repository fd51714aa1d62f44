"""The package's face: errors print (and pickle) as ``cfwidget.X``, whichever layer defines
them, and a package's heavy names load on first use (:func:`lazy_names`).

>>> @package_error
... class ExampleError(ValueError):
...     pass
>>> ExampleError.__module__
'cfwidget'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

__all__ = ["lazy_names", "package_error"]

_Error = TypeVar("_Error", bound=type[ValueError])


def package_error(error: _Error) -> _Error:
    """Class decorator: ``error`` is one of the package's public names, ``cfwidget.<name>``."""
    error.__module__ = "cfwidget"
    return error


def lazy_names(
    space: dict[str, Any], table: Mapping[str, tuple[str, str | None]]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__`` for the names of ``table`` (name ->
    module, and the attribute in it or ``None`` for the module itself), loaded on first use
    and then kept in ``space``, the package's globals.

    >>> space = {"__name__": "example"}
    >>> getattr_, dir_ = lazy_names(space, {"dumps": ("json", "dumps")})
    >>> getattr_("dumps").__name__, "dumps" in space, dir_()
    ('dumps', True, ['__name__', 'dumps'])
    """

    def __getattr__(name: str) -> object:
        if name not in table:
            raise AttributeError(f"module {space['__name__']!r} has no attribute {name!r}")
        module, attr = table[name]
        value: object = importlib.import_module(module)
        if attr is not None:
            value = getattr(value, attr)
        space[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*space, *table})

    return __getattr__, __dir__
