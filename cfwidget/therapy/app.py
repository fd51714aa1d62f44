"""The therapist's app: a setup form, then the guided session with its controls.

Works in a notebook and as a Voila app (no code shown). The form asks for a
client code, never a name.

>>> app = guided_app(records="/tmp/cfwidget-doc-records")
>>> [type(c).__name__ for c in app.children][:2]
['HTML', 'Text']
"""

from __future__ import annotations

import datetime as _dt
import html
import os
import time
from collections.abc import Callable
from pathlib import Path

import ipywidgets as ipw

from ..core import SettingsError
from .session import Session
from .settings import SessionSettings
from .widget import GuidedSession, readable, therapist_controls

__all__ = ["guided_app", "new_record_path"]


def new_record_path(records: str | os.PathLike[str], client: str, date: str) -> Path:
    """A fresh file for a session: ``<client>-<date>-<n>.jsonl`` in ``records``."""
    folder = Path(records)
    folder.mkdir(parents=True, exist_ok=True)
    n = 1
    while (folder / f"{client}-{date}-{n}.jsonl").exists():
        n += 1
    return folder / f"{client}-{date}-{n}.jsonl"


def guided_app(
    records: str | os.PathLike[str] = "session-records",
    *,
    clock: Callable[[], float] = time.time,
    seed: int = 0,
) -> ipw.VBox:
    """A setup form; Start replaces it with the session and the therapist's controls."""
    title = ipw.HTML("<h3>Guided Chicken Foot: set up a session</h3>")
    client = ipw.Text(description="Client code", placeholder="e.g. C-07 (no names)")
    goals = ipw.Textarea(description="Goals", placeholder="e.g. number matching, scanning left")
    style = {"description_width": "initial"}
    tiles = ipw.Dropdown(
        options=[("double-6", 6), ("double-9", 9), ("double-12", 12)], value=6, description="Set"
    )
    hand = ipw.Dropdown(
        options=[("as the rules say", 0), *[(str(k), k) for k in range(3, 13)]],
        value=0,
        description="Hand size",
        style=style,
    )
    bots = ipw.Dropdown(options=[0, 1, 2, 3], value=1, description="Computer players", style=style)
    partner = ipw.Checkbox(description="A second person plays at this screen", value=False)
    display = ipw.Dropdown(
        options=[("pips", "pips"), ("numerals", "numerals"), ("coloured pips", "colour")],
        description="Show",
    )
    large = ipw.Checkbox(description="Large tiles", value=True)
    sound = ipw.Checkbox(description="Turn sound", value=False)
    speech = ipw.Checkbox(description="Read prompts aloud", value=False)
    pace = ipw.Dropdown(
        options=[("wait for Next", "click"), ("2 s", 2.0), ("4 s", 4.0), ("8 s", 8.0)],
        description="Computer pace",
        style=style,
    )
    errorless = ipw.Checkbox(description="Errorless mode", value=True)
    cue_start = ipw.Dropdown(
        options=[(f"{i}", i) for i in range(5)], value=0, description="Starting cue", style=style
    )
    cue_wait = ipw.BoundedIntText(
        value=20, min=3, max=600, description="Seconds before more help", style=style
    )
    fade = ipw.BoundedIntText(
        value=3, min=0, max=50, description="Fade after easy turns (0: never)", style=style
    )
    start = readable(
        ipw.Button(description="Start the session", button_style="success", icon="play")
    )
    said = ipw.HTML()
    box = ipw.VBox()
    form = [
        title,
        client,
        goals,
        ipw.HBox([tiles, hand, bots]),
        partner,
        ipw.HBox([display, pace]),
        ipw.HBox([large, sound, speech, errorless]),
        ipw.HBox([cue_start, cue_wait]),
        fade,
        start,
        said,
    ]

    def on_start(_: object) -> None:
        try:
            settings = SessionSettings(
                max_pip=int(tiles.value),
                hand_size=int(hand.value) or None,
                bots=int(bots.value),
                second_person=bool(partner.value),
                display=str(display.value),
                large=bool(large.value),
                sound=bool(sound.value),
                speech=bool(speech.value),
                pace=pace.value,
                errorless=bool(errorless.value),
                cue_start=int(cue_start.value),
                cue_wait=float(cue_wait.value),
                fade_every=int(fade.value),
                seed=seed,
            )
            date = _dt.date.fromtimestamp(clock()).isoformat()
            code = client.value.strip()
            from .settings import check_client

            path = new_record_path(records, check_client(code), date)
            session = Session(
                settings, client=code, goals=goals.value, journal=path, clock=clock, date=date
            )
        except SettingsError as exc:
            said.value = f"<p role='alert'>Please check: {html.escape(str(exc))}.</p>"
            return
        widget = GuidedSession(session)
        note = ipw.HTML(f"<p>Record: <code>{html.escape(str(path))}</code></p>")
        box.children = [widget, therapist_controls(widget), note]
        box.session_widget = widget  # for the notebook

    start.on_click(on_start)
    box.children = form
    box.add_class("cfw-guided-app")
    return box
