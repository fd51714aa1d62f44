// @ts-check
// The farmyard widgets' front end, one bundle for the four Python classes that draw a table:
// GameWidget (cfwidget/widget/_widget.py), GuidedSession (cfwidget/therapy/widget.py),
// ReviewWidget (cfwidget/widget/_review_widget.py) and MistakesWidget
// (cfwidget/widget/_mistakes_widget.py). Each part beyond the farmyard comes when the model
// asks for it (mount.js): guided play's cue when a view has a cue, the review's panel and
// rings when a view has a review part, the mistakes panel when the model has a `drill`.
// Bundled to cfwidget/widget/static/farmyard.js (`make js-bundle`).

import { fromAnywidget } from "../model.js";
import { mountWidget } from "../mount.js";

/**
 * Draw the widget into `el` and keep it in step with the model; anywidget calls this.
 * @param {{model: import("../model.js").AnywidgetModel, el: HTMLElement}} widget
 * @returns {() => void} what undoes it all when the view goes
 */
function render({ model, el }) {
  return mountWidget(fromAnywidget(model), el);
}

export default { render };
