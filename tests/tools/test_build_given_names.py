"""The given-name list's builder: its spellings of Korean and Devanagari names, and the file
it made (the Faker wheel it reads is not needed here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools.build_given_names import devanagari_spellings, english_words, hangul_spellings

LIST = Path(__file__).resolve().parents[2] / "cfwidget" / "therapy" / "data" / "given_names.txt"


@pytest.mark.parametrize(
    ("name", "spellings"),
    [("민준", {"minjun"}), ("서연", {"seoyeon"}), ("지우", {"jiu", "jiwoo"}), ("Ann", set())],
)
def test_korean_names_in_the_revised_romanization(name: str, spellings: set[str]) -> None:
    assert hangul_spellings(name) == spellings


@pytest.mark.parametrize(
    ("name", "spellings"),
    [
        ("दीपक", {"deepak", "dipak"}),  # long i both ways, no final vowel
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
    assert names == sorted(set(names)) and len(names) > 20_000
    assert all(re.fullmatch(r"[a-z][a-z'-]*[a-z]", n) for n in names)
    assert all(
        len(n) > 2 for n in names if n not in {"al", "an", "bo", "ed", "jo", "li", "lu", "ty", "vi"}
    )
