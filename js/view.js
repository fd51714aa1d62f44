// @ts-check
// The view's shape: what Python draws into the `view` trait, a mirror of
// cfwidget/widget/_view.py field by field. Typedefs only (nothing runs here);
// tests/widget/test_widget.py checks that every typedef in this file matches its TypedDict.

/** @typedef {"you"|"bot"|"other"|"round-over"|"game-over"|"paused"} Waiting */
/** @typedef {"you"|"bot"|"player"} PlayerKind */

/**
 * One tile on the table, in tile units (a tile is 2 long and 1 wide).
 * @typedef {Object} PlacedTile
 * @property {string} tile
 * @property {number} x
 * @property {number} y
 * @property {number} angle
 * @property {number} first
 * @property {number} second
 * @property {string} role
 * @property {number|null} onto
 * @property {boolean} linked
 * @property {number} heading
 */

/**
 * The smallest box holding every tile, in tile units.
 * @typedef {Object} Bounds
 * @property {number} min_x
 * @property {number} min_y
 * @property {number} max_x
 * @property {number} max_y
 */

/**
 * One place a hand tile can go.
 * @typedef {Object} Target
 * @property {string} move
 * @property {string|null} say
 * @property {string} onto
 * @property {string} text
 * @property {number} badge_x
 * @property {number} badge_y
 */

/**
 * A tile of the shown hand.
 * @typedef {Object} HandTile
 * @property {string} tile
 * @property {string} hint
 * @property {Target[]} targets
 */

/**
 * One seat in the players list.
 * @typedef {Object} Player
 * @property {string} name
 * @property {number} count
 * @property {PlayerKind} kind
 * @property {boolean} to_move
 * @property {number|null} total
 */

/**
 * One line of the move log.
 * @typedef {Object} LogEntry
 * @property {number} seat
 * @property {string} text
 */

/**
 * @typedef {Object} RoundInfo
 * @property {number} number
 * @property {number|null} total
 * @property {string} start
 */

/**
 * The end of a round; scores in seat order.
 * @typedef {Object} Result
 * @property {string} title
 * @property {number[]} scores
 * @property {string[]} names
 */

/**
 * One player's place at the end of a game (a full tie shares a place).
 * @typedef {Object} Standing
 * @property {number} place
 * @property {string} name
 * @property {number} total
 */

/**
 * @typedef {Object} SheetRound
 * @property {string} label
 * @property {number[]} scores
 */

/**
 * @typedef {Object} Sheet
 * @property {SheetRound[]} rounds
 * @property {number[]} totals
 */

/**
 * Guided play: what the cue shows.
 * @typedef {Object} Cue
 * @property {number} level
 * @property {string} label
 * @property {string[]} ends
 * @property {string} prompt
 * @property {string|null} move
 * @property {string|null} tile
 * @property {string|null} onto
 * @property {boolean} confirm
 * @property {string[]} tiles
 */

/**
 * The coach's advice for your turn (coach=True): the sentence, the move, what to ring.
 * @typedef {Object} Hint
 * @property {string} text
 * @property {string} move
 * @property {string|null} tile
 * @property {string|null} onto
 */

/**
 * Guided play: the session's settings and state.
 * @typedef {Object} Guided
 * @property {boolean} errorless
 * @property {boolean} speech
 * @property {boolean} sound
 * @property {boolean} paused
 * @property {boolean} ended
 * @property {number|null} wait_ms
 * @property {number} turns
 * @property {boolean} show_fit
 */

/**
 * Everything the view draws (the `view` trait). `seat` is null in the table's view (a
 * projector's: no hand, nothing a hand does).
 * @typedef {Object} View
 * @property {number} version
 * @property {number|null} seat
 * @property {string[]} names
 * @property {string} title
 * @property {string} where
 * @property {RoundInfo} round
 * @property {Player[]} players
 * @property {number} yard
 * @property {HandTile[]} hand
 * @property {string|null} drawn
 * @property {PlacedTile[]} table
 * @property {Bounds} bounds
 * @property {string|null} last
 * @property {string|null} forced
 * @property {number} needed
 * @property {boolean} can_draw
 * @property {boolean} can_pass
 * @property {boolean} announce
 * @property {boolean} playing
 * @property {Waiting} waiting
 * @property {number|null} auto_ms
 * @property {string} next_label
 * @property {boolean} can_undo
 * @property {boolean} allow_undo
 * @property {string} status
 * @property {string} rule
 * @property {string} last_words
 * @property {string} open_words
 * @property {string} idle_words
 * @property {LogEntry[]} log
 * @property {string} opening
 * @property {Result|null} result
 * @property {Sheet|null} sheet
 * @property {Standing[]|null} standings
 * @property {boolean} can_new_game
 * @property {Cue|null} cue
 * @property {Guided|null} guided
 * @property {boolean} coach
 * @property {Hint|null} hint
 */

export {};
