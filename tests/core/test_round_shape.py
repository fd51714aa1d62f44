"""The Round's shape: one plain class by composition, the same public API, a named play step.

``Round`` used to be four mixins held together by hand-kept stub lists; it is now one
class whose state is an :class:`Engine` and whose other jobs are module functions.
These tests keep it that way, and keep every public name the notebooks use.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import inspect
import pickle
import random
from pathlib import Path

import pytest

import cfwidget.core as core
from cfwidget import IllegalMove, Round, Rules
from cfwidget.core._engine import Engine
from cfwidget.core._kernel import Kernel
from cfwidget.core._tileset import PlayStep, SharedPlay, tile_set

CORE = Path(core.__file__).parent

#: Every public name of Round, and how it is reached (as on main before the change).
PUBLIC = {
    "blocked": property,
    "boneyard": property,
    "can_play": "method",
    "copy": "method",
    "deal": classmethod,
    "draw_odds": "method",
    "drawn": property,
    "end_reason": property,
    "fitting_numbers": "method",
    "forced": property,
    "from_deal": classmethod,
    "from_dict": classmethod,
    "from_json": classmethod,
    "hand": "method",
    "hand_counts": "method",
    "hand_masks": "method",
    "hands": property,
    "history": property,
    "how_it_ended": "method",
    "is_over": property,
    "kernel": "method",
    "layout": "method",
    "legal_moves": "method",
    "moves": property,
    "names": "field",
    "needed": property,
    "observation": "method",
    "open_ends": "method",
    "opener": "field",
    "opening_draws": "field",
    "passes_in_a_row": "method",
    "penalties": "field",
    "play": "method",
    "players": property,
    "refusal": "method",
    "role": "method",
    "rule_in_force": "method",
    "rules": "field",
    "scores": "method",
    "seed": "field",
    "start": "field",
    "table": property,
    "tile_refusal": "method",
    "to_dict": "method",
    "to_json": "method",
    "turn": property,
    "undo": "method",
    "went_out": property,
    "yard_count": property,
    "yard_masks": "method",
}


def _kind(name: str) -> object:
    found = inspect.getattr_static(Round, name)
    if isinstance(found, (classmethod, property)):
        return type(found)
    return "method" if inspect.isfunction(found) else "field"


def test_round_keeps_every_public_name() -> None:
    names = {n for n in dir(Round) if not n.startswith("_")}
    assert names == set(PUBLIC)
    # A field may now be a read-only property over the engine; a method stays a method.
    for name, kind in PUBLIC.items():
        now = _kind(name)
        assert now == kind or (kind == "field" and now is property), name
    assert {"_repr_svg_", "_repr_png_"} <= set(dir(Round))


def test_round_is_one_plain_class_and_core_has_no_stub_lists() -> None:
    assert Round.__bases__ == (object,) and Engine.__bases__ == (Kernel,)
    assert Kernel.__bases__ == (object,)  # the rules kernel: the one play step
    stubbed = []
    for path in sorted(CORE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for child in node.body:
                    if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                        stubbed.append(f"{path.name}: {node.name}")
    assert stubbed == []
    assert not (CORE / "_state.py").exists() and not (CORE / "_views.py").exists()


def test_the_play_step_has_named_read_only_fields() -> None:
    ts = tile_set(6)
    play = ts.plays[ts.rank[core.Tile(6, 4)]][ts.rank[core.Tile(6, 6)]]
    assert isinstance(play, SharedPlay)
    step = play.step
    assert [f.name for f in dataclasses.fields(PlayStep)] == [
        "rank",
        "onto",
        "number",
        "far",
        "bit",
        "double",
    ]
    assert (step.number, step.far, step.bit, step.double) == (6, 4, 1 << step.rank, False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.far = 0  # type: ignore[misc]
    assert ts.announced[step.rank][step.onto].step is step  # type: ignore[union-attr]
    # The play step is the kernel's, its blocks named by the rule each implements.
    source = (CORE / "_kernel.py").read_text(encoding="utf-8")
    for rule in (
        "Forced double:",
        "Open ends:",
        "Announcing:",
        "After a draw",
        "Nothing to play:",
        "A line end has one place",
        "chicken foot",
        "Going out:",
        "Chicken-little penalty:",
        "All-passed end:",
        "Blocked end:",
    ):
        assert rule in source, rule
    assert "def apply" not in (CORE / "_engine.py").read_text(encoding="utf-8")


def test_an_illegal_move_changes_nothing_in_the_engine() -> None:
    rnd = Round.deal(Rules(), players=3, seed=11)
    before = rnd.copy()
    with pytest.raises(IllegalMove, match="must play instead of drawing"):
        rnd.play("draw")
    assert rnd == before and rnd.legal_moves() == before.legal_moves()
    assert rnd._engine.play("pass") == core.Move.parse("pass")  # handed back to be explained


@pytest.mark.parametrize("preset", sorted(core.PRESETS))
def test_copies_pickles_and_undo_keep_the_engine_apart(preset: str) -> None:
    """A copy, a deep copy and a pickled round go their own way; undo retraces every step."""
    rng = random.Random(preset)
    rnd = Round.deal(Rules.preset(preset), players=4, seed=rng.randrange(1000))
    seen = [rnd.copy()]
    while not rnd.is_over:
        rnd.play(rng.choice(rnd.legal_moves()))
        seen.append(rnd.copy())
    for other in (copy.copy(rnd), copy.deepcopy(rnd), pickle.loads(pickle.dumps(rnd))):
        assert other == rnd and other._engine is not rnd._engine
        assert other.table == rnd.table and other.penalties == rnd.penalties
    middle = seen[len(seen) // 2]
    table, open_ends, other = middle.table, middle.open_ends(), middle.copy()
    while other.moves:  # taking a copy back never touches the round it was copied from
        other.undo()
    assert middle.table == table and middle.open_ends() == open_ends
    assert other.table == seen[0].table and other == seen[0]
    for earlier in reversed(seen[:-1]):
        rnd.undo()
        assert rnd == earlier and rnd.table == earlier.table
        assert rnd.open_ends() == earlier.open_ends() and rnd.history == earlier.history
