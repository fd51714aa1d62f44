"""The playout kernel against the engine, move for move (a share of tools/playout_check.py).

Every preset, spread over every number of players, each round started some random moves in:
the one-round loop (random, greedy and coach-like) is replayed in the engine beside a kernel
position stepped move by move (the same legal moves as sets of engine moves at every step, the
same turn and points, the same end and scores), the greedy and coach-like moves are the plain
reading of each policy, and the NumPy batch's traces replay in the engine with as many legal
moves as it
counted. ``python -m tools.playout_check`` runs the full 2,000 rounds of every preset (about
four minutes on two cores); here ``ROUNDS`` per preset keep the file near 15 s.
"""

from __future__ import annotations

import pytest

from cfwidget.core import Rules
from tools.playout_check import EXTRA_RULES, check_rules

ROUNDS = 60
EXTRA_ROUNDS = 25


@pytest.mark.parametrize("name", Rules.preset_names())
def test_every_preset_plays_move_for_move_as_the_engine(name: str) -> None:
    played, moves = check_rules(name, Rules.preset(name), ROUNDS, seed=7)
    assert played == ROUNDS
    assert moves > 5 * ROUNDS * 10  # five playouts of every round, each many moves long


@pytest.mark.parametrize("name", list(EXTRA_RULES))
def test_option_mixes_no_preset_has_play_as_the_engine(name: str) -> None:
    played, moves = check_rules(name, EXTRA_RULES[name], EXTRA_ROUNDS, seed=11)
    assert played == EXTRA_ROUNDS and moves > 0
