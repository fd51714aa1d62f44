"""Number words, the one home of the articles and plurals every sentence of the package uses.

>>> article(8), plural(1, "toe"), plural(3, "toe")
('an 8', '1 toe', '3 toes')
"""

from __future__ import annotations

__all__ = ["article", "plural"]


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
