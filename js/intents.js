// @ts-check
// The intents: what the view sends, a mirror of the widgets' intent tables
// (GameWidget.intents and GuidedSession.intents: cfwidget/widget/_widget.py, _hint.py and
// cfwidget/therapy/widget.py; tests/widget/test_front_end.py checks them kind by kind).
// A stamped intent carries the view's version and seat (null from the table's view); [name] is
// a field that may be left out.
// Typedefs only; a review's own intents are in review-view.js.

/** @typedef {"pips"|"numerals"|"colour"} Display */

/**
 * Play a hand tile: `move` is "tile@onto", with "!" after it to announce the last tile.
 * @typedef {Object} PlayIntent
 * @property {"play"} kind
 * @property {number} version
 * @property {number|null} seat
 * @property {string} move
 */

/**
 * @typedef {Object} DrawIntent
 * @property {"draw"} kind
 * @property {number} version
 * @property {number|null} seat
 */

/**
 * @typedef {Object} PassIntent
 * @property {"pass"} kind
 * @property {number} version
 * @property {number|null} seat
 */

/**
 * The next bot's move (`auto` when the view's timer asks), or the next round.
 * @typedef {Object} NextIntent
 * @property {"next"} kind
 * @property {number} version
 * @property {number|null} seat
 * @property {boolean} [auto]
 */

/**
 * @typedef {Object} UndoIntent
 * @property {"undo"} kind
 * @property {number} version
 * @property {number|null} seat
 */

/**
 * @typedef {Object} NewGameIntent
 * @property {"new_game"} kind
 * @property {number} version
 * @property {number|null} seat
 */

/**
 * @typedef {Object} HintIntent
 * @property {"hint"} kind
 * @property {number} version
 * @property {number|null} seat
 */

/**
 * @typedef {Object} DisplayIntent
 * @property {"display"} kind
 * @property {Display} value
 */

/**
 * @typedef {Object} LargeIntent
 * @property {"large"} kind
 * @property {boolean} value
 */

/**
 * The board's size in pixels, so a new round is laid out to its shape.
 * @typedef {Object} BoardIntent
 * @property {"board"} kind
 * @property {number} width
 * @property {number} height
 */

/**
 * Guided play: the cue's wait is over.
 * @typedef {Object} CueTickIntent
 * @property {"cue_tick"} kind
 * @property {number} version
 * @property {number|null} seat
 */

/**
 * Guided play: OK, place the move shown together.
 * @typedef {Object} ConfirmIntent
 * @property {"confirm"} kind
 * @property {number} version
 * @property {number|null} seat
 */

/**
 * Guided play: a tile that fits nowhere, or a tile tried on a place where it does not go.
 * @typedef {Object} TryIntent
 * @property {"try"} kind
 * @property {number} version
 * @property {number|null} seat
 * @property {string} tile
 * @property {string} [onto]
 */

/**
 * @typedef {PlayIntent|DrawIntent|PassIntent|NextIntent|UndoIntent|NewGameIntent|HintIntent|DisplayIntent|LargeIntent|BoardIntent|CueTickIntent|ConfirmIntent|TryIntent} Intent
 */

/**
 * The intents stamped with the view's version and seat (sent by ctx.send).
 * @typedef {Extract<Intent, {version: number}>} StampedIntent
 */

/**
 * What ctx.send adds to a stamped intent of kind K besides its kind and stamp.
 * @template {StampedIntent["kind"]} K
 * @typedef {Omit<Extract<StampedIntent, {kind: K}>, "kind"|"version"|"seat">} IntentFields
 */

export {};
