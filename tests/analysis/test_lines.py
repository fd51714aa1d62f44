"""Lines of play (analysis.lines_of_play): one typical imagined world, from the mover's view."""

from __future__ import annotations

import pytest

import cfwidget as cf
from cfwidget import EvaluateError
from cfwidget.analysis import Position, lines_of_play

RULES = cf.Rules(max_pip=6, hand_size=7)
ANN = ["6-6", "6-3", "3-1", "4-0", "4-2", "2-0", "6-2"]


def dealt(bob: list[str]) -> cf.Round:
    """Ann opens with 6-6 and Bob answers with 6-5; Bob's other tiles and the yard vary."""
    rest = [str(t) for t in cf.full_set(6) if str(t) not in ANN and str(t) not in bob]
    rnd = cf.Round.from_deal(RULES, hands=[ANN, bob], boneyard=rest, names=["Ann", "Bob"])
    while rnd.turn != 0 or not rnd.moves:
        rnd.play("6-5@6-6" if rnd.turn == 1 else rnd.legal_moves()[0])
    return rnd


def test_the_lines_read_only_what_the_mover_sees() -> None:
    one = dealt(["6-5", "5-5", "4-3", "4-1", "3-2", "2-1", "5-0"])
    two = dealt(["6-5", "1-1", "0-0", "5-1", "5-3", "5-4", "3-0"])
    assert one.observation(0) == two.observation(0) and one.hands[1] != two.hands[1]
    moves = one.legal_moves()[:2]
    assert len(moves) == 2
    assert lines_of_play(one, moves, seed=3) == lines_of_play(two, moves, seed=3)


def test_each_line_is_a_whole_legal_round_from_the_move() -> None:
    rnd = dealt(["6-5", "5-5", "4-3", "4-1", "3-2", "2-1", "5-0"])
    first, second = rnd.legal_moves()[:2]
    lines = lines_of_play(rnd, [first, second], seed=1, worlds=8)
    assert [line.move for line in lines] == [first, second]
    for line in lines:
        assert line.moves[0] == (0, line.move)
        assert line.ended in ("went-out", "blocked")
        assert (line.out is None) == (line.ended == "blocked")
        if line.out is not None:
            assert line.points[line.out] == 0
        played = [m.tile for _, m in line.moves if m.is_play]
        assert len(played) == len(set(played))  # no tile is played twice
        assert not set(played) & {p.tile for p in rnd.table}  # nor one already on the table
    assert lines == lines_of_play(rnd, [first, second], seed=1, worlds=8)
    assert Position.from_round(rnd).legal_moves() == rnd.legal_moves()  # rnd is not changed


def test_bad_requests_are_evaluate_errors() -> None:
    rnd = dealt(["6-5", "5-5", "4-3", "4-1", "3-2", "2-1", "5-0"])
    with pytest.raises(EvaluateError, match="not a legal move"):
        lines_of_play(rnd, ["5-5@6-6"])
    with pytest.raises(EvaluateError, match="takes a Round"):
        lines_of_play("6-6", ["draw"])  # type: ignore[arg-type]
    with pytest.raises(EvaluateError, match="worlds is a whole number"):
        lines_of_play(rnd, rnd.legal_moves()[:1], worlds=0)
    with pytest.raises(EvaluateError, match="at least one"):
        lines_of_play(rnd, [])
