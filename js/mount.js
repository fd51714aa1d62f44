// @ts-check
// One farmyard widget drawn whole over any Port: the farmyard with the parts the traits ask for
// (guided play's cue, a review's panel and rings), and the mistakes panel when the model has a
// `drill`. The anywidget entry (entries/farmyard.js) and the room's join page
// (entries/room.js) both draw through this, so a game looks and works the same in Jupyter and
// on a phone in a room.

import { makeCue } from "./cue.js";
import { mountFarmyard } from "./farmyard.js";
import { mountMistakes } from "./mistakes.js";
import { reviewOf } from "./review-view.js";
import { makeReview, reviewRings } from "./review.js";

/**
 * Every synced trait a farmyard widget class may have (MistakesWidget adds `drill`).
 * @typedef {import("./context.js").Traits & {drill: import("./mistakes.js").DrillPanel}} WidgetTraits
 */

/**
 * Every intent a farmyard widget may send.
 * @typedef {import("./intents.js").Intent | import("./mistakes.js").MistakeIntent} WidgetIntent
 */

/** @typedef {import("./model.js").Port<WidgetTraits, WidgetIntent>} WidgetPort */

/** @type {import("./marks.js").MoreMarks} */
function rings(v, byTile, pad, upp) {
  const r = reviewOf(v);
  return r ? reviewRings(r, byTile, pad, upp) : [];
}

/**
 * Draw a farmyard widget into `el` and keep it in step with the model behind `port`.
 * @param {WidgetPort} port
 * @param {HTMLElement} el
 * @returns {() => void} what undoes it all (and stops every callback of the port)
 */
export function mountWidget(port, el) {
  const undoFarmyard = mountFarmyard(port, el, { cue: makeCue, review: makeReview, marks: rings });
  if (port.get("drill") === undefined) return undoFarmyard;
  const undoPanel = mountMistakes(port, el);
  return () => {
    undoPanel();
    undoFarmyard();
  };
}
