"""Voila shuts down the kernel of a page that was closed (culling), as the project configures it.

The project's ``voila.json`` (read by ``voila`` started in the repository) and
``binder/jupyter_server_config.json`` (for Voila on Binder) cull a kernel that
has had no page connected and no activity for 15 minutes. Here the server
reads the same file with the wait cut to a few seconds.
"""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from servers import REPO, need_browser, voila

CULL_AFTER = 4  # seconds
WAIT = 90_000  # ms


def test_the_shipped_configs_cull_kernels_of_closed_pages_only() -> None:
    for path in (REPO / "voila.json", REPO / "binder" / "jupyter_server_config.json"):
        settings = json.loads(path.read_text())["MappingKernelManager"]
        assert settings["cull_connected"] is False, path  # an open page keeps its kernel
        assert 300 <= settings["cull_idle_timeout"] <= 3600, path
        assert 0 < settings["cull_interval"] <= settings["cull_idle_timeout"], path


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    root = tmp_path_factory.mktemp("cull")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nb.cells = [nbformat.v4.new_code_cell("print('app ready')")]
    path = Path(root) / "app.ipynb"
    nbformat.write(nb, path)
    with voila(path, cull_after=CULL_AFTER) as url:
        yield url


def kernel_alive(url: str, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}api/kernels/{kernel_id}", timeout=10) as reply:
            return bool(reply.status == 200)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise


def test_the_kernel_of_a_closed_page_is_shut_down(app: str, browser: Any) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        page.goto(app, timeout=WAIT)
        page.get_by_text("app ready").wait_for(timeout=WAIT)
        config = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")
        kernel_id = config["kernelId"]
        # An open page keeps its kernel, however idle.
        page.wait_for_timeout((CULL_AFTER + 3) * 1000)
        assert kernel_alive(app, kernel_id)
    finally:
        # Closing the context runs no unload handler: like a crashed or dropped tab.
        with contextlib.suppress(Exception):
            context.close()
    deadline = time.monotonic() + CULL_AFTER + 120  # generous: the machine may be loaded
    while kernel_alive(app, kernel_id):
        assert time.monotonic() < deadline, "the closed page's kernel is still running"
        time.sleep(0.5)
