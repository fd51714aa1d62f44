"""No help below its level: whole guided sessions at cue levels 0 to 4, under every preset,
with every string and mark the client's screen shows checked against the level in force.

The checks here are the test's own reading of "help", made from the position (the tiles
that fit, the numbers to look for, the right action), not from the package's table
(cfwidget.therapy.levels): below level 2 no number to look for and no end is named; below
level 3 nothing says whether or which tile fits or whether to play, draw or pass, and the
buttons and the hand do not tell it either; below level 4 the move is not shown.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest

from cfwidget.core import PRESETS, Rules
from cfwidget.therapy.session import Session
from cfwidget.therapy.settings import SessionSettings
from cfwidget.therapy.widget import GuidedSession
from tests.helpers.help_words import FIT, MOVE, NUMBER, TILE

#: View fields that show the table and what happened (the same at every level: public to
#: every seat) or say nothing to the client; every other field is checked below.
STATE = frozenset(
    {
        "version", "seat", "names", "title", "where", "round", "players", "yard", "table",
        "bounds", "last", "log", "last_words", "opening", "result", "sheet",
        "standings", "can_new_game", "waiting", "auto_ms", "next_label", "can_undo",
        "allow_undo", "playing", "drawn", "guided",
    }
)  # fmt: skip
#: View fields that can carry help: each is checked.
HELP = frozenset(
    {
        "status", "rule", "hand", "cue", "can_draw", "can_pass", "announce", "forced",
        "needed", "coach", "hint", "open_words", "idle_words",
    }
)  # fmt: skip


def client_strings(view: dict[str, Any], message: str) -> Iterator[tuple[str, str]]:
    """Every string the front end draws from the help fields (js/*.js as it reads them)."""
    yield "status", view["status"]
    yield "rule", view["rule"]
    # js/board.js: the board's description for a screen reader (its aria-describedby)
    yield "board description", view["open_words"]
    cue = view["cue"]
    yield "cue prompt", cue["prompt"]
    for item in view["hand"]:
        yield "hand hint", item["hint"]
        drawn = ", just drawn" if view["drawn"] == item["tile"] else ""
        # The button's name starts with the tile itself (the button is the tile: not help).
        yield "hand label", f"{drawn}{', ' + item['hint'] if item['hint'] else ''}"
    yield "idle hint", view["idle_words"]  # js/targets.js: under the board, before a pick
    yield "message", message


def check_screen(
    w: GuidedSession, level: int, message_level: int, tried: set[str], problems: list[str]
) -> None:
    """Check the widget's screen now against ``level`` (its message against
    ``message_level``): append each thing it shows above its level to ``problems``."""
    s = w.session
    view: dict[str, Any] = dict(w.view)
    assert set(view) == STATE | HELP, "a view field is neither state nor checked help"
    rnd = s.round
    obs = rnd.observation(view["seat"])
    playing = view["playing"]
    legal = obs.legal_moves if playing else ()
    fits = {str(m.tile) for m in legal if m.tile is not None}
    table = {str(p.tile) for p in obs.table}
    free = {str(t) for t, _, n in obs.open_ends if n}
    shown = s.cue_for_level(4).move or ""
    shown = shown if "@" in shown else ""  # a play (Draw and Pass are checked above)
    own = tried | ({str(obs.drawn)} if obs.drawn is not None else set())
    where = f"level {level}, {rnd.names[rnd.turn] if not rnd.is_over else 'round over'}"

    def bad(what: str) -> None:
        problems.append(f"{where}: {what}")

    cue = view["cue"]
    for kind, text in client_strings(view, w.message):
        at = message_level if kind == "message" else level
        named = set(TILE.findall(text)) - own
        if at < 2 and (NUMBER.search(text) or named & table):
            bad(f"{kind} names a number or an end: {text!r}")
        if at < 3 and (FIT.search(text) or (named & fits)):
            bad(f"{kind} tells what fits or what to do: {text!r}")
        if at < 4 and (MOVE.search(text) or (shown and shown.rstrip("!") in text)):
            bad(f"{kind} shows the move: {text!r}")
    if level < 2 and (cue["ends"] or view["forced"] is not None or view["needed"]):
        bad(f"ends ringed or the double to fill named: {cue['ends']}, {view['forced']}")
    if level < 3:
        if cue["tiles"]:
            bad(f"tiles lifted: {cue['tiles']}")
        if playing and not (view["can_draw"] and view["can_pass"]):
            bad("Draw or Pass disabled, which tells what to do")
        if any(item["hint"] for item in view["hand"]):
            bad("the hand's tiles say whether they can be played")
        if playing and view["guided"]["show_fit"]:
            bad("the hand shows which tiles fit (and fades the others in errorless mode)")
        for item in view["hand"]:
            ends = {t["onto"] for t in item["targets"]}
            if ends and ends != free:
                bad(f"{item['tile']} shows only the ends it fits: {sorted(ends)}")
    if level >= 2 and not rnd.is_over and obs.open_ends and not view["open_words"]:
        bad("the board's open ends are not said, though the level allows them")
    if level < 4 and (cue["move"] or cue["tile"] or cue["onto"] or cue["confirm"]):
        bad(f"the move shown: {cue['move']}")
    if view["coach"] or view["hint"] is not None:
        bad("the coach's hint is offered")


def right_move(w: GuidedSession, rng: random.Random) -> dict[str, Any]:
    """An intent that makes a legal move from what the view offers."""
    legal = {str(m) for m in w.session.round.legal_moves()}
    view = w.view
    plays = [t["move"] for item in view["hand"] for t in item["targets"] if t["move"] in legal]
    if plays:
        return {"kind": "play", "move": rng.choice(plays)}
    return {"kind": "draw" if "draw" in legal else "pass"}


def wrong_try(w: GuidedSession, rng: random.Random) -> tuple[dict[str, Any], set[str]]:
    """A try the rules refuse (or a press the client may make anyway): Draw or Pass, a tile
    that fits nowhere, a tile onto an end it does not fit or a covered tile, Next."""
    s = w.session
    rnd = s.round
    legal = {str(m) for m in rnd.legal_moves()}
    view = w.view
    hand = view["hand"]
    choices: list[tuple[dict[str, Any], set[str]]] = []
    for kind in ("draw", "pass"):
        if kind not in legal:
            choices.append(({"kind": kind}, set()))
    for item in hand:
        if not item["targets"]:
            choices.append(({"kind": "try", "tile": item["tile"]}, {item["tile"]}))
        for t in item["targets"]:
            if t["move"] not in legal:
                choices.append(({"kind": "play", "move": t["move"]}, {item["tile"], t["onto"]}))
    covered = [
        str(p.tile)
        for p in rnd.table
        if str(p.tile) not in {str(e) for e, *_ in rnd.observation(0).open_ends}
    ]
    picked = [item["tile"] for item in hand if item["targets"]]
    if covered and picked:
        tile, onto = rng.choice(picked), rng.choice(covered)
        choices.append(({"kind": "try", "tile": tile, "onto": onto}, {tile, onto}))
    choices.append(({"kind": "next"}, set()))
    return rng.choice(choices)


def play_session(
    rules: Rules | None, level: int, seed: int, rounds: int, **options: Any
) -> tuple[list[str], int, Session]:
    """Play a guided session at cue ``level`` through ``rounds`` rounds (then End), with
    wrong tries, waits, the therapist's cue buttons, Undo and Take back on the way.
    Returns the problems found, how many screens were checked and the session."""
    now = [0.0]
    settings = SessionSettings(seed=seed, cue_start=level, fade_every=0, cue_wait=30.0, **options)
    if rules is None:
        s = Session(settings, client="AB12", clock=lambda: now[0])
    else:  # the session's game is played under the preset's rules
        with mock.patch.object(SessionSettings, "rules", lambda self: rules):
            s = Session(settings, client="AB12", clock=lambda: now[0])
        assert s.game.rules == rules
    w = GuidedSession(s)
    rng = random.Random(seed * 7 + level)
    problems: list[str] = []
    screens = 0

    said: dict[str, Any] = {"message": "", "tried": set()}  # the message and the try it answers

    def check(message_level: int | None = None) -> None:
        tried = said["tried"] if w.message == said["message"] else set()
        level = w.help_level
        at = level if message_level is None else min(message_level, level)
        check_screen(w, level, at, tried, problems)

    def send(intent: dict[str, Any], tried: set[str] | None = None) -> None:
        nonlocal screens
        before = w.help_level
        now[0] += 1.0
        w.handle_intent({**intent, "version": w.version, "seat": w.seat})
        if w.message != said["message"]:  # a new message: it answers this intent
            said.update(message=w.message, tried=tried or set())
        check(before)
        screens += 1

    check()
    while s.game.round_number <= rounds and not s.game.is_over:
        rnd = s.round
        if rnd.is_over:
            if s.game.round_number == rounds:
                break
            send({"kind": "next"})
            continue
        if s.whose_turn() == "bot":
            if rng.random() < 0.1:
                send({"kind": "draw"})  # the client presses Draw on the bot's turn
            send({"kind": "next"})
            continue
        for _ in range(rng.randrange(4)):  # wrong tries, waits, the therapist
            roll = rng.random()
            if roll < 0.55:
                send(*wrong_try(w, rng))
            elif roll < 0.7:
                now[0] += 31.0  # the wait is over: the cue rises
                send({"kind": "cue_tick"})
            elif roll < 0.85:
                w.set_cue(level)  # the therapist sets the level back
                check()
            elif roll < 0.92 and w.view["cue"]["confirm"]:
                send({"kind": "confirm"})
                break
            else:
                send({"kind": "undo"})
        if s.whose_turn() in ("client", "person"):
            send(right_move(w, rng))
        if rng.random() < 0.03:
            w.take_back()
            check()
    w.end(None, "worked on turn taking", "")
    check()
    return problems, screens, s


@pytest.mark.parametrize("level", range(5))
def test_no_help_below_the_level_over_whole_sessions(level: int) -> None:
    """Every round of the game (double-6: 7 rounds), then End."""
    problems, screens, s = play_session(None, level, seed=11 + level, rounds=99)
    assert s.game.is_over and s.ended and screens > 100
    assert problems == [], "\n".join(problems[:20])


@pytest.mark.parametrize("level", range(5))
@pytest.mark.parametrize("preset", list(PRESETS))
def test_no_help_below_the_level_under_every_preset(preset: str, level: int) -> None:
    problems, screens, _ = play_session(PRESETS[preset], level, seed=11 + level, rounds=2)
    assert screens > 20
    assert problems == [], "\n".join(problems[:20])


@pytest.mark.parametrize("level", range(5))
def test_no_help_below_the_level_with_a_second_person_and_errorless_off(level: int) -> None:
    problems, screens, _ = play_session(
        None, level, seed=5, rounds=2, second_person=True, errorless=False, max_pip=9
    )
    assert screens > 20
    assert problems == [], "\n".join(problems[:20])


def test_the_checks_find_help_given_too_early() -> None:
    """The checks are not blind: the engine's own words, shown raw at level 0, are caught."""
    s = Session(SessionSettings(seed=4, cue_start=0), client="AB12", clock=lambda: 0.0)
    while s.whose_turn() == "bot":
        s.bot_step()
    w = GuidedSession(s)
    problems: list[str] = []
    w.message = "Not that one: " + str(s.round.refusal("pass")) + "."
    check_screen(w, 0, 0, set(), problems)
    assert any("tells what fits" in p for p in problems)
    view = dict(w.view)
    view["rule"] = s.round.rule_in_force()
    w.view = view
    problems.clear()
    check_screen(w, 1, 1, set(), problems)
    assert any("names a number" in p for p in problems)


def test_on_a_turn_with_no_tile_to_play_levels_1_and_2_read_as_on_any_other() -> None:
    """Level 1 says the same words whether or not a tile fits; level 2 names the numbers a
    tile would need (not "no tile fits", which is level 3's help)."""
    from cfwidget.core import Round
    from cfwidget.therapy.cues import cue_for

    seen = 0
    for seed in range(200):
        rnd = Round.deal(Rules(max_pip=6, hand_size=4), players=2, seed=seed)
        while not rnd.is_over and seen < 5:
            obs = rnd.observation(rnd.turn)
            if obs.forced is None and obs.drawn is None and not obs.plays:
                numbers = sorted(obs.fitting_numbers())
                cue = cue_for(rnd, rnd.turn, 2)
                assert cue.prompt.startswith("Look for a tile with ") and not FIT.search(cue.prompt)
                assert [int(n) for n in re.findall(r"\d+", cue.prompt)] == numbers
                assert set(cue.ends) == {str(t) for t, n, _ in obs.open_ends if n in numbers}
                assert (
                    cue_for(rnd, rnd.turn, 1).prompt == "Your turn. Look at the ends of the lines."
                )
                assert cue_for(rnd, rnd.turn, 3).prompt.startswith("No tile fits")
                seen += 1
            rnd.play(obs.legal_moves[0])
    assert seen == 5


def test_the_line_under_the_board_is_the_views_and_held_to_the_level() -> None:
    """js/targets.js shows the view's words before a tile is picked; Python chooses them:
    below cue level 3 one line for every position (it does not tell whether a tile fits),
    from level 3 what to do (choose a tile, or draw, or pass)."""
    from pathlib import Path

    from cfwidget.widget import CHOOSE_ANY

    for level in range(5):
        s = Session(SessionSettings(seed=4, cue_start=level, fade_every=0), client="AB12")
        while s.whose_turn() == "bot":
            s.bot_step()
        w = GuidedSession(s)
        obs = s.round.observation(w.seat)
        telling = (
            "Choose a tile to play."
            if obs.plays
            else "No tile fits: draw one."
            if "draw" in {str(m) for m in obs.legal_moves}
            else "No tile fits: pass."
        )
        assert w.view["idle_words"] == (CHOOSE_ANY if level < 3 else telling), level
    front_end = Path(__file__).resolve().parents[2] / "js"
    for source in front_end.glob("*.js"):  # the words have one home: Python
        text = source.read_text(encoding="utf-8")
        for words in ("Choose a tile to play", "No tile fits"):
            assert words not in text, (source.name, words)
