"""Privacy that holds: codes and notes refuse names and dates of birth, measured on names
the shipped list was not built from, with no false alarms on ordinary clinical notes."""

from __future__ import annotations

import json
import re
import unicodedata
import zipfile
from pathlib import Path

import pytest

from cfwidget import SettingsError
from cfwidget.core import Rules
from cfwidget.therapy import _names
from cfwidget.therapy._name_lists import lookalikes, named
from cfwidget.therapy._names import find_date, find_name, find_name_pair, given_names
from cfwidget.therapy.journal import Journal
from cfwidget.therapy.records import records_folder
from cfwidget.therapy.scorekeeper import ScoreKeeper
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings, check_client, name_warning

DATA = Path(__file__).resolve().parents[1] / "data" / "names"

# 200 common given names across cultures, written for this test from general knowledge
# (not taken from the shipped list, which comes from another source: see its header).
HELD_OUT = re.findall(
    r"\S+",
    """
James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara
Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Nancy Daniel Lisa
Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew
Donna Joshua Michelle Oliver Amelia George Isla Harry Ava Jack Olivia Noah Sophie Liam Emma
Ethan Chloe Lucas Grace Mia Ruby Leo Freya José Juan Carlos Luis Miguel Javier Alejandro
Diego Pablo Sergio Lucía Carmen Isabel Elena Rosa Pilar Dolores Camila Valentina Sofía João
Pedro Rafael Gabriela Beatriz Fernanda Thiago Mateus Pierre Jean Louis Camille Chloé Manon
Élodie Julien Nicolas Mathieu Amélie Céline Sébastien Thierry Margaux Hans Jürgen Klaus
Wolfgang Stefan Anke Ursula Heike Lukas Jonas Finn Sven Lars Astrid Ingrid Sanne Daan Sem
Pieter Annika Giuseppe Giovanni Francesco Alessandro Lorenzo Giulia Chiara Francesca
Federica Matteo Ivan Dmitri Olga Natasha Katarzyna Piotr Tomasz Agnieszka Jan Marek Petra
Zoltán Andrei Ioana Milan Mohammed Ahmed Ali Omar Fatima Aisha Yusuf Ibrahim Khalid Layla
Mehmet Mustafa Zeynep Emre Reza Maryam Priya Rahul Amit Sunita Anjali Arjun Ravi Deepak
Pooja Sanjay Imran Ayesha Wei Li Yuki Hiroshi Haruto Sakura Minjun Jiwoo Hana Kenji Mei
Chen Kwame Chidi Amara Thabo Ngozi Oluwaseun Abebe Wanjiru Kofi Zanele Adaeze Tendai
""",
)

# 50 ordinary clinical sentences with no names (some with words that are also names:
# will, may, grace, hope, mark, bill, rose, joy, faith, patience, sunny, frank, summer).
CLINICAL = """
Client was alert and engaged for the whole session.
Needed a general prompt on 3 of 10 turns.
Scanned to the left side more readily than last week.
Will try the double-nine set next session.
We will review the goals in May.
She may need more rest breaks.
Moved with grace and good balance today.
Hope to fade cues to level 1 by the end of the month.
Used a mark on the table to anchor scanning.
Discussed the bill for the equipment with the team.
Mood was sunny and cooperative; showed joy when matching.
Faith in own choices is growing: fewer checks with the therapist.
Showed patience while waiting for the bot to move.
Gave frank feedback about the task being too easy.
Plan: continue twice weekly through the summer.
Independent on 7 of 10 trials, min A for set-up.
Mod A for the first round, then supervision only.
Response time shortened from 12 s to 8 s on average.
Errorless mode prevented two errors in round 2.
Fatigue after 20 minutes; took a short break.
Visual attention improved with the large tiles.
Pain 2/10 at the start, 3/10 at the end.
Followed two-step directions without repetition.
Needed the number to look for on the first three turns.
Tolerated background noise better than before.
Self-corrected once after a wrong tile.
Rose from the chair independently at the end.
Caregiver reports better sleep this week.
Review on 12/01 with the OT.
Chicken Foot rules were explained again at the start.
Double-six set used; hand of seven tiles.
Took back one move after choosing the wrong end.
Speech was clear; word-finding pauses were short.
Goal: match a tile on 8 of 10 turns with no cues.
Tried the Pass button once when a play was possible.
Frustration was low; laughed at the bot's draw.
Head turning to the left needed a verbal prompt.
Sat upright for 30 minutes with good posture.
Reading of pips was accurate on all tiles.
The colour display helped with counting.
Attended well despite a busy clinic.
Reported a headache near the end.
Worked on sequencing and turn-taking.
Mark progress on the chart after each session.
Grace period for the home programme ends Friday.
May benefit from a quieter room.
Bill for the session sent to the insurer.
Hope remains high for discharge next month.
Joy and pride shown after the first full round.
Summer programme to start in June.
""".strip().splitlines()

# 40 more, written for this test: names that are also words used as words at the start of a
# sentence and mid-sentence, named tests, clinics and diseases in capitals, and shorthand.
CLINICAL_MORE = """
Hope was expressed by the family about going home.
Will is to be reviewed at the next team meeting.
Patience was needed during the longer rounds.
Patience seemed limited towards the end.
Grace period for the referral ends next week.
Mark the start tile with a sticker before each round.
Rose slowly from the chair with stand-by assistance.
Bill sent to the insurer on Tuesday.
Joy was evident when the round was won.
Faith in the process remains strong.
Frank discussion about driving with the family.
May need a larger display for the tiles.
June review booked with the team.
Sunny room helped with alertness.
Jack up the chair height by two notches.
Ruby-coloured tiles were easier to see than the blue ones.
Amber light on the tablet meant a low battery.
Drew three tiles before finding a match.
Penny dropped quickly on the counting task.
Hope remains for a return to work.
Grace and balance were good on the stairs.
Spoke with the Ward Sister about lunch times.
The Memory Clinic sent the last letter.
Seen in the Outpatient Clinic at the General Hospital.
Client has Bell's palsy on the left side.
Addison's disease is managed with medication.
Berg Balance Scale score was 45 out of 56.
Montreal Cognitive Assessment score was 22 out of 30.
Boston Naming Test to be repeated next month.
Barthel Index improved from 60 to 75.
Timed Up and Go took 14 seconds.
Glasgow Coma Scale was 15 on admission.
Western Aphasia Battery planned for the next visit.
Transferred from NICU at three weeks old.
NAD on exam; ROM within functional limits.
ABI was 0.9 at the last check.
Uses a Walker frame indoors and a wheelchair outside.
Played Chicken Foot with two bots on the easy setting.
Client seemed happy with the progress chart.
Mood was bright; joked about the bot's moves.
""".strip().splitlines()


def _case(name: str, form: str) -> str:
    return name.lower() if "lower" in form else name


def _ascii(name: str) -> str:
    flat = unicodedata.normalize("NFKD", name)
    return "".join(c for c in flat if not unicodedata.combining(c))


def test_the_lists_are_what_the_measures_say() -> None:
    assert len(HELD_OUT) == len(set(HELD_OUT)) == 200
    assert len(CLINICAL) == len(set(CLINICAL)) == 50
    assert len(CLINICAL_MORE) == len(set(CLINICAL_MORE) - set(CLINICAL)) == 40
    names, words = given_names()
    assert len(names) >= 2000 and words < names


def test_held_out_names_are_refused_as_codes_and_warned_in_notes() -> None:
    listed = [n for n in HELD_OUT if _ascii(n).lower() in given_names()[0]]
    refused = []
    for name in HELD_OUT:
        for code in (f"{_ascii(name)}1", f"{_ascii(name)}-07"):
            try:
                check_client(code)
            except SettingsError:
                pass
            else:
                break
        else:
            refused.append(name)
    forms = {
        "mid-sentence": "Today we saw {} again.",
        "sentence start": "{} was tired today.",
        "lower case": "saw {} today",
    }
    warned = {
        form: [n for n in HELD_OUT if name_warning(text.format(_case(n, form)))]
        for form, text in forms.items()
    }
    print(f"\nheld-out names in the shipped list: {len(listed)}/200 ({len(listed) / 2:.1f}%)")
    print(f"refused as codes (Name1 and Name-07): {len(refused)}/200 ({len(refused) / 2:.1f}%)")
    for form, found in warned.items():
        print(f"warned in notes, {form}: {len(found)}/200 ({len(found) / 2:.1f}%)")
    missed = sorted(set(HELD_OUT) - set(warned["mid-sentence"]))
    print(f"missed mid-sentence: {', '.join(missed) or 'none'}")
    # Names that are also words (Grace, Mark, Jack, Ruby, Li) are words in lower case: that
    # form stays a little lower. The issue asks for 95% (190 of 200) in every form.
    assert len(refused) >= 190
    for form, found in warned.items():
        assert len(found) >= 190, form


def test_no_false_alarms_on_ordinary_clinical_notes() -> None:
    sentences = CLINICAL + CLINICAL_MORE
    alarms = {s: name_warning(s) for s in sentences if name_warning(s)}
    print(f"\nfalse alarms: {len(alarms)}/{len(sentences)}")
    assert alarms == {}
    assert name_warning(" ".join(sentences)) is None  # one long note too


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Maria was tired today", "Maria"),
        ("mary smith", "mary"),
        ("MARIA came late", "MARIA"),
        ("Seen with Will today", "Will"),  # a word-name capitalised mid-sentence
        ("Anne-Marie helped", "Anne-Marie"),
        ("Maria's brother came", "Maria's"),
        ("worked with Zoé", "Zoé"),
        ("asked for June Carter", "June"),  # a month followed by a surname
        ("Grace said she was tired.", "Grace"),  # a person's verb after a word-name
        ("Done. Mark played well today.", "Mark"),
        ("Grace was tired today.", "Grace"),  # a state after was, seemed, looked ...
        ("Jack seemed a bit sleepy.", "Jack"),
        ("Ruby looked very calm", "Ruby"),
        ("Grace Smith was tired.", "Grace"),  # with a surname between
        ("Hope's mother came in.", "Hope's"),  # a possessive
        ("Li was tired today.", "Li"),  # a two-letter name: as a word-name
        ("seen with Li again", "Li"),
        ("TOM was tired", "TOM"),  # short capitals before what is said of a person
        ("worked with Børge", "Børge"),  # letters NFKD keeps whole
        ("Paweł said hello", "Paweł"),
        ("Reported that Will was tired.", "Will"),  # "that" here is no determiner
    ],
)
def test_names_are_found_in_any_case_and_form(text: str, name: str) -> None:
    assert find_name(text) == name
    assert name_warning(text) is not None


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("Saw Harpreet Singh today.", "Harpreet Singh"),  # a first name the list lacks
        ("Seen with Tendai Moyo again.", "Tendai Moyo"),
        ("Berg Balance Scale 45/56; Montreal Cognitive Assessment 22/30.", None),
        ("Timed Up and Go in 14 s at the Outpatient Clinic.", None),
    ],
)
def test_two_capitalised_words_warn_unless_one_is_a_common_word(
    text: str, pair: str | None
) -> None:
    assert find_name_pair(text) == pair
    assert (name_warning(text) is not None) == (pair is not None)


@pytest.mark.parametrize(
    "text",
    [
        "we will try again",  # word-names in lower case are words
        "Will try again next week.",  # and at the start of a sentence
        "- Will need a rest break",  # or of a list item
        "Next review in June.",  # a month alone
        "Min A for set-up; Max A at the end",  # clinical capitals
        "LUE weaker than RUE; reached across midline with LUE",  # and shorthand
        "Patience was needed today.",  # was + what is said of a thing
        "Will is to be reviewed.",
        "li was tired",  # in lower case a word-name is a word
        "NAD on exam; NICU stay as a baby.",  # short capitals are shorthand
        "The Memory Clinic called.",  # after "the"
        "Bell's palsy on the left.",  # an eponym
        "hemi side weaker; bil UE reach within limits",  # shorthand in lower case
        "Mum and Nan attended; Doc says rest this week.",  # family and doctor words
        "A tad tired today; used a terry towel under the tiles.",  # a name takes no article
    ],
)
def test_word_names_are_words_where_they_stand(text: str) -> None:
    assert name_warning(text) is None


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Humana asked for a new referral letter.", None),  # a body in no name list
        ("Sudocrem was applied before the session.", None),
        ("Called Mencap's helpline about respite.", None),
        ("Bought a jumper at Ted Baker for the party.", None),  # an entry of two words
        ("Played Kim's game with six farmyard toys.", None),
        ("Bought socks at Marks & Spencer.", None),
        ("Ben & Jerry's ice cream was the reward.", "Ben"),  # two names: maybe people
        ("A week on Skye helped her settle.", None),  # a given name after a place word
        ("Now using Alexa to set reminders.", None),
        ("The family are relocating to Adelaide in May.", None),  # a move: a place
        ("Lives just outside Charlotte with her sister.", None),  # after a stay: a place
        ("Referred for reflux and a trial with rollator.", None),  # the clinic's own words
        ("NAN formula was changed this week.", None),  # an entry in capitals
        ("Mum and Nan attended today.", None),  # ... is not "Nan"
        ("Florence was tired today.", "Florence"),  # a given name as a person: still warned
        ("Spoke to Florence about the plan.", "Florence"),
        ("Dad reported that Skye has started asking for help.", "Skye"),
        ("Kia's dad said she slept well.", "Kia's"),  # a relative: a person
        ("Saw Humana today.", "Humana"),  # "saw x": only a person is seen in a note
        ("teachers describe qhapaqwayra as quiet in class", "qhapaqwayra"),  # after heldout11
        ("sessions paused while qhapaqwayra recovers from flu", "qhapaqwayra"),
        ("letter copied to qhapaqwayra's GP today", "qhapaqwayra's"),
        ("Seen at the John Radcliffe clinic on Monday.", None),  # an article before a name
        ("Practised transfers into the Seat Leon.", None),
        ("Has gone back to driving his Mercedes.", "Mercedes"),  # a given name: privacy first
        ("Bottles are sterilised with Milton.", "Milton"),
        ("Physiotherapy is being funded by Aviva.", "Aviva"),
        ("Betsi Cadwaladr wheelchair service will deliver the chair.", "Cadwaladr"),
        ("Met the Ali Khan family at home.", "Ali"),  # a family: people
        ("Told her Florence was doing well.", "Florence"),  # "her" before a clause
        ("Sat next to her Gurpreet today.", "Gurpreet"),
        ("Tendai Moyo seating clinic today.", "Moyo"),
        ("Cleaned the table with Florence after snack.", "Florence"),  # a helper
        ("Paid by Florence today.", "Florence"),
        ("Fitted a hoist to their Hyundai.", None),  # what someone owns: no given name
        ("Dad is worried about his Tom.", "Tom"),  # ... a given name is a person
        ("Handed over to the Ward Sister Anna.", "Anna"),  # after a title, a name
        ("Liaised with the Headteacher Mrs Anna Smith.", "Anna"),
        ("Letter sent to Gurpreet today.", "Gurpreet"),  # sent to a person, not a move
        ("Gave the tiles back to Somchai.", "Somchai"),
        ("Returned the cards to Florence.", "Florence"),
        ("Travelled from Florence last week.", None),  # a move
        ("Wore a costume for St David's Day.", None),  # a feast
        ("Charlotte Maxeke audiology confirmed a mild loss.", "Charlotte"),
        ("Tendai Moyo physiotherapy review today.", "Moyo"),
        ("An Amharic interpreter helped Meklit today.", "Meklit"),  # no name starts with "An"
    ],
)
def test_brands_places_and_bodies_are_things_unless_a_person_is_meant(
    text: str, name: str | None
) -> None:
    assert find_name(text) == name
    assert (name_warning(text) is None) == (name is None)


PERSON_LOOKALIKES = [
    line
    for line in (DATA / "person_lookalikes.txt").read_text("utf-8").splitlines()
    if line and not line.startswith("#")
]


def test_a_lookalike_that_names_a_person_still_warns() -> None:
    """A reviewer's 104 sentences where Florence, Oliver, David Jones, Max & Ruby, Simba ...
    are people ("Smiled at Florence", "Letter from David Jones"): every one warns."""
    assert len(PERSON_LOOKALIKES) == 104
    quiet = [line for line in PERSON_LOOKALIKES if name_warning(line) is None]
    assert quiet == []


def test_an_article_starts_no_first_name_and_surname() -> None:
    assert find_name_pair("An Amharic interpreter helped Meklit today.") is None
    assert find_name_pair("Saw Tendai Moyo today.") == "Tendai Moyo"


PERSON_NAMES = ["Gurpreet", "Somchai", "Florence", "Ali", "Tendai", "Maria", "Ngozi", "Yuto"]
PERSON_NAMES += ["Oliver", "Aroha"]


def test_a_name_warns_wherever_a_note_sends_gives_visits_or_labels_a_person() -> None:
    """109 ways a note names a person ("Letter sent to x", "Home visit to x", "Client: x",
    "Drove x home", "proud of their x"), each with ten names from the main list, the wide
    list and both."""
    lines = (DATA / "person_contexts.txt").read_text("utf-8").splitlines()
    templates = [line for line in lines if line and not line.startswith("#")]
    assert len(templates) == 109
    texts = [t.format(name=n) for t in templates for n in PERSON_NAMES]
    assert [t for t in texts if name_warning(t) is None] == []


# Given names that are also English words, as the value of a person's label.
WORD_NAMES = ["Grace", "Will", "Hope", "Faith", "Rose", "Dawn", "Summer", "Holly", "Mark", "Joy"]
LABELLED = ["Client: {name}", "Client: {name}.", "Name: {name}", "Patient: {name} Hopper"]
LABELLED += ["Client name: {name}", "Re: {name}", "Seen by: {name} Brown", "Carer: {name}, mum"]
LABELLED += ["Present: {name} and mum", "Parent: {name} Smith (mum)", "client: {lower}."]
LABELLED += ["Client: {name} seen today", "Present: {name} with mum", "Client: {name} H"]
LABELLED += ["Client: {upper} SMITH", "NAME: {upper}", "Client:- {name}", "Client - {name}"]
LABELLED += ["Client: {name}\nseen today", "Service user: {name}", "Key worker: {name}"]


def test_a_given_name_that_is_also_a_word_warns_as_a_persons_label_value() -> None:
    """Ten names that are also English words in eighteen ways a note labels a person."""
    texts = [
        t.format(name=n, lower=n.lower(), upper=n.upper()) for t in LABELLED for n in WORD_NAMES
    ]
    assert [t for t in texts if name_warning(t) is None] == []
    months = ["Client: May Smith", "Client: June", "Carer: April", "Name: August Moyo"]
    assert [t for t in months if name_warning(t) is None] == []


def test_a_given_name_that_is_also_a_word_warns_after_a_title() -> None:
    forms = ["Mrs {name} called.", "Spoke to Mrs {name} today.", "Teacher: Mrs {name}"]
    forms += ["Letter to Dr. {name}.", "GP: Dr {name}", "Met Mr {name} at pick-up."]
    texts = [t.format(name=n) for t in forms for n in WORD_NAMES]
    assert [t for t in texts if name_warning(t) is None] == []
    things = ["Used Mr Tumble signs.", "Watched Mr Men clips.", "Had a Dr Pepper."]
    assert [t for t in things if name_warning(t) is not None] == []


@pytest.mark.parametrize(
    "text",
    [
        "Parent: Will attend next week.",
        "Client: Absent today.",
        "Present: Mum and Dad.",
        "Name: Not given.",
        "From: Summer term plan",
        "Goal: Hope to reach level 3 by March.",
        "Date: March 3",
        "client: will attend on friday.",
        "present: mum and dad.",
        "Parent: May attend",
        "Re: Bill for equipment",
        "Goal: Rose to level 3",
        "Re: Holly Ward",
        "Re: Boston Naming Test",
        "Re: Hope Street",
        "Due by: Christmas",
        "Re: summer holidays",
    ],
)
def test_a_label_whose_value_is_no_name_stays_quiet(text: str) -> None:
    assert name_warning(text) is None


# Sentences about a person; {name} is a given name that is also a place or a product.
PERSON_SENTENCES = [
    "Today we saw {name} again after the holiday.",
    "Played two rounds with {name} and the bot.",
    "Today {name} worked on turn taking.",
    "{name} was tired today.",
    "{name} and her husband came in together.",
    "Dad reported that {name} has started asking for help.",
    "Had {name} in clinic today.",
    "Spoke to {name} about the plan.",
    "Good effort from {name} today.",
    "Mum said {name} slept well.",
    "Reviewed {name} at home.",
    "Cues were faded for {name} this week.",
    "Started {name} on the new programme.",
    "Heard from {name}'s teacher today.",
    "Smiled at {name} and waved.",
    "Focused on {name} during the task.",
    "Grandma is visiting {name} this week.",
    "Stood outside {name}'s room.",
]


def test_the_lookalikes_lose_no_warning_on_a_given_name_used_for_a_person(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every given name that is also a one-word lookalike (hundreds: Florence, Georgia,
    Oliver ...), in sentences about a person: the same sentences warn as with the list off."""
    words = given_names()[1]
    both = sorted(k for k, v in lookalikes().items() if () in v and named(k) and k not in words)
    texts = [t.format(name=k.capitalize()) for k in both for t in PERSON_SENTENCES]
    warned = {t for t in texts if name_warning(t)}
    monkeypatch.setattr(_names, "thing_here", lambda *args: False)
    assert len(both) > 300
    assert warned == {t for t in texts if name_warning(t)}


@pytest.mark.parametrize("code", ["Tom1", "Ann1", "Kim-07", "T-om1", "jo-12", "ED7", "Max-3"])
def test_codes_refuse_a_name_with_digits_or_separators(code: str) -> None:
    with pytest.raises(SettingsError, match=r"looks like a name .*C-07 or AB12"):
        check_client(code)


@pytest.mark.parametrize("code", ["1955-03-07", "07/03/1955", "7.3.55", "C-1955-3-7"])
def test_codes_refuse_a_date_of_birth(code: str) -> None:
    with pytest.raises(SettingsError, match=r"looks like a date .*C-07 or AB12"):
        check_client(code)


@pytest.mark.parametrize("code", ["19550307", "07031955", "070355", "100123", "C-100123"])
def test_six_or_eight_digits_that_read_as_a_date_say_what_to_use(code: str) -> None:
    with pytest.raises(SettingsError) as refused:
        check_client(code)
    said = str(refused.value)
    assert "could be read as a date of birth" in said and "digits in a row" in said
    assert "Use a shorter number" in said
    suggested_codes = re.findall(r"C-\d+", said.split("for example")[1])
    assert len(suggested_codes) == 2
    for suggested in suggested_codes:  # the codes it suggests are accepted
        assert check_client(suggested) == suggested


@pytest.mark.parametrize("code", ["C-014", "AB12", "AB-12", "KL9", "T-01", "x7", "C-123456"])
def test_plain_codes_still_pass(code: str) -> None:
    assert check_client(code) == code


def test_dates_are_found_in_the_usual_forms() -> None:
    for text in ("1955-03-07", "07/03/1955", "7.3.55", "19550307", "3/7/1955"):
        assert find_date(f"born {text} in town") == text
    for text in ("scored 3/10", "12.5 s", "version 2.0.1", "turn 14 of 30", "C-014"):
        assert find_date(text) is None
    assert name_warning("dob 07/03/1955") == (
        "This may contain a date of birth (07/03/1955). "
        "Records use client codes only: please leave dates of birth out."
    )


def test_the_name_list_ships_in_the_wheel_with_its_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hatchling.builders.wheel import WheelBuilder

    monkeypatch.setenv("CFWIDGET_PURE", "1")  # not compiled: tests/test_packaging.py checks that
    repo = Path(__file__).resolve().parents[2]
    wheel = Path(next(iter(WheelBuilder(str(repo)).build(directory=str(tmp_path)))))
    with zipfile.ZipFile(wheel) as z:
        text = z.read("cfwidget/therapy/data/given_names.txt").decode("utf-8")
    assert "Faker" in text and "MIT License" in text and "SCOWL" in text
    assert "\nmaria\n" in text and "\nwill *\n" in text
    with zipfile.ZipFile(wheel) as z:
        words = z.read("cfwidget/therapy/data/common_words.txt")
    assert b"SCOWL" in words and b"\nbalance\n" in words
    with zipfile.ZipFile(wheel) as z:
        wide = z.read("cfwidget/therapy/data/given_names_wide.txt")
    assert b"firstname-to-nationality" in wide and b"\ngurpreet\n" in wide
    with zipfile.ZipFile(wheel) as z:
        things = z.read("cfwidget/therapy/data/lookalikes.txt").decode("utf-8")
    assert "written by hand for cfwidget" in things and "\nbrand\tSudocrem\n" in things
    with zipfile.ZipFile(wheel) as z:
        clinic = z.read("cfwidget/therapy/data/clinical_words.txt").decode("utf-8")
    assert "written by hand for cfwidget" in clinic and "\nreflux\n" in clinic


# -- notes: checked before anything is written, a draft until the end --------------------


def _session(tmp_path: Path) -> tuple[Session, Path]:
    record = tmp_path / "C-07-2026-05-01-1.jsonl"
    s = Session(SessionSettings(seed=3), client="C-07", journal=record, clock=lambda: 100.0)
    return s, record


def _files(tmp_path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(tmp_path.iterdir()) if p.is_file())


@pytest.mark.parametrize("text", ["Maria was tired today", "mary smith", "dob 07/03/1955"])
def test_notes_with_a_name_are_refused_before_anything_is_written(
    tmp_path: Path, text: str
) -> None:
    s, _ = _session(tmp_path)
    before = _files(tmp_path)
    for write in (s.save_notes, s.note):
        with pytest.raises(SettingsError, match=r"may contain .*anyway=True"):
            write(text)
    with pytest.raises(SettingsError, match="may contain"):
        s.end(notes=text)
    with pytest.raises(SettingsError, match="the plan may contain"):
        s.end(plan=f"see {text} again")
    assert _files(tmp_path) == before and s.notes == "" and not s.ended


def test_a_name_kept_then_edited_out_leaves_no_trace_in_any_file(tmp_path: Path) -> None:
    s, record = _session(tmp_path)
    s.save_notes("Maria was tired", anyway=True)  # the warning was read, then
    assert b"Maria" in _files(tmp_path)
    s.save_notes("was tired")  # the therapist took the name out after all
    assert b"Maria" not in _files(tmp_path)
    assert not any(e["event"] == "notes" for e in s.events)
    s.close()  # the kernel goes away: the draft comes back on resume
    again = Session.resume(record, clock=lambda: 200.0)
    assert again.notes == "was tired"
    from cfwidget.therapy.report import load_log

    assert load_log(record).notes == "was tired"  # reports of an unfinished session too
    again.end(notes="was tired; rested well")
    assert [p.name for p in tmp_path.iterdir()] == [record.name]  # the draft is gone
    assert b"Maria" not in record.read_bytes()
    assert json.loads(record.read_text().splitlines()[-1])["notes"] == "was tired; rested well"
    assert load_log(record).notes == "was tired; rested well"


# -- folders and the score keeper ---------------------------------------------------------


def test_folders_the_package_makes_are_private_and_others_keep_their_permissions(
    tmp_path: Path,
) -> None:
    shared = tmp_path / "team"
    shared.mkdir()
    shared.chmod(0o2775)  # a class or team folder others use too
    folder = records_folder(shared)
    record = folder / "C-07-2026-05-01-1.jsonl"
    with Journal(record) as j:
        j.append({"event": "start", "n": 1, "t": 0.0})
    assert shared.stat().st_mode & 0o7777 == 0o2775  # left as it was
    # In a team's folder the record is the team's, as its other files there (see
    # test_record_files.py): the group may read and write it, others nothing.
    assert record.stat().st_mode & 0o777 == 0o660
    made = records_folder(tmp_path / "new" / "records")
    for path in (tmp_path / "new", made):
        assert path.stat().st_mode & 0o777 == 0o700
    with Journal(tmp_path / "more" / "x.jsonl") as j:
        j.append({"event": "start", "n": 1, "t": 0.0})
    assert (tmp_path / "more").stat().st_mode & 0o777 == 0o700


def test_score_keeper_saves_to_the_private_folder_by_default_0600(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ipywidgets as ipw

    monkeypatch.setenv("CFWIDGET_RECORDS", str(tmp_path / "records"))
    monkeypatch.chdir(tmp_path)
    keeper = ScoreKeeper(["Ann", "Bob"], rules=Rules(max_pip=6))
    keeper.enter("Ann", points=12)
    save = next(
        b for b in _walk(keeper) if isinstance(b, ipw.Button) and b.description == "Save CSV"
    )
    save.click()
    (path,) = (tmp_path / "records").glob("scores-*.csv")
    assert path.stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "records").stat().st_mode & 0o777 == 0o700
    assert path.read_text().splitlines()[:2] == ["round,Ann,Bob", "6-6,12,"]
    assert not (tmp_path / "scores.csv").exists()  # nothing in the current folder
    keeper.enter("Bob", points=3)
    save.click()  # the same file, replaced
    assert list((tmp_path / "records").glob("scores-*.csv")) == [path]
    assert path.read_text().splitlines()[1] == "6-6,12,3"
    assert (
        keeper.to_csv(tmp_path / "mine.csv")
        and (tmp_path / "mine.csv").stat().st_mode & 0o777 == 0o600
    )


def _walk(widget: object) -> list[object]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _walk(child)
    return found


def test_a_resumed_session_shows_its_draft_notes_to_go_on_with(tmp_path: Path) -> None:
    import ipywidgets as ipw

    from cfwidget.therapy.widget import GuidedSession, therapist_controls

    s, record = _session(tmp_path)
    s.save_notes("calm; scanned left")
    s.close()
    again = Session.resume(record, clock=lambda: 200.0)
    box = therapist_controls(GuidedSession(again))
    notes = next(w for w in _walk(box) if isinstance(w, ipw.Textarea) and w.description == "Notes")
    assert notes.value == "calm; scanned left"
    again.close()


def test_goals_with_a_name_are_refused_until_kept_on_purpose(tmp_path: Path) -> None:
    import ipywidgets as ipw

    from cfwidget.therapy.app import guided_app

    with pytest.raises(SettingsError, match="the goals may contain a name"):
        Session(SessionSettings(seed=1), client="C-07", goals="help Maria scan")
    app = guided_app(records=tmp_path, clock=lambda: 1_700_000_000.0, seed=2)
    widgets = _walk(app)
    text = {w.description: w for w in widgets if isinstance(w, (ipw.Text, ipw.Textarea))}
    text["Client code"].value = "C-07"
    text["Goals"].value = "help Maria scan left"
    start = next(
        w for w in widgets if isinstance(w, ipw.Button) and w.description == "Start the session"
    )
    start.click()
    assert not list(tmp_path.glob("*.jsonl"))  # nothing written while the name is unconfirmed
    said = [w for w in widgets if isinstance(w, ipw.HTML) and "press Start" in w.value]
    assert said and "(Maria)" in said[0].value
    start.click()  # kept on purpose
    (record,) = tmp_path.glob("C-07-*.jsonl")
    assert "help Maria scan left" in record.read_text()
