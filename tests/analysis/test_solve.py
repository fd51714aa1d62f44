"""solve() against a brute-force expectimax over the engine's Round, written plainly here.

The brute force has no memo and no kernel: it steps :class:`cfwidget.Round` itself. A move
that takes a tile from the chicken yard (a draw, or chicken-little's penalty tile) is a
chance node: for every tile the yard holds, the round is replayed from its record with that
tile put next in the yard's order, the move made, and the values averaged. The seat to move
takes the first move (in ``legal_moves`` order) with its lowest expected points. A value is
every seat's points, then every seat's chance of going out; values are exact Fractions, so
solve must agree exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

import pytest

import cfwidget as cf
from cfwidget import Round, Rules
from cfwidget.analysis import Solution, SolveError, TooLargeToSolve, solve

#: Positions compared per set; the brief asks for at least 200 in all.
POSITIONS = 200
#: A position is compared only if solve finds at most this many states in it (a quick
#: filter) and the brute force's tree stays under ``MAX_NODES`` nodes.
MAX_STATES = 300
MAX_NODES = 4_000


class TreeTooBig(Exception):
    """The brute force gave up on a position (it is skipped, and counted)."""


def rules_for(rng: random.Random, max_pip: int, players: int) -> Rules:
    """A small rule set with a random mix of the options that change play."""
    spokes = rng.choice([3, 4] if max_pip >= 4 else [3])
    most = (max_pip + 1) * (max_pip + 2) // 2 // players - 1
    return Rules(
        max_pip=max_pip,
        spokes=spokes,
        toes=rng.choice([1, 2, 3]),
        hand_size=rng.randint(2, max(2, min(4, most))),
        must_play_drawn=rng.choice([True, False]),
        last_tile=rng.choice(["silent", "uno", "chicken-little"]),
        round_end=rng.choice(["blocked", "all-passed"]),
        double_blank=rng.choice([50, 0]),
        out_on_double=rng.choice([0, 50]),
    )


def with_next_draw(rnd: Round, tile: cf.Tile) -> Round:
    """``rnd`` replayed from its record with ``tile`` the next tile the yard gives."""
    record = rnd.to_dict()
    record["seed"] = None
    order = list(record["deal"]["boneyard"])
    taken = len(order) - rnd.yard_count  # drawn so far (the opening draws included)
    assert [cf.Tile.parse(t) for t in order[taken:]] == list(rnd.boneyard)
    i = order.index(str(tile))
    order[taken], order[i] = order[i], order[taken]
    record["deal"]["boneyard"] = order
    return Round.from_dict(record)


def brute(rnd: Round, nodes: list[int]) -> tuple[Fraction, ...]:
    """Every seat's expected round points from ``rnd`` on (the plain expectimax)."""
    nodes[0] += 1
    if nodes[0] > MAX_NODES:
        raise TreeTooBig
    if rnd.is_over:
        out = [Fraction(1 if seat == rnd.went_out else 0) for seat in range(rnd.players)]
        return tuple(Fraction(p) for p in rnd.scores()) + tuple(out)
    values = [brute_after(rnd, move, nodes) for move in rnd.legal_moves()]
    best = values[0]
    for value in values[1:]:
        if value[rnd.turn] < best[rnd.turn]:
            best = value
    return best


def brute_after(rnd: Round, move: cf.Move, nodes: list[int]) -> tuple[Fraction, ...]:
    """Every seat's expected points once ``move`` is made (averaged over draws)."""
    after = rnd.copy()
    after.play(move)
    if after.yard_count == rnd.yard_count:
        return brute(after, nodes)
    nodes[1] += move.kind != "draw"  # chicken-little's penalty tile
    total = [Fraction(0)] * (2 * rnd.players)
    for tile in rnd.boneyard:
        branch = with_next_draw(rnd, tile)
        branch.play(move)
        for seat, v in enumerate(brute(branch, nodes)):
            total[seat] += v
    return tuple(t / rnd.yard_count for t in total)


def positions(max_pip: int, seed: int) -> Iterator[Round]:
    """Rounds of random rules and 2 to 4 seats, some random moves in (seeded)."""
    rng = random.Random(seed)
    for i in range(POSITIONS * 20):
        players = 2 + i % 3
        rules = rules_for(rng, max_pip, players)
        rnd = Round.deal(rules, players, seed=rng.randrange(2**32))
        for _ in range(rng.randint(0, 16)):
            if rnd.is_over:
                break
            rnd.play(rng.choice(rnd.legal_moves()))
        if not rnd.is_over:
            yield rnd


@pytest.mark.parametrize(("max_pip", "seed"), [(3, 1), (4, 2)])
def test_solve_equals_a_plain_brute_force(max_pip: int, seed: int) -> None:
    compared, skipped, seats, draws, penalties = 0, 0, set(), 0, 0
    for rnd in positions(max_pip, seed):
        if compared == POSITIONS:
            break
        before = rnd.to_dict()
        try:
            sol = solve(rnd, limit=MAX_STATES)
        except TooLargeToSolve:
            skipped += 1
            continue
        assert rnd.to_dict() == before  # the round is not changed
        nodes = [0, 0]
        try:
            expected = [brute_after(rnd, m, nodes) for m in rnd.legal_moves()]
        except TreeTooBig:
            skipped += 1
            continue
        assert sol.seat == rnd.turn
        assert list(sol.moves) == rnd.legal_moves()
        n = rnd.players
        assert list(sol.values) == [value[:n] for value in expected]
        assert list(sol.out) == [value[n:] for value in expected]
        assert all(sum(out) <= 1 for out in sol.out)
        own = [v[rnd.turn] for v in expected]
        assert sol.best == rnd.legal_moves()[own.index(min(own))]
        compared += 1
        seats.add(rnd.players)
        draws += any(m.kind == "draw" for m in rnd.legal_moves())
        penalties += nodes[1] > 0
    assert compared == POSITIONS, (compared, skipped)
    assert seats == {2, 3, 4}
    assert draws >= 5  # chance nodes at the root, not only deep in the tree
    assert penalties >= 3  # and penalty tiles drawn somewhere in the trees


def _options(
    max_pip: int, hand_size: int, toes: int, drawn: bool, blank: int, out: int, last: str, end: str
) -> Rules:
    return Rules(
        max_pip=max_pip,
        spokes=3,
        toes=toes,
        hand_size=hand_size,
        must_play_drawn=drawn,
        double_blank=blank,
        out_on_double=out,
        last_tile=last,
        round_end=end,
    )


#: Positions where two paths reach states that differ only in the passes in a row (the
#: round ends when every seat passes in turn), or only in which table tiles the open ends are
#: on (that fixes the engine's order of the moves, so the tie-break, so the other seats'
#: points). A memo key without either merges them: found by searching random positions for
#: ones where such a key changes the answer (rules, seats, deal seed, moves made).
MERGE_TRAPS = {
    "passes in a row, uno": (
        _options(3, 3, 3, True, 50, 50, "uno", "all-passed"),
        2,
        1491432748,
        "",
    ),
    "passes in a row": (_options(3, 2, 3, True, 50, 0, "silent", "all-passed"), 2, 91253962, ""),
    "ends' tiles, uno": (
        _options(4, 4, 3, True, 0, 0, "uno", "blocked"),
        3,
        3907793547,
        "4-2@4-4 4-3@4-4 draw pass draw 4-0@4-4 3-1@4-3 2-1@3-1 3-0@4-0 draw",
    ),
    "ends' tiles, all passed": (
        _options(4, 4, 3, False, 0, 50, "silent", "all-passed"),
        3,
        2155608079,
        "4-0@4-4 4-3@4-4 draw pass 4-2@4-4 1-0@4-0 3-0@4-3 4-1@1-0 2-0@3-0",
    ),
    "ends' tiles, chicken-little": (
        _options(4, 3, 3, True, 50, 0, "chicken-little", "blocked"),
        3,
        282138030,
        "4-1@4-4 4-3@4-4 draw pass draw pass 4-2@4-4 3-1@4-3",
    ),
    "ends' tiles, two toes": (
        _options(4, 3, 2, False, 0, 50, "silent", "blocked"),
        2,
        136439418,
        "4-3@4-4 4-2@4-4 4-1@4-4 1-1@4-1 3-1@1-1 2-1@1-1",
    ),
}


@pytest.mark.parametrize("name", list(MERGE_TRAPS))
def test_states_a_careless_memo_key_would_merge_are_kept_apart(name: str) -> None:
    rules, players, seed, moves = MERGE_TRAPS[name]
    rnd = Round.deal(rules, players, seed=seed)
    for move in moves.split():
        rnd.play(move)
    nodes = [0, 0]
    expected = [brute_after(rnd, m, nodes) for m in rnd.legal_moves()]
    sol = solve(rnd)
    n = rnd.players
    assert list(sol.values) == [value[:n] for value in expected]
    assert list(sol.out) == [value[n:] for value in expected]


def test_ties_go_to_the_first_move_in_the_engines_order() -> None:
    # Two seats, double-3, uno: the last-but-one tile may be played announced or not; the
    # announcement changes nothing, so both give the same points and the first one is picked.
    rules = Rules(max_pip=3, spokes=3, hand_size=3, last_tile="uno")
    for seed in range(200):
        rnd = Round.deal(rules, 2, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            if any(m.announce for m in moves):
                sol = solve(rnd)
                own = [v[sol.seat] for v in sol.values]
                first = own.index(min(own))
                assert sol.best == sol.moves[first]
                assert own.count(min(own)) >= 2
                return
            rnd.play(rng.choice(moves))
    pytest.fail("no position with an announced play in 200 deals")


def test_the_frame_shows_every_move_with_its_points_and_rank() -> None:
    rnd = Round.deal(Rules(max_pip=4, spokes=3, hand_size=3), players=3, seed=2)
    sol = solve(rnd)
    frame = sol.to_frame()
    assert list(frame.index) == [str(m) for m in rnd.legal_moves()]
    assert list(frame.columns[4:]) == ["seat 0 points", "seat 1 points", "seat 2 points"]
    assert frame["best"].sum() == 1
    assert frame.index[frame["best"]].item() == str(sol.best)
    assert frame["expected_points"].min() == pytest.approx(float(sol.points(sol.best)))
    assert (frame.loc[frame["best"], "rank"] == 1).all()
    for move, row in frame.iterrows():
        assert row["expected_points"] == pytest.approx(float(sol.points(str(move))))
    assert (frame["expected_points"] == frame[f"seat {sol.seat} points"]).all()
    assert list(frame["out_chance"]) == [float(out[sol.seat]) for out in sol.out]
    assert frame["out_chance"].between(0, 1).all()


def test_a_large_position_is_refused_naming_the_limit() -> None:
    rnd = Round.deal(Rules(), players=4, seed=1)
    before = rnd.to_dict()
    with pytest.raises(TooLargeToSolve, match=r"more than 500 states .*\(evaluate\)") as info:
        solve(rnd, limit=500)
    assert isinstance(info.value, ValueError) and isinstance(info.value, SolveError)
    assert rnd.to_dict() == before
    assert cf.TooLargeToSolve is TooLargeToSolve and cf.SolveError is SolveError
    with pytest.raises(TooLargeToSolve, match=r"more than 1 state to search \(the limit\)"):
        solve(rnd, limit=1)


def test_a_finished_round_has_no_move_to_solve() -> None:
    rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=2), players=2, seed=3)
    rng = random.Random(0)
    while not rnd.is_over:
        rnd.play(rng.choice(rnd.legal_moves()))
    with pytest.raises(SolveError, match=r"the round is over .* its scores are"):
        solve(rnd)


@pytest.mark.parametrize(
    ("args", "kwargs", "words"),
    [
        (("9-9",), {}, "solve takes a Round, got '9-9'"),
        ((None,), {}, "solve takes a Round, got None"),
        ((), {"limit": 0}, "limit (a number of states) must be a whole number, 1 or more"),
        ((), {"limit": True}, "limit (a number of states) must be a whole number"),
        ((), {"limit": 2.5}, "limit (a number of states) must be a whole number"),
    ],
)
def test_bad_input_is_refused_in_plain_words(
    args: tuple[object, ...], kwargs: dict[str, object], words: str
) -> None:
    rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=2), players=2, seed=5)
    call_args = args or (rnd,)
    with pytest.raises(SolveError) as info:
        solve(*call_args, **kwargs)  # type: ignore[arg-type]
    assert words in str(info.value)


def test_a_solution_answers_for_its_moves_only() -> None:
    rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
    sol = solve(rnd)
    assert isinstance(sol, Solution)
    with pytest.raises(SolveError, match="is not one of the legal moves here"):
        sol.points("draw" if sol.moves[0].kind != "draw" else "pass")
    assert sol.points(sol.moves[0]) == sol.values[0][sol.seat]


def test_a_line_of_play_too_deep_is_refused_before_pythons_stack_runs_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cfwidget.analysis import _solve

    rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=1)
    assert solve(rnd).states > 0
    monkeypatch.setattr(_solve, "MAX_DEPTH", 3)
    with pytest.raises(TooLargeToSolve, match=r"more than 3 moves, too deep .*\(evaluate\)"):
        solve(rnd)
