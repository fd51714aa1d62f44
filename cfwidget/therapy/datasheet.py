"""The data sheet clinicians keep: trial by trial, totals per cue level, SOAP notes, exports.

The trial table has one row per trial (:mod:`~cfwidget.therapy.trials`): its number,
``+`` (right at the first try) or ``-``, the cue level at which the right response came
(the level in force at that moment), the highest level the trial reached, the tries, the
errors and the seconds to respond. A trial not completed (open at the end, or taken back
and not played again) shows no seconds, and its cue is the highest it reached; a trial
with a turn taken back is marked. A forced turn (a draw or a pass, no tile to choose) is
not a trial, but one with an error, or one left open at the end with a try, is a row
too (``forced``, no number, no +/-), so every error of the session is in a row.

**Assist in clinicians' terms.** The cue levels map to the terms of a clinical note
(:data:`ASSIST_TERMS`):

====== ============================================== ==================
level  what the client saw                            clinicians' term
====== ============================================== ==================
0      no help                                        independent
1      a general prompt ("Look at the ends")          minimal cues
2      the number to look for, its ends ringed        moderate cues
3      the tiles that fit, lifted                     maximal cues
4      the move shown and placed together             maximal cues
====== ============================================== ==================

Levels 3 and 4 are both *maximal*: at 3 the answer is shown among few choices, at 4 the
move itself is modelled.

**SOAP.** :func:`soap` sorts the therapist's notes into Subjective, Assessment and Plan:
lines of the notes that begin ``S:``, ``A:`` or ``P:`` (or ``Subjective:``, ...) go to
that section, other lines of the notes to Subjective (what was observed of the client),
and the plan field to Plan. Objective is written from the data (:func:`objective`).
A section with nothing in it is left as a headed blank to fill in by hand.

>>> from cfwidget.therapy.sessionlog import SessionLog
>>> log = SessionLog.from_events([
...     {"event": "start", "n": 1, "t": 0, "client": "AB12", "date": "2024-06-03"},
...     {"event": "turn", "n": 2, "t": 9, "turn": 1, "round": 1, "seat": 0, "started": 1,
...      "options": 3, "response": 8, "refused": 0, "cue": 0, "move": "6-4@6-6"},
...     {"event": "turn", "n": 3, "t": 20, "turn": 2, "round": 1, "seat": 0, "started": 10,
...      "options": 2, "response": 6.5, "refused": 1, "cue": 2, "move": "4-2@6-4"}])
>>> [(r["trial"], r["mark"], r["cue"], r["tries"], r["seconds"]) for r in trial_table(log)]
[(1, '+', 0, 1, 8.0), (2, '-', 2, 2, 6.5)]
>>> level_totals_words(log)
'independent 1/2, with the number to look for 1/2'
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import json
import os
import re
from pathlib import Path
from typing import Any

from .._shared import write_private
from .report import SessionLog, as_log, check_seat, figures

__all__ = [
    "ASSIST_TERMS",
    "LEVEL_WORDS",
    "TRIAL_COLUMNS",
    "export_deidentified",
    "export_trials_csv",
    "iso_time",
    "level_totals",
    "level_totals_words",
    "objective",
    "soap",
    "trial_table",
]

#: Each cue level in the terms clinicians write (see the module text).
ASSIST_TERMS = ("independent", "minimal cues", "moderate cues", "maximal cues", "maximal cues")
#: Each cue level as the totals name it: "independent 4/10, with a general prompt 3/10".
LEVEL_WORDS = (
    "independent",
    "with a general prompt",
    "with the number to look for",
    "with the tiles that fit shown",
    "with the move shown and placed together",
)
#: The columns of the trials CSV.
TRIAL_COLUMNS = (
    "client",
    "date",
    "trial",
    "result",
    "cue_level",
    "highest_cue",
    "assist",
    "tries",
    "errors",
    "seconds",
    "started",
    "completed",
    "turns",
    "undone_turns",
)


def iso_time(seconds: float | None) -> str:
    """Clock seconds as an ISO 8601 local time with its offset ("" for none).

    >>> iso_time(None)
    ''
    >>> _dt.datetime.fromisoformat(iso_time(1717400000.0)).timestamp()
    1717400000.0
    """
    if seconds is None:
        return ""
    when = _dt.datetime.fromtimestamp(float(seconds), tz=_dt.timezone.utc).astimezone()
    return when.isoformat(timespec="seconds")


def trial_table(log: SessionLog | Any, seat: int = 0) -> list[dict[str, Any]]:
    """One row per trial, and per forced turn with an error or left open with a try:
    ``trial`` (``None`` for a forced turn), ``mark`` (+, - or ``forced``), ``forced``,
    ``cue``, ``highest_cue``, ``assist``, ``tries``, ``errors``, ``seconds``,
    ``completed``, ``undone``, ``turns``, ``started``.

    >>> from cfwidget.therapy.sessionlog import SessionLog
    >>> trial_table(SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-06-03"}]))
    []
    """
    rows: list[dict[str, Any]] = []
    number = 0
    for t in as_log(log).seat_trials(check_seat(seat)):
        forced = not t["choice"]
        if forced and not t["errors"] and t["completed"]:
            continue  # a forced draw or pass done without an error: nothing to chart
        number += not forced
        rows.append(
            {
                "trial": None if forced else number,
                "mark": "forced" if forced else "+" if t["first_try"] else "-",
                "forced": forced,
                "cue": t["cue"],
                "highest_cue": t["highest_cue"],
                "assist": "" if forced else ASSIST_TERMS[t["cue"]],  # no response to credit
                "tries": t["tries"],
                "errors": t["errors"],
                "seconds": t["seconds"],
                "completed": t["completed"],
                "undone": list(t["undone"]),
                "turns": list(t["turns"]),
                "started": t["started"],
            }
        )
    return rows


def level_totals(log: SessionLog | Any, seat: int = 0) -> tuple[list[int], int, int]:
    """``(right_at_level, not_completed, trials)``: trials whose right response came at each
    cue level 0 to 4, trials never completed, and all trials.

    >>> from cfwidget.therapy.sessionlog import SessionLog
    >>> level_totals(SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-06-03"}]))
    ([0, 0, 0, 0, 0], 0, 0)
    """
    counts = [0] * len(LEVEL_WORDS)
    missing = 0
    rows = [r for r in trial_table(log, seat) if not r["forced"]]
    for row in rows:
        if row["completed"]:
            counts[row["cue"]] += 1
        else:
            missing += 1
    return counts, missing, len(rows)


def level_totals_words(log: SessionLog | Any, seat: int = 0) -> str:
    """The totals per cue level as a clinician writes them ("no trials" when none).

    >>> from cfwidget.therapy.sessionlog import SessionLog
    >>> level_totals_words(SessionLog.from_events([{"event": "start", "t": 0, "date": "x"}]))
    'no trials'
    """
    counts, missing, total = level_totals(log, seat)
    if not total:
        return "no trials"
    parts = [f"{LEVEL_WORDS[i]} {k}/{total}" for i, k in enumerate(counts) if k]
    if missing:
        parts.append(f"not completed {missing}/{total}")
    return ", ".join(parts)


def objective(log: SessionLog | Any, seat: int = 0) -> str:
    """The Objective section, written from the data alone.

    >>> from cfwidget.therapy.sessionlog import SessionLog
    >>> objective(SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-06-03"}]))
    'No trials were recorded.'
    """
    item = as_log(log)
    f = figures(item, seat)
    if not f.trials:
        return "No trials were recorded."
    counts, _, total = level_totals(item, seat)
    mean = f.mean_cue if f.mean_cue is not None else 0.0
    return (
        f"Matched a tile to an open end in {f.first_try}/{f.trials} trials at the first try "
        f"({100 * f.first_try // f.trials}%). Right responses by cue: "
        f"{level_totals_words(item, seat)}; independent in {100 * counts[0] // total}% of "
        f"trials, {ASSIST_TERMS[round(mean)]} on average (mean cue level {mean:.1f})."
    )


_HEAD = re.compile(r"^\s*(S|A|P|Subjective|Assessment|Plan)\s*:\s*", re.IGNORECASE)


def soap(log: SessionLog | Any, seat: int = 0) -> dict[str, str]:
    """The SOAP sections (``S``, ``O``, ``A``, ``P``) as text; "" leaves a headed blank.

    >>> from cfwidget.therapy.sessionlog import SessionLog
    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-06-03"},
    ...     {"event": "end", "t": 9, "notes": "calm\\nA: scanning improved", "plan": "fade to 1"}])
    >>> s = soap(log); s["S"], s["A"], s["P"]
    ('calm', 'scanning improved', 'fade to 1')
    """
    item = as_log(log)
    sections: dict[str, list[str]] = {"S": [], "A": [], "P": []}
    for line in item.notes.splitlines():
        found = _HEAD.match(line)
        key = found.group(1)[0].upper() if found else "S"
        text = line[found.end() :] if found else line
        if text.strip():
            sections[key].append(text.strip())
    if item.plan.strip():
        sections["P"].append(item.plan.strip())
    return {
        "S": "\n".join(sections["S"]),
        "O": objective(item, seat),
        "A": "\n".join(sections["A"]),
        "P": "\n".join(sections["P"]),
    }


def export_trials_csv(log: SessionLog | Any, path: str | os.PathLike[str], seat: int = 0) -> Path:
    """Write the trial table as CSV (columns :data:`TRIAL_COLUMNS`: the client code and the
    date on every row, times in ISO 8601; a forced turn's row has no trial number and the
    result ``forced``); readable only by its owner.

    >>> import tempfile, pathlib
    >>> from cfwidget.therapy.sessionlog import SessionLog
    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-05-01"}])
    >>> export_trials_csv(log, pathlib.Path(tempfile.mkdtemp()) / "t.csv").read_text()[:18]
    'client,date,trial,'
    """
    item = as_log(log)
    buffer = io.StringIO()
    out = csv.writer(buffer, lineterminator="\n")
    out.writerow(TRIAL_COLUMNS)
    for row in trial_table(item, seat):
        out.writerow(
            [
                item.client,
                item.date,
                "" if row["trial"] is None else row["trial"],
                row["mark"],
                row["cue"],
                row["highest_cue"],
                row["assist"],
                row["tries"],
                row["errors"],
                "" if row["seconds"] is None else f"{row['seconds']:g}",
                iso_time(row["started"]),
                row["completed"],
                " ".join(str(n) for n in row["turns"]),
                " ".join(str(n) for n in row["undone"]),
            ]
        )
    return write_private(path, buffer.getvalue())


def export_deidentified(log: SessionLog | Any, path: str | os.PathLike[str], seat: int = 0) -> Path:
    """Write the session for supervision or research with nothing that identifies anyone:
    no client code, no dates or clock times, no notes, no plan, no goal text, no record
    name, no clinician, credentials or service codes, no deal seed. Times are seconds from
    the session's start. Readable only by its owner.

    >>> import tempfile, pathlib
    >>> from cfwidget.therapy.sessionlog import SessionLog
    >>> log = SessionLog.from_events([{"event": "start", "t": 5, "client": "AB12",
    ...     "date": "2024-05-01"}, {"event": "end", "t": 9, "notes": "calm", "plan": "x"}])
    >>> text = export_deidentified(log, pathlib.Path(tempfile.mkdtemp()) / "d.json").read_text()
    >>> any(word in text for word in ("AB12", "2024", "calm"))
    False
    """
    item = as_log(log)
    f = figures(item, seat)
    settings = {k: v for k, v in item.settings.items() if k not in _NOT_SHARED}
    counts, missing, total = level_totals(item, seat)
    doc = {
        "format": "cfwidget.session-deidentified",
        "version": 1,
        "settings": settings,
        "figures": f.as_row(),
        "right_by_cue_level": dict(zip(ASSIST_LEVEL_KEYS, counts, strict=True)),
        "not_completed": missing,
        "trials_total": total,
        "interruptions": [
            {
                "from_start_s": round(float(i["interrupted_at"]) - item.started, 3),
                "away_s": i["away_s"],
                "tries_lost": i["tries_lost"],
            }
            for i in item.interruptions
        ],
        "trials": [
            {
                "trial": row["trial"],
                "result": row["mark"],
                "cue_level": row["cue"],
                "highest_cue_level": row["highest_cue"],
                "assist": row["assist"],
                "tries": row["tries"],
                "errors": row["errors"],
                "seconds": row["seconds"],
                "from_start_s": round(float(row["started"]) - item.started, 3),
                "completed": row["completed"],
                "undone_turns": len(row["undone"]),
            }
            for row in trial_table(item, seat)
        ],
    }
    return write_private(path, json.dumps(doc, indent=2) + "\n")


ASSIST_LEVEL_KEYS = tuple(f"level_{i}" for i in range(len(LEVEL_WORDS)))
# Settings a de-identified copy leaves out: who gave the session, the clinic's codes, the deal.
_NOT_SHARED = frozenset({"seed", "clinician", "credentials", "service_codes"})
