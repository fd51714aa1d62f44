"""A room's game in words for the teacher's and the host's pages: where it stands, the totals.

Built only from what the whole table sees (names, whose turn, finished rounds' scores).
"""

from __future__ import annotations

from .._shared import name_in_text
from ..core import Game, Round

__all__ = ["game_words"]


def game_words(rnd: Round, game: Game | None = None) -> tuple[str, str]:
    """The state of a room's game in words, and its totals, from what the table can see.

    ``game`` is the game ``rnd`` belongs to (``None``: a lone round).

    >>> import cfwidget as cf
    >>> game = cf.Game(["Ann", "Bob"], seed=1)
    >>> game_words(game.round, game)
    ('Round 1 of 10: Bob to move.', 'No round finished yet.')
    """
    names = [name_in_text(n) for n in rnd.names]
    if game is None:
        finished: list[tuple[int, ...]] = [tuple(rnd.scores())] if rnd.is_over else []
        where = "This round"
    else:
        total = game.rounds_total
        where = f"Round {game.round_number}" + (f" of {total}" if total else "")
        finished = list(game.sheet.rounds)
    if not finished:
        scores = "No round finished yet."
    else:
        totals = [sum(r[i] for r in finished) for i in range(len(names))]
        after = "1 round" if len(finished) == 1 else f"{len(finished)} rounds"
        listed = ", ".join(f"{n} {t}" for n, t in zip(names, totals, strict=True))
        scores = f"Totals after {after} (lowest wins): {listed}."
    if game is not None and game.is_over:
        first = [name_in_text(n) for place, n, _ in game.places() if place == 1]
        won = f"{first[0]} wins" if len(first) == 1 else f"{' and '.join(first)} share first place"
        return f"Game over: {won}.", scores
    if rnd.is_over:
        return f"{where} is over: a player presses Next to go on.", scores
    return f"{where}: {names[rnd.turn]} to move.", scores
