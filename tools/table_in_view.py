"""Is the whole table in view? Whole rounds played by mouse in JupyterLab, measured.

Run ``python -m tools.table_in_view --rounds 2``: one line per preset and screen, then the
issue's goals. The harness that plays and measures is :mod:`tests.helpers.table_in_view`
(``tests/browser/test_table_in_view.py`` asserts the goals on the same measurements).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from tests.helpers.table_in_view import (
    FULL_SCREEN,
    PRESETS,
    SCREENS,
    lab_and_browser,
    measure_presets,
    report,
)

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m tools.table_in_view [--rounds N] [--preset P] [--pictures D]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=1, help="rounds per preset and screen")
    parser.add_argument("--seed", type=int, default=1, help="each game's seed")
    parser.add_argument(
        "--preset", action="append", choices=list(PRESETS), help="only these presets (repeat)"
    )
    parser.add_argument("--no-full-screen", action="store_true", help="skip the full screen")
    parser.add_argument("--pictures", type=Path, help="save the late tables' screenshots here")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error(f"--rounds must be 1 or more, got {args.rounds}")
    screens = SCREENS if args.no_full_screen else (*SCREENS, FULL_SCREEN)
    if args.pictures is not None:
        args.pictures.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with lab_and_browser() as (base, browser, root):
        runs = measure_presets(
            base,
            browser,
            root,
            args.preset or tuple(PRESETS),
            screens,
            args.rounds,
            args.seed,
            args.pictures,
        )
    print(report(runs))
    print(f"({time.monotonic() - started:.0f} s, JupyterLab and Chromium included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
