"""Execute notebooks in place, store their outputs and strip editor metadata.

Usage: python tools/run_notebooks.py notebooks/*.ipynb

Notebooks are product: they are committed with outputs so that they read well
without a kernel (GitHub, nbviewer), and nbval checks in CI that a fresh run
gives the same outputs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

KEEP_NOTEBOOK_METADATA = {"kernelspec", "language_info"}


def clean(nb: nbformat.NotebookNode) -> None:
    """Drop editor and execution metadata that would make diffs noisy."""
    nb.metadata = {k: v for k, v in nb.metadata.items() if k in KEEP_NOTEBOOK_METADATA}
    nb.metadata.get("language_info", {}).pop("version", None)
    for i, cell in enumerate(nb.cells):
        cell.metadata = {k: v for k, v in cell.metadata.items() if k in {"tags"}}
        cell.id = f"cell-{i:02d}"
        if cell.cell_type == "code":
            for out in cell.get("outputs", []):
                out.get("metadata", {}).pop("execution", None)


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    client = NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    clean(nb)
    nbformat.write(nb, path)  # type: ignore[no-untyped-call]
    print(f"ran {path}")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        run(Path(name))
