"""A session's history is never rewritten: undo, take back, an open trial at End, resume.

Each test plays a live session with a hand-driven clock and checks the figures the
reports give (from the record on disk too) against a tally kept here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cfwidget.core import full_set
from cfwidget.therapy.app import hand_over
from cfwidget.therapy.report import figures, load_log
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings
from cfwidget.therapy.widget import GuidedSession


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


def to_client(s: Session) -> None:
    """Let the bots move until the client has a trial (a tile to choose)."""
    for _ in range(200):
        if s.whose_turn() == "bot":
            s.bot_step()
        elif s.whose_turn() == "client" and s._current is not None and s._current["trial"]:
            return
        elif s.whose_turn() == "client":  # a forced draw or pass: done for the client
            assert s.attempt(s.cue_for_level(4).move or "").accepted
        else:
            s.next_round()
    raise AssertionError("the client never had a trial")


def wrong(s: Session) -> None:
    """A try that is not allowed: a tile the client does not hold, onto the first end."""
    hand = set(s.round.hands[0])
    tile = next(t for t in full_set(6) if t not in hand and not t.is_double)
    end = s.round.open_ends()[0][0]
    assert not s.attempt(f"{tile}@{end}").accepted


def right(s: Session, clock: Clock) -> None:
    clock.now += 3
    assert s.attempt(s.cue_for_level(4).move or "").accepted


@pytest.mark.parametrize("how", ["undo", "take back"])
def test_a_wrong_first_try_stays_wrong_after_undo(tmp_path: Path, how: str) -> None:
    clock = Clock()
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock, journal=path)
    to_client(s)
    wrong(s)
    right(s, clock)
    if how == "undo":
        assert s.undo()
    else:
        assert GuidedSession(s).take_back()
    to_client(s)
    right(s, clock)  # played again, right at once
    s.end()
    for f in (figures(s), figures(path)):
        assert (f.trials, f.first_try, f.accuracy, f.errors, f.undone) == (1, 0, 0.0, 1, 1)
    trial = load_log(path).seat_trials()[0]
    assert trial["turns"] == [1, 2] and trial["undone"] == [1] and trial["completed"]
    assert trial["tries"] == 3  # the wrong try, the move taken back, the move played again
    redo = [e for e in s.events if e["event"] == "turn"][-1]
    assert redo["redo_of"] == 1


def test_a_trial_open_at_the_end_counts_with_its_tries(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock, journal=path)
    for _ in range(2):
        to_client(s)
        right(s, clock)
    to_client(s)
    wrong(s)
    wrong(s)
    s.end()
    for f in (figures(s), figures(path)):
        assert (f.trials, f.first_try, f.errors, f.not_completed) == (3, 2, 2, 1)
        assert f.accuracy == 0.667
    last = load_log(path).seat_trials()[-1]
    assert (last["completed"], last["tries"], last["seconds"]) == (False, 2, None)


def test_every_wrong_try_is_counted_however_many() -> None:
    clock = Clock()
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock)
    to_client(s)
    for _ in range(10):
        wrong(s)
    right(s, clock)
    f = figures(s)
    assert (f.trials, f.errors, f.prevented) == (1, 10, 10)


def test_an_undone_turn_under_way_is_not_a_finished_turn() -> None:
    clock = Clock()
    s = Session(SessionSettings(seed=4, hand_size=3), client="AB12", clock=clock)
    to_client(s)
    right(s, clock)
    before = len(s.turns)
    # The client has a turn open with tries, then the therapist takes back: the previous
    # turn goes, and the open trial's wrong try still counts.
    to_client(s)
    wrong(s)
    assert s.undo()
    assert len(s.turns) == before - 1
    to_client(s)
    right(s, clock)
    to_client(s)
    right(s, clock)
    s.end()
    f = figures(s)
    # Trial 1 (right, taken back, played again) and trial 2 (a wrong try, then right).
    assert (f.trials, f.first_try, f.errors, f.undone) == (2, 1, 1, 1)


# -- resume ---------------------------------------------------------------------------------------


def test_a_resumed_session_ends_with_its_summary_csv_and_json(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock, journal=path)
    to_client(s)
    right(s, clock)
    s.save_notes("calm at the start")
    s.close()  # the crash: the record stays, unfinished
    again = Session.resume(path, clock=clock)
    assert again.path == path
    # The notes typed before the crash come back to go on with (their draft), and stay.
    assert again.typed_notes == "calm at the start" and again.notes == "calm at the start"
    again.save_notes("calm at the start\ntired later")
    to_client(again)
    wrong(again)
    again.end(plan="shorter session")
    assert again.notes == "calm at the start\ntired later"
    files = hand_over(again)
    assert [p.name for p in files] == [
        "AB12-2024-06-03-1-summary.html",
        "AB12-2024-06-03-1-turns.csv",
        "AB12-2024-06-03-1-trials.csv",
        "AB12-2024-06-03-1.json",
    ]
    assert all(p.exists() for p in files)
    log = load_log(path)
    assert log.notes == "calm at the start\ntired later" and log.plan == "shorter session"
    f = figures(log)
    assert (f.trials, f.first_try, f.errors, f.not_completed) == (2, 1, 1, 1)
    assert "calm at the start" in files[0].read_text(encoding="utf-8")
    assert "tired later" in files[0].read_text(encoding="utf-8")


def test_resume_read_only_knows_its_path(tmp_path: Path) -> None:
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4), client="AB12", clock=Clock(), journal=path)
    s.close()
    assert Session.resume(path, append=False).path == path


def test_quick_taps_in_the_widget_are_each_a_try() -> None:
    clock = Clock()
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock)
    to_client(s)
    w = GuidedSession(s)
    hand = set(s.round.hands[0])
    fits = {m.tile for m in s.round.legal_moves()}
    tile = str(next(t for t in hand if t not in fits))
    sent = w.version
    for _ in range(10):  # ten taps, all sent from the first view (before the next arrived)
        assert not w.handle_intent({"kind": "try", "tile": tile, "version": sent})
    move = s.cue_for_level(4).move or ""
    assert w.handle_intent({"kind": "play", "move": move, "version": w.version})
    assert (figures(s).errors, figures(s).prevented) == (10, 10)
    # A tap sent from a view of an earlier turn is refused, not counted.
    assert not w.handle_intent({"kind": "try", "tile": tile, "version": sent})
    assert figures(s).errors == 10


def test_quick_wrong_passes_are_each_an_error_and_a_doubled_draw_is_not_two_draws() -> None:
    clock = Clock()
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock)
    to_client(s)
    w = GuidedSession(s)
    sent = w.version
    for _ in range(3):  # Pass while a tile fits, three taps from the same view
        assert not w.handle_intent({"kind": "pass", "version": sent})
    assert sum(e["event"] == "refused" for e in s.events) == 3
    # A Draw the rules allow, clicked twice from the same view, draws once.
    for seed in range(60):
        s = Session(SessionSettings(seed=seed, hand_size=3), client="AB12", clock=clock)
        for _ in range(40):
            while s.whose_turn() == "bot":
                s.bot_step()
            if s.whose_turn() != "client":
                break
            if [str(m) for m in s.round.legal_moves()] == ["draw"]:
                w = GuidedSession(s)
                sent = w.version
                assert w.handle_intent({"kind": "draw", "version": sent})
                assert not w.handle_intent({"kind": "draw", "version": sent})
                moves = [e["move"] for e in s.events if e["event"] == "move" and e["seat"] == 0]
                assert moves[-1] == "draw" and moves[-2:] != ["draw", "draw"]
                assert not any(e["event"] == "refused" for e in s.events)
                return
            assert s.attempt(str(s.round.legal_moves()[0])).accepted
    raise AssertionError("no seed gave the client a forced draw")
