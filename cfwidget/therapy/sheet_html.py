"""The data sheet's parts of the one-page summary: the trial table and a goal's chart.

The trial table is split into side-by-side blocks (8 rows or more each, at most five
blocks), so a 40-trial session still prints on one page. A goal's chart is inline SVG
(nothing to load) with its figures in words for a screen reader.

>>> from cfwidget.therapy.sessionlog import SessionLog
>>> log = SessionLog.from_events([
...     {"event": "start", "n": 1, "t": 0, "client": "AB12", "date": "2024-06-03"},
...     {"event": "turn", "n": 2, "t": 9, "turn": 1, "round": 1, "seat": 0, "started": 1,
...      "options": 3, "response": 8, "refused": 0, "cue": 0, "move": "6-4@6-6"}])
>>> html_text = trial_tables_html(log)
>>> html_text.count("<table"), "<td>+</td>" in html_text
(1, True)
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from .datasheet import trial_table

if TYPE_CHECKING:
    from .goals import GoalProgress

__all__ = ["SHEET_CSS", "goal_chart_svg", "trial_tables_html"]

SHEET_CSS = """
.trials { display: flex; gap: 2mm; align-items: flex-start; }
.trials table { width: auto; flex: 1 1 0; table-layout: auto; font-size: 0.86em; }
.trials th, .trials td { width: auto; padding: 0 0.25em; text-align: right; }
.trials caption { caption-side: top; text-align: left; font-size: 0.86em; }
.blank { min-height: 9mm; border-bottom: 1px dotted #888; }
.goal { display: flex; gap: 3mm; align-items: center; }
.goal svg { flex: 0 0 auto; }
"""

_HEAD = (
    "<thead><tr><th scope='col'>Trial</th><th scope='col' title='+ right at the first try'>"
    "+/-</th><th scope='col' title='cue level at which the right response came'>Cue</th>"
    "<th scope='col' title='highest cue level reached in the trial'>Max</th>"
    "<th scope='col'>Tries</th><th scope='col' title='seconds to respond'>Secs</th></tr></thead>"
)


def trial_tables_html(log: Any, seat: int = 0) -> str:
    """The trial-by-trial table as HTML blocks side by side ("" when there are no trials).

    >>> from cfwidget.therapy.sessionlog import SessionLog
    >>> trial_tables_html(SessionLog.from_events([{"event": "start", "t": 0, "date": "x"}]))
    ''
    """
    rows = trial_table(log, seat)
    if not rows:
        return ""
    per_block = max(8, -(-len(rows) // 5))
    blocks = [rows[i : i + per_block] for i in range(0, len(rows), per_block)]
    out = ['<div class="trials">']
    for b, block in enumerate(blocks):
        caption = "Trial by trial" if b == 0 else "Trial by trial, continued"
        out.append(f"<table><caption>{caption}</caption>{_HEAD}<tbody>")
        for r in block:
            number = "F" if r["forced"] else str(r["trial"])
            trial = f"{number}{'*' if r['undone'] else ''}"
            mark = "" if r["forced"] else r["mark"]
            cue = str(r["cue"]) if r["completed"] else f"{r['cue']} (not completed)"
            seconds = "" if r["seconds"] is None else f"{r['seconds']:.1f}"
            out.append(
                f"<tr><td>{trial}</td><td>{mark}</td><td>{cue}</td><td>{r['highest_cue']}</td>"
                f"<td>{r['tries']}</td><td>{seconds}</td></tr>"
            )
        out.append("</tbody></table>")
    out.append("</div>")
    keys = ["Cue: the level at the right response; Max: the highest level reached."]
    if any(r["undone"] for r in rows):
        keys.append(
            "* a turn of this trial was taken back (undo); the first try made still counts."
        )
    if any(r["forced"] for r in rows):
        keys.append(
            "F: a forced turn (draw or pass, no tile to choose) with an error, or left open: "
            "not a trial; its errors count."
        )
    out.append(f'<p class="quiet">{" ".join(keys)}</p>')
    return "".join(out)


def goal_chart_svg(progress: GoalProgress, width: int = 220, height: int = 52) -> str:
    """A small chart of a goal's share per session with its goal line, as inline SVG.

    The baseline (:class:`~cfwidget.therapy.goals.Baseline`) is said under the chart once
    it is established. Its ``aria-label`` says every value.

    >>> from cfwidget.therapy.goals import Goal, goal_progress
    >>> goal_chart_svg(goal_progress(Goal("plays a tile"), [])).startswith('<svg role="img"')
    True
    """
    points = [p for p in progress.points if p.trials]
    goal = progress.goal.share * 100
    words = ", ".join(f"{p.date}: {p.percent}%" for p in points) or "no sessions with trials"
    label = f"Goal chart: the goal line at {goal:.0f}%; sessions in date order: {words}"
    left, right, top, bottom = 26, 6, 5, 12
    inner_w, inner_h = width - left - right, height - top - bottom

    def y(share: float) -> float:
        return round(top + inner_h * (1 - share / 100), 1)

    def x(i: int) -> float:
        return round(
            left + (inner_w * i / (len(points) - 1) if len(points) > 1 else inner_w / 2), 1
        )

    parts = [
        f'<svg role="img" aria-label="{html.escape(label)}" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f'<rect x="{left}" y="{top}" width="{inner_w}" height="{inner_h}" fill="none" '
        'stroke="#bbb"/>',
        f'<text x="{left - 3}" y="{top + 4}" font-size="8" text-anchor="end">100%</text>',
        f'<text x="{left - 3}" y="{top + inner_h}" font-size="8" text-anchor="end">0%</text>',
        f'<line x1="{left}" x2="{left + inner_w}" y1="{y(goal)}" y2="{y(goal)}" '
        'stroke="#d55e00" stroke-dasharray="4 3"/>',
    ]
    if points:
        line = " ".join(f"{x(i)},{y(100 * p.right / p.trials)}" for i, p in enumerate(points))
        parts.append(f'<polyline points="{line}" fill="none" stroke="#0072b2" stroke-width="1.5"/>')
        for i, p in enumerate(points):
            parts.append(
                f'<circle cx="{x(i)}" cy="{y(100 * p.right / p.trials)}" r="2.2" fill="#0072b2"/>'
            )
        base = progress.baseline
        said = f"baseline {base.percent}%" if base.established else "no baseline yet"
        parts.append(f'<text x="{left}" y="{height - 3}" font-size="8">{said}</text>')
        parts.append(
            f'<text x="{left + inner_w}" y="{height - 3}" font-size="8" text-anchor="end">'
            f"latest {points[-1].percent}%</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
