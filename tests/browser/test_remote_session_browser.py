"""A remote guided session in Chromium: the therapist's app in Voila on a laptop (1280x800)
and the client's screen on a touch tablet (768x1024), two browser contexts as two devices.

The therapist starts a remote session in notebook 21's app; the app shows the client's link;
the tablet opens it and shows only the client's screen; the client plays two turns by
tapping (one wrong tap among them) while the therapist sets the cue from the app; the
therapist ends the session; the record, written as in person, has the setting "remote", the
client's device connecting, and figures that match the taps. Pictures go to /tmp (or
$CFWIDGET_SHOTS).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import REPO, need_browser, voila

from cfwidget.therapy.report import figures, load_log

NOTEBOOK = REPO / "notebooks" / "21-therapist-app.ipynb"
WAIT = 90_000
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
TABLET = {"viewport": {"width": 768, "height": 1024}, "has_touch": True}
SHOTS = Path(os.environ.get("CFWIDGET_SHOTS") or "/tmp/cfwidget-remote-shots")
AXE_TAGS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]}}


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    need_browser()
    records = tmp_path_factory.mktemp("records")
    mp = pytest.MonkeyPatch()
    mp.setenv("CFWIDGET_RECORDS", str(records))
    try:
        with voila(NOTEBOOK) as url:
            yield url, records
    finally:
        mp.undo()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def clients_turn(client: Any) -> bool:
    return bool(
        client.evaluate(
            "() => (document.querySelector('.cfw-turn') || {}).textContent?.startsWith('Your turn')"
        )
    )


def wait_for_clients_turn(client: Any) -> None:
    """Let the bot move (Next, when the session waits for a click) until it is the client's."""
    for _ in range(60):
        if clients_turn(client):
            return
        nxt = client.locator("[data-key=next]:enabled")
        if nxt.count() and nxt.first.is_visible():
            nxt.first.tap()
        client.wait_for_timeout(500)
    raise AssertionError("the client's turn did not come")


def lift(app: Any, client: Any) -> None:
    """The therapist sets cue level 3 (the tiles that fit, lifted); the tablet shows it."""
    app.locator(".cfw-therapist .cfw-cue-control button", has_text="3").first.click()
    app.wait_for_function(
        "() => document.querySelector('.cfw-therapist .cfw-cue-control')"
        ".textContent.includes('now 3')"
    )
    client.wait_for_function(
        "() => document.querySelector('.cfw-htile.is-playable') ||"
        " !document.querySelector('[data-key=draw]').disabled"
    )


def moves_in_log(page: Any) -> int:
    return int(page.locator(".cfw-log li:not(.cfw-empty)").count())


def test_a_remote_session_from_the_app_and_the_clients_tablet(
    app_url: tuple[str, Path], browser: Any
) -> None:
    url, records = app_url
    laptop = browser.new_context(**LAPTOP)
    tablet = browser.new_context(**TABLET)
    errors: list[str] = []
    try:
        app = laptop.new_page()
        app.set_default_timeout(WAIT)
        app.goto(url, timeout=WAIT)
        app.get_by_placeholder("e.g. C-07 (no names)").fill("R-01")
        app.locator(".widget-dropdown:has(label:text-is('Setting')) select").select_option(
            label="remote (telehealth)"
        )
        app.get_by_role("button", name="Start the session").click()
        panel = app.locator(".cfw-remote-panel")
        panel.wait_for()
        link = panel.locator("a").first.get_attribute("href")
        assert link is not None and "/join#s." in link
        assert panel.locator("svg").count() == 1  # the QR code
        assert "Not connected yet" in (panel.text_content() or "")

        client = tablet.new_page()
        client.set_default_timeout(WAIT)
        client.on("pageerror", lambda e: errors.append(str(e)))
        client.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        frames: list[str] = []
        client.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
        client.goto(link)
        client.locator(".cfw-hand .cfw-htile").first.wait_for()
        app.wait_for_function(
            "() => document.querySelector('.cfw-remote-panel').textContent"
            '.includes("The client\'s screen is connected")'
        )
        # Only the client's screen: no therapist's controls, no notes, no code.
        assert client.locator(".cfw-therapist, textarea").count() == 0
        assert "R-01" not in client.content()
        shot(client, "remote-client-start")

        wrong_taps = 0
        for turn in range(2):
            wait_for_clients_turn(client)
            before = moves_in_log(client)
            # The therapist lifts the tiles that fit (cue level 3) from the app.
            lift(app, client)
            playable = client.locator(".cfw-htile.is-playable")
            idle = client.locator(".cfw-hand .cfw-htile:not(.is-playable)")
            if turn == 0 and playable.count() and idle.count():
                # A tile that fits nowhere, greyed (errorless): a finger taps it all the same.
                idle.first.tap(force=True)
                wrong_taps += 1
                app.wait_for_function(  # the cue rose after the error: the app shows it
                    "() => !document.querySelector('.cfw-therapist .cfw-cue-control')"
                    ".textContent.includes('now 3')"
                )
                lift(app, client)  # back to level 3
            if playable.count():
                playable.first.tap()
                client.locator(".cfw-targets .cfw-target").first.tap()
            else:
                client.locator("[data-key=draw]").tap()
            client.wait_for_function(
                f"() => document.querySelectorAll('.cfw-log li:not(.cfw-empty)').length > {before}"
            )
            shot(client, f"remote-client-turn-{turn + 1}")
        app.wait_for_timeout(500)
        shot(app, "remote-therapist")
        app.get_by_role("button", name="End session").click()
        client.get_by_text("The session has ended. Thank you!").first.wait_for()
        app.get_by_text("Summary and exports").wait_for()
        shot(client, "remote-client-ended")
        shot(app, "remote-therapist-ended")
        from axe_playwright_python.sync_playwright import Axe

        found = Axe().run(client, options=AXE_TAGS).response["violations"]
        assert [(v["id"], len(v["nodes"])) for v in found] == []
    finally:
        tablet.close()
        laptop.close()
    assert errors == []
    (record,) = records.glob("R-01-*.jsonl")
    events = [json.loads(line) for line in record.read_text().splitlines()]
    assert events[0]["settings"]["delivery"] == "remote"
    assert [e["state"] for e in events if e["event"] == "client_device"][:1] == ["connected"]
    log = load_log(record)
    f = figures(log)
    client_turns = [t for t in log.turns if t["seat"] == 0]
    assert len(client_turns) == 2 and f.trials + f.forced == 2
    assert f.errors == wrong_taps  # each wrong tap on the tablet is one error in the record
    assert sum(t["refused"] for t in client_turns) == wrong_taps
    summary = json.loads(record.with_suffix(".json").read_text())
    assert summary["details"]["setting"] == "remote"
    assert summary["figures"]["errors"] == wrong_taps
    wire = "".join(frames)
    assert "R-01" not in wire and "Okafor" not in wire  # nothing of the record on the wire
