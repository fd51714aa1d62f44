"""Signing in to a lesson: a box for the learner's name or class code, no code to write.

A lesson shows :func:`sign_in` once, near its top, and passes it to every
:func:`~cfwidget.teach.answer`. Until the learner types a name or code and presses
**Save my answers**, nothing is written anywhere. From then on every check, hint and
solution of the lesson's exercises is saved in the learner's progress file as it happens
(see :class:`~cfwidget.teach.Progress`), whether given with the buttons or typed as
``q.check(...)``, including what they did before signing in.

It works the same in Jupyter and in Voila, where the code is hidden.

>>> import tempfile
>>> from cfwidget import teach
>>> me = sign_in("01", folder=tempfile.mkdtemp())
>>> me.progress is None
True
>>> box = teach.answer(teach.who_wins(teach.sheet("zero-rounds"), key="who"), progress=me)
>>> box.hint_button.click()  # before signing in: kept, and saved once signed in
>>> me.name_box.value = "S07"
>>> me.save_button.click()
>>> me.progress.student, me.message.startswith("Saving the answers of S07")
('S07', True)
>>> [(s.exercise, s.hints) for s in me.progress.summary()]
[('who', 1)]
"""

from __future__ import annotations

import html
import os
from typing import Any

import ipywidgets as widgets

from .._shared import shown
from ._errors import LessonError
from ._progress import Progress, check_student

__all__ = ["SignIn", "sign_in"]

#: Buttons and the name box are at least this tall (an easy target for a finger).
_HEIGHT = "44px"
#: The button's colours: white on this blue reads at 6.4:1 (WCAG AA asks 4.5:1). The themes'
#: own "info" blues (#0288d1 in JupyterLab, #0097a7 in Voila) give white text 3.5 to 3.9:1.
BUTTON_COLOUR = "#0b57d0"
TEXT_COLOUR = "#ffffff"


class SignIn(widgets.VBox):  # type: ignore[misc]
    """The learner's name or code for one lesson, and the progress file it opens.

    Made by :func:`sign_in`. ``progress`` is ``None`` until the learner signs in;
    ``message`` is what the status line says.
    """

    def __init__(self, lesson: str, folder: str | os.PathLike[str] | None = None) -> None:
        self.lesson = lesson
        self.folder = folder
        self.progress: Progress | None = None
        self._exercises: list[Any] = []
        self.name_box = widgets.Text(
            placeholder="your name or class code, like S07",
            description="Your name or code:",
            style={"description_width": "initial"},
            layout=widgets.Layout(height=_HEIGHT, width="auto", min_width="18em"),
        )
        self.save_button = widgets.Button(
            description="Save my answers",
            tooltip="Start saving your answers in this lesson to a file you can hand in",
            button_style="info",
            style=widgets.ButtonStyle(button_color=BUTTON_COLOUR, text_color=TEXT_COLOUR),
            layout=widgets.Layout(height=_HEIGHT, width="auto", margin="0 0 0 8px"),
        )
        self.save_button.on_click(lambda _: self.save())
        self.status = widgets.HTML(self._line("Nothing is saved until you press the button."))
        super().__init__(
            [
                widgets.HBox(
                    [self.name_box, self.save_button],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.status,
            ],
            layout=widgets.Layout(margin="8px 0"),
        )
        self.add_class("cfw-sign-in")

    @staticmethod
    def _line(text: str) -> str:
        return f'<p class="cfw-sign-in-status" role="status">{html.escape(text)}</p>'

    @property
    def message(self) -> str:
        """What the status line says now, as plain text."""
        text = str(self.status.value)
        return html.unescape(text.split(">", 1)[1].rsplit("<", 1)[0])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The box, and for a notebook read without a kernel what it is for, in words."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/plain"] = (
                "Sign in: once the notebook runs, type your name or class code and press "
                "Save my answers, to keep a file of your answers to hand in."
            )
        return bundle

    def follow(self, exercise: object) -> None:
        """Keep an exercise of this lesson: all it does is saved once the learner signs in.

        Signed in, each check, hint or solution is saved as it happens, whether given with
        the buttons or typed as ``q.check(...)``.
        """
        if all(e is not exercise for e in self._exercises):
            self._exercises.append(exercise)
            watchers = getattr(exercise, "watchers", None)
            if isinstance(watchers, list):
                watchers.append(self._saw)

    def _saw(self, exercise: object) -> None:
        """An exercise did something: save it, and say so plainly if that fails."""
        if self.progress is None:
            return
        try:
            self.progress.record_exercise(exercise, self.lesson)
        except (ValueError, OSError) as exc:
            self.status.value = self._line(f"Your last answer could not be saved: {exc}")

    def save(self) -> Progress | None:
        """Sign in with the typed name: open the progress file and save the lesson so far."""
        try:
            student = check_student(self.name_box.value)
            progress = Progress(student, self.folder)
            for exercise in self._exercises:
                progress.record_exercise(exercise, self.lesson)
        except LessonError as exc:
            self.status.value = self._line(f"Not saved: {exc}")
            return self.progress
        except OSError as exc:
            self.status.value = self._line(f"Not saved: the file could not be written ({exc}).")
            return self.progress
        self.progress = progress
        self.status.value = self._line(
            f"Saving the answers of {student} in this lesson to {progress.path.name} "
            f"(in the folder {progress.folder}). Hand in that file at the end."
        )
        return progress

    def record(self, exercise: object) -> None:
        """Save what ``exercise`` did since last time, if the learner has signed in."""
        self.follow(exercise)
        if self.progress is not None:
            self.progress.record_exercise(exercise, self.lesson)

    def __repr__(self) -> str:
        who = self.progress.student if self.progress is not None else "nobody yet"
        return f"<sign-in for lesson {self.lesson}: {who}>"


def sign_in(lesson: str, *, folder: str | os.PathLike[str] | None = None) -> SignIn:
    """A box where the learner types a name or class code to save their answers.

    ``lesson`` names the lesson in the progress file (like ``"03"``); ``folder``
    defaults to the ``progress`` folder next to the notebook (see
    :func:`~cfwidget.teach.Progress`).

    >>> sign_in("03").progress is None
    True
    """
    if not isinstance(lesson, str) or not lesson.strip() or len(lesson) > 80:
        raise LessonError(f"The lesson must be a short text, like '03'; got {shown(lesson)}.")
    return SignIn(lesson.strip(), folder)
