"""A seat's view: JSON-ready, complete for that seat, and never leaking hidden tiles."""

from __future__ import annotations

import json

import pytest

import cfwidget as cf
from cfwidget.players import RandomBot


def test_view_holds_only_what_the_seat_may_know() -> None:
    rnd = cf.Round.deal(cf.Rules(), 4, seed=21)
    bot = RandomBot(2)
    for _ in range(40):
        if rnd.is_over:
            break
        for seat in range(4):
            view = rnd.observe(seat)
            text = json.dumps(view)
            own = set(view["hand"])
            assert own == {str(t) for t in rnd.hands[seat]}
            hidden = {str(t) for s, h in enumerate(rnd.hands) if s != seat for t in h}
            hidden |= {str(t) for t in rnd.boneyard}
            shown = own | {row[0] for row in view["table"]} | {row[1] for row in view["table"]}
            assert not (hidden & shown)
            for tile in hidden:
                assert f'"{tile}"' not in text, f"{tile} leaks into seat {seat}'s view"
            assert view["hand_counts"] == [len(h) for h in rnd.hands]
            assert view["yard_count"] == len(rnd.boneyard)
            if seat == rnd.turn:
                assert view["legal_moves"] == [str(m) for m in rnd.legal_moves()]
            else:
                assert view["legal_moves"] == []
        rnd.play(bot(rnd, rnd.turn))


def test_view_names_the_rule_in_force() -> None:
    rnd = cf.Round.deal(cf.Rules(), 2, seed=3)
    assert rnd.observe(0)["rule"].startswith("the centre double 9-9 still needs 4 spokes")


def test_view_of_a_bad_seat() -> None:
    rnd = cf.Round.deal(cf.Rules(), 2, seed=3)
    for seat in (-1, 2, "0", True):
        with pytest.raises(cf.SeatError, match="seat must be from 0 to 1"):
            rnd.observe(seat)  # type: ignore[arg-type]


def test_a_seat_not_at_the_table_is_a_seat_error() -> None:
    rnd = cf.Round.deal(cf.Rules(), 3, seed=3)
    before = rnd.copy()
    for seat in (3, -1, "1", None, 1.0):
        for ask in (rnd.hand, rnd.can_play, rnd.draw_odds, rnd.observe):
            with pytest.raises(cf.SeatError, match=f"seat must be from 0 to 2, got {seat!r}"):
                ask(seat)  # type: ignore[arg-type]
    assert rnd == before
    assert cf.SeatError.__module__ == "cfwidget" and issubclass(cf.SeatError, ValueError)


def test_a_tile_not_on_the_table_or_without_that_number_is_a_tile_error() -> None:
    rnd = cf.Round.deal(cf.Rules(), 3, seed=3)
    assert rnd.role(rnd.start) == "centre"
    with pytest.raises(cf.TileError, match="9-4 is not on the table"):
        rnd.role(cf.Tile(9, 4))
    with pytest.raises(cf.TileError, match="9-4 has no 6: its numbers are 9 and 4"):
        cf.Tile(9, 4).other(6)
