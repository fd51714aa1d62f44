"""A seat's odds (cfwidget.odds): a seat's odds from its own view only, and clear refusals."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from cfwidget import Round, Rules, SeatOddsError, Tile, full_set, odds
from cfwidget import odds as seat_odds
from cfwidget.players import RandomBot, greedy


def answers(rnd: Round, seat: int) -> dict[str, Any]:
    """Everything seat_odds says to ``seat`` about ``rnd``."""
    out: dict[str, Any] = {
        "unseen": seat_odds.unseen_tiles(rnd, seat),
        "outlook": seat_odds.draw_outlook(rnd, seat),
        "draws": seat_odds.draws_until_playable(rnd, seat).to_dict(),
        "wait": seat_odds.wait_until_playable(rnd, seat, max_draws=4),
        "cost": seat_odds.hand_cost(rnd, seat),
    }
    foot = seat_odds.foot_outlook(rnd, seat)
    out["foot"] = {k: v for k, v in foot.items() if k != "draws"}
    out["foot draws"] = foot["draws"].to_dict()
    for other in range(rnd.players):
        if other != seat:
            out[f"cost {other}"] = seat_odds.expected_hand_cost(rnd, seat, other)
            for number in range(rnd.rules.max_pip + 1):
                out[f"holds {other} {number}"] = seat_odds.holds_number_odds(
                    rnd, seat, number, other
                )
    return out


@pytest.mark.parametrize("seed", range(8))
def test_answers_depend_only_on_what_the_seat_can_see(seed: int) -> None:
    """Shuffle the hidden tiles (other hands and yard, same sizes): nothing changes for seat 0."""
    rules = Rules(max_pip=6, hand_size=5)
    hands: list[list[Tile]] = [[], [], []]
    rng = random.Random(seed)
    tiles = list(full_set(6))
    rng.shuffle(tiles)
    start = Tile(6, 6)
    tiles.remove(start)
    hands[0] = [start, *tiles[:4]]  # seat 0 opens, so the round starts without any draw
    hidden = tiles[4:]
    before = None
    for shuffle in range(4):
        rng.shuffle(hidden)
        hands[1], hands[2], yard = hidden[:5], hidden[5:10], hidden[10:]
        rnd = Round.from_deal(rules, hands, yard)
        assert rnd.opener == 0 and rnd.turn == 1
        now = answers(rnd, 0)
        if before is not None:
            assert now == before, f"shuffle {shuffle} changed seat 0's odds"
        before = now


def test_counts_by_hand() -> None:
    rnd = Round.from_deal(
        Rules(max_pip=3, spokes=3, hand_size=2),
        hands=[["3-3", "1-0"], ["2-1", "1-1"]],
        boneyard=["3-1", "2-2", "3-0", "2-0", "0-0", "3-2"],
    )
    assert rnd.turn == 1 and not rnd.can_play(1)
    # seat 1 sees 2-1, 1-1 and the centre 3-3: 7 unseen, of which 3-2, 3-1, 3-0 fit
    assert [str(t) for t in seat_odds.unseen_tiles(rnd, 1)] == [
        "3-2",
        "3-1",
        "3-0",
        "2-2",
        "2-0",
        "1-0",
        "0-0",
    ]
    view = seat_odds.draw_outlook(rnd, 1)
    assert (view["unseen"], view["fitting"], view["yard"]) == (7, 3, 6)
    assert view["p_next_fits"] == Fraction(3, 7) == rnd.draw_odds(1)
    assert seat_odds.draws_until_playable(rnd, 1).equals(odds.draws_until_fit(7, 3, 6))
    wait = odds.wait_for_fit(7, 3, 6)
    assert view["p_never"] == wait.p_never and view["expected_draws_if_found"] == wait.if_found
    assert view["expected_draws"] == wait.all_draws  # kept for older code
    # seat 0 holds one tile; from seat 1's view it is 1 of the 7 unseen tiles
    assert seat_odds.holds_number_odds(rnd, 1, 3, other_seat=0) == Fraction(3, 7)
    assert seat_odds.expected_hand_cost(rnd, 1, other_seat=0) == Fraction(
        5 + 4 + 3 + 4 + 2 + 1 + 50, 7
    )
    assert seat_odds.hand_cost(rnd, 1) == 3 + 2
    foot = seat_odds.foot_outlook(rnd, 1)
    assert (foot["kind"], foot["needed"], foot["in_hand"], foot["unseen_fitting"]) == (
        "centre",
        3,
        0,
        3,
    )
    assert foot["p_completable"] == 1
    assert foot["expected_draws"] == odds.expected_foot_draws(3, 0, 3, 7, 6)


def test_a_seat_that_can_play_needs_no_draw() -> None:
    rnd = Round.deal(Rules(max_pip=6, hand_size=5), 2, seed=2)
    assert rnd.can_play(1)
    assert seat_odds.draws_until_playable(rnd, 1).to_dict() == {0: 1, "never": 0}
    assert seat_odds.wait_until_playable(rnd, 1) == odds.DrawWait(0, 0, 0)
    assert seat_odds.draw_outlook(rnd, 1)["can_play"]


def test_chicken_foot_and_hand_cost_through_a_round() -> None:
    rnd = Round.deal(Rules(max_pip=6, hand_size=7), 3, seed=4)
    bot = RandomBot(4)
    feet = 0
    while not rnd.is_over:
        if rnd.forced is not None and rnd.forced != rnd.start:
            foot = seat_odds.foot_outlook(rnd, rnd.turn)
            assert foot["kind"] == "chicken foot" and foot["double"] == rnd.forced
            assert foot["off_table"] == foot["in_hand"] + foot["unseen_fitting"]
            feet += 1
        rnd.play(bot(rnd.observation(rnd.turn)))
    assert feet > 0
    assert [seat_odds.hand_cost(rnd, s) for s in range(3)] == rnd.scores()


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda r: seat_odds.unseen_tiles(r, 4), "seat must be a seat number from 0 to 3"),
        (lambda r: seat_odds.draw_outlook(r, -1), "from 0 to 3 .*got -1"),
        (lambda r: seat_odds.draws_until_playable(r, True), "got True"),
        (lambda r: seat_odds.hand_cost(r, "1"), "got '1'"),  # type: ignore[arg-type]
        (lambda r: seat_odds.holds_number_odds(r, 0, 9, 0), "can see its own hand"),
        (lambda r: seat_odds.holds_number_odds(r, 0, 10, 1), "0 to 9, got 10"),
        (lambda r: seat_odds.holds_number_odds(r, 0, -1, 1), "0 to 9, got -1"),
        (lambda r: seat_odds.holds_number_odds(r, 0, 1, 7), "other_seat must be .* got 7"),
        (lambda r: seat_odds.expected_hand_cost(r, 2, 2), "other_seat must differ"),
        (lambda r: seat_odds.draws_until_playable(r, 0, max_draws=-1), "max_draws"),
    ],
)
def test_impossible_questions_say_what_is_allowed(call: Any, words: str) -> None:
    rnd = Round.deal(Rules(hand_size=9), 4, seed=1)
    with pytest.raises(SeatOddsError, match=words):
        call(rnd)


def test_refusals_are_seat_odds_errors() -> None:
    assert issubclass(SeatOddsError, odds.OddsError)
    assert issubclass(SeatOddsError, ValueError)
    rnd = Round.deal(Rules(hand_size=9), 4, seed=1)
    while rnd.forced is not None:
        rnd.play(greedy(rnd.observation(rnd.turn)))
    with pytest.raises(SeatOddsError, match="no chicken foot is open"):
        seat_odds.foot_outlook(rnd, 0)
    while not rnd.is_over:
        rnd.play(greedy(rnd.observation(rnd.turn)))
    for ask in (seat_odds.draw_outlook, seat_odds.draws_until_playable, seat_odds.foot_outlook):
        with pytest.raises(SeatOddsError, match="the round is over"):
            ask(rnd, 0)
    with pytest.raises(SeatOddsError, match=r"rnd must be a cf\.Round"):
        seat_odds.hand_cost("a round", 0)  # type: ignore[arg-type]
