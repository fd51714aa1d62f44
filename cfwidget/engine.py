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
from collections.abc import Collection, Iterable, Sequence
from typing import NamedTuple

from .deal import check_args, check_complete, tile_list
from .errors import DealError, IllegalMove
from .moves import DRAW, PASS, Move, MoveLike, to_move
from .records import RoundRecords
from .rules import Rules
from .tiles import NotationError, Tile, TileLike, full_set, to_tile
from .views import RoundViews

__all__ = ["Placed", "Round"]

_new_move = tuple.__new__

_MOVE_TABLES: dict[int, dict[Tile, dict[Tile, Move]]] = {}


def _move_table(max_pip: int) -> dict[Tile, dict[Tile, Move]]:
    """Every play of a set, made once: ``table[onto][tile]`` (plays are values, so shared)."""
    table = _MOVE_TABLES.get(max_pip)
    if table is None:
        tiles = full_set(max_pip)
        table = {
            u: {
                t: _new_move(Move, (0, t, u, False))
                for t in tiles
                if t != u and (u[0] in t or u[1] in t)
            }
            for u in tiles
        }
        _MOVE_TABLES[max_pip] = table
    return table


class Placed(NamedTuple):
    """A tile on the table and how it got there.

    ``onto`` is the table tile it was played onto (``None`` for the centre
    double), ``number`` the pip number where the two touch, and ``slot`` which
    free place of ``onto`` it took (spokes and toes count 0, 1, 2, ...).

    >>> Placed(Tile(9, 4), Tile(9, 9), 9, 0).open_number
    4
    """

    tile: Tile
    onto: Tile | None
    number: int
    slot: int

    @property
    def open_number(self) -> int:
        """The number at the far end, where the next tile goes."""
        return self.tile.other(self.number) if self.onto is not None else self.number


_new_placed = tuple.__new__


def _penalty(tile: Tile, double_blank: int) -> int:
    return double_blank if tile[0] == 0 and tile[1] == 0 else tile[0] + tile[1]


class Round(RoundRecords, RoundViews):
    """One round: hands, the chicken yard, the table and whose turn it is.

    Build one with :meth:`deal` (shuffled, reproducible) or :meth:`from_deal`
    (a given deal). Moves are :class:`~cfwidget.moves.Move` values or their text.
    """

    __slots__ = (
        "_announce",
        "_cnt",
        "_deal",
        "_drawn",
        "_ends",
        "_forced",
        "_hands",
        "_history",
        "_legal",
        "_little",
        "_must_play",
        "_mv",
        "_n",
        "_open",
        "_out",
        "_over",
        "_slots",
        "_spokes",
        "_table",
        "_toes",
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
    _deal: tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...], Tile, int, frozenset[Tile]]

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

        >>> Round.deal(Rules(), players=3, seed=1).boneyard[:2]
        (Tile(6, 6), Tile(4, 1))
        """
        size = rules.hand_size_for(players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        tiles = list(full_set(rules.max_pip))
        random.Random(seed).shuffle(tiles)
        hands = [tiles[i * size : (i + 1) * size] for i in range(players)]
        start_tile, used, name_list = check_args(rules, players, start, first, used_doubles, names)
        rnd = cls._build(rules, hands, tiles[players * size :], start_tile, first, used, name_list)
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
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, got {type(rules).__name__}")
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
        return cls._build(rules, hand_lists, yard, start_tile, first, used, name_list)

    @classmethod
    def _build(
        cls,
        rules: Rules,
        hands: list[list[Tile]],
        yard: list[Tile],
        start: Tile,
        first: int,
        used: frozenset[Tile],
        names: tuple[str, ...],
    ) -> Round:
        self = cls.__new__(cls)
        self.rules = rules
        self.names = names
        self.seed = None
        self._deal = (tuple(tuple(h) for h in hands), tuple(yard), start, first, used)
        self._setup()
        return self

    def _setup(self) -> None:
        """Lay out the deal, find the starting double and place it."""
        hands, yard, start, first, used = self._deal
        rules = self.rules
        players = len(hands)
        self._hands = [sorted(h) for h in hands]  # kept sorted: plays come out in order
        self._n = players
        self._spokes = rules.spokes
        self._toes = rules.toes
        self._must_play = rules.must_play_drawn
        self._announce = rules.last_tile != "silent"
        self._little = rules.last_tile == "chicken-little"
        self._yard = list(reversed(yard))  # the next tile to draw is at the end
        self._table: list[Placed] = []
        self._slots: dict[Tile, int] = {}
        self._open: dict[Tile, int] = {}
        self._ends: list[list[Tile]] = [[] for _ in range(rules.max_pip + 1)]
        self._history: list[tuple[int, Move]] = []
        self._legal: list[Move] | None = None
        self._drawn: Tile | None = None
        self._over = False
        self._out: int | None = None
        self.penalties = []

        eligible = {start}
        if rules.start_missing == "next-highest":
            eligible |= {d for d in full_set(rules.max_pip) if d[0] == d[1] < start[0]} - used
        draws: list[tuple[int, Tile]] = []
        holder, tile = self._find_start(start, eligible)
        seat = first
        while holder is None:
            if not self._yard:
                raise DealError(
                    f"no hand holds {start} and the chicken yard is empty, "
                    "so the round cannot start"
                )
            drawn = self._yard.pop()
            insort(self._hands[seat], drawn)
            draws.append((seat, drawn))
            if drawn in eligible:
                holder, tile = seat, drawn
            seat = (seat + 1) % players
        assert tile is not None
        self.opening_draws = tuple(draws)
        self.start = tile
        self.opener = holder
        self._hands[holder].remove(tile)
        n = tile[0]
        self._table.append(_new_placed(Placed, (tile, None, n, 0)))
        self._slots[tile] = rules.spokes
        self._open[tile] = n
        self._ends[n].append(tile)
        self._forced: Tile | None = tile
        self._turn = (holder + 1) % players
        self._mv = _move_table(rules.max_pip)
        self._cnt = []
        for hand in self._hands:
            cnt = [0] * (rules.max_pip + 1)
            for a, b in hand:
                cnt[a] += 1
                if a != b:
                    cnt[b] += 1
            self._cnt.append(cnt)
        if not self._hands[holder]:
            self._over, self._out = True, holder
        else:
            self._check_blocked()

    def _find_start(self, start: Tile, eligible: set[Tile]) -> tuple[int | None, Tile | None]:
        """The seat holding the round's double, else the highest eligible stand-in."""
        for seat, hand in enumerate(self._hands):
            if start in hand:
                return seat, start
        best: tuple[int | None, Tile | None] = (None, None)
        for seat, hand in enumerate(self._hands):
            for t in hand:
                if t in eligible and (best[1] is None or t > best[1]):
                    best = (seat, t)
        return best

    # -- what anyone can see -----------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats play this round."""
        return len(self._hands)

    @property
    def turn(self) -> int:
        """The seat to move (the seat that moved last once the round is over)."""
        return self._turn

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every seat's tiles (all of them: use :meth:`observe` for one seat's view)."""
        return tuple(tuple(h) for h in self._hands)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """One seat's tiles, sorted (what that seat sees of its own hand)."""
        return tuple(self._hands[seat])

    def hand_counts(self) -> list[int]:
        """How many tiles each seat holds (what everyone can see)."""
        return [len(h) for h in self._hands]

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The chicken yard in draw order: the first tile is drawn next."""
        return tuple(reversed(self._yard))

    @property
    def yard_count(self) -> int:
        """How many tiles are left in the chicken yard."""
        return len(self._yard)

    @property
    def table(self) -> tuple[Placed, ...]:
        """The tiles on the table in the order they were laid, the centre first."""
        return tuple(self._table)

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        """Every move so far as ``(seat, move)``."""
        return tuple(self._history)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move so far."""
        return tuple(m for _, m in self._history)

    @property
    def drawn(self) -> Tile | None:
        """The tile the seat to move has just drawn, if it drew this turn."""
        return self._drawn

    @property
    def forced(self) -> Tile | None:
        """The double that must be filled before any other play (centre or chicken foot)."""
        return self._forced

    @property
    def needed(self) -> int:
        """How many spokes or toes the forced double still needs (0 if none)."""
        return self._slots.get(self._forced, 0) if self._forced is not None else 0

    @property
    def is_over(self) -> bool:
        """True once a seat has gone out or nobody can play with the yard empty."""
        return self._over

    @property
    def went_out(self) -> int | None:
        """The seat that played its last tile, or ``None``."""
        return self._out

    @property
    def blocked(self) -> bool:
        """True if the round ended because nobody could play and the yard was empty."""
        return self._over and self._out is None

    def open_ends(self) -> list[tuple[Tile, int, int]]:
        """Each table tile with free places: ``(tile, open number, free places)``.

        >>> Round.deal(Rules(), players=2, seed=3).open_ends()
        [(Tile(9, 9), 9, 4)]
        """
        return [(t, self._open[t], k) for t, k in self._slots.items()]

    def role(self, tile: Tile) -> str:
        """How ``tile`` sits on the table: centre, spoke, foot, toe or line."""
        for p in self._table:
            if p.tile == tile:
                if p.onto is None:
                    return "centre"
                if p.onto == self.start:
                    return "spoke"
                if tile[0] == tile[1]:
                    return "foot"
                return "toe" if p.onto[0] == p.onto[1] else "line"
        raise ValueError(f"{tile} is not on the table")

    # -- legal moves -------------------------------------------------------------

    def _plays(self, tiles: Iterable[Tile], hand_left: int) -> list[Move]:
        """The plays of ``tiles`` (sorted) allowed now, in sorted order."""
        forced = self._forced
        if forced is not None:
            n = forced[0]
            row = self._mv[forced]
            out = [row[t] for t in tiles if t[0] == n or t[1] == n]
        else:
            ends = self._ends
            mv = self._mv
            out = []
            for t in tiles:
                a, b = t
                targets = ends[a]
                if a != b and ends[b]:
                    targets = targets + ends[b] if targets else ends[b]
                if targets:
                    if len(targets) > 1:
                        targets = sorted(targets)
                    for u in targets:
                        out.append(mv[u][t])
        if hand_left == 1 and out and self._announce:
            out += [_new_move(Move, (0, m[1], m[2], True)) for m in out]
            out.sort()
        return out

    def legal_moves(self) -> list[Move]:
        """The moves allowed now, sorted: the plays; if none, ``draw`` (``pass`` if no yard).

        After a draw: the plays of the drawn tile, plus ``pass`` (unless the rules
        say a drawn tile that fits must be played).
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal[:]

    def _compute_legal(self) -> list[Move]:
        if self._over:
            return []
        turn = self._turn
        hand = self._hands[turn]
        drawn = self._drawn
        if drawn is not None:
            plays = self._plays((drawn,), len(hand) - 1)
            if not plays:
                return [PASS]
            if not self._must_play:
                plays.append(PASS)
            return plays
        forced = self._forced
        if forced is None or self._cnt[turn][forced[0]]:
            plays = self._plays(hand, len(hand) - 1)
            if plays:
                return plays
        return [DRAW] if self._yard else [PASS]

    def can_play(self, seat: int) -> bool:
        """True if ``seat`` holds a tile that fits where play is allowed now."""
        return bool(self._plays(self._hands[seat], 0))

    # -- making moves ------------------------------------------------------------

    def play(self, move: MoveLike) -> None:
        """Make ``move`` for the seat to move; an illegal move raises :class:`IllegalMove`.

        An illegal move changes nothing.
        """
        m = move if type(move) is Move else to_move(move)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if m not in legal:
            raise IllegalMove(self._explain(m))
        self._apply(m)

    def _apply(self, m: Move) -> None:
        seat = self._turn
        hand = self._hands[seat]
        self._legal = None
        self._history.append((seat, m))
        kind = m[0]
        if kind == 0:
            t = m[1]
            u = m[2]
            hand.remove(t)
            slots = self._slots
            number = self._open[u]
            left = slots[u] - 1
            if left:
                slots[u] = left
            else:
                del slots[u]
                self._ends[number].remove(u)
                if u == self._forced:
                    self._forced = None
            if u[0] == u[1]:
                slot = (self._spokes if u == self.start else self._toes) - left - 1
            else:
                slot = 0
            a, b = t
            cnt = self._cnt[seat]
            cnt[a] -= 1
            if a != b:
                cnt[b] -= 1
            far = b if a == number else a
            self._table.append(_new_placed(Placed, (t, u, number, slot)))
            self._open[t] = far
            self._ends[far].append(t)
            if a == b:
                slots[t] = self._toes
                self._forced = t
            else:
                slots[t] = 1
            if not hand:
                self._over = True
                self._out = seat
                return
            if self._little and len(hand) == 1 and not m[3] and self._yard:
                p = self._yard.pop()
                insort(hand, p)
                cnt[p[0]] += 1
                if p[0] != p[1]:
                    cnt[p[1]] += 1
                self.penalties.append((len(self._history) - 1, seat, p))
        elif kind == 1:  # draw
            t = self._yard.pop()
            insort(hand, t)
            self._drawn = t
            cnt = self._cnt[seat]
            cnt[t[0]] += 1
            if t[0] != t[1]:
                cnt[t[1]] += 1
            if not self._yard:
                self._check_blocked()
            return
        self._drawn = None
        if not self._yard:
            self._check_blocked()
            if self._over:
                return  # the turn stays with the seat that moved last
        self._turn = (seat + 1) % self._n

    def _check_blocked(self) -> None:
        """End the round if the yard is empty and no hand holds a tile that fits."""
        if self._yard or self._over:
            return
        forced = self._forced
        for cnt in self._cnt:
            if forced is not None:
                if cnt[forced[0]]:
                    return
            else:
                for n, ends in enumerate(self._ends):
                    if ends and cnt[n]:
                        return
        self._over = True

    def undo(self) -> Move:
        """Take back the last move and return it. The round is exactly as before it.

        >>> rnd = Round.deal(Rules(), players=2, seed=3)
        >>> before = rnd.copy(); rnd.play(rnd.legal_moves()[0]); _ = rnd.undo()
        >>> rnd == before
        True
        """
        if not self._history:
            raise IllegalMove("there is no move to take back")
        moves = [m for _, m in self._history[:-1]]
        last = self._history[-1][1]
        self._setup()
        for m in moves:
            self._legal = None
            self._apply(m)
        return last

    def copy(self) -> Round:
        """An independent copy: moves made on it never touch this round."""
        other = Round.__new__(Round)
        other.rules = self.rules
        other.names = self.names
        other.seed = self.seed
        other._deal = self._deal
        other.start = self.start
        other.opener = self.opener
        other.opening_draws = self.opening_draws
        other.penalties = list(self.penalties)
        other._hands = [list(h) for h in self._hands]
        other._n = self._n
        other._spokes = self._spokes
        other._toes = self._toes
        other._must_play = self._must_play
        other._announce = self._announce
        other._little = self._little
        other._yard = list(self._yard)
        other._cnt = [list(c) for c in self._cnt]
        other._mv = self._mv
        other._table = list(self._table)
        other._slots = dict(self._slots)
        other._open = dict(self._open)
        other._ends = [list(e) for e in self._ends]
        other._history = list(self._history)
        other._legal = self._legal
        other._drawn = self._drawn
        other._forced = self._forced
        other._turn = self._turn
        other._over = self._over
        other._out = self._out
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return (
            self.rules == other.rules
            and self._deal == other._deal
            and self._history == other._history
            and self._hands == other._hands
            and self._yard == other._yard
            and self._table == other._table
            and self._turn == other._turn
            and self.names == other.names
        )

    __hash__ = None  # type: ignore[assignment]

    # -- scoring -----------------------------------------------------------------

    def scores(self) -> list[int]:
        """Each seat's points: the pips left in its hand (0-0 counts the rules' double blank).

        The seat that went out scores 0, or ``out_on_double`` if its last tile
        was a double. Before the end this is what each hand would cost now.
        """
        db = self.rules.double_blank
        result = [sum(_penalty(t, db) for t in hand) for hand in self._hands]
        if self._out is not None:
            last = self._table[-1].tile
            result[self._out] = self.rules.out_on_double if last[0] == last[1] else 0
        return result

    def __repr__(self) -> str:
        state = "over" if self._over else f"{self.names[self._turn]} to move"
        laid = len(self._table)
        return (
            f"<Round {self.start} start, {self.players} players, {laid} "
            f"{'tile' if laid == 1 else 'tiles'} on the table, {len(self._yard)} in the yard, "
            f"{state}>"
        )
