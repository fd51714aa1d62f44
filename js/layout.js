// @ts-check
// The layout: where the parts go as the widget's width changes, how tall the board is, and
// full screen.
//
// The board's height is what the visible panel leaves: the visible height of what scrolls the
// widget (JupyterLab's notebook panel, or the window), less the rest of the widget. The
// chrome's height never depends on the board's, so this settles at once; it is worked out
// again when the panel, the widget or its chrome change size. Wide, the moves are a side
// column; docked, the line and the buttons sit beside the hand; a review's panel is a column
// beside the board when docked, else under it.

import { setText } from "./dom.js";

/** @typedef {import("./context.js").Ctx} Ctx */

// The board's height: what the visible panel leaves, never under MIN_BOARD_PX, never taller
// than MAX_BOARD_RATIO of its width (but in full screen, or when the widget is the whole page,
// as on the room server's join page), FIT_MARGIN_PX kept free below.
const MIN_BOARD_PX = 200;
const MAX_BOARD_RATIO = 0.8;
const FIT_MARGIN_PX = 6;
const LEAD_SHARE = 0.3; // a header up to this share of the visible height stays in view above
const WIDE_PX = 1000; // a widget this wide keeps the moves in a side column
const DOCK_PX = 700; // a widget this wide has the line and the buttons beside the hand

/**
 * The widget's blocks that the layout moves or measures.
 * @typedef {Object} LayoutParts
 * @property {HTMLElement} root
 * @property {HTMLElement} main the board and the side column
 * @property {HTMLElement} side the side column (the moves, when wide)
 * @property {HTMLElement} band the hand, the line and the buttons
 * @property {HTMLElement} reviewLeft a docked review's board and hand
 * @property {HTMLElement} logbox the moves and the score sheet
 * @property {HTMLElement} logNode the log's list
 * @property {HTMLElement} movesPanel where the moves go behind "Moves"
 * @property {HTMLButtonElement} movesButton
 * @property {HTMLButtonElement} fullButton
 * @property {HTMLElement} boardBox the board with its card and overview
 * @property {HTMLElement} board the board itself
 * @property {() => HTMLElement|null} reviewPanel a review's panel, once there is one
 */

/**
 * The layout of one widget.
 * @param {Ctx} ctx
 * @param {LayoutParts} parts
 */
export function makeLayout(ctx, parts) {
  const { root, main, side, band, reviewLeft, logbox, logNode, movesPanel, movesButton, fullButton } = parts;
  // -- full screen: the Fullscreen API on the widget's root; Esc (the browser) leaves --------
  const fullElement = () => document.fullscreenElement || document.webkitFullscreenElement || null;
  const fullAllowed = () => !!(document.fullscreenEnabled || document.webkitFullscreenEnabled);
  const isFull = () => fullElement() === root;
  function toggleFull() {
    const no = "Full screen is not possible here: the page that holds the widget does not allow it.";
    if (!fullAllowed()) {
      ctx.showLocal(no);
      return;
    }
    try {
      const ask = isFull()
        ? (document.exitFullscreen || document.webkitExitFullscreen).call(document)
        : (root.requestFullscreen || root.webkitRequestFullscreen).call(root);
      if (ask && ask.catch) ask.catch(() => ctx.showLocal(no));
    } catch (err) {
      ctx.showLocal(no);
    }
  }
  function onFull() {
    const on = isFull();
    root.classList.toggle("is-full", on);
    setText(fullButton, on ? "Leave full screen" : "Full screen");
    fullButton.title = on ? "Back to the page (Esc or F)" : "Show the widget on the whole screen (F); Esc leaves";
    arrange();
    logNode.scrollTop = logNode.scrollHeight; // the words may have grown: the last move in view
  }
  fullButton.hidden = !fullAllowed();
  fullButton.addEventListener("click", toggleFull);
  document.addEventListener("fullscreenchange", onFull);
  document.addEventListener("webkitfullscreenchange", onFull);

  // -- the board takes the height that is there ---------------------------------------------
  // The visible height of what scrolls the widget (JupyterLab's notebook panel, or the window),
  // less the rest of the widget: the chrome's height never depends on the board's, so this
  // settles at once. Recomputed when the panel, the widget or its chrome change size.
  /** @type {Element|null} */
  let scroller = null;
  function findScroller() {
    if (scroller && scroller.isConnected && scroller.contains(root)) return scroller;
    // JupyterLab 4 and Notebook 7: the notebook's panel. Elsewhere, the nearest ancestor that
    // really scrolls (an output area that only wraps the widget has overflow set too, and its
    // height is the widget's own: not a measure of the screen); else the window.
    scroller = root.closest(".jp-WindowedPanel-outer, .jp-Notebook");
    for (let p = root.parentElement; !scroller && p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
      const o = getComputedStyle(p).overflowY;
      if ((o === "auto" || o === "scroll" || o === "overlay") && p.scrollHeight > p.clientHeight + 1) scroller = p;
    }
    return scroller;
  }
  function visibleHeight() {
    if (isFull()) return window.innerHeight;
    const sc = findScroller();
    let inner = window.innerHeight;
    let top = 0; // where the scrolled content starts on screen
    if (sc) {
      const cs = getComputedStyle(sc);
      inner = Math.min(sc.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom), inner);
      top = sc.getBoundingClientRect().top + parseFloat(cs.paddingTop);
    }
    // A page that is an app (Voila, no notebook panel): what stands above the widget at the top
    // (a title, the app's header) stays in view too when it is short, so the app shows whole
    // without scrolling. In a notebook the reader scrolls to the widget's output, and the board
    // takes the whole panel. Measured in the content, whatever is scrolled.
    if (sc && sc.classList.contains("jp-WindowedPanel-outer")) return inner;
    let above = root.getBoundingClientRect().top - top;
    for (let p = root.parentElement; p; p = p.parentElement) above += p.scrollTop;
    return above > 0 && above <= LEAD_SHARE * inner ? inner - above : inner;
  }
  function arrange() {
    watchScroller();
    // Wide (full screen, or a wide page): the moves in a side column, else behind "Moves".
    // A review keeps its moves behind "Moves": its panel is beside the board when docked, else
    // under it.
    const panel = parts.reviewPanel();
    const wide = !panel && (isFull() || root.clientWidth >= WIDE_PX);
    const docked = isFull() || root.clientWidth >= DOCK_PX;
    root.classList.toggle("is-wide", wide);
    root.classList.toggle("is-docked", docked);
    if (panel) placeReview(panel, docked);
    const home = wide ? side : movesPanel;
    if (logbox.parentNode !== home) {
      home.appendChild(logbox);
      logNode.scrollTop = logNode.scrollHeight; // a moved node forgets where it was scrolled
    }
    movesButton.hidden = wide;
    fitBoard();
  }
  /**
   * A review's panel: docked, a column beside the board and the hand (which sit in a column
   * of their own); narrower, under the board and over the hand.
   * @param {HTMLElement} panel
   * @param {boolean} docked
   */
  function placeReview(panel, docked) {
    if (docked) {
      if (reviewLeft.parentNode !== main) main.insertBefore(reviewLeft, main.firstChild);
      if (parts.boardBox.parentNode !== reviewLeft) reviewLeft.appendChild(parts.boardBox);
      if (band.parentNode !== reviewLeft) reviewLeft.appendChild(band);
      if (panel.parentNode !== main) main.appendChild(panel);
      return;
    }
    if (parts.boardBox.parentNode !== main) main.insertBefore(parts.boardBox, main.firstChild);
    if (reviewLeft.parentNode) reviewLeft.remove();
    if (panel.previousSibling !== main) main.after(panel);
    if (band.previousSibling !== panel) panel.after(band);
  }
  function fitBoard() {
    if (!root.isConnected) return;
    const top = root.getBoundingClientRect().top;
    const boardRect = parts.board.getBoundingClientRect();
    if (!boardRect.width) return;
    let bottom = 0;
    for (const child of root.children) bottom = Math.max(bottom, child.getBoundingClientRect().bottom);
    const cs = getComputedStyle(root);
    const chrome = bottom - top + parseFloat(cs.paddingBottom) + parseFloat(cs.borderBottomWidth) - boardRect.height;
    const whole = isFull() || !!root.closest("[data-cfw-whole-page]");
    const most = whole ? Infinity : Math.max(MIN_BOARD_PX, boardRect.width * MAX_BOARD_RATIO);
    const want = Math.floor(Math.max(MIN_BOARD_PX, Math.min(visibleHeight() - chrome - FIT_MARGIN_PX, most)));
    if (Math.abs(want - boardRect.height) >= 1) root.style.setProperty("--cfw-board-h", `${want}px`);
  }
  let fitFrame = 0;
  function arrangeSoon() {
    if (fitFrame) return;
    fitFrame = requestAnimationFrame(() => {
      fitFrame = 0;
      arrange();
    });
  }
  /** @type {ResizeObserver|null} */
  let sizeObserver = null;
  /** @type {Element|null} */
  let observed = null;
  if (typeof ResizeObserver !== "undefined") {
    sizeObserver = new ResizeObserver(arrangeSoon);
    sizeObserver.observe(root);
  }
  function watchScroller() {
    const sc = findScroller();
    if (sizeObserver && sc && sc !== observed) {
      if (observed) sizeObserver.unobserve(observed);
      sizeObserver.observe(sc);
      observed = sc;
    }
  }
  window.addEventListener("resize", arrangeSoon);

  function destroy() {
    if (sizeObserver) sizeObserver.disconnect();
    if (fitFrame) cancelAnimationFrame(fitFrame);
    window.removeEventListener("resize", arrangeSoon);
    document.removeEventListener("fullscreenchange", onFull);
    document.removeEventListener("webkitfullscreenchange", onFull);
    if (isFull()) toggleFull();
  }

  return { arrange, fitBoard, isFull, toggleFull, destroy };
}
