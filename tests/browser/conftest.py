"""Browser and end-to-end tests: Debian's Chromium through Playwright, JupyterLab and Voila.

Everything in this folder is marked ``browser``, so ``pytest -m "not browser"`` runs the
quick part of the suite alone. The servers themselves live in ``servers.py``.

Tests that take the README's pictures save them in a temporary folder, so a test run leaves
the repository as it was; ``make pictures`` (``CFWIDGET_PICTURES=docs``) saves them in docs/.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import chromium

ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.path).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Chromium for the whole session (skips, or fails under CI, when it is missing)."""
    with chromium() as b:
        yield b


@pytest.fixture
def pictures(tmp_path: Path) -> Path:
    """Where a test saves a picture for the README: docs/ under ``make pictures``."""
    chosen = os.environ.get("CFWIDGET_PICTURES")
    folder = ROOT / chosen if chosen else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder
