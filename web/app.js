// Tessera web UI: lobby, new game, play / watch over one WebSocket, replay.
//
// Nothing here knows a game: their names, titles, seat ranges, rule options and bots come
// from GET /api/registry; a game's look is ./GAME.js when the server has that file (loaded
// with import()), else the generic look (./generic.js: the views as JSON, the legal moves as
// buttons). A new game of the registry plays in the browser with no JS of its own.
import { h, Board } from './board.js';
import * as generic from './generic.js';
import { analysisSection } from './analysis.js';
import * as arena from './arena.js';
import { starterBotHelp } from './bot-command.js';

const main = document.getElementById('main');
let cleanup = () => {};

// ------------------------------------------------------------------ server
// (a logged-in page's POST or DELETE carries the session's CSRF token: arena.withCsrf)
async function api(path, opts) {
  if (opts?.method && opts.method !== 'GET') await arena.loadMe();
  const r = await fetch(path, arena.withCsrf(opts));
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw Object.assign(new Error(body.error || `${r.status} ${r.statusText}`), { status: r.status, body });
  return body;
}

let registryP = null;
/** The games of the server (GET /api/registry), read once per page load. */
function registry() {
  registryP ??= api('/api/registry').catch((e) => { registryP = null; throw e; });
  return registryP;
}
const gameOf = (reg, name) => reg?.games.find((g) => g.name === name);
const titleOf = (reg, name) => gameOf(reg, name)?.title ?? name;

// ------------------------------------------------------------------ names
// The names typed for people's seats, remembered by seat (localStorage tessera.names).
function rememberedNames() {
  try { const v = JSON.parse(localStorage.getItem('tessera.names') || '[]'); return Array.isArray(v) ? v : []; } catch { return []; }
}
function rememberNames(bySeat) {
  const names = rememberedNames();
  bySeat.forEach((n, i) => { if (n) names[i] = n; });
  localStorage.setItem('tessera.names', JSON.stringify(names));
}

// ------------------------------------------------------------------ rules help
/** The chosen value of a rule option, in words. */
function optionWords(o, v) {
  const k = o.kind;
  if (k.type === 'choice') return k.values.find(([x]) => JSON.stringify(x) === JSON.stringify(v))?.[1] ?? String(v);
  if (k.type === 'letters') {
    const on = k.letters.filter(([c]) => String(v ?? '').includes(c.toUpperCase())).map(([, what]) => what);
    return on.length ? on.join(', ') : 'none';
  }
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * How to play a game (a picture drawn by the game's look, the registry's rules help, its
 * bots with their strength) and, given a game's rules, the variants chosen. A <details>
 * that opens on a click.
 */
function rulesHelp(info, rules) {
  if (!info) return h('span');
  const paras = String(info.rules_help || info.about || '').split(/\n\s*\n/).filter((p) => p.trim());
  const bots = info.bots.filter((b) => b.name !== info.solo?.bot);
  const chosen = rules ? info.options.filter((o) => rules[o.key] !== undefined && rules[o.key] !== null)
    .map((o) => h('li', {}, h('strong', {}, o.label + ': '), optionWords(o, rules[o.key]), h('span', { class: 'hint' }, ` — ${o.help}`))) : [];
  // a picture drawn by the game's own look (its `rulesPicture()`, when it has one)
  const picture = h('figure', { class: 'rules-picture', id: 'rules-picture', hidden: true });
  renderer(info.name).then((m) => {
    if (typeof m.rulesPicture !== 'function') return;
    const { picture: svg, caption } = m.rulesPicture();
    picture.append(svg, h('figcaption', {}, caption));
    picture.hidden = false;
  }).catch((e) => console.info(`no picture for ${info.name}: ${e.message}`));
  return h('details', { class: 'rules-help', id: 'rules-help' },
    h('summary', {}, `How to play ${info.title}`),
    picture,
    paras.map((p) => h('p', {}, p.trim())),
    chosen.length ? [h('h4', { text: 'This game' }), h('ul', { id: 'rules-chosen' }, chosen)] : null,
    bots.length ? [h('h4', { text: 'The bots' }), h('ul', { class: 'bots' }, bots.map((b) => h('li', {},
      h('strong', {}, b.name), b.strength ? h('span', { class: `strength strength-${b.strength}` }, ` ${b.strength}`) : null, ` — ${b.about}`)))] : null);
}

// ------------------------------------------------------------------ end of a game
/** The seats that won, from a state message or a replay (a resignation's own winners). */
function winnersOf(result, outcome) {
  return result?.winner_seats ?? outcome?.winners ?? [];
}

/** Who won, in a line: "Ann wins", "Ann and Bob share the win", "nobody wins". */
function winLine(players, winners) {
  const w = winners.map((s) => players[s]?.name ?? `seat ${s + 1}`);
  if (!w.length) return 'nobody wins';
  if (w.length === 1) return `${w[0]} wins`;
  return `${w.slice(0, -1).join(', ')} and ${w[w.length - 1]} share the win`;
}

/** Why a game ended, in words. */
function whyEnded(status, result, end) {
  if (status === 'resigned') return result?.resigned?.reason ?? 'a player resigned';
  if (status === 'aborted') return result?.aborted ?? result?.error ?? 'the game was stopped before its end';
  if (status === 'stopped') return 'the game was stopped before its end';
  return end?.reason ?? 'the game reached its end';
}

/**
 * The end of a game: why, who won, each player's points broken down (the winners'
 * rows highlighted), and the buttons given (Rematch, New game).
 */
function endPanel(players, status, result, outcome, end, scores, buttons = []) {
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
    h('p', { id: 'end-reason' }, whyEnded(status, result, end).replace(/^./, (c) => c.toUpperCase()) + '.'),
    h('p', { id: 'winner', class: 'winner-line' }, winLine(players, winners) + '.'),
    table,
    buttons.length ? h('div', { class: 'controls' }, buttons) : null);
}

// ------------------------------------------------------------------ renderers
const renderers = new Map();
/**
 * The module that draws `game`: ./GAME.js if the server has it and it exports `render`,
 * else the generic one. Never fails.
 */
function renderer(game) {
  if (!renderers.has(game)) {
    const load = /^[a-z][a-z0-9_-]*$/.test(game) ? import(`./${game}.js`) : Promise.reject(new Error('bad name'));
    renderers.set(game, load
      .then((m) => (typeof m.render === 'function' ? m : generic))
      .catch((e) => { console.info(`no renderer for ${game} (${e.message}): the generic view`); return generic; }));
  }
  return renderers.get(game);
}

// ------------------------------------------------------------------ tokens
// A person's seats, by game id: [[seat, token], ...] (several in one browser: hotseat).
function tokensOf(id) {
  try { return JSON.parse(localStorage.getItem('tessera.tokens.' + id) || '[]'); } catch { return []; }
}
function saveTokens(id, tokens) { if (tokens.length) localStorage.setItem('tessera.tokens.' + id, JSON.stringify(tokens)); }

// ------------------------------------------------------------------ how a program joins
// GET /api/registry tells the host's TCP port (`tcp_port`), for `tessera client --port`.
function joinHelp(reg, id, game, open) {
  const info = gameOf(reg, game);
  const bot = info?.bots.find((b) => b.name !== info.solo?.bot)?.name ?? 'random';
  let cmd = `tessera client --table ${id} --players ${Array(Math.max(open, 1)).fill(bot).join(',')}`;
  if (!['localhost', '127.0.0.1', '[::1]', '::1', ''].includes(location.hostname)) cmd += ` --host ${location.hostname}`;
  if (reg?.tcp_port) cmd += ` --port ${reg.tcp_port}`;
  return h('div', { class: 'join', 'data-table': id },
    h('p', {}, `${open} open seat${open === 1 ? '' : 's'} wait${open === 1 ? 's' : ''} for programs over TCP. A program joins by sending `,
      h('code', { class: 'signup' }, JSON.stringify({ name: 'NAME', table: Number(id) })),
      ' first on the game port; or run'),
    // each word unbroken (`--port` holds a hyphen, where lines would break): a narrow screen
    // wraps the command between its words only
    h('pre', {}, h('code', { class: 'command' }, cmd.split(' ').flatMap((w, i) => [i ? ' ' : null, h('span', { class: 'word' }, w)]))),
    reg?.tcp_port ? null : h('p', { class: 'hint' }, 'Add --port P when the server\'s TCP port is not the default (tessera serve prints tcp=P).'),
    starterBotHelp(h, { table: id, port: reg?.tcp_port, host: location.hostname }));
}

// ------------------------------------------------------------------ routing
function route() {
  cleanup(); cleanup = () => {};
  const [path, query] = location.hash.replace(/^#\/?/, '').split('?');
  const [page, id] = path.split('/');
  if (page === 'new') newGame(id);
  else if (page === 'game' && id) game(id, false);
  else if (page === 'watch' && id) game(id, true);
  else if (page === 'replay' && id) replay(id, new URLSearchParams(query ?? ''));
  else if (page === 'login') arena.loginPage(new URLSearchParams(query ?? ''));
  else if (page === 'register') arena.registerPage(new URLSearchParams(query ?? ''));
  else if (page === 'arena') arena.arenaPage();
  else if (page === 'leaderboard' || page === 'leaderboards') arena.leaderboardPage(id ? decodeURIComponent(id) : '', new URLSearchParams(query ?? ''));
  else if (page === 'account' && id) arena.accountPage(decodeURIComponent(id));
  else lobby();
  for (const a of document.querySelectorAll('header nav a')) {
    const here = a.getAttribute('href') === '#/' + page || (page === 'leaderboard' && a.id === 'nav-leaderboards');
    if (here) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
}

// ------------------------------------------------------------------ lobby
const PAGE = 20;
// what the server calls live (`GameStatus::is_live`): its list answers `status=live`
const LIVE = ['waiting', 'running', 'paused'];

function lobby() {
  document.title = 'Tessera — lobby';
  const head = () => h('thead', {}, h('tr', {}, ['Id', 'Created', 'Game', 'Players', 'Status', 'Moves', 'Scores', ''].map((t) => h('th', { text: t }))));
  const live = h('tbody'), ended = h('tbody');
  const older = h('button', { id: 'older', 'aria-label': 'Show older games', hidden: true }, 'Older games');
  const err = h('p', { id: 'error', role: 'alert' });
  const welcome = h('div', { id: 'welcome', class: 'welcome', hidden: true });
  // filters: the game, playing or finished, only mine (games this browser has seats at)
  const fGame = h('select', { id: 'filter-game', 'aria-label': 'Show the games of' }, h('option', { value: '' }, 'every game'));
  const fStatus = h('select', { id: 'filter-status', 'aria-label': 'Show the games that are' },
    h('option', { value: '' }, 'playing and finished'), h('option', { value: 'live' }, 'playing now'), h('option', { value: 'ended' }, 'finished'));
  const fMine = h('input', { type: 'checkbox', id: 'filter-mine' });
  const liveBox = h('div', {}, h('h3', { text: 'Playing now' }), h('table', { class: 'list', id: 'running' }, head(), live));
  const endedBox = h('div', {}, h('h3', { text: 'Finished games' }), h('table', { class: 'list', id: 'finished' }, head(), ended), h('p', {}, older));
  main.replaceChildren(
    h('h2', { text: 'Lobby' }),
    h('p', {}, h('a', { href: '#/new', id: 'new-game', role: 'button', class: 'button' }, 'New game')), welcome, err,
    h('div', { class: 'filters', role: 'group', 'aria-label': 'Filters' },
      h('label', {}, 'Show ', fGame), ' ', h('label', {}, fStatus), ' ', h('label', {}, fMine, ' only my games')),
    liveBox, endedBox);
  for (const f of [fGame, fStatus, fMine]) f.addEventListener('change', () => { lastDrawn = ''; draw(lastLive); });
  let lastDrawn = '', lastLive = [];
  let reg = null, stopped = false;
  // the finished games: the first page is read again at every refresh; older pages are
  // read once each ("Older games", `before` = the previous page's `next`)
  const known = new Map(); // id -> game summary, of every page read
  let next = null, pages = 1;

  const players = (g) => g.seats.map((s) => s.kind === 'open' ? '(open)' : s.kind === 'program' ? `${s.name} (TCP)` : s.name).join(', ');
  const row = (g, links) => h('tr', { 'data-id': g.id, 'data-status': g.status },
    h('td', { text: g.id }), h('td', { text: g.created ? new Date(g.created).toLocaleString() : '' }),
    h('td', { text: titleOf(reg, g.game) }), h('td', { text: players(g) }),
    h('td', { text: g.status === 'waiting' ? `waiting (${g.open ?? 0} open)` : g.status }),
    h('td', { text: g.moves }), h('td', { text: (g.scores || []).join(' / ') }), h('td', {}, links));
  const label = (what, g) => `${what} ${titleOf(reg, g.game)} game ${g.id}`;

  const shown = (g) => (!fGame.value || g.game === fGame.value) && (!fMine.checked || tokensOf(g.id).length > 0);
  const draw = (allLive) => {
    lastLive = allLive;
    const liveGames = allLive.filter(shown);
    const done = [...known.values()].filter((g) => !LIVE.includes(g.status) && shown(g)).sort((a, b) => b.id - a.id);
    liveBox.hidden = fStatus.value === 'ended';
    endedBox.hidden = fStatus.value === 'live';
    // an empty server: a welcome line per game
    const empty = !allLive.length && ![...known.values()].length;
    welcome.hidden = !empty;
    if (empty && reg && !welcome.childElementCount) {
      welcome.append(h('p', {}, 'Welcome to Tessera. No game has been played here yet: start one with New game, against bots or friends on this screen.'),
        h('ul', {}, reg.games.map((g) => h('li', {}, h('a', { href: `#/new/${g.name}` }, g.title), ` — ${g.about}`))));
    }
    // drawn again only when something changed: rows do not move under the pointer
    const key = JSON.stringify([liveGames, done, next, fStatus.value]);
    if (key === lastDrawn) return;
    lastDrawn = key;
    live.replaceChildren(...liveGames.flatMap((g) => {
      const r = row(g, [
        tokensOf(g.id).length ? h('a', { href: `#/game/${g.id}`, 'aria-label': label('Resume', g) }, 'Resume') : null, ' ',
        h('a', { href: `#/watch/${g.id}`, 'aria-label': label('Watch', g) }, 'Watch')]);
      return g.status === 'waiting' && g.open ? [r, h('tr', { class: 'join-row' }, h('td', { colspan: 8 }, joinHelp(reg, g.id, g.game, g.open)))] : [r];
    }));
    ended.replaceChildren(...done.map((g) => {
      const winners = g.winners?.length ? ` — winner: ${g.winners.join(' and ')}` : '';
      const r = row(g, h('a', { href: `#/replay/${g.id}`, 'aria-label': label('Replay', g) }, 'Replay'));
      r.children[4].textContent = g.status + winners;
      return r;
    }));
    older.hidden = next === null;
  };

  const refresh = async () => {
    try {
      if (!reg) {
        reg = await registry().catch(() => null);
        if (reg) fGame.append(...reg.games.map((g) => h('option', { value: g.name }, g.title)));
      }
      const [live, first] = await Promise.all([
        api('/api/games?status=live&limit=100'), api(`/api/games?limit=${PAGE}`)]);
      if (stopped) return;
      const liveGames = live.games;
      for (const g of first.games) known.set(g.id, g);
      if (pages === 1) next = first.next;
      // a game of an older page that was live and is no longer: read its row again
      const liveIds = new Set(liveGames.map((g) => g.id));
      const stale = [...known.values()].filter((g) => LIVE.includes(g.status) && !liveIds.has(g.id) && !first.games.some((f) => f.id === g.id));
      for (const g of stale) {
        const again = await api(`/api/games?before=${g.id + 1}&limit=1`).catch(() => null);
        const r = again?.games.find((x) => x.id === g.id);
        if (r) known.set(r.id, r);
      }
      err.textContent = '';
      draw(liveGames);
    } catch (e) { err.textContent = 'Cannot read the games: ' + e.message; }
  };
  older.addEventListener('click', async () => {
    if (next === null) return;
    try {
      const page = await api(`/api/games?limit=${PAGE}&before=${next}`);
      for (const g of page.games) known.set(g.id, g);
      next = page.next; pages += 1;
      draw(lastLive);
    } catch (e) { err.textContent = 'Cannot read older games: ' + e.message; }
  });
  refresh();
  const timer = setInterval(refresh, 2000);
  cleanup = () => { stopped = true; clearInterval(timer); };
}

// ------------------------------------------------------------------ new game
/** The control of one rule option (from its kind), and how to read its value. */
function optionControl(o) {
  const id = `opt-${o.key}`;
  const k = o.kind;
  if (k.type === 'choice') {
    // an option's value attribute: the value itself for a string, else its JSON
    const attr = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
    const sel = h('select', { id, 'data-key': o.key, 'aria-label': o.label, title: o.help },
      k.values.map(([v, t]) => h('option', { value: attr(v) }, t)));
    sel.value = attr(o.default);
    if (sel.selectedIndex < 0) sel.selectedIndex = 0;
    return { el: h('label', { title: o.help }, o.label + ' ', sel), input: sel, read: () => k.values[sel.selectedIndex]?.[0] ?? o.default };
  }
  if (k.type === 'integer') {
    const inp = h('input', { id, 'data-key': o.key, type: 'number', min: k.min, max: k.max, step: 1, required: true, value: o.default ?? '', 'aria-label': o.label, title: o.help });
    // the form refuses what the server would: a whole number within the bounds
    const check = () => {
      const t = inp.value.trim();
      const n = Number(t);
      return /^-?\d+$/.test(t) && n >= k.min && n <= k.max ? null : `${o.label}: a whole number from ${k.min} to ${k.max}, not ${t === '' ? 'nothing' : JSON.stringify(t)}`;
    };
    return { el: h('label', { title: o.help }, o.label + ' ', inp), input: inp, check, read: () => { const n = parseInt(inp.value, 10); return Number.isNaN(n) ? o.default : n; } };
  }
  if (k.type === 'letters') {
    const on = new Set([...String(o.default ?? '')].filter((c) => c !== c.toLowerCase()).map((c) => c.toLowerCase()));
    const boxes = k.letters.map(([c, what]) => h('input', { type: 'checkbox', id: `${id}-${c}`, 'data-letter': c, checked: on.has(c), 'aria-label': `${o.label}: ${what}` }));
    const el = h('span', { id, role: 'group', 'aria-label': o.label, title: o.help, class: 'letters' }, o.label + ': ',
      k.letters.map(([, what], i) => h('label', {}, boxes[i], ' ' + what)));
    return { el, input: el, read: () => k.letters.map(([c], i) => boxes[i].checked ? c.toUpperCase() : c.toLowerCase()).join('') };
  }
  // a kind this page does not know: its value as JSON text
  const inp = h('input', { id, 'data-key': o.key, value: JSON.stringify(o.default), 'aria-label': `${o.label} (JSON)`, title: o.help });
  return { el: h('label', { title: o.help }, `${o.label} (JSON) `, inp), input: inp, read: () => { try { return JSON.parse(inp.value); } catch { return inp.value; } } };
}

/**
 * A bot's name in the seat menu: a house level by its number and fixed rating in the arena
 * ("Level 3 · 1335"), any other bot by its name and strength word.
 */
function botLabel(game, b) {
  const k = (game.levels || []).findIndex((l) => l.spec === b.name);
  if (k >= 0) return `Level ${k + 1} · ${Math.round(game.levels[k].rating)}`;
  return `Bot: ${b.name}${b.strength ? ` (${b.strength})` : ''}`;
}

/** A bot's strength parameter (for the optional strength field): `ms` or `budget`. */
function strengthKey(bot) {
  if (/\bms=/.test(bot?.params || '')) return 'ms';
  if (/\bbudget=/.test(bot?.params || '')) return 'budget';
  return null;
}

/** The form's own check of a whole-number field: null when fine, else the reason. */
function wholeNumber(label, inp, lo, hi, optional) {
  const t = inp.value.trim();
  if (t === '' && optional) return null;
  if (!/^\d+$/.test(t) || Number(t) < lo || (hi !== null && Number(t) > hi)) {
    return `${label}: a whole number from ${lo}${hi !== null ? ` to ${hi}` : ''}${optional ? ', or nothing' : ''}, not ${t === '' ? 'nothing' : JSON.stringify(t)}`;
  }
  return null;
}

async function newGame(preselect) {
  document.title = 'Tessera — new game';
  main.replaceChildren(h('h2', { text: 'New game' }), h('p', { text: 'Loading the games…' }));
  let reg;
  try { reg = await registry(); } catch (e) {
    main.replaceChildren(h('h2', { text: 'New game' }), h('p', { id: 'error', role: 'alert' }, 'Cannot read the games: ' + e.message));
    return;
  }
  const gameSel = h('select', { id: 'game', name: 'game', 'aria-label': 'Game' },
    reg.games.map((g) => h('option', { value: g.name, title: g.about }, g.title)));
  if (preselect && reg.games.some((g) => g.name === preselect)) gameSel.value = preselect;
  const help = h('div', { id: 'game-help' });
  const clock = h('select', { id: 'clock', 'aria-label': 'Time per move for people' },
    [['', 'no clock'], ['30', '30 s'], ['60', '1 min'], ['120', '2 min'], ['300', '5 min'], ['600', '10 min']].map(([v, t]) => h('option', { value: v }, t)));
  const about = h('p', { class: 'hint', id: 'game-about' });
  const count = h('input', { id: 'players', type: 'number', value: 2, 'aria-label': 'Number of players' });
  const soloNote = h('p', { class: 'hint', id: 'solo-note', hidden: true });
  const seats = h('div', { id: 'seats' });
  const options = h('div', { id: 'options' });
  const seed = h('input', { id: 'seed', type: 'number', min: 0, placeholder: 'random', 'aria-label': 'Seed' });
  const delay = h('input', { id: 'delay', type: 'number', min: 0, max: 5000, step: 1, value: 400, 'aria-label': 'Bot delay in milliseconds' });
  const err = h('p', { id: 'error', role: 'alert' });
  let controls = []; // [option, control] of the game's rule options
  const info = () => gameOf(reg, gameSel.value);
  const solo = () => {
    const s = info()?.solo;
    if (!s) return null;
    const c = controls.find(([o]) => o.key === s.option);
    const v = c ? c[1].read() : null;
    return v === null || v === undefined || v === '' ? null : s;
  };

  const drawOptions = () => {
    const g = info();
    controls = g.options.map((o) => [o, optionControl(o)]);
    options.replaceChildren(...(controls.length ? controls.flatMap(([o, c]) => [c.el, ' ']) : [h('span', { class: 'hint', text: 'No rule options.' })]));
    // only the solo option changes the seats (redrawn, they would lose a name being typed)
    for (const [o, c] of controls) if (o.key === g.solo?.option) c.input.addEventListener('change', drawSeats);
    help.replaceChildren(rulesHelp(g, null));
  };
  const drawSeats = () => {
    const g = info();
    about.textContent = g.about;
    const s = solo();
    const bots = g.bots.filter((b) => b.name !== g.solo?.bot);
    const [lo, hi] = g.seats;
    count.min = lo; count.max = hi;
    count.disabled = !!s;
    const n = s ? 1 : Math.min(Math.max(parseInt(count.value, 10) || lo, lo), hi);
    if (!s) count.value = n;
    soloNote.hidden = !s;
    const soloBot = s && g.bots.find((b) => b.name === s.bot);
    soloNote.textContent = s ? `A solo game: one seat here, and the bot ${s.bot} in the last seat${soloBot ? ` — ${soloBot.about}` : ''}.` : '';
    const old = [...seats.querySelectorAll('.seat-row')].map((r) => ({
      kind: r.querySelector('.kind').value, strength: r.querySelector('.strength').value, name: r.querySelector('.name').value,
    }));
    const remembered = rememberedNames();
    seats.replaceChildren(...Array.from({ length: n }, (_, i) => {
      const kind = h('select', { class: 'kind', 'aria-label': `Seat ${i + 1} player` },
        h('option', { value: 'human' }, 'Human'),
        s ? null : h('option', { value: 'program', title: 'left open for a program that joins over TCP' }, 'Program over TCP'),
        bots.map((b) => h('option', { value: 'bot:' + b.name, title: b.about + (b.params ? ` (parameters: ${b.params})` : '') }, botLabel(g, b))));
      const prev = old[i];
      kind.value = prev && [...kind.options].some((o) => o.value === prev.kind) ? prev.kind : (i === 0 || !bots.length ? 'human' : 'bot:' + bots[0].name);
      const strength = h('input', { class: 'strength', type: 'number', min: 1, value: prev?.strength ?? '' });
      const name = h('input', { class: 'name', maxlength: 40, placeholder: 'name', 'aria-label': `Seat ${i + 1} name`, value: prev?.name ?? '' });
      const aboutBot = h('span', { class: 'hint bot-about' });
      const update = () => {
        const bot = kind.value.startsWith('bot:') ? bots.find((b) => 'bot:' + b.name === kind.value) : null;
        // a person's name: the one typed for this seat last time
        if (kind.value === 'human' && !name.value && remembered[i]) name.value = remembered[i];
        name.placeholder = kind.value === 'human' ? 'your name' : 'name (optional)';
        const key = strengthKey(bot);
        strength.hidden = !key;
        strength.placeholder = key === 'ms' ? 'strength: ms per move' : 'strength: budget';
        strength.setAttribute('aria-label', `Seat ${i + 1} bot strength (${key}=, optional)`);
        strength.dataset.key = key ?? '';
        name.hidden = kind.value === 'program';
        kind.title = bot ? bot.about : kind.selectedOptions[0]?.title || '';
        const level = bot && (g.levels || []).find((l) => l.spec === bot.name);
        aboutBot.textContent = level ? `${bot.about}, rated ${Math.round(level.rating)}`
          : bot ? bot.about + (bot.strength ? ` — ${bot.strength}` : '')
          : kind.value === 'program' ? 'open until a program joins over TCP' : '';
      };
      kind.addEventListener('change', update);
      update();
      return h('div', { class: 'seat-row' }, h('label', {}, `Seat ${i + 1} `, kind), ' ', strength, ' ', name, ' ', aboutBot);
    }));
  };
  gameSel.addEventListener('change', () => { drawOptions(); drawSeats(); });
  count.addEventListener('change', drawSeats);

  const form = h('form', { class: 'new', id: 'new-game-form' },
    h('fieldset', {}, h('legend', { text: 'Game' }), h('label', {}, 'Game ', gameSel), h('label', {}, 'Players ', count), about, soloNote, help),
    h('fieldset', {}, h('legend', { text: 'Seats' }), seats),
    h('fieldset', {}, h('legend', { text: 'Rules' }), options),
    h('fieldset', {}, h('legend', { text: 'Options' }), h('label', {}, 'Seed ', seed), h('label', {}, 'Bot delay (ms) ', delay),
      h('label', { title: 'a person out of time: the house plays a pass (or a draw) for that turn' }, 'Clock ', clock)),
    h('button', { type: 'submit', class: 'primary', id: 'start', 'aria-label': 'Start game' }, 'Start game'), err);
  form.setAttribute('novalidate', '');
  /** What the server would refuse, said before asking it: null when the form is fine. */
  const check = () => {
    const g = info();
    const problems = [];
    if (!solo()) problems.push(wholeNumber('Players', count, g.seats[0], g.seats[1], false));
    for (const [, c] of controls) if (c.check) problems.push(c.check());
    const names = [];
    [...seats.querySelectorAll('.seat-row')].forEach((r, i) => {
      if (r.querySelector('.kind').value === 'program') return;
      const n = r.querySelector('.name').value.trim();
      if ([...n].length > 40) problems.push(`Seat ${i + 1}: a name has at most 40 characters`);
      if (n && names.includes(n)) problems.push(`Seat ${i + 1}: "${n}" is taken by another seat: give each player a name of their own`);
      if (n) names.push(n);
    });
    problems.push(wholeNumber('Seed', seed, 0, null, true));
    problems.push(wholeNumber('Bot delay', delay, 0, 5000, false));
    return problems.filter(Boolean);
  };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    const problems = check();
    if (problems.length) { err.textContent = 'Cannot start: ' + problems.join('; '); return; }
    const req = {
      game: gameSel.value,
      seats: [...seats.querySelectorAll('.seat-row')].map((r) => {
        const k = r.querySelector('.kind').value;
        const name = r.querySelector('.name').value.trim() || undefined;
        if (k === 'human') return { kind: 'human', name };
        if (k === 'program') return { kind: 'program' };
        const st = r.querySelector('.strength');
        const n = parseInt(st.value, 10);
        return { kind: 'bot', spec: k.slice(4) + (st.dataset.key && n > 0 ? `:${st.dataset.key}=${n}` : ''), name };
      }),
      options: Object.fromEntries(controls.map(([o, c]) => [o.key, c.read()])),
      delay_ms: Math.max(parseInt(delay.value, 10) || 0, 0),
    };
    if (seed.value !== '') req.seed = parseInt(seed.value, 10);
    if (clock.value) req.clock_s = parseInt(clock.value, 10);
    try {
      const c = await api('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req) });
      rememberNames(req.seats.map((st) => (st.kind === 'human' ? st.name : null)));
      saveTokens(c.id, c.tokens);
      location.hash = c.tokens.length ? `#/game/${c.id}` : `#/watch/${c.id}`;
    } catch (e) { err.textContent = 'Cannot start: ' + e.message; }
  });
  main.replaceChildren(h('h2', { text: 'New game' }), form);
  drawOptions();
  drawSeats();
  gameSel.focus();
}

// ------------------------------------------------------------------ game page (play / watch)
function gameLayout() {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('id', 'board');
  svg.setAttribute('tabindex', '0');
  svg.setAttribute('aria-label', 'Board: drag or use arrow keys to pan, wheel or +/- to zoom');
  const board = new Board(svg);
  let rerender = () => {};
  const zoom = h('div', { class: 'zoom' },
    h('button', { 'aria-label': 'Zoom in', onclick: () => board.zoom(1 / 1.25) }, '+'),
    h('button', { 'aria-label': 'Zoom out', onclick: () => board.zoom(1.25) }, '−'),
    h('button', { 'aria-label': 'Fit board to view', onclick: () => { board.fit(); rerender(); } }, '⤢'));
  const ui = {
    status: h('div', { id: 'status', role: 'status', 'aria-live': 'polite' }),
    error: h('div', { id: 'error', role: 'alert' }),
    scores: h('table', { class: 'scores', id: 'scores' }),
    panel: h('div', { id: 'panel' }),
    extra: h('div', { id: 'extra' }),
    log: h('ol', { class: 'log', id: 'log', 'aria-label': 'Game log' }),
    flash: h('div', { class: 'flash', id: 'flash', role: 'status', 'aria-live': 'assertive', hidden: true }),
    // the generic look draws here instead of on the board
    area: h('div', { class: 'generic', id: 'generic', hidden: true }),
  };
  const wrap = h('div', { class: 'boardwrap' }, svg, zoom, ui.flash);
  main.replaceChildren(h('section', { class: 'game' }, wrap, ui.area,
    h('aside', {}, ui.status, ui.error, ui.scores, ui.panel, ui.extra, h('h3', { text: 'Log' }), ui.log)));
  /** Shows the board (a game's own look) or the generic area. */
  const useBoard = (yes) => { wrap.hidden = !yes; ui.area.hidden = yes; };
  return { board, ui, useBoard, setRerender: (f) => { rerender = f; } };
}

/** The scores by player (in turn order): names, never seat numbers; the winners marked. */
function drawScores(ui, players, scores, toMove, seat, winners = []) {
  const kind = (p) => (p.kind === 'program' ? ' (program)' : p.kind === 'bot' || p.bot ? ' (bot)' : '');
  ui.scores.replaceChildren(
    h('thead', {}, h('tr', {}, h('th', { text: 'Player' }), h('th', { text: 'Score' }))),
    h('tbody', {}, players.map((p, i) => h('tr', { class: [i === toMove ? 'to-move' : '', winners.includes(i) ? 'winner' : ''].join(' ').trim() },
      h('td', { text: (winners.includes(i) ? '★ ' : '') + (p.name || '(open)') + kind(p) + (i === seat ? ' (you)' : '') }),
      h('td', { text: scores?.[i] ?? '' })))));
}

function drawLog(ui, lines) {
  ui.log.replaceChildren(...lines.slice(-80).reverse().map(([n, t]) => h('li', {
    class: /bonus|\bQ\b/.test(t) ? 'bonus' : /penalty|drew|ejected|\(-\d+\)/.test(t) ? 'penalty' : '', value: n,
  }, t)));
}

/** The status line of an ended game. */
function endLine(status, players, outcome, result) {
  const won = winLine(players, winnersOf(result, outcome));
  if (status === 'finished') return `Game over — ${won}`;
  if (status === 'resigned') return `Game over — ${whyEnded(status, result, null)}; ${won}`;
  return `Game ${status}: ${whyEnded(status, result, null)}`;
}

function game(id, watch) {
  const tokens = watch ? [] : tokensOf(id);
  // several people's seats in one browser (hotseat): follow the one to move
  let token = tokens.length ? tokens[0][1] : null;
  document.title = `Tessera — ${watch || !token ? 'watching' : 'playing'} ${id}`;
  const { board, ui, useBoard, setRerender } = gameLayout();
  const local = {}; // the renderer's UI state kept across updates (selection, rotation, pending tiles)
  let seenLog = null, flashTimer = null, R = null, reg = null;
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem('tessera.pending.' + id) || 'null'); } catch { saved = null; }
  let ws = null, closed = false, last = null, retry = 500, heldAt = null;
  // a rated game (the Arena's): a badge, and the rating changes at its end
  let rated = false, stopRated = () => {};
  const badge = arena.ratedBadge();
  badge.hidden = true;
  const speed = h('input', { type: 'range', id: 'speed', min: 0, max: 2000, step: 50, 'aria-label': 'Bot delay (milliseconds per move)' });
  // the bots' delay and a person's move: sent now, or as soon as the socket opens (the page
  // is drawn from HTTP first); a move only on the socket of the seat that made it
  let delayWanted = null, moveWanted = null;
  const sendDelay = () => {
    if (delayWanted !== null && ws && ws.readyState === 1) { ws.send(JSON.stringify({ delay_ms: delayWanted })); delayWanted = null; }
  };
  const sendMove = () => {
    if (moveWanted && ws && ws.readyState === 1) {
      if (moveWanted.token === token) ws.send(moveWanted.text);
      moveWanted = null;
    }
  };
  speed.addEventListener('change', () => { delayWanted = parseInt(speed.value, 10); sendDelay(); });
  const speedLabel = h('span');
  const join = h('div', { id: 'join' });
  const ejected = h('div', { id: 'ejected' });
  const endBox = h('div', { id: 'end-box' });
  const clockLine = h('p', { id: 'clock', class: 'clock', hidden: true });
  const helpBox = h('div', { id: 'help-box' });
  // resigning: asked, then confirmed (nothing is sent on a single click)
  const resignBox = h('div', { id: 'resign-box', hidden: true });
  const resignAsk = () => resignBox.replaceChildren(h('button', { id: 'resign', onclick: resignConfirm }, 'Resign'));
  const resignConfirm = () => resignBox.replaceChildren(h('span', {}, 'Resign this game? The others win. '),
    h('button', { id: 'resign-yes', class: 'danger', onclick: resignNow }, 'Yes, resign'), ' ',
    h('button', { id: 'resign-no', onclick: resignAsk }, 'No, play on'));
  const resignNow = async () => {
    try { await api(`/api/games/${id}/resign`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) }); } catch (e) { ui.error.textContent = 'Cannot resign: ' + e.message; }
    resignAsk();
  };
  resignAsk();
  /** A rematch: the same settings, the seats rotated; every seat of this browser goes along. */
  const rematch = async (btn) => {
    btn.disabled = true;
    try {
      const mine = [];
      let to = null;
      for (const [, t] of tokens) {
        const r = await api(`/api/games/${id}/rematch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: t }) });
        mine.push([r.seat, r.token]);
        to = r.id;
      }
      saveTokens(to, mine.sort((a, b) => a[0] - b[0]));
      location.hash = `#/game/${to}`;
    } catch (e) { ui.error.textContent = 'Cannot start a rematch: ' + e.message; btn.disabled = false; }
  };
  // a placement held for a confirmation (games whose registry says `confirm`, when the
  // person asks for it): nothing is sent until Confirm; Take back forgets it
  const confirmOn = h('input', { type: 'checkbox', id: 'confirm-moves', checked: localStorage.getItem('tessera.confirm') === 'on' });
  confirmOn.addEventListener('change', () => { localStorage.setItem('tessera.confirm', confirmOn.checked ? 'on' : 'off'); if (!confirmOn.checked) takeBack(); });
  const confirmPref = h('p', { id: 'confirm-pref', hidden: true }, h('label', {}, confirmOn, ' Confirm each placement before it is sent'));
  const confirmBox = h('div', { id: 'confirm-box', class: 'confirm', role: 'group', 'aria-label': 'Placement to confirm', hidden: true });
  let held = null;
  const takeBack = () => { held = null; confirmBox.hidden = true; confirmBox.replaceChildren(); };
  /** A placement in words, from the seat's hints when they describe it. */
  const heldWords = (mv, hints) => {
    if (mv?.place) {
      const p = mv.place;
      const known = hints?.placements?.find((x) => x.tile === p.tile && x.orientation === p.orientation && x.x === p.x && x.y === p.y);
      return `${p.tile}${known ? ` for +${known.score}` : ''}`;
    }
    // Q: tiles placed along a line, each at (row, column) as the refusals say
    if (Array.isArray(mv) && mv.length && mv.every((p) => p?.['1tile'] && p.coordinate)) {
      return mv.map((p) => `${p['1tile'].color} ${p['1tile'].shape} at (${p.coordinate.row},${p.coordinate.column})`).join(', ');
    }
    const akro = typeof mv === 'string' ? hints?.moves?.find((x) => x.move === mv) : null;
    if (akro) return `tile ${akro.tile}, turned ${akro.rotation}`;
    return JSON.stringify(mv);
  };
  const hold = (mv, sendNow, label = 'Your placement', play = 'Confirm') => {
    held = mv;
    confirmBox.hidden = false;
    confirmBox.replaceChildren(h('span', {}, `${label}: ${heldWords(mv, last?.hints)}. `),
      h('button', { id: 'confirm-move', class: 'primary', onclick: () => { const m = held; takeBack(); if (m !== null) sendNow(m); } }, play), ' ',
      h('button', { id: 'take-back', onclick: () => { takeBack(); render(); } }, 'Take back'));
    confirmBox.querySelector('#confirm-move').focus();
  };
  // a hint (off unless the person turns it on; only against bots, never rated): the
  // strongest level's move, held like a placement to confirm; the record notes each use
  const hintsOn = h('input', { type: 'checkbox', id: 'hints-on', checked: localStorage.getItem('tessera.hints') === 'on' });
  const hintButton = h('button', { id: 'hint', hidden: true }, 'Hint');
  hintsOn.addEventListener('change', () => { localStorage.setItem('tessera.hints', hintsOn.checked ? 'on' : 'off'); render(); });
  const hintPref = h('p', { id: 'hint-pref', hidden: true }, h('label', { title: 'the strongest bot suggests a move; the game record notes that you asked' }, hintsOn, ' Allow hints'), ' ', hintButton);
  let hintSend = null;
  hintButton.addEventListener('click', async () => {
    const m = last;
    hintButton.disabled = true;
    try {
      const r = await api(`/api/games/${id}/hint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
      if (last === m && hintSend) { heldAt = m.version; hold(r.move, hintSend, `Hint (${r.by}, plays ${r.plays})`, 'Play it'); }
    } catch (e) { ui.error.textContent = 'No hint: ' + e.message; }
    hintButton.disabled = false;
  });
  // the clock of a table with one: the time left for the seat to move, counted down here
  let clockEnds = null;
  const tick = () => {
    const m = last;
    // the clock is for people: bots and programs have their own time limits
    const person = m?.players?.[m.to_move]?.kind === 'person';
    if (!m || !m.clock_ms || m.over || !person || clockEnds === null) { clockLine.hidden = true; return; }
    const left = Math.max(0, Math.ceil((clockEnds - Date.now()) / 1000));
    const who = m.to_move === m.seat ? 'You have' : `${m.players[m.to_move]?.name ?? '?'} has`;
    clockLine.hidden = false;
    clockLine.textContent = `${who} ${left} s left (${m.clock_ms / 1000} s per move; out of time, the house passes or draws for them)`;
    clockLine.classList.toggle('low', left <= 10);
  };
  const clockTimer = setInterval(tick, 1000);
  const pace = h('div', { class: 'speed', hidden: true }, h('label', { for: 'speed' }, 'Bot speed: delay ', speedLabel), speed);
  ui.status.before(badge);
  ui.status.after(clockLine, confirmBox);
  ui.extra.append(endBox, resignBox, confirmPref, hintPref, join, ejected, pace, helpBox,
    h('p', {}, h('a', { href: `#/watch/${id}` }, 'Spectator view'), ' · ', h('a', { href: '#/' }, 'Lobby')));

  const render = () => {
    const m = last;
    if (!m || !R) return;
    const mine = m.seat !== null && m.seat !== undefined;
    if (m.rated) rated = true;
    badge.hidden = !rated;
    if (!local.restored) {
      // Q tiles put down but not committed survive a reload (same game version only)
      local.restored = true;
      if (saved && saved.version === m.version && saved.seat === m.seat) local.pending = saved.pending;
    }
    drawScores(ui, m.players, m.scores, m.to_move, m.seat, m.over ? winnersOf(m.result, m.outcome) : []);
    drawLog(ui, m.log);
    if (!helpBox.childElementCount && reg) helpBox.append(rulesHelp(gameOf(reg, m.game), m.rules));
    resignBox.hidden = !(mine && m.status === 'running' && !m.over);
    const canConfirm = !!(mine && !m.over && gameOf(reg, m.game)?.confirm);
    confirmPref.hidden = !canConfirm;
    // hints: a person against bots only, not rated, in a game with house levels
    const againstBots = mine && m.players.every((p, i) => i === m.seat || p.kind === 'bot' || p.bot);
    hintPref.hidden = !(againstBots && !rated && !m.over && gameOf(reg, m.game)?.levels?.length);
    hintButton.hidden = !hintsOn.checked || m.to_move !== m.seat;
    // a held placement lapses with the turn
    if (held !== null && !(m.to_move === m.seat && !m.over && m.version === heldAt)) takeBack();
    if (m.clock_ms && m.turn_ms !== null && m.turn_ms !== undefined && !m.over) clockEnds = Date.now() + m.clock_ms - m.turn_ms;
    tick();
    // bonuses and penalties flash as they happen (not the old ones on loading)
    const newest = m.log.length ? m.log[m.log.length - 1][0] : 0;
    if (seenLog !== null) {
      const fresh = m.log.filter(([n, t]) => n > seenLog && /bonus|penalty|ejected/.test(t));
      if (fresh.length) {
        ui.flash.textContent = fresh.map(([, t]) => t).join(' · ');
        ui.flash.hidden = false;
        clearTimeout(flashTimer);
        flashTimer = setTimeout(() => { ui.flash.hidden = true; }, 4000);
      }
    }
    seenLog = Math.max(seenLog ?? 0, newest);
    // the bots' pace (programs over TCP and people are not paced)
    // set by the people at the table, not by spectators (at an unrated table of bots and
    // programs only, by anyone watching)
    const seated = m.seat !== null && m.seat !== undefined;
    const nobodyPlays = !m.players.some((p) => p.kind === 'person') && !m.rated;
    pace.hidden = !m.players.some((p) => p.kind === 'bot') || m.over || !(seated || nobodyPlays);
    speedLabel.textContent = `${m.delay_ms} ms`;
    if (document.activeElement !== speed) speed.value = m.delay_ms;
    const open = m.players.filter((p) => p.kind === 'open').length;
    join.replaceChildren(...(m.status === 'waiting' && open ? [joinHelp(reg, m.id, m.game, open)] : []));
    ejected.replaceChildren(...(m.ejected || []).map((e) => h('p', { class: 'hint' },
      typeof e === 'string' ? `${e} was ejected` : `${e.name} was ejected (${e.call}): ${e.reason}`)));
    let status;
    if (m.over) {
      status = endLine(m.status, m.players, m.outcome, m.result);
      if (!endBox.childElementCount) {
        const buttons = [];
        // a rated game is played again through the Arena's queue (a rematch would be unrated)
        if (!watch && tokens.length && rated) buttons.push(h('a', { id: 'play-rated-again', class: 'button', role: 'button', href: '#/arena' }, 'Play rated again'));
        else if (!watch && tokens.length) buttons.push(h('button', { id: 'rematch', class: 'primary', title: 'the same game and settings, the seats rotated', onclick: (ev) => rematch(ev.currentTarget) }, 'Rematch'));
        buttons.push(h('a', { id: 'new-game-after', class: 'button', role: 'button', href: `#/new/${m.game}` }, 'New game'));
        buttons.push(h('a', { id: 'replay-link', href: `#/replay/${id}` }, 'Replay this game'));
        endBox.append(endPanel(m.players, m.status, m.result, m.outcome, m.end, m.scores, buttons));
        // a rated game: each rated seat's change of rating, once the server has it
        if (rated) { const box = h('div', { id: 'rated-box' }); endBox.querySelector('#winner').after(box); stopRated = arena.ratedChanges(box, id); }
      }
    } else if (m.status === 'waiting') status = `Waiting for ${open} program${open === 1 ? '' : 's'} to join over TCP`;
    else if (mine && m.to_move === m.seat) status = 'Your turn';
    else {
      const p = m.players[m.to_move];
      status = (p?.bot ? `${p.name} is thinking…` : `${p?.name ?? '?'} to move`) + (mine ? '' : ' (spectating)');
    }
    ui.status.textContent = status;
    useBoard(R.board !== false);
    if (!m.public) { ui.panel.replaceChildren(); ui.area.replaceChildren(); return; }
    const sendNow = (mv) => {
      ui.error.textContent = '';
      moveWanted = { token, text: JSON.stringify({ move: mv }) };
      sendMove();
    };
    hintSend = sendNow;
    // a placement (not a draw, a pass or an exchange) waits for Confirm when asked
    const send = (mv) => {
      if (canConfirm && confirmOn.checked && !['draw', 'pass', 'replace'].includes(mv)) { heldAt = m.version; hold(mv, sendNow); } else sendNow(mv);
    };
    const ctx = {
      board, area: ui.area, panel: ui.panel, public: m.public, view: m.view, legal: m.legal || [], hints: m.hints,
      // the public view before the last move (the server's, so a page opened after the
      // move shows it too); when the server has none, the renderer keeps its own
      prev: m.last?.before ?? undefined,
      mode: mine ? 'play' : 'watch', myTurn: mine && m.to_move === m.seat && !m.over,
      send, local, players: m.players, seat: m.seat, error: (t) => { ui.error.textContent = t; }, rerender: render,
    };
    try {
      R.render(ctx);
    } catch (e) {
      if (R === generic) throw e;
      console.error(e);
      ui.error.textContent = `The ${m.game} view failed (${e.message}): the generic view instead`;
      R = generic; render(); return;
    }
    if (m.over) {
      // nobody is waited for any more (the renderers say so while the game goes on)
      for (const el of ui.panel.querySelectorAll('p, span, div')) {
        if (!el.children.length && /^Waiting\b/.test(el.textContent)) el.textContent = 'The game is over.';
      }
    }
    if (mine) sessionStorage.setItem('tessera.pending.' + id, JSON.stringify({ version: m.version, seat: m.seat, pending: local.pending || [] }));
  };
  setRerender(render);

  const connect = () => {
    if (closed) return;
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws` + (token ? `?token=${encodeURIComponent(token)}` : ''));
    ws.onopen = () => { retry = 500; sendDelay(); sendMove(); };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'error') { ui.error.textContent = 'Refused: ' + m.error; return; }
      if (m.type === 'state') {
        if (last && last.version !== m.version) { local.pending = []; }
        last = m; render();
        const next = tokens.find(([seat]) => seat === m.to_move);
        if (next && next[1] !== token && !m.over) { token = next[1]; ws.onclose = null; ws.close(); connect(); }
      }
    };
    // an ended game's socket sends the final state and closes: nothing to come back for
    ws.onclose = () => { if (!closed && !last?.over) { setTimeout(connect, retry); retry = Math.min(retry * 2, 5000); } };
  };
  // first paint over HTTP (so a 404 is shown), then live over the WebSocket
  const q = token ? `?token=${encodeURIComponent(token)}` : '';
  Promise.all([api(`/api/games/${id}${q}`), registry().catch(() => null)])
    .then(async ([m, r]) => {
      reg = r;
      R = await renderer(m.game);
      if (closed) return;
      document.title = `Tessera — ${m.title ?? m.game} ${id}` + (m.seat === null ? ' (watching)' : '');
      last = m; render();
      if (!m.over) connect();
    })
    .catch((e) => { ui.status.textContent = `Game ${id}: ${e.message}`; ui.extra.append(h('p', {}, h('a', { href: `#/replay/${id}` }, 'Try its replay'))); });
  cleanup = () => { closed = true; clearInterval(clockTimer); stopRated(); if (ws) ws.close(); };
}

// ------------------------------------------------------------------ replay
async function replay(id, query = new URLSearchParams()) {
  document.title = `Tessera — replay ${id}`;
  const { board, ui, useBoard, setRerender } = gameLayout();
  let data, R;
  try {
    data = await api(`/api/games/${id}/replay`);
    R = await renderer(data.summary.game);
  } catch (e) { ui.status.textContent = `Replay ${id}: ${e.message}`; return; }
  const steps = data.steps, sum = data.summary;
  const reg = await registry().catch(() => null);
  const players = sum.seats.map((s) => ({ name: s.name, kind: s.kind }));
  const local = {}; // the renderer's UI state (e.g. which Akropolis city is shown)
  const scrub = h('input', { type: 'range', id: 'scrubber', min: 0, max: steps.length - 1, value: 0, 'aria-label': 'Move' });
  const label = h('span', { id: 'step-label' });
  let timer = null;
  // an analysed move whose better move the board shows instead of the move played
  let better = null;
  const play = h('button', { id: 'replay-play', 'aria-label': 'Play or pause the replay' }, '▶');
  const show = () => {
    const i = parseInt(scrub.value, 10);
    if (better && better.index + 1 !== i) {
      // another step: the board shows the moves played again
      better = null;
      const b = document.getElementById('show-better');
      if (b) { b.setAttribute('aria-pressed', 'false'); b.textContent = 'Show the better move'; }
    }
    const st = better ? { ...steps[i], public: better.better } : steps[i];
    label.textContent = `move ${i} of ${steps.length - 1}` + (better ? ' (the better move)' : '');
    ui.status.textContent = `Replay of ${titleOf(reg, sum.game)} ${id}: ${label.textContent}` + (i === steps.length - 1 ? ' (end)' : '');
    drawScores(ui, players, st.scores, st.to_move, null);
    const lines = [];
    for (let k = 1; k <= i; k++) for (const l of steps[k].log) lines.push([k, l]);
    drawLog(ui, lines);
    useBoard(R.board !== false);
    const ctx = {
      board, area: ui.area, panel: ui.panel, public: st.public, prev: i > 0 ? steps[i - 1].public : null, view: null, legal: [], hints: null, mode: 'replay', myTurn: false,
      send: () => {}, local, players, seat: null, error: () => {}, rerender: show,
    };
    try { R.render(ctx); } catch (e) {
      if (R === generic) throw e;
      console.error(e);
      R = generic; show();
    }
  };
  setRerender(show);
  const go = (d) => { scrub.value = Math.min(Math.max(parseInt(scrub.value, 10) + d, 0), steps.length - 1); show(); };
  scrub.addEventListener('input', show);
  play.addEventListener('click', () => {
    if (timer) { clearInterval(timer); timer = null; play.textContent = '▶'; return; }
    play.textContent = '❚❚';
    timer = setInterval(() => { if (parseInt(scrub.value, 10) >= steps.length - 1) { clearInterval(timer); timer = null; play.textContent = '▶'; } else go(1); }, 400);
  });
  const analysis = LIVE.includes(sum.status) ? null : analysisSection({
    id, iters: query.get('iters'), players,
    jump: (step) => { better = null; scrub.value = Math.min(Math.max(step, 0), steps.length - 1); show(); },
    showBetter: (m) => { better = m; show(); },
  });
  // a rated game's rating changes (the Arena's)
  const ratedBox = LIVE.includes(sum.status) ? null : h('div', { id: 'rated-box' });
  const stopRated = ratedBox ? arena.ratedChanges(ratedBox, id, { wait: false }) : () => {};
  const result = LIVE.includes(sum.status) ? `not over yet (${sum.status})` : endLine(sum.status, players, data.outcome, sum.status === 'resigned' ? { winner_seats: sum.winners.map((n) => sum.players.indexOf(n)), resigned: { reason: sum.why } } : { aborted: sum.why });
  ui.extra.append(h('div', { class: 'scrub' }, h('label', { for: 'scrubber' }, 'Replay: ', label), scrub,
    h('div', { class: 'controls' },
      h('button', { 'aria-label': 'First move', onclick: () => { scrub.value = 0; show(); } }, '|◀'),
      h('button', { 'aria-label': 'Previous move', onclick: () => go(-1) }, '◀'), play,
      h('button', { 'aria-label': 'Next move', onclick: () => go(1) }, '▷'),
      h('button', { 'aria-label': 'Last move', onclick: () => { scrub.value = steps.length - 1; show(); } }, '▶|'))),
    // seeds come as strings (they use all 64 bits, more than a JavaScript number holds)
    h('p', { id: 'result' }, result + (sum.seed !== null && sum.seed !== undefined ? ` · seed ${sum.seed}` : '')),
    data.end ? endPanel(players, sum.status, null, data.outcome, data.end, sum.scores, [h('a', { class: 'button', role: 'button', href: `#/new/${sum.game}` }, 'New game')]) : null,
    ratedBox,
    analysis?.section ?? null,
    rulesHelp(gameOf(reg, sum.game), data.rules ?? null),
    h('p', {}, LIVE.includes(sum.status) ? null : [h('a', { href: `/api/games/${id}/record`, download: `tessera-${id}.json` }, 'The record (JSON)'), ' · '],
      h('a', { href: '#/' }, 'Lobby')));
  cleanup = () => { if (timer) clearInterval(timer); analysis?.stop(); stopRated(); };
  show();
}

// ------------------------------------------------------------------ start
arena.init({ api, registry, saveTokens, tokensOf, titleOf, main, route, setCleanup: (f) => { cleanup = f; } });
window.addEventListener('hashchange', route);
if (document.readyState === 'loading') window.addEventListener('DOMContentLoaded', route);
else route();
