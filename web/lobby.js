// The lobby (#/): the games playing now and the finished ones, filtered, refreshed every
// 2 s; a waiting table tells how a program joins.
import { h } from './board.js';
import { api, registry, titleOf, isLive } from './api.js';
import { tokensOf } from './saved.js';
import { joinHelp } from './help.js';
import { main, onLeave } from './page.js';
import { t, words, dateTime, andList } from './i18n.js';
import { offline } from './installable.js';

const PAGE = 20;

export function lobby() {
  document.title = t('title-page', { page: t('nav-lobby') });
  const head = () => h('thead', {}, h('tr', {}, ['col-id', 'col-created', 'col-game', 'col-players', 'col-status', 'col-moves', 'col-scores'].map((id) => h('th', { text: t(id) })), h('th')));
  const live = h('tbody'), ended = h('tbody');
  const older = h('button', { id: 'older', 'aria-label': t('older-games-label'), hidden: true }, t('older-games'));
  const err = h('p', { id: 'error', role: 'alert' });
  const welcome = h('div', { id: 'welcome', class: 'welcome', hidden: true });
  // filters: the game, playing or finished, only mine (games this browser has seats at)
  const fGame = h('select', { id: 'filter-game', 'aria-label': t('filter-game') }, h('option', { value: '' }, t('filter-every-game')));
  const fStatus = h('select', { id: 'filter-status', 'aria-label': t('filter-status') },
    h('option', { value: '' }, t('filter-all')), h('option', { value: 'live' }, t('filter-live')), h('option', { value: 'ended' }, t('filter-ended')));
  const fMine = h('input', { type: 'checkbox', id: 'filter-mine' });
  // a table without rows is no table: a line says so instead of empty column heads
  const liveTable = h('table', { class: 'list', id: 'running' }, head(), live);
  const endedTable = h('table', { class: 'list', id: 'finished' }, head(), ended);
  const noLive = h('p', { class: 'hint', id: 'no-live' });
  const noEnded = h('p', { class: 'hint', id: 'no-ended' });
  const liveBox = h('div', {}, h('h3', { text: t('playing-now') }), liveTable, noLive);
  const endedBox = h('div', {}, h('h3', { text: t('finished-games') }), endedTable, noEnded, h('p', {}, older));
  main.replaceChildren(
    h('h2', { text: t('nav-lobby') }),
    h('p', {}, h('a', { href: '#/new', id: 'new-game', role: 'button', class: 'button' }, t('nav-new'))), welcome, err,
    h('div', { class: 'filters', role: 'group', 'aria-label': t('filters') },
      h('label', {}, t('filter-show') + ' ', fGame), ' ', h('label', {}, fStatus), ' ', h('label', {}, fMine, ' ' + t('filter-mine'))),
    liveBox, endedBox);
  for (const f of [fGame, fStatus, fMine]) f.addEventListener('change', () => { lastDrawn = ''; draw(lastLive); });
  let lastDrawn = '', lastLive = [];
  let reg = null, stopped = false;
  // the finished games: the first page is read again at every refresh; older pages are
  // read once each ("Older games", `before` = the previous page's `next`)
  const known = new Map(); // id -> game summary, of every page read
  let next = null, pages = 1;

  const players = (g) => g.seats.map((s) => s.kind === 'open' ? t('seat-open') : s.kind === 'program' ? t('name-tcp', { name: s.name }) : s.name).join(', ');
  const row = (g, links) => h('tr', { 'data-id': g.id, 'data-status': g.status },
    h('td', { text: g.id }), h('td', { text: g.created ? dateTime(g.created) : '' }),
    // a practice game (a seed a player chose) says so
    h('td', {}, titleOf(reg, g.game), g.seed_chosen ? h('span', { class: 'practice', text: ` · ${t('seed-chosen')}` }) : null), h('td', { text: players(g) }),
    h('td', { text: g.status === 'waiting' ? t('status-waiting-open', { open: g.open ?? 0 }) : t(`status-${g.status}`) }),
    h('td', { class: 'moves', 'data-unit': t('unit-moves', { n: g.moves }), text: g.moves }), h('td', { class: 'scores', 'data-label': t('col-scores'), text: (g.scores || []).join(' / ') }), h('td', {}, links));
  const label = (what, g) => t(what, { game: titleOf(reg, g.game), id: String(g.id) });

  const shown = (g) => (!fGame.value || g.game === fGame.value) && (!fMine.checked || tokensOf(g.id).length > 0);
  const draw = (allLive) => {
    lastLive = allLive;
    const liveGames = allLive.filter(shown);
    const done = [...known.values()].filter((g) => !isLive(reg, g.status) && shown(g)).sort((a, b) => b.id - a.id);
    liveBox.hidden = fStatus.value === 'ended';
    endedBox.hidden = fStatus.value === 'live';
    // an empty server: a welcome line per game
    const empty = !allLive.length && ![...known.values()].length;
    welcome.hidden = !empty;
    if (empty && reg && !welcome.childElementCount) {
      welcome.append(h('p', {}, t('welcome')),
        h('ul', {}, reg.games.map((g) => h('li', {}, h('a', { href: `#/new/${g.name}` }, g.title), ' — ', words(g.about)))));
    }
    // drawn again only when something changed: rows do not move under the pointer
    const key = JSON.stringify([liveGames, done, next, fStatus.value]);
    if (key === lastDrawn) return;
    lastDrawn = key;
    live.replaceChildren(...liveGames.flatMap((g) => {
      const r = row(g, [
        tokensOf(g.id).length ? h('a', { href: `#/game/${g.id}`, 'aria-label': label('resume-game', g) }, t('resume')) : null, ' ',
        h('a', { href: `#/watch/${g.id}`, 'aria-label': label('watch-game', g) }, t('watch'))]);
      return g.status === 'waiting' && g.open ? [r, h('tr', { class: 'join-row' }, h('td', { colspan: 8 }, joinHelp(reg, g.id, g.game, g.open)))] : [r];
    }));
    ended.replaceChildren(...done.map((g) => {
      const r = row(g, h('a', { href: `#/replay/${g.id}`, 'aria-label': label('replay-game', g) }, t('replay')));
      r.children[4].textContent = g.winners?.length
        ? t('status-winners', { status: t(`status-${g.status}`), winners: andList(g.winners), count: g.winners.length })
        : t(`status-${g.status}`);
      return r;
    }));
    older.hidden = next === null;
    const filtered = fGame.value || fMine.checked ? 'yes' : 'no';
    noLive.textContent = t('no-live-games', { filtered });
    noEnded.textContent = t('no-ended-games', { filtered });
    liveTable.hidden = !liveGames.length; noLive.hidden = !!liveGames.length;
    endedTable.hidden = !done.length; noEnded.hidden = !!done.length;
  };

  const refresh = async () => {
    try {
      if (!reg) {
        // (the statuses come with it: without them no game could be sorted)
        reg = await registry();
        fGame.append(...reg.games.map((g) => h('option', { value: g.name }, g.title)));
      }
      const [live, first] = await Promise.all([
        api('/api/games?status=live&limit=100'), api(`/api/games?limit=${PAGE}`)]);
      if (stopped) return;
      const liveGames = live.games;
      for (const g of first.games) known.set(g.id, g);
      if (pages === 1) next = first.next;
      // a game of an older page that was live and is no longer: read its row again
      const liveIds = new Set(liveGames.map((g) => g.id));
      const stale = [...known.values()].filter((g) => isLive(reg, g.status) && !liveIds.has(g.id) && !first.games.some((f) => f.id === g.id));
      for (const g of stale) {
        const again = await api(`/api/games?before=${g.id + 1}&limit=1`).catch(() => null);
        const r = again?.games.find((x) => x.id === g.id);
        if (r) known.set(r.id, r);
      }
      err.textContent = '';
      draw(liveGames);
    } catch (e) {
      // offline (the installed app opened without a connection): says so, and shows no
      // empty lists (the games are not known, not none)
      if (offline()) { err.textContent = t('offline-lobby'); liveBox.hidden = endedBox.hidden = true; return; }
      err.textContent = t('cannot-read-games', { why: e.message });
    }
  };
  older.addEventListener('click', async () => {
    if (next === null) return;
    try {
      const page = await api(`/api/games?limit=${PAGE}&before=${next}`);
      for (const g of page.games) known.set(g.id, g);
      next = page.next; pages += 1;
      draw(lastLive);
    } catch (e) { err.textContent = t('cannot-read-older', { why: e.message }); }
  });
  refresh();
  const timer = setInterval(refresh, 2000);
  onLeave(() => { stopped = true; clearInterval(timer); });
}
