"""Importing this module makes every bot of the package known to a room.

The players layer knows only its own bots; the coach (odds) and the searching bots
(analysis) join :data:`~cfwidget.players.BOTS` when their layers are imported. A room names
its bots in plain settings, so it imports those layers first: ``bot:coach`` must work in a
fresh ``cfwidget serve`` process, not only after a notebook happened to import the analysis.

>>> from cfwidget.players import BOTS
>>> {"coach", "search", "deep-search"} <= set(BOTS)
True
"""

from __future__ import annotations

from .. import analysis, odds

__all__: list[str] = []
_LAYERS = (odds, analysis)  # imported for what their import does: they register their bots
