// @ts-check
// The panels that only show the view: the head (the last move, whose turn, the rule in
// force), the seats (where in the game, each hand's tile count, who is to move, the chicken
// yard), the coach's sentence (coach=True) and the log of the round's moves.

import { h, setText, uid, withTiles } from "./dom.js";

/** @typedef {import("./view.js").View} View */

// -- head: the last move, whose turn, the rule in force ---------------------------------------
export function makeHead() {
  const node = h("div", { class: "cfw-head" });
  const status = h("p", { class: "cfw-status", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const last = h("span", { class: "cfw-last-move" });
  const turn = h("span", { class: "cfw-turn" });
  const rule = h("span", { class: "cfw-rule" });
  status.append(last, turn, rule);
  node.appendChild(status);

  /** @param {View} v */
  function update(v) {
    setText(last, v.last_words ? `${v.last_words} ` : "");
    setText(turn, v.status || "");
    setText(rule, v.rule ? ` ${v.rule}` : "");
  }
  return { node, update };
}

// -- seats: where in the game, then each hand's tile count, who is to move, the chicken yard --
export function makePlayers() {
  const node = h("div", { class: "cfw-seats" });
  const where = h("p", { class: "cfw-where" });
  const list = h("ul", { class: "cfw-players", "aria-label": "Players and the chicken yard" });
  node.append(where, list);

  /** @param {View} v */
  function update(v) {
    setText(where, v.where || "");
    list.replaceChildren();
    // Totals only once there are some (in a game's first round they are all 0).
    const totals = (v.players || []).some((p) => p.total);
    for (const p of v.players || []) {
      const li = h("li", { class: "cfw-player" + (p.to_move ? " is-turn" : "") + (p.kind === "you" ? " is-you" : "") });
      if (p.to_move) li.setAttribute("aria-current", "true");
      li.appendChild(h("span", { class: "cfw-name", dir: "auto" }, p.name));
      const tag = p.kind === "you" ? "you" : p.kind === "bot" ? "bot" : null;
      if (tag) li.appendChild(h("span", { class: "cfw-tag" }, tag));
      li.appendChild(h("span", { class: "cfw-count" }, `${p.count} ${p.count === 1 ? "tile" : "tiles"}`));
      if (totals && p.total !== null && p.total !== undefined) {
        li.appendChild(h("span", { class: "cfw-total" }, `total ${p.total}`));
      }
      if (p.to_move) li.appendChild(h("span", { class: "cfw-turnmark" }, "to move"));
      list.appendChild(li);
    }
    const yard = h("li", { class: "cfw-player cfw-yard" });
    yard.appendChild(h("span", { class: "cfw-name" }, "Chicken yard"));
    yard.appendChild(h("span", { class: "cfw-count" }, `${v.yard} ${v.yard === 1 ? "tile" : "tiles"}`));
    list.appendChild(yard);
  }
  return { node, update };
}

// -- coach (coach=True only): the hint's sentence, read out politely by screen readers -------
export function makeCoach() {
  const node = h("p", { class: "cfw-coach", role: "status", "aria-live": "polite" });
  node.hidden = true;

  /** @param {View} v */
  function update(v) {
    const text = v.hint ? v.hint.text : "";
    node.hidden = !text;
    node.replaceChildren();
    if (text) withTiles(node, text);
  }

  return { node, update };
}

// -- log: the moves of the round, in words ---------------------------------------------------
export function makeLog() {
  let shown = -1; // entries when the log last scrolled
  const head = h("h3", { id: uid("log") }, "Moves");
  // Before the first move: why the players drew, when nobody was dealt the round's double.
  const note = h("p", { class: "cfw-opening" });
  const node = h("ol", { class: "cfw-log", tabindex: "0", "aria-labelledby": head.id, "data-key": "log" });

  /** @param {View} v */
  function update(v) {
    setText(note, v.opening || "");
    note.hidden = !v.opening;
    const entries = v.log || [];
    const names = v.names || [];
    // Append only what is new when the log grew; rebuild otherwise.
    const have = node.children.length;
    const grew = have <= entries.length && have > 0 && node.children[have - 1].getAttribute("data-text") === entries[have - 1].text;
    if (!grew) node.replaceChildren();
    for (let i = grew ? have : 0; i < entries.length; i++) {
      const { seat, text } = entries[i];
      node.appendChild(withTiles(h("li", { "data-text": text, class: seat === v.seat ? "is-you" : null }), text));
    }
    for (const li of node.querySelectorAll(".is-last")) li.classList.remove("is-last");
    if (node.lastElementChild) node.lastElementChild.classList.add("is-last");
    if (!entries.length) node.appendChild(h("li", { class: "cfw-empty" }, `No moves yet: ${names.length} players.`));
    if (entries.length !== shown) {
      shown = entries.length;
      requestAnimationFrame(() => (node.scrollTop = node.scrollHeight));
    }
  }
  return { head, note, node, update };
}
