"""Answers: reading them the way a learner types them, and the exercise that judges them.

The readers take tiles, a number, a list of numbers, a name or a choice.

Each reader returns the answer as the exercise needs it, or raises
:class:`~cfwidget.AnswerError` with a kind message that says what was typed, what is
expected and an example. They never raise anything else, whatever they are given.
:class:`Exercise` checks answers with them, gives graded hints and a solution, and
records each check, hint and solution view in its ``events``.

>>> read_tiles("9-4, 6-6")
[Tile(9, 4), Tile(6, 6)]
>>> try:
...     read_tiles(9 - 4, ["9-4", "6-6"])
... except AnswerError as exc:
...     print(exc)  # doctest: +NORMALIZE_WHITESPACE
You gave the number 5. Without quotes, Python works out 9-4 as a subtraction
(9 minus 4 is 5). Write a tile in quotes, like "9-4".
>>> read_number(" 57 "), read_name("  bob ", ["Ann", "Bob"])
(57, 'Bob')
"""

from __future__ import annotations

import dis
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from types import FrameType
from typing import Literal, TypeAlias

from .._shared import is_number, is_whole, shown
from ..core import NotationError, Tile, to_tile
from ._errors import AnswerError, LessonError
from ._typed import ABOUT, THOUSANDS, UNITS, read_typed, tidy, words_as_digits

__all__ = [
    "KINDS",
    "Exercise",
    "Feedback",
    "listing",
    "read_choice",
    "read_name",
    "read_number",
    "read_numbers",
    "read_tiles",
    "sentence",
    "slug",
]

_NONE_WORDS = ("", "none", "nothing", "no tiles", "no tile", "[]", "no")
_NUMBER = re.compile(r"[+-]?\d+")
# Words that may come between a player's name and the score: "Ann: 2", "Bob has 0".
_FILLERS = frozenset({"has", "had", "scores", "scored", "score", "gets", "got", "is", "and"})
# The marks and words that say a number is rounded ("about 2", "~0"), as the one rule has them.
_ROUNDED = re.compile(
    rf"[{''.join(w for w in ABOUT if not w.isalpha())}]"
    rf"|\b(?:{'|'.join(w for w in ABOUT if w.isalpha())})\b\.?",
    flags=re.IGNORECASE,
)


def listing(items: Iterable[object], last: str = "and") -> str:
    """Items as a sentence lists them: ``9-4``, ``9-4 and 6-6``, ``9-4, 6-6 and 2-1``.

    >>> listing(["9-4", "6-6", "2-1"]), listing(["play", "draw"], "or"), listing([])
    ('9-4, 6-6 and 2-1', 'play or draw', 'nothing')
    """
    names = [str(x) for x in items]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {last} " + names[-1]


def _number_given(n: int, choices: Sequence[str]) -> str:
    """What to say when a bare whole number arrives where a tile was expected."""
    # A tile typed without quotes, like 9-4, reaches us as 9 minus 4. Find a tile it may
    # have been, among the tiles this exercise is about, to show it back in quotes.
    meant = [c for c in choices if _difference(c) == n]
    if meant and n >= 0:
        tile = meant[0]
        high, low = tile.split("-")
        return (
            f"You gave the number {shown(n)}. Without quotes, Python works out {tile} as a "
            f"subtraction ({high} minus {low} is {n}). Write a tile in quotes, "
            f'like "{tile}".'
        )
    example = choices[0] if choices else "9-4"
    return (
        f"You gave the number {shown(n)}, but a tile has two numbers. Write a tile in quotes, "
        f'like "{example}" (without quotes, Python works out {example} as a subtraction).'
    )


def _difference(text: str) -> int | None:
    try:
        tile = to_tile(text)
    except NotationError:
        return None
    return tile.high - tile.low


def _one_tile(item: object, choices: Sequence[str]) -> Tile:
    """One tile from ``"9-4"``, ``(9, 4)`` or a Tile; anything else is an AnswerError."""
    if isinstance(item, Tile):
        return item
    if is_whole(item):
        raise AnswerError(_number_given(item, choices))
    if isinstance(item, tuple) and len(item) == 2 and all(is_whole(x) for x in item):
        try:
            return Tile(item[0], item[1])
        except NotationError as exc:
            raise AnswerError(f"{shown(item)} is not a tile of this set: {exc}.") from None
    if isinstance(item, str):
        text = tidy(item)
        if _NUMBER.fullmatch(text):
            raise AnswerError(
                f'"{text}" is one number, but a tile has two: write both, joined by "-", '
                'like "9-4".'
            )
        try:
            return to_tile(text)
        except NotationError:
            pass
    raise AnswerError(f'{shown(item)} is not a tile: write a tile in quotes, like "9-4".')


def read_tiles(answer: object, choices: Sequence[str] = ()) -> list[Tile]:
    """Tiles from ``"9-4"``, ``"9-4, 6-6"``, ``["9-4", "6-6"]``, ``(9, 4)`` or ``[]``.

    ``choices`` are the tiles the question is about; a bare number (``9-4`` typed
    without quotes arrives as 5) is shown back as the tile it may have been.

    >>> read_tiles(["6-6", (9, 4)]), read_tiles("none")
    ([Tile(6, 6), Tile(9, 4)], [])
    """
    if isinstance(answer, str):
        text = tidy(tidy(answer).strip("[]()"))
        if text.lower() in _NONE_WORDS:
            return []
        parts = [tidy(p) for p in re.split(r"[,;\s]+", text)]
        return [_one_tile(p, choices) for p in parts if p]
    if isinstance(answer, Tile) or (
        isinstance(answer, tuple) and len(answer) == 2 and all(is_whole(x) for x in answer)
    ):
        return [_one_tile(answer, choices)]
    if is_whole(answer):
        raise AnswerError(_number_given(answer, choices))
    if isinstance(answer, (list, tuple, set, frozenset)):
        return [_one_tile(item, choices) for item in answer]
    example = f'["{choices[0]}"]' if choices else '["9-4", "6-6"]'
    raise AnswerError(
        f"{shown(answer)} is not a list of tiles: write the tiles in quotes inside square "
        f"brackets, like {example}, or [] for none."
    )


def read_number(answer: object, what: str = "the score") -> int:
    """A whole number, by the one rule of :func:`~._typed.read_typed`: ``57``, ``"57"``,
    ``"1,600"``, ``"12.0"``, ``"57 points"``, ``"57 pts"``, ``"fifty-seven"``, ``"about 57"``.

    >>> read_number("12"), read_number(12.0), read_number("1,600"), read_number("12.0")
    (12, 12, 1600, 12)
    >>> read_number("57 points."), read_number("Fifty-five pts")
    (57, 55)
    """
    how = f"{what} in digits or words, like 12"
    value, _ = read_typed(answer, what, percent=False, how=how, kind="a whole number", quote=True)
    if value.denominator != 1:
        raise AnswerError(
            f"{shown(answer)} is not a whole number: {what} is a whole number, like 12."
        )
    number = value.numerator
    if number > 10**12:
        raise AnswerError(f"{shown(answer, 20)} is far too big to be {what}.")
    if number < 0:
        raise AnswerError(f"{what.capitalize()} is never below 0: points only add up.")
    return number


def _scores_in_order(text: str, count: int) -> list[str]:
    """The scores of a text like ``"0, 12, 5"``: commas, semicolons and spaces separate them,
    except a comma inside ``1,600``, unless splitting it there gives ``count`` scores."""
    parts = [p for p in re.split(r"(?:[;\s]|,(?=\s|$))+", text) if p]
    kept = [q for p in parts for q in ([p] if THOUSANDS.fullmatch(p) else p.split(",")) if q]
    if len(kept) != count:
        split = [q for p in parts for q in p.split(",") if q]
        if len(split) == count:
            return split
    return kept


def _scores_by_name(text: str, names: Sequence[str]) -> list[int]:
    """The scores of a text like ``"Ann 2, Bob 0, Cy 57"`` (any order), in seat order."""
    named = f"write each player's name and score, like {', '.join(f'{n} 0' for n in names)}"
    marked = text
    for i, name in sorted(enumerate(names), key=lambda p: -len(p[1])):
        pattern = rf"(?<![\w]){re.escape(name)}(?:['\u2019]s)?(?![\w])"
        marked = re.sub(pattern, f" \x00{i}\x00 ", marked, flags=re.IGNORECASE)
    tokens = re.findall(r"\x00\d+\x00|[+-]?\d[\d,.]*|[^\W\d_]+|\S", marked)
    scores: dict[str, int] = {}
    waiting: str | None = None
    for token in tokens:
        if token.startswith("\x00"):
            if waiting is not None:
                raise AnswerError(f"{waiting} has no score after the name: {named}.")
            waiting = names[int(token.strip("\x00"))]
            if waiting in scores:
                raise AnswerError(f"{waiting} is given two scores: {named}.")
        elif token[-1].isdigit() or token[0].isdigit():
            number = token.rstrip(",.")
            if waiting is None:
                raise AnswerError(f"{number} has no player's name before it: {named}.")
            scores[waiting] = read_number(number, f"{waiting}'s score")
            waiting = None
        elif token.isalpha() and token.casefold() not in _FILLERS | set(UNITS):
            raise AnswerError(
                f'"{token}" is not one of the players: they are {listing(names)}; {named}.'
            )
    if waiting is not None:
        raise AnswerError(f"{waiting} has no score after the name: {named}.")
    missing = [n for n in names if n not in scores]
    if missing:
        given = [n for n in names if n in scores]
        raise AnswerError(
            f"You gave {len(given)} of the {len(names)} scores, and none for "
            f"{listing(missing)}: {named}."
        )
    return [scores[n] for n in names]


def read_numbers(answer: object, names: Sequence[str]) -> list[int]:
    """One whole number per player: ``[0, 12, 5]``, ``"0, 12, 5"`` (in seat order) or
    ``"Ann 0, Bob 12, Cy 5"`` (named, in any order).

    >>> read_numbers("0, 12, 5", ["Ann", "Bob", "Cy"])
    [0, 12, 5]
    >>> read_numbers("Cy: 5, Ann 0, Bob 12.", ["Ann", "Bob", "Cy"])
    [0, 12, 5]
    """
    example = str([0] * len(names))
    if isinstance(answer, str):
        text = tidy(answer).strip(" []()")
        folded = {n.casefold() for n in names}
        if not any(words_as_digits(n) != n for n in names):  # no player is called "Ten"
            text = words_as_digits(text)
        units = [u for u in UNITS if u not in folded]
        text = re.sub(rf"\b(?:{'|'.join(units)})\b", " ", text, flags=re.IGNORECASE)
        text = _ROUNDED.sub(" ", text).strip()
        if re.search(r"[^\W\d_]", text):
            return _scores_by_name(text, names)
        items: list[object] = list(_scores_in_order(text, len(names)))
    elif isinstance(answer, (list, tuple)):
        items = list(answer)
    else:
        raise AnswerError(
            f"{shown(answer)} is not a list: write one score per player in square brackets, "
            f"in the order {listing(names)}, like {example}."
        )
    if len(items) != len(names):
        raise AnswerError(
            f"You gave {len(items)} {'score' if len(items) == 1 else 'scores'} for "
            f"{len(names)} players: write one score for each player, in the order "
            f"{listing(names)}, like {example}."
        )
    return [read_number(item, f"{name}'s score") for item, name in zip(items, names, strict=True)]


def read_name(answer: object, names: Sequence[str], extra: Sequence[str] = ()) -> str:
    """One of ``names`` (or ``extra`` words), ignoring case and spaces around it.

    >>> read_name("TIE", ["Ann", "Bob"], extra=["tie"])
    'tie'
    """
    if not isinstance(answer, str):
        raise AnswerError(
            f'{shown(answer)} is not a name: write a player\'s name in quotes, like "{names[0]}".'
        )
    given = tidy(answer).casefold()
    for name in (*names, *extra):
        if given == name.casefold():
            return name
    raise AnswerError(
        f"{shown(answer)} is not one of the players: they are {listing(names)}. "
        f'Write one name in quotes, like "{names[0]}".'
    )


def read_choice(answer: object, choices: Sequence[str]) -> str:
    """One of ``choices``, ignoring case and spaces around it.

    >>> read_choice(" Draw ", ["play", "draw", "pass"])
    'draw'
    """
    if isinstance(answer, str):
        given = tidy(answer).casefold()
        for choice in choices:
            if given == choice.casefold():
                return choice
    words = listing((f'"{c}"' for c in choices), "or")
    raise AnswerError(f"{shown(answer)} is not one of the answers: write {words}.")


# -- the exercise: checks, graded hints, the solution, and what happened -------------

Status = Literal["correct", "not yet", "not attempted"]
Kind = Literal["tiles", "tile", "move", "choice", "number", "name"]
#: The kinds of answer control an exercise asks for.
KINDS: tuple[Kind, ...] = ("tiles", "tile", "move", "choice", "number", "name")
#: ``(time, "check", answer as text, status)``, ``(time, "hint", number)``, ``(time, "solution")``.
Event: TypeAlias = "tuple[float, str, str, str] | tuple[float, str, int] | tuple[float, str]"
_MISSING = object()


@dataclass(frozen=True)
class Feedback:
    """What a check says: a status and a plain-language message (shown as text)."""

    status: Status
    message: str

    def __repr__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        icon = {"correct": "✅", "not yet": "🔶", "not attempted": "✏️"}[self.status]
        return f"{icon} {_escape_md(self.message)}"

    def __bool__(self) -> bool:
        return self.status == "correct"


class _Shown(Feedback):
    """Feedback already displayed when it was made: Jupyter does not show it a second time."""

    def _ipython_display_(self) -> None:
        return None


def _in_ipython() -> bool:
    shell = sys.modules.get("IPython")
    return shell is not None and getattr(shell, "get_ipython", lambda: None)() is not None


def _show(feedback: Feedback) -> Feedback:
    """Display ``feedback`` now inside IPython/Jupyter (so two in one cell both show)."""
    if not _in_ipython():
        return feedback
    from IPython.display import display

    display(feedback)  # type: ignore[no-untyped-call]
    return _Shown(feedback.status, feedback.message)


def _escape_md(text: str) -> str:
    return "".join("\\" + ch if ch in "\\`*_{}[]<>()#+!|" else ch for ch in text)


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text[-1] in ".!?" else ".")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")


@dataclass(eq=False)
class Exercise:
    """A question with a checker, graded hints and a worked solution.

    ``judge`` turns an answer into ``(correct, message)``; it raises
    :class:`~cfwidget.AnswerError` with a friendly message for answers it cannot
    read. ``hints`` go from a nudge that names the rule to a sharper one; asking
    once more shows the solution. ``kind`` and ``choices`` tell an answer control
    what to offer, ``key`` names the exercise in a progress file, and ``events``
    records every check, hint and solution view with its time.

    >>> q = Exercise("Two plus two?", lambda a: (a == 4, "It is 4."), ("Count.", "2, 3, ..."),
    ...              "4.", example="4", kind="number")
    >>> q.key, q.check(4), q.hint(), q.hint(), q.hint()
    ('two-plus-two', Correct! It is 4., Hint 1 of 2: Count., Hint 2 of 2: 2, 3, ..., Solution: 4.)
    >>> [event[1:] for event in q.events]
    [('check', '4', 'correct'), ('hint', 1), ('hint', 2), ('solution',)]
    """

    question: str
    judge: Callable[[object], tuple[bool, str]]
    hints: tuple[str, ...]
    solution_text: str
    example: str = '["9-4", "6-6"]'
    kind: Kind = "tiles"
    choices: tuple[str, ...] = ()
    key: str = ""
    attempts: list[object] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    status: Status = "not attempted"
    hints_seen: int = 0
    #: Called with the exercise after each event (a lesson's sign-in saves it at once).
    watchers: list[Callable[[Exercise], None]] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise LessonError(f"an exercise's kind is one of {listing(KINDS, 'or')}")
        self.key = self.key or slug(self.question) or "exercise"

    def _note(self, event: Event) -> None:
        self.events.append(event)
        for watcher in self.watchers:
            watcher(self)

    def check(self, answer: object = _MISSING) -> Feedback:
        """Check ``answer``; with no answer, say how to give one."""
        if answer is _MISSING or answer is None or answer is Ellipsis:
            self._note((time.time(), "check", "", "not attempted"))
            name = _own_name(self, sys._getframe(1))
            return Feedback(
                "not attempted",
                f"Not attempted: write your answer in the brackets, like "
                f"{name}.check({self.example}).",
            )
        self.attempts.append(answer)
        try:
            ok, message = self.judge(answer)
        except ValueError as exc:  # AnswerError: an answer it cannot read, kindly explained
            ok, message = False, str(exc)
        self.status = "correct" if ok else "not yet"
        self._note((time.time(), "check", _answer_text(answer), self.status))
        # After "Correct!" a sentence starts; after "Not yet:" the reason follows as said.
        said = (
            sentence(message)
            if ok
            else message.strip() + ("" if message.strip()[-1:] in ".!?" else ".")
        )
        return Feedback(self.status, ("Correct! " if ok else "Not yet: ") + said)

    def hint(self) -> Feedback:
        """The next hint: a nudge naming the rule, then a sharper one, then the solution.

        Inside Jupyter it shows itself at once, so a hint and a solution asked in
        one cell both show.
        """
        if self.hints_seen >= len(self.hints):
            return self.solution()
        self.hints_seen += 1
        n = self.hints_seen
        self._note((time.time(), "hint", n))
        return _show(Feedback(self.status, f"Hint {n} of {len(self.hints)}: {self.hints[n - 1]}"))

    def solution(self) -> Feedback:
        """The answer and why (shown at once inside Jupyter)."""
        self._note((time.time(), "solution"))
        return _show(Feedback(self.status, f"Solution: {self.solution_text}"))

    @property
    def solved(self) -> bool:
        """Whether an answer was ever right (a later wrong try does not undo it; ``status``
        is the last answer's).

        >>> ex = Exercise("2 + 2?", judge=lambda a: (a == 4, "four"), hints=(), solution_text="4")
        >>> _ = ex.check(4); _ = ex.check(5)
        >>> ex.status, ex.solved
        ('not yet', True)
        """
        return any(e[1] == "check" and e[-1] == "correct" for e in self.events)

    def __repr__(self) -> str:
        return f"Exercise: {self.question} ({self.status})"


# The bytecode steps that load a variable by name (not an attribute or a constant).
_LOADS_A_NAME = ("LOAD_NAME", "LOAD_GLOBAL", "LOAD_FAST", "LOAD_DEREF", "LOAD_CLASSDEREF")


def _own_name(exercise: Exercise, frame: FrameType | None) -> str:
    """The name the calling code knows ``exercise`` by (``q1`` for ``q1.check()``), else ``q``.

    The names the calling code loaded up to the call are read back, the last first, and the
    first that holds ``exercise`` (in the caller's variables, or its module's: a notebook's)
    is its name. A caller that cannot be read says ``q``.
    """
    if frame is None:
        return "q"
    scopes = (frame.f_locals, frame.f_globals)
    loaded: list[str] = []
    try:
        for step in dis.get_instructions(frame.f_code):
            if step.offset > frame.f_lasti:
                break
            if step.opname.startswith(_LOADS_A_NAME) and step.argval is not None:
                names = step.argval if isinstance(step.argval, tuple) else (step.argval,)
                loaded += [n for n in names if isinstance(n, str)]
    except (TypeError, ValueError):  # a frame without readable code
        loaded = []
    for name in reversed(loaded):
        if name.isidentifier() and any(scope.get(name) is exercise for scope in scopes):
            return name
    return "q"


def _answer_text(answer: object) -> str:
    if isinstance(answer, str):
        return answer
    if isinstance(answer, (list, tuple, set, frozenset)) and not isinstance(answer, Tile):
        return ", ".join(_answer_text(a) for a in answer)
    if is_number(answer):
        text = shown(answer)  # safe for a number too long to print
        return text if len(text) < 60 else text[:59] + "…"
    return shown(answer)
