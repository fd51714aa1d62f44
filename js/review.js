// @ts-check
// The review (ReviewWidget only): the panel to move along the game (the slider, First, Back,
// Next, Last, the mistakes), the verdict, the bars of the candidate moves, the odds, the seat
// seen from and the hands open; the rings of the move played and the best move on the table;
// and what a review changes elsewhere on the screen (the hand marks the tile played, the
// actions and targets give way, the keys step through the moves).

import { allOf, firstOf, h, num, s, setText, uid, withTiles } from "./dom.js";
import { makeGraph } from "./review-graph.js";
import { reviewOf } from "./review-view.js";
import { U, handTileSvg, ring } from "./tiles.js";

/** @typedef {import("./view.js").View} View */
/** @typedef {import("./intents.js").Intent} Intent */
/** @typedef {import("./tiles.js").Pose} Pose */
/** @typedef {import("./context.js").Ctx} Ctx */
/** @typedef {import("./review-view.js").ReviewPanel} ReviewPanel */
/** @typedef {import("./review-view.js").ReviewIntent} ReviewIntent */
/** @typedef {import("./review-view.js").StepIntent} StepIntent */

/**
 * The parts of the farmyard a review changes.
 * @typedef {Object} ReviewScreen
 * @property {HTMLElement} head the head, whose status line the verdict speaks for
 * @property {HTMLElement} hand the hand's tiles
 * @property {HTMLElement} actions Draw, Pass, Next...: a review has none
 * @property {HTMLElement} targets the targets' buttons: a review plays nothing
 * @property {HTMLElement} help the keys, in words
 */

/**
 * The bars' lengths, as shares of the longest (0.02 .. 1): a bar is as long as the move's
 * expected points, so a longer bar is a worse move; points at or below 0 get the shortest.
 * @param {number[]} points
 * @returns {number[]}
 */
export function barShares(points) {
  const top = Math.max(0, ...points.filter((p) => Number.isFinite(p)));
  return points.map((p) => {
    if (!Number.isFinite(p) || top <= 0) return 0.02;
    return Math.min(1, Math.max(0.02, p / top));
  });
}

/**
 * The move a key goes to in a review of `total` moves shown at `move`, or 0 (not a review key).
 * @param {string} key
 * @param {number} move
 * @param {number} total
 * @returns {number}
 */
export function reviewKeyTarget(key, move, total) {
  if (key === "ArrowLeft") return Math.max(1, move - 1);
  if (key === "ArrowRight") return Math.min(total, move + 1);
  if (key === "Home") return 1;
  if (key === "End") return total;
  return 0;
}

/**
 * The bars a list shows: all of them when expanded, else those marked `few` (the best few
 * and the move played).
 * @template {{few: boolean}} B
 * @param {B[]} bars
 * @param {boolean} expanded
 * @returns {B[]}
 */
export function shownBars(bars, expanded) {
  return expanded ? bars : bars.filter((b) => b.few);
}

/**
 * The words of the button that shows or hides the rest of the candidates.
 * @param {number} all how many candidates
 * @param {number} few how many a collapsed list shows
 * @param {boolean} expanded
 * @returns {string}
 */
export function moreBarsWords(all, few, expanded) {
  if (expanded) return "Show the best few";
  const rest = all - few;
  return `Show all ${all} moves (${rest} more)`;
}

/**
 * How many rows a hand of `most` tiles takes in a box `width` pixels wide (inside its
 * padding), each tile `tile` pixels wide with `gap` between them: at least 1.
 * @param {number} most
 * @param {number} width
 * @param {number} tile
 * @param {number} gap
 * @returns {number}
 */
export function handRows(most, width, tile, gap) {
  if (!(tile > 0) || !(width > 0) || !(most > 0)) return 1;
  const perRow = Math.max(1, Math.floor((width + gap) / (tile + gap)));
  return Math.max(1, Math.ceil(most / perRow));
}

/**
 * The review's panel: the controls to move along the game, the verdict, the bars, the odds;
 * made when a view first has a review part. It takes over the parts of `screen` it changes.
 * @param {Ctx} ctx
 * @param {ReviewScreen} screen
 */
export function makeReview(ctx, screen) {
  const { port, state } = ctx;
  /** @param {ReviewIntent} intent */
  const sendRaw = (intent) => port.send(/** @type {Intent} */ (/** @type {unknown} */ (intent)));
  /** @param {number} move */
  const goto = (move) => sendRaw({ kind: "goto", move });
  /** @param {StepIntent["to"]} to */
  const step = (to) => {
    const v = state.view;
    sendRaw({ kind: "step", version: v.version, seat: v.seat, to });
  };

  const node = h("section", { class: "cfw-review", "aria-label": "Game review" });
  const nav = h("div", { class: "cfw-review-nav", role: "group", "aria-label": "Move along the game" });
  /**
   * @param {string} text
   * @param {string} key
   * @param {string} title
   */
  const button = (text, key, title) => h("button", { type: "button", class: "cfw-btn", "data-key": key, title }, text);
  const first = button("First", "review-first", "The first move (Home)");
  const back = button("Back", "review-back", "The move before (Left arrow)");
  const next = button("Next", "review-next", "The move after (Right arrow)");
  const last = button("Last", "review-last", "The last move (End)");
  const prevMistake = button("Previous mistake", "review-prev-mistake", "The mistake before this move");
  const nextMistake = button("Next mistake", "review-next-mistake", "The next mistake after this move");
  const slider = /** @type {HTMLInputElement} */ (
    h("input", { type: "range", class: "cfw-review-slider", min: "1", max: "1", step: "1", value: "1", "data-key": "review-slider", "aria-label": "Move" })
  );
  const count = h("span", { class: "cfw-review-count", "aria-hidden": "true" });
  const sliderRow = h("div", { class: "cfw-review-scrub" });
  sliderRow.append(slider, count);
  const buttons = h("div", { class: "cfw-review-buttons" });
  buttons.append(first, back, next, last, prevMistake, nextMistake);
  nav.append(sliderRow, buttons);
  first.addEventListener("click", () => step("first"));
  back.addEventListener("click", () => step("back"));
  next.addEventListener("click", () => step("next"));
  last.addEventListener("click", () => step("last"));
  prevMistake.addEventListener("click", () => step("previous_mistake"));
  nextMistake.addEventListener("click", () => step("next_mistake"));
  let dragging = false;
  slider.addEventListener("pointerdown", () => (dragging = true));
  slider.addEventListener("pointerup", () => (dragging = false));
  slider.addEventListener("input", () => goto(Number(slider.value)));
  slider.addEventListener("change", () => {
    dragging = false;
    goto(Number(slider.value));
  });

  const verdict = h("p", { class: "cfw-verdict", role: "status", "aria-live": "polite", "aria-atomic": "true" });

  const options = h("div", { class: "cfw-review-options" });
  const seatId = uid("seat");
  const seatLabel = h("label", { for: seatId }, "Seen from ");
  const seatPick = /** @type {HTMLSelectElement} */ (h("select", { id: seatId, class: "cfw-select", "data-key": "review-seat" }));
  seatPick.addEventListener("change", () => {
    const value = seatPick.value === "" ? null : Number(seatPick.value);
    sendRaw({ kind: "seat", value });
  });
  const openLabel = h("label", { class: "cfw-switch" });
  const openBox = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", role: "switch", "data-key": "review-open" }));
  openLabel.append(openBox, h("span", {}, " Hands open"));
  openBox.addEventListener("change", () => sendRaw({ kind: "hands_open", value: openBox.checked }));
  options.append(seatLabel, seatPick, openLabel);

  const barsBox = h("div", { class: "cfw-bars-box" });
  const barsNote = h("p", { class: "cfw-bars-note", id: uid("bars") });
  const bars = h("ol", { class: "cfw-bars", "aria-labelledby": barsNote.id });
  // Long lists show the best few and the move played; this button shows them all (and back).
  const moreBars = /** @type {HTMLButtonElement} */ (
    h("button", { type: "button", class: "cfw-btn cfw-bars-more", "data-key": "review-all-bars", "aria-expanded": "false" })
  );
  let expanded = false;
  moreBars.addEventListener("click", () => {
    expanded = !expanded;
    const v = state.view;
    if (v) update(v);
  });
  barsBox.append(barsNote, bars, moreBars);
  const graph = makeGraph(goto);
  const odds = h("p", { class: "cfw-review-odds" });
  // The other hands (hands open) go under this seat's hand, beside which the board gives way:
  // in the side panel they would push it past its fold with three other seats.
  const hands = h("div", { class: "cfw-review-hands", role: "group", "aria-label": "The other hands" });
  const deck = screen.hand.parentElement;
  if (deck) deck.after(hands);
  // The options under the moving controls (never below the panel's fold), then the verdict,
  // the graph, the bars (what the move was worth) and the odds.
  node.append(nav, options, verdict, graph.node, barsBox, odds);
  ctx.root.classList.add("is-review");
  // The verdict is the review's live region: the head's line would say it twice.
  const said = firstOf(screen.head, ".cfw-status");
  if (said) said.setAttribute("aria-live", "off");

  // A docked review keeps the hand as tall as the game's largest hand needs, so that the
  // widget (and the panel beside it, as tall as the board and the hand) keeps one height.
  let tileBox = { w: 0, h: 0 };
  let mostTiles = 0; // the game's largest hand, from the last view
  let handWidth = 0; // the hand's width when it was last reserved
  /** @param {number} most */
  function reserveHand(most) {
    mostTiles = most;
    const hand = screen.hand;
    handWidth = hand.clientWidth;
    const tile = firstOf(hand, ".cfw-htile");
    if (tile) {
      const r = tile.getBoundingClientRect();
      if (r.width > 0) tileBox = { w: r.width, h: r.height };
    }
    if (!ctx.root.classList.contains("is-docked") || !tileBox.w) {
      hand.style.minHeight = "";
      return;
    }
    const cs = getComputedStyle(hand);
    const inner = hand.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const gap = parseFloat(cs.columnGap) || 0;
    const rows = handRows(most, inner, tileBox.w, gap);
    const rowGap = parseFloat(cs.rowGap) || 0;
    const height = rows * tileBox.h + (rows - 1) * rowGap + parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
    hand.style.minHeight = `${Math.ceil(height)}px`;
  }

  // Docking (or any change of the hand's width) comes after a view is drawn, and with no
  // new view: the hand is reserved again for its new width.
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver(() => {
      if (mostTiles && screen.hand.clientWidth !== handWidth) reserveHand(mostTiles);
    }).observe(screen.hand);
  }

  /** @param {View} v */
  function update(v) {
    const r = reviewOf(v);
    node.hidden = !r;
    if (!r) return;
    slider.max = String(r.total);
    if (!dragging) slider.value = String(r.move);
    slider.setAttribute("aria-valuetext", r.short);
    setText(count, `Move ${r.move} of ${r.total}`);
    first.disabled = back.disabled = r.move <= 1;
    next.disabled = last.disabled = r.move >= r.total;
    prevMistake.disabled = !r.previous_mistake;
    nextMistake.disabled = !r.next_mistake;
    verdict.dataset.verdict = r.shown;
    verdict.replaceChildren();
    withTiles(verdict, r.words);
    const want = ["", ...r.names.map((_, i) => String(i))];
    if (seatPick.options.length !== want.length) {
      seatPick.replaceChildren(h("option", { value: "" }, "The seat that moved"), ...r.names.map((n, i) => h("option", { value: String(i), dir: "auto" }, n)));
    }
    seatPick.value = r.follow ? "" : String(r.seat);
    openBox.checked = r.hands_open;
    setText(barsNote, r.bars_note);
    barsBox.hidden = !r.bars.length;
    bars.replaceChildren();
    const shares = barShares(r.bars.map((b) => b.points));
    const few = r.bars.filter((b) => b.few).length;
    moreBars.hidden = few >= r.bars.length;
    setText(moreBars, moreBarsWords(r.bars.length, few, expanded));
    moreBars.setAttribute("aria-expanded", expanded ? "true" : "false");
    const visible = new Set(shownBars(r.bars, expanded));
    r.bars.forEach((b, i) => {
      if (!visible.has(b)) return;
      const tags = [b.played ? "played" : "", b.best ? "best" : ""].filter(Boolean);
      const li = h("li", { class: "cfw-bar" + (b.played ? " is-played" : "") + (b.best ? " is-best" : "") });
      const label = h("span", { class: "cfw-bar-label" });
      withTiles(label, b.text);
      const track = h("span", { class: "cfw-bar-track", "aria-hidden": "true" });
      const fill = h("span", { class: "cfw-bar-fill" });
      fill.style.width = `${(shares[i] * 100).toFixed(1)}%`;
      track.appendChild(fill);
      // The number alone on screen (the note above says they are points); read as "n points".
      const value = h("span", { class: "cfw-bar-value" }, b.value);
      value.appendChild(h("span", { class: "cfw-vh" }, " points"));
      li.append(label, track, value);
      if (tags.length) li.appendChild(h("span", { class: "cfw-bar-tags" }, tags.join(", ")));
      bars.appendChild(li);
    });
    graph.update(r.graph);
    reserveHand(r.most_tiles);
    setText(odds, r.odds);
    odds.hidden = !r.odds;
    hands.replaceChildren();
    const { mode, palette } = ctx.look();
    for (const hand of r.hands) {
      const row = h("div", { class: "cfw-review-hand" });
      row.appendChild(h("span", { class: "cfw-name", dir: "auto" }, `${hand.name}: `));
      const list = h("span", { class: "cfw-review-tiles", role: "img", "aria-label": `${hand.name}'s hand: ${hand.tiles.join(", ") || "no tiles"}` });
      for (const t of hand.tiles) list.appendChild(handTileSvg(t, mode, palette));
      row.appendChild(list);
      hands.appendChild(row);
    }
    hands.hidden = !r.hands.length;
    // The tile played, in the hand it was played from (when that hand is the one shown).
    for (const b of allOf(screen.hand, ".cfw-htile")) {
      const is = b.dataset.tile === r.played_tile;
      b.classList.toggle("is-review-played", is);
      if (is) b.setAttribute("aria-label", `${r.played_tile}, the tile played at this move`);
    }
    screen.actions.hidden = true;
    screen.targets.hidden = true;
    setText(screen.help, "Left and Right arrows: the move before or after; Home and End: the first or last move; a click on the graph: that move. F full screen.");
  }

  /**
   * Left / Right: the move before or after; Home / End: the first or last (the slider has its
   * own keys, the board's arrows pan it).
   * @param {KeyboardEvent} e
   */
  function key(e) {
    const r = reviewOf(state.view);
    if (!r) return false;
    const target = reviewKeyTarget(e.key, r.move, r.total);
    if (!target) return false;
    if (target !== r.move) goto(target);
    return true;
  }

  return { node, update, key };
}

/**
 * The review's rings on the table: the move played (solid, labelled "played") and the best
 * move (dashed, labelled "best"), with their labels on free felt beside the end, drawn
 * after every ring so that no ring covers a label.
 * @param {ReviewPanel} r
 * @param {Map<string, Pose>} byTile
 * @param {number} pad
 * @param {number} upp SVG units per pixel
 * @returns {SVGElement[]}
 */
export function reviewRings(r, byTile, pad, upp) {
  /** @type {SVGElement[]} */
  const out = [];
  /** @type {SVGElement[]} */
  const labels = [];
  const seen = new Map();
  for (const ringed of r.rings) {
    const p = byTile.get(ringed.onto);
    if (!p) continue;
    const played = ringed.kind === "played";
    const g = s("g", { class: `cfw-review-mark is-${ringed.kind}`, "data-review-ring": ringed.kind, "data-onto": ringed.onto });
    g.appendChild(ring(p, "cfw-review-ring-under", played ? pad : pad * 2.2));
    g.appendChild(ring(p, "cfw-review-ring", played ? pad : pad * 2.2));
    const font = Math.min(Math.max(28, 13 * upp), 70);
    const again = seen.get(ringed.onto) || 0;
    seen.set(ringed.onto, again + 1);
    const x = ringed.badge_x * U;
    const y = ringed.badge_y * U + again * font * 1.5;
    const w = font * 0.62 * ringed.label.length + font * 0.8;
    // The labels go on top of every ring: the best move's wider ring must not cover "played".
    const tag = s("g", { class: `cfw-review-mark is-${ringed.kind}` });
    tag.appendChild(s("rect", { class: "cfw-review-label-bg", x: num(x - w / 2), y: num(y - font * 0.7), width: num(w), height: num(font * 1.4), rx: num(font * 0.3) }));
    const label = s("text", { class: "cfw-review-label", x: num(x), y: num(y), dy: "0.35em", "font-size": num(font) });
    label.textContent = ringed.label;
    tag.appendChild(label);
    out.push(g);
    labels.push(tag);
  }
  return out.concat(labels);
}
