"""Guided play for therapy sessions: graded difficulty, cues, session records, a score keeper.

- :mod:`~cfwidget.therapy.settings`: what the therapist sets (checked), the client code.
- :mod:`~cfwidget.therapy.cues`: the cueing hierarchy as a pure state machine.
- :mod:`~cfwidget.therapy.levels`: what each cue level lets the client's screen say (one
  table), and the filter every sentence on that screen goes through.
- :mod:`~cfwidget.therapy.journal`: the append-only JSON Lines record: one writer, private,
  damage contained.
- :mod:`~cfwidget.therapy.records`: the private records folder, unfinished sessions.
- :mod:`~cfwidget.therapy.state`: the state a session's events build.
- :mod:`~cfwidget.therapy.session`: a guided session (engine + bots + cues + journal).
- :mod:`~cfwidget.therapy.sessionlog`: a record read back for reports (version 1 or 2).
- :mod:`~cfwidget.therapy.trials`: trials read from the whole history (undo keeps the first
  try; a trial open at the end counts).
- :mod:`~cfwidget.therapy.report`: figures, summaries, CSV/JSON export, progress charts.
- :mod:`~cfwidget.therapy.datasheet`: the data sheet: trial table, totals per cue level,
  assist in clinicians' terms, SOAP, the trials CSV and the de-identified export.
- :mod:`~cfwidget.therapy.goals`: measurable goals per client, their progress and chart.
- :mod:`~cfwidget.therapy.charts`: the progress and goal charts as pictures with alt text.
- :mod:`~cfwidget.therapy.summary_html`: the one-page session summary to hand over and sign
  (its trial table and goal charts: :mod:`~cfwidget.therapy.sheet_html`).
- :mod:`~cfwidget.therapy.widget`: :class:`GuidedSession`, the widget a client plays, and
  the therapist's controls.
- :mod:`~cfwidget.therapy.app`: the therapist's app (setup, resume, hand-over).
- :mod:`~cfwidget.therapy.scorekeeper`: a score keeper for games with real tiles.

Modules needing pandas, matplotlib or ipywidgets are imported on use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._shared import lazy_names
from ._errors import SessionError, SettingsError

if TYPE_CHECKING:  # what the lazy names below resolve to, for type checkers
    from .app import guided_app as guided_app
    from .scorekeeper import ScoreKeeper as ScoreKeeper
    from .session import Session as Session
    from .settings import SessionSettings as SessionSettings
    from .widget import GuidedSession as GuidedSession

__all__ = [
    "GuidedSession",
    "ScoreKeeper",
    "Session",
    "SessionError",
    "SessionSettings",
    "SettingsError",
    "guided_app",
]

_LAZY = {
    "GuidedSession": "widget",
    "ScoreKeeper": "scorekeeper",
    "Session": "session",
    "SessionSettings": "settings",
    "guided_app": "app",
}


__getattr__, __dir__ = lazy_names(globals(), {n: (f"{__name__}.{m}", n) for n, m in _LAZY.items()})
