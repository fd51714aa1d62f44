"""The score sheet: one row per round, one column per player, lowest total wins.

Ties are broken as in the rule text 001: more zero-point rounds wins; if
still tied, the lowest non-zero round score wins.

>>> sheet = ScoreSheet(["Ann", "Bob", "Cy"])
>>> sheet.record([4, 12, 30], label="9-9")
>>> sheet.record([8, 0, 5], label="8-8")
>>> sheet.totals, sheet.standings()
([12, 12, 35], ['Bob', 'Ann', 'Cy'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .._shared import is_whole, plural

if TYPE_CHECKING:
    import pandas as pd

from ._errors import ScoreError

__all__ = ["MAX_ROUND_SCORE", "ScoreSheet", "check_player_names"]

MAX_ROUND_SCORE = 100_000


def check_player_names(names: Sequence[str]) -> tuple[str, ...]:
    """``names`` as a score sheet keeps them (trimmed), or a ScoreError saying what is wrong.

    >>> check_player_names([" Ann", "Bob "])
    ('Ann', 'Bob')
    """
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ScoreError(f"names must be a list of player names, got {names!r}")
    if not 2 <= len(names) <= 8:
        raise ScoreError(f"a score sheet needs 2 to 8 players, got {len(names)}")
    cleaned = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise ScoreError(f"each player needs a name (non-empty text), got {name!r}")
        if len(name) > 40:
            raise ScoreError(f"names are at most 40 characters, {name[:20]!r}... is {len(name)}")
        cleaned.append(name.strip())
    if len(set(cleaned)) != len(cleaned):
        raise ScoreError(f"player names must differ, got {', '.join(cleaned)}")
    return tuple(cleaned)


class ScoreSheet:
    """Round scores for a table of named players.

    ``record`` adds a round, ``edit`` corrects a past round; ``totals`` and
    ``standings`` are always derived from the rounds, never stored.
    """

    def __init__(self, names: Sequence[str]) -> None:
        self.names = check_player_names(names)
        self._rounds: list[tuple[int, ...]] = []
        self._labels: list[str] = []

    def _check_scores(self, scores: Sequence[int]) -> tuple[int, ...]:
        if isinstance(scores, str) or not isinstance(scores, Sequence):
            raise ScoreError(f"scores must be a list of whole numbers, got {scores!r}")
        if len(scores) != len(self.names):
            raise ScoreError(
                f"a round needs one score for each of the {len(self.names)} players, "
                f"got {len(scores)}"
            )
        for name, score in zip(self.names, scores, strict=True):
            if not is_whole(score):
                raise ScoreError(f"{name}'s score must be a whole number, got {score!r}")
            if not 0 <= score <= MAX_ROUND_SCORE:
                raise ScoreError(
                    f"{name}'s score must be from 0 to {MAX_ROUND_SCORE:,}, got {score}"
                )
        return tuple(scores)

    def record(self, scores: Sequence[int], label: str | None = None) -> None:
        """Add one round's scores (in seat order); ``label`` names it, e.g. its double."""
        row = self._check_scores(scores)
        if label is not None and not isinstance(label, str):
            raise ScoreError(f"a round label is text, got {label!r}")
        self._rounds.append(row)
        self._labels.append(label if label is not None else f"Round {len(self._rounds)}")

    def edit(self, index: int, scores: Sequence[int]) -> None:
        """Correct the scores of round ``index`` (0 is the first round).

        >>> s = ScoreSheet(["Ann", "Bob"]); s.record([3, 0]); s.edit(0, [4, 0]); s.totals
        [4, 0]
        """
        if not is_whole(index):
            raise ScoreError(f"a round number is a whole number, got {index!r}")
        if not 0 <= index < len(self._rounds):
            raise ScoreError(
                f"there is no round {index}; rounds run from 0 to {len(self._rounds) - 1}"
                if self._rounds
                else "there are no rounds to edit yet"
            )
        self._rounds[index] = self._check_scores(scores)

    def _remove_last(self) -> None:
        """Take the last round off the sheet (when its last move is taken back)."""
        self._rounds.pop()
        self._labels.pop()

    @property
    def rounds(self) -> tuple[tuple[int, ...], ...]:
        """Every round's scores, in seat order."""
        return tuple(self._rounds)

    @property
    def labels(self) -> tuple[str, ...]:
        """Each round's label."""
        return tuple(self._labels)

    @property
    def totals(self) -> list[int]:
        """Each player's total so far."""
        return [sum(r[i] for r in self._rounds) for i in range(len(self.names))]

    def _key(self, seat: int) -> tuple[int, int, float]:
        scores = [r[seat] for r in self._rounds]
        zeros = sum(1 for s in scores if s == 0)
        lowest = min((s for s in scores if s > 0), default=float("inf"))
        return (sum(scores), -zeros, lowest)

    def standings(self) -> list[str]:
        """Names, best first: lowest total, then more zero rounds, then lowest non-zero round.

        >>> s = ScoreSheet(["Ann", "Bob"]); s.record([0, 10]); s.record([10, 0])
        >>> s.record([5, 6]); s.record([6, 5]); s.standings()
        ['Ann', 'Bob']
        """
        order = sorted(range(len(self.names)), key=self._key)
        return [self.names[i] for i in order]

    def places(self) -> list[tuple[int, str, int]]:
        """``(place, name, total)`` best first; players tied after every tie-break share a place.

        >>> s = ScoreSheet(["Ann", "Bob", "Cy"]); s.record([4, 4, 0]); s.places()
        [(1, 'Cy', 0), (2, 'Ann', 4), (2, 'Bob', 4)]
        """
        order = sorted(range(len(self.names)), key=self._key)
        out: list[tuple[int, str, int]] = []
        for pos, seat in enumerate(order):
            place = pos + 1
            if pos and self._key(seat) == self._key(order[pos - 1]):
                place = out[-1][0]
            out.append((place, self.names[seat], self._key(seat)[0]))
        return out

    def to_frame(self) -> pd.DataFrame:
        """The sheet as a pandas DataFrame: a row per round and a final ``Total`` row."""
        import pandas as pd

        rows = [*self._rounds, tuple(self.totals)]
        index = pd.Index([*self._labels, "Total"], name="round")
        frame: pd.DataFrame = pd.DataFrame(rows, index=index, columns=list(self.names))
        return frame

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of names, labels and rounds."""
        return {
            "names": list(self.names),
            "labels": list(self._labels),
            "rounds": [list(r) for r in self._rounds],
        }

    def __repr__(self) -> str:
        return f"<ScoreSheet {', '.join(self.names)}: {plural(len(self._rounds), 'round')}>"
