// The page of one game (play, watch, replay): the board or the generic area beside a
// panel (status, error, scores, the look's panel, extras, the log), and the scores and
// log drawn in it.
import { h, Board } from './board.js';
import { main } from './page.js';
import { t, words } from './i18n.js';

export function gameLayout() {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('id', 'board');
  svg.setAttribute('tabindex', '0');
  svg.setAttribute('aria-label', t('board-label'));
  const board = new Board(svg);
  // (the page draws again after fitting: `fitButton`'s click is the page's)
  const fitButton = h('button', { 'aria-label': t('zoom-fit') }, '⤢');
  const zoom = h('div', { class: 'zoom' },
    h('button', { 'aria-label': t('zoom-in'), onclick: () => board.zoom(1 / 1.25) }, '+'),
    h('button', { 'aria-label': t('zoom-out'), onclick: () => board.zoom(1.25) }, '−'),
    fitButton);
  const ui = {
    status: h('div', { id: 'status', role: 'status', 'aria-live': 'polite' }),
    error: h('div', { id: 'error', role: 'alert' }),
    scores: h('table', { class: 'scores', id: 'scores' }),
    panel: h('div', { id: 'panel' }),
    extra: h('div', { id: 'extra' }),
    log: h('ol', { class: 'log', id: 'log', 'aria-label': t('game-log') }),
    flash: h('div', { class: 'flash', id: 'flash', role: 'status', 'aria-live': 'assertive', hidden: true }),
    // the generic look draws here instead of on the board
    area: h('div', { class: 'generic', id: 'generic', hidden: true }),
  };
  const wrap = h('div', { class: 'boardwrap' }, svg, zoom, ui.flash);
  main.replaceChildren(h('section', { class: 'game' }, wrap, ui.area,
    h('aside', {}, ui.status, ui.error, ui.scores, ui.panel, ui.extra, h('h3', { text: t('log') }), ui.log)));
  /** Shows the board (a game's own look) or the generic area. */
  const useBoard = (yes) => { wrap.hidden = !yes; ui.area.hidden = yes; };
  return { board, ui, useBoard, fitButton };
}

/** The scores by player (in turn order): names, never seat numbers; the winners marked. */
export function drawScores(ui, players, scores, toMove, seat, winners = []) {
  const kind = (p) => (p.kind === 'program' ? 'program' : p.kind === 'bot' || p.bot ? 'bot' : 'person');
  ui.scores.replaceChildren(
    h('thead', {}, h('tr', {}, h('th', { text: t('col-player') }), h('th', { text: t('col-score') }))),
    h('tbody', {}, players.map((p, i) => h('tr', { class: [i === toMove ? 'to-move' : '', winners.includes(i) ? 'winner' : ''].join(' ').trim() },
      h('td', { text: (winners.includes(i) ? '★ ' : '') + (p.name ? t('player-in-scores', { name: p.name, kind: kind(p), you: i === seat ? 'yes' : 'no' }) : t('seat-open')) }),
      h('td', { text: scores?.[i] ?? '' })))));
}

/** The log's lines, newest first, each in the page's language: a bonus marked as one, a
 * penalty (a draw, a penalty, an ejection) as one, by the message and its points. */
export function drawLog(ui, lines) {
  ui.log.replaceChildren(...lines.slice(-80).reverse().map(([n, msg]) => h('li', {
    class: logClass(msg), value: n,
  }, words(msg))));
}

function logClass(msg) {
  const a = msg?.args || {};
  if (Number(a.qs) > 0 || Number(a.hexagons) > 0 || a.bridge === 'yes' || a.finished === 'yes') return 'bonus';
  if (/drew|no-placement|ejected/.test(msg?.id || '') || /^-\d/.test(String(a.points ?? ''))) return 'penalty';
  return '';
}

