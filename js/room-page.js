// @ts-check
// What the room server's two pages share (entries/room.js, the join page; entries/host.js, the
// host page): the link's token, read from the address's fragment (never sent to the server in
// a request), the websocket's address, and the calm status line over the page.
//
// The token leaves the address bar as soon as it is read, so it is not shown over a shoulder,
// bookmarked or copied with the address by accident; the tab keeps it (sessionStorage), so a
// reload or a reopened tab gets back into the same seat. A new link opened in the same tab
// (only the fragment changes, so the browser does not reload) replaces it.

import { setText } from "./dom.js";

/** @typedef {import("./socket.js").Status} Status */
/** @typedef {import("./socket.js").RoomLink} RoomLink */

/** A token: its role's letter, a dot, then base64url (the server's are 43 characters). */
const TOKEN = /^[sth]\.[A-Za-z0-9_-]{16,200}$/;

/**
 * The token a fragment holds ("#s.abc…" gives "s.abc…"), or null when it holds none.
 * @param {string} hash `location.hash`
 * @returns {string|null}
 *
 * @example tokenOf("#s.0123456789abcdef_-XY") // "s.0123456789abcdef_-XY"
 */
export function tokenOf(hash) {
  let text = String(hash || "").replace(/^#/, "");
  try {
    text = decodeURIComponent(text);
  } catch (err) {
    return null;
  }
  text = text.trim();
  return TOKEN.test(text) ? text : null;
}

/**
 * The page for a token's role: the host's token opens the host page, the others the join page.
 * @param {string} token
 * @returns {"host"|"join"}
 */
export function pageOf(token) {
  return token.startsWith("h.") ? "host" : "join";
}

/**
 * The room's websocket, next to the page (so a proxy that serves the pages under a path
 * serves the socket there too): ws: for http pages, wss: for https ones.
 * @param {string} href the page's address
 * @returns {string}
 *
 * @example socketUrl("https://games.example/rooms/join") // "wss://games.example/rooms/ws"
 */
export function socketUrl(href) {
  const url = new URL("ws", href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.hash = "";
  url.search = "";
  return url.href;
}

/**
 * The tab's token: the fragment's (then taken out of the address bar and kept for the tab),
 * else the one the tab kept. A token for the other page sends the tab there.
 * @param {"join"|"host"} page this page
 * @returns {string|null} null when there is no token, or the tab is being sent elsewhere
 */
export function takeToken(page) {
  // Kept per room (each room's pages have their own path, /r/<room>/join), so going back to
  // another room's page in this tab never offers it this room's token.
  const key = `cfwidget-room-${page}:${location.pathname}`;
  let token = tokenOf(location.hash);
  if (token && pageOf(token) !== page) {
    location.replace(`${pageOf(token)}#${token}`);
    return null;
  }
  if (token) {
    try {
      sessionStorage.setItem(key, token);
    } catch (err) {
      // No storage (a private window that refuses it): a reload will need the link again.
    }
    history.replaceState(history.state, "", location.pathname + location.search);
  } else {
    try {
      token = sessionStorage.getItem(key);
    } catch (err) {
      token = null;
    }
  }
  // Another link pasted into this tab changes only the fragment: start again with it.
  window.addEventListener("hashchange", () => {
    if (tokenOf(location.hash)) location.reload();
  });
  return token && TOKEN.test(token) && pageOf(token) === page ? token : null;
}

/**
 * The status line's words for a state.
 * @param {Status} status
 * @returns {string}
 */
export function statusText(status) {
  if (status.state === "connecting") return "Connecting\u2026";
  if (status.state === "reconnecting") return "Reconnecting\u2026 The game is kept; this page comes back by itself.";
  return status.text;
}

const NOTE_MS = 8000; // a refusal's sentence stays this long

/**
 * The page's parts that show the link's state: the notice over the page (shown while it has
 * something to say), its status line and its "Try now" button, and the body it dims.
 * @typedef {Object} StatusParts
 * @property {HTMLElement} notice
 * @property {HTMLElement} line
 * @property {HTMLButtonElement} retry
 * @property {HTMLElement} body
 */

/**
 * The parts of a page made from join.html or host.html.
 * @param {HTMLElement} page
 * @param {string} bodySelector where the page's body is (".cfr-table", ".cfr-host-body")
 * @returns {StatusParts & {title: HTMLElement}}
 */
export function partsOf(page, bodySelector) {
  /** @param {string} selector */
  const one = (selector) => /** @type {HTMLElement} */ (page.querySelector(selector));
  return {
    title: one(".cfr-title"),
    notice: one(".cfr-notice"),
    line: one(".cfr-status"),
    retry: /** @type {HTMLButtonElement} */ (one(".cfr-retry")),
    body: one(bodySelector),
  };
}

/**
 * Say a sentence for good in the page's notice (the page opened without its link).
 * @param {StatusParts} parts
 * @param {string} text
 */
export function sayClosed({ notice, line }, text) {
  setText(line, text);
  line.dataset.state = "closed";
  notice.classList.add("is-shown");
}

/**
 * Keep the page's notice (its status line and its "Try now" button) in step with the link,
 * dim and disable `body` while the link is down, and check the link at once when the page is
 * shown again or the network comes back. The notice floats over the top of the page, so the
 * farmyard under it never moves.
 * @param {RoomLink} link
 * @param {StatusParts} parts
 * @returns {() => void} what stops it
 */
export function showStatus(link, { notice, line, retry, body }) {
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let clear;
  /** @param {Status} status */
  function show(status) {
    clearTimeout(clear);
    const down = status.state !== "connected";
    setText(line, statusText(status));
    line.dataset.state = status.state;
    retry.hidden = status.state !== "reconnecting";
    body.classList.toggle("is-away", down);
    body.inert = down;
    body.setAttribute("aria-busy", status.state === "connected" || status.state === "closed" ? "false" : "true");
    // A refusal of one message: said for a while, then the line is quiet again.
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
