// An account's page (#/account/NAME): its ratings with their trend, its rated games and
// others, a challenge from another person, a person's email address for turns that waited
// (their own page: inbox.js) and a bot account's API tokens (its owner's).
import { h, s, put } from './board.js';
import { api, json, loadMe, registry, session, titleOf } from './api.js';
import { POOLS, round, signed, when, gameChoice, openMatch, houseName } from './arena.js';
import { main, onLeave } from './page.js';
import { t } from './i18n.js';
import { emailForm } from './inbox.js';

// ------------------------------------------------------------------ account pages
/** A place in a game in words from its rank (1 best, `rated::ranks`): "1st", "2nd", "3rd", "4th". */
const place = (rank) => (Number.isInteger(rank) && rank > 0 ? t('place', { rank }) : '');

/** A pool's name (`duel`: "2 players"). */
const poolName = (p) => (POOLS[p] ? t(POOLS[p]) : p);

/** A rated game's result for the account in words, from the places (1 first): won, lost, shared. */
function resultWords(rank, opponents) {
  const n = opponents.length + 1;
  if (rank === 1) return t(opponents.some((o) => o.rank === 1) ? 'result-shared' : 'result-won');
  return n > 2 ? t('result-lost-place', { place: place(rank), n }) : t('result-lost');
}

/** The opponents of a rated game: a link to each account's page, a house level by its name. */
const against = (opponents) => opponents.flatMap((o, i) => [i ? ', ' : null,
  o.house ? houseName(o.name) : h('a', { href: `#/account/${encodeURIComponent(o.name)}` }, o.name)]);

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
  document.title = t('title-page', { page: name });
  const head = h('h2', {}, name);
  put(main, head, h('p', { text: t('loading') }));
  const at = location.hash;
  let acc, reg;
  try {
    [acc, reg] = await Promise.all([api(`/api/accounts/${encodeURIComponent(name)}`), registry().catch(() => null), loadMe()]);
  } catch (e) {
    if (location.hash !== at) return;
    put(main, head, h('p', { class: 'error', role: 'alert' }, t('account-failed', { name, why: e.message })));
    return;
  }
  if (location.hash !== at) return;
  const me = session.me;
  const mine = me && me.name === acc.name;
  put(head, acc.name, ' ', h('span', { class: `badge kind-${acc.kind}` }, t(acc.kind === 'bot' ? 'badge-bot' : 'badge-person')),
    acc.marked ? h('span', { class: 'badge marked', title: t('marked-about') }, t('marked')) : null);
  const history = acc.history ?? [];
  // the ratings: one row per game and pool, with the line of its history
  const ratings = acc.ratings ?? [];
  const ratingRows = ratings.map((r) => {
    const line = history.filter((x) => x.game === r.game && x.pool === r.pool).map((x) => x.after).reverse();
    return h('tr', { 'data-game': r.game, 'data-pool': r.pool },
      h('td', {}, h('a', { href: `#/leaderboard/${r.game}?pool=${r.pool}` }, titleOf(reg, r.game))),
      h('td', { text: poolName(r.pool) }),
      h('td', { class: 'rating' }, `${round(r.rating)}`, h('span', { class: 'hint' }, ` ±${round(r.deviation)}`), r.provisional ? h('span', { class: 'provisional', title: t('provisional') }, ' ?') : null),
      h('td', { class: 'games', 'data-unit': t('unit-games', { n: r.games }), text: r.games }),
      h('td', { class: 'spark' }, sparkline(line, `${titleOf(reg, r.game)} (${poolName(r.pool)}): ${line.map(round).join(', ')}`)));
  });
  const historyRows = history.slice(0, 50).map((x) => h('tr', { 'data-game-id': x.game_id },
    h('td', { text: when(x.at) }),
    h('td', {}, h('a', { href: `#/replay/${x.game_id}`, 'aria-label': t('replay-game', { game: titleOf(reg, x.game), id: String(x.game_id) }) }, `${titleOf(reg, x.game)} #${x.game_id}`)),
    // who it played, and how it went: its place in that game (1st: it won, or shared the win)
    h('td', { class: 'opponents' }, t('versus'), ' ', against(x.opponents ?? [])),
    h('td', { class: 'result', 'data-result': x.rank === 1 ? 'won' : 'lost' }, resultWords(x.rank, x.opponents ?? [])),
    h('td', { class: 'place', text: place(x.rank) }),
    h('td', { text: poolName(x.pool) }),
    h('td', { class: 'change' }, `${round(x.before)} → ${round(x.after)} `, h('span', { class: x.change > 0 ? 'up' : x.change < 0 ? 'down' : null }, `(${signed(x.change)})`))));
  // its record against each house level it met (a bot author's yardstick)
  const houseRows = (acc.house ?? []).map((r) => h('tr', { 'data-game': r.game, 'data-level': r.level },
    h('td', { text: titleOf(reg, r.game) }),
    h('td', { text: r.level }),
    h('td', { class: 'won', text: r.won }),
    h('td', { class: 'lost', text: r.lost }),
    h('td', { class: 'drawn', text: r.drawn })));
  const rated = new Set(history.map((x) => x.game_id));
  const others = (acc.games ?? []).filter((g) => !rated.has(g)).slice(0, 30);
  const tokens = h('section', { id: 'tokens' });
  put(main, head,
    h('p', { class: 'hint' }, t('account-since', { kind: acc.kind === 'bot' ? 'bot' : 'person', since: acc.created ? when(acc.created) : 'none' })),
    mine && acc.kind !== 'bot' ? h('p', {}, h('a', { href: '#/arena', class: 'button', role: 'button' }, t('play-rated')), ' ',
      h('a', { href: '#/turns', class: 'button', role: 'button' }, t('your-turn-games'))) : null,
    mine && acc.kind !== 'bot' ? emailForm() : null,
    h('h3', { text: t('ratings') }),
    ratingRows.length ? h('table', { class: 'list', id: 'ratings' },
      h('thead', {}, h('tr', {}, ['col-game', 'col-pool', 'col-rating', 'col-games', 'col-trend'].map((id) => h('th', { text: t(id) })))), h('tbody', {}, ratingRows))
      : h('p', { id: 'no-ratings' }, t('no-rated-game')),
    // a person challenges a person or a bot that waits in the queue
    me && !mine && me.kind === 'person' && reg ? challengeForm(acc, reg) : null,
    houseRows.length ? [h('h3', { text: t('house-record') }), h('p', { class: 'hint', text: t('house-record-about') }),
      h('table', { class: 'list', id: 'house-record' },
        h('thead', {}, h('tr', {}, ['col-game', 'col-level', 'col-won', 'col-lost', 'col-drawn'].map((id) => h('th', { text: t(id) })))), h('tbody', {}, houseRows))] : null,
    historyRows.length ? [h('h3', { text: t('rated-games') }), h('table', { class: 'list', id: 'history' },
      h('thead', {}, h('tr', {}, ['col-when', 'col-game', 'col-against', 'col-result', 'col-place', 'col-pool', 'col-rating'].map((id) => h('th', { text: t(id) })))), h('tbody', {}, historyRows))] : null,
    others.length ? [h('h3', { text: t('other-games') }), h('p', { id: 'other-games' }, others.flatMap((g, i) => [i ? ', ' : null, h('a', { href: `#/replay/${g}` }, `#${g}`)]))] : null,
    tokens);
  if (mine && acc.kind === 'bot') tokenSection(tokens, acc.name, reg);
}

/** Challenge the account: a game of two, rated or not. A house level, or an account that
 * waits in the queue (rated), takes it at once; else the form waits for the answer (the
 * person answers from their inbox, a bot's program by itself), asking every second. */
function challengeForm(acc, reg) {
  const { game } = gameChoice(reg, 'challenge', acc.ratings?.[0]?.game);
  const rated = h('input', { type: 'checkbox', id: 'challenge-rated', checked: '' });
  // a clock of the game for an unrated challenge (a rated game keeps the usual rules)
  const clock = h('select', { id: 'challenge-clock', 'aria-label': t('clock-label') },
    [['', t('no-clock')], ...['3+2', '5+3', '10+5', '15+10'].map((tc) => [tc, t('time-control', { tc })])].map(([v, text]) => h('option', { value: v }, text)));
  const syncClock = () => { clock.disabled = rated.checked; if (rated.checked) clock.value = ''; };
  rated.addEventListener('change', syncClock);
  syncClock();
  const err = h('p', { class: 'error', role: 'alert', id: 'challenge-error' });
  const status = h('p', { id: 'challenge-status', 'aria-live': 'polite' });
  const send = h('button', { type: 'submit', id: 'challenge' }, t('challenge'));
  const form = h('form', { class: 'arena', id: 'challenge-form' },
    h('fieldset', {}, h('legend', { text: t('challenge-who', { name: acc.name }) }),
      h('label', {}, t('col-game') + ' ', game), ' ', h('label', {}, rated, ' ', t('challenge-rated')), ' ',
      h('label', {}, t('time-per-move') + ' ', clock), ' ', send,
      h('p', { class: 'hint' }, t('challenge-about', { name: acc.name }))), status, err);
  let timer = null;
  const stop = () => { clearTimeout(timer); timer = null; send.disabled = false; };
  onLeave(stop);
  // asks for the challenge until it is answered (asking keeps it waiting)
  const follow = async (c) => {
    if (c.state === 'started') { stop(); put(status); openMatch(c.game_id, c.token); return; }
    if (c.state !== 'waiting' && c.state !== 'opening') {
      stop();
      put(status, t(`challenge-state-${['declined', 'expired', 'withdrawn'].includes(c.state) ? c.state : 'failed'}`, { name: acc.name, reason: c.reason || 'none' }));
      return;
    }
    const withdraw = h('button', { type: 'button', id: 'challenge-withdraw' }, t('challenge-withdraw'));
    withdraw.addEventListener('click', async () => {
      try { await api(`/api/challenges/${c.id}`, { method: 'DELETE' }); } catch (e) { err.textContent = e.message; }
    });
    put(status, h('span', { class: 'wait-text' }, t('challenge-waiting', { name: acc.name, seconds: Math.ceil((c.expires_in_ms ?? 0) / 1000) })), ' ', withdraw);
    timer = setTimeout(async () => {
      try { await follow(await api(`/api/challenges/${c.id}`)); } catch (e) { stop(); err.textContent = e.message; }
    }, 1000);
  };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    send.disabled = true;
    try {
      await follow(await api('/api/challenges', json('POST', { to: acc.name, game: game.value, rated: rated.checked, ...(clock.value ? { time_control: clock.value } : {}) })));
    } catch (e) { stop(); err.textContent = e.message; }
  });
  return form;
}

/** A bot account's API tokens (its owner only): the list, New token, Revoke. */
async function tokenSection(box, name, reg) {
  const err = h('p', { class: 'error', role: 'alert', id: 'token-error' });
  const list = h('div', { id: 'token-list' });
  const made = h('div', { id: 'new-token-box' });
  const label = h('input', { id: 'token-label', maxlength: 64, placeholder: t('token-label-placeholder'), 'aria-label': t('token-label') });
  const form = h('form', { class: 'arena', id: 'token-form' }, h('label', {}, t('new-token') + ' ', label), ' ', h('button', { type: 'submit', id: 'new-token' }, t('new-token')));
  put(box, h('h3', { text: t('api-tokens') }),
    h('p', { class: 'hint' }, t('tokens-about')),
    form, made, err, list);
  const draw = async () => {
    let toks;
    try { toks = await api('/api/tokens'); } catch (e) { err.textContent = t('cannot-read-tokens', { why: e.message }); return; }
    put(list, toks.length ? h('table', { class: 'list', id: 'tokens-table' },
      h('thead', {}, h('tr', {}, ['col-label', 'col-made', 'col-last-used', 'col-state'].map((id) => h('th', { text: t(id) })), h('th'))),
      h('tbody', {}, toks.map((tk) => h('tr', { 'data-token-id': tk.id, class: tk.revoked ? 'revoked' : null },
        h('td', { text: tk.label || t('no-label') }), h('td', { text: when(tk.created) }), h('td', { text: tk.last_used ? when(tk.last_used) : t('never') }),
        h('td', { text: t(tk.revoked ? 'token-revoked' : 'token-active') }),
        h('td', {}, tk.revoked ? null : h('button', { class: 'revoke', 'aria-label': t('revoke-token', { token: tk.label || String(tk.id) }), onclick: (ev) => ask(tk, ev.currentTarget) }, t('revoke')))))))
      : h('p', { class: 'hint' }, t('no-token-yet')));
  };
  // revoking is asked, then confirmed (a program using the token stops at once)
  const ask = (tk, btn) => {
    const cell = btn.parentElement;
    const no = h('button', { class: 'revoke-no', onclick: () => draw() }, t('revoke-no'));
    const yes = h('button', { class: 'danger revoke-yes', onclick: () => revoke(tk, yes) }, t('revoke-yes'));
    put(cell, h('span', {}, t('revoke-ask') + ' '), yes, ' ', no);
  };
  const revoke = async (tk, btn) => {
    btn.disabled = true; err.textContent = '';
    try { await api(`/api/tokens/${encodeURIComponent(tk.id)}`, { method: 'DELETE' }); } catch (e) { err.textContent = t('cannot-revoke', { why: e.message }); btn.disabled = false; return; }
    draw();
  };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    try {
      const r = await api('/api/tokens', json('POST', { label: label.value.trim() }));
      label.value = '';
      put(made, newTokenBox(name, r.token, reg));
      draw();
    } catch (e) { err.textContent = t('cannot-make-token', { why: e.message }); }
  });
  draw();
}

/** A token just made: shown once, with how a program uses it. */
function newTokenBox(name, token, reg) {
  const games = reg?.games ?? [];
  const game = h('select', { id: 'token-game', 'aria-label': t('col-game') }, games.map((g) => h('option', { value: g.name }, g.title)));
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
    try { await navigator.clipboard.writeText(token); note.textContent = ' ' + t('copied'); } catch {
      // no clipboard here: the token is selected for a Ctrl+C
      getSelection().selectAllChildren(value); note.textContent = ' ' + t('selected-copy');
    }
  } }, t('copy'));
  return h('div', { class: 'join new-token' },
    h('p', {}, h('strong', {}, t('new-token-shown'))),
    h('p', { class: 'token-line' }, value, ' ', copy, note),
    h('p', {}, t('token-signup-1') + ' (', h('label', {}, t('token-game') + ' ', game), '):'),
    h('pre', {}, signup),
    h('p', {}, t('token-or-run')),
    h('pre', {}, command));
}
