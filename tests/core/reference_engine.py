"""A plain reference engine for one round of Chicken Foot, written from the rule texts.

This file is for reading and for checking. It plays one round the slow, obvious way: hands
and the chicken yard are lists of tiles, the table is a list of the tiles laid with their open
number and free places, and every question ("what may I play?", "can anyone play?") is answered
by looking at everything again. There are no bit masks and no caches. The fast engine in
``cfwidget`` must agree with it after every move (``tests/core/test_differential.py`` checks).

Each block names the rule it implements: "Round n" is step n of "A round" in the project's
rules document, and the option names are the fields of :class:`cfwidget.Rules`. A new rule
variant is written here first, then in the engine (``test_differential.py`` fails while an
option that changes a round is not read here). The first one was ``round_end``:
``"blocked"`` (the default) or ``"all-passed"`` (000: "The game ends when one player plays his
last bone or when all players have consecutively passed or the chicken yard is empty").

>>> import cfwidget as cf
>>> rnd = ReferenceRound.deal(cf.Rules(max_pip=6, hand_size=5), players=2, seed=3)
>>> rnd.start, rnd.turn, rnd.open_ends()
(Tile(6, 6), 0, [(Tile(6, 6), 6, 4)])
>>> rnd.legal_moves()
['6-0@6-6', '6-5@6-6']
>>> rnd.play("6-5@6-6")
>>> rnd.turn, rnd.open_ends(), rnd.needed
(1, [(Tile(6, 6), 6, 3), (Tile(6, 5), 5, 1)], 3)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import cfwidget as cf
from cfwidget import Tile

__all__ = ["OnTable", "ReferenceRound", "every_tile"]


def every_tile(max_pip: int) -> list[Tile]:
    """Every tile of a double-``max_pip`` set, highest first: 9-9, 9-8, ..., 9-0, 8-8, ..., 0-0.

    >>> [str(t) for t in every_tile(1)]
    ['1-1', '1-0', '0-0']
    """
    return [Tile(high, low) for high in range(max_pip, -1, -1) for low in range(high, -1, -1)]


@dataclass
class OnTable:
    """One tile on the table: the number on its open side and how many tiles still fit there.

    The centre double starts with ``free = spokes``, a chicken foot with ``free = toes``, and
    every other tile with ``free = 1`` (one tile can be played onto its open end).
    """

    tile: Tile
    open_number: int
    free: int


class ReferenceRound:
    """One round of Chicken Foot, from the deal to the scores.

    Build one with :meth:`deal` (the same shuffle as ``cf.Round.deal``) or with the dealt hands
    and the yard (in draw order) directly. Moves are text: ``"9-4@9-9"``, ``"9-4@9-9!"``,
    ``"draw"`` and ``"pass"``.
    """

    def __init__(
        self,
        rules: cf.Rules,
        hands: Sequence[Iterable[Tile]],
        yard: Iterable[Tile],
        start: Tile | None = None,
        first: int = 0,
        used_doubles: Iterable[Tile] = (),
    ) -> None:
        self.rules = rules
        self.players = len(hands)
        self.hands: list[list[Tile]] = [list(hand) for hand in hands]
        self.yard: list[Tile] = list(yard)  # the chicken yard: the first tile is drawn next
        self.table: list[OnTable] = []  # every tile laid, in the order it was laid
        self.forced: Tile | None = None  # the double that must be filled before anything else
        self.turn = 0
        self.drawn: Tile | None = None  # the tile the seat to move drew this turn, if any
        self.went_out: int | None = None
        self.last_tile_of_winner: Tile | None = None
        self.ended_by: str | None = None  # "out", "blocked" or "all-passed" once over
        self.passes_in_a_row = 0
        self.history: list[tuple[int, str]] = []
        self.opening_draws: list[tuple[int, Tile]] = []
        self.penalties: list[tuple[int, int, Tile]] = []  # (move number, seat, tile drawn)
        self._open(start, first, set(used_doubles))

    @classmethod
    def deal(
        cls,
        rules: cf.Rules,
        players: int,
        seed: int,
        start: Tile | None = None,
        first: int = 0,
        used_doubles: Iterable[Tile] = (),
    ) -> ReferenceRound:
        """Shuffle the set with ``random.Random(seed)`` and deal hand after hand (Round 1).

        The rest of the shuffled set is the chicken yard, drawn from the front. This is the
        deal ``cf.Round.deal`` documents, so both start from the same tiles.
        """
        tiles = every_tile(rules.max_pip)
        random.Random(seed).shuffle(tiles)
        size = rules.hand_size_for(players)
        hands = [tiles[seat * size : (seat + 1) * size] for seat in range(players)]
        return cls(rules, hands, tiles[players * size :], start, first, used_doubles)

    # -- Round 1 and 2: the starting double -------------------------------------------------

    def _open(self, start: Tile | None, first: int, used: set[Tile]) -> None:
        top = self.rules.max_pip
        wanted = start if start is not None else Tile(top, top)

        def may_stand_in(tile: Tile) -> bool:
            # Option start_missing="next-highest" (000, 004): "If no player has the double-nine
            # then the player with the next highest double plays it": a lower double that has
            # not led a round yet.
            return tile.is_double and tile < wanted and tile not in used

        opener = self._holder(wanted)
        if opener is None and self.rules.start_missing == "next-highest":
            stand_ins = [t for hand in self.hands for t in hand if may_stand_in(t)]
            if stand_ins:
                wanted = max(stand_ins)
                opener = self._holder(wanted)
        if opener is None:
            # Option start_missing="draw" (001, 002, 003): "players take turns drawing from the
            # chicken yard until it is found", starting from seat ``first``. With
            # "next-highest" and no double to stand in, players draw the same way, and the
            # first double that could lead (the round's own or a lower unused one) does.
            seat = first
            while True:
                tile = self.yard.pop(0)
                self.hands[seat].append(tile)
                self.opening_draws.append((seat, tile))
                if tile == wanted or (
                    self.rules.start_missing == "next-highest" and may_stand_in(tile)
                ):
                    wanted, opener = tile, seat
                    break
                seat = (seat + 1) % self.players
        # Round 2: the holder places the double in the centre; play goes on from the next seat.
        # Option first_player is a Game option (who opens the first round); a Round does not
        # use it.
        self.start = wanted
        self.opener = opener
        self.hands[opener].remove(wanted)
        # Round 3: the centre double takes `spokes` tiles of its number before any other play.
        self.table.append(OnTable(wanted, wanted.high, self.rules.spokes))
        self.forced = wanted
        self.turn = (opener + 1) % self.players
        if not self.hands[opener]:
            # Round 7: placing the centre double emptied the opener's hand (a hand of one).
            self._end("out", opener, wanted)
        self._end_if_blocked()
        if self.is_over:
            self.turn = opener

    def _holder(self, tile: Tile) -> int | None:
        for seat, hand in enumerate(self.hands):
            if tile in hand:
                return seat
        return None

    # -- where a tile may go ----------------------------------------------------------------

    def places_to_play(self) -> list[OnTable]:
        """The table tiles a tile may be played onto now.

        Round 3 and 5: while the centre double lacks spokes or a chicken foot lacks toes, that
        double is the only place. Round 4: otherwise every open end, for every player.
        """
        if self.forced is not None:
            return [spot for spot in self.table if spot.tile == self.forced]
        return [spot for spot in self.table if spot.free > 0]

    def plays_of(self, tiles: Iterable[Tile]) -> list[tuple[Tile, Tile]]:
        """Every (tile, table tile) play of these tiles: a tile must show the open number."""
        places = self.places_to_play()
        return [
            (tile, spot.tile) for tile in tiles for spot in places if tile.has(spot.open_number)
        ]

    def can_play(self, seat: int) -> bool:
        """True if ``seat`` holds any tile that fits where play is allowed now."""
        return bool(self.plays_of(self.hands[seat]))

    # -- the moves allowed now --------------------------------------------------------------

    def legal_moves(self) -> list[str]:
        """The moves allowed now as text, in the engine's order (plays, then draw, then pass).

        Plays are ordered by tile, then table tile, then announcement, where tiles order like
        the pair (high, low): 1-0 < 1-1 < 2-0.
        """
        if self.is_over:
            return []
        hand = self.hands[self.turn]
        # Round 6 (001: "If that tile can be played, the player may do so immediately"): after
        # a draw only the drawn tile may be played.
        plays = self.plays_of([self.drawn] if self.drawn is not None else hand)
        moves = [(tile, onto, False) for tile, onto in plays]
        if self.rules.last_tile != "silent" and len(hand) == 2:
            # Option last_tile "uno" (000) or "chicken-little" (002): the play that leaves one
            # tile may announce it ("!").
            moves += [(tile, onto, True) for tile, onto in plays]
        moves.sort()
        texts = [f"{tile}@{onto}{'!' if announce else ''}" for tile, onto, announce in moves]
        if self.drawn is not None:
            # Option must_play_drawn: a drawn tile that fits must be played (True), or the
            # player may pass instead (False, 001: "the player may do so").
            if not texts or not self.rules.must_play_drawn:
                texts.append("pass")
            return texts
        if texts:
            return texts  # Round 6: a player who can play must play
        # Round 6: "A player who cannot play draws one tile"; with the yard empty, passes.
        return ["draw"] if self.yard else ["pass"]

    # -- making a move ----------------------------------------------------------------------

    def play(self, move: str) -> None:
        """Make ``move`` (text) for the seat to move; a move not allowed raises ValueError."""
        allowed = self.legal_moves()
        if move not in allowed:
            raise ValueError(f"{move!r} is not allowed now; the moves are {allowed}")
        seat = self.turn
        self.history.append((seat, move))
        if move == "draw":
            tile = self.yard.pop(0)
            self.hands[seat].append(tile)
            self.drawn = tile  # the same seat moves again: play the drawn tile or pass
            self._end_if_blocked()
            return
        self.drawn = None
        if move == "pass":
            self.passes_in_a_row += 1
            if self.rules.round_end == "all-passed" and self.passes_in_a_row == self.players:
                # Option round_end="all-passed" (000): "when all players have consecutively
                # passed", whether the yard is empty or not.
                self._end("all-passed", None, None)
                return
            self.turn = (seat + 1) % self.players
            return
        self.passes_in_a_row = 0
        announce = move.endswith("!")
        tile_text, _, onto_text = move.rstrip("!").partition("@")
        tile, onto = Tile.parse(tile_text), Tile.parse(onto_text)
        self.hands[seat].remove(tile)
        self._lay(tile, onto)
        if not self.hands[seat]:
            # Round 7: "The round ends at once when a player plays their last tile".
            self._end("out", seat, tile)
            return
        if (
            self.rules.last_tile == "chicken-little"
            and len(self.hands[seat]) == 1
            and not announce
            and self.yard
        ):
            # Option last_tile="chicken-little" (002): "if someone catches you forgetting, you
            # draw a tile". Here a forgotten announcement is always caught.
            penalty = self.yard.pop(0)
            self.hands[seat].append(penalty)
            self.penalties.append((len(self.history) - 1, seat, penalty))
        self._end_if_blocked()
        if not self.is_over:
            self.turn = (seat + 1) % self.players  # once over, the turn stays with the last mover

    def _lay(self, tile: Tile, onto: Tile) -> None:
        spot = next(spot for spot in self.table if spot.tile == onto)
        spot.free -= 1
        if tile.is_double:
            # Round 5: a double played on an open end is a chicken foot: `toes` tiles of its
            # number go on its far side before play goes anywhere else.
            self.table.append(OnTable(tile, tile.high, self.rules.toes))
            self.forced = tile
        else:
            # Round 4: the tile's other number becomes a new open end.
            self.table.append(OnTable(tile, tile.other(spot.open_number), 1))
        if self.forced == onto and spot.free == 0:
            # Round 3 and 5: the last spoke or toe is down; every end is open again.
            self.forced = None

    # -- the end of the round ---------------------------------------------------------------

    def _end_if_blocked(self) -> None:
        if self.is_over:
            return
        # Round 7: the round ends when the yard is empty and no player can play. A chicken foot
        # that can no longer be filled ends it this way too (004: "if someone chickie's a
        # number that no longer has three remaining free dominos").
        if not self.yard and not any(self.can_play(seat) for seat in range(self.players)):
            self._end("blocked", None, None)

    def _end(self, how: str, went_out: int | None, last_tile: Tile | None) -> None:
        self.ended_by = how
        self.went_out = went_out
        self.last_tile_of_winner = last_tile

    @property
    def is_over(self) -> bool:
        """True once a player went out, or the round is blocked (or all passed)."""
        return self.ended_by is not None

    def open_ends(self) -> list[tuple[Tile, int, int]]:
        """Each table tile with free places: (tile, open number, free places), as laid."""
        return [(spot.tile, spot.open_number, spot.free) for spot in self.table if spot.free > 0]

    @property
    def needed(self) -> int:
        """How many spokes or toes the forced double still needs (0 if none)."""
        for spot in self.table:
            if spot.tile == self.forced:
                return spot.free
        return 0

    def scores(self) -> list[int]:
        """Round 8: the pips left in each hand; the player who went out scores 0.

        Option double_blank: the 0-0 costs that many points. Option out_on_double: going out
        with a double costs that many points (002's house rule).
        """
        scores = []
        for seat, hand in enumerate(self.hands):
            if seat == self.went_out:
                last = self.last_tile_of_winner
                scores.append(self.rules.out_on_double if last and last.is_double else 0)
                continue
            points = 0
            for tile in hand:
                points += self.rules.double_blank if tile == Tile(0, 0) else tile.pips
            scores.append(points)
        return scores
