"""Pictures, tables and small simulations for the probability course (notebooks 10 to 14).

Exact answers come from :mod:`cfwidget.odds`; the helpers here
set them next to simulated ones, draw them with matplotlib (fixed figure sizes) and build the
slider explorer. Every simulation is seeded, so a notebook shows the same numbers each run.

>>> from cfwidget import odds
>>> table = compare(odds.start_double_draws(6, players=4, hand_size=5), [0, 0, 1, 0])
>>> table.loc[0].tolist()
[0.7143, 0.75, 0.2259, 0.1581]
"""

from __future__ import annotations

import io
import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import pandas as pd
from matplotlib.figure import Figure

from .._shared import check_seed, seed_at, shown
from ..core import Round, Rules, Tile, full_set, set_size
from ..players import Bot, BotError, check_bot
from . import _exact as odds
from . import _seat as seat_odds
from ._errors import OddsError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
__all__ = [
    "Explorer",
    "OddsExplorer",
    "calibration",
    "compare",
    "deal_figure",
    "dealt_hand_costs",
    "draw_checks",
    "plot_exact_vs_simulated",
    "png",
    "replay",
    "resampled_foot_draws",
    "set_buttons",
    "slider",
    "watch_seat",
]

EXACT_COLOUR = "#9ecae1"
SIMULATED_COLOUR = "#d94801"


# --- exact next to simulated ------------------------------------------------------------------


def _binned(exact: pd.Series, outcomes: Iterable[Hashable], width: int) -> tuple[Any, Counter[Any]]:
    def key(outcome: Hashable) -> Hashable:
        if width == 1 or not isinstance(outcome, int):
            return outcome
        return outcome // width * width

    probs: dict[Hashable, Fraction] = {}
    for outcome, p in exact.items():
        probs[key(outcome)] = probs.get(key(outcome), Fraction(0)) + Fraction(p)
    return probs, Counter(key(o) for o in outcomes)


def compare(
    exact: pd.Series, outcomes: Iterable[Hashable], bin_width: int = 1, digits: int = 4
) -> pd.DataFrame:
    """Exact chances next to simulated frequencies, with standard errors and z-scores.

    ``exact`` is a distribution from :mod:`cfwidget.odds` (outcome -> exact chance) and
    ``outcomes`` the simulated outcomes, one per sample. ``bin_width`` groups whole-number
    outcomes into bins (``10`` puts 40..49 together, labelled 40). Columns: ``exact``,
    ``simulated`` (the share of samples), ``std_error`` (how far a simulated share typically
    strays from the exact chance with this many samples: the square root of p(1 - p) / n)
    and ``z`` (the gap in standard errors). Floats are rounded to ``digits``.
    """
    if not isinstance(exact, pd.Series):
        raise OddsError(
            "exact is a distribution from cfwidget.odds (a pandas Series: outcome -> chance), "
            f"got {shown(exact)}"
        )
    if isinstance(outcomes, (str, bytes)) or not isinstance(outcomes, Iterable):
        raise OddsError(f"outcomes is a list of simulated outcomes, got {shown(outcomes)}")
    samples = list(outcomes)
    n = len(samples)
    if n == 0:
        raise OddsError("give at least one simulated outcome")
    probs, counts = _binned(exact, samples, bin_width)
    unknown = sorted(str(k) for k in counts if k not in probs)
    if unknown:
        raise OddsError(f"simulated outcomes the exact distribution does not have: {unknown}")
    rows = []
    for outcome, p in probs.items():
        share = counts.get(outcome, 0) / n
        se = math.sqrt(float(p * (1 - p)) / n)
        z = (share - float(p)) / se if se > 0 else 0.0
        rows.append((outcome, float(p), share, se, z))
    frame = pd.DataFrame(rows, columns=["outcome", "exact", "simulated", "std_error", "z"])
    table: pd.DataFrame = frame.set_index("outcome").round(digits)
    table.index.name = exact.index.name
    return table


def plot_exact_vs_simulated(
    exact: pd.Series,
    outcomes: Iterable[Hashable],
    *,
    title: str,
    xlabel: str,
    bin_width: int = 1,
    ax: Axes | None = None,
) -> Figure:
    """Bars for the exact distribution, dots with error bars for the simulated shares.

    The error bars reach two standard errors either side of each simulated share: about 19
    times in 20 the top of the exact bar lies within them. Arguments as in :func:`compare`,
    plus the ``title`` and ``xlabel`` of the picture; ``ax`` draws into an existing axes.
    """
    table = compare(exact, outcomes, bin_width, digits=12)
    if odds.NEVER in table.index and not table.loc[odds.NEVER, ["exact", "simulated"]].any():
        table = table.drop(odds.NEVER)  # an impossible "never" needs no empty slot
    if ax is None:
        fig = Figure(figsize=(7.5, 3.2))
        ax = fig.add_subplot()
    fig = ax.get_figure()  # type: ignore[assignment]
    x = list(range(len(table)))
    ax.bar(x, table["exact"], color=EXACT_COLOUR, label="exact")
    ax.errorbar(
        x,
        table["simulated"],
        yerr=2 * table["std_error"],
        fmt="o",
        markersize=3.5,
        color=SIMULATED_COLOUR,
        capsize=2,
        label="simulated, ± 2 standard errors",
    )
    labels = [str(k) for k in table.index]
    step = max(1, len(labels) // 12)
    ax.set_xticks(x[::step], labels[::step])
    ax.set_xlabel(xlabel)
    ax.set_ylabel("chance")
    ax.set_title(title)
    ax.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    return fig


# --- simulated samples ------------------------------------------------------------------------


def dealt_hand_costs(rules: Rules, players: int, deals: int, seed: int) -> pd.Series:
    """What seat 0's hand would cost as dealt, over ``deals`` seeded deals of the engine.

    The hand is taken from each round's record (before any draw for the starting double),
    and each tile costs what :meth:`Rules.penalty` says.

    >>> from cfwidget import Rules
    >>> dealt_hand_costs(Rules(hand_size=9), players=4, deals=3, seed=1).tolist()
    [92, 88, 70]
    """
    seed = check_seed(seed, OddsError)
    costs = []
    for i in range(deals):
        rnd = Round.deal(rules, players, seed=seed_at(seed, i))
        hand = rnd.to_dict()["deal"]["hands"][0]
        costs.append(sum(rules.penalty(t) for t in hand))
    return pd.Series(costs, name="penalty", dtype=int)


def _seat_worlds(rnd: Round, seat: int, rng: random.Random) -> Iterable[tuple[list[Tile], int]]:
    """Endless resampled worlds from ``seat``'s view: (the yard in draw order, tiles of the
    waiting double's number in all hands). The unseen tiles are shuffled into the other hands
    (by their counts) and the yard."""
    unseen = seat_odds.unseen_tiles(rnd, seat)
    in_hands = sum(len(h) for s, h in enumerate(rnd.hands) if s != seat)
    forced = rnd.forced
    number = forced[0] if forced is not None else -1
    own = sum(1 for t in rnd.hands[seat] if t.has(number))
    while True:
        rng.shuffle(unseen)
        others = unseen[:in_hands]
        yield unseen[in_hands:], own + sum(1 for t in others if t.has(number))


def resampled_foot_draws(rnd: Round, seat: int, samples: int, seed: int) -> list[int | str]:
    """Simulated fewest yard draws before the waiting double can be finished, from ``seat``'s
    view: the tiles it cannot see are reshuffled into the other hands and the yard
    ``samples`` times (seeded). Compare with ``seat_odds.foot_outlook(rnd, seat)["draws"]``.
    """
    outlook = seat_odds.foot_outlook(rnd, seat)
    number, needed = outlook["double"][0], outlook["needed"]
    rng = random.Random(check_seed(seed, OddsError))
    out: list[int | str] = []
    worlds = iter(_seat_worlds(rnd, seat, rng))
    for _ in range(samples):
        yard, in_hands = next(worlds)
        places = [i + 1 for i, t in enumerate(yard) if t.has(number)]
        missing = needed - in_hands
        if missing <= 0:
            out.append(0)
        elif missing > len(places):
            out.append(odds.NEVER)
        else:
            out.append(places[missing - 1])
    return out


# --- a seat's eye view of a real round --------------------------------------------------------


def _fits(rnd: Round, tile: Tile) -> bool:
    numbers = rnd.fitting_numbers()
    return tile[0] in numbers or tile[1] in numbers


def _check_bots(bots: object, players: int) -> None:
    """A ``BotError`` unless ``bots`` holds one bot for each of the ``players`` seats."""
    if not isinstance(bots, Sequence) or len(bots) != players:
        got = str(len(bots)) if isinstance(bots, Sequence) else repr(bots)[:60]
        raise BotError(f"give one bot for every seat ({players}), got {got}")
    for seat, bot in enumerate(bots):
        check_bot(bot, f"the bot of seat {seat}")


def replay(rnd: Round, bots: Sequence[Bot], until: int | Callable[[Round], bool]) -> Round:
    """A copy of ``rnd`` played on by ``bots`` (one per seat) to a moment of interest.

    ``until`` is a move count (stop once the round's history holds that many moves) or a
    test of the position (stop at the first position where it is true). Stops early if the
    round ends.

    >>> from cfwidget import Round, Rules
    >>> from cfwidget.players import greedy
    >>> rnd = Round.deal(Rules(hand_size=9), 4, seed=5)
    >>> len(replay(rnd, [greedy] * 4, until=10).history), len(rnd.history)
    (10, 0)
    """
    play = rnd.copy()
    _check_bots(bots, play.players)

    def done(position: Round) -> bool:
        if isinstance(until, int):
            return len(position.history) >= until
        return until(position)

    while not play.is_over and not done(play):
        play.play(bots[play.turn](play.observation(play.turn)))
    return play


def watch_seat(rnd: Round, bots: Sequence[Bot], seat: int) -> pd.DataFrame:
    """Play a copy of ``rnd`` out with ``bots`` and note ``seat``'s odds each time it must draw.

    One row for every turn on which ``seat`` holds no tile that fits and draws: the move
    number, its hand size, the yard, the tiles it cannot see and how many of them fit, its
    chance that the next draw fits (``Round.draw_odds``), and if the table stayed put
    (:func:`cfwidget.odds.wait_until_playable`) the chance it never finds a tile that fits
    before the yard runs out and the draws it should expect when it does; then what happened:
    the tile drawn, whether it fitted, and how many draws it really took until the seat next
    played a tile (the table does change meanwhile; empty if the round ended first).
    """
    play = seat_odds._check_round(rnd).copy()
    seat = seat_odds._check_seat(play, seat)
    _check_bots(bots, play.players)
    rows: list[dict[str, Any]] = []
    draws_since: list[int] = []  # open rows, waiting for the seat's next play
    while not play.is_over:
        turn = play.turn
        if turn == seat and play.drawn is None and play.yard_count and not play.can_play(seat):
            view = seat_odds.draw_outlook(play, seat)
            rows.append(
                {
                    "move": len(play.history) + 1,
                    "hand": len(play.hands[seat]),
                    "yard": view["yard"],
                    "unseen": view["unseen"],
                    "fitting": view["fitting"],
                    "chance next draw fits": round(float(view["p_next_fits"]), 3),
                    "chance it never fits": round(float(view["p_never"]), 3),
                    "expected draws if one fits": (
                        None
                        if view["expected_draws_if_found"] is None
                        else round(float(view["expected_draws_if_found"]), 2)
                    ),
                }
            )
            draws_since.append(len(rows) - 1)
        move = bots[turn](play.observation(turn))
        play.play(move)
        if turn != seat:
            continue
        if move.kind == "draw":
            drawn = play.drawn
            assert drawn is not None
            if rows and "drew" not in rows[-1]:
                rows[-1]["drew"] = str(drawn)
                rows[-1]["it fits"] = _fits(play, drawn)
            for i in draws_since:
                rows[i]["draws it took"] = rows[i].get("draws it took", 0) + 1
        elif move.is_play:
            draws_since = []
    for i in draws_since:  # the round ended before the seat played again
        rows[i]["draws it took"] = None
    table: pd.DataFrame = pd.DataFrame(rows)
    if not table.empty:
        table["draws it took"] = table["draws it took"].astype("Int64")
    return table


def draw_checks(
    rules: Rules,
    players: int,
    bots: Sequence[Bot],
    rounds: int,
    seed: int,
    *,
    also: Callable[[Round, int, int], dict[str, Any]] | None = None,
) -> pd.DataFrame:
    """Every draw by a seat that could not play, over ``rounds`` seeded rounds of ``bots``.

    One row per such draw: ``tiles_on_table``, the seat's chance that the draw fits
    (``Round.draw_odds``, from what it can count) and whether the drawn tile could be played
    (the engine's answer). Comparing the two columns asks whether the seat's count is right
    in real play, where the other hands are not a random part of the unseen tiles.
    ``also(rnd, seat, i)``, called before each such draw of round ``i``, adds columns (another
    chance to compare, say).
    """
    seed = check_seed(seed, OddsError)
    for s, bot in enumerate(bots):
        check_bot(bot, f"the bot of seat {s}")
    rows = []
    for i in range(rounds):
        rnd = Round.deal(rules, players, seed=seed_at(seed, i))
        while not rnd.is_over:
            turn = rnd.turn
            must_draw = rnd.drawn is None and rnd.yard_count and not rnd.can_play(turn)
            row: dict[str, Any] | None = None
            if must_draw:
                row = {"tiles_on_table": len(rnd.table), "chance": float(rnd.draw_odds(turn))}
                if also is not None:
                    row.update(also(rnd, turn, i))
            rnd.play(bots[turn](rnd.observation(turn)))
            if row is not None:
                row["fitted"] = any(m.is_play for m in rnd.legal_moves())
                rows.append(row)
    table: pd.DataFrame = pd.DataFrame(rows)
    return table


def calibration(
    checks: pd.DataFrame, edges: Sequence[int] = (0, 1, 5, 15, 1000), chance: str = "chance"
) -> pd.DataFrame:
    """Is the seat's count right? :func:`draw_checks` grouped by how full the table is.

    ``edges`` cut the tiles on the table into groups (the default: just the centre double;
    2 to 5; 6 to 15; 16 or more). ``chance`` names the column of chances to judge (the plain
    count ``"chance"``, or ``"sharper"`` from :func:`cfwidget.odds.sharper_checks`). Per
    group: ``draws``, the average ``chance``, the share of draws that ``fitted``, its 95%
    Wilson interval ``low`` .. ``high``, and ``z``, the gap between the two in standard errors
    (from the chances themselves).
    """
    from ..players import wilson_interval

    if not isinstance(checks, pd.DataFrame) or "tiles_on_table" not in checks:
        raise OddsError(f"checks is the table draw_checks() returns, got {shown(checks)}")
    columns = set(checks.columns) - {"tiles_on_table", "fitted"}
    if not isinstance(chance, str) or chance not in columns:
        raise OddsError(
            f"chance names the column of chances to judge, like 'chance' or 'sharper'; "
            f"got {shown(chance)}"
        )
    checks = checks.assign(chance=checks[chance])
    labels = [
        f"{low + 1}" if high == low + 1 else f"{low + 1} to {high}" for low, high in pairwise(edges)
    ]
    labels[-1] = f"{edges[-2] + 1} or more"
    groups = pd.cut(checks["tiles_on_table"], list(edges), labels=labels)
    rows = {}
    for label, group in checks.groupby(groups, observed=True):
        n = len(group)
        fitted = int(group["fitted"].sum())
        low, high = wilson_interval(fitted, n)
        spread = float((group["chance"] * (1 - group["chance"])).sum())
        z = (fitted - float(group["chance"].sum())) / math.sqrt(spread) if spread else 0.0
        rows[str(label)] = {
            "draws": n,
            "chance": round(float(group["chance"].mean()), 3),
            "fitted": round(fitted / n, 3),
            "low": round(low, 3),
            "high": round(high, 3),
            "z": round(z, 1),
        }
    table: pd.DataFrame = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "tiles on the table"
    return table


# --- the deal, for any table: a figure and the slider explorer ---------------------------------


def _holds_beside_double(max_pip: int, hand_size: int) -> Fraction:
    """Chance that a hand holds a tile of the double's number, the double being on the table:
    the hand is then a random part of the other tiles of the set."""
    double = Tile(max_pip, max_pip)
    others = [t for t in full_set(max_pip) if t != double]
    return odds.p_holds_number(max_pip, hand_size, max_pip, unseen=others)


def deal_figure(max_pip: int, players: int, hand_size: int) -> Figure:
    """Three exact pictures of a fresh deal: the starting double, a hand's cost, a spoke hunt.

    ``max_pip`` names the set (9 for double-9), ``players`` the seats and ``hand_size`` the
    tiles each is dealt. Left: how many yard draws until the starting double turns up (0:
    it was dealt). Middle: what a hand would cost (:func:`cfwidget.odds.hand_pips`, in bins
    of 10 points). Right: a seat with no tile of the double's number, drawing until one turns
    up while the table waits (:func:`cfwidget.odds.draws_until_fit`), with the chance it never
    does and the expected draws when it does. Its title gives the chance that a hand holds
    no tile of that number once the double is on the table (the hand is then a random part
    of the other tiles: 16.7% for double-9, 4 players, 9 each).
    """
    n = set_size(max_pip)
    start = odds.start_double_draws(max_pip, players, hand_size)
    blank = Rules().double_blank
    pips = odds.hand_pips(max_pip, hand_size, blank)
    # The right panel's seat: the double is on the table, not in its hand, so its hand is a
    # random part of the other tiles, and it hunts among the tiles it cannot see.
    hunt = odds.draws_until_fit(n - hand_size - 1, max_pip, n - players * hand_size)
    holds = _holds_beside_double(max_pip, hand_size)
    wait = odds.wait_for_fit(n - hand_size - 1, max_pip, n - players * hand_size)

    fig = Figure(figsize=(11.0, 3.2))
    axes = fig.subplots(1, 3)
    ax = axes[0]
    ax.bar(start.index.tolist(), start.astype(float).tolist(), color=EXACT_COLOUR)
    ax.set_title(f"Starting double dealt: {float(start[0]):.0%}", fontsize=10)
    ax.set_xlabel("draws until it turns up (0: dealt)")
    ax.set_ylabel("chance")

    binned: dict[int, float] = {}
    mean = 0.0
    for total, p in zip(pips.index.tolist(), pips.tolist(), strict=True):
        binned[total // 10 * 10] = binned.get(total // 10 * 10, 0.0) + float(p)
        mean += total * float(p)
    ax = axes[1]
    ax.bar([k + 5 for k in binned], list(binned.values()), width=9, color=EXACT_COLOUR)
    ax.axvline(mean, color=SIMULATED_COLOUR, linewidth=1)
    ax.set_title(f"A hand of {hand_size} costs {mean:.1f} on average", fontsize=10)
    ax.set_xlabel(f"penalty points (0-0 counts {blank})")

    numbered = hunt.drop(odds.NEVER)
    ax = axes[2]
    ax.bar(numbered.index.tolist(), numbered.astype(float).tolist(), color=EXACT_COLOUR)
    never = float(hunt[odds.NEVER])
    ax.set_title(f"No {max_pip} in a hand ({float(1 - holds):.1%}): hunting a spoke", fontsize=10)
    found = "" if wait.if_found is None else f"; {float(wait.if_found):.1f} on average if found"
    ax.set_xlabel(f"draws until one turns up (never: {never:.1%}{found})")
    fig.suptitle(
        f"double-{max_pip}, {players} players, {hand_size} each "
        f"({n - players * hand_size} tiles in the yard): exact chances, no simulation",
        fontsize=11,
    )
    fig.tight_layout()
    return fig


def png(fig: Figure) -> bytes:
    """The figure as PNG bytes (no software stamp, so the same figure gives the same bytes)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=80, metadata={"Software": None})
    return buffer.getvalue()


def slider(description: str, value: int, low: int, high: int) -> widgets.IntSlider:
    """A whole-number slider that reports its value when let go, not while dragged."""
    return widgets.IntSlider(
        value=value, min=low, max=high, description=description, continuous_update=False
    )


class Explorer(widgets.VBox):  # type: ignore[misc]
    """Controls above a summary (HTML) and a picture (a PNG in an ``Image``, so it needs no
    output capture); moving a control calls ``_changed``, which redraws both.

    ``controls`` maps each setting's name to its control, in order: :attr:`settings` and
    the ``repr`` (the same text every run of a saved notebook) read them.
    """

    def __init__(
        self, draw: Callable[[], tuple[str, bytes]], **controls: widgets.ValueWidget
    ) -> None:
        self._draw = draw  # the explorer's summary (HTML) and picture (PNG) for its settings
        self._controls = controls
        self._summary = widgets.HTML()
        self._image = widgets.Image(format="png")
        for control in controls.values():
            control.observe(self._changed, names="value")
        super().__init__([*controls.values(), self._summary, self._image])
        self._redraw()

    @property
    def settings(self) -> tuple[int, ...]:
        """The controls' values, in order."""
        return tuple(int(control.value) for control in self._controls.values())

    def _changed(self, change: dict[str, Any]) -> None:
        self._redraw()

    def _redraw(self) -> None:
        self._summary.value, self._image.value = self._draw()

    def __repr__(self) -> str:
        named = ", ".join(f"{k}={v}" for k, v in zip(self._controls, self.settings, strict=True))
        return f"{type(self).__name__}({named})"


def set_buttons(max_pip: int) -> widgets.ToggleButtons:
    """Buttons for the set an explorer offers: double-6, 9 or 12 (``OddsError`` otherwise)."""
    if max_pip not in (6, 9, 12):
        raise OddsError(f"the explorer offers double-6, 9 and 12, got double-{shown(max_pip)}")
    options = [("double-6", 6), ("double-9", 9), ("double-12", 12)]
    return widgets.ToggleButtons(options=options, value=max_pip, description="Set")


class OddsExplorer(Explorer):
    """Sliders for the set, the players and the hand size that redraw :func:`deal_figure`.

    >>> OddsExplorer(max_pip=6, players=2, hand_size=7)
    OddsExplorer(max_pip=6, players=2, hand_size=7)
    """

    def __init__(self, max_pip: int = 9, players: int = 4, hand_size: int = 9) -> None:
        odds.p_start_double_dealt(max_pip, players, hand_size)  # rejects impossible tables
        self._set = set_buttons(max_pip)
        self._players = slider("Players", players, 2, 8)
        self._hand = slider("Hand size", hand_size, 1, set_size(max_pip) // players)
        super().__init__(
            self._drawn, max_pip=self._set, players=self._players, hand_size=self._hand
        )

    def _changed(self, change: dict[str, Any]) -> None:
        max_pip, players, _ = self.settings
        self._hand.max = set_size(max_pip) // players  # also clamps the value
        self._redraw()

    def _drawn(self) -> tuple[str, bytes]:
        max_pip, players, hand_size = self.settings
        dealt = odds.p_start_double_dealt(max_pip, players, hand_size)
        holds = _holds_beside_double(max_pip, hand_size)
        summary = (
            f"<p>The starting double {max_pip}-{max_pip} is dealt with chance "
            f"<b>{dealt}</b> ({float(dealt):.1%}); once it is on the table, a hand holds a "
            f"{max_pip} with chance <b>{float(holds):.1%}</b>.</p>"
        )
        return summary, png(deal_figure(max_pip, players, hand_size))
