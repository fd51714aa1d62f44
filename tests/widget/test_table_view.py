"""The table's view, ``GameWidget(game, seat="table")``: what a projector shows a whole class.

No hand and nothing a hand does; every sentence in the third person; bots move at the game's
pace from it, and it never moves for a person. (That it shows nothing that changes with a
hidden tile is tested with re-dealt worlds in tests/core/test_boundary_screens.py.)
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import cfwidget as cf
from cfwidget.players import greedy
from cfwidget.widget import GameWidget

NAMES = ["Ann", "Bob", "Cy", "Di"]
# Words that speak to one player, which a screen the whole class sees never says.
SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)
HAND_FREE = {
    "hand": [],
    "drawn": None,
    "playing": False,
    "can_draw": False,
    "can_pass": False,
    "announce": False,
    "can_undo": False,
    "allow_undo": False,
    "coach": False,
    "hint": None,
    "cue": None,
    "seat": None,
}


def table_of(game: cf.Game | cf.Round, **options: Any) -> GameWidget:
    return GameWidget(game, seat="table", pace="click", **options)


def next_intent(w: GameWidget, **extra: object) -> dict[str, Any]:
    return {"kind": "next", "version": w.version, "seat": None, **extra}


def play_out(game: cf.Game, people: tuple[int, ...], seed: int) -> Iterator[GameWidget]:
    """Play ``game`` to its end: people's moves from Python (as their own widgets would
    send them), bots' moves by Next on the table's view; yield the table's widget after
    every step."""
    rng = random.Random(seed)
    table = table_of(game, humans=people)
    while True:
        yield table
        rnd = game.round
        if game.is_over:
            return
        if rnd.is_over:
            assert table.handle_intent(next_intent(table))  # the next round
        elif rnd.turn in people:
            legal = rnd.legal_moves()
            game.play(legal[rng.randrange(len(legal))])
            table.refresh()
        else:
            assert table.handle_intent(next_intent(table)), table.message


def test_the_table_shows_no_hand_and_nothing_a_hand_does_in_a_whole_game() -> None:
    game = cf.Game(NAMES[:3], cf.Rules.preset("puremco"), seed=4)
    seen_draw = seen_end = 0
    for table in play_out(game, (0, 2), seed=1):
        view = table.view
        assert {k: view[k] for k in HAND_FREE} == HAND_FREE
        assert table.seat is None
        assert [p["kind"] for p in view["players"]] == ["player", "bot", "player"]
        seen_draw += bool(view["log"]) and view["log"][-1]["text"].endswith("drew a tile")
        seen_end += view["result"] is not None
    assert seen_draw > 0 and seen_end > 0
    assert game.is_over
    view = table.view
    assert view["standings"] is not None and len(view["standings"]) == 3
    assert view["sheet"] is not None and view["can_new_game"] is True


def test_every_word_is_in_the_third_person() -> None:
    game = cf.Game(NAMES, seed=2)
    statuses: set[str] = set()
    for table in play_out(game, (0, 1), seed=2):
        view = table.view
        said = [view["status"], view["rule"], view["last_words"], view["open_words"]]
        said += [entry["text"] for entry in view["log"]]
        said += [table.message, (view["result"] or {}).get("title", "")]
        for text in said:
            assert not SECOND_PERSON.search(text), text
        statuses.add(view["status"])
        if not game.round.is_over and game.round.turn in (0, 1):
            assert view["status"] == f"{NAMES[game.round.turn]} to move."
            assert view["waiting"] == "other"
    assert "Ann to move." in statuses and "Bob to move." in statuses
    assert "Cy (bot) to move: press Next." in statuses


def test_the_table_moves_bots_at_the_games_pace_and_never_a_persons_seat() -> None:
    game = cf.Game(["Ann", "Bob", "Cy"], seed=0)  # Ann (a person) opens with 9-1
    table = GameWidget(game, humans=[0], seat="table", pace=1.5)
    assert table.view["waiting"] == "other" and table.view["auto_ms"] is None
    before = game.round.moves
    for intent in (
        next_intent(table),
        next_intent(table, auto=True),
        {"kind": "play", "move": "9-1@9-9", "version": table.version},
        {"kind": "play", "move": "9-1@9-9", "version": table.version, "seat": 0},
        {"kind": "draw", "version": table.version, "seat": None},
        {"kind": "pass", "version": table.version, "seat": None},
        {"kind": "undo", "version": table.version, "seat": None},
    ):
        assert table.handle_intent(intent) is False
        assert table.message, intent
        assert "hand" not in table.message
    assert game.round.moves == before
    assert table.handle_intent(next_intent(table)) is False
    assert table.message == "It is Ann's turn: waiting for them to move."
    # Ann plays from her own view of the same game; the table's view follows, and what it
    # said about Ann's turn goes.
    ann = GameWidget(game, humans=[0], seat=0, pace=1.5)
    version = table.version
    assert ann.handle_intent({"kind": "play", "move": "9-1@9-9", "version": ann.version})
    assert table.version == version + 1 and table.message == ""
    assert table.view["last_words"] == "Ann played 9-1 on 9-9."
    # Bob is a bot: the table's timer moves him after 1.5 s, as Next does at once.
    assert table.view["waiting"] == "bot" and table.view["auto_ms"] == 1500
    assert table.view["status"] == "Bob (bot) moves shortly."
    assert table.handle_intent(next_intent(table, auto=True))
    assert game.round.history[-1][0] == 1
    assert table.handle_intent(next_intent(table))
    assert game.round.history[-1][0] == 2
    assert game.round.turn == 0 and table.view["status"] == "Ann to move."
    assert ann.view["status"] == "Your turn, Ann."  # Ann's own view speaks to her


def test_a_table_of_bots_plays_a_whole_round_by_next() -> None:
    rnd = cf.Round.deal(cf.Rules(max_pip=6), players=4, seed=3)
    table = GameWidget(rnd, humans=[], seat="table", pace="click")
    steps = 0
    while not rnd.is_over:
        assert table.handle_intent(next_intent(table)), table.message
        steps += 1
    assert steps >= 10 and table.view["result"] is not None
    assert table.handle_intent(next_intent(table)) is False
    assert table.message == "This was a single round, and it is over."


def test_the_view_is_the_tables_observation_of_the_round() -> None:
    game = cf.Game(NAMES, seed=5)
    rnd = game.round
    for _ in range(25):
        rnd.play(greedy(rnd.observation(rnd.turn)))
    view = table_of(game).view
    obs = rnd.observation(None)
    assert [p["count"] for p in view["players"]] == list(obs.hand_counts)
    assert view["yard"] == obs.yard_count
    assert [t["tile"] for t in view["table"]] == [str(p.tile) for p in obs.table]
    assert len(view["log"]) == len(obs.history)
    hidden = {str(t) for h in rnd.hands for t in h} | {str(t) for t in rnd.boneyard}
    text = json.dumps(view)
    assert not [t for t in hidden if f'"{t}"' in text or f" {t} " in text]


def test_bad_seats_and_a_coach_for_the_table_say_what_is_allowed() -> None:
    game = cf.Game(NAMES, seed=0)
    for seat in ("tables", "projector", 4, -1, True, 1.5):
        with pytest.raises(cf.WidgetError, match=r"0 to 3, 'turn' .* or 'table'") as info:
            GameWidget(game, seat=seat)  # type: ignore[arg-type]
        assert repr(seat) in str(info.value)
    with pytest.raises(cf.WidgetError, match="seat='table' shows no hand"):
        GameWidget(game, seat="table", coach=True)


def test_the_table_starts_the_next_game_like_any_view() -> None:
    game = cf.Game(["Ann", "Bob"], cf.Rules(max_pip=6, game_target=60), seed=1)
    table = GameWidget(game, humans=[], seat="table", pace="click")
    while not game.is_over:
        assert table.handle_intent(next_intent(table)), table.message
    assert table.view["standings"] is not None and table.view["can_new_game"]
    assert table.handle_intent({"kind": "new_game", "version": table.version, "seat": None})
    assert table.game is not game and table.view["standings"] is None
