"""Private helpers every layer uses and that are not about any one layer: words, files, numbers.

Below the rules engine: it imports nothing of the package. Words for sentences (articles,
plurals, names as every view shows them, values quoted safely), private files written
atomically, whole-number and seed checks, and the decorator that makes each layer's errors
print as ``cfwidget.X``.

>>> from cfwidget._shared import article, plural
>>> article(8), plural(3, "toe")
('an 8', '3 toes')
"""

from __future__ import annotations

from ._files import file_mode, private_folder, write_private
from ._numbers import (
    MAX_SEED,
    SEED_RANGE,
    check_flag,
    check_seed,
    check_whole,
    is_number,
    is_whole,
    offset_seed,
    plain_whole,
    seed_at,
    whole_in,
)
from ._public import lazy_names, package_error
from ._words import NAME_LIMIT, article, name_in_text, plural, shown, shown_name

__all__ = [
    "MAX_SEED",
    "NAME_LIMIT",
    "SEED_RANGE",
    "article",
    "check_flag",
    "check_seed",
    "check_whole",
    "file_mode",
    "is_number",
    "is_whole",
    "lazy_names",
    "name_in_text",
    "offset_seed",
    "package_error",
    "plain_whole",
    "plural",
    "private_folder",
    "seed_at",
    "shown",
    "shown_name",
    "whole_in",
    "write_private",
]
