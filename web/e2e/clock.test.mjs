// A clock of the game (docs/web.md, POST /api/games `time_control`): the New game form
// offers 5+3 and the table shows a face per person, the one to move ticking; and between
// two people in two browsers, the face of the one to move turns red under 10 s with three
// beeps for its owner, and when it runs out that person loses, both pages say so. Run by
// scripts/e2e (TESSERA_URL, ARTIFACTS, CHROMIUM).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, post, sleep, ended } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const faces = (page) => page.evaluate(() => [...document.querySelectorAll('#clocks:not([hidden]) .clock-face')]
  .map((f) => ({ who: f.querySelector('.who').textContent, time: f.querySelector('.time').textContent, running: f.classList.contains('running'), low: f.classList.contains('low') })));
const seconds = (text) => { const [m, s] = text.split(':').map(Number); return m * 60 + s; };

test('the New game form makes a 5+3 game, and the face of the one to move ticks', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/#/new`);
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.selectOption('#game', 'triominos');
  await page.selectOption('#clock', 'g5+3');
  // (the second seat: the form's first house level)
  assert.match(await page.locator('.seat-row .kind').nth(1).inputValue(), /^bot:/);
  await page.click('#start');
  await page.waitForURL(/#\/game\//);
  await page.waitForFunction(() => document.querySelectorAll('#clocks:not([hidden]) .clock-face').length === 1, null, { timeout: 30000 });
  const [mine] = await faces(page);
  assert.ok(seconds(mine.time) <= 300 && seconds(mine.time) > 280, JSON.stringify(mine));
  // a face for the person only: the bot has its own limits
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn', null, { timeout: 30000 });
  const before = seconds((await faces(page))[0].time);
  await sleep(2300);
  const now = await faces(page);
  assert.ok(now[0].running, 'the face of the one to move is marked');
  assert.ok(seconds(now[0].time) <= before - 2, `it ticks: ${before} then ${now[0].time}`);
  await shot(page, 'clock-5+3-1280');
  await page.context().close();
});

test('two people: the one to move goes red under 10 s, hears it, and runs out', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const phone = viewport.width < 500;
    const options = { viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) };
    const c = await post('/api/games', { game: 'q', seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }], options: { copies: 1 }, time_control: '0.25+0' });
    const pages = [];
    for (const [seat, token] of c.tokens) {
      const p = await newPage(browser, options);
      await p.goto(`${BASE}/#/`);
      await p.evaluate(([id, s, tok]) => localStorage.setItem('tessera.tokens.' + id, JSON.stringify([[s, tok]])), [c.id, seat, token]);
      await p.goto(`${BASE}/#/game/${c.id}`);
      // a click: the page may make sounds from now on (the browsers' autoplay rules)
      await p.mouse.click(5, 5);
      pages.push(p);
    }
    const [ann, bob] = pages;
    for (const p of pages) await p.waitForFunction(() => document.querySelectorAll('#clocks:not([hidden]) .clock-face').length === 2, null, { timeout: 30000 });
    const seen = await faces(bob);
    assert.deepEqual(seen.map((f) => f.who), ['Ann', 'Bob']);
    assert.ok(seen[0].running && !seen[1].running, JSON.stringify(seen));
    assert.equal(seen[1].time, '0:15');
    await shot(ann, `clock-running-${viewport.width}`);
    // under 10 s: red on both pages, three beeps for Ann only
    await ann.waitForFunction(() => document.querySelector('.clock-face[data-seat="0"]')?.classList.contains('low'), null, { timeout: 15000 });
    await bob.waitForFunction(() => document.querySelector('.clock-face[data-seat="0"]')?.classList.contains('low'), null, { timeout: 5000 });
    assert.equal(await ann.evaluate(() => window.__tesseraSounds.filter((s) => s.kind === 'low').length), 1, 'Ann hears it once');
    assert.equal(await bob.evaluate(() => window.__tesseraSounds.filter((s) => s.kind === 'low').length), 0, 'not Bob');
    await shot(ann, `clock-low-${viewport.width}`);
    if (phone) {
      // the faces fit the phone's width, and the tray is still on screen
      const scroll = await ann.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(scroll <= 0, `no sideways scroll (${scroll} px)`);
    }
    // Ann's time runs out: she loses, both pages say why
    const r = await ended(c.id, 300);
    assert.equal(r.summary.status, 'resigned');
    for (const p of pages) await p.waitForFunction(() => /Ann ran out of time/.test(document.body.textContent), null, { timeout: 15000 });
    await bob.waitForFunction(() => document.querySelector('.clock-face[data-seat="0"] .time')?.textContent === '0:00', null, { timeout: 5000 });
    await shot(bob, `clock-out-${viewport.width}`);
    for (const p of pages) {
      assert.deepEqual(p.errors_, []);
      await p.context().close();
    }
  }
});
