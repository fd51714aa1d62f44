"""The information boundary: what a seat is told depends only on what it may see.

Over thousands of positions of every preset, each position is re-dealt for one seat
(:mod:`seat_worlds`: every tile the seat cannot see moves, the public history still replays)
and the seat's observation, its rule line, the refusals of a set of probe moves and the
coach's hint must not change. A deliberately leaky rule line (the old one, which named the
tile another seat drew) fed to the same checker is caught.

And the advice matches the moves: every refusal and every "what to do" sentence names
only actions that are legal at that moment, over thousands of random rounds of every preset.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from seat_worlds import Position, boundary_breaks, positions

import cfwidget as cf
from cfwidget import Move, Observation, Round, Tile
from cfwidget.core import refusal, rule_line, tile_refusal, what_to_do
from cfwidget.odds import CoachBot, coach_hint
from cfwidget.players import RandomBot, TipsBot, face_value, greedy

PRESETS = cf.Rules.preset_names()
POSITIONS = 5_000  # per preset


@cache
def spots(preset: str) -> tuple[Position, ...]:
    seed = PRESETS.index(preset) + 1
    return tuple(positions(cf.Rules.preset(preset), POSITIONS, seed))


def probe_moves(obs: Observation) -> list[Move]:
    """Moves to ask about, chosen from what the seat sees: draw, pass, and plays."""
    seen = set(obs.hand) | {p.tile for p in obs.table}
    stranger = next(t for t in cf.full_set(obs.rules.max_pip) if t not in seen)
    onto = [t for t, _, _ in obs.open_ends[:3]] + [obs.start, obs.table[-1].tile]
    moves = [Move.DRAW, Move.PASS, Move.play(stranger, obs.start)]
    for t in obs.hand[:3]:
        moves += [Move.play(t, u) for u in onto if u != t]
    if obs.hand and obs.hand[0] != obs.start:
        moves.append(Move.play(obs.hand[0], obs.start, announce=True))
    return moves


def told(rnd: Round, seat: int) -> tuple[object, ...]:
    """Everything the engine and the coach say to ``seat`` now.

    The observation (every field; its JSON form, whose ``rule`` is the rule line, is made
    from it) and the coach's hint. The other words (:func:`~cfwidget.core.refusal`,
    :func:`~cfwidget.core.what_to_do`,
    :func:`~cfwidget.core.tile_refusal`) are functions of the observation, and the round's
    own methods give exactly those words (both checked below), so an unchanged observation
    means unchanged words.
    """
    obs = rnd.observation(seat)
    said: list[object] = [obs]  # its JSON form, rule line included, is a function of it
    if obs.to_move and len(obs.legal_moves) > 1:  # the coach reads the round itself
        advice = coach_hint(rnd, seat)
        said.append((advice.move, advice.sentence))
    return tuple(said)


def test_the_rounds_words_are_the_observations_words() -> None:
    """Round.refusal, tile_refusal and rule_in_force say what the seat's
    observation says, in every position of every preset (a sample of each)."""
    for preset in PRESETS:
        for spot in spots(preset)[::25]:
            rnd, seat = spot.rnd, spot.seat
            obs = rnd.observation(seat)
            assert rnd.rule_in_force(seat) == rule_line(obs) == obs.to_dict()["rule"]
            mover = rnd.observation(rnd.turn)
            assert rnd.rule_in_force() == rule_line(mover)
            for m in probe_moves(mover):
                assert rnd.refusal(m) == refusal(mover, m), m
            for t in mover.hand[:4]:
                assert rnd.tile_refusal(t) == tile_refusal(mover, t)


def test_words_made_from_the_observation_are_functions_of_it() -> None:
    """Two rounds with equal observations get the same words from the observation's functions."""
    for spot in spots("wolf-lake")[:300]:
        obs = spot.rnd.observation(spot.seat)
        again = spot.rnd.copy().observation(spot.seat)
        assert obs == again
        for m in probe_moves(obs):
            assert refusal(obs, m) == refusal(again, m)
        assert (rule_line(obs), what_to_do(obs)) == (rule_line(again), what_to_do(again))
        assert [tile_refusal(obs, t) for t in obs.hand] == [
            tile_refusal(again, t) for t in obs.hand
        ]


def leaky_rule(rnd: Round, seat: int) -> str:
    """The rule line as it was before issue 22: it named the drawn tile to every seat."""
    drawn = rnd.drawn
    line = rnd.rule_in_force(seat)
    return line if drawn is None else f"{line.split(';')[0]}; the drawn tile {drawn}"


@pytest.mark.parametrize("preset", PRESETS)
def test_nothing_a_seat_is_told_changes_with_tiles_it_cannot_see(preset: str) -> None:
    report = boundary_breaks(told, spots(preset), seed=7)
    assert report.breaks == [], "\n".join(report.breaks or [])
    assert report.positions == POSITIONS
    # Most positions could really be re-dealt (early and late ones may leave nothing to move).
    assert report.redealt >= 0.6 * POSITIONS, report
    assert report.hands_moved >= 0.5 * POSITIONS, report


def bot_choices(rnd: Round, seat: int) -> tuple[Move, ...]:
    """What each bot plays for ``seat`` (the seat to move), given that seat's observation."""
    obs = rnd.observation(seat)
    bots = (RandomBot(3), greedy, TipsBot(), TipsBot(dump_blank=False), face_value, CoachBot())
    return tuple(bot(obs) for bot in bots)


def search_choice(rnd: Round, seat: int) -> Move:
    """The search bot's move for ``seat``: it imagines the hidden tiles from the observation."""
    from cfwidget.analysis import SearchBot

    return SearchBot(1, strength=6, doubt=0)(rnd.observation(seat))


def deep_search_choice(rnd: Round, seat: int) -> tuple[Move, tuple[str, ...], int]:
    """The deep search bot's move for ``seat``, and its race: the moves left and the worlds
    used (both built from imagined worlds, so from the observation alone)."""
    from cfwidget.analysis import DeepSearchBot, race

    obs = rnd.observation(seat)
    found = race(obs, most=24, seed=5, first=8)
    return DeepSearchBot(1, strength=24)(obs), found.left, found.worlds


def movers(preset: str, every: int) -> list[Position]:
    """Every ``every``-th position of ``preset`` where the seat looked from is to move."""
    return [s for s in spots(preset)[::every] if s.seat == s.rnd.turn and not s.rnd.is_over]


@pytest.mark.parametrize("preset", PRESETS)
def test_no_bots_choice_changes_with_tiles_its_seat_cannot_see(preset: str) -> None:
    """A bot is a function of the observation: re-deal what the seat cannot see, and every
    bot (random, greedy, tips with and without a tip, face value, the coach) plays the same."""
    spots_ = movers(preset, 4)
    report = boundary_breaks(bot_choices, spots_, seed=11)
    assert report.breaks == [], "\n".join(report.breaks or [])
    assert report.positions == len(spots_) >= 300
    assert report.hands_moved >= 0.5 * len(spots_), report


def test_the_search_bots_choice_does_not_change_with_tiles_its_seat_cannot_see() -> None:
    spots_ = [s for s in movers("wolf-lake", 10) if len(s.rnd.legal_moves()) > 1][:40]
    spots_ += [s for s in movers("puremco", 10) if len(s.rnd.legal_moves()) > 1][:40]
    report = boundary_breaks(search_choice, spots_, seed=11)
    assert report.breaks == [], "\n".join(report.breaks or [])
    assert report.hands_moved >= 0.5 * len(spots_), report


def test_the_deep_search_bots_choice_does_not_change_with_tiles_its_seat_cannot_see() -> None:
    spots_ = [s for s in movers("wolf-lake", 10) if len(s.rnd.legal_moves()) > 1][:30]
    spots_ += [s for s in movers("puremco", 10) if len(s.rnd.legal_moves()) > 1][:30]
    report = boundary_breaks(deep_search_choice, spots_, seed=12)
    assert report.breaks == [], "\n".join(report.breaks or [])
    assert report.hands_moved >= 0.5 * len(spots_), report


def test_the_checker_catches_a_drawn_tile_named_to_another_seat() -> None:
    after_draws = [
        s
        for s in spots("puremco")
        if s.rnd.drawn is not None and s.seat != s.rnd.turn and not s.rnd.is_over
    ]
    assert len(after_draws) >= 50
    report = boundary_breaks(leaky_rule, after_draws, seed=7, stop=1)
    assert report.breaks, "the leaky rule line was not caught"
    assert "the drawn tile" in report.breaks[0]
    # The same positions pass with the real rule line: the leak, not the positions, failed.
    assert boundary_breaks(lambda r, s: r.rule_in_force(s), after_draws, seed=7).breaks == []


def test_another_seat_hears_that_a_tile_was_drawn_but_not_which() -> None:
    rnd = Round.from_deal(
        cf.Rules(max_pip=3, spokes=3, hand_size=2),
        hands=[["3-3", "0-0"], ["3-2", "1-0"]],
        boneyard=["1-1", "2-2", "2-1", "2-0", "3-1", "3-0"],
    )
    rnd.play("3-2@3-3")
    rnd.play("draw")
    assert rnd.observation(1).drawn is None and rnd.observation(1).has_drawn
    assert "1-1" not in rnd.observation(1).to_dict()["rule"]
    assert (
        rnd.observation(1)
        .to_dict()["rule"]
        .endswith("Player 1 has drawn a tile: Player 1 plays it if it fits, or passes")
    )
    assert rnd.observation(0).to_dict()["rule"].endswith("the drawn tile 1-1 does not fit, so pass")
    assert rnd.rule_in_force() == rnd.observation(0).to_dict()["rule"]


# -- advice that matches the moves ----------------------------------------------------------

ADVICE = re.compile(
    r"(?P<play>\bmust play|\bplay (?:a tile|on|the drawn|it\b))"
    r"|(?P<draw>\bdraw from the chicken yard\b)"
    r"|(?P<pass>(?:\bso pass|\bor pass|: pass|pass instead)\b)"
)


@cache
def advised(sentence: str) -> frozenset[str]:
    """The actions a sentence tells the seat to take."""
    return frozenset(m.lastgroup or "" for m in ADVICE.finditer(sentence))


def legal_kinds(obs: Observation) -> set[str]:
    return {m.kind for m in obs.legal_moves}


def test_the_advice_reader_reads_the_old_contradiction() -> None:
    old = "the chicken foot on 4-4 still needs 2 toes; the drawn tile 1-1 does not fit, so pass"
    assert advised(old + ": play a tile with a 4 on 4-4") == {"play", "pass"}
    assert advised("Player 1 has no tile that fits: draw from the chicken yard") == {"draw"}
    assert advised("Player 1 has a tile that fits, so passing is not allowed") == set()


@pytest.mark.parametrize("preset", PRESETS)
def test_every_refusal_and_what_to_do_names_only_legal_actions(preset: str) -> None:
    rules = cf.Rules.preset(preset)
    rng = random.Random(PRESETS.index(preset))
    bad: list[str] = []
    sentences = 0
    for r in range(2_000):
        players = rng.choice([p for p in (2, 3, 4, 5) if p * rules.hand_size_for(p) < 50])
        rnd = Round.deal(rules, players, seed=r)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            # Every position where the seat has drawn or has no play (where the old words
            # went wrong), and a quarter of the others: the test stays quick enough for CI.
            if rnd.drawn is None and moves[0].is_play and rng.random() < 0.75:
                rnd.play(moves[rng.randrange(len(moves))])
                continue
            obs = rnd.observation(rnd.turn)
            legal = legal_kinds(obs)
            t = obs.hand[0]
            probes = [Move.DRAW, Move.PASS, Move.play(t, obs.table[-1].tile)]
            if obs.forced is not None and obs.table[-1].tile != obs.start:
                probes.append(Move.play(t, obs.start))
            # The rule line starts with the rule of the table ("play on any open end" is a
            # rule, true whether or not this seat holds a tile for it); what follows it is
            # about this turn.
            words = [what_to_do(obs), *rule_line(obs).split("; ")[1:]]
            words += [w for w in (refusal(obs, m) for m in probes) if w is not None]
            words += [w for w in (tile_refusal(obs, u) for u in obs.hand[:2]) if w is not None]
            for sentence in words:
                sentences += 1
                wrong = advised(sentence) - legal
                if wrong:
                    bad.append(f"{sentence!r} with legal {sorted(legal)}")
            legal_moves = obs.legal_moves
            rnd.play(legal_moves[rng.randrange(len(legal_moves))])
        if len(bad) > 5:
            break
    assert bad == [], "\n".join(bad[:5])
    assert sentences > 2_000 * 15


def test_a_drawn_tile_that_does_not_fit_is_told_to_pass_only() -> None:
    rules = cf.Rules(max_pip=4, spokes=3, hand_size=2, toes=2)
    rnd = Round.from_deal(
        rules,
        hands=[["4-4", "3-1"], ["4-3", "2-0"]],
        boneyard=["1-1", "2-2", "2-1", "3-3", "3-2", "4-0", "4-1", "4-2", "3-0", "1-0", "0-0"],
    )
    rnd.play("4-3@4-4")
    rnd.play("draw")  # 1-1 does not fit 4-4
    for move in ("3-1@4-4", "1-1@4-3", "1-1@4-4", "draw"):
        reason = rnd.refusal(move)
        assert reason is not None and advised(reason) <= {"pass"}, reason
    assert rnd.refusal("3-1@4-4") == (
        "after drawing, only the drawn tile 1-1 may be played this turn, and it does not fit: pass"
    )
    assert rnd.tile_refusal(Tile(3, 1)) == rnd.refusal("3-1@4-4")
