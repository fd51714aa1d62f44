"""Game records: JSON out, replay in, and a clear error for anything malformed."""

from __future__ import annotations

import json

import pytest

import cfwidget as cf
from cfwidget.players import RandomBot, play_game, play_round


def finished_round(seed: int = 4) -> cf.Round:
    rnd = cf.Round.deal(cf.Rules.preset("seven-each"), 3, seed=seed, names=["Ann", "Bob", "Cy"])
    play_round(rnd, [RandomBot(s) for s in range(3)])
    return rnd


def test_round_record_round_trips_exactly() -> None:
    rnd = finished_round()
    text = rnd.to_json(indent=1)
    again = cf.Round.from_json(text)
    assert again == rnd
    assert again.names == ("Ann", "Bob", "Cy")
    assert again.seed == rnd.seed
    assert again.scores() == rnd.scores()
    assert again.to_json(indent=1) == text


def test_round_record_of_a_game_in_progress_continues() -> None:
    rnd = cf.Round.deal(cf.Rules(), 4, seed=9)
    for _ in range(15):
        rnd.play(rnd.legal_moves()[-1])
    again = cf.Round.from_json(rnd.to_json())
    assert again.legal_moves() == rnd.legal_moves()
    again.play(again.legal_moves()[0])
    assert len(again.history) == len(rnd.history) + 1


def test_game_record_round_trips() -> None:
    game = cf.Game(["Ann", "Bob"], cf.Rules.preset("double-six"), seed=5)
    play_game(game, [RandomBot(1), RandomBot(2)])
    again = cf.Game.from_json(game.to_json())
    assert again.sheet.rounds == game.sheet.rounds
    assert again.winner == game.winner
    assert [r.start for r in again.rounds] == [r.start for r in game.rounds]


def mutate(text: str, **changes: object) -> str:
    data = json.loads(text)
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"version": 2}, "version 2 is not supported"),
        ({"format": "cfwidget.game"}, "not a cfwidget.round record"),
        ({"moves": "9-4@9-9"}, "moves must be a list"),
        ({"moves": [42]}, "move 1 must be text"),
        ({"moves": ["9-4@9-8"]}, "move 1 ('9-4@9-8') cannot be replayed"),
        ({"moves": ["pass"]}, "move 1 ('pass') cannot be replayed"),
        ({"moves": ["99-4@9-9"]}, "move 1"),
        ({"rules": {"spokes": 5}}, "rules: spokes must be 3, 4 or 6"),
        ({"rules": {"colour": 1}}, "unknown rule option 'colour'"),
        ({"seed": "seven"}, "seed must be a whole number"),
        ({"names": "Ann"}, "names must be a list"),
    ],
)
def test_malformed_round_records_are_rejected_with_the_reason(
    change: dict[str, object], words: str
) -> None:
    text = cf.Round.deal(cf.Rules(), 2, seed=1).to_json()
    with pytest.raises(cf.RecordError) as info:
        cf.Round.from_json(mutate(text, **change))
    assert words in str(info.value)


def test_illegal_move_deep_in_the_record_is_named_with_its_position() -> None:
    rnd = finished_round()
    data = json.loads(rnd.to_json())
    data["moves"][10] = "pass" if data["moves"][10] != "pass" else "draw"
    with pytest.raises(cf.RecordError, match=r"move 11 \('(pass|draw)'\) cannot be replayed"):
        cf.Round.from_json(json.dumps(data))


def test_deal_problems_name_the_tiles() -> None:
    data = json.loads(cf.Round.deal(cf.Rules(), 2, seed=1).to_json())
    data["deal"]["boneyard"][0] = "10-3"
    with pytest.raises(cf.RecordError, match="not in a double-9 set: 10-3"):
        cf.Round.from_json(json.dumps(data))
    data = json.loads(cf.Round.deal(cf.Rules(), 2, seed=1).to_json())
    data["deal"]["boneyard"].pop()
    with pytest.raises(cf.RecordError, match="missing"):
        cf.Round.from_json(json.dumps(data))
    data = json.loads(cf.Round.deal(cf.Rules(), 2, seed=1).to_json())
    data["deal"]["extra"] = 1
    with pytest.raises(cf.RecordError, match="unknown: extra"):
        cf.Round.from_json(json.dumps(data))


@pytest.mark.parametrize("cut", [1, 10, 100, 500])
def test_truncated_text_is_rejected_not_half_loaded(cut: int) -> None:
    text = finished_round().to_json()
    with pytest.raises(cf.RecordError, match="not complete JSON"):
        cf.Round.from_json(text[:-cut])


@pytest.mark.parametrize(
    "text", ["", "[]", "null", "42", '"round"', b"\xff\xfe", "{" * 100_000, "x" * 6_000_000]
)
def test_garbage_is_rejected_cleanly(text: str | bytes) -> None:
    with pytest.raises(cf.RecordError):
        cf.Round.from_json(text)


def test_game_record_errors_name_the_round_and_move() -> None:
    game = cf.Game(["Ann", "Bob"], cf.Rules.preset("double-six"), seed=2)
    play_game(game, [RandomBot(1), RandomBot(2)])
    data = json.loads(game.to_json())
    data["rounds"][2][3] = "9-9@6-6"
    with pytest.raises(cf.RecordError, match=r"round 3, move 4 \('9-9@6-6'\)"):
        cf.Game.from_json(json.dumps(data))
    data = json.loads(game.to_json())
    data["rounds"][1] = data["rounds"][1][:3]
    with pytest.raises(cf.RecordError, match="round 3 begins before round 2 is over"):
        cf.Game.from_json(json.dumps(data))
    with pytest.raises(cf.RecordError, match=r"not a cfwidget\.game record"):
        cf.Game.from_json(cf.Round.deal(cf.Rules(), 2, seed=1).to_json())


def test_records_are_plain_json_without_code() -> None:
    data = json.loads(finished_round().to_json())
    assert set(data) == {"format", "version", "rules", "names", "seed", "deal", "moves"}
    assert all(isinstance(m, str) for m in data["moves"])
