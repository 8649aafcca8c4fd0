// End-to-end test of the web UI in headless Chromium (playwright-core, Debian's chromium).
// Run by scripts/e2e, which starts `tessera serve` and sets TESSERA_URL (its HTTP door),
// TESSERA_TCP_PORT (its TCP door, for programs), TESSERA_BIN (the `tessera` binary, whose
// `client` plays as programs over TCP) and ARTIFACTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { showEngines } from './lib.mjs';

const BASE = process.env.TESSERA_URL || 'http://127.0.0.1:8080';
const TCP_PORT = process.env.TESSERA_TCP_PORT || '45678';
const BIN = process.env.TESSERA_BIN || 'tessera';
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
  // no service worker: its fetches would pass by page.route (the generic look's test aborts
  // a renderer's file); installable.test.mjs tests the worker
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  page.frames_ = [];
  page.sockets_ = [];
  page.on('websocket', (ws) => { page.sockets_.push(ws.url()); ws.on('framereceived', (f) => page.frames_.push(String(f.payload))); });
  page.errors_ = [];
  page.on('pageerror', (e) => page.errors_.push(String(e)));
  return page;
}
const shot = (page, name) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

/**
 * Creates a game through the New game form. seats: 'human', 'program' or 'bot:NAME'.
 * `seed: null` leaves the seed to the server (a table with a program's seat must).
 */
async function createGame(page, game, seats, { options = {}, seed = 7, delay = 60 } = {}) {
  await page.goto(`${BASE}/#/new`);
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.selectOption('#game', game);
  await page.fill('#players', String(seats.length));
  await page.dispatchEvent('#players', 'change');
  await showEngines(page, seats);
  const kinds = page.locator('.seat-row .kind');
  assert.equal(await kinds.count(), seats.length);
  for (let i = 0; i < seats.length; i++) await kinds.nth(i).selectOption(seats[i]);
  for (const [sel, v] of Object.entries(options)) await page.selectOption(sel, v);
  await page.fill('#seed', seed === null ? '' : String(seed));
  await page.fill('#delay', String(delay));
  await page.click('#start');
  await page.waitForURL(/#\/(game|watch)\//);
  const id = page.url().split('/').pop();
  await page.waitForSelector('#status:not(:empty)');
  return id;
}

const yourTurn = (page) => page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn', null, { timeout: 30000 });
const boardLabels = (page, sel) => page.$$eval(sel, (es) => es.map((e) => e.getAttribute('aria-label')).sort());
/** Starts `tessera ARGS...` (a program over TCP); its output is kept for failures. */
function tessera(args) {
  const child = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.output = '';
  child.stdout.on('data', (d) => { child.output += d; });
  child.stderr.on('data', (d) => { child.output += d; });
  child.done = new Promise((resolve) => child.on('exit', resolve));
  return child;
}
const stop = async (child) => { if (child.exitCode === null) { child.kill(); await child.done; } };
const fetchJson = async (path) => { const r = await fetch(BASE + path); assert.ok(r.ok, `${path}: ${r.status}`); return r.json(); };
/** The state messages the page received on its WebSocket. */
const states = (page) => page.frames_.map((f) => JSON.parse(f)).filter((m) => m.type === 'state');

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
  // another tile picked: the refusal was about the one before, and goes
  const chosen = await page.getAttribute('.tray button[aria-pressed=true]', 'data-tile');
  await page.click('.tray button[aria-pressed=false]');
  assert.equal(await page.textContent('#error'), '', 'no stale refusal after another tile is picked');
  await page.click(`.tray button[data-tile="${chosen}"]`);
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

/** How many moves game `id` has had, as the page's seat sees it (its token from storage). */
async function movesOf(page, id) {
  const [[, t]] = await page.evaluate((i) => JSON.parse(localStorage.getItem('tessera.tokens.' + i) || '[]'), id);
  return (await fetchJson(`/api/games/${id}?token=${t}`)).moves;
}

test('A hint against bots: off by default; on, it shows the strongest level\'s move and plays it; the record notes it', async () => {
  const page = await newPage();
  const id = await createGame(page, 'q', ['human', 'bot:ldasg'], { seed: 5 });
  await yourTurn(page);
  assert.ok(await page.locator('#hint-pref').isVisible(), 'the choice is offered against bots');
  assert.equal(await page.locator('#hints-on').isChecked(), false, 'off by default');
  assert.equal(await page.locator('#hint').isVisible(), false);
  await page.check('#hints-on');
  await page.click('#hint');
  await page.waitForSelector('#confirm-box:not([hidden])');
  // in players' words: the level, never the engine's spec
  assert.match(await page.textContent('#confirm-box'), /^Hint from Level 7: \w+ [\w -]+ at \(-?\d+,-?\d+\)/);
  assert.doesNotMatch(await page.textContent('#confirm-box'), /level:|plays|lines|ismcts/);
  assert.equal(await page.locator('#rated-badge').isVisible(), false, 'an unrated game has no Rated badge');
  await shot(page, 'hint');
  const before = await movesOf(page, id);
  await page.click('#confirm-move');
  let after = before;
  for (let k = 0; k < 100 && after <= before; k++) {
    await new Promise((r) => setTimeout(r, 100));
    after = await movesOf(page, id);
  }
  assert.ok(after > before, 'the hinted move was played');
  // resign, and the record says a hint was used
  await page.click('#resign');
  await page.click('#resign-yes');
  await page.waitForFunction(() => /Game over/.test(document.body.textContent));
  const record = await fetchJson(`/api/games/${id}/record`);
  assert.deepEqual(record.hints_used, [{ seat: 0, at_move: before }]);
  assert.deepEqual(page.errors_, []);
});

test('Q against a bot: place and commit, an illegal placement is refused, reload', async () => {
  const page = await newPage();
  const id = await createGame(page, 'q', ['human', 'bot:ldasg'], { seed: 5 });
  await yourTurn(page);
  await checkAccessibility(page, '#commit, #pass');
  // illegal: the first hand tile (seed 5: the orange circle) on a cell where it does not
  // fit: refused at once, in the game's words, nothing put down (the server refuses it too:
  // crates/server/tests)
  await page.click('.tray button[data-index="0"]');
  await page.click('.spot[data-legal=false]');
  assert.match(await page.textContent('#error'), /^The \w+ \w+ does not fit at -?\d+,-?\d+: .+\.$/);
  assert.equal(await page.locator('.pending').count(), 0);
  await shot(page, 'q-1-refused');
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

/** A spectator's frames: every state has no seat, no view, no legal moves, no hints. */
function spectatorFrames(page, g) {
  assert.ok(page.frames_.length > 0, 'WebSocket frames received');
  for (const f of page.frames_) {
    const m = JSON.parse(f);
    if (m.type !== 'state') continue;
    assert.equal(m.seat, null, `${g}: a spectator has no seat`);
    assert.equal(m.view, null, `${g}: a spectator frame holds a seat's view`);
    assert.deepEqual(m.legal, [], `${g}: a spectator frame holds legal moves`);
    assert.equal(m.hints, null, `${g}: a spectator frame holds hints`);
    for (const key of ['"tray"', '"hand"', '"tile*"', '"legal"', '"candidates"', '"placements"', '"forced"', '"unused"']) {
      assert.ok(!JSON.stringify(m.public).includes(key), `${g}: the public view holds ${key}`);
    }
  }
  assert.ok(page.sockets_.length > 0 && page.sockets_.every((u) => /\/api\/games\/\d+\/ws$/.test(u)), `one WebSocket path, no token: ${page.sockets_}`);
}

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
    spectatorFrames(page, g);
    for (const key of ['"tray"', '"hand"', '"legal"', '"candidates"', '"forced"', '"unused"']) {
      assert.ok(!html.includes(key), `${g}: the spectator DOM holds ${key}`);
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
  // slow enough not to end before the speed control is tried, then sped up to 0 ms
  const id = await createGame(page, 'triominos', ['bot:greedy', 'bot:greedy'], { seed: 21, delay: 300, options: { '#opt-end': 'round' } });
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
  // the step's words by the scrubber: the log's lines of that move
  const logged = await page.$$eval('#log li', (ls, k) => ls.filter((l) => l.value === k).map((l) => l.textContent).reverse(), max - 1);
  assert.equal(await page.textContent('#step-words'), logged.join(' · '));
  // the controls are words, not arrows that look alike
  assert.deepEqual(await page.$$eval('.scrub .controls button', (bs) => bs.map((b) => b.textContent)), ['First', 'Back', 'Play', 'Next', 'Last']);
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

test('A person plays a program that takes the open seat over TCP (tessera client --table)', async () => {
  const page = await newPage();
  // (no seed: a seed of one's own is only for practice, never with a program's seat)
  const id = await createGame(page, 'q', ['human', 'program'], { seed: null });
  // the table waits, and says how a program joins
  await page.waitForFunction(() => /^Waiting for 1 program/.test(document.querySelector('#status')?.textContent || ''));
  assert.equal(await page.textContent('#join .signup'), JSON.stringify({ name: 'NAME', table: Number(id) }));
  const cmd = (await page.textContent('#join .command')).trim();
  // the server tells its TCP port (GET /api/registry): the command is complete
  assert.match(cmd, new RegExp(`^tessera client --table ${id} --players \\S+ --port ${TCP_PORT}$`));
  await shot(page, 'program-1-waiting');
  // the lobby lists the table with the same instructions
  const lobby = await newPage();
  await lobby.goto(`${BASE}/#/`);
  await lobby.waitForSelector(`#running tr[data-id="${id}"][data-status=waiting]`);
  assert.equal((await lobby.textContent(`#running .join[data-table="${id}"] .command`)).trim(), cmd);
  // ... and the commands that seat a starter bot there (examples/bots/, docs/bots.md)
  assert.deepEqual(
    (await lobby.$$eval(`#running .join[data-table="${id}"] code.starter-bot`, (cs) => cs.map((c) => c.textContent.trim()))),
    [`python3 examples/bots/bot.py --table ${id} --pick greedy --port ${TCP_PORT}`,
      `node examples/bots/bot.js --table ${id} --pick greedy --port ${TCP_PORT}`]);
  await shot(lobby, 'program-2-lobby');
  // the program: the command shown, as it is shown
  const client = tessera(cmd.split(' ').slice(1));
  try {
    await yourTurn(page);
    const program = await page.textContent('#scores tbody tr:nth-child(2) td:nth-child(1)');
    assert.match(program, /\(program\)$/, 'the seat is a program over TCP');
    const name = program.replace(/ \(program\)$/, '');
    // a placement from the server's candidates, committed
    const log = () => page.$$eval('#log li', (ls) => ls.map((l) => l.textContent));
    let found = false;
    for (let i = 0; i < 6 && !found; i++) {
      await page.click(`.tray button[data-index="${i}"]`);
      found = (await page.locator('.spot[data-legal=true]').count()) > 0;
    }
    if (found) {
      await page.locator('.spot[data-legal=true]').first().click();
      await page.click('#commit');
    } else await page.click('#pass');
    // the program answers over TCP, and it is the person's turn again
    await page.waitForFunction((n) => [...document.querySelectorAll('#log li')].some((l) => l.textContent.startsWith(n + ' ')), name, { timeout: 20000 });
    await yourTurn(page);
    const lines = await log();
    assert.ok(lines.some((l) => l.startsWith('Player 1 ')), `the person's move is in the log: ${lines}`);
    await shot(page, 'program-3-played');
    assert.deepEqual(page.errors_, []);
    assert.deepEqual(lobby.errors_, []);
  } finally {
    await stop(client);
  }
});

test('A game without its renderer is played through the generic view (legal moves as buttons)', async () => {
  const page = await newPage();
  // the game's own look cannot load: the generic look takes over
  await page.route('**/static/q.js', (r) => r.abort());
  const id = await createGame(page, 'q', ['human', 'bot:ldasg'], { seed: 4, delay: 20 });
  await yourTurn(page);
  await page.waitForSelector('#generic:not([hidden]) .legal-move');
  assert.ok(await page.locator('#board').isHidden(), 'no board in the generic look');
  assert.match(await page.textContent('#public-json'), /"map"/);
  assert.match(await page.textContent('#view-json'), /"tile\*"/);
  await checkAccessibility(page, '.legal-move');
  await shot(page, 'generic-1-turn');
  const mine = async () => (await page.$$eval('#log li', (ls) => ls.map((l) => l.textContent))).filter((l) => l.startsWith('Player 1 ')).length;
  // a placement: a legal move's button
  const placement = page.locator('.legal-move[data-move^="["]').first();
  await placement.click();
  await page.waitForFunction(() => [...document.querySelectorAll('#log li')].some((l) => /^Player 1 placed/.test(l.textContent)));
  await yourTurn(page);
  assert.equal(await mine(), 1);
  // a spectator of the generic look (the game still runs) sees the public view only
  const watcher = await newPage();
  await watcher.route('**/static/q.js', (r) => r.abort());
  await watcher.goto(`${BASE}/#/watch/${id}`);
  await watcher.waitForSelector('#public-json');
  await watcher.waitForFunction(() => /spectating/.test(document.querySelector('#status')?.textContent || ''));
  // a move typed as JSON that is not legal is refused; then a pass found with the filter
  await page.fill('#move-json', '"castle"');
  await page.click('#send-move');
  assert.match(await refused(page), /Refused: .+/);
  await page.fill('#move-filter', 'pass');
  assert.equal(await page.locator('.legal-move').count(), 1);
  await page.click('.legal-move[data-move="pass"]');
  await page.waitForFunction(() => [...document.querySelectorAll('#log li')].some((l) => l.textContent === 'Player 1 passed'));
  // (the bot may end the game with its next move)
  await page.waitForFunction(() => /^(Your turn|Game over)/.test(document.querySelector('#status')?.textContent || ''));
  await shot(page, 'generic-2-played');
  assert.equal(await watcher.locator('#view-json, .legal-move').count(), 0);
  spectatorFrames(watcher, 'generic');
  // and the replay draws every step's public view
  await watcher.goto(`${BASE}/#/replay/${id}`);
  await watcher.waitForSelector('#scrubber');
  await watcher.focus('#scrubber');
  await watcher.keyboard.press('End');
  await watcher.waitForFunction(() => /"map"/.test(document.querySelector('#public-json')?.textContent || ''));
  assert.deepEqual(page.errors_, []);
  assert.deepEqual(watcher.errors_, []);
});

test('A spectator follows a game of two programs over TCP live, with no hidden tile', async () => {
  // two programs sign up for the lobby of Triominos: it seats them at a table of their own
  const client = tessera(['client', '--game', 'triominos', '--players', 'ismcts:ms=100,ismcts:ms=100', '--port', TCP_PORT]);
  try {
    let id = null;
    for (let i = 0; i < 100 && id === null; i++) {
      const { games: running } = await fetchJson('/api/games?status=running&game=triominos');
      id = running.find((g) => g.seats.every((s) => s.kind === 'program') && g.players.includes('ismcts1'))?.id ?? null;
      if (id === null) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(id !== null, `the programs' game runs: ${client.output}`);
    const page = await newPage();
    await page.goto(`${BASE}/#/`);
    const row = page.locator(`#running tr[data-id="${id}"]`);
    await row.waitFor();
    // (the two programs sign up at once: either may take the first seat)
    assert.match(await row.textContent(), /ismcts1 \(TCP\), ismcts2 \(TCP\)|ismcts2 \(TCP\), ismcts1 \(TCP\)/);
    await row.locator('a', { hasText: 'Watch' }).click();
    await page.waitForSelector('.placed');
    await shot(page, 'tcp-spectator-1-live');
    await page.waitForFunction(() => /^Game over/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 90000 });
    await shot(page, 'tcp-spectator-2-over');
    const seen = states(page);
    assert.ok(seen.filter((m) => m.status === 'running').length >= 3, 'the game was seen live');
    spectatorFrames(page, 'tcp');
    // every tile in a frame was placed by one of the moves so far (the record, once over)
    const record = await fetchJson(`/api/games/${id}/record`);
    const placed = record.moves.map((m) => m?.place?.tile ?? null);
    const tiles = (text) => new Set(text.match(/\b\d-\d-\d\b/g) || []);
    for (const m of seen) {
      const known = new Set(placed.slice(0, m.moves).filter(Boolean));
      for (const t of tiles(JSON.stringify(m))) assert.ok(known.has(t), `tile ${t} in a frame after ${m.moves} moves, not yet placed`);
    }
    const all = new Set(placed.filter(Boolean));
    for (const t of tiles(await page.content())) assert.ok(all.has(t), `tile ${t} in the DOM was never placed`);
    assert.deepEqual(page.errors_, []);
  } finally {
    await stop(client);
  }
});

test('The new-game form is drawn from the registry: seats, bots, rule options, solo; refusals shown', async () => {
  const { games: registry } = await fetchJson('/api/registry');
  const page = await newPage();
  await page.goto(`${BASE}/#/new`);
  await page.waitForSelector('#game option', { state: 'attached' });
  assert.deepEqual(await page.$$eval('#game option', (os) => os.map((o) => o.value)), registry.map((g) => g.name));
  for (const g of registry) {
    await page.selectOption('#game', g.name);
    assert.equal(await page.getAttribute('#players', 'min'), String(g.seats[0]));
    assert.equal(await page.getAttribute('#players', 'max'), String(g.seats[1]));
    const bots = g.bots.filter((b) => b.name !== g.solo?.bot);
    const levels = g.levels || [];
    const isLevel = (b) => levels.some((l) => l.spec === b.name);
    // people choose among the house levels; the engines behind them come with the switch
    const menu = () => page.$$eval('.seat-row:first-child .kind option', (os) => os.map((o) => [o.value, o.title]));
    if (levels.length) {
      if (await page.isChecked('#advanced-bots')) await page.uncheck('#advanced-bots');
      assert.deepEqual((await menu()).map(([v]) => v), ['human', 'program', ...bots.filter(isLevel).map((b) => 'bot:' + b.name)], `${g.name}: the levels only`);
      await page.check('#advanced-bots');
    }
    const kinds = await menu();
    assert.deepEqual(kinds.map(([v]) => v), ['human', 'program', ...bots.filter(isLevel).map((b) => 'bot:' + b.name), ...bots.filter((b) => !isLevel(b)).map((b) => 'bot:' + b.name)]);
    // the house levels by name and fixed rating ("Level 3 · 1335"), the ends named so
    const labels = await page.$$eval('.seat-row:first-child .kind option', (os) => os.map((o) => o.textContent));
    levels.forEach((l, k) => assert.ok(labels.includes(`Level ${k + 1} · ${Math.round(l.rating)}${k === 0 ? ', the weakest' : k === levels.length - 1 ? ', the strongest' : ''}`), `${g.name}: level ${k + 1} in ${labels}`));
    // "strongest" is said of the strongest level only, never of an engine
    assert.equal(labels.filter((l) => /strongest/.test(l)).length, levels.length ? 1 : 0, `${g.name}: one strongest in ${labels}`);
    // (the registry's words are messages: the page's language renders them)
    const abouts = await page.evaluate(async (bs) => { const { words } = await import('/static/i18n.js'); return bs.map((b) => words(b.about)); }, bots);
    bots.forEach((b, k) => assert.ok(isLevel(b) || kinds.some(([v, t]) => v === 'bot:' + b.name && t.startsWith(abouts[k])), `${g.name} ${b.name}: its about as the title`));
    for (const o of g.options) assert.equal(await page.locator(`#opt-${o.key}`).count(), 1, `${g.name}: option ${o.key}`);
    // a strength field for the bots that take ms= or budget=
    const second = page.locator('.seat-row').nth(1);
    for (const b of bots) {
      await second.locator('.kind').selectOption('bot:' + b.name);
      assert.equal(await second.locator('.strength').isVisible(), /\b(ms|budget)=/.test(b.params), `${g.name} ${b.name}: strength field`);
    }
  }
  await shot(page, 'new-game-form');
  // a game against a level plays that level's spec
  const q = registry.find((g) => g.name === 'q');
  if (q?.levels?.length) {
    await page.selectOption('#game', 'q');
    await page.fill('#players', '2');
    await page.dispatchEvent('#players', 'change');
    await page.locator('.seat-row').nth(1).locator('.kind').selectOption('bot:level:2');
    assert.equal(await page.locator('.seat-row').nth(1).locator('.bot-about').textContent(), `level 2 of ${q.levels.length}, rated ${Math.round(q.levels[1].rating)}: plays as ${q.levels[1].plays}`);
    await page.fill('#seed', '3');
    await page.click('#start');
    await page.waitForURL(/#\/game\//);
    const id = page.url().split('/').pop();
    // the seat plays the level's spec, named in the page's words ("Level 2", not "level:2")
    const listed = (await fetchJson(`/api/games?before=${Number(id) + 1}&limit=1`)).games[0];
    assert.deepEqual(listed.seats[1], { kind: 'bot', name: 'Level 2', spec: 'level:2' });
    await page.goto(`${BASE}/#/new`);
    await page.waitForSelector('#game option', { state: 'attached' });
  }
  // the server's refusal is shown, not thrown
  await page.selectOption('#game', 'q');
  await page.fill('#players', '4');
  await page.dispatchEvent('#players', 'change');
  await page.selectOption('#opt-copies', '1');
  await page.fill('#opt-hand_size', '12');
  await page.click('#start');
  await page.waitForFunction(() => /^Cannot start: .+/.test(document.querySelector('#error')?.textContent || ''));
  assert.match(page.url(), /#\/new$/);
  // a solo game: one seat, the solo bot added by the server in the last seat
  const solo = registry.find((g) => g.solo);
  if (solo) {
    await page.selectOption('#game', solo.name);
    const choice = solo.options.find((o) => o.key === solo.solo.option).kind.values.find(([v]) => v !== null)[0];
    await page.selectOption(`#opt-${solo.solo.option}`, choice);
    assert.equal(await page.locator('.seat-row').count(), 1);
    assert.ok(await page.locator('#players').isDisabled());
    assert.ok(await page.locator('#solo-note').isVisible());
    await shot(page, 'new-game-solo');
    await page.fill('#seed', '2');
    await page.click('#start');
    await page.waitForURL(/#\/game\//);
    await yourTurn(page);
    assert.equal(await page.locator('#scores tbody tr').count(), 2);
    assert.match(await page.textContent('#scores tbody tr:nth-child(2)'), new RegExp(solo.solo.bot));
    await shot(page, 'solo-turn');
  }
  await checkAccessibility(page, '#rotate, .legal-move');
  assert.deepEqual(page.errors_, []);
});

test('Every game of the registry: a bot game ends, its page and its replay draw without script errors', async () => {
  const { games: registry } = await fetchJson('/api/registry');
  const page = await newPage();
  for (const g of registry) {
    // a bot without parameters (a quick one), in the fewest seats
    const bot = g.bots.find((b) => !b.params && b.name !== g.solo?.bot) ?? g.bots[0];
    const seats = Array.from({ length: Math.max(g.seats[0], 2) }, () => ({ kind: 'bot', spec: bot.name }));
    const r = await fetch(`${BASE}/api/games`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: g.name, seats, seed: 5, delay_ms: 0 }),
    });
    const { id } = await r.json();
    assert.ok(r.ok && id, `${g.name}: created`);
    await page.goto(`${BASE}/#/watch/${id}`);
    await page.waitForFunction(() => /^Game over/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 60000 });
    await page.click('#replay-link');
    await page.waitForSelector('#scrubber');
    const max = Number(await page.getAttribute('#scrubber', 'max'));
    for (const key of ['Home', 'ArrowRight', 'PageDown', 'End']) {
      await page.focus('#scrubber');
      await page.keyboard.press(key);
    }
    await page.waitForFunction((m) => document.querySelector('#step-label')?.textContent === `move ${m} of ${m}`, max);
    assert.match(await page.textContent('#result'), /^Game over — .+ (wins|share the win)/);
    await shot(page, `replay-${g.name}`);
  }
  assert.deepEqual(page.errors_, []);
});
