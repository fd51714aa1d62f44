"""Checked exercises for the lessons: ``check()``, ``hint()`` and ``solution()``.

Every answer is checked by the engine itself, so a lesson can never disagree
with the rules. Feedback says one of three things: **correct**, **not yet**
(with what is still wrong and the rule that decides it) or **not attempted**.

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
>>> q.check(["3-2"])
Correct! Bob can play 3-2.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal

from ..core import (
    OPTIONS,
    AnswerError,
    LessonError,
    Move,
    NotationError,
    Round,
    ScoreSheet,
    Tile,
    article,
    shown,
    to_tile,
)

__all__ = [
    "Exercise",
    "Feedback",
    "hand_score",
    "round_scores",
    "what_to_do",
    "where_can",
    "which_tiles",
    "who_wins",
]

Status = Literal["correct", "not yet", "not attempted"]
_MISSING = object()
_BLANK = Tile(0, 0)


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


def _escape_md(text: str) -> str:
    out = []
    for ch in text:
        if ch in "\\`*_{}[]<>()#+!|":
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


@dataclass
class Exercise:
    """A question with a checker, a hint and a worked solution.

    ``judge`` turns an answer into ``(correct, message)``; it raises
    ``ValueError`` with a friendly message for answers it cannot read.
    """

    question: str
    judge: Callable[[object], tuple[bool, str]]
    hint_text: str
    solution_text: str
    example: str = '["9-4", "6-6"]'
    attempts: list[object] = field(default_factory=list)
    status: Status = "not attempted"

    def check(self, answer: object = _MISSING) -> Feedback:
        """Check ``answer``; with no answer, say how to give one."""
        if answer is _MISSING or answer is None or answer is Ellipsis:
            return Feedback(
                "not attempted",
                f"Not attempted: write your answer in the brackets, like q.check({self.example}).",
            )
        self.attempts.append(answer)
        try:
            ok, message = self.judge(answer)
        except (ValueError, TypeError) as exc:
            self.status = "not yet"
            return Feedback("not yet", f"Not yet: {exc}")
        self.status = "correct" if ok else "not yet"
        return Feedback(self.status, ("Correct! " if ok else "Not yet: ") + message)

    def hint(self) -> Feedback:
        """A nudge that names the rule, without giving the answer away."""
        return Feedback(self.status, f"Hint: {self.hint_text}")

    def solution(self) -> Feedback:
        """The answer and why."""
        return Feedback(self.status, f"Solution: {self.solution_text}")

    def __repr__(self) -> str:
        return f"Exercise: {self.question} ({self.status})"


# -- reading answers ----------------------------------------------------------------


def _tiles(answer: object) -> list[Tile]:
    if isinstance(answer, str):
        text = answer.strip().lower()
        if text in ("", "none", "nothing", "no tiles"):
            return []
        parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
        answer = parts
    if (
        isinstance(answer, (Tile, tuple))
        and len(answer) == 2
        and all(isinstance(x, int) for x in answer)
    ):
        answer = [answer]
    if not isinstance(answer, Iterable):
        raise AnswerError(f"write tiles like ['9-4', '6-6'], got {shown(answer)}")
    out = []
    for item in answer:
        try:
            out.append(to_tile(item))
        except NotationError:
            raise AnswerError(f"{item!r} is not a tile: write it like '9-4'") from None
    return out


def _listing(tiles: Iterable[Tile]) -> str:
    names = [str(t) for t in sorted(set(tiles), reverse=True)]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- exercises built from real positions ----------------------------------------------


def which_tiles(rnd: Round) -> Exercise:
    """ "Which tiles can <the seat to move> play now?" (answer: a list of tiles, or [])."""
    name = rnd.names[rnd.turn]
    right = {m.tile for m in rnd.legal_moves() if m.is_play and m.tile is not None}

    def judge(answer: object) -> tuple[bool, str]:
        given = set(_tiles(answer))
        wrong = sorted(given - right, reverse=True)
        missed = sorted(right - given, reverse=True)
        if not wrong and not missed:
            if not right:
                return True, f"{name} has no tile that fits, so {name} must draw (or pass)."
            return True, f"{name} can play {_listing(right)}."
        parts = [f"{rnd.tile_refusal(t) or f'{t} can be played'}." for t in wrong]
        if missed:
            parts.append(f"You missed {_listing(missed)}.")
        return False, " ".join(parts)

    rule = rnd.rule_in_force()
    return Exercise(
        question=f"Which tiles can {name} play now?",
        judge=judge,
        hint_text=f"Right now {rule}. Look at each tile in {name}'s hand.",
        solution_text=(
            f"{name} can play {_listing(right)}, because {_because(rnd)}."
            if right
            else f"none: {_because(rnd)}, and {name} holds no tile that fits, so {name} draws."
        ),
    )


def where_can(rnd: Round, tile: Tile | str) -> Exercise:
    """ "Where can <tile> go?" for the seat to move (answer: the table tiles it can go onto)."""
    t = to_tile(tile)
    right = {m.onto for m in rnd.legal_moves() if m.is_play and m.tile == t and m.onto is not None}

    def judge(answer: object) -> tuple[bool, str]:
        given = set(_tiles(answer))
        if given == right:
            return (
                True,
                f"{t} can go on {_listing(right)}." if right else f"{t} cannot go anywhere now.",
            )
        parts = []
        for u in sorted(given - right, reverse=True):
            reason = _refusal(rnd, Move.play(t, u))
            parts.append(f"{reason}." if str(u) in reason else f"not on {u}: {reason}.")
        if right - given:
            parts.append(f"It can also go on {_listing(right - given)}.")
        return False, " ".join(parts)

    return Exercise(
        question=f"Where can {t} go?",
        judge=judge,
        example=f'["{rnd.start}"]',
        hint_text=(
            f"Right now {rnd.rule_in_force()}. "
            f"Find the open ends that show {article(t.high)} or {article(t.low)}."
        ),
        solution_text=(
            f"{t} can go on {_listing(right)}." if right else f"nowhere: {rnd.rule_in_force()}."
        ),
    )


def _because(rnd: Round) -> str:
    """The rule in force, worded to follow "because"."""
    if rnd.forced is None:
        return "no double is waiting, so any open end may take a tile that matches it"
    return rnd.rule_in_force()


def _refusal(rnd: Round, move: Move) -> str:
    """The engine's reason ``move`` is refused now (see :meth:`Round.refusal`)."""
    return rnd.refusal(move) or "it fits there"


def what_to_do(rnd: Round) -> Exercise:
    """ "What must <seat> do now?": play (any legal play is right), draw or pass."""
    name = rnd.names[rnd.turn]
    legal = rnd.legal_moves()
    plays = [m for m in legal if m.is_play]

    def judge(answer: object) -> tuple[bool, str]:
        text = str(answer).strip().lower()
        if text in ("draw", "pass"):
            move = Move.parse(text)
        elif text == "play":
            if plays:
                return True, f"{name} has a tile that fits, so {name} must play one."
            return False, f"{name} has no tile that fits. {_refusal(rnd, Move.DRAW)}."
        else:
            try:
                move = Move.parse(str(answer))
            except NotationError:
                raise AnswerError(
                    "answer 'play', 'draw', 'pass' or a move like '9-4@9-9'"
                ) from None
        if move in legal:
            return True, f"{move} is allowed: {rnd.rule_in_force()}."
        return False, _refusal(rnd, move) + "."

    if plays:
        solution = f"play: {name} can play {', '.join(str(m) for m in plays)}."
    elif legal == [Move.DRAW]:
        solution = f"draw: {name} has no tile that fits, and the chicken yard still has tiles."
    else:
        solution = f"pass: {name} has no tile that fits and cannot draw (or has drawn already)."
    return Exercise(
        question=f"What must {name} do now?",
        judge=judge,
        example='"draw"',
        hint_text="Must play if you can; else draw one tile; with the yard empty, pass.",
        solution_text=solution,
    )


def _blank_words(rnd: Round) -> str:
    """The rules' own sentence on the double blank ("The double blank costs 50 points.")."""
    return OPTIONS["double_blank"].sentence(rnd.rules) or ""


def hand_score(rnd: Round, seat: int) -> Exercise:
    """ "What does <seat>'s hand score?" (answer: a whole number)."""
    if not isinstance(rnd, Round):
        raise LessonError(f"hand_score needs a cf.Round, got {shown(rnd)}")
    rnd.hand(seat)  # a SeatError for a seat that is not at this table
    name = rnd.names[seat]
    right = rnd.scores()[seat]
    blank = _blank_words(rnd)

    def judge(answer: object) -> tuple[bool, str]:
        if isinstance(answer, bool) or not isinstance(answer, int):
            raise AnswerError(f"write the score as a whole number, like 12 (got {shown(answer)})")
        if answer == right:
            return True, f"{name} scores {right}."
        hint = f" Remember: {blank}" if _BLANK in rnd.hands[seat] else ""
        words = "add the pips on every tile left in the hand."
        return False, f"{shown(answer)} is not it: {words}{hint}"

    tiles = rnd.hands[seat]
    parts = [f"{t} = {rnd.rules.penalty(t)}" for t in tiles]
    return Exercise(
        question=f"What does {name}'s hand score?",
        judge=judge,
        example="12",
        hint_text=(f"Count the pips on each tile. {blank} Going out scores 0."),
        solution_text=(
            f"{right}: " + (", ".join(parts) if parts else f"{name} went out, so 0") + "."
        ),
    )


def round_scores(rnd: Round) -> Exercise:
    """ "What does each player score this round?" (answer: a list of numbers in seat order)."""
    right = rnd.scores()

    def judge(answer: object) -> tuple[bool, str]:
        if isinstance(answer, str) or not isinstance(answer, Iterable):
            raise AnswerError(f"write one number per player, like {[0] * len(right)}")
        given = list(answer)
        if len(given) != len(right):
            raise AnswerError(f"write one number for each of the {len(right)} players")
        wrong = [rnd.names[i] for i, (a, b) in enumerate(zip(given, right, strict=True)) if a != b]
        if not wrong:
            return True, "those are the scores."
        return False, f"check {', '.join(wrong)} again: pips left in hand. {_blank_words(rnd)}"

    return Exercise(
        question="What does each player score this round?",
        judge=judge,
        example=str([0] * len(right)),
        hint_text="Each player adds the pips left in their hand; the player who went out scores 0.",
        solution_text=", ".join(f"{n}: {s}" for n, s in zip(rnd.names, right, strict=True)) + ".",
    )


def who_wins(sheet: ScoreSheet) -> Exercise:
    """ "Who wins this game?" with the tie-breaks of the rules (answer: a name, or "tie").

    Players still level after both tie-breaks share first place: then the answer is
    ``"tie"`` (or any of their names, which is told that the place is shared).
    """
    if not isinstance(sheet, ScoreSheet):
        raise AnswerError(f"who_wins needs a score sheet (cf.ScoreSheet), got {shown(sheet)}")
    if not sheet.rounds:
        raise AnswerError("the score sheet has no rounds yet: nobody has won anything")
    totals = dict(zip(sheet.names, sheet.totals, strict=True))
    first = [name for place, name, _ in sheet.places() if place == 1]
    shared = len(first) > 1
    right = " and ".join(first)
    verdict = f"{right} share first place with {totals[first[0]]}." if shared else ""

    def judge(answer: object) -> tuple[bool, str]:
        if not isinstance(answer, str):
            raise AnswerError("write the winner's name in quotes, like 'Ann'")
        given = answer.strip().casefold()
        if shared and given in ("tie", "a tie", "draw", *(n.casefold() for n in first)):
            return True, verdict + " Even the tie-breaks cannot split them."
        if not shared and given == first[0].casefold():
            return True, f"{first[0]} wins with {totals[first[0]]}."
        if given not in {n.casefold() for n in totals}:
            raise AnswerError(f"the players are {', '.join(sheet.names)}")
        return False, (
            "lowest total wins; on a tie, more zero rounds, then the lowest non-zero round."
        )

    return Exercise(
        question="Who wins this game?",
        judge=judge,
        example="'Ann'",
        hint_text="Lowest total wins. Tied? More zero rounds wins, then the lowest non-zero round.",
        solution_text=(verdict or f"{right}.")
        + " Totals: "
        + ", ".join(f"{n} {t}" for n, t in totals.items())
        + ".",
    )
