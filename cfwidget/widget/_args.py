"""Checking what GameWidget is given: its arguments. Unknown names are a TypeError (as for
any Python call); a bad value is a WidgetError (a BotError for bots) that says what is
allowed.

>>> check_pace("click"), check_pace(2)
('click', 2.0)
"""

from __future__ import annotations

import difflib
import inspect
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from .._shared import check_flag as shared_check_flag
from .._shared import is_number, is_whole, offset_seed
from ..players import Bot, BotError, check_bot, make_bot, tips
from ._errors import WidgetError

__all__ = [
    "DEFAULT_PACE",
    "BotLike",
    "Pace",
    "check_bots",
    "check_coach",
    "check_flag",
    "check_humans",
    "check_pace",
    "check_palette",
    "check_seat",
    "unknown_args",
]

MIN_PACE, MAX_PACE = 0.2, 60.0
#: Seconds a bot waits before it moves, unless the widget is given another ``pace``.
DEFAULT_PACE = 1.0
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


BotLike = Bot | str
Pace = float | Literal["click"]


def unknown_args(widget: type, kwargs: Mapping[str, object]) -> str:
    """What a widget class says when it is given argument names it does not take: the names,
    the nearest one it takes, and all it takes (read from its ``__init__``).

    >>> class Demo:
    ...     def __init__(self, game: object, *, display: str = "pips", **kwargs: object): ...
    >>> unknown_args(Demo, {"dispaly": 1})
    "Demo got unknown argument 'dispaly' (did you mean 'display'?); it takes game, display"
    """
    takes = [
        p.name for p in inspect.signature(widget).parameters.values() if p.kind is not p.VAR_KEYWORD
    ]
    parts = []
    for name in sorted(kwargs):
        close = difflib.get_close_matches(name, takes, n=1)
        parts.append(f"{name!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
    return (
        f"{widget.__name__} got unknown argument{'s' if len(parts) > 1 else ''} "
        f"{', '.join(parts)}; it takes {', '.join(takes)}"
    )


def check_humans(humans: Iterable[int], players: int) -> tuple[int, ...]:
    if isinstance(humans, (str, bytes)) or not isinstance(humans, Iterable):
        raise WidgetError(f"humans must be a list of seat numbers, got {humans!r}")
    seats = list(humans)
    for s in seats:
        if not is_whole(s) or not 0 <= s < players:
            raise WidgetError(f"humans must be seat numbers from 0 to {players - 1}, got {s!r}")
    if len(set(seats)) != len(seats):
        raise WidgetError(f"humans lists a seat twice: {seats}")
    return tuple(seats)


def check_seat(seat: object, humans: tuple[int, ...], players: int) -> int | None:
    """The seat a widget shows: ``seat``, the first human for ``None`` and ``"turn"``, or
    ``None`` for ``"table"`` (the table's view: no hand, for everyone to see).

    >>> check_seat("table", (0,), 4) is None, check_seat("turn", (2, 3), 4)
    (True, 2)
    """
    if seat is None or seat == "turn":
        return humans[0] if humans else 0
    if seat == "table":
        return None
    if is_whole(seat) and 0 <= seat < players:
        return seat
    raise WidgetError(
        f"seat must be a seat number from 0 to {players - 1}, 'turn' (people share one "
        f"screen) or 'table' (a view with no hand, for a projector), got {seat!r}"
    )


def check_flag(name: str, value: object) -> bool:
    return shared_check_flag(value, name, WidgetError)


def check_coach(coach: object, humans: tuple[int, ...], table: bool = False) -> bool:
    """``coach`` if it is True or False and, when True, a person plays a seat shown here."""
    if not isinstance(coach, bool):
        raise WidgetError(
            "coach must be True (a Hint button that suggests a move on your turn) or False, "
            f"got {coach!r}"
        )
    if coach and not humans:
        raise WidgetError(
            "coach=True gives hints to a person, but every seat is a bot: "
            "name the seat a person plays, like humans=[0]"
        )
    if coach and table:
        raise WidgetError(
            "coach=True gives hints for the hand on screen, but seat='table' shows no hand: "
            "leave coach out for the table's view"
        )
    return coach


def as_bot(value: BotLike, seat: int, seed: int | None) -> Bot:
    if isinstance(value, str):
        return make_bot(value, None if seed is None else offset_seed(seed, seat))
    if callable(value):
        return check_bot(value, f"the bot for seat {seat}")
    raise BotError(f"the bot for seat {seat} must be a callable or a bot name, got {value!r}")


def check_bots(
    bots: BotLike | Sequence[BotLike | None] | Mapping[int, BotLike] | None,
    humans: tuple[int, ...],
    players: int,
    seed: int | None,
) -> dict[int, Bot]:
    free = [s for s in range(players) if s not in humans]
    chosen: dict[int, BotLike] = {}
    if bots is None:
        chosen = dict.fromkeys(free, tips)
    elif isinstance(bots, str) or callable(bots):
        chosen = dict.fromkeys(free, bots)
    elif isinstance(bots, Mapping):
        for s, b in bots.items():
            if not is_whole(s) or not 0 <= s < players:
                raise BotError(f"bots has a seat {s!r}; seats run from 0 to {players - 1}")
            if s in humans:
                raise WidgetError(f"seat {s} is listed as a human and as a bot")
            chosen[s] = b
        for s in free:
            chosen.setdefault(s, tips)
    elif isinstance(bots, Sequence):
        if len(bots) != players:
            raise BotError(f"bots needs one entry per seat ({players}), got {len(bots)}")
        for s, entry in enumerate(bots):
            if entry is None:
                if s not in humans:
                    chosen[s] = tips
                continue
            if s in humans:
                raise WidgetError(f"seat {s} is listed as a human and as a bot")
            chosen[s] = entry
    else:
        raise BotError(f"bots must be a bot, a list or a dict of bots, got {bots!r}")
    return {s: as_bot(b, s, seed) for s, b in sorted(chosen.items())}


def check_pace(pace: object) -> Pace:
    if pace == "click":
        return "click"
    if not is_number(pace):
        raise WidgetError(f"pace must be 'click' or a number of seconds, got {pace!r}")
    seconds = float(pace)
    if not (math.isfinite(seconds) and MIN_PACE <= seconds <= MAX_PACE):
        raise WidgetError(
            f"pace must be from {MIN_PACE} to {MAX_PACE:g} seconds "
            f"(bots never move instantly), got {pace!r}"
        )
    return seconds


def check_palette(palette: Sequence[str]) -> list[str]:
    if isinstance(palette, str) or not isinstance(palette, Sequence) or not palette:
        raise WidgetError("palette must be a list of colours like '#e69f00'")
    for colour in palette:
        if not isinstance(colour, str) or not _COLOUR.match(colour):
            raise WidgetError(f"palette colours are written '#rrggbb', got {colour!r}")
    return list(palette)
