"""The engine against the plain reference engine, move by move.

``reference_engine.py`` plays a round the obvious way, from the rule texts. Here both play the
same deals with the same random moves, over every preset and random mixes of rule options, and
must give the same answers after every move: the legal moves (in order), whose turn it is,
every hand, the yard, the open ends, the double being filled, whether the round is over and
who went out, and at the end the scores. The first difference fails with everything needed to
replay it.

The mixes draw every option from its declaration (``option_mixes.py``), so a new option is
mixed in without editing this file, and a test fails if the reference engine does not read an
option that changes how a round plays. Left out of the random mixes on purpose:
``hand_size=1`` (an opener whose only tile is the centre double goes out at once; the engine's
handling of it is being changed, see issue 12).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any

import pytest
from option_mixes import OPTIONS, choice_values, every_value, random_rules
from policy_readings import greedy_move, weighed_move
from reference_engine import ReferenceRound

import cfwidget as cf
from cfwidget import Tile
from cfwidget.analysis import POLICIES, Position, TooLargeToSolve, solve
from cfwidget.analysis._counted import PLAY_CODE, Counted
from cfwidget.analysis._policies import policy_for, run
from cfwidget.core._tileset import tile_set

PRESETS = cf.Rules.preset_names()
SEEDS_PER_PRESET_AND_PLAYERS = 24
MIX_CHUNKS = 8
ROUNDS_PER_MIX_CHUNK = 160
MIN_ROUNDS = 2_000


def player_counts(rules: cf.Rules) -> list[int]:
    """Every number of players these rules can deal for."""
    return rules.player_counts()


# --- one round, both engines ---------------------------------------------------------------


def engine_answers(rnd: cf.Round, with_blocked: bool) -> dict[str, Any]:
    answers: dict[str, Any] = {
        "legal moves": [str(m) for m in rnd.legal_moves()],
        "turn": rnd.turn,
        "hands": [sorted(hand) for hand in rnd.hands],
        "yard size": rnd.yard_count,
        "open ends": sorted(rnd.open_ends()),
        "drawn": rnd.drawn,
        "forced": rnd.forced,
        "needed": rnd.needed,
        "is over": rnd.is_over,
        "went out": rnd.went_out,
    }
    if with_blocked:
        answers["blocked"] = rnd.blocked
    return answers


def reference_answers(ref: ReferenceRound, with_blocked: bool) -> dict[str, Any]:
    answers: dict[str, Any] = {
        "legal moves": ref.legal_moves(),
        "turn": ref.turn,
        "hands": [sorted(hand) for hand in ref.hands],
        "yard size": len(ref.yard),
        "open ends": sorted(ref.open_ends()),
        "drawn": ref.drawn,
        "forced": ref.forced,
        "needed": ref.needed,
        "is over": ref.is_over,
        "went out": ref.went_out,
    }
    if with_blocked:
        answers["blocked"] = ref.ended_by == "blocked"
    return answers


def readable(value: Any) -> Any:
    """Tiles as their text (``9-4``) inside answers, for a failure message."""
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, dict):
        return {key: readable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [readable(item) for item in value]
    return value


class Case:
    """One round to play: the rules, the deal's arguments and the seed of the random moves."""

    def __init__(
        self,
        label: str,
        rules: cf.Rules,
        players: int,
        seed: int,
        move_seed: int,
        deal_options: dict[str, Any],
    ) -> None:
        self.label = label
        self.rules = rules
        self.players = players
        self.seed = seed
        self.move_seed = move_seed
        self.deal_options = deal_options

    def deal_text(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.deal_options.items())
        return (
            f"cf.Round.deal(cf.Rules(**{self.rules.to_dict()!r}), players={self.players}, "
            f"seed={self.seed}{extra})"
        )

    def report(
        self, step: str, history: list[str], engine: dict[str, Any], reference: dict[str, Any]
    ) -> str:
        differ = [key for key in reference if engine.get(key) != reference.get(key)]
        engine, reference = readable(engine), readable(reference)
        lines = [
            f"engine and reference disagree {step} ({self.label})",
            f"  rules: {self.rules!r}",
            f"  deal seed {self.seed}, {self.players} players, deal options {self.deal_options}, "
            f"move seed {self.move_seed}",
            f"  moves so far ({len(history)}): {history}",
            f"  they differ on: {', '.join(differ) or 'the move itself'}",
        ]
        for key in differ:
            lines.append(f"    {key}: engine {engine.get(key)!r}")
            lines.append(f"    {key}: reference {reference.get(key)!r}")
        lines.append(f"  engine: {engine}")
        lines.append(f"  reference: {reference}")
        lines.append("  to replay:")
        lines.append(f"    rnd = {self.deal_text()}")
        lines.append(f"    for move in {history!r}: rnd.play(move)")
        return "\n".join(lines)


def engine_plays(rnd: cf.Round, move: str) -> dict[str, Any]:
    """Make a move in the engine; nothing to compare unless it refuses or crashes."""
    rnd.play(move)
    return {}


def deal_both(case: Case) -> tuple[cf.Round, ReferenceRound]:
    """The case's deal in the engine and in the reference engine."""
    tiles = {str(t): t for t in cf.full_set(case.rules.max_pip)}
    options = dict(case.deal_options)
    rnd = cf.Round.deal(case.rules, case.players, seed=case.seed, **options)
    ref = ReferenceRound.deal(
        case.rules,
        case.players,
        case.seed,
        start=tiles[options["start"]] if "start" in options else None,
        first=options.get("first", 0),
        used_doubles=[tiles[t] for t in options.get("used_doubles", ())],
    )
    return rnd, ref


def play_case(case: Case) -> str:
    """Play one round in both engines with seeded random moves; return how it ended."""
    rnd, ref = deal_both(case)
    with_blocked = case.rules.round_end == "blocked"
    history: list[str] = []

    def check(step: str, engine: Callable[[], dict[str, Any]], reference: dict[str, Any]) -> None:
        try:
            answers = engine()
        except Exception as error:  # an engine that crashes is a difference too
            answers = {"engine raised": repr(error)}
        if answers != reference:
            pytest.fail(case.report(step, history, answers, reference), pytrace=False)

    # The deal: the same shuffle, the same opener and the same yard, tile by tile.
    check(
        "after the deal",
        lambda: {
            "start": rnd.start,
            "opener": rnd.opener,
            "opening draws": list(rnd.opening_draws),
            "yard": list(rnd.boneyard),
        },
        {
            "start": ref.start,
            "opener": ref.opener,
            "opening draws": ref.opening_draws,
            "yard": ref.yard,
        },
    )
    rng = random.Random(case.move_seed)
    while True:
        reference = reference_answers(ref, with_blocked)
        check(f"at move {len(history)}", lambda: engine_answers(rnd, with_blocked), reference)
        if reference["is over"]:
            break
        move = rng.choice(reference["legal moves"])
        history.append(move)
        check(f"on move {len(history) - 1} ({move})", partial(engine_plays, rnd, move), {})
        ref.play(move)
    check(
        "at the end",
        lambda: {
            "scores": rnd.scores(),
            "yard": list(rnd.boneyard),
            "penalties": list(rnd.penalties),
        },
        {"scores": ref.scores(), "yard": ref.yard, "penalties": ref.penalties},
    )
    assert ref.ended_by is not None
    return ref.ended_by


# --- the cases -----------------------------------------------------------------------------


def deal_options(rng: random.Random, rules: cf.Rules, players: int) -> dict[str, Any]:
    """Arguments of ``Round.deal`` as a game passes them: who draws first for a missing double,
    and sometimes a later round's double with the doubles that already led."""
    options: dict[str, Any] = {"first": rng.randrange(players)}
    if rng.random() < 0.3:
        doubles = [Tile(n, n) for n in range(rules.max_pip + 1)]
        start = rng.choice(doubles)
        options["start"] = str(start)
        options["used_doubles"] = [str(d) for d in doubles if d != start and rng.random() < 0.3]
    return options


def preset_cases(name: str) -> list[Case]:
    rules = cf.Rules.preset(name)
    rng = random.Random(f"preset {name}")
    cases = []
    for players in player_counts(rules):
        for _ in range(SEEDS_PER_PRESET_AND_PLAYERS):
            seed = rng.randrange(2**32)
            label = f"preset {name}"
            options = deal_options(rng, rules, players)
            cases.append(Case(label, rules, players, seed, rng.randrange(2**32), options))
    return cases


def _max_pip(rng: random.Random) -> int:
    max_pip = rng.choice([3, 4, 5, 6, 6, 7, 8, 9, 9, 10, 11, 12, 15, 18, 21])
    return rng.choice([6, 9]) if max_pip >= 12 and rng.random() < 0.7 else max_pip


def _points(rng: random.Random) -> int:
    return rng.choice([0, 25, 50, rng.randint(0, 100)])


#: Narrower draws of a few options, for short rounds; every other option is drawn from its
#: declaration, so a new option is mixed in by itself.
PREFER: dict[str, Callable[[random.Random], Any]] = {
    "max_pip": _max_pip,
    "double_blank": _points,
    "out_on_double": _points,
    "game_target": lambda rng: rng.choice([None, rng.randint(1, 500)]),
}


def random_mix(rng: random.Random) -> cf.Rules:
    """A random mix of every option that ``cf.Rules`` accepts and that seats two or more.

    Small sets most of the time (their rounds are short and reach the end of the yard and
    blocked feet often); double-12 to double-21 now and then.
    """
    return random_rules(rng, PREFER, accept=lambda rules: bool(player_counts(rules)))


def mix_cases(chunk: int) -> list[Case]:
    rng = random.Random(f"mix {chunk}")
    cases = []
    for _ in range(ROUNDS_PER_MIX_CHUNK):
        rules = random_mix(rng)
        players = rng.choice(player_counts(rules))
        seed = rng.randrange(2**32)
        options = deal_options(rng, rules, players)
        label = f"random mix, chunk {chunk}"
        cases.append(Case(label, rules, players, seed, rng.randrange(2**32), options))
    return cases


# --- the tests -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_agrees_with_the_reference(name: str) -> None:
    """Every preset, every number of players it seats, random deals and random legal moves."""
    cases = preset_cases(name)
    endings = [play_case(case) for case in cases]
    assert len(endings) == SEEDS_PER_PRESET_AND_PLAYERS * len(player_counts(cf.Rules.preset(name)))
    assert "out" in endings


@pytest.mark.parametrize("chunk", range(MIX_CHUNKS))
def test_random_option_mixes_agree_with_the_reference(chunk: int) -> None:
    """Random mixes of every option a round uses, 2 to 8 players, random legal moves."""
    endings = [play_case(case) for case in mix_cases(chunk)]
    assert len(endings) == ROUNDS_PER_MIX_CHUNK
    assert {"out", "blocked"} <= set(endings)  # both ways a round ends are reached


def test_the_plan_plays_at_least_2000_rounds_over_every_option_value() -> None:
    """Issue 12: "a differential test plays at least 2,000 rounds over every preset and random
    option mixes". Counted from the cases the tests above play; the mixes must also reach every
    value of the options a round reads, every number of players and a later round's double."""
    preset_rounds = sum(len(preset_cases(name)) for name in PRESETS)
    mixes = [case for chunk in range(MIX_CHUNKS) for case in mix_cases(chunk)]
    assert preset_rounds + len(mixes) >= MIN_ROUNDS
    for name, option in OPTIONS.items():  # every declared option, the new ones too
        seen = {getattr(case.rules, name) for case in mixes}
        values = choice_values(option)
        if values is not None:
            assert seen == set(values), name
        elif name == "hand_size":
            assert {type(value) for value in seen} == {str, int}
            assert max(value for value in seen if isinstance(value, int)) > 12  # big hands too
        else:
            assert len(seen) >= min(4, len(every_value(option))), name
    assert {case.players for case in mixes} == set(range(2, 9))
    assert len({case.rules.max_pip for case in mixes}) >= 10
    assert sum("start" in case.deal_options for case in mixes) > len(mixes) // 5


# --- every option that changes a round is read by the reference ---------------------------


#: Methods of ``Rules`` the reference calls, and the option each one reads.
READ_BY_METHOD = {"hand_size_for": "hand_size"}


class Reading:
    """``cf.Rules`` as the reference engine sees them, noting every option it reads."""

    def __init__(self, rules: cf.Rules) -> None:
        self._rules = rules
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        self.read.add(READ_BY_METHOD.get(name, name))
        return getattr(self._rules, name)


def options_the_reference_reads() -> set[str]:
    reading: set[str] = set()
    cases = [case for name in PRESETS for case in preset_cases(name)[:2]] + mix_cases(0)[:40]
    for case in cases:
        rules = Reading(case.rules)
        rng = random.Random(case.move_seed)
        ref = ReferenceRound.deal(rules, case.players, case.seed)  # type: ignore[arg-type]
        while not ref.is_over:
            ref.play(rng.choice(ref.legal_moves()))
        ref.scores()
        reading |= rules.read
    return reading & set(OPTIONS)


def engine_trace(rules: cf.Rules, players: int, seed: int) -> list[Any]:
    """Everything a round shows as it is played with seeded random moves."""
    rnd = cf.Round.deal(rules, players, seed=seed)
    rng = random.Random(seed)
    trace: list[Any] = [rnd.start, rnd.opener, list(rnd.boneyard)]
    while not rnd.is_over:
        moves = rnd.legal_moves()
        trace.append([str(m) for m in moves])
        rnd.play(rng.choice(moves))
    trace += [rnd.end_reason, rnd.went_out, rnd.scores()]
    return trace


def test_every_option_that_changes_a_round_is_read_by_the_reference() -> None:
    """No option can slip past the differential test: the reference reads it, or changing it
    changes nothing in a round (an option of a whole game, such as ``game_target``), shown
    here by playing the same deals under each of its values."""
    read = options_the_reference_reads()
    assert {"max_pip", "spokes", "toes", "hand_size", "round_end", "last_tile"} <= read
    rng = random.Random("not read")
    bases = [cf.Rules.preset(name) for name in PRESETS] + [random_mix(rng) for _ in range(6)]
    changes_a_round = []
    for name in sorted(set(OPTIONS) - read):
        for base in bases:
            players = player_counts(base)[0]
            seeds = [rng.randrange(2**32) for _ in range(4)]
            traces = []
            for value in every_value(OPTIONS[name], base.max_pip):
                try:
                    rules = base.replace(**{name: value})
                except cf.RulesError:
                    continue  # a value that does not go with this base
                traces.append([engine_trace(rules, players, seed) for seed in seeds])
            if any(trace != traces[0] for trace in traces):
                changes_a_round.append(f"{name} (under {base!r})")
                break
    assert changes_a_round == [], (
        "these options change how the engine plays a round but the reference engine never "
        "reads them; write them in tests/core/reference_engine.py"
    )


# --- round_end="all-passed", in both engines -----------------------------------------------


#: Seat 0 opens with 4-4; nobody else holds a 4, and the yard gives 4-3 as its second tile.
ALL_PASSED_HANDS = [["4-4", "0-0"], ["1-1", "1-0"]]
ALL_PASSED_YARD = ["2-2", "4-3", "2-1", "3-3", "3-2", "4-2", "4-1", "4-0", "3-1", "3-0", "2-0"]
ALL_PASSED_MOVES = ["draw", "pass", "draw", "4-3@4-4", "draw", "pass", "draw", "pass"]


@pytest.mark.parametrize("round_end", ["blocked", "all-passed"])
def test_round_end_all_passed_ends_the_round_with_tiles_left_in_the_yard(round_end: str) -> None:
    """000: "The game ends when one player plays his last bone or when all players have
    consecutively passed or the chicken yard is empty". A play between two passes starts the
    count again; under "blocked" the round goes on while the yard has tiles."""
    rules = cf.Rules(max_pip=4, spokes=3, hand_size=2, round_end=round_end)
    hands = [[Tile.parse(t) for t in hand] for hand in ALL_PASSED_HANDS]
    yard = [Tile.parse(t) for t in ALL_PASSED_YARD]
    ref = ReferenceRound(rules, hands, yard)
    for number, move in enumerate(ALL_PASSED_MOVES):
        assert not ref.is_over, f"over before move {number}"
        ref.play(move)
        if number == 5:  # seat 1 passed, after seat 0's play: one pass in a row, not two
            assert not ref.is_over and ref.passes_in_a_row == 1
    assert len(ref.yard) == len(ALL_PASSED_YARD) - 4
    if round_end == "all-passed":
        assert ref.is_over and ref.ended_by == "all-passed" and ref.went_out is None
        assert ref.legal_moves() == [] and ref.turn == 0
        # seat 0: 0-0 (50) + 3-3; seat 1: 1-1 + 1-0 + 2-2 + 2-1
        assert ref.scores() == [50 + 6, 2 + 1 + 4 + 3]
    else:
        assert not ref.is_over and ref.turn == 1 and ref.legal_moves() == ["draw"]
    rnd = cf.Round.from_deal(rules, ALL_PASSED_HANDS, ALL_PASSED_YARD)
    for move in ALL_PASSED_MOVES:
        rnd.play(move)
    assert (rnd.is_over, rnd.went_out, rnd.turn) == (ref.is_over, ref.went_out, ref.turn)
    assert [str(m) for m in rnd.legal_moves()] == ref.legal_moves()
    assert rnd.scores() == ref.scores()


# --- the kernel's other players: every playout policy, the counted playouts, the solver ----
#
# Each case above also starts a playout some random moves in. The kernel plays it out under
# each policy; every move is replayed in the reference engine, which must list the same legal
# moves (in order) and reach the same state, end and scores. Greedy and coach-like choices
# must also be what a plain reading of the policy picks (``policy_readings.py``). The random
# playouts on counts (``_counted.py``) play the same start twice, and their moves are replayed
# the same way. Late
# positions small enough to search are solved, and each move's value must be the reference's
# own expectimax.

#: Every how many cases the normal suite starts a playout (the slow test takes them all).
SHARE = 8
#: More random mixes for the slow test, so that it reaches EXTRA_ROUNDS rounds in all.
SLOW_MIX_CHUNKS = 10
EXTRA_ROUNDS = 3_000
#: The largest search (states) the solver check runs, and the reference's (moves deep).
SOLVE_LIMIT = 400


def reference_state(ref: ReferenceRound) -> dict[str, Any]:
    return {
        "turn": ref.turn,
        "hands": [sorted(hand) for hand in ref.hands],
        "yard size": len(ref.yard),
        "open ends": sorted(ref.open_ends()),
        "drawn": ref.drawn,
        "forced": ref.forced,
        "needed": ref.needed,
        "is over": ref.is_over,
    }


def kernel_state(pos: Position) -> dict[str, Any]:
    ts = pos.ts
    ends = [
        (ts.tiles[u], n, pos.needed if u == pos.forced else 1)
        for n, e in enumerate(pos.ends)
        for u in e
    ]
    return {
        "turn": pos.turn,
        "hands": [list(ts.tiles_of(h)) for h in pos.hands],
        "yard size": len(pos.yard),
        "open ends": sorted(ends),
        "drawn": ts.by_bit[pos.drawn] if pos.drawn else None,
        "forced": ts.tiles[pos.forced] if pos.forced >= 0 else None,
        "needed": pos.needed if pos.forced >= 0 else 0,
        "is over": pos.is_over,
    }


ENDED = {"went-out": "out", "blocked": "blocked", "all-passed": "all-passed"}


def start_point(case: Case) -> tuple[cf.Round, ReferenceRound, list[str]]:
    """The case's deal in both engines, some seeded random moves in."""
    rnd, ref = deal_both(case)
    rng = random.Random(case.move_seed ^ 0x5EED)
    history: list[str] = []
    for _ in range(rng.choice([0, 0, 1, 5, 15, 30, 60])):
        if ref.is_over:
            break
        move = rng.choice(ref.legal_moves())
        rnd.play(move)
        ref.play(move)
        history.append(move)
    return rnd, ref, history


def replay_codes(
    case: Case, label: str, rnd: cf.Round, ref: ReferenceRound, codes: list[int], policy: str
) -> int:
    """Replay kernel move codes in the reference, a kernel and a Round alongside; the moves."""
    step = Position.from_round(rnd)
    engine = rnd.copy()
    history = [str(m) for m in rnd.moves]
    for code in codes:
        listed = [str(step.move_of(c)) for c in step.legal_codes()]
        legal = ref.legal_moves()
        move = str(step.move_of(code))
        wanted = None
        if policy == "greedy":
            wanted = str(greedy_move(engine))
        elif policy == "coach-like":
            wanted = str(weighed_move(engine))
        if listed != legal or move not in legal or (wanted is not None and move != wanted):
            pytest.fail(
                case.report(
                    f"{label}: the kernel's move {move} (a plain reading: {wanted})",
                    history,
                    {"legal moves": listed},
                    {"legal moves": legal},
                ),
                pytrace=False,
            )
        step.apply(code)
        engine.play(move)
        ref.play(move)
        history.append(move)
        if kernel_state(step) != reference_state(ref):
            pytest.fail(
                case.report(
                    f"{label} after {move}", history, kernel_state(step), reference_state(ref)
                ),
                pytrace=False,
            )
    return len(codes)


def check_end(
    case: Case, label: str, points: list[int], end: str | None, ref: ReferenceRound
) -> None:
    got = {"scores": points, "ended by": ENDED.get(end or "", end)}
    want = {"scores": ref.scores(), "ended by": ref.ended_by}
    if got != want:
        pytest.fail(case.report(f"{label} at the end", [], got, want), pytrace=False)


def counted_move(ref: ReferenceRound, code: int) -> str:
    """The reference move of a counted playout's code: the tile joined at that number (any
    such end)."""
    if code < 0:
        return "draw" if code == -1 else "pass"
    ann, number, rank = bool(code & 1), code >> 1 & 31, code >> PLAY_CODE
    tile = str(tile_set(ref.rules.max_pip).tiles[rank])
    opens = {str(t): n for t, n, _ in ref.open_ends()}
    for m in ref.legal_moves():
        if "@" in m:
            played, onto = m.rstrip("!").split("@")
            if played == tile and m.endswith("!") == ann and opens[onto] == number:
                return m
    return f"{tile} at {number}, which is not legal"


def check_counted(case: Case, rnd: cf.Round, ref: ReferenceRound, plays: int) -> int:
    """Play the start out ``plays`` times on counts; replay each playout in the reference."""
    start = Counted(Position.from_round(rnd))
    rand = random.Random(case.move_seed).random
    moves = 0
    for i in range(plays):
        trace: list[tuple[int, int]] = []
        points, end = start.play(rand, trace)
        one = copy.deepcopy(ref)
        history = [str(m) for m in rnd.moves]
        for code, count in trace:
            legal = one.legal_moves()
            move = counted_move(one, code)
            if len(legal) != count or move not in legal:
                pytest.fail(
                    case.report(
                        f"the counted playout {i} counted {count} moves, played {move}",
                        history,
                        {"legal moves": count},
                        {"legal moves": legal},
                    ),
                    pytrace=False,
                )
            one.play(move)
            history.append(move)
            moves += 1
        check_end(case, f"the counted playout {i}", points, end, one)
    return moves


def reference_value(ref: ReferenceRound) -> tuple[Fraction, ...]:
    """Each seat's expected points and chance of going out, by expectimax in the reference:
    the mover takes the first move with its lowest points; a tile from the yard is any of
    them, equally likely."""
    if ref.is_over:
        return tuple(Fraction(p) for p in ref.scores()) + tuple(
            Fraction(ref.went_out == s) for s in range(ref.players)
        )
    values = [reference_after(ref, move) for move in ref.legal_moves()]
    best = values[0]
    for v in values[1:]:
        if v[ref.turn] < best[ref.turn]:
            best = v
    return best


def reference_after(ref: ReferenceRound, move: str) -> tuple[Fraction, ...]:
    """The value after ``move``; a move that takes a tile from the yard (a draw, or a play
    that draws the chicken-little penalty) averages over every tile it could take."""
    one = copy.deepcopy(ref)
    one.play(move)
    if len(one.yard) == len(ref.yard):
        return reference_value(one)
    total: list[Fraction] | None = None
    for i in range(len(ref.yard)):
        one = copy.deepcopy(ref)
        one.yard.insert(0, one.yard.pop(i))  # this tile is drawn next
        one.play(move)
        v = reference_value(one)
        total = list(v) if total is None else [a + b for a, b in zip(total, v, strict=True)]
    assert total is not None
    return tuple(t / len(ref.yard) for t in total)


def check_solve(case: Case, rnd: cf.Round, ref: ReferenceRound, codes: list[int]) -> int:
    """Solve the playout's late positions while they are small; 1 if one was compared."""
    rnd, ref = rnd.copy(), copy.deepcopy(ref)
    pos = Position.from_round(rnd)
    for code in codes:
        if len(ref.yard) <= 2 and sum(map(len, ref.hands)) <= 7:
            try:
                solution = solve(rnd, limit=SOLVE_LIMIT)
            except TooLargeToSolve:
                solution = None
            if solution is not None:
                n = rnd.players
                got = [
                    tuple(p) + tuple(o) for p, o in zip(solution.values, solution.out, strict=True)
                ]
                want = [reference_after(ref, m) for m in ref.legal_moves()]
                if [str(m) for m in solution.moves] != ref.legal_moves() or got != want:
                    pytest.fail(
                        case.report(
                            "solve",
                            [str(m) for m in rnd.moves],
                            {"values": [[str(x) for x in v[:n]] for v in got]},
                            {"values": [[str(x) for x in v[:n]] for v in want]},
                        ),
                        pytrace=False,
                    )
                return 1
        move = str(pos.move_of(code))
        pos.apply(code)
        rnd.play(move)
        ref.play(move)
    return 0


def play_case_through_the_kernel(case: Case) -> Counter[str]:
    """Every policy, the counted playouts and the solver, from one start."""
    counts: Counter[str] = Counter()
    rnd, ref, _ = start_point(case)
    for policy in POLICIES:
        rand = random.Random(case.move_seed).random if policy == "random" else None
        pos = Position.from_round(rnd)
        codes: list[int] = []
        run(pos, policy_for(policy, case.rules.double_blank, case.rules.max_pip, rand), codes)
        one = copy.deepcopy(ref)
        counts[f"{policy} moves"] += replay_codes(case, policy, rnd, one, codes, policy)
        check_end(case, policy, pos.points(), pos.end_reason, one)
        counts[f"{policy} rounds"] += 1
        if policy == "random":
            counts["solved positions"] += check_solve(case, rnd, ref, codes)
    counts["counted moves"] += check_counted(case, rnd, ref, 2)
    counts["counted rounds"] += 2
    return counts


def kernel_cases(share: int, chunks: int) -> list[Case]:
    cases = [case for name in PRESETS for case in preset_cases(name)]
    cases += [case for chunk in range(chunks) for case in mix_cases(chunk)]
    return cases[::share]


@pytest.mark.parametrize("part", range(4))
def test_every_policy_the_counted_playouts_and_the_solver_agree_with_the_reference(
    part: int,
) -> None:
    """A share of the cases above (every SHARE-th), each played out by the kernel under every
    policy and on counts, late positions solved; the slow test below takes them all."""
    cases = kernel_cases(SHARE, MIX_CHUNKS)[part::4]
    counts: Counter[str] = Counter()
    for case in cases:
        counts += play_case_through_the_kernel(case)
    assert counts["random rounds"] == counts["coach-like rounds"] == len(cases)
    assert counts["counted rounds"] == 2 * len(cases) and counts["greedy moves"] > 0


@pytest.mark.slow
def test_the_whole_plan_agrees_through_every_implementation() -> None:
    """Every case, presets and more random mixes: >= 3,000 rounds through Round, each played out
    by every policy and on counts too, and every small late position solved."""
    cases = kernel_cases(1, MIX_CHUNKS + SLOW_MIX_CHUNKS)
    counts: Counter[str] = Counter()
    for case in cases:
        play_case(case)
        counts["Round rounds"] += 1
        counts += play_case_through_the_kernel(case)
    print(dict(counts))
    assert counts["Round rounds"] >= EXTRA_ROUNDS
    assert counts["random rounds"] == counts["greedy rounds"] == counts["coach-like rounds"]
    assert counts["random rounds"] >= EXTRA_ROUNDS and counts["solved positions"] > 100
    assert counts["counted rounds"] == 2 * counts["random rounds"]
