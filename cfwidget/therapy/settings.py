"""What a therapist sets before a guided session: the set, the table, the help given.

Everything is checked when it is built, and messages say what is allowed.
The form never asks for a name: a client is a short pseudonym code.

>>> s = SessionSettings(max_pip=6, bots=1, cue_start=2, fade_every=3)
>>> s.players, s.rules().max_pip
(2, 6)
>>> check_client("AB-12")
'AB-12'
>>> check_client("Kim-07")
Traceback (most recent call last):
...
cfwidget.SettingsError: 'Kim-07' looks like a name (Kim). ...
>>> name_warning("Worked with Mary Jones on scanning.")
'This may contain a name (Mary Jones). Records use client codes only: please leave names out.'
>>> name_warning("maria was tired today")
'This may contain a name (maria). Records use client codes only: please leave names out.'
"""

from __future__ import annotations

import dataclasses
import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from .._shared import MAX_SEED, SEED_RANGE, check_flag, check_whole, is_number, is_whole, shown
from ..core import Rules
from ._errors import SettingsError
from ._names import find_date, find_name, find_name_pair, fold, given_names

__all__ = [
    "ASSIST_LEVELS",
    "ASSIST_SCALES",
    "CUE_ASSIST_LEVELS",
    "CUE_LEVELS",
    "DISPLAYS",
    "SETTINGS",
    "SessionSettings",
    "Setting",
    "check_assist",
    "check_client",
    "check_session_seed",
    "name_warning",
    "private_words",
]

#: The therapist's rating of the help the client needed on the FIM-style scale, offered only
#: when the clinician chooses that scale (``assist_scale="fim"``).
ASSIST_LEVELS = (
    "Independent",
    "Supervision",
    "Stand-by assist",
    "Contact guard",
    "Min A",
    "Mod A",
    "Max A",
    "Dependent",
)

#: The cueing hierarchy, least help first: each level adds one kind of help to the one below
#: (the help itself is in :mod:`cfwidget.therapy.cues`).
CUE_LEVELS = (
    "No help",
    "A general prompt",
    "The number to look for",
    "The tiles that fit, lifted",
    "The move shown, placed together",
)

#: The therapist's rating on the cue scale (the default): the terms the cue levels map to
#: (level 0 independent, 1 minimal cues, 2 moderate cues, 3 and 4 maximal cues).
CUE_ASSIST_LEVELS = ("Independent", "Minimal cues", "Moderate cues", "Maximal cues")

#: The assist scales a clinician may rate on, by the name the settings store.
ASSIST_SCALES = {"cues": CUE_ASSIST_LEVELS, "fim": ASSIST_LEVELS}

_CLIENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]{1,11}$")
_WORDY = re.compile(r"[A-Za-z]{4,}")
_GOOD_CODE = "for example C-07 or AB12"
_CODE_RULE = (
    "Records use a made-up code, never a name or a date of birth: letters and digits, at"
    f" least one digit and at most three letters in a row, no given name ({_GOOD_CODE})"
)
_LETTERS = re.compile(r"[A-Za-z]+")


def check_client(code: object) -> str:
    """A client code: a pseudonym of 2 to 12 letters, digits or ``-``, never a name or a date.

    It holds at least one digit and no more than three letters in a row, none of its
    letter groups (nor all its letters together) is a given name from the shipped list
    (``Tom1``, ``Ann1``, ``Kim-07``), and no part of it reads as a date (``1955-03-07``,
    ``07/03/1955``, ``7.3.55``, ``19550307``, ``070355``).

    >>> check_client("100123")
    Traceback (most recent call last):
    ...
    cfwidget.SettingsError: '100123' could be read as a date of birth: six digits in a row ...
    """
    raw = code.strip() if isinstance(code, str) else None
    date = find_date(raw) if raw else None
    if raw and date is not None and date.isdigit():
        count, example = ("six", "070355") if len(date) == 6 else ("eight", "19550307")
        raise SettingsError(
            f"{raw!r} could be read as a date of birth: {count} digits in a row can be a date"
            f" ({example} is 7 March 1955). Use a shorter number, with letters in front if you"
            " like: for example C-0123 or C-10123."
        )
    if raw and date is not None:
        raise SettingsError(f"{raw!r} looks like a date ({date}). {_CODE_RULE}")
    if raw is None or not _CLIENT.match(raw):
        raise SettingsError(
            f"a client code is 2 to 12 letters, digits or '-' with no spaces ({_GOOD_CODE});"
            f" got {shown(code)}"
        )
    if _WORDY.search(raw) or not any(c.isdigit() for c in raw):
        raise SettingsError(f"{raw!r} looks like a name. {_CODE_RULE}")
    names = given_names()[0]
    groups = _LETTERS.findall(raw)
    for letters in [*groups, "".join(groups)]:
        if fold(letters) in names:
            raise SettingsError(f"{raw!r} looks like a name ({letters}). {_CODE_RULE}")
    return raw


def name_warning(text: str) -> str | None:
    """A warning when notes or goals seem to hold a name, else ``None``.

    A name is a given name from the shipped list (any case; a name that is also a word,
    such as Will or Grace, only where it stands as a name: "Seen with Will", "Grace was
    tired", see :mod:`cfwidget.therapy._names`), two capitalised words in a row that are
    not common words (a first name and a surname), or a date written in full
    (``07/03/1955``, ``1955-03-07``).
    """
    found = private_words(text)
    if found is None:
        return None
    kind, words = found
    plural = "names" if kind == "a name" else "dates of birth"
    return (
        f"This may contain {kind} ({words}). "
        f"Records use client codes only: please leave {plural} out."
    )


def private_words(text: object) -> tuple[str, str] | None:
    """What in ``text`` seems private: ``("a name", "Maria")``, ``("a date of birth", ...)``.

    >>> private_words("dob 7.3.55"), private_words("steady today")
    (('a date of birth', '7.3.55'), None)
    """
    if not isinstance(text, str):
        return None
    date = find_date(text, six=False)
    if date is not None:
        return ("a date of birth", date)
    hits: list[tuple[int, int, str]] = []
    pair = find_name_pair(text)
    if pair is not None:
        hits.append((text.index(pair), -len(pair), pair))
    single = find_name(text)
    if single is not None:
        at = re.search(rf"(?<![^\W\d_]){re.escape(single)}(?![^\W\d_])", text)
        hits.append((at.start() if at else len(text), -len(single), single))
    return ("a name", min(hits)[2]) if hits else None


def check_session_seed(seed: object) -> int:
    """A session's seed: a whole number from 0 to 2**64 - 1 (it is written in the record).

    >>> check_session_seed(-1)
    Traceback (most recent call last):
    ...
    cfwidget.SettingsError: seed must be a whole number from 0 to ... (2**64 - 1); got -1
    """
    if not is_whole(seed) or not 0 <= seed <= MAX_SEED:
        raise SettingsError(f"seed must be {SEED_RANGE}; got {shown(seed)}")
    return seed


def check_assist(level: object, scale: str = "cues") -> str:
    """A rating on the clinician's assist ``scale`` (case does not matter): one of
    :data:`CUE_ASSIST_LEVELS` on the cue scale, one of :data:`ASSIST_LEVELS` on the FIM one.

    >>> check_assist("moderate cues"), check_assist("min a", "fim")
    ('Moderate cues', 'Min A')
    >>> check_assist("Min A")
    Traceback (most recent call last):
    ...
    cfwidget.SettingsError: on the cue scale the assist level is one of Independent, ...
    """
    levels = ASSIST_SCALES.get(scale) if isinstance(scale, str) else None
    if levels is None:
        raise SettingsError(f"the assist scale is 'cues' or 'fim'; got {shown(scale)}")
    if isinstance(level, str):
        for name in levels:
            if name.lower() == level.strip().lower():
                return name
    which = "cue" if scale == "cues" else "FIM"
    other = (
        " (FIM terms such as Min A need the FIM scale, chosen when the session starts)"
        if scale == "cues"
        else ""
    )
    raise SettingsError(
        f"on the {which} scale the assist level is one of {', '.join(levels)}; "
        f"got {shown(level)}{other}"
    )


def _seconds(name: str, value: object, low: float, high: float) -> float:
    if not is_number(value):
        raise SettingsError(f"{name} is a number of seconds, got {value!r}")
    v = float(value)
    if not (math.isfinite(v) and low <= v <= high):
        raise SettingsError(f"{name} must be from {low:g} to {high:g} seconds, got {value!r}")
    return v


@dataclass(frozen=True)
class Setting:
    """One setting of a session, declared once: the form and the checks are built from it.

    ``label`` is what the setup form calls it and ``help`` what it does. The allowed values:
    ``True``/``False`` when the default is a flag; a line of at most ``text`` characters
    (no line breaks) when ``text`` is set; else ``span[0]`` to ``span[1]`` (whole
    numbers, or ``seconds``) when a span is given; else one of ``choices``. ``choices``
    (label, value) are also the menu the form offers, a few of the span's values when there
    is one. The default is always allowed (``None`` hand size, ``"click"`` pace).

    >>> s = SETTINGS["max_pip"]
    >>> s.default, s.label, s.choices[0]
    (6, 'Set', ('double-6', 6))
    >>> s.check(7)
    Traceback (most recent call last):
    ...
    cfwidget.SettingsError: max_pip is double-6, double-9 or double-12 (max_pip 6, 9 or 12), got 7
    """

    name: str
    default: Any
    label: str
    help: str
    choices: tuple[tuple[str, Any], ...] = ()
    span: tuple[float, float] | None = None
    seconds: bool = False
    text: int = 0  # a line of text of at most this many characters (0: not a text setting)

    def check(self, value: object) -> None:
        """Raise a :class:`~cfwidget.SettingsError` saying what is allowed unless it is."""
        if isinstance(self.default, bool):
            check_flag(value, self.name, SettingsError)
        elif self.text:
            if (
                not isinstance(value, str)
                or len(value) > self.text
                or any(unicodedata.category(ch)[0] == "C" for ch in value)
            ):
                raise SettingsError(
                    f"{self.name} ({self.label.lower()}) is one line of text of at most "
                    f"{self.text} characters; got {shown(value, 40)}"
                )
        elif value is self.default or (isinstance(value, str) and value == self.default):
            return
        elif self.span is not None and self.seconds:
            _seconds(self.name, value, *self.span)
        elif self.span is not None:
            low, high = int(self.span[0]), int(self.span[1])
            check_whole(value, self.name, SettingsError, low=low, high=high)
        elif not any(value == v and type(value) is type(v) for _, v in self.choices):
            labels, values = [c[0] for c in self.choices], [repr(c[1]) for c in self.choices]
            raise SettingsError(
                f"{self.name} is {', '.join(labels[:-1])} or {labels[-1]} ({self.name} "
                f"{', '.join(values[:-1])} or {values[-1]}), got {shown(value)}"
            )

    def index(self, value: object) -> int:
        """The place of ``value`` among :attr:`choices` (the form's menu shows it).

        >>> SETTINGS["pace"].index("click"), SETTINGS["hand_size"].index(None)
        (0, 0)
        """
        for i, (_, v) in enumerate(self.choices):
            if value == v and type(value) is type(v):
                return i
        raise SettingsError(f"{shown(value)} is not in the menu of {self.name}")


def _menu(values: Iterable[Any], label: str = "{}") -> tuple[tuple[str, Any], ...]:
    return tuple((label.format(v), v) for v in values)


#: Every setting the setup form shows, in its order: name, default, label, help and the
#: allowed values. :class:`SessionSettings` takes its fields' defaults from here.
SETTINGS = {
    s.name: s
    for s in (
        Setting(
            "clinician",
            "",
            "Clinician",
            "the clinician's name as it goes on the signed page (left blank: a line to write it)",
            text=80,
        ),
        Setting(
            "credentials",
            "",
            "Credentials",
            "the clinician's credentials, for example MS, CCC-SLP (left blank: a line to write"
            " them)",
            text=60,
        ),
        Setting(
            "delivery",
            "in person",
            "Setting",
            "where the session takes place: in person, or remote (telehealth)",
            (("in person", "in person"), ("remote (telehealth)", "remote")),
        ),
        Setting(
            "service_codes",
            "",
            "Service codes",
            "optional: the clinic's billing or service codes for this session (left blank:"
            " boxes on the page to fill in by hand)",
            text=80,
        ),
        Setting(
            "assist_scale",
            "cues",
            "Assist scale",
            "how the assist level is rated at the end: the cue scale (independent, minimal,"
            " moderate or maximal cues) or the FIM-style scale (Supervision, Min A, ...)",
            (("cue levels", "cues"), ("FIM-style", "fim")),
        ),
        Setting(
            "max_pip", 6, "Set", "the set: double-6 is the gentlest", _menu((6, 9, 12), "double-{}")
        ),
        Setting(
            "hand_size",
            None,
            "Hand size",
            "tiles each; none given: the rules' table for the number of players",
            (("as the rules say", None), *_menu(range(3, 13))),
            (3, 20),
        ),
        Setting("bots", 1, "Computer players", "0 to 3 computer players", _menu(range(4)), (0, 3)),
        Setting(
            "second_person",
            False,
            "A second person plays at this screen",
            "a second person at the same screen: the two people take turns with one view",
        ),
        Setting(
            "display",
            "pips",
            "Show",
            "how numbers show: pips, numerals or coloured pips",
            (("pips", "pips"), ("numerals", "numerals"), ("coloured pips", "colour")),
        ),
        Setting("large", True, "Large tiles", "big tiles and controls"),
        Setting("sound", False, "Turn sound", "a soft tone when it is the client's turn"),
        Setting("speech", False, "Read prompts aloud", "the prompts are read aloud"),
        Setting(
            "pace",
            "click",
            "Computer pace",
            "wait for Next (bots move when Next is pressed) or seconds between bot moves",
            (("wait for Next", "click"), *_menu((2.0, 4.0, 8.0), "{:g} s")),
            (0.5, 60.0),
            seconds=True,
        ),
        Setting(
            "errorless",
            True,
            "Errorless mode",
            "a tile that does not fit goes nowhere (the try is recorded as an error prevented);"
            " no error sound; gentle words",
        ),
        Setting(
            "client_undo",
            True,
            "The client has an Undo button",
            "Undo takes back the client's own last turn until a bot or another person moves, so"
            " it never shows where a bot's tiles are; the therapist can always take back a turn,"
            " bot moves after it included",
        ),
        Setting(
            "cue_start",
            0,
            "Starting cue",
            "the cue level each turn starts at, 0 (no help) to 4 (the move placed together)",
            tuple((f"{i}: {name}", i) for i, name in enumerate(CUE_LEVELS)),
            (0, 4),
        ),
        Setting(
            "cue_wait",
            20.0,
            "Seconds before more help",
            "seconds without a move before the cue rises one level",
            span=(3.0, 600.0),
            seconds=True,
        ),
        Setting(
            "fade_every",
            3,
            "Change the starting cue after (turns in a row; 0: never)",
            "after this many turns in a row done without a higher cue, the starting level drops"
            " by one; after this many in a row that needed a higher cue, it rises by one, up to 3"
            " (0: the starting level stays)",
            span=(0, 50),
        ),
    )
}
DISPLAYS = tuple(value for _, value in SETTINGS["display"].choices)


def _default(name: str) -> Any:
    return SETTINGS[name].default


@dataclass(frozen=True)
class SessionSettings:
    """The settings of one guided session; each is declared in :data:`SETTINGS`.

    ``seed``: the shuffle, so a session can be repeated exactly (not on the form: the app
    is given it). The others, with their defaults (listed from :data:`SETTINGS`):

    {settings}

    >>> SessionSettings(bots=0)
    Traceback (most recent call last):
    ...
    cfwidget.SettingsError: a session needs someone to play with: ...
    """

    max_pip: int = _default("max_pip")
    hand_size: int | None = _default("hand_size")
    bots: int = _default("bots")
    second_person: bool = _default("second_person")
    display: str = _default("display")
    large: bool = _default("large")
    sound: bool = _default("sound")
    speech: bool = _default("speech")
    pace: float | Literal["click"] = _default("pace")
    errorless: bool = _default("errorless")
    client_undo: bool = _default("client_undo")
    cue_start: int = _default("cue_start")
    cue_wait: float = _default("cue_wait")
    fade_every: int = _default("fade_every")
    clinician: str = _default("clinician")
    credentials: str = _default("credentials")
    delivery: str = _default("delivery")
    service_codes: str = _default("service_codes")
    assist_scale: str = _default("assist_scale")
    seed: int = 0

    def __post_init__(self) -> None:
        for setting in SETTINGS.values():
            setting.check(getattr(self, setting.name))
        if self.bots == 0 and not self.second_person:
            raise SettingsError(
                "a session needs someone to play with: at least one bot or a second person"
            )
        if self.hand_size is not None:
            most = (self.max_pip + 1) * (self.max_pip + 2) // 2 // self.players - 1
            check_whole(self.hand_size, "hand_size", SettingsError, low=3, high=min(most, 20))
        check_session_seed(self.seed)

    @property
    def players(self) -> int:
        """People plus bots."""
        return 1 + int(self.second_person) + self.bots

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play: the client is seat 0, a second person seat 1."""
        return (0, 1) if self.second_person else (0,)

    def rules(self) -> Rules:
        """The table rules: the chosen set and hand size, everything else as usual."""
        if self.hand_size is not None:
            return Rules(max_pip=self.max_pip, hand_size=self.hand_size)
        size = {6: 7, 9: 9, 12: 12}[self.max_pip]
        if self.players >= 4 and self.max_pip == 6:
            size = 5
        return Rules(max_pip=self.max_pip, hand_size=size)

    def to_dict(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SessionSettings:
        """Settings from :meth:`to_dict`; unknown keys are an error.

        Settings without ``assist_scale`` were recorded before the scale could be chosen,
        when the rating was FIM-style: they read as ``assist_scale="fim"``.

        >>> SessionSettings.from_dict({"max_pip": 9}).assist_scale
        'fim'
        """
        known = {f.name for f in dataclasses.fields(cls)}
        extra = sorted(set(data) - known)
        if extra:
            raise SettingsError(f"unknown settings {', '.join(extra)}")
        return cls(**{"assist_scale": "fim", **data})

    def replace(self, **changes: Any) -> SessionSettings:
        """A copy with some settings changed (checked again)."""
        return dataclasses.replace(self, **changes)


if SessionSettings.__doc__:  # the list of settings, from their one declaration
    SessionSettings.__doc__ = SessionSettings.__doc__.replace(
        "{settings}",
        "\n    ".join(f"- ``{s.name}`` ({s.default!r}): {s.help}." for s in SETTINGS.values()),
    )
