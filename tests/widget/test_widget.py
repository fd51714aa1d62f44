"""The widget's Python side: intents in, views out, and nothing hidden ever leaves the kernel.

Messages are fed the way ipywidgets delivers a comm message from the browser
(``Widget._handle_msg``), so the whole path from the comm to the engine is tested.
"""

from __future__ import annotations

import html
import itertools
import json
import random
import re
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict
from xml.etree import ElementTree

import pytest

import cfwidget as cf
import cfwidget.widget
from cfwidget._shared import NAME_LIMIT, shown_name
from cfwidget.players import RandomBot, greedy
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings
from cfwidget.therapy.widget import GUIDED_INTENTS, GuidedSession
from cfwidget.widget import (
    DISPLAYS,
    INTENTS,
    MAX_MESSAGE_BYTES,
    GameWidget,
    PlayerKind,
    View,
    Waiting,
    handles,
)
from cfwidget.widget import _view as widget_view

XSS = "<img src=x onerror=alert(1)>"


def send(w: GameWidget, content: object, buffers: list[Any] | None = None) -> None:
    """Deliver ``content`` as the browser's custom message."""
    w._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": buffers or []}
    )


def intent(w: GameWidget, kind: str, **fields: Any) -> dict[str, Any]:
    return {"kind": kind, "version": w.version, **fields}


def fresh(seed: int = 0, **options: Any) -> GameWidget:
    """Ann (a person, seat 0) to move against Bob (a bot, on Next) at the start of a game."""
    options.setdefault("pace", "click")
    w = GameWidget(cf.Game(["Ann", "Bob"], seed=seed), **options)
    assert w.round.turn == 0
    return w


def first_play(w: GameWidget) -> str:
    return next(str(m) for m in w.round.legal_moves() if m.is_play)


# -- building a widget -------------------------------------------------------------------------


def test_accepts_a_game_or_a_round() -> None:
    game = cf.Game(["Ann", "Bob", "Cy"], seed=3)
    w = GameWidget(game, humans=[1])
    assert w.game is game and w.round is game.round and w.seat == 1
    assert set(w.bots) == {0, 2}
    rnd = cf.Round.deal(cf.Rules(), players=2, seed=2)
    lone = GameWidget(rnd, humans=[0], bots={1: "greedy"})
    assert lone.game is None and lone.round is rnd and lone.bots == {1: greedy}
    assert lone.view["round"] == {"number": 1, "total": 1, "start": "9-9"}


def test_unknown_keyword_is_a_type_error_with_a_suggestion() -> None:
    with pytest.raises(TypeError, match=r"'speed'.*it takes game, humans"):
        GameWidget(cf.Game(2, seed=1), speed=2)
    with pytest.raises(TypeError, match="did you mean 'pace'"):
        GameWidget(cf.Game(2, seed=1), pcae=2)


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"humans": [5]}, cf.WidgetError, "seat numbers from 0 to 1"),
        ({"humans": [0, 0]}, cf.WidgetError, "twice"),
        ({"humans": "0"}, cf.WidgetError, "list of seat numbers"),
        ({"bots": {0: "tips"}}, cf.WidgetError, "human and as a bot"),
        ({"bots": ["tips"]}, cf.BotError, "one entry per seat"),
        ({"bots": {1: "clever"}}, cf.BotError, "no bot named"),
        ({"bots": {1: 42}}, cf.BotError, "callable or a bot name"),
        ({"bots": {1: lambda rnd, seat: "draw"}}, cf.BotError, "seat 1 takes 2 arguments"),
        ({"seat": 2}, cf.WidgetError, "seat number from 0 to 1"),
        ({"seat": True}, cf.WidgetError, "seat number"),
        ({"pace": 0}, cf.WidgetError, "never move instantly"),
        ({"pace": "fast"}, cf.WidgetError, "'click' or a number"),
        ({"pace": float("nan")}, cf.WidgetError, "from 0.2"),
        ({"display": "dots"}, cf.WidgetError, "pips, numerals, colour"),
        ({"large": "yes"}, cf.WidgetError, "True or False"),
        ({"palette": ["red"]}, cf.WidgetError, "#rrggbb"),
        ({"palette": []}, cf.WidgetError, "list of colours"),
        ({"allow_undo": 1}, cf.WidgetError, "True or False"),
    ],
)
def test_bad_options_say_what_is_allowed(
    options: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=re.escape(words)):
        GameWidget(cf.Game(["Ann", "Bob"], seed=0), **options)


def test_not_a_game_is_a_widget_error() -> None:
    with pytest.raises(cf.WidgetError, match=r"cf\.Game or a cf\.Round"):
        GameWidget("a game")  # type: ignore[arg-type]


def test_bots_in_every_form() -> None:
    game = cf.Game(["Ann", "Bob", "Cy"], seed=3)
    assert GameWidget(game, bots="greedy").bots == {1: greedy, 2: greedy}
    assert GameWidget(game, bots=[None, greedy, None]).bots[1] is greedy
    assert GameWidget(game, humans=[], seat=2).bots.keys() == {0, 1, 2}
    assert GameWidget(game, display="color").display == "colour"


def test_repr_is_stable_and_has_no_address() -> None:
    w = fresh()
    assert repr(w) == "<GameWidget Ann (you) vs Bob (bot): round 1 of 10, Ann to move>"
    assert "0x" not in repr(w) and repr(w) == repr(fresh())


def test_mimebundle_extends_anywidget_with_a_static_svg() -> None:
    w = fresh()
    bundle = w._repr_mimebundle_()
    assert bundle is not None
    data, _ = bundle
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
    assert data["text/plain"] == repr(w)
    svg = data["image/svg+xml"]
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "Round 1 of 10, Ann to move." in svg
    send(w, intent(w, "play", move="9-1@9-9"))
    assert "Bob to move" in static_svg(w) and w.to_svg() != svg
    for _ in range(40):  # a big table stays at most 640 pixels on its longer side
        rnd = w.round
        if rnd.is_over:
            break
        if rnd.turn == 0:
            send(w, intent(w, "play", move=str(greedy(rnd.observation(0)))))
        else:
            send(w, intent(w, "next"))
    root = ElementTree.fromstring(static_svg(w))
    assert len(w.round.table) > 20
    assert max(float(root.get("width", 0)), float(root.get("height", 0))) <= 640.5


def test_the_saved_picture_carries_the_tables_words_as_its_alt() -> None:
    w = fresh()
    send(w, intent(w, "play", move="9-1@9-9"))
    bundle = w._repr_mimebundle_()
    assert bundle is not None
    data, meta = bundle
    alt = meta["image/png"]["alt"]
    assert alt.startswith("Chicken Foot, round 1 of 10") and "9-1" in alt
    assert meta["image/svg+xml"]["alt"] == alt
    # The HTML (what an untrusted JupyterLab shows) is the PNG with that alt, escaped.
    assert data["text/html"].startswith('<img src="data:image/png;base64,' + data["image/png"])
    assert data["text/html"].endswith(f' alt="{html.escape(alt)}">')
    # The live widget is still what a running notebook shows, and the text is the repr.
    assert "application/vnd.jupyter.widget-view+json" in data and data["text/plain"] == repr(w)


def static_svg(w: GameWidget) -> str:
    bundle = w._repr_mimebundle_()
    assert bundle is not None
    svg: str = bundle[0]["image/svg+xml"]
    return svg


# -- playing through messages ------------------------------------------------------------------


def test_a_legal_play_changes_the_engine_and_the_view() -> None:
    w = fresh()
    version = w.version
    send(w, intent(w, "play", move="9-1@9-9", seat=0))
    assert [str(m) for m in w.round.moves] == ["9-1@9-9"]
    assert w.version == version + 1 and w.view["version"] == w.version
    assert w.message == ""
    assert w.view["last"] == "9-1"
    assert w.view["log"] == [{"seat": 0, "text": "Ann played 9-1 on 9-9"}]
    assert [row["tile"] for row in w.view["table"]] == ["9-9", "9-1"]
    assert w.view["waiting"] == "bot" and w.view["status"] == "Bob (bot) to move: press Next."


def test_targets_are_the_legal_moves_of_each_hand_tile() -> None:
    w = fresh()
    legal = {str(m) for m in w.round.legal_moves() if m.is_play}
    shown = {t["move"] for item in w.view["hand"] for t in item["targets"]}
    assert shown == legal
    nine_one = next(item for item in w.view["hand"] if item["tile"] == "9-1")
    assert nine_one["hint"] == "can go on 9-9 (the centre double)"
    assert nine_one["targets"][0]["onto"] == "9-9"
    blocked = next(item for item in w.view["hand"] if not item["targets"])
    assert blocked["hint"] == "cannot be played now"
    assert w.view["can_draw"] is False and w.view["can_pass"] is False
    assert w.view["rule"] == "The centre double 9-9 still needs 4 spokes (tiles with a 9)."


def untouched(w: GameWidget, content: object, buffers: list[Any] | None = None) -> str:
    """Send ``content`` and check it changed nothing; return the message it left."""
    before = w.round.copy()
    version, view = w.version, json.dumps(w.view)
    w.message = ""
    send(w, content, buffers)
    assert w.round == before
    assert w.version == version and json.dumps(w.view) == view
    assert w.message, f"no message for {content!r}"
    return w.message


def test_an_illegal_move_changes_nothing_and_says_why() -> None:
    w = fresh()
    assert untouched(w, intent(w, "play", move="8-8@9-9")) == (
        "Not played: 8-8 does not match 9-9: the open end of 9-9 shows 9."
    )
    assert "does not hold 9-2" in untouched(w, intent(w, "play", move="9-2@9-9"))
    assert "must play instead of drawing" in untouched(w, intent(w, "draw"))
    assert "passing is not allowed" in untouched(w, intent(w, "pass"))
    assert untouched(w, intent(w, "play", move="nine@four")).startswith("That is not a move")


@pytest.mark.parametrize(
    "content",
    [
        None,
        "play",
        42,
        [],
        ["play", "9-1@9-9"],
        {},
        {"kind": None},
        {"kind": 7},
        {"kind": "PLAY", "version": 1, "move": "9-1@9-9"},
        {"kind": "shuffle", "version": 1},
        {"kind": "play", "version": 1},
        {"kind": "play", "version": 1, "move": 91},
        {"kind": "play", "version": 1, "move": ["9-1@9-9"]},
        {"kind": "play", "version": "1", "move": "9-1@9-9"},
        {"kind": "play", "version": True, "move": "9-1@9-9"},
        {"kind": "play", "version": 1.0, "move": "9-1@9-9"},
        {"kind": "play", "move": "9-1@9-9"},
        {"kind": "play", "version": 1, "move": "9-1@9-9", "seat": "0"},
        {"kind": "play", "version": 1, "move": "9-1@9-9", "extra": 1},
        {"kind": "next", "version": 1, "auto": "yes"},
        {"kind": "display", "value": "sparkles"},
        {"kind": "display", "value": None},
        {"kind": "large", "value": "true"},
    ],
)
def test_malformed_messages_change_nothing(content: object) -> None:
    w = fresh()
    assert w.version == 1
    untouched(w, content)
    assert w.display == "pips" and w.large is False


def test_a_huge_payload_is_refused_unread() -> None:
    w = fresh()
    huge = {"kind": "play", "version": 1, "move": "9-1@9-9" + " " * MAX_MESSAGE_BYTES}
    assert "too large" in untouched(w, huge)
    nested: Any = "9-1@9-9"
    for _ in range(5000):
        nested = [nested]
    assert "too large" in untouched(w, {"kind": "play", "version": 1, "move": nested})
    assert "binary data" in untouched(w, intent(w, "play", move="9-1@9-9"), [b"\x00" * 10])


def test_a_stale_intent_is_ignored() -> None:
    w = fresh()
    old = w.version
    send(w, intent(w, "play", move="9-1@9-9"))
    send(w, {"kind": "next", "version": w.version})
    assert w.round.turn == 0
    text = untouched(w, {"kind": "draw", "version": old})
    assert text.startswith("That click was for an earlier position")


def test_a_double_click_plays_once() -> None:
    w = fresh()
    click = intent(w, "play", move="9-1@9-9")
    send(w, click)
    assert len(w.round.history) == 1
    assert untouched(w, click) == "That was already done."
    assert len(w.round.history) == 1


def test_a_move_for_another_seat_or_out_of_turn_is_refused() -> None:
    w = fresh()
    assert "plays for Ann only" in untouched(w, intent(w, "play", move="9-1@9-9", seat=1))
    send(w, intent(w, "play", move="9-1@9-9"))
    bob = next(str(m) for m in w.round.legal_moves() if m.is_play)
    assert untouched(w, intent(w, "play", move=bob)) == "It is Bob's turn, so nothing was played."
    assert "It is Bob's turn" in untouched(w, intent(w, "draw"))
    watcher = GameWidget(w.game, humans=[0], seat=1)  # a view of Bob's seat, played by a bot
    assert "played by a bot" in untouched(watcher, intent(watcher, "play", move=bob, seat=1))


def test_bots_move_only_on_next_when_the_pace_is_click() -> None:
    w = fresh(pace="click")
    send(w, intent(w, "play", move="9-1@9-9"))
    for _ in range(3):
        time.sleep(0.01)
        assert w.round.turn == 1 and len(w.round.history) == 1
    assert w.view["waiting"] == "bot" and w.view["auto_ms"] is None
    assert w.view["next_label"] == "Next move"
    send(w, intent(w, "next"))
    assert w.round.turn == 0 and w.round.history[-1][0] == 1
    assert w.message == ""
    assert "your turn" in untouched(w, intent(w, "next"))


def test_a_timed_pace_asks_the_view_to_send_next_and_ignores_its_stale_timers() -> None:
    w = fresh(pace=1.5)
    send(w, intent(w, "play", move="9-1@9-9"))
    assert w.view["waiting"] == "bot" and w.view["auto_ms"] == 1500
    auto = {"kind": "next", "version": w.version, "auto": True}
    send(w, auto)
    assert w.round.turn == 0
    w.message = ""
    before = w.round.copy()
    send(w, auto)  # a second view's timer for the same position: silently ignored
    assert w.round == before and w.message == ""
    w.pace = "click"
    assert w.pace == "click" and w.view["auto_ms"] is None
    with pytest.raises(cf.WidgetError, match="never move instantly"):
        w.pace = 0.0


def test_a_bot_turn_with_a_draw_is_finished_by_one_next() -> None:
    for seed in range(40):
        w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=seed), humans=[0], bots="random")
        for _ in range(60):
            rnd = w.round
            if rnd.is_over:
                break
            if rnd.turn == 0:
                send(w, intent(w, "play", move=str(rnd.legal_moves()[0])))
                continue
            seat = rnd.turn
            before = len(rnd.history)
            send(w, intent(w, "next"))
            assert rnd.turn != seat or rnd.is_over
            if rnd.history[before][1] == cf.Move.DRAW:
                assert any(s == seat for s, _ in rnd.history[before + 1 :])
                return
    pytest.fail("no bot drew a tile")


def play_to_round_end(w: GameWidget) -> None:
    for _ in range(500):
        rnd = w.round
        if rnd.is_over:
            return
        if rnd.turn == w.seat:
            send(w, intent(w, "play", move=str(greedy(rnd.observation(w.seat)))))
        else:
            send(w, intent(w, "next"))
        assert w.message == "", w.message
    pytest.fail("the round did not end")


def test_the_end_of_a_round_shows_scores_and_the_next_round_starts_on_next() -> None:
    w = fresh()
    play_to_round_end(w)
    rnd = w.round
    result = w.view["result"]
    assert result["scores"] == rnd.scores() and result["names"] == ["Ann", "Bob"]
    assert result["title"].startswith("Round over:")
    assert w.view["status"] == result["title"]
    assert w.view["sheet"] == {
        "rounds": [{"label": "9-9", "scores": rnd.scores()}],
        "totals": rnd.scores(),
    }
    assert w.view["waiting"] == "round-over" and w.view["next_label"] == "Next round"
    assert w.view["playing"] is False and not any(i["targets"] for i in w.view["hand"])
    assert "round is over" in untouched(w, intent(w, "play", move="9-1@9-9"))
    send(w, intent(w, "next"))
    assert w.game is not None and w.game.round_number == 2
    assert w.view["round"]["start"] == "8-8" and w.view["result"] is None
    assert [row["tile"] for row in w.view["table"]] == ["8-8"]
    assert w.view["players"][0]["total"] == rnd.scores()[0]


def test_a_lone_round_has_no_next_round() -> None:
    w = GameWidget(cf.Round.deal(cf.Rules(), players=2, seed=5, names=["Ann", "Bob"]))
    play_to_round_end(w)
    assert w.view["sheet"] is None and w.view["waiting"] == "game-over"
    assert "single round" in untouched(w, intent(w, "next"))


def test_the_end_of_the_game_names_the_winner() -> None:
    rules = cf.Rules(max_pip=3, spokes=3, hand_size=3)
    w = GameWidget(cf.Game(["Ann", "Bob"], rules, seed=4))
    for _ in range(10):
        play_to_round_end(w)
        if w.game is not None and w.game.is_over:
            break
        send(w, intent(w, "next"))
    assert w.game is not None and w.game.is_over
    assert f"Game over: {w.game.winner} wins." in w.view["result"]["title"]
    assert w.view["waiting"] == "game-over"
    assert untouched(w, intent(w, "next")) == "The game is over."
    assert "game over" in repr(w)


def finished_game(seed: int = 4, **options: Any) -> GameWidget:
    rules = cf.Rules(max_pip=3, spokes=3, hand_size=3)
    w = GameWidget(cf.Game(["Ann", "Bob"], rules, seed=seed), pace="click", **options)
    for _ in range(10):
        play_to_round_end(w)
        if w.game is not None and w.game.is_over:
            return w
        send(w, intent(w, "next"))
    pytest.fail("the game did not end")


def test_the_end_of_the_game_shows_places_and_totals() -> None:
    w = finished_game()
    assert w.game is not None
    assert w.view["standings"] == [
        {"place": place, "name": name, "total": total} for place, name, total in w.game.places()
    ]
    assert w.view["standings"][0]["place"] == 1
    assert w.view["can_new_game"] is True
    totals = dict(zip(w.game.names, w.game.sheet.totals, strict=True))
    assert all(row["total"] == totals[row["name"]] for row in w.view["standings"])


def test_a_game_before_its_end_has_no_standings_or_new_game() -> None:
    w = fresh()
    assert w.view["standings"] is None and w.view["can_new_game"] is False
    assert untouched(w, intent(w, "new_game")) == "The game is not over yet: finish it first."
    lone = GameWidget(cf.Round.deal(cf.Rules(), players=2, seed=5), pace="click")
    play_to_round_end(lone)
    assert lone.view["standings"] is None and lone.view["can_new_game"] is False
    assert "single round" in untouched(lone, intent(lone, "new_game"))


def test_a_full_tie_shares_first_place_and_never_says_none_wins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    w = finished_game()
    game = w.game
    assert game is not None
    tie = [(1, "Ann", 7), (1, "Bob", 7)]
    monkeypatch.setattr(game, "places", lambda: tie)
    monkeypatch.setattr(type(game), "winner", property(lambda self: None))
    w.refresh(force=True)
    assert w.view["standings"] == [
        {"place": 1, "name": "Ann", "total": 7},
        {"place": 1, "name": "Bob", "total": 7},
    ]
    assert "Game over: Ann and Bob share first place." in w.view["result"]["title"]
    assert "None" not in w.view["result"]["title"] and "None" not in repr(w)
    assert "share first place" in repr(w)


def test_new_game_deals_a_reproducible_game_with_the_same_players() -> None:
    w = finished_game(bots="random")
    old = w.game
    assert old is not None
    bots = w.bots
    watcher = GameWidget(old, humans=[0], seat=1, pace="click")
    send(w, intent(w, "new_game"))
    new = w.game
    assert new is not None and new is not old and w.message == ""
    assert new.names == old.names and new.rules == old.rules and new.round_number == 1
    assert new.seed == cfwidget.widget._flow.next_seed(old.seed) != old.seed
    again = cfwidget.widget._flow.new_game(cf.Game(["Ann", "Bob"], old.rules, seed=old.seed))
    assert again.round.hands == new.round.hands  # the same deal on every run
    assert w.bots == bots  # the same bots play on
    assert w.view["standings"] is None and w.view["result"] is None
    assert w.view["round"]["number"] == 1 and len(w.view["table"]) == 1
    assert watcher.game is new and watcher.view["round"]["number"] == 1
    assert "not over yet" in untouched(w, intent(w, "new_game"))


def test_bots_move_on_their_own_by_default() -> None:
    w = GameWidget(cf.Game(["Ann", "Bob"], seed=0))
    assert w.pace == 1.0
    send(w, intent(w, "play", move="9-1@9-9"))
    assert w.view["waiting"] == "bot" and w.view["auto_ms"] == 1000
    assert w.view["status"] == "Bob (bot) moves shortly."
    send(w, intent(w, "next"))  # Next still moves the bot at once
    assert w.round.turn == 0 and w.message == ""


def test_undo_takes_back_your_move_until_the_bot_moves() -> None:
    w = fresh()
    assert w.view["can_undo"] is False
    assert "no move to take back" in untouched(w, intent(w, "undo"))
    before = w.round.copy()
    send(w, intent(w, "play", move="9-1@9-9"))
    assert w.view["can_undo"] is True
    send(w, intent(w, "undo"))
    assert w.round == before and w.message == ""
    assert [row["tile"] for row in w.view["table"]] == ["9-9"]
    send(w, intent(w, "play", move="9-1@9-9"))  # the layout is rebuilt after an undo
    assert [row["tile"] for row in w.view["table"]] == ["9-9", "9-1"]
    send(w, intent(w, "next"))  # Bob moves: the tile he played must not go back to him
    assert w.view["can_undo"] is False
    assert untouched(w, intent(w, "undo")) == (
        "Bob has moved since, so your move cannot be taken back."
    )


def ann_must_draw(practice: bool) -> GameWidget:
    """A widget where Ann (seat 0, against two greedy bots) has no tile that fits."""
    for seed in range(60):
        w = GameWidget(
            cf.Game(["Ann", "Bob", "Cy"], seed=seed), bots="greedy", pace="click", practice=practice
        )
        for _ in range(80):
            rnd = w.round
            if rnd.is_over:
                break
            if rnd.turn != 0:
                send(w, intent(w, "next"))
            elif rnd.legal_moves() == [cf.Move.DRAW] and rnd.yard_count > 1:
                return w
            else:
                send(w, intent(w, "play", move=str(greedy(rnd.observation(0)))))
    pytest.fail("Ann never had to draw")


def test_undo_keeps_a_drawn_tile_and_takes_back_the_play_after_it() -> None:
    for _ in range(20):
        w = ann_must_draw(practice=False)
        rnd = w.round
        send(w, intent(w, "draw"))
        after_draw = rnd.copy()
        drawn = w.view["drawn"]
        assert drawn is not None
        assert "drawn tile cannot be put back" in untouched(w, intent(w, "undo"))
        assert w.view["can_undo"] is False
        move = str(greedy(rnd.observation(0)))
        send(w, intent(w, "pass") if move == "pass" else intent(w, "play", move=move))
        if rnd.is_over:
            continue
        assert w.view["can_undo"] is True
        send(w, intent(w, "undo"))
        assert rnd == after_draw and w.message == ""  # the draw stands: the tile was seen
        assert w.view["drawn"] == drawn and drawn in [i["tile"] for i in w.view["hand"]]
        assert w.view["can_undo"] is False
        assert untouched(w, intent(w, "undo")) == (
            "A drawn tile cannot be put back: play it or pass."
        )
        return
    pytest.fail("no position to test")


def test_practice_undo_takes_back_a_whole_turn_of_draw_and_play() -> None:
    w = ann_must_draw(practice=True)
    rnd = w.round
    before = rnd.copy()
    send(w, intent(w, "draw"))
    assert w.view["can_undo"] is True  # practice: even a lone draw goes back
    send(w, intent(w, "undo"))
    assert rnd == before and w.message == ""
    send(w, intent(w, "draw"))
    move = str(greedy(rnd.observation(0)))
    send(w, intent(w, "pass") if move == "pass" else intent(w, "play", move=move))
    if not rnd.is_over:
        send(w, intent(w, "next"))
    send(w, intent(w, "undo"))
    assert rnd == before and w.message == ""


def test_practice_undo_goes_back_turn_by_turn_within_the_round_only() -> None:
    for seed in range(40):
        w = GameWidget(cf.Game(["Ann", "Bob"], seed=seed), pace="click", practice=True)
        if w.round.turn != 0 or not any(m.is_play for m in w.round.legal_moves()):
            continue
        start = w.round.copy()
        send(w, intent(w, "play", move=first_play(w)))
        send(w, intent(w, "next"))
        if any(m.is_play for m in w.round.legal_moves()):
            break
    second_turn = w.round.copy()
    send(w, intent(w, "play", move=first_play(w)))
    send(w, intent(w, "next"))
    send(w, intent(w, "undo"))
    assert w.round == second_turn
    send(w, intent(w, "undo"))
    assert w.round == start and w.view["can_undo"] is False
    assert "no move to take back" in untouched(w, intent(w, "undo"))


def test_a_finished_round_stays_finished_unless_practising() -> None:
    for practice in (False, True):
        w = fresh(practice=practice)
        play_to_round_end(w)
        game = w.game
        assert game is not None and len(game.sheet.rounds) == 1
        if not practice:
            assert w.view["can_undo"] is False
            if 0 in [s for s, _ in w.round.history]:
                assert untouched(w, intent(w, "undo")) == "The round is over, so its moves stand."
            continue
        if w.view["can_undo"]:
            send(w, intent(w, "undo"))
            assert not w.round.is_over and w.message == ""
            assert game.sheet.rounds == ()  # the reopened round's scores come off the sheet
            assert w.view["result"] is None and w.view["waiting"] == "you"


def test_undo_never_reaches_into_the_last_round() -> None:
    w = fresh(practice=True)
    play_to_round_end(w)
    send(w, intent(w, "next"))
    assert w.game is not None and w.game.round_number == 2
    if w.round.turn != 0:
        assert "no move to take back" in untouched(w, intent(w, "undo"))


def test_undo_can_be_turned_off_and_never_undoes_another_person() -> None:
    w = fresh(allow_undo=False)
    send(w, intent(w, "play", move="9-1@9-9"))
    assert "turned off" in untouched(w, intent(w, "undo"))
    game = cf.Game(["Ann", "Bob"], seed=0)
    ann = GameWidget(game, humans=[0, 1], seat=0)
    bob = GameWidget(game, humans=[0, 1], seat=1)
    send(ann, intent(ann, "play", move="9-1@9-9"))
    assert ann.view["waiting"] == "other" and ann.view["status"] == "Waiting for Bob to move."
    assert "waiting for them" in untouched(ann, intent(ann, "next"))
    assert bob.view["waiting"] == "you"  # widgets on one game redraw together
    send(bob, intent(bob, "play", move=first_play(bob)))
    assert bob.message == "" and ann.view["waiting"] == "you"
    assert ann.view["can_undo"] is False
    assert untouched(ann, intent(ann, "undo")) == (
        "Bob has moved since, so your move cannot be taken back."
    )


def test_a_change_made_from_python_refreshes_the_view_and_drops_the_click() -> None:
    w = fresh()
    version = w.version
    w.game.play("9-1@9-9")  # type: ignore[union-attr]
    send(w, {"kind": "next", "version": version})
    assert w.message.startswith("The game changed outside the widget")
    assert len(w.round.history) == 1 and w.version == version + 1
    assert w.view["last"] == "9-1"
    send(w, intent(w, "next"))
    assert w.round.turn == 0 and w.message == ""


def test_a_failing_bot_leaves_a_message_not_an_exception() -> None:
    def broken(obs: cf.Observation) -> cf.Move:
        raise RuntimeError("out of ideas")

    w = fresh(bots={1: broken})
    send(w, intent(w, "play", move="9-1@9-9"))
    before = w.round.copy()
    send(w, intent(w, "next"))
    assert w.round == before
    assert w.message == "Bob's bot failed (RuntimeError: out of ideas); its turn was not finished."


def test_display_and_large_intents_set_the_look() -> None:
    w = fresh()
    for mode in DISPLAYS:
        send(w, {"kind": "display", "value": mode})
        assert w.display == mode
    send(w, {"kind": "display", "value": "color"})
    assert w.display == "colour"
    send(w, {"kind": "large", "value": True})
    assert w.large is True
    assert w.version == 1


def update(w: GameWidget, state: dict[str, Any]) -> None:
    """Deliver ``state`` as the browser's ``update`` message (a model's save_changes)."""
    w._handle_msg(
        {
            "content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
            "buffers": [],
        }
    )


def test_the_browser_cannot_change_any_trait(caplog: pytest.LogCaptureFixture) -> None:
    w = fresh()
    assert frozenset() == GameWidget.FRONT_END_OWNED
    before = w.get_state()
    evil = {
        "_esm": "evil",
        "_css": "evil",
        "view": {"hand": ["0-0"]},
        "message": "hi",
        "display": "numerals",
        "large": True,
        "palette": ["#000000"],
        "tooltip": "hello",
        "layout": "IPY_MODEL_0",
        "_model_module": "evil",
    }
    for key, value in evil.items():
        with caplog.at_level("WARNING"):
            update(w, {key: value})
        assert w.get_state() == before, key
        assert f"may not change {key}" in caplog.records[-1].getMessage()
    update(w, {"_esm": "evil", "message": "hi"})
    assert caplog.records[-1].getMessage().endswith("may not change _esm, message")
    assert w.get_state() == before and w._esm == before["_esm"] and "evil" not in w._esm
    w.set_state({"view": {"hand": ["0-0"]}})  # the same when called directly
    assert w.get_state() == before
    w.set_state("junk")  # type: ignore[arg-type]
    assert w.get_state() == before and "may not change anything" in caplog.records[-1].getMessage()
    send(w, intent(w, "play", move="9-1@9-9"))  # intents still work
    assert w.view["last"] == "9-1"


# -- what the browser may see ------------------------------------------------------------------


def synced_text(w: GameWidget) -> str:
    state = w.get_state()
    for key in ("_esm", "_css"):
        state.pop(key, None)
    sheet = state["view"]["sheet"]
    if sheet is not None:  # each past round is labelled by its double: public, not a tile in play
        rounds = [dict(r, label=f"round {i + 1}") for i, r in enumerate(sheet["rounds"])]
        sheet = dict(sheet, rounds=rounds)
        state["view"] = dict(state["view"], sheet=sheet)
    return json.dumps(state)


def hidden_tiles(w: GameWidget) -> set[str]:
    rnd = w.round
    hidden = {str(t) for s, hand in enumerate(rnd.hands) if s != w.seat for t in hand}
    return hidden | {str(t) for t in rnd.boneyard}


def test_the_synced_state_never_holds_another_seats_tiles_or_the_yard() -> None:
    checked = 0
    for seed in range(6):
        w = GameWidget(
            cf.Game(["Ann", "Bob", "Cy", "Dee"], seed=seed), humans=[seed % 4], bots="random"
        )
        for _ in range(400):
            text = synced_text(w)
            for tile in hidden_tiles(w):
                assert not re.search(rf"(?<![0-9]){tile}(?![0-9])", text), (
                    f"{tile} leaks to seat {w.seat}"
                )
            checked += 1
            rnd = w.round
            if w.game is not None and w.game.is_over:
                break
            if rnd.is_over:
                if w.game is not None and w.game.round_number >= 2:
                    break
                send(w, intent(w, "next"))
            elif rnd.turn == w.seat:
                send(w, intent(w, "play", move=str(RandomBot(seed)(rnd.observation(w.seat)))))
            else:
                send(w, intent(w, "next"))
    assert checked > 200


def test_an_xss_name_stays_a_plain_string() -> None:
    w = GameWidget(cf.Game(["Ann", XSS], seed=0), pace="click")
    shown = shown_name(XSS)  # capped like every long name, and still plain text
    assert shown == XSS[: NAME_LIMIT - 1] + "\u2026"
    assert w.view["names"][1] == shown and w.view["players"][1]["name"] == shown
    send(w, intent(w, "play", move="9-1@9-9"))
    send(w, intent(w, "next"))
    assert w.view["log"][1]["text"].startswith(f"{shown} played")
    assert "<img" not in static_svg(w)


# -- fuzz ----------------------------------------------------------------------------------------


def _junk(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.randrange(9 if depth < 3 else 6)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, 1, -1, 2**53, rng.randrange(-1000, 1000)])
    if pick == 3:
        return rng.choice([0.5, -1e300, 1.0])
    if pick == 4:
        return rng.choice(["", "play", "draw", "9-4@9-9", "\x00", "<b>", "é" * 3, "next"])
    if pick == 5:
        return f"{rng.randrange(12)}-{rng.randrange(12)}@{rng.randrange(12)}-{rng.randrange(12)}"
    if pick == 6:
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    if pick == 7:
        return {str(_junk(rng, depth + 1)): _junk(rng, depth + 1) for _ in range(rng.randrange(4))}
    return "x" * rng.choice([10, 3000])


def _message(rng: random.Random, w: GameWidget) -> Any:
    roll = rng.random()
    if roll < 0.05:
        return _junk(rng)
    kinds = [*INTENTS, "shuffle", "", "Play"]
    kind = rng.choice(kinds) if roll < 0.5 else rng.choice(["play", "play", "next", "draw"])
    content: dict[str, Any] = {"kind": kind}
    version = w.version if rng.random() < 0.8 else rng.choice([w.version - 1, 0, "1", None, True])
    if rng.random() < 0.95:
        content["version"] = version
    if kind == "play" or rng.random() < 0.1:
        legal = [str(m) for m in w.round.legal_moves()]
        if legal and rng.random() < 0.6:
            content["move"] = rng.choice(legal)
        else:
            content["move"] = _junk(rng) if rng.random() < 0.5 else _junk(rng, 3)
    if rng.random() < 0.1:
        content["seat"] = rng.choice([0, 1, 2, -1, "0", None])
    if rng.random() < 0.05:
        content[str(_junk(rng, 3))] = _junk(rng, 3)
    if kind in ("display", "large"):
        content = {"kind": kind, "value": rng.choice([*DISPLAYS, True, False, None, 3])}
    return content


def test_fuzz_ten_thousand_random_messages(caplog: pytest.LogCaptureFixture) -> None:
    rng = random.Random(2024)
    w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=11), humans=[0], bots="random")
    counts = {"changed": 0, "refused": 0, "games": 1}
    for _ in range(10_000):
        game = w.game
        assert game is not None
        if game.is_over:
            w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=rng.randrange(1000)), bots="random")
            counts["games"] += 1
            continue
        content = _message(rng, w)
        rnd = w.round
        before = rnd.copy()
        round_number, version = game.round_number, w.version
        w.message = ""
        send(w, content)
        assert not w.message.startswith("Something went wrong"), (content, w.message)
        changed = w.version != version
        if not changed:
            counts["refused"] += 1
            assert w.round is rnd and rnd == before and game.round_number == round_number
            continue
        counts["changed"] += 1
        assert isinstance(content, dict) and content["version"] == version
        assert w.message == ""
        kind = content["kind"]
        if kind in ("play", "draw", "pass"):
            move = content.get("move", kind)
            assert move in [str(m) for m in before.legal_moves()]
            before.play(move)
            assert rnd == before
        elif kind == "next" and game.round_number == round_number:
            assert rnd.history[: len(before.history)] == before.history
        elif kind == "undo":
            assert rnd.history == before.history[: len(rnd.history)]
    assert w.game is not None
    counts["rounds"] = w.game.round_number + 10 * (counts["games"] - 1)
    print(f"fuzz: 10,000 messages: {counts}")
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "WARNING")]
    assert counts["changed"] > 300 and counts["refused"] > 3000


def test_two_people_at_one_screen_the_view_follows_the_turn() -> None:
    """seat="turn": pass-and-play, the view shows the hand of whoever is to move."""
    game = cf.Game(["Ann", "Bob"], cf.Rules.preset("double-six"), seed=3)
    w = GameWidget(game, humans=[0, 1], seat="turn")
    for _ in range(12):
        rnd = w.round
        if rnd.is_over:
            break
        assert w.seat == rnd.turn
        hand = {item["tile"] for item in w.view["hand"]}
        assert hand == {str(t) for t in rnd.hands[rnd.turn]}
        move = rnd.legal_moves()[0]
        assert w.handle_intent(
            {
                "kind": move.kind,
                "version": w.version,
                **({"move": str(move)} if move.is_play else {}),
            }
        )
    with pytest.raises(cf.WidgetError, match=r"'turn' .* or 'table'"):
        GameWidget(game, seat="everyone")  # type: ignore[arg-type]


# -- the view's contract: one typed structure, mirrored in js/view.js -------------------------


def conforms(value: object, typ: Any, path: str = "view") -> list[str]:
    """Where ``value`` does not have the type ``typ`` (a TypedDict, list, union, Literal...)."""
    origin = get_origin(typ)
    if typ is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    if origin in (Union, types.UnionType):
        tries = [conforms(value, arg, path) for arg in get_args(typ)]
        return [] if any(not t for t in tries) else [f"{path}: {value!r} is not {typ}"]
    if origin is Literal:
        return [] if value in get_args(typ) else [f"{path}: {value!r} is not one of {typ}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not a list"]
        (item,) = get_args(typ)
        return [p for i, v in enumerate(value) for p in conforms(v, item, f"{path}[{i}]")]
    if is_typeddict(typ):
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not a {typ.__name__}"]
        hints = get_type_hints(typ)
        if set(value) != set(hints):
            return [f"{path}: keys {sorted(value)} are not {typ.__name__}'s {sorted(hints)}"]
        return [p for k, t in hints.items() for p in conforms(value[k], t, f"{path}.{k}")]
    if typ is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = type(value) is typ
    return [] if ok else [f"{path}: {value!r} is not {typ.__name__}"]


def views_along_a_game() -> Iterator[tuple[str, GameWidget]]:
    """Widgets in a few states: a start, a bot to move, a drawn tile, a round's end, the game's."""
    w = fresh()
    yield "the start", w
    send(w, intent(w, "play", move="9-1@9-9"))
    yield "a bot to move", w
    lone = GameWidget(cf.Round.deal(cf.Rules(), players=3, seed=2), humans=[1], pace=1.5)
    yield "a lone round", lone
    yield "pass and play", GameWidget(cf.Game(["Ann", "Bob"], seed=3), humans=[0, 1], seat="turn")
    friends = GameWidget(cf.Game(["Ann", "Bob"], seed=0), humans=[0, 1], seat=0)
    send(friends, intent(friends, "play", move="9-1@9-9"))
    yield "another person to move", friends
    for seed in range(40):
        d = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=seed), bots="greedy")
        for _ in range(80):
            rnd = d.round
            if rnd.is_over or d.view["drawn"] is not None:
                break
            if rnd.turn != 0:
                send(d, intent(d, "next"))
            elif rnd.legal_moves() == [cf.Move.DRAW]:
                send(d, intent(d, "draw"))
            else:
                send(d, intent(d, "play", move=str(greedy(rnd.observation(0)))))
        if d.view["drawn"] is not None:
            yield "a drawn tile", d
            break
    else:
        pytest.fail("Ann never drew")
    play_to_round_end(w)
    yield "a round's end", w
    small = GameWidget(cf.Game(["Ann", "Bob"], cf.Rules(max_pip=3, spokes=3, hand_size=3), seed=4))
    for _ in range(10):
        play_to_round_end(small)
        if small.game is not None and small.game.is_over:
            break
        send(small, intent(small, "next"))
    yield "the game's end", small


def session_of(settings: SessionSettings) -> Session:
    return Session(settings, client="AB12", clock=lambda: 0.0)


def guided_views() -> Iterator[tuple[str, GuidedSession]]:
    for level in range(5):
        settings = SessionSettings(seed=4, cue_start=level)
        yield f"guided, cue level {level}", GuidedSession(session_of(settings))
    session = session_of(SessionSettings(seed=4, bots=2, errorless=True))
    g = GuidedSession(session)
    g.pause()
    yield "guided, paused", g
    g.carry_on()
    send(g, intent(g, "play", move="5-5@6-6"))
    yield "guided, after a refused play", g
    g.end("Independent")
    yield "guided, ended", g


def test_every_view_is_a_typed_view_with_every_key() -> None:
    seen = set()
    for what, w in itertools.chain(views_along_a_game(), guided_views()):  # each as it comes
        problems = conforms(w.view, View)
        assert problems == [], (what, problems[:5])
        assert json.loads(json.dumps(w.view)) == w.view  # JSON through and through
        seen.add((w.view["waiting"], w.view["cue"] is None, w.view["sheet"] is None))
    waits = {waiting for waiting, _, _ in seen}
    assert waits == {"you", "bot", "other", "round-over", "game-over", "paused"}
    assert {cue for _, cue, _ in seen} == {True, False}  # plain views and guided ones


def test_table_rows_log_lines_and_sheet_rounds_have_named_fields() -> None:
    w = fresh()
    send(w, intent(w, "play", move="9-1@9-9"))
    centre, spoke = w.view["table"]
    assert centre == {
        "tile": "9-9",
        "x": 0.0,
        "y": 0.0,
        "angle": 90.0,
        "first": 9,
        "second": 9,
        "role": "centre",
        "onto": None,
        "linked": False,
        "heading": centre["heading"],
    }
    assert spoke["tile"] == "9-1" and spoke["role"] == "spoke" and spoke["onto"] == 0
    assert (spoke["first"], spoke["second"]) == (9, 1)
    assert w.view["log"] == [{"seat": 0, "text": "Ann played 9-1 on 9-9"}]
    box = w.view["bounds"]
    assert box["min_x"] < box["max_x"] and box["min_y"] < box["max_y"]
    assert w.view["cue"] is None and w.view["guided"] is None


def jsdoc_typedefs(module: str = "view.js") -> dict[str, list[tuple[str, str]] | str]:
    """Each typedef in one of the front end's modules (``js/<module>``): an object's
    ``(property, type)`` list (``[name]`` for a property that may be left out), or an
    alias's type."""
    text = (Path(__file__).resolve().parents[2] / "js" / module).read_text(encoding="utf-8")
    out: dict[str, list[tuple[str, str]] | str] = {}
    for block in re.findall(r"/\*\*(.*?)\*/", text, re.S):
        found = re.search(r"@typedef \{(.+?)\} (\w+)", block)
        if found is None:
            continue
        kind, name = found.groups()
        props = re.findall(r"@property \{(.+?)\} (\w+|\[\w+\])", block)
        out[name] = [(prop, typ) for typ, prop in props] if kind == "Object" else kind
    return out


def as_jsdoc(typ: Any) -> str:
    """A Python type of the view, written the way js/view.js's typedefs write it."""
    if typ == Waiting:
        return "Waiting"
    if typ == PlayerKind:
        return "PlayerKind"
    if get_origin(typ) is Literal:
        return "|".join(json.dumps(a) for a in get_args(typ))
    if get_origin(typ) in (Union, types.UnionType):
        return "|".join(as_jsdoc(a) for a in get_args(typ))
    if get_origin(typ) is list:
        return as_jsdoc(get_args(typ)[0]) + "[]"
    if is_typeddict(typ):
        return str(typ.__name__)
    names = {int: "number", float: "number", str: "string", bool: "boolean", type(None): "null"}
    return names[typ]


def test_widget_js_typedefs_mirror_the_view_field_by_field() -> None:
    js = jsdoc_typedefs()
    shapes = [
        getattr(widget_view, name)
        for name in widget_view.__all__
        if is_typeddict(getattr(widget_view, name))
    ]
    assert len(shapes) == 15
    for shape in shapes:
        want = [(k, as_jsdoc(t)) for k, t in get_type_hints(shape).items()]
        assert js.get(shape.__name__) == want, shape.__name__
    for alias, name in ((Waiting, "Waiting"), (PlayerKind, "PlayerKind")):
        assert js[name] == "|".join(json.dumps(a) for a in get_args(alias))
    assert js["PlayerKind"] == '"you"|"bot"|"player"'
    assert set(js) == {s.__name__ for s in shapes} | {"Waiting", "PlayerKind"}


# -- the table of intents ------------------------------------------------------------------------


def test_intents_come_from_one_table_of_handlers() -> None:
    assert dict(INTENTS) == {
        "play": frozenset({"kind", "version", "seat", "move"}),
        "draw": frozenset({"kind", "version", "seat"}),
        "pass": frozenset({"kind", "version", "seat"}),
        "next": frozenset({"kind", "version", "seat", "auto"}),
        "undo": frozenset({"kind", "version", "seat"}),
        "new_game": frozenset({"kind", "version", "seat"}),
        "hint": frozenset({"kind", "version", "seat"}),
        "display": frozenset({"kind", "value"}),
        "large": frozenset({"kind", "value"}),
        "board": frozenset({"kind", "width", "height"}),
    }
    assert {k: h.stamp for k, h in GameWidget.intents.items()} == {
        **dict.fromkeys(["play", "draw", "pass", "next", "undo", "new_game", "hint"], "checked"),
        "display": "none",
        "large": "none",
        "board": "none",
    }
    with pytest.raises(TypeError):
        GameWidget.intents["shuffle"] = GameWidget.intents["play"]  # type: ignore[index]


def test_guided_play_adds_its_intents_to_the_table() -> None:
    table = GuidedSession.intents
    assert table.keys() == GameWidget.intents.keys() | {"cue_tick", "confirm", "try"}
    assert {table[k].stamp for k in ("cue_tick", "confirm")} == {"quiet"}
    assert table["try"].stamp == "checked"
    assert dict(GUIDED_INTENTS) == {
        **dict.fromkeys(["cue_tick", "confirm"], frozenset({"kind", "version", "seat"})),
        "try": frozenset({"kind", "version", "seat", "tile", "onto"}),
    }
    assert "_intent" not in vars(GuidedSession)  # no dispatcher of its own
    assert GameWidget.intents.keys() == INTENTS.keys()  # the base table is unchanged
    g = next(w for what, w in guided_views() if what == "guided, cue level 4")
    stale = {"kind": "confirm", "version": g.version - 1}
    g.message = ""
    assert g.handle_intent(stale) is False and g.message == "" and not g.round.history
    assert "had fields the widget does not know" in untouched(g, {**intent(g, "confirm"), "x": 1})
    assert untouched(g, intent(g, "shuffle")) == "The widget received a request it does not know."
    assert g.handle_intent(intent(g, "confirm")) and [str(m) for m in g.round.moves] == ["6-4@6-6"]
    w = fresh()
    assert untouched(w, intent(w, "confirm")) == "The widget received a request it does not know."


class Waving(GameWidget):
    """A widget with one intent more ("wave") and a stricter undo."""

    @handles("wave", "hand")
    def _wave(self, content: dict[str, Any]) -> bool:
        hand = content.get("hand")
        if hand not in ("left", "right"):
            return self._refuse("Wave with the left or the right hand")
        self._say(f"Hello with the {hand} hand.")
        return False

    @handles("undo")
    def _no_undo(self, content: dict[str, Any]) -> bool:
        return self._refuse("No taking back in this game")


def test_a_subclass_adds_an_intent_and_replaces_another() -> None:
    assert Waving.intents.keys() == GameWidget.intents.keys() | {"wave"}
    assert Waving.intents["wave"].fields == frozenset({"kind", "version", "seat", "hand"})
    assert Waving.intents["undo"].method == "_no_undo"
    assert GameWidget.intents["undo"].method == "_on_undo"
    w = Waving(cf.Game(["Ann", "Bob"], seed=0))
    send(w, intent(w, "wave", hand="left"))
    assert w.message == "Hello with the left hand."
    assert untouched(w, intent(w, "wave", hand="up")) == "Wave with the left or the right hand."
    assert "no version stamp" in untouched(w, {"kind": "wave", "hand": "left"})
    assert "does not know" in untouched(w, intent(w, "wave", hand="left", foot="right"))
    send(w, intent(w, "play", move="9-1@9-9"))
    assert untouched(w, intent(w, "undo")) == "No taking back in this game."
    plain = fresh()
    assert "does not know" in untouched(plain, intent(plain, "wave", hand="left"))


# -- names: no direction controls, one cap for every view ----------------------------------------

BIDI_CONTROLS = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067")


def test_a_name_with_a_right_to_left_override_cannot_reverse_the_log() -> None:
    w = GameWidget(cf.Game(["Ann\u202e", "Bob\u2067\u200f"], seed=0), pace="click")
    send(w, intent(w, "play", move="9-1@9-9"))
    send(w, intent(w, "next"))
    text = synced_text(w)
    assert not BIDI_CONTROLS & set(text) and "\u2068" not in text
    assert w.view["names"] == ["Ann", "Bob"]
    assert w.view["log"][0]["text"] == "Ann played 9-1 on 9-9"
    assert w.view["log"][1]["text"].startswith("Bob ")


def test_a_right_to_left_name_is_isolated_in_sentences_and_plain_in_lists() -> None:
    sarah = "\u05e9\u05e8\u05d4"
    w = GameWidget(cf.Game([sarah, "Bob"], seed=0), humans=[1], pace="click")
    assert w.view["names"][0] == sarah and w.view["players"][0]["name"] == sarah
    send(w, intent(w, "next"))
    assert w.view["log"][0]["text"].startswith(f"\u2068{sarah}\u2069 ")
    assert f"\u2068{sarah}\u2069 " in cf.svg(w.round)


def test_every_view_caps_a_long_name_the_same_way() -> None:
    long = "Bartholomew-Maximilian von Habsburg"[:40]
    shown = shown_name(long)
    assert len(shown) <= NAME_LIMIT and shown == "Bartholomew-Maximilian\u2026"
    w = GameWidget(cf.Game([long, "Bob"], seed=0), pace="click")
    assert w.view["names"][0] == shown and w.view["players"][0]["name"] == shown
    assert f"{shown}'s hand" in cf.svg(w.round, seat=0).replace("&apos;", "'")
    assert long not in synced_text(w) and long not in w.to_svg()
    keeper = cf.therapy.ScoreKeeper([long, "Bob"])
    assert f">{shown}</th>" in keeper._table.value and long not in keeper._table.value
    assert (shown, long) in keeper._player.options


def test_a_closed_widget_is_freed() -> None:
    """Nothing keeps a closed widget alive: a room's server closes the widgets of every room
    it closes, and a notebook those it replaces (anywidget ties each instance of a class
    whose front end is a file path to that file's change signal: ours are given as text)."""
    import gc
    import weakref

    from cfwidget.analysis import review
    from cfwidget.therapy import Session, SessionSettings
    from cfwidget.therapy.widget import GuidedSession
    from cfwidget.widget import ReviewWidget
    from cfwidget.widget._setpicker import SetPicker

    dealt = cf.Round.deal(cf.Rules(max_pip=6, hand_size=7), players=2, seed=1)
    for _ in range(4):
        dealt.play(greedy(dealt.observation(dealt.turn)))
    makers = [
        lambda: GameWidget(cf.Game(["Ann", "Bob"], seed=1), humans=[0]),
        lambda: GuidedSession(Session(SessionSettings(seed=2), client="AB12")),
        lambda: ReviewWidget(review(dealt, worlds=4)),
        lambda: SetPicker(6),
    ]
    for make in makers:
        w = make()
        alive = weakref.ref(w)
        w.close()
        del w
        gc.collect()
        assert alive() is None, make
