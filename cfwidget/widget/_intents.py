"""The intents the browser sends, and the table of handlers a widget class keeps.

An intent is a small message such as ``{"kind": "play", "move": "9-4@9-9", ...}``. Its kind
is looked up in the class's table (:func:`handles` marks a method as the handler of one
kind; :func:`collect_intents` gathers the marks, a subclass's last), and its fields are
checked here before the handler sees it.

>>> from cfwidget.widget import GameWidget
>>> sorted(GameWidget.intents)[:3]
['board', 'display', 'draw']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, TypeVar

__all__ = [
    "FIELD_RULES",
    "MAX_MESSAGE_BYTES",
    "IntentHandler",
    "Stamp",
    "collect_intents",
    "handles",
    "json_size",
]

#: Larger messages are refused unread (a real intent is well under 200 bytes).
MAX_MESSAGE_BYTES = 2048

#: How an intent's ``version`` stamp is checked: ``"checked"`` (the game changes: the
#: stamp must be the view's, and a stale one is explained), ``"quiet"`` (a stale stamp
#: is an old timer or a doubled click, dropped without a word) or ``"none"`` (no stamp).
Stamp = Literal["checked", "quiet", "none"]
_STAMP_FIELDS = {"checked": ("version", "seat"), "quiet": ("version", "seat"), "none": ()}
# The fields intents share, how each must look and what is said when it does not
# (``{kind}`` is the intent's kind): the value when absent, a test, the refusal.
FIELD_RULES: Mapping[str, tuple[object, Callable[[object], bool], str]] = MappingProxyType(
    {
        "move": (None, lambda v: isinstance(v, str), "The {kind} request named no move"),
        "auto": (
            False,
            lambda v: isinstance(v, bool),
            "The {kind} request had a malformed 'auto' field",
        ),
    }
)
_F = TypeVar("_F", bound=Callable[..., bool])


@dataclass(frozen=True)
class IntentHandler:
    """One intent the browser may send: its fields, its stamp, the method that handles it.

    >>> from cfwidget.widget import GameWidget
    >>> play = GameWidget.intents["play"]
    >>> play.kind, sorted(play.fields), play.stamp, play.method
    ('play', ['kind', 'move', 'seat', 'version'], 'checked', '_on_play')
    """

    kind: str
    fields: frozenset[str]
    stamp: Stamp
    method: str


def handles(kind: str, *fields: str, stamp: Stamp = "checked") -> Callable[[_F], _F]:
    """Mark a widget method as the handler of the intents of kind ``kind``.

    ``fields`` are the fields it may carry besides ``kind`` (and ``version`` and
    ``seat`` when it is stamped); the method gets the checked message and says
    whether the game changed. A subclass adds intents this way, or replaces one
    by handling the same kind.

    >>> from cfwidget.widget import GameWidget
    >>> class Hello(GameWidget):
    ...     @handles("wave", "hand")
    ...     def _wave(self, content: Mapping[str, object]) -> bool:
    ...         self._say(f"Hello with the {content.get('hand')} hand.")
    ...         return False
    >>> sorted(Hello.intents.keys() - GameWidget.intents.keys())
    ['wave']
    """

    def mark(method: _F) -> _F:
        names = frozenset({"kind", *_STAMP_FIELDS[stamp], *fields})
        method._cfw_intent = (kind, names, stamp)  # type: ignore[attr-defined]
        return method

    return mark


def collect_intents(cls: type) -> Mapping[str, IntentHandler]:
    """The table of intents of a widget class: every :func:`handles` mark, subclasses last."""
    table: dict[str, IntentHandler] = {}
    for base in reversed(cls.__mro__):
        for name, attr in vars(base).items():
            mark = getattr(attr, "_cfw_intent", None)
            if mark is not None:
                kind, fields, stamp = mark
                table[kind] = IntentHandler(kind, fields, stamp, name)
    return MappingProxyType(table)


def json_size(value: object, limit: int) -> int:
    """The JSON size of ``value`` in bytes, or more than ``limit`` if it is larger."""
    try:
        return len(json.dumps(value, ensure_ascii=False, default=str).encode())
    except (TypeError, ValueError, RecursionError):
        return limit + 1
