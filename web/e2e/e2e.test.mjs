// End-to-end test of the web UI in headless Chromium (playwright-core, Debian's chromium).
// Run by scripts/e2e, which starts `tessera web` and sets TESSERA_URL and ARTIFACTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const BASE = process.env.TESSERA_URL || 'http://127.0.0.1:8080';
const ARTIFACTS = process.env.ARTIFACTS || 'artifacts/e2e';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
mkdirSync(ARTIFACTS, { recursive: true });

let browser;
const games = {}; // game name -> { id, tray/hand tiles seen by the human }

before(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    // playwright gives every launch a fresh temporary --user-data-dir
  });
});
after(async () => { await browser?.close(); });

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.frames_ = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => page.frames_.push(String(f.payload))));
  page.errors_ = [];
  page.on('pageerror', (e) => page.errors_.push(String(e)));
  return page;
}
const shot = (page, name) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

/** Creates a game through the New game form. seats: 'human' or 'bot:NAME'. */
async function createGame(page, game, seats, { variants = {}, seed = 7, delay = 60 } = {}) {
  await page.goto(`${BASE}/#/new`);
  await page.selectOption('#game', game);
  await page.fill('#players', String(seats.length));
  await page.dispatchEvent('#players', 'change');
  const kinds = page.locator('.seat-row .kind');
  assert.equal(await kinds.count(), seats.length);
  for (let i = 0; i < seats.length; i++) await kinds.nth(i).selectOption(seats[i]);
  for (const [sel, v] of Object.entries(variants)) await page.selectOption(sel, v);
  await page.fill('#seed', String(seed));
  await page.fill('#delay', String(delay));
  await page.click('#start');
  await page.waitForURL(/#\/(game|watch)\//);
  const id = page.url().split('/').pop();
  await page.waitForSelector('#status:not(:empty)');
  return id;
}

const yourTurn = (page) => page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn', null, { timeout: 30000 });
const boardLabels = (page, sel) => page.$$eval(sel, (es) => es.map((e) => e.getAttribute('aria-label')).sort());
async function refused(page) {
  await page.waitForFunction(() => /^Refused: /.test(document.querySelector('#error')?.textContent || ''), null, { timeout: 10000 });
  return page.textContent('#error');
}

/** Every control has a name and is keyboard-reachable (focusable, and Tab reaches `target`). */
async function checkAccessibility(page, target) {
  const bad = await page.$$eval('button, input, select, a[href], [role=button]', (es) => es
    .filter((e) => e.offsetParent !== null || e instanceof SVGElement)
    .filter((e) => {
      const name = (e.getAttribute('aria-label') || e.textContent || '').trim() || (e.labels && e.labels.length ? 'label' : '');
      return !name || e.tabIndex < 0;
    }).map((e) => e.outerHTML.slice(0, 80)));
  assert.deepEqual(bad, [], 'controls without a label or not focusable');
  await page.focus('#nav-lobby');
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((t) => document.activeElement?.matches(t), target)) return;
  }
  assert.fail(`Tab never reached ${target}`);
}

/** Reloads and checks the same state comes back. */
async function reloadSame(page, selectors) {
  await yourTurn(page);
  const before = {};
  for (const s of selectors) before[s] = await boardLabels(page, s);
  await page.reload();
  await yourTurn(page);
  for (const s of selectors) assert.deepEqual(await boardLabels(page, s), before[s], `after reload: ${s}`);
}

test('Triominos against a bot: click a legal move, an illegal one is refused, reload', async () => {
  const page = await newPage();
  const id = await createGame(page, 'triominos', ['human', 'bot:greedy'], { seed: 11 });
  await yourTurn(page);
  // rotate until the selected tile has a highlighted spot
  for (let i = 0; i < 3 && !(await page.$('.spot[data-legal=true]')); i++) await page.click('#rotate');
  if (!(await page.$('.spot[data-legal=true]'))) {
    // no placement for the selected tile: try the others
    for (const b of await page.$$('.tray button')) { await b.click(); for (let i = 0; i < 3 && !(await page.$('.spot[data-legal=true]')); i++) await page.click('#rotate'); if (await page.$('.spot[data-legal=true]')) break; }
  }
  await shot(page, 'triominos-1-turn');
  // pan and zoom change the board's viewBox
  const vb = () => page.getAttribute('#board', 'viewBox');
  const v0 = await vb();
  await page.click('[aria-label="Zoom in"]');
  const v1 = await vb();
  assert.notEqual(v1, v0);
  const box = await page.locator('#board').boundingBox();
  await page.mouse.move(box.x + 60, box.y + 60);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + 120, { steps: 4 });
  await page.mouse.up();
  assert.notEqual(await vb(), v1);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 300);
  await page.click('[aria-label="Fit board to view"]');
  await checkAccessibility(page, '#rotate');
  // an illegal spot is refused with a reason
  await page.click('.spot[data-legal=false]');
  const reason = await refused(page);
  assert.match(reason, /Refused: .+/);
  await shot(page, 'triominos-2-refused');
  // a legal spot by clicking
  const placed = await page.locator('.placed').count();
  const legal = page.locator('.spot[data-legal=true]').first();
  if (await legal.count()) {
    await legal.click();
    await page.waitForFunction((n) => document.querySelectorAll('.placed').length > n, placed);
  } else {
    await page.click('#draw'); // no placement at all: drawing is the legal move
    await page.waitForFunction(() => /drew a tile/.test(document.querySelector('#log')?.textContent || ''));
  }
  await yourTurn(page);
  await shot(page, 'triominos-3-after-move');
  const tray = await page.$$eval('.tray button', (bs) => bs.map((b) => b.dataset.tile));
  assert.ok(tray.length > 0);
  // the player's own frames do hold its tray: the spectator check below can fail
  assert.ok(page.frames_.some((f) => f.includes('"tray"') && tray.every((t) => f.includes(`"${t}"`))));
  games.triominos = { id, tray };
  await reloadSame(page, ['.placed', '.tray button']);
  await shot(page, 'triominos-4-reloaded');
  assert.deepEqual(page.errors_, []);
});

test('Q against a bot: place and commit, an illegal placement is refused, reload', async () => {
  const page = await newPage();
  const id = await createGame(page, 'q', ['human', 'bot:ldasg'], { seed: 5 });
  await yourTurn(page);
  await checkAccessibility(page, '#commit, #pass');
  // illegal: the first hand tile on a cell where it does not fit
  await page.click('.tray button[data-index="0"]');
  await page.click('.spot[data-legal=false]');
  await page.click('#commit');
  const reason = await refused(page);
  assert.match(reason, /Refused: .+/);
  await shot(page, 'q-1-refused');
  await page.click('#undo');
  // legal: a hand tile with a highlighted cell
  const before = await page.locator('.qtile').count();
  let found = false;
  for (let i = 0; i < 6 && !found; i++) {
    const b = page.locator(`.tray button[data-index="${i}"]`);
    if (!(await b.count())) break;
    await b.click();
    found = (await page.locator('.spot[data-legal=true]').count()) > 0;
  }
  if (found) {
    await page.locator('.spot[data-legal=true]').first().click();
    // a second tile on the same line, when one fits
    for (let i = 0; i < 6; i++) {
      const b = page.locator(`.tray button[data-index="${i}"]:not([disabled])`);
      if (!(await b.count())) continue;
      await b.click();
      if (await page.locator('.spot[data-legal=true]').count()) { await page.locator('.spot[data-legal=true]').first().click(); break; }
    }
    const pending = await page.locator('.pending').count();
    await shot(page, 'q-2-pending');
    // tiles put down but not committed are still there after a reload
    await page.reload();
    await yourTurn(page);
    await page.waitForSelector('.pending');
    assert.equal(await page.locator('.pending').count(), pending);
    await page.click('#commit');
    await page.waitForFunction((n) => document.querySelectorAll('.qtile').length >= n, before + pending);
    await page.waitForFunction((n) => document.querySelectorAll('.qtile').length > n, before);
  } else {
    await page.click('#pass');
  }
  await yourTurn(page);
  await shot(page, 'q-3-after-move');
  games.q = { id };
  await reloadSame(page, ['.qtile', '.tray button']);
  assert.deepEqual(page.errors_, []);
});

test('Akropolis against a bot: build by clicking, an illegal spot is refused, reload', async () => {
  const page = await newPage();
  const id = await createGame(page, 'akropolis', ['human', 'bot:greedy'], { seed: 3 });
  await yourTurn(page);
  await checkAccessibility(page, '#rotate');
  for (let i = 0; i < 6 && !(await page.$('.spot[data-legal=true]')); i++) await page.click('#rotate');
  await shot(page, 'akropolis-1-turn');
  await page.click('.spot[data-legal=false]');
  const reason = await refused(page);
  assert.match(reason, /Refused: .+/);
  const hexes = await page.locator('.hex').count();
  await page.locator('.spot[data-legal=true]').first().click();
  await page.waitForFunction((n) => document.querySelectorAll('.hex').length > n, hexes);
  await yourTurn(page);
  await shot(page, 'akropolis-2-after-move');
  games.akropolis = { id };
  await reloadSame(page, ['.spot', '.site button']);
  // the keyboard alone: R rotates, Enter on a focused spot builds
  const rot = await page.textContent('#rotate');
  await page.focus('#board');
  await page.keyboard.press('r');
  assert.notEqual(await page.textContent('#rotate'), rot);
  for (let i = 0; i < 6 && !(await page.$('.spot[data-legal=true]')); i++) await page.keyboard.press('r');
  const before = await page.locator('.hex').count();
  await page.locator('.spot[data-legal=true]').first().focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('.hex').length > n, before);
  assert.deepEqual(page.errors_, []);
});

test('Spectators see no hidden tile (DOM and WebSocket frames)', async () => {
  assert.ok(games.triominos, 'the Triominos game ran');
  for (const g of ['triominos', 'q', 'akropolis']) {
    if (!games[g]) continue;
    const page = await newPage();
    await page.goto(`${BASE}/#/watch/${games[g].id}`);
    await page.waitForSelector('#status:not(:empty)');
    await page.waitForFunction(() => document.querySelectorAll('#scores tr').length > 1);
    await page.waitForTimeout(300);
    await shot(page, `spectator-${g}`);
    const html = await page.content();
    assert.ok(page.frames_.length > 0, 'WebSocket frames received');
    for (const text of [html, ...page.frames_]) {
      for (const key of ['"tray"', '"hand"', '"legal"', '"candidates"', '"forced"', '"unused"']) {
        assert.ok(!text.includes(key), `${g}: spectator traffic holds ${key}`);
      }
    }
    assert.equal(await page.locator('[aria-label="Your tray"], [aria-label="Your hand"]').count(), 0);
    if (g === 'triominos') {
      const onBoard = await boardLabels(page, '.placed');
      for (const t of games.triominos.tray) {
        if (onBoard.some((l) => l.includes(`tile ${t} `))) continue;
        assert.ok(!html.includes(t), `tray tile ${t} in the spectator DOM`);
        assert.ok(!page.frames_.some((f) => f.includes(`"${t}"`)), `tray tile ${t} in a WebSocket frame`);
      }
    }
  }
});

test('A bot-vs-bot game is watched live to its end, then replayed with the scrubber', async () => {
  const page = await newPage();
  const id = await createGame(page, 'triominos', ['bot:greedy', 'bot:greedy'], { seed: 21, delay: 5, variants: { '#v-end': 'round' } });
  assert.match(page.url(), /#\/watch\//);
  // the speed control reaches the server: its answer shows the new delay
  await page.focus('#speed');
  await page.keyboard.press('End');
  await page.waitForFunction(() => /2000 ms/.test(document.querySelector('.speed label')?.textContent || ''));
  await shot(page, 'botgame-1-live');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => /\b0 ms/.test(document.querySelector('.speed label')?.textContent || ''));
  await page.waitForFunction(() => /^Game over/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 60000 });
  await shot(page, 'botgame-2-over');
  await page.goto(`${BASE}/#/`);
  const link = page.locator(`#finished tr[data-id="${id}"] a`);
  await link.waitFor({ timeout: 10000 });
  await shot(page, 'lobby');
  await link.click();
  await page.waitForSelector('#scrubber');
  const max = Number(await page.getAttribute('#scrubber', 'max'));
  assert.ok(max > 2, 'the game had moves');
  assert.equal(await page.locator('.placed').count(), 0, 'the replay starts on an empty board');
  await page.focus('#scrubber');
  await page.keyboard.press('End');
  await page.waitForFunction((m) => document.querySelector('#step-label')?.textContent === `move ${m} of ${m}`, max);
  assert.ok(await page.locator('.placed').count() > 0);
  await shot(page, 'replay-end');
  await page.click('[aria-label="Previous move"]');
  assert.equal(await page.textContent('#step-label'), `move ${max - 1} of ${max}`);
  await checkAccessibility(page, '#scrubber');
  assert.deepEqual(page.errors_, []);
});

test('Two people at one browser (hotseat): the page follows the seat to move', async () => {
  const page = await newPage();
  await createGame(page, 'q', ['human', 'human'], { seed: 8 });
  await yourTurn(page);
  const me = async () => (await page.textContent('#scores tr.to-move td')).trim();
  const first = await me();
  assert.match(first, /\(you\)/);
  await page.click('#pass');
  await page.waitForFunction((f) => {
    const td = document.querySelector('#scores tr.to-move td');
    return td && td.textContent !== f && /\(you\)/.test(td.textContent) && document.querySelector('#status')?.textContent === 'Your turn';
  }, first);
  assert.notEqual(await me(), first);
  await shot(page, 'hotseat');
  assert.deepEqual(page.errors_, []);
});
