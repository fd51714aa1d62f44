// @ts-check
// SetPicker's front end (cfwidget/widget/_setpicker.py): every tile of a set drawn with its
// pips; tap a tile to mark it as left in a hand. A view only: Python draws the tiles (trusted
// SVG with no text from people) and owns the rules; the browser sets which tiles are marked.
// Bundled to cfwidget/widget/static/setpicker.js (`make js-bundle`).

import { fromAnywidget } from "../model.js";

/**
 * One tile of the set, as Python sends it: its name and its picture.
 * @typedef {Object} PickerTile
 * @property {string} tile
 * @property {string} svg
 */

/**
 * SetPicker's synced traits (cfwidget/widget/_setpicker.py).
 * @typedef {Object} PickerTraits
 * @property {PickerTile[]} tiles
 * @property {string[]} selected
 * @property {string} caption
 * @property {string} label
 */

/**
 * A tile's SVG, parsed, as a node of this document.
 * @param {string} svgText
 */
function tileNode(svgText) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  return document.importNode(doc.documentElement, true);
}

/**
 * Draw the picker into `el` and keep it in step with the model; anywidget calls this.
 * @param {{model: import("../model.js").AnywidgetModel, el: HTMLElement}} widget
 * @returns {() => void} what undoes it when the view goes
 */
function render({ model, el }) {
  /** @type {import("../model.js").Port<PickerTraits, never>} */
  const port = fromAnywidget(model);
  const root = document.createElement("div");
  root.className = "cfw-picker";
  const caption = document.createElement("p");
  caption.className = "cfw-picker-caption";
  const grid = document.createElement("div");
  grid.className = "cfw-picker-grid";
  grid.setAttribute("role", "group");
  root.append(caption, grid);
  el.appendChild(root);
  /** @type {Map<string, HTMLButtonElement>} */
  const buttons = new Map();

  function selected() {
    return new Set(port.get("selected") || []);
  }

  /** @param {string} tile */
  function toggle(tile) {
    const now = selected();
    if (now.has(tile)) now.delete(tile);
    else now.add(tile);
    port.set("selected", [...now]);
  }

  function build() {
    grid.replaceChildren();
    buttons.clear();
    grid.setAttribute("aria-label", port.get("label") || "Tiles left in the hand");
    for (const item of port.get("tiles") || []) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "cfw-picker-tile";
      b.dataset.tile = item.tile;
      b.setAttribute("aria-label", item.tile);
      b.appendChild(tileNode(item.svg));
      b.addEventListener("click", () => toggle(item.tile));
      buttons.set(item.tile, b);
      grid.appendChild(b);
    }
    mark();
  }

  function mark() {
    const now = selected();
    for (const [tile, b] of buttons) {
      const on = now.has(tile);
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.classList.toggle("is-on", on);
    }
    caption.textContent = port.get("caption") || "";
  }

  port.on("tiles", build);
  port.on("selected", mark);
  port.on("caption", mark);
  build();
  return () => {
    port.close();
    root.remove();
  };
}

export default { render };
