// The page's one content area (<main>) and what the page shown there stops when another
// is shown (its timers, its WebSocket): `onLeave(stop)` as it starts, `leave()` by the
// router. `reload()` draws the page of the address again (after logging in or out).

/** Where every page draws. */
export const main = document.getElementById('main');

let stops = [];
/** Runs `stop` when the page shown now is left. */
export function onLeave(stop) { stops.push(stop); }
/** Leaves the page shown: stops what it started. */
export function leave() {
  const now = stops;
  stops = [];
  for (const stop of now) stop();
}
/** Draws the page of the current address again. */
export function reload() { window.dispatchEvent(new HashChangeEvent('hashchange')); }
