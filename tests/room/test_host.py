"""Hosting from a notebook: on a running loop (a kernel's) or on a thread of its own."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from typing import Any

import pytest
from websockets.asyncio.client import connect as connect_async
from websockets.sync.client import connect

import cfwidget as cf
from cfwidget.room import RoomError, host
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings
from cfwidget.therapy.widget import GuidedSession
from cfwidget.widget import GameWidget
from tests.room.devices import intent_for


def _ws_url(link: str) -> tuple[str, str]:
    base, token = link.split("/join#")
    return base.replace("http://", "ws://") + "/ws", token


def test_on_a_running_loop_the_widgets_change_on_that_loops_thread() -> None:
    game = cf.Game(["Ann", "Bob", "Cy"], seed=1)  # Bob, seat 1, moves first
    shown = GameWidget(game, humans=[0, 1], seat=0, pace="click")
    threads: list[int] = []
    shown.observe(lambda _: threads.append(threading.get_ident()), names=["view"])

    async def kernel() -> tuple[dict[str, Any], int, str]:
        hosted = host(shown, port=0, local_only=True, show=False, title="Lab\x00 room")
        assert [seat for seat, _ in hosted.links] == [0, 1]
        url, token = _ws_url(hosted.links[1][1])
        async with connect_async(url) as bob:
            await bob.send(json.dumps({"type": "join", "token": token}))
            welcome = json.loads(await bob.recv())
            view = welcome["traits"]["view"]
            await bob.send(json.dumps({"type": "intent", "content": intent_for(view, 1)}))
            while True:
                pushed = json.loads(await bob.recv())
                if "view" in pushed.get("traits", {}):
                    break
        hosted.stop()
        for _ in range(200):  # the server's task ends on the loop
            if not [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]:
                break
            await asyncio.sleep(0.02)
        return welcome, threading.get_ident(), repr(hosted)

    welcome, loop_thread, shown_repr = asyncio.run(kernel())
    assert welcome["room"] == "Lab room" and welcome["seat"] == 1
    assert threads and set(threads) == {loop_thread}  # the seat's move redrew Ann's widget
    assert len(game.round.moves) >= 1 and shown_repr.endswith("stopped>")


def test_a_guided_sessions_seat_is_played_from_another_device() -> None:
    session = Session(SessionSettings(seed=4), client="AB12", clock=lambda: 0.0)
    guided = GuidedSession(session)
    hosted = host(guided, port=0, local_only=True, show=False, title="Therapy")
    try:
        assert "Host page" in hosted._repr_html_() and "<svg" in hosted._repr_html_()
        url, token = _ws_url(hosted.links[0][1])
        before = len(session.events)
        with connect(url) as client:
            client.send(json.dumps({"type": "join", "token": token}))
            view = json.loads(client.recv())["traits"]["view"]
            assert view["guided"] and view["cue"]
            client.send(json.dumps({"type": "intent", "content": intent_for(view, 0)}))
            reply = json.loads(client.recv())
        assert len(session.events) > before, reply  # the session's record took the move
    finally:
        hosted.stop()
    with pytest.raises(RoomError, match="The port is a whole number"):
        host(cf.Game(["A", "B"], seed=1), port=-5, show=False)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(RoomError, match=f"Port {port} cannot be used"):
            host(cf.Game(["A", "B"], seed=1), port=port, local_only=True, show=False)


def test_a_hosted_game_kept_in_a_file_resumes_under_cfwidget_serve(tmp_path: Any) -> None:
    from cfwidget.room import Authority, RoomStore

    game = cf.Game(["Ann", "Bob"], seed=9)
    game.play(game.round.legal_moves()[0])  # played before it was hosted
    hosted = host(game, port=0, local_only=True, show=False, store=tmp_path / "r.db")
    hosted.stop()
    store = RoomStore(tmp_path / "r.db")
    (info,) = store.rooms()
    assert info.kind == "game" and [e.kind for e in store.events(info.id)] == ["move", "closed"]
    assert Authority.resume(store, info.id).record() == game.to_json()
    with pytest.raises(RoomError, match="lone round"):
        host(GameWidget(cf.Round.deal(cf.Rules(), players=2, seed=1)), show=False)
