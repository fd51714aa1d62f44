"""Numbers and flags as every layer checks them: whole numbers, real numbers, seeds, flags.

A whole number is an ``int`` that is not a ``bool`` (``True`` is an ``int`` to Python, never
a count to a person); a real number is an ``int`` or ``float`` that is not a ``bool``. A seed
is a whole number from 0 to :data:`MAX_SEED`, so that a record can always write it down and
read it back. The ``is_``/``whole_in`` tests answer yes or no, for callers whose message says
more than the range; the ``check_`` helpers raise the caller's error with the plain message
``"<what> must be <allowed>, got <value>"``.

>>> is_whole(3), is_whole(True), is_whole(3.0), whole_in(3, 1, 8), is_number(2.5)
(True, False, False, True, True)
>>> check_seed(7, ValueError), offset_seed(MAX_SEED, 2)
(7, 1)
"""

from __future__ import annotations

import math
import operator
from typing import TypeGuard, TypeVar

from ._words import shown

__all__ = [
    "MAX_SEED",
    "SEED_RANGE",
    "check_flag",
    "check_seed",
    "check_whole",
    "is_number",
    "is_whole",
    "offset_seed",
    "plain_whole",
    "seed_at",
    "whole_in",
]

#: The largest seed: seeds are whole numbers from 0 to 2**64 - 1.
MAX_SEED = 2**64 - 1
#: The allowed seeds in words, for messages.
SEED_RANGE = f"a whole number from 0 to {MAX_SEED:,} (2**64 - 1)"


def is_whole(value: object) -> TypeGuard[int]:
    """``value`` is an ``int`` and not a ``bool``.

    >>> [is_whole(v) for v in (0, -2, 10**30, False, 2.0, "3")]
    [True, True, True, False, False, False]
    """
    return isinstance(value, int) and not isinstance(value, bool)


_V = TypeVar("_V")


def plain_whole(value: _V) -> _V:
    """``value`` as a plain ``int`` when it is another library's whole number (NumPy's, as a
    table's cells are), else ``value`` as it is; a ``bool`` stays a ``bool``.

    >>> import numpy as np
    >>> plain_whole(np.int64(3)), plain_whole(True), plain_whole(2.0), plain_whole("1")
    (3, True, 2.0, '1')
    """
    if isinstance(value, (int, float, str)) or value is None:
        return value
    try:
        return operator.index(value)  # type: ignore[arg-type,return-value]
    except TypeError:
        return value


def whole_in(value: object, low: int | None = None, high: int | None = None) -> TypeGuard[int]:
    """``value`` is a whole number from ``low`` to ``high`` (both included; ``None``: no bound).

    >>> whole_in(0, 0, 3), whole_in(4, 0, 3), whole_in(True, 0, 3), whole_in(10**9, 1)
    (True, False, False, True)
    """
    return is_whole(value) and (low is None or value >= low) and (high is None or value <= high)


def is_number(value: object, *, finite: bool = False) -> TypeGuard[int | float]:
    """``value`` is an ``int`` or a ``float`` and not a ``bool``; ``finite``: and ``float(value)``
    is a finite float (not inf or NaN, nor a whole number too large for a float).

    >>> is_number(2.5), is_number(True), is_number("2"), is_number(math.inf, finite=True)
    (True, False, False, False)
    >>> is_number(10**400), is_number(10**400, finite=True)
    (True, False)
    """
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    if not finite:
        return True
    try:
        return math.isfinite(value)
    except OverflowError:  # a whole number beyond the largest float
        return False


def check_whole(
    value: object,
    what: str,
    error: type[ValueError],
    *,
    low: int | None = None,
    high: int | None = None,
    none: bool = False,
) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else ``error`` saying so.

    ``what`` names the argument in the message; ``none``: ``None`` is allowed too (and
    returned as it is), and the message says so.

    >>> check_whole(3, "players", ValueError, low=2, high=8)
    3
    >>> check_whole(True, "worlds", ValueError, low=1, high=100_000)
    Traceback (most recent call last):
    ...
    ValueError: worlds must be a whole number from 1 to 100,000, got True
    >>> check_whole(-1, "max_draws", ValueError, low=0, none=True)
    Traceback (most recent call last):
    ...
    ValueError: max_draws must be None or a whole number, 0 or more, got -1
    """
    if none and value is None:
        return value  # type: ignore[return-value]  # the caller's type says None
    if not whole_in(value, low, high):
        allowed = "None or a whole number" if none else "a whole number"
        if low is not None:
            allowed += f" from {low:,} to {high:,}" if high is not None else f", {low:,} or more"
        elif high is not None:
            allowed += f", {high:,} or less"
        raise error(f"{what} must be {allowed}, got {shown(value)}")
    return value


def check_flag(value: object, what: str, error: type[ValueError]) -> bool:
    """``value`` if it is ``True`` or ``False`` (not 1, 0 or a word), else ``error``.

    >>> check_flag(1, "coach", ValueError)
    Traceback (most recent call last):
    ...
    ValueError: coach must be True or False, got 1
    """
    if not isinstance(value, bool):
        raise error(f"{what} must be True or False, got {shown(value)}")
    return value


def check_seed(seed: object, error: type[ValueError], *, fresh: bool = False) -> int:
    """``seed`` as an ``int`` from 0 to :data:`MAX_SEED`, or ``error`` naming that range.

    Integer types of other libraries (NumPy's, say) are taken as their value. ``fresh``:
    the caller also takes ``None`` for a fresh shuffle, and the message says so.

    >>> check_seed(10**5000, ValueError, fresh=True)
    Traceback (most recent call last):
    ...
    ValueError: seed must be a whole number from 0 to 18,446,744,073,709,551,615 (2**64 - 1), \
or None for a fresh shuffle; got a number too long to print (over 4,300 digits)
    """
    value: int | None = None
    if not isinstance(seed, bool):
        try:
            value = operator.index(seed)  # type: ignore[arg-type]
        except TypeError:
            value = None
    if value is None or not 0 <= value <= MAX_SEED:
        also = ", or None for a fresh shuffle" if fresh else ""
        raise error(f"seed must be {SEED_RANGE}{also}; got {shown(seed)}")
    return value


def offset_seed(seed: int, offset: int) -> int:
    """The seed ``offset`` places after ``seed``, wrapping round to stay a seed.

    >>> offset_seed(7, 1), offset_seed(MAX_SEED, 1)
    (8, 0)
    """
    return (seed + offset) % (MAX_SEED + 1)


def seed_at(seed: int, index: int) -> int:
    """The seed of the ``index``-th of many seeded deals drawn from one ``seed``.

    >>> seed_at(1, 0), seed_at(1, 5), seed_at(MAX_SEED, 0) <= MAX_SEED
    (1000003, 1000008, True)
    """
    return offset_seed(seed * 1_000_003, index)
