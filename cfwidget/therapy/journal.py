"""The session record on disk: one JSON object per line, appended and flushed as it happens.

Every event is written, flushed and ``fsync``-ed before the session acts on it,
so a crash, a kernel restart or a power cut loses at most the line being
written. Reading tolerates a damaged last line and says so; damage earlier in
the file is reported too, and the readable lines are still returned.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "s.jsonl"
>>> with Journal(path) as j:
...     j.append({"event": "start", "t": 0.0})
...     j.append({"event": "move", "t": 1.5, "seat": 0, "move": "6-4@6-6"})
>>> _ = path.open("a").write('{"event": "mo')        # the power went out here
>>> read = read_journal(path)
>>> [e["event"] for e in read.events], read.problem
(['start', 'move'], 'the last line was cut off (13 bytes) and was left out')
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from ..core import SessionError

__all__ = ["Journal", "JournalRead", "read_journal", "repair"]


class Journal:
    """An append-only JSON Lines file; each :meth:`append` reaches the disk before it returns."""

    def __init__(self, path: str | os.PathLike[str], *, fsync: bool = True) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fsync = fsync
        self._file = self.path.open("a", encoding="utf-8")

    def append(self, event: Mapping[str, Any]) -> None:
        """Write one event as one line, then flush and sync it."""
        if self._file.closed:
            raise SessionError(
                f"the journal {self.path} is closed: open a new Journal to write more"
            )
        line = json.dumps(dict(event), ensure_ascii=False, separators=(",", ":"))
        self._file.write(line + "\n")
        self._file.flush()
        if self._fsync:
            os.fsync(self._file.fileno())

    def close(self) -> None:
        """Close the file (appending afterwards is an error)."""
        self._file.close()

    @property
    def closed(self) -> bool:
        """True once closed."""
        return self._file.closed

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


@dataclass
class JournalRead:
    """What :func:`read_journal` found: the events, and a note if something was damaged."""

    events: list[dict[str, Any]]
    problem: str | None = None
    good_bytes: int = 0  # the length of the file up to the end of the last good line
    bad_lines: list[int] = field(default_factory=list)  # 1-based numbers of unreadable lines


def read_journal(path: str | os.PathLike[str]) -> JournalRead:
    """Read every whole event; a cut-off last line is left out and reported, never raised."""
    data = Path(path).read_bytes()
    events: list[dict[str, Any]] = []
    bad: list[int] = []
    good = 0
    pos = 0
    number = 0
    problems: list[str] = []
    while pos < len(data):
        end = data.find(b"\n", pos)
        last = end < 0
        chunk = data[pos:] if last else data[pos:end]
        number += 1
        try:
            value = json.loads(chunk.decode("utf-8")) if chunk.strip() else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            value = ...
        if value is ... or (value is not None and not isinstance(value, dict)):
            if last:
                problems.append(f"the last line was cut off ({len(chunk)} bytes) and was left out")
            else:
                bad.append(number)
        elif value is not None:
            if last:  # whole JSON but no newline: keep it, the write had finished
                events.append(value)
                good = len(data)
                break
            events.append(value)
        if last:
            break
        pos = good = end + 1  # whole lines stay in the file, readable or not
    if bad:
        problems.insert(
            0,
            f"line{'s' if len(bad) > 1 else ''} {', '.join(map(str, bad))} "
            "could not be read and were left out",
        )
    return JournalRead(events, "; ".join(problems) or None, good, bad)


def repair(path: str | os.PathLike[str]) -> JournalRead:
    """Read the journal and cut a damaged tail off, so new lines start clean.

    The cut-off bytes are kept next to it in ``<name>.damaged`` for the record.
    """
    p = Path(path)
    read = read_journal(p)
    size = p.stat().st_size
    if read.good_bytes < size:
        data = p.read_bytes()
        tail = data[read.good_bytes :]
        with p.with_name(p.name + ".damaged").open("ab") as side:
            side.write(tail + b"\n")
        with p.open("r+b") as f:
            f.truncate(read.good_bytes)
            if read.good_bytes and not data[: read.good_bytes].endswith(b"\n"):
                f.seek(0, os.SEEK_END)
                f.write(b"\n")
            f.flush()
            os.fsync(f.fileno())
    return read
