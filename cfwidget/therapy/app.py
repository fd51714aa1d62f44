"""The therapist's app: a setup form (or an unfinished session to resume), then the session.

Works in a notebook and as a Voila app (no code shown). The form asks for a client code,
never a name, and warns when goals seem to hold a name. Records go to the private records
folder (:func:`~cfwidget.therapy.records.records_folder`); when the session ends, its
one-page summary, a CSV of its turns, a CSV of its trials (the data sheet) and a JSON
document are written beside the record.

>>> import tempfile
>>> app = guided_app(records=tempfile.mkdtemp())
>>> [type(c).__name__ for c in app.children][:2]
['HTML', 'HBox']
"""

from __future__ import annotations

import datetime as _dt
import html
import os
import secrets
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol, TypeAlias

import ipywidgets as ipw

from .._shared import shown
from ..core import RecordError
from ._errors import SessionError, SettingsError
from .datasheet import export_deidentified, export_trials_csv
from .goals import Goal, load_goals, set_goal
from .records import new_record_path, records_folder, unfinished
from .report import export_csv, export_json, load_logs
from .session import Session
from .settings import (
    SETTINGS,
    SessionSettings,
    Setting,
    check_client,
    check_session_seed,
    name_warning,
)
from .summary_html import write_summary
from .widget import GuidedSession, therapist_controls, touch_button

__all__ = [
    "FORM_ROWS",
    "NO_SHARE",
    "Share",
    "deidentified_copy",
    "guided_app",
    "hand_over",
    "new_record_path",
    "remote_panel",
    "setting_control",
    "setting_value",
]


def hand_over(session: Session) -> list[Path]:
    """Write the ended session's summary page, its turns and its trials (the data sheet) as
    CSV, and its JSON document beside its record (a resumed session too).

    Returns the files written (none for a session kept in memory only).
    """
    path = session.path
    if path is None:
        return []
    folder, code = path.parent, session.client
    try:
        goals = load_goals(folder, code)
        history = load_logs(folder, code)
    except (SessionError, RecordError):
        goals, history = [], []
    stem = path.with_suffix("")
    return [
        write_summary(
            session, stem.with_name(stem.name + "-summary.html"), goals=goals, history=history
        ),
        export_csv(session, stem.with_name(stem.name + "-turns.csv")),
        export_trials_csv(session, stem.with_name(stem.name + "-trials.csv")),
        export_json(session, stem.with_name(stem.name + ".json"), goals=goals, history=history),
    ]


def deidentified_copy(session: Session, folder: str | os.PathLike[str]) -> Path:
    """Write the session's de-identified copy in ``folder`` under a name that says nothing
    about the client or the day (``deidentified-<random>.json``); returns its path.

    >>> import tempfile
    >>> s = Session(client="AB12", clock=lambda: 0.0)
    >>> deidentified_copy(s, tempfile.mkdtemp()).name.startswith("deidentified-")
    True
    """
    base = Path(folder)
    while True:
        out = base / f"deidentified-{secrets.token_hex(4)}.json"
        if not out.exists():
            return export_deidentified(session, out)


#: The game takes the room left beside the therapist's column, down to this width; on a
#: narrower screen (under about 900 pixels) the column goes under the game, full width.
GAME_MIN_WIDTH = "600px"
#: The therapist's column beside the game: room for the five cue buttons in one row.
PANEL_WIDTH = "240px"


def beside(game: ipw.DOMWidget, panel: ipw.Box) -> ipw.HBox:
    """The game and the therapist's panel side by side, the panel wrapping under when narrow.

    Beside the game, the panel leaves the page's height to the game, so on a 1024x768
    tablet the client's tiles, Draw and Pass and the cue buttons all show at once.

    >>> row = beside(ipw.HTML("game"), ipw.VBox())
    >>> row.layout.flex_flow, row.children[0].layout.flex, row.children[1].layout.flex
    ('row wrap', '1000 1 600px', '1 0 240px')
    """
    game.layout.flex = f"1000 1 {GAME_MIN_WIDTH}"
    game.layout.min_width = "0"
    panel.layout.flex = f"1 0 {PANEL_WIDTH}"
    panel.layout.min_width = "0"
    return ipw.HBox(
        [game, panel],
        layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="8px"),
    )


class Share(Protocol):
    """What hosts the client's screen of a remote session, for :func:`guided_app`'s ``share``.

    Called once the session is open (started or resumed) with the running
    :class:`~cfwidget.therapy.widget.GuidedSession` and a ``device`` callback; returns the
    widget the app shows above the controls (the client's link, a QR code, whether the
    client is connected). Whenever the client's device connects or drops, the share calls
    ``device(True)`` or ``device(False)``, from any thread; the app then appends a
    ``client_device`` line to the record (:meth:`~cfwidget.therapy.Session.client_device`).
    ``cfwidget.room`` provides one; the therapy package never imports it.
    """

    def __call__(self, widget: GuidedSession, device: Callable[[bool], None], /) -> ipw.Widget: ...


#: What a remote session's app says when no ``share`` was given to host the client's screen.
NO_SHARE = (
    "This is a remote session, but this app was not opened with a way to give the client"
    " their own screen. To give the client a link that shows only their screen (their tiles,"
    " Draw and Pass, the cues), open the app from a notebook with"
    " <code>cfwidget.room.remote_guided_app()</code>, or choose <b>remote sessions</b> in the"
    " therapist's app notebook. Sharing this window in a video call would show the client"
    " your controls and notes too."
)


def remote_panel(widget: GuidedSession, share: Share | None) -> ipw.Widget:
    """The box the app shows above the controls of a remote session: the ``share``'s panel,
    or the plain words of :data:`NO_SHARE` when there is none (or it could not start).

    >>> from cfwidget.therapy.session import Session
    >>> box = remote_panel(GuidedSession(Session(client="AB12", clock=lambda: 0.0)), None)
    >>> "not opened with a way" in box.children[0].value
    True
    """
    session = widget.session

    def device(connected: bool) -> None:
        session.client_device(connected)

    if share is None:
        inside: ipw.Widget = ipw.HTML(f"<p role='note'>{NO_SHARE}</p>")
    else:
        try:
            inside = share(widget, device)
        except (OSError, RuntimeError, ValueError) as exc:  # a port in use, a closed room ...
            inside = ipw.HTML(
                "<p role='alert'>The client's screen could not be hosted:"
                f" {html.escape(str(exc))}. {NO_SHARE}</p>"
            )
        if not isinstance(inside, ipw.Widget):
            raise SettingsError(f"share must return an ipywidget, got {shown(inside)}")
    box = ipw.VBox([inside], layout=ipw.Layout(border="1px solid #999", padding="4px"))
    box.add_class("cfw-remote")
    return box


#: How the setup form groups the settings of :data:`~cfwidget.therapy.settings.SETTINGS` in
#: rows; a setting left out of these rows gets a row of its own at the end.
FORM_ROWS = (
    ("clinician", "credentials"),
    ("delivery", "assist_scale"),
    ("service_codes",),
    ("max_pip", "hand_size", "bots"),
    ("second_person",),
    ("display", "pace"),
    ("large", "sound", "speech", "errorless", "client_undo"),
    ("cue_start", "cue_wait"),
    ("fade_every",),
)

#: The setup form's own styles: a label wraps onto a second line instead of being cut with
#: "…", and a box keeps room to type in (a long label never squeezes it to a sliver).
FORM_CSS = """
.cfw-guided-app .widget-inline-hbox { height: auto; }
.cfw-guided-app .widget-inline-hbox > .widget-label {
  flex: 0 0 auto; white-space: normal; overflow: visible; text-overflow: clip;
  height: auto; line-height: 1.3; max-width: 30em;
}
@media (max-width: 600px) {
  .cfw-guided-app .widget-inline-hbox > .widget-label { flex-shrink: 1; }
}
.cfw-guided-app .widget-inline-hbox > input, .cfw-guided-app .widget-inline-hbox > select {
  flex: 1 1 9em; min-width: 6em;
}
.cfw-guided-app .widget-label-basic {
  display: flex; align-items: baseline; gap: 6px;
  white-space: normal; overflow: visible; text-overflow: clip; height: auto; line-height: 1.3;
}
"""
#: Every control of the form grows with its label (up to this width) rather than cutting it.
_FITS = {"width": "auto", "max_width": "560px"}

SettingControl: TypeAlias = (
    ipw.Checkbox | ipw.Dropdown | ipw.BoundedIntText | ipw.BoundedFloatText | ipw.Text
)


def setting_control(setting: Setting) -> SettingControl:
    """The form's control for one setting, set to its default, labelled and explained.

    A flag is a checkbox, a text setting a line to type in, a setting with choices a menu
    (its value is the place of the choice), a range a number box.

    >>> box = setting_control(SETTINGS["fade_every"])
    >>> type(box).__name__, setting_value(SETTINGS["fade_every"], box)
    ('BoundedIntText', 3)
    >>> setting_value(SETTINGS["hand_size"], setting_control(SETTINGS["hand_size"])) is None
    True
    """
    common: dict[str, Any] = {
        "description": setting.label,
        "tooltip": setting.help,
        "layout": ipw.Layout(**_FITS),
    }
    if isinstance(setting.default, bool):
        return ipw.Checkbox(value=setting.default, indent=False, **common)
    common["style"] = {"description_width": "initial"}
    if setting.text:
        return ipw.Text(value=setting.default, placeholder="optional", **common)
    if setting.choices:
        menu = [(label, i) for i, (label, _) in enumerate(setting.choices)]
        return ipw.Dropdown(options=menu, value=setting.index(setting.default), **common)
    low, high = setting.span or (None, None)
    box = ipw.BoundedFloatText if setting.seconds else ipw.BoundedIntText
    return box(value=setting.default, min=low, max=high, **common)


def setting_value(setting: Setting, control: SettingControl) -> Any:
    """The value a control of :func:`setting_control` stands for (text without the spaces
    around it)."""
    if setting.text:
        return " ".join(str(control.value).split())
    if setting.choices:
        return setting.choices[int(control.value)][1]
    return control.value


def _row(controls: list[Any]) -> ipw.HBox:
    """Controls side by side, onto the next line when the screen is too narrow for them."""
    return ipw.HBox(controls, layout=ipw.Layout(flex_flow="row wrap", grid_gap="2px 12px"))


def guided_app(
    records: str | os.PathLike[str] | None = None,
    *,
    clock: Callable[[], float] = time.time,
    seed: int = 0,
    share: Share | None = None,
) -> ipw.VBox:
    """A setup form; Start (or Resume) replaces it with the session and the controls.

    ``records``: the records folder (default: :func:`records_folder`, which follows
    ``CFWIDGET_RECORDS``). ``share``: for sessions whose setting is remote, what hosts the
    client's screen on the client's device (a :class:`Share`); its panel shows above the
    controls. A remote session without one says how to host it; an in-person session
    never calls it.
    """
    if share is not None and not callable(share):
        raise SettingsError(
            f"share is a function that hosts the client's screen, got {shown(share)}"
        )
    seed = check_session_seed(seed)  # refused now, not when Start is pressed
    folder = records_folder(records)
    style = {"description_width": "initial"}
    title = ipw.HTML(
        f"<style>{FORM_CSS}</style>"  # the form's own styles (gone with the form)
        "<h3>Guided Chicken Foot: set up a session</h3>"
        "<p>Enter the client's code (never a name) and choose the settings, then press "
        "<b>Start the session</b>; or resume one of the client's unfinished sessions. "
        "The session then takes the whole page.</p>"
    )
    client = ipw.Text(description="Client code", placeholder="e.g. C-07 (no names)")
    client_state = ipw.HTML()
    resume_list = ipw.Dropdown(options=[], description="Unfinished", style=style)
    resume = touch_button("Resume", icon="play")
    resume_box = ipw.HBox([resume_list, resume])
    resume_box.layout.display = "none"
    goals = ipw.Textarea(description="Goals", placeholder="e.g. number matching, scanning left")
    goals_state = ipw.HTML()
    cues = SETTINGS["cue_start"].choices  # each cue level named by the help it gives
    goal_cue = ipw.Dropdown(
        options=cues,
        value=1,
        description="Counts with a cue up to",
        style=style,
        layout=ipw.Layout(**_FITS),
    )
    goal_share = ipw.BoundedIntText(
        value=80, min=1, max=100, description="% of trials", style=style, layout=ipw.Layout(**_FITS)
    )
    goal_sessions = ipw.BoundedIntText(
        value=3,
        min=1,
        max=20,
        description="in each of the last sessions",
        style=style,
        layout=ipw.Layout(**_FITS),
    )
    measurable = ipw.Checkbox(
        description="Track the goals as a measurable goal (first-try matches)",
        value=False,
        indent=False,
        layout=ipw.Layout(**_FITS),
    )
    controls = {name: setting_control(setting) for name, setting in SETTINGS.items()}
    rows = [*FORM_ROWS, *((name,) for name in SETTINGS if all(name not in r for r in FORM_ROWS))]
    setting_rows = [
        _row([controls[n] for n in row]) if len(row) > 1 else controls[row[0]] for row in rows
    ]
    start = touch_button("Start the session", button_style="success", icon="play")
    said = ipw.HTML()
    where = ipw.HTML(
        f"<p><small>Records are kept privately in <code>{html.escape(str(folder))}</code>."
        "</small></p>"
    )
    box = ipw.VBox()
    form = [
        title,
        ipw.HBox([client, client_state]),
        resume_box,
        goals,
        goals_state,
        measurable,
        _row([goal_cue, goal_share, goal_sessions]),
        *setting_rows,
        start,
        said,
        where,
    ]

    def on_client(_: object) -> None:
        code = client.value.strip()
        resume_box.layout.display = "none"
        if not code:
            client_state.value = ""
            return
        try:
            check_client(code)
        except SettingsError as exc:
            client_state.value = f"<small role='alert'>{html.escape(str(exc))}.</small>"
            return
        client_state.value = ""
        left = unfinished(folder, code)
        if left:
            resume_list.options = [(info.label(), str(info.path)) for info in left]
            resume_list.value = str(left[0].path)  # the newest first
            resume_box.layout.display = ""

    kept_goals: list[str] = []  # goals kept as they are after a name warning

    def on_goals(_: object) -> None:
        warning = name_warning(goals.value)
        goals_state.value = f"<p role='alert'>{html.escape(warning)}</p>" if warning else ""

    def open_session(session: Session) -> None:
        widget = GuidedSession(session)
        controls = therapist_controls(widget)
        done = ipw.HTML()

        anonymous = touch_button(
            "Save a de-identified copy",
            wide=True,
            tooltip="For supervision or research: no client code, dates, times or notes",
        )
        anonymous.layout.display = "none"
        copied = ipw.HTML()

        def on_ended(change: Mapping[str, Any]) -> None:
            if session.ended and not done.value:
                files = hand_over(session)
                items = "".join(f"<li><code>{html.escape(str(p))}</code></li>" for p in files)
                done.value = f"<p>Summary and exports:</p><ul>{items}</ul>" if files else ""
                anonymous.layout.display = ""

        def on_anonymous(_: object) -> None:
            out = deidentified_copy(session, folder)
            copied.value = (
                f"<p>De-identified copy (no code, dates, times or notes): "
                f"<code>{html.escape(str(out))}</code></p>"
            )
            anonymous.disabled = True

        widget.observe(on_ended, names="view")
        anonymous.on_click(on_anonymous)
        where_to = session.path if session.path is not None else "kept in memory only"
        note = ipw.HTML(f"<p>Record: <code>{html.escape(str(where_to))}</code></p>")
        remote = [remote_panel(widget, share)] if session.settings.delivery == "remote" else []
        box.children = [
            *remote,
            beside(widget, controls),
            note,
            ipw.VBox([anonymous, copied]),
            done,
        ]
        box.session_widget = widget  # for the notebook

    def on_start(_: object) -> None:
        try:
            settings = SessionSettings(
                **{n: setting_value(SETTINGS[n], c) for n, c in controls.items()}, seed=seed
            )
            date = _dt.date.fromtimestamp(clock()).isoformat()
            code = check_client(client.value)
            warning = name_warning(goals.value)
            if warning and goals.value not in kept_goals:  # nothing written yet
                kept_goals.append(goals.value)
                said.value = (
                    f"<p role='alert'>The goals: {html.escape(warning)} Take it out, or press"
                    " Start the session again to keep the goals as they are.</p>"
                )
                return
            if measurable.value and goals.value.strip():
                set_goal(
                    folder,
                    code,
                    Goal(
                        goals.value.strip(),
                        max_cue=int(goal_cue.value),
                        share=int(goal_share.value) / 100,
                        sessions=int(goal_sessions.value),
                    ),
                )
            path = new_record_path(folder, code, date)
            session = Session(
                settings,
                client=code,
                goals=goals.value,
                journal=path,
                clock=clock,
                date=date,
                anyway=True,  # checked above
            )
        except (SettingsError, SessionError) as exc:
            said.value = f"<p role='alert'>Please check: {html.escape(str(exc))}.</p>"
            return
        open_session(session)

    def on_resume(_: object) -> None:
        if not resume_list.value:
            return
        try:
            session = Session.resume(Path(resume_list.value), clock=clock)
        except (SessionError, RecordError) as exc:
            said.value = f"<p role='alert'>That session cannot go on: {html.escape(str(exc))}.</p>"
            return
        if session.resume_note:
            said.value = f"<p>{html.escape(session.resume_note)}.</p>"
        open_session(session)

    client.observe(on_client, names="value")
    goals.observe(on_goals, names="value")
    start.on_click(on_start)
    resume.on_click(on_resume)
    box.children = form
    box.add_class("cfw-guided-app")
    return box
