"""Dates that must stay out of records: a birth date typed in a note or a client code.

>>> find_date("born 07/03/1955"), find_date("C-014")
('07/03/1955', None)
"""

from __future__ import annotations

import datetime as _dt
import re

__all__ = ["find_date"]

# Three numbers with separators (day, month and year in some order), or eight or six digits.
_SEPARATED = re.compile(r"(?<![\d.])(\d{1,4})([-/.])(\d{1,2})\2(\d{1,4})(?![\d])")
_DIGITS = re.compile(r"(?<!\d)(\d{8}|\d{6})(?!\d)")


def _is_date(year: str, month: str, day: str) -> bool:
    if len(year) not in (2, 4) or len(month) > 2 or len(day) > 2:
        return False
    y = int(year) if len(year) == 4 else 1900 + int(year)
    if len(year) == 4 and not 1880 <= y <= 2100:
        return False
    try:
        _dt.date(y, int(month), int(day))
    except ValueError:
        return False
    return True


def find_date(text: str, *, six: bool = True) -> str | None:
    """The first thing in ``text`` that reads as a date (``1955-03-07``, ``7.3.55``,
    ``07/03/1955``, ``19550307`` and, with ``six``, ``070355``), or ``None``.

    >>> find_date("19550307"), find_date("7.3.55"), find_date("C-123456")
    ('19550307', '7.3.55', None)
    """
    for m in _SEPARATED.finditer(text):
        a, _, b, c = m.groups()
        if _is_date(a, b, c) or _is_date(c, b, a) or _is_date(c, a, b):
            return m.group(0)
    for m in _DIGITS.finditer(text):
        s = m.group(0)
        if len(s) == 6 and not six:
            continue
        if len(s) == 8:
            splits = [(s[:4], s[4:6], s[6:]), (s[4:], s[2:4], s[:2]), (s[4:], s[:2], s[2:4])]
        else:
            splits = [(s[:2], s[2:4], s[4:]), (s[4:], s[2:4], s[:2]), (s[4:], s[:2], s[2:4])]
        if any(_is_date(*split) for split in splits):
            return s
    return None
