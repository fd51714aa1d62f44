"""Which build of the rules kernel runs: compiled (mypyc) where the install built it, else pure.

The modules in :data:`MODULES` (the rules kernel with the deal's shuffle, the opening, the
engine under ``Round``, and the analysis layer's positions, playout policies and loop, and
random playouts on counts) are ordinary, typed Python that takes only values checked
before they reach it. Where a C compiler was there at install time, the build
(``hatch_build.py``) also compiled them with mypyc, the compiler mypy ships, into extension
modules beside their sources, and wrote ``_native.json``: each module's source hash. Both
builds play the same rules from the same source; the tests play the compiled one against
the reference engine, and the pure one too (``CFWIDGET_PURE=1``).

When ``cfwidget`` is imported, this module decides once, before any of those modules loads:

- ``"compiled"``: every compiled module is there and its source is unchanged since it was
  compiled;
- ``"pure"`` otherwise, with the reason in :data:`REASON`: nothing was compiled (no
  compiler, or a plain copy of the source), ``CFWIDGET_PURE=1`` is set, or a source was
  changed after it was compiled (``make check`` and ``make test`` compile it again). Then
  a finder put first on ``sys.meta_path`` loads each of the modules from its ``.py`` file,
  so that an older compiled file beside it is never run.

>>> BUILD in ("compiled", "pure")
True
>>> len(MODULES)
6
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = [
    "BUILD",
    "MANIFEST",
    "MODULES",
    "REASON",
    "compiled_state",
    "pure_asked",
    "source_hashes",
]

#: The modules compiled where a compiler is there, in the order they are compiled.
MODULES = (
    "cfwidget.core._kernel",
    "cfwidget.core._opening",
    "cfwidget.core._engine",
    "cfwidget.analysis._kernel",
    "cfwidget.analysis._policies",
    "cfwidget.analysis._counted",
)

#: The file, beside this one, that the build writes: the source hash of each compiled module.
MANIFEST = "_native.json"

_PACKAGE = Path(__file__).resolve().parent


def source_file(module: str, package: Path = _PACKAGE) -> Path:
    """The ``.py`` file of one of :data:`MODULES` under the package folder ``package``."""
    return package.joinpath(*module.split(".")[1:]).with_suffix(".py")


def source_hashes(package: Path = _PACKAGE) -> dict[str, str]:
    """Each compiled module's source as a SHA-256 hex digest: what the manifest records."""
    return {m: hashlib.sha256(source_file(m, package).read_bytes()).hexdigest() for m in MODULES}


def pure_asked() -> bool:
    """True when ``CFWIDGET_PURE`` asks for the pure build (set, and not ``0``)."""
    return os.environ.get("CFWIDGET_PURE", "") not in ("", "0")


def compiled_state(package: Path = _PACKAGE) -> tuple[str, str]:
    """``("compiled", why)`` when the compiled files under the package folder ``package`` match
    their sources, else ``("pure", why)``: what the build records, read against the files."""
    manifest = package / MANIFEST
    try:
        recorded = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "pure", "this install has no compiled kernel"
    if not isinstance(recorded, dict) or recorded.get("python") != sys.implementation.cache_tag:
        return "pure", "the compiled kernel was built for another Python"
    modules = recorded.get("modules")
    try:
        now = source_hashes(package)
    except OSError:
        return "pure", "a source of the kernel could not be read"
    for name in MODULES:
        if not isinstance(modules, dict) or modules.get(name) != now[name]:
            return "pure", f"{source_file(name).name} changed after it was compiled"
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    for name in MODULES:
        base = source_file(name, package).with_suffix("")
        if not any(Path(f"{base}{suffix}").exists() for suffix in suffixes):
            return "pure", f"the compiled {base.name} is missing"
    return "compiled", "every compiled module matches its source"


def _decide() -> tuple[str, str]:
    return ("pure", "CFWIDGET_PURE is set") if pure_asked() else compiled_state()


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Loads the compiled modules' names from their ``.py`` files (the pure build)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_file(fullname))


#: ``"compiled"`` or ``"pure"``: the build of the kernel this process runs.
BUILD: str
#: Why: a sentence such as ``"_engine.py changed after it was compiled"``.
REASON: str
BUILD, REASON = _decide()
# Only as the package's own module (the build hook also loads this file, to read MODULES).
if BUILD == "pure" and __name__ == "cfwidget._native":
    sys.meta_path.insert(0, _SourceFirst())
