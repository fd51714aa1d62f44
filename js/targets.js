// @ts-check
// The targets: where the picked tile can go, as numbered buttons on the line under the
// board (the same numbers as the board's badges), with Announce and Cancel.

import { ARROWS, allOf, firstOf, focused, h, hasClass, moveAmong } from "./dom.js";

/** @typedef {import("./view.js").View} View */
/** @typedef {import("./context.js").Ctx} Ctx */

/** @param {Ctx} ctx */
export function makeTargets(ctx) {
  const { state } = ctx;
  const node = h("div", { class: "cfw-targets", role: "group", "aria-label": "Where the chosen tile can go" });
  const announceLabel = h("label", { class: "cfw-field cfw-announce" });
  const announceBox = h("input", { type: "checkbox", "data-key": "announce" });
  announceLabel.append(announceBox, document.createTextNode(" Announce my last tile"));

  /** @param {View} v */
  function update(v) {
    node.replaceChildren();
    const list = ctx.targetsOf(state.selected);
    if (!state.selected || !list.length) {
      // The line before a tile is picked: Python's words (held to the cue level in guided play).
      node.appendChild(h("span", { class: "cfw-hint cfw-idle" }, v.idle_words || ""));
      node.setAttribute("aria-label", "Where the chosen tile can go");
      node.classList.remove("is-compact");
      return;
    }
    node.setAttribute("aria-label", `Where ${state.selected} can go`);
    node.appendChild(h("span", { class: "cfw-hint" }, `Play ${state.selected}:`));
    list.forEach((t, i) => {
      const b = h(
        "button",
        { type: "button", class: "cfw-btn cfw-target", "data-key": `target:${t.onto}`, "data-onto": t.onto, "aria-label": `Play ${state.selected} ${t.text}` },
      );
      // Short on screen ("1 on 6-6"): the role words are in the name, and on the board's badges.
      const cut = t.text.indexOf(" (");
      const shown = cut > 0 ? t.text.slice(0, cut) : t.text;
      b.append(h("span", { class: "cfw-badge", "aria-hidden": "true" }, String(i + 1)), h("span", { class: "cfw-target-words" }, ` ${shown}`));
      if (cut > 0) b.appendChild(h("span", { class: "cfw-vh" }, t.text.slice(cut)));
      b.title = `Play ${state.selected} ${t.text}`;
      b.addEventListener("click", () => play(t.onto));
      b.addEventListener("focus", () => ctx.markFocus(t.onto));
      b.addEventListener("mouseenter", () => ctx.markFocus(t.onto));
      b.addEventListener("blur", () => ctx.markFocus(null));
      b.addEventListener("mouseleave", () => ctx.markFocus(focused()?.dataset.onto || null));
      node.appendChild(b);
    });
    if (v.announce) node.appendChild(announceLabel);
    const cancel = h("button", { type: "button", class: "cfw-btn cfw-quiet", "data-key": "cancel" }, "Cancel");
    cancel.addEventListener("click", () => ctx.unpick(true));
    node.appendChild(cancel);
    // Many targets keep to one line: only their numbers show (as on the board's badges); the
    // words stay in each button's name and tooltip.
    node.classList.remove("is-compact");
    const line = node.parentElement || node;
    const row = parseFloat(getComputedStyle(node).minHeight) || 0;
    if (row && line.getBoundingClientRect().height > row * 1.5) node.classList.add("is-compact");
  }

  /**
   * Send the play of the picked tile on `onto` (with '!' when announcing is ticked).
   * @param {string} onto
   */
  function play(onto) {
    const item = ctx.targetsOf(state.selected).find((t) => t.onto === onto);
    if (!item) return;
    const say = announceBox.checked ? item.say : null;
    ctx.send("play", { move: say || item.move });
  }

  function focusFirst() {
    const first = firstOf(node, ".cfw-target");
    if (first) first.focus();
  }

  /**
   * Arrow keys move among the targets.
   * @param {KeyboardEvent} e
   */
  function key(e) {
    if (!hasClass(e.target, "cfw-target") || !(e.key in ARROWS)) return false;
    moveAmong(allOf(node, ".cfw-target"), e.target, ARROWS[e.key]);
    return true;
  }

  return { node, update, play, focusFirst, key };
}
