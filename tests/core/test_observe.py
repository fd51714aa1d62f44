"""A seat's view: JSON-ready, complete for that seat, and never leaking hidden tiles."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import random

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
            view = rnd.observation(seat).to_dict()
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
        rnd.play(bot(rnd.observation(rnd.turn)))


def test_view_names_the_rule_in_force() -> None:
    rnd = cf.Round.deal(cf.Rules(), 2, seed=3)
    assert (
        rnd.observation(0)
        .to_dict()["rule"]
        .startswith("the centre double 9-9 still needs 4 spokes")
    )


def test_view_of_a_bad_seat() -> None:
    rnd = cf.Round.deal(cf.Rules(), 2, seed=3)
    for seat in (-1, 2, "0", True):
        with pytest.raises(cf.SeatError, match="seat must be from 0 to 1"):
            rnd.observation(seat)  # type: ignore[arg-type]


def test_a_seat_not_at_the_table_is_a_seat_error() -> None:
    rnd = cf.Round.deal(cf.Rules(), 3, seed=3)
    before = rnd.copy()
    for seat in (3, -1, "1", None, 1.0):
        asks = (rnd.hand, rnd.can_play, rnd.draw_odds)
        for ask in (*asks, rnd.observation) if seat is not None else asks:
            with pytest.raises(cf.SeatError, match=f"seat must be from 0 to 2, got {seat!r}"):
                ask(seat)  # type: ignore[arg-type]
    assert rnd == before
    assert cf.SeatError.__module__ == "cfwidget" and issubclass(cf.SeatError, ValueError)


def test_the_tables_observation_is_what_every_seat_sees() -> None:
    """seat=None: no hand, no drawn tile, no moves; every public field as each seat's."""
    rnd = cf.Round.deal(cf.Rules(), 4, seed=21)
    bot = RandomBot(5)
    public = ("names", "turn", "hand_counts", "yard_count", "table", "open_ends", "history")
    looked = drew = 0
    while not rnd.is_over:
        table = rnd.observation(None)
        assert (table.seat, table.hand, table.drawn, table.legal_moves) == (None, (), None, ())
        assert not table.to_move
        mover = rnd.observation(rnd.turn)
        assert all(getattr(table, f) == getattr(mover, f) for f in public)
        assert table.has_drawn == mover.has_drawn
        drew += mover.drawn is not None
        assert set(table.unseen()) == {t for h in rnd.hands for t in h} | set(rnd.boneyard)
        assert "hand" in table.to_dict() and table.to_dict()["hand"] == []
        looked += 1
        rnd.play(bot(mover))
    last = rnd.observation(None)
    assert last.scores == rnd.observation(0).scores == tuple(rnd.scores())
    assert pickle.loads(pickle.dumps(last)) == last == copy.deepcopy(last)
    assert json.loads(json.dumps(last.to_dict()))["seat"] is None
    assert looked > 20 and drew > 0
    with pytest.raises(cf.SeatError, match="seat must be from 0 to 3, got None"):
        rnd.draw_odds(None)  # type: ignore[arg-type]


def test_a_tile_not_on_the_table_or_without_that_number_is_a_tile_error() -> None:
    rnd = cf.Round.deal(cf.Rules(), 3, seed=3)
    assert rnd.role(rnd.start) == "centre"
    with pytest.raises(cf.TileError, match="9-4 is not on the table"):
        rnd.role(cf.Tile(9, 4))
    with pytest.raises(cf.TileError, match="9-4 has no 6: its numbers are 9 and 4"):
        cf.Tile(9, 4).other(6)


# -- the typed observation (issue 22) ---------------------------------------------------------

OBSERVE_KEYS = [
    "seat", "names", "turn", "hand", "hand_counts", "yard_count", "start", "table", "open_ends",
    "forced", "needed", "rule", "drawn", "legal_moves", "history", "over", "went_out",
    "blocked", "scores", "rules",
]  # fmt: skip


def test_the_observation_is_a_frozen_value_and_to_dict_is_its_json_form() -> None:
    rnd = cf.Round.deal(cf.Rules(), 3, seed=5)
    bot = RandomBot(5)
    while not rnd.is_over:
        for seat in range(3):
            obs = rnd.observation(seat)
            assert obs == cf.core.observe(rnd, seat) and hash(obs) == hash(rnd.observation(seat))
            view = obs.to_dict()
            assert list(view) == OBSERVE_KEYS
            assert json.loads(json.dumps(view)) == view
            assert obs.hand == rnd.hand(seat) and obs.hand_counts == tuple(rnd.hand_counts())
            assert obs.legal_moves == (tuple(rnd.legal_moves()) if seat == rnd.turn else ())
            assert obs.drawn == (rnd.drawn if seat == rnd.turn else None)
        rnd.play(bot(rnd.observation(rnd.turn)))
    obs = rnd.observation(0)
    assert obs.over and obs.scores == tuple(rnd.scores()) and obs.legal_moves == ()
    with pytest.raises(AttributeError):
        obs.seat = 1  # type: ignore[misc]


def test_a_penalty_draw_is_public_but_its_tile_is_not() -> None:
    rules = cf.Rules(max_pip=3, spokes=3, hand_size=3, last_tile="chicken-little")
    rnd = cf.Round.from_deal(
        rules,
        hands=[["3-3", "3-0", "1-1"], ["3-2", "3-1", "0-0"]],
        boneyard=["2-2", "2-1", "2-0", "1-0"],
    )
    rnd.play("3-2@3-3")  # Player 2 keeps two tiles: no penalty yet
    rnd.play("3-0@3-3")  # silent with one tile left: Player 1 draws a penalty tile
    rnd.play("3-1@3-3")  # and so does Player 2
    assert rnd.penalties == [(1, 0, cf.Tile(2, 2)), (2, 1, cf.Tile(2, 1))]
    for seat in (0, 1):
        assert rnd.observation(seat).penalties == ((1, 0), (2, 1))
    assert '"2-1"' not in json.dumps(rnd.observation(0).to_dict()) and '"2-1"' in json.dumps(
        rnd.observation(1).to_dict()
    )
    assert '"2-2"' not in json.dumps(rnd.observation(1).to_dict()) and '"2-2"' in json.dumps(
        rnd.observation(0).to_dict()
    )


def test_bots_are_functions_of_the_observation() -> None:
    """Every bot takes the seat's observation only; the round is refused, and so is an
    observation of a seat that is not to move."""
    from cfwidget.analysis import DeepSearchBot, SearchBot
    from cfwidget.odds import CoachBot
    from cfwidget.players import TipsBot, face_value, greedy

    bots = [RandomBot(1), greedy, TipsBot(), CoachBot(), face_value, SearchBot(1, strength=2)]
    bots.append(DeepSearchBot(1))
    for seed in range(6):
        rnd = cf.Round.deal(cf.Rules.preset("wolf-lake"), 3, seed=seed)
        while not rnd.is_over:
            obs = rnd.observation(rnd.turn)
            for bot in bots[:5]:
                assert bot(obs) in obs.legal_moves
            rnd.play(CoachBot()(obs))
    rnd = cf.Round.deal(cf.Rules(), 2, seed=3)
    before = rnd.copy()
    for bot in bots:
        with pytest.raises(cf.BotError, match="not the seat to move"):
            bot(rnd.observation(1 - rnd.turn))
        with pytest.raises(cf.BotError, match=r"given the seat's Observation, rnd\.observation"):
            bot(rnd)  # type: ignore[arg-type]
        with pytest.raises(cf.BotError, match=r"^the table.s view holds no hand, so a bot has no"):
            bot(rnd.observation(None))  # a projector's view: no seat, no move
    assert rnd == before


def test_the_one_fitting_numbers_is_the_engines_at_every_position_and_in_the_past() -> None:
    """``fitting_numbers`` reads the table alone. At every position of many rounds it is
    what the engine's state says (the forced double's number, or every open end's), the
    mover's tiles that show one are exactly its playable tiles, and each first part of the
    final table gives what was true when that part was the table (what the sharper count
    and the coach read from the history)."""
    from cfwidget.core import fitting_numbers
    from cfwidget.players import greedy

    tables = [cf.Rules(hand_size=9), cf.Rules(max_pip=6, hand_size=7), cf.Rules(spokes=6)]
    tables += [cf.Rules(spokes=3, hand_size=7), cf.Rules.preset("puremco")]
    tables += [cf.Rules.preset("wolf-lake")]
    positions = 0
    for rules in tables:
        for seed in range(25):
            rnd = cf.Round.deal(rules, 3, seed=seed)
            past = []
            while not rnd.is_over:
                numbers = rnd.fitting_numbers()
                forced = rnd.forced
                engine = {forced[0]} if forced is not None else {n for _, n, _ in rnd.open_ends()}
                assert numbers == engine
                assert rnd.observation(rnd.turn).fitting_numbers() == numbers
                if rnd.drawn is None:
                    fit = {t for t in rnd.hand(rnd.turn) if t[0] in numbers or t[1] in numbers}
                    assert {m.tile for m in rnd.legal_moves() if m.is_play} == fit
                past.append((len(rnd.table), numbers))
                positions += 1
                rnd.play(greedy(rnd.observation(rnd.turn)))
            for laid, numbers in past:
                assert fitting_numbers(rnd.table[:laid], rules) == numbers
    assert positions > 3000


def test_draw_odds_is_one_count_for_the_round_the_coach_and_the_outlook() -> None:
    """The plain chance of a fitting draw is one count (``draw_count``): the round's
    ``draw_odds``, the odds layer's ``draw_outlook`` and the coach's draw sentence agree."""
    from fractions import Fraction

    from cfwidget.core import draw_count, draw_odds
    from cfwidget.odds import coach_moves, draw_outlook
    from cfwidget.players import greedy

    checked = 0
    for seed in range(30):
        rnd = cf.Round.deal(cf.Rules(max_pip=6, hand_size=7), 3, seed=seed)
        while not rnd.is_over:
            seat = rnd.turn
            obs = rnd.observation(seat)
            fitting, unseen = draw_count(obs)
            assert unseen == len(obs.unseen()) == 28 - len(obs.hand) - len(obs.table)
            assert rnd.draw_odds(seat) == draw_odds(obs) == Fraction(fitting, unseen)
            outlook = draw_outlook(rnd, seat)
            assert (outlook["fitting"], outlook["unseen"]) == (fitting, unseen)
            if not rnd.can_play(seat) and rnd.drawn is None and rnd.yard_count:
                advice = coach_moves(rnd)[0]
                assert advice.move.kind == "draw" and advice.odds == Fraction(fitting, unseen)
                assert f"({fitting} of the {unseen} tiles you cannot see)" in advice.sentence
                checked += 1
            rnd.play(greedy(obs))
    assert checked >= 30


# -- observations are captured, not live (an observation is made lazily) ----------------------


def _read_now(rnd: cf.Round, seat: int) -> dict[str, object]:
    """What ``seat``'s observation must say, read straight from the round's own methods now."""
    over = rnd.is_over
    mine = not over and seat == rnd.turn
    history = rnd.history
    return {
        "seat": seat,
        "names": rnd.names,
        "turn": rnd.turn,
        "hand": rnd.hand(seat),
        "hand_counts": tuple(rnd.hand_counts()),
        "yard_count": rnd.yard_count,
        "start": rnd.start,
        "opener": rnd.opener,
        "opening_draws": len(rnd.opening_draws),
        "table": rnd.table,
        "open_ends": tuple(rnd.open_ends()),
        "forced": rnd.forced,
        "needed": rnd.needed,
        "has_drawn": not over and bool(history) and history[-1][1] == cf.Move.parse("draw"),
        "drawn": rnd.drawn if mine else None,
        "legal_moves": tuple(rnd.legal_moves()) if mine else (),
        "history": history,
        "penalties": tuple((index, who) for index, who, _ in rnd.penalties),
        "passes_in_a_row": rnd.passes_in_a_row(),
        "over": over,
        "went_out": rnd.went_out,
        "end_reason": rnd.end_reason,
        "scores": tuple(rnd.scores()) if over else None,
        "rules": rnd.rules,
    }


OBSERVED_RULES = [
    *(cf.Rules.preset(name) for name in cf.Rules.preset_names()),
    cf.Rules(max_pip=6, hand_size=5, last_tile="chicken-little"),
    cf.Rules(max_pip=6, hand_size=7, round_end="all-passed", start_missing="draw"),
]


@pytest.mark.parametrize("rules", OBSERVED_RULES, ids=lambda r: str(OBSERVED_RULES.index(r)))
def test_an_observation_reads_the_same_after_the_round_moves_on_or_takes_moves_back(
    rules: cf.Rules,
) -> None:
    """Observations are worked out on first read from what was captured when they were made:
    read after later moves, after undo and a different line of play, and after pickling and
    copying, every field is what the round said at the moment the observation was made."""
    pick = random.Random(7)
    for index in range(3):
        rnd = cf.Round.deal(rules, 3, seed=index)
        bot = RandomBot(index)
        taken: list[tuple[cf.Observation, dict[str, object]]] = []
        rewound: set[int] = set()
        while not rnd.is_over:
            for seat in range(3):
                obs = rnd.observation(seat)
                if pick.random() < 0.3:  # some fields read at once, the rest later
                    assert obs.table == rnd.table and obs.hand_counts == tuple(rnd.hand_counts())
                taken.append((obs, _read_now(rnd, seat)))
            if len(rnd.moves) % 9 == 8 and len(rnd.moves) not in rewound:
                rewound.add(len(rnd.moves))  # two moves back; play may now go another way
                rnd.undo()
                rnd.undo()
                bot(rnd.observation(rnd.turn))  # the bot's choices move on
            rnd.play(bot(rnd.observation(rnd.turn)))
        taken.append((rnd.observation(1), _read_now(rnd, 1)))
        for obs, expected in taken:
            assert {name: getattr(obs, name) for name in expected} == expected
            again = pickle.loads(pickle.dumps(obs))
            assert again == obs == copy.copy(obs) == copy.deepcopy(obs)
            assert hash(again) == hash(obs) and repr(again) == repr(obs)
            assert again.to_dict() == obs.to_dict()


def test_a_pickled_observation_holds_its_fields_alone() -> None:
    rnd = cf.Round.deal(cf.Rules(), 2, seed=3)
    obs = rnd.observation(0)
    data = pickle.dumps(obs)
    assert b"_Public" not in data and b"_hand_bits" not in data
    for hidden in rnd.hand(1):  # the other seat's tiles are in no form of the observation
        assert hidden not in pickle.loads(data).hand
    built = cf.Observation(**{f.name: getattr(obs, f.name) for f in dataclasses.fields(obs)})
    assert built == obs and hash(built) == hash(obs) and repr(built) == repr(obs)
    assert dataclasses.replace(obs, turn=1) == dataclasses.replace(built, turn=1)
    assert dataclasses.replace(obs, turn=1).turn == 1 and obs.turn == 0
    with pytest.raises(AttributeError):
        obs.hand = ()  # type: ignore[misc]
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        obs.nonsense  # type: ignore[attr-defined]  # noqa: B018
