// @ts-check
// A picture the server sends as SVG text (a join link's QR code), drawn without trusting it:
// the text is parsed as XML (never as HTML), and a new <svg> is built from it holding only
// plain shapes and their plain attributes. Scripts, event handlers, links, styles, foreign
// objects and anything else are left out, so a picture can never run code or load anything.

const SVG_NS = "http://www.w3.org/2000/svg";

/** The elements kept (the shapes a QR code, or any plain drawing, is made of). */
const ELEMENTS = new Set(["svg", "g", "path", "rect", "circle", "line", "polygon", "polyline", "title", "desc"]);

/** The attributes kept; no event handler, link, style or reference is among them. */
const ATTRIBUTES = new Set([
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
  "preserveAspectRatio",
]);

/** A value that is plain: no reference to anything outside the picture, no code. */
const PLAIN = /^[#\w\s.,%()+-]*$/;

/**
 * The parts of a parsed element that the copy reads (an Element, or a test's stand-in).
 * @typedef {Object} SourceNode
 * @property {string} localName
 * @property {string|null} namespaceURI
 * @property {ArrayLike<{name: string, value: string}>} attributes
 * @property {ArrayLike<SourceNode>} children
 * @property {string|null} textContent
 */

/**
 * The parts of a document that the copy uses (the page's document, or a test's stand-in).
 * @typedef {Object} TargetDocument
 * @property {(ns: string, tag: string) => any} createElementNS
 */

/**
 * A clean copy of a parsed SVG element: the kept elements with their kept attributes, in
 * `doc`; null when `source` is not an SVG element that is kept.
 * @param {SourceNode} source
 * @param {TargetDocument} doc
 * @returns {any} an SVG element of `doc`, or null
 */
export function cleanCopy(source, doc) {
  // SVG written inline for HTML (as segno's svg_inline) has no xmlns: parsed as XML its
  // elements have no namespace; they are drawn as SVG all the same.
  const ns = source.namespaceURI;
  if ((ns !== SVG_NS && ns !== null) || !ELEMENTS.has(source.localName)) return null;
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

/**
 * The picture in `text` as a clean <svg> of this document, labelled `label` for screen
 * readers; null when the text is not an SVG picture.
 * @param {string} text
 * @param {string} label
 * @returns {SVGSVGElement|null}
 */
export function safeSvg(text, label) {
  const parsed = new DOMParser().parseFromString(String(text || ""), "image/svg+xml");
  const root = parsed.documentElement;
  if (!root || root.getElementsByTagName("parsererror").length) return null;
  const svg = /** @type {SVGSVGElement|null} */ (cleanCopy(root, document));
  if (!svg || svg.localName !== "svg") return null;
  // A picture with a size but no viewBox gets one, so it scales to the width it is given.
  const w = parseFloat(svg.getAttribute("width") || "");
  const ht = parseFloat(svg.getAttribute("height") || "");
  if (!svg.hasAttribute("viewBox") && w > 0 && ht > 0) svg.setAttribute("viewBox", `0 0 ${w} ${ht}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  for (const title of Array.from(svg.querySelectorAll("title, desc"))) title.remove();
  return svg;
}
