// The page of a game played or watched (#/game/ID, #/watch/ID): first drawn from
// GET /api/games/ID, then live over its WebSocket; the game's look draws the board and
// its panel; the status, clock, scores, log, Resign, Confirm, hints, the bots' pace and,
// once over, the end panel with Rematch.
import { h } from './board.js';
import { api, registry, gameOf, loadMe } from './api.js';
import { tokensOf, saveTokens } from './saved.js';
import { rulesHelp, joinHelp } from './help.js';
import { renderer, generic } from './looks.js';
import { winnersOf, endPanel, endLine } from './ending.js';
import { gameLayout, drawScores, drawLog } from './table.js';
import { ratedBadge, ratedChanges } from './arena.js';
import { onLeave } from './page.js';
import { holder, confirmWanted, rememberConfirm } from './held.js';
import { soundOfState } from './sound.js';
import { arrive } from './motion.js';
import { t, words } from './i18n.js';
import { timeLeft, perMove, readInbox, shareLink } from './inbox.js';
import { dealBox } from './deal.js';
import { watchingBox } from './watching.js';
import { clockFaces } from './clockface.js';
import { chatBox } from './chat.js';

/** Whether a line of the log flashes over the board: a bonus, a penalty, an ejection. */
function flashes(msg) {
  const a = msg?.args || {};
  return Number(a.qs) > 0 || Number(a.hexagons) > 0 || a.bridge === 'yes' || a.finished === 'yes'
    || /no-placement|ejected/.test(msg?.id || '');
}

/**
 * The seats of game `id` this browser plays: those it kept; else, for a signed-in person, the
 * account's own seat (a turn-based game's, from the inbox; a rated game's, from the Arena's
 * matches), kept from now on: the page opened cold in another browser (a bookmark, the
 * reminder email's link) plays as the one it was opened from.
 */
async function seatsOf(id) {
  const kept = tokensOf(id);
  if (kept.length) return kept;
  const me = await loadMe();
  if (me?.kind !== 'person') return [];
  const [box, queue] = await Promise.all([api('/api/turns').catch(() => null), api('/api/arena/queue').catch(() => null)]);
  const turn = (box?.games ?? []).find((g) => String(g.id) === String(id));
  const match = (queue?.matched ?? []).find((tk) => String(tk.game_id) === String(id));
  const found = turn ? [[turn.seat, turn.token]] : match?.token ? [[match.seat ?? 0, match.token]] : [];
  saveTokens(id, found);
  return found;
}

export function gamePage(id, watch) {
  let tokens = watch ? [] : tokensOf(id);
  // several people's seats in one browser (hotseat): follow the one to move
  let token = tokens.length ? tokens[0][1] : null;
  document.title = t(watch || !token ? 'title-watching' : 'title-playing', { id: String(id) });
  const { board, ui, useBoard, fitButton } = gameLayout();
  const local = {}; // the renderer's UI state kept across updates (selection, rotation, pending tiles)
  let seenLog = null, flashTimer = null, R = null, reg = null;
  let saved = null;
  try { saved = JSON.parse(sessionStorage.getItem('tessera.pending.' + id) || 'null'); } catch { saved = null; }
  let ws = null, closed = false, last = null, retry = 500;
  // what moves would score (`{"preview": MOVE}`), asked once each, for the position shown
  const previews = new Map();
  const preview = (mv) => {
    const key = JSON.stringify(mv);
    if (!previews.has(key) && ws && ws.readyState === 1) { previews.set(key, null); ws.send(JSON.stringify({ preview: mv })); }
    return previews.get(key) ?? null;
  };
  // a rated game (the Arena's): a badge, and the rating changes at its end
  let rated = false, stopRated = () => {};
  const badge = ratedBadge();
  badge.hidden = true;
  const speed = h('input', { type: 'range', id: 'speed', min: 0, max: 2000, step: 50, 'aria-label': t('speed-label') });
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
  // a live table's seat for a friend: its link, while the table waits (this browser made it)
  const linkBox = h('div', { id: 'link-box', hidden: true });
  const madeLink = localStorage.getItem('tessera.link.' + id);
  const endBox = ui.end;
  const clockLine = h('p', { id: 'clock', class: 'clock', hidden: true });
  const helpBox = h('div', { id: 'help-box' });
  // resigning: asked, then confirmed (nothing is sent on a single click)
  const resignBox = h('div', { id: 'resign-box', hidden: true });
  const resignAsk = () => resignBox.replaceChildren(h('button', { id: 'resign', onclick: resignConfirm }, t('resign')));
  const resignConfirm = () => resignBox.replaceChildren(h('span', {}, t('resign-ask') + ' '),
    h('button', { id: 'resign-yes', class: 'danger', onclick: resignNow }, t('resign-yes')), ' ',
    h('button', { id: 'resign-no', onclick: resignAsk }, t('resign-no')));
  const resignNow = async () => {
    try { await api(`/api/games/${id}/resign`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) }); } catch (e) { ui.error.textContent = t('cannot-resign', { why: e.message }); }
    resignAsk();
  };
  resignAsk();
  /** A rematch: the same settings, the seats rotated; every seat of this browser goes along. */
  const rematch = async (btn) => {
    btn.disabled = true;
    try {
      const mine = [];
      let to = null;
      for (const [, tok] of tokens) {
        const r = await api(`/api/games/${id}/rematch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: tok }) });
        mine.push([r.seat, r.token]);
        to = r.id;
      }
      saveTokens(to, mine.sort((a, b) => a[0] - b[0]));
      location.hash = `#/game/${to}`;
    } catch (e) { ui.error.textContent = t('cannot-rematch', { why: e.message }); btn.disabled = false; }
  };
  // a placement held for a confirmation (games whose registry says `confirm`, when the
  // person asks for it, as a touch screen does by default): nothing is sent until Confirm
  // (or a second tap on the same spot); Take back forgets it. The board shows it.
  const confirmOn = h('input', { type: 'checkbox', id: 'confirm-moves', checked: confirmWanted() });
  confirmOn.addEventListener('change', () => { rememberConfirm(confirmOn.checked); if (!confirmOn.checked) takeBack(); });
  const confirmPref = h('p', { id: 'confirm-pref', hidden: true }, h('label', {}, confirmOn, ' ' + t('confirm-pref')));
  const held = holder(() => render(), (mv, hints) => R?.moveWords?.(mv, hints));
  const confirmBox = held.box;
  const takeBack = () => { if (held.move !== null) { held.clear(); render(); } };
  // a hint (off unless the person turns it on; only against bots, never rated): the
  // strongest level's move, held like a placement to confirm; the record notes each use
  const hintsOn = h('input', { type: 'checkbox', id: 'hints-on', checked: localStorage.getItem('tessera.hints') === 'on' });
  const hintButton = h('button', { id: 'hint', hidden: true }, t('hint'));
  hintsOn.addEventListener('change', () => { localStorage.setItem('tessera.hints', hintsOn.checked ? 'on' : 'off'); render(); });
  const hintPref = h('p', { id: 'hint-pref', hidden: true }, h('label', { title: t('hints-about') }, hintsOn, ' ' + t('hints-allow')), ' ', hintButton);
  let hintSend = null;
  hintButton.addEventListener('click', async () => {
    const m = last;
    hintButton.disabled = true;
    try {
      const r = await api(`/api/games/${id}/hint`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
      // the level that suggests it, as the seat menu names it (never its engine's spec)
      const level = /^level:(\d+)$/.exec(String(r.by ?? ''));
      const by = level ? t('level-n', { n: Number(level[1]) }) : String(r.by ?? '');
      if (last === m && hintSend) held.hold(r.move, { version: m.version, hints: m.hints, play: hintSend, label: t('hint-from', { by }), verb: t('play-it') });
    } catch (e) { ui.error.textContent = t('no-hint', { why: e.message }); }
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
    const rule = gameOf(reg, m.game)?.out_of_time;
    clockLine.hidden = false;
    // a turn-based game counts days and hours, a live one seconds
    clockLine.textContent = t(m.to_move === m.seat ? 'clock-you' : 'clock-other', {
      who: m.players[m.to_move]?.name ?? '?',
      left: m.days ? timeLeft(left * 1000) : t('span-seconds', { s: left }),
      per: m.days ? perMove(m.days) : t('per-move', { clock: `${m.clock_ms / 1000} s` }),
      rule: rule ? words(rule) : t('out-of-time-first-move'),
    });
    clockLine.classList.toggle('low', m.days ? left <= 3600 : left <= 10);
  };
  const clockTimer = setInterval(tick, 1000);
  // a clock of the game: each person's face, ticking for the one to move
  const faces = clockFaces();
  const faceTimer = setInterval(faces.tick, 250);
  const pace = h('div', { class: 'speed', hidden: true }, h('label', { for: 'speed' }, t('bot-speed') + ' ', speedLabel), speed);
  ui.status.before(badge);
  ui.status.after(clockLine);
  clockLine.after(faces.el);
  // how many watch (everyone at the table sees it), the names on a click
  const watching = watchingBox();
  faces.el.after(watching.el);
  ui.dock.before(confirmBox);
  ui.dock.before(linkBox);
  // the commitment to the deal, from the start; the seed and salt, checked, at the end
  const deal = dealBox();
  // the table's chat: the players' room for a player, the spectators' for a spectator
  const chat = chatBox();
  const chatSend = (obj) => { if (ws && ws.readyState === 1) ws.send(JSON.stringify(obj)); };
  let chatReady = false;
  ui.extra.append(chat.el, resignBox, confirmPref, hintPref, join, ejected, pace, helpBox, deal.el,
    h('p', {}, h('a', { href: `#/watch/${id}` }, t('spectator-view')), ' · ', h('a', { href: '#/' }, t('nav-lobby'))));

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
    linkBox.hidden = !(madeLink && m.status === 'waiting');
    if (!linkBox.hidden && !linkBox.childElementCount) linkBox.append(h('p', { id: 'link-waiting' }, t('join-waiting'), shareLink({ link: madeLink }, t('join-share'))));
    const players = m.players.map((p) => (p.kind === 'invited' ? { ...p, name: t('seat-invited') } : p));
    drawScores(ui, players, m.scores, m.to_move, m.seat, m.over ? winnersOf(m.result, m.outcome) : []);
    drawLog(ui, m.log);
    if (!helpBox.childElementCount && reg) helpBox.append(rulesHelp(gameOf(reg, m.game), m.rules));
    deal.update(m.deal);
    resignBox.hidden = !(mine && m.status === 'running' && !m.over);
    const canConfirm = !!(mine && !m.over && gameOf(reg, m.game)?.confirm);
    confirmPref.hidden = !canConfirm;
    // hints: a person against bots only, not rated, in a game with house levels
    const againstBots = mine && m.players.every((p, i) => i === m.seat || p.kind === 'bot' || p.bot);
    hintPref.hidden = !(againstBots && !rated && !m.over && gameOf(reg, m.game)?.levels?.length);
    hintButton.hidden = !hintsOn.checked || m.to_move !== m.seat;
    // a held placement lapses with the turn
    if (held.move !== null && !(m.to_move === m.seat && !m.over && m.version === held.version)) held.clear();
    if (m.clock_ms && m.turn_ms !== null && m.turn_ms !== undefined && !m.over) clockEnds = Date.now() + m.clock_ms - m.turn_ms;
    tick();
    faces.update(m);
    // bonuses and penalties flash as they happen (not the old ones on loading)
    const newest = m.log.length ? m.log[m.log.length - 1][0] : 0;
    // (the newest one only, whole: the log has them all; none once the game is over, when
    // the end panel says how it ended)
    if (m.over) { clearTimeout(flashTimer); ui.flash.hidden = true; } else if (seenLog !== null) {
      const fresh = m.log.filter(([n, msg]) => n > seenLog && flashes(msg));
      if (fresh.length) {
        ui.flash.textContent = words(fresh[fresh.length - 1][1]);
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
      typeof e === 'string' ? t('was-ejected', { who: e }) : t('was-ejected-why', { who: e.name, call: e.call, reason: e.reason }))));
    let status;
    if (m.over) {
      status = endLine(m.status, m.players, m.outcome, m.result);
      if (!endBox.childElementCount) {
        const buttons = [];
        // a rated game is played again through the Arena's queue (a rematch would be unrated)
        if (!watch && tokens.length && rated) buttons.push(h('a', { id: 'play-rated-again', class: 'button', role: 'button', href: '#/arena' }, t('play-rated-again')));
        else if (!watch && tokens.length) buttons.push(h('button', { id: 'rematch', class: 'primary', title: t('rematch-about'), onclick: (ev) => rematch(ev.currentTarget) }, t('rematch')));
        buttons.push(h('a', { id: 'new-game-after', class: 'button', role: 'button', href: `#/new/${m.game}` }, t('nav-new')));
        buttons.push(h('a', { id: 'replay-link', href: `#/replay/${id}` }, t('replay-this')));
        endBox.append(endPanel(m.players, m.status, m.result, m.outcome, m.end, m.scores, buttons));
        // a rated game: each rated seat's change of rating, once the server has it
        if (rated) { const box = h('div', { id: 'rated-box' }); endBox.querySelector('#winner').after(box); stopRated = ratedChanges(box, id); }
      }
    } else if (m.status === 'waiting' && open) status = t('waiting-programs', { open });
    else if (m.status === 'waiting') status = t('waiting-friend');
    else if (mine && m.to_move === m.seat) status = t('your-turn');
    else {
      const p = m.players[m.to_move];
      status = t(p?.bot ? 'bot-thinking' : 'to-move', { who: p?.name ?? '?', spectating: mine ? 'no' : 'yes' });
    }
    ui.status.textContent = status;
    useBoard(R.board !== false);
    // once over, the end of the game takes the dock's place
    ui.dockwrap.hidden = !!m.over;
    if (!m.public) { ui.panel.replaceChildren(); ui.dock.replaceChildren(); ui.area.replaceChildren(); return; }
    const sendNow = (mv) => {
      ui.error.textContent = '';
      moveWanted = { token, text: JSON.stringify({ move: mv }) };
      sendMove();
    };
    hintSend = sendNow;
    // a placement (not a draw, a pass or an exchange) waits for Confirm when asked
    const send = (mv) => {
      // the held placement tapped again: it goes
      if (held.holds(mv)) { held.clear(); sendNow(mv); return; }
      if (canConfirm && confirmOn.checked && !['draw', 'pass', 'replace'].includes(mv)) held.hold(mv, { version: m.version, hints: m.hints, play: sendNow });
      else sendNow(mv);
    };
    const ctx = {
      board, area: ui.area, panel: ui.panel, dock: ui.dock, held: held.move, public: m.public, view: m.view, legal: m.legal || [], hints: m.hints,
      // the public view before the last move (the server's, so a page opened after the
      // move shows it too); when the server has none, the renderer keeps its own
      prev: m.last?.before ?? undefined,
      mode: mine ? 'play' : 'watch', myTurn: mine && m.to_move === m.seat && !m.over, over: !!m.over,
      send, preview, local, players: m.players, seat: m.seat, error: (why) => { ui.error.textContent = why; }, rerender: render,
    };
    try {
      R.render(ctx);
    } catch (e) {
      if (R === generic) throw e;
      console.error(e);
      ui.error.textContent = t('view-failed', { game: m.game, why: e.message });
      R = generic; render(); return;
    }
    arrive(board.layer, local, m.version);
    if (m.over) {
      // nobody is waited for any more (the renderers say so while the game goes on)
      for (const el of [...ui.panel.querySelectorAll('p, span, div'), ...ui.dock.querySelectorAll('p, span, div')]) {
        if (!el.children.length && el.textContent === t('waiting-others')) el.textContent = t('game-is-over');
      }
    }
    if (mine) sessionStorage.setItem('tessera.pending.' + id, JSON.stringify({ version: m.version, seat: m.seat, pending: local.pending || [] }));
  };
  fitButton.addEventListener('click', () => { board.fit(); render(); });

  const connect = () => {
    if (closed) return;
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws` + (token ? `?token=${encodeURIComponent(token)}` : ''));
    ws.onopen = () => { retry = 500; sendDelay(); sendMove(); watching.opened((text) => { if (ws && ws.readyState === 1) ws.send(text); }); };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'error') { ui.error.textContent = t('refused', { why: m.message ? words(m.message) : m.error }); return; }
      if (m.type === 'preview') { previews.set(JSON.stringify(m.move), m); render(); return; }
      if (m.type === 'watching') { watching.message(m); return; }
      if (m.type === 'chat') { chat.heard(m.lines); return; }
      if (m.type === 'reported') { chat.reported(m.n); return; }
      if (m.type === 'state') {
        if (last && last.version !== m.version) { local.pending = []; previews.clear(); }
        // a turn-based game's move: the tab's count and the inbox change now, not at the
        // next read
        if (m.days && last && (last.version !== m.version || last.to_move !== m.to_move)) setTimeout(readInbox, 200);
        soundOfState(last, m);
        last = m; render();
        if (!chatReady && !m.over) {
          chatReady = true;
          const player = m.seat !== null && m.seat !== undefined;
          loadMe().then((me) => chat.setup({ player, seat: m.seat, me: me?.name ?? null, send: chatSend })).catch(() => chat.setup({ player, seat: m.seat, me: null, send: chatSend }));
        }
        const next = tokens.find(([seat]) => seat === m.to_move);
        if (next && next[1] !== token && !m.over) { token = next[1]; ws.onclose = null; ws.close(); connect(); }
      }
    };
    // an ended game's socket sends the final state and closes: nothing to come back for
    ws.onclose = () => { if (!closed && !last?.over) { setTimeout(connect, retry); retry = Math.min(retry * 2, 5000); } };
  };
  // first paint over HTTP (so a 404 is shown), then live over the WebSocket
  // (the seat's token first: a page opened cold may find it through the account)
  (watch ? Promise.resolve(tokens) : seatsOf(id))
    .then((seats) => {
      if (!token && seats.length) { tokens = seats; token = seats[0][1]; }
      const q = token ? `?token=${encodeURIComponent(token)}` : '';
      return Promise.all([api(`/api/games/${id}${q}`), registry().catch(() => null)]);
    })
    .then(async ([m, r]) => {
      reg = r;
      // (a seat found through the account is known by its token: its number is the state's)
      if (tokens.length === 1 && Number.isInteger(m.seat) && tokens[0][0] !== m.seat) { tokens = [[m.seat, token]]; saveTokens(id, tokens); }
      R = await renderer(m.game);
      if (closed) return;
      document.title = t(m.seat === null ? 'title-game-watching' : 'title-game', { game: m.title ?? m.game, id: String(id) });
      last = m; render();
      if (!m.over) connect();
    })
    .catch((e) => { ui.status.textContent = t('game-failed', { id: String(id), why: e.message }); ui.extra.append(h('p', {}, h('a', { href: `#/replay/${id}` }, t('try-replay')))); });
  onLeave(() => { closed = true; clearInterval(clockTimer); clearInterval(faceTimer); stopRated(); if (ws) ws.close(); });
}
