"""Number words, the one home of the articles and plurals every sentence of the package uses.

>>> article(8), plural(1, "toe"), plural(3, "toe")
('an 8', '1 toe', '3 toes')
"""

from __future__ import annotations

import functools
import unicodedata

__all__ = ["NAME_LIMIT", "article", "name_in_text", "plural", "shown", "shown_name"]


def article(n: int) -> str:
    """The number with its article, as it is spoken: ``a 9``, ``an 8``, ``an 11``.

    >>> article(9), article(8), article(11), article(18), article(80)
    ('a 9', 'an 8', 'an 11', 'an 18', 'an 80')
    """
    digits = str(abs(n))
    spoken_vowel = digits[0] == "8" or (len(digits) % 3 == 2 and digits[:2] in ("11", "18"))
    return f"{'an' if spoken_vowel else 'a'} {n}"


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and the word, plural unless ``n`` is 1: ``1 toe``, ``3 toes``, ``0 points``.

    >>> plural(1, "toe"), plural(2, "spoke"), plural(0, "point"), plural(2, "foot", "feet")
    ('1 toe', '2 spokes', '0 points', '2 feet')
    """
    return f"{n} {word if n == 1 else words or word + 's'}"


# -- names as every view shows them ------------------------------------------------------------

#: The longest name any view shows, in characters; longer names end in an ellipsis.
NAME_LIMIT = 24
# Characters that set text direction explicitly (embeddings, overrides, isolates, marks):
# a name must never carry one into the text around it.
_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_FSI, _PDI = "\u2068", "\u2069"  # first strong isolate ... pop directional isolate


def _dropped(ch: str) -> bool:
    """Control characters (C0, DEL, C1), direction controls, lone surrogates, non-characters."""
    code = ord(ch)
    return (
        code < 0x20
        or 0x7F <= code <= 0x9F
        or ch in _BIDI_CONTROLS
        or 0xD800 <= code <= 0xDFFF
        or 0xFDD0 <= code <= 0xFDEF
        or (code & 0xFFFE) == 0xFFFE
    )


def shown_name(name: str, limit: int = NAME_LIMIT) -> str:
    """A player's name as every view shows it: no control characters, at most ``limit`` long.

    Control characters (C0 and C1, and the ones that set text direction) are dropped, runs
    of spaces and line breaks become one space, and a name longer than ``limit``
    characters is cut and ends in an ellipsis. The widget, the pictures, the guided
    views and the score keeper all show names through this one function.

    >>> shown_name("  Ann\\u202e  "), shown_name("Bob\\x00\\x1b[31m"), shown_name("A" * 30)
    ('Ann', 'Bob[31m', 'AAAAAAAAAAAAAAAAAAAAAAA…')
    """
    return _shown(str(name), limit)


@functools.lru_cache(maxsize=4096)  # every view shows every name: each is worked out once
def _shown(name: str, limit: int) -> str:
    kept = "".join(" " if ch.isspace() else ch for ch in name if not _dropped(ch) or ch in "\t\n\r")
    text = " ".join(kept.split())
    if len(text) > limit:
        cut = text[: limit - 1].rstrip()
        # Never end on a combining mark, a joiner or a variation selector cut from its letter.
        while cut and (unicodedata.category(cut[-1]).startswith("M") or cut[-1] in "\u200d\ufe0f"):
            cut = cut[:-1]
        text = cut.rstrip() + "…"
    return text or "(no name)"


def name_in_text(name: str, limit: int = NAME_LIMIT) -> str:
    """:func:`shown_name`, isolated for use inside a sentence when it holds right-to-left text.

    A Hebrew or Arabic name is wrapped in U+2068 FIRST STRONG ISOLATE ... U+2069 POP
    DIRECTIONAL ISOLATE, so the words after it keep their order; other names are
    unchanged (they cannot reorder English text around them).

    >>> sarah = "\\u05e9\\u05e8\\u05d4"
    >>> name_in_text("Ann"), name_in_text(sarah) == "\\u2068" + sarah + "\\u2069"
    ('Ann', True)
    """
    text = shown_name(name, limit)
    if any(unicodedata.bidirectional(ch) in ("R", "AL", "AN") for ch in text):
        return f"{_FSI}{text}{_PDI}"
    return text


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters, and safe for any value.

    Python refuses to turn a whole number of more than 4,300 digits into text; a message
    quoting one says so instead of failing.

    >>> shown("Ann"), shown(10**5000), shown(list(range(40)), 20)
    ("'Ann'", 'a number too long to print (over 4,300 digits)', '[0, 1, 2, 3, 4, 5, …')
    """
    try:
        text = repr(value)
    except ValueError:  # the int-to-text limit (sys.get_int_max_str_digits)
        return "a number too long to print (over 4,300 digits)"
    return text if len(text) <= limit else text[: limit - 1] + "…"
