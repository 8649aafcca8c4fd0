// The Arena in the browser: accounts (register, log in, log out), rated play (the queue,
// challenges), leaderboards, account pages (ratings, history, a bot's API tokens), and the
// rating changes at the end of a rated game.
//
// The session is an HttpOnly cookie the page cannot read; what the page knows of it comes
// from POST /api/account/register|login and GET /api/me: the name, the kind and the CSRF
// token every POST/DELETE of a logged-in page sends (X-Tessera-CSRF, added by `withCsrf`).
// Guests play unrated as before: nothing here is in their way.
import { h, s } from './board.js';

// ------------------------------------------------------------------ session
/** The logged-in account ({name, kind, csrf, marked}) or null for a guest. */
export const session = { me: null };
// A hint that this browser has logged in (localStorage): a guest who never did is not asked
// GET /api/me (its 401 would be noise in the console of every page).
const HINT = 'tessera.account';
let meP = null;
function setMe(me) {
  session.me = me ? { name: me.name, kind: me.kind, csrf: me.csrf, marked: !!me.marked } : null;
  if (me) localStorage.setItem(HINT, me.name); else localStorage.removeItem(HINT);
  meP = Promise.resolve(session.me);
  drawNav();
}

/** The session, read once per page load (GET /api/me): the account or null. Never fails. */
export function loadMe() {
  meP ??= (localStorage.getItem(HINT) ? fetch('/api/me', { credentials: 'same-origin' })
    .then(async (r) => (r.ok ? r.json() : null))
    .catch(() => null) : Promise.resolve(null))
    .then((me) => { session.me = null; setMe(me); return session.me; });
  return meP;
}

/** Request options with the CSRF header of a logged-in page on a POST or a DELETE. */
export function withCsrf(opts = {}) {
  const method = String(opts.method || 'GET').toUpperCase();
  if (!session.me?.csrf || method === 'GET' || method === 'HEAD') return opts;
  return { ...opts, headers: { ...(opts.headers || {}), 'X-Tessera-CSRF': session.me.csrf } };
}

// what app.js lends: its api(), registry(), saveTokens(), the page's <main>, route() and
// a way to set the page's cleanup
let app = null;
export function init(a) { app = a; loadMe(); }
/** Replaces an element's children: arrays flattened, null and undefined left out (as h() does). */
const put = (el, ...kids) => el.replaceChildren(...kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false));
const json = (method, body) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

// ------------------------------------------------------------------ words
const POOLS = { duel: '2 players', multi: '3+ players' };
const round = (x) => (typeof x === 'number' ? Math.round(x) : x ?? '');
const signed = (x) => { const n = Math.round(x); return n > 0 ? `+${n}` : n < 0 ? `-${-n}` : '±0'; };
const when = (t) => {
  if (t === null || t === undefined || t === '') return '';
  const d = new Date(typeof t === 'number' && t < 1e12 ? t * 1000 : t);
  return Number.isNaN(d.getTime()) ? String(t) : d.toLocaleString();
};
/** Seconds waited, from `since_ms`: a time (ms since 1970) or a duration. */
const waited = (since) => Math.max(0, Math.floor((since > 1e12 ? Date.now() - since : since) / 1000));
const houseName = (name) => `${name} (house)`;

// ------------------------------------------------------------------ header
/** The header's account links: Log in / Register, or the name and Log out. */
export function drawNav() {
  const box = document.getElementById('account-nav');
  if (!box) return;
  const me = session.me;
  if (!me) {
    put(box, h('a', { href: '#/login', id: 'nav-login' }, 'Log in'), h('a', { href: '#/register', id: 'nav-register' }, 'Register'));
    return;
  }
  put(box, 
    h('a', { href: `#/account/${encodeURIComponent(me.name)}`, id: 'nav-me', title: me.kind === 'bot' ? 'your bot account' : 'your account' }, me.name + (me.kind === 'bot' ? ' (bot)' : '')),
    h('button', { id: 'logout', class: 'link', onclick: logout }, 'Log out'));
}

async function logout() {
  try { await app.api('/api/account/logout', json('POST', {})); } catch (e) { console.info(`log out: ${e.message}`); }
  setMe(null);
  app.route();
}

// ------------------------------------------------------------------ log in, register
/**
 * The log-in (or register) form. `after(me)` runs once logged in (default: the page the
 * form was asked from, `?next=`, else the Arena).
 */
function accountForm(register, after) {
  const name = h('input', { id: 'account-name', name: 'username', autocomplete: 'username', required: true, minlength: 2, maxlength: 20, autocapitalize: 'off', spellcheck: 'false' });
  const password = h('input', { id: 'account-password', name: 'password', type: 'password', required: true, minlength: 8, maxlength: 128, autocomplete: register ? 'new-password' : 'current-password' });
  const kind = h('select', { id: 'account-kind', name: 'kind' },
    h('option', { value: 'person' }, 'Person'), h('option', { value: 'bot' }, 'Bot'));
  const err = h('p', { id: 'account-error', class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary', id: register ? 'register-submit' : 'login-submit' }, register ? 'Register' : 'Log in');
  const form = h('form', { class: 'account', id: register ? 'register-form' : 'login-form', novalidate: true },
    h('label', {}, 'Name ', name),
    register ? h('p', { class: 'hint' }, '2 to 20 letters or digits, starting with a letter.') : null,
    h('label', {}, 'Password ', password),
    register ? h('p', { class: 'hint' }, '8 to 128 characters.') : null,
    register ? [h('label', {}, 'Kind ', kind), h('p', { class: 'hint' }, 'A person plays in the browser; a bot is a program that plays over TCP with API tokens.')] : null,
    h('div', { class: 'controls' }, submit), err,
    register ? h('p', {}, 'Have an account? ', h('a', { href: '#/login' }, 'Log in')) : h('p', {}, 'No account yet? ', h('a', { href: '#/register', id: 'to-register' }, 'Register')));
  /** The form's own checks, the server's rules: null when fine. */
  const check = () => {
    const n = name.value.trim();
    if (!n) return 'Name: required.';
    if (register && !/^[A-Za-z][A-Za-z0-9]{1,19}$/.test(n)) return 'Name: 2 to 20 letters or digits, starting with a letter.';
    if (!password.value) return 'Password: required.';
    if (register && (password.value.length < 8 || password.value.length > 128)) return 'Password: 8 to 128 characters.';
    return null;
  };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    const problem = check();
    if (problem) { err.textContent = problem; return; }
    submit.disabled = true;
    try {
      const body = { name: name.value.trim(), password: password.value };
      if (register) body.kind = kind.value;
      const me = await app.api(register ? '/api/account/register' : '/api/account/login', json('POST', body));
      setMe({ ...me, marked: false });
      after(session.me);
    } catch (e) {
      const wait = e.body?.retry_after_ms;
      err.textContent = e.message + (wait && !/try again/i.test(e.message) ? ` (try again in ${Math.ceil(wait / 1000)} s)` : '');
      // a wrong password is typed again; a taken or bad name keeps the password
      if (e.status === 401) { password.value = ''; password.focus(); } else name.focus();
    } finally { submit.disabled = false; }
  });
  setTimeout(() => name.focus());
  return form;
}

function nextOf(query) {
  const next = query.get('next');
  return next && /^#\/[\w/%.-]*$/.test(next) ? next : '#/arena';
}

export function loginPage(query) {
  document.title = 'Tessera — log in';
  put(app.main, h('h2', { text: 'Log in' }), accountForm(false, () => { location.hash = nextOf(query); }));
}

export function registerPage(query) {
  document.title = 'Tessera — register';
  put(app.main, h('h2', { text: 'Register' }),
    h('p', { class: 'hint' }, 'An account plays rated games and has a place on the leaderboards. Guests still play unrated games without one.'),
    accountForm(true, (me) => { location.hash = me.kind === 'bot' ? `#/account/${encodeURIComponent(me.name)}` : nextOf(query); }));
}

// ------------------------------------------------------------------ arena
/** Where a matched ticket's game is played: its token saved (with its seat), then its page. */
async function openMatch(gameId, token) {
  let seat = 0;
  try {
    const st = await app.api(`/api/games/${gameId}?token=${encodeURIComponent(token)}`);
    if (Number.isInteger(st.seat)) seat = st.seat;
  } catch (e) { console.info(`game ${gameId}: ${e.message}`); }
  app.saveTokens(gameId, [[seat, token]]);
  location.hash = `#/game/${gameId}`;
}

/** A game and players choice (players from the game's seat range). */
function gameChoice(reg, idPrefix, preselect) {
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
  put(app.main, head, h('p', { text: 'Loading…' }));
  const at = location.hash;
  const me = await loadMe();
  if (location.hash !== at) return; // another page meanwhile
  if (!me) {
    put(app.main, head,
      h('p', { id: 'arena-login-note' }, 'Rated games need an account: log in, or ', h('a', { href: '#/register?next=%23%2Farena' }, 'register'), '. Guests can still play unrated games from ', h('a', { href: '#/new' }, 'New game'), '.'),
      accountForm(false, () => app.route()));
    return;
  }
  let reg;
  try { reg = await app.registry(); } catch (e) {
    put(app.main, head, h('p', { class: 'error', role: 'alert' }, 'Cannot read the games: ' + e.message));
    return;
  }
  if (location.hash !== at) return;
  const err = h('p', { id: 'arena-error', class: 'error', role: 'alert' });
  const waiting = h('div', { id: 'arena-waiting', 'aria-live': 'polite' });
  const tickets = h('div', { id: 'arena-tickets' });
  const links = h('p', {}, h('a', { href: `#/leaderboard/${reg.games[0]?.name ?? ''}` }, 'Leaderboards'), ' · ',
    h('a', { href: `#/account/${encodeURIComponent(me.name)}` }, 'Your ratings'));
  if (me.kind === 'bot') {
    put(app.main, head,
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
  put(app.main, head, h('p', {}, `Playing as ${me.name}.`), form, err, waiting, tickets, links);

  let stopped = false, timer = null, busy = false, state = { queued: [], matched: [] };
  const opened = new Set();
  const draw = () => {
    const q = state.queued ?? [];
    put(waiting, ...(q.length ? [h('div', { class: 'waiting' },
      q.map((t) => h('p', { class: 'wait-line' },
        h('span', { class: 'spinner', 'aria-hidden': 'true' }), ` ${app.titleOf(reg, t.game)}, ${t.players} players: `,
        h('span', { class: 'wait-text' }, `Waiting for an opponent… (${waited(t.since_ms)} s)`))),
      h('button', { id: 'arena-cancel', type: 'button', onclick: cancel }, 'Cancel'))] : []));
    const m = state.matched ?? [];
    put(tickets, ...(q.length || m.length ? [h('h3', { text: 'Your tickets' }),
      h('table', { class: 'list tickets', id: 'ticket-list' },
        h('thead', {}, h('tr', {}, ['Ticket', 'Game', 'Players', 'Status', ''].map((t) => h('th', { text: t })))),
        h('tbody', {},
          q.map((t) => h('tr', { 'data-ticket': t.ticket }, h('td', { text: t.ticket }), h('td', { text: app.titleOf(reg, t.game) }), h('td', { text: t.players }),
            h('td', { text: `queued ${waited(t.since_ms)} s` }), h('td'))),
          m.map((t) => h('tr', { 'data-ticket': t.ticket }, h('td', { text: t.ticket }), h('td', { text: t.game ? app.titleOf(reg, t.game) : '' }), h('td', { text: t.players ?? '' }),
            h('td', { text: `matched: game ${t.game_id}` }),
            h('td', {}, h('a', { href: `#/game/${t.game_id}`, onclick: (ev) => { ev.preventDefault(); openMatch(t.game_id, t.token); } }, 'Play'))))))] : []));
    play.disabled = busy;
  };
  const poll = async () => {
    if (stopped) return;
    try {
      state = await app.api('/api/arena/queue');
      if (stopped) return;
      // a match not yet opened in this browser: to its game
      const fresh = (state.matched ?? []).find((t) => !opened.has(t.game_id) && !app.tokensOf(t.game_id).length);
      if (fresh) { opened.add(fresh.game_id); stop(); openMatch(fresh.game_id, fresh.token); return; }
      draw();
    } catch (e) {
      // the session ended (logged out elsewhere, expired): the log-in form
      if (e.status === 401) { stop(); setMe(null); app.route(); return; }
      err.textContent = 'Cannot read your tickets: ' + e.message;
    }
    if (!stopped && (state.queued ?? []).length) timer = setTimeout(poll, 1000);
  };
  const stop = () => { stopped = true; clearTimeout(timer); };
  async function cancel() {
    err.textContent = '';
    try { await app.api('/api/arena/queue', { method: 'DELETE' }); } catch (e) { err.textContent = 'Cannot leave the queue: ' + e.message; }
    clearTimeout(timer);
    poll();
  }
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    busy = true; draw();
    try {
      localStorage.setItem('tessera.arena.game', game.value);
      await app.api('/api/arena/queue', json('POST', { game: game.value, players: Number(players.value) }));
      clearTimeout(timer);
      await poll();
    } catch (e) {
      err.textContent = 'Cannot queue: ' + e.message;
      if (e.status === 401) { setMe(null); app.route(); }
    } finally { busy = false; if (!stopped) draw(); }
  });
  app.setCleanup(stop);
  poll();
}

// ------------------------------------------------------------------ leaderboards
export async function leaderboardPage(gameName, query) {
  const head = h('h2', { text: 'Leaderboards' });
  put(app.main, head, h('p', { text: 'Loading…' }));
  const at = location.hash;
  let reg;
  try { reg = await app.registry(); } catch (e) {
    put(app.main, head, h('p', { class: 'error', role: 'alert' }, 'Cannot read the games: ' + e.message));
    return;
  }
  if (location.hash !== at) return;
  const info = reg.games.find((g) => g.name === gameName) ?? reg.games[0];
  if (!info) { put(app.main, head, h('p', { text: 'This server has no games.' })); return; }
  const pool = POOLS[query.get('pool')] ? query.get('pool') : 'duel';
  document.title = `Tessera — ${info.title} leaderboard (${POOLS[pool]})`;
  const sel = h('select', { id: 'board-game', 'aria-label': 'Game' }, reg.games.map((g) => h('option', { value: g.name }, g.title)));
  sel.value = info.name;
  sel.addEventListener('change', () => { location.hash = `#/leaderboard/${sel.value}?pool=${pool}`; });
  const tabs = h('div', { class: 'tabs pool-tabs', role: 'tablist', 'aria-label': 'Players per game' },
    Object.entries(POOLS).map(([p, label]) => h('a', {
      href: `#/leaderboard/${info.name}?pool=${p}`, role: 'tab', class: 'button', id: `pool-${p}`,
      'aria-selected': String(p === pool), 'aria-current': p === pool ? 'true' : null,
    }, label)));
  const body = h('div', { id: 'leaderboard' }, h('p', { text: 'Loading…' }));
  put(app.main, head, h('div', { class: 'filters' }, h('label', {}, 'Game ', sel), ' ', tabs), body);
  let rows;
  try { rows = await app.api(`/api/leaderboard/${encodeURIComponent(info.name)}?pool=${pool}&limit=100`); } catch (e) {
    if (location.hash !== at) return;
    put(body, h('p', { class: 'error', role: 'alert' }, 'Cannot read the leaderboard: ' + e.message));
    return;
  }
  if (location.hash !== at) return;
  if (!rows.length) {
    put(body, h('p', { id: 'leaderboard-empty' }, `Nobody is rated at ${info.title} with ${POOLS[pool]} yet. `, h('a', { href: '#/arena' }, 'Play rated'), ' to be the first.'));
    return;
  }
  const me = session.me;
  put(body, h('table', { class: 'list ranks', id: 'ranks' },
    h('thead', {}, h('tr', {}, ['Rank', 'Name', 'Rating', 'Games'].map((t) => h('th', { text: t })))),
    h('tbody', {}, rows.map((r) => h('tr', { 'data-name': r.name, class: [r.house ? 'house' : '', me && r.name === me.name && !r.house ? 'me' : ''].join(' ').trim() || null },
      h('td', { class: 'rank', text: r.rank }),
      h('td', { class: 'who' }, r.house ? h('span', { text: houseName(r.name) })
        : [h('a', { href: `#/account/${encodeURIComponent(r.name)}` }, r.name), r.kind === 'bot' ? h('span', { class: 'hint' }, ' (bot)') : null]),
      h('td', { class: 'rating', title: `deviation ${round(r.deviation)}` }, `${round(r.rating)}`, h('span', { class: 'hint' }, ` ±${round(r.deviation)}`),
        r.provisional ? h('span', { class: 'provisional', title: 'provisional: too few games for a settled rating' }, ' ?') : null),
      h('td', { class: 'games', text: r.house ? '' : r.games ?? '' }))))),
  h('p', { class: 'hint' }, '± is the rating\'s uncertainty; ? marks a provisional rating (too few games).'));
}

// ------------------------------------------------------------------ account pages
/** A small line of the ratings after each game, oldest first (an SVG). */
function sparkline(points, label) {
  const W = 160, H = 36, P = 3;
  if (points.length < 2) return null;
  const lo = Math.min(...points), hi = Math.max(...points);
  const x = (i) => P + (i * (W - 2 * P)) / (points.length - 1);
  const y = (v) => (hi === lo ? H / 2 : H - P - ((v - lo) * (H - 2 * P)) / (hi - lo));
  const d = points.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return s('svg', { class: 'sparkline', viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-label': label },
    s('title', {}, label), s('path', { d, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.6 }),
    s('circle', { cx: x(points.length - 1), cy: y(points[points.length - 1]), r: 2.5, fill: 'currentColor' }));
}

export async function accountPage(name) {
  document.title = `Tessera — ${name}`;
  const head = h('h2', {}, name);
  put(app.main, head, h('p', { text: 'Loading…' }));
  const at = location.hash;
  let acc, reg;
  try {
    [acc, reg] = await Promise.all([app.api(`/api/accounts/${encodeURIComponent(name)}`), app.registry().catch(() => null), loadMe()]);
  } catch (e) {
    if (location.hash !== at) return;
    put(app.main, head, h('p', { class: 'error', role: 'alert' }, `Account ${name}: ${e.message}`));
    return;
  }
  if (location.hash !== at) return;
  const me = session.me;
  const mine = me && me.name === acc.name;
  put(head, acc.name, ' ', h('span', { class: `badge kind-${acc.kind}` }, acc.kind === 'bot' ? 'bot' : 'person'),
    acc.marked ? h('span', { class: 'badge marked', title: 'this account has left too many games' }, 'marked: leaves games') : null);
  const history = acc.history ?? [];
  // the ratings: one row per game and pool, with the line of its history
  const ratings = acc.ratings ?? [];
  const ratingRows = ratings.map((r) => {
    const line = history.filter((x) => x.game === r.game && x.pool === r.pool).map((x) => x.after).reverse();
    return h('tr', { 'data-game': r.game, 'data-pool': r.pool },
      h('td', {}, h('a', { href: `#/leaderboard/${r.game}?pool=${r.pool}` }, app.titleOf(reg, r.game))),
      h('td', { text: POOLS[r.pool] ?? r.pool }),
      h('td', { class: 'rating' }, `${round(r.rating)}`, h('span', { class: 'hint' }, ` ±${round(r.deviation)}`), r.provisional ? h('span', { class: 'provisional', title: 'provisional' }, ' ?') : null),
      h('td', { class: 'games', text: r.games }),
      h('td', { class: 'spark' }, sparkline(line, `${app.titleOf(reg, r.game)} (${POOLS[r.pool] ?? r.pool}): ${line.map(round).join(', ')}`)));
  });
  const historyRows = history.slice(0, 50).map((x) => h('tr', { 'data-game-id': x.game_id },
    h('td', { text: when(x.at) }),
    h('td', {}, h('a', { href: `#/replay/${x.game_id}`, 'aria-label': `Replay game ${x.game_id}` }, `${app.titleOf(reg, x.game)} #${x.game_id}`)),
    h('td', { text: POOLS[x.pool] ?? x.pool }),
    h('td', { class: 'change' }, `${round(x.before)} → ${round(x.after)} `, h('span', { class: x.change > 0 ? 'up' : x.change < 0 ? 'down' : null }, `(${signed(x.change)})`))));
  const rated = new Set(history.map((x) => x.game_id));
  const others = (acc.games ?? []).filter((g) => !rated.has(g)).slice(0, 30);
  const tokens = h('section', { id: 'tokens' });
  put(app.main, head,
    h('p', { class: 'hint' }, `${acc.kind === 'bot' ? 'Bot' : 'Person'} account${acc.created ? `, since ${when(acc.created)}` : ''}.`),
    mine && acc.kind !== 'bot' ? h('p', {}, h('a', { href: '#/arena', class: 'button', role: 'button' }, 'Play rated')) : null,
    h('h3', { text: 'Ratings' }),
    ratingRows.length ? h('table', { class: 'list', id: 'ratings' },
      h('thead', {}, h('tr', {}, ['Game', 'Pool', 'Rating', 'Games', 'Trend'].map((t) => h('th', { text: t })))), h('tbody', {}, ratingRows))
      : h('p', { id: 'no-ratings' }, 'No rated game yet.'),
    me && !mine && acc.kind === 'person' && me.kind === 'person' && reg ? challengeForm(acc, reg) : null,
    historyRows.length ? [h('h3', { text: 'Rated games' }), h('table', { class: 'list', id: 'history' },
      h('thead', {}, h('tr', {}, ['When', 'Game', 'Pool', 'Rating'].map((t) => h('th', { text: t })))), h('tbody', {}, historyRows))] : null,
    others.length ? [h('h3', { text: 'Other games' }), h('p', { id: 'other-games' }, others.flatMap((g, i) => [i ? ', ' : null, h('a', { href: `#/replay/${g}` }, `#${g}`)]))] : null,
    tokens);
  if (mine && acc.kind === 'bot') tokenSection(tokens, acc.name, reg);
}

/** Challenge an account that waits in the queue: a rated game at once. */
function challengeForm(acc, reg) {
  const { game, players } = gameChoice(reg, 'challenge', acc.ratings?.[0]?.game);
  const err = h('p', { class: 'error', role: 'alert', id: 'challenge-error' });
  const form = h('form', { class: 'arena', id: 'challenge-form' },
    h('fieldset', {}, h('legend', { text: `Challenge ${acc.name}` }),
      h('label', {}, 'Game ', game), ' ', h('label', {}, 'Players ', players), ' ',
      h('button', { type: 'submit', id: 'challenge' }, 'Challenge'),
      h('p', { class: 'hint' }, `A rated game at once, when ${acc.name} is waiting in the queue for that game.`)), err);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    try {
      const r = await app.api('/api/arena/challenge', json('POST', { name: acc.name, game: game.value, players: Number(players.value) }));
      openMatch(r.game_id, r.token);
    } catch (e) { err.textContent = e.message; }
  });
  return form;
}

/** A bot account's API tokens (its owner only): the list, New token, Revoke. */
async function tokenSection(box, name, reg) {
  const err = h('p', { class: 'error', role: 'alert', id: 'token-error' });
  const list = h('div', { id: 'token-list' });
  const made = h('div', { id: 'new-token-box' });
  const label = h('input', { id: 'token-label', maxlength: 64, placeholder: 'label (e.g. laptop)', 'aria-label': 'Token label' });
  const form = h('form', { class: 'arena', id: 'token-form' }, h('label', {}, 'New token ', label), ' ', h('button', { type: 'submit', id: 'new-token' }, 'New token'));
  put(box, h('h3', { text: 'API tokens' }),
    h('p', { class: 'hint' }, 'A program plays rated games for this bot with a token. A token is shown once, when made: keep it secret; revoke it if it leaks.'),
    form, made, err, list);
  const draw = async () => {
    let toks;
    try { toks = await app.api('/api/tokens'); } catch (e) { err.textContent = 'Cannot read the tokens: ' + e.message; return; }
    put(list, toks.length ? h('table', { class: 'list', id: 'tokens-table' },
      h('thead', {}, h('tr', {}, ['Label', 'Made', 'Last used', 'State', ''].map((t) => h('th', { text: t })))),
      h('tbody', {}, toks.map((t) => h('tr', { 'data-token-id': t.id, class: t.revoked ? 'revoked' : null },
        h('td', { text: t.label || '(no label)' }), h('td', { text: when(t.created) }), h('td', { text: t.last_used ? when(t.last_used) : 'never' }),
        h('td', { text: t.revoked ? 'revoked' : 'active' }),
        h('td', {}, t.revoked ? null : h('button', { class: 'revoke', 'aria-label': `Revoke token ${t.label || t.id}`, onclick: (ev) => revoke(t, ev.currentTarget) }, 'Revoke'))))))
      : h('p', { class: 'hint' }, 'No token yet.'));
  };
  const revoke = async (t, btn) => {
    btn.disabled = true; err.textContent = '';
    try { await app.api(`/api/tokens/${encodeURIComponent(t.id)}`, { method: 'DELETE' }); } catch (e) { err.textContent = 'Cannot revoke: ' + e.message; btn.disabled = false; return; }
    draw();
  };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    try {
      const r = await app.api('/api/tokens', json('POST', { label: label.value.trim() }));
      label.value = '';
      put(made, newTokenBox(name, r.token, reg));
      draw();
    } catch (e) { err.textContent = 'Cannot make a token: ' + e.message; }
  });
  draw();
}

/** A token just made: shown once, with how a program uses it. */
function newTokenBox(name, token, reg) {
  const games = reg?.games ?? [];
  const game = h('select', { id: 'token-game', 'aria-label': 'Game' }, games.map((g) => h('option', { value: g.name }, g.title)));
  const signup = h('code', { id: 'token-signup' });
  const command = h('code', { id: 'token-command' });
  const fill = () => {
    const g = game.value || 'GAME';
    signup.textContent = JSON.stringify({ name, game: g, token, rated: true });
    let cmd = `tessera client --game ${g} --players SPEC --token ${token} --rated`;
    if (!['localhost', '127.0.0.1', '[::1]', '::1', ''].includes(location.hostname)) cmd += ` --host ${location.hostname}`;
    if (reg?.tcp_port) cmd += ` --port ${reg.tcp_port}`;
    command.textContent = cmd;
  };
  game.addEventListener('change', fill);
  fill();
  const value = h('code', { id: 'token-value', class: 'token' }, token);
  const note = h('span', { class: 'hint', role: 'status' });
  const copy = h('button', { type: 'button', id: 'copy-token', onclick: async () => {
    try { await navigator.clipboard.writeText(token); note.textContent = ' Copied.'; } catch {
      // no clipboard here: the token is selected for a Ctrl+C
      getSelection().selectAllChildren(value); note.textContent = ' Selected: press Ctrl+C (⌘C) to copy.';
    }
  } }, 'Copy');
  return h('div', { class: 'join new-token' },
    h('p', {}, h('strong', {}, 'Your new token (shown only now — copy it): ')),
    h('p', { class: 'token-line' }, value, ' ', copy, note),
    h('p', {}, 'A program signs up with this first line on the game port (', h('label', {}, 'game ', game), '):'),
    h('pre', {}, signup),
    h('p', {}, 'or runs (SPEC: the bot it plays, e.g. random):'),
    h('pre', {}, command));
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
    try { rows = await app.api(`/api/games/${id}/rated`); } catch (e) { console.info(`rated ${id}: ${e.message}`); }
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
