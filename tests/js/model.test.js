// The model adapter (js/model.js) over a fake anywidget model: every call the views make
// reaches the model as anywidget expects, and closing the port leaves no listener behind.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fromAnywidget } from "../../js/model.js";

/** A stand-in for anywidget's model that records every call made on it. */
function fakeModel() {
  /** @type {Record<string, unknown>} */
  const traits = { view: { version: 3 }, message: "" };
  /** @type {Map<string, Set<() => void>>} */
  const listeners = new Map();
  /** @type {unknown[][]} */
  const calls = [];
  return {
    traits,
    listeners,
    calls,
    /** @param {string} name */
    get(name) {
      calls.push(["get", name]);
      return traits[name];
    },
    /** @param {string} name @param {unknown} value */
    set(name, value) {
      calls.push(["set", name, value]);
      traits[name] = value;
    },
    save_changes() {
      calls.push(["save_changes"]);
    },
    /** @param {string} event @param {() => void} cb */
    on(event, cb) {
      calls.push(["on", event]);
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(cb);
    },
    /** @param {string} event @param {() => void} cb */
    off(event, cb) {
      calls.push(["off", event]);
      listeners.get(event)?.delete(cb);
    },
    /** @param {unknown} content */
    send(content) {
      calls.push(["send", content]);
    },
    /** @param {string} event */
    emit(event) {
      for (const cb of [...(listeners.get(event) || [])]) cb();
    },
    count() {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },
  };
}

test("get reads a trait and send passes the intent as it is", () => {
  const model = fakeModel();
  const port = fromAnywidget(model);
  assert.deepEqual(port.get("view"), { version: 3 });
  port.send({ kind: "draw", version: 3, seat: 0 });
  assert.deepEqual(model.calls, [
    ["get", "view"],
    ["send", { kind: "draw", version: 3, seat: 0 }],
  ]);
});

test("set gives the trait its value, then saves it to the kernel", () => {
  const model = fakeModel();
  fromAnywidget(model).set("message", "hello");
  assert.equal(model.traits.message, "hello");
  assert.deepEqual(model.calls, [["set", "message", "hello"], ["save_changes"]]);
});

test("on listens to the trait's change event until its stop is called", () => {
  const model = fakeModel();
  const port = fromAnywidget(model);
  let seen = 0;
  const stop = port.on("view", () => (seen += 1));
  model.emit("change:view");
  model.emit("change:message");
  assert.equal(seen, 1);
  stop();
  stop(); // a second stop changes nothing
  model.emit("change:view");
  assert.equal(seen, 1);
  assert.equal(model.count(), 0);
  assert.deepEqual(model.calls.filter(([c]) => c === "off"), [["off", "change:view"]]);
});

test("close stops every callback the port was given, and only those", () => {
  const model = fakeModel();
  const port = fromAnywidget(model);
  const other = () => {};
  model.on("change:view", other); // someone else's listener on the same model
  let seen = 0;
  port.on("view", () => (seen += 1));
  port.on("message", () => (seen += 10));
  const stop = port.on("display", () => (seen += 100));
  stop();
  port.close();
  model.emit("change:view");
  model.emit("change:message");
  assert.equal(seen, 0);
  assert.equal(model.count(), 1);
  assert.ok(model.listeners.get("change:view")?.has(other));
  port.close(); // closing twice is harmless
  assert.equal(model.count(), 1);
});

test("two ports over one model keep their own callbacks", () => {
  const model = fakeModel();
  const a = fromAnywidget(model);
  const b = fromAnywidget(model);
  let seen = "";
  a.on("view", () => (seen += "a"));
  b.on("view", () => (seen += "b"));
  a.close();
  model.emit("change:view");
  assert.equal(seen, "b");
});
