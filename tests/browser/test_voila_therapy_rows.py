"""The clinician's messy session in Voila, with a tally kept by the test: trials played, a
forced turn where the client draws and then taps a tile that does not fit, kill -9 of the
server with that turn open, Resume from the app, another wrong tap, End with the forced turn
still open. Every file End writes (the turns CSV, the trials CSV, the JSON document and the
one-page summary) is compared with the tally: no mismatch, and every error in a row.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import re
import signal
from pathlib import Path
from typing import Any

import pytest
from servers import _PIDS, REPO, kernel_processes, need_browser, voila
from test_voila_therapy_resume import (
    CODE,
    WAIT,
    cue,
    events,
    open_turn,
    press,
    right,
    start_page,
    wait_events,
    wrong_pass,
)

from cfwidget.therapy.session import Session

NOTEBOOK = REPO / "notebooks" / "21-therapist-app.ipynb"


def replayed(records: Path) -> Session:
    """The session as its record stands, replayed read-only (the server keeps writing)."""
    (path,) = records.glob(f"{CODE}-*.jsonl")
    return Session.resume(path, append=False)


def wrong_tap(page: Any, records: Path) -> None:
    """Tap a tile of the client's hand that fits nowhere now: a try the session refuses."""
    s = replayed(records)
    fits = {m.tile for m in s.round.legal_moves() if m.tile is not None}
    tile = next(str(t) for t in s.round.hands[0] if t not in fits)
    before = sum(e["event"] == "refused" for e in events(records))
    press(page, records, f"[data-key='hand:{tile}']")
    assert sum(e["event"] == "refused" for e in events(records)) == before + 1


def to_forced_draw(page: Any, records: Path, tally: dict[str, int]) -> None:
    """Next for the bots, the client's trials placed together (the first after a wrong Pass,
    the others right at once), until the client must draw; then Draw at cue 0, the turn
    still the client's (the drawn tile to play or a pass to come)."""
    for _ in range(60):
        turn = open_turn(records)
        if turn is None:
            press(page, records, "[data-key=next]")
        elif turn["trial"]:
            wrong = tally["trials"] == 0  # the first trial starts with a wrong Pass
            if wrong:
                wrong_pass(page, records)
            right(page, records)
            tally["trials"] += 1
            tally["first_try"] += not wrong
            tally["errors"] += wrong
        else:
            s = replayed(records)
            hand = [t for t in s.round.hands[0] if t not in {m.tile for m in s.round.legal_moves()}]
            cue(page, records, 0)
            press(page, records, "[data-key=draw]:enabled")
            after = open_turn(records)
            if after is not None and not after["trial"] and hand:
                return
    raise AssertionError("the client never had to draw with tiles left that do not fit")


def test_errors_after_a_draw_kill_resume_and_end_with_the_forced_turn_open(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    need_browser()
    records = tmp_path / "records"
    monkeypatch.setenv("CFWIDGET_RECORDS", str(records))
    tally = {"trials": 0, "first_try": 0, "errors": 0}
    with voila(NOTEBOOK) as url:
        context, page = start_page(browser, url)
        page.get_by_role("button", name="Start the session").click()
        page.locator(".cfw-htile").first.wait_for(timeout=WAIT)
        page.wait_for_timeout(500)
        to_forced_draw(page, records, tally)
        wrong_tap(page, records)  # after the draw, one wrong tap before the crash
        tally["errors"] += 1
        base = url.rstrip("/")
        for pid in kernel_processes(base):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(_PIDS[base], signal.SIGKILL)
        context.close()
    assert open_turn(records) is not None  # the forced turn was open when the server died
    with voila(NOTEBOOK) as url:
        context, page = start_page(browser, url)
        page.get_by_role("button", name="Resume").click()
        page.locator(".cfw-htile").first.wait_for(timeout=WAIT)
        page.wait_for_timeout(500)
        wrong_tap(page, records)  # and one after the Resume
        tally["errors"] += 1
        before = len(events(records))
        page.get_by_role("button", name="End session").click()
        wait_events(page, records, before)
        page.get_by_text("Summary and exports").wait_for(timeout=WAIT)
        context.close()

    (record,) = records.glob(f"{CODE}-*.jsonl")
    stem = record.with_suffix("")
    doc = json.loads(stem.with_name(stem.name + ".json").read_text())
    turns = list(csv.DictReader(stem.with_name(stem.name + "-turns.csv").read_text().splitlines()))
    trials = list(
        csv.DictReader(stem.with_name(stem.name + "-trials.csv").read_text().splitlines())
    )
    page_text = stem.with_name(stem.name + "-summary.html").read_text()
    body = "".join(re.findall(r"<tbody>(.*?)</tbody>", page_text.split('class="trials"')[1], re.S))
    cells = [re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", body)]
    f = doc["figures"]
    proper = [t for t in trials if t["result"] != "forced"]
    found = {
        "JSON errors": f["errors"],
        "JSON errors prevented": f["errors_prevented"],  # errorless mode, the app's default
        "JSON trials": f["trials"],
        "JSON first tries": f["first_try"],
        "JSON turn rows' errors": sum(t["refused"] for t in doc["turns"] if t["seat"] == 0),
        "JSON trial rows' errors": sum(t["errors"] for t in doc["trials"]),
        "turns CSV errors": sum(int(t["refused"]) for t in turns if t["seat"] == "0"),
        "trials CSV errors": sum(int(t["errors"]) for t in trials),
        "trials CSV trials": len(proper),
        "trials CSV first tries": sum(t["result"] == "+" for t in proper),
        "page rows": len(cells),
    }
    expected = {
        "JSON errors": tally["errors"],
        "JSON errors prevented": tally["errors"],
        "JSON trials": tally["trials"],
        "JSON first tries": tally["first_try"],
        "JSON turn rows' errors": tally["errors"],
        "JSON trial rows' errors": tally["errors"],
        "turns CSV errors": tally["errors"],
        "trials CSV errors": tally["errors"],
        "trials CSV trials": tally["trials"],
        "trials CSV first tries": tally["first_try"],
        "page rows": len(trials),
    }
    mismatches = {k: (found[k], expected[k]) for k in expected if found[k] != expected[k]}
    print(
        f"\ntally {tally}; {len(turns)} turn rows, {len(trials)} data-sheet rows; "
        f"{len(expected)} figures compared with the tally: {len(mismatches)} mismatches"
    )
    assert mismatches == {}
    # The open forced turn is a row everywhere, with both errors, not completed.
    last_turn = [t for t in turns if t["seat"] == "0"][-1]
    assert tally["errors"] == 3 and tally["trials"] > tally["first_try"]
    assert (last_turn["move"], last_turn["refused"], last_turn["completed"]) == (
        "draw",
        "2",
        "False",
    )
    assert (trials[-1]["result"], trials[-1]["errors"], trials[-1]["completed"]) == (
        "forced",
        "2",
        "False",
    )
    assert cells[-1][0] == "F" and "(not completed)" in cells[-1][2]
    # The break is said, on the page and in the JSON.
    (gap,) = doc["interruptions"]
    assert gap["tries_lost"] == 0 and gap["in_words"] in page_text.lower()
