// The generic look, for a game with no JS of its own (or whose JS fails to load): the
// public view and the seat's view as readable JSON, and the seat's legal moves (the
// server's list, in their wire form) as buttons that send them. A move the list leaves
// out (the list may hold only part of the moves, as Q's single-tile placements) can be
// typed as JSON. Scores, log and status are drawn by app.js as for every game.
import { h } from './board.js';
import { t } from './i18n.js';

/** This look draws in its own area, not on the SVG board. */
export const board = false;

/** A move in words (the box of a move held for a confirmation, web/held.js): its notation. */
export function moveWords(mv) {
  return JSON.stringify(mv);
}

/** JSON, indented, with short arrays and objects kept on one line. */
export function pretty(v, indent = '') {
  const flat = JSON.stringify(v);
  if (flat === undefined) return 'null';
  if (flat.length <= 72 || v === null || typeof v !== 'object') return flat;
  const inner = indent + '  ';
  if (Array.isArray(v)) return `[\n${v.map((x) => inner + pretty(x, inner)).join(',\n')}\n${indent}]`;
  return `{\n${Object.entries(v).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${pretty(x, inner)}`).join(',\n')}\n${indent}}`;
}

/** A move's text on its button. */
const moveText = (mv) => (typeof mv === 'string' ? mv : JSON.stringify(mv));

export function render({ area, panel, public: pub, view, legal, mode, myTurn, send, local, error }) {
  panel.replaceChildren();
  const parts = [];
  if (mode === 'play') {
    const list = h('div', { class: 'legal-moves', id: 'legal-moves', role: 'group', 'aria-label': t('generic-legal') });
    const filter = h('input', {
      id: 'move-filter', type: 'search', placeholder: t('generic-filter'), value: local.filter ?? '',
      'aria-label': t('generic-filter-label'),
    });
    const fill = () => {
      const f = (local.filter ?? '').toLowerCase();
      const shown = legal.filter((mv) => moveText(mv).toLowerCase().includes(f));
      list.replaceChildren(...shown.slice(0, 300).map((mv) => h('button', {
        class: 'legal-move', 'data-move': moveText(mv), 'aria-label': t('generic-play', { move: moveText(mv) }),
        onclick: () => send(mv),
      }, moveText(mv))), ...(shown.length > 300 ? [h('p', { class: 'hint' }, t('generic-more', { n: shown.length - 300 }))] : []));
    };
    filter.addEventListener('input', () => { local.filter = filter.value; fill(); });
    fill();
    const typed = h('input', { id: 'move-json', value: local.typed ?? '', placeholder: t('generic-json'), 'aria-label': t('generic-json') });
    typed.addEventListener('input', () => { local.typed = typed.value; });
    const sendTyped = () => {
      let mv;
      try { mv = JSON.parse(typed.value); } catch (e) { return error(t('generic-not-json', { why: e.message })); }
      send(mv);
    };
    typed.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') sendTyped(); });
    parts.push(h('section', {}, h('h3', { text: t('generic-your-moves') }),
      myTurn
        ? [h('p', { class: 'hint', id: 'legal-count' }, t('generic-count', { n: legal.length })), filter, list,
          h('div', { class: 'controls' }, typed, h('button', { id: 'send-move', 'aria-label': t('generic-send-label'), onclick: sendTyped }, t('generic-send')))]
        : h('p', { class: 'hint', id: 'legal-count' }, t('waiting-others'))));
  }
  parts.push(h('section', {}, h('h3', { text: t('generic-public') }), h('pre', { id: 'public-json', tabindex: 0, 'aria-label': t('generic-public-json') }, pretty(pub))));
  if (view !== null && view !== undefined) {
    parts.push(h('section', {}, h('h3', { text: t('generic-view') }), h('pre', { id: 'view-json', tabindex: 0, 'aria-label': t('generic-view-json') }, pretty(view))));
  }
  // a state message while typing keeps the focus in the field
  const active = area.contains(document.activeElement) ? document.activeElement.id : null;
  area.replaceChildren(...parts);
  if (active) document.getElementById(active)?.focus();
}
