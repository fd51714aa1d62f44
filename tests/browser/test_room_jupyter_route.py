"""A notebook's room on JupyterHub, in Chromium: guests open their links through the Jupyter
server's route (tests/helpers/jupyter_route.py), with no Jupyter login.

A Python process plays the kernel: it runs under the hub's prefix (``JUPYTERHUB_SERVICE_PREFIX``)
and hosts a game with :func:`cfwidget.room.host`, which registers the room with the server.
The host page lists the seats' links through the server; a phone opens seat 0's and sees its
hand (the page, its script and its websocket all came through the route); a page of another
room id says the room is not open.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.jupyter_route import PREFIX, jupyter_with_route

REPO = Path(__file__).resolve().parents[2]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
KERNEL = """
import json, sys, time
import cfwidget as cf
from cfwidget.room import host
hosted = host(cf.Game(["Ann", "Bob", "Cy"], seed=5), humans=[0, 1], public_url=sys.argv[1],
              show=False)
print(json.dumps({"links": hosted.links, "host": hosted.host_link}), flush=True)
sys.stdin.read()  # until the test closes it
hosted.stop()
"""


@pytest.fixture(scope="module")
def room() -> Iterator[tuple[str, dict[str, Any]]]:
    with jupyter_with_route() as (base, runtime):
        env = {**os.environ, "JUPYTERHUB_SERVICE_PREFIX": PREFIX, "PYTHONPATH": str(REPO)}
        kernel = subprocess.Popen(
            [sys.executable, "-c", KERNEL, base],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert kernel.stdout is not None
            yield base, json.loads(kernel.stdout.readline())
        finally:
            assert kernel.stdin is not None
            kernel.stdin.close()
            kernel.wait(timeout=30)
            assert list((Path(runtime) / "cfwidget-rooms").glob("*.sock")) == []


def test_a_phone_plays_its_seat_through_the_jupyter_server(
    room: tuple[str, dict[str, Any]], browser: Any
) -> None:
    base, hosted = room
    through = f"{base}{PREFIX}cfwidget-room/"
    assert all(link.startswith(through) for _, link in hosted["links"])
    laptop = browser.new_context(viewport={"width": 1280, "height": 800})
    phone = browser.new_context(**PHONE)
    try:
        page = laptop.new_page()
        page.goto(hosted["host"])
        page.wait_for_selector(".cfr-seat .cfr-qr svg")
        shown = [
            page.locator(".cfr-seat").nth(i).locator(".cfr-link-text").input_value()
            for i in range(2)
        ]
        assert shown == [link for _, link in hosted["links"]]
        seat = phone.new_page()
        seat.goto(shown[0])
        seat.wait_for_selector(".cfw-htile", timeout=30_000)
        assert seat.locator(".cfw-htile").count() >= 1  # Ann's hand, over the route's socket
        room_id = shown[0].removeprefix(through).split("/")[0]
        other = phone.new_page()
        reply = other.goto(shown[0].replace(room_id, "A" * 22))
        assert reply is not None and reply.status == 404
        assert "No room is open" in (other.text_content("body") or "")
    finally:
        laptop.close()
        phone.close()
