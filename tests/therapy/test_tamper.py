"""Tamper-evident records: every line carries a check chained to the line before it, so any
changed byte is named by its line on resume, with everything before it kept."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cfwidget.therapy.journal import Journal, read_journal
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings
from tests.helpers.clock import TickingClock

Clock = TickingClock  # a reading every 1.5 s


def _record(tmp_path: Path, turns: int = 3) -> tuple[Path, Session]:
    path = tmp_path / "CR7-2026-05-01-1.jsonl"
    s = Session(
        SessionSettings(seed=11, bots=1, errorless=False), client="CR7", journal=path, clock=Clock()
    )
    while len(s.turns) < turns:
        if s.whose_turn() == "bot":
            s.bot_step()
        else:
            assert s.attempt(s.cue_for_level(4).move or "").accepted
    s.close()
    return path, s


def _still_parses(line: bytes) -> bool:
    try:
        return isinstance(json.loads(line.decode("utf-8")), dict)
    except (UnicodeDecodeError, json.JSONDecodeError):
        return False


def test_every_changed_byte_of_a_turn_line_is_named_by_its_line(tmp_path: Path) -> None:
    path, s = _record(tmp_path)
    data = path.read_bytes()
    lines = data.split(b"\n")
    at = next(i for i, x in enumerate(lines) if b'"event":"turn"' in x)
    start = sum(len(x) + 1 for x in lines[:at])
    changes = parsing = 0
    for pos in range(len(lines[at]) + 1):  # every byte of the line and its newline
        for flip in (0x01, 0x20):
            changed = bytearray(data)
            changed[start + pos] ^= flip
            target = tmp_path / "changed.jsonl"
            target.write_bytes(bytes(changed))
            read = read_journal(target)
            changes += 1
            edited = bytes(changed).split(b"\n")[at]
            parsing += _still_parses(edited) and edited != lines[at]
            assert read.problem is not None and f"line {at + 1} " in read.problem, (pos, flip)
            assert read.events == s.events[:at], (pos, flip)  # everything before it kept
    print(f"\n{changes} changed bytes in a {len(lines[at])}-byte turn line, {parsing} still parse")
    print(f"detected and named by line: {changes}/{changes}")
    assert parsing > 0  # the check, not the JSON parser, is what finds those


def test_resume_names_a_changed_turn_in_plain_words_and_keeps_what_came_before(
    tmp_path: Path,
) -> None:
    path, s = _record(tmp_path, turns=4)
    lines = path.read_bytes().split(b"\n")
    at = next(i for i, x in enumerate(lines) if b'"event":"turn"' in x)
    edited = re.sub(rb'"refused":(\d+)', lambda m: b'"refused":%d' % (int(m[1]) + 1), lines[at])
    assert edited != lines[at]
    lines[at] = edited  # a figure edited by hand: still a whole, well-formed event
    assert _still_parses(lines[at])
    path.write_bytes(b"\n".join(lines))
    again = Session.resume(path, clock=Clock())
    note = str(again.resume_note)
    assert f"line {at + 1} was changed after it was written" in note
    assert f"the record is kept up to line {at}" in note
    assert again.events[:at] == s.events[:at]
    assert (path.with_name(path.name + ".damaged")).read_bytes().startswith(lines[at])
    again.close()
    assert read_journal(path).problem is None  # it goes on cleanly, chained again


def test_a_removed_line_breaks_the_chain_even_with_the_numbers_mended(tmp_path: Path) -> None:
    path, s = _record(tmp_path)
    lines = path.read_bytes().split(b"\n")
    del lines[3]  # a line taken out, and the later numbers n mended by hand
    fixed = []
    for i, x in enumerate(lines):
        if x.strip() and i >= 3:
            e = json.loads(x)
            e["n"] -= 1
            x = json.dumps(e, separators=(",", ":")).encode()
        fixed.append(x)
    path.write_bytes(b"\n".join(fixed))
    read = read_journal(path)
    assert read.problem is not None and "line 4 was changed" in read.problem
    assert read.events == s.events[:3]


def test_old_records_without_checks_still_read_and_go_on_without_them(tmp_path: Path) -> None:
    path, s = _record(tmp_path)
    old = [json.loads(x) for x in path.read_bytes().split(b"\n") if x.strip()]
    for e in old:
        del e["check"]
    path.write_text("".join(json.dumps(e) + "\n" for e in old))
    read = read_journal(path)
    assert read.problem is None and read.events == s.events
    again = Session.resume(path, clock=Clock())
    again.close()
    text = path.read_text()
    assert '"check"' not in text and read_journal(path).problem is None
    assert len(read_journal(path).events) == len(again.events)


def test_a_journal_chains_each_line_to_the_one_before(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    with Journal(path) as j:
        j.append({"event": "start", "n": 1, "t": 0.0, "check": "forged"})  # never trusted
    with Journal(path) as j:  # reopened: the chain goes on from the last line
        j.append({"event": "note", "n": 2, "t": 1.0, "text": "calm"})
    first, _ = path.read_bytes().splitlines()
    assert b"forged" not in first
    read = read_journal(path)
    assert read.problem is None and [e["n"] for e in read.events] == [1, 2]
    assert all("check" not in e for e in read.events)
