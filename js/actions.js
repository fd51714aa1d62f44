// @ts-check
// The actions: Draw, Pass, Next, Undo and Hint, pausing the bots and their timed pace, and
// how tiles look (shown behind "More").

import { h, setText, uid } from "./dom.js";

/** @typedef {import("./view.js").View} View */
/** @typedef {import("./context.js").Ctx} Ctx */
/** @typedef {import("./intents.js").Display} Display */

/** @type {[Display, string][]} the ways to show tiles, and their names in the menu */
const LOOKS = [
  ["pips", "pips"],
  ["numerals", "numerals"],
  ["colour", "coloured pips"],
];

/** @param {Ctx} ctx */
export function makeActions(ctx) {
  const { port, state } = ctx;
  /** @type {ReturnType<typeof setTimeout>|null} */
  let timer = null; // when the next bot moves, at a timed pace
  const node = h("div", { class: "cfw-actions" });
  const draw = h("button", { type: "button", class: "cfw-btn", "aria-keyshortcuts": "D", "data-key": "draw" }, "Draw");
  const pass = h("button", { type: "button", class: "cfw-btn", "aria-keyshortcuts": "P", "data-key": "pass" }, "Pass");
  const next = h("button", { type: "button", class: "cfw-btn cfw-primary", "aria-keyshortcuts": "N", "data-key": "next" }, "Next");
  const undo = h("button", { type: "button", class: "cfw-btn", "aria-keyshortcuts": "U", "data-key": "undo" }, "Undo");
  const hint = h(
    "button",
    { type: "button", class: "cfw-btn", "aria-keyshortcuts": "H", "data-key": "hint", "aria-label": "Hint: the coach suggests a move", hidden: true },
    "Hint",
  );
  const pause = h("button", { type: "button", class: "cfw-btn", "aria-pressed": "false", "data-key": "pause" }, "Pause bots");
  const displayId = uid("display");
  const displayLabel = h("label", { for: displayId, class: "cfw-field" }, "Show ");
  const displaySelect = h("select", { id: displayId, "data-key": "display" });
  for (const [value, text] of LOOKS) {
    displaySelect.appendChild(h("option", { value }, text));
  }
  displayLabel.appendChild(displaySelect);
  const largeLabel = h("label", { class: "cfw-field" });
  const largeBox = h("input", { type: "checkbox", "data-key": "large" });
  largeLabel.append(largeBox, document.createTextNode(" Large tiles"));
  node.append(draw, pass, next, undo, hint, pause);
  // How tiles look: shown behind the "More" button (farmyard.js places it).
  const look = h("div", { class: "cfw-look" });
  look.append(displayLabel, largeLabel);

  draw.addEventListener("click", () => ctx.send("draw"));
  pass.addEventListener("click", () => ctx.send("pass"));
  next.addEventListener("click", () => ctx.send("next"));
  undo.addEventListener("click", () => ctx.send("undo"));
  hint.addEventListener("click", () => ctx.send("hint"));
  pause.addEventListener("click", () => {
    state.paused = !state.paused;
    schedule(state.view);
    update(state.view);
  });
  displaySelect.addEventListener("change", () => {
    const look = LOOKS.find(([value]) => value === displaySelect.value);
    if (look) port.send({ kind: "display", value: look[0] });
  });
  largeBox.addEventListener("change", () => port.send({ kind: "large", value: largeBox.checked }));

  /** @param {View} v */
  function update(v) {
    draw.disabled = !v.can_draw;
    pass.disabled = !v.can_pass;
    draw.hidden = pass.hidden = v.seat === null; // the table's view plays for nobody
    next.disabled = !(v.waiting === "bot" || v.waiting === "round-over");
    setText(next, v.next_label || "Next");
    next.hidden = v.waiting === "game-over";
    undo.hidden = !v.allow_undo;
    undo.disabled = !v.can_undo;
    hint.hidden = !v.coach;
    hint.disabled = !v.playing;
    pause.hidden = !v.auto_ms;
    pause.setAttribute("aria-pressed", state.paused ? "true" : "false");
    setText(pause, state.paused ? "Resume bots" : "Pause bots");
  }

  function showLook() {
    displaySelect.value = port.get("display") || "pips";
    largeBox.checked = !!port.get("large");
  }

  /**
   * Bots at a human pace: after auto_ms, ask the kernel for the bot's move.
   * @param {View} v
   */
  function schedule(v) {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (v.waiting === "bot" && v.auto_ms && !state.paused) {
      const version = v.version;
      timer = setTimeout(() => {
        timer = null;
        if (state.view.version === version && ctx.root.isConnected) {
          ctx.flushSize();
          port.send({ kind: "next", version, seat: v.seat, auto: true });
        }
      }, Math.max(200, v.auto_ms));
    }
  }

  /** @param {HTMLButtonElement} btn */
  function press(btn) {
    if (!btn.disabled && !btn.hidden) btn.click();
    else ctx.showLocal(`${btn.textContent} is not possible now.`);
  }

  /** @type {Record<string, HTMLButtonElement>} */
  const keyed = { d: draw, p: pass, n: next, u: undo, h: hint };

  /**
   * D, P, N, U and H press Draw, Pass, Next, Undo and Hint (the table's view has only Next).
   * @param {KeyboardEvent} e
   */
  function key(e) {
    const btn = keyed[e.key.toLowerCase()];
    if (!btn || e.key.length !== 1 || (btn === hint && hint.hidden)) return false;
    if (state.view.seat === null && btn !== next) return false;
    press(btn);
    return true;
  }

  function destroy() {
    if (timer !== null) clearTimeout(timer);
  }

  return { node, look, buttons: { draw, pass, next, undo, hint }, update, showLook, schedule, key, destroy };
}
