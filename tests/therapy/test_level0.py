"""Cue level 0 gives no help of any kind: no number in the rule line, no hint that a tile
fits or not, Draw and Pass both offered; pressing one wrongly is a recorded error."""

from __future__ import annotations

from cfwidget.therapy.report import figures
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings
from cfwidget.therapy.widget import GuidedSession


def client_to_move(s: Session) -> None:
    while s.whose_turn() == "bot":
        s.bot_step()


def test_level_0_names_no_number_and_offers_draw_and_pass() -> None:
    s = Session(SessionSettings(seed=4, cue_start=0), client="AB12", clock=lambda: 0.0)
    client_to_move(s)
    w = GuidedSession(s)
    assert "tiles with" in s.round.rule_in_force()  # the engine's words say the number
    view = w.view
    assert view["cue"]["level"] == 0 and view["cue"]["prompt"] == ""
    assert view["rule"] == ""  # the double to fill and its number are level 2's help
    assert view["can_draw"] and view["can_pass"]
    assert all(item["hint"] == "" for item in view["hand"])
    assert not view["guided"]["show_fit"]
    # Pass while a tile fits: the engine refuses it, and it is a recorded error.
    assert "pass" not in [str(m) for m in s.round.legal_moves()]
    assert not w.handle_intent({"kind": "pass", "version": w.version})
    assert s.events[-1]["event"] == "refused" and s.events[-1]["move"] == "pass"
    assert figures(s).errors == 1
    assert "tiles with" not in w.message  # the gentle words give no number either


def test_level_2_and_up_name_the_number_and_level_3_tells_what_fits() -> None:
    s = Session(SessionSettings(seed=4, cue_start=2), client="AB12", clock=lambda: 0.0)
    client_to_move(s)
    w = GuidedSession(s)
    assert "tiles with a 6" in w.view["rule"]
    assert w.view["can_draw"] and w.view["can_pass"]  # still not told at level 2
    w.set_cue(3)
    legal = [str(m) for m in s.round.legal_moves()]
    assert w.view["can_draw"] == ("draw" in legal) and w.view["can_pass"] == ("pass" in legal)


def test_a_drawn_tile_is_not_judged_below_level_3() -> None:
    # Play until the client draws; the status says what was drawn, not whether it fits.
    for seed in range(40):
        s = Session(
            SessionSettings(seed=seed, cue_start=0, hand_size=3), client="AB12", clock=lambda: 0.0
        )
        for _ in range(60):
            client_to_move(s)
            if s.whose_turn() != "client":
                break
            legal = [str(m) for m in s.round.legal_moves()]
            if legal == ["draw"]:
                assert s.attempt("draw").accepted
                if s.round.drawn is not None and s.whose_turn() == "client":
                    w = GuidedSession(s)
                    drawn = s.round.drawn
                    assert w.view["status"] == f"You drew {drawn}."
                    assert "fit" not in w.view["status"]
                    assert "drawn tile" in s.round.rule_in_force()  # the engine says more
                    assert str(drawn) not in w.view["rule"]  # a reminder is level 1's help
                    w.set_cue(1)
                    assert w.view["rule"] == (
                        f"After drawing, only the drawn tile {drawn} can be played, if it fits."
                    )
                    return
                continue
            assert s.attempt(legal[0]).accepted
    raise AssertionError("no seed gave the client a draw")
