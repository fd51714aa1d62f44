"""Where session records live: a private folder per user, outside any project folder.

By default records go to the user's own data folder (``~/.local/share/cfwidget/records``
on Linux, ``~/Library/Application Support/cfwidget/records`` on a Mac,
``%LOCALAPPDATA%\\cfwidget\\records`` on Windows), or wherever ``CFWIDGET_RECORDS``
points. A folder the package makes is private (0700), and the files in it are 0600. A
folder that was there already keeps its permissions; if it is a team's shared folder
(its group may enter and write in it, say), the files the package writes there are open
to the folder's group as the team's own files are, and never to others
(:func:`~cfwidget._shared.file_mode`). The folder holds a ``.gitignore`` that ignores
everything, so records are never committed by accident even when a therapist keeps
them inside a project; it holds nothing personal, so everyone who may read the folder
may read it. One file per session: ``<client>-<date>-<n>.jsonl``.

>>> import tempfile
>>> folder = records_folder(tempfile.mkdtemp())
>>> path = new_record_path(folder, "C-07", "2026-12-01")
>>> path.name, (folder / ".gitignore").read_text()
('C-07-2026-12-01-1.jsonl', '*\\n')
>>> unfinished(folder, "C-07")
[]
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from .._shared import private_folder, write_private
from .journal import read_journal
from .settings import check_client

__all__ = ["RecordInfo", "new_record_path", "records_folder", "unfinished"]


def _default_folder() -> Path:
    env = os.environ.get("CFWIDGET_RECORDS")
    if env:
        return Path(env).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "cfwidget" / "records"


def records_folder(folder: str | os.PathLike[str] | None = None) -> Path:
    """The records folder (private if made here, holding a ``.gitignore`` of ``*``).

    ``None``: the user's own folder (``CFWIDGET_RECORDS``, else the per-user data folder).
    """
    path = private_folder(Path(folder).expanduser() if folder is not None else _default_folder())
    ignore = path / ".gitignore"
    if not ignore.exists():
        write_private(ignore, "*\n", private=False)
    return path


def new_record_path(folder: str | os.PathLike[str], client: str, date: str) -> Path:
    """A fresh file for a session: ``<client>-<date>-<n>.jsonl`` in the records folder."""
    base = records_folder(folder)
    code = check_client(client)
    n = 1
    while (base / f"{code}-{date}-{n}.jsonl").exists():
        n += 1
    return base / f"{code}-{date}-{n}.jsonl"


@dataclass(frozen=True)
class RecordInfo:
    """A session record as the resume list shows it."""

    path: Path
    client: str
    date: str
    turns: int
    ended: bool
    problem: str | None

    def label(self) -> str:
        """``2026-12-01 (session 2): 14 turns so far``, for a list to choose from."""
        number = self.path.stem.rsplit("-", 1)[-1]
        state = "ended" if self.ended else "so far"
        return f"{self.date} (session {number}): {self.turns} turns {state}"


def _info(path: Path) -> RecordInfo | None:
    try:
        read = read_journal(path)
    except OSError:
        return None
    events = read.events
    if not events or events[0].get("event") != "start":
        return None
    first = events[0]
    turns = sum(1 for e in events if e.get("event") == "turn")
    turns -= sum(1 for e in events if e.get("event") == "undo" and e.get("turn"))
    # A record sealed at End has ended, even if its last line ("end") has gone since.
    ended = read.sealed is not None or any(e.get("event") == "end" for e in events)
    return RecordInfo(
        path, str(first.get("client", "")), str(first.get("date", "")), turns, ended, read.problem
    )


def unfinished(folder: str | os.PathLike[str], client: str) -> list[RecordInfo]:
    """The sessions of ``client`` in ``folder`` that were never ended, newest first."""
    code = check_client(client)
    base = Path(folder).expanduser()
    if not base.is_dir():
        return []
    found = []
    for path in base.glob(f"{code}-*.jsonl"):
        info = _info(path)
        if info is not None and info.client == code and not info.ended:
            found.append(info)
    found.sort(key=lambda i: (i.date, i.path.stat().st_mtime), reverse=True)
    return found
