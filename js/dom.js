// @ts-check
// Small DOM helpers every part of the screen uses: elements made with their attributes and
// text (text only ever through textContent, never parsed as HTML), ids no other widget on
// the page has, and moving the focus among a group's elements. They touch the document only
// when called, so the modules that import them load in Node.

const SVG_NS = "http://www.w3.org/2000/svg";

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
export function h(tag, attrs, text) {
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
export function withTiles(node, text) {
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
export function s(tag, attrs) {
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
export function setText(node, text) {
  const value = text === undefined || text === null ? "" : String(text);
  if (node.textContent !== value) node.textContent = value;
}

/**
 * A number for an SVG attribute, to a tenth.
 * @param {number} v
 */
export function num(v) {
  return String(Math.round(v * 10) / 10);
}

let uidCounter = 0;
/**
 * An id no other widget on the page has.
 * @param {string} prefix
 */
export function uid(prefix) {
  uidCounter += 1;
  return `cfw-${prefix}-${uidCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** @type {Record<string, number>} */
export const ARROWS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/**
 * Focus the element `step` places from `current` in `list`, round the ends (the first when
 * `current` is not in it).
 * @param {HTMLElement[]} list
 * @param {EventTarget|null} current
 * @param {number} step
 */
export function moveAmong(list, current, step) {
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
export function allOf(root, selector) {
  return [...root.querySelectorAll(selector)].filter((x) => x instanceof HTMLElement);
}

/**
 * The first HTML element under `root` that matches `selector`, or null.
 * @param {ParentNode} root
 * @param {string} selector
 */
export function firstOf(root, selector) {
  const x = root.querySelector(selector);
  return x instanceof HTMLElement ? x : null;
}

/**
 * The element that has the focus, when it is an HTML element (its data-* are read).
 * @returns {HTMLElement|null}
 */
export function focused() {
  const a = document.activeElement;
  return a instanceof HTMLElement ? a : null;
}

/**
 * Whether an element can take the focus now: not disabled, not hidden, laid out.
 * @param {HTMLElement|null} el
 * @returns {el is HTMLElement}
 */
export function canFocus(el) {
  return !!el && !el.matches(":disabled") && !el.hidden && el.offsetParent !== null;
}

/**
 * Whether an event's target is an element with the class `name`.
 * @param {EventTarget|null} node
 * @param {string} name
 */
export function hasClass(node, name) {
  return node instanceof Element && node.classList.contains(name);
}
