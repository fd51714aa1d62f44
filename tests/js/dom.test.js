// The small pure helpers in Node (no DOM): numbers for SVG attributes, tile names, moving the
// focus round a group, and finding a review's part of a view.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import { moveAmong, num } from "../../js/dom.js";
import { reviewOf } from "../../js/review-view.js";
import { tileNumbers } from "../../js/tiles.js";

test("a number for an SVG attribute is rounded to a tenth, with no trailing zeros", () => {
  assert.equal(num(12), "12");
  assert.equal(num(1.25), "1.3");
  assert.equal(num(-0.04), "0");
  assert.equal(num(-3.46), "-3.5");
});

test("a tile's name gives its two numbers, in the order written", () => {
  assert.deepEqual(tileNumbers("9-4"), [9, 4]);
  assert.deepEqual(tileNumbers("4-9"), [4, 9]);
  assert.deepEqual(tileNumbers("12-0"), [12, 0]);
});

/**
 * Stand-ins for a group's buttons: each records when it takes the focus.
 * @param {number} n
 */
function group(n) {
  /** @type {number[]} */
  const focused = [];
  const list = [...Array(n).keys()].map((i) => ({ focus: () => focused.push(i) }));
  return { list: /** @type {HTMLElement[]} */ (/** @type {unknown} */ (list)), focused };
}

test("the arrow keys move the focus round the group, past either end", () => {
  const { list, focused } = group(3);
  moveAmong(list, list[0], 1);
  moveAmong(list, list[2], 1);
  moveAmong(list, list[0], -1);
  moveAmong(list, list[1], -1);
  assert.deepEqual(focused, [1, 0, 2, 0]);
});

test("from outside the group the focus goes to its first element; an empty group does nothing", () => {
  const { list, focused } = group(4);
  moveAmong(list, null, -1);
  assert.deepEqual(focused, [0]);
  moveAmong([], null, 1);
  assert.deepEqual(focused, [0]);
});

test("a review's part is found on a review's view only", () => {
  const game = /** @type {import("../../js/view.js").View} */ (/** @type {unknown} */ ({ version: 1 }));
  assert.equal(reviewOf(game), null);
  const part = { move: 3, total: 40 };
  const review = /** @type {import("../../js/view.js").View} */ (/** @type {unknown} */ ({ version: 1, review: part }));
  assert.equal(reviewOf(review), part);
});
