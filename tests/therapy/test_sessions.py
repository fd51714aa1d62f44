"""Guided sessions: the cue ladder, errorless mode, the journal and resume, the report figures."""

from __future__ import annotations

import json
from pathlib import Path
from unittest.mock import ANY

import ipywidgets as ipw
import pytest

from cfwidget import RulesError, ScoreError, SessionError, SettingsError
from cfwidget.core import Rules
from cfwidget.table import contrast
from cfwidget.therapy.app import guided_app
from cfwidget.therapy.cues import Cue, CueLadder, cue_for
from cfwidget.therapy.journal import Journal, read_journal
from cfwidget.therapy.report import SessionLog, load_log, summary
from cfwidget.therapy.scorekeeper import ScoreKeeper
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings, check_assist, check_client
from cfwidget.therapy.widget import BUTTON_COLOURS, GuidedSession, therapist_controls


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


def play_turns(s: Session, clock: Clock, turns: int) -> None:
    """The client plays the shown move after 2 s each turn; bots move on Next."""
    while len(s.turns) < turns and not s.round.is_over:
        if s.whose_turn() == "bot":
            s.bot_step()
            continue
        clock.now += 2
        assert s.attempt(s.cue_for_level(4).move or "").accepted


# -- settings --------------------------------------------------------------------------------


def test_client_code_is_a_short_pseudonym() -> None:
    assert check_client(" C-07 ") == "C-07"
    for bad in ("Jane Doe", "x", "a" * 13, "", "ab@c", 12):
        with pytest.raises(SettingsError):
            check_client(bad)


def test_settings_are_checked() -> None:
    with pytest.raises(SettingsError, match="6, 9 or 12"):
        SessionSettings(max_pip=7)
    with pytest.raises(SettingsError, match="bots"):
        SessionSettings(bots=4)
    with pytest.raises(SettingsError, match="someone to play with"):
        SessionSettings(bots=0)
    assert SessionSettings(bots=0, second_person=True).people == (0, 1)
    assert SessionSettings(bots=3).rules().hand_size == 5  # double-6 for four
    assert check_assist("min a", "fim") == "Min A"
    assert check_assist(" moderate CUES") == "Moderate cues"  # the cue scale by default
    with pytest.raises(SettingsError, match="FIM terms such as Min A need the FIM scale"):
        check_assist("Min A")
    with pytest.raises(SettingsError, match="assist level is one of"):
        check_assist("a bit", "fim")
    with pytest.raises(SettingsError, match="the assist scale is 'cues' or 'fim'"):
        check_assist("Min A", "FIM-ish")


# -- the cue ladder ---------------------------------------------------------------------------


def test_ladder_escalates_after_the_wait_and_after_refusals() -> None:
    ladder = CueLadder(start=0, wait=10)
    assert ladder.begin(100.0) == 0
    assert [ladder.tick(t) for t in (105.0, 109.9, 110.0, 115.0, 120.0)] == [0, 0, 1, 1, 2]
    assert ladder.refused(121.0) == 3
    assert ladder.tick(130.0) == 3  # the wait counts again from the last rise
    assert ladder.tick(131.0) == 4
    assert ladder.refused(132.0) == 4 and ladder.tick(500.0) == 4  # never above 4
    assert ladder.due() is None
    assert ladder.finish() == 4


def test_ladder_fades_after_turns_at_the_base_level() -> None:
    ladder = CueLadder(start=3, wait=10, fade_every=2)
    bases = []
    for turn in range(8):
        ladder.begin(turn * 100.0)
        if turn == 2:
            ladder.refused(turn * 100.0 + 1)  # one hard turn: the streak starts again
        ladder.finish()
        bases.append(ladder.base)
    assert bases == [3, 2, 2, 2, 1, 1, 0, 0]


def test_cue_content_rises_with_the_level() -> None:
    s = Session(SessionSettings(seed=4), client="AB12", clock=Clock())
    rnd = s.round
    cues = [cue_for(rnd, 0, level) for level in range(5)]
    # Each level adds one kind of help; level 0 gives none.
    assert cues[0] == Cue(0)
    assert cues[1].prompt == "Your turn. Look at the ends of the lines."
    assert cues[1].ends == () and cues[1].tiles == () and cues[1].move is None
    assert cues[2].prompt == "Look for a tile with a 6." and cues[2].ends == ("6-6",)
    assert cues[2].tiles == () and cues[2].move is None
    assert cues[3].tiles == ("6-4", "6-3", "6-2") and cues[3].move is None
    assert cues[3].prompt == "These tiles fit: 6-4, 6-3, 6-2."
    assert cues[4].move == "6-4@6-6" and cues[4].confirm
    assert cues[4].prompt.startswith("Try 6-4. It goes on 6-6.") and "OK" in cues[4].prompt


def test_session_cue_rises_with_time_and_fades_over_turns(tmp_path: Path) -> None:
    clock = Clock()
    st = SessionSettings(seed=4, cue_start=2, cue_wait=15, fade_every=1)
    s = Session(st, client="AB12", clock=clock, journal=tmp_path / "s.jsonl")
    assert s.level() == 2
    clock.now += 14.9
    assert s.tick() == 2 and s.next_cue_at() == pytest.approx(clock.now + 0.1)
    clock.now += 0.1
    assert s.tick() == 3
    s.pause()
    clock.now += 100  # paused: nothing rises
    assert s.tick() == 3
    s.carry_on()
    clock.now += 14
    assert s.tick() == 3
    assert s.attempt(s.cue_for_level(4).move or "").accepted
    record = s.turns[0]
    assert (record.cue, record.refused, record.response) == (3, 0, 29.0)
    # Turn 1 rose above its base: with fade_every=1 the base steps up to 3; then each easy
    # turn fades one level.
    play_turns(s, clock, 4)
    assert [t.cue for t in s.turns[:4]] == [3, 3, 2, 1]


def test_the_ladder_steps_up_after_repeated_help_and_down_after_easy_turns() -> None:
    ladder = CueLadder(start=0, wait=10, fade_every=2)
    bases = []
    for turn in range(12):
        now = turn * 100.0
        ladder.begin(now)
        if turn < 8:  # needs more help every turn: an error each time
            ladder.refused(now + 1)
        ladder.finish()
        bases.append(ladder.base)
    # Up one level after each 2 turns in a row that needed more, to 3 at most; then down.
    assert bases == [0, 1, 1, 2, 2, 3, 3, 3, 3, 2, 2, 1]
    mixed = CueLadder(start=2, wait=10, fade_every=2)
    for needs in (True, False, True, False):  # never two in a row of either kind
        mixed.begin(0.0)
        if needs:
            mixed.refused(1.0)
        mixed.finish()
    assert mixed.base == 2
    still = CueLadder(start=2, wait=10, fade_every=0)  # 0: the base never moves
    for _ in range(5):
        still.begin(0.0)
        still.refused(1.0)
        still.finish()
    assert still.base == 2


def test_a_session_steps_the_cue_up_for_a_client_who_needs_more_help() -> None:
    clock = Clock()
    s = Session(SessionSettings(seed=4, cue_start=0, fade_every=2), client="AB12", clock=clock)
    starts = []
    while len(s.turns) < 6 and not s.round.is_over:
        if s.whose_turn() == "bot":
            s.bot_step()
            continue
        starts.append(s.level())
        clock.now += 25  # no move for longer than the wait: the cue rises every turn
        s.tick()
        assert s.attempt(s.cue_for_level(4).move or "").accepted
    assert starts[:6] == [0, 0, 1, 1, 2, 2]


def test_confirm_places_the_move_together() -> None:
    clock = Clock()
    s = Session(SessionSettings(seed=4, cue_start=4), client="AB12", clock=clock)
    assert s.cue().confirm and s.cue().move == "6-4@6-6"
    assert s.confirm().accepted
    assert s.round.history[0] == (0, s.round.history[0][1]) and str(s.round.moves[0]) == "6-4@6-6"
    assert s.turns[0].cue == 4


# -- errorless mode ------------------------------------------------------------------------------


def test_errorless_refuses_gently_and_raises_the_cue() -> None:
    s = Session(SessionSettings(seed=7, errorless=True), client="AB12", clock=Clock())
    before = s.round.copy()
    out = s.attempt("0-0@6-6")
    assert not out.accepted and out.message == "Let's look again together."
    assert s.round == before  # nothing was dropped anywhere
    assert s.level() == 1
    assert s.events[-1]["event"] == "refused"


@pytest.mark.parametrize(
    ("level", "words"),
    [
        (0, "Not that one."),  # level 0: only that the try was refused
        (1, "Not that one: 0-0 does not match 6-6."),
        (2, "Not that one: 0-0 does not match 6-6: the open end of 6-6 shows 6."),
    ],
)
def test_plain_mode_says_why_as_far_as_the_level_allows(level: int, words: str) -> None:
    s = Session(
        SessionSettings(seed=7, errorless=False, cue_start=level), client="AB12", clock=Clock()
    )
    assert s.attempt("0-0@6-6").message == words
    assert s.events[-1]["reason"] == "0-0 does not match 6-6: the open end of 6-6 shows 6"


def test_out_of_turn_and_paused_change_nothing() -> None:
    s = Session(SessionSettings(seed=0), client="AB12", clock=Clock())
    assert s.whose_turn() == "bot" and not s.attempt("draw").accepted
    s.pause()
    assert not s.bot_step() and s.attempt("draw").message == "The session is paused."
    s.carry_on()
    assert s.bot_step() and s.whose_turn() == "client"


def test_undo_takes_back_the_last_turn_and_the_bot_moves_after_it() -> None:
    clock = Clock()
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock)
    play_turns(s, clock, 2)
    while s.whose_turn() == "bot":
        s.bot_step()
    history = s.round.history
    assert s.undo()
    assert len(s.turns) == 1 and len(s.undone) == 1
    assert s.whose_turn() == "client"
    assert s.round.history == history[: len(s.round.history)]
    assert s.round.history[-1][0] != 0 or len(s.round.history) == 1


# -- the journal and resume -------------------------------------------------------------------


def test_every_event_is_on_disk_as_it_happens(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    clock = Clock()
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock, journal=path, goals="scan")
    play_turns(s, clock, 3)
    lines = path.read_text().splitlines()
    assert len(lines) == len(s.events)
    assert [json.loads(x) for x in lines] == [{**e, "check": ANY} for e in s.events]
    assert read_journal(path).events == s.events  # the checks are read and set aside
    start = s.events[0]
    assert start["client"] == "AB12" and start["goals"] == "scan"
    assert "name" not in json.dumps(start["settings"])


def test_resume_rebuilds_the_same_session(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    clock = Clock()
    s = Session(
        SessionSettings(seed=4, cue_start=1, fade_every=2), client="AB12", clock=clock, journal=path
    )
    play_turns(s, clock, 4)
    s.attempt("0-0@9-9")
    s.note("calm, engaged")
    with pytest.raises(SessionError, match="one writer at a time"):
        Session.resume(path, clock=clock)  # the session is still open: a second writer waits
    s.close()
    again = Session.resume(path, clock=clock)
    assert again.turns == s.turns
    assert again.round == s.round
    assert again.level() == s.level()
    assert again._ladders[0].base == s._ladders[0].base
    assert again.resume_note is None and again.notes == "calm, engaged"
    play_turns(again, clock, 6)  # and it carries on writing
    again.close()
    third = Session.resume(path, clock=clock)
    assert third.turns == again.turns


def test_a_cut_off_last_line_is_reported_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    clock = Clock()
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock, journal=path)
    play_turns(s, clock, 2)
    with path.open("a") as f:
        f.write('{"event": "move", "t": 17000')  # the power went out mid-line
    s.close()
    again = Session.resume(path, clock=clock)
    assert again.resume_note is not None and "cut off" in again.resume_note
    assert again.turns == s.turns
    assert (tmp_path / "s.jsonl.damaged").read_text().startswith('{"event": "move"')
    play_turns(again, clock, 3)
    read = read_journal(path)
    assert read.problem is None and len(again.turns) == 3


def test_a_damaged_middle_line_keeps_what_came_before_and_is_named(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    with Journal(path, fsync=False) as j:
        j.append({"event": "a", "n": 1, "t": 0})
    with path.open("a") as f:
        f.write("garbage\n")
    with Journal(path) as j:
        j.append({"event": "b", "n": 2, "t": 1})
    read = read_journal(path)
    assert [e["event"] for e in read.events] == ["a"]
    assert read.bad_lines == [2]
    assert read.problem is not None and "line 2" in read.problem
    assert "kept up to line 1" in read.problem


def test_a_new_session_never_overwrites_a_record(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    Session(SessionSettings(), client="AB12", clock=Clock(), journal=path)
    with pytest.raises(FileExistsError):
        Session(SessionSettings(), client="AB12", clock=Clock(), journal=path)


def test_end_records_assist_and_notes(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    clock = Clock()
    s = Session(SessionSettings(seed=4, assist_scale="fim"), client="AB12", clock=clock,
                journal=path)  # fmt: skip
    play_turns(s, clock, 1)
    with pytest.raises(SettingsError, match="on the FIM scale"):
        s.end("Moderate cues")  # one scale: the one chosen for the session
    s.end("Stand-by assist", notes="needed a rest")
    log = load_log(path)
    assert log.ended and log.assist == "Stand-by assist" and log.notes == "needed a rest"
    assert not s.attempt("draw").accepted


# -- the guided widget (message handling, no browser) -------------------------------------------


def _widget(**settings: object) -> tuple[GuidedSession, Clock]:
    clock = Clock()
    return GuidedSession(
        Session(SessionSettings(seed=4, **settings), client="AB12", clock=clock)
    ), clock


def _intent(w: GuidedSession, content: dict[str, object]) -> None:
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def test_widget_plays_through_the_session_and_logs_refusals() -> None:
    w, _ = _widget(errorless=True)
    _intent(w, {"kind": "play", "move": "5-5@6-6", "version": w.version, "seat": 0})
    assert w.message == "Let's look again together." and w.view["cue"]["level"] == 1
    assert w.session.events[-1]["event"] == "refused"
    _intent(w, {"kind": "play", "move": "6-4@6-6", "version": w.version, "seat": 0})
    assert w.session.turns[0].refused == 1 and w.view["waiting"] == "bot"
    _intent(w, {"kind": "next", "version": w.version, "seat": 0})
    assert w.view["waiting"] == "you"
    # The client's Undo stops once a bot has moved (its tile stays played) ...
    assert w.view["can_undo"] is False
    _intent(w, {"kind": "undo", "version": w.version, "seat": 0})
    assert len(w.session.turns) == 1 and w.message.endswith("cannot be taken back.")
    # ... the therapist can always take the turn back.
    assert w.take_back()
    assert w.session.turns == [] and len(w.session.round.history) == 0


def test_widget_view_keeps_other_hands_out() -> None:
    w, _ = _widget(bots=2)
    text = json.dumps(w.view)
    for seat in (1, 2):
        for tile in w.session.round.hands[seat]:
            shown = any(str(tile) == row["tile"] for row in w.view["table"])
            assert f'"{tile}"' not in text or shown


def test_widget_cue_tick_and_pause() -> None:
    w, clock = _widget(cue_wait=5)
    assert w.view["guided"]["wait_ms"] == 5150
    clock.now += 5
    _intent(w, {"kind": "cue_tick", "version": w.version, "seat": 0})
    assert w.view["cue"]["level"] == 1 and w.view["cue"]["prompt"].startswith("Your turn")
    w.pause()
    assert w.view["waiting"] == "paused" and w.view["guided"]["wait_ms"] is None
    _intent(w, {"kind": "play", "move": "6-4@6-6", "version": w.version, "seat": 0})
    assert w.message == "The session is paused." and not w.session.round.history
    w.carry_on()
    w.end("Independent", "good focus")
    assert w.session.ended and w.view["status"] == "The session has ended. Thank you!"


def test_therapist_controls_drive_the_session() -> None:
    w, _ = _widget()
    box = therapist_controls(w)
    pause = box.children[0].children[0]
    pause.value = True
    assert w.session.paused
    pause.value = False
    cue = [b for b in box.children[1].children if isinstance(b, ipw.Button)]
    live = [b.description for b in cue if b.button_style]
    assert live == ["0"]  # the live level is the one shown
    cue[3].click()
    assert w.session.level() == 3 and w.view["cue"]["tiles"] == ["6-4", "6-3", "6-2"]
    assert [b.description for b in cue if b.button_style] == ["3"]
    chosen = sum(1 for e in w.session.events if e["event"] == "cue")
    cue[3].click()  # the level shown, chosen again: applied and recorded again
    assert sum(1 for e in w.session.events if e["event"] == "cue") == chosen + 1
    w.session.tick()
    assistant = box.children[5].children[0]
    assert assistant.value is None  # no default: the therapist rates it or it is not rated
    box.children[5].children[1].click()
    assert w.session.ended and w.session.assist is None
    assert all(b.disabled for b in cue)


# -- the score keeper ----------------------------------------------------------------------------


def test_score_keeper_counts_tiles_edits_and_breaks_ties(tmp_path: Path) -> None:
    keeper = ScoreKeeper(["Ann", "Bob", "Cy"], rules=Rules(max_pip=6, double_blank=25))
    assert keeper.labels == ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"]
    assert keeper.enter("Ann", tiles=["0-0", "6-5"]) == 36
    keeper.enter("Bob", points=0)
    keeper.enter("Cy", points=12)
    assert keeper.current == 1  # the next round opens by itself
    keeper.enter("Ann", 0)
    keeper.enter("Bob", 36)
    keeper.enter("Cy", 24)
    sheet = keeper.sheet()
    assert sheet.labels == ("6-6", "5-5") and sheet.totals == [36, 36, 36]
    # Ann and Bob each have one zero round; Ann's lowest non-zero is 36 too: they share.
    assert sheet.places() == [(1, "Ann", 36), (1, "Bob", 36), (3, "Cy", 36)]
    keeper.enter("Cy", 10, round=0)  # a past round corrected
    assert keeper.sheet().standings()[0] == "Cy"
    with pytest.raises(ScoreError, match="counted twice"):
        keeper.enter("Ann", tiles=["6-5", "5-6"])
    text = keeper.to_csv(tmp_path / "s.csv")
    assert text.splitlines() == [
        "round,Ann,Bob,Cy",
        "6-6,36,0,10",
        "5-5,0,36,24",
        "4-4,,,",
        "Total,36,36,34",
    ]


def test_score_keeper_taps_tiles_on_the_picture() -> None:
    keeper = ScoreKeeper(["Ann", "Bob"], rules=Rules(max_pip=6))
    picker = keeper._picker
    assert len(picker.tiles) == 28 and all(
        "<circle" in t["svg"] or t["tile"] == "0-0" for t in picker.tiles
    )  # drawn with pips
    # What a browser sends: the tapped tiles. Anything outside the set is dropped.
    picker.set_state({"selected": ["0-0", "3-1", "9-9", "nonsense", "3-1"]})
    assert picker.selected == ["0-0", "3-1"]
    assert "54 points" in keeper._count.value
    keeper._from_tiles.click()
    assert keeper.rows[0] == [54, None]
    assert picker.selected == []


def test_score_keeper_moves_to_the_next_round_when_a_row_is_full() -> None:
    keeper = ScoreKeeper(["Ann", "Bob"], rules=Rules(max_pip=6))
    keeper._typed.value = 7
    keeper._from_typed.click()
    assert keeper.current == 0
    keeper._player.value = "Bob"
    keeper._typed.value = 0
    keeper._from_typed.click()
    assert keeper.current == 1 and keeper.rows[0] == [7, 0]
    assert "Standings: 1. <bdi>Bob</bdi> (0), 2. <bdi>Ann</bdi> (7)" in keeper._table.value


def test_score_keeper_plays_to_a_target_total() -> None:
    """002: play until someone reaches an agreed total; the doubles come round again."""
    keeper = ScoreKeeper(["Ann", "Bob"], rules=Rules(max_pip=3, spokes=3, game_target=40))
    for _ in range(5):  # four doubles, then 3-3 again
        keeper.enter("Ann", 5)
        keeper.enter("Bob", 0)
    assert not keeper.is_over
    assert keeper.labels[4] == "3-3" and keeper.current == 5
    keeper.enter("Ann", 20)
    keeper.enter("Bob", 1)
    assert keeper.is_over
    assert keeper.sheet().totals == [45, 1]
    assert len(keeper.rows) == 6  # no empty seventh round once the game is over


def test_session_errors_say_what_a_record_must_be(tmp_path: Path) -> None:
    with pytest.raises(SessionError, match="begins with its 'start' event"):
        SessionLog.from_events([{"event": "turn", "t": 0.0}])
    with pytest.raises(SessionError, match="a session record is a list of events"):
        SessionLog.from_events("start")  # type: ignore[arg-type]
    with pytest.raises(SessionError, match="damaged: every event needs an 'event' name and a time"):
        SessionLog.from_events([{"event": "start"}])  # no time 't'
    with pytest.raises(SessionError, match="damaged"):
        SessionLog.from_events([{"event": "start", "t": 0.0}, "turn"])  # type: ignore[list-item]
    with pytest.raises(SessionError, match="a SessionLog, a Session or the path"):
        summary([42])  # type: ignore[list-item]
    journal = Journal(tmp_path / "a.jsonl")
    journal.close()
    with pytest.raises(SessionError, match="is closed"):
        journal.append({"event": "note"})
    with pytest.raises(SessionError, match=r"session must be a cf\.Session"):
        GuidedSession("AB12")  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match=r"settings must be a cf\.SessionSettings"):
        Session({"bots": 2}, client="AB12")  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="the wait before a cue rises must be positive"):
        CueLadder(wait="long")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"rules must be a cf\.Rules"):
        ScoreKeeper(["Ann", "Bob"], rules="wolf-lake")  # type: ignore[arg-type]


def _buttons(box: ipw.Widget) -> list[ipw.Button]:
    found = [box] if isinstance(box, ipw.Button) else []
    for child in getattr(box, "children", ()):
        found += _buttons(child)
    return found


def test_coloured_buttons_keep_white_text_readable(tmp_path: Path) -> None:
    # WCAG AA: 4.5:1 for text. The theme's own success green gives 4.1:1 with white.
    for colour in BUTTON_COLOURS.values():
        assert contrast(colour, "#ffffff") >= 4.5
    assert contrast("#388e3c", "#ffffff") < 4.5
    w = GuidedSession(Session(SessionSettings(seed=4), client="AB12", clock=lambda: 0.0))
    styled = [
        b
        for b in _buttons(guided_app(tmp_path)) + _buttons(therapist_controls(w))
        if b.button_style
    ]
    assert {b.description for b in styled} == {"Start the session", "End session", "0"}
    for b in styled:
        assert b.style.text_color == "#ffffff"
        assert contrast(b.style.button_color, "#ffffff") >= 4.5
