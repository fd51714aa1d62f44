"""What counts as help on a guided-play screen, read from the position (not from the
package's own table, cfwidget.therapy.levels): the words a test looks for at each level.

- :data:`NUMBER`: a number to look for or an end to play on (cue level 2's help);
- :data:`FIT`: whether a tile fits, or what to do: play, draw or pass (level 3's help);
- :data:`MOVE`: the move itself (level 4's help);
- :data:`TILE`: a tile named (help when it is a tile that fits, or an end on the table).
"""

from __future__ import annotations

import re

__all__ = ["FIT", "MOVE", "NUMBER", "TILE"]

TILE = re.compile(r"\d+-\d+")
NUMBER = re.compile(
    r"\b(?:with an?|shows?|show)\s+\d+|\bopen ends?\b|\bneeds? \d+ (?:more )?(?:spokes?|toes?)"
)
FIT = re.compile(
    r"(?<!if )\bit fits\b|\bdoes not fit\b|\btiles? (?:that )?fits?\b|\bno tile fits\b"
    r"|\bhas (?:a|no) tile\b|\bcan go on\b|\bmatches no open end\b|\bwaits for a later turn\b"
    r"|\bmust (?:be )?play|\bso pass\b|\bpass instead\b|: pass\b|\bdraw from\b|\btake one from\b"
    r"|\bplay it\b|\bplay (?:a tile|the drawn tile|on an open end)|\bsay to play\b"
    r"|\bdraw one\b|\bchoose a tile to play\b(?!, or draw)",  # (a tile fits: choose it)
    re.IGNORECASE,
)
MOVE = re.compile(r"\bpress ok\b|\btry \d+-\d+|\bit goes on\b", re.IGNORECASE)
