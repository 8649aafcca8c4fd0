// A move held for a confirmation: a placement (games whose registry entry says `confirm`,
// when the person asks for it; a touch screen asks by default, having no hover to show
// where a tile lands) or a hint. Nothing is sent until Confirm, or a second tap on the
// same spot; Take back forgets it. The look draws the held placement on the board
// (`ctx.held`), see-through, with the points it would score.
import { h, touchScreen } from './board.js';
import { t } from './i18n.js';

const KEY = 'tessera.confirm';

/** Whether placements wait for Confirm: the person's choice, else on for a touch screen. */
export function confirmWanted() {
  const v = localStorage.getItem(KEY);
  if (v === 'on' || v === 'off') return v === 'on';
  return touchScreen();
}
export const rememberConfirm = (on) => localStorage.setItem(KEY, on ? 'on' : 'off');

/**
 * A move in words: the words of the game's renderer (`moveWords(mv, hints)` of
 * ./GAME.js or ./generic.js, with the points when the seat's hints describe the move),
 * else the move's notation. This file knows no game's moves.
 */
export function moveWords(mv, hints, words) {
  const said = typeof words === 'function' ? words(mv, hints) : null;
  return typeof said === 'string' && said ? said : JSON.stringify(mv);
}

/**
 * The held move and its box (Confirm, Take back), for the page to place by the dock.
 * `changed()` is called when the held move changes (the page draws the board again);
 * `words(mv, hints)` says a move (the game's renderer's `moveWords`).
 */
export function holder(changed, words) {
  const box = h('div', { id: 'confirm-box', class: 'confirm', role: 'group', 'aria-label': t('confirm-label'), hidden: true });
  const self = {
    box,
    /** The move held (null: none), the game version it was held at, the label's words. */
    move: null, version: null, label: null,
    /** Holds `mv`, sent with `play(mv)` on Confirm. */
    hold(mv, { version, hints, play, label = t('your-placement'), verb = t('confirm') }) {
      self.move = mv; self.version = version; self.label = label;
      box.hidden = false;
      box.replaceChildren(h('span', { class: 'held-words' }, t('held-line', { label, move: moveWords(mv, hints, words) }) + ' '),
        h('button', { id: 'confirm-move', class: 'primary', onclick: () => { const m = self.move; self.clear(); if (m !== null) play(m); } }, verb), ' ',
        h('button', { id: 'take-back', onclick: () => { self.clear(); changed(); } }, t('take-back')));
      // (in view already: the box is by the dock; focusing it must not scroll the page)
      box.querySelector('#confirm-move').focus({ preventScroll: true });
      changed();
    },
    /** Whether `mv` is the move held (a second tap on the same spot). */
    holds: (mv) => self.move !== null && JSON.stringify(self.move) === JSON.stringify(mv),
    /** Forgets the held move. */
    clear() { self.move = null; self.version = null; box.hidden = true; box.replaceChildren(); },
  };
  return self;
}
