// @ts-check
// The scores: the result of a finished round (its points, the final standings, the way on),
// shown on a card on the board (js/farmyard.js places it where it hides no tile), and the
// game's score sheet, one row per player and one
// column per round.

import { h, setText, uid } from "./dom.js";

/** @typedef {import("./view.js").View} View */
/** @typedef {import("./view.js").Standing} Standing */
/** @typedef {import("./context.js").Ctx} Ctx */

// -- result: the points of a finished round --------------------------------------------------
/** @param {Ctx} ctx */
export function makeResult(ctx) {
  const node = h("section", { class: "cfw-result", "aria-labelledby": uid("result") });
  const title = h("h3", { id: node.getAttribute("aria-labelledby") });
  const table = h("table", { class: "cfw-table" });
  const next = h("button", { type: "button", class: "cfw-btn cfw-primary", "data-key": "result-next" }, "Next round");
  next.addEventListener("click", () => ctx.send("next"));
  const standings = h("table", { class: "cfw-table cfw-standings" });
  const again = h("button", { type: "button", class: "cfw-btn cfw-primary", "data-key": "new-game" }, "New game");
  again.addEventListener("click", () => ctx.send("new_game"));
  // Shown on a card over the board: the title and the way on at the top, then the round's
  // points and the standings side by side (farmyard.js puts the score sheet beside them).
  const top = h("div", { class: "cfw-result-top" });
  top.append(title, next, again);
  const tables = h("div", { class: "cfw-result-tables" });
  tables.append(table, standings);
  node.append(top, tables);

  /** @param {View} v */
  function update(v) {
    const r = v.result;
    node.hidden = !r;
    if (!r) return;
    setText(title, r.title);
    table.replaceChildren();
    table.appendChild(h("caption", null, "Points this round (lowest is best)"));
    const thead = h("thead");
    const hr = h("tr");
    hr.append(h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Points"));
    thead.appendChild(hr);
    const tbody = h("tbody");
    r.names.forEach((name, i) => {
      const tr = h("tr");
      tr.append(h("th", { scope: "row", dir: "auto" }, name), h("td", null, r.scores[i]));
      tbody.appendChild(tr);
    });
    table.append(thead, tbody);
    next.hidden = v.waiting !== "round-over";
    showStandings(v.standings);
    again.hidden = !v.can_new_game;
  }

  /** The final places and totals, best first; players level after every tie-break share a place. */
  /** @param {Standing[]|null} rows */
  function showStandings(rows) {
    standings.replaceChildren();
    standings.hidden = !rows;
    if (!rows) return;
    standings.appendChild(h("caption", null, "Final standings (lowest total wins)"));
    const hr = h("tr");
    hr.append(h("th", { scope: "col" }, "Place"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Total"));
    const tbody = h("tbody");
    for (const row of rows) {
      const tr = h("tr", { class: row.place === 1 ? "is-first" : null });
      tr.append(h("td", null, row.place), h("th", { scope: "row", dir: "auto" }, row.name), h("td", null, row.total));
      tbody.appendChild(tr);
    }
    const thead = h("thead");
    thead.appendChild(hr);
    standings.append(thead, tbody);
  }
  return { node, next, again, update };
}

// -- sheet: the game's score sheet, one row per player, one column per round ------------------
export function makeSheet() {
  const node = h("section", { class: "cfw-sheet", "aria-label": "Score sheet" });

  /** @param {View} v */
  function update(v) {
    node.replaceChildren();
    const sh = v.sheet;
    node.hidden = !sh || !sh.rounds.length;
    if (!sh || node.hidden) return;
    // One row per player (8 players with long names fit), one column per round, then the total.
    const table = h("table", { class: "cfw-table" });
    table.appendChild(h("caption", null, "Score sheet"));
    const thead = h("thead");
    const hr = h("tr");
    hr.appendChild(h("th", { scope: "col" }, "Player"));
    for (const round of sh.rounds) hr.appendChild(h("th", { scope: "col", class: "cfw-round" }, round.label));
    hr.appendChild(h("th", { scope: "col" }, "Total"));
    thead.appendChild(hr);
    const tbody = h("tbody");
    (v.names || []).forEach((name, i) => {
      const tr = h("tr");
      tr.appendChild(h("th", { scope: "row", dir: "auto" }, name));
      for (const round of sh.rounds) tr.appendChild(h("td", null, round.scores[i]));
      tr.appendChild(h("td", { class: "cfw-sheet-total" }, sh.totals[i]));
      tbody.appendChild(tr);
    });
    table.append(thead, tbody);
    // A game of many rounds may still be wider than the card: then the sheet scrolls sideways.
    const scroller = h("div", { class: "cfw-scroll", tabindex: "0", role: "group", "aria-label": "Score sheet" });
    scroller.appendChild(table);
    node.appendChild(scroller);
  }
  return { node, update };
}
