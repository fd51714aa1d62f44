// The front end's modules (js/) and the bundles built from them (cfwidget/widget/static/):
// each imports in Node, where there is no DOM (everything that touches the page waits inside
// functions, so the pure helpers can be tested here); each module is checked by TypeScript
// and small enough to read in one sitting; only the model adapter calls the model.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

const JS = new URL("../../js/", import.meta.url);
const STATIC = new URL("../../cfwidget/widget/static/", import.meta.url);
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

const BUNDLES = ["farmyard.js", "setpicker.js"];

test("there is one entry per bundle (the farmyard widgets share one), and every shipped script is the bundle of one", () => {
  const entries = modules().filter((name) => name.startsWith("entries/"));
  assert.deepEqual(entries, BUNDLES.map((name) => `entries/${name}`));
  const shipped = readdirSync(STATIC).filter((name) => name.endsWith(".js"));
  assert.deepEqual(shipped.sort(), BUNDLES);
});

test("every module and every bundle imports without a DOM and the entries give render", async () => {
  assert.equal(typeof globalThis.document, "undefined");
  for (const name of modules()) {
    const mod = await import(new URL(name, JS).href);
    if (name.startsWith("entries/")) assert.equal(typeof mod.default.render, "function", name);
  }
  for (const name of BUNDLES) {
    const mod = await import(new URL(name, STATIC).href);
    assert.equal(typeof mod.default.render, "function", name);
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

test("only the model adapter calls the model; the views send through their port", () => {
  const calls = /\bmodel\s*\.\s*(get|set|save_changes|on|off|send)\b/;
  const callers = modules().filter((name) => calls.test(source(name)));
  assert.deepEqual(callers, ["model.js"]);
  // The entries hand anywidget's model to the adapter, and nothing else does anything with it.
  for (const name of modules().filter((n) => n.startsWith("entries/"))) {
    assert.match(source(name), /fromAnywidget\(model\)/, name);
  }
});

test("no text is ever parsed as HTML, in the modules or in the bundles", () => {
  const sinks = ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("];
  const texts = [
    ...modules().map((name) => [name, source(name)]),
    ...BUNDLES.map((name) => [name, readFileSync(new URL(name, STATIC), "utf8")]),
  ];
  for (const [name, text] of texts) {
    for (const sink of sinks) assert.ok(!text.includes(sink), `${name} uses ${sink}`);
  }
});
