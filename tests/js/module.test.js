// widget.js imports in Node, where there is no DOM: everything that touches the page waits
// inside functions, so the pure helpers can be tested here.
import assert from "node:assert/strict";
import { test } from "node:test";

import widget from "../../cfwidget/widget/static/widget.js";

test("widget.js imports without a DOM and gives anywidget its render function", () => {
  assert.equal(typeof globalThis.document, "undefined");
  assert.equal(typeof widget.render, "function");
});
