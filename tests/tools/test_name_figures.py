"""The notes' name check on lists held out before its sources and rules were chosen
(``tests/data/names/``, ``heldout2/`` and ``heldout3/``, see their READMEs): warned per
region and position, and false alarms on ordinary clinical sentences.
``python -m tools.name_figures [FOLDER]`` prints the same figures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cfwidget.therapy._errors import SettingsError
from cfwidget.therapy._names import find_name, wide_names
from cfwidget.therapy.settings import check_client, name_warning
from tools.name_figures import (
    DATA,
    HELDOUT2,
    HELDOUT3,
    listed_share,
    measure,
    measure_sentences,
    read_sections,
)

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
    """heldout2, seen by the third round (its rules were tuned on it, so it flatters): every
    cell at 90% or more; false alarms 5 of 60 (insurers and a game that are listed given
    names at a sentence's start, "at Cedars-Sinai"), above the aim of one (docs/privacy.md)."""
    figures = measure(HELDOUT2)
    shares = {(r, p): figures.share(r, p) for r in REGIONS for p in figures.positions}
    low = {k: f"{v:.0%}" for k, v in shares.items() if v < 0.9}
    assert not low, low
    for position, floor in (("mid-sentence", 0.99), ("sentence start", 0.99), ("lower case", 0.98)):
        hits, pairs = figures.overall(position)
        assert hits / pairs >= floor, position
    assert len(figures.alarms) <= 5, figures.alarms
    assert not {s for s in figures.alarms if "Lima" in s or "Guy's" in s or "Lorenzo" in s}


def test_the_third_held_out_set_is_whole() -> None:
    figures = measure_sentences(HELDOUT3)
    assert figures.positions == ("start", "middle", "lower")
    assert len(figures.warned) == 13
    assert all(figures.warned[r][p][1] == 10 for r in figures.warned for p in figures.positions)
    assert figures.sentences == 60
    assert sum(count for _, count in listed_share(HELDOUT3).values()) == 130


def test_the_third_held_out_set_what_holds() -> None:
    """heldout3, written by a helper who never saw the package's lists, and copied here after
    the rules were committed as final (552eb86). Its one run before any change gave start
    88%, middle 99%, lower 96% (Iran, West Africa and the Philippines 70% at the start,
    the Philippines 70% in lower case) and 12 false alarms of 60. The rules were then changed
    for what that run showed (ed43f41, see docs/privacy.md), so these figures flatter: every
    cell 100%, and 4 false alarms (Alexa, Peppa, Milo, Makaton), above the aim of one; the
    fourth round (a name after an article and a description is a thing's, a word no list holds
    before a plural noun where things are used is a kind) left 2 (Alexa, Makaton)."""
    figures = measure_sentences(HELDOUT3)
    shares = {(r, p): figures.share(r, p) for r in figures.warned for p in figures.positions}
    low = {k: f"{v:.0%}" for k, v in shares.items() if v < 0.9}
    assert not low, low
    assert len(figures.alarms) <= 2, figures.alarms


# The independent sets written after the third (see their READMEs and docs/privacy.md), each
# copied in after the rules were committed as final and run once unseen; then the rules were
# changed for what each showed, in the next round. Per set: the sentences warned at the start,
# in the middle and in lower case (of 130 each) and the false alarms (of 60), at least as good
# as these (today's figures, so that no later change loses what one gained). The unseen runs
# were: heldout4 106/127/121 with 11 false alarms; heldout5 121/124/126 with 10 (after
# 8b89b22); heldout6 125/126/123 with 20, nearly all brands (after db3b0d3); heldout7
# 126/128/124 with 15 (after 478604c); heldout8 125/129/123 with 10 (after 080baaf);
# heldout9 127/129/127 with 14, every cell at 90% or more (after 76d2374); heldout10
# 127/127/126 with 10, the first with the lookalike list (after bfe3396; 20 without it);
# heldout11 129/130/122 with 11, both helpers' lookalikes and the clinic's words (after
# abbef88; 14 without the lookalikes); heldout12 130/129/128 with 8 (after 00ad6c1; 14
# without the lookalikes); heldout13, the first at the density of ordinary notes, 129/130/125
# with 3 (after 6f0ca8d).
LATER_SETS = [
    ("heldout4", (129, 128, 129), 3),
    ("heldout5", (130, 130, 130), 2),
    ("heldout6", (130, 129, 126), 7),
    ("heldout7", (129, 129, 127), 5),
    ("heldout8", (128, 129, 129), 2),
    ("heldout9", (127, 129, 128), 5),
    ("heldout10", (127, 129, 126), 11),
    ("heldout11", (129, 130, 128), 9),
    ("heldout12", (130, 130, 130), 7),
    ("heldout13", (129, 130, 125), 3),
]


@pytest.mark.parametrize(("folder", "hits_then", "alarms_then"), LATER_SETS)
def test_the_later_held_out_sets_keep_their_figures(
    folder: str, hits_then: tuple[int, int, int], alarms_then: int
) -> None:
    figures = measure_sentences(DATA / folder)
    assert len(figures.warned) == 13 and figures.sentences == 60
    for position, floor in zip(("start", "middle", "lower"), hits_then, strict=True):
        hits, pairs = figures.overall(position)
        assert pairs == 130 and hits >= floor, position
    shares = {(r, p): figures.share(r, p) for r in figures.warned for p in figures.positions}
    assert min(shares.values()) >= 0.8, shares
    assert len(figures.alarms) <= alarms_then, figures.alarms


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
        ("phone call, warmikusi managing the stairs with one stick", "warmikusi"),  # heldout12
        ("qhapaqkusi and wife came in", "qhapaqkusi"),  # "and" before a relative
        ("good effort from somchai today", "somchai"),  # the wide list, in lower case
        ("Met Ji-woo in the gym.", "Ji-woo"),  # listed without its hyphen: "jiwoo"
        ("Maria needs help with the lid.", "Maria"),  # a verb after her, not a plural noun
        ("Maria sisters were there too.", "Maria"),  # relatives: a possessive unmarked
        ("Good effort from Qhapaqkusi throughout.", "Qhapaqkusi"),  # a capital, mid-sentence
        ("Tiles were counted by Wayrakilla today.", "Wayrakilla"),
        ("good effort from qhapaqkusi on matching", "qhapaqkusi"),  # "from", "for", "to"
        ("tiles were counted by wayrakilla", "wayrakilla"),  # the agent of a passive
        ("session moved so urpichaska could attend", "urpichaska"),  # before "could" + verb
        ("urpichaska's turn took long", "urpichaska's"),  # a possessive before a noun
        ("good session, weijie engaged well", "weijie"),  # two pinyin syllables
        ("Heard from Maria about the tiles.", "Maria"),  # "from" without a move
        ("Urpichaska completed the set.", "Urpichaska"),  # a verb only a person does
        ("Qhapaqkusi stacked the cups.", "Qhapaqkusi"),  # a past tense after a clause's start
        ("tidied up; urpichaska folded the towels", "urpichaska"),
        ("reviewed the diary with wayrakilla today", "wayrakilla"),  # "with", not "thickened"
        ("Thai was tired today.", "Thai"),  # a language held as a name: only as a subject
        ("At the table Izzati needs a footrest.", "Izzati"),  # "the table", then a subject
        ("Since the stroke Dariush has had weakness.", "Dariush"),  # an article's phrase ends
        ("Had a chat with Maria today.", "Maria"),  # "with" between: no description
        ("Saw the client Maria today.", "Maria"),  # a person noun between
        ("the lovely Maria came in", "Maria"),  # a description, then a person's verb
        ("Today Sumaq walks with a frame.", "Sumaq"),  # a subject, not a kind of walks
        ("Gave Sumaq cards to sort.", "Sumaq"),  # a receiver before a plural noun
        ("Qhapaqkusi was reviewed on the ward.", "Qhapaqkusi"),  # a clause's verb follows
        ("Qhapaqkusi rang about the referral.", "Qhapaqkusi"),
        ("Qhapaqkusi now walks to the canteen.", "Qhapaqkusi"),
        ("Qhapaqkusi manages her own toileting.", "Qhapaqkusi"),
        ("carer says qhapaqkusi is more settled", "qhapaqkusi"),  # in lower case too
        ("on the phone qhapaqkusi's voice is stronger", "qhapaqkusi's"),
        ("Qhapaqkusi hums during tasks.", "Qhapaqkusi"),  # a present tense at the start
        ("For carryover, Qhapaqkusi will read aloud.", "Qhapaqkusi"),  # "will" and a verb
        ("ward staff noticed qhapaqkusi coughing", "qhapaqkusi"),  # what staff noticed
        ("care home staff to offer qhapaqkusi a drink", "qhapaqkusi"),  # who is given
        ("Typing practice today took Zanele to 25 words per minute.", "Zanele"),
        ("Qhapaqkusi consistently produced /s/.", "Qhapaqkusi"),  # an "-ly" adverb between
        ("Qhapaqkusi, who is nine, was referred.", "Qhapaqkusi"),  # only a person is "who"
        ("Qhapaqkusi will be seen fortnightly.", "Qhapaqkusi"),  # "will be" + a participle
        ("good news: qhapaqkusi has started naming pictures", "qhapaqkusi"),
        ("sheet sent to rhea-mae's parents", "rhea-mae's"),  # a possessive before relatives
        ("Đức was assessed for a wheelchair.", "Đức"),  # three letters with a mark
        ("Gave Maria cards to sort.", "Maria"),  # a receiver before a thing: a person
        ("next review in six weeks; qhapaqkusi to continue the exercises", "qhapaqkusi"),
        ("Qhapaqkusi quickly became frustrated.", "Qhapaqkusi"),  # a verb of becoming
        ("Qhapaqkusi becomes overwhelmed by noise.", "Qhapaqkusi"),
        ("Qhapaqkusi was given a handout.", "Qhapaqkusi"),  # who was given something
        ("Qhapaqkusi has started to use 'because'.", "Qhapaqkusi"),
        ("teacher says qhapaqkusi avoids written tasks", "qhapaqkusi"),  # after saying
        ("summary: qhapaqkusi no longer strains her voice", "qhapaqkusi"),
        ("Showed Maria pictures of the steps.", "Maria"),
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
        "Travelled from Lima for the assessment.",  # "from" after a move
        "Transferred from Guy's to King's College Hospital.",
        "Family moved from Cardiff to Swansea last year.",
        "Client was admitted to Addenbrooke's last year.",
        "Takes Aricept in the morning and Sinemet at lunch.",  # "and" after a medicine
        "Had Weetabix and a cup of tea.",  # what is eaten, played or used
        "Drinks Fortisip twice a day.",
        "Lee Silverman Voice Treatment started this week.",  # three capitals: a title
        "Lorenzo system was down.",  # a product noun after a name
        "Keppra could be increased next month.",  # a modal, then "be"
        "Huntington's chorea is well controlled.",
        "recovering from hemianopia slowly",  # a word of medicine by its ending
        "Speaks Thai at home and English at school.",  # languages
        "Family away over Christmas.",
        "Now using Siri for reminders.",  # a listed name that is used or drunk
        "Pouches from Ella's Kitchen were offered.",  # a possessive before a capital: a title
        "Seen on Ward 12 at noon.",
        "Trialled Proloquo2Go on the tablet.",  # a word touching a digit
        "Fluids thickened to IDDSI level 2.",  # capitals: shorthand
        "Notes are kept in SystmOne now.",  # CamelCase: a product
        "Uses a Tommee Tippee cup.",  # a pair after an article
        "Relatives visiting from Jordan brought songs.",  # a move
        "Jenga used as a turn-taking game.",  # a past tense then "as": a thing used
        "Drinks a warm Milo before bed.",  # an article and a description: a thing
        "Watched a short Peppa Pig clip as a reward.",
        "We used Duplo blocks for the tower.",  # a word no list holds, as a kind of thing
        "Signed with Makaton signs and symbols.",
        "Ribena was used as the flavoured drink.",  # what is done to a thing
        "Calpol was given before the session.",
        "Brought a slice of Colin the Caterpillar cake.",  # "X the Y": a character
        "Visited Kingsley Academy to train staff.",  # a place noun
        "Theraputty exercises continued for hand strength.",  # a plural noun, then a verb
        "Cervical auscultation was clear throughout.",  # a word of English shape
        "Attention at storytime was much better.",  # two English words run together
        "Aetna covers the speech sessions this year.",  # SCOWL's proper nouns: no person
        "Keppra will be stopped next week.",
        "Jasmine rice was too sticky for level 6.",  # a name as the kind of a thing
        "Brought his Peter Rabbit plate from home.",  # the rest of a title between
        "Woody and Jessie figures were used for prepositions.",
        "Calpol was given an hour before the session.",  # a thing given, then a time
        "Mencap has offered a place in the drama group.",  # a giver, not one given to
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
