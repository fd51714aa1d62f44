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
    | {"went", "goes", "did", "does", "walked", "sat", "sits", "stood", "slept", "sleeps", "ate"}
    | {"drank", "spoke", "talked", "chatted", "sang", "danced", "won", "smiles", "laughs"}
    | {"likes", "liked", "loves", "loved", "hates", "hated", "knew", "knows", "remembered"}
    | {"forgot", "noticed", "recognised", "recognized", "counted", "matched", "scanned"}
    | {"lives", "lived", "works", "worked", "cannot", "can't", "couldn't", "didn't", "doesn't"}
)
# A word-name before one of these verbs and then a word for how a person is ("Grace was
# tired", "Mark seemed very sleepy") is a name; "Patience was needed", "Hope was expressed",
# "Hope remains high" and "Will is to be reviewed" stay words.
_LINKS = frozenset(
    {"was", "is", "seemed", "seems", "looked", "looks", "appeared", "appears", "became"}
    | {"got", "gets", "sounded", "sounds", "stayed", "remained", "remains", "isn't", "wasn't"}
)
_DEGREES = frozenset(
    {"very", "quite", "rather", "more", "less", "slightly", "a", "bit", "little", "too", "so"}
    | {"not", "really", "somewhat", "much", "fairly", "extremely", "still", "again", "more"}
)
_PERSON_STATES = frozenset(
    {"tired", "sleepy", "drowsy", "happy", "sad", "upset", "tearful", "anxious", "nervous"}
    | {"agitated", "restless", "calm", "settled", "cheerful", "chatty", "talkative", "quiet"}
    | {"withdrawn", "distracted", "alert", "awake", "asleep", "confused", "oriented"}
    | {"disoriented", "pleasant", "polite", "cooperative", "co-operative", "motivated", "keen"}
    | {"eager", "reluctant", "unwilling", "willing", "unable", "late", "unwell", "ill", "sick"}
    | {"poorly", "frustrated", "irritable", "angry", "cross", "pleased", "proud", "excited"}
    | {"bored", "hungry", "thirsty", "dizzy", "nauseous", "sore", "fatigued", "exhausted"}
    | {"weary", "worried", "scared", "afraid", "shy", "friendly", "playful", "attentive"}
    | {"focused", "focussed", "smiling", "laughing", "crying", "playing", "sleeping", "talking"}
    | {"chatting", "sitting", "walking", "eating", "waiting", "resting", "joking", "yawning"}
    | {"fidgeting", "seen", "discharged", "admitted", "absent", "delighted", "grumpy", "teary"}
)
_STATE_WORDS = 3  # how far after the verb a state may stand ("was not very tired")
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


def _stands_as_subject(found: list[re.Match[str]], i: int) -> bool:
    """Whether the word ``found[i]`` is followed by what a person does or is."""
    after = [fold(m.group(0)) for m in found[i + 1 : i + 2 + _STATE_WORDS]]
    if not after:
        return False
    if after[0] in _PERSON_VERBS:
        return True
    if after[0] not in _LINKS:
        return False
    for word in after[1:]:
        if word in _PERSON_STATES:
            return True
        if word not in _DEGREES:
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
            if key not in names or key in NOT_NAMES:
                continue
            if key not in words and not _abbreviation(word):
                return word
            if key in _CALENDAR:
                if _month_and_surname(text, found, i):
                    return word
                continue
            if _abbreviation(word) or not _capitalised(word):
                if _abbreviation(word) and _stands_as_subject(found, i):
                    return word  # "TOM was tired", not "NAD on exam"
                continue
            if not _sentence_start(text, match.start()) or fold(word).endswith("'s"):
                return word
            if _stands_as_subject(found, i):
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
