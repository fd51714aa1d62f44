"""A record cut at any byte resumes, plays on and resumes again: no turn lost, none merged.

A crash (kill -9, a kernel restart, a power cut) leaves a record that is a prefix of
what would have been written: each event is flushed and synced before the session acts
on it, so the file ends at a line boundary or inside the line being written. These tests
cut a real record at every line boundary and inside every line, resume each cut, play
on, and resume again; and they kill a real process (SIGKILL) several times over one
record, resuming it each time.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cfwidget import SessionError
from cfwidget.therapy.journal import Journal, read_journal
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings

REPO = Path(__file__).resolve().parents[2]
# A turn is any draws, then one play or a pass: two plays in one record are two turns merged.
ONE_TURN = re.compile(r"^(draw, )*(draw|pass|\d+-\d+@\d+-\d+!?)$")


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 0.5
        return self.now


def play(s: Session, client_turns: int) -> None:
    """Bots move; the client first reaches for a tile that does not fit (when it has one)."""
    goal = len(s.turns) + client_turns
    while len(s.turns) < goal and not s.game.is_over:
        if s.round.is_over:
            s.next_round()
        elif s.whose_turn() == "bot":
            s.bot_step()
        else:
            legal = {m.tile for m in s.round.legal_moves()}
            misfit = next((t for t in s.round.hands[0] if t not in legal), None)
            if misfit is not None and not s._current["refused"]:  # type: ignore[index]
                s.try_tile(misfit)
            move = s.cue_for_level(4).move
            assert move is not None and s.attempt(move).accepted


def record(tmp: Path, client_turns: int = 14) -> tuple[bytes, Session]:
    path = tmp / "CR7-source.jsonl"
    s = Session(
        SessionSettings(seed=11, bots=2, errorless=False, cue_start=1),
        client="CR7",
        journal=path,
        clock=Clock(),
    )
    play(s, client_turns)
    s.close()
    return path.read_bytes(), s


def completed_in(prefix: bytes, events: list[dict[str, object]]) -> int:
    """How many turn records a prefix of the record holds, finished or to be finished.

    A turn is complete once its last move is in the record, even if the crash came
    before its ``turn`` line: resuming must write that turn then.
    """
    whole = [json.loads(x) for x in prefix.split(b"\n") if x.strip() and _whole_json(x)]
    done = sum(1 for e in whole if e["event"] == "turn")
    if whole and whole[-1]["event"] == "move" and len(whole) < len(events):
        # The last move ended a person's turn whose record never got written.
        nxt = events[len(whole)]
        if nxt["event"] == "turn" and nxt["seat"] == whole[-1]["seat"]:
            done += 1
    return done


def _whole_json(line: bytes) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except ValueError:
        return False


def check_turns(s: Session) -> int:
    """Turn numbers run 1, 2, 3, ...; returns how many turn records are two turns merged."""
    numbers = sorted(t.turn for t in [*s.turns, *s.undone])
    assert numbers == list(range(1, len(numbers) + 1))
    return sum(1 for t in s.turns if not ONE_TURN.match(t.move))


def test_a_record_cut_at_any_line_or_inside_one_loses_and_merges_no_turn(tmp_path: Path) -> None:
    data, original = record(tmp_path)
    events = original.events
    starts = [0] + [i + 1 for i, b in enumerate(data) if b == ord("\n")]
    cuts = sorted({*starts, *(a + (b - a) // 2 for a, b in itertools.pairwise(starts))})
    lost = merged = resumed = 0
    for k, cut in enumerate(cuts):
        if cut < starts[1]:
            continue  # not even the start line: there is no session to resume
        path = tmp_path / f"CR7-cut{k}.jsonl"
        path.write_bytes(data[:cut])
        want = completed_in(data[:cut], events)
        s = Session.resume(path, clock=Clock())
        resumed += 1
        got = [(t.seat, t.move) for t in s.turns]
        expected = [(t.seat, t.move) for t in original.turns[:want]]
        lost += sum(
            1 for a, b in zip(expected, got + [None] * len(expected), strict=False) if a != b
        )
        merged += check_turns(s)
        # It plays on, and resumes again with everything it played.
        play(s, 2)
        before = [(t.seat, t.move) for t in s.turns]
        s.close()
        again = Session.resume(path, clock=Clock())
        assert [(t.seat, t.move) for t in again.turns] == before
        assert again.round.history == s.round.history
        merged += check_turns(again)
        again.close()
    print(f"\n{resumed} cuts of a {len(data):,}-byte record: {lost} turns lost, {merged} merged")
    assert resumed > 100
    assert lost == 0 and merged == 0


def test_a_crash_between_the_last_move_and_the_turn_line_finishes_the_turn(tmp_path: Path) -> None:
    data, original = record(tmp_path, client_turns=3)
    lines = data.split(b"\n")
    # Cut just before the first client turn's ``turn`` line: its move is in, its record not.
    at = next(i for i, x in enumerate(lines) if x and json.loads(x)["event"] == "turn")
    path = tmp_path / "CR7-turn.jsonl"
    path.write_bytes(b"\n".join(lines[:at]) + b"\n")
    s = Session.resume(path, clock=Clock())
    assert [t.move for t in s.turns] == [original.turns[0].move]
    assert s.level() >= 0 and s.cue() is not None and s.tick() >= 0  # no KeyError
    from cfwidget.therapy.widget import GuidedSession

    GuidedSession(s)  # the widget opens on it too
    play(s, 1)
    assert len(s.turns) == 2 and check_turns(s) == 0


def test_damage_in_the_middle_is_named_and_everything_before_is_kept(tmp_path: Path) -> None:
    data, original = record(tmp_path, client_turns=6)
    lines = data.split(b"\n")
    m = len(lines) // 2  # line m + 1 (1-based) is the one damaged, dropped or repeated
    cases = {
        "damaged": [*lines[:m], b'{"event": "mo', *lines[m + 1 :]],
        "dropped": lines[:m] + lines[m + 1 :],
        "duplicated": [*lines[: m + 1], lines[m], *lines[m + 1 :]],
        "bom": [b"\xef\xbb\xbf" + lines[0], *lines[1:]],
    }
    for name, content in cases.items():
        path = tmp_path / f"CR7-{name}.jsonl"
        path.write_bytes(b"\n".join(content))
        s = Session.resume(path, clock=Clock())
        if name in ("duplicated", "bom"):
            # A repeated line is left out; a byte-order mark is read past: nothing is lost.
            assert [t.move for t in s.turns] == [t.move for t in original.turns]
            assert name == "bom" or f"line {m + 2} repeats line {m + 1}" in str(s.resume_note)
        else:
            assert s.resume_note is not None and f"line {m + 1}" in s.resume_note, s.resume_note
            kept = [{k: v for k, v in json.loads(x).items() if k != "check"} for x in lines[:m]]
            assert s.events[: len(kept)] == kept
            side = (tmp_path / f"CR7-{name}.jsonl.damaged").read_bytes()
            assert side.strip()  # the rest is kept aside, not thrown away
        play(s, 1)
        s.close()
        problem = read_journal(path).problem  # it goes on cleanly
        if name == "duplicated":  # the repeated line stays where it was, left out when read
            assert problem == f"line {m + 2} repeats line {m + 1} and was left out"
        else:
            assert problem is None


def test_a_record_has_one_writer_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "CR7.jsonl"
    first = Session(SessionSettings(seed=3), client="CR7", journal=path, clock=Clock())
    with pytest.raises(SessionError, match="one writer at a time"):
        Session.resume(path, clock=Clock())
    with pytest.raises(SessionError, match="one writer at a time"):
        Journal(path)
    first.close()
    second = Session.resume(path, clock=Clock())
    assert second.events[-1]["event"] in ("resumed", "turn_start")
    second.close()


def test_a_lock_left_by_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    path = tmp_path / "CR7.jsonl"
    Session(SessionSettings(seed=3), client="CR7", journal=path, clock=Clock()).close()
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    lock = path.with_name(path.name + ".lock")
    lock.write_text(json.dumps({"pid": int(dead.stdout), "host": socket.gethostname()}))
    s = Session.resume(path, clock=Clock())  # the process that held it is gone
    assert lock.exists()
    s.close()
    assert not lock.exists()


def test_records_are_private(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    path = folder / "CR7.jsonl"
    s = Session(SessionSettings(seed=3), client="CR7", journal=path, clock=Clock())
    assert path.stat().st_mode & 0o777 == 0o600
    assert folder.stat().st_mode & 0o777 == 0o700
    s.close()


CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from cfwidget.therapy.session import Session
    from cfwidget.therapy.settings import SessionSettings

    path = Path(sys.argv[1])
    if path.exists() and path.stat().st_size:
        s = Session.resume(path)
    else:
        s = Session(SessionSettings(seed=4, bots=2, cue_start=1, errorless=False),
                    client="KL9", journal=path)
    while True:
        if s.game.is_over:
            break
        if s.round.is_over:
            s.next_round()
        elif s.whose_turn() == "bot":
            s.bot_step()
        else:
            if s._current["refused"] == 0:
                s.attempt("9-9@0-0")          # a try that is not allowed first
            s.attempt(s.cue_for_level(4).move)
            print("turn", len(s.turns), flush=True)
    """
)


def test_killed_again_and_again_the_record_keeps_every_turn(tmp_path: Path) -> None:
    path = tmp_path / "KL9.jsonl"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    reported = 0
    for kill in range(6):
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, env=env, text=True
        )
        assert proc.stdout is not None
        seen = 0
        deadline = time.monotonic() + 60
        while seen < 3 and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if line.startswith("turn"):
                seen += 1
                reported = max(reported, int(line.split()[1]))
        time.sleep(0.003 * kill)  # land the kill at a different moment each time
        os.kill(proc.pid, signal.SIGKILL)  # as a kernel dies: no clean-up, no goodbye
        proc.wait(timeout=10)
        assert proc.returncode == -signal.SIGKILL
    s = Session.resume(path)
    assert len(s.turns) >= reported  # every turn reported as done is in the record
    assert check_turns(s) == 0
    assert all(t.refused >= 1 and not t.first_try for t in s.turns if t.trial)
    logged = [e["move"] for e in s.events if e["event"] == "move"]
    assert len(logged) >= len(s.turns)
    s.close()
