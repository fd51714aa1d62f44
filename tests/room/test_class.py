"""The teacher's class page: rooms hosted together, and a table of them that redraws itself.

Devices join over real websockets; the test only waits while the page's table (the HTML the
notebook shows) changes by itself. The page names no tile, so no hand can reach it: checked
on the live page and with re-dealt worlds, as the table's view is.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.asyncio.client import connect as connect_async
from websockets.sync.client import ClientConnection, connect

import cfwidget as cf
from cfwidget.room import ClassPage, RoomError, host_class
from cfwidget.room._class import RoomRow, SeatRow, game_words, page_html
from tests.core.seat_worlds import boundary_breaks, positions
from tests.room.devices import intent_for

#: A tile written as the game writes it (``9-4``): the page never shows one.
TILE = re.compile(r"\b\d{1,2}-\d{1,2}\b")


def _ws(link: str) -> tuple[str, str]:
    base, token = link.split("/join#")
    return base.replace("http://", "ws://") + "/ws", token


def _shown(page: ClassPage) -> str:
    """The table the notebook shows now, as text (tags dropped)."""
    value = str(page.children[0].value)
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def _row(page: ClassPage, title: str) -> str:
    """The shown table's row of a room, as text."""
    value = str(page.children[0].value)
    for row in re.findall(r"<tr>(.*?)</tr>", value, flags=re.S):
        text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", row)).split())
        if text.startswith(title):
            return text
    raise AssertionError(f"no row for {title!r} in {value}")


def _wait(check: Callable[[], bool], page: ClassPage, what: str) -> None:
    for _ in range(300):
        if check():
            return
        time.sleep(0.02)
    raise AssertionError(f"the page never showed {what}:\n{_shown(page)}")


def _join(devices: ExitStack, link: str) -> tuple[ClientConnection, dict[str, Any]]:
    url, token = _ws(link)
    device = devices.enter_context(connect(url))
    device.send(json.dumps({"type": "join", "token": token}))
    welcome: dict[str, Any] = json.loads(device.recv())
    assert welcome["type"] == "welcome", welcome
    return device, welcome


def _hands_of(page: ClassPage) -> set[str]:
    return {
        str(tile) for t in page._tables for hand in t.authority.game.round.hands for tile in hand
    }


def _no_tile_on(page: ClassPage) -> None:
    # The shown table's text (its tags hold the projector links, whose tokens are random).
    shown = [_shown(page), page._repr_html_(), page.text(), repr(page)]
    assert not [TILE.findall(text) for text in shown if TILE.search(text)]
    assert all(tile not in text for tile in _hands_of(page) for text in shown)


@pytest.fixture
def devices() -> Iterator[ExitStack]:
    with ExitStack() as stack:
        yield stack


@pytest.fixture
def page() -> Iterator[ClassPage]:
    tables = {"Table 1": "Ann, Bob, bot:tips", "Table 2": "Cy, Di"}
    shown = host_class(tables, seed=3, pace="click", port=0, local_only=True)
    yield shown
    shown.stop()


def test_the_rows_change_by_themselves_as_devices_join_play_and_leave(
    page: ClassPage, devices: ExitStack
) -> None:
    assert _row(page, "Table 1").startswith(
        "Table 1 Ann: not joined yet Bob: not joined yet Tips 3: computer player "
        "0 of 2 players here Round 1 of 10:"
    )
    assert "Projector not open" in _row(page, "Table 1")
    _no_tile_on(page)
    links = str(page.children[1].value)  # the links' disclosures: never redrawn by play
    (cy_seat, cy_link), (di_seat, di_link) = [(s, link) for s, _, link in page.links["Table 2"]]
    cy, cy_welcome = _join(devices, cy_link)
    _wait(lambda: "Cy: here Di: not joined yet" in _row(page, "Table 2"), page, "Cy here")
    assert "1 of 2 players here" in _row(page, "Table 2")
    di, di_welcome = _join(devices, di_link)
    _wait(lambda: "2 of 2 players here" in _row(page, "Table 2"), page, "both here")
    projector, _ = _join(devices, page.table_links["Table 2"])
    _wait(lambda: "On 1 screen" in _row(page, "Table 2"), page, "the projector")
    assert "Projector not open" in _row(page, "Table 1")  # the other room is untouched
    table_link = html.escape(page.table_links["Table 2"])
    assert f"href='{table_link}'" in str(page.children[0].value)  # one click to project it
    assert "Open Table 2 on the projector" in _row(page, "Table 2")

    # The player to move plays; the row's game words follow, with nothing of a hand.
    game = page._tables[1].authority.game
    before = game_words(game.round, game)[0]
    assert before in _row(page, "Table 2")
    welcomes = {cy_seat: (cy, cy_welcome), di_seat: (di, di_welcome)}
    mover, welcome = welcomes[game.round.turn]
    intent = intent_for(welcome["traits"]["view"], game.round.turn)
    mover.send(json.dumps({"type": "intent", "content": intent}))
    _wait(lambda: len(game.round.moves) == 1, page, "the move played")
    after = game_words(game.round, game)[0]
    _wait(lambda: after in _row(page, "Table 2"), page, after)
    assert intent["kind"] == "play" and after != before
    _no_tile_on(page)

    di.close()
    _wait(lambda: "Di: left (not connected now)" in _row(page, "Table 2"), page, "Di left")
    assert "1 of 2 players here" in _row(page, "Table 2")
    cy.close()
    projector.close()
    _wait(lambda: "0 of 2 players here" in _row(page, "Table 2"), page, "nobody here")
    assert str(page.children[1].value) == links  # an open disclosure stayed open


def test_closing_a_room_says_closed_and_tells_its_devices(
    page: ClassPage, devices: ExitStack
) -> None:
    ann, _ = _join(devices, page.links["Table 1"][0][2])
    _wait(lambda: "Ann: here" in _row(page, "Table 1"), page, "Ann here")
    page.close_room("Table 1")
    assert json.loads(ann.recv())["type"] == "closed"
    row = _row(page, "Table 1")
    assert "Closed: its links no longer work." in row and "players here" not in row
    assert "Ann: was here Bob: never joined Tips 3: computer player" in row
    assert "Table 1 is closed" in str(page.children[1].value)
    assert "The class's rooms: 2 rooms, 0 of 2 players here now, 1 closed." in _shown(page)
    # A room closed from its own host page: the class page hears of it too.
    url, token = _ws(page.host_links["Table 2"].replace("/host#", "/join#"))
    with connect(url) as host_page:
        host_page.send(json.dumps({"type": "join", "token": token}))
        assert json.loads(host_page.recv())["role"] == "host"
        host_page.send(json.dumps({"type": "host", "action": "close"}))
        _wait(lambda: "Closed" in _row(page, "Table 2"), page, "Table 2 closed")
    page.stop()
    assert not page.running
    assert "The class's rooms: 2 rooms, all closed. The server has stopped." in _shown(page)
    with pytest.raises(RoomError, match="no room called 'Table 9'; the rooms are: Table 1"):
        page.close_room("Table 9")


def test_a_saved_notebook_shows_the_table_in_words_and_no_link(page: ClassPage) -> None:
    bundle = page._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    saved = data["text/html"]
    assert '<th scope="col"' in saved and saved.count('<th scope="row"') == 2
    assert "/join#" in str(page.children[0].value)  # the live table: projector links
    assert "/join#" not in saved and "/join#" not in data["text/plain"]
    assert data["text/plain"].splitlines()[1].startswith("Table 1: Ann not joined yet;")
    links = str(page.children[1].value)
    assert (
        links.count("<details>") == 2 and links.count("<svg") == 4
    )  # a code per person, none for a bot
    assert page.table_links["Table 1"] in links


def test_on_a_running_loop_the_page_redraws_on_that_loops_thread() -> None:
    threads: list[int] = []

    async def kernel() -> tuple[str, int]:
        page = host_class(["Ann, Bob"], seed=1, pace="click", port=0, local_only=True)
        page.children[0].observe(lambda _: threads.append(threading.get_ident()), names="value")
        url, token = _ws(page.links["Table 1"][0][2])
        async with connect_async(url) as ann:
            await ann.send(json.dumps({"type": "join", "token": token}))
            await ann.recv()
            for _ in range(200):
                if "Ann: here" in _row(page, "Table 1"):
                    break
                await asyncio.sleep(0.02)
            shown = _row(page, "Table 1")
        page.stop()
        for _ in range(200):  # the server's task ends on the loop
            if not [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]:
                break
            await asyncio.sleep(0.02)
        return shown, threading.get_ident()

    shown, loop_thread = asyncio.run(kernel())
    assert "Ann: here" in shown and threads and set(threads) == {loop_thread}


def _page_of(rnd: cf.Round, seat: int | None) -> str:
    """The class page's table for one room playing this round (every person here)."""
    state, scores = game_words(rnd)
    seats = tuple(SeatRow(name, True, 1, True) for name in rnd.names)
    return page_html([RoomRow("Table 1", seats, 1, state, scores)])


@pytest.mark.parametrize("preset", ["wolf-lake", "puremco"])
def test_the_page_shows_nothing_that_changes_with_any_hidden_tile(preset: str) -> None:
    every = list(positions(cf.Rules.preset(preset), 200, 7))
    chosen = every[::10] + [s for s in every if s.rnd.is_over][:4]  # a few round ends too
    spots = [type(s)(s.rnd, s.deal, None) for s in chosen]
    report = boundary_breaks(_page_of, spots, seed=5, stop=1)
    assert report.breaks == [], "\n".join(report.breaks or [])
    assert report.redealt >= 0.5 * len(spots) and report.hands_moved >= 0.5 * len(spots)
    ended = [s.rnd for s in spots if s.rnd.is_over]
    assert ended and all("lowest wins" in _page_of(rnd, None) for rnd in ended)


def test_bad_tables_are_refused_in_words() -> None:
    cases: list[tuple[Any, str]] = [
        ("Ann, Bob", "a list of players per table"),
        ([], "1 to 40 rooms, got 0"),
        (["Ann"], "Table 1: A game needs 2 to 8 players, got 1"),
        (["Ann, Bob", "bot:tips, bot:greedy"], "Table 2: At least one player must be a person"),
        ({"A": "Ann, Bob", "A\x00": "Cy, Di"}, "Two rooms are called 'A'"),
        ({"\x00": "Ann, Bob"}, "needs a title"),
        ([42], "Table 1: players are names and bots like"),
        ([{"seats": []}], "Table 1: players are names and bots like"),
    ]
    for tables, words in cases:
        with pytest.raises(RoomError, match=re.escape(words)):
            host_class(tables, port=0, local_only=True).stop()
    with pytest.raises(RoomError, match="The seed is a whole number"):
        host_class(["Ann, Bob"], seed="7", port=0)  # type: ignore[arg-type]
    with pytest.raises(RoomError, match=re.escape("a preset's name or a cf.Rules, got 5")):
        host_class(["Ann, Bob"], rules=5, port=0)  # type: ignore[arg-type]
    with pytest.raises(RoomError, match=re.escape("Table 1: No preset named 'nine-each'")):
        host_class(["Ann, Bob"], rules="nine-each", port=0)
    with pytest.raises(RoomError, match=re.escape("Table 1: The pace is 'click' or seconds")):
        host_class({"Table 1": "Ann, Bob", "Table 2": ["Cy", "Di"]}, pace=0, port=0)
    with pytest.raises(RoomError, match="no bot called 'clever'"):
        host_class(["Ann, bot:clever"], port=0, local_only=True).stop()


def test_rooms_kept_in_a_file_are_resumed_by_the_server_after_the_kernel_stops(
    tmp_path: Any, devices: ExitStack
) -> None:
    from cfwidget.room import Rooms, RoomStore

    page = host_class(
        ["Ann, Bob", "Cy, Di"],
        seed=4,
        pace="click",
        port=0,
        local_only=True,
        store=tmp_path / "class.db",
    )
    game = page._tables[0].authority.game
    turn = game.round.turn
    device, welcome = _join(devices, page.links["Table 1"][turn][2])
    device.send(
        json.dumps({"type": "intent", "content": intent_for(welcome["traits"]["view"], turn)})
    )
    _wait(lambda: len(game.round.moves) == 1, page, "the move played")
    device.close()
    for stop in page._stop:  # the kernel stops: the server ends, nobody closes the rooms
        stop()
    rooms = Rooms(RoomStore(tmp_path / "class.db"), "")  # what cfwidget serve does on start
    resumed = sorted(rooms.resume_all(), key=lambda r: rooms.store.room(r).title)
    assert [rooms.store.room(r).title for r in resumed] == ["Table 1", "Table 2"]
    assert rooms.authority(resumed[0]).record() == game.to_json()
    assert rooms.open(page.links["Table 1"][turn][2].split("#")[1])[1:] == ("seat", turn)
