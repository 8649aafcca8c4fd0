// The leaderboards (#/leaderboard/GAME?pool=duel|multi): the rated accounts and house
// levels of a game and pool, by rating.
import { h, put } from './board.js';
import { api, registry, loadMe } from './api.js';
import { POOLS, round, houseName } from './arena.js';
import { main } from './page.js';
import { t } from './i18n.js';

export async function leaderboardPage(gameName, query) {
  const head = h('h2', { text: t('nav-leaderboards') });
  put(main, head, h('p', { text: t('loading') }));
  const at = location.hash;
  let reg, me;
  // (the session read first: a page opened cold marks the account's own row too)
  try { [reg, me] = await Promise.all([registry(), loadMe()]); } catch (e) {
    put(main, head, h('p', { class: 'error', role: 'alert' }, t('cannot-read-games', { why: e.message })));
    return;
  }
  if (location.hash !== at) return;
  const info = reg.games.find((g) => g.name === gameName) ?? reg.games[0];
  if (!info) { put(main, head, h('p', { text: t('no-games') })); return; }
  const pool = POOLS[query.get('pool')] ? query.get('pool') : 'duel';
  document.title = t('title-leaderboard', { game: info.title, pool: t(POOLS[pool]) });
  const sel = h('select', { id: 'board-game', 'aria-label': t('col-game') }, reg.games.map((g) => h('option', { value: g.name }, g.title)));
  sel.value = info.name;
  sel.addEventListener('change', () => { location.hash = `#/leaderboard/${sel.value}?pool=${pool}`; });
  const tabs = h('div', { class: 'tabs pool-tabs', role: 'tablist', 'aria-label': t('players-per-game') },
    Object.entries(POOLS).map(([p, label]) => h('a', {
      href: `#/leaderboard/${info.name}?pool=${p}`, role: 'tab', class: 'button', id: `pool-${p}`,
      'aria-selected': String(p === pool), 'aria-current': p === pool ? 'true' : null,
    }, t(label))));
  const body = h('div', { id: 'leaderboard' }, h('p', { text: t('loading') }));
  put(main, head, h('div', { class: 'filters' }, h('label', {}, t('col-game') + ' ', sel), ' ', tabs), body);
  let rows;
  try { rows = await api(`/api/leaderboard/${encodeURIComponent(info.name)}?pool=${pool}&limit=100`); } catch (e) {
    if (location.hash !== at) return;
    put(body, h('p', { class: 'error', role: 'alert' }, t('cannot-read-leaderboard', { why: e.message })));
    return;
  }
  if (location.hash !== at) return;
  if (!rows.length) {
    put(body, h('p', { id: 'leaderboard-empty' }, t('nobody-rated', { game: info.title, pool: t(POOLS[pool]) }) + ' ', h('a', { href: '#/arena' }, t('play-rated')), ' ' + t('be-the-first')));
    return;
  }
  put(body, h('table', { class: 'list ranks', id: 'ranks' },
    h('thead', {}, h('tr', {}, ['col-rank', 'col-name', 'col-standing', 'col-rating', 'col-games'].map((id) => h('th', { text: t(id) })))),
    h('tbody', {}, rows.map((r) => h('tr', { 'data-name': r.name, class: [r.house ? 'house' : '', me && r.name === me.name && !r.house ? 'me' : ''].join(' ').trim() || null },
      h('td', { class: 'rank', text: r.rank }),
      h('td', { class: 'who' }, r.house ? h('span', { text: houseName(r.name) })
        : [h('a', { href: `#/account/${encodeURIComponent(r.name)}` }, r.name), r.kind === 'bot' ? h('span', { class: 'hint' }, ' ' + t('bot-mark')) : null]),
      // what the ranks follow: the rating less twice its uncertainty (the server's order)
      h('td', { class: 'standing', 'data-label': t('col-standing'), title: `${round(r.rating)} − 2 × ${round(r.deviation)}` }, `${round(r.standing ?? r.rating - 2 * r.deviation)}`),
      h('td', { class: 'rating', 'data-label': t('col-rating'), title: t('deviation', { d: String(round(r.deviation)) }) }, `${round(r.rating)}`, h('span', { class: 'hint' }, ` ±${round(r.deviation)}`),
        r.provisional ? h('span', { class: 'provisional', title: t('provisional-about') }, ' ?') : null),
      h('td', { class: 'games', 'data-unit': t('unit-games', { n: r.games ?? 0 }), text: r.house ? '' : r.games ?? '' }))))),
  h('p', { class: 'hint', id: 'ranks-note' }, t('ranks-note')));
}
