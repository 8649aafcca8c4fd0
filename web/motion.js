// Move animation: the tiles just placed (the games' looks mark them `data-fresh`: the last
// Triominos tile, the last turn's Q tiles, the last Akropolis tile) drop into place once per
// move, the person's own and the others'; nothing moves under prefers-reduced-motion (and
// style.css stops the animation there too). The first drawing of a page is not animated:
// those tiles were placed before it opened.

const reduce = matchMedia('(prefers-reduced-motion: reduce)');
/** The animation's length (style.css, `.arrive`). */
const MS = 400;

/**
 * Animates the fresh tiles of `layer` when `key` (the game's version, the replay's step)
 * differs from the last drawn one and `animate` allows; keeps an animation going across a
 * redraw of the same key (a tile selected meanwhile). `local` keeps the state per page.
 * Returns how many tiles it animates.
 */
export function arrive(layer, local, key, animate = true) {
  const now = performance.now();
  const first = local.arrived === undefined;
  if (local.arrived?.key !== key) local.arrived = { key, at: first || !animate ? -Infinity : now };
  const since = now - local.arrived.at;
  if (reduce.matches || since >= MS) return 0;
  const fresh = layer.querySelectorAll('[data-fresh]');
  for (const el of fresh) {
    el.classList.add('arrive');
    if (since > 0) el.style.animationDelay = `-${Math.round(since)}ms`;
  }
  return fresh.length;
}
