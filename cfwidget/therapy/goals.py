"""Goals a therapist can measure, kept per client code beside the session records.

A :class:`Goal` reads like a goal in a care plan: *"plays a matching tile with
a cue of level 1 or less in 80% of trials over 3 sessions"*. It is measured on
each session as the share of trials done right at the first try with the cue
in force at that response no higher than its level; it is *met* when each of the last ``sessions``
sessions reaches its share. Sessions without trials are left out (nothing to measure).

The goal's *baseline* is its share over the first sessions with trials taken together,
once there are at least :data:`BASELINE_SESSIONS` (3) of them holding at least
:data:`BASELINE_TRIALS` (20) trials in all; before that it is "not yet established", so
one short first session (4 trials at 100%) is never a baseline.

Goals live in ``<folder>/<client>.goals.json`` (a JSON list), written atomically
and readable only by their owner.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> goal = set_goal(folder, "AB12", Goal("plays a matching tile", max_cue=1, share=0.8,
...                                      sessions=3))
>>> goal.id, [g.text for g in load_goals(folder, "AB12")]
('g1', ['plays a matching tile'])
>>> print(goal)
plays a matching tile (with a cue of level 1 or less, in 80% of trials, 3 sessions in a row)
"""

from __future__ import annotations

import json
import os
import re
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._shared import is_number, plural, private_folder, shown, whole_in, write_private
from ._errors import SessionError, SettingsError
from .report import as_log, by_date, check_seat, date_labels
from .sessionlog import SessionLog
from .settings import check_client

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "BASELINE_SESSIONS",
    "BASELINE_TRIALS",
    "GOALS_SUFFIX",
    "Baseline",
    "Goal",
    "GoalPoint",
    "GoalProgress",
    "baseline",
    "goal_chart",
    "goal_progress",
    "goals_path",
    "load_goals",
    "remove_goal",
    "save_goals",
    "session_share",
    "set_goal",
]

#: The goals file of a client: ``<client>.goals.json`` beside the records.
GOALS_SUFFIX = ".goals.json"
_FIELDS = ("id", "text", "max_cue", "share", "sessions")
_ID = re.compile(r"[A-Za-z0-9_-]{1,24}")
MAX_TEXT = 300
MAX_SESSIONS = 20
#: A baseline needs at least this many sessions with trials...
BASELINE_SESSIONS = 3
#: ... holding at least this many trials in all.
BASELINE_TRIALS = 20


@dataclass(frozen=True)
class Goal:
    """A measurable goal (every value is checked; see the module text).

    - ``text``: what the client does, in plain language (3 to 300 characters);
    - ``max_cue``: the highest cue level that still counts, 0 (no cue) to 4;
    - ``share``: the share of trials to reach, above 0 and at most 1 (80% is 0.8);
    - ``sessions``: in how many sessions in a row, 1 to 20;
    - ``id``: a short name for the goal (given by :func:`set_goal` when empty).

    >>> Goal("plays a matching tile", share=80)
    Traceback (most recent call last):
    ...
    cfwidget.SettingsError: a goal's share of trials is a fraction above 0 and at most 1 ...
    """

    text: str
    max_cue: int = 1
    share: float = 0.8
    sessions: int = 3
    id: str = ""

    def __post_init__(self) -> None:
        text = self.text
        if not isinstance(text, str) or not 3 <= len(" ".join(text.split())) <= MAX_TEXT:
            raise SettingsError(
                f"a goal is a sentence of 3 to {MAX_TEXT} characters saying what the client "
                f"does, like 'plays a matching tile'; got {shown(text, 40)}"
            )
        object.__setattr__(self, "text", " ".join(text.split()))
        cue = self.max_cue
        if not whole_in(cue, 0, 4):
            raise SettingsError(
                "a goal's highest cue that still counts is a level from 0 (no cue) to 4 "
                f"(place it together); got {shown(cue, 30)}"
            )
        share = self.share
        if not is_number(share, finite=True) or not 0 < share <= 1:
            raise SettingsError(
                "a goal's share of trials is a fraction above 0 and at most 1 (80% is 0.8); "
                f"got {shown(share, 30)}"
            )
        object.__setattr__(self, "share", float(share))
        n = self.sessions
        if not whole_in(n, 1, MAX_SESSIONS):
            raise SettingsError(
                f"a goal's number of sessions in a row is a whole number from 1 to "
                f"{MAX_SESSIONS}; got {shown(n, 30)}"
            )
        if not isinstance(self.id, str) or (self.id and not _ID.fullmatch(self.id)):
            raise SettingsError(
                "a goal's id is 1 to 24 letters, digits, '-' or '_' (or empty to be given "
                f"one); got {shown(self.id, 30)}"
            )

    @property
    def percent(self) -> str:
        """The share as a percentage.

        >>> Goal("plays a tile", share=0.825).percent
        '82.5%'
        """
        return f"{self.share * 100:g}%"

    def criterion(self) -> str:
        """How the goal is measured, in words.

        >>> Goal("scans to the left", max_cue=0, share=0.75, sessions=1).criterion()
        'with no cue, in 75% of trials, in 1 session'
        """
        cue = "with no cue" if self.max_cue == 0 else f"with a cue of level {self.max_cue} or less"
        runs = "in 1 session" if self.sessions == 1 else f"{self.sessions} sessions in a row"
        return f"{cue}, in {self.percent} of trials, {runs}"

    def __str__(self) -> str:
        return f"{self.text} ({self.criterion()})"

    def to_dict(self) -> dict[str, Any]:
        """The goal as a JSON-ready dict (the goals file's form)."""
        return {k: getattr(self, k) for k in _FIELDS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Goal:
        """A goal from :meth:`to_dict`; unknown or missing fields are an error.

        >>> Goal.from_dict({"text": "plays a tile", "max_cues": 1})
        Traceback (most recent call last):
        ...
        cfwidget.SettingsError: a goal has no field 'max_cues'; its fields are ...
        """
        if not isinstance(data, Mapping):
            raise SettingsError(f"a goal is a JSON object of {', '.join(_FIELDS)}")
        extra = sorted(str(k) for k in data if k not in _FIELDS)
        if extra:
            raise SettingsError(
                f"a goal has no field {', '.join(map(repr, extra))}; "
                f"its fields are {', '.join(_FIELDS)}"
            )
        if "text" not in data:
            raise SettingsError("a goal needs its 'text': what the client does")
        return cls(**{k: data[k] for k in _FIELDS if k in data})


# -- the goals file -----------------------------------------------------------------------------


def goals_path(folder: str | os.PathLike[str], client: str) -> Path:
    """Where a client's goals live: ``<folder>/<client>.goals.json``.

    >>> goals_path("records", "AB12").name
    'AB12.goals.json'
    """
    return Path(folder) / f"{check_client(client)}{GOALS_SUFFIX}"


def load_goals(folder: str | os.PathLike[str], client: str) -> list[Goal]:
    """A client's goals, in the order they were set (no file: no goals yet).

    A damaged file raises :class:`~cfwidget.SessionError` naming it and what is wrong.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> load_goals(folder, "AB12")
    []
    >>> _ = (folder / "AB12.goals.json").write_text('[{"text": "plays a tile", "share": 8}]')
    >>> load_goals(folder, "AB12")
    Traceback (most recent call last):
    ...
    cfwidget.SessionError: the goals file ... is damaged: goal 1: a goal's share of trials ...
    """
    path = goals_path(folder, client)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []

    def damaged(what: str) -> SessionError:
        return SessionError(
            f"the goals file {path} is damaged: {what}. Fix it in a text editor or move it "
            "aside and set the goals again (the session records are not affected)"
        )

    try:
        value = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise damaged("it is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise damaged(f"it is not JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(value, list):
        raise damaged(
            f"it holds {type(value).__name__ if value is not None else 'null'}, not a list of goals"
        )
    goals: list[Goal] = []
    for number, item in enumerate(value, 1):
        try:
            goal = Goal.from_dict(item)
        except SettingsError as exc:
            raise damaged(f"goal {number}: {exc}") from None
        if goal.id and any(g.id == goal.id for g in goals):
            raise damaged(f"goal {number} has the same id {goal.id!r} as an earlier goal")
        goals.append(goal)
    return goals


def save_goals(folder: str | os.PathLike[str], client: str, goals: Sequence[Goal]) -> Path:
    """Write a client's whole list of goals (goals without an id are given one).

    The file is replaced atomically and is readable only by its owner (0600); the
    folder is made (0700) if needed.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> _ = save_goals(folder, "AB12", [Goal("plays a tile"), Goal("waits for a turn")])
    >>> [g.id for g in load_goals(folder, "AB12")]
    ['g1', 'g2']
    """
    path = goals_path(folder, client)
    if (
        not isinstance(goals, Sequence)
        or isinstance(goals, str)
        or not all(isinstance(g, Goal) for g in goals)
    ):
        raise SettingsError(
            f"goals are a list of Goal values, like [Goal('waits for a turn')]; "
            f"got {shown(goals, 40)}"
        )
    named = _with_ids(goals)
    ids = [g.id for g in named]
    if len(set(ids)) < len(ids):
        raise SettingsError(f"two goals have the same id: {', '.join(ids)}; each needs its own")
    private_folder(path.parent)
    text = json.dumps([g.to_dict() for g in named], indent=2, ensure_ascii=False) + "\n"
    return write_private(path, text)


def _with_ids(goals: Sequence[Goal]) -> list[Goal]:
    used = {g.id for g in goals if g.id}
    numbers = [int(i[1:]) for i in used if re.fullmatch(r"g\d{1,6}", i)]
    next_number = max(numbers, default=0) + 1
    named = []
    for g in goals:
        if not g.id:
            g = replace(g, id=f"g{next_number}")
            next_number += 1
        named.append(g)
    return named


def set_goal(folder: str | os.PathLike[str], client: str, goal: Goal) -> Goal:
    """Add a goal, or replace the one with the same id, else the one with the same text
    (any case; it keeps its id unless ``goal`` brings one). Returns the goal as saved.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> set_goal(folder, "AB12", Goal("waits for a turn")).id
    'g1'
    >>> set_goal(folder, "AB12", Goal("Waits for a turn", share=0.9)).share   # replaced
    0.9
    >>> len(load_goals(folder, "AB12"))
    1
    """
    if not isinstance(goal, Goal):
        raise SettingsError(
            f"a goal is a Goal, like Goal('plays a matching tile'); got {shown(goal, 40)}"
        )
    goals = load_goals(folder, client)
    by_id = [i for i, g in enumerate(goals) if goal.id and g.id == goal.id]
    by_text = [i for i, g in enumerate(goals) if g.text.casefold() == goal.text.casefold()]
    if by_id or by_text:
        same = (by_id or by_text)[0]
        goals[same] = goal if goal.id else replace(goal, id=goals[same].id)
    else:
        goals.append(goal)
        same = len(goals) - 1
    saved = _with_ids(goals)
    save_goals(folder, client, saved)
    return saved[same]


def remove_goal(folder: str | os.PathLike[str], client: str, which: str) -> Goal:
    """Remove the goal with this id (or this text); returns it. No such goal is an error.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> _ = set_goal(folder, "AB12", Goal("plays a tile"))
    >>> remove_goal(folder, "AB12", "g1").text, load_goals(folder, "AB12")
    ('plays a tile', [])
    """
    goals = load_goals(folder, client)
    key = " ".join(str(which).split()).casefold()
    for i, g in enumerate(goals):
        if g.id.casefold() == key or g.text.casefold() == key:
            del goals[i]
            save_goals(folder, client, goals)
            return g
    known = "; ".join(f"{g.id}: {g.text}" for g in goals) or "none yet"
    raise SettingsError(f"no goal {shown(which, 40)} for {client}; the goals are: {known}")


# -- measuring ----------------------------------------------------------------------------------


def session_share(log: SessionLog | Any, goal: Goal, seat: int = 0) -> tuple[int, int]:
    """``(right, trials)``: trials done right at the first try with a cue no higher than the
    goal's level, and all trials (a turn taken back and its replay are one trial, whose
    first try stays the first try made; a trial open at the end counts).

    >>> turn = {"event": "turn", "t": 5, "round": 1, "seat": 0, "started": 0, "options": 2,
    ...         "response": 5, "refused": 0, "move": "6-4@6-6"}
    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-06-05"},
    ...                               dict(turn, turn=1, cue=0), dict(turn, turn=2, cue=3)])
    >>> session_share(log, Goal("plays a tile", max_cue=1))
    (1, 2)
    """
    trials = [t for t in as_log(log).seat_trials(check_seat(seat)) if t["choice"]]
    right = sum(1 for t in trials if t["first_try"] and t["cue"] <= goal.max_cue)
    return right, len(trials)


@dataclass(frozen=True)
class GoalPoint:
    """A goal measured on one session: ``right`` of ``trials``, and whether it reached the share."""

    date: str
    right: int
    trials: int
    reached: bool

    @property
    def share(self) -> float | None:
        """``right / trials`` (``None``: no trials)."""
        return self.right / self.trials if self.trials else None

    @property
    def percent(self) -> int | None:
        """The share as a whole percentage, rounded down (79.6% is 79%, never 80%)."""
        return 100 * self.right // self.trials if self.trials else None


@dataclass(frozen=True)
class Baseline:
    """A goal's baseline: its share over the first sessions with trials, taken together
    until there are :data:`BASELINE_SESSIONS` of them with :data:`BASELINE_TRIALS` trials
    in all (``established``); before that, what there is so far.

    >>> b = Baseline(right=3, trials=4, dates=("2024-06-05",), established=False)
    >>> b.percent
    75
    >>> b.words()
    'baseline not yet established (it needs 3 sessions and 20 trials; so far 1 session, 4 trials)'
    """

    right: int
    trials: int
    dates: tuple[str, ...]
    established: bool

    @property
    def percent(self) -> int | None:
        """The share as a whole percentage, rounded down (``None``: no trials)."""
        return 100 * self.right // self.trials if self.trials else None

    def words(self) -> str:
        """The baseline as the page says it."""
        if not self.established:
            return (
                f"baseline not yet established (it needs {BASELINE_SESSIONS} sessions and "
                f"{BASELINE_TRIALS} trials; so far {plural(len(self.dates), 'session')}, "
                f"{plural(self.trials, 'trial')})"
            )
        span = self.dates[0] if len(self.dates) == 1 else f"{self.dates[0]} to {self.dates[-1]}"
        return (
            f"baseline {self.percent}% ({self.right} of {self.trials} trials, "
            f"{len(self.dates)} sessions, {span})"
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: established or not, the share, and which sessions made it."""
        return {
            "established": self.established,
            "percent": self.percent if self.established else None,
            "right": self.right,
            "trials": self.trials,
            "sessions": list(self.dates),
            "rule": f"at least {BASELINE_SESSIONS} sessions and {BASELINE_TRIALS} trials",
        }


def baseline(points: Iterable[GoalPoint]) -> Baseline:
    """The baseline of a goal's points in date order (see :class:`Baseline`).

    >>> days = [("05-01", 4, 4), ("05-08", 0, 0), ("05-15", 6, 10), ("05-22", 5, 8),
    ...         ("05-29", 9, 9)]
    >>> pts = [GoalPoint(d, r, n, False) for d, r, n in days]
    >>> baseline(pts).words()
    'baseline 68% (15 of 22 trials, 3 sessions, 05-01 to 05-22)'
    """
    right = trials = 0
    dates: list[str] = []
    for p in points:
        if not p.trials:
            continue
        right, trials = right + p.right, trials + p.trials
        dates.append(p.date)
        if len(dates) >= BASELINE_SESSIONS and trials >= BASELINE_TRIALS:
            return Baseline(right, trials, tuple(dates), True)
    return Baseline(right, trials, tuple(dates), False)


@dataclass(frozen=True)
class GoalProgress:
    """A goal across sessions in date order: each session's point, met or not, and in words."""

    goal: Goal
    points: tuple[GoalPoint, ...]
    met: bool
    status: str

    @property
    def baseline(self) -> Baseline:
        """The goal's baseline over these sessions (see :class:`Baseline`)."""
        return baseline(self.points)

    @property
    def last(self) -> GoalPoint | None:
        """The latest session's point (``None``: no sessions)."""
        return self.points[-1] if self.points else None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the goal, met, the status text, the baseline and each session's
        figures."""
        return {
            **self.goal.to_dict(),
            "met": self.met,
            "status": self.status,
            "baseline": self.baseline.to_dict(),
            "sessions_measured": [
                {"date": p.date, "right": p.right, "trials": p.trials, "reached": p.reached}
                for p in self.points
            ],
        }


def goal_progress(goal: Goal, logs: Iterable[SessionLog | Any], seat: int = 0) -> GoalProgress:
    """Measure a goal on each session (put in date order) and say whether it is met.

    >>> def session(date, right, wrong):
    ...     turn = {"event": "turn", "t": 1, "round": 1, "seat": 0, "started": 0,
    ...             "options": 2, "response": 5, "cue": 0, "move": "6-4@6-6"}
    ...     turns = [dict(turn, turn=i + 1, refused=int(i >= right)) for i in range(right + wrong)]
    ...     return SessionLog.from_events([{"event": "start", "t": 0, "date": date}, *turns])
    >>> goal = Goal("plays a matching tile", max_cue=1, share=0.8, sessions=3)
    >>> logs = [session("2024-06-12", 9, 1), session("2024-05-29", 4, 1),
    ...         session("2024-06-05", 5, 1)]
    >>> goal_progress(goal, logs).status
    'Met: 80% or more in each of the last 3 sessions (80%, 83%, 90%).'
    >>> goal_progress(goal, logs[:2] + [session("2024-06-05", 3, 2)]).status
    'Not yet: 2 of the last 3 sessions reached 80% (80%, 60%, 90%).'
    """
    if not isinstance(goal, Goal):
        raise SettingsError(
            f"a goal is a Goal, like Goal('plays a matching tile'); got {shown(goal, 40)}"
        )
    points = []
    for log in by_date(logs):
        right, trials = session_share(log, goal, seat)
        reached = trials > 0 and right >= goal.share * trials - 1e-9
        points.append(GoalPoint(log.date, right, trials, reached))
    measured = [p for p in points if p.trials]
    recent = measured[-goal.sessions :]
    met = len(recent) == goal.sessions and all(p.reached for p in recent)
    return GoalProgress(goal, tuple(points), met, _status(goal, recent, met))


def _status(goal: Goal, recent: list[GoalPoint], met: bool) -> str:
    aim = f"{goal.percent} or more"
    shares = ", ".join(f"{p.percent}%" for p in recent)
    n = goal.sessions
    if not recent:
        return f"Not yet measured: no session with trials so far (the goal asks {aim} " + (
            "in one session)." if n == 1 else f"in each of {n} sessions in a row)."
        )
    if met:
        if n == 1:
            return f"Met: {aim} in the last session ({shares})."
        return f"Met: {aim} in each of the last {n} sessions ({shares})."
    reached = sum(1 for p in recent if p.reached)
    if len(recent) < n:
        return (
            f"Not yet: {plural(len(recent), 'session')} with trials so far ({shares}), "
            f"{reached} at {aim}; the goal asks for {n} in a row."
        )
    if n == 1:
        return f"Not yet: the last session reached {shares}, below {goal.percent}."
    return f"Not yet: {reached} of the last {n} sessions reached {goal.percent} ({shares})."


def goal_chart(goal: Goal, logs: Iterable[SessionLog | Any], seat: int = 0) -> Figure:
    """Each session's measured share, in date order, with the goal line; the title says
    whether the goal is met. Sessions without trials are left as gaps.

    >>> log = SessionLog.from_events([{"event": "start", "t": 0, "date": "2024-06-05"}])
    >>> goal_chart(Goal("plays a tile"), [log]).axes[0].get_title()
    'Goal not yet met: plays a tile'
    """
    from matplotlib.figure import Figure

    ordered = by_date(logs)
    progress = goal_progress(goal, ordered, seat)
    x = list(range(1, len(ordered) + 1))
    y = [p.share * 100 if p.share is not None else float("nan") for p in progress.points]
    fig = Figure(figsize=(7, 3.6), layout="constrained")
    ax = fig.subplots()
    ax.axhline(
        goal.share * 100,
        color="#009e73",
        linestyle="--",
        linewidth=1.5,
        label=f"goal: {goal.percent}",
    )
    ax.plot(x, y, marker="o", color="#0072b2", label="share of trials")
    hits = [i for i, p in enumerate(progress.points) if p.reached]
    if hits:
        ax.plot(
            [x[i] for i in hits],
            [y[i] for i in hits],
            linestyle="none",
            marker="o",
            markersize=10,
            markerfacecolor="none",
            markeredgecolor="#009e73",
            label="reached",
        )
    head = "Goal met" if progress.met else "Goal not yet met"
    ax.set_title(textwrap.fill(f"{head}: {goal.text}", 70), fontsize=11)
    ax.set_ylabel(f"trials right at first try, cue {goal.max_cue} or less (%)", fontsize=9)
    ax.set_ylim(-3, 103)
    ax.set_xticks(x, date_labels(ordered), rotation=30, ha="right")
    gaps = any(p.trials == 0 for p in progress.points)
    ax.set_xlabel("session (a gap: no trials to measure)" if gaps else "session")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    return fig
