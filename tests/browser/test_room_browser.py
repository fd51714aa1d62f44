"""The room server's pages in Chromium, with separate browser contexts as separate devices.

A real server (``python -m cfwidget.room serve``, the ``cfwidget serve`` command) on a free
port with a store in a temporary folder holds one room of three seats: two people and a bot.
The host page lists the seats and their links; a phone (390x844, touch) opens seat 1's link
and a laptop (1280x800) seat 2's; they play by tap, click and keyboard, each page showing
only its own hand. Then the server is killed (-9), both pages say "Reconnecting…", and once
the server is started again on the same store and port they come back by themselves to the
same seat and the same game. Four devices play a whole game to its end; its phone and tablet
give the README's pictures, ``room-phone.png`` and ``room-tablet.png`` (in docs/ under
``make pictures``). More pictures go to $CFWIDGET_SHOTS when it is set.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.processes import free_port

REPO = Path(__file__).resolve().parents[2]
TITLE = "Club <i>4B</i>"
ANN = "<b>Ann</b>"  # a name with HTML in it, shown as text
PLAYERS = f"{ANN},Bob,bot:greedy"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
AXE_TAGS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag22aa"]}}
SHOTS = Path(os.environ.get("CFWIDGET_SHOTS", "")) if os.environ.get("CFWIDGET_SHOTS") else None

pytestmark = pytest.mark.skipif(
    not (REPO / "cfwidget" / "room" / "_app.py").is_file(),
    reason="the room server (cfwidget/room/, branch room) is not in this checkout",
)


class Server:
    """``cfwidget serve`` on one store and port, started and killed at will."""

    def __init__(self, store: Path, port: int) -> None:
        self.store, self.port = store, port
        self.base = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = store.with_suffix(".log")
        self.host_link = ""  # printed once when the room is made
        self.room = ""  # its id, in its pages' path: /r/<room>/join

    def cli(self, *args: str) -> str:
        out = subprocess.run(
            [sys.executable, "-m", "cfwidget.room", *args],
            capture_output=True,
            text=True,
            cwd=REPO,
            timeout=60,
            check=True,
        )
        return out.stdout

    def start(self) -> None:
        command = [sys.executable, "-m", "cfwidget.room", "serve", "--store", str(self.store)]
        command += ["--host", "127.0.0.1", "--port", str(self.port), "--public-url", self.base]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, cwd=REPO, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the room server stopped: {self.log.read_text()[-2000:]}")
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"{self.base}/health", timeout=1) as r,
            ):
                if json.load(r) == {"ok": True}:
                    return
            time.sleep(0.1)
        raise RuntimeError("the room server did not answer /health within 30 s")

    def kill(self) -> None:
        """kill -9: no goodbye to any device, nothing flushed but what the store wrote."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("room")
    s = Server(folder / "rooms.db", free_port())
    out = s.cli("room", "new", "--store", str(s.store), "--title", TITLE, "--players", PLAYERS,
                "--seed", "11", "--pace", "0.2", "--public-url", s.base)  # fmt: skip
    found = re.search(r"(http://\S+/host#h\.[A-Za-z0-9_-]+)", out)
    assert found, out
    s.host_link = found.group(1)
    s.room = s.host_link.split("/r/", 1)[1].split("/", 1)[0]
    assert s.host_link == f"{s.base}/r/{s.room}/host#{s.host_link.split('#')[1]}"
    s.start()
    try:
        yield s
    finally:
        s.stop()


# What Chromium logs when a websocket cannot connect (the server is away): expected while it is.
AWAY = re.compile(r"^WebSocket connection to .* failed")


@contextlib.contextmanager
def device(browser: Any, kind: dict[str, Any], away: bool = False) -> Iterator[Any]:
    """A page in a browser context of its own (a device), failing on any page error, console
    error or dialog (but, when the server is to be ``away``, its failed connections)."""
    context = browser.new_context(**kind)
    page = context.new_page()
    errors: list[str] = []

    def console(m: Any) -> None:
        if m.type == "error" and not (away and AWAY.match(m.text)):
            errors.append(m.text)

    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", console)
    page.on("dialog", lambda d: errors.append(f"dialog: {d.message}"))
    try:
        yield page
        assert errors == []
    finally:
        context.close()


def axe_violations(page: Any) -> list[tuple[str, str, int]]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options=AXE_TAGS).response["violations"]
    return [(v["id"], v["impact"], len(v["nodes"])) for v in found]


def shot(page: Any, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def seat_links(browser: Any, server: Server, host_link: str = "", people: int = 2) -> list[str]:
    """The people's join links, read from the host page (of the module's room by default)."""
    with device(browser, LAPTOP) as page:
        page.goto(host_link or server.host_link)
        page.wait_for_selector(".cfr-seat")
        return [
            page.locator(".cfr-seat").nth(i).locator(".cfr-link-text").input_value()
            for i in range(people)
        ]


def hand(page: Any) -> list[str]:
    """The tiles of the page's hand, as shown."""
    return list(page.eval_on_selector_all(".cfw-htile", "bs => bs.map(b => b.dataset.tile)"))


def moves(page: Any) -> int:
    return int(page.locator(".cfw-log li[data-text]").count())


def log_grows(page: Any, than: int) -> None:
    """Wait until the page's log has more than ``than`` moves."""
    page.wait_for_function(
        f"() => document.querySelectorAll('.cfw-log li[data-text]').length > {than}"
    )


def state_is(page: Any, state: str) -> None:
    """Wait until the page's status line is in ``state`` (connected, reconnecting, closed)."""
    page.wait_for_function(
        f"() => document.querySelector('.cfr-status').dataset.state === '{state}'", timeout=20_000
    )


def seen(page: Any) -> tuple[list[str], int, str]:
    """What a device shows of the game: its hand, the number of moves, the log's text."""
    return hand(page), moves(page), page.locator(".cfw-log").text_content() or ""


def names_tile(text: str, tile: str) -> bool:
    """True when the tile's name, either way round ("9-4" or "4-9"), is in the text."""
    a, b = tile.split("-")
    return re.search(rf"(?<![\d-])({a}-{b}|{b}-{a})(?![\d-])", text) is not None


def shows_tile(page: Any, tile: str) -> bool:
    """True when the tile's name is anywhere in the page's DOM."""
    return names_tile(page.evaluate("() => document.documentElement.outerHTML"), tile)


def frames_of(page: Any) -> list[str]:
    """Every websocket frame the page receives from now on (its wire, as the browser saw it)."""
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    return frames


def my_turn(page: Any) -> bool:
    return bool(
        page.evaluate(
            """() => !!document.querySelector('.cfw-htile.is-playable,'
                 + ' [data-key=draw]:not(:disabled), [data-key=pass]:not(:disabled)')"""
        )
    )


def act(page: Any, how: str) -> str:
    """Take this page's turn: play a tile if one fits (by tap, click or keyboard), else
    draw or pass."""
    playable = page.locator(".cfw-htile.is-playable")
    if playable.count():
        if how == "keys":
            playable.first.focus()
            tile = page.evaluate("() => document.activeElement.dataset.tile")
            page.keyboard.press("Enter")  # picks it: the first target takes the focus
            assert page.evaluate("() => document.activeElement.classList.contains('cfw-target')")
            page.keyboard.press("Enter")  # plays it there
        else:
            tile = playable.first.get_attribute("data-tile")
            (playable.first.tap if how == "tap" else playable.first.click)()
            target = page.locator(".cfw-targets .cfw-target").first
            (target.tap if how == "tap" else target.click)()
        return f"play {tile}"
    for key in ("draw", "pass"):
        button = page.locator(f'[data-key="{key}"]')
        if button.is_enabled():
            if how == "keys":
                page.locator(".cfw-htile").first.focus()  # the keys work inside the farmyard
                page.keyboard.press(key[0])
            else:
                (button.tap if how == "tap" else button.click)()
            return key
    raise AssertionError("nothing to do on this page's turn")


def settle(*pages: Any) -> None:
    """Wait until every page shows the same number of moves, and it has not changed for 0.6 s."""
    deadline = time.monotonic() + 20
    last: tuple[int, ...] = ()
    steady = 0.0
    while time.monotonic() < deadline:
        now = tuple(moves(p) for p in pages)
        if now == last and len(set(now)) == 1:
            if time.monotonic() - steady >= 0.6:
                return
        else:
            last, steady = now, time.monotonic()
        time.sleep(0.1)
    raise AssertionError(f"the pages did not settle: {last}")


CONTROLS = """() => [...document.querySelectorAll('button, [role=button], select, input, a[href]')]
    .filter(b => b.offsetParent !== null && !b.closest('[hidden]'))
    .map(b => { const r = b.getBoundingClientRect();
                return {key: b.dataset.key || b.className, w: r.width, h: r.height,
                        off: r.left < -0.5 || r.right > innerWidth + 0.5}; })"""


def test_the_host_page_shows_the_seats_as_text_with_their_links_and_qr_codes(
    browser: Any, server: Server
) -> None:
    clipboard = {"permissions": ["clipboard-read", "clipboard-write"]}
    with device(browser, {**LAPTOP, **clipboard}) as page:
        page.goto(server.host_link)
        page.wait_for_selector(".cfr-seat")
        # The host's token left the address bar; the tab keeps it, so a reload gets back in.
        assert page.url == f"{server.base}/r/{server.room}/host"
        page.reload()
        page.wait_for_selector(".cfr-seat")
        assert page.locator(".cfr-title").text_content() == TITLE
        seats = page.locator(".cfr-seat")
        assert seats.count() == 3
        names = [seats.nth(i).locator(".cfr-seat-name").text_content() for i in range(3)]
        assert names == [f"Seat 1: {ANN}", "Seat 2: Bob", "Seat 3: Greedy 3"]
        assert page.locator(".cfr-seat b, .cfr-title i").count() == 0  # text, never markup
        for i in range(2):  # the people: a join link, a Copy button, a QR code
            seat = seats.nth(i)
            link = seat.locator(".cfr-link-text").input_value()
            assert re.fullmatch(
                rf"{re.escape(server.base)}/r/{server.room}/join#s\.[A-Za-z0-9_-]{{40,}}", link
            )
            assert seat.locator(".cfr-qr svg[role=img] path").count() >= 1
            assert seat.locator("button", has_text="Copy").is_visible()
        seats.nth(1).locator("button", has_text="Copy").click()
        assert page.evaluate("() => navigator.clipboard.readText()") == (
            seats.nth(1).locator(".cfr-link-text").input_value()
        )
        assert seats.nth(1).locator(".cfr-copied").text_content() == "Copied."
        assert seats.nth(2).locator(".cfr-link").is_hidden()  # a bot has no link
        assert seats.nth(2).locator(".cfr-seat-who").text_content() == "A bot"
        assert page.locator("script").count() == 1  # the page's own bundle, and nothing else
        assert axe_violations(page) == []
        shot(page, "room-host-1280x800")
    # On a phone: every control at least 44 px across and on the screen, nothing wider than it.
    with device(browser, PHONE) as phone:
        phone.goto(server.host_link)
        phone.wait_for_selector(".cfr-seat .cfr-qr svg")
        shown = phone.evaluate(CONTROLS)
        assert len(shown) >= 9  # two links (box, Copy, Open) and the table's, Close room
        assert [c for c in shown if c["w"] < 43.5 or c["h"] < 43.5 or c["off"]] == []
        assert phone.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        shot(phone, "room-host-390x844")


def test_two_devices_play_each_seeing_only_its_own_hand(browser: Any, server: Server) -> None:
    links = seat_links(browser, server)
    with device(browser, PHONE) as phone, device(browser, LAPTOP) as laptop:
        wires = {"phone": frames_of(phone), "laptop": frames_of(laptop)}
        phone.goto(links[0])
        laptop.goto(links[1])
        for page in (phone, laptop):
            page.wait_for_selector(".cfw-hand .cfw-htile")
            assert page.url == f"{server.base}/r/{server.room}/join"  # no token in the address
            assert TITLE in page.title()
        assert phone.locator(".cfw-players").text_content().count(ANN) == 1
        assert phone.locator(".cfw b").count() == laptop.locator(".cfw b").count()
        played = {"tap": 0, "keys": 0, "click": 0}
        for _ in range(60):
            settle(phone, laptop)
            mine, theirs = hand(phone), hand(laptop)
            assert mine and theirs and not set(mine) & set(theirs)
            # Neither page holds a word of the other seat's hand.
            assert [t for t in theirs if shows_tile(phone, t)] == []
            assert [t for t in mine if shows_tile(laptop, t)] == []
            if min(played.values()) >= 1:
                break
            before = moves(phone)
            if my_turn(phone):
                act(phone, "tap")
                played["tap"] += 1
                other = laptop
            elif my_turn(laptop):
                how = "keys" if played["keys"] <= played["click"] else "click"
                act(laptop, how)
                played[how] += 1
                other = phone
            else:
                time.sleep(0.2)  # the bot's turn
                continue
            # The other device sees the move.
            log_grows(other, before)
        assert min(played.values()) >= 1, played
        assert all(shows_tile(phone, t) for t in hand(phone))  # the check above can see tiles
        # On the wire too: no frame either device received named a tile still in the other's
        # hand (such a tile was never on the table, so never the other's to know).
        for me, other in (("phone", laptop), ("laptop", phone)):
            wire = "\n".join(wires[me])
            assert wire.count('"type": "welcome"') + wire.count('"type":"welcome"') == 1
            assert [t for t in hand(other) if names_tile(wire, t)] == [], me
        assert all(names_tile("\n".join(wires["phone"]), t) for t in hand(phone))
        print(f"frames received: phone {len(wires['phone'])}, laptop {len(wires['laptop'])}")
        # Every control on the touch screen is at least 44 px across, and on the screen.
        shown = phone.evaluate(CONTROLS)
        smallest = min(min(c["w"], c["h"]) for c in shown)
        print(f"\nplayed {played}, {moves(phone)} moves; phone: {len(shown)} controls, "
              f"smallest {smallest:.0f} px")  # fmt: skip
        assert len(shown) >= 8
        assert [c for c in shown if c["w"] < 43.5 or c["h"] < 43.5 or c["off"]] == []
        # The farmyard fills the screen: no page scroll on the phone or the laptop.
        for page in (phone, laptop):
            assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight + 1")
        assert axe_violations(phone) == []
        assert axe_violations(laptop) == []
        # A reload gets the phone back into its seat (the tab kept the link), as it was.
        was = seen(phone)
        phone.reload()
        phone.wait_for_selector(".cfw-hand .cfw-htile")
        assert phone.url == f"{server.base}/r/{server.room}/join" and seen(phone) == was
        shot(phone, "room-join-390x844")
        shot(laptop, "room-join-1280x800")


def test_a_tablet_shows_the_whole_farmyard_by_touch(browser: Any, server: Server) -> None:
    links = seat_links(browser, server)
    with device(browser, TABLET) as tablet:
        tablet.goto(links[1])
        tablet.wait_for_selector(".cfw-hand .cfw-htile")
        assert tablet.evaluate("() => matchMedia('(pointer: coarse)').matches")
        shown = tablet.evaluate(CONTROLS)
        assert [c for c in shown if c["w"] < 43.5 or c["h"] < 43.5 or c["off"]] == []
        assert tablet.evaluate("() => document.documentElement.scrollHeight <= innerHeight + 1")
        assert tablet.locator(".cfw-player.is-you .cfw-name").text_content() == "Bob"
        shot(tablet, "room-join-768x1024")
        # Another link opened in the same tab (only the fragment changes): the page follows it.
        tablet.goto(links[0])
        tablet.wait_for_function(
            "() => document.querySelector('.cfw-player.is-you .cfw-name')?.textContent === "
            + json.dumps(ANN)
        )
        assert tablet.url == f"{server.base}/r/{server.room}/join"


def test_after_kill_9_the_pages_reconnect_by_themselves_with_nothing_lost(
    browser: Any, server: Server
) -> None:
    links = seat_links(browser, server)
    with device(browser, PHONE, away=True) as phone, device(browser, LAPTOP, away=True) as laptop:
        phone.goto(links[0])
        laptop.goto(links[1])
        for page in (phone, laptop):
            page.wait_for_selector(".cfw-hand .cfw-htile")
        # Play on until it is a person's turn, so nothing moves while the server is away.
        deadline = time.monotonic() + 30
        while not (my_turn(phone) or my_turn(laptop)) and time.monotonic() < deadline:
            time.sleep(0.2)
        settle(phone, laptop)
        before = [seen(p) for p in (phone, laptop)]
        server.kill()
        for page in (phone, laptop):
            page.wait_for_function(
                "() => document.querySelector('.cfr-status').textContent.startsWith('Reconnecting')"
            )
            table = page.locator(".cfr-table")
            assert "is-away" in (table.get_attribute("class") or "")
            assert page.evaluate("() => document.querySelector('.cfr-table').inert")
            assert len(hand(page)) > 0  # the table is still shown
        shot(phone, "room-reconnecting-390x844")
        server.start()
        up = time.monotonic()
        for page in (phone, laptop):
            page.wait_for_function(
                "() => !document.querySelector('.cfr-table').inert"
                " && document.querySelector('.cfr-status').dataset.state === 'connected'",
                timeout=20_000,
            )
        print(f"\nback {time.monotonic() - up:.1f} s after the server answered again")
        after = [seen(p) for p in (phone, laptop)]
        assert after == before
        # And the game goes on from there.
        page = phone if my_turn(phone) else laptop
        done = act(page, "click")
        other = laptop if page is phone else phone
        log_grows(other, before[0][1])
        assert done


def test_the_table_link_shows_the_table_and_no_hand(browser: Any, server: Server) -> None:
    with device(browser, LAPTOP) as host:
        host.goto(server.host_link)
        host.wait_for_selector(".cfr-seat")
        table_link = host.locator(".cfr-section .cfr-link-text").last.input_value()
    assert "/join#t." in table_link
    links = seat_links(browser, server)
    with device(browser, LAPTOP) as laptop, device(browser, LAPTOP) as projector:
        laptop.goto(links[1])
        laptop.wait_for_selector(".cfw-hand .cfw-htile")
        projector.goto(table_link)
        projector.wait_for_function(
            "() => document.querySelector('.cfr-status').dataset.state !== 'connecting'"
        )
        said = projector.locator(".cfr-status").text_content() or ""
        if "cannot show the table view" in said:
            pytest.skip(f"this server refuses table links: {said}")
        projector.wait_for_selector(".cfw-board")
        assert projector.locator(".cfw-htile").count() == 0
        assert [t for t in hand(laptop) if shows_tile(projector, t)] == []


def test_a_dead_link_says_so_and_does_not_retry(browser: Any, server: Server) -> None:
    with device(browser, PHONE) as page:
        page.goto(f"{server.base}/join#s.{'A' * 43}")
        state_is(page, "closed")
        text = page.locator(".cfr-status").text_content() or ""
        assert "Ask the host for a new link" in text
        assert page.locator(".cfr-retry").is_hidden()
        assert page.locator(".cfw").count() == 0
        assert axe_violations(page) == []


def test_closing_the_room_ends_every_link(browser: Any, server: Server) -> None:
    links = seat_links(browser, server)
    with device(browser, LAPTOP) as host, device(browser, PHONE) as phone:
        phone.goto(links[0])
        phone.wait_for_selector(".cfw-hand .cfw-htile")
        host.goto(server.host_link)
        host.wait_for_selector(".cfr-seat")
        host.get_by_role("button", name="Close room\u2026").click()
        ask = host.locator(".cfr-ask")
        assert ask.is_visible()
        host.get_by_role("button", name="Keep it open").click()  # asked twice: no harm done
        assert ask.is_hidden()
        assert phone.locator(".cfr-status").get_attribute("data-state") == "connected"
        host.get_by_role("button", name="Close room\u2026").click()
        host.get_by_role("button", name="Close the room").click()
        for page in (phone, host):
            state_is(page, "closed")
        said = phone.locator(".cfr-status").text_content() or ""
        assert said and not said.startswith("Reconnecting")
        assert phone.evaluate("() => document.querySelector('.cfr-table').inert")
        assert host.locator(".cfr-link").first.is_hidden()  # no link to hand out any more
        # The link is dead for good: opening it again says so, and nothing retries.
        phone.goto(links[0])
        state_is(phone, "closed")
        assert phone.locator(".cfw").count() == 0


# The page without its score sheet, whose columns are named by each round's starting double
# (public: the round's number says it).
OUTSIDE_THE_SCORE_SHEET = """() => { const copy = document.documentElement.cloneNode(true);
    copy.querySelectorAll('.cfw-sheet').forEach(n => n.remove()); return copy.outerHTML; }"""


def test_four_devices_play_a_whole_game_to_the_end(
    browser: Any, server: Server, pictures: Path
) -> None:
    """Two laptops (one by mouse, one by keys), a touch tablet and a touch phone play a game of
    double-six (7 rounds) to its end; at every turn no device shows a tile of another's hand."""
    out = server.cli("room", "new", "--store", str(server.store), "--title", "Class 4B",
                     "--players", "Ann,Bob,Cy,Di", "--rules", "double-six", "--seed", "5",
                     "--public-url", server.base)  # fmt: skip
    found = re.search(r"(http://\S+/host#h\.[A-Za-z0-9_-]+)", out)
    assert found, out
    links = seat_links(browser, server, found.group(1), people=4)
    kinds = [LAPTOP, LAPTOP, TABLET, PHONE]
    ways = ["click", "keys", "tap", "tap"]
    with contextlib.ExitStack() as stack:
        pages = [stack.enter_context(device(browser, kind)) for kind in kinds]
        for page, link in zip(pages, links, strict=True):
            page.goto(link)
            page.wait_for_selector(".cfw-hand .cfw-htile")
        acts = rounds = checks = 0
        for _ in range(1500):
            settle(*pages)
            if all(p.locator('[data-key="new-game"]').is_visible() for p in pages):
                break
            ends = [p.locator('[data-key="result-next"]') for p in pages]
            if all(e.is_visible() for e in ends):
                rounds += 1
                target = ends[rounds % 4]
                (target.tap if ways[rounds % 4] == "tap" else target.click)()
                continue
            # Mid-round, no device shows a tile of another's hand.
            hands = [hand(p) for p in pages]
            for i, page in enumerate(pages):
                html = page.evaluate(OUTSIDE_THE_SCORE_SHEET)
                others = [t for j, h in enumerate(hands) if j != i for t in h]
                assert [t for t in others if names_tile(html, t)] == [], f"device {i}"
            checks += 1
            turn = [i for i, p in enumerate(pages) if my_turn(p)]
            assert len(turn) == 1, turn
            act(pages[turn[0]], ways[turn[0]])
            acts += 1
            if acts == 12:  # the README's pictures: the phone and the tablet mid-round
                settle(*pages)
                for page, name in ((pages[3], "room-phone.png"), (pages[2], "room-tablet.png")):
                    page.screenshot(path=str(pictures / name), animations="disabled")
        else:
            raise AssertionError("the game did not end within 1500 steps")
        print(f"\nfour devices: {rounds} rounds ended, {acts} turns taken, {checks} checks")
        standings = [p.locator(".cfw-standings").text_content() for p in pages]
        assert len(set(standings)) == 1 and rounds >= 6
