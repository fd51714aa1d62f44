"""Whole numbers as every layer checks them: counts and seeds.

A whole number is an ``int`` that is not a ``bool`` (``True`` is an ``int`` to Python, never
a count to a person). A seed is a whole number from 0 to :data:`MAX_SEED`, so that a record
can always write it down and read it back.

>>> is_whole(3), is_whole(True), is_whole(3.0)
(True, False, False)
>>> check_seed(7, ValueError), offset_seed(MAX_SEED, 2)
(7, 1)
"""

from __future__ import annotations

import operator
from typing import TypeGuard

from ._words import shown

__all__ = ["MAX_SEED", "SEED_RANGE", "check_seed", "is_whole", "offset_seed", "seed_at"]

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
