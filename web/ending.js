// The end of a game in words: who won, why it ended, the end panel with each player's
// points broken down, the status line of an ended game.
import { h } from './board.js';

/** The seats that won, from a state message or a replay (a resignation's own winners). */
export function winnersOf(result, outcome) {
  return result?.winner_seats ?? outcome?.winners ?? [];
}

/** Who won, in a line: "Ann wins", "Ann and Bob share the win", "nobody wins". */
export function winLine(players, winners) {
  const w = winners.map((s) => players[s]?.name ?? `seat ${s + 1}`);
  if (!w.length) return 'nobody wins';
  if (w.length === 1) return `${w[0]} wins`;
  return `${w.slice(0, -1).join(', ')} and ${w[w.length - 1]} share the win`;
}

/** Why a game ended, in words. */
export function whyEnded(status, result, end) {
  if (status === 'resigned') return result?.resigned?.reason ?? 'a player resigned';
  if (status === 'aborted') return result?.aborted ?? result?.error ?? 'the game was stopped before its end';
  if (status === 'stopped') return 'the game was stopped before its end';
  return end?.reason ?? 'the game reached its end';
}

/** A sentence's first letter in capitals, unless it is a player's name ("greedy reached 400"). */
function sentence(players, text) {
  if (players.some((p) => p.name && text.startsWith(p.name))) return text;
  return text.replace(/^./, (c) => c.toUpperCase());
}

/**
 * The end of a game: why, who won, each player's points broken down (the winners'
 * rows highlighted), and the buttons given (Rematch, New game).
 */
export function endPanel(players, status, result, outcome, end, scores, buttons = []) {
  const winners = winnersOf(result, outcome);
  const b = end?.breakdown;
  const head = b?.columns ?? ['Total'];
  const rows = b?.rows ?? players.map((_, i) => [scores?.[i] ?? '']);
  // a column per player (two to four fit beside the board), a row per kind of points
  const win = (i) => (winners.includes(i) ? 'winner' : null);
  const table = h('table', { class: 'breakdown', id: 'breakdown' },
    h('thead', {}, h('tr', {}, h('td'), players.map((p, i) => h('th', { scope: 'col', class: win(i) },
      (winners.includes(i) ? '★ ' : '') + (p.name || `seat ${i + 1}`))))),
    h('tbody', {}, head.map((c, k) => h('tr', { class: k === head.length - 1 ? 'total' : null },
      h('th', { scope: 'row', text: c }),
      players.map((_, i) => h('td', { class: win(i), text: rows[i]?.[k] ?? '' }))))));
  return h('section', { class: 'end', id: 'end', 'aria-label': 'End of the game' },
    h('h3', { text: 'Game over' }),
    h('p', { id: 'end-reason' }, sentence(players, whyEnded(status, result, end)) + '.'),
    h('p', { id: 'winner', class: 'winner-line' }, winLine(players, winners) + '.'),
    // Rematch and New game before the breakdown: in reach however many rows it has
    buttons.length ? h('div', { class: 'controls' }, buttons) : null,
    table);
}

/** The status line of an ended game. */
export function endLine(status, players, outcome, result) {
  const won = winLine(players, winnersOf(result, outcome));
  if (status === 'finished') return `Game over — ${won}`;
  if (status === 'resigned') return `Game over — ${whyEnded(status, result, null)}; ${won}`;
  return `Game ${status}: ${whyEnded(status, result, null)}`;
}
