"""How the words around a word read in a note: sentence and clause starts, what follows an
article, a clause's verb, and the phrases that make a name a thing's (the checks of
:mod:`cfwidget.therapy._names` read a word's place with these).

>>> import re
>>> found = list(re.finditer(r"\\w+", "Drinks a warm Milo before bed"))
>>> after_article("Drinks a warm Milo before bed", found, 3)
True
"""

from __future__ import annotations

import re

__all__ = [
    "OPENERS",
    "STARTS",
    "after_article",
    "before_who",
    "capitalised",
    "character",
    "clause_start",
    "kind_of_thing",
    "label_value",
    "names_a_kind",
    "right_after",
    "sentence_start",
    "stands_as_subject",
    "verb_after",
    "verb_follows",
]

from ._name_lists import common_words, fold, lookalikes, named
from ._name_words import (
    ADVERBS,
    ARTICLES,
    AUXILIARIES,
    CALENDAR,
    DEGREES,
    FAMILY_NOUNS,
    FUTURES,
    GIVE_VERBS,
    HONORIFICS,
    IRREGULAR_PASTS,
    KIN_NOUNS,
    LANGUAGES,
    LINKS,
    MEANS_VERBS,
    MODALS,
    NOT_NAMES,
    OBJECT_VERBS,
    PERSON_LABELS,
    PERSON_STATES,
    PERSON_VERBS,
    PLURAL_VERBS,
    SOCIAL_WORDS,
    STATE_WORDS,
    THING_NOUNS,
    THING_VERBS,
    TOPIC_LABELS,
    USE_WORDS,
)

# What ends a sentence (or starts a list item) before a word.
STARTS = ".!?:;\n\u2022*-"
OPENERS = "\"'([{\u201c\u2018 \t\r"


def sentence_start(text: str, at: int) -> bool:
    """Whether the word at ``at`` begins a sentence or a list item."""
    before = text[:at].rstrip(OPENERS)
    return not before or before[-1] in STARTS


def capitalised(word: str) -> bool:
    """Whether ``word`` starts with a capital and is not all capitals ("Maria", not "NAD")."""
    return word[:1].isupper() and not word.isupper()


# Words that, between an article and a name, say the name is a person's after all ("a chat
# with Maria", "the client Maria") or end the phrase the article opens.
_NOT_DESCRIBING = KIN_NOUNS | SOCIAL_WORDS | OBJECT_VERBS | PERSON_VERBS | MEANS_VERBS
_PERSON_NOUNS = frozenset(
    {"client", "patient", "child", "boy", "girl", "man", "woman", "lady", "student", "pupil"}
    | {"resident", "toddler", "infant", "gentleman", "adult", "person", "peer", "classmate"}
)
_JOINING_WORDS = frozenset(
    {"with", "to", "for", "from", "by", "and", "or", "but", "of", "at", "in", "on", "as"}
    | {"than", "like", "about", "after", "before", "while", "when", "that", "so", "if"}
)


# Words that own what follows: "driving his Holden", not "told her Ali was" or "his Tom".
_POSSESSIVES = frozenset({"his", "her", "their", "my", "our", "your"})


def _entry_begins(words: list[str]) -> bool:
    """Whether the folded ``words`` begin an entry of :func:`lookalikes` ("seat", "leon")."""
    rests = lookalikes().get(words[0], frozenset())
    return any(rest[: len(words) - 1] == tuple(words[1:]) for rest in rests if rest)


def _run_start(text: str, found: list[re.Match[str]], i: int) -> int:
    """The first word of the capitalised words, one space apart, that end at ``found[i]``."""
    while i and capitalised(found[i - 1].group(0)) and capitalised(found[i].group(0)):
        if text[found[i - 1].end() : found[i].start()] != " ":
            break
        i -= 1
    return i


def after_article(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]`` follows "a", "an" or "the", directly or after one or two plain
    words that describe it ("a tad tired", "a warm Milo", "the old Peppa Pig clip"): a given
    name takes no article. Not when a word between joins or says a person ("a chat with
    Maria", "the client Maria", "a card from Maria", "a session involving Maria"), nor for a
    family ("the Ali Khan family"). Also a word that is no given name after capitalised
    words after "the" ("at the John Radcliffe"), a word of a lookalike entry so written ("in
    the Seat Leon"), and a word that is no given name owned by "his", "their" ... ("driving
    his Holden"); not "the Ward Sister Anna", "Mrs" after "the", or "proud of their Anna"."""
    first, end = _run_start(text, found, i), i + 1
    while end < len(found) and capitalised(found[end].group(0)):
        end += 1
    if end < len(found) and fold(found[end].group(0)) in FAMILY_NOUNS:
        return False  # "the Ali Khan family": people
    key = fold(found[i].group(0))
    if first and text[found[first - 1].end() : found[first].start()] == " ":
        before = fold(found[first - 1].group(0))
        run = [fold(w.group(0)) for w in found[first : i + 1]]
        if any(w in HONORIFICS for w in run):
            return False  # "the headteacher Mrs Anna Smith"
        if first < i and before in ARTICLES:
            return not named(key) or _entry_begins(run)  # "at the John Radcliffe"
        if before in _POSSESSIVES:
            return not named(run[0]) and not verb_after(text, found, i)  # "his Holden"
    for j in range(i - 1, max(-1, i - 4), -1):
        if text[found[j].end() : found[j + 1].start()] != " ":
            return False
        key = fold(found[j].group(0))
        if key in ARTICLES:
            if j == i - 1:
                return True
            # "the dear Maria said", "on the phone florencio's voice": a person after all
            return not (verb_after(text, found, i) or fold(found[i].group(0)).endswith("'s"))
        word = found[j].group(0)
        if not word.islower() or key not in common_words() or j == 0 or i - j > 2:
            return False
        if key in _NOT_DESCRIBING | _PERSON_NOUNS | _JOINING_WORDS or key in MODALS:
            return False
        if key.endswith(("ed", "ing", "s")) or key in LINKS:
            return False  # a verb or a noun before the name: "a game playing Maria"
    return False


def character(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]`` is followed by "the" and a capitalised word, one space apart
    ("Colin the Caterpillar cake", "Bob the Builder"): a character or a product, never how
    a note names a person."""
    if i + 2 >= len(found) or fold(found[i + 1].group(0)) != "the":
        return False
    spaced = text[found[i].end() : found[i + 2].start()] == " the "
    return spaced and capitalised(found[i].group(0)) and capitalised(found[i + 2].group(0))


def verb_follows(found: list[re.Match[str]], i: int, starts: bool = False) -> bool:
    """Whether the words after ``found[i]`` read as a clause's verb, an adverb allowed
    between: "was reviewed", "has gone back", "rang about", "stammered on", "now walks",
    "will read", "manages her own", "uses a notebook" (a present tense before "a", "the",
    "his" ..., or anywhere when the word ``starts`` a clause: "Omid manages buttons")."""
    k = i + 1
    if k + 1 < len(found) and found[k].group(0) == "no" and found[k + 1].group(0) == "longer":
        k += 2  # "semhar no longer strains"
    elif k < len(found) and _adverb(found[k].group(0)):
        k += 1
    nxt = found[k].group(0) if k < len(found) else ""
    if not nxt.islower():
        return False
    if nxt == "to" and k + 1 < len(found) and found[k + 1].group(0) in common_words():
        return found[k + 1].group(0) != "be"  # a plan's actor: "sughra to continue the exercises"
    modal = nxt in MODALS or nxt in FUTURES
    helper = nxt in AUXILIARIES or modal
    verb = found[k + 1].group(0) if helper and k + 1 < len(found) else nxt
    if modal and verb == "be":  # "Negin will be seen", not "Keppra could be increased"
        done = found[k + 2].group(0) if k + 2 < len(found) else ""
        return done.endswith(("ed", "en")) and done not in THING_VERBS
    later = found[k + 2].group(0) if helper and k + 2 < len(found) else ""
    # "Chanthy was given a handout": who got it (not "Calpol was given an hour before")
    what = found[k + 3].group(0) if helper and k + 3 < len(found) else ""
    given = nxt in {"was", "is"} and verb in _GIVEN and later in ARTICLES and what not in _TIMES
    begun = nxt in {"has", "had"} and verb in {"started", "stopped"}  # "Suhaib has started to"
    if (verb in THING_VERBS or nxt in THING_VERBS) and not (later.endswith("ing") or given):
        return begun  # "Ribena was used", "Coca-Cola thickened", not "has started naming"
    if modal:
        return True  # "so x could attend", "Anas will read"
    if (nxt in LINKS and nxt not in AUXILIARIES) or nxt in _BECOMES:
        return True  # "Sudeep quickly became frustrated", "Rudo gets overwhelmed"
    if nxt in AUXILIARIES or nxt in PERSON_VERBS or nxt in IRREGULAR_PASTS:
        return True
    if nxt.endswith("ed") and len(nxt) > 4:
        return True
    stem = nxt[:-1] if nxt.endswith("s") and not nxt.endswith("ss") else ""
    present = stem in common_words() or (stem.endswith("e") and stem[:-1] in common_words())
    after = fold(found[k + 1].group(0)) if k + 1 < len(found) else ""
    owner = after in ARTICLES or after in {"his", "her", "their", "its"}
    # After a clause's first word, a present tense is its verb unless a verb follows it too:
    # then it was a plural noun ("Theraputty exercises continued", "Calogen shots given").
    then = found[k + 1].group(0) if k + 1 < len(found) else ""
    noun = then.endswith("ed") or then in THING_VERBS or then in PLURAL_VERBS
    noun = noun or then in {"show", "help", "need", "seem", "look", "make", "work"}
    # At a clause's start, a participle with its object: "call, dangal managing the stairs".
    acting = starts and nxt.endswith("ing") and nxt in common_words() and owner
    return acting or (present and (k > i + 1 or owner or (starts and not noun)))


# Verbs of becoming, present and past, after a clause's subject: "Kuanysh becomes overwhelmed".
_BECOMES = frozenset({"becomes", "became", "feels", "felt", "grows", "grew", "keeps", "kept"})
# Participles of giving: after "was" and before "a" or "the", the subject got something.
_GIVEN = frozenset({"given", "shown", "offered", "taught", "sent", "told", "handed", "lent"})
_TIMES = frozenset({"hour", "minute", "day", "week", "month", "while", "moment", "night"})


def _adverb(word: str) -> bool:
    """Whether ``word`` is an adverb that may stand between a subject and its verb: "now",
    "still" ... or a word of English ending in "ly" ("Manpreet consistently produced")."""
    return word in ADVERBS or (word.endswith("ly") and word in common_words())


def verb_after(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether what follows ``found[i]`` reads as its verb: what a person does or is, "has",
    "had", a past tense or a present one ("Since the stroke Dariush has had ...", "At the
    table Izzati needs a footrest")."""
    if stands_as_subject(text, found, i) or verb_follows(found, i):
        return True
    nxt = found[i + 1].group(0) if i + 1 < len(found) else ""
    key = fold(nxt)
    if not nxt.islower() or key in _JOINING_WORDS:
        return False
    stem = key[:-1] if key.endswith("s") and not key.endswith("ss") else ""
    return (
        key in MODALS
        or key in {"has", "had", "have", "does", "did"}
        or (key.endswith("ed") and key in common_words())
        or stem in common_words()
    )


def names_a_kind(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]``, a capitalised word that no list holds, stands right before a
    plain plural noun as what kind it is, where things are used ("using Duplo blocks for the
    tower", "signed with Makaton signs"): a brand or a system, not a person, whose things
    would be "x's blocks"."""
    if i + 1 >= len(found) or text[found[i].end() : found[i + 1].start()] != " ":
        return False
    word, noun = found[i].group(0), found[i + 1].group(0)
    key = fold(noun)
    plural = key.endswith("s") and not key.endswith("ss") and key[:-1] in common_words()
    kin = key in KIN_NOUNS or key[:-1] in KIN_NOUNS or key[:-1] in _PERSON_NOUNS
    if not (capitalised(word) and noun.islower() and plural) or kin or word.endswith("'s"):
        return False
    # Only as what is used or what something is done in or with ("using Duplo blocks",
    # "signed in Makaton signs"): "Today Sumaq walks with a frame" and "Taught Sumaq signs"
    # are a person's; and only where the noun's phrase ends ("blocks for", "blocks were").
    after = fold(found[i + 2].group(0)) if i + 2 < len(found) else ""
    ends = after in _JOINING_WORDS or after in PLURAL_VERBS or not after
    kind_slot = right_after(text, found, i, USE_WORDS | frozenset({"with", "in", "of"}))
    return ends and kind_slot


def right_after(text: str, found: list[re.Match[str]], i: int, words: frozenset[str]) -> bool:
    """Whether the word right before ``found[i]`` (spaces, or a full stop, between) is one
    of ``words``."""
    if i == 0:
        return False
    between = text[found[i - 1].end() : found[i].start()].strip()
    return between in ("", ".") and fold(found[i - 1].group(0)) in words


def stands_as_subject(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether the word ``found[i]`` (and a surname after it) is followed by what a person
    does or is: "Grace said", "Grace Smith was tired"."""
    nxt = found[i + 1] if i + 1 < len(found) else None
    if nxt and capitalised(nxt.group(0)) and text[found[i].end() : nxt.start()] == " ":
        i += 1  # a surname
    after = [fold(m.group(0)) for m in found[i + 1 : i + 2 + STATE_WORDS]]
    if not after:
        return False
    if after[0] in PERSON_VERBS:
        return True
    if after[0] not in LINKS:
        return False
    for word in after[1:]:
        if word in PERSON_STATES:
            return True
        if word not in DEGREES:
            return False
    return False


def clause_start(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]`` begins a sentence or a clause (after ";" or ",")."""
    before = text[: found[i].start()].rstrip(OPENERS)
    return not before or before[-1] in STARTS + ","


def kind_of_thing(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]``, capitalised, stands before a food, a cup, a toy or a book
    (``THING_NOUNS``) as the kind it is, directly or with the rest of a title between:
    "Jasmine rice", "Sindy doll", "Peter Rabbit plate", "Topsy and Tim books"; not after a
    verb that gives or shows something to a person ("gave Maria cards")."""
    word = found[i].group(0)
    if not capitalised(word) or word.endswith("'s"):
        return False
    k = i + 1  # over the rest of a title: "Peter Rabbit plate", "Topsy and Tim books"
    while k < len(found) and k <= i + 3 and text[found[k - 1].end() : found[k].start()] == " ":
        ahead = found[k].group(0)
        if ahead in THING_NOUNS:
            return not right_after(text, found, i, GIVE_VERBS | OBJECT_VERBS)
        if not (capitalised(ahead) or ahead == "and") or ahead.endswith("'s"):
            return False
        k += 1
    return False


def before_who(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether "who" or "whose" follows ``found[i]`` (a comma allowed between): "Masooma,
    who is nine": only a person takes "who"."""
    if i + 1 >= len(found) or fold(found[i + 1].group(0)) not in {"who", "whose"}:
        return False
    return text[found[i].end() : found[i + 1].start()].strip() in ("", ",")


#: Between a label and its value: a colon, or a dash ("Client:- Grace", "Client - Grace").
_LABEL_MARK = re.compile(r"\s*(?::-?|[-\u2013\u2014])\s*")
#: After a name of these, a lower-case word says the name is a word ("Parent: Will attend"),
#: and so do these words after any name ("Goal: Hope to reach", "Re: Bill for equipment").
_WORD_NAMES = FUTURES | MODALS | frozenset({"may"})
_NOT_A_VALUE = ARTICLES | frozenset({"to", "for"})
_AFTER_A_PERSON = frozenset({"with", "at", "in", "on", "from", "today", "was", "is"})


def label_value(text: str, found: list[re.Match[str]], i: int, keys: list[str]) -> bool:
    """Whether ``found[i]``, a given name of a list, is what a person's label holds: right
    after "Client:", "Re:" or another word of ``PERSON_LABELS`` or ``TOPIC_LABELS`` and a
    colon or a dash, written with a capital, in small letters, or in capitals ("Client: GRACE
    SMITH"; after a topic's label only in capitals too: "RE: ROSE").

    What may follow the name: nothing, a line's end or punctuation, "and", an initial or
    another capitalised word (a surname: "Client: Grace Hopper", "Client: Grace H"); after a
    person's label also a word in small letters ("Client: Grace seen today"), unless the word
    is "to", "for" or an article ("Goal: Hope to reach level 3"), or the name is a modal and
    the word reads as its verb ("Parent: Will attend", "May call back"; not "Will seen
    today"). A month or a feast counts only after a person's label
    ("Client: May Smith", not "Due by: Christmas")."""
    word = found[i].group(0)
    label = found[i - 1].group(0) if i else ""
    person = fold(label) in PERSON_LABELS
    if not person and fold(label) not in TOPIC_LABELS:
        return False
    if not _LABEL_MARK.fullmatch(text[found[i - 1].end() : found[i].start()]):
        return False
    shouting = word.isupper() and len(word) > 1 and (person or label.isupper())
    if not (capitalised(word) or word.islower() or shouting):
        return False
    never = NOT_NAMES | HONORIFICS if person else NOT_NAMES | HONORIFICS | CALENDAR | LANGUAGES
    if any(k in never for k in keys):
        return False
    if i + 1 == len(found):
        return True
    between = text[found[i].end() : found[i + 1].start()]
    if between.strip() or "\n" in between:
        return True  # punctuation, or the line ends
    after = found[i + 1].group(0)
    if after[:1].isupper() or fold(after) == "and":
        return True  # "Grace Hopper", "Grace H", "GRACE SMITH", "Grace and mum"
    if not person or fold(after) in _NOT_A_VALUE:
        return False
    # A modal's verb ("Will attend"), not "Will seen today" or "Will with mum".
    verb = not after.endswith(("ed", "en", "ing")) and fold(after) not in _AFTER_A_PERSON
    return not (fold(word) in _WORD_NAMES and verb)
