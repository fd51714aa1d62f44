// @ts-check
// The room adapter: a Port (model.js) over the room server's websocket, so the farmyard's views
// run in a plain page exactly as they run in Jupyter. The wire protocol is the room server's
// (cfwidget/room/): the page joins with its link's token as its first message, the server
// answers with a welcome (the role, the seat, the room's title and every synced trait), then
// sends the traits that change; the page sends intents, and a ping every 15 s.
//
// The connection looks after itself: after a drop (the socket closes, or two pings go
// unanswered) it reconnects with the same token, waiting 0.5 s, 1 s, 2 s ... up to 10 s between
// tries, and a new welcome replaces every trait and redraws. A close with a 44xx code (the link
// is dead, the room was closed) is final: the page shows the server's sentence and stays put.
// The WebSocket constructor and the timers come in through the options, so Node's tests drive
// all of this with a fake socket and a fake clock.

/** @typedef {import("./model.js").Port<any, any>} AnyPort */

export const PING_MS = 15_000; // a ping this often
export const MISSED_PONGS = 2; // this many pings unanswered is a dropped connection
export const FIRST_RETRY_MS = 500; // the first wait before reconnecting; it doubles each time
export const LAST_RETRY_MS = 10_000; // and never grows past this
export const CHECK_MS = 5_000; // check(): a pong must come this soon

/** The WebSocket's open state, as a number (the fake in Node's tests has no constant). */
const OPEN = 1;

/**
 * What the page needs of a WebSocket (the browser's, or a test's fake).
 * @typedef {Object} SocketLike
 * @property {number} readyState
 * @property {(text: string) => void} send
 * @property {(code?: number, reason?: string) => void} close
 * @property {((event: any) => void)|null} onopen
 * @property {((event: {data: any}) => void)|null} onmessage
 * @property {((event: {code: number, reason?: string}) => void)|null} onclose
 * @property {((event: any) => void)|null} onerror
 */

/**
 * The clock: the browser's timers, or a test's.
 * @typedef {Object} Timers
 * @property {(callback: () => void, ms: number) => any} setTimeout
 * @property {(handle: any) => void} clearTimeout
 * @property {(callback: () => void, ms: number) => any} setInterval
 * @property {(handle: any) => void} clearInterval
 */

/**
 * Who the server says this connection is, from its welcome.
 * @typedef {Object} Welcome
 * @property {"seat"|"table"|"host"} role
 * @property {number|null} seat the seat's number, null for the table and the host
 * @property {string} room the room's title
 */

/**
 * The link's state for the page: `connecting` until the first welcome, `connected`,
 * `reconnecting` after a drop, `closed` for good (the server's sentence in `text`). A refusal
 * of one message leaves the state `connected` and says why in `text`.
 * @typedef {Object} Status
 * @property {"connecting"|"connected"|"reconnecting"|"closed"} state
 * @property {string} text the server's sentence ("" when it has none)
 * @property {Welcome|null} welcome the latest welcome (null before the first)
 * @property {number} tries reconnections tried since the link last worked
 */

/**
 * How to reach the room.
 * @typedef {Object} SocketOptions
 * @property {string} url the websocket's address (ws: or wss:)
 * @property {string} token the link's token ("s.…", "t.…" or "h.…"), sent as the first message
 * @property {new (url: string) => SocketLike} [WebSocket] the constructor (the browser's by default)
 * @property {Timers} [timers] the clock (the browser's by default)
 */

/**
 * A Port over the room's websocket, with the link's state.
 * @template {object} T the synced traits
 * @template M the intents
 * @typedef {import("./model.js").Port<T, M> & RoomLink} RoomPort
 */

/**
 * What a RoomPort adds to a Port.
 * @typedef {Object} RoomLink
 * @property {() => Status} status the link's state now
 * @property {(callback: (status: Status) => void) => () => void} onStatus call back on every
 *   change of the state (and on each refusal); returns what stops it
 * @property {(message: {type: string} & Record<string, unknown>) => boolean} command send a
 *   protocol message as it is (the host's `{"type": "host", ...}`); false when not connected
 * @property {() => void} retry reconnect now if a reconnection is waiting
 * @property {() => void} check make sure the link still works (the page is shown again, the
 *   network is back): reconnect now if a reconnection is waiting, else ping and count the
 *   connection dropped unless a pong comes within 5 s
 * @property {() => void} leave close the link for good
 */

/**
 * The wait before reconnection number `tries` (from 0): 0.5 s doubling, at most 10 s.
 * @param {number} tries
 * @returns {number} milliseconds
 */
export function retryDelay(tries) {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, tries), LAST_RETRY_MS);
}

/**
 * True for the close codes after which the page must not reconnect (4400-4499: the link is
 * refused, the room is closed).
 * @param {number} code
 */
export function isFinal(code) {
  return code >= 4400 && code < 4500;
}

/** The sentence for a final close that came without the server's own. */
const FINAL_TEXT = "This link does not open the room any more. Ask the host for a new link.";

const defaultTimers = () => ({
  setTimeout: (/** @type {() => void} */ f, /** @type {number} */ ms) => globalThis.setTimeout(f, ms),
  clearTimeout: (/** @type {any} */ t) => globalThis.clearTimeout(t),
  setInterval: (/** @type {() => void} */ f, /** @type {number} */ ms) => globalThis.setInterval(f, ms),
  clearInterval: (/** @type {any} */ t) => globalThis.clearInterval(t),
});

/**
 * Open the room's websocket and keep it open; the Port's traits are the latest welcome's,
 * merged with every change since. `set` does nothing (the page never writes a trait: the
 * room's widget in Python owns them); `send` sends an intent when connected and drops it when
 * not (the page is inert then); `close` stops every callback given to `on`.
 * @template {object} T
 * @template M
 * @param {SocketOptions} options
 * @returns {RoomPort<T, M>}
 */
export function fromSocket(options) {
  const Socket = options.WebSocket || /** @type {new (url: string) => SocketLike} */ (globalThis.WebSocket);
  const clock = options.timers || defaultTimers();
  /** @type {Record<string, any>} */
  let traits = {};
  /** @type {Map<string, Set<() => void>>} */
  const watchers = new Map();
  /** @type {Set<(status: Status) => void>} */
  const statusWatchers = new Set();
  /** @type {Status} */
  let status = { state: "connecting", text: "", welcome: null, tries: 0 };
  /** @type {SocketLike|null} */
  let socket = null;
  /** @type {unknown} */
  let pinger = null;
  /** @type {unknown} */
  let waiting = null; // the timer of a reconnection to come
  /** @type {unknown} */
  let checking = null; // the timer of check()'s ping
  let unanswered = 0; // pings sent since the last pong
  let welcomed = false; // this connection has had its welcome

  /** @param {Partial<Status>} change */
  function setStatus(change) {
    status = { ...status, ...change };
    for (const callback of [...statusWatchers]) callback(status);
  }

  /** @param {string} name */
  function fire(name) {
    for (const callback of [...(watchers.get(name) || [])]) callback();
  }

  /** @param {unknown} message */
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

  /** Forget the socket: none of its events reach the page any more. */
  function detach() {
    const old = socket;
    socket = null;
    if (!old) return;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    try {
      old.close();
    } catch (err) {
      // A socket that cannot close is gone already.
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
    ws.onerror = () => {}; // a close event follows; it says what to do
  }

  function ping() {
    if (unanswered >= MISSED_PONGS) {
      dropped();
      return;
    }
    unanswered += 1;
    write({ type: "ping" });
  }

  /** The connection is gone but the link may still work: try again after a while. */
  function dropped() {
    stopTimers();
    detach();
    if (status.state === "closed") return;
    const tries = status.tries;
    waiting = clock.setTimeout(open, retryDelay(tries));
    setStatus({ state: status.welcome ? "reconnecting" : "connecting", text: "", tries: tries + 1 });
  }

  /**
   * The link is dead for good: say the server's sentence, never reconnect.
   * @param {string} text
   */
  function finish(text) {
    stopTimers();
    detach();
    setStatus({ state: "closed", text });
  }

  /** @param {unknown} data */
  function receive(data) {
    let message;
    try {
      message = JSON.parse(String(data));
    } catch (err) {
      return; // not the server's: nothing to do with it
    }
    if (!message || typeof message !== "object") return;
    const traitsIn = message.traits && typeof message.traits === "object" ? message.traits : null;
    switch (message.type) {
      case "welcome": {
        const old = traits;
        traits = { ...(traitsIn || {}) };
        welcomed = true;
        /** @type {Welcome} */
        const welcome = {
          role: message.role,
          seat: typeof message.seat === "number" ? message.seat : null,
          room: typeof message.room === "string" ? message.room : "",
        };
        // Every trait is replaced: whatever any callback watches is redrawn.
        for (const name of new Set([...Object.keys(old), ...Object.keys(traits)])) fire(name);
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
        // A room moving to another server process (1012, 1013) is no end: say why, and the
        // close that follows reconnects. Without a code, or with a 44xx one, it is final.
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
      // The room's widget in Python owns every trait: the page only sends intents.
    },
    on(name, callback) {
      if (!watchers.has(name)) watchers.set(name, new Set());
      const set = /** @type {Set<() => void>} */ (watchers.get(name));
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
    },
  };
}
