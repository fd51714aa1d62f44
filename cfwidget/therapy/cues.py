"""The cueing hierarchy: least help first, rising when needed, fading as skill grows.

:class:`CueLadder` is a pure state machine driven by the times it is given,
so tests need no clock. Each turn starts at the ladder's *base* level; the cue
rises one level after ``wait`` seconds without a move or after an attempt
that is not allowed, up to level 4 (place it together).

The base follows the client, both ways, counted in turns in a row (``fade_every``;
0: the base never moves):

- **down** (fading) after ``fade_every`` turns in a row finished at the base level
  (no more help was needed), to 0 at the lowest;
- **up** after ``fade_every`` turns in a row that needed more help than the base
  (the cue rose above it, by the wait, an error or the therapist), to 3 at the highest
  (level 4 places the tile *for* the client, so it is reached only within a turn).

A turn of the other kind starts the count again.

>>> ladder = CueLadder(start=1, wait=10, fade_every=2)
>>> ladder.begin(now=0.0)
1
>>> ladder.tick(now=9.0), ladder.tick(now=10.0), ladder.refused(now=12.0)
(1, 2, 3)
>>> ladder.finish()    # the highest level this turn
3
>>> for t in (20.0, 30.0):  # two turns done at the base level: it fades
...     _ = ladder.begin(t); _ = ladder.finish()
>>> ladder.base
0
>>> for t in (40.0, 50.0):  # two turns in a row that needed more help: it steps up
...     _ = ladder.begin(t); _ = ladder.refused(t + 1); _ = ladder.finish()
>>> ladder.base
1

:func:`cue_for` turns a level into what the client sees. Each level adds one kind
of help to the level below it (what each allows the whole screen to say is the table in
:mod:`cfwidget.therapy.levels`), and level 0 gives none at all (no tile lifted,
underlined or faded, no end marked):

0. No help.
1. A general prompt, the same whether or not a tile fits: "Your turn. Look at the ends
   of the lines."
2. The number to look for: "Look for a tile with a 6.", and the ends showing a 6 ringed
   (with no tile to play: the numbers a tile would need, so the words do not tell).
3. The tiles that fit, lifted in the hand, and every end they fit ringed; or that none
   fits, and so to draw or pass.
4. The move shown, the tile and its place together; OK places it with the client.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(max_pip=6, hand_size=7), players=2, seed=1)
>>> [cue_for(rnd, rnd.turn, level).prompt for level in (0, 1, 2)]
['', 'Your turn. Look at the ends of the lines.', 'Look for a tile with a 6.']
>>> cue_for(rnd, rnd.turn, 3).tiles
('6-5', '6-1')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .._shared import article, is_number, whole_in
from ..core import Move, Observation, Round
from ._errors import SettingsError
from .levels import HELP

__all__ = [
    "MAX_BASE",
    "MAX_LEVEL",
    "Cue",
    "CueLadder",
    "cue_for",
]

MAX_LEVEL = len(HELP) - 1
#: The highest base level the ladder steps up to: level 4 is reached only within a turn.
MAX_BASE = 3


class CueLadder:
    """Cue levels for one person across turns (see the module text)."""

    def __init__(self, start: int = 0, wait: float = 20.0, fade_every: int = 0) -> None:
        if not whole_in(start, 0, MAX_LEVEL):
            raise SettingsError(f"the starting cue level is 0 to {MAX_LEVEL}, got {start!r}")
        if not is_number(wait) or not wait > 0:
            raise SettingsError(f"the wait before a cue rises must be positive, got {wait!r}")
        if not whole_in(fade_every, 0):
            raise SettingsError(
                f"fade_every is 0 (no fading) or a number of turns, got {fade_every!r}"
            )
        self.base = start
        self.wait = float(wait)
        self.fade_every = fade_every
        self.level = start
        self.peak = start
        self.streak = 0  # turns in a row finished at the base level
        self.needing = 0  # turns in a row that needed more help than the base
        self._since = 0.0  # when the level last rose (or the turn began)
        self.active = False

    def begin(self, now: float) -> int:
        """A turn starts: the cue is the base level. Returns the level."""
        self.level = self.peak = self.base
        self._since = now
        self.active = True
        return self.level

    def _raise(self, now: float) -> int:
        if self.level < MAX_LEVEL:
            self.level += 1
            self.peak = max(self.peak, self.level)
        self._since = now
        return self.level

    def tick(self, now: float) -> int:
        """Time passes: after ``wait`` seconds at one level the cue rises. Returns the level."""
        if self.active and self.level < MAX_LEVEL and now - self._since >= self.wait:
            self._raise(now)
        return self.level

    def refused(self, now: float) -> int:
        """An attempt that is not allowed: the cue rises one level. Returns the level."""
        return self._raise(now) if self.active else self.level

    def set_level(self, level: int, now: float) -> int:
        """The therapist chooses the level for this turn."""
        self.level = max(0, min(MAX_LEVEL, level))
        self.peak = max(self.peak, self.level)
        self._since = now
        return self.level

    def shift(self, seconds: float) -> None:
        """Move the wait's start later (time spent paused does not count)."""
        self._since += seconds

    def due(self) -> float | None:
        """When the cue will next rise (a time on the same clock), or ``None``."""
        if not self.active or self.level >= MAX_LEVEL:
            return None
        return self._since + self.wait

    def finish(self) -> int:
        """The turn is done: returns the highest level reached; the base fades or steps up
        when ``fade_every`` turns in a row earned it (see the module text)."""
        peak = self.peak
        self.active = False
        if peak <= self.base:
            self.streak, self.needing = self.streak + 1, 0
            if self.fade_every and self.streak >= self.fade_every and self.base > 0:
                self.base -= 1
                self.streak = 0
        else:
            self.streak, self.needing = 0, self.needing + 1
            if self.fade_every and self.needing >= self.fade_every and self.base < MAX_BASE:
                self.base += 1
                self.needing = 0
        return peak


@dataclass(frozen=True)
class Cue:
    """What a cue level shows: ``ends`` to ring, a ``prompt``, ``tiles`` to lift, a ``move``.

    ``tiles`` are the hand's tiles that fit (level 3 and up); ``move`` is the move shown
    (level 4), and ``confirm`` is True there: the move is made once the client says OK.
    ``shown`` is that move as a :class:`~cfwidget.Move` (so nothing parses it back).
    """

    level: int
    ends: tuple[str, ...] = ()
    prompt: str = ""
    move: str | None = None
    confirm: bool = False
    tiles: tuple[str, ...] = ()
    shown: Move | None = field(default=None, compare=False, repr=False)


def suggest(rnd: Round | Observation) -> Move:
    """The move a cue shows: the costliest tile that fits (lowest end first on ties).

    A tile's cost is what it would score left in the hand (:meth:`cfwidget.Rules.penalty`),
    so the double blank counts as the rules price it. Given a round, it is the suggestion
    for the seat to move, made from that seat's observation.
    """
    obs = rnd if isinstance(rnd, Observation) else rnd.observation(rnd.turn)
    legal = obs.legal_moves
    plays = [m for m in legal if m.is_play and not m.announce]
    if not plays:
        return legal[0]
    cost = obs.rules.penalty
    return max(plays, key=lambda m: (cost(m.tile) if m.tile else 0, -legal.index(m)))


def cue_for(rnd: Round, seat: int, level: int) -> Cue:
    """The cue for ``seat`` at ``level`` (level 0, or not this seat's turn: no cue).

    Made from ``seat``'s observation only (its legal moves, its drawn tile, the open ends).
    """
    if level <= 0 or rnd.is_over or rnd.turn != seat:
        return Cue(0)
    obs = rnd.observation(seat)
    plays = [m for m in obs.legal_moves if m.is_play and not m.announce]
    move = suggest(obs)
    if level == 1:  # the same words whether or not a tile fits: that is level 3's help
        return Cue(1, prompt="Your turn. Look at the ends of the lines.")
    if not plays:
        if level == 2:  # the numbers a tile needs here, as on a turn with a tile to play
            numbers = sorted(obs.fitting_numbers())
            ends = tuple(sorted({str(t) for t, n, _ in obs.open_ends if n in numbers}))
            if obs.forced is not None:  # a double to fill first: only it takes a tile
                ends = (str(obs.forced),)
            said = [article(n) for n in numbers]
            look = " or ".join([", ".join(said[:-1]), said[-1]] if len(said) > 2 else said)
            return Cue(2, ends=ends, prompt=f"Look for a tile with {look}." if look else "")
        drawn = obs.drawn
        if move.kind == "draw":
            prompt = "No tile fits this time. Take one from the chicken yard."
        elif drawn is not None:
            prompt = f"The new tile {drawn} does not fit. That's fine: pass."
        else:
            prompt = "No tile fits and the yard is empty. That's fine: pass."
        if level < 4:
            return Cue(level, prompt=prompt)
        return Cue(
            4,
            prompt=prompt + " Press OK to do it together.",
            move=str(move),
            confirm=True,
            shown=move,
        )
    if move.onto is None or move.tile is None:  # a play always names its tile and end
        return Cue(level)
    shows = dict((t, n) for t, n, _ in obs.open_ends)
    number = shows[move.onto]
    if level == 2:
        ends = tuple(sorted({str(m.onto) for m in plays if m.onto and shows[m.onto] == number}))
        return Cue(2, ends=ends, prompt=f"Look for a tile with {article(number)}.")
    ends = tuple(sorted({str(m.onto) for m in plays}))
    tiles = tuple(str(t) for t in sorted({m.tile for m in plays if m.tile}, reverse=True))
    if level == 3:
        fit = "This tile fits" if len(tiles) == 1 else "These tiles fit"
        return Cue(3, ends=ends, prompt=f"{fit}: {', '.join(tiles)}.", tiles=tiles)
    text = f"Try {move.tile}. It goes on {move.onto}. Press OK and we will place it together."
    return Cue(
        4,
        ends=(str(move.onto),),
        prompt=text,
        move=str(move),
        confirm=True,
        tiles=tiles,
        shown=move,
    )
