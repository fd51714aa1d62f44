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
from ._odds_exercises import (
    CHANCE_TOLERANCE,
    amount_exercise,
    average_hand_cost,
    average_wait,
    chance_exercise,
    deals_for_width,
    deals_to_halve,
    double_on_draw,
    holds_a_number,
    never_finds,
    next_draw_fits,
    no_number_in_hand,
    nobody_dealt,
    read_amount,
    read_chance,
    sharper_or_plain,
    standard_error,
    tip_verdict,
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
    "CHANCE_TOLERANCE",
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
    "amount_exercise",
    "answer",
    "average_hand_cost",
    "average_wait",
    "chance_exercise",
    "chickie_call",
    "class_chart",
    "class_table",
    "deals_for_width",
    "deals_to_halve",
    "double_on_draw",
    "gather",
    "hand_score",
    "hand_sizes",
    "holds_a_number",
    "how_many_tiles",
    "last_tile",
    "narrate",
    "never_finds",
    "next_draw_fits",
    "no_number_in_hand",
    "nobody_dealt",
    "picture",
    "position",
    "presets_table",
    "read_amount",
    "read_chance",
    "read_progress",
    "round_over",
    "round_scores",
    "sharper_or_plain",
    "sheet",
    "sign_in",
    "standard_error",
    "story",
    "tip_verdict",
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
