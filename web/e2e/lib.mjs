// Helpers shared by the browser tests of web/e2e/*.test.mjs (run by scripts/e2e, which
// starts `tessera serve` and sets TESSERA_URL, ARTIFACTS and CHROMIUM).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const BASE = process.env.TESSERA_URL || 'http://127.0.0.1:8080';
export const ARTIFACTS = process.env.ARTIFACTS || 'artifacts/e2e';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
mkdirSync(ARTIFACTS, { recursive: true });

/** A headless Chromium. */
export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A page of a fresh context (its own localStorage) that records its WebSocket frames and
 * script errors. `context` options: a viewport, `isMobile`, `hasTouch`...
 */
export async function newPage(browser, context = { viewport: { width: 1280, height: 800 } }) {
  const page = await (await browser.newContext(context)).newPage();
  page.frames_ = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => page.frames_.push(String(f.payload))));
  page.errors_ = [];
  page.on('pageerror', (e) => page.errors_.push(String(e)));
  return page;
}

export const shot = (page, name) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

/**
 * Ticks the New game form's "Show the engines behind the levels" when a seat of `kinds`
 * ('bot:NAME') is an engine, not a house level (the menu shows the levels only, else).
 */
export async function showEngines(page, kinds) {
  if (!kinds.some((k) => /^bot:(?!level:)/.test(k))) return;
  if (await page.locator('#advanced-bots').isVisible() && !(await page.locator('#advanced-bots').isChecked())) await page.check('#advanced-bots');
}

/** Creates a game through the New game form. seats: 'human', 'program' or 'bot:NAME'. */
export async function createGame(page, game, seats, { seed = 7, delay = 60 } = {}) {
  await page.goto(`${BASE}/#/new`);
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.selectOption('#game', game);
  await page.fill('#players', String(seats.length));
  await page.dispatchEvent('#players', 'change');
  await showEngines(page, seats);
  const kinds = page.locator('.seat-row .kind');
  assert.equal(await kinds.count(), seats.length);
  for (let i = 0; i < seats.length; i++) await kinds.nth(i).selectOption(seats[i]);
  await page.fill('#seed', String(seed));
  await page.fill('#delay', String(delay));
  await page.click('#start');
  await page.waitForURL(/#\/(game|watch)\//);
  const id = page.url().split('/').pop();
  await page.waitForSelector('#status:not(:empty)');
  return id;
}

export const yourTurn = (page) => page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn', null, { timeout: 30000 });

/** The game's state as the page's seat to move sees it (its token from the page's storage). */
export async function seatState(page, id) {
  const tokens = await page.evaluate((i) => JSON.parse(localStorage.getItem('tessera.tokens.' + i) || '[]'), id);
  const all = await Promise.all(tokens.map(async ([, t]) => (await fetch(`${BASE}/api/games/${id}?token=${t}`)).json()));
  const s = all.find((m) => m.to_move === m.seat) ?? all[0];
  assert.ok(s, `game ${id}: a state`);
  return s;
}

export const fetchJson = async (path) => { const r = await fetch(BASE + path); assert.ok(r.ok, `${path}: ${r.status}`); return r.json(); };

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A POST of the API with a JSON body: its answer (the test fails on a refusal). */
export async function post(path, body) {
  const r = await fetch(BASE + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const b = await r.json();
  assert.ok(r.ok, `${path}: ${r.status} ${JSON.stringify(b)}`);
  return b;
}

/** The replay of game `id` once it has ended (waited for, at most `tries` tenths of a second). */
export async function ended(id, tries = 600) {
  for (let i = 0; i < tries; i++) {
    const r = await fetchJson(`/api/games/${id}/replay`);
    if (!['waiting', 'running', 'paused'].includes(r.summary.status)) return r;
    await sleep(100);
  }
  assert.fail(`game ${id} did not end`);
}

/** Every notification the page makes, as `[title, body, how]` (its Notification and the
 * service worker's `showNotification` wrapped; `how`: `page` or `worker`). */
export async function watchNotifications(page) {
  const seen = [];
  await page.exposeFunction('tesseraNotified', (title, body, how) => { seen.push([title, body, how]); });
  await page.addInitScript(() => {
    const Real = window.Notification;
    const show = window.ServiceWorkerRegistration?.prototype.showNotification;
    if (show) {
      window.ServiceWorkerRegistration.prototype.showNotification = function (title, opts = {}) {
        window.tesseraNotified(title, opts.body ?? '', 'worker');
        return show.call(this, title, opts);
      };
    }
    function Spy(title, opts = {}) {
      window.tesseraNotified(title, opts.body ?? '', 'page');
      try { return new Real(title, opts); } catch { return { close() {}, set onclick(_) {} }; }
    }
    Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
    Spy.requestPermission = (...a) => Real.requestPermission(...a);
    window.Notification = Spy;
  });
  return seen;
}
