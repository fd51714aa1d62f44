"""The suite's markers, put on where they belong, so a run can leave the long parts out.

- ``browser``: everything under tests/browser (Chromium, JupyterLab, Voila);
- ``notebooks``: every cell nbval runs, and the tests that run a notebook of notebooks/
  (:data:`RUN_NOTEBOOKS`);
- ``slow``: put on by hand (``@pytest.mark.slow``) on the heavy pure-Python tests.

``make check`` runs ``-m "not browser and not notebooks and not slow"``: the edit-test loop;
``make test`` runs everything.

No test compares a time with a limit, Hypothesis's included: its profile here has no deadline
per example and no health check on slow data generation (a loaded machine is not a bug).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("cfwidget", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("cfwidget")

TESTS = Path(__file__).resolve().parent

#: Test files that run notebooks of notebooks/: their code in this process (the answer keys),
#: or the whole notebook served by Voila (these are browser tests too).
RUN_NOTEBOOKS = frozenset(
    {
        "teach/test_answer_keys.py",
        "browser/test_voila_axe.py",
        "browser/test_voila_lesson.py",
        "browser/test_voila_therapy.py",
        "browser/test_voila_therapy_resume.py",
    }
)


def _under_tests(item: pytest.Item) -> str | None:
    """The item's file relative to tests/ (``teach/test_lessons.py``), or None if elsewhere."""
    try:
        return Path(item.path).resolve().relative_to(TESTS).as_posix()
    except ValueError:
        return None


def _is_nbval_cell(item: pytest.Item) -> bool:
    return type(item).__module__.startswith("nbval")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        where = _under_tests(item)
        if where is not None and where.startswith("browser/"):
            item.add_marker(pytest.mark.browser)
        if _is_nbval_cell(item) or where in RUN_NOTEBOOKS:
            item.add_marker(pytest.mark.notebooks)
