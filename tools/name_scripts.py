# ruff: noqa: RUF001, RUF002, RUF003  (letters of other scripts, on purpose)
"""Given names written in other scripts, spelt in Latin letters as people usually spell them.

Used by ``tools/build_given_names.py`` only (never at test or run time). Each function takes
one name as a source lists it and returns the set of its usual Latin spellings, folded to
lower case, or an empty set when the name is in another script. The tables are facts about
the scripts (the usual English-language romanizations), written for this project:

- :func:`latin_spellings`: letters NFKD does not take apart (ø, ł, ð, ı, ə ...) and the
  German and Nordic ``ae``/``oe``/``ue`` spellings (Jürgen: jurgen, juergen);
- :func:`cyrillic_spellings`: Russian, Ukrainian, Bulgarian, Macedonian and Kazakh names
  (Дмитрий: dmitriy, dmitry, dmitrii, dmitri);
- :func:`greek_spellings` (Γιώργος: giorgos, yiorgos), :func:`georgian_spellings`,
  :func:`armenian_spellings`;
- :func:`hangul_spellings` (Korean, Revised Romanization) and :func:`indic_spellings`
  (Devanagari, Bengali, Gujarati, Oriya and Tamil: दीपक: deepak, dipak).

Arabic, Persian and Hebrew lists are not spelt: their scripts leave most vowels out, so a
spelling would be a guess.
"""

from __future__ import annotations

import itertools
import re
import unicodedata

NAME = re.compile(r"[a-z][a-z'-]*[a-z]")
_MAX = 24  # spellings kept per name at most


def _words(text: str) -> list[str]:
    return re.findall(r"\S+", text)


def _spell(options: list[list[str]]) -> set[str]:
    """Every way of joining one option per letter (at most ``_MAX``), that reads as a name."""
    found = {"".join(p) for p in itertools.islice(itertools.product(*options), _MAX)}
    return {w for w in found if NAME.fullmatch(w)}


# -- Latin letters -------------------------------------------------------------------------

# Letters that NFKD keeps whole, with their usual plain spellings (the first is the one
# cfwidget.therapy._names.fold uses).
LATIN = {
    "ø": ["o", "oe"], "æ": ["ae", "a"], "œ": ["oe"], "ł": ["l"], "đ": ["d", "dj"],
    "ð": ["d"], "þ": ["th"], "ß": ["ss"], "ı": ["i"], "ə": ["a", "e"], "ŋ": ["ng"],
    "\u2019": ["'"], "\u02bc": ["'"], "\u2018": ["'"],
}  # fmt: skip
_UMLAUTS = {"ä": ["a", "ae"], "ö": ["o", "oe"], "ü": ["u", "ue"]}


def latin_spellings(name: str) -> set[str]:
    """A name in Latin letters folded to plain lower case: ``Børge``: borge, boerge.

    >>> sorted(latin_spellings("Jürgen")), sorted(latin_spellings("Paweł"))
    (['juergen', 'jurgen'], ['pawel'])
    """
    options: list[list[str]] = []
    for ch in unicodedata.normalize("NFC", name.lower()):
        if ch in _UMLAUTS or ch in LATIN:
            options.append((_UMLAUTS | LATIN)[ch])
            continue
        flat = unicodedata.normalize("NFKD", ch)
        options.append(["".join(c for c in flat if not unicodedata.combining(c))])
    return _spell(options)


# -- Cyrillic --------------------------------------------------------------------------------

_CYRILLIC = dict(
    zip(
        "абвгґдеёєжзиіїйклмнопрстуфхцчшщъыьэюяјљњќѓџѕәғқңөұүһ",
        [
            *(["a"], ["b"], ["v"], ["g"], ["g"], ["d"], ["e"], ["yo", "e"], ["ye", "ie"]),
            *(["zh"], ["z"], ["i"], ["i"], ["yi", "i"], ["y", "i"], ["k"], ["l"], ["m"]),
            *(["n"], ["o"], ["p"], ["r"], ["s"], ["t"], ["u"], ["f"], ["kh", "h"], ["ts"]),
            *(["ch"], ["sh"], ["shch", "sch"], [""], ["y"], [""], ["e"], ["yu", "iu"]),
            *(["ya", "ia"], ["j"], ["lj"], ["nj"], ["kj"], ["gj"], ["dz"], ["dz"]),
            *(["a", "ae"], ["g", "gh"], ["k", "q"], ["n", "ng"], ["o", "oe"], ["u"]),
            *(["u", "ue"], ["h"]),
        ],
        strict=True,
    )
)
# What each language spells otherwise: Ukrainian и and г, Bulgarian ъ and щ.
_CYRILLIC_BY_LANGUAGE = {
    "uk": {"и": ["y"], "г": ["h", "g"]},
    "bg": {"ъ": ["a", "u"], "щ": ["sht"]},
}


def cyrillic_spellings(name: str, language: str = "ru") -> set[str]:
    """A name in Cyrillic letters as it is usually spelt in Latin letters.

    >>> sorted(cyrillic_spellings("Дмитрий"))
    ['dmitri', 'dmitrii', 'dmitriy', 'dmitry']
    >>> sorted(cyrillic_spellings("Наталья")), sorted(cyrillic_spellings("Юлия"))
    (['natalia', 'natalya'], ['iulia', 'iuliya', 'yulia', 'yuliya'])
    """
    table = _CYRILLIC | _CYRILLIC_BY_LANGUAGE.get(language, {})
    text = name.lower()
    options: list[list[str]] = []
    for i, ch in enumerate(text):
        if ch not in table:
            return set()
        rest = text[i:]
        if rest == "ий" or rest == "ый":
            options.append(["iy", "y", "ii", "i"] if ch == "и" else ["y"])
            break
        if ch == "я" and i and text[i - 1] == "и":
            options[-1] = ["iya", "ia"]  # Юлия: yuliya, yulia
            continue
        if ch == "е" and (i == 0 or text[i - 1] in "аеёиоуыэюяьъ"):
            options.append(["e", "ye"])
            continue
        options.append(table[ch])
    return _spell(options)


# -- Greek, Georgian, Armenian ---------------------------------------------------------------

_GREEK_PAIRS = {
    "ου": ["ou", "u"], "αι": ["ai", "e"], "ει": ["ei", "i"], "οι": ["oi", "i"],
    "αυ": ["av", "af"], "ευ": ["ev", "ef"], "μπ": ["b", "mp"], "ντ": ["d", "nt"],
    "γκ": ["g", "gk"], "γγ": ["ng"], "τζ": ["tz", "j"], "γι": ["gi", "yi"],
}  # fmt: skip
_GREEK = dict(
    zip(
        "αβγδεζηθικλμνξοπρσςτυφχψω",
        _words("a v g d e z i th i k l m n x o p r s s t y f ch ps o"),
        strict=True,
    )
)
_GREEK_MORE = {"υ": ["y", "i"], "φ": ["f", "ph"], "χ": ["ch", "h"], "ξ": ["x", "ks"]}


def greek_spellings(name: str) -> set[str]:
    """A Greek name in Latin letters: ``Γιώργος``: giorgos, yiorgos.

    >>> sorted(greek_spellings("Ελένη"))
    ['eleni']
    """
    text = "".join(
        c for c in unicodedata.normalize("NFKD", name.lower()) if not unicodedata.combining(c)
    )
    options: list[list[str]] = []
    i = 0
    while i < len(text):
        pair = text[i : i + 2]
        if pair in _GREEK_PAIRS:
            options.append(_GREEK_PAIRS[pair])
            i += 2
            continue
        if text[i] not in _GREEK:
            return set()
        options.append(_GREEK_MORE.get(text[i], [_GREEK[text[i]]]))
        i += 1
    return _spell(options)


_GEORGIAN = dict(
    zip(
        "აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ",
        _words("a b g d e v z t i k l m n o p zh r s t u p k gh q sh ch ts dz ts ch kh j h"),
        strict=True,
    )
)
_ARMENIAN_LATIN = (
    "a b g d e z e y t zh i l kh ts k h dz gh ch m y n sh o ch p j r s v t r ts v p k o f"
)
_ARMENIAN = dict(
    zip("աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆ", _words(_ARMENIAN_LATIN), strict=True)
)


def georgian_spellings(name: str) -> set[str]:
    """A Georgian name in Latin letters: ``შოთა``: shota.

    >>> georgian_spellings("შოთა")
    {'shota'}
    """
    if not all(c in _GEORGIAN for c in name):
        return set()
    return _spell([[_GEORGIAN[c]] for c in name])


def armenian_spellings(name: str) -> set[str]:
    """An Armenian name in Latin letters: ``Նանե``: nane; ու is u, և is ev.

    >>> armenian_spellings("Նանե"), armenian_spellings("Գալուստ")
    ({'nane'}, {'galust'})
    """
    text = name.lower().replace("ու", "u").replace("և", "ev")
    if not all(c in _ARMENIAN or c in "uev" for c in text):
        return set()
    options = [[_ARMENIAN.get(c, c)] for c in text]
    if text[:1] == "ե":
        options[0] = ["ye", "e"]
    if text[:1] == "ո":
        options[0] = ["vo", "o"]
    return _spell(options)


# -- Korean and Devanagari ------------------------------------------------------------------


_INITIALS = _words("g kk n d tt r m b pp s ss _ j jj ch k t p h")
_VOWELS = _words("a ae ya yae eo e yeo ye o wa wae oe yo u wo we wi yu eu ui i")
_FINALS = ["", *_words("k k k n n n t l k m l l l p l m p p t t ng t t k t p t")]


def hangul_spellings(name: str) -> set[str]:
    """A Korean given name in the Revised Romanization and in the spellings Koreans often
    use for their own names: u as "oo" (지수: jisu, jisoo; 우: woo; 준: jun, joon), eo
    before a final consonant as "u" (현: hyeon, hyun; 성: seong, sung), yeong as "young"."""
    options: list[list[str]] = []
    for ch in name:
        code = ord(ch) - 0xAC00
        if not 0 <= code < 11172:
            return set()
        first = _INITIALS[code // 588].replace("_", "")
        syllable = first + _VOWELS[code % 588 // 28] + _FINALS[code % 28]
        options.append(_korean_variants(syllable))
    return {"".join(parts) for parts in itertools.product(*options)}


def _korean_variants(syllable: str) -> list[str]:
    found = [syllable]
    if syllable == "u":
        found.append("woo")
    elif re.fullmatch(r"[^aeiouwy]+u(n|ng)?", syllable):  # 수 soo, 준 joon, 훈 hoon
        found.append(syllable.replace("u", "oo"))
    if re.search(r"eo(ng|n|k|l|m|p)$", syllable) and not syllable.endswith("yeong"):
        found.append(syllable.replace("eo", "u"))
    if syllable.endswith("yeong"):
        found.append(syllable.replace("yeong", "young"))
    return found


_CONSONANTS = dict(
    zip(
        "कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसहळऩऱऴ",
        _words("k kh g gh n ch chh j jh n t th d dh n t th d dh n p ph b bh m y r l v sh sh s h l")
        + _words("n r zh"),  # the last three for Tamil (ன ற ழ)
        strict=True,
    )
)
# A consonant with the nukta sign (NFC keeps the two apart): ज़ is z, फ़ is f.
_NUKTA = dict(zip("कखगजडढफय", _words("q kh gh z r rh f y"), strict=True))
_INDEPENDENT = dict(zip("अआइईउऊऋएऐओऔऎऒ", _words("a a i ii u uu ri e ai o au e o"), strict=True))
_SIGNS = dict(zip("ािीुूृेैोौॆॊ", _words("a i ii u uu ri e ai o au e o"), strict=True))


def devanagari_spellings(name: str) -> set[str]:
    """A Hindi, Marathi or Nepali given name as it is usually spelt in Latin letters.

    The inherent vowel is dropped at the end (दीपक: deepak, dipak) but not after a
    conjunct (राजेन्द्र: rajendra); long i and u are
    written both ways (ee or i, oo or u), and व as v or w.
    """
    text = unicodedata.normalize("NFC", name.replace("\u200d", "").replace("\u200c", ""))
    out: list[str] = []
    inherent = -1  # where the last inherent vowel stands in out
    conjunct = False  # whether the last consonant follows a virama (द्र in इंद्र)
    i = 0
    while i < len(text):
        ch = text[i]
        nxt = text[i + 1] if i + 1 < len(text) else ""
        if ch in _CONSONANTS:
            conjunct = i > 0 and text[i - 1] == "\u094d"
            if nxt == "\u093c" and ch in _NUKTA:  # the nukta sign
                out.append(_NUKTA[ch])
                i += 1
                nxt = text[i + 1] if i + 1 < len(text) else ""
            else:
                out.append(_CONSONANTS[ch])
            if nxt in _SIGNS:
                out.append(_SIGNS[nxt])
                i += 1
            elif nxt == "\u094d":  # virama: no vowel
                i += 1
            else:
                out.append("a")
                inherent = len(out)
        elif ch in _INDEPENDENT:
            out.append(_INDEPENDENT[ch])
        elif ch in "\u0902\u0901":  # anusvara, candrabindu
            out.append("n")
        elif ch == "\u0903":
            out.append("h")
        else:
            return set()
        i += 1
    if len(out) > 2 and inherent == len(out) and not conjunct:
        out.pop()  # the inherent vowel is not said at the end, but after a conjunct it is
    word = "".join(out)
    spellings = {word}
    for long, short, popular in (("ii", "i", "ee"), ("uu", "u", "oo")):
        spellings = {w.replace(long, short) for w in spellings} | {
            w.replace(long, popular) for w in spellings
        }
    spellings |= {w.replace("v", "w") for w in spellings}
    return {w for w in spellings if NAME.fullmatch(w)}


# Bengali, Gurmukhi, Gujarati, Oriya and Tamil follow Devanagari's layout, one block further
# each (Tamil with fewer letters).
_INDIC_BLOCKS = {0x0980: "bn", 0x0A00: "pa", 0x0A80: "gu", 0x0B00: "or", 0x0B80: "ta"}


def indic_spellings(name: str) -> set[str]:
    """A name in Devanagari, Bengali, Gurmukhi, Gujarati, Oriya or Tamil letters, in Latin
    letters.

    Bengali has no separate v: its ব is b (বিপ্লব: biplab).

    >>> sorted(indic_spellings("অশোক")), sorted(indic_spellings("અશોક"))
    (['ashok'], ['ashok'])
    """
    text = unicodedata.normalize("NFC", name).replace("\u09ce", "\u09a4\u09cd")  # ৎ: t
    moved = []
    block = 0x0900
    for ch in text:
        start = next((b for b in _INDIC_BLOCKS if b <= ord(ch) < b + 0x80), 0x0900)
        block = start if start != 0x0900 else block
        moved.append(chr(ord(ch) - start + 0x0900) if start != 0x0900 else ch)
    language = _INDIC_BLOCKS.get(block)
    if language == "ta":
        moved = ["थ" if c == "त" else c for c in moved]  # Tamil த is written th
    spellings = devanagari_spellings("".join(moved))
    if language == "bn":
        spellings = {w.replace("w", "b").replace("v", "b") for w in spellings}
    if language == "ta":
        spellings = {v for w in spellings for v in _tamil_voicing(w)}
    return spellings


def _tamil_voicing(word: str) -> set[str]:
    """Tamil writes k and g, t and d with one letter, said g and d between vowels or after n
    (முருகன்: murukan, murugan), and k starts many names as g; ச starts a name as s
    (செந்தில்: senthil)."""
    found = {word, word.replace("thth", "th")}  # கார்த்திக்: karthik
    found |= {"g" + w[1:] for w in found if w.startswith("k")}  # கீதா: geetha
    found |= {re.sub(r"(?<=[aeioun])k(?=[aeiou])", "g", w) for w in found}
    found |= {re.sub(r"(?<=[aeioun])t(?=[aeiou])", "d", w) for w in found}
    found |= {"s" + w[2:] for w in found if w.startswith("ch")}
    return {w for w in found if NAME.fullmatch(w)}
