// An account's page (#/account/NAME): its ratings with their trend, its rated games and
// others, a challenge from another person, a person's email address for turns that waited
// (their own page: inbox.js) and a bot account's API tokens (its owner's).
import { h, s, put } from './board.js';
import { api, json, loadMe, registry, session, titleOf } from './api.js';
import { POOLS, round, signed, when, gameChoice, openMatch, houseName } from './arena.js';
import { main } from './page.js';
import { emailForm } from './inbox.js';

// ------------------------------------------------------------------ account pages
/** A place in a game in words from its rank (1 best, `rated::ranks`): "1st", "2nd", "3rd", "4th". */
const place = (rank) => (Number.isInteger(rank) && rank > 0 ? `${rank}${['st', 'nd', 'rd'][rank - 1] ?? 'th'}` : '');

/** A rated game's result for the account in words, from the places (1 first): won, lost, shared. */
function resultWords(rank, opponents) {
  const n = opponents.length + 1;
  if (rank === 1) return opponents.some((o) => o.rank === 1) ? 'shared the win' : 'won';
  return n > 2 ? `lost (${place(rank)} of ${n})` : 'lost';
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
  document.title = `Tessera — ${name}`;
  const head = h('h2', {}, name);
  put(main, head, h('p', { text: 'Loading…' }));
  const at = location.hash;
  let acc, reg;
  try {
    [acc, reg] = await Promise.all([api(`/api/accounts/${encodeURIComponent(name)}`), registry().catch(() => null), loadMe()]);
  } catch (e) {
    if (location.hash !== at) return;
    put(main, head, h('p', { class: 'error', role: 'alert' }, `Account ${name}: ${e.message}`));
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
      h('td', {}, h('a', { href: `#/leaderboard/${r.game}?pool=${r.pool}` }, titleOf(reg, r.game))),
      h('td', { text: POOLS[r.pool] ?? r.pool }),
      h('td', { class: 'rating' }, `${round(r.rating)}`, h('span', { class: 'hint' }, ` ±${round(r.deviation)}`), r.provisional ? h('span', { class: 'provisional', title: 'provisional' }, ' ?') : null),
      h('td', { class: 'games', 'data-unit': r.games === 1 ? 'game' : 'games', text: r.games }),
      h('td', { class: 'spark' }, sparkline(line, `${titleOf(reg, r.game)} (${POOLS[r.pool] ?? r.pool}): ${line.map(round).join(', ')}`)));
  });
  const historyRows = history.slice(0, 50).map((x) => h('tr', { 'data-game-id': x.game_id },
    h('td', { text: when(x.at) }),
    h('td', {}, h('a', { href: `#/replay/${x.game_id}`, 'aria-label': `Replay game ${x.game_id}` }, `${titleOf(reg, x.game)} #${x.game_id}`)),
    // who it played, and how it went: its place in that game (1st: it won, or shared the win)
    h('td', { class: 'opponents' }, 'vs ', against(x.opponents ?? [])),
    h('td', { class: 'result', 'data-result': x.rank === 1 ? 'won' : 'lost' }, resultWords(x.rank, x.opponents ?? [])),
    h('td', { class: 'place', text: place(x.rank) }),
    h('td', { text: POOLS[x.pool] ?? x.pool }),
    h('td', { class: 'change' }, `${round(x.before)} → ${round(x.after)} `, h('span', { class: x.change > 0 ? 'up' : x.change < 0 ? 'down' : null }, `(${signed(x.change)})`))));
  const rated = new Set(history.map((x) => x.game_id));
  const others = (acc.games ?? []).filter((g) => !rated.has(g)).slice(0, 30);
  const tokens = h('section', { id: 'tokens' });
  put(main, head,
    h('p', { class: 'hint' }, `${acc.kind === 'bot' ? 'Bot' : 'Person'} account${acc.created ? `, since ${when(acc.created)}` : ''}.`),
    mine && acc.kind !== 'bot' ? h('p', {}, h('a', { href: '#/arena', class: 'button', role: 'button' }, 'Play rated'), ' ',
      h('a', { href: '#/turns', class: 'button', role: 'button' }, 'Your turn-based games')) : null,
    mine && acc.kind !== 'bot' ? emailForm() : null,
    h('h3', { text: 'Ratings' }),
    ratingRows.length ? h('table', { class: 'list', id: 'ratings' },
      h('thead', {}, h('tr', {}, ['Game', 'Pool', 'Rating', 'Games', 'Trend'].map((t) => h('th', { text: t })))), h('tbody', {}, ratingRows))
      : h('p', { id: 'no-ratings' }, 'No rated game yet.'),
    me && !mine && acc.kind === 'person' && me.kind === 'person' && reg ? challengeForm(acc, reg) : null,
    historyRows.length ? [h('h3', { text: 'Rated games' }), h('table', { class: 'list', id: 'history' },
      h('thead', {}, h('tr', {}, ['When', 'Game', 'Against', 'Result', 'Place', 'Pool', 'Rating'].map((t) => h('th', { text: t })))), h('tbody', {}, historyRows))] : null,
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
      const r = await api('/api/arena/challenge', json('POST', { name: acc.name, game: game.value, players: Number(players.value) }));
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
    try { toks = await api('/api/tokens'); } catch (e) { err.textContent = 'Cannot read the tokens: ' + e.message; return; }
    put(list, toks.length ? h('table', { class: 'list', id: 'tokens-table' },
      h('thead', {}, h('tr', {}, ['Label', 'Made', 'Last used', 'State', ''].map((t) => h('th', { text: t })))),
      h('tbody', {}, toks.map((t) => h('tr', { 'data-token-id': t.id, class: t.revoked ? 'revoked' : null },
        h('td', { text: t.label || '(no label)' }), h('td', { text: when(t.created) }), h('td', { text: t.last_used ? when(t.last_used) : 'never' }),
        h('td', { text: t.revoked ? 'revoked' : 'active' }),
        h('td', {}, t.revoked ? null : h('button', { class: 'revoke', 'aria-label': `Revoke token ${t.label || t.id}`, onclick: (ev) => ask(t, ev.currentTarget) }, 'Revoke'))))))
      : h('p', { class: 'hint' }, 'No token yet.'));
  };
  // revoking is asked, then confirmed (a program using the token stops at once)
  const ask = (t, btn) => {
    const cell = btn.parentElement;
    const no = h('button', { class: 'revoke-no', onclick: () => draw() }, 'No, keep it');
    const yes = h('button', { class: 'danger revoke-yes', onclick: () => revoke(t, yes) }, 'Yes, revoke');
    put(cell, h('span', {}, 'Revoke it? Programs using it stop. '), yes, ' ', no);
  };
  const revoke = async (t, btn) => {
    btn.disabled = true; err.textContent = '';
    try { await api(`/api/tokens/${encodeURIComponent(t.id)}`, { method: 'DELETE' }); } catch (e) { err.textContent = 'Cannot revoke: ' + e.message; btn.disabled = false; return; }
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
