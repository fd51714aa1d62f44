"""The set picker's ES module in Chromium with a fake model: tiles drawn, taps sent back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from servers import harness_page

from cfwidget.widget import SetPicker

MOUNT = """async (state) => {
  const mod = await import("/setpicker.js");
  const listeners = {};
  const data = { ...state };
  window.saved = [];
  const model = {
    get: (k) => data[k],
    set: (k, v) => { data[k] = v; },
    save_changes: () => { window.saved.push([...data.selected]);
                          (listeners["change:selected"] || []).forEach((f) => f()); },
    on: (e, f) => { (listeners[e] = listeners[e] || []).push(f); },
    off: (e, f) => { listeners[e] = (listeners[e] || []).filter((g) => g !== f); },
    send: () => {},
  };
  const el = document.createElement("div");
  document.body.replaceChildren(el);
  mod.default.render({ model, el });
}"""


@pytest.fixture(scope="module")
def page(browser: Any, url: str) -> Iterator[Any]:
    """One 800x900 harness page for the module (the set picker mounts without a widget)."""
    with harness_page(browser, url, 800, 900, ready=False) as pg:
        yield pg


def test_every_tile_is_drawn_with_pips_and_taps_toggle(page: Any) -> None:
    picker = SetPicker(6)
    page.evaluate(MOUNT, {"tiles": picker.tiles, "selected": [], "caption": "", "label": "Hand"})
    buttons = page.locator(".cfw-picker-tile")
    assert buttons.count() == 28
    six_four = page.locator('.cfw-picker-tile[data-tile="6-4"]')
    assert six_four.locator("svg circle").count() == 10  # 6 + 4 pips, drawn
    assert six_four.get_attribute("aria-pressed") == "false"
    six_four.click()
    assert page.evaluate("window.saved") == [["6-4"]]
    assert six_four.get_attribute("aria-pressed") == "true"
    six_four.click()
    assert page.evaluate("window.saved")[-1] == []
    box = six_four.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44  # WCAG target size
    page.keyboard.press("Tab")  # from 6-4 to the next tile, 6-3, without a mouse
    page.keyboard.press("Enter")
    assert page.evaluate("window.saved")[-1] == ["6-3"]
