"""One round of Chicken Foot as a state machine: deal, legal moves, play, score.

The engine is the single source of truth for the rules. A round starts from a
deal (hands and the chicken yard in draw order); the holder of the round's
double places it in the centre at once, and play goes to the next seat.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(), players=4, seed=7)
>>> rnd.start, rnd.opener, rnd.turn, rnd.needed
(Tile(9, 9), 0, 1, 4)
>>> moves = rnd.legal_moves()
>>> rnd.play(moves[0]); rnd.needed
3
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from .._shared import MAX_SEED
from ._deal import check_args, check_complete, check_rules, check_seed, tile_list
from ._errors import DealError, IllegalMove, NotationError
from ._moves import DRAW, PASS, Move, MoveLike, to_move
from ._records import RoundRecords
from ._rules import Rules
from ._state import Placed, RoundState, _new_placed
from ._tiles import Tile, TileLike, full_set, to_tile
from ._tileset import TileSet, shuffled_bits, tile_set
from ._views import RoundViews

__all__ = ["Placed", "Round"]


# The seat after each seat, by the number of seats.
_NEXT_SEAT = {n: (*range(1, n), 0) for n in range(2, 9)}

# Shared one-move lists: the engine keeps legal lists without changing them.
_DRAW_ONLY = [DRAW]
_PASS_ONLY = [PASS]
_NO_PLAYS: list[Move] = []  # never kept: legal_moves() puts draw or pass in its place


class Round(RoundState, RoundRecords, RoundViews):
    """One round: hands, the chicken yard, the table and whose turn it is.

    Build one with :meth:`deal` (shuffled, reproducible) or :meth:`from_deal`
    (a given deal). Moves are :class:`~cfwidget.Move` values or their text.

    Inside, tiles are ranks in their set (see :mod:`cfwidget.core._tileset`): a hand
    is a bit mask, each table tile has its open number and free places, and
    the plays are the set's shared :class:`~cfwidget.Move` objects.
    Everything public speaks in tiles.
    """

    __slots__ = (
        "_announce",
        "_deal",
        "_drawn",
        "_ends",
        "_fneed",
        "_forced",
        "_fplays",
        "_hands",
        "_kids",
        "_leader",
        "_legal",
        "_little",
        "_moves",
        "_must_play",
        "_next",
        "_nums",
        "_open",
        "_out",
        "_over",
        "_pass_ends",
        "_passed_out",
        "_placed",
        "_seen",
        "_slots",
        "_toes",
        "_ts",
        "_turn",
        "_yard",
        "names",
        "opener",
        "opening_draws",
        "penalties",
        "rules",
        "seed",
        "start",
    )

    rules: Rules
    start: Tile
    opener: int
    names: tuple[str, ...]
    seed: int | None
    opening_draws: tuple[tuple[int, Tile], ...]
    penalties: list[tuple[int, int, Tile]]
    _ts: TileSet  # the tables every round of this set shares
    _next: tuple[int, ...]  # the seat after each seat
    _toes: int
    _must_play: bool
    _announce: bool  # the rules use "!" (uno or chicken-little)
    _forced: int  # the rank of the double that must be filled first (-1: none)
    # The plays onto the forced double by the bits of the tiles that fit it, and those bits.
    _fplays: Mapping[int, tuple[Move, ...]]
    _fneed: int
    _little: bool  # chicken-little: a silent last-but-one play draws a penalty tile
    _pass_ends: bool  # round_end="all-passed": a pass by every seat in turn ends the round
    _passed_out: bool  # the round ended that way
    # The deal: hands and the yard in draw order (each tile as its bit), the rank
    # of the round's double, the first seat to draw for it, and the doubles
    # already used (as tiles).
    _deal: tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int, frozenset[Tile]]

    # -- building a round --------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: Rules,
        players: int,
        seed: int | None = None,
        *,
        start: TileLike | None = None,
        first: int = 0,
        used_doubles: Collection[TileLike] = (),
        names: Sequence[str] | None = None,
    ) -> Round:
        """Shuffle the set with ``random.Random(seed)`` and deal hands of the rules' size.

        The deal is exactly ``random.Random(seed).shuffle(list(full_set(max_pip)))``
        dealt out hand by hand; the rest is the chicken yard, drawn from the front.
        ``seed`` is a whole number from 0 to 2**64 - 1 (``None``: a fresh one from the
        system), so that a record can always write it down.

        The holder of ``start`` (default: the highest double) opens the round.
        ``first_player="high-draw"`` is an option of a whole :class:`~cfwidget.Game`
        (who opens its first round, then the next seat each round): a round dealt
        on its own does not use it.

        >>> Round.deal(Rules(), players=3, seed=1).boneyard[:2]
        (Tile(6, 6), Tile(4, 1))
        """
        if rules.__class__ is not Rules:
            check_rules(rules)
        size = rules.hand_size_for(players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif seed.__class__ is not int or not 0 <= seed <= MAX_SEED:
            seed = check_seed(seed)  # a DealError naming the seeds there are
        order = tuple(shuffled_bits(rules.max_pip, seed))  # so that its slices are tuples
        hands = []
        for i in range(0, players * size, size):  # a loop, not a list comprehension: no closure
            hands.append(order[i : i + size])
        start_tile, used, name_list = check_args(rules, players, start, first, used_doubles, names)
        rnd = cls._build(
            rules, tuple(hands), order[players * size :], start_tile, first, used, name_list
        )
        rnd.seed = seed
        return rnd

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
    ) -> Round:
        """A round from a given deal; ``boneyard`` is the chicken yard in draw order.

        ``start`` is the round's double (default: the highest). If no hand holds
        it, seats draw one tile each in turn from ``first`` until it turns up (or,
        with ``start_missing="next-highest"``, the highest lower double dealt that
        is not in ``used_doubles`` stands in).

        >>> rnd = Round.from_deal(Rules(max_pip=3, spokes=3, hand_size=2),
        ...     hands=[["3-3", "3-0"], ["3-2", "1-0"]],
        ...     boneyard=["3-1", "2-2", "2-1", "2-0", "1-1", "0-0"])
        >>> rnd.turn, rnd.legal_moves()
        (1, [Move.parse('3-2@3-3')])
        """
        check_rules(rules)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise DealError("hands must be a list with one list of tiles per seat")
        players = len(hands)
        if not 2 <= players <= 8:
            raise DealError(f"a round needs 2 to 8 hands, got {players}")
        try:
            hand_lists = [
                [to_tile(t) for t in tile_list(h, f"hand {i}")] for i, h in enumerate(hands)
            ]
            yard = [to_tile(t) for t in tile_list(boneyard, "boneyard")]
        except NotationError as exc:
            raise DealError(str(exc)) from None
        check_complete(rules, hand_lists, yard)
        start_tile, used, name_list = check_args(rules, players, start, first, used_doubles, names)
        ts = tile_set(rules.max_pip)
        bit, rank = ts.bit, ts.rank
        return cls._build(
            rules,
            tuple([tuple([bit[rank[t]] for t in h]) for h in hand_lists]),
            tuple([bit[rank[t]] for t in yard]),
            start_tile,
            first,
            used,
            name_list,
        )

    @classmethod
    def _build(
        cls,
        rules: Rules,
        hands: tuple[tuple[int, ...], ...],
        yard: tuple[int, ...],
        start: Tile,
        first: int,
        used: frozenset[Tile],
        names: tuple[str, ...],
    ) -> Round:
        self = cls.__new__(cls)
        self.rules = rules
        self.names = names
        self.seed = None
        self._ts = ts = tile_set(rules.max_pip)
        self._next = _NEXT_SEAT[len(hands)]
        self._toes = rules.toes
        self._must_play = rules.must_play_drawn
        self._announce = rules.last_tile != "silent"
        self._little = rules.last_tile == "chicken-little"
        self._pass_ends = rules.round_end == "all-passed"
        self._deal = (hands, yard, ts.rank[start], first, used)
        self._setup()
        return self

    def _setup(self) -> None:
        """Lay out the deal, find the starting double and place it."""
        hands, yard, start, first, used = self._deal
        ts = self._ts
        bit = ts.bit
        size = len(ts.tiles)
        bits = list(map(sum, hands))  # distinct bits: the sum is the union
        self._hands = bits
        self._yard = list(reversed(yard))  # tiles as bits; the next to draw is at the end
        self._slots = [0] * size  # free places of each table tile
        self._open = [-1] * size  # the open number of each table tile (-1: not on the table)
        # Per number, sorted; one more list, always empty, is what doubles look up
        # as their second number (see TileSet.info).
        self._ends: list[list[int]] = [[] for _ in range(ts.max_pip + 2)]
        self._moves: list[Move] = []  # the seat of each is worked out when asked (history)
        self._legal: list[Move] | None = None
        self._drawn = 0  # the bit of the tile just drawn (0: none)
        self._over = False
        self._passed_out = False
        self._out: int | None = None
        self._placed: list[Placed] = []  # the table as Placed, built when asked for
        self._seen = 0  # how much of the history _placed covers
        self._kids: dict[int, int] = {}  # how many tiles lie on each table tile
        self.penalties = []

        eligible: Collection[int] = (bit[start],)  # the doubles that may start, as bits
        if self.rules.start_missing == "next-highest":
            eligible = self._stand_ins(start, used)
        holder, tile_bit = self._find_start(bit[start], eligible)
        draws: list[tuple[int, Tile]] = []
        seat = first
        while holder is None:
            if not self._yard:
                raise DealError(
                    f"no hand holds {ts.tiles[start]} and the chicken yard is empty, "
                    "so the round cannot start"
                )
            drawn = self._yard.pop()
            bits[seat] |= drawn
            draws.append((seat, ts.by_bit[drawn]))
            if drawn in eligible:
                holder, tile_bit = seat, drawn
            seat = self._next[seat]
        self.opening_draws = tuple(draws)
        tile = ts.lowest[tile_bit]
        self.start = ts.tiles[tile]
        self.opener = holder
        bits[holder] ^= tile_bit
        n = ts.high[tile]
        self._slots[tile] = self.rules.spokes
        self._open[tile] = n
        self._ends[n].append(tile)
        self._nums = 1 << n  # the numbers with an open end, as bits
        self._force(tile)
        self._turn = self._leader = self._next[holder]
        self._placed.append(_new_placed(Placed, (self.start, None, n, 0)))
        if not bits[holder]:  # the centre double was the opener's last tile: it went out
            self._over, self._out, self._legal = True, holder, []
            self._turn = holder  # the seat that moved last
        elif not self._yard:
            self._check_blocked()

    def _stand_ins(self, start: int, used: frozenset[Tile]) -> set[int]:
        """The doubles that may start (as bits) when the rules let a lower one stand in.

        That is the round's double, and if no hand holds it, every lower double
        not already used in the game.
        """
        ts = self._ts
        bit = ts.bit
        if any(b & bit[start] for b in self._hands):
            return {bit[start]}
        doubles = {bit[ts.rank[d]] for d in full_set(ts.max_pip) if d[0] == d[1]}
        doubles -= {bit[ts.rank[d]] for d in used}
        return {b for b in doubles | {bit[start]} if b <= bit[start]}

    def _find_start(self, start: int, eligible: Collection[int]) -> tuple[int | None, int]:
        """The seat holding the round's double, else the highest eligible stand-in (bits)."""
        for d in sorted(eligible, reverse=True) if len(eligible) > 1 else eligible:
            for seat, b in enumerate(self._hands):
                if b & d:
                    return seat, d
        return None, start

    # -- legal moves -------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves allowed now, sorted: the plays; if none, ``draw`` (``pass`` if no yard).

        After a draw: the plays of the drawn tile, plus ``pass`` (unless the rules
        say a drawn tile that fits must be played).
        """
        legal = self._legal
        if legal is not None:  # kept until the next move; an ended round keeps []
            return legal.copy()
        # Worked out from the bit masks: the engine's hot path, so written out in full.
        drawn = self._drawn
        bits = drawn or self._hands[self._turn]
        if self._forced >= 0:  # only the forced double may be played on: one play per fitting tile
            bits &= self._fneed
            out = [*self._fplays[bits]] if bits else _NO_PLAYS  # copied from the shared table
        else:
            ts = self._ts
            out = []
            bits &= ts.fits[self._nums]  # the tiles that fit an open end
            ends = self._ends
            info = ts.info
            while bits:
                rest = bits & (bits - 1)  # all but the lowest bit (quicker than bits & -bits)
                a, b, row = info[bits ^ rest]
                bits = rest
                targets = ends[a]
                other = ends[b]  # empty for a double
                if other:
                    if targets:
                        targets = targets + other
                        targets.sort()
                    else:
                        targets = other
                for u in targets:
                    out.append(row[u])  # type: ignore[arg-type]
        if self._announce and out and self._hands[self._turn].bit_count() == 2:
            out = self._with_announcements(out)
        if drawn:
            if not out:
                out = _PASS_ONLY
            elif not self._must_play:
                out = [*out, PASS]
        elif not out:
            out = _DRAW_ONLY if self._yard else _PASS_ONLY
        self._legal = out
        return out.copy()

    def _with_announcements(self, plays: list[Move]) -> list[Move]:
        """Each play followed by the same play announcing the last tile (``!``)."""
        announced = self._ts.announced
        out: list[Move] = []
        for m in plays:
            t, u = m.code[:2]  # type: ignore[attr-defined]  # a SharedPlay
            out += (m, announced[t][u])
        return out

    def can_play(self, seat: int) -> bool:
        """True if ``seat`` holds a tile that fits where play is allowed now."""
        return bool(self._hands[self._seat(seat)] & self._fitting())

    def _fitting(self) -> int:
        """The bits of the tiles that may be played now (ignoring whose they are)."""
        return self._fneed if self._forced >= 0 else self._ts.fits[self._nums]

    # -- making moves ------------------------------------------------------------

    def play(self, move: MoveLike) -> None:
        """Make ``move`` for the seat to move; an illegal move raises :class:`IllegalMove`.

        An illegal move changes nothing.
        """
        legal = self._legal
        if legal is None:
            self.legal_moves()
            legal = self._legal or []
        try:
            m = legal[legal.index(move)]  # type: ignore[arg-type]  # the shared move object
        except ValueError:
            m = to_move(move)  # text, or not a move at all (NotationError)
            if m not in legal:
                raise IllegalMove(self._explain(m)) from None
            m = legal[legal.index(m)]
        # From here on m is one of the set's shared moves, and legal: the state changes.
        seat = self._turn
        self._legal = None
        self._moves.append(m)
        if m is DRAW:
            d = self._yard.pop()
            self._hands[seat] |= d
            self._drawn = d
            if not self._yard:
                self._check_blocked()
            return
        if m is not PASS:
            t, u, n, far, bit, double = m.code  # type: ignore[attr-defined]  # a SharedPlay
            hands = self._hands
            bits = hands[seat] ^ bit
            hands[seat] = bits
            slots = self._slots
            left = slots[u] - 1
            slots[u] = left
            ends = self._ends
            if not left:
                e = ends[n]
                e.remove(u)
                if not e:
                    self._nums ^= 1 << n
                if u == self._forced:
                    self._forced = -1
            e = ends[far]
            if e:
                insort(e, t)
            else:
                e.append(t)
                self._nums |= 1 << far
            if double:
                slots[t] = self._toes
                self._force(t)
            else:
                slots[t] = 1
            if not bits:
                self._over = True
                self._out = seat
                self._legal = []
                return
            if self._little and not m[3] and self._yard and bits & (bits - 1) == 0:
                p = self._yard.pop()
                hands[seat] = bits | p
                self.penalties.append((len(self._moves) - 1, seat, self._ts.by_bit[p]))
        elif self._pass_ends and self.passes_in_a_row() >= len(self._next):
            # round_end="all-passed" (000): "when all players have consecutively passed".
            self._drawn = 0
            self._over = self._passed_out = True
            self._legal = []
            return  # the turn stays with the seat that moved last
        self._drawn = 0
        if not self._yard:
            self._check_blocked()
            if self._over:
                return  # the turn stays with the seat that moved last
        self._turn = self._next[seat]

    def _force(self, double: int) -> None:
        """Make the double of this rank the one to fill first, with its plays and mask.

        ``_fplays`` and ``_fneed`` are read only while ``_forced >= 0``.
        """
        ts = self._ts
        self._forced = double
        self._fplays, self._fneed = ts.onto_double[double], ts.need[double]

    def _check_blocked(self) -> None:
        """End the round if the yard is empty and no hand holds a tile that fits."""
        if self._yard or self._over:
            return
        fitting = self._fitting()
        for bits in self._hands:
            if bits & fitting:
                return
        self._over = True
        self._legal = []

    def undo(self) -> Move:
        """Take back the last move and return it. The round is exactly as before it.

        >>> rnd = Round.deal(Rules(), players=2, seed=3)
        >>> before = rnd.copy(); rnd.play(rnd.legal_moves()[0]); _ = rnd.undo()
        >>> rnd == before
        True
        """
        if not self._moves:
            raise IllegalMove("there is no move to take back")
        moves = self._moves[:-1]
        last = self._moves[-1]
        self._setup()
        for m in moves:
            self.play(m)
        return last

    def copy(self) -> Round:
        """An independent copy: moves made on it never touch this round."""
        other = Round.__new__(Round)
        for name in Round.__slots__:  # every field, so none can be forgotten ...
            setattr(other, name, getattr(self, name))
        # ... then fresh copies of what moves change in place (the rest is immutable).
        other.penalties = list(self.penalties)
        other._hands = list(self._hands)
        other._yard = list(self._yard)
        other._slots = list(self._slots)
        other._open = list(self._open)
        other._ends = [list(e) for e in self._ends]
        other._moves = list(self._moves)
        other._placed = list(self._placed)
        other._kids = dict(self._kids)
        return other

    def __copy__(self) -> Round:
        return self.copy()

    def __deepcopy__(self, memo: object) -> Round:
        return self.copy()  # tiles, moves and rules are immutable values

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # Pickled as its record and rebuilt by replaying it, like from_json.
        return type(self).from_dict, (self.to_dict(),)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return (
            self.rules == other.rules
            and self._deal == other._deal
            and self._moves == other._moves
            and self._hands == other._hands
            and self._yard == other._yard
            and self._turn == other._turn
            and self.names == other.names
        )

    __hash__ = None  # type: ignore[assignment]

    # -- scoring -----------------------------------------------------------------

    def scores(self) -> list[int]:
        """Each seat's points: what the tiles left in its hand cost (:meth:`Rules.penalty`).

        The seat that went out scores 0, or ``out_on_double`` if its last tile
        was a double. Before the end this is what each hand would cost now.
        """
        penalty = self.rules.penalty
        result = [sum(map(penalty, hand)) for hand in self.hands]
        if self._out is not None:
            # Going out is a play, or placing the centre double as the opener's last tile.
            last = self._moves[-1].tile if self._moves else self.start
            result[self._out] = self.rules.out_on_double if last and last.is_double else 0
        return result

    def __repr__(self) -> str:
        state = "over" if self._over else f"{self.names[self._turn]} to move"
        laid = len(self.table)
        return (
            f"<Round {self.start} start, {self.players} players, {laid} "
            f"{'tile' if laid == 1 else 'tiles'} on the table, {len(self._yard)} in the yard, "
            f"{state}>"
        )
