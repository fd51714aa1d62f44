"""The players' errors: bots, simulations and tournaments, and what runs them."""

from __future__ import annotations

from .._shared import package_error

__all__ = ["BotError", "ExecutorError", "SimulationError"]


@package_error
class BotError(ValueError):
    """An unknown bot name, the wrong number of bots, or something that is not a bot."""


@package_error
class SimulationError(ValueError):
    """Arguments of a simulation or a tournament that cannot be run (rounds, contenders...)."""


@package_error
class ExecutorError(SimulationError):
    """An ``executor`` that cannot run a simulation: not an executor, shut down or closed."""
