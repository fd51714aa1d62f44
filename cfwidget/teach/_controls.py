"""Answer controls: answer a lesson's exercise by clicking, in Jupyter and in Voila.

:func:`answer` shows an exercise's question with a way to answer it that needs no
code: tiles to pick (each drawn as a small picture with its name), one button per
option or player, or a box per number; then **Check**, **Hint** and **Solution**
buttons and one line that says what the exercise says (read out by screen readers).
The exercise itself judges every answer, so the control can never disagree with
``q.check(...)``; hints come graded, as ``q.hint()`` gives them.

>>> from cfwidget import teach
>>> q = teach.what_to_do(teach.position("no-nine"))
>>> box = answer(q)
>>> box.option("draw").value = True
>>> box.check_button.click()
>>> box.message
'Correct! Ann has no tile that fits, so Ann draws one from the chicken yard.'
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets as t

from .._shared import shown
from ..table import tile_svg
from ._answers import Exercise, Feedback
from ._errors import LessonError
from ._progress import Progress
from ._signin import SignIn

__all__ = ["AnswerControl", "FeedbackLine", "answer"]

#: Buttons are at least this tall, so a finger or a shaky hand can hit them.
BUTTON_HEIGHT = "44px"
#: The answer for "no tile" / "nowhere" among tiles to pick.
NONE_LABEL = "None of these"

# How to give an answer by clicking, said when Check is pressed with nothing chosen.
_HOW = {
    "tiles": f"pick the tiles (or {NONE_LABEL})",
    "tile": "pick a tile",
    "move": "pick a move",
    "choice": "pick an answer",
    "name": "pick a name",
    "number": "type a number in the box",
}

# A live line of plain text: the element stays in place and only its text changes, so
# screen readers announce each new message (role=status is polite).
_FEEDBACK_ESM = """
export default {
  render({ model, el }) {
    const line = document.createElement("p");
    line.className = "cfw-feedback";
    line.setAttribute("role", "status");
    line.setAttribute("aria-live", "polite");
    const show = () => {
      line.textContent = model.get("text");
      line.dataset.status = model.get("status");
    };
    model.on("change:text", show);
    model.on("change:status", show);
    show();
    el.appendChild(line);
  },
};
"""
_FEEDBACK_CSS = """
.cfw-feedback { margin: 6px 0; min-height: 1.4em; font-size: 1.05em; line-height: 1.4; }
.cfw-feedback[data-status="correct"] { color: #1b5e20; font-weight: bold; }
.cfw-feedback[data-status="not yet"] { color: #8a3b00; }
"""


class FeedbackLine(anywidget.AnyWidget):
    """One line of plain text with ``role="status"``: what the exercise said last."""

    _esm = _FEEDBACK_ESM
    _css = _FEEDBACK_CSS
    text = t.Unicode("").tag(sync=True)
    status = t.Unicode("").tag(sync=True)


def _button(label: str, tooltip: str) -> widgets.Button:
    return widgets.Button(
        description=label,
        tooltip=tooltip,
        layout=widgets.Layout(
            height=BUTTON_HEIGHT, min_width="96px", width="auto", margin="0 8px 4px 0"
        ),
    )


def _toggle(label: str, tooltip: str) -> widgets.ToggleButton:
    return widgets.ToggleButton(
        value=False,
        description=label,
        tooltip=tooltip,
        layout=widgets.Layout(
            height=BUTTON_HEIGHT, min_width="64px", width="auto", margin="0 8px 4px 0"
        ),
    )


class AnswerControl(widgets.VBox):  # type: ignore[misc]
    """The question, a way to answer it by clicking, Check / Hint / Solution, and the verdict.

    Made by :func:`answer`. ``options`` holds the toggle buttons (one per tile, option
    or name, in the exercise's order), ``boxes`` the number boxes; ``message`` is the
    text the feedback line shows.
    """

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The control, and for a notebook read without a kernel the question in words."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/plain"] = self.words()
        return bundle

    def words(self) -> str:
        """The question and its choices as text (what a saved notebook shows without a kernel).

        >>> from cfwidget import teach
        >>> print(answer(teach.what_to_do(teach.position("drawn"))).words())
        ... # doctest: +ELLIPSIS
        Question: What must ... do now? Choices: play, draw, pass. ...
        """
        choices = ", ".join(self.exercise.choices)
        parts = [f"Question: {self.exercise.question}"]
        if choices:
            parts.append(f"Choices: {choices}.")
        parts.append("Answer with the buttons once the notebook runs (Check, Hint, Solution).")
        return " ".join(parts)

    def __init__(
        self, exercise: Exercise, *, progress: Progress | SignIn | None = None, lesson: str = ""
    ) -> None:
        self.exercise = exercise
        self.progress = progress
        self.lesson = lesson
        if isinstance(progress, SignIn):
            progress.follow(exercise)
        self.options: dict[str, widgets.ToggleButton] = {}
        self.none_toggle: widgets.ToggleButton | None = None
        self.boxes: dict[str, widgets.Text] = {}
        self._busy = False
        kind = exercise.kind
        self.single = kind != "tiles"

        question = widgets.HTML(
            f'<p class="cfw-question"><strong>{html.escape(exercise.question)}</strong></p>'
        )
        picker = self._picker()
        self.check_button = _button("Check", "Check your answer")
        self.hint_button = _button("Hint", "Show the next hint")
        self.solution_button = _button("Solution", "Show the answer and why")
        self.check_button.button_style = "primary"
        self.check_button.on_click(lambda _: self.check())
        self.hint_button.on_click(lambda _: self.hint())
        self.solution_button.on_click(lambda _: self.solution())
        self.feedback = FeedbackLine()
        buttons = widgets.HBox(
            [self.check_button, self.hint_button, self.solution_button],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        super().__init__(
            [question, picker, buttons, self.feedback],
            layout=widgets.Layout(margin="8px 0"),
        )
        self.add_class("cfw-answer")

    # -- the ways to answer ------------------------------------------------------------

    def _picker(self) -> widgets.Widget:
        ex = self.exercise
        if ex.kind in ("tiles", "tile") and ex.choices:
            cards = []
            for name in ex.choices:
                button = self._add_option(name, f"Tile {name}")
                picture = widgets.HTML(tile_svg(name, width=30))
                cards.append(
                    widgets.VBox(
                        [picture, button],
                        layout=widgets.Layout(align_items="center", margin="0 4px 4px 0"),
                    )
                )
            if ex.kind == "tiles":
                self.none_toggle = _toggle(NONE_LABEL, "No tile: the answer is none")
                self.none_toggle.observe(self._none_changed, "value")
                cards.append(
                    widgets.VBox(
                        [self.none_toggle],
                        layout=widgets.Layout(justify_content="flex-end", margin="0 4px 4px 0"),
                    )
                )
            return widgets.HBox(cards, layout=widgets.Layout(flex_flow="row wrap"))
        if ex.kind == "number" or not ex.choices:
            names = ex.choices if ex.kind == "number" and ex.choices else ("",)
            rows = []
            for name in names:
                box = widgets.Text(
                    value="",
                    placeholder="a number, like 12" if ex.kind == "number" else "your answer",
                    description=name,
                    layout=widgets.Layout(height=BUTTON_HEIGHT, width="16em"),
                )
                if not name:
                    box.description = "Answer"
                self.boxes[name] = box
                rows.append(box)
            return widgets.VBox(rows)
        buttons = [self._add_option(name, name) for name in ex.choices]
        return widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))

    def _add_option(self, name: str, tooltip: str) -> widgets.ToggleButton:
        button = _toggle(name, tooltip)
        button.observe(self._option_changed(name), "value")
        self.options[name] = button
        return button

    def _option_changed(self, name: str) -> Callable[[dict[str, object]], None]:
        def changed(change: dict[str, object]) -> None:
            button = self.options[name]
            button.icon = "check" if change["new"] else ""
            if not change["new"] or self._busy:
                return
            self._busy = True  # one choice at a time where one answer is asked for
            try:
                if self.single:
                    for other, b in self.options.items():
                        if other != name:
                            b.value = False
                if self.none_toggle is not None:
                    self.none_toggle.value = False
            finally:
                self._busy = False

        return changed

    def _none_changed(self, change: dict[str, object]) -> None:
        if self.none_toggle is not None:
            self.none_toggle.icon = "check" if change["new"] else ""
        if not change["new"] or self._busy:
            return
        self._busy = True
        try:
            for b in self.options.values():
                b.value = False
        finally:
            self._busy = False

    def chosen(self) -> object:
        """The answer as picked or typed, as the exercise reads it; ``None`` when nothing is."""
        if self.options:
            picked = [name for name, b in self.options.items() if b.value]
            if self.none_toggle is not None and self.none_toggle.value:
                return []
            if not picked:
                return None
            return picked if self.exercise.kind == "tiles" else picked[0]
        texts = [box.value.strip() for box in self.boxes.values()]
        if not any(texts):
            return None
        return texts if len(texts) > 1 else texts[0]

    def option(self, name: str) -> widgets.ToggleButton:
        """The toggle button for ``name`` (a tile, option or player), or ``NONE_LABEL``."""
        if name == NONE_LABEL and self.none_toggle is not None:
            return self.none_toggle
        if name not in self.options:
            raise LessonError(
                f"{shown(name)} is not one of this exercise's buttons; "
                f"they are {', '.join(self.options) or 'none (it asks for a number)'}."
            )
        return self.options[name]

    # -- Check, Hint, Solution ---------------------------------------------------------

    @property
    def message(self) -> str:
        """What the feedback line says now."""
        return str(self.feedback.text)

    def check(self) -> Feedback:
        """Check what is chosen; with nothing chosen, say how to answer by clicking."""
        given = self.chosen()
        if given is None:
            self.exercise.check()  # counted as "not attempted", as a check with no answer
            kind = self.exercise.kind
            how = _HOW[kind] if (self.options or kind == "number") else "type your answer"
            if kind == "number" and len(self.boxes) > 1:
                how = "type a score for each player"
            said = Feedback("not attempted", f"Not attempted: {how}, then press Check.")
        else:
            said = self.exercise.check(given)
        return self._say(said)

    def hint(self) -> Feedback:
        """The next graded hint (after the last one, the solution)."""
        return self._say(_quietly(self.exercise.hint))

    def solution(self) -> Feedback:
        """The answer and why."""
        return self._say(_quietly(self.exercise.solution))

    def _say(self, said: Feedback) -> Feedback:
        text = said.message
        if self.progress is not None:
            try:
                if isinstance(self.progress, SignIn):
                    self.progress.record(self.exercise)
                else:
                    self.progress.record_exercise(self.exercise, self.lesson)
            except (ValueError, OSError) as exc:
                text += f" (Your progress could not be saved: {exc})"
        self.feedback.status = said.status
        self.feedback.text = text
        return said

    def __repr__(self) -> str:
        return f"<answer control: {self.exercise.question} ({self.exercise.status})>"


def _quietly(show: Callable[[], Feedback]) -> Feedback:
    """Run ``q.hint`` or ``q.solution`` without their own display in Jupyter: the line shows it."""
    from IPython.utils.capture import capture_output

    with capture_output():
        return show()


def answer(
    exercise: Exercise, *, progress: Progress | SignIn | None = None, lesson: str = ""
) -> AnswerControl:
    """A control to answer ``exercise`` by clicking: pick, then Check; Hint; Solution.

    With ``progress`` (a :class:`Progress`), every check, hint and solution viewed is
    recorded under ``lesson`` (like ``"03"``) as it happens. With the lesson's
    :func:`~cfwidget.teach.sign_in` box instead, they are recorded once the learner
    has signed in, under the box's lesson.

    >>> from cfwidget import teach
    >>> box = answer(teach.which_tiles(teach.position("spokes")))
    >>> sorted(box.options)[:3], box.option("9-7").description
    (['1-0', '3-0', '4-3'], '9-7')
    >>> box.check().message
    'Not attempted: pick the tiles (or None of these), then press Check.'
    """
    if not isinstance(exercise, Exercise):
        raise LessonError(
            f"answer() needs an exercise from the lesson, like answer(teach.which_tiles(rnd)); "
            f"got {shown(exercise)}"
        )
    if progress is not None and not isinstance(progress, (Progress, SignIn)):
        raise LessonError(
            "progress must be the lesson's sign-in box (teach.sign_in('03')) or a student's "
            f"Progress, like teach.Progress('Ann'); got {shown(progress)}"
        )
    if not isinstance(lesson, str) or len(lesson) > 80:
        raise LessonError(f"The lesson must be a short text, like '03'; got {shown(lesson)}.")
    if isinstance(progress, SignIn) and not lesson.strip():
        lesson = progress.lesson
    if progress is not None and not lesson.strip():
        raise LessonError(
            "To record progress, name the lesson too, like answer(q, progress=p, lesson='03')."
        )
    return AnswerControl(exercise, progress=progress, lesson=lesson.strip())
