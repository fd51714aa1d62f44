"""Real positions for the rules lessons, so that the notebooks stay short.

Every position is a :class:`~cfwidget.Round` built with
:meth:`Round.from_deal <cfwidget.Round.from_deal>` from a deal written
out below, then moved on by a fixed list of moves: the same position every
time, checked by the rules as it is built.

The main story is one double-nine round for Ann, Bob and Cy (seven rules, one
deal): the deal, the spokes, the lines, a chicken foot, drawing, and the end.
Two small double-six positions (from rule text 004) show passing with an
empty chicken yard and a round blocked by a chicken foot that cannot be
finished; two more show the six-spoke (003) and Y-shape (002) centres.

>>> rnd = position("spokes")
>>> rnd.names[rnd.turn], rnd.rule_in_force()
('Bob', 'the centre double 9-9 still needs 1 spoke (tiles with a 9)')
>>> [str(m) for m in rnd.legal_moves()]
['9-7@9-9']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .._shared import check_whole, is_whole, shown
from ..core import (
    HAND_TABLES,
    OPTIONS,
    PRESET_TABLE,
    PRESETS,
    Move,
    Observation,
    Round,
    Rules,
    RulesError,
    ScoreSheet,
)
from ._errors import LessonError
from ._pictures import Picture, picture

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "POSITIONS",
    "SHEETS",
    "SOURCES",
    "Picture",
    "hand_sizes",
    "narrate",
    "picture",
    "position",
    "presets_table",
    "sheet",
    "story",
]

NAMES = ("Ann", "Bob", "Cy")

# -- the deals ---------------------------------------------------------------------------

# The main story: double-nine, three players, nine tiles each (the Wolf Lake table, 000).
# Ann holds 9-9; the chicken yard is drawn from the front.
_STORY_HANDS = (
    "9-9 8-3 7-5 6-6 5-2 4-1 3-3 2-0 1-1",
    "9-4 9-7 8-8 7-2 6-1 5-5 4-3 3-0 1-0",
    "9-1 9-2 8-4 7-7 6-4 4-4 2-2 2-1 0-0",
)
_STORY_YARD = (
    "9-8 9-3 7-6 8-7 7-3 8-0 7-1 3-1 4-0 6-0 3-2 8-5 9-0 6-2 "
    "6-5 5-1 8-6 9-5 8-2 7-0 9-6 6-3 5-3 5-0 7-4 4-2 8-1 5-4"
)
# Every move of the story round, in order (the first twelve were chosen for the lessons;
# the rest is the greedy bot, with Cy holding on to the double blank).
_STORY_MOVES = (
    "9-4@9-9 9-1@9-9 draw 9-8@9-9 9-7@9-9 8-4@9-8 7-5@9-7 6-1@9-1 4-4@8-4 4-1@4-4 4-3@4-4 "
    "6-4@4-4 6-6@6-1 draw pass draw 7-6@6-6 draw pass draw pass draw pass draw pass draw "
    "pass draw pass draw 6-0@6-6 draw pass draw pass draw pass draw 6-2@6-6 7-7@7-6 "
    "8-7@7-7 7-3@7-7 draw pass 7-1@7-7 8-8@8-7 8-5@8-8 8-3@8-8 draw pass 8-0@8-8 9-0@6-0 "
    "9-3@4-3 6-5@6-4 5-2@6-2 5-5@5-2 draw pass draw 9-5@5-5 5-1@5-5 draw pass draw pass "
    "draw pass draw pass draw 5-3@5-5 9-6@9-0 8-6@9-6 7-0@8-0 7-2@7-0 9-2@7-2 3-3@5-3 "
    "3-2@3-3 6-3@3-3 draw pass 3-1@3-3 8-2@3-2 5-0@6-5 3-0@5-0 4-0@9-4 1-1@3-1 1-0@1-1"
)

# Double-six, three players, five tiles each (004); Cy holds 6-6.
_SIX_HANDS = (
    "5-3 6-1 2-2 5-4 5-5",
    "1-0 4-3 3-2 0-0 2-0",
    "4-4 1-1 4-2 3-0 6-6",
)
_SIX_YARD = "6-0 4-1 2-1 3-3 5-1 6-3 4-0 6-4 6-5 3-1 5-0 6-2 5-2"
_SIX_MOVES = (
    "6-1@6-6 draw 6-0@6-6 draw pass draw pass draw pass draw pass draw 6-3@6-6 draw pass "
    "draw 6-4@6-6 5-4@6-4 0-0@6-0 3-0@0-0 draw pass 4-0@0-0 draw pass draw 5-0@0-0 "
    "4-3@3-0 4-4@4-0 draw pass draw pass 4-2@4-4 pass pass 4-1@4-4"
)

# The other centres: double-nine, seven tiles each (001, 003); Ann holds 9-9.
_CENTRE_HANDS = (
    "9-9 8-2 7-1 6-3 5-5 3-1 2-0",
    "9-8 9-6 7-7 5-3 4-2 1-0 0-0",
    "9-5 9-3 8-8 6-5 4-1 3-3 2-2",
)
_CENTRE_YARD = (
    "9-4 8-7 6-0 9-2 7-3 5-1 8-1 4-4 6-6 8-5 9-7 7-2 4-0 6-2 1-1 3-2 9-0 8-3 7-6 "
    "5-0 6-4 8-6 2-1 5-4 7-4 4-3 9-1 6-1 8-0 7-5 3-0 5-2 8-4 7-0"
)

# Nobody is dealt 9-9 (double-nine, nine tiles each): with start_missing="draw" the players draw
# in turn from Ann, and Bob draws 9-9 on the 8th draw; with "next-highest" (000) Cy's 8-8 starts.
_DRAW_HANDS = (
    "9-6 8-3 7-5 6-6 5-2 4-1 3-3 2-0 1-1",
    "9-4 9-7 7-7 7-2 6-1 5-5 4-3 3-0 1-0",
    "9-1 9-2 8-8 8-4 6-4 4-4 2-2 2-1 0-0",
)
_DRAW_YARD = (
    "9-8 9-3 7-6 8-7 7-3 8-0 7-1 9-9 3-1 4-0 6-0 3-2 8-5 9-0 6-2 6-5 5-1 8-6 9-5 8-2 "
    "7-0 6-3 5-3 5-0 7-4 4-2 8-1 5-4"
)


@dataclass(frozen=True)
class _Spec:
    about: str
    rules: Callable[[], Rules]
    hands: tuple[str, ...]
    yard: str
    moves: str
    played: int | None  # how many of the moves to play (None: all)


#: Each deal a position plays from: its usual rules, the hands, the yard and the moves.
_DEALS: dict[str, tuple[Callable[[], Rules], tuple[str, ...], str, str]] = {
    "story": (Rules, _STORY_HANDS, _STORY_YARD, _STORY_MOVES),
    "six": (lambda: PRESETS["double-six"], _SIX_HANDS, _SIX_YARD, _SIX_MOVES),
    "six-spokes": (
        lambda: PRESETS["six-spokes"],
        _CENTRE_HANDS,
        _CENTRE_YARD,
        "9-8@9-9 9-5@9-9 draw 9-4@9-9 9-6@9-9",
    ),
    # 002's variation, with the seven-tile hands of 001.
    "y-shape": (
        lambda: PRESETS["y-shape"].replace(hand_size=7),
        _CENTRE_HANDS,
        _CENTRE_YARD,
        "9-8@9-9 9-5@9-9 draw 9-4@9-9",
    ),
    "no-nine-dealt": (Rules, _DRAW_HANDS, _DRAW_YARD, ""),
}


def _spec(
    about: str, deal: str, played: int | None, rules: Callable[[], Rules] | None = None
) -> _Spec:
    """``played`` moves of ``deal`` (None: all), under ``rules`` if given, else its own."""
    usual, hands, yard, moves = _DEALS[deal]
    return _Spec(about, rules or usual, hands, yard, moves, played)


#: Every lesson position by name, with what it shows.
POSITIONS: dict[str, _Spec] = {
    "deal": _spec("the deal: Ann has placed 9-9 in the centre; Bob moves first", "story", 0),
    "no-nine": _spec("two spokes down; Ann holds no 9 and must draw", "story", 2),
    "drawn": _spec("Ann drew 9-8, which fits: she may play it or pass", "story", 3),
    "spokes": _spec("three spokes down; Bob must play the fourth", "story", 4),
    "lines": _spec("all four spokes down: Cy may play on any open end", "story", 5),
    "foot-choice": _spec("two open ends show a 4; Cy holds 4-4", "story", 8),
    "foot": _spec("Cy laid the chicken foot 4-4; Ann must play a toe", "story", 9),
    "toes-done": _spec("the chicken foot has its three toes; play is open again", "story", 12),
    "foot-draw": _spec("a chicken foot on 6-6; Bob holds no 6 and must draw", "story", 13),
    "miss": _spec("Bob drew a tile that does not fit: he passes", "story", 14),
    "out": _spec("the end: Bob played his last tile; Cy still holds 0-0", "story", None),
    "pass": _spec("double-six, the chicken yard is empty: Ann cannot play, so passes", "six", 34),
    "blocked": _spec("double-six: the foot on 4-4 can never get its third toe", "six", None),
    "six-spokes": _spec("six spokes (003): four down, the centre needs two more", "six-spokes", 5),
    "y-shape": _spec("three spokes in a Y (002): the spokes are done", "y-shape", 4),
    # For the rules the first lessons leave out (see _rule_exercises.py).
    "draw-for-nine": _spec(
        "nobody was dealt 9-9: the players drew in turn, and Bob drew it on the 8th draw",
        "no-nine-dealt",
        0,
    ),
    "next-highest": _spec(
        "the same deal under the Wolf Lake rules (000): Cy's 8-8 starts instead",
        "no-nine-dealt",
        0,
        lambda: PRESETS["wolf-lake"],
    ),
    "all-pass": _spec(
        "Wolf Lake rules (000): Ann and Bob passed; Cy's drawn tile does not fit, so Cy passes",
        "story",
        22,
        lambda: PRESETS["wolf-lake"],
    ),
    "pass-goes-on": _spec(
        "the same passes under the lessons' rules: the yard has tiles, so play goes on", "story", 22
    ),
    "last-two": _spec("Bob holds two tiles, 3-0 and 1-0, and can play either", "story", 84),
    "uno": _spec(
        "Bob holds two tiles; the table says 'Uno' on the last tile (000)",
        "story",
        84,
        lambda: Rules(last_tile="uno"),
    ),
    "chicken-little": _spec(
        "Bob holds two tiles; the table plays chicken little (002)",
        "story",
        84,
        lambda: Rules(last_tile="chicken-little"),
    ),
}


def position(name: str) -> Round:
    """A fresh copy of the lesson position ``name`` (see :data:`POSITIONS`).

    >>> rnd = position("deal")
    >>> rnd.names, str(rnd.start), rnd.names[rnd.turn], [len(h) for h in rnd.hands]
    (('Ann', 'Bob', 'Cy'), '9-9', 'Bob', [8, 9, 9])
    >>> position("nope")
    Traceback (most recent call last):
    ...
    cfwidget.LessonError: no lesson position named 'nope'; the positions are: deal, no-nine, ...
    """
    spec = POSITIONS.get(name) if isinstance(name, str) else None
    if spec is None:
        raise LessonError(
            f"no lesson position named {name!r}; the positions are: {', '.join(POSITIONS)}"
        )
    rnd = Round.from_deal(
        spec.rules(),
        [hand.split() for hand in spec.hands],
        spec.yard.split(),
        names=NAMES,
    )
    moves = spec.moves.split()
    for move in moves if spec.played is None else moves[: spec.played]:
        rnd.play(move)
    return rnd


# -- showing a position --------------------------------------------------------------------


def _move_words(rnd: Round, seat: int, move: Move) -> str:
    name = rnd.names[seat]
    if move == Move.DRAW:
        return f"{name} draws a tile from the chicken yard"
    if move == Move.PASS:
        return f"{name} passes"
    tile, onto = move.tile, move.onto
    assert tile is not None and onto is not None
    if onto == rnd.start:
        where = f"as a spoke of the centre double {onto}"
    elif onto.is_double:
        where = f"as a toe of the chicken foot {onto}"
    else:
        where = f"on the open end of {onto}"
    what = "lays the chicken foot " + str(tile) if tile.is_double else f"plays {tile}"
    return f"{name} {what} {where}"


def story(rnd: Round) -> str:
    """The moves so far, one line each, in plain words.

    >>> print(story(position("no-nine")))
    1. Bob plays 9-4 as a spoke of the centre double 9-9
    2. Cy plays 9-1 as a spoke of the centre double 9-9
    """
    if not isinstance(rnd, Round):
        raise LessonError(f"story tells a cf.Round, like position('deal'); got {shown(rnd)}")
    lines = []
    for i, (seat, move) in enumerate(rnd.history, start=1):
        lines.append(f"{i}. {_move_words(rnd, seat, move)}")
    return "\n".join(lines) if lines else "(no moves yet)"


def narrate(rnd: Round, bots: Sequence[Callable[[Observation], Move]], moves: int) -> str:
    """Let ``bots`` (one per seat) make up to ``moves`` moves on a copy of ``rnd``, and tell it.

    Each line gives the rule in force and the move made under it.

    >>> from cfwidget.players import greedy
    >>> print(narrate(position("deal"), [greedy] * 3, moves=1))
    Rule in force: the centre double 9-9 still needs 4 spokes (tiles with a 9).
      Bob plays 9-7 as a spoke of the centre double 9-9
    """
    if not isinstance(bots, Sequence) or len(bots) != rnd.players:
        from ..players import BotError  # the bots' own error; the players layer loads pandas

        got = str(len(bots)) if isinstance(bots, Sequence) else repr(bots)[:60]
        raise BotError(f"need one bot per seat ({rnd.players}), got {got}")
    check_whole(moves, "moves", LessonError, low=0)
    from ..players import check_bot

    for seat, bot in enumerate(bots):
        check_bot(bot, f"the bot of seat {seat}")
    game = rnd.copy()
    lines: list[str] = []
    rule = ""
    for _ in range(moves):
        if game.is_over:
            break
        now = game.rule_in_force()
        if now != rule:
            lines.append(f"Rule in force: {now}.")
            rule = now
        seat = game.turn
        move = bots[seat](game.observation(seat))
        game.play(move)
        lines.append(f"  {_move_words(game, seat, move)}")
    if game.is_over:
        lines.append("The round is over.")
    return "\n".join(lines)


# -- tables and score sheets ---------------------------------------------------------------

#: The rule text behind each preset (from :data:`cfwidget.core.PRESET_TABLE`).
SOURCES = {name: preset.source for name, preset in PRESET_TABLE.items()}


def hand_sizes(table: str = "wolf-lake") -> pd.DataFrame:
    """A hand-size table as a DataFrame: one row per set, one column per number of players.

    >>> int(hand_sizes("wolf-lake").loc["double-9", 4])
    9
    """
    import pandas as pd

    if not isinstance(table, str) or table not in HAND_TABLES:
        raise RulesError(f"no hand-size table {table!r}; the tables are: {', '.join(HAND_TABLES)}")
    rows = HAND_TABLES[table]
    players = sorted({p for row in rows.values() for p in row})
    frame: pd.DataFrame = pd.DataFrame(
        [[rows[s].get(p, "-") for p in players] for s in sorted(rows)],
        index=pd.Index([f"double-{s}" for s in sorted(rows)], name="set"),
        columns=pd.Index(players, name="players"),
    )
    return frame


def presets_table(players: int = 4) -> pd.DataFrame:
    """Every preset side by side: its source and the options where the presets differ.

    Columns and words come from the options' declarations (:data:`cfwidget.core.OPTIONS`).
    A preset that cannot seat ``players`` shows ``-`` for its hand size.

    >>> int(presets_table().loc["six-spokes", "spokes"])
    6
    """
    import pandas as pd

    differ = [
        option
        for name, option in OPTIONS.items()
        if name not in ("max_pip", "hand_size")
        and len({getattr(rules, name) for rules in PRESETS.values()}) > 1
    ]
    rows = []
    for name, rules in PRESETS.items():
        try:
            tiles: int | str = rules.hand_size_for(players)
        except RulesError as exc:  # this preset cannot seat that many: say so in the cell
            if not is_whole(players):
                raise LessonError(
                    f"players must be a whole number from 2 to 8, got {players!r}"
                ) from None
            if not 2 <= players <= 8:
                raise LessonError(f"players must be from 2 to 8, got {players}") from exc
            tiles = "-"
        row = {
            "source": SOURCES[name],
            "set": f"double-{rules.max_pip}",
            f"tiles each ({players} players)": tiles,
        }
        for option in differ:
            row[option.label] = option.word(getattr(rules, option.name))
        rows.append(row)
    frame: pd.DataFrame = pd.DataFrame(rows, index=pd.Index(list(PRESETS), name="preset"))
    return frame


#: Finished score sheets whose totals tie, for the tie-break lesson.
SHEETS: dict[str, tuple[tuple[str, tuple[int, ...]], ...]] = {
    # Ann and Bob tie on 30; Bob has two zero rounds, Ann one.
    "zero-rounds": (("9-9", (0, 30, 5)), ("8-8", (20, 0, 8)), ("7-7", (10, 0, 40))),
    # Ann and Bob tie on 30 with one zero round each; Ann's lowest other round is 5.
    "lowest-round": (("9-9", (0, 0, 40)), ("8-8", (5, 12, 0)), ("7-7", (25, 18, 9))),
}


def sheet(name: str) -> ScoreSheet:
    """A finished score sheet for Ann, Bob and Cy from :data:`SHEETS`.

    >>> s = sheet("zero-rounds"); s.totals, s.standings()[0]
    ([30, 30, 53], 'Bob')
    """
    if not isinstance(name, str) or name not in SHEETS:
        raise LessonError(f"no lesson sheet named {name!r}; the sheets are: {', '.join(SHEETS)}")
    out = ScoreSheet(NAMES)
    for label, scores in SHEETS[name]:
        out.record(scores, label=label)
    return out
