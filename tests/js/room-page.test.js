// The room pages' pure helpers in Node: reading a link's token from the address's fragment,
// the websocket's address next to the page, the status line's words, and the QR code's SVG
// copied keeping only plain shapes (js/room-page.js, js/safe-svg.js, js/entries/host.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { connectedText } from "../../js/entries/host.js";
import { pageOf, socketUrl, statusText, tokenOf } from "../../js/room-page.js";
import { cleanCopy } from "../../js/safe-svg.js";

const SEAT = "s.Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4OTBhYmNkZWY";

test("a fragment gives its token when it holds one, and nothing else", () => {
  assert.equal(tokenOf(`#${SEAT}`), SEAT);
  assert.equal(tokenOf(`#${encodeURIComponent(SEAT)}`), SEAT);
  assert.equal(tokenOf("#h.abcdefghijklmnop_-"), "h.abcdefghijklmnop_-");
  for (const bad of ["", "#", "#x.abcdefghijklmnopq", "#s.short", "#s.abc def ghijklmnop", "#s.<script>alert(1)</script>", "#%E0%A4%A", `#${SEAT}&x=1`]) {
    assert.equal(tokenOf(bad), null, bad);
  }
});

test("the host's token belongs to the host page, seat and table tokens to the join page", () => {
  assert.equal(pageOf("h.abc"), "host");
  assert.equal(pageOf("s.abc"), "join");
  assert.equal(pageOf("t.abc"), "join");
});

test("the websocket is next to the page, wss: for an https page, without the page's fragment", () => {
  assert.equal(socketUrl(`http://192.168.1.20:8765/join#${SEAT}`), "ws://192.168.1.20:8765/ws");
  assert.equal(socketUrl("https://games.example/rooms/host?x=1"), "wss://games.example/rooms/ws");
});

test("the status line: waiting words while the link is down, the server's sentence when it is closed", () => {
  const status = (/** @type {any} */ state, text = "") => ({ state, text, welcome: null, tries: 0 });
  assert.equal(statusText(status("connecting")), "Connecting\u2026");
  assert.match(statusText(status("reconnecting")), /^Reconnecting\u2026/);
  assert.equal(statusText(status("connected")), "");
  assert.equal(statusText(status("connected", "That was too large.")), "That was too large.");
  assert.equal(statusText(status("closed", "The host closed this room.")), "The host closed this room.");
});

test("a seat's devices in words", () => {
  assert.equal(connectedText(0), "not connected");
  assert.equal(connectedText(1), "connected");
  assert.equal(connectedText(3), "connected on 3 devices");
});

const SVG = "http://www.w3.org/2000/svg";

/**
 * A parsed element's stand-in.
 * @param {string} localName
 * @param {Record<string, string>} attrs
 * @param {any[]} [children]
 * @param {string|null} [ns]
 */
function el(localName, attrs, children = [], ns = SVG) {
  const attributes = Object.entries(attrs).map(([name, value]) => ({ name, value }));
  return { localName, namespaceURI: ns, attributes, children, textContent: children.length ? "" : attrs.text || "" };
}

/** A document's stand-in that builds plain objects. */
const doc = {
  /** @param {string} ns @param {string} tag */
  createElementNS(ns, tag) {
    return {
      ns,
      tag,
      /** @type {Record<string, string>} */ attrs: {},
      /** @type {any[]} */ kids: [],
      textContent: "",
      /** @param {string} k @param {string} v */
      setAttribute(k, v) {
        this.attrs[k] = v;
      },
      /** @param {any} c */
      appendChild(c) {
        this.kids.push(c);
      },
    };
  },
};

test("a QR code's SVG is copied with its shapes and nothing that could run or load", () => {
  const source = el("svg", { viewBox: "0 0 21 21", width: "168", onload: "alert(1)", style: "x" }, [
    el("script", {}, [], SVG),
    el("path", { d: "M0 0h7v7H0z", fill: "#000", onclick: "alert(2)", transform: "translate(1 1)" }),
    el("path", { d: "M1 1h1", fill: "url(https://evil.example/x)" }),
    el("a", { href: "javascript:alert(3)" }, [el("rect", { width: "1", height: "1" })]),
    el("foreignObject", {}, [el("div", {}, [], "http://www.w3.org/1999/xhtml")]),
    el("image", { href: "https://evil.example/track.png" }),
    el("g", { class: "qr" }, [el("rect", { x: "1", y: "1", width: "2", height: "2", "xlink:href": "#x" })]),
  ]);
  const copy = cleanCopy(source, doc);
  assert.equal(copy.tag, "svg");
  assert.deepEqual(copy.attrs, { viewBox: "0 0 21 21", width: "168" });
  assert.deepEqual(
    copy.kids.map((/** @type {any} */ k) => [k.tag, k.attrs]),
    [
      ["path", { d: "M0 0h7v7H0z", fill: "#000", transform: "translate(1 1)" }],
      ["path", { d: "M1 1h1" }],
      ["g", { class: "qr" }],
    ],
  );
  assert.deepEqual(copy.kids[2].kids[0].attrs, { x: "1", y: "1", width: "2", height: "2" });
  // SVG written for HTML (segno's svg_inline has no xmlns) parses with no namespace: kept.
  const inline = cleanCopy(el("svg", { width: "164", class: "segno" }, [el("path", { d: "M2 2.5h7", stroke: "#000" }, [], null)], null), doc);
  assert.deepEqual([inline.ns, inline.attrs, inline.kids[0].ns, inline.kids[0].attrs], [SVG, { width: "164", class: "segno" }, SVG, { d: "M2 2.5h7", stroke: "#000" }]);
  // Not SVG at all (an HTML element, or an SVG element that is not kept): nothing.
  assert.equal(cleanCopy(el("svg", {}, [], "http://www.w3.org/1999/xhtml"), doc), null);
  assert.equal(cleanCopy(el("script", {}), doc), null);
});
