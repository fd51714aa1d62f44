"""The sharper count (cfwidget.odds._sharper): it reads only the seat's view, it agrees with an
independent enumeration of every deal that fits that view, and it is better calibrated than the
plain count in simulated play.

The enumeration here is the definition: every full deal (the other hands as dealt and the yard
in order) is equally likely; keep the deals in which the whole history replays legally, the
seat sees what it saw (its own draws, who opened), and every pass after a draw had nothing to
play; the chance is the average over those deals. The sampler never enumerates deals.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

import pandas as pd
import pytest

import cfwidget as cf
from cfwidget import Round, Rules, SeatOddsError, odds
from cfwidget.odds import _sharper as sharper
from cfwidget.odds import hidden_worlds, replay, sharper_checks, sharper_draw_odds, sharper_holds
from cfwidget.odds._ways import WaysCounter
from cfwidget.players import RandomBot, greedy, tips

# --- an independent answer: every consistent deal, replayed through the engine -------------------


def _deal_of(rnd: Round) -> tuple[list[list[cf.Tile]], list[cf.Tile], str, int]:
    deal = rnd.to_dict()["deal"]
    hands = [[cf.Tile.parse(t) for t in hand] for hand in deal["hands"]]
    return hands, [cf.Tile.parse(t) for t in deal["boneyard"]], deal["start"], deal["first"]


def consistent_deals(rnd: Round, seat: int) -> Iterator[Round]:
    """Every full deal that fits everything ``seat`` saw, replayed to now (test oracle)."""
    hands0, yard0, start, first = _deal_of(rnd)
    rules, moves = rnd.rules, list(rnd.moves)
    own_draws = []
    ref = Round.from_deal(rules, hands0, yard0, start=start, first=first)
    for move in moves:
        who = ref.turn
        ref.play(move)
        if move == cf.Move.DRAW and who == seat:
            own_draws.append(ref.drawn)
    taken = len(yard0) - rnd.yard_count
    pool = [t for t in cf.full_set(rules.max_pip) if t not in hands0[seat]]
    others = [s for s in range(rnd.players) if s != seat]

    def splits(left: list[cf.Tile], i: int) -> Iterator[tuple[dict[int, list[cf.Tile]], list]]:
        if i == len(others):
            yield {}, left
            return
        for hand in itertools.combinations(left, len(hands0[others[i]])):
            rest = [t for t in left if t not in hand]
            for more, yard in splits(rest, i + 1):
                yield {others[i]: list(hand), **more}, yard

    opening = [(s, t if s == seat else None) for s, t in rnd.opening_draws]
    for hands, left in splits(pool, 0):
        for prefix in itertools.permutations(left, taken):
            yard = list(prefix) + [t for t in left if t not in prefix]
            deal = [hands0[s] if s == seat else hands[s] for s in range(rnd.players)]
            alt = Round.from_deal(rules, deal, yard, start=start, first=first)
            seen = [(s, t if s == seat else None) for s, t in alt.opening_draws]
            if alt.opener != rnd.opener or seen != opening:
                continue
            if _replays(alt, moves, seat, own_draws):
                yield alt


def _replays(alt: Round, moves: list[cf.Move], seat: int, own_draws: list) -> bool:
    drawn = iter(own_draws)
    for i, move in enumerate(moves):
        who, legal = alt.turn, alt.legal_moves()
        if move not in legal:
            return False
        after_draw = i > 0 and moves[i - 1] == cf.Move.DRAW
        if move == cf.Move.PASS and after_draw and any(m.is_play for m in legal):
            return False  # these players always play a drawn tile that fits
        alt.play(move)
        if move == cf.Move.DRAW and who == seat and alt.drawn != next(drawn):
            return False
    return True


def small_positions() -> Iterator[tuple[Round, int]]:
    """Double-3 rounds of three greedy players, stopped where a seat must draw after two or
    more draws by the others (small enough to enumerate every deal)."""
    rules = Rules(max_pip=3, spokes=3, hand_size=2)
    for seed in range(400):
        rnd = Round.deal(rules, 3, seed=seed)
        while not rnd.is_over:
            turn = rnd.turn
            drew = sum(1 for s, m in rnd.history if m == cf.Move.DRAW and s != turn)
            if rnd.drawn is None and rnd.yard_count and not rnd.can_play(turn) and drew >= 2:
                yield rnd, turn
                break
            rnd.play(greedy(rnd.observation(turn)))


def test_the_sampler_agrees_with_every_consistent_deal_counted() -> None:
    checked = uncertain = 0
    for rnd, seat in small_positions():
        deals = list(consistent_deals(rnd, seat))
        fits = rnd.fitting_numbers()
        exact = sum(
            (
                Fraction(sum(1 for t in d.boneyard if t[0] in fits or t[1] in fits), d.yard_count)
                for d in deals
            ),
            Fraction(0),
        ) / len(deals)
        estimate = sharper_draw_odds(rnd, seat, worlds=1500, seed=checked)
        assert abs(estimate - exact) < 0.03, (rnd.seed, float(exact), estimate)
        holds = sharper_holds(rnd, seat, worlds=1500, seed=checked)
        for other in range(rnd.players):
            if other == seat:
                continue
            for n in fits:
                share = Fraction(
                    sum(any(t.has(n) for t in d.hands[other]) for d in deals), len(deals)
                )
                got = holds.loc[rnd.names[other], f"holds a {n} (sharper)"]
                assert abs(got - share) < 0.04, (rnd.seed, other, n, float(share), got)
        checked += 1
        uncertain += 0 < exact < 1
        if checked == 12:
            break
    print(f"{checked} positions, {uncertain} of them with a chance strictly between 0 and 1")
    assert checked == 12 and uncertain >= 3


def brute_ways(story: sharper._Seat, hand: list[int]) -> int:
    """Every way to give each hidden draw its own tile, tried one by one (test oracle)."""
    kinds = [story.kind[x] for x in hand] + story.played_kinds
    ways = 0
    for chosen in itertools.permutations(range(len(kinds)), len(story.draws)):
        labels = [1] * len(kinds)  # 1: dealt; 2 << j: the j-th hidden draw
        for j, place in enumerate(chosen):
            labels[place] = 2 << j
        ways += all(kind & label for kind, label in zip(kinds, labels, strict=True))
    return ways


def test_the_ways_to_explain_a_hand_against_trying_every_one() -> None:
    rng = random.Random(4)
    tried = explained = 0
    for seed in range(40):
        rnd = Round.deal(Rules(max_pip=6, hand_size=5), 2, seed=seed)
        while not rnd.is_over and tried < 300:
            seat = rnd.turn
            view = sharper._public_view(rnd, seat)
            _, unseen, stories = sharper._read_story(view, trust_passes=True)
            (story,) = stories
            held = story.count + len(story.played)
            if 0 < len(story.draws) <= 5 and held <= 9 and story.count <= len(unseen):
                for _ in range(3):
                    hand = rng.sample(unseen, story.count)
                    want = brute_ways(story, hand)
                    assert story.weight(hand) == want
                    tried += 1
                    explained += want > 0
            rnd.play(greedy(rnd.observation(seat)))
    assert tried >= 300 and explained >= 50


def test_one_counter_asked_about_many_hands_agrees_with_trying_every_one() -> None:
    """The counter keeps one memo for every hand of a story (hands share sub-counts): made-up
    stories with every shape of kind (pooled, must-be-drawn, with gaps) and many hands each."""
    rng = random.Random(11)
    checked = nonzero = 0
    for _ in range(60):
        draws = rng.randint(1, 5)
        top = 1 << (draws + 1)
        kinds = sorted({rng.randrange(1, top) for _ in range(rng.randint(1, 6))})
        kinds += [(2 << b) - 1 for b in range(draws + 1)]  # pooled kinds, b = 0 .. draws
        played = [rng.randrange(1, top) for _ in range(rng.randint(0, 2))]
        counter = WaysCounter(draws, kinds, played)
        story = sharper._Seat(0, 0)
        story.draws = [(j, 0) for j in range(draws)]
        story.played_kinds = played
        for _ in range(15):
            hand = [rng.choice(kinds) for _ in range(rng.randint(0, draws + 2))]
            counts = tuple(sorted(Counter(hand).items()))
            story.kind = hand
            want = brute_ways(story, list(range(len(hand))))
            assert counter.ways(counts) == want, (draws, counts, played)
            checked += 1
            nonzero += want > 0
    assert checked == 900 and nonzero >= 200


# --- it reads only what the seat may know ---------------------------------------------------------


def views(rnd: Round, seat: int) -> list[dict]:
    """What ``seat`` saw after every move, as the engine shows it to that seat."""
    hands0, yard0, start, first = _deal_of(rnd)
    again = Round.from_deal(rnd.rules, hands0, yard0, start=start, first=first, names=rnd.names)
    seen = [again.observation(seat).to_dict()]
    for move in rnd.moves:
        again.play(move)
        seen.append(
            {
                **again.observation(seat).to_dict(),
                "drawn": str(again.drawn) if again.turn == seat else None,
            }
        )
    return seen


def rearranged(rnd: Round, seat: int, count: int, seed: int) -> list[Round]:
    """Other deals, with the hidden tiles moved around, that ``seat`` cannot tell apart."""
    hands0, yard0, start, first = _deal_of(rnd)
    rng = random.Random(seed)
    places = [(s, i) for s in range(rnd.players) if s != seat for i in range(len(hands0[s]))]
    places += [(-1, i) for i in range(len(yard0))]
    target = views(rnd, seat)
    found: list[Round] = []
    for _ in range(4000):
        hands, yard = [list(h) for h in hands0], list(yard0)
        for _ in range(rng.randint(1, 3)):
            (a, i), (b, j) = rng.sample(places, 2)
            here = hands[a] if a >= 0 else yard
            there = hands[b] if b >= 0 else yard
            here[i], there[j] = there[j], here[i]
        if hands == hands0 and yard == yard0:
            continue
        try:
            alt = Round.from_deal(rnd.rules, hands, yard, start=start, first=first, names=rnd.names)
            for move in rnd.moves:
                alt.play(move)
        except cf.IllegalMove:
            continue
        if alt.hands != rnd.hands and views(alt, seat) == target:
            found.append(alt)
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize("seed", [13, 21])
def test_the_same_view_gives_the_same_answer_whatever_the_hidden_tiles(seed: int) -> None:
    players = [tips, greedy, greedy, greedy]
    rnd = replay(Round.deal(Rules(hand_size=9), 4, seed=seed), players, until=30)
    seat = rnd.turn
    others = rearranged(rnd, seat, count=4, seed=seed)
    assert len(others) == 4
    want = (
        sharper_draw_odds(rnd, seat, worlds=60, seed=3),
        hidden_worlds(rnd, seat, worlds=20, seed=3),
        sharper_holds(rnd, seat, numbers=[0, 9], worlds=40, seed=3),
    )
    for alt in others:
        assert alt.hands != rnd.hands  # the hidden tiles really are elsewhere
        assert sharper_draw_odds(alt, seat, worlds=60, seed=3) == want[0]
        assert hidden_worlds(alt, seat, worlds=20, seed=3) == want[1]
        pd.testing.assert_frame_equal(
            sharper_holds(alt, seat, numbers=[0, 9], worlds=40, seed=3), want[2]
        )


def test_every_world_fits_the_view() -> None:
    rnd = replay(Round.deal(Rules(hand_size=9), 4, seed=13), [tips, greedy, greedy, greedy], 39)
    unseen = set(odds.unseen_tiles(rnd, 0))
    for world in hidden_worlds(rnd, 0, worlds=50, seed=2):
        assert world.hands[0] == set(rnd.hand(0))
        assert [len(h) for h in world.hands] == rnd.hand_counts()
        assert len(world.yard) == rnd.yard_count
        assert set().union(*world.hands[1:], world.yard) == unseen
        # Bob, Cy and Dee drew and passed on the 4-4: no world gives them a 4
        assert not any(t.has(4) for hand in world.hands[1:] for t in hand)
    assert sharper_draw_odds(rnd, 0, worlds=50) == pytest.approx(4 / 12)


# --- better calibrated than the plain count ----------------------------------------------------


def _z(checks: pd.DataFrame, column: str) -> float:
    p, fitted = checks[column], checks["fitted"].astype(float)
    return float((fitted.sum() - p.sum()) / math.sqrt(float((p * (1 - p)).sum())))


def test_the_sharper_count_is_better_calibrated_than_the_plain_count() -> None:
    checks = sharper_checks(Rules(hand_size=9), 4, [greedy] * 4, rounds=80, seed=11, worlds=30)
    fitted = checks["fitted"].astype(float)
    brier = {c: float(((checks[c] - fitted) ** 2).mean()) for c in ("chance", "sharper")}
    z = {c: _z(checks, c) for c in ("chance", "sharper")}
    print(
        f"{len(checks)} draws: fitted {fitted.mean():.3f}; "
        f"plain count {checks['chance'].mean():.3f}"
        f" (z {z['chance']:+.1f}, Brier {brier['chance']:.4f}); sharper "
        f"{checks['sharper'].mean():.3f} (z {z['sharper']:+.1f}, Brier {brier['sharper']:.4f})"
    )
    assert len(checks) > 800
    assert z["chance"] > 4  # the plain count is too low, far beyond chance
    assert abs(z["sharper"]) < 3
    assert brier["sharper"] < brier["chance"] - 0.005
    table = odds.calibration(checks, chance="sharper")
    late = table.loc["16 or more"]
    assert late["low"] <= late["chance"] <= late["high"]
    assert (
        not odds.calibration(checks).loc["16 or more", "low"]
        <= odds.calibration(checks).loc["16 or more", "chance"]
    )


# --- its arguments and its limits ---------------------------------------------------------------


def test_answers_are_seeded() -> None:
    rnd = replay(Round.deal(Rules(hand_size=9), 4, seed=21), [greedy] * 4, until=25)
    assert sharper_draw_odds(rnd, rnd.turn, 40, seed=5) == sharper_draw_odds(rnd, rnd.turn, 40, 5)
    assert hidden_worlds(rnd, rnd.turn, 5, seed=1) != hidden_worlds(rnd, rnd.turn, 5, seed=2)


def test_without_trusting_passes_random_players_can_be_counted() -> None:
    bots = [RandomBot(1), RandomBot(2), RandomBot(3)]
    rnd = replay(Round.deal(Rules(max_pip=6, hand_size=5), 3, seed=3), bots, until=20)
    share = sharper_draw_odds(rnd, rnd.turn, worlds=50, trust_passes=False)
    assert 0 <= share <= 1


def test_a_pass_that_kept_a_fitting_tile_is_explained() -> None:
    # Bob has no 6, draws the 6-1 (it fits the 6-6) and passes, as these rules allow; later he
    # plays it. Trusting his pass, no world explains where his 6-1 came from.
    dealt = [["6-6", "6-5", "5-5"], ["3-3", "2-2", "1-0"]]
    first = ["6-1", "3-1", "2-1", "2-0", "4-1"]
    used = {*dealt[0], *dealt[1], *first}
    rest = [t for t in cf.full_set(6) if str(t) not in used]
    rnd = Round.from_deal(Rules(max_pip=6, hand_size=3), dealt, first + rest, names=["Ann", "Bob"])
    for move in ("draw", "pass", "6-5@6-6", "6-1@6-6"):
        rnd.play(move)
    assert rnd.turn == 0 and not rnd.can_play(0)
    with pytest.raises(SeatOddsError, match="count with trust_passes=False"):
        sharper_draw_odds(rnd, 0, worlds=20)
    # Without trusting the pass: Bob drew with no 6, so he was not dealt the 6-1; his one draw
    # was the 6-1, and his hand is as dealt, with no 6. The 4 sixes Ann cannot see are in the
    # 21-tile yard.
    assert rnd.yard_count == 21 and rnd.draw_odds(0) == Fraction(4, 24)
    assert sharper_draw_odds(rnd, 0, worlds=50, seed=1, trust_passes=False) == pytest.approx(4 / 21)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda r: sharper_draw_odds(r, 9), "seat must be a seat number from 0 to 3"),
        (lambda r: sharper_draw_odds("round", 0), "rnd must be a cf.Round"),  # type: ignore[arg-type]
        (lambda r: sharper_draw_odds(r, 0, worlds=0), "worlds must be a whole number from 1"),
        (lambda r: sharper_draw_odds(r, 0, seed="x"), "seed must be a whole number"),  # type: ignore[arg-type]
        (lambda r: sharper_holds(r, 0, numbers=[10]), "numbers are pip numbers of the set, 0 to 9"),
        (lambda r: hidden_worlds(r.observation(1), 0), "the observation is seat 1's"),
        (
            lambda r: sharper_draw_odds(Round.deal(Rules.preset("wolf-lake"), 4, seed=1), 0),
            "start_missing='draw'",
        ),
    ],
)
def test_bad_questions_get_a_plain_error(call: object, message: str) -> None:
    rnd = Round.deal(Rules(hand_size=9), 4, seed=1)
    with pytest.raises(SeatOddsError, match=message):
        call(rnd)  # type: ignore[operator]


def test_an_empty_yard_has_nothing_to_draw() -> None:
    rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=5), 2, seed=1)
    assert rnd.yard_count == 0
    with pytest.raises(SeatOddsError, match="the chicken yard is empty"):
        sharper_draw_odds(rnd, 0)
