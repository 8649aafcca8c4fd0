// The Arena in the browser (#/arena): rated play (the queue, a match's game), the words
// of ratings shared by the Arena's pages, and the rating changes at the end of a rated
// game. Guests play unrated as before: nothing here is in their way.
import { h, put } from './board.js';
import { api, json, loadMe, registry, titleOf } from './api.js';
import { tokensOf, saveTokens } from './saved.js';
import { accountForm, setSession } from './login.js';
import { main, onLeave, reload } from './page.js';

// ------------------------------------------------------------------ words
export const POOLS = { duel: '2 players', multi: '3+ players' };
export const round = (x) => (typeof x === 'number' ? Math.round(x) : x ?? '');
export const signed = (x) => { const n = Math.round(x); return n > 0 ? `+${n}` : n < 0 ? `-${-n}` : '±0'; };
export const when = (t) => {
  if (t === null || t === undefined || t === '') return '';
  const d = new Date(typeof t === 'number' && t < 1e12 ? t * 1000 : t);
  return Number.isNaN(d.getTime()) ? String(t) : d.toLocaleString();
};
/** Seconds waited, from `since_ms`: a time (ms since 1970) or a duration. */
const waited = (since) => Math.max(0, Math.floor((since > 1e12 ? Date.now() - since : since) / 1000));
export const houseName = (name) => `${name} (house)`;

// ------------------------------------------------------------------ arena
/** Where a matched ticket's game is played: its token saved (with its seat), then its page. */
export async function openMatch(gameId, token) {
  let seat = 0;
  try {
    const st = await api(`/api/games/${gameId}?token=${encodeURIComponent(token)}`);
    if (Number.isInteger(st.seat)) seat = st.seat;
  } catch (e) { console.info(`game ${gameId}: ${e.message}`); }
  saveTokens(gameId, [[seat, token]]);
  location.hash = `#/game/${gameId}`;
}

/** A game and players choice (players from the game's seat range). */
export function gameChoice(reg, idPrefix, preselect) {
  const game = h('select', { id: `${idPrefix}-game`, 'aria-label': 'Game' }, reg.games.map((g) => h('option', { value: g.name }, g.title)));
  if (preselect && reg.games.some((g) => g.name === preselect)) game.value = preselect;
  const players = h('select', { id: `${idPrefix}-players`, 'aria-label': 'Players' });
  const fill = () => {
    const g = reg.games.find((x) => x.name === game.value);
    const [lo, hi] = g?.seats ?? [2, 2];
    const old = players.value;
    put(players, ...Array.from({ length: Math.max(hi - Math.max(lo, 2) + 1, 1) }, (_, i) => Math.max(lo, 2) + i)
      .map((n) => h('option', { value: n }, `${n} players`)));
    if ([...players.options].some((o) => o.value === old)) players.value = old;
  };
  game.addEventListener('change', fill);
  fill();
  return { game, players };
}

export async function arenaPage() {
  document.title = 'Tessera — arena';
  const head = h('h2', { text: 'Arena' });
  put(main, head, h('p', { text: 'Loading…' }));
  const at = location.hash;
  const me = await loadMe();
  if (location.hash !== at) return; // another page meanwhile
  if (!me) {
    put(main, head,
      h('p', { id: 'arena-login-note' }, 'Rated games need an account: log in, or ', h('a', { href: '#/register?next=%23%2Farena' }, 'register'), '. Guests can still play unrated games from ', h('a', { href: '#/new' }, 'New game'), '.'),
      accountForm(false, () => reload()));
    return;
  }
  let reg;
  try { reg = await registry(); } catch (e) {
    put(main, head, h('p', { class: 'error', role: 'alert' }, 'Cannot read the games: ' + e.message));
    return;
  }
  if (location.hash !== at) return;
  const err = h('p', { id: 'arena-error', class: 'error', role: 'alert' });
  const waiting = h('div', { id: 'arena-waiting', 'aria-live': 'polite' });
  const tickets = h('div', { id: 'arena-tickets' });
  const links = h('p', {}, h('a', { href: `#/leaderboard/${reg.games[0]?.name ?? ''}` }, 'Leaderboards'), ' · ',
    h('a', { href: `#/account/${encodeURIComponent(me.name)}` }, 'Your ratings'));
  if (me.kind === 'bot') {
    put(main, head,
      h('p', {}, `${me.name} is a bot account: bots play rated games over TCP with an API token, not in the browser. `,
        h('a', { href: `#/account/${encodeURIComponent(me.name)}` }, 'Your tokens'), ' tell how.'), links);
    return;
  }
  const { game, players } = gameChoice(reg, 'arena', localStorage.getItem('tessera.arena.game'));
  const play = h('button', { type: 'submit', class: 'primary', id: 'play-rated' }, 'Play rated');
  const form = h('form', { class: 'arena', id: 'arena-form' },
    h('fieldset', {}, h('legend', { text: 'Play rated' }),
      h('label', {}, 'Game ', game), ' ', h('label', {}, 'Players ', players), ' ', play,
      h('p', { class: 'hint' }, 'You are paired with people near your rating; when nobody is near for a while, with one of the house levels.')));
  put(main, head, h('p', {}, `Playing as ${me.name}.`), form, err, waiting, tickets, links);

  // `awaiting`: a ticket was taken here and its game not yet opened. The server takes a
  // ticket out of the queue before its game is made: a look in between sees neither, and
  // the page must keep looking.
  let stopped = false, timer = null, busy = false, awaiting = false, state = { queued: [], matched: [] };
  const opened = new Set();
  const draw = () => {
    const q = state.queued ?? [];
    put(waiting, ...(q.length ? [h('div', { class: 'waiting' },
      q.map((t) => h('p', { class: 'wait-line' },
        h('span', { class: 'spinner', 'aria-hidden': 'true' }), ` ${titleOf(reg, t.game)}, ${t.players} players: `,
        h('span', { class: 'wait-text' }, `Waiting for an opponent… (${waited(t.since_ms)} s)`))),
      h('button', { id: 'arena-cancel', type: 'button', onclick: cancel }, 'Cancel'))] : []));
    const m = state.matched ?? [];
    put(tickets, ...(q.length || m.length ? [h('h3', { text: 'Your tickets' }),
      h('table', { class: 'list tickets', id: 'ticket-list' },
        h('thead', {}, h('tr', {}, ['Ticket', 'Game', 'Players', 'Status', ''].map((t) => h('th', { text: t })))),
        h('tbody', {},
          q.map((t) => h('tr', { 'data-ticket': t.ticket }, h('td', { text: t.ticket }), h('td', { text: titleOf(reg, t.game) }), h('td', { text: t.players }),
            h('td', { text: `queued ${waited(t.since_ms)} s` }), h('td'))),
          m.map((t) => h('tr', { 'data-ticket': t.ticket }, h('td', { text: t.ticket }), h('td', { text: t.game ? titleOf(reg, t.game) : '' }), h('td', { text: t.players ?? '' }),
            h('td', { text: `matched: game ${t.game_id}` }),
            h('td', {}, h('a', { href: `#/game/${t.game_id}`, onclick: (ev) => { ev.preventDefault(); openMatch(t.game_id, t.token); } }, 'Play'))))))] : []));
    play.disabled = busy;
  };
  const poll = async () => {
    if (stopped) return;
    try {
      state = await api('/api/arena/queue');
      if (stopped) return;
      // a match not yet opened in this browser: to its game
      const fresh = (state.matched ?? []).find((t) => !opened.has(t.game_id) && !tokensOf(t.game_id).length);
      if (fresh) { opened.add(fresh.game_id); stop(); openMatch(fresh.game_id, fresh.token); return; }
      draw();
    } catch (e) {
      // the session ended (logged out elsewhere, expired): the log-in form
      if (e.status === 401) { stop(); setSession(null); reload(); return; }
      err.textContent = 'Cannot read your tickets: ' + e.message;
    }
    if (!stopped && ((state.queued ?? []).length || awaiting)) timer = setTimeout(poll, 1000);
  };
  const stop = () => { stopped = true; clearTimeout(timer); };
  async function cancel() {
    err.textContent = '';
    awaiting = false;
    try { await api('/api/arena/queue', { method: 'DELETE' }); } catch (e) { err.textContent = 'Cannot leave the queue: ' + e.message; }
    clearTimeout(timer);
    poll();
  }
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    busy = true; draw();
    try {
      localStorage.setItem('tessera.arena.game', game.value);
      await api('/api/arena/queue', json('POST', { game: game.value, players: Number(players.value) }));
      awaiting = true;
      clearTimeout(timer);
      await poll();
    } catch (e) {
      err.textContent = 'Cannot queue: ' + e.message;
      if (e.status === 401) { setSession(null); reload(); }
    } finally { busy = false; if (!stopped) draw(); }
  });
  onLeave(stop);
  poll();
}

// ------------------------------------------------------------------ end of a rated game
/** The "Rated" badge of a rated game. */
export const ratedBadge = () => h('span', { class: 'badge rated', id: 'rated-badge', title: 'a rated game: its result changes the players\' ratings' }, 'Rated');

/**
 * The rating changes of a rated game that has ended (GET /api/games/ID/rated), drawn in
 * `box` once the server has computed them (it answers [] until then: asked again for about
 * 6 s; `wait: false` asks once, and says nothing of a game that is not rated: a replay).
 * Returns a function that stops asking.
 */
export function ratedChanges(box, id, { wait = true } = {}) {
  let stopped = false, timer = null, tries = 0;
  if (wait) put(box, h('p', { class: 'hint', id: 'rated-pending' }, 'Rated game: the ratings are being updated…'));
  const ask = async () => {
    if (stopped) return;
    let rows = [];
    try { rows = await api(`/api/games/${id}/rated`); } catch (e) { console.info(`rated ${id}: ${e.message}`); }
    if (stopped) return;
    if (rows.length) {
      put(box, h('div', { class: 'rated-changes', id: 'rated-changes' },
        wait ? null : ratedBadge(),
        h('h4', { text: 'Rating changes' }),
        h('ul', {}, rows.map((r) => h('li', { 'data-seat': r.seat, class: r.change > 0 ? 'up' : r.change < 0 ? 'down' : null },
          r.house ? houseName(r.name) : h('a', { href: `#/account/${encodeURIComponent(r.name)}` }, r.name),
          ` ${round(r.before)} → ${round(r.after)} (${signed(r.change)})`)))));
      return;
    }
    if (!wait) return; // (an unrated game, or not computed yet: nothing said)
    if (++tries < 8) timer = setTimeout(ask, 800);
    else put(box, h('p', { class: 'hint', id: 'rated-pending' }, 'Rated game: the new ratings are not ready yet; see the players\' pages.'));
  };
  ask();
  return () => { stopped = true; clearTimeout(timer); };
}
