// cfwidget: the front end of SetPicker, bundled by esbuild from js/entries/setpicker.js and the
// modules of js/ it imports. Do not edit: change the sources and run `make js-bundle`.

// js/model.js
function fromAnywidget(model) {
  const watching = [];
  return {
    get: (name) => model.get(name),
    set(name, value) {
      model.set(name, value);
      model.save_changes();
    },
    on(name, callback) {
      const event = `change:${name}`;
      const entry = (
        /** @type {[string, () => void]} */
        [event, callback]
      );
      model.on(event, callback);
      watching.push(entry);
      return () => {
        const at = watching.indexOf(entry);
        if (at < 0) return;
        watching.splice(at, 1);
        model.off(event, callback);
      };
    },
    send: (message) => model.send(message),
    close() {
      for (const [event, callback] of watching.splice(0)) model.off(event, callback);
    }
  };
}

// js/entries/setpicker.js
function tileNode(svgText) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  return document.importNode(doc.documentElement, true);
}
function render({ model, el }) {
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
  const buttons = /* @__PURE__ */ new Map();
  function selected() {
    return new Set(port.get("selected") || []);
  }
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
var setpicker_default = { render };
export {
  setpicker_default as default
};
