"""What a review reads: a game, a round, a saved record or a classroom move log, each as the
rounds' fresh starts (the deal, no move made) and their moves as the engine writes them.

>>> from cfwidget import Game, Rules
>>> game = Game(2, Rules(max_pip=3, spokes=3, hand_size=3), seed=4)
>>> game.play(game.round.legal_moves()[0])
>>> rounds, names = rounds_to_review(game.to_json())
>>> len(rounds), len(rounds[0][0].moves), rounds[0][1] == [str(m) for m in game.round.moves]
(1, 0, True)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .._shared import shown
from ..core import (
    DealError,
    Game,
    IllegalMove,
    NotationError,
    RecordError,
    Round,
    Rules,
    RulesError,
)
from ._errors import ReviewError

__all__ = ["fresh", "rounds_to_review"]


def rounds_to_review(source: object) -> tuple[list[tuple[Round, list[str]]], tuple[str, ...]]:
    """Each round's fresh start (the deal, no move made) and its moves, and the names."""
    if not isinstance(source, (Game, Round)) and isinstance(getattr(source, "game", None), Game):
        source = source.game  # type: ignore[attr-defined]  # a GameWidget
    if isinstance(source, str) and not source.strip():
        raise ReviewError(
            "the record to review is empty: give a Game, a Round, or a saved record (JSON "
            "text or a file's path)"
        )
    if isinstance(source, Path) or (
        isinstance(source, str) and not source.lstrip().startswith("{")
    ):
        try:
            source = Path(source).read_text(encoding="utf-8")
        except (OSError, ValueError) as exc:
            raise ReviewError(f"cannot read the record file {shown(str(source))}: {exc}") from None
    try:
        if isinstance(source, (str, bytes)):
            text = source.decode("utf-8") if isinstance(source, bytes) else source
            source = json.loads(text)
    except (UnicodeDecodeError, ValueError) as exc:
        raise ReviewError(f"the record is not JSON text: {exc}") from None
    try:
        if isinstance(source, dict):
            kind = source.get("format")
            if kind == "cfwidget.game":
                source = Game.from_json(json.dumps(source))
            elif kind == "cfwidget.round":
                source = Round.from_dict(source)
            elif kind is None and set(source) >= _CLASSROOM_FIELDS:
                start, moves = _classroom(source)
                return [(start, moves)], start.names  # the names every view shows
            else:
                raise ReviewError(
                    "a record to review is a saved game (format cfwidget.game) or round "
                    f"(format cfwidget.round), got format {shown(kind)}"
                )
    except RecordError as exc:
        raise ReviewError(f"the record cannot be replayed: {exc}") from None
    if isinstance(source, Game):
        return [fresh(r) for r in source.rounds], source.names
    if isinstance(source, Round):
        return [fresh(source)], source.names
    raise ReviewError(
        "review takes a Game, a GameWidget, a Round, or a saved record of a game or round "
        f"(JSON text, a dict or a file path); got {shown(source)}"
    )


#: The fields of a classroom move log (tests/data/classroom: one round, played elsewhere).
_CLASSROOM_FIELDS = frozenset({"max_pip", "spokes", "toes", "centre", "hands", "boneyard", "moves"})


def _classroom(log: dict[str, Any]) -> tuple[Round, list[str]]:
    """A classroom move log's deal and moves: six spokes, three toes, a drawn tile that fits
    is played (``must_play_drawn``); the log's ``move_players``, when given, must agree."""
    moves = log["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ReviewError("the classroom log's moves must be a list of move texts")
    try:
        rules = Rules(
            max_pip=log["max_pip"],
            spokes=log["spokes"],
            toes=log["toes"],
            hand_size=7,
            must_play_drawn=True,
        )
        rnd = Round.from_deal(rules, log["hands"], log["boneyard"], start=log["centre"])
        check = rnd.copy()
        for i, move in enumerate(moves):
            where = i + 1
            check.play(move)
    except (RulesError, DealError) as exc:
        raise ReviewError(f"the classroom log's deal cannot be dealt: {exc}") from None
    except (IllegalMove, NotationError) as exc:
        raise ReviewError(
            f"the classroom log cannot be replayed: move {where} ({moves[where - 1]!r}): {exc}"
        ) from None
    seats = log.get("move_players")
    if seats is not None and list(seats) != [seat for seat, _ in check.history]:
        raise ReviewError("the classroom log's move_players do not match the seats that moved")
    return rnd, [str(m) for m in check.moves]  # as the engine writes them


def fresh(rnd: Round) -> tuple[Round, list[str]]:
    """The round as dealt (no move made) and its moves, as text."""
    record = rnd.to_dict()
    moves = [str(m) for m in record["moves"]]
    return Round.from_dict({**record, "moves": []}), moves
