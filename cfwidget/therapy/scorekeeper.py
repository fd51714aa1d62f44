"""A score keeper for games played with real tiles: tap the tiles left in a hand, or type.

One row per round, labelled by its starting double in the rules' round order,
one column per player. With ``round_order="highest-unused"`` (000, 004: "the next
round begins with the highest double left") a lower double may lead when nobody
holds the expected one: say so with :meth:`ScoreKeeper.led`, and the later rounds'
labels follow from the doubles still left. Totals and standings (with the tie-breaks of
:class:`~cfwidget.ScoreSheet`) are always worked out from the rows.

>>> from cfwidget import Rules
>>> keeper = ScoreKeeper(["Ann", "Bob"], rules=Rules(max_pip=6))
>>> keeper.labels[:3]
['6-6', '5-5', '4-4']
>>> keeper.enter("Ann", tiles=["0-0", "3-2"])    # the double blank counts 50
55
>>> keeper.enter("Bob", points=0)
0
>>> keeper.sheet().totals, keeper.sheet().places()
([55, 0], [(1, 'Bob', 0), (2, 'Ann', 55)])
"""

from __future__ import annotations

import csv
import datetime as _dt
import html
import io
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from .._shared import name_in_text, plural, shown_name, whole_in, write_private
from ..core import (
    MAX_ROUND_SCORE,
    Rules,
    ScoreError,
    ScoreSheet,
    Tile,
    TileLike,
    check_player_names,
    check_rules,
    to_tile,
)
from ..widget import SetPicker
from .records import records_folder

__all__ = ["ScoreKeeper", "hand_points", "round_doubles"]


def hand_points(tiles: Iterable[TileLike], rules: Rules) -> int:
    """The points of the tiles left in a hand (``0-0`` counts the rules' double blank).

    >>> hand_points(["6-5", "0-0"], Rules(double_blank=25))
    36
    """
    total = 0
    seen: set[Tile] = set()
    for item in tiles:
        t = to_tile(item)
        if t[0] > rules.max_pip:
            raise ScoreError(f"{t} is not in a double-{rules.max_pip} set")
        if t in seen:
            raise ScoreError(f"{t} was counted twice")
        seen.add(t)
        total += rules.penalty(t)
    return total


def round_doubles(rules: Rules) -> list[str]:
    """The starting double of each round, in the rules' order (one round per double).

    Under ``"highest-unused"`` this is the order when each round's expected
    double leads; :meth:`ScoreKeeper.led` records a lower one that stood in.

    >>> round_doubles(Rules(max_pip=3, spokes=3, round_order="up"))
    ['0-0', '1-1', '2-2', '3-3']
    """
    top = rules.max_pip
    order = range(top + 1) if rules.round_order == "up" else range(top, -1, -1)
    return [f"{n}-{n}" for n in order]


def _labels(rules: Rules, count: int, told: dict[int, str]) -> list[str]:
    """The labels of ``count`` rounds: the rules' order, or under ``"highest-unused"`` the
    double each round was told to be led by, else the highest double left in its game."""
    base = round_doubles(rules)
    per = len(base)
    if rules.round_order != "highest-unused":
        return [base[i % per] for i in range(count)]
    labels: list[str] = []
    for i in range(count):
        first = i - i % per  # the first round of this game (a target game goes round again)
        used = labels[first:i]
        pick = told.get(i)
        if pick is None:
            later = {told[j] for j in range(i + 1, first + per) if j in told}
            pick = next(d for d in base if d not in used and d not in later)
        elif pick in used:
            raise ScoreError(
                f"{pick} cannot lead round {i + 1}: it already led round "
                f"{first + used.index(pick) + 1}"
            )
        labels.append(pick)
    return labels


class ScoreKeeper(ipw.VBox):  # type: ignore[misc]
    """Keep score for a table of real tiles (see the module text)."""

    def __init__(
        self,
        names: Sequence[str],
        rules: Rules | None = None,
        *,
        folder: str | os.PathLike[str] | None = None,
        **kwargs: object,
    ) -> None:
        if kwargs:
            raise TypeError(
                f"ScoreKeeper takes names, rules and folder only, got {', '.join(sorted(kwargs))}"
            )
        self.names = check_player_names(names)
        #: Where "Save CSV" writes: the private records folder unless another is given.
        self.folder = folder
        self._saved_to: Path | None = None
        self.rules = check_rules(rules if rules is not None else Rules())
        self.labels = _labels(self.rules, self.rules.round_count(), {})
        self._told: dict[int, str] = {}  # round -> the double that led it, when told (led)
        self.rows: list[list[int | None]] = [[None] * len(self.names)]
        self._picked: set[Tile] = set()
        self._syncing = False  # set while the dropdowns are updated from the keeper
        self._build()
        super().__init__(self._parts)
        self.add_class("cfw-scorekeeper")
        self._redraw()

    # -- the logic ---------------------------------------------------------------------------

    @property
    def current(self) -> int:
        """The round being entered (0 is the first)."""
        return int(self._round.value)

    def enter(
        self,
        player: str | int,
        points: int | None = None,
        *,
        tiles: Iterable[TileLike] | None = None,
        round: int | None = None,
    ) -> int:
        """Enter one player's points for a round (typed, or counted from ``tiles``)."""
        seat = player if isinstance(player, int) else self._seat(player)
        if not 0 <= seat < len(self.names):
            raise ScoreError(f"there is no player {player!r}")
        if (points is None) == (tiles is None):
            raise ScoreError("give either the points or the tiles left in the hand")
        value = hand_points(tiles, self.rules) if tiles is not None else points
        if not whole_in(value, 0, MAX_ROUND_SCORE):
            raise ScoreError(
                f"points are a whole number from 0 to {MAX_ROUND_SCORE:,}, got {value!r}"
            )
        index = self.current if round is None else round
        if not 0 <= index < len(self.rows):
            raise ScoreError(f"there is no round {index} yet")
        self.rows[index][seat] = value
        latest = index == len(self.rows) - 1
        complete = all(v is not None for v in self.rows[index])
        if latest and complete and not self.is_over:
            if len(self.rows) == len(self.labels):  # playing to a target: the doubles again
                more = len(self.labels) + self.rules.round_count()
                self.labels = _labels(self.rules, more, self._told)
            self.rows.append([None] * len(self.names))
        self._sync_rounds(None if latest and complete else index)
        self._redraw()
        return value

    def led(self, double: TileLike, round: int | None = None) -> str:
        """Say which double led a round (default: the current one); returns the round's label.

        Only with ``round_order="highest-unused"``, where a lower double leads
        when nobody holds the expected one. Every later round not told otherwise
        starts from the highest double left in the game (000, 004).

        >>> keeper = ScoreKeeper(["Ann", "Bob"], rules=Rules.preset("double-six"))
        >>> keeper.led("5-5")
        '5-5'
        >>> keeper.labels[:3]
        ['5-5', '6-6', '4-4']
        """
        if self.rules.round_order != "highest-unused":
            raise ScoreError(
                f"with round_order={self.rules.round_order!r} every round's double is fixed "
                f"({', '.join(self.labels[:3])}, ...): only 'highest-unused' lets another lead"
            )
        try:
            tile = to_tile(double)
        except ValueError as exc:
            raise ScoreError(str(exc)) from None
        if not tile.is_double or tile[0] > self.rules.max_pip:
            raise ScoreError(f"a round is led by a double of the double-{self.rules.max_pip} set")
        index = self.current if round is None else round
        if not whole_in(index, 0, len(self.rows) - 1):
            raise ScoreError(f"there is no round {index!r} yet")
        told = {**self._told, index: str(tile)}
        self.labels = _labels(self.rules, len(self.labels), told)  # checked before any change
        self._told = told
        self._sync_rounds(index)
        self._redraw()
        return self.labels[index]

    @property
    def is_over(self) -> bool:
        """True when every round is in: one per double, or someone reached the target total."""
        done = [r for r in self.rows if all(v is not None for v in r)]
        target = self.rules.game_target
        if target is not None:
            totals = [sum(int(r[i] or 0) for r in done) for i in range(len(self.names))]
            return bool(done) and max(totals) >= target
        return len(done) == len(round_doubles(self.rules))

    def sheet(self) -> ScoreSheet:
        """The complete rounds as a :class:`~cfwidget.ScoreSheet`."""
        sheet = ScoreSheet(self.names)
        for label, row in zip(self.labels, self.rows, strict=False):
            if all(v is not None for v in row):
                sheet.record([int(v) for v in row if v is not None], label=label)
        return sheet

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The sheet as CSV text (round, one column per player; then the totals).

        Given a ``path``, the text is also written there, readable by its owner only
        (0600): the sheet holds the players' names.
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["round", *self.names])
        for label, row in zip(self.labels, self.rows, strict=False):
            writer.writerow([label, *("" if v is None else v for v in row)])
        writer.writerow(["Total", *self.sheet().totals])
        text = out.getvalue()
        if path is not None:
            write_private(path, text)
        return text

    def save(self) -> Path:
        """Save the sheet as CSV in the private records folder (or ``folder``), mode 0600.

        The first save makes ``scores-<date>-<n>.csv``; later saves of this keeper replace
        it. The folder is the one session records use (see
        :func:`~cfwidget.therapy.records.records_folder`): private to the user, outside
        the project, ignored by git.

        >>> import tempfile
        >>> keeper = ScoreKeeper(["Ann", "Bob"], folder=tempfile.mkdtemp())
        >>> path = keeper.save()
        >>> path.name.startswith("scores-"), oct(path.stat().st_mode & 0o777)
        (True, '0o600')
        """
        if self._saved_to is None:
            base = records_folder(self.folder)
            day = _dt.date.today().isoformat()
            n = 1
            while (base / f"scores-{day}-{n}.csv").exists():
                n += 1
            self._saved_to = base / f"scores-{day}-{n}.csv"
        self.to_csv(self._saved_to)
        return self._saved_to

    def _seat(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise ScoreError(
                f"no player named {name!r}; the players are {', '.join(self.names)}"
            ) from None

    # -- the widget ------------------------------------------------------------------------------

    def _build(self) -> None:
        self._player = ipw.ToggleButtons(
            options=[(shown_name(n), n) for n in self.names], description="Player"
        )
        self._round = ipw.Dropdown(options=[(self.labels[0], 0)], value=0, description="Round")
        # Under highest-unused: which double led the round (a lower one stands in when
        # nobody holds the expected double).
        self._lead = ipw.Dropdown(options=round_doubles(self.rules), description="Led by")
        self._lead.value = self.labels[0]
        self._lead.observe(self._on_lead, names="value")
        self._round.observe(self._on_round, names="value")
        # A picture of the whole set: tap the tiles left in the player's hand.
        self._picker = SetPicker(self.rules.max_pip, label="Tiles left in the player's hand")
        self._picker.observe(self._on_pick, names="selected")
        self._count = ipw.HTML("Tiles tapped: 0 points")
        self._typed = ipw.BoundedIntText(min=0, max=MAX_ROUND_SCORE, description="or type")
        self._from_tiles = ipw.Button(description="Enter tapped tiles", button_style="primary")
        self._from_typed = ipw.Button(description="Enter typed points")
        self._export = ipw.Button(description="Save CSV", icon="download")
        self._table = ipw.HTML()
        self._said = ipw.HTML()
        self._from_tiles.on_click(lambda _: self._enter_ui(tiles=True))
        self._from_typed.on_click(lambda _: self._enter_ui(tiles=False))
        self._export.on_click(lambda _: self._save())
        top = [self._player, self._round]
        if self.rules.round_order == "highest-unused":
            top.append(self._lead)
        self._parts = [
            ipw.HBox(top),
            self._picker,
            ipw.HBox([self._count, self._from_tiles]),
            ipw.HBox([self._typed, self._from_typed, self._export]),
            self._said,
            self._table,
        ]

    def _on_pick(self, change: dict[str, Any]) -> None:
        self._picked = set(self._picker.picked())
        points = plural(hand_points(self._picked, self.rules), "point")
        self._count.value = f"Tiles tapped: {points}"
        self._picker.caption = f"{plural(len(self._picked), 'tile')} tapped: {points}"

    def _on_round(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._syncing = True
            self._lead.value = self.labels[self.current]
            self._syncing = False

    def _on_lead(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] == self.labels[self.current]:
            return
        try:
            self.led(str(change["new"]))
        except ScoreError as exc:
            self._said.value = html.escape(str(exc))
            self._syncing = True
            self._lead.value = self.labels[self.current]
            self._syncing = False

    def _enter_ui(self, tiles: bool) -> None:
        name = str(self._player.value)
        try:
            if tiles:
                value = self.enter(name, tiles=sorted(self._picked), round=self.current)
            else:
                value = self.enter(name, int(self._typed.value), round=self.current)
        except ScoreError as exc:
            self._said.value = html.escape(str(exc))
            return
        self._picker.clear()
        self._picked.clear()
        self._said.value = html.escape(
            f"{name_in_text(name)}: {plural(value, 'point')} for {self.labels[self.current]}."
        )

    def _save(self) -> None:
        try:
            path = self.save()
        except OSError as exc:
            self._said.value = html.escape(f"Not saved: {exc.strerror or exc}")
            return
        self._said.value = html.escape(f"Saved (readable by you only): {path}")

    def _sync_rounds(self, keep: int | None) -> None:
        options = [(self.labels[i], i) for i in range(len(self.rows))]
        current = self.current if keep is None else keep
        if keep is None and all(v is not None for v in self.rows[current]):
            current = len(self.rows) - 1
        self._syncing = True
        self._round.options = options
        self._round.value = current
        self._lead.value = self.labels[current]
        self._syncing = False

    def _redraw(self) -> None:
        sheet = self.sheet()
        head = "".join(
            f"<th scope='col' dir='auto'>{html.escape(shown_name(n))}</th>" for n in self.names
        )
        body = []
        for label, row in zip(self.labels, self.rows, strict=False):
            cells = "".join(f"<td>{'' if v is None else v}</td>" for v in row)
            body.append(f"<tr><th scope='row'>{label}</th>{cells}</tr>")
        totals = "".join(f"<td>{v}</td>" for v in sheet.totals)
        places = ", ".join(
            f"{p}. <bdi>{html.escape(shown_name(n))}</bdi> ({t})" for p, n, t in sheet.places()
        )
        self._table.value = (
            "<table class='cfw-table'><caption>Score sheet (lowest total wins)</caption>"
            f"<thead><tr><th scope='col'>Round</th>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody>"
            f"<tfoot><tr><th scope='row'>Total</th>{totals}</tr></tfoot></table>"
            f"<p>Standings: {places}</p>"
        )

    def __repr__(self) -> str:
        done = plural(len(self.sheet().rounds), "round")
        return f"<ScoreKeeper {', '.join(self.names)}: {done} complete>"
