"""One room's authority: seats play through intents, every change is stored, replay rebuilds it."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cfwidget as cf
from cfwidget import Round
from cfwidget.room._authority import Authority, synced_traits, traits_of
from cfwidget.room._settings import room_settings
from cfwidget.room._store import RoomStore
from cfwidget.widget import GameWidget
from tests.core.seat_worlds import boundary_breaks, positions

SMALL = cf.Rules(max_pip=3, spokes=3, hand_size=3)


def _room(players: str = "Ann, Bob, bot:tips", rules: Any = None) -> tuple[RoomStore, Authority]:
    store = RoomStore(":memory:")
    settings = room_settings(players, rules=rules, seed=11, pace="click")
    room = store.create("Club", "game", settings, {})
    return store, Authority(store, room, settings)


def _intent(widget: GameWidget, kind: str, **more: object) -> bool:
    return widget.handle_intent(
        {"kind": kind, "version": widget.version, "seat": widget.seat, **more}
    )


def _step(a: Authority) -> None:
    """One turn: a person seat moves through its own widget, a bot on a person's Next."""
    rnd = a.game.round
    if rnd.is_over:
        assert _intent(a.widget("seat", 0), "next")
        return
    turn = rnd.turn
    if turn not in a.humans:
        assert _intent(a.widget("seat", a.humans[0]), "next")
        return
    move = rnd.legal_moves()[0]
    widget = a.widget("seat", turn)
    if move.is_play:
        assert _intent(widget, "play", move=str(move))
    else:
        assert _intent(widget, move.kind)


def test_two_people_and_a_bot_play_a_round_and_every_move_is_stored() -> None:
    store, a = _room()
    while not a.game.round.is_over:
        _step(a)
    kinds = [e.kind for e in store.events(a.room)]
    assert kinds.count("move") == len(a.game.round.moves) > 5
    again = Authority.resume(store, a.room)
    assert again.record() == a.record()
    assert json.loads(a.record())["format"] == "cfwidget.game"
    assert cf.Game.from_json(a.record()).round == a.game.round


def test_undo_a_next_round_and_a_new_game_replay_too() -> None:
    store, a = _room("Ann, Bob", rules=SMALL)
    ann = a.widget("seat", 0)
    _step(a)
    assert _intent(ann, "undo")  # Ann takes her first play back
    assert "undo" in [e.kind for e in store.events(a.room)]
    assert Authority.resume(store, a.room).record() == a.record()
    while not a.game.is_over:
        _step(a)
        if a.game.round_number == 2 and not a.game.round.moves:
            assert Authority.resume(store, a.room).record() == a.record()
    finished = a.record()
    assert Authority.resume(store, a.room).record() == finished
    assert _intent(ann, "new_game")
    assert a.game is ann.game is a.widget("seat", 1).game
    assert [e.kind for e in store.events(a.room)][-1] == "new_game"
    _step(a)
    again = Authority.resume(store, a.room)
    assert again.record() == a.record() != finished
    assert cf.Game.from_json(finished).is_over


def test_a_refused_intent_stores_nothing_and_tells_only_that_seat() -> None:
    store, a = _room()
    bob = a.widget("seat", 1)
    assert not _intent(bob, "draw")  # not Bob's turn
    assert store.events(a.room) == []
    assert bob.message and a.widget("seat", 0).message == ""


def test_each_seat_is_sent_its_own_hand_and_the_widgets_synced_traits_only() -> None:
    _, a = _room()
    for seat in (0, 1):
        traits = traits_of(a.widget("seat", seat))
        assert sorted(traits) == ["display", "large", "message", "palette", "view"]
        assert traits["view"]["seat"] == seat
        hand = sorted(str(t) for t in a.game.round.hands[seat])
        shown = json.dumps(traits["view"]["hand"])
        assert all(t in shown for t in hand)
    assert synced_traits(a.widget("seat", 0)) == sorted(traits)


def _wire(rnd: Round, seat: int) -> str:
    """What a room sends a seat's device when its game is at this round."""
    people = tuple(range(rnd.players))
    widget = GameWidget(rnd.copy(), humans=people, seat=seat, pace="click")
    return json.dumps(traits_of(widget), sort_keys=True)


@pytest.mark.parametrize("preset", ["wolf-lake", "double-six"])
def test_what_a_seat_is_sent_does_not_change_with_tiles_it_cannot_see(preset: str) -> None:
    spots = list(positions(cf.Rules.preset(preset), 200, 7))[::10]
    report = boundary_breaks(_wire, spots, seed=3, stop=1)
    assert report.breaks == [], "\n".join(report.breaks or [])
    assert report.redealt >= 0.5 * len(spots)


def test_the_table_link_is_refused_in_words_until_the_table_view_exists() -> None:
    _, a = _room()
    try:
        widget = a.widget("table", None)
    except cf.RoomError as exc:
        assert "table view" in str(exc)
    else:  # the table view of branch tableview: no hand in it
        assert traits_of(widget)["view"]["hand"] == []
