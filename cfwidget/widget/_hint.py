"""The Hint button (``GameWidget(..., coach=True)``): the coach's advice for a person's turn.

Pressing Hint, or the key H, sends a ``hint`` intent. Python asks the coach
(:func:`cfwidget.odds.coach_hint`) for the best move of the seat the widget shows, worked out
from that seat's view only, and puts the advice in the view's ``hint``: the sentence, the move,
and the hand tile and the table end to ring. The hint stays until the position changes. The
browser only shows it; with ``coach=False`` (the default) there is no Hint button, and a
``hint`` intent is refused.

>>> import cfwidget as cf
>>> from cfwidget.widget import GameWidget
>>> w = GameWidget(cf.Game(["Ann", "Bob"], seed=0), pace="click", coach=True)
>>> w.handle_intent({"kind": "hint", "version": w.version, "seat": 0})
False
>>> w.view["hint"]["move"], w.view["hint"]["tile"], w.view["hint"]["onto"]
('9-1@9-9', '9-1', '9-9')
>>> print(w.view["hint"]["text"])  # doctest: +NORMALIZE_WHITESPACE
Play 9-1 on 9-9: it is your only play;
Bob has 20 tiles left and more than a 99% chance of holding a 9.
>>> w.handle_intent({"kind": "play", "move": "9-1@9-9", "version": w.version, "seat": 0})
True
>>> w.view["hint"], w.handle_intent({"kind": "hint", "version": w.version, "seat": 0})
(None, False)
>>> w.message
"A hint is for your own turn; it is Bob's turn now."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import Round
from ._intents import handles
from ._view import Hint

__all__ = ["HintGiver", "hint_of"]


def hint_of(rnd: Round, seat: int) -> Hint:
    """The coach's advice for ``seat``, the seat to move, as the view shows it."""
    # Loaded on the first hint: the odds bring matplotlib, which a game without hints
    # never needs.
    from ..odds import coach_hint

    advice = coach_hint(rnd, seat)
    move = advice.move
    tile = None if move.tile is None else str(move.tile)
    onto = None if move.onto is None else str(move.onto)
    return {"text": advice.sentence, "move": str(move), "tile": tile, "onto": onto}


class HintGiver:
    """The ``hint`` intent of :class:`~cfwidget.widget.GameWidget` (a mixin)."""

    if TYPE_CHECKING:
        _coach: bool
        _humans: tuple[int, ...]
        _seat: int | None
        _hint: tuple[tuple[object, ...], Hint] | None

        @property
        def _round(self) -> Round: ...
        def _fingerprint(self) -> tuple[object, ...]: ...
        def _name(self, seat: int) -> str: ...
        def _refuse(self, text: str) -> bool: ...
        def _say(self, text: str) -> None: ...
        def refresh(self, force: bool = False) -> None: ...

    @handles("hint")
    def _on_hint(self, content: Mapping[str, Any]) -> bool:
        """Ask the coach for the shown seat's move; the game does not change."""
        rnd = self._round
        if not self._coach:
            return self._refuse("Hints are turned off for this game")
        if rnd.is_over:
            return self._refuse("The round is over, so there is no move to suggest")
        if self._seat is None:  # never: coach=True is refused for the table's view
            return self._refuse("The table's view shows no hand, so it gives no hints")
        if self._seat not in self._humans:
            return self._refuse(
                f"{self._name(self._seat)} is played by a bot: hints are for people"
            )
        if rnd.turn != self._seat:
            return self._refuse(
                f"A hint is for your own turn; it is {self._name(rnd.turn)}'s turn now"
            )
        self._hint = (self._fingerprint(), hint_of(rnd, self._seat))
        self._say("")
        self.refresh(force=True)
        return False

    def _hint_now(self) -> Hint | None:
        """The hint asked for in this position, if any (a move since makes it stale)."""
        if self._hint is None or self._hint[0] != self._fingerprint():
            return None
        return self._hint[1]
