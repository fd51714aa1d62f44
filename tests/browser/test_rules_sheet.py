"""The printable rules sheet (docs/rules-sheet.html) prints on one A4 page and one Letter page.

Chromium prints the page to PDF, as a teacher's "Print" would, and the test counts the pages.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

SHEET = Path(__file__).resolve().parents[2] / "docs" / "rules-sheet.html"


def pdf_pages(pdf: bytes) -> int:
    """The number of page objects in a PDF Chromium wrote (``/Type /Page``, not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_pdf_pages_counts_pages_not_the_page_tree() -> None:
    assert pdf_pages(b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page >>") == 2


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_rules_sheet_prints_on_one_page(browser: Any, paper: str) -> None:
    page = browser.new_page()
    try:
        page.goto(SHEET.as_uri())
        assert page.locator("h1").inner_text() == "Chicken Foot: the rules on one page"
        pdf = page.pdf(format=paper, print_background=True)
        # The same sheet squeezed into a page a third of the height needs more than one:
        # the count is real, not a constant.
        short = page.pdf(width="210mm", height="100mm", print_background=True)
    finally:
        page.close()
    assert pdf.startswith(b"%PDF")
    assert pdf_pages(pdf) == 1
    assert pdf_pages(short) > 1
