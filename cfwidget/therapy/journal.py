"""The session record on disk: one JSON object per line, appended and flushed as it happens.

Every event is written, flushed and ``fsync``-ed before the session acts on it, so
a crash, a kernel restart or a power cut loses at most the line being written.

- **One writer.** A :class:`Journal` holds ``<record>.lock`` while it is open; a second
  writer (a cell run twice, another notebook) is refused with a clear message. A lock
  left by a process that has died is taken over.
- **Private.** Records are created readable by their owner only (0600); a folder made
  for them only the owner can open (0700), and a folder that was there keeps its
  permissions: in a team's shared folder the record, its lock and its set-aside lines
  are open to the folder's group as the team's other files there are
  (:func:`~cfwidget._shared.file_mode`), never to others.
- **Tamper-evident.** Each line ends with a ``check``: the SHA-256 of the line before
  it and of its own content, so a changed byte anywhere (a figure edited by hand, a
  flipped bit on a disk) is found by :func:`read_journal` and named by its line, with
  everything before it kept. Records written before checks existed have none: they
  read as before, and go on without checks.
- **Sealed at End.** The summary document written when a session ends (``<stem>.json``
  beside ``<stem>.jsonl``) keeps the record's seal (:func:`record_seal`: its line count and
  the SHA-256 of its last line). :func:`read_journal` compares the record with it, so a
  finished record whose last lines were deleted (which reads like a crash), or that grew
  after End, is named by line.
- **Damage is contained.** :func:`read_journal` reads every event up to the first damage
  (a line that is not a whole event, or a missing line, found by the events' running
  numbers ``n``) and reports it by line number; a repeated line is left out. A cut-off
  last line (the crash case) is left out and reported. :func:`repair` sets everything
  from the damage on aside in ``<record>.damaged`` so the record can go on cleanly.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "s.jsonl"
>>> with Journal(path) as j:
...     j.append({"event": "start", "n": 1, "t": 0.0})
...     j.append({"event": "move", "n": 2, "t": 1.5, "seat": 0, "move": "6-4@6-6"})
>>> oct(path.stat().st_mode & 0o777)
'0o600'
>>> _ = path.open("a").write('{"event": "mo')        # the power went out here
>>> read = read_journal(path)
>>> [e["event"] for e in read.events], read.problem
(['start', 'move'], 'the last line (line 3) was cut off (13 bytes); it was left out')
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import socket
import threading
import weakref
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from .._shared import file_mode, is_whole, private_folder
from ._errors import SessionError

__all__ = [
    "NOTES_SUFFIX",
    "Journal",
    "JournalRead",
    "notes_draft",
    "private_folder",
    "read_journal",
    "record_seal",
    "repair",
    "tries_in",
]

#: The draft of a session's typed notes sits beside its record, ``<record>.notes``, replaced
#: whole at each save, until the session ends and the notes go into the record.
NOTES_SUFFIX = ".notes"

_BOM = b"\xef\xbb\xbf"
# The end of a line that carries its check: ``,"check":"<64 hex digits>"}``.
_CHECK = re.compile(rb',"check":"([0-9a-f]{64})"\}$')
# The journals this process has open, by lock path: a second Journal on the same record is
# refused while the first is open, and allowed once it is closed or gone.
_OPEN: dict[str, weakref.ref[Journal]] = {}


class Journal:
    """An append-only JSON Lines file; each :meth:`append` reaches the disk before it returns.

    Opening a record that is open elsewhere raises :class:`~cfwidget.SessionError`.
    """

    def __init__(self, path: str | os.PathLike[str], *, fsync: bool = True) -> None:
        self.path = Path(path)
        private_folder(self.path.parent)
        self._fsync = fsync
        self._lock_path = self.path.with_name(self.path.name + ".lock")
        self._write = threading.Lock()
        self._file = None
        # The line the next one is chained to (read from the file at the first append,
        # after any repair), and whether this record carries checks at all.
        self._chain: tuple[bytes, bool] | None = None
        #: What was found when the record was opened, if its last line had been cut off.
        self.found: JournalRead | None = None
        self._take_lock()
        try:
            self.found = _end_cleanly(self.path)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            if os.name == "posix":
                os.fchmod(fd, file_mode(self.path.parent))
            self._file = os.fdopen(fd, "a", encoding="utf-8")
        except BaseException:
            self._release_lock()
            raise

    # -- the lock ----------------------------------------------------------------------

    def _take_lock(self) -> None:
        key = str(self._lock_path.resolve())
        mine = {"pid": os.getpid(), "host": socket.gethostname()}
        for _ in range(3):
            try:
                fd = os.open(self._lock_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                if os.name == "posix":  # a team member's writer must be able to read it
                    os.fchmod(fd, file_mode(self._lock_path.parent))
            except FileExistsError:
                if not self._stale(key, mine):
                    raise SessionError(self._busy_message()) from None
                self._lock_path.unlink(missing_ok=True)
                continue
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(mine, f)
            _OPEN[key] = weakref.ref(self)
            return
        raise SessionError(self._busy_message())

    def _stale(self, key: str, mine: Mapping[str, Any]) -> bool:
        """A lock nobody holds any more: its process has ended, or this process let go."""
        try:
            holder = json.loads(self._lock_path.read_text(encoding="utf-8"))
            pid, host = int(holder["pid"]), str(holder["host"])
        except (OSError, ValueError, KeyError, TypeError):
            return True  # an unreadable lock file: a crash while it was being written
        if host != mine["host"]:
            return False  # another machine's process: it cannot be checked from here
        if pid == mine["pid"]:
            ref = _OPEN.get(key)
            other = ref() if ref is not None else None
            return other is None or other.closed
        return not _alive(pid)

    def _busy_message(self) -> str:
        return (
            f"the session record {self.path.name} is already open for writing (in this "
            "notebook or another one). A record takes one writer at a time: end or close "
            "the other session first (session.end() or session.close()), then try again"
        )

    def _release_lock(self) -> None:
        key = str(self._lock_path.resolve())
        ref = _OPEN.get(key)
        if ref is not None and ref() is self:
            del _OPEN[key]
            self._lock_path.unlink(missing_ok=True)

    # -- writing ------------------------------------------------------------------------

    def append(self, event: Mapping[str, Any]) -> None:
        """Write one event as one line, then flush and sync it."""
        fields = {k: v for k, v in dict(event).items() if k != "check"}
        line = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))
        with self._write:
            if self._file is None or self._file.closed:
                raise SessionError(
                    f"the record {self.path.name} is closed: resume the session to write more"
                )
            if self._chain is None:
                self._chain = _tail(self.path)
            before, checked = self._chain
            if checked:
                body = line.encode("utf-8")
                line = f'{line[:-1]},"check":"{_digest(before, body)}"}}'
                self._chain = (line.encode("utf-8"), True)
            self._file.write(line + "\n")
            self._file.flush()
            if self._fsync:
                os.fsync(self._file.fileno())

    def close(self) -> None:
        """Close the file and let go of the record (appending afterwards is an error)."""
        with self._write:
            if self._file is not None and not self._file.closed:
                self._file.close()
        self._release_lock()

    @property
    def closed(self) -> bool:
        """True once closed."""
        return self._file is None or self._file.closed

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # at interpreter exit anything may be gone
            self.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Journal {self.path}{' (closed)' if self.closed else ''}>"


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # somebody else's process: alive
        return True
    except OSError:
        return False
    return True


def _digest(before: bytes, body: bytes) -> str:
    """A line's check: SHA-256 of the line before it, a newline, and its own content."""
    return hashlib.sha256(before + b"\n" + body).hexdigest()


def _tail(path: Path) -> tuple[bytes, bool]:
    """The last line of a record, and whether the record carries checks (a new one does)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        data = b""
    lines = [x.rstrip(b"\r") for x in data.removeprefix(_BOM).split(b"\n") if x.strip()]
    if not lines:
        return b"", True
    return lines[-1], _CHECK.search(lines[0]) is not None


def _check_problem(raw: bytes, before: bytes) -> str | None:
    """Why a line of a checked record fails its check, or ``None`` when it holds."""
    found = _CHECK.search(raw)
    if found is None:
        return "has no check (it was changed, or added by hand)"
    body = raw[: found.start()] + b"}"
    if _digest(before, body) != found.group(1).decode("ascii"):
        return "was changed after it was written (its check does not match)"
    return None


def _end_cleanly(path: Path) -> JournalRead | None:
    """Before appending: a record must end with a whole line, or the next event glues on."""
    if not path.exists() or not path.stat().st_size:
        return None
    with path.open("rb") as f:
        f.seek(-1, os.SEEK_END)
        if f.read(1) == b"\n":
            return None
    return repair(path)


@dataclass
class JournalRead:
    """What :func:`read_journal` found: the events, where each began, and any damage.

    ``lines`` holds each event's line number (1-based) and ``offsets`` the byte where
    its line starts; ``good_bytes`` is the length of the record up to the end of the last
    event kept, and ``bad_lines`` the numbers of the lines that could not be used.
    After :func:`repair`, ``set_aside`` holds the bytes it moved to ``<name>.damaged``;
    ``sealed`` is the line count of the record's seal (:func:`record_seal`), if it has one.
    """

    events: list[dict[str, Any]]
    problem: str | None = None
    good_bytes: int = 0
    bad_lines: list[int] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    offsets: list[int] = field(default_factory=list)
    size: int = 0
    set_aside: bytes = b""
    #: The line count the record was sealed with at End (``None``: no seal beside it).
    sealed: int | None = None


def read_journal(path: str | os.PathLike[str]) -> JournalRead:
    """Read every whole event up to the first damage; damage is reported, never raised.

    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "r.jsonl"
    >>> _ = p.write_text('{"n":1,"t":0}\\n{"n":1,"t":0}\\n{"n":2,"t":1}\\nxx\\n{"n":4,"t":3}\\n')
    >>> read = read_journal(p)
    >>> [e["n"] for e in read.events], read.lines
    ([1, 2], [1, 3])
    >>> print(read.problem.replace("; ", "\\n").replace(": ", ":\\n"))
    line 2 repeats line 1 and was left out
    line 4 is damaged (it is not a whole event):
    the record is kept up to line 3, and lines 4 to 5 are set aside when the session goes on
    """
    data = Path(path).read_bytes()
    start = len(_BOM) if data.startswith(_BOM) else 0
    read = JournalRead([], good_bytes=start, size=len(data))
    notes: list[str] = []
    pos, number = start, 0
    last_n: int | None = None  # the running number of the event before (None: it had none)
    total = data.count(b"\n", start) + (0 if data.endswith(b"\n") or len(data) == start else 1)
    checked = b',"check":"' in data
    before = b""  # the line the next one is chained to
    while pos < len(data):
        end = data.find(b"\n", pos)
        cut = end < 0
        chunk = data[pos:] if cut else data[pos:end]
        number += 1
        nxt = len(data) if cut else end + 1
        if not chunk.strip():
            pos = read.good_bytes = nxt
            continue
        raw = chunk.rstrip(b"\r")
        try:
            value = json.loads(chunk.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            value = None
        changed = None
        if checked and isinstance(value, dict) and not (read.events and raw == before):
            changed = _check_problem(raw, before)  # (a line written twice is left out below)
        if changed is not None:
            read.bad_lines.append(number)
            notes.append(_stop(number, total, changed))
            break
        if isinstance(value, dict):
            value.pop("check", None)
        if not isinstance(value, dict):
            read.bad_lines.append(number)
            if cut:
                notes.append(
                    f"the last line (line {number}) was cut off ({len(chunk)} bytes);"
                    " it was left out"
                )
            else:
                notes.append(_stop(number, total, "is damaged (it is not a whole event)"))
            break
        n = value.get("n")
        if not is_whole(n):
            n = None
        if n is not None and last_n is not None:
            if n == last_n and read.events[-1] == value:
                notes.append(f"line {number} repeats line {read.lines[-1]} and was left out")
                pos = read.good_bytes = nxt
                continue
            if n != last_n + 1:
                read.bad_lines.append(number)
                why = (
                    f"is out of place (event {n} where event {last_n + 1} belongs:"
                    " a line is missing or repeated)"
                )
                notes.append(_stop(number, total, why))
                break
        last_n = n
        before = raw
        read.events.append(value)
        read.lines.append(number)
        read.offsets.append(pos)
        pos = read.good_bytes = nxt
    if not read.bad_lines:
        _check_seal(Path(path), data, total, read, notes)
    read.problem = "; ".join(notes) or None
    return read


def _stop(number: int, total: int, why: str) -> str:
    aside = f"line {number} is" if number >= total else f"lines {number} to {total} are"
    kept = "nothing before it" if number == 1 else f"the record is kept up to line {number - 1}"
    return f"line {number} {why}: {kept}, and {aside} set aside when the session goes on"


def _last_line(data: bytes) -> bytes:
    lines = [x.rstrip(b"\r") for x in data.removeprefix(_BOM).split(b"\n") if x.strip()]
    return lines[-1] if lines else b""


def record_seal(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The seal a finished record gets in its summary document: its number of lines and the
    SHA-256 of its last line (which, with the checks, stands for every line before it).

    >>> import tempfile
    >>> p = Path(tempfile.mkdtemp()) / "s.jsonl"
    >>> _ = p.write_text('{"event":"start","n":1,"t":0}\\n{"event":"end","n":2,"t":5}\\n')
    >>> seal = record_seal(p); seal["lines"], len(seal["last_line_sha256"])
    (2, 64)
    """
    data = Path(path).read_bytes()
    start = len(_BOM) if data.startswith(_BOM) else 0
    total = data.count(b"\n", start) + (0 if data.endswith(b"\n") or len(data) == start else 1)
    return {"lines": total, "last_line_sha256": hashlib.sha256(_last_line(data)).hexdigest()}


def _seal_of(path: Path) -> tuple[int, str, str] | None:
    """The seal kept beside a record (``<stem>.json``), if there is a readable one."""
    if path.suffix != ".jsonl":
        return None
    beside = path.with_suffix(".json")
    try:
        doc = json.loads(beside.read_text(encoding="utf-8"))
        seal = doc["record_seal"]
        lines, digest = seal["lines"], str(seal["last_line_sha256"])
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None
    return (lines, digest, beside.name) if is_whole(lines) and lines > 0 else None


def _check_seal(path: Path, data: bytes, total: int, read: JournalRead, notes: list[str]) -> None:
    """Compare a record read whole with the seal End left beside it (see the module text)."""
    found = _seal_of(path)
    if found is None:
        return
    sealed, digest, beside = found
    read.sealed = sealed
    said = f"(the summary {beside}, written when the session ended, counted {sealed} lines)"
    if total < sealed:
        gone = f"line {sealed} is" if total + 1 == sealed else f"lines {total + 1} to {sealed} are"
        last = "its last line" if total + 1 == sealed else "its last lines"
        notes.append(f"{gone} missing: the session was ended, and {last} deleted {said}")
    elif total > sealed:
        read.bad_lines.append(sealed + 1)
        kept = sum(1 for n in read.lines if n <= sealed)
        if kept < len(read.lines):  # the record ends, and repair cuts it, where End left it
            read.good_bytes = read.offsets[kept]
        del read.events[kept:], read.lines[kept:], read.offsets[kept:]
        added = (
            f"line {total} was" if total == sealed + 1 else f"lines {sealed + 1} to {total} were"
        )
        notes.append(
            f"{added} added after the session ended {said}: the record is kept up to line {sealed}"
        )
    elif hashlib.sha256(_last_line(data)).hexdigest() != digest:
        read.bad_lines.append(total)
        notes.append(f"line {total}, the last, is not the line the session ended with {said}")


def repair(path: str | os.PathLike[str], keep: int | None = None) -> JournalRead:
    """Read the record and set its damaged tail aside, so new lines start clean.

    Everything from the first damage on (or from byte ``keep``, when the caller found the
    damage itself) is appended to ``<name>.damaged``, kept for the record, and the record
    is cut there. A last event written whole but without its newline gets its newline.
    """
    p = Path(path)
    read = read_journal(p)
    cut = read.good_bytes if keep is None else min(keep, read.good_bytes)
    data = p.read_bytes()
    tail = data[cut:]
    read.set_aside = tail if tail.strip() else b""
    if tail.strip():
        side = p.with_name(p.name + ".damaged")
        fd = os.open(side, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        if os.name == "posix":
            os.fchmod(fd, file_mode(p.parent))
        with os.fdopen(fd, "ab") as f:
            f.write(tail if tail.endswith(b"\n") else tail + b"\n")
            f.flush()
            os.fsync(f.fileno())
    if cut < len(data) or (cut and not data[:cut].endswith(b"\n")):
        with p.open("r+b") as f:
            f.truncate(cut)
            if cut and not data[:cut].endswith(b"\n"):
                f.seek(0, os.SEEK_END)
                f.write(b"\n")
            f.flush()
            os.fsync(f.fileno())
    if keep is not None and keep < read.good_bytes:
        kept = [i for i, off in enumerate(read.offsets) if off < keep]
        read.events = [read.events[i] for i in kept]
        read.lines = [read.lines[i] for i in kept]
        read.offsets = [read.offsets[i] for i in kept]
        read.good_bytes = keep
    return read


_KIND = re.compile(rb'^\{"event":"([a-z_]+)"')
_SEAT = re.compile(rb'"seat":(\d+)')


def tries_in(set_aside: bytes, people: Collection[int]) -> tuple[int, int]:
    """``(tries, unreadable)`` among lines set aside: the lines that are a person's try (a
    refused try, or a move by a seat in ``people``), and the lines cut off too early to say
    whether they were one.

    >>> tries_in(b'{"event":"refused","n":9,"t":1,"seat":0}\\n{"event":"move","n":10,"t":2,'
    ...          b'"seat":1,"move":"draw"}\\n{"event":"mo', people=(0,))
    (1, 1)
    """
    tries = unreadable = 0
    for line in set_aside.split(b"\n"):
        if not line.strip():
            continue
        kind = _KIND.match(line)
        seat = _SEAT.search(line)
        if kind is None or (kind.group(1) == b"move" and seat is None):
            unreadable += 1
        elif kind.group(1) == b"refused" or (
            kind.group(1) == b"move" and seat is not None and int(seat.group(1)) in people
        ):
            tries += 1
    return tries, unreadable


def notes_draft(record: str | os.PathLike[str]) -> str | None:
    """The notes typed so far for a session not yet ended (``<record>.notes``), if any.

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "C-07-2026-12-01-1.jsonl"
    >>> notes_draft(p) is None
    True
    """
    draft = Path(record).with_name(Path(record).name + NOTES_SUFFIX)
    try:
        return draft.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
