"""Guided play for therapy sessions: graded difficulty, cues, session records, a score keeper.

- :mod:`~cfwidget.therapy.settings`: what the therapist sets (checked), the client code.
- :mod:`~cfwidget.therapy.cues`: the cueing hierarchy as a pure state machine.
- :mod:`~cfwidget.therapy.journal`: the append-only JSON Lines session record.
- :mod:`~cfwidget.therapy.session`: a guided session (engine + bots + cues + journal).
- :mod:`~cfwidget.therapy.report`: summaries, CSV/JSON export, progress charts.
- :mod:`~cfwidget.therapy.widget`: :class:`GuidedSession`, the widget a client plays.
- :mod:`~cfwidget.therapy.scorekeeper`: a score keeper for games with real tiles.

Modules needing pandas, matplotlib or ipywidgets are imported on use.
"""
