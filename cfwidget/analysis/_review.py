"""Game review: every move of a game rated by :func:`~cfwidget.analysis.evaluate`.

:func:`review` replays a game (a :class:`~cfwidget.Game`, a saved game or round record, or a
single :class:`~cfwidget.Round`) move by move on a fresh round from the same deal. Before each
move of a reviewed seat it asks :func:`~cfwidget.analysis.evaluate` to rate every legal move
from that seat's own view, and compares the move played with the best one:

- the **loss** is the played move's expected round points minus the best move's (never below
  0; points are bad, so a loss of 3 means "this move cost about 3 points on average");
- the **verdict** comes from the loss and the thresholds below (in points);
- a position with a single legal move is marked ``"forced"`` and not rated.

Thresholds (constants of :mod:`~cfwidget.analysis._verdicts`, in round points): ``"best"``
when the move played is the best move or loses nothing; ``"good"`` below
:data:`~._verdicts.GOOD_LOSS`; ``"inaccuracy"`` below :data:`~._verdicts.INACCURACY_LOSS`;
``"mistake"`` below :data:`~._verdicts.MISTAKE_LOSS`; ``"blunder"`` from
:data:`~._verdicts.MISTAKE_LOSS` up. The ratings are averages over imagined worlds, so they
carry chance: a loss within :data:`~._verdicts.NOISE_SE` standard errors of 0 is ``"good"``
at worst, never
worse. The loss's standard error comes from the two moves' differences world by world
(evaluate's ``loss_std_error``: both moves met the same imagined worlds).

With an ``executor``, each rated move is one task (its evaluate runs whole where the task
runs): a review is many positions of a few hundred playouts each, so whole moves share the
work better than evaluate's chunks of worlds. The review is the same with or without one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pandas as pd

from .._shared import plain_whole, shown, whole_in
from ..core import (
    Round,
)
from ..table import Chart
from ._accuracy import ACCURACY_COLUMNS, outlook, seat_accuracies, with_accuracy
from ._errors import EvaluateError, ReviewError
from ._evaluate import EvaluatePolicy, check_executor, check_request
from ._review_sources import rounds_to_review
from ._verdicts import (
    FLAGS,
    UNCLEAR,
    first_pass,
    judged,
    loss_of,
    most_worlds,
    number,
    settled,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "CANDIDATE_COLUMNS",
    "MOVE_COLUMNS",
    "SUMMARY_COLUMNS",
    "VERDICTS",
    "Review",
    "review",
]

#: The verdicts, best first ("unclear": the ratings stay on a band edge, not a flag;
#: "forced": a single legal move, not rated).
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder", UNCLEAR, "forced")
#: The columns of :attr:`Review.moves`.
MOVE_COLUMNS = (
    "round",
    "move_number",
    "seat",
    "name",
    "played",
    "best",
    "played_points",
    "best_points",
    "loss",
    "std_error",
    "verdict",
    "worlds_rated",
    "sure",
    "verdict_note",
    *ACCURACY_COLUMNS,
)
#: The columns of :meth:`Review.candidates` (evaluate's table, indexed by move).
CANDIDATE_COLUMNS = ("expected_points", "std_error", "out_chance", "rank")
#: The columns of :attr:`Review.summary` (one row per reviewed seat).
SUMMARY_COLUMNS = ("name", "moves", "accuracy", "best_or_good", "average_loss", *VERDICTS)


@dataclass(frozen=True, eq=False)
class Review:
    """A reviewed game: each move rated (:attr:`moves`), each seat summed up (:attr:`summary`).

    ``moves`` has one row per move of a reviewed seat (columns :data:`MOVE_COLUMNS`): the
    round (from 1), the move's number in its round (from 1), the seat and its name, the move
    played and the best move, the expected round points of each (lower is better; empty
    when forced), the loss in points, its standard error, the verdict, what was at stake (the
    worst move's expected points minus the best's) and the move's accuracy in per cent.
    ``summary`` has a row per reviewed seat: the moves rated (forced ones left out), the
    ``accuracy`` (per cent of the points at stake that the seat kept: see
    :mod:`cfwidget.analysis._accuracy` and docs/review-accuracy.md), ``best_or_good`` (the
    share of rated moves that were "best" or "good"), the average loss and the count of each
    verdict. :meth:`outlook` gives each seat's expected round points and chance of going out
    after every move, as that seat saw them; :meth:`picture` draws them. To rebuild any
    position, a review also keeps each round as dealt (:attr:`starts`), every seat's moves
    as text (:attr:`played`) and who made them (:attr:`movers`); :meth:`round_at` replays a
    round to a move, and :meth:`candidates` gives evaluate's whole table for a rated move
    (what ``cfwidget.widget.ReviewWidget`` shows). Two reviews are equal when their tables,
    rounds and moves are.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
    >>> rnd.play(rnd.legal_moves()[0])
    >>> rev = review(rnd, worlds=8)
    >>> rev.moves["played"].tolist() == [str(m) for m in rnd.moves], len(rev.moves)
    (True, 1)
    >>> list(rev.summary.columns[:5])
    ['name', 'moves', 'accuracy', 'best_or_good', 'average_loss']
    >>> print(rev)  # doctest: +ELLIPSIS
    Review of 1 move (...
    """

    moves: pd.DataFrame
    summary: pd.DataFrame
    worlds: int
    policy: str
    seed: int
    names: tuple[str, ...] = field(default=())
    #: Each round as dealt (no move made; never changed: :meth:`round_at` gives copies).
    starts: tuple[Round, ...] = field(default=(), repr=False)
    #: Each round's moves as the engine writes them, every seat's (reviewed or not).
    played: tuple[tuple[str, ...], ...] = field(default=(), repr=False)
    #: The seat that made each of those moves, round by round.
    movers: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    #: evaluate's table for each row of :attr:`moves` (``None`` for a forced move).
    tables: tuple[pd.DataFrame | None, ...] = field(default=(), repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Review):
            return NotImplemented
        return (
            self.moves.equals(other.moves)
            and self.summary.equals(other.summary)
            and (self.worlds, self.policy, self.seed, self.names, self.played, self.movers)
            == (other.worlds, other.policy, other.seed, other.names, other.played, other.movers)
            and [r.to_dict() for r in self.starts] == [r.to_dict() for r in other.starts]
            and len(self.tables) == len(other.tables)
            and all(_same_table(a, b) for a, b in zip(self.tables, other.tables, strict=True))
        )

    __hash__ = None  # type: ignore[assignment]

    def round_at(self, round_no: int, move_no: int) -> Round:
        """A copy of round ``round_no`` (from 1) just before its move ``move_no`` (from 1).

        ``move_no`` one past the round's last move gives the round as it ended.

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
        >>> rnd.play(rnd.legal_moves()[0])
        >>> rev = review(rnd, worlds=8)
        >>> len(rev.round_at(1, 1).moves), len(rev.round_at(1, 2).moves)
        (0, 1)
        """
        rounds = len(self.played)
        round_no, move_no = plain_whole(round_no), plain_whole(move_no)
        if not whole_in(round_no, 1, rounds):
            raise ReviewError(
                f"round_no is a round from 1 to {rounds} in this review, got {shown(round_no)}"
            )
        moves = self.played[round_no - 1]
        if not whole_in(move_no, 1, len(moves) + 1):
            raise ReviewError(
                f"move_no is a move from 1 to {len(moves) + 1} in round {round_no} (the last "
                f"is the round as it ended), got {shown(move_no)}"
            )
        rnd = self.starts[round_no - 1].copy()
        for move in moves[: move_no - 1]:
            rnd.play(move)
        return rnd

    def candidates(self, row: int) -> pd.DataFrame:
        """evaluate's table for row ``row`` (from 0) of :attr:`moves`: every legal move's
        expected points, standard error, out chance and rank, best first (a copy).

        A forced move was not rated: its table is empty.

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
        >>> rnd.play(rnd.legal_moves()[0])
        >>> list(review(rnd, worlds=8).candidates(0).columns)
        ['expected_points', 'std_error', 'out_chance', 'rank']
        """
        row = plain_whole(row)  # a row number read from the moves table is NumPy's
        if not self.tables:
            raise ReviewError("this review has no moves, so no move has candidates")
        if not whole_in(row, 0, len(self.tables) - 1):
            raise ReviewError(
                f"row is a row of the moves table, from 0 to {len(self.tables) - 1}, "
                f"got {shown(row)}"
            )
        table = self.tables[row]
        if table is None:
            empty: pd.DataFrame = pd.DataFrame(
                columns=list(CANDIDATE_COLUMNS), index=pd.Index([], name="move", dtype=str)
            )
            return empty
        copied: pd.DataFrame = table.copy()
        return copied

    def mistakes(self) -> pd.DataFrame:
        """The rows whose verdict is an inaccuracy, a mistake or a blunder (sure verdicts:
        an ``"unclear"`` move is not among them)."""
        bad = self.moves["verdict"].isin(FLAGS)
        rows: pd.DataFrame = self.moves[bad]
        return rows

    def outlook(self) -> pd.DataFrame:
        """Each reviewed seat's expected round points and chance of going out after every move
        of the game, from that seat's own view (see :func:`cfwidget.analysis._accuracy.outlook`:
        fresh at its own rated moves, held in between).

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
        >>> rnd.play(rnd.legal_moves()[0])
        >>> review(rnd, worlds=8).outlook()[["step", "seat", "fresh"]].values.tolist()
        [[1, 0, False], [1, 1, False]]

        (That first move was forced: nobody has a figure yet.)
        """
        seats = [int(s) for s in self.summary.index]
        return outlook(self.moves, self.tables, self.played, self.movers, self.names, seats)

    def plot(self) -> Figure:
        """A matplotlib figure: the evaluation graph (each seat's expected round points and
        chance of going out after every move, from its own view) over the points lost by each
        rated move (see :func:`cfwidget.analysis._review_graph.review_figure`)."""
        from ._review_graph import review_figure

        return review_figure(self)

    def picture(self) -> Chart:
        """:meth:`plot` with its words: a notebook shows it as an image with ``alt`` text.

        The words say what the graph shows and, for each seat, its accuracy, its expected
        points at its first and last rated move of each round and its largest loss, so a
        screen reader or a notebook opened without pictures tells the same story as the lines.

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
        >>> rnd.play(rnd.legal_moves()[0])
        >>> review(rnd, worlds=8).picture().alt.split(". ")[0]
        'Evaluation graph of the review'
        """
        from ._review_graph import review_words

        return Chart(self.plot(), alt=review_words(self))

    def __repr__(self) -> str:
        rated = self.moves[self.moves["verdict"] != "forced"]
        count = f"{len(self.moves)} {_plural('move', len(self.moves))}"
        parts = [f"Review of {count} ({len(rated)} rated, {self.worlds} worlds)"]
        for _, row in self.summary.iterrows():
            if not row["moves"]:
                parts.append(f"  {row['name']}: no move to rate")
                continue
            slips = [f"{int(row[v])} {_plural(v, int(row[v]))}" for v in VERDICTS[2:6]]
            parts.append(
                f"  {row['name']}: accuracy {row['accuracy']:.0f}%, {row['best_or_good']:.0%} of "
                f"{int(row['moves'])} {_plural('move', int(row['moves']))} best or "
                f"good, {row['average_loss']:.1f} points lost a move on average; "
                + ", ".join(slips)
            )
        return "\n".join(parts)


def _same_table(a: pd.DataFrame | None, b: pd.DataFrame | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.equals(b) and list(a.index) == list(b.index)


#: A verdict as said after "rated" ("rated a blunder", "rated good").
_RATED = {
    "best": "best",
    "good": "good",
    "inaccuracy": "an inaccuracy",
    "mistake": "a mistake",
    "blunder": "a blunder",
    UNCLEAR: "unclear",
}


def _plural(word: str, n: int) -> str:
    if n == 1 or word == UNCLEAR:
        return word
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


def review(
    game_or_record: Any,
    *,
    seats: Sequence[int] | None = None,
    worlds: int = 100,
    policy: EvaluatePolicy = "coach",
    seed: int = 0,
    executor: Executor | Any | None = None,
    max_worlds: int | None = None,
) -> Review:
    """Rate every move of the reviewed ``seats`` (all by default) in a game.

    ``game_or_record`` is a :class:`~cfwidget.Game`, anything holding one as ``.game`` (a
    ``GameWidget``, a guided ``Session`` or ``GuidedSession``: for a saved session, give
    ``Session.resume(path, append=False)``), a :class:`~cfwidget.Round`, a saved record of
    a game or round (JSON text, its dict, or the path of a JSON file), or a classroom move
    log (tests/data/classroom: its deal, moves and rules; seats are named "Seat 0", ...).
    Each position is rated by :func:`~cfwidget.analysis.evaluate` with ``worlds``,
    ``policy`` and ``seed``, from the view of the seat to move only. ``executor`` (a
    ``concurrent.futures`` executor such as ``ProcessPoolExecutor()``, or a Dask client)
    rates the moves at the same time, one task per move. The same arguments give the same
    review, with or without an executor. Nothing given is changed.

    Each position is rated with half of ``worlds`` first; a move that is then the best or
    surely good (below :data:`~._verdicts.GOOD_LOSS` points lost by
    :data:`~._verdicts.NOISE_SE` standard errors) keeps that rating, the others get all ``worlds``
    (:func:`cfwidget.analysis._verdicts.first_pass`). A flag (an inaccuracy or worse) is
    checked again: the played move and the moves near the best, ``worlds`` fresh worlds at a
    time, until its verdict is sure or ``max_worlds`` worlds were rated (by default
    :data:`MORE_WORLDS` times ``worlds``; ``worlds`` turns re-rating off); the verdict is read
    from the fresh worlds (see :func:`cfwidget.analysis._verdicts.settled`). A move whose
    verdict is still not sure then is ``"unclear"``: not a flag (not in :meth:`Review.mistakes`),
    and its ``verdict_note`` says between which verdicts it lies; ``worlds_rated`` and
    ``sure`` say how each move was settled.

    >>> from cfwidget import Game, Rules
    >>> game = Game(2, Rules(max_pip=3, spokes=3, hand_size=3), seed=4)
    >>> for _ in range(4):
    ...     game.play(game.round.legal_moves()[-1])
    >>> rev = review(game, worlds=8)
    >>> rev.moves[["seat", "played", "verdict"]].shape[0]
    4
    >>> set(rev.moves["verdict"]) <= set(VERDICTS), list(rev.summary.index)
    (True, [0, 1])
    >>> review(game, worlds=8) == review(game.to_json(), worlds=8)
    True
    """
    rounds, names = rounds_to_review(game_or_record)
    players = len(names)
    if seats is None:
        chosen = set(range(players))
    else:
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
            raise ReviewError(f"seats is a list of seat numbers, got {shown(seats)}")
        seats = [plain_whole(s) for s in seats]
        bad = [s for s in seats if not whole_in(s, 0, players - 1)]
        if bad:
            raise ReviewError(
                f"seats are numbers from 0 to {players - 1} in this game, got {shown(bad[0])}"
            )
        chosen = set(seats)
    worlds = plain_whole(worlds)
    seed = check_request(worlds, policy, seed, ReviewError)
    check_executor(executor, ReviewError)
    most = most_worlds(worlds, max_worlds)
    starts = tuple(start.copy() for start, _ in rounds)
    movers: list[tuple[int, ...]] = []
    rows: list[dict[str, Any] | Any] = []  # a row, or a future of one (with an executor)
    for r, (start, moves) in enumerate(rounds, start=1):
        rnd = start
        for k, move in enumerate(moves, start=1):
            seat = rnd.turn
            if seat in chosen:
                job = (r, k, move, names, worlds, policy, seed, most)
                if executor is None or len(rnd.legal_moves()) == 1:
                    rows.append(_rate(rnd, *job))
                else:  # one task per rated move, its evaluate run where the task runs
                    rows.append(_submit(executor, rnd.copy(), job, rows))
            rnd.play(move)
        movers.append(tuple(seat for seat, _ in rnd.history))
    done = _results(rows)
    tables = tuple(row.pop("_table", None) for row in done)
    table = with_accuracy(pd.DataFrame(done, columns=list(MOVE_COLUMNS)), tables)
    return Review(
        moves=table,
        summary=_summary(table, sorted(chosen), names),
        worlds=worlds,
        policy=policy,
        seed=seed,
        names=names,
        starts=starts,
        played=tuple(tuple(moves) for _, moves in rounds),
        movers=tuple(movers),
        tables=tables,
    )


def _submit(executor: Executor | Any, rnd: Round, job: tuple[Any, ...], rows: list[Any]) -> Any:
    """``_rate(rnd, *job)`` sent to ``executor``; a refusal cancels the ``rows`` sent before."""
    try:
        return executor.submit(_rate, rnd, *job)
    except RuntimeError as exc:  # a pool that was shut down
        _cancel(rows)
        raise ReviewError(
            f"the executor takes no more work ({exc}); start a new one, for example "
            "ProcessPoolExecutor(max_workers=2)"
        ) from None


def _results(rows: list[Any]) -> list[dict[str, Any]]:
    """The rows, each future replaced by its result, in order (the review is the same with
    or without an executor); on an error the futures not yet done are cancelled."""
    try:
        return [row if isinstance(row, dict) else row.result() for row in rows]
    except BaseException:
        _cancel(rows)
        raise


def _cancel(rows: list[Any]) -> None:
    for row in rows:
        if not isinstance(row, dict) and callable(getattr(row, "cancel", None)):
            row.cancel()


def _rate(
    rnd: Round,
    r: int,
    k: int,
    move: str,
    names: tuple[str, ...],
    worlds: int,
    policy: EvaluatePolicy,
    seed: int,
    most: int,
) -> dict[str, Any]:
    """One row of the review: the move ``move`` made at ``rnd``, rated (a top-level
    function, so that process pools and Dask can run it)."""
    seat = rnd.turn
    row: dict[str, Any] = {
        "round": r,
        "move_number": k,
        "seat": seat,
        "name": names[seat],
        "played": move,
    }
    if len(rnd.legal_moves()) == 1:
        nan = math.nan
        return row | {
            "best": move,
            "played_points": nan,
            "best_points": nan,
            "loss": 0.0,
            "std_error": 0.0,
            "verdict": "forced",
            "worlds_rated": 0,
            "sure": True,
            "verdict_note": "",
        }
    try:
        ratings = first_pass(rnd, move, worlds, policy, seed)
        rated, table, first = settled(ratings, move, worlds, most, seed)
    except EvaluateError as exc:
        raise ReviewError(f"round {r}, move {k}: {exc}") from None
    best = str(table.index[0])
    # The loss's error comes from the worlds' differences: both moves met the same worlds.
    loss, se = loss_of(table, move)
    said, sure, note = judged(loss, se, move == best, rated)
    return row | {
        "best": best,
        "played_points": number(table, move),
        "best_points": number(table, best),
        "loss": loss,
        "std_error": se,
        "verdict": said,
        "worlds_rated": rated,
        "sure": sure,
        "verdict_note": note,
        "_table": first,  # kept by review() as Review.tables, not a column
    }


def _summary(table: pd.DataFrame, seats: list[int], names: tuple[str, ...]) -> pd.DataFrame:
    rows = []
    for seat in seats:
        mine = table[table["seat"] == seat]
        rated = mine[mine["verdict"] != "forced"]
        n = len(rated)
        counts = {v: int((mine["verdict"] == v).sum()) for v in VERDICTS}
        good = counts["best"] + counts["good"]
        rows.append(
            {
                "name": names[seat],
                "moves": n,
                "accuracy": seat_accuracies(table, [seat])[0],
                "best_or_good": good / n if n else math.nan,
                "average_loss": float(rated["loss"].mean()) if n else math.nan,
                **counts,
            }
        )
    summary: pd.DataFrame = pd.DataFrame(
        rows, columns=list(SUMMARY_COLUMNS), index=pd.Index(seats, name="seat")
    )
    return summary
