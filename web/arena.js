// The Arena in the browser (#/arena): rated play (the queue, a match's game), the words
// of ratings shared by the Arena's pages, and the rating changes at the end of a rated
// game. Guests play unrated as before: nothing here is in their way.
import { h, put } from './board.js';
import { api, json, loadMe, registry, titleOf } from './api.js';
import { tokensOf, saveTokens } from './saved.js';
import { accountForm, setSession } from './login.js';
import { main, onLeave, reload } from './page.js';
import { t, lang } from './i18n.js';

// ------------------------------------------------------------------ words
/** The pools of ratings, each by the message that names it. */
export const POOLS = { duel: 'pool-duel', multi: 'pool-multi' };
export const round = (x) => (typeof x === 'number' ? Math.round(x) : x ?? '');
export const signed = (x) => { const n = Math.round(x); return n > 0 ? `+${n}` : n < 0 ? `-${-n}` : '±0'; };
export const when = (at) => {
  if (at === null || at === undefined || at === '') return '';
  const d = new Date(typeof at === 'number' && at < 1e12 ? at * 1000 : at);
  return Number.isNaN(d.getTime()) ? String(at) : d.toLocaleString(lang);
};
/** Seconds waited, from `since_ms`: a time (ms since 1970) or a duration. */
const waited = (since) => Math.max(0, Math.floor((since > 1e12 ? Date.now() - since : since) / 1000));
export const houseName = (name) => t('house-name', { name });

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
  const game = h('select', { id: `${idPrefix}-game`, 'aria-label': t('col-game') }, reg.games.map((g) => h('option', { value: g.name }, g.title)));
  if (preselect && reg.games.some((g) => g.name === preselect)) game.value = preselect;
  const players = h('select', { id: `${idPrefix}-players`, 'aria-label': t('col-players') });
  const fill = () => {
    const g = reg.games.find((x) => x.name === game.value);
    const [lo, hi] = g?.seats ?? [2, 2];
    const old = players.value;
    put(players, ...Array.from({ length: Math.max(hi - Math.max(lo, 2) + 1, 1) }, (_, i) => Math.max(lo, 2) + i)
      .map((n) => h('option', { value: n }, t('n-players', { n }))));
    if ([...players.options].some((o) => o.value === old)) players.value = old;
  };
  game.addEventListener('change', fill);
  fill();
  return { game, players };
}

export async function arenaPage() {
  document.title = t('title-page', { page: t('nav-arena') });
  const head = h('h2', { text: t('nav-arena') });
  put(main, head, h('p', { text: t('loading') }));
  const at = location.hash;
  const me = await loadMe();
  if (location.hash !== at) return; // another page meanwhile
  if (!me) {
    put(main, head,
      h('p', { id: 'arena-login-note' }, t('arena-login-1') + ' ', h('a', { href: '#/register?next=%23%2Farena' }, t('arena-register')), t('arena-login-2') + ' ', h('a', { href: '#/new' }, t('nav-new')), t('arena-login-3')),
      accountForm(false, () => reload()));
    return;
  }
  let reg;
  try { reg = await registry(); } catch (e) {
    put(main, head, h('p', { class: 'error', role: 'alert' }, t('cannot-read-games', { why: e.message })));
    return;
  }
  if (location.hash !== at) return;
  const err = h('p', { id: 'arena-error', class: 'error', role: 'alert' });
  const waiting = h('div', { id: 'arena-waiting', 'aria-live': 'polite' });
  const tickets = h('div', { id: 'arena-tickets' });
  const links = h('p', {}, h('a', { href: `#/leaderboard/${reg.games[0]?.name ?? ''}` }, t('nav-leaderboards')), ' · ',
    h('a', { href: `#/account/${encodeURIComponent(me.name)}` }, t('your-ratings')));
  if (me.kind === 'bot') {
    put(main, head,
      h('p', {}, t('arena-bot-account', { name: me.name }) + ' ',
        h('a', { href: `#/account/${encodeURIComponent(me.name)}` }, t('your-tokens')), ' ' + t('tell-how')), links);
    return;
  }
  const { game, players } = gameChoice(reg, 'arena', localStorage.getItem('tessera.arena.game'));
  const play = h('button', { type: 'submit', class: 'primary', id: 'play-rated' }, t('play-rated'));
  const form = h('form', { class: 'arena', id: 'arena-form' },
    h('fieldset', {}, h('legend', { text: t('play-rated') }),
      h('label', {}, t('col-game') + ' ', game), ' ', h('label', {}, t('col-players') + ' ', players), ' ', play,
      h('p', { class: 'hint' }, t('arena-pairing'))));
  put(main, head, h('p', {}, t('playing-as', { name: me.name })), form, err, waiting, tickets, links);

  // `awaiting`: a ticket was taken here and its game not yet opened. The server takes a
  // ticket out of the queue before its game is made: a look in between sees neither, and
  // the page must keep looking.
  let stopped = false, timer = null, busy = false, awaiting = false, state = { queued: [], matched: [] };
  const opened = new Set();
  const draw = () => {
    const q = state.queued ?? [];
    put(waiting, ...(q.length ? [h('div', { class: 'waiting' },
      q.map((tk) => h('p', { class: 'wait-line' },
        h('span', { class: 'spinner', 'aria-hidden': 'true' }), ' ' + t('wait-game', { game: titleOf(reg, tk.game), n: tk.players }) + ' ',
        h('span', { class: 'wait-text' }, t('waiting-opponent', { seconds: waited(tk.since_ms) })))),
      h('button', { id: 'arena-cancel', type: 'button', onclick: cancel }, t('cancel')))] : []));
    const m = state.matched ?? [];
    put(tickets, ...(q.length || m.length ? [h('h3', { text: t('your-tickets') }),
      h('table', { class: 'list tickets', id: 'ticket-list' },
        h('thead', {}, h('tr', {}, ['col-ticket', 'col-game', 'col-players', 'col-status'].map((id) => h('th', { text: t(id) })), h('th'))),
        h('tbody', {},
          q.map((tk) => h('tr', { 'data-ticket': tk.ticket }, h('td', { text: tk.ticket }), h('td', { text: titleOf(reg, tk.game) }), h('td', { text: tk.players }),
            h('td', { text: t('queued-for', { seconds: waited(tk.since_ms) }) }), h('td'))),
          m.map((tk) => h('tr', { 'data-ticket': tk.ticket }, h('td', { text: tk.ticket }), h('td', { text: tk.game ? titleOf(reg, tk.game) : '' }), h('td', { text: tk.players ?? '' }),
            h('td', { text: t('matched-game', { id: String(tk.game_id) }) }),
            h('td', {}, h('a', { href: `#/game/${tk.game_id}`, onclick: (ev) => { ev.preventDefault(); openMatch(tk.game_id, tk.token); } }, t('play')))))))] : []));
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
      err.textContent = t('cannot-read-tickets', { why: e.message });
    }
    if (!stopped && ((state.queued ?? []).length || awaiting)) timer = setTimeout(poll, 1000);
  };
  const stop = () => { stopped = true; clearTimeout(timer); };
  async function cancel() {
    err.textContent = '';
    awaiting = false;
    try { await api('/api/arena/queue', { method: 'DELETE' }); } catch (e) { err.textContent = t('cannot-leave-queue', { why: e.message }); }
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
      err.textContent = t('cannot-queue', { why: e.message });
      if (e.status === 401) { setSession(null); reload(); }
    } finally { busy = false; if (!stopped) draw(); }
  });
  onLeave(stop);
  poll();
}

// ------------------------------------------------------------------ end of a rated game
/** The "Rated" badge of a rated game. */
export const ratedBadge = () => h('span', { class: 'badge rated', id: 'rated-badge', title: t('rated-about') }, t('rated'));

/**
 * The rating changes of a rated game that has ended (GET /api/games/ID/rated), drawn in
 * `box` once the server has computed them (it answers [] until then: asked again for about
 * 6 s; `wait: false` asks once, and says nothing of a game that is not rated: a replay).
 * Returns a function that stops asking.
 */
export function ratedChanges(box, id, { wait = true } = {}) {
  let stopped = false, timer = null, tries = 0;
  if (wait) put(box, h('p', { class: 'hint', id: 'rated-pending' }, t('rated-updating')));
  const ask = async () => {
    if (stopped) return;
    let rows = [];
    try { rows = await api(`/api/games/${id}/rated`); } catch (e) { console.info(`rated ${id}: ${e.message}`); }
    if (stopped) return;
    if (rows.length) {
      put(box, h('div', { class: 'rated-changes', id: 'rated-changes' },
        wait ? null : ratedBadge(),
        h('h4', { text: t('rating-changes') }),
        h('ul', {}, rows.map((r) => h('li', { 'data-seat': r.seat, class: r.change > 0 ? 'up' : r.change < 0 ? 'down' : null },
          r.house ? houseName(r.name) : h('a', { href: `#/account/${encodeURIComponent(r.name)}` }, r.name),
          ` ${round(r.before)} → ${round(r.after)} (${signed(r.change)})`)))));
      return;
    }
    if (!wait) return; // (an unrated game, or not computed yet: nothing said)
    if (++tries < 8) timer = setTimeout(ask, 800);
    else put(box, h('p', { class: 'hint', id: 'rated-pending' }, t('rated-not-ready')));
  };
  ask();
  return () => { stopped = true; clearTimeout(timer); };
}
