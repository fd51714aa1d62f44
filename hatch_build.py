"""Build hook: compile the rules kernel with mypyc where a C compiler is there, else build pure.

Hatchling runs :class:`NativeHook` for every wheel it builds (``pip install .``, ``pip
install -e .``, ``python -m build``). It compiles the modules listed in
``cfwidget/_native.py`` (``MODULES``) with mypyc, the compiler mypy ships, and writes
``cfwidget/_native.json``, the source hash of each, which the package checks when it is
imported (see ``cfwidget/_native.py``). An editable install compiles them in place, beside
their sources (as setuptools builds extensions for ``pip install -e``); a wheel gets them as
files of its own and a platform tag. When compiling fails (no compiler, no Python headers)
or ``CFWIDGET_PURE=1`` is set, the hook says so and the wheel is the pure-Python package:
the same rules, more slowly.

Run as a script, it compiles in place when a source changed since it was last compiled
(``make check`` and ``make test`` do this): ``python hatch_build.py --if-stale``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "cfwidget"
# The shared library mypyc builds beside the modules: one per group, inside the package.
GROUP = "cfwidget._native_kernel"


def _native() -> ModuleType:
    """cfwidget/_native.py, loaded on its own (it imports nothing of the package)."""
    spec = importlib.util.spec_from_file_location("_cfwidget_native", PACKAGE / "_native.py")
    if spec is None or spec.loader is None:
        raise RuntimeError("cfwidget/_native.py is missing")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled_files(where: Path) -> list[Path]:
    """The extension modules a compile left under ``where`` (its ``cfwidget`` folder)."""
    found = sorted((where / "cfwidget").rglob("*.so")) + sorted((where / "cfwidget").rglob("*.pyd"))
    return [p for p in found if "__pycache__" not in p.parts]


def remove_compiled(root: Path = ROOT) -> None:
    """Remove the compiled modules and the manifest from a source tree (the pure build)."""
    for path in compiled_files(root):
        path.unlink()
    (root / "cfwidget" / _native().MANIFEST).unlink(missing_ok=True)


def compile_into(target: Path) -> list[Path]:
    """Compile the kernel's modules from this source tree into ``target`` (a folder that gets
    ``cfwidget/...`` extension files and ``cfwidget/_native.json``); the files made."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    native = _native()
    sources = [str(native.source_file(m, PACKAGE).relative_to(ROOT)) for m in native.MODULES]
    hashes = native.source_hashes(PACKAGE)
    here = os.getcwd()
    work = Path(tempfile.mkdtemp(prefix="cfwidget-mypyc-"))
    try:
        os.chdir(ROOT)  # mypyc names modules by their paths from here
        extensions = mypycify(
            ["--config-file=pyproject.toml", "--follow-imports=silent", *sources],
            opt_level="3",
            group_name=GROUP,
            target_dir=str(work / "c"),
        )
        dist = Distribution({"name": "cfwidget-kernel", "ext_modules": extensions})
        build = dist.get_command_obj("build_ext")
        build.build_lib = str(work / "lib")
        build.build_temp = str(work / "tmp")
        dist.run_command("build_ext")
    finally:
        os.chdir(here)
    made = []
    for built in compiled_files(work / "lib"):
        dest = target / built.relative_to(work / "lib")
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, dest)
        made.append(dest)
    shutil.rmtree(work, ignore_errors=True)
    if len(made) < len(native.MODULES):
        raise RuntimeError(f"mypyc made {len(made)} files for {len(native.MODULES)} modules")
    manifest = target / "cfwidget" / native.MANIFEST
    manifest.write_text(
        json.dumps({"python": sys.implementation.cache_tag, "modules": hashes}, indent=1) + "\n",
        encoding="utf-8",
    )
    return [*made, manifest]


def stale(root: Path = ROOT) -> bool:
    """True when the in-place compiled modules are missing or older than their sources."""
    return bool(_native().compiled_state(root / "cfwidget")[0] != "compiled")


def compile_apart(target: Path) -> None:
    """:func:`compile_into` in a Python process of its own: mypy's type check holds a
    large heap, which the process that builds the wheel (or runs the tests) need not keep."""
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--into", str(target)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        raise RuntimeError(lines[-1] if lines else f"exit status {done.returncode}")


class NativeHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the kernel into the wheel (or in place for an editable install)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if _native().pure_asked():
            self.app.display_info("cfwidget: CFWIDGET_PURE is set: the pure-Python engine")
            if version == "editable":
                remove_compiled(Path(self.root))
            return
        try:
            if version == "editable":
                remove_compiled(Path(self.root))
                compile_apart(Path(self.root))
            else:
                out = Path(self.directory) / "cfwidget-native"
                shutil.rmtree(out, ignore_errors=True)
                compile_apart(out)
                for path in [*compiled_files(out), out / "cfwidget" / _native().MANIFEST]:
                    build_data["force_include"][str(path)] = str(path.relative_to(out))
                build_data["pure_python"] = False
                build_data["infer_tag"] = True
        except Exception as exc:  # any failure to compile leaves the pure build, which works
            if version == "editable":
                remove_compiled(Path(self.root))
            self.app.display_warning(
                "cfwidget: the rules kernel was not compiled "
                f"({type(exc).__name__}: {str(exc)[:200]}); installing the pure-Python "
                "engine, which plays the same rules more slowly"
            )
            return
        self.app.display_info("cfwidget: the rules kernel is compiled (mypyc)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Compile the rules kernel in place.")
    parser.add_argument("--if-stale", action="store_true", help="only if a source changed")
    parser.add_argument("--pure", action="store_true", help="remove the compiled modules")
    parser.add_argument("--into", type=Path, help="compile into this folder (errors raise)")
    args = parser.parse_args(argv)
    if args.into is not None:
        compile_into(args.into)
        return
    if args.pure or _native().pure_asked():
        remove_compiled()
        print("cfwidget: the pure-Python engine (compiled modules removed)")
        return
    if args.if_stale and not stale():
        return
    remove_compiled()
    try:
        compile_into(ROOT)
    except Exception as exc:
        remove_compiled()
        print(f"cfwidget: not compiled ({type(exc).__name__}: {exc}); the pure engine runs")
        return
    print("cfwidget: the rules kernel is compiled (mypyc)")


if __name__ == "__main__":
    main()
