"""Play across devices: a room server that holds games, and links that open one seat each.

The top layer: it builds on the widgets (and the guided sessions, which are widgets) and
nothing imports it. Each device opens a link whose secret part stays in the URL's fragment;
the server hands that seat's intents to the seat's own widget and sends back only that
widget's synced traits, so a device sees what its seat's widget would show in Jupyter.

- :func:`host`: host a game (or a widget shown in the notebook) from a notebook.
- :func:`host_class`: host a class's tables, one room each, and get the teacher's live page
  of them (:class:`ClassPage`: who has joined, each game's state); :func:`watch_class`: the
  same page for rooms a ``cfwidget serve`` holds, followed by their host links.
- :func:`remote_guided_app`: the therapist's app whose remote sessions give the client a
  link to their own screen (:func:`share_client` is its ``share``).
- ``cfwidget serve`` / ``cfwidget room new|list|close|record|erase`` (:mod:`._cli`): a
  clinic's or school's server.
- :class:`RoomStore`: the rooms' SQLite file (append-only events); :class:`Authority`: one
  room's game and seat widgets; :class:`Rooms`: the rooms a server holds;
  :func:`make_app`: the ASGI app (Starlette; needs ``pip install 'cfwidget[room]'``).
- :func:`room_settings`: a game room's checked settings.

The wire protocol, the deployment behind HTTPS and the privacy notes: docs/room.md.

>>> from cfwidget import room
>>> room.room_settings("Ann, bot:greedy", seed=1)["seats"][1]
{'name': 'Greedy 2', 'bot': 'greedy'}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._shared import lazy_names
from ._authority import Authority
from ._class import ClassPage, host_class
from ._errors import RoomError
from ._host import Hosted, host
from ._remote import RemotePanel, remote_guided_app, share_client
from ._rooms import Rooms, create_room
from ._settings import room_settings
from ._store import RoomStore
from ._watch import ClassWatch, watch_class

if TYPE_CHECKING:
    from ._app import make_app as make_app

__all__ = [
    "Authority",
    "ClassPage",
    "ClassWatch",
    "Hosted",
    "RemotePanel",
    "RoomError",
    "RoomStore",
    "Rooms",
    "create_room",
    "host",
    "host_class",
    "make_app",
    "remote_guided_app",
    "room_settings",
    "share_client",
    "watch_class",
]

__getattr__, __dir__ = lazy_names(globals(), {"make_app": ("cfwidget.room._app", "make_app")})
