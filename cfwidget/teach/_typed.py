"""Answers as people type them: other dashes, a full stop at the end, quotes, units, 1,600.

The answer readers (:mod:`cfwidget.teach._answers`, :mod:`cfwidget.teach._odds_answers`)
tidy a typed answer with these before reading it, so that the same answer is judged the
same however it was typed: ``"9\u20138"`` (an en dash, as a word processor or a phone
writes it) is ``"9-8"``, ``"Ann."`` is ``"Ann"``, ``"1,600"`` is 1600 and ``"12.0"`` is 12.

Every number a question asks for is read by one rule, :func:`read_typed` (the score of a
hand, a count, a chance, a mean): digits or words up to one hundred (``"fifty-five"``), a
fraction (``"1/3"``, ``"1 in 3"``, ``"1 out of 3"``, ``"one in three"``), a decimal (with a
point or a decimal comma), a percent where the question allows one (``"33%"``,
``"33 percent"``), after a word that says it is rounded (``"~33%"``, ``"about 33%"``) and
before a unit (:data:`UNITS`, or the question's own, like ``"deals"``). Whether the number
is right is the question's business: the same number, however it is written, gets the same
verdict.

>>> read_typed("about fifty-five pts", "the score", percent=False)
(Fraction(55, 1), False)
>>> read_typed("one in three", "a chance", percent=True), read_typed("~33%", "a chance")
((Fraction(1, 3), False), (Fraction(33, 100), True))

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

import math
import re
import unicodedata
from collections.abc import Iterable
from fractions import Fraction

from .._shared import shown
from ._errors import AnswerError

__all__ = [
    "ABOUT",
    "DASHES",
    "THOUSANDS",
    "UNITS",
    "move_notation",
    "read_typed",
    "said",
    "tidy",
    "whole",
    "without_unit",
    "words_as_digits",
]

#: Words that may follow a number on any question and change nothing: "57 points", "3 tiles".
UNITS = ("points", "point", "pts", "pt", "pips", "pip", "tiles", "tile")
#: Marks and words before a number that say it is rounded, and change nothing: "~33%".
ABOUT = ("~", "\u2248", "about", "around", "roughly", "approximately", "approx", "nearly", "almost")
_ABOUT = re.compile(
    rf"^(?:[{''.join(w for w in ABOUT if not w.isalpha())}]"
    rf"|(?:{'|'.join(w for w in ABOUT if w.isalpha())})\b\.?)\s*"
)
_ONES = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)  # fmt: skip
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_WORD_NUMBER = re.compile(
    r"\b(?:(?P<hundred>(?:(?:one|a)[\s-]+)?hundred)"
    rf"|(?P<tens>{'|'.join(_TENS)})(?:[\s-]+(?P<unit>{'|'.join(_ONES[1:10])}))?"
    rf"|(?P<ones>{'|'.join(_ONES)}|nought))\b",
    flags=re.IGNORECASE,
)
_PERCENT = re.compile(r"\s*(?:%|percent|per\s+cent)$")
_DECIMAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")
_FRACTION = re.compile(r"([+-]?\d+)\s*/\s*(\d+)")
_ONE_IN = re.compile(r"(\d+(?:\.\d+)?)\s*(?:in|out\s+of|of)\s*(\d+(?:\.\d+)?)")
_FORMS = "a fraction like 3/11, a decimal like 0.27 or a percent like 27%"

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


def words_as_digits(text: str) -> str:
    """``text`` with every number written in words, up to one hundred, written in digits.

    >>> words_as_digits("fifty-five"), words_as_digits("One in three"), words_as_digits("a hundred")
    ('55', '1 in 3', '100')
    >>> words_as_digits("Ann twenty one, Bob nought"), words_as_digits("a tile")
    ('Ann 21, Bob 0', 'a tile')
    """

    def digits(found: re.Match[str]) -> str:
        if found["hundred"]:
            return "100"
        if found["tens"]:
            unit = _ONES.index(found["unit"].lower()) if found["unit"] else 0
            return str(20 + 10 * _TENS.index(found["tens"].lower()) + unit)
        word = found["ones"].lower()
        return "0" if word == "nought" else str(_ONES.index(word))

    return _WORD_NUMBER.sub(digits, text)


def said(answer: object) -> str:
    """The answer as the learner wrote it, for a message (at most 40 characters)."""
    if isinstance(answer, str):
        return " ".join(answer.split())[:40]
    if isinstance(answer, Fraction):
        return str(answer)
    return shown(answer, 40)


def read_typed(
    answer: object,
    what: str,
    *,
    percent: bool = True,
    how: str = "",
    units: Iterable[str] = (),
    kind: str = "",
    quote: bool = False,
) -> tuple[Fraction, bool]:
    """``(value, written as a percent)`` of a number as a learner types it, by the one rule of
    this module's text; :class:`~cfwidget.AnswerError` saying how to write ``what`` otherwise.

    ``percent`` allows ``27%`` (else a percent is refused as one); ``units`` are the
    question's own unit words, besides :data:`UNITS`; ``how`` says how to write one, and
    ``kind`` what an answer that is no number at all is not (``what`` unless given);
    ``quote`` shows a typed answer in quotes in a message.
    ``1,600`` is a thousands comma and ``0,27`` a decimal comma.

    >>> read_typed("1 out of 3", "a chance"), read_typed("1,600 deals", "it", units=["deals"])
    ((Fraction(1, 3), False), (Fraction(1600, 1), False))
    """
    how = how or (_FORMS if percent else "a number like 2.5, or a fraction like 5/2")
    kind = kind or what
    if quote and isinstance(answer, str):
        try:
            return read_typed(answer, what, percent=percent, how=how, units=units, kind=kind)
        except AnswerError as exc:
            message = str(exc)
            raise AnswerError(shown(answer, 40) + message[len(said(answer)) :]) from None
    if isinstance(answer, bool) or answer is None:
        raise AnswerError(f"{shown(answer)} is not {what}: write {how}.")
    if isinstance(answer, Fraction):
        return answer, False
    if isinstance(answer, int):
        return Fraction(answer), False
    if isinstance(answer, float):
        if not math.isfinite(answer):
            raise AnswerError(f"{shown(answer)} is not {what}: write {how}.")
        return Fraction(repr(answer)), False
    if not isinstance(answer, str):
        raise AnswerError(f"{shown(answer)} is not {what}: write {how}.")
    if len(answer) > 80:
        raise AnswerError(f"{said(answer)}... is too long to be {what}: write {how}.")
    text = _ABOUT.sub("", words_as_digits(tidy(answer).lower()))
    text = without_unit(text, (*units, *UNITS))
    if len(text) > 40:
        raise AnswerError(f"{said(answer)}... is too long to be {what}: write {how}.")
    is_percent = bool(_PERCENT.search(text))
    if is_percent:
        if not percent:
            raise AnswerError(f"{said(answer)} is a percent, but {what} is not one: write {how}.")
        text = _PERCENT.sub("", text).strip()
    if THOUSANDS.fullmatch(text.split(".")[0]) and text.count(".") <= 1:
        text = text.replace(",", "")  # a thousands comma: 1,600
    elif text.count(",") == 1 and "." not in text and "/" not in text:
        text = text.replace(",", ".")  # a decimal comma: 0,27
    found = _FRACTION.fullmatch(text) or (None if is_percent else _ONE_IN.fullmatch(text))
    if found:
        top, bottom = Fraction(found.group(1)), Fraction(found.group(2))
        if bottom == 0:
            raise AnswerError(
                f"{said(answer)} has 0 below the line, and nothing can be divided by 0: "
                f"write {how}."
            )
        value = top / bottom
    elif _DECIMAL.fullmatch(text):
        value = Fraction(text)
    else:
        raise AnswerError(f"{said(answer)} is not {kind}: write {how}.")
    return (value / 100, True) if is_percent else (value, False)
