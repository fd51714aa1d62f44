"""The one-page session summary prints on one page, A4 and Letter, with the trial table of a
40-trial session, notes, a plan and two goals with their charts.

Chromium prints the page to PDF, as a therapist's "Print" would, and the test counts pages.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_rules_sheet import pdf_pages

from cfwidget.therapy.goals import Goal
from cfwidget.therapy.sessionlog import SessionLog
from cfwidget.therapy.summary_html import write_summary

Event = dict[str, Any]


def long_session(date: str, trials: int, t0: float = 1_717_400_000.0) -> list[Event]:
    """A session of ``trials`` trials: every fifth wrong at first, every seventh taken back
    and played again, cues 0 to 4, then notes in SOAP form and a plan."""
    events: list[Event] = [
        {"event": "start", "n": 1, "t": t0, "format": "cfwidget.session", "version": 2,
         "client": "C-07", "date": date, "goals": "number matching; scanning to the left",
         "settings": {"max_pip": 9, "bots": 2, "pace": "click", "seed": 3, "display": "pips",
                      "large": True, "errorless": True, "cue_start": 1, "cue_wait": 20,
                      "fade_every": 3}},
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
    add(event="end", assist="Min A", notes="",
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
