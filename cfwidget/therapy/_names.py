"""Names and dates that must stay out of records: the given-name list and the checks on it.

The list (``data/given_names.txt``, about 20,000 given names from many languages, folded
to lower-case ASCII; its header names the sources and their licences) is read once, from
the installed package. A name in the list is found in any case (``maria``, ``MARIA``)
unless it is also an ordinary word (``will``, ``grace``, ``mark``, ``may``, marked ``*``
in the list) or two letters long: those count only when capitalised in the middle of a
sentence or before a verb whose subject is a person ("Grace said", "Mark played"), so
"Seen with Will today" and "we will try" are told apart by where they stand, and months
and weekdays only when a capitalised word follows ("June Carter", not "in June").

>>> find_name("Maria was tired today")
'Maria'
>>> find_name("mary smith came late"), find_name("we will try the double-nine set")
('mary', None)
>>> find_name("Review again in May."), find_name("Worked with Grace on scanning.")
(None, 'Grace')
>>> find_date("born 07/03/1955"), find_date("C-014")
('07/03/1955', None)
"""

from __future__ import annotations

import datetime as _dt
import functools
import re
import unicodedata
from importlib import resources

__all__ = ["find_date", "find_name", "fold", "given_names"]

_CALENDAR = frozenset(
    {"january", "february", "march", "april", "may", "june", "july", "august", "september"}
    | {"october", "november", "december", "monday", "tuesday", "wednesday", "thursday"}
    | {"friday", "saturday", "sunday"}
)
# Capitalised words of therapy, the game and the session: never taken for a name.
NOT_NAMES = frozenset(
    {"chicken", "foot", "yard", "double", "round", "client", "partner", "bot", "computer"}
    | {"session", "turn", "cue", "level", "independent", "supervision", "stand-by", "contact"}
    | {"min", "mod", "max", "dependent", "ok", "next", "draw", "pass", "pt", "ot", "slp"}
    # Clinical shorthand: upper and lower extremities, left, right or both (LUE, BLE, ...).
    | {"ue", "le", "lue", "rue", "lle", "rle", "bue", "ble", "adl", "adls", "wnl", "prn", "rom"}
)
# Verbs whose subject is a person: a word-name at the start of a sentence followed by one of
# these is a name ("Grace said", "Mark played well"), not a word ("Mark progress").
_PERSON_VERBS = frozenset(
    {"said", "says", "told", "tells", "asked", "asks", "laughed", "smiled", "cried", "wanted"}
    | {"wants", "felt", "feels", "arrived", "came", "comes", "reported", "reports", "enjoyed"}
    | {"chose", "played", "plays", "tried", "tries", "managed", "agreed", "refused", "answered"}
    | {"waved", "thanked", "joined", "attended", "struggled", "needs", "needed", "named"}
)
# A word: letters, with inner apostrophes or hyphens (Anne-Marie, O'Neil).
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
# What ends a sentence (or starts a list item) before a word.
_STARTS = ".!?:;\n\u2022*-"
_OPENERS = "\"'([{\u201c\u2018 \t\r"


def fold(text: str) -> str:
    """Lower-case ASCII for comparing (accents dropped, curly apostrophes straightened).

    >>> fold("Zoé O\u2019Neil")
    "zoe o'neil"
    """
    flat = unicodedata.normalize("NFKD", text.replace("\u2019", "'"))
    return "".join(c for c in flat if not unicodedata.combining(c)).lower()


@functools.lru_cache(maxsize=1)
def given_names() -> tuple[frozenset[str], frozenset[str]]:
    """The shipped given names, and those of them that are also ordinary words.

    >>> names, words = given_names()
    >>> len(names) > 2000, "maria" in names, "will" in words, "maria" in words
    (True, True, True, False)
    """
    text = resources.files(__package__).joinpath("data/given_names.txt").read_text("utf-8")
    names: set[str] = set()
    words: set[str] = set()
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, _, mark = line.strip().partition(" ")
        names.add(name)
        if mark == "*" or len(name) <= 2:
            words.add(name)
    return frozenset(names), frozenset(words)


def _sentence_start(text: str, at: int) -> bool:
    before = text[:at].rstrip(_OPENERS)
    return not before or before[-1] in _STARTS


def _capitalised(word: str) -> bool:
    return word[:1].isupper() and not word.isupper()


def _keys(word: str) -> list[str]:
    key = fold(word)
    if key.endswith("'s"):
        key = key[:-2]
    parts = re.split(r"['-]", key) if ("-" in key or "'" in key) else []
    return [key, *[p for p in parts if len(p) > 2]]


def find_name(text: str) -> str | None:
    """The first word of ``text`` that is a given name (as written), or ``None``."""
    names, words = given_names()
    found = list(_WORD.finditer(text))
    for i, match in enumerate(found):
        word = match.group(0)
        for key in _keys(word):
            if key not in names or key in NOT_NAMES:
                continue
            if key not in words:
                return word
            after = found[i + 1].group(0) if i + 1 < len(found) else ""
            if not _capitalised(word):
                continue
            if _sentence_start(text, match.start()) and fold(after) not in _PERSON_VERBS:
                continue
            if key in _CALENDAR:
                between = text[match.end() : found[i + 1].start()] if after else ""
                if not (_capitalised(after) and between.strip() == ""):
                    continue
            return word
    return None


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
