"""Names and dates that must stay out of records: the given-name lists and the checks on them.

The list (``data/given_names.txt``, about 39,000 given names from many languages and
scripts, folded to lower-case ASCII; its header names the sources and their licences) is
read once, from the installed package. A name in the list is found in any case
(``maria``, ``MARIA``), with these exceptions, decided by where the word stands:

- **Names that are also words** (``will``, ``grace``, ``mark``, ``hope``, marked ``*`` in
  the list) count only when capitalised: in the middle of a sentence ("Seen with Will"),
  as a possessive ("Grace's mother"), or at the start of a sentence when what follows is
  said of a person: a verb such as "said", "played" or "went" ("Mark played well"), or
  "was", "seemed", "looked" ... and then a state such as "tired", "calm" or "smiling"
  ("Grace was very tired"), with a surname allowed between ("Grace Smith was tired").
  "Patience was needed", "Hope remains high", "Will is to be reviewed", "Mark progress"
  and "we will try" stay words. In lower case they are always words.
- **Two-letter names**: only ``al``, ``an``, ``bo``, ``ed``, ``jo``, ``li``, ``lu``,
  ``ty`` and ``vi`` are in the list (others are mostly initials), and they are treated
  as names that are also words ("Li was tired", "seen with Li"; not "li" in lower case).
- **Capitals only, four letters or fewer** (``NAD``, ``NICU``, ``ROM``, ``ABI``) are
  clinical shorthand, names only before what is said of a person ("TOM was tired").
- **Not a person**: any name right after "a", "an" or "the" ("a tad tired"); a name that
  is also a word after "this", "our" ... too ("the Memory Clinic", "a Walker frame"),
  or before a disease, test or place noun ("Bell's palsy", "Berg Balance Scale",
  "General Hospital"); months and weekdays only mid-sentence with a capitalised word
  after them ("June Carter", not "in June"); the words of the session (``NOT_NAMES``).

- **Places, brands and tests**: a name before capitalised words that end in a place or
  test noun ("Brooke Army Medical Center", "Hayling and Brixton tests"), such a noun after
  a capitalised word ("Ivy Ward", "Victoria Wing"), a name after "St" or after "at", "in",
  "on" with a capital following ("at Walter Reed"), and a name that is a word after a
  capitalised word ("Angel Delight", "Talking Mats").
- **Lookalikes** (``data/lookalikes.txt``: brands, medicines, places, bodies, tests, apps,
  games and characters that notes name): a word of an entry as the entry writes it is the
  thing ("Aetna approved", "at Ted Baker", "Kim's game") unless the grammar says a person;
  an entry that starts with a given name, or a character or test people are named after,
  is read with the whole grammar of a person ("a letter from David Jones" warns), and a
  given name alone is the thing only where a word places or uses it ("a week on Skye",
  "using Alexa"; see :func:`~cfwidget.therapy._name_person.thing_here`).

Beyond the list, for notes only:

- **The wide list** (``data/given_names_wide.txt``: names that two independent sources
  agree on, four letters or more, none an English word) counts capitalised in the middle of
  a sentence ("Today Somchai ...") and wherever the grammar says a person.
- **A word that no list holds** and that is no English word (``data/common_words.txt``, and
  the clinic's words it lacks, ``data/clinical_words.txt``: "reflux", "rollator")
  counts, in any case, where the grammar says a person: after "saw", "met", "told",
  "asked" ...; after "with" when the clause says what was done together ("worked with x",
  "session with x"); as a possessive before a relative or the like ("x's mum"); after a
  title ("Mrs x"); before what a person does or is ("x was tired", "x tired today",
  "x said") or "and her" ("x and her husband"). A misspelt word in such a place warns
  too ("saw improvment").

:func:`find_name_pair` adds two capitalised words in a row, neither an English word, when
the first is a listed name or the grammar says a person, and no place or test noun
follows: a first name with its surname.

>>> find_name("Maria was tired today")
'Maria'
>>> find_name("mary smith came late"), find_name("we will try the double-nine set")
('mary', None)
>>> find_name("Review again in May."), find_name("Worked with Grace on scanning.")
(None, 'Grace')
>>> find_name("worked with qhapaq today"), find_name("Ivy Ward staff reported good sleep.")
('qhapaq', None)
>>> find_date("born 07/03/1955"), find_date("C-014")
('07/03/1955', None)
"""

from __future__ import annotations

import itertools
import re

from ._dates import find_date
from ._name_lists import (
    WORD,
    common_words,
    fold,
    given_names,
    named,
    pinyin_name,
    proper_nouns,
    wide_names,
)
from ._name_person import clause_before, name_keys, person_slot, thing_here
from ._name_phrases import (
    after_article,
    capitalised,
    character,
    kind_of_thing,
    label_value,
    names_a_kind,
    right_after,
    sentence_start,
    stands_as_subject,
)
from ._name_words import (
    ARTICLES,
    CALENDAR,
    CONSUMING,
    DETERMINERS,
    DRUG_ENDINGS,
    EPONYM_NOUNS,
    FAMILY_NOUNS,
    GIVE_VERBS,
    HONORIFICS,
    IRREGULAR_PASTS,
    KIN_NOUNS,
    LANGUAGES,
    MEANS_VERBS,
    MEDICAL_ENDINGS,
    MOVE_WORDS,
    NOT_NAMES,
    OBJECT_VERBS,
    PLACE_WORDS,
    PLURAL_VERBS,
    SOCIAL_WORDS,
    TITLE_NOUNS,
    USE_WORDS,
)

__all__ = [
    "common_words",
    "find_date",
    "find_name",
    "find_name_pair",
    "fold",
    "given_names",
    "pinyin_name",
    "proper_nouns",
    "wide_names",
]


# Two capitalised words in a row, as in a first name and a surname; inside a lookahead, so
# that after "Saw Harpreet" the search also tries "Harpreet Singh".
_NAME_PAIR = re.compile(
    r"\b(?=([A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)? [A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?)\b)"
)


# Words that begin a saint's name, a feast or a place, not a person's first name and surname:
# "St David's Day", "San Diego" (alone, "San" is still a name).
_SAINTS = frozenset({"st", "saint", "ste", "sainte", "san", "santa", "sao"})


def find_name_pair(text: str) -> str | None:
    """Two capitalised words in a row, neither a common word nor a word of the session:
    a first name and a surname even when the list lacks the first name.

    >>> find_name_pair("Saw Tendai Moyo."), find_name_pair("Berg Balance Scale 45.")
    ('Tendai Moyo', None)
    """
    common = common_words()
    for found in _NAME_PAIR.finditer(text):
        keys = [name_keys(w)[0] for w in found.group(1).split()]
        if keys[0] in _SAINTS:
            continue  # "St David's Day", "St Helens": a feast, a place
        if keys[0] in ARTICLES | DETERMINERS:
            continue  # "An Amharic interpreter": an article starts no name
        keys += [k.replace("-", "") for k in keys if "-" in k]
        if any(k in common or k in NOT_NAMES for k in keys):
            continue
        before = WORD.findall(text[: found.start(1)])[-1:]
        after = list(WORD.finditer(text, found.start(1) + len(found.group(1))))
        if before and fold(before[0]) in PLACE_WORDS - {"at", "in", "on", "into"}:
            continue  # "St Thomas", "Mt Sinai": a place
        if _title_ahead(after, 0, TITLE_NOUNS):
            continue  # "Frenchay Dysarthria Assessment": a test
        words = list(WORD.finditer(text))
        # the word the pair starts in ("O'Qwert" holds the pair "Qwert Zzyxa")
        at = max((i for i, w in enumerate(words) if w.start() <= found.start(1)), default=0)
        family = bool(after) and fold(after[0].group(0)) in FAMILY_NOUNS  # "the Ali Khan family"
        if at and fold(words[at - 1].group(0)) in ARTICLES | DETERMINERS and not family:
            continue  # "Uses a Tommee Tippee cup": a brand takes an article, a person none
        if thing_here(text, words, at):
            continue  # "Harvey Nichols", "Kia Rio": a shop, a car
        if named(keys[0]) or person_slot(text, words, at):
            return found.group(1)  # "Harpreet Singh", "saw Tendai Moyo"
    return None


def _abbreviation(word: str) -> bool:
    """Capitals only and four letters or fewer: clinical shorthand (NAD, NICU, ABI, ROM)."""
    return word.isupper() and len(word) <= 4


def _before_plural_noun(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]`` stands before a plural noun that is a sentence's subject (a
    plural verb follows): "Uno cards were used", "Duplo blocks are easier to grip". The
    word is then what the noun is (a brand, a game), no person; a person's cards would be
    "Uno's cards", and a verb after a person would agree with one ("Uno needs help")."""
    if i + 2 >= len(found) or fold(found[i].group(0)).endswith("'s"):
        return False
    noun, verb = fold(found[i + 1].group(0)), fold(found[i + 2].group(0))
    single = text[found[i].end() : found[i + 1].start()] == " "
    plain = found[i + 1].group(0).islower() and noun.isalpha()
    plural = noun.endswith("s") and not noun.endswith("ss") and noun[:-1] in common_words()
    kin = (
        noun in KIN_NOUNS or noun[:-1] in KIN_NOUNS
    )  # "Maria sisters were there": a possessive without its mark
    return single and plain and plural and not kin and verb in PLURAL_VERBS


def _month_and_surname(text: str, found: list[re.Match[str]], i: int) -> bool:
    """A month or weekday mid-sentence with a capitalised word right after ("June Carter")."""
    word, after = found[i], found[i + 1] if i + 1 < len(found) else None
    if after is None or not (capitalised(word.group(0)) and capitalised(after.group(0))):
        return False
    between = text[word.end() : after.start()]
    return between.strip() == "" and not sentence_start(text, word.start())


def _after_determiner(found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]`` follows "the", "a" ... with only capitalised words between, and
    no title of a person right before it ("the Ward Sister Anna" is a person)."""
    for j in range(i - 1, -1, -1):
        word = found[j].group(0)
        if j == i - 1 and fold(word) in _ROLE_TITLES:
            return False
        if fold(word) in DETERMINERS:
            return True
        if not capitalised(word):
            return False
    return False


def _title_ahead(found: list[re.Match[str]], start: int, nouns: frozenset[str]) -> bool:
    """Whether one of ``nouns`` comes at ``found[start]`` or after capitalised words only
    (at most five words ahead, "and" or "of" between capitals allowed): "Berg Balance
    Scale", "Brooke Army Medical Center", "Hayling and Brixton tests"."""
    run = found[start : start + 5]
    for k, match in enumerate(run):
        key = fold(match.group(0))
        if key in nouns:
            return True
        joins = key in {"and", "of"} and k + 1 < len(run) and capitalised(run[k + 1].group(0))
        if not (capitalised(match.group(0)) or joins):
            return False  # "Chelsea and Westminster outpatients": "and" joins capitals
    return False


def _eponym(found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]`` names a disease, a test or a place (see ``TITLE_NOUNS``), or is
    such a noun after a capitalised word ("Ivy Ward", "Victoria Wing")."""
    word = found[i].group(0)
    if i and fold(word) in TITLE_NOUNS and capitalised(found[i - 1].group(0)):
        return True
    nouns = EPONYM_NOUNS if fold(word).endswith("'s") else TITLE_NOUNS
    return _title_ahead(found, i + 1, nouns)


def _place(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]`` begins a place's name: after "St" or "Mt", "in" or "near" ("in
    Tenerife", not "in Maria's room"), or after "at", "on" with a capitalised word
    following ("at Walter Reed", not "looked at Maria")."""
    if i and capitalised(found[i - 1].group(0)) and _place(text, found, i - 1):
        return text[found[i - 1].end() : found[i].start()] == " "  # "at Walter Reed"
    nxt = found[i + 1].group(0) if i + 1 < len(found) else ""
    if fold(found[i].group(0)).endswith("'s") and nxt.islower() and nxt not in _NOT_OWNED:
        return False  # "sent to rhea-mae's parents", not "from Guy's to", "to Addenbrooke's last"
    if right_after(text, found, i, frozenset({"from"})):
        return _moved_from(text, found, i)
    if right_after(text, found, i, frozenset({"to"})) and i > 1:
        # "from Guy's to King's": the second place of a move; "moved to Leeds"
        if capitalised(found[i - 2].group(0)) and _place(text, found, i - 2):
            return True
        return _moved_from(text, found, i)
    if not right_after(text, found, i, PLACE_WORDS):
        return False
    if fold(found[i].group(0)).endswith("'s"):
        return False  # "in Maria's room"
    if fold(found[i - 1].group(0)) not in {"at", "on", "into"}:
        return True
    return capitalised(nxt) and text[found[i].end() : found[i + 1].start()] == " "


# After a place's possessive name, words that are not what it owns ("from Guy's to King's",
# "admitted to Addenbrooke's last year").
_NOT_OWNED = frozenset(
    {"to", "from", "in", "on", "at", "for", "and", "or", "with", "by", "since", "until"}
    | {"before", "after", "last", "next", "this", "yesterday", "today", "tomorrow", "again"}
)


def _moved_from(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]``, right after "from" or "to", is where someone moved from or to:
    a word of a move is one of the two words before it ("travelled from Lima", "moved back
    to Leeds", "transferred to Maudsley") or, after "from", "to" and a capitalised word
    follow ("from Cardiff to Swansea"); not "heard from Maria", "spoke to Maria" or "Mum
    came and spoke to Maria"."""
    if any(w in MOVE_WORDS for w in clause_before(text, found, i)[-3:-1]):
        return True
    if fold(found[i - 1].group(0)) == "to":
        return False
    after = [m.group(0) for m in found[i + 1 : i + 3]]
    return len(after) == 2 and fold(after[0]) == "to" and capitalised(after[1])


# Titles a person's name follows, written with a capital in notes: "the Ward Sister Anna",
# "Staff Nurse Tendai", "Auntie Ngozi".
_ROLE_TITLES = frozenset(
    {"sister", "nurse", "matron", "teacher", "doctor", "therapist", "coach", "professor"}
    | {"auntie", "aunty", "aunt", "uncle", "nan", "nana", "grandma", "grandad", "cousin"}
    | {"counsellor", "keyworker", "chaplain", "midwife", "officer", "worker", "assistant"}
)


def _in_title(text: str, found: list[re.Match[str]], i: int, names: frozenset[str]) -> bool:
    """Whether a name follows a capitalised word that is no name of its own: a brand or a
    title ("Angel Delight", "Talking Mats", "Royal Marsden"), not a first name and surname
    ("Mary Rose"), nor a person's title ("the Ward Sister Anna"). A sentence's first word
    counts before a name that is an English word only ("Talking Mats", but "Gave Somchai
    the tiles")."""
    if i == 0 or text[found[i - 1].end() : found[i].start()] != " ":
        return False
    before = fold(found[i - 1].group(0))
    if before in _ROLE_TITLES:
        return False
    words = given_names()[1]
    if not capitalised(found[i - 1].group(0)):
        return False
    if before.endswith("ed") or before in _ACTS_ON_PERSONS:
        return False  # "Gave Maria cards", "Helped Maria": a verb and its person, no title
    key = fold(found[i].group(0))  # a listed name that no "*" marks is no word: "Drove Maria"
    english = key in words or (key in common_words() and key not in names)
    if not english and sentence_start(text, found[i - 1].start()) and before not in names:
        return False  # "Gave Somchai the tiles": capitalised only as the sentence's first word
    return not (before in names and before not in words and before not in NOT_NAMES)


# Verbs that a sentence often starts with before a person ("Gave Maria cards", "Told Maria").
_ACTS_ON_PERSONS = (GIVE_VERBS | OBJECT_VERBS | IRREGULAR_PASTS | SOCIAL_WORDS) - {"read"}


def _unknown(key: str) -> bool:
    """Whether ``key`` is in no list: four letters or more, neither an English word, nor a
    word of the session, nor a medicine's name or a word of medicine by its ending
    (metoprolol, ramipril, hemianopia)."""
    english = common_words()
    parts = key.split("-")
    return (
        len(key) > 3  # three letters are mostly shorthand: slt, tbi, cbt
        and key.replace("-", "").isalpha()
        and key not in NOT_NAMES
        and not any(p in english for p in parts)
        and not (key.endswith("s") and key[:-1] in english)
        and not key.endswith(DRUG_ENDINGS)
        and not key.endswith(MEDICAL_ENDINGS)
        and not _english_shaped(key)
    )


_ENGLISH_ENDINGS = ("tion", "sion", "ment", "ness", "ity", "ology", "ism", "ship", "hood")


def _short_marked(word: str) -> bool:
    """Whether ``word`` has three letters, at least one with a mark English does not use,
    and folds to no English word: "Đức", "Lệ" is too short; a name, not shorthand."""
    key = fold(word)
    return len(key) == 3 and key.isalpha() and word.lower() != key and key not in common_words()


def _english_shaped(key: str) -> bool:
    """Whether ``key``, a word no list holds, is built as English words are: seven letters or
    more with an English ending ("auscultation"), or two English words of four letters or
    more run together ("storytime", "carryover"). Not "-ing" (Xiaoming, Luningning) and not
    three-letter halves (Jagdeep, Shahram)."""
    if len(key) < 7:
        return False
    english = common_words()
    if key.endswith(_ENGLISH_ENDINGS):
        return True
    return any(key[:k] in english and key[k:] in english for k in range(4, len(key) - 3))


def _used_earlier(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether, earlier in the sentence of ``found[i]``, a capitalised word stands right
    after a word of :data:`USE_WORDS` ("Takes Aricept ... and Sinemet")."""
    for j in range(i - 1, 0, -1):
        if any(c in ".!?;:" for c in text[found[j].end() : found[j + 1].start()]):
            return False
        if capitalised(found[j].group(0)) and right_after(text, found, j, USE_WORDS):
            return True
    return False


def _capital_run(text: str, found: list[re.Match[str]], i: int) -> int:
    """How many capitalised words, one space apart, make the run ``found[i]`` stands in."""
    start = end = i
    while start and capitalised(found[start - 1].group(0)):
        if text[found[start - 1].end() : found[start].start()] != " ":
            break
        start -= 1
    while end + 1 < len(found) and capitalised(found[end + 1].group(0)):
        if text[found[end].end() : found[end + 1].start()] != " ":
            break
        end += 1
    return end - start + 1


def _unlisted_capital(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]``, a word that no list holds and no English word, stands as a name
    by its capital alone: capitalised in the middle of a sentence ("Good effort from
    Sinag"), none of SCOWL's proper nouns ("in Tenerife"), not after "the" or in a title
    of three capitalised words or more ("Lee Silverman Voice Treatment"), not what is taken,
    played or used ("Takes Aricept", "Played Jenga", "fluids thickened with Nutilis"), and
    not a possessive standing alone ("admitted to Addenbrooke's last year")."""
    match = found[i]
    word = match.group(0)
    if not capitalised(word) or sentence_start(text, match.start()):
        return False
    key = name_keys(word)[0]
    nouns = proper_nouns()
    if key in nouns or any(part in nouns for part in key.split("-")):
        return False
    if _after_determiner(found, i) or _in_title(text, found, i, given_names()[0]):
        return False
    if _capital_run(text, found, i) >= 3 or right_after(text, found, i, USE_WORDS):
        return False
    clause = clause_before(text, found, i)
    if clause[-1:] == ["with"] and any(w in MEANS_VERBS for w in clause[:-1]):
        return False
    if clause[-1:] == ["and"] and _used_earlier(text, found, i):
        return False  # "Takes Aricept in the morning and Sinemet at lunch"
    if fold(word).endswith("'s"):
        nxt = found[i + 1].group(0) if i + 1 < len(found) else ""
        return nxt.islower() and clause[-1:] not in (["to"], ["from"], ["at"], ["in"])
    return True


_CONSUMED = CONSUMING | frozenset({"take", "takes", "took", "taking", "prescribed"})


# After "took" a person goes somewhere ("took Zanele to the gym"); a thing is taken.
_TAKEN_SOMEWHERE = frozenset({"to", "home", "out", "back", "into", "outside", "for"})
_TAKES = frozenset({"take", "takes", "took", "taking"})


def _camel(word: str) -> bool:
    """Whether a capital follows a small letter inside ``word`` ("SystmOne", "GameWidget"):
    a product or a code, for a word that no list holds."""
    return any(a.islower() and b.isupper() for a, b in itertools.pairwise(word))


def _touches_digit(text: str, match: re.Match[str]) -> bool:
    """Whether a digit stands right before or after the word: a product or a code."""
    before = text[match.start() - 1 : match.start()]
    return before.isdigit() or text[match.end() : match.end() + 1].isdigit()


def find_name(text: str) -> str | None:
    """The first word of ``text`` that is a given name (as written), or ``None``.

    >>> find_name("Grace was tired today."), find_name("Patience was needed today.")
    ('Grace', None)
    >>> find_name("Hope remains high."), find_name("Transferred from NICU; NAD on exam.")
    (None, None)
    """
    names = given_names()[0]
    wide = wide_names()
    found = list(WORD.finditer(text))
    for i, match in enumerate(found):
        word = match.group(0)
        keys = name_keys(word)
        if after_article(text, found, i):
            continue  # "a tad tired", "a warm Milo": a given name takes no article
        if _touches_digit(text, match):
            continue  # "Proloquo2Go", "Ward7B": a product or a code
        if any(k in LANGUAGES for k in keys):  # "speaks Thai at home", "over Christmas"
            if stands_as_subject(text, found, i) or right_after(text, found, i, HONORIFICS):
                return word
            continue
        if _eponym(found, i) or _place(text, found, i) or _before_plural_noun(text, found, i):
            continue  # "Ivy Ward", "Boston Naming Test", "at Walter Reed", "Uno cards were"
        if thing_here(text, found, i):
            continue  # "a Kia Rio", "a week on Skye", "Mencap's helpline": no person
        if character(text, found, i) or kind_of_thing(text, found, i):
            continue  # "Colin the Caterpillar", "Jasmine rice", "a Sindy doll": no person
        if any(k in names or k in wide for k in keys) and label_value(text, found, i, keys):
            return word  # "Client: Grace", "Re: Will Carter": what a person's label holds
        if capitalised(word) and right_after(text, found, i, HONORIFICS):
            return word  # "Mrs Rose called", "Dr Grace": after a title, a person's name
        if any(k in names for k in keys):
            nxt = fold(found[i + 1].group(0)) if i + 1 < len(found) else ""
            taken = right_after(text, found, i, _TAKES) and nxt in _TAKEN_SOMEWHERE
            if right_after(text, found, i, _CONSUMED) and not taken:
                continue  # "Now using Siri", "Drinks Milo": a person is not used or drunk
            if _listed_name(text, found, i, keys):
                return word
            continue
        if _abbreviation(word) or any(k in NOT_NAMES | CALENDAR | HONORIFICS for k in keys):
            continue
        if any(k in wide or pinyin_name(k) for k in keys):
            # after a label's colon a name is the label's value: "Client: Somchai"
            label = text[: match.start()].rstrip().endswith(":")
            start = sentence_start(text, match.start()) and not label
            shown = capitalised(word) or word.islower()  # not "MAXIMUM" in capitals
            if shown and not start and not _in_title(text, found, i, names):
                return word  # "Today Somchai ...", "seen with Somchai", "effort from somchai"
        elif not (_unknown(keys[0]) or _short_marked(word)) or word.isupper() or _camel(word):
            continue  # an English word; "IDDSI", "CELF": shorthand; "SystmOne": a product
        elif names_a_kind(text, found, i):
            continue  # "using Duplo blocks": a word no list holds, as a kind of thing
        elif _unlisted_capital(text, found, i):
            return word  # "Good effort from Sinag", "Session moved so Kidlat could attend"
        if person_slot(text, found, i):
            return word  # "saw gurpreet", "worked with Sumaq", "killa's mum"
    return None


def _capitalised_word_after(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether a capitalised English word follows ``found[i]`` after one space (not at a
    sentence's start): "Ella's Kitchen"."""
    if i + 1 >= len(found) or text[found[i].end() : found[i + 1].start()] != " ":
        return False
    after = found[i + 1].group(0)
    return capitalised(after) and fold(after) in common_words()


def _listed_name(text: str, found: list[re.Match[str]], i: int, keys: list[str]) -> bool:
    """Whether ``found[i]``, which holds a name of :func:`given_names`, stands as a name."""
    names, words = given_names()
    match = found[i]
    word = match.group(0)
    for key in keys:
        if key not in names or key in NOT_NAMES:
            continue
        if key in LANGUAGES:  # "speaks Thai at home", "over Christmas"
            if stands_as_subject(text, found, i) or right_after(text, found, i, HONORIFICS):
                return True
            continue
        if fold(word).endswith("'s") and _capitalised_word_after(text, found, i):
            continue  # "Ella's Kitchen", "St Mary's Hospital": a title
        if key in TITLE_NOUNS and re.match(r"\s+\d", text[match.end() :]):
            continue  # "on Ward 12"
        if key not in words and not _abbreviation(word):
            if key in common_words() and _in_title(text, found, i, names):
                continue  # "Talking Mats": a title, though "mats" is not marked a word
            return True
        if key in CALENDAR:
            if _month_and_surname(text, found, i):
                return True
            continue
        if _abbreviation(word) or not capitalised(word):
            if _abbreviation(word) and stands_as_subject(text, found, i):
                return True  # "TOM was tired", not "NAD on exam"
            nxt = fold(found[i + 1].group(0)) if i + 1 < len(found) else ""
            if fold(word).endswith("'s") and nxt in KIN_NOUNS:
                return True  # "rhea-mae's parents", "grace's mum": a person's relatives
            continue
        if _after_determiner(found, i) or _in_title(text, found, i, names):
            continue  # "the Ward Sister", "a Walker frame", "Angel Delight"
        if not sentence_start(text, match.start()) or fold(word).endswith("'s"):
            return True
        if stands_as_subject(text, found, i):
            return True
    return False
