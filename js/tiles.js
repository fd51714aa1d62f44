// @ts-check
// Drawing tiles, a mirror of cfwidget/table/_drawing.py: the pips of every number, a tile as
// an SVG group, its halves' centres, the dashed link of a tile laid apart, a hand tile
// standing in its own small SVG, and a ring round a tile. Pure but for the SVG elements made
// when called (tests/js/pips.test.js and geometry.test.js try them in Node).

import { num, s } from "./dom.js";

/** @typedef {import("./intents.js").Display} Display */
/** @typedef {import("./view.js").PlacedTile} PlacedTile */

export const U = 100; // SVG units per tile unit: a tile is 200 x 100
const PIP_SPOT = 0.27;

/**
 * A point as [x, y].
 * @typedef {[number, number]} Point
 */

/**
 * Where a tile lies, in tile units (what tileBox and halfCentres need of a PlacedTile).
 * @typedef {{x: number, y: number, angle: number}} Pose
 */

/** @typedef {"tl"|"tc"|"tr"|"ml"|"c"|"mr"|"bl"|"bc"|"br"} Spot */

/** @type {Spot[][]} the pips of 0 to 9, by their spots on a 3 x 3 grid */
const PATTERNS = [
  [],
  ["c"],
  ["tl", "br"],
  ["tl", "c", "br"],
  ["tl", "tr", "bl", "br"],
  ["tl", "tr", "c", "bl", "br"],
  ["tl", "tc", "tr", "bl", "bc", "br"],
  ["tl", "tc", "tr", "c", "bl", "bc", "br"],
  ["tl", "tc", "tr", "ml", "mr", "bl", "bc", "br"],
  ["tl", "tc", "tr", "ml", "c", "mr", "bl", "bc", "br"],
];
/** @type {Record<Spot, Point>} */
const GRID = {
  tl: [-1, -1], tc: [0, -1], tr: [1, -1],
  ml: [-1, 0], c: [0, 0], mr: [1, 0],
  bl: [-1, 1], bc: [0, 1], br: [1, 1],
};
/** @type {Map<number, Point[]>} */
const pipCache = new Map();

/**
 * Where the pips of `n` sit in a half, as offsets in tile units from its middle: up to 9 the
 * familiar patterns; above that, rows of 4 (or 5 from 17 up). Python's pip_positions draws
 * the same (tests/widget/test_front_end.py compares them).
 * @param {number} n
 * @returns {Point[]}
 */
export function pipPositions(n) {
  const known = pipCache.get(n);
  if (known) return known;
  /** @type {Point[]} */
  let out;
  if (PATTERNS[n]) {
    out = PATTERNS[n].map((k) => [GRID[k][0] * PIP_SPOT, GRID[k][1] * PIP_SPOT]);
  } else {
    out = [];
    const cols = n <= 16 ? 4 : 5;
    const rows = Math.ceil(n / cols);
    const step = (2 * PIP_SPOT * 1.15) / (Math.max(cols, rows) - 1);
    for (let r = 0; r < rows; r++) {
      const inRow = Math.min(cols, n - r * cols);
      for (let c = 0; c < inRow; c++) {
        out.push([(c - (inRow - 1) / 2) * step, (r - (rows - 1) / 2) * step]);
      }
    }
  }
  pipCache.set(n, out);
  return out;
}

/** @param {number} n */
function pipRadius(n) {
  return n <= 9 ? 9.5 : n <= 16 ? 8 : 6.5;
}

/** @type {Map<string, string>} */
const pipPathCache = new Map();

/**
 * All pips of one half as a single path (one element instead of up to nine circles).
 * @param {number} n
 * @param {number} cx
 */
function pipPath(n, cx) {
  const key = `${n}|${cx}`;
  let d = pipPathCache.get(key);
  if (d === undefined) {
    const r = pipRadius(n);
    d = pipPositions(n)
      .map(([dx, dy]) => {
        const x = cx + dx * U - r;
        const y = dy * U;
        return `M${num(x)} ${num(y)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
      })
      .join("");
    pipPathCache.set(key, d);
  }
  return d;
}

/**
 * One half's pips (or numeral) into the tile's group `g`, its middle at (cx, 0).
 * @param {SVGGElement} g
 * @param {number} n
 * @param {number} cx
 * @param {Display} mode
 * @param {number} angle
 * @param {string[]} palette
 */
function drawHalf(g, n, cx, mode, angle, palette) {
  if (mode === "numerals") {
    const t = s("text", {
      class: "cfw-num",
      x: cx,
      y: 0,
      dy: "0.35em",
      "font-size": n < 10 ? 56 : 48,
      transform: `rotate(${num(-angle)} ${cx} 0)`,
    });
    t.textContent = String(n);
    g.appendChild(t);
    return;
  }
  if (n <= 0) return;
  const path = s("path", { class: "cfw-pips", d: pipPath(n, cx) });
  if (mode === "colour") {
    path.setAttribute("class", "cfw-pips cfw-cpip");
    path.style.fill = palette[(n - 1) % palette.length];
  }
  g.appendChild(path);
}

/**
 * What drawTile needs of a tile, in tile units.
 * @typedef {Pose & {first: number, second: number, linked?: boolean}} TileFace
 */

/**
 * One tile as an SVG group.
 * @param {TileFace} p
 * @param {Display} mode
 * @param {string[]} palette
 */
export function drawTile(p, mode, palette) {
  const g = s("g", {
    class: p.linked ? "cfw-tile is-linked" : "cfw-tile",
    transform: `translate(${num(p.x * U)} ${num(p.y * U)}) rotate(${num(p.angle)})`,
  });
  g.appendChild(s("rect", { class: "cfw-face", x: -100, y: -50, width: 200, height: 100, rx: 12 }));
  g.appendChild(s("line", { class: "cfw-bar", x1: 0, y1: -38, x2: 0, y2: 38 }));
  drawHalf(g, p.first, -50, mode, p.angle, palette);
  drawHalf(g, p.second, 50, mode, p.angle, palette);
  return g;
}

/**
 * The halves' centres of a tile, in SVG units: [[x, y], [x, y]] for `first` and `second`.
 * @param {Pose} p
 * @returns {[Point, Point]}
 */
export function halfCentres(p) {
  const a = (p.angle * Math.PI) / 180;
  const ux = (Math.cos(a) * U) / 2;
  const uy = (Math.sin(a) * U) / 2;
  return [
    [p.x * U - ux, p.y * U - uy],
    [p.x * U + ux, p.y * U + uy],
  ];
}

/**
 * A dashed line from a tile laid apart (its matching half) to the open end it was played onto.
 * @param {PlacedTile} p
 * @param {PlacedTile} parent
 */
export function drawLink(p, parent) {
  const [from] = halfCentres(p);
  const to = parent.first === parent.second ? [parent.x * U, parent.y * U] : halfCentres(parent)[1];
  const ends = { x1: num(from[0]), y1: num(from[1]), x2: num(to[0]), y2: num(to[1]) };
  const g = s("g", { class: "cfw-linkline", "data-tile": p.tile });
  g.append(s("line", { class: "cfw-link-case", ...ends }), s("line", { class: "cfw-link", ...ends }));
  return g;
}

/**
 * A hand tile, standing, as its own small SVG.
 * @param {string} tile
 * @param {Display} mode
 * @param {string[]} palette
 */
export function handTileSvg(tile, mode, palette) {
  const [a, b] = tileNumbers(tile);
  const svg = s("svg", { viewBox: "-54 -104 108 208", "aria-hidden": "true", focusable: "false" });
  svg.appendChild(drawTile({ x: 0, y: 0, angle: 90, first: a, second: b }, mode, palette));
  return svg;
}

/**
 * The two numbers of a tile's name ("9-4" is [9, 4]).
 * @param {string} text
 * @returns {[number, number]}
 */
export function tileNumbers(text) {
  const [a, b] = String(text).split("-").map((v) => Number.parseInt(v, 10));
  return [a, b];
}

/**
 * A ring round a tile (its class `cls`), `pad` SVG units out from its edges.
 * @param {Pose} p
 * @param {string} cls
 * @param {number} pad
 */
export function ring(p, cls, pad) {
  const w = 200 + 2 * pad;
  const hgt = 100 + 2 * pad;
  return s("rect", {
    class: cls,
    x: -w / 2,
    y: -hgt / 2,
    width: w,
    height: hgt,
    rx: 12 + pad,
    transform: `translate(${num(p.x * U)} ${num(p.y * U)}) rotate(${num(p.angle)})`,
    "vector-effect": "non-scaling-stroke",
  });
}
