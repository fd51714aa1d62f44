"""The therapist's app and its records: codes not names, resume, notes as typed, hand-over."""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path
from typing import Any

import ipywidgets as ipw
import pytest

from cfwidget import SettingsError
from cfwidget.therapy import widget as guided_widget
from cfwidget.therapy.app import guided_app, setting_value
from cfwidget.therapy.records import records_folder, unfinished
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SETTINGS, SessionSettings, check_client, name_warning
from cfwidget.therapy.widget import GuidedSession, therapist_controls


class Clock:
    def __init__(self) -> None:
        self.now = 1_780_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def find(box: Any, kind: type, **attrs: Any) -> Any:
    """The first widget of ``kind`` under ``box`` whose attributes match."""
    if isinstance(box, kind) and all(getattr(box, k, None) == v for k, v in attrs.items()):
        return box
    for child in getattr(box, "children", ()):
        found = find(child, kind, **attrs)
        if found is not None:
            return found
    return None


def play(s: Session, turns: int) -> None:
    goal = len(s.turns) + turns
    while len(s.turns) < goal:
        if s.whose_turn() == "bot":
            s.bot_step()
        else:
            assert s.attempt(s.cue_for_level(4).move or "").accepted


@pytest.mark.parametrize("code", ["MaryJones", "Mary", "mary7", "ABCD", "Mary Smith", ""])
def test_a_code_that_could_be_a_name_is_refused_with_an_example(code: str) -> None:
    with pytest.raises(SettingsError, match="C-07 or AB12"):
        check_client(code)


@pytest.mark.parametrize("code", ["C-07", "AB12", "KL9", "T-01", "x7"])
def test_codes_are_accepted(code: str) -> None:
    assert check_client(f" {code} ") == code


def test_notes_and_goals_warn_of_a_name_pair() -> None:
    assert name_warning("Worked with Sam Brown today") is not None
    assert name_warning("Played Chicken Foot calmly; scanned left") is None
    assert name_warning("steady, 3 turns without help") is None


def test_the_records_folder_is_private_and_ignored_by_git(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CFWIDGET_RECORDS", str(tmp_path / "mine"))
    folder = records_folder()
    assert folder == tmp_path / "mine"
    assert folder.stat().st_mode & 0o777 == 0o700
    assert (folder / ".gitignore").read_text() == "*\n"


def test_the_app_refuses_a_name_and_starts_with_a_code(tmp_path: Path) -> None:
    app = guided_app(records=tmp_path, clock=Clock(), seed=11)
    find(app, ipw.Text, description="Client code").value = "MaryJones"
    assert "looks like a name" in app.children[1].children[1].value
    find(app, ipw.Button, description="Start the session").click()
    assert "looks like a name" in app.children[-2].value and not list(tmp_path.glob("*.jsonl"))
    find(app, ipw.Text, description="Client code").value = "C-07"
    find(app, ipw.Checkbox, description="The client has an Undo button").value = False
    find(app, ipw.Button, description="Start the session").click()
    w = app.session_widget
    assert isinstance(w, GuidedSession) and not w.view["allow_undo"]
    (record,) = tmp_path.glob("C-07-*.jsonl")
    assert record.stat().st_mode & 0o777 == 0o600


def test_every_control_of_the_form_starts_at_the_settings_default(tmp_path: Path) -> None:
    """The form is built from the settings' one declaration, so no default can disagree."""
    app = guided_app(records=tmp_path, clock=Clock(), seed=11)
    shown = {}
    for name, setting in SETTINGS.items():
        control = find(app, ipw.ValueWidget, description=setting.label)
        assert control is not None, f"the form has no control for {name}"
        assert control.tooltip == setting.help
        shown[name] = setting_value(setting, control)
    defaults = SessionSettings()
    assert shown == {name: getattr(defaults, name) for name in SETTINGS}
    assert shown["fade_every"] == 3  # the ladder follows the client unless the form says 0
    # and an untouched form starts exactly the default session
    find(app, ipw.Text, description="Client code").value = "C-07"
    find(app, ipw.Button, description="Start the session").click()
    assert app.session_widget.session.settings == defaults.replace(seed=11)


def test_every_setting_the_form_offers_is_allowed_and_the_menus_hold_the_default() -> None:
    for name, setting in SETTINGS.items():
        for _, value in setting.choices:
            setting.check(value)  # a menu offers nothing the settings refuse
        assert setting.choices == () or setting.index(setting.default) >= 0, name
    with pytest.raises(SettingsError, match="fade_every must be a whole number from 0 to 50"):
        SessionSettings(fade_every=-1)


def test_an_unfinished_session_is_listed_and_resumed_from_the_app(tmp_path: Path) -> None:
    clock = Clock()
    first = Session(
        SessionSettings(seed=5),
        client="C-07",
        journal=tmp_path / "C-07-2026-05-01-1.jsonl",
        clock=clock,
        date="2026-05-01",
    )
    play(first, 3)
    first.close()  # the kernel went away without ending it
    ended = Session(
        SessionSettings(seed=6),
        client="C-07",
        journal=tmp_path / "C-07-2026-05-02-1.jsonl",
        clock=clock,
        date="2026-05-02",
    )
    ended.end()
    assert [i.path.name for i in unfinished(tmp_path, "C-07")] == ["C-07-2026-05-01-1.jsonl"]
    app = guided_app(records=tmp_path, clock=clock)
    find(app, ipw.Text, description="Client code").value = "C-07"
    chooser = find(app, ipw.Dropdown, description="Unfinished")
    assert [label for label, _ in chooser.options] == ["2026-05-01 (session 1): 3 turns so far"]
    find(app, ipw.Button, description="Resume").click()
    s = app.session_widget.session
    assert [t.move for t in s.turns] == [t.move for t in first.turns]
    play(s, 1)
    assert len(s.turns) == 4


def test_notes_are_saved_as_typed_and_a_name_waits_for_save_anyway(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(guided_widget, "NOTES_DELAY", 0.05)
    record = tmp_path / "AB12-2026-05-01-1.jsonl"
    w = GuidedSession(
        Session(SessionSettings(seed=4), client="AB12", clock=Clock(), journal=record)
    )
    draft = tmp_path / "AB12-2026-05-01-1.jsonl.notes"
    box = therapist_controls(w)
    notes = find(box, ipw.Textarea, description="Notes")
    notes.value = "calm"
    notes.value = "calm, scanned left"
    deadline = time.monotonic() + 60  # a bound on the wait, not a speed
    while w.session.notes != "calm, scanned left" and time.monotonic() < deadline:
        time.sleep(0.02)
    assert w.session.notes == "calm, scanned left"  # debounced: saved after the pause
    assert draft.read_text() == "calm, scanned left" and draft.stat().st_mode & 0o777 == 0o600
    assert "notes" not in record.read_text()  # a draft until the end
    notes.value = "calm; Sam Brown waved"
    time.sleep(0.3)
    assert w.session.notes == "calm, scanned left"
    assert "may contain a name" in box.children[3].children[0].value
    find(box, ipw.Button, description="End session").click()
    assert not w.session.ended  # End waits while a name is in the notes
    find(box, ipw.Button, description="Save anyway").click()
    assert w.session.notes == "calm; Sam Brown waved"
    find(box, ipw.Button, description="End session").click()
    assert w.session.ended and not draft.exists()


def test_ending_hands_over_a_summary_csv_and_json(tmp_path: Path) -> None:
    app = guided_app(records=tmp_path, clock=Clock(), seed=11)
    find(app, ipw.Text, description="Client code").value = "C-07"
    find(app, ipw.Textarea, description="Goals").value = "plays a matching tile"
    find(
        app, ipw.Checkbox, description="Track the goals as a measurable goal (first-try matches)"
    ).value = True
    find(app, ipw.Button, description="Start the session").click()
    w = app.session_widget
    play(w.session, 2)
    w.refresh(force=True)
    find(app, ipw.Textarea, description="Plan").value = "try double-9 next week"
    find(app, ipw.Button, description="End session").click()
    files = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("C-07-"))
    stem = files[0].split("-summary")[0].split("-t")[0].removesuffix(".json")
    assert files == sorted(
        [
            f"{stem}.jsonl",
            f"{stem}-summary.html",
            f"{stem}-turns.csv",
            f"{stem}-trials.csv",
            f"{stem}.json",
        ]
    )
    page = (tmp_path / f"{stem}-summary.html").read_text()
    assert "try double-9 next week" in page and "plays a matching tile" in page
    doc = json.loads((tmp_path / f"{stem}.json").read_text())
    assert doc["client"] == "C-07"
    assert all((tmp_path / f).stat().st_mode & 0o777 == 0o600 for f in files)
    assert "Summary and exports" in app.children[-1].value
    find(app, ipw.Button, description="Save a de-identified copy").click()
    (copy,) = tmp_path.glob("deidentified-*.json")
    text = copy.read_text()
    assert "C-07" not in text and stem[5:15] not in text and "double-9 next week" not in text
    assert json.loads(text)["format"] == "cfwidget.session-deidentified"


def test_resuming_in_the_app_keeps_the_record_and_the_notes(tmp_path: Path) -> None:
    clock = Clock()
    app = guided_app(records=tmp_path, clock=clock, seed=11)
    find(app, ipw.Text, description="Client code").value = "C-07"
    find(app, ipw.Button, description="Start the session").click()
    first = app.session_widget.session
    play(first, 1)
    first.save_notes("settled quickly")
    path = first.path
    first.close()  # the kernel died here
    again = guided_app(records=tmp_path, clock=clock, seed=11)
    find(again, ipw.Text, description="Client code").value = "C-07"
    find(again, ipw.Button, description="Resume").click()
    w = again.session_widget
    assert w.session.path == path
    page = " ".join(getattr(c, "value", "") for c in again.children if isinstance(c, ipw.HTML))
    assert "Record: None" not in page and str(path) in page
    box = find(again, ipw.Textarea, description="Notes")
    assert box.value == "settled quickly"  # the notes typed before the crash, to go on with
    box.value = "settled quickly\ntired after ten minutes"  # the therapist types on
    play(w.session, 1)
    find(again, ipw.Button, description="End session").click()
    stem = path.with_suffix("")
    for suffix in ("-summary.html", "-turns.csv", "-trials.csv", ".json"):
        assert stem.with_name(stem.name + suffix).exists()
    doc = json.loads(stem.with_name(stem.name + ".json").read_text())
    assert doc["notes"] == "settled quickly\ntired after ten minutes"
    assert doc["figures"]["trials"] + doc["figures"]["forced_turns"] == 2
    assert "Summary and exports" in again.children[-1].value


def test_the_clinicians_details_go_from_the_form_to_the_record_page_and_json(
    tmp_path: Path,
) -> None:
    """What the form asks (clinician, credentials, setting, service codes, assist scale) is
    recorded in the session's start event and comes back on the page and in the JSON; the
    end's rating offers the chosen scale only; the de-identified copy leaves it all out."""
    app = guided_app(records=tmp_path, clock=Clock(), seed=11)
    find(app, ipw.Text, description="Client code").value = "C-07"
    find(app, ipw.Text, description="Clinician").value = "  Dana   Whitfield "
    find(app, ipw.Text, description="Credentials").value = "MA, CCC-SLP"
    find(app, ipw.Text, description="Service codes").value = "92507"
    setting = find(app, ipw.Dropdown, description="Setting")
    setting.value = SETTINGS["delivery"].index("remote")
    scale = find(app, ipw.Dropdown, description="Assist scale")
    assert scale.value == SETTINGS["assist_scale"].index("cues")  # the cue scale by default
    scale.value = SETTINGS["assist_scale"].index("fim")
    find(app, ipw.Button, description="Start the session").click()
    w = app.session_widget
    (record,) = tmp_path.glob("C-07-*.jsonl")
    start = json.loads(record.read_text().splitlines()[0])
    assert {k: start["settings"][k] for k in ("clinician", "credentials", "delivery")} == {
        "clinician": "Dana Whitfield",
        "credentials": "MA, CCC-SLP",
        "delivery": "remote",
    }
    assert start["settings"]["service_codes"] == "92507"
    assert start["settings"]["assist_scale"] == "fim"
    play(w.session, 2)
    assist = find(app, ipw.Dropdown, description="Assist")
    offered = [label for label, _ in assist.options]
    assert offered[:3] == ["not rated", "Independent", "Supervision"] and "Min A" in offered
    assert "Moderate cues" not in offered  # one scale: the one chosen
    assist.value = "Min A"
    find(app, ipw.Button, description="End session").click()
    stem = record.name.removesuffix(".jsonl")
    page = (tmp_path / f"{stem}-summary.html").read_text()
    for field in (
        "<th>Clinician</th><td>Dana Whitfield</td>",
        "<th>Credentials</th><td>MA, CCC-SLP</td>",
        "<th>Setting</th><td>Remote (telehealth)</td>",
        "<th>Service codes</th><td>92507</td>",
        "Min A (the clinician's rating on the FIM-style scale chosen for this session)",
        "Signature of the clinician: Dana Whitfield, MA, CCC-SLP",
    ):
        assert field in page, field
    details = json.loads((tmp_path / f"{stem}.json").read_text())["details"]
    assert details["clinician"] == "Dana Whitfield" and details["setting"] == "remote"
    assert details["assist_scale"] == "fim" and details["service_codes"] == "92507"
    begun = dt.datetime.fromisoformat(details["started_at"])
    over = dt.datetime.fromisoformat(details["ended_at"])
    assert begun.timestamp() == start["t"] and over > begun
    assert details["duration_s"] == over.timestamp() - begun.timestamp()
    find(app, ipw.Button, description="Save a de-identified copy").click()
    (copy,) = tmp_path.glob("deidentified-*.json")
    text = copy.read_text()
    assert "Whitfield" not in text and "CCC" not in text and "92507" not in text
    assert json.loads(text)["settings"]["delivery"] == "remote"


def test_a_text_setting_is_one_line_of_limited_length() -> None:
    with pytest.raises(SettingsError, match=r"clinician .* one line of text of at most 80"):
        SessionSettings(clinician="x" * 81)
    with pytest.raises(SettingsError, match=r"credentials .* one line of text"):
        SessionSettings(credentials="MS\nCCC-SLP")
    with pytest.raises(SettingsError, match="delivery is in person or remote"):
        SessionSettings(delivery="phone")
    with pytest.raises(SettingsError, match="assist_scale is cue levels or FIM-style"):
        SessionSettings(assist_scale="Min A")
