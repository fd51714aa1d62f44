"""GameWidget(coach=True): the Hint intent puts the coach's advice in the view on a person's
turn only, and refuses politely otherwise; coach=False adds nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cfwidget as cf
from cfwidget.odds import coach_hint
from cfwidget.players import make_bot
from cfwidget.widget import GameWidget


def send(w: GameWidget, content: object) -> None:
    """Deliver ``content`` as the browser's custom message."""
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def hint(w: GameWidget, **extra: Any) -> None:
    send(w, {"kind": "hint", "version": w.version, "seat": w.seat, **extra})


def coached(seed: int = 0, **options: Any) -> GameWidget:
    options.setdefault("pace", "click")
    options.setdefault("coach", True)
    return GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=seed), **options)


def your_turn_with_a_choice(w: GameWidget) -> None:
    """Play on (Ann's first play, the bots' moves) until Ann is to move with several moves."""
    rnd = w.round
    while rnd.turn != 0 or len(rnd.legal_moves()) < 2:
        assert not rnd.is_over
        if rnd.turn == 0:
            send(w, {"kind": "play", "move": str(rnd.legal_moves()[0]), "version": w.version})
        else:
            send(w, {"kind": "next", "version": w.version})


def test_a_hint_on_your_turn_shows_the_coaches_advice_and_changes_no_game() -> None:
    w = coached(seed=4)
    your_turn_with_a_choice(w)
    rnd = w.round
    moves = len(rnd.moves)
    assert w.view["coach"] is True and w.view["hint"] is None
    before = w.version
    hint(w)
    advice = coach_hint(rnd, 0)
    assert w.view["hint"] == {
        "text": advice.sentence,
        "move": str(advice.move),
        "tile": str(advice.move.tile),
        "onto": str(advice.move.onto),
    }
    assert w.message == "" and len(rnd.moves) == moves and w.version == before + 1
    # The hand tile it names is in the view's hand, and its end is one of that tile's targets.
    shown: dict[str, Any] = w.view.get("hint") or {}
    tile = next(x for x in w.view["hand"] if x["tile"] == shown["tile"])
    assert shown["onto"] in [t["onto"] for t in tile["targets"]]
    # Playing the advice is legal, and the hint is gone once the position changes.
    send(w, {"kind": "play", "move": shown["move"], "version": w.version})
    assert len(rnd.moves) == moves + 1 and w.view["hint"] is None


def test_a_draw_hint_names_no_tile() -> None:
    for seed in range(40):
        w = coached(seed=seed)
        rnd = w.round
        while not rnd.is_over and not (rnd.turn == 0 and rnd.legal_moves() == [cf.Move.DRAW]):
            if rnd.turn == 0:
                send(w, {"kind": "play", "move": str(rnd.legal_moves()[0]), "version": w.version})
            else:
                send(w, {"kind": "next", "version": w.version})
        if rnd.is_over:
            continue
        hint(w)
        assert w.view["hint"] is not None
        assert w.view["hint"]["move"] == "draw" and w.view["hint"]["tile"] is None
        assert w.view["hint"]["text"].startswith("Draw: none of your tiles")
        return
    pytest.fail("no seed gave Ann a turn with only a draw")


def test_the_hint_is_refused_politely_when_it_is_not_your_turn() -> None:
    w = coached(seed=0)
    send(w, {"kind": "play", "move": str(w.round.legal_moves()[0]), "version": w.version})
    assert w.round.turn == 1
    version = w.version
    hint(w)
    assert w.message == "A hint is for your own turn; it is Bob's turn now."
    assert w.view["hint"] is None and w.version == version


def test_no_hint_for_a_bot_seat_or_a_finished_round() -> None:
    game = cf.Game(["Ann", "Bob"], seed=1)
    watch = GameWidget(game, humans=[0], seat=1, pace="click", coach=True)
    hint(watch)
    assert watch.message == "Bob is played by a bot: hints are for people."
    rnd = cf.Round.deal(cf.Rules(max_pip=6, hand_size=5), players=2, seed=3)
    bot = make_bot("tips")
    while not rnd.is_over:
        rnd.play(bot(rnd.observation(rnd.turn)))
    done = GameWidget(rnd, humans=[0], pace="click", coach=True)
    hint(done)
    assert done.message == "The round is over, so there is no move to suggest."


def test_coach_false_adds_nothing_and_refuses_the_hint() -> None:
    w = coached(seed=0, coach=False)
    assert w.view["coach"] is False and w.view["hint"] is None
    hint(w)
    assert w.message == "Hints are turned off for this game."
    assert w.view["hint"] is None
    plain = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=0), pace="click")
    assert plain.view["coach"] is False


def test_coach_must_be_true_or_false_and_needs_a_person() -> None:
    game = cf.Game(["Ann", "Bob"], seed=1)
    with pytest.raises(cf.WidgetError, match=r"coach must be True \(a Hint button.*got 'yes'"):
        GameWidget(game, coach="yes")  # type: ignore[arg-type]
    with pytest.raises(cf.WidgetError, match="coach=True gives hints to a person, but every"):
        GameWidget(game, humans=[], coach=True)
    with pytest.raises(TypeError, match="did you mean 'coach'"):
        GameWidget(game, coachh=True)


def test_the_hint_never_carries_another_seats_tiles() -> None:
    """Only the shown seat's view goes into the hint: its words name no hidden tile."""
    w = coached(seed=4)
    your_turn_with_a_choice(w)
    hint(w)
    rnd = w.round
    hidden = {str(t) for s in (1, 2) for t in rnd.hands[s]} | {str(t) for t in rnd.boneyard}
    text = json.dumps(w.view["hint"])
    assert not [t for t in hidden if t in text]


def test_the_coach_bot_plays_in_the_widget_by_name() -> None:
    w = GameWidget(cf.Game(["Ann", "Bob", "Cy"], seed=2), bots="coach", pace="click")
    assert {type(b).__name__ for b in w.bots.values()} == {"CoachBot"}
    rnd = w.round
    while rnd.turn == 0 and not rnd.is_over:
        send(w, {"kind": "play", "move": str(rnd.legal_moves()[0]), "version": w.version})
    seat, before = rnd.turn, len(rnd.moves)
    expected = coach_hint(rnd.copy(), seat).move
    send(w, {"kind": "next", "version": w.version})
    assert w.message == "" and rnd.moves[before] == expected
