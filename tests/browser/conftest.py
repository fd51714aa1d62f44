"""Browser and end-to-end tests: Debian's Chromium through Playwright, JupyterLab and Voila.

Everything in this folder is marked ``browser`` (by tests/conftest.py), so ``pytest -m "not
browser"`` leaves it out. The servers themselves live in ``servers.py``.

Tests that take the README's pictures save them in a temporary folder, so a test run leaves
the repository as it was; ``make pictures`` (``CFWIDGET_PICTURES=docs``) saves them in docs/.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import chromium, harness_page

from tests.helpers.browser_harness import serve_static

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module (skips, or fails under CI, when it is missing).

    Not one per session: while Playwright's sync API is open, its event loop counts as running
    in the main thread, so the later tests that run or find an asyncio loop (the room's) would
    see it."""
    with chromium() as b:
        yield b


@pytest.fixture
def pictures(tmp_path: Path) -> Path:
    """Where a test saves a picture for the README: docs/ under ``make pictures``."""
    chosen = os.environ.get("CFWIDGET_PICTURES")
    folder = ROOT / chosen if chosen else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """The widget's harness page served from this checkout (one server per test module)."""
    with serve_static() as address:
        yield address


@pytest.fixture
def page(browser: Any, url: str) -> Iterator[Any]:
    """A fresh 1000x1000 harness page that fails its test on any page error, console error
    or warning, or dialog. Modules that need another page define their own ``page``."""
    with harness_page(browser, url, strict=True) as pg:
        yield pg


@pytest.fixture
def wide(browser: Any, url: str) -> Iterator[Any]:
    """A fresh 1280x900 harness page (a laptop's notebook) that fails on a page error."""
    with harness_page(browser, url, 1280, 900) as pg:
        yield pg
