"""review(): every move of a game rated by evaluate, from the mover's own view."""

from __future__ import annotations

import io
import json
import math
import random
import re
from pathlib import Path

import pytest

import cfwidget as cf
from cfwidget.analysis import Review, ReviewError, evaluate, review
from cfwidget.analysis._accuracy import STAKE_FLOOR
from cfwidget.analysis._evaluate import rate, rate_more, ratings_table
from cfwidget.analysis._review import MOVE_COLUMNS, VERDICTS
from cfwidget.analysis._verdicts import (
    GOOD_LOSS,
    INACCURACY_LOSS,
    MISTAKE_LOSS,
    NOISE_SE,
    half_seed,
    verdict,
)

RULES = cf.Rules(max_pip=6, hand_size=7)
WORLDS = 12


def random_game(seed: int, players: int = 3, rounds: int = 1) -> cf.Game:
    """A game of ``rounds`` rounds (the last may be left unfinished) played at random."""
    game = cf.Game(players, RULES, seed=seed)
    rng = random.Random(seed)
    for r in range(rounds):
        if r:
            game.next_round()
        while not game.round.is_over:
            game.play(rng.choice(game.round.legal_moves()))
    return game


@pytest.fixture(scope="module")
def game() -> cf.Game:
    return random_game(1, rounds=2)


@pytest.fixture(scope="module")
def reviewed(game: cf.Game) -> Review:
    return review(game, worlds=WORLDS)


def test_every_move_of_every_round_is_a_row(game: cf.Game, reviewed: Review) -> None:
    table = reviewed.moves
    assert list(table.columns) == list(MOVE_COLUMNS)
    assert len(table) == sum(len(r.moves) for r in game.rounds)
    for r, rnd in enumerate(game.rounds, start=1):
        rows = table[table["round"] == r]
        assert rows["played"].tolist() == [str(m) for m in rnd.moves]
        assert rows["move_number"].tolist() == list(range(1, len(rnd.moves) + 1))
        assert rows["seat"].tolist() == [seat for seat, _ in rnd.history]
    assert set(table["verdict"]) <= set(VERDICTS)


def test_each_row_is_evaluate_at_that_moment(game: cf.Game, reviewed: Review) -> None:
    """The rows agree with evaluate called on the round replayed to that move."""
    rnd = game.rounds[0]
    fresh = cf.Round.from_dict({**rnd.to_dict(), "moves": []})
    checked = 0
    for k, move in enumerate(rnd.moves, start=1):
        row = reviewed.moves[(reviewed.moves["round"] == 1) & (reviewed.moves["move_number"] == k)]
        row = row.iloc[0]
        legal = fresh.legal_moves()
        if len(legal) == 1:
            assert row["verdict"] == "forced" and math.isnan(row["played_points"])
        elif checked < 4 and row["worlds_rated"] in (WORLDS // 2, WORLDS):  # not rated again
            table = evaluate(fresh, worlds=WORLDS // 2)  # the first half: best or surely good
            if row["worlds_rated"] == WORLDS:  # else the second half, of a seed of its own
                half = rate(fresh, WORLDS // 2, "coach", 0)
                table = ratings_table(rate_more(half, WORLDS // 2, half_seed(0)))
            assert row["best"] == table.index[0]
            assert row["played_points"] == table.at[str(move), "expected_points"]
            assert row["loss"] == pytest.approx(
                table.at[str(move), "expected_points"] - table["expected_points"].iloc[0]
            )
            assert row["std_error"] == table.at[str(move), "loss_std_error"]
            checked += 1
        fresh.play(move)
    assert checked == 4
    assert (reviewed.moves["loss"] >= 0).all()
    # the game itself is not changed
    assert game.rounds[0].moves == rnd.moves


def test_summary_counts_and_accuracy(reviewed: Review) -> None:
    summary = reviewed.summary
    assert list(summary.index) == [0, 1, 2]
    for seat, row in summary.iterrows():
        mine = reviewed.moves[reviewed.moves["seat"] == seat]
        rated = mine[mine["verdict"] != "forced"]
        assert row["moves"] == len(rated)
        assert sum(row[v] for v in VERDICTS) == len(mine)
        assert row["best_or_good"] == pytest.approx((row["best"] + row["good"]) / len(rated))
        kept = sum(  # a loss counts up to its weight (a re-rated loss can exceed its stake)
            max(s, STAKE_FLOOR) - min(x, max(s, STAKE_FLOOR))
            for x, s in zip(rated["loss"], rated["stake"], strict=True)
        )
        weights = sum(max(s, STAKE_FLOOR) for s in rated["stake"])
        assert row["accuracy"] == pytest.approx(100 * kept / weights)
        assert row["average_loss"] == pytest.approx(rated["loss"].mean())


def test_thresholds() -> None:
    assert (GOOD_LOSS, INACCURACY_LOSS, MISTAKE_LOSS, NOISE_SE) == (2.0, 5.0, 10.0, 2.0)
    assert verdict(0.0) == "best"
    assert verdict(5.0, same_move=True) == "best"
    assert [verdict(x) for x in (0.01, 1.99, 2.0, 4.99, 5.0, 9.99, 10.0, 40.0)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    # a loss within two standard errors of nothing may be chance: "good" at worst
    assert verdict(12.0, std_error=6.0) == "good"
    assert verdict(12.0, std_error=5.9) == "blunder"


def test_a_bad_move_gets_a_worse_verdict_than_the_best() -> None:
    """Two games from one deal: at the first position where the worst move costs far more
    than the best, one plays the best and the other the worst; the review tells them apart."""
    base = cf.Game(3, RULES, seed=7)
    rnd = base.round
    rng = random.Random(3)
    while True:
        assert not rnd.is_over, "no position with a costly move in this round"
        if len(rnd.legal_moves()) > 1:
            table = evaluate(rnd, worlds=WORLDS)
            best, worst = table.index[0], table.index[-1]
            gap = table["expected_points"].iloc[-1] - table["expected_points"].iloc[0]
            se = table["loss_std_error"].iloc[-1]
            if gap >= MISTAKE_LOSS and gap > NOISE_SE * se:
                break
        rnd.play(rng.choice(rnd.legal_moves()))
    number = len(rnd.moves) + 1
    rows = {}
    for choice in (best, worst):
        game = cf.Game.from_json(base.to_json())
        game.play(choice)
        moves = review(game, worlds=WORLDS).moves
        rows[choice] = moves[moves["move_number"] == number].iloc[0]
    assert rows[best]["verdict"] == "best" and rows[best]["loss"] == 0
    # The flag is checked on fresh worlds (so few that it may stay unclear): never good.
    assert rows[worst]["verdict"] in ("mistake", "blunder", "unclear")
    assert rows[worst]["loss"] >= INACCURACY_LOSS and rows[worst]["worlds_rated"] > WORLDS


def test_saved_records_review_the_same(game: cf.Game, reviewed: Review, tmp_path: Path) -> None:
    text = game.to_json()
    assert review(text, worlds=WORLDS) == reviewed
    assert review(json.loads(text), worlds=WORLDS) == reviewed
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert review(path, worlds=WORLDS) == reviewed
    assert review(str(path), worlds=WORLDS) == reviewed
    assert review(text.encode(), worlds=WORLDS) == reviewed


def test_a_round_and_its_record(game: cf.Game, reviewed: Review) -> None:
    rnd = game.rounds[1]
    alone = review(rnd, worlds=WORLDS)
    again = review(rnd.to_json(), worlds=WORLDS)
    assert alone == again
    expected = reviewed.moves[reviewed.moves["round"] == 2].drop(columns="round")
    got = alone.moves.drop(columns="round")
    assert got.reset_index(drop=True).equals(expected.reset_index(drop=True))


def test_a_widget_like_holder_of_a_game(game: cf.Game, reviewed: Review) -> None:
    class Holder:  # a GameWidget keeps its game as .game
        def __init__(self, g: cf.Game) -> None:
            self.game = g

    assert review(Holder(game), worlds=WORLDS) == reviewed


def test_seats_choose_the_rows(game: cf.Game, reviewed: Review) -> None:
    one = review(game, seats=[1], worlds=WORLDS)
    assert set(one.moves["seat"]) == {1}
    assert list(one.summary.index) == [1]
    mine = reviewed.moves[reviewed.moves["seat"] == 1].reset_index(drop=True)
    assert one.moves.equals(mine)


def test_unfinished_game_reviews_the_moves_so_far() -> None:
    game = cf.Game(2, cf.Rules(max_pip=3, spokes=3, hand_size=3), seed=4)
    for _ in range(3):
        game.play(game.round.legal_moves()[-1])
    rev = review(game, worlds=WORLDS)
    assert len(rev.moves) == 3


def test_repr_and_plot(reviewed: Review) -> None:
    words = repr(reviewed)
    assert words.startswith(f"Review of {len(reviewed.moves)} moves")
    assert "Player 1" in words and "points lost a move on average" in words
    fig = reviewed.plot()
    top, middle, bottom = fig.axes
    named = [line.get_label() for line in top.get_lines() if line.get_label()[0] != "_"]
    seats = [label for label in named if not label.startswith("marked: ")]
    assert seats == list(reviewed.summary["name"])  # a line per seat (and its dots, unnamed)
    assert [top.get_ylabel(), middle.get_ylabel()] == ["expected points", "going out (%)"]
    assert len(bottom.get_lines()) >= 3 + 2  # the dots per seat and the two thresholds
    assert bottom.get_ylabel() == "points lost"


def test_the_picture_says_each_seats_largest_loss(reviewed: Review) -> None:
    chart = reviewed.picture()
    data, meta = chart._repr_mimebundle_()
    assert meta["image/png"]["alt"] == chart.alt and "<img" in data["text/html"]
    rated = reviewed.moves[reviewed.moves["verdict"] != "forced"]
    for name, mine in rated.groupby("name"):
        worst = mine.loc[mine["loss"].idxmax()]
        accuracy = reviewed.summary.set_index("name").loc[name, "accuracy"]
        assert f"{name}: accuracy {accuracy:.0f}% over {len(mine)} rated moves" in chart.alt
        if worst["loss"] >= 2:
            said = f"the largest loss {worst['loss']:.1f} points"
            assert f"{said} at move {worst['move_number']} of round {worst['round']}" in chart.alt
        else:
            assert "no move lost 2 points" in chart.alt


def _game_move(rev: Review, row: int) -> int:
    """Row ``row``'s move numbered over the whole game, from 1."""
    r, k = int(rev.moves["round"].iloc[row]), int(rev.moves["move_number"].iloc[row])
    return sum(len(p) for p in rev.played[: r - 1]) + k


def _svg(rev: Review) -> str:
    buffer = io.StringIO()
    rev.plot().savefig(buffer, format="svg")
    return buffer.getvalue()


def test_the_picture_marks_flagged_and_unclear_moves_and_says_them(reviewed: Review) -> None:
    """A tick per move flagged or left unclear, in its verdict's colour, named in the SVG;
    the legend names each verdict marked; the words end with the marked moves in order."""
    want = [
        (_game_move(reviewed, i), str(v))
        for i, v in enumerate(reviewed.moves["verdict"])
        if v in ("inaccuracy", "mistake", "blunder", "unclear")
    ]
    verdicts = {v for _, v in want}
    assert {"unclear", "blunder"} <= verdicts  # the game has both kinds to mark
    svg = _svg(reviewed)
    found = re.findall(r'<g id="mark-(\d+)-(\w+)">\s*<path d="[^"]*"[^>]*style="([^"]*)"', svg)
    assert sorted((int(m), v) for m, v, _ in found) == sorted(want)
    colours = {"inaccuracy": "#b26a00", "mistake": "#b3261e", "blunder": "#b3261e"}
    colours["unclear"] = "#5a55a6"
    for _, said, style in found:
        assert f"stroke: {colours[said]}" in style
    top = reviewed.plot().axes[0]
    ticks = [line for line in top.get_lines() if str(line.get_gid()).startswith("mark-")]
    at = sorted((int(line.get_xdata()[0]), str(line.get_gid()).split("-")[2]) for line in ticks)
    assert at == sorted(want)  # each tick stands over its move, in the top tenth of the panel
    assert all(list(line.get_ydata()) == [0.9, 1.0] for line in ticks)
    labels = [t.get_text() for t in top.get_legend().get_texts()]
    assert [x for x in labels if x.startswith("marked: ")] == [
        f"marked: {words}"
        for v, words in (
            ("inaccuracy", "inaccuracy"),
            ("mistake", "mistake"),
            ("blunder", "blunder"),
            ("unclear", "unclear (between two verdicts)"),
        )
        if v in verdicts
    ]
    listed = ", ".join(f"move {m} {v}" for m, v in want)
    assert reviewed.picture().alt.endswith(f" Marked: {listed}.")
    assert "A tick at the top marks each move" in reviewed.picture().alt


def test_a_review_with_no_move_flagged_or_unclear_has_no_marks() -> None:
    game = cf.Game(2, cf.Rules(max_pip=3, spokes=3, hand_size=3), seed=0)
    while not game.round.is_over:
        game.play(game.round.legal_moves()[0])
    rev = review(game, worlds=WORLDS)
    verdicts = set(rev.moves["verdict"])
    assert "best" in verdicts and not verdicts & {"inaccuracy", "mistake", "blunder", "unclear"}
    assert 'id="mark-' not in _svg(rev)
    labels = [t.get_text() for t in rev.plot().axes[0].get_legend().get_texts()]
    assert labels == list(rev.summary["name"])
    alt = rev.picture().alt
    assert "Marked" not in alt and "tick" not in alt


@pytest.mark.parametrize(
    ("source", "kwargs", "words"),
    [
        (42, {}, "review takes a Game"),
        ('{"format": "cfwidget.game"', {}, "not JSON"),
        ({"format": "cfwidget.other"}, {}, "format 'cfwidget.other'"),
        ("/no/such/file.json", {}, "cannot read the record file"),
        ("  ", {}, "the record to review is empty"),
        (None, {"seats": [3]}, "seats are numbers from 0 to 2"),
        (None, {"seats": "01"}, "seats is a list"),
        (None, {"worlds": 1}, "worlds must be a whole number from 2"),
        (None, {"policy": "clever"}, "policy must be"),
        (None, {"seed": -1}, "seed must be"),
        (None, {"executor": "pool"}, "executor must be"),
    ],
)
def test_bad_input_is_a_review_error(
    game: cf.Game, source: object, kwargs: dict[str, object], words: str
) -> None:
    before = game.to_json()
    with pytest.raises(ReviewError, match=words):
        review(game if source is None else source, **kwargs)  # type: ignore[arg-type]
    assert game.to_json() == before
    assert issubclass(ReviewError, ValueError) and cf.ReviewError is ReviewError


def test_a_record_that_cannot_be_replayed(game: cf.Game) -> None:
    data = json.loads(game.to_json())
    data["rounds"][0][0] = "9-9@9-9"
    with pytest.raises(ReviewError, match="cannot be replayed"):
        review(data)


CLASSROOM = Path(__file__).resolve().parents[1] / "data" / "classroom" / "classroom_9_4.json"


def test_a_classroom_move_log_is_reviewed() -> None:
    log = json.loads(CLASSROOM.read_text(encoding="utf-8"))
    rev = review(CLASSROOM, worlds=4)
    assert rev.moves["played"].tolist() == log["moves"]
    assert rev.moves["seat"].tolist() == log["move_players"]
    # The names every view of the round shows (the widget said "Player 1", the review "Seat 0").
    assert rev.names == ("Player 1", "Player 2", "Player 3", "Player 4") == rev.starts[0].names
    assert (rev.moves["verdict"] != "forced").sum() == rev.summary["moves"].sum() > 0
    assert review(log, worlds=4) == rev


def test_a_classroom_log_that_does_not_replay() -> None:
    log = json.loads(CLASSROOM.read_text(encoding="utf-8"))
    wrong = {**log, "move_players": [(s + 1) % 4 for s in log["move_players"]]}
    with pytest.raises(ReviewError, match="move_players do not match"):
        review(wrong, worlds=4)
    cut = {**log, "moves": ["draw", *log["moves"]]}
    with pytest.raises(ReviewError, match=r"cannot be replayed: move \d+"):
        review(cut, worlds=4)


def test_a_guided_session_reviews_the_clients_moves() -> None:
    from cfwidget.therapy.session import Session

    session = Session(client="AB12", clock=lambda: 0.0)
    for _ in range(8):
        if not session.bot_step():
            assert session.attempt(session.game.round.legal_moves()[0]).accepted
    rev = review(session, seats=[0], worlds=WORLDS)
    assert set(rev.moves["seat"]) == {0} and len(rev.moves) >= 2
    assert list(rev.summary["name"]) == ["Client"]
    assert rev == review(session.game.to_json(), seats=[0], worlds=WORLDS)


def test_mistakes_are_the_costly_rows(reviewed: Review) -> None:
    slips = reviewed.mistakes()
    assert set(slips["verdict"]) <= {"inaccuracy", "mistake", "blunder"}
    assert len(slips) == int(reviewed.summary[["inaccuracy", "mistake", "blunder"]].sum().sum())
    assert (slips["loss"] >= GOOD_LOSS).all()


def test_an_executor_gives_the_same_review(game: cf.Game, reviewed: Review) -> None:
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        assert review(game, worlds=WORLDS, executor=pool) == reviewed
    with ProcessPoolExecutor(2) as pool:  # one task per rated move, sent to other processes
        assert review(game, worlds=WORLDS, executor=pool) == reviewed
    with ProcessPoolExecutor(1) as pool:
        pool.shutdown()
        with pytest.raises(ReviewError, match="takes no more work"):
            review(game, worlds=WORLDS, executor=pool)


def test_a_dask_client_gives_the_same_review(game: cf.Game, reviewed: Review) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert review(game, worlds=WORLDS, executor=client) == reviewed


def test_a_game_with_no_moves_yet() -> None:
    rev = review(cf.Game(2, RULES, seed=3), worlds=WORLDS)
    assert rev.moves.empty and list(rev.summary["moves"]) == [0, 0]
    assert "no move to rate" in repr(rev)
    assert rev.plot().axes[2].get_ylabel() == "points lost"
    with pytest.raises(ReviewError, match=r"^this review has no moves, so no move has candidates$"):
        rev.candidates(0)
