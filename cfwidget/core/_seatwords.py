"""Every sentence for one seat, made from that seat's :class:`Observation` only.

The rule in force (:func:`rule_line`), why a move or a tile is refused
(:func:`refusal`, :func:`tile_refusal`) and what the seat to move can do
(:func:`what_to_do`) read nothing but the observation, so they cannot name a
tile the seat has not seen: another seat's drawn tile is "a tile", never its
numbers. Advice names only the actions legal at that moment: after a drawn tile
that does not fit, the only thing to do is pass, and the words say so.

>>> from cfwidget import Round, Rules
>>> rnd = Round.deal(Rules(), players=2, seed=3)
>>> rule_line(rnd.observation(0))
'the centre double 9-9 still needs 4 spokes (tiles with a 9)'
>>> what_to_do(rnd.observation(0))
'play a tile with a 9 on 9-9'
"""

from __future__ import annotations

from .._shared import article, plural
from ._moves import DRAW, PASS, Move, MoveLike, to_move
from ._observation import Observation
from ._tiles import Tile, TileLike, to_tile

__all__ = ["SAYING_LAST", "how_it_ended", "refusal", "rule_line", "tile_refusal", "what_to_do"]

#: What a play that announces the last tile adds to its words ("2-0 on 2-2, saying 'last tile'").
SAYING_LAST = ", saying 'last tile'"

OVER = "the round is over: no more moves can be made"


def how_it_ended(obs: Observation) -> str | None:
    """Why the round ended, in plain words (``None`` while it goes on).

    >>> from cfwidget import Round, Rules
    >>> how_it_ended(Round.deal(Rules(), players=2, seed=3).observation(0)) is None
    True
    """
    if not obs.over:
        return None
    if obs.went_out is not None:
        return f"{obs.names[obs.went_out]} went out"
    if obs.end_reason == "all-passed":
        passes = plural(obs.players, "pass", "passes")
        return f"every player passed in turn ({passes} in a row)"
    return "the chicken yard is empty and nobody can play"


def _forced_rule(obs: Observation) -> str:
    """The double to fill first, or that any open end will do."""
    f = obs.forced
    if f is None:
        return "play on any open end"
    what = "centre double" if f == obs.start else "chicken foot on"
    part = "spoke" if f == obs.start else "toe"
    return f"the {what} {f} still needs {plural(obs.needed, part)} (tiles with {article(f[0])})"


def rule_line(obs: Observation) -> str:
    """The rule that limits play now, in plain words, for the seat that observes.

    The seat to move hears its drawn tile named; any other seat hears only that
    a tile was drawn.

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.from_deal(Rules(max_pip=3, spokes=3, hand_size=2),
    ...     hands=[["3-3", "0-0"], ["3-2", "1-0"]],
    ...     boneyard=["1-1", "2-2", "2-1", "2-0", "3-1", "3-0"])
    >>> rnd.play("3-2@3-3"); rnd.play("draw")
    >>> rule_line(rnd.observation(0)).split("; ")[1]
    'the drawn tile 1-1 does not fit, so pass'
    >>> rule_line(rnd.observation(1)).split("; ")[1]
    'Player 1 has drawn a tile: Player 1 plays it if it fits, or passes'
    """
    if obs.over:
        return f"the round is over: {how_it_ended(obs)}"
    rule = _forced_rule(obs)
    if obs.has_drawn:  # the turn goes on with the tile just drawn, or a pass
        drawn = obs.drawn
        if drawn is None:  # another seat drew: the tile is not this seat's to know
            name = obs.names[obs.turn]
            rule += f"; {name} has drawn a tile: {name} plays it if it fits, or passes"
        elif obs.plays:
            how = "must" if obs.rules.must_play_drawn else "may"
            rule += f"; after drawing, only the drawn tile {drawn} {how} be played"
        else:
            rule += f"; the drawn tile {drawn} does not fit, so pass"
    if obs.rules.round_end == "all-passed":
        k = obs.passes_in_a_row
        if k:
            rule += (
                f"; {plural(k, 'player')} in turn {'has' if k == 1 else 'have'} passed, "
                f"and the round ends if all {obs.players} do"
            )
    return rule


def what_to_do(obs: Observation) -> str:
    """What the seat to move can do now, naming only legal actions (``""`` for other seats).

    >>> from cfwidget import Round, Rules
    >>> rnd = Round.from_deal(Rules(max_pip=3, spokes=3, hand_size=2),
    ...     hands=[["3-3", "0-0"], ["3-2", "1-0"]],
    ...     boneyard=["1-1", "2-2", "2-1", "2-0", "3-1", "3-0"])
    >>> what_to_do(rnd.observation(1))
    'play a tile with a 3 on 3-3'
    >>> rnd.play("3-2@3-3"); what_to_do(rnd.observation(0))
    'Player 1 has no tile that fits: draw from the chicken yard'
    >>> rnd.play("draw"); what_to_do(rnd.observation(0))
    'the drawn tile 1-1 does not fit, so pass'
    """
    if not obs.to_move:
        return ""
    legal = obs.legal_moves
    name, drawn, f = obs.names[obs.turn], obs.drawn, obs.forced
    if obs.plays:
        if drawn is not None:
            act = f"play the drawn tile {drawn}" + ("" if f is None else f" on {f}")
        elif f is not None:
            act = f"play a tile with {article(f[0])} on {f}"
        else:
            act = "play on an open end"
        return act + (", or pass" if PASS in legal else "")
    if drawn is not None:
        return f"the drawn tile {drawn} does not fit, so pass"
    if DRAW in legal:
        return f"{name} has no tile that fits: draw from the chicken yard"
    return f"{name} has no tile that fits and the chicken yard is empty: pass"


def _not_now(obs: Observation) -> str | None:
    """Why the observing seat can do nothing now (the round is over, or not its turn)."""
    if obs.over:
        return OVER
    if obs.seat is None:
        return f"it is {obs.names[obs.turn]}'s turn; the table's view plays for nobody"
    if not obs.to_move:
        return f"it is {obs.names[obs.turn]}'s turn, not {obs.names[obs.seat]}'s"
    return None


def refusal(obs: Observation, move: MoveLike) -> str | None:
    """Why ``move`` is not allowed for the observing seat now, or ``None`` if it is.

    Text that is not a move raises :class:`~cfwidget.NotationError`.

    >>> from cfwidget import Round, Rules
    >>> obs = Round.deal(Rules(), players=2, seed=3).observation(0)
    >>> refusal(obs, "draw")
    'Player 1 has a tile that fits, so Player 1 must play instead of drawing'
    >>> refusal(obs, obs.legal_moves[0]) is None
    True
    """
    m = to_move(move)
    closed = _not_now(obs)
    if closed is not None:
        return closed
    if m in obs.legal_moves:
        return None
    return explain(obs, m)


def explain(obs: Observation, m: Move) -> str:
    """Why ``m`` is not allowed now, in words a learner understands (``m`` is not legal)."""
    if obs.over:
        return OVER
    name = obs.names[obs.turn]
    drawn, plays = obs.drawn, obs.plays
    if m.kind == "draw":
        if drawn is not None:
            return f"{name} has already drawn this turn: {what_to_do(obs)}"
        if plays:
            return f"{name} has a tile that fits, so {name} must play instead of drawing"
        return "the chicken yard is empty, so there is nothing to draw: pass instead"
    if m.kind == "pass":
        if drawn is not None:
            return f"the drawn tile {drawn} fits, and these rules say it must be played"
        if plays:
            return f"{name} has a tile that fits, so passing is not allowed: {name} must play it"
        return (
            f"{name} has no tile that fits, so passing is not allowed yet: "
            "draw from the chicken yard first"
        )
    t, u = m.tile, m.onto
    if t is None or u is None:  # never: a play names both tiles
        return f"{m} is not allowed now"
    if t not in obs.hand:
        return f"{name} does not hold {t}"
    if drawn is not None and t != drawn:
        return _only_drawn(obs, drawn)
    place = _place_of(obs, u)
    if place is None:
        return f"{u} is not on the table"
    n, free = place
    if not free:
        if u == obs.start:
            return f"the centre double {u} already has all its spokes"
        if u[0] == u[1]:
            return f"the chicken foot on {u} already has all its toes"
        return f"{u} is already covered: {what_to_do(obs)}"
    f = obs.forced
    if f is not None and u != f:
        return f"{_forced_rule(obs)}{': ' if plays else '; '}{what_to_do(obs)}"
    if not t.has(n):
        return f"{t} does not match {u}: the open end of {u} shows {n}"
    if drawn is not None and not plays:
        return what_to_do(obs)
    if m.announce:
        if obs.rules.last_tile == "silent":
            return "these rules do not use announcing the last tile ('!')"
        return "announce ('!') only with the play that leaves you one tile"
    return f"{m} is not allowed now"


def _only_drawn(obs: Observation, drawn: Tile) -> str:
    words = f"after drawing, only the drawn tile {drawn} may be played this turn"
    return words if obs.plays else f"{words}, and it does not fit: pass"


def _place_of(obs: Observation, tile: Tile) -> tuple[int, int] | None:
    """``(open number, free places)`` of a table tile, or ``None`` if it is not laid."""
    for t, n, free in obs.open_ends:
        if t == tile:
            return n, free
    if any(p.tile == tile for p in obs.table):
        return -1, 0
    return None


def tile_refusal(obs: Observation, tile: TileLike) -> str | None:
    """Why the observing seat cannot play ``tile`` anywhere now, or ``None`` if it can.

    >>> from cfwidget import Round, Rules
    >>> obs = Round.deal(Rules(), players=2, seed=3).observation(0)
    >>> tile_refusal(obs, "6-5")
    '6-5 cannot be played now: the centre double 9-9 still needs 4 spokes (tiles with a 9)'
    >>> tile_refusal(obs, "9-7") is None
    True
    """
    t = to_tile(tile)
    closed = _not_now(obs)
    if closed is not None:
        return closed
    if any(m.tile == t for m in obs.legal_moves):
        return None
    name, drawn = obs.names[obs.turn], obs.drawn
    if t not in obs.hand:
        return f"{name} does not hold {t}"
    if drawn is not None and t != drawn:
        return _only_drawn(obs, drawn)
    if obs.forced is not None:
        return f"{t} cannot be played now: {rule_line(obs)}"
    shown = [str(n) for n in sorted(obs.fitting_numbers())]
    ends = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return f"{t} matches no open end (the open ends show {ends})"
