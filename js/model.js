// @ts-check
// The model adapter: the one place the front end touches anywidget's model.
//
// The views ask a Port for a synced trait (get), set one (set: the model's set and
// save_changes), watch one change (on), and send an intent (send); close() stops every watch.
// fromAnywidget wraps the model anywidget hands render(); another transport (a room server
// over a websocket, a test's fake) is another function that returns a Port, and the views
// run over it unchanged. tests/js/model.test.js checks that no other module calls the model.

/**
 * The calls this front end makes on anywidget's model (its `model` argument to render()).
 * @typedef {Object} AnywidgetModel
 * @property {(name: string) => any} get
 * @property {(name: string, value: any) => void} set
 * @property {() => void} save_changes
 * @property {(event: string, callback: () => void) => void} on
 * @property {(event: string, callback: () => void) => void} off
 * @property {(content: any) => void} send
 */

/**
 * The model as a view sees it: synced traits `T`, messages `M` to the kernel.
 * @template {object} T
 * @template M
 * @typedef {Object} Port
 * @property {<K extends keyof T & string>(name: K) => T[K]} get a synced trait's value now
 * @property {<K extends keyof T & string>(name: K, value: T[K]) => void} set give a synced
 *   trait a new value and send it to the kernel
 * @property {(name: keyof T & string, callback: () => void) => () => void} on call back
 *   after every change of a synced trait; returns what stops it
 * @property {(message: M) => void} send a message to the kernel (an intent)
 * @property {() => void} close stop every callback given to `on`
 */

/**
 * A Port over anywidget's model: traits are the model's attributes, a change is its
 * `change:<name>` event, and a message is a custom message (model.send).
 * @template {object} T
 * @template M
 * @param {AnywidgetModel} model
 * @returns {Port<T, M>}
 */
export function fromAnywidget(model) {
  /** @type {[string, () => void][]} */
  const watching = [];
  return {
    get: (name) => model.get(name),
    set(name, value) {
      model.set(name, value);
      model.save_changes();
    },
    on(name, callback) {
      const event = `change:${name}`;
      const entry = /** @type {[string, () => void]} */ ([event, callback]);
      model.on(event, callback);
      watching.push(entry);
      return () => {
        const at = watching.indexOf(entry);
        if (at < 0) return;
        watching.splice(at, 1);
        model.off(event, callback);
      };
    },
    send: (message) => model.send(message),
    close() {
      for (const [event, callback] of watching.splice(0)) model.off(event, callback);
    },
  };
}
