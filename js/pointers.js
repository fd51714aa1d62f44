// @ts-check
// The board's pointers: zoom by Ctrl or Cmd with the wheel or by a two-finger pinch, pan by
// dragging with a mouse or pen (the click that ends a drag plays nothing), and look at a part
// of the table by pressing on the overview. A plain wheel and a one-finger swipe scroll the
// page, as notebooks do.

import { dragFrame } from "./camera.js";

/** @typedef {import("./tiles.js").Point} Point */
/** @typedef {import("./camera.js").Frame} Frame */
/** @typedef {import("./camera.js").Size} Size */
/** @typedef {import("./board-camera.js").CameraState} CameraState */

const DRAG_SLOP = 5; // pixels a pointer may move and still click

/**
 * What the board's pointer handlers need of it.
 * @typedef {Object} PointerParts
 * @property {HTMLDivElement} board
 * @property {SVGSVGElement} svg the farmyard
 * @property {SVGSVGElement} ovSvg the overview
 * @property {CameraState} cam the camera's state (a drag, the user's frame)
 * @property {() => Frame} currentBox the frame shown now
 * @property {() => Size} size the farmyard's part of the board in pixels
 * @property {(factor: number, px?: number, py?: number) => void} zoomBy
 * @property {() => void} applyCamera show the camera's frame
 */

/**
 * A point on the screen in the SVG's own units (null while it is not laid out).
 * @param {SVGSVGElement} target
 * @param {number} clientX
 * @param {number} clientY
 * @returns {Point|null}
 */
function svgPoint(target, clientX, clientY) {
  const ctm = target.getScreenCTM();
  if (!ctm) return null;
  const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
  return [pt.x, pt.y];
}

/**
 * The board's pointers: Ctrl or Cmd with the wheel and a two-finger pinch zoom, a mouse or pen
 * drag pans (and the click that ends it plays nothing), a press on the overview looks there.
 * @param {PointerParts} parts
 */
export function bindPointers({ board, svg, ovSvg, cam, currentBox, size, zoomBy, applyCamera }) {
  // Notebook conventions: a plain wheel (or a touch swipe) scrolls the page; Ctrl or Cmd with
  // the wheel zooms (a trackpad pinch arrives as a wheel with ctrlKey), and so do two fingers.
  board.addEventListener(
    "wheel",
    (e) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      e.preventDefault();
      const pt = svgPoint(svg, e.clientX, e.clientY);
      const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
      if (pt) zoomBy(factor, pt[0], pt[1]);
      else zoomBy(factor);
    },
    { passive: false },
  );
  /** @type {Map<number, Point>} */
  const touches = new Map(); // pointerId -> [clientX, clientY] of the fingers on the board
  /** @type {{dist: number, box: Frame}|null} */
  let pinch = null; // the fingers' distance and the camera when the pinch began
  /** @returns {{dist: number, mid: Point}} the two fingers' distance and their middle */
  function spread() {
    const [a, b] = [...touches.values()];
    return { dist: Math.hypot(a[0] - b[0], a[1] - b[1]), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
  }
  board.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "touch") {
      // One finger scrolls the page (touch-action in the CSS); two fingers pinch-zoom.
      touches.set(e.pointerId, [e.clientX, e.clientY]);
      if (touches.size === 2) {
        pinch = { dist: Math.max(spread().dist, 1), box: currentBox() };
        cam.dragged = true;
      }
      return;
    }
    if (e.button !== 0) return;
    cam.drag = { x: e.clientX, y: e.clientY, box: currentBox(), id: e.pointerId, moved: false };
    cam.dragged = false;
  });
  board.addEventListener("pointermove", (e) => {
    if (touches.has(e.pointerId)) {
      touches.set(e.pointerId, [e.clientX, e.clientY]);
      if (pinch && touches.size === 2) {
        const { dist, mid } = spread();
        cam.box = pinch.box;
        const pt = svgPoint(svg, mid[0], mid[1]);
        if (pt) zoomBy(dist / pinch.dist, pt[0], pt[1]);
        else zoomBy(dist / pinch.dist);
      }
      return;
    }
    const d = cam.drag;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
    if (!d.moved) {
      d.moved = true;
      board.setPointerCapture(e.pointerId);
      board.classList.add("is-dragging");
    }
    cam.box = dragFrame(d.box, dx, dy, size().width);
    applyCamera();
  });
  /** @param {PointerEvent} e */
  const endDrag = (e) => {
    if (touches.delete(e.pointerId)) {
      if (touches.size < 2) pinch = null;
      if (!touches.size) setTimeout(() => (cam.dragged = false), 0);
      return;
    }
    const d = cam.drag;
    if (!d || d.id !== e.pointerId) return;
    cam.dragged = d.moved;
    cam.drag = null;
    board.classList.remove("is-dragging");
    if (d.moved) setTimeout(() => (cam.dragged = false), 0);
  };
  board.addEventListener("pointerup", endDrag);
  board.addEventListener("pointercancel", endDrag);

  // The overview: press, or press and drag, to look at that part of the table.
  /** @type {number|null} */
  let ovPointer = null;
  /** @param {PointerEvent} e */
  function lookAt(e) {
    const pt = svgPoint(ovSvg, e.clientX, e.clientY);
    if (!pt) return;
    const b = currentBox();
    cam.box = { cx: pt[0], cy: pt[1], w: b.w, h: b.h };
    applyCamera();
  }
  ovSvg.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    ovPointer = e.pointerId;
    if (ovSvg.setPointerCapture) ovSvg.setPointerCapture(e.pointerId);
    lookAt(e);
  });
  ovSvg.addEventListener("pointermove", (e) => {
    if (ovPointer === e.pointerId) lookAt(e);
  });
  /** @param {PointerEvent} e */
  const endLook = (e) => {
    if (ovPointer === e.pointerId) ovPointer = null;
  };
  ovSvg.addEventListener("pointerup", endLook);
  ovSvg.addEventListener("pointercancel", endLook);
}
