// @ts-check
// Learn from your mistakes (MistakesWidget only): the panel over the table that asks for a
// better move, with the mistake's number, Previous / Next mistake, Hint, Show why, the
// feedback and the line of play. The table, the hand and the targets are the farmyard's: a
// move played there is the answer, sent as the game widget sends it, and Python judges it
// (cfwidget/widget/_mistakes_widget.py; the exercise is cfwidget/teach/_mistakes.py).

import { h, setText, withTiles } from "./dom.js";

/**
 * The `drill` trait: what the panel shows.
 * @typedef {Object} DrillPanel
 * @property {number} version the view's stamp, for Hint and Show why
 * @property {number} index the mistake shown, from 0
 * @property {number} total
 * @property {string} title
 * @property {string} question
 * @property {"correct"|"not yet"|"not attempted"} status
 * @property {string} feedback
 * @property {string[]} hints the hints shown so far
 * @property {number} hints_left
 * @property {string} why the solution and the line of play, once shown ("" before)
 * @property {boolean[]} solved each mistake, solved or not
 */

/**
 * What the panel sends.
 * @typedef {{kind: "mistake_hint", version: number}|{kind: "mistake_why", version: number}|{kind: "mistake_goto", index: number}} MistakeIntent
 */

/**
 * The panel's model: the `drill` trait in, its intents out.
 * @typedef {import("./model.js").Port<{drill: DrillPanel}, MistakeIntent>} MistakesPort
 */

/**
 * The status in words, for the line under the question.
 * @param {DrillPanel} d
 * @returns {string}
 */
export function progressWords(d) {
  const solved = d.solved.filter(Boolean).length;
  const here = d.status === "correct" ? "Solved." : d.status === "not yet" ? "Not yet solved." : "Not attempted yet.";
  return `${here} ${solved} of ${d.total} solved.`;
}

/**
 * The Hint button's label: the next hint's number, or that the next press shows why.
 * @param {DrillPanel} d
 * @returns {string}
 */
export function hintLabel(d) {
  if (d.hints_left <= 0) return "No more hints";
  return `Hint ${d.hints.length + 1} of ${d.hints.length + d.hints_left}`;
}

/**
 * Put the panel into the farmyard's root (above the table) and keep it in step with `drill`.
 * @param {MistakesPort} port
 * @param {HTMLElement} el the element the farmyard was drawn into
 * @returns {() => void} what takes it away
 */
export function mountMistakes(port, el) {
  const node = h("section", { class: "cfw-mistakes", "aria-label": "Learn from your mistakes" });
  const title = h("h3", { class: "cfw-mistakes-title" });
  const nav = h("div", { class: "cfw-mistakes-nav", role: "group", "aria-label": "Go to another mistake" });
  /**
   * @param {string} text
   * @param {string} key
   */
  const button = (text, key) => h("button", { type: "button", class: "cfw-btn", "data-key": key }, text);
  const prev = button("Previous mistake", "mistake-prev");
  const next = button("Next mistake", "mistake-next");
  nav.append(prev, next);
  const question = h("p", { class: "cfw-mistakes-question" });
  const tools = h("div", { class: "cfw-mistakes-tools", role: "group", "aria-label": "Help" });
  const hint = button("Hint", "mistake-hint");
  const why = button("Show why", "mistake-why");
  tools.append(hint, why);
  const feedback = h("p", { class: "cfw-mistakes-feedback", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const progress = h("p", { class: "cfw-mistakes-progress" });
  const hints = h("ul", { class: "cfw-mistakes-hints", "aria-label": "Hints" });
  const whyBox = h("div", { class: "cfw-mistakes-why", role: "region", "aria-label": "Why: the line of play", tabindex: "0", hidden: true });
  const head = h("div", { class: "cfw-mistakes-head" });
  head.append(title, nav);
  node.append(head, question, tools, feedback, progress, hints, whyBox);

  const panel = () => /** @type {DrillPanel} */ (port.get("drill"));
  prev.addEventListener("click", () => {
    const d = panel();
    if (d.index > 0) port.send({ kind: "mistake_goto", index: d.index - 1 });
  });
  next.addEventListener("click", () => {
    const d = panel();
    if (d.index + 1 < d.total) port.send({ kind: "mistake_goto", index: d.index + 1 });
  });
  hint.addEventListener("click", () => port.send({ kind: "mistake_hint", version: panel().version }));
  why.addEventListener("click", () => port.send({ kind: "mistake_why", version: panel().version }));

  function update() {
    const d = panel();
    if (!d || !d.question) return;
    setText(title, d.title);
    question.replaceChildren();
    withTiles(question, `${d.question} Play it on the table: pick a tile in your hand, then the place where it goes.`);
    feedback.replaceChildren();
    if (d.feedback) withTiles(feedback, d.feedback);
    feedback.className = `cfw-mistakes-feedback is-${d.status.replace(" ", "-")}`;
    setText(progress, progressWords(d));
    hints.replaceChildren(...d.hints.map((text) => withTiles(h("li"), text)));
    hints.hidden = d.hints.length === 0;
    whyBox.replaceChildren();
    if (d.why) withTiles(whyBox.appendChild(h("p")), d.why);
    whyBox.hidden = !d.why;
    setText(hint, hintLabel(d));
    hint.disabled = d.hints_left <= 0;
    prev.disabled = d.index <= 0;
    next.disabled = d.index + 1 >= d.total;
  }

  const root = el.querySelector(".cfw");
  const main = root ? root.querySelector(":scope > .cfw-main") : null;
  if (root && main) root.insertBefore(node, main);
  else el.appendChild(node);
  const stop = port.on("drill", update);
  update();
  return () => {
    stop();
    node.remove();
  };
}
