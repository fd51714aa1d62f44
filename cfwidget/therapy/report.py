"""Reports from session records: a summary table, CSV and JSON export, progress charts.

Reports read the journal's events only (never the engine), so any record,
even a hand-written one, can be summarised.

- *accuracy*: the share of turns done without an attempt that was not allowed;
- *no-cue share*: the share of turns done without any cue (highest level 0);
- *median response*: seconds from a turn's start to its move, pauses left out;
- *time on task*: seconds from start to end, pauses and kernel restarts left out.

>>> events = [
...     {"event": "start", "t": 0, "format": "cfwidget.session", "client": "AB12",
...      "date": "2024-05-01", "goals": "scanning", "settings": {"cue_start": 1}},
...     {"event": "turn", "t": 8, "turn": 1, "round": 1, "seat": 0, "started": 2,
...      "options": 2, "response": 6, "refused": 0, "cue": 1, "move": "6-4@6-6"},
...     {"event": "turn", "t": 20, "turn": 2, "round": 1, "seat": 0, "started": 10,
...      "options": 1, "response": 10, "refused": 1, "cue": 0, "move": "4-1@6-4"},
...     {"event": "end", "t": 30, "assist": "Supervision", "notes": ""}]
>>> row = summary([SessionLog.from_events(events)]).iloc[0]
>>> keys = ("turns", "accuracy", "no_cue_share", "median_response_s", "time_on_task_s")
>>> [row[k].item() for k in keys]
[2, 0.5, 0.5, 8.0, 30.0]
"""

from __future__ import annotations

import json
import os
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core import SessionError, shown
from .journal import read_journal

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = [
    "TURN_COLUMNS",
    "SessionLog",
    "export_csv",
    "export_json",
    "load_log",
    "progress_chart",
    "summary",
    "turns_frame",
]

TURN_COLUMNS = ("turn", "round", "seat", "started", "options", "response", "refused", "cue", "move")


@dataclass
class SessionLog:
    """One session as its record tells it: who, when, goals, settings, turns, the outcome."""

    client: str
    date: str
    goals: str = ""
    settings: dict[str, Any] = field(default_factory=dict)
    turns: list[dict[str, Any]] = field(default_factory=list)
    assist: str | None = None
    notes: str = ""
    time_on_task: float = 0.0
    ended: bool = False
    problem: str | None = None

    @classmethod
    def from_events(
        cls, events: Sequence[Mapping[str, Any]], problem: str | None = None
    ) -> SessionLog:
        """Read the events of one session (the first must be its ``start``).

        >>> SessionLog.from_events([{"event": "turn", "t": 0}])
        Traceback (most recent call last):
        ...
        cfwidget.SessionError: a session record begins with its 'start' event
        """
        if isinstance(events, (str, bytes)) or not isinstance(events, Sequence):
            raise SessionError(f"a session record is a list of events, got {shown(events)}")
        if not events or not isinstance(events[0], Mapping) or events[0].get("event") != "start":
            raise SessionError("a session record begins with its 'start' event")
        try:
            return cls._read(events, problem)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise SessionError(
                "this session record is damaged: every event needs an 'event' name and a time "
                f"'t' in seconds ({type(exc).__name__}: {exc})"
            ) from None

    @classmethod
    def _read(cls, events: Sequence[Mapping[str, Any]], problem: str | None) -> SessionLog:
        first = events[0]
        log = cls(
            client=str(first.get("client", "")),
            date=str(first.get("date", "")),
            goals=str(first.get("goals", "")),
            settings=dict(first.get("settings", {})),
            problem=problem,
        )
        away = 0.0
        paused_at: float | None = None
        previous = float(first["t"])
        notes: list[str] = []
        for e in events:
            kind = e.get("event")
            t = float(e.get("t", previous))
            if kind == "turn":
                log.turns.append({k: e.get(k) for k in TURN_COLUMNS})
            elif kind == "undo":
                seat = e.get("seat")
                for i in range(len(log.turns) - 1, -1, -1):
                    if log.turns[i]["seat"] == seat:
                        del log.turns[i]
                        break
            elif kind == "pause":
                paused_at = t
            elif kind == "carry_on" and paused_at is not None:
                away += t - paused_at
                paused_at = None
            elif kind == "resumed" and paused_at is None:
                away += t - previous  # the kernel was away
            elif kind == "note":
                notes.append(str(e.get("text", "")))
            elif kind == "end":
                log.ended = True
                log.assist = e.get("assist")
                if e.get("notes"):
                    notes.append(str(e["notes"]))
            previous = t
        end = previous if paused_at is None else paused_at
        log.time_on_task = round(max(0.0, end - float(first["t"]) - away), 3)
        log.notes = "\n".join(n for n in notes if n)
        return log

    def client_turns(self, seat: int = 0) -> list[dict[str, Any]]:
        """The turns of one seat (the client is seat 0)."""
        return [t for t in self.turns if t["seat"] == seat]


def load_log(path: str | os.PathLike[str]) -> SessionLog:
    """Read a session record file; a cut-off last line is noted in ``problem``."""
    read = read_journal(path)
    return SessionLog.from_events(read.events, read.problem)


def _as_log(item: SessionLog | Any) -> SessionLog:
    if isinstance(item, SessionLog):
        return item
    if isinstance(item, (str, os.PathLike)):
        return load_log(item)
    events = getattr(item, "events", None)
    if events is not None:  # a live Session
        return SessionLog.from_events(events)
    raise SessionError(
        f"a report needs a SessionLog, a Session or the path of a session record; got {shown(item)}"
    )


def _figures(log: SessionLog, seat: int) -> dict[str, Any]:
    turns = log.client_turns(seat)
    n = len(turns)
    cues = [int(t["cue"]) for t in turns]
    responses = [float(t["response"]) for t in turns]
    row: dict[str, Any] = {
        "client": log.client,
        "date": log.date,
        "turns": n,
        "accuracy": round(sum(1 for t in turns if not t["refused"]) / n, 3) if n else None,
        "no_cue_share": round(sum(1 for c in cues if c == 0) / n, 3) if n else None,
        "median_response_s": round(statistics.median(responses), 3) if n else None,
        "time_on_task_s": log.time_on_task,
        "refused": sum(int(t["refused"]) for t in turns),
        "mean_cue": round(sum(cues) / n, 3) if n else None,
        "highest_cue": max(cues) if n else None,
    }
    for level in range(5):
        row[f"cue_{level}"] = sum(1 for c in cues if c == level)
    row["assist"] = log.assist
    row["goals"] = log.goals
    return row


def summary(logs: Iterable[SessionLog | Any], seat: int = 0) -> pd.DataFrame:
    """One row per session: turns, accuracy, no-cue share, median response, time on task, cues."""
    import pandas as pd

    rows = [_figures(_as_log(item), seat) for item in logs]
    frame: pd.DataFrame = pd.DataFrame(rows)
    if rows:
        frame = frame.set_index(["client", "date"])
    return frame


def turns_frame(log: SessionLog | Any) -> pd.DataFrame:
    """Every turn of one session as a row (times as seconds on the session clock)."""
    import pandas as pd

    frame: pd.DataFrame = pd.DataFrame(_as_log(log).turns, columns=list(TURN_COLUMNS))
    return frame


def export_csv(log: SessionLog | Any, path: str | os.PathLike[str]) -> Path:
    """Write the turns of one session as CSV (a header row, then one row per turn)."""
    out = Path(path)
    turns_frame(log).to_csv(out, index=False)
    return out


def export_json(log: SessionLog | Any, path: str | os.PathLike[str]) -> Path:
    """Write one session (details, turns and its summary figures) as a JSON document."""
    item = _as_log(log)
    doc = {
        "format": "cfwidget.session-report",
        "client": item.client,
        "date": item.date,
        "goals": item.goals,
        "settings": item.settings,
        "assist": item.assist,
        "notes": item.notes,
        "summary": _figures(item, 0),
        "turns": item.turns,
    }
    out = Path(path)
    out.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return out


def progress_chart(logs: Iterable[SessionLog | Any], seat: int = 0) -> Figure:
    """Two charts across sessions: median response time and mean cue level (lower is better)."""
    from matplotlib.figure import Figure

    table = summary(list(logs), seat).reset_index()
    fig = Figure(figsize=(7, 4.5), layout="constrained")
    ax1, ax2 = fig.subplots(2, 1, sharex=True)
    x = list(range(1, len(table) + 1))
    labels = [str(d) for d in table["date"]] if len(table) else []
    ax1.plot(x, table["median_response_s"] if len(table) else [], marker="o", color="#0072b2")
    ax1.set_ylabel("median response (s)")
    ax1.set_title("Progress across sessions")
    ax2.plot(x, table["mean_cue"] if len(table) else [], marker="s", color="#d55e00")
    ax2.set_ylabel("mean cue level")
    ax2.set_ylim(-0.2, 4.2)
    ax2.set_yticks(range(5))
    ax2.set_xticks(x, labels, rotation=30, ha="right")
    ax2.set_xlabel("session")
    for ax in (ax1, ax2):
        ax.grid(alpha=0.3)
    return fig
