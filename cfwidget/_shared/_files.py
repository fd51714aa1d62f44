"""Private files: folders only their owner opens (0700), files only their owner reads (0600).

Session records, goals, reports and progress files hold people's results, so they are
written the same careful way: the folders the package makes are private (a folder that
was there already keeps its permissions), and a whole file is replaced atomically (a
temporary file, synced, then renamed), so a crash leaves the old file or the new one.

A folder that was there already and is a team's shared folder (:func:`file_mode`: its
group may enter it, and may write in it, or it hands its group on to new files, or
others may not enter it at all) keeps working as one: the files written in it can be
read by the folder's group too (and written, where the group may write in the folder),
as the team's own files there can. Others never get any access to them.

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

__all__ = ["file_mode", "private_folder", "write_private"]


def file_mode(folder: str | os.PathLike[str], *, private: bool = True) -> int:
    """The mode of a file written in ``folder``: 0600, or in a team's shared folder also
    the group's read (and write) bits as the folder gives them; never any for others.

    ``private=False`` is for a file with nothing personal in it (a ``.gitignore``): it may
    be read by everyone who may read the folder.

    >>> import tempfile
    >>> team = Path(tempfile.mkdtemp())
    >>> modes = {}
    >>> for folder in (0o700, 0o755, 0o750, 0o770, 0o2775):
    ...     team.chmod(folder)
    ...     modes[oct(folder)] = oct(file_mode(team)), oct(file_mode(team, private=False))
    >>> modes  # doctest: +NORMALIZE_WHITESPACE
    {'0o700': ('0o600', '0o600'), '0o755': ('0o600', '0o644'), '0o750': ('0o640', '0o640'),
     '0o770': ('0o660', '0o640'), '0o2775': ('0o660', '0o644')}
    """
    try:
        mode = os.stat(folder).st_mode
    except OSError:
        return 0o600
    if not private:
        return 0o600 | (mode & 0o044)
    enter, write = mode & 0o010, mode & 0o020
    shared = enter and (write or mode & 0o2000 or not mode & 0o007)
    if not shared:
        return 0o600
    return 0o600 | (mode & 0o040) | write


def private_folder(folder: str | os.PathLike[str]) -> Path:
    """Make ``folder`` (and its parents) if needed: each folder made here only its owner opens.

    A folder that already exists keeps its permissions: a shared class or team folder stays
    open to the others (the files written in it follow :func:`file_mode`).

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


def write_private(path: str | os.PathLike[str], text: str, *, private: bool = True) -> Path:
    """Write ``text`` to ``path`` atomically, readable only by its owner (mode 0600), or in
    a team's shared folder by its group too (:func:`file_mode`, which ``private`` is for)."""
    out = Path(path)
    mode = file_mode(out.parent, private=private)
    temp = out.with_name(f".{out.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        if os.name == "posix" and mode != 0o600:
            os.fchmod(fd, mode)  # the umask would take the group's bits away
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, out)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return out
