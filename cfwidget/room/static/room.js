// cfwidget: the front end of the room server's join page (join.html), bundled by esbuild from js/entries/room.js and the
// modules of js/ it imports. Do not edit: change the sources and run `make js-bundle`.

// js/dom.js
var SVG_NS = "http://www.w3.org/2000/svg";
function h(tag, attrs, text) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v !== null && v !== void 0 && v !== false) node.setAttribute(k, v === true ? "" : String(v));
    }
  }
  if (text !== void 0 && text !== null) node.textContent = String(text);
  return node;
}
var TILE_NAME = /(\d{1,2}-\d{1,2})/;
function withTiles(node, text) {
  for (const [i, part] of String(text).split(TILE_NAME).entries()) {
    if (!part) continue;
    node.appendChild(i % 2 ? h("span", { class: "cfw-tile-name" }, part) : document.createTextNode(part));
  }
  return node;
}
function s(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  }
  return node;
}
function setText(node, text) {
  const value = text === void 0 || text === null ? "" : String(text);
  if (node.textContent !== value) node.textContent = value;
}
function num(v) {
  return String(Math.round(v * 10) / 10);
}
var uidCounter = 0;
function uid(prefix) {
  uidCounter += 1;
  return `cfw-${prefix}-${uidCounter}-${Math.random().toString(36).slice(2, 8)}`;
}
var ARROWS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
function moveAmong(list, current, step) {
  if (!list.length) return;
  let i = list.findIndex((x) => x === current);
  i = i < 0 ? 0 : (i + step + list.length) % list.length;
  list[i].focus();
}
function allOf(root, selector) {
  return [...root.querySelectorAll(selector)].filter((x) => x instanceof HTMLElement);
}
function firstOf(root, selector) {
  const x = root.querySelector(selector);
  return x instanceof HTMLElement ? x : null;
}
function focused() {
  const a = document.activeElement;
  return a instanceof HTMLElement ? a : null;
}
function canFocus(el) {
  return !!el && !el.matches(":disabled") && !el.hidden && el.offsetParent !== null;
}
function hasClass(node, name) {
  return node instanceof Element && node.classList.contains(name);
}

// js/cue.js
function makeCue(ctx) {
  const { port, state } = ctx;
  let timer = null;
  let spoken = "";
  let lastWaiting = "";
  let audio = null;
  const node = h("div", { class: "cfw-cue", role: "status", "aria-live": "polite" });
  const text = h("p", { class: "cfw-cue-text" });
  const ok = h("button", { type: "button", class: "cfw-btn cfw-primary", "data-key": "confirm" }, "OK, let's place it");
  ok.addEventListener("click", () => ctx.send("confirm"));
  node.append(text, ok);
  node.hidden = true;
  function update(v) {
    const cue = v.cue;
    const g = v.guided;
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    node.hidden = !cue || !(cue.prompt || cue.confirm);
    if (!cue) return;
    node.dataset.level = String(cue.level);
    setText(text, cue.prompt || "");
    ok.hidden = !cue.confirm;
    if (g && g.wait_ms && !g.paused && !g.ended) {
      const version = v.version;
      timer = setTimeout(() => {
        timer = null;
        if (state.view.version === version && ctx.root.isConnected) {
          port.send({ kind: "cue_tick", version, seat: v.seat });
        }
      }, g.wait_ms);
    }
    if (g && g.speech && cue.prompt && cue.prompt !== spoken) speak(cue.prompt);
    spoken = cue.prompt || "";
    if (g && g.sound && v.waiting === "you" && lastWaiting !== "you") chime();
    lastWaiting = v.waiting || "";
  }
  function speak(words) {
    const synth = typeof window !== "undefined" ? window.speechSynthesis : null;
    if (!synth || typeof SpeechSynthesisUtterance === "undefined") return;
    synth.cancel();
    const u = new SpeechSynthesisUtterance(words);
    u.rate = 0.9;
    synth.speak(u);
  }
  function chime() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      audio = audio || new Ctx();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(1e-4, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.05);
      gain.gain.exponentialRampToValueAtTime(1e-4, audio.currentTime + 0.6);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.65);
    } catch (err) {
      audio = null;
    }
  }
  function destroy() {
    if (timer !== null) clearTimeout(timer);
  }
  return { node, update, destroy };
}

// js/actions.js
var LOOKS = [
  ["pips", "pips"],
  ["numerals", "numerals"],
  ["colour", "coloured pips"]
];
function makeActions(ctx) {
  const { port, state } = ctx;
  let timer = null;
  const node = h("div", { class: "cfw-actions" });
  const draw = h("button", { type: "button", class: "cfw-btn", "aria-keyshortcuts": "D", "data-key": "draw" }, "Draw");
  const pass = h("button", { type: "button", class: "cfw-btn", "aria-keyshortcuts": "P", "data-key": "pass" }, "Pass");
  const next = h("button", { type: "button", class: "cfw-btn cfw-primary", "aria-keyshortcuts": "N", "data-key": "next" }, "Next");
  const undo = h("button", { type: "button", class: "cfw-btn", "aria-keyshortcuts": "U", "data-key": "undo" }, "Undo");
  const hint = h(
    "button",
    { type: "button", class: "cfw-btn", "aria-keyshortcuts": "H", "data-key": "hint", "aria-label": "Hint: the coach suggests a move", hidden: true },
    "Hint"
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
    const look2 = LOOKS.find(([value]) => value === displaySelect.value);
    if (look2) port.send({ kind: "display", value: look2[0] });
  });
  largeBox.addEventListener("change", () => port.send({ kind: "large", value: largeBox.checked }));
  function update(v) {
    draw.disabled = !v.can_draw;
    pass.disabled = !v.can_pass;
    draw.hidden = pass.hidden = v.seat === null;
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
  function press(btn) {
    if (!btn.disabled && !btn.hidden) btn.click();
    else ctx.showLocal(`${btn.textContent} is not possible now.`);
  }
  const keyed = { d: draw, p: pass, n: next, u: undo, h: hint };
  function key(e) {
    const btn = keyed[e.key.toLowerCase()];
    if (!btn || e.key.length !== 1 || btn === hint && hint.hidden) return false;
    if (state.view.seat === null && btn !== next) return false;
    press(btn);
    return true;
  }
  function destroy() {
    if (timer !== null) clearTimeout(timer);
  }
  return { node, look, buttons: { draw, pass, next, undo, hint }, update, showLook, schedule, key, destroy };
}

// js/review-view.js
function reviewOf(v) {
  const r = (
    /** @type {{review?: ReviewPanel}} */
    /** @type {unknown} */
    v.review
  );
  return r || null;
}

// js/tiles.js
var U = 100;
var PIP_SPOT = 0.27;
var PATTERNS = [
  [],
  ["c"],
  ["tl", "br"],
  ["tl", "c", "br"],
  ["tl", "tr", "bl", "br"],
  ["tl", "tr", "c", "bl", "br"],
  ["tl", "tc", "tr", "bl", "bc", "br"],
  ["tl", "tc", "tr", "c", "bl", "bc", "br"],
  ["tl", "tc", "tr", "ml", "mr", "bl", "bc", "br"],
  ["tl", "tc", "tr", "ml", "c", "mr", "bl", "bc", "br"]
];
var GRID = {
  tl: [-1, -1],
  tc: [0, -1],
  tr: [1, -1],
  ml: [-1, 0],
  c: [0, 0],
  mr: [1, 0],
  bl: [-1, 1],
  bc: [0, 1],
  br: [1, 1]
};
var pipCache = /* @__PURE__ */ new Map();
function pipPositions(n) {
  const known = pipCache.get(n);
  if (known) return known;
  let out;
  if (PATTERNS[n]) {
    out = PATTERNS[n].map((k) => [GRID[k][0] * PIP_SPOT, GRID[k][1] * PIP_SPOT]);
  } else {
    out = [];
    const cols = n <= 16 ? 4 : 5;
    const rows = Math.ceil(n / cols);
    const step = 2 * PIP_SPOT * 1.15 / (Math.max(cols, rows) - 1);
    for (let r = 0; r < rows; r++) {
      const inRow = Math.min(cols, n - r * cols);
      for (let c = 0; c < inRow; c++) {
        out.push([(c - (inRow - 1) / 2) * step, (r - (rows - 1) / 2) * step]);
      }
    }
  }
  pipCache.set(n, out);
  return out;
}
function pipRadius(n) {
  return n <= 9 ? 9.5 : n <= 16 ? 8 : 6.5;
}
var pipPathCache = /* @__PURE__ */ new Map();
function pipPath(n, cx) {
  const key = `${n}|${cx}`;
  let d = pipPathCache.get(key);
  if (d === void 0) {
    const r = pipRadius(n);
    d = pipPositions(n).map(([dx, dy]) => {
      const x = cx + dx * U - r;
      const y = dy * U;
      return `M${num(x)} ${num(y)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
    }).join("");
    pipPathCache.set(key, d);
  }
  return d;
}
function drawHalf(g, n, cx, mode, angle, palette) {
  if (mode === "numerals") {
    const t = s("text", {
      class: "cfw-num",
      x: cx,
      y: 0,
      dy: "0.35em",
      "font-size": n < 10 ? 56 : 48,
      transform: `rotate(${num(-angle)} ${cx} 0)`
    });
    t.textContent = String(n);
    g.appendChild(t);
    return;
  }
  if (n <= 0) return;
  const path = s("path", { class: "cfw-pips", d: pipPath(n, cx) });
  if (mode === "colour") {
    path.setAttribute("class", "cfw-pips cfw-cpip");
    path.style.fill = palette[(n - 1) % palette.length];
  }
  g.appendChild(path);
}
function drawTile(p, mode, palette) {
  const g = s("g", {
    class: p.linked ? "cfw-tile is-linked" : "cfw-tile",
    transform: `translate(${num(p.x * U)} ${num(p.y * U)}) rotate(${num(p.angle)})`
  });
  g.appendChild(s("rect", { class: "cfw-face", x: -100, y: -50, width: 200, height: 100, rx: 12 }));
  g.appendChild(s("line", { class: "cfw-bar", x1: 0, y1: -38, x2: 0, y2: 38 }));
  drawHalf(g, p.first, -50, mode, p.angle, palette);
  drawHalf(g, p.second, 50, mode, p.angle, palette);
  return g;
}
function halfCentres(p) {
  const a = p.angle * Math.PI / 180;
  const ux = Math.cos(a) * U / 2;
  const uy = Math.sin(a) * U / 2;
  return [
    [p.x * U - ux, p.y * U - uy],
    [p.x * U + ux, p.y * U + uy]
  ];
}
function drawLink(p, parent) {
  const [from] = halfCentres(p);
  const to = parent.first === parent.second ? [parent.x * U, parent.y * U] : halfCentres(parent)[1];
  const ends = { x1: num(from[0]), y1: num(from[1]), x2: num(to[0]), y2: num(to[1]) };
  const g = s("g", { class: "cfw-linkline", "data-tile": p.tile });
  g.append(s("line", { class: "cfw-link-case", ...ends }), s("line", { class: "cfw-link", ...ends }));
  return g;
}
function handTileSvg(tile, mode, palette) {
  const [a, b] = tileNumbers(tile);
  const svg = s("svg", { viewBox: "-54 -104 108 208", "aria-hidden": "true", focusable: "false" });
  svg.appendChild(drawTile({ x: 0, y: 0, angle: 90, first: a, second: b }, mode, palette));
  return svg;
}
function tileNumbers(text) {
  const [a, b] = String(text).split("-").map((v) => Number.parseInt(v, 10));
  return [a, b];
}
function ring(p, cls, pad) {
  const w = 200 + 2 * pad;
  const hgt = 100 + 2 * pad;
  return s("rect", {
    class: cls,
    x: -w / 2,
    y: -hgt / 2,
    width: w,
    height: hgt,
    rx: 12 + pad,
    transform: `translate(${num(p.x * U)} ${num(p.y * U)}) rotate(${num(p.angle)})`,
    "vector-effect": "non-scaling-stroke"
  });
}

// js/camera.js
var MARGIN = 0.5;
var BADGE_MAX = 55;
function tileBox(p, pad = 0) {
  const a = p.angle * Math.PI / 180;
  const c = Math.abs(Math.cos(a));
  const sn = Math.abs(Math.sin(a));
  const hx = c * U + sn * (U / 2) + pad;
  const hy = sn * U + c * (U / 2) + pad;
  return { x0: p.x * U - hx, y0: p.y * U - hy, x1: p.x * U + hx, y1: p.y * U + hy };
}
function badgeBox(t) {
  const r = BADGE_MAX * 1.2;
  return { x0: t.badge_x * U - r, y0: t.badge_y * U - r, x1: t.badge_x * U + r, y1: t.badge_y * U + r };
}
function unionBox(boxes) {
  let out = null;
  for (const b of boxes) {
    if (!b) continue;
    out = out ? { x0: Math.min(out.x0, b.x0), y0: Math.min(out.y0, b.y0), x1: Math.max(out.x1, b.x1), y1: Math.max(out.y1, b.y1) } : { ...b };
  }
  return out;
}
function coverShift(c, lo, hi, span) {
  const half = span / 2;
  if (hi > c + half) c = hi - half;
  if (lo < c - half) c = lo + half;
  return c;
}
function keepOn(c, lo, hi, span) {
  if (hi - lo <= span) return (lo + hi) / 2;
  return Math.min(Math.max(c, lo + span / 2), hi - span / 2);
}
function boxKey(b) {
  return `${num(b.cx)} ${num(b.cy)} ${num(b.w)} ${num(b.h)}`;
}
function inside(b, frame) {
  return b.x0 >= frame.cx - frame.w / 2 - 1 && b.x1 <= frame.cx + frame.w / 2 + 1 && b.y0 >= frame.cy - frame.h / 2 - 1 && b.y1 <= frame.cy + frame.h / 2 + 1;
}
function stretch(frame, aspect) {
  let { w, h: hh } = frame;
  if (w / hh < aspect) w = hh * aspect;
  else hh = w / aspect;
  return { cx: frame.cx, cy: frame.cy, w, h: hh };
}
function widest(size, minPx) {
  const k = U / minPx;
  return { w: size.width * k, h: size.height * k };
}
function tableBox(bounds, targets) {
  const b = bounds || { min_x: -1, min_y: -1, max_x: 1, max_y: 1 };
  const box = { x0: (b.min_x - MARGIN) * U, y0: (b.min_y - MARGIN) * U, x1: (b.max_x + MARGIN) * U, y1: (b.max_y + MARGIN) * U };
  return (
    /** @type {Box} */
    unionBox([box, ...targets.map(badgeBox)])
  );
}
function fitBox(t, aspect, large) {
  const minW = (large ? 9 : 12) * U;
  const minH = (large ? 5 : 7) * U;
  return stretch({ cx: (t.x0 + t.x1) / 2, cy: (t.y0 + t.y1) / 2, w: Math.max(t.x1 - t.x0, minW), h: Math.max(t.y1 - t.y0, minH) }, aspect);
}
function sightings(v, targets, focusOnto, ringRoom) {
  const byTile = new Map((v.table || []).map((p) => [p.tile, p]));
  const boxOf = (tile) => {
    const p = byTile.get(tile);
    return p ? tileBox(p, ringRoom) : null;
  };
  const last = v.last ? [boxOf(v.last)] : [];
  const cue = v.cue && v.cue.level > 0 ? (v.cue.ends || []).map(boxOf) : [];
  if (v.hint && v.hint.onto) cue.push(boxOf(v.hint.onto));
  const reviewed = reviewOf(v);
  if (reviewed) for (const r of reviewed.rings) cue.push(unionBox([boxOf(r.onto), badgeBox({ badge_x: r.badge_x, badge_y: r.badge_y })]));
  const shown = targets.map((t) => unionBox([boxOf(t.onto), badgeBox(t)]));
  const inFocus = targets.findIndex((t) => t.onto === focusOnto);
  const one = shown.length ? [shown[Math.max(inFocus, 0)]] : [];
  const choices = [[...last, ...cue, ...shown], [...cue, ...shown], one, last];
  return choices.map(unionBox).filter((b) => b !== null);
}
function autoFrame(fit, most, table, follow, seen) {
  if (fit.w <= most.w + 1e-6) return { ...fit, whole: true };
  let cx = follow ? follow.cx : (table.x0 + table.x1) / 2;
  let cy = follow ? follow.cy : (table.y0 + table.y1) / 2;
  const aim = seen().find((b) => b.x1 - b.x0 <= most.w && b.y1 - b.y0 <= most.h);
  if (aim) {
    cx = coverShift(cx, aim.x0, aim.x1, most.w);
    cy = coverShift(cy, aim.y0, aim.y1, most.h);
  }
  cx = keepOn(cx, table.x0, table.x1, most.w);
  cy = keepOn(cy, table.y0, table.y1, most.h);
  return { cx, cy, w: most.w, h: most.h, whole: false };
}
function zoomFrame(b, autoW, factor, px, py) {
  const w = Math.max(b.w / factor, 4 * U);
  if (w >= autoW - 1e-6) return null;
  const k = w / b.w;
  let { cx, cy } = b;
  if (px !== void 0 && py !== void 0) {
    cx = px + (cx - px) * k;
    cy = py + (cy - py) * k;
  }
  return { cx, cy, w, h: b.h * k };
}
function panFrame(b, fx, fy) {
  return { cx: b.cx + fx * b.w, cy: b.cy + fy * b.h, w: b.w, h: b.h };
}
function dragFrame(b, dx, dy, widthPx) {
  const scale = b.w / Math.max(widthPx, 1);
  return { cx: b.cx - dx * scale, cy: b.cy - dy * scale, w: b.w, h: b.h };
}
function edgeBadge(bx, by, r, frame) {
  const inset = r * 1.5;
  const ix = Math.min(Math.max(bx, frame.cx - frame.w / 2 + inset), frame.cx + frame.w / 2 - inset);
  const iy = Math.min(Math.max(by, frame.cy - frame.h / 2 + inset), frame.cy + frame.h / 2 - inset);
  const a = Math.atan2(by - iy, bx - ix);
  const [c, sn] = [Math.cos(a), Math.sin(a)];
  return {
    x: ix,
    y: iy,
    arrow: [
      [ix + c * r * 1.45, iy + sn * r * 1.45],
      [ix + c * r * 0.7 - sn * r * 0.6, iy + sn * r * 0.7 + c * r * 0.6],
      [ix + c * r * 0.7 + sn * r * 0.6, iy + sn * r * 0.7 - c * r * 0.6]
    ]
  };
}

// js/pointers.js
var DRAG_SLOP = 5;
function svgPoint(target, clientX, clientY) {
  const ctm = target.getScreenCTM();
  if (!ctm) return null;
  const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
  return [pt.x, pt.y];
}
function bindPointers({ board, svg, ovSvg, cam, currentBox, size, zoomBy, applyCamera }) {
  board.addEventListener(
    "wheel",
    (e) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      e.preventDefault();
      const pt = svgPoint(svg, e.clientX, e.clientY);
      const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 15e-4));
      if (pt) zoomBy(factor, pt[0], pt[1]);
      else zoomBy(factor);
    },
    { passive: false }
  );
  const touches = /* @__PURE__ */ new Map();
  let pinch = null;
  function spread() {
    const [a, b] = [...touches.values()];
    return { dist: Math.hypot(a[0] - b[0], a[1] - b[1]), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
  }
  board.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "touch") {
      touches.set(e.pointerId, [e.clientX, e.clientY]);
      if (touches.size === 2) {
        pinch = { dist: Math.max(spread().dist, 1), box: currentBox() };
        cam.dragged = true;
      }
      return;
    }
    if (e.button !== 0) return;
    cam.drag = { x: e.clientX, y: e.clientY, box: currentBox(), id: e.pointerId, moved: false };
    cam.dragged = false;
  });
  board.addEventListener("pointermove", (e) => {
    if (touches.has(e.pointerId)) {
      touches.set(e.pointerId, [e.clientX, e.clientY]);
      if (pinch && touches.size === 2) {
        const { dist, mid } = spread();
        cam.box = pinch.box;
        const pt = svgPoint(svg, mid[0], mid[1]);
        if (pt) zoomBy(dist / pinch.dist, pt[0], pt[1]);
        else zoomBy(dist / pinch.dist);
      }
      return;
    }
    const d = cam.drag;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
    if (!d.moved) {
      d.moved = true;
      board.setPointerCapture(e.pointerId);
      board.classList.add("is-dragging");
    }
    cam.box = dragFrame(d.box, dx, dy, size().width);
    applyCamera();
  });
  const endDrag = (e) => {
    if (touches.delete(e.pointerId)) {
      if (touches.size < 2) pinch = null;
      if (!touches.size) setTimeout(() => cam.dragged = false, 0);
      return;
    }
    const d = cam.drag;
    if (!d || d.id !== e.pointerId) return;
    cam.dragged = d.moved;
    cam.drag = null;
    board.classList.remove("is-dragging");
    if (d.moved) setTimeout(() => cam.dragged = false, 0);
  };
  board.addEventListener("pointerup", endDrag);
  board.addEventListener("pointercancel", endDrag);
  let ovPointer = null;
  function lookAt(e) {
    const pt = svgPoint(ovSvg, e.clientX, e.clientY);
    if (!pt) return;
    const b = currentBox();
    cam.box = { cx: pt[0], cy: pt[1], w: b.w, h: b.h };
    applyCamera();
  }
  ovSvg.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    ovPointer = e.pointerId;
    if (ovSvg.setPointerCapture) ovSvg.setPointerCapture(e.pointerId);
    lookAt(e);
  });
  ovSvg.addEventListener("pointermove", (e) => {
    if (ovPointer === e.pointerId) lookAt(e);
  });
  const endLook = (e) => {
    if (ovPointer === e.pointerId) ovPointer = null;
  };
  ovSvg.addEventListener("pointerup", endLook);
  ovSvg.addEventListener("pointercancel", endLook);
}

// js/board-camera.js
var ZOOM_STEP = 1.25;
var PAN_STEP = 0.12;
var MIN_TILE_PX = 22;
var MIN_TILE_PX_LARGE = 30;
function makeCamera(ctx, { board, svg, felt, buttons, overview, ovSvg, ovView, moved }) {
  const { state } = ctx;
  const cam = { box: null, auto: null, follow: null, size: null, drag: null, dragged: false, cover: { top: 0, right: 0, whole: false } };
  function minPx() {
    return ctx.root.classList.contains("is-large") ? MIN_TILE_PX_LARGE : MIN_TILE_PX;
  }
  function size() {
    if (!cam.size) {
      const r = board.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) cam.size = { width: r.width, height: r.height };
    }
    return cam.size || { width: 640, height: 400 };
  }
  function area() {
    const r = size();
    return { width: Math.max(1, r.width - cam.cover.right), height: Math.max(1, r.height - cam.cover.top) };
  }
  function aspect() {
    const r = area();
    return r.width / r.height;
  }
  function setCover(top, right, whole) {
    const t = Math.max(0, Math.round(top));
    const r = Math.max(0, Math.round(right));
    if (t === cam.cover.top && r === cam.cover.right && whole === cam.cover.whole) return;
    cam.cover = { top: t, right: r, whole };
    svg.style.marginTop = t ? `${t}px` : "";
    svg.style.height = t ? `calc(100% - ${t}px)` : "";
    svg.style.width = r ? `calc(100% - ${r}px)` : "";
    if (whole) cam.box = null;
    applyCamera();
  }
  function large() {
    return ctx.root.classList.contains("is-large");
  }
  function table() {
    return tableBox(state.view.bounds, ctx.targetsOf(state.selected));
  }
  function seen() {
    return sightings(state.view, ctx.targetsOf(state.selected), state.focusOnto, 14 * (U / minPx()));
  }
  function autoBox() {
    const t = table();
    const most = cam.cover.whole ? { w: Infinity, h: Infinity } : widest(area(), minPx());
    return autoFrame(fitBox(t, aspect(), large()), most, t, cam.follow, seen);
  }
  function currentBox() {
    if (cam.box) return stretch(cam.box, aspect());
    return cam.auto || autoBox();
  }
  function follow() {
    if (cam.box) {
      const b = currentBox();
      const all = seen()[0];
      if (all && !inside(all, b)) cam.box = null;
    }
    applyCamera();
  }
  function applyCamera() {
    if (!cam.box) {
      cam.auto = autoBox();
      if (!cam.auto.whole) cam.follow = { cx: cam.auto.cx, cy: cam.auto.cy };
    }
    const b = currentBox();
    const x = b.cx - b.w / 2;
    const y = b.cy - b.h / 2;
    svg.setAttribute("viewBox", `${num(x)} ${num(y)} ${num(b.w)} ${num(b.h)}`);
    felt.setAttribute("x", num(x - b.w));
    felt.setAttribute("y", num(y - b.h));
    felt.setAttribute("width", num(b.w * 3));
    felt.setAttribute("height", num(b.h * 3));
    buttons.zoomFit.setAttribute("aria-pressed", cam.box ? "false" : "true");
    const t = table();
    const whole = inside(t, b);
    overview.hidden = whole;
    board.classList.toggle("is-following", !whole);
    if (!whole) {
      ovSvg.setAttribute("viewBox", `${num(t.x0)} ${num(t.y0)} ${num(t.x1 - t.x0)} ${num(t.y1 - t.y0)}`);
      for (const [k, val] of Object.entries({ x, y, width: b.w, height: b.h })) ovView.setAttribute(k, num(val));
    }
    const v = state.view;
    const n = (v.table || []).length;
    board.setAttribute(
      "aria-label",
      `Farmyard: ${n} ${n === 1 ? "tile" : "tiles"} on the table` + (v.last ? `, last played ${v.last}` : "") + (whole ? "" : ". Only part of it is in view, following the play; the overview shows it all") + ". Arrow keys pan, plus and minus zoom, 0 fits."
    );
    moved(b);
  }
  function zoomBy(factor, px, py) {
    cam.box = zoomFrame(currentBox(), autoBox().w, factor, px, py);
    applyCamera();
  }
  function panBy(fx, fy) {
    cam.box = panFrame(currentBox(), fx, fy);
    applyCamera();
  }
  function fit() {
    cam.box = null;
    applyCamera();
  }
  buttons.zoomIn.addEventListener("click", () => zoomBy(ZOOM_STEP));
  buttons.zoomOut.addEventListener("click", () => zoomBy(1 / ZOOM_STEP));
  buttons.zoomFit.addEventListener("click", fit);
  bindPointers({ board, svg, ovSvg, cam, currentBox, size: area, zoomBy, applyCamera });
  function resized(now) {
    cam.size = now;
    applyCamera();
  }
  function key(e) {
    const k = e.key;
    if (e.target === board && k in ARROWS) {
      const dx = k === "ArrowLeft" ? -PAN_STEP : k === "ArrowRight" ? PAN_STEP : 0;
      const dy = k === "ArrowUp" ? -PAN_STEP : k === "ArrowDown" ? PAN_STEP : 0;
      panBy(dx, dy);
    } else if (k === "+" || k === "=") {
      zoomBy(ZOOM_STEP);
    } else if (k === "-" || k === "_") {
      zoomBy(1 / ZOOM_STEP);
    } else if (k === "0") {
      fit();
    } else {
      return false;
    }
    return true;
  }
  return { cam, size: area, currentBox, follow, applyCamera, resized, key, setCover };
}

// js/marks.js
var BADGE_PX = 12;
function makeMarks(ctx, { svg, markLayer, hitLayer, ovMarks, camera, more }) {
  const { state } = ctx;
  const { cam, currentBox, size, follow, applyCamera } = camera;
  let markKey = "";
  function draw(v) {
    markLayer.replaceChildren();
    hitLayer.replaceChildren();
    ovMarks.replaceChildren();
    const byTile = new Map((v.table || []).map((p) => [p.tile, p]));
    const view = currentBox();
    markKey = boxKey(view);
    const upp = view.w / Math.max(size().width, 1);
    const pad = Math.max(8, 4 * upp);
    const r = Math.min(Math.max(30, BADGE_PX * upp), BADGE_MAX);
    const lastTile = v.last ? byTile.get(v.last) : void 0;
    if (lastTile) {
      markLayer.appendChild(ring(lastTile, "cfw-lastring", pad));
      ovMarks.appendChild(ring(lastTile, "cfw-ov-last", 0));
    }
    const cue = v.cue;
    if (cue && cue.level > 0) {
      for (const end of cue.ends || []) {
        const endTile = byTile.get(end);
        if (!endTile) continue;
        const strong = cue.level >= 4 && end === cue.onto;
        const mark = ring(endTile, strong ? "cfw-cue-ring is-move" : "cfw-cue-ring", pad * 1.6);
        mark.setAttribute("data-cue-end", end);
        markLayer.appendChild(mark);
      }
    }
    const hint = v.hint;
    const hintTile = hint && hint.onto ? byTile.get(hint.onto) : void 0;
    if (hint && hint.onto && hintTile) {
      const mark = ring(hintTile, "cfw-cue-ring is-move cfw-hint-ring", pad * 1.6);
      mark.setAttribute("data-hint-end", hint.onto);
      markLayer.appendChild(mark);
    }
    if (more) for (const mark of more(v, byTile, pad, upp)) markLayer.appendChild(mark);
    ctx.targetsOf(state.selected).forEach((t, i) => {
      const p = byTile.get(t.onto);
      if (!p) return;
      const focused2 = state.focusOnto === t.onto;
      const g = s("g", { class: "cfw-target-mark" + (focused2 ? " is-focus" : ""), "data-onto": t.onto });
      g.appendChild(ring(p, "cfw-ring-under", pad));
      g.appendChild(ring(p, "cfw-ring-over", pad));
      const bx = t.badge_x * U;
      const by = t.badge_y * U;
      g.appendChild(s("circle", { class: "cfw-badge-dot", cx: num(bx), cy: num(by), r: num(r), "vector-effect": "non-scaling-stroke" }));
      const label = s("text", { class: "cfw-badge-text", x: num(bx), y: num(by), dy: "0.35em", "font-size": num(r * 1.25) });
      label.textContent = String(i + 1);
      g.appendChild(label);
      markLayer.appendChild(g);
      ovMarks.appendChild(s("circle", { class: "cfw-ov-target", cx: num(bx), cy: num(by), r: num(BADGE_MAX * 1.6) }));
      if (!inside({ x0: bx - r, y0: by - r, x1: bx + r, y1: by + r }, view)) offView(t, i, bx, by, r, view, focused2);
      const hit = s("g", { class: "cfw-hit", "data-onto": t.onto });
      hit.appendChild(ring(p, "cfw-hitbox", pad));
      hit.appendChild(s("circle", { class: "cfw-hitbox", cx: num(bx), cy: num(by), r: num(r * 1.2) }));
      const title = s("title");
      title.textContent = `Play ${state.selected} ${t.text}`;
      hit.appendChild(title);
      hit.addEventListener("click", (e) => {
        if (cam.dragged) return;
        e.stopPropagation();
        ctx.play(t.onto);
      });
      hit.addEventListener("mouseenter", () => markFocus(t.onto));
      hit.addEventListener("mouseleave", () => markFocus(null));
      hitLayer.appendChild(hit);
    });
  }
  function offView(t, i, bx, by, r, view, focused2) {
    const { x: ix, y: iy, arrow } = edgeBadge(bx, by, r, view);
    const g = s("g", { class: "cfw-target-mark cfw-badge-off" + (focused2 ? " is-focus" : ""), "data-onto": t.onto });
    g.appendChild(s("polygon", { class: "cfw-badge-arrow", points: arrow.map((q) => q.map(num).join(",")).join(" ") }));
    g.appendChild(s("circle", { class: "cfw-badge-dot", cx: num(ix), cy: num(iy), r: num(r), "vector-effect": "non-scaling-stroke" }));
    const label = s("text", { class: "cfw-badge-text", x: num(ix), y: num(iy), dy: "0.35em", "font-size": num(r * 1.25) });
    label.textContent = String(i + 1);
    g.appendChild(label);
    const title = s("title");
    title.textContent = `Look at ${t.onto}, where ${state.selected} can go`;
    g.appendChild(title);
    g.addEventListener("click", (e) => {
      e.stopPropagation();
      cam.box = { cx: bx, cy: by, w: view.w, h: view.h };
      applyCamera();
    });
    hitLayer.appendChild(g);
  }
  function markFocus(onto) {
    if (state.focusOnto === onto) return;
    state.focusOnto = onto;
    for (const g of svg.querySelectorAll(".cfw-target-mark")) {
      g.classList.toggle("is-focus", g.getAttribute("data-onto") === onto);
    }
    if (onto) follow();
  }
  function moved(frame) {
    if (markKey && markKey !== boxKey(frame) && (markLayer.firstChild || hitLayer.firstChild)) draw(state.view);
  }
  return { draw, focus: markFocus, moved };
}

// js/board.js
var ASPECT_NOTICE = 0.05;
var TRAIL_COLOURS = 8;
function placeKey(p) {
  return `${p.tile}@${p.x},${p.y},${p.angle}`;
}
function makeBoard(ctx, more) {
  const { state } = ctx;
  let drawnKey = "";
  let drawnTiles = [];
  let spokes = [];
  let sentAspect = 0;
  let sizeTimer = null;
  const node = h("div", { class: "cfw-boardbox" });
  const openWords = h("p", { class: "cfw-open", id: uid("open") });
  const board = h("div", {
    class: "cfw-board",
    tabindex: "0",
    role: "region",
    "aria-roledescription": "farmyard",
    "data-key": "board",
    "aria-describedby": openWords.id
  });
  const svg = s("svg", { class: "cfw-svg", preserveAspectRatio: "xMidYMid meet", "aria-hidden": "true" });
  const defs = s("defs");
  const gradId = uid("felt");
  const grad = s("radialGradient", { id: gradId, cx: "50%", cy: "45%", r: "75%" });
  grad.append(s("stop", { offset: "0%", "stop-color": "#246b45" }), s("stop", { offset: "100%", "stop-color": "#184d31" }));
  defs.appendChild(grad);
  const felt = s("rect", { class: "cfw-felt", fill: `url(#${gradId})` });
  const trailLayer = s("g", { class: "cfw-trails" });
  const tileLayer = s("g", { class: "cfw-tiles" });
  const linkLayer = s("g", { class: "cfw-links" });
  const markLayer = s("g", { class: "cfw-marks" });
  const hitLayer = s("g", { class: "cfw-hits" });
  svg.append(defs, felt, trailLayer, tileLayer, linkLayer, markLayer, hitLayer);
  board.appendChild(svg);
  const zoom = h("div", { class: "cfw-zoom", role: "group", "aria-label": "Zoom the farmyard" });
  const zoomOut = h("button", { type: "button", class: "cfw-btn cfw-icon", "aria-label": "Zoom out", title: "Zoom out (−)", "data-key": "zoom-out" }, "−");
  const zoomIn = h("button", { type: "button", class: "cfw-btn cfw-icon", "aria-label": "Zoom in", title: "Zoom in (+)", "data-key": "zoom-in" }, "+");
  const zoomFit = h("button", { type: "button", class: "cfw-btn", title: "Show the whole farmyard, or follow the play when it is too big to show whole (0)", "data-key": "fit" }, "Fit");
  zoom.append(zoomOut, zoomIn, zoomFit);
  node.appendChild(board);
  const overview = h("div", { class: "cfw-overview", hidden: true });
  const ovTitle = h("p", { class: "cfw-overview-title" }, "Whole table: click to look there");
  const ovSvg = s("svg", { class: "cfw-overview-svg", preserveAspectRatio: "xMidYMid meet", "aria-hidden": "true" });
  const ovTiles = s("g", { class: "cfw-ov-tiles" });
  const ovMarks = s("g", { class: "cfw-ov-marks" });
  const ovView = s("rect", { class: "cfw-ov-view", "vector-effect": "non-scaling-stroke" });
  ovSvg.append(ovTiles, ovMarks, ovView);
  overview.append(ovTitle, ovSvg);
  node.appendChild(overview);
  const camera = makeCamera(ctx, {
    board,
    svg,
    felt,
    buttons: { zoomIn, zoomOut, zoomFit },
    overview,
    ovSvg,
    ovView,
    moved: (frame) => marks.moved(frame)
  });
  const { cam, follow } = camera;
  const marks = makeMarks(ctx, { svg, markLayer, hitLayer, ovMarks, camera, more });
  function update(v) {
    const { mode, palette, key } = ctx.look();
    const rows = v.table || [];
    let prefix = key === drawnKey && drawnTiles.length <= rows.length;
    for (let i = 0; prefix && i < drawnTiles.length; i++) {
      if (drawnTiles[i] !== placeKey(rows[i])) prefix = false;
    }
    if (!prefix) {
      if (key === drawnKey) cam.follow = null;
      tileLayer.replaceChildren();
      trailLayer.replaceChildren();
      linkLayer.replaceChildren();
      spokes = [];
      ovTiles.replaceChildren();
      drawnTiles = [];
    }
    const frag = document.createDocumentFragment();
    const small = document.createDocumentFragment();
    const trails = document.createDocumentFragment();
    for (let i = drawnTiles.length; i < rows.length; i++) {
      const p = rows[i];
      const g = drawTile(p, mode, palette);
      g.setAttribute("data-tile", p.tile);
      frag.appendChild(g);
      small.appendChild(ring(p, "cfw-ov-tile", 0));
      drawnTiles.push(placeKey(p));
      trail(rows, i, trails);
      if (p.linked && p.onto !== null && rows[p.onto]) linkLayer.appendChild(drawLink(p, rows[p.onto]));
    }
    tileLayer.appendChild(frag);
    trailLayer.appendChild(trails);
    ovTiles.appendChild(small);
    drawnKey = key;
    setText(openWords, v.open_words || "");
    marks.draw(v);
    follow();
  }
  function trail(rows, i, out) {
    const p = rows[i];
    const onto = p.onto;
    const parent = onto === null || onto === void 0 ? null : rows[onto];
    if (onto === null || !parent) {
      spokes[i] = -1;
      return;
    }
    let k = spokes[onto];
    if (k === void 0 || k < 0) k = spokes.filter((x, j) => j < i && rows[j].onto === onto).length;
    spokes[i] = k;
    out.appendChild(
      s("line", {
        class: `cfw-trail cfw-trail-${k % TRAIL_COLOURS}`,
        x1: num(parent.x * U),
        y1: num(parent.y * U),
        x2: num(p.x * U),
        y2: num(p.y * U)
      })
    );
  }
  board.addEventListener("click", (e) => {
    const v = state.view;
    if (cam.dragged || !v.guided || !v.playing || !state.selected) return;
    const g = e.target instanceof Element ? e.target.closest(".cfw-tile") : null;
    const onto = g ? g.getAttribute("data-tile") : null;
    if (!onto || ctx.targetsOf(state.selected).some((t) => t.onto === onto)) return;
    ctx.send("try", { tile: state.selected, onto });
  });
  function sendSize() {
    sizeTimer = null;
    const r = cam.size;
    if (!r) return;
    const a = r.width / r.height;
    if (sentAspect && Math.abs(a / sentAspect - 1) < ASPECT_NOTICE) return;
    sentAspect = a;
    ctx.port.send({ kind: "board", width: Math.round(r.width), height: Math.round(r.height) });
  }
  function reportSize() {
    if (sizeTimer !== null) clearTimeout(sizeTimer);
    sizeTimer = setTimeout(sendSize, 200);
  }
  function flushSize() {
    if (sizeTimer === null) return;
    clearTimeout(sizeTimer);
    sendSize();
  }
  let resizeObserver = null;
  if (typeof ResizeObserver !== "undefined") {
    resizeObserver = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].contentRect;
      if (box.width > 0 && box.height > 0) {
        camera.resized({ width: box.width, height: box.height });
        reportSize();
      }
    });
    resizeObserver.observe(board);
  }
  function destroy() {
    if (sizeTimer !== null) clearTimeout(sizeTimer);
    if (resizeObserver) resizeObserver.disconnect();
  }
  return {
    node,
    board,
    zoom,
    openWords,
    overview,
    update,
    marks: marks.draw,
    markFocus: marks.focus,
    follow,
    applyCamera: camera.applyCamera,
    setCover: camera.setCover,
    flushSize,
    key: camera.key,
    destroy
  };
}

// js/hand.js
function makeHand(ctx) {
  const { state } = ctx;
  const buttons = /* @__PURE__ */ new Map();
  let current = null;
  const head = h("p", { class: "cfw-hand-head cfw-vh", id: uid("hand") });
  const node = h("div", { class: "cfw-hand", role: "group", "aria-labelledby": head.id });
  function update(v) {
    const { mode, palette, key: key2 } = ctx.look();
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
      if (btn.dataset.look !== key2) {
        btn.replaceChildren(handTileSvg(item.tile, mode, palette));
        btn.dataset.look = key2;
      }
      const playable = item.targets.length > 0;
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
    const you = v.seat === null ? void 0 : (v.players || [])[v.seat];
    setText(head, you ? `${you.name}'s tiles (${want.length})` : "Tiles");
    node.classList.toggle("is-playing", !!v.playing);
    node.hidden = head.hidden = v.seat === null;
    rove(state.selected && buttons.has(state.selected) ? state.selected : current);
  }
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
  function focusTile(tile) {
    const btn = tile ? buttons.get(tile) : void 0;
    if (btn) btn.focus();
  }
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

// js/layout.js
var MIN_BOARD_PX = 200;
var MAX_BOARD_RATIO = 0.8;
var FIT_MARGIN_PX = 6;
var LEAD_SHARE = 0.3;
var WIDE_PX = 1e3;
var DOCK_PX = 700;
function makeLayout(ctx, parts) {
  const { root, main, side, band, reviewLeft, logbox, logNode, movesPanel, movesButton, fullButton } = parts;
  const fullElement = () => document.fullscreenElement || document.webkitFullscreenElement || null;
  const fullAllowed = () => !!(document.fullscreenEnabled || document.webkitFullscreenEnabled);
  const isFull = () => fullElement() === root;
  function toggleFull() {
    const no = "Full screen is not possible here: the page that holds the widget does not allow it.";
    if (!fullAllowed()) {
      ctx.showLocal(no);
      return;
    }
    try {
      const ask = isFull() ? (document.exitFullscreen || document.webkitExitFullscreen).call(document) : (root.requestFullscreen || root.webkitRequestFullscreen).call(root);
      if (ask && ask.catch) ask.catch(() => ctx.showLocal(no));
    } catch (err) {
      ctx.showLocal(no);
    }
  }
  function onFull() {
    const on = isFull();
    root.classList.toggle("is-full", on);
    setText(fullButton, on ? "Leave full screen" : "Full screen");
    fullButton.title = on ? "Back to the page (Esc or F)" : "Show the widget on the whole screen (F); Esc leaves";
    arrange();
    logNode.scrollTop = logNode.scrollHeight;
  }
  fullButton.hidden = !fullAllowed();
  fullButton.addEventListener("click", toggleFull);
  document.addEventListener("fullscreenchange", onFull);
  document.addEventListener("webkitfullscreenchange", onFull);
  let scroller = null;
  function findScroller() {
    if (scroller && scroller.isConnected && scroller.contains(root)) return scroller;
    scroller = root.closest(".jp-WindowedPanel-outer, .jp-Notebook");
    for (let p = root.parentElement; !scroller && p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
      const o = getComputedStyle(p).overflowY;
      if ((o === "auto" || o === "scroll" || o === "overlay") && p.scrollHeight > p.clientHeight + 1) scroller = p;
    }
    return scroller;
  }
  function visibleHeight() {
    if (isFull()) return window.innerHeight;
    const sc = findScroller();
    let inner = window.innerHeight;
    let top = 0;
    if (sc) {
      const cs = getComputedStyle(sc);
      inner = Math.min(sc.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom), inner);
      top = sc.getBoundingClientRect().top + parseFloat(cs.paddingTop);
    }
    if (sc && sc.classList.contains("jp-WindowedPanel-outer")) return inner;
    let above = root.getBoundingClientRect().top - top;
    for (let p = root.parentElement; p; p = p.parentElement) above += p.scrollTop;
    return above > 0 && above <= LEAD_SHARE * inner ? inner - above : inner;
  }
  function arrange() {
    watchScroller();
    const panel = parts.reviewPanel();
    const wide = !panel && (isFull() || root.clientWidth >= WIDE_PX);
    const docked = isFull() || root.clientWidth >= DOCK_PX;
    root.classList.toggle("is-wide", wide);
    root.classList.toggle("is-docked", docked);
    if (panel) placeReview(panel, docked);
    const home = wide ? side : movesPanel;
    if (logbox.parentNode !== home) {
      home.appendChild(logbox);
      logNode.scrollTop = logNode.scrollHeight;
    }
    movesButton.hidden = wide;
    fitBoard();
  }
  function placeReview(panel, docked) {
    if (docked) {
      if (reviewLeft.parentNode !== main) main.insertBefore(reviewLeft, main.firstChild);
      if (parts.boardBox.parentNode !== reviewLeft) reviewLeft.appendChild(parts.boardBox);
      if (band.parentNode !== reviewLeft) reviewLeft.appendChild(band);
      if (panel.parentNode !== main) main.appendChild(panel);
      return;
    }
    if (parts.boardBox.parentNode !== main) main.insertBefore(parts.boardBox, main.firstChild);
    if (reviewLeft.parentNode) reviewLeft.remove();
    if (panel.previousSibling !== main) main.after(panel);
    if (band.previousSibling !== panel) panel.after(band);
  }
  function fitBoard() {
    if (!root.isConnected) return;
    const top = root.getBoundingClientRect().top;
    const boardRect = parts.board.getBoundingClientRect();
    if (!boardRect.width) return;
    let bottom = 0;
    for (const child of root.children) bottom = Math.max(bottom, child.getBoundingClientRect().bottom);
    const cs = getComputedStyle(root);
    const chrome = bottom - top + parseFloat(cs.paddingBottom) + parseFloat(cs.borderBottomWidth) - boardRect.height;
    const whole = isFull() || !!root.closest("[data-cfw-whole-page]");
    const most = whole ? Infinity : Math.max(MIN_BOARD_PX, boardRect.width * MAX_BOARD_RATIO);
    const want = Math.floor(Math.max(MIN_BOARD_PX, Math.min(visibleHeight() - chrome - FIT_MARGIN_PX, most)));
    if (Math.abs(want - boardRect.height) >= 1) root.style.setProperty("--cfw-board-h", `${want}px`);
  }
  let fitFrame = 0;
  function arrangeSoon() {
    if (fitFrame) return;
    fitFrame = requestAnimationFrame(() => {
      fitFrame = 0;
      arrange();
    });
  }
  let sizeObserver = null;
  let observed = null;
  if (typeof ResizeObserver !== "undefined") {
    sizeObserver = new ResizeObserver(arrangeSoon);
    sizeObserver.observe(root);
  }
  function watchScroller() {
    const sc = findScroller();
    if (sizeObserver && sc && sc !== observed) {
      if (observed) sizeObserver.unobserve(observed);
      sizeObserver.observe(sc);
      observed = sc;
    }
  }
  window.addEventListener("resize", arrangeSoon);
  function destroy() {
    if (sizeObserver) sizeObserver.disconnect();
    if (fitFrame) cancelAnimationFrame(fitFrame);
    window.removeEventListener("resize", arrangeSoon);
    document.removeEventListener("fullscreenchange", onFull);
    document.removeEventListener("webkitfullscreenchange", onFull);
    if (isFull()) toggleFull();
  }
  return { arrange, fitBoard, isFull, toggleFull, destroy };
}

// js/panels.js
function makeHead() {
  const node = h("div", { class: "cfw-head" });
  const status = h("p", { class: "cfw-status", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const last = h("span", { class: "cfw-last-move" });
  const turn = h("span", { class: "cfw-turn" });
  const rule = h("span", { class: "cfw-rule" });
  status.append(last, turn, rule);
  node.appendChild(status);
  function update(v) {
    setText(last, v.last_words ? `${v.last_words} ` : "");
    setText(turn, v.status || "");
    setText(rule, v.rule ? ` ${v.rule}` : "");
  }
  return { node, update };
}
function makePlayers() {
  const node = h("div", { class: "cfw-seats" });
  const where = h("p", { class: "cfw-where" });
  const list = h("ul", { class: "cfw-players", "aria-label": "Players and the chicken yard" });
  node.append(where, list);
  function update(v) {
    setText(where, v.where || "");
    list.replaceChildren();
    const totals = (v.players || []).some((p) => p.total);
    for (const p of v.players || []) {
      const li = h("li", { class: "cfw-player" + (p.to_move ? " is-turn" : "") + (p.kind === "you" ? " is-you" : "") });
      if (p.to_move) li.setAttribute("aria-current", "true");
      li.appendChild(h("span", { class: "cfw-name", dir: "auto" }, p.name));
      const tag = p.kind === "you" ? "you" : p.kind === "bot" ? "bot" : null;
      if (tag) li.appendChild(h("span", { class: "cfw-tag" }, tag));
      li.appendChild(h("span", { class: "cfw-count" }, `${p.count} ${p.count === 1 ? "tile" : "tiles"}`));
      if (totals && p.total !== null && p.total !== void 0) {
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
function makeCoach() {
  const node = h("p", { class: "cfw-coach", role: "status", "aria-live": "polite" });
  node.hidden = true;
  function update(v) {
    const text = v.hint ? v.hint.text : "";
    node.hidden = !text;
    node.replaceChildren();
    if (text) withTiles(node, text);
  }
  return { node, update };
}
function makeLog() {
  let shown = -1;
  const head = h("h3", { id: uid("log") }, "Moves");
  const note = h("p", { class: "cfw-opening" });
  const node = h("ol", { class: "cfw-log", tabindex: "0", "aria-labelledby": head.id, "data-key": "log" });
  function update(v) {
    setText(note, v.opening || "");
    note.hidden = !v.opening;
    const entries = v.log || [];
    const names = v.names || [];
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
      requestAnimationFrame(() => node.scrollTop = node.scrollHeight);
    }
  }
  return { head, note, node, update };
}

// js/scores.js
function makeResult(ctx) {
  const node = h("section", { class: "cfw-result", "aria-labelledby": uid("result") });
  const title = h("h3", { id: node.getAttribute("aria-labelledby") });
  const table = h("table", { class: "cfw-table" });
  const next = h("button", { type: "button", class: "cfw-btn cfw-primary", "data-key": "result-next" }, "Next round");
  next.addEventListener("click", () => ctx.send("next"));
  const standings = h("table", { class: "cfw-table cfw-standings" });
  const again = h("button", { type: "button", class: "cfw-btn cfw-primary", "data-key": "new-game" }, "New game");
  again.addEventListener("click", () => ctx.send("new_game"));
  const top = h("div", { class: "cfw-result-top" });
  top.append(title, next, again);
  const tables = h("div", { class: "cfw-result-tables" });
  tables.append(table, standings);
  node.append(top, tables);
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
function makeSheet() {
  const node = h("section", { class: "cfw-sheet", "aria-label": "Score sheet" });
  function update(v) {
    node.replaceChildren();
    const sh = v.sheet;
    node.hidden = !sh || !sh.rounds.length;
    if (!sh || node.hidden) return;
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
    const scroller = h("div", { class: "cfw-scroll", tabindex: "0", role: "group", "aria-label": "Score sheet" });
    scroller.appendChild(table);
    node.appendChild(scroller);
  }
  return { node, update };
}

// js/targets.js
function makeTargets(ctx) {
  const { state } = ctx;
  const node = h("div", { class: "cfw-targets", role: "group", "aria-label": "Where the chosen tile can go" });
  const announceLabel = h("label", { class: "cfw-field cfw-announce" });
  const announceBox = h("input", { type: "checkbox", "data-key": "announce" });
  announceLabel.append(announceBox, document.createTextNode(" Announce my last tile"));
  function update(v) {
    node.replaceChildren();
    const list = ctx.targetsOf(state.selected);
    if (!state.selected || !list.length) {
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
        { type: "button", class: "cfw-btn cfw-target", "data-key": `target:${t.onto}`, "data-onto": t.onto, "aria-label": `Play ${state.selected} ${t.text}` }
      );
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
    node.classList.remove("is-compact");
    const line = node.parentElement || node;
    const row = parseFloat(getComputedStyle(node).minHeight) || 0;
    if (row && line.getBoundingClientRect().height > row * 1.5) node.classList.add("is-compact");
  }
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
  function key(e) {
    if (!hasClass(e.target, "cfw-target") || !(e.key in ARROWS)) return false;
    moveAmong(allOf(node, ".cfw-target"), e.target, ARROWS[e.key]);
    return true;
  }
  return { node, update, play, focusFirst, key };
}

// js/farmyard.js
var CARD_GAP = 8;
var CARD_KEEPS = 0.5;
function helpText(coach, table = false) {
  const board = "On the board: arrow keys pan, + and − zoom, 0 fits.";
  if (table) return `Keys: N next, F full screen. ${board}`;
  return `Keys: ← → choose a tile, Enter picks it; ← → or Tab choose where it goes, Enter plays, Esc goes back. D draw, P pass, N next, U undo${coach ? ", H hint" : ""}, F full screen. ` + board;
}
function mountFarmyard(port, el, parts = {}) {
  const state = {
    view: port.get("view") || {},
    selected: null,
    focusOnto: null,
    paused: false
  };
  let localNote = "";
  const root = h("div", { class: "cfw", "data-lm-suppress-shortcuts": "true" });
  const ctx = {
    port,
    state,
    root,
    send(kind, extra) {
      const v = state.view;
      board.flushSize();
      port.send(
        /** @type {Intent} */
        { kind, version: v.version, seat: v.seat, ...extra || {} }
      );
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
    flushSize: () => board.flushSize()
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
  let cue = null;
  let review = null;
  const message = h("p", { class: "cfw-message", role: "status", "aria-live": "polite" });
  const help = h("p", { class: "cfw-help" }, helpText(false));
  const card = h("div", { class: "cfw-card", hidden: true });
  card.append(result.node, sheet.node);
  board.node.appendChild(card);
  const main = h("div", { class: "cfw-main" });
  const side = h("div", { class: "cfw-side" });
  main.append(board.node, side);
  const logbox = h("div", { class: "cfw-logbox" });
  const logcol = h("div", { class: "cfw-logcol" });
  logcol.append(log.head, log.note, log.node);
  logbox.appendChild(logcol);
  const movesPanel = h("div", { class: "cfw-moves", id: uid("moves"), hidden: true });
  const movesButton = h(
    "button",
    { type: "button", class: "cfw-btn cfw-toggle", "data-key": "moves", "aria-expanded": "false", "aria-controls": movesPanel.id },
    "Moves"
  );
  const more = h("div", { class: "cfw-more", id: uid("more") });
  const moreBody = h("div", { class: "cfw-more-body", hidden: true });
  moreBody.append(actions.look, help);
  more.append(board.openWords, moreBody);
  board.openWords.classList.add("cfw-vh");
  const moreButton = h(
    "button",
    { type: "button", class: "cfw-btn cfw-toggle", "data-key": "more", "aria-expanded": "false", "aria-controls": more.id, title: "The open ends in words, how tiles look, and the keys" },
    "More"
  );
  const fullButton = h(
    "button",
    { type: "button", class: "cfw-btn", "data-key": "fullscreen", "aria-keyshortcuts": "F", title: "Show the widget on the whole screen (F); Esc leaves" },
    "Full screen"
  );
  const tools = h("div", { class: "cfw-tools" });
  tools.append(board.zoom, fullButton, moreButton, movesButton);
  const controls = h("div", { class: "cfw-controls" });
  controls.append(actions.node, tools);
  const line = h("div", { class: "cfw-line" });
  line.append(targets.node, message);
  const deck = h("div", { class: "cfw-deck" });
  deck.append(hand.head, hand.node, line, controls);
  const coachBox = h("div", { class: "cfw-coachbox", hidden: true });
  coachBox.appendChild(coach.node);
  const band = h("div", { class: "cfw-band" });
  const reviewLeft = h("div", { class: "cfw-review-left" });
  band.append(deck, coachBox);
  root.append(head.node, players.node, main, band, more, movesPanel);
  el.appendChild(root);
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
    reviewPanel: () => review ? review.node : null
  });
  const { arrange, fitBoard, isFull, toggleFull } = layout;
  root.addEventListener("focusin", (e) => {
    const t = e.target;
    if (t instanceof Element && !t.hasAttribute("data-lm-suppress-shortcuts")) {
      t.setAttribute("data-lm-suppress-shortcuts", "true");
    }
  });
  function pick(tile) {
    const v = state.view;
    if (state.selected === tile) {
      unpick(false);
      return;
    }
    if (!v.playing || !ctx.targetsOf(tile).length) {
      if (v.guided) {
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
  root.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    const tag = t instanceof Element ? t.tagName : null;
    if (tag === "SELECT" || tag === "TEXTAREA" || t instanceof HTMLInputElement && t.type !== "checkbox") return;
    let done;
    if (e.key === "Escape") {
      done = !!state.selected || isFull();
      if (state.selected) unpick(true);
      else if (isFull()) toggleFull();
    } else if (e.key === "f" || e.key === "F") {
      toggleFull();
      done = true;
    } else {
      done = review ? (e.target !== board.board || e.key === "Home" || e.key === "End") && review.key(e) || board.key(e) : hand.key(e) || targets.key(e) || board.key(e) || actions.key(e);
    }
    if (done) {
      e.preventDefault();
      e.stopPropagation();
    }
  });
  function focusKey() {
    const a = focused();
    return a && root.contains(a) ? a.dataset.key || null : null;
  }
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
    card.classList.add("is-side");
    const right = card.offsetWidth + 2 * CARD_GAP;
    card.classList.remove("is-side");
    const t = tableBox(state.view.bounds, []);
    const tw = Math.max(t.x1 - t.x0, 1);
    const th = Math.max(t.y1 - t.y0, 1);
    const scale = (w, h2) => Math.max(0, Math.min(w / tw, h2 / th));
    const atTop = scale(W, H - top);
    const atSide = scale(W - right, H);
    if (Math.max(atTop, atSide) < CARD_KEEPS * scale(W, H)) {
      card.classList.add("is-below");
      board.setCover(0, 0, true);
      return;
    }
    const side2 = atSide > atTop;
    card.classList.toggle("is-side", side2);
    board.setCover(side2 ? 0 : top, side2 ? right : 0, true);
  }
  const cardWatch = typeof ResizeObserver !== "undefined" ? new ResizeObserver(() => placeCard()) : null;
  if (cardWatch) cardWatch.observe(board.board);
  function showLook() {
    root.classList.toggle("is-large", !!port.get("large"));
    root.dataset.display = port.get("display") || "pips";
    actions.showLook();
  }
  function update() {
    const key = focusKey();
    const v = state.view = port.get("view") || {};
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
  if (root.isConnected) arrange();
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

// js/mistakes.js
function progressWords(d) {
  const solved = d.solved.filter(Boolean).length;
  const here = d.status === "correct" ? "Solved." : d.status === "not yet" ? "Not yet solved." : "Not attempted yet.";
  return `${here} ${solved} of ${d.total} solved.`;
}
function hintLabel(d) {
  if (d.hints_left <= 0) return "No more hints";
  return `Hint ${d.hints.length + 1} of ${d.hints.length + d.hints_left}`;
}
function mountMistakes(port, el) {
  const node = h("section", { class: "cfw-mistakes", "aria-label": "Learn from your mistakes" });
  const title = h("h3", { class: "cfw-mistakes-title" });
  const nav = h("div", { class: "cfw-mistakes-nav", role: "group", "aria-label": "Go to another mistake" });
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
  const panel = () => (
    /** @type {DrillPanel} */
    port.get("drill")
  );
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

// js/review-graph.js
var GRAPH_W = 400;
var GRAPH_H = 80;
var MARK_H = 14;
var PAD_Y = 6;
function xOfMove(move, total) {
  return (move - 0.5) / Math.max(1, total) * GRAPH_W;
}
function moveAtX(x, width, total) {
  if (!(width > 0) || !(total >= 1)) return 1;
  const move = Math.floor(x / width * total) + 1;
  return Math.min(total, Math.max(1, move));
}
function yOfPoints(points, top) {
  const share = top > 0 ? Math.min(1, Math.max(0, points / top)) : 0;
  return GRAPH_H - PAD_Y - share * (GRAPH_H - 2 * PAD_Y);
}
function linePath(points, starts, top) {
  const total = points.length;
  const cell = GRAPH_W / Math.max(1, total);
  const breaks = new Set(starts);
  let d = "";
  let open = false;
  points.forEach((p, i) => {
    const move = i + 1;
    if (breaks.has(move)) open = false;
    if (p === null || !Number.isFinite(p)) {
      open = false;
      return;
    }
    const x0 = num(i * cell);
    const x1 = num((i + 1) * cell);
    const y = num(yOfPoints(p, top));
    d += open ? `V${y}H${x1}` : `M${x0} ${y}H${x1}`;
    open = true;
  });
  return d;
}
function dotsPath(line, top) {
  const total = line.points.length;
  let d = "";
  line.points.forEach((p, i) => {
    if (p === null || !line.fresh[i]) return;
    d += `M${num(xOfMove(i + 1, total))} ${num(yOfPoints(p, top))}h0`;
  });
  return d;
}
function shortReadout(g) {
  const i = g.move - 1;
  return g.lines.map((line) => {
    const p = line.points[i];
    const o = line.out[i];
    if (p === null || p === void 0 || o === null || o === void 0) return `${line.name}: no figure yet`;
    return `${line.name} ${p.toFixed(1)} (${Math.round(o * 100)}% out)`;
  }).join(" · ");
}
function makeGraph(goto) {
  const node = h("figure", { class: "cfw-graph" });
  const caption = h("figcaption", { class: "cfw-graph-note" });
  const box = h("div", {
    class: "cfw-graph-box",
    role: "slider",
    tabindex: "0",
    "data-key": "review-graph",
    "aria-label": "Evaluation graph, each seat's expected points from its own view: move",
    "aria-valuemin": "1"
  });
  const svg = s("svg", { class: "cfw-graph-svg", viewBox: `0 0 ${GRAPH_W} ${GRAPH_H}`, preserveAspectRatio: "none", "aria-hidden": "true", focusable: "false" });
  box.appendChild(svg);
  const readout = h("p", { class: "cfw-graph-readout", "aria-hidden": "true" });
  const legend = h("p", { class: "cfw-graph-legend" });
  node.append(caption, box, readout, legend);
  box.addEventListener("click", (e) => {
    const r = box.getBoundingClientRect();
    goto(moveAtX(e.clientX - r.left, r.width, Number(box.getAttribute("aria-valuemax")) || 1));
  });
  function update(g) {
    node.hidden = !g.lines.length;
    if (!g.lines.length) return;
    setText(caption, g.note);
    box.setAttribute("aria-valuemax", String(g.total));
    box.setAttribute("aria-valuenow", String(g.move));
    box.setAttribute("aria-valuetext", g.readout);
    svg.replaceChildren();
    for (const start2 of g.starts) {
      const x2 = num((start2 - 1) / Math.max(1, g.total) * GRAPH_W);
      svg.appendChild(s("path", { class: "cfw-graph-round", d: `M${x2} 0V${GRAPH_H}` }));
    }
    const x = num(xOfMove(g.move, g.total));
    svg.appendChild(s("path", { class: "cfw-graph-now", d: `M${x} 0V${GRAPH_H}` }));
    for (const mark of g.marks || []) {
      const mx = num(xOfMove(mark.move, g.total));
      svg.appendChild(s("path", { class: `cfw-graph-mark is-${mark.verdict}`, d: `M${mx} 0V${MARK_H}` }));
    }
    for (const line of g.lines) {
      const seat = `is-seat-${line.seat % 4}`;
      svg.appendChild(s("path", { class: `cfw-graph-line ${seat}`, d: linePath(line.points, g.starts, g.top) }));
      svg.appendChild(s("path", { class: `cfw-graph-dots ${seat}`, d: dotsPath(line, g.top) }));
    }
    readout.replaceChildren();
    g.lines.forEach((line, i) => {
      if (i) readout.append(" · ");
      readout.append(h("span", { class: `cfw-graph-key is-seat-${line.seat % 4}` }), shortReadout({ ...g, lines: [line] }));
    });
    const keys = g.legend || [];
    legend.replaceChildren(...keys.length ? ["Marked: "] : []);
    keys.forEach((key, i) => {
      if (i) legend.append(" · ");
      legend.append(h("span", { class: `cfw-graph-mark-key is-${key.verdict}`, "aria-hidden": "true" }), key.words);
    });
  }
  return { node, update };
}

// js/review.js
function barShares(points) {
  const top = Math.max(0, ...points.filter((p) => Number.isFinite(p)));
  return points.map((p) => {
    if (!Number.isFinite(p) || top <= 0) return 0.02;
    return Math.min(1, Math.max(0.02, p / top));
  });
}
function reviewKeyTarget(key, move, total) {
  if (key === "ArrowLeft") return Math.max(1, move - 1);
  if (key === "ArrowRight") return Math.min(total, move + 1);
  if (key === "Home") return 1;
  if (key === "End") return total;
  return 0;
}
function shownBars(bars, expanded) {
  return expanded ? bars : bars.filter((b) => b.few);
}
function moreBarsWords(all, few, expanded) {
  if (expanded) return "Show the best few";
  const rest = all - few;
  return `Show all ${all} moves (${rest} more)`;
}
function handRows(most, width, tile, gap) {
  if (!(tile > 0) || !(width > 0) || !(most > 0)) return 1;
  const perRow = Math.max(1, Math.floor((width + gap) / (tile + gap)));
  return Math.max(1, Math.ceil(most / perRow));
}
function makeReview(ctx, screen) {
  const { port, state } = ctx;
  const sendRaw = (intent) => port.send(
    /** @type {Intent} */
    /** @type {unknown} */
    intent
  );
  const goto = (move) => sendRaw({ kind: "goto", move });
  const step = (to) => {
    const v = state.view;
    sendRaw({ kind: "step", version: v.version, seat: v.seat, to });
  };
  const node = h("section", { class: "cfw-review", "aria-label": "Game review" });
  const nav = h("div", { class: "cfw-review-nav", role: "group", "aria-label": "Move along the game" });
  const button = (text, key2, title) => h("button", { type: "button", class: "cfw-btn", "data-key": key2, title }, text);
  const first = button("First", "review-first", "The first move (Home)");
  const back = button("Back", "review-back", "The move before (Left arrow)");
  const next = button("Next", "review-next", "The move after (Right arrow)");
  const last = button("Last", "review-last", "The last move (End)");
  const prevMistake = button("Previous mistake", "review-prev-mistake", "The mistake before this move");
  const nextMistake = button("Next mistake", "review-next-mistake", "The next mistake after this move");
  const slider = (
    /** @type {HTMLInputElement} */
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
  slider.addEventListener("pointerdown", () => dragging = true);
  slider.addEventListener("pointerup", () => dragging = false);
  slider.addEventListener("input", () => goto(Number(slider.value)));
  slider.addEventListener("change", () => {
    dragging = false;
    goto(Number(slider.value));
  });
  const verdict = h("p", { class: "cfw-verdict", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const options = h("div", { class: "cfw-review-options" });
  const seatId = uid("seat");
  const seatLabel = h("label", { for: seatId }, "Seen from ");
  const seatPick = (
    /** @type {HTMLSelectElement} */
    h("select", { id: seatId, class: "cfw-select", "data-key": "review-seat" })
  );
  seatPick.addEventListener("change", () => {
    const value = seatPick.value === "" ? null : Number(seatPick.value);
    sendRaw({ kind: "seat", value });
  });
  const openLabel = h("label", { class: "cfw-switch" });
  const openBox = (
    /** @type {HTMLInputElement} */
    h("input", { type: "checkbox", role: "switch", "data-key": "review-open" })
  );
  openLabel.append(openBox, h("span", {}, " Hands open"));
  openBox.addEventListener("change", () => sendRaw({ kind: "hands_open", value: openBox.checked }));
  options.append(seatLabel, seatPick, openLabel);
  const barsBox = h("div", { class: "cfw-bars-box" });
  const barsNote = h("p", { class: "cfw-bars-note", id: uid("bars") });
  const bars = h("ol", { class: "cfw-bars", "aria-labelledby": barsNote.id });
  const moreBars = (
    /** @type {HTMLButtonElement} */
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
  const hands = h("div", { class: "cfw-review-hands", role: "group", "aria-label": "The other hands" });
  const deck = screen.hand.parentElement;
  if (deck) deck.after(hands);
  node.append(nav, options, verdict, graph.node, barsBox, odds);
  ctx.root.classList.add("is-review");
  const said = firstOf(screen.head, ".cfw-status");
  if (said) said.setAttribute("aria-live", "off");
  let tileBox2 = { w: 0, h: 0 };
  let mostTiles = 0;
  let handWidth = 0;
  function reserveHand(most) {
    mostTiles = most;
    const hand = screen.hand;
    handWidth = hand.clientWidth;
    const tile = firstOf(hand, ".cfw-htile");
    if (tile) {
      const r = tile.getBoundingClientRect();
      if (r.width > 0) tileBox2 = { w: r.width, h: r.height };
    }
    if (!ctx.root.classList.contains("is-docked") || !tileBox2.w) {
      hand.style.minHeight = "";
      return;
    }
    const cs = getComputedStyle(hand);
    const inner = hand.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const gap = parseFloat(cs.columnGap) || 0;
    const rows = handRows(most, inner, tileBox2.w, gap);
    const rowGap = parseFloat(cs.rowGap) || 0;
    const height = rows * tileBox2.h + (rows - 1) * rowGap + parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
    hand.style.minHeight = `${Math.ceil(height)}px`;
  }
  if (typeof ResizeObserver !== "undefined") {
    new ResizeObserver(() => {
      if (mostTiles && screen.hand.clientWidth !== handWidth) reserveHand(mostTiles);
    }).observe(screen.hand);
  }
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
    for (const b of allOf(screen.hand, ".cfw-htile")) {
      const is = b.dataset.tile === r.played_tile;
      b.classList.toggle("is-review-played", is);
      if (is) b.setAttribute("aria-label", `${r.played_tile}, the tile played at this move`);
    }
    screen.actions.hidden = true;
    screen.targets.hidden = true;
    setText(screen.help, "Left and Right arrows: the move before or after; Home and End: the first or last move; a click on the graph: that move. F full screen.");
  }
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
function reviewRings(r, byTile, pad, upp) {
  const out = [];
  const labels = [];
  const seen = /* @__PURE__ */ new Map();
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

// js/mount.js
function rings(v, byTile, pad, upp) {
  const r = reviewOf(v);
  return r ? reviewRings(r, byTile, pad, upp) : [];
}
function mountWidget(port, el) {
  const undoFarmyard = mountFarmyard(port, el, { cue: makeCue, review: makeReview, marks: rings });
  if (port.get("drill") === void 0) return undoFarmyard;
  const undoPanel = mountMistakes(port, el);
  return () => {
    undoPanel();
    undoFarmyard();
  };
}

// js/room-page.js
var TOKEN = /^[sth]\.[A-Za-z0-9_-]{16,200}$/;
function tokenOf(hash) {
  let text = String(hash || "").replace(/^#/, "");
  try {
    text = decodeURIComponent(text);
  } catch (err) {
    return null;
  }
  text = text.trim();
  return TOKEN.test(text) ? text : null;
}
function pageOf(token) {
  return token.startsWith("h.") ? "host" : "join";
}
function socketUrl(href) {
  const url = new URL("ws", href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.hash = "";
  url.search = "";
  return url.href;
}
function takeToken(page2) {
  const key = `cfwidget-room-${page2}:${location.pathname}`;
  let token = tokenOf(location.hash);
  if (token && pageOf(token) !== page2) {
    location.replace(`${pageOf(token)}#${token}`);
    return null;
  }
  if (token) {
    try {
      sessionStorage.setItem(key, token);
    } catch (err) {
    }
    history.replaceState(history.state, "", location.pathname + location.search);
  } else {
    try {
      token = sessionStorage.getItem(key);
    } catch (err) {
      token = null;
    }
  }
  window.addEventListener("hashchange", () => {
    if (tokenOf(location.hash)) location.reload();
  });
  return token && TOKEN.test(token) && pageOf(token) === page2 ? token : null;
}
function statusText(status) {
  if (status.state === "connecting") return "Connecting…";
  if (status.state === "reconnecting") return "Reconnecting… The game is kept; this page comes back by itself.";
  return status.text;
}
var NOTE_MS = 8e3;
function partsOf(page2, bodySelector) {
  const one = (selector) => (
    /** @type {HTMLElement} */
    page2.querySelector(selector)
  );
  return {
    title: one(".cfr-title"),
    notice: one(".cfr-notice"),
    line: one(".cfr-status"),
    retry: (
      /** @type {HTMLButtonElement} */
      one(".cfr-retry")
    ),
    body: one(bodySelector)
  };
}
function sayClosed({ notice, line }, text) {
  setText(line, text);
  line.dataset.state = "closed";
  notice.classList.add("is-shown");
}
function showStatus(link, { notice, line, retry, body }) {
  let clear;
  function show(status) {
    clearTimeout(clear);
    const down = status.state !== "connected";
    setText(line, statusText(status));
    line.dataset.state = status.state;
    retry.hidden = status.state !== "reconnecting";
    body.classList.toggle("is-away", down);
    body.inert = down;
    body.setAttribute("aria-busy", status.state === "connected" || status.state === "closed" ? "false" : "true");
    notice.classList.toggle("is-shown", down || !!status.text);
    if (!down && status.text) {
      clear = setTimeout(() => {
        setText(line, "");
        notice.classList.remove("is-shown");
      }, NOTE_MS);
    }
  }
  retry.addEventListener("click", () => link.retry());
  const wake = () => link.check();
  const onVisible = () => {
    if (document.visibilityState === "visible") wake();
  };
  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", onVisible);
  const stop = link.onStatus(show);
  show(link.status());
  return () => {
    stop();
    clearTimeout(clear);
    window.removeEventListener("online", wake);
    document.removeEventListener("visibilitychange", onVisible);
  };
}

// js/socket.js
var PING_MS = 15e3;
var MISSED_PONGS = 2;
var FIRST_RETRY_MS = 500;
var LAST_RETRY_MS = 1e4;
var CHECK_MS = 5e3;
var OPEN = 1;
function retryDelay(tries) {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, tries), LAST_RETRY_MS);
}
function isFinal(code) {
  return code >= 4400 && code < 4500;
}
var FINAL_TEXT = "This link does not open the room any more. Ask the host for a new link.";
var defaultTimers = () => ({
  setTimeout: (f, ms) => globalThis.setTimeout(f, ms),
  clearTimeout: (t) => globalThis.clearTimeout(t),
  setInterval: (f, ms) => globalThis.setInterval(f, ms),
  clearInterval: (t) => globalThis.clearInterval(t)
});
function fromSocket(options) {
  const Socket = options.WebSocket || /** @type {new (url: string) => SocketLike} */
  globalThis.WebSocket;
  const clock = options.timers || defaultTimers();
  let traits = {};
  const watchers = /* @__PURE__ */ new Map();
  const statusWatchers = /* @__PURE__ */ new Set();
  let status = { state: "connecting", text: "", welcome: null, tries: 0 };
  let socket = null;
  let pinger = null;
  let waiting = null;
  let checking = null;
  let unanswered = 0;
  let welcomed = false;
  function setStatus(change) {
    status = { ...status, ...change };
    for (const callback of [...statusWatchers]) callback(status);
  }
  function fire(name) {
    for (const callback of [...watchers.get(name) || []]) callback();
  }
  function write(message) {
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }
  function stopTimers() {
    if (pinger !== null) clock.clearInterval(pinger);
    pinger = null;
    if (waiting !== null) clock.clearTimeout(waiting);
    waiting = null;
    if (checking !== null) clock.clearTimeout(checking);
    checking = null;
  }
  function detach() {
    const old = socket;
    socket = null;
    if (!old) return;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    try {
      old.close();
    } catch (err) {
    }
  }
  function open() {
    waiting = null;
    welcomed = false;
    unanswered = 0;
    let ws;
    try {
      ws = new Socket(options.url);
    } catch (err) {
      dropped();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      write({ type: "join", token: options.token });
      pinger = clock.setInterval(ping, PING_MS);
    };
    ws.onmessage = (event) => receive(event.data);
    ws.onclose = (event) => {
      if (isFinal(event.code)) finish(FINAL_TEXT);
      else dropped();
    };
    ws.onerror = () => {
    };
  }
  function ping() {
    if (unanswered >= MISSED_PONGS) {
      dropped();
      return;
    }
    unanswered += 1;
    write({ type: "ping" });
  }
  function dropped() {
    stopTimers();
    detach();
    if (status.state === "closed") return;
    const tries = status.tries;
    waiting = clock.setTimeout(open, retryDelay(tries));
    setStatus({ state: status.welcome ? "reconnecting" : "connecting", text: "", tries: tries + 1 });
  }
  function finish(text) {
    stopTimers();
    detach();
    setStatus({ state: "closed", text });
  }
  function receive(data) {
    let message;
    try {
      message = JSON.parse(String(data));
    } catch (err) {
      return;
    }
    if (!message || typeof message !== "object") return;
    const traitsIn = message.traits && typeof message.traits === "object" ? message.traits : null;
    switch (message.type) {
      case "welcome": {
        const old = traits;
        traits = { ...traitsIn || {} };
        welcomed = true;
        const welcome = {
          role: message.role,
          seat: typeof message.seat === "number" ? message.seat : null,
          room: typeof message.room === "string" ? message.room : ""
        };
        for (const name of /* @__PURE__ */ new Set([...Object.keys(old), ...Object.keys(traits)])) fire(name);
        setStatus({ state: "connected", text: "", welcome, tries: 0 });
        return;
      }
      case "traits":
        if (!welcomed || !traitsIn) return;
        traits = { ...traits, ...traitsIn };
        for (const name of Object.keys(traitsIn)) fire(name);
        return;
      case "pong":
        unanswered = 0;
        if (checking !== null) clock.clearTimeout(checking);
        checking = null;
        return;
      case "refused":
        setStatus({ text: String(message.text || "") });
        return;
      case "closed":
        if (typeof message.code === "number" && !isFinal(message.code)) {
          setStatus({ text: String(message.text || "") });
          return;
        }
        finish(String(message.text || FINAL_TEXT));
        return;
      default:
        return;
    }
  }
  function retry() {
    if (waiting === null) return;
    clock.clearTimeout(waiting);
    open();
  }
  open();
  return {
    get: (name) => traits[name],
    set() {
    },
    on(name, callback) {
      if (!watchers.has(name)) watchers.set(name, /* @__PURE__ */ new Set());
      const set = (
        /** @type {Set<() => void>} */
        watchers.get(name)
      );
      const entry = () => callback();
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    send(message) {
      if (status.state === "connected") write({ type: "intent", content: message });
    },
    close() {
      watchers.clear();
    },
    status: () => status,
    onStatus(callback) {
      statusWatchers.add(callback);
      return () => {
        statusWatchers.delete(callback);
      };
    },
    command: (message) => status.state === "connected" && write(message),
    retry,
    check() {
      if (waiting !== null) retry();
      if (status.state !== "connected" || checking !== null) return;
      unanswered += 1;
      write({ type: "ping" });
      checking = clock.setTimeout(() => {
        checking = null;
        dropped();
      }, CHECK_MS);
    },
    leave() {
      finish("");
    }
  };
}

// js/entries/room.js
var NO_LINK = "This page opens a game from the link the host gave you. Open that link again, or ask the host for it.";
function start(page2) {
  const parts = partsOf(page2, ".cfr-table");
  const { title } = parts;
  const token = takeToken("join");
  if (!token) {
    if (location.hash) return;
    sayClosed(parts, NO_LINK);
    return;
  }
  const link = fromSocket({ url: socketUrl(location.href), token });
  showStatus(link, parts);
  const table = parts.body;
  let mounted = false;
  link.onStatus((status) => {
    const welcome = status.welcome;
    if (status.state !== "connected" || !welcome) return;
    title.textContent = welcome.room || "Chicken Foot";
    document.title = `${welcome.room || "A game"} · Chicken Foot`;
    if (mounted) return;
    mounted = true;
    mountWidget(link, table);
  });
  window.addEventListener("pagehide", (e) => {
    if (!e.persisted) link.leave();
  });
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) link.check();
  });
}
var page = typeof document === "undefined" ? null : document.getElementById("cfr-join");
if (page) start(page);
export {
  NO_LINK,
  start
};
