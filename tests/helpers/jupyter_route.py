"""A Jupyter server set up as a JupyterHub single-user server, with the room route enabled.

It runs under ``/user/ann/`` with a login token guests do not have, Jupyter's strictest
login setting (``allow_unauthenticated_access=False``), and the extension enabled by the
config file the wheel installs (jupyter-config/jupyter_server_config.d/cfwidget.json). Its
Jupyter runtime folder is short (a Unix socket's path is at most 107 bytes) and is the one
where kernels, and this process while the server runs, register their rooms.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from tests.helpers.processes import free_port, stop_group

__all__ = ["OWNER_TOKEN", "PREFIX", "jupyter_with_route"]

REPO = Path(__file__).resolve().parents[2]
PREFIX = "/user/ann/"
OWNER_TOKEN = "the-owners-jupyter-token-guests-do-not-have"
CONFIG = REPO / "jupyter-config" / "jupyter_server_config.d" / "cfwidget.json"


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True  # 403 without the token: it answers
    except OSError:
        return False


@contextlib.contextmanager
def jupyter_with_route() -> Iterator[tuple[str, str]]:
    """Yields (the server's address, its runtime folder); this process's
    ``JUPYTER_RUNTIME_DIR`` is that folder meanwhile, so its rooms register there."""
    runtime = tempfile.mkdtemp(prefix="cfj", dir="/tmp")
    config = Path(tempfile.mkdtemp(prefix="cfjc"))
    (config / "jupyter_server_config.d").mkdir()
    shutil.copy(CONFIG, config / "jupyter_server_config.d" / CONFIG.name)
    port = free_port()
    args = [
        str(Path(sys.executable).parent / "jupyter-server"),
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--ServerApp.base_url={PREFIX}",
        f"--IdentityProvider.token={OWNER_TOKEN}",
        "--ServerApp.allow_unauthenticated_access=False",
        f"--ServerApp.root_dir={config}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": runtime, "JUPYTER_CONFIG_DIR": str(config)}
    env["PYTHONPATH"] = str(REPO)
    log = config / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            args, env=env, cwd=config, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    saved = os.environ.get("JUPYTER_RUNTIME_DIR")
    os.environ["JUPYTER_RUNTIME_DIR"] = runtime
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        marks = Path(runtime) / "cfwidget-rooms"
        while not (list(marks.glob("jupyter-*.json")) and _answers(f"{base}{PREFIX}api/status")):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the Jupyter server did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.2)
        yield base, runtime
    finally:
        stop_group(proc)
        if saved is None:
            os.environ.pop("JUPYTER_RUNTIME_DIR", None)
        else:
            os.environ["JUPYTER_RUNTIME_DIR"] = saved
        shutil.rmtree(runtime, ignore_errors=True)
        shutil.rmtree(config, ignore_errors=True)
