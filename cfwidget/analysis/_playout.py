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

:func:`run` is the one-round hot path: one function, everything in local names, no
objects made per move. It plays the rules :class:`~cfwidget.analysis.Position` steps
through (``_kernel.py``); :func:`playouts` hands sets of up to 64 tiles to the NumPy batch
(``_batch.py``) under the random and greedy policies (the coach-like one plays one round
after another). ``tools/playout_check.py`` replays all of them in the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from math import comb
from typing import Literal

import numpy as np

from .._shared import check_seed, shown
from ..core import Round
from ..odds import DANGER, THEIR_DRAW, WAITING
from ._batch import MAX_BATCH_TILES, run_batch
from ._errors import PlayoutError
from ._kernel import DRAW_CODE, PASS_CODE, Position
from ._tables import hand_cost

__all__ = ["MAX_PLAYOUTS", "POLICIES", "Policy", "playout", "playouts", "run"]

#: The most playouts one :func:`playouts` call makes (memory stays small: a few MB).
MAX_PLAYOUTS = 100_000
#: The coach-like policy's points for keeping a last tile of a number whose double is to come: the
#: coach's own weight for it (:mod:`cfwidget.odds`).
WAITING_POINTS = int(WAITING)
#: The chance a hand of k tiles from u unseen holds none of m that fit, by (u * 128 + m) * 128 + k.
_NONES: dict[int, float] = {}


def _none(unseen: int, fitting: int, k: int) -> float:
    """The chance that ``k`` tiles dealt from ``unseen`` hold none of ``fitting`` of them."""
    if k > unseen:
        return 0.0 if fitting else 1.0
    return comb(unseen - fitting, k) / comb(unseen, k)


#: Lower than any tile's weight under the greedy and coach-like policies.
_NEVER = 1 << 30

Policy = Literal["random", "greedy", "coach-like"]
POLICIES: tuple[Policy, ...] = ("random", "greedy", "coach-like")


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
    rand = None
    if policy == "random":
        rand = random.Random(_seed(seed)).random
    run(pos, rand, None, policy == "coach-like")
    return pos.points()


def playouts(
    start: Round | Position | Sequence[Round | Position],
    rounds: int | None = None,
    policy: Policy = "random",
    seed: int | None = None,
) -> list[list[int]]:
    """Many playouts at once: each round's points, one list per playout.

    ``start`` is one round (or kernel position) played out ``rounds`` times, or a list of
    rounds of the same rules and number of seats, each played out once. Sets of up to 64
    tiles (double-9 and smaller) are played all at once on NumPy arrays; bigger sets one
    after the other. ``seed`` makes the random policy repeatable (NumPy's generator, so the
    choices differ from :func:`playout`'s for the same seed; both are uniform among the
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
        if rounds is None or isinstance(rounds, bool) or not isinstance(rounds, int):
            raise PlayoutError(f"rounds must be a whole number of playouts (got {rounds!r})")
        if not 1 <= rounds <= MAX_PLAYOUTS:
            raise PlayoutError(f"rounds must be from 1 to {MAX_PLAYOUTS:,} (got {rounds})")
        first = start.copy() if isinstance(start, Position) else Position.from_round(start)
        positions = [first] * rounds  # the batch never changes its positions
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
    checked = _seed(seed) if policy == "random" else 0
    if len(first.t.tiles) <= MAX_BATCH_TILES and policy != "coach-like":
        gen = np.random.default_rng(checked) if policy == "random" else None
        return run_batch(positions, gen)[0]
    rand = random.Random(checked).random if policy == "random" else None
    result = []
    for x in positions:
        one = x.copy()
        run(one, rand, None, policy == "coach-like")
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


def run(
    pos: Position,
    rand: Callable[[], float] | None,
    trace: list[int] | None = None,
    weighed: bool = False,
) -> None:
    """Play ``pos`` to its end in place: uniformly at random with ``rand`` (a
    ``random.Random().random``), or greedily when ``rand`` is ``None``: by the coach-like
    weights when ``weighed`` (see the module text), else by the tile's cost alone. With
    ``trace``, each move's kernel code is appended to it (for the checks against the engine)."""
    end = pos.end_reason
    if end is not None:
        return
    t = pos.t
    info, high, far_of, doubles = t.info, t.high, t.far, t.doubles
    double_bit = t.double_bit
    number_mask, fits = t.number_mask, t.fits
    pens = pos.pens  # what each tile costs, by rank: the greedy policy's weights
    hands, yard, ends = pos.hands, pos.yard, pos.ends
    nums, forced, needed, drawn, turn, passes = (
        pos.nums,
        pos.forced,
        pos.needed,
        pos.drawn,
        pos.turn,
        pos.passes,
    )
    players = len(hands)
    toes, must, announce, little, pass_ends = (
        pos.toes,
        pos.must_play,
        pos.announce,
        pos.little,
        pos.pass_ends,
    )
    fitmask = fits.get(nums)
    if fitmask is None:
        fitmask = t.fitting(nums)
    fneed = number_mask[high[forced]] if forced >= 0 else 0
    last_double = pos.last_double
    waiting = WAITING_POINTS
    table = 0  # the tiles on the table (a double "still to come" is off it)
    every = (1 << len(t.tiles)) - 1
    if weighed:
        table = every
        for h in hands:
            table ^= h
        for y in yard:
            table ^= y
    nones, danger, their_draw = _NONES, DANGER, THEIR_DRAW
    # What each hand, the table and the whole set cost, kept up to date for the weights.
    held = [hand_cost(h, pos.costs) for h in hands] if weighed else []
    laid = hand_cost(table, pos.costs) if weighed else 0
    whole = hand_cost(every, pos.costs) if weighed else 0
    out = -1
    while True:
        hand = hands[turn]
        fm = fneed if forced >= 0 else fitmask
        if drawn:
            bits = drawn & fm
            may_pass = not must
        else:
            bits = hand & fm
            may_pass = False
            if not bits and yard:  # nothing to play: draw
                drawn = yard.pop()
                hands[turn] = hand | drawn
                if weighed:
                    held[turn] += pens[info[drawn][2]]
                if trace is not None:
                    trace.append(DRAW_CODE)
                if not yard:
                    for h in hands:
                        if h & fm:
                            break
                    else:
                        end = "blocked"
                        break
                continue
        # Choose: a play (tile bit b of rank r onto u, joined at number n), or a pass (b = 0).
        b = 0
        ann = 0
        if bits:
            mult = 2 if announce and hand.bit_count() == 2 else 1
            if rand is None:  # greedy or coach-like: the best weight, ties to the lower tile
                best: float = -_NEVER
                weigh = weighed and bits & (bits - 1)
                if weigh:  # the tiles the mover cannot see, their average cost, its hand's cost
                    unseen = every ^ table ^ hand
                    size = unseen.bit_count()
                    mine = held[turn]
                    mean = (whole - laid - mine) * their_draw / size if size else 0.0
                    counts = [hands[(turn + d) % players].bit_count() for d in range(1, players)]
                    by_fit: dict[int, tuple[float, float]] = {}
                x = bits
                while x:
                    rest = x & (x - 1)
                    low = x ^ rest
                    x = rest
                    a, bk, r = info[low]
                    p: float = pens[r]
                    if weighed and not doubles[r]:
                        kept = hand ^ low  # its last tile of a number whose double is to come?
                        if not kept & number_mask[a] and not table & double_bit[a]:
                            p -= waiting
                        if not kept & number_mask[bk] and not table & double_bit[bk]:
                            p -= waiting
                    if weigh:
                        if doubles[r]:
                            faced = number_mask[a]
                        elif forced >= 0 and needed > 1:
                            faced = fneed
                        else:
                            n = high[forced] if forced >= 0 else (a if ends[a] else bk)
                            after = nums ^ (1 << n) if len(ends[n]) == 1 else nums
                            after |= 1 << far_of[r][n]
                            faced = fits.get(after) or t.fitting(after)
                        m = (unseen & faced).bit_count()
                        ab = by_fit.get(m)
                        if ab is None:  # the others' draws (a) and their danger (b), if m fit
                            chances = []
                            for k in counts:
                                key = (size * 128 + m) * 128 + k
                                none = nones.get(key)
                                if none is None:
                                    none = nones[key] = _none(size, m, k)
                                chances.append(none)
                            ta = 0.0
                            for none in chances:
                                ta += none * mean
                            tb = 0.0
                            for k, none in zip(counts, chances, strict=True):
                                tb += danger.get(k, 0.0) * (1.0 - none)
                            ab = by_fit[m] = (ta, tb)
                        p += ab[0] - (mine - pens[r]) * ab[1]
                    if p > best:
                        best, b = p, low
                if forced >= 0:
                    u, n = forced, high[forced]
                else:
                    a, bk, _ = info[b]
                    n = a if ends[a] else bk  # its higher number when it can
                    u = min(ends[n])
                ann = mult - 1
            elif forced >= 0:
                u, n = forced, high[forced]
                if bits & (bits - 1) == 0 and mult == 1 and not may_pass:
                    b = bits  # the only legal move
                else:
                    k = bits.bit_count()
                    j = int(rand() * (k * mult + may_pass))
                    if j < k * mult:
                        ann = j % mult
                        j //= mult
                        x = bits
                        while j:
                            x &= x - 1
                            j -= 1
                        b = x & -x
            else:
                total = 0
                x = bits
                while x:
                    rest = x & (x - 1)
                    a, bk, _ = info[x ^ rest]
                    x = rest
                    total += len(ends[a]) + len(ends[bk])
                j = int(rand() * (total * mult + may_pass))
                if j < total * mult:
                    ann = j % mult
                    j //= mult
                    x = bits
                    while True:
                        rest = x & (x - 1)
                        low = x ^ rest
                        a, bk, _ = info[low]
                        la = len(ends[a])
                        if j < la:
                            b, u, n = low, ends[a][j], a
                            break
                        j -= la
                        lb = len(ends[bk])
                        if j < lb:
                            b, u, n = low, ends[bk][j], bk
                            break
                        j -= lb
                        x = rest
        if not b:  # a pass
            if trace is not None:
                trace.append(PASS_CODE)
            passes += 1
            drawn = 0
            if pass_ends and passes >= players:
                end = "all-passed"
                break
            if not yard:
                for h in hands:
                    if h & fm:
                        break
                else:
                    end = "blocked"
                    break
            turn = turn + 1 if turn + 1 < players else 0
            continue
        # A play of tile b onto u at number n.
        a, bk, r = info[b]
        if trace is not None:
            trace.append((r << 8 | u) << 1 | ann)
        hand ^= b  # a drawn tile is in the hand already
        table |= b
        if weighed:
            held[turn] -= pens[r]
            laid += pens[r]
        hands[turn] = hand
        if forced >= 0:
            needed -= 1
            if not needed:
                e = ends[n]
                e.remove(u)
                forced = -1
                if not e:
                    nums ^= 1 << n
        else:
            e = ends[n]
            e.remove(u)
            if not e:
                nums ^= 1 << n
        far = far_of[r][n]
        e = ends[far]
        if not e:
            nums |= 1 << far
        e.append(r)
        last_double = doubles[r]
        if last_double:
            forced, needed = r, toes
            fneed = number_mask[n]
        fitmask = fits.get(nums)
        if fitmask is None:
            fitmask = t.fitting(nums)
        passes = 0
        drawn = 0
        if not hand:
            end, out = "went-out", turn
            break
        if little and not ann and yard and hand & (hand - 1) == 0:
            y = yard.pop()
            hands[turn] = hand | y
            if weighed:
                held[turn] += pens[info[y][2]]
        if not yard:
            fm = fneed if forced >= 0 else fitmask
            for h in hands:
                if h & fm:
                    break
            else:
                end = "blocked"
                break
        turn = turn + 1 if turn + 1 < players else 0
    pos.nums, pos.forced, pos.needed, pos.drawn, pos.turn, pos.passes = (
        nums,
        forced,
        needed,
        drawn,
        turn,
        passes,
    )
    pos.last_double, pos.end_reason, pos.out = last_double, end, out
