"""One round of Chicken Foot: deal, legal moves, play, score, and what each seat may know.

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

``Round`` is one plain class that speaks in tiles and hands each job to a
collaborator, keeping game, state and observer apart as OpenSpiel does: the
*game* is :class:`~cfwidget.Rules` with the set's shared tables
(:mod:`~cfwidget.core._tileset`); the *state* is the round's
:class:`~cfwidget.core._engine.Engine`: the rules kernel
(:mod:`~cfwidget.core._kernel`, bit masks that only ``play()`` and ``undo()``
change) with the round's record and its :class:`~cfwidget.core._placed.TableLog`; the
*observer* is :func:`~cfwidget.core.observe`, one seat's
:class:`~cfwidget.Observation`, from which every sentence for that seat
(:mod:`~cfwidget.core._seatwords`) and the draw odds are made. The deal and the
opening (:mod:`~cfwidget.core._deal`, :mod:`~cfwidget.core._opening`), the record
(:mod:`~cfwidget.core._records`) and the pictures (:mod:`cfwidget.table`,
imported when asked for) are module functions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ._deal import Deal, given_deal, shuffled_deal
from ._engine import Engine
from ._errors import IllegalMove
from ._kernel import Kernel
from ._moves import Move, MoveLike
from ._observation import Observation, _Fixed, _Public, check_seat, draw_odds, observe
from ._placed import Placed, fitting_numbers, role
from ._records import parse_round, read_round, record_deal, replay_moves, round_record
from ._rules import Rules
from ._seatwords import explain, how_it_ended, refusal, rule_line, tile_refusal
from ._tiles import Tile, TileLike

if TYPE_CHECKING:  # the picture layer's type, for annotations only
    from ..table import TilePlacement

__all__ = ["Placed", "Round"]


class Round:
    """One round: hands, the chicken yard, the table and whose turn it is.

    Build one with :meth:`deal` (shuffled, reproducible) or :meth:`from_deal`
    (a given deal). Moves are :class:`~cfwidget.Move` values or their text.
    Everything public speaks in tiles; the state inside is the engine's bit masks.
    """

    __slots__ = ("_engine", "_fixed", "_public", "names", "rules", "seed")

    rules: Rules
    names: tuple[str, ...]
    seed: int | None  # the seed that dealt it (None: a given deal)
    _engine: Engine
    # What observations share (see core._observation): the round's fixed public facts, and
    # its public part at this position (None: not captured since the last move or undo).
    _fixed: _Fixed | None
    _public: _Public | None

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
        ``seed`` is a whole number from 0 to 2**64 - 1 (``None``: a fresh one), so that
        a record can always write it down. The holder of ``start`` (default: the
        highest double) opens the round (``first_player`` is an option of a
        :class:`~cfwidget.Game`, not of a round dealt on its own).

        >>> Round.deal(Rules(), players=3, seed=1).boneyard[:2]
        (Tile(6, 6), Tile(4, 1))
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        dealt, names, seed = shuffled_deal(rules, players, seed, start, first, used_doubles, names)
        return cls._build(rules, dealt, names, seed)

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
        dealt, names = given_deal(rules, hands, boneyard, start, first, used_doubles, names)
        return cls._build(rules, dealt, names, None)

    @classmethod
    def _build(cls, rules: Rules, dealt: Deal, names: tuple[str, ...], seed: int | None) -> Round:
        self = cls()
        self.rules, self.names, self.seed = rules, names, seed
        self._engine = Engine(rules, dealt)
        self._fixed = self._public = None
        return self

    # -- moves -------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves allowed now, sorted: the plays; if none, ``draw`` (``pass`` if no yard).

        After a draw: the plays of the drawn tile, plus ``pass`` (unless the rules
        say a drawn tile that fits must be played). The list is the caller's own.
        """
        return self._engine.legal_moves()

    def play(self, move: MoveLike) -> None:
        """Make ``move`` for the seat to move; an illegal move raises :class:`IllegalMove`.

        An illegal move changes nothing; the error says why, in the words of
        :meth:`refusal`.
        """
        refused = self._engine.play(move)
        if refused is not None:
            raise IllegalMove(explain(self._mover(), refused)) from None
        self._public = None  # the position moves on: observations made so far keep theirs

    def undo(self) -> Move:
        """Take back the last move and return it. The round is exactly as before it.

        >>> rnd = Round.deal(Rules(), players=2, seed=3)
        >>> before = rnd.copy(); rnd.play(rnd.legal_moves()[0]); _ = rnd.undo()
        >>> rnd == before
        True
        """
        self._public = None
        return self._engine.undo()

    def can_play(self, seat: int) -> bool:
        """True if ``seat`` holds a tile that fits where play is allowed now.

        >>> Round.deal(Rules(), players=2, seed=3).can_play(1)
        True
        """
        e = self._engine
        return bool(e.hands[check_seat(seat, len(e.next))] & e.fitting())

    def kernel(self) -> Kernel:
        """A copy of the round's rules kernel: every hand, the yard's order and the table as
        bit masks, with its legal moves as codes and its play step (the quick form for
        programs that play many rounds out; see :mod:`cfwidget.core._kernel`).

        >>> k = Round.deal(Rules(), players=2, seed=3).kernel()
        >>> k.turn, k.legal_codes()[:1], k.ts.move_of[k.legal_codes()[0]]
        (0, [23148], Move.parse('9-0@9-9'))
        """
        return self._engine.kernel_copy()

    # -- what everyone sees ------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats play this round."""
        return len(self._engine.next)

    @property
    def turn(self) -> int:
        """The seat to move (the seat that moved last once the round is over)."""
        return self._engine.turn

    @property
    def start(self) -> Tile:
        """The double in the centre (the round's double, or the one that stood in for it)."""
        return self._engine.start

    @property
    def opener(self) -> int:
        """The seat that laid the centre double."""
        return self._engine.opener

    @property
    def opening_draws(self) -> tuple[tuple[int, Tile], ...]:
        """Each ``(seat, tile)`` drawn before the centre double turned up (usually none)."""
        return self._engine.opening_draws

    @property
    def penalties(self) -> list[tuple[int, int, Tile]]:
        """Each penalty tile drawn (chicken-little) as ``(index of the move, seat, tile)``."""
        return self._engine.penalties

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every seat's tiles (all of them: use :meth:`observation` for one seat's view)."""
        tiles_of = self._engine.ts.tiles_of
        return tuple(tiles_of(b) for b in self._engine.hands)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """One seat's tiles, sorted (what that seat sees of its own hand).

        >>> Round.deal(Rules(), players=2, seed=3).hand(1)[:3]
        (Tile(0, 0), Tile(2, 0), Tile(2, 1))
        """
        e = self._engine
        return e.ts.tiles_of(e.hands[check_seat(seat, len(e.next))])

    def hand_masks(self) -> tuple[int, ...]:
        """Every seat's hand as one whole number with a bit per tile (all hands, like
        :attr:`hands`; the quick form for programs that play many rounds out).

        Bit ``r`` stands for the tile of rank ``r``: the set sorted from ``0-0`` up (``0-0``,
        ``1-0``, ``1-1``, ``2-0``, ...), each tile ``(a, b)`` with ``a >= b`` at rank
        ``a * (a + 1) // 2 + b``.

        >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=3)
        >>> rnd.hand(0), bin(rnd.hand_masks()[0])
        ((Tile(2, 0), Tile(2, 1), Tile(3, 2)), '0b100011000')
        """
        return tuple(self._engine.hands)

    def yard_masks(self) -> tuple[int, ...]:
        """The chicken yard's tiles as bits (as in :meth:`hand_masks`), in draw order like
        :attr:`boneyard`: the first is drawn next.

        >>> rnd = Round.deal(Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=3)
        >>> [1 << (t[0] * (t[0] + 1) // 2 + t[1]) for t in rnd.boneyard] == list(rnd.yard_masks())
        True
        """
        return tuple(reversed(self._engine.yard))

    def hand_counts(self) -> list[int]:
        """How many tiles each seat holds (what everyone can see).

        >>> Round.deal(Rules(), players=2, seed=3).hand_counts()
        [22, 21]
        """
        return [b.bit_count() for b in self._engine.hands]

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The chicken yard in draw order: the first tile is drawn next."""
        by_bit = self._engine.ts.by_bit
        return tuple(by_bit[b] for b in reversed(self._engine.yard))

    @property
    def yard_count(self) -> int:
        """How many tiles are left in the chicken yard."""
        return len(self._engine.yard)

    @property
    def table(self) -> tuple[Placed, ...]:
        """The tiles on the table in the order they were laid, the centre first."""
        e = self._engine
        return tuple(e.log.catch_up(e.moves))

    def open_ends(self) -> list[tuple[Tile, int, int]]:
        """Each table tile with free places: ``(tile, open number, free places)``.

        >>> Round.deal(Rules(), players=2, seed=3).open_ends()
        [(Tile(9, 9), 9, 4)]
        """
        e = self._engine
        e.log.catch_up(e.moves)
        return e.log.open_ends(e.free_places())

    def role(self, tile: Tile) -> str:
        """How ``tile`` sits on the table: centre, spoke, foot, toe or line.

        >>> Round.deal(Rules(), players=2, seed=3).role(Tile(9, 9))
        'centre'
        """
        return role(self.table, tile)

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        """Every move so far as ``(seat, move)``."""
        return self._engine.history()

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move so far."""
        return tuple(self._engine.moves)

    def passes_in_a_row(self) -> int:
        """How many turns in a row, up to now, ended in a pass (a draw then a pass is one).

        >>> Round.deal(Rules(), players=2, seed=3).passes_in_a_row()
        0
        """
        return self._engine.passes_in_a_row()

    @property
    def drawn(self) -> Tile | None:
        """The tile the seat to move has just drawn, if it drew this turn."""
        e = self._engine
        return e.ts.by_bit[e.drawn] if e.drawn else None

    @property
    def forced(self) -> Tile | None:
        """The double that must be filled before any other play (centre or chicken foot)."""
        e = self._engine
        return e.ts.tiles[e.forced] if e.forced >= 0 else None

    @property
    def needed(self) -> int:
        """How many spokes or toes the forced double still needs (0 if none)."""
        e = self._engine
        return e.needed if e.forced >= 0 else 0

    @property
    def is_over(self) -> bool:
        """True once a seat went out, nobody can play with the yard empty, or (with
        ``round_end="all-passed"``) every seat in turn has passed."""
        return self._engine.end_reason is not None

    @property
    def went_out(self) -> int | None:
        """The seat that played its last tile, or ``None``."""
        out = self._engine.out
        return None if out < 0 else out

    @property
    def blocked(self) -> bool:
        """True if the round ended because nobody could play and the yard was empty."""
        return self._engine.end_reason == "blocked"

    @property
    def end_reason(self) -> str | None:
        """Why the round ended: ``"went-out"``, ``"blocked"`` or (with
        ``round_end="all-passed"``) ``"all-passed"``; ``None`` while it goes on.

        >>> Round.deal(Rules(), players=2, seed=3).end_reason is None
        True
        """
        return self._engine.end_reason

    def scores(self) -> list[int]:
        """Each seat's points: what the tiles left in its hand cost (:meth:`Rules.penalty`).

        The seat that went out scores 0, or ``out_on_double`` if its last tile
        was a double. Before the end this is what each hand would cost now.

        >>> rnd = Round.deal(Rules(), players=2, seed=3)
        >>> rnd.scores()[1] == sum(map(rnd.rules.penalty, rnd.hand(1)))
        True
        """
        return self._engine.scores()

    # -- what one seat may know, and words for it -----------------------------------

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know now, as a typed :class:`~cfwidget.Observation` (:func:`observe`);
        ``seat=None``: what every seat can see (the table's observation, no hand).

        What a bot is given, and what every sentence for that seat is made from. Other hands,
        another seat's drawn tile and the yard's order are not in it;
        :meth:`Observation.to_dict` is its JSON-ready form.

        >>> obs = Round.deal(Rules(), players=3, seed=2).observation(1)
        >>> obs.hand_counts, obs.yard_count, obs.to_move
        ((9, 9, 9), 27, True)
        >>> Round.deal(Rules(), players=3, seed=2).observation(None).hand
        ()
        >>> obs.to_dict()["rule"]
        'the centre double 9-9 still needs 4 spokes (tiles with a 9)'
        """
        return observe(self, seat)

    def _mover(self) -> Observation:
        """The observation of the seat to move (the last to move once the round is over)."""
        return observe(self, self._engine.turn)

    def refusal(self, move: MoveLike) -> str | None:
        """Why ``move`` is not allowed now, or ``None`` (:func:`cfwidget.core.refusal`).

        The same words :meth:`play` gives its :class:`~cfwidget.IllegalMove`.

        >>> Round.deal(Rules(), players=2, seed=3).refusal("draw")
        'Player 1 has a tile that fits, so Player 1 must play instead of drawing'
        """
        return refusal(self._mover(), move)

    def tile_refusal(self, tile: TileLike) -> str | None:
        """Why the seat to move cannot play ``tile`` anywhere now, or ``None`` if it can.

        >>> Round.deal(Rules(), players=2, seed=3).tile_refusal("9-7") is None
        True
        """
        return tile_refusal(self._mover(), tile)

    def rule_in_force(self, seat: int | None = None) -> str:
        """The rule that limits play now, as ``seat`` (default: the seat to move) may hear it.

        Only the seat to move hears its drawn tile named (:func:`cfwidget.core.rule_line`).

        >>> Round.deal(Rules(), players=2, seed=3).rule_in_force()
        'the centre double 9-9 still needs 4 spokes (tiles with a 9)'
        """
        return rule_line(self._mover() if seat is None else observe(self, seat))

    def how_it_ended(self) -> str | None:
        """Why the round ended, in plain words (``None`` while it goes on).

        >>> Round.deal(Rules(), players=2, seed=3).how_it_ended() is None
        True
        """
        return how_it_ended(self._mover())

    def fitting_numbers(self) -> frozenset[int]:
        """The numbers a tile needs to be playable now (:func:`~cfwidget.core.fitting_numbers`
        of the table).

        >>> sorted(Round.deal(Rules(), players=2, seed=3).fitting_numbers())
        [9]
        """
        return fitting_numbers(self.table, self.rules)

    def draw_odds(self, seat: int) -> Fraction:
        """The chance that one tile drawn now by ``seat`` fits, from what that seat knows.

        See :func:`~cfwidget.core._observation.draw_odds`: unseen tiles count as equally likely.

        >>> Round.deal(Rules(), players=2, seed=3).draw_odds(1)
        Fraction(2, 11)
        """
        return draw_odds(observe(self, check_seat(seat, self.players)))

    # -- records -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The round as a JSON-ready record: rules, names, the deal (and seed), moves."""
        return round_record(self.rules, self.names, self.seed, self._engine.deal, self.moves)

    def to_json(self, indent: int | None = None) -> str:
        """The round as JSON text; :meth:`from_json` replays it move by move.

        >>> rnd = Round.deal(Rules(), players=2, seed=5)
        >>> rnd.play(rnd.legal_moves()[0])
        >>> Round.from_json(rnd.to_json()) == rnd
        True
        """
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Round:
        """Rebuild a round from :meth:`to_json` text, replaying every move; anything
        malformed, unknown or illegal is a :class:`~cfwidget.RecordError` naming it."""
        return cls.from_dict(parse_round(text))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Round:
        """Rebuild a round from :meth:`to_dict` output (see :meth:`from_json`)."""
        rec = read_round(data)
        dealt, names = record_deal(rec)
        rnd = cls._build(rec.rules, dealt, names, rec.seed)
        replay_moves(rnd.play, rec.moves, "moves", "")
        return rnd

    # -- pictures (the table layer, imported when asked for) -------------------------

    def layout(self, aspect: float | None = None) -> list[TilePlacement]:
        """Where each table tile lies, as on a real table (:func:`cfwidget.table.layout`).

        A tile is 2 long and 1 wide; ``x, y`` is its centre, ``angle`` its long axis
        in degrees. Lines bend to keep the table near ``aspect`` (width over height).

        >>> centre = Round.deal(Rules(), players=4, seed=7).layout()[0]
        >>> centre.tile, centre.x, centre.y, centre.angle
        (Tile(9, 9), 0.0, 0.0, 90.0)
        """
        from ..table import layout  # pictures are a layer above the rules

        shape = {} if aspect is None else {"aspect": aspect}
        return layout(self.table, self.rules.spokes, self.rules.toes, **shape)

    def _repr_svg_(self) -> str:
        """A picture of the table for notebooks, readable without a kernel."""
        from ..table import svg  # pictures are a layer above the rules

        return svg(self)

    def _repr_png_(self) -> bytes:
        """The same picture as PNG: JupyterLab shows no SVG in a notebook it does not trust."""
        from ..table import svg, svg_to_png  # pictures are a layer above the rules

        return svg_to_png(svg(self))

    # -- copies and comparison -----------------------------------------------------

    def copy(self) -> Round:
        """An independent copy: moves made on it never touch this round."""
        other = Round()
        other.rules, other.names, other.seed = self.rules, self.names, self.seed
        other._engine = self._engine.copy()
        other._fixed, other._public = self._fixed, self._public  # immutable: shared
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
        e, f = self._engine, other._engine
        return (
            self.rules == other.rules
            and e.deal == f.deal
            and e.moves == f.moves
            and e.hands == f.hands
            and e.yard == f.yard
            and e.turn == f.turn
            and self.names == other.names
        )

    __hash__ = None  # type: ignore[assignment]  # a round changes: it is never a dict key

    def __repr__(self) -> str:
        e = self._engine
        state = "over" if e.end_reason is not None else f"{self.names[e.turn]} to move"
        laid = len(self.table)
        return (
            f"<Round {self.start} start, {self.players} players, {laid} "
            f"{'tile' if laid == 1 else 'tiles'} on the table, {len(e.yard)} in the yard, "
            f"{state}>"
        )
