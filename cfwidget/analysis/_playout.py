"""Playouts: a round played to its end by a simple fast policy, for the rollouts of analysis.

:func:`playout` takes a :class:`~cfwidget.Round` at any point and returns each seat's round
points once a policy has played it out with every hand open. The policies:

- ``"random"``: a uniform choice among the engine's legal moves (seeded): the odds of a
  :class:`~cfwidget.players.RandomBot` choosing from ``legal_moves()``, announced and
  unannounced plays and a pass after a draw counted as the engine lists them (the same
  odds, not the same choices for a seed).
- ``"greedy"``: the heaviest tile that may be played (the 0-0 costs the rules'
  ``double_blank``), ties to the lower tile; it joins at its higher number when an end
  shows it (onto the lowest such table tile), never passes a drawn tile that fits, and
  always announces its last tile when the rules have announcing.
- ``"coach-like"``: the coach's main terms (:mod:`cfwidget.odds`), cut to what a playout
  can afford. Each tile that may be played is weighed: its cost; less the coach's 10
  waiting points for each of its numbers whose double is still to come when it is the
  player's last tile of that number (never for a double); and, when there is a choice, for
  every other seat, the chance it holds no tile of the numbers the play leaves open
  (counted from the tiles the player cannot see, as many as that seat holds) times those
  tiles' average cost, less the coach's danger weight for a seat with few tiles left times
  the chance it can play times what the player's hand would still cost. The heaviest weight
  is played (ties to the lower tile), placed, announced and never passed as the greedy
  policy does. It reads only what the player to move could see, and not the history: no
  "that seat drew, so it lacks a 6". These are the coach's terms worth most; the follow and
  stuck terms are left out (``tools/coach_terms.py`` measures what each is worth:
  ``docs/measurements.md``).

Each policy is a small function over the rules kernel, in :mod:`cfwidget.analysis._policies`
with the loop that plays a position out with one (so the rules are the kernel's alone).
:func:`playouts` plays the random policy on the open ends' counts (``_counted.py``: the
kernel's play step without the table tiles a playout does not need); the differential
harness (``tests/core/test_differential.py``) replays every policy and those playouts
against the reference engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .._shared import check_seed, check_whole, shown
from ..core import Round
from ._counted import Counted
from ._errors import PlayoutError
from ._kernel import Position
from ._policies import POLICIES, Policy, policy_for, run

__all__ = ["MAX_PLAYOUTS", "playout", "playouts"]

#: The most playouts one :func:`playouts` call makes (memory stays small: a few MB).
MAX_PLAYOUTS = 100_000


def playout(rnd: Round | Position, policy: Policy = "random", seed: int | None = None) -> list[int]:
    """Each seat's round points after ``policy`` plays ``rnd`` out (``rnd`` is not changed).

    ``rnd`` is a :class:`~cfwidget.Round` at any point (or a kernel
    :class:`~cfwidget.analysis.Position`); every hand and the yard's order are used as
    they are: to analyse what one seat cannot see, deal those tiles again first. ``seed``
    (a whole number from 0 to 2**64 - 1, ``None`` for a fresh one) makes the random policy
    repeatable. A round that is over gives its scores.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules.preset("wolf-lake"), players=4, seed=7)
    >>> playout(rnd, seed=1) == playout(rnd, seed=1), len(playout(rnd, "greedy"))
    (True, 4)
    >>> playout(rnd, "smart")
    Traceback (most recent call last):
    ...
    cfwidget.PlayoutError: policy must be 'random', 'greedy' or 'coach-like' (got 'smart')
    """
    _check_policy(policy)
    pos = rnd.copy() if isinstance(rnd, Position) else Position.from_round(rnd)
    rand = random.Random(_seed(seed)).random if policy == "random" else None
    run(pos, policy_for(policy, pos.rules.double_blank, pos.ts.max_pip, rand))
    return pos.points()


def playouts(
    start: Round | Position | Sequence[Round | Position],
    rounds: int | None = None,
    policy: Policy = "random",
    seed: int | None = None,
) -> list[list[int]]:
    """Many playouts in one call: each round's points, one list per playout.

    ``start`` is one round (or kernel position) played out ``rounds`` times, or a list of
    rounds of the same rules and number of seats, each played out once. Under the random
    policy the playouts run on the open ends' counts, quicker than one :func:`playout` at a
    time; ``seed`` makes them repeatable (one stream of random numbers for all of them, so
    the choices differ from :func:`playout`'s for the same seed; both are uniform among the
    legal moves).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules.preset("puremco"), players=3, seed=8)
    >>> points = playouts(rnd, rounds=500, seed=1)
    >>> len(points), points == playouts(rnd, rounds=500, seed=1)
    (500, True)
    >>> playouts([rnd, rnd], rounds=3)
    Traceback (most recent call last):
    ...
    cfwidget.PlayoutError: rounds is for one starting round; a list of 2 rounds plays each once
    """
    _check_policy(policy)
    if isinstance(start, (Round, Position)):
        rounds = check_whole(rounds, "rounds", PlayoutError, low=1, high=MAX_PLAYOUTS)
        first = start.copy() if isinstance(start, Position) else Position.from_round(start)
        positions = [first] * rounds  # a playout never changes its start
    else:
        if isinstance(start, (str, bytes)) or not isinstance(start, Sequence) or not start:
            raise PlayoutError("start must be a Round, or a non-empty list of rounds")
        if rounds is not None:
            raise PlayoutError(
                f"rounds is for one starting round; a list of {len(start)} rounds plays each once"
            )
        if len(start) > MAX_PLAYOUTS:
            raise PlayoutError(f"at most {MAX_PLAYOUTS:,} rounds at once (got {len(start):,})")
        made: dict[int, Position] = {}  # a round listed twice is read once
        positions = []
        for x in start:
            pos = made.get(id(x))
            if pos is None:
                pos = made[id(x)] = x.copy() if isinstance(x, Position) else Position.from_round(x)
            positions.append(pos)
        first = positions[0]
        for i, x in enumerate(positions):
            if (x.rules is not first.rules and x.rules != first.rules) or (
                x.players != first.players
            ):
                raise PlayoutError(
                    f"round {i} has other rules or another number of seats than round 0: "
                    "play each kind of round in its own call"
                )
    if policy == "random":
        rand = random.Random(_seed(seed)).random
        counted: dict[int, Counted] = {}  # each distinct position counted once
        result = []
        for x in positions:
            ready = counted.get(id(x))
            if ready is None:
                ready = counted[id(x)] = Counted(x)
            result.append(ready.play(rand, None)[0])
        return result
    choose = policy_for(policy, first.rules.double_blank, first.ts.max_pip)
    result = []
    for x in positions:
        one = x.copy()
        run(one, choose)
        result.append(one.points())
    return result


def _check_policy(policy: object) -> None:
    if policy not in POLICIES:
        raise PlayoutError(
            f"policy must be 'random', 'greedy' or 'coach-like' (got {shown(policy)})"
        )


def _seed(seed: object) -> int:
    """A checked seed (``None``: a fresh one from the system)."""
    if seed is None:
        return random.SystemRandom().randrange(2**63)
    return check_seed(seed, PlayoutError, fresh=True)
