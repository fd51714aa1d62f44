// @ts-check
// The farmyard widgets' front end, one bundle for the four Python classes that draw a table:
// GameWidget (cfwidget/widget/_widget.py), GuidedSession (cfwidget/therapy/widget.py),
// ReviewWidget (cfwidget/widget/_review_widget.py) and MistakesWidget
// (cfwidget/widget/_mistakes_widget.py). Each part beyond the farmyard comes when the model
// asks for it: guided play's cue when a view has a cue, the review's panel and rings when a
// view has a review part, the mistakes panel when the model has a `drill`.
// Bundled to cfwidget/widget/static/farmyard.js (`make js-bundle`).

import { makeCue } from "../cue.js";
import { mountFarmyard } from "../farmyard.js";
import { mountMistakes } from "../mistakes.js";
import { fromAnywidget } from "../model.js";
import { reviewOf } from "../review-view.js";
import { makeReview, reviewRings } from "../review.js";

/** @type {import("../marks.js").MoreMarks} */
function rings(v, byTile, pad, upp) {
  const r = reviewOf(v);
  return r ? reviewRings(r, byTile, pad, upp) : [];
}

/**
 * Draw the widget into `el` and keep it in step with the model; anywidget calls this.
 * @param {{model: import("../model.js").AnywidgetModel, el: HTMLElement}} widget
 * @returns {() => void} what undoes it all when the view goes
 */
function render({ model, el }) {
  const undoFarmyard = mountFarmyard(fromAnywidget(model), el, { cue: makeCue, review: makeReview, marks: rings });
  /** @type {import("../mistakes.js").MistakesPort} */
  const drills = fromAnywidget(model);
  if (drills.get("drill") === undefined) return undoFarmyard;
  const undoPanel = mountMistakes(drills, el);
  return () => {
    undoPanel();
    undoFarmyard();
  };
}

export default { render };
