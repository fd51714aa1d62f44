"""The room server's app through Starlette's test client: pages, headers and the websocket."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette suggests httpx2 for its test client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient, WebSocketTestSession

from cfwidget.core import Game
from cfwidget.room._app import BUSY, MAX_MESSAGE, TRANSPORT_LIMIT, make_app, too_large
from cfwidget.room._rooms import DEAD_LINK, ELSEWHERE, Rooms, create_room
from cfwidget.room._settings import room_settings
from cfwidget.room._store import RoomStore
from cfwidget.room._tokens import seat_token, table_token, token_hash


@pytest.fixture
def served() -> Iterator[tuple[TestClient, Rooms, str]]:
    rooms = Rooms(RoomStore(":memory:"), "http://192.0.2.1:8765")
    host = rooms.create("Tuesday", room_settings("Ann, Bob, bot:tips", seed=5, pace="click"))
    with TestClient(make_app(rooms, join_seconds=0.5, rate=4)) as client:
        yield client, rooms, host


def _join(ws: WebSocketTestSession, token: str) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "join", "token": token}))
    answer: dict[str, Any] = ws.receive_json()
    return answer


def _next(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of this type (the host page also hears of every connection)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message


def _closed(ws: WebSocketTestSession) -> tuple[str, int]:
    said = ws.receive_json()
    assert said["type"] == "closed"
    close = ws.receive()
    assert close["type"] == "websocket.close"
    return said["text"], close["code"]


def test_pages_carry_the_security_headers(served: tuple[TestClient, Rooms, str]) -> None:
    client, _, _ = served
    health = client.get("/health")
    assert health.json() == {"ok": True}
    for response in (health, client.get("/join"), client.get("/static/widget.css")):
        assert response.headers["x-frame-options"] == "DENY"
        assert response.headers["cache-control"] == "no-store"
        assert response.headers["referrer-policy"] == "no-referrer"
        assert "script-src 'self'" in response.headers["content-security-policy"]
    assert client.get("/static/widget.css").status_code == 200
    assert client.get("/static/..%2f_app.py").status_code == 404
    assert client.get("/static/nothing.js").status_code == 404


def test_a_seat_joins_and_sees_its_own_view(served: tuple[TestClient, Rooms, str]) -> None:
    client, _, host = served
    with client.websocket_connect("/ws") as ws:
        welcome = _join(ws, seat_token(host, 1))
        assert (welcome["type"], welcome["role"], welcome["seat"]) == ("welcome", "seat", 1)
        assert welcome["room"] == "Tuesday"
        assert sorted(welcome["traits"]) == ["display", "large", "message", "palette", "view"]
        assert welcome["traits"]["view"]["seat"] == 1
        ws.send_text(json.dumps({"type": "ping"}))
        assert ws.receive_json() == {"type": "pong"}


@pytest.mark.parametrize(
    "token", ["s.made-up", "h." + "A" * 43, 7, "", "x.thing", "s." + "B" * 500, None]
)
def test_a_wrong_link_is_closed_with_4403_and_words(
    served: tuple[TestClient, Rooms, str], token: object
) -> None:
    client, _, _ = served
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "token": token}))
        text, code = _closed(ws)
    assert code == 4403 and "Ask the host" in text


def test_no_join_in_time_closes_with_4401(served: tuple[TestClient, Rooms, str]) -> None:
    client, _, _ = served
    with client.websocket_connect("/ws") as ws:
        text, code = _closed(ws)
    assert code == 4401 and "in time" in text


def test_bad_messages_are_refused_in_words_and_the_connection_stays(
    served: tuple[TestClient, Rooms, str],
) -> None:
    client, rooms, host = served
    with client.websocket_connect("/ws") as ws:
        _join(ws, seat_token(host, 0))
        sends: list[tuple[Any, str]] = [
            ("not json", "not JSON"),
            (json.dumps({"type": "dance"}), "Unknown message type"),
            (json.dumps({"type": "ping", "extra": 1}), "exactly the fields"),
            (json.dumps({"type": "intent", "content": "x" * 5000}), "too large"),
            (b"\x00\x01", "binary"),
            (json.dumps({"type": "host", "action": "close"}), "Only the host"),
        ]
        for message, words in sends:
            if isinstance(message, bytes):
                ws.send_bytes(message)
            else:
                ws.send_text(message)
            answer = ws.receive_json()
            assert answer["type"] == "refused" and words in answer["text"], answer
            ws.send_text(json.dumps({"type": "ping"}))  # the connection stays, at this pace
            assert ws.receive_json() == {"type": "pong"}
    assert rooms.store.events(rooms.store.rooms()[0].id) == []


def test_the_rate_limit_refuses_a_flood(served: tuple[TestClient, Rooms, str]) -> None:
    client, _, host = served  # at most 4 a second over 5 seconds here: 20 messages
    with client.websocket_connect("/ws") as ws:
        _join(ws, seat_token(host, 0))
        for _ in range(30):
            ws.send_text(json.dumps({"type": "ping"}))
        answers = [ws.receive_json()["type"] for _ in range(30)]
    assert answers.count("refused") >= 10 and answers.count("pong") <= 19


def test_an_intent_needs_a_join_and_the_role_that_may_send_it(
    served: tuple[TestClient, Rooms, str],
) -> None:
    client, _, host = served
    play = {"type": "intent", "content": {"kind": "draw", "version": 1, "seat": 0}}
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps(play))
        assert "Join with your link first" in ws.receive_json()["text"]
        welcome = _join(ws, host)
        assert welcome["role"] == "host"
        ws.send_text(json.dumps(play))
        assert "may not send" in _next(ws, "refused")["text"]
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "token": table_token(host)}))
        answer = ws.receive_json()
        if answer["type"] == "closed":  # until the table view (branch tableview) is merged
            assert "table view" in answer["text"]
        else:
            assert answer["role"] == "table"
            ws.send_text(json.dumps(play))
            assert "may not send" in ws.receive_json()["text"]


def test_a_move_reaches_the_other_seat_and_the_host(served: tuple[TestClient, Rooms, str]) -> None:
    client, rooms, host = served
    with (
        client.websocket_connect("/ws") as ann,
        client.websocket_connect("/ws") as bob,
        client.websocket_connect("/ws") as owner,
    ):
        view = _join(ann, seat_token(host, 0))["traits"]["view"]
        _join(bob, seat_token(host, 1))
        state = _join(owner, host)["traits"]["room"]
        assert [s["player"] for s in state["seats"]] == ["person", "person", "bot"]
        room = rooms.store.rooms()[0].id
        link = f"http://192.0.2.1:8765/r/{room}/join#{seat_token(host, 0)}"
        assert state["seats"][0]["link"] == link
        assert state["seats"][1]["qr"].startswith("<svg") and "link" not in state["seats"][2]
        while owner.receive_json()["traits"]["room"]["seats"][1]["connected"] != 1:
            pass
        authority = rooms.authority(rooms.store.rooms()[0].id)
        rnd = authority.game.round
        content: dict[str, Any] = {"kind": "next", "version": view["version"], "seat": 0}
        if rnd.turn == 0:  # Ann plays; else the bot moves on Ann's Next (pace "click")
            content.update(kind="play", move=str(rnd.legal_moves()[0]))
        assert rnd.turn != 1
        ann.send_text(json.dumps({"type": "intent", "content": content}))
        pushed = bob.receive_json()
        assert pushed["type"] == "traits" and pushed["traits"]["view"]["seat"] == 1
        assert pushed["traits"]["view"]["log"][-1] != view["log"][-1:]
        assert ann.receive_json()["traits"]["view"]["version"] == view["version"] + 1
        moves = owner.receive_json()["traits"]["room"]["moves"]
        assert moves == 1
        ann.send_text(json.dumps({"type": "intent", "content": content}))  # replayed
        said = ann.receive_json()["traits"]["message"]
        assert "already done" in said
        assert [e.kind for e in rooms.store.events(authority.room)] == ["move"]


def test_the_host_closes_the_room_and_every_link_dies(
    served: tuple[TestClient, Rooms, str],
) -> None:
    client, _, host = served
    with client.websocket_connect("/ws") as ann, client.websocket_connect("/ws") as owner:
        _join(ann, seat_token(host, 0))
        _join(owner, host)
        owner.send_text(json.dumps({"type": "host", "action": "close"}))
        text, code = _closed(ann)
        assert code == 4410 and "closed this room" in text
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "token": seat_token(host, 0)}))
        assert _closed(ws)[1] == 4403


def test_a_failure_inside_the_server_is_a_refusal_and_the_connection_stays(
    served: tuple[TestClient, Rooms, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, rooms, host = served

    def broken(token: object) -> str:
        raise OSError("the disk is gone")

    with client.websocket_connect("/ws") as ws:
        monkeypatch.setattr(rooms, "open", broken)
        ws.send_text(json.dumps({"type": "join", "token": seat_token(host, 0)}))
        said = ws.receive_json()
        assert said == {"type": "refused", "text": "The server could not handle that message."}
        monkeypatch.undo()
        assert _join(ws, seat_token(host, 0))["type"] == "welcome"


def test_a_room_made_or_closed_by_another_process_is_seen_on_its_next_message(
    served: tuple[TestClient, Rooms, str],
) -> None:
    client, rooms, _ = served
    other = rooms.store  # in memory here: the same store stands in for the CLI's
    room, later = create_room(other, "Made later", room_settings("Di, Ed", seed=2))
    with client.websocket_connect("/ws") as ws:
        welcome = _join(ws, seat_token(later, 1))
        assert welcome["room"] == "Made later"
        other.close(room)
        view = welcome["traits"]["view"]
        content = {"kind": "draw", "version": view["version"], "seat": 1}
        ws.send_text(json.dumps({"type": "intent", "content": content}))
        text, code = _closed(ws)
    assert code == 4410 and "closed" in text


def test_a_thousand_rapid_connects_with_wrong_links_change_nothing(
    served: tuple[TestClient, Rooms, str],
) -> None:
    client, rooms, host = served
    room = rooms.store.rooms()[0].id
    codes = []
    for i in range(1000):
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "join", "token": f"s.guess{i}"}))
            codes.append(_closed(ws)[1])
    assert codes == [4403] * 1000
    assert rooms.store.events(room) == [] and rooms.count(room, "seat", 0) == 0
    with client.websocket_connect("/ws") as ws:  # the server is up, the real link still works
        assert _join(ws, seat_token(host, 0))["type"] == "welcome"


def _busy(ws: WebSocketTestSession) -> int:
    """The words and the close code of a connection refused for want of room."""
    said = ws.receive_json()
    assert said == {"type": "refused", "text": BUSY}
    close = ws.receive()
    assert close["type"] == "websocket.close" and close["reason"] == BUSY
    return int(close["code"])


def test_connections_waiting_to_join_are_capped_in_all_and_by_address() -> None:
    rooms = Rooms(RoomStore(":memory:"), "http://192.0.2.1:8765")
    host = rooms.create("Capped", room_settings("Ann, Bob", seed=5, pace="click"))
    app = make_app(rooms, join_seconds=30, waiting=3, waiting_per_address=2)
    with (
        TestClient(app, client=("192.0.2.10", 1000)) as one,
        TestClient(app, client=("192.0.2.20", 1000)) as other,
        TestClient(app, client=("192.0.2.30", 1000)) as third,
        one.websocket_connect("/ws") as first,
        one.websocket_connect("/ws") as second,
    ):
        with one.websocket_connect("/ws") as refused:  # a third from the same address
            assert _busy(refused) == 1013
        with other.websocket_connect("/ws") as elsewhere:  # the third waiting in all
            with third.websocket_connect("/ws") as refused:  # a fourth: too many in all
                assert _busy(refused) == 1013
            assert _join(first, seat_token(host, 0))["type"] == "welcome"  # joined: out
            with third.websocket_connect("/ws") as admitted:
                assert _join(admitted, seat_token(host, 1))["type"] == "welcome"
            elsewhere.send_text(json.dumps({"type": "ping"}))
            assert elsewhere.receive_json() == {"type": "pong"}
        with one.websocket_connect("/ws") as again:  # the address's second place is free
            again.send_text(json.dumps({"type": "ping"}))
            assert again.receive_json() == {"type": "pong"}
        second.send_text(json.dumps({"type": "ping"}))
        assert second.receive_json() == {"type": "pong"}


def test_every_oversized_message_is_refused_in_the_same_words() -> None:
    from websockets.exceptions import ConnectionClosedError
    from websockets.sync.client import connect

    from cfwidget.room import host

    hosted = host(Game(["Ann", "Bob"], seed=4), port=0, local_only=True, show=False)
    try:
        link = hosted.links[0][1]
        address = link.split("/join#")[0].replace("http://", "ws://") + "/ws"
        with connect(address, max_size=None) as ws:
            ws.send(json.dumps({"type": "join", "token": link.split("#", 1)[1]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
            for size in (MAX_MESSAGE + 1, 65_537, TRANSPORT_LIMIT - 64):  # kept open after each
                ws.send(json.dumps({"type": "intent", "content": "x" * size}))
                said = json.loads(ws.recv(timeout=10))
                assert said == {"type": "refused", "text": too_large()}, size
                ws.send(json.dumps({"type": "ping"}))
                assert json.loads(ws.recv(timeout=10)) == {"type": "pong"}
            ws.send("x" * (TRANSPORT_LIMIT + 1))  # more than the transport reads at all
            said = json.loads(ws.recv(timeout=10))
            assert said["type"] == "refused" and said["text"].startswith(too_large())
            assert "closed" in said["text"]
            with pytest.raises(ConnectionClosedError) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    finally:
        hosted.stop()


def test_the_server_keeps_its_rooms_out_of_the_collector_and_lets_a_closed_one_go() -> None:
    import gc

    from cfwidget.room._serve import keep_out_of_the_collector

    rooms = Rooms(RoomStore(":memory:"), "http://192.0.2.1:8765")
    told: list[bool] = []
    rooms.kept += [told.append, keep_out_of_the_collector]
    try:
        host = rooms.create("Kept", room_settings("Ann, Bob", seed=5, pace="click"))
        opened = rooms.open(seat_token(host, 0))
        assert not isinstance(opened, str) and rooms.open(seat_token(host, 1)) != opened
        assert told == [True] and gc.get_freeze_count() > 0  # read once, then kept
        gc.unfreeze()
        rooms.close(opened[0].room)
        assert told == [True, False] and gc.get_freeze_count() > 0  # collected, frozen again
    finally:
        gc.unfreeze()


def test_a_rooms_own_path_opens_only_that_rooms_links(
    served: tuple[TestClient, Rooms, str],
) -> None:
    client, rooms, host = served
    other = rooms.create("Wednesday", room_settings("Cy, Di", seed=6, pace="click"))
    first, second = (rooms.store.find(token_hash(token))[0] for token in (host, other))  # type: ignore[index]
    for page in ("join", "host", "static/room.css", "static/widget.css"):
        plain, routed = client.get(f"/{page}"), client.get(f"/r/{first}/{page}")
        assert routed.status_code == plain.status_code == 200, page
        assert routed.content == plain.content and routed.headers["x-frame-options"] == "DENY"
    assert client.get("/r/no.such.room!/join").status_code == 404
    with client.websocket_connect(f"/r/{first}/ws") as ws:
        welcome = _join(ws, seat_token(host, 1))
        assert welcome["type"] == "welcome" and welcome["traits"]["view"]["seat"] == 1
    with client.websocket_connect(f"/r/{second}/ws") as ws:
        assert _join(ws, other)["role"] == "host"
    for path, token in ((f"/r/{first}/ws", seat_token(other, 0)), (f"/r/{second}/ws", host)):
        with client.websocket_connect(path) as ws:  # a link of the other room: refused
            ws.send_text(json.dumps({"type": "join", "token": token}))
            assert _closed(ws) == (DEAD_LINK, 4403)
    with client.websocket_connect("/ws") as ws:  # one server alone: the plain path opens any
        assert _join(ws, seat_token(other, 1))["traits"]["view"]["seat"] == 1


def test_a_room_another_live_process_holds_is_not_served_here() -> None:
    store = RoomStore(":memory:")
    here = Rooms(store, "http://192.0.2.1:8765", holder="here", lease=60)
    there = Rooms(store, "http://192.0.2.1:8766", holder="there", lease=60)
    host = here.create("Tuesday", room_settings("Ann, Bob", seed=5, pace="click"))
    room = store.rooms()[0].id  # the only room
    assert there.open(seat_token(host, 0), room)[1:] == ("seat", 0)  # type: ignore[index]
    with TestClient(make_app(here, join_seconds=0.5)) as client:
        with client.websocket_connect(f"/r/{room}/ws") as ws:
            ws.send_text(json.dumps({"type": "join", "token": seat_token(host, 0)}))
            assert _closed(ws) == (ELSEWHERE, 1013)  # not final: the page tries again
        assert store.holders()[room] == ("there", True)
        there.keep()  # "here" asked for the room: "there" hands it over
        assert store.holders().get(room) is None
        with client.websocket_connect(f"/r/{room}/ws") as ws:
            assert _join(ws, seat_token(host, 0))["traits"]["view"]["seat"] == 0
        assert store.holders()[room] == ("here", True)


def test_a_room_this_process_cannot_serve_is_not_held_by_it() -> None:
    store = RoomStore(":memory:")
    rooms = Rooms(store, "http://192.0.2.1:8765", holder="here")
    room, host = create_room(store, "A notebook's", room_settings("Ann, Bob", seed=1), "widget")
    said = rooms.open(seat_token(host, 0), room)
    assert isinstance(said, str) and "ended with it" in said
    assert store.holders() == {}
