// The end of a game in words: who won, why it ended, the end panel with each player's
// points broken down, the status line of an ended game.
import { h } from './board.js';
import { t, words, andList } from './i18n.js';

/** The seats that won, from a state message or a replay (a resignation's own winners). */
export function winnersOf(result, outcome) {
  return result?.winner_seats ?? outcome?.winners ?? [];
}

/** Who won, in a line: "Ann wins", "Ann and Bob share the win", "nobody wins". */
export function winLine(players, winners) {
  const w = winners.map((s) => players[s]?.name ?? t('seat-n', { n: s + 1 }));
  return t('win-line', { winners: andList(w), count: w.length });
}

/** Why a game ended, in words. */
export function whyEnded(status, result, end) {
  if (status === 'resigned') return result?.resigned?.reason ? words(result.resigned.reason) : t('why-resigned');
  if (status === 'aborted') return result?.aborted ? words(result.aborted) : result?.error ? words(result.error) : t('why-stopped');
  if (status === 'stopped') return t('why-stopped');
  return end?.reason ? words(end.reason) : t('why-end');
}

/** A sentence's first letter in capitals, unless it is a player's name ("greedy reached 400"). */
function sentence(players, text) {
  if (players.some((p) => p.name && text.startsWith(p.name))) return text;
  return text.replace(/^./, (c) => c.toLocaleUpperCase());
}

/**
 * The end of a game: why, who won, each player's points broken down (the winners'
 * rows highlighted), and the buttons given (Rematch, New game).
 */
export function endPanel(players, status, result, outcome, end, scores, buttons = []) {
  const winners = winnersOf(result, outcome);
  const b = end?.breakdown;
  const head = b?.columns ? b.columns.map(words) : [t('column-total')];
  const rows = b?.rows ?? players.map((_, i) => [scores?.[i] ?? '']);
  // a column per player (two to four fit beside the board), a row per kind of points
  const win = (i) => (winners.includes(i) ? 'winner' : null);
  const table = h('table', { class: 'breakdown', id: 'breakdown' },
    h('thead', {}, h('tr', {}, h('td'), players.map((p, i) => h('th', { scope: 'col', class: win(i) },
      (winners.includes(i) ? '★ ' : '') + (p.name || t('seat-n', { n: i + 1 })))))),
    h('tbody', {}, head.map((c, k) => h('tr', { class: k === head.length - 1 ? 'total' : null },
      h('th', { scope: 'row', text: c }),
      players.map((_, i) => h('td', { class: win(i), text: rows[i]?.[k] ?? '' }))))));
  return h('section', { class: 'end', id: 'end', 'aria-label': t('end-label') },
    h('h3', { text: t('game-over') }),
    h('p', { id: 'end-reason' }, t('sentence', { text: sentence(players, whyEnded(status, result, end)) })),
    h('p', { id: 'winner', class: 'winner-line' }, t('sentence', { text: sentence(players, winLine(players, winners)) })),
    // Rematch and New game before the breakdown: in reach however many rows it has
    buttons.length ? h('div', { class: 'controls' }, buttons) : null,
    table);
}

/** The status line of an ended game. */
export function endLine(status, players, outcome, result) {
  const won = winLine(players, winnersOf(result, outcome));
  if (status === 'finished') return t('end-line', { won });
  if (status === 'resigned') return t('end-line-resigned', { why: whyEnded(status, result, null), won });
  return t('end-line-other', { status: t(`status-${status}`), why: whyEnded(status, result, null) });
}
