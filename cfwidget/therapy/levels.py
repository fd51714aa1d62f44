"""What each cue level lets the client's screen say: one table, and the filter for words.

:data:`HELP` is the one home of the rule. Each cue level adds one kind of help to the
level below it, and a screen held to a level says nothing of a kind above it, in any
wording: not in the cue, the status line, the rule line, a refusal, the hand or the
buttons it enables.

===== ========= =================================================================
level kind      what may be said
===== ========= =================================================================
0     ``turn``  whose turn it is, what was played or drawn, that a try was refused
1     ``prompt`` a general prompt, and reminders of the rules that name no number
                or end to play on ("after drawing, only the drawn tile can be
                played, if it fits")
2     ``number`` the number to look for, and the ends showing it ("the centre
                double 6-6 still needs 4 spokes (tiles with a 6)")
3     ``fit``   whether a tile fits and which tiles do, where they go, and so
                whether to play, draw or pass (Draw and Pass enabled as the rules
                allow)
4     ``move``  the move itself, shown and placed together
===== ========= =================================================================

What the table and the moves show is not help, and every level shows it: the tiles on
the table, the move log, the hands' counts, the scores, and what a screen reader says of
the board (how many tiles are on the table, the last one played). The board's open ends
in words ("Open ends: 9-9 takes 3 more spokes; 9-4 shows 4.", read to a screen reader with
the board) name the ends and their numbers: level 2's help, held like every sentence.

:func:`held` applies the table to words: it cuts a sentence into its clauses (at ``: ``,
``;`` and full stops), finds each clause in :data:`CLAUSES` (the engine's sentences and
the session's own) and keeps those the level allows, or their milder form where the
table gives one. A clause found nowhere is kept only if it cannot tell anything (no
tile, no number to match, no word about fitting, drawing, passing or playing);
otherwise only the top level, which shows the move anyway, shows it.

>>> held("Not that one: Client has a tile that fits, so Client must play instead of drawing.", 0)
'Not that one.'
>>> rule = "The centre double 6-6 still needs 4 spokes (tiles with a 6)"
>>> held(rule, 1), held(rule, 2) == rule
('', True)
>>> held("Not that one: 6-5 does not match 9-9: the open end of 9-9 shows 9.", 1)
'Not that one: 6-5 does not match 9-9.'
>>> board = "Open ends: 9-9 takes 3 more spokes; 9-4 shows 4."
>>> held(board, 1), held(board, 2) == board
('', True)
>>> allows(2, "number"), allows(2, "fit")
(True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["CLAUSES", "HELP", "KINDS", "Clause", "Help", "allows", "held", "kind_of", "level_of"]


@dataclass(frozen=True)
class Help:
    """One cue level: the ``kind`` of help it adds and what that lets the screen say."""

    level: int
    kind: str
    says: str


#: The cue levels, least help first: each adds one kind of help to the levels below it.
HELP: tuple[Help, ...] = (
    Help(0, "turn", "whose turn it is, what was played or drawn, and that a try was refused"),
    Help(
        1,
        "prompt",
        "a general prompt, and reminders of the rules that name no number or end to play on",
    ),
    Help(2, "number", "the number to look for, and the ends that show it"),
    Help(
        3,
        "fit",
        "whether a tile fits and which tiles do, where they go, and so whether to play, "
        "draw or pass",
    ),
    Help(4, "move", "the move itself, shown and placed together"),
)
#: The kinds of help, by the level that allows them.
KINDS: dict[str, int] = {h.kind: h.level for h in HELP}


def level_of(kind: str) -> int:
    """The lowest cue level that allows ``kind`` of help.

    >>> level_of("fit")
    3
    """
    return KINDS[kind]


def allows(level: int, kind: str) -> bool:
    """Whether a screen held to cue ``level`` may give ``kind`` of help."""
    return level >= KINDS[kind]


@dataclass(frozen=True)
class Clause:
    """A clause the screen may show: its words (a pattern), the ``kind`` of help it gives,
    and a ``milder`` form (a replacement for the pattern) of the ``milder_kind``, if any."""

    pattern: re.Pattern[str]
    kind: str
    milder: str | None = None
    milder_kind: str = "turn"


_T = r"\d+-\d+"  # a tile
_N = r"\d+"  # a number
_WHO = r"[^:;]+?"  # a player's name


def _clause(
    words: str, kind: str, milder: str | None = None, milder_kind: str = "prompt"
) -> Clause:
    return Clause(re.compile(words, re.IGNORECASE), kind, milder, milder_kind)


_AFTER_DRAWING = r"after drawing, only the drawn tile \1 can be played, if it fits"

#: Every clause the client's screen shows, from the engine's rule line and refusals
#: (:mod:`cfwidget.core`), the widget's status line and the session's words, with the
#: kind of help each gives.
CLAUSES: tuple[Clause, ...] = (
    # -- whose turn, what happened, a try refused (level 0) ------------------------------
    _clause(r"not that one", "turn"),
    _clause(r"let's look again together|that one waits for later", "turn"),
    _clause(r"let's find one that fits", "turn"),  # said to every wrong tile, at every level
    _clause(rf"you drew ({_T})", "turn"),
    _clause(rf"({_T}) cannot be played now", "turn"),  # the tile tried, refused
    _clause(rf"{_WHO} does not hold {_T}|{_T} is not (?:in the hand|on the table)", "turn"),
    _clause(rf"{_T}(?:@{_T})?!? is not allowed now", "turn"),
    _clause(r"round over|blocked, nobody can play|the round is over", "turn"),
    _clause(r"no more moves can be made|the chicken yard is empty and nobody can play", "turn"),
    _clause(r"choose a tile to play, or draw, or pass", "turn"),  # every action: none told
    _clause(rf"every player passed in turn \({_N} passes? in a row\)", "turn"),
    _clause(
        rf"{_N} players? in turn (?:has|have) passed, and the round ends if all {_N} do", "turn"
    ),
    _clause(rf"it is {_WHO}'s turn, not {_WHO}'s", "turn"),
    _clause(rf"{_WHO} has drawn a tile", "turn"),
    _clause(r"the chicken yard is empty, so there is nothing to draw", "turn"),
    # -- reminders of the rules (level 1) -----------------------------------------------
    _clause(r"look at the ends of the lines", "prompt"),
    _clause(rf"{_WHO} plays it if it fits, or passes", "prompt"),
    _clause(rf"{_WHO} has already drawn this turn", "prompt"),
    _clause(rf"after drawing, only the drawn tile ({_T}) can be played, if it fits", "prompt"),
    _clause(rf"after drawing, only the drawn tile ({_T}) may be played this turn", "prompt"),
    _clause(
        rf"the centre double {_T} already has all its spokes"
        rf"|the chicken foot on {_T} already has all its toes|{_T} is already covered",
        "prompt",
    ),
    _clause(rf"{_T} does not match {_T}", "prompt"),  # the tile and the end tried
    _clause(
        r"announce \('!'\) only with the play that leaves you one tile"
        r"|these rules do not use announcing the last tile \('!'\)",
        "prompt",
    ),
    # -- the number to look for, the ends showing it (level 2) ---------------------------
    _clause(r"play on any open end", "number"),
    _clause(
        rf"the (?:centre double|chicken foot on) {_T} still needs {_N} (?:spokes?|toes?)"
        rf"(?: \(tiles with an? {_N}\))?",
        "number",
    ),
    _clause(rf"the open end of {_T} shows {_N}", "number"),
    # the board's open ends in words (cfwidget.widget._words.open_words)
    _clause(r"open ends", "number"),
    _clause(rf"{_T} (?:shows {_N}|takes {_N} more (?:spokes?|toes?))", "number"),
    _clause(rf"look for a tile with an? {_N}(?:(?:, | or )an? {_N})*", "number"),
    # -- what fits, and so what to do (level 3) -----------------------------------------
    _clause(rf"after drawing, only the drawn tile ({_T}) must be played", "fit", _AFTER_DRAWING),
    _clause(
        rf"after drawing, only the drawn tile ({_T}) may be played",
        "fit",
        _AFTER_DRAWING,
    ),
    _clause(rf"the drawn tile ({_T}) does not fit, so pass", "fit", _AFTER_DRAWING),
    _clause(
        rf"after drawing, only the drawn tile ({_T}) may be played this turn, and it does not fit",
        "fit",
        r"after drawing, only the drawn tile \1 may be played this turn",
    ),
    _clause(rf"the drawn tile {_T} fits, and these rules say it must be played", "fit"),
    _clause(
        rf"{_WHO} has (?:a|no) tile that fits(?:, so {_WHO} must play instead of drawing)?", "fit"
    ),
    _clause(
        rf"{_WHO} has (?:a|no) tile that fits, so passing is not allowed(?: yet)?"
        rf"|{_WHO} has no tile that fits and the chicken yard is empty",
        "fit",
    ),
    _clause(
        rf"{_WHO} must play it|draw from the chicken yard(?: first)?|pass(?: instead)?"
        r"|play it or pass",
        "fit",
    ),
    _clause(
        rf"play (?:the drawn tile {_T}|a tile with an? {_N}|on an open end)(?: on {_T})?"
        r"(?:, or pass)?",
        "fit",
    ),
    _clause(rf"{_T} matches no open end(?: \(the open ends show [\d, and]+\))?", "fit"),
    _clause(
        r"it fits|it does not fit, so pass|it fits, and these rules say to play it"
        r"|no tile fits this time|take one from the chicken yard"
        r"|no tile fits and the yard is empty|that's fine",
        "fit",
    ),
    _clause(rf"the new tile {_T} does not fit", "fit"),
    # the line under the board before a tile is picked (cfwidget.widget._words.idle_words)
    _clause(r"choose a tile to play|no tile fits|draw one", "fit"),
    _clause(rf"(?:this tile fits|these tiles fit)|{_T}(?:, {_T})*", "fit"),
    _clause(rf"can go on {_T} \([^)]*\)(?:(?:, | or )on {_T} \([^)]*\))*", "fit"),
    _clause(r"cannot be played now|waits for a later turn", "fit"),
    # -- the move itself (level 4) ------------------------------------------------------
    _clause(rf"try {_T}|it goes on {_T}", "move"),
    _clause(r"press ok to do it together|press ok and we will place it together", "move"),
)

# Words that could tell something: a tile, a number to match, fitting, drawing, passing,
# playing. A clause with none of them, found in no table, is plain words (level 0).
_TELLS = re.compile(
    rf"{_T}|\b(?:with an?|shows?|show)\s+\d|\bfits?\b|\b(?:draw|pass|play|must)\b", re.IGNORECASE
)
_CUT = re.compile(r"(: |; |\. )")


def kind_of(clause: str) -> tuple[str, str | None, str]:
    """The kind of help one ``clause`` gives, and its milder form (``None``: none) and kind.

    >>> kind_of("the drawn tile 5-3 does not fit, so pass")
    ('fit', 'after drawing, only the drawn tile 5-3 can be played, if it fits', 'prompt')
    >>> kind_of("That click was for an earlier position, so it was ignored")
    ('turn', None, 'turn')
    """
    for c in CLAUSES:
        m = c.pattern.fullmatch(clause)
        if m is not None:
            milder = m.expand(c.milder) if c.milder is not None else None
            return c.kind, milder, c.milder_kind
    return ("move" if _TELLS.search(clause) else "turn"), None, "turn"


def held(text: str, level: int) -> str:
    """``text`` with only the clauses cue ``level`` allows (see the module text).

    >>> held("You drew 5-3. It fits: play it or pass.", 2)
    'You drew 5-3.'
    >>> held("It is your turn: play a tile with a 9 on 9-9", 0)
    'It is your turn'
    """
    if level >= len(HELP) - 1 or not text:
        return text
    stop = text.endswith(".")
    parts = _CUT.split(text[:-1] if stop else text)
    kept: list[str] = []
    for i in range(0, len(parts), 2):
        clause = parts[i]
        kind, milder, milder_kind = kind_of(clause)
        if not allows(level, kind):
            if milder is None or not allows(level, milder_kind):
                continue
            clause = milder if clause[:1].islower() else milder[:1].upper() + milder[1:]
        if kept:
            kept.append(parts[i - 1])
        kept.append(clause)
    out = "".join(kept)
    if out and text[:1].isupper():
        out = out[0].upper() + out[1:]
    return out + "." if out and stop else out
