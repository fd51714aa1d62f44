// @ts-check
// GameWidget's front end (cfwidget/widget/_widget.py): the farmyard, as anywidget renders it.
// Bundled to cfwidget/widget/static/game.js (`make js-bundle`).

import { mountFarmyard } from "../farmyard.js";
import { fromAnywidget } from "../model.js";

/**
 * Draw the widget into `el` and keep it in step with the model; anywidget calls this.
 * @param {{model: import("../model.js").AnywidgetModel, el: HTMLElement}} widget
 * @returns {() => void} what undoes it all when the view goes
 */
function render({ model, el }) {
  return mountFarmyard(fromAnywidget(model), el);
}

export default { render };
