// The evaluation graph's pure helpers in Node (no DOM): where a move is, which move a click
// is on, the step lines and their dots, the short readout; and the collapsed candidates.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import { GRAPH_H, GRAPH_W, dotsPath, linePath, moveAtX, shortReadout, xOfMove, yOfPoints } from "../../js/review-graph.js";
import { handRows, moreBarsWords, shownBars } from "../../js/review.js";

test("a click goes to the move under it, and a move's middle is under itself", () => {
  assert.equal(moveAtX(0, 200, 10), 1);
  assert.equal(moveAtX(199.9, 200, 10), 10);
  assert.equal(moveAtX(250, 200, 10), 10);
  assert.equal(moveAtX(-5, 200, 10), 1);
  assert.equal(moveAtX(45, 200, 10), 3);
  for (let m = 1; m <= 52; m++) assert.equal(moveAtX((xOfMove(m, 52) / GRAPH_W) * 300, 300, 52), m);
  assert.equal(moveAtX(10, 0, 10), 1);
});

test("more points sit higher, within the box", () => {
  assert.ok(yOfPoints(0, 20) > yOfPoints(10, 20));
  assert.ok(yOfPoints(10, 20) > yOfPoints(20, 20));
  assert.ok(yOfPoints(40, 20) >= 0 && yOfPoints(-3, 20) <= GRAPH_H);
  assert.equal(yOfPoints(25, 20), yOfPoints(20, 20));
});

test("a line steps move by move and breaks at a gap and at a new round", () => {
  const d = linePath([null, 5, 5, 10, null, 4, 4], [6], 10);
  const moves = d.match(/M/g) || [];
  assert.equal(moves.length, 2, d); // one piece before the gap, one after (round 2 starts at 6)
  assert.ok(d.startsWith(`M${(GRAPH_W / 7).toFixed(1).replace(/\.0$/, "")} `), d);
  const broken = linePath([3, 3, 3, 3], [3], 10);
  assert.equal((broken.match(/M/g) || []).length, 2, broken);
  assert.equal(linePath([null, null], [], 10), "");
});

test("dots only where the seat was rated", () => {
  const line = { seat: 0, name: "Ann", points: [null, 5, 5, 8], out: [null, 0.1, 0.1, 0], fresh: [false, true, false, true] };
  assert.equal((dotsPath(line, 10).match(/h0/g) || []).length, 2);
});

test("the readout says each seat's points and chance, or that it has none yet", () => {
  const g = {
    total: 3,
    move: 2,
    starts: [],
    top: 10,
    note: "",
    readout: "",
    lines: [
      { seat: 0, name: "Ann", points: [null, 5.25, 5.25], out: [null, 0.25, 0.25], fresh: [false, true, false] },
      { seat: 1, name: "Bob", points: [null, null, 7], out: [null, null, 0], fresh: [false, false, true] },
    ],
  };
  assert.equal(shortReadout(g), "Ann 5.3 (25% out) · Bob: no figure yet");
});

test("a collapsed list shows the marked few; expanded, all", () => {
  const bars = [{ few: true }, { few: true }, { few: true }, { few: false }, { few: true }];
  assert.equal(shownBars(bars, false).length, 4);
  assert.equal(shownBars(bars, true).length, 5);
  assert.equal(moreBarsWords(9, 4, false), "Show all 9 moves (5 more)");
  assert.equal(moreBarsWords(9, 4, true), "Show the best few");
});

test("the hand keeps the rows its largest size needs", () => {
  assert.equal(handRows(7, 300, 38, 4), 1);
  assert.equal(handRows(15, 300, 38, 4), 3);
  assert.equal(handRows(0, 300, 38, 4), 1);
  assert.equal(handRows(5, 0, 38, 4), 1);
  for (let n = 1; n < 30; n++) assert.ok(handRows(n + 1, 300, 38, 4) >= handRows(n, 300, 38, 4));
});
