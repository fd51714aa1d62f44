"""A sharper count: one seat's odds from everything it has seen, not only what it can count.

The plain count (:meth:`Round.draw_odds <cfwidget.Round.draw_odds>`, :mod:`cfwidget.odds`)
treats the other hands as a random share of the tiles a seat cannot see. That is exact right
after the deal, but the table tells more as the round goes on:

- a seat that **drew** held no tile that fitted at that moment;
- a seat that **passed** without drawing (the yard was empty) held none either;
- a seat that **passed after drawing** did not draw a tile that fits. The rules say so when a
  drawn tile that fits must be played (``must_play_drawn``); otherwise it assumes the players
  play a drawn tile that fits, as every bot here except ``random`` does (``trust_passes``);
- a seat that played right after drawing played the tile it drew.

The sharper count imagines the hidden tiles in many ways (*worlds*): every tile the seat cannot
see goes to another hand (as many as each holds) or to the yard, and each hidden draw of the
others is given a tile. It keeps only worlds in which everything the seat saw could have
happened, each of those as likely as any other, and counts in them. The worlds come from a
Markov chain (each step deals one seat's tiles afresh, keeping the world possible, or swaps two
tiles between hands), so the answers are estimates that get closer with more worlds.

It reads only what the seat may know: its own hand, the table, how many tiles each hand and the
yard hold, and the history of moves (a draw's tile is not in it). Its answer is the same for
every arrangement of the hidden tiles that fits that view.

It does not model *how* players choose among their legal moves (a greedy player keeps its
light tiles, for example), and it needs the rule that a missing starting double is drawn for
(``start_missing="draw"``).

>>> from cfwidget import Round, Rules
>>> from cfwidget.players import greedy
>>> from cfwidget.odds import replay
>>> rnd = replay(Round.deal(Rules(max_pip=6, hand_size=7), 2, seed=19), [greedy] * 2, until=4)
>>> [(seat, str(move)) for seat, move in rnd.history], rnd.yard_count
([(1, '6-1@6-6'), (0, '6-4@6-6'), (1, 'draw'), (1, 'pass')], 13)

The centre still needs spokes. Seat 1 drew, so it held no 6, and passed, so it drew none:
every 6 that seat 0 cannot see is in the yard. The plain count spreads them over the other
hand too; the sharper count finds them all in the yard, 4 of its 13 tiles.

>>> rnd.draw_odds(0), round(sharper_draw_odds(rnd, 0), 4), round(4 / 13, 4)
(Fraction(1, 5), 0.3077, 0.3077)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import pandas as pd

from .._shared import check_seed, check_whole, whole_in
from ..core import Move, Observation, Round, Rules, Tile, fitting_numbers, full_set
from . import _seat as seat_odds
from ._errors import SeatOddsError
from ._ways import DEALT as _DEALT
from ._ways import WaysCounter

__all__ = [
    "World",
    "chain_sizes",
    "hidden_world_chains",
    "hidden_worlds",
    "sharper_checks",
    "sharper_draw_odds",
    "sharper_holds",
]

#: Chain steps thrown away before the first world is kept, and steps between kept worlds.
_BURN_IN = 8
_THIN = 1
#: How many times the chain may deal a first world seat by seat before it gives up.
_STARTS = 1000


class World(NamedTuple):
    """One way the hidden tiles could lie: every seat's hand (the viewer's as it is) and the
    yard's tiles, whose order is equally likely to be any."""

    hands: tuple[frozenset[Tile], ...]
    yard: frozenset[Tile]


# --- what the seat may know -------------------------------------------------------------------


def _public_view(rnd: Round | Observation, seat: int) -> Observation:
    """The only place that reads the round: ``seat``'s observation of it (or the observation
    given, which must be ``seat``'s)."""
    if isinstance(rnd, Observation):
        if rnd.seat != seat:
            raise SeatOddsError(
                f"the observation is seat {rnd.seat}'s, so it tells nothing of seat {seat}'s view"
            )
        view = rnd
    else:
        seat_odds._check_round(rnd)
        seat_odds._check_seat(rnd, seat)
        view = rnd.observation(seat)
    if view.rules.start_missing != "draw":
        raise SeatOddsError(
            "the sharper count needs the rule that players draw for a missing starting double "
            "(start_missing='draw'); with 'next-highest' the choice of a stand-in double says "
            "more about the hands than it counts"
        )
    return view


@dataclass
class _Seat:
    """What one other seat's moves say about the tiles it held.

    ``played`` are its played tiles that it may have held for a while (not the ones it drew
    and played at once), with the move index they left its hand; ``draws`` are its hidden
    draws (time, tiles the drawn one cannot be); ``checks`` the moments it held no tile that
    fitted (time, the tiles that fitted then). Tiles are bits of the set (bit i: tile i).

    Each tile the seat held got there by the deal or by one of its hidden draws: its *labels*
    are the ways allowed by the story (bit 0: the deal; bit j + 1: the j-th hidden draw). The
    seat's hand is possible when each hidden draw can be given its own tile, every tile that
    was not dealt gets one, and every tile's way is allowed: :meth:`ways` counts those.
    """

    seat: int
    count: int
    played: list[tuple[int, int]] = field(default_factory=list)
    draws: list[tuple[float, int]] = field(default_factory=list)
    checks: list[tuple[float, int]] = field(default_factory=list)
    kind: list[int] = field(default_factory=list)  # per tile: the labels it may have in hand
    played_kinds: list[int] = field(default_factory=list)
    _counter: WaysCounter = field(default_factory=lambda: WaysCounter(0, (), ()))
    _plans: dict[tuple[tuple[int, int], ...], tuple[list[tuple[int, ...]], list[int]]] = field(
        default_factory=dict
    )

    def allowed(self, tile: int, until: float) -> int:
        """The labels allowed for ``tile`` if it stayed in this seat's hand until ``until``."""
        bit = 1 << tile
        labels = 0
        if all(not mask & bit for t, mask in self.checks if t < until):
            labels |= _DEALT
        for j, (when, cannot) in enumerate(self.draws):
            if (
                when < until
                and not cannot & bit
                and all(not mask & bit for t, mask in self.checks if when < t < until)
            ):
                labels |= 2 << j
        return labels

    def finish(self, size: int) -> None:
        self.draws.sort()
        self.kind = [self.allowed(x, math.inf) for x in range(size)]
        self.played_kinds = [self.allowed(x, r) for x, r in self.played]
        self._counter = WaysCounter(len(self.draws), self.kind, self.played_kinds)

    def ways(self, counts: tuple[tuple[int, int], ...]) -> int:
        """How many ways the hidden draws can be given tiles, for a hand that holds
        ``counts`` tiles of each kind (``(kind, how many)`` pairs, sorted).

        The hand's tiles and the played ones count alike: only a tile's kind (its allowed
        labels) matters (:class:`~cfwidget.odds._ways.WaysCounter` counts them).
        """
        return self._counter.ways(counts)

    def plans(self, pool: dict[int, int]) -> tuple[list[tuple[int, ...]], list[int]]:
        """Every split of the hand among the pool's kinds (``pool``: kind -> tiles of it), and
        how many worlds each allows (the ways to pick its tiles times :meth:`ways`)."""
        key = tuple(sorted(pool.items()))
        known = self._plans.get(key)
        if known is not None:
            return known
        kinds = [k for k, _ in key]
        splits: list[tuple[int, ...]] = []
        weights: list[int] = []

        def split(i: int, left: int, taken: tuple[int, ...]) -> None:
            if i == len(kinds):
                if left == 0:
                    counts = tuple((k, c) for k, c in zip(kinds, taken, strict=True) if c)
                    sizes = zip(key, taken, strict=True)
                    weight = math.prod(math.comb(n, c) for (_, n), c in sizes)
                    ways = self.ways(counts) if weight else 0
                    if ways:
                        splits.append(taken)
                        weights.append(weight * ways)
                return
            most = min(left, key[i][1])
            if not kinds[i] & _DEALT:
                most = min(most, len(self.draws))  # a tile that was not dealt was drawn
            for c in range(most + 1):
                split(i + 1, left - c, (*taken, c))

        if kinds and self.count <= sum(n for _, n in key):
            split(0, self.count, ())
        self._plans[key] = (splits, weights)
        return splits, weights

    def weight(self, hand: Sequence[int]) -> int:
        """How many worlds of this seat's story hold exactly ``hand`` (0: impossible)."""
        counts: dict[int, int] = {}
        kind = self.kind
        for x in hand:
            counts[kind[x]] = counts.get(kind[x], 0) + 1
        if 0 in counts:
            return 0
        return self.ways(tuple(sorted(counts.items())))


def _read_story(view: Observation, trust_passes: bool) -> tuple[list[Tile], list[int], list[_Seat]]:
    """The set, the tiles the seat cannot see (as indices) and what each other seat showed."""
    rules = view.rules
    tiles = list(full_set(rules.max_pip))
    index = {t: i for i, t in enumerate(tiles)}
    by_number = [0] * (rules.max_pip + 1)
    for i, t in enumerate(tiles):
        by_number[t[0]] |= 1 << i
        by_number[t[1]] |= 1 << i
    seen = set(view.hand) | {p.tile for p in view.table}
    unseen = [index[t] for t in tiles if t not in seen]
    seats = {s: _Seat(s, view.hand_counts[s]) for s in range(view.players) if s != view.seat}
    must_play = rules.must_play_drawn or trust_passes
    laid = 1  # the centre is down before the first move
    history = view.history
    for i, (who, move) in enumerate(history):
        story = seats.get(who)
        if move.is_play:
            laid += 1
            drew_it = i > 0 and history[i - 1] == (who, Move.DRAW)
            if story is not None and not drew_it and move.tile is not None:
                story.played.append((index[move.tile], i))
            continue
        if story is None:
            continue
        fits = 0
        for n in fitting_numbers(view.table[:laid], rules):
            fits |= by_number[n]
        if move == Move.DRAW:
            story.checks.append((i, fits))
            after = history[i + 1] if i + 1 < len(history) else None
            if after is not None and after[1].is_play:
                continue  # the drawn tile is the one played next: it is not hidden
            passed = after is not None and after[1] == Move.PASS
            story.draws.append((i, fits if passed and must_play else 0))
        elif not (i > 0 and history[i - 1] == (who, Move.DRAW)):
            story.checks.append((i, fits))  # a pass without a draw: nothing fitted
    for when, who in view.penalties:
        if who in seats:
            seats[who].draws.append((when + 0.5, 0))  # a penalty tile, after that play
    for story in seats.values():
        story.finish(len(tiles))
    return tiles, unseen, list(seats.values())


# --- the chain of worlds ------------------------------------------------------------------------


class _Chain:
    """Worlds that fit the story, one after another: each seat's hidden hand and the yard.

    A step deals each seat's hand afresh from its own tiles and the yard's, exactly as likely
    as the worlds it allows (a Gibbs step), then tries swapping tiles between two hands (kept
    in proportion to the worlds before and after: a Metropolis step). Both keep every world
    that fits the story equally likely.
    """

    def __init__(self, unseen: list[int], seats: list[_Seat], rng: random.Random) -> None:
        self.seats = seats
        self.rng = rng
        self.hands: list[list[int]] = [[] for _ in seats]
        self.yard: set[int] = set(unseen)
        order = sorted(range(len(seats)), key=lambda k: -len(seats[k].draws))
        for attempt in range(_STARTS):  # a first world, dealing the seats one by one
            self.hands = [[] for _ in seats]
            self.yard = set(unseen)
            if all(self._deal(k) for k in order):
                self.starts = attempt + 1
                return
            rng.shuffle(order)
        raise SeatOddsError(
            "no way to place the hidden tiles was found that fits everything this seat saw; "
            "if a player passed after drawing a tile that fits (a random bot may), count "
            "with trust_passes=False"
        )

    def _deal(self, k: int) -> bool:
        """Give seat ``k`` a fresh hand from its tiles and the yard's; False if none fits."""
        story, rng = self.seats[k], self.rng
        pool = self.yard.union(self.hands[k])
        kind = story.kind
        groups: dict[int, list[int]] = {}
        for x in sorted(pool):
            groups.setdefault(kind[x], []).append(x)
        groups.pop(0, None)  # tiles this seat cannot hold
        kinds = sorted(groups)
        splits, weights = story.plans({k: len(groups[k]) for k in kinds})
        if not splits:
            return False
        (taken,) = rng.choices(splits, weights=weights) if len(splits) > 1 else splits
        hand: list[int] = []
        for group, c in zip(kinds, taken, strict=True):
            if c:
                hand += rng.sample(groups[group], c)
        pool.difference_update(hand)
        self.yard = pool
        self.hands[k] = hand
        return True

    def _swap(self) -> None:
        """Swap one hidden tile between two hands, kept in proportion to the worlds allowed."""
        rng, hands, seats = self.rng, self.hands, self.seats
        choices = [k for k, hand in enumerate(hands) if hand]
        if len(choices) < 2:
            return
        a, b = rng.sample(choices, 2)
        i, j = rng.randrange(len(hands[a])), rng.randrange(len(hands[b]))
        new_a, new_b = list(hands[a]), list(hands[b])
        new_a[i], new_b[j] = hands[b][j], hands[a][i]
        before = seats[a].weight(hands[a]) * seats[b].weight(hands[b])
        after = seats[a].weight(new_a) * seats[b].weight(new_b)
        if after and rng.random() * before < after:
            hands[a], hands[b] = new_a, new_b

    def step(self) -> None:
        for k in range(len(self.seats)):
            self._deal(k)
        self._swap()


def chain_sizes(worlds: int, chains: int) -> list[int]:
    """How many of ``worlds`` worlds each of ``chains`` chains gives: as even as can be, the
    first chains one more when they do not share out evenly.

    >>> chain_sizes(200, 20)[:2], chain_sizes(7, 3)
    ([10, 10], [3, 2, 2])
    """
    whole, extra = divmod(worlds, chains)
    return [whole + (c < extra) for c in range(chains)]


def _chains(
    view: Observation, worlds: int, seed: int, trust_passes: bool, chains: int
) -> list[list[World]]:
    check_whole(worlds, "worlds", SeatOddsError, low=1, high=100_000)
    check_whole(chains, "chains", SeatOddsError, low=1, high=worlds)
    seed = check_seed(seed, SeatOddsError)
    tiles, unseen, seats = _read_story(view, trust_passes)
    own = frozenset(view.hand)
    out = []
    for c, size in enumerate(chain_sizes(worlds, chains)):
        # One chain keeps the seed itself (the worlds of earlier versions); more chains each
        # get their own stream. The stories (and their counts, remembered) are shared.
        chain = _Chain(unseen, seats, random.Random(seed if chains == 1 else f"chain:{seed}:{c}"))
        for _ in range(_BURN_IN):
            chain.step()
        found = []
        for _ in range(size):
            for _ in range(_THIN):
                chain.step()
            hands = [own] * view.players
            for story, hand in zip(seats, chain.hands, strict=True):
                hands[story.seat] = frozenset(tiles[x] for x in hand)
            found.append(World(tuple(hands), frozenset(tiles[x] for x in chain.yard)))
        out.append(found)
    return out


def _worlds(view: Observation, worlds: int, seed: int, trust_passes: bool) -> list[World]:
    return _chains(view, worlds, seed, trust_passes, 1)[0]


def hidden_world_chains(
    rnd: Round | Observation,
    seat: int,
    worlds: int = 200,
    seed: int = 0,
    *,
    chains: int = 20,
    trust_passes: bool = True,
) -> list[list[World]]:
    """``worlds`` worlds as :func:`hidden_worlds` finds them, from ``chains`` chains that
    start apart and never meet: one list per chain (sizes :func:`chain_sizes`).

    One chain's worlds follow one another, so two in a row are often alike (a world differs
    from the one before by a few tiles when the others' moves leave little freedom). The
    chains are independent of each other, so their averages are too: the spread of the
    chains' averages measures how far the average over all worlds may be off, however alike
    the worlds of one chain are (:func:`cfwidget.analysis.evaluate` states its errors so).
    ``chains`` is from 1 to ``worlds``; the other arguments are :func:`hidden_worlds`'s.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), 2, seed=19)
    >>> found = hidden_world_chains(rnd, 0, worlds=7, seed=1, chains=3)
    >>> [len(chain) for chain in found], all(len(w.hands[1]) == 7 for c in found for w in c)
    ([3, 2, 2], True)
    >>> hidden_world_chains(rnd.observation(0), 0, worlds=7, seed=1, chains=3) == found
    True
    """
    return _chains(_public_view(rnd, seat), worlds, seed, trust_passes, chains)


def hidden_worlds(
    rnd: Round | Observation,
    seat: int,
    worlds: int = 200,
    seed: int = 0,
    *,
    trust_passes: bool = True,
) -> list[World]:
    """``worlds`` ways the tiles ``seat`` cannot see could lie, each fitting all it saw.

    ``rnd`` is the round, or ``seat``'s own :class:`~cfwidget.Observation` of it (all that is
    read of a round), and ``seat`` the seat whose view is taken; ``seed`` fixes the
    randomness. ``trust_passes`` counts a pass after a draw as proof that the drawn tile did
    not fit (always so when the rules make a drawn tile that fits be played).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), 2, seed=19)
    >>> world = hidden_worlds(rnd, 0, worlds=3, seed=1)[0]
    >>> rnd.hand_counts(), len(world.hands[1]), len(world.yard), world.hands[0] == set(rnd.hand(0))
    ([6, 7], 7, 14, True)
    >>> hidden_worlds(rnd.observation(0), 0, worlds=3, seed=1)[0] == world
    True
    """
    return _worlds(_public_view(rnd, seat), worlds, seed, trust_passes)


def _fitting_tiles(rnd: Round) -> set[Tile]:
    numbers = rnd.fitting_numbers()
    return {t for t in full_set(rnd.rules.max_pip) if t[0] in numbers or t[1] in numbers}


def sharper_draw_odds(
    rnd: Round, seat: int, worlds: int = 200, seed: int = 0, *, trust_passes: bool = True
) -> float:
    """The chance that a tile ``seat`` draws now fits, counted in worlds that fit all it saw.

    In each world the next tile is any of the yard's tiles alike, so the world's chance is the
    share of the yard that fits; the answer is the average over ``worlds`` worlds (see
    :func:`hidden_worlds` for the arguments). Compare :meth:`Round.draw_odds`, the plain count.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), 2, seed=19)
    >>> plain, sharper = rnd.draw_odds(1), sharper_draw_odds(rnd, 1, worlds=400)
    >>> plain, abs(sharper - plain) < 0.02  # right after the deal, nothing more is known
    (Fraction(1, 4), True)
    """
    view = _public_view(rnd, seat)
    if view.yard_count == 0:
        raise SeatOddsError("the chicken yard is empty: there is nothing left to draw")
    fits = _fitting_tiles(rnd)
    shares = [len(w.yard & fits) / len(w.yard) for w in _worlds(view, worlds, seed, trust_passes)]
    return sum(shares) / len(shares)


def sharper_holds(
    rnd: Round,
    seat: int,
    numbers: Sequence[int] | None = None,
    worlds: int = 200,
    seed: int = 0,
    *,
    trust_passes: bool = True,
) -> pd.DataFrame:
    """Who is likely short of a number: the plain count next to the sharper one.

    One row per other seat: its ``tiles``, then for each of ``numbers`` (by default the
    numbers that fit now) the plain chance that it holds a tile showing it
    (:func:`cfwidget.odds.holds_number_odds`, as a float) and the share of ``worlds`` worlds in
    which it does.

    >>> from cfwidget import Round, Rules
    >>> from cfwidget.players import greedy
    >>> from cfwidget.odds import replay
    >>> rnd = replay(Round.deal(Rules(max_pip=6, hand_size=7), 2, seed=19), [greedy] * 2, 4)
    >>> sharper_holds(rnd, 0, worlds=50)
              tiles  holds a 6 (plain count)  holds a 6 (sharper)
    seat
    Player 2      7                    0.852                  0.0
    """
    view = _public_view(rnd, seat)
    top = rnd.rules.max_pip
    asked = sorted(rnd.fitting_numbers()) if numbers is None else list(numbers)
    for n in asked:
        if not whole_in(n, 0, top):
            raise SeatOddsError(f"numbers are pip numbers of the set, 0 to {top}; got {n!r}")
    found = _worlds(view, worlds, seed, trust_passes)
    rows = {}
    for other in range(rnd.players):
        if other == seat:
            continue
        row: dict[str, object] = {"tiles": view.hand_counts[other]}
        for n in asked:
            plain = seat_odds.holds_number_odds(rnd, seat, n, other_seat=other)
            share = sum(any(t.has(n) for t in w.hands[other]) for w in found) / len(found)
            row[f"holds a {n} (plain count)"] = round(float(plain), 3)
            row[f"holds a {n} (sharper)"] = round(share, 3)
        rows[rnd.names[other]] = row
    table: pd.DataFrame = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "seat"
    return table


def sharper_checks(
    rules: Rules,
    players: int,
    bots: Sequence[object],
    rounds: int,
    seed: int,
    worlds: int = 40,
    *,
    trust_passes: bool = True,
) -> pd.DataFrame:
    """Every draw by a seat that could not play, with the plain and the sharper chance.

    Like :func:`cfwidget.odds.draw_checks` (same rounds for the same ``seed``), with one more
    column, ``sharper``: the drawer's :func:`sharper_draw_odds` from ``worlds`` worlds. Pass
    the table to :func:`cfwidget.odds.calibration` with ``chance="sharper"`` to measure it.
    """
    from ._plots import draw_checks

    def sharper(rnd: Round, seat: int, i: int) -> dict[str, float]:
        return {"sharper": sharper_draw_odds(rnd, seat, worlds, seed=i, trust_passes=trust_passes)}

    return draw_checks(rules, players, bots, rounds, seed, also=sharper)  # type: ignore[arg-type]
