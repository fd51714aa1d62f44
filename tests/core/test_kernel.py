"""The rules kernel (core/_kernel.py): the one play step, read through its own small API."""

from __future__ import annotations

import random

import pytest

import cfwidget as cf
from cfwidget.core._kernel import _FIELDS, DRAW_CODE, PASS_CODE, Kernel


def test_a_copy_has_every_field_and_shares_no_list() -> None:
    k = cf.Round.deal(cf.Rules(), 3, seed=2).kernel()
    other = k.copy()
    # The class's fields: its __slots__, or what mypyc lists for the compiled build.
    declared = getattr(Kernel, "__mypyc_attrs__", None) or Kernel.__slots__
    assert set(declared) == set(_FIELDS)
    for name in _FIELDS:
        assert getattr(other, name) == getattr(k, name), name
    assert other.hands is not k.hands and other.yard is not k.yard
    assert all(a is not b for a, b in zip(other.ends, k.ends, strict=True))
    other.apply(other.legal_codes()[0])
    assert other.hands != k.hands


@pytest.mark.parametrize("name", cf.Rules.preset_names())
def test_the_kernel_lists_and_steps_as_the_round_does(name: str) -> None:
    """Codes name the round's moves in its order; playable(), no_play_code() and
    random_code() agree with the legal list at every step (the policies read them instead
    of the list)."""
    rng = random.Random(name)
    rules = cf.Rules.preset(name)
    for seed in range(8):
        rnd = cf.Round.deal(rules, rng.choice(rules.player_counts()), seed=seed)
        k = rnd.kernel()
        while not rnd.is_over:
            codes = k.legal_codes()
            assert [k.ts.move_of[c] for c in codes] == rnd.legal_moves()
            tiles = {c >> 9 for c in codes if c >= 0}
            assert tiles == {r for r in range(len(k.ts.tiles)) if k.playable() >> r & 1}
            if not tiles:
                assert codes == [k.no_play_code()]
            else:
                assert k.no_play_code() in (DRAW_CODE, PASS_CODE)
            for place in range(len(codes)):  # random_code picks the same, without the list
                calls: list[float] = []
                at = (place + 0.5) / len(codes)
                picked = k.random_code(lambda at=at, calls=calls: calls.append(at) or at)
                assert picked == codes[place]
                assert len(calls) == (len(codes) > 1)  # no random number for a forced move
            code = rng.choice(codes)
            k.apply(code)
            rnd.play(k.ts.move_of[code])
            assert (k.turn, k.hands, k.yard) == (
                rnd.turn,
                list(rnd.hand_masks()),
                list(rnd._engine.yard),
            )
        assert k.is_over and k.end_reason == rnd.end_reason and k.points() == rnd.scores()
        assert k.legal_codes() == [] and k.playable() == 0
