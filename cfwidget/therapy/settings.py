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
from dataclasses import dataclass
from typing import Any, Literal

from .._shared import MAX_SEED, SEED_RANGE, check_whole, is_number, is_whole, shown
from ..core import Rules
from ._errors import SettingsError
from ._names import find_date, find_name, find_name_pair, fold, given_names

__all__ = [
    "ASSIST_LEVELS",
    "CUE_LEVELS",
    "DISPLAYS",
    "SessionSettings",
    "check_assist",
    "check_client",
    "check_session_seed",
    "name_warning",
    "private_words",
]

#: The therapist's rating of the help the client needed (FIM-style assist levels).
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

DISPLAYS = ("pips", "numerals", "colour")

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


def check_assist(level: object) -> str:
    """One of :data:`ASSIST_LEVELS` (case does not matter)."""
    if isinstance(level, str):
        for name in ASSIST_LEVELS:
            if name.lower() == level.strip().lower():
                return name
    raise SettingsError(f"assist level must be one of {', '.join(ASSIST_LEVELS)}; got {level!r}")


def _whole(name: str, value: object, low: int, high: int) -> int:
    return check_whole(value, name, SettingsError, low=low, high=high)


def _flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise SettingsError(f"{name} is on or off (True or False), got {value!r}")


def _seconds(name: str, value: object, low: float, high: float) -> float:
    if not is_number(value):
        raise SettingsError(f"{name} is a number of seconds, got {value!r}")
    v = float(value)
    if not (math.isfinite(v) and low <= v <= high):
        raise SettingsError(f"{name} must be from {low:g} to {high:g} seconds, got {value!r}")
    return v


@dataclass(frozen=True)
class SessionSettings:
    """The settings of one guided session.

    - ``max_pip``: the set, 6, 9 or 12 (double-6 is the gentlest).
    - ``hand_size``: tiles each (``None``: the rules' table for the number of players).
    - ``bots``: 0 to 3 computer players; ``second_person``: a second person at the
      same screen (then the two people take turns with one view).
    - ``display``: ``"pips"``, ``"numerals"`` or ``"colour"``; ``large``: big tiles.
    - ``sound``: a soft tone when it is the client's turn; ``speech``: prompts read aloud.
    - ``pace``: ``"click"`` (bots wait for Next) or seconds between bot moves.
    - ``errorless``: a tile that does not fit goes nowhere (the try is recorded as an
      error prevented); no error sound; gentle words.
    - ``client_undo``: the client has an Undo button. It takes back the client's own last
      turn until a bot or another person moves, so it never shows where a bot's tiles are;
      the therapist can always take back a turn, bot moves after it included.
    - ``cue_start``: the cue level each turn starts at (0 none ... 4 place it together).
    - ``cue_wait``: seconds without a move before the cue rises one level.
    - ``fade_every``: after this many turns in a row done without a higher cue, the
      starting level drops by one; after this many in a row that needed a higher cue, it
      rises by one, up to 3 (0: the starting level stays).
    - ``seed``: the shuffle, so a session can be repeated exactly.

    >>> SessionSettings(bots=0)
    Traceback (most recent call last):
    ...
    cfwidget.SettingsError: a session needs someone to play with: ...
    """

    max_pip: int = 6
    hand_size: int | None = None
    bots: int = 1
    second_person: bool = False
    display: str = "pips"
    large: bool = True
    sound: bool = False
    speech: bool = False
    pace: float | Literal["click"] = "click"
    errorless: bool = True
    client_undo: bool = True
    cue_start: int = 0
    cue_wait: float = 20.0
    fade_every: int = 0
    seed: int = 0

    def __post_init__(self) -> None:
        if self.max_pip not in (6, 9, 12) or isinstance(self.max_pip, bool):
            raise SettingsError(
                f"the set is double-6, 9 or 12 (max_pip 6, 9 or 12), got {self.max_pip!r}"
            )
        _whole("bots", self.bots, 0, 3)
        _flag("second_person", self.second_person)
        if self.bots == 0 and not self.second_person:
            raise SettingsError(
                "a session needs someone to play with: at least one bot or a second person"
            )
        if self.hand_size is not None:
            most = (self.max_pip + 1) * (self.max_pip + 2) // 2 // self.players - 1
            _whole("hand_size", self.hand_size, 3, min(most, 20))
        if self.display not in DISPLAYS:
            raise SettingsError(
                f"display must be one of {', '.join(DISPLAYS)}; got {self.display!r}"
            )
        for name in ("large", "sound", "speech", "errorless", "client_undo"):
            _flag(name, getattr(self, name))
        if self.pace != "click":
            _seconds("pace", self.pace, 0.5, 60.0)
        _whole("cue_start", self.cue_start, 0, 4)
        _seconds("cue_wait", self.cue_wait, 3.0, 600.0)
        _whole("fade_every", self.fade_every, 0, 50)
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
        """Settings from :meth:`to_dict`; unknown keys are an error."""
        known = {f.name for f in dataclasses.fields(cls)}
        extra = sorted(set(data) - known)
        if extra:
            raise SettingsError(f"unknown settings {', '.join(extra)}")
        return cls(**data)

    def replace(self, **changes: Any) -> SessionSettings:
        """A copy with some settings changed (checked again)."""
        return dataclasses.replace(self, **changes)
