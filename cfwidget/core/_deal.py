"""A round's deal, checked: every tile once, sensible seats and names.

:func:`shuffled_deal` (for ``Round.deal``) and :func:`given_deal` (for
``Round.from_deal``) check their arguments and return a :class:`Deal`: the
hands and the chicken yard as tile bits (see :mod:`cfwidget.core._tileset`),
the round's double, the first seat to draw for it and the doubles already
used. A round keeps its deal unchanged; ``undo()`` and the record start from it.

>>> deal, names, seed = shuffled_deal(Rules(max_pip=3, spokes=3, hand_size=2), 2, seed=1)
>>> len(deal.hands), len(deal.yard), deal.first, names
(2, 6, 0, ('Player 1', 'Player 2'))
>>> check_complete(Rules(max_pip=3, spokes=3), [[Tile(3, 3)]], [])
Traceback (most recent call last):
...
cfwidget.DealError: hands and boneyard must hold every tile of the set exactly once; ...
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import NamedTuple

from .._shared import MAX_SEED, shown, whole_in
from .._shared import check_seed as shared_check_seed
from ._errors import DealError, NotationError, RulesError, ScoreError
from ._kernel import dealt_bits
from ._rules import Rules
from ._scoring import check_player_names
from ._tiles import Tile, TileLike, full_set, tiles_text, to_tile
from ._tileset import tile_set

__all__ = [
    "DEFAULT_NAMES",
    "Deal",
    "check_args",
    "check_complete",
    "check_rules",
    "check_seed",
    "given_deal",
    "shuffled_deal",
    "tile_list",
]


class Deal(NamedTuple):
    """A round's deal: what ``undo()`` and the record start from.

    ``hands`` holds each seat's tiles and ``yard`` the chicken yard in draw
    order, every tile as its bit (``1 << rank``); ``start`` is the rank of the
    round's double, ``first`` the first seat to draw if no hand holds it, and
    ``used`` the doubles earlier rounds of the game opened with.
    """

    hands: tuple[tuple[int, ...], ...]
    yard: tuple[int, ...]
    start: int
    first: int
    used: frozenset[Tile]


def shuffled_deal(
    rules: Rules,
    players: int,
    seed: int,
    start: TileLike | None = None,
    first: int = 0,
    used_doubles: Collection[TileLike] = (),
    names: Sequence[str] | None = None,
) -> tuple[Deal, tuple[str, ...], int]:
    """The deal ``random.Random(seed)`` shuffles, dealt hand by hand, the names and the seed.

    The arguments are ``Round.deal``'s (``seed`` is chosen: not ``None``);
    anything wrong is a :class:`DealError` or :class:`RulesError` naming it.
    The seed comes back as a plain ``int`` (NumPy's integers are taken as their value).
    """
    if rules.__class__ is not Rules:
        check_rules(rules)
    size = rules.hand_size_for(players)
    if seed.__class__ is not int or not 0 <= seed <= MAX_SEED:
        seed = check_seed(seed)  # a DealError naming the seeds there are
    hands, yard = dealt_bits(rules.max_pip, seed, players, size)
    start_tile, used, name_list = check_args(rules, players, start, first, used_doubles, names)
    rank = tile_set(rules.max_pip).rank[start_tile]
    return Deal(hands, yard, rank, first, used), name_list, seed


def given_deal(
    rules: Rules,
    hands: Sequence[Iterable[TileLike]],
    boneyard: Iterable[TileLike],
    start: TileLike | None = None,
    first: int = 0,
    used_doubles: Collection[TileLike] = (),
    names: Sequence[str] | None = None,
) -> tuple[Deal, tuple[str, ...]]:
    """A given deal, checked (``Round.from_deal``'s arguments), and the seats' names.

    >>> given_deal(Rules(max_pip=3, spokes=3, hand_size=2), [["3-3"]], [])
    Traceback (most recent call last):
    ...
    cfwidget.DealError: a round needs 2 to 8 hands, got 1
    """
    check_rules(rules)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise DealError("hands must be a list with one list of tiles per seat")
    players = len(hands)
    if not 2 <= players <= 8:
        raise DealError(f"a round needs 2 to 8 hands, got {players}")
    try:
        hand_lists = [[to_tile(t) for t in tile_list(h, f"hand {i}")] for i, h in enumerate(hands)]
        yard = [to_tile(t) for t in tile_list(boneyard, "boneyard")]
    except NotationError as exc:
        raise DealError(str(exc)) from None
    check_complete(rules, hand_lists, yard)
    start_tile, used, name_list = check_args(rules, players, start, first, used_doubles, names)
    ts = tile_set(rules.max_pip)
    bit, rank = ts.bit, ts.rank
    return Deal(
        tuple([tuple([bit[rank[t]] for t in h]) for h in hand_lists]),
        tuple([bit[rank[t]] for t in yard]),
        rank[start_tile],
        first,
        used,
    ), name_list


def check_args(
    rules: Rules,
    players: int,
    start: TileLike | None,
    first: int,
    used_doubles: Collection[TileLike],
    names: Sequence[str] | None,
) -> tuple[Tile, frozenset[Tile], tuple[str, ...]]:
    """Check a round's start, first seat, used doubles and names (a :class:`DealError` if bad).

    >>> check_args(Rules(max_pip=6, hand_size=5), 2, None, 0, ["9-9"], None)
    Traceback (most recent call last):
    ...
    cfwidget.DealError: used_doubles must be doubles of the double-6 set; 9-9 is not
    """
    if (  # the defaults: nothing to check
        start is None
        and first.__class__ is int
        and first == 0
        and used_doubles.__class__ is tuple
        and not used_doubles
        and names is None
    ):
        return tile_set(rules.max_pip).tiles[-1], _NONE_USED, DEFAULT_NAMES[players]
    try:
        start_tile = tile_set(rules.max_pip).tiles[-1] if start is None else to_tile(start)
    except NotationError as exc:
        raise DealError(f"start: {exc}") from None
    if not start_tile.is_double or start_tile[0] > rules.max_pip:
        raise DealError(f"the round's double must be a double of the set, got {start_tile}")
    used = _used(rules, start_tile, used_doubles)
    if not whole_in(first, 0, players - 1):
        raise DealError(f"first must be a seat from 0 to {players - 1}, got {first!r}")
    if names is None:
        return start_tile, used, DEFAULT_NAMES[players]
    if (
        isinstance(names, str)
        or not isinstance(names, Sequence)
        or len(names) != players
        or not all(isinstance(n, str) for n in names)
    ):
        raise DealError(f"names must be a list of {players} strings, one per seat, got {names!r}")
    try:  # the same names a score sheet takes: non-empty, distinct, at most 40 characters
        return start_tile, used, check_player_names(names)
    except ScoreError as exc:
        raise DealError(str(exc)) from None


def _used(rules: Rules, start: Tile, used_doubles: object) -> frozenset[Tile]:
    """The doubles that led earlier rounds of the game, checked."""
    if used_doubles.__class__ is tuple and not used_doubles:  # the default: none
        return _NONE_USED
    if isinstance(used_doubles, (str, bytes)) or not isinstance(used_doubles, Iterable):
        raise DealError(
            f"used_doubles must be a list of doubles like ['9-9', '8-8'], got {used_doubles!r}"
        )
    try:
        used = frozenset(map(to_tile, used_doubles))
    except NotationError as exc:
        raise DealError(f"used_doubles: {exc}") from None
    for t in sorted(used, reverse=True):
        if not t.is_double or t[0] > rules.max_pip:
            raise DealError(
                f"used_doubles must be doubles of the double-{rules.max_pip} set; {t} is not"
            )
    if start in used:
        raise DealError(f"the round's double {start} cannot also be among the used doubles")
    return used


_NONE_USED: frozenset[Tile] = frozenset()


def check_rules(rules: object) -> Rules:
    """``rules`` itself, if it is a :class:`Rules`; anything else is a RulesError.

    >>> check_rules(9)
    Traceback (most recent call last):
    ...
    cfwidget.RulesError: rules must be a cf.Rules, like cf.Rules.preset('wolf-lake'); got 9
    """
    if not isinstance(rules, Rules):
        raise RulesError(
            f"rules must be a cf.Rules, like cf.Rules.preset('wolf-lake'); got {shown(rules)}"
        )
    return rules


def check_seed(seed: object) -> int:
    """A deal's seed as an ``int`` from 0 to 2**64 - 1, so that a record can hold it.

    Integer types of other libraries (NumPy's, say) are taken as their value.

    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    cfwidget.DealError: seed must be a whole number from 0 to ... (2**64 - 1), or None for a \
fresh shuffle; got '7'
    """
    return shared_check_seed(seed, DealError, fresh=True)


DEFAULT_NAMES = {n: tuple(f"Player {i + 1}" for i in range(n)) for n in range(2, 9)}


def tile_list(value: object, what: str) -> list[TileLike]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise DealError(f"{what} must be a list of tiles, got {value!r}")
    return list(value)


def check_complete(rules: Rules, hands: list[list[Tile]], yard: list[Tile]) -> None:
    full = set(full_set(rules.max_pip))
    seen: set[Tile] = set()
    repeated: list[Tile] = []
    outside: list[Tile] = []
    for t in [t for h in hands for t in h] + yard:
        if t not in full:
            outside.append(t)
        elif t in seen:
            repeated.append(t)
        seen.add(t)
    missing = sorted(full - seen, reverse=True)
    problems = []
    if outside:
        problems.append(f"not in a double-{rules.max_pip} set: {tiles_text(outside)}")
    if repeated:
        problems.append(f"given more than once: {tiles_text(repeated)}")
    if missing:
        problems.append(f"missing: {tiles_text(missing)}")
    if problems:
        raise DealError(
            "hands and boneyard must hold every tile of the set exactly once; "
            + "; ".join(problems)
        )
