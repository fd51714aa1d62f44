// The review panel's pure functions in Node (no DOM): the bars' scale and the scrubbing keys.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import { barShares, reviewKeyTarget } from "../../js/review.js";

test("a bar is as long as its points, the longest is whole", () => {
  assert.deepEqual(barShares([5, 10, 20]), [0.25, 0.5, 1]);
});

test("no bar vanishes: zero points, nothing at all, or no number get the shortest", () => {
  assert.deepEqual(barShares([0, 8]), [0.02, 1]);
  assert.deepEqual(barShares([0, 0]), [0.02, 0.02]);
  assert.deepEqual(barShares([Number.NaN, 4]), [0.02, 1]);
  assert.deepEqual(barShares([]), []);
});

test("a worse move (more points) never has a shorter bar", () => {
  const points = [3.2, 7.5, 7.5, 12.1, 30];
  const shares = barShares(points);
  for (let i = 1; i < shares.length; i++) assert.ok(shares[i] >= shares[i - 1]);
});

test("arrows step one move and stop at the ends; Home and End go to the ends", () => {
  assert.equal(reviewKeyTarget("ArrowRight", 4, 10), 5);
  assert.equal(reviewKeyTarget("ArrowLeft", 4, 10), 3);
  assert.equal(reviewKeyTarget("ArrowLeft", 1, 10), 1);
  assert.equal(reviewKeyTarget("ArrowRight", 10, 10), 10);
  assert.equal(reviewKeyTarget("Home", 7, 10), 1);
  assert.equal(reviewKeyTarget("End", 7, 10), 10);
  assert.equal(reviewKeyTarget("x", 7, 10), 0);
});
