"""The files a session writes, and what they say about the record: modes in folders the
package did not make, a finished record whose last line is deleted, damage on line 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cfwidget import SessionError
from cfwidget._shared import write_private
from cfwidget.core import RecordError
from cfwidget.therapy.app import hand_over
from cfwidget.therapy.journal import Journal, read_journal
from cfwidget.therapy.records import records_folder, unfinished
from cfwidget.therapy.report import load_log
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings
from tests.helpers.clock import TickingClock

Clock = TickingClock  # a reading every 1.5 s


def mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


# -- folder modes ---------------------------------------------------------------------------------


def test_a_team_folder_gets_files_the_team_can_open(tmp_path: Path) -> None:
    team = tmp_path / "team"
    team.mkdir()
    team.chmod(0o2770)  # a team's folder: the group comes in and writes; others nothing
    folder = records_folder(team)
    path = folder / "C-07-2026-05-01-1.jsonl"
    s = Session(SessionSettings(seed=3), client="C-07", journal=path, clock=Clock())
    assert mode(path.with_name(path.name + ".lock")) == 0o660  # a team member's writer reads it
    s.save_notes("calm")
    assert mode(path.with_name(path.name + ".notes")) == 0o660
    s.end()
    files = hand_over(s)
    assert mode(path) == 0o660 and all(mode(f) == 0o660 for f in files)
    assert mode(team / ".gitignore") == 0o640  # nothing personal: as readable as the folder
    assert team.stat().st_mode & 0o7777 == 0o2770  # the folder is left as it was


def test_a_users_own_open_folder_is_not_a_team_folder(tmp_path: Path) -> None:
    """A folder made with the usual umask (0755) is not shared with a group: the records in
    it stay the owner's alone; only the .gitignore is readable as the folder is."""
    own = tmp_path / "notes"
    own.mkdir()
    own.chmod(0o755)
    folder = records_folder(own)
    with Journal(folder / "C-07-2026-05-01-1.jsonl") as j:
        j.append({"event": "start", "n": 1, "t": 0.0})
    write_private(folder / "C-07-2026-05-01-1.json", "{}")
    assert mode(folder / "C-07-2026-05-01-1.jsonl") == 0o600
    assert mode(folder / "C-07-2026-05-01-1.json") == 0o600
    assert mode(folder / ".gitignore") == 0o644


def test_a_folder_the_package_makes_holds_private_files_only(tmp_path: Path) -> None:
    folder = records_folder(tmp_path / "new" / "records")
    assert mode(folder) == 0o700 and mode(folder / ".gitignore") == 0o600


def test_a_group_folder_closed_to_others_shares_reading(tmp_path: Path) -> None:
    team = tmp_path / "team"
    team.mkdir()
    team.chmod(0o750)  # the group may come in and read; others may not come in at all
    assert mode(write_private(team / "C-07-summary.html", "<p>page</p>")) == 0o640


# -- a finished record, sealed at End -------------------------------------------------------------


def ended_session(tmp_path: Path) -> tuple[Path, Session]:
    folder = records_folder(tmp_path / "records")
    path = folder / "C-07-2026-05-01-1.jsonl"
    s = Session(SessionSettings(seed=3, bots=1), client="C-07", journal=path, clock=Clock())
    while len(s.turns) < 3:
        if s.whose_turn() == "bot":
            s.bot_step()
        else:
            assert s.attempt(s.cue_for_level(4).move or "").accepted
    s.end(plan="more of the same")
    hand_over(s)
    return path, s


def test_end_seals_the_record_in_its_summary(tmp_path: Path) -> None:
    path, s = ended_session(tmp_path)
    doc = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    lines = path.read_bytes().splitlines()
    assert doc["record_seal"]["lines"] == len(lines) == len(s.events)
    assert json.loads(lines[-1])["event"] == "end"  # End's closing line
    read = read_journal(path)
    assert read.problem is None and read.sealed == len(lines)
    assert load_log(path).problem is None


def test_a_deleted_last_line_of_a_finished_session_is_named(tmp_path: Path) -> None:
    path, _ = ended_session(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:-1]))  # the end line deleted: it reads like a crash
    n = len(lines)
    problem = str(read_journal(path).problem)
    assert problem.startswith(f"line {n} is missing: the session was ended, and its last line")
    assert "C-07-2026-05-01-1.json" in problem
    assert f"line {n} is missing" in str(load_log(path).problem)
    assert unfinished(path.parent, "C-07") == []  # not offered to resume
    with pytest.raises(RecordError, match=f"was ended, and cannot go on: line {n} is missing"):
        Session.resume(path, clock=Clock())
    assert path.read_bytes() == b"".join(lines[:-1])  # nothing written to it
    path.write_bytes(b"".join(lines[:-3]))
    assert f"lines {n - 2} to {n} are missing" in str(read_journal(path).problem)


def test_lines_added_after_end_are_named_and_left_out(tmp_path: Path) -> None:
    path, s = ended_session(tmp_path)
    n = len(s.events)
    with Journal(path) as j:  # a writer that chains its line: only the seal can tell
        j.append({"event": "note", "n": n + 1, "t": 1.0, "text": "added later"})
    read = read_journal(path)
    assert f"line {n + 1} was added after the session ended" in str(read.problem)
    assert read.events == s.events  # the record as End left it


def test_damage_on_line_1_names_line_1(tmp_path: Path) -> None:
    path, _ = ended_session(tmp_path)
    data = bytearray(path.read_bytes())
    data[5] ^= 0x01  # one byte of the start line
    path.write_bytes(bytes(data))
    read = read_journal(path)
    assert read.events == [] and str(read.problem).startswith("line 1 ")
    with pytest.raises(SessionError, match=r"C-07-2026-05-01-1.jsonl: line 1 "):
        load_log(path)
    with pytest.raises(RecordError, match=r"cannot be read: line 1 "):
        Session.resume(path, clock=Clock(), append=False)
    # A whole first line that is not a start (a record without checks): named too.
    path.write_text('{"event":"note","n":1,"t":0,"text":"calm"}\n')
    with pytest.raises(RecordError, match=r"line 1 is not the start of a session"):
        Session.resume(path, clock=Clock(), append=False)
    with pytest.raises(SessionError, match=r"begins with its 'start' event; line 1 is a 'note'"):
        load_log(path)
