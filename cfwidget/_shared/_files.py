"""Private files: folders only their owner opens (0700), files only their owner reads (0600).

Session records, goals, reports and progress files hold people's results, so they are
written the same careful way: a folder made private, and a whole file replaced atomically
(a temporary file, synced, then renamed), so a crash leaves the old file or the new one.

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
    """Make ``folder`` (and its parents) if needed; the folder itself only its owner opens."""
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    if os.name == "posix" and path.stat().st_mode & 0o077:
        # A shared folder the user does not own stays as it is: the files are 0600 anyway.
        with contextlib.suppress(OSError):
            path.chmod(0o700)
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
