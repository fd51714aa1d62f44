"""The notes' name check on lists held out before its sources and rules were chosen
(``tests/data/names/`` and ``tests/data/names/heldout2/``, see their READMEs): warned per
region and position, and false alarms on ordinary clinical sentences.
``python -m tools.name_figures [FOLDER]`` prints the same figures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cfwidget.therapy._errors import SettingsError
from cfwidget.therapy._names import find_name, wide_names
from cfwidget.therapy.settings import check_client, name_warning
from tools.name_figures import DATA, HELDOUT2, measure, read_sections

REGIONS = ("south_asia", "southeast_asia", "iran", "andes", "philippines", "africa")
REGIONS += ("europe", "americas", "east_asia")


def test_the_held_out_files_are_whole() -> None:
    names = read_sections(DATA / "held_out_names.txt")
    assert tuple(names) == REGIONS
    assert all(len(listed) == len(set(listed)) == 30 for listed in names.values())
    templates = read_sections(DATA / "templates.txt")
    assert list(templates) == ["mid-sentence", "sentence start", "lower case"]
    assert all(len(forms) == 4 for forms in templates.values())
    figures = measure()
    assert figures.sentences == 70


def test_the_second_held_out_set_is_whole_and_new() -> None:
    names = read_sections(HELDOUT2 / "held_out_names.txt")
    assert tuple(names) == REGIONS
    assert all(len(listed) == len(set(listed)) == 30 for listed in names.values())
    first = {
        n.lower() for listed in read_sections(DATA / "held_out_names.txt").values() for n in listed
    }
    assert not {n for listed in names.values() for n in listed if n.lower() in first}
    templates = read_sections(HELDOUT2 / "templates.txt")
    assert list(templates) == ["mid-sentence", "sentence start", "lower case"]
    assert all(len(forms) == 4 for forms in templates.values())
    assert measure(HELDOUT2).sentences == 60


def test_the_second_held_out_set_what_holds() -> None:
    """The figure that counts. The aim of issue 32 (90% in every region and position, at
    most one false alarm in 60) is NOT met here; this asserts what holds (docs/privacy.md).
    Mid-sentence, a name in no list is found only where the grammar says a person, and two
    of the four sentences carry none ("Good progress this week for x"): the Philippines
    (Tagalog names in no source) 68%, the Andes 75%, East Asia 80%, South-East Asia 85%."""
    figures = measure(HELDOUT2)
    shares = {(r, p): figures.share(r, p) for r in REGIONS for p in figures.positions}
    assert min(v for (_, p), v in shares.items() if p == "sentence start") >= 0.99
    assert min(v for (_, p), v in shares.items() if p == "lower case") >= 0.89
    assert min(v for (_, p), v in shares.items() if p == "mid-sentence") >= 0.675
    reached = {k for k, v in shares.items() if v >= 0.9}
    assert len(reached) >= 22, sorted(set(shares) - reached)  # of 27 cells
    for position, floor in (("mid-sentence", 0.87), ("sentence start", 0.99), ("lower case", 0.94)):
        hits, pairs = figures.overall(position)
        assert hits / pairs >= floor, position
    # 8 of 60: insurers at a sentence's start (Aviva, Cigna, Humana), given names as brands
    # or systems (Mario Kart, Lorenzo), places (Guy's, Cedars-Sinai, "from Lima").
    assert len(figures.alarms) <= 8, figures.alarms


def test_every_region_and_position_is_warned_and_few_clinical_sentences_alarm() -> None:
    figures = measure()
    shares = {(r, p): figures.share(r, p) for r in REGIONS for p in figures.positions}
    # The aim (issue 32) is 90% everywhere; the Philippines' Tagalog names mid-sentence in
    # a sentence whose grammar says nothing of a person ("faded for Bituin") stay at 89%.
    low = {k: f"{v:.0%}" for k, v in shares.items() if v < 0.9}
    assert set(low) <= {("philippines", "mid-sentence")}, low
    assert min(shares.values()) >= 0.89, low
    for position in figures.positions:
        hits, pairs = figures.overall(position)
        assert hits / pairs >= 0.95, position
    # One of 70 ("Kaiser Permanente": a listed given name at a sentence's start); the
    # tester's three (Ivy Ward, Angel Delight, Brooke Army Medical Center) no longer warn.
    assert len(figures.alarms) <= 1, figures.alarms
    assert not {s for s in figures.alarms if "Ward" in s or "Delight" in s or "Brooke" in s}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Today Gurpreet worked on turn taking.", "Gurpreet"),  # the tester's example
        ("Seen with Somchai again.", "Somchai"),  # the wide list, capitalised mid-sentence
        ("worked with qhapaqkusi today", "qhapaqkusi"),  # in no list: the grammar says so
        ("saw wayrakilla in clinic", "wayrakilla"),
        ("illariyaku's mum came too", "illariyaku's"),
        ("Mrs Sumaqwayra came in", "Sumaqwayra"),
        ("urpichaska tired today", "urpichaska"),
        ("Yakusisa was tired.", "Yakusisa"),
        ("Kantuwila and her husband came", "Kantuwila"),
        ("qhapaqkusi and wife came in", "qhapaqkusi"),  # "and" before a relative
        ("good effort from somchai today", "somchai"),  # the wide list, in lower case
        ("Met Ji-woo in the gym.", "Ji-woo"),  # listed without its hyphen: "jiwoo"
        ("Maria needs help with the lid.", "Maria"),  # a verb after her, not a plural noun
        ("Maria sisters were there too.", "Maria"),  # relatives: a possessive unmarked
    ],
)
def test_a_name_no_list_holds_is_read_from_the_grammar(text: str, name: str) -> None:
    assert find_name(text) == name
    assert name_warning(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "saw improvement in scanning",  # an English word in a person's place
        "Takes Aricept in the morning.",  # a brand where no person stands
        "Thickened fluids with Nutilis to level 2.",  # "with" after no social word
        "Played Jenga and Connect Four as warm-up tasks.",
        "Previously treated at Walter Reed.",  # a place after "at"
        "St Thomas' team will review the swallow.",
        "Victoria Wing physio gym was closed.",  # a place noun after a name
        "Hayling and Brixton tests not attempted.",  # "and" inside a test's name
        "Talking Mats helped with choosing goals.",  # a title: a name that is a word
        "Transferred on Monday to the ward.",
        "we will try again in june",
        "saw physio today",  # teams in shorthand
        "asked neuro about the meds",
        "worked with tbi group",  # three letters: shorthand, and a group noun after
        "Parkinson's hand tremor is worse.",  # a disease's possessive before no relative
        "worked with carer on the home programme",  # care words the word list lacks
        "metoprolol tired today",  # a medicine, by its ending
        "Uno cards were used for matching.",  # a name before a plural subject: a brand
        "Duplo blocks are easier to grip.",
        "Holiday in Tenerife went well.",  # "in" and "near" before a place
        "Grew up near Chiang Mai.",
    ],
)
def test_places_brands_and_tests_are_no_person(text: str) -> None:
    assert name_warning(text) is None


@pytest.mark.parametrize(
    "text", ["Seen with O'Qwert Zzyxa today", "met d'Qwert Zzyxa", "x-Qwert Zzyxa came", "Qwert"]
)
def test_a_pair_inside_a_word_is_read_without_error(text: str) -> None:
    assert name_warning(text) is None or "Qwert" in name_warning(text)


def test_the_wide_list_is_for_notes_only() -> None:
    assert "gurpreet" in wide_names() and "somchai" in wide_names()
    assert all(len(name) >= 4 for name in wide_names())
    assert check_client("AB-12") == "AB-12"
    with pytest.raises(SettingsError):
        check_client("Kim-07")  # codes use the first list, as before


_PIECES = st.sampled_from(
    [
        *("saw", "with", "worked", "Mrs", "was", "tired", "and", "her", "'s", "mum", "at"),
        *("St", "Ward", "Angel", "Gurpreet", "maria", "the", ".", ",", "O'", "-", "Qwert", "\n"),
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(_PIECES, st.text(max_size=6)), max_size=12))
def test_any_text_gets_an_answer_and_a_warning_names_what_is_there(parts: list[str]) -> None:
    text = " ".join(parts)
    warning = name_warning(text)
    if warning is not None:
        found = warning.split("(", 1)[1].rsplit(")", 1)[0]
        assert found in text
