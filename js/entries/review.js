// @ts-check
// ReviewWidget's front end (cfwidget/widget/_review_widget.py): the farmyard with the review's
// panel, and the rings of the move played and the best move on the table.
// Bundled to cfwidget/widget/static/review.js (`make js-bundle`).

import { mountFarmyard } from "../farmyard.js";
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
  return mountFarmyard(fromAnywidget(model), el, { review: makeReview, marks: rings });
}

export default { render };
