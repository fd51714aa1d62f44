"""Build the two small lists that help the notes' name check read a word that no name list
holds: ``proper_nouns.txt`` (places, brands and other proper nouns that are no given name)
and ``pinyin_syllables.txt`` (the syllables of Mandarin in pinyin, without tones).

Run by hand when the lists should change (never at test or run time), after
``tools/build_given_names.py`` and ``tools/build_wide_names.py``, from Debian's larger word
lists and an unpacked pypinyin wheel::

    apt-get install wamerican-huge wbritish-huge
    pip download --no-deps pypinyin==0.55.0 && unzip pypinyin-0.55.0-*.whl -d DIR
    python -m tools.build_name_context --pinyin DIR

Sources (read from local copies, nothing is downloaded; each list's header carries the
source's notice, and so does THIRD_PARTY_NOTICES.md):

- **SCOWL** (Debian's ``wamerican-huge`` and ``wbritish-huge``; the licence of SCOWL that
  ``common_words.txt`` already carries): its capitalised entries (Lima, Tenerife, Nintendo,
  Aetna, Medicare), folded, four letters or more, less every name of ``given_names.txt`` and
  ``given_names_wide.txt`` and every English word of ``common_words.txt``. A capitalised
  word in the middle of a sentence that no list holds counts as a name unless it is one of
  these (see ``cfwidget/therapy/_names.py``).
- **pypinyin** (MIT): the readings of its character table, tone marks dropped (``zhōng``
  becomes ``zhong``; ``lǘ`` becomes ``lu``). A word made of exactly two of these syllables
  (Weijie, Zhenyu) reads as a Chinese given name in pinyin.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tools.build_given_names import _MIT, OUT, WORDS_OUT, _version, fold
from tools.build_wide_names import WIDE_OUT, WORDS_HEADER
from tools.name_scripts import NAME

__all__ = ["pinyin_syllables", "proper_nouns"]

PROPER_OUT = OUT.with_name("proper_nouns.txt")
PINYIN_OUT = OUT.with_name("pinyin_syllables.txt")
_AMERICAN = "/usr/share/dict/american-english-huge"
_BRITISH = "/usr/share/dict/british-english-huge"
_SHORTEST = 4

PROPER_HEADER = (
    """\
# Proper nouns that are no given name: places, brands, peoples, and surnames, one a line,
# folded to lower-case ASCII, four letters or more. They are the capitalised entries of
# SCOWL's largest American and British English lists (Debian packages wamerican-huge and
# wbritish-huge), less every name of given_names.txt and given_names_wide.txt and every
# English word of common_words.txt. A capitalised word in the middle of a sentence that no
# list holds warns as a name unless it is one of these ("Travelled to Tenerife"). Made by
# tools/build_name_context.py; {count} words.
#
"""
    + "\n".join(WORDS_HEADER.splitlines()[-8:])
    + "\n"
)

PINYIN_HEADER = """\
# The syllables of Mandarin Chinese in pinyin, without tone marks, one a line: the readings
# of pypinyin {version}'s character table (https://pypi.org/project/pypinyin/), folded to
# lower-case ASCII. A word of exactly two of them, five letters or more and no English word
# (Weijie, Zhenyu), reads as a Chinese given name. Made by tools/build_name_context.py;
# {count} syllables.
#
# pypinyin: Copyright (c) 2016 mozillazg, 闲耘, under the MIT License:
#
{mit}"""


def _listed(path: Path) -> set[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return {line.split()[0] for line in lines if line.strip() and not line.startswith("#")}


def proper_nouns(*paths: Path) -> set[str]:
    """The capitalised entries of word lists (one a line), folded, four letters or more,
    letters only (possessives such as ``Lima's`` left out)."""
    found: set[str] = set()
    for path in paths:
        for word in path.read_text(encoding="utf-8").split():
            if not word[:1].isupper() or "'" in word:
                continue
            key = fold(word)
            if len(key) >= _SHORTEST and NAME.fullmatch(key) and key.isalpha():
                found.add(key)
    return found


def pinyin_syllables(root: Path) -> set[str]:
    """Every reading in pypinyin's character table (unpacked at ``root``), without tones.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "pypinyin").mkdir()
    >>> table = '{"20013": "zh\u014dng,zh\u00f2ng"}'
    >>> _ = (folder / "pypinyin" / "pinyin_dict.json").write_text(table, encoding="utf-8")
    >>> sorted(pinyin_syllables(folder))
    ['zhong']
    """
    table = json.loads((root / "pypinyin" / "pinyin_dict.json").read_text(encoding="utf-8"))
    found: set[str] = set()
    for readings in table.values():
        for reading in str(readings).split(","):
            key = fold(reading.strip())
            if key.isalpha() and key.isascii():
                found.add(key)
    return found


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pinyin", type=Path, required=True, help="an unpacked pypinyin wheel")
    parser.add_argument("--american", type=Path, default=Path(_AMERICAN))
    parser.add_argument("--british", type=Path, default=Path(_BRITISH))
    args = parser.parse_args(argv)
    nouns = proper_nouns(args.american, args.british)
    nouns -= _listed(OUT) | _listed(WIDE_OUT) | _listed(WORDS_OUT)
    PROPER_OUT.write_text(
        PROPER_HEADER.format(count=len(nouns)) + "\n".join(sorted(nouns)) + "\n",
        encoding="utf-8",
    )
    syllables = pinyin_syllables(args.pinyin)
    header = PINYIN_HEADER.format(
        version=_version(args.pinyin, "pypinyin"), count=len(syllables), mit=_MIT
    )
    PINYIN_OUT.write_text(header + "\n".join(sorted(syllables)) + "\n", encoding="utf-8")
    print(f"{PROPER_OUT}: {len(nouns)} words")
    print(f"{PINYIN_OUT}: {len(syllables)} syllables")


if __name__ == "__main__":
    main(sys.argv[1:])
