"""Learn from your mistakes: a reviewed game's flagged moves, solved again at the table.

:class:`MistakesWidget` shows the mistakes of one seat that ``cfwidget.teach.mistakes`` made
from a review, one at a time: the table just before the move, from that chair, with the
student's tiles to play as in the game widget (mouse or keyboard), and beside it the question
("find a better move"), Hint (which ends, then which tile), Show why (the solution and the
line of play) and the feedback in words. Every rule and every check stays in Python: a move
played on the table is sent as the game widget sends it, and the exercise judges it; the
exercise records the attempt, so a lesson's sign-in saves it in the progress file.

The front end is the farmyard's modules with the mistakes panel (``js/mistakes.js``), bundled
in ``static/farmyard.js``. The panel's state is the synced ``drill`` trait (the question, the
feedback, the hints shown, the line of play once shown); the browser sends ``mistake_hint``,
``mistake_why`` and ``mistake_goto`` intents besides the game widget's ``play``, ``draw``
and ``pass``.

The widget reads the mistakes through a small protocol (:class:`Drill`), so it needs nothing
from ``cfwidget.teach`` but what it is given.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, cast

import traitlets as t

from .._shared import is_whole, plain_whole, shown
from ..core import SAYING_LAST, Move, Round
from ..table import PALETTE, TilePlacement, render_svg
from ._args import check_palette, unknown_args
from ._board import LaidTable, board_aspect
from ._errors import WidgetError
from ._farmyard import Farmyard, check_display, front_end, shipped
from ._intents import handles
from ._saved import saved_pictures
from ._view import Controls, View, build_view, sentence

__all__ = ["Drill", "MistakesWidget"]


class _Said(Protocol):
    status: str
    message: str


class _Exercise(Protocol):
    question: str
    hints: tuple[str, ...]
    hints_seen: int
    status: str
    watchers: list[Callable[[Any], None]]
    attempts: list[object]

    @property
    def solved(self) -> bool: ...
    def check(self, answer: object = ...) -> _Said: ...
    def hint(self) -> _Said: ...
    def solution(self) -> _Said: ...


class Drill(Protocol):
    """What the widget reads of one mistake (``cfwidget.teach.Mistake`` has it all)."""

    round_no: int
    move_number: int
    seat: int
    name: str
    played: Move
    verdict: str
    loss: float
    position: Round
    exercise: _Exercise

    def why(self) -> str: ...


class MistakesWidget(Farmyard):
    """One seat's flagged moves to solve again, at the table, one at a time.

    - ``drills``: the mistakes, as ``cfwidget.teach.mistakes(review, seat)`` gives them
      (with ``progress=`` the lesson's sign-in, each attempt is saved);
    - ``index``: the mistake shown first (from 0);
    - ``display``, ``large``, ``palette``: how tiles look, as in the GameWidget.

    :meth:`goto` shows another mistake; :meth:`play`, :meth:`hint` and :meth:`why` do what
    the table, Hint and Show why do in the browser.
    """

    _esm = front_end("farmyard")
    # The farmyard's look and the panel's (mistakes.css), as one style sheet (anywidget takes
    # the text as well as a path).
    _css = cast(
        "Any",
        "\n".join(shipped(name) for name in ("widget.css", "mistakes.css")),
    )

    #: The panel: the question, the feedback, the hints shown, the line of play once shown.
    drill = t.Dict().tag(sync=True)

    def __init__(
        self,
        drills: Sequence[Drill],
        *,
        index: int = 0,
        display: str = "pips",
        large: bool = False,
        palette: Sequence[str] | None = None,
        **kwargs: object,
    ) -> None:
        if kwargs:
            raise TypeError(unknown_args(MistakesWidget, kwargs))
        items = list(drills) if isinstance(drills, Sequence) else None
        if not items or not all(_is_drill(d) for d in items):
            raise WidgetError(
                "drills are the mistakes to solve, like cfwidget.teach.mistakes(review, seat=0), "
                f"with at least one; got {shown(drills)}"
            )
        self._drills = items
        self._index = self._check_index(index)
        display = check_display(display)
        if not isinstance(large, bool):
            raise WidgetError(f"large is True or False, got {shown(large)}")
        colours = list(PALETTE) if palette is None else check_palette(palette)
        self._aspect: float | None = None
        self._version = 1
        # The last feedback per mistake, with the attempts counted when it was given.
        self._said: dict[int, tuple[int, str]] = {}
        self._shown_why: dict[int, str] = {}  # the solution and line of play, once shown
        super().__init__(view=self._build_view(), display=display, large=large, palette=colours)
        self.drill = self._panel()
        self.on_msg(self._on_msg)
        # An answer written in a notebook cell (drills[0].exercise.check(...)) shows here too.
        # The exercises hold the widget weakly, and let go of it when it is closed.
        self._watch = _weakly(self)
        for item in items:
            item.exercise.watchers.append(self._watch)

    # -- what it shows -----------------------------------------------------------------

    @property
    def index(self) -> int:
        """The mistake shown, from 0."""
        return self._index

    @property
    def total(self) -> int:
        """How many mistakes there are to solve."""
        return len(self._drills)

    @property
    def current(self) -> Drill:
        """The mistake shown."""
        return self._drills[self._index]

    @property
    def version(self) -> int:
        """The stamp of the mistake shown; ``play`` intents must carry it (it changes only
        when another mistake is shown)."""
        return self._version

    def goto(self, index: int) -> MistakesWidget:
        """Show mistake ``index`` (from 0); returns the widget."""
        self._index = self._check_index(index)
        self._redraw(new_position=True)
        return self

    def play(self, move: Move | str) -> str:
        """Answer with ``move`` (as a move played on the table would); returns the feedback."""
        if not isinstance(move, (Move, str)):
            raise WidgetError(f"move is a move like '8-5@8-6' or 'draw'; got {shown(move)}")
        exercise = self.current.exercise
        said = exercise.check(str(move))
        self._said[self._index] = (len(exercise.attempts), said.message)
        self._redraw_panel()
        return said.message

    def hint(self) -> str:
        """The next hint (after the last, the solution and the line of play)."""
        exercise = self.current.exercise
        if exercise.hints_seen >= len(exercise.hints):
            return self.why()
        said = exercise.hint()
        self._redraw_panel()
        return said.message

    def why(self) -> str:
        """The solution and the line of play that shows why."""
        said = self.current.exercise.solution()
        self._shown_why[self._index] = said.message
        self._redraw_panel()
        return said.message

    def to_svg(self, **options: Any) -> str:
        """The table of the mistake shown as a picture, the end of the move played ringed."""
        drill = self.current
        laid = self._laid(drill.position)
        played = drill.played
        options.setdefault("mode", self.display)
        options.setdefault(
            "title", f"Learn from your mistakes: round {drill.round_no}, move {drill.move_number}"
        )
        if played.onto is not None:
            options.setdefault("highlight", [played.onto])
            options.setdefault("caption", f"Blue ring: where {drill.name} played {played.tile}.")
        return render_svg(laid, **options)

    def __repr__(self) -> str:
        drill = self.current
        return (
            f"<MistakesWidget mistake {self._index + 1} of {self.total}: {drill.name}, round "
            f"{drill.round_no}, move {drill.move_number}, {drill.exercise.status}>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The live widget, plus (for saved notebooks) the table as a picture and the
        question, the hints shown and the feedback as text."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        pictures, words = saved_pictures(
            self._laid(self.current.position), lambda scale: self.to_svg(scale=scale)
        )
        panel = self.drill
        lines = [repr(self), panel["question"], *panel["hints"]]
        if panel["feedback"]:
            lines.append(panel["feedback"])
        html = pictures.get("text/html", "") + "".join(f"<p>{_esc(x)}</p>" for x in lines[1:])
        data = {**data, **pictures, "text/html": html, "text/plain": "\n".join(lines)}
        return data, {**metadata, **words}

    # -- intents ---------------------------------------------------------------------------

    def _stale_words(self) -> str:
        return (
            "That click was for an earlier view, so it was ignored; the board shows "
            f"mistake {self._index + 1} of {self.total}"
        )

    @handles("play", "move")
    def _on_play(self, content: Mapping[str, Any]) -> bool:
        self.play(str(content["move"]))
        return True

    @handles("draw")
    def _on_draw(self, content: Mapping[str, Any]) -> bool:
        self.play("draw")
        return True

    @handles("pass")
    def _on_pass(self, content: Mapping[str, Any]) -> bool:
        self.play("pass")
        return True

    @handles("mistake_hint", "version", stamp="none")
    def _on_hint(self, content: Mapping[str, Any]) -> bool:
        if content.get("version") != self._version:
            return False
        self.hint()
        return True

    @handles("mistake_why", "version", stamp="none")
    def _on_why(self, content: Mapping[str, Any]) -> bool:
        if content.get("version") != self._version:
            return False
        self.why()
        return True

    @handles("mistake_goto", "index", stamp="none")
    def _on_goto(self, content: Mapping[str, Any]) -> bool:
        index = content.get("index")
        if not is_whole(index) or not 0 <= index < self.total:
            return self._refuse(
                f"There is no mistake {shown(index)}: they go from 0 to {self.total - 1}"
            )
        if index == self._index:
            return False
        self.goto(index)
        return True

    @handles("board", "width", "height", stamp="none")
    def _on_board(self, content: Mapping[str, Any]) -> bool:
        aspect = board_aspect(content.get("width"), content.get("height"))
        if aspect is None:
            return self._refuse("The board's size did not come through; the table keeps its shape")
        if self._aspect is None or abs(aspect - self._aspect) > 0.05:
            self._aspect = aspect
            self._redraw()
        return False

    # -- inside ----------------------------------------------------------------------------

    def _check_index(self, index: object) -> int:
        index = plain_whole(index)
        if not is_whole(index) or not 0 <= index < len(self._drills):
            raise WidgetError(
                f"index is a mistake's number from 0 to {len(self._drills) - 1}, got {shown(index)}"
            )
        return index

    def _say(self, text: str) -> None:
        self.message = sentence(text) if text else ""

    def _laid(self, rnd: Round) -> list[TilePlacement]:
        laid = LaidTable() if self._aspect is None else LaidTable(self._aspect)
        return laid.of(rnd)

    def _redraw(self, *, new_position: bool = False) -> None:
        """Draw the table again: another mistake (a new stamp: a click meant for the one
        before is refused), or the same one laid out again for the board's shape (the same
        stamp: a move played while the board settles still counts)."""
        if not hasattr(self, "_version"):
            return
        if new_position:
            self._version += 1
        self.view = cast("dict[str, Any]", self._build_view())
        self._redraw_panel()

    def _redraw_panel(self) -> None:
        self.drill = self._panel()

    def _on_answer(self, exercise: object) -> None:
        """One of its exercises noted an event (an answer, a hint): the panel shows where
        they stand (the solved marks cover them all)."""
        self._redraw_panel()

    def close(self) -> None:
        """Close the widget; its exercises stop telling it of their answers."""
        watch = getattr(self, "_watch", None)  # None: its building stopped at a bad argument
        for item in getattr(self, "_drills", ()) if watch is not None else ():
            if watch in item.exercise.watchers:
                item.exercise.watchers.remove(watch)
        super().close()

    def _panel(self) -> dict[str, Any]:
        """The ``drill`` trait: what the panel beside the table shows."""
        drill = self.current
        exercise = drill.exercise
        attempts, feedback = self._said.get(self._index, (-1, ""))
        if attempts != len(exercise.attempts):
            feedback = ""  # answered since in a notebook cell: that cell shows what it said
        return {
            "version": self._version,
            "index": self._index,
            "total": self.total,
            "title": f"Mistake {self._index + 1} of {self.total}",  # the question says where
            "question": exercise.question,
            "status": "correct" if exercise.solved else exercise.status,
            "feedback": feedback,
            "hints": [
                f"Hint {n + 1} of {len(exercise.hints)}: {text}"
                for n, text in enumerate(exercise.hints[: exercise.hints_seen])
            ],
            "hints_left": len(exercise.hints) - exercise.hints_seen,
            "why": self._shown_why.get(self._index, ""),
            "solved": [d.exercise.solved for d in self._drills],
        }

    def _build_view(self) -> View:
        drill = self.current
        rnd = drill.position.copy()
        seat = drill.seat
        obs = rnd.observation(seat)
        laid = self._laid(rnd)
        controls = Controls(
            version=self._version,
            seat=seat,
            humans=frozenset({seat}),
            kinds=tuple("you" if s == seat else "player" for s in range(rnd.players)),
            waiting="you",
            auto_ms=None,
            next_label="",
            status=f"Find a better move than {_doing(drill.played)}.",
            can_undo=False,
            allow_undo=False,
        )
        view = build_view(rnd, None, obs, laid, controls)
        view["title"] = (
            f"Learn from your mistakes: round {drill.round_no}, move {drill.move_number}"
        )
        view["where"] = f"Seen from {drill.name}'s chair, just before the move."
        return view


def _weakly(widget: MistakesWidget) -> Callable[[object], None]:
    """A watcher that tells ``widget`` of an exercise's event while the widget lives."""
    ref = weakref.ref(widget)

    def tell(exercise: object) -> None:
        found = ref()
        if found is not None:
            found._on_answer(exercise)

    return tell


def _doing(move: Move) -> str:
    """``"8-0 on 9-0"``, ``"drawing"``, ``"passing"``: the move flagged, for the status line."""
    if move.is_play:
        return f"{move.tile} on {move.onto}" + (SAYING_LAST if move.announce else "")
    return "drawing" if move.kind == "draw" else "passing"


def _is_drill(item: object) -> bool:
    exercise = getattr(item, "exercise", None)
    return (
        isinstance(getattr(item, "position", None), Round)
        and isinstance(getattr(item, "played", None), Move)
        and callable(getattr(exercise, "check", None))
        and callable(getattr(item, "why", None))
    )


def _esc(text: str) -> str:
    import html

    return html.escape(text, quote=True)
