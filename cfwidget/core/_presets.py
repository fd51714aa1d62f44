"""The presets: one per rule text, each a name, the text it follows and the options it sets.

>>> from cfwidget.core import PRESET_TABLE
>>> PRESET_TABLE["double-six"].texts, dict(PRESET_TABLE["double-six"].options)["double_blank"]
(('004',), 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ._rules import Rules

__all__ = ["PRESETS", "PRESET_TABLE", "Preset"]


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
                about="the Wolf Lake hand-size table; the highest lower double dealt stands in; a "
                "drawn tile that fits is played; the round also ends when everyone has passed; "
                "say 'Uno' on your last tile",
                # "either play it if possible or call pass"; the round ends "when all players
                # have consecutively passed".
                options={
                    "hand_size": "wolf-lake",
                    "start_missing": "next-highest",
                    "round_order": "highest-unused",
                    "must_play_drawn": True,
                    "last_tile": "uno",
                    "round_end": "all-passed",
                },
            ),
            Preset(
                "puremco",
                texts=("002",),
                source="002, Pagat's rules with Puremco's hand sizes",
                about="Pagat's rules with Puremco's bigger hands; a drawn tile is played "
                "if it fits",
                options={"hand_size": "puremco", "must_play_drawn": True},
            ),
            Preset(
                "seven-each",
                texts=("001",),
                source="001, seven tiles each",
                about="seven tiles each; draw for a missing double; a drawn tile that fits "
                "may be played; tie-breaks on zero rounds",
                options={"hand_size": 7},
            ),
            Preset(
                "six-spokes",
                texts=("003",),
                source="003, six spokes on the centre",
                about="six spokes (a double chicken foot on the centre); about seven each, "
                "fewer for a bigger table; a drawn tile that fits is played",
                options={"spokes": 6, "hand_size": "six-spokes", "must_play_drawn": True},
            ),
            Preset(
                "y-shape",
                texts=("002",),
                source="002's variation: three spokes in a Y",
                about="only three spokes, in a Y shape, with Puremco's hand sizes",
                options={"spokes": 3, "hand_size": "puremco", "must_play_drawn": True},
            ),
            Preset(
                "double-six",
                texts=("004",),
                source="004, the double-six rules",
                about="double-six, five each; the highest lower double dealt stands in; a drawn "
                "tile that fits is played; the double blank counts its spots (none)",
                # 004 counts "the spots on the dominos in their hand".
                options={
                    "max_pip": 6,
                    "hand_size": 5,
                    "start_missing": "next-highest",
                    "round_order": "highest-unused",
                    "must_play_drawn": True,
                    "double_blank": 0,
                },
            ),
        )
    }
)

#: Each preset's rules by name (built from :data:`PRESET_TABLE`).
PRESETS: dict[str, Rules] = {name: Rules(**p.options) for name, p in PRESET_TABLE.items()}
