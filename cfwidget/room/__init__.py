"""Play across devices: a room server that holds games, and links that open one seat each.

The top layer: it imports the widgets and nothing imports it.
"""

from __future__ import annotations

from ._errors import RoomError
from ._store import RoomStore

__all__ = ["RoomError", "RoomStore"]
