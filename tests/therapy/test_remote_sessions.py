"""Remote guided sessions, the therapy side: what the client's device may receive, the
share's panel in the therapist's app, and the client's device connecting and dropping in
the record (an appended line that changes no figure)."""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as ipw
import pytest

from cfwidget import SettingsError
from cfwidget.therapy.app import NO_SHARE, guided_app
from cfwidget.therapy.datasheet import export_deidentified, trial_table
from cfwidget.therapy.report import figures, load_log, session_details
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SETTINGS, SessionSettings
from cfwidget.therapy.summary_html import session_summary_html
from cfwidget.therapy.widget import GuidedSession, therapist_controls
from cfwidget.widget import View

# -- what the client's screen receives -------------------------------------------------------

#: Every synced trait of a GuidedSession a room may send to the client's device, and what it
#: may hold. (ipywidgets' own ``layout``, ``tabbable``, ``tooltip`` and every ``_`` trait are
#: the notebook's machinery: the room never sends them.)
CLIENT_TRAITS = {
    "view": "the client's seat's view of the game (its own hand only), the cue marks, the"
    " guided-play switches; never the client code, goals, notes, plan, data sheet",
    "message": "one calm sentence about the client's last request that was refused",
    "display": "pips, numerals or colour",
    "large": "large tiles or not",
    "palette": "the colours of the numbers",
}
#: Machinery of ipywidgets and anywidget that every widget has, never sent by the room.
MACHINERY = {"layout", "tabbable", "tooltip"}
#: The cue marks: what the client's screen shows to help (all of it is for the client).
CUE_KEYS = {
    "level": "the cue level now, 0 to 4 (the marks drawn follow it)",
    "label": "the level's name, e.g. 'The number to look for'",
    "ends": "the open ends to ring",
    "prompt": "the prompt to show or read aloud, held to the level",
    "move": "the move shown at level 4",
    "tile": "the tile of that move",
    "onto": "where it goes",
    "confirm": "whether OK places it together",
    "tiles": "the tiles that fit, lifted at level 3",
}
#: The guided-play switches the client's page acts on.
GUIDED_KEYS = {
    "errorless": "a wrong tap is stopped gently",
    "speech": "prompts are read aloud",
    "sound": "a chime when the client's turn comes",
    "paused": "the therapist paused (the page says 'Paused. Take your time.')",
    "ended": "the session has ended",
    "wait_ms": "when the page asks for the cue to rise",
    "turns": "how many turns are recorded (a number, no contents)",
    "show_fit": "whether the hand may show which tiles fit",
}
#: Distinctive words of everything only the therapist may see.
PRIVATE = {
    "client code": "QX-97",
    "goals": "scanning leftwards",
    "clinician": "Okafor",
    "credentials": "CCC-SLP",
    "service codes": "92507",
    "notes": "seemed sleepy",
    "plan": "fade cues sooner",
}


def client_traits(w: GuidedSession) -> dict[str, Any]:
    """What a room sends the client's device: every synced trait but the machinery."""
    names = {n for n in w.traits(sync=True) if not n.startswith("_") and n not in MACHINERY}
    return {n: getattr(w, n) for n in sorted(names)}


def check_client_screen(w: GuidedSession) -> None:
    traits = client_traits(w)
    assert set(traits) == set(CLIENT_TRAITS)
    view = traits["view"]
    assert set(view) == set(View.__annotations__)  # the game's view of seat 0, nothing added
    assert view["seat"] == 0
    assert set(view["cue"]) == set(CUE_KEYS)
    assert set(view["guided"]) == set(GUIDED_KEYS)
    assert isinstance(view["guided"]["turns"], int)
    text = json.dumps(traits)
    for what, words in PRIVATE.items():
        assert words not in text, f"the client's screen received the {what}"


def test_the_client_screen_receives_nothing_of_the_therapists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole session with every private field filled in, checked after every step: the
    synced traits are the named ones, and none holds the therapist's words."""
    from cfwidget.therapy import widget as guided_widget

    monkeypatch.setattr(guided_widget, "NOTES_DELAY", 0.0)
    now = [1_780_000_000.0]
    settings = SessionSettings(
        seed=3,
        clinician="R. Okafor",
        credentials="MS, CCC-SLP",
        service_codes="92507",
        delivery="remote",
        errorless=False,
    )
    s = Session(
        settings,
        client=PRIVATE["client code"],
        goals=PRIVATE["goals"],
        journal=tmp_path / "QX-97.jsonl",
        clock=lambda: now[0],
    )
    w = GuidedSession(s)
    controls = therapist_controls(w)
    check_client_screen(w)
    s.save_notes(PRIVATE["notes"])
    for step in range(40):
        now[0] += 7.0
        if s.whose_turn() == "client":
            obs = s.round.observation(0)
            fits = {m.tile for m in obs.legal_moves}
            wrong = next((t for t in obs.hand if t not in fits), None)
            if step % 3 == 0 and wrong is not None:  # a wrong tap first
                w.handle_intent({"kind": "try", "tile": str(wrong), "version": w.version})
            else:
                w.handle_intent({"kind": "cue_tick", "version": w.version, "seat": 0})
                w.set_cue(4)
                w.handle_intent({"kind": "confirm", "version": w.version, "seat": 0})
        elif s.whose_turn() == "bot":
            w.handle_intent({"kind": "next", "version": w.version, "seat": 0})
        if step == 10:
            w.pause()
            check_client_screen(w)
            w.carry_on()
        check_client_screen(w)
    assert len(s.turns) >= 5  # the session went on, with wrong taps and the therapist's cues
    assert any(e["event"] == "refused" for e in s.events)
    assert any(e["event"] == "cue" and e["why"] == "therapist" for e in s.events)
    assert find(controls, ipw.Textarea, description="Plan") is not None
    w.end(None, PRIVATE["notes"], PRIVATE["plan"])
    check_client_screen(w)
    assert PRIVATE["plan"] in (tmp_path / "QX-97.jsonl").read_text()  # the record has it


# -- the share's panel in the app -------------------------------------------------------------


def find(box: Any, kind: type, **attrs: Any) -> Any:
    if isinstance(box, kind) and all(getattr(box, k, None) == v for k, v in attrs.items()):
        return box
    for child in getattr(box, "children", ()):
        found = find(child, kind, **attrs)
        if found is not None:
            return found
    return None


class FakeShare:
    """A share as a room would be: records what it was given, returns a panel."""

    def __init__(self) -> None:
        self.calls: list[GuidedSession] = []
        self.device: Callable[[bool], None] | None = None
        self.panel = ipw.HTML("<p>Client's link: http://example.invalid/join#s.x</p>")

    def __call__(self, widget: GuidedSession, device: Callable[[bool], None]) -> ipw.Widget:
        self.calls.append(widget)
        self.device = device
        return self.panel


class Clock:
    def __init__(self) -> None:
        self.now = 1_780_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def start(app: ipw.VBox, *, remote: bool, code: str = "C-07") -> GuidedSession:
    find(app, ipw.Text, description="Client code").value = code
    setting = find(app, ipw.Dropdown, description="Setting")
    setting.value = SETTINGS["delivery"].index("remote" if remote else "in person")
    find(app, ipw.Button, description="Start the session").click()
    w = app.session_widget
    assert isinstance(w, GuidedSession)
    return w


def test_a_remote_session_shows_the_share_above_the_controls(tmp_path: Path) -> None:
    share = FakeShare()
    app = guided_app(records=tmp_path, clock=Clock(), seed=11, share=share)
    w = start(app, remote=True)
    assert share.calls == [w]
    first = app.children[0]
    assert first.children == (share.panel,) and "cfw-remote" in first._dom_classes
    assert find(app.children[1], ipw.Button, description="End session") is not None
    (record,) = tmp_path.glob("C-07-*.jsonl")
    assert json.loads(record.read_text().splitlines()[0])["settings"]["delivery"] == "remote"


def test_an_in_person_session_never_calls_the_share(tmp_path: Path) -> None:
    share = FakeShare()
    app = guided_app(records=tmp_path, clock=Clock(), seed=11, share=share)
    start(app, remote=False)
    assert share.calls == []
    assert find(app, ipw.HTML, value=share.panel.value) is None
    assert not any("cfw-remote" in getattr(c, "_dom_classes", ()) for c in app.children)


def test_a_remote_session_without_a_share_says_how_to_host_the_clients_screen(
    tmp_path: Path,
) -> None:
    app = guided_app(records=tmp_path, clock=Clock(), seed=11)
    start(app, remote=True)
    said = app.children[0].children[0].value
    assert NO_SHARE in said and "remote_guided_app" in said
    assert "your controls and notes too" in said  # why sharing the window is no answer


def test_a_share_that_cannot_start_is_said_and_the_session_goes_on(tmp_path: Path) -> None:
    def broken(widget: GuidedSession, device: Callable[[bool], None]) -> ipw.Widget:
        raise OSError("port 8765 is in use")

    app = guided_app(records=tmp_path, clock=Clock(), seed=11, share=broken)
    w = start(app, remote=True)
    assert "could not be hosted: port 8765 is in use" in app.children[0].children[0].value
    assert not w.session.ended and w.session.path is not None  # the session runs on


def test_a_share_must_be_a_function() -> None:
    with pytest.raises(SettingsError, match="share is a function"):
        guided_app(share="http://example.invalid")  # type: ignore[arg-type]


def test_resume_shows_the_share_again_with_the_new_widget(tmp_path: Path) -> None:
    clock = Clock()
    share = FakeShare()
    app = guided_app(records=tmp_path, clock=clock, seed=11, share=share)
    w = start(app, remote=True)
    share.device and share.device(True)
    w.session.close()  # the kernel died here, the client still connected
    again = guided_app(records=tmp_path, clock=clock, seed=11, share=share)
    find(again, ipw.Text, description="Client code").value = "C-07"
    find(again, ipw.Button, description="Resume").click()
    resumed = again.session_widget
    assert share.calls == [w, resumed] and resumed is not w
    assert again.children[0].children == (share.panel,)
    assert resumed.session.device_connected is None  # the old connection went with the kernel
    assert share.device is not None
    share.device(True)  # the client opens the new link
    events = [e for e in resumed.session.events if e["event"] == "client_device"]
    assert [e["state"] for e in events] == ["connected", "connected"]


# -- the client's device in the record ---------------------------------------------------------


def run_session(path: Path, device: Callable[[Session, int], None] | None) -> Session:
    """The same session, step by step on a clock set by hand; ``device`` is called at each
    step to connect or drop the client's device (never reading the clock by itself)."""
    now = [1_780_000_000.0]
    s = Session(
        SessionSettings(seed=9, delivery="remote", errorless=False),
        client="C-07",
        journal=path,
        clock=lambda: now[0],
    )
    for step in range(60):
        now[0] += 5.0
        if device is not None:
            device(s, step)
        if s.whose_turn() == "client":
            if step % 4 == 1:
                hand = s.round.observation(0).hand
                fits = {m.tile for m in s.round.observation(0).legal_moves}
                wrong = next((t for t in hand if t not in fits), None)
                if wrong is not None:
                    s.try_tile(wrong)
                    continue
            s.attempt(s.cue_for_level(4).move or "draw")
        elif s.whose_turn() == "bot":
            s.bot_step()
        if step == 12:
            s.pause()
        if step == 14:
            s.carry_on()
    now[0] += 5.0
    s.end("Minimal cues", "steady", "fade to 1")
    return s


def connect_and_drop(s: Session, step: int) -> None:
    if step in (0, 9):
        assert s.client_device(True)
    if step in (7, 13):  # once mid-turn, once while paused
        assert s.client_device(False)
    if step == 20:
        assert not s.client_device(False)  # no change: no line


def test_connects_and_drops_are_appended_and_change_no_figure(tmp_path: Path) -> None:
    plain = run_session(tmp_path / "plain.jsonl", None)
    remote = run_session(tmp_path / "remote.jsonl", connect_and_drop)
    lines = [json.loads(x) for x in (tmp_path / "remote.jsonl").read_text().splitlines()]
    devices = [e for e in lines if e["event"] == "client_device"]
    assert [(e["state"], e["t"] - lines[0]["t"]) for e in devices] == [
        ("connected", 5.0),
        ("dropped", 40.0),
        ("connected", 50.0),
        ("dropped", 70.0),
    ]
    assert [e["n"] for e in lines] == list(range(1, len(lines) + 1))  # appended in order
    numbering = ("n", "check")  # each line's number and its link in the record's check chain
    others = [{k: v for k, v in e.items() if k not in numbering} for e in lines if e not in devices]
    first = [
        {k: v for k, v in json.loads(x).items() if k not in numbering}
        for x in (tmp_path / "plain.jsonl").read_text().splitlines()
    ]
    assert others == first  # the rest of the record is line for line the in-person one
    a, b = load_log(tmp_path / "plain.jsonl"), load_log(tmp_path / "remote.jsonl")
    assert figures(a) == figures(b) and figures(b).trials >= 3 and figures(b).errors >= 1
    assert trial_table(a) == trial_table(b)
    assert a.turn_rows() == b.turn_rows() and a.time_on_task == b.time_on_task
    assert remote.turns == plain.turns
    assert [d["state"] for d in b.devices] == ["connected", "dropped", "connected", "dropped"]
    details = session_details(b)
    assert [d["state"] for d in details["client_device"]] == [d["state"] for d in devices]
    assert session_details(a)["client_device"] == []
    page = session_summary_html(b)
    assert "Remote (telehealth); the client&#x27;s screen connected at" in page or (
        "Remote (telehealth); the client's screen connected at" in page
    )
    assert "the client" not in session_summary_html(a).split("Setting")[1][:80]
    copy = export_deidentified(b, tmp_path / "copy.json").read_text()
    assert "client_device" not in copy and "connected" not in copy  # no clock times there


def test_the_record_takes_no_device_line_after_the_end(tmp_path: Path) -> None:
    s = run_session(tmp_path / "r.jsonl", None)
    size = (tmp_path / "r.jsonl").stat().st_size
    assert not s.client_device(True)
    assert (tmp_path / "r.jsonl").stat().st_size == size
    with pytest.raises(SettingsError, match="connected is True or False"):
        Session(client="AB12", clock=lambda: 0.0).client_device("yes")  # type: ignore[arg-type]


def test_a_resumed_record_with_device_lines_replays(tmp_path: Path) -> None:
    now = [1_780_000_000.0]
    path = tmp_path / "C-07-2026-05-01-1.jsonl"
    s = Session(SessionSettings(seed=9), client="C-07", journal=path, clock=lambda: now[0])
    s.client_device(True)
    now[0] += 3
    while not s.turns:
        if not s.bot_step():
            assert s.attempt(s.cue_for_level(4).move or "draw").accepted
    s.client_device(False)
    s.close()
    again = Session.resume(path, clock=lambda: now[0])
    assert again.turns == s.turns and len(again.turns) == 1 and again.device_connected is None
    assert [e["event"] for e in again.events if e["event"] == "client_device"] == [
        "client_device",
        "client_device",
    ]


def test_the_room_may_tell_from_its_own_thread(tmp_path: Path) -> None:
    share = FakeShare()
    app = guided_app(records=tmp_path, clock=Clock(), seed=11, share=share)
    w = start(app, remote=True)
    assert share.device is not None
    tell = share.device
    threads = [threading.Thread(target=tell, args=(i % 2 == 0,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (record,) = tmp_path.glob("C-07-*.jsonl")
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    states = [e["state"] for e in lines if e["event"] == "client_device"]
    assert states and all(a != b for a, b in itertools.pairwise(states))
    assert [e["n"] for e in lines] == list(range(1, len(lines) + 1))
    assert len(lines) == len(w.session.events)


def test_the_clients_screen_cannot_deal_a_game_the_record_would_not_hold() -> None:
    """Once the session's game is over, New game is neither offered nor done: the record
    holds one game, and a game dealt outside it would take taps the record never sees."""
    s = Session(SessionSettings(seed=4, max_pip=6), client="AB12", clock=lambda: 0.0)
    w = GuidedSession(s)
    while not s.game.is_over:
        if s.round.is_over:
            s.next_round()
        elif not s.bot_step():
            assert s.attempt(s.cue_for_level(4).move or "draw").accepted
    w.refresh(force=True)
    before = len(s.events)
    assert not w.view["can_new_game"]
    assert not w.handle_intent({"kind": "new_game", "version": w.version, "seat": 0})
    assert w.message == "This session's game is over. A new game starts with a new session."
    assert w.view["waiting"] == "game-over" or not w.view["playing"]
    assert w.session.game is s.game and s.game.is_over and len(s.events) == before


def test_a_tap_sent_before_the_device_line_still_counts() -> None:
    """The client's device connecting or dropping changes nothing on screen, so a tap sent
    from the view before it is not taken for a click on a position that changed."""
    s = Session(SessionSettings(seed=4, errorless=False), client="AB12", clock=lambda: 0.0)
    w = GuidedSession(s)
    version = w.version
    assert s.client_device(True)
    obs = s.round.observation(0)
    fits = {m.tile for m in obs.legal_moves}
    wrong = str(next(t for t in obs.hand if t not in fits))
    w.handle_intent({"kind": "try", "tile": wrong, "version": version, "seat": 0})
    assert s.events[-1]["event"] == "refused" and "Not that one" in w.message
    assert s.client_device(False)
    w.handle_intent({"kind": "play", "move": s.cue_for_level(4).move, "version": w.version})
    assert s.events[-1]["event"] in ("move", "turn", "turn_start")
    assert any(e["event"] == "move" and e["seat"] == 0 for e in s.events)
