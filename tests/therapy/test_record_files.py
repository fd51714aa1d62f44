"""The files a session writes, and what they say about the record: modes in folders the
package did not make, a finished record whose last line is deleted, damage on line 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cfwidget import SessionError
from cfwidget.core import RecordError
from cfwidget.therapy._errors import SessionError as TherapySessionError
from cfwidget.therapy.app import hand_over
from cfwidget.therapy.journal import Journal, read_journal
from cfwidget.therapy.records import records_folder, unfinished
from cfwidget.therapy.report import load_log
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings
from cfwidget._shared import write_private


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 1.5
        return self.now


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
