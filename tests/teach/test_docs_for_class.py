"""The class documents: the rules sheet's glossary and self-containment, the teacher's guide.

The rules sheet's one-page printing is checked in Chromium by tests/browser/test_rules_sheet.py.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHEET = ROOT / "docs" / "rules-sheet.html"
GUIDE = ROOT / "docs" / "teachers.md"
TERMS = (
    "spoke",
    "line",
    "open end",
    "chicken foot",
    "toe",
    "chicken yard",
    "chickie",
    "blocked round",
    "centre double",
    "double blank",
)


class _Sheet(HTMLParser):
    """Collects the glossary's terms (<dt>), the tags used and every address in the page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.terms: list[str] = []
        self.addresses: list[str] = []
        self._in_dt = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self._in_dt = tag == "dt"
        if self._in_dt:
            self.terms.append("")
        self.addresses += [v or "" for k, v in attrs if k in ("href", "src", "action")]

    def handle_endtag(self, tag: str) -> None:
        if tag == "dt":
            self._in_dt = False

    def handle_data(self, data: str) -> None:
        if self._in_dt:
            self.terms[-1] += data


def _parsed() -> tuple[_Sheet, str]:
    text = SHEET.read_text(encoding="utf-8")
    sheet = _Sheet()
    sheet.feed(text)
    return sheet, text


@pytest.mark.parametrize("term", TERMS)
def test_every_glossary_term_is_defined(term: str) -> None:
    sheet, _ = _parsed()
    assert term in [t.strip().lower() for t in sheet.terms]


def test_the_sheet_is_self_contained() -> None:
    sheet, text = _parsed()
    assert "script" not in sheet.tags and "<script" not in text.lower()
    assert not {"link", "img", "iframe", "object", "embed"} & sheet.tags
    assert sheet.addresses == []
    assert not re.search(r"https?://", text, re.IGNORECASE)
    assert "@import" not in text and "url(" not in text


def test_the_sheet_scores_the_double_blank_as_the_rules_do() -> None:
    _, text = _parsed()
    assert "costs 50 points" in text
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "| `double_blank` | 0 to 100 | 50 |" in rules


def _lesson_notebooks() -> list[str]:
    return sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb") if p.name[:1] in "01")


def test_the_guide_names_every_lesson_notebook_that_exists() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    notebooks = _lesson_notebooks()
    assert "01-the-set-and-the-deal.ipynb" in notebooks and len(notebooks) >= 8
    missing = [name for name in notebooks if f"`{name}`" not in guide]
    assert missing == []


def test_the_guide_has_a_section_and_minutes_for_each_lesson() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    for name in _lesson_notebooks():
        number = name[:2]
        row = next(line for line in guide.splitlines() if line.startswith(f"| `{name}`"))
        assert re.search(r"\d+ min", row), row
        if number <= "07":
            assert f"## Lesson {number}:" in guide, number
