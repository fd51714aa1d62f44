// The board's geometry in Node (no DOM): tile boxes, halves, unions, the window maths.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import { badgeBox, boxKey, coverShift, inside, keepOn, tileBox, unionBox } from "../../js/camera.js";
import { halfCentres } from "../../js/tiles.js";

/** @param {number} a @param {number} b */
const near = (a, b) => assert.ok(Math.abs(a - b) < 1e-9, `${a} is not ${b}`);

test("a tile lying flat is 200 x 100 SVG units round its centre, grown by the pad", () => {
  assert.deepEqual(tileBox({ x: 1, y: 2, angle: 0 }), { x0: 0, y0: 150, x1: 200, y1: 250 });
  const b = tileBox({ x: 0, y: 0, angle: 0 }, 10);
  assert.deepEqual([b.x1 - b.x0, b.y1 - b.y0], [220, 120]);
});

test("a standing tile's box is 100 x 200, and a turned one holds all four corners", () => {
  const b = tileBox({ x: 0, y: 0, angle: 90 });
  near(b.x1 - b.x0, 100);
  near(b.y1 - b.y0, 200);
  const d = tileBox({ x: 0, y: 0, angle: 45 });
  const a = Math.PI / 4;
  for (const [u, v] of [[-100, -50], [100, -50], [100, 50], [-100, 50]]) {
    const x = u * Math.cos(a) - v * Math.sin(a);
    const y = u * Math.sin(a) + v * Math.cos(a);
    assert.ok(x >= d.x0 - 1e-9 && x <= d.x1 + 1e-9 && y >= d.y0 - 1e-9 && y <= d.y1 + 1e-9);
  }
});

test("the halves' centres are half a tile unit either side of the middle, along the tile", () => {
  const [first, second] = halfCentres({ x: 1, y: 1, angle: 0 });
  assert.deepEqual([first, second], [[50, 100], [150, 100]]);
  const [top, bottom] = halfCentres({ x: 0, y: 0, angle: 90 });
  near(top[0], 0);
  near(top[1], -50);
  near(bottom[1], 50);
});

test("a badge's box is centred on it and wider than the largest badge", () => {
  const b = badgeBox({ badge_x: 2, badge_y: -1 });
  near((b.x0 + b.x1) / 2, 200);
  near((b.y0 + b.y1) / 2, -100);
  assert.ok(b.x1 - b.x0 > 2 * 55);
});

test("the union holds every box, skips nulls, and is null for none", () => {
  assert.equal(unionBox([]), null);
  assert.equal(unionBox([null, null]), null);
  const one = { x0: 0, y0: 0, x1: 1, y1: 1 };
  const u = unionBox([one, null, { x0: -5, y0: 2, x1: 0, y1: 9 }]);
  assert.deepEqual(u, { x0: -5, y0: 0, x1: 1, y1: 9 });
  assert.notEqual(unionBox([one]), one, "a copy, never the box itself");
});

test("coverShift moves a window as little as it can to cover lo..hi", () => {
  assert.equal(coverShift(0, -1, 1, 10), 0, "already covered: unchanged");
  assert.equal(coverShift(0, 3, 8, 10), 3, "the right edge comes to hi");
  assert.equal(coverShift(0, -9, -2, 10), -4, "the left edge comes to lo");
  // Over many windows: whenever lo..hi fits, the new window covers it, and a window that
  // covered it already does not move.
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 100 - 50;
  for (let i = 0; i < 2000; i++) {
    const [lo, hi] = [rnd(), rnd()].sort((a, b) => a - b);
    const span = hi - lo + Math.abs(rnd());
    const c = rnd();
    const got = coverShift(c, lo, hi, span);
    assert.ok(got - span / 2 <= lo + 1e-9 && got + span / 2 >= hi - 1e-9);
    if (c - span / 2 <= lo && c + span / 2 >= hi) assert.equal(got, c);
  }
});

test("keepOn keeps a window on lo..hi, and centres it when lo..hi is narrower", () => {
  assert.equal(keepOn(100, 0, 10, 20), 5);
  assert.equal(keepOn(100, 0, 50, 20), 40);
  assert.equal(keepOn(-100, 0, 50, 20), 10);
  assert.equal(keepOn(25, 0, 50, 20), 25);
});

test("inside allows one unit to spare; boxKey rounds to a tenth", () => {
  const frame = { cx: 0, cy: 0, w: 100, h: 50 };
  assert.ok(inside({ x0: -50.5, y0: -25, x1: 50, y1: 25 }, frame));
  assert.ok(!inside({ x0: -52, y0: -25, x1: 50, y1: 25 }, frame));
  assert.equal(boxKey({ cx: 1.04, cy: -2.26, w: 300, h: 200.06 }), "1 -2.3 300 200.1");
});
