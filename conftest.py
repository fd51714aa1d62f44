"""Pytest, for the whole repository: where the rules kernel is compiled, pytest does not
collect its modules' sources for doctests (what imports under their names is the compiled
build, which pytest refuses as another file); tests/test_native.py runs those doctests, and
the differential harness, on the pure build in a process of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from cfwidget import _native

_COMPILED = frozenset(_native.source_file(m) for m in _native.MODULES)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    compiled = _native.BUILD == "compiled" and collection_path.suffix == ".py"
    return True if compiled and collection_path.resolve() in _COMPILED else None
