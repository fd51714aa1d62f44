"""Private files: folders only their owner opens (0700), files only their owner reads (0600).

Session records, goals, reports and progress files hold people's results, so they are
written the same careful way: the folders the package makes are private (a folder that
was there already keeps its permissions), and a whole file is replaced atomically (a
temporary file, synced, then renamed), so a crash leaves the old file or the new one.

>>> import tempfile
>>> from pathlib import Path
>>> folder = private_folder(Path(tempfile.mkdtemp()) / "records")
>>> p = write_private(folder / "a.txt", "hello")
>>> p.read_text(), oct(p.stat().st_mode & 0o777), oct(folder.stat().st_mode & 0o777)
('hello', '0o600', '0o700')
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

__all__ = ["private_folder", "write_private"]


def private_folder(folder: str | os.PathLike[str]) -> Path:
    """Make ``folder`` (and its parents) if needed: each folder made here only its owner opens.

    A folder that already exists keeps its permissions: a shared class or team folder stays
    open to the others (the files written in it are 0600 all the same).

    >>> import tempfile
    >>> shared = Path(tempfile.mkdtemp()); shared.chmod(0o775)
    >>> made = private_folder(shared / "new" / "records")
    >>> [oct(p.stat().st_mode & 0o777) for p in (shared, shared / "new", made)]
    ['0o775', '0o700', '0o700']
    """
    path = Path(folder)
    missing = []
    step = path
    while not step.exists() and step != step.parent:
        missing.append(step)
        step = step.parent
    for step in reversed(missing):
        try:
            step.mkdir(mode=0o700)
        except FileExistsError:
            continue  # made by another process at the same moment: not ours to change
        if os.name == "posix":
            with contextlib.suppress(OSError):
                step.chmod(0o700)  # a strict umask may have taken the owner's bits away
    if not path.is_dir():
        raise NotADirectoryError(f"{path} is a file, not a folder: records need a folder")
    return path


def write_private(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to ``path`` atomically, readable only by its owner (mode 0600)."""
    out = Path(path)
    temp = out.with_name(f".{out.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, out)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return out
