"""The coach: rank the moves of the seat to move, and say in one sentence why the best is best.

The coach sees only what the seat to move may know: its own hand, the table, how many tiles
every hand and the chicken yard hold, and the public history of moves (who played what, who
drew and who passed; never which tile was drawn). From that history it also learns what a
seat lacks: a seat that had to draw, or passed with nothing to draw, held no tile of the
numbers that fitted then, until it takes a tile nobody saw. Another seat's hand is then
counted as a random handful of the unseen tiles it could hold (the model of
:mod:`cfwidget.odds`, sharpened by those certainties), and every chance is an exact
:class:`~fractions.Fraction`.

Each legal move gets a score in points, higher is better, added up from a few terms a
player can check:

- **shed**: the points the tile would cost if it stayed in your hand (the double blank's
  cost included), and a large bonus for going out;
- **others**: for each other seat, the chance it can play on what your move leaves it.
  A seat that cannot play must draw (worth a drawn tile's average cost to you), and a
  seat close to going out that can play is a danger to the points left in your hand
  (weighed 1 with 1 tile left, 0.35 with 2, 0.1 with 3);
- **follow**: how many of your tiles you can still play next turn (none: you will likely
  draw, which costs half a drawn tile's average cost);
- **waiting**: keep your last tile of a number whose double is still to come, to add a toe
  when that double comes out as a chicken foot (10 points);
- **stuck**: a chicken foot that too few tiles are left to finish blocks the round.

Ties keep the order of :meth:`~cfwidget.Round.legal_moves`, so the ranking is always the
same for the same view.

>>> from cfwidget import Round, Rules
>>> rnd = Round.from_deal(Rules(max_pip=4, spokes=3, hand_size=4),
...     hands=[["4-4", "4-0", "2-0", "1-1"], ["4-3", "3-3", "4-2", "3-1"]],
...     boneyard=["4-1", "3-2", "2-2", "2-1", "1-0", "0-0", "3-0"], names=["Ann", "Bob"])
>>> for move in ["4-3@4-4", "4-0@4-4", "4-2@4-4", "2-0@4-2"]:
...     rnd.play(move)
>>> for advice in coach_moves(rnd):
...     print(advice.move, advice.odds, advice.score)
3-3@4-3 1/4 12.84375
3-1@4-3 3/4 -12.78125
>>> print(coach_hint(rnd))  # doctest: +NORMALIZE_WHITESPACE
Play 3-3 on 4-3: a chicken foot, which needs 3 tiles with a 3 before any other play;
Ann has 1 tile left and a 25% chance of holding a 3.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from .._shared import article, check_seed, name_in_text, plural
from ..core import Move, Observation, Round, Tile, draw_count, fitting_numbers, tile_penalty
from ..players import BotError, bot_moves
from ._errors import SeatOddsError
from ._seat import _check_playing, _check_round, _check_seat

__all__ = [
    "DANGER",
    "THEIR_DRAW",
    "WAITING",
    "Advice",
    "CoachBot",
    "coach_hint",
    "coach_moves",
    "seat_lacks",
]

#: How much a seat close to going out threatens the points left in your hand, by its tiles.
DANGER = {1: 1.0, 2: 0.35, 3: 0.1}
#: What another seat's forced draw is worth to you, as a share of a drawn tile's average cost.
THEIR_DRAW = 1.0
#: What your own likely draw costs you next turn, as a share of a drawn tile's average cost.
MY_DRAW = 0.5
#: Points for each of your tiles (up to 3) you can still play next turn.
FOLLOW = 1.0
#: Points for keeping your last tile of a number whose double is still to come: when that
#: double comes out as a chicken foot, you can add a toe instead of drawing.
WAITING = 10.0
#: Points lost by opening a chicken foot that too few tiles are left to finish.
STUCK = 30.0
#: Going out ends the round: no other term comes close.
OUT = 1000.0
#: Announcing your last tile when the rules have you announce it.
ANNOUNCE = 0.01


@dataclass(frozen=True)
class Advice:
    """One move as the coach sees it: its ``score`` (points, higher is better) and why.

    ``sentence`` explains the move in plain words; ``odds`` is the chance the sentence
    quotes (``None`` when it quotes none) and ``about`` the seat that chance is about.
    ``str(advice)`` is the sentence.

    >>> from cfwidget import Round, Rules
    >>> advice = coach_hint(Round.deal(Rules(), players=2, seed=1))
    >>> advice.move, advice.about, advice.odds < 1
    (Move.parse('9-6@9-9'), 0, True)
    """

    move: Move
    score: float
    sentence: str
    odds: Fraction | None = None
    about: int | None = None

    def __str__(self) -> str:
        return self.sentence


# --- what the history tells everyone -----------------------------------------------------------


def seat_lacks(rnd: Round | Observation) -> list[frozenset[int]]:
    """The numbers each seat surely holds no tile of, from the public history alone.

    A seat that draws held no tile that fitted then (the numbers wanted: the forced double's,
    or every open end's), and a seat that passes with nothing to draw held none either.
    It keeps lacking them while it only plays; a drawn tile it then passes on did not fit
    either (when the rules make a fitting drawn tile be played), and any other tile nobody
    saw (a penalty draw, a drawn tile it was free to keep) wipes the slate clean. The deal
    and the tiles drawn are never looked at: every seat could work this out at the table.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.from_deal(Rules(max_pip=3, spokes=3, hand_size=2, must_play_drawn=True),
    ...     hands=[["3-3", "3-0"], ["2-1", "1-0"]],
    ...     boneyard=["2-2", "3-1", "2-0", "1-1", "3-2", "0-0"])
    >>> rnd.play("draw"); rnd.play("pass")
    >>> [sorted(numbers) for numbers in seat_lacks(rnd)]
    [[], [3]]
    """
    if isinstance(rnd, Observation):
        penalties = {index for index, _seat in rnd.penalties}  # when, never which tile
    else:
        _check_round(rnd)
        penalties = {index for index, _seat, _tile in rnd.penalties}
    rules, table = rnd.rules, rnd.table
    laid = 1  # tiles on the table before the move at hand: the centre, then one per play
    lacks: list[frozenset[int]] = [frozenset()] * rnd.players
    drew: list[frozenset[int] | None] = [None] * rnd.players  # numbers wanted at this turn's draw
    held = list(lacks)  # what the hand lacked before this turn's draw
    for index, (seat, move) in enumerate(rnd.history):
        if move.kind == "draw":
            wanted = fitting_numbers(table[:laid], rules)
            drew[seat], held[seat] = wanted, lacks[seat] | wanted
            lacks[seat] = frozenset()  # the drawn tile is anyone's guess until played or kept
            continue
        if move.kind == "pass":
            before = drew[seat]
            if before is None:  # nothing to draw: it held nothing that fitted
                lacks[seat] |= fitting_numbers(table[:laid], rules)
            elif rules.must_play_drawn:  # the drawn tile stays, and it did not fit either
                lacks[seat] = before
        else:
            laid += 1
            if drew[seat] is not None:  # it played the drawn tile: the hand is as before
                lacks[seat] = held[seat]
            if index in penalties:  # a penalty tile nobody saw
                lacks[seat] = frozenset()
        drew[seat] = None
    return lacks


# --- one seat's view ---------------------------------------------------------------------------


@dataclass
class _View:
    """What the seat to move knows (its observation), and the chances it works out (cached)."""

    obs: Observation
    seat: int
    hand: tuple[Tile, ...]
    unseen: list[Tile]
    counts: list[int]
    lacks: list[frozenset[int]]
    blank: int
    mean_cost: float
    _odds: dict[tuple[int, frozenset[int]], Fraction] = field(default_factory=dict)

    @classmethod
    def of(cls, obs: Observation) -> _View:
        unseen = list(obs.unseen())
        blank = obs.rules.double_blank
        cost = sum(tile_penalty(t, blank) for t in unseen) / len(unseen) if unseen else 0.0
        counts = list(obs.hand_counts)
        if obs.seat is None:
            raise SeatOddsError("the coach advises one seat: give it a seat's observation")
        return cls(obs, obs.seat, obs.hand, unseen, counts, seat_lacks(obs), blank, cost)

    def cost(self, tile: Tile) -> int:
        return tile_penalty(tile, self.blank)

    def order(self) -> list[int]:
        """The other seats in the order they move after this one."""
        n = self.obs.players
        return [(self.seat + d) % n for d in range(1, n)]

    def holds(self, other: int, numbers: frozenset[int]) -> Fraction:
        """The chance ``other`` holds a tile showing one of ``numbers`` (exact)."""
        key = (other, numbers)
        if key not in self._odds:
            lacking = self.lacks[other]
            pool = [t for t in self.unseen if t[0] not in lacking and t[1] not in lacking]
            k = self.counts[other]
            if k > len(pool):  # never in a real round; fall back on the plain count
                pool = self.unseen
            showing = sum(1 for t in pool if t[0] in numbers or t[1] in numbers)
            none = Fraction(comb(len(pool) - showing, k), comb(len(pool), k)) if pool else 1
            self._odds[key] = 1 - Fraction(none)
        return self._odds[key]

    def double_seen(self, number: int) -> bool:
        """Whether the double of ``number`` is on the table already."""
        return any(placed.tile == (number, number) for placed in self.obs.table)

    def key_seat(self) -> int:
        """The other seat nearest to going out (fewest tiles; the next to move on a tie)."""
        return min(self.order(), key=lambda s: (self.counts[s], self.order().index(s)))


@dataclass(frozen=True)
class _Table:
    """The table after a move, as far as play on it goes: open numbers and a waiting double."""

    numbers: frozenset[int]
    forced: Tile | None
    needed: int

    def faced(self, distance: int) -> frozenset[int]:
        """The numbers that fit for the seat ``distance`` turns on, if nobody else opens any.

        Each seat before it adds at most one tile to a waiting double, so the double still
        waits when ``distance`` is no more than the places it needs.
        """
        if self.forced is None:
            return self.numbers
        if distance <= self.needed:
            return frozenset({self.forced[0]})
        return self.numbers - {self.forced[0]} or frozenset({self.forced[0]})


def _table_after(obs: Observation, move: Move) -> _Table:
    """The table after ``move`` of the seat to move, worked out from what it sees.

    The open ends as the rules leave them: the end played on loses a place, the tile laid
    opens its far number (a double opens its toes and is the double to fill first).
    """
    ends = {tile: [number, free] for tile, number, free in obs.open_ends}
    forced, needed = obs.forced, obs.needed
    tile, onto = move.tile, move.onto
    if move.is_play and tile is not None and onto is not None:
        number, free = ends[onto]
        if free == 1:
            del ends[onto]
        else:
            ends[onto][1] = free - 1
        if onto == forced:
            needed = free - 1
            if not needed:
                forced = None
        if tile.is_double:
            ends[tile] = [number, obs.rules.toes]
            forced, needed = tile, obs.rules.toes
        else:
            ends[tile] = [tile.other(number), 1]
    return _Table(frozenset(end[0] for end in ends.values()), forced, needed)


@dataclass(frozen=True)
class _Scored:
    move: Move
    score: float
    shed: int
    table: _Table
    follow: int  # your tiles that fit next turn
    gives_up: frozenset[int] = frozenset()  # numbers still to come of which it is your last


def _score(view: _View, move: Move) -> _Scored:
    obs = view.obs
    tile = move.tile
    shed = view.cost(tile) if tile is not None else 0
    table = _table_after(obs, move)
    rest = [t for t in view.hand if t != tile]
    if move.is_play and not rest:
        return _Scored(move, OUT + shed, shed, table, 0)
    gives_up = frozenset(
        n
        for n in (set(tile) if tile is not None and not tile.is_double else ())
        if not view.double_seen(n) and not any(t.has(n) for t in rest)
    )
    left = sum(map(view.cost, rest)) + (view.mean_cost if move.kind == "draw" else 0.0)
    score = float(shed) + (ANNOUNCE if move.announce else 0.0)
    for distance, other in enumerate(view.order(), start=1):
        p = float(view.holds(other, table.faced(distance)))
        score += (1 - p) * THEIR_DRAW * view.mean_cost
        score -= DANGER.get(view.counts[other], 0.0) * p * left
    mine = table.faced(obs.players)
    follow = sum(1 for t in rest if t[0] in mine or t[1] in mine)
    score += FOLLOW * min(follow, 3) if follow else -MY_DRAW * view.mean_cost
    score -= WAITING * len(gives_up)
    if table.forced is not None and move.is_play:
        number = table.forced[0]
        left_to_play = sum(1 for t in [*rest, *view.unseen] if t.has(number))
        if left_to_play < table.needed:
            score -= STUCK
    return _Scored(move, round(score, 6), shed, table, follow, gives_up)


def _ranked(view: _View) -> list[_Scored]:
    moves = view.obs.legal_moves
    scored = [_score(view, m) for m in moves]
    order = sorted(range(len(scored)), key=lambda i: (-scored[i].score, i))
    return [scored[i] for i in order]


# --- the words -------------------------------------------------------------------------------


def _numbers(numbers: Iterable[int]) -> str:
    """``a 6``; ``a 2 or 5``; ``an 8, 9 or 12``: one article, the last joined by ``or``."""
    items = [str(n) for n in sorted(numbers)]
    if not items:
        return "nothing"
    items[0] = article(int(items[0]))
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def _chance(p: Fraction) -> str:
    if p == 0:
        return "no chance"
    pct = round(100 * p)
    if pct == 0:
        return "less than a 1% chance"
    if pct == 100 and p != 1:
        return "more than a 99% chance"
    return f"{article(pct)}% chance"


def _odds_clause(view: _View, table: _Table) -> tuple[str, Fraction, int]:
    """``Bob has 1 tile left and a 38% chance of holding a 6``, the chance and the seat."""
    other = view.key_seat()
    numbers = table.faced(view.order().index(other) + 1)
    p = view.holds(other, numbers)
    name = name_in_text(view.obs.names[other])
    words = f"{name} has {plural(view.counts[other], 'tile')} left and "
    if not numbers:
        return words + "nothing to play on", p, other
    # A long list of numbers reads badly: past three, say what they are for.
    what = _numbers(numbers) if len(numbers) <= 3 else "a tile that fits"
    words += f"{_chance(p)} of holding {what}"
    if p == 0 and numbers & view.lacks[other]:
        words += f" ({name} drew or passed when one would have fitted)"
    return words, p, other


def _move_words(move: Move) -> str:
    words = f"Play {move.tile} on {move.onto}"
    return words + " and announce your last tile" if move.announce else words


def _reason(view: _View, it: _Scored, plays: Sequence[_Scored]) -> str:
    """Why this play, in a few words: its strongest point against the heaviest play."""
    tile = it.move.tile
    if tile is None:  # never: only plays are explained here
        return ""
    if len({(p.move.tile, p.move.onto) for p in plays}) == 1:
        return "it is your only play"
    if tile == (0, 0) and view.blank > 0:
        return f"the double blank costs {plural(view.blank, 'point')} if it stays in your hand"
    if tile.is_double:
        return (
            f"a chicken foot, which needs {view.obs.rules.toes} tiles with {article(tile[0])} "
            "before any other play"
        )
    heaviest = max(plays, key=lambda p: p.shed)  # the first of the heaviest, in rank order
    if it.shed < heaviest.shed and heaviest.move.tile is not None:
        other = view.key_seat()
        distance = view.order().index(other) + 1
        mine = view.holds(other, it.table.faced(distance))
        theirs = view.holds(other, heaviest.table.faced(distance))
        name = name_in_text(view.obs.names[other])
        kept = sorted(heaviest.gives_up - it.gives_up)
        if kept:
            n = kept[0]
            return (
                f"it keeps {heaviest.move.tile}, your only tile with {article(n)}, "
                f"for when {n}-{n} comes out as a chicken foot"
            )
        if mine < theirs and view.counts[other] <= max(DANGER):
            return (
                f"it gives {name} less chance to go out than {heaviest.move.tile} would "
                f"({_chance(theirs)} of a tile to play)"
            )
        if it.follow > heaviest.follow:
            return f"it keeps {plural(it.follow, 'tile')} of yours playable next turn"
        if mine < theirs:
            return f"it leaves {name} less chance to play than {heaviest.move.tile} would"
    most = ", your heaviest tile that fits" if it.shed == heaviest.shed else ""
    return f"it sheds {plural(it.shed, 'point')}{most}"


def _advice(view: _View, it: _Scored, ranked: Sequence[_Scored]) -> Advice:
    obs, move = view.obs, it.move
    plays = [p for p in ranked if p.move.is_play and not p.move.announce]
    if move.is_play:
        if len(view.hand) == 1:
            return Advice(
                move, it.score, f"{_move_words(move)}: it is your last tile, so you go out."
            )
        clause, p, other = _odds_clause(view, it.table)
        reason = _reason(view, it, plays)
        return Advice(move, it.score, f"{_move_words(move)}: {reason}; {clause}.", p, other)
    if move.kind == "draw":
        numbers = obs.fitting_numbers()
        forced = obs.forced
        if forced is None:
            wanted = f"none of your tiles shows {_numbers(numbers)}"
        else:
            what = "centre double" if forced == obs.start else "chicken foot on"
            wanted = f"none of your tiles has {article(forced[0])}, which the {what} {forced} needs"
        fitting, unseen = draw_count(obs)
        p = Fraction(fitting, unseen) if unseen else Fraction(0)
        return Advice(
            move,
            it.score,
            f"Draw: {wanted}; a tile drawn now fits with {_chance(p)} "
            f"({fitting} of the {unseen} tiles you cannot see).",
            p,
            view.seat,
        )
    drawn = obs.drawn
    if drawn is None:
        return Advice(
            move, it.score, "Pass: the chicken yard is empty and none of your tiles fits."
        )
    if not plays:
        return Advice(move, it.score, f"Pass: the tile you drew, {drawn}, does not fit.")
    clause, p, other = _odds_clause(view, it.table)
    return Advice(move, it.score, f"Pass: keep {drawn} in your hand for now; {clause}.", p, other)


# --- the coach's answers ---------------------------------------------------------------------


def _to_move(rnd: object, seat: object) -> tuple[Round, int]:
    checked = _check_round(rnd)
    _check_playing(checked)
    if seat is None:
        return checked, checked.turn
    who = _check_seat(checked, seat)
    if who != checked.turn:
        raise SeatOddsError(
            f"seat {who} is not to move: the coach ranks the moves of the seat to move "
            f"(seat {checked.turn} now)"
        )
    return checked, who


def coach_moves(rnd: Round, seat: int | None = None) -> list[Advice]:
    """Every legal move of the seat to move, best first, each with its score and a sentence.

    ``rnd`` is the round and ``seat`` the seat to move (``None``: whoever is to move; any
    other seat is refused, since only the seat to move has moves). The score is in points,
    higher is better (see the module text for its terms); the sentence says why, with the
    seat's own odds. Nothing a seat cannot see is ever read.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.deal(Rules(max_pip=6, hand_size=5), players=2, seed=11)
    >>> [advice.move for advice in coach_moves(rnd)]
    [Move.parse('draw')]
    >>> print(coach_moves(rnd)[0])  # doctest: +NORMALIZE_WHITESPACE
    Draw: none of your tiles has a 6, which the centre double 6-6 needs;
    a tile drawn now fits with a 27% chance (6 of the 22 tiles you cannot see).
    """
    checked, who = _to_move(rnd, seat)
    view = _View.of(checked.observation(who))  # the coach reads this seat's view only
    ranked = _ranked(view)
    return [_advice(view, it, ranked) for it in ranked]


def coach_hint(rnd: Round, seat: int | None = None) -> Advice:
    """The coach's best move for the seat to move, with its sentence (see :func:`coach_moves`).

    >>> from cfwidget import Round, Rules
    >>> print(coach_hint(Round.deal(Rules(), players=2, seed=1)))  # doctest: +NORMALIZE_WHITESPACE
    Play 9-6 on 9-9: it sheds 15 points, your heaviest tile that fits;
    Player 1 has 18 tiles left and more than a 99% chance of holding a 9.
    """
    checked, who = _to_move(rnd, seat)
    view = _View.of(checked.observation(who))  # the coach reads this seat's view only
    ranked = _ranked(view)
    return _advice(view, ranked[0], ranked)


class CoachBot:
    """A bot that plays the coach's choice (the first of :func:`coach_moves`).

    It needs no randomness, so ``seed`` is kept only to match the other bots' factories.
    The bot is ``"coach"`` by name: ``make_bot("coach")``, ``simulate(..., bots="coach")``.

    >>> from cfwidget import Round, Rules
    >>> CoachBot()(Round.deal(Rules(), players=2, seed=1).observation(1))
    Move.parse('9-6@9-9')
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = None if seed is None else check_seed(seed, BotError, fresh=True)

    def __call__(self, obs: Observation) -> Move:
        moves = bot_moves(obs)
        if len(moves) == 1:
            return moves[0]
        return _ranked(_View.of(obs))[0].move

    def __repr__(self) -> str:
        return "CoachBot()"
