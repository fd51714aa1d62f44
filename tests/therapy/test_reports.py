"""Reports: records of both versions, date order, goals and their file, the one-page summary."""

from __future__ import annotations

import csv
import datetime as dt
import json
import math
import os
import stat
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from cfwidget import SeatError, SessionError, SettingsError
from cfwidget.therapy.goals import (
    Goal,
    goal_chart,
    goal_progress,
    goals_path,
    load_goals,
    remove_goal,
    save_goals,
    set_goal,
)
from cfwidget.therapy.report import (
    TURN_COLUMNS,
    SessionLog,
    by_date,
    export_csv,
    export_json,
    figures,
    load_logs,
    progress_chart,
    summary,
    turns_frame,
)
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import CUE_LEVELS, SessionSettings
from cfwidget.therapy.summary_html import session_summary_html, settings_in_words, write_summary

Event = dict[str, Any]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def write_record(path: Path, events: list[Event]) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return path


# -- version 1 records (no version, no trial fields: the fallbacks) -------------------------------

V1 = [
    {
        "event": "start",
        "t": 1000,
        "format": "cfwidget.session",
        "version": 1,
        "client": "ZK3",
        "date": "2024-06-03",
        "goals": "visual scanning",
        "settings": {"cue_start": 1},
    },
    {"event": "turn_start", "t": 1002, "seat": 0, "options": 2},
    {
        "event": "turn",
        "t": 1006,
        "turn": 1,
        "round": 1,
        "seat": 0,
        "started": 1002,
        "options": 2,
        "response": 4.0,
        "refused": 0,
        "cue": 0,
        "move": "6-4@6-6",
    },
    {"event": "pause", "t": 1010},
    {"event": "carry_on", "t": 1070},
    {
        "event": "turn",
        "t": 1090,
        "turn": 2,
        "round": 1,
        "seat": 0,
        "started": 1075,
        "options": 1,
        "response": 15.0,
        "refused": 2,
        "cue": 3,
        "move": "4-1@6-4",
    },
    {
        "event": "turn",
        "t": 1100,
        "turn": 3,
        "round": 1,
        "seat": 0,
        "started": 1092,
        "options": 3,
        "response": 8.0,
        "refused": 0,
        "cue": 1,
        "move": "draw, 1-1@4-1",
    },
    {"event": "resumed", "t": 1500},  # the kernel was away for 400 s
    {
        "event": "turn",
        "t": 1510,
        "turn": 4,
        "round": 1,
        "seat": 0,
        "started": 1502,
        "options": 1,
        "response": 6.0,
        "refused": 0,
        "cue": 0,
        "move": "pass",
    },
    {"event": "end", "t": 1520, "assist": "Min A", "notes": "tired at the end"},
]


def test_version_1_record_reads_with_the_fallbacks(tmp_path: Path) -> None:
    path = write_record(tmp_path / "ZK3-2024-06-03-1.jsonl", V1)
    frame = summary([path])
    row = frame.loc[("ZK3", "2024-06-03")]
    # A pass with one option is a forced turn; a play with one option is still a trial.
    assert (row["trials"], row["forced_turns"], row["turns"]) == (3, 1, 4)
    assert row["accuracy"] == 0.667  # turns 1 and 3 right at the first try, of 3 trials
    assert row["median_response_s"] == 8.0  # of 4, 15, 8: the forced pass left out
    assert [row[f"cue_{k}"] for k in range(5)] == [1, 1, 0, 1, 0]
    assert row["mean_cue"] == 1.333 and row["highest_cue"] == 3
    assert row["time_on_task_s"] == 520 - 60 - 400
    assert (row["errors"], row["errors_prevented"], row["undone_turns"]) == (2, 0, 0)
    assert row["assist"] == "Min A"
    log = SessionLog.from_events(V1)
    assert log.version == 1 and log.notes == "tired at the end" and log.plan == ""
    assert [(t["trial"], t["first_try"], t["prevented"]) for t in log.turns] == [
        (True, True, 0),
        (True, False, 0),
        (True, True, 0),
        (False, True, 0),
    ]


def test_version_1_undo_takes_back_that_seats_last_turn_still_standing() -> None:
    events = [dict(e) for e in V1[:-1]]
    events += [{"event": "undo", "t": 1511, "count": 1, "seat": 0}] * 2
    log = SessionLog.from_events(events)
    assert log.undone == [4, 3]
    f = figures(log)
    # Taken back and never played again, turns 3 (a trial) and 4 (forced) still count, with
    # their first tries: the history is never rewritten.
    assert (f.trials, f.forced, f.undone, f.first_try, f.not_completed) == (3, 1, 2, 2, 1)
    assert [t["turn"] for t in log.turns] == [1, 2, 3, 4]  # they stay in the record


# -- version 2 records ----------------------------------------------------------------------------


def v2_events(date: str = "2024-06-03", t0: float = 1000.0, client: str = "AB12") -> list[Event]:
    def turn(n: int, turn: int, t: float, **fields: Any) -> Event:
        base = {"event": "turn", "n": n, "t": t0 + t, "turn": turn, "round": 1, "seat": 0}
        base.update(started=t0 + t - fields["response"] - 1)
        return {**base, **fields}

    settings = SessionSettings(seed=4, cue_start=1, fade_every=3).to_dict()
    return [
        {"event": "start", "n": 1, "t": t0, "format": "cfwidget.session", "version": 2,
         "client": client, "date": date, "goals": "", "settings": settings},
        {"event": "turn_start", "n": 2, "t": t0 + 1, "seat": 0, "options": 3},
        {"event": "refused", "n": 3, "t": t0 + 4, "seat": 0, "move": "0-0@6-6",
         "reason": "0-0 does not match 6-6", "prevented": True},
        turn(4, 1, 10, options=3, response=8.0, refused=1, cue=2, move="6-4@6-6",
             trial=True, first_try=False, prevented=1),
        turn(5, 2, 20, options=2, response=5.0, refused=0, cue=1, move="4-2@6-4",
             trial=True, first_try=True, prevented=0),
        # A forced draw and pass with a tap on a faded tile: not a trial, still an error.
        turn(6, 3, 30, options=1, response=3.0, refused=1, cue=1, move="draw, pass",
             trial=False, first_try=False, prevented=1),
        turn(7, 4, 40, options=2, response=12.0, refused=0, cue=0, move="2-1@4-2",
             trial=True, first_try=True, prevented=0),
        {"event": "undo", "n": 8, "t": t0 + 45, "count": 2, "seat": 0, "turn": 4},
        turn(9, 5, 55, options=2, response=4.0, refused=0, cue=0, move="2-2@4-2",
             trial=True, first_try=True, prevented=0),
        {"event": "note", "n": 10, "t": t0 + 60, "text": "took a short rest"},
        {"event": "notes", "n": 11, "t": t0 + 61, "text": "calm"},
        {"event": "notes", "n": 12, "t": t0 + 62,
         "text": "calm, scanned left <script>alert(1)</script>"},
        {"event": "end", "n": 13, "t": t0 + 100, "assist": None, "notes": "",
         "plan": "Try double-9 next time & fade cues."},
    ]  # fmt: skip


def test_version_2_record_gives_the_spec_figures() -> None:
    log = SessionLog.from_events(v2_events())
    assert log.version == 2 and log.ended and log.assist is None
    f = figures(log)
    # Turn 4 was taken back and played again as turn 5: one trial, its first try (and its
    # first response, 12 s) kept.
    assert (f.trials, f.first_try, f.accuracy, f.forced) == (3, 2, 0.667, 1)
    assert (f.errors, f.prevented, f.undone) == (2, 2, 1)
    assert f.cue_counts == (1, 1, 1, 0, 0) and f.mean_cue == 1.0
    assert f.median_response == 8.0 and f.time_on_task == 100.0
    assert [(t["turns"], t["undone"], t["seconds"]) for t in log.seat_trials()][2:] == [
        ([3], [], 3.0),
        ([4, 5], [4], 12.0),
    ]
    frame = turns_frame(log)
    assert list(frame.columns) == list(TURN_COLUMNS)
    assert frame["undone"].tolist() == [False, False, False, True, False]
    assert frame["prevented"].tolist() == [1, 0, 1, 0, 0]
    # Appended notes stay; typed notes: the latest autosave replaces the one before.
    assert log.notes == "took a short rest\ncalm, scanned left <script>alert(1)</script>"
    assert log.plan == "Try double-9 next time & fade cues."


def test_the_end_notes_are_the_typed_notes_final_state() -> None:
    events = v2_events()
    events[-1] = {**events[-1], "notes": "calm, scanned left; tired at the end"}
    assert SessionLog.from_events(events).notes == (
        "took a short rest\ncalm, scanned left; tired at the end"
    )
    events.insert(-1, {"event": "note", "n": 20, "t": 1090, "text": "tired at the end"})
    # An appended note the final text already holds is not said twice.
    assert SessionLog.from_events(events).notes.count("tired at the end") == 1


def test_a_duplicated_line_counts_once_and_an_odd_undo_is_noted() -> None:
    events = v2_events()
    events.insert(5, dict(events[4]))  # turn 2 written twice (same n)
    log = SessionLog.from_events(events)
    assert [t["turn"] for t in log.turns] == [1, 2, 3, 4, 5]
    assert log.problem == "1 event was written twice and counted once"
    events = v2_events()
    events[7] = {**events[7], "turn": 9}  # a turn that is not in the record
    log = SessionLog.from_events(events)
    assert log.undone == [] and "an undo names turn 9, which was not found" in str(log.problem)
    events[7] = {**events[7], "turn": None}  # an undo with nothing to take back
    assert SessionLog.from_events(events).undone == []


def test_damaged_turns_are_named() -> None:
    events = v2_events()
    events[3] = {**events[3], "cue": 7}
    with pytest.raises(
        SessionError,
        match=r"damaged: turn 1 has cue level 7; cue levels are 0 to 4; event 4 \('turn'\)",
    ):
        SessionLog.from_events(events)
    events = v2_events()
    events[3] = {**events[3], "cue": "high"}
    with pytest.raises(SessionError, match="a 'turn' event has 'cue' 'high', where a whole number"):
        SessionLog.from_events(events)
    events[3] = {k: v for k, v in v2_events()[3].items() if k != "seat"}
    with pytest.raises(SessionError, match="a 'turn' event has no 'seat'"):
        SessionLog.from_events(events)
    events = v2_events()
    events[5] = {**events[5], "t": float("nan")}
    with pytest.raises(SessionError, match="the time 't' is nan, not a number; event 6"):
        SessionLog.from_events(events)
    events = v2_events()
    events[4] = {**events[4], "response": "slow"}
    with pytest.raises(SessionError, match="response time is 'slow', not a number"):
        SessionLog.from_events(events)


def test_a_live_session_reports_like_its_record(tmp_path: Path) -> None:
    now = [1_700_000_000.0]
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4), client="AB12", journal=path, clock=lambda: now[0])
    while len(s.turns) < 3:
        if s.whose_turn() == "bot":
            s.bot_step()
            continue
        now[0] += 3
        s.attempt(s.cue_for_level(4).move or "")
    s.end("Minimal cues", notes="steady")
    assert figures(s) == figures(path)
    assert figures(s).turns == 3 and figures(s).median_response == 3.0


# -- exports --------------------------------------------------------------------------------------


def test_csv_and_json_exports_carry_the_new_columns(tmp_path: Path) -> None:
    log = SessionLog.from_events(v2_events())
    out = export_csv(log, tmp_path / "turns.csv")
    rows = list(csv.reader(out.read_text(encoding="utf-8").splitlines()))
    assert rows[0] == ["client", "date", *TURN_COLUMNS]
    assert rows[3][9:] == ["1", "1", "draw, pass", "False", "False", "1", "True", "False"]
    assert rows[4][:3] == ["AB12", "2024-06-03", "4"] and rows[4][-1] == "True"  # undone
    # Times in ISO 8601 (local time with its offset), not clock seconds.
    started = dt.datetime.fromisoformat(rows[1][5])
    assert started.utcoffset() is not None and started.timestamp() == 1000 + 10 - 8 - 1
    assert mode(out) == 0o600
    goal = Goal("plays a matching tile", max_cue=1, share=0.6, sessions=1, id="g1")
    doc = json.loads(export_json(log, tmp_path / "s.json", goals=[goal]).read_text())
    assert doc["assist"] == "not rated" and doc["plan"].startswith("Try double-9")
    assert doc["figures"]["accuracy"] == 0.667 and doc["figures"]["errors_prevented"] == 2
    assert [t["undone"] for t in doc["turns"]] == [False, False, False, True, False]
    assert doc["goals"][0]["met"] is True
    assert doc["goals"][0]["sessions_measured"] == [
        {"date": "2024-06-03", "right": 2, "trials": 3, "reached": True}
    ]
    assert mode(tmp_path / "s.json") == 0o600


# -- date order -----------------------------------------------------------------------------------


def session(
    date: str,
    right: int,
    wrong: int,
    *,
    cue: int = 0,
    t0: float = 0.0,
    response: float = 5.0,
    client: str = "AB12",
) -> list[Event]:
    """A record with ``right`` trials right at the first try and ``wrong`` refused first."""
    events: list[Event] = [
        {"event": "start", "t": t0, "client": client, "date": date, "settings": {}}
    ]
    for i in range(right + wrong):
        events.append(
            {
                "event": "turn",
                "t": t0 + 10 * (i + 1),
                "turn": i + 1,
                "round": 1,
                "seat": 0,
                "started": t0 + 10 * i,
                "options": 2,
                "response": response,
                "refused": int(i >= right),
                "cue": cue,
                "move": "6-4@6-6",
            }
        )
    events.append({"event": "end", "t": t0 + 10 * (right + wrong) + 5, "assist": "Min A"})
    return events


DATES = ["2024-05-29", "2024-06-05", "2024-06-12"]


def test_sessions_go_in_date_order_not_file_name_order(tmp_path: Path) -> None:
    # Named by day as notebook 20 names them: as text, day14 sorts before day7.
    for day, date, seconds in ((0, DATES[0], 18.0), (7, DATES[1], 12.0), (14, DATES[2], 8.0)):
        write_record(tmp_path / f"AB12-day{day}.jsonl", session(date, 4, 1, response=seconds))
    paths = sorted(tmp_path.glob("AB12-day*.jsonl"))
    assert [p.stem for p in paths] == ["AB12-day0", "AB12-day14", "AB12-day7"]
    table = summary(paths)
    assert table.index.get_level_values("date").tolist() == DATES
    assert table["median_response_s"].tolist() == [18.0, 12.0, 8.0]  # a steady improvement
    top, bottom = progress_chart(paths).axes
    assert list(top.lines[0].get_ydata()) == [18.0, 12.0, 8.0]
    assert [t.get_text() for t in bottom.get_xticklabels()] == DATES
    chart = goal_chart(GOAL, list(reversed(paths)))
    assert [t.get_text() for t in chart.axes[0].get_xticklabels()] == DATES
    # Records named as the app names them, in the same text-versus-date muddle.
    for day, date in ((0, DATES[0]), (14, DATES[2]), (7, DATES[1])):
        write_record(tmp_path / f"AB12-2024-06-{day + 1:02d}-1.jsonl", session(date, 1, 0))
    assert [log.date for log in load_logs(tmp_path, "AB12")] == DATES


def test_the_record_date_and_start_time_decide_not_the_name(tmp_path: Path) -> None:
    write_record(tmp_path / "AB12-2024-01-01-1.jsonl", session("2024-07-01", 1, 0))
    write_record(tmp_path / "AB12-2024-03-03-1.jsonl", session("2024-03-03", 1, 0, t0=500))
    write_record(tmp_path / "AB12-2024-03-03-2.jsonl", session("2024-03-03", 1, 0, t0=100))
    # Another client whose code starts the same, and a file that is not a record name.
    write_record(
        tmp_path / "AB12-3-2024-02-02-1.jsonl", session("2024-02-02", 1, 0, client="AB12-3")
    )
    write_record(tmp_path / "AB12-notes.jsonl", session("2024-02-02", 1, 0))
    logs = load_logs(tmp_path, "AB12")
    assert [(log.source, log.started) for log in logs] == [
        ("AB12-2024-03-03-2.jsonl", 100.0),
        ("AB12-2024-03-03-1.jsonl", 500.0),
        ("AB12-2024-01-01-1.jsonl", 0.0),
    ]
    assert [log.client for log in load_logs(tmp_path, "AB12-3")] == ["AB12-3"]
    assert load_logs(tmp_path / "nowhere", "AB12") == []
    labels = [t.get_text() for t in progress_chart(logs).axes[1].get_xticklabels()]
    assert labels == ["2024-03-03 (1)", "2024-03-03 (2)", "2024-07-01"]


def test_a_damaged_record_in_a_folder_is_named(tmp_path: Path) -> None:
    (tmp_path / "AB12-2024-03-03-1.jsonl").write_text('{"event": "turn", "t": 0}\n')
    with pytest.raises(SessionError, match=r"AB12-2024-03-03-1\.jsonl: .*begins with its 'start'"):
        load_logs(tmp_path, "AB12")


# -- goals ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"share": 80}, r"fraction above 0 and at most 1 \(80% is 0\.8\); got 80"),
        ({"share": 0}, "fraction above 0"),
        ({"share": math.nan}, "fraction above 0"),
        ({"share": True}, "fraction above 0"),
        ({"max_cue": 5}, r"level from 0 \(no cue\) to 4 \(place it together\); got 5"),
        ({"max_cue": 1.0}, "level from 0"),
        ({"sessions": 0}, "whole number from 1 to 20; got 0"),
        ({"sessions": 21}, "whole number from 1 to 20"),
        ({"id": "my goal"}, "1 to 24 letters, digits"),
        ({"text": ""}, "a goal is a sentence of 3 to 300 characters"),
        ({"text": 5}, "a goal is a sentence"),
        ({"text": "x" * 301}, "a goal is a sentence"),
    ],
)
def test_bad_goal_values_say_what_is_allowed(values: dict[str, Any], message: str) -> None:
    fields: dict[str, Any] = {"text": "plays a matching tile", **values}
    with pytest.raises(SettingsError, match=message):
        Goal(**fields)


def test_a_goal_reads_as_a_sentence() -> None:
    goal = Goal("  plays a   matching tile ", max_cue=1, share=0.8, sessions=3)
    assert goal.text == "plays a matching tile"
    assert str(goal) == (
        "plays a matching tile (with a cue of level 1 or less, in 80% of trials, "
        "3 sessions in a row)"
    )
    assert Goal("waits for a turn", max_cue=0, share=0.825, sessions=1).criterion() == (
        "with no cue, in 82.5% of trials, in 1 session"
    )


GOAL = Goal("plays a matching tile", max_cue=1, share=0.8, sessions=3)


def logs_of(*sessions: list[Event]) -> list[SessionLog]:
    return [SessionLog.from_events(s) for s in sessions]


def test_goal_met_when_each_of_the_last_sessions_reaches_the_share() -> None:
    logs = logs_of(
        session("2024-06-19", 9, 1),  # 90%, the latest although listed first
        session("2024-05-22", 1, 9),  # long ago: not among the last 3
        session("2024-06-05", 4, 1),  # exactly 80% counts
        session("2024-06-12", 5, 1),  # 83%
    )
    p = goal_progress(GOAL, logs)
    assert p.met and [pt.date for pt in p.points][-3:] == ["2024-06-05", "2024-06-12", "2024-06-19"]
    assert p.status == "Met: 80% or more in each of the last 3 sessions (80%, 83%, 90%)."


def test_goal_not_met_just_below_the_share_or_too_few_sessions() -> None:
    below = logs_of(
        session("2024-06-05", 15, 4),  # 78.9%: shown rounded down, and not reached
        session("2024-06-12", 9, 1),
        session("2024-06-19", 9, 1),
    )
    p = goal_progress(GOAL, below)
    assert not p.met and [pt.percent for pt in p.points] == [78, 90, 90]
    assert p.status == "Not yet: 2 of the last 3 sessions reached 80% (78%, 90%, 90%)."
    p = goal_progress(GOAL, below[1:])
    assert not p.met
    assert p.status == (
        "Not yet: 2 sessions with trials so far (90%, 90%), 2 at 80% or more; the goal asks "
        "for 3 in a row."
    )
    assert goal_progress(GOAL, []).status == (
        "Not yet measured: no session with trials so far (the goal asks 80% or more in each "
        "of 3 sessions in a row)."
    )


def test_goal_counts_only_first_tries_within_the_cue_and_skips_empty_sessions() -> None:
    one = Goal("plays a matching tile", max_cue=1, share=0.8, sessions=1)
    assert not goal_progress(one, logs_of(session("2024-06-05", 5, 0, cue=2))).met
    assert goal_progress(one, logs_of(session("2024-06-05", 5, 0, cue=1))).met
    empty = session("2024-06-12", 0, 0)  # no trials at all: left out, not a failure
    p = goal_progress(one, logs_of(session("2024-06-05", 4, 1), empty))
    assert p.met and p.points[-1].trials == 0 and p.points[-1].share is None
    assert p.status == "Met: 80% or more in the last session (80%)."
    p = goal_progress(one, logs_of(session("2024-06-05", 3, 2)))
    assert p.status == "Not yet: the last session reached 60%, below 80%."
    # A wrong first try taken back still counts: the history is never rewritten.
    events = session("2024-06-05", 4, 1)
    events.insert(-1, {"event": "undo", "t": 55, "count": 1, "seat": 0})  # the wrong one
    assert not goal_progress(Goal("plays a tile", share=1.0, sessions=1), logs_of(events)).met
    assert goal_progress(Goal("plays a tile", share=0.8, sessions=1), logs_of(events)).met


def test_goal_chart_shows_the_shares_by_date_and_the_goal_line() -> None:
    logs = logs_of(
        session("2024-06-12", 5, 1), session("2024-06-05", 4, 1), session("2024-06-19", 9, 1)
    )
    fig = goal_chart(GOAL, logs)
    (ax,) = fig.axes
    line, shares = ax.lines[0], ax.lines[1]
    assert list(line.get_ydata()) == [80.0, 80.0]  # the goal line
    assert [round(y, 1) for y in shares.get_ydata()] == [80.0, 83.3, 90.0]
    assert [t.get_text() for t in ax.get_xticklabels()] == [
        "2024-06-05",
        "2024-06-12",
        "2024-06-19",
    ]
    assert ax.get_title() == "Goal met: plays a matching tile"
    assert ax.get_xlabel() == "session"
    logs.append(SessionLog.from_events(session("2024-06-26", 1, 4)))
    assert goal_chart(GOAL, logs).axes[0].get_title().startswith("Goal not yet met: ")
    logs.append(SessionLog.from_events(session("2024-07-03", 0, 0)))
    (ax,) = goal_chart(GOAL, logs).axes
    assert math.isnan(ax.lines[1].get_ydata()[-1])
    assert ax.get_xlabel() == "session (a gap: no trials to measure)"


# -- the goals file -------------------------------------------------------------------------------


def test_goals_file_round_trip_add_replace_remove(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    first = set_goal(folder, "AB12", GOAL)
    second = set_goal(folder, "AB12", Goal("waits for a turn", max_cue=0, share=0.9, sessions=2))
    assert (first.id, second.id) == ("g1", "g2")
    path = goals_path(folder, "AB12")
    assert path == folder / "AB12.goals.json"
    assert mode(path) == 0o600 and mode(folder) == 0o700
    assert load_goals(folder, "AB12") == [first, second]
    # Replace by id, then by text (any case): the id stays.
    set_goal(folder, "AB12", Goal("plays any matching tile", share=0.7, id="g1"))
    set_goal(folder, "AB12", Goal("Waits For A Turn", max_cue=1, share=0.9, sessions=2))
    assert [(g.id, g.text, g.max_cue, g.share) for g in load_goals(folder, "AB12")] == [
        ("g1", "plays any matching tile", 1, 0.7),
        ("g2", "Waits For A Turn", 1, 0.9),
    ]
    assert remove_goal(folder, "AB12", "g1").text == "plays any matching tile"
    assert remove_goal(folder, "AB12", "waits for a turn").id == "g2"
    assert load_goals(folder, "AB12") == [] and json.loads(path.read_text()) == []
    with pytest.raises(SettingsError, match="no goal 'g7' for AB12; the goals are: none yet"):
        remove_goal(folder, "AB12", "g7")
    assert set_goal(folder, "AB12", GOAL).id == "g1"
    assert sorted(p.name for p in folder.iterdir()) == ["AB12.goals.json"]  # no temp files
    assert load_goals(folder, "CD34") == []  # another client: none yet
    with pytest.raises(SettingsError, match="a client code is"):
        load_goals(folder, "Mary Smith")


def test_save_goals_refuses_clashing_ids(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="two goals have the same id"):
        save_goals(tmp_path, "AB12", [Goal("abc", id="g1"), Goal("def", id="g1")])
    assert not goals_path(tmp_path, "AB12").exists()
    saved = save_goals(tmp_path, "AB12", [Goal("abc", id="g4"), Goal("def")])
    assert [g["id"] for g in json.loads(saved.read_text())] == ["g4", "g5"]


@pytest.mark.parametrize(
    ("content", "what"),
    [
        (b'[{"text": "plays a tile", ', "it is not JSON"),
        (b'{"text": "plays a tile"}', "it holds dict, not a list of goals"),
        (b'["plays a tile"]', "goal 1: a goal is a JSON object"),
        (b'[{"max_cue": 1}]', "goal 1: a goal needs its 'text'"),
        (b'[{"text": "plays a tile", "share": "most"}]', "goal 1: a goal's share of trials"),
        (b'[{"text": "plays a tile", "max_cues": 1}]', "goal 1: a goal has no field 'max_cues'"),
        (
            b'[{"text": "plays a tile", "id": "g1"}, {"text": "waits", "id": "g1"}]',
            "goal 2 has the same id 'g1'",
        ),
        (b"\xff\xfe[]", "it is not UTF-8 text"),
    ],
)
def test_a_damaged_goals_file_is_named_and_left_alone(
    tmp_path: Path, content: bytes, what: str
) -> None:
    path = goals_path(tmp_path, "AB12")
    path.write_bytes(content)
    with pytest.raises(SessionError) as caught:
        load_goals(tmp_path, "AB12")
    message = str(caught.value)
    assert str(path) in message and what in message and "is damaged" in message
    with pytest.raises(SessionError):
        set_goal(tmp_path, "AB12", GOAL)  # nothing is written over a damaged file
    assert path.read_bytes() == content


def test_a_goals_file_with_a_byte_order_mark_reads(tmp_path: Path) -> None:
    goals_path(tmp_path, "AB12").write_bytes(b'\xef\xbb\xbf[{"text": "plays a tile"}]')
    assert load_goals(tmp_path, "AB12") == [Goal("plays a tile")]


# -- the one-page summary -------------------------------------------------------------------------


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.seen: list[str] = []
        self.cells: list[int] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.append(tag)
        if tag == "tr":
            self.cells.append(0)
        if tag in ("td", "th"):
            self.cells[-1] += 1
        if tag not in ("meta", "br"):
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open.pop() == tag, f"</{tag}> closes nothing"

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parsed(page: str) -> _Tags:
    tags = _Tags()
    tags.feed(page)
    tags.close()
    assert tags.open == []  # every tag closed
    return tags


def test_summary_page_holds_the_clinical_notes(tmp_path: Path) -> None:
    events = v2_events(date="2024-06-12")
    history = logs_of(session("2024-05-29", 5, 0, cue=1), session("2024-06-05", 4, 1))
    goals = [GOAL, Goal("waits <b>calmly</b> for a turn", max_cue=0, share=0.9, sessions=1)]
    page = session_summary_html(SessionLog.from_events(events), goals=goals, history=history)
    tags = parsed(page)
    text = " ".join(" ".join(tags.text).split())
    for expected in (
        "Client code AB12",
        "Wednesday 12 June 2024",
        "What was done",
        "A double-6 set, hands of the usual size; the client and 1 computer player (waiting "
        "for Next).",
        "Errorless mode on",
        "Trials (a tile to choose) 3",
        "Accuracy (right at the first try) 66% (2 of 3)",
        "Response time (median over trials) 8.0 s (fastest 5.0 s, slowest 12.0 s)",
        "2, of which 2 stopped by errorless mode (errors prevented)",
        "Forced turns (draw or pass, no choice) 1, not counted as trials",
        "Turns taken back (undo) 1: turn 4 (2-1@4-2; played again as turn 5); their first "
        "tries still count",
        "Duration (on task 1 min 40 s)",  # a hand-written record has no clock times
        "took a short rest",
        "Assist level not rated (the clinician's rating on the cue scale above)",
        "Plan Try double-9 next time & fade cues.",
        "This session: 66% of trials (2 of 3).",
        "Not yet: 2 of the last 3 sessions reached 80% (100%, 80%, 66%).",
    ):
        assert expected in text, expected
    # Notes, plans and goals are text, never markup.
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script" not in page
    assert "waits &lt;b&gt;calmly&lt;/b&gt;" in page
    assert "&amp; fade cues" in page
    # Self-contained: nothing to load; printable: page and print rules; narrow tables.
    for outside in ("http:", "https:", "src=", "url(", "<link", "@import"):
        assert outside not in page
    assert "@page" in page and "@media print" in page
    # the details (two pairs a row), the figures (2 columns) and the trial table (6)
    assert set(tags.cells) == {4, 2, 6}
    assert tags.seen.count("h2") == 6  # done, subjective, objective, assessment, plan, goals


def test_summary_page_says_what_is_missing() -> None:
    events = session("2024-06-05", 0, 0)[:1]  # begun, never ended, no trials
    page = session_summary_html(SessionLog.from_events(events))
    text = " ".join(" ".join(parsed(page).text).split())
    assert "The session was not ended" in text and "No notes written: space to fill" in text
    assert "No plan written: space to fill" in text and "Goals" not in text
    assert "Accuracy (right at the first try) no trials" in text


def test_write_summary_is_private(tmp_path: Path) -> None:
    path = write_record(tmp_path / "AB12-2024-06-03-1.jsonl", v2_events())
    out = write_summary(path, tmp_path / "summary.html", goals=[GOAL], history=[path])
    assert mode(out) == 0o600
    page = out.read_text(encoding="utf-8")
    assert "record AB12-2024-06-03-1.jsonl" in page and str(tmp_path) not in page
    assert page.count("This session:") == 1  # the history's copy of it counts once


def test_settings_in_words_reads_any_record() -> None:
    words = settings_in_words(
        {
            "max_pip": 9,
            "hand_size": 8,
            "bots": 2,
            "second_person": True,
            "display": "colour",
            "large": True,
            "speech": True,
            "pace": 2.0,
            "errorless": False,
            "cue_start": 2,
            "cue_wait": 15.0,
            "fade_every": 3,
            "seed": 11,
        }
    )
    assert words == [
        "A double-9 set, hands of 8 tiles; the client, a second person and 2 computer players "
        "(moving every 2 s).",
        "Tiles shown with coloured pips, large; prompts read aloud; deal number 11 (the same "
        "number deals the same tiles again).",
        "Errorless mode off: a tile that does not fit could be tried; it was refused and "
        "counted as an error.",
        f"Each turn started with cue level 2 ({CUE_LEVELS[2].lower()}); the cue rose one level "
        "after 15 s without a move or after an error; the starting level dropped by one after "
        "3 turns in a row without more help, and rose by one after as many in a row that needed "
        "more.",
    ]
    assert settings_in_words({}) == [] and settings_in_words({"display": "<b>"}) == [
        "Tiles shown with <b>."  # plain text: the page escapes it
    ]


def test_date_order_helper_accepts_paths_and_logs(tmp_path: Path) -> None:
    path = write_record(tmp_path / "AB12-2024-06-12-1.jsonl", session("2024-06-12", 1, 0))
    logs = by_date(
        [
            path,
            SessionLog.from_events(session("2024-06-05", 1, 0)),
            SessionLog.from_events(session("undated", 1, 0)),
        ]
    )
    assert [log.date for log in logs] == ["2024-06-05", "2024-06-12", "undated"]
    assert os.path.basename(logs[1].source) == "AB12-2024-06-12-1.jsonl"


def test_report_arguments_get_clear_errors(tmp_path: Path) -> None:
    log = SessionLog.from_events(v2_events())
    with pytest.raises(SeatError, match=r"0 \(the client\) to 3; got 5"):
        figures(log, seat=5)
    with pytest.raises(SeatError, match="got True"):
        session_summary_html(log, seat=True)  # type: ignore[arg-type]
    assert figures(log, seat=1).trials == 0  # a seat with no turns: nothing to count
    with pytest.raises(SessionError, match=r"give the sessions as a list, like \[log\]"):
        summary("AB12-2024-06-03-1.jsonl")
    with pytest.raises(SessionError, match="give the sessions as a list"):
        by_date(42)  # type: ignore[arg-type]
    with pytest.raises(SessionError, match="a SessionLog, a Session or the path"):
        goal_progress(GOAL, [{"event": "start"}])
    with pytest.raises(SettingsError, match=r"a goal is a Goal, like Goal\("):
        goal_progress("80% matching", [log])  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match=r"goals are a list of Goal values"):
        save_goals(tmp_path, "AB12", 5)  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match=r"goals are a list of Goal values"):
        save_goals(tmp_path, "AB12", [GOAL, "waits"])  # type: ignore[list-item]
    with pytest.raises(SettingsError, match=r"a goal is a Goal"):
        set_goal(tmp_path, "AB12", {"text": "waits"})  # type: ignore[arg-type]
    assert not goals_path(tmp_path, "AB12").exists()


def test_a_new_id_with_a_known_text_replaces_that_goal(tmp_path: Path) -> None:
    set_goal(tmp_path, "AB12", GOAL)
    set_goal(tmp_path, "AB12", Goal("waits for a turn"))
    saved = set_goal(tmp_path, "AB12", Goal("Plays a matching tile", share=0.9, id="match"))
    assert saved.id == "match"
    assert [(g.id, g.share) for g in load_goals(tmp_path, "AB12")] == [("match", 0.9), ("g2", 0.8)]
    with pytest.raises(SettingsError, match="the goals are: match: Plays a matching tile; g2"):
        remove_goal(tmp_path, "AB12", "g1")


def test_the_pages_clock_times_say_when_a_session_ran_and_when_it_did_not_end() -> None:
    from cfwidget.therapy.report import clock_time, session_details

    begun = dt.datetime(2024, 6, 12, 23, 50).astimezone().timestamp()  # local 23:50
    start = {"event": "start", "t": begun, "client": "AB12", "date": "2024-06-12",
             "settings": {"clinician": "Dana Whitfield", "delivery": "in person"}}  # fmt: skip
    turn = {"event": "note", "t": begun + 600, "text": "tired"}
    open_page = session_summary_html(SessionLog.from_events([start, turn]))
    zone = clock_time(begun).tzname()  # type: ignore[union-attr]
    assert (
        f'23:50 to <span class="fill">&nbsp;</span> (not ended; last recorded at 00:00 {zone})'
        in open_page
    )
    ended = SessionLog.from_events([start, turn, {"event": "end", "t": begun + 1500}])
    page = session_summary_html(ended)
    assert f"<td>23:50 to 00:15 on 13 June {zone}</td>" in page  # past midnight: the day
    assert "<td>25 min 00 s (on task 25 min 00 s)</td>" in page
    details = session_details(ended)
    assert details["duration_s"] == 1500.0 and details["clinician"] == "Dana Whitfield"
    assert session_details(SessionLog.from_events([start, turn]))["ended_at"] is None
