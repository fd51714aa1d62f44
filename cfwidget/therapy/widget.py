"""The guided-play widget: the farmyard with cues, gentle errors and therapist controls.

:class:`GuidedSession` is a :class:`~cfwidget.widget.GameWidget` whose every
intent goes through a :class:`~cfwidget.therapy.session.Session`, so each
attempt, cue and move is in the journal before the screen changes. It adds
three intents to the widget's table (``cue_tick``, ``confirm`` and ``try``: a tap on a
tile that fits nowhere, or on a table tile that is not a target of the chosen tile,
recorded as a try that was not allowed), and its view fills the ``cue`` section (ends
to ring, a prompt, the tiles that fit, a move to show, OK to place it together) and a
``guided`` section (errorless, speech, sound, paused, when the cue rises next, whether
the hand may show which tiles fit: only from cue level 3).

>>> from cfwidget.therapy.settings import SessionSettings
>>> s = Session(SessionSettings(seed=4, cue_start=2), client="AB12", clock=lambda: 0.0)
>>> w = GuidedSession(s)
>>> w.view["cue"]["prompt"], w.view["cue"]["ends"], w.view["guided"]["show_fit"]
('Look for a tile with a 6.', ['6-6'], False)
>>> w.handle_intent({"kind": "try", "tile": "5-5", "version": w.version})
False
>>> w.message, w.view["cue"]["level"], s.events[-1]["prevented"]
("That one waits for later. Let's find one that fits.", 3, True)
"""

from __future__ import annotations

import html
import threading
from collections.abc import Mapping
from typing import Any

import ipywidgets as ipw

from .._shared import name_in_text, shown
from ..core import Observation, Round
from ..widget import CHOOSE_ANY, GameWidget, View, Waiting, handles, targets_everywhere, your_turn
from ._errors import SessionError
from .levels import held
from .session import Session
from .settings import ASSIST_SCALES, CUE_LEVELS, name_warning

__all__ = [
    "BUTTON_COLOURS",
    "GUIDED_INTENTS",
    "NOTES_DELAY",
    "TOUCH",
    "GuidedSession",
    "readable",
    "therapist_controls",
    "touch_button",
]

#: Button colours that white text reads on at WCAG AA contrast (at least 4.5:1): the theme's
#: own success and warning colours (#388e3c and #f57c00) fall short with white text.
BUTTON_COLOURS = {"success": "#2e7d32", "warning": "#a34a00", "info": "#0b57d0"}


def readable(button: ipw.Button) -> ipw.Button:
    """``button`` with white text on a background from :data:`BUTTON_COLOURS` for its style.

    >>> readable(ipw.Button(description="Go", button_style="success")).style.button_color
    '#2e7d32'
    """
    colour = BUTTON_COLOURS.get(button.button_style)
    if colour is not None:
        button.style.button_color = colour
        button.style.text_color = "#ffffff"
    return button


def touch_button(description: str, *, wide: bool = False, **options: Any) -> ipw.Button:
    """A :func:`readable` button as big as a fingertip (:data:`TOUCH`); ``wide``: as wide as
    its words."""
    size = {"width": "auto", **TOUCH} if wide else TOUCH
    return readable(ipw.Button(description=description, layout=ipw.Layout(**size), **options))


class GuidedSession(GameWidget):
    """Play a guided session (see the module text); ``session`` holds the record."""

    def __init__(self, session: Session, **kwargs: object) -> None:
        if kwargs:
            raise TypeError(f"GuidedSession takes only a Session, got {', '.join(sorted(kwargs))}")
        if not isinstance(session, Session):
            raise SessionError(
                "session must be a cf.Session, like cf.Session(client='AB12'); "
                f"got {shown(session)}"
            )
        self.session = session
        self._turn_seen: tuple[object, int] = (None, 0)  # the turn on screen, its first view
        st = session.settings
        super().__init__(
            session.game,
            humans=session.people,
            bots=session.bots,
            seat=0,
            pace=st.pace,
            display=st.display,
            large=st.large,
            allow_undo=st.client_undo,
        )

    # -- intents --------------------------------------------------------------------------

    @handles("cue_tick", stamp="quiet")
    def _on_cue_tick(self, content: Mapping[str, Any]) -> bool:
        """The view's timer: the wait is over, so the cue may rise a level."""
        self.session.tick()
        self.refresh(force=True)
        return False

    @handles("confirm", stamp="quiet")
    def _on_confirm(self, content: Mapping[str, Any]) -> bool:
        """OK at the top cue level: the move shown is made together."""
        out = self.session.confirm()
        self._say(out.message)
        self.refresh(force=True)
        return out.accepted

    @handles("try", "tile", "onto")
    def _on_try(self, content: Mapping[str, Any]) -> bool:
        """A tap on a tile that fits nowhere, or on a wrong place: a try that is recorded."""
        tile, onto = content.get("tile"), content.get("onto")
        if not isinstance(tile, str) or not (onto is None or isinstance(onto, str)):
            return self._refuse("The try named no tile")
        s = self.session
        if s.ended or s.paused:
            return self._refuse("The session has ended" if s.ended else "The session is paused")
        if self._round.turn != self._seat or self._seat not in s.people:
            return self._refuse(f"It is {self._name(self._round.turn)}'s turn")
        out = s.attempt(f"{tile}@{onto}") if onto else s.try_tile(tile)
        self._say(out.message)
        self.refresh(force=True)
        return out.accepted

    def _out_of_date(self, content: Mapping[str, Any]) -> bool | None:
        """A tap made during the same turn is a try, however quickly it follows another.

        Each try redraws the view, so a second tap sent before the new view arrived carries
        the version before it; a try of the turn on screen (a tile tapped, or a Draw or Pass
        the rules refuse now) is still recorded (every try counts), while a move that would
        be made, sent from an earlier view, is refused as usual (a doubled click).
        """
        version = content.get("version")
        turn, since = self._turn_seen
        kind = content.get("kind")
        done = self._last_done  # something was done from that view: a doubled click
        wrong = (
            kind in ("draw", "pass")
            and self._round.refusal(str(kind)) is not None
            and (done is None or done[0] != version)
        )
        if (
            (kind == "try" or wrong)  # a legal Draw or Pass sent twice stays refused
            and isinstance(version, int)
            and turn is not None
            and turn == self._turn_key()
            and since <= version <= self.version
        ):
            seat = content.get("seat", self._seat)
            if seat == self._seat:
                return None
        return super()._out_of_date(content)

    def _turn_key(self) -> object:
        cur = getattr(self, "session", None)
        current = cur._current if cur is not None else None
        return None if current is None else (current["seat"], current["t"], current.get("n"))

    def _play(self, text: str) -> bool:
        s = self.session
        if s.ended or s.paused or self._round.turn not in s.people:
            return (
                super()._play(text)
                if not (s.ended or s.paused)
                else self._refuse("The session has ended" if s.ended else "The session is paused")
            )
        out = s.attempt(text)
        self._say(out.message)
        self.refresh(force=True)
        return out.accepted

    def _next(self) -> bool:
        s = self.session
        if s.paused:
            return self._refuse("The session is paused")
        if self._round.is_over:
            if not s.next_round():
                return self._refuse("The game is over" if self.session.game.is_over else "")
        elif not s.bot_step():
            return self._refuse(your_turn(self._round.observation(self._round.turn)))
        self._say("")
        self.refresh(force=True)
        return True

    def _undo(self, therapist: bool = False) -> bool:
        """The client's Undo follows the widget's rule (its own last turn, until anyone else
        moves: :mod:`cfwidget.widget._flow`); the therapist can always take back a turn."""
        if not therapist:
            count, reason = self._undo_span()
            if not count:
                return self._refuse(reason)
        done = self.session.undo()
        self._say("" if done else self.session.message)
        self.refresh(force=True)
        return done

    def _new_game(self) -> bool:
        """A session plays one game: its record holds that game only, so New game is not
        offered (the therapist starts another session for another game)."""
        return self._refuse("This session's game is over. A new game starts with a new session")

    # -- therapist actions (also used by the controls) ---------------------------------------

    def pause(self) -> None:
        """Pause: bots wait and cues stop rising."""
        self.session.pause()
        self.refresh(force=True)

    def carry_on(self) -> None:
        """End the pause."""
        self.session.carry_on()
        self.refresh(force=True)

    def take_back(self) -> bool:
        """Take back the last person's turn (and the bot moves after it): the therapist's tool.

        The client's own Undo takes back only its last turn before anyone else moves, so it
        never puts a tile the client saw a bot play back into the bot's hand.
        """
        return self._undo(therapist=True)

    def set_cue(self, level: int) -> None:
        """Set this turn's cue level (0 to 4)."""
        self.session.set_cue(level)
        self.refresh(force=True)

    def end(
        self, assist: str | None = None, notes: str = "", plan: str = "", *, anyway: bool = False
    ) -> None:
        """End the session: the assist level (``None``: not rated), notes and the plan.

        Notes or a plan that seem to hold a name are refused unless ``anyway``
        (see :meth:`Session.end <cfwidget.therapy.Session.end>`).
        """
        self.session.end(assist, notes, plan, anyway=anyway)
        self.refresh(force=True)

    # -- the view --------------------------------------------------------------------------

    def _fingerprint(self) -> tuple[object, ...]:
        # The session's events, but for the client's device connecting or dropping (a line
        # of the record that changes nothing on screen: a tap sent just before it still counts).
        s = getattr(self, "session", None)
        return (*super()._fingerprint(), s and len(s.events) - s.device_lines)

    def _waiting(self, rnd: Round) -> tuple[Waiting, int | None, str]:
        s = getattr(self, "session", None)
        if s is not None and (s.paused or s.ended):
            return ("paused" if s.paused else "game-over"), None, ""
        return super()._waiting(rnd)

    def _status(self, rnd: Round, obs: Observation, waiting: Waiting) -> str:
        s = self.session
        if s.ended:
            return "The session has ended. Thank you!"
        if waiting == "paused":
            return "Paused. Take your time."
        if waiting == "you" and len(s.people) > 1:
            return f"{name_in_text(rnd.names[rnd.turn])}'s turn."
        if waiting == "you" and obs.drawn is not None and s.level() < 3:
            return f"You drew {obs.drawn}."  # not whether it fits: that is level 3's help
        return super()._status(rnd, obs, waiting)

    def _build_view(self) -> View:
        s = self.session
        rnd = self._round
        key = self._turn_key()
        if key != self._turn_seen[0]:
            self._turn_seen = (key, self.version)
        if len(s.people) > 1 and not rnd.is_over and rnd.turn in s.people:
            self._seat = rnd.turn  # two people share one screen: show whose turn it is
        view = super()._build_view()
        st = s.settings
        cue = s.cue() if not (s.paused or s.ended) else s.cue_for_level(0)
        due = s.next_cue_at()
        wait_ms = None if due is None else max(250, round((due - s._clock()) * 1000) + 150)
        shown = cue.shown
        view["cue"] = {
            "level": cue.level,
            "label": CUE_LEVELS[cue.level],
            "ends": list(cue.ends),
            "prompt": held(cue.prompt, self.help_level),
            "move": cue.move,
            "tile": str(shown.tile) if shown and shown.tile else None,
            "onto": str(shown.onto) if shown and shown.onto else None,
            "confirm": cue.confirm,
            "tiles": list(cue.tiles),
        }
        level = self.help_level
        show_fit = level >= 3 or not view["playing"]
        if view["playing"] and not show_fit:
            # Below cue level 3 the screen does not tell what fits: Draw and Pass are both
            # offered (one pressed wrongly is refused by the engine and recorded as an
            # error), and a tile picked shows every open end, not only those it fits.
            view["can_draw"] = view["can_pass"] = True
            targets_everywhere(
                view["hand"], self._round.observation(self._seat), self._laid.of(rnd)
            )
        if level < 2:  # the double to fill (the front end draws nothing of it)
            view["forced"], view["needed"] = None, 0
        # Every sentence says only what the level allows (cfwidget.therapy.levels).
        view["status"] = held(view["status"], level)
        view["rule"] = held(view["rule"], level)
        view["can_new_game"] = False  # one game per session: see _new_game
        view["open_words"] = held(view["open_words"], level)  # read with the board
        if view["playing"] and not show_fit:
            view["idle_words"] = CHOOSE_ANY  # the line under the board: not what fits
        view["idle_words"] = held(view["idle_words"], level)
        view["guided"] = {
            "errorless": st.errorless,
            "speech": st.speech,
            "sound": st.sound,
            "paused": s.paused,
            "ended": s.ended,
            "wait_ms": wait_ms,
            "turns": len(s.turns),
            "show_fit": show_fit,
        }
        for item in view["hand"]:
            if not show_fit:
                item["hint"] = ""  # below cue level 3 the hand does not tell which tiles fit
            elif st.errorless and not item["targets"] and view["playing"]:
                item["hint"] = "waits for a later turn"
            item["hint"] = held(item["hint"], level)
        return view

    @property
    def help_level(self) -> int:
        """The cue level the screen's words are held to (:mod:`cfwidget.therapy.levels`).

        On a person's turn it is the cue level now; between turns (a bot's turn, the end
        of a round), the level the shown person's next turn starts at.
        """
        s = self.session
        if s._current is not None:
            return s.level()
        ladder = None if self._seat is None else s._ladders.get(self._seat)
        return ladder.base if ladder is not None else 0

    def refresh(self, force: bool = False) -> None:
        """Redraw; a message said at a higher level is held to the level now, if lower."""
        super().refresh(force)
        if self.message:
            self.message = held(self.message, self.help_level)

    def _say(self, text: str) -> None:
        """Every message is held to the level, like the rest of the screen."""
        super()._say(held(text, self.help_level))

    def __repr__(self) -> str:
        return f"<GuidedSession {self.session!r}>"


#: Therapist buttons are touch targets like the client's: at least 44 px each way.
TOUCH = {"min_height": "44px", "min_width": "44px"}
#: Seconds of quiet typing after which the notes are saved.
NOTES_DELAY = 1.5


def therapist_controls(w: GuidedSession) -> ipw.VBox:
    """Pause, take back, the cue level now, notes saved as typed, the end with assist and plan.

    The cue buttons show the live level; pressing one, even the one shown, applies it and
    records it at once. Notes are saved a moment after typing stops (or held back, with a
    warning, while they seem to contain a name, until "Save anyway"); they are a draft
    beside the record until End session writes them into it. End session waits while the
    notes or the plan seem to hold a name that was not kept with "Save anyway".
    """
    pause = ipw.ToggleButton(
        description="Pause", icon="pause", tooltip="Pause the session", layout=ipw.Layout(**TOUCH)
    )
    undo = touch_button("Take back", icon="undo", tooltip="Take back the client's last turn")
    cue_buttons = [
        ipw.Button(
            description=str(i),
            tooltip=f"Cue level {i}: {name}",
            layout=ipw.Layout(width="auto", margin="2px 1px 2px 0", **TOUCH),
        )
        for i, name in enumerate(CUE_LEVELS)
    ]
    # One line each (the label, the five buttons, the level in words): as compact in a
    # narrow column beside the game as in a wide row under it.
    full = {"flex": "1 0 100%"}
    cue_now = ipw.HTML(layout=ipw.Layout(**full))
    cue = ipw.HBox(
        [ipw.HTML("<b>Cue now</b>", layout=ipw.Layout(**full)), *cue_buttons, cue_now],
        layout=ipw.Layout(flex_flow="row wrap", align_items="center"),
    )
    cue.add_class("cfw-cue-control")
    fit = {"width": "100%", "max_width": "36em"}
    words = {"description_width": "3.5em"}  # Notes, Plan and Assist in one column
    assist = ipw.Dropdown(
        options=[
            ("not rated", None),
            *[(a, a) for a in ASSIST_SCALES[w.session.settings.assist_scale]],
        ],
        value=None,
        description="Assist",
        style=words,
        layout=ipw.Layout(flex="1 1 10em", min_width="0"),
    )
    notes = ipw.Textarea(
        value=w.session.typed_notes,  # a resumed session's notes come back to go on with
        placeholder="Observations (no names, please)",
        description="Notes",
        style=words,
        layout=ipw.Layout(**fit),
    )
    notes_state = ipw.HTML()
    earlier = w.session.earlier_notes
    kept = ipw.HTML(
        "<p><small>Notes already in the record (the notes above add to them):</small><br>"
        f"<span style='white-space: pre-wrap'>{html.escape(earlier)}</span></p>"
        if earlier
        else ""
    )
    kept.add_class("cfw-earlier-notes")
    save_anyway = touch_button("Save anyway")
    save_anyway.layout.display = "none"
    plan = ipw.Textarea(
        placeholder="Plan for next time", description="Plan", style=words, layout=ipw.Layout(**fit)
    )
    end = touch_button("End session", button_style="warning", icon="stop")
    said = ipw.HTML()
    timer: list[threading.Timer] = []
    confirmed: dict[str, str] = {}  # the texts kept with Save anyway after a warning

    def show_level(_: object = None) -> None:
        level = w.session.level()
        for i, b in enumerate(cue_buttons):
            b.button_style = "info" if i == level else ""
            if i == level:
                readable(b)
            else:
                b.style.button_color = None
                b.style.text_color = None
        cue_now.value = f"<span>now {level}: {html.escape(CUE_LEVELS[level])}</span>"

    def on_pause(change: Mapping[str, Any]) -> None:
        if change["new"]:
            w.pause()
        else:
            w.carry_on()
        pause.description = "Carry on" if change["new"] else "Pause"

    def on_cue(level: int) -> None:
        if not w.session.ended:
            w.set_cue(level)
            show_level()

    def warning_now() -> str | None:
        """A name warning for the notes or the plan, unless kept with Save anyway."""
        for key, area in (("notes", notes), ("plan", plan)):
            if confirmed.get(key) != area.value and (warning := name_warning(area.value)):
                return warning
        return None

    def save_notes(force: bool = False) -> None:
        if force:  # the therapist read the warning and keeps the text as it is
            confirmed.update(notes=notes.value, plan=plan.value)
        text = notes.value
        warning = None if confirmed.get("notes") == text else name_warning(text)
        if warning:
            notes_state.value = f"<p role='alert'>{html.escape(warning)} Not saved yet.</p>"
            save_anyway.layout.display = ""
            return
        if not w.session.ended:
            w.session.save_notes(text, anyway=True)  # checked just above
        save_anyway.layout.display = "none"
        notes_state.value = "<small>Notes saved.</small>"

    def on_notes(_: object) -> None:
        for t in timer:
            t.cancel()
        timer.clear()
        notes_state.value = "<small>Saving soon...</small>"
        t = threading.Timer(NOTES_DELAY, save_notes)
        t.daemon = True
        timer.append(t)
        t.start()

    def on_end(_: object) -> None:
        for t in timer:
            t.cancel()
        warning = warning_now()
        if warning:  # nothing is written until the name is out or kept on purpose
            notes_state.value = (
                f"<p role='alert'>{html.escape(warning)} Take it out, or press Save anyway,"
                " then End session.</p>"
            )
            save_anyway.layout.display = ""
            return
        w.end(assist.value, notes.value, plan.value, anyway=True)
        for control in (pause, undo, end, assist, notes, plan, save_anyway, *cue_buttons):
            control.disabled = True
        rated = assist.value or "not rated"
        said.value = (
            f"<p>The session has ended (assist: {html.escape(rated)}); its record is saved.</p>"
        )

    pause.observe(on_pause, names="value")
    for i, b in enumerate(cue_buttons):
        b.on_click(lambda _, level=i: on_cue(level))
    undo.on_click(lambda _: w.take_back())
    notes.observe(on_notes, names="value")
    save_anyway.on_click(lambda _: save_notes(force=True))
    end.on_click(on_end)
    w.observe(show_level, names="view")
    show_level()
    for button in (pause, undo, end, save_anyway):
        button.layout.width = "auto"  # as wide as its words, not a fixed 148 px
    wrap = {"flex_flow": "row wrap", "align_items": "center"}
    box = ipw.VBox(
        [
            ipw.HBox([pause, undo], layout=ipw.Layout(**wrap)),
            cue,
            notes,
            ipw.HBox([notes_state, save_anyway], layout=ipw.Layout(**wrap)),
            plan,
            ipw.HBox([assist, end], layout=ipw.Layout(**wrap)),
            said,
            kept,  # last, so the controls above keep their places
        ],
        layout=ipw.Layout(border="1px solid #999", padding="4px"),
    )
    box.add_class("cfw-therapist")
    return box


#: The intents guided play adds, each with the fields it may carry.
GUIDED_INTENTS: Mapping[str, frozenset[str]] = {
    kind: handler.fields
    for kind, handler in GuidedSession.intents.items()
    if kind not in GameWidget.intents
}
