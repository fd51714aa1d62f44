"""A one-page session summary in plain language, as HTML to print or hand over.

Laid out as a signed clinical note: the session's details (client code, date, the
clinician and their credentials, the setting, start and end clock times and duration, the
clinic's service codes); then SOAP notes (:mod:`~cfwidget.therapy.datasheet`): what was
done; Subjective (the therapist's notes); Objective (the figures and the trial-by-trial
table, from the data, with the cue levels' assist terms stated once); Assessment (note
lines marked ``A:`` and the assist level, on the one scale the clinician chose); Plan;
each goal with its baseline (or "baseline not yet established") and a small chart; and
a signature and date line. A field or section with nothing given is a line or a headed
blank to fill in by hand. The page is self-contained (no scripts, no links to load,
every text escaped), names the client by code only, and prints on one A4 or Letter page.

>>> from cfwidget.therapy.report import SessionLog
>>> log = SessionLog.from_events([
...     {"event": "start", "t": 0, "client": "AB12", "date": "2024-06-03",
...      "settings": {"max_pip": 6, "bots": 1}},
...     {"event": "end", "t": 600, "assist": None, "notes": "<b>calm</b>", "plan": ""}])
>>> page = session_summary_html(log)
>>> "Monday 3 June 2024" in page, "&lt;b&gt;calm&lt;/b&gt;" in page, "<script" in page
(True, True, False)
"""

from __future__ import annotations

import datetime as _dt
import html
import os
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._shared import is_whole, plural, write_private
from .datasheet import ASSIST_TERMS, level_totals_words, soap
from .report import (
    NOT_RATED,
    Figures,
    SessionLog,
    as_log,
    clock_time,
    figures,
    session_details,
    up_to,
)
from .sessionlog import interruption_words
from .settings import CUE_LEVELS
from .sheet_html import SHEET_CSS, goal_chart_svg, trial_tables_html

if TYPE_CHECKING:
    from .goals import Goal

__all__ = [
    "date_in_words",
    "duration",
    "session_summary_html",
    "settings_in_words",
    "write_summary",
]

_CSS = """
@page { size: auto; margin: 8mm 12mm; }
* { box-sizing: border-box; }
html { font: 10.5pt/1.38 "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #111; }
body { max-width: 180mm; margin: 8mm auto; padding: 0 4mm; background: #fff; }
h1 { font-size: 1.4em; margin: 0 0 0.2em; }
h2 { font-size: 1.05em; margin: 0.9em 0 0.25em; padding-bottom: 0.1em;
  border-bottom: 1px solid #888; }
p, ul { margin: 0.2em 0; }
ul { padding-left: 1.4em; }
.who { color: #333; }
.who b { color: #111; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { text-align: left; vertical-align: top; padding: 0.1em 0.4em; border-bottom: 1px solid #ddd;
  overflow-wrap: anywhere; }
th { width: 31%; font-weight: 600; }
.notes { white-space: pre-wrap; overflow-wrap: anywhere; }
.quiet { color: #444; font-size: 0.88em; }
footer { margin-top: 0.8em; }
.details th { width: 14%; }
.details td { width: 36%; }
.fill { display: inline-block; min-width: 40mm; border-bottom: 1px solid #555; }
.sign { display: flex; gap: 6mm; margin-top: 0.4em; }
.sign > div { flex: 1 1 0; }
.sign .line { border-bottom: 1px solid #111; height: 7mm; }
.sign .date { flex: 0 0 40mm; }
@media print {
  html { font-size: 9.2pt; line-height: 1.28; }
  body { max-width: none; margin: 0; padding: 0; }
  h1 { font-size: 1.3em; }
  h2 { break-after: avoid; margin: 0.4em 0 0.1em; }
  th, td { padding-top: 0; padding-bottom: 0; }
  tr, li { break-inside: avoid; }
}
"""


_DIRECTION = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _e(text: object) -> str:
    """Escaped text; control characters (but line breaks and tabs) and direction overrides
    left out, so no text can reorder or hide the words around it."""
    kept = "".join(
        ch
        for ch in str(text)
        if ch in "\n\t" or (unicodedata.category(ch) != "Cc" and ch not in _DIRECTION)
    )
    return html.escape(kept, quote=True)


def date_in_words(date: str) -> str:
    """An ISO date as people write it; other text is kept as it is.

    >>> date_in_words("2024-06-03"), date_in_words("last week")
    ('Monday 3 June 2024', 'last week')
    """
    try:
        d = _dt.date.fromisoformat(date)
    except ValueError:
        return date
    return f"{d:%A} {d.day} {d:%B %Y}"


def duration(seconds: float) -> str:
    """Seconds in words: ``45 s``, ``12 min 05 s``, ``1 h 02 min``.

    >>> duration(45.4), duration(725), duration(3720)
    ('45 s', '12 min 05 s', '1 h 02 min')
    """
    s = round(seconds)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


def _seconds(value: object) -> str:
    return f"{value:g}" if isinstance(value, (int, float)) else str(value)


def _number(value: object, default: int | None = None) -> int | None:
    return value if is_whole(value) else default


def settings_in_words(settings: Mapping[str, Any]) -> list[str]:
    """The session's settings as sentences a colleague can read (plain text; settings it
    does not know are left out).

    >>> for line in settings_in_words({"max_pip": 6, "bots": 1, "pace": "click", "seed": 4,
    ...                                "display": "pips", "large": True, "errorless": True,
    ...                                "cue_start": 0, "cue_wait": 20, "fade_every": 0}):
    ...     print(line)
    A double-6 set, hands of the usual size; the client and 1 computer player (waiting for Next).
    Tiles shown with pips, large; deal number 4 (the same number deals the same tiles again).
    Errorless mode on: only tiles that fit could be picked; a tap on another tile was stopped and counted as an error prevented.
    Each turn started with no cue; the cue rose one level after 20 s without a move or after an error; the starting level stayed the same (no fading).
    """  # noqa: E501
    s = dict(settings) if isinstance(settings, Mapping) else {}
    out = []
    if "max_pip" in s or "bots" in s or "second_person" in s:
        hand = _number(s.get("hand_size"))
        sizes = f"hands of {hand} tiles" if hand else "hands of the usual size"
        bots = _number(s.get("bots"), 0) or 0
        people = ["the client", *(["a second person"] if s.get("second_person") is True else [])]
        if bots:
            pace = s.get("pace")
            if pace == "click":
                how = " (waiting for Next)"
            else:
                how = f" (moving every {_seconds(pace)} s)" if pace is not None else ""
            people.append(plural(bots, "computer player") + how)
        table = people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]
        if "max_pip" in s:
            out.append(f"A double-{s['max_pip']} set, {sizes}; {table}.")
        else:
            out.append(f"{sizes.capitalize()}; {table}.")
    look = []
    if "display" in s:
        shown_as = {"pips": "pips", "numerals": "numerals", "colour": "coloured pips"}
        size = ", large" if s.get("large") is True else ""
        look.append(f"Tiles shown with {shown_as.get(str(s['display']), str(s['display']))}{size}")
    look += [
        *(["a sound at the client's turn"] if s.get("sound") is True else []),
        *(["prompts read aloud"] if s.get("speech") is True else []),
    ]
    if _number(s.get("seed")) is not None:
        look.append(f"deal number {s['seed']} (the same number deals the same tiles again)")
    if look:
        out.append("; ".join(look)[:1].upper() + "; ".join(look)[1:] + ".")
    if "errorless" in s:
        out.append(
            "Errorless mode on: only tiles that fit could be picked; a tap on another tile was "
            "stopped and counted as an error prevented."
            if s["errorless"] is True
            else "Errorless mode off: a tile that does not fit could be tried; it was refused "
            "and counted as an error."
        )
    start = _number(s.get("cue_start"))
    if start is not None and 0 <= start < len(CUE_LEVELS):
        first = "no cue" if start == 0 else f"cue level {start} ({CUE_LEVELS[start].lower()})"
        wait = s.get("cue_wait")
        rise = (
            f" after {_seconds(wait)} s without a move or" if isinstance(wait, (int, float)) else ""
        )
        cues = f"Each turn started with {first}; the cue rose one level{rise} after an error"
        fade = _number(s.get("fade_every"))
        if fade == 0:
            cues += "; the starting level stayed the same (no fading)"
        elif fade is not None:
            cues += (
                f"; the starting level dropped by one after {plural(fade, 'turn')} in a row "
                "without more help, and rose by one after as many in a row that needed more"
            )
        out.append(cues + ".")
    return out


def _cue_words(log: SessionLog, f: Figures, seat: int) -> str:
    if not f.trials or f.mean_cue is None:
        return "no trials"
    term = ASSIST_TERMS[round(f.mean_cue)]
    return f"{level_totals_words(log, seat)}; {term} on average (mean cue level {f.mean_cue:.1f})"


def _response_words(log: SessionLog, f: Figures, seat: int) -> str:
    times = sorted(
        float(t["seconds"])
        for t in log.seat_trials(seat)
        if t["choice"] and t["seconds"] is not None
    )
    if f.median_response is None or not times:
        return "no trials"
    spread = f" (fastest {times[0]:.1f} s, slowest {times[-1]:.1f} s)" if len(times) > 1 else ""
    return f"{f.median_response:.1f} s{spread}"


def _percent(part: int, whole: int) -> str:
    return f"{100 * part // whole}% ({part} of {whole})"  # rounded down: 79.6% is not 80%


def _figure_rows(log: SessionLog, f: Figures, seat: int) -> list[tuple[str, str]]:
    undone = [t for t in log.turn_rows() if t["seat"] == seat and t["undone"]]
    rows = [
        ("Trials (a tile to choose)", str(f.trials)),
        (
            "Accuracy (right at the first try)",
            _percent(f.first_try, f.trials) if f.trials else "no trials",
        ),
        ("Right responses by cue (assist)", _cue_words(log, f, seat)),
        ("Response time (median over trials)", _response_words(log, f, seat)),
        (
            "Errors (tries not allowed)",
            f"{f.errors}, of which {f.prevented} stopped by errorless mode (errors prevented)"
            if f.prevented
            else f"{f.errors}",
        ),
        ("Forced turns (draw or pass, no choice)", f"{f.forced}, not counted as trials"),
    ]
    if f.not_completed:
        rows.insert(
            2,
            (
                "Trials not completed",
                f"{f.not_completed} (open at the end, or taken back and not played again); "
                "counted above, with their tries",
            ),
        )
    if undone:
        again: dict[int, int] = {}  # an undone turn -> the turn that played it again
        for trial in log.seat_trials(seat):
            for a, b in zip(trial["turns"], trial["turns"][1:], strict=False):
                again[a] = b
        if len(undone) <= 2:
            listed = ", ".join(
                f"turn {t['turn']} ({t['move']}"
                + (f"; played again as turn {again[t['turn']]}" if t["turn"] in again else "")
                + ")"
                for t in undone
            )
        else:  # many: the trial table marks them; the numbers are enough here
            gone = [t["turn"] for t in undone]
            listed = "turns " + ", ".join(str(n) for n in gone)
            replayed = [str(again[n]) for n in gone if n in again]
            if replayed:
                listed += f" (played again as {', '.join(replayed)})"
        rows.append(
            ("Turns taken back (undo)", f"{len(undone)}: {listed}; their first tries still count")
        )
    else:
        rows.append(("Turns taken back (undo)", "none"))
    return rows


_BLANK = '<span class="fill">&nbsp;</span>'
_SETTING_WORDS = {"in person": "In person", "remote": "Remote (telehealth)"}


def _filled(text: str) -> str:
    """The text, escaped, or a line to write on."""
    return _e(text) if text else _BLANK


def _clock_words(log: SessionLog) -> str:
    """Start and end clock times (HTML): ``10:02 to 10:41 UTC``; a line when not ended."""
    start = clock_time(log.started)
    if start is None:
        return f"{_BLANK} to {_BLANK} (the record has no clock times)"
    end = clock_time(log.finished) or start
    zone = f" {_e(start.tzname())}" if start.tzname() else ""
    if not log.ended:
        return f"{start:%H:%M} to {_BLANK} (not ended; last recorded at {end:%H:%M}{zone})"
    later = "" if end.date() == start.date() else f" on {end.day} {end:%B}"
    return f"{start:%H:%M} to {end:%H:%M}{later}{zone}"


def _device_words(log: SessionLog) -> str:
    """When the client's own device connected and dropped (a remote session), as a short
    clause after the setting (HTML); "" when the record says nothing of a device.

    >>> from cfwidget.therapy.sessionlog import SessionLog
    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-06-03"},
    ...     {"event": "client_device", "t": 65, "state": "connected"},
    ...     {"event": "client_device", "t": 600, "state": "dropped"}])
    >>> _device_words(log)
    "; the client's screen connected 1 min 05 s in, dropped 10 min 00 s in"
    """
    said = []
    for d in log.devices:
        at = clock_time(float(d["t"]))
        when = f"at {at:%H:%M}" if at is not None else f"{duration(float(d['t']) - log.started)} in"
        said.append(f"{_e(str(d['state']))} {when}")
    return f"; the client's screen {', '.join(said)}" if said else ""


def _details_html(log: SessionLog, f: Figures) -> str:
    """The note's details, two to a row: who, when, where, how long, the clinic's codes."""
    d = session_details(log)
    clock = _BLANK if d["duration_s"] is None else duration(d["duration_s"])
    length = f"{clock} (on task {duration(f.time_on_task)})"
    pairs = [
        ("Client code", f"<b>{_e(log.client)}</b>"),
        ("Date", _e(date_in_words(log.date))),
        ("Clinician", _filled(d["clinician"])),
        ("Credentials", _filled(d["credentials"])),
        ("Setting", _filled(_SETTING_WORDS.get(d["setting"], d["setting"])) + _device_words(log)),
        ("Start and end", _clock_words(log)),
        ("Duration", length),
        ("Service codes", _filled(d["service_codes"])),
    ]
    rows = [
        "<tr>" + "".join(f"<th>{k}</th><td>{v}</td>" for k, v in pairs[i : i + 2]) + "</tr>"
        for i in range(0, len(pairs), 2)
    ]
    return f'<table class="details"><tbody>{"".join(rows)}</tbody></table>'


def _scale_words() -> str:
    """The cue levels and the assist terms they stand for, said once on the page.

    >>> _scale_words()
    'Cue levels and assist: 0 independent; 1 minimal cues; 2 moderate cues; 3 and 4 maximal cues.'
    """
    levels: dict[str, list[str]] = {}
    for level, term in enumerate(ASSIST_TERMS):
        levels.setdefault(term, []).append(str(level))
    said = "; ".join(f"{' and '.join(numbers)} {term}" for term, numbers in levels.items())
    return f"Cue levels and assist: {said}."


def _assist_html(log: SessionLog) -> str:
    """The clinician's rating, on the one scale chosen for the session."""
    scale = session_details(log)["assist_scale"]
    rated = _e(log.assist) if log.assist else f"{NOT_RATED} {_BLANK}"
    if scale == "fim":
        how = "the clinician's rating on the FIM-style scale chosen for this session"
    else:
        how = "the clinician's rating on the cue scale above"
    return f"<p><b>Assist level</b> {rated} ({how})</p>"


def _signature_html(log: SessionLog) -> str:
    """The signature and date line, the clinician's name and credentials under it."""
    d = session_details(log)
    who = ", ".join(x for x in (d["clinician"], d["credentials"]) if x)
    return (
        '<div class="sign"><div><div class="line"></div>'
        f"Signature of the clinician{f': {_e(who)}' if who else ' (name and credentials)'}"
        '</div><div class="date"><div class="line"></div>Date</div></div>'
    )


def _section(title: str, text: str, missing: str) -> str:
    """A SOAP section: its text, or a headed blank to fill in by hand."""
    if text.strip():
        return f'<section><h2>{title}</h2><p class="notes">{_e(text.strip())}</p></section>'
    return (
        f"<section><h2>{title}</h2><p>{missing}: space to fill in by hand.</p>"
        '<div class="blank"></div></section>'
    )


def session_summary_html(
    log: SessionLog | Any,
    *,
    goals: Sequence[Goal] = (),
    history: Iterable[SessionLog | Any] = (),
    seat: int = 0,
) -> str:
    """The session's one-page summary as a complete HTML document.

    ``log``: a :class:`~cfwidget.therapy.report.SessionLog`, a live session or a
    record's path. ``goals``: the client's goals, measured on the sessions of
    ``history`` up to this one and on this one (``history`` may include it).
    ``seat``: whose figures (the client is seat 0).

    >>> from cfwidget.therapy.goals import Goal
    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "client": "AB12",
    ...                                "date": "2024-06-03"}])
    >>> page = session_summary_html(log, goals=[Goal("plays a tile", sessions=1)])
    >>> "Not yet measured: no session with trials so far" in page
    True
    """
    from .goals import BASELINE_SESSIONS, BASELINE_TRIALS, goal_progress, session_share

    item = as_log(log)
    f = figures(item, seat)
    who = "the client" if seat == 0 else f"seat {seat}"
    title = f"Session summary: {item.client}, {item.date}"
    rounds = max((int(t["round"]) for t in item.turns), default=0)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title><style>{_CSS}{SHEET_CSS}</style></head><body>",
        "<header><h1>Guided Chicken Foot: session summary</h1>",
        _details_html(item, f),
        "</header>",
        "<section><h2>What was done</h2>",
        f"<p>A guided game of Chicken Foot dominoes on screen: {plural(rounds, 'round')} "
        f"played, {duration(f.time_on_task)} on task."
        + (f" Focus set at the start: {_e(item.goals)}" if item.goals else "")
        + "</p>",
    ]
    words = settings_in_words(item.settings)
    if words:
        parts.append(f'<p class="quiet">{_e(" ".join(words))}</p>')
    if not item.ended:
        parts.append(
            "<p><b>The session was not ended</b> (interrupted, or still going): the figures "
            "cover what was recorded.</p>"
        )
    if item.interruptions:
        breaks = "; ".join(interruption_words(i) for i in item.interruptions)
        parts.append(f"<p>{_e(breaks[:1].upper() + breaks[1:])}.</p>")
    if item.problem:
        parts.append(f'<p class="quiet">Note on the record: {_e(item.problem)}.</p>')
    sheet = soap(item, seat)
    parts.append("</section>")
    parts.append(_section("Subjective", sheet["S"], "No notes written"))
    parts.append(f"<section><h2>Objective ({who})</h2><table><tbody>")
    parts += [f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in _figure_rows(item, f, seat)]
    parts.append("</tbody></table>")
    parts.append(f'<p class="quiet">{_e(_scale_words())}</p>')
    parts.append(trial_tables_html(item, seat))
    parts.append("</section>")
    parts.append(
        _section("Assessment", sheet["A"], "No assessment written")[: -len("</section>")]
        + _assist_html(item)
        + "</section>"
    )
    parts.append(_section("Plan", sheet["P"], "No plan written"))
    if goals:
        sessions = up_to(item, history)
        parts.append("<section><h2>Goals</h2>")
        for goal in goals:
            progress = goal_progress(goal, sessions, seat)
            right, trials = session_share(item, goal, seat)
            today = (
                f"This session: {100 * right // trials}% of trials ({right} of {trials})."
                if trials
                else "This session: no trials."
            )
            base = progress.baseline.words()
            parts.append(
                f'<div class="goal">{goal_chart_svg(progress, width=190)}<p><b>{_e(goal.text)}</b> '
                f"({_e(goal.criterion())}). {today} {_e(base[:1].upper() + base[1:])}. "
                f"{'<b>' if progress.met else ''}{_e(progress.status)}"
                f"{'</b>' if progress.met else ''}</p></div>"
            )
        parts.append("</section>")
    parts.append(_signature_html(item))
    record = f" {_e(item.source)}" if item.source else ""
    parts.append(
        f'<footer class="quiet">Made by cfwidget from the session record{record}. Trials: '
        "turns with a tile to choose; a turn taken back and its replay are one trial, whose "
        "first try counts. A goal's baseline: its first sessions with trials together, once "
        f"{BASELINE_SESSIONS} or more hold {BASELINE_TRIALS} trials or more. Percentages are "
        "rounded down.</footer></body></html>"
    )
    return "\n".join(parts) + "\n"


def write_summary(
    log: SessionLog | Any,
    path: str | os.PathLike[str],
    *,
    goals: Sequence[Goal] = (),
    history: Iterable[SessionLog | Any] = (),
    seat: int = 0,
) -> Path:
    """Write :func:`session_summary_html` to ``path`` (readable only by its owner).

    >>> import tempfile, pathlib
    >>> from cfwidget.therapy.report import SessionLog
    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "client": "AB12",
    ...                                "date": "2024-06-03"}])
    >>> out = write_summary(log, pathlib.Path(tempfile.mkdtemp()) / "AB12.html")
    >>> out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    True
    """
    return write_private(path, session_summary_html(log, goals=goals, history=history, seat=seat))
