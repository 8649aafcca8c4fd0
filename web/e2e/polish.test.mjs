// The small things a player meets (issue 43's minor and polish items), each shown on a page:
// a held opening triple scores what it says (the opening bonus included), a signed-in
// person is seated by the account's name and an unnamed guest in the page's language, the
// news strip says its newest line whole and nothing once the game is over, Rematch and New
// game are one height, a tile just drawn says "new" on it and looks unlike the selected one,
// a phone is told to tap (no "Press R", no "click"), Akropolis' quarries are told from houses
// at every height, the log numbers a move once, an empty lobby shows no empty table, a
// guest choosing days per move is told why and where to log in, registration says every
// problem at once. Run by scripts/e2e (TESSERA_URL: its server).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, createGame, yourTurn, post, fetchJson } from './lib.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const PASSWORD = 'correct horse battery';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The state of game `id` as the seat of token `tok` sees it. */
const seatState = (id, tok) => fetchJson(`/api/games/${id}?token=${tok}`);

test('a held opening triple shows the points it scores, the opening bonus included (and so does its label)', async () => {
  // a game of two people at one screen whose round opens with a triple
  let id = null, tokens = null, opener = null;
  for (let seed = 1; seed < 40 && !opener; seed++) {
    const g = await post('/api/games', { game: 'triominos', seed, seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }] });
    for (const [seat, tok] of g.tokens) {
      const s = await seatState(g.id, tok);
      const [a, b, c] = String(s.view?.forced ?? '').split('-');
      if (s.to_move === seat && a !== '' && a === b && b === c) { id = g.id; tokens = g.tokens; opener = { seat, tok, tile: s.view.forced }; }
    }
  }
  assert.ok(opener, 'a round opened by a triple (seeds 1-39)');
  const page = await newPage(browser);
  await page.goto(`${BASE}/#/`);
  await page.evaluate(([i, t]) => localStorage.setItem(`tessera.tokens.${i}`, JSON.stringify(t)), [id, tokens]);
  await page.goto(`${BASE}/#/game/${id}`);
  await yourTurn(page);
  await page.check('#confirm-moves');
  const spot = page.locator('.spot[data-legal=true]').first();
  await spot.waitFor();
  const sum = opener.tile.split('-').map(Number).reduce((a, b) => a + b, 0);
  const shown = Number((await spot.locator('.pts').textContent()).replace('+', ''));
  assert.ok(shown > sum, `the spot shows ${shown} for ${opener.tile}: more than its sum ${sum} (the opening bonus)`);
  assert.match(await spot.getAttribute('aria-label'), new RegExp(`for ${shown} points`));
  await spot.click();
  assert.match(await page.textContent('#confirm-box'), new RegExp(`${opener.tile} for \\+${shown}\\b`));
  await page.click('#confirm-move');
  await page.waitForFunction((s) => [...document.querySelectorAll('#log li')].some((l) => l.textContent.includes(`for +${s}`)), shown);
  const after = await seatState(id, opener.tok);
  assert.equal(after.scores[opener.seat], shown, 'scored what it showed');
  await shot(page, 'polish-opening-triple');
  assert.deepEqual(page.errors_, []);
  await page.context().close();
});

test('a signed-in person is seated by the account\'s name; an unnamed guest is "Player 1", in German "Spieler 1"', async () => {
  const page = await newPage(browser);
  const name = `seat${Date.now().toString(36)}`.slice(0, 20);
  await page.goto(`${BASE}/#/register`);
  await page.fill('#account-name', name);
  await page.fill('#account-password', PASSWORD);
  await page.click('#register-submit');
  await page.waitForSelector('#nav-me');
  await page.goto(`${BASE}/#/new/q`);
  await page.waitForSelector('.seat-row .name');
  assert.equal(await page.locator('.seat-row .name').nth(0).inputValue(), name, 'the first seat named by the account');
  await page.click('#start');
  await page.waitForURL(/#\/game\//);
  await page.waitForFunction((n) => document.querySelector('#scores')?.textContent.includes(`${n} (you)`), name);
  assert.doesNotMatch(await page.textContent('#scores'), /Player 1/);
  await page.context().close();
  // a guest in German who names nobody
  const de = await newPage(browser, { viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
  await de.addInitScript(() => localStorage.setItem('tessera.lang', 'de'));
  await de.goto(`${BASE}/#/new/q`);
  await de.waitForSelector('.seat-row .name');
  await de.click('#start');
  await de.waitForURL(/#\/game\//);
  await de.waitForFunction(() => /Spieler 1 \(du\)/.test(document.querySelector('#scores')?.textContent || ''));
  assert.doesNotMatch(await de.textContent('#scores'), /Player/);
  await de.context().close();
});

test('the news strip: the newest line whole, nothing once the game is over', async () => {
  const page = await newPage(browser, PHONE);
  // the page's socket, with states of the test's own made from the server's
  let socket = null, last = null;
  await page.routeWebSocket(/\/api\/games\/\d+\/ws/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => { const s = JSON.parse(m); if (s.type === 'state') last = s; ws.send(m); });
    socket = ws;
  });
  await createGame(page, 'triominos', ['human', 'bot:greedy'], { seed: 11, delay: 0 });
  await yourTurn(page);
  await page.waitForFunction(() => true);
  assert.ok(socket && last, 'the page\'s socket');
  const n = last.log.length ? last.log[last.log.length - 1][0] + 1 : 1;
  const penalty = (who, k) => [k, { id: 'triominos-log-no-placement', args: { who, points: -10 } }];
  // two news at once: the newest said, whole, not cut
  socket.send(JSON.stringify({ ...last, version: last.version + 1, log: [...last.log, penalty('Ann who has a rather long name indeed', n), penalty('greedy', n + 1)] }));
  await page.waitForSelector('#flash:not([hidden])');
  assert.equal(await page.textContent('#flash'), 'greedy could not place: penalty -10');
  assert.ok(await page.$eval('#flash', (f) => f.scrollHeight <= f.clientHeight + 1 && f.scrollWidth <= f.clientWidth + 1), 'the news whole');
  // the game ends with news: the end says it; the strip says nothing
  socket.send(JSON.stringify({ ...last, version: last.version + 2, over: true, status: 'finished', outcome: { winners: [1] }, result: { winner_seats: [1] },
    log: [...last.log, penalty('Ann', n), penalty('greedy', n + 1), penalty('Ann', n + 2)] }));
  await page.waitForSelector('#end');
  assert.ok(await page.locator('#flash').isHidden(), 'no news over the end');
  await page.context().close();
});

test('Rematch and New game are one height, at a desktop and on a phone', async () => {
  for (const [size, ctx] of [['1280', { viewport: { width: 1280, height: 800 } }], ['390', PHONE]]) {
    const page = await newPage(browser, ctx);
    await createGame(page, 'q', ['human', 'bot:level:1'], { seed: 3, delay: 0 });
    await yourTurn(page);
    await page.click('#resign');
    await page.click('#resign-yes');
    await page.waitForSelector('#rematch');
    // each box's height, and where its words sit in it
    const [a, b] = await Promise.all(['#rematch', '#new-game-after'].map((s) => page.$eval(s, (e) => {
      const box = e.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(e);
      const words = range.getBoundingClientRect();
      return { height: box.height, middle: (words.top + words.bottom) / 2 - box.top, font: getComputedStyle(e).fontSize };
    })));
    assert.ok(Math.abs(a.height - b.height) <= 1, `${size}: Rematch ${a.height} px, New game ${b.height} px high`);
    assert.ok(Math.abs(a.middle - b.middle) <= 2, `${size}: the words at ${a.middle.toFixed(1)} and ${b.middle.toFixed(1)} px from the top`);
    assert.equal(a.font, b.font);
    await shot(page, `polish-end-buttons-${size}`);
    await page.context().close();
  }
});

test('a tile just drawn says "new" on it, in another colour than the selected tile\'s; a phone is told to tap, a desktop to press R', async () => {
  for (const [size, ctx] of [['390', PHONE], ['1280', { viewport: { width: 1280, height: 800 } }]]) {
    const page = await newPage(browser, ctx);
    await createGame(page, 'triominos', ['human', 'bot:greedy'], { seed: 11, delay: 0 });
    await yourTurn(page);
    const hint = await page.textContent('#legal-count');
    if (size === '390') assert.doesNotMatch(hint, /Press R|click/i, `the phone's hint: ${hint}`);
    else if (/highlighted/.test(hint)) assert.match(hint, /Press R/, `the desktop's hint: ${hint}`);
    // (a round's opening tile first, when the turn must open it: no draw then)
    for (let i = 0; i < 3 && !(await page.isEnabled('#draw')); i++) {
      const lines = await page.locator('#log li').count();
      await page.locator('.spot[data-legal=true]').first().click();
      if (await page.locator('#confirm-move').isVisible()) await page.click('#confirm-move');
      await page.waitForFunction((k) => document.querySelectorAll('#log li').length > k + 1, lines);
      await yourTurn(page);
    }
    const n = await page.locator('.tray button').count();
    await page.click('#draw');
    await page.waitForFunction((k) => document.querySelectorAll('.tray button').length > k, n);
    const fresh = page.locator('.tray button.drawn');
    assert.equal(await fresh.count(), 1, 'the tile drawn marked');
    const tag = fresh.locator('.new-tag');
    assert.ok(await tag.isVisible(), 'a visible tag on it, no tooltip needed');
    assert.equal(await tag.textContent(), 'new');
    await fresh.click();
    const [mark, selected] = await Promise.all([tag.evaluate((e) => getComputedStyle(e).backgroundColor), fresh.evaluate((e) => getComputedStyle(e).outlineColor)]);
    assert.notEqual(mark, selected, `"new" (${mark}) and "selected" (${selected}) in two colours`);
    await shot(page, `polish-drawn-${size}`);
    await page.context().close();
  }
  // Akropolis on a phone: no "Press R" either
  const page = await newPage(browser, PHONE);
  await createGame(page, 'akropolis', ['human', 'bot:greedy'], { seed: 3, delay: 0 });
  await yourTurn(page);
  await page.locator('.site button:not([disabled])').first().tap();
  const said = await page.textContent('#legal-count');
  assert.match(said, /Rotate turns the tile/);
  assert.doesNotMatch(said, /Press R|click/i);
  await page.context().close();
});

test('Akropolis: quarries are told from houses at every height (colour and stones)', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/#/`);
  const sat = await page.evaluate(async () => {
    const { fillOf, DISTRICT } = await import('/static/akropolis-hex.js');
    // HSL saturation: how far a colour is from grey, whatever its lightness
    const saturation = (hex) => {
      const n = parseInt(hex.slice(1), 16);
      const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => v / 255);
      const max = Math.max(r, g, b), min = Math.min(r, g, b), l = (max + min) / 2;
      return max === min ? 0 : (max - min) / (1 - Math.abs(2 * l - 1));
    };
    const heights = [1, 2, 3, 4, 5];
    return {
      districts: Math.min(...Object.keys(DISTRICT).filter((k) => k !== 'q').flatMap((d) => heights.map((h) => saturation(fillOf(d, h))))),
      quarry: Math.max(...heights.map((h) => saturation(fillOf('q', h)))),
      houses3: fillOf('h', 3), quarry3: fillOf('q', 3),
    };
  });
  assert.ok(sat.districts >= 0.3 && sat.quarry <= 0.15, `every district keeps its colour at every height, the quarry grey: ${JSON.stringify(sat)}`);
  await createGame(page, 'akropolis', ['human', 'bot:greedy'], { seed: 3, delay: 0 });
  await yourTurn(page);
  // the starting tile's three quarries, each with its stones
  assert.ok(await page.locator('#board .quarry-stones').count() >= 3, 'a quarry shows its stones');
  await page.context().close();
});

test('the log numbers a move once', async () => {
  const page = await newPage(browser);
  const id = await createGame(page, 'triominos', ['bot:greedy', 'bot:random'], { seed: 5, delay: 0 });
  await page.waitForSelector('#end', { timeout: 60000 });
  const lines = await page.$$eval('#log li', (ls) => ls.map((l) => ({ n: l.value, same: l.classList.contains('same-move'), marker: getComputedStyle(l).listStyleType })));
  assert.ok(lines.some((l) => l.same), `game ${id}: a move of several lines`);
  const numbered = lines.filter((l) => l.marker !== 'none').map((l) => l.n);
  assert.equal(new Set(numbered).size, numbered.length, 'no number twice');
  assert.ok(lines.every((l, i) => (i > 0 && lines[i - 1].n === l.n) === l.same), 'the later lines of a move unnumbered');
  await page.context().close();
});

test('an empty lobby shows no empty table; a guest choosing days per move is told why and where to log in', async () => {
  const page = await newPage(browser, PHONE);
  await page.route('**/api/games?**', (r) => r.fulfill({ json: { games: [], next: null } }));
  await page.goto(`${BASE}/#/`);
  await page.waitForSelector('#no-live:not([hidden])');
  assert.ok(await page.locator('#no-ended').isVisible());
  assert.ok(await page.locator('#running').isHidden() && await page.locator('#finished').isHidden(), 'no table of nothing');
  await shot(page, 'polish-empty-lobby-390');
  await page.unroute('**/api/games?**');
  await page.goto(`${BASE}/#/new/triominos`);
  await page.waitForSelector('#clock');
  await page.selectOption('#clock', 'd1');
  assert.ok(await page.locator('#turn-note').isVisible(), 'the note says why');
  assert.match(await page.textContent('#turn-note'), /account/);
  assert.ok(await page.locator('#turn-login').isVisible(), 'and where to log in');
  await page.click('#start');
  assert.match(await page.textContent('#error'), /needs an account/);
  assert.match(page.url(), /#\/new/);
  await shot(page, 'polish-guest-days-390');
  await page.context().close();
});

test('registration says every problem at once', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/#/register`);
  await page.fill('#account-name', '1x');
  await page.fill('#account-password', 'short');
  await page.click('#register-submit');
  const said = await page.$eval('#account-error', (e) => e.innerText.split('\n'));
  assert.equal(said.length, 2, `two problems, two lines: ${said}`);
  assert.match(said[0], /name/i);
  assert.match(said[1], /password/i);
  await page.context().close();
});
