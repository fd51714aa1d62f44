// @ts-check
// The room server's join page (cfwidget/room/static/join.html): one seat of a game, or the
// table for a projector, on a phone, a tablet or a laptop. It takes the link's token from the
// address (room-page.js), joins the room over its websocket (socket.js) and, at the first
// welcome, draws the same farmyard the widget draws in Jupyter (mount.js) over that link. A
// drop dims the table and says "Reconnecting…"; the link comes back by itself, and its welcome
// redraws everything. A closed link shows the server's sentence.
// Bundled to cfwidget/room/static/room.js (`make js-bundle`).

import { mountWidget } from "../mount.js";
import { partsOf, sayClosed, showStatus, socketUrl, takeToken } from "../room-page.js";
import { fromSocket } from "../socket.js";

/** What to say when the page was opened without a link's token. */
export const NO_LINK =
  "This page opens a game from the link the host gave you. Open that link again, or ask the host for it.";

/**
 * Run the join page in `page` (its status line, its Try now button and the table's place).
 * @param {HTMLElement} page
 */
export function start(page) {
  const parts = partsOf(page, ".cfr-table");
  const { title } = parts;
  const token = takeToken("join");
  if (!token) {
    if (location.hash) return; // on its way to the host page
    sayClosed(parts, NO_LINK);
    return;
  }
  /** @type {import("../socket.js").RoomPort<import("../mount.js").WidgetTraits, import("../mount.js").WidgetIntent>} */
  const link = fromSocket({ url: socketUrl(location.href), token });
  showStatus(link, parts);
  const table = parts.body;
  let mounted = false;
  link.onStatus((status) => {
    const welcome = status.welcome;
    if (status.state !== "connected" || !welcome) return;
    title.textContent = welcome.room || "Chicken Foot";
    document.title = `${welcome.room || "A game"} \u00b7 Chicken Foot`;
    // Later welcomes (after a reconnection) replace the traits, and the farmyard redraws
    // through the port's callbacks.
    if (mounted) return;
    mounted = true;
    mountWidget(link, table);
  });
  // Leaving the page ends the link (the seat shows as not connected); a page kept in the
  // back-forward cache checks its link when it is shown again.
  window.addEventListener("pagehide", (e) => {
    if (!e.persisted) link.leave();
  });
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) link.check();
  });
}

const page = typeof document === "undefined" ? null : document.getElementById("cfr-join");
if (page) start(page);
