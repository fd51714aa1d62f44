"""Conformance: replay the five classroom logs in ``tests/data/classroom/``.

The logs come from outside the project (see ``tests/data/classroom/README.md``). Each one is a
whole round played under 6 spokes, 3 toes, one draw per turn and "a drawn tile that fits is
played". Replaying it through the engine must accept every move on the logged seat's turn and
end in exactly the logged state. A perft-style count (legal moves summed over every position of
the log) pins the move generator down to one number per log, checked against an independent
generator written here from the rule text.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import cfwidget as cf

#: The logs, kept in the repository with a note on where they come from.
CLASSROOM = Path(__file__).resolve().parents[1] / "data" / "classroom"
LOG_NAMES = [
    "classroom_9_4.json",
    "classroom_12_4.json",
    "classroom_16_2.json",
    "classroom_16_4.json",
    "classroom_16_6.json",
]

#: Legal moves summed over every position a log passes through (before each move).
#: Recomputed below by an independent generator, so a change here means a rule changed.
EXPECTED_PERFT = {
    "classroom_9_4.json": 187,
    "classroom_12_4.json": 482,
    "classroom_16_2.json": 2124,
    "classroom_16_4.json": 178,
    "classroom_16_6.json": 997,
}


def load(name: str) -> dict[str, Any]:
    path = CLASSROOM / name
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def rules_for(log: dict[str, Any]) -> cf.Rules:
    return cf.Rules(
        max_pip=log["max_pip"],
        spokes=log["spokes"],
        toes=log["toes"],
        hand_size=7,
        must_play_drawn=True,
    )


def new_round(log: dict[str, Any]) -> cf.Round:
    return cf.Round.from_deal(rules_for(log), log["hands"], log["boneyard"], start=log["centre"])


def reference_legal(rnd: cf.Round) -> list[cf.Move]:
    """Legal moves worked out from what is on the table, without the engine's own generator.

    The double to fill (centre or chicken foot) is the last double laid that still has free
    places; while it has them, tiles go only there. Otherwise any open end takes a tile that
    shows its number. A player who drew may play only the drawn tile (or pass, unless the rules
    say a drawn tile that fits must be played); a player with no play draws, or passes when the
    chicken yard is empty.
    """
    if rnd.is_over:
        return []
    free = {tile: (number, slots) for tile, number, slots in rnd.open_ends()}
    doubles = [p.tile for p in rnd.table if p.tile.is_double]
    forced = doubles[-1] if doubles and doubles[-1] in free else None
    targets = (
        [(forced, free[forced][0])]
        if forced is not None
        else [(t, n) for t, (n, _) in free.items()]
    )
    hand = rnd.hands[rnd.turn]
    mine = [rnd.drawn] if rnd.drawn is not None else list(hand)
    plays = [cf.Move.play(t, u) for t in mine if t is not None for u, n in targets if t.has(n)]
    if rnd.rules.last_tile != "silent" and len(hand) == 2:
        plays += [cf.Move.play(m.tile, m.onto, announce=True) for m in plays]  # type: ignore[arg-type]
    plays.sort()
    if rnd.drawn is not None:
        if not plays:
            return [cf.Move.PASS]
        return plays if rnd.rules.must_play_drawn else [*plays, cf.Move.PASS]
    if plays:
        return plays
    return [cf.Move.DRAW] if rnd.yard_count else [cf.Move.PASS]


def replay(log: dict[str, Any]) -> cf.Round:
    rnd = new_round(log)
    for i, (text, seat) in enumerate(zip(log["moves"], log["move_players"], strict=True)):
        assert not rnd.is_over, f"move {i} ({text}): the round ended early"
        assert rnd.turn == seat, f"move {i} ({text}): seat {rnd.turn} to move, log says {seat}"
        rnd.play(text)
    return rnd


def perft(log: dict[str, Any], check_against_reference: bool = False) -> int:
    """Legal moves summed over every position the log passes through."""
    rnd = new_round(log)
    total = 0
    for i, text in enumerate(log["moves"]):
        legal = rnd.legal_moves()
        if check_against_reference:
            assert legal == reference_legal(rnd), f"move {i}: {rnd.rule_in_force()}"
        assert cf.Move.parse(text) in legal, f"move {i} ({text}) is not in {legal}"
        total += len(legal)
        rnd.play(text)
    return total


@pytest.fixture(params=LOG_NAMES)
def log(request: pytest.FixtureRequest) -> dict[str, Any]:
    return load(request.param) | {"name": request.param}


def test_all_five_logs_are_present() -> None:
    assert sorted(p.name for p in CLASSROOM.glob("*.json")) == sorted(LOG_NAMES)


def test_log_is_a_proper_deal(log: dict[str, Any]) -> None:
    assert len(log["hands"]) == log["players"] == len(set(log["move_players"]))
    assert len(log["moves"]) == len(log["move_players"])
    tiles = [t for hand in log["hands"] for t in hand] + log["boneyard"]
    assert sorted(cf.Tile.parse(t) for t in tiles) == sorted(cf.full_set(log["max_pip"]))


def test_replay_matches_the_logged_end_state(log: dict[str, Any]) -> None:
    rnd = replay(log)
    assert rnd.start == cf.Tile.parse(log["centre"])
    assert rnd.is_over
    assert rnd.legal_moves() == []
    got_hands = [Counter(str(t) for t in hand) for hand in rnd.hands]
    assert got_hands == [Counter(hand) for hand in log["final_hands"]]
    assert rnd.went_out == log["out"]
    assert rnd.blocked is (log["out"] is None)
    got_open = {str(t): {"open": n, "free_slots": k} for t, n, k in rnd.open_ends()}
    assert got_open == log["final_open"]
    assert len(rnd.table) == log["placed_count"]
    assert [str(m) for m in rnd.moves] == log["moves"]
    assert [seat for seat, _ in rnd.history] == log["move_players"]


def test_replay_draws_from_the_logged_yard_prefix(log: dict[str, Any]) -> None:
    """The log only drew from the first ``boneyard_known_prefix`` tiles."""
    rnd = replay(log)
    drawn = len(log["boneyard"]) - rnd.yard_count
    assert drawn <= log["boneyard_known_prefix"]
    assert list(rnd.boneyard) == [cf.Tile.parse(t) for t in log["boneyard"][drawn:]]


def test_one_log_ends_blocked_and_one_on_a_double() -> None:
    """The README promises one blocked ending and one going out on a double."""
    ends = []
    for name in LOG_NAMES:
        rnd = replay(load(name))
        ends.append((rnd.blocked, rnd.went_out is not None and rnd.table[-1].tile.is_double))
    assert sum(blocked for blocked, _ in ends) == 1
    assert sum(on_double for _, on_double in ends) == 1


def test_perft_counts_are_stable_and_match_an_independent_generator(
    log: dict[str, Any],
) -> None:
    first = perft(log)
    again = perft(log)
    checked = perft(log, check_against_reference=True)
    print(f"{log['name']}: {first} legal moves over {len(log['moves'])} positions")
    assert first == again == checked == EXPECTED_PERFT[log["name"]]


def test_perft_from_copies_agrees(log: dict[str, Any]) -> None:
    """Counting on a fresh ``copy()`` at every step gives the same total and leaves the replay
    untouched (the copy plays every legal move, then is thrown away)."""
    rnd = new_round(log)
    total = 0
    for text in log["moves"]:
        before = rnd.copy()
        clone = rnd.copy()
        legal = clone.legal_moves()
        total += len(legal)
        for move in legal:
            trial = clone.copy()
            trial.play(move)
            assert len(trial.history) == len(rnd.history) + 1
        assert rnd == before
        assert rnd.legal_moves() == legal
        rnd.play(text)
    assert total == EXPECTED_PERFT[log["name"]]


def test_undo_walks_the_whole_log_back(log: dict[str, Any]) -> None:
    rnd = new_round(log)
    snapshots = []
    for text in log["moves"][:60]:
        snapshots.append(rnd.copy())
        rnd.play(text)
    for snapshot in reversed(snapshots):
        rnd.undo()
        assert rnd == snapshot
        assert rnd.legal_moves() == snapshot.legal_moves()
