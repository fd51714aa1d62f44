"""A widget whose synced state only Python writes: the browser asks, it never sets.

The browser asks with intents (small custom messages, see :mod:`._intents`):
:class:`PythonOwned` receives them, refuses anything malformed, too large or unknown in
the same words for every widget, and hands the rest to the widget's ``_intent``.

>>> from cfwidget.widget import GameWidget
>>> issubclass(GameWidget, PythonOwned), GameWidget.FRONT_END_OWNED
(True, frozenset())
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

import anywidget

from ._intents import MAX_MESSAGE_BYTES, IntentHandler, collect_intents, json_size

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

    # -- intents ----------------------------------------------------------------------------

    def handle_intent(self, content: object, buffers: Sequence[object] = ()) -> bool:
        """Apply one intent as if the browser had sent it; True if what is shown changed.

        Anything malformed, stale or not allowed now changes nothing and sets the widget's
        message; this never raises.
        """
        try:
            return self._intent(content, buffers)
        except Exception as exc:  # the kernel must never see an intent fail
            self._say(
                f"Something went wrong with that request ({type(exc).__name__}); "
                "the details are in the log."
            )
            self.log.exception("cfwidget could not handle an intent")
            return False

    def _on_msg(self, _widget: object, content: object, buffers: Sequence[object]) -> None:
        self.handle_intent(content, buffers)

    def _screen(self, content: object, buffers: Sequence[object]) -> IntentHandler | None:
        """The handler of a well-formed intent of a known kind with known fields, or ``None``
        once the refusal is said (binary data, too large, not a dict, unknown kind or field)."""
        found = self._handler(content, buffers)
        if isinstance(found, str):
            self._refuse(found)
            return None
        return found

    def _handler(self, content: object, buffers: Sequence[object]) -> IntentHandler | str:
        if buffers:
            return "The widget received binary data it does not expect"
        size = json_size(content, MAX_MESSAGE_BYTES)
        if size > MAX_MESSAGE_BYTES:
            return f"The widget received a message that is too large ({size:,} bytes)"
        if not isinstance(content, dict):
            return "The widget received a message it does not understand"
        kind = content.get("kind")
        handler = self.intents.get(kind) if isinstance(kind, str) else None
        if handler is None:
            return "The widget received a request it does not know"
        if any(k not in handler.fields for k in content):
            return f"The {kind} request had fields the widget does not know"
        return handler

    def _intent(self, content: object, buffers: Sequence[object]) -> bool:
        """Check and apply one intent (each widget says how)."""
        raise NotImplementedError

    def _refuse(self, text: str) -> bool:
        """Say why a request was not done; False (nothing changed)."""
        raise NotImplementedError

    def _say(self, text: str) -> None:
        """Set the widget's message."""
        raise NotImplementedError
