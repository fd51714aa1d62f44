"""Names and dates that must stay out of records: the given-name list and the checks on it.

The list (``data/given_names.txt``, about 39,000 given names from many languages and
scripts, folded to lower-case ASCII; its header names the sources and their licences) is
read once, from the installed package. A name in the list is found in any case
(``maria``, ``MARIA``), with these exceptions, decided by where the word stands:

- **Names that are also words** (``will``, ``grace``, ``mark``, ``hope``, marked ``*`` in
  the list) count only when capitalised: in the middle of a sentence ("Seen with Will"),
  as a possessive ("Grace's mother"), or at the start of a sentence when what follows is
  said of a person: a verb such as "said", "played" or "went" ("Mark played well"), or
  "was", "seemed", "looked" ... and then a state such as "tired", "calm" or "smiling"
  ("Grace was very tired"), with a surname allowed between ("Grace Smith was tired").
  "Patience was needed", "Hope remains high", "Will is to be reviewed", "Mark progress"
  and "we will try" stay words. In lower case they are always words.
- **Two-letter names**: only ``al``, ``an``, ``bo``, ``ed``, ``jo``, ``li``, ``lu``,
  ``ty`` and ``vi`` are in the list (others are mostly initials), and they are treated
  as names that are also words ("Li was tired", "seen with Li"; not "li" in lower case).
- **Capitals only, four letters or fewer** (``NAD``, ``NICU``, ``ROM``, ``ABI``) are
  clinical shorthand, names only before what is said of a person ("TOM was tired").
- **Not a person**: any name right after "a", "an" or "the" ("a tad tired"); a name that
  is also a word after "this", "our" ... too ("the Memory Clinic", "a Walker frame"),
  or before a disease, test or place noun ("Bell's palsy", "Berg Balance Scale",
  "General Hospital"); months and weekdays only mid-sentence with a capitalised word
  after them ("June Carter", not "in June"); the words of the session (``NOT_NAMES``).

:func:`find_name_pair` adds two capitalised words in a row, neither a common English word
(``data/common_words.txt``): a first name the list lacks, with its surname.

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

from ._name_words import (
    ARTICLES,
    CALENDAR,
    DEGREES,
    DETERMINERS,
    EPONYM_NOUNS,
    LINKS,
    NOT_NAMES,
    PERSON_STATES,
    PERSON_VERBS,
    STATE_WORDS,
    TITLE_NOUNS,
)

__all__ = ["common_words", "find_date", "find_name", "find_name_pair", "fold", "given_names"]

# A word: letters, with inner apostrophes or hyphens (Anne-Marie, O'Neil).
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
# What ends a sentence (or starts a list item) before a word.
_STARTS = ".!?:;\n\u2022*-"
_OPENERS = "\"'([{\u201c\u2018 \t\r"


# Letters NFKD keeps whole, spelt as the list spells them (Børge: borge, Paweł: pawel).
_WHOLE_LETTERS = str.maketrans(
    {"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ß": "ss"}
    | {"\u0131": "i", "ə": "a", "ŋ": "ng", "\u2019": "'", "\u02bc": "'", "\u2018": "'"}
)


def fold(text: str) -> str:
    """Lower-case ASCII for comparing (accents dropped, curly apostrophes straightened).

    >>> fold("Zoé O\u2019Neil"), fold("Børge Paweł")
    ("zoe o'neil", 'borge pawel')
    """
    flat = unicodedata.normalize("NFKD", text.lower().translate(_WHOLE_LETTERS))
    return "".join(c for c in flat if not unicodedata.combining(c))


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


@functools.lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """Common English words in lower case (``data/common_words.txt``, from SCOWL).

    >>> "balance" in common_words(), "moyo" in common_words()
    (True, False)
    """
    text = resources.files(__package__).joinpath("data/common_words.txt").read_text("utf-8")
    lines = text.splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


# Two capitalised words in a row, as in a first name and a surname; inside a lookahead, so
# that after "Saw Harpreet" the search also tries "Harpreet Singh".
_NAME_PAIR = re.compile(
    r"\b(?=([A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)? [A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?)\b)"
)


def find_name_pair(text: str) -> str | None:
    """Two capitalised words in a row, neither a common word nor a word of the session:
    a first name and a surname even when the list lacks the first name.

    >>> find_name_pair("Saw Tendai Moyo."), find_name_pair("Berg Balance Scale 45.")
    ('Tendai Moyo', None)
    """
    common = common_words()
    for found in _NAME_PAIR.finditer(text):
        keys = [_keys(w)[0] for w in found.group(1).split()]
        keys += [k.replace("-", "") for k in keys if "-" in k]
        if not any(k in common or k in NOT_NAMES for k in keys):
            return found.group(1)
    return None


def _sentence_start(text: str, at: int) -> bool:
    before = text[:at].rstrip(_OPENERS)
    return not before or before[-1] in _STARTS


def _capitalised(word: str) -> bool:
    return word[:1].isupper() and not word.isupper()


def _abbreviation(word: str) -> bool:
    """Capitals only and four letters or fewer: clinical shorthand (NAD, NICU, ABI, ROM)."""
    return word.isupper() and len(word) <= 4


def _keys(word: str) -> list[str]:
    key = fold(word)
    if key.endswith("'s"):
        key = key[:-2]
    parts = re.split(r"['-]", key) if ("-" in key or "'" in key) else []
    return [key, *[p for p in parts if len(p) > 2]]


def _month_and_surname(text: str, found: list[re.Match[str]], i: int) -> bool:
    """A month or weekday mid-sentence with a capitalised word right after ("June Carter")."""
    word, after = found[i], found[i + 1] if i + 1 < len(found) else None
    if after is None or not (_capitalised(word.group(0)) and _capitalised(after.group(0))):
        return False
    between = text[word.end() : after.start()]
    return between.strip() == "" and not _sentence_start(text, word.start())


def _after_determiner(found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]`` follows "the", "a" ... with only capitalised words between."""
    for j in range(i - 1, -1, -1):
        word = found[j].group(0)
        if fold(word) in DETERMINERS:
            return True
        if not _capitalised(word):
            return False
    return False


def _eponym(found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]`` names a disease, a test or a place (see ``TITLE_NOUNS``)."""
    nouns = EPONYM_NOUNS if fold(found[i].group(0)).endswith("'s") else TITLE_NOUNS
    after = [m.group(0) for m in found[i + 1 : i + 3]]
    if len(after) == 2 and not _capitalised(after[0]):
        after = after[:1]  # the second word counts after a capitalised one only
    return any(fold(word) in nouns for word in after)


def _stands_as_subject(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether the word ``found[i]`` (and a surname after it) is followed by what a person
    does or is: "Grace said", "Grace Smith was tired"."""
    nxt = found[i + 1] if i + 1 < len(found) else None
    if nxt and _capitalised(nxt.group(0)) and text[found[i].end() : nxt.start()] == " ":
        i += 1  # a surname
    after = [fold(m.group(0)) for m in found[i + 1 : i + 2 + STATE_WORDS]]
    if not after:
        return False
    if after[0] in PERSON_VERBS:
        return True
    if after[0] not in LINKS:
        return False
    for word in after[1:]:
        if word in PERSON_STATES:
            return True
        if word not in DEGREES:
            return False
    return False


def find_name(text: str) -> str | None:
    """The first word of ``text`` that is a given name (as written), or ``None``.

    >>> find_name("Grace was tired today."), find_name("Patience was needed today.")
    ('Grace', None)
    >>> find_name("Hope remains high."), find_name("Transferred from NICU; NAD on exam.")
    (None, None)
    """
    names, words = given_names()
    found = list(_WORD.finditer(text))
    for i, match in enumerate(found):
        word = match.group(0)
        for key in _keys(word):
            if key not in names or key in NOT_NAMES or _eponym(found, i):
                continue
            if i and fold(found[i - 1].group(0)) in ARTICLES:
                continue  # "a tad tired": a given name takes no article
            if key not in words and not _abbreviation(word):
                return word
            if key in CALENDAR:
                if _month_and_surname(text, found, i):
                    return word
                continue
            if _abbreviation(word) or not _capitalised(word):
                if _abbreviation(word) and _stands_as_subject(text, found, i):
                    return word  # "TOM was tired", not "NAD on exam"
                continue
            if _after_determiner(found, i):
                continue  # "the Ward Sister", "a Walker frame": a given name takes none
            if not _sentence_start(text, match.start()) or fold(word).endswith("'s"):
                return word
            if _stands_as_subject(text, found, i):
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
