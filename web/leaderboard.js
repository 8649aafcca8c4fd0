// The leaderboards (#/leaderboard/GAME?pool=duel|multi): the rated accounts and house
// levels of a game and pool, by rating.
import { h, put } from './board.js';
import { api, registry, session } from './api.js';
import { POOLS, round, houseName } from './arena.js';
import { main } from './page.js';

export async function leaderboardPage(gameName, query) {
  const head = h('h2', { text: 'Leaderboards' });
  put(main, head, h('p', { text: 'Loading…' }));
  const at = location.hash;
  let reg;
  try { reg = await registry(); } catch (e) {
    put(main, head, h('p', { class: 'error', role: 'alert' }, 'Cannot read the games: ' + e.message));
    return;
  }
  if (location.hash !== at) return;
  const info = reg.games.find((g) => g.name === gameName) ?? reg.games[0];
  if (!info) { put(main, head, h('p', { text: 'This server has no games.' })); return; }
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
  put(main, head, h('div', { class: 'filters' }, h('label', {}, 'Game ', sel), ' ', tabs), body);
  let rows;
  try { rows = await api(`/api/leaderboard/${encodeURIComponent(info.name)}?pool=${pool}&limit=100`); } catch (e) {
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
    h('thead', {}, h('tr', {}, ['Rank', 'Name', 'Standing', 'Rating', 'Games'].map((t) => h('th', { text: t })))),
    h('tbody', {}, rows.map((r) => h('tr', { 'data-name': r.name, class: [r.house ? 'house' : '', me && r.name === me.name && !r.house ? 'me' : ''].join(' ').trim() || null },
      h('td', { class: 'rank', text: r.rank }),
      h('td', { class: 'who' }, r.house ? h('span', { text: houseName(r.name) })
        : [h('a', { href: `#/account/${encodeURIComponent(r.name)}` }, r.name), r.kind === 'bot' ? h('span', { class: 'hint' }, ' (bot)') : null]),
      // what the ranks follow: the rating less twice its uncertainty (the server's order)
      h('td', { class: 'standing', title: `${round(r.rating)} − 2 × ${round(r.deviation)}` }, `${round(r.standing ?? r.rating - 2 * r.deviation)}`),
      h('td', { class: 'rating', title: `deviation ${round(r.deviation)}` }, `${round(r.rating)}`, h('span', { class: 'hint' }, ` ±${round(r.deviation)}`),
        r.provisional ? h('span', { class: 'provisional', title: 'provisional: too few games for a settled rating' }, ' ?') : null),
      h('td', { class: 'games', 'data-unit': r.games === 1 ? 'game' : 'games', text: r.house ? '' : r.games ?? '' }))))),
  h('p', { class: 'hint', id: 'ranks-note' }, 'Ranked by standing: the rating less twice its uncertainty (±). A rating of few games is uncertain and ranks lower until it settles; ? marks a provisional rating (too few games).'));
}
