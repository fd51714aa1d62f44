// cfwidget: the Chicken Foot farmyard as an anywidget view.
//
// A plain ES module (no build step, no imports). Python owns the game: this
// file only draws the `view` trait and sends small intents back with
// model.send({kind, version, ...}). There is no rule logic here. Every text is
// set with textContent or createTextNode, never parsed as HTML.

// -- the view's shape: a mirror of cfwidget/widget_view.py, field by field ----------------
// (tests/test_widget.py checks that every typedef here matches its TypedDict there.)

/** @typedef {"you"|"bot"|"other"|"round-over"|"game-over"|"paused"} Waiting */
/** @typedef {"you"|"bot"|"player"} PlayerKind */

/**
 * One tile on the table, in tile units (a tile is 2 long and 1 wide).
 * @typedef {Object} PlacedTile
 * @property {string} tile
 * @property {number} x
 * @property {number} y
 * @property {number} angle
 * @property {number} first
 * @property {number} second
 * @property {string} role
 * @property {number|null} onto
 * @property {boolean} cramped
 * @property {number} heading
 */

/**
 * The smallest box holding every tile, in tile units.
 * @typedef {Object} Bounds
 * @property {number} min_x
 * @property {number} min_y
 * @property {number} max_x
 * @property {number} max_y
 */

/**
 * One place a hand tile can go.
 * @typedef {Object} Target
 * @property {string} move
 * @property {string|null} say
 * @property {string} onto
 * @property {string} text
 */

/**
 * A tile of the shown hand.
 * @typedef {Object} HandTile
 * @property {string} tile
 * @property {string} hint
 * @property {Target[]} targets
 */

/**
 * One seat in the players list.
 * @typedef {Object} Player
 * @property {string} name
 * @property {number} count
 * @property {PlayerKind} kind
 * @property {boolean} to_move
 * @property {number|null} total
 */

/**
 * One line of the move log.
 * @typedef {Object} LogEntry
 * @property {number} seat
 * @property {string} text
 */

/**
 * @typedef {Object} RoundInfo
 * @property {number} number
 * @property {number|null} total
 * @property {string} start
 */

/**
 * The end of a round; scores in seat order.
 * @typedef {Object} Result
 * @property {string} title
 * @property {number[]} scores
 * @property {string[]} names
 */

/**
 * @typedef {Object} SheetRound
 * @property {string} label
 * @property {number[]} scores
 */

/**
 * @typedef {Object} Sheet
 * @property {SheetRound[]} rounds
 * @property {number[]} totals
 */

/**
 * Guided play: what the cue shows.
 * @typedef {Object} Cue
 * @property {number} level
 * @property {string} label
 * @property {string[]} ends
 * @property {string} prompt
 * @property {string|null} move
 * @property {string|null} tile
 * @property {string|null} onto
 * @property {boolean} confirm
 */

/**
 * Guided play: the session's settings and state.
 * @typedef {Object} Guided
 * @property {boolean} errorless
 * @property {boolean} speech
 * @property {boolean} sound
 * @property {boolean} paused
 * @property {boolean} ended
 * @property {number|null} wait_ms
 * @property {number} turns
 */

/**
 * Everything the view draws (the `view` trait).
 * @typedef {Object} View
 * @property {number} version
 * @property {number} seat
 * @property {string[]} names
 * @property {string} title
 * @property {string} where
 * @property {RoundInfo} round
 * @property {Player[]} players
 * @property {number} yard
 * @property {HandTile[]} hand
 * @property {string|null} drawn
 * @property {PlacedTile[]} table
 * @property {Bounds} bounds
 * @property {string|null} last
 * @property {string|null} forced
 * @property {number} needed
 * @property {boolean} can_draw
 * @property {boolean} can_pass
 * @property {boolean} announce
 * @property {boolean} playing
 * @property {Waiting} waiting
 * @property {number|null} auto_ms
 * @property {string} next_label
 * @property {boolean} can_undo
 * @property {boolean} allow_undo
 * @property {string} status
 * @property {string} rule
 * @property {string} last_words
 * @property {string} open_words
 * @property {LogEntry[]} log
 * @property {Result|null} result
 * @property {Sheet|null} sheet
 * @property {Cue|null} cue
 * @property {Guided|null} guided
 */

const SVG_NS = "http://www.w3.org/2000/svg";
const U = 100; // SVG units per tile unit: a tile is 200 x 100
const PIP_SPOT = 0.27;
const MARGIN = 0.75; // tile units round the farmyard when fitting it to the view
const ZOOM_STEP = 1.25;
const PAN_STEP = 0.12; // of the visible width per arrow key
const DRAG_SLOP = 5; // pixels a pointer may move and still click

const HELP =
  "Keys: \u2190 \u2192 choose a tile, Enter picks it; \u2190 \u2192 or Tab choose where it goes, " +
  "Enter plays, Esc goes back. D draw, P pass, N next, U undo. " +
  "On the board: arrow keys pan, + and \u2212 zoom, 0 fits.";

// -- small DOM helpers (text only ever through textContent) -------------------------------

function h(tag, attrs, text) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : String(v));
    }
  }
  if (text !== undefined && text !== null) node.textContent = String(text);
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
  const value = text === undefined || text === null ? "" : String(text);
  if (node.textContent !== value) node.textContent = value;
}

function num(v) {
  return String(Math.round(v * 10) / 10);
}

// -- drawing tiles (mirrors cfwidget/svg.py) -----------------------------------------------

const PATTERNS = {
  0: [],
  1: ["c"],
  2: ["tl", "br"],
  3: ["tl", "c", "br"],
  4: ["tl", "tr", "bl", "br"],
  5: ["tl", "tr", "c", "bl", "br"],
  6: ["tl", "tc", "tr", "bl", "bc", "br"],
  7: ["tl", "tc", "tr", "c", "bl", "bc", "br"],
  8: ["tl", "tc", "tr", "ml", "mr", "bl", "bc", "br"],
  9: ["tl", "tc", "tr", "ml", "c", "mr", "bl", "bc", "br"],
};
const GRID = {
  tl: [-1, -1], tc: [0, -1], tr: [1, -1],
  ml: [-1, 0], c: [0, 0], mr: [1, 0],
  bl: [-1, 1], bc: [0, 1], br: [1, 1],
};
const pipCache = new Map();

export function pipPositions(n) {
  if (pipCache.has(n)) return pipCache.get(n);
  let out;
  if (PATTERNS[n]) {
    out = PATTERNS[n].map((k) => [GRID[k][0] * PIP_SPOT, GRID[k][1] * PIP_SPOT]);
  } else {
    out = [];
    const cols = n <= 16 ? 4 : 5;
    const rows = Math.ceil(n / cols);
    const step = (2 * PIP_SPOT * 1.15) / (Math.max(cols, rows) - 1);
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

const pipPathCache = new Map();

// All pips of one half as a single path (one element instead of up to nine circles).
function pipPath(n, cx) {
  const key = `${n}|${cx}`;
  let d = pipPathCache.get(key);
  if (d === undefined) {
    const r = pipRadius(n);
    d = pipPositions(n)
      .map(([dx, dy]) => {
        const x = cx + dx * U - r;
        const y = dy * U;
        return `M${num(x)} ${num(y)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
      })
      .join("");
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
      transform: `rotate(${num(-angle)} ${cx} 0)`,
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

// One tile as an SVG group; p = {x, y, angle, first, second, cramped} in tile units.
export function drawTile(p, mode, palette) {
  const g = s("g", {
    class: p.cramped ? "cfw-tile is-cramped" : "cfw-tile",
    transform: `translate(${num(p.x * U)} ${num(p.y * U)}) rotate(${num(p.angle)})`,
  });
  g.appendChild(s("rect", { class: "cfw-face", x: -100, y: -50, width: 200, height: 100, rx: 12 }));
  g.appendChild(s("line", { class: "cfw-bar", x1: 0, y1: -38, x2: 0, y2: 38 }));
  drawHalf(g, p.first, -50, mode, p.angle, palette);
  drawHalf(g, p.second, 50, mode, p.angle, palette);
  return g;
}

function tileNumbers(text) {
  const [a, b] = String(text).split("-").map((v) => Number.parseInt(v, 10));
  return [a, b];
}

function handTileSvg(tile, mode, palette) {
  const [a, b] = tileNumbers(tile);
  const svg = s("svg", { viewBox: "-54 -104 108 208", "aria-hidden": "true", focusable: "false" });
  svg.appendChild(drawTile({ x: 0, y: 0, angle: 90, first: a, second: b }, mode, palette));
  return svg;
}

// -- the view ------------------------------------------------------------------------------

function render({ model, el }) {
  const state = {
    view: model.get("view") || {},
    selected: null, // the hand tile picked for play
    focusOnto: null, // the target under keyboard focus or pointer
    cam: null, // {cx, cy, w, h} in SVG units; null = fit to the farmyard
    paused: false,
    timer: null,
    drawnKey: "", // display mode + palette the board tiles were drawn with
    drawnTiles: [], // tiles drawn on the board, in order
    drag: null,
    dragged: false,
    logLength: -1,
    markScale: 0,
    cueTimer: null, // guided play: when the cue rises next
    spoken: "", // guided play: the prompt last read aloud
    lastWaiting: "",
  };
  const handButtons = new Map();

  // -- skeleton ----------------------------------------------------------------------------
  const root = h("div", { class: "cfw", "data-lm-suppress-shortcuts": "true" });
  const head = h("div", { class: "cfw-head" });
  const where = h("p", { class: "cfw-where" });
  const status = h("p", { class: "cfw-status", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const statusLast = h("span", { class: "cfw-last-move" });
  const statusTurn = h("span", { class: "cfw-turn" });
  const statusRule = h("span", { class: "cfw-rule" });
  status.append(statusLast, statusTurn, statusRule);
  head.append(where, status);

  const players = h("ul", { class: "cfw-players", "aria-label": "Players and the chicken yard" });

  const main = h("div", { class: "cfw-main" });
  const boardBox = h("div", { class: "cfw-boardbox" });
  const openWords = h("p", { class: "cfw-open", id: uid("open") });
  const board = h("div", {
    class: "cfw-board",
    tabindex: "0",
    role: "region",
    "aria-roledescription": "farmyard",
    "data-key": "board",
    "aria-describedby": openWords.id,
  });
  const svg = s("svg", { class: "cfw-svg", preserveAspectRatio: "xMidYMid meet", "aria-hidden": "true" });
  const defs = s("defs");
  const gradId = uid("felt");
  const grad = s("radialGradient", { id: gradId, cx: "50%", cy: "45%", r: "75%" });
  grad.append(s("stop", { offset: "0%", "stop-color": "#246b45" }), s("stop", { offset: "100%", "stop-color": "#184d31" }));
  defs.appendChild(grad);
  const felt = s("rect", { class: "cfw-felt", fill: `url(#${gradId})` });
  const tileLayer = s("g", { class: "cfw-tiles" });
  const markLayer = s("g", { class: "cfw-marks" });
  const hitLayer = s("g", { class: "cfw-hits" });
  svg.append(defs, felt, tileLayer, markLayer, hitLayer);
  board.appendChild(svg);
  const zoom = h("div", { class: "cfw-zoom", role: "group", "aria-label": "Zoom the farmyard" });
  const zoomOut = h("button", { type: "button", class: "cfw-btn cfw-icon", "aria-label": "Zoom out", title: "Zoom out (\u2212)", "data-key": "zoom-out" }, "\u2212");
  const zoomIn = h("button", { type: "button", class: "cfw-btn cfw-icon", "aria-label": "Zoom in", title: "Zoom in (+)", "data-key": "zoom-in" }, "+");
  const zoomFit = h("button", { type: "button", class: "cfw-btn", title: "Fit the farmyard to the view (0)", "data-key": "fit" }, "Fit");
  zoom.append(zoomOut, zoomIn, zoomFit);
  boardBox.append(board, zoom, openWords);

  const side = h("div", { class: "cfw-side" });
  const result = h("section", { class: "cfw-result", "aria-labelledby": uid("result") });
  const resultTitle = h("h3", { id: result.getAttribute("aria-labelledby") });
  const resultTable = h("table", { class: "cfw-table" });
  const resultNext = h("button", { type: "button", class: "cfw-btn cfw-primary", "data-key": "result-next" }, "Next round");
  result.append(resultTitle, resultTable, resultNext);
  const logHead = h("h3", { id: uid("log") }, "Moves");
  const log = h("ol", { class: "cfw-log", tabindex: "0", "aria-labelledby": logHead.id, "data-key": "log" });
  const sheet = h("section", { class: "cfw-sheet", "aria-label": "Score sheet" });
  side.append(result, logHead, log);
  main.append(boardBox, side);

  const targets = h("div", { class: "cfw-targets", role: "group", "aria-label": "Where the chosen tile can go" });
  const handHead = h("p", { class: "cfw-hand-head", id: uid("hand") });
  const hand = h("div", { class: "cfw-hand", role: "group", "aria-labelledby": handHead.id });

  const actions = h("div", { class: "cfw-actions" });
  const btnDraw = h("button", { type: "button", class: "cfw-btn", "aria-keyshortcuts": "D", "data-key": "draw" }, "Draw");
  const btnPass = h("button", { type: "button", class: "cfw-btn", "aria-keyshortcuts": "P", "data-key": "pass" }, "Pass");
  const btnNext = h("button", { type: "button", class: "cfw-btn cfw-primary", "aria-keyshortcuts": "N", "data-key": "next" }, "Next");
  const btnUndo = h("button", { type: "button", class: "cfw-btn", "aria-keyshortcuts": "U", "data-key": "undo" }, "Undo");
  const btnPause = h("button", { type: "button", class: "cfw-btn", "aria-pressed": "false", "data-key": "pause" }, "Pause bots");
  const spacer = h("span", { class: "cfw-spacer" });
  const displayId = uid("display");
  const displayLabel = h("label", { for: displayId, class: "cfw-field" }, "Show ");
  const displaySelect = h("select", { id: displayId, "data-key": "display" });
  for (const [value, text] of [["pips", "pips"], ["numerals", "numerals"], ["colour", "coloured pips"]]) {
    displaySelect.appendChild(h("option", { value }, text));
  }
  displayLabel.appendChild(displaySelect);
  const largeLabel = h("label", { class: "cfw-field" });
  const largeBox = h("input", { type: "checkbox", "data-key": "large" });
  largeLabel.append(largeBox, document.createTextNode(" Large tiles"));
  actions.append(btnDraw, btnPass, btnNext, btnUndo, btnPause, spacer, displayLabel, largeLabel);

  const message = h("p", { class: "cfw-message", role: "status", "aria-live": "polite" });
  const help = h("p", { class: "cfw-help" }, HELP);

  // Guided play (optional: only when the view has a `cue` section).
  const cueBox = h("div", { class: "cfw-cue", role: "status", "aria-live": "polite" });
  const cueText = h("p", { class: "cfw-cue-text" });
  const cueOk = h("button", { type: "button", class: "cfw-btn cfw-primary", "data-key": "confirm" }, "OK, let's place it");
  cueOk.addEventListener("click", () => send("confirm"));
  cueBox.append(cueText, cueOk);
  cueBox.hidden = true;

  root.append(head, cueBox, players, main, targets, handHead, hand, actions, message, sheet, help);
  el.appendChild(root);

  // Keep JupyterLab's command-mode shortcuts (d d, a, b, arrows) off our focusable elements.
  root.addEventListener("focusin", (e) => {
    const t = e.target;
    if (t && t.setAttribute && !t.hasAttribute("data-lm-suppress-shortcuts")) {
      t.setAttribute("data-lm-suppress-shortcuts", "true");
    }
  });

  // -- intents -----------------------------------------------------------------------------
  function send(kind, extra) {
    const v = state.view;
    const msg = { kind, version: v.version, seat: v.seat, ...(extra || {}) };
    model.send(msg);
  }

  function playTarget(onto) {
    const item = targetsOf(state.selected).find((t) => t.onto === onto);
    if (!item) return;
    const say = announceBox.checked && item.say;
    send("play", { move: say ? item.say : item.move });
  }

  function targetsOf(tile) {
    if (!tile) return [];
    const entry = (state.view.hand || []).find((x) => x.tile === tile);
    return entry ? entry.targets : [];
  }

  // -- players, status, log, results ---------------------------------------------------------
  function drawPlayers(v) {
    players.replaceChildren();
    for (const p of v.players || []) {
      const li = h("li", { class: "cfw-player" + (p.to_move ? " is-turn" : "") + (p.kind === "you" ? " is-you" : "") });
      if (p.to_move) li.setAttribute("aria-current", "true");
      li.appendChild(h("span", { class: "cfw-name" }, p.name));
      const tag = p.kind === "you" ? "you" : p.kind === "bot" ? "bot" : null;
      if (tag) li.appendChild(h("span", { class: "cfw-tag" }, tag));
      li.appendChild(h("span", { class: "cfw-count" }, `${p.count} ${p.count === 1 ? "tile" : "tiles"}`));
      if (p.total !== null && p.total !== undefined) {
        li.appendChild(h("span", { class: "cfw-total" }, `total ${p.total}`));
      }
      if (p.to_move) li.appendChild(h("span", { class: "cfw-turnmark" }, "to move"));
      players.appendChild(li);
    }
    const yard = h("li", { class: "cfw-player cfw-yard" });
    yard.appendChild(h("span", { class: "cfw-name" }, "Chicken yard"));
    yard.appendChild(h("span", { class: "cfw-count" }, `${v.yard} ${v.yard === 1 ? "tile" : "tiles"}`));
    players.appendChild(yard);
  }

  function drawLog(v) {
    const rows = v.log || [];
    const names = v.names || [];
    // Append only what is new when the log grew; rebuild otherwise.
    const have = log.children.length;
    const grew = have <= rows.length && have > 0 && log.children[have - 1].dataset.text === rows[have - 1].text;
    if (!grew) log.replaceChildren();
    for (let i = grew ? have : 0; i < rows.length; i++) {
      const { seat, text } = rows[i];
      const li = h("li", { "data-text": text, class: seat === v.seat ? "is-you" : null }, text);
      log.appendChild(li);
    }
    for (const li of log.querySelectorAll(".is-last")) li.classList.remove("is-last");
    if (log.lastElementChild) log.lastElementChild.classList.add("is-last");
    if (!rows.length) log.appendChild(h("li", { class: "cfw-empty" }, `No moves yet: ${names.length} players.`));
    if (rows.length !== state.logLength) {
      state.logLength = rows.length;
      requestAnimationFrame(() => (log.scrollTop = log.scrollHeight));
    }
  }

  function drawResult(v) {
    const r = v.result;
    result.hidden = !r;
    if (!r) return;
    setText(resultTitle, r.title);
    resultTable.replaceChildren();
    resultTable.appendChild(h("caption", null, "Points this round (lowest is best)"));
    const thead = h("thead");
    const hr = h("tr");
    hr.append(h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Points"));
    thead.appendChild(hr);
    const tbody = h("tbody");
    r.names.forEach((name, i) => {
      const tr = h("tr");
      tr.append(h("th", { scope: "row" }, name), h("td", null, r.scores[i]));
      tbody.appendChild(tr);
    });
    resultTable.append(thead, tbody);
    resultNext.hidden = v.waiting !== "round-over";
  }

  function drawSheet(v) {
    sheet.replaceChildren();
    const sh = v.sheet;
    sheet.hidden = !sh || !sh.rounds.length;
    if (sheet.hidden) return;
    const table = h("table", { class: "cfw-table" });
    table.appendChild(h("caption", null, "Score sheet"));
    const thead = h("thead");
    const hr = h("tr");
    hr.appendChild(h("th", { scope: "col" }, "Round"));
    for (const name of v.names) hr.appendChild(h("th", { scope: "col" }, name));
    thead.appendChild(hr);
    const tbody = h("tbody");
    sh.rounds.forEach((round) => {
      const tr = h("tr");
      tr.appendChild(h("th", { scope: "row" }, round.label));
      for (const score of round.scores) tr.appendChild(h("td", null, score));
      tbody.appendChild(tr);
    });
    const tfoot = h("tfoot");
    const fr = h("tr");
    fr.appendChild(h("th", { scope: "row" }, "Total"));
    for (const total of sh.totals) fr.appendChild(h("td", null, total));
    tfoot.appendChild(fr);
    table.append(thead, tbody, tfoot);
    const scroller = h("div", { class: "cfw-scroll", tabindex: "0", role: "group", "aria-label": "Score sheet, scrolls sideways" });
    scroller.appendChild(table);
    sheet.appendChild(scroller);
  }

  // -- the hand and the targets ------------------------------------------------------------
  function drawHand(v) {
    const mode = model.get("display") || "pips";
    const palette = model.get("palette") || [];
    const key = `${mode}|${palette.join(",")}`;
    const want = v.hand || [];
    const keep = new Set(want.map((x) => x.tile));
    for (const [tile, btn] of handButtons) {
      if (!keep.has(tile)) {
        btn.remove();
        handButtons.delete(tile);
      }
    }
    if (state.selected && !(keep.has(state.selected) && targetsOf(state.selected).length)) {
      state.selected = null;
    }
    want.forEach((item, i) => {
      let btn = handButtons.get(item.tile);
      if (!btn) {
        btn = h("button", { type: "button", class: "cfw-htile", "data-key": `hand:${item.tile}`, "data-tile": item.tile });
        btn.addEventListener("click", () => pickTile(item.tile));
        handButtons.set(item.tile, btn);
      }
      if (btn.dataset.look !== key) {
        btn.replaceChildren(handTileSvg(item.tile, mode, palette));
        btn.dataset.look = key;
      }
      const playable = item.targets.length > 0;
      btn.classList.toggle("is-playable", playable);
      btn.classList.toggle("is-selected", state.selected === item.tile);
      btn.classList.toggle("is-drawn", v.drawn === item.tile);
      btn.setAttribute("aria-pressed", state.selected === item.tile ? "true" : "false");
      const cued = !!(v.cue && v.cue.level >= 3 && v.cue.tile === item.tile);
      btn.classList.toggle("is-cued", cued);
      const off = !!(v.guided && v.guided.errorless && v.playing && !playable);
      btn.classList.toggle("is-off", off);
      if (off) btn.setAttribute("aria-disabled", "true");
      else btn.removeAttribute("aria-disabled");
      const drawn = v.drawn === item.tile ? ", just drawn" : "";
      btn.setAttribute("aria-label", `${item.tile}${drawn}${item.hint ? ", " + item.hint : ""}`);
      btn.title = item.hint ? `${item.tile}: ${item.hint}` : item.tile;
      const at = hand.children[i];
      if (at !== btn) hand.insertBefore(btn, at || null);
    });
    const you = (v.players || [])[v.seat];
    setText(handHead, you ? `${you.name}'s tiles (${want.length})` : "Tiles");
    hand.classList.toggle("is-playing", !!v.playing);
  }

  const announceLabel = h("label", { class: "cfw-field cfw-announce" });
  const announceBox = h("input", { type: "checkbox", "data-key": "announce" });
  announceLabel.append(announceBox, document.createTextNode(" Announce my last tile"));

  function drawTargets(v) {
    targets.replaceChildren();
    const list = targetsOf(state.selected);
    if (!state.selected || !list.length) {
      let hint = "";
      if (v.playing) {
        const any = (v.hand || []).some((x) => x.targets.length);
        hint = any ? "Choose a tile to play." : v.can_draw ? "No tile fits: draw one." : v.can_pass ? "No tile fits: pass." : "";
      }
      targets.appendChild(h("span", { class: "cfw-hint" }, hint));
      targets.setAttribute("aria-label", "Where the chosen tile can go");
      return;
    }
    targets.setAttribute("aria-label", `Where ${state.selected} can go`);
    targets.appendChild(h("span", { class: "cfw-hint" }, `Play ${state.selected}:`));
    list.forEach((t, i) => {
      const b = h(
        "button",
        { type: "button", class: "cfw-btn cfw-target", "data-key": `target:${t.onto}`, "data-onto": t.onto, "aria-label": `Play ${state.selected} ${t.text}` },
      );
      b.append(h("span", { class: "cfw-badge", "aria-hidden": "true" }, String(i + 1)), document.createTextNode(` ${t.text}`));
      b.addEventListener("click", () => playTarget(t.onto));
      b.addEventListener("focus", () => markFocus(t.onto));
      b.addEventListener("mouseenter", () => markFocus(t.onto));
      b.addEventListener("blur", () => markFocus(null));
      b.addEventListener("mouseleave", () => markFocus(document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.onto || null : null));
      targets.appendChild(b);
    });
    if (v.announce) targets.appendChild(announceLabel);
    const cancel = h("button", { type: "button", class: "cfw-btn cfw-quiet", "data-key": "cancel" }, "Cancel");
    cancel.addEventListener("click", () => unpick(true));
    targets.appendChild(cancel);
  }

  function pickTile(tile) {
    const v = state.view;
    if (state.selected === tile) {
      unpick(false);
      return;
    }
    const list = targetsOf(tile);
    if (!v.playing || !list.length) {
      if (v.guided && v.guided.errorless) {
        // Errorless: a tile that cannot be played goes nowhere, and the words stay gentle.
        showLocal(v.playing ? "That one waits for later. Let's find one that fits." : "");
        return;
      }
      const entry = (v.hand || []).find((x) => x.tile === tile);
      showLocal(entry && entry.hint ? `${tile} ${entry.hint}.` : `${tile} cannot be played now.`);
      return;
    }
    state.selected = tile;
    showLocal("");
    refreshSelection();
    const first = targets.querySelector(".cfw-target");
    if (first) first.focus();
  }

  function unpick(focusTile) {
    const tile = state.selected;
    state.selected = null;
    state.focusOnto = null;
    refreshSelection();
    if (focusTile && tile && handButtons.has(tile)) handButtons.get(tile).focus();
  }

  function refreshSelection() {
    for (const [tile, btn] of handButtons) {
      btn.classList.toggle("is-selected", state.selected === tile);
      btn.setAttribute("aria-pressed", state.selected === tile ? "true" : "false");
    }
    drawTargets(state.view);
    drawMarks(state.view);
  }

  let localNote = "";
  function showLocal(text) {
    localNote = text;
    setText(message, text || model.get("message") || "");
  }

  // -- the board -----------------------------------------------------------------------------
  function boardPlacements(v) {
    return v.table || [];
  }

  function drawBoard(v) {
    const mode = model.get("display") || "pips";
    const palette = model.get("palette") || [];
    const key = `${mode}|${palette.join(",")}`;
    const rows = v.table || [];
    const have = state.drawnTiles;
    let prefix = key === state.drawnKey && have.length <= rows.length;
    for (let i = 0; prefix && i < have.length; i++) {
      if (have[i] !== rows[i].tile) prefix = false;
    }
    if (!prefix) {
      tileLayer.replaceChildren();
      state.drawnTiles = [];
    }
    const frag = document.createDocumentFragment();
    for (let i = state.drawnTiles.length; i < rows.length; i++) {
      const p = rows[i];
      const g = drawTile(p, mode, palette);
      g.setAttribute("data-tile", p.tile);
      frag.appendChild(g);
      state.drawnTiles.push(p.tile);
    }
    tileLayer.appendChild(frag);
    state.drawnKey = key;
    const n = rows.length;
    board.setAttribute("aria-label", `Farmyard: ${n} ${n === 1 ? "tile" : "tiles"} on the table` + (v.last ? `, last played ${v.last}` : "") + ". Arrow keys pan, plus and minus zoom, 0 fits.");
    setText(openWords, v.open_words || "");
    drawMarks(v);
    applyCamera();
  }

  // SVG units per screen pixel, so marks keep a readable size at any zoom.
  function unitsPerPixel() {
    return currentBox().w / Math.max(size().width, 1);
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
      "vector-effect": "non-scaling-stroke",
    });
  }

  function badgeSpot(p, r) {
    const rad = (a) => (a * Math.PI) / 180;
    if (p.role === "centre" || p.role === "foot") {
      // Beside the double, on the side its spokes or toes leave from.
      const a = rad(p.heading || 0);
      return [p.x * U + Math.cos(a) * (50 + r), p.y * U + Math.sin(a) * (50 + r)];
    }
    // Just beyond the open end, clear of its pips.
    const a = rad(p.angle);
    return [p.x * U + Math.cos(a) * (100 + r), p.y * U + Math.sin(a) * (100 + r)];
  }

  function drawMarks(v) {
    markLayer.replaceChildren();
    hitLayer.replaceChildren();
    const byTile = new Map(boardPlacements(v).map((p) => [p.tile, p]));
    const upp = unitsPerPixel();
    state.markScale = upp;
    const pad = Math.max(8, 4 * upp);
    const r = Math.max(30, 12 * upp);
    if (v.last && byTile.has(v.last)) markLayer.appendChild(ring(byTile.get(v.last), "cfw-lastring", pad));
    const cue = v.cue;
    if (cue && cue.level > 0) {
      for (const end of cue.ends || []) {
        if (!byTile.has(end)) continue;
        const strong = cue.level >= 3 && end === cue.onto;
        const mark = ring(byTile.get(end), strong ? "cfw-cue-ring is-move" : "cfw-cue-ring", pad * 1.6);
        mark.setAttribute("data-cue-end", end);
        markLayer.appendChild(mark);
      }
    }
    const list = targetsOf(state.selected);
    list.forEach((t, i) => {
      const p = byTile.get(t.onto);
      if (!p) return;
      const focused = state.focusOnto === t.onto;
      const g = s("g", { class: "cfw-target-mark" + (focused ? " is-focus" : ""), "data-onto": t.onto });
      g.appendChild(ring(p, "cfw-ring-under", pad));
      g.appendChild(ring(p, "cfw-ring-over", pad));
      const [bx, by] = badgeSpot(p, r);
      g.appendChild(s("circle", { class: "cfw-badge-dot", cx: num(bx), cy: num(by), r: num(r), "vector-effect": "non-scaling-stroke" }));
      const label = s("text", { class: "cfw-badge-text", x: num(bx), y: num(by), dy: "0.35em", "font-size": num(r * 1.25) });
      label.textContent = String(i + 1);
      g.appendChild(label);
      markLayer.appendChild(g);
      // The click area: the tile and its badge.
      const hit = s("g", { class: "cfw-hit", "data-onto": t.onto });
      hit.appendChild(ring(p, "cfw-hitbox", pad));
      hit.appendChild(s("circle", { class: "cfw-hitbox", cx: num(bx), cy: num(by), r: num(r * 1.2) }));
      const title = s("title");
      title.textContent = `Play ${state.selected} ${t.text}`;
      hit.appendChild(title);
      hit.addEventListener("click", (e) => {
        if (state.dragged) return;
        e.stopPropagation();
        playTarget(t.onto);
      });
      hit.addEventListener("mouseenter", () => markFocus(t.onto));
      hit.addEventListener("mouseleave", () => markFocus(null));
      hitLayer.appendChild(hit);
    });
  }

  // Focus and hover only restyle the marks: rebuilding them between a mousedown and
  // its mouseup would swallow the click.
  function markFocus(onto) {
    if (state.focusOnto === onto) return;
    state.focusOnto = onto;
    for (const g of markLayer.querySelectorAll(".cfw-target-mark")) {
      g.classList.toggle("is-focus", g.getAttribute("data-onto") === onto);
    }
  }

  // Camera: the visible part of the farmyard in SVG units.
  function fitBox() {
    const b = state.view.bounds || { min_x: -1, min_y: -1, max_x: 1, max_y: 1 };
    const x0 = (b.min_x - MARGIN) * U;
    const y0 = (b.min_y - MARGIN) * U;
    const w = (b.max_x - b.min_x + 2 * MARGIN) * U;
    const hh = (b.max_y - b.min_y + 2 * MARGIN) * U;
    // Never zoom in further than a comfortable tile size on a small table.
    const minW = 12 * U;
    const minH = 7 * U;
    const cx = x0 + w / 2;
    const cy = y0 + hh / 2;
    return { cx, cy, w: Math.max(w, minW), h: Math.max(hh, minH) };
  }

  // The board's size in pixels, kept by a ResizeObserver so drawing never forces a layout.
  let boardSize = null;
  function size() {
    if (!boardSize) {
      const r = board.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) boardSize = { width: r.width, height: r.height };
    }
    return boardSize || { width: 640, height: 400 };
  }

  function aspect() {
    const r = size();
    return r.width / r.height;
  }

  function currentBox() {
    const box = state.cam || fitBox();
    // Stretch to the board's aspect ratio so the felt fills it.
    const a = aspect();
    let { w, h: hh } = box;
    if (w / hh < a) w = hh * a;
    else hh = w / a;
    return { cx: box.cx, cy: box.cy, w, h: hh };
  }

  function applyCamera() {
    const b = currentBox();
    const x = b.cx - b.w / 2;
    const y = b.cy - b.h / 2;
    svg.setAttribute("viewBox", `${num(x)} ${num(y)} ${num(b.w)} ${num(b.h)}`);
    felt.setAttribute("x", num(x - b.w));
    felt.setAttribute("y", num(y - b.h));
    felt.setAttribute("width", num(b.w * 3));
    felt.setAttribute("height", num(b.h * 3));
    zoomFit.setAttribute("aria-pressed", state.cam ? "false" : "true");
    const upp = b.w / Math.max(size().width, 1);
    if (state.markScale && Math.abs(upp / state.markScale - 1) > 0.02 && markLayer.firstChild) {
      drawMarks(state.view);
    }
  }

  function zoomBy(factor, px, py) {
    const b = currentBox();
    const fit = fitBox();
    let w = b.w / factor;
    const limitOut = Math.max(fit.w, fit.h * aspect()) * 2.5;
    w = Math.min(Math.max(w, 4 * U), limitOut);
    const k = w / b.w;
    let { cx, cy } = b;
    if (px !== undefined) {
      cx = px + (cx - px) * k;
      cy = py + (cy - py) * k;
    }
    state.cam = { cx, cy, w, h: b.h * k };
    applyCamera();
  }

  function panBy(fx, fy) {
    const b = currentBox();
    state.cam = { cx: b.cx + fx * b.w, cy: b.cy + fy * b.h, w: b.w, h: b.h };
    applyCamera();
  }

  function fit() {
    state.cam = null;
    applyCamera();
  }

  function svgPoint(clientX, clientY) {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return [pt.x, pt.y];
  }

  zoomIn.addEventListener("click", () => zoomBy(ZOOM_STEP));
  zoomOut.addEventListener("click", () => zoomBy(1 / ZOOM_STEP));
  zoomFit.addEventListener("click", fit);
  board.addEventListener(
    "wheel",
    (e) => {
      e.preventDefault();
      const pt = svgPoint(e.clientX, e.clientY);
      const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
      if (pt) zoomBy(factor, pt[0], pt[1]);
      else zoomBy(factor);
    },
    { passive: false },
  );
  board.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    state.drag = { x: e.clientX, y: e.clientY, box: currentBox(), id: e.pointerId, moved: false };
    state.dragged = false;
  });
  board.addEventListener("pointermove", (e) => {
    const d = state.drag;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
    if (!d.moved) {
      d.moved = true;
      board.setPointerCapture(e.pointerId);
      board.classList.add("is-dragging");
    }
    const scale = d.box.w / Math.max(size().width, 1);
    state.cam = { cx: d.box.cx - dx * scale, cy: d.box.cy - dy * scale, w: d.box.w, h: d.box.h };
    applyCamera();
  });
  const endDrag = (e) => {
    const d = state.drag;
    if (!d || d.id !== e.pointerId) return;
    state.dragged = d.moved;
    state.drag = null;
    board.classList.remove("is-dragging");
    if (d.moved) setTimeout(() => (state.dragged = false), 0);
  };
  board.addEventListener("pointerup", endDrag);
  board.addEventListener("pointercancel", endDrag);

  let resizeObserver = null;
  if (typeof ResizeObserver !== "undefined") {
    resizeObserver = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].contentRect;
      if (box.width > 0 && box.height > 0) {
        boardSize = { width: box.width, height: box.height };
        applyCamera();
      }
    });
    resizeObserver.observe(board);
  }

  // -- buttons and keys ------------------------------------------------------------------------
  btnDraw.addEventListener("click", () => send("draw"));
  btnPass.addEventListener("click", () => send("pass"));
  btnNext.addEventListener("click", () => send("next"));
  resultNext.addEventListener("click", () => send("next"));
  btnUndo.addEventListener("click", () => send("undo"));
  btnPause.addEventListener("click", () => {
    state.paused = !state.paused;
    schedule(state.view);
    drawActions(state.view);
  });
  displaySelect.addEventListener("change", () => model.send({ kind: "display", value: displaySelect.value }));
  largeBox.addEventListener("change", () => model.send({ kind: "large", value: largeBox.checked }));

  function drawActions(v) {
    btnDraw.disabled = !v.can_draw;
    btnPass.disabled = !v.can_pass;
    const canNext = v.waiting === "bot" || v.waiting === "round-over";
    btnNext.disabled = !canNext;
    setText(btnNext, v.next_label || "Next");
    btnNext.hidden = v.waiting === "game-over";
    btnUndo.hidden = !v.allow_undo;
    btnUndo.disabled = !v.can_undo;
    btnPause.hidden = !v.auto_ms;
    btnPause.setAttribute("aria-pressed", state.paused ? "true" : "false");
    setText(btnPause, state.paused ? "Resume bots" : "Pause bots");
  }

  function clickIfEnabled(btn) {
    if (!btn.disabled && !btn.hidden) btn.click();
    else showLocal(`${btn.textContent} is not possible now.`);
  }

  function moveAmong(list, current, step) {
    if (!list.length) return;
    let i = list.indexOf(current);
    i = i < 0 ? 0 : (i + step + list.length) % list.length;
    list[i].focus();
  }

  root.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    const tag = t && t.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && t.type !== "checkbox")) return;
    const key = e.key;
    let done = true;
    const inHand = t && t.classList && t.classList.contains("cfw-htile");
    const inTargets = t && t.classList && t.classList.contains("cfw-target");
    const onBoard = t === board;
    const arrows = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (inHand && key in arrows) {
      moveAmong([...hand.querySelectorAll(".cfw-htile")], t, arrows[key]);
    } else if (inHand && (key === "Home" || key === "End")) {
      const all = [...hand.querySelectorAll(".cfw-htile")];
      if (all.length) all[key === "Home" ? 0 : all.length - 1].focus();
    } else if (inTargets && key in arrows) {
      moveAmong([...targets.querySelectorAll(".cfw-target")], t, arrows[key]);
    } else if (onBoard && key in arrows) {
      const dx = key === "ArrowLeft" ? -PAN_STEP : key === "ArrowRight" ? PAN_STEP : 0;
      const dy = key === "ArrowUp" ? -PAN_STEP : key === "ArrowDown" ? PAN_STEP : 0;
      panBy(dx, dy);
    } else if (key === "Escape") {
      if (state.selected) unpick(true);
      else done = false;
    } else if (key === "+" || key === "=") {
      zoomBy(ZOOM_STEP);
    } else if (key === "-" || key === "_") {
      zoomBy(1 / ZOOM_STEP);
    } else if (key === "0") {
      fit();
    } else if (key === "d" || key === "D") {
      clickIfEnabled(btnDraw);
    } else if (key === "p" || key === "P") {
      clickIfEnabled(btnPass);
    } else if (key === "n" || key === "N") {
      clickIfEnabled(btnNext);
    } else if (key === "u" || key === "U") {
      clickIfEnabled(btnUndo);
    } else {
      done = false;
    }
    if (done) {
      e.preventDefault();
      e.stopPropagation();
    }
  });

  // -- guided play: cues, the cue timer, speech and a turn sound ------------------------------
  function drawCue(v) {
    const cue = v.cue;
    const g = v.guided;
    if (state.cueTimer !== null) {
      clearTimeout(state.cueTimer);
      state.cueTimer = null;
    }
    cueBox.hidden = !cue || !(cue.prompt || cue.confirm);
    if (!cue) return;
    cueBox.dataset.level = String(cue.level);
    setText(cueText, cue.prompt || "");
    cueOk.hidden = !cue.confirm;
    if (g && g.wait_ms && !g.paused && !g.ended) {
      const version = v.version;
      state.cueTimer = setTimeout(() => {
        state.cueTimer = null;
        if (state.view.version === version && root.isConnected) {
          model.send({ kind: "cue_tick", version, seat: v.seat });
        }
      }, g.wait_ms);
    }
    if (g && g.speech && cue.prompt && cue.prompt !== state.spoken) speak(cue.prompt);
    state.spoken = cue.prompt || "";
    if (g && g.sound && v.waiting === "you" && state.lastWaiting !== "you") chime();
    state.lastWaiting = v.waiting || "";
  }

  function speak(text) {
    const synth = typeof window !== "undefined" ? window.speechSynthesis : null;
    if (!synth || typeof SpeechSynthesisUtterance === "undefined") return;
    synth.cancel();
    const u = new SpeechSynthesisUtterance(text);
    u.rate = 0.9;
    synth.speak(u);
  }

  let audio = null;
  function chime() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      audio = audio || new Ctx();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.0001, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.05);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.6);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.65);
    } catch (err) {
      audio = null; // no sound is fine
    }
  }

  // -- bots at a human pace ------------------------------------------------------------------
  function schedule(v) {
    if (state.timer !== null) {
      clearTimeout(state.timer);
      state.timer = null;
    }
    if (v.waiting === "bot" && v.auto_ms && !state.paused) {
      const version = v.version;
      state.timer = setTimeout(() => {
        state.timer = null;
        if (state.view.version === version && root.isConnected) {
          model.send({ kind: "next", version, seat: v.seat, auto: true });
        }
      }, Math.max(200, v.auto_ms));
    }
  }

  // -- putting it together ----------------------------------------------------------------------
  function focusKey() {
    const a = document.activeElement;
    return a && root.contains(a) && a.dataset ? a.dataset.key || null : null;
  }

  function restoreFocus(key) {
    if (!key) return;
    const a = document.activeElement;
    if (a && root.contains(a) && a.dataset && a.dataset.key === key && !a.disabled && !a.hidden) return;
    const same = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (same && !same.disabled && !same.hidden && same.offsetParent !== null) {
      same.focus();
      return;
    }
    const v = state.view;
    const fallbacks = [];
    if (v.playing) {
      fallbacks.push(hand.querySelector(".cfw-htile.is-playable"), btnDraw, btnPass);
    }
    fallbacks.push(btnNext, resultNext, hand.querySelector(".cfw-htile"), board);
    for (const f of fallbacks) {
      if (f && !f.disabled && !f.hidden && f.offsetParent !== null) {
        f.focus();
        return;
      }
    }
  }

  function update() {
    const key = focusKey();
    const v = (state.view = model.get("view") || {});
    root.classList.toggle("is-large", !!model.get("large"));
    root.dataset.display = model.get("display") || "pips";
    displaySelect.value = model.get("display") || "pips";
    largeBox.checked = !!model.get("large");
    setText(where, v.where || "");
    setText(statusLast, v.last_words ? `${v.last_words} ` : "");
    setText(statusTurn, v.status || "");
    setText(statusRule, v.rule ? ` ${v.rule}` : "");
    drawPlayers(v);
    drawHand(v);
    drawTargets(v);
    drawBoard(v);
    drawLog(v);
    drawResult(v);
    drawSheet(v);
    drawActions(v);
    drawCue(v);
    localNote = "";
    setText(message, model.get("message") || "");
    schedule(v);
    restoreFocus(key);
  }

  function onLook() {
    const key = focusKey();
    root.classList.toggle("is-large", !!model.get("large"));
    root.dataset.display = model.get("display") || "pips";
    displaySelect.value = model.get("display") || "pips";
    largeBox.checked = !!model.get("large");
    drawHand(state.view);
    drawBoard(state.view);
    restoreFocus(key);
  }

  function onMessage() {
    setText(message, model.get("message") || localNote || "");
  }

  model.on("change:view", update);
  model.on("change:display", onLook);
  model.on("change:palette", onLook);
  model.on("change:large", onLook);
  model.on("change:message", onMessage);
  update();
  requestAnimationFrame(applyCamera);

  return () => {
    model.off("change:view", update);
    model.off("change:display", onLook);
    model.off("change:palette", onLook);
    model.off("change:large", onLook);
    model.off("change:message", onMessage);
    if (state.timer !== null) clearTimeout(state.timer);
    if (state.cueTimer !== null) clearTimeout(state.cueTimer);
    if (resizeObserver) resizeObserver.disconnect();
    root.remove();
  };
}

let uidCounter = 0;
function uid(prefix) {
  uidCounter += 1;
  return `cfw-${prefix}-${uidCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

export default { render };
