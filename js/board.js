// @ts-check
// The board: the farmyard drawn on the felt, tile by tile as the round grows (each line's
// trail under it, the links of tiles laid apart), with its zoom buttons and the overview in
// its corner. Its camera (board-camera.js) says what part shows, its marks (marks.js) ring
// the last tile, the cue and the chosen tile's targets. The board's shape goes to Python, so
// the next round is laid out to fit it.

import { makeCamera } from "./board-camera.js";
import { h, num, s, setText, uid } from "./dom.js";
import { makeMarks } from "./marks.js";
import { U, drawLink, drawTile, ring } from "./tiles.js";

/** @typedef {import("./view.js").View} View */
/** @typedef {import("./view.js").PlacedTile} PlacedTile */
/** @typedef {import("./context.js").Ctx} Ctx */
/** @typedef {import("./marks.js").MoreMarks} MoreMarks */

const ASPECT_NOTICE = 0.05; // a change of the board's shape worth telling Python about
const TRAIL_COLOURS = 8; // spoke colours of the trails under the lines (cfw-trail-0 .. 7)

/**
 * A tile with where it lies: a tile drawn stays drawn while this stays the same (a review laid
 * out again to the board's shape moves its tiles; play never does).
 * @param {PlacedTile} p
 */
function placeKey(p) {
  return `${p.tile}@${p.x},${p.y},${p.angle}`;
}

/**
 * The board, with `more` marks when the widget class draws its own (a review's rings).
 * @param {Ctx} ctx
 * @param {MoreMarks} [more]
 */
export function makeBoard(ctx, more) {
  const { state } = ctx;
  let drawnKey = ""; // display mode + palette the tiles were drawn with
  /** @type {string[]} */
  let drawnTiles = []; // tiles drawn, in order, each with where it lies (placeKey)
  /** @type {number[]} */
  let spokes = []; // per tile drawn: which spoke of the centre it grows from (-1: the centre)
  let sentAspect = 0; // the board's shape as last told to Python
  /** @type {ReturnType<typeof setTimeout>|null} */
  let sizeTimer = null;

  const node = h("div", { class: "cfw-boardbox" });
  const openWords = h("p", { class: "cfw-open", id: uid("open") });
  const board = h("div", {
    class: "cfw-board",
    tabindex: "0",
    role: "region",
    "aria-roledescription": "farmyard",
    "data-key": "board",
    "aria-describedby": openWords.id,
  });
  const svg = s("svg", { class: "cfw-svg", preserveAspectRatio: "xMidYMid meet", "aria-hidden": "true" });
  const defs = s("defs");
  const gradId = uid("felt");
  const grad = s("radialGradient", { id: gradId, cx: "50%", cy: "45%", r: "75%" });
  grad.append(s("stop", { offset: "0%", "stop-color": "#246b45" }), s("stop", { offset: "100%", "stop-color": "#184d31" }));
  defs.appendChild(grad);
  const felt = s("rect", { class: "cfw-felt", fill: `url(#${gradId})` });
  const trailLayer = s("g", { class: "cfw-trails" });
  const tileLayer = s("g", { class: "cfw-tiles" });
  const linkLayer = s("g", { class: "cfw-links" });
  const markLayer = s("g", { class: "cfw-marks" });
  const hitLayer = s("g", { class: "cfw-hits" });
  svg.append(defs, felt, trailLayer, tileLayer, linkLayer, markLayer, hitLayer);
  board.appendChild(svg);
  const zoom = h("div", { class: "cfw-zoom", role: "group", "aria-label": "Zoom the farmyard" });
  const zoomOut = h("button", { type: "button", class: "cfw-btn cfw-icon", "aria-label": "Zoom out", title: "Zoom out (\u2212)", "data-key": "zoom-out" }, "\u2212");
  const zoomIn = h("button", { type: "button", class: "cfw-btn cfw-icon", "aria-label": "Zoom in", title: "Zoom in (+)", "data-key": "zoom-in" }, "+");
  const zoomFit = h("button", { type: "button", class: "cfw-btn", title: "Show the whole farmyard, or follow the play when it is too big to show whole (0)", "data-key": "fit" }, "Fit");
  zoom.append(zoomOut, zoomIn, zoomFit);
  // The zoom buttons sit in the strip of controls under the board (never on tiles); the open
  // ends' sentence is placed by farmyard.js, behind the "More" disclosure.
  node.appendChild(board);

  // The overview: the whole table small, the part in view outlined; a click or a drag looks there.
  const overview = h("div", { class: "cfw-overview", hidden: true });
  const ovTitle = h("p", { class: "cfw-overview-title" }, "Whole table: click to look there");
  const ovSvg = s("svg", { class: "cfw-overview-svg", preserveAspectRatio: "xMidYMid meet", "aria-hidden": "true" });
  const ovTiles = s("g", { class: "cfw-ov-tiles" });
  const ovMarks = s("g", { class: "cfw-ov-marks" });
  const ovView = s("rect", { class: "cfw-ov-view", "vector-effect": "non-scaling-stroke" });
  ovSvg.append(ovTiles, ovMarks, ovView);
  overview.append(ovTitle, ovSvg);
  // Over the board's corner: it shows only when the table is not shown whole (tiles followed).
  node.appendChild(overview);

  const camera = makeCamera(ctx, {
    board,
    svg,
    felt,
    buttons: { zoomIn, zoomOut, zoomFit },
    overview,
    ovSvg,
    ovView,
    moved: (frame) => marks.moved(frame),
  });
  const { cam, follow } = camera;
  const marks = makeMarks(ctx, { svg, markLayer, hitLayer, ovMarks, camera, more });

  /** @param {View} v */
  function update(v) {
    const { mode, palette, key } = ctx.look();
    const rows = v.table || [];
    let prefix = key === drawnKey && drawnTiles.length <= rows.length;
    for (let i = 0; prefix && i < drawnTiles.length; i++) {
      if (drawnTiles[i] !== placeKey(rows[i])) prefix = false;
    }
    if (!prefix) {
      if (key === drawnKey) cam.follow = null; // a new round, or moves taken back
      tileLayer.replaceChildren();
      trailLayer.replaceChildren();
      linkLayer.replaceChildren();
      spokes = [];
      ovTiles.replaceChildren();
      drawnTiles = [];
    }
    const frag = document.createDocumentFragment();
    const small = document.createDocumentFragment();
    const trails = document.createDocumentFragment();
    for (let i = drawnTiles.length; i < rows.length; i++) {
      const p = rows[i];
      const g = drawTile(p, mode, palette);
      g.setAttribute("data-tile", p.tile);
      frag.appendChild(g);
      small.appendChild(ring(p, "cfw-ov-tile", 0));
      drawnTiles.push(placeKey(p));
      trail(rows, i, trails);
      if (p.linked && p.onto !== null && rows[p.onto]) linkLayer.appendChild(drawLink(p, rows[p.onto]));
    }
    tileLayer.appendChild(frag);
    trailLayer.appendChild(trails);
    ovTiles.appendChild(small);
    drawnKey = key;
    setText(openWords, v.open_words || "");
    marks.draw(v);
    follow();
  }

  /** The trail under tile `i`: a soft band from its parent's centre to its own, one colour per
   *  spoke, so which line grows from which end reads at a glance under a thicket of toes. */
  /**
   * @param {PlacedTile[]} rows
   * @param {number} i
   * @param {Node} out
   */
  function trail(rows, i, out) {
    const p = rows[i];
    const onto = p.onto;
    const parent = onto === null || onto === undefined ? null : rows[onto];
    if (onto === null || !parent) {
      spokes[i] = -1;
      return;
    }
    let k = spokes[onto];
    if (k === undefined || k < 0) k = spokes.filter((x, j) => j < i && rows[j].onto === onto).length;
    spokes[i] = k;
    out.appendChild(
      s("line", {
        class: `cfw-trail cfw-trail-${k % TRAIL_COLOURS}`,
        x1: num(parent.x * U),
        y1: num(parent.y * U),
        x2: num(p.x * U),
        y2: num(p.y * U),
      }),
    );
  }

  // Guided play: with a tile chosen, a click on a table tile that is not one of its targets
  // is a try at a wrong place, and the session records it.
  board.addEventListener("click", (e) => {
    const v = state.view;
    if (cam.dragged || !v.guided || !v.playing || !state.selected) return;
    const g = e.target instanceof Element ? e.target.closest(".cfw-tile") : null;
    const onto = g ? g.getAttribute("data-tile") : null;
    if (!onto || ctx.targetsOf(state.selected).some((t) => t.onto === onto)) return;
    ctx.send("try", { tile: state.selected, onto });
  });

  // The board's shape goes to Python, so the next round is laid out to fit it.
  function sendSize() {
    sizeTimer = null;
    const r = cam.size;
    if (!r) return;
    const a = r.width / r.height;
    if (sentAspect && Math.abs(a / sentAspect - 1) < ASPECT_NOTICE) return;
    sentAspect = a;
    ctx.port.send({ kind: "board", width: Math.round(r.width), height: Math.round(r.height) });
  }
  function reportSize() {
    if (sizeTimer !== null) clearTimeout(sizeTimer);
    sizeTimer = setTimeout(sendSize, 200);
  }

  /** A size still waiting goes at once: an intent that lays a tile must not arrive before it
   *  (a round's table takes the board's shape while only its centre double is down). */
  function flushSize() {
    if (sizeTimer === null) return;
    clearTimeout(sizeTimer);
    sendSize();
  }

  /** @type {ResizeObserver|null} */
  let resizeObserver = null;
  if (typeof ResizeObserver !== "undefined") {
    resizeObserver = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].contentRect;
      if (box.width > 0 && box.height > 0) {
        camera.resized({ width: box.width, height: box.height });
        reportSize();
      }
    });
    resizeObserver.observe(board);
  }

  function destroy() {
    if (sizeTimer !== null) clearTimeout(sizeTimer);
    if (resizeObserver) resizeObserver.disconnect();
  }

  return {
    node,
    board,
    zoom,
    openWords,
    overview,
    update,
    marks: marks.draw,
    markFocus: marks.focus,
    follow,
    applyCamera: camera.applyCamera,
    setCover: camera.setCover,
    flushSize,
    key: camera.key,
    destroy,
  };
}
