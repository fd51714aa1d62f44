"""A whole game: rounds in the order the rules say, and a score sheet.

By default a game has one round for each double, from the highest down to
``0-0``; the rules can count up instead, let the highest unused double start,
or play until someone reaches an agreed total.

>>> from cfwidget import Game, Rules
>>> game = Game(players=["Ann", "Bob"], rules=Rules(max_pip=3, spokes=3, hand_size=3), seed=1)
>>> game.round.start, game.round_number, game.rounds_total
(Tile(3, 3), 1, 4)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from ._deal import check_rules, check_seed
from ._errors import DealError, IllegalMove, RecordError, RulesError, ScoreError
from ._jsonio import FORMAT_VERSION, expect, read_record
from ._moves import Move, MoveLike
from ._records import record_rules, replay_moves
from ._round import Round
from ._rules import Rules
from ._scoring import ScoreSheet
from ._tiles import Tile, full_set

__all__ = ["Game"]

GAME_FORMAT = "cfwidget.game"
_GAME_FIELDS = frozenset({"format", "version", "rules", "names", "seed", "rounds"})


class Game:
    """Rounds in order with a running :class:`~cfwidget.ScoreSheet`.

    ``players`` is a list of names (or a number of players). Play moves with
    :meth:`play` (or on :attr:`round`); a finished round's scores go on the
    sheet by themselves; :meth:`next_round` deals the next one.
    """

    def __init__(
        self,
        players: Sequence[str] | int,
        rules: Rules | None = None,
        seed: int | None = None,
    ) -> None:
        if isinstance(players, bool):
            raise ScoreError(f"players is a list of names or a number of players, got {players}")
        if isinstance(players, int):
            if not 2 <= players <= 8:
                raise ScoreError(f"a game needs 2 to 8 players, got {players}")
            players = [f"Player {i + 1}" for i in range(players)]
        elif (
            isinstance(players, Sequence)
            and not isinstance(players, str)
            and not 2 <= len(players) <= 8
        ):
            raise ScoreError(f"a game needs 2 to 8 players, got {len(players)}")
        self.rules = rules if rules is not None else Rules()
        check_rules(self.rules)
        self._sheet = ScoreSheet(players)
        self.names = self._sheet.names
        size = self.rules.hand_size_for(len(self.names))
        if self.rules.first_player == "high-draw" and len(self.names) * size + 1 > (
            self.rules.tile_count
        ):
            raise RulesError(
                "with the double laid out before the deal, hands of "
                f"{size} leave no room for it in a double-{self.rules.max_pip} set"
            )
        # The same check as Round.deal: a DealError unless the seed is from 0 to 2**64 - 1.
        seed = random.SystemRandom().randrange(2**63) if seed is None else check_seed(seed)
        self.seed = seed
        self._rng = random.Random(seed)
        self._rounds: list[Round] = []
        self._recorded = 0
        self.first_draw: tuple[tuple[int, Tile], ...] = ()
        self._starter = 0
        if self.rules.first_player == "high-draw":
            self._draw_for_first()
        self._start_round()

    # -- dealing rounds -------------------------------------------------------------

    def _draw_for_first(self) -> None:
        """Everyone draws one tile; the heaviest (then the higher end) opens round 1."""
        tiles = list(full_set(self.rules.max_pip))
        random.Random(self._rng.randrange(2**63)).shuffle(tiles)
        self.first_draw = tuple(enumerate(tiles[: len(self.names)]))
        self._starter = max(self.first_draw, key=lambda d: (d[1].pips, d[1].high))[0]

    def _intended_double(self, k: int) -> tuple[Tile, list[Tile]]:
        top = self.rules.max_pip
        cycle = k % (top + 1)
        used = [r.start for r in self._rounds[len(self._rounds) - cycle :]] if cycle else []
        order = self.rules.round_order
        if order == "down":
            n = top - cycle
        elif order == "up":
            n = cycle
        else:
            n = max(d for d in range(top + 1) if Tile(d, d) not in used)
        return Tile(n, n), used

    def _start_round(self) -> None:
        k = len(self._rounds)
        n = len(self.names)
        start, used = self._intended_double(k)
        seed = self._rng.randrange(2**63)
        if self.rules.first_player == "high-draw":
            opener = (self._starter + k) % n
            tiles = [t for t in full_set(self.rules.max_pip) if t != start]
            random.Random(seed).shuffle(tiles)
            size = self.rules.hand_size_for(n)
            hands = [tiles[i * size : (i + 1) * size] for i in range(n)]
            hands[(opener - 1) % n].insert(0, start)  # laid out before the deal
            rnd = Round.from_deal(
                self.rules, hands, tiles[n * size :], start=start, first=opener, names=self.names
            )
        else:
            rnd = Round.deal(
                self.rules,
                n,
                seed,
                start=start,
                first=k % n,
                used_doubles=used,
                names=self.names,
            )
        self._rounds.append(rnd)

    def _sync(self) -> None:
        """Put a finished round's scores on the sheet (once)."""
        if self._recorded < len(self._rounds) and self._rounds[-1].is_over:
            rnd = self._rounds[-1]
            self._sheet.record(rnd.scores(), label=str(rnd.start))
            self._recorded += 1

    # -- what anyone can see ------------------------------------------------------

    @property
    def round(self) -> Round:
        """The round being played (or the last one, once the game is over)."""
        return self._rounds[-1]

    @property
    def rounds(self) -> tuple[Round, ...]:
        """Every round so far, the current one last."""
        return tuple(self._rounds)

    @property
    def round_number(self) -> int:
        """The current round's number, counting from 1."""
        return len(self._rounds)

    @property
    def rounds_total(self) -> int | None:
        """How many rounds the game has (``None`` when it is played to a target total)."""
        return None if self.rules.game_target is not None else self.rules.round_count()

    @property
    def sheet(self) -> ScoreSheet:
        """The score sheet, up to date with any finished round."""
        self._sync()
        return self._sheet

    @property
    def is_over(self) -> bool:
        """True when the last round is finished (or someone reached the target total)."""
        self._sync()
        if self._recorded < len(self._rounds):
            return False
        target = self.rules.game_target
        if target is not None:
            return max(self._sheet.totals) >= target
        return self._recorded >= self.rules.round_count()

    @property
    def winner(self) -> str | None:
        """The winner's name once the game is over (tie-breaks applied), else ``None``.

        Also ``None`` when two or more players are still level after both
        tie-breaks (total, then more zero rounds, then the lowest non-zero
        round): they share first place, as :meth:`places` shows.
        """
        if not self.is_over:
            return None
        places = self._sheet.places()
        if places[1][0] == 1:  # a full tie for first place
            return None
        return places[0][1]

    def standings(self) -> list[str]:
        """Names, best first, with the tie-breaks of the rules (a full tie keeps seat order)."""
        return self.sheet.standings()

    def places(self) -> list[tuple[int, str, int]]:
        """``(place, name, total)`` best first; a full tie shares its place.

        See :meth:`cfwidget.ScoreSheet.places`.
        """
        return self.sheet.places()

    # -- playing --------------------------------------------------------------------

    def play(self, move: MoveLike) -> None:
        """Play ``move`` in the current round (see :meth:`cfwidget.Round.play`)."""
        self._rounds[-1].play(move)
        self._sync()

    def undo(self) -> Move:
        """Take back the last move of the current round (and its scores, if it had ended)."""
        rnd = self._rounds[-1]
        last = rnd.undo()
        if self._recorded == len(self._rounds):
            self._sheet._remove_last()
            self._recorded -= 1
        return last

    def next_round(self) -> Round:
        """Deal the next round once the current one is over."""
        if self.is_over:
            raise IllegalMove("the game is over: there is no next round")
        if not self._rounds[-1].is_over:
            raise IllegalMove("the current round is not over yet")
        self._start_round()
        return self._rounds[-1]

    # -- records ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The game as a JSON-ready record: rules, names, seed and each round's moves."""
        return {
            "format": GAME_FORMAT,
            "version": FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "names": list(self.names),
            "seed": self.seed,
            "rounds": [[str(m) for m in r.moves] for r in self._rounds],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON text; :meth:`from_json` replays every round.

        >>> game = Game(["Ann", "Bob"], seed=3)
        >>> game.play(game.round.legal_moves()[0])
        >>> Game.from_json(game.to_json()).round == game.round
        True
        """
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Rebuild a game from :meth:`to_json` text, replaying every move of every round."""
        data = read_record(text, GAME_FORMAT, _GAME_FIELDS)
        rules = record_rules(data, _GAME_FIELDS)
        try:
            game = cls(
                expect(data["names"], list, "names"),
                rules,
                expect(data["seed"], int, "seed"),
            )
        except (ScoreError, RulesError, DealError) as exc:
            raise RecordError(str(exc)) from None
        for r, moves in enumerate(expect(data["rounds"], list, "rounds")):
            if r:
                if not game.round.is_over:
                    raise RecordError(f"round {r + 1} begins before round {r} is over")
                try:
                    game.next_round()
                except IllegalMove as exc:
                    raise RecordError(f"round {r + 1}: {exc}") from None
            replay_moves(game.play, moves, f"round {r + 1}", f"round {r + 1}, ")
        return game

    def _repr_svg_(self) -> str:
        """A picture of the current round's table, for notebooks."""
        from ..table import svg  # pictures are a layer above the rules

        return svg(self.round)

    def _repr_png_(self) -> bytes:
        """The same picture as PNG: JupyterLab shows no SVG in a notebook it does not trust."""
        from ..table import svg, svg_to_png  # pictures are a layer above the rules

        return svg_to_png(svg(self.round))

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"round {self.round_number}"
        return f"<Game {', '.join(self.names)}: {state}>"
