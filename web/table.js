// The page of one game (play, watch, replay): the board or the generic area beside a
// panel (status, error, scores, the look's panel, extras, the log), and the scores and
// log drawn in it.
import { h, Board } from './board.js';
import { main } from './page.js';

export function gameLayout() {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('id', 'board');
  svg.setAttribute('tabindex', '0');
  svg.setAttribute('aria-label', 'Board: drag or use arrow keys to pan, wheel or +/- to zoom');
  const board = new Board(svg);
  // (the page draws again after fitting: `fitButton`'s click is the page's)
  const fitButton = h('button', { 'aria-label': 'Fit board to view' }, '⤢');
  const zoom = h('div', { class: 'zoom' },
    h('button', { 'aria-label': 'Zoom in', onclick: () => board.zoom(1 / 1.25) }, '+'),
    h('button', { 'aria-label': 'Zoom out', onclick: () => board.zoom(1.25) }, '−'),
    fitButton);
  const ui = {
    status: h('div', { id: 'status', role: 'status', 'aria-live': 'polite' }),
    error: h('div', { id: 'error', role: 'alert' }),
    scores: h('table', { class: 'scores', id: 'scores' }),
    panel: h('div', { id: 'panel' }),
    extra: h('div', { id: 'extra' }),
    log: h('ol', { class: 'log', id: 'log', 'aria-label': 'Game log' }),
    flash: h('div', { class: 'flash', id: 'flash', role: 'status', 'aria-live': 'assertive', hidden: true }),
    // the generic look draws here instead of on the board
    area: h('div', { class: 'generic', id: 'generic', hidden: true }),
  };
  const wrap = h('div', { class: 'boardwrap' }, svg, zoom, ui.flash);
  main.replaceChildren(h('section', { class: 'game' }, wrap, ui.area,
    h('aside', {}, ui.status, ui.error, ui.scores, ui.panel, ui.extra, h('h3', { text: 'Log' }), ui.log)));
  /** Shows the board (a game's own look) or the generic area. */
  const useBoard = (yes) => { wrap.hidden = !yes; ui.area.hidden = yes; };
  return { board, ui, useBoard, fitButton };
}

/** The scores by player (in turn order): names, never seat numbers; the winners marked. */
export function drawScores(ui, players, scores, toMove, seat, winners = []) {
  const kind = (p) => (p.kind === 'program' ? ' (program)' : p.kind === 'bot' || p.bot ? ' (bot)' : '');
  ui.scores.replaceChildren(
    h('thead', {}, h('tr', {}, h('th', { text: 'Player' }), h('th', { text: 'Score' }))),
    h('tbody', {}, players.map((p, i) => h('tr', { class: [i === toMove ? 'to-move' : '', winners.includes(i) ? 'winner' : ''].join(' ').trim() },
      h('td', { text: (winners.includes(i) ? '★ ' : '') + (p.name || '(open)') + kind(p) + (i === seat ? ' (you)' : '') }),
      h('td', { text: scores?.[i] ?? '' })))));
}

export function drawLog(ui, lines) {
  ui.log.replaceChildren(...lines.slice(-80).reverse().map(([n, t]) => h('li', {
    class: /bonus|\bQ\b/.test(t) ? 'bonus' : /penalty|drew|ejected|\(-\d+\)/.test(t) ? 'penalty' : '', value: n,
  }, t)));
}

