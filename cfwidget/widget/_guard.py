"""A widget whose synced state only Python writes: the browser asks, it never sets.

>>> from cfwidget.widget import GameWidget
>>> issubclass(GameWidget, PythonOwned), GameWidget.FRONT_END_OWNED
(True, frozenset())
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import anywidget

__all__ = ["PythonOwned"]


class PythonOwned(anywidget.AnyWidget):
    """An anywidget that takes no state from the browser but :attr:`FRONT_END_OWNED`."""

    #: The synced traits the browser may set with an ``update`` message: none. Python
    #: writes every synced trait; the browser asks for changes with intents.
    FRONT_END_OWNED: ClassVar[frozenset[str]] = frozenset()

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
