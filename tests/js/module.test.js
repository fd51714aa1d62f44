// The front end's modules (js/) and the bundles built from them (cfwidget/widget/static/ for
// the widgets, cfwidget/room/static/ for the room server's pages): each imports in Node, where
// there is no DOM (everything that touches the page waits inside functions, so the pure
// helpers can be tested here); each module is checked by TypeScript and small enough to read
// in one sitting; only the adapters reach a transport: model.js anywidget's model, socket.js
// the room's websocket.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

const JS = new URL("../../js/", import.meta.url);
const STATIC = new URL("../../cfwidget/widget/static/", import.meta.url);
const ROOM_STATIC = new URL("../../cfwidget/room/static/", import.meta.url);
const MAX_LINES = 600;

/** The front end's modules, as paths under js/ ("farmyard.js", "entries/farmyard.js"...). */
function modules() {
  return readdirSync(JS, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js"))
    .map((name) => name.split("\\").join("/"))
    .sort();
}

/** @param {string} name */
const source = (name) => readFileSync(new URL(name, JS), "utf8");

const BUNDLES = ["farmyard.js", "setpicker.js"]; // anywidget's: each gives render()
const PAGES = ["host.js", "room.js"]; // the room server's pages: each gives start(page)
/** Every bundle with its folder. @type {[string, URL][]} */
const ALL = [...BUNDLES.map((n) => /** @type {[string, URL]} */ ([n, STATIC])), ...PAGES.map((n) => /** @type {[string, URL]} */ ([n, ROOM_STATIC]))];

test("there is one entry per bundle (the farmyard widgets share one), and every shipped script is the bundle of one", () => {
  const entries = modules().filter((name) => name.startsWith("entries/"));
  assert.deepEqual(entries, [...BUNDLES, ...PAGES].sort().map((name) => `entries/${name}`));
  const shipped = readdirSync(STATIC).filter((name) => name.endsWith(".js"));
  assert.deepEqual(shipped.sort(), BUNDLES);
  const pages = readdirSync(ROOM_STATIC).filter((name) => name.endsWith(".js"));
  assert.deepEqual(pages.sort(), PAGES);
});

test("every module and every bundle imports without a DOM; the widgets' entries give render, the pages' start", async () => {
  assert.equal(typeof globalThis.document, "undefined");
  for (const name of modules()) {
    const mod = await import(new URL(name, JS).href);
    if (BUNDLES.some((b) => name === `entries/${b}`)) assert.equal(typeof mod.default.render, "function", name);
    if (PAGES.some((b) => name === `entries/${b}`)) assert.equal(typeof mod.start, "function", name);
  }
  for (const name of BUNDLES) {
    const mod = await import(new URL(name, STATIC).href);
    assert.equal(typeof mod.default.render, "function", name);
  }
  for (const name of PAGES) {
    const mod = await import(new URL(name, ROOM_STATIC).href);
    assert.equal(typeof mod.start, "function", name);
  }
});

test("every module is checked by TypeScript and has at most 600 lines", () => {
  for (const name of modules()) {
    const text = source(name);
    assert.ok(text.startsWith("// @ts-check\n"), `${name} does not start with // @ts-check`);
    const lines = text.split("\n").length - 1;
    assert.ok(lines <= MAX_LINES, `${name} has ${lines} lines, more than ${MAX_LINES}`);
  }
});

test("only the adapters reach a transport; the views send through their port", () => {
  const calls = /\bmodel\s*\.\s*(get|set|save_changes|on|off|send)\b/;
  const callers = modules().filter((name) => calls.test(source(name)));
  assert.deepEqual(callers, ["model.js"]);
  // The widgets' entries hand anywidget's model to its adapter, and nothing else does anything with it.
  for (const name of BUNDLES) assert.match(source(`entries/${name}`), /fromAnywidget\(model\)/, name);
  // The room's websocket: made, written and read in socket.js alone; the pages reach it through fromSocket.
  const sockets = /\bWebSocket\b|\.send\(JSON|\bonmessage\b/;
  assert.deepEqual(modules().filter((name) => sockets.test(source(name))), ["socket.js"]);
  for (const name of PAGES) assert.match(source(`entries/${name}`), /fromSocket\(\{/, name);
});

test("no text is ever parsed as HTML, in the modules or in the bundles", () => {
  const sinks = ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "text/html"];
  const texts = [
    ...modules().map((name) => [name, source(name)]),
    ...ALL.map(([name, folder]) => [name, readFileSync(new URL(name, folder), "utf8")]),
  ];
  for (const [name, text] of texts) {
    for (const sink of sinks) assert.ok(!text.includes(sink), `${name} uses ${sink}`);
  }
});
