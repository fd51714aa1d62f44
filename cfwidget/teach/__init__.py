"""Lessons and exercises: seeded positions, pictures, stories, and ``check()`` / ``hint()``.

>>> from cfwidget import teach
>>> rnd = teach.position("spokes")
>>> str(rnd.start)
'9-9'
"""

from __future__ import annotations

from ._exercises import (
    KINDS,
    Exercise,
    Feedback,
    hand_score,
    round_scores,
    what_to_do,
    where_can,
    which_tiles,
    who_wins,
)
from ._lessons import (
    POSITIONS,
    SHEETS,
    SOURCES,
    Picture,
    hand_sizes,
    narrate,
    picture,
    position,
    presets_table,
    sheet,
    story,
)
from ._play_exercises import chickie_call, last_tile, round_over, toes_needed
from ._progress import (
    ExerciseSummary,
    Progress,
    class_chart,
    class_table,
    gather,
    read_progress,
)
from ._rule_exercises import how_many_tiles, who_starts

__all__ = [
    "KINDS",
    "POSITIONS",
    "SHEETS",
    "SOURCES",
    "AnswerControl",
    "Exercise",
    "ExerciseSummary",
    "Feedback",
    "Picture",
    "Progress",
    "SignIn",
    "answer",
    "chickie_call",
    "class_chart",
    "class_table",
    "gather",
    "hand_score",
    "hand_sizes",
    "how_many_tiles",
    "last_tile",
    "narrate",
    "picture",
    "position",
    "presets_table",
    "read_progress",
    "round_over",
    "round_scores",
    "sheet",
    "sign_in",
    "story",
    "toes_needed",
    "what_to_do",
    "where_can",
    "which_tiles",
    "who_starts",
    "who_wins",
]


def __getattr__(name: str) -> object:
    # The answer controls need ipywidgets: they load when first asked for.
    if name in ("answer", "AnswerControl"):
        from . import _controls

        return getattr(_controls, name)
    if name in ("sign_in", "SignIn"):
        from . import _signin

        return getattr(_signin, name)
    raise AttributeError(f"module 'cfwidget.teach' has no attribute {name!r}")
