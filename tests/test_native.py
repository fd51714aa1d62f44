"""The two builds of the rules kernel: compiled (mypyc) where the install built it, else pure.

The rest of the suite runs on whichever build this install has (``make test`` compiles it
where a compiler is there). Here: the choice is the one ``cfwidget/_native.py`` promises, a
changed source is never run compiled, and the pure build passes the differential harness
against the reference engine and the compiled modules' doctests in a process of its own.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cfwidget
from cfwidget import _native

ROOT = Path(__file__).resolve().parent.parent
EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def _in_fresh_python(code: str, **env: str) -> str:
    """What ``code`` prints in a new interpreter (the build is chosen once per process)."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        check=True,
    )
    return done.stdout.strip()


def test_each_compiled_module_loads_from_the_build_chosen() -> None:
    manifest = Path(cfwidget.__file__).with_name(_native.MANIFEST)
    fresh = (
        manifest.exists()
        and json.loads(manifest.read_text(encoding="utf-8")).get("modules")
        == _native.source_hashes()
    )
    assert (_native.BUILD == "compiled") == (fresh and "CFWIDGET_PURE" not in os.environ)
    for name in _native.MODULES:
        loaded = sys.modules.get(name) or __import__(name, fromlist=["_"])
        compiled = str(loaded.__file__).endswith(EXTENSIONS)
        assert compiled == (_native.BUILD == "compiled"), (name, loaded.__file__)


def test_pure_is_chosen_when_asked_and_its_sources_are_the_ones_run() -> None:
    out = _in_fresh_python(
        "import cfwidget.core._kernel as k, cfwidget._native as n; print(n.BUILD, k.__file__)",
        CFWIDGET_PURE="1",
    )
    build, path = out.split(" ", 1)
    assert build == "pure" and path.endswith("_kernel.py")


def test_a_source_changed_after_compiling_is_run_from_its_source(tmp_path: Path) -> None:
    # A copy of the package whose manifest records another hash for one module: as after an
    # edit, the compiled files beside the sources must not be the ones imported.
    copy = tmp_path / "cfwidget"
    subprocess.run(["cp", "-r", str(Path(cfwidget.__file__).parent), str(copy)], check=True)
    hashes = _native.source_hashes(copy)
    hashes["cfwidget.core._engine"] = "0" * 64
    (copy / _native.MANIFEST).write_text(
        json.dumps({"python": sys.implementation.cache_tag, "modules": hashes}), encoding="utf-8"
    )
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import cfwidget._native as n, cfwidget.core._engine as e; "
            "print(n.BUILD, '|', n.REASON, '|', e.__file__)",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        check=True,
    ).stdout.strip()
    build, reason, path = out.split(" | ")
    assert build == "pure" and reason == "_engine.py changed after it was compiled"
    assert path == str(copy / "core" / "_engine.py")


@pytest.mark.slow
def test_the_pure_build_passes_the_differential_harness_and_the_kernels_doctests() -> None:
    sources = [str(_native.source_file(m).relative_to(ROOT)) for m in _native.MODULES]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/core/test_differential.py",
            "tests/core/test_kernel.py",
            "tests/analysis/test_playout.py",
            *sources,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "CFWIDGET_PURE": "1"},
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
