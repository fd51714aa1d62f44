"""Every try is in a row: the totals a session reports are the sums of the rows of every file
End writes, however the session ends.

Each test plays a live session, keeps its own tally of the client's tries (the wrong ones,
the trials, the right first tries) and ends it one way: cleanly, with a trial open, with a
forced turn open after a draw, after a crash and Resume, after Undo or Take back. Then it
reads every file :func:`~cfwidget.therapy.app.hand_over` writes (the turns CSV, the trials
CSV, the JSON document and the one-page summary) and checks that their rows add up to the
tally and to the figures.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import re
from dataclasses import dataclass
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


@dataclass
class Tally:
    """What the client did, counted here: wrong tries, trials, trials right at the first try,
    trials left open."""

    errors: int = 0
    trials: int = 0
    first: int = 0
    open: int = 0


def bots(s: Session) -> None:
    for _ in range(200):
        if s.whose_turn() == "bot":
            s.bot_step()
        elif s.whose_turn() == "over" and not s.game.is_over:
            s.next_round()
        else:
            return


def is_trial(s: Session) -> bool:
    return s._current is not None and bool(s._current["trial"])


def wrong(s: Session, tally: Tally) -> None:
    """A try that is not allowed: a tile the client does not hold, onto the first end."""
    hand = set(s.round.hands[0])
    tile = next(t for t in full_set(6) if t not in hand and not t.is_double)
    end = s.round.open_ends()[0][0]
    assert not s.attempt(f"{tile}@{end}").accepted
    tally.errors += 1


def finish(s: Session, clock: Clock) -> None:
    """The client finishes the turn under way with the moves the rules allow."""
    clock.now += 2
    while s.whose_turn() == "client":
        assert s.attempt(s.cue_for_level(4).move or "").accepted


def trial(s: Session, clock: Clock, tally: Tally, errors: int = 0) -> None:
    """The client's next trial: ``errors`` wrong tries, then the right move (forced turns on
    the way are played)."""
    for _ in range(100):
        bots(s)
        if is_trial(s):
            break
        finish(s, clock)
    else:
        raise AssertionError("the client never had a trial")
    tally.trials += 1
    tally.first += errors == 0
    for _ in range(errors):
        wrong(s, tally)
    finish(s, clock)


def to_forced_draw(s: Session, clock: Clock, tally: Tally) -> bool:
    """Play on (trials right) until the client must draw; False if the game ended first."""
    for _ in range(200):
        bots(s)
        if s.whose_turn() != "client":
            return False
        if [str(m) for m in s.round.legal_moves()] == ["draw"]:
            return True
        tally.trials += is_trial(s)
        tally.first += is_trial(s)
        finish(s, clock)
    return False


def forced_session(tmp_path: Path, clock: Clock, tally: Tally) -> tuple[Session, Path]:
    """A session whose client has a forced draw under way (the draw made)."""
    for seed in range(80):
        path = tmp_path / f"AB12-2024-06-03-{seed + 1}.jsonl"
        s = Session(
            SessionSettings(seed=seed, hand_size=3, errorless=False),
            client="AB12",
            clock=clock,
            journal=path,
        )
        counted = Tally()
        if to_forced_draw(s, clock, counted):
            assert s.attempt("draw").accepted
            if s.whose_turn() == "client":  # the drawn tile is still the client's to play
                tally.__dict__.update(counted.__dict__)
                return s, path
        s.close()
    raise AssertionError("no seed gave the client a forced draw with the turn still open")


def rows_of(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))


def page_rows(page: str) -> list[list[str]]:
    """The rows of the summary page's trial-by-trial table, cell by cell."""
    tables = re.findall(r'<div class="trials">(.*?)</div>', page, re.S)
    assert len(tables) == 1
    body = "".join(re.findall(r"<tbody>(.*?)</tbody>", tables[0], re.S))
    return [re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", body)]


def check_every_file(s: Session, path: Path, tally: Tally) -> dict[str, int]:
    """Every file End writes against the tally and the figures; returns the counts found."""
    assert s.ended
    summary, turns_csv, trials_csv, doc_path = hand_over(s)
    f = figures(path)
    assert f == figures(s)  # the record on disk and the live session agree
    assert (f.errors, f.trials, f.first_try, f.not_completed) == (
        tally.errors,
        tally.trials,
        tally.first,
        tally.open,
    )
    # The turns CSV: one row per turn, turns without a turn line included (not completed).
    turns = [r for r in rows_of(turns_csv) if r["seat"] == "0"]
    assert sum(int(r["refused"]) for r in turns) == tally.errors
    assert sum(int(r["prevented"]) for r in turns) == f.prevented
    # The trials CSV (the data sheet): every error in a row, forced turns with errors too.
    trials = rows_of(trials_csv)
    assert sum(int(r["errors"]) for r in trials) == tally.errors
    proper = [r for r in trials if r["result"] != "forced"]
    assert [int(r["trial"]) for r in proper] == list(range(1, tally.trials + 1))
    assert sum(r["result"] == "+" for r in proper) == tally.first
    assert sum(r["completed"] == "False" for r in proper) == tally.open
    assert all(int(r["cue_level"]) <= int(r["highest_cue"]) for r in proper if r["completed"])
    # The JSON document: its turns and trials, and its figures.
    doc = json.loads(doc_path.read_text(encoding="utf-8"))
    assert sum(t["refused"] for t in doc["turns"] if t["seat"] == 0) == tally.errors
    assert sum(t["errors"] for t in doc["trials"]) == tally.errors
    assert doc["figures"]["errors"] == tally.errors
    assert doc["figures"]["trials"] == tally.trials
    # The summary page: one table row per data-sheet row, the same tries.
    cells = page_rows(summary.read_text(encoding="utf-8"))
    assert len(cells) == len(trials)
    assert sum(int(c[4]) for c in cells) == sum(int(r["tries"]) for r in trials)
    assert sum(c[0].startswith("F") for c in cells) == len(trials) - len(proper)
    return {"turn_rows": len(turns), "trial_rows": len(trials), "errors": tally.errors}


def test_a_clean_end(tmp_path: Path) -> None:
    clock, tally = Clock(), Tally()
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock, journal=path)
    for errors in (0, 2, 0, 1):
        trial(s, clock, tally, errors)
    s.end()
    assert check_every_file(s, path, tally)["errors"] == 3


def test_end_with_a_trial_open(tmp_path: Path) -> None:
    clock, tally = Clock(), Tally()
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4, errorless=False), client="AB12", clock=clock, journal=path)
    trial(s, clock, tally)
    trial(s, clock, tally, 1)
    bots(s)
    while not is_trial(s):
        finish(s, clock)
        bots(s)
    tally.trials += 1
    tally.open += 1
    wrong(s, tally)
    wrong(s, tally)
    s.end()
    found = check_every_file(s, path, tally)
    assert found["errors"] == 3
    last = rows_of(path.with_name(path.stem + "-turns.csv"))[-1]
    assert (last["turn"], last["refused"], last["completed"]) == ("", "2", "False")


@pytest.mark.parametrize("crash", [False, True], ids=["end", "crash and resume"])
def test_end_with_a_forced_turn_open_after_a_draw(tmp_path: Path, crash: bool) -> None:
    """The clinician's case: the client drew, then made wrong taps (one before a crash and
    one after Resume), then the therapist pressed End."""
    clock, tally = Clock(), Tally()
    s, path = forced_session(tmp_path, clock, tally)
    wrong(s, tally)
    if crash:
        s.close()  # the kernel dies; the record stays
        clock.now += 300
        s = Session.resume(path, clock=clock)
        assert s.whose_turn() == "client" and s._current is not None
    wrong(s, tally)
    s.end()
    found = check_every_file(s, path, tally)
    assert found["errors"] == 2
    last = [r for r in rows_of(path.with_name(path.stem + "-turns.csv")) if r["seat"] == "0"][-1]
    assert (last["move"], last["refused"], last["completed"], last["trial"]) == (
        "draw",
        "2",
        "False",
        "False",
    )
    forced = rows_of(path.with_name(path.stem + "-trials.csv"))[-1]
    assert (forced["trial"], forced["result"], forced["errors"], forced["completed"]) == (
        "",
        "forced",
        "2",
        "False",
    )


def test_after_resume(tmp_path: Path) -> None:
    clock, tally = Clock(), Tally()
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock, journal=path)
    trial(s, clock, tally, 1)
    bots(s)
    while not is_trial(s):
        finish(s, clock)
        bots(s)
    tally.trials += 1
    wrong(s, tally)  # a wrong try, then the crash with the trial open
    s.close()
    clock.now += 120
    s = Session.resume(path, clock=clock)
    wrong(s, tally)
    finish(s, clock)  # the same trial, completed after the break
    trial(s, clock, tally)
    s.end()
    assert check_every_file(s, path, tally)["errors"] == 3


@pytest.mark.parametrize("how", ["undo", "take back"])
def test_after_undo_and_take_back(tmp_path: Path, how: str) -> None:
    clock, tally = Clock(), Tally()
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock, journal=path)
    trial(s, clock, tally, 1)
    taken = s.undo() if how == "undo" else GuidedSession(s).take_back()
    assert taken
    bots(s)
    finish(s, clock)  # the same trial played again: one trial, its first try was wrong
    trial(s, clock, tally, 2)
    # A trial under way with a wrong try, then Undo: it takes back the client's last move
    # (trial 2's), so trial 2 and the open trial are both not completed; every try stays.
    bots(s)
    while not is_trial(s):
        finish(s, clock)
        bots(s)
    tally.trials += 1
    tally.open += 2
    wrong(s, tally)
    assert s.undo()
    s.end()
    found = check_every_file(s, path, tally)
    assert found["errors"] == 4


def test_an_undone_draw_under_way_keeps_its_wrong_taps_in_a_row(tmp_path: Path) -> None:
    clock, tally = Clock(), Tally()
    s, path = forced_session(tmp_path, clock, tally)
    wrong(s, tally)
    assert s.undo()  # the draw is taken back: the turn under way had no turn line
    s.end()
    check_every_file(s, path, tally)
    rows = [r for r in rows_of(path.with_name(path.stem + "-turns.csv")) if r["seat"] == "0"]
    piece = next(r for r in rows if r["turn"] == "")
    assert (piece["move"], piece["refused"], piece["undone"]) == ("draw", "1", "True")


# -- the cue column -------------------------------------------------------------------------------


def test_the_cue_column_is_the_level_at_the_right_response(tmp_path: Path) -> None:
    """Cue 0, a wrong Draw (the cue rises to 1), the therapist sets cue 0 again, a right
    play: the cue is 0, the highest level reached 1."""
    clock = Clock()
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4, cue_start=0), client="AB12", clock=clock, journal=path)
    bots(s)
    while not is_trial(s):
        finish(s, clock)
        bots(s)
    assert s.level() == 0
    assert not s.attempt("draw").accepted  # a tile fits: Draw is refused
    assert s.level() == 1
    s.set_cue(0)
    finish(s, clock)
    s.end()
    files = hand_over(s)
    trial_row = rows_of(files[2])[-1]
    assert (trial_row["cue_level"], trial_row["highest_cue"], trial_row["assist"]) == (
        "0",
        "1",
        "independent",
    )
    turn_row = [r for r in rows_of(files[1]) if r["seat"] == "0"][-1]
    assert (turn_row["cue"], turn_row["highest_cue"]) == ("0", "1")
    f = figures(path)
    assert f.cue_counts[0] == f.trials and f.highest_cue == 1
    # The record itself keeps what it always kept: the highest level, in the turn line.
    assert [e["cue"] for e in s.events if e["event"] == "turn"][-1] == 1
    assert load_log(path).turns[-1]["cue"] == 0


# -- interruptions ------------------------------------------------------------------------------


@pytest.mark.parametrize("cut", [b"", b'{"event":"refused","n":40,"t":1', b'{"ev'])
def test_an_interruption_is_on_the_page_and_in_the_json(tmp_path: Path, cut: bytes) -> None:
    """A crash (the record ends whole, or in the middle of a try's line, or too early to
    read), then Resume five minutes later: the page and the JSON say when and what was lost."""
    clock, tally = Clock(), Tally()
    clock.now = dt.datetime(2024, 6, 3, 10, 40).timestamp()
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock, journal=path)
    trial(s, clock, tally, 1)
    bots(s)
    last = s.events[-1]["t"]
    s.close()
    with path.open("ab") as f:
        f.write(cut)  # the line being written when the process died
    clock.now = last + 300
    s = Session.resume(path, clock=clock)
    trial(s, clock, tally)
    s.end()
    summary, _, _, doc_path = hand_over(s)
    lost, unreadable = (0, 0) if not cut else (0, 1) if cut == b'{"ev' else (1, 0)
    (found,) = json.loads(doc_path.read_text(encoding="utf-8"))["interruptions"]
    assert (found["tries_lost"], found["lines_unreadable"], found["away_s"]) == (
        lost,
        unreadable,
        300.0,
    )
    assert dt.datetime.fromisoformat(found["resumed_at"]).timestamp() == last + 300
    away = dt.datetime.fromtimestamp(last).strftime("%H:%M")
    back = dt.datetime.fromtimestamp(last + 300).strftime("%H:%M")
    words = f"interrupted at {away}, resumed at {back}, {lost} {'try' if lost == 1 else 'tries'}"
    assert found["in_words"].startswith(words)
    assert words.capitalize() in summary.read_text(encoding="utf-8")
    assert check_every_file(s, path, tally)["errors"] == 1  # the lost try is in no figure


def test_a_session_never_interrupted_says_nothing_of_it(tmp_path: Path) -> None:
    clock, tally = Clock(), Tally()
    path = tmp_path / "AB12-2024-06-03-1.jsonl"
    s = Session(SessionSettings(seed=4), client="AB12", clock=clock, journal=path)
    trial(s, clock, tally)
    s.end()
    summary, _, _, doc_path = hand_over(s)
    assert json.loads(doc_path.read_text(encoding="utf-8"))["interruptions"] == []
    assert "nterrupted at" not in summary.read_text(encoding="utf-8")
