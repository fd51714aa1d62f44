"""The widget's words: how moves, open ends and targets read in plain language.

>>> article(8), or_list(["draw", "pass"])
('an 8', 'draw or pass')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .._shared import article
from ..core import SAYING_LAST, Move, Tile

__all__ = [
    "CHOOSE_ANY",
    "ROLE_WORDS",
    "article",
    "idle_words",
    "move_words",
    "onto_words",
    "open_words",
    "opening_words",
    "or_list",
]


ROLE_WORDS = {
    "centre": "the centre double",
    "foot": "a chicken foot",
    "spoke": "a spoke",
    "toe": "a toe",
    "line": "a line end",
}


def opening_words(double: Tile, opener: str, draws: int) -> str:
    """Why the players drew before the round began, when nobody was dealt its double.

    >>> print(opening_words(Tile(8, 8), "Cy", 7).replace(", so", ",\\nso"))
    Nobody was dealt 8-8,
    so the players drew from the chicken yard in turn until Cy drew it (7 tiles drawn).
    """
    tiles = "1 tile" if draws == 1 else f"{draws} tiles"
    return (
        f"Nobody was dealt {double}, so the players drew from the chicken yard in turn"
        f" until {opener} drew it ({tiles} drawn)."
    )


def onto_words(onto: str, role: str) -> str:
    return f"on {onto} ({ROLE_WORDS.get(role, 'an open end')})"


def open_words(ends: Sequence[tuple[Tile, int, int]], roles: Mapping[Tile, str], over: bool) -> str:
    """The open ends in words: which doubles still take spokes or toes, which numbers show.

    >>> open_words([(Tile(9, 9), 9, 3), (Tile(9, 4), 4, 1)], {Tile(9, 9): "centre"}, False)
    'Open ends: 9-9 takes 3 more spokes; 9-4 shows 4.'
    """
    if over or not ends:
        return ""
    parts = []
    for tile, number, free in ends:
        tile_text = str(tile)
        role = roles.get(tile, "line")
        if role in ("centre", "foot"):
            what = "spoke" if role == "centre" else "toe"
            parts.append(f"{tile_text} takes {free} more {what}{'' if free == 1 else 's'}")
        else:
            parts.append(f"{tile_text} shows {number}")
    return "Open ends: " + "; ".join(parts) + "."


#: The line under the board before a tile is picked, in words that do not tell whether a
#: tile fits (guided play below the cue level that may: :mod:`cfwidget.therapy.levels`).
CHOOSE_ANY = "Choose a tile to play, or draw, or pass."


def idle_words(plays: bool, can_draw: bool, can_pass: bool) -> str:
    """The line under the board before a tile is picked, on the seat's turn: whether to
    choose a tile (``plays``: a tile in the hand fits), or else to draw, or else to pass.

    >>> idle_words(True, True, False), idle_words(False, True, False)
    ('Choose a tile to play.', 'No tile fits: draw one.')
    >>> idle_words(False, False, True), idle_words(False, False, False)
    ('No tile fits: pass.', '')
    """
    if plays:
        return "Choose a tile to play."
    if can_draw:
        return "No tile fits: draw one."
    return "No tile fits: pass." if can_pass else ""


def or_list(items: Sequence[str]) -> str:
    if len(items) <= 2:
        return " or ".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def move_words(name: str, m: Move, roles: Mapping[Tile, str]) -> str:
    """One move of the history in words.

    >>> move_words("Ann", Move.play(Tile(9, 4), Tile(9, 9)), {})
    'Ann played 9-4 on 9-9'
    """
    if m.tile is None or m.onto is None:
        return f"{name} drew a tile" if m.kind == "draw" else f"{name} passed"
    words = f"{name} played {m.tile} on {m.onto}"
    if roles.get(m.tile) == "foot":
        words += ": a chicken foot"
    if m.announce:
        words += SAYING_LAST
    return words
