// @ts-check
// The farmyard: the parts of the screen put together, for every farmyard widget class.
//
// Python owns the game: this only draws the `view` trait and sends small intents back
// ({kind, version, seat, ...}); there is no rule logic here, and every text is set with
// textContent, never parsed as HTML. The model is reached only through a Port (model.js).
// Each widget class's entry (entries/) calls mountFarmyard with the parts it adds: guided
// play its cue, a review its panel and its rings.
//
// On screen, top to bottom: the turn line; the round and the seats; the board (the round's
// result as a card over it, the overview in its corner when the table is followed; the moves
// beside it when the widget is wide); the hand with Draw, Pass, Next and Undo beside it; one
// line with the targets (or the message) and the tools (zoom, Full screen, More, Moves); then
// "More" (the open ends in words, how tiles look, the keys) and "Moves" when opened. The
// board's height is what the visible panel leaves (layout.js).

import { makeActions } from "./actions.js";
import { makeBoard } from "./board.js";
import { tableBox } from "./camera.js";
import { canFocus, firstOf, focused, h, setText, uid } from "./dom.js";
import { makeHand } from "./hand.js";
import { makeLayout } from "./layout.js";
import { makeCoach, makeHead, makeLog, makePlayers } from "./panels.js";
import { reviewOf } from "./review-view.js";
import { makeResult, makeSheet } from "./scores.js";
import { makeTargets } from "./targets.js";

/** @typedef {import("./view.js").View} View */
/** @typedef {import("./intents.js").Intent} Intent */
/** @typedef {import("./context.js").Ctx} Ctx */
/** @typedef {import("./context.js").State} State */
/** @typedef {import("./context.js").FarmyardPort} FarmyardPort */
/** @typedef {import("./marks.js").MoreMarks} MoreMarks */
/** @typedef {import("./review.js").ReviewScreen} ReviewScreen */

const CARD_GAP = 8; // px between the result card, the board's edge and the farmyard
const CARD_KEEPS = 0.5; // a card on the board leaves the farmyard at least this share of its size

/**
 * A part of the screen that only some widget classes have.
 * @typedef {Object} Section
 * @property {HTMLElement} node
 * @property {(v: View) => void} update
 */

/**
 * What a widget class adds to the farmyard (its entry module says which).
 * @typedef {Object} Parts
 * @property {(ctx: Ctx) => Section & {destroy: () => void}} [cue] guided play's cue, made
 *   when a view first has one, under the head
 * @property {(ctx: Ctx, screen: ReviewScreen) => Section & {key: (e: KeyboardEvent) => boolean}} [review]
 *   a review's panel, made when a view first has a review part
 * @property {MoreMarks} [marks] more marks on the board (a review's rings)
 */

/**
 * The keys, in words; H (the coach's hint) only where the widget has a Hint button; the
 * table's view (no hand) only Next, full screen and the board's.
 * @param {boolean} coach
 * @param {boolean} [table]
 */
function helpText(coach, table = false) {
  const board = "On the board: arrow keys pan, + and \u2212 zoom, 0 fits.";
  if (table) return `Keys: N next, F full screen. ${board}`;
  return (
    "Keys: \u2190 \u2192 choose a tile, Enter picks it; \u2190 \u2192 or Tab choose where it goes, " +
    `Enter plays, Esc goes back. D draw, P pass, N next, U undo${coach ? ", H hint" : ""}, F full screen. ` +
    board
  );
}

/**
 * Draw a farmyard widget into `el` and keep it in step with the model behind `port`.
 * @param {FarmyardPort} port
 * @param {HTMLElement} el
 * @param {Parts} [parts]
 * @returns {() => void} what undoes it all when the view goes
 */
export function mountFarmyard(port, el, parts = {}) {
  /** @type {State} */
  const state = {
    view: port.get("view") || {},
    selected: null,
    focusOnto: null,
    paused: false,
  };
  let localNote = "";
  const root = h("div", { class: "cfw", "data-lm-suppress-shortcuts": "true" });

  /** @type {Ctx} */
  const ctx = {
    port,
    state,
    root,
    send(kind, extra) {
      const v = state.view;
      board.flushSize();
      // TypeScript cannot tie the generic kind to its fields in the union: the cast says so.
      port.send(/** @type {Intent} */ ({ kind, version: v.version, seat: v.seat, ...(extra || {}) }));
    },
    look() {
      const mode = port.get("display") || "pips";
      const palette = port.get("palette") || [];
      return { mode, palette, key: `${mode}|${palette.join(",")}` };
    },
    targetsOf(tile) {
      if (!tile) return [];
      const entry = (state.view.hand || []).find((x) => x.tile === tile);
      return entry ? entry.targets : [];
    },
    showLocal(text) {
      localNote = text;
      setText(message, text || port.get("message") || "");
    },
    pick,
    unpick,
    play: (onto) => targets.play(onto),
    markFocus: (onto) => board.markFocus(onto),
    flushSize: () => board.flushSize(),
  };

  const head = makeHead();
  const players = makePlayers();
  const board = makeBoard(ctx, parts.marks);
  const hand = makeHand(ctx);
  const targets = makeTargets(ctx);
  const log = makeLog();
  const result = makeResult(ctx);
  const sheet = makeSheet();
  const actions = makeActions(ctx);
  const coach = makeCoach();
  /** @type {(Section & {destroy: () => void})|null} */
  let cue = null; // made when a view first has a cue
  /** @type {(Section & {key: (e: KeyboardEvent) => boolean})|null} */
  let review = null; // made when a view first has a review part (a ReviewWidget)
  const message = h("p", { class: "cfw-message", role: "status", "aria-live": "polite" });
  const help = h("p", { class: "cfw-help" }, helpText(false));

  // The board spans the widget; the round's result and the score sheet are a card over it.
  const card = h("div", { class: "cfw-card", hidden: true });
  card.append(result.node, sheet.node);
  board.node.appendChild(card);
  const main = h("div", { class: "cfw-main" });
  const side = h("div", { class: "cfw-side" });
  main.append(board.node, side);
  // The moves: a side column when the widget is wide, else behind the "Moves" button.
  // (The score sheet joins them during play: beside the log when behind "Moves", above it in
  // the side column.)
  const logbox = h("div", { class: "cfw-logbox" });
  const logcol = h("div", { class: "cfw-logcol" });
  logcol.append(log.head, log.note, log.node);
  logbox.appendChild(logcol);
  const movesPanel = h("div", { class: "cfw-moves", id: uid("moves"), hidden: true });
  const movesButton = h(
    "button",
    { type: "button", class: "cfw-btn cfw-toggle", "data-key": "moves", "aria-expanded": "false", "aria-controls": movesPanel.id },
    "Moves",
  );
  // "More": the open ends in words (always there for screen readers: the board is described by
  // them), how tiles look, and the keys.
  const more = h("div", { class: "cfw-more", id: uid("more") });
  const moreBody = h("div", { class: "cfw-more-body", hidden: true });
  moreBody.append(actions.look, help);
  more.append(board.openWords, moreBody);
  board.openWords.classList.add("cfw-vh");
  const moreButton = h(
    "button",
    { type: "button", class: "cfw-btn cfw-toggle", "data-key": "more", "aria-expanded": "false", "aria-controls": more.id, title: "The open ends in words, how tiles look, and the keys" },
    "More",
  );
  const fullButton = h(
    "button",
    { type: "button", class: "cfw-btn", "data-key": "fullscreen", "aria-keyshortcuts": "F", title: "Show the widget on the whole screen (F); Esc leaves" },
    "Full screen",
  );
  const tools = h("div", { class: "cfw-tools" });
  tools.append(board.zoom, fullButton, moreButton, movesButton);
  const controls = h("div", { class: "cfw-controls" });
  controls.append(actions.node, tools);
  // The message shares the targets' line (kept even when empty: many targets show their
  // numbers only, and a chosen tile's targets take the place of a message).
  const line = h("div", { class: "cfw-line" });
  line.append(targets.node, message);
  // One deck under the board. Docked (a widget wide enough): the hand, and beside it the line
  // over the buttons and the tools (zoom, full screen, More, Moves), so the board gets the
  // height a line of its own would take. Narrower: the hand, the buttons, then the line.
  const deck = h("div", { class: "cfw-deck" });
  deck.append(hand.head, hand.node, line, controls);
  // With the coach on, its sentence's lines are kept, so a hint never resizes the board.
  const coachBox = h("div", { class: "cfw-coachbox", hidden: true });
  coachBox.appendChild(coach.node);
  const band = h("div", { class: "cfw-band" });
  const reviewLeft = h("div", { class: "cfw-review-left" }); // a docked review's board and hand
  band.append(deck, coachBox);
  root.append(head.node, players.node, main, band, more, movesPanel);
  el.appendChild(root);

  /**
   * @param {HTMLButtonElement} button
   * @param {boolean} shown
   */
  function toggle(button, shown) {
    button.setAttribute("aria-expanded", shown ? "true" : "false");
  }
  moreButton.addEventListener("click", () => {
    const open = moreBody.hidden;
    moreBody.hidden = !open;
    board.openWords.classList.toggle("cfw-vh", !open);
    toggle(moreButton, open);
  });
  movesButton.addEventListener("click", () => {
    const open = movesPanel.hidden;
    movesPanel.hidden = !open;
    toggle(movesButton, open);
    if (open) log.node.scrollTop = log.node.scrollHeight;
  });

  const layout = makeLayout(ctx, {
    root,
    main,
    side,
    band,
    reviewLeft,
    logbox,
    logNode: log.node,
    movesPanel,
    movesButton,
    fullButton,
    boardBox: board.node,
    board: board.board,
    reviewPanel: () => (review ? review.node : null),
  });
  const { arrange, fitBoard, isFull, toggleFull } = layout;

  // Keep JupyterLab's command-mode shortcuts (d d, a, b, arrows) off our focusable elements.
  root.addEventListener("focusin", (e) => {
    const t = e.target;
    if (t instanceof Element && !t.hasAttribute("data-lm-suppress-shortcuts")) {
      t.setAttribute("data-lm-suppress-shortcuts", "true");
    }
  });

  // -- picking a tile: the hand, the targets and the board's marks follow -------------------
  /** @param {string} tile */
  function pick(tile) {
    const v = state.view;
    if (state.selected === tile) {
      unpick(false);
      return;
    }
    if (!v.playing || !ctx.targetsOf(tile).length) {
      if (v.guided) {
        // Guided play: every try is a trial. A tile that fits nowhere goes nowhere, and the
        // session records the try (in errorless mode, as an error prevented) and answers.
        if (v.playing) ctx.send("try", { tile });
        return;
      }
      const entry = (v.hand || []).find((x) => x.tile === tile);
      ctx.showLocal(entry && entry.hint ? `${tile} ${entry.hint}.` : `${tile} cannot be played now.`);
      return;
    }
    state.selected = tile;
    ctx.showLocal("");
    selectionChanged();
    targets.focusFirst();
  }

  /** @param {boolean} focusTile */
  function unpick(focusTile) {
    const tile = state.selected;
    state.selected = null;
    state.focusOnto = null;
    selectionChanged();
    if (focusTile) hand.focusTile(tile);
  }

  function selectionChanged() {
    hand.showSelection();
    targets.update(state.view);
    board.marks(state.view);
    board.follow();
  }

  // -- keys: each part answers its own, Escape puts a picked tile back -----------------------
  root.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    const tag = t instanceof Element ? t.tagName : null;
    if (tag === "SELECT" || tag === "TEXTAREA" || (t instanceof HTMLInputElement && t.type !== "checkbox")) return;
    let done;
    if (e.key === "Escape") {
      // Esc puts a chosen tile back; else it leaves full screen (where the browser lets it by).
      done = !!state.selected || isFull();
      if (state.selected) unpick(true);
      else if (isFull()) toggleFull();
    } else if (e.key === "f" || e.key === "F") {
      toggleFull();
      done = true;
    } else {
      done = review
        ? ((e.target !== board.board || e.key === "Home" || e.key === "End") && review.key(e)) || board.key(e)
        : hand.key(e) || targets.key(e) || board.key(e) || actions.key(e);
    }
    if (done) {
      e.preventDefault();
      e.stopPropagation();
    }
  });

  // -- focus survives a redraw ---------------------------------------------------------------
  function focusKey() {
    const a = focused();
    return a && root.contains(a) ? a.dataset.key || null : null;
  }

  /** @param {string|null} key */
  function restoreFocus(key) {
    if (!key) return;
    const a = focused();
    if (a && root.contains(a) && a.dataset.key === key && !a.matches(":disabled") && !a.hidden) return;
    const same = firstOf(root, `[data-key="${CSS.escape(key)}"]`);
    if (canFocus(same)) {
      same.focus();
      return;
    }
    const { draw, pass, next } = actions.buttons;
    /** @type {(HTMLElement|null)[]} */
    const fallbacks = [];
    if (state.view.playing) {
      fallbacks.push(firstOf(hand.node, ".cfw-htile.is-playable"), draw, pass);
    }
    fallbacks.push(next, result.next, result.again, firstOf(hand.node, ".cfw-htile"), board.board);
    for (const f of fallbacks) {
      if (canFocus(f)) {
        f.focus();
        return;
      }
    }
  }

  /** The result card hides no tile. It sits at the board's top or at its right, whichever
   *  leaves the farmyard the larger drawing, and the farmyard is fitted whole into the rest;
   *  when neither leaves the farmyard half its size (a phone, eight players), the card goes
   *  under the board, and the board takes what the window leaves. */
  function placeCard() {
    card.classList.remove("is-side", "is-below");
    if (card.hidden) {
      board.setCover(0, 0, false);
      return;
    }
    const W = board.board.clientWidth;
    const H = board.board.clientHeight;
    if (!(W > 0 && H > 0)) return;
    const top = card.offsetTop + card.offsetHeight + CARD_GAP;
    card.classList.add("is-side"); // beside the farmyard the card is one narrow column
    const right = card.offsetWidth + 2 * CARD_GAP;
    card.classList.remove("is-side");
    const t = tableBox(state.view.bounds, []);
    const tw = Math.max(t.x1 - t.x0, 1);
    const th = Math.max(t.y1 - t.y0, 1);
    const scale = (/** @type {number} */ w, /** @type {number} */ h) => Math.max(0, Math.min(w / tw, h / th));
    const atTop = scale(W, H - top);
    const atSide = scale(W - right, H);
    if (Math.max(atTop, atSide) < CARD_KEEPS * scale(W, H)) {
      card.classList.add("is-below");
      board.setCover(0, 0, true);
      return;
    }
    const side = atSide > atTop;
    card.classList.toggle("is-side", side);
    board.setCover(side ? 0 : top, side ? right : 0, true);
  }
  const cardWatch = typeof ResizeObserver !== "undefined" ? new ResizeObserver(() => placeCard()) : null;
  if (cardWatch) cardWatch.observe(board.board);

  // -- the model's changes -------------------------------------------------------------------
  function showLook() {
    root.classList.toggle("is-large", !!port.get("large"));
    root.dataset.display = port.get("display") || "pips";
    actions.showLook();
  }

  function update() {
    const key = focusKey();
    const v = (state.view = port.get("view") || {});
    // The table's view (seat null, for a projector): no hand, so the board takes its height.
    root.classList.toggle("is-table", v.seat === null);
    showLook();
    head.update(v);
    players.update(v);
    hand.update(v);
    targets.update(v);
    board.update(v);
    log.update(v);
    result.update(v);
    sheet.update(v);
    card.hidden = !v.result;
    // The score sheet: on the card at a round's end, else with the moves (beside the board, or
    // behind "Moves"), above the log.
    if (v.result && sheet.node.parentNode !== card) card.appendChild(sheet.node);
    else if (!v.result && sheet.node.parentNode !== logbox) logbox.insertBefore(sheet.node, logcol);
    placeCard();
    actions.update(v);
    coach.update(v);
    coachBox.hidden = !v.coach;
    setText(help, helpText(!!v.coach, v.seat === null));
    if (v.cue && !cue && parts.cue) {
      cue = parts.cue(ctx);
      head.node.after(cue.node);
    }
    if (cue) cue.update(v);
    if (reviewOf(v) && !review && parts.review) {
      review = parts.review(ctx, { head: head.node, hand: hand.node, actions: actions.node, targets: targets.node, help });
      main.after(review.node);
      arrange();
    }
    if (review) review.update(v);
    localNote = "";
    setText(message, port.get("message") || "");
    actions.schedule(v);
    // The board's height first (a hand that grew a row makes the deck taller): focus given while
    // the widget is a frame too tall would scroll the notebook to the button.
    fitBoard();
    restoreFocus(key);
  }

  function onLook() {
    const key = focusKey();
    showLook();
    hand.update(state.view);
    board.update(state.view);
    restoreFocus(key);
  }

  function onMessage() {
    setText(message, port.get("message") || localNote || "");
  }

  port.on("view", update);
  port.on("display", onLook);
  port.on("palette", onLook);
  port.on("large", onLook);
  port.on("message", onMessage);
  update();
  if (root.isConnected) arrange(); // settle the board's height now: nothing moves after the first paint
  requestAnimationFrame(() => {
    arrange();
    board.applyCamera();
  });

  return () => {
    port.close();
    actions.destroy();
    if (cue) cue.destroy();
    board.destroy();
    if (cardWatch) cardWatch.disconnect();
    layout.destroy();
    root.remove();
  };
}
