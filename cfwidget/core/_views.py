"""What the round says in words: why a move is refused, the rule in force, a seat's view.

:class:`RoundViews` gives :class:`~cfwidget.Round` its plain-language
explanations and the per-seat observation, the only view of a round that a
front end or a bot should need. Another seat's tiles and the yard order never
appear in it.

The rule in force (:meth:`RoundViews.rule_in_force`) and the reasons a move or
a tile is refused (:meth:`RoundViews.refusal`, :meth:`RoundViews.tile_refusal`)
are worded in :mod:`cfwidget.core._seatwords` from one seat's
:class:`~cfwidget.Observation` and only there: these methods pass the
observation of the seat to move, and the widget, the lessons, the exercises and
the therapy sessions all ask the round or the observation.

>>> article(9), article(8), article(11)
('a 9', 'an 8', 'an 11')
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .._shared import article, shown
from ._errors import SeatError
from ._moves import Move, MoveLike, to_move
from ._observation import Observation, observe
from ._rules import Rules
from ._seatwords import explain, how_it_ended, rule_line, tile_refusal
from ._tiles import Tile, TileLike, full_set

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
        _turn: int

        @property
        def players(self) -> int: ...
        @property
        def forced(self) -> Tile | None: ...
        @property
        def table(self) -> tuple[Any, ...]: ...
        def hand(self, seat: int) -> tuple[Tile, ...]: ...
        def legal_moves(self) -> list[Move]: ...
        def open_ends(self) -> list[tuple[Tile, int, int]]: ...

    def _seat(self, seat: object) -> int:
        """``seat`` itself, if it is a seat at this table; anything else is a SeatError."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            raise SeatError(f"seat must be from 0 to {self.players - 1}, got {shown(seat)}")
        return seat

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now, as a typed :class:`~cfwidget.Observation`.

        Every sentence for a seat, every bot's choice and the widget's view are made
        from this value alone (see :mod:`cfwidget.core._observation`).

        >>> from cfwidget import Round, Rules
        >>> obs = Round.deal(Rules(), players=3, seed=2).observation(1)
        >>> obs.hand_counts, obs.yard_count, obs.to_move
        ((9, 9, 9), 27, True)
        """
        return observe(self, seat)  # type: ignore[arg-type]  # self is a Round

    def _mover(self) -> Observation:
        """The observation of the seat to move (the last to move once the round is over)."""
        return observe(self, self._turn)  # type: ignore[arg-type]  # self is a Round

    def _explain(self, m: Move) -> str:
        """Why ``m`` is not allowed now, in words a learner understands."""
        return explain(self._mover(), m)

    def refusal(self, move: MoveLike) -> str | None:
        """Why ``move`` is not allowed now, in plain words, or ``None`` if it is allowed.

        The same words :meth:`~cfwidget.Round.play` gives its
        :class:`~cfwidget.IllegalMove`, made from the observation of the seat to
        move (:func:`cfwidget.core.refusal`); text that is not a move raises
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
        return tile_refusal(self._mover(), tile)

    def rule_in_force(self, seat: int | None = None) -> str:
        """The rule that limits play now, in plain words, as ``seat`` may hear it.

        ``seat`` defaults to the seat to move, who hears its drawn tile named;
        another seat hears only that a tile was drawn (:func:`cfwidget.core.rule_line`).

        >>> from cfwidget import Round, Rules
        >>> Round.deal(Rules(), players=2, seed=3).rule_in_force()
        'the centre double 9-9 still needs 4 spokes (tiles with a 9)'
        """
        obs = self._mover() if seat is None else self.observation(self._seat(seat))
        return rule_line(obs)

    def how_it_ended(self) -> str | None:
        """Why the round ended, in plain words (``None`` while it goes on).

        >>> from cfwidget import Round, Rules
        >>> rnd = Round.from_deal(Rules(max_pip=3, spokes=3, hand_size=2),
        ...     hands=[["3-3", "3-0"], ["3-2", "1-0"]],
        ...     boneyard=["3-1", "2-2", "2-1", "2-0", "1-1", "0-0"])
        >>> rnd.play("3-2@3-3"); rnd.play("3-0@3-3"); rnd.how_it_ended()
        'Player 1 went out'
        """
        return how_it_ended(self._mover())

    def observe(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, as a JSON-ready dict (:meth:`Observation.to_dict`).

        Its own hand, the table, how many tiles every hand and the yard hold,
        whose turn it is, the rule in force, and its legal moves when it is to
        move. Other hands, another seat's drawn tile and the yard order never
        appear.

        >>> from cfwidget import Round, Rules
        >>> view = Round.deal(Rules(), players=3, seed=2).observe(1)
        >>> view["hand_counts"], view["yard_count"], view["rule"]
        ([9, 9, 9], 27, 'the centre double 9-9 still needs 4 spokes (tiles with a 9)')
        """
        return self.observation(self._seat(seat)).to_dict()

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
