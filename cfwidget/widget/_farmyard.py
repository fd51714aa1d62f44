"""What every farmyard widget shares: the front end, the look of the tiles, the message.

:class:`GameWidget` (a game played) and :class:`ReviewWidget` (a game looked back on) are drawn
by the same front-end modules and ``widget.css`` (each class's ``_esm`` is its own bundle in
``static/``, built from ``js/`` at the repository's root); both keep their view and a calm
message in synced traits that only Python writes, and both let the browser change how tiles
look ("pips", "numerals" or "colour"; large or not) with the same two intents. A farmyard
receives every intent the same way: anything malformed, too large or unknown is refused in the
same words, and the rest goes to the widget's own ``_intent``.

>>> from cfwidget.widget import GameWidget, ReviewWidget
>>> issubclass(GameWidget, Farmyard), issubclass(ReviewWidget, Farmyard)
(True, True)
>>> {"display", "large"} <= set(GameWidget.intents) & set(ReviewWidget.intents)
True
"""

from __future__ import annotations

import functools
import pathlib
from collections.abc import Mapping, Sequence
from typing import Any

import traitlets as t

from .._shared import shown
from ..table import PALETTE
from ._errors import WidgetError
from ._guard import PythonOwned
from ._intents import MAX_MESSAGE_BYTES, IntentHandler, handles, json_size
from ._view import sentence

__all__ = ["DISPLAYS", "Farmyard", "check_display", "front_end", "shipped"]

#: How tiles may be shown: spots, numbers, or numbers in colour.
DISPLAYS = ("pips", "numerals", "colour")
_STATIC = pathlib.Path(__file__).parent / "static"


@functools.cache
def shipped(name: str) -> str:
    """A file of the widget's ``static/`` folder, as text, read once.

    A widget's ``_esm`` and ``_css`` are given as text, not as paths: anywidget ties every
    instance of a class whose front end is a path to that file's change signal, so such a
    widget is never freed, not even after ``close()`` (a room's server would keep every
    closed room's widgets).

    >>> shipped("widget.css") is shipped("widget.css"), ".cfw" in shipped("widget.css")
    (True, True)
    """
    return (_STATIC / name).read_text(encoding="utf-8")


def front_end(name: str) -> str:
    """A bundled front end's text: ``static/<name>.js``, built by esbuild from
    ``js/entries/<name>.js`` (``make js-bundle``) and shipped in the wheel; ``"farmyard"``
    serves every widget that draws a table.

    >>> front_end("farmyard").startswith("// cfwidget: the front end of GameWidget")
    True
    """
    return shipped(f"{name}.js")


def _spelled(display: str) -> str:
    return "colour" if display == "color" else display


def check_display(display: object) -> str:
    """``display`` as one of :data:`DISPLAYS` ("color" is taken as "colour"), or a
    :class:`WidgetError` that names them.

    >>> check_display("color")
    'colour'
    """
    if not isinstance(display, str) or _spelled(display) not in DISPLAYS:
        raise WidgetError(f"display must be one of {', '.join(DISPLAYS)}; got {shown(display)}")
    return _spelled(display)


class Farmyard(PythonOwned):
    """The front end and the look every farmyard widget shares (a base class)."""

    _css = shipped("widget.css")

    #: Everything the view draws (a :class:`~cfwidget.widget.View`, plus a review's part).
    view = t.Dict().tag(sync=True)
    #: A calm sentence about the last request that was refused ("" when all is well).
    message = t.Unicode("").tag(sync=True)
    #: "pips", "numerals" or "colour" ("color" is taken as "colour").
    display = t.Any("pips").tag(sync=True)  # checked by _valid_display, whatever is given
    display.allow_none = False  # t.Any lets None past every check, and ignores the argument
    #: Large tiles and buttons.
    large = t.Bool(False).tag(sync=True)
    #: Colours of the numbers 1, 2, 3, ... in "colour" mode.
    palette = t.List(t.Unicode(), default_value=list(PALETTE)).tag(sync=True)

    @t.validate("display")
    def _valid_display(self, proposal: Mapping[str, Any]) -> str:
        """A display set from Python: one of :data:`DISPLAYS` (or "color"), else a
        :class:`WidgetError` that says which there are."""
        return check_display(proposal["value"])

    @handles("display", "value", stamp="none")
    def _on_display(self, content: Mapping[str, Any]) -> bool:
        value = content.get("value")
        if not isinstance(value, str) or _spelled(value) not in DISPLAYS:
            return self._refuse(f"Tiles can be shown as {', '.join(DISPLAYS)} only")
        self.display = value
        return False

    @handles("large", "value", stamp="none")
    def _on_large(self, content: Mapping[str, Any]) -> bool:
        if not isinstance(content.get("value"), bool):
            return self._refuse("Large tiles is either on or off")
        self.large = content["value"]
        return False

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

    #: Whether this notebook's own page tells the board's shape. ``False`` while another
    #: device shows this widget to the person who plays (a remote session's client): the
    #: round is then laid out for their screen, and the notebook's page mirrors it.
    shape_from_here = True

    def _on_msg(self, _widget: object, content: object, buffers: Sequence[object]) -> None:
        board = isinstance(content, dict) and content.get("kind") == "board"
        if board and not self.shape_from_here:
            return
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

    def _refuse(self, text: str) -> bool:
        """Say why a request was not done, as a sentence; False (nothing changed)."""
        self._say(sentence(text))
        return False

    def _say(self, text: str) -> None:
        self.message = text

    #: The view's number, sent with each view and echoed by a checked intent.
    _version: int

    def _intent(self, content: object, buffers: Sequence[object]) -> bool:
        """Screen the intent, refuse a checked one made on an earlier view (in the words of
        :meth:`_stale_words`), then call its handler. The game widget, whose intents need
        more checks, has its own."""
        handler = self._screen(content, buffers)
        if handler is None or not isinstance(content, dict):
            return False
        if handler.stamp == "checked" and content.get("version") != self._version:
            return self._refuse(self._stale_words())
        self._say("")
        changed: bool = getattr(self, handler.method)(content)
        return changed

    def _stale_words(self) -> str:
        """What a checked intent made on an earlier view is told."""
        return "That click was for an earlier view, so it was ignored"
