"""A widget whose synced state only Python writes: the browser asks, it never sets.

The browser asks with intents (small custom messages, see :mod:`._intents`); each widget
class keeps its table of them in :attr:`PythonOwned.intents`.

>>> from cfwidget.widget import GameWidget
>>> issubclass(GameWidget, PythonOwned), GameWidget.FRONT_END_OWNED
(True, frozenset())
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import anywidget

from ._intents import IntentHandler, collect_intents

__all__ = ["PythonOwned"]


class PythonOwned(anywidget.AnyWidget):
    """An anywidget that takes no state from the browser but :attr:`FRONT_END_OWNED`."""

    #: The synced traits the browser may set with an ``update`` message: none. Python
    #: writes every synced trait; the browser asks for changes with intents.
    FRONT_END_OWNED: ClassVar[frozenset[str]] = frozenset()
    #: The intents the browser may send, by kind (filled from the :func:`handles` marks).
    intents: ClassVar[Mapping[str, IntentHandler]] = MappingProxyType({})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.intents = collect_intents(cls)  # each widget class its own table, a subclass's last

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take state from the browser: only :attr:`FRONT_END_OWNED` traits, and none are.

        ipywidgets calls this for an ``update`` message from the browser. Any
        other key (the view, the message, the look, ``_esm``, ``_css``, ...)
        is left as it was, and the widget's log says which keys were refused.
        """
        keys = sync_data.keys() if isinstance(sync_data, Mapping) else ()
        refused = [str(k)[:40] for k in keys if k not in self.FRONT_END_OWNED]
        if refused or not isinstance(sync_data, Mapping):
            self.log.warning(
                "cfwidget ignored an update from the browser: it may not change %s",
                ", ".join(sorted(refused)[:8]) or "anything",
            )
        if isinstance(sync_data, Mapping):
            owned = {k: v for k, v in sync_data.items() if k in self.FRONT_END_OWNED}
            if owned:
                super().set_state(owned)
