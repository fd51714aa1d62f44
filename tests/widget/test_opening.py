"""When nobody was dealt the round's double, the move list says why the players drew."""

from __future__ import annotations

import cfwidget as cf
from cfwidget.widget import GameWidget
from tests.helpers.browser_harness import advance, send


def test_the_log_says_why_players_drew_for_the_starting_double() -> None:
    for seed in range(60):
        game = cf.Game(["Ann", "Bob", "Cy"], cf.Rules.preset("seven-each"), seed=seed)
        w = GameWidget(game, pace="click")
        for _ in range(10):
            if w.round.opening_draws or w.game is None or w.game.is_over:
                break
            finish_game_round(w)
        if w.round.opening_draws:
            break
    else:
        raise AssertionError("no round in these games opened with draws")
    rnd = w.round
    words = w.view["opening"]
    assert words.startswith(f"Nobody was dealt {rnd.start}, so the players drew")
    assert f"until {rnd.names[rnd.opener]} drew it ({len(rnd.opening_draws)} tile" in words
    # Only what the table saw: no tile another player drew is named.
    others = [str(t) for s, t in rnd.opening_draws if s != w.seat and t != rnd.start]
    assert not any(t in words for t in others)
    assert all("Nobody was dealt" not in e["text"] for e in w.view["log"])  # moves only


def test_a_round_opened_by_the_holder_says_nothing_extra() -> None:
    w = GameWidget(cf.Game(["Ann", "Bob"], seed=1), pace="click")
    assert not w.round.opening_draws
    assert w.view["opening"] == ""


def finish_game_round(w: GameWidget) -> None:
    """Play the current round out and deal the next one."""
    advance(w, lambda w: w.round.is_over)
    if w.game is not None and not w.game.is_over:
        send(w, {"kind": "next", "version": w.version})
