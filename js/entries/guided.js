// @ts-check
// GuidedSession's front end (cfwidget/therapy/widget.py): the farmyard with guided play's cue.
// Bundled to cfwidget/widget/static/guided.js (`make js-bundle`).

import { makeCue } from "../cue.js";
import { mountFarmyard } from "../farmyard.js";
import { fromAnywidget } from "../model.js";

/**
 * Draw the widget into `el` and keep it in step with the model; anywidget calls this.
 * @param {{model: import("../model.js").AnywidgetModel, el: HTMLElement}} widget
 * @returns {() => void} what undoes it all when the view goes
 */
function render({ model, el }) {
  return mountFarmyard(fromAnywidget(model), el, { cue: makeCue });
}

export default { render };
