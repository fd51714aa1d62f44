"""The suite's own bookkeeping (tests/conftest.py): the tests it names exist, and its helpers
are where tests and tools can both reach them."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ALSO_BROWSER, RUN_NOTEBOOKS, SLOW

TESTS = Path(__file__).resolve().parent


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }


def test_every_test_marked_by_name_is_a_test_of_its_file() -> None:
    named = [*SLOW.items(), *ALSO_BROWSER.items()]
    missing = {
        f"{where}::{name}"
        for where, names in named
        if (TESTS / where).is_file()
        for name in names - _test_functions(TESTS / where)
    }
    gone = sorted(where for where, _ in named if not (TESTS / where).is_file())
    assert (sorted(missing), gone) == ([], [])


def test_every_file_said_to_run_notebooks_exists_and_names_one() -> None:
    for where in RUN_NOTEBOOKS:
        text = (TESTS / where).read_text(encoding="utf-8")
        assert ".ipynb" in text, where


def test_no_test_imports_a_tool_but_the_tools_own_tests() -> None:
    """Helpers live in tests/helpers; only tests/tools/ (the tools' tests) import tools."""
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        if path.relative_to(TESTS).parts[0] == "tools":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            if any(n == "tools" or n.startswith("tools.") for n in names):
                found.append(path.relative_to(TESTS).as_posix())
    assert sorted(set(found)) == sorted(KNOWN_TOOL_IMPORTS), found


#: Test files that import tools/ (none: the tools' own tests live in tests/tools/).
KNOWN_TOOL_IMPORTS: list[str] = []
