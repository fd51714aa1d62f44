"""Odds from one seat's chair: a position in a real round turned into exact chances.

Every function here looks at a :class:`~cfwidget.Round` only as one seat may: its own
hand, the table, and how many tiles each hand and the chicken yard hold. It never looks at
another hand or at the order of the yard. The tiles the seat cannot see (the other hands and
the yard) are then counted as equally likely to be anywhere among those places, which is the
model of :mod:`cfwidget.odds`, and the answers are exact :class:`~fractions.Fraction` values.

That model is exact right after the deal. Later in a round it ignores what the others' play
hints at (a player who had to draw held no tile that fitted), so the answers are a seat's fair
estimate from what it can count, not the last word: :func:`cfwidget.odds.sharper_draw_odds`
uses that history too.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=11)
>>> rnd.turn, rnd.can_play(0), rnd.yard_count, len(unseen_tiles(rnd, 0))
(0, False, 18, 22)
>>> draws_until_playable(rnd, 0).head(3)
draws
1     3/11
2    16/77
3    12/77
Name: probability, dtype: object
"""

from __future__ import annotations

import warnings
from fractions import Fraction
from typing import TypedDict

import pandas as pd

from .._shared import check_whole, shown, whole_in
from ..core import Round, Tile, draw_count
from ._errors import SeatOddsError
from ._exact import (
    DrawWait,
    draws_until_fit,
    expected_foot_draws,
    foot_draws,
    p_foot_completable,
    p_holds_number,
    wait_for_fit,
)

__all__ = [
    "DrawOutlook",
    "FootOutlook",
    "draw_outlook",
    "draws_until_playable",
    "expected_draws_until_playable",
    "expected_hand_cost",
    "foot_outlook",
    "hand_cost",
    "holds_number_odds",
    "unseen_tiles",
    "wait_until_playable",
]


class DrawOutlook(TypedDict):
    """What drawing looks like from one seat (see :func:`draw_outlook`)."""

    can_play: bool
    unseen: int
    fitting: int
    yard: int
    p_next_fits: Fraction
    p_never: Fraction
    expected_draws_if_found: Fraction | None
    expected_draws: Fraction


class FootOutlook(TypedDict):
    """Whether the double waiting for tiles can be finished (see :func:`foot_outlook`)."""

    double: Tile
    kind: str
    needed: int
    in_hand: int
    unseen_fitting: int
    unseen: int
    yard: int
    off_table: int
    p_completable: Fraction
    expected_draws: Fraction
    draws: pd.Series


# --- what the seat can see --------------------------------------------------------------------


def _check_round(rnd: object) -> Round:
    if not isinstance(rnd, Round):
        raise SeatOddsError(
            f"rnd must be a cf.Round, like cf.Round.deal(cf.Rules(), 4, seed=1); got {shown(rnd)}"
        )
    return rnd


def _check_seat(rnd: Round, seat: object, name: str = "seat") -> int:
    if not whole_in(seat, 0, rnd.players - 1):
        raise SeatOddsError(
            f"{name} must be a seat number from 0 to {rnd.players - 1} "
            f"(this round has {rnd.players} players), got {seat!r}"
        )
    return seat


def _check_playing(rnd: Round) -> None:
    if rnd.is_over:
        raise SeatOddsError(
            "the round is over: nothing is left to draw or play, so there are no odds to give"
        )


def _check_cap(max_draws: object) -> None:
    check_whole(max_draws, "max_draws (draws allowed)", SeatOddsError, low=0, none=True)


def _hand(rnd: Round, seat: int) -> tuple[Tile, ...]:
    return rnd.hands[seat]  # the seat's own tiles only


def _count(rnd: Round, seat: int) -> int:
    return len(rnd.hands[seat])  # another seat: only how many tiles it holds


def unseen_tiles(rnd: Round, seat: int) -> list[Tile]:
    """The tiles ``seat`` cannot see, highest first: every tile not in its hand or on the table.

    They are the other hands and the chicken yard together; the seat cannot tell them apart.
    ``rnd`` is the round and ``seat`` the seat number (0 is the first seat).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=2, seed=1)
    >>> len(unseen_tiles(rnd, 0)) == 28 - len(rnd.hands[0]) - len(rnd.table)
    True
    """
    _check_round(rnd)
    _check_seat(rnd, seat)
    return list(rnd.observation(seat).unseen())


# --- drawing until something fits -------------------------------------------------------------


def draw_outlook(rnd: Round, seat: int) -> DrawOutlook:
    """The drawing odds of ``seat`` now, as numbers a student can check by counting.

    ``rnd`` is the round and ``seat`` the seat number. Keys: ``can_play`` (the seat holds a
    tile that fits now), ``unseen`` (tiles it cannot see), ``fitting`` (how many of those
    would fit where play is allowed now), ``yard`` (tiles in the chicken yard),
    ``p_next_fits`` (chance one tile drawn now fits, the same as ``rnd.draw_odds(seat)``),
    ``p_never`` (chance no tile that fits turns up before the yard runs out) and
    ``expected_draws_if_found`` (the expected draws when one does; ``None`` if one never
    can), from :func:`wait_until_playable`. ``expected_draws`` is kept for older code: the
    average over every case, a hunt that never finds one counted as drawing the whole yard
    (read it only next to ``p_never``).

    >>> from cfwidget import Round, Rules
    >>> view = draw_outlook(Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=11), 0)
    >>> view["can_play"], view["unseen"], view["fitting"], view["yard"], view["p_next_fits"]
    (False, 22, 6, 18, Fraction(3, 11))
    >>> view["p_never"], view["expected_draws_if_found"], view["expected_draws"]
    (Fraction(0, 1), Fraction(23, 7), Fraction(23, 7))
    """
    _check_round(rnd)
    _check_seat(rnd, seat)
    _check_playing(rnd)
    fitting, unseen = draw_count(rnd.observation(seat))
    can_play = rnd.can_play(seat)
    wait = wait_until_playable(rnd, seat)
    return DrawOutlook(
        can_play=can_play,
        unseen=unseen,
        fitting=fitting,
        yard=rnd.yard_count,
        p_next_fits=Fraction(fitting, unseen) if unseen else Fraction(0),
        p_never=wait.p_never,
        expected_draws_if_found=wait.if_found,
        expected_draws=wait.all_draws,
    )


def draws_until_playable(rnd: Round, seat: int, max_draws: int | None = None) -> pd.Series:
    """How many draws ``seat`` needs to find a tile it can play, if the table stays as it is.

    ``rnd`` is the round, ``seat`` the seat number and ``max_draws`` an optional cap on the
    draws looked at. This is :func:`cfwidget.odds.draws_until_fit` with the seat's own counts:
    the tiles it cannot see, how many of them fit where play is allowed now, and the yard.
    Index ``k`` means the k-th draw is the first that fits; ``"never"`` means the yard (or
    the cap) runs out first. A seat that already holds a tile that fits needs no draw: then
    the answer is index 0 with chance 1.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=11)
    >>> draws_until_playable(rnd, 0, max_draws=2).tolist()
    [Fraction(3, 11), Fraction(16, 77), Fraction(40, 77)]
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=2)
    >>> rnd.can_play(1), draws_until_playable(rnd, 1).to_dict()
    (True, {0: Fraction(1, 1), 'never': Fraction(0, 1)})
    """
    _check_round(rnd)
    _check_seat(rnd, seat)
    _check_cap(max_draws)
    _check_playing(rnd)
    if rnd.can_play(seat):
        return pd.Series(
            [Fraction(1), Fraction(0)],
            index=pd.Index([0, "never"], name="draws"),
            name="probability",
            dtype=object,
        )
    fitting, unseen = draw_count(rnd.observation(seat))
    return draws_until_fit(unseen, fitting, rnd.yard_count, max_draws)


def wait_until_playable(rnd: Round, seat: int, max_draws: int | None = None) -> DrawWait:
    """How long ``seat`` hunts for a tile it can play, if the table stays as it is: the chance
    it never finds one and the expected draws when it does.

    Same arguments and model as :func:`draws_until_playable`; this is
    :func:`cfwidget.odds.wait_for_fit` with the seat's own counts. A seat that can play now
    needs no draw (``if_found`` is 0).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=11)
    >>> wait_until_playable(rnd, 0)
    DrawWait(p_never=Fraction(0, 1), if_found=Fraction(23, 7), all_draws=Fraction(23, 7))
    >>> wait = wait_until_playable(rnd, 0, max_draws=2)
    >>> wait.p_never, wait.if_found
    (Fraction(40, 77), Fraction(53, 37))
    """
    _check_round(rnd)
    _check_seat(rnd, seat)
    _check_cap(max_draws)
    _check_playing(rnd)
    if rnd.can_play(seat):
        return DrawWait(Fraction(0), Fraction(0), Fraction(0))
    fitting, unseen = draw_count(rnd.observation(seat))
    return wait_for_fit(unseen, fitting, rnd.yard_count, max_draws)


def expected_draws_until_playable(rnd: Round, seat: int, max_draws: int | None = None) -> Fraction:
    """Deprecated: the average tiles ``seat`` draws, counting "never finds one" as drawing
    the whole yard (or ``max_draws``). It warns; use :func:`wait_until_playable`, whose
    ``p_never`` and ``if_found`` keep the two apart (this number is its ``all_draws``).

    >>> import warnings
    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=11)
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     expected_draws_until_playable(rnd, 0, max_draws=2)
    Fraction(19, 11)
    """
    warnings.warn(
        "expected_draws_until_playable counts a hunt that never finds a tile as drawing the "
        "whole yard; use wait_until_playable(...), which gives the chance of never (p_never) "
        "and the expected draws when one is found (if_found)",
        DeprecationWarning,
        stacklevel=2,
    )
    return wait_until_playable(rnd, seat, max_draws).all_draws


# --- chicken feet -----------------------------------------------------------------------------


def foot_outlook(rnd: Round, seat: int) -> FootOutlook:
    """Can the double that is waiting for tiles still be finished, and what will it cost?

    ``rnd`` is the round and ``seat`` the seat whose view is taken. The waiting double is
    the open chicken foot (``kind`` ``"chicken foot"``), or the centre double while it still
    lacks spokes (``kind`` ``"centre"``). Keys: ``double``, ``needed`` (toes or spokes still
    missing), ``in_hand`` (tiles of its number in the seat's hand), ``unseen_fitting`` (tiles
    of its number among the ``unseen`` ones), ``yard``, ``off_table`` (``in_hand`` plus
    ``unseen_fitting``), ``p_completable`` (:func:`cfwidget.odds.p_foot_completable`: 1 or
    0, since every such tile must come out in the end), ``draws`` (the distribution of the
    fewest yard draws before it can be finished, :func:`cfwidget.odds.foot_draws`) and
    ``expected_draws`` (its mean, :func:`cfwidget.odds.expected_foot_draws`).

    >>> from cfwidget import Round, Rules
    >>> from cfwidget.players import greedy
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=5)
    >>> while rnd.forced in (None, rnd.start):
    ...     rnd.play(greedy(rnd.observation(rnd.turn)))
    >>> foot = foot_outlook(rnd, rnd.turn)
    >>> str(foot["double"]), foot["kind"], foot["needed"], foot["in_hand"], foot["off_table"]
    ('5-5', 'chicken foot', 3, 1, 4)
    >>> foot["unseen_fitting"], foot["unseen"], foot["yard"]
    (3, 14, 7)
    >>> foot["p_completable"], foot["expected_draws"], foot["draws"][0]
    (Fraction(1, 1), Fraction(19, 13), Fraction(1, 2))
    """
    _check_round(rnd)
    _check_seat(rnd, seat)
    _check_playing(rnd)
    double = rnd.forced
    if double is None:
        raise SeatOddsError(
            "no chicken foot is open and the centre has all its spokes: "
            "play is allowed on every open end, so no double is waiting for tiles"
        )
    number = double[0]
    needed = rnd.needed
    in_hand = sum(1 for tile in _hand(rnd, seat) if tile.has(number))
    unseen = unseen_tiles(rnd, seat)
    marked = sum(1 for tile in unseen if tile.has(number))
    yard = rnd.yard_count
    return FootOutlook(
        double=double,
        kind="centre" if double == rnd.start else "chicken foot",
        needed=needed,
        in_hand=in_hand,
        unseen_fitting=marked,
        unseen=len(unseen),
        yard=yard,
        off_table=in_hand + marked,
        p_completable=p_foot_completable(needed, in_hand + marked),
        expected_draws=expected_foot_draws(needed, in_hand, marked, len(unseen), yard),
        draws=foot_draws(needed, in_hand, marked, len(unseen), yard),
    )


# --- other hands ------------------------------------------------------------------------------


def _other(rnd: Round, seat: int, other_seat: object) -> int:
    other = _check_seat(rnd, other_seat, "other_seat")
    if other == seat:
        raise SeatOddsError(
            f"seat {seat} can see its own hand: ask about another seat (other_seat must differ)"
        )
    return other


def holds_number_odds(rnd: Round, seat: int, number: int, other_seat: int) -> Fraction:
    """The chance, as ``seat`` sees it, that ``other_seat`` holds a tile showing ``number``.

    ``rnd`` is the round, ``seat`` the seat doing the counting, ``number`` a pip number of
    the set (0 up to its highest) and ``other_seat`` the seat asked about. The other hand is
    a random part of the tiles ``seat`` cannot see, of the size it shows (a hypergeometric
    chance, :func:`cfwidget.odds.p_holds_number`).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=11)
    >>> holds_number_odds(rnd, 0, 6, other_seat=1)
    Fraction(157, 209)
    """
    _check_round(rnd)
    _check_seat(rnd, seat)
    other = _other(rnd, seat, other_seat)
    top = rnd.rules.max_pip
    if not whole_in(number, 0, top):
        raise SeatOddsError(
            f"number must be a pip number of the double-{top} set, 0 to {top}, got {number!r}"
        )
    return p_holds_number(top, _count(rnd, other), number, unseen=unseen_tiles(rnd, seat))


def hand_cost(rnd: Round, seat: int) -> int:
    """What ``seat``'s hand would cost it if the round ended now (its penalty points).

    What its tiles cost (:meth:`~cfwidget.Rules.penalty`); once the round is over,
    exactly its score for the round.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=11)
    >>> [str(tile) for tile in rnd.hands[0]], hand_cost(rnd, 0)
    (['1-0', '4-4', '5-0', '5-1', '5-3'], 28)
    """
    _check_round(rnd)
    _check_seat(rnd, seat)
    return rnd.scores()[seat]


def expected_hand_cost(rnd: Round, seat: int, other_seat: int) -> Fraction:
    """What ``other_seat``'s hand would cost it now, on average, as ``seat`` sees it.

    The other hand is a random part of the tiles ``seat`` cannot see, so each of its tiles
    costs the average penalty of those tiles (:meth:`~cfwidget.Rules.penalty`).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=11)
    >>> expected_hand_cost(rnd, 0, other_seat=1)
    Fraction(356, 11)
    """
    _check_round(rnd)
    _check_seat(rnd, seat)
    other = _other(rnd, seat, other_seat)
    unseen = unseen_tiles(rnd, seat)
    if not unseen:
        return Fraction(0)
    total = sum(map(rnd.rules.penalty, unseen))
    return Fraction(total * _count(rnd, other), len(unseen))
