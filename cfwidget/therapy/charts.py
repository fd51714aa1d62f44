"""The progress and goal charts as pictures with their words: what a screen reader says.

:func:`progress_picture` and :func:`goal_picture` draw :func:`~cfwidget.therapy.report.
progress_chart` and :func:`~cfwidget.therapy.goals.goal_chart` and describe them in plain
language from the same figures (each session's date and value, and what the chart says),
so a therapist who listens to the page hears what one who looks at it sees.

Each is a :class:`~cfwidget.table.Chart`: in a notebook, an image that carries its text
alternative (``alt``) wherever the notebook is opened.

>>> from cfwidget.therapy.sessionlog import SessionLog
>>> turn = {"event": "turn", "t": 9, "turn": 1, "round": 1, "seat": 0, "started": 1,
...         "options": 2, "refused": 0, "cue": 1, "move": "6-4@6-6"}
>>> logs = [SessionLog.from_events([{"event": "start", "t": 0, "date": d}, dict(turn, response=r)])
...         for d, r in (("2024-05-29", 12.5), ("2024-06-05", 8.0))]
>>> print(progress_picture(logs).alt)  # doctest: +NORMALIZE_WHITESPACE
Progress across 2 sessions; lower is better in both charts.
Median response time: 2024-05-29 12.5 s, 2024-06-05 8 s.
Mean cue level (0 to 4): 2024-05-29 1, 2024-06-05 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..table import Chart
from .goals import Goal, goal_chart, goal_progress
from .report import by_date, date_labels, figures, progress_chart

if TYPE_CHECKING:
    from .sessionlog import SessionLog

__all__ = ["Chart", "goal_picture", "goal_words", "progress_picture", "progress_words"]


def _number(value: float | None, unit: str = "") -> str:
    """``12.5 s``, ``8 s``; ``no trials`` for a session with nothing to measure."""
    if value is None:
        return "no trials"
    return f"{round(value, 1):g}{unit}"


def progress_words(logs: Iterable[SessionLog | Any], seat: int = 0) -> str:
    """What :func:`~cfwidget.therapy.report.progress_chart` shows, in plain words.

    >>> progress_words([])
    'Progress across sessions: no sessions yet.'
    """
    ordered = by_date(logs)
    if not ordered:
        return "Progress across sessions: no sessions yet."
    stats = [figures(log, seat) for log in ordered]
    dates = date_labels(ordered)
    times = ", ".join(
        f"{d} {_number(s.median_response, ' s')}" for d, s in zip(dates, stats, strict=True)
    )
    cues = ", ".join(f"{d} {_number(s.mean_cue)}" for d, s in zip(dates, stats, strict=True))
    sessions = "1 session" if len(ordered) == 1 else f"{len(ordered)} sessions"
    return (
        f"Progress across {sessions}; lower is better in both charts.\n"
        f"Median response time: {times}.\n"
        f"Mean cue level (0 to 4): {cues}."
    )


def goal_words(goal: Goal, logs: Iterable[SessionLog | Any], seat: int = 0) -> str:
    """What :func:`~cfwidget.therapy.goals.goal_chart` shows, in plain words.

    >>> from cfwidget.therapy.sessionlog import SessionLog
    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-06-05"}])
    >>> print(goal_words(Goal("plays a tile"), [log]))  # doctest: +NORMALIZE_WHITESPACE
    Goal not yet met: plays a tile.
    Share of trials right at the first try with cue 1 or less, against the goal of 80%:
    2024-06-05 no trials.
    Not yet measured: no session with trials so far (the goal asks 80% or more in each of
    3 sessions in a row).
    """
    ordered = by_date(logs)
    progress = goal_progress(goal, ordered, seat)
    head = "Goal met" if progress.met else "Goal not yet met"
    shares = []
    for label, point in zip(date_labels(ordered), progress.points, strict=True):
        if not point.trials:
            shares.append(f"{label} no trials")
        else:
            shares.append(f"{label} {point.percent}%" + (" (reached)" if point.reached else ""))
    return (
        f"{head}: {goal.text.rstrip('.')}.\n"
        f"Share of trials right at the first try with cue {goal.max_cue} or less, against the "
        f"goal of {goal.percent}: {', '.join(shares) or 'no sessions yet'}.\n"
        f"{progress.status}"
    )


def progress_picture(logs: Iterable[SessionLog | Any], seat: int = 0) -> Chart:
    """:func:`~cfwidget.therapy.report.progress_chart` with :func:`progress_words` as its alt.

    >>> progress_picture([]).alt
    'Progress across sessions: no sessions yet.'
    """
    ordered = by_date(logs)
    return Chart(progress_chart(ordered, seat), progress_words(ordered, seat))


def goal_picture(goal: Goal, logs: Iterable[SessionLog | Any], seat: int = 0) -> Chart:
    """:func:`~cfwidget.therapy.goals.goal_chart` with :func:`goal_words` as its alt.

    >>> goal_picture(Goal("plays a tile"), []).alt.splitlines()[0]
    'Goal not yet met: plays a tile.'
    """
    ordered = by_date(logs)
    return Chart(goal_chart(goal, ordered, seat), goal_words(goal, ordered, seat))
