"""The widget's view model: the one typed structure the browser receives, and how it is built.

:class:`View` is everything the farmyard view draws, as one ``TypedDict``. It is
mirrored field by field by the ``@typedef`` comments of the front end's ``js/view.js``
(a test compares the two). Every row is an object with
named fields: a tile on the table is a :class:`PlacedTile`, a line of the move
log a :class:`LogEntry`, a past round on the score sheet a :class:`SheetRound`.

:func:`build_view` makes a ``View`` from one seat's observation of a round, the
farmyard's layout and what the widget adds (its version stamp, whose move it
waits for, the status line). It shows only what that seat may know.

>>> import cfwidget as cf
>>> from cfwidget.widget import GameWidget
>>> view = GameWidget(cf.Game(["Ann", "Bob"], seed=0)).view
>>> view["table"][0]["tile"], view["bounds"]
('9-9', {'min_x': -0.5, 'min_y': -1.0, 'max_x': 0.5, 'max_y': 1.0})
>>> view["hand"][0]["targets"]  # doctest: +NORMALIZE_WHITESPACE
[{'move': '9-1@9-9', 'say': None, 'onto': '9-9', 'text': 'on 9-9 (the centre double)',
  'badge_x': 1.1, 'badge_y': 0.0}]
>>> view["players"][1], view["cue"]
({'name': 'Bob', 'count': 20, 'kind': 'bot', 'to_move': False, 'total': 0}, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypedDict

from .._shared import name_in_text, shown_name
from ..core import Game, Move, Observation, Round, rule_line
from ..table import TilePlacement, badge_spots, bounds
from ._args import Pace
from ._words import idle_words, move_words, onto_words, open_words, opening_words, or_list

__all__ = [
    "Bounds",
    "Controls",
    "Cue",
    "Guided",
    "HandTile",
    "Hint",
    "LogEntry",
    "PlacedTile",
    "Player",
    "PlayerKind",
    "Result",
    "RoundInfo",
    "Sheet",
    "SheetRound",
    "Standing",
    "Target",
    "View",
    "Waiting",
    "build_view",
    "caption_words",
    "placed_tile",
    "result_view",
    "rule_words",
    "sentence",
    "standings_view",
    "state_words",
    "status_words",
    "title_words",
    "waiting_for",
    "where_words",
    "winner_words",
]

#: Whose move the view waits for: this seat's person, a bot (Next moves it), another
#: person, the end of a round or of the game, or a therapist's pause (guided play).
Waiting = Literal["you", "bot", "other", "round-over", "game-over", "paused"]
#: Who plays a seat, as the players list shows it.
PlayerKind = Literal["you", "bot", "player"]


class PlacedTile(TypedDict):
    """One tile on the table where the board draws it (a tile is 2 units long and 1 wide).

    ``x, y`` is its centre, ``angle`` its long axis in degrees (y downwards),
    ``first`` the number on the half towards ``-angle`` and ``second`` the other;
    ``onto`` is the index of the tile it was played onto (``None`` for the centre),
    ``heading`` the direction play goes on from it; ``linked`` marks a tile laid apart
    from the tile it was played onto (no room beside it), drawn with a line to that tile.
    """

    tile: str
    x: float
    y: float
    angle: float
    first: int
    second: int
    role: str
    onto: int | None
    linked: bool
    heading: float


class Bounds(TypedDict):
    """The smallest box holding every tile on the table, in tile units."""

    min_x: float
    min_y: float
    max_x: float
    max_y: float


class Target(TypedDict):
    """One place a hand tile can go: the move to send, its ``!`` form, the end, in words.

    ``badge_x, badge_y`` is where the end's numbered badge goes, in tile units: on
    free felt beside the end (:func:`cfwidget.table.badge_spot`).
    """

    move: str
    say: str | None
    onto: str
    text: str
    badge_x: float
    badge_y: float


class HandTile(TypedDict):
    """A tile of the shown hand, with a hint in words and where it can be played now."""

    tile: str
    hint: str
    targets: list[Target]


class Player(TypedDict):
    """One seat in the players list: its tile count, who plays it, whether it is to move."""

    name: str
    count: int
    kind: PlayerKind
    to_move: bool
    total: int | None


class LogEntry(TypedDict):
    """One line of the move log: who moved and the move in words."""

    seat: int
    text: str


class RoundInfo(TypedDict):
    """Which round this is, of how many (``None``: played to a target total), its double."""

    number: int
    total: int | None
    start: str


class Result(TypedDict):
    """The end of a round: a title, and each seat's points (in seat order, like ``names``)."""

    title: str
    scores: list[int]
    names: list[str]


class Standing(TypedDict):
    """One player's place at the end of a game (players level after every tie-break share it)."""

    place: int
    name: str
    total: int


class SheetRound(TypedDict):
    """One past round on the score sheet: its label (its double) and each seat's points."""

    label: str
    scores: list[int]


class Sheet(TypedDict):
    """The game's score sheet: the rounds played and each seat's total."""

    rounds: list[SheetRound]
    totals: list[int]


class Cue(TypedDict):
    """Guided play: the ends to ring, a prompt, the tiles to lift, a move to show, OK."""

    level: int
    label: str
    ends: list[str]
    prompt: str
    move: str | None
    tile: str | None
    onto: str | None
    confirm: bool
    tiles: list[str]


class Hint(TypedDict):
    """The coach's advice for the shown seat's turn (``coach=True``): its sentence, the move
    to show, and the hand tile and table end to ring (``None`` for a draw or a pass)."""

    text: str
    move: str
    tile: str | None
    onto: str | None


class Guided(TypedDict):
    """Guided play: the session's settings and state the view acts on."""

    errorless: bool
    speech: bool
    sound: bool
    paused: bool
    ended: bool
    wait_ms: int | None
    turns: int
    show_fit: bool


class View(TypedDict):
    """Everything the farmyard view draws (the ``view`` trait), for one seat, or for the
    table (``seat`` is ``None``: no hand, and nothing a hand could do, is in it).

    ``cue`` and ``guided`` are ``None`` except in guided play, where the view
    creates its cue section. ``coach`` shows the Hint button; ``hint`` is the coach's
    advice once asked for, until the position changes. ``standings`` is ``None`` until
    the game is over. Names are shown as :func:`cfwidget.core.shown_name` gives them;
    inside sentences a right-to-left name is isolated (:func:`cfwidget.core.name_in_text`).
    """

    version: int
    seat: int | None
    names: list[str]
    title: str
    where: str
    round: RoundInfo
    players: list[Player]
    yard: int
    hand: list[HandTile]
    drawn: str | None
    table: list[PlacedTile]
    bounds: Bounds
    last: str | None
    forced: str | None
    needed: int
    can_draw: bool
    can_pass: bool
    announce: bool
    playing: bool
    waiting: Waiting
    auto_ms: int | None
    next_label: str
    can_undo: bool
    allow_undo: bool
    status: str
    rule: str
    last_words: str
    open_words: str
    idle_words: str
    log: list[LogEntry]
    opening: str
    result: Result | None
    sheet: Sheet | None
    standings: list[Standing] | None
    can_new_game: bool
    cue: Cue | None
    guided: Guided | None
    coach: bool
    hint: Hint | None


@dataclass(frozen=True)
class Controls:
    """What the widget adds to a seat's observation: its stamp, the seats, what it waits for."""

    version: int
    seat: int | None
    humans: frozenset[int]
    kinds: tuple[PlayerKind, ...]
    waiting: Waiting
    auto_ms: int | None
    next_label: str
    status: str
    can_undo: bool
    allow_undo: bool
    coach: bool = False
    hint: Hint | None = None


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop.

    >>> sentence("round 2 of 10")
    'Round 2 of 10.'
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _rounded(v: float) -> float:
    return round(v, 3) + 0.0


def placed_tile(p: TilePlacement) -> PlacedTile:
    """A placement as the board draws it (coordinates to a thousandth of a tile)."""
    return {
        "tile": str(p.tile),
        "x": _rounded(p.x),
        "y": _rounded(p.y),
        "angle": _rounded(p.angle),
        "first": p.first,
        "second": p.second,
        "role": p.role,
        "onto": p.onto,
        "linked": bool(p.linked),
        "heading": _rounded(p.heading),
    }


# -- words about the round ---------------------------------------------------------------------


def where_words(rnd: Round, game: Game | None) -> str:
    """``round 2 of 10`` (or ``one round from 9-9`` when a lone round is played)."""
    if game is None:
        return f"one round from {rnd.start}"
    total = game.rounds_total
    return f"round {game.round_number}" + (f" of {total}" if total else "")


def winner_words(game: Game) -> str:
    """``Ann wins``, or who shares first place when a full tie leaves no single winner.

    >>> import cfwidget as cf
    >>> winner_words(cf.Game(["Ann", "Bob"], seed=0))
    'nobody has won yet'
    """
    if not game.is_over:
        return "nobody has won yet"
    first = [name_in_text(name) for place, name, _ in game.places() if place == 1]
    if len(first) == 1:
        return f"{first[0]} wins"
    return f"{or_list(first).replace(' or ', ' and ')} share first place"


def state_words(rnd: Round, game: Game | None) -> str:
    """``Ann to move``, ``round over`` or ``game over, Ann wins``."""
    if game is not None and game.is_over:
        return f"game over, {winner_words(game)}"
    if rnd.is_over:
        return "round over"
    return f"{name_in_text(rnd.names[rnd.turn])} to move"


def title_words(rnd: Round, game: Game | None) -> str:
    """The title of the table's picture."""
    return f"Chicken Foot, {where_words(rnd, game)}: the table"


def caption_words(rnd: Round, game: Game | None) -> str:
    """The caption of the table's picture."""
    return sentence(f"{where_words(rnd, game)}, {state_words(rnd, game)}")


def rule_words(obs: Observation) -> str:
    """The rule that limits play now, in the engine's words for the seat that observes."""
    return "" if obs.over else sentence(rule_line(obs))


def waiting_for(
    rnd: Round,
    game: Game | None,
    seat: int | None,
    humans: Sequence[int],
    bots: Mapping[int, object],
    pace: Pace,
) -> tuple[Waiting, int | None, str]:
    """Whose move the view waits for, the bots' timer in ms (``None``: on Next) and Next's label."""
    if rnd.is_over:
        if game is not None and not game.is_over:
            return "round-over", None, "Next round"
        return "game-over", None, ""
    turn = rnd.turn
    if turn in bots:
        auto = None if pace == "click" else round(float(pace) * 1000)
        return "bot", auto, "Next move"
    if turn == seat and turn in humans:
        return "you", None, ""
    return "other", None, ""


def result_view(obs: Observation, game: Game | None) -> Result | None:
    """The round's result, once it is over."""
    if obs.over is False or obs.scores is None:
        return None
    names = obs.names
    out = obs.went_out
    title = (
        f"Round over: {name_in_text(names[out])} went out."
        if out is not None
        else "Round over: blocked, nobody can play."
    )
    if game is not None and game.is_over:
        title += f" Game over: {winner_words(game)}."
    return {"title": title, "scores": list(obs.scores), "names": [shown_name(n) for n in names]}


def standings_view(game: Game | None) -> list[Standing] | None:
    """The places and totals once the game is over (``None`` before, and for a lone round)."""
    if game is None or not game.is_over:
        return None
    return [{"place": p, "name": shown_name(n), "total": t} for p, n, t in game.places()]


def status_words(obs: Observation, waiting: Waiting, pace: Pace, game: Game | None) -> str:
    """The status line: whose turn it is and what they can do."""
    names = [name_in_text(n) for n in obs.names]
    turn = obs.turn
    if waiting == "you":
        drawn = obs.drawn
        if drawn is None:
            return f"Your turn, {names[turn]}."
        if obs.plays:
            if Move.PASS in obs.legal_moves:
                return f"You drew {drawn}. It fits: play it or pass."
            return f"You drew {drawn}. It fits, and these rules say to play it."
        return f"You drew {drawn}. It does not fit, so pass."
    if waiting == "bot":
        if pace == "click":
            return f"{names[turn]} (bot) to move: press Next."
        return f"{names[turn]} (bot) moves shortly."
    if waiting == "other":
        if obs.seat is None:  # the table's view: said to everyone, in the third person
            return f"{names[turn]} to move."
        return f"Waiting for {names[turn]} to move."
    result = result_view(obs, game)
    return "" if result is None else result["title"]


# -- the view ------------------------------------------------------------------------------------


def _hand(
    obs: Observation, laid: Sequence[TilePlacement], legal: Sequence[Move], playing: bool
) -> tuple[list[HandTile], bool]:
    """The shown hand with each tile's targets, and whether any play may announce ``!``."""
    targets: dict[str, list[Target]] = {}
    announce = False
    at = {p.tile: i for i, p in enumerate(laid)}
    moves = [(str(m), m) for m in legal]
    spots = badge_spots(laid, (at[m.onto] for _, m in moves if m.onto is not None))
    for text, move in moves:
        if move.tile is None or move.onto is None:
            continue  # draw and pass have no target
        say = move.announce
        announce = announce or say
        tile_text, onto_text = str(move.tile), str(move.onto)
        row = targets.setdefault(tile_text, [])
        if say:
            for item in row:
                if item["onto"] == onto_text:
                    item["say"] = text
            continue
        place = laid[at[move.onto]]
        x, y = spots[at[move.onto]]
        row.append(
            {
                "move": text,
                "say": None,
                "onto": onto_text,
                "text": onto_words(onto_text, place.role),
                "badge_x": _rounded(x),
                "badge_y": _rounded(y),
            }
        )
    hand: list[HandTile] = []
    for tile in sorted(obs.hand, reverse=True):
        key = str(tile)
        options = targets.get(key, [])
        if options:
            hint = "can go " + or_list([o["text"] for o in options])
        elif playing:
            hint = "cannot be played now"
        else:
            hint = ""
        hand.append({"tile": key, "hint": hint, "targets": options})
    return hand, announce


def _sheet(game: Game | None) -> Sheet | None:
    if game is None:
        return None
    sheet = game.sheet
    return {
        "rounds": [
            {"label": label, "scores": list(scores)}
            for label, scores in zip(sheet.labels, sheet.rounds, strict=True)
        ],
        "totals": list(sheet.totals),
    }


def build_view(
    rnd: Round,
    game: Game | None,
    obs: Observation,
    laid: Sequence[TilePlacement],
    controls: Controls,
) -> View:
    """The view of ``rnd`` for the seat whose observation ``obs`` is (see the module text)."""
    seat = controls.seat
    names = [shown_name(n) for n in obs.names]
    said = [name_in_text(n) for n in obs.names]
    roles = {p.tile: p.role for p in laid}
    playing = seat in controls.humans and obs.to_move
    legal = obs.legal_moves if playing else ()
    hand, announce = _hand(obs, laid, legal, playing)
    sheet = _sheet(game)
    totals = sheet["totals"] if sheet is not None else None
    players: list[Player] = [
        {
            "name": name,
            "count": count,
            "kind": controls.kinds[i],
            "to_move": not obs.over and obs.turn == i,
            "total": totals[i] if totals is not None else None,
        }
        for i, (name, count) in enumerate(zip(names, obs.hand_counts, strict=True))
    ]
    log: list[LogEntry] = [
        {"seat": s, "text": move_words(said[s], m, roles)} for s, m in obs.history
    ]
    opening = ""
    if obs.opening_draws:  # public: how many were drawn, and who drew the double
        opening = opening_words(obs.start, said[obs.opener], obs.opening_draws)
    last_tile = laid[-1].tile if len(laid) > 1 else None
    minx, miny, maxx, maxy = bounds(laid)
    return {
        "version": controls.version,
        "seat": seat,
        "names": names,
        "title": title_words(rnd, game),
        "where": sentence(where_words(rnd, game)),
        "round": {
            "number": game.round_number if game is not None else 1,
            "total": game.rounds_total if game is not None else 1,
            "start": str(obs.start),
        },
        "players": players,
        "yard": obs.yard_count,
        "hand": hand,
        "drawn": None if obs.drawn is None else str(obs.drawn),
        "table": [placed_tile(p) for p in laid],
        "bounds": {
            "min_x": _rounded(minx),
            "min_y": _rounded(miny),
            "max_x": _rounded(maxx),
            "max_y": _rounded(maxy),
        },
        "last": None if last_tile is None else str(last_tile),
        "forced": None if obs.forced is None else str(obs.forced),
        "needed": obs.needed,
        "can_draw": Move.DRAW in legal,
        "can_pass": Move.PASS in legal,
        "announce": announce,
        "playing": playing,
        "waiting": controls.waiting,
        "auto_ms": controls.auto_ms,
        "next_label": controls.next_label,
        "can_undo": controls.can_undo,
        "allow_undo": controls.allow_undo,
        "status": controls.status,
        "rule": rule_words(obs),
        "last_words": sentence(log[-1]["text"]) if log else "",
        "open_words": open_words(obs.open_ends, roles, obs.over),
        "idle_words": (
            idle_words(any(t["targets"] for t in hand), Move.DRAW in legal, Move.PASS in legal)
            if playing
            else ""
        ),
        "log": log,
        "opening": opening,
        "result": result_view(obs, game),
        "sheet": sheet,
        "standings": standings_view(game),
        "can_new_game": game is not None and game.is_over,
        "cue": None,
        "guided": None,
        "coach": controls.coach,
        "hint": controls.hint,
    }
