"""Lessons and exercises: seeded positions, pictures, stories, and ``check()`` / ``hint()``.

>>> from cfwidget import teach
>>> rnd = teach.position("spokes")
>>> str(rnd.start)
'9-9'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._shared import lazy_names
from ._class_chart import class_chart, class_picture, class_words
from ._errors import AnswerError, LessonError
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
from ._gather import class_table, damage_table, gather
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
from ._progress import DamagedLine, ExerciseSummary, Progress, read_progress
from ._rule_exercises import how_many_tiles, who_starts

__all__ = [
    "CHANCE_TOLERANCE",
    "KINDS",
    "POSITIONS",
    "SHEETS",
    "SOURCES",
    "AnswerControl",
    "AnswerError",
    "DamagedLine",
    "Exercise",
    "ExerciseSummary",
    "Feedback",
    "LessonError",
    "Mistake",
    "Mistakes",
    "Picture",
    "Progress",
    "SignIn",
    "amount_exercise",
    "answer",
    "average_hand_cost",
    "average_wait",
    "best_in_expectation",
    "chance_exercise",
    "chickie_call",
    "class_chart",
    "class_picture",
    "class_table",
    "class_words",
    "damage_table",
    "deals_for_width",
    "deals_to_halve",
    "double_on_draw",
    "every_yard_order",
    "gather",
    "hand_score",
    "hand_sizes",
    "holds_a_number",
    "how_many_tiles",
    "last_tile",
    "mistakes",
    "move_value",
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
    "worlds_for_error",
]


if TYPE_CHECKING:  # the real types for type checkers; at run time they load lazily
    from ._controls import AnswerControl, answer
    from ._ev_exercises import (
        best_in_expectation,
        every_yard_order,
        move_value,
        worlds_for_error,
    )
    from ._mistakes import Mistake, Mistakes, mistakes
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
    from ._signin import SignIn, sign_in

# Loaded when first asked for: the answer controls and the sign-in need ipywidgets, and the
# probability exercises the odds (which bring pandas and matplotlib) and the expected-value
# ones the analysis, which the rules lessons never need.
_LAZY = {
    "answer": "_controls",
    "AnswerControl": "_controls",
    "sign_in": "_signin",
    "SignIn": "_signin",
    "CHANCE_TOLERANCE": "_odds_exercises",
    "amount_exercise": "_odds_exercises",
    "average_hand_cost": "_odds_exercises",
    "average_wait": "_odds_exercises",
    "chance_exercise": "_odds_exercises",
    "deals_for_width": "_odds_exercises",
    "deals_to_halve": "_odds_exercises",
    "double_on_draw": "_odds_exercises",
    "holds_a_number": "_odds_exercises",
    "never_finds": "_odds_exercises",
    "next_draw_fits": "_odds_exercises",
    "no_number_in_hand": "_odds_exercises",
    "nobody_dealt": "_odds_exercises",
    "read_amount": "_odds_exercises",
    "read_chance": "_odds_exercises",
    "sharper_or_plain": "_odds_exercises",
    "standard_error": "_odds_exercises",
    "tip_verdict": "_odds_exercises",
    "best_in_expectation": "_ev_exercises",
    "every_yard_order": "_ev_exercises",
    "move_value": "_ev_exercises",
    "worlds_for_error": "_ev_exercises",
    "Mistake": "_mistakes",
    "Mistakes": "_mistakes",
    "mistakes": "_mistakes",
}


__getattr__, __dir__ = lazy_names(globals(), {n: (f"{__name__}.{m}", n) for n, m in _LAZY.items()})
