// The mistakes panel's pure helpers (js/mistakes.js): the words under the question and the
// Hint button's label, from the `drill` trait as cfwidget/widget/_mistakes_widget.py builds it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { hintLabel, progressWords } from "../../js/mistakes.js";

/** @param {Partial<import("../../js/mistakes.js").DrillPanel>} over */
function drill(over) {
  return {
    version: 1,
    index: 0,
    total: 3,
    title: "Mistake 1 of 3",
    question: "Find a better move.",
    status: /** @type {"not attempted"} */ ("not attempted"),
    feedback: "",
    hints: [],
    hints_left: 2,
    why: "",
    solved: [false, false, false],
    ...over,
  };
}

test("the progress line says this mistake's state and how many are solved", () => {
  assert.equal(progressWords(drill({})), "Not attempted yet. 0 of 3 solved.");
  assert.equal(progressWords(drill({ status: "not yet" })), "Not yet solved. 0 of 3 solved.");
  assert.equal(progressWords(drill({ status: "correct", solved: [true, false, true] })), "Solved. 2 of 3 solved.");
});

test("the Hint button counts the hints, and says when there are no more", () => {
  assert.equal(hintLabel(drill({})), "Hint 1 of 2");
  assert.equal(hintLabel(drill({ hints: ["Ends."], hints_left: 1 })), "Hint 2 of 2");
  assert.equal(hintLabel(drill({ hints: ["Ends.", "Tile."], hints_left: 0 })), "No more hints");
});
