"""The imagined worlds evaluate, the deep search and the lines of play share
(cfwidget/analysis/_worlds.py): one home, reached by public names, and each name has one
home (no module hands on names that live in another)."""

from __future__ import annotations

import ast
from pathlib import Path

import cfwidget as cf
from cfwidget.analysis import _worlds
from cfwidget.analysis._evaluate import evaluate

ANALYSIS = Path(cf.__file__).parent / "analysis"


def _imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) of each name a module imports from a sibling module (``from ._x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.module or "", alias.name)
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level == 1
        for alias in node.names
    ]


def test_no_module_reaches_into_evaluates_private_helpers() -> None:
    reached = [
        f"{path.name} imports {name} from {module}"
        for path in sorted(ANALYSIS.glob("*.py"))
        for module, name in _imports(path)
        if module == "_evaluate" and name.startswith("_")
    ]
    assert reached == []


def test_the_verdict_thresholds_are_imported_from_their_home_only() -> None:
    """_verdicts.py holds the thresholds; _review.py neither imports nor lists them."""
    from cfwidget.analysis import _review, _verdicts

    homed = {"GOOD_LOSS", "INACCURACY_LOSS", "MISTAKE_LOSS", "NOISE_SE", "verdict_range"}
    assert homed <= set(_verdicts.__all__)
    assert not homed & set(_review.__all__)
    assert not any(hasattr(_review, name) for name in homed)
    handed_on = [
        f"{path.name} lists {name} from {module}"
        for path in sorted(ANALYSIS.glob("_*.py"))
        for module, name in _imports(path)
        if path.name != "__init__.py"
        and module != "_kernel"
        and name in getattr(_module(path), "__all__", ())
    ]
    assert handed_on == []


def _module(path: Path) -> object:
    import importlib

    return importlib.import_module(f"cfwidget.analysis.{path.stem}")


def test_evaluate_and_the_shared_worlds_agree() -> None:
    """evaluate's table comes from the shared worlds: the same seed, the same worlds."""
    rnd = cf.Round.deal(cf.Rules(max_pip=6, hand_size=7), players=3, seed=2)
    view = rnd.observation(rnd.turn)
    table = evaluate(rnd, worlds=20, seed=9)
    worlds, chain, _ = _worlds.imagined_worlds(view, 20, 9)
    assert table.attrs["chains"] == len(set(chain)) == _worlds.chains_for(20)
    assert len(worlds) == table.attrs["worlds"] == 20
