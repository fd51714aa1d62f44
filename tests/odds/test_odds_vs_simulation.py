"""Every exact chance in cfwidget.odds (exact and seat odds) against a seeded simulation.

The deals and positions come from the engine (``Round.deal``, ``play`` and bots). Each check
compares a simulated total with the exact one and allows 4 standard errors; the z-scores are
printed (``pytest -s`` shows them).

- Straight after the deal the odds' model holds exactly: the other hands and the yard are a
  random split of the tiles a seat cannot see. There the engine's own hidden tiles (the other
  hands and the real yard order) are the sample.
- Later in a round the others' play has shaped their hands, which the seat cannot see and the
  model does not claim to know. There the hidden tiles are resampled from the seat's view:
  its unseen tiles are shuffled into the other hands (by their counts) and the yard.
- ``p_foot_completable`` is a certainty (1 or 0), so it is checked by playing rounds out.

Positions differ from sample to sample, so the checks add up outcomes and exact chances over
all samples: the sum of the outcomes has the sum of the exact means as its mean and the sum of
the exact variances as its variance.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import pandas as pd
import pytest

from cfwidget import Round, Rules, Tile, odds
from cfwidget.odds import _exact as exact_odds
from cfwidget.odds import _seat as seat_odds
from cfwidget.players import RandomBot

LIMIT = 4.0  # standard errors


@dataclass
class Tally:
    """Outcomes against exact means and variances, summed over samples (as floats: the exact
    values are Fractions, but a z-score needs no more than float precision)."""

    name: str
    observed: float = 0.0
    expected: float = 0.0
    variance: float = 0.0
    samples: int = 0

    def add(self, outcome: float, mean: float, variance: float) -> None:
        self.observed += outcome
        self.expected += mean
        self.variance += variance
        self.samples += 1

    def event(self, happened: bool, p: Fraction | float) -> None:
        """An event that has chance ``p``."""
        q = float(p)
        self.add(float(happened), q, q * (1 - q))

    def z(self) -> float:
        if self.variance < 1e-12:
            return 0.0 if math.isclose(self.observed, self.expected, abs_tol=1e-6) else math.inf
        return (self.observed - self.expected) / math.sqrt(self.variance)

    def check(self) -> float:
        z = self.z()
        n = max(self.samples, 1)
        print(
            f"{self.name}: simulated {self.observed / n:.4f}, exact {self.expected / n:.4f}"
            f" per sample over {self.samples:,} samples, z = {z:+.2f}"
        )
        assert self.samples > 0, f"{self.name}: no samples"
        assert abs(z) <= LIMIT, f"{self.name}: {z:+.2f} standard errors from the exact value"
        return z


def value(key: object, ran_out: int) -> int:
    """A distribution's outcome as a number: "never" counts the draws made before giving up."""
    return ran_out if key == odds.NEVER else int(str(key))


def moments(dist: pd.Series, ran_out: int = 0) -> tuple[float, float]:
    """Mean and variance of a distribution of counts ("never" counted as ``ran_out``)."""
    pairs = [(value(k, ran_out), float(p)) for k, p in dist.items()]
    mean = sum(v * p for v, p in pairs)
    return mean, max(0.0, sum(v * v * p for v, p in pairs) - mean * mean)


def penalty(tile: Tile, double_blank: int = 50) -> int:
    return double_blank if tile.pips == 0 else tile.pips


def first_fit(yard: list[Tile] | tuple[Tile, ...], numbers: set[int]) -> int | None:
    """1-based place in the yard of the first tile showing one of ``numbers``."""
    return next((i + 1 for i, t in enumerate(yard) if t[0] in numbers or t[1] in numbers), None)


def fewest_draws(
    needed: int, in_hands: int, yard: list[Tile] | tuple[Tile, ...], number: int
) -> int:
    """How far into the yard the last missing tile of ``number`` lies (0 if none is missing)."""
    missing = needed - in_hands
    if missing <= 0:
        return 0
    places = [i + 1 for i, t in enumerate(yard) if t.has(number)]
    return places[missing - 1]


# --- deals straight from the engine --------------------------------------------------------------

TABLES = {
    "double-9, 4 players, 9 each": (Rules(hand_size=9), 4, 10_000),
    "double-6, 2 players, 5 each": (Rules(max_pip=6, hand_size=5), 2, 10_000),
    "double-12, 3 players, 12 each": (Rules(max_pip=12, hand_size=12), 3, 4_000),
}


@cache
def deals(table: str) -> list[Round]:
    """Seeded rounds straight after the deal (and any hunt for the starting double)."""
    rules, players, count = TABLES[table]
    return [Round.deal(rules, players, seed=seed) for seed in range(count)]


def dealt_hand(rnd: Round, seat: int) -> list[Tile]:
    """A seat's hand as dealt, before any opening draw or play (from the round's record)."""
    return [Tile.parse(t) for t in rnd.to_dict()["deal"]["hands"][seat]]


@pytest.mark.parametrize("table", list(TABLES))
def test_starting_double_turns_up_as_counted(table: str) -> None:
    rules, players, _ = TABLES[table]
    size = rules.hand_size_for(players)
    exact = odds.start_double_draws(rules.max_pip, players, size)
    p_dealt = odds.p_start_double_dealt(rules.max_pip, players, size)
    mean, variance = moments(exact)
    dealt, first, draws = Tally("dealt"), Tally("first yard tile"), Tally("mean draws")
    for rnd in deals(table):
        k = len(rnd.opening_draws)
        dealt.event(k == 0, p_dealt)
        first.event(k == 1, exact[1])
        draws.add(k, mean, variance)
    for tally in (dealt, first, draws):
        tally.check()


@pytest.mark.parametrize("table", list(TABLES))
def test_dealt_hands_cost_and_hold_as_counted(table: str) -> None:
    rules, players, _ = TABLES[table]
    top, size = rules.max_pip, rules.hand_size_for(players)
    pips = odds.hand_pips(top, size)
    mean, variance = moments(pips)
    chances = dict(zip(pips.index.tolist(), pips.tolist(), strict=True))  # penalty -> chance
    mode = max(chances, key=lambda total: chances[total])
    cheap = sum((p for total, p in chances.items() if total < mean - 10), Fraction(0))
    with_blank = sum((p for total, p in chances.items() if total >= 50 + size), Fraction(0))
    hold_top, hold_blank = odds.p_holds_number(top, size, top), odds.p_holds_number(top, size, 0)
    tallies = {
        "mean penalty": Tally("mean penalty"),
        "most likely": Tally(f"penalty exactly {mode}"),
        "cheap": Tally(f"penalty below {float(mean) - 10:.1f}"),
        "blank": Tally(f"penalty {50 + size} or more"),
        "top": Tally(f"holds a {top}"),
        "zero": Tally("holds a 0"),
    }
    for rnd in deals(table):
        hand = dealt_hand(rnd, 0)  # one hand per deal, so that the samples are independent
        cost = sum(penalty(t) for t in hand)
        tallies["mean penalty"].add(cost, mean, variance)
        tallies["most likely"].event(cost == mode, chances[mode])
        tallies["cheap"].event(cost < mean - 10, cheap)
        tallies["blank"].event(cost >= 50 + size, with_blank)
        tallies["top"].event(any(t.has(top) for t in hand), hold_top)
        tallies["zero"].event(any(t.has(0) for t in hand), hold_blank)
    for tally in tallies.values():
        tally.check()


#: deals looked at, and how many of them also check the centre's spokes (slower to count)
FIRST_TURN = {
    "double-9, 4 players, 9 each": (5_000, 1_500),
    "double-6, 2 players, 5 each": (4_000, 2_500),
}


@pytest.mark.parametrize("table", list(FIRST_TURN))
def test_first_turn_odds_match_the_real_yard(table: str) -> None:
    """After the deal the model is exact: compare with the real hidden hands and yard."""
    t: dict[str, Tally] = {
        name: Tally(name)
        for name in (
            "next draw fits (p_fits, draw_odds)",
            "engine: drawn tile can be played",
            "first fit on draw 2",
            "draws until playable",
            "draws until playable, when one fits",
            "never finds one within 3 draws",
            "draws within 3",
            "other seat holds the double's number",
            "other seat holds a 0",
            "how many 0s the other seat holds",
            "other seat's hand cost",
            "centre needs no draw",
            "draws before the centre can be finished",
        )
    }
    count, centre = FIRST_TURN[table]
    for i, rnd in enumerate(deals(table)[:count]):
        seat, number = rnd.turn, rnd.start[0]
        other = (seat + 1) % rnd.players
        yard = rnd.boneyard
        hidden = rnd.hands[other]
        # draws until playable, against the real yard order, for the first seat from the one
        # to move that cannot play (chosen by its own hand, which its view already knows)
        order = [(rnd.turn + k) % rnd.players for k in range(rnd.players)]
        drawer = next((s for s in order if not rnd.can_play(s)), None)
        if rnd.yard_count and drawer is not None:
            p = rnd.draw_odds(drawer)
            view = seat_odds.draw_outlook(rnd, drawer)
            assert view["p_next_fits"] == p == odds.p_fits(view["unseen"], view["fitting"])
            dist = seat_odds.draws_until_playable(rnd, drawer)
            assert view["p_never"] == dist[odds.NEVER]
            got = first_fit(yard, rnd.fitting_numbers())
            t["next draw fits (p_fits, draw_odds)"].event(got == 1, p)
            if drawer == rnd.turn:
                after = rnd.copy()
                after.play("draw")
                t["engine: drawn tile can be played"].event(
                    any(m.is_play for m in after.legal_moves()), p
                )
            t["first fit on draw 2"].event(got == 2, dist.get(2, Fraction(0)))
            mean, variance = moments(dist, ran_out=len(yard))
            assert math.isclose(mean, view["expected_draws"])
            t["draws until playable"].add(len(yard) if got is None else got, mean, variance)
            if view["expected_draws_if_found"] is not None:  # the mean when one is found
                found = dist.drop(odds.NEVER) / (1 - dist[odds.NEVER])
                mean, variance = moments(found)
                assert math.isclose(mean, view["expected_draws_if_found"])
                if got is not None:
                    t["draws until playable, when one fits"].add(got, mean, variance)
            capped = seat_odds.draws_until_playable(rnd, drawer, max_draws=3)
            cap = min(3, len(yard))  # an opening hunt for the double may leave a short yard
            found = got is not None and got <= cap
            t["never finds one within 3 draws"].event(not found, capped[odds.NEVER])
            mean, variance = moments(capped, ran_out=cap)
            if i < 300:  # its mean, as the expected value (float rounding aside)
                want = seat_odds.wait_until_playable(rnd, drawer, max_draws=3)
                assert math.isclose(mean, want.all_draws)
                assert want == exact_odds.wait_for_fit(
                    view["unseen"], view["fitting"], view["yard"], 3
                )
            t["draws within 3"].add(got if found and got else cap, mean, variance)
        # another seat's hand
        p = seat_odds.holds_number_odds(rnd, seat, number, other)
        t["other seat holds the double's number"].event(any(x.has(number) for x in hidden), p)
        p = seat_odds.holds_number_odds(rnd, seat, 0, other)
        t["other seat holds a 0"].event(any(x.has(0) for x in hidden), p)
        unseen = seat_odds.unseen_tiles(rnd, seat)
        marked = sum(1 for x in unseen if x.has(0))
        mean, variance = moments(exact_odds.hypergeometric(len(unseen), marked, len(hidden)))
        t["how many 0s the other seat holds"].add(
            sum(1 for x in hidden if x.has(0)), mean, variance
        )
        cost = float(seat_odds.expected_hand_cost(rnd, seat, other))
        t["other seat's hand cost"].add(
            sum(penalty(x) for x in hidden), cost, cost_variance(rnd, seat, len(hidden))
        )
        if i >= centre:
            continue
        # the centre double's spokes
        foot = seat_odds.foot_outlook(rnd, seat)
        assert foot["kind"] == "centre" and foot["p_completable"] == 1
        in_hands = sum(1 for hand in rnd.hands for x in hand if x.has(number))
        d = fewest_draws(foot["needed"], in_hands, yard, number)
        t["centre needs no draw"].event(d == 0, foot["draws"][0])
        mean, variance = moments(foot["draws"], ran_out=foot["yard"])
        assert math.isclose(mean, foot["expected_draws"], abs_tol=1e-12)
        t["draws before the centre can be finished"].add(d, mean, variance)
    for tally in t.values():
        tally.check()


def cost_variance(rnd: Round, seat: int, count: int) -> float:
    """Variance of the cost of ``count`` tiles taken at random from the seat's unseen tiles."""
    costs = [penalty(x, rnd.rules.double_blank) for x in seat_odds.unseen_tiles(rnd, seat)]
    n = len(costs)
    if n < 2:
        return 0.0
    spread = (n * sum(c * c for c in costs) - sum(costs) ** 2) / (n * n)
    return count * spread * (n - count) / (n - 1)


# --- positions later in a round, resampled from the seat's view ----------------------------------

Position = tuple[Round, int]


def positions(
    rules: Rules, players: int, wanted: Callable[[Round], bool], count: int, seed: int
) -> list[Position]:
    """Positions of random-bot rounds where ``wanted`` holds, seen by the seat to move.

    At most one position per round (the first chance after a random number of moves), so
    the positions are spread over many rounds.
    """
    found: list[Position] = []
    rng = random.Random(seed)
    round_seed = seed * 100_000
    while len(found) < count:
        round_seed += 1
        rnd = Round.deal(rules, players, seed=round_seed)
        bot = RandomBot(round_seed)
        skip = rng.randrange(40)
        while not rnd.is_over:
            if skip <= 0 and wanted(rnd):
                found.append((rnd.copy(), rnd.turn))
                break
            skip -= 1
            rnd.play(bot(rnd.observation(rnd.turn)))
    return found


def worlds(rnd: Round, seat: int, rng: random.Random, n: int) -> Iterator[dict[int, list[Tile]]]:
    """``n`` resampled worlds: the seat's unseen tiles dealt to the others and the yard (key -1)."""
    unseen = seat_odds.unseen_tiles(rnd, seat)
    counts = [(s, len(rnd.hands[s])) for s in range(rnd.players) if s != seat]
    for _ in range(n):
        rng.shuffle(unseen)
        world: dict[int, list[Tile]] = {}
        start = 0
        for other, count in counts:
            world[other] = unseen[start : start + count]
            start += count
        world[-1] = unseen[start:]  # the yard in draw order
        assert len(world[-1]) == rnd.yard_count
        yield world


def must_draw(rnd: Round) -> bool:
    return rnd.drawn is None and rnd.yard_count > 0 and not rnd.can_play(rnd.turn)


def foot_open(rnd: Round) -> bool:
    return rnd.forced is not None and rnd.forced != rnd.start and rnd.yard_count > 0


MIDDLE = {
    "double-9, 4 players, 9 each": (Rules(hand_size=9), 4),
    "double-6, 3 players, 7 each": (Rules(max_pip=6, hand_size=7), 3),
}
PLACES, WORLDS = 60, 80


@pytest.mark.parametrize("table", list(MIDDLE))
def test_mid_round_draw_odds_from_the_seats_view(table: str) -> None:
    rules, players = MIDDLE[table]
    rng = random.Random(1)
    t = {
        name: Tally(name)
        for name in ("next draw fits", "first fit on draw 2", "draws until playable", "never")
    }
    for rnd, seat in positions(rules, players, must_draw, PLACES, seed=2):
        dist = seat_odds.draws_until_playable(rnd, seat)
        p = rnd.draw_odds(seat)
        assert dist[1] == p == seat_odds.draw_outlook(rnd, seat)["p_next_fits"]
        mean, variance = moments(dist, ran_out=rnd.yard_count)
        numbers = rnd.fitting_numbers()
        for world in worlds(rnd, seat, rng, WORLDS):
            got = first_fit(world[-1], numbers)
            t["next draw fits"].event(got == 1, p)
            t["first fit on draw 2"].event(got == 2, dist.get(2, Fraction(0)))
            t["never"].event(got is None, dist[odds.NEVER])
            t["draws until playable"].add(rnd.yard_count if got is None else got, mean, variance)
    for tally in t.values():
        tally.check()


@pytest.mark.parametrize("table", list(MIDDLE))
def test_mid_round_chicken_foot_from_the_seats_view(table: str) -> None:
    rules, players = MIDDLE[table]
    rng = random.Random(3)
    t = {name: Tally(name) for name in ("no draw needed", "fewest draws", "never finished")}
    for rnd, seat in positions(rules, players, foot_open, PLACES, seed=4):
        foot = seat_odds.foot_outlook(rnd, seat)
        assert foot["kind"] == "chicken foot"
        number, needed = foot["double"][0], foot["needed"]
        mean, variance = moments(foot["draws"], ran_out=foot["yard"])
        assert math.isclose(mean, foot["expected_draws"], abs_tol=1e-12)
        never = foot["draws"][odds.NEVER]
        assert never == 1 - foot["p_completable"]
        own = foot["in_hand"]
        for world in worlds(rnd, seat, rng, WORLDS):
            in_hands = own + sum(
                1 for other, hand in world.items() if other >= 0 for x in hand if x.has(number)
            )
            in_yard = sum(1 for x in world[-1] if x.has(number))
            finished = in_hands + in_yard >= needed
            t["never finished"].event(not finished, never)
            d = fewest_draws(needed, in_hands, world[-1], number) if finished else foot["yard"]
            t["no draw needed"].event(finished and d == 0, foot["draws"][0])
            t["fewest draws"].add(d, mean, variance)
    for tally in t.values():
        tally.check()


@pytest.mark.parametrize("table", list(MIDDLE))
def test_mid_round_other_hands_from_the_seats_view(table: str) -> None:
    rules, players = MIDDLE[table]
    rng = random.Random(5)
    t = {name: Tally(name) for name in ("holds the number", "hand cost")}

    def anywhere(rnd: Round) -> bool:
        return True

    for rnd, seat in positions(rules, players, anywhere, PLACES, seed=6):
        other = (seat + 1) % players
        number = rng.randrange(rules.max_pip + 1)
        p = seat_odds.holds_number_odds(rnd, seat, number, other)
        mean = float(seat_odds.expected_hand_cost(rnd, seat, other))
        variance = cost_variance(rnd, seat, len(rnd.hands[other]))
        for world in worlds(rnd, seat, rng, WORLDS):
            hand = world[other]
            t["holds the number"].event(any(x.has(number) for x in hand), p)
            t["hand cost"].add(sum(penalty(x) for x in hand), mean, variance)
    for tally in t.values():
        tally.check()


# --- certainties, through play -----------------------------------------------------------------


def test_foot_completable_is_a_certainty_in_play() -> None:
    """p_foot_completable 0: that foot is never finished; 1: the round never blocks on it."""
    rules, players = Rules(max_pip=6, hand_size=7), 3
    seen = {0: 0, 1: 0}

    def open_foot(rnd: Round) -> bool:
        return rnd.forced is not None and rnd.forced != rnd.start

    for rnd, seat in positions(rules, players, open_foot, 150, seed=8):
        foot = seat_odds.foot_outlook(rnd, seat)
        p = foot["p_completable"]
        assert p == odds.p_foot_completable(foot["needed"], foot["off_table"])
        seen[int(p)] += 1
        for bot_seed in range(3):
            play = rnd.copy()
            bot = RandomBot(bot_seed)
            while not play.is_over:
                play.play(bot(play.observation(play.turn)))
            toes = sum(1 for placed in play.table if placed.onto == foot["double"])
            if p == 0:
                assert toes < rules.toes, f"{foot['double']} was finished against the odds"
                assert play.went_out is not None or play.forced == foot["double"]
            else:
                assert not (play.blocked and play.forced == foot["double"])
    print(f"feet that cannot be finished: {seen[0]}, that can: {seen[1]}")
    assert seen[0] >= 10 and seen[1] >= 10


def test_hand_cost_is_the_score_at_the_end() -> None:
    for seed in range(30):
        rnd = Round.deal(Rules(hand_size=9), 4, seed=seed)
        bot = RandomBot(seed)
        while not rnd.is_over:
            for seat in range(4):
                want = sum(penalty(x) for x in rnd.hands[seat])
                assert seat_odds.hand_cost(rnd, seat) == want
            rnd.play(bot(rnd.observation(rnd.turn)))
        assert [seat_odds.hand_cost(rnd, s) for s in range(4)] == rnd.scores()


#: The exact functions the tests above compare with simulation.
CHECKED = {
    "p_start_double_dealt",
    "start_double_draws",
    "hand_pips",
    "p_holds_number",
    "hypergeometric",
    "p_fits",
    "draws_until_fit",
    "expected_draws_until_fit",
    "wait_for_fit",
    "p_foot_completable",
    "foot_draws",
    "expected_foot_draws",
    "draw_outlook",
    "draws_until_playable",
    "expected_draws_until_playable",
    "wait_until_playable",
    "foot_outlook",
    "holds_number_odds",
    "hand_cost",
    "expected_hand_cost",
}


def test_every_exact_function_is_checked() -> None:
    public: set[str] = set()
    for module in (exact_odds, seat_odds):  # the exact functions, not the plots
        public |= {
            name
            for name in module.__all__
            if callable(getattr(module, name)) and not isinstance(getattr(module, name), type)
        }
    public -= {"unseen_tiles"}  # a list of tiles, not a chance
    assert public == CHECKED
