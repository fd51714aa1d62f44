// @ts-check
// The camera: pure functions of boxes and frames, in SVG units.
//
// A box is a region {x0, y0, x1, y1}; a frame is what the board shows {cx, cy, w, h} (its
// centre and size). These functions read no DOM and keep no state: the board's camera
// (board-camera.js) holds the state and asks them where to look (tests/js/camera.test.js and
// geometry.test.js try them in Node).

import { num } from "./dom.js";
import { reviewOf } from "./review-view.js";
import { U } from "./tiles.js";

/** @typedef {import("./tiles.js").Pose} Pose */
/** @typedef {import("./view.js").View} View */
/** @typedef {import("./view.js").Bounds} Bounds */
/** @typedef {import("./view.js").Target} Target */

const MARGIN = 0.5; // tile units round the farmyard when fitting it to the view
// A badge's largest radius in SVG units: the room Python leaves for it beside its end
// (cfwidget.table.BADGE_RADIUS, 0.55 of a tile's width).
export const BADGE_MAX = 55;

/**
 * A region of the table, in SVG units.
 * @typedef {{x0: number, y0: number, x1: number, y1: number}} Box
 */
/**
 * What the board shows: its centre and size, in SVG units.
 * @typedef {{cx: number, cy: number, w: number, h: number}} Frame
 */
/**
 * The automatic camera's frame; `whole` when it shows the whole farmyard.
 * @typedef {Frame & {whole: boolean}} AutoFrame
 */
/**
 * A size in screen pixels.
 * @typedef {{width: number, height: number}} Size
 */

/**
 * The box round a tile (rotated), grown by `pad`.
 * @param {Pose} p
 * @param {number} [pad]
 * @returns {Box}
 */
export function tileBox(p, pad = 0) {
  const a = (p.angle * Math.PI) / 180;
  const c = Math.abs(Math.cos(a));
  const sn = Math.abs(Math.sin(a));
  const hx = c * U + sn * (U / 2) + pad;
  const hy = sn * U + c * (U / 2) + pad;
  return { x0: p.x * U - hx, y0: p.y * U - hy, x1: p.x * U + hx, y1: p.y * U + hy };
}

/**
 * The box round a target's badge.
 * @param {{badge_x: number, badge_y: number}} t
 * @returns {Box}
 */
export function badgeBox(t) {
  const r = BADGE_MAX * 1.2;
  return { x0: t.badge_x * U - r, y0: t.badge_y * U - r, x1: t.badge_x * U + r, y1: t.badge_y * U + r };
}

/**
 * The smallest box holding all of `boxes` (null for none; nulls are skipped).
 * @param {(Box|null)[]} boxes
 * @returns {Box|null}
 */
export function unionBox(boxes) {
  /** @type {Box|null} */
  let out = null;
  for (const b of boxes) {
    if (!b) continue;
    out = out
      ? { x0: Math.min(out.x0, b.x0), y0: Math.min(out.y0, b.y0), x1: Math.max(out.x1, b.x1), y1: Math.max(out.y1, b.y1) }
      : { ...b };
  }
  return out;
}

/**
 * The centre nearest `c` of a window `span` wide that covers lo..hi (lo..hi fits in it).
 * @param {number} c
 * @param {number} lo
 * @param {number} hi
 * @param {number} span
 */
export function coverShift(c, lo, hi, span) {
  const half = span / 2;
  if (hi > c + half) c = hi - half;
  if (lo < c - half) c = lo + half;
  return c;
}

/**
 * The centre nearest `c` of a window `span` wide that stays on lo..hi (centred if wider).
 * @param {number} c
 * @param {number} lo
 * @param {number} hi
 * @param {number} span
 */
export function keepOn(c, lo, hi, span) {
  if (hi - lo <= span) return (lo + hi) / 2;
  return Math.min(Math.max(c, lo + span / 2), hi - span / 2);
}

/**
 * A frame as text, to the tenth of a unit: two frames with the same key look the same.
 * @param {Frame} b
 */
export function boxKey(b) {
  return `${num(b.cx)} ${num(b.cy)} ${num(b.w)} ${num(b.h)}`;
}

/**
 * Whether box `b` is inside the frame (with a unit to spare).
 * @param {Box} b
 * @param {Frame} frame
 */
export function inside(b, frame) {
  return (
    b.x0 >= frame.cx - frame.w / 2 - 1 &&
    b.x1 <= frame.cx + frame.w / 2 + 1 &&
    b.y0 >= frame.cy - frame.h / 2 - 1 &&
    b.y1 <= frame.cy + frame.h / 2 + 1
  );
}

/**
 * A frame of the board's shape (`aspect` = width / height) round `frame`: it only grows.
 * @param {Frame} frame
 * @param {number} aspect
 * @returns {Frame}
 */
export function stretch(frame, aspect) {
  let { w, h: hh } = frame;
  if (w / hh < aspect) w = hh * aspect;
  else hh = w / aspect;
  return { cx: frame.cx, cy: frame.cy, w, h: hh };
}

/**
 * The widest frame (SVG units) a board of `size` pixels shows with tiles `minPx` wide.
 * @param {Size} size
 * @param {number} minPx
 * @returns {{w: number, h: number}}
 */
export function widest(size, minPx) {
  const k = U / minPx;
  return { w: size.width * k, h: size.height * k };
}

/**
 * The farmyard with a margin, and the badges of the chosen tile's `targets`.
 * @param {Bounds|null|undefined} bounds
 * @param {{badge_x: number, badge_y: number}[]} targets
 * @returns {Box}
 */
export function tableBox(bounds, targets) {
  const b = bounds || { min_x: -1, min_y: -1, max_x: 1, max_y: 1 };
  const box = { x0: (b.min_x - MARGIN) * U, y0: (b.min_y - MARGIN) * U, x1: (b.max_x + MARGIN) * U, y1: (b.max_y + MARGIN) * U };
  // Never null: the farmyard's box is always one of them.
  return /** @type {Box} */ (unionBox([box, ...targets.map(badgeBox)]));
}

/**
 * The whole of box `t` in a frame of the board's shape, never zoomed in beyond a comfortable
 * size on a small table (12 x 7 tile units, or 9 x 5 with large tiles).
 * @param {Box} t
 * @param {number} aspect
 * @param {boolean} large
 * @returns {Frame}
 */
export function fitBox(t, aspect, large) {
  const minW = (large ? 9 : 12) * U;
  const minH = (large ? 5 : 7) * U;
  return stretch({ cx: (t.x0 + t.x1) / 2, cy: (t.y0 + t.y1) / 2, w: Math.max(t.x1 - t.x0, minW), h: Math.max(t.y1 - t.y0, minH) }, aspect);
}

/**
 * What a followed view keeps in sight, as choices from all of it down to the one thing that
 * matters most (the last move, the cue's and the hint's ends, the chosen tile's `targets`
 * with their badges, the focused target alone, the last move alone): the first choice that
 * fits the view is taken. Each tile is grown by `ringRoom` for the ring round it.
 * @param {View} v
 * @param {Target[]} targets
 * @param {string|null} focusOnto
 * @param {number} ringRoom
 * @returns {Box[]}
 */
export function sightings(v, targets, focusOnto, ringRoom) {
  const byTile = new Map((v.table || []).map((p) => [p.tile, p]));
  /** @param {string} tile */
  const boxOf = (tile) => {
    const p = byTile.get(tile);
    return p ? tileBox(p, ringRoom) : null;
  };
  const last = v.last ? [boxOf(v.last)] : [];
  const cue = v.cue && v.cue.level > 0 ? (v.cue.ends || []).map(boxOf) : [];
  if (v.hint && v.hint.onto) cue.push(boxOf(v.hint.onto));
  const reviewed = reviewOf(v);
  if (reviewed) for (const r of reviewed.rings) cue.push(unionBox([boxOf(r.onto), badgeBox({ badge_x: r.badge_x, badge_y: r.badge_y })]));
  const shown = targets.map((t) => unionBox([boxOf(t.onto), badgeBox(t)]));
  const inFocus = targets.findIndex((t) => t.onto === focusOnto);
  const one = shown.length ? [shown[Math.max(inFocus, 0)]] : [];
  const choices = [[...last, ...cue, ...shown], [...cue, ...shown], one, last];
  return choices.map(unionBox).filter((b) => b !== null);
}

/**
 * The automatic frame: `fit` (the whole farmyard) when it is no wider than `most` (the
 * widest frame at the smallest tile size); otherwise a frame of size `most` that starts
 * where the camera was last centred (`follow`, else the table's middle), moves as little as
 * it can to cover the first of `seen()` that fits, and stays on the table `table`.
 * @param {Frame} fit
 * @param {{w: number, h: number}} most
 * @param {Box} table
 * @param {{cx: number, cy: number}|null} follow
 * @param {() => Box[]} seen
 * @returns {AutoFrame}
 */
export function autoFrame(fit, most, table, follow, seen) {
  if (fit.w <= most.w + 1e-6) return { ...fit, whole: true };
  let cx = follow ? follow.cx : (table.x0 + table.x1) / 2;
  let cy = follow ? follow.cy : (table.y0 + table.y1) / 2;
  const aim = seen().find((b) => b.x1 - b.x0 <= most.w && b.y1 - b.y0 <= most.h);
  if (aim) {
    cx = coverShift(cx, aim.x0, aim.x1, most.w);
    cy = coverShift(cy, aim.y0, aim.y1, most.h);
  }
  cx = keepOn(cx, table.x0, table.x1, most.w);
  cy = keepOn(cy, table.y0, table.y1, most.h);
  return { cx, cy, w: most.w, h: most.h, whole: false };
}

/**
 * The frame `b` zoomed by `factor` (above 1 is in) round the point (px, py), or round its
 * centre. Never in closer than 4 tile units wide; null when it would reach `autoW`, the
 * automatic frame's width: out as far as that, and no further, the camera is automatic again.
 * @param {Frame} b
 * @param {number} autoW
 * @param {number} factor
 * @param {number} [px]
 * @param {number} [py]
 * @returns {Frame|null}
 */
export function zoomFrame(b, autoW, factor, px, py) {
  const w = Math.max(b.w / factor, 4 * U);
  if (w >= autoW - 1e-6) return null;
  const k = w / b.w;
  let { cx, cy } = b;
  if (px !== undefined && py !== undefined) {
    cx = px + (cx - px) * k;
    cy = py + (cy - py) * k;
  }
  return { cx, cy, w, h: b.h * k };
}

/**
 * The frame `b` moved by the fractions `fx` and `fy` of its width and height.
 * @param {Frame} b
 * @param {number} fx
 * @param {number} fy
 * @returns {Frame}
 */
export function panFrame(b, fx, fy) {
  return { cx: b.cx + fx * b.w, cy: b.cy + fy * b.h, w: b.w, h: b.h };
}

/**
 * The frame `b` dragged by (dx, dy) screen pixels on a board `widthPx` wide: the table
 * follows the pointer.
 * @param {Frame} b
 * @param {number} dx
 * @param {number} dy
 * @param {number} widthPx
 * @returns {Frame}
 */
export function dragFrame(b, dx, dy, widthPx) {
  const scale = b.w / Math.max(widthPx, 1);
  return { cx: b.cx - dx * scale, cy: b.cy - dy * scale, w: b.w, h: b.h };
}

/**
 * Where a badge of radius `r` at (bx, by), outside `frame`, waits at the frame's edge, and
 * the arrow (tip, left, right corners) that points from there towards it.
 * @param {number} bx
 * @param {number} by
 * @param {number} r
 * @param {Frame} frame
 * @returns {{x: number, y: number, arrow: [number, number][]}}
 */
export function edgeBadge(bx, by, r, frame) {
  const inset = r * 1.5;
  const ix = Math.min(Math.max(bx, frame.cx - frame.w / 2 + inset), frame.cx + frame.w / 2 - inset);
  const iy = Math.min(Math.max(by, frame.cy - frame.h / 2 + inset), frame.cy + frame.h / 2 - inset);
  const a = Math.atan2(by - iy, bx - ix);
  const [c, sn] = [Math.cos(a), Math.sin(a)];
  return {
    x: ix,
    y: iy,
    arrow: [
      [ix + c * r * 1.45, iy + sn * r * 1.45],
      [ix + c * r * 0.7 - sn * r * 0.6, iy + sn * r * 0.7 + c * r * 0.6],
      [ix + c * r * 0.7 + sn * r * 0.6, iy + sn * r * 0.7 - c * r * 0.6],
    ],
  };
}
