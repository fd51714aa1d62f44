"""The data sheet: the trial table, totals per cue level, clinicians' assist terms, SOAP, the
trials CSV (client, date, ISO times) and the de-identified export."""

from __future__ import annotations

import csv
import datetime as dt
import json
from pathlib import Path
from typing import Any

from cfwidget.therapy.datasheet import (
    ASSIST_TERMS,
    TRIAL_COLUMNS,
    export_deidentified,
    export_trials_csv,
    level_totals,
    level_totals_words,
    soap,
    trial_table,
)
from cfwidget.therapy.goals import Goal
from cfwidget.therapy.sessionlog import SessionLog
from cfwidget.therapy.summary_html import session_summary_html

Event = dict[str, Any]
T0 = 1_717_400_000.0


def record(cues: list[int], wrong: set[int], notes: str = "", plan: str = "") -> list[Event]:
    """A session with one trial per cue level given; trials in ``wrong`` begin with an error."""
    events: list[Event] = [
        {"event": "start", "n": 1, "t": T0, "version": 2, "client": "C-07",
         "date": "2024-06-12", "goals": "matching", "settings": {"seed": 5, "max_pip": 6}},
    ]  # fmt: skip
    for k, cue in enumerate(cues):
        t = T0 + 10 * (k + 1)
        events.append({"event": "turn_start", "n": len(events) + 1, "t": t - 6, "seat": 0,
                       "options": 2, "trial": True, "level": 0})  # fmt: skip
        if k in wrong:
            events.append({"event": "refused", "n": len(events) + 1, "t": t - 3, "seat": 0,
                           "move": "0-1@6-6", "reason": "no", "prevented": False})  # fmt: skip
        events.append({"event": "turn", "n": len(events) + 1, "t": t, "turn": k + 1, "round": 1,
                       "seat": 0, "started": t - 6, "options": 2, "response": 6.0,
                       "refused": int(k in wrong), "cue": cue, "move": "6-4@6-6", "trial": True,
                       "first_try": k not in wrong, "prevented": 0})  # fmt: skip
    events.append({"event": "end", "n": len(events) + 1, "t": T0 + 500, "assist": "Min A",
                   "notes": notes, "plan": plan})  # fmt: skip
    return events


def test_totals_per_cue_level_in_a_clinicians_words() -> None:
    log = SessionLog.from_events(record([0, 0, 0, 0, 1, 1, 1, 2, 3, 4], wrong={7, 9}))
    counts, missing, total = level_totals(log)
    assert (counts, missing, total) == ([4, 3, 1, 1, 1], 0, 10)
    assert level_totals_words(log) == (
        "independent 4/10, with a general prompt 3/10, with the number to look for 1/10, "
        "with the tiles that fit shown 1/10, with the move shown and placed together 1/10"
    )
    rows = trial_table(log)
    assert [r["mark"] for r in rows] == list("+++++++-+-")
    assert [r["assist"] for r in rows][3:6] == ["independent", "minimal cues", "minimal cues"]
    assert rows[7]["tries"] == 2 and rows[0]["tries"] == 1 and rows[0]["seconds"] == 6.0
    assert ASSIST_TERMS == (
        "independent", "minimal cues", "moderate cues", "maximal cues", "maximal cues",
    )  # fmt: skip


def test_soap_sorts_the_notes_and_writes_objective_from_the_data() -> None:
    notes = "calm and alert\nA: matching steady with a prompt\nassessment: scanning slower"
    log = SessionLog.from_events(record([0, 1], set(), notes=notes, plan="fade to level 0"))
    s = soap(log)
    assert s["S"] == "calm and alert"
    assert s["A"] == "matching steady with a prompt\nscanning slower"
    assert s["P"] == "fade to level 0"
    assert s["O"].startswith("Matched a tile to an open end in 2/2 trials at the first try")
    assert "independent 1/2, with a general prompt 1/2" in s["O"]
    page = session_summary_html(log)
    for head in ("Subjective", "Objective (the client)", "Assessment", "Plan"):
        assert f"<h2>{head}</h2>" in page
    blank = session_summary_html(SessionLog.from_events(record([0], set())))
    assert "No notes written: space to fill in by hand." in blank
    assert "No assessment written: space to fill in by hand." in blank


def test_the_trials_csv_has_client_date_and_iso_times(tmp_path: Path) -> None:
    log = SessionLog.from_events(record([0, 2], wrong={1}))
    out = export_trials_csv(log, tmp_path / "trials.csv")
    rows = list(csv.DictReader(out.read_text(encoding="utf-8").splitlines()))
    assert list(rows[0]) == list(TRIAL_COLUMNS)
    assert [(r["client"], r["date"], r["trial"], r["result"]) for r in rows] == [
        ("C-07", "2024-06-12", "1", "+"),
        ("C-07", "2024-06-12", "2", "-"),
    ]
    assert rows[1]["cue_level"] == "2" and rows[1]["assist"] == "moderate cues"
    assert rows[1]["tries"] == "2" and rows[1]["seconds"] == "6"
    started = dt.datetime.fromisoformat(rows[0]["started"])
    assert started.utcoffset() is not None and started.timestamp() == T0 + 4
    assert (out.stat().st_mode & 0o777) == 0o600


def test_the_de_identified_export_holds_no_code_date_note_or_clock_time(tmp_path: Path) -> None:
    log = SessionLog.from_events(
        record([0, 1, 2], wrong={2}, notes="S: seemed tired after 10 minutes", plan="shorter")
    )
    out = export_deidentified(log, tmp_path / "d.json")
    text = out.read_text(encoding="utf-8")
    for private in ("C-07", "2024", "06-12", "tired", "shorter", "matching", str(int(T0))[:6]):
        assert private not in text, private
    doc = json.loads(text)
    assert doc["format"] == "cfwidget.session-deidentified" and "seed" not in doc["settings"]
    assert [t["result"] for t in doc["trials"]] == ["+", "+", "-"]
    assert [t["from_start_s"] for t in doc["trials"]] == [4.0, 14.0, 24.0]
    assert doc["figures"]["trials"] == 3 and doc["right_by_cue_level"]["level_0"] == 1
    assert (out.stat().st_mode & 0o777) == 0o600


def test_the_summary_shows_each_goals_baseline_and_chart() -> None:
    goal = Goal("matches a tile", max_cue=1, share=0.8, sessions=2)
    earlier = record([2, 2, 0, 0], set())
    earlier[0] = {**earlier[0], "date": "2024-06-05"}
    page = session_summary_html(
        SessionLog.from_events(record([0, 0, 1, 3], set())),
        goals=[goal],
        history=[SessionLog.from_events(earlier)],
    )
    # Two sessions of 4 trials are no baseline: it needs 3 sessions and 20 trials.
    assert (
        "Baseline not yet established (it needs 3 sessions and 20 trials; "
        "so far 2 sessions, 8 trials)." in page
    )
    assert '<svg role="img" aria-label="Goal chart: the goal line at 80%; sessions in date ' in page
    assert "2024-06-05: 50%, 2024-06-12: 75%" in page and ">no baseline yet</text>" in page


def on_day(day: str, cues: list[int], wrong: frozenset[int] = frozenset()) -> SessionLog:
    events = record(cues, set(wrong))
    events[0] = {**events[0], "date": day}
    return SessionLog.from_events(events)


def test_a_baseline_takes_three_sessions_and_twenty_trials_together() -> None:
    goal = Goal("matches a tile", max_cue=1, share=0.8, sessions=2)
    history = [
        on_day("2024-05-22", [0] * 10),
        on_day("2024-05-29", [2] * 4 + [0] * 4),
        on_day("2024-06-05", [0, 2]),
    ]
    page = session_summary_html(on_day("2024-06-12", [3] * 5), goals=[goal], history=history)
    # 3 sessions hold 20 trials; right with a cue of 1 or less: 10 + 4 + 1, 15 of 20.
    assert "Baseline 75% (15 of 20 trials, 3 sessions, 2024-05-22 to 2024-06-05)." in page
    assert ">baseline 75%</text>" in page
    # Three sessions of 5 trials are 15 trials: no baseline until a fourth session.
    fives = [on_day(f"2024-05-0{d}", [0] * 5) for d in (1, 2, 3)]
    page = session_summary_html(fives[-1], goals=[goal], history=fives)
    assert (
        "Baseline not yet established (it needs 3 sessions and 20 trials; "
        "so far 3 sessions, 15 trials)." in page
    )
    page = session_summary_html(on_day("2024-05-04", [2] * 5), goals=[goal], history=fives)
    assert "Baseline 75% (15 of 20 trials, 4 sessions, 2024-05-01 to 2024-05-04)." in page
    # The first session alone, 4 trials at 100%, is never a baseline.
    page = session_summary_html(on_day("2024-05-01", [0] * 4), goals=[goal])
    assert (
        "Baseline not yet established (it needs 3 sessions and 20 trials; "
        "so far 1 session, 4 trials)." in page
    )
