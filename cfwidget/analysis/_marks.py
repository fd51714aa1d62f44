"""The verdicts marked on a review's evaluation graph: their words, their colours, one sentence.

A review's graph is drawn twice: by the review widget (``cfwidget/widget/_review_graph.py``
gives the data, ``js/review-graph.js`` draws it; a saved notebook gets an SVG) and by
:meth:`~cfwidget.analysis.Review.picture` (``_review_graph.py``, matplotlib). Both mark the
moves flagged (an inaccuracy, a mistake, a blunder) or left ``"unclear"``, each verdict in
the colour below, and both say the marks in the sentence :func:`marked_words` builds.

>>> marked_words([(16, "unclear"), (20, "blunder")])
'Marked: move 16 unclear, move 20 blunder.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pandas as pd

from ._verdicts import FLAGS, UNCLEAR

__all__ = ["MARKED", "MARK_COLOURS", "SEAT_COLOURS", "game_marks", "marked_words"]

#: The seats' colours, by seat number (widget.css's ``.is-seat-N`` draws the same ones).
SEAT_COLOURS = ("#1f77b4", "#c85a00", "#2a8a2a", "#b02a2a")
#: The verdicts marked on the graph, and the legend's word for each. "unclear" is not a
#: flag: it is marked in a calm colour of its own, apart from the flags'.
MARKED: dict[str, str] = {
    **{v: v for v in FLAGS},
    UNCLEAR: "unclear (between two verdicts)",
}
#: Each marked verdict's colour (widget.css's ``.cfw .is-<verdict>`` draws the same ones):
#: amber for an inaccuracy, red for a mistake or a blunder, violet for unclear.
MARK_COLOURS: dict[str, str] = {
    "inaccuracy": "#b26a00",
    "mistake": "#b3261e",
    "blunder": "#b3261e",
    UNCLEAR: "#5a55a6",
}


def marked_words(marks: Iterable[tuple[int, str]]) -> str:
    """The sentence saying the marked moves: each ``(move, verdict)``, move numbers over the
    whole game from 1; ``""`` when nothing is marked.

    >>> marked_words([(3, "inaccuracy")]), marked_words([])
    ('Marked: move 3 inaccuracy.', '')
    """
    said = [f"move {move} {verdict}" for move, verdict in marks]
    return f"Marked: {', '.join(said)}." if said else ""


def game_marks(moves: pd.DataFrame, played: Sequence[Sequence[object]]) -> list[tuple[int, str]]:
    """The marked moves of a review (its ``moves`` table and each round's ``played`` moves),
    as ``(move, verdict)`` with the move numbered over the whole game from 1.

    >>> moves = pd.DataFrame({"round": [1, 2, 2], "move_number": [2, 1, 3],
    ...                       "verdict": ["blunder", "good", "unclear"]})
    >>> game_marks(moves, [["a", "b", "c"], ["d", "e", "f"]])
    [(2, 'blunder'), (6, 'unclear')]
    """
    before = [0]
    for moves_of_round in played:
        before.append(before[-1] + len(moves_of_round))
    at = zip(moves["round"], moves["move_number"], moves["verdict"], strict=True)
    return [(before[int(r) - 1] + int(k), str(v)) for r, k, v in at if str(v) in MARKED]
