"""Exercises for calls and endings: chickie, the toes, the last tile, everyone passing.

Each plays the move on its own copy of the position and reads what the engine did: whether
the double became a chicken foot and how many toes it needs, whether a penalty tile was drawn,
whether the round ended. Feedback names the rule and the rule texts (000 to 004) behind it.

>>> from cfwidget import teach
>>> q = round_over(teach.position("pass-goes-on"))
>>> q.check("yes")  # doctest: +NORMALIZE_WHITESPACE
Not yet: under 001, Pagat's rules (002), 003 and 004 a round ends only when someone goes out,
or when it is blocked: the chicken yard is empty and nobody can play, and here the chicken yard
still holds 22 tiles. Only the Wolf Lake rules (000) end a round when everyone has passed in
turn.
"""

from __future__ import annotations

from .._shared import article, plural, shown
from ..core import Move, NotationError, Round, Tile
from ._answers import Exercise, listing, read_number, read_tiles, sentence, slug
from ._errors import AnswerError, LessonError
from ._exercises import _key, _own_copy
from ._rule_exercises import _cap, _pick, _plain, _table, _texts

__all__ = ["chickie_call", "last_tile", "round_over", "toes_needed"]

# -- calling a chicken foot -----------------------------------------------------------------

# The numbers as a call names them, from "Chickie blanks!" up to the double-21 set.
_WORDS = (
    "blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "twenty-one",
)  # fmt: skip
_CALLS = (
    'The Wolf Lake rules (000) have the player call "Chicken foot" or "chickie" and the number, '
    '004 "Chickie" and the number, 001 "chicken foot", and Pagat\'s rules (002) "chicken foot" '
    'or "chickie"; 003 mentions no call. The engine never asks for it: calling is a custom at '
    "the table, so that everyone knows toes must follow"
)
_NOTHING = {w: "Nothing" for w in ("nothing", "none", "say nothing", "no call", "silence")}


def _numbers_word(n: int) -> str:
    """``fours``, ``sixes``, ``blanks``: the number as a call names it."""
    word = _WORDS[n]
    return word + ("es" if word == "six" else "s")


def _number_in(text: str) -> int | None:
    """The number a plain answer names after "chickie": ``4``, ``4s``, ``four``, ``fours``."""
    text = text.strip()
    digits = text[:-1] if text.endswith("s") and text[:-1].isdigit() else text
    if digits.isdigit():
        return int(digits) if int(digits) < len(_WORDS) else None
    for n, word in enumerate(_WORDS):
        if text in (word, _numbers_word(n)):
            return n
    return None


def _foot(rnd: Round, double: Tile | str, asker: str) -> tuple[Round, Tile, Tile, Round]:
    """The position, the double, the line tile it is laid on, and the round after it (checked)."""
    position = _own_copy(rnd, asker)
    name = position.names[position.turn]
    try:
        tiles = read_tiles(double)
    except AnswerError as exc:
        raise LessonError(f"{asker} needs one double, like '4-4': {exc}") from None
    if len(tiles) != 1 or not tiles[0].is_double:
        raise LessonError(f"{asker} asks about one double, like '4-4'; got {shown(double)}")
    d = tiles[0]
    ontos = [m.onto for m in position.legal_moves() if m.tile == d and not m.announce]
    onto = next((u for u in ontos if u is not None), None)
    if onto is None:
        why = position.tile_refusal(d) or f"{d} cannot be played now"
        raise LessonError(f"{asker} needs a position where {name} can lay {d}: {why}")
    if len(position.hand(position.turn)) <= 2:
        raise LessonError(
            f"{asker} needs a position where {name} keeps two tiles or more after laying {d}, "
            "so that the call is only about the chicken foot"
        )
    after = position.copy()
    after.play(Move.play(d, onto))
    if after.forced != d:  # never: a double laid on a line is always a chicken foot
        raise LessonError(f"{d} did not become a chicken foot here")
    return position, d, onto, after


def chickie_call(rnd: Round, double: Tile | str, *, key: str | None = None) -> Exercise:
    """ "<seat> lays <double> on the open <n>. What does <seat> call out?" (a choice).

    "Chickie" and the double's number, or "Chicken foot!", are right; the feedback says
    which text asks for which call, and that the engine itself needs none.

    >>> from cfwidget import teach
    >>> q = chickie_call(teach.position("foot-choice"), "4-4")
    >>> q.question
    'Cy lays 4-4 on the open 4 of 8-4. What does Cy call out?'
    >>> q.choices[:3]
    ('Chickie eights!', 'Chickie fours!', 'Chicken foot!')
    >>> q.check("uno")  # doctest: +NORMALIZE_WHITESPACE
    Not yet: "Uno!" is said with the last tile in hand (the Wolf Lake rules, 000), and Cy keeps
    more than one. Cy lays a chicken foot, and calls that out: "Chickie fours!" or "Chicken foot!".
    >>> q.check("chickie 4").status, q.check("Chicken foot").status
    ('correct', 'correct')
    """
    position, d, onto, after = _foot(rnd, double, "chickie_call")
    name = position.names[position.turn]
    n, toes = d.high, after.needed
    other = onto.other(n) if onto.other(n) != n else (n + 1) % (position.rules.max_pip + 1)
    right, foot = f"Chickie {_numbers_word(n)}!", "Chicken foot!"
    wrong_number = f"Chickie {_numbers_word(other)}!"
    choices = (wrong_number, right, foot, "Uno!", "Pass", "Nothing")
    calls = f'"{right}" or "{foot}"'
    next_tiles = (
        f"the next {plural(toes, 'tile')} must show {article(n)}, played on {d} as "
        f"{'its toe' if toes == 1 else 'toes'}, before anyone plays anywhere else"
    )
    aliases = {"chickenfoot": foot, "uno": "Uno!", "last tile": "Uno!", **_NOTHING}

    def judge(answer: object) -> tuple[bool, str]:
        text = _plain(answer) if isinstance(answer, str) else None
        said: int | str | None = None
        if text is not None and text.startswith("chickie") and text != _plain(foot):
            said = n if text == "chickie" else _number_in(text[len("chickie") :])
        if said is None:
            said = _pick(answer, choices, aliases)
        if said in (n, right, foot):
            return True, (
                f'"{right}" and "{foot}" are both right: a double laid on a line is a chicken '
                f"foot, and {next_tiles}. {_CALLS}"
            )
        if isinstance(said, int) or said == wrong_number:
            shown_n = _numbers_word(other if said == wrong_number else int(said))
            return False, (
                f'the call names the double\'s number: {d} shows {n}, so "{right}", not '
                f'"Chickie {shown_n}!". The next tiles must show {article(n)}'
            )
        if said == "Uno!":
            return False, (
                f'"Uno!" is said with the last tile in hand (the Wolf Lake rules, 000), and '
                f"{name} keeps more than one. {name} lays a chicken foot, and calls that out: "
                f"{calls}"
            )
        if said == "Pass":
            return False, (
                f"{name} is playing a tile, not passing: a player passes only when no tile fits "
                f"and there is nothing to draw, or the drawn tile does not fit. Laying {d} on a "
                f"line makes a chicken foot, and the player calls it out: {calls}"
            )
        return False, (
            f"most rule texts ask for a call when a chicken foot is laid, though the engine "
            f"needs none. {_CALLS}"
        )

    return Exercise(
        question=f"{name} lays {d} on the open {n} of {onto}. What does {name} call out?",
        judge=judge,
        hints=(
            "A double laid on a line is a chicken foot, and the player who lays it calls it "
            "out, so that everyone knows what must come next.",
            f'The call is "Chickie" and the double\'s number in the plural ({d} shows {n}), '
            'or simply "Chicken foot!".',
        ),
        solution_text=sentence(f"{calls}: {next_tiles}. {_CALLS}"),
        example='"Pass"',
        kind="choice",
        choices=choices,
        key=_key(key) or slug(f"chickie-{d}"),
    )


def toes_needed(rnd: Round, double: Tile | str, *, key: str | None = None) -> Exercise:
    """ "How many tiles must be played on <double> before anyone plays elsewhere?" (a number).

    Judged by the engine: the double is laid on a copy and the toes it needs counted.

    >>> from cfwidget import teach
    >>> q = toes_needed(teach.position("foot-choice"), "4-4")
    >>> q.check(4)  # doctest: +NORMALIZE_WHITESPACE
    Not yet: 4 is what the centre double takes (its spokes). A chicken foot takes 3 toes, tiles
    with a 4, before play goes anywhere else; all five rule texts say 3.
    >>> q.check("3")
    Correct! A chicken foot takes 3 toes: the next 3 tiles must show a 4, played on 4-4.
    """
    position, d, onto, after = _foot(rnd, double, "toes_needed")
    name = position.names[position.turn]
    n, toes, spokes = d.high, after.needed, position.rules.spokes
    texts = (
        "all five rule texts say 3"
        if toes == 3
        else "these rules use a smaller foot to learn on, and all five rule texts say 3"
    )
    why = (
        f"A chicken foot takes {plural(toes, 'toe')}, tiles with {article(n)}, before play goes "
        f"anywhere else; {texts}"
    )
    right = (
        f"a chicken foot takes {plural(toes, 'toe')}: the next {plural(toes, 'tile')} must show "
        f"{article(n)}, played on {d}"
    )

    def judge(answer: object) -> tuple[bool, str]:
        given = read_number(answer, "the number of tiles")
        if given == toes:
            return True, right
        if given == spokes:
            return False, f"{given} is what the centre double takes (its spokes). {why}"
        return False, f"{given} is not it. {why}"

    return Exercise(
        question=(
            f"{name} lays {d} on the open {n} of {onto}. How many tiles must be played on it "
            "before anyone plays anywhere else?"
        ),
        judge=judge,
        hints=(
            "A double laid on a line is a chicken foot. Like the centre double, it must be "
            "filled before play goes on anywhere else.",
            "Think of a chicken's foot: the double is the leg, and the tiles played on it are "
            "its toes. How many toes does a chicken stand on?",
        ),
        solution_text=sentence(f"{right}, before anyone plays anywhere else; {texts}"),
        example="3",
        kind="number",
        key=_key(key) or slug(f"toes-{d}"),
    )


# -- the last tile -----------------------------------------------------------------------------

_LITTLE = "chicken little (a variation in Pagat's rules, 002)"
_UNO = '"Uno", as the Wolf Lake rules (000) do'


def _last_tile_choices(name: str) -> tuple[tuple[str, str, str], dict[str, str]]:
    """The three outcomes offered, and the plain words a beginner may type for each."""
    nothing, penalty, miss = (
        "Nothing: play goes on",
        f"{name} draws a tile as a penalty",
        f"{name} misses a turn",
    )
    words = {
        nothing: "nothing|none|no penalty|nothing happens|play goes on|goes on",
        penalty: "draw|draws|draw a tile|draws a tile|draw one tile|penalty|a penalty",
        miss: "miss|miss a turn|misses a turn|skip|lose a turn|loses a turn",
    }
    aliases = {w: choice for choice, ws in words.items() for w in ws.split("|")}
    return (nothing, penalty, miss), aliases


def last_tile(rnd: Round, move: Move | str, *, key: str | None = None) -> Exercise:
    """ "<seat> plays <tile> and says nothing. What happens?" for a seat holding two tiles.

    ``move`` is the play; ending it in ``!`` (``"3-0@5-0!"``) asks about a player who
    announces the last tile. Judged by playing the move on a copy: under chicken little
    (002) a silent play that leaves one tile draws a penalty tile; under "Uno" (000) it is a
    courtesy; with no last-tile rule nothing is said at all.

    >>> from cfwidget import teach
    >>> q = last_tile(teach.position("chicken-little"), "3-0@5-0")
    >>> q.check("nothing")  # doctest: +NORMALIZE_WHITESPACE
    Not yet: this table plays chicken little (a variation in Pagat's rules, 002): a player who
    forgets to announce the last tile, and is caught, draws one tile.
    >>> q.check("Bob draws a tile as a penalty").status
    'correct'
    """
    position = _own_copy(rnd, "last_tile")
    seat = position.turn
    name, hand = position.names[seat], position.hand(seat)
    if len(hand) != 2:
        raise LessonError(
            f"last_tile needs a position where the player to move holds two tiles; "
            f"{name} holds {plural(len(hand), 'tile')}"
        )
    try:
        asked = move if isinstance(move, Move) else Move.parse(move)
    except NotationError as exc:
        raise LessonError(f"last_tile needs a play, like '3-0@5-0': {exc}") from None
    tile, onto = asked.tile, asked.onto
    if tile is None or onto is None:
        raise LessonError(f"last_tile needs a play, like '3-0@5-0'; got {shown(move)}")
    rule, said = position.rules.last_tile, asked.announce
    # Without a last-tile rule the engine takes no "!": what is said is only talk.
    played = asked if rule != "silent" else Move.play(tile, onto)
    refusal = position.refusal(played)
    if refusal is not None:
        raise LessonError(f"last_tile needs a play {name} can make: {refusal}")
    after = position.copy()
    after.play(played)
    penalised = len(after.penalties) > len(position.penalties)  # the engine drew a penalty tile
    nxt = after.names[after.turn]
    (nothing, penalty, miss), aliases = _last_tile_choices(name)
    silent_texts = _texts("last_tile", "silent")
    if penalised:
        right = (
            f"{name} forgot to announce the last tile, and under {_LITTLE} a player who is "
            f"caught forgetting draws one tile: {name} draws one and holds "
            f"{plural(after.hand_counts()[seat], 'tile')} again (cfwidget always catches it). "
            'Under the Wolf Lake rules (000) "Uno" is only a courtesy'
        )
    elif rule == "chicken-little" and said:
        right = f"{name} announced the last tile, as {_LITTLE} asks, so play goes on"
    elif rule == "chicken-little":
        right = (
            f"{_LITTLE} makes a player who forgets to announce the last tile draw one, but the "
            "chicken yard is empty, so there is nothing to draw"
        )
    elif rule == "uno":
        right = (
            f'{name} said "Uno", as the Wolf Lake rules (000) ask, and play goes on'
            if said
            else 'under the Wolf Lake rules (000) saying "Uno" is a courtesy, with no penalty, '
            f"so play goes on and {nxt} plays next. Only {_LITTLE} makes a player who forgets "
            "draw a tile"
        )
    else:
        right = (
            f"this table has no last-tile rule, like {silent_texts}, so play goes on and {nxt} "
            'plays next. The Wolf Lake rules (000) ask for "Uno" as a courtesy, and '
            f"{_LITTLE} makes a player who forgets draw a tile"
        )
    right = ("" if penalised else "Nothing happens: ") + right
    rule_now = {
        "silent": f"this table has no last-tile rule, like {silent_texts}: nobody needs to "
        "announce a last tile",
        "uno": f"this table plays {_UNO}: saying it is a courtesy, with no penalty",
        "chicken-little": f"this table plays {_LITTLE}: a player who forgets to announce the "
        "last tile, and is caught, draws one tile",
    }[rule]

    def judge(answer: object) -> tuple[bool, str]:
        given = _pick(answer, (nothing, penalty, miss), aliases)
        if given == (penalty if penalised else nothing):
            return True, right
        if given == miss:
            return False, f"no rule text makes a player miss a turn for this: {rule_now}"
        if rule == "chicken-little" and given == penalty:
            return False, (
                f"{name} announced it, as {_LITTLE} asks: only a player who forgets draws a tile"
                if said
                else "the chicken yard is empty, so there is no tile to draw"
            )
        return False, rule_now

    sharper = {
        "silent": "This table has no last-tile rule: does anyone need to say anything?",
        "uno": f"This table plays {_UNO}: is there any penalty in it?",
        "chicken-little": f"This table plays {_LITTLE}. Did {name} announce the last tile?"
        + ("" if position.yard_count else " Is there a tile left to draw?"),
    }[rule]
    words = 'says "Uno!"' if said else "says nothing"
    return Exercise(
        question=(
            f"{_table(position.rules, 'last_tile')} {name} holds "
            f"{listing(sorted(hand, reverse=True))}, plays {tile} on {onto} and "
            f"{words}. What happens?"
        ),
        judge=judge,
        hints=(
            f"It depends on the table's rule for the last tile: no rule (like {silent_texts}), "
            f'"Uno" as a courtesy (the Wolf Lake rules, 000), or {_LITTLE}: forget to announce '
            "it, get caught, and draw a tile.",
            sharper,
        ),
        solution_text=sentence(right),
        example='"nothing"',
        kind="choice",
        choices=(nothing, penalty, miss),
        key=_key(key) or slug(f"last-tile-{rule}-{'said' if said else 'silent'}"),
    )


# -- the end of a round when everyone passes ------------------------------------------------------

_YES, _NO = "Yes, the round is over", "No, play goes on"
_YES_NO = {
    **dict.fromkeys(("yes", "y", "yes it is", "over", "it is over", "true", "ends"), _YES),
    **dict.fromkeys(("no", "n", "no it is not", "not over", "goes on", "it goes on", "false"), _NO),
}


def _yard(count: int) -> str:
    return (
        f"The chicken yard holds {plural(count, 'tile')}" if count else "The chicken yard is empty"
    )


def _passers(rnd: Round) -> list[str]:
    """The players who passed one after another just before the seat to move, in order."""
    names: list[str] = []
    for seat, move in reversed(rnd.history):
        if move == Move.PASS:
            names.append(rnd.names[seat])
        elif move != Move.DRAW:
            break
    return names[::-1]


def round_over(rnd: Round, *, key: str | None = None) -> Exercise:
    """ "<seat> passes too. Is the round over?" for a seat whose only move is to pass.

    Judged by passing on a copy: with ``round_end="all-passed"`` (000) the round ends once
    every player in turn has passed, tiles in the chicken yard or not; the other texts play
    on until someone goes out or the round is blocked (yard empty, nobody can play).

    >>> from cfwidget import teach
    >>> q = round_over(teach.position("all-pass"))
    >>> q.check("no")  # doctest: +NORMALIZE_WHITESPACE
    Not yet: under the Wolf Lake rules (000) a round also ends when every player in turn has
    passed, even with tiles left in the chicken yard: with Cy, all 3 players have passed in turn.
    >>> q.check(" YES ").status, round_over(teach.position("pass-goes-on")).check("no").status
    ('correct', 'correct')
    """
    position = _own_copy(rnd, "round_over")
    name, n, yard = position.names[position.turn], position.players, position.yard_count
    legal = position.legal_moves()
    if legal != [Move.PASS]:
        raise LessonError(
            f"round_over asks about a player who must pass, but {name} can "
            f"{listing((str(m) for m in legal), 'or')}"
        )
    passers = _passers(position)
    in_turn = len(passers) + 1  # with this pass
    after = position.copy()
    after.play(Move.PASS)
    over, counts = after.is_over, position.rules.round_end == "all-passed"
    all_passed, blocked = _texts("round_end", "all-passed"), _texts("round_end", "blocked")
    state = f"the chicken yard still holds {plural(yard, 'tile')}" if yard else ""
    state = state or "someone can still play"
    have = "has" if in_turn == 1 else "have"
    ends = (
        f"under {all_passed} a round also ends when every player in turn has passed, even with "
        "tiles left in the chicken yard"
    )
    goes_on = (
        f"under {blocked} a round ends only when someone goes out, or when it is blocked: the "
        "chicken yard is empty and nobody can play"
    )
    only = f"Only {all_passed} end a round when everyone has passed in turn"
    if over:
        right = f"Yes: {after.how_it_ended()}. {_cap(ends)}" + (
            f"; under {blocked} play would go on, as {state}" if yard else ""
        )
    elif counts:
        right = (
            f"No: only {in_turn} of the {n} players {have} passed in turn, and {ends}, so it "
            f"ends only when all {n} have. {after.names[after.turn]} plays next"
        )
    else:
        right = f"No: {goes_on}. Here {state}, so {after.names[after.turn]} plays next. {only}"

    def judge(answer: object) -> tuple[bool, str]:
        said_over = _pick(answer, (_YES, _NO), _YES_NO) == _YES
        if said_over == over:
            return True, right
        if over:
            return False, f"{ends}: with {name}, all {n} players have passed in turn"
        if counts:
            return False, f"{ends}, but only {in_turn} of the {n} players {have} passed in turn"
        return False, f"{goes_on}, and here {state}. {only}"

    why = (
        f"has drawn {position.drawn}, which does not fit, so {name} passes"
        if position.drawn is not None
        else f"cannot play and has nothing to draw, so {name} passes"
    )
    before = (
        f"{listing(passers)} passed, one after another. Now {name} {why} too."
        if passers
        else f"Now {name} {why}."
    )
    return Exercise(
        question=(
            f"{_table(position.rules, 'round_end')} {before} {_yard(yard)}. Is the round over?"
        ),
        judge=judge,
        hints=(
            "Every rule text ends a round when someone plays their last tile, or when it is "
            f"blocked: the chicken yard is empty and nobody can play. {_cap(all_passed)} "
            "add a third way: every player in turn has passed.",
            f"With {name}'s pass, {in_turn} of the {n} players {have} passed in turn. "
            f"{_yard(yard)}. Which rule does this table follow?",
        ),
        solution_text=sentence(right),
        example='"yes"',
        kind="choice",
        choices=(_YES, _NO),
        key=_key(key) or slug(f"round-over-{position.rules.round_end}"),
    )
