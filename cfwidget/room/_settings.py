"""A room's settings: who sits where (people or which bot), the rules, the seed, the pace.

Settings are plain JSON kept with the room in the store; :func:`game_of` deals the game they
describe, the same every time (the seed is part of them).

>>> s = room_settings("Ann, Bob, bot:tips", rules="double-six", seed=4)
>>> [(seat["name"], seat["bot"]) for seat in s["seats"]], s["seed"], s["pace"]
([('Ann', None), ('Bob', None), ('Tips 3', 'tips')], 4, 1.0)
>>> people(s), bots(s)
((0, 1), {2: 'tips'})
>>> game_of(s).round.start
Tile(6, 6)
>>> room_settings("Ann, bot:clever")
Traceback (most recent call last):
...
cfwidget.RoomError: There is no bot called 'clever'; the bots are: random, greedy, tips, ...
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .._shared import shown_name
from ..core import Game, Rules, RulesError, ScoreError
from ..players import BOTS
from . import _every_bot  # noqa: F401  (the coach and the searching bots join BOTS)
from ._errors import RoomError

__all__ = [
    "TITLE_LIMIT",
    "bots",
    "clean_text",
    "game_of",
    "pace_of",
    "people",
    "room_settings",
]

#: The longest room title kept (longer ones are cut).
TITLE_LIMIT = 80


def clean_text(text: object, limit: int) -> str:
    """A name or title as text: no control characters, runs of spaces as one, at most
    ``limit`` characters.

    >>> clean_text("Room\\x00 7\\n", 80)
    'Room 7'
    """
    return shown_name(str(text), limit)


def _seats(players: str | Sequence[str]) -> list[dict[str, Any]]:
    items = players.split(",") if isinstance(players, str) else list(players)
    seats: list[dict[str, Any]] = []
    for i, item in enumerate(items):
        text = str(item).strip()
        if text.lower().startswith("bot:"):
            name = text[4:].strip().lower()
            if name not in BOTS:
                raise RoomError(f"There is no bot called {name!r}; the bots are: {', '.join(BOTS)}")
            seats.append({"name": f"{name.title()} {i + 1}", "bot": name})
        else:
            if not "".join(ch for ch in text if ch.isprintable()).strip():
                raise RoomError(f"Player {i + 1} has no name; write a name or bot:tips")
            seats.append({"name": clean_text(text, 24), "bot": None})
    if not 2 <= len(seats) <= 8:
        raise RoomError(f"A game needs 2 to 8 players, got {len(seats)}")
    if all(seat["bot"] for seat in seats):
        raise RoomError("At least one player must be a person: every seat here is a bot")
    return seats


def pace_of(pace: object) -> float | str:
    """A bot pace: ``"click"`` or seconds from 0.2 to 60 (as a float)."""
    if pace == "click":
        return "click"
    if isinstance(pace, int | float) and not isinstance(pace, bool) and 0.2 <= pace <= 60:
        return float(pace)
    raise RoomError(f"The pace is 'click' or seconds from 0.2 to 60, got {pace!r}")


def room_settings(
    players: str | Sequence[str],
    *,
    rules: str | Rules | None = None,
    seed: int | None = None,
    pace: object = 1.0,
) -> dict[str, Any]:
    """Checked settings of a new game room; ``players`` like ``"Ann, Bob, bot:tips"``.

    ``rules`` is a preset's name (``Rules.preset_names()``), a :class:`~cfwidget.Rules` or
    ``None`` for the standard rules; ``seed`` deals the game (a random one if ``None``).
    """
    try:
        chosen = Rules.preset(rules) if isinstance(rules, str) else rules or Rules()
    except RulesError as exc:
        raise RoomError(str(exc).capitalize()) from None
    settings = {
        "seats": _seats(players),
        "rules": chosen.to_dict(),
        "seed": random.SystemRandom().randrange(2**63) if seed is None else seed,
        "pace": pace_of(pace),
    }
    game_of(settings)  # the names, rules and seed must deal a game
    return settings


def people(settings: dict[str, Any]) -> tuple[int, ...]:
    """The seats people play."""
    return tuple(i for i, seat in enumerate(settings["seats"]) if not seat["bot"])


def bots(settings: dict[str, Any]) -> dict[int, str]:
    """The bot of each bot seat, by name."""
    return {i: str(seat["bot"]) for i, seat in enumerate(settings["seats"]) if seat["bot"]}


def game_of(settings: dict[str, Any]) -> Game:
    """The game the settings describe, dealt from their seed (nothing played yet)."""
    names = [str(seat["name"]) for seat in settings["seats"]]
    try:
        return Game(names, Rules.from_dict(settings["rules"]), settings["seed"])
    except (RulesError, ScoreError) as exc:
        raise RoomError(f"These settings do not make a game: {exc}") from None
    except Exception as exc:  # a seed of the wrong kind, say
        raise RoomError(f"These settings do not make a game ({type(exc).__name__})") from None
