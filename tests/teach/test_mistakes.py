"""Learn from your mistakes (teach.mistakes): a review's flagged moves as exercises."""

from __future__ import annotations

from pathlib import Path

import pytest

import cfwidget as cf
from cfwidget import LessonError, teach
from cfwidget.analysis import Review, review
from cfwidget.players import make_bot, play_round
from cfwidget.teach._mistakes import SURE


def game(seed: int) -> cf.Round:
    """Ann plays at random against two coaches: a round with slips to find."""
    rnd = cf.Round.deal(cf.Rules(max_pip=6, hand_size=7), 3, seed=seed, names=["Ann", "Bob", "Cy"])
    play_round(rnd, [make_bot("random", seed), make_bot("coach"), make_bot("coach")])
    return rnd


@pytest.fixture(scope="module")
def rev() -> Review:
    return review(game(4), seats=[0], worlds=50, seed=0)


def test_every_flagged_move_is_asked_or_said_to_be_unsure(rev: Review) -> None:
    drill = teach.mistakes(rev, seat=0)
    flagged = set(zip(rev.mistakes()["round"], rev.mistakes()["move_number"], strict=True))
    assert len(flagged) == 2 and len(drill) == 2 and not drill.unsure
    assert {(m.round_no, m.move_number) for m in drill} == flagged
    for m in drill:
        assert m.position.turn == m.seat == 0
        assert len(m.position.moves) == m.move_number - 1
        assert m.ratings.attrs["worlds"] == 200 and m.ratings.attrs["seed"] == 1  # fresh, 4x
    # Rated again with too few worlds to be sure, a flagged move is not asked and says why.
    few = teach.mistakes(rev, seat=0, worlds=4)
    asked = {(m.round_no, m.move_number) for m in few}
    unsure = {(r, k) for r, k, _ in few.unsure}
    assert len(unsure) == 1 and asked | unsure == flagged and not asked & unsure
    assert "no move is surely better" in few.unsure[0][2]


def test_a_move_counts_as_better_only_when_the_ratings_are_sure(rev: Review) -> None:
    for m in teach.mistakes(rev, seat=0):
        pts = m.ratings["expected_points"].to_dict()
        err = m.ratings["loss_std_error"].to_dict()
        mine = pts[str(m.played)]
        sure = {
            mv
            for mv in pts
            if mv != str(m.played) and mine - pts[mv] > SURE * (err[mv] + err[str(m.played)])
        }
        assert {str(b) for b in m.better} == sure and sure
        assert str(m.best) == next(mv for mv in pts if mv in sure)  # in the ratings' order
        for move in m.position.legal_moves():
            said = m.exercise.check(str(move))
            assert (said.status == "correct") == (str(move) in sure), said.message
            if move == m.played:
                assert "is the move Ann played" in said.message
        words = f"{m.best.tile} on {m.best.onto}"
        assert m.exercise.check(words).status == "correct"
        assert m.exercise.check(f"Play {words}.").status == "correct"
        assert "not a move" in m.exercise.check("the heavy one").message


def test_an_illegal_move_is_refused_with_the_rule(rev: Review) -> None:
    m = teach.mistakes(rev, seat=0)[0]
    hand = set(m.position.hand(0))
    elsewhere = next(t for t in cf.full_set(6) if t not in hand and t.high != t.low)
    move = f"{elsewhere}@{m.position.table[0].tile}"
    said = m.exercise.check(move)
    rule = m.position.refusal(move)
    assert rule and said.status == "not yet" and rule.rstrip(".") in said.message


def test_the_hints_name_the_ends_then_the_tiles_and_the_solution_shows_why(rev: Review) -> None:
    m = teach.mistakes(rev, seat=0)[1]
    first, second = m.exercise.hints
    for move in m.better:
        assert str(move.onto) in first and str(move.tile) in second
    assert str(m.played.tile) not in second or any(b.tile == m.played.tile for b in m.better)
    best, played = m.lines
    assert best.move == m.best and played.move == m.played
    solution = m.exercise.solution().message
    assert solution.startswith(f"Solution: {m.best.tile} on {m.best.onto}:")
    assert f"Ann ends with {best.points[0]} point" in solution
    assert f"Ann ends with {played.points[0]} point" in solution


def test_attempts_go_to_the_progress_file(rev: Review, tmp_path: Path) -> None:
    signed = teach.sign_in("40", folder=tmp_path)
    drill = teach.mistakes(rev, seat=0, progress=signed)
    signed.name_box.value = "S07"
    assert signed.save() is not None
    m = drill[0]
    m.exercise.check(str(m.played))
    m.exercise.hint()
    m.exercise.check(str(m.best))
    events = signed.progress.events()  # type: ignore[union-attr]
    mine = [e for e in events if e["key"] == f"mistakes-r1-m{m.move_number}"]
    assert [(e["event"], e.get("correct")) for e in mine] == [
        ("check", False),
        ("hint", None),
        ("check", True),
    ]
    assert all(e["lesson"] == "40" for e in mine)


def test_bad_requests_are_lesson_errors(rev: Review) -> None:
    with pytest.raises(LessonError, match="takes a review"):
        teach.mistakes("my game", seat=0)  # type: ignore[arg-type]
    with pytest.raises(LessonError, match="seat is a seat number from 0 to 2"):
        teach.mistakes(rev, seat=3)
    with pytest.raises(LessonError, match="worlds is a whole number"):
        teach.mistakes(rev, seat=0, worlds=1)
    with pytest.raises(LessonError, match="sign-in"):
        teach.mistakes(rev, seat=0, progress="S07")
    with pytest.raises(LessonError, match="numbered from 0"):
        teach.mistakes(rev, seat=0)[5]
    # Bob's moves were not reviewed: no "0 mistakes" as if he had played well.
    with pytest.raises(
        LessonError,
        match=r"^Bob's moves were not reviewed \(this review rated Ann\): review the game "
        r"with seats=\[1\] to find Bob's mistakes$",
    ):
        teach.mistakes(rev, seat=1)
    with pytest.raises(LessonError, match=r"^seed must be a whole number from 0 to "):
        teach.mistakes(rev, seat=0, seed=-1)


def test_numbers_read_from_the_reviews_tables_are_taken(rev: Review) -> None:
    """A seat, a row or a move number read from the review's tables is NumPy's: accepted
    as the number it is, the same as a plain one, everywhere a teacher passes it on."""
    import numpy as np

    from cfwidget.widget import ReviewWidget

    flagged = rev.mistakes()
    seat, move = flagged["seat"].iloc[0], flagged["move_number"].iloc[0]
    assert isinstance(seat, np.integer) and isinstance(move, np.integer)
    drill = teach.mistakes(rev, seat=seat)
    assert drill.seat == 0 and type(drill.seat) is int
    assert drill[np.int64(0)] is drill[0]
    first = drill[0]
    assert first.points(first.best) < first.points(first.played)
    with pytest.raises(LessonError, match=r"^move is one of the moves Ann could make there: "):
        first.points("1-1@9-0")
    with pytest.raises(LessonError, match=r"got 5$"):
        first.points(5)  # type: ignore[arg-type]
    row = flagged.index[0]
    assert rev.candidates(np.int64(row)).equals(rev.candidates(int(row)))
    assert rev.round_at(np.int64(1), move).moves == rev.round_at(1, int(move)).moves
    again = review(game(4), seats=[seat], worlds=np.int64(8), seed=0)
    assert again.summary.index.tolist() == [0] and again.worlds == 8
    assert len(teach.mistakes(again, seat=seat, worlds=np.int64(8))) >= 0
    w = ReviewWidget(rev, seat=seat)
    assert w.goto(move).move == int(move)
    assert type(w.move) is int


def test_a_review_with_the_last_seed_still_gives_exercises() -> None:
    """The exercises' fresh worlds use the review's seed plus one, wrapping round: a review
    seeded with the largest seed still makes them (it raised a seed error)."""
    rnd = game(4)
    last = review(rnd, seats=[0], worlds=20, seed=2**64 - 1)
    drill = teach.mistakes(last, seat=0)
    assert len(last.mistakes()) > 0
    assert len(drill) + len(drill.unsure) == len(last.mistakes())


def test_a_better_move_that_only_announces_the_last_tile_is_said_and_can_be_answered() -> None:
    """Under chicken-little the best move may be the played one, announced: the words say
    so, the hint says to, and "!" or "saying 'last tile'" answers it (the exercise read
    "2-0 on 2-2 ... worse than the best, 2-0 on 2-2" and refused "2-0@2-2!")."""
    from cfwidget.widget import ReviewWidget

    rules = cf.Rules(max_pip=6, hand_size=5, last_tile="chicken-little")
    rnd = cf.Round.deal(rules, players=3, seed=0)
    play_round(rnd, [make_bot("random", 0), make_bot("random", 100), make_bot("random", 200)])
    rev = review(rnd, worlds=20, seed=0)
    louder = [
        m
        for m in teach.mistakes(rev, seat=2)
        if (m.best.tile, m.best.onto) == (m.played.tile, m.played.onto) and m.best.announce
    ]
    assert louder, "no flagged move whose best only announces"
    m = louder[0]
    tile, onto = m.played.tile, m.played.onto
    assert m.exercise.hints[1] == f"Play {tile} there and say 'last tile'."
    said = m.exercise.check(f"{tile} on {onto}").message
    assert said.startswith(f"Not yet: {tile} on {onto} is the move")
    assert m.exercise.check(f"{tile}@{onto}!").status == "correct"
    assert m.exercise.check(f"{tile} on {onto}, saying 'last tile'").status == "correct"
    assert f"fewer than {tile} on {onto} (" in m.exercise.check(f"{tile}@{onto}!").message
    panel = ReviewWidget(rev, move=m.move_number).view["review"]
    assert panel["words"].endswith(
        "worse than the best, " + f"{tile} on {onto} (a chicken foot), saying 'last tile'."
    )
    assert [r["label"] for r in panel["rings"]] == ["played; best says 'last tile'"]


@pytest.mark.parametrize(
    ("answer", "move"),
    [
        ("2-0@2-2!", "2-0@2-2!"),
        ("2-0 on 2-2, saying 'last tile'", "2-0@2-2!"),
        ("2-0 on 2-2 (last tile)", "2-0@2-2!"),
        ("2-0 on 2-2, last tile", "2-0@2-2!"),
        ("Play 2-0 on the 2-2 and announce my last tile.", "2-0@2-2!"),
        ("2-0 on 2-2.", "2-0@2-2"),
        ("draw", "draw"),
    ],
)
def test_an_answer_announces_the_last_tile_only_when_it_says_so(answer: str, move: str) -> None:
    from cfwidget.teach._mistakes import read_move

    assert str(read_move(answer)) == move


def test_a_long_answer_is_read_at_once() -> None:
    """Spaces or lines without end are read in linear time (a pattern once took 17 s on
    1,000 spaces, and a browser message may hold 2,048 bytes)."""
    from cfwidget.teach._mistakes import read_move

    with pytest.raises(cf.AnswerError, match="is not a move"):
        read_move("0-0 on 9-0" + " " * 20_000 + "x")
    assert str(read_move("0-0 on 9-0" + "\n" * 20_000 + "!")) == "0-0@9-0!"
    with pytest.raises(cf.AnswerError, match="is not a move"):
        read_move("2-0 on 2-2, saying nothing")  # refused, not read as announcing
