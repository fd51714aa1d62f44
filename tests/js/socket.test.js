// The room adapter (js/socket.js) over a fake websocket and a fake clock: it joins with the
// token first, merges the traits the server sends and calls back for the changed ones, sends
// intents in their envelope, pings, and reconnects after a drop (but never after a 44xx close).
import assert from "node:assert/strict";
import { test } from "node:test";

import { CHECK_MS, FIRST_RETRY_MS, LAST_RETRY_MS, PING_MS, fromSocket, isFinal, retryDelay } from "../../js/socket.js";

/** A clock that moves only when the test says so. */
function fakeClock() {
  let now = 0;
  let next = 1;
  /** @type {Map<number, {at: number, every: number, f: () => void}>} */
  const timers = new Map();
  return {
    /** @param {() => void} f @param {number} ms */
    setTimeout(f, ms) {
      timers.set(next, { at: now + ms, every: 0, f });
      return next++;
    },
    /** @param {any} id */
    clearTimeout(id) {
      timers.delete(id);
    },
    /** @param {() => void} f @param {number} ms */
    setInterval(f, ms) {
      timers.set(next, { at: now + ms, every: ms, f });
      return next++;
    },
    /** @param {any} id */
    clearInterval(id) {
      timers.delete(id);
    },
    /** Move the time on by `ms`, running every timer that falls due, in order. */
    advance(/** @type {number} */ ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [id, t] = due;
        now = t.at;
        if (t.every) t.at += t.every;
        else timers.delete(id);
        t.f();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}

/** A fake WebSocket class that keeps every socket made, so the test plays the server. */
function fakeSockets() {
  /** @type {FakeSocket[]} */
  const made = [];
  class FakeSocket {
    /** @param {string} url */
    constructor(url) {
      this.url = url;
      this.readyState = 0;
      /** @type {any[]} */
      this.sent = [];
      this.closedByPage = false;
      /** @type {((e: any) => void)|null} */ this.onopen = null;
      /** @type {((e: {data: any}) => void)|null} */ this.onmessage = null;
      /** @type {((e: {code: number}) => void)|null} */ this.onclose = null;
      /** @type {((e: any) => void)|null} */ this.onerror = null;
      made.push(this);
    }
    /** @param {string} text */
    send(text) {
      this.sent.push(JSON.parse(text));
    }
    close() {
      this.closedByPage = true;
      this.readyState = 3;
    }
    // The server's side:
    accept() {
      this.readyState = 1;
      this.onopen?.({});
    }
    /** @param {unknown} message */
    say(message) {
      this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) });
    }
    /** @param {number} code */
    drop(code) {
      this.readyState = 3;
      this.onclose?.({ code });
    }
  }
  return { FakeSocket, made, last: () => made[made.length - 1] };
}

const WELCOME = {
  type: "welcome",
  role: "seat",
  seat: 1,
  room: "Class 4B",
  traits: { view: { version: 1, seat: 1 }, message: "", display: "pips", large: false, palette: [] },
};

function setup() {
  const clock = fakeClock();
  const sockets = fakeSockets();
  /** @type {import("../../js/socket.js").RoomPort<Record<string, any>, any>} */
  const port = fromSocket({ url: "ws://room.test/ws", token: "s.abc", WebSocket: sockets.FakeSocket, timers: clock });
  /** @type {string[]} */
  const states = [];
  port.onStatus((s) => states.push(s.text ? `${s.state}: ${s.text}` : s.state));
  return { clock, sockets, port, states };
}

test("the page joins with its token as the first message, then mounts on the welcome", () => {
  const { sockets, port, states } = setup();
  assert.equal(sockets.made.length, 1);
  assert.equal(sockets.last().url, "ws://room.test/ws");
  assert.equal(port.status().state, "connecting");
  sockets.last().accept();
  assert.deepEqual(sockets.last().sent, [{ type: "join", token: "s.abc" }]);
  sockets.last().say(WELCOME);
  assert.deepEqual(states, ["connected"]);
  assert.deepEqual(port.status().welcome, { role: "seat", seat: 1, room: "Class 4B" });
  assert.deepEqual(port.get("view"), { version: 1, seat: 1 });
  assert.equal(port.get("display"), "pips");
});

test("traits merge, and only the callbacks of the traits that came are called", () => {
  const { sockets, port } = setup();
  sockets.last().accept();
  sockets.last().say(WELCOME);
  /** @type {string[]} */
  const seen = [];
  port.on("view", () => seen.push(`view ${port.get("view").version}`));
  const stop = port.on("message", () => seen.push(`message ${port.get("message")}`));
  port.on("large", () => seen.push("large"));
  sockets.last().say({ type: "traits", traits: { view: { version: 2, seat: 1 }, message: "Your turn" } });
  assert.deepEqual(seen, ["view 2", "message Your turn"]);
  assert.equal(port.get("display"), "pips"); // untouched traits stay
  stop();
  sockets.last().say({ type: "traits", traits: { message: "again" } });
  assert.deepEqual(seen, ["view 2", "message Your turn"]);
  assert.equal(port.get("message"), "again");
  port.close();
  sockets.last().say({ type: "traits", traits: { view: { version: 3 }, large: true } });
  assert.equal(seen.length, 2);
});

test("intents go in their envelope, set writes nothing, and nothing is sent while not connected", () => {
  const { sockets, port } = setup();
  port.send({ kind: "draw", version: 1, seat: 1 }); // not even open yet
  sockets.last().accept();
  port.send({ kind: "draw", version: 1, seat: 1 }); // open, but no welcome yet
  sockets.last().say(WELCOME);
  port.set("message", "mine");
  port.send({ kind: "play", move: "9-4@9-9", version: 1, seat: 1 });
  assert.deepEqual(sockets.last().sent, [
    { type: "join", token: "s.abc" },
    { type: "intent", content: { kind: "play", move: "9-4@9-9", version: 1, seat: 1 } },
  ]);
  assert.equal(port.get("message"), "");
  assert.equal(port.command({ type: "host", action: "close" }), true);
  assert.deepEqual(sockets.last().sent.at(-1), { type: "host", action: "close" });
});

test("the waits between reconnections double from 0.5 s and stop growing at 10 s", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 9].map(retryDelay), [500, 1000, 2000, 4000, 8000, 10000, 10000]);
  assert.equal(retryDelay(0), FIRST_RETRY_MS);
  assert.equal(retryDelay(50), LAST_RETRY_MS);
  assert.ok(isFinal(4403) && isFinal(4410) && isFinal(4401));
  assert.ok(!isFinal(1000) && !isFinal(1006) && !isFinal(1011) && !isFinal(4000));
});

test("after a drop the page reconnects by itself with the same token, and the new welcome redraws", () => {
  const { clock, sockets, port, states } = setup();
  sockets.last().accept();
  sockets.last().say(WELCOME);
  let redraws = 0;
  port.on("view", () => (redraws += 1));
  port.on("palette", () => (redraws += 100));
  sockets.last().drop(1006);
  assert.equal(port.status().state, "reconnecting");
  port.send({ kind: "draw", version: 1, seat: 1 }); // dropped: the page is inert now
  // Nothing is tried before 0.5 s; then a new socket, which fails at once: the next wait is 1 s.
  clock.advance(499);
  assert.equal(sockets.made.length, 1);
  clock.advance(1);
  assert.equal(sockets.made.length, 2);
  sockets.last().drop(1006);
  clock.advance(999);
  assert.equal(sockets.made.length, 2);
  clock.advance(1);
  assert.equal(sockets.made.length, 3);
  sockets.last().accept();
  assert.deepEqual(sockets.last().sent, [{ type: "join", token: "s.abc" }]);
  sockets.last().say({ ...WELCOME, traits: { ...WELCOME.traits, view: { version: 9, seat: 1 } } });
  assert.equal(port.status().state, "connected");
  assert.equal(port.get("view").version, 9);
  assert.equal(redraws, 101); // every trait replaced, every watcher called once
  assert.deepEqual(states, ["connected", "reconnecting", "reconnecting", "connected"]);
  assert.deepEqual(sockets.made[0].sent, [{ type: "join", token: "s.abc" }]);
  // The waits start again at 0.5 s after a welcome.
  sockets.last().drop(1001);
  clock.advance(500);
  assert.equal(sockets.made.length, 4);
});

test("the waits keep doubling while the server is away, up to 10 s", () => {
  const { clock, sockets } = setup();
  sockets.last().accept();
  sockets.last().say(WELCOME);
  /** @type {number[]} */
  const waits = [];
  for (let i = 0; i < 7; i++) {
    sockets.last().drop(1006);
    const before = sockets.made.length;
    let waited = 0;
    while (sockets.made.length === before) {
      clock.advance(100);
      waited += 100;
    }
    waits.push(waited);
  }
  assert.deepEqual(waits, [500, 1000, 2000, 4000, 8000, 10000, 10000]);
});

for (const code of [4403, 4410]) {
  test(`after a ${code} close the page shows the server's sentence and never reconnects`, () => {
    const { clock, sockets, port, states } = setup();
    sockets.last().accept();
    sockets.last().say(WELCOME);
    const text = code === 4410 ? "The host has closed this room." : "This link does not open a seat any more.";
    sockets.last().say({ type: "closed", text });
    sockets.last().drop(code);
    clock.advance(60_000);
    assert.equal(sockets.made.length, 1);
    assert.deepEqual(port.status().state, "closed");
    assert.equal(port.status().text, text);
    assert.deepEqual(states, ["connected", `closed: ${text}`]);
    assert.equal(clock.pending(), 0);
  });
}

for (const code of [1012, 1013]) {
  test(`a room moving to another server (${code}) says why, then the page reconnects by itself`, () => {
    const { clock, sockets, port } = setup();
    sockets.last().accept();
    sockets.last().say(WELCOME);
    const text = "This room moves to another server; reconnecting.";
    sockets.last().say({ type: "closed", text, code });
    assert.equal(port.status().text, text);
    sockets.last().drop(code);
    assert.equal(port.status().state, "reconnecting");
    clock.advance(500);
    assert.equal(sockets.made.length, 2);
    sockets.last().accept();
    assert.deepEqual(sockets.last().sent, [{ type: "join", token: "s.abc" }]);
    sockets.last().say(WELCOME);
    assert.equal(port.status().state, "connected");
  });
}

test("a 44xx close without the server's sentence is final too, with a sentence of the page's", () => {
  const { clock, sockets, port } = setup();
  sockets.last().accept();
  sockets.last().drop(4403); // refused before any welcome
  clock.advance(60_000);
  assert.equal(sockets.made.length, 1);
  assert.equal(port.status().state, "closed");
  assert.match(port.status().text, /Ask the host for a new link/);
});

test("two pings without a pong are a dropped connection; a pong keeps the link", () => {
  const { clock, sockets, port } = setup();
  sockets.last().accept();
  sockets.last().say(WELCOME);
  const first = sockets.last();
  clock.advance(PING_MS);
  assert.deepEqual(first.sent.at(-1), { type: "ping" });
  first.say({ type: "pong" });
  clock.advance(PING_MS);
  first.say({ type: "pong" });
  assert.equal(port.status().state, "connected");
  assert.equal(first.sent.filter((m) => m.type === "ping").length, 2);
  // Now the server goes silent: two more pings go unanswered, and at the next tick the page
  // gives the socket up and reconnects.
  clock.advance(2 * PING_MS);
  assert.equal(first.sent.filter((m) => m.type === "ping").length, 4);
  assert.equal(port.status().state, "connected");
  clock.advance(PING_MS);
  assert.equal(port.status().state, "reconnecting");
  assert.ok(first.closedByPage);
  assert.equal(first.onmessage, null); // nothing the old socket says reaches the page now
  clock.advance(FIRST_RETRY_MS);
  assert.equal(sockets.made.length, 2);
  sockets.last().accept();
  assert.deepEqual(sockets.last().sent, [{ type: "join", token: "s.abc" }]);
});

test("a refusal is said without changing anything; garbage and unknown messages are ignored", () => {
  const { sockets, port, states } = setup();
  sockets.last().accept();
  sockets.last().say({ type: "traits", traits: { view: { version: 5 } } }); // before the welcome: ignored
  assert.equal(port.get("view"), undefined);
  sockets.last().say(WELCOME);
  sockets.last().say("not json {");
  sockets.last().say({ type: "mystery", traits: { view: 1 } });
  sockets.last().say({ type: "refused", text: "That message was too large." });
  assert.deepEqual(port.get("view"), { version: 1, seat: 1 });
  assert.deepEqual(states, ["connected", "connected: That message was too large."]);
  assert.equal(port.status().state, "connected");
});

test("retry reconnects at once when a reconnection is waiting; leave ends the link for good", () => {
  const { clock, sockets, port } = setup();
  sockets.last().accept();
  sockets.last().say(WELCOME);
  port.retry(); // nothing waiting: nothing happens
  assert.equal(sockets.made.length, 1);
  sockets.last().drop(1006);
  port.retry();
  assert.equal(sockets.made.length, 2);
  sockets.last().accept();
  sockets.last().say(WELCOME);
  port.leave();
  assert.equal(port.status().state, "closed");
  assert.ok(sockets.last().closedByPage);
  clock.advance(60_000);
  assert.equal(sockets.made.length, 2);
  assert.equal(clock.pending(), 0);
});

test("a socket that cannot even be made counts as a drop, and is tried again", () => {
  const clock = fakeClock();
  let calls = 0;
  class Broken {
    constructor() {
      calls += 1;
      throw new Error("blocked");
    }
  }
  const port = fromSocket({ url: "ws://x/ws", token: "s.abc", WebSocket: /** @type {any} */ (Broken), timers: clock });
  assert.equal(port.status().state, "connecting");
  clock.advance(500);
  assert.equal(calls, 2);
  port.leave();
});

test("check pings at once and drops a link that does not answer within 5 s", () => {
  const { clock, sockets, port } = setup();
  sockets.last().accept();
  sockets.last().say(WELCOME);
  port.check();
  assert.deepEqual(sockets.last().sent.at(-1), { type: "ping" });
  clock.advance(4_000);
  sockets.last().say({ type: "pong" });
  clock.advance(10_000);
  assert.equal(port.status().state, "connected");
  port.check();
  clock.advance(CHECK_MS);
  assert.equal(port.status().state, "reconnecting");
  // While a reconnection waits, check tries at once.
  port.check();
  assert.equal(sockets.made.length, 2);
});
