"""Where the grammar around a word says a person, and where a word that looks like a name
stands for a brand, a place or a body instead (``data/lookalikes.txt``): the two readings the
name checks of :mod:`cfwidget.therapy._names` weigh against each other.

>>> from cfwidget.therapy._name_lists import WORD
>>> def words(text):
...     return list(WORD.finditer(text))
>>> person_slot("Saw Humana today.", words("Saw Humana today."), 1)
True
>>> thing_here("Aetna approved it.", words("Aetna approved it."), 0)
True
"""

from __future__ import annotations

import re

from ._name_lists import (
    common_words,
    fold,
    given_names,
    lookalike_capitals,
    lookalike_people,
    lookalikes,
    named,
    proper_nouns,
)
from ._name_phrases import (
    before_who,
    capitalised,
    clause_start,
    right_after,
    stands_as_subject,
    verb_follows,
)
from ._name_words import (
    ARTICLES,
    CONSUMING,
    EPONYM_NOUNS,
    GIVE_VERBS,
    HONORIFICS,
    KIN_NOUNS,
    MEANS_VERBS,
    MODALS,
    OBJECT_VERBS,
    PERSON_STATES,
    SOCIAL_WORDS,
)

__all__ = ["SAYS", "STAYS", "STAY_BEFORE", "THING_BEFORE", "clause_before", "lookalike"]
__all__ += ["name_keys", "past_tense", "person_slot", "thing_here"]


def name_keys(word: str) -> list[str]:
    key = fold(word)
    if key.endswith("'s"):
        key = key[:-2]
    parts = re.split(r"['-]", key) if ("-" in key or "'" in key) else []
    halves = key.split("-")
    whole = "-" in key and all(len(half) > 1 for half in halves)  # not "t-om"
    joined = [key.replace("-", "")] if whole else []  # "Ji-woo" is listed as "jiwoo"
    return [key, *joined, *[p for p in parts if len(p) > 2]]


# Verbs of saying, after which a clause starts without "that".
SAYS = frozenset(
    {"says", "said", "reports", "reported", "notes", "noted", "thinks", "feels", "states"}
    | {"mentioned", "explained", "confirmed", "pleased", "glad", "worried", "concerned"}
)


def clause_before(text: str, found: list[re.Match[str]], i: int) -> list[str]:
    """The folded words of the clause before ``found[i]``, nearest last (at most five)."""
    words: list[str] = []
    for j in range(i - 1, max(-1, i - 6), -1):
        if any(c in ".!?;:" for c in text[found[j].end() : found[j + 1].start()]):
            break
        words.insert(0, fold(found[j].group(0)))
    return words


# Who a person has, written in capitals: "jingyi's GP", "x's OT".
_ROLES = frozenset({"gp", "ot", "slt", "salt", "pt", "ta", "senco", "sendco", "ehcp", "iep"})
# Words after which a clause starts: "therapy paused while johaira recovers".
_JOINERS = frozenset({"while", "whilst", "when", "because", "until", "unless", "although"})


def person_slot(text: str, found: list[re.Match[str]], i: int, *, thing: bool = False) -> bool:
    """Whether the grammar around ``found[i]`` says it is a person: "saw x", "worked with x",
    "x's mum", "Mrs x", "x was tired", "x tired today", "x and her husband", "x and wife".
    With ``thing`` (a brand, a medicine or a body of :func:`lookalike` that is in no name
    list), only where nothing but a person could stand: "saw x", "x's mum", "Mrs x", "x,
    who", "x tired today" (not "Humana asked", "a voucher for Nando's")."""
    word = found[i].group(0)
    nxt = fold(found[i + 1].group(0)) if i + 1 < len(found) else ""
    if fold(word).endswith("'s"):
        if nxt in KIN_NOUNS:
            return True
        # "sinag's turn" (a word no list holds), not "Huntington's chorea"
        lower = (i + 1 < len(found) and found[i + 1].group(0).islower()) or nxt in _ROLES
        known = name_keys(word)[0] in proper_nouns() or name_keys(word)[0] in given_names()[0]
        return lower and not known and not thing and nxt not in EPONYM_NOUNS

    if right_after(text, found, i, HONORIFICS | OBJECT_VERBS) or before_who(text, found, i):
        return True  # "saw x", "Mrs x", "Masooma, who is nine"
    if right_after(text, found, i, GIVE_VERBS) and nxt in ARTICLES | {"some", "more"}:
        return True  # "to offer inday a drink": who is given something
    clause = clause_before(text, found, i)
    if clause[-1:] == ["with"] and any(w in SOCIAL_WORDS for w in clause[:-1]):
        return True
    if thing:
        return nxt in PERSON_STATES
    if right_after(text, found, i, frozenset({"from", "for", "to"})):
        return True  # "good effort from sinag", "a card for sinag" (not "moved from")
    if clause[-1:] == ["with"] and not any(w in MEANS_VERBS for w in clause[:-1]):
        return True  # "reviewed the diary with faduma", not "thickened with nutilis"
    # A clause starts after a verb of saying too: "teacher says thenmozhi avoids written tasks".
    start = clause_start(text, found, i) or right_after(text, found, i, SAYS | _JOINERS)
    place = capitalised(word) and name_keys(word)[0] in proper_nouns()  # "Aetna covers"
    if (start or word.islower()) and not place and verb_follows(found, i, start):
        return True  # "Behrouz was reviewed", "Omid manages buttons", "carer says x is"
    if clause_start(text, found, i) and past_tense(found, i):
        after_verb = fold(found[i + 2].group(0)) if i + 2 < len(found) else ""
        if after_verb not in {"by", "in", "on", "at", "as", "for"} and nxt not in MEANS_VERBS:
            return True  # "Dalisay chewed soft solids", not "Jenga used as a game"
    if stands_as_subject(text, found, i) or nxt in PERSON_STATES:
        return True
    after = fold(found[i + 2].group(0)) if i + 2 < len(found) else ""
    if nxt in MODALS and after and after != "be":
        return True  # "so x could attend", not "Keppra could be increased"
    if (
        i > 1
        and right_after(text, found, i, frozenset({"by"}))
        and fold(found[i - 2].group(0))[-2:] == "ed"
    ):
        return True  # "tiles were counted by x"
    return nxt == "and" and (after in {"her", "his", "their"} or after in KIN_NOUNS)


# Words right before a given name that is also a place or a product that make it the place
# or the product ("in Florence", "using Alexa"): no person stands there. And words that do
# so only after a stay or a home ("a week on Skye", "lives outside Regina"; not "smiled at
# Florence", "focused on Henry").
THING_BEFORE = CONSUMING | frozenset({"in", "near", "via"})
STAY_BEFORE = frozenset({"on", "at", "outside", "around", "beyond"})
STAYS = frozenset({"week", "weeks", "weekend", "fortnight", "holiday", "holidays", "break"})
STAYS |= frozenset({"trip", "lives", "live", "living", "lived", "based", "stays", "stayed"})
STAYS |= frozenset({"staying", "holidaying", "holidayed", "alone"})


def thing_here(text: str, found: list[re.Match[str]], i: int) -> bool:
    """Whether ``found[i]`` stands for a brand, a place or a body of :func:`lookalikes`, not
    a person. An entry that starts with no given name and no character or test (``"Aetna"``,
    ``"Sudocrem"``, ``"Ted Baker"``) is the thing unless only a person could stand there
    (:func:`person_slot` with ``thing``). One that does (``"Florence"``, ``"David Jones"``,
    ``"Simba"``) is the thing only where no grammar says a person, and then for one given
    name only right after a word that places or uses it ("a week on Skye", "using Alexa");
    "Florence was tired", "smiled at Florence" and "a letter from David Jones" still warn."""
    length, start = lookalike(text, found, i)
    if not length:
        return False
    key = name_keys(found[start].group(0))[0]
    name = named(key)
    if not name and key not in lookalike_people():
        return not person_slot(text, found, start, thing=True)
    if person_slot(text, found, start):
        return False
    if length > 1 and not _people_shaped(text, found, start, length):
        return True  # "at Harvey Nichols", "Kim's game"
    if length == 1 and not name:
        return True  # "the Griffiths scales"
    if fold(found[start].group(0)).endswith("'s"):
        return False  # "Florence's coat": a person's
    if right_after(text, found, start, THING_BEFORE):
        return True
    stay = any(fold(w.group(0)) in STAYS for w in found[max(0, start - 3) : start - 1])
    return stay and right_after(text, found, start, STAY_BEFORE)  # "lives just outside x"


# Small words inside an entry that also join people: "George at Asda", "Jack and Jill".
_JOINING = frozenset({"and", "at", "of", "the", "in", "on", "for", "to", "with", "from"})


def _people_shaped(text: str, found: list[re.Match[str]], start: int, length: int) -> bool:
    """Whether the entry of ``length`` words at ``found[start]`` (its first a given name)
    could as well be people: a small joining word in it ("George at Asda", "Jack and Jill"),
    or another given name after "&" ("Max & Ruby")."""
    for k in range(start + 1, start + length):
        word = found[k].group(0)
        joined = "&" in text[found[k - 1].end() : found[k].start()]
        if word in _JOINING or (joined and named(name_keys(word)[0])):
            return True
    return False


def lookalike(text: str, found: list[re.Match[str]], i: int) -> tuple[int, int]:
    """The longest entry of :func:`lookalikes` that ``found[i]`` is a word of, as the note
    writes it: how many words it has (0: none) and where it starts. Capitalised at its
    start, its words in a row with only spaces or "&" between, the last one possibly
    possessive ("Kia Rio", "Kim's game", "Ben & Jerry's", "Mencap's helpline")."""
    longest, at = 0, i
    table, capitals = lookalikes(), lookalike_capitals()
    for j in range(max(0, i - 3), i + 1):
        first = found[j].group(0)
        key = fold(first)
        if not capitalised(first) or (key in capitals and not first.isupper()):
            continue  # "NAN" (a baby milk), not "Nan"
        rests = set(table.get(key, ()))
        if key.endswith("'s") and () in table.get(key[:-2], ()):
            rests.add(())  # "Mencap's helpline"
        for rest in rests:
            end = j + len(rest)
            if end < i or end >= len(found):
                continue
            words = [fold(m.group(0)) for m in found[j + 1 : end + 1]]
            if words and words[-1].endswith("'s") and not rest[-1].endswith("'s"):
                words[-1] = words[-1][:-2]  # "Harvey Nichols's"
            spaced = all(
                text[found[k].end() : found[k + 1].start()].strip(" &") == "" for k in range(j, end)
            )
            if words == list(rest) and spaced and len(rest) + 1 > longest:
                longest, at = len(rest) + 1, j
    return longest, at


def past_tense(found: list[re.Match[str]], i: int) -> bool:
    """Whether a lower-case English word ending in "ed" follows ``found[i]``."""
    nxt = found[i + 1].group(0) if i + 1 < len(found) else ""
    return nxt.islower() and nxt.endswith("ed") and nxt in common_words()
