// cfwidget: the front end of the room server's host page (host.html), bundled by esbuild from js/entries/host.js and the
// modules of js/ it imports. Do not edit: change the sources and run `make js-bundle`.

// js/dom.js
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
function setText(node, text) {
  const value = text === void 0 || text === null ? "" : String(text);
  if (node.textContent !== value) node.textContent = value;
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

// js/safe-svg.js
var SVG_NS = "http://www.w3.org/2000/svg";
var ELEMENTS = /* @__PURE__ */ new Set(["svg", "g", "path", "rect", "circle", "line", "polygon", "polyline", "title", "desc"]);
var ATTRIBUTES = /* @__PURE__ */ new Set([
  "viewBox",
  "width",
  "height",
  "x",
  "y",
  "cx",
  "cy",
  "r",
  "x1",
  "y1",
  "x2",
  "y2",
  "d",
  "points",
  "transform",
  "fill",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "shape-rendering",
  "class",
  "preserveAspectRatio"
]);
var PLAIN = /^[#\w\s.,%()+-]*$/;
function cleanCopy(source, doc) {
  const ns = source.namespaceURI;
  if (ns !== SVG_NS && ns !== null || !ELEMENTS.has(source.localName)) return null;
  const copy = doc.createElementNS(SVG_NS, source.localName);
  for (const { name, value } of Array.from(source.attributes)) {
    if (ATTRIBUTES.has(name) && PLAIN.test(value) && !/url\s*\(/i.test(value)) copy.setAttribute(name, value);
  }
  if (source.localName === "title" || source.localName === "desc") {
    copy.textContent = source.textContent || "";
    return copy;
  }
  for (const child of Array.from(source.children)) {
    const kept = cleanCopy(child, doc);
    if (kept) copy.appendChild(kept);
  }
  return copy;
}
function safeSvg(text, label) {
  const parsed = new DOMParser().parseFromString(String(text || ""), "image/svg+xml");
  const root = parsed.documentElement;
  if (!root || root.getElementsByTagName("parsererror").length) return null;
  const svg = (
    /** @type {SVGSVGElement|null} */
    cleanCopy(root, document)
  );
  if (!svg || svg.localName !== "svg") return null;
  const w = parseFloat(svg.getAttribute("width") || "");
  const ht = parseFloat(svg.getAttribute("height") || "");
  if (!svg.hasAttribute("viewBox") && w > 0 && ht > 0) svg.setAttribute("viewBox", `0 0 ${w} ${ht}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  for (const title of Array.from(svg.querySelectorAll("title, desc"))) title.remove();
  return svg;
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

// js/entries/host.js
var NO_LINK = "This page is for the room's host: open it with the host link the room was made with.";
var CLOSE_ASK = "Close this room for everyone? The game stops where it is, and every link stops working.";
function connectedText(n) {
  if (!n) return "not connected";
  return n === 1 ? "connected" : `connected on ${n} devices`;
}
function makeLink(label) {
  const node = h("div", { class: "cfr-link" });
  const box = h("input", { type: "text", class: "cfr-link-text", readonly: true, "aria-label": label, spellcheck: "false" });
  const copy = h("button", { type: "button", class: "cfr-btn" }, "Copy");
  const open = h("a", { class: "cfr-btn cfr-open", target: "_blank", rel: "noopener noreferrer" }, "Open");
  const note = h("span", { class: "cfr-copied", role: "status", "aria-live": "polite" });
  const row = h("div", { class: "cfr-link-row" });
  row.append(box, copy, open, note);
  const qr = h("div", { class: "cfr-qr" });
  node.append(row, qr);
  let shownQr = "";
  let clear;
  copy.addEventListener("click", async () => {
    clearTimeout(clear);
    let done = false;
    try {
      await navigator.clipboard.writeText(box.value);
      done = true;
    } catch (err) {
      box.focus();
      box.select();
      try {
        done = document.execCommand("copy");
      } catch (err2) {
        done = false;
      }
    }
    setText(note, done ? "Copied." : "Select the link and copy it.");
    clear = setTimeout(() => setText(note, ""), 5e3);
  });
  function update(link, qrText, what) {
    if (box.value !== link) box.value = link;
    if (/^https?:\/\//i.test(link)) open.setAttribute("href", link);
    else open.removeAttribute("href");
    open.hidden = !open.hasAttribute("href");
    open.setAttribute("aria-label", `Open ${what} in a new tab`);
    if (qrText === shownQr) return;
    shownQr = qrText;
    const svg = qrText ? safeSvg(qrText, `QR code of ${what}`) : null;
    qr.replaceChildren(...svg ? [svg] : []);
    qr.hidden = !svg;
  }
  return { node, update };
}
function makeSeat(seat) {
  const node = h("li", { class: "cfr-seat" });
  const name = h("h3", { class: "cfr-seat-name" });
  const who = h("p", { class: "cfr-seat-who" });
  const link = makeLink(`Seat ${seat.seat + 1}'s link`);
  node.append(name, who, link.node);
  function update(s) {
    setText(name, `Seat ${s.seat + 1}: ${s.name}`);
    const person = s.player === "person";
    setText(who, person ? `A person, ${connectedText(s.connected)}` : "A bot");
    node.dataset.connected = s.connected ? "yes" : "no";
    node.dataset.player = s.player;
    link.node.hidden = !person || !s.link;
    if (person && s.link) link.update(s.link, s.qr || "", `${s.name}'s link`);
  }
  update(seat);
  return { node, update };
}
function start(page2) {
  const parts = partsOf(page2, ".cfr-host-body");
  const { title } = parts;
  const token = takeToken("host");
  if (!token) {
    if (location.hash) return;
    sayClosed(parts, NO_LINK);
    return;
  }
  const link = fromSocket({ url: socketUrl(location.href), token });
  showStatus(link, parts);
  const body = parts.body;
  const game = h("section", { class: "cfr-section", "aria-labelledby": "cfr-game-h" });
  const gameStatus = h("p", { class: "cfr-game-status" });
  const gameCount = h("p", { class: "cfr-game-count" });
  game.append(h("h2", { id: "cfr-game-h" }, "The game"), gameStatus, gameCount);
  const seats = h("section", { class: "cfr-section", "aria-labelledby": "cfr-seats-h" });
  const seatList = h("ul", { class: "cfr-seats" });
  seats.append(h("h2", { id: "cfr-seats-h" }, "Seats"), seatList);
  const seatCards = /* @__PURE__ */ new Map();
  const tableSection = h("section", { class: "cfr-section", "aria-labelledby": "cfr-table-h", hidden: true });
  const tableWho = h("p", { class: "cfr-seat-who" });
  const tableLink = makeLink("The table's link");
  tableSection.append(
    h("h2", { id: "cfr-table-h" }, "The table, for a projector"),
    h("p", { class: "cfr-hint" }, "Shows the table and no hand."),
    tableWho,
    tableLink.node
  );
  const closing = h("section", { class: "cfr-section cfr-closing", "aria-labelledby": "cfr-close-h" });
  const closeButton = h("button", { type: "button", class: "cfr-btn cfr-danger", "aria-expanded": "false" }, "Close room…");
  const ask = h("div", { class: "cfr-ask", hidden: true });
  const yes = h("button", { type: "button", class: "cfr-btn cfr-danger" }, "Close the room");
  const no = h("button", { type: "button", class: "cfr-btn" }, "Keep it open");
  const asking = h("p", { id: "cfr-close-ask" }, CLOSE_ASK);
  const askButtons = h("div", { class: "cfr-ask-buttons" });
  askButtons.append(yes, no);
  ask.append(asking, askButtons);
  ask.setAttribute("role", "group");
  ask.setAttribute("aria-labelledby", "cfr-close-ask");
  closing.append(h("h2", { id: "cfr-close-h" }, "Close the room"), closeButton, ask);
  body.append(game, seats, tableSection, closing);
  body.hidden = true;
  function asked(open) {
    ask.hidden = !open;
    closeButton.setAttribute("aria-expanded", open ? "true" : "false");
    (open ? no : closeButton).focus();
  }
  closeButton.addEventListener("click", () => asked(ask.hidden));
  no.addEventListener("click", () => asked(false));
  yes.addEventListener("click", () => {
    if (link.command({ type: "host", action: "close" })) {
      ask.hidden = true;
      closeButton.disabled = true;
    }
  });
  function update() {
    const room = link.get("room");
    if (!room) return;
    body.hidden = false;
    setText(title, room.title);
    document.title = `${room.title} · Host · Chicken Foot`;
    setText(gameStatus, room.status);
    setText(gameCount, `Round ${room.round}, ${room.moves} ${room.moves === 1 ? "move" : "moves"} so far.`);
    const seen = /* @__PURE__ */ new Set();
    for (const s of room.seats || []) {
      seen.add(s.seat);
      const card = seatCards.get(s.seat);
      if (card) card.update(s);
      else seatCards.set(s.seat, makeSeat(s));
    }
    for (const [n, card] of seatCards) {
      if (!seen.has(n)) {
        card.node.remove();
        seatCards.delete(n);
      }
    }
    const order = [...seatCards.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c.node);
    if (order.some((node, i) => seatList.children[i] !== node) || seatList.children.length !== order.length) {
      seatList.replaceChildren(...order);
    }
    const t = room.table;
    tableSection.hidden = !t || !t.link;
    if (t && t.link) {
      setText(tableWho, t.connected ? `Shown on ${t.connected === 1 ? "1 screen" : `${t.connected} screens`}.` : "Not shown anywhere yet.");
      tableLink.update(t.link, t.qr || "", "the table's link");
    }
    page2.classList.toggle("is-closed", !!room.closed);
    closing.hidden = !!room.closed;
  }
  link.on("room", update);
  link.onStatus((status) => {
    if (status.state === "closed") {
      page2.classList.add("is-closed");
      closing.hidden = true;
    }
  });
}
var page = typeof document === "undefined" ? null : document.getElementById("cfr-host");
if (page) start(page);
export {
  NO_LINK,
  connectedText,
  start
};
