// @ts-check
// A review's shape: the `review` part of a ReviewWidget's view and the intents only a review
// sends (cfwidget/widget/_review_widget.py and _review_view.py build them;
// tests/widget/test_review_widget.py checks them against the Python). Typedefs, and reviewOf,
// which finds the review part of a view: the board's camera and marks read its rings.

/** @typedef {import("./view.js").View} View */

/**
 * A ring on the table: where the move played, or the best move, goes.
 * @typedef {Object} ReviewRing
 * @property {"played"|"best"} kind
 * @property {string} label
 * @property {string} move
 * @property {string} onto
 * @property {number} badge_x
 * @property {number} badge_y
 */

/**
 * One candidate move with its expected round points (lower is better).
 * @typedef {Object} ReviewBar
 * @property {string} move
 * @property {string} text
 * @property {number} points
 * @property {string} value  the points as the words and saved pictures write them
 * @property {number} std_error
 * @property {number} out_chance
 * @property {boolean} played
 * @property {boolean} best
 * @property {boolean} few  among the best few, or the move played: shown while collapsed
 */

/**
 * One seat's line on the evaluation graph: its figures after each move (null: none yet).
 * @typedef {Object} ReviewGraphLine
 * @property {number} seat
 * @property {string} name
 * @property {(number|null)[]} points  expected round points
 * @property {(number|null)[]} out  chance of going out, 0 .. 1
 * @property {boolean[]} fresh  rated at this move (else the last figure holds)
 */

/**
 * A move marked on the graph: flagged or unclear.
 * @typedef {Object} ReviewGraphMark
 * @property {number} move
 * @property {string} verdict
 */

/**
 * One word of the graph's legend.
 * @typedef {Object} ReviewGraphKey
 * @property {string} verdict
 * @property {string} words
 */

/**
 * The evaluation graph (cfwidget/widget/_review_graph.py).
 * @typedef {Object} ReviewGraph
 * @property {number} total
 * @property {number} move
 * @property {number[]} starts  the moves at which rounds 2, 3, ... start
 * @property {number} top  the scale's top, in points
 * @property {ReviewGraphLine[]} lines
 * @property {string} note
 * @property {string} readout  the figures at the move shown, in words
 * @property {ReviewGraphMark[]} marks  the moves flagged or unclear, of the seats shown
 * @property {ReviewGraphKey[]} legend  a word for each verdict marked
 */

/**
 * Another seat's hand, shown with the hands open.
 * @typedef {Object} ReviewHand
 * @property {number} seat
 * @property {string} name
 * @property {string[]} tiles
 */

/**
 * The review part of a ReviewWidget's view.
 * @typedef {Object} ReviewPanel
 * @property {number} move
 * @property {number} total
 * @property {number} round_no
 * @property {number} rounds
 * @property {number} mover
 * @property {number} seat
 * @property {boolean} follow
 * @property {boolean} hands_open
 * @property {string} shown
 * @property {string} words
 * @property {string} short
 * @property {ReviewRing[]} rings
 * @property {string|null} played_tile
 * @property {ReviewBar[]} bars
 * @property {string} bars_note
 * @property {string} odds
 * @property {ReviewHand[]} hands
 * @property {string[]} names
 * @property {number[]} mistakes
 * @property {number|null} previous_mistake
 * @property {number|null} next_mistake
 * @property {ReviewGraph} graph
 * @property {number} most_tiles  the most tiles any hand holds in the game
 */

/**
 * Show a move (an absolute number: the same from any view, so it carries no stamp).
 * @typedef {Object} GotoIntent
 * @property {"goto"} kind
 * @property {number} move
 */

/**
 * Step to the first, previous, next or last move, or the previous or next mistake.
 * @typedef {Object} StepIntent
 * @property {"step"} kind
 * @property {number} version
 * @property {number|null} seat
 * @property {"first"|"back"|"next"|"last"|"previous_mistake"|"next_mistake"} to
 */

/**
 * The seat whose view is shown (null: the seat that made each move).
 * @typedef {Object} SeatIntent
 * @property {"seat"} kind
 * @property {number|null} value
 */

/**
 * @typedef {Object} HandsOpenIntent
 * @property {"hands_open"} kind
 * @property {boolean} value
 */

/** @typedef {GotoIntent|StepIntent|SeatIntent|HandsOpenIntent} ReviewIntent */

/**
 * The review part of a view, if the view is a ReviewWidget's.
 * @param {View} v
 * @returns {ReviewPanel|null}
 */
export function reviewOf(v) {
  const r = /** @type {{review?: ReviewPanel}} */ (/** @type {unknown} */ (v)).review;
  return r || null;
}

