"""Reports from session records: the figures, a summary table, CSV and JSON export, progress.

Reports read the journal's events only (never the engine), so any record, even a
hand-written one, can be summarised. Version 1 records (no ``version`` in the
``start`` event) are read with the fallbacks of version 2 (see :class:`SessionLog`).

The figures of one session, for one person (the client is seat 0):

- *trials*: turns where the person had a tile to choose (a forced draw or pass is
  not a trial; those are counted apart as *forced turns*);
- *accuracy*: trials done right at the first try, over all trials;
- *errors*: attempts that were not allowed; *errors prevented*: the ones errorless
  mode stopped (a tap on a tile that does not fit);
- *cue levels*: how many trials had their right response at each cue level, 0 to 4
  (the level in force at that moment; a trial not completed: the highest it reached),
  the mean, and the highest level any trial reached at any moment;
- *median response*: seconds from a trial's start to its move, pauses left out;
- *time on task*: seconds from start to end, pauses and kernel restarts left out.

The figures count *trials* from the whole history (:mod:`~cfwidget.therapy.trials`):
a turn taken back (undo) stays in the record and in the turn list, marked ``undone``,
and it and the turn that plays the same position again are one trial, whose first try
is the first try made; every error counts; a trial open at the end counts, not
completed. Sessions are always put in
date order (the record's ``date``, then its start time), never file-name order.

>>> events = [
...     {"event": "start", "t": 0, "format": "cfwidget.session", "client": "AB12",
...      "date": "2024-05-01", "goals": "scanning", "settings": {"cue_start": 1}},
...     {"event": "turn", "t": 8, "turn": 1, "round": 1, "seat": 0, "started": 2,
...      "options": 2, "response": 6, "refused": 0, "cue": 1, "move": "6-4@6-6"},
...     {"event": "turn", "t": 20, "turn": 2, "round": 1, "seat": 0, "started": 10,
...      "options": 1, "response": 10, "refused": 1, "cue": 0, "move": "4-1@6-4"},
...     {"event": "turn", "t": 24, "turn": 3, "round": 1, "seat": 0, "started": 21,
...      "options": 1, "response": 3, "refused": 0, "cue": 0, "move": "draw, pass"},
...     {"event": "end", "t": 30, "assist": "Supervision", "notes": ""}]
>>> f = figures(SessionLog.from_events(events))
>>> f.trials, f.forced, f.accuracy, f.errors, f.median_response, f.time_on_task
(2, 1, 0.5, 1, 8.0, 30.0)
"""

from __future__ import annotations

import datetime as _dt
import io
import json
import os
import re
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._shared import shown, whole_in, write_private
from ..core import SeatError
from ._errors import SessionError
from .journal import record_seal
from .sessionlog import NOT_RATED, TURN_COLUMNS, SessionLog, interruption_words, load_log
from .settings import ASSIST_LEVELS, ASSIST_SCALES, CUE_ASSIST_LEVELS, check_client

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

    from .goals import Goal

__all__ = [
    "NOT_RATED",
    "TURN_COLUMNS",
    "Figures",
    "SessionLog",
    "as_log",
    "assist_scale",
    "by_date",
    "check_seat",
    "clock_time",
    "date_labels",
    "device_moment",
    "export_csv",
    "export_json",
    "figures",
    "load_log",
    "load_logs",
    "progress_chart",
    "session_details",
    "summary",
    "turns_frame",
    "up_to",
    "write_private",
]


@dataclass(frozen=True)
class Figures:
    """The figures of one session for one seat (see the module text); ``None``: no trials.

    >>> f = Figures(trials=4, first_try=3, forced=1, errors=2, prevented=1,
    ...             cue_counts=(2, 1, 1, 0, 0), median_response=5.5, time_on_task=300.0)
    >>> f.accuracy, f.turns, f.mean_cue, f.no_cue_share, f.highest_cue
    (0.75, 5, 0.75, 0.5, 2)
    """

    trials: int
    first_try: int
    forced: int
    errors: int
    prevented: int
    cue_counts: tuple[int, ...]  # trials at each cue level of their right response, 0 to 4
    median_response: float | None
    time_on_task: float
    undone: int = 0  # turns taken back (their trials still count, with their first try)
    not_completed: int = 0  # trials open at the end, or taken back and never played again
    peak: int | None = None  # the highest level any trial reached (None: from cue_counts)

    @property
    def turns(self) -> int:
        """Trials and forced turns together."""
        return self.trials + self.forced

    @property
    def accuracy(self) -> float | None:
        """Trials done right at the first try, over all trials (``None``: no trials)."""
        return round(self.first_try / self.trials, 3) if self.trials else None

    @property
    def no_cue_share(self) -> float | None:
        """Trials done with no cue at all (level 0), over all trials."""
        return round(self.cue_counts[0] / self.trials, 3) if self.trials else None

    @property
    def mean_cue(self) -> float | None:
        """The mean cue level of the right responses over trials."""
        total = sum(level * k for level, k in enumerate(self.cue_counts))
        return round(total / self.trials, 3) if self.trials else None

    @property
    def highest_cue(self) -> int | None:
        """The highest cue level any trial reached, at any moment."""
        counted = max((lv for lv, k in enumerate(self.cue_counts) if k), default=None)
        return self.peak if self.peak is not None else counted

    def as_row(self) -> dict[str, Any]:
        """The figures as one flat row (the columns of :func:`summary`)."""
        row: dict[str, Any] = {
            "trials": self.trials,
            "accuracy": self.accuracy,
            "first_try": self.first_try,
            "forced_turns": self.forced,
            "turns": self.turns,
            "no_cue_share": self.no_cue_share,
            "mean_cue": self.mean_cue,
            "highest_cue": self.highest_cue,
        }
        row.update({f"cue_{level}": k for level, k in enumerate(self.cue_counts)})
        row.update(
            median_response_s=self.median_response,
            errors=self.errors,
            errors_prevented=self.prevented,
            undone_turns=self.undone,
            not_completed=self.not_completed,
            time_on_task_s=self.time_on_task,
        )
        return row


def figures(log: SessionLog | Any, seat: int = 0) -> Figures:
    """The figures of one session for one seat (the client is seat 0), from every trial.

    ``log``: a :class:`SessionLog`, a live ``Session`` or the path of a record.

    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-05-01"}])
    >>> figures(log).trials, figures(log).accuracy
    (0, None)
    """
    item = as_log(log)
    every = item.seat_trials(check_seat(seat))
    trials = [t for t in every if t["choice"]]
    counts = [0] * 5
    for t in trials:
        counts[t["cue"]] += 1
    responses = [float(t["seconds"]) for t in trials if t["seconds"] is not None]
    return Figures(
        trials=len(trials),
        first_try=sum(1 for t in trials if t["first_try"]),
        forced=len(every) - len(trials),
        errors=sum(int(t["errors"]) for t in every),
        prevented=sum(int(t["prevented"]) for t in every),
        cue_counts=tuple(counts),
        median_response=round(statistics.median(responses), 3) if responses else None,
        time_on_task=item.time_on_task,
        undone=sum(len(t["undone"]) for t in every),
        not_completed=sum(1 for t in trials if not t["completed"]),
        peak=max((int(t["highest_cue"]) for t in trials), default=None),
    )


#: Clock readings before 2000 are not clock times: hand-written records count from 0.
CLOCK_FROM = 946_684_800.0


def clock_time(seconds: float | None) -> _dt.datetime | None:
    """A record's clock reading as a local date and time (``None``: not a clock time).

    >>> clock_time(30.0) is None, clock_time(1_717_400_000.0).year
    (True, 2024)
    """
    if seconds is None or not seconds >= CLOCK_FROM:
        return None
    return _dt.datetime.fromtimestamp(float(seconds), tz=_dt.timezone.utc).astimezone()


def assist_scale(log: SessionLog) -> str:
    """The scale the session's assist is rated on: ``"cues"`` or ``"fim"``.

    The settings say it; a record made before the scale could be chosen is on the
    FIM-style scale when its rating is a FIM term, else on the cue scale.

    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "date": "x"},
    ...                               {"event": "end", "t": 9, "assist": "Min A"}])
    >>> assist_scale(log)
    'fim'
    """
    chosen = log.settings.get("assist_scale")
    if isinstance(chosen, str) and chosen in ASSIST_SCALES:
        return chosen
    fim = log.assist in ASSIST_LEVELS and log.assist not in CUE_ASSIST_LEVELS
    return "fim" if fim else "cues"


def session_details(log: SessionLog | Any) -> dict[str, Any]:
    """What a signed note carries besides the figures, JSON-ready: the clinician, their
    credentials, the setting, the service codes (each ``""`` when not given), the assist
    scale, the start and end as ISO 8601 local times with their offset (``None``: the
    record has no clock time, or the session was not ended), the clock duration in
    seconds (pauses included), the time on task (pauses left out), and in a remote session
    each time the client's device connected or dropped (``client_device``, each with its
    ``state`` and ``at``, an ISO time; :func:`device_moment`).

    >>> log = SessionLog.from_events([
    ...     {"event": "start", "t": 1_717_400_000, "date": "2024-06-03",
    ...      "settings": {"clinician": "R. Okafor", "delivery": "remote"}},
    ...     {"event": "end", "t": 1_717_402_400}])
    >>> d = session_details(log)
    >>> d["clinician"], d["setting"], d["duration_s"], d["assist_scale"]
    ('R. Okafor', 'remote', 2400.0, 'cues')
    """
    item = as_log(log)
    s = item.settings
    start, end = clock_time(item.started), clock_time(item.finished) if item.ended else None

    def text(key: str) -> str:
        value = s.get(key)
        return " ".join(value.split()) if isinstance(value, str) else ""

    return {
        "clinician": text("clinician"),
        "credentials": text("credentials"),
        "setting": text("delivery"),
        "service_codes": text("service_codes"),
        "assist_scale": assist_scale(item),
        "started_at": start.isoformat(timespec="seconds") if start else None,
        "ended_at": end.isoformat(timespec="seconds") if end else None,
        "duration_s": round(item.finished - item.started, 3) if start and end else None,
        "time_on_task_s": item.time_on_task,
        "client_device": [device_moment(d, item.started) for d in item.devices],
    }


def device_moment(device: Mapping[str, Any], started: float) -> dict[str, Any]:
    """One ``client_device`` line of a record as the JSON document says it: the ``state``
    and the local ISO time (``from_start_s`` when the record has no clock time).

    >>> device_moment({"state": "dropped", "t": 40.0}, 10.0)
    {'state': 'dropped', 'from_start_s': 30.0}
    """
    at = clock_time(float(device["t"]))
    if at is None:
        return {"state": device["state"], "from_start_s": round(float(device["t"]) - started, 3)}
    return {"state": device["state"], "at": at.isoformat(timespec="seconds")}


def load_logs(folder: str | os.PathLike[str], client: str) -> list[SessionLog]:
    """Every session record of one client in ``folder``, in date order.

    Records are the files ``<client>-<YYYY-MM-DD>-<n>.jsonl`` whose ``start`` names
    that client; a missing folder holds none. A damaged record raises
    :class:`~cfwidget.SessionError` naming the file.

    >>> import tempfile
    >>> load_logs(tempfile.mkdtemp(), "AB12")
    []
    """
    code = check_client(client)
    where = Path(folder)
    if not where.is_dir():
        return []
    name = re.compile(rf"{re.escape(code)}-\d{{4}}-\d{{2}}-\d{{2}}-\d+\.jsonl")
    logs = [load_log(p) for p in sorted(where.glob("*.jsonl")) if name.fullmatch(p.name)]
    return by_date(log for log in logs if log.client == code)


def as_log(item: SessionLog | Any) -> SessionLog:
    """A :class:`SessionLog` from a log, a live ``Session`` or a record's path.

    >>> as_log(42)
    Traceback (most recent call last):
    ...
    cfwidget.SessionError: a report needs a SessionLog, a Session or the path ... got 42
    """
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


def _date_key(log: SessionLog) -> tuple[int, str, float]:
    try:
        return (0, _dt.date.fromisoformat(log.date).isoformat(), log.started)
    except ValueError:  # not an ISO date: after the dated sessions, as given
        return (1, log.date, log.started)


def by_date(logs: Iterable[SessionLog | Any]) -> list[SessionLog]:
    """Sessions in date order: the record's ``date``, then its start time (never file names).

    >>> day = lambda d, t: SessionLog.from_events([{"event": "start", "t": t, "date": d}])
    >>> [(s.date, s.started) for s in by_date([day("2024-06-12", 5), day("2024-06-05", 9),
    ...                                         day("2024-06-12", 1)])]
    [('2024-06-05', 9.0), ('2024-06-12', 1.0), ('2024-06-12', 5.0)]
    """
    if isinstance(logs, (str, bytes, os.PathLike, SessionLog)) or not isinstance(logs, Iterable):
        raise SessionError(
            f"give the sessions as a list, like [log] or load_logs(folder, code); got {shown(logs)}"
        )
    return sorted((as_log(item) for item in logs), key=_date_key)


def check_seat(seat: object) -> int:
    """A seat whose figures a report gives: 0 (the client) to 3.

    >>> check_seat(4)
    Traceback (most recent call last):
    ...
    cfwidget.SeatError: a report is for one seat, 0 (the client) to 3; got 4
    """
    if not whole_in(seat, 0, 3):
        raise SeatError(f"a report is for one seat, 0 (the client) to 3; got {shown(seat)}")
    return seat


def _same(a: SessionLog, b: SessionLog) -> bool:
    return (a.client, a.date, a.started) == (b.client, b.date, b.started)


def up_to(log: SessionLog | Any, history: Iterable[SessionLog | Any]) -> list[SessionLog]:
    """The sessions of ``history`` up to ``log`` (by date), then ``log`` itself: what a goal's
    progress was on that session's day. ``history`` may hold ``log`` too; it counts once.

    >>> day = lambda d: SessionLog.from_events([{"event": "start", "t": 0, "date": d}])
    >>> [s.date for s in up_to(day("2024-06-05"), [day(d) for d in ("2024-06-12",
    ...                                                              "2024-06-05", "2024-05-29")])]
    ['2024-05-29', '2024-06-05']
    """
    item = as_log(log)
    key = _date_key(item)
    before = [s for s in by_date(history) if _date_key(s) <= key and not _same(s, item)]
    return [*before, item]


def summary(logs: Iterable[SessionLog | Any], seat: int = 0) -> pd.DataFrame:
    """One row per session, in date order: trials, accuracy, cues, response, errors, time.

    The rows are indexed by client code and date; the columns are those of
    :meth:`Figures.as_row`, then ``assist`` (``None``: not rated), ``ended``, ``goals``.

    >>> def day(date, response):
    ...     return SessionLog.from_events([
    ...         {"event": "start", "t": 0, "client": "AB12", "date": date},
    ...         {"event": "turn", "t": 9, "turn": 1, "round": 1, "seat": 0, "started": 1,
    ...          "options": 2, "response": response, "refused": 0, "cue": 0, "move": "6-4@6-6"}])
    >>> summary([day("2024-06-12", 8.0), day("2024-05-29", 18.0)])["median_response_s"].tolist()
    [18.0, 8.0]
    """
    import pandas as pd

    rows = []
    for log in by_date(logs):
        row: dict[str, Any] = {"client": log.client, "date": log.date}
        row.update(figures(log, seat).as_row())
        row.update(assist=log.assist, ended=log.ended, goals=log.goals)
        rows.append(row)
    frame: pd.DataFrame = pd.DataFrame(rows)
    if rows:
        frame = frame.set_index(["client", "date"])
    return frame


def turns_frame(log: SessionLog | Any) -> pd.DataFrame:
    """Every turn of one session as a row, undone turns included and marked ``undone``.

    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-05-01"}])
    >>> list(turns_frame(log).columns) == list(TURN_COLUMNS)
    True
    """
    import pandas as pd

    frame: pd.DataFrame = pd.DataFrame(as_log(log).turn_rows(), columns=list(TURN_COLUMNS))
    return frame


def export_csv(log: SessionLog | Any, path: str | os.PathLike[str]) -> Path:
    """Write every turn of one session as CSV: a header row of ``client``, ``date`` and
    :data:`TURN_COLUMNS`, then one row per turn (undone turns marked), the client code and
    date on every row and ``started`` in ISO 8601 local time with its offset. The file is
    readable only by its owner.

    >>> import tempfile, pathlib
    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-05-01"}])
    >>> export_csv(log, pathlib.Path(tempfile.mkdtemp()) / "t.csv").read_text()[:22]
    'client,date,turn,round'
    """
    from .datasheet import iso_time  # the data sheet's helpers build on these reports

    item = as_log(log)
    frame = turns_frame(item)
    frame["started"] = [iso_time(t) for t in frame["started"]]
    frame.insert(0, "date", item.date)
    frame.insert(0, "client", item.client)
    buffer = io.StringIO()
    frame.to_csv(buffer, index=False)
    return write_private(path, buffer.getvalue())


def export_json(
    log: SessionLog | Any,
    path: str | os.PathLike[str],
    *,
    goals: Sequence[Goal] = (),
    history: Iterable[SessionLog | Any] = (),
    seat: int = 0,
) -> Path:
    """Write one session as a JSON document for a records system: its details (the
    clinician, setting, clock times and duration: :func:`session_details`), the seal of its
    record when it has ended (``record_seal``: :func:`~cfwidget.therapy.journal.record_seal`,
    for a session or a record's path), settings, interruptions (crash and Resume, in ISO 8601
    and in words), figures, assist level, notes, plan, turns (those without a turn line too),
    the trial table, the right responses by cue,
    the SOAP sections (:mod:`~cfwidget.therapy.datasheet`) and, given ``goals``, their
    progress up to this session (``history``: the client's other sessions). Readable only by
    its owner.

    >>> import tempfile, pathlib
    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "client": "AB12",
    ...                                "date": "2024-05-01"}])
    >>> out = export_json(log, pathlib.Path(tempfile.mkdtemp()) / "s.json")
    >>> doc = json.loads(out.read_text())
    >>> doc["format"], doc["assist"], doc["figures"]["trials"]
    ('cfwidget.session-report', 'not rated', 0)
    """
    from .datasheet import iso_time, level_totals_words, soap, trial_table  # built on these
    from .goals import goal_progress  # goals are measured on top of these reports
    from .summary_html import settings_in_words

    item = as_log(log)
    progress = [goal_progress(g, up_to(item, history), seat) for g in goals]
    record = log if isinstance(log, (str, os.PathLike)) else getattr(log, "path", None)
    # A finished record is sealed here: a line deleted from its end later is then named.
    seal = record_seal(record) if item.ended and record is not None else None
    doc = {
        "format": "cfwidget.session-report",
        "version": 2,
        "client": item.client,
        "date": item.date,
        "record": item.source,
        "record_version": item.version,
        "details": session_details(item),
        "record_seal": seal,
        "ended": item.ended,
        "problem": item.problem,
        "interruptions": [
            {
                **i,
                "interrupted_at": iso_time(i["interrupted_at"]),
                "resumed_at": iso_time(i["resumed_at"]),
                "in_words": interruption_words(i),
            }
            for i in item.interruptions
        ],
        "goals_text": item.goals,
        "settings": item.settings,
        "settings_in_words": settings_in_words(item.settings),
        "assist": item.assist if item.assist is not None else NOT_RATED,
        "notes": item.notes,
        "plan": item.plan,
        "figures": figures(item, seat).as_row(),
        "goals": [p.to_dict() for p in progress],
        "turns": item.turn_rows(),
        "trials": trial_table(item, seat),
        "right_by_cue": level_totals_words(item, seat),
        "soap": soap(item, seat),
    }
    return write_private(path, json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


def date_labels(logs: Sequence[SessionLog]) -> list[str]:
    """Each session's date, numbered when a day holds more than one: ``2024-06-03 (2)``.

    >>> day = lambda d: SessionLog.from_events([{"event": "start", "t": 0, "date": d}])
    >>> date_labels([day("2024-06-03"), day("2024-06-03"), day("2024-06-10")])
    ['2024-06-03 (1)', '2024-06-03 (2)', '2024-06-10']
    """
    labels = []
    for i, log in enumerate(logs):
        earlier = sum(1 for s in logs[:i] if s.date == log.date)
        alone = earlier == 0 and all(s.date != log.date for s in logs[i + 1 :])
        labels.append(log.date if alone else f"{log.date} ({earlier + 1})")
    return labels


def progress_chart(logs: Iterable[SessionLog | Any], seat: int = 0) -> Figure:
    """Two charts across sessions in date order: median response time and mean cue level
    over trials (lower is better).

    >>> def day(date, response):
    ...     return SessionLog.from_events([
    ...         {"event": "start", "t": 0, "client": "AB12", "date": date},
    ...         {"event": "turn", "t": 9, "turn": 1, "round": 1, "seat": 0, "started": 1,
    ...          "options": 2, "response": response, "refused": 0, "cue": 0, "move": "6-4@6-6"}])
    >>> top, bottom = progress_chart([day("2024-06-12", 8.0), day("2024-05-29", 18.0)]).axes
    >>> [float(y) for y in top.lines[0].get_ydata()]
    [18.0, 8.0]
    """
    from matplotlib.figure import Figure

    ordered = by_date(logs)
    stats = [figures(log, seat) for log in ordered]
    nan = float("nan")
    fig = Figure(figsize=(7, 4.5), layout="constrained")
    ax1, ax2 = fig.subplots(2, 1, sharex=True)
    x = list(range(1, len(ordered) + 1))
    responses = [s.median_response if s.median_response is not None else nan for s in stats]
    cues = [s.mean_cue if s.mean_cue is not None else nan for s in stats]
    ax1.plot(x, responses, marker="o", color="#0072b2")
    ax1.set_ylabel("median response (s)")
    ax1.set_title("Progress across sessions")
    ax2.plot(x, cues, marker="s", color="#d55e00")
    ax2.set_ylabel("mean cue level")
    ax2.set_ylim(-0.2, 4.2)
    ax2.set_yticks(range(5))
    ax2.set_xticks(x, date_labels(ordered), rotation=30, ha="right")
    ax2.set_xlabel("session")
    for ax in (ax1, ax2):
        ax.grid(alpha=0.3)
    return fig
