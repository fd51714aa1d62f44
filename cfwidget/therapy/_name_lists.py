"""The shipped word lists the name checks read, each read once from the installed package:
given names (``data/given_names.txt``), the wider list for notes
(``data/given_names_wide.txt``), English words (``data/common_words.txt`` and the clinic's
own, ``data/clinical_words.txt``), proper nouns that
are no given name (``data/proper_nouns.txt``), the brands, places and bodies that notes name
and that look like given names (``data/lookalikes.txt``) and the syllables of pinyin
(``data/pinyin_syllables.txt``). Each file's header names its sources and their licences.

>>> fold("Zoé"), "maria" in given_names()[0], pinyin_name("weijie")
('zoe', True, True)
"""

from __future__ import annotations

import functools
import re
import unicodedata
from importlib import resources

__all__ = ["WORD", "common_words", "fold", "given_names", "lookalike_capitals", "lookalikes"]
__all__ += ["pinyin_name"]
__all__ += ["proper_nouns", "wide_names"]

#: A word: letters, with inner apostrophes or hyphens (Anne-Marie, O'Neil).
WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")


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


def _read_list(name: str) -> frozenset[str]:
    text = resources.files(__package__).joinpath(f"data/{name}").read_text("utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


@functools.lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """English words in lower case (``data/common_words.txt``, from SCOWL), with the words of
    the clinic that SCOWL lacks (``data/clinical_words.txt``) unless they are given names.

    >>> "balance" in common_words(), "reflux" in common_words(), "moyo" in common_words()
    (True, True, False)
    """
    names, wide = given_names()[0], wide_names()
    clinical = (w for w in _read_list("clinical_words.txt") if w not in names and w not in wide)
    return _read_list("common_words.txt") | frozenset(clinical)


@functools.lru_cache(maxsize=1)
def wide_names() -> frozenset[str]:
    """Given names for notes only (``data/given_names_wide.txt``): four letters or more, no
    English word, none in :func:`given_names`. They count only where a name stands as one.

    >>> "somchai" in wide_names(), "maria" in wide_names(), "ward" in wide_names()
    (True, False, False)
    """
    return _read_list("given_names_wide.txt")


@functools.lru_cache(maxsize=1)
def proper_nouns() -> frozenset[str]:
    """Places, brands and other proper nouns that are no given name (``data/proper_nouns.txt``,
    from SCOWL): a capitalised word no list holds is no name when it is one of these.

    >>> "tenerife" in proper_nouns(), "maria" in proper_nouns(), "ward" in proper_nouns()
    (True, False, False)
    """
    return _read_list("proper_nouns.txt")


@functools.lru_cache(maxsize=1)
def lookalikes() -> dict[str, frozenset[tuple[str, ...]]]:
    """Brands, medicines, places, bodies, tests, apps, games and characters that notes name and
    that are no person (``data/lookalikes.txt``): by each entry's first word, folded, the
    folded words that follow it in each entry (none for a one-word entry). Entries with a
    digit are left out ("Connect 4" would make every "Connect" one).

    >>> (("rio",) in lookalikes()["kia"], () in lookalikes()["mencap"])
    (True, True)
    """
    table: dict[str, set[tuple[str, ...]]] = {}
    for line in _lookalike_lines():
        entry = line.partition("\t")[2]
        words = [fold(w) for w in WORD.findall(entry)]
        if words and not any(c.isdigit() for c in entry):
            table.setdefault(words[0], set()).add(tuple(words[1:]))
    return {first: frozenset(rests) for first, rests in table.items()}


@functools.lru_cache(maxsize=1)
def lookalike_capitals() -> frozenset[str]:
    """The first words of :func:`lookalikes`, folded, that every entry writes in capitals
    ("NAN", a baby milk): they count only in capitals, not as "Nan".

    >>> "nan" in lookalike_capitals(), "lego" in lookalike_capitals()
    (True, False)
    """
    forms: dict[str, bool] = {}
    for first in _lookalike_firsts():
        key = fold(first)
        forms[key] = forms.get(key, True) and first.isupper() and len(first) > 1
    return frozenset(key for key, upper in forms.items() if upper)


def _lookalike_firsts() -> list[str]:
    """The first word of every entry of ``data/lookalikes.txt``, as written."""
    firsts = []
    for line in _lookalike_lines():
        words = WORD.findall(line.partition("\t")[2])
        if words:
            firsts.append(words[0])
    return firsts


@functools.lru_cache(maxsize=1)
def _lookalike_lines() -> tuple[str, ...]:
    text = resources.files(__package__).joinpath("data/lookalikes.txt").read_text("utf-8")
    return tuple(line for line in text.splitlines() if line and not line.startswith("#"))


@functools.lru_cache(maxsize=1)
def _pinyin() -> frozenset[str]:
    syllables = _read_list("pinyin_syllables.txt")
    return frozenset(s for s in syllables if any(v in s for v in "aeiouv"))


def pinyin_name(key: str) -> bool:
    """Whether ``key`` (folded) is two syllables of Mandarin in pinyin, five letters or more
    and no English word: a Chinese given name as it is spelt in Latin letters.

    >>> pinyin_name("weijie"), pinyin_name("zhenyu"), pinyin_name("banana"), pinyin_name("hello")
    (True, True, False, False)
    """
    if len(key) < 5 or not key.isalpha() or key in common_words() or key in proper_nouns():
        return False
    syllables = _pinyin()
    return any(key[:k] in syllables and key[k:] in syllables for k in range(1, len(key)))
