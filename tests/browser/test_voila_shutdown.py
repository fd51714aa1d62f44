"""A closed Voila page shuts its own kernel down at once, as `voila` and as on Binder.

When a page is closed, Voila's page asks the server to shut its kernel down, signed
with the page's ``_xsrf`` cookie. Without ``jupyter-config/voila.py`` (which the wheel
installs in ``{sys.prefix}/etc/jupyter/``) the page never got that cookie, the request was
refused with 403 and each visit held a kernel (100 MB or more) until culling.

Here a real tab is opened and closed (running the page's unload handler, as a browser
does when a tab is closed) and the kernels are counted until they are back to what
they were before the visit, long before culling could have done it (the wait is bounded
at 2 minutes, generous for a loaded machine). Culling stays as the safety net for
pages that never say goodbye (test_voila_culling.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from servers import (
    REPO,
    binder_server,
    build_wheel,
    kernel_processes,
    need_browser,
    voila,
    voila_from_wheel,
    write_notebook,
)

WAIT = 90_000  # ms
BACK_WITHIN = 120.0  # seconds: a bound on the wait, far under the 15 minutes of culling


@pytest.fixture(scope="module")
def notebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    need_browser()
    root = tmp_path_factory.mktemp("shutdown")
    return write_notebook(root / "app.ipynb", ["print('app ready')"])


def seconds_until(condition: Callable[[], bool], limit: float, since: float) -> float:
    """Seconds from ``since`` (a ``time.monotonic()``) until ``condition`` held (asked every
    0.25 s); fails after ``limit``."""
    started = since
    while not condition():
        took = time.monotonic() - started
        assert took < limit, f"still not so after {took:.1f} s"
        time.sleep(0.25)
    return time.monotonic() - started


def close_and_time(
    browser: Any, url: str, running: Callable[[str], bool], gone: Callable[[str], bool]
) -> float:
    """Open ``url``, wait for the notebook's output, close the tab; seconds until ``gone``.

    While the page is open ``running`` must find its kernel running; once the tab is
    closed (the browser stays open, as when one tab of many is closed), ``gone`` is asked
    until it holds, for at most :data:`BACK_WITHIN` seconds.
    """
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        page.goto(url, timeout=WAIT)
        page.get_by_text("app ready").wait_for(timeout=WAIT)
        config = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")
        kernel_id = str(config["kernelId"])
        assert any(c["name"] == "_xsrf" for c in context.cookies())  # the page can sign
        assert running(kernel_id)
        # A closed tab: the page says goodbye (its beacon), then goes.
        with page.expect_event("close", timeout=WAIT):
            page.close(run_before_unload=True)
        closed = time.monotonic()
        return seconds_until(lambda: gone(kernel_id), BACK_WITHIN, since=closed)
    finally:
        context.close()


def voila_close_and_time(browser: Any, url: str) -> tuple[int, float]:
    """A standalone Voila at ``url``: its kernels before the visit, and the seconds from the
    tab's closing until they are back to that (its kernel asked for by id, and counted)."""
    baseline = len(kernel_processes(url))

    def alive(kernel_id: str) -> bool:
        try:
            with urllib.request.urlopen(f"{url}api/kernels/{kernel_id}", timeout=5):
                return True
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                return False
            raise

    took = close_and_time(
        browser,
        url,
        running=lambda k: alive(k) and len(kernel_processes(url)) == baseline + 1,
        gone=lambda k: not alive(k) and len(kernel_processes(url)) <= baseline,
    )
    return baseline, took


def test_voila_shuts_the_kernel_of_a_closed_page_down(notebook: Path, browser: Any) -> None:
    with voila(notebook) as url:
        baseline, took = voila_close_and_time(browser, url)
    # Culling waits 15 minutes here: only the page's own request can have done it.
    print(f"\nvoila: kernels back to {baseline} {took:.2f} s after the tab closed")


def test_binder_shuts_the_kernel_of_a_closed_page_down(
    tmp_path: Path, notebook: Path, browser: Any
) -> None:
    (tmp_path / notebook.name).write_bytes(notebook.read_bytes())
    with binder_server(tmp_path) as base:

        def kernels() -> list[str]:
            with urllib.request.urlopen(f"{base}/api/kernels", timeout=5) as reply:
                return [k["id"] for k in json.load(reply)]

        baseline = kernels()
        took = close_and_time(
            browser,
            f"{base}/voila/render/{notebook.name}",
            running=lambda k: k in kernels() and k not in baseline,
            gone=lambda k: kernels() == baseline,
        )
    print(f"\nbinder: kernels back to {len(baseline)} {took:.2f} s after the tab closed")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_carries_the_voila_settings(wheel: Path) -> None:
    """``pip install cfwidget`` puts jupyter-config/voila.py in {sys.prefix}/etc/jupyter/,
    where Voila reads its settings; Binder's postBuild and ``make`` install the package."""
    with zipfile.ZipFile(wheel) as archive:
        shipped = [n for n in archive.namelist() if n.endswith(".data/data/etc/jupyter/voila.py")]
        assert len(shipped) == 1, archive.namelist()[-20:]
        assert archive.read(shipped[0]) == (REPO / "jupyter-config" / "voila.py").read_bytes()
    assert "pip install --no-deps --no-cache-dir ." in (REPO / "binder" / "postBuild").read_text()
    # Never at the top of the repository: there it would be imported in place of Voila.
    assert not (REPO / "voila.py").exists()


def test_a_plain_pip_install_shuts_the_kernel_of_a_closed_page_down(
    tmp_path: Path, notebook: Path, wheel: Path, browser: Any
) -> None:
    """Voila from an environment where only the wheel was pip-installed: no make, no Binder,
    no config of ours; a closed page's kernel goes at once all the same."""
    (tmp_path / notebook.name).write_bytes(notebook.read_bytes())
    with voila_from_wheel(tmp_path / notebook.name, wheel) as url:
        baseline, took = voila_close_and_time(browser, url)
    # Installing the wheel there left this environment's cfwidget where it was.
    here = subprocess.run(
        [sys.executable, "-c", "import cfwidget; print(cfwidget.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert here.returncode == 0 and str(REPO) in here.stdout, here.stderr
    print(f"\nvoila from the wheel: kernels back to {baseline} {took:.2f} s after the tab closed")


def test_the_hook_keeps_the_xsrf_check() -> None:
    """The settings give pages their cookie; none of them turns the check off."""
    text = (REPO / "jupyter-config" / "voila.py").read_text()
    assert "prelaunch_hook" in text
    for path in (
        REPO / "jupyter-config" / "voila.py",
        REPO / "voila.json",
        REPO / "binder" / "jupyter_server_config.json",
    ):
        assert "disable_check_xsrf" not in path.read_text(), path
