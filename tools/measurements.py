"""docs/measurements.md: the figures that measuring tools recorded, one section per measurement.

A tool run with ``--write-docs`` replaces its own section of the page (found by its key,
between ``<!-- measured: KEY -->`` and ``<!-- end: KEY -->``) with what it just measured:
the command that reproduces it, the day, and its figures; a key not on the page yet is added
at the end. The rest of the page is left as it is. So the package's docstrings say what the
code does, and how much it does it is a page the tools regenerate.

>>> import tempfile
>>> page = Path(tempfile.mkdtemp()) / "m.md"
>>> _ = record("demo", "A demo", "tools.demo", ["1.0 points"], page=page, day="2026-12-03")
>>> _ = record("demo", "A demo", "tools.demo", ["0.9 points"], page=page, day="2026-12-04")
>>> print(page.read_text().split("\\n", 4)[4])
<!-- measured: demo -->
## A demo
<BLANKLINE>
`tools.demo`, run on 2026-12-04:
<BLANKLINE>
0.9 points
<!-- end: demo -->
<BLANKLINE>
"""

from __future__ import annotations

import argparse
import datetime as _dt
import re
from collections.abc import Sequence
from pathlib import Path

PAGE = Path(__file__).resolve().parents[1] / "docs" / "measurements.md"

HEADER = (
    "# Measurements\n\n"
    "Figures recorded by the tools that measure (`python -m tools.NAME --write-docs`).\n\n"
)


#: Measurements asked for and not yet run in full, by the section key their run will write:
#: the exact command (run from the repository's root; ``--write-docs`` records the figures).
#: ``python -m tools.measurements`` prints them. Issue 31 asks for the search bot's
#: duplicate matches over 2,000 deals: against the coach at four players (target: 2.0
#: points a round better, the interval excluding 0), against today's search bot (strength
#: 200) at four players (0.5 better) and against the coach heads-up (better), at <= 1 s a
#: move. The contender is the search bot at 1,000 worlds a choice (0.2 s a move compiled).
#: ``tools.search_ceiling`` (docs/measurements.md) puts one ply of coach-like playouts at
#: about 2.1 points a round at most, however many worlds: run these once the search's model
#: is better, not with more worlds.
#: Each run saves its finished deals in ``--out`` (``runs/NAME/results.json``, which git
#: keeps); the same command with ``--resume`` plays only the deals left, so a run can span
#: sessions and checkouts: commit the file when you stop.
TO_RUN = {
    "search_tournament coach 4": (
        "python -m tools.search_tournament --players 4 --deals 2000 --strength 1000 "
        "--opponent coach --seed 2042 --workers 2 --out runs/s1000-coach-4 --resume --write-docs"
    ),
    "search_tournament search 4": (
        "python -m tools.search_tournament --players 4 --deals 2000 --strength 1000 "
        "--opponent search --seed 2043 --workers 2 --out runs/s1000-search-4 --resume "
        "--write-docs"
    ),
    "search_tournament coach 2": (
        "python -m tools.search_tournament --players 2 --deals 2000 --strength 1000 "
        "--opponent coach --seed 2044 --workers 2 --out runs/s1000-coach-2 --resume --write-docs"
    ),
}


def main() -> None:
    """Print the commands of the measurements still to run in full (:data:`TO_RUN`)."""
    for key, command in TO_RUN.items():
        print(f"{key}:\n  {command}")


def add_option(parser: argparse.ArgumentParser) -> None:
    """Give a tool ``--write-docs [PAGE]``: record on PAGE (default :data:`PAGE`)."""
    parser.add_argument(
        "--write-docs",
        type=Path,
        nargs="?",
        const=PAGE,
        default=None,
        help="record the figures in docs/measurements.md (or the page given)",
    )


def section(key: str, title: str, command: str, lines: Sequence[str], day: str) -> str:
    """The text of one measurement's section, markers included."""
    body = "\n".join(lines)
    return (
        f"<!-- measured: {key} -->\n## {title}\n\n`{command}`, run on {day}:\n\n{body}\n"
        f"<!-- end: {key} -->\n"
    )


def record(
    key: str,
    title: str,
    command: str,
    lines: Sequence[str],
    *,
    page: Path = PAGE,
    day: str | None = None,
) -> Path:
    """Put one measurement on ``page`` in place of the last one recorded under ``key``."""
    day = day or _dt.date.today().isoformat()
    text = page.read_text(encoding="utf-8") if page.exists() else HEADER
    new = section(key, title, command, lines, day)
    found = re.compile(
        rf"<!-- measured: {re.escape(key)} -->\n.*?<!-- end: {re.escape(key)} -->\n", re.S
    )
    if found.search(text):
        text = found.sub(lambda _: new, text, count=1)
    else:
        text = text.rstrip("\n") + "\n\n" + new
    page.write_text(text, encoding="utf-8")
    return page


if __name__ == "__main__":
    main()
