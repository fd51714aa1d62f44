"""Kill -9 a process in the middle of a session; resuming from its file loses no completed turn."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from cfwidget.therapy.report import SessionLog, load_log
from cfwidget.therapy.session import Session

REPO = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    import sys, time
    from cfwidget.therapy.session import Session
    from cfwidget.therapy.settings import SessionSettings

    s = Session(SessionSettings(seed=4, bots=2, cue_start=1), client="KL9", journal=sys.argv[1])
    while True:
        if s.round.is_over:
            s.next_round()
        elif s.whose_turn() == "bot":
            s.bot_step()
        else:
            s.attempt("9-9@0-0")          # a refused attempt first
            s.attempt(s.cue_for_level(4).move)
            print("turn", len(s.turns), flush=True)
            time.sleep(0.01)
    """
)


def test_kill_mid_session_and_resume_loses_no_completed_turn(tmp_path: Path) -> None:
    path = tmp_path / "KL9.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(path)],
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        text=True,
    )
    try:
        done = 0
        deadline = time.monotonic() + 180  # a bound on the wait, not a speed
        assert proc.stdout is not None
        while done < 12 and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if line.startswith("turn"):
                done = int(line.split()[1])
        os.kill(proc.pid, signal.SIGKILL)  # as a kernel dies: no clean-up, no goodbye
    finally:
        proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    assert done >= 12

    s = Session.resume(path)
    assert len(s.turns) >= done  # every turn reported as done is in the record
    assert [t.turn for t in s.turns] == list(range(1, len(s.turns) + 1))
    assert all(t.refused >= 1 for t in s.turns)  # each try began with a refusal
    # The rebuilt game is a replay of the logged moves, move for move.
    logged = [e["move"] for e in s.events if e["event"] == "move"]
    assert len(logged) >= len(s.turns)
    # It carries on from where it was.
    while s.whose_turn() == "bot":
        s.bot_step()
    if s.whose_turn() == "client":
        assert s.attempt(s.cue_for_level(4).move or "").accepted
    # The record on disk reads as the live session's events do, turn for turn.
    assert load_log(path).turns == SessionLog.from_events(s.events).turns
    assert [t["turn"] for t in load_log(path).turns] == [t.turn for t in s.turns]
