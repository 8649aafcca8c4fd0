// The Arena in the browser: an account registered in the page plays a rated game (queued by
// Play rated, paired with a house level once nobody is near: scripts/e2e runs the server
// with --arena-house-after 1000), resigns it, sees its rating change on the end screen and
// its name on the leaderboard and its own page; a guest gets the login form at #/arena; a
// taken name, a wrong password are said in words; a bot account makes and revokes an API
// token; the pages fit a phone. Run by scripts/e2e (TESSERA_URL, ARTIFACTS, CHROMIUM).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE, launch, newPage, shot, watchNotifications } from './lib.mjs';

const TCP_PORT = process.env.TESSERA_TCP_PORT || '45678';
const BIN = process.env.TESSERA_BIN || 'tessera';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/**
 * A page (lib's newPage) that also keeps its console's errors (`console_`), but for the
 * refusals a test asks for (a taken name: 409, a wrong password: 401, a challenge of someone
 * who does not wait: 404), which Chromium logs.
 */
async function arenaPage(context) {
  const page = await newPage(browser, context);
  page.console_ = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const said = `${m.text()} (${m.location()?.url ?? ''})`;
    if (/^Failed to load resource: the server responded with a status of (401|409)\b/.test(said)) return;
    if (/^Failed to load resource: the server responded with a status of 404 .*\/api\/arena\/challenge\)$/.test(said)) return;
    page.console_.push(said);
  });
  return page;
}
const clean = (page) => { assert.deepEqual(page.errors_, []); assert.deepEqual(page.console_, []); };

const text = (page, sel) => page.textContent(sel).then((t) => (t ?? '').trim());
const statusIs = (page, re, timeout = 30000) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector('#status')?.textContent || ''), re.source, { timeout });
// a fresh name per run (the store may be shared by several runs of one server)
const unique = (stem) => `${stem}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
const PASSWORD = 'correct horse battery';
const api = async (path, body) => {
  const r = await fetch(BASE + path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: r.status === 204 ? null : await r.json() };
};

/** Registers through the form (#/register): the page is logged in afterwards. */
async function register(page, name, kind = 'person') {
  await page.goto(`${BASE}/#/register`);
  await page.waitForSelector('#register-form');
  await page.fill('#account-name', name);
  await page.fill('#account-password', PASSWORD);
  await page.selectOption('#account-kind', kind);
  await page.click('#register-submit');
  await page.waitForFunction((n) => document.querySelector('#nav-me')?.textContent.startsWith(n), name);
}

// Triominos, not Q: a Q game ends at its first turn when the first player places its whole
// hand (1.6% of greedy-vs-random games, `qstudy greedy random 3000`), before the person
// could resign; a Triominos game cannot end before its seventh turn.
test('A person registers, plays a rated game against a house level, sees the rating change and the leaderboard', async () => {
  const page = await arenaPage();
  const name = unique('ann');
  await register(page, name);
  // after registering: the Arena, its Play rated form
  await page.waitForURL(/#\/arena$/);
  await page.waitForSelector('#play-rated');
  assert.ok(await page.locator('#logout').isVisible(), 'Log out in the header');
  assert.equal(await page.locator('#nav-login').count(), 0, 'no Log in when logged in');
  await page.selectOption('#arena-game', 'triominos');
  await page.selectOption('#arena-players', '2');
  await page.click('#play-rated');
  // waiting, counted in seconds, with a Cancel button; then a house level takes the other seat
  await page.waitForFunction(() => /^Waiting for an opponent… \(\d+ s\)$/.test(document.querySelector('.wait-text')?.textContent || ''));
  assert.ok(await page.locator('#arena-cancel').isVisible());
  assert.match(await text(page, '#ticket-list'), /queued/);
  await shot(page, 'arena-waiting');
  await page.waitForURL(/#\/game\/\d+$/, { timeout: 30000 });
  const id = Number(page.url().split('/').pop());
  // the seat's token is kept like a created game's: [[seat, token]]
  const tokens = await page.evaluate((i) => JSON.parse(localStorage.getItem('tessera.tokens.' + i) || '[]'), id);
  assert.equal(tokens.length, 1);
  assert.ok(Number.isInteger(tokens[0][0]) && typeof tokens[0][1] === 'string', JSON.stringify(tokens));
  await page.waitForSelector('#scores tbody tr:nth-child(2)');
  const seats = await page.$$eval('#scores tbody tr td:first-child', (tds) => tds.map((t) => t.textContent));
  assert.ok(seats.some((s) => s === `${name} (you)`), `my seat: ${seats}`);
  await page.waitForSelector('#rated-badge:visible');
  assert.equal(await text(page, '#rated-badge'), 'Rated');
  await shot(page, 'arena-rated-game');
  // a resigned rated game is rated as a loss
  await page.waitForSelector('#resign:visible');
  await page.click('#resign');
  await page.click('#resign-yes');
  await statusIs(page, new RegExp(`^Game over — ${name} resigned`));
  await page.waitForSelector('#rated-changes li', { timeout: 15000 });
  const lines = await page.$$eval('#rated-changes li', (ls) => ls.map((l) => l.textContent));
  const mine = lines.find((l) => l.startsWith(`${name} `));
  assert.ok(mine, `my rating change among ${JSON.stringify(lines)}`);
  const [, before, after_, change] = mine.match(/^\S+ (\d+) → (\d+) \(([-+±]\d+)\)$/) ?? [];
  assert.ok(before, `a line like "${name} 1500 → 1400 (-100)": ${mine}`);
  assert.ok(Number(change) < 0 && Number(after_) < Number(before), `a loss lowers the rating: ${mine}`);
  assert.equal(Number(after_) - Number(before), Number(change), mine);
  assert.ok(lines.some((l) => /\(house\) \d+ → \d+/.test(l)), `the house level's line: ${JSON.stringify(lines)}`);
  // played again through the queue, not an (unrated) rematch
  assert.equal(await page.locator('#rematch').count(), 0);
  assert.equal(await page.getAttribute('#play-rated-again', 'href'), '#/arena');
  // the page says what the server says
  const rated = (await api(`/api/games/${id}/rated`)).body;
  const row = rated.find((r) => r.name === name);
  assert.equal(Math.round(row.change), Number(change));
  await shot(page, 'arena-rating-change');
  // the leaderboard of Triominos, 2 players: my name, linking to my page
  await page.click('#nav-leaderboards');
  await page.waitForSelector('#board-game');
  if (await page.locator('#board-game').inputValue() !== 'triominos') await page.selectOption('#board-game', 'triominos');
  await page.waitForSelector('#pool-duel[aria-selected="true"]');
  await page.waitForSelector(`#ranks tr[data-name="${name}"]`);
  assert.match(await text(page, `#ranks tr[data-name="${name}"] td.games`), /^1$/);
  assert.ok(await page.locator('#ranks tr.house').count() >= 1, 'the house levels are listed');
  assert.match(await text(page, '#ranks tr.house td.who'), /^level:?\d+ \(house\)$/);
  // the ranks follow a number the page shows: the standing, never rising down the list
  const standings = await page.$$eval('#ranks tbody td.standing', (tds) => tds.map((t) => Number(t.textContent)));
  assert.ok(standings.length >= 2 && standings.every((x) => Number.isFinite(x)), `standings: ${standings}`);
  assert.ok(standings.every((x, i) => i === 0 || x <= standings[i - 1]), `ranked by standing: ${standings}`);
  await shot(page, 'arena-leaderboard');
  // the 3+ players tab: another table
  await page.click('#pool-multi');
  await page.waitForSelector('#pool-multi[aria-selected="true"]');
  await page.waitForSelector('#leaderboard-empty, #ranks');
  assert.equal(await page.locator(`#ranks tr[data-name="${name}"]`).count(), 0, 'no multi-player rating from a duel');
  // my page: the rating, the rated game linking to its replay
  await page.goto(`${BASE}/#/leaderboard/triominos?pool=duel`);
  await page.click(`#ranks tr[data-name="${name}"] a`);
  await page.waitForURL(new RegExp(`#/account/${name}$`));
  await page.waitForSelector('#ratings tr[data-game="triominos"][data-pool="duel"]');
  assert.match(await text(page, '#ratings tr[data-game="triominos"] td.rating'), new RegExp(`^${after_} ±\\d+`));
  await page.waitForSelector(`#history tr[data-game-id="${id}"] a[href="#/replay/${id}"]`);
  assert.match(await text(page, `#history tr[data-game-id="${id}"] td.change`), new RegExp(`^${before} → ${after_} \\(${change}\\)$`));
  // the result: resigned, the account came 2nd of the two
  assert.equal(await text(page, `#history tr[data-game-id="${id}"] td.place`), '2nd');
  // with whom: the house level it played, and the result in words
  assert.match(await text(page, `#history tr[data-game-id="${id}"] td.opponents`), /^vs level:?\d+ \(house\)$/);
  assert.equal(await text(page, `#history tr[data-game-id="${id}"] td.result`), 'lost');
  // the record against the house levels: that one game, lost
  const level = (await text(page, `#history tr[data-game-id="${id}"] td.opponents`)).match(/level:?\d+/)[0];
  const houseRow = `#house-record tr[data-game="triominos"][data-level="${level}"]`;
  assert.deepEqual([await text(page, `${houseRow} td.won`), await text(page, `${houseRow} td.lost`), await text(page, `${houseRow} td.drawn`)], ["0", "1", "0"]);
  await shot(page, 'arena-account');
  // the replay says Rated too, with the changes
  await page.click(`#history tr[data-game-id="${id}"] a`);
  await page.waitForSelector('#scrubber');
  // (at the game's end: the changes say who won)
  await page.click('[aria-label="Last move"]');
  await page.waitForSelector('#rated-changes li');
  clean(page);
});

test('A guest gets the login form at #/arena; a taken name and a wrong password are said in words; log in and out', async () => {
  const name = unique('bea');
  const made = await api('/api/account/register', { name, password: PASSWORD, kind: 'person' });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  const page = await arenaPage();
  await page.goto(`${BASE}/#/arena`);
  await page.waitForSelector('#login-form #account-name');
  assert.match(await text(page, '#arena-login-note'), /Rated games need an account/);
  assert.equal(await page.locator('#play-rated').count(), 0);
  assert.ok(await page.locator('#nav-login').isVisible() && await page.locator('#nav-register').isVisible());
  await shot(page, 'arena-guest');
  // the name is taken: the server's message, inline; still a guest
  await page.click('#nav-register');
  await page.waitForSelector('#register-form');
  await page.fill('#account-name', name);
  await page.fill('#account-password', PASSWORD);
  await page.click('#register-submit');
  await page.waitForFunction(() => /taken/i.test(document.querySelector('#account-error')?.textContent || ''));
  assert.match(page.url(), /#\/register$/);
  assert.ok(await page.locator('#nav-login').isVisible());
  await shot(page, 'arena-name-taken');
  // the form's own checks, before the server
  await page.fill('#account-name', '1abc');
  await page.click('#register-submit');
  assert.match(await text(page, '#account-error'), /starting with a letter/);
  // a wrong password, then the right one: logged in, on the Arena
  await page.goto(`${BASE}/#/login`);
  await page.waitForSelector('#login-form');
  await page.fill('#account-name', name);
  await page.fill('#account-password', 'not the password');
  await page.click('#login-submit');
  await page.waitForFunction(() => /wrong name or password/.test(document.querySelector('#account-error')?.textContent || ''));
  await page.fill('#account-password', PASSWORD);
  await page.click('#login-submit');
  await page.waitForURL(/#\/arena$/);
  await page.waitForSelector('#play-rated');
  assert.equal(await text(page, '#nav-me'), name);
  // the session outlives a reload (the cookie), and Log out ends it
  await page.reload();
  await page.waitForSelector('#play-rated');
  await page.click('#logout');
  await page.waitForSelector('#nav-login');
  await page.goto(`${BASE}/#/arena`);
  await page.waitForSelector('#login-form');
  // guests still play unrated games
  await page.goto(`${BASE}/#/new`);
  await page.waitForSelector('#start');
  clean(page);
});

test('A bot account: an API token made (shown once, with the sign-up line), a rated game played with it over TCP, the token revoked', async () => {
  const page = await arenaPage();
  const name = unique('robo');
  await register(page, name, 'bot');
  await page.waitForURL(new RegExp(`#/account/${name}$`));
  await page.waitForSelector('#token-form');
  await page.fill('#token-label', 'laptop');
  await page.click('#new-token');
  await page.waitForSelector('#token-value');
  const token = await text(page, '#token-value');
  assert.ok(token.length >= 8, `a token: ${token}`);
  const signup = JSON.parse(await text(page, '#token-signup'));
  assert.deepEqual({ ...signup, game: undefined }, { name, game: undefined, token, rated: true });
  await page.waitForSelector('#tokens-table tbody tr');
  assert.match(await text(page, '#tokens-table tbody tr'), /laptop/);
  await shot(page, 'arena-token');
  // the command shown plays a rated game over TCP (against a house level: nobody else waits)
  await page.selectOption('#token-game', 'q');
  const command = await text(page, '#token-command');
  assert.match(command, new RegExp(`^tessera client --game q --players SPEC --token ${token} --rated --port ${TCP_PORT}$`));
  const args = command.split(/\s+/).slice(1).map((a) => (a === 'SPEC' ? 'random' : a));
  const child = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  let timer;
  const code = await Promise.race([new Promise((r) => child.on('exit', r)), new Promise((r) => { timer = setTimeout(() => r('timeout'), 90000); })]);
  clearTimeout(timer);
  if (code === 'timeout') child.kill();
  assert.equal(code, 0, `tessera ${args.join(' ')}:\n${output}`);
  // its page: a rating of Q, the game in its history, the token used
  await page.reload();
  await page.waitForSelector('#ratings tr[data-game="q"][data-pool="duel"]', { timeout: 15000 });
  assert.equal(await page.locator('#history tbody tr').count(), 1);
  await page.waitForSelector('#tokens-table tbody tr');
  assert.doesNotMatch(await text(page, '#tokens-table tbody tr'), /never/, 'the token was used');
  // revoking is asked first: No keeps the token
  await page.click('#tokens-table button.revoke');
  await page.click('#tokens-table button.revoke-no');
  assert.doesNotMatch(await text(page, '#tokens-table tbody tr'), /revoked/);
  await page.click('#tokens-table button.revoke');
  await page.click('#tokens-table button.revoke-yes');
  await page.waitForSelector('#tokens-table tbody tr.revoked');
  assert.match(await text(page, '#tokens-table tbody tr'), /revoked/);
  // a bot plays over TCP: the Arena says so instead of a queue
  await page.click('#nav-arena');
  await page.waitForFunction(() => /bot account/.test(document.querySelector('main')?.textContent || ''));
  assert.equal(await page.locator('#play-rated').count(), 0);
  clean(page);
});

/**
 * A server of its own with the default house delay (15 s: nobody is paired with a house level
 * during the test), on free ports and a fresh store; `stop()` ends it.
 */
async function slowHouseServer() {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-arena-'));
  const child = spawn(BIN, ['serve', '--tcp-port', '0', '--http-port', '0', '--db', join(dir, 'tessera.db')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stderr.on('data', () => {});
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no http=PORT line: ${out}`)), 15000);
    child.stdout.on('data', (d) => { out += d; const m = out.match(/tcp=(\d+).*http=(\d+)|http=(\d+)/); if (m) { clearTimeout(timer); resolve(m[2] ?? m[3]); } });
    child.on('exit', (c) => { clearTimeout(timer); reject(new Error(`the server exited (${c}): ${out}`)); });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    tcp: (out.match(/tcp=(\d+)/) ?? [])[1],
    stop: async () => { if (child.exitCode === null) { child.kill(); await new Promise((r) => child.on('exit', r)); } rmSync(dir, { recursive: true, force: true }); },
  };
}

test('Cancel leaves the queue; a person challenges another, who declines, then accepts from the inbox: one rated table (two browsers)', async () => {
  const server = await slowHouseServer();
  try {
    const join_ = async (page, name) => {
      await page.goto(`${server.url}/#/register`);
      await page.waitForSelector('#register-form');
      await page.fill('#account-name', name);
      await page.fill('#account-password', PASSWORD);
      await page.click('#register-submit');
      await page.waitForSelector('#play-rated');
    };
    const ann = await arenaPage(), bob = await arenaPage();
    const annName = unique('ann'), bobName = unique('bob');
    // Bob lets the site notify him (a challenge that comes is notified)
    await bob.context().grantPermissions(['notifications'], { origin: server.url });
    const bobNotes = await watchNotifications(bob);
    await join_(ann, annName);
    await join_(bob, bobName);
    // Bob queues, waits, cancels: no ticket left
    await bob.selectOption('#arena-game', 'triominos');
    await bob.click('#play-rated');
    await bob.waitForFunction(() => /\((1|2) s\)$/.test(document.querySelector('.wait-text')?.textContent || ''));
    await bob.click('#arena-cancel');
    await bob.waitForFunction(() => !document.querySelector('#arena-cancel'));
    assert.equal(await bob.locator('#ticket-list').count(), 0);
    assert.deepEqual((await (await bob.context().request.get(`${server.url}/api/arena/queue`)).json()).queued, []);
    // Ann challenges Bob, who does not wait: her page waits for his answer; he declines
    await ann.goto(`${server.url}/#/account/${bobName}`);
    await ann.waitForSelector('#challenge-form');
    await ann.selectOption('#challenge-game', 'triominos');
    await ann.uncheck('#challenge-rated');
    await ann.click('#challenge');
    await ann.waitForSelector('#challenge-withdraw');
    await bob.goto(`${server.url}/#/turns`);
    await bob.waitForSelector('#challenges li[data-challenge]');
    assert.match(await text(bob, '#challenges'), new RegExp(`${annName} challenges you to Triominos`));
    assert.equal(await text(bob, '#challenges li .hint'), 'unrated');
    await bob.click('#challenges button.decline');
    await ann.waitForFunction((n) => (document.querySelector('#challenge-status')?.textContent || '').includes(`${n} declined`), bobName);
    // again, rated: Bob finds it in his inbox and accepts; one rated table for both
    await ann.check('#challenge-rated');
    await ann.click('#challenge');
    await ann.waitForSelector('#challenge-withdraw');
    await shot(ann, 'challenge-waiting');
    await bob.goto(`${server.url}/#/`);
    await bob.goto(`${server.url}/#/turns`);
    await bob.waitForSelector('#challenges li[data-challenge]');
    assert.equal(await text(bob, '#challenges li .hint'), 'rated');
    for (let i = 0; !bobNotes.some(([title]) => title === `${annName} challenges you to Triominos`); i++) {
      assert.ok(i < 100, `a notification of the challenge: ${JSON.stringify(bobNotes)}`);
      await bob.waitForTimeout(100);
    }
    await shot(bob, 'challenge-inbox');
    await bob.click('#challenges button.accept');
    await bob.waitForURL(/#\/game\/\d+$/);
    await ann.waitForURL(/#\/game\/\d+$/, { timeout: 10000 });
    assert.equal(ann.url().split('/').pop(), bob.url().split('/').pop(), 'one table');
    for (const [page, name] of [[ann, annName], [bob, bobName]]) {
      await page.waitForSelector('#rated-badge:visible');
      await page.waitForFunction((n) => [...document.querySelectorAll('#scores td')].some((td) => td.textContent === `${n} (you)`), name);
    }
    await shot(bob, 'arena-challenged');
    clean(ann);
    clean(bob);
  } finally { await server.stop(); }
});

test('A person challenges a bot that waits in the queue, from the bot\'s page (a server that keeps the house away)', async () => {
  const server = await slowHouseServer();
  let child;
  try {
    assert.ok(server.tcp, 'the server prints its TCP port');
    // a bot account and its token, made over HTTP as a bot author does
    const api = await newPage(browser);
    const ctx = api.context().request;
    const botName = unique('robo');
    const reg = await (await ctx.post(`${server.url}/api/account/register`, { data: { name: botName, password: PASSWORD, kind: 'bot' } })).json();
    const made = await (await ctx.post(`${server.url}/api/tokens`, { data: { label: 'e2e' }, headers: { 'X-Tessera-CSRF': reg.csrf } })).json();
    assert.ok(made.token, JSON.stringify(made));
    // the bot waits in the queue for a rated Triominos game
    child = spawn(BIN, ['client', '--game', 'triominos', '--players', 'greedy', '--token', made.token, '--rated', '--port', server.tcp], { stdio: ['ignore', 'pipe', 'pipe'] });
    const ann = await arenaPage();
    const annName = unique('ann');
    await ann.goto(`${server.url}/#/register`);
    await ann.waitForSelector('#register-form');
    await ann.fill('#account-name', annName);
    await ann.fill('#account-password', PASSWORD);
    await ann.click('#register-submit');
    await ann.waitForSelector('#play-rated');
    await ann.goto(`${server.url}/#/account/${botName}`);
    await ann.waitForSelector('#challenge-form');
    await ann.selectOption('#challenge-game', 'triominos');
    // a rated challenge: taken by the bot as soon as it waits in the queue (maybe already)
    await ann.click('#challenge');
    await ann.waitForURL(/#\/game\/\d+$/, { timeout: 30000 });
    await ann.waitForSelector('#rated-badge:visible');
    await ann.waitForFunction((n) => [...document.querySelectorAll('#scores td')].some((td) => td.textContent.startsWith(n)), botName);
    await shot(ann, 'arena-challenged-bot');
    clean(ann);
    await api.context().close();
  } finally {
    child?.kill();
    await server.stop();
  }
});

test('The Arena\'s pages fit a phone', async () => {
  const W = 390;
  const page = await arenaPage({ viewport: { width: W, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const name = unique('cat');
  await register(page, name);
  // another person's page, with its Challenge form (that person made in a context of its own)
  const other = await newPage(browser);
  const dog = unique('dog');
  const made = await other.context().request.post(`${BASE}/api/account/register`, { data: { name: dog, password: PASSWORD, kind: 'person' } });
  assert.equal(made.status(), 200);
  await other.context().close();
  for (const [hash, sel] of [['#/arena', '#play-rated'], ['#/leaderboard/q', '#leaderboard > *'], [`#/account/${name}`, '#no-ratings, #ratings'], [`#/account/${dog}`, '#challenge-form'], ['#/login', '#login-form']]) {
    await page.goto(`${BASE}/${hash}`);
    await page.waitForSelector(sel);
    const r = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      outside: [...document.querySelectorAll('button, a[href], input, select, table, p, h2, label')]
        .map((e) => [e, e.getBoundingClientRect()]).filter(([, b]) => b.width > 0 && (b.left < -0.5 || b.right > window.innerWidth + 0.5))
        .map(([e]) => e.tagName + (e.id ? '#' + e.id : '')),
    }));
    await shot(page, `arena-phone-${hash.replace(/\W+/g, '-')}`);
    // no column heads on a phone: each number says what it is, in the right number
    const units = await page.$$eval('table.list td.games, table.ranks td.standing, table.ranks td.rating', (tds) => tds
      .filter((td) => td.textContent.trim() !== '')
      .map((td) => [td.className, td.textContent.trim(), getComputedStyle(td, '::before').content, getComputedStyle(td, '::after').content]));
    for (const [cls, n, before, after] of units) {
      if (cls === 'games') assert.equal(after, n === '1' ? '" game"' : '" games"', `${hash}: ${n} ${after}`);
      else assert.notEqual(before, 'none', `${hash}: a ${cls} without its word`);
    }
    assert.ok(r.scroll <= W, `${hash}: ${r.scroll} px wide on a ${W} px screen`);
    assert.deepEqual(r.outside, [], `${hash}: off the screen sideways`);
  }
  clean(page);
});
