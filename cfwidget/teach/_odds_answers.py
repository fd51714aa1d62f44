"""Reading a chance or an amount the way a learner writes it, and exercises that judge one.

A chance may be written as a fraction (``"3/11"``), a decimal (``0.27``), a percent
(``"27%"``) or in words like ``"1 in 6"`` or ``"one out of six"``; an amount (a mean, a
count) as a number or a fraction; both read by the one rule of
:mod:`~cfwidget.teach._typed` (number words, "about", units).
:func:`chance_exercise` and :func:`amount_exercise` judge an answer against an exact
value within a stated tolerance, name the usual slips they are given, and give two graded hints
(the idea, then the numbers to plug in) before the worked solution. The probability course's
exercises (:mod:`cfwidget.teach._odds_exercises`) are built with them.

>>> read_chance("3/11"), read_chance("27%"), read_amount("38/11")
(Fraction(3, 11), Fraction(27, 100), Fraction(38, 11))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from .._shared import shown
from ._answers import Exercise, slug
from ._errors import AnswerError, LessonError
from ._typed import read_typed, without_unit
from ._typed import said as _said

__all__ = [
    "CHANCE_TOLERANCE",
    "SQUARE_LAW_SHARE",
    "amount_exercise",
    "chance_exercise",
    "read_amount",
    "read_chance",
    "square_law_exercise",
]

#: How far an "about how many" answer of :func:`square_law_exercise` may be from the ratio
#: squared and still be right, as a share of it, either way.
SQUARE_LAW_SHARE = 0.2
#: How far a chance may be from the exact value and still be right: half a percentage point.
CHANCE_TOLERANCE = Fraction(1, 200)
_FORMS = "a fraction like 3/11, a decimal like 0.27 or a percent like 27%"
_SHARE = "a number like 0.025, a fraction like 1/40 or a percent like 2.5%"


def _number(
    answer: object, what: str, percent: bool, how: str = "", units: Sequence[str] = ()
) -> tuple[Fraction, bool]:
    """``(value, written as a percent)``: the one rule of :func:`~._typed.read_typed`."""
    return read_typed(answer, what, percent=percent, how=how, units=units)


def read_chance(answer: object) -> Fraction:
    """A chance from ``"3/11"``, ``"0.27"``, ``0.27``, ``"27%"``, ``"1 in 6"`` or a Fraction.

    >>> read_chance("3/11"), read_chance(" 27 % "), read_chance("1 in 4"), read_chance(0.5)
    (Fraction(3, 11), Fraction(27, 100), Fraction(1, 4), Fraction(1, 2))
    >>> read_chance("27")
    Traceback (most recent call last):
    ...
    cfwidget.AnswerError: 27 is more than 1, and a chance is at most 1 (100%). If you meant a \
percent, write 27%.
    """
    value, percent = _number(answer, "a chance", percent=True)
    if value < 0:
        raise AnswerError(f"{_said(answer)} is below 0, and a chance is never below 0.")
    if value > 1:
        if not percent and value <= 100 and isinstance(answer, str):
            raise AnswerError(
                f"{_said(answer)} is more than 1, and a chance is at most 1 (100%). If you "
                f"meant a percent, write {_said(answer)}%."
            )
        raise AnswerError(f"{_said(answer)} is more than 1 (100%), and a chance is at most 1.")
    return value


def read_amount(
    answer: object, what: str = "the number", *, unit: str = "", percent: bool = False
) -> Fraction:
    """A number that is not a chance (a mean, a count): ``"3.45"``, ``"38/11"`` or ``3.45``.

    ``unit`` may follow the number (``"89.18 points"``, or ``"1 point"``); with ``percent``
    (a share, like a standard error), ``"2.38%"`` is 0.0238.

    >>> read_amount("38/11"), read_amount("3,5"), read_amount(12), read_amount("1,600")
    (Fraction(38, 11), Fraction(7, 2), Fraction(12, 1), Fraction(1600, 1))
    >>> read_amount("89.18 points.", unit="points"), read_amount("2.5%", percent=True)
    (Fraction(4459, 50), Fraction(1, 40))
    """
    units = (unit, unit.removesuffix("s")) if unit else ()
    how = _SHARE if percent else ""
    value, _ = _number(answer, what, percent=percent, how=how, units=units)
    if value < 0:
        raise AnswerError(f"{_said(answer)} is below 0, and {what} cannot be.")
    return value


def _decimal(value: Fraction, digits: int = 3) -> str:
    return f"{float(value):.{digits}f}".rstrip("0").rstrip(".")


def _chance_words(value: Fraction) -> str:
    """``19/55 = 34.5%``: the exact fraction (when short) and the percent."""
    percent = f"{float(value):.1%}"
    return f"{value} = {percent}" if value.denominator <= 10_000 else f"about {percent}"


def _unit_after(value: Fraction, unit: str) -> str:
    """``" points"``, or ``" point"`` for exactly 1 (nothing without a unit)."""
    if not unit:
        return ""
    return f" {unit.removesuffix('s')}" if value == 1 else f" {unit}"


def _with_unit(said: str, value: Fraction, unit: str) -> str:
    """The answer as written, with its unit once: ``"1 point"`` stays, ``"1"`` gets it.

    >>> _with_unit("1 point", Fraction(1), "points"), _with_unit("3", Fraction(3), "points")
    ('1 point', '3 points')
    """
    if not unit or without_unit(said.lower(), (unit, unit.removesuffix("s"))) != said.lower():
        return said
    return said + _unit_after(value, unit)


def _check_exact(exact: object, what: str) -> Fraction:
    if isinstance(exact, bool) or not isinstance(exact, (Fraction, int, float)):
        raise LessonError(f"the exact {what} must be a number (a Fraction), got {shown(exact)}")
    return Fraction(exact) if not isinstance(exact, float) else Fraction(repr(exact))


def chance_exercise(
    question: str,
    exact: Fraction,
    *,
    idea: str,
    plug_in: str,
    solution: str,
    mistakes: Sequence[tuple[Fraction, str]] = (),
    opposite: str = "",
    tolerance: Fraction = CHANCE_TOLERANCE,
    key: str = "",
) -> Exercise:
    """An exercise whose answer is a chance, judged against ``exact`` within ``tolerance``.

    ``idea`` is the first hint (it names the idea), ``plug_in`` the second (the numbers to
    use) and ``solution`` the worked answer. ``mistakes`` pairs a wrong value with why it is
    wrong; ``opposite`` names what ``1 - exact`` is the chance of (a common slip).

    >>> q = chance_exercise("Chance of heads?", Fraction(1, 2), idea="Two sides.",
    ...                     plug_in="1 of 2.", solution="1/2.")
    >>> q.check("50%").message, q.check("2/3").message
    ('Correct! 1/2 = 50.0%.', 'Not yet: 2/3 is too high.')
    """
    value = _check_exact(exact, "chance")
    if not 0 <= value <= 1:
        raise LessonError(f"a chance is from 0 to 1, got {value}")
    within = f"within {_decimal(tolerance)} (half a percentage point)"
    if tolerance != CHANCE_TOLERANCE:
        within = f"within {_decimal(tolerance)}"

    def judge(answer: object) -> tuple[bool, str]:
        given = read_chance(answer)
        said = _said(answer)
        if abs(given - value) <= tolerance:
            return True, _chance_words(value)
        for wrong, why in mistakes:
            if abs(given - wrong) <= tolerance and abs(wrong - value) > tolerance:
                return False, f"{said} {why}"
        if opposite and abs(given - (1 - value)) <= tolerance:
            return False, (
                f"{said} is the chance that {opposite}; the question asks for the opposite, "
                "1 minus that"
            )
        if abs(given - value) <= 4 * tolerance:
            return False, (
                f"{said} is close, but more than {_decimal(tolerance)} away: work with "
                "fractions, or keep more decimals"
            )
        return False, f"{said} is too {'high' if given > value else 'low'}"

    return Exercise(
        question=f"{question} (Write {_FORMS}; {within} counts.)",
        judge=judge,
        hints=(idea, plug_in),
        solution_text=f"{solution} That is {_chance_words(value)}.",
        example='"3/11"',
        kind="number",
        key=key or slug(question),
    )


def amount_exercise(
    question: str,
    exact: Fraction,
    *,
    unit: str,
    idea: str,
    plug_in: str,
    solution: str,
    mistakes: Sequence[tuple[Fraction, str]] = (),
    tolerance: Fraction = Fraction(1, 100),
    whole: bool = False,
    key: str = "",
) -> Exercise:
    """An exercise whose answer is an amount in ``unit`` (a mean, a count), judged against
    ``exact`` within ``tolerance``; ``whole`` asks for a whole number. Hints as in
    :func:`chance_exercise`.

    >>> q = amount_exercise("Mean of a die?", Fraction(7, 2), unit="pips", idea="Average.",
    ...                     plug_in="(1 + ... + 6) / 6.", solution="21 / 6 = 3.5.")
    >>> q.check("3.5").message, q.check("7/2").status, q.check(3).message
    ('Correct! 7/2 = 3.5 pips.', 'correct', 'Not yet: 3 pips is too low.')
    """
    value = _check_exact(exact, "amount")
    what = f"the number of {unit}" if unit else "the number"
    if whole:
        within = "a whole number"
    elif tolerance:
        within = f"within {_decimal(tolerance, 4)} counts"
    else:
        within = "the exact value"

    digits = 4 if abs(value) < Fraction(1, 10) else 3

    def words(v: Fraction) -> str:
        after = _unit_after(v, unit)
        if v.denominator == 1:
            return f"{v.numerator:,}{after}"
        if v.denominator <= 1000:
            return f"{v} = {_decimal(v, digits)}{after}"
        return f"{_decimal(v, digits)}{after}"

    def judge(answer: object) -> tuple[bool, str]:
        given = read_amount(answer, what, unit=unit, percent=not unit)
        said = _said(answer)
        if whole and given.denominator != 1:
            raise AnswerError(f"{said} is not a whole number: write {what} in digits, like 12.")
        if abs(given - value) <= tolerance:
            return True, words(value)
        for wrong, why in mistakes:
            if abs(given - wrong) <= tolerance and abs(wrong - value) > tolerance:
                return False, f"{said} {why}"
        return False, f"{_with_unit(said, given, unit)} is too {'high' if given > value else 'low'}"

    return Exercise(
        question=f"{question} (Write a number like 2.5 or a fraction like 5/2; {within}.)"
        if not whole
        else f"{question} (Write a whole number.)",
        judge=judge,
        hints=(idea, plug_in),
        solution_text=f"{solution} The answer: {words(value)}.",
        example="2.5" if not whole else "12",
        kind="number",
        key=key or slug(question),
    )


def square_law_exercise(
    question: str, count: int, noun: str, measure: str, have: float, goal: float, **say: str
) -> Exercise:
    """How many ``noun`` would bring ``measure`` from ``have`` (with ``count`` of them) to
    ``goal``? It shrinks like 1 / sqrt(n), so the answer is ``count x (have / goal)^2``;
    the question asks "about", so anything within :data:`SQUARE_LAW_SHARE` of it either way
    is right (a ratio rounded before squaring, like 2 for 2.1, lands there). Scaling by the
    plain ratio, not squared, is the slip named, whenever the answer lies nearer that than
    the squared one. ``say`` gives the ``digits`` the numbers are shown with, what the
    ``ratio`` is ``of`` and the ``key``.

    >>> q = square_law_exercise("How many?", 200, "worlds", "the error", 1.05, 0.5,
    ...                         digits="2", ratio="errors", key="demo")
    >>> [q.check(n).status for n in ("800", "882")]
    ['correct', 'correct']
    >>> "ratio of the errors" in q.check("420").message
    True
    >>> q = square_law_exercise("How many?", 400, "deals", "the width", 0.2, 0.1,
    ...                         digits="1", ratio="widths", key="demo")
    >>> q.check("1,600").message, "grow with its square" in q.check("800").message
    ('Correct! About 1,600 deals: 400 x (0.2 / 0.1)^2.', True)
    """
    digits = int(say["digits"])
    ratio = f"({have:.{digits}f} / {goal:.{digits}f})"
    squared = count * (have / goal) ** 2
    plain = count * have / goal
    exact = max(1, round(squared))
    low, high = squared * (1 - SQUARE_LAW_SHARE), squared * (1 + SQUARE_LAW_SHARE)
    what = f"the number of {noun}"
    answer_words = f"About {exact:,} {noun}: {count:,} x {ratio}^2"

    def judge(answer: object) -> tuple[bool, str]:
        given = read_amount(answer, what, unit=noun)
        said = _with_unit(_said(answer), given, noun)
        nearer_plain = given > 0 and abs(math.log(given / plain)) < abs(math.log(given / squared))
        if nearer_plain and not low <= plain <= high:
            return False, (
                f"{said} scales the {noun} by the ratio of the {say['ratio']}; they grow with "
                "its square"
            )
        if low <= given <= high:
            return True, answer_words[0].lower() + answer_words[1:]
        return False, f"{said} is too {'high' if given > squared else 'low'}"

    share = f"{SQUARE_LAW_SHARE:.0%}"
    return Exercise(
        question=f"{question} (Write a number like 2,000; within {share} either way counts.)",
        judge=judge,
        hints=(
            f"{measure.capitalize()} shrinks like 1 / sqrt(n): n times {measure} squared "
            "stays about the same.",
            f"Multiply {count:,} by {ratio} squared.",
        ),
        solution_text=f"{answer_words}.",
        example="2000",
        kind="number",
        key=say["key"],
    )
