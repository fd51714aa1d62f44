"""The review's picture: the evaluation graph over the points lost, and its words.

:func:`review_figure` draws three panels that share the moves of the game as their x axis
(move 1 is the game's first move, over all its rounds): each reviewed seat's expected round
points after every move (lower is better), its chance of going out, and the points lost by
each rated move with the thresholds of a mistake and a blunder. Each seat's line is built
from its own ratings only (:meth:`Review.outlook`): a dot where the seat moved and was
rated, a flat step in between. Dotted vertical lines mark where a new round starts. A tick
at the top marks each move flagged or left unclear, in its verdict's colour, as the review
widget's graph marks them (:mod:`cfwidget.analysis._marks`). :func:`review_words` says the
same in sentences (the picture's ``alt`` text), the marks in the widget's own sentence.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pandas as pd

from ._marks import MARK_COLOURS, MARKED, SEAT_COLOURS, game_marks, marked_words
from ._review import _RATED, Review, _plural
from ._verdicts import GOOD_LOSS, INACCURACY_LOSS, MISTAKE_LOSS

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["review_figure", "review_words"]


def _round_starts(review: Review) -> list[int]:
    """The move numbers (over the game, from 1) at which rounds 2, 3, ... start."""
    starts, at = [], 1
    for moves in review.played[:-1]:
        at += len(moves)
        starts.append(at)
    return starts


def _colour(seat: object) -> str:
    """The seat's colour in every panel."""
    return SEAT_COLOURS[int(str(seat)) % len(SEAT_COLOURS)]


def _seat_lines(ax: Axes, frame: pd.DataFrame, column: str, scale: float) -> None:
    for seat, rows in frame.groupby("seat", sort=True):
        label = str(rows["name"].iloc[0])
        colour = _colour(seat)
        ax.plot(
            rows["step"],
            rows[column] * scale,
            drawstyle="steps-post",
            linewidth=1.4,
            label=label,
            color=colour,
        )
        fresh = rows[rows["fresh"]]
        x, y = fresh["step"], fresh[column] * scale
        ax.plot(x, y, linestyle="none", marker="o", markersize=4, color=colour)


def review_figure(review: Review) -> Figure:
    """The evaluation graph (expected points, chance of going out) over the points lost."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 6.4))
    top, middle, bottom = fig.subplots(3, 1, sharex=True, height_ratios=(3, 2, 2))
    frame = review.outlook()
    total = sum(len(m) for m in review.played)
    _seat_lines(top, frame, "expected_points", 1.0)
    top.set_ylabel("expected points")
    fig.suptitle("Expected round points after each move, each seat from its own view")
    _seat_lines(middle, frame, "out_chance", 100.0)
    middle.set_ylabel("going out (%)")
    middle.set_ylim(-3, 103)
    rated = review.moves[review.moves["verdict"] != "forced"]
    steps = _steps_of(review)
    for seat, rows in rated.groupby("seat", sort=True):
        at = zip(rows["round"], rows["move_number"], strict=True)
        x = [steps[(int(r), int(k))] for r, k in at]
        bottom.plot(
            x, rows["loss"], linestyle="none", marker="o", markersize=4, color=_colour(seat)
        )
    for limit, word in ((INACCURACY_LOSS, "mistake"), (MISTAKE_LOSS, "blunder")):
        bottom.axhline(limit, color="grey", linestyle="--", linewidth=0.8)
        bottom.annotate(word, (1, limit), color="grey", fontsize=8, va="bottom")
    bottom.set_ylabel("points lost")
    bottom.set_xlabel("move of the game")
    for ax in (top, middle, bottom):
        for start in _round_starts(review):
            ax.axvline(start - 0.5, color="grey", linestyle=":", linewidth=0.8)
        ax.set_xlim(0.5, max(total, 1) + 0.5)
    marks = game_marks(review.moves, review.played)
    if marks:  # room above the lines for the ticks at the top
        low, high = top.get_ylim()
        top.set_ylim(low, high + (high - low) * 0.12)
    _mark(top, marks)
    if len(frame):
        # Above the panel, so that it hides neither a line nor a mark at the top.
        top.legend(
            loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=3, fontsize=8, frameon=False
        )
    fig.tight_layout()
    return fig


def _mark(ax: Axes, marks: list[tuple[int, str]]) -> None:
    """A tick at the top of ``ax`` for each marked ``(move, verdict)``, in the verdict's
    colour (``gid`` ``mark-<move>-<verdict>`` names it in an SVG); the legend gets each
    verdict marked once, in :data:`MARKED`'s words and order."""
    named: set[str] = set()
    for verdict in MARKED:
        for move, said in marks:
            if said != verdict:
                continue
            ax.axvline(
                move,
                ymin=0.9,
                ymax=1.0,
                color=MARK_COLOURS[verdict],
                linewidth=3,
                solid_capstyle="butt",
                label="_" if verdict in named else f"marked: {MARKED[verdict]}",
                gid=f"mark-{move}-{verdict}",
            )
            named.add(verdict)


def _steps_of(review: Review) -> dict[tuple[int, int], int]:
    """Each (round, move number) to its move number over the whole game, from 1."""
    out, step = {}, 0
    for r, moves in enumerate(review.played, start=1):
        for k in range(1, len(moves) + 1):
            step += 1
            out[(r, k)] = step
    return out


def _points(x: float) -> str:
    return f"{x:.1f} point" + ("" if f"{x:.1f}" == "1.0" else "s")


def review_words(review: Review) -> str:
    """The picture's words: what it shows, then per seat its accuracy, its expected points
    at the first and last of its rated moves and its largest loss.

    >>> from cfwidget import Round, Rules
    >>> from cfwidget.analysis import review
    >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
    >>> rnd.play(rnd.legal_moves()[0])
    >>> print(review_words(review(rnd, worlds=8)).split(". ")[1][:60])
    Top: each player's expected round points after every move of
    """
    words = [
        "Evaluation graph of the review",
        "Top: each player's expected round points after every move of the game (lower is "
        "better), from what that player could see: a dot at each of its own rated moves, held "
        "flat between them",
        "Middle: each player's chance of going out, the same way",
        f"Bottom: the points lost by each rated move, with dashed lines at {INACCURACY_LOSS:g} "
        f"points (a mistake) and {MISTAKE_LOSS:g} points (a blunder)",
    ]
    marks = game_marks(review.moves, review.played)
    if marks:
        words.append(
            "A tick at the top marks each move (numbered over the whole game) rated an "
            "inaccuracy, a mistake or a blunder, or left unclear (the ratings could not settle "
            "it: not counted as a slip)"
        )
    rated = review.moves[review.moves["verdict"] != "forced"]
    one_round = len(review.played) == 1

    def at(row: pd.Series) -> str:
        """A move as the words name it: "move 20", or "move 6 of round 3" in a longer game."""
        said = f"move {int(row['move_number'])}"
        return said if one_round else f"{said} of round {int(row['round'])}"

    for _, row in review.summary.iterrows():
        name = str(row["name"])
        mine = rated[rated["name"] == name]
        if not len(mine):
            words.append(f"{name}: no rated move")
            continue
        first, last = mine.iloc[0], mine.iloc[-1]
        said = (
            f"{name}: accuracy {float(row['accuracy']):.0f}% over {len(mine)} rated "
            f"{_plural('move', len(mine))}; expected {_points(float(first['played_points']))} "
            f"after {at(first)} and {_points(float(last['played_points']))} after {at(last)}"
        )
        worst = mine.loc[mine["loss"].idxmax()]
        loss = float(worst["loss"])
        if math.isnan(loss) or loss < GOOD_LOSS:
            said += f"; no move lost {GOOD_LOSS:g} points or more"
        else:
            said += (
                f"; the largest loss {loss:.1f} points at {at(worst)}, "
                f"rated {_RATED[str(worst['verdict'])]}"
            )
        words.append(said)
    marked = marked_words(marks)
    return ". ".join(words) + "." + (f" {marked}" if marked else "")
