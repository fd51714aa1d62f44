"""Checked exercises for the lessons: ``check()``, graded ``hint()`` and ``solution()``.

Every answer is checked by the engine itself, so a lesson can never disagree
with the rules. Feedback says one of three things: **correct**, **not yet**
(with what is still wrong and the rule that decides it) or **not attempted**.
Each exercise keeps its own copy of its position, so later moves on the round
(or rounds on the score sheet) it was made from never change its verdicts.

>>> from cfwidget import Round, Rules
>>> rnd = Round.from_deal(Rules(max_pip=3, spokes=3, hand_size=2),
...     hands=[["3-3", "3-0"], ["3-2", "1-0"]],
...     boneyard=["3-1", "2-2", "2-1", "2-0", "1-1", "0-0"], names=["Ann", "Bob"])
>>> q = which_tiles(rnd)
>>> q.check()
Not attempted: write your answer in the brackets, like q.check(["9-4", "6-6"]).
>>> q.check(["1-0"])  # doctest: +NORMALIZE_WHITESPACE
Not yet: 1-0 cannot be played now: the centre double 3-3 still needs 3 spokes
(tiles with a 3). You missed 3-2.
>>> q.hint()
Hint 1 of 2: Right now the centre double 3-3 still needs 3 spokes (tiles with a 3).
>>> rnd.play("3-2@3-3")  # the notebook moves on; the exercise keeps its own position
>>> q.check(["3-2"])
Correct! Bob can play 3-2.
"""

from __future__ import annotations

from .._shared import article, plural, shown
from ..core import OPTIONS, Move, NotationError, Round, ScoreSheet, Tile
from ._answers import (
    KINDS,
    Exercise,
    Feedback,
    listing,
    read_choice,
    read_name,
    read_number,
    read_numbers,
    read_tiles,
    sentence,
    slug,
)
from ._errors import AnswerError, LessonError
from ._typed import tidy

_BLANK = Tile(0, 0)

__all__ = [
    "KINDS",
    "Exercise",
    "Feedback",
    "hand_score",
    "round_scores",
    "what_to_do",
    "where_can",
    "which_tiles",
    "who_wins",
]

# -- what every position-based exercise shares ----------------------------------------


def _own_copy(rnd: object, asker: str) -> Round:
    """The exercise's own copy of ``rnd``, which must be a round still being played."""
    if not isinstance(rnd, Round):
        raise LessonError(f"{asker} needs a round (cf.Round), got {shown(rnd)}")
    if rnd.is_over:
        raise LessonError(
            f"this round is over ({rnd.how_it_ended()}), so there is no move to ask about: "
            f"make {asker} from a round that is still being played"
        )
    return rnd.copy()


def _key(key: str | None) -> str:
    if key is not None and (not isinstance(key, str) or not slug(key)):
        raise LessonError(f"an exercise's key is a short text like 'lesson-2-spokes', got {key!r}")
    return "" if key is None else key.strip()


def _base_rule(rnd: Round) -> str:
    """The rule in force, without what it adds after a draw."""
    if rnd.forced is None:
        return "any open end may take a tile that matches it"
    return rnd.rule_in_force().split(";")[0]


def _needs(rnd: Round) -> str:
    """What a tile needs to be played now, worded to follow "needs"."""
    f = rnd.forced
    if f is not None:
        return f"{article(f[0])} (for {f})"
    return f"a number an open end shows ({listing(sorted(rnd.fitting_numbers()), 'or')})"


def _holds(rnd: Round, seat: int) -> str:
    return listing(sorted(rnd.hand(seat), reverse=True))


def _must(rnd: Round) -> str:
    """What the seat to move must do when no tile fits: draw, or pass."""
    return "draw" if Move.DRAW in rnd.legal_moves() else "pass"


# -- exercises built from real positions ----------------------------------------------


def which_tiles(rnd: Round, *, key: str | None = None) -> Exercise:
    """ "Which tiles can <the seat to move> play now?" (answer: a list of tiles, or []).

    >>> from cfwidget import teach
    >>> q = which_tiles(teach.position("no-nine"))
    >>> q.check([]).message
    'Correct! Ann has no tile that fits, so Ann must draw.'
    """
    position = _own_copy(rnd, "which_tiles")
    name = position.names[position.turn]
    hand = position.hand(position.turn)
    right = {m.tile for m in position.legal_moves() if m.is_play and m.tile is not None}
    drawn = position.drawn
    choices = tuple(str(t) for t in sorted(hand, reverse=True))

    def judge(answer: object) -> tuple[bool, str]:
        given = set(read_tiles(answer, choices))
        wrong = sorted(given - right, reverse=True)
        missed = sorted(right - given, reverse=True)
        if not wrong and not missed:
            if not right:
                return True, f"{name} has no tile that fits, so {name} must {_must(position)}."
            return True, f"{name} can play {listing(sorted(right, reverse=True))}."
        parts = [sentence(position.tile_refusal(t) or f"{t} can be played") for t in wrong]
        if missed:
            rule = "" if wrong else f": {_base_rule(position)}"  # said once is enough
            parts.append(f"You missed {listing(missed)}{rule}.")
        return False, " ".join(parts)

    if drawn is not None:
        nudge = f"{name} has drawn this turn: after a draw, only the drawn tile may be played."
        sharper = f"The drawn tile is {drawn}. Does it show {_needs(position)}?"
    else:
        nudge = sentence(f"Right now {_base_rule(position)}")
        sharper = (
            f"A tile needs {_needs(position)}. {name} holds {_holds(position, position.turn)}: "
            "look at each tile's two numbers."
        )
    if right:
        why = "after a draw only the drawn tile may be played, and it fits" if drawn else ""
        solution = f"{name} can play {listing(sorted(right, reverse=True))}, because " + (
            why or _base_rule(position)
        )
    elif drawn is not None:
        solution = (
            f"None. After a draw only the drawn tile {drawn} may be played, and it does not "
            f"fit, so {name} must {_must(position)}"
        )
    else:
        solution = (
            f"None. Right now {_base_rule(position)}, and no tile in {name}'s hand fits, "
            f"so {name} must {_must(position)}"
        )
    return Exercise(
        question=f"Which tiles can {name} play now?",
        judge=judge,
        hints=(nudge, sharper),
        solution_text=sentence(solution),
        example='["9-4", "6-6"]',  # a fixed example: never a hint at this answer
        kind="tiles",
        choices=choices,
        key=_key(key),
    )


def where_can(rnd: Round, tile: Tile | str, *, key: str | None = None) -> Exercise:
    """ "Where can <tile> go?" for the seat to move (answer: the table tiles it can go onto).

    >>> from cfwidget import teach
    >>> q = where_can(teach.position("no-nine"), "8-3")
    >>> q.check([])  # doctest: +NORMALIZE_WHITESPACE
    Correct! 8-3 cannot be played now: the centre double 9-9 still needs 2 spokes
    (tiles with a 9).
    """
    position = _own_copy(rnd, "where_can")
    name = position.names[position.turn]
    try:
        t = read_tiles(tile)
    except AnswerError as exc:
        raise LessonError(f"where_can needs one tile: {exc}") from None
    if len(t) != 1 or t[0] not in position.hand(position.turn):
        raise LessonError(
            f"where_can asks about one tile in {name}'s hand ({_holds(position, position.turn)}),"
            f" got {shown(tile)}"
        )
    t0 = t[0]
    right = {
        m.onto for m in position.legal_moves() if m.is_play and m.tile == t0 and m.onto is not None
    }
    ends = tuple(sorted({str(end) for end, _, _ in position.open_ends()}))

    def judge(answer: object) -> tuple[bool, str]:
        given = set(read_tiles(answer, ends))
        if given == right:
            if right:
                return True, f"{t0} can go on {listing(sorted(right, reverse=True))}."
            return True, sentence(position.tile_refusal(t0) or f"{t0} cannot go anywhere now")
        parts = []
        for u in sorted(given - right, reverse=True):
            reason = position.refusal(Move.play(t0, u)) or "it does not fit there"
            parts.append(
                sentence(reason if str(u) in reason else f"{t0} cannot go on {u}: {reason}")
            )
        if right - given:
            parts.append(f"It can also go on {listing(sorted(right - given, reverse=True))}.")
        return False, " ".join(parts)

    numbers = article(t0.high) if t0.is_double else f"{article(t0.high)} or {article(t0.low)}"
    nudge = sentence(f"Right now {_base_rule(position)}")
    if position.drawn is not None and position.drawn != t0:
        nudge += f" After a draw, only the drawn tile {position.drawn} may be played."
    if position.forced is not None:
        f = position.forced
        sharper = f"Only {f} takes tiles until it is filled. Does {t0} show {article(f[0])}?"
    else:
        sharper = f"Find the open ends that show {numbers}: the open ends are {listing(ends)}."
    if right:
        solution = f"{t0} can go on {listing(sorted(right, reverse=True))}"
    else:
        solution = f"Nowhere: {position.tile_refusal(t0) or 'it fits no open end'}"
    return Exercise(
        question=f"Where can {t0} go?",
        judge=judge,
        hints=(nudge, sharper),
        solution_text=sentence(solution),
        example=f'["{position.start}"]',
        kind="tiles",
        choices=ends,
        key=_key(key),
    )


_ACTIONS = ("play", "draw", "pass")


def what_to_do(rnd: Round, *, key: str | None = None) -> Exercise:
    """ "What must <seat> do now?": play (any legal play is right), draw or pass.

    >>> from cfwidget import teach
    >>> q = what_to_do(teach.position("no-nine"))
    >>> q.check("play").message  # doctest: +NORMALIZE_WHITESPACE
    'Not yet: Ann has no tile that fits, so Ann cannot play. Right now the centre double 9-9
    still needs 2 spokes (tiles with a 9).'
    >>> q.check(" Draw ").status
    'correct'
    """
    position = _own_copy(rnd, "what_to_do")
    name = position.names[position.turn]
    legal = position.legal_moves()
    plays = [m for m in legal if m.is_play]
    drawn = position.drawn
    may_keep = bool(plays) and Move.PASS in legal  # 001's "may": play the drawn tile, or pass
    rule = sentence(f"Right now {_base_rule(position)}")

    def verdict(action: str) -> tuple[bool, str]:
        if action == "play":
            if may_keep:
                return True, f"{name} may play the drawn tile {drawn}, or keep it and pass."
            if plays:
                if drawn is not None:
                    return (
                        True,
                        f"the drawn tile {drawn} fits, and these rules say it must be played.",
                    )
                return True, f"{name} has a tile that fits, so {name} must play one."
            if drawn is not None:
                return False, (
                    f"the drawn tile {drawn} does not fit, and after a draw only the drawn tile "
                    f"may be played, so {name} cannot play. {rule}"
                )
            return False, f"{name} has no tile that fits, so {name} cannot play. {rule}"
        move = Move.DRAW if action == "draw" else Move.PASS
        if move not in legal:
            return False, sentence(position.refusal(move) or f"{name} cannot {action} now")
        if action == "draw":
            return True, f"{name} has no tile that fits, so {name} draws one from the chicken yard."
        if may_keep:
            return True, f"these rules let {name} keep the drawn tile {drawn} and pass."
        if drawn is not None:
            return True, f"the drawn tile {drawn} does not fit, so {name} passes."
        return True, f"{name} has no tile that fits and nothing to draw, so {name} passes."

    def judge(answer: object) -> tuple[bool, str]:
        try:
            return verdict(read_choice(answer, _ACTIONS))
        except AnswerError:
            if not isinstance(answer, str) or "@" not in answer:
                raise
        try:
            move = Move.parse(tidy(answer))
        except NotationError:
            raise AnswerError(
                f'{shown(answer)} is not a move: write "play", "draw" or "pass".'
            ) from None
        if move in legal:
            return True, f"{name} may play {move}: {_base_rule(position)}."
        return False, sentence(position.refusal(move) or f"{move} is not allowed now")

    if drawn is not None:
        nudge = f"{name} has drawn this turn. After a draw, only the drawn tile may be played."
        sharper = f"The drawn tile is {drawn}. Does it show {_needs(position)}?"
    else:
        nudge = (
            "A player who can play must play. A player with no tile that fits draws one tile "
            "from the chicken yard, and passes only when there is nothing to draw."
        )
        sharper = (
            f"A tile needs {_needs(position)}. {name} holds {_holds(position, position.turn)}, "
            + (
                f"and the chicken yard holds {plural(position.yard_count, 'tile')}."
                if position.yard_count
                else "and the chicken yard is empty."
            )
        )
    if may_keep:
        solution = (
            f"Play or pass: the drawn tile {drawn} fits ({plays[0]}), and these rules say "
            "a drawn tile that fits may be played, so either is right"
        )
    elif plays:
        solution = f"Play: {name} can play {listing(plays, 'or')}, and a player who can play must"
    elif Move.DRAW in legal:
        solution = (
            f"Draw: right now {_base_rule(position)}, and {name} has no tile that fits, "
            f"so {name} draws one tile from the chicken yard"
        )
    elif drawn is not None:
        solution = (
            f"Pass: the drawn tile {drawn} does not fit, and after a draw only the drawn "
            "tile may be played"
        )
    else:
        solution = (
            f"Pass: {name} has no tile that fits and the chicken yard is empty, so there is "
            "nothing to draw"
        )
    return Exercise(
        question=f"What must {name} do now?",
        judge=judge,
        hints=(nudge, sharper),
        solution_text=sentence(solution),
        example='"draw"',
        kind="choice",
        choices=_ACTIONS,
        key=_key(key),
    )


# -- scoring ----------------------------------------------------------------------------


def _blank_words(rnd: Round) -> str:
    """The rules' own sentence on the double blank ("The double blank costs 50 points.")."""
    return OPTIONS["double_blank"].sentence(rnd.rules) or ""


def _scored_copy(rnd: object, asker: str) -> Round:
    if not isinstance(rnd, Round):
        raise LessonError(f"{asker} needs a round (cf.Round), got {shown(rnd)}")
    return rnd.copy()


def hand_score(rnd: Round, seat: int, *, key: str | None = None) -> Exercise:
    """ "What does <seat>'s hand score?" (answer: a whole number; ``"57"`` is read too).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.from_deal(Rules(max_pip=3, spokes=3, hand_size=2),
    ...     hands=[["3-3", "3-0"], ["3-2", "0-0"]],
    ...     boneyard=["3-1", "2-2", "2-1", "2-0", "1-1", "1-0"], names=["Ann", "Bob"])
    >>> q = hand_score(rnd, 1)
    >>> q.check(" 55 ").message, q.check(5).message  # doctest: +NORMALIZE_WHITESPACE
    ('Correct! Bob scores 55.', 'Not yet: 5 is not it: the double blank 0-0 has no pips,
    but these rules charge 50 points for it.')
    """
    position = _scored_copy(rnd, "hand_score")
    position.hand(seat)  # a SeatError for a seat that is not at this table
    name = position.names[seat]
    right = position.scores()[seat]
    tiles = position.hand(seat)
    penalty = position.rules.penalty
    blank = _blank_words(position)
    out = position.went_out == seat

    def judge(answer: object) -> tuple[bool, str]:
        given = read_number(answer, f"{name}'s score")
        if given == right:
            return True, f"{name} scores {right}."
        if out:
            return False, f"{given} is not it: {name} went out. " + solution
        if _BLANK in tiles and penalty(_BLANK) and given == right - penalty(_BLANK):
            return False, (
                f"{given} is not it: the double blank 0-0 has no pips, but these rules charge "
                f"{plural(penalty(_BLANK), 'point')} for it."
            )
        reminder = f" {blank}" if _BLANK in tiles else ""
        return False, f"{given} is not it: add the pips on every tile in {name}'s hand.{reminder}"

    if out:
        solution = (
            f"{name} went out, so {name} scores 0."
            if right == 0
            else f"{name} went out with a double, which these rules charge "
            f"{plural(right, 'point')}."
        )
        sharper = f"{name} has no tiles left."
    else:
        each = ", ".join(f"{t} = {penalty(t)}" for t in tiles)
        solution = f"{name}'s hand scores {right}: {each}."
        sharper = (
            f"{name} holds {listing(tiles)}. Add the two numbers on each tile, then add "
            "the tiles together."
        )
    nudge = "A hand scores the pips on every tile left in it, and points are bad."
    if _BLANK in tiles:
        nudge += f" {blank}"
    return Exercise(
        question=f"What does {name}'s hand score?",
        judge=judge,
        hints=(nudge, sharper),
        solution_text=solution,
        example="12",
        kind="number",
        key=_key(key),
    )


def round_scores(rnd: Round, *, key: str | None = None) -> Exercise:
    """ "What does each player score this round?" (answer: one number per player, seat order).

    >>> from cfwidget import teach
    >>> rnd = teach.position("no-nine")
    >>> q = round_scores(rnd)
    >>> q.choices, q.check(rnd.scores()).status
    (('Ann', 'Bob', 'Cy'), 'correct')
    """
    position = _scored_copy(rnd, "round_scores")
    names = position.names
    right = position.scores()
    held = any(_BLANK in h for h in position.hands)

    def judge(answer: object) -> tuple[bool, str]:
        given = read_numbers(answer, names)
        wrong = [names[i] for i, (a, b) in enumerate(zip(given, right, strict=True)) if a != b]
        if not wrong:
            return True, ", ".join(f"{n} {s}" for n, s in zip(names, right, strict=True)) + "."
        reminder = f" {_blank_words(position)}" if held else ""
        return False, (
            f"Check {listing(wrong)} again: each player scores the pips on the tiles left in "
            f"their hand.{reminder}"
        )

    nudge = "Each player scores the pips on the tiles left in their hand; going out scores 0."
    sharper = " ".join(
        f"{n} holds {listing(position.hand(i))}." if position.hand(i) else f"{n} went out."
        for i, n in enumerate(names)
    )
    return Exercise(
        question="What does each player score this round?",
        judge=judge,
        hints=(nudge + (f" {_blank_words(position)}" if held else ""), sharper),
        solution_text=", ".join(f"{n}: {s}" for n, s in zip(names, right, strict=True)) + ".",
        example=str([0] * len(right)),
        kind="number",
        choices=tuple(names),
        key=_key(key),
    )


def _record(sheet: ScoreSheet, name: str) -> tuple[int, int, int | None]:
    """A player's total, zero rounds and lowest round above 0."""
    scores = [r[sheet.names.index(name)] for r in sheet.rounds]
    return sum(scores), scores.count(0), min((s for s in scores if s > 0), default=None)


def _beats(sheet: ScoreSheet, winner: str, other: str) -> str:
    """Why ``winner`` is placed above ``other``, naming the tie-break that decides."""
    (tw, zw, lw), (to, zo, lo) = _record(sheet, winner), _record(sheet, other)
    if tw != to:
        return f"{winner} has {tw} and {other} has {to}, and the lowest total wins."
    level = f"{winner} and {other} both have {tw}, so the tie-breaks decide"
    if zw != zo:
        return (
            f"{level}: more zero rounds (rounds scored 0) win, and {winner} has "
            f"{plural(zw, 'zero round')}, {other} {plural(zo, 'zero round')}."
        )
    return (
        f"{level}: both have {plural(zw, 'zero round')}, so the lowest round above 0 wins: "
        f"{winner}'s is {lw}, {other}'s is {lo}."
    )


def who_wins(sheet: ScoreSheet, *, key: str | None = None) -> Exercise:
    """ "Who wins this game?" with the tie-breaks of the rules (answer: a name, or "tie").

    Players still level after both tie-breaks share first place: then the answer is
    ``"tie"`` (or any of their names, which is told that the place is shared).

    >>> from cfwidget import ScoreSheet
    >>> sheet = ScoreSheet(["Ann", "Bob"]); sheet.record([10, 0]); sheet.record([0, 10])
    >>> sheet.record([3, 4]); q = who_wins(sheet)
    >>> q.check(" ann ").message, q.check("Bob").message
    ('Correct! Ann wins with 13.', 'Not yet: Ann has 13 and Bob has 14, and the lowest total wins.')
    """
    if not isinstance(sheet, ScoreSheet):
        raise LessonError(f"who_wins needs a score sheet (cf.ScoreSheet), got {shown(sheet)}")
    if not sheet.rounds:
        raise LessonError(
            "this score sheet has no rounds yet, so nobody has won anything: "
            "record a round first, like sheet.record([12, 0, 30])"
        )
    own = ScoreSheet(sheet.names)  # the exercise's own copy: later rounds never change it
    for row, label in zip(sheet.rounds, sheet.labels, strict=True):
        own.record(list(row), label)
    names = own.names
    places = own.places()
    first = [name for place, name, _ in places if place == 1]
    best = _record(own, first[0])[0]
    shared = len(first) > 1
    runner_up = places[len(first)][1] if len(places) > len(first) else None
    verdict = (
        f"{listing(first)} share first place with {best}: even the tie-breaks cannot split them."
        if shared
        else f"{first[0]} wins with {best}."
    )
    why = ""
    if not shared and runner_up is not None and _record(own, runner_up)[0] == best:
        why = " " + _beats(own, first[0], runner_up)

    def judge(answer: object) -> tuple[bool, str]:
        given = read_name(answer, names, extra=("tie", "a tie", "draw"))
        if given in first or (shared and given in ("tie", "a tie", "draw")):
            return True, verdict
        if given in ("tie", "a tie", "draw"):
            return False, "It is not a tie. " + _beats(own, first[0], runner_up or first[0])
        return False, _beats(own, first[0], given)

    totals = ", ".join(f"{n} {t}" for n, t in zip(names, own.totals, strict=True))
    level = [n for n in names if _record(own, n)[0] == best]
    sharper = f"The totals are {totals}."
    if len(level) > 1:
        sharper += f" {listing(level)} are level on {best}: count their zero rounds."
    return Exercise(
        question="Who wins this game?",
        judge=judge,
        hints=(
            "The lowest total wins. On a tie, more zero rounds (rounds scored 0) win; "
            "still level, the lowest round above 0 wins.",
            sharper,
        ),
        solution_text=f"{verdict}{why} Totals: {totals}.",
        example=f"'{names[0]}'",
        kind="name",
        choices=tuple(names),
        key=_key(key),
    )
