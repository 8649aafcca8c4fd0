// Who watches a game: "2 watching" in the game's top line, for everyone at the table
// (players and spectators), kept up to date over the game's WebSocket (`{"watching":
// "count"}`, then a `watching` message at each change); a click asks for the names of
// the signed-in spectators (`{"watching": "names"}`) and shows them under it.
import { h, s } from './board.js';
import { t, andList } from './i18n.js';

/** The count's control: `el` for the page, `opened(send)` when a socket opens (it asks
 * for the count on it), `message(m)` for each `watching` message. */
export function watchingBox() {
  let send = null, count = 0, wanted = false;
  const names = h('span', { id: 'watchers', class: 'hint watchers', role: 'status', hidden: true });
  const button = h('button', { id: 'watching', class: 'watching', type: 'button', hidden: true, 'aria-expanded': 'false' });
  button.addEventListener('click', () => {
    wanted = names.hidden;
    names.hidden = !wanted;
    button.setAttribute('aria-expanded', String(wanted));
    if (wanted && send) send(JSON.stringify({ watching: 'names' }));
  });
  // an eye (drawn: no font needed), then the words
  const eye = () => s('svg', { viewBox: '0 0 24 16', width: 16, height: 11, 'aria-hidden': 'true', class: 'eye' },
    s('path', { d: 'M1 8 Q12 -4 23 8 Q12 20 1 8 Z', fill: 'none', stroke: 'currentColor', 'stroke-width': 2 }),
    s('circle', { cx: 12, cy: 8, r: 3.5, fill: 'currentColor' }));
  const draw = () => {
    button.hidden = !count;
    if (!count) { names.hidden = true; wanted = false; button.setAttribute('aria-expanded', 'false'); }
    button.replaceChildren(eye(), ' ', t('watching-count', { n: count }));
    button.setAttribute('aria-label', t('watching-label', { n: count }));
  };
  const el = h('span', { class: 'watching-box' }, button, ' ', names);
  return {
    el,
    opened(sendText) { send = sendText; sendText(JSON.stringify({ watching: wanted ? 'names' : 'count' })); },
    message(m) {
      count = Number(m.count) || 0;
      draw();
      if (Array.isArray(m.names)) {
        const parts = [...m.names];
        if (m.others) parts.push(t('watching-guests', { n: m.others }));
        names.textContent = t('watching-names', { names: andList(parts) });
      } else if (wanted && send) {
        // someone came or went while the names are shown: read them again
        send(JSON.stringify({ watching: 'names' }));
      }
    },
  };
}
