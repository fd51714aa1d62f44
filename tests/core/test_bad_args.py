"""Bad arguments raise the package's own errors, never TypeError, KeyError or IndexError.

The project's rule: bad input gets a clear error naming what was wrong and what is allowed
(a ValueError subclass named by its cause), and changes nothing. A non-Rules object passed
as ``rules`` is a RulesError; only unknown keyword names stay a TypeError, as in any call.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import cfwidget as cf
from cfwidget import Game, Round, Rules, ScoreError
from cfwidget.players import RandomBot

PACKAGE_ERRORS = (
    cf.RulesError,
    cf.DealError,
    cf.RecordError,
    cf.NotationError,
    cf.IllegalMove,
    ScoreError,
)


def raises(error: type[Exception], call: Callable[[], object], *words: str) -> str:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return message


# --- Round.deal ---------------------------------------------------------------------------------


def test_round_deal_names_must_be_a_list_of_names() -> None:
    raises(cf.DealError, lambda: Round.deal(Rules(), 4, 1, names=5), "names must be a list of 4")
    raises(cf.DealError, lambda: Round.deal(Rules(), 2, 1, names="AB"), "names must be a list")
    raises(cf.DealError, lambda: Round.deal(Rules(), 2, 1, names=["Ann"]), "list of 2 strings")
    raises(cf.DealError, lambda: Round.deal(Rules(), 2, 1, names=np.array(["A", "B"])), "names")


def test_round_deal_used_doubles_must_be_doubles_of_the_set() -> None:
    deal = Round.deal
    raises(cf.DealError, lambda: deal(Rules(), 4, 1, used_doubles=5), "list of doubles like")
    raises(cf.DealError, lambda: deal(Rules(), 4, 1, used_doubles="8-8"), "list of doubles like")
    six = Rules.preset("double-six")
    raises(
        cf.DealError,
        lambda: deal(six, 4, 1, used_doubles=["9-9"]),
        "used_doubles must be doubles of the double-6 set; 9-9 is not",
    )
    raises(cf.DealError, lambda: deal(Rules(), 4, 1, used_doubles=["9-4"]), "9-4 is not")
    raises(cf.DealError, lambda: deal(Rules(), 4, 1, used_doubles=["x"]), "used_doubles:", "'x'")
    raises(cf.DealError, lambda: deal(Rules(), 4, 1, used_doubles=[7]), "used_doubles:")
    raises(
        cf.DealError,
        lambda: deal(Rules(), 4, 1, start="8-8", used_doubles=["8-8"]),
        "the round's double 8-8 cannot also be among the used doubles",
    )
    # A NumPy array of doubles is a list of doubles.
    wolf = Rules.preset("wolf-lake")
    rnd = deal(wolf, 4, 1, start="8-8", used_doubles=np.array(["9-9"]))
    assert rnd.start <= cf.Tile(8, 8)


def test_round_deal_start_and_seed() -> None:
    raises(cf.DealError, lambda: Round.deal(Rules(), 4, 1, start=9), "start:", "like '9-4'")
    raises(cf.DealError, lambda: Round.deal(Rules(), 4, 1, start="9-4"), "double of the set")
    raises(cf.DealError, lambda: Round.deal(Rules(), 4, "7"), "seed must be a whole number")
    raises(cf.DealError, lambda: Round.deal(Rules(), 4, 2.0), "seed must be a whole number")
    raises(cf.RulesError, lambda: Round.deal("wolf-lake", 4, 1), "rules must be a cf.Rules")  # type: ignore[arg-type]


def test_a_refused_deal_changes_nothing_it_was_given() -> None:
    names = ["Ann", "Bob"]
    used = ["9-9", "9-4"]
    with pytest.raises(cf.DealError):
        Round.deal(Rules.preset("wolf-lake"), 2, 1, start="8-8", used_doubles=used, names=names)
    assert names == ["Ann", "Bob"] and used == ["9-9", "9-4"]


# --- Rules --------------------------------------------------------------------------------------


def test_rules_refuse_numpy_values_and_odd_keys() -> None:
    raises(cf.RulesError, lambda: Rules(spokes=np.array([4, 4])), "spokes must be 3, 4 or 6")
    raises(cf.RulesError, lambda: Rules(spokes=np.array([4])), "spokes must be 3, 4 or 6")
    raises(cf.RulesError, lambda: Rules(round_end=np.array(["a", "b"])), "round_end must be")
    raises(cf.RulesError, lambda: Rules(last_tile=["uno"]), "last_tile must be")  # type: ignore[arg-type]
    raises(cf.RulesError, lambda: Rules.from_dict({1: 2, "a": 3}), "unknown rule option")
    raises(cf.RulesError, lambda: Rules.preset(np.array(["a", "b"])), "no preset named")  # type: ignore[arg-type]


# --- records ------------------------------------------------------------------------------------


def a_round() -> Round:
    rnd = Round.deal(Rules.preset("seven-each"), 3, seed=11, names=["Ann", "Bob", "Cy"])
    bot = RandomBot(3)
    for _ in range(12):
        rnd.play(bot(rnd.observation(rnd.turn)))
    return rnd


def test_a_record_with_a_5000_digit_number_is_refused() -> None:
    text = a_round().to_json().replace('"seed": 11', '"seed": ' + "7" * 5000)
    raises(cf.RecordError, lambda: Round.from_json(text), "thousands of digits")
    game = Game(["Ann", "Bob"], seed=1).to_json().replace('"seed": 1', '"seed": ' + "7" * 5000)
    raises(cf.RecordError, lambda: Game.from_json(game), "thousands of digits")


@pytest.mark.parametrize("version", ["true", "1.0", '"1"', "null", "2"])
def test_a_record_version_must_be_the_whole_number_1(version: str) -> None:
    text = a_round().to_json().replace('"version": 1', f'"version": {version}')
    raises(cf.RecordError, lambda: Round.from_json(text), "is not supported", "reads version 1")


def test_a_seed_that_does_not_deal_the_recorded_deal_is_refused() -> None:
    rnd = a_round()
    data = rnd.to_dict()
    assert Round.from_dict(data) == rnd
    data["seed"] = 12
    raises(cf.RecordError, lambda: Round.from_dict(data), "the seed 12 does not deal")
    data["seed"] = int("9" * 40)
    raises(cf.RecordError, lambda: Round.from_dict(data), "(40 digits) does not deal")
    # The right seed but two hands swapped: not what the seed deals either.
    data = rnd.to_dict()
    hands = data["deal"]["hands"]
    hands[0], hands[1] = hands[1], hands[0]
    raises(cf.RecordError, lambda: Round.from_dict(data), "the seed 11 does not deal")
    # A hand-made deal has no seed, and loads.
    data["seed"] = None
    data["moves"] = []
    assert Round.from_dict(data).seed is None


def test_from_dict_checks_the_record_itself() -> None:
    raises(cf.RecordError, lambda: Round.from_dict(None), "a record is a JSON object")  # type: ignore[arg-type]
    data = a_round().to_dict()
    raises(cf.RecordError, lambda: Round.from_dict({**data, "format": "x"}), "not a cfwidget.round")
    raises(cf.RecordError, lambda: Round.from_dict({**data, 3: 1}), "unknown field 3")
    data["deal"] = {**data["deal"], 5: 1}
    raises(cf.RecordError, lambda: Round.from_dict(data), "deal must have exactly", "unknown: 5")


# --- Game and simulate --------------------------------------------------------------------------


def test_game_seed_is_checked_as_round_deal_checks_it() -> None:
    """cfwidget/core/_deal.py check_seed: a DealError, as for Round.deal."""
    for bad in ("x", 2.5, True, [1]):
        raises(cf.DealError, lambda: Game(2, seed=bad), "seed must be a whole number")  # noqa: B023
    assert Game(2, seed=np.int64(4)).seed == 4
    raises(
        cf.DealError,
        lambda: cf.simulate(Rules(), 2, "random", rounds=2, seed="1"),  # type: ignore[arg-type]
        "seed must be a whole number",
    )


# --- a little fuzzing ---------------------------------------------------------------------------

ODD: list[Any] = [
    None, True, 0, -1, 2, 4, 9, 10**30, 2.0, float("nan"), "", "x", "9-9", "9-4", "12-12",
    [], [1], ["9-9"], ["9-9", "9-9"], [[]], {}, {"a": 1}, (9, 9), (9,), np.int64(4),
    np.array([4, 4]), b"9-9", frozenset({"8-8"}), ["Ann", "Bob"], ["Ann"] * 4, "all-passed",
]  # fmt: skip


def only_package_errors(call: Callable[[], object]) -> None:
    with contextlib.suppress(PACKAGE_ERRORS):
        call()


def test_fuzz_rules_deal_and_game_with_odd_values() -> None:
    rng = random.Random(12)
    options = list(Rules().to_dict())
    tables = [Rules(), Rules.preset("wolf-lake"), Rules.preset("double-six"), Rules(hand_size=1)]
    for _ in range(600):
        change = {rng.choice(options): rng.choice(ODD) for _ in range(rng.randint(1, 2))}
        only_package_errors(lambda: Rules(**change))  # noqa: B023
        only_package_errors(lambda: Rules.from_dict(change))  # noqa: B023
        rules = rng.choice(tables)
        extra = {k: rng.choice(ODD) for k in ("start", "first", "used_doubles", "names")}
        extra = {k: v for k, v in extra.items() if rng.random() < 0.4}
        players = rng.choice([2, 3, 4, rng.choice(ODD)])
        seed = rng.choice([1, 2, rng.choice(ODD)])
        only_package_errors(lambda: Round.deal(rules, players, seed, **extra))  # noqa: B023
        only_package_errors(lambda: Round.from_deal(rules, rng.choice(ODD), rng.choice(ODD)))  # noqa: B023
        only_package_errors(lambda: Game(rng.choice([2, rng.choice(ODD)]), rules, seed))  # noqa: B023


def mutate(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """One random change somewhere inside a JSON value: replaced, removed or changed below."""
    if isinstance(value, dict) and value:
        key = rng.choice(list(value))
        out = dict(value)
        roll = rng.random()
        if roll < 0.5 and depth < 3:
            out[key] = mutate(out[key], rng, depth + 1)
        elif roll < 0.8:
            out[key] = rng.choice([None, True, 5, 10**40, -3, "x", [], {}, ["9-9"], 1.5])
        else:
            del out[key]
        return out
    if isinstance(value, list) and value:
        out_list = list(value)
        i = rng.randrange(len(out_list))
        if rng.random() < 0.5 and depth < 3:
            out_list[i] = mutate(out_list[i], rng, depth + 1)
        elif rng.random() < 0.5:
            out_list[i] = rng.choice([None, True, 5, "x", [], {}, "9-9", "0-0"])
        else:
            del out_list[i]
        return out_list
    return rng.choice([None, True, 5, "x", [], {}, "9-9", 10**40, -1, 0])


def test_fuzz_records() -> None:
    rng = random.Random(5)
    rnd = a_round()
    game = Game(["Ann", "Bob"], Rules.preset("double-six"), seed=3)
    bot = RandomBot(1)
    for _ in range(10):
        if not game.round.is_over:
            game.play(bot(game.round.observation(game.round.turn)))
    for _ in range(400):
        data = mutate(rnd.to_dict(), rng)
        only_package_errors(lambda: Round.from_json(json.dumps(data)))  # noqa: B023
        only_package_errors(lambda: Round.from_dict(data))  # noqa: B023
        game_data = mutate(game.to_dict(), rng)
        only_package_errors(lambda: Game.from_json(json.dumps(game_data)))  # noqa: B023
    for text in ("", "[]", "null", "1e999", "{" * 3000, '"x"', "\ud800", "1" * 5000):
        only_package_errors(lambda: Round.from_json(text))  # noqa: B023
        only_package_errors(lambda: Game.from_json(text))  # noqa: B023


def test_numpy_whole_numbers_are_taken_as_plain_ints_and_arrays_are_refused() -> None:
    np = pytest.importorskip("numpy")
    rules = Rules(spokes=np.int64(6), max_pip=np.int32(9), double_blank=np.int16(25))
    assert (rules.spokes, rules.max_pip, rules.double_blank) == (6, 9, 25)
    assert all(type(v) is int for v in (rules.spokes, rules.max_pip, rules.double_blank))
    assert Rules.from_dict(rules.to_dict()) == rules
    for bad in (np.array([4, 4]), np.array(4), np.bool_(True)):
        with pytest.raises(cf.RulesError, match="spokes must be 3, 4 or 6"):
            Rules(spokes=bad)


def test_round_names_are_checked_as_a_score_sheet_checks_them() -> None:
    for names, words in (
        (["Ann", "Ann"], "must differ"),
        (["Ann", " "], "needs a name"),
        (["x" * 41, "Bob"], "at most 40 characters"),
    ):
        with pytest.raises(cf.DealError, match=words):
            Round.deal(Rules(), 2, seed=1, names=names)
    assert Round.deal(Rules(), 2, seed=1, names=[" Ann", "Bob "]).names == ("Ann", "Bob")


def test_a_game_counts_its_own_players() -> None:
    with pytest.raises(ScoreError, match="a game needs 2 to 8 players, got 1"):
        Game(["Ann"])
    with pytest.raises(ScoreError, match="a game needs 2 to 8 players, got 9"):
        Game([f"P{i}" for i in range(9)])


def test_a_number_too_long_to_print_is_named_not_printed() -> None:
    from cfwidget.teach import hand_score

    huge = 10**5000
    for make in (lambda: Rules(spokes=huge), lambda: Rules(hand_size=huge)):
        with pytest.raises(cf.RulesError, match="a number too long to print"):
            make()
    with pytest.raises(cf.RulesError, match="a number too long to print"):
        Round.deal(Rules(), players=huge)
    message = hand_score(Round.deal(Rules(), 2, seed=1), 0).check(huge).message
    assert message.startswith("Not yet: a number too long to print")
