"""The package's shape: layers that import only downward, private modules, errors with their layer.

The layers, lowest first: ``_shared`` (private words, files and number checks every layer
uses) -> ``core`` (the rules engine) -> ``table`` (pictures of a table) -> ``players`` and
``odds`` -> ``analysis`` (playouts, and the game review built on them) -> ``widget``,
``teach`` -> ``therapy`` -> ``room`` (the room server). A module may import from its own layer and
the layers below it, never above. ``core`` knows nothing of pictures, widgets or pandas; its
``_repr_svg_`` and ``layout()`` import the picture code inside the method. Each layer defines
its own errors in its ``_errors.py``: the lowest layer that raises an error is its home.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

import cfwidget as cf

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "cfwidget"

#: What each part of the package may import from (besides itself).
ALLOWED: dict[str, set[str]] = {
    "_shared": set(),
    "core": {"_shared"},
    "table": {"_shared", "core"},
    "players": {"_shared", "core", "table"},
    "odds": {"_shared", "core", "table", "players"},
    "analysis": {"_shared", "core", "table", "players", "odds"},
    "teach": {"_shared", "core", "table", "players", "odds", "analysis"},
    "widget": {"_shared", "core", "table", "players", "odds", "analysis"},
    "therapy": {"_shared", "core", "table", "players", "odds", "analysis", "widget"},
    "room": {
        "_shared",
        "core",
        "table",
        "players",
        "odds",
        "analysis",
        "teach",
        "widget",
        "therapy",
    },
}
#: The layers from the lowest up (one order that every import above respects).
ORDER = [
    "_shared",
    "core",
    "table",
    "players",
    "odds",
    "analysis",
    "teach",
    "widget",
    "therapy",
    "room",
]
#: Imports that may run only inside a function: the picture code behind ``_repr_svg_``.
LAZY_ALLOWED: dict[str, set[str]] = {"core": {"table"}}
#: Third-party packages the engine must not need. Only ``ScoreSheet.to_frame`` may import
#: pandas, inside the method, for people who ask for a DataFrame.
HEAVY = {"pandas", "numpy", "matplotlib", "ipywidgets", "anywidget", "traitlets", "IPython"}
HEAVY_ON_USE = {("_scoring.py", "pandas")}
MAX_LINES = 600


def modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).parts
        yield (parts[0] if len(parts) > 1 else ""), path


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path) -> Iterator[tuple[str, bool]]:
    """(absolute module imported, imported inside a function?) for every runtime import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(("cfwidget", *path.relative_to(PACKAGE).parts[:-1]))

    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[str, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                continue  # annotations only; nothing runs
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield alias.name, in_function
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - child.level + 1]
                    module = ".".join([*base, child.module] if child.module else base)
                else:
                    module = child.module or ""
                if child.module is None or module in {"cfwidget", package}:
                    # `from . import x`: each name is a module of that package
                    for alias in child.names:
                        yield f"{module}.{alias.name}", in_function
                else:
                    yield module, in_function
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            yield from walk(child, inner)

    yield from walk(tree, False)


def part_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "cfwidget":
        return None
    return parts[1] if len(parts) > 1 and parts[1] in ALLOWED else ""


def test_every_module_belongs_to_a_layer() -> None:
    assert {part for part, _ in modules()} == {"", *ALLOWED}


def test_nothing_imports_upward() -> None:
    wrong = []
    for part, path in modules():
        if part == "":
            continue  # the package's face gathers every layer's public names
        for module, lazy in imports(path):
            target = part_of(module)
            if target is None or target == part:
                continue
            allowed = ALLOWED[part] | (LAZY_ALLOWED.get(part, set()) if lazy else set())
            if target not in allowed:
                wrong.append(f"{path.relative_to(REPO)} imports {module}")
    assert wrong == []


def test_the_engine_needs_no_heavy_packages() -> None:
    wrong = [
        f"{path.relative_to(REPO)} imports {module}"
        for part, path in modules()
        if part == "core"
        for module, lazy in imports(path)
        if module.split(".")[0] in HEAVY
        and not (lazy and (path.name, module.split(".")[0]) in HEAVY_ON_USE)
    ]
    assert wrong == []


def test_other_layers_use_public_names_only() -> None:
    """Outside its own folder a layer is reached through its face, never a `_module`."""
    wrong = []
    for part, path in modules():
        for module, _ in imports(path):
            target = part_of(module)
            if target in (None, "", part) or part == "":
                continue
            if any(piece.startswith("_") for piece in module.split(".")[2:]):
                wrong.append(f"{path.relative_to(REPO)} imports {module}")
    assert wrong == []


def test_internal_modules_are_private() -> None:
    public = [
        str(path.relative_to(REPO))
        for part, path in modules()
        if part not in ("", "therapy") and not path.name.startswith("_")
    ]
    assert public == []


@pytest.mark.parametrize("part", ["", *ALLOWED])
def test_all_lists_public_names_that_exist(part: str) -> None:
    import importlib

    module = importlib.import_module(f"cfwidget.{part}" if part else "cfwidget")
    names = list(module.__all__)
    assert names, f"{module.__name__} has an empty __all__"
    assert [n for n in names if n.startswith("_")] == []
    assert [n for n in names if not hasattr(module, n)] == []
    assert len(set(names)) == len(names)


def _classes(path: Path) -> Iterator[ast.ClassDef]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            yield node


def package_errors() -> dict[str, type[ValueError]]:
    """Every error the package face offers (the lazy names of upper layers included)."""
    return {
        name: obj
        for name in dir(cf)
        if inspect.isclass(obj := getattr(cf, name)) and issubclass(obj, ValueError)
    }


def error_homes() -> dict[str, str]:
    """Each error's name -> the layer whose ``_errors.py`` defines it."""
    return {
        node.name: part
        for part, path in modules()
        if path.name == "_errors.py"
        for node in _classes(path)
    }


def test_the_order_of_layers_matches_what_each_may_import() -> None:
    assert sorted(ORDER) == sorted(ALLOWED)
    for i, part in enumerate(ORDER):
        assert ALLOWED[part] <= set(ORDER[:i]), part


def test_errors_are_defined_once_with_their_layer_and_print_as_the_package_names() -> None:
    errors = package_errors()
    assert set(errors) >= {"IllegalMove", "RulesError", "DealError", "NotationError", "BotError"}
    homes = error_homes()
    assert set(homes) == set(errors)  # every error defined is offered at the top, and back
    for name, error in errors.items():
        assert error.__module__ == "cfwidget", name
        layer = importlib.import_module(f"cfwidget.{homes[name]}")
        assert getattr(layer, name) is error, f"{name} is not on the face of {layer.__name__}"
    defined_elsewhere = [
        f"{path.relative_to(REPO)}: {node.name}"
        for _, path in modules()
        if path.name != "_errors.py"
        for node in _classes(path)
        if any(getattr(b, "id", "").endswith(("Error", "Exception")) for b in node.bases)
    ]
    assert defined_elsewhere == []
    with pytest.raises(cf.IllegalMove) as info:
        cf.Round.deal(cf.Rules(), players=2, seed=1).play("pass")
    assert str(info.type) == "<class 'cfwidget.IllegalMove'>"


def raisers() -> dict[str, set[str]]:
    """Each error's name -> the layers with a ``raise Name(...)`` or ``return Name(...)``."""
    errors = error_homes()
    found: dict[str, set[str]] = {}
    for part, path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            value = node.exc if isinstance(node, ast.Raise) else getattr(node, "value", None)
            if not isinstance(node, ast.Raise | ast.Return) or not isinstance(value, ast.Call):
                continue
            if isinstance(value.func, ast.Name) and value.func.id in errors:
                found.setdefault(value.func.id, set()).add(part)
    return found


def test_each_error_lives_in_the_lowest_layer_that_raises_it() -> None:
    """`cfwidget.core` holds the rules engine's errors only; BotError lives with the bots."""
    homes = error_homes()
    wrong = {
        name: (homes[name], sorted(parts, key=ORDER.index))
        for name, parts in raisers().items()
        if name in homes and min(parts, key=ORDER.index) != homes[name]
    }
    assert wrong == {}
    # The engine raises every error it defines: none is kept in core for a layer above.
    unused = [name for name, part in homes.items() if part not in raisers().get(name, set())]
    assert unused == []


def test_upper_layer_errors_do_not_load_their_layer_until_asked_for() -> None:
    """`import cfwidget` stays quick: `cf.BotError` loads the players (and pandas) on first
    use, and an error pickled elsewhere unpickles in a fresh interpreter through that name."""
    import pickle
    import subprocess
    import sys

    errors = package_errors()
    pickled = pickle.dumps([error("a message") for error in errors.values()])
    code = (
        "import pickle, sys, cfwidget as cf; before = 'cfwidget.players' in sys.modules; "
        "error = cf.BotError; after = 'cfwidget.players' in sys.modules; "
        "back = pickle.loads(sys.stdin.buffer.read()); "
        "print(before, after, error.__module__, sorted(type(e).__name__ for e in back))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=pickled, capture_output=True, check=True, cwd=REPO
    )
    before, after, module, *names = out.stdout.decode().strip().split(maxsplit=3)
    assert (before, after, module) == ("False", "True", "cfwidget")
    assert names == [str(sorted(errors))]


def test_modules_are_small_enough_to_read_in_one_sitting() -> None:
    long = {
        str(path.relative_to(REPO)): n
        for _, path in modules()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_the_wheel_holds_the_package_and_not_the_tools(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hatchling.builders.wheel import WheelBuilder

    monkeypatch.setenv("CFWIDGET_PURE", "1")  # not compiled: tests/test_packaging.py checks that
    wheel = Path(next(iter(WheelBuilder(str(REPO)).build(directory=str(tmp_path)))))
    names = zipfile.ZipFile(wheel).namelist()
    assert "cfwidget/py.typed" in names
    for bundle in ("farmyard", "setpicker"):  # the front end, bundled from js/
        assert f"cfwidget/widget/static/{bundle}.js" in names
    # The room server's pages: HTML, style and bundles (js/entries/room.js and host.js).
    for page in ("join.html", "host.html", "room.css", "room.js", "host.js"):
        assert f"cfwidget/room/static/{page}" in names
    # Voila's settings, for {sys.prefix}/etc/jupyter/ (see jupyter-config/voila.py)
    assert [n for n in names if n.endswith(".data/data/etc/jupyter/voila.py")] != []
    # The room route's server extension, enabled for {sys.prefix}/etc/jupyter/ (docs/room.md)
    enabled = ".data/data/etc/jupyter/jupyter_server_config.d/cfwidget.json"
    assert [n for n in names if n.endswith(enabled)] != []
    assert "cfwidget/core/_round.py" in names
    assert [n for n in names if n.startswith(("tools/", "tests/", "js/", "cfwidget/tools"))] == []
    assert [n for n in names if "bench" in n or "layout_check" in n] == []


def test_the_package_face_reaches_every_layer_and_keeps_its_old_names() -> None:
    for name in ("core", "table", "players", "odds", "analysis", "teach", "widget", "therapy"):
        assert getattr(cf, name).__name__ == f"cfwidget.{name}"
    assert cf.bots is cf.players  # the name notebooks have used since the start
    assert cf.simulate is cf.players.simulate
    assert cf.GameWidget is cf.widget.GameWidget
    assert cf.svg is cf.table.svg


def test_importing_the_engine_loads_no_heavy_package() -> None:
    import subprocess
    import sys

    code = (
        "import sys, cfwidget as cf; cf.Round.deal(cf.Rules(), players=2, seed=1); "
        "print(sorted(m for m in ('pandas', 'numpy', 'matplotlib', 'ipywidgets', 'anywidget')"
        " if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert out.stdout.strip() == "[]"


def test_a_game_widget_without_hints_loads_no_plotting() -> None:
    import subprocess
    import sys

    code = (
        "import sys, cfwidget as cf; from cfwidget.widget import GameWidget; "
        "GameWidget(cf.Game(['Ann', 'Bob'], seed=1), coach=True); "
        "print(sorted(m for m in ('matplotlib', 'cfwidget.odds') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert out.stdout.strip() == "[]"


def test_a_rules_lesson_starts_without_the_odds() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from cfwidget import teach; teach.which_tiles(teach.position('deal')); "
        "print(sorted(m for m in ('matplotlib', 'cfwidget.odds') if m in sys.modules)); "
        "teach.nobody_dealt; print('cfwidget.odds' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert out.stdout.split("\n")[:2] == ["[]", "True"]


#: Where comments and docs name files: the package, the tools, the tests, the docs, the
#: README, the Makefile and the notebooks' text.
NAMED_IN = ("cfwidget", "tools", "tests", "docs", "README.md", "Makefile", "notebooks")
#: A path from the repository's top (``cfwidget/core/_round.py``, ``docs/rules.md``), a
#: private module by its name (``_kernel.py``), a page by its name (``README.md``), or a
#: Markdown link's target.
_PATH = re.compile(
    r"(?<![\w./-])((?:\.\./)*(?:cfwidget|tools|tests|docs|notebooks)/[\w./-]*\w"
    r"|_\w+\.py|[A-Z][A-Z_]*\.md)(?![\w/-])"
)
_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
#: Named on purpose although they are not in the repository: each says why.
NOT_FILES = {
    "cfwidget/tools",  # the wheel must not hold it (test_the_wheel_holds_the_package...)
    "_state.py",  # test_round_shape checks that the old round modules stay gone
    "_views.py",
}


def _tracked() -> set[str]:
    """The repository's files: git's list, or (outside a git clone) the files on disk."""
    import subprocess

    try:
        listed = subprocess.run(
            ["git", "ls-files"], capture_output=True, text=True, check=True, cwd=REPO
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        listed = []
    if listed:
        return set(listed)
    skip = {"node_modules", "build", "dist", "__pycache__"}
    return {
        str(path.relative_to(REPO))
        for path in REPO.rglob("*")
        if path.is_file()
        and not any(p.startswith(".") or p in skip for p in path.relative_to(REPO).parts)
    }


def _named_texts() -> Iterator[tuple[str, str]]:
    """(file, text in which files are named) for every file of :data:`NAMED_IN`."""
    import json

    for name in sorted(_tracked()):
        path = REPO / name
        if name.split("/")[0] not in NAMED_IN:
            continue
        if path.suffix == ".ipynb":
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            yield (
                name,
                "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"),
            )
        elif (
            path.suffix in {".py", ".md", ".js", ".css", ".cfg", ".html"} or path.name == "Makefile"
        ):
            yield name, path.read_text(encoding="utf-8")


def named_but_missing(texts: Iterable[tuple[str, str]], tracked: set[str]) -> list[str]:
    """``"file: name"`` for each file named in ``texts`` that is not among ``tracked``."""
    folders = {str(parent) for name in tracked for parent in Path(name).parents}
    by_name = {Path(name).name for name in tracked}
    known = tracked | folders

    def exists(ref: str, where: str) -> bool:
        if ref in NOT_FILES:
            return True
        if "/" not in ref:
            return ref in by_name
        top = ref
        while top.startswith("../"):
            top = top[3:]
        if top.rstrip("/") in known:
            return True
        beside = (REPO / where).parent / ref  # a link relative to the file that holds it
        try:
            return str(beside.resolve().relative_to(REPO)) in known
        except ValueError:
            return False  # outside the repository

    missing = []
    for where, text in texts:
        refs = [m.group(1) for m in _PATH.finditer(text)]
        if where.endswith((".md", ".ipynb")):
            refs += [m.group(1) for m in _LINK.finditer(text) if "://" not in m.group(1)]
        missing += [f"{where}: {ref}" for ref in refs if not exists(ref.rstrip("."), where)]
    return sorted(set(missing))


def test_files_named_in_comments_and_docs_exist() -> None:
    """A comment, docstring, page or notebook text that names a file names one that is there."""
    texts = list(_named_texts())
    assert len(texts) > 250  # the package, the tools, the tests, the docs and the notebooks
    assert named_but_missing(texts, _tracked()) == []


def test_a_file_that_is_gone_is_found_wherever_it_is_named() -> None:
    # The names that are gone are cut in two here, so this file does not name them itself.
    gone = [
        "cfwidget/" + "deal.py",
        "_gone" + ".py",
        "RULES" + ".md",
        "notebooks/" + "99-none.ipynb",
    ]
    text = (
        f"see ``cfwidget/core/_round.py`` and ``{gone[0]}``; ``_kernel.py``, ``{gone[1]}``;"
        " [the rules](rules.md), [old](old.md), [out](../../elsewhere.md), [web](https://x.org/a.md);"
        f" {gone[2]}, README.md, docs/voila.png, {gone[3]}, tools/bench.py."
    )
    missing = named_but_missing([("docs/rules.md", text)], _tracked())
    expected = [*gone, "old.md", "../../elsewhere.md"]
    assert missing == sorted(f"docs/rules.md: {name}" for name in expected)
