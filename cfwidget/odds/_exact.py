"""Exact odds for Chicken Foot, worked out by counting (never by simulation).

The model is the table's own: the set is shuffled so every order is equally likely, hands
are dealt from the top and the rest is the chicken yard, drawn in order. From one seat's
point of view the tiles it cannot see (the other hands and the yard) are equally likely to
be anywhere among those places, so the yard is a uniformly random part of the unseen tiles.

Every probability is an exact :class:`~fractions.Fraction`; distributions are pandas Series
of Fractions whose values add up to exactly 1.

>>> p_start_double_dealt(6, players=2, hand_size=7)
Fraction(1, 2)
>>> draws = draws_until_fit(unseen=10, fitting=3, yard=4)
>>> draws
draws
1         3/10
2         7/30
3         7/40
4          1/8
never      1/6
Name: probability, dtype: object
>>> sum(draws)
Fraction(1, 1)
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from fractions import Fraction
from math import comb
from typing import NamedTuple

import pandas as pd

from .._shared import is_whole, shown
from ..core import (
    MAX_PIP_LIMIT,
    MIN_PIP_LIMIT,
    OPTIONS,
    Rules,
    Tile,
    TileLike,
    full_set,
    set_size,
    tile_penalty,
    to_tile,
)
from ._errors import OddsError

__all__ = [
    "DrawWait",
    "draws_until_fit",
    "expected_draws_until_fit",
    "expected_foot_draws",
    "foot_draws",
    "hand_pips",
    "hypergeometric",
    "p_fits",
    "p_foot_completable",
    "p_holds_number",
    "p_start_double_dealt",
    "start_double_draws",
    "wait_for_fit",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 8
NEVER = "never"
_DOUBLE_BLANK: int = Rules().double_blank  # what 0-0 costs by default (the rules' default)


def _whole(name: str, value: object, meaning: str, low: int, high: int | None = None) -> int:
    """``value`` as an int in ``low..high``, or an OddsError saying what is allowed."""
    if not is_whole(value):
        raise OddsError(f"{name} ({meaning}) must be a whole number, got {shown(value)}")
    if value < low or (high is not None and value > high):
        allowed = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise OddsError(f"{name} ({meaning}) must be {allowed}, got {shown(value)}")
    return value


def _set_size(max_pip: object) -> int:
    pip = _whole(
        "max_pip", max_pip, "the set's highest number, 9 for double-9", MIN_PIP_LIMIT, MAX_PIP_LIMIT
    )
    return set_size(pip)


def _deal(max_pip: int, players: int, hand_size: int) -> tuple[int, int]:
    """Check a deal; return (tiles in the set, tiles dealt)."""
    n = _set_size(max_pip)
    _whole("players", players, "the number of seats", MIN_PLAYERS, MAX_PLAYERS)
    _whole("hand_size", hand_size, "tiles dealt to each player", 1, n)
    if players * hand_size > n:
        raise OddsError(
            f"{players} players with {hand_size} tiles each need {players * hand_size} tiles, "
            f"but a double-{max_pip} set has only {n}: deal at most {n // players} each"
        )
    return n, players * hand_size


def _series(probs: dict[int, Fraction] | dict[int | str, Fraction], index: str) -> pd.Series:
    return pd.Series(
        list(probs.values()),
        index=pd.Index(list(probs.keys()), name=index),
        name="probability",
        dtype=object,
    )


def _hyper(total: int, marked: int, drawn: int, hits: int) -> Fraction:
    """Chance that ``drawn`` tiles taken from ``total`` include exactly ``hits`` of ``marked``."""
    return Fraction(comb(marked, hits) * comb(total - marked, drawn - hits), comb(total, drawn))


# --- the deal and the starting double ---------------------------------------------------------


def p_start_double_dealt(max_pip: int, players: int, hand_size: int) -> Fraction:
    """Chance that the round's starting double is in some hand after the deal.

    ``max_pip`` names the set (9 for double-9), ``players`` is the number of seats (2 to 8)
    and ``hand_size`` the tiles dealt to each seat. The double is one particular tile, equally
    likely to be anywhere in the shuffled set, so the answer is dealt tiles / set size.

    >>> p_start_double_dealt(9, players=4, hand_size=9)
    Fraction(36, 55)
    """
    n, dealt = _deal(max_pip, players, hand_size)
    return Fraction(dealt, n)


def start_double_draws(max_pip: int, players: int, hand_size: int) -> pd.Series:
    """How many yard draws it takes before the starting double turns up.

    Same arguments as :func:`p_start_double_dealt`. Under the "draw until it turns up" rule
    the players draw from the yard in turn; index ``k = 0`` means the double was dealt, and
    ``k >= 1`` means it was the k-th tile drawn from the yard. Each yard position is as
    likely as any other place in the set, so every ``k >= 1`` has chance 1 / set size.

    >>> draws = start_double_draws(6, players=4, hand_size=5)
    >>> draws[0], draws[1], len(draws), sum(draws)
    (Fraction(5, 7), Fraction(1, 28), 9, Fraction(1, 1))
    """
    n, dealt = _deal(max_pip, players, hand_size)
    probs = {0: Fraction(dealt, n)}
    probs.update({k: Fraction(1, n) for k in range(1, n - dealt + 1)})
    return _series(probs, "draws")


# --- what a hand holds ------------------------------------------------------------------------


def hand_pips(max_pip: int, hand_size: int, double_blank: int = _DOUBLE_BLANK) -> pd.Series:
    """The penalty a random hand would score: its pips, with ``0-0`` counting ``double_blank``.

    Each tile costs what :func:`cfwidget.core.tile_penalty` says (as in :meth:`Rules.penalty`).

    ``hand_size`` is the number of tiles in the hand (0 up to the whole set), drawn
    uniformly from the full double-``max_pip`` set. The index holds every possible total,
    sorted; each value is the exact share of hands scoring it. Hands are counted by size
    and total one tile at a time (no hand is listed), so double-12 hands of 15 are quick.

    >>> pips = hand_pips(3, 1)
    >>> pips.index.tolist(), pips[4], pips[50]
    ([1, 2, 3, 4, 5, 6, 50], Fraction(1, 5), Fraction(1, 10))
    >>> pips = hand_pips(6, 7)
    >>> pips.index[[0, -1]].tolist(), sum(total * p for total, p in pips.items())
    ([19, 111], Fraction(109, 2))
    """
    n = _set_size(max_pip)
    size = _whole("hand_size", hand_size, "tiles in the hand", 0, n)
    blank = _whole("double_blank", double_blank, OPTIONS["double_blank"].meaning, 0)
    # counts[s][t]: how many s-tile subsets of the tiles seen so far add up to t.
    counts: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(size)]
    for seen, tile in enumerate(full_set(max_pip)):
        value = tile_penalty(tile, blank)
        for s in range(min(size, seen + 1), 0, -1):
            row = counts[s]
            for total, ways in counts[s - 1].items():
                row[total + value] = row.get(total + value, 0) + ways
    hands = comb(n, size)
    return _series({t: Fraction(w, hands) for t, w in sorted(counts[size].items())}, "penalty")


def _pool(max_pip: int, unseen: Iterable[TileLike] | None) -> list[Tile]:
    if unseen is None:
        return list(full_set(max_pip))
    tiles = [to_tile(t) for t in unseen]
    for tile in tiles:
        if tile.high > max_pip:
            raise OddsError(f"unseen tile {tile} is not in a double-{max_pip} set")
    if len(set(tiles)) != len(tiles):
        twice = sorted({str(t) for t in tiles if tiles.count(t) > 1})
        raise OddsError(f"each tile exists once, but unseen lists {', '.join(twice)} twice")
    return list(tiles)


def hypergeometric(total: int, marked: int, drawn: int) -> pd.Series:
    """How many marked tiles a random handful holds: the hypergeometric distribution.

    ``drawn`` tiles are taken at random, none put back, from ``total`` tiles of which
    ``marked`` are marked (for example, the tiles showing a 9). Index ``k`` holds the chance of
    exactly ``k`` marked tiles: the handfuls with ``k`` of the marked tiles and ``drawn - k``
    of the others, out of all handfuls,
    ``comb(marked, k) * comb(total - marked, drawn - k) / comb(total, drawn)``.

    >>> nines = hypergeometric(total=55, marked=10, drawn=9)  # 9s in a double-9 hand of 9
    >>> nines[0], nines.index.tolist()[-1], sum(k * p for k, p in nines.items())
    (Fraction(1239389, 8892870), 9, Fraction(18, 11))
    """
    n = _whole("total", total, "tiles to choose from", 0)
    m = _whole("marked", marked, "marked tiles among them", 0, n)
    d = _whole("drawn", drawn, "tiles taken", 0, n)
    low, high = max(0, d - (n - m)), min(m, d)
    return _series({k: _hyper(n, m, d, k) for k in range(low, high + 1)}, "marked")


def p_holds_number(
    max_pip: int, hand_size: int, number: int, unseen: Iterable[TileLike] | None = None
) -> Fraction:
    """Chance that a hand of ``hand_size`` tiles holds at least one tile showing ``number``.

    Without ``unseen`` the hand is drawn from the full double-``max_pip`` set (a fresh deal).
    With ``unseen`` (the tiles a seat cannot see: the other hands and the yard) the hand is a
    random part of those tiles, as another player's hand looks from that seat. Counting the
    hands with no such tile gives the answer (a hypergeometric chance).

    >>> p_holds_number(6, 7, 6)
    Fraction(2966, 3289)
    >>> p_holds_number(6, 2, 6, unseen=["6-1", "5-5", "4-2"])
    Fraction(2, 3)
    """
    _set_size(max_pip)
    pool = _pool(max_pip, unseen)
    show = _whole("number", number, "the pip number asked about", 0, max_pip)
    size = _whole(
        "hand_size", hand_size, f"tiles in the hand, drawn from {len(pool)} tiles", 0, len(pool)
    )
    showing = sum(1 for tile in pool if tile.has(show))
    return 1 - _hyper(len(pool), showing, size, 0)


# --- drawing until something fits ------------------------------------------------------------


def p_fits(unseen_count: int, fitting_count: int) -> Fraction:
    """Chance that the next tile drawn from the yard can be played.

    ``unseen_count`` is how many tiles the drawing seat cannot see (other hands and the
    yard) and ``fitting_count`` how many of those would fit an open end. The yard is a
    random part of the unseen tiles, so a drawn tile is equally likely to be any of them.

    >>> p_fits(20, 5)
    Fraction(1, 4)
    """
    unseen = _whole("unseen_count", unseen_count, "tiles the seat cannot see", 1)
    fitting = _whole("fitting_count", fitting_count, "unseen tiles that fit", 0, unseen)
    return Fraction(fitting, unseen)


def _draw_limit(unseen: int, fitting: int, yard: int | None, max_draws: int | None) -> int:
    total = _whole("unseen", unseen, "tiles the seat cannot see", 0)
    _whole("fitting", fitting, "unseen tiles that fit", 0, total)
    in_yard = total if yard is None else yard
    limit = _whole("yard", in_yard, "tiles in the yard, part of the unseen tiles", 0, total)
    if max_draws is not None:
        limit = min(limit, _whole("max_draws", max_draws, "draws allowed", 0))
    return limit


def _fit_probs(unseen: int, fitting: int, limit: int) -> dict[int | str, Fraction]:
    probs: dict[int | str, Fraction] = {}
    none_yet = Fraction(1)  # chance the first k - 1 draws all missed
    for k in range(1, limit + 1):
        left = unseen - k + 1
        probs[k] = none_yet * Fraction(fitting, left)
        none_yet *= Fraction(left - fitting, left)
    probs[NEVER] = none_yet
    return probs


def draws_until_fit(
    unseen: int, fitting: int, yard: int | None = None, max_draws: int | None = None
) -> pd.Series:
    """How many draws a seat makes until it draws a playable tile, if the table stays put.

    ``unseen`` is the number of tiles the seat cannot see, ``fitting`` how many of them fit
    an open end, and ``yard`` how many are in the yard (the rest sit in other hands; the
    default is that all unseen tiles are in the yard). ``max_draws`` caps the draws looked
    at. The yard is a random part of the unseen tiles, drawn without replacement. Index
    ``k`` means the k-th draw is the first that fits; ``"never"`` means none fits before
    the yard runs out (or ``max_draws`` is reached).

    >>> draws_until_fit(unseen=12, fitting=4, yard=3).tolist()
    [Fraction(1, 3), Fraction(8, 33), Fraction(28, 165), Fraction(14, 55)]
    """
    limit = _draw_limit(unseen, fitting, yard, max_draws)
    return _series(_fit_probs(unseen, fitting, limit), "draws")


class DrawWait(NamedTuple):
    """A hunt for a playable tile, told in its two parts (see :func:`wait_for_fit`).

    ``p_never`` is the chance that no tile that fits turns up before the yard (or the draws
    allowed) runs out; ``if_found`` the expected number of draws *when one does turn up*
    (``None`` when one never can); ``all_draws`` the average number of tiles drawn over every
    case, a hunt that never finds one counted as drawing every tile it was allowed.
    """

    p_never: Fraction
    if_found: Fraction | None
    all_draws: Fraction

    def __str__(self) -> str:
        if self.if_found is None:
            return "never finds a tile that fits"
        found = f"{float(self.if_found):.2f} draws on average when it finds one"
        if not self.p_never:
            return found
        return f"never finds one: {float(self.p_never):.1%}; {found}"


def wait_for_fit(
    unseen: int, fitting: int, yard: int | None = None, max_draws: int | None = None
) -> DrawWait:
    """How long a seat hunts for a playable tile: the chance it never finds one, and the
    expected draws when it does.

    Same arguments and model as :func:`draws_until_fit`. The two parts are kept apart on
    purpose: an average that counted "never finds one" as "drew the whole yard" would mix a
    failure into the waiting time.

    >>> wait = wait_for_fit(unseen=10, fitting=3, yard=4)
    >>> wait.p_never, wait.if_found, wait.all_draws
    (Fraction(1, 6), Fraction(43, 20), Fraction(59, 24))
    >>> print(wait)
    never finds one: 16.7%; 2.15 draws on average when it finds one
    """
    limit = _draw_limit(unseen, fitting, yard, max_draws)
    probs = _fit_probs(unseen, fitting, limit)
    never = probs.pop(NEVER)
    found = sum((int(k) * p for k, p in probs.items()), Fraction(0))
    if_found = found / (1 - never) if never < 1 else None
    return DrawWait(never, if_found, found + limit * never)


def expected_draws_until_fit(
    unseen: int, fitting: int, yard: int | None = None, max_draws: int | None = None
) -> Fraction:
    """Deprecated: the average tiles drawn, counting "never finds one" as drawing them all.

    This mixes two things a reader should see apart, so it warns; use
    :func:`wait_for_fit`, whose ``p_never`` and ``if_found`` tell them apart (this number is
    its ``all_draws``). Same arguments and model as :func:`draws_until_fit`.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     expected_draws_until_fit(unseen=10, fitting=3, yard=4)
    Fraction(59, 24)
    """
    warnings.warn(
        "expected_draws_until_fit counts a hunt that never finds a tile as drawing every "
        "tile allowed; use wait_for_fit(...), which gives the chance of never (p_never) and "
        "the expected draws when one is found (if_found)",
        DeprecationWarning,
        stacklevel=2,
    )
    return wait_for_fit(unseen, fitting, yard, max_draws).all_draws


# --- chicken feet -----------------------------------------------------------------------------


def p_foot_completable(needed: int, off_table: int) -> Fraction:
    """Chance that a chicken foot can still be finished at all.

    ``needed`` is how many toes it still lacks (3 on a fresh foot) and ``off_table`` how
    many tiles of its number are not on the table (the seat's own plus the unseen ones).
    Every such tile is in a hand or in the yard and must be played on the foot once it
    shows up, so this is certain either way: 1 if there are enough, else 0 (and the round
    blocks once the yard is empty). How long it takes is :func:`foot_draws`.

    >>> p_foot_completable(3, off_table=5), p_foot_completable(3, off_table=2)
    (Fraction(1, 1), Fraction(0, 1))
    """
    need = _whole("needed", needed, "toes the foot still needs", 0)
    off = _whole("off_table", off_table, "tiles of the foot's number not on the table", 0)
    return Fraction(1 if off >= need else 0)


def _foot(
    needed: int, in_hand: int, unseen_fitting: int, unseen: int, yard: int
) -> tuple[int, int, int, int, int]:
    need = _whole("needed", needed, "toes the foot still needs", 0)
    own = _whole("in_hand", in_hand, "tiles of the foot's number in the seat's hand", 0)
    total = _whole("unseen", unseen, "tiles the seat cannot see", 0)
    marked = _whole("unseen_fitting", unseen_fitting, "unseen tiles of the foot's number", 0, total)
    in_yard = _whole("yard", yard, "tiles in the yard, part of the unseen tiles", 0, total)
    return need, own, marked, total, in_yard


def foot_draws(needed: int, in_hand: int, unseen_fitting: int, unseen: int, yard: int) -> pd.Series:
    """The fewest yard draws before a chicken foot can be finished.

    ``needed`` toes are missing; ``in_hand`` tiles of the foot's number are in the seat's own
    hand and ``unseen_fitting`` among the ``unseen`` tiles it cannot see, of which ``yard``
    are in the yard (a random part of them; the rest are in other hands). Toes already in
    hands cost no draws; the missing ones must come out of the yard, drawn in order by
    whoever draws. Index ``d`` means the last missing toe is the d-th tile drawn (0: every
    toe is already in a hand); ``"never"`` means too few tiles of the number are left.
    Players with no toe also draw while they wait, so the real count can only be higher.

    >>> draws = foot_draws(needed=3, in_hand=1, unseen_fitting=3, unseen=10, yard=5)
    >>> draws[0], draws[1], draws[5], draws["never"]
    (Fraction(1, 2), Fraction(1, 6), Fraction(0, 1), Fraction(0, 1))
    """
    need, own, marked, total, in_yard = _foot(needed, in_hand, unseen_fitting, unseen, yard)
    probs: dict[int | str, Fraction] = {d: Fraction(0) for d in range(in_yard + 1)}
    probs[NEVER] = Fraction(0)
    if own + marked < need:
        probs[NEVER] = Fraction(1)
        return _series(probs, "draws")
    for j in range(max(0, in_yard - (total - marked)), min(marked, in_yard) + 1):
        p_j = _hyper(total, marked, in_yard, j)  # j of the number lie in the yard
        missing = max(0, need - own - (marked - j))
        if missing == 0:
            probs[0] += p_j
            continue
        orders = comb(in_yard, j)
        for d in range(missing, in_yard + 1):  # the missing-th toe is the d-th tile drawn
            ways = comb(d - 1, missing - 1) * comb(in_yard - d, j - missing)
            probs[d] += p_j * Fraction(ways, orders)
    return _series(probs, "draws")


def expected_foot_draws(
    needed: int, in_hand: int, unseen_fitting: int, unseen: int, yard: int
) -> Fraction:
    """Expected fewest yard draws before a chicken foot can be finished.

    Same arguments and model as :func:`foot_draws`. If the foot can never be finished, the
    whole yard is drawn before the round blocks, so that case counts ``yard`` draws.

    >>> expected_foot_draws(needed=3, in_hand=1, unseen_fitting=3, unseen=10, yard=5)
    Fraction(13, 12)
    """
    need, own, marked, total, in_yard = _foot(needed, in_hand, unseen_fitting, unseen, yard)
    if own + marked < need:
        return Fraction(in_yard)
    mean = Fraction(0)
    for j in range(max(0, in_yard - (total - marked)), min(marked, in_yard) + 1):
        missing = max(0, need - own - (marked - j))
        # the m-th of j marked tiles in a random order of y sits at m * (y + 1) / (j + 1) on average
        mean += _hyper(total, marked, in_yard, j) * Fraction(missing * (in_yard + 1), j + 1)
    return mean
