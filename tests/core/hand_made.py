"""Hand-made deals for the scenario, preset and illegal-move tests: one ``make`` for all.

``make(rules, hands, yard)`` deals ``rules``' whole set: the tiles named in ``hands``, then
``yard`` drawn first, then every tile not named, at the end of the yard or in hand
``rest_to`` (to empty the yard); ``moves`` are played after the deal, and any other keyword
(``start``, ``first``, ``used_doubles``, ``names``) goes to :meth:`cfwidget.Round.from_deal`.

>>> import cfwidget as cf
>>> rnd = make(cf.Rules(max_pip=4, spokes=3, hand_size=2), [["4-4", "1-0"], ["2-2", "3-1"]])
>>> len(rnd.boneyard), legal(rnd)
(11, ['draw'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import cfwidget as cf
from cfwidget import Round, Rules, Tile

__all__ = ["legal", "make"]


def make(
    rules: Rules,
    hands: Sequence[Iterable[str]],
    yard: Iterable[str] = (),
    *,
    rest_to: int | None = None,
    moves: Iterable[str] = (),
    **deal: Any,
) -> Round:
    """A deal of the whole set (unnamed tiles go to the yard's end, or to hand ``rest_to``),
    then ``moves`` played."""
    hand_tiles = [[Tile.parse(t) for t in hand] for hand in hands]
    yard_tiles = [Tile.parse(t) for t in yard]
    named = {t for hand in hand_tiles for t in hand} | set(yard_tiles)
    rest = [t for t in cf.full_set(rules.max_pip) if t not in named]
    if rest_to is None:
        yard_tiles += rest
    else:
        hand_tiles[rest_to] += rest
    rnd = Round.from_deal(rules, hand_tiles, yard_tiles, **deal)
    for move in moves:
        rnd.play(move)
    return rnd


def legal(rnd: Round) -> list[str]:
    """The legal moves as text: ``['9-4@9-9', 'draw']``."""
    return [str(m) for m in rnd.legal_moves()]
