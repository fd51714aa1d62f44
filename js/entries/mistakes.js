// @ts-check
// MistakesWidget's front end (cfwidget/widget/_mistakes_widget.py): the farmyard at the
// mistake's position, with the mistakes panel over the table.
// Bundled to cfwidget/widget/static/mistakes.js (`make js-bundle`).

import { mountFarmyard } from "../farmyard.js";
import { mountMistakes } from "../mistakes.js";
import { fromAnywidget } from "../model.js";

/**
 * Draw the widget into `el` and keep it in step with the model; anywidget calls this.
 * @param {{model: import("../model.js").AnywidgetModel, el: HTMLElement}} widget
 * @returns {() => void} what undoes it all when the view goes
 */
function render({ model, el }) {
  const undoFarmyard = mountFarmyard(fromAnywidget(model), el);
  const undoPanel = mountMistakes(fromAnywidget(model), el);
  return () => {
    undoPanel();
    undoFarmyard();
  };
}

export default { render };
