"""The rule options of Chicken Foot, and one preset per rule text.

Every place where the rule texts disagree is a field of :class:`Rules`, so a
lesson, a therapist or a family can pick their own table's rules. ``Rules`` is
immutable and checks every field when it is built.

>>> rules = Rules.preset("wolf-lake")
>>> rules.spokes, rules.hand_size_for(4)
(4, 9)
>>> Rules(spokes=5)
Traceback (most recent call last):
...
cfwidget.RulesError: spokes must be 3, 4 or 6 (got 5)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ._errors import RulesError
from ._tiles import MAX_PIP_LIMIT, MIN_PIP_LIMIT, set_size

__all__ = ["HAND_TABLES", "PRESETS", "Rules", "article", "plural"]
# article() and plural() are the package's one home for number words (not public API).

MIN_PLAYERS = 2
MAX_PLAYERS = 8

#: Hand-size tables: table name -> set (max pip) -> players -> tiles each.
HAND_TABLES: dict[str, dict[int, dict[int, int]]] = {
    # 000, the Wolf Lake rules.
    "wolf-lake": {
        6: {2: 8, 3: 7, 4: 5},
        9: {2: 9, 3: 9, 4: 9, 5: 7, 6: 7, 7: 7},
        12: {2: 15, 3: 12, 4: 12, 5: 9, 6: 9, 7: 9},
    },
    # 002, Pagat's table credited to Puremco (the double-nine row is the one the sources give).
    "puremco": {9: {2: 20, 3: 14, 4: 11, 5: 9, 6: 7}},
    # 002, "fewer by agreement", and 5 each with double-six for two or three players.
    "fewer": {6: {2: 5, 3: 5}, 9: {2: 12, 3: 11, 4: 10}},
    # 003: "Around seven tiles each is common with a double-nine set for up to five or six
    # players, with fewer for a bigger table": 7 each up to six, then 6 and 5, so that seven
    # or eight players leave at least the 13 tiles six players leave in the yard.
    "six-spokes": {9: {2: 7, 3: 7, 4: 7, 5: 7, 6: 7, 7: 6, 8: 5}},
}

_CHOICES: dict[str, tuple[Any, ...]] = {
    "spokes": (3, 4, 6),
    "start_missing": ("draw", "next-highest"),
    "round_order": ("down", "highest-unused", "up"),
    "first_player": ("holder", "high-draw"),
    "last_tile": ("silent", "uno", "chicken-little"),
    "round_end": ("blocked", "all-passed"),
}

_MEANING = {
    "max_pip": "the set: double-N",
    "spokes": "tiles the centre double needs before any other play",
    "toes": "tiles a chicken foot needs before play goes anywhere else",
    "hand_size": "tiles each player draws: a table name or a fixed number",
    "start_missing": "what happens when nobody was dealt the round's double",
    "round_order": "which double starts each later round",
    "first_player": (
        "who opens the first round of a Game: holder (whoever holds the double) or high-draw "
        "(everyone draws a tile; the heaviest opens, then the opener moves left each round); "
        "a Round dealt on its own always lets the holder open"
    ),
    "must_play_drawn": "a drawn tile that fits must be played (True) or may be (False)",
    "double_blank": "points the 0-0 costs when left in a hand",
    "out_on_double": "points for going out on a double",
    "game_target": "None for one round per double, or play until someone reaches this total",
    "last_tile": "announcing your last tile: silent, uno (courtesy) or chicken-little (penalty)",
    "round_end": (
        "when a round ends if nobody goes out: blocked (the chicken yard is empty and nobody "
        "can play) or all-passed (also when every player in turn has passed, yard or not; a "
        "turn that ends in pass counts, after a draw or with nothing to draw)"
    ),
}


def article(n: int) -> str:
    """The number with its article, as it is spoken: ``a 9``, ``an 8``, ``an 11``.

    >>> article(9), article(8), article(11), article(18), article(80)
    ('a 9', 'an 8', 'an 11', 'an 18', 'an 80')
    """
    digits = str(abs(n))
    spoken_vowel = digits[0] == "8" or (len(digits) % 3 == 2 and digits[:2] in ("11", "18"))
    return f"{'an' if spoken_vowel else 'a'} {n}"


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and the word, plural unless ``n`` is 1: ``1 toe``, ``3 toes``, ``0 points``.

    >>> plural(1, "toe"), plural(2, "spoke"), plural(0, "point"), plural(2, "foot", "feet")
    ('1 toe', '2 spokes', '0 points', '2 feet')
    """
    return f"{n} {word if n == 1 else words or word + 's'}"


def _whole(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number from {low} to {high} (got {value!r})")
    if not low <= value <= high:
        raise RulesError(f"{name} must be from {low} to {high} (got {value})")
    return value


def _choice(name: str, value: object) -> None:
    allowed = _CHOICES[name]
    # The type first: a NumPy array (or any odd object) is never compared with the values.
    if type(value) is not type(allowed[0]) or value not in allowed:
        words = [repr(a) if isinstance(a, str) else str(a) for a in allowed]
        text = ", ".join(words[:-1]) + " or " + words[-1]
        raise RulesError(f"{name} must be {text} (got {value!r})")


@dataclass(frozen=True, slots=True)
class Rules:
    """The options one table plays by. Defaults: double-nine, 4 spokes, 3 toes.

    >>> Rules().replace(double_blank=25).double_blank
    25
    """

    max_pip: int = 9
    spokes: int = 4
    toes: int = 3
    hand_size: str | int = "wolf-lake"
    start_missing: Literal["draw", "next-highest"] = "draw"
    round_order: Literal["down", "highest-unused", "up"] = "down"
    first_player: Literal["holder", "high-draw"] = "holder"
    must_play_drawn: bool = False
    double_blank: int = 50
    out_on_double: int = 0
    game_target: int | None = None
    last_tile: Literal["silent", "uno", "chicken-little"] = "silent"
    round_end: Literal["blocked", "all-passed"] = "blocked"

    def __post_init__(self) -> None:
        _whole("max_pip", self.max_pip, MIN_PIP_LIMIT, MAX_PIP_LIMIT)
        _choice("spokes", self.spokes)
        if self.spokes > self.max_pip:
            raise RulesError(
                f"a double-{self.max_pip} set has only {self.max_pip} tiles of each number "
                f"besides the double, too few for {self.spokes} spokes"
            )
        _whole("toes", self.toes, 1, 3)
        if isinstance(self.hand_size, str):
            if self.hand_size not in HAND_TABLES:
                raise RulesError(
                    f"hand_size must be a whole number or one of the tables "
                    f"{', '.join(sorted(HAND_TABLES))} (got {self.hand_size!r})"
                )
        else:
            _whole("hand_size", self.hand_size, 1, set_size(self.max_pip) // MIN_PLAYERS)
        for name in ("start_missing", "round_order", "first_player", "last_tile", "round_end"):
            _choice(name, getattr(self, name))
        if self.start_missing == "next-highest" and self.round_order != "highest-unused":
            # The texts that let a lower double stand in (000, 004) go on from "the highest
            # double left"; a fixed order would make the stand-in lead twice (down), or leave
            # nothing lower to stand in for the 0-0 (up), so that everyone draws for it.
            raise RulesError(
                f"start_missing='next-highest' lets a lower double lead a round, so the next "
                f"round must start from the highest double not used yet: use it with "
                f"round_order='highest-unused' (got round_order={self.round_order!r})"
            )
        if not isinstance(self.must_play_drawn, bool):
            raise RulesError(
                f"must_play_drawn must be True or False (got {self.must_play_drawn!r})"
            )
        _whole("double_blank", self.double_blank, 0, 100)
        _whole("out_on_double", self.out_on_double, 0, 100)
        if self.game_target is not None:
            _whole("game_target", self.game_target, 1, 100_000)

    # -- presets -----------------------------------------------------------------

    @staticmethod
    def preset(name: str) -> Rules:
        """The rules of one source text, by name.

        >>> Rules.preset("six-spokes").spokes
        6
        >>> Rules.preset("nope")
        Traceback (most recent call last):
        ...
        cfwidget.RulesError: no preset named 'nope'; the presets are: wolf-lake, puremco, ...
        """
        try:
            return PRESETS[name]
        except (KeyError, TypeError):
            raise RulesError(
                f"no preset named {name!r}; the presets are: {', '.join(PRESETS)}"
            ) from None

    @staticmethod
    def preset_names() -> list[str]:
        """The names of the presets, in the order of the sources."""
        return list(PRESETS)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (checked like a new ``Rules``)."""
        unknown = sorted(set(changes) - set(_MEANING))
        if unknown:
            raise TypeError(f"Rules has no option {', '.join(unknown)}")
        return dataclasses.replace(self, **changes)

    # -- derived facts -----------------------------------------------------------

    @property
    def tile_count(self) -> int:
        """Tiles in the set (55 for double-nine)."""
        return set_size(self.max_pip)

    def hand_size_for(self, players: int) -> int:
        """Tiles each player draws at the start of a round.

        >>> Rules.preset("puremco").hand_size_for(3)
        14
        >>> Rules(hand_size=7).hand_size_for(8)
        Traceback (most recent call last):
        ...
        cfwidget.RulesError: 8 hands of 7 need 56 tiles, but a double-9 set has only 55
        """
        _whole("players", players, MIN_PLAYERS, MAX_PLAYERS)
        if isinstance(self.hand_size, int):
            size = self.hand_size
        else:
            table = HAND_TABLES[self.hand_size]
            row = table.get(self.max_pip)
            if row is None:
                sets = ", ".join(f"double-{n}" for n in sorted(table))
                raise RulesError(
                    f"the {self.hand_size} table covers {sets} sets, not double-{self.max_pip}; "
                    f"choose a fixed hand size, for example hand_size=7"
                )
            if players not in row:
                raise RulesError(
                    f"the {self.hand_size} table has no hand size for {players} players with "
                    f"a double-{self.max_pip} set; it covers {min(row)} to {max(row)} players"
                )
            size = row[players]
        if players * size > self.tile_count:
            raise RulesError(
                f"{players} hands of {size} need {players * size} tiles, but a "
                f"double-{self.max_pip} set has only {self.tile_count}"
            )
        return size

    def round_count(self) -> int:
        """Rounds in a game of one round per double (10 with double-nine)."""
        return self.max_pip + 1

    # -- records -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` output; unknown option names are an error.

        >>> Rules.from_dict(Rules.preset("y-shape").to_dict()) == Rules.preset("y-shape")
        True
        """
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be a mapping of option names to values, got {data!r}")
        unknown = sorted(map(repr, set(data) - set(_MEANING)))
        if unknown:
            raise RulesError(
                f"unknown rule option {', '.join(unknown)}; the options are: {', '.join(_MEANING)}"
            )
        return cls(**data)

    @staticmethod
    def options() -> dict[str, str]:
        """Each option's name and what it means, in plain words."""
        return dict(_MEANING)

    def describe(self) -> list[str]:
        """These rules as short plain-language lines, for a lesson or a screen.

        >>> Rules.preset("double-six").describe()[0]
        'A double-6 set (28 tiles); 5 tiles each.'
        """
        hand = (
            f"{plural(self.hand_size, 'tile')} each"
            if isinstance(self.hand_size, int)
            else f"hand sizes from the {self.hand_size} table"
        )
        lines = [
            f"A double-{self.max_pip} set ({self.tile_count} tiles); {hand}.",
            f"The centre double takes {plural(self.spokes, 'spoke')} before any other play.",
            "A double played on a line is a chicken foot: "
            f"it takes {plural(self.toes, 'toe')} first.",
            "A drawn tile that fits must be played."
            if self.must_play_drawn
            else "A drawn tile that fits may be played.",
            f"The double blank costs {plural(self.double_blank, 'point')}."
            if self.double_blank
            else "The double blank costs nothing: it has no spots.",
        ]
        if self.out_on_double:
            lines.append(f"Going out on a double costs {plural(self.out_on_double, 'point')}.")
        if self.start_missing == "next-highest":
            lines.append("If nobody has the round's double, the highest double dealt starts.")
        else:
            lines.append(
                "If nobody has the round's double, players draw in turn until it turns up."
            )
        if self.round_order == "highest-unused":
            lines.append("Each later round starts with the highest double not used yet.")
        elif self.round_order == "up":
            lines.append("The rounds count up: the double blank starts the first.")
        if self.round_end == "all-passed":
            lines.append(
                "The round also ends when every player in turn has passed, "
                "even with tiles left in the chicken yard."
            )
        if self.first_player == "high-draw":
            lines.append(
                "Everyone draws a tile before the game: the heaviest opens the first round, "
                "and the opener moves one seat left each round."
            )
        if self.game_target is not None:
            lines.append(f"The game ends when someone reaches {plural(self.game_target, 'point')}.")
        if self.last_tile == "uno":
            lines.append("Say when you have one tile left (a courtesy).")
        elif self.last_tile == "chicken-little":
            lines.append("Announce your last tile, or draw one tile as a penalty.")
        return lines


PRESETS: dict[str, Rules] = {
    # 000: Wolf Lake. Table of hand sizes; the highest double dealt stands in, and the next
    # round starts from the highest double left; a drawn tile that fits is played ("either
    # play it if possible or call pass"); the round also ends "when all players have
    # consecutively passed"; say "Uno".
    "wolf-lake": Rules(
        hand_size="wolf-lake",
        start_missing="next-highest",
        round_order="highest-unused",
        must_play_drawn=True,
        last_tile="uno",
        round_end="all-passed",
    ),
    # 002: Pagat's rules with Puremco's hand sizes; a drawn tile is played "if it fits".
    "puremco": Rules(hand_size="puremco", must_play_drawn=True),
    # 001: seven tiles each, draw for a missing double, a drawn tile that fits "may" be played,
    # tie-breaks on zero rounds.
    "seven-each": Rules(hand_size=7),
    # 003: six spokes (double chicken foot on the centre), about seven each and fewer for a
    # bigger table, a drawn tile that fits is played.
    "six-spokes": Rules(spokes=6, hand_size="six-spokes", must_play_drawn=True),
    # 002's variation: only three spokes, in a Y shape; otherwise as puremco.
    "y-shape": Rules(spokes=3, hand_size="puremco", must_play_drawn=True),
    # 004: double-six, five each, the highest double dealt stands in, a drawn tile that fits
    # is played, and the 0-0 counts its spots: "the spots on the dominos in their hand".
    "double-six": Rules(
        max_pip=6,
        hand_size=5,
        start_missing="next-highest",
        round_order="highest-unused",
        must_play_drawn=True,
        double_blank=0,
    ),
}
