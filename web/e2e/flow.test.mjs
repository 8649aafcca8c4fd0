// End-to-end test of a person's way through a game (issue 13): the new-game form's
// checks, names (typed once, remembered, used everywhere), the rules help, the clock,
// resigning, the end screen (why, a score breakdown, the winner), Rematch and New game,
// the lobby's welcome line and filters. Run by scripts/e2e (TESSERA_URL, ARTIFACTS,
// CHROMIUM), like e2e.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { showEngines } from './lib.mjs';

const BASE = process.env.TESSERA_URL || 'http://127.0.0.1:8080';
const ARTIFACTS = process.env.ARTIFACTS || 'artifacts/e2e';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
mkdirSync(ARTIFACTS, { recursive: true });

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});
after(async () => { await browser?.close(); });

async function newPage(context) {
  context ??= await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.errors_ = [];
  page.on('pageerror', (e) => page.errors_.push(String(e)));
  return page;
}
const shot = (page, name) => page.screenshot({ path: join(ARTIFACTS, `flow-${name}.png`) });
const text = (page, sel) => page.textContent(sel).then((t) => (t ?? '').trim());
const statusIs = (page, re, timeout = 30000) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector('#status')?.textContent || ''), re.source, { timeout });
const api = async (path, body) => {
  const r = await fetch(BASE + path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
};

/** Fills the New game form: seats [{kind, name}], kind 'human' or 'bot:NAME'. */
async function fillForm(page, game, seats, { options = {}, seed = 7, delay = 30, clock = '' } = {}) {
  await page.goto(`${BASE}/#/new`);
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.selectOption('#game', game);
  await page.fill('#players', String(seats.length));
  await page.dispatchEvent('#players', 'change');
  await showEngines(page, seats.map((s) => s.kind));
  const rows = page.locator('.seat-row');
  for (let i = 0; i < seats.length; i++) {
    await rows.nth(i).locator('.kind').selectOption(seats[i].kind);
    if (seats[i].name !== undefined) await rows.nth(i).locator('.name').fill(seats[i].name);
  }
  for (const [sel, v] of Object.entries(options)) {
    if (await page.locator(sel).evaluate((e) => e.tagName === 'SELECT')) await page.selectOption(sel, v);
    else await page.fill(sel, v);
  }
  await page.fill('#seed', String(seed));
  await page.fill('#delay', String(delay));
  if (clock) await page.selectOption('#clock', clock);
}
async function createGame(page, ...args) {
  await fillForm(page, ...args);
  await page.click('#start');
  await page.waitForURL(/#\/(game|watch)\//);
  await page.waitForSelector('#status:not(:empty)');
  return page.url().split('/').pop();
}

test('The new-game form refuses a bad field before the server, and the server refuses it too', async () => {
  const page = await newPage();
  const before = (await api('/api/games?limit=100')).body.games.length;
  // issue 13, defect 6: a Triominos target of -5
  await fillForm(page, 'triominos', [{ kind: 'human', name: 'Ann' }, { kind: 'bot:greedy' }], { options: { '#opt-target': '-5' } });
  await page.click('#start');
  await page.waitForFunction(() => /Target: a whole number from 1 to 10000/.test(document.querySelector('#error')?.textContent || ''));
  assert.match(page.url(), /#\/new$/, 'no game started');
  await shot(page, 'form-target');
  // two seats of one name; a seed that is no number
  await page.fill('#opt-target', '50');
  await page.locator('.seat-row').nth(1).locator('.kind').selectOption('human');
  await page.locator('.seat-row').nth(1).locator('.name').fill('Ann');
  await page.fill('#seed', '-3');
  await page.click('#start');
  // (the form checks as it is sent: the error is there once the click is handled)
  const said = await text(page, '#error');
  assert.match(said, /Seat 2: "Ann" is taken by another seat/);
  assert.match(said, /Seed: a whole number from 0/);
  assert.doesNotMatch(said, /Target/);
  assert.equal((await api('/api/games?limit=100')).body.games.length, before, 'nothing was created');
  // the server says the same in words to a client that skips the form
  const r = await api('/api/games', { game: 'triominos', seats: [{ kind: 'human' }, { kind: 'bot', spec: 'greedy' }], options: { target: -5 } });
  assert.equal(r.status, 400);
  assert.match(r.body.error, /target = -5 is not allowed \(an integer from 1 to 10000\)/);
  assert.deepEqual(page.errors_, []);
});

test('Names: typed once, remembered, shown instead of seat numbers; the rules help names each bot and its strength', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await newPage(context);
  await createGame(page, 'q', [{ kind: 'human', name: 'Ann' }, { kind: 'bot:ldasg', name: 'Robo' }], { options: { '#opt-copies': '1' } });
  await statusIs(page, /^Your turn$/);
  assert.equal(await text(page, '#scores tbody tr:nth-child(1) td'), 'Ann (you)');
  assert.equal(await text(page, '#scores tbody tr:nth-child(2) td'), 'Robo (bot)');
  const scores = await text(page, '#scores');
  assert.doesNotMatch(scores, /Seat|Player 1/);
  // a move, and the log says who did what in words
  await page.click('#pass');
  await page.waitForFunction(() => [...document.querySelectorAll('#log li')].some((l) => l.textContent === 'Ann passed'));
  await page.waitForFunction(() => [...document.querySelectorAll('#log li')].some((l) => /^Robo (placed|passed|exchanged)/.test(l.textContent)));
  const log = await page.$$eval('#log li', (ls) => ls.map((l) => l.textContent));
  for (const l of log) assert.match(l, /^(Ann|Robo|Game over)/, `a line in player terms: ${l}`);
  // the rules help: how to play, this game's variants, the bots with their strength
  await page.click('#rules-help > summary');
  const help = await text(page, '#rules-help');
  assert.match(help, /How to play Q/);
  assert.match(help, /Scoring/);
  assert.match(await text(page, '#rules-chosen'), /1/);
  const reg = (await api('/api/registry')).body.games.find((g) => g.name === 'q');
  // the levels first, each with its rating; the engines behind them folded away, each with
  // one word of strength that never contradicts the ratings: an engine a level plays by
  // that level ("dag as Level 3 · 1335"), any other by its word, never "the strongest"
  const n = reg.levels.length;
  reg.levels.forEach((l, k) => assert.ok(help.includes(`Level ${k + 1} — level ${k + 1} of ${n}${k === 0 ? ' (the weakest)' : k === n - 1 ? ' (the strongest)' : ''}, rated ${Math.round(l.rating)}`), `level ${k + 1} in the help: ${help}`));
  assert.doesNotMatch(await text(page, '#rules-help ul.levels'), /ismcts|lines|greedy|ldasg|\bdag\b/, 'no engine named among the levels');
  await page.click('#rules-help details.engines summary');
  const engines = await text(page, '#rules-help details.engines');
  const word = { weak: 'weak', fair: 'fair', strong: 'strong', strongest: 'very strong' };
  for (const b of reg.bots.filter((x) => !reg.levels.some((l) => l.spec === x.name))) {
    const j = reg.levels.findIndex((l) => l.plays === b.name);
    const want = j >= 0 ? `as Level ${j + 1} · ${Math.round(reg.levels[j].rating)}` : word[b.strength];
    assert.ok(engines.includes(`${b.name} ${want} —`), `${b.name} ${want} among the engines`);
  }
  assert.doesNotMatch(help, /ldasg fair|dag weak|level:\d (weak|fair|strong)/, 'no word contradicting the ratings');
  assert.equal((help.match(/strongest/g) || []).length, 1, 'one "strongest": the strongest level');
  await shot(page, 'names-help');
  // the name is remembered for the next game
  await page.goto(`${BASE}/#/new`);
  await page.waitForSelector('.seat-row .name');
  assert.equal(await page.locator('.seat-row').nth(0).locator('.name').inputValue(), 'Ann');
  // the seat switched to a bot does not keep the person's name ("Ann (bot)")
  const firstKind = page.locator('.seat-row').nth(0).locator('.kind');
  await firstKind.selectOption({ index: 2 });
  assert.equal(await page.locator('.seat-row').nth(0).locator('.name').inputValue(), '', 'no person\'s name on a bot');
  await firstKind.selectOption('human');
  assert.equal(await page.locator('.seat-row').nth(0).locator('.name').inputValue(), 'Ann', 'back to a person: the name again');
  // the form's bot choices say how strong each bot is: a level in words, its engine named
  // only with the engines shown (the switch, remembered: this page ticked it for ldasg)
  const about = () => page.locator('.seat-row').nth(1).locator('.bot-about').textContent();
  await page.selectOption('#game', 'q');
  await page.locator('.seat-row').nth(1).locator('.kind').selectOption('bot:level:3');
  assert.equal(await about(), `level 3 of ${reg.levels.length}, rated ${Math.round(reg.levels[2].rating)}: plays as ${reg.levels[2].plays}`, 'the engines shown: the level\'s engine named');
  await page.uncheck('#advanced-bots');
  assert.match(await about(), /^level 3 of \d+, rated \d+$/, 'a level in words, no engine named');
  assert.equal(await page.locator('.seat-row').nth(1).locator('.kind option[value="bot:ldasg"]').count(), 0, 'no engine in the menu');
  assert.deepEqual(page.errors_, []);
});

test('How to play is illustrated: a picture drawn by each game\'s own look, on the form, the game page and the replay', async () => {
  const page = await newPage();
  // what each picture is made of (the renderer's own shapes)
  const parts = {
    triominos: async () => {
      assert.equal(await page.locator('#rules-picture svg polygon.tri').count(), 2, 'two tiles');
      const nums = await page.$$eval('#rules-picture svg text.num', (ts) => ts.map((t) => t.textContent));
      assert.equal(nums.length, 6, 'three numbers in the corners of each tile');
      assert.ok(nums.every((n) => /^\d$/.test(n)), `corner numbers: ${nums}`);
    },
    q: async () => {
      assert.ok(await page.locator('#rules-picture svg .rules-qtile').count() >= 3, 'tiles in a line');
    },
    akropolis: async () => {
      assert.ok(await page.locator('#rules-picture svg .plaza-star').count() >= 1, 'a plaza star');
      assert.ok(await page.locator('#rules-picture svg polygon.hex').count() >= 3, 'a tile of three hexes');
      assert.ok(await page.locator('#rules-picture svg text.hlabel').count() >= 3, 'heights written');
    },
  };
  for (const game of Object.keys(parts)) {
    await page.goto(`${BASE}/#/new/${game}`);
    await page.waitForSelector('#rules-help > summary');
    await page.click('#rules-help > summary');
    await page.waitForSelector('#rules-picture svg', { state: 'visible' });
    const box = await page.locator('#rules-picture svg').boundingBox();
    assert.ok(box.width >= 80 && box.height >= 50, `${game}: a picture big enough to see: ${JSON.stringify(box)}`);
    assert.ok((await text(page, '#rules-picture figcaption')).length > 20, `${game}: the picture explained`);
    assert.ok(await page.getAttribute('#rules-picture svg', 'aria-label'), `${game}: the picture described`);
    await parts[game]();
    await shot(page, `rules-picture-${game}`);
  }
  // the game page and the replay show it too (a bot game of Q, watched)
  const made = await api('/api/games', { game: 'q', seats: [{ kind: 'bot', spec: 'ldasg' }, { kind: 'bot', spec: 'ldasg' }], seed: 3, delay_ms: 0 });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  await page.goto(`${BASE}/#/watch/${made.body.id}`);
  await statusIs(page, /^Game over/, 60000);
  await page.click('#rules-help > summary');
  await page.waitForSelector('#rules-picture svg', { state: 'visible' });
  await parts.q();
  await page.goto(`${BASE}/#/replay/${made.body.id}`);
  await page.waitForSelector('#scrubber');
  await page.click('#rules-help > summary');
  await page.waitForSelector('#rules-picture svg', { state: 'visible' });
  await parts.q();
  assert.deepEqual(page.errors_, []);
});

test('A clock per move is shown for a person to move; a bot is shown thinking', async () => {
  const page = await newPage();
  // the bot opens, and takes its time (the longest delay)
  await createGame(page, 'q', [{ kind: 'bot:dag', name: 'Dag' }, { kind: 'human', name: 'Cleo' }], { clock: '120', delay: 5000 });
  await statusIs(page, /^Dag is thinking…$/);
  assert.ok(await page.locator('#clock').isHidden(), 'no clock for a bot');
  await statusIs(page, /^Your turn$/);
  await page.waitForFunction(() => /^You have \d+ s left \(120 s per move/.test(document.querySelector('#clock')?.textContent || ''));
  assert.deepEqual(page.errors_, []);
});

test('Resign (asked, then confirmed), the end screen, Rematch with the seats rotated, New game', async () => {
  const page = await newPage();
  const id = await createGame(page, 'triominos', [{ kind: 'human', name: 'Ann' }, { kind: 'bot:greedy', name: 'Greedy' }], { delay: 500 });
  await page.waitForSelector('#resign:visible');
  // one click only asks
  await page.click('#resign');
  await page.waitForSelector('#resign-yes');
  await page.click('#resign-no');
  await page.waitForSelector('#resign:visible');
  assert.doesNotMatch(await text(page, '#status'), /Game over/);
  await page.click('#resign');
  await page.click('#resign-yes');
  await statusIs(page, /^Game over — Ann resigned; Greedy wins$/);
  await page.waitForSelector('#end');
  assert.equal(await text(page, '#end-reason'), 'Ann resigned.');
  assert.equal(await text(page, '#winner'), 'Greedy wins.');
  assert.equal(await text(page, '#breakdown thead th.winner'), '★ Greedy');
  assert.equal(await text(page, '#scores tr.winner td'), '★ Greedy (bot)');
  assert.ok(await page.locator('#resign').isHidden(), 'no resigning a game that is over');
  // the tray and Rotate are only to look at once the game is over
  assert.ok(await page.locator('#rotate').isDisabled(), 'no Rotate after the end');
  assert.equal(await page.locator('.tray button:not([disabled])').count(), 0, 'no live tray after the end');
  // nobody is waited for any more
  assert.doesNotMatch(await text(page, 'aside'), /Waiting/);
  await shot(page, 'resigned');
  // stored as such
  const g = (await api(`/api/games?limit=100`)).body.games.find((x) => x.id === Number(id));
  assert.equal(g.status, 'resigned');
  assert.deepEqual(g.why, { id: 'resigned-why', args: { who: 'Ann' } });
  // Rematch: a new table, the same settings, the seats rotated (the bot opens the seating)
  await page.click('#rematch');
  await page.waitForURL((u) => /#\/game\/\d+$/.test(u.toString()) && !u.toString().endsWith(`/${id}`));
  const rid = page.url().split('/').pop();
  await page.waitForFunction(() => document.querySelectorAll('#scores tbody tr').length === 2);
  assert.equal(await text(page, '#scores tbody tr:nth-child(1) td'), 'Greedy (bot)');
  assert.equal(await text(page, '#scores tbody tr:nth-child(2) td'), 'Ann (you)');
  const state = (await api(`/api/games/${rid}`)).body;
  assert.equal(state.delay_ms, 500, 'the same pace');
  await shot(page, 'rematch');
  // New game: the form, this game chosen
  await page.click('#resign');
  await page.click('#resign-yes');
  await page.waitForSelector('#new-game-after');
  await page.click('#new-game-after');
  await page.waitForSelector('#game');
  assert.equal(await page.locator('#game').inputValue(), 'triominos');
  assert.deepEqual(page.errors_, []);
});

test('A placement held for a confirmation: Take back sends nothing, Confirm sends it', async () => {
  const page = await newPage();
  await createGame(page, 'triominos', [{ kind: 'human', name: 'Ann' }, { kind: 'bot:greedy', name: 'Greedy' }], { seed: 11 });
  await page.check('#confirm-moves');
  await statusIs(page, /^Your turn$/);
  // a tile and a rotation with a highlighted spot
  for (let i = 0; i < 3 && !(await page.$('.spot[data-legal=true]')); i++) await page.click('#rotate');
  if (!(await page.$('.spot[data-legal=true]'))) {
    for (const b of await page.$$('.tray button')) { await b.click(); for (let i = 0; i < 3 && !(await page.$('.spot[data-legal=true]')); i++) await page.click('#rotate'); if (await page.$('.spot[data-legal=true]')) break; }
  }
  const placed = await page.locator('.placed').count();
  await page.locator('.spot[data-legal=true]').first().click();
  await page.waitForSelector('#confirm-box:not([hidden])');
  assert.match(await text(page, '#confirm-box'), /^Your placement: \d-\d-\d for \+\d+\./);
  await page.click('#take-back');
  await page.waitForSelector('#confirm-box', { state: 'hidden' });
  assert.equal(await text(page, '#status'), 'Your turn');
  assert.equal(await page.locator('.placed').count(), placed, 'nothing was sent');
  assert.equal((await page.$$eval('#log li', (ls) => ls.filter((l) => l.textContent.startsWith('Ann ')))).length, 0);
  // again, confirmed this time
  await page.locator('.spot[data-legal=true]').first().click();
  await page.click('#confirm-move');
  await page.waitForFunction(() => [...document.querySelectorAll('#log li')].some((l) => /^Ann (placed|opened with) /.test(l.textContent)));
  assert.ok(await page.locator('#confirm-box').isHidden());
  // Q (no confirmation in its registry) does not offer it
  const q = await newPage(page.context());
  await createGame(q, 'q', [{ kind: 'human', name: 'Ann' }, { kind: 'bot:dag' }]);
  await statusIs(q, /^Your turn$/);
  assert.ok(await q.locator('#confirm-pref').isHidden());
  assert.deepEqual(page.errors_, []);
  assert.deepEqual(q.errors_, []);
});

test('A finished game ends with why, the points broken down and the winner highlighted', async () => {
  const r = await api('/api/games', { game: 'triominos', seats: [{ kind: 'bot', spec: 'greedy', name: 'Gus' }, { kind: 'bot', spec: 'random', name: 'Rand' }], options: { end: 'round' }, seed: 5, delay_ms: 0 });
  assert.equal(r.status, 200);
  const page = await newPage();
  await page.goto(`${BASE}/#/watch/${r.body.id}`);
  await statusIs(page, /^Game over — /, 60000);
  await page.waitForSelector('#end');
  assert.match(await text(page, '#end-reason'), /^A one-round game: /);
  const kinds = await page.$$eval('#breakdown tbody th', (ths) => ths.map((t) => t.textContent));
  assert.deepEqual(kinds.slice(0, 2), ['Tiles placed', 'Tile points']);
  assert.equal(kinds[kinds.length - 1], 'Total');
  assert.deepEqual(await page.$$eval('#breakdown thead th', (ths) => ths.map((t) => t.textContent.replace('★ ', ''))), ['Gus', 'Rand']);
  const totals = await page.$$eval('#breakdown tr.total td', (tds) => tds.map((t) => Number(t.textContent)));
  const scores = await page.$$eval('#scores tbody tr td:last-child', (tds) => tds.map((t) => Number(t.textContent)));
  assert.deepEqual(totals, scores, 'the breakdown adds up to the scores');
  const best = Math.max(...scores);
  const winners = await page.$$eval('#breakdown thead th.winner', (ths) => ths.length);
  assert.equal(winners, scores.filter((s) => s === best).length);
  // a spectator gets no Rematch, but a New game
  assert.equal(await page.locator('#rematch').count(), 0);
  assert.equal(await page.locator('#new-game-after').count(), 1);
  // the game's last log line is its end, after the last move (issue 13, defect 5)
  const first = await text(page, '#log li:first-child');
  assert.match(first, /^Game over: (Gus|Rand) -?\d+, (Gus|Rand) -?\d+; /);
  await shot(page, 'finished');
  // the replay starts with nobody won yet (no result, no end screen, no winner's star) and
  // ends on the same screen
  await page.goto(`${BASE}/#/replay/${r.body.id}`);
  await page.waitForSelector('#scrubber');
  await page.waitForFunction(() => /move 0 of/.test(document.querySelector('#status')?.textContent || ''));
  for (const sel of ['#end', '#result', '#scores tr.winner']) assert.equal(await page.locator(`${sel}:visible`).count(), 0, `${sel} at move 0`);
  assert.doesNotMatch(await page.innerText('#stage'), /wins|★/, 'no winner at move 0');
  await page.click('[aria-label="Last move"]');
  await page.waitForSelector('#end');
  assert.match(await text(page, '#end-reason'), /^A one-round game: /);
  assert.match(await text(page, '#result'), /^Game over — /);
  assert.deepEqual(page.errors_, []);
});

test('The lobby: a welcome line on an empty server, filters by game, status and mine', async () => {
  const empty = await newPage();
  await empty.route(/\/api\/games\?/, (r) => r.fulfill({ json: { games: [], next: null } }));
  await empty.goto(`${BASE}/#/`);
  await empty.waitForSelector('#welcome:not([hidden]) li');
  const reg = (await api('/api/registry')).body.games;
  assert.equal(await empty.locator('#welcome li a').count(), reg.length, 'a line per game');
  await empty.click('#welcome li a >> nth=0');
  await empty.waitForSelector('#game');
  assert.equal(await empty.locator('#game').inputValue(), reg[0].name);
  await shot(empty, 'welcome');

  const page = await newPage();
  await createGame(page, 'q', [{ kind: 'human', name: 'Mia' }, { kind: 'bot:dag' }], { delay: 2000 });
  const mine = page.url().split('/').pop();
  await page.goto(`${BASE}/#/`);
  await page.waitForSelector(`#running tr[data-id="${mine}"]`);
  await page.selectOption('#filter-game', 'akropolis');
  await page.waitForFunction((id) => !document.querySelector(`tr[data-id="${id}"]`), mine);
  for (const t of await page.$$eval('#running tbody tr[data-id] td:nth-child(3), #finished tbody tr td:nth-child(3)', (tds) => tds.map((x) => x.textContent))) assert.match(t, /^Akropolis( ·|$)/);
  await page.selectOption('#filter-game', '');
  await page.check('#filter-mine');
  await page.waitForSelector(`#running tr[data-id="${mine}"]`);
  assert.equal(await page.locator('#running tbody tr[data-id]').count(), 1, 'only the game of this browser');
  await page.selectOption('#filter-status', 'ended');
  await page.locator('#running').waitFor({ state: 'hidden' });
  // (no finished game of this browser: a line says so, no table of column heads)
  assert.ok(await page.locator('#finished').isVisible() || await page.locator('#no-ended').isVisible());
  if (await page.locator('#no-ended').isVisible()) assert.equal(await page.textContent('#no-ended'), 'No game of this choice has ended.');
  await shot(page, 'lobby-filters');
  assert.deepEqual(page.errors_, []);
  assert.deepEqual(empty.errors_, []);
});
