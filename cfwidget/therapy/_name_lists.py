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

__all__ = ["PERSON_KINDS", "WORD", "common_words", "fold", "given_names", "lookalike_capitals"]
__all__ += ["lookalike_people", "lookalikes", "named", "pinyin_name"]
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
    the clinic that SCOWL lacks (``data/clinical_words.txt``) unless they are given names or
    read as pinyin names (:func:`pinyin_name`).

    >>> "balance" in common_words(), "reflux" in common_words(), "moyo" in common_words()
    (True, True, False)
    """
    clinical = _read_list("clinical_words.txt")
    kept = (w for w in clinical if not named(w) and not _pinyin_shaped(w))
    return _read_list("common_words.txt") | frozenset(kept)


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


#: Kinds of :func:`lookalikes` entries that people are named after or named like: a
#: character ("Simba") or a test named after its author ("Griffiths") may be a person.
PERSON_KINDS = frozenset({"character", "assessment"})


@functools.lru_cache(maxsize=1)
def _lookalike_tables() -> tuple[
    dict[str, frozenset[tuple[str, ...]]], frozenset[str], frozenset[str]
]:
    """``data/lookalikes.txt`` read once: the entries by first word, the first words written
    only in capitals, and those of one-word entries of :data:`PERSON_KINDS`."""
    text = resources.files(__package__).joinpath("data/lookalikes.txt").read_text("utf-8")
    table: dict[str, set[tuple[str, ...]]] = {}
    upper: dict[str, bool] = {}
    people: set[str] = set()
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        kind, _, entry = line.partition("\t")
        written = WORD.findall(entry)
        if not written or any(c.isdigit() for c in entry):
            continue  # "Connect 4" would make every "Connect" one
        words = [fold(w) for w in written]
        table.setdefault(words[0], set()).add(tuple(words[1:]))
        first = written[0]
        upper[words[0]] = upper.get(words[0], True) and first.isupper() and len(first) > 1
        if kind in PERSON_KINDS and len(words) == 1:
            people.add(words[0])
    return (
        {first: frozenset(rests) for first, rests in table.items()},
        frozenset(key for key, only in upper.items() if only),
        frozenset(people),
    )


def lookalikes() -> dict[str, frozenset[tuple[str, ...]]]:
    """Brands, medicines, places, bodies, tests, apps, games and characters that notes name and
    that are no person (``data/lookalikes.txt``): by each entry's first word, folded, the
    folded words that follow it in each entry (none for a one-word entry). Entries with a
    digit are left out.

    >>> (("rio",) in lookalikes()["kia"], () in lookalikes()["mencap"])
    (True, True)
    """
    return _lookalike_tables()[0]


def lookalike_capitals() -> frozenset[str]:
    """The first words of :func:`lookalikes`, folded, that every entry writes in capitals
    ("NAN", a baby milk): they count only in capitals, not as "Nan".

    >>> "nan" in lookalike_capitals(), "lego" in lookalike_capitals()
    (True, False)
    """
    return _lookalike_tables()[1]


def lookalike_people() -> frozenset[str]:
    """The one-word entries of :func:`lookalikes` of :data:`PERSON_KINDS`, folded: characters
    and tests that a person may be named like.

    >>> "simba" in lookalike_people(), "mencap" in lookalike_people()
    (True, False)
    """
    return _lookalike_tables()[2]


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
    if key in common_words() or key in proper_nouns():
        return False
    return _pinyin_shaped(key)


def _pinyin_shaped(key: str) -> bool:
    """Whether ``key`` is two syllables of pinyin, five letters or more."""
    if len(key) < 5 or not key.isalpha():
        return False
    syllables = _pinyin()
    return any(key[:k] in syllables and key[k:] in syllables for k in range(1, len(key)))


def named(key: str) -> bool:
    """Whether ``key`` (folded) is a given name of :func:`given_names` or :func:`wide_names`.

    >>> named("maria"), named("somchai"), named("aetna")
    (True, True, False)
    """
    return key in given_names()[0] or key in wide_names()
