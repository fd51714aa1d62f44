"""The room's tests start servers on asyncio loops: none may find a loop left from another."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def no_loop_left_running() -> Iterator[None]:
    """Fails plainly when an earlier test left an event loop running in this thread (an open
    Playwright sync API does): the host would serve on that loop, which never turns."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        left = False
    else:
        left = True
    if left:
        pytest.fail("an event loop is left running in the main thread by an earlier test")
    yield
