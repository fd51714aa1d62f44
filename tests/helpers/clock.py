"""A clock for records under test: each reading is ``step`` seconds after the one before."""

from __future__ import annotations


class TickingClock:
    """Starts at ``start`` (seconds since the epoch) and moves on ``step`` at every reading.

    >>> clock = TickingClock(step=1.5)
    >>> clock(), clock()
    (1700000001.5, 1700000003.0)
    """

    def __init__(self, start: float = 1_700_000_000.0, step: float = 1.5) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now
