"""Browser and end-to-end tests: Debian's Chromium through Playwright, JupyterLab and Voila.

Everything in this folder is marked ``browser``, so ``pytest -m "not browser"`` runs the
quick part of the suite alone. The servers themselves live in ``servers.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from servers import chromium


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.path).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Chromium for the whole session (skips, or fails under CI, when it is missing)."""
    with chromium() as b:
        yield b
