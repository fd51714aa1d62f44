"""Exercises for the rules the first lessons leave out; here, who starts a round.

Like the exercises of :mod:`cfwidget.teach._exercises`, each keeps its own copy of its
position and is judged by the engine, so a lesson can never disagree with the rules; their
feedback names the rule and says where the five rule texts (000 to 004) differ. This module
holds what they share and the two about the start of a round (:func:`who_starts`,
:func:`how_many_tiles`); :mod:`cfwidget.teach._play_exercises` holds the calls and endings.

>>> from cfwidget import teach
>>> q = who_starts(teach.position("draw-for-nine"))
>>> print(q.question)  # doctest: +NORMALIZE_WHITESPACE
This round starts from 9-9, but nobody was dealt it, so the players draw from the chicken yard
one tile at a time, in turn round the table (Ann, Bob, Cy, then Ann again, and so on), until it
turns up. It turns up on the 8th draw. Who lays the centre double?
>>> q.check("ann")  # doctest: +NORMALIZE_WHITESPACE
Not yet: the 8th draw is Bob's, not Ann's: Ann makes draws 1, 4 and 7. When nobody was dealt
the round's double, 001, Pagat's rules (002) and 003 say the players draw in turn until it
turns up, and whoever draws it lays it. Under the Wolf Lake rules (000) and 004 the highest
double dealt starts instead.
>>> q.check(" BOB ").status
'correct'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from .._shared import plural, shown
from ..core import OPTIONS, PRESET_TABLE, Round, Rules, Tile, to_tile
from ._answers import Exercise, listing, read_name, read_number, sentence, slug
from ._errors import AnswerError, LessonError
from ._exercises import _key

__all__ = ["how_many_tiles", "who_starts"]

# -- what these exercises share --------------------------------------------------------------

# How a rule text is named in feedback: the two with a name, by name and number.
_TEXT_NAMES = {"000": "the Wolf Lake rules (000)", "002": "Pagat's rules (002)"}
# What each option is about, to open a sentence that names the table's rule.
_TOPICS = {
    "start_missing": "When nobody was dealt the round's double",
    "last_tile": "On announcing the last tile",
    "round_end": "On ending a round",
}


def _texts(option: str, value: object) -> str:
    """The rule texts that give ``option`` this ``value``, named: ``001, Pagat's rules (002)``.

    Read from the option's declaration (:data:`cfwidget.core.OPTIONS`), its one home.
    """
    for words, texts in OPTIONS[option].sources:
        if words.split(":")[0].strip() == str(value):
            codes = [c for c in texts.split(", ") if re.fullmatch(r"\d{3}", c)]
            return listing(_TEXT_NAMES.get(c, c) for c in codes)
    return "no rule text"  # never for the options asked about here: each value has its texts


def _table(rules: Rules, option: str) -> str:
    """A sentence naming the table's rules: its preset, or the texts it follows on ``option``."""
    for name, preset in PRESET_TABLE.items():
        if preset.rules == rules:
            return f"The table plays by the {name} preset ({listing(preset.texts)})."
    return f"{_TOPICS[option]}, this table follows {_texts(option, getattr(rules, option))}."


def _cap(text: str) -> str:
    """``text`` with a capital first letter, the rest as it is (names keep their capitals)."""
    return text[:1].upper() + text[1:]


def _ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    last = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{last}"


def _plain(text: str) -> str:
    """An answer as compared: lower case, no punctuation, single spaces."""
    return " ".join(re.sub(r"[^\w\s-]", " ", text.casefold()).split())


def _pick(answer: object, choices: Sequence[str], aliases: Mapping[str, str]) -> str:
    """One of ``choices``, read the way a beginner types it (case, spaces, ``!``, a few words).

    ``aliases`` maps other plain answers (``"yes"``, ``"draw"``) to a choice.
    """
    text = ("yes" if answer else "no") if isinstance(answer, bool) else answer
    if isinstance(text, str):
        given = _plain(text)
        for choice in choices:
            if given == _plain(choice):
                return choice
        found = aliases.get(given)
        if found is not None:
            return found
    words = listing((f'"{c}"' for c in choices), "or")
    raise AnswerError(f"{shown(answer)} is not one of the answers: write {words}.")


def _round_copy(rnd: object, asker: str) -> Round:
    if not isinstance(rnd, Round):
        raise LessonError(f"{asker} needs a round (cf.Round), got {shown(rnd)}")
    return rnd.copy()


# -- who lays the centre double ----------------------------------------------------------------


def _dealt(rnd: Round) -> tuple[Tile, int, list[Tile], list[list[Tile]]]:
    """The round's double, the first seat to draw for it, the used doubles and the hands dealt."""
    deal = rnd.to_dict()["deal"]  # the deal as it was, before the opening draws and any move
    hands = [sorted((to_tile(t) for t in hand), reverse=True) for hand in deal["hands"]]
    used = sorted((to_tile(t) for t in deal["used_doubles"]), reverse=True)
    return to_tile(deal["start"]), int(deal["first"]), used, hands


def _draw_numbers(rnd: Round, seat: int) -> list[int]:
    """Which of the opening draws (counted from 1) ``seat`` made."""
    return [i for i, (s, _) in enumerate(rnd.opening_draws, start=1) if s == seat]


def _draws_words(numbers: Sequence[int]) -> str:
    if not numbers:
        return "no draw"
    return f"draw {numbers[0]}" if len(numbers) == 1 else f"draws {listing(numbers)}"


def _hands_words(names: Sequence[str], hands: Sequence[Sequence[Tile]]) -> str:
    return "; ".join(f"{n}: {', '.join(map(str, h))}" for n, h in zip(names, hands, strict=True))


def _doubles_words(names: Sequence[str], hands: Sequence[Sequence[Tile]]) -> str:
    return "; ".join(
        f"{n} {listing(d) if d else 'none'}"
        for n, d in zip(names, ([t for t in h if t.is_double] for h in hands), strict=True)
    )


def who_starts(rnd: Round, *, key: str | None = None) -> Exercise:
    """ "Who lays the centre double?" for a round as it was dealt (answer: a name).

    The holder of the round's double lays it. If nobody was dealt it, the rules decide:
    the highest double dealt stands in (``start_missing="next-highest"``: 000, 004), or
    the players draw in turn until it turns up (``"draw"``: 001, 002, 003); then the
    question says on which draw it turned up, and the learner counts the seats.

    >>> from cfwidget import teach
    >>> q = who_starts(teach.position("next-highest"))
    >>> q.check("Bob")  # doctest: +NORMALIZE_WHITESPACE
    Not yet: under the Wolf Lake rules (000) and 004 the highest double dealt starts instead:
    that is 8-8, which Cy holds; Bob's highest double is 7-7. Under 001, Pagat's rules (002) and
    003 the players would draw until 9-9 turns up instead.
    >>> q.check("cy")  # doctest: +NORMALIZE_WHITESPACE
    Correct! Nobody was dealt 9-9, and under the Wolf Lake rules (000) and 004 the highest double
    dealt starts instead: that is 8-8, which Cy holds. Cy lays it in the centre, and Ann plays
    first.
    """
    position = _round_copy(rnd, "who_starts")
    double, first, used, hands = _dealt(position)
    names, n = position.names, position.players
    opener, laid, k = position.opener, position.start, len(position.opening_draws)
    who, after = names[opener], names[(opener + 1) % n]
    draw_texts = _texts("start_missing", "draw")
    stand_texts = _texts("start_missing", "next-highest")
    not_used = f" (and not used yet: {listing(used)} led earlier rounds)" if used else ""
    doubles = _doubles_words(names, hands)

    case = "drawn" if k else "stand-in" if laid != double else "held"
    if k:  # nobody was dealt a double that may start: the players drew for it
        order = [names[(first + i) % n] for i in range(n)]
        its = "it" if laid == double else "a double that may start"
        lower = "" if laid == double else " or any lower double that may stand in for it"
        question = (
            f"This round starts from {double}, but nobody was dealt it{lower}, so the players "
            f"draw from the chicken yard one tile at a time, in turn round the table "
            f"({', '.join(order)}, then {order[0]} again, and so on), until {its} turns up. "
            f"{'It' if laid == double else laid} turns up on the {_ordinal(k)} draw. "
            "Who lays the centre double?"
        )
        right = (
            f"the draws go round the table from {order[0]}, and the {_ordinal(k)} draw is "
            f"{who}'s, so {who} draws {laid} and lays it in the centre; {after} plays first"
        )

        def wrong(given: str) -> str:
            made = _draws_words(_draw_numbers(position, names.index(given)))
            return (
                f"the {_ordinal(k)} draw is {who}'s, not {given}'s: {given} makes {made}. "
                f"When nobody was dealt the round's double, {draw_texts} say the players draw "
                f"in turn until it turns up, and whoever draws it lays it. Under {stand_texts} "
                "the highest double dealt starts instead"
                + ("" if laid == double else ", but nobody was dealt one here")
            )

        nudge = (
            f"When nobody was dealt the round's double, {draw_texts} say the players draw one "
            "tile each in turn until it turns up, and whoever draws it lays it in the centre."
        )
        turns = [f"draw {i + 1} is {names[(first + i) % n]}'s" for i in range(n + 1)]
        sharper = f"Count round the table: {listing(turns)} again, and so on. Whose is draw {k}?"
    elif laid != double:  # a lower double stood in (start_missing="next-highest")
        rule = f"under {stand_texts} the highest double dealt{not_used} starts instead"
        question = (
            f"This round starts from {double}, but nobody was dealt it. "
            f"{_table(position.rules, 'start_missing')} The hands as dealt: "
            f"{_hands_words(names, hands)}. Who lays the centre double?"
        )
        right = (
            f"nobody was dealt {double}, and {rule}: that is {laid}, which {who} holds. "
            f"{who} lays it in the centre, and {after} plays first"
        )

        def wrong(given: str) -> str:
            theirs = [t for t in hands[names.index(given)] if t.is_double]
            best = f"{given}'s highest double is {theirs[0]}" if theirs else f"{given} has none"
            return (
                f"{rule}: that is {laid}, which {who} holds; {best}. Under {draw_texts} the "
                f"players would draw until {double} turns up instead"
            )

        nudge = f"Nobody was dealt {double}, and {rule}."
        sharper = f"The doubles dealt: {doubles}. Which is the highest{not_used}?"
    else:  # the round's double was dealt
        question = (
            f"This round starts from {double}. The hands as dealt: {_hands_words(names, hands)}."
            " Who lays the centre double?"
        )
        right = (
            f"{who} holds {double}, the round's double, so {who} lays it in the centre, "
            f"and {after} plays first"
        )

        def wrong(given: str) -> str:
            return (
                f"{given} does not hold {double}: {who} does. Whoever holds the round's double "
                "lays it in the centre; all five rule texts say so"
            )

        nudge = (
            "Whoever holds the round's double lays it in the centre of the table. "
            f"This round's double is {double}."
        )
        sharper = f"Look for {double} in each hand. The doubles dealt: {doubles}."

    def judge(answer: object) -> tuple[bool, str]:
        given = read_name(answer, names)
        return (True, right) if given == who else (False, wrong(given))

    return Exercise(
        question=question,
        judge=judge,
        hints=(nudge, sharper),
        solution_text=sentence(right),
        example=f"'{names[0]}'",
        kind="name",
        choices=tuple(names),
        key=_key(key) or slug(f"who-starts-{double}-{case}"),
    )


def how_many_tiles(rnd: Round, seat: int, *, key: str | None = None) -> Exercise:
    """ "How many tiles does <seat> hold when the round begins?" (after any opening draws).

    Judged by the engine: the round's deal is started again and the seat's tiles counted.

    >>> from cfwidget import teach
    >>> q = how_many_tiles(teach.position("draw-for-nine"), 0)
    >>> q.check(9)  # doctest: +NORMALIZE_WHITESPACE
    Not yet: 9 is what Ann was dealt, but Ann also drew 3 tiles while the players looked for 9-9:
    when nobody was dealt the round's double, 001, Pagat's rules (002) and 003 say the players
    draw in turn until it turns up.
    >>> q.check("12")
    Correct! Ann was dealt 9 tiles and drew 3 before the round began, so Ann holds 12.
    """
    position = _round_copy(rnd, "how_many_tiles")
    position.hand(seat)  # a SeatError for a seat that is not at this table
    double, first, _, hands = _dealt(position)
    names, name = position.names, position.names[seat]
    begun = Round.from_dict({**position.to_dict(), "moves": []})  # the round as it began
    right = begun.hand_counts()[seat]
    dealt = len(hands[seat])
    mine = _draw_numbers(begun, seat)
    drew, k = len(mine), len(begun.opening_draws)
    laid, opener = begun.start, names[begun.opener]
    lays = begun.opener == seat
    sizes = [f"{n} {len(h)}" for n, h in zip(names, hands, strict=True)]
    each = (
        f"Each player was dealt {plural(dealt, 'tile')}."
        if len({len(h) for h in hands}) == 1
        else f"Tiles dealt: {listing(sizes)}."
    )
    if k:
        story = (
            f"Nobody was dealt {double}, so the players drew from the chicken yard in turn, "
            f"from {names[first]} round the table, until {laid} turned up on the "
            f"{_ordinal(k)} draw; {opener} drew it and laid it in the centre."
        )
    elif laid != double:
        story = f"Nobody was dealt {double}, so {opener} laid {laid} in the centre instead."
    else:
        story = f"{opener} laid {double} in the centre."
    steps = [f"was dealt {plural(dealt, 'tile')}"]
    if drew:
        steps.append(f"drew {drew} before the round began")
    if lays:
        steps.append(f"laid {laid} in the centre")
    right_words = f"{name} {listing(steps)}, so {name} holds {right}"
    draw_rule = (
        f"when nobody was dealt the round's double, {_texts('start_missing', 'draw')} say the "
        "players draw in turn until it turns up"
    )

    def judge(answer: object) -> tuple[bool, str]:
        given = read_number(answer, f"the number of {name}'s tiles")
        if given == right:
            return True, right_words
        if drew and given == dealt:
            return False, (
                f"{given} is what {name} was dealt, but {name} also drew "
                f"{plural(drew, 'tile')} while the players looked for {double}: {draw_rule}"
            )
        if lays and given == right + 1:
            return False, f"{given} is not it: {name} laid {laid} in the centre, one tile fewer"
        return False, (
            f"{given} is not it: count the tiles {name} was dealt, add any {name} drew before "
            f"the round began, and take away the centre double if {name} laid it"
        )

    sharper = f"{name} was dealt {dealt}"
    if k:
        sharper += (
            f"; the draws went round from {names[first]}, so {name} made {_draws_words(mine)}"
        )
    sharper += f"; {opener} laid the centre double."
    return Exercise(
        question=f"{each} {story} How many tiles does {name} hold now, before the first move?",
        judge=judge,
        hints=(
            "A player holds the tiles dealt, plus any drawn while the players looked for the "
            "round's double, minus the centre double for the player who laid it.",
            sharper,
        ),
        solution_text=sentence(right_words),
        example="12",
        kind="number",
        key=_key(key) or slug(f"tiles-after-start-{name}"),
    )
