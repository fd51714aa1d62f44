"""Build ``cfwidget/therapy/data/given_names.txt``, the list the privacy checks use.

Run by hand when the list should change (never at test or run time)::

    python -m tools.build_given_names /path/to/unpacked/faker [word list]

Sources (both read from local copies, nothing is downloaded):

- **Given names**: the first-name lists of the Faker package's person providers
  (https://pypi.org/project/Faker/, MIT License), every locale written in Latin letters
  (English, Spanish, Portuguese, French, German, Dutch, Nordic, Baltic, Central and
  Eastern European, Turkish, Azerbaijani, Indonesian, Vietnamese, Irish, Indian,
  Pakistani, Kenyan, Nigerian, Ghanaian, Zulu, Swahili ...) and the romanized Japanese
  and Chinese lists; the Korean lists (Hangul) written in the Revised Romanization, and
  the Hindi, Marathi and Nepali lists (Devanagari) as such names are usually spelt in
  Latin letters (:func:`hangul_spellings`, :func:`devanagari_spellings`). Names are
  facts; the list is folded to lower-case ASCII (``José`` -> ``jose``) and sorted.
- **Which names are also ordinary words** (``will``, ``grace``, ``mark``): the lower-case
  entries of SCOWL's small American English word list (Debian's ``wamerican-small``,
  ``/usr/share/dict/american-english-small``; Copyright 2000-2011 Kevin Atkinson,
  permission to use, copy, modify, distribute and sell granted provided the copyright
  and permission notices appear), plus the months and weekdays, less a few names whose
  word sense is rare in notes (``maria``, ``harry``, ``peter``: ``_NAMES_FIRST``). Those
  names get a ``*`` and notes flag them only when capitalised in mid-sentence.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil
import re
import sys
import unicodedata
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "cfwidget" / "therapy" / "data" / "given_names.txt"
_WORD_LIST = "/usr/share/dict/american-english-small"
_NAME = re.compile(r"[a-z][a-z'-]*[a-z]")
# Two-letter names kept (the others in the sources are initials or rare, and would refuse
# codes such as AB-12).
_SHORT = frozenset({"al", "an", "bo", "ed", "jo", "li", "lu", "ty", "vi"})
# Names that are words only in senses rare in session notes ("a maria", "to harry"): they
# count in any case, as names that are not words do.
_NAMES_FIRST = frozenset(
    {"maria", "harry", "peter", "mike", "matt", "matts", "sally", "ken", "martin", "carol"}
    | {"rosemary", "patty", "victor", "eddy"}
)
_CALENDAR = (
    *("january", "february", "march", "april", "may", "june", "july", "august", "september"),
    *("october", "november", "december", "monday", "tuesday", "wednesday", "thursday"),
    *("friday", "saturday", "sunday"),
)
HEADER = """\
# Common given names, one a line, folded to lower-case ASCII (José -> jose).
# A trailing " *" marks a name that is also an ordinary English word or a month
# (will, grace, mark, june): notes flag those only when capitalised mid-sentence.
# Of the two-letter names only al, an, bo, ed, jo, li, lu, ty and vi are kept.
#
# Source of the names: the first-name lists of the Faker package's person providers
# (https://pypi.org/project/Faker/, version {faker}, MIT License, Copyright (c) 2012
# Daniele Faraglia), every locale written in Latin letters and the romanized Japanese and
# Chinese lists; the Korean lists in the Revised Romanization (and 우 as "woo"), and the
# Hindi, Marathi and Nepali lists as such names are usually spelt in Latin letters
# (दीपक: deepak, dipak), both by tools/build_given_names.py. Faker's licence:
# Copyright (c) 2012 Daniele Faraglia
#
# Permission is hereby granted, free of charge, to any person obtaining a copy
# of this software and associated documentation files (the "Software"), to deal
# in the Software without restriction, including without limitation the rights
# to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
# copies of the Software, and to permit persons to whom the Software is
# furnished to do so, subject to the following conditions:
#
# The above copyright notice and this permission notice shall be included in
# all copies or substantial portions of the Software.
#
# THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
# IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
# FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
# AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
# LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
# OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
# THE SOFTWARE.
#
# Source of the "*" marks: the lower-case words of SCOWL's small American English list
# (Debian package wamerican-small), less a few names whose word sense is rare in notes
# (maria, harry, peter, ...), plus months and weekdays.
# SCOWL is Copyright 2000-2011 by Kevin Atkinson:
# "Permission to use, copy, modify, distribute and sell these word lists, the associated
# scripts, the output created from the scripts, and its documentation for any purpose is
# hereby granted without fee, provided that the above copyright notice appears in all
# copies and that both that copyright notice and this permission notice appear in
# supporting documentation. Kevin Atkinson makes no representations about the
# suitability of this array for any purpose. It is provided "as is" without express or
# implied warranty."
# Made by tools/build_given_names.py; {count} names, {ambiguous} of them marked "*".
"""


def fold(text: str) -> str:
    """Lower-case ASCII: accents dropped (``Zoé`` -> ``zoe``)."""
    flat = unicodedata.normalize("NFKD", text)
    return "".join(c for c in flat if not unicodedata.combining(c)).lower()


def faker_names(root: Path) -> tuple[set[str], str]:
    """Every Latin-letter first name in the Faker package unpacked at ``root``."""
    sys.path.insert(0, str(root))
    faker = importlib.import_module("faker")
    person = importlib.import_module("faker.providers.person")

    found: set[str] = set()
    for info in pkgutil.iter_modules(person.__path__):
        module = importlib.import_module(f"faker.providers.person.{info.name}")
        provider = module.Provider
        for attr in (
            "first_names",
            "first_names_male",
            "first_names_female",
            "first_romanized_names",  # Japanese and Chinese names in Latin letters
        ):
            value = getattr(provider, attr, ())
            if isinstance(value, (tuple, list, dict)):
                for name in value:
                    if not isinstance(name, str):
                        continue
                    if _NAME.fullmatch(fold(name)):
                        found.add(fold(name))
                    found |= hangul_spellings(name) | devanagari_spellings(name)
    return found, str(faker.VERSION)


# -- names in Hangul and Devanagari, written in Latin letters as people spell them ----------


def _words(text: str) -> list[str]:
    return re.findall(r"\S+", text)


_INITIALS = _words("g kk n d tt r m b pp s ss _ j jj ch k t p h")
_VOWELS = _words("a ae ya yae eo e yeo ye o wa wae oe yo u wo we wi yu eu ui i")
_FINALS = ["", *_words("k k k n n n t l k m l l l p l m p p t t ng t t k t p t")]


def hangul_spellings(name: str) -> set[str]:
    """A Korean given name in the Revised Romanization, and with 우 as "woo" (지우: jiu, jiwoo)."""
    options: list[list[str]] = []
    for ch in name:
        code = ord(ch) - 0xAC00
        if not 0 <= code < 11172:
            return set()
        first = _INITIALS[code // 588].replace("_", "")
        syllable = first + _VOWELS[code % 588 // 28] + _FINALS[code % 28]
        options.append([syllable, "woo"] if syllable == "u" else [syllable])
    return {"".join(parts) for parts in itertools.product(*options)}


_CONSONANTS = dict(
    zip(
        "कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसहळ",
        _words("k kh g gh n ch chh j jh n t th d dh n t th d dh n p ph b bh m y r l v sh sh s h l"),
        strict=True,
    )
)
# A consonant with the nukta sign (NFC keeps the two apart): ज़ is z, फ़ is f.
_NUKTA = dict(zip("कखगजडढफय", _words("q kh gh z r rh f y"), strict=True))
_INDEPENDENT = dict(zip("अआइईउऊऋएऐओऔ", _words("a a i ii u uu ri e ai o au"), strict=True))
_SIGNS = dict(zip("ािीुूृेैोौ", _words("a i ii u uu ri e ai o au"), strict=True))


def devanagari_spellings(name: str) -> set[str]:
    """A Hindi, Marathi or Nepali given name as it is usually spelt in Latin letters.

    The inherent vowel is dropped at the end (दीपक: deepak, dipak); long i and u are
    written both ways (ee or i, oo or u), and व as v or w.
    """
    text = unicodedata.normalize("NFC", name.replace("\u200d", "").replace("\u200c", ""))
    out: list[str] = []
    inherent = -1  # where the last inherent vowel stands in out
    i = 0
    while i < len(text):
        ch = text[i]
        nxt = text[i + 1] if i + 1 < len(text) else ""
        if ch in _CONSONANTS:
            if nxt == "\u093c" and ch in _NUKTA:  # the nukta sign
                out.append(_NUKTA[ch])
                i += 1
                nxt = text[i + 1] if i + 1 < len(text) else ""
            else:
                out.append(_CONSONANTS[ch])
            if nxt in _SIGNS:
                out.append(_SIGNS[nxt])
                i += 1
            elif nxt == "\u094d":  # virama: no vowel
                i += 1
            else:
                out.append("a")
                inherent = len(out)
        elif ch in _INDEPENDENT:
            out.append(_INDEPENDENT[ch])
        elif ch in "\u0902\u0901":  # anusvara, candrabindu
            out.append("n")
        elif ch == "\u0903":
            out.append("h")
        else:
            return set()
        i += 1
    if len(out) > 2 and inherent == len(out):
        out.pop()  # the inherent vowel is not said at the end
    word = "".join(out)
    spellings = {word}
    for long, short, popular in (("ii", "i", "ee"), ("uu", "u", "oo")):
        spellings = {w.replace(long, short) for w in spellings} | {
            w.replace(long, popular) for w in spellings
        }
    spellings |= {w.replace("v", "w") for w in spellings}
    return {w for w in spellings if _NAME.fullmatch(w)}


def english_words(path: Path) -> set[str]:
    """The lower-case words of a word list (one a line; possessives left out)."""
    words = path.read_text(encoding="utf-8").split()
    plain = {w for w in words if w.islower() and "'" not in w}
    return (plain - _NAMES_FIRST) | set(_CALENDAR)


def main(argv: list[str]) -> None:
    names, version = faker_names(Path(argv[1]))
    names = {n for n in names if len(n) > 2 or n in _SHORT}
    words = english_words(Path(argv[2] if len(argv) > 2 else _WORD_LIST))
    lines = [f"{n} *" if n in words else n for n in sorted(names)]
    marked = sum(1 for line in lines if line.endswith("*"))
    header = HEADER.format(faker=version, count=len(lines), ambiguous=marked)
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(lines)} names, {marked} also words")


if __name__ == "__main__":
    main(sys.argv)
