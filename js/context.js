// @ts-check
// What the parts of the screen share: the farmyard's synced traits, the browser's own state,
// and the context (Ctx) each part is made with. Typedefs only.
//
// Each part of the screen is made once by a `makeX(ctx)` that builds its nodes and returns
// them with `update(view)`, plus what the other parts may ask of it (farmyard.js puts them
// together).

/** @typedef {import("./view.js").View} View */
/** @typedef {import("./view.js").Target} Target */
/** @typedef {import("./intents.js").Display} Display */
/** @typedef {import("./intents.js").Intent} Intent */
/** @typedef {import("./intents.js").StampedIntent} StampedIntent */

/**
 * The farmyard widgets' synced traits (cfwidget/widget/_farmyard.py).
 * @typedef {Object} Traits
 * @property {View} view
 * @property {string} message
 * @property {Display} display
 * @property {boolean} large
 * @property {string[]} palette
 */

/**
 * The model as the farmyard's parts reach it (model.js): its traits, the intents it takes.
 * @typedef {import("./model.js").Port<Traits, Intent>} FarmyardPort
 */

/**
 * What the browser alone knows besides the view.
 * @typedef {Object} State
 * @property {View} view the view drawn last
 * @property {string|null} selected the hand tile picked for play
 * @property {string|null} focusOnto the target under keyboard focus or pointer
 * @property {boolean} paused the bots are paused
 */

/**
 * How tiles are drawn now; `key` changes when any of it does.
 * @typedef {{mode: Display, palette: string[], key: string}} Look
 */

/**
 * What the parts share.
 * @typedef {Object} Ctx
 * @property {FarmyardPort} port the model, through its adapter
 * @property {State} state
 * @property {HTMLElement} root the widget's root element
 * @property {<K extends StampedIntent["kind"]>(kind: K, extra?: import("./intents.js").IntentFields<K>) => void} send
 *   send an intent stamped with the view's version and seat
 * @property {() => Look} look
 * @property {(tile: string|null) => Target[]} targetsOf the targets of a hand tile
 * @property {(text: string) => void} showLocal a note in the message line that only the
 *   browser knows
 * @property {(tile: string) => void} pick choose a hand tile
 * @property {(focusTile: boolean) => void} unpick put it back (and focus it)
 * @property {(onto: string) => void} play play the chosen tile on the end `onto`
 * @property {(onto: string|null) => void} markFocus highlight the board mark of the target
 * @property {() => void} flushSize send the board's size now if it is waiting
 */

export {};
