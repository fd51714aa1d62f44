"""Round records: plain JSON that replays every move (never pickle or eval).

:class:`RoundRecords` gives :class:`~cfwidget.Round` its ``to_json`` and
``from_json``. Loading replays every move through the engine, so a record can
never hold an impossible round; anything wrong is a :class:`RecordError` that
names the problem and its place.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ._errors import DealError, IllegalMove, NotationError, RecordError, RulesError
from ._jsonio import FORMAT_VERSION, check_record, expect, read_record
from ._moves import Move, MoveLike
from ._rules import Rules
from ._tiles import Tile, TileLike
from ._tileset import shuffled_bits, tile_set

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["ROUND_FORMAT", "RoundRecords", "record_rules", "replay_moves"]

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


class RoundRecords:
    """Writing and reading a round as a JSON record (a mixin of ``Round``)."""

    if not TYPE_CHECKING:  # Round keeps __slots__; mypy checks attributes through Round
        __slots__ = ()

    if TYPE_CHECKING:
        rules: Rules
        names: tuple[str, ...]
        seed: int | None
        _deal: tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int, frozenset[Tile]]
        _moves: list[Move]

        @classmethod
        def from_deal(
            cls,
            rules: Rules,
            hands: Sequence[Iterable[TileLike]],
            boneyard: Iterable[TileLike],
            start: TileLike | None = None,
            first: int = 0,
            *,
            used_doubles: Collection[TileLike] = (),
            names: Sequence[str] | None = None,
        ) -> Self: ...

        def play(self, move: MoveLike) -> None: ...

    def to_dict(self) -> dict[str, Any]:
        """The round as a JSON-ready record: rules, names, the deal (and seed), moves."""
        hands, yard, start, first, used = self._deal
        ts = tile_set(self.rules.max_pip)
        by_bit = ts.by_bit
        return {
            "format": ROUND_FORMAT,
            "version": FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "names": list(self.names),
            "seed": self.seed,
            "deal": {
                "hands": [[str(by_bit[b]) for b in h] for h in hands],
                "boneyard": [str(by_bit[b]) for b in yard],
                "start": str(ts.tiles[start]),
                "first": first,
                "used_doubles": sorted(str(t) for t in used),
            },
            "moves": [str(m) for m in self._moves],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The round as JSON text; :meth:`from_json` replays it move by move.

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.deal(Rules(), players=2, seed=5)
        >>> rnd.play(rnd.legal_moves()[0])
        >>> Round.from_json(rnd.to_json()) == rnd
        True
        """
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Rebuild a round from :meth:`to_json` text, replaying every move.

        Anything malformed, unknown, outside the set or illegal raises
        :class:`~cfwidget.RecordError` naming the problem and its place.
        """
        data = read_record(text, ROUND_FORMAT, _ROUND_FIELDS)
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Rebuild a round from :meth:`to_dict` output (see :meth:`from_json`)."""
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
        try:
            rnd = cls.from_deal(
                rules,
                expect(deal["hands"], list, "deal.hands"),
                expect(deal["boneyard"], list, "deal.boneyard"),
                start=expect(deal["start"], str, "deal.start"),
                first=expect(deal["first"], int, "deal.first"),
                used_doubles=expect(deal["used_doubles"], list, "deal.used_doubles"),
                names=names,
            )
        except DealError as exc:
            raise RecordError(f"deal: {exc}") from None
        if seed is not None:
            _check_seed_deals(rnd.rules, seed, rnd._deal[0], rnd._deal[1])
        rnd.seed = seed
        replay_moves(rnd.play, data["moves"], "moves", "")
        return rnd


def _check_seed_deals(
    rules: Rules, seed: int, hands: tuple[tuple[int, ...], ...], yard: tuple[int, ...]
) -> None:
    """A recorded seed must deal exactly the recorded hands and yard (as ``Round.deal`` does)."""
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
