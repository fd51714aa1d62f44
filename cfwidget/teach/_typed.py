"""Answers as people type them: other dashes, a full stop at the end, quotes, units, 1,600.

The answer readers (:mod:`cfwidget.teach._answers`, :mod:`cfwidget.teach._odds_answers`)
tidy a typed answer with these before reading it, so that the same answer is judged the
same however it was typed: ``"9\u20138"`` (an en dash, as a word processor or a phone
writes it) is ``"9-8"``, ``"Ann."`` is ``"Ann"``, ``"1,600"`` is 1600 and ``"12.0"`` is 12.

>>> tidy(" \u201c9 \u2013 8\u201d. "), tidy("Ann."), tidy("'play'!")
('9-8', 'Ann', 'play')
>>> whole("1,600"), whole("12.0"), whole("12.5"), whole("0,5")
(1600, 12, None, None)
>>> without_unit("89.18 points", ("points", "point")), without_unit("3 deals", ())
('89.18', '3 deals')
>>> move_notation("Play 1-1 on 4-1"), move_notation("1-1 on the 4-1 (a toe)")
('1-1@4-1', '1-1@4-1')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

__all__ = ["DASHES", "THOUSANDS", "move_notation", "tidy", "whole", "without_unit"]

#: Characters people type for a dash or a minus: hyphen, non-breaking hyphen, figure dash,
#: en dash, em dash, horizontal bar, minus sign, small and full-width hyphen-minus.
DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"
_TO_ASCII = str.maketrans({**dict.fromkeys(DASHES, "-"), "\u2044": "/", "\u2215": "/"})
_QUOTES = "\"'`\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u00ab\u00bb"
#: A whole number written with commas between thousands: ``1,600``, ``12,500,000``.
THOUSANDS = re.compile(r"[+-]?[1-9]\d{0,2}(,\d{3})+")
_WHOLE = re.compile(r"[+-]?(\d+|[1-9]\d{0,2}(,\d{3})+)(\.0*)?")
# A move in the words the coach and the widget use: "Play 1-1 on 4-1", "1-1 on the 4-1 (a toe)".
_MOVE_WORDS = re.compile(
    r"(?:play\s+)?(\d+-\d+)\s*(?:@|\bon\s+(?:the\s+)?)\s*(\d+-\d+)(?:\s*\([^)]*\))?",
    flags=re.IGNORECASE,
)
# A dash between two numbers, with spaces around it: "9 - 8".
_SPACED_DASH = re.compile(r"(\d)\s*-\s*(\d)")


def tidy(text: str) -> str:
    """``text`` as the readers compare it: one kind of dash, single spaces, and no quotes
    around it or full stops (or ``!``) after it.

    Compatibility characters are folded (full-width digits become digits), every dash
    becomes ``-`` and a dash between two numbers loses its spaces (``9 \u2013 8`` is ``9-8``).

    >>> tidy("  Bob  !"), tidy("\uff11\uff12"), tidy("9\u20144, 6\u20116.")
    ('Bob', '12', '9-4, 6-6')
    """
    text = unicodedata.normalize("NFKC", text).translate(_TO_ASCII)
    text = " ".join(text.split())
    while True:
        before = text
        text = text.rstrip(" .!").strip()
        if len(text) >= 2 and text[0] in _QUOTES and text[-1] in _QUOTES:
            text = text[1:-1].strip()
        if text == before:
            break
    return _SPACED_DASH.sub(r"\1-\2", text)


def whole(text: str) -> int | None:
    """The whole number ``text`` writes (``57``, ``1,600``, ``12.0``), or None.

    A comma counts only between groups of three digits: ``1,6`` is not a whole number.

    >>> whole("-3"), whole("007"), whole("1,6"), whole("2.50")
    (-3, 7, None, None)
    """
    text = text.strip()
    if not _WHOLE.fullmatch(text):
        return None
    return int(text.split(".")[0].replace(",", ""))


def without_unit(text: str, units: Iterable[str]) -> str:
    """``text`` without one of ``units`` after the number (``"89.18 points"`` -> ``"89.18"``).

    The unit is compared ignoring case; ``%`` and other words are left for the reader.

    >>> without_unit("57 Points", ["points"]), without_unit("57points", ["points"])
    ('57', '57')
    """
    for unit in sorted({u for u in units if u}, key=len, reverse=True):
        found = re.fullmatch(rf"(.*?\d)\s*{re.escape(unit)}", text, flags=re.IGNORECASE)
        if found:
            return found.group(1).strip()
    return text


def move_notation(text: str) -> str:
    """``text`` with a move in words written as the engine writes it: ``"1-1 on 4-1"``,
    ``"Play 1-1 on the 4-1"`` (the coach's words), ``"1-1 on 4-1 (a toe)"`` (the widget's)
    and ``"1-1 @ 4-1"`` all become ``"1-1@4-1"``; any other text comes back tidied.

    >>> move_notation(" 1-1 @ 4-1. "), move_notation("draw")
    ('1-1@4-1', 'draw')
    """
    text = tidy(text)
    found = _MOVE_WORDS.fullmatch(text)
    return f"{found.group(1)}@{found.group(2)}" if found else text
