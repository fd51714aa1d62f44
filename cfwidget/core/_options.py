"""Every rule option, declared once: what it decides, the values it allows, its words, its texts.

The five rule texts (000 to 004) disagree in a dozen places; each place is an option of
:class:`~cfwidget.Rules`, declared here in one :class:`Option` record. ``Rules`` checks,
lists, describes and records its options from these records, lessons and the widget read
their labels and words, and ``docs/rules.md`` explains them for people. Adding an option is
one field of ``Rules`` and one entry in ``_DECLARED``: the differential, property and invariant
tests draw their option mixes from these entries, and fail until the reference engine
(``tests/core/reference_engine.py``) reads an option that changes how a round plays.

>>> from cfwidget.core import OPTIONS
>>> OPTIONS["round_end"].allowed, OPTIONS["round_end"].sources[1]
("'blocked' or 'all-passed'", ('all-passed: every player in turn has passed, yard or not', '000'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .._shared import is_whole, plural, shown
from ._errors import RulesError
from ._tiles import MAX_PIP_LIMIT, MIN_PIP_LIMIT, set_size

if TYPE_CHECKING:
    from ._rules import Rules

__all__ = ["HAND_TABLES", "MAX_PLAYERS", "MIN_PLAYERS", "Option"]

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


# -- checks: the values an option allows ------------------------------------------------------


def _whole(name: str, value: object, low: int, high: int) -> int:
    if not is_whole(value):
        raise RulesError(f"{name} must be a whole number from {low} to {high} (got {shown(value)})")
    if not low <= value <= high:
        raise RulesError(f"{name} must be from {low} to {high} (got {shown(value)})")
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
            raise RulesError(f"{name} must be {self.words} (got {shown(value)})")


class _HandSize:
    """A hand-size table's name, or a fixed number of tiles (at most half the set)."""

    words = f"a table name ({', '.join(sorted(HAND_TABLES))}) or a whole number of tiles"

    def __call__(self, name: str, value: object, rules: Rules) -> None:
        if isinstance(value, str):
            if value not in HAND_TABLES:
                raise RulesError(
                    f"{name} must be a whole number or one of the tables "
                    f"{', '.join(sorted(HAND_TABLES))} (got {shown(value)})"
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


def _stand_in_needs_highest_unused(rules: Rules) -> str | None:
    # The texts that let a lower double stand in (000, 004) go on from "the highest double
    # left"; a fixed order would make the stand-in lead twice (down), or leave nothing lower to
    # stand in for the 0-0 (up), so that everyone draws for it.
    if rules.start_missing == "next-highest" and rules.round_order != "highest-unused":
        return (
            "start_missing='next-highest' lets a lower double lead a round, so the next "
            "round must start from the highest double not used yet: use it with "
            f"round_order='highest-unused' (got round_order={rules.round_order!r})"
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
        return f"Each player is dealt {plural(value, 'tile')}."
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
        says=lambda n, rules: (
            f"The centre double takes {plural(n, 'spoke')} before any other play."
        ),
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
            f"A double played on a line is a chicken foot: it takes {plural(n, 'toe')} first."
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
        also=_stand_in_needs_highest_unused,
        label="no starting double",
        words={"draw": "draw for it", "next-highest": "next highest"},
        says=_by_value(
            {
                "draw": "If nobody has the round's double, players draw in turn until it turns up.",
                "next-highest": (
                    "If nobody has the round's double, the highest lower double not used yet "
                    "starts (whoever holds it)."
                ),
            }
        ),
        sources=(
            ("draw: players draw in turn until it turns up", "001, 002, 003"),
            ("next-highest: the highest lower double not used yet starts instead", "000, 004"),
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
        meaning=(
            "who opens the first round of a Game: holder (whoever holds the double) or high-draw "
            "(everyone draws a tile; the heaviest opens, then the opener moves left each round); "
            "a Round dealt on its own always lets the holder open"
        ),
        check=_Choice("holder", "high-draw"),
        label="first round",
        words={"holder": "holder opens", "high-draw": "high draw opens"},
        says=_by_value(
            {
                "high-draw": "Everyone draws a tile before the game: the heaviest opens the first "
                "round, and the opener moves one seat left each round."
            }
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
        says=lambda n, rules: (
            f"The double blank costs {plural(n, 'point')}."
            if n
            else "The double blank costs nothing: it has no spots."
        ),
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
        says=lambda n, rules: f"Going out on a double costs {plural(n, 'point')}." if n else None,
        sources=(("0", "000, 001, 003, 004"), ("50", "002, a house rule citing Wikipedia")),
    ),
    Option(
        "game_target",
        meaning="None for one round per double, or play until someone reaches this total",
        check=_Whole(1, 100_000, none="one round per double"),
        label="game ends at",
        words={None: "last double"},
        says=lambda n, rules: (
            None if n is None else f"The game ends when someone reaches {plural(n, 'point')}."
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
    Option(
        "round_end",
        meaning=(
            "when a round ends if nobody goes out: blocked (the chicken yard is empty and nobody "
            "can play) or all-passed (also when every player in turn has passed, yard or not; a "
            "turn that ends in pass counts, after a draw or with nothing to draw)"
        ),
        check=_Choice("blocked", "all-passed"),
        label="round ends",
        words={"blocked": "when blocked", "all-passed": "when all pass"},
        says=_by_value(
            {
                "all-passed": "The round also ends when every player in turn has passed, "
                "even with tiles left in the chicken yard."
            }
        ),
        sources=(
            ("blocked: the yard is empty and nobody can play", "001, 002, 003, 004"),
            ("all-passed: every player in turn has passed, yard or not", "000"),
        ),
    ),
)
