"""The farmyard widget (anywidget): a view of a game that people play with mouse or keyboard.

All rules stay in Python; the browser receives only what the viewing seat may see.

>>> import cfwidget as cf
>>> from cfwidget.widget import GameWidget
>>> GameWidget(cf.Game(["Ann", "Bob"], cf.Rules(), seed=7), humans=[0])
<GameWidget Ann (you) vs Bob (bot): round 1 of 10, Bob to move>
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._errors import WidgetError
from ._flow import your_turn
from ._intents import MAX_MESSAGE_BYTES, IntentHandler, handles
from ._setpicker import SetPicker
from ._targets import targets_everywhere
from ._view import PlayerKind, View, Waiting
from ._widget import DISPLAYS, INTENTS, GameWidget
from ._words import CHOOSE_ANY

if TYPE_CHECKING:
    from ._mistakes_widget import MistakesWidget
    from ._review_widget import STEPS, ReviewWidget

__all__ = [
    "CHOOSE_ANY",
    "DISPLAYS",
    "INTENTS",
    "MAX_MESSAGE_BYTES",
    "STEPS",
    "GameWidget",
    "IntentHandler",
    "MistakesWidget",
    "PlayerKind",
    "ReviewWidget",
    "SetPicker",
    "View",
    "Waiting",
    "WidgetError",
    "handles",
    "targets_everywhere",
    "your_turn",
]


def __getattr__(name: str) -> Any:
    """The review widget loads the analysis and the odds: only when it is asked for."""
    if name in ("ReviewWidget", "STEPS"):
        from . import _review_widget

        return getattr(_review_widget, name)
    if name == "MistakesWidget":
        from . import _mistakes_widget

        return _mistakes_widget.MistakesWidget
    raise AttributeError(f"module 'cfwidget.widget' has no attribute {name!r}")
