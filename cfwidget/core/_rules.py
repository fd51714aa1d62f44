"""The rules one table plays by (:class:`Rules`), and the one place a tile's cost is counted.

Every place where the rule texts disagree is an option of :class:`Rules`, so a lesson, a
therapist or a family can pick their own table's rules. Each option is declared once, in
:data:`OPTIONS` (see ``_options.py``); ``Rules`` checks, lists, describes and records its
options from that table, and the presets are one registry (``_presets.py``). ``Rules`` is
immutable and checks every option when it is built.

>>> rules = Rules.preset("wolf-lake")
>>> rules.spokes, rules.hand_size_for(4), rules.round_end
(4, 9, 'all-passed')
>>> Rules(spokes=5)
Traceback (most recent call last):
...
cfwidget.RulesError: spokes must be 3, 4 or 6 (got 5)
>>> OPTIONS["spokes"].allowed, OPTIONS["spokes"].default
('3, 4 or 6', 4)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Integral
from types import MappingProxyType
from typing import Any, Literal

from ._errors import RulesError
from ._options import _DECLARED, HAND_TABLES, MAX_PLAYERS, MIN_PLAYERS, Option, _whole
from ._tiles import Tile, TileLike, set_size, to_tile

__all__ = ["OPTIONS", "Rules", "tile_penalty"]


def tile_penalty(tile: Tile, double_blank: int) -> int:
    """What ``tile`` costs left in a hand: its pips, but the double blank costs ``double_blank``.

    The one place a tile's cost is worked out; :meth:`Rules.penalty` applies it with
    the rules' own ``double_blank``.

    >>> tile_penalty(Tile(6, 5), 50), tile_penalty(Tile(0, 0), 50), tile_penalty(Tile(0, 0), 0)
    (11, 50, 0)
    """
    high, low = tile
    return double_blank if high == 0 else high + low  # tiles are high end first: 0-0 only


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
    round_end: Literal["blocked", "all-passed"] = "blocked"

    def __post_init__(self) -> None:
        for option in OPTIONS.values():  # in field order: later checks may rely on earlier ones
            value = getattr(self, option.name)
            if isinstance(value, Integral) and not isinstance(value, int):
                # Another library's whole number (NumPy's, say) is kept as a plain int, so that
                # records stay JSON; its arrays and booleans are not Integral and are refused.
                object.__setattr__(self, option.name, int(value))
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
        cfwidget.RulesError: no preset named 'nope'; the presets are: wolf-lake, puremco, ...
        """
        from ._presets import PRESETS  # the registry is built from Rules

        try:
            return PRESETS[name]
        except (KeyError, TypeError):
            raise RulesError(
                f"no preset named {name!r}; the presets are: {', '.join(PRESETS)}"
            ) from None

    @staticmethod
    def preset_names() -> list[str]:
        """The names of the presets, in the order of the sources."""
        from ._presets import PRESETS  # the registry is built from Rules

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

    def player_counts(self) -> list[int]:
        """Every number of players these rules can deal hands for.

        >>> Rules.preset("six-spokes").player_counts(), Rules.preset("double-six").player_counts()
        ([2, 3, 4, 5, 6, 7, 8], [2, 3, 4, 5])
        """
        counts = []
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            try:
                self.hand_size_for(players)
            except RulesError:
                continue
            counts.append(players)
        return counts

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
        cfwidget.RulesError: 9-9 is not in a double-6 set
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
        unknown = sorted(map(repr, set(data) - set(OPTIONS)))  # keys of any type
        if unknown:
            raise RulesError(
                f"unknown rule option {', '.join(unknown)}; the options are: {', '.join(OPTIONS)}"
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
