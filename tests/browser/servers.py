"""Real servers for end-to-end tests: JupyterLab and Voila on 127.0.0.1, and Chromium.

Each server runs in its own process group on a free port with its own
settings, runtime and config folders, and is ended (with its kernels) when the
test module is done. Debian's Chromium is driven by Playwright; when it is
missing, tests skip with the reason, except under CI, where they fail.
"""

from __future__ import annotations

import contextlib
import json
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
from typing import Any

import pytest

from tests.helpers.browser_harness import CHROMIUM, CHROMIUM_ARGS, send, widget_state
from tests.helpers.processes import free_port, stop_group, wheel_environment

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "REPO",
    "app_page",
    "binder_server",
    "build_wheel",
    "chromium",
    "jupyter_lab",
    "kernel_processes",
    "need_browser",
    "voila",
    "voila_from_wheel",
]

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
# Voila's settings in Python, which installing cfwidget puts in {sys.prefix}/etc/jupyter/.
VOILA_PY = REPO / "jupyter-config" / "voila.py"
# A kernel id no server has: asking for it answers 404 at once and starts nothing.
_NO_KERNEL = "/api/kernels/00000000-0000-0000-0000-000000000000"
# The process of each running server, by base URL (for its kernels' processes).
_PIDS: dict[str, int] = {}


def need_browser() -> None:
    """Skip (or, under CI, fail) when Chromium or Playwright is missing."""
    reason = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        reason = "Playwright is not installed"
    if reason is None and not (shutil.which(CHROMIUM) or Path(CHROMIUM).exists()):
        reason = f"Chromium is not at {CHROMIUM} (apt-get install chromium)"
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI must run the browser tests", pytrace=False)
        pytest.skip(reason)


def write_notebook(path: Path, cells: list[str], title: str | None = None) -> Path:
    """A notebook of ``cells`` (code, and a markdown ``title`` first) for a server to run."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [nbformat.v4.new_markdown_cell(title)] if title else []
    nb.cells += [nbformat.v4.new_code_cell(src) for src in cells]
    nbformat.write(nb, path)
    return path


# True once the first cell's prompt is no longer "[ ]:" (queued "[*]:" or run "[1]:").
_FIRST_CELL_STARTED_JS = """() => {
  const prompt = document.querySelector('.jp-Notebook .jp-Cell .jp-InputPrompt');
  return Boolean(prompt) && !/\\[\\s*\\]/.test(prompt.textContent || '');
}"""


def run_first_cell_in_notebook7(page: Any, base: str, path: str, wait: int) -> None:
    """Open ``path`` in Jupyter Notebook 7 and run its first cell by the keyboard, as a reader
    does (choosing the kernel first if Notebook 7 asks).

    The editor can show before Notebook 7 is ready for the key, and the kernel dialog can
    open after it: on a loaded machine the Shift+Enter was then lost. So the key is pressed
    again (the dialog answered first) until the cell's prompt says it is queued or has run,
    for at most ``wait`` milliseconds.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(f"{base}/notebooks/{path}", timeout=wait)
    ask = page.locator(".jp-Dialog", has_text="Select Kernel")
    editor = page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").first
    editor.or_(ask).first.wait_for(timeout=wait)
    deadline = time.monotonic() + wait / 1000
    while True:
        if ask.count():
            ask.get_by_role("button", name="Select Kernel", exact=True).click()  # its aria-label
        editor.click()
        page.keyboard.press("Shift+Enter")
        try:
            page.wait_for_function(_FIRST_CELL_STARTED_JS, timeout=10_000)
            return
        except PlaywrightTimeout:  # the key was lost: press it again
            if time.monotonic() > deadline:
                raise


def _wait_until_up(url: str, proc: subprocess.Popen[bytes], log: Path, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                status = reply.status
        except urllib.error.HTTPError as exc:
            status = exc.code  # e.g. 404 for a kernel that is not there: the server answers
        except OSError:
            status = 599
        if status < 500:
            return
        time.sleep(0.25)
    raise RuntimeError(
        f"the server did not answer {url} in {seconds} s:\n{log.read_text()[-3000:]}"
    )


def kernel_processes(base_url: str) -> list[int]:
    """The process ids of the kernels a server started here is running now."""
    import psutil

    pid = _PIDS[base_url.rstrip("/")]
    found = []
    for child in psutil.Process(pid).children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if any("ipykernel" in part for part in child.cmdline()):
                found.append(child.pid)
    return found


@contextlib.contextmanager
def _server(
    args: list[str],
    ready_path: str,
    port: int,
    cwd: Path,
    config: tuple[Path, ...] = (),
    repo_on_path: bool = True,
    data_path: str | None = None,
) -> Iterator[str]:
    """A server on ``port``; ``config`` files are put in its Jupyter config folder; the
    repository is on its ``PYTHONPATH`` unless ``repo_on_path`` is false; ``data_path``
    is a Jupyter data folder to search too (``JUPYTER_PATH``)."""
    home = Path(tempfile.mkdtemp(prefix="cfwidget-server-"))
    (home / "config").mkdir()
    for path in config:
        shutil.copy(path, home / "config" / path.name)
    settings = home / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    # No news or update pop-ups over the page under test.
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"checkForUpdates": False, "fetchNews": "false"})
    )
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(home / "lab-settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
        "PYTHONPATH": str(REPO),
    }
    if not repo_on_path:
        del env["PYTHONPATH"]
    if data_path is not None:
        env["JUPYTER_PATH"] = data_path
    log = home / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            args, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base + ready_path, proc, log, seconds=90)
        _PIDS[base] = proc.pid
        yield base
    finally:
        _PIDS.pop(base, None)
        stop_group(proc)
        shutil.rmtree(home, ignore_errors=True)


@contextlib.contextmanager
def _jupyter(module: str, root: Path, *options: str) -> Iterator[str]:
    """A Jupyter front end (``python -m module``) on ``root``, no token; yields its base URL."""
    port = free_port()
    args = [
        str(BIN / "python"),
        "-m",
        module,
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
        *options,
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    with _server(args, "/api/status", port, root) as base:
        yield base


def jupyter_lab(root: Path) -> contextlib.AbstractContextManager[str]:
    """A JupyterLab server on ``root`` with no token; yields its base URL."""
    return _jupyter("jupyterlab", root, "--LabApp.news_url=")


def jupyter_notebook(root: Path) -> contextlib.AbstractContextManager[str]:
    """A Jupyter Notebook 7 server on ``root`` with no token; yields its base URL."""
    return _jupyter("notebook", root, "--JupyterNotebookApp.news_url=")


@contextlib.contextmanager
def voila_app(folder: Path, name: str, cells: list[str]) -> Iterator[str]:
    """Voila serving a notebook of ``cells`` written to ``folder/name``; yields its URL."""
    need_browser()
    with voila(write_notebook(folder / name, cells)) as url:
        yield url


@contextlib.contextmanager
def voila(notebook: Path, cull_after: int | None = None) -> Iterator[str]:
    """Voila serving one notebook as an app (no code shown); yields its URL.

    It starts in the repository, so it reads the project's ``voila.json`` as
    ``voila notebooks/...`` does, and ``jupyter-config/voila.py`` from where installing
    cfwidget put it (``{sys.prefix}/etc/jupyter/``). ``cull_after`` shortens the time after which
    the kernel of a closed page is shut down (seconds; checked every second).
    """
    port = free_port()
    args = [
        str(BIN / "voila"),
        str(notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
    ]
    if cull_after is not None:
        args += [
            f"--MappingKernelManager.cull_idle_timeout={cull_after}",
            "--MappingKernelManager.cull_interval=1",
        ]
    with _server(args, _NO_KERNEL, port, REPO) as base:
        yield base + "/"


@contextlib.contextmanager
def voila_from_wheel(notebook: Path, wheel: Path) -> Iterator[str]:
    """Voila serving ``notebook`` from an environment where ``wheel`` alone was installed
    with pip; yields its URL.

    The environment is a new virtual environment whose ``sys.prefix`` holds nothing but
    the wheel's files (its dependencies are found in this environment's site-packages,
    after the wheel's own, and their data, such as Voila's templates, in this environment's
    ``share/jupyter``). Voila starts next to the notebook, outside the repository, with
    no config folder of ours and the repository off ``PYTHONPATH``: what it finds is what
    ``pip install cfwidget`` installs.
    """
    prefix = Path(tempfile.mkdtemp(prefix="cfwidget-wheel-"))
    try:
        python = wheel_environment(wheel, prefix)
        port = free_port()
        args = [
            str(python),
            "-m",
            "voila",
            str(notebook),
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
        ]
        data = str(Path(sys.prefix) / "share" / "jupyter")
        with _server(
            args, _NO_KERNEL, port, notebook.parent, repo_on_path=False, data_path=data
        ) as base:
            yield base + "/"
    finally:
        shutil.rmtree(prefix, ignore_errors=True)


def build_wheel(folder: Path) -> Path:
    """The project's wheel, built into ``folder`` with hatchling (as pip would build it)."""
    from hatchling.builders.wheel import WheelBuilder

    return Path(
        WheelBuilder(str(REPO)).build(directory=str(folder), versions=["standard"]).__next__()
    )


@contextlib.contextmanager
def binder_server(root: Path) -> Iterator[str]:
    """A Jupyter server set up as Binder's postBuild sets it up; yields its base URL.

    Its config folder holds ``binder/jupyter_server_config.json``, as postBuild copies
    it (the Voila settings come with the installed package); it starts outside the repository, so it
    reads nothing else of ours. Voila runs in it as a server extension
    (``/voila/render/<notebook>``), as on Binder. No token, and the XSRF check is on.
    """
    port = free_port()
    args = [
        str(BIN / "jupyter-server"),
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    config = (REPO / "binder" / "jupyter_server_config.json",)
    with _server(args, "/api/status", port, root, config=config) as base:
        yield base


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (skips, or fails under CI, when missing)."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def harness_page(
    browser: Any,
    url: str,
    width: int = 1000,
    height: int = 1000,
    *,
    ready: bool = True,
    strict: bool = False,
) -> Iterator[Any]:
    """The harness page (tests/helpers/browser_harness.py) at ``url`` in a fresh context, once its
    script is ready (``ready``); fails if the page raised an error and, when ``strict``, if it
    wrote an error or warning to the console or opened a dialog."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    if strict:
        page.on(
            "console",
            lambda msg: (
                problems.append(f"console {msg.type}: {msg.text}")
                if msg.type in ("error", "warning")
                else None
            ),
        )

        def on_dialog(dialog: Any) -> None:
            problems.append(f"a dialog opened: {dialog.message}")
            dialog.dismiss()

        page.on("dialog", on_dialog)
    try:
        page.goto(url)
        if ready:
            page.wait_for_function("window.cfwReady === true")
        yield page
    finally:
        context.close()
    assert not problems, problems


def pump(page: Any, w: Any) -> list[dict[str, Any]]:
    """Hand what the harness page's view sent to the widget ``w`` (a GameWidget or a
    GuidedSession), then give the view the widget's new state; returns what was sent."""
    messages: list[dict[str, Any]] = page.evaluate("cfw.take()")
    for m in messages:
        send(w, m)
    page.evaluate("s => cfw.update(s)", widget_state(w))
    return messages


@contextlib.contextmanager
def app_page(
    browser: Any, url: str, label: str, wait_ms: int, ready: str | None = None
) -> Iterator[Any]:
    """A page on ``url`` once it is drawn; fails if the page raised errors.

    Drawn means the widget's hand is on the page, or the JavaScript condition ``ready`` holds.
    """
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(wait_ms)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    started = time.monotonic()
    page.goto(url, timeout=wait_ms)
    if ready is None:
        page.locator(".cfw .cfw-hand .cfw-htile").first.wait_for(timeout=wait_ms)
    else:
        page.wait_for_function(ready, timeout=wait_ms)
    print(f"\n{label}: drawn {time.monotonic() - started:.1f} s after opening the page")
    yield page
    context.close()
    assert not errors, errors
