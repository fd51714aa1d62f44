"""The whole table in view, the way a player meets it (issue 21, "Measured").

JupyterLab at 1280x800 with its file browser open and at 1366x768, and the widget in full
screen at 1280x800: one whole round of wolf-lake (4 players), six-spokes (4) and puremco (3)
on each, played by mouse as seat 0 against bots at the fastest pace
(:mod:`tests.helpers.table_in_view` plays and measures; this file asserts the issue's figures).

After every action of the person: the whole table in view with tiles of 22 px or more in at
least 90% of actions, a median tile of 26 px or more, no tile overlapping another or moving,
and the widget never taller than the visible notebook panel. In full screen: the whole table
in every action, a median tile of 32 px or more. The late table of each round is saved as a
picture (in a temporary folder, or ``$CFWIDGET_PICTURES``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from servers import REPO, jupyter_lab, need_browser

from tests.helpers.table_in_view import FULL_SCREEN, GOALS, MIN_PX, PRESETS, SCREENS, Run, report
from tests.helpers.table_in_view import measure_presets as play_and_measure

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CASES = [(p, s) for p in PRESETS for s in SCREENS]
FULL = [(p, FULL_SCREEN) for p in PRESETS]


@pytest.fixture(scope="module")
def runs(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Run]]:
    """One round of each preset on each screen, measured after every action."""
    need_browser()
    chosen = os.environ.get("CFWIDGET_PICTURES")
    pictures = REPO / chosen if chosen else tmp_path_factory.mktemp("table-in-view")
    pictures.mkdir(parents=True, exist_ok=True)
    root = tmp_path_factory.mktemp("lab-in-view")
    with jupyter_lab(root) as base:
        measured = play_and_measure(base, browser, root, pictures=pictures)
    text = report(measured)
    (pictures / "table_in_view.txt").write_text(text + "\n")
    print(f"\n{text}\npictures of the late tables: {pictures}")
    yield measured


def run_of(runs: list[Run], preset: str, label: str) -> Run:
    return next(r for r in runs if r.preset == preset and r.screen.label == label)


def ids(case: tuple[str, object]) -> str:
    preset, screen = case
    return f"{preset}-{getattr(screen, 'label', screen)}".replace(" ", "-")


def test_every_round_was_played_by_mouse_to_its_end(runs: list[Run]) -> None:
    assert {(r.preset, r.screen) for r in runs} == set(CASES + FULL)
    for run in runs:
        assert run.actions >= 3, run.line()
        assert run.shots[-1].over, f"{run.line()}: the round did not end"
        assert all(s.tiles >= 1 for s in run.shots)
        assert run.pictures and all(p.stat().st_size > 10_000 for p in run.pictures)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_the_whole_table_is_in_view_and_readable(runs: list[Run], case: tuple[str, object]) -> None:
    preset, screen = case
    run = run_of(runs, preset, getattr(screen, "label", ""))
    assert run.share() >= GOALS["share"], (
        f"{run.line()}: the whole table in view with tiles >= {MIN_PX:.0f} px in"
        f" {run.share():.0%} of actions, not {GOALS['share']:.0%}"
    )
    assert run.px(50) >= GOALS["median"], run.line()


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_the_widget_is_never_taller_than_the_visible_panel(
    runs: list[Run], case: tuple[str, object]
) -> None:
    preset, screen = case
    run = run_of(runs, preset, getattr(screen, "label", ""))
    assert run.too_tall == 0, (
        f"{run.line()}: taller than the {run.panel:.0f} px panel after {run.too_tall} actions"
    )


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_the_status_line_stays_in_view_as_the_focus_moves(
    runs: list[Run], case: tuple[str, object]
) -> None:
    """After each move the widget moves the keyboard focus; the notebook must not scroll the
    status line (whose turn, what happened) out of the panel."""
    preset, screen = case
    run = run_of(runs, preset, getattr(screen, "label", ""))
    assert run.share("status_in_view") == 1.0, run.line()


def test_no_tile_overlaps_another_or_moves(runs: list[Run]) -> None:
    assert [(r.preset, r.screen.label, r.overlaps, r.moved) for r in runs] == [
        (r.preset, r.screen.label, 0, 0) for r in runs
    ]


@pytest.mark.parametrize("case", FULL, ids=ids)
def test_full_screen_shows_the_whole_table_in_every_action(
    runs: list[Run], case: tuple[str, object]
) -> None:
    preset, screen = case
    run = run_of(runs, preset, getattr(screen, "label", ""))
    assert run.share("whole") == 1.0, f"{run.line()}: whole table in {run.share('whole'):.0%}"
    assert run.share() == 1.0, run.line()
    assert run.px(50) >= GOALS["full_median"], run.line()
    assert run.too_tall == 0, run.line()
