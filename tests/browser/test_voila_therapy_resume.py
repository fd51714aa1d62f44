"""A guided session in Voila, as a therapist runs it, kept in a tally by the test: deliberate
errors, the client's Undo of a trial whose first try was wrong, kill -9 of the server in the
middle of a trial, Resume from the app, End. The summary, the CSVs and the JSON written at
End must match the tally (trials, first-try accuracy, errors, prevented, undone).
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from servers import _PIDS, REPO, kernel_processes, need_browser, voila

from cfwidget.therapy.journal import NOTES_SUFFIX

NOTEBOOK = REPO / "notebooks" / "21-therapist-app.ipynb"
WAIT = 90_000
CODE = "T-09"


def events(records: Path) -> list[dict[str, Any]]:
    (path,) = records.glob(f"{CODE}-*.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def open_turn(records: Path) -> dict[str, Any] | None:
    """The client's turn under way, as the record says (``None``: not the client's turn)."""
    current = None
    for e in events(records):
        if e["event"] == "turn_start" and e["seat"] == 0:
            current = e
        elif e["event"] in ("turn", "undo", "end"):
            current = None
    return current


def wait_events(page: Any, records: Path, count: int) -> None:
    """Wait until the record has grown past ``count`` events and then stays still (a bot's
    move and the client's next turn are written one after the other)."""
    for _ in range(300):
        now = len(events(records))
        if now > count:
            page.wait_for_timeout(400)
            if len(events(records)) == now:
                return
        else:
            page.wait_for_timeout(100)
    raise AssertionError("the record did not grow, or never stopped growing")


def press(page: Any, records: Path, selector: str) -> None:
    """Click, then wait until the record holds what the click did."""
    before = len(events(records))
    page.locator(selector).first.click()
    wait_events(page, records, before)


def cue(page: Any, records: Path, level: int) -> None:
    press(page, records, f".cfw-therapist .cfw-cue-control button:text-is('{level}')")


def to_client_trial(page: Any, records: Path) -> None:
    """Next for the bots; forced client turns done together at cue level 4."""
    for _ in range(40):
        turn = open_turn(records)
        if turn is not None and turn["trial"]:
            return
        if turn is not None:  # a forced draw or pass: not a trial
            cue(page, records, 4)
            press(page, records, "[data-key=confirm]")
        else:
            press(page, records, "[data-key=next]")
    raise AssertionError("the client never had a trial")


def wrong_pass(page: Any, records: Path) -> None:
    """At cue level 0 (set by the therapist) Pass is offered although a tile fits: an error."""
    cue(page, records, 0)
    press(page, records, "[data-key=pass]:enabled")


def right(page: Any, records: Path) -> None:
    """The move placed together (cue level 4, OK): right, unless a try came before."""
    cue(page, records, 4)
    press(page, records, "[data-key=confirm]")


def start_page(browser: Any, url: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 1400})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(url, timeout=WAIT)
    page.get_by_placeholder("e.g. C-07 (no names)").fill(CODE, timeout=WAIT)
    return context, page


def test_errors_undo_kill_resume_and_end_match_the_tally(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    need_browser()
    records = tmp_path / "records"
    monkeypatch.setenv("CFWIDGET_RECORDS", str(records))
    tally = {"trials": 0, "first_try": 0, "errors": 0, "undone": 0}
    with voila(NOTEBOOK) as url:
        context, page = start_page(browser, url)
        page.get_by_role("button", name="Start the session").click()
        page.locator(".cfw-htile").first.wait_for(timeout=WAIT)
        page.wait_for_timeout(500)
        # Trial 1: Pass while a tile fits (level 0 offers it: an error), then right; the
        # client's Undo takes it back and it is played again, right at once.
        to_client_trial(page, records)
        wrong_pass(page, records)
        right(page, records)
        press(page, records, "[data-key=undo]")
        to_client_trial(page, records)
        right(page, records)
        tally.update(trials=1, errors=1, undone=1)
        # Trial 2: right at the first try.
        to_client_trial(page, records)
        right(page, records)
        tally["trials"] += 1
        tally["first_try"] += 1
        # Trial 3: a wrong Pass, then the server is killed mid-trial.
        to_client_trial(page, records)
        wrong_pass(page, records)
        tally["errors"] += 1
        notes = page.get_by_placeholder("Observations (no names, please)")
        notes.fill("engaged, scanned left")
        for _ in range(100):  # autosaved a moment after typing stops, to the notes' draft
            drafts = list(records.glob(f"{CODE}-*.jsonl{NOTES_SUFFIX}"))
            if drafts and drafts[0].read_text() == "engaged, scanned left":
                break
            page.wait_for_timeout(100)
        else:
            raise AssertionError("the typed notes were never autosaved")
        base = url.rstrip("/")
        for pid in kernel_processes(base):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(_PIDS[base], signal.SIGKILL)
        context.close()
    assert open_turn(records) is not None  # the trial was open when the server died
    with voila(NOTEBOOK) as url:
        context, page = start_page(browser, url)
        page.get_by_role("button", name="Resume").click()
        page.locator(".cfw-htile").first.wait_for(timeout=WAIT)
        shown = page.locator(".cfw-guided-app").inner_text()
        assert "Record: None" not in shown and f"{CODE}-" in shown
        # The notes typed before the crash come back in the Notes box, to go on with.
        box = page.get_by_placeholder("Observations (no names, please)")
        assert box.input_value() == "engaged, scanned left"
        right(page, records)  # trial 3 finished after the resume: its first try was wrong
        tally["trials"] += 1
        page.get_by_role("button", name="End session").click()
        page.get_by_text("Summary and exports").wait_for(timeout=WAIT)
        context.close()
    (record,) = records.glob(f"{CODE}-*.jsonl")
    stem = record.with_suffix("")
    doc = json.loads(stem.with_name(stem.name + ".json").read_text())
    f = doc["figures"]
    assert (f["trials"], f["first_try"], f["errors"], f["errors_prevented"], f["undone_turns"]) == (
        tally["trials"],
        tally["first_try"],
        tally["errors"],
        tally["errors"],  # errorless mode (the app's default): every error was prevented
        tally["undone"],
    )
    assert f["accuracy"] == round(tally["first_try"] / tally["trials"], 3)
    assert doc["notes"] == "engaged, scanned left"
    trials = list(
        csv.DictReader(stem.with_name(stem.name + "-trials.csv").read_text().splitlines())
    )
    assert [t["result"] for t in trials] == ["-", "+", "-"]
    assert trials[0]["undone_turns"] != "" and all(t["client"] == CODE for t in trials)
    page_text = stem.with_name(stem.name + "-summary.html").read_text()
    assert (
        f"{100 * tally['first_try'] // tally['trials']}% ({tally['first_try']} of 3)" in page_text
    )
    turns = list(csv.DictReader(stem.with_name(stem.name + "-turns.csv").read_text().splitlines()))
    assert sum(t["undone"] == "True" for t in turns) == tally["undone"]
