"""The rule options of Chicken Foot, each declared once, and one preset per rule text.

Every place where the rule texts disagree is an option of :class:`Rules`, so a
lesson, a therapist or a family can pick their own table's rules. Each option is
declared once, in :data:`OPTIONS`: what it decides, the values it allows, the
rule texts (000 to 004) each value comes from, and how it reads in plain words.
``Rules`` checks, lists, describes and records its options from that one table,
and the presets are one registry, :data:`PRESET_TABLE`. ``Rules`` is immutable
and checks every option when it is built.

>>> rules = Rules.preset("wolf-lake")
>>> rules.spokes, rules.hand_size_for(4)
(4, 9)
>>> Rules(spokes=5)
Traceback (most recent call last):
...
cfwidget.rules.RulesError: spokes must be 3, 4 or 6 (got 5)
>>> OPTIONS["spokes"].allowed, OPTIONS["spokes"].default
('3, 4 or 6', 4)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from .tiles import MAX_PIP_LIMIT, MIN_PIP_LIMIT, Tile, TileLike, set_size, to_tile

__all__ = [
    "HAND_TABLES",
    "OPTIONS",
    "PRESETS",
    "PRESET_TABLE",
    "Option",
    "Preset",
    "Rules",
    "RulesError",
    "tile_penalty",
]

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
}


class RulesError(ValueError):
    """A rule option with a value that is not allowed."""


def tile_penalty(tile: Tile, double_blank: int) -> int:
    """What ``tile`` costs left in a hand: its pips, but the double blank costs ``double_blank``.

    The one place a tile's cost is worked out; :meth:`Rules.penalty` applies it with
    the rules' own ``double_blank``.

    >>> tile_penalty(Tile(6, 5), 50), tile_penalty(Tile(0, 0), 50), tile_penalty(Tile(0, 0), 0)
    (11, 50, 0)
    """
    high, low = tile
    return double_blank if high == 0 else high + low  # tiles are high end first: 0-0 only


# -- checks: the values an option allows ------------------------------------------------------


def _whole(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number from {low} to {high} (got {value!r})")
    if not low <= value <= high:
        raise RulesError(f"{name} must be from {low} to {high} (got {value})")
    return value


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class _Whole:
    """A whole number from ``low`` to ``high``; with ``none``, also ``None`` (meaning ``none``)."""

    def __init__(self, low: int, high: int, none: str | None = None) -> None:
        self.low, self.high, self.none = low, high, none

    @property
    def words(self) -> str:
        whole = f"a whole number from {self.low} to {self.high}"
        return whole if self.none is None else f"None ({self.none}) or {whole}"

    def __call__(self, name: str, value: object, rules: Rules) -> None:
        if value is None and self.none is not None:
            return
        _whole(name, value, self.low, self.high)


class _Choice:
    """One of a few values, all of one type (``True`` is not the number 1)."""

    def __init__(self, *values: object) -> None:
        self.values = values

    @property
    def words(self) -> str:
        return _or_list([repr(v) if isinstance(v, str) else str(v) for v in self.values])

    def __call__(self, name: str, value: object, rules: Rules) -> None:
        # The type first, so that no odd value (an array, say) is ever compared.
        if type(value) is not type(self.values[0]) or value not in self.values:
            raise RulesError(f"{name} must be {self.words} (got {value!r})")


class _HandSize:
    """A hand-size table's name, or a fixed number of tiles (at most half the set)."""

    words = f"a table name ({', '.join(sorted(HAND_TABLES))}) or a whole number of tiles"

    def __call__(self, name: str, value: object, rules: Rules) -> None:
        if isinstance(value, str):
            if value not in HAND_TABLES:
                raise RulesError(
                    f"{name} must be a whole number or one of the tables "
                    f"{', '.join(sorted(HAND_TABLES))} (got {value!r})"
                )
        else:
            _whole(name, value, 1, set_size(rules.max_pip) // MIN_PLAYERS)


def _spokes_fit_the_set(rules: Rules) -> str | None:
    if rules.spokes > rules.max_pip:
        return (
            f"a double-{rules.max_pip} set has only {rules.max_pip} tiles of each number "
            f"besides the double, too few for {rules.spokes} spokes"
        )
    return None


# -- the options --------------------------------------------------------------------------


def _by_value(sentences: Mapping[Any, str | None]) -> Callable[[Any, Rules], str | None]:
    """A ``says`` that picks the sentence for the option's value (``None``: say nothing)."""
    return lambda value, rules: sentences.get(value)


@dataclass(frozen=True)
class Option:
    """One rule option, declared once: the one home of everything said about it.

    - ``name``: the field of :class:`Rules` (its type and default are written there,
      and ``default`` is read from it).
    - ``meaning``: what it decides, in one line (:meth:`Rules.options`).
    - ``check``: what values it allows (``allowed`` says it in words); ``also``: a
      check against the other options, returning what is wrong or ``None``.
    - ``label`` and ``words``: a short heading and short words for its values, for tables.
    - ``says``: its plain-language sentence for :meth:`Rules.describe`, from its value
      and the rules (``None``: nothing worth saying, such as a rule that is off).
    - ``sources``: each value in words, with the rule texts (000 to 004) it comes from.
    """

    name: str
    meaning: str
    check: _Whole | _Choice | _HandSize
    label: str
    says: Callable[[Any, Rules], str | None]
    sources: tuple[tuple[str, str], ...]
    words: Mapping[Any, str] = field(default_factory=dict)
    also: Callable[[Rules], str | None] | None = None
    default: Any = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "words", MappingProxyType(dict(self.words)))  # read-only

    @property
    def allowed(self) -> str:
        """The values the option allows, in words."""
        return self.check.words

    def word(self, value: Any) -> Any:
        """The value as a table shows it (the value itself when it has no words)."""
        return self.words.get(value, value)

    def validate(self, rules: Rules) -> None:
        """Raise :class:`RulesError` if the option's value in ``rules`` is not allowed."""
        self.check(self.name, getattr(rules, self.name), rules)
        if self.also is not None:
            problem = self.also(rules)
            if problem is not None:
                raise RulesError(problem)

    def sentence(self, rules: Rules) -> str | None:
        """The option's plain-language sentence for ``rules`` (``None``: nothing to say)."""
        return self.says(getattr(rules, self.name), rules)


def _hand_words(value: str | int, rules: Rules) -> str:
    if isinstance(value, int):
        return f"Each player is dealt {value} {'tile' if value == 1 else 'tiles'}."
    return f"Hand sizes follow the {value} table (by set and number of players)."


#: Every option, in the order of the fields of :class:`Rules`. Adding an option is one
#: field of ``Rules`` (its type and default) and one entry here.
_DECLARED = (
    Option(
        "max_pip",
        meaning="the set: double-N",
        check=_Whole(MIN_PIP_LIMIT, MAX_PIP_LIMIT),
        label="set",
        says=lambda n, rules: f"A double-{n} set ({set_size(n)} tiles).",
        sources=(
            ("double-9", "000, 001, 002, 003"),
            ("double-6", "000, 003, 004"),
            ("double-12", "000, 001, 002, 003"),
            ("double-15 or double-18", "001, 002"),
        ),
    ),
    Option(
        "spokes",
        meaning="tiles the centre double needs before any other play",
        check=_Choice(3, 4, 6),
        also=_spokes_fit_the_set,
        label="spokes",
        says=lambda n, rules: f"The centre double takes {n} spokes before any other play.",
        sources=(
            ("4, a cross", "000, 001, 002, 004"),
            ("3, a Y shape", "002"),
            ("6, a double chicken foot (3 on each long side)", "003, a variation in 000 and 002"),
        ),
    ),
    Option(
        "toes",
        meaning="tiles a chicken foot needs before play goes anywhere else",
        check=_Whole(1, 3),
        label="toes",
        says=lambda n, rules: (
            "A double played on a line is a chicken foot: "
            f"it takes {n} {'toe' if n == 1 else 'toes'} first."
        ),
        sources=(("3", "000, 001, 002, 003, 004"), ("1 or 2", "none: a smaller foot to learn on")),
    ),
    Option(
        "hand_size",
        meaning="tiles each player draws: a table name or a fixed number",
        check=_HandSize(),
        label="hand size",
        says=_hand_words,
        sources=(
            ("the wolf-lake table", "000"),
            ("the puremco table", "002"),
            ("the fewer table (fewer by agreement)", "002"),
            ("7 each", "001, 003"),
            ("5 each with double-6", "002, 004"),
        ),
    ),
    Option(
        "start_missing",
        meaning="what happens when nobody was dealt the round's double",
        check=_Choice("draw", "next-highest"),
        label="no starting double",
        words={"draw": "draw for it", "next-highest": "next highest"},
        says=_by_value(
            {
                "draw": "If nobody has the round's double, players draw in turn until it turns up.",
                "next-highest": (
                    "If nobody has the round's double, the highest double dealt starts."
                ),
            }
        ),
        sources=(
            ("draw: players draw in turn until it turns up", "001, 002, 003"),
            ("next-highest: the highest double dealt starts instead", "000, 004"),
        ),
    ),
    Option(
        "round_order",
        meaning="which double starts each later round",
        check=_Choice("down", "highest-unused", "up"),
        label="later rounds",
        words={"down": "next down", "highest-unused": "highest unused", "up": "counting up"},
        says=_by_value(
            {
                "highest-unused": "Each later round starts with the highest double not used yet.",
                "up": "Rounds count up: the first starts with 0-0, the next with 1-1, and so on.",
            }
        ),
        sources=(
            ("down: the next double down", "001, 002, 003"),
            ("highest-unused: the highest double not used yet", "000, 004"),
            ("up: counting up from 0-0", "003"),
        ),
    ),
    Option(
        "first_player",
        meaning="who opens the first round",
        check=_Choice("holder", "high-draw"),
        label="first round",
        words={"holder": "holder opens", "high-draw": "high draw opens"},
        says=_by_value(
            {"high-draw": "Everyone draws a tile before the game; the highest opens round 1."}
        ),
        sources=(
            ("holder: whoever holds the double", "000, 001, 002, 003, 004"),
            ("high-draw: everyone draws one tile, the highest starts", "002, citing Wikipedia"),
        ),
    ),
    Option(
        "must_play_drawn",
        meaning="a drawn tile that fits must be played (True) or may be (False)",
        check=_Choice(True, False),
        label="drawn tile that fits",
        words={True: "must play", False: "may play"},
        says=_by_value(
            {
                True: "A drawn tile that fits must be played.",
                False: "A drawn tile that fits may be played.",
            }
        ),
        sources=(
            ("False: it may be played", "001"),
            ("True: it must be played", "000, 002, 003, 004"),
        ),
    ),
    Option(
        "double_blank",
        meaning="points the 0-0 costs when left in a hand",
        check=_Whole(0, 100),
        label="double blank",
        says=lambda n, rules: f"The double blank costs {n} points.",
        sources=(
            ("50", "000, 001, 002, 003"),
            ("25", "002, and 000's closing tip"),
            ("0: spots only", "004"),
        ),
    ),
    Option(
        "out_on_double",
        meaning="points for going out on a double",
        check=_Whole(0, 100),
        label="out on a double",
        says=lambda n, rules: f"Going out on a double costs {n} points." if n else None,
        sources=(("0", "000, 001, 003, 004"), ("50", "002, a house rule citing Wikipedia")),
    ),
    Option(
        "game_target",
        meaning="None for one round per double, or play until someone reaches this total",
        check=_Whole(1, 100_000, none="one round per double"),
        label="game ends at",
        words={None: "last double"},
        says=lambda n, rules: (
            None if n is None else f"The game ends when someone reaches {n} points."
        ),
        sources=(("None: one round per double", "000, 001, 002, 003, 004"), ("a total", "002")),
    ),
    Option(
        "last_tile",
        meaning="announcing your last tile: silent, uno (courtesy) or chicken-little (penalty)",
        check=_Choice("silent", "uno", "chicken-little"),
        label="last tile",
        says=_by_value(
            {
                "uno": "Say when you have one tile left (a courtesy).",
                "chicken-little": "Announce your last tile, or draw one tile as a penalty.",
            }
        ),
        sources=(
            ("silent: say nothing", "001, 002, 003, 004"),
            ("uno: a courtesy", "000"),
            ("chicken-little: caught not announcing, draw a tile", "002"),
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    """The options one table plays by. Defaults: double-nine, 4 spokes, 3 toes.

    Each field is declared in :data:`OPTIONS` (meaning, allowed values, sources).

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

    def __post_init__(self) -> None:
        for option in OPTIONS.values():  # in field order: later checks may rely on earlier ones
            option.validate(self)

    # -- presets -----------------------------------------------------------------

    @staticmethod
    def preset(name: str) -> Rules:
        """The rules of one source text, by name.

        >>> Rules.preset("six-spokes").spokes
        6
        >>> Rules.preset("nope")
        Traceback (most recent call last):
        ...
        cfwidget.rules.RulesError: no preset named 'nope'; the presets are: wolf-lake, puremco, ...
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
        unknown = sorted(set(changes) - set(OPTIONS))
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
        cfwidget.rules.RulesError: 8 hands of 7 need 56 tiles, but a double-9 set has only 55
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

    def penalty(self, tile: TileLike) -> int:
        """What ``tile`` costs when it is left in a hand at the end of a round.

        Its pips, except the double blank, which costs ``double_blank``. Every
        score in the package (rounds, score keeper, odds, exercises, bots) is
        counted with this.

        >>> Rules().penalty("6-5"), Rules().penalty("0-0"), Rules(double_blank=25).penalty("0-0")
        (11, 50, 25)
        >>> Rules(max_pip=6, hand_size=5).penalty("9-9")
        Traceback (most recent call last):
        ...
        cfwidget.rules.RulesError: 9-9 is not in a double-6 set
        """
        t = to_tile(tile)
        if t[0] > self.max_pip:
            raise RulesError(f"{t} is not in a double-{self.max_pip} set")
        return tile_penalty(t, self.double_blank)

    # -- records -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict."""
        return {name: getattr(self, name) for name in OPTIONS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` output; unknown option names are an error.

        >>> Rules.from_dict(Rules.preset("y-shape").to_dict()) == Rules.preset("y-shape")
        True
        """
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be a mapping of option names to values, got {data!r}")
        unknown = sorted(set(data) - set(OPTIONS))
        if unknown:
            raise RulesError(
                f"unknown rule option {', '.join(map(repr, unknown))}; "
                f"the options are: {', '.join(OPTIONS)}"
            )
        return cls(**data)

    @staticmethod
    def options() -> dict[str, str]:
        """Each option's name and what it means, in plain words."""
        return {name: option.meaning for name, option in OPTIONS.items()}

    def describe(self) -> list[str]:
        """These rules as short plain-language lines, for a lesson or a screen.

        One line for each option that has something to say, in the order of the options.

        >>> Rules.preset("double-six").describe()[:2]
        ['A double-6 set (28 tiles).', 'The centre double takes 4 spokes before any other play.']
        """
        lines = []
        for option in OPTIONS.values():
            line = option.sentence(self)
            if line is not None:
                lines.append(line)
        return lines


_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Rules)}

#: Every option by name, in the order of the fields of :class:`Rules`; defaults are the fields'.
OPTIONS: Mapping[str, Option] = MappingProxyType(
    {
        option.name: dataclasses.replace(option, default=_DEFAULTS[option.name])
        for option in _DECLARED
    }
)


# -- presets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Preset:
    """One rule text's choices: its ``source`` line, a one-line ``about``, the options it sets.

    ``texts`` are the rule texts it follows (000 to 004); ``options`` only the options that
    differ from the defaults; ``rules`` the complete :class:`Rules`.
    """

    name: str
    texts: tuple[str, ...]
    source: str
    about: str
    options: Mapping[str, Any]

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))  # read-only

    @property
    def rules(self) -> Rules:
        """The preset's rules."""
        return PRESETS[self.name]


#: The presets, in the order of the sources: one entry each.
PRESET_TABLE: Mapping[str, Preset] = MappingProxyType(
    {
        p.name: p
        for p in (
            Preset(
                "wolf-lake",
                texts=("000",),
                source="000, the Wolf Lake rules",
                about="the Wolf Lake hand-size table; the highest double dealt stands in; "
                "say 'Uno' on your last tile",
                options={
                    "hand_size": "wolf-lake",
                    "start_missing": "next-highest",
                    "round_order": "highest-unused",
                    "last_tile": "uno",
                },
            ),
            Preset(
                "puremco",
                texts=("002",),
                source="002, Pagat's rules with Puremco's hand sizes",
                about="Pagat's rules with Puremco's bigger hands",
                options={"hand_size": "puremco"},
            ),
            Preset(
                "seven-each",
                texts=("001",),
                source="001, seven tiles each",
                about="seven tiles each; draw for a missing double; tie-breaks on zero rounds",
                options={"hand_size": 7},
            ),
            Preset(
                "six-spokes",
                texts=("003",),
                source="003, six spokes on the centre",
                about="six spokes (a double chicken foot on the centre); "
                "a drawn tile that fits is played",
                options={"spokes": 6, "hand_size": 7, "must_play_drawn": True},
            ),
            Preset(
                "y-shape",
                texts=("002",),
                source="002's variation: three spokes in a Y",
                about="only three spokes, in a Y shape, with Puremco's hand sizes",
                options={"spokes": 3, "hand_size": "puremco"},
            ),
            Preset(
                "double-six",
                texts=("004",),
                source="004, the double-six rules",
                about="double-six, five each; the highest double dealt stands in",
                options={
                    "max_pip": 6,
                    "hand_size": 5,
                    "start_missing": "next-highest",
                    "round_order": "highest-unused",
                    "must_play_drawn": True,
                },
            ),
        )
    }
)

#: Each preset's rules by name (built from :data:`PRESET_TABLE`).
PRESETS: dict[str, Rules] = {name: Rules(**p.options) for name, p in PRESET_TABLE.items()}
