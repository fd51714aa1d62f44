"""Round records: plain JSON that replays every move (never pickle or eval).

Writing: :func:`round_record` (``Round.to_dict``). Reading (``Round.from_dict``):
:func:`read_round` checks the record's fields, :func:`record_deal` deals the
recorded deal and checks its seed, and :func:`replay_moves` replays every move
through the engine, so a record can never hold an impossible round;
anything wrong is a :class:`RecordError` that names the problem and its place.
A whole game's record (``Game.to_json``) uses the same pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, NamedTuple

from ._deal import Deal, given_deal
from ._errors import DealError, IllegalMove, NotationError, RecordError, RulesError
from ._jsonio import FORMAT_VERSION, check_record, expect, read_record
from ._kernel import shuffled_bits
from ._moves import Move
from ._rules import Rules
from ._tileset import tile_set

__all__ = [
    "ROUND_FORMAT",
    "RoundRecord",
    "check_seed_deals",
    "parse_round",
    "read_round",
    "record_deal",
    "record_rules",
    "replay_moves",
    "round_record",
]

ROUND_FORMAT = "cfwidget.round"
_ROUND_FIELDS = frozenset({"format", "version", "rules", "names", "seed", "deal", "moves"})
_DEAL_FIELDS = frozenset({"hands", "boneyard", "start", "first", "used_doubles"})


def record_rules(data: dict[str, Any], fields: Collection[str]) -> Rules:
    """Check that a record has every field, and read its rules (a :class:`RecordError` if not)."""
    missing = sorted(set(fields) - set(data))
    if missing:
        raise RecordError(f"the record has no {', '.join(missing)}")
    try:
        return Rules.from_dict(expect(data["rules"], dict, "rules"))
    except RulesError as exc:
        raise RecordError(f"rules: {exc}") from None


def replay_moves(play: Callable[[str], object], moves: object, what: str, prefix: str) -> None:
    """Play each recorded move text; the first that is malformed or illegal is named by place."""
    for i, text in enumerate(expect(moves, list, what)):
        where = f"{prefix}move {i + 1}"
        try:
            play(expect(text, str, where))
        except (IllegalMove, NotationError) as exc:
            raise RecordError(f"{where} ({text!r}) cannot be replayed: {exc}") from None


class RoundRecord(NamedTuple):
    """A round's record, read and checked field by field, ready to be dealt and replayed.

    ``hands``, ``boneyard``, ``start``, ``first``, ``used_doubles`` and
    ``names`` are the arguments of ``Round.from_deal``; ``moves`` is the list of
    move texts (each is checked when it is replayed).
    """

    rules: Rules
    hands: list[Any]
    boneyard: list[Any]
    start: str
    first: int
    used_doubles: list[Any]
    names: list[Any] | None
    seed: int | None
    moves: object


def round_record(
    rules: Rules, names: tuple[str, ...], seed: int | None, deal: Deal, moves: Sequence[Move]
) -> dict[str, Any]:
    """A round as a JSON-ready record: its rules, names, deal (and seed) and moves.

    ``Round.to_dict()`` is this record of the round.

    >>> from cfwidget import Round
    >>> rnd = Round.deal(Rules(), players=2, seed=5)
    >>> record = rnd.to_dict()
    >>> record["format"], record["seed"], len(record["deal"]["hands"][0]), record["moves"]
    ('cfwidget.round', 5, 9, [])
    """
    ts = tile_set(rules.max_pip)
    by_bit = ts.by_bit
    return {
        "format": ROUND_FORMAT,
        "version": FORMAT_VERSION,
        "rules": rules.to_dict(),
        "names": list(names),
        "seed": seed,
        "deal": {
            "hands": [[str(by_bit[b]) for b in h] for h in deal.hands],
            "boneyard": [str(by_bit[b]) for b in deal.yard],
            "start": str(ts.tiles[deal.start]),
            "first": deal.first,
            "used_doubles": sorted(str(t) for t in deal.used),
        },
        "moves": [str(m) for m in moves],
    }


def parse_round(text: str | bytes) -> dict[str, Any]:
    """A round's JSON text as a dict, checked to be a round's record (else a RecordError).

    >>> parse_round('{"format": "cfwidget.game", "version": 1}')
    Traceback (most recent call last):
    ...
    cfwidget.RecordError: this is not a cfwidget.round record (format is 'cfwidget.game')
    """
    return read_record(text, ROUND_FORMAT, _ROUND_FIELDS)


def read_round(data: dict[str, Any]) -> RoundRecord:
    """The fields of a round's record (``to_dict()`` output), each of the type it must have.

    Anything missing, unknown or of the wrong type is a :class:`RecordError`
    naming the field; the deal and the moves are checked when they are dealt
    and replayed (``Round.from_dict``).

    >>> read_round({"format": "cfwidget.round", "version": 1, "rules": {}})
    Traceback (most recent call last):
    ...
    cfwidget.RecordError: the record has no deal, moves, names, seed
    """
    check_record(data, ROUND_FORMAT, _ROUND_FIELDS)
    rules = record_rules(data, _ROUND_FIELDS)
    deal = expect(data["deal"], dict, "deal")
    unknown = sorted(map(str, set(deal) - _DEAL_FIELDS))
    if unknown or set(deal) != _DEAL_FIELDS:
        raise RecordError(
            f"deal must have exactly {', '.join(sorted(_DEAL_FIELDS))}"
            + (f"; unknown: {', '.join(unknown)}" if unknown else "")
        )
    names = data["names"]
    if names is not None:
        expect(names, list, "names")
    seed = data["seed"]
    if seed is not None:
        expect(seed, int, "seed")
    return RoundRecord(
        rules,
        expect(deal["hands"], list, "deal.hands"),
        expect(deal["boneyard"], list, "deal.boneyard"),
        expect(deal["start"], str, "deal.start"),
        expect(deal["first"], int, "deal.first"),
        expect(deal["used_doubles"], list, "deal.used_doubles"),
        names,
        seed,
        data["moves"],
    )


def record_deal(rec: RoundRecord) -> tuple[Deal, tuple[str, ...]]:
    """The deal and names of a record read by :func:`read_round`, checked against its seed.

    A deal the engine refuses, or a seed that does not deal it, is a :class:`RecordError`.

    >>> from cfwidget import Round
    >>> rec = read_round(Round.deal(Rules(), players=2, seed=5).to_dict())
    >>> record_deal(rec._replace(seed=6))
    Traceback (most recent call last):
    ...
    cfwidget.RecordError: the seed 6 does not deal the recorded hands and chicken yard: ...
    """
    try:
        deal, names = given_deal(
            rec.rules, rec.hands, rec.boneyard, rec.start, rec.first, rec.used_doubles, rec.names
        )
    except DealError as exc:
        raise RecordError(f"deal: {exc}") from None
    if rec.seed is not None:
        check_seed_deals(rec.rules, rec.seed, deal)
    return deal, names


def check_seed_deals(rules: Rules, seed: int, deal: Deal) -> None:
    """A recorded seed must deal exactly the recorded hands and yard (as ``Round.deal`` does)."""
    hands, yard = deal.hands, deal.yard
    players = len(hands)
    try:
        size = rules.hand_size_for(players)
    except RulesError:
        size = -1  # these rules deal no such hands, so the seed cannot have dealt them
    order = tuple(shuffled_bits(rules.max_pip, seed))
    dealt = tuple(order[i : i + size] for i in range(0, players * size, size))
    if size < 0 or hands != dealt or yard != order[players * size :]:
        shown = str(seed)
        if len(shown) > 24:
            shown = f"{shown[:12]}... ({len(shown):,} digits)"
        raise RecordError(
            f"the seed {shown} does not deal the recorded hands and chicken yard: "
            "the deal or the seed was changed (a hand-made deal has the seed null)"
        )
