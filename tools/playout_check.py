"""The playout kernel against the engine, move for move, on every preset (and a few mixes).

Run ``python -m tools.playout_check`` (``--rounds N`` per preset, default 2,000). For each
round (dealt by the engine, then played some random moves in, so playouts start anywhere):

1. the one-round loop (``run``) plays it out, random, greedy and coach-like, and its moves are
   replayed in the engine and in a kernel :class:`~cfwidget.analysis.Position` stepped beside it: at
   every step the two legal-move lists are the same set of engine moves, the move is among
   them, both show the same turn and the same points; at the end, the same end and scores;
2. the greedy and coach-like moves are the ones a plain reading of each policy picks from
   ``legal_moves()`` and the mover's view;
3. the batch (``run_batch``, NumPy) plays all the rounds at once, random and greedy; each
   round's trace is replayed in the engine: the engine offers as many legal moves as the
   batch counted, the batch's move is legal, and the end and the scores agree.

The test ``tests/analysis/test_playout_engine.py`` runs a share of this; this script runs
the full count and prints what it checked. Any difference raises with the round to replay.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator

import numpy as np

from cfwidget.analysis import Position
from cfwidget.analysis._batch import BatchTrace, run_batch
from cfwidget.analysis._playout import WAITING_POINTS, _none, run
from cfwidget.core import Move, Round, Rules, Tile, full_set, tile_penalty
from cfwidget.odds._coach import DANGER, THEIR_DRAW

__all__ = [
    "EXTRA_RULES",
    "check_batch",
    "check_one",
    "greedy_move",
    "placed",
    "starts",
    "weighed_move",
]

#: Option mixes no preset has, so that every value of the options that change play is met.
EXTRA_RULES = {
    "chicken-little, may pass, all-passed": Rules(
        last_tile="chicken-little", must_play_drawn=False, round_end="all-passed"
    ),
    "uno, may pass, 2 toes, out on a double 50": Rules(
        last_tile="uno", toes=2, out_on_double=50, hand_size=7
    ),
    "double-6, 3 spokes, 1 toe, 0-0 costs 25": Rules(
        max_pip=6, spokes=3, toes=1, hand_size=5, double_blank=25, last_tile="chicken-little"
    ),
    "double-12 (too big for the batch), six spokes": Rules(max_pip=12, spokes=6, hand_size=9),
}


def starts(rules: Rules, rounds: int, seed: int) -> Iterator[Round]:
    """``rounds`` rounds spread over every number of players, each some random moves in."""
    rng = random.Random(seed)
    counts = rules.player_counts()
    for i in range(rounds):
        rnd = Round.deal(rules, counts[i % len(counts)], seed=seed * 1_000_003 + i)
        for _ in range(rng.choice([0, 0, 1, 5, 15, 30, 60])):
            if rnd.is_over:
                break
            rnd.play(rng.choice(rnd.legal_moves()))
        yield rnd


def greedy_move(rnd: Round) -> Move:
    """The greedy policy read plainly from the engine's legal moves.

    The heaviest tile, ties to the lower tile; joined at its higher number when an end shows
    it, onto the lowest such table tile; announced when the rules offer it; never a pass
    when a play is legal.
    """
    legal = rnd.legal_moves()
    plays = [m for m in legal if m.is_play]
    if not plays:
        return legal[0]
    cost = rnd.rules.double_blank

    def weight(m: Move) -> int:
        tile: Tile = m.tile  # type: ignore[assignment]  # a play has a tile
        return tile_penalty(tile, cost)

    heaviest = max(weight(m) for m in plays)
    tile: Tile = min(m.tile for m in plays if weight(m) == heaviest)  # type: ignore[type-var,assignment]
    return placed(rnd, plays, tile)


def placed(rnd: Round, plays: list[Move], tile: Tile) -> Move:
    """How the greedy and coach-like policies play ``tile``: joined at its higher number when
    an end shows it, onto the lowest such table tile, announced when the rules offer it."""
    mine = [m for m in plays if m.tile == tile]
    opens = {t: n for t, n, _ in rnd.open_ends()}
    high = [m for m in mine if opens[m.onto] == tile[0]]  # type: ignore[index]
    mine = high or mine
    onto = min(m.onto for m in mine)  # type: ignore[type-var]
    mine = [m for m in mine if m.onto == onto]
    announced = [m for m in mine if m.announce]
    return (announced or mine)[0]


def weighed_move(rnd: Round) -> Move:
    """The coach-like policy read plainly from the engine's legal moves and the mover's view.

    Each tile that may be played gets a weight: its cost, less the coach's waiting points for
    each of its numbers whose double is still to come when it is the last tile of that number
    in the hand (never for a double); with ``watch``, when more than one tile may be played,
    plus, for every other seat in turn order, the chance it holds no tile of the numbers left
    open (from the tiles the mover cannot see, as many as that seat holds) times their average
    cost, less the coach's danger weight for its tile count times the chance it holds one
    times what the mover's hand would still cost. The numbers left open: a double's own
    number; the waiting double's number while it needs more than one tile; otherwise the
    numbers open now, without the joined number when its end was the only one, with the
    tile's far number. The heaviest weight is played, ties to the lower tile, and placed as
    the greedy policy places it.
    """
    legal = rnd.legal_moves()
    plays = [m for m in legal if m.is_play]
    if not plays:
        return legal[0]
    rules, seat = rnd.rules, rnd.turn
    obs = rnd.observation(seat)
    hand = list(obs.hand)
    on_table = {placed.tile for placed in obs.table}
    unseen = [x for x in full_set(rules.max_pip) if x not in hand and x not in on_table]

    def cost(x: Tile) -> int:
        return tile_penalty(x, rules.double_blank)

    mean = sum(map(cost, unseen)) * THEIR_DRAW / len(unseen) if unseen else 0.0
    mine = sum(map(cost, hand))
    counts = [obs.hand_counts[(seat + d) % rnd.players] for d in range(1, rnd.players)]
    ends = [(t, n) for t, n, _ in rnd.open_ends()]
    open_now = {n for _, n in ends}
    forced, needed = rnd.forced, rnd.needed
    tiles = sorted({m.tile for m in plays if m.tile is not None})

    def weight(tile: Tile) -> float:
        w: float = cost(tile)
        if not tile.is_double:
            rest = [x for x in hand if x != tile]
            for n in set(tile):
                if Tile(n, n) not in on_table and not any(x.has(n) for x in rest):
                    w -= WAITING_POINTS
        if len(tiles) < 2:
            return w
        if tile.is_double:
            faced = {tile[0]}
        elif forced is not None and needed > 1:
            faced = {forced[0]}
        else:
            n = forced[0] if forced is not None else (tile[0] if tile[0] in open_now else tile[1])
            faced = set(open_now)
            if sum(1 for _, e in ends if e == n) == 1:
                faced.discard(n)
            faced.add(tile.other(n))
        m = sum(1 for x in unseen if x[0] in faced or x[1] in faced)
        nones = [_none(len(unseen), m, k) for k in counts]
        a = 0.0
        for none in nones:
            a += none * mean
        b = 0.0
        for k, none in zip(counts, nones, strict=True):
            b += DANGER.get(k, 0.0) * (1.0 - none)
        return w + (a - (mine - cost(tile)) * b)

    heaviest = max(weight(x) for x in tiles)
    return placed(rnd, plays, min(x for x in tiles if weight(x) == heaviest))


def check_one(rnd: Round, policy: str, seed: int) -> int:
    """Check the one-round loop's playout of ``rnd`` step by step; the moves checked."""
    pos = Position.from_round(rnd)
    trace: list[int] = []
    run(
        pos,
        random.Random(seed).random if policy == "random" else None,
        trace,
        policy == "coach-like",
    )
    engine = rnd.copy()
    step = Position.from_round(rnd)
    for i, code in enumerate(trace):
        where = f"{rnd.rules} {rnd.players} players seed {rnd.seed} after {rnd.moves}, step {i}"
        legal = engine.legal_moves()
        if set(legal) != set(step.legal_moves()):
            raise AssertionError(f"legal moves differ at {where}: {legal} vs {step.legal_moves()}")
        move = step.move_of(code)
        if move not in legal:
            raise AssertionError(f"the kernel played {move}, not legal at {where}: {legal}")
        if policy == "greedy" and move != greedy_move(engine):
            raise AssertionError(f"greedy chose {move}, not {greedy_move(engine)} at {where}")
        if policy == "coach-like" and move != weighed_move(engine):
            raise AssertionError(f"coach-like chose {move}, not {weighed_move(engine)} at {where}")
        engine.play(move)
        step.play(code)
        if engine.turn != step.turn or engine.scores() != step.points():
            raise AssertionError(f"the position differs after {move} at {where}")
    if not engine.is_over or engine.end_reason != pos.end_reason:
        raise AssertionError(f"ends differ: {engine.end_reason} vs {pos.end_reason} ({rnd.seed})")
    if engine.scores() != pos.points() or step.end_reason != pos.end_reason:
        raise AssertionError(f"scores differ: {engine.scores()} vs {pos.points()} ({rnd.seed})")
    return len(trace)


def _engine_move(rnd: Round, code: int) -> Move:
    """The engine move for a batch code: the tile joined at that number (any such end)."""
    if code < 0:
        return Move.DRAW if code == -1 else Move.PASS
    ann, number, rank = bool(code & 1), code >> 1 & 31, code >> 6
    tile = Position.from_round(rnd).t.tiles[rank]
    opens = {t: n for t, n, _ in rnd.open_ends()}
    for m in rnd.legal_moves():
        if m.is_play and m.tile == tile and m.announce == ann and opens[m.onto] == number:  # type: ignore[index]
            return m
    raise AssertionError(f"the batch joined {tile} at {number}, which is not legal: {rnd}")


def check_batch(rounds: list[Round], policy: str, seed: int) -> int:
    """Check a batch playout of ``rounds`` (one rules, one seat count); the moves checked."""
    positions = [Position.from_round(r) for r in rounds]
    trace: BatchTrace = []
    gen = np.random.default_rng(seed) if policy == "random" else None
    points, ends = run_batch(positions, gen, trace)
    per: list[list[tuple[int, int]]] = [[] for _ in rounds]
    for rows, codes, counts in trace:
        for i, c, n in zip(rows.tolist(), codes.tolist(), counts.tolist(), strict=True):
            per[i].append((c, n))
    moves = 0
    for i, rnd in enumerate(rounds):
        engine = rnd.copy()
        for code, count in per[i]:
            legal = engine.legal_moves()
            if len(legal) != count:
                raise AssertionError(
                    f"the batch counted {count} legal moves, the engine has {legal} "
                    f"({rnd.rules}, seed {rnd.seed}, after {engine.moves})"
                )
            engine.play(_engine_move(engine, code))
            moves += 1
        if engine.end_reason != ends[i] or engine.scores() != points[i]:
            raise AssertionError(
                f"the batch ended {ends[i]} with {points[i]}, the engine {engine.end_reason} "
                f"with {engine.scores()} ({rnd.rules}, seed {rnd.seed})"
            )
    return moves


def check_rules(name: str, rules: Rules, rounds: int, seed: int = 1) -> tuple[int, int]:
    """Every check on ``rounds`` rounds of ``rules``: (rounds played out, moves checked)."""
    all_starts = list(starts(rules, rounds, seed))
    moves = 0
    for i, rnd in enumerate(all_starts):
        moves += check_one(rnd, "random", seed + i)
        moves += check_one(rnd, "greedy", 0)
        moves += check_one(rnd, "coach-like", 0)
    if len(Position.from_round(all_starts[0]).t.tiles) <= 64:
        for players in rules.player_counts():
            group = [r for r in all_starts if r.players == players]
            if group:
                moves += check_batch(group, "random", seed)
                moves += check_batch(group, "greedy", 0)
    return len(all_starts), moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per preset")
    parser.add_argument("--extra", type=int, default=300, help="rounds per extra option mix")
    args = parser.parse_args(argv)
    todo = [(name, Rules.preset(name), args.rounds) for name in Rules.preset_names()]
    todo += [(name, rules, args.extra) for name, rules in EXTRA_RULES.items()]
    for name, rules, rounds in todo:
        start = time.perf_counter()
        played, moves = check_rules(name, rules, rounds)
        print(
            f"{name:<48} {played:>6,} rounds x 5 playouts (loop: random, greedy, "
            f"coach-like; batch: random, greedy): {moves:>9,} moves agree "
            f"({time.perf_counter() - start:.1f} s)"
        )


if __name__ == "__main__":
    main()
