"""The one-page session summary prints on one page, A4 and Letter, with the trial table of a
40-trial session, notes, a plan and two goals with their charts, and carries every field a
signed note needs (the clinician, the setting, clock times, duration, service codes, a
signature and date line), filled in or as lines to write on.

Chromium prints the page to PDF, as a therapist's "Print" would, and the test counts pages;
the printed text is read from the page in print media, and a picture of it is saved
(``pictures``) for a person to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_rules_sheet import pdf_pages

from cfwidget.therapy.goals import Goal
from cfwidget.therapy.report import clock_time
from cfwidget.therapy.sessionlog import SessionLog
from cfwidget.therapy.settings import SessionSettings
from cfwidget.therapy.summary_html import duration, write_summary

Event = dict[str, Any]

#: What the clinician types on the setup form (the longest a clinic is likely to need).
SIGNED = {
    "clinician": "Oluwaseun Abernathy-Villanueva",
    "credentials": "MS, CCC-SLP, BCS-S",
    "delivery": "remote",
    "service_codes": "92507 (treatment of speech, language, voice), GN modifier, 1 unit",
    "assist_scale": "cues",
}


def long_session(
    date: str,
    trials: int,
    t0: float = 1_717_400_000.0,
    signed: dict[str, str] | None = None,
    assist: str = "Moderate cues",
) -> list[Event]:
    """A session of ``trials`` trials: every fifth wrong at first, every seventh taken back
    and played again, cues 0 to 4, then notes in SOAP form and a plan."""
    events: list[Event] = [
        {"event": "start", "n": 1, "t": t0, "format": "cfwidget.session", "version": 2,
         "client": "C-07", "date": date, "goals": "number matching; scanning to the left",
         "settings": {"max_pip": 9, "bots": 2, "pace": "click", "seed": 3, "display": "pips",
                      "large": True, "errorless": True, "cue_start": 1, "cue_wait": 20,
                      "fade_every": 3, **(signed or {})}},
    ]  # fmt: skip
    t, turn = t0, 0

    def add(**fields: Any) -> None:
        events.append({"n": len(events) + 1, "t": t, **fields})

    for k in range(trials):
        t += 5
        add(event="turn_start", seat=0, options=3, trial=True, level=k % 3)
        wrong = k % 5 == 4
        if wrong:
            t += 3
            add(event="refused", seat=0, move="0-0@9-9", reason="no", prevented=True)
        t += 4 + k % 6
        turn += 1
        add(event="turn", turn=turn, round=1 + k // 12, seat=0, started=t - 4 - k % 6,
            options=3, response=4.0 + k % 6, refused=int(wrong), cue=min(4, k % 3 + wrong),
            move="9-4@9-9", trial=True, first_try=not wrong, prevented=int(wrong))  # fmt: skip
        if k % 7 == 6:
            add(event="undo", count=2, seat=0, turn=turn)
            t += 5
            add(event="turn_start", seat=0, options=3, trial=True, level=0, redo_of=turn)
            t += 3
            turn += 1
            add(event="turn", turn=turn, round=1 + k // 12, seat=0, started=t - 3, options=3,
                response=3.0, refused=0, cue=0, move="9-5@9-9", trial=True, first_try=True,
                prevented=0, redo_of=turn - 1)  # fmt: skip
    notes = (
        "Arrived on time, alert and cheerful; reported sleeping well. Scanned the left side of "
        "the table more often than last week, and asked for a break after about 20 minutes.\n"
        "A: Number matching is steady with a general prompt; scanning to the left still needs "
        "the number named on about a third of trials. Fatigue after 20 minutes.\n"
    )
    add(event="notes", text=notes)
    t += 30
    add(event="end", assist=assist, notes="",
        plan="Keep the starting cue at 1; add a short break at 15 minutes; try double-9 with "
        "three players next week and fade to level 0 when two sessions reach 80%.")  # fmt: skip
    return events


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_summary_of_a_40_trial_session_prints_on_one_page(
    browser: Any, tmp_path: Path, paper: str
) -> None:
    today = SessionLog.from_events(long_session("2024-06-12", 40))
    history = [SessionLog.from_events(long_session(d, 20)) for d in ("2024-05-29", "2024-06-05")]
    goals = [
        Goal("matches a tile to an open end", max_cue=1, share=0.8, sessions=3),
        Goal("scans to the left before playing", max_cue=2, share=0.7, sessions=2),
    ]
    assert len([t for t in today.seat_trials() if t["choice"]]) == 40
    out = write_summary(today, tmp_path / "summary.html", goals=goals, history=history)
    page = browser.new_page()
    try:
        page.goto(out.as_uri())
        rows = page.locator(".trials tbody tr").count()
        pdf = page.pdf(format=paper, print_background=True)
        short = page.pdf(width="210mm", height="150mm", print_background=True)
    finally:
        page.close()
    assert rows == 40
    assert pdf.startswith(b"%PDF")
    assert pdf_pages(pdf) == 1
    assert pdf_pages(short) > 1  # the count is real: a shorter page needs more than one


def printed(browser: Any, html_file: Path, paper: str, picture: Path) -> tuple[str, int]:
    """The page's text as it prints and its number of pages on ``paper``; a picture of the
    printed page (print media, the paper's width less its margins) is saved to ``picture``."""
    width_mm = {"A4": 210, "Letter": 215.9}[paper] - 2 * 12  # the page's side margins
    page = browser.new_page(viewport={"width": round(width_mm * 96 / 25.4), "height": 900})
    try:
        page.goto(html_file.as_uri())
        page.emulate_media(media="print")
        text = page.inner_text("body")
        page.screenshot(path=str(picture), full_page=True)
        pages = pdf_pages(page.pdf(format=paper, print_background=True))
    finally:
        page.close()
    return " ".join(text.split()), pages


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_printed_page_carries_every_field_of_a_signed_note(
    browser: Any, tmp_path: Path, pictures: Path, paper: str
) -> None:
    t0 = 1_717_400_000.0
    today = SessionLog.from_events(long_session("2024-06-12", 40, t0, SIGNED))
    history = [
        SessionLog.from_events(long_session(d, 20, t0, SIGNED))
        for d in ("2024-05-29", "2024-06-05")
    ]
    goals = [
        Goal("matches a tile to an open end", max_cue=1, share=0.8, sessions=3),
        Goal("scans to the left before playing", max_cue=2, share=0.7, sessions=2),
    ]
    out = write_summary(today, tmp_path / "signed.html", goals=goals, history=history)
    text, pages = printed(browser, out, paper, pictures / f"summary-signed-{paper}.png")
    start, end = clock_time(today.started), clock_time(today.finished)
    assert start is not None and end is not None
    zone = start.tzname()
    for field in (
        "Client code C-07",
        "Date Wednesday 12 June 2024",
        f"Clinician {SIGNED['clinician']}",
        f"Credentials {SIGNED['credentials']}",
        "Setting Remote (telehealth)",
        f"Start and end {start:%H:%M} to {end:%H:%M} {zone}",
        f"Duration {duration(today.finished - t0)} (on task {duration(today.time_on_task)})",
        f"Service codes {SIGNED['service_codes']}",
        "Cue levels and assist: 0 independent; 1 minimal cues; 2 moderate cues; 3 and 4 "
        "maximal cues.",
        "Assist level Moderate cues (the clinician's rating on the cue scale above)",
        # the three sessions hold 80 trials: the baseline is established on this day
        "Baseline 53% (43 of 80 trials, 3 sessions, 2024-05-29 to 2024-06-12).",
        f"Signature of the clinician: {SIGNED['clinician']}, {SIGNED['credentials']}",
    ):
        assert field in text, field
    assert text.count("Cue levels and assist:") == 1  # the mapping is stated once
    for fim in ("Supervision", "Min A", "Mod A", "Max A", "Stand-by", "Contact guard"):
        assert fim not in text, fim  # one scale: no FIM terms unless chosen
    assert pages == 1


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_page_with_nothing_given_leaves_lines_to_write_on(
    browser: Any, tmp_path: Path, pictures: Path, paper: str
) -> None:
    defaults = SessionSettings().to_dict()  # what an untouched setup form records
    signed = {k: defaults[k] for k in SIGNED}
    assert signed == {"clinician": "", "credentials": "", "delivery": "in person",
                      "service_codes": "", "assist_scale": "cues"}  # fmt: skip
    events = long_session("2024-06-12", 40, signed=signed)
    events[-1]["assist"] = None  # not rated
    today = SessionLog.from_events(events)
    out = write_summary(
        today, tmp_path / "blank.html", goals=[Goal("matches a tile to an open end")]
    )
    text, pages = printed(browser, out, paper, pictures / f"summary-blank-{paper}.png")
    for field in (
        # nothing given: a line to write on (no text), then the next field
        "Clinician Credentials Setting In person Start and end",
        f"(on task {duration(today.time_on_task)}) Service codes What was done",
        "Assist level not rated (the clinician's rating on the cue scale above)",
        "Baseline not yet established (it needs 3 sessions and 20 trials; "
        "so far 1 session, 40 trials).",
        "Signature of the clinician (name and credentials) Date",
    ):
        assert field in text, field
    assert pages == 1
    page = browser.new_page()
    try:
        page.goto(out.as_uri())
        lines = page.locator(".details .fill, .sign .line").count()
    finally:
        page.close()
    assert lines == 5  # clinician, credentials, service codes; signature, date
