"""Trials as a clinician counts them, read from the whole event history of a session.

A *trial* is one chance to respond: a person's turn, from the moment it is theirs to
the move that finishes it. The history is never rewritten:

- **Undo keeps the first try.** A turn taken back (the client's Undo or the therapist's
  Take back) and the turn that plays the same position again are *one* trial, whose first
  try is the first try made at that position. The undone turn is listed beside it.
- **Every try counts.** The errors of a trial are all its tries that were not allowed,
  in the turn taken back and in the turn that replays it alike.
- **A trial open at the end counts.** A turn that had tries but no finishing move when
  the session ended (or the record stops) is a trial *not completed*, with its tries.
- **A turn taken back and never played again** stays a trial, not completed.

Each trial is a dict: ``trial`` (its number for that seat, 1, 2, ...), ``seat``,
``choice`` (a play was possible: a trial proper; ``False``: a forced draw or pass),
``first_try`` (right at the first try), ``completed``, ``cue`` (the level in force when
the first right response came; for a trial never answered, the highest it reached),
``highest_cue`` (the highest level the trial reached at any moment), ``tries``
(every try: the errors and the finishing moves), ``errors``, ``prevented``, ``seconds``
(from the trial's start to its first finishing move, pauses left out; ``None`` when it
was never finished; a turn taken back and played again keeps its first response),
``started`` (clock seconds), ``turns`` (the record's turn numbers)
and ``undone`` (those taken back).

The level in force follows the record: a turn starts at its ``turn_start`` level, a
``cue`` event sets it (up by the wait, up or down by the therapist), an error raises it
one level. So a trial at cue 0 with a wrong Draw (the cue rises to 1), then the therapist
back at 0 and a right play, has ``cue`` 0 and ``highest_cue`` 1.

Every piece of a turn that has no ``turn`` line of its own (a turn under way taken back,
or a turn open when the record stops) is kept in :attr:`TrialBook.pieces`, in order,
with its tries: reports list it as a turn row, not completed.

>>> book = TrialBook()
>>> book.turn_start({"seat": 0, "t": 0, "trial": True, "level": 0})
>>> book.refused({"seat": 0, "t": 2, "prevented": False})   # an error: the cue rises to 1
>>> book.cue({"seat": 0, "t": 3, "level": 0})              # the therapist sets it back to 0
>>> book.move({"seat": 0, "t": 4, "move": "6-4@6-6"})
>>> book.turn({"turn": 1, "seat": 0, "started": 0, "response": 4.0, "refused": 1, "cue": 1,
...            "trial": True, "first_try": False, "prevented": 0})   # (cue, highest)
(0, 1)
>>> book.undo(0, 1)                      # taken back: the same position comes again
>>> book.turn_start({"seat": 0, "t": 9, "trial": True, "level": 0, "redo_of": 1})
>>> book.turn({"turn": 2, "seat": 0, "started": 9, "response": 2.0, "refused": 0, "cue": 0,
...            "trial": True, "first_try": True, "prevented": 0, "redo_of": 1})
(0, 0)
>>> book.turn_start({"seat": 0, "t": 20, "trial": True, "level": 0})
>>> book.refused({"seat": 0, "t": 22, "prevented": False})
>>> [(r["trial"], r["first_try"], r["completed"], r["errors"], r["undone"], r["cue"],
...   r["highest_cue"]) for r in book.rows()]
[(1, False, True, 1, [1], 0, 1), (2, False, False, 1, [], 1, 1)]
>>> [(p["seat"], p["refused"], p["done"]) for p in book.open_pieces()]  # the open turn
[(0, 1, False)]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared import whole_in

__all__ = ["TrialBook"]

_MAX_CUE = 4


class TrialBook:
    """Builds the trials of a session from its events, in order (see the module text).

    >>> TrialBook().rows()
    []
    """

    def __init__(self) -> None:
        self._chains: list[dict[str, Any]] = []
        self._open: dict[int, dict[str, Any]] = {}
        self._redo: dict[int, list[dict[str, Any]]] = {}
        self._by_turn: dict[int, dict[str, Any]] = {}
        self._turns = 0  # the turn lines read so far
        #: The pieces of turns that have no turn line (taken back while under way, or
        #: left when a new turn began), in order; each has ``after``: the turn lines before it.
        self.pieces: list[dict[str, Any]] = []

    # -- events ----------------------------------------------------------------------------

    def turn_start(self, e: Mapping[str, Any]) -> None:
        """A person's turn begins (at the ladder's ``level``; ``redo_of``: the turn replayed)."""
        seat = int(e["seat"])
        self._abandon(seat)
        stack = self._redo.get(seat, [])
        chain = stack.pop() if stack else None
        level = e.get("level")
        known = level if whole_in(level, 0, _MAX_CUE) else None  # version 1: not said
        options = e.get("options")
        self._open[seat] = {
            "chain": chain,
            "seat": seat,
            "round": e.get("round", 1),
            "t": float(e["t"]),
            "choice": e.get("trial"),
            "options": options if whole_in(options, 0) else 0,
            "refused": 0,
            "prevented": 0,
            "level": known,  # the level in force now (None: the record does not say)
            "cue": known if known is not None else 0,  # the highest level reached
            "at_move": None,  # the level in force at the last move
            "moves": [],
        }

    def refused(self, e: Mapping[str, Any]) -> None:
        """A try that was not allowed: an error (the cue rises one level)."""
        cur = self._open.get(int(e.get("seat", -1)))
        if cur is None and len(self._open) == 1:  # version 1 refusals name no seat
            cur = next(iter(self._open.values()))
        if cur is not None:
            cur["refused"] += 1
            cur["prevented"] += int(e.get("prevented") is True)
            level = cur["level"] if cur["level"] is not None else cur["cue"]
            cur["level"] = min(_MAX_CUE, level + 1)
            cur["cue"] = max(cur["cue"], cur["level"])

    def cue(self, e: Mapping[str, Any]) -> None:
        """The cue was set (by the wait or by the therapist, up or down)."""
        cur = self._open.get(int(e.get("seat", -1)))
        level = e.get("level")
        if cur is not None and whole_in(level, 0, _MAX_CUE):
            cur["level"] = level
            cur["cue"] = max(cur["cue"], level)

    def move(self, e: Mapping[str, Any]) -> None:
        """A move was made (a finishing move ends the turn with a ``turn`` event)."""
        cur = self._open.get(int(e.get("seat", -1)))
        if cur is not None:
            cur["moves"].append(str(e.get("move", "")))
            cur["at_move"] = cur["level"]

    def turn(self, row: Mapping[str, Any]) -> tuple[int, int]:
        """A turn finished (``row``: the turn's fields, read and checked).

        Returns ``(cue, highest)``: the level in force at its finishing move (the record's
        ``cue`` when the record does not say) and the highest level it reached (the
        record's ``cue``).
        """
        seat = int(row["seat"])
        self._turns += 1
        cur = self._open.pop(seat, None)
        highest = int(row["cue"])
        at = cur["at_move"] if cur is not None else None
        cue = at if at is not None else highest
        redo = row.get("redo_of")
        if cur is not None:
            chain = cur["chain"]
        elif isinstance(redo, int) and redo in self._by_turn:
            chain = self._by_turn[redo]
            stack = self._redo.get(seat, [])
            if chain in stack:
                stack.remove(chain)
        else:
            stack = self._redo.get(seat, [])
            chain = stack.pop() if stack else None
        number = int(row["turn"])
        part: dict[str, Any] = {
            "turn": number,
            "done": True,
            "undone": False,
            "choice": bool(row["trial"]),
            "first_try": bool(row["first_try"]),
            "refused": int(row["refused"]),
            "prevented": int(row["prevented"]),
            "cue": cue,
            "highest": highest,
            "seconds": float(row["response"]),
            "started": float(row["started"]),
        }
        chain = self._add(seat, chain, part)
        self._by_turn[number] = chain
        return cue, highest

    def undo(self, seat: int, turn: int | None) -> None:
        """``turn`` of ``seat`` was taken back (``None``: only the turn under way)."""
        stack = self._redo.setdefault(seat, [])
        cur = self._open.pop(seat, None)
        if cur is not None:
            chain = cur["chain"]
            if cur["refused"] or cur["moves"]:
                chain = self._add(seat, chain, self._piece(cur, undone=True))
            if chain is not None:
                stack.append(chain)  # its position comes again
        chain = self._by_turn.get(turn) if turn is not None else None
        if chain is not None:
            for part in chain["parts"]:
                if part["turn"] == turn:
                    part["undone"] = True
            if chain not in stack:
                stack.append(chain)

    def rows(self) -> list[dict[str, Any]]:
        """The trials so far; a turn open now with tries counts as not completed."""
        chains = list(self._chains)
        extra: dict[int, dict[str, Any]] = {}
        for seat, cur in self._open.items():
            if cur["refused"] or cur["moves"]:
                chain = cur["chain"]
                parts = [*(chain["parts"] if chain is not None else []), self._unfinished(cur)]
                replaced = {"seat": seat, "parts": parts}
                if chain is None:
                    chains.append(replaced)
                else:
                    extra[id(chain)] = replaced
        numbers: dict[int, int] = {}
        out = []
        for chain in chains:
            chain = extra.get(id(chain), chain)
            seat = chain["seat"]
            numbers[seat] = numbers.get(seat, 0) + 1
            out.append(_summary(numbers[seat], seat, chain["parts"]))
        return out

    def open_pieces(self) -> list[dict[str, Any]]:
        """Every turn piece without a turn line: :attr:`pieces`, then the turns open now
        with a try or a move (each open turn is a piece, not completed)."""
        now = [
            {**self._unfinished(cur), "undone": False, "after": self._turns}
            for cur in self._open.values()
            if cur["refused"] or cur["moves"]
        ]
        return [*self.pieces, *now]

    # -- helpers ---------------------------------------------------------------------------

    def _abandon(self, seat: int) -> None:
        cur = self._open.pop(seat, None)
        if cur is not None and (cur["refused"] or cur["moves"]):
            self._add(seat, cur["chain"], self._piece(cur, undone=False))

    def _piece(self, cur: Mapping[str, Any], *, undone: bool) -> dict[str, Any]:
        """An unfinished part that is over (taken back, or left): kept in :attr:`pieces`."""
        part = self._unfinished(cur)
        self.pieces.append({**part, "undone": undone, "after": self._turns})
        return part

    def _add(self, seat: int, chain: dict[str, Any] | None, part: dict[str, Any]) -> dict[str, Any]:
        if chain is None:
            chain = {"seat": seat, "parts": []}
            self._chains.append(chain)
        chain["parts"].append(part)
        return chain

    @staticmethod
    def _unfinished(cur: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "turn": None,
            "done": False,
            "undone": False,
            "choice": cur["choice"],
            "first_try": cur["refused"] == 0,
            "refused": cur["refused"],
            "prevented": cur["prevented"],
            "cue": cur["cue"],
            "highest": cur["cue"],
            "seconds": None,
            "started": cur["t"],
            "seat": cur["seat"],
            "round": cur["round"],
            "options": cur["options"],
            "moves": list(cur["moves"]),
        }


def _summary(number: int, seat: int, parts: list[dict[str, Any]]) -> dict[str, Any]:
    first, last = parts[0], parts[-1]
    choice = first["choice"]
    if choice is None:  # an unfinished turn of a record that does not say: a try was made
        choice = next((p["choice"] for p in parts if p["choice"] is not None), True)
    completed = bool(last["done"] and not last["undone"])
    done = [p for p in parts if p["done"]]
    return {
        "trial": number,
        "seat": seat,
        "choice": bool(choice),
        "first_try": bool(first["first_try"]),
        "completed": completed,
        "cue": int(done[0]["cue"]) if done else max(int(p["highest"]) for p in parts),
        "highest_cue": max(int(p["highest"]) for p in parts),
        "tries": sum(p["refused"] + (1 if p["done"] else 0) for p in parts),
        "errors": sum(p["refused"] for p in parts),
        "prevented": sum(p["prevented"] for p in parts),
        "seconds": done[0]["seconds"] if done else None,
        "started": first["started"],
        "turns": [p["turn"] for p in parts if p["turn"] is not None],
        "undone": [p["turn"] for p in parts if p["undone"]],
    }
