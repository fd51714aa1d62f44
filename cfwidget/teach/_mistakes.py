"""Learn from your mistakes: each flagged move of a reviewed game, to solve again.

:func:`mistakes` takes a :class:`~cfwidget.analysis.Review` and a seat, and turns each of
that seat's moves the review flagged (an inaccuracy, a mistake or a blunder: never an
``"unclear"`` one, which the ratings could not settle) into a
:class:`Mistake`: the table just before the move, seen from that chair, and an exercise
"find a better move" with two hints (which ends, then which tile), a worked solution and the
line of play that shows why.

The check is against ratings sure enough to judge. Before it asks, :func:`mistakes` rates the
position again with :data:`MORE_WORLDS` times the review's worlds and a fresh seed (so that
the answer does not rest on the same chance that flagged the move). A move counts as better
only if those ratings say so surely: it must leave the seat fewer expected points than the
move played by more than :data:`SURE` times the paired standard error of the gap. That error
is bounded from the ratings' own paired errors against the best move (the error of a gap
between two moves is at most the sum of their errors against a third), and it is exact for
the best move. A flagged move for which the fresh ratings find no surely better move is not
asked about; :attr:`Mistakes.unsure` lists it with the reason.

Attempts go to the student's progress file as the lessons' do: give ``progress=`` the
lesson's sign-in (:func:`~cfwidget.teach.sign_in`) and every check, hint and solution is
saved, whether made in the widget (``cfwidget.widget.MistakesWidget``) or typed as
``drill[0].exercise.check("0-0 on 9-0")``.

>>> from cfwidget import Game, Rules
>>> from cfwidget.analysis import review
>>> game = Game(3, Rules(max_pip=6, hand_size=7), seed=8)
>>> while not game.round.is_over:
...     game.play(game.round.legal_moves()[-1])
>>> drill = mistakes(review(game, seats=[0], worlds=60), seat=0)
>>> len(drill) + len(drill.unsure) == len(drill.review.mistakes())
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from .._shared import check_seed, offset_seed, plain_whole, plural, shown, whole_in
from ..analysis import FLAGS, MAX_WORLDS, Line, Review, evaluate, lines_of_play
from ..core import SAYING_LAST, Move, NotationError, Round
from ._answers import Exercise, listing
from ._errors import AnswerError, LessonError
from ._typed import move_notation

__all__ = ["FLAGGED", "MORE_WORLDS", "SURE", "Mistake", "Mistakes", "mistakes"]

#: The verdicts that make a move worth solving again (the review's sure flags; an
#: ``"unclear"`` move is not one).
FLAGGED = FLAGS
#: How many times the review's worlds the position is rated with again before it is asked.
MORE_WORLDS = 4
#: How many paired standard errors a move must be ahead of the move played to count as better.
SURE = 2.0


@dataclass(frozen=True, eq=False)
class Mistake:
    """One flagged move to solve again: where it was, what the fresh ratings say, the exercise.

    ``position`` is the round just before the move (a copy: nothing is changed through it),
    ``seat`` the chair it is seen from, ``ratings`` the fresh ratings (evaluate's table),
    ``better`` the moves that are surely better than ``played``, best first, and ``lines``
    the line of play after the best move and after the move played, in one typical imagined
    world (:func:`~cfwidget.analysis.lines_of_play`).
    """

    round_no: int
    move_number: int
    seat: int
    name: str
    played: Move
    verdict: str
    loss: float
    position: Round = field(repr=False)
    ratings: pd.DataFrame = field(repr=False)
    better: tuple[Move, ...]
    lines: tuple[Line, ...] = field(repr=False)
    exercise: Exercise = field(repr=False)

    @property
    def best(self) -> Move:
        """The move the fresh ratings put first."""
        return self.better[0]

    def points(self, move: Move | str) -> float:
        """The fresh rating of ``move``: its expected round points for the seat (``move``
        one of the moves the seat could make there)."""
        table = self.ratings["expected_points"].to_dict()
        if not isinstance(move, (Move, str)) or str(move) not in table:
            raise LessonError(
                f"move is one of the moves {self.name} could make there: "
                f"{listing(list(table), 'or')}; got {shown(move)}"
            )
        return float(table[str(move)])

    def line_words(self, line: Line) -> list[str]:
        """``line`` in words, one move a line: ``"Amira plays 0-0 on 9-0"``."""
        names = self.position.names
        return [f"{names[seat]} {_move_words(move)}" for seat, move in line.moves]

    def why(self) -> str:
        """The line of play after the best move and after the move played, in words: one
        imagined world (the tiles are dealt again from this chair's view), a typical one."""
        name = self.name
        parts = []
        for line in self.lines:
            names = self.position.names
            end = "nobody could play" if line.out is None else f"{names[line.out]} went out"
            words = "; ".join(self.line_words(line))
            parts.append(
                f"After {_move_words(line.move, bare=True)}: {words}. Then {end}, and "
                f"{name} ends with {plural(line.points[self.seat], 'point')}."
            )
        return " ".join(parts)


class Mistakes(Sequence[Mistake]):
    """The flagged moves of one seat, each a :class:`Mistake` to solve, in the order played.

    :attr:`unsure` lists the flagged moves not asked about: ``(round, move number, why)``.
    """

    def __init__(
        self, review: Review, seat: int, items: list[Mistake], unsure: list[tuple[int, int, str]]
    ) -> None:
        self.review = review
        self.seat = seat
        self._items = tuple(items)
        self.unsure: tuple[tuple[int, int, str], ...] = tuple(unsure)

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return self._items[index]
        index = plain_whole(index)
        if not isinstance(index, int) or isinstance(index, bool):
            raise LessonError(f"a mistake is found by its number, from 0; got {shown(index)}")
        if not -len(self._items) <= index < len(self._items):
            raise LessonError(
                f"there {'is' if len(self._items) == 1 else 'are'} "
                f"{plural(len(self._items), 'mistake')} to solve, numbered from 0; got {index}"
            )
        return self._items[index]

    def __iter__(self) -> Iterator[Mistake]:
        return iter(self._items)

    @property
    def exercises(self) -> list[Exercise]:
        """The exercises, one per mistake."""
        return [m.exercise for m in self._items]

    def __repr__(self) -> str:
        name = self.review.names[self.seat] if self.review.names else f"seat {self.seat}"
        head = f"{plural(len(self), 'move')} of {name} to solve again"
        rows = [
            f"  round {m.round_no}, move {m.move_number}: {m.played} ({m.verdict}, "
            f"{m.loss:.1f} points lost), {m.exercise.status}"
            for m in self._items
        ]
        rows += [f"  round {r}, move {k}: not asked ({why})" for r, k, why in self.unsure]
        return "\n".join([head, *rows])


def mistakes(
    review: Review,
    seat: int,
    *,
    worlds: int | None = None,
    seed: int | None = None,
    progress: object = None,
) -> Mistakes:
    """Each move of ``seat`` that ``review`` flagged, as an exercise to solve again.

    ``worlds`` rates each position again (default :data:`MORE_WORLDS` times the review's,
    at most :data:`~cfwidget.analysis.MAX_WORLDS`) and ``seed`` seeds it (default: the
    review's seed plus one, so the worlds are fresh). ``progress`` is a lesson's sign-in
    (:func:`~cfwidget.teach.sign_in`): it follows every exercise, so that each attempt is
    saved in the student's progress file. See the module text for the check.
    """
    if not isinstance(review, Review):
        raise LessonError(
            f"mistakes takes a review, like cfwidget.analysis.review(game); got {shown(review)}"
        )
    players = len(review.names)
    seat = plain_whole(seat)  # a cell of the review's tables is NumPy's
    if not whole_in(seat, 0, players - 1):
        raise LessonError(f"seat is a seat number from 0 to {players - 1}, got {shown(seat)}")
    reviewed = [int(s) for s in review.summary.index]
    if seat not in reviewed:
        name = review.names[seat]
        raise LessonError(
            f"{name}'s moves were not reviewed (this review rated "
            f"{listing([review.names[s] for s in reviewed], 'and')}): review the game with "
            f"seats=[{seat}] to find {name}'s mistakes"
        )
    worlds = plain_whole(worlds)
    if worlds is None:
        worlds = min(MAX_WORLDS, MORE_WORLDS * review.worlds)
    if not whole_in(worlds, 2, MAX_WORLDS):
        raise LessonError(f"worlds is a whole number from 2 to {MAX_WORLDS}, got {shown(worlds)}")
    seed = offset_seed(review.seed, 1) if seed is None else check_seed(seed, LessonError)
    follow = getattr(progress, "follow", None)
    if progress is not None and not callable(follow):
        raise LessonError(
            f"progress is the lesson's sign-in, like teach.sign_in('40'); got {shown(progress)}"
        )
    flagged = review.moves[(review.moves["seat"] == seat) & review.moves["verdict"].isin(FLAGGED)]
    items: list[Mistake] = []
    unsure: list[tuple[int, int, str]] = []
    for _, row in flagged.iterrows():
        made = _mistake(review, row, worlds, seed)
        if isinstance(made, str):
            unsure.append((int(row["round"]), int(row["move_number"]), made))
            continue
        if callable(follow):
            follow(made.exercise)
        items.append(made)
    return Mistakes(review, seat, items, unsure)


def _mistake(review: Review, row: pd.Series, worlds: int, seed: int) -> Mistake | str:
    """The exercise of one flagged row, or why it is not asked."""
    r, k = int(row["round"]), int(row["move_number"])
    position = review.round_at(r, k)
    ratings = evaluate(position, worlds=worlds, policy=review.policy, seed=seed)  # type: ignore[arg-type]
    played = Move.parse(str(row["played"]))
    points = {str(m): float(p) for m, p in ratings["expected_points"].items()}
    errors = {str(m): float(e) for m, e in ratings["loss_std_error"].items()}
    mine = points[str(played)]
    better = tuple(
        Move.parse(m)
        for m in points
        if m != str(played) and mine - points[m] > SURE * (errors[m] + errors[str(played)])
    )
    if not better:
        return (
            f"rated again with {worlds} worlds, no move is surely better than {played} "
            f"(by more than {SURE:g} paired standard errors)"
        )
    lines = lines_of_play(position, [better[0], played], seed=seed)
    name = str(row["name"])
    exercise = _exercise(
        position, played, better, points, errors, str(row["verdict"]), (r, k, worlds)
    )
    made = Mistake(
        round_no=r,
        move_number=k,
        seat=int(row["seat"]),
        name=name,
        played=played,
        verdict=str(row["verdict"]),
        loss=float(row["loss"]),
        position=position,
        ratings=ratings,
        better=better,
        lines=lines,
        exercise=exercise,
    )
    exercise.solution_text = f"{exercise.solution_text} {made.why()}"
    return made


def _exercise(
    position: Round,
    played: Move,
    better: tuple[Move, ...],
    points: dict[str, float],
    errors: dict[str, float],
    verdict: str,
    at: tuple[int, int, int],
) -> Exercise:
    r, k, worlds = at  # round, move, and the worlds the fresh ratings used
    name = position.names[position.turn]
    legal = position.legal_moves()
    mine = points[str(played)]

    def judge(answer: object) -> tuple[bool, str]:
        move = read_move(answer)
        if move not in legal:
            return False, position.refusal(move) or f"{move} is not allowed now"
        said = _move_words(move, bare=True)
        if move == played:
            return False, f"{said} is the move {name} played; find one the ratings prefer"
        gap = mine - points[str(move)]
        paired = errors[str(move)] + errors[str(played)]
        if move in better:
            return True, (
                f"{said} leaves {name} {points[str(move)]:.1f} points on average, "
                f"{gap:.1f} fewer than {_move_words(played, bare=True)} ({mine:.1f}), more "
                f"than {SURE:g} times the error of that gap (at most {paired:.1f})"
            )
        if gap > 0:
            return False, (
                f"{said} is rated {gap:.1f} points better than {_move_words(played, bare=True)}, "
                f"but the error of that gap is up to {paired:.1f}: the ratings are not sure "
                "it is better"
            )
        return False, (
            f"{said} is rated {points[str(move)]:.1f} points on average, no better than "
            f"{_move_words(played, bare=True)} ({mine:.1f})"
        )

    ends = listing(dict.fromkeys(_end_words(position, m) for m in better if m.is_play), "or")
    rests = listing(dict.fromkeys(m.kind for m in better if not m.is_play), "or")
    where = (
        f"A better move goes on {ends}" + (f", or is to {rests}." if rests else ".")
        if ends
        else f"A better move is to {rests}."
    )
    tiles = listing(dict.fromkeys(str(m.tile) for m in better if m.tile is not None), "or")
    plays = [m for m in better if m.is_play]
    say = " and say 'last tile'" if plays and all(m.announce for m in plays) else ""
    best = better[0]
    return Exercise(
        question=(
            f"Round {r}, move {k}: {name} {_did(played)}, rated "
            f"{_article(verdict)} {verdict}. Find a better move."
        ),
        judge=judge,
        hints=(
            where,
            f"Play {tiles} there{say}." if tiles else "Look again at the ends above.",
        ),
        solution_text=(
            f"{_move_words(best, bare=True)}: {points[str(best)]:.1f} points on average "
            f"against {mine:.1f} for {_move_words(played, bare=True)}, rated again over "
            f"{worlds:,} fresh imagined deals (the review's figures came from others)"
            + (
                f" (also better: {listing(_move_words(m, bare=True) for m in better[1:])})."
                if len(better) > 1
                else "."
            )
        ),
        example=f'"{best.tile}@{best.onto}"' if best.onto is not None else '"draw"',
        kind="move",
        key=f"mistakes-r{r}-m{k}",
    )


def read_move(answer: object) -> Move:
    """A move from the engine's notation (``"0-0@9-0"``) or the coach's words
    (``"0-0 on 9-0"``), or a :class:`~cfwidget.Move`.

    A play that also announces the last tile ends in ``!`` or says so in words.

    >>> read_move("Play 0-0 on the 9-0"), read_move("draw")
    (Move.parse('0-0@9-0'), Move.parse('draw'))
    >>> read_move("0-0@9-0!"), read_move("0-0 on 9-0, saying 'last tile'")
    (Move.parse('0-0@9-0!'), Move.parse('0-0@9-0!'))
    """
    if isinstance(answer, Move):
        return answer
    if isinstance(answer, str):
        text, loud = _announced(answer)
        try:
            move = Move.parse(move_notation(text))
        except (NotationError, ValueError):
            pass
        else:
            return Move.parse(f"{move}!") if loud and move.is_play else move
    raise AnswerError(
        f"{shown(answer)} is not a move: write the tile and the tile it goes on, like "
        '"0-0 on 9-0" or "0-0@9-0", or "draw" or "pass".'
    )


#: Words that may stand between a move and "last tile" ("2-0 on 2-2, saying 'last tile'").
_SAYING = frozenset(
    [
        "and",
        "while",
        "then",
        "say",
        "says",
        "saying",
        "said",
        "announce",
        "announces",
        "announcing",
        "call",
        "calls",
        "calling",
        "my",
        "the",
        "a",
    ]
)


def _announced(answer: str) -> tuple[str, bool]:
    """The move's part of ``answer`` and whether it announces the last tile: a closing "!"
    or the words "last tile" after the move (with "saying", "and say" ... before them).

    >>> _announced("2-0 on 2-2, saying 'last tile'"), _announced("2-0@2-2!")
    (('2-0 on 2-2', True), ('2-0@2-2', True))
    >>> _announced("2-0 on 2-2 (last tile)"), _announced("2-0 on 2-2, saying nothing")
    (('2-0 on 2-2', True), ('2-0 on 2-2, saying nothing', False))
    """
    text = " ".join(answer.split())  # one space between words: linear work, whatever the text
    loud = text.endswith("!")
    cut = text.lower().find("last tile")
    if cut > 0:
        loud = True
        words = re.sub(r"[(),;:'\"]", " ", text[:cut]).split()
        while words and words[-1].lower() in _SAYING:
            words.pop()
        text = " ".join(words)
    return text.rstrip("!. "), loud


def _did(move: Move) -> str:
    """``"played 0-0 on 9-0"``, ``"drew"``, ``"passed"``."""
    if move.is_play:
        return f"played {_move_words(move, bare=True)}"
    return "drew" if move.kind == "draw" else "passed"


def _move_words(move: Move, *, bare: bool = False) -> str:
    """``"plays 0-0 on 9-0"`` (``bare``: ``"0-0 on 9-0"``), ``"draws"``, ``"passes"``; a play
    that announces the last tile adds ``", saying 'last tile'"``."""
    if move.is_play:
        text = f"{move.tile} on {move.onto}" + (SAYING_LAST if move.announce else "")
        return text if bare else f"plays {text}"
    if move.kind == "draw":
        return "a draw" if bare else "draws"
    return "a pass" if bare else "passes"


def _end_words(position: Round, move: Move) -> str:
    """The end a move goes on: ``"the 0 of 9-0"``."""
    tile, onto = move.tile, move.onto
    if tile is None or onto is None:
        raise LessonError(f"{move} goes on no end")  # plays only: see _exercise
    shared = [n for n in (onto.high, onto.low) if n in (tile.high, tile.low)]
    number = shared[0] if shared else onto.high
    return f"the {number} of {onto}"


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"
