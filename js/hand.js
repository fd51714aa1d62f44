// @ts-check
// The hand: the shown seat's tiles, which can be played, the one picked.
//
// The hand is one Tab stop (a roving tabindex): the picked tile, else the tile last
// focused, else the first has tabindex 0 and the others -1; the arrow keys, Home and End
// move among the tiles, and Enter or Space picks one.

import { ARROWS, allOf, firstOf, h, hasClass, moveAmong, setText, uid } from "./dom.js";
import { handTileSvg } from "./tiles.js";

/** @typedef {import("./view.js").View} View */
/** @typedef {import("./context.js").Ctx} Ctx */

/** @param {Ctx} ctx */
export function makeHand(ctx) {
  const { state } = ctx;
  /** @type {Map<string, HTMLButtonElement>} */
  const buttons = new Map();
  /** @type {string|null} */
  let current = null; // the tile that holds the hand's Tab stop
  const head = h("p", { class: "cfw-hand-head cfw-vh", id: uid("hand") });
  const node = h("div", { class: "cfw-hand", role: "group", "aria-labelledby": head.id });

  /** @param {View} v */
  function update(v) {
    const { mode, palette, key } = ctx.look();
    const want = v.hand || [];
    const keep = new Set(want.map((x) => x.tile));
    for (const [tile, btn] of buttons) {
      if (!keep.has(tile)) {
        btn.remove();
        buttons.delete(tile);
      }
    }
    if (state.selected && !(keep.has(state.selected) && ctx.targetsOf(state.selected).length)) {
      state.selected = null;
    }
    want.forEach((item, i) => {
      let btn = buttons.get(item.tile);
      if (!btn) {
        btn = h("button", { type: "button", class: "cfw-htile", tabindex: "-1", "data-key": `hand:${item.tile}`, "data-tile": item.tile });
        btn.addEventListener("click", () => ctx.pick(item.tile));
        btn.addEventListener("focus", () => rove(item.tile));
        buttons.set(item.tile, btn);
      }
      if (btn.dataset.look !== key) {
        btn.replaceChildren(handTileSvg(item.tile, mode, palette));
        btn.dataset.look = key;
      }
      const playable = item.targets.length > 0;
      // Guided play shows which tiles fit only from cue level 3 ("the tiles that fit, lifted").
      const showFit = !v.guided || v.guided.show_fit;
      btn.classList.toggle("is-playable", playable && showFit);
      btn.classList.toggle("is-selected", state.selected === item.tile);
      btn.classList.toggle("is-drawn", v.drawn === item.tile);
      btn.setAttribute("aria-pressed", state.selected === item.tile ? "true" : "false");
      const hinted = !!(v.hint && v.hint.tile === item.tile);
      const cued = hinted || !!(v.cue && v.cue.level >= 4 && v.cue.tile === item.tile);
      btn.classList.toggle("is-cued", cued);
      const off = !!(v.guided && v.guided.errorless && v.guided.show_fit && v.playing && !playable);
      btn.classList.toggle("is-off", off);
      if (off) btn.setAttribute("aria-disabled", "true");
      else btn.removeAttribute("aria-disabled");
      const drawn = (v.drawn === item.tile ? ", just drawn" : "") + (hinted ? ", the coach's choice" : "");
      btn.setAttribute("aria-label", `${item.tile}${drawn}${item.hint ? ", " + item.hint : ""}`);
      btn.title = item.hint ? `${item.tile}: ${item.hint}` : item.tile;
      const at = node.children[i];
      if (at !== btn) node.insertBefore(btn, at || null);
    });
    const you = v.seat === null ? undefined : (v.players || [])[v.seat];
    setText(head, you ? `${you.name}'s tiles (${want.length})` : "Tiles");
    node.classList.toggle("is-playing", !!v.playing);
    // The table's view (a projector) has no hand: neither the tiles nor their heading.
    node.hidden = head.hidden = v.seat === null;
    rove(state.selected && buttons.has(state.selected) ? state.selected : current);
  }

  /**
   * Give the hand's one Tab stop to `tile` (or to the first tile when it is gone).
   * @param {string|null} tile
   */
  function rove(tile) {
    const first = firstOf(node, ".cfw-htile");
    current = tile && buttons.has(tile) ? tile : first ? first.dataset.tile || null : null;
    for (const [t, btn] of buttons) {
      const want = t === current ? "0" : "-1";
      if (btn.getAttribute("tabindex") !== want) btn.setAttribute("tabindex", want);
    }
  }

  function showSelection() {
    for (const [tile, btn] of buttons) {
      btn.classList.toggle("is-selected", state.selected === tile);
      btn.setAttribute("aria-pressed", state.selected === tile ? "true" : "false");
    }
    if (state.selected) rove(state.selected);
  }

  /** @param {string|null} tile */
  function focusTile(tile) {
    const btn = tile ? buttons.get(tile) : undefined;
    if (btn) btn.focus();
  }

  /**
   * Arrow keys, Home and End move among the hand's tiles.
   * @param {KeyboardEvent} e
   */
  function key(e) {
    const t = e.target;
    if (!hasClass(t, "cfw-htile")) return false;
    const all = allOf(node, ".cfw-htile");
    if (e.key in ARROWS) moveAmong(all, t, ARROWS[e.key]);
    else if (e.key === "Home" || e.key === "End") {
      if (all.length) all[e.key === "Home" ? 0 : all.length - 1].focus();
    } else return false;
    return true;
  }

  return { head, node, update, showSelection, focusTile, key };
}
