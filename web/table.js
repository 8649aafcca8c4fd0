// The page of one game (play, watch, replay), laid out for a turn without scrolling: the
// stage (the status line with the scores, the board or the generic area, the end of the
// game, the dock: the look's own controls, tray, hand or site, and the page's Confirm or
// scrubber) beside a side panel (the look's panel, the log, the page's extras); on a phone
// the stage fills the screen and the side panel follows below it. The scores and log are
// drawn here.
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
  board.keepClear(zoom);
  // said while the board is drawn too small for its fine print (the Board shows it)
  const note = h('p', { class: 'board-note', id: 'board-note', hidden: true }, t('board-zoom-to-read'));
  board.noteWhenSmall(note);
  const ui = {
    status: h('div', { id: 'status', role: 'status', 'aria-live': 'polite' }),
    // a refusal, over the top of the board: it never pushes the board down
    error: h('div', { id: 'error', role: 'alert' }),
    scores: h('table', { class: 'scores', id: 'scores' }),
    panel: h('div', { id: 'panel' }),
    extra: h('div', { id: 'extra' }),
    log: h('ol', { class: 'log', id: 'log', 'aria-label': t('game-log') }),
    flash: h('div', { class: 'flash', id: 'flash', role: 'status', 'aria-live': 'assertive', hidden: true }),
    // the generic look draws here instead of on the board
    area: h('div', { class: 'generic', id: 'generic', hidden: true }),
    // the status line (the page adds its badge and clock), the end of a game, the dock
    top: h('div', { class: 'topline', id: 'topline' }),
    end: h('div', { id: 'end-box' }),
    dock: h('div', { class: 'dock', id: 'dock' }),
    dockwrap: h('div', { class: 'dockwrap', id: 'dockwrap' }),
  };
  ui.top.append(ui.status, ui.scores);
  ui.dockwrap.append(ui.dock);
  const wrap = h('div', { class: 'boardwrap' }, svg, zoom, note, ui.flash, ui.error);
  main.replaceChildren(h('section', { class: 'game' },
    h('div', { class: 'stage', id: 'stage' }, ui.top, wrap, ui.area, ui.end, ui.dockwrap),
    h('aside', {}, ui.panel, h('h3', { class: 'log-head', text: t('log') }), ui.log, ui.extra)));
  /** Shows the board (a game's own look) or the generic area (and the refusals over it). */
  const useBoard = (yes) => {
    wrap.hidden = !yes; ui.area.hidden = yes;
    if (yes && ui.error.parentElement !== wrap) wrap.append(ui.error);
    if (!yes && ui.error.nextElementSibling !== ui.area) ui.area.before(ui.error);
  };
  return { board, ui, useBoard, fitButton };
}

/** The scores by player (in turn order): names, never seat numbers; the winners marked. */
export function drawScores(ui, players, scores, toMove, seat, winners = []) {
  const kind = (p) => (p.kind === 'program' ? 'program' : p.kind === 'bot' || p.bot ? 'bot' : 'person');
  ui.scores.replaceChildren(
    // (a line of names and points by the status: the heads are for screen readers)
    h('thead', { class: 'sr-only' }, h('tr', {}, h('th', { text: t('col-player') }), h('th', { text: t('col-score') }))),
    h('tbody', {}, players.map((p, i) => h('tr', { class: [i === toMove ? 'to-move' : '', winners.includes(i) ? 'winner' : ''].join(' ').trim() },
      h('td', { text: (winners.includes(i) ? '★ ' : '') + (p.name ? t('player-in-scores', { name: p.name, kind: kind(p), you: i === seat ? 'yes' : 'no' }) : t('seat-open')) }),
      h('td', { text: scores?.[i] ?? '' })))));
}

/** The log's lines, newest first, each in the page's language: a bonus marked as one, a
 * penalty (a draw, a penalty, an ejection) as one, by the message and its points. A move
 * of several lines is numbered once, on its top line (the others `same-move`). */
export function drawLog(ui, lines) {
  const shown = lines.slice(-80).reverse();
  ui.log.replaceChildren(...shown.map(([n, msg], i) => h('li', {
    class: [logClass(msg), i > 0 && shown[i - 1][0] === n ? 'same-move' : ''].join(' ').trim() || null, value: n,
  }, words(msg))));
}

function logClass(msg) {
  const a = msg?.args || {};
  if (Number(a.qs) > 0 || Number(a.hexagons) > 0 || a.bridge === 'yes' || a.finished === 'yes') return 'bonus';
  if (/drew|no-placement|ejected/.test(msg?.id || '') || /^-\d/.test(String(a.points ?? ''))) return 'penalty';
  return '';
}

