// @ts-check
// cfwidget: the Chicken Foot farmyard as an anywidget view.
//
// A plain ES module (no build step, no imports). Python owns the game: this
// file only draws the `view` trait and sends small intents back with
// model.send({kind, version, ...}). There is no rule logic here. Every text is
// set with textContent or createTextNode, never parsed as HTML.
//
// The file is checked by TypeScript's checker (// @ts-check, jsconfig.json) and its pure
// helpers (pips, the camera) are exported for Node's tests in tests/js; it imports in Node
// without a DOM, so everything that touches the page stays inside functions.
//
// The file reads top to bottom: the shape of the view, the intents and the model
// (typedefs), small DOM helpers, drawing a tile, the camera's pure functions, then one
// section per part of the screen (head, players, board, hand, targets, log, result, sheet,
// actions, coach, cue), each made by a function that builds its nodes once and returns an
// `update(view)`, and last `render`, which puts the sections together. The cue section
// (guided play) is made only when a view has a cue.
//
// On screen, top to bottom: the turn line; the round and the seats; the board (the round's
// result as a card over it, the overview in its corner when the table is followed; the moves
// beside it when the widget is wide); the hand with Draw, Pass, Next and Undo beside it; one
// line with the targets (or the message) and the tools (zoom, Full screen, More, Moves); then
// "More" (the open ends in words, how tiles look, the keys) and "Moves" when opened. The
// board's height is what the visible panel leaves (render: fitBoard).

// -- the view's shape: a mirror of cfwidget/widget/_view.py, field by field ---------------
// (tests/widget/test_widget.py checks that every typedef here matches its TypedDict there.)

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
 * @property {boolean} linked
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
 * @property {number} badge_x
 * @property {number} badge_y
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
 * One player's place at the end of a game (a full tie shares a place).
 * @typedef {Object} Standing
 * @property {number} place
 * @property {string} name
 * @property {number} total
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
 * @property {string[]} tiles
 */

/**
 * The coach's advice for your turn (coach=True): the sentence, the move, what to ring.
 * @typedef {Object} Hint
 * @property {string} text
 * @property {string} move
 * @property {string|null} tile
 * @property {string|null} onto
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
 * @property {boolean} show_fit
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
 * @property {string} opening
 * @property {Result|null} result
 * @property {Sheet|null} sheet
 * @property {Standing[]|null} standings
 * @property {boolean} can_new_game
 * @property {Cue|null} cue
 * @property {Guided|null} guided
 * @property {boolean} coach
 * @property {Hint|null} hint
 */

// -- the intents: what the view sends, a mirror of the widgets' intent tables ---------------
// (GameWidget.intents and GuidedSession.intents: cfwidget/widget/_widget.py, _hint.py and
// cfwidget/therapy/widget.py; tests/widget/test_front_end.py checks them kind by kind.)
// A stamped intent carries the view's version and seat; [name] is a field that may be left out.

/** @typedef {"pips"|"numerals"|"colour"} Display */

/**
 * Play a hand tile: `move` is "tile@onto", with "!" after it to announce the last tile.
 * @typedef {Object} PlayIntent
 * @property {"play"} kind
 * @property {number} version
 * @property {number} seat
 * @property {string} move
 */

/**
 * @typedef {Object} DrawIntent
 * @property {"draw"} kind
 * @property {number} version
 * @property {number} seat
 */

/**
 * @typedef {Object} PassIntent
 * @property {"pass"} kind
 * @property {number} version
 * @property {number} seat
 */

/**
 * The next bot's move (`auto` when the view's timer asks), or the next round.
 * @typedef {Object} NextIntent
 * @property {"next"} kind
 * @property {number} version
 * @property {number} seat
 * @property {boolean} [auto]
 */

/**
 * @typedef {Object} UndoIntent
 * @property {"undo"} kind
 * @property {number} version
 * @property {number} seat
 */

/**
 * @typedef {Object} NewGameIntent
 * @property {"new_game"} kind
 * @property {number} version
 * @property {number} seat
 */

/**
 * @typedef {Object} HintIntent
 * @property {"hint"} kind
 * @property {number} version
 * @property {number} seat
 */

/**
 * @typedef {Object} DisplayIntent
 * @property {"display"} kind
 * @property {Display} value
 */

/**
 * @typedef {Object} LargeIntent
 * @property {"large"} kind
 * @property {boolean} value
 */

/**
 * The board's size in pixels, so a new round is laid out to its shape.
 * @typedef {Object} BoardIntent
 * @property {"board"} kind
 * @property {number} width
 * @property {number} height
 */

/**
 * Guided play: the cue's wait is over.
 * @typedef {Object} CueTickIntent
 * @property {"cue_tick"} kind
 * @property {number} version
 * @property {number} seat
 */

/**
 * Guided play: OK, place the move shown together.
 * @typedef {Object} ConfirmIntent
 * @property {"confirm"} kind
 * @property {number} version
 * @property {number} seat
 */

/**
 * Guided play: a tile that fits nowhere, or a tile tried on a place where it does not go.
 * @typedef {Object} TryIntent
 * @property {"try"} kind
 * @property {number} version
 * @property {number} seat
 * @property {string} tile
 * @property {string} [onto]
 */

/**
 * @typedef {PlayIntent|DrawIntent|PassIntent|NextIntent|UndoIntent|NewGameIntent|HintIntent|DisplayIntent|LargeIntent|BoardIntent|CueTickIntent|ConfirmIntent|TryIntent} Intent
 */

/**
 * The intents stamped with the view's version and seat (sent by ctx.send).
 * @typedef {Extract<Intent, {version: number}>} StampedIntent
 */

/**
 * What ctx.send adds to a stamped intent of kind K besides its kind and stamp.
 * @template {StampedIntent["kind"]} K
 * @typedef {Omit<Extract<StampedIntent, {kind: K}>, "kind"|"version"|"seat">} IntentFields
 */

// -- the model: the traits the widget syncs, as anywidget hands them to render() ------------

/**
 * GameWidget's synced traits (cfwidget/widget/_widget.py).
 * @typedef {Object} Traits
 * @property {View} view
 * @property {string} message
 * @property {Display} display
 * @property {boolean} large
 * @property {string[]} palette
 */

/**
 * The part of anywidget's model this file uses.
 * @typedef {Object} Model
 * @property {<K extends keyof Traits>(name: K) => Traits[K]} get
 * @property {(message: Intent) => void} send
 * @property {(event: string, callback: () => void) => void} on
 * @property {(event: string, callback: () => void) => void} off
 */

// -- sizes and constants ----------------------------------------------------------------------

const SVG_NS = "http://www.w3.org/2000/svg";
const U = 100; // SVG units per tile unit: a tile is 200 x 100
const PIP_SPOT = 0.27;
const MARGIN = 0.5; // tile units round the farmyard when fitting it to the view
const ZOOM_STEP = 1.25;
const PAN_STEP = 0.12; // of the visible width per arrow key
const DRAG_SLOP = 5; // pixels a pointer may move and still click
// The smallest a tile's short side is ever shown, in screen pixels (with "Large tiles": more).
// A table too big to show whole at that size is followed: the view keeps the play in sight.
const MIN_TILE_PX = 22;
const MIN_TILE_PX_LARGE = 30;
// A badge's radius in SVG units: 12 px on screen, never more than the room Python leaves for
// it beside its end (cfwidget.table.BADGE_RADIUS, 0.55 of a tile's width).
const BADGE_PX = 12;
const BADGE_MAX = 55;
const ASPECT_NOTICE = 0.05; // a change of the board's shape worth telling Python about
// The board's height: what the visible panel leaves, never under MIN_BOARD_PX, never taller
// than MAX_BOARD_RATIO of its width (but in full screen), FIT_MARGIN_PX kept free below.
const MIN_BOARD_PX = 200;
const MAX_BOARD_RATIO = 0.8;
const FIT_MARGIN_PX = 6;
const LEAD_SHARE = 0.3; // a header up to this share of the visible height stays in view above
const WIDE_PX = 1000; // a widget this wide keeps the moves in a side column
const DOCK_PX = 700; // a widget this wide has the line and the buttons beside the hand
const TRAIL_COLOURS = 8; // spoke colours of the trails under the lines (cfw-trail-0 .. 7)
/** @type {[Display, string][]} the ways to show tiles, and their names in the menu */
const LOOKS = [
  ["pips", "pips"],
  ["numerals", "numerals"],
  ["colour", "coloured pips"],
];

/**
 * The keys, in words; H (the coach's hint) only where the widget has a Hint button.
 * @param {boolean} coach
 */
function helpText(coach) {
  return (
    "Keys: \u2190 \u2192 choose a tile, Enter picks it; \u2190 \u2192 or Tab choose where it goes, " +
    `Enter plays, Esc goes back. D draw, P pass, N next, U undo${coach ? ", H hint" : ""}, F full screen. ` +
    "On the board: arrow keys pan, + and \u2212 zoom, 0 fits."
  );
}

// -- small DOM helpers (text only ever through textContent) -------------------------------

/**
 * Attributes to set: null, undefined and false leave one out, true sets it empty.
 * @typedef {Record<string, string|number|boolean|null|undefined>} Attrs
 */

/**
 * An HTML element with its attributes and its text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs|null} [attrs]
 * @param {string|number|null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
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

const TILE_NAME = /(\d{1,2}-\d{1,2})/;

/**
 * Text whose tile names ("6-6", "9-4") never break across lines: each one in a nowrap span.
 * @template {Element} E
 * @param {E} node
 * @param {string} text
 * @returns {E}
 */
function withTiles(node, text) {
  for (const [i, part] of String(text).split(TILE_NAME).entries()) {
    if (!part) continue;
    node.appendChild(i % 2 ? h("span", { class: "cfw-tile-name" }, part) : document.createTextNode(part));
  }
  return node;
}

/**
 * An SVG element with its attributes.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string|number>} [attrs]
 * @returns {SVGElementTagNameMap[K]}
 */
function s(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  }
  return node;
}

/**
 * Set a node's text, only when it changes (no needless mutation for screen readers).
 * @param {Node} node
 * @param {string|null|undefined} text
 */
function setText(node, text) {
  const value = text === undefined || text === null ? "" : String(text);
  if (node.textContent !== value) node.textContent = value;
}

/**
 * A number for an SVG attribute, to a tenth.
 * @param {number} v
 */
function num(v) {
  return String(Math.round(v * 10) / 10);
}

// -- drawing tiles (mirrors cfwidget/table/_drawing.py) ------------------------------------

/**
 * A point as [x, y].
 * @typedef {[number, number]} Point
 */

/** @typedef {"tl"|"tc"|"tr"|"ml"|"c"|"mr"|"bl"|"bc"|"br"} Spot */

/** @type {Spot[][]} the pips of 0 to 9, by their spots on a 3 x 3 grid */
const PATTERNS = [
  [],
  ["c"],
  ["tl", "br"],
  ["tl", "c", "br"],
  ["tl", "tr", "bl", "br"],
  ["tl", "tr", "c", "bl", "br"],
  ["tl", "tc", "tr", "bl", "bc", "br"],
  ["tl", "tc", "tr", "c", "bl", "bc", "br"],
  ["tl", "tc", "tr", "ml", "mr", "bl", "bc", "br"],
  ["tl", "tc", "tr", "ml", "c", "mr", "bl", "bc", "br"],
];
/** @type {Record<Spot, Point>} */
const GRID = {
  tl: [-1, -1], tc: [0, -1], tr: [1, -1],
  ml: [-1, 0], c: [0, 0], mr: [1, 0],
  bl: [-1, 1], bc: [0, 1], br: [1, 1],
};
/** @type {Map<number, Point[]>} */
const pipCache = new Map();

/**
 * Where the pips of `n` sit in a half, as offsets in tile units from its middle: up to 9 the
 * familiar patterns; above that, rows of 4 (or 5 from 17 up). Python's pip_positions draws
 * the same (tests/widget/test_front_end.py compares them).
 * @param {number} n
 * @returns {Point[]}
 */
export function pipPositions(n) {
  const known = pipCache.get(n);
  if (known) return known;
  /** @type {Point[]} */
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

/** @param {number} n */
function pipRadius(n) {
  return n <= 9 ? 9.5 : n <= 16 ? 8 : 6.5;
}

/** @type {Map<string, string>} */
const pipPathCache = new Map();

/**
 * All pips of one half as a single path (one element instead of up to nine circles).
 * @param {number} n
 * @param {number} cx
 */
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

/**
 * One half's pips (or numeral) into the tile's group `g`, its middle at (cx, 0).
 * @param {SVGGElement} g
 * @param {number} n
 * @param {number} cx
 * @param {Display} mode
 * @param {number} angle
 * @param {string[]} palette
 */
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

/**
 * What drawTile needs of a tile, in tile units.
 * @typedef {Pose & {first: number, second: number, linked?: boolean}} TileFace
 */

/**
 * One tile as an SVG group.
 * @param {TileFace} p
 * @param {Display} mode
 * @param {string[]} palette
 */
export function drawTile(p, mode, palette) {
  const g = s("g", {
    class: p.linked ? "cfw-tile is-linked" : "cfw-tile",
    transform: `translate(${num(p.x * U)} ${num(p.y * U)}) rotate(${num(p.angle)})`,
  });
  g.appendChild(s("rect", { class: "cfw-face", x: -100, y: -50, width: 200, height: 100, rx: 12 }));
  g.appendChild(s("line", { class: "cfw-bar", x1: 0, y1: -38, x2: 0, y2: 38 }));
  drawHalf(g, p.first, -50, mode, p.angle, palette);
  drawHalf(g, p.second, 50, mode, p.angle, palette);
  return g;
}

/**
 * The halves' centres of a tile, in SVG units: [[x, y], [x, y]] for `first` and `second`.
 * @param {Pose} p
 * @returns {[Point, Point]}
 */
export function halfCentres(p) {
  const a = (p.angle * Math.PI) / 180;
  const ux = (Math.cos(a) * U) / 2;
  const uy = (Math.sin(a) * U) / 2;
  return [
    [p.x * U - ux, p.y * U - uy],
    [p.x * U + ux, p.y * U + uy],
  ];
}

/**
 * A dashed line from a tile laid apart (its matching half) to the open end it was played onto.
 * @param {PlacedTile} p
 * @param {PlacedTile} parent
 */
export function drawLink(p, parent) {
  const [from] = halfCentres(p);
  const to = parent.first === parent.second ? [parent.x * U, parent.y * U] : halfCentres(parent)[1];
  const ends = { x1: num(from[0]), y1: num(from[1]), x2: num(to[0]), y2: num(to[1]) };
  const g = s("g", { class: "cfw-linkline", "data-tile": p.tile });
  g.append(s("line", { class: "cfw-link-case", ...ends }), s("line", { class: "cfw-link", ...ends }));
  return g;
}

/**
 * A hand tile, standing, as its own small SVG.
 * @param {string} tile
 * @param {Display} mode
 * @param {string[]} palette
 */
function handTileSvg(tile, mode, palette) {
  const [a, b] = tileNumbers(tile);
  const svg = s("svg", { viewBox: "-54 -104 108 208", "aria-hidden": "true", focusable: "false" });
  svg.appendChild(drawTile({ x: 0, y: 0, angle: 90, first: a, second: b }, mode, palette));
  return svg;
}

/**
 * The two numbers of a tile's name ("9-4" is [9, 4]).
 * @param {string} text
 * @returns {[number, number]}
 */
function tileNumbers(text) {
  const [a, b] = String(text).split("-").map((v) => Number.parseInt(v, 10));
  return [a, b];
}

let uidCounter = 0;
/**
 * An id no other widget on the page has.
 * @param {string} prefix
 */
function uid(prefix) {
  uidCounter += 1;
  return `cfw-${prefix}-${uidCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** @type {Record<string, number>} */
const ARROWS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/**
 * Focus the element `step` places from `current` in `list`, round the ends (the first when
 * `current` is not in it).
 * @param {HTMLElement[]} list
 * @param {EventTarget|null} current
 * @param {number} step
 */
function moveAmong(list, current, step) {
  if (!list.length) return;
  let i = list.findIndex((x) => x === current);
  i = i < 0 ? 0 : (i + step + list.length) % list.length;
  list[i].focus();
}

/**
 * The HTML elements under `root` that match `selector`, in document order.
 * @param {ParentNode} root
 * @param {string} selector
 */
function allOf(root, selector) {
  return [...root.querySelectorAll(selector)].filter((x) => x instanceof HTMLElement);
}

/**
 * The first HTML element under `root` that matches `selector`, or null.
 * @param {ParentNode} root
 * @param {string} selector
 */
function firstOf(root, selector) {
  const x = root.querySelector(selector);
  return x instanceof HTMLElement ? x : null;
}

/**
 * The element that has the focus, when it is an HTML element (its data-* are read).
 * @returns {HTMLElement|null}
 */
function focused() {
  const a = document.activeElement;
  return a instanceof HTMLElement ? a : null;
}

/**
 * Whether an element can take the focus now: not disabled, not hidden, laid out.
 * @param {HTMLElement|null} el
 * @returns {el is HTMLElement}
 */
function canFocus(el) {
  return !!el && !el.matches(":disabled") && !el.hidden && el.offsetParent !== null;
}

/**
 * Whether an event's target is an element with the class `name`.
 * @param {EventTarget|null} node
 * @param {string} name
 */
function hasClass(node, name) {
  return node instanceof Element && node.classList.contains(name);
}

// -- the sections ----------------------------------------------------------------------------
//
// Each section is made once by `makeX(ctx)` and returns its nodes and `update(view)`,
// plus what the other sections may ask of it. `ctx` (a Ctx) is what they share.

/**
 * What the browser alone knows besides the view.
 * @typedef {Object} State
 * @property {View} view the view drawn last
 * @property {string|null} selected the hand tile picked for play
 * @property {string|null} focusOnto the target under keyboard focus or pointer
 * @property {boolean} paused the bots are paused
 */

/**
 * How tiles are drawn now; `key` changes when any of it does.
 * @typedef {{mode: Display, palette: string[], key: string}} Look
 */

/**
 * What the sections share.
 * @typedef {Object} Ctx
 * @property {Model} model the anywidget model
 * @property {State} state
 * @property {HTMLElement} root the widget's root element
 * @property {<K extends StampedIntent["kind"]>(kind: K, extra?: IntentFields<K>) => void} send
 *   send an intent stamped with the view's version and seat
 * @property {() => Look} look
 * @property {(tile: string|null) => Target[]} targetsOf the targets of a hand tile
 * @property {(text: string) => void} showLocal a note in the message line that only the
 *   browser knows
 * @property {(tile: string) => void} pick choose a hand tile
 * @property {(focusTile: boolean) => void} unpick put it back (and focus it)
 * @property {(onto: string) => void} play play the chosen tile on the end `onto`
 * @property {(onto: string|null) => void} markFocus highlight the board mark of the target
 * @property {() => void} flushSize send the board's size now if it is waiting
 */

// -- head: the last move, whose turn, the rule in force ---------------------------------------
function makeHead() {
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
function makePlayers() {
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

// -- board: the farmyard, its marks (last tile, cue, targets), pan and zoom ------------------

/**
 * A tile with where it lies: a tile drawn stays drawn while this stays the same (a review laid
 * out again to the board's shape moves its tiles; play never does).
 * @param {PlacedTile} p
 */
function placeKey(p) {
  return `${p.tile}@${p.x},${p.y},${p.angle}`;
}

/**
 * A ring round a tile (its class `cls`), `pad` SVG units out from its edges.
 * @param {Pose} p
 * @param {string} cls
 * @param {number} pad
 */
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

// -- the camera: pure functions of boxes and frames, in SVG units ----------------------------
//
// A box is a region {x0, y0, x1, y1}; a frame is what the board shows {cx, cy, w, h} (its
// centre and size). These functions read no DOM and keep no state: makeBoard holds the
// camera's state and asks them where to look (tests/js/camera.test.js tries them in Node).

/**
 * A region of the table, in SVG units.
 * @typedef {{x0: number, y0: number, x1: number, y1: number}} Box
 */
/**
 * What the board shows: its centre and size, in SVG units.
 * @typedef {{cx: number, cy: number, w: number, h: number}} Frame
 */
/**
 * The automatic camera's frame; `whole` when it shows the whole farmyard.
 * @typedef {Frame & {whole: boolean}} AutoFrame
 */
/**
 * A size in screen pixels.
 * @typedef {{width: number, height: number}} Size
 */
/**
 * Where a tile lies, in tile units (what tileBox and halfCentres need of a PlacedTile).
 * @typedef {{x: number, y: number, angle: number}} Pose
 */

/**
 * The box round a tile (rotated), grown by `pad`.
 * @param {Pose} p
 * @param {number} [pad]
 * @returns {Box}
 */
export function tileBox(p, pad = 0) {
  const a = (p.angle * Math.PI) / 180;
  const c = Math.abs(Math.cos(a));
  const sn = Math.abs(Math.sin(a));
  const hx = c * U + sn * (U / 2) + pad;
  const hy = sn * U + c * (U / 2) + pad;
  return { x0: p.x * U - hx, y0: p.y * U - hy, x1: p.x * U + hx, y1: p.y * U + hy };
}

/**
 * The box round a target's badge.
 * @param {{badge_x: number, badge_y: number}} t
 * @returns {Box}
 */
export function badgeBox(t) {
  const r = BADGE_MAX * 1.2;
  return { x0: t.badge_x * U - r, y0: t.badge_y * U - r, x1: t.badge_x * U + r, y1: t.badge_y * U + r };
}

/**
 * The smallest box holding all of `boxes` (null for none; nulls are skipped).
 * @param {(Box|null)[]} boxes
 * @returns {Box|null}
 */
export function unionBox(boxes) {
  /** @type {Box|null} */
  let out = null;
  for (const b of boxes) {
    if (!b) continue;
    out = out
      ? { x0: Math.min(out.x0, b.x0), y0: Math.min(out.y0, b.y0), x1: Math.max(out.x1, b.x1), y1: Math.max(out.y1, b.y1) }
      : { ...b };
  }
  return out;
}

/**
 * The centre nearest `c` of a window `span` wide that covers lo..hi (lo..hi fits in it).
 * @param {number} c
 * @param {number} lo
 * @param {number} hi
 * @param {number} span
 */
export function coverShift(c, lo, hi, span) {
  const half = span / 2;
  if (hi > c + half) c = hi - half;
  if (lo < c - half) c = lo + half;
  return c;
}

/**
 * The centre nearest `c` of a window `span` wide that stays on lo..hi (centred if wider).
 * @param {number} c
 * @param {number} lo
 * @param {number} hi
 * @param {number} span
 */
export function keepOn(c, lo, hi, span) {
  if (hi - lo <= span) return (lo + hi) / 2;
  return Math.min(Math.max(c, lo + span / 2), hi - span / 2);
}

/**
 * A frame as text, to the tenth of a unit: two frames with the same key look the same.
 * @param {Frame} b
 */
export function boxKey(b) {
  return `${num(b.cx)} ${num(b.cy)} ${num(b.w)} ${num(b.h)}`;
}

/**
 * Whether box `b` is inside the frame (with a unit to spare).
 * @param {Box} b
 * @param {Frame} frame
 */
export function inside(b, frame) {
  return (
    b.x0 >= frame.cx - frame.w / 2 - 1 &&
    b.x1 <= frame.cx + frame.w / 2 + 1 &&
    b.y0 >= frame.cy - frame.h / 2 - 1 &&
    b.y1 <= frame.cy + frame.h / 2 + 1
  );
}

/**
 * A frame of the board's shape (`aspect` = width / height) round `frame`: it only grows.
 * @param {Frame} frame
 * @param {number} aspect
 * @returns {Frame}
 */
export function stretch(frame, aspect) {
  let { w, h: hh } = frame;
  if (w / hh < aspect) w = hh * aspect;
  else hh = w / aspect;
  return { cx: frame.cx, cy: frame.cy, w, h: hh };
}

/**
 * The widest frame (SVG units) a board of `size` pixels shows with tiles `minPx` wide.
 * @param {Size} size
 * @param {number} minPx
 * @returns {{w: number, h: number}}
 */
export function widest(size, minPx) {
  const k = U / minPx;
  return { w: size.width * k, h: size.height * k };
}

/**
 * The farmyard with a margin, and the badges of the chosen tile's `targets`.
 * @param {Bounds|null|undefined} bounds
 * @param {{badge_x: number, badge_y: number}[]} targets
 * @returns {Box}
 */
export function tableBox(bounds, targets) {
  const b = bounds || { min_x: -1, min_y: -1, max_x: 1, max_y: 1 };
  const box = { x0: (b.min_x - MARGIN) * U, y0: (b.min_y - MARGIN) * U, x1: (b.max_x + MARGIN) * U, y1: (b.max_y + MARGIN) * U };
  // Never null: the farmyard's box is always one of them.
  return /** @type {Box} */ (unionBox([box, ...targets.map(badgeBox)]));
}

/**
 * The whole of box `t` in a frame of the board's shape, never zoomed in beyond a comfortable
 * size on a small table (12 x 7 tile units, or 9 x 5 with large tiles).
 * @param {Box} t
 * @param {number} aspect
 * @param {boolean} large
 * @returns {Frame}
 */
export function fitBox(t, aspect, large) {
  const minW = (large ? 9 : 12) * U;
  const minH = (large ? 5 : 7) * U;
  return stretch({ cx: (t.x0 + t.x1) / 2, cy: (t.y0 + t.y1) / 2, w: Math.max(t.x1 - t.x0, minW), h: Math.max(t.y1 - t.y0, minH) }, aspect);
}

/**
 * What a followed view keeps in sight, as choices from all of it down to the one thing that
 * matters most (the last move, the cue's and the hint's ends, the chosen tile's `targets`
 * with their badges, the focused target alone, the last move alone): the first choice that
 * fits the view is taken. Each tile is grown by `ringRoom` for the ring round it.
 * @param {View} v
 * @param {Target[]} targets
 * @param {string|null} focusOnto
 * @param {number} ringRoom
 * @returns {Box[]}
 */
export function sightings(v, targets, focusOnto, ringRoom) {
  const byTile = new Map((v.table || []).map((p) => [p.tile, p]));
  /** @param {string} tile */
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

/**
 * The automatic frame: `fit` (the whole farmyard) when it is no wider than `most` (the
 * widest frame at the smallest tile size); otherwise a frame of size `most` that starts
 * where the camera was last centred (`follow`, else the table's middle), moves as little as
 * it can to cover the first of `seen()` that fits, and stays on the table `table`.
 * @param {Frame} fit
 * @param {{w: number, h: number}} most
 * @param {Box} table
 * @param {{cx: number, cy: number}|null} follow
 * @param {() => Box[]} seen
 * @returns {AutoFrame}
 */
export function autoFrame(fit, most, table, follow, seen) {
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

/**
 * The frame `b` zoomed by `factor` (above 1 is in) round the point (px, py), or round its
 * centre. Never in closer than 4 tile units wide; null when it would reach `autoW`, the
 * automatic frame's width: out as far as that, and no further, the camera is automatic again.
 * @param {Frame} b
 * @param {number} autoW
 * @param {number} factor
 * @param {number} [px]
 * @param {number} [py]
 * @returns {Frame|null}
 */
export function zoomFrame(b, autoW, factor, px, py) {
  const w = Math.max(b.w / factor, 4 * U);
  if (w >= autoW - 1e-6) return null;
  const k = w / b.w;
  let { cx, cy } = b;
  if (px !== undefined && py !== undefined) {
    cx = px + (cx - px) * k;
    cy = py + (cy - py) * k;
  }
  return { cx, cy, w, h: b.h * k };
}

/**
 * The frame `b` moved by the fractions `fx` and `fy` of its width and height.
 * @param {Frame} b
 * @param {number} fx
 * @param {number} fy
 * @returns {Frame}
 */
export function panFrame(b, fx, fy) {
  return { cx: b.cx + fx * b.w, cy: b.cy + fy * b.h, w: b.w, h: b.h };
}

/**
 * The frame `b` dragged by (dx, dy) screen pixels on a board `widthPx` wide: the table
 * follows the pointer.
 * @param {Frame} b
 * @param {number} dx
 * @param {number} dy
 * @param {number} widthPx
 * @returns {Frame}
 */
export function dragFrame(b, dx, dy, widthPx) {
  const scale = b.w / Math.max(widthPx, 1);
  return { cx: b.cx - dx * scale, cy: b.cy - dy * scale, w: b.w, h: b.h };
}

/**
 * Where a badge of radius `r` at (bx, by), outside `frame`, waits at the frame's edge, and
 * the arrow (tip, left, right corners) that points from there towards it.
 * @param {number} bx
 * @param {number} by
 * @param {number} r
 * @param {Frame} frame
 * @returns {{x: number, y: number, arrow: [number, number][]}}
 */
export function edgeBadge(bx, by, r, frame) {
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
      [ix + c * r * 0.7 + sn * r * 0.6, iy + sn * r * 0.7 - c * r * 0.6],
    ],
  };
}

// -- the board's pointers: zoom by wheel or pinch, pan by dragging, look from the overview --

/**
 * What the board's pointer handlers need of it.
 * @typedef {Object} PointerParts
 * @property {HTMLDivElement} board
 * @property {SVGSVGElement} svg the farmyard
 * @property {SVGSVGElement} ovSvg the overview
 * @property {Camera} cam the camera's state (a drag, the user's frame)
 * @property {() => Frame} currentBox the frame shown now
 * @property {() => Size} size the board in pixels
 * @property {(factor: number, px?: number, py?: number) => void} zoomBy
 * @property {() => void} applyCamera show the camera's frame
 */

/**
 * A point on the screen in the SVG's own units (null while it is not laid out).
 * @param {SVGSVGElement} target
 * @param {number} clientX
 * @param {number} clientY
 * @returns {Point|null}
 */
function svgPoint(target, clientX, clientY) {
  const ctm = target.getScreenCTM();
  if (!ctm) return null;
  const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
  return [pt.x, pt.y];
}

/**
 * The board's pointers: Ctrl or Cmd with the wheel and a two-finger pinch zoom, a mouse or pen
 * drag pans (and the click that ends it plays nothing), a press on the overview looks there.
 * @param {PointerParts} parts
 */
function bindPointers({ board, svg, ovSvg, cam, currentBox, size, zoomBy, applyCamera }) {
  // Notebook conventions: a plain wheel (or a touch swipe) scrolls the page; Ctrl or Cmd with
  // the wheel zooms (a trackpad pinch arrives as a wheel with ctrlKey), and so do two fingers.
  board.addEventListener(
    "wheel",
    (e) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      e.preventDefault();
      const pt = svgPoint(svg, e.clientX, e.clientY);
      const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
      if (pt) zoomBy(factor, pt[0], pt[1]);
      else zoomBy(factor);
    },
    { passive: false },
  );
  /** @type {Map<number, Point>} */
  const touches = new Map(); // pointerId -> [clientX, clientY] of the fingers on the board
  /** @type {{dist: number, box: Frame}|null} */
  let pinch = null; // the fingers' distance and the camera when the pinch began
  /** @returns {{dist: number, mid: Point}} the two fingers' distance and their middle */
  function spread() {
    const [a, b] = [...touches.values()];
    return { dist: Math.hypot(a[0] - b[0], a[1] - b[1]), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
  }
  board.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "touch") {
      // One finger scrolls the page (touch-action in the CSS); two fingers pinch-zoom.
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
  /** @param {PointerEvent} e */
  const endDrag = (e) => {
    if (touches.delete(e.pointerId)) {
      if (touches.size < 2) pinch = null;
      if (!touches.size) setTimeout(() => (cam.dragged = false), 0);
      return;
    }
    const d = cam.drag;
    if (!d || d.id !== e.pointerId) return;
    cam.dragged = d.moved;
    cam.drag = null;
    board.classList.remove("is-dragging");
    if (d.moved) setTimeout(() => (cam.dragged = false), 0);
  };
  board.addEventListener("pointerup", endDrag);
  board.addEventListener("pointercancel", endDrag);

  // The overview: press, or press and drag, to look at that part of the table.
  /** @type {number|null} */
  let ovPointer = null;
  /** @param {PointerEvent} e */
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
  /** @param {PointerEvent} e */
  const endLook = (e) => {
    if (ovPointer === e.pointerId) ovPointer = null;
  };
  ovSvg.addEventListener("pointerup", endLook);
  ovSvg.addEventListener("pointercancel", endLook);
}

// -- board: the farmyard, drawn, with the marks of the chosen tile's targets ------------------
//
// The camera is automatic until the user zooms or pans. Automatic means: the whole farmyard
// fitted to the board when its tiles come out at least MIN_TILE_PX wide; otherwise the view
// keeps that size and follows the play (the last move, the cue, every target of the chosen
// tile with its badge), moving as little as it can, and the overview shows the whole table.
// The user's zoom never goes below that size either. A move or a chosen tile outside the
// user's view hands the camera back to automatic. The camera's sums are the pure functions
// above (stretch, fitBox, autoFrame, zoomFrame...); makeBoard keeps its state and the DOM.

/**
 * The camera's state.
 * @typedef {Object} Camera
 * @property {Frame|null} box set by the user's zoom or pan; null = automatic
 * @property {AutoFrame|null} auto the automatic view, worked out by applyCamera
 * @property {{cx: number, cy: number}|null} follow where the followed view was centred last
 * @property {Size|null} size the board in pixels, kept by a ResizeObserver so drawing never
 *   forces a layout
 * @property {{x: number, y: number, box: Frame, id: number, moved: boolean}|null} drag a
 *   mouse or pen drag: where it began, the view then, the pointer, whether it moved yet
 * @property {boolean} dragged a drag just ended (its click must not play)
 * @property {string} markKey the view the marks were drawn for
 */

/** @param {Ctx} ctx */
function makeBoard(ctx) {
  const { state } = ctx;
  /** @type {Camera} */
  const cam = {
    box: null, // {cx, cy, w, h} in SVG units, set by the user's zoom or pan; null = automatic
    auto: null, // the automatic view, worked out by applyCamera
    follow: null, // {cx, cy}: where the followed view was centred last
    size: null, // the board in pixels, kept by a ResizeObserver so drawing never forces a layout
    drag: null,
    dragged: false,
    markKey: "", // the view the marks were drawn for
  };
  let drawnKey = ""; // display mode + palette the tiles were drawn with
  /** @type {string[]} */
  let drawnTiles = []; // tiles drawn, in order, each with where it lies (placeKey)
  /** @type {number[]} */
  let spokes = []; // per tile drawn: which spoke of the centre it grows from (-1: the centre)
  let sentAspect = 0; // the board's shape as last told to Python
  /** @type {ReturnType<typeof setTimeout>|null} */
  let sizeTimer = null;

  const node = h("div", { class: "cfw-boardbox" });
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
  const trailLayer = s("g", { class: "cfw-trails" });
  const tileLayer = s("g", { class: "cfw-tiles" });
  const linkLayer = s("g", { class: "cfw-links" });
  const markLayer = s("g", { class: "cfw-marks" });
  const hitLayer = s("g", { class: "cfw-hits" });
  svg.append(defs, felt, trailLayer, tileLayer, linkLayer, markLayer, hitLayer);
  board.appendChild(svg);
  const zoom = h("div", { class: "cfw-zoom", role: "group", "aria-label": "Zoom the farmyard" });
  const zoomOut = h("button", { type: "button", class: "cfw-btn cfw-icon", "aria-label": "Zoom out", title: "Zoom out (\u2212)", "data-key": "zoom-out" }, "\u2212");
  const zoomIn = h("button", { type: "button", class: "cfw-btn cfw-icon", "aria-label": "Zoom in", title: "Zoom in (+)", "data-key": "zoom-in" }, "+");
  const zoomFit = h("button", { type: "button", class: "cfw-btn", title: "Show the whole farmyard, or follow the play when it is too big to show whole (0)", "data-key": "fit" }, "Fit");
  zoom.append(zoomOut, zoomIn, zoomFit);
  // The zoom buttons sit in the strip of controls under the board (never on tiles); the open
  // ends' sentence is placed by render, behind the "More" disclosure.
  node.appendChild(board);

  // The overview: the whole table small, the part in view outlined; a click or a drag looks there.
  const overview = h("div", { class: "cfw-overview", hidden: true });
  const ovTitle = h("p", { class: "cfw-overview-title" }, "Whole table: click to look there");
  const ovSvg = s("svg", { class: "cfw-overview-svg", preserveAspectRatio: "xMidYMid meet", "aria-hidden": "true" });
  const ovTiles = s("g", { class: "cfw-ov-tiles" });
  const ovMarks = s("g", { class: "cfw-ov-marks" });
  const ovView = s("rect", { class: "cfw-ov-view", "vector-effect": "non-scaling-stroke" });
  ovSvg.append(ovTiles, ovMarks, ovView);
  overview.append(ovTitle, ovSvg);
  // Over the board's corner: it shows only when the table is not shown whole (tiles followed).
  node.appendChild(overview);

  /** @param {View} v */
  function update(v) {
    const { mode, palette, key } = ctx.look();
    const rows = v.table || [];
    let prefix = key === drawnKey && drawnTiles.length <= rows.length;
    for (let i = 0; prefix && i < drawnTiles.length; i++) {
      if (drawnTiles[i] !== placeKey(rows[i])) prefix = false;
    }
    if (!prefix) {
      if (key === drawnKey) cam.follow = null; // a new round, or moves taken back
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
    marks(v);
    follow();
  }

  /** The trail under tile `i`: a soft band from its parent's centre to its own, one colour per
   *  spoke, so which line grows from which end reads at a glance under a thicket of toes. */
  /**
   * @param {PlacedTile[]} rows
   * @param {number} i
   * @param {Node} out
   */
  function trail(rows, i, out) {
    const p = rows[i];
    const onto = p.onto;
    const parent = onto === null || onto === undefined ? null : rows[onto];
    if (onto === null || !parent) {
      spokes[i] = -1;
      return;
    }
    let k = spokes[onto];
    if (k === undefined || k < 0) k = spokes.filter((x, j) => j < i && rows[j].onto === onto).length;
    spokes[i] = k;
    out.appendChild(
      s("line", {
        class: `cfw-trail cfw-trail-${k % TRAIL_COLOURS}`,
        x1: num(parent.x * U),
        y1: num(parent.y * U),
        x2: num(p.x * U),
        y2: num(p.y * U),
      }),
    );
  }

  /**
   * The marks: a ring on the last tile, the cue's rings, a numbered badge per target.
   * @param {View} v
   */
  function marks(v) {
    markLayer.replaceChildren();
    hitLayer.replaceChildren();
    ovMarks.replaceChildren();
    const byTile = new Map((v.table || []).map((p) => [p.tile, p]));
    const view = currentBox();
    cam.markKey = boxKey(view);
    const upp = view.w / Math.max(size().width, 1);
    const pad = Math.max(8, 4 * upp);
    const r = Math.min(Math.max(30, BADGE_PX * upp), BADGE_MAX);
    const lastTile = v.last ? byTile.get(v.last) : undefined;
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
    const hintTile = hint && hint.onto ? byTile.get(hint.onto) : undefined;
    if (hint && hint.onto && hintTile) {
      const mark = ring(hintTile, "cfw-cue-ring is-move cfw-hint-ring", pad * 1.6);
      mark.setAttribute("data-hint-end", hint.onto);
      markLayer.appendChild(mark);
    }
    const reviewed = reviewOf(v);
    if (reviewed) for (const mark of reviewRings(reviewed, byTile, pad, upp)) markLayer.appendChild(mark);
    ctx.targetsOf(state.selected).forEach((t, i) => {
      const p = byTile.get(t.onto);
      if (!p) return;
      const focused = state.focusOnto === t.onto;
      const g = s("g", { class: "cfw-target-mark" + (focused ? " is-focus" : ""), "data-onto": t.onto });
      g.appendChild(ring(p, "cfw-ring-under", pad));
      g.appendChild(ring(p, "cfw-ring-over", pad));
      // The badge sits where Python found free felt beside the end (never on a tile).
      const bx = t.badge_x * U;
      const by = t.badge_y * U;
      g.appendChild(s("circle", { class: "cfw-badge-dot", cx: num(bx), cy: num(by), r: num(r), "vector-effect": "non-scaling-stroke" }));
      const label = s("text", { class: "cfw-badge-text", x: num(bx), y: num(by), dy: "0.35em", "font-size": num(r * 1.25) });
      label.textContent = String(i + 1);
      g.appendChild(label);
      markLayer.appendChild(g);
      ovMarks.appendChild(s("circle", { class: "cfw-ov-target", cx: num(bx), cy: num(by), r: num(BADGE_MAX * 1.6) }));
      if (!inside({ x0: bx - r, y0: by - r, x1: bx + r, y1: by + r }, view)) offView(t, i, bx, by, r, view, focused);
      // The click area: the tile and its badge.
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

  /**
   * A badge out of view: at the board's edge, an arrow towards its end; a click looks there.
   * @param {Target} t
   * @param {number} i
   * @param {number} bx
   * @param {number} by
   * @param {number} r
   * @param {Frame} view
   * @param {boolean} focused
   */
  function offView(t, i, bx, by, r, view, focused) {
    const { x: ix, y: iy, arrow } = edgeBadge(bx, by, r, view);
    const g = s("g", { class: "cfw-target-mark cfw-badge-off" + (focused ? " is-focus" : ""), "data-onto": t.onto });
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

  // Focus and hover only restyle the marks: rebuilding them between a mousedown and
  // its mouseup would swallow the click. A target brought into focus from the keyboard
  // comes into view when the table is followed.
  /** @param {string|null} onto */
  function markFocus(onto) {
    if (state.focusOnto === onto) return;
    state.focusOnto = onto;
    for (const g of svg.querySelectorAll(".cfw-target-mark")) {
      g.classList.toggle("is-focus", g.getAttribute("data-onto") === onto);
    }
    if (onto) follow();
  }

  // -- the camera ------------------------------------------------------------------------------

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

  function aspect() {
    const r = size();
    return r.width / r.height;
  }

  function large() {
    return ctx.root.classList.contains("is-large");
  }

  /** The farmyard with a margin, and the badges of the chosen tile's targets. */
  function table() {
    return tableBox(state.view.bounds, ctx.targetsOf(state.selected));
  }

  /** What a followed view keeps in sight (see sightings), a tile with room for its ring round
   *  it (a pad of up to 7 px and a stroke of up to 7 px). */
  function seen() {
    return sightings(state.view, ctx.targetsOf(state.selected), state.focusOnto, 14 * (U / minPx()));
  }

  /** The automatic view: the whole farmyard, or a followed part of it at the smallest size. */
  function autoBox() {
    const t = table();
    return autoFrame(fitBox(t, aspect(), large()), widest(size(), minPx()), t, cam.follow, seen);
  }

  function currentBox() {
    if (cam.box) return stretch(cam.box, aspect());
    return cam.auto || autoBox();
  }

  /** Keep the play in sight: a move or target outside the user's own view hands it back. */
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
    zoomFit.setAttribute("aria-pressed", cam.box ? "false" : "true");
    const t = table();
    const whole = inside(t, b);
    overview.hidden = whole;
    board.classList.toggle("is-following", !whole);
    if (!whole) {
      ovSvg.setAttribute("viewBox", `${num(t.x0)} ${num(t.y0)} ${num(t.x1 - t.x0)} ${num(t.y1 - t.y0)}`);
      for (const [k, val] of Object.entries({ x: x, y: y, width: b.w, height: b.h })) ovView.setAttribute(k, num(val));
    }
    const v = state.view;
    const n = (v.table || []).length;
    board.setAttribute(
      "aria-label",
      `Farmyard: ${n} ${n === 1 ? "tile" : "tiles"} on the table` +
        (v.last ? `, last played ${v.last}` : "") +
        (whole ? "" : ". Only part of it is in view, following the play; the overview shows it all") +
        ". Arrow keys pan, plus and minus zoom, 0 fits.",
    );
    // Marks keep their size on screen, and badges out of view wait at the edge: redraw them
    // when the view has moved.
    if (cam.markKey && cam.markKey !== boxKey(b) && (markLayer.firstChild || hitLayer.firstChild)) {
      marks(state.view);
    }
  }

  /** Zoom by `factor` round (px, py); out as far as the automatic view, and no further:
   *  tiles never get smaller than that. */
  /**
   * @param {number} factor
   * @param {number} [px]
   * @param {number} [py]
   */
  function zoomBy(factor, px, py) {
    cam.box = zoomFrame(currentBox(), autoBox().w, factor, px, py);
    applyCamera();
  }

  /**
   * @param {number} fx
   * @param {number} fy
   */
  function panBy(fx, fy) {
    cam.box = panFrame(currentBox(), fx, fy);
    applyCamera();
  }

  function fit() {
    cam.box = null;
    applyCamera();
  }

  zoomIn.addEventListener("click", () => zoomBy(ZOOM_STEP));
  zoomOut.addEventListener("click", () => zoomBy(1 / ZOOM_STEP));
  zoomFit.addEventListener("click", fit);
  bindPointers({ board, svg, ovSvg, cam, currentBox, size, zoomBy, applyCamera });
  // Guided play: with a tile chosen, a click on a table tile that is not one of its targets
  // is a try at a wrong place, and the session records it.
  board.addEventListener("click", (e) => {
    const v = state.view;
    if (cam.dragged || !v.guided || !v.playing || !state.selected) return;
    const g = e.target instanceof Element ? e.target.closest(".cfw-tile") : null;
    const onto = g ? g.getAttribute("data-tile") : null;
    if (!onto || ctx.targetsOf(state.selected).some((t) => t.onto === onto)) return;
    ctx.send("try", { tile: state.selected, onto });
  });

  // The board's shape goes to Python, so the next round is laid out to fit it.
  function sendSize() {
    sizeTimer = null;
    const r = cam.size;
    if (!r) return;
    const a = r.width / r.height;
    if (sentAspect && Math.abs(a / sentAspect - 1) < ASPECT_NOTICE) return;
    sentAspect = a;
    ctx.model.send({ kind: "board", width: Math.round(r.width), height: Math.round(r.height) });
  }
  function reportSize() {
    if (sizeTimer !== null) clearTimeout(sizeTimer);
    sizeTimer = setTimeout(sendSize, 200);
  }
  /** A size still waiting goes at once: an intent that lays a tile must not arrive before it
   *  (a round's table takes the board's shape while only its centre double is down). */
  function flushSize() {
    if (sizeTimer === null) return;
    clearTimeout(sizeTimer);
    sendSize();
  }

  /** @type {ResizeObserver|null} */
  let resizeObserver = null;
  if (typeof ResizeObserver !== "undefined") {
    resizeObserver = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].contentRect;
      if (box.width > 0 && box.height > 0) {
        cam.size = { width: box.width, height: box.height };
        applyCamera();
        reportSize();
      }
    });
    resizeObserver.observe(board);
  }

  /**
   * Arrow keys pan the focused board; + and - zoom and 0 fits from anywhere.
   * @param {KeyboardEvent} e
   * @returns {boolean} whether the key was the board's
   */
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

  function destroy() {
    if (sizeTimer !== null) clearTimeout(sizeTimer);
    if (resizeObserver) resizeObserver.disconnect();
  }

  return { node, board, zoom, openWords, overview, update, marks, markFocus, follow, applyCamera, flushSize, key, destroy };
}

// -- hand: the shown seat's tiles, which can be played, the one picked -----------------------
//
// The hand is one Tab stop (a roving tabindex): the picked tile, else the tile last
// focused, else the first has tabindex 0 and the others -1; the arrow keys, Home and End
// move among the tiles, and Enter or Space picks one.
/** @param {Ctx} ctx */
function makeHand(ctx) {
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
    const you = (v.players || [])[v.seat];
    setText(head, you ? `${you.name}'s tiles (${want.length})` : "Tiles");
    node.classList.toggle("is-playing", !!v.playing);
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

// -- targets: where the picked tile can go, as numbered buttons ------------------------------
/** @param {Ctx} ctx */
function makeTargets(ctx) {
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
      let hint = "";
      if (v.playing) {
        const any = (v.hand || []).some((x) => x.targets.length);
        // Guided play below cue level 3 does not tell whether a tile fits.
        const told = !v.guided || v.guided.show_fit;
        if (!told) hint = "Choose a tile to play, or draw, or pass.";
        else hint = any ? "Choose a tile to play." : v.can_draw ? "No tile fits: draw one." : v.can_pass ? "No tile fits: pass." : "";
      }
      node.appendChild(h("span", { class: "cfw-hint cfw-idle" }, hint));
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

// -- log: the moves of the round, in words ---------------------------------------------------
function makeLog() {
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

// -- result: the points of a finished round --------------------------------------------------
/** @param {Ctx} ctx */
function makeResult(ctx) {
  const node = h("section", { class: "cfw-result", "aria-labelledby": uid("result") });
  const title = h("h3", { id: node.getAttribute("aria-labelledby") });
  const table = h("table", { class: "cfw-table" });
  const next = h("button", { type: "button", class: "cfw-btn cfw-primary", "data-key": "result-next" }, "Next round");
  next.addEventListener("click", () => ctx.send("next"));
  const standings = h("table", { class: "cfw-table cfw-standings" });
  const again = h("button", { type: "button", class: "cfw-btn cfw-primary", "data-key": "new-game" }, "New game");
  again.addEventListener("click", () => ctx.send("new_game"));
  // Shown on a card over the board: the title and the way on at the top, then the round's
  // points and the standings side by side (render puts the score sheet beside them).
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
function makeSheet() {
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

// -- actions: draw, pass, next, undo, the bots' pace, the look -------------------------------
/** @param {Ctx} ctx */
function makeActions(ctx) {
  const { model, state } = ctx;
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
  // How tiles look: shown behind the "More" button (render places it).
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
    if (look) model.send({ kind: "display", value: look[0] });
  });
  largeBox.addEventListener("change", () => model.send({ kind: "large", value: largeBox.checked }));

  /** @param {View} v */
  function update(v) {
    draw.disabled = !v.can_draw;
    pass.disabled = !v.can_pass;
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
    displaySelect.value = model.get("display") || "pips";
    largeBox.checked = !!model.get("large");
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
          model.send({ kind: "next", version, seat: v.seat, auto: true });
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
   * D, P, N, U and H press Draw, Pass, Next, Undo and Hint.
   * @param {KeyboardEvent} e
   */
  function key(e) {
    const btn = keyed[e.key.toLowerCase()];
    if (!btn || e.key.length !== 1 || (btn === hint && hint.hidden)) return false;
    press(btn);
    return true;
  }

  function destroy() {
    if (timer !== null) clearTimeout(timer);
  }

  return { node, look, buttons: { draw, pass, next, undo, hint }, update, showLook, schedule, key, destroy };
}

// -- coach (coach=True only): the hint's sentence, read out politely by screen readers -------
function makeCoach() {
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

// -- cue (guided play only): the prompt, OK to place it together, speech, a turn sound -------
/** @param {Ctx} ctx */
function makeCue(ctx) {
  const { model, state } = ctx;
  /** @type {ReturnType<typeof setTimeout>|null} */
  let timer = null; // when the cue rises next
  let spoken = ""; // the prompt last read aloud
  let lastWaiting = "";
  /** @type {AudioContext|null} */
  let audio = null;
  const node = h("div", { class: "cfw-cue", role: "status", "aria-live": "polite" });
  const text = h("p", { class: "cfw-cue-text" });
  const ok = h("button", { type: "button", class: "cfw-btn cfw-primary", "data-key": "confirm" }, "OK, let's place it");
  ok.addEventListener("click", () => ctx.send("confirm"));
  node.append(text, ok);
  node.hidden = true;

  /** @param {View} v */
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
          model.send({ kind: "cue_tick", version, seat: v.seat });
        }
      }, g.wait_ms);
    }
    if (g && g.speech && cue.prompt && cue.prompt !== spoken) speak(cue.prompt);
    spoken = cue.prompt || "";
    if (g && g.sound && v.waiting === "you" && lastWaiting !== "you") chime();
    lastWaiting = v.waiting || "";
  }

  /** @param {string} words */
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

  function destroy() {
    if (timer !== null) clearTimeout(timer);
  }

  return { node, update, destroy };
}

// -- review (ReviewWidget only): the review's shape, its intents and its panel -----------------
// (cfwidget/widget/_review_widget.py and _review_view.py build the view's `review` part.)

/**
 * A ring on the table: where the move played, or the best move, goes.
 * @typedef {Object} ReviewRing
 * @property {"played"|"best"} kind
 * @property {string} label
 * @property {string} move
 * @property {string} onto
 * @property {number} badge_x
 * @property {number} badge_y
 */

/**
 * One candidate move with its expected round points (lower is better).
 * @typedef {Object} ReviewBar
 * @property {string} move
 * @property {string} text
 * @property {number} points
 * @property {string} value  the points as the words and saved pictures write them
 * @property {number} std_error
 * @property {number} out_chance
 * @property {boolean} played
 * @property {boolean} best
 */

/**
 * Another seat's hand, shown with the hands open.
 * @typedef {Object} ReviewHand
 * @property {number} seat
 * @property {string} name
 * @property {string[]} tiles
 */

/**
 * The review part of a ReviewWidget's view.
 * @typedef {Object} ReviewPanel
 * @property {number} move
 * @property {number} total
 * @property {number} round_no
 * @property {number} rounds
 * @property {number} mover
 * @property {number} seat
 * @property {boolean} follow
 * @property {boolean} hands_open
 * @property {string} shown
 * @property {string} words
 * @property {string} short
 * @property {ReviewRing[]} rings
 * @property {string|null} played_tile
 * @property {ReviewBar[]} bars
 * @property {string} bars_note
 * @property {string} odds
 * @property {ReviewHand[]} hands
 * @property {string[]} names
 * @property {number[]} mistakes
 * @property {number|null} previous_mistake
 * @property {number|null} next_mistake
 */

/**
 * Show a move (an absolute number: the same from any view, so it carries no stamp).
 * @typedef {Object} GotoIntent
 * @property {"goto"} kind
 * @property {number} move
 */

/**
 * Step to the first, previous, next or last move, or the previous or next mistake.
 * @typedef {Object} StepIntent
 * @property {"step"} kind
 * @property {number} version
 * @property {number} seat
 * @property {"first"|"back"|"next"|"last"|"previous_mistake"|"next_mistake"} to
 */

/**
 * The seat whose view is shown (null: the seat that made each move).
 * @typedef {Object} SeatIntent
 * @property {"seat"} kind
 * @property {number|null} value
 */

/**
 * @typedef {Object} HandsOpenIntent
 * @property {"hands_open"} kind
 * @property {boolean} value
 */

/** @typedef {GotoIntent|StepIntent|SeatIntent|HandsOpenIntent} ReviewIntent */

/**
 * The review part of a view, if the view is a ReviewWidget's.
 * @param {View} v
 * @returns {ReviewPanel|null}
 */
function reviewOf(v) {
  const r = /** @type {{review?: ReviewPanel}} */ (/** @type {unknown} */ (v)).review;
  return r || null;
}

/**
 * The bars' lengths, as shares of the longest (0.02 .. 1): a bar is as long as the move's
 * expected points, so a longer bar is a worse move; points at or below 0 get the shortest.
 * @param {number[]} points
 * @returns {number[]}
 */
export function barShares(points) {
  const top = Math.max(0, ...points.filter((p) => Number.isFinite(p)));
  return points.map((p) => {
    if (!Number.isFinite(p) || top <= 0) return 0.02;
    return Math.min(1, Math.max(0.02, p / top));
  });
}

/**
 * The move a key goes to in a review of `total` moves shown at `move`, or 0 (not a review key).
 * @param {string} key
 * @param {number} move
 * @param {number} total
 * @returns {number}
 */
export function reviewKeyTarget(key, move, total) {
  if (key === "ArrowLeft") return Math.max(1, move - 1);
  if (key === "ArrowRight") return Math.min(total, move + 1);
  if (key === "Home") return 1;
  if (key === "End") return total;
  return 0;
}

/**
 * The review's panel: the controls to move along the game, the verdict, the bars, the odds.
 * @param {Ctx} ctx
 */
function makeReview(ctx) {
  const { model, state } = ctx;
  /** @param {ReviewIntent} intent */
  const sendRaw = (intent) => model.send(/** @type {Intent} */ (/** @type {unknown} */ (intent)));
  /** @param {number} move */
  const goto = (move) => sendRaw({ kind: "goto", move });
  /** @param {StepIntent["to"]} to */
  const step = (to) => {
    const v = state.view;
    sendRaw({ kind: "step", version: v.version, seat: v.seat, to });
  };

  const node = h("section", { class: "cfw-review", "aria-label": "Game review" });
  const nav = h("div", { class: "cfw-review-nav", role: "group", "aria-label": "Move along the game" });
  /**
   * @param {string} text
   * @param {string} key
   * @param {string} title
   */
  const button = (text, key, title) => h("button", { type: "button", class: "cfw-btn", "data-key": key, title }, text);
  const first = button("First", "review-first", "The first move (Home)");
  const back = button("Back", "review-back", "The move before (Left arrow)");
  const next = button("Next", "review-next", "The move after (Right arrow)");
  const last = button("Last", "review-last", "The last move (End)");
  const prevMistake = button("Previous mistake", "review-prev-mistake", "The mistake before this move");
  const nextMistake = button("Next mistake", "review-next-mistake", "The next mistake after this move");
  const slider = /** @type {HTMLInputElement} */ (
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
  slider.addEventListener("pointerdown", () => (dragging = true));
  slider.addEventListener("pointerup", () => (dragging = false));
  slider.addEventListener("input", () => goto(Number(slider.value)));
  slider.addEventListener("change", () => {
    dragging = false;
    goto(Number(slider.value));
  });

  const verdict = h("p", { class: "cfw-verdict", role: "status", "aria-live": "polite", "aria-atomic": "true" });

  const options = h("div", { class: "cfw-review-options" });
  const seatId = uid("seat");
  const seatLabel = h("label", { for: seatId }, "Seen from ");
  const seatPick = /** @type {HTMLSelectElement} */ (h("select", { id: seatId, class: "cfw-select", "data-key": "review-seat" }));
  seatPick.addEventListener("change", () => {
    const value = seatPick.value === "" ? null : Number(seatPick.value);
    sendRaw({ kind: "seat", value });
  });
  const openLabel = h("label", { class: "cfw-switch" });
  const openBox = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", role: "switch", "data-key": "review-open" }));
  openLabel.append(openBox, h("span", {}, " Hands open"));
  openBox.addEventListener("change", () => sendRaw({ kind: "hands_open", value: openBox.checked }));
  options.append(seatLabel, seatPick, openLabel);

  const barsBox = h("div", { class: "cfw-bars-box" });
  const barsNote = h("p", { class: "cfw-bars-note", id: uid("bars") });
  const bars = h("ol", { class: "cfw-bars", "aria-labelledby": barsNote.id });
  barsBox.append(barsNote, bars);
  const odds = h("p", { class: "cfw-review-odds" });
  const hands = h("div", { class: "cfw-review-hands" });
  // The bars first after the verdict: what the move was worth matters more than the options.
  node.append(nav, verdict, barsBox, odds, options, hands);

  /** @param {View} v */
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
    r.bars.forEach((b, i) => {
      const tags = [b.played ? "played" : "", b.best ? "best" : ""].filter(Boolean);
      const li = h("li", { class: "cfw-bar" + (b.played ? " is-played" : "") + (b.best ? " is-best" : "") });
      const label = h("span", { class: "cfw-bar-label" });
      withTiles(label, b.text);
      const track = h("span", { class: "cfw-bar-track", "aria-hidden": "true" });
      const fill = h("span", { class: "cfw-bar-fill" });
      fill.style.width = `${(shares[i] * 100).toFixed(1)}%`;
      track.appendChild(fill);
      const value = h("span", { class: "cfw-bar-value" }, `${b.value} points`);
      li.append(label, track, value);
      if (tags.length) li.appendChild(h("span", { class: "cfw-bar-tags" }, tags.join(", ")));
      bars.appendChild(li);
    });
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
  }

  /**
   * Left / Right: the move before or after; Home / End: the first or last (the slider has its
   * own keys, the board's arrows pan it).
   * @param {KeyboardEvent} e
   */
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

/**
 * The review's rings on the table: the move played (solid, labelled "played") and the best
 * move (dashed, labelled "best"), with their labels on free felt beside the end, drawn
 * after every ring so that no ring covers a label.
 * @param {ReviewPanel} r
 * @param {Map<string, Pose>} byTile
 * @param {number} pad
 * @param {number} upp SVG units per pixel
 * @returns {SVGElement[]}
 */
function reviewRings(r, byTile, pad, upp) {
  /** @type {SVGElement[]} */
  const out = [];
  /** @type {SVGElement[]} */
  const labels = [];
  const seen = new Map();
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
    // The labels go on top of every ring: the best move's wider ring must not cover "played".
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

// -- the view: the sections put together ------------------------------------------------------

/**
 * Draw the widget into `el` and keep it in step with the model; anywidget calls this.
 * @param {{model: Model, el: HTMLElement}} widget
 * @returns {() => void} what undoes it all when the view goes
 */
function render({ model, el }) {
  /** @type {State} */
  const state = {
    view: model.get("view") || {},
    selected: null,
    focusOnto: null,
    paused: false,
  };
  let localNote = "";
  const root = h("div", { class: "cfw", "data-lm-suppress-shortcuts": "true" });

  /** @type {Ctx} */
  const ctx = {
    model,
    state,
    root,
    send(kind, extra) {
      const v = state.view;
      board.flushSize();
      // TypeScript cannot tie the generic kind to its fields in the union: the cast says so.
      model.send(/** @type {Intent} */ ({ kind, version: v.version, seat: v.seat, ...(extra || {}) }));
    },
    look() {
      const mode = model.get("display") || "pips";
      const palette = model.get("palette") || [];
      return { mode, palette, key: `${mode}|${palette.join(",")}` };
    },
    targetsOf(tile) {
      if (!tile) return [];
      const entry = (state.view.hand || []).find((x) => x.tile === tile);
      return entry ? entry.targets : [];
    },
    showLocal(text) {
      localNote = text;
      setText(message, text || model.get("message") || "");
    },
    pick,
    unpick,
    play: (onto) => targets.play(onto),
    markFocus: (onto) => board.markFocus(onto),
    flushSize: () => board.flushSize(),
  };

  const head = makeHead();
  const players = makePlayers();
  const board = makeBoard(ctx);
  const hand = makeHand(ctx);
  const targets = makeTargets(ctx);
  const log = makeLog();
  const result = makeResult(ctx);
  const sheet = makeSheet();
  const actions = makeActions(ctx);
  const coach = makeCoach();
  /** @type {ReturnType<typeof makeCue>|null} */
  let cue = null; // made when a view first has a cue
  /** @type {ReturnType<typeof makeReview>|null} */
  let review = null; // made when a view first has a review part (a ReviewWidget)
  const message = h("p", { class: "cfw-message", role: "status", "aria-live": "polite" });
  const help = h("p", { class: "cfw-help" }, helpText(false));

  // The board spans the widget; the round's result and the score sheet are a card over it.
  const card = h("div", { class: "cfw-card", hidden: true });
  card.append(result.node, sheet.node);
  board.node.appendChild(card);
  const main = h("div", { class: "cfw-main" });
  const side = h("div", { class: "cfw-side" });
  main.append(board.node, side);
  // The moves: a side column when the widget is wide, else behind the "Moves" button.
  // (The score sheet joins them during play: beside the log when behind "Moves", above it in
  // the side column.)
  const logbox = h("div", { class: "cfw-logbox" });
  const logcol = h("div", { class: "cfw-logcol" });
  logcol.append(log.head, log.note, log.node);
  logbox.appendChild(logcol);
  const movesPanel = h("div", { class: "cfw-moves", id: uid("moves"), hidden: true });
  const movesButton = h(
    "button",
    { type: "button", class: "cfw-btn cfw-toggle", "data-key": "moves", "aria-expanded": "false", "aria-controls": movesPanel.id },
    "Moves",
  );
  // "More": the open ends in words (always there for screen readers: the board is described by
  // them), how tiles look, and the keys.
  const more = h("div", { class: "cfw-more", id: uid("more") });
  const moreBody = h("div", { class: "cfw-more-body", hidden: true });
  moreBody.append(actions.look, help);
  more.append(board.openWords, moreBody);
  board.openWords.classList.add("cfw-vh");
  const moreButton = h(
    "button",
    { type: "button", class: "cfw-btn cfw-toggle", "data-key": "more", "aria-expanded": "false", "aria-controls": more.id, title: "The open ends in words, how tiles look, and the keys" },
    "More",
  );
  const fullButton = h(
    "button",
    { type: "button", class: "cfw-btn", "data-key": "fullscreen", "aria-keyshortcuts": "F", title: "Show the widget on the whole screen (F); Esc leaves" },
    "Full screen",
  );
  const tools = h("div", { class: "cfw-tools" });
  tools.append(board.zoom, fullButton, moreButton, movesButton);
  const controls = h("div", { class: "cfw-controls" });
  controls.append(actions.node, tools);
  // The message shares the targets' line (kept even when empty: many targets show their
  // numbers only, and a chosen tile's targets take the place of a message).
  const line = h("div", { class: "cfw-line" });
  line.append(targets.node, message);
  // One deck under the board. Docked (a widget wide enough): the hand, and beside it the line
  // over the buttons and the tools (zoom, full screen, More, Moves), so the board gets the
  // height a line of its own would take. Narrower: the hand, the buttons, then the line.
  const deck = h("div", { class: "cfw-deck" });
  deck.append(hand.head, hand.node, line, controls);
  // With the coach on, its sentence's lines are kept, so a hint never resizes the board.
  const coachBox = h("div", { class: "cfw-coachbox", hidden: true });
  coachBox.appendChild(coach.node);
  const band = h("div", { class: "cfw-band" });
  const reviewLeft = h("div", { class: "cfw-review-left" }); // a docked review's board and hand
  band.append(deck, coachBox);
  root.append(head.node, players.node, main, band, more, movesPanel);
  el.appendChild(root);

  /**
   * @param {HTMLButtonElement} button
   * @param {boolean} shown
   */
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

  // -- full screen: the Fullscreen API on the widget's root; Esc (the browser) leaves --------
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
      const ask = isFull()
        ? (document.exitFullscreen || document.webkitExitFullscreen).call(document)
        : (root.requestFullscreen || root.webkitRequestFullscreen).call(root);
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
  }
  fullButton.hidden = !fullAllowed();
  fullButton.addEventListener("click", toggleFull);
  document.addEventListener("fullscreenchange", onFull);
  document.addEventListener("webkitfullscreenchange", onFull);

  // -- the board takes the height that is there ---------------------------------------------
  // The visible height of what scrolls the widget (JupyterLab's notebook panel, or the window),
  // less the rest of the widget: the chrome's height never depends on the board's, so this
  // settles at once. Recomputed when the panel, the widget or its chrome change size.
  /** @type {Element|null} */
  let scroller = null;
  function findScroller() {
    if (scroller && scroller.isConnected && scroller.contains(root)) return scroller;
    // JupyterLab 4 and Notebook 7: the notebook's panel. Elsewhere, the nearest ancestor that
    // really scrolls (an output area that only wraps the widget has overflow set too, and its
    // height is the widget's own: not a measure of the screen); else the window.
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
    let top = 0; // where the scrolled content starts on screen
    if (sc) {
      const cs = getComputedStyle(sc);
      inner = Math.min(sc.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom), inner);
      top = sc.getBoundingClientRect().top + parseFloat(cs.paddingTop);
    }
    // A page that is an app (Voila, no notebook panel): what stands above the widget at the top
    // (a title, the app's header) stays in view too when it is short, so the app shows whole
    // without scrolling. In a notebook the reader scrolls to the widget's output, and the board
    // takes the whole panel. Measured in the content, whatever is scrolled.
    if (sc && sc.classList.contains("jp-WindowedPanel-outer")) return inner;
    let above = root.getBoundingClientRect().top - top;
    for (let p = root.parentElement; p; p = p.parentElement) above += p.scrollTop;
    return above > 0 && above <= LEAD_SHARE * inner ? inner - above : inner;
  }
  function arrange() {
    watchScroller();
    // Wide (full screen, or a wide page): the moves in a side column, else behind "Moves".
    // A review keeps its moves behind "Moves": its panel is beside the board when docked, else
    // under it.
    const wide = !review && (isFull() || root.clientWidth >= WIDE_PX);
    const docked = isFull() || root.clientWidth >= DOCK_PX;
    root.classList.toggle("is-wide", wide);
    root.classList.toggle("is-docked", docked);
    if (review) placeReview(review.node, docked);
    const home = wide ? side : movesPanel;
    if (logbox.parentNode !== home) {
      home.appendChild(logbox);
      log.node.scrollTop = log.node.scrollHeight; // a moved node forgets where it was scrolled
    }
    movesButton.hidden = wide;
    fitBoard();
  }
  /**
   * A review's panel: docked, a column beside the board and the hand (which sit in a column
   * of their own); narrower, under the board and over the hand.
   * @param {HTMLElement} panel
   * @param {boolean} docked
   */
  function placeReview(panel, docked) {
    if (docked) {
      if (reviewLeft.parentNode !== main) main.insertBefore(reviewLeft, main.firstChild);
      if (board.node.parentNode !== reviewLeft) reviewLeft.appendChild(board.node);
      if (band.parentNode !== reviewLeft) reviewLeft.appendChild(band);
      if (panel.parentNode !== main) main.appendChild(panel);
      return;
    }
    if (board.node.parentNode !== main) main.insertBefore(board.node, main.firstChild);
    if (reviewLeft.parentNode) reviewLeft.remove();
    if (panel.previousSibling !== main) main.after(panel);
    if (band.previousSibling !== panel) panel.after(band);
  }
  function fitBoard() {
    if (!root.isConnected) return;
    const top = root.getBoundingClientRect().top;
    const boardRect = board.board.getBoundingClientRect();
    if (!boardRect.width) return;
    let bottom = 0;
    for (const child of root.children) bottom = Math.max(bottom, child.getBoundingClientRect().bottom);
    const cs = getComputedStyle(root);
    const chrome = bottom - top + parseFloat(cs.paddingBottom) + parseFloat(cs.borderBottomWidth) - boardRect.height;
    const most = isFull() ? Infinity : Math.max(MIN_BOARD_PX, boardRect.width * MAX_BOARD_RATIO);
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
  /** @type {ResizeObserver|null} */
  let sizeObserver = null;
  /** @type {Element|null} */
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

  // Keep JupyterLab's command-mode shortcuts (d d, a, b, arrows) off our focusable elements.
  root.addEventListener("focusin", (e) => {
    const t = e.target;
    if (t instanceof Element && !t.hasAttribute("data-lm-suppress-shortcuts")) {
      t.setAttribute("data-lm-suppress-shortcuts", "true");
    }
  });

  // -- picking a tile: the hand, the targets and the board's marks follow -------------------
  /** @param {string} tile */
  function pick(tile) {
    const v = state.view;
    if (state.selected === tile) {
      unpick(false);
      return;
    }
    if (!v.playing || !ctx.targetsOf(tile).length) {
      if (v.guided) {
        // Guided play: every try is a trial. A tile that fits nowhere goes nowhere, and the
        // session records the try (in errorless mode, as an error prevented) and answers.
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

  /** @param {boolean} focusTile */
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

  // -- keys: each section answers its own, Escape puts a picked tile back --------------------
  root.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    const tag = t instanceof Element ? t.tagName : null;
    if (tag === "SELECT" || tag === "TEXTAREA" || (t instanceof HTMLInputElement && t.type !== "checkbox")) return;
    let done;
    if (e.key === "Escape") {
      // Esc puts a chosen tile back; else it leaves full screen (where the browser lets it by).
      done = !!state.selected || isFull();
      if (state.selected) unpick(true);
      else if (isFull()) toggleFull();
    } else if (e.key === "f" || e.key === "F") {
      toggleFull();
      done = true;
    } else {
      done = review
        ? ((e.target !== board.board || e.key === "Home" || e.key === "End") && review.key(e)) || board.key(e)
        : hand.key(e) || targets.key(e) || board.key(e) || actions.key(e);
    }
    if (done) {
      e.preventDefault();
      e.stopPropagation();
    }
  });

  // -- focus survives a redraw ---------------------------------------------------------------
  function focusKey() {
    const a = focused();
    return a && root.contains(a) ? a.dataset.key || null : null;
  }

  /** @param {string|null} key */
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
    /** @type {(HTMLElement|null)[]} */
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

  // -- the model's changes -------------------------------------------------------------------
  function showLook() {
    root.classList.toggle("is-large", !!model.get("large"));
    root.dataset.display = model.get("display") || "pips";
    actions.showLook();
  }

  function update() {
    const key = focusKey();
    const v = (state.view = model.get("view") || {});
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
    // The score sheet: on the card at a round's end, else with the moves (beside the board, or
    // behind "Moves"), above the log.
    if (v.result && sheet.node.parentNode !== card) card.appendChild(sheet.node);
    else if (!v.result && sheet.node.parentNode !== logbox) logbox.insertBefore(sheet.node, logcol);
    actions.update(v);
    coach.update(v);
    coachBox.hidden = !v.coach;
    setText(help, helpText(!!v.coach));
    if (v.cue && !cue) {
      cue = makeCue(ctx);
      head.node.after(cue.node);
    }
    if (cue) cue.update(v);
    if (reviewOf(v) && !review) {
      review = makeReview(ctx);
      root.classList.add("is-review");
      // The verdict is the review's live region: the head's line would say it twice.
      const said = firstOf(head.node, ".cfw-status");
      if (said) said.setAttribute("aria-live", "off");
      main.after(review.node);
      arrange();
    }
    if (review) {
      review.update(v);
      // The tile played, in the hand it was played from (when that hand is the one shown).
      const played = (reviewOf(v) || { played_tile: null }).played_tile;
      for (const b of allOf(hand.node, ".cfw-htile")) {
        const is = b.dataset.tile === played;
        b.classList.toggle("is-review-played", is);
        if (is) b.setAttribute("aria-label", `${played}, the tile played at this move`);
      }
      actions.node.hidden = true;
      targets.node.hidden = true;
      setText(help, "Left and Right arrows: the move before or after; Home and End: the first or last move. F full screen.");
    }
    localNote = "";
    setText(message, model.get("message") || "");
    actions.schedule(v);
    // The board's height first (a hand that grew a row makes the deck taller): focus given while
    // the widget is a frame too tall would scroll the notebook to the button.
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
    setText(message, model.get("message") || localNote || "");
  }

  model.on("change:view", update);
  model.on("change:display", onLook);
  model.on("change:palette", onLook);
  model.on("change:large", onLook);
  model.on("change:message", onMessage);
  update();
  if (root.isConnected) arrange(); // settle the board's height now: nothing moves after the first paint
  requestAnimationFrame(() => {
    arrange();
    board.applyCamera();
  });

  return () => {
    model.off("change:view", update);
    model.off("change:display", onLook);
    model.off("change:palette", onLook);
    model.off("change:large", onLook);
    model.off("change:message", onMessage);
    actions.destroy();
    if (cue) cue.destroy();
    board.destroy();
    if (sizeObserver) sizeObserver.disconnect();
    if (fitFrame) cancelAnimationFrame(fitFrame);
    window.removeEventListener("resize", arrangeSoon);
    document.removeEventListener("fullscreenchange", onFull);
    document.removeEventListener("webkitfullscreenchange", onFull);
    if (isFull()) toggleFull();
    root.remove();
  };
}

export default { render };
