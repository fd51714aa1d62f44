// @ts-check
// The room server's host page (cfwidget/room/static/host.html): the room's owner sees the
// game's state, each seat (its name, a person or a bot, connected or not) and each person's
// join link with a Copy button and its QR code, the table's (projector's) link, and can close
// the room. Everything comes over the websocket as the `room` trait (socket.js); names are
// shown as text only, and the QR codes are rebuilt from their SVG keeping only plain shapes
// (safe-svg.js).
// Bundled to cfwidget/room/static/host.js (`make js-bundle`).

import { h, setText } from "../dom.js";
import { partsOf, sayClosed, showStatus, socketUrl, takeToken } from "../room-page.js";
import { safeSvg } from "../safe-svg.js";
import { fromSocket } from "../socket.js";

/**
 * One seat, as the host sees it.
 * @typedef {Object} SeatState
 * @property {number} seat from 0
 * @property {string} name
 * @property {"person"|"bot"} player
 * @property {number} connected how many devices have the seat open now
 * @property {string} [link] the seat's join link (people only)
 * @property {string} [qr] the link's QR code, as SVG text
 */

/**
 * The table's (projector's) link.
 * @typedef {Object} TableState
 * @property {string} link
 * @property {string} qr
 * @property {number} connected
 */

/**
 * The `room` trait: the room's state for its host.
 * @typedef {Object} RoomState
 * @property {string} title
 * @property {string} kind
 * @property {SeatState[]} seats
 * @property {TableState|null} [table]
 * @property {string} status the game's state in words
 * @property {number} round
 * @property {number} moves
 * @property {boolean} closed
 */

/** @typedef {import("../socket.js").RoomPort<{room: RoomState}, never>} HostPort */

export const NO_LINK = "This page is for the room's host: open it with the host link the room was made with.";
const CLOSE_ASK = "Close this room for everyone? The game stops where it is, and every link stops working.";

/**
 * How many devices show a seat, in words.
 * @param {number} n
 */
export function connectedText(n) {
  if (!n) return "not connected";
  return n === 1 ? "connected" : `connected on ${n} devices`;
}

/**
 * A link to hand out: the address in a box to copy from, a Copy button, a button that opens
 * it here, and its QR code. `update` changes what it shows.
 * @param {string} label what the link opens, for the box's label ("Ann's link")
 */
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
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let clear;
  copy.addEventListener("click", async () => {
    clearTimeout(clear);
    let done = false;
    try {
      await navigator.clipboard.writeText(box.value);
      done = true;
    } catch (err) {
      // No clipboard (a page over plain http): copy the selection the old way.
      box.focus();
      box.select();
      try {
        done = document.execCommand("copy");
      } catch (err2) {
        done = false;
      }
    }
    setText(note, done ? "Copied." : "Select the link and copy it.");
    clear = setTimeout(() => setText(note, ""), 5000);
  });
  /**
   * @param {string} link
   * @param {string} qrText
   * @param {string} what the QR code's label
   */
  function update(link, qrText, what) {
    if (box.value !== link) box.value = link;
    // Only a web address opens (never a javascript: or data: link, whatever the server says).
    if (/^https?:\/\//i.test(link)) open.setAttribute("href", link);
    else open.removeAttribute("href");
    open.hidden = !open.hasAttribute("href");
    open.setAttribute("aria-label", `Open ${what} in a new tab`);
    if (qrText === shownQr) return;
    shownQr = qrText;
    const svg = qrText ? safeSvg(qrText, `QR code of ${what}`) : null;
    qr.replaceChildren(...(svg ? [svg] : []));
    qr.hidden = !svg;
  }
  return { node, update };
}

/**
 * One seat's card: its name, who plays it, whether it is connected, and a person's link.
 * @param {SeatState} seat
 */
function makeSeat(seat) {
  const node = h("li", { class: "cfr-seat" });
  const name = h("h3", { class: "cfr-seat-name" });
  const who = h("p", { class: "cfr-seat-who" });
  const link = makeLink(`Seat ${seat.seat + 1}'s link`);
  node.append(name, who, link.node);
  /** @param {SeatState} s */
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

/**
 * Run the host page in `page`.
 * @param {HTMLElement} page
 */
export function start(page) {
  const parts = partsOf(page, ".cfr-host-body");
  const { title } = parts;
  const token = takeToken("host");
  if (!token) {
    if (location.hash) return; // on its way to the join page
    sayClosed(parts, NO_LINK);
    return;
  }
  /** @type {HostPort} */
  const link = fromSocket({ url: socketUrl(location.href), token });
  showStatus(link, parts);
  const body = parts.body;

  // The game.
  const game = h("section", { class: "cfr-section", "aria-labelledby": "cfr-game-h" });
  const gameStatus = h("p", { class: "cfr-game-status" });
  const gameCount = h("p", { class: "cfr-game-count" });
  game.append(h("h2", { id: "cfr-game-h" }, "The game"), gameStatus, gameCount);
  // The seats.
  const seats = h("section", { class: "cfr-section", "aria-labelledby": "cfr-seats-h" });
  const seatList = h("ul", { class: "cfr-seats" });
  seats.append(h("h2", { id: "cfr-seats-h" }, "Seats"), seatList);
  /** @type {Map<number, ReturnType<typeof makeSeat>>} */
  const seatCards = new Map();
  // The table (projector).
  const tableSection = h("section", { class: "cfr-section", "aria-labelledby": "cfr-table-h", hidden: true });
  const tableWho = h("p", { class: "cfr-seat-who" });
  const tableLink = makeLink("The table's link");
  tableSection.append(
    h("h2", { id: "cfr-table-h" }, "The table, for a projector"),
    h("p", { class: "cfr-hint" }, "Shows the table and no hand."),
    tableWho,
    tableLink.node,
  );
  // Closing the room, asked twice.
  const closing = h("section", { class: "cfr-section cfr-closing", "aria-labelledby": "cfr-close-h" });
  const closeButton = h("button", { type: "button", class: "cfr-btn cfr-danger", "aria-expanded": "false" }, "Close room\u2026");
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
  body.hidden = true; // until the room's state comes

  /** @param {boolean} open */
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
    document.title = `${room.title} \u00b7 Host \u00b7 Chicken Foot`;
    setText(gameStatus, room.status);
    setText(gameCount, `Round ${room.round}, ${room.moves} ${room.moves === 1 ? "move" : "moves"} so far.`);
    const seen = new Set();
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
    // Re-ordered only when the order changes: a moved node would lose the keyboard's focus.
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
    page.classList.toggle("is-closed", !!room.closed);
    closing.hidden = !!room.closed;
  }
  link.on("room", update);
  link.onStatus((status) => {
    if (status.state === "closed") {
      page.classList.add("is-closed");
      closing.hidden = true;
    }
  });
}

const page = typeof document === "undefined" ? null : document.getElementById("cfr-host");
if (page) start(page);
