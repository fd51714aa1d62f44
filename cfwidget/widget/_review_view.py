"""What the review widget shows at one move: the verdict in words, the rings, the bars, the odds.

:func:`review_panel` builds the ``review`` part of a :class:`ReviewWidget`'s view from the
:class:`~cfwidget.analysis.Review` and the shown seat's observation. The information
boundary holds as in play: the table, the hand and the odds come from the shown seat's
observation alone, and a move of another seat is rated on screen (its best move, its
candidates) only with the hands open, since its options would tell that seat's tiles.

>>> step_words(3, 40, "Ann", "drew a tile")
'Move 3 of 40: Ann drew a tile'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypedDict

import pandas as pd

from .._shared import name_in_text
from ..analysis import FLAGS, GOOD_LOSS, NOISE_SE, UNCLEAR, verdict_range
from ..core import SAYING_LAST, Move, Observation, Round, Tile
from ..odds import OddsError, draw_outlook
from ..table import TilePlacement, badge_spots
from ._review_graph import Graph
from ._words import onto_words

__all__ = [
    "Bar",
    "OtherHand",
    "ReviewPanel",
    "Ring",
    "Step",
    "action_words",
    "odds_words",
    "review_panel",
    "step_words",
]

#: How a move is rated on screen: a verdict of the review (``"unclear"``: the ratings could
#: not settle between two verdicts), ``"forced"``, ``"unrated"`` (its seat was not reviewed)
#: or ``"hidden"`` (another seat's move, hands closed).
Shown = Literal[
    "best", "good", "inaccuracy", "mistake", "blunder", "unclear", "forced", "unrated", "hidden"
]
_ARTICLE = {
    "good": "good",
    "inaccuracy": "an inaccuracy",
    "mistake": "a mistake",
    "blunder": "a blunder",
}
#: How many of the best candidate moves a collapsed list shows (with the move played).
FEW_BARS = 3


@dataclass(frozen=True)
class Step:
    """One move of the reviewed game: its round and number there, who made it, its row."""

    round_no: int
    move_no: int
    seat: int
    move: str
    row: int | None  # the row of Review.moves, None when the seat was not reviewed


class Ring(TypedDict):
    """A ring on the table: where the move played (or the best move) goes, with its label."""

    kind: Literal["played", "best"]
    label: str
    move: str
    onto: str
    badge_x: float
    badge_y: float


class Bar(TypedDict):
    """One candidate move: its words, expected points (lower is better), error, marks."""

    move: str
    text: str
    points: float
    value: str  # the points as shown, one decimal: the same text in the browser and saved
    std_error: float
    out_chance: float
    played: bool
    best: bool
    few: bool  # among the best FEW_BARS, or the move played: shown while the list is collapsed


class OtherHand(TypedDict):
    """Another seat's hand, shown with the hands open."""

    seat: int
    name: str
    tiles: list[str]


class ReviewPanel(TypedDict):
    """The ``review`` part of the view: where in the game, the verdict, rings, bars, odds."""

    move: int
    total: int
    round_no: int
    rounds: int
    mover: int
    seat: int
    follow: bool
    hands_open: bool
    shown: Shown
    words: str
    short: str
    rings: list[Ring]
    played_tile: str | None
    bars: list[Bar]
    bars_note: str
    odds: str
    hands: list[OtherHand]
    names: list[str]
    mistakes: list[int]
    previous_mistake: int | None
    next_mistake: int | None
    graph: Graph
    most_tiles: int


def step_words(
    n: int, total: int, name: str, action: str, within: tuple[int, int] | None = None
) -> str:
    """The start of the verdict: which move of how many, who, what; ``within`` (round,
    move in it) for a game of several rounds, as the review's tables number its moves.

    >>> step_words(68, 206, "Bo", "passed", within=(3, 6))
    'Move 68 of 206 (round 3, move 6): Bo passed'
    """
    where = "" if within is None else f" (round {within[0]}, move {within[1]})"
    return f"Move {n} of {total}{where}: {name} {action}"


def action_words(move: Move, roles: Mapping[Tile, str]) -> str:
    """A move as a verb phrase: ``played 9-4 on 9-9 (the centre double)``, ``drew a tile``.

    >>> action_words(Move.parse("9-4@9-9"), {Tile(9, 9): "centre"})
    'played 9-4 on 9-9 (the centre double)'
    """
    if move.tile is None or move.onto is None:
        return "drew a tile" if move.kind == "draw" else "passed"
    return f"played {_move_phrase(move, roles)}"


def _move_phrase(move: Move, roles: Mapping[Tile, str]) -> str:
    if move.tile is None or move.onto is None:
        return "to draw" if move.kind == "draw" else "to pass"
    saying = SAYING_LAST if move.announce else ""
    return f"{move.tile} {onto_words(str(move.onto), roles.get(move.onto, 'line'))}{saying}"


def _points(x: float) -> str:
    return f"{x:.1f} point" + ("" if f"{x:.1f}" == "1.0" else "s")


def odds_words(rnd: Round, seat: int, name: str) -> str:
    """The seat's draw odds now, from what it can see (:func:`cfwidget.odds.draw_outlook`)."""
    if rnd.is_over:
        return ""
    try:
        out = draw_outlook(rnd, seat)
    except OddsError:
        return ""
    unseen, fitting, yard = out["unseen"], out["fitting"], out["yard"]
    holds = "holds a tile that fits now" if out["can_play"] else "holds no tile that fits now"
    if not yard:
        return f"{name} {holds}. The chicken yard is empty."
    p = out["p_next_fits"]
    share = f"{float(p):.0%}"
    tiles = "tile" if yard == 1 else "tiles"
    return (
        f"{name} {holds}. Of the {unseen} tiles {name} cannot see, {fitting} would fit: "
        f"a tile drawn now fits with a chance of {share} ({fitting} in {unseen}). "
        f"The chicken yard holds {yard} {tiles}."
    )


def _ring(
    kind: Literal["played", "best"],
    move: Move,
    label: str,
    laid: Sequence[TilePlacement],
) -> Ring | None:
    if move.onto is None:
        return None
    at = {p.tile: i for i, p in enumerate(laid)}
    i = at.get(move.onto)
    if i is None:
        return None
    x, y = badge_spots(laid, [i])[i]
    return {
        "kind": kind,
        "label": label,
        "move": str(move),
        "onto": str(move.onto),
        "badge_x": round(x, 3),
        "badge_y": round(y, 3),
    }


def _bars(table: pd.DataFrame, played: str, best: str, roles: Mapping[Tile, str]) -> list[Bar]:
    bars: list[Bar] = []
    for i, (move, row) in enumerate(table.iterrows()):
        text = str(move)
        bars.append(
            {
                "move": text,
                "text": _move_phrase(Move.parse(text), roles),
                "points": round(float(row["expected_points"]), 2),
                "value": f"{float(row['expected_points']):.1f}",
                "std_error": round(float(row["std_error"]), 2),
                "out_chance": round(float(row["out_chance"]), 3),
                "played": text == played,
                "best": text == best,
                "few": i < FEW_BARS or text in (played, best),
            }
        )
    return bars


def _bars_note(mover: str, table: pd.DataFrame, rated: int) -> str:
    """What the bars are: the first rating of every move; when the verdict was read from
    fresh worlds (the close moves rated again), it says so, as its figures differ."""
    first = int(table.attrs.get("worlds", rated))
    note = f"{mover}'s expected points after each move (lower is better)"
    if rated <= first:
        return note + "."
    return "First ratings (lower is better); verdict rated again."


def review_panel(
    *,
    steps: Sequence[Step],
    index: int,
    moves: pd.DataFrame,
    table: pd.DataFrame | None,
    rnd: Round,
    obs: Observation,
    laid: Sequence[TilePlacement],
    seat: int,
    follow: bool,
    hands_open: bool,
    rounds: int,
    graph: Graph,
    most_tiles: int,
) -> ReviewPanel:
    """The review part of the view at step ``index`` (from 0), shown from ``seat``.

    ``rnd`` is the round just before the move, ``obs`` the shown seat's observation of it,
    ``laid`` its table as laid out, ``table`` evaluate's table for the move (``None`` when
    it was forced or not reviewed), ``graph`` the evaluation graph's part, ``most_tiles`` the
    most tiles any hand holds in the game (the front end keeps room for that many).
    """
    step = steps[index]
    total = len(steps)
    said = [name_in_text(n) for n in obs.names]
    roles = {p.tile: p.role for p in laid}
    move = Move.parse(step.move)
    mover = said[step.seat]
    within = (step.round_no, step.move_no) if rounds > 1 else None
    head = step_words(index + 1, total, mover, action_words(move, roles), within)
    short = head
    rings: list[Ring] = []
    bars: list[Bar] = []
    bars_note = ""
    visible = hands_open or seat == step.seat
    row = None if step.row is None else moves.iloc[step.row]
    verdict = "unrated" if row is None else str(row["verdict"])
    shown: Shown
    if row is None:
        shown = "unrated"
        words = f"{head}. {mover}'s moves were not reviewed, so this move has no rating."
    elif not visible:
        shown = "hidden"
        words = (
            f"{head}. That was {mover}'s move: its rating would tell {mover}'s tiles, which "
            f"{said[seat]} cannot see. Open the hands, or show {mover}'s seat, to see it."
        )
    elif verdict == "forced":
        shown = "forced"
        words = f"{head}: forced, the only move {mover} had."
        short = f"{head}: forced"
    else:
        shown = verdict  # type: ignore[assignment]
        best = Move.parse(str(row["best"]))
        loss, points = float(row["loss"]), float(row["played_points"])
        if verdict == "best" or str(best) == str(move):
            words = f"{head}: the best move, about {_points(points)} expected for {mover}."
            short = f"{head}: the best move"
        elif verdict == UNCLEAR:
            mild, harsh = verdict_range(loss, float(row["std_error"]))
            give = NOISE_SE * float(row["std_error"])
            words = (
                f"{head}: unclear, between {_ARTICLE[mild]} and {_ARTICLE[harsh]}: about "
                f"{_points(loss)} worse than the best, {_move_phrase(best, roles)}, give or "
                f"take {give:.1f}. Even {int(row['worlds_rated']):,} imagined deals did not "
                "settle it, so it is not counted as a mistake."
            )
            short = f"{head}: unclear"
        else:
            judged = _ARTICLE[verdict]
            words = (
                f"{head}: {judged}, {_points(loss)} worse than the best, "
                f"{_move_phrase(best, roles)}."
            )
            if verdict == "good" and loss >= GOOD_LOSS:
                words += (
                    " The ratings are averages over imagined deals: a gap this size may be chance."
                )
            short = f"{head}: {judged}"
        if table is not None:
            bars = _bars(table, step.move, str(best), roles)
            bars_note = _bars_note(mover, table, int(row["worlds_rated"]))
        same = str(best) == str(move)
        # The best move may be the played one announced: one ring, its label says so.
        louder = not same and (best.tile, best.onto) == (move.tile, move.onto)
        label = "played and best" if same else "played; best says 'last tile'" if louder else ""
        played_ring = _ring("played", move, label or "played", laid)
        rings += [played_ring] if played_ring else []
        best_ring = None if same or louder else _ring("best", best, "best", laid)
        rings += [best_ring] if best_ring else []
    if not rings:
        played_ring = _ring("played", move, "played", laid)  # a play is public
        rings += [played_ring] if played_ring else []
    mistakes = [
        i + 1
        for i, s in enumerate(steps)
        if s.row is not None
        and (hands_open or s.seat == seat or follow)
        and moves.iloc[s.row]["verdict"] in FLAGS
    ]
    hands: list[OtherHand] = []
    if hands_open:
        hands = [
            {"seat": s, "name": obs.names[s], "tiles": [str(t) for t in sorted(h, reverse=True)]}
            for s, h in enumerate(rnd.hands)
            if s != seat
        ]
    return {
        "move": index + 1,
        "total": total,
        "round_no": step.round_no,
        "rounds": rounds,
        "mover": step.seat,
        "seat": seat,
        "follow": follow,
        "hands_open": hands_open,
        "shown": shown,
        "words": words,
        "short": short,
        "rings": rings,
        "played_tile": str(move.tile) if move.tile is not None and seat == step.seat else None,
        "bars": bars,
        "bars_note": bars_note,
        "odds": odds_words(rnd, seat, said[seat]),
        "hands": hands,
        "names": list(obs.names),
        "mistakes": mistakes,
        "previous_mistake": max((m for m in mistakes if m < index + 1), default=None),
        "next_mistake": min((m for m in mistakes if m > index + 1), default=None),
        "graph": graph,
        "most_tiles": most_tiles,
    }
