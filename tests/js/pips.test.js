// The pip tables in Node: every number from 0 to 21 has its pips, inside the half, balanced.
// (tests/widget/test_front_end.py compares them with Python's cfwidget.table.pip_positions.)
import assert from "node:assert/strict";
import { test } from "node:test";

import { pipPositions } from "../../js/tiles.js";

test("n pips for every n, each inside the half (half a tile unit square), none doubled", () => {
  for (let n = 0; n <= 21; n++) {
    const pips = pipPositions(n);
    assert.equal(pips.length, n);
    for (const [x, y] of pips) assert.ok(Math.abs(x) < 0.5 && Math.abs(y) < 0.5, `${n}: ${x}, ${y}`);
    assert.equal(new Set(pips.map((p) => p.join())).size, n, `${n} has two pips in one place`);
  }
});

test("the pips of every number are balanced round the half's middle", () => {
  for (let n = 1; n <= 21; n++) {
    const pips = pipPositions(n);
    const mx = pips.reduce((a, p) => a + p[0], 0) / n;
    const my = pips.reduce((a, p) => a + p[1], 0) / n;
    // Each row is centred; up to 9 the patterns are symmetric, above that a short last row
    // pulls the middle down a little.
    assert.ok(Math.abs(mx) < 1e-12, `${n} leans sideways`);
    assert.ok(Math.abs(my) < (n <= 9 ? 1e-12 : 0.1), `${n} leans up or down`);
  }
});

test("one is the middle; six is two rows of three; the table is kept", () => {
  assert.deepEqual(pipPositions(1), [[0, 0]]);
  const six = pipPositions(6);
  assert.deepEqual([...new Set(six.map(([x]) => x))].sort((a, b) => a - b), [-0.27, 0, 0.27]);
  assert.deepEqual([...new Set(six.map(([, y]) => y))].sort((a, b) => a - b), [-0.27, 0.27]);
  assert.equal(pipPositions(6), six, "the same table each time");
});
