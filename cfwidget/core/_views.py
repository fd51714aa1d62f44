"""What the round says in words: why a move is refused, the rule in force, a seat's view.

:class:`RoundViews` gives :class:`~cfwidget.Round` its plain-language
explanations and the per-seat observation, the only view of a round that a
front end or a bot should need. Another seat's tiles and the yard order never
appear in it.

The rule in force (:meth:`RoundViews.rule_in_force`) and the reasons a move or
a tile is refused (:meth:`RoundViews.refusal`, :meth:`RoundViews.tile_refusal`)
are worded here and only here: the widget, the lessons, the exercises and the
therapy sessions all ask the round.

>>> article(9), article(8), article(11)
('a 9', 'an 8', 'an 11')
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .._shared import article, plural, shown
from ._errors import SeatError
from ._moves import Move, MoveLike, to_move
from ._rules import Rules
from ._tiles import Tile, TileLike, full_set, to_tile

if TYPE_CHECKING:  # the picture layer's type, for annotations only
    from ..table import TilePlacement

__all__ = ["RoundViews", "article"]


class RoundViews:
    """Explanations and one seat's view of a round (a mixin of ``Round``)."""

    if not TYPE_CHECKING:  # Round keeps __slots__; mypy checks attributes through Round
        __slots__ = ()

    if TYPE_CHECKING:
        rules: Rules
        names: tuple[str, ...]
        start: Tile
        _over: bool
        _out: int | None
        _turn: int
        _next: tuple[int, ...]

        @property
        def players(self) -> int: ...
        @property
        def needed(self) -> int: ...
        @property
        def blocked(self) -> bool: ...
        @property
        def end_reason(self) -> str | None: ...
        def passes_in_a_row(self) -> int: ...
        @property
        def drawn(self) -> Tile | None: ...
        @property
        def forced(self) -> Tile | None: ...
        @property
        def table(self) -> tuple[Any, ...]: ...
        @property
        def history(self) -> tuple[tuple[int, Move], ...]: ...
        @property
        def yard_count(self) -> int: ...
        def hand(self, seat: int) -> tuple[Tile, ...]: ...
        def hand_counts(self) -> list[int]: ...
        def can_play(self, seat: int) -> bool: ...
        def legal_moves(self) -> list[Move]: ...
        def open_ends(self) -> list[tuple[Tile, int, int]]: ...
        def scores(self) -> list[int]: ...
        def _place_of(self, tile: Tile) -> tuple[int, int] | None: ...

    def _seat(self, seat: object) -> int:
        """``seat`` itself, if it is a seat at this table; anything else is a SeatError."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            raise SeatError(f"seat must be from 0 to {self.players - 1}, got {shown(seat)}")
        return seat

    def _explain(self, m: Move) -> str:
        """Why ``m`` is not allowed now, in words a learner understands."""
        if self._over:
            return "the round is over: no more moves can be made"
        name = self.names[self._turn]
        hand = self.hand(self._turn)
        drawn = self.drawn
        if m.kind == "draw":
            if drawn is not None:
                return (
                    f"{name} has already drawn this turn: "
                    f"play the drawn tile {drawn} if it fits, or pass"
                )
            if self.can_play(self._turn):
                return f"{name} has a tile that fits, so {name} must play instead of drawing"
            return "the chicken yard is empty, so there is nothing to draw: pass instead"
        if m.kind == "pass":
            if drawn is not None:
                return f"the drawn tile {drawn} fits, and these rules say it must be played"
            if self.can_play(self._turn):
                return (
                    f"{name} has a tile that fits, so passing is not allowed: {name} must play it"
                )
            return (
                f"{name} has no tile that fits, so passing is not allowed yet: "
                "draw from the chicken yard first"
            )
        t, u = m.tile, m.onto
        if t is None or u is None:  # never: a play names both tiles
            return f"{m} is not allowed now"
        if t not in hand:
            return f"{name} does not hold {t}"
        if drawn is not None and t != drawn:
            return f"after drawing, only the drawn tile {drawn} may be played this turn"
        place = self._place_of(u)
        if place is None:
            return f"{u} is not on the table"
        n, free = place
        if not free:
            if u == self.start:
                return f"the centre double {u} already has all its spokes"
            if u[0] == u[1]:
                return f"the chicken foot on {u} already has all its toes"
            return f"{u} is already covered: play on an open end"
        f = self.forced
        if f is not None and u != f:
            return self.rule_in_force() + f": play a tile with {article(f[0])} on {f}"
        if not t.has(n):
            return f"{t} does not match {u}: the open end of {u} shows {n}"
        if m.announce:
            if self.rules.last_tile == "silent":
                return "these rules do not use announcing the last tile ('!')"
            return "announce ('!') only with the play that leaves you one tile"
        return f"{m} is not allowed now"

    def refusal(self, move: MoveLike) -> str | None:
        """Why ``move`` is not allowed now, in plain words, or ``None`` if it is allowed.

        The same words :meth:`~cfwidget.Round.play` gives its
        :class:`~cfwidget.IllegalMove`; text that is not a move raises
        :class:`~cfwidget.NotationError`.

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.deal(Rules(), players=2, seed=3)
        >>> rnd.refusal("draw")
        'Player 1 has a tile that fits, so Player 1 must play instead of drawing'
        >>> rnd.refusal(rnd.legal_moves()[0]) is None
        True
        """
        m = to_move(move)
        return None if m in self.legal_moves() else self._explain(m)

    def tile_refusal(self, tile: TileLike) -> str | None:
        """Why the seat to move cannot play ``tile`` anywhere now, or ``None`` if it can.

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.deal(Rules(), players=2, seed=3)
        >>> rnd.tile_refusal("6-5")
        '6-5 cannot be played now: the centre double 9-9 still needs 4 spokes (tiles with a 9)'
        >>> rnd.tile_refusal("9-7") is None
        True
        """
        t = to_tile(tile)
        if any(m.tile == t for m in self.legal_moves()):
            return None
        if self._over:
            return "the round is over: no more moves can be made"
        name = self.names[self._turn]
        drawn = self.drawn
        if t not in self.hand(self._turn):
            return f"{name} does not hold {t}"
        if drawn is not None and t != drawn:
            return f"after drawing, only the drawn tile {drawn} may be played this turn"
        if self.forced is not None:
            return f"{t} cannot be played now: {self.rule_in_force()}"
        shown = [str(n) for n in sorted(self.fitting_numbers())]
        ends = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
        return f"{t} matches no open end (the open ends show {ends})"

    def rule_in_force(self) -> str:
        """The rule that limits play now, in plain words.

        >>> from cfwidget import Round, Rules
        >>> Round.deal(Rules(), players=2, seed=3).rule_in_force()
        'the centre double 9-9 still needs 4 spokes (tiles with a 9)'
        """
        f = self.forced
        if self._over:
            return f"the round is over: {self.how_it_ended()}"
        if f is None:
            rule = "play on any open end"
        elif f == self.start:
            rule = (
                f"the centre double {f} still needs {plural(self.needed, 'spoke')} "
                f"(tiles with {article(f[0])})"
            )
        else:
            rule = (
                f"the chicken foot on {f} still needs {plural(self.needed, 'toe')} "
                f"(tiles with {article(f[0])})"
            )
        drawn = self.drawn
        if drawn is not None:  # the turn goes on with the tile just drawn, or a pass
            if any(m.is_play for m in self.legal_moves()):
                how = "must" if self.rules.must_play_drawn else "may"
                rule += f"; after drawing, only the drawn tile {drawn} {how} be played"
            else:
                rule += f"; the drawn tile {drawn} does not fit, so pass"
        if self.rules.round_end == "all-passed":
            k = self.passes_in_a_row()
            if k:
                rule += (
                    f"; {plural(k, 'player')} in turn {'has' if k == 1 else 'have'} passed, "
                    f"and the round ends if all {self.players} do"
                )
        return rule

    def how_it_ended(self) -> str | None:
        """Why the round ended, in plain words (``None`` while it goes on).

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.from_deal(Rules(max_pip=3, spokes=3, hand_size=2),
        ...     hands=[["3-3", "3-0"], ["3-2", "1-0"]],
        ...     boneyard=["3-1", "2-2", "2-1", "2-0", "1-1", "0-0"])
        >>> rnd.play("3-2@3-3"); rnd.play("3-0@3-3"); rnd.how_it_ended()
        'Player 1 went out'
        """
        reason = self.end_reason
        if reason is None:
            return None
        if self._out is not None:
            return f"{self.names[self._out]} went out"
        if reason == "all-passed":
            passes = plural(self.players, "pass", "passes")
            return f"every player passed in turn ({passes} in a row)"
        return "the chicken yard is empty and nobody can play"

    def observe(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, as a JSON-ready dict.

        Its own hand, the table, how many tiles every hand and the yard hold,
        whose turn it is, the rule in force, and its legal moves when it is to
        move. Other hands and the yard order never appear.

        >>> from cfwidget import Round, Rules
        >>> view = Round.deal(Rules(), players=3, seed=2).observe(1)
        >>> view["hand_counts"], view["yard_count"], view["rule"]
        ([9, 9, 9], 27, 'the centre double 9-9 still needs 4 spokes (tiles with a 9)')
        """
        seat = self._seat(seat)
        to_move = not self._over and seat == self._turn
        over = self._over
        return {
            "seat": seat,
            "names": list(self.names),
            "turn": self._turn,
            "hand": [str(t) for t in self.hand(seat)],
            "hand_counts": self.hand_counts(),
            "yard_count": self.yard_count,
            "start": str(self.start),
            "table": [
                [str(p.tile), None if p.onto is None else str(p.onto), p.number, p.slot]
                for p in self.table
            ],
            "open_ends": [[str(t), n, k] for t, n, k in self.open_ends()],
            "forced": None if self.forced is None else str(self.forced),
            "needed": self.needed,
            "rule": self.rule_in_force(),
            "drawn": str(self.drawn) if to_move and self.drawn is not None else None,
            "legal_moves": [str(m) for m in self.legal_moves()] if to_move else [],
            "history": [[s, str(m)] for s, m in self.history],
            "over": over,
            "went_out": self._out,
            "blocked": self.blocked,
            "scores": self.scores() if over else None,
            "rules": self.rules.to_dict(),
        }

    def fitting_numbers(self) -> set[int]:
        """The numbers a tile needs to be playable now (the forced double's, or any open end's)."""
        f = self.forced
        if f is not None:
            return {f[0]}
        return {n for _, n, _ in self.open_ends()}

    def draw_odds(self, seat: int) -> Fraction:
        """The chance that one tile drawn now by ``seat`` fits where play is allowed.

        Judged from what that seat knows: the unseen tiles are every tile not
        in its hand and not on the table (the other hands and the yard, which
        it cannot tell apart), each equally likely to be the one drawn.

        This is the count a player can make at the table. It assumes the unseen
        tiles are spread at random; in real play the others keep playing the
        tiles that fit, so later in a round the yard holds more of them than
        this share (notebook 12, what a seat knows, measures the gap).

        >>> from cfwidget import Round, Rules
        >>> Round.deal(Rules(), players=2, seed=3).draw_odds(1)
        Fraction(2, 11)
        """
        seat = self._seat(seat)
        seen = set(self.hand(seat)) | {p.tile for p in self.table}
        unseen = [t for t in full_set(self.rules.max_pip) if t not in seen]
        if not unseen:
            raise SeatError(f"{self.names[seat]} can see every tile: there is nothing left to draw")
        numbers = self.fitting_numbers()
        fitting = sum(1 for t in unseen if t[0] in numbers or t[1] in numbers)
        return Fraction(fitting, len(unseen))

    def layout(self, aspect: float | None = None) -> list[TilePlacement]:
        """Where each table tile lies, as on a real table (see :func:`cfwidget.table.layout`).

        Units: a tile is 2 long and 1 wide; ``x, y`` is its centre and ``angle``
        its long axis in degrees. A tile never moves once placed. Lines bend to
        keep the table near ``aspect`` (width over height; the widget's board
        by default).

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.deal(Rules(), players=4, seed=7)
        >>> centre = rnd.layout()[0]
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
