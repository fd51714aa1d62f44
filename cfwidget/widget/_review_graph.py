"""The review widget's evaluation graph: each seat's expected points move by move, as data.

:func:`graph_panel` turns a review's outlook (:meth:`cfwidget.analysis.Review.outlook`: each
seat's expected round points and chance of going out after every move, from its own ratings)
into the ``graph`` part of the review panel, which the front end draws (js/review-graph.js).
The information boundary: with the hands closed and a chosen seat, only that seat's line is
given (another seat's figures come from its hand); following the seat that moved, or with
the hands open, every reviewed seat's line is given, each still computed from that seat's
own view. The moves of the shown seats that were flagged (an inaccuracy, a mistake, a
blunder) or left ``"unclear"`` are marked on the graph, each verdict in its own colour, with
a legend word for each verdict marked (the words, colours and sentence are
:mod:`cfwidget.analysis._marks`, shared with :meth:`~cfwidget.analysis.Review.picture`).

>>> readout_words(3, [("Ann", 12.04, 0.25), ("Bob", None, None)])
'After move 3: Ann expects 12.0 points, 25% to go out; Bob has no figure yet.'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TypedDict

import pandas as pd

from ..analysis import MARK_COLOURS, MARKED, SEAT_COLOURS, marked_words

__all__ = [
    "Graph",
    "GraphKey",
    "GraphLine",
    "GraphMark",
    "graph_html",
    "graph_panel",
    "graph_words",
    "readout_words",
]


class GraphLine(TypedDict):
    """One seat's line: its figure after each move (``None`` before its first rating)."""

    seat: int
    name: str
    points: list[float | None]
    out: list[float | None]
    fresh: list[bool]


class GraphMark(TypedDict):
    """A move marked on the graph: its number (from 1) and its verdict (:data:`MARKED`)."""

    move: int
    verdict: str


class GraphKey(TypedDict):
    """One word of the graph's legend: a verdict marked, and how the legend says it."""

    verdict: str
    words: str


class Graph(TypedDict):
    """The graph part of the review panel."""

    total: int
    move: int
    starts: list[int]
    top: float
    lines: list[GraphLine]
    note: str
    readout: str
    marks: list[GraphMark]
    legend: list[GraphKey]


def _figure(x: object) -> float | None:
    value = float(str(x))
    return None if math.isnan(value) else round(value, 2)


def readout_words(move: int, figures: Sequence[tuple[str, float | None, float | None]]) -> str:
    """The graph's words at ``move``: each shown seat's expected points and out chance."""
    parts = []
    for name, points, out in figures:
        if points is None or out is None:
            parts.append(f"{name} has no figure yet")
        else:
            parts.append(f"{name} expects {points:.1f} points, {out:.0%} to go out")
    return f"After move {move}: " + "; ".join(parts) + "." if parts else ""


def graph_panel(
    frame: pd.DataFrame,
    *,
    total: int,
    starts: Sequence[int],
    seats: Sequence[int],
    index: int,
    hands_open: bool,
    verdicts: Mapping[int, tuple[int, str]] | None = None,
) -> Graph:
    """The graph at step ``index`` (from 0) showing the lines of ``seats``.

    ``frame`` is the review's outlook, ``total`` the number of moves in the game, ``starts``
    the move numbers at which rounds 2, 3, ... start; ``verdicts`` gives the seat and the
    verdict of each rated move by its number (from 1): those of the shown seats that are
    :data:`MARKED` are marked.
    """
    lines: list[GraphLine] = []
    for seat, rows in frame.groupby("seat", sort=True):
        if int(str(seat)) not in seats:
            continue
        rows = rows.sort_values("step")
        lines.append(
            {
                "seat": int(str(seat)),
                "name": str(rows["name"].iloc[0]),
                "points": [_figure(x) for x in rows["expected_points"]],
                "out": [_figure(x) for x in rows["out_chance"]],
                "fresh": [bool(x) for x in rows["fresh"]],
            }
        )
    values = [p for line in lines for p in line["points"] if p is not None]
    figures = [(line["name"], line["points"][index], line["out"][index]) for line in lines]
    marks, legend = _marks(verdicts or {}, {line["seat"] for line in lines})
    note = "Expected points after each move (lower is better)"
    if hands_open and len(lines) > 1:
        note = "Hands open: every seat's expected points (lower is better)"
    return {
        "total": total,
        "move": index + 1,
        "starts": list(starts),
        "top": max([1.0, *values]),
        "lines": lines,
        "note": note,
        "readout": readout_words(index + 1, figures) if lines else "",
        "marks": marks,
        "legend": legend,
    }


def _marks(
    verdicts: Mapping[int, tuple[int, str]], shown: set[int]
) -> tuple[list[GraphMark], list[GraphKey]]:
    """The marks of the moves of the ``shown`` seats, and the legend of the verdicts marked.

    >>> marks, legend = _marks({3: (0, "unclear"), 5: (1, "blunder"), 6: (0, "good")}, {0})
    >>> marks, [key["words"] for key in legend]
    ([{'move': 3, 'verdict': 'unclear'}], ['unclear (between two verdicts)'])
    """
    marks: list[GraphMark] = [
        {"move": move, "verdict": verdict}
        for move, (seat, verdict) in sorted(verdicts.items())
        if seat in shown and verdict in MARKED
    ]
    seen = {m["verdict"] for m in marks}
    legend: list[GraphKey] = [{"verdict": v, "words": w} for v, w in MARKED.items() if v in seen]
    return marks, legend


def _path(points: Sequence[float | None], starts: Sequence[int], top: float) -> str:
    """A step line through ``points`` on a 400 by 80 box, broken at gaps and new rounds."""
    total = max(1, len(points))
    cell, d, open_ = 400 / total, [], False
    for i, p in enumerate(points):
        if i + 1 in starts or p is None:
            open_ = False
        if p is None:
            continue
        y = 74 - min(1.0, max(0.0, p / top)) * 68
        x0, x1 = i * cell, (i + 1) * cell
        d.append(f"V{y:.1f}H{x1:.1f}" if open_ else f"M{x0:.1f} {y:.1f}H{x1:.1f}")
        open_ = True
    return "".join(d)


def graph_words(graph: Graph) -> str:
    """What the graph shows, in a sentence or two (a saved notebook's caption and text)."""
    words = f"{graph['note']}, each seat's from its own view. {graph['readout']}"
    marked = marked_words((m["move"], m["verdict"]) for m in graph["marks"])
    return f"{words} {marked}" if marked else words


def graph_html(graph: Graph) -> str:
    """The graph for a saved notebook: a small SVG picture with its words (a ``role="img"``
    with a label, and a caption saying what it shows and the figures at the move shown).

    >>> g = graph_panel(pd.DataFrame({"step": [1, 2], "seat": [0, 0], "name": ["Ann"] * 2,
    ...     "expected_points": [float("nan"), 8.0], "out_chance": [float("nan"), 0.5],
    ...     "fresh": [False, True]}), total=2, starts=[], seats=[0], index=1, hands_open=False)
    >>> html = graph_html(g)
    >>> 'role="img"' in html and "After move 2: Ann expects 8.0 points, 50% to go out." in html
    True
    """
    if not graph["lines"]:
        return ""
    import html as _html

    x = (graph["move"] - 0.5) / max(1, graph["total"]) * 400
    parts = [
        f'<path d="M{(s - 1) / max(1, graph["total"]) * 400:.1f} 0V80" stroke="#767d85" '
        'stroke-dasharray="2 3" fill="none"/>'
        for s in graph["starts"]
    ]
    parts.append(f'<path d="M{x:.1f} 0V80" stroke="#1d2125" stroke-opacity="0.55" fill="none"/>')
    for mark in graph["marks"]:
        mx = (mark["move"] - 0.5) / max(1, graph["total"]) * 400
        parts.append(
            f'<path d="M{mx:.1f} 0V8" stroke="{MARK_COLOURS[mark["verdict"]]}" '
            'stroke-width="3" fill="none"/>'
        )
    for line in graph["lines"]:
        colour = SEAT_COLOURS[line["seat"] % len(SEAT_COLOURS)]
        d = _path(line["points"], graph["starts"], graph["top"])
        parts.append(f'<path d="{d}" stroke="{colour}" stroke-width="2" fill="none"/>')
    words = graph_words(graph)
    label = _html.escape(words, quote=True)
    return (
        f'<figure><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 80" width="400" '
        f'height="80" role="img" aria-label="{label}" style="border:1px solid #767d85">'
        + "".join(parts)
        + f"</svg><figcaption>{_html.escape(words)}</figcaption></figure>"
    )
