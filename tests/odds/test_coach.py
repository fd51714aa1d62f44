"""The coach (cfwidget.odds): sensible rankings, sentences that quote true odds, and a coach
that never reads a tile its seat cannot see."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from itertools import combinations, pairwise
from math import comb

import pytest

import cfwidget as cf
from cfwidget import IllegalMove, Move, Round, Rules, SeatOddsError, Tile, full_set
from cfwidget.odds import (
    Advice,
    CoachBot,
    coach_hint,
    coach_moves,
    draw_outlook,
    holds_number_odds,
    seat_lacks,
    unseen_tiles,
)
from cfwidget.odds import _coach as coach
from cfwidget.players import Bot, RandomBot, greedy, make_bot, tips

# --- helpers -------------------------------------------------------------------------------


def holds_by_counting(pool: list[Tile], size: int, numbers: set[int]) -> Fraction:
    """The chance a hand of ``size`` tiles from ``pool`` shows one of ``numbers``: every hand
    listed and counted (independent of the coach's formula)."""
    hands = list(combinations(pool, size))
    hits = sum(1 for hand in hands if any(t[0] in numbers or t[1] in numbers for t in hand))
    return Fraction(hits, len(hands))


def percent_in(sentence: str) -> int | None:
    found = re.search(r"(\d+)% chance", sentence)
    return int(found.group(1)) if found else None


def foot_position() -> Round:
    """Bob to move with 3-3 and 3-1; Ann has 1 tile left (the module's example)."""
    rnd = Round.from_deal(
        Rules(max_pip=4, spokes=3, hand_size=4),
        hands=[["4-4", "4-0", "2-0", "1-1"], ["4-3", "3-3", "4-2", "3-1"]],
        boneyard=["4-1", "3-2", "2-2", "2-1", "1-0", "0-0", "3-0"],
        names=["Ann", "Bob"],
    )
    for move in ["4-3@4-4", "4-0@4-4", "4-2@4-4", "2-0@4-2"]:
        rnd.play(move)
    return rnd


def reader_position() -> Round:
    """Ann to move; Bob has 1 tile left and has drawn whenever 0 to 4 or 6 was wanted."""
    rules = Rules(max_pip=6, hand_size=7, must_play_drawn=True)
    rnd = Round.deal(rules, 2, seed=58, names=["Ann", "Bob"])
    for _ in range(24):
        rnd.play(tips(rnd.observation(rnd.turn)))
    return rnd


# --- crafted positions ---------------------------------------------------------------------


def test_a_chicken_foot_on_a_number_the_nearly_out_seat_likely_lacks_is_best() -> None:
    rnd = foot_position()
    assert rnd.turn == 1 and rnd.hand_counts() == [1, 2]
    ranked = coach_moves(rnd)
    assert [a.move for a in ranked] == [Move.parse("3-3@4-3"), Move.parse("3-1@4-3")]
    best = ranked[0]
    assert best == coach_hint(rnd) and best.about == 0
    # Ann's 1 tile is one of the 8 tiles Bob cannot see; 2 of them show a 3.
    pool = unseen_tiles(rnd, 1)
    assert len(pool) == 8
    assert best.odds == holds_by_counting(pool, 1, {3}) == Fraction(1, 4)
    assert best.odds == holds_number_odds(rnd, 1, 3, other_seat=0)
    assert best.sentence == (
        "Play 3-3 on 4-3: a chicken foot, which needs 3 tiles with a 3 before any other play; "
        "Ann has 1 tile left and a 25% chance of holding a 3."
    )
    # The other play leaves a 0 and a 1 open: Ann fits one of them 3 times in 4.
    assert ranked[1].odds == holds_by_counting(pool, 1, {0, 1}) == Fraction(3, 4)
    assert percent_in(ranked[1].sentence) == 75
    assert ranked[0].score > ranked[1].score


def test_when_drawing_is_the_only_move_the_coach_says_so_with_the_chance_it_fits() -> None:
    rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=11)
    (advice,) = coach_moves(rnd)
    assert advice.move == Move.DRAW and advice.about == 0
    # Independent count: unseen tiles showing a 6 (the centre still wants spokes).
    pool = [t for t in full_set(6) if t not in rnd.hand(0) and t != Tile(6, 6)]
    fitting = [t for t in pool if t.has(6)]
    assert advice.odds == Fraction(len(fitting), len(pool)) == Fraction(3, 11)
    assert advice.odds == draw_outlook(rnd, 0)["p_next_fits"]
    assert advice.sentence == (
        "Draw: none of your tiles has a 6, which the centre double 6-6 needs; a tile drawn "
        f"now fits with a 27% chance ({len(fitting)} of the {len(pool)} tiles you cannot see)."
    )


def test_pass_is_explained_after_a_drawn_tile_that_does_not_fit_and_with_an_empty_yard() -> None:
    rules = Rules(max_pip=3, spokes=3, hand_size=2, must_play_drawn=True)
    rnd = Round.from_deal(
        rules, [["3-3", "3-0"], ["2-1", "1-0"]], ["2-2", "3-1", "2-0", "1-1", "3-2", "0-0"]
    )
    rnd.play("draw")
    (advice,) = coach_moves(rnd)
    assert advice.move == Move.PASS
    assert advice.sentence == "Pass: the tile you drew, 2-2, does not fit."
    # Nothing to draw: Bob holds no 3 for the centre, and the yard is empty.
    empty = Round.from_deal(
        rules, [["3-3", "3-2", "3-1", "3-0", "2-2"], ["2-1", "1-1", "2-0", "1-0", "0-0"]], []
    )
    assert empty.turn == 1 and empty.legal_moves() == [Move.PASS]
    assert coach_hint(empty).sentence == (
        "Pass: the chicken yard is empty and none of your tiles fits."
    )


def test_going_out_beats_everything_and_says_so() -> None:
    rnd = foot_position()
    for move in ["3-3@4-3", "draw", "pass"]:  # Ann drew 4-1: no 3 for the foot
        rnd.play(move)
    # Bob has 3-1 left and the foot on 3-3 takes it: his last tile.
    best = coach_hint(rnd)
    assert best.move == Move.parse("3-1@3-3")
    assert best.sentence == "Play 3-1 on 3-3: it is your last tile, so you go out."
    assert best.score >= coach.OUT and best.odds is None


def test_the_double_blank_goes_first_and_the_sentence_says_what_it_costs() -> None:
    all_tiles = {str(t) for t in full_set(4)}
    hands = [["4-4", "4-1", "1-1"], ["4-0", "0-0", "3-2", "2-1"], ["4-2", "3-3"]]
    used = {t for h in hands for t in h}
    rules = Rules(max_pip=4, spokes=3, hand_size=3)
    rnd = Round.from_deal(rules, hands, sorted(all_tiles - used), start="4-4")
    for move in ["4-0@4-4", "4-2@4-4", "4-1@4-4"]:
        rnd.play(move)
    best = coach_hint(rnd)
    assert best.move == Move.parse("0-0@4-0")
    assert best.sentence.startswith(
        "Play 0-0 on 4-0: the double blank costs 50 points if it stays in your hand; "
    )


def test_the_coach_reads_the_history_and_keeps_a_5_from_a_seat_that_must_hold_5_5() -> None:
    rnd = reader_position()
    assert rnd.turn == 0 and rnd.hand_counts() == [4, 1]
    # Bob drew when a 6 was wanted (the centre), then when a 0 was (the foot on 0-0), and
    # when 0, 2, 4, 1, 3 and 6 were open: his one tile shows none of them, so it is 5-5.
    lacks = seat_lacks(rnd)
    assert lacks[1] == frozenset({0, 1, 2, 3, 4, 6})
    assert rnd.hands[1] == (Tile(5, 5),)  # the test may look; the coach may not
    assert greedy(rnd.observation(0)) == Move.parse("5-3@6-3")  # opens a 5: Bob goes out
    best = coach_hint(rnd)
    assert best.move.tile == Tile(3, 2)
    assert best.odds == 0 and best.about == 1
    assert best.sentence.startswith(
        f"Play 3-2 on {best.move.onto}: it gives Bob less chance to go out than 5-3 would "
        "(a 100% chance of a tile to play); Bob has 1 tile left and no chance of holding"
    )
    assert "no chance of holding" in best.sentence and "Bob drew or passed" in best.sentence
    five = next(a for a in coach_moves(rnd) if a.move == Move.parse("5-3@6-3"))
    assert five.odds == 1 and five.score < best.score


def test_the_last_tile_is_announced_when_the_rules_ask_for_it() -> None:
    rules = Rules(max_pip=4, spokes=3, hand_size=4, last_tile="uno")
    rnd = Round.from_deal(
        rules,
        [["4-4", "4-0", "2-0", "1-1"], ["4-3", "3-3", "4-2", "3-1"]],
        ["4-1", "3-2", "2-2", "2-1", "1-0", "0-0", "3-0"],
        names=["Ann", "Bob"],
    )
    for move in ["4-3@4-4", "4-0@4-4", "4-2@4-4", "2-0@4-2"]:
        rnd.play(move)
    best = coach_hint(rnd)
    assert best.move == Move.parse("3-3@4-3!")
    assert best.sentence.startswith("Play 3-3 on 4-3 and announce your last tile: ")


def test_seat_lacks_is_never_wrong_about_a_real_hand() -> None:
    """Whatever a seat is said to lack, its real hand holds none of it, under every preset."""
    said = 0
    for name in Rules.preset_names():
        rules = Rules.preset(name)
        for seed in range(6):
            rnd = Round.deal(rules, 4 if name == "double-six" else 3, seed=seed)
            every: list[Bot] = [RandomBot(seed), tips, greedy, tips]
            bots = every[: rnd.players]
            while not rnd.is_over:
                for seat, numbers in enumerate(seat_lacks(rnd)):
                    said += bool(numbers)
                    shown = [t for t in rnd.hands[seat] if t[0] in numbers or t[1] in numbers]
                    assert shown == [], (name, seed, len(rnd.moves), seat, numbers)
                rnd.play(bots[rnd.turn](rnd.observation(rnd.turn)))
    assert said > 100  # it does learn something


# --- every quoted chance is a true count --------------------------------------------------


def test_every_sentence_quotes_the_exact_chance_counted_independently() -> None:
    checked = 0
    for seed in range(12):
        rnd = Round.deal(Rules(max_pip=6, hand_size=5), 3, seed=seed, names=["Ann", "Bob", "Cy"])
        while not rnd.is_over:
            seat = rnd.turn
            for advice in coach_moves(rnd):
                if advice.odds is None or advice.move.kind == "draw":
                    continue
                other = advice.about
                assert other is not None and other != seat
                p, text = advice.odds, advice.sentence.split("; ")[-1]  # the odds clause
                if "more than a 99% chance" in text:
                    assert Fraction(199, 200) <= p < 1
                elif "less than a 1% chance" in text:
                    assert 0 < p < Fraction(1, 200)
                elif "no chance" in text:
                    assert p == 0
                else:
                    assert percent_in(text) == round(100 * p)
                if "of holding a tile that fits" in text:  # more than three numbers, unnamed
                    continue
                # The numbers quoted, and the tiles that seat could hold given what it lacks.
                match = re.search(r"of holding (an? [\d, or]+?)(?: \(|\.$)", text)
                assert match is not None, advice.sentence
                numbers = {int(n) for n in re.findall(r"\d+", match.group(1))}
                lacking = seat_lacks(rnd)[other]
                pool = [t for t in unseen_tiles(rnd, seat) if not (set(t) & lacking)]
                size = rnd.hand_counts()[other]
                if comb(len(pool), size) <= 3000:
                    assert advice.odds == holds_by_counting(pool, size, numbers)
                    checked += 1
            rnd.play(tips(rnd.observation(rnd.turn)))
    assert checked > 50


# --- never reading hidden tiles ------------------------------------------------------------


def redeal(rnd: Round, seat: int, rng: random.Random) -> Round | None:
    """The same round with the tiles ``seat`` cannot see shuffled among the places it cannot
    see (other hands, the yard, at every moment of the deal), the same moves replayed; None
    when the shuffle makes the history impossible (a seat drew while holding a tile that fit)."""
    data = rnd.to_dict()
    deal = data["deal"]
    hidden = sorted(unseen_tiles(rnd, seat))
    moved = hidden[:]
    rng.shuffle(moved)
    swap = {str(a): str(b) for a, b in zip(hidden, moved, strict=True)}
    hands = [[swap.get(t, t) for t in hand] for hand in deal["hands"]]
    yard = [swap.get(t, t) for t in deal["boneyard"]]
    try:
        other = Round.from_deal(
            rnd.rules,
            hands,
            yard,
            start=deal["start"],
            first=deal["first"],
            used_doubles=deal["used_doubles"],
            names=data["names"],
        )
        for move in rnd.moves:
            other.play(move)
    except (IllegalMove, cf.DealError):
        return None
    same_view = (
        other.start == rnd.start
        and other.opener == rnd.opener
        and len(other.opening_draws) == len(rnd.opening_draws)
        and other.history == rnd.history
        and other.table == rnd.table
        and other.hand_counts() == rnd.hand_counts()
        and other.yard_count == rnd.yard_count
        and other.hand(seat) == rnd.hand(seat)
        and other.drawn == rnd.drawn
        and not other.is_over
        and [i for i, s, _ in other.penalties] == [i for i, s, _ in rnd.penalties]
    )
    return other if same_view else None


def positions() -> list[tuple[str, Round]]:
    """Positions from several rule sets, with draws and passes in their histories."""
    out = []
    for name, players in (("wolf-lake", 4), ("double-six", 4), ("puremco", 3)):
        rules = Rules.preset(name)
        for seed in range(3):
            rnd = Round.deal(rules, players, seed=seed)
            bots: list[Bot] = [tips, greedy, RandomBot(seed), tips]
            stops = [8, 20, 35]  # the first position with a choice from each of these moves
            while not rnd.is_over and stops:
                if len(rnd.moves) >= stops[0] and len(rnd.legal_moves()) > 1:
                    stops.pop(0)
                    out.append((f"{name} seed {seed} move {len(rnd.moves)}", rnd.copy()))
                rnd.play(bots[rnd.turn](rnd.observation(rnd.turn)))
    return out


def advice_of(rnd: Round) -> list[Advice]:
    return coach_moves(rnd, rnd.turn)


@pytest.mark.parametrize(
    ("label", "rnd"), positions(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_the_advice_is_the_same_for_every_arrangement_of_the_hidden_tiles(
    label: str, rnd: Round
) -> None:
    seat = rnd.turn
    want = advice_of(rnd)
    rng = random.Random(label)
    accepted = changed = 0
    for _ in range(400):
        other = redeal(rnd, seat, rng)
        if other is None:
            continue
        accepted += 1
        changed += other.hands != rnd.hands or other.boneyard != rnd.boneyard
        assert advice_of(other) == want, label
        assert CoachBot()(other.observation(seat)) == want[0].move
        if accepted == 25:
            break
    assert accepted >= 5, f"{label}: only {accepted} arrangements kept the history possible"
    assert changed >= accepted - 1  # the hidden tiles really moved


def test_the_ranking_is_deterministic() -> None:
    """Same view, same answer; best first, and ties keep the order of the legal moves."""
    for label, rnd in positions()[:8]:
        first = coach_moves(rnd)
        assert coach_moves(rnd.copy()) == first, label
        assert coach_moves(Round.from_json(rnd.to_json())) == first, label
        assert sorted(a.move for a in first) == sorted(rnd.legal_moves())
        legal = rnd.legal_moves()
        for a, b in pairwise(first):
            assert a.score > b.score or (
                a.score == b.score and legal.index(a.move) < legal.index(b.move)
            ), label


# --- the bot and the refusals --------------------------------------------------------------


def test_the_coach_bot_is_known_by_name_and_plays_the_hint() -> None:
    bot = make_bot("coach")
    assert isinstance(bot, CoachBot) and repr(bot) == "CoachBot()"
    rnd = foot_position()
    assert bot(rnd.observation(1)) == coach_hint(rnd).move
    assert str(coach_hint(rnd)) == coach_hint(rnd).sentence


def test_clear_refusals() -> None:
    rnd = foot_position()
    with pytest.raises(SeatOddsError, match=r"seat 0 is not to move: .*\(seat 1 now\)"):
        coach_moves(rnd, 0)
    with pytest.raises(SeatOddsError, match="seat must be a seat number from 0 to 1"):
        coach_hint(rnd, 5)
    with pytest.raises(SeatOddsError, match=r"rnd must be a cf\.Round"):
        coach_moves("9-9")  # type: ignore[arg-type]
    finished = Round.from_deal(
        Rules(max_pip=3, spokes=3, hand_size=2),
        hands=[["3-3", "3-0"], ["3-2", "1-0"]],
        boneyard=["3-1", "2-2", "2-1", "2-0", "1-1", "0-0"],
    )
    finished.play("3-2@3-3")
    finished.play("3-0@3-3")
    assert finished.is_over
    with pytest.raises(SeatOddsError, match="the round is over"):
        coach_hint(finished)
