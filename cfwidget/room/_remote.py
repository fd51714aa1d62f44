"""Remote guided sessions: the client's screen on the client's device, hosted from the app.

:func:`share_client` makes the ``share`` of :func:`cfwidget.therapy.app.guided_app`: once a
session whose setting is remote starts (or is resumed), it hosts the session's widget as a
room (:func:`~cfwidget.room.host`) whose one link opens the client's seat, and returns the
panel the app shows above the therapist's controls: the client's link, its QR code, whether
the client's screen is connected, and a button that closes the link. Each time the client's
device connects or drops, it tells the app, which appends a ``client_device`` line to the
record. While the client's screen is connected, the table is laid out for its board's
shape (the therapist's page mirrors it). :func:`remote_guided_app` is the therapist's app
with that share.

The client's device receives only the session widget's synced traits (the client's view of
the game and the cue marks) and sends the same intents the widget's own page sends; the
therapist's controls (pause, cue level, take back, notes, end) are Python calls in the app,
never intents, so no device can make them.

>>> import tempfile
>>> from cfwidget.therapy import Session, SessionSettings
>>> from cfwidget.therapy.widget import GuidedSession
>>> w = GuidedSession(Session(SessionSettings(delivery="remote"), client="AB12"))
>>> told = []
>>> panel = share_client(port=0, local_only=True)(w, told.append)
>>> panel.link.startswith("http://127.0.0.1:"), "Not connected yet" in panel.status
(True, True)
>>> panel.hosted.stop()
"""

from __future__ import annotations

import html
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from ..therapy.app import Share, guided_app
from ..therapy.report import clock_time
from ..therapy.widget import GuidedSession, touch_button
from ._errors import RoomError
from ._host import LINK_STYLE, Hosted, host

__all__ = ["DEFAULT_PORT", "RemotePanel", "remote_guided_app", "share_client", "small_qr"]

#: The port a remote session's server tries first (another free one when it is taken).
DEFAULT_PORT = 8765
#: What the client's device is told the room is called (never the client's code).
TITLE = "Guided Chicken Foot"


def small_qr(link: str) -> str:
    """A QR code of ``link`` as an SVG element about 100 pixels across, to sit beside the
    link without pushing the session down the page.

    >>> small_qr("http://192.0.2.1:8765/join#s.x").startswith("<svg")
    True
    """
    import segno  # the room's extra, there once a room is hosted

    return str(segno.make(link, error="m").svg_inline(scale=3, border=1, dark="#000"))


class RemotePanel(ipw.VBox):  # type: ignore[misc]
    """The therapist's panel of a remote session: the client's link, its QR code, whether
    the client's screen is connected, and Close the client's link."""

    def __init__(self, hosted: Hosted, widget: GuidedSession, seat: int = 0) -> None:
        self.hosted = hosted
        self._session = widget.session
        #: The client's link: the seat whose device plays through the session's widget.
        self.link = dict(hosted.links)[seat]
        link = self.link
        shown = html.escape(link)
        intro = ipw.HTML(
            "<p><b>Remote session.</b> Send the client this link (in your video call's chat,"
            " say) or let them scan the code: it opens only the client's screen (their tiles,"
            " Draw and Pass, the cues) in any web browser.<br>"
            f"<a href='{shown}' target='_blank' rel='noreferrer' style='{LINK_STYLE};"
            f"overflow-wrap:anywhere'>{shown}</a></p>"
        )
        code = ipw.HTML(small_qr(link), layout=ipw.Layout(flex="0 0 auto"))
        self._status = ipw.HTML()
        self._words = ""
        close = touch_button("Close the client's link", wide=True, icon="times")
        close.tooltip = "The link stops working; the session goes on here"

        def on_close(_: object) -> None:
            hosted.stop()
            close.disabled = True
            self._show("closed")

        close.on_click(on_close)
        status = ipw.HBox([self._status, close], layout=ipw.Layout(flex_flow="row wrap"))
        column = ipw.VBox([intro, status], layout=ipw.Layout(flex="1 1 20em", min_width="0"))
        super().__init__([ipw.HBox([code, column], layout=ipw.Layout(align_items="center"))])
        self.add_class("cfw-remote-panel")
        self._show("waiting")

    @property
    def status(self) -> str:
        """The status line, in words."""
        return self._words

    def _show(self, state: str) -> None:
        """Say whether the client's screen is connected (``connected``, ``dropped``,
        ``waiting`` for the first connection, or the link ``closed``)."""
        devices = [e for e in self._session.events if e["event"] == "client_device"]
        at = clock_time(float(devices[-1]["t"])) if devices else None
        since = f" (since {at:%H:%M})" if at is not None else ""
        when = f" at {at:%H:%M}" if at is not None else ""
        self._words = {
            "waiting": "Not connected yet: waiting for the client to open the link.",
            "connected": f"The client's screen is connected{since}.",
            "dropped": (
                f"The client's screen dropped{when}. Their page reconnects by itself; if it"
                " does not, ask the client to open the link again."
            ),
            "closed": "The client's link is closed. The session goes on here.",
        }[state]
        self._status.value = f"<p role='status'>{html.escape(self._words)}</p>"

    def device(self, connected: bool) -> None:
        """Show that the client's screen connected or dropped (the record is the app's)."""
        self._show("connected" if connected else "dropped")


def share_client(
    *,
    port: int | None = None,
    local_only: bool = False,
    public_url: str | None = None,
) -> Share:
    """The ``share`` that hosts a remote session's client screen (see the module text).

    ``port``: where the server listens (default: :data:`DEFAULT_PORT`, or another free port
    when that one is taken; 0: any free port); ``local_only``: this machine only (for
    tests); ``public_url``: the address the client's link starts with, when the app is
    reached through a clinic's HTTPS proxy (default: ``CFWIDGET_PUBLIC_URL`` if set, else
    this machine's address on the local network).
    """
    if public_url is None:
        public_url = os.environ.get("CFWIDGET_PUBLIC_URL") or None

    def share(widget: GuidedSession, device: Callable[[bool], None]) -> ipw.Widget:
        if not isinstance(widget, GuidedSession):
            raise RoomError("share_client hosts a guided session's widget")
        options: dict[str, Any] = {
            "local_only": local_only,
            "public_url": public_url,
            "show": False,
            "title": TITLE,
        }
        try:
            hosted = host(widget, port=DEFAULT_PORT if port is None else port, **options)
        except RoomError:
            if port is not None:
                raise
            hosted = host(widget, port=0, **options)  # the usual port is taken: any other
        authority = hosted.rooms.authority(hosted.room)
        # The link of the seat the session's own widget serves: the client's (with a second
        # person at the client's side, whichever of them was to move when it was hosted; the
        # other person seat's link is never shown, so every tap goes through the session).
        client = next(s for s, _ in hosted.links if authority.widget("seat", s) is widget)
        panel = RemotePanel(hosted, widget, client)
        seen: list[int] = [0]

        def watch(room: str, role: str, seat: int | None, count: int) -> None:
            if room != hosted.room or role != "seat" or seat != client:
                return
            was, seen[0] = seen[0], count
            if (was > 0) != (count > 0):
                device(count > 0)  # the record first, then the panel
                panel.device(count > 0)
                widget.shape_from_here = count == 0  # the client's screen lays the table out

        hosted.rooms.watchers.append(watch)
        return panel

    return share


def remote_guided_app(
    records: str | os.PathLike[str] | Path | None = None,
    *,
    clock: Callable[[], float] = time.time,
    seed: int = 0,
    port: int | None = None,
    local_only: bool = False,
    public_url: str | None = None,
) -> ipw.VBox:
    """The therapist's app (:func:`~cfwidget.therapy.app.guided_app`) that hosts the
    client's screen of every session whose setting is remote (:func:`share_client`); an
    in-person session runs exactly as in the plain app, and starts no server.

    >>> import tempfile
    >>> app = remote_guided_app(records=tempfile.mkdtemp())
    >>> type(app).__name__
    'VBox'
    """
    share = share_client(port=port, local_only=local_only, public_url=public_url)
    return guided_app(records, clock=clock, seed=seed, share=share)
