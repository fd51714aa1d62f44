// @ts-check
// The review's evaluation graph: each shown seat's expected round points after every move (a
// step line, a dot where the seat was rated), the move shown as a vertical mark, the rounds
// parted by dotted lines. A click goes to the move under the pointer; with the focus on the
// graph (a slider to assistive technology), the arrow keys, Home and End step along the game
// (the widget's keys: js/review.js). The moves flagged or left unclear are marked at the top,
// each verdict in its colour (widget.css), with a legend word for each verdict marked. The pure helpers (geometry, paths, the short readout)
// run in Node; makeGraph is the thin DOM part.

import { h, num, s, setText } from "./dom.js";

/** @typedef {import("./review-view.js").ReviewGraph} ReviewGraph */
/** @typedef {import("./review-view.js").ReviewGraphLine} ReviewGraphLine */

/** The graph's drawing box, in its own units (the SVG stretches it to the panel's width). */
export const GRAPH_W = 400;
export const GRAPH_H = 80;
/** How far down a verdict's mark reaches from the top, in those units. */
const MARK_H = 14;
/** Room above and below the lines, in those units. */
const PAD_Y = 6;

/**
 * The x of the middle of move `move` (from 1) of `total`, in graph units.
 * @param {number} move
 * @param {number} total
 * @returns {number}
 */
export function xOfMove(move, total) {
  return ((move - 0.5) / Math.max(1, total)) * GRAPH_W;
}

/**
 * The move (1 .. total) under a point `x` pixels from the left of a graph `width` pixels wide.
 * @param {number} x
 * @param {number} width
 * @param {number} total
 * @returns {number}
 */
export function moveAtX(x, width, total) {
  if (!(width > 0) || !(total >= 1)) return 1;
  const move = Math.floor((x / width) * total) + 1;
  return Math.min(total, Math.max(1, move));
}

/**
 * The y of `points` on a scale from 0 (bottom) to `top`, in graph units.
 * @param {number} points
 * @param {number} top
 * @returns {number}
 */
export function yOfPoints(points, top) {
  const share = top > 0 ? Math.min(1, Math.max(0, points / top)) : 0;
  return GRAPH_H - PAD_Y - share * (GRAPH_H - 2 * PAD_Y);
}

/**
 * A seat's line as an SVG path: a step per move (the figure holds until the next), broken
 * where the seat has no figure and where a round starts.
 * @param {(number|null)[]} points the figure after each move
 * @param {number[]} starts the moves at which rounds 2, 3, ... start
 * @param {number} top the scale's top
 * @returns {string}
 */
export function linePath(points, starts, top) {
  const total = points.length;
  const cell = GRAPH_W / Math.max(1, total);
  const breaks = new Set(starts);
  let d = "";
  let open = false;
  points.forEach((p, i) => {
    const move = i + 1;
    if (breaks.has(move)) open = false;
    if (p === null || !Number.isFinite(p)) {
      open = false;
      return;
    }
    const x0 = num(i * cell);
    const x1 = num((i + 1) * cell);
    const y = num(yOfPoints(p, top));
    d += open ? `V${y}H${x1}` : `M${x0} ${y}H${x1}`;
    open = true;
  });
  return d;
}

/**
 * The dots of a line: a zero-length stroke (round caps draw it as a dot) where the seat was
 * rated.
 * @param {ReviewGraphLine} line
 * @param {number} top
 * @returns {string}
 */
export function dotsPath(line, top) {
  const total = line.points.length;
  let d = "";
  line.points.forEach((p, i) => {
    if (p === null || !line.fresh[i]) return;
    d += `M${num(xOfMove(i + 1, total))} ${num(yOfPoints(p, top))}h0`;
  });
  return d;
}

/**
 * The figures at the move shown, short: "Ann 12.0 (25% out) · Bob —".
 * @param {ReviewGraph} g
 * @returns {string}
 */
export function shortReadout(g) {
  const i = g.move - 1;
  return g.lines
    .map((line) => {
      const p = line.points[i];
      const o = line.out[i];
      if (p === null || p === undefined || o === null || o === undefined) return `${line.name}: no figure yet`;
      return `${line.name} ${p.toFixed(1)} (${Math.round(o * 100)}% out)`;
    })
    .join(" · ");
}

/**
 * The graph's DOM: a figure with a caption, the drawing (a slider for assistive technology)
 * and the figures at the move shown. `goto` asks for a move.
 * @param {(move: number) => void} goto
 */
export function makeGraph(goto) {
  const node = h("figure", { class: "cfw-graph" });
  const caption = h("figcaption", { class: "cfw-graph-note" });
  const box = h("div", {
    class: "cfw-graph-box",
    role: "slider",
    tabindex: "0",
    "data-key": "review-graph",
    "aria-label": "Evaluation graph, each seat's expected points from its own view: move",
    "aria-valuemin": "1",
  });
  const svg = s("svg", { class: "cfw-graph-svg", viewBox: `0 0 ${GRAPH_W} ${GRAPH_H}`, preserveAspectRatio: "none", "aria-hidden": "true", focusable: "false" });
  box.appendChild(svg);
  const readout = h("p", { class: "cfw-graph-readout", "aria-hidden": "true" });
  const legend = h("p", { class: "cfw-graph-legend" });
  node.append(caption, box, readout, legend);
  box.addEventListener("click", (e) => {
    const r = box.getBoundingClientRect();
    goto(moveAtX(e.clientX - r.left, r.width, Number(box.getAttribute("aria-valuemax")) || 1));
  });

  /** @param {ReviewGraph} g */
  function update(g) {
    node.hidden = !g.lines.length;
    if (!g.lines.length) return;
    setText(caption, g.note);
    box.setAttribute("aria-valuemax", String(g.total));
    box.setAttribute("aria-valuenow", String(g.move));
    box.setAttribute("aria-valuetext", g.readout);
    svg.replaceChildren();
    for (const start of g.starts) {
      const x = num(((start - 1) / Math.max(1, g.total)) * GRAPH_W);
      svg.appendChild(s("path", { class: "cfw-graph-round", d: `M${x} 0V${GRAPH_H}` }));
    }
    const x = num(xOfMove(g.move, g.total));
    svg.appendChild(s("path", { class: "cfw-graph-now", d: `M${x} 0V${GRAPH_H}` }));
    for (const mark of g.marks || []) {
      const mx = num(xOfMove(mark.move, g.total));
      svg.appendChild(s("path", { class: `cfw-graph-mark is-${mark.verdict}`, d: `M${mx} 0V${MARK_H}` }));
    }
    for (const line of g.lines) {
      const seat = `is-seat-${line.seat % 4}`;
      svg.appendChild(s("path", { class: `cfw-graph-line ${seat}`, d: linePath(line.points, g.starts, g.top) }));
      svg.appendChild(s("path", { class: `cfw-graph-dots ${seat}`, d: dotsPath(line, g.top) }));
    }
    readout.replaceChildren();
    g.lines.forEach((line, i) => {
      if (i) readout.append(" · ");
      readout.append(h("span", { class: `cfw-graph-key is-seat-${line.seat % 4}` }), shortReadout({ ...g, lines: [line] }));
    });
    const keys = g.legend || [];
    legend.replaceChildren(...(keys.length ? ["Marked: "] : []));
    keys.forEach((key, i) => {
      if (i) legend.append(" · ");
      legend.append(h("span", { class: `cfw-graph-mark-key is-${key.verdict}`, "aria-hidden": "true" }), key.words);
    });
  }

  return { node, update };
}
