// The camera's pure functions in Node (no DOM): fitting, stretching, following, zoom and pan.
// Run: node --test tests/js/   (make test runs it)
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  autoFrame,
  dragFrame,
  edgeBadge,
  fitBox,
  inside,
  panFrame,
  sightings,
  stretch,
  tableBox,
  tileBox,
  widest,
  zoomFrame,
} from "../../js/camera.js";

const U = 100; // SVG units per tile unit

/** @param {number} a @param {number} b */
const near = (a, b) => assert.ok(Math.abs(a - b) < 1e-6, `${a} is not ${b}`);

/**
 * A placed tile, as the view sends it.
 * @param {string} tile @param {number} x @param {number} y @param {number} [angle]
 * @returns {import("../../js/view.js").PlacedTile}
 */
function placed(tile, x, y, angle = 0) {
  const [first, second] = tile.split("-").map(Number);
  return { tile, x, y, angle, first, second, role: "spoke", onto: null, linked: false, heading: 0 };
}

/**
 * A view with just what the camera reads.
 * @param {Partial<import("../../js/view.js").View>} part
 * @returns {import("../../js/view.js").View}
 */
function view(part) {
  return /** @type {import("../../js/view.js").View} */ ({ table: [], last: null, cue: null, hint: null, ...part });
}

test("stretch only grows a frame, to the board's shape, round the same centre", () => {
  const f = stretch({ cx: 5, cy: 6, w: 100, h: 100 }, 2);
  assert.deepEqual(f, { cx: 5, cy: 6, w: 200, h: 100 });
  const g = stretch({ cx: 0, cy: 0, w: 400, h: 100 }, 2);
  assert.deepEqual(g, { cx: 0, cy: 0, w: 400, h: 200 });
});

test("the widest frame shows tiles minPx wide: a tile unit is minPx pixels", () => {
  const most = widest({ width: 880, height: 440 }, 22);
  near(most.w, 40 * U);
  near(most.h, 20 * U);
});

test("the table's box has half a tile unit of margin and holds the targets' badges", () => {
  const t = tableBox({ min_x: -2, min_y: -1, max_x: 3, max_y: 1 }, []);
  assert.deepEqual(t, { x0: -250, y0: -150, x1: 350, y1: 150 });
  const far = tableBox({ min_x: -2, min_y: -1, max_x: 3, max_y: 1 }, [{ badge_x: 10, badge_y: 0 }]);
  assert.ok(far.x1 > 10 * U && far.x0 === t.x0);
  assert.deepEqual(tableBox(null, []), { x0: -150, y0: -150, x1: 150, y1: 150 });
});

test("a small table is fitted at a comfortable size, never zoomed right in", () => {
  const t = { x0: -100, y0: -50, x1: 100, y1: 50 };
  const f = fitBox(t, 2, false);
  assert.deepEqual([f.cx, f.cy], [0, 0]);
  assert.deepEqual([f.w, f.h], [14 * U, 7 * U], "12 x 7 tile units at least, stretched to 2:1");
  const big = fitBox(t, 1, true);
  assert.deepEqual([big.w, big.h], [9 * U, 9 * U]);
  const wide = fitBox({ x0: 0, y0: 0, x1: 3000, y1: 200 }, 1.5, false);
  assert.deepEqual(wide, { cx: 1500, cy: 100, w: 3000, h: 2000 });
});

test("a table that fits at the smallest tile size is shown whole", () => {
  const t = { x0: -500, y0: -300, x1: 500, y1: 300 };
  const fit = fitBox(t, 2, false);
  const auto = autoFrame(fit, { w: 4000, h: 2000 }, t, null, () => assert.fail("not asked"));
  assert.deepEqual(auto, { ...fit, whole: true });
});

test("a table too big is followed: the first sighting that fits is covered, on the table", () => {
  const t = { x0: 0, y0: 0, x1: 10000, y1: 1000 };
  const most = { w: 2000, h: 1000 };
  const fit = fitBox(t, 2, false);
  const tooBig = { x0: 0, y0: 0, x1: 9000, y1: 500 };
  const aim = { x0: 7000, y0: 100, x1: 7500, y1: 300 };
  const f = autoFrame(fit, most, t, { cx: 1000, cy: 500 }, () => [tooBig, aim]);
  assert.equal(f.whole, false);
  assert.deepEqual([f.w, f.h], [2000, 1000]);
  assert.ok(inside(aim, f), "the aim is in view");
  assert.equal(f.cx, 6500, "moved only as far as needed: the aim at the right edge");
  // Nothing to aim at: it stays where it followed last, kept on the table.
  const still = autoFrame(fit, most, t, { cx: 3000, cy: 500 }, () => []);
  assert.deepEqual([still.cx, still.cy], [3000, 500]);
  const back = autoFrame(fit, most, t, { cx: -4000, cy: 500 }, () => []);
  assert.equal(back.cx, 1000, "never off the table's left edge");
  const first = autoFrame(fit, most, t, null, () => []);
  assert.equal(first.cx, 5000, "with nothing followed yet: the table's middle");
});

test("sightings go from everything to the one target in focus, then the last move", () => {
  const v = view({
    table: [placed("9-9", 0, 0, 90), placed("9-1", 20, 0), placed("9-2", -20, 0)],
    last: "9-1",
  });
  const targets = [
    { move: "1-5@9-1", say: null, onto: "9-1", text: "on 9-1", badge_x: 21.5, badge_y: 0 },
    { move: "2-5@9-2", say: null, onto: "9-2", text: "on 9-2", badge_x: -21.5, badge_y: 0 },
  ];
  const [all, noLast, one, last] = sightings(v, targets, "9-2", 0);
  assert.ok(all.x0 < -20 * U && all.x1 > 20 * U);
  assert.deepEqual(noLast, all, "the last move is one of the targets' tiles here");
  assert.ok(one.x1 < 0, "the focused target: 9-2, on the left");
  assert.deepEqual(last, tileBox(v.table[1]));
  const none = sightings(view({ table: v.table }), [], null, 0);
  assert.deepEqual(none, [], "no last move, cue or targets: nothing to follow");
  const hinted = sightings(view({ table: v.table, hint: { text: "", move: "", tile: null, onto: "9-2" } }), [], null, 0);
  assert.deepEqual(hinted[0], tileBox(v.table[2]), "the coach's end is kept in sight");
});

test("zooming in keeps the point under the pointer still; zooming out far is automatic again", () => {
  const b = { cx: 0, cy: 0, w: 2000, h: 1000 };
  const z = zoomFrame(b, 4000, 2, 500, 250);
  assert.ok(z);
  assert.deepEqual([z.w, z.h], [1000, 500]);
  // The point keeps its place on screen: the same fraction across the frame before and after.
  near((500 - (b.cx - b.w / 2)) / b.w, (500 - (z.cx - z.w / 2)) / z.w);
  near((250 - (b.cy - b.h / 2)) / b.h, (250 - (z.cy - z.h / 2)) / z.h);
  assert.deepEqual(zoomFrame(b, 4000, 2), { cx: 0, cy: 0, w: 1000, h: 500 }, "round the centre");
  assert.equal(zoomFrame(b, 4000, 0.5), null, "out to the automatic width: the camera is automatic");
  assert.equal(zoomFrame(b, 4000, 100)?.w, 4 * U, "never closer than 4 tile units wide");
});

test("pan moves by fractions of the frame; a drag moves the table with the pointer", () => {
  assert.deepEqual(panFrame({ cx: 0, cy: 0, w: 1000, h: 500 }, 0.1, -0.2), { cx: 100, cy: -100, w: 1000, h: 500 });
  assert.deepEqual(dragFrame({ cx: 0, cy: 0, w: 1000, h: 500 }, 50, -20, 500), { cx: -100, cy: 40, w: 1000, h: 500 });
  assert.deepEqual(dragFrame({ cx: 0, cy: 0, w: 1000, h: 500 }, 1, 0, 0).cx, -1000, "a board not yet measured");
});

test("a badge out of view waits inside the frame's edge, its arrow towards it", () => {
  const frame = { cx: 0, cy: 0, w: 1000, h: 500 };
  const e = edgeBadge(2000, 0, 30, frame);
  assert.deepEqual([e.x, e.y], [500 - 45, 0]);
  const [tip, left, right] = e.arrow;
  assert.ok(tip[0] > e.x && tip[0] > left[0] && tip[0] > right[0], "the tip points right");
  near(left[1], -right[1]);
  const corner = edgeBadge(-3000, -3000, 30, frame);
  assert.deepEqual([corner.x, corner.y], [-455, -205]);
  assert.ok(corner.arrow[0][0] < corner.x && corner.arrow[0][1] < corner.y, "up and left");
});
