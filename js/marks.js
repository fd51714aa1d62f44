// @ts-check
// The board's marks: a ring on the last tile, the cue's and the hint's rings, and a numbered
// badge per target of the chosen tile, with its click area (a badge out of view waits at the
// board's edge with an arrow towards its end). Marks keep their size on screen: they are
// redrawn when the camera moves. A widget class may add its own (a review's rings).

import { BADGE_MAX, boxKey, edgeBadge, inside } from "./camera.js";
import { num, s } from "./dom.js";
import { U, ring } from "./tiles.js";

/** @typedef {import("./view.js").View} View */
/** @typedef {import("./view.js").Target} Target */
/** @typedef {import("./tiles.js").Pose} Pose */
/** @typedef {import("./camera.js").Frame} Frame */
/** @typedef {import("./context.js").Ctx} Ctx */
/** @typedef {ReturnType<typeof import("./board-camera.js").makeCamera>} Camera */

// A badge's radius in SVG units: 12 px on screen, never more than BADGE_MAX.
const BADGE_PX = 12;

/**
 * More marks a widget class draws on the table (over the others, under the targets' badges):
 * given the view, its tiles by name, the rings' pad and the SVG units per pixel.
 * @typedef {(v: View, byTile: Map<string, Pose>, pad: number, upp: number) => SVGElement[]} MoreMarks
 */

/**
 * What the marks are drawn into.
 * @typedef {Object} MarkParts
 * @property {SVGSVGElement} svg the farmyard
 * @property {SVGGElement} markLayer the rings and badges
 * @property {SVGGElement} hitLayer the click areas over them
 * @property {SVGGElement} ovMarks the marks on the overview
 * @property {Camera} camera
 * @property {MoreMarks} [more]
 */

/**
 * The board's marks.
 * @param {Ctx} ctx
 * @param {MarkParts} parts
 */
export function makeMarks(ctx, { svg, markLayer, hitLayer, ovMarks, camera, more }) {
  const { state } = ctx;
  const { cam, currentBox, size, follow, applyCamera } = camera;
  let markKey = ""; // the frame the marks were drawn for

  /**
   * The marks: a ring on the last tile, the cue's rings, a numbered badge per target.
   * @param {View} v
   */
  function draw(v) {
    markLayer.replaceChildren();
    hitLayer.replaceChildren();
    ovMarks.replaceChildren();
    const byTile = new Map((v.table || []).map((p) => [p.tile, p]));
    const view = currentBox();
    markKey = boxKey(view);
    const upp = view.w / Math.max(size().width, 1);
    const pad = Math.max(8, 4 * upp);
    const r = Math.min(Math.max(30, BADGE_PX * upp), BADGE_MAX);
    const lastTile = v.last ? byTile.get(v.last) : undefined;
    if (lastTile) {
      markLayer.appendChild(ring(lastTile, "cfw-lastring", pad));
      ovMarks.appendChild(ring(lastTile, "cfw-ov-last", 0));
    }
    const cue = v.cue;
    if (cue && cue.level > 0) {
      for (const end of cue.ends || []) {
        const endTile = byTile.get(end);
        if (!endTile) continue;
        const strong = cue.level >= 4 && end === cue.onto;
        const mark = ring(endTile, strong ? "cfw-cue-ring is-move" : "cfw-cue-ring", pad * 1.6);
        mark.setAttribute("data-cue-end", end);
        markLayer.appendChild(mark);
      }
    }
    const hint = v.hint;
    const hintTile = hint && hint.onto ? byTile.get(hint.onto) : undefined;
    if (hint && hint.onto && hintTile) {
      const mark = ring(hintTile, "cfw-cue-ring is-move cfw-hint-ring", pad * 1.6);
      mark.setAttribute("data-hint-end", hint.onto);
      markLayer.appendChild(mark);
    }
    if (more) for (const mark of more(v, byTile, pad, upp)) markLayer.appendChild(mark);
    ctx.targetsOf(state.selected).forEach((t, i) => {
      const p = byTile.get(t.onto);
      if (!p) return;
      const focused = state.focusOnto === t.onto;
      const g = s("g", { class: "cfw-target-mark" + (focused ? " is-focus" : ""), "data-onto": t.onto });
      g.appendChild(ring(p, "cfw-ring-under", pad));
      g.appendChild(ring(p, "cfw-ring-over", pad));
      // The badge sits where Python found free felt beside the end (never on a tile).
      const bx = t.badge_x * U;
      const by = t.badge_y * U;
      g.appendChild(s("circle", { class: "cfw-badge-dot", cx: num(bx), cy: num(by), r: num(r), "vector-effect": "non-scaling-stroke" }));
      const label = s("text", { class: "cfw-badge-text", x: num(bx), y: num(by), dy: "0.35em", "font-size": num(r * 1.25) });
      label.textContent = String(i + 1);
      g.appendChild(label);
      markLayer.appendChild(g);
      ovMarks.appendChild(s("circle", { class: "cfw-ov-target", cx: num(bx), cy: num(by), r: num(BADGE_MAX * 1.6) }));
      if (!inside({ x0: bx - r, y0: by - r, x1: bx + r, y1: by + r }, view)) offView(t, i, bx, by, r, view, focused);
      // The click area: the tile and its badge.
      const hit = s("g", { class: "cfw-hit", "data-onto": t.onto });
      hit.appendChild(ring(p, "cfw-hitbox", pad));
      hit.appendChild(s("circle", { class: "cfw-hitbox", cx: num(bx), cy: num(by), r: num(r * 1.2) }));
      const title = s("title");
      title.textContent = `Play ${state.selected} ${t.text}`;
      hit.appendChild(title);
      hit.addEventListener("click", (e) => {
        if (cam.dragged) return;
        e.stopPropagation();
        ctx.play(t.onto);
      });
      hit.addEventListener("mouseenter", () => markFocus(t.onto));
      hit.addEventListener("mouseleave", () => markFocus(null));
      hitLayer.appendChild(hit);
    });
  }

  /**
   * A badge out of view: at the board's edge, an arrow towards its end; a click looks there.
   * @param {Target} t
   * @param {number} i
   * @param {number} bx
   * @param {number} by
   * @param {number} r
   * @param {Frame} view
   * @param {boolean} focused
   */
  function offView(t, i, bx, by, r, view, focused) {
    const { x: ix, y: iy, arrow } = edgeBadge(bx, by, r, view);
    const g = s("g", { class: "cfw-target-mark cfw-badge-off" + (focused ? " is-focus" : ""), "data-onto": t.onto });
    g.appendChild(s("polygon", { class: "cfw-badge-arrow", points: arrow.map((q) => q.map(num).join(",")).join(" ") }));
    g.appendChild(s("circle", { class: "cfw-badge-dot", cx: num(ix), cy: num(iy), r: num(r), "vector-effect": "non-scaling-stroke" }));
    const label = s("text", { class: "cfw-badge-text", x: num(ix), y: num(iy), dy: "0.35em", "font-size": num(r * 1.25) });
    label.textContent = String(i + 1);
    g.appendChild(label);
    const title = s("title");
    title.textContent = `Look at ${t.onto}, where ${state.selected} can go`;
    g.appendChild(title);
    g.addEventListener("click", (e) => {
      e.stopPropagation();
      cam.box = { cx: bx, cy: by, w: view.w, h: view.h };
      applyCamera();
    });
    hitLayer.appendChild(g);
  }

  // Focus and hover only restyle the marks: rebuilding them between a mousedown and
  // its mouseup would swallow the click. A target brought into focus from the keyboard
  // comes into view when the table is followed.
  /** @param {string|null} onto */
  function markFocus(onto) {
    if (state.focusOnto === onto) return;
    state.focusOnto = onto;
    for (const g of svg.querySelectorAll(".cfw-target-mark")) {
      g.classList.toggle("is-focus", g.getAttribute("data-onto") === onto);
    }
    if (onto) follow();
  }

  /**
   * The camera shows `frame` now: redraw the marks if they were drawn for another.
   * @param {Frame} frame
   */
  function moved(frame) {
    if (markKey && markKey !== boxKey(frame) && (markLayer.firstChild || hitLayer.firstChild)) draw(state.view);
  }

  return { draw, focus: markFocus, moved };
}
