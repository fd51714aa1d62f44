"""What the tests that start servers and environments share: a free port, stopping a server's
process group, and a virtual environment holding one wheel.

>>> 1024 <= free_port() <= 65535
True
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import sysconfig
from pathlib import Path

__all__ = ["free_port", "stop_group", "wheel_environment"]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def stop_group(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server started with ``start_new_session=True`` and everything it started: the
    process group gets SIGTERM, then SIGKILL if it is still there after 15 seconds."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)


def wheel_environment(wheel: Path, prefix: Path) -> Path:
    """A new virtual environment at ``prefix`` where ``wheel`` alone was installed with pip;
    its Python's path.

    Its ``sys.prefix`` holds nothing but the wheel's files; its dependencies are found in this
    environment's site-packages, after the wheel's own (a ``.pth`` file), so that what it
    finds of cfwidget is what ``pip install cfwidget`` installs.
    """
    base_python = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base_python, "-m", "venv", "--without-pip", str(prefix)], check=True)
    python = prefix / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # pip aimed at the new environment (--python): --prefix would also take cfwidget out of
    # this one.
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
    subprocess.run([*pip, "--no-deps", "--no-warn-script-location", str(wheel)], check=True)
    Path(site, "zz-test-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return python
