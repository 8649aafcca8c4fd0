// Turn-based games for a signed-in person (docs/web.md, "Turn-based games"): the "Your
// turn" inbox (#/turns) with its invitations (a game that names other accounts waits for
// each of them to accept it: Accept and Decline for those asked, Withdraw for its maker),
// the header's link with the count, the tab's title "(2) Tessera" and a badge on its icon,
// browser notifications of a turn newly waiting and of a new invitation (asked for by a
// click, never assumed), and the account's email address for reminders.
//
// Every game waiting and every invitation comes from GET /api/turns (read every POLL_MS,
// and at once when the page comes back into view); a game's token is the account's
// seat's, kept like any seat's (saved.js), so the play page plays it as any other.
import { h, put } from './board.js';
import { api, json, session, registry, gameOf, loadMe } from './api.js';
import { saveTokens } from './saved.js';
import { main, onLeave } from './page.js';
import { t, words, andList } from './i18n.js';
import { optionWords } from './help.js';
import { notify } from './installable.js';
import { openMatch } from './arena.js';

/** How often the inbox is read while a page is open. */
export const POLL_MS = 15000;

// ------------------------------------------------------------------ time
/** A span of milliseconds in words: "2 days 3 h", "5 h 20 min", "12 min", "40 s". */
export function timeLeft(ms) {
  const min = Math.floor(Math.max(0, ms) / 60000);
  const d = Math.floor(min / 1440), hr = Math.floor(min / 60) % 24, m = min % 60;
  if (d) return t('span-days', { d, h: hr });
  if (hr) return t('span-hours', { h: hr, m });
  return m ? t('span-minutes', { m }) : t('span-seconds', { s: Math.ceil(Math.max(0, ms) / 1000) });
}

/** Days per move in words: "1 day per move". */
export const perMove = (days) => t('per-move-days', { days });

// ------------------------------------------------------------------ the inbox, read
let inbox = null; // the last answer of GET /api/turns
let skew = 0; // the server's clock minus this browser's
let timer = null;
const seen = new Set(); // `${id}:${since}` of every turn waiting that was shown or notified
let first = true;
const listeners = new Set();

/** Runs `f(inbox)` after each read of the inbox (until the returned function is called). */
export function onInbox(f) { listeners.add(f); if (inbox) f(inbox); return () => listeners.delete(f); }

/** Reads the inbox now (nothing for a guest or a bot account). */
export async function readInbox() {
  if (!session.me || session.me.kind !== 'person') { inbox = null; show(); return null; }
  // the games waiting when the inbox is first read (this page, this sign-in) are not news
  if (!inbox) first = true;
  try {
    // the turn-based games and invitations, and the live challenges sent to this account
    const [box, ch] = await Promise.all([api('/api/turns'), api('/api/challenges').catch(() => null)]);
    skew = box.now - Date.now();
    box.challenges = (ch?.incoming ?? []).filter((c) => c.state === 'waiting');
    inbox = box;
  } catch (e) {
    console.info(`the inbox: ${e.message}`);
    if (e.status === 401) inbox = null;
  }
  show();
  notifyNew();
  return inbox;
}

/** Starts reading the inbox every POLL_MS and whenever the page comes back into view. */
export function startInbox() {
  clearInterval(timer);
  timer = setInterval(readInbox, POLL_MS);
  if (!startInbox.hooked) {
    startInbox.hooked = true;
    document.addEventListener('visibilitychange', () => { if (!document.hidden) readInbox(); });
    window.addEventListener('focus', readInbox);
    window.addEventListener('hashchange', () => setTimeout(readInbox, 300));
  }
  readInbox();
}

const waitingGames = () => (inbox?.games ?? []).filter((g) => g.your_turn);
/** The invitations waiting for this account's answer. */
const askedInvitations = () => (inbox?.invitations ?? []).filter((i) => i.answer === 'waiting');
/** What waits for this account: games at its turn, invitations and challenges to answer. */
const waitingCount = () => waitingGames().length + askedInvitations().length + (inbox?.challenges?.length ?? 0);

// ------------------------------------------------------------------ title, icon, header
const BASE_TITLE = /^\(\d+\) /;
let titleObserver = null;

/** The tab's title with the count first ("(2) Tessera — lobby"), whatever page set it. */
function countInTitle(n) {
  const bare = document.title.replace(BASE_TITLE, '');
  const want = n ? `(${n}) ${bare}` : bare;
  if (document.title !== want) document.title = want;
  if (!titleObserver) {
    // a page that sets its own title gets the count put back in front
    titleObserver = new MutationObserver(() => countInTitle(waitingCount()));
    const el = document.querySelector('title');
    if (el) titleObserver.observe(el, { childList: true, characterData: true, subtree: true });
  }
}

/** The tab's icon: a tile, with a red badge and the count when games wait. */
function icon(n) {
  const c = document.createElement('canvas');
  c.width = c.height = 64;
  const g = c.getContext('2d');
  if (!g) return;
  g.fillStyle = '#2f6f4f';
  g.beginPath(); g.moveTo(32, 4); g.lineTo(60, 54); g.lineTo(4, 54); g.closePath(); g.fill();
  if (n) {
    g.fillStyle = '#d12f2f';
    g.beginPath(); g.arc(44, 20, 19, 0, 2 * Math.PI); g.fill();
    g.fillStyle = '#fff';
    g.font = 'bold 26px sans-serif'; g.textAlign = 'center'; g.textBaseline = 'middle';
    g.fillText(n > 9 ? '9+' : String(n), 44, 21);
  }
  let link = document.querySelector('link[rel="icon"]');
  if (!link) { link = document.createElement('link'); link.rel = 'icon'; document.head.append(link); }
  link.href = c.toDataURL('image/png');
  link.dataset.count = String(n);
}

/** The header's "Your turn" link, with the count. */
function navLink(n) {
  const nav = document.getElementById('main-nav');
  if (!nav) return;
  let a = document.getElementById('nav-turns');
  if (!inbox) { a?.remove(); return; }
  if (!a) {
    a = h('a', { href: '#/turns', id: 'nav-turns' }, t('nav-turns'), h('span', { class: 'badge count', id: 'turns-count' }));
    nav.append(a);
  }
  const badge = a.querySelector('#turns-count');
  badge.textContent = String(n);
  badge.hidden = !n;
  a.setAttribute('aria-label', t('nav-turns-label', { n }));
}

function show() {
  const n = waitingCount();
  countInTitle(n);
  icon(n);
  navLink(n);
  for (const f of listeners) f(inbox);
}

// ------------------------------------------------------------------ notifications
const canNotify = () => typeof Notification === 'function';

/** A notification for each turn newly waiting, each new invitation and each new challenge
 * (none for those waiting when the page opened). */
function notifyNew() {
  const now = waitingGames();
  const fresh = now.filter((g) => !seen.has(`${g.id}:${g.since}`));
  for (const g of now) seen.add(`${g.id}:${g.since}`);
  const asked = askedInvitations();
  const freshAsked = asked.filter((i) => !seen.has(`invitation:${i.id}`));
  for (const i of asked) seen.add(`invitation:${i.id}`);
  const challenges = inbox?.challenges ?? [];
  const freshChallenges = challenges.filter((c) => !seen.has(`challenge:${c.id}`));
  for (const c of challenges) seen.add(`challenge:${c.id}`);
  if (first) { first = false; return; }
  if (!canNotify() || Notification.permission !== 'granted') return;
  for (const c of freshChallenges) {
    notify(t('challenge-notify-title', { by: c.from.name, game: c.title }), {
      body: t('challenge-notify-body', { rated: c.rated ? 'yes' : 'no' }),
      tag: `tessera-challenge-${c.id}`,
    }, '#/turns');
  }
  for (const i of freshAsked) {
    notify(t('invitation-notify-title', { by: i.by, game: i.title }), {
      body: t('invitation-notify-body', { per: perMove(i.days) }),
      tag: `tessera-invitation-${i.id}`,
    }, '#/turns');
  }
  if (!canNotify() || Notification.permission !== 'granted') return;
  for (const g of fresh) {
    // the page of that very game, in view, says it already
    if (!document.hidden && location.hash === `#/game/${g.id}`) continue;
    // (the seat's token kept now: a click on it may come through the service worker)
    saveTokens(g.id, [[g.seat, g.token]]);
    notify(t('turns-notify-title', { game: g.title, id: String(g.id) }), {
      body: t('turns-notify-body', { others: g.players.filter((_, i) => i !== g.seat).join(', '), left: timeLeft(g.deadline - (Date.now() + skew)), per: perMove(g.days) }),
      tag: `tessera-turn-${g.id}`,
    }, `#/game/${g.id}`);
  }
}

/** The control that asks for notifications (a click: the browser asks the person). */
function notifyControl() {
  const box = h('p', { id: 'notify-box' });
  const draw = () => {
    if (!canNotify()) { put(box, h('span', { class: 'hint' }, t('notify-none'))); return; }
    const p = Notification.permission;
    if (p === 'granted') put(box, h('span', { id: 'notify-on' }, t('notify-on')));
    else if (p === 'denied') put(box, h('span', { class: 'hint', id: 'notify-denied' }, t('notify-denied')));
    else {
      put(box, h('button', { id: 'notify', onclick: async () => { await Notification.requestPermission(); draw(); } }, t('notify-ask')),
        ' ', h('span', { class: 'hint' }, t('notify-ask-hint')));
    }
  };
  draw();
  return box;
}

// ------------------------------------------------------------------ the page
/** Opens game `g` of the inbox: its seat's token kept, then its page. */
function open(g) {
  saveTokens(g.id, [[g.seat, g.token]]);
  location.hash = `#/game/${g.id}`;
}

function gameRow(g) {
  const left = g.deadline ? g.deadline - (Date.now() + skew) : null;
  const others = g.players.filter((_, i) => i !== g.seat).join(', ');
  const link = h('a', { href: `#/game/${g.id}`, class: 'open-game', onclick: (e) => { e.preventDefault(); open(g); } }, `${g.title} #${g.id}`);
  return h('li', { 'data-game': g.id, class: g.your_turn ? 'turn mine' : 'turn' },
    link, ' ', t('turns-row', { others: others || 'none', per: perMove(g.days) }), ' ',
    g.your_turn ? h('strong', { class: 'left' }, left === null ? t('turns-yours') : t('turns-left', { left: timeLeft(left) }))
      : h('span', { class: 'left' }, g.to_move ? t('turns-to-move', { who: g.to_move, left: left === null ? 'none' : timeLeft(left) }) : t('turns-starting')));
}

// ------------------------------------------------------------------ invitations
/** The rule options of invitation `i` that differ from the game's defaults, in words. */
export function rulesOf(i, reg) {
  const info = gameOf(reg, i.game);
  if (!info || !i.options) return [];
  return info.options
    .filter((o) => i.options[o.key] !== undefined && i.options[o.key] !== null && JSON.stringify(i.options[o.key]) !== JSON.stringify(o.default))
    .map((o) => `${words(o.label)}: ${optionWords(o, i.options[o.key])}`);
}

/** Answers invitation `i` (`accept`, `decline`, `withdraw`): an accepted one whose game
 * starts opens it; otherwise the inbox is read again. */
async function answerInvitation(i, how, err) {
  err.textContent = '';
  try {
    const r = await api(`/api/invitations/${i.id}/${how}`, json('POST', {}));
    if (r.id && r.tokens) { open({ id: r.id, seat: r.tokens[0][0], token: r.tokens[0][1] }); return; }
  } catch (e) { err.textContent = e.message; }
  readInbox();
}

/** A live challenge sent to this account: who, to what; Accept opens the game at once,
 * Decline says no (docs/arena.md, "Challenges"). */
function challengeRow(c, reg) {
  const err = h('span', { class: 'error', role: 'alert' });
  const answer = async (how) => {
    err.textContent = '';
    try {
      const r = await api(`/api/challenges/${c.id}/${how}`, json('POST', {}));
      if (r.game_id && r.token) { await openMatch(r.game_id, r.token); return; }
    } catch (e) { err.textContent = e.message; }
    readInbox();
  };
  const button = (how) => h('button', { class: how === 'accept' ? 'accept primary' : how, type: 'button', onclick: () => answer(how) }, t(`challenge-${how}`));
  const rules = rulesOf(c, reg);
  const details = [t(c.rated ? 'challenge-is-rated' : 'challenge-is-unrated'), c.clock_s ? t('challenge-clock', { seconds: c.clock_s }) : null, c.time_control ? t('time-control', { tc: c.time_control }) : null, rules.length ? t('invitation-rules', { rules: rules.join(', ') }) : null].filter(Boolean).join(' · ');
  return h('li', { 'data-challenge': c.id, class: 'invitation mine' },
    h('strong', {}, t('challenge-from', { by: c.from.name, game: c.title })),
    h('br'), h('span', { class: 'hint' }, details),
    h('br'), t('invitation-expires', { left: timeLeft(c.expires_in_ms ?? 0) }), ' ',
    h('span', { class: 'answers' }, button('accept'), ' ', button('decline')), ' ', err);
}

/** The name of a seat of invitation `i`: a seat for the link not yet taken says so. */
const seatName = (s) => (s.link && !s.accepted ? t('seat-link-name') : s.name);

/** The link of an invitation with seats for whoever has it: shown to its maker, with Copy. */
export function shareLink(i, label = t('invitation-link-share')) {
  const url = `${location.origin}${location.pathname}${i.link}`;
  const field = h('input', { class: 'invite-link', type: 'text', readonly: '', value: url, 'aria-label': label });
  const copy = h('button', { type: 'button', class: 'copy-link' }, t('invitation-link-copy'));
  copy.addEventListener('click', async () => {
    field.select();
    try { await navigator.clipboard.writeText(url); } catch { document.execCommand?.('copy'); }
    copy.textContent = t('invitation-link-copied');
  });
  return h('span', { class: 'share' }, h('br'), label, ' ', field, ' ', copy);
}

function invitationRow(i, reg) {
  const names = (list) => andList(list);
  const invited = i.seats.filter((s) => s.invited).map(seatName);
  const seats = i.seats.map(seatName).join(', ');
  const waitingFor = [...i.waiting_for, ...i.seats.filter((s) => s.link && !s.accepted).map(() => t('seat-link-name'))];
  const left = i.expires - (Date.now() + skew);
  const err = h('span', { class: 'error', role: 'alert' });
  const button = (how, label) => h('button', { class: how === 'accept' ? 'accept primary' : how, type: 'button', onclick: () => answerInvitation(i, how, err) }, t(label));
  // the buttons stay together (on a phone, on a line of their own)
  const answers = (...b) => h('span', { class: 'answers' }, b);
  const rules = rulesOf(i, reg);
  let status;
  if (i.state === 'declined') status = [h('strong', { class: 'state' }, t('invitation-declined'))];
  else if (i.state === 'expired') status = [h('strong', { class: 'state' }, t('invitation-expired'))];
  else if (i.mine) status = [t('invitation-waiting-for', { names: names(waitingFor) }), ' · ', t('invitation-expires', { left: timeLeft(left) }), ' ', answers(button('withdraw', 'invitation-withdraw')), i.link ? shareLink(i) : null];
  else if (i.answer === 'accepted') status = [t('invitation-you-accepted', { names: names(i.waiting_for) }), ' ', answers(button('decline', 'invitation-decline'))];
  else status = [t('invitation-expires', { left: timeLeft(left) }), ' ', answers(button('accept', 'invitation-accept'), ' ', button('decline', 'invitation-decline'))];
  return h('li', { 'data-invitation': i.id, class: i.answer === 'waiting' ? 'invitation mine' : 'invitation' },
    h('strong', {}, i.mine ? t('invitation-yours', { names: names(invited), game: i.title }) : t('invitation-from', { by: i.by, game: i.title })),
    h('br'), h('span', { class: 'hint' }, t('invitation-details', { per: perMove(i.days), seats }), rules.length ? [' · ', t('invitation-rules', { rules: rules.join(', ') })] : null),
    h('br'), status, ' ', err);
}

/** #/invite/ID/CODE: an invitation with a seat for whoever has its link, as that link
 * shows it: who invites, to what; Accept (a signed-in person), or log in first (and come
 * back here). Accepting takes the seat: the game starts once every seat accepted. */
export async function invitePage(id, code) {
  document.title = t('title-page', { page: t('invite-title') });
  const here = location.hash;
  const path = `/api/invitations/${encodeURIComponent(id)}/link/${encodeURIComponent(code ?? '')}`;
  put(main, h('h2', { text: t('invite-title') }), h('p', { text: t('loading') }));
  let inv, reg;
  try {
    [inv, reg] = await Promise.all([api(path), registry().catch(() => null), loadMe()]);
  } catch (e) {
    if (location.hash !== here) return;
    put(main, h('h2', { text: t('invite-title') }), h('p', { class: 'error', role: 'alert', id: 'invite-gone' }, t('invite-gone')));
    return;
  }
  if (location.hash !== here) return;
  const err = h('p', { class: 'error', role: 'alert' });
  const rules = rulesOf(inv, reg);
  let action;
  if (!inv.free) action = h('p', { id: 'invite-full' }, t('invite-full'));
  else if (!session.me) {
    const next = encodeURIComponent(here);
    action = h('p', {}, h('a', { href: `#/login?next=${next}`, id: 'invite-log-in' }, t('invite-log-in')), t('invite-log-in-why'));
  } else {
    const accept = h('button', { type: 'button', class: 'primary', id: 'invite-accept' }, t('invite-accept'));
    accept.addEventListener('click', async () => {
      err.textContent = '';
      accept.disabled = true;
      try {
        const r = await api(path, json('POST', {}));
        if (r.id && r.tokens) { open({ id: r.id, seat: r.tokens[0][0], token: r.tokens[0][1] }); return; }
        location.hash = '#/turns';
      } catch (e) { err.textContent = e.message; accept.disabled = false; }
    });
    action = h('p', {}, accept);
  }
  put(main, h('h2', { text: t('invite-title') }),
    h('p', { id: 'invite-by' }, h('strong', {}, t('invite-by', { by: inv.by, game: inv.title }))),
    h('p', { class: 'hint' }, t('invitation-details', { per: perMove(inv.days), seats: inv.seats.map(seatName).join(', ') }), rules.length ? [' · ', t('invitation-rules', { rules: rules.join(', ') })] : null),
    action, err);
}

/** #/turns: the invitations, and every turn-based game of the account, those waiting for
 * it first. */
export async function turnsPage() {
  document.title = t('title-page', { page: t('nav-turns') });
  // a page opened cold at #/turns: the session is read first (else it reads as a guest's)
  const here = location.hash;
  await loadMe();
  if (location.hash !== here) return;
  if (!session.me) {
    put(main, h('h2', { text: t('nav-turns') }), h('p', {}, h('a', { href: '#/login?next=%23%2Fturns' }, t('turns-log-in')), ' ', t('turns-log-in-why')));
    return;
  }
  const mine = h('ul', { id: 'turns-mine', class: 'turns' });
  const theirs = h('ul', { id: 'turns-theirs', class: 'turns' });
  const head = h('h3', { id: 'turns-head' });
  const invitations = h('ul', { id: 'invitations', class: 'turns' });
  const invitationsHead = h('h3', { id: 'invitations-head', text: t('invitations-title') });
  let reg = null;
  registry().then((r) => { reg = r; draw(inbox); }).catch(() => {});
  const challenges = h('ul', { id: 'challenges', class: 'turns' });
  const challengesHead = h('h3', { id: 'challenges-head', text: t('challenges-title') });
  const draw = (box) => {
    const live = box?.challenges ?? [];
    put(challenges, live.map((c) => challengeRow(c, reg)));
    challenges.hidden = challengesHead.hidden = !live.length;
    const asked = box?.invitations ?? [];
    put(invitations, asked.map((i) => invitationRow(i, reg)));
    invitations.hidden = invitationsHead.hidden = !asked.length;
    const games = box?.games ?? [];
    const waiting = games.filter((g) => g.your_turn);
    head.textContent = t('turns-waiting', { n: waiting.length });
    put(mine, waiting.map(gameRow));
    put(theirs, games.filter((g) => !g.your_turn).map(gameRow));
    theirs.previousElementSibling.hidden = !theirs.childElementCount;
  };
  put(main, h('h2', { text: t('nav-turns') }),
    h('p', { class: 'hint' }, t('turns-about-1'), ' ', h('a', { href: '#/new' }, t('nav-new')), t('turns-about-2')),
    challengesHead, challenges,
    invitationsHead, invitations,
    head, mine, h('h3', { text: t('turns-theirs') }), theirs,
    notifyControl(),
    h('p', { class: 'hint' }, t('turns-email-1'), ' ', h('a', { href: `#/account/${encodeURIComponent(session.me.name)}` }, t('turns-email-link')), t('turns-email-2')));
  onLeave(onInbox(draw));
  // the times left count down between reads
  const tick = setInterval(() => draw(inbox), 30000);
  onLeave(() => clearInterval(tick));
  readInbox();
}

// ------------------------------------------------------------------ email
/** The account page's email form (the account's own page only). */
export function emailForm() {
  const input = h('input', { id: 'email', type: 'email', autocomplete: 'email', maxlength: 254, placeholder: t('email-placeholder'), 'aria-label': t('email-address') });
  const note = h('p', { class: 'hint', id: 'email-note' });
  const err = h('p', { class: 'error', role: 'alert', id: 'email-error' });
  const say = (r) => {
    input.value = r.email ?? '';
    note.textContent = !r.sends ? t('email-none')
      : t('email-when', { after: timeLeft(r.after_s * 1000), n: r.per_day });
  };
  const save = async (email) => {
    err.textContent = '';
    try { say(await api('/api/account/email', json('POST', { email }))); } catch (e) { err.textContent = e.message; }
  };
  api('/api/account/email').then(say).catch((e) => { err.textContent = e.message; });
  const form = h('form', { id: 'email-form', class: 'account', novalidate: true },
    h('label', {}, t('email-label') + ' ', input),
    h('div', { class: 'controls' }, h('button', { type: 'submit', id: 'email-save' }, t('email-save')), ' ',
      h('button', { type: 'button', id: 'email-remove', onclick: () => save(null) }, t('email-remove'))),
    note, err);
  form.addEventListener('submit', (e) => { e.preventDefault(); save(input.value.trim() || null); });
  return h('section', { id: 'email-section' }, h('h3', { text: t('email-title') }), form);
}
