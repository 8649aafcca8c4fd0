// Tessera web UI: lobby, new game, play / watch over a WebSocket, replay.
import { h, Board } from './board.js';
import * as triominos from './triominos.js';
import * as q from './q.js';
import * as akropolis from './akropolis.js';

const RENDERERS = { triominos, q, akropolis };
const main = document.getElementById('main');
let cleanup = () => {};

// ------------------------------------------------------------------ tokens
function tokensOf(id) {
  try { return JSON.parse(localStorage.getItem('tessera.tokens.' + id) || '[]'); } catch { return []; }
}
function saveTokens(id, tokens) { localStorage.setItem('tessera.tokens.' + id, JSON.stringify(tokens)); }

async function api(path, opts) {
  const r = await fetch(path, opts);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

// ------------------------------------------------------------------ routing
function route() {
  cleanup(); cleanup = () => {};
  const parts = location.hash.replace(/^#\/?/, '').split('/');
  const [page, id] = parts;
  if (page === 'new') newGame();
  else if (page === 'game' && id) game(id, false);
  else if (page === 'watch' && id) game(id, true);
  else if (page === 'replay' && id) replay(id);
  else lobby();
}


// ------------------------------------------------------------------ lobby
function lobby() {
  document.title = 'Tessera — lobby';
  const running = h('tbody'), finished = h('tbody');
  main.replaceChildren(
    h('h2', { text: 'Lobby' }),
    h('p', {}, h('a', { href: '#/new', id: 'new-game', role: 'button', class: 'button' }, 'New game')),
    h('h3', { text: 'Running games' }),
    h('table', { class: 'list', id: 'running' },
      h('thead', {}, h('tr', {}, ['Started', 'Game', 'Players', 'Moves', 'Scores', ''].map((t) => h('th', { text: t })))), running),
    h('h3', { text: 'Finished games' }),
    h('table', { class: 'list', id: 'finished' },
      h('thead', {}, h('tr', {}, ['Started', 'Game', 'Players', 'Moves', 'Scores', ''].map((t) => h('th', { text: t })))), finished),
  );
  const row = (g, links) => h('tr', { 'data-id': g.id },
    h('td', { text: g.created ? new Date(g.created).toLocaleString() : '' }), h('td', { text: g.game }), h('td', { text: g.players.join(', ') }), h('td', { text: g.moves }),
    h('td', { text: g.scores.join(' / ') }), h('td', {}, links));
  const refresh = async () => {
    try {
      const list = await api('/api/play/games');
      running.replaceChildren(...list.running.map((g) => row(g, [
        tokensOf(g.id).length ? h('a', { href: `#/game/${g.id}`, 'aria-label': `Resume ${g.game} game ${g.id}` }, 'Resume') : null,
        ' ', h('a', { href: `#/watch/${g.id}`, 'aria-label': `Watch ${g.game} game ${g.id}` }, 'Watch'),
      ])));
      finished.replaceChildren(...list.finished.map((g) => row(g,
        h('a', { href: `#/replay/${g.id}`, 'aria-label': `Replay ${g.game} game ${g.id}` }, 'Replay'))));
    } catch (e) { running.replaceChildren(h('tr', {}, h('td', { text: 'error: ' + e.message }))); }
  };
  refresh();
  const timer = setInterval(refresh, 2000);
  cleanup = () => clearInterval(timer);
}

// ------------------------------------------------------------------ new game
const BOTS = {
  triominos: ['greedy', 'ismcts', 'drawer', 'blocker', 'flexible', 'random'],
  q: ['ldasg', 'dag', 'greedy', 'lines', 'ismcts', 'random'],
  akropolis: ['ismcts', 'districts', 'greedy', 'random', 'architect'],
};
const PLAYERS = { triominos: [2, 6], q: [2, 4], akropolis: [2, 4] };

function botSpec(name, strength) {
  const n = parseInt(strength, 10);
  if (!n || n <= 0) return name;
  if (name === 'ismcts') return `ismcts:ms=${n}`;
  if (name === 'lines') return `lines:budget=${n}`;
  return name;
}

function newGame() {
  document.title = 'Tessera — new game';
  const gameSel = h('select', { id: 'game', name: 'game', 'aria-label': 'Game' },
    h('option', { value: 'triominos' }, 'Triominos'), h('option', { value: 'q' }, 'Q'), h('option', { value: 'akropolis' }, 'Akropolis'));
  const count = h('input', { id: 'players', type: 'number', min: 2, max: 6, value: 2, 'aria-label': 'Number of players' });
  const seats = h('div', { id: 'seats' });
  const variants = h('div', { id: 'variants' });
  const seed = h('input', { id: 'seed', type: 'number', min: 0, placeholder: 'random', 'aria-label': 'Seed' });
  const delay = h('input', { id: 'delay', type: 'number', min: 0, max: 5000, value: 400, 'aria-label': 'Bot delay in milliseconds' });
  const err = h('p', { id: 'error', role: 'alert' });

  const drawSeats = () => {
    const g = gameSel.value;
    const [lo, hi] = PLAYERS[g];
    count.min = lo; count.max = hi;
    const n = Math.min(Math.max(parseInt(count.value, 10) || lo, lo), hi);
    count.value = n;
    const old = [...seats.querySelectorAll('.seat-row')].map((r) => [r.querySelector('.kind').value, r.querySelector('.strength').value]);
    seats.replaceChildren(...Array.from({ length: n }, (_, i) => {
      const kind = h('select', { class: 'kind', 'aria-label': `Seat ${i + 1} player` },
        h('option', { value: 'human' }, 'Human'), ...BOTS[g].map((b) => h('option', { value: 'bot:' + b }, `Bot: ${b}`)));
      const prev = old[i];
      kind.value = prev && [...kind.options].some((o) => o.value === prev[0]) ? prev[0] : (i === 0 ? 'human' : 'bot:' + BOTS[g][0]);
      const strength = h('input', { class: 'strength', type: 'number', min: 0, placeholder: 'strength (ms / budget)', 'aria-label': `Seat ${i + 1} bot strength (ismcts milliseconds, lines budget)`, value: prev ? prev[1] : '' });
      return h('div', { class: 'seat-row' }, h('label', {}, `Seat ${i + 1} `, kind), ' ', strength);
    }));
    variants.replaceChildren(...variantControls(g));
  };
  gameSel.addEventListener('change', drawSeats);
  count.addEventListener('change', drawSeats);

  const form = h('form', { class: 'new', id: 'new-game-form' },
    h('fieldset', {}, h('legend', { text: 'Game' }), h('label', {}, 'Game ', gameSel), h('label', {}, 'Players ', count)),
    h('fieldset', {}, h('legend', { text: 'Seats' }), seats),
    h('fieldset', {}, h('legend', { text: 'Variants' }), variants),
    h('fieldset', {}, h('legend', { text: 'Options' }), h('label', {}, 'Seed ', seed), h('label', {}, 'Bot delay (ms) ', delay)),
    h('button', { type: 'submit', class: 'primary', id: 'start', 'aria-label': 'Start game' }, 'Start game'), err);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const g = gameSel.value;
    const req = {
      game: g,
      seats: [...seats.querySelectorAll('.seat-row')].map((r) => {
        const k = r.querySelector('.kind').value;
        return k === 'human' ? { kind: 'human' } : { kind: 'bot', spec: botSpec(k.slice(4), r.querySelector('.strength').value) };
      }),
      options: readVariants(g, variants),
      delay_ms: parseInt(delay.value, 10) || 0,
    };
    if (seed.value !== '') req.seed = parseInt(seed.value, 10);
    if (req.options.solo) req.seats = [req.seats[0], { kind: 'bot', spec: 'architect', name: `Architect ${req.options.solo}` }];
    try {
      const c = await api('/api/play/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req) });
      saveTokens(c.id, c.tokens);
      location.hash = c.tokens.length ? `#/game/${c.id}` : `#/watch/${c.id}`;
    } catch (e) { err.textContent = 'Cannot start: ' + e.message; }
  });
  main.replaceChildren(h('h2', { text: 'New game' }), form);
  drawSeats();
  gameSel.focus();
}

function variantControls(g) {
  const sel = (id, label, opts) => h('label', {}, label + ' ',
    h('select', { id, 'aria-label': label }, opts.map(([v, t]) => h('option', { value: v }, t))));
  if (g === 'triominos') return [
    sel('v-start', 'Who opens', [['highest', 'highest tile'], ['random', 'random player'], ['winner', 'last round winner']]),
    sel('v-end', 'Game ends', [['target', 'at the target score'], ['finish-round', 'end of the round reaching the target'], ['round', 'after one round']]),
    h('label', {}, 'Target ', h('input', { id: 'v-target', type: 'number', value: 400, 'aria-label': 'Target score' })),
    sel('v-hex', 'Hexagon bonus', [['readme', '50/100/150'], ['code', '50/60/70']]),
  ];
  if (g === 'q') return [
    h('label', {}, 'Copies of each tile ', h('input', { id: 'v-copies', type: 'number', min: 1, max: 30, value: 30, 'aria-label': 'Copies of each tile' })),
    h('label', {}, 'Hand size ', h('input', { id: 'v-hand', type: 'number', min: 1, max: 12, value: 6, 'aria-label': 'Hand size' })),
  ];
  return [sel('v-solo', 'Solo against the Architect', [['', 'no'], ['hippodamos', 'Hippodamos (level 1)'], ['metagenes', 'Metagenes (level 2)'], ['callicrates', 'Callicrates (level 3)']]),
    h('br'), h('span', { class: 'hint', text: 'Scoring variants: ' }),
    ...['houses', 'markets', 'barracks', 'temples', 'gardens'].map((d, i) =>
      h('label', {}, h('input', { type: 'checkbox', class: 'v-district', 'data-i': i, 'aria-label': `${d} variant` }), ' ' + d))];
}

function readVariants(g, el) {
  const v = (id) => el.querySelector('#' + id).value;
  if (g === 'triominos') return { start: v('v-start'), end: v('v-end'), target: parseInt(v('v-target'), 10) || 400, hexagon_bonus: v('v-hex') };
  if (g === 'q') return { copies: parseInt(v('v-copies'), 10) || 30, hand_size: parseInt(v('v-hand'), 10) || 6 };
  const letters = 'hmbtg';
  const solo = v('v-solo');
  return { ...(solo ? { solo } : {}), variants: [...el.querySelectorAll('.v-district')].map((c, i) => c.checked ? letters[i].toUpperCase() : letters[i]).join('') };
}

// ------------------------------------------------------------------ game page (play / watch)
function gameLayout() {
  const svg = h('svg', { id: 'board', tabindex: '0', 'aria-label': 'Board: drag or use arrow keys to pan, wheel or +/- to zoom' });
  // h() creates HTML elements; the board must be an SVG element
  const real = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  for (const a of svg.getAttributeNames()) real.setAttribute(a, svg.getAttribute(a));
  const board = new Board(real);
  const zoom = h('div', { class: 'zoom' },
    h('button', { 'aria-label': 'Zoom in', onclick: () => board.zoom(1 / 1.25) }, '+'),
    h('button', { 'aria-label': 'Zoom out', onclick: () => board.zoom(1.25) }, '−'),
    h('button', { 'aria-label': 'Fit board to view', onclick: () => { board.fit(); rerender(); } }, '⤢'));
  let rerender = () => {};
  const ui = {
    status: h('div', { id: 'status', role: 'status', 'aria-live': 'polite' }),
    error: h('div', { id: 'error', role: 'alert' }),
    scores: h('table', { class: 'scores', id: 'scores' }),
    panel: h('div', { id: 'panel' }),
    extra: h('div', { id: 'extra' }),
    log: h('ol', { class: 'log', id: 'log', 'aria-label': 'Game log' }),
    flash: h('div', { class: 'flash', id: 'flash', role: 'status', 'aria-live': 'assertive', hidden: true }),
  };
  main.replaceChildren(h('section', { class: 'game' },
    h('div', { class: 'boardwrap' }, real, zoom, ui.flash),
    h('aside', {}, ui.status, ui.error, ui.scores, ui.panel, ui.extra, h('h3', { text: 'Log' }), ui.log)));
  return { board, ui, setRerender: (f) => { rerender = f; } };
}

function drawScores(ui, players, scores, toMove, seat) {
  ui.scores.replaceChildren(
    h('thead', {}, h('tr', {}, h('th', { text: 'Seat' }), h('th', { text: 'Player' }), h('th', { text: 'Score' }))),
    h('tbody', {}, players.map((p, i) => h('tr', { class: i === toMove ? 'to-move' : '' },
      h('td', { text: i + (i === seat ? ' (you)' : '') }), h('td', { text: p.name }), h('td', { text: scores[i] ?? '' })))));
}

function drawLog(ui, lines) {
  ui.log.replaceChildren(...lines.slice(-80).reverse().map(([n, t]) => h('li', {
    class: /bonus|\bQ\b/.test(t) ? 'bonus' : /penalty|drew|\(-\d+\)/.test(t) ? 'penalty' : '', value: n,
  }, t)));
}

function game(id, watch) {
  const tokens = watch ? [] : tokensOf(id);
  // several human seats in one browser (hotseat): follow the one to move
  let token = tokens.length ? tokens[0][1] : null;
  document.title = `Tessera — ${watch || !token ? 'watching' : 'playing'} ${id}`;
  const { board, ui, setRerender } = gameLayout();
  const local = {}; // per-game UI state kept across updates (selection, rotation, pending tiles)
  let seenLog = null, flashTimer = null;
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem('tessera.pending.' + id) || 'null'); } catch { saved = null; }
  let ws = null, closed = false, last = null, retry = 500;
  const speed = h('input', { type: 'range', id: 'speed', min: 0, max: 2000, step: 50, 'aria-label': 'Bot delay (milliseconds per move)' });
  speed.addEventListener('change', () => ws && ws.readyState === 1 && ws.send(JSON.stringify({ delay_ms: parseInt(speed.value, 10) })));
  const speedLabel = h('span');
  ui.extra.append(h('div', { class: 'speed' }, h('label', { for: 'speed' }, 'Bot speed: delay ', speedLabel), speed),
    h('p', {}, h('a', { href: `#/watch/${id}` }, 'Spectator view'), ' · ', h('a', { href: '#/' }, 'Lobby')));

  const render = () => {
    const m = last;
    if (!m) return;
    const R = RENDERERS[m.game];
    const mine = m.seat !== null && m.seat !== undefined;
    if (!local.restored) {
      // Q tiles put down but not committed survive a reload (same game version only)
      local.restored = true;
      if (saved && saved.version === m.version && saved.seat === m.seat) local.pending = saved.pending;
    }
    drawScores(ui, m.players, m.scores, m.to_move, m.seat);
    drawLog(ui, m.log);
    // bonuses and penalties flash as they happen (not the old ones on loading)
    const newest = m.log.length ? m.log[m.log.length - 1][0] : 0;
    if (seenLog !== null) {
      const fresh = m.log.filter(([n, t]) => n > seenLog && /bonus|penalty/.test(t));
      if (fresh.length) {
        ui.flash.textContent = fresh.map(([, t]) => t).join(' · ');
        ui.flash.hidden = false;
        clearTimeout(flashTimer);
        flashTimer = setTimeout(() => { ui.flash.hidden = true; }, 4000);
      }
    }
    seenLog = Math.max(seenLog ?? 0, newest);
    speedLabel.textContent = `${m.delay_ms} ms`;
    if (document.activeElement !== speed) speed.value = m.delay_ms;
    let status;
    if (m.over) {
      const w = (m.outcome?.winners || []).map((s) => m.players[s].name).join(' and ');
      status = `Game over — winner: ${w}. Final scores ${m.outcome?.scores?.join(' / ')}`;
      if (!ui.extra.querySelector('#replay-link')) {
        ui.extra.append(h('p', {}, h('a', { id: 'replay-link', href: `#/replay/${id}` }, 'Replay this game')));
      }
    } else if (mine && m.to_move === m.seat) status = 'Your turn';
    else status = `${m.players[m.to_move]?.name ?? '?'} to move` + (mine ? '' : ' (spectating)');
    ui.status.textContent = status;
    const send = (mv) => {
      ui.error.textContent = '';
      if (ws && ws.readyState === 1) ws.send(JSON.stringify({ move: mv }));
    };
    R.render({ board, view: m.view, panel: ui.panel, mode: mine ? 'play' : 'watch', myTurn: mine && m.to_move === m.seat && !m.over,
      send, local, players: m.players, seat: m.seat, error: (t) => { ui.error.textContent = t; }, rerender: render });
    if (mine) sessionStorage.setItem('tessera.pending.' + id, JSON.stringify({ version: m.version, seat: m.seat, pending: local.pending || [] }));
  };
  setRerender(render);

  const connect = () => {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${proto}://${location.host}/api/play/games/${id}/ws` + (token ? `?token=${encodeURIComponent(token)}` : ''));
    ws.onopen = () => { retry = 500; };
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
    ws.onclose = () => { if (!closed) { setTimeout(connect, retry); retry = Math.min(retry * 2, 5000); } };
  };
  // first paint over HTTP (so a 404 is shown), then live over the WebSocket
  api(`/api/play/games/${id}` + (token ? `?token=${encodeURIComponent(token)}` : ''))
    .then((m) => { last = m; render(); connect(); })
    .catch((e) => { ui.status.textContent = `Game ${id}: ${e.message}`; ui.extra.append(h('p', {}, h('a', { href: `#/replay/${id}` }, 'Try its replay'))); });
  cleanup = () => { closed = true; if (ws) ws.close(); };
}

// ------------------------------------------------------------------ replay
async function replay(id) {
  document.title = `Tessera — replay ${id}`;
  const { board, ui, setRerender } = gameLayout();
  let data;
  try { data = await api(`/api/play/replays/${id}`); } catch (e) { ui.status.textContent = `Replay ${id}: ${e.message}`; return; }
  const steps = data.steps, sum = data.summary;
  const R = RENDERERS[sum.game];
  const players = sum.players.map((name) => ({ name }));
  const local = {}; // the renderer's UI state (e.g. which Akropolis city is shown)
  const scrub = h('input', { type: 'range', id: 'scrubber', min: 0, max: steps.length - 1, value: 0, 'aria-label': 'Move' });
  const label = h('span', { id: 'step-label' });
  let timer = null;
  const play = h('button', { id: 'replay-play', 'aria-label': 'Play or pause the replay' }, '▶');
  const show = () => {
    const i = parseInt(scrub.value, 10);
    const st = steps[i];
    label.textContent = `move ${i} of ${steps.length - 1}`;
    ui.status.textContent = `Replay of ${sum.game} ${id}: ${label.textContent}` + (i === steps.length - 1 ? ' (end)' : '');
    drawScores(ui, players, R.scores(st.view), R.toMove(st.view), null);
    const lines = [];
    for (let k = 1; k <= i; k++) for (const l of steps[k].log) lines.push([k, l]);
    drawLog(ui, lines);
    R.render({ board, view: st.view, panel: ui.panel, mode: 'replay', myTurn: false, send: () => {}, local, players, seat: null, error: () => {}, rerender: show });
  };
  setRerender(show);
  const go = (d) => { scrub.value = Math.min(Math.max(parseInt(scrub.value, 10) + d, 0), steps.length - 1); show(); };
  scrub.addEventListener('input', show);
  play.addEventListener('click', () => {
    if (timer) { clearInterval(timer); timer = null; play.textContent = '▶'; return; }
    play.textContent = '❚❚';
    timer = setInterval(() => { if (parseInt(scrub.value, 10) >= steps.length - 1) { clearInterval(timer); timer = null; play.textContent = '▶'; } else go(1); }, 400);
  });
  ui.extra.append(h('div', { class: 'scrub' }, h('label', { for: 'scrubber' }, 'Replay: ', label), scrub,
    h('div', { class: 'controls' },
      h('button', { 'aria-label': 'First move', onclick: () => { scrub.value = 0; show(); } }, '|◀'),
      h('button', { 'aria-label': 'Previous move', onclick: () => go(-1) }, '◀'), play,
      h('button', { 'aria-label': 'Next move', onclick: () => go(1) }, '▷'),
      h('button', { 'aria-label': 'Last move', onclick: () => { scrub.value = steps.length - 1; show(); } }, '▶|'))),
    h('p', {}, `Result: ${JSON.stringify(data.outcome?.scores ?? sum.scores)}`), h('p', {}, h('a', { href: '#/' }, 'Lobby')));
  cleanup = () => { if (timer) clearInterval(timer); };
  show();
}

// ------------------------------------------------------------------ start
window.addEventListener('hashchange', route);
if (document.readyState === 'loading') window.addEventListener('DOMContentLoaded', route);
else route();
