"""The rule options are declared once (cfwidget.rules.OPTIONS) and everything reads them there.

Issue 12, part 3: "Each Rules option is declared once, with its meaning, allowed values, the
rule texts it comes from and its plain-language description; presets, describe(), lessons and
the widget read from there."
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

import cfwidget as cf
from cfwidget import lessons
from cfwidget.rules import HAND_TABLES, OPTIONS, PRESET_TABLE, PRESETS, Option, Rules

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
    assert "Everyone draws a tile before the game; the highest opens round 1." in lines
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
        ("hand_size", "pagat", "one of the tables fewer, puremco, wolf-lake (got 'pagat')"),
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
