// The New game form (#/new, #/new/GAME), drawn from the registry: the game, its seats
// (people, programs, bots), its rule options, the seed, the bots' pace and the time per
// move: a clock for people, or days per move (a turn-based game of a signed-in person,
// whose people's seats are accounts: inbox.js; one that names other accounts is an
// invitation, which waits in their inboxes until each accepts).
import { h } from './board.js';
import { api, registry, gameOf, loadMe } from './api.js';
import { saveTokens, rememberedNames, rememberNames } from './saved.js';
import { rulesHelp, strengthWords, aboutBot, levelOf, advancedBots, rememberAdvanced } from './help.js';
import { main } from './page.js';
import { t, words } from './i18n.js';
import { perMove } from './inbox.js';

/** The control of one rule option (from its kind), and how to read its value. */
function optionControl(o) {
  const id = `opt-${o.key}`;
  const k = o.kind;
  const label = words(o.label), help = words(o.help);
  if (k.type === 'choice') {
    // an option's value attribute: the value itself for a string, else its JSON
    const attr = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
    const sel = h('select', { id, 'data-key': o.key, 'aria-label': label, title: help },
      k.values.map(([v, text]) => h('option', { value: attr(v) }, words(text))));
    sel.value = attr(o.default);
    if (sel.selectedIndex < 0) sel.selectedIndex = 0;
    return { el: h('label', { title: help }, label + ' ', sel), input: sel, read: () => k.values[sel.selectedIndex]?.[0] ?? o.default };
  }
  if (k.type === 'integer') {
    const inp = h('input', { id, 'data-key': o.key, type: 'number', min: k.min, max: k.max, step: 1, required: true, value: o.default ?? '', 'aria-label': label, title: help });
    // the form refuses what the server would: a whole number within the bounds
    const check = () => {
      const text = inp.value.trim();
      const n = Number(text);
      return /^-?\d+$/.test(text) && n >= k.min && n <= k.max ? null : notWhole(label, k.min, k.max, false, text);
    };
    return { el: h('label', { title: help }, label + ' ', inp), input: inp, check, read: () => { const n = parseInt(inp.value, 10); return Number.isNaN(n) ? o.default : n; } };
  }
  if (k.type === 'letters') {
    const on = new Set([...String(o.default ?? '')].filter((c) => c !== c.toLowerCase()).map((c) => c.toLowerCase()));
    const boxes = k.letters.map(([c, what]) => h('input', { type: 'checkbox', id: `${id}-${c}`, 'data-letter': c, checked: on.has(c), 'aria-label': t('label-value', { label, value: words(what) }) }));
    const el = h('span', { id, role: 'group', 'aria-label': label, title: help, class: 'letters' }, t('label-colon', { label }) + ' ',
      k.letters.map(([, what], i) => h('label', {}, boxes[i], ' ' + words(what))));
    return { el, input: el, read: () => k.letters.map(([c], i) => boxes[i].checked ? c.toUpperCase() : c.toLowerCase()).join('') };
  }
  // a kind this page does not know: its value as JSON text
  const inp = h('input', { id, 'data-key': o.key, value: JSON.stringify(o.default), 'aria-label': t('label-json', { label }), title: help });
  return { el: h('label', { title: help }, t('label-json', { label }) + ' ', inp), input: inp, read: () => { try { return JSON.parse(inp.value); } catch { return inp.value; } } };
}

/**
 * A bot's name in the seat menu: a house level by its number and fixed rating in the arena
 * ("Level 3 · 1335"), an engine (shown by the advanced switch) by its name and strength
 * (`strengthWords`: an engine a level plays as that level, "Bot: greedy (as Level 2 · 1494)").
 */
function botLabel(game, b) {
  const strength = strengthWords(game, b);
  if (levelOf(game, b) >= 0) return strength;
  return strength ? t('bot-label-strength', { name: b.name, strength }) : t('bot-label', { name: b.name });
}

/** A bot's strength parameter (for the optional strength field): `ms` or `budget`. */
function strengthKey(bot) {
  if (/\bms=/.test(bot?.params || '')) return 'ms';
  if (/\bbudget=/.test(bot?.params || '')) return 'budget';
  return null;
}

/** The form's own check of a whole-number field: null when fine, else the reason. */
function wholeNumber(label, inp, lo, hi, optional) {
  const text = inp.value.trim();
  if (text === '' && optional) return null;
  if (!/^\d+$/.test(text) || Number(text) < lo || (hi !== null && Number(text) > hi)) return notWhole(label, lo, hi, optional, text);
  return null;
}

/** Why a field's text is not a whole number of the range, in words. */
function notWhole(label, lo, hi, optional, text) {
  return t('not-whole-number', {
    label, lo: String(lo), hi: hi === null ? 'none' : String(hi), optional: optional ? 'yes' : 'no',
    given: text === '' ? t('nothing') : JSON.stringify(text),
  });
}

export async function newGame(preselect) {
  document.title = t('title-page', { page: t('nav-new') });
  main.replaceChildren(h('h2', { text: t('nav-new') }), h('p', { text: t('loading') }));
  let reg;
  try { reg = await registry(); } catch (e) {
    main.replaceChildren(h('h2', { text: t('nav-new') }), h('p', { id: 'error', role: 'alert' }, t('cannot-read-games', { why: e.message })));
    return;
  }
  const gameSel = h('select', { id: 'game', name: 'game', 'aria-label': t('col-game') },
    reg.games.map((g) => h('option', { value: g.name, title: words(g.about) }, g.title)));
  if (preselect && reg.games.some((g) => g.name === preselect)) gameSel.value = preselect;
  const help = h('div', { id: 'game-help' });
  // live: a clock of seconds (or none); turn-based: days per move, for a signed-in person
  const me = await loadMe();
  const person = me?.kind === 'person';
  const clock = h('select', { id: 'clock', 'aria-label': t('clock-label') },
    h('optgroup', { label: t('clock-live') }, [['', t('no-clock')], ['30', '30 s'], ['60', '1 min'], ['120', '2 min'], ['300', '5 min'], ['600', '10 min']].map(([v, text]) => h('option', { value: v }, text))),
    // a clock of the game, as chess sites offer it: minutes each plus seconds a move
    h('optgroup', { label: t('clock-game') }, ['3+2', '5+3', '10+5', '15+10'].map((tc) => h('option', { value: `g${tc}` }, t('time-control', { tc })))),
    h('optgroup', { label: t(person ? 'clock-turns' : 'clock-turns-log-in') }, [1, 2, 3, 7].map((d) => h('option', { value: `d${d}` }, perMove(d)))));
  const turnBased = () => (clock.value.startsWith('d') ? parseInt(clock.value.slice(1), 10) : null);
  // (a guest may choose one: the note says why it needs an account, and where to get one)
  const back = encodeURIComponent('#/new');
  const turnNote = h('p', { class: 'hint', id: 'turn-note', hidden: true }, person ? t('turn-note')
    : [t('turn-note-guest') + ' ', h('a', { href: `#/login?next=${back}`, id: 'turn-login' }, t('login')), ' · ', h('a', { href: `#/register?next=${back}` }, t('register'))]);
  const about = h('p', { class: 'hint', id: 'game-about' });
  const count = h('input', { id: 'players', type: 'number', value: 2, 'aria-label': t('players-count') });
  const soloNote = h('p', { class: 'hint', id: 'solo-note', hidden: true });
  const seats = h('div', { id: 'seats' });
  // the engines behind the house levels, for those who want them (remembered)
  const advanced = h('input', { type: 'checkbox', id: 'advanced-bots', checked: advancedBots() });
  const advancedBox = h('p', { class: 'hint', id: 'advanced-box' }, h('label', {}, advanced, ' ' + t('seat-engines-show')));
  const options = h('div', { id: 'options' });
  const seed = h('input', { id: 'seed', type: 'number', min: 0, placeholder: t('seed-random'), 'aria-label': t('seed') });
  const delay = h('input', { id: 'delay', type: 'number', min: 0, max: 5000, step: 1, value: 400, 'aria-label': t('delay-label') });
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
    options.replaceChildren(...(controls.length ? controls.flatMap(([o, c]) => [c.el, ' ']) : [h('span', { class: 'hint', text: t('no-rule-options') })]));
    // only the solo option changes the seats (redrawn, they would lose a name being typed)
    for (const [o, c] of controls) if (o.key === g.solo?.option) c.input.addEventListener('change', drawSeats);
    help.replaceChildren(rulesHelp(g, null));
  };
  const drawSeats = () => {
    const g = info();
    about.textContent = words(g.about);
    const s = solo();
    const bots = g.bots.filter((b) => b.name !== g.solo?.bot);
    const levels = bots.filter((b) => levelOf(g, b) >= 0);
    advancedBox.hidden = !levels.length || levels.length === bots.length;
    const [lo, hi] = g.seats;
    count.min = lo; count.max = hi;
    count.disabled = !!s;
    const n = s ? 1 : Math.min(Math.max(parseInt(count.value, 10) || lo, lo), hi);
    if (!s) count.value = n;
    soloNote.hidden = !s;
    const soloBot = s && g.bots.find((b) => b.name === s.bot);
    soloNote.textContent = s ? t('solo-note', { bot: s.bot, about: soloBot ? words(soloBot.about) : '' }) : '';
    const old = [...seats.querySelectorAll('.seat-row')].map((r) => ({
      kind: r.querySelector('.kind').value, strength: r.querySelector('.strength').value, name: r.querySelector('.name').value,
    }));
    const remembered = rememberedNames();
    seats.replaceChildren(...Array.from({ length: n }, (_, i) => {
      // people choose among the house levels; the engines behind them are the advanced
      // switch's (a game without levels shows its bots)
      const option = (b) => h('option', { value: 'bot:' + b.name, title: levelOf(g, b) >= 0 ? aboutBot(g, b) : b.params ? t('bot-params', { about: words(b.about), params: b.params }) : words(b.about) }, botLabel(g, b));
      const engines = levels.length ? bots.filter((b) => levelOf(g, b) < 0) : bots;
      const kind = h('select', { class: 'kind', 'aria-label': t('seat-player', { n: i + 1 }) },
        h('option', { value: 'human' }, t('seat-human')),
        // a seat for a friend who opens the game's link (a turn-based game: who has no
        // account named here yet)
        i > 0 ? h('option', { value: 'link', title: t('seat-link-about') }, t('seat-link')) : null,
        s || turnBased() ? null : h('option', { value: 'program', title: t('seat-program-about') }, t('seat-program')),
        levels.length ? h('optgroup', { label: t('seat-levels') }, levels.map(option)) : null,
        engines.length && (!levels.length || advanced.checked) ? h('optgroup', { label: t('seat-engines') }, engines.map(option)) : null);
      const prev = old[i];
      // (a new player meets a middle level first)
      const first = levels[Math.min(2, levels.length - 1)] ?? bots[0];
      kind.value = prev && [...kind.options].some((o) => o.value === prev.kind) ? prev.kind : (i === 0 || !first ? 'human' : 'bot:' + first.name);
      const strength = h('input', { class: 'strength', type: 'number', min: 1, value: prev?.strength ?? '' });
      const name = h('input', { class: 'name', maxlength: 40, placeholder: t('seat-name-placeholder'), 'aria-label': t('seat-name', { n: i + 1 }), value: prev?.name ?? '' });
      const botAbout = h('span', { class: 'hint bot-about' });
      const update = () => {
        const bot = kind.value.startsWith('bot:') ? bots.find((b) => 'bot:' + b.name === kind.value) : null;
        // a turn-based game's person is an account, never a name remembered from a live one
        if (turnBased() && remembered[i] && name.value === remembered[i]) name.value = '';
        // a person's name: the one typed for this seat last time; a signed-in person's
        // first seat, the account's name
        else if (kind.value === 'human' && !name.value && remembered[i] && !turnBased()) name.value = remembered[i];
        else if (kind.value === 'human' && !name.value && i === 0 && me && !turnBased()) name.value = me.name;
        // a person's remembered name is not a bot's or a program's: a seat switched to one
        // lets the server name it
        else if (kind.value !== 'human' && remembered[i] && name.value === remembered[i]) name.value = '';
        name.placeholder = t(kind.value !== 'human' ? 'name-optional' : turnBased() ? 'account-or-you' : 'your-name');
        const key = strengthKey(bot);
        strength.hidden = !key;
        strength.placeholder = t(key === 'ms' ? 'strength-ms' : 'strength-budget');
        strength.setAttribute('aria-label', t('seat-strength', { n: i + 1, key: String(key) }));
        strength.dataset.key = key ?? '';
        name.hidden = kind.value === 'program' || kind.value === 'link';
        kind.title = bot ? words(bot.about) : kind.selectedOptions[0]?.title || '';
        const level = bot && (g.levels || []).find((l) => l.spec === bot.name);
        botAbout.textContent = level ? aboutBot(g, bot)
          : bot ? words(bot.about) + (strengthWords(g, bot) ? ' — ' + strengthWords(g, bot) : '')
          : kind.value === 'program' ? t('seat-program-open') : kind.value === 'link' ? t('seat-link-about') : '';
      };
      kind.addEventListener('change', update);
      update();
      return h('div', { class: 'seat-row' }, h('label', {}, t('seat-n-label', { n: i + 1 }) + ' ', kind), ' ', strength, ' ', name, ' ', botAbout);
    }));
  };
  gameSel.addEventListener('change', () => { drawOptions(); drawSeats(); });
  clock.addEventListener('change', () => { turnNote.hidden = !turnBased(); drawSeats(); });
  count.addEventListener('change', drawSeats);
  advanced.addEventListener('change', () => { rememberAdvanced(advanced.checked); drawSeats(); });

  const form = h('form', { class: 'new', id: 'new-game-form' },
    h('fieldset', {}, h('legend', { text: t('col-game') }), h('label', {}, t('col-game') + ' ', gameSel), h('label', {}, t('col-players') + ' ', count), about, soloNote, help),
    h('fieldset', {}, h('legend', { text: t('seats') }), seats, advancedBox),
    h('fieldset', {}, h('legend', { text: t('rules') }), options),
    h('fieldset', {}, h('legend', { text: t('options') }), h('label', {}, t('seed') + ' ', seed), h('label', {}, t('delay') + ' ', delay),
      h('label', { title: t('clock-about') }, t('time-per-move') + ' ', clock), turnNote),
    h('button', { type: 'submit', class: 'primary', id: 'start', 'aria-label': t('start-game') }, t('start-game')), err);
  form.setAttribute('novalidate', '');
  /** What the server would refuse, said before asking it: null when the form is fine. */
  const check = () => {
    const g = info();
    const problems = [];
    if (turnBased() && !person) problems.push(t('turn-needs-account'));
    if (!solo()) problems.push(wholeNumber(t('col-players'), count, g.seats[0], g.seats[1], false));
    for (const [, c] of controls) if (c.check) problems.push(c.check());
    const names = [];
    [...seats.querySelectorAll('.seat-row')].forEach((r, i) => {
      if (['program', 'link'].includes(r.querySelector('.kind').value)) return;
      const n = r.querySelector('.name').value.trim();
      if ([...n].length > 40) problems.push(t('seat-name-long', { n: i + 1, max: 40 }));
      if (n && names.includes(n)) problems.push(t('seat-name-taken', { n: i + 1, name: n }));
      if (n) names.push(n);
    });
    problems.push(wholeNumber(t('seed'), seed, 0, null, true));
    problems.push(wholeNumber(t('delay-short'), delay, 0, 5000, false));
    return problems.filter(Boolean);
  };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    const problems = check();
    if (problems.length) { err.textContent = t('cannot-start', { why: problems.join('; ') }); return; }
    // a seat left unnamed is named in the page's language ("Player 2", "Level 3"), not by
    // the server's English or a level's spec; each name once ("Level 3 2" for a second)
    const rows = [...seats.querySelectorAll('.seat-row')];
    const taken = new Set(rows.map((r) => r.querySelector('.name').value.trim()).filter(Boolean));
    const unused = (want) => {
      let name = want;
      for (let k = 2; taken.has(name); k++) name = `${want} ${k}`;
      taken.add(name);
      return name;
    };
    const req = {
      game: gameSel.value,
      seats: rows.map((r, i) => {
        const k = r.querySelector('.kind').value;
        const name = r.querySelector('.name').value.trim() || undefined;
        if (k === 'human') return turnBased() ? { kind: 'human', account: name } : { kind: 'human', name: name ?? unused(t('player-n', { n: i + 1 })) };
        if (k === 'program') return { kind: 'program' };
        if (k === 'link') return { kind: 'human', link: true };
        const st = r.querySelector('.strength');
        const n = parseInt(st.value, 10);
        const level = /^level:(\d+)$/.exec(k.slice(4));
        return { kind: 'bot', spec: k.slice(4) + (st.dataset.key && n > 0 ? `:${st.dataset.key}=${n}` : ''), name: name ?? (level ? unused(t('level-n', { n: Number(level[1]) })) : undefined) };
      }),
      options: Object.fromEntries(controls.map(([o, c]) => [o.key, c.read()])),
      delay_ms: Math.max(parseInt(delay.value, 10) || 0, 0),
    };
    if (seed.value !== '') req.seed = parseInt(seed.value, 10);
    if (turnBased()) req.days = turnBased();
    else if (clock.value.startsWith('g')) req.time_control = clock.value.slice(1);
    else if (clock.value) req.clock_s = parseInt(clock.value, 10);
    try {
      const c = await api('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req) });
      // (the names typed, not those given for want of one)
      if (!req.days) rememberNames([...seats.querySelectorAll('.seat-row')].map((r) => (r.querySelector('.kind').value === 'human' ? r.querySelector('.name').value.trim() || null : null)));
      // a game that names other accounts waits for them to accept: the inbox shows it
      if (c.invitation) { location.hash = '#/turns'; return; }
      saveTokens(c.id, c.tokens);
      // a live table's seat for a friend: the table shows its link while it waits
      if (c.link) localStorage.setItem('tessera.link.' + c.id, c.link);
      location.hash = c.tokens.length ? `#/game/${c.id}` : `#/watch/${c.id}`;
    } catch (e) { err.textContent = t('cannot-start', { why: e.message }); }
  });
  main.replaceChildren(h('h2', { text: t('nav-new') }), form);
  drawOptions();
  drawSeats();
  gameSel.focus();
}
