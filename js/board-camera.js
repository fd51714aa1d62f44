// @ts-check
// The board's camera: what part of the table the board shows, and how it moves.
//
// The camera is automatic until the user zooms or pans. Automatic means: the whole farmyard
// fitted to the board when its tiles come out at least MIN_TILE_PX wide; otherwise the view
// keeps that size and follows the play (the last move, the cue, every target of the chosen
// tile with its badge), moving as little as it can, and the overview shows the whole table.
// The user's zoom never goes below that size either. A move or a chosen tile outside the
// user's view hands the camera back to automatic. The sums are the pure functions of
// camera.js (stretch, fitBox, autoFrame, zoomFrame...); this keeps the state and sets the
// SVG's viewBox, the overview and the board's name.

import { autoFrame, fitBox, inside, panFrame, sightings, stretch, tableBox, widest, zoomFrame } from "./camera.js";
import { ARROWS, num } from "./dom.js";
import { bindPointers } from "./pointers.js";
import { U } from "./tiles.js";

/** @typedef {import("./camera.js").Frame} Frame */
/** @typedef {import("./camera.js").AutoFrame} AutoFrame */
/** @typedef {import("./camera.js").Size} Size */
/** @typedef {import("./context.js").Ctx} Ctx */

const ZOOM_STEP = 1.25;
const PAN_STEP = 0.12; // of the visible width per arrow key
// The smallest a tile's short side is ever shown, in screen pixels (with "Large tiles": more).
// A table too big to show whole at that size is followed: the view keeps the play in sight.
const MIN_TILE_PX = 22;
const MIN_TILE_PX_LARGE = 30;

/**
 * The camera's state.
 * @typedef {Object} CameraState
 * @property {Frame|null} box set by the user's zoom or pan; null = automatic
 * @property {AutoFrame|null} auto the automatic view, worked out by applyCamera
 * @property {{cx: number, cy: number}|null} follow where the followed view was centred last
 * @property {Size|null} size the board in pixels, kept by a ResizeObserver so drawing never
 *   forces a layout
 * @property {{x: number, y: number, box: Frame, id: number, moved: boolean}|null} drag a
 *   mouse or pen drag: where it began, the view then, the pointer, whether it moved yet
 * @property {boolean} dragged a drag just ended (its click must not play)
 * @property {{top: number, right: number, whole: boolean}} cover pixels of the board kept clear
 *   at its top or its right for a card on it (a round's result), and whether the farmyard is
 *   drawn whole however small its tiles come out (at a round's end: nothing is left to play)
 */

/**
 * What the camera moves and reads on the board.
 * @typedef {Object} CameraParts
 * @property {HTMLDivElement} board
 * @property {SVGSVGElement} svg the farmyard
 * @property {SVGRectElement} felt the felt under the tiles, kept round the frame shown
 * @property {{zoomIn: HTMLButtonElement, zoomOut: HTMLButtonElement, zoomFit: HTMLButtonElement}} buttons
 * @property {HTMLDivElement} overview shown when the table is not shown whole
 * @property {SVGSVGElement} ovSvg
 * @property {SVGRectElement} ovView the part in view, outlined on the overview
 * @property {(frame: Frame) => void} moved called with the frame shown after every move
 */

/**
 * The board's camera over its parts.
 * @param {Ctx} ctx
 * @param {CameraParts} parts
 */
export function makeCamera(ctx, { board, svg, felt, buttons, overview, ovSvg, ovView, moved }) {
  const { state } = ctx;
  /** @type {CameraState} */
  const cam = { box: null, auto: null, follow: null, size: null, drag: null, dragged: false, cover: { top: 0, right: 0, whole: false } };

  function minPx() {
    return ctx.root.classList.contains("is-large") ? MIN_TILE_PX_LARGE : MIN_TILE_PX;
  }

  function size() {
    if (!cam.size) {
      const r = board.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) cam.size = { width: r.width, height: r.height };
    }
    return cam.size || { width: 640, height: 400 };
  }

  /** The part of the board the farmyard is drawn in: all of it but a card's cover. */
  function area() {
    const r = size();
    return { width: Math.max(1, r.width - cam.cover.right), height: Math.max(1, r.height - cam.cover.top) };
  }

  function aspect() {
    const r = area();
    return r.width / r.height;
  }

  /** Keep `top` or `right` pixels of the board clear (0, 0: none) and fit the farmyard into
   *  the rest, `whole` if asked, so a card there hides no tile.
   * @param {number} top
   * @param {number} right
   * @param {boolean} whole
   */
  function setCover(top, right, whole) {
    const t = Math.max(0, Math.round(top));
    const r = Math.max(0, Math.round(right));
    if (t === cam.cover.top && r === cam.cover.right && whole === cam.cover.whole) return;
    cam.cover = { top: t, right: r, whole };
    svg.style.marginTop = t ? `${t}px` : "";
    svg.style.height = t ? `calc(100% - ${t}px)` : "";
    svg.style.width = r ? `calc(100% - ${r}px)` : "";
    if (whole) cam.box = null; // the whole table, as the automatic view shows it
    applyCamera();
  }

  function large() {
    return ctx.root.classList.contains("is-large");
  }

  /** The farmyard with a margin, and the badges of the chosen tile's targets. */
  function table() {
    return tableBox(state.view.bounds, ctx.targetsOf(state.selected));
  }

  /** What a followed view keeps in sight (see sightings), a tile with room for its ring round
   *  it (a pad of up to 7 px and a stroke of up to 7 px). */
  function seen() {
    return sightings(state.view, ctx.targetsOf(state.selected), state.focusOnto, 14 * (U / minPx()));
  }

  /** The automatic view: the whole farmyard, or a followed part of it at the smallest size. */
  function autoBox() {
    const t = table();
    const most = cam.cover.whole ? { w: Infinity, h: Infinity } : widest(area(), minPx());
    return autoFrame(fitBox(t, aspect(), large()), most, t, cam.follow, seen);
  }

  function currentBox() {
    if (cam.box) return stretch(cam.box, aspect());
    return cam.auto || autoBox();
  }

  /** Keep the play in sight: a move or target outside the user's own view hands it back. */
  function follow() {
    if (cam.box) {
      const b = currentBox();
      const all = seen()[0];
      if (all && !inside(all, b)) cam.box = null;
    }
    applyCamera();
  }

  function applyCamera() {
    if (!cam.box) {
      cam.auto = autoBox();
      if (!cam.auto.whole) cam.follow = { cx: cam.auto.cx, cy: cam.auto.cy };
    }
    const b = currentBox();
    const x = b.cx - b.w / 2;
    const y = b.cy - b.h / 2;
    svg.setAttribute("viewBox", `${num(x)} ${num(y)} ${num(b.w)} ${num(b.h)}`);
    felt.setAttribute("x", num(x - b.w));
    felt.setAttribute("y", num(y - b.h));
    felt.setAttribute("width", num(b.w * 3));
    felt.setAttribute("height", num(b.h * 3));
    buttons.zoomFit.setAttribute("aria-pressed", cam.box ? "false" : "true");
    const t = table();
    const whole = inside(t, b);
    overview.hidden = whole;
    board.classList.toggle("is-following", !whole);
    if (!whole) {
      ovSvg.setAttribute("viewBox", `${num(t.x0)} ${num(t.y0)} ${num(t.x1 - t.x0)} ${num(t.y1 - t.y0)}`);
      for (const [k, val] of Object.entries({ x: x, y: y, width: b.w, height: b.h })) ovView.setAttribute(k, num(val));
    }
    const v = state.view;
    const n = (v.table || []).length;
    board.setAttribute(
      "aria-label",
      `Farmyard: ${n} ${n === 1 ? "tile" : "tiles"} on the table` +
        (v.last ? `, last played ${v.last}` : "") +
        (whole ? "" : ". Only part of it is in view, following the play; the overview shows it all") +
        ". Arrow keys pan, plus and minus zoom, 0 fits.",
    );
    moved(b);
  }

  /** Zoom by `factor` round (px, py); out as far as the automatic view, and no further:
   *  tiles never get smaller than that. */
  /**
   * @param {number} factor
   * @param {number} [px]
   * @param {number} [py]
   */
  function zoomBy(factor, px, py) {
    cam.box = zoomFrame(currentBox(), autoBox().w, factor, px, py);
    applyCamera();
  }

  /**
   * @param {number} fx
   * @param {number} fy
   */
  function panBy(fx, fy) {
    cam.box = panFrame(currentBox(), fx, fy);
    applyCamera();
  }

  function fit() {
    cam.box = null;
    applyCamera();
  }

  buttons.zoomIn.addEventListener("click", () => zoomBy(ZOOM_STEP));
  buttons.zoomOut.addEventListener("click", () => zoomBy(1 / ZOOM_STEP));
  buttons.zoomFit.addEventListener("click", fit);
  bindPointers({ board, svg, ovSvg, cam, currentBox, size: area, zoomBy, applyCamera });

  /**
   * The board has a new size (from its ResizeObserver).
   * @param {Size} now
   */
  function resized(now) {
    cam.size = now;
    applyCamera();
  }

  /**
   * Arrow keys pan the focused board; + and - zoom and 0 fits from anywhere.
   * @param {KeyboardEvent} e
   * @returns {boolean} whether the key was the board's
   */
  function key(e) {
    const k = e.key;
    if (e.target === board && k in ARROWS) {
      const dx = k === "ArrowLeft" ? -PAN_STEP : k === "ArrowRight" ? PAN_STEP : 0;
      const dy = k === "ArrowUp" ? -PAN_STEP : k === "ArrowDown" ? PAN_STEP : 0;
      panBy(dx, dy);
    } else if (k === "+" || k === "=") {
      zoomBy(ZOOM_STEP);
    } else if (k === "-" || k === "_") {
      zoomBy(1 / ZOOM_STEP);
    } else if (k === "0") {
      fit();
    } else {
      return false;
    }
    return true;
  }

  return { cam, size: area, currentBox, follow, applyCamera, resized, key, setCover };
}
