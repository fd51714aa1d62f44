"""Remote guided sessions through a real room server: the client's taps on their own device
reach the session and land in the record exactly as in person; the client's device
connecting and dropping is noted; the client's device cannot do the therapist's part."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ipywidgets as ipw
import pytest
from websockets.sync.client import ClientConnection, connect

from cfwidget.room import RemotePanel, remote_guided_app, share_client
from cfwidget.therapy.report import figures, load_log
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SETTINGS, SessionSettings
from cfwidget.therapy.widget import GuidedSession

START = 1_780_000_000.0
SETTINGS_USED = SessionSettings(seed=4, delivery="remote", errorless=False, cue_wait=600)
PRIVATE = ("QX-97", "scanning leftwards")  # the client code and the goals


def until(test: Callable[[], bool], what: str) -> None:
    """Wait for the server's thread to have done something (a bound, not a speed)."""
    deadline = time.monotonic() + 30
    while not test():
        assert time.monotonic() < deadline, f"waited 30 s for {what}"
        time.sleep(0.01)


class Device:
    """The client's device: a websocket that joins with the link and keeps the traits."""

    def __init__(self, link: str) -> None:
        base, self.token = link.split("/join#")
        self.url = base.replace("http://", "ws://") + "/ws"
        self.traits: dict[str, Any] = {}
        self.received: list[str] = []
        self.ws: ClientConnection | None = None

    def join(self) -> dict[str, Any]:
        self.ws = connect(self.url).__enter__()
        self.ws.send(json.dumps({"type": "join", "token": self.token}))
        welcome = self._recv()
        assert welcome["type"] == "welcome" and welcome["role"] == "seat", welcome
        self.traits = dict(welcome["traits"])
        return welcome

    def _recv(self, timeout: float = 30) -> dict[str, Any]:
        assert self.ws is not None
        text = str(self.ws.recv(timeout=timeout))
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "traits":
            self.traits.update(message["traits"])
        return message

    def send(self, content: dict[str, Any]) -> None:
        assert self.ws is not None
        self.ws.send(json.dumps({"type": "intent", "content": content}))

    def drain(self) -> None:
        """Read what the server sent until it has been quiet a moment."""
        while True:
            try:
                self._recv(timeout=0.3)
            except TimeoutError:
                return

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None


def in_person_and_remote(tmp_path: Path) -> tuple[Session, Session]:
    now = [START]
    sessions = []
    for name in ("in-person", "remote"):
        sessions.append(
            Session(
                SETTINGS_USED,
                client=PRIVATE[0],
                goals=PRIVATE[1],
                journal=tmp_path / f"{name}.jsonl",
                clock=lambda: now[0],
            )
        )
    return sessions[0], sessions[1]


def wrong_tile(s: Session) -> str:
    obs = s.round.observation(0)
    fits = {m.tile for m in obs.legal_moves}
    return str(next(t for t in obs.hand if t not in fits))


def script(s: Session) -> list[tuple[str, dict[str, Any]]]:
    """The client's next actions, read off the session: a wrong tap, then the right play."""
    return [
        ("try", {"kind": "try", "tile": wrong_tile(s)}),
        ("play", {"kind": "play", "move": s.cue_for_level(4).move}),
    ]


@pytest.fixture
def remote_pair(tmp_path: Path) -> Iterator[tuple[Session, Session, GuidedSession, RemotePanel]]:
    here, there = in_person_and_remote(tmp_path)
    widget = GuidedSession(there)
    told: list[bool] = []

    def device(connected: bool) -> None:
        told.append(connected)
        there.client_device(connected)

    panel = share_client(port=0, local_only=True)(widget, device)
    assert isinstance(panel, RemotePanel)
    try:
        yield here, there, widget, panel
    finally:
        panel.hosted.stop()


def records_without_devices(path: Path) -> list[dict[str, Any]]:
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    return [
        {k: v for k, v in e.items() if k not in ("n", "check")}
        for e in lines
        if e["event"] != "client_device"
    ]


def test_a_clients_taps_land_in_the_record_as_in_person(
    remote_pair: tuple[Session, Session, GuidedSession, RemotePanel], tmp_path: Path
) -> None:
    here, there, widget, panel = remote_pair
    beside = GuidedSession(here)  # the in-person screen: the same taps, in the notebook
    client = Device(panel.link)
    welcome = client.join()
    until(lambda: there.device_connected is True, "the connection in the record")
    assert "The client's screen is connected" in panel.status
    assert welcome["room"] == "Guided Chicken Foot"
    turns = 0
    while turns < 2:
        assert here.whose_turn() == there.whose_turn()
        if there.whose_turn() == "bot":
            step = {"kind": "next"}
            beside.handle_intent({**step, "version": beside.version, "seat": 0})
            before = len(there.events)
            client.send({**step, "version": client.traits["view"]["version"], "seat": 0})
            until(lambda n=before: len(there.events) > n, "the bot's turn")
            client.drain()
            continue
        steps = script(there)
        assert steps == script(here)  # the same game, the same hand
        for what, step in steps:
            beside.handle_intent({**step, "version": beside.version, "seat": 0})
            before = len(there.events)
            client.send({**step, "version": client.traits["view"]["version"], "seat": 0})
            until(lambda n=before: len(there.events) > n, f"the {what}")
            client.drain()
            assert client.traits["message"] == beside.message  # the same words on both screens
        turns += 1
        if turns == 1:  # the connection drops between turns, and comes back
            client.close()
            until(lambda: there.device_connected is False, "the drop in the record")
            assert "dropped" in panel.status
            client.join()
            until(lambda: there.device_connected is True, "the reconnection")
    assert any(e["event"] == "refused" for e in there.events)
    assert len(there.turns) == len(here.turns) >= 2
    widget.end("Minimal cues", "steady", "fade to 1")
    beside.end("Minimal cues", "steady", "fade to 1")
    client.drain()
    assert client.traits["view"]["status"] == "The session has ended. Thank you!"
    client.close()
    remote, in_person = tmp_path / "remote.jsonl", tmp_path / "in-person.jsonl"
    assert records_without_devices(remote) == records_without_devices(in_person)
    assert figures(load_log(remote)) == figures(load_log(in_person))
    states = [d["state"] for d in load_log(remote).devices]
    assert states == ["connected", "dropped", "connected"]  # nothing after the end
    everything = "".join(client.received)
    for words in PRIVATE:  # nothing of the therapist's reached the client's device
        assert words not in everything


def test_the_clients_device_cannot_do_the_therapists_part(
    remote_pair: tuple[Session, Session, GuidedSession, RemotePanel],
) -> None:
    _, there, _, panel = remote_pair
    client = Device(panel.link)
    client.join()
    before = list(there.events)
    version = client.traits["view"]["version"]
    for content in (
        {"kind": "set_cue", "level": 4, "version": version},
        {"kind": "pause", "version": version},
        {"kind": "end", "version": version},
        {"kind": "new_game", "version": version, "seat": 0},
    ):
        client.send(content)
        client.drain()
        assert client.traits["message"], content  # refused in words
    assert [e for e in there.events if e["event"] != "client_device"] == [
        e for e in before if e["event"] != "client_device"
    ]
    assert not there.paused and not there.ended and there.level() == 0
    client.close()


def test_the_remote_app_hosts_only_remote_sessions(tmp_path: Path) -> None:
    from tests.therapy.test_app import find

    app = remote_guided_app(records=tmp_path, seed=11, port=0, local_only=True)
    find(app, ipw.Text, description="Client code").value = "C-07"
    find(app, ipw.Dropdown, description="Setting").value = SETTINGS["delivery"].index("remote")
    find(app, ipw.Button, description="Start the session").click()
    panel = app.children[0].children[0]
    assert isinstance(panel, RemotePanel) and panel.hosted.running
    try:
        client = Device(panel.link)
        view = client.join()["traits"]["view"]
        assert view["guided"] is not None and view["seat"] == 0
        until(lambda: app.session_widget.session.device_connected is True, "the connection")
        client.close()
        until(lambda: app.session_widget.session.device_connected is False, "the drop")
        find(panel, ipw.Button, description="Close the client's link").click()
        assert not panel.hosted.running and "link is closed" in panel.status
        closed = Device(panel.link)
        with pytest.raises(Exception):  # noqa: B017 (the server is gone: no connection)
            closed.join()
    finally:
        panel.hosted.stop()
    in_person = remote_guided_app(records=tmp_path, seed=11, port=0, local_only=True)
    find(in_person, ipw.Text, description="Client code").value = "C-08"
    find(in_person, ipw.Button, description="Start the session").click()
    assert not any(
        isinstance(c, ipw.VBox) and "cfw-remote" in c._dom_classes for c in in_person.children
    )


def test_with_a_second_person_the_link_shown_plays_through_the_session() -> None:
    """Hosted while the second person is to move (the session's widget then shows seat 1),
    the link the panel shows still opens the session's own widget, so every tap is recorded."""
    s = Session(SessionSettings(seed=3, second_person=True), client="AB12", clock=lambda: 0.0)
    w = GuidedSession(s)
    while s.whose_turn() != "person":
        if not s.bot_step():
            assert s.attempt(s.cue_for_level(4).move or "draw").accepted
    w.refresh(force=True)
    assert w.seat == 1
    panel = share_client(port=0, local_only=True)(w, s.client_device)
    assert isinstance(panel, RemotePanel)
    try:
        device = Device(panel.link)
        view = device.join()["traits"]["view"]
        assert view["guided"] is not None  # the session's widget, not a plain one
        before = len(s.events)
        move = s.cue_for_level(4).move
        device.send({"kind": "play", "move": move, "version": view["version"], "seat": 1})
        until(lambda: any(e["event"] == "move" for e in s.events[before:]), "the move")
        assert s.events[-1]["event"] in ("move", "turn", "turn_start")
        device.close()
    finally:
        panel.hosted.stop()


def test_behind_a_clinics_proxy_the_link_starts_with_the_public_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CFWIDGET_PUBLIC_URL", "https://games.clinic.example/")
    s = Session(SessionSettings(seed=1, delivery="remote"), client="AB12", clock=lambda: 0.0)
    panel = share_client(port=0, local_only=True)(GuidedSession(s), s.client_device)
    assert isinstance(panel, RemotePanel)
    try:
        assert re.match(r"https://games\.clinic\.example/r/[0-9a-f]{8}/join#s\.", panel.link)
    finally:
        panel.hosted.stop()


def test_while_the_client_is_connected_the_table_is_laid_for_the_clients_screen(
    remote_pair: tuple[Session, Session, GuidedSession, RemotePanel],
) -> None:
    """The therapist's page and the client's device both tell the board's shape; while the
    client's screen is connected, its shape is the one the next round is laid out for."""
    _, there, widget, panel = remote_pair

    def from_the_notebook(width: int, height: int) -> None:  # the therapist's own page
        widget._on_msg(widget, {"kind": "board", "width": width, "height": height}, [])

    from_the_notebook(1200, 400)
    assert widget._laid.aspect == 3.0
    client = Device(panel.link)
    client.join()
    until(lambda: there.device_connected is True, "the client's screen connected")
    client.send({"kind": "board", "width": 800, "height": 600})
    until(lambda: abs(widget._laid.aspect - 800 / 600) < 1e-9, "the client's shape")
    from_the_notebook(1200, 400)  # the therapist's page resizes: the client's shape stays
    assert abs(widget._laid.aspect - 800 / 600) < 1e-9
    client.close()
    until(lambda: there.device_connected is False, "the client's screen gone")
    from_the_notebook(1000, 500)  # with no client screen, the notebook's page lays it out
    assert widget._laid.aspect == 2.0


def test_the_clients_link_looks_like_a_link_in_the_app(
    remote_pair: tuple[Session, Session, GuidedSession, RemotePanel],
) -> None:
    """JupyterLab and Voila give links in an HTML widget the text's colour and no underline:
    the panel's link carries its own (the class page's too: one style)."""
    from cfwidget.room._host import LINK_STYLE

    *_, panel = remote_pair
    intro = panel.children[0].children[1].children[0].value
    assert f"style='{LINK_STYLE};" in intro and "text-decoration:underline" in LINK_STYLE
    assert panel.link in intro
