// The pages in German, at 1280x800 and at 390x844: every page (lobby, New game, a game of
// each game played and watched, its end, the replay with its analysis, the Arena, the
// leaderboards, an account, a turn-based game, the Your turn page and the account's email)
// shows only text the catalogue gave (web/i18n.js records each string it renders when
// asked: `window.__tesseraWords`), names, numbers and codes; no English word is left;
// refusals of the server come in German; the language switch takes the pages back to
// English. Screenshots of each page in artifacts/e2e/de-*.png.
// Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, shot, fetchJson, post, ended } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });


const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const PEOPLE = ['Anna', 'Bernd'];

/** A page in German that records the catalogue's strings and every console error. */
async function german(size) {
  const phone = size === 'phone';
  const ctx = await browser.newContext({ viewport: SIZES[size], locale: 'de-DE', isMobile: phone, hasTouch: phone });
  await ctx.addInitScript(() => { window.__tesseraWords = new Set(); });
  const page = await ctx.newPage();
  page.problems_ = [];
  page.on('pageerror', (e) => page.problems_.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) page.problems_.push(m.text()); });
  return page;
}

/**
 * The texts of the page (text nodes, labels, titles, placeholders) that are not made of the
 * catalogue's strings, names and data. Code (a command to run, JSON) is left out.
 */
async function untranslated(page, names) {
  return page.evaluate((names) => {
    const shown = [...(window.__tesseraWords || [])].filter((s) => s.trim()).sort((a, b) => b.length - a.length);
    // names, codes and data: numbers, tiles (3-4-5), positions (N01E02), units, symbols
    const data = /^[\s\d.,:;+\-−–—·×/%()#★▶▷⏸…→←⤢⟳☾♪?±|'"!=_[\]{}*&„“”‚‘’«»]*$/;
    const strip = (text) => {
      let r = text;
      for (const w of [...shown, ...names].sort((a, b) => b.length - a.length)) if (r.includes(w)) r = r.split(w).join(' ');
      return r.replace(/\b(\d+\s?(s|ms|min|h)|[NS]\d+[EW]\d+|tessera)\b/gi, ' ');
    };
    const bad = new Set();
    const look = (text, where) => {
      const t = (text || '').trim();
      if (t && !data.test(strip(t))) bad.add(`${where}: ${t}`);
    };
    const skip = (el) => !!el?.closest('code, pre, script, style, noscript, .sparkline');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (skip(el)) continue;
      // the board's numbers and letters are data; its titles are words
      if (el.closest('svg') && !el.closest('title')) continue;
      if (el.closest('[hidden]')) continue;
      look(n.textContent, el.tagName.toLowerCase() + (el.id ? '#' + el.id : ''));
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (skip(el) || el.closest('[hidden]')) continue;
      for (const a of ['aria-label', 'title', 'placeholder']) if (el.hasAttribute(a)) look(el.getAttribute(a), `${el.tagName.toLowerCase()}[${a}]`);
    }
    look(document.title, 'title');
    // words the style sheet puts before or after an element (a phone's table cells)
    for (const el of document.body.querySelectorAll('*')) {
      if (skip(el) || el.closest('[hidden]') || el.closest('svg')) continue;
      for (const pseudo of ['::before', '::after']) {
        const c = getComputedStyle(el, pseudo).content;
        if (c && c !== 'none' && c !== 'normal') look(c.replace(/^"|"$/g, ''), `${el.tagName.toLowerCase()}${pseudo}`);
      }
    }
    return [...bad];
  }, names);
}

/**
 * Names the test knows: the people, the games, the bots and their specs, and every name the
 * server holds (its games' seats, its rated accounts: other tests' players too).
 */
async function knownNames() {
  const reg = await fetchJson('/api/registry');
  const names = new Set([...PEOPLE, 'Tessera', 'TCP', 'JSON', 'API']);
  for (let before = null, i = 0; i < 50; i++) {
    const page = await fetchJson(`/api/games?limit=100${before ? `&before=${before}` : ''}`);
    for (const g of page.games) for (const s of g.seats) if (s.name) names.add(s.name);
    if (page.next === null || page.next === undefined) break;
    before = page.next;
  }
  for (const g of reg.games) {
    for (const pool of ['duel', 'multi']) {
      const rows = await fetchJson(`/api/leaderboard/${g.name}?pool=${pool}&limit=100`).catch(() => []);
      for (const r of rows) names.add(r.name);
    }
  }
  for (const g of reg.games) {
    names.add(g.title);
    for (const b of g.bots) names.add(b.name);
    for (const l of g.levels || []) { names.add(l.spec); names.add(String(l.plays)); names.add(String(l.plays).split(':')[0]); }
  }
  return [...names].sort((a, b) => b.length - a.length);
}

/** Checks the page shown and saves its screenshot as de-NAME-SIZE.png. */
async function checked(page, name, size, names) {
  const left = await untranslated(page, names);
  assert.deepEqual(left, [], `${name} (${size}): text not from the catalogue`);
  assert.deepEqual(page.problems_, [], `${name} (${size}): errors`);
  await shot(page, `de-${name}-${size}`);
}

let games = null;
/** Finished bot games of each game (made once), and a live table of each for a person. */
async function finishedGames() {
  if (games) return games;
  const made = await Promise.all([
    post('/api/games', { game: 'triominos', seats: [{ kind: 'bot', spec: 'greedy', name: PEOPLE[0] }, { kind: 'bot', spec: 'random', name: PEOPLE[1] }], options: { target: 100 }, seed: 3, delay_ms: 0 }),
    post('/api/games', { game: 'q', seats: [{ kind: 'bot', spec: 'greedy', name: PEOPLE[0] }, { kind: 'bot', spec: 'random', name: PEOPLE[1] }], options: { copies: 1 }, seed: 3, delay_ms: 0 }),
    post('/api/games', { game: 'akropolis', seats: [{ kind: 'bot', spec: 'greedy', name: PEOPLE[0] }, { kind: 'bot', spec: 'random', name: PEOPLE[1] }], seed: 3, delay_ms: 0 }),
  ]);
  games = { triominos: made[0].id, q: made[1].id, akropolis: made[2].id };
  for (const id of Object.values(games)) await ended(id, 1200);
  return games;
}

for (const size of Object.keys(SIZES)) {
  test(`German (${size}): the lobby, New game and its rules help, refusals`, async () => {
    const names = await knownNames();
    await finishedGames();
    const page = await german(size);
    await page.goto(`${BASE}/#/`);
    await page.waitForSelector('#finished tbody tr');
    assert.equal(await page.getAttribute('html', 'lang'), 'de');
    assert.equal(await page.textContent('#nav-new'), 'Neues Spiel');
    await checked(page, 'lobby', size, names);

    await page.goto(`${BASE}/#/new`);
    await page.waitForSelector('#game option', { state: 'attached' });
    for (const game of ['triominos', 'q', 'akropolis']) {
      await page.selectOption('#game', game);
      await page.click('#rules-help > summary');
      await page.waitForSelector('#rules-picture:not([hidden])');
      await checked(page, `new-${game}`, size, names);
    }
    // the form's own refusal, and the server's, in German
    await page.selectOption('#game', 'triominos');
    await page.fill('.seat-row:nth-child(1) .name', 'Anna');
    await page.fill('.seat-row:nth-child(2) .name', 'Anna');
    await page.click('#start');
    assert.match(await page.textContent('#error'), /^Start nicht möglich: Platz 2: „Anna“ hat schon ein anderer Platz/);
    const refused = await page.evaluate(async () => {
      const { api, json } = await import('/static/api.js');
      try { await api('/api/games', json('POST', { game: 'triominos', seats: [{ kind: 'human' }, { kind: 'bot' }], options: { target: -5 } })); } catch (e) { return e.message; }
      return 'accepted';
    });
    assert.equal(refused, 'target = -5 ist nicht erlaubt (eine ganze Zahl von 1 bis 10000)');
    await page.context().close();
  });

  test(`German (${size}): a game of each game, played and watched to its end`, async () => {
    const names = await knownNames();
    const ended = await finishedGames();
    const page = await german(size);
    // a person's turn in each game, a tile of the hand or site chosen
    for (const [game, pick] of [['triominos', '.tray button'], ['q', '.tray button:not([disabled])'], ['akropolis', '.site button:not([disabled])']]) {
      await page.goto(`${BASE}/#/new/${game}`);
      await page.waitForSelector('.seat-row');
      await page.fill('.seat-row:nth-child(1) .name', PEOPLE[0]);
      await page.fill('#seed', '5');
      await page.click('#start');
      await page.waitForURL(/#\/game\//);
      await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Du bist am Zug', null, { timeout: 30000 });
      await page.locator(pick).first().click();
      await page.waitForSelector('#legal-count, #q-hint');
      await checked(page, `play-${game}`, size, names);
      if (game === 'q') {
        // a tile put down: what it would score, on Commit and by the tile (the server's answer)
        await page.locator('.tray button[data-fits=true]').first().click();
        await page.locator('.spot[data-legal=true]').first().click();
        await page.waitForFunction(() => /^1 Plättchen für \+\d+ festlegen$/.test(document.querySelector('#commit')?.textContent || ''));
        await checked(page, 'play-q-put-down', size, names);
      }
    }
    // each finished game watched: its log, its end, the breakdown
    for (const [game, id] of Object.entries(ended)) {
      await page.goto(`${BASE}/#/watch/${id}`);
      await page.waitForSelector('#end #breakdown');
      assert.match(await page.textContent('#end h3'), /^Spielende$/);
      assert.ok((await page.locator('#log li').count()) > 0);
      await page.locator('#end').scrollIntoViewIfNeeded();
      await checked(page, `end-${game}`, size, names);
    }
    await page.context().close();
  });

  test(`German (${size}): a replay and its analysis`, async () => {
    const names = await knownNames();
    const { q } = await finishedGames();
    const page = await german(size);
    await page.goto(`${BASE}/#/replay/${q}?iters=30`);
    await page.waitForSelector('#analyze');
    await page.click('[aria-label="Nächster Zug"]');
    await page.click('#analyze');
    await page.waitForSelector('#analysis-summary', { timeout: 120000 });
    const first = page.locator('#mistakes button').first();
    if (await first.count()) await first.click();
    await page.locator('#analysis').scrollIntoViewIfNeeded();
    await checked(page, 'analysis', size, names);
    await page.context().close();
  });
}

for (const size of Object.keys(SIZES)) {
  test(`German (${size}): a turn-based game, the Your turn page and the account's email`, async () => {
    const names = await knownNames();
    const page = await german(size);
    const name = `Tara${size[0]}${Date.now() % 100000}`;
    names.unshift(name);
    await page.goto(`${BASE}/#/register`);
    await page.waitForSelector('#register-form');
    await page.fill('#account-name', name);
    await page.fill('#account-password', 'ein langes Passwort');
    await page.click('#register-submit');
    await page.waitForSelector('#nav-turns');
    // the form for days per move, then the game of 1 day per move against a bot
    await page.goto(`${BASE}/#/new/triominos`);
    await page.waitForSelector('.seat-row');
    await page.selectOption('#clock', 'd1');
    await page.waitForSelector('#turn-note:not([hidden])');
    await page.check('#advanced-bots');
    await page.locator('.seat-row .kind').nth(1).selectOption('bot:greedy');
    await checked(page, 'turns-new', size, names);
    await page.click('#start');
    await page.waitForURL(/#\/game\/\d+$/);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Du bist am Zug', null, { timeout: 30000 });
    await page.waitForFunction(() => /1 Tag pro Zug/.test(document.querySelector('#clock')?.textContent || ''));
    await page.locator('.tray button').first().click();
    await page.waitForSelector('#legal-count');
    await checked(page, 'turns-play', size, names);
    // the inbox: the game waits for this account
    await page.goto(`${BASE}/#/turns`);
    await page.waitForSelector('#turns-mine li');
    assert.match(await page.textContent('#turns-head'), /^1 Partie wartet auf dich$/);
    await checked(page, 'turns', size, names);
    await page.goto(`${BASE}/#/account/${name}`);
    await page.waitForSelector('#email-form');
    await page.waitForFunction(() => (document.querySelector('#email-note')?.textContent || '') !== '');
    await checked(page, 'account-email', size, names);
    await page.context().close();
  });
}

test('German: the Arena, the leaderboards and an account; the switch back to English', async () => {
  const names = await knownNames();
  const page = await german('desktop');
  await page.goto(`${BASE}/#/arena`);
  await page.waitForSelector('#login-form');
  await checked(page, 'arena-login', 'desktop', names);
  await page.goto(`${BASE}/#/register`);
  await page.waitForSelector('#register-form');
  const name = `Anke${Date.now() % 100000}`;
  names.unshift(name);
  await page.fill('#account-name', name);
  await page.fill('#account-password', 'ein langes Passwort');
  await page.click('#register-submit');
  await page.waitForSelector('#arena-form');
  await checked(page, 'arena', 'desktop', names);
  await page.goto(`${BASE}/#/leaderboard/triominos`);
  await page.waitForSelector('#leaderboard table, #leaderboard-empty');
  await checked(page, 'leaderboard', 'desktop', names);
  await page.goto(`${BASE}/#/account/${name}`);
  await page.waitForSelector('#no-ratings, #ratings');
  await checked(page, 'account', 'desktop', names);
  // the switch: English, remembered
  await page.selectOption('#lang', 'en');
  // (the page loads again in English: its header is drawn once the catalogue is read)
  await page.waitForFunction(() => document.documentElement.lang === 'en' && document.querySelector('#nav-new')?.textContent === 'New game');
  await page.reload();
  await page.waitForSelector('#lang');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.inputValue('#lang'), 'en');
  await page.context().close();
});
