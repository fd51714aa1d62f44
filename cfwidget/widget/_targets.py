"""Targets for a view that must not tell where a tile fits (guided play below cue level 3).

:func:`targets_everywhere` gives each hand tile that can be played a target on every open end
of the table, so picking it shows every place, not only where it fits.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Observation
from ..table import TilePlacement, badge_spots
from ._view import HandTile, Target, _rounded
from ._words import onto_words

__all__ = ["targets_everywhere"]


def targets_everywhere(
    hand: Sequence[HandTile], obs: Observation, laid: Sequence[TilePlacement]
) -> None:
    """Give each tile of ``hand`` that has a target one on every open end instead.

    For a view that must not tell where a tile fits (guided play below cue level 3): a
    tile picked shows every open end, and a move onto an end where it does not fit is a
    try the rules refuse. A tile with no target keeps none (picking it is itself a try).

    >>> import cfwidget as cf
    >>> from cfwidget.widget import GameWidget
    >>> w = GameWidget(cf.Round.deal(cf.Rules(max_pip=6), players=2, seed=1), pace="click")
    >>> w.handle_intent({"kind": "play", "move": "6-5@6-6", "version": w.version})
    True
    >>> _ = w.handle_intent({"kind": "next", "version": w.version})
    >>> hand = w.view["hand"]
    >>> rnd = w.round
    >>> targets_everywhere(hand, rnd.observation(0), w._laid.of(rnd))
    >>> sorted({len(t["targets"]) for t in hand}), len(rnd.observation(0).open_ends)
    ([0, 3], 3)
    """
    at = {p.tile: i for i, p in enumerate(laid)}
    ends = [t for t, _, free in obs.open_ends if free and t in at]
    spots = badge_spots(laid, (at[t] for t in ends))
    for item in hand:
        if not item["targets"]:
            continue
        say = any(t["say"] for t in item["targets"])
        rows: list[Target] = []
        for end in ends:
            move, (x, y) = f"{item['tile']}@{end}", spots[at[end]]
            rows.append(
                {
                    "move": move,
                    "say": move + "!" if say else None,
                    "onto": str(end),
                    "text": onto_words(str(end), laid[at[end]].role),
                    "badge_x": _rounded(x),
                    "badge_y": _rounded(y),
                }
            )
        item["targets"] = rows
