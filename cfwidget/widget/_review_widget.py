"""The review widget: scrub a reviewed game move by move, on the farmyard widget's front end.

:class:`ReviewWidget` shows a :class:`~cfwidget.analysis.Review` one move at a time: the table
just before the move, seen from one seat (the seat that moved, by default), the move played and
the best move ringed on the table, the candidate moves' expected points as bars, that seat's
draw odds and the verdict in words. It is drawn by the same front-end modules as
:class:`~cfwidget.widget.GameWidget`, in the same bundle (``static/farmyard.js``): the
view carries a ``review`` part, and the front end draws the review's controls (a slider, First
/ Back / Next / Last, the previous and next mistake, a seat picker, "hands open") in place of
the playing buttons.

State flows one way, as in the GameWidget: Python builds the view, the browser sends
intents (``goto`` a move number, ``step`` to the first, previous, next or last move or
mistake, ``seat``, ``hands_open``) and Python answers with a new view.

>>> import cfwidget as cf
>>> from cfwidget.analysis import review
>>> rnd = cf.Round.deal(cf.Rules(max_pip=3, spokes=3, hand_size=3), players=2, seed=4)
>>> for _ in range(3):
...     rnd.play(rnd.legal_moves()[0])
>>> w = ReviewWidget(review(rnd, worlds=8), move=2)
>>> w
<ReviewWidget move 2 of 3, seen from the seat that moved (Player 2), hands closed>
>>> w.goto(3).move, w.view["review"]["words"].startswith("Move 3 of 3:")
(3, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from .._shared import is_whole, plain_whole, shown
from ..analysis import Review
from ..core import Move, Round
from ..table import PALETTE, TilePlacement, render_svg
from ._args import check_flag, check_palette, unknown_args
from ._board import LaidTable, board_aspect
from ._errors import WidgetError
from ._farmyard import Farmyard, check_display, front_end
from ._intents import handles
from ._review_graph import graph_html, graph_panel, graph_words
from ._review_view import Step, review_panel
from ._saved import saved_pictures
from ._view import Controls, View, build_view, sentence

__all__ = ["STEPS", "ReviewWidget"]

#: Where a ``step`` intent (and :meth:`ReviewWidget.step`) goes.
STEPS = ("first", "back", "next", "last", "previous_mistake", "next_mistake")


class ReviewWidget(Farmyard):
    """Scrub a reviewed game move by move: the table, the rated moves as bars, the verdict.

    - ``review``: a :class:`~cfwidget.analysis.Review` (from :func:`cfwidget.analysis.review`).
    - ``seat``: the seat whose view is shown; ``None`` (the default) shows, at each move,
      the seat that made it.
    - ``hands_open``: show every hand, and the rating of every seat's moves (default
      ``False``: another seat's options are hidden, as at the table).
    - ``move``: the move to show first, from 1 to the number of moves in the game (every
      seat's, forced ones included); the table is shown just before that move.
    - ``display``, ``large``, ``palette``: how tiles look, as in the GameWidget.

    :attr:`move`, :attr:`seat` and :attr:`hands_open` can be set; :meth:`goto`,
    :meth:`step`, :meth:`next_mistake` and :meth:`previous_mistake` move along the game.
    """

    _esm = front_end("farmyard")

    def __init__(
        self,
        review: Review,
        *,
        seat: int | None = None,
        hands_open: bool = False,
        move: int = 1,
        display: str = "pips",
        large: bool = False,
        palette: Sequence[str] | None = None,
        **kwargs: object,
    ) -> None:
        if kwargs:
            raise TypeError(unknown_args(ReviewWidget, kwargs))
        if not isinstance(review, Review):
            raise WidgetError(
                f"review must be a Review, like cfwidget.analysis.review(game); got {shown(review)}"
            )
        if not review.starts:
            raise WidgetError(
                "this review keeps no rounds to replay (it was made by an older cfwidget); "
                "review the game again"
            )
        self._review = review
        self._steps = _steps(review)
        self._outlook = review.outlook()
        verdict_of = review.moves["verdict"].tolist()
        #: Each rated move's seat and verdict, by its number (the graph marks the flagged
        #: and the unclear ones of the seats it shows).
        self._verdicts = {
            i: (step.seat, str(verdict_of[step.row]))
            for i, step in enumerate(self._steps, start=1)
            if step.row is not None
        }
        self._most_tiles = _most_tiles(review)
        if not self._steps:
            raise WidgetError("the reviewed game has no moves to show")
        self._players = review.starts[0].players
        self._seat = self._check_seat(seat)
        self._open = check_flag("hands_open", hands_open)
        self._index = self._check_move(move) - 1
        display = check_display(display)
        check_flag("large", large)
        colours = list(PALETTE) if palette is None else check_palette(palette)
        self._aspect: float | None = None
        self._version = 1
        super().__init__(view=self._build_view(), display=display, large=large, palette=colours)
        self.on_msg(self._on_msg)

    # -- what it shows -------------------------------------------------------------------

    @property
    def review(self) -> Review:
        """The review shown."""
        return self._review

    @property
    def total(self) -> int:
        """How many moves the game has (every seat's, in every round)."""
        return len(self._steps)

    @property
    def move(self) -> int:
        """The move shown, from 1 to :attr:`total`; set it to show another."""
        return self._index + 1

    @move.setter
    def move(self, value: int) -> None:
        self.goto(value)

    @property
    def seat(self) -> int | None:
        """The seat whose view is shown, or ``None``: the seat that made each move."""
        return self._seat

    @seat.setter
    def seat(self, value: int | None) -> None:
        self._seat = self._check_seat(value)
        self._redraw()

    @property
    def hands_open(self) -> bool:
        """Whether every hand (and every seat's rating) is shown."""
        return self._open

    @hands_open.setter
    def hands_open(self, value: bool) -> None:
        self._open = check_flag("hands_open", value)
        self._redraw()

    @property
    def version(self) -> int:
        """The stamp of the current view; ``step`` intents must carry it (it changes when the
        move, the seat or the open hands change, not when the board changes shape)."""
        return self._version

    @property
    def round(self) -> Round:
        """A copy of the round just before the move shown."""
        step = self._steps[self._index]
        return self._review.round_at(step.round_no, step.move_no)

    @property
    def row(self) -> int | None:
        """The row of ``review.moves`` for the move shown (``None``: its seat was not reviewed)."""
        return self._steps[self._index].row

    def goto(self, move: int, round_no: int | None = None) -> ReviewWidget:
        """Show move ``move`` of the game (from 1 to :attr:`total`), or with ``round_no``
        move ``move`` of that round, as the review's tables number moves
        (``rev.mistakes()``'s ``round`` and ``move_number``); returns the widget."""
        if round_no is None:
            self._index = self._check_move(move) - 1
        else:
            self._index = self._step_of(round_no, move)
        self._redraw()
        return self

    def step(self, to: str) -> ReviewWidget:
        """Show the ``"first"``, ``"back"``, ``"next"`` or ``"last"`` move, or the
        ``"previous_mistake"`` or ``"next_mistake"``; at either end, stay. Returns the widget."""
        target = self._target(to)
        if target is None:
            raise WidgetError(f"step goes to one of {', '.join(STEPS)}; got {shown(to)}")
        if target:
            self._index = target - 1
            self._redraw()
        return self

    def next_mistake(self) -> ReviewWidget:
        """Show the next inaccuracy, mistake or blunder (of the seats whose ratings are shown)."""
        return self.step("next_mistake")

    def previous_mistake(self) -> ReviewWidget:
        """Show the previous inaccuracy, mistake or blunder."""
        return self.step("previous_mistake")

    def to_svg(self, **options: Any) -> str:
        """The table at the move shown as a picture: the played move's end ringed in yellow,
        the best move's in blue (see :func:`cfwidget.table.render_svg`)."""
        panel = self.view["review"]
        rings = {r["kind"]: r for r in panel["rings"]}
        laid = self._laid_at(self.round)
        played, best = rings.get("played"), rings.get("best")
        options.setdefault("mode", self.display)
        options.setdefault("title", f"Chicken Foot review: {panel['short']}")
        words = []
        if played is not None and best is not None and played["onto"] == best["onto"]:
            words.append(f"yellow ring: the move played and the best move (both on {best['onto']})")
        else:
            if played is not None:
                words.append(f"yellow ring: the move played (on {played['onto']})")
            if best is not None:
                words.append(f"blue ring: the best move (on {best['onto']})")
        options.setdefault("caption", sentence("; ".join(words)) if words else None)
        options.setdefault("last", played["onto"] if played else None)
        options.setdefault("highlight", [best["onto"]] if best else [])
        return render_svg(laid, **options)

    def __repr__(self) -> str:
        seen = "the seat that moved" if self._seat is None else f"{self._name(self._seat)}'s seat"
        step = self._steps[self._index]
        if self._seat is None:
            seen += f" ({self._name(step.seat)})"
        hands = "hands open" if self._open else "hands closed"
        return f"<ReviewWidget move {self.move} of {self.total}, seen from {seen}, {hands}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The live widget, plus (for saved notebooks) the table as a picture, the verdict and
        the candidates as text and HTML."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        laid = self._laid_at(self.round)
        pictures, words = saved_pictures(laid, lambda scale: self.to_svg(scale=scale))
        panel = self.view["review"]
        html = pictures.get("text/html", "")
        text = [repr(self), panel["words"]]
        if panel["graph"]["lines"]:
            text.append(graph_words(panel["graph"]))
        rows = "".join(
            f"<tr><td>{_esc(b['text'])}</td><td>{b['value']}</td>"
            f"<td>{' and '.join(w for w in ('played', 'best') if b[w])}</td></tr>"
            for b in panel["bars"]
        )
        html += f"<p>{_esc(panel['words'])}</p>" + graph_html(panel["graph"])
        if rows:
            html += (
                f"<table><caption>{_esc(panel['bars_note'])}</caption><thead><tr><th>move</th>"
                f"<th>expected points</th><th>which</th></tr></thead><tbody>{rows}</tbody></table>"
            )
            text.append(panel["bars_note"])
            text += [
                f"  {b['text']}: {b['value']}"
                + (" (played)" if b["played"] else "")
                + (" (best)" if b["best"] else "")
                for b in panel["bars"]
            ]
        data = {**data, **pictures, "text/html": html, "text/plain": "\n".join(text)}
        return data, {**metadata, **words}

    # -- intents --------------------------------------------------------------------------

    def _stale_words(self) -> str:
        return (
            "That click was for an earlier move, so it was ignored; "
            f"the board shows move {self.move} of {self.total}"
        )

    @handles("goto", "move", stamp="none")
    def _on_goto(self, content: Mapping[str, Any]) -> bool:
        # An absolute move number means the same from any view: no stamp (a slider's drag).
        move = content.get("move")
        if not is_whole(move) or not 1 <= move <= self.total:
            return self._refuse(f"There is no move {shown(move)}: moves go from 1 to {self.total}")
        if move == self.move:
            return False
        self.goto(move)
        return True

    @handles("step", "to")
    def _on_step(self, content: Mapping[str, Any]) -> bool:
        to = content.get("to")
        target = self._target(to)
        if target is None:
            return self._refuse("The widget received a step it does not know")
        if not target:
            where = {
                "first": "This is the first move",
                "back": "This is the first move",
                "next": "This is the last move",
                "last": "This is the last move",
                "previous_mistake": "There is no earlier mistake to show",
                "next_mistake": "There is no later mistake to show",
            }
            return self._refuse(where[str(to)])
        self._index = target - 1
        self._redraw()
        return True

    @handles("seat", "value", stamp="none")
    def _on_seat(self, content: Mapping[str, Any]) -> bool:
        value = content.get("value")
        if value is not None and (not is_whole(value) or not 0 <= value < self._players):
            return self._refuse(f"Seats go from 0 to {self._players - 1}")
        self.seat = value
        return True

    @handles("hands_open", "value", stamp="none")
    def _on_hands_open(self, content: Mapping[str, Any]) -> bool:
        if not isinstance(content.get("value"), bool):
            return self._refuse("Hands open is either on or off")
        self.hands_open = content["value"]
        return True

    @handles("board", "width", "height", stamp="none")
    def _on_board(self, content: Mapping[str, Any]) -> bool:
        aspect = board_aspect(content.get("width"), content.get("height"))
        if aspect is None:
            return self._refuse("The board's size did not come through; the table keeps its shape")
        if self._aspect is None or abs(aspect - self._aspect) > 0.05:
            self._aspect = aspect  # every round is laid again, to the board's shape
            self._redraw(same_move=True)
        return False

    # -- inside ---------------------------------------------------------------------------

    def _target(self, to: object) -> int | None:
        """The move number a step goes to; 0 when there is none that way; None: no such step."""
        if not isinstance(to, str) or to not in STEPS:
            return None
        n, total = self.move, self.total
        if to in ("first", "back"):
            want = 1 if to == "first" else n - 1
            return want if 1 <= want < n else 0
        if to in ("next", "last"):
            want = total if to == "last" else n + 1
            return want if n < want <= total else 0
        panel = self.view["review"] if self.view else None
        key = "next_mistake" if to == "next_mistake" else "previous_mistake"
        found = panel[key] if panel else None
        return int(found) if found else 0

    def _check_move(self, move: object) -> int:
        move = plain_whole(move)  # a cell of the review's tables is NumPy's
        if not is_whole(move) or not 1 <= move <= len(self._steps):
            raise WidgetError(
                f"move is a move number from 1 to {len(self._steps)} in this game, "
                f"got {shown(move)}"
            )
        return move

    def _step_of(self, round_no: object, move: object) -> int:
        """The index of move ``move`` of round ``round_no`` among the game's moves."""
        round_no, move = plain_whole(round_no), plain_whole(move)
        rounds = self._steps[-1].round_no
        if not is_whole(round_no) or not 1 <= round_no <= rounds:
            raise WidgetError(
                f"round_no is a round from 1 to {rounds} in this game, got {shown(round_no)}"
            )
        found = [
            i
            for i, s in enumerate(self._steps)
            if is_whole(move) and (s.round_no, s.move_no) == (round_no, move)
        ]
        if not found:
            last = max(s.move_no for s in self._steps if s.round_no == round_no)
            raise WidgetError(
                f"move is a move number from 1 to {last} in round {round_no}, got {shown(move)}"
            )
        return found[0]

    def _check_seat(self, seat: object) -> int | None:
        if seat is None:
            return None
        seat = plain_whole(seat)
        if not is_whole(seat) or not 0 <= seat < self._players:
            raise WidgetError(
                f"seat is a seat number from 0 to {self._players - 1}, or None for the seat "
                f"that moved; got {shown(seat)}"
            )
        return seat

    def _name(self, seat: int) -> str:
        return self._review.starts[0].names[seat]

    def _say(self, text: str) -> None:
        self.message = sentence(text) if text else ""

    def _laid_at(self, rnd: Round) -> list[TilePlacement]:
        """The table of ``rnd`` as laid out (a tile never moves once laid, so the table at
        each move is a beginning of the round's final one)."""
        laid = LaidTable() if self._aspect is None else LaidTable(self._aspect)
        return laid.of(rnd)

    def _redraw(self, *, same_move: bool = False) -> None:
        """Build the view again: a new stamp (a step clicked on the view before is refused),
        or the same stamp when only the board's shape changed (a click made while the board
        settles still counts)."""
        if not hasattr(self, "_version"):
            return
        if not same_move:
            self._version += 1
        self.view = cast("dict[str, Any]", self._build_view())

    def _build_view(self) -> View:
        step = self._steps[self._index]
        rnd = self.round
        seat = step.seat if self._seat is None else self._seat
        obs = rnd.observation(seat)
        laid = self._laid_at(rnd)
        row = step.row
        table = None if row is None else self._review.tables[row]
        reviewed = [int(s) for s in self._review.summary.index]
        panel = review_panel(
            graph=graph_panel(
                self._outlook,
                total=len(self._steps),
                starts=[s_i + 1 for s_i, s in enumerate(self._steps) if s.move_no == 1][1:],
                seats=reviewed if self._open or self._seat is None else [seat],
                index=self._index,
                hands_open=self._open,
                verdicts=self._verdicts,
            ),
            most_tiles=self._most_tiles,
            steps=self._steps,
            index=self._index,
            moves=self._review.moves,
            table=table,
            rnd=rnd,
            obs=obs,
            laid=laid,
            seat=seat,
            follow=self._seat is None,
            hands_open=self._open,
            rounds=len(self._review.starts),
        )
        controls = Controls(
            version=self._version,
            seat=seat,
            humans=frozenset(),
            kinds=tuple("player" for _ in range(rnd.players)),
            waiting="other",
            auto_ms=None,
            next_label="",
            status=panel["short"] + ".",
            can_undo=False,
            allow_undo=False,
        )
        view = build_view(rnd, None, obs, laid, controls)
        rounds = len(self._review.starts)
        view["where"] = f"Review of round {step.round_no} of {rounds}, move {step.move_no}."
        view["title"] = f"Chicken Foot review: round {step.round_no}, move {step.move_no}"
        view["last_words"] = ""
        view["review"] = panel  # type: ignore[typeddict-unknown-key]
        return view


def _steps(review: Review) -> list[Step]:
    """Every move of the reviewed game, in order, with the seat that made it and its row."""
    rows = {
        (int(r), int(k)): i
        for i, (r, k) in enumerate(
            zip(review.moves["round"], review.moves["move_number"], strict=True)
        )
    }
    return [
        Step(r, k, seat, move, rows.get((r, k)))
        for r, (moves, seats) in enumerate(zip(review.played, review.movers, strict=True), start=1)
        for k, (move, seat) in enumerate(zip(moves, seats, strict=True), start=1)
    ]


def _most_tiles(review: Review) -> int:
    """The most tiles any hand holds at any move of the reviewed game, counted from the hands'
    sizes as dealt and the public moves (a draw adds a tile, a tile played takes one)."""
    most = 0
    for start, moves, movers in zip(review.starts, review.played, review.movers, strict=True):
        sizes = [len(h) for h in start.hands]
        most = max(most, *sizes)
        for move, seat in zip(moves, movers, strict=True):
            made = Move.parse(move)
            if made.kind == "draw":
                sizes[seat] += 1
                most = max(most, sizes[seat])
            elif made.tile is not None:
                sizes[seat] -= 1
    return most


def _esc(text: str) -> str:
    import html

    return html.escape(text, quote=True)
