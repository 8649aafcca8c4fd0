// The chat of a table (docs/web.md, "Chat"): the players' room at a player's page, the
// spectators' room at a spectator's (a player shows it with a tick, remembered); a row of
// quick phrases that each reader's page shows in its own language; a line typed by a
// signed-in person (a guest uses the phrases). Every line is text (textContent), never
// HTML. Mute hides a person's lines on this browser (remembered, `tessera.muted`); Report
// sends the line to the operator (`tessera admin reports`). Lines come from the socket,
// each kept once by its number (a reconnected socket sends them again).
import { h } from './board.js';
import { t } from './i18n.js';

/** The quick phrases, by their catalogue keys (the server knows the same list). */
export const PHRASES = ['chat-hello', 'chat-good-luck', 'chat-good-game', 'chat-well-played', 'chat-thanks', 'chat-oops', 'chat-bye'];
const MUTED = 'tessera.muted';
const SHOW_SPECTATORS = 'tessera.chat.spectators';

const muted = () => { try { return new Set(JSON.parse(localStorage.getItem(MUTED) || '[]')); } catch { return new Set(); } };
const keepMuted = (s) => { try { localStorage.setItem(MUTED, JSON.stringify([...s].slice(-200))); } catch { /* private mode */ } };

/** What a line says, in this reader's language. */
export const lineText = (l) => (l.phrase ? t(l.phrase) : l.text ?? '');
/** Who said a line. */
export const lineName = (l) => l.name || t('chat-guest');

/** A read-only list of `lines` (the replay's). */
export function chatLines(lines) {
  if (!lines?.length) return h('p', { class: 'hint' }, t('chat-none'));
  return h('ol', { class: 'chat-lines' }, lines.map((l) => h('li', { class: `chat-line room-${l.room}`, 'data-n': String(l.n) },
    h('b', {}, lineName(l)), l.room === 'spectators' ? h('span', { class: 'chat-room' }, ` (${t('chat-spectators-title')})`) : null, ': ', h('span', { class: 'said' }, lineText(l)))));
}

/**
 * The chat box of a table: `el` to place; `heard(lines)` with each chat message;
 * `setup({ player, seat, me, send })` once the page knows who it is for (`send` sends an
 * object over the socket); `reported(n)` when the server took a report.
 */
export function chatBox() {
  const byN = new Map();
  let who = { player: false, seat: null, me: null, send: () => {} };
  const title = h('h3', { class: 'chat-title' }, t('chat-title'));
  const list = h('ol', { class: 'chat-lines', id: 'chat-lines' });
  const note = h('p', { class: 'hint', id: 'chat-note', 'aria-live': 'polite' });
  const showSpect = h('input', { type: 'checkbox', id: 'chat-show-spectators', checked: localStorage.getItem(SHOW_SPECTATORS) === 'on' });
  const spectPref = h('label', { class: 'chat-pref', hidden: true }, showSpect, ' ' + t('chat-show-spectators'));
  showSpect.addEventListener('change', () => { localStorage.setItem(SHOW_SPECTATORS, showSpect.checked ? 'on' : 'off'); draw(); });
  const phrases = h('div', { class: 'chat-phrases', id: 'chat-phrases' },
    PHRASES.map((p) => h('button', { type: 'button', class: 'chat-phrase', 'data-phrase': p, onclick: () => who.send({ chat: { phrase: p } }) }, t(p))));
  const input = h('input', { id: 'chat-input', maxlength: 300, placeholder: t('chat-placeholder'), 'aria-label': t('chat-placeholder'), autocomplete: 'off' });
  const form = h('form', { class: 'chat-form', id: 'chat-form', hidden: true }, input, ' ', h('button', { type: 'submit', id: 'chat-send' }, t('chat-send')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    who.send({ chat: { text } });
    input.value = '';
  });
  const el = h('section', { class: 'chat', id: 'chat', hidden: true }, title, spectPref, list, phrases, form, note);
  const mine = (l) => (who.player ? l.seat === who.seat && l.room === 'players' : !!who.me && l.name === who.me);
  const draw = () => {
    const mutes = muted();
    const shown = [...byN.values()].sort((a, b) => a.n - b.n)
      .filter((l) => !who.player || l.room === 'players' || showSpect.checked);
    list.replaceChildren(...shown.map((l) => {
      const name = lineName(l);
      const li = h('li', { class: `chat-line room-${l.room}${mine(l) ? ' mine' : ''}`, 'data-n': String(l.n) });
      if (mutes.has(name) && !mine(l)) {
        li.classList.add('muted');
        li.append(h('span', { class: 'hint' }, t('chat-muted', { name })), ' ',
          h('button', { type: 'button', class: 'link chat-unmute', onclick: () => { const s = muted(); s.delete(name); keepMuted(s); draw(); } }, t('chat-unmute', { name })));
        return li;
      }
      li.append(h('b', { class: 'who' }, name));
      if (who.player && l.room === 'spectators') li.append(h('span', { class: 'chat-room' }, ` (${t('chat-spectators-title')})`));
      li.append(': ', h('span', { class: 'said' }, lineText(l)));
      if (!mine(l)) {
        li.append(' ', h('button', { type: 'button', class: 'link chat-mute', title: t('chat-mute', { name }), 'aria-label': t('chat-mute', { name }), onclick: () => { const s = muted(); s.add(name); keepMuted(s); draw(); } }, t('chat-mute-short')));
        // (a guest spectator may not report: the server asks to log in)
        if (who.player || who.me) li.append(' ', h('button', { type: 'button', class: 'link chat-report', title: t('chat-report'), 'aria-label': t('chat-report'), onclick: () => who.send({ report: l.n }) }, t('chat-report')));
      }
      return li;
    }));
    list.scrollTop = list.scrollHeight;
  };
  return {
    el,
    heard(lines) { for (const l of lines ?? []) byN.set(l.n, l); draw(); },
    setup(w) {
      who = w;
      el.hidden = false;
      title.textContent = t(w.player ? 'chat-title' : 'chat-spectators-title');
      spectPref.hidden = !w.player;
      // a guest uses the quick phrases; a spectator who is a guest may not report
      form.hidden = !w.me;
      note.textContent = w.me ? '' : t('chat-guest-note');
      draw();
    },
    reported() { note.textContent = t('chat-reported'); },
  };
}
