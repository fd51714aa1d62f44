"""The rule options are declared once (cfwidget.OPTIONS) and everything reads them there.

Issue 12, part 3: "Each Rules option is declared once, with its meaning, allowed values, the
rule texts it comes from and its plain-language description; presets, describe(), lessons and
the widget read from there."
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Any

import pytest

import cfwidget as cf
from cfwidget import teach as lessons
from cfwidget.core import HAND_TABLES, OPTIONS, PRESET_TABLE, PRESETS, Option, Rules

FIELDS = [f.name for f in dataclasses.fields(Rules)]


def test_every_field_is_declared_exactly_once_in_field_order() -> None:
    assert list(OPTIONS) == FIELDS
    assert len(set(OPTIONS)) == len(FIELDS)
    for name, option in OPTIONS.items():
        assert isinstance(option, Option) and option.name == name


def test_each_declaration_is_complete() -> None:
    """Meaning, allowed values, a label, sources that name rule texts, and the field's default."""
    defaults = Rules()
    for name, option in OPTIONS.items():
        assert option.meaning and option.label and option.allowed, name
        assert option.default == getattr(defaults, name), name
        assert option.sources, name
        for value_words, texts in option.sources:
            assert value_words and texts, name
        named = " ".join(texts for _, texts in option.sources)
        assert re.search(r"\b00[0-4]\b", named) or name == "toes", name


def test_the_table_is_read_only() -> None:
    with pytest.raises(TypeError):
        OPTIONS["spokes"] = OPTIONS["toes"]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        OPTIONS["spokes"].meaning = "something else"  # type: ignore[misc]
    with pytest.raises(TypeError):
        OPTIONS["must_play_drawn"].words[True] = "why not"  # type: ignore[index]
    with pytest.raises(TypeError):
        PRESET_TABLE["puremco"].options["spokes"] = 6  # type: ignore[index]
    with pytest.raises(TypeError):
        PRESET_TABLE["nope"] = PRESET_TABLE["puremco"]  # type: ignore[index]


def test_options_come_from_the_table() -> None:
    assert Rules.options() == {name: o.meaning for name, o in OPTIONS.items()}
    assert list(Rules().to_dict()) == FIELDS


@pytest.mark.parametrize("name", Rules.preset_names())
def test_describe_is_the_sentences_of_the_table(name: str) -> None:
    rules = Rules.preset(name)
    said = [o.sentence(rules) for o in OPTIONS.values()]
    assert rules.describe() == [line for line in said if line is not None]
    for line in rules.describe():
        assert line[0].isupper() and line.endswith("."), line


def test_describe_follows_each_value() -> None:
    lines = Rules(
        toes=1,
        hand_size=1,
        round_order="up",
        first_player="high-draw",
        must_play_drawn=True,
        double_blank=25,
        out_on_double=50,
        game_target=300,
        last_tile="chicken-little",
    ).describe()
    assert "A double played on a line is a chicken foot: it takes 1 toe first." in lines
    assert "Each player is dealt 1 tile." in lines
    assert "Rounds count up: the first starts with 0-0, the next with 1-1, and so on." in lines
    assert (
        "Everyone draws a tile before the game: the heaviest opens the first round, "
        "and the opener moves one seat left each round." in lines
    )
    assert "A drawn tile that fits must be played." in lines
    assert "The double blank costs 25 points." in lines
    assert "Going out on a double costs 50 points." in lines
    assert "The game ends when someone reaches 300 points." in lines
    assert "Announce your last tile, or draw one tile as a penalty." in lines
    quiet = Rules().describe()  # rules that are off say nothing
    assert not any("out on a double" in line or "ends when" in line for line in quiet)
    assert not any("last tile" in line or "Rounds count" in line for line in quiet)


@pytest.mark.parametrize(
    ("name", "bad", "words"),
    [
        ("max_pip", 2, "max_pip must be from 3 to 21 (got 2)"),
        ("spokes", 5, "spokes must be 3, 4 or 6 (got 5)"),
        ("spokes", True, "spokes must be 3, 4 or 6 (got True)"),
        ("toes", 4, "toes must be from 1 to 3 (got 4)"),
        (
            "hand_size",
            "pagat",
            "one of the tables fewer, puremco, six-spokes, wolf-lake (got 'pagat')",
        ),
        ("start_missing", "redeal", "'draw' or 'next-highest' (got 'redeal')"),
        ("round_order", 1, "'down', 'highest-unused' or 'up' (got 1)"),
        ("first_player", None, "'holder' or 'high-draw' (got None)"),
        ("must_play_drawn", 1, "must_play_drawn must be True or False (got 1)"),
        ("double_blank", 101, "double_blank must be from 0 to 100 (got 101)"),
        ("out_on_double", 2.5, "out_on_double must be a whole number from 0 to 100 (got 2.5)"),
        ("game_target", 0, "game_target must be from 1 to 100000 (got 0)"),
        ("last_tile", "shout", "'silent', 'uno' or 'chicken-little' (got 'shout')"),
    ],
)
def test_each_option_refuses_what_it_does_not_allow(name: str, bad: Any, words: str) -> None:
    with pytest.raises(cf.RulesError) as info:
        Rules(**{name: bad})
    assert words in str(info.value)


def test_an_array_like_value_is_refused_with_a_rules_error() -> None:
    """A value of an odd type is refused by its type, never compared (no TypeError inside)."""

    class Odd:
        def __eq__(self, other: object) -> bool:
            raise TypeError("cannot compare")

        __hash__ = None  # type: ignore[assignment]

    for name in ("spokes", "start_missing", "must_play_drawn", "last_tile"):
        with pytest.raises(cf.RulesError, match=f"{name} must be"):
            Rules(**{name: Odd()})


def test_the_allowed_words_name_every_value() -> None:
    assert OPTIONS["spokes"].allowed == "3, 4 or 6"
    assert OPTIONS["must_play_drawn"].allowed == "True or False"
    assert OPTIONS["game_target"].allowed.startswith("None (one round per double) or a whole")
    for table in HAND_TABLES:
        assert table in OPTIONS["hand_size"].allowed


def test_presets_are_one_registry() -> None:
    """Each preset is its registry entry's options over the defaults, and nothing else."""
    assert list(PRESETS) == list(PRESET_TABLE) == Rules.preset_names()
    for name, preset in PRESET_TABLE.items():
        assert preset.name == name and preset.rules is PRESETS[name] is Rules.preset(name)
        assert preset.source.startswith(preset.texts[0]) and preset.about
        differs = {
            f: getattr(preset.rules, f)
            for f in FIELDS
            if getattr(preset.rules, f) != getattr(Rules(), f)
        }
        assert differs == {k: v for k, v in preset.options.items() if v != OPTIONS[k].default}


def test_lessons_read_the_presets_and_options_from_the_table() -> None:
    sources = dict(lessons.SOURCES)
    assert sources == {name: p.source for name, p in PRESET_TABLE.items()}
    frame = lessons.presets_table(players=4)
    assert list(frame["source"]) == [p.source for p in PRESET_TABLE.values()]
    assert list(frame["set"]) == [f"double-{r.max_pip}" for r in PRESETS.values()]
    # Every other option on which the presets differ gets a column, headed by its label.
    for name, option in OPTIONS.items():
        values = {getattr(r, name) for r in PRESETS.values()}
        if name in ("max_pip", "hand_size"):
            continue
        if len(values) == 1:
            assert option.label not in frame.columns, name
        else:
            column = [option.word(getattr(r, name)) for r in PRESETS.values()]
            assert list(frame[option.label]) == column, name


def test_penalty_is_pips_with_the_double_blank_at_its_price() -> None:
    rules = Rules(double_blank=25)
    assert [rules.penalty(t) for t in ("9-9", "6-5", "1-0", "0-0")] == [18, 11, 1, 25]
    assert Rules(double_blank=0).penalty(cf.Tile(0, 0)) == 0
    assert rules.penalty((5, 6)) == 11
    with pytest.raises(cf.RulesError, match="9-9 is not in a double-6 set"):
        Rules(max_pip=6, hand_size=5).penalty("9-9")
    with pytest.raises(cf.NotationError):
        rules.penalty("nine")


# -- every score is counted with Rules.penalty --------------------------------------------------


def blank_round(double_blank: int) -> cf.Round:
    """A finished double-4 round: Bob went out; Ann holds 0-0, 2-1 and drew 1-0 and 1-1."""
    rules = Rules(max_pip=4, spokes=3, hand_size=3, double_blank=double_blank)
    hands = [["4-4", "0-0", "2-1"], ["4-3", "4-2", "4-1"]]
    tiles = {str(t) for t in cf.full_set(4)}
    yard = sorted(tiles - {t for h in hands for t in h})
    rnd = cf.Round.from_deal(rules, hands, yard, names=["Ann", "Bob"])
    for move in ("4-3@4-4", "draw", "pass", "4-2@4-4", "draw", "pass", "4-1@4-4"):
        rnd.play(move)
    assert rnd.is_over and rnd.went_out == 1
    assert rnd.hands[0] == tuple(map(cf.Tile.parse, ("0-0", "1-0", "1-1", "2-1")))
    return rnd


@pytest.mark.parametrize("blank", [0, 25, 50, 100])
def test_a_double_blank_price_reaches_every_score(blank: int) -> None:
    from cfwidget import odds
    from cfwidget import odds as seat_odds
    from cfwidget.odds import dealt_hand_costs
    from cfwidget.teach import hand_score, round_scores
    from cfwidget.therapy.scorekeeper import ScoreKeeper, hand_points

    rnd = blank_round(blank)
    assert rnd.scores() == [blank + 6, 0]
    # The score keeper, for tiles counted by hand, and its sheet.
    rules = rnd.rules
    assert hand_points(["0-0", "2-1"], rules) == blank + 3
    keeper = ScoreKeeper(["Ann", "Bob"], rules=Rules(max_pip=4, spokes=3, double_blank=blank))
    keeper.enter("Ann", tiles=["0-0", "2-1"])
    keeper.enter("Bob", 0)
    assert keeper.sheet().totals == [blank + 3, 0]
    # A whole game's score sheet takes the round's scores.
    game = cf.Game(["Ann", "Bob"], rules=rules.replace(hand_size=2), seed=5)
    from cfwidget.players import greedy

    while game.round_number == 1 and not game.round.is_over:
        game.play(greedy(game.round.observation(game.round.turn)))
    assert list(game.sheet.rounds[0]) == game.round.scores()
    # Odds: a hand's exact cost, a seat's expected cost, simulated deals.
    one_tile = odds.hand_pips(4, 1, blank)  # a double-4 set: 60 pips on 15 tiles, and the 0-0
    assert sum(total * p for total, p in one_tile.items()) == Fraction(60 + blank, 15)
    assert seat_odds.hand_cost(rnd, 0) == blank + 6
    fresh = cf.Round.deal(Rules(max_pip=6, hand_size=5, double_blank=blank), 2, seed=11)
    unseen = seat_odds.unseen_tiles(fresh, 0)
    expected = sum(fresh.rules.penalty(t) for t in unseen) * len(fresh.hands[1])
    assert seat_odds.expected_hand_cost(fresh, 0, 1) == Fraction(expected, len(unseen))
    deals = dealt_hand_costs(Rules(hand_size=9, double_blank=blank), players=4, deals=20, seed=1)
    priced = Rules(hand_size=9, double_blank=blank)
    dealt = [
        cf.Round.deal(priced, 4, seed=1_000_003 + i).to_dict()["deal"]["hands"][0]
        for i in range(20)
    ]
    assert deals.tolist() == [sum(map(priced.penalty, hand)) for hand in dealt]
    assert any("0-0" in hand for hand in dealt)  # so the price shows
    # Exercises: the solution counts the double blank at its price.
    assert f"0-0 = {blank}" in hand_score(rnd, 0).solution().message
    assert OPTIONS["double_blank"].sentence(rnd.rules) in round_scores(rnd).check([0, 0]).message


def test_every_consumer_asks_rules_penalty(monkeypatch: pytest.MonkeyPatch) -> None:
    """Price every tile at 1 in Rules.penalty: every score follows (no copy of the formula)."""
    from cfwidget import bots
    from cfwidget import odds as seat_odds
    from cfwidget.odds import dealt_hand_costs
    from cfwidget.teach import hand_score
    from cfwidget.therapy.scorekeeper import hand_points

    rnd = blank_round(50)
    monkeypatch.setattr(Rules, "penalty", lambda self, tile: 1)
    assert rnd.scores() == [4, 0]
    assert hand_points(["0-0", "2-1", "4-0"], rnd.rules) == 3
    assert seat_odds.hand_cost(rnd, 0) == 4
    fresh = cf.Round.deal(Rules(max_pip=6, hand_size=5), 2, seed=11)
    assert seat_odds.expected_hand_cost(fresh, 0, 1) == len(fresh.hands[1])
    assert dealt_hand_costs(Rules(hand_size=9), players=4, deals=3, seed=1).tolist() == [9] * 3
    assert "0-0 = 1, 1-0 = 1, 1-1 = 1, 2-1 = 1" in hand_score(rnd, 0).solution().message
    # All tiles weigh the same to greedy: it takes the first play.
    start = cf.Round.deal(Rules(), players=2, seed=1)
    assert bots.greedy(start.observation(start.turn)) == start.legal_moves()[0]
