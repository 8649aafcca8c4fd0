// How the pages look and sound: dark mode (the system's choice, the header's switch
// overriding it, remembered; every game's board and the analysis readable in dark, with
// screenshots at 1280x800 and 390x844), sounds for a move and for your turn (never before an
// interaction; a switch, remembered), and tiles that drop into place (not under reduced
// motion). Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, createGame, yourTurn, fetchJson } from './lib.mjs';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const SETUP = { triominos: ['bot:greedy', 11], q: ['bot:ldasg', 5], akropolis: ['bot:greedy', 3] };

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// ------------------------------------------------------------------ colours
/** [r, g, b, a] of a computed CSS colour. */
const rgba = (c) => { const n = c.match(/[\d.]+/g).map(Number); return [n[0], n[1], n[2], n[3] ?? 1]; };
/** `top` (maybe see-through) laid over the opaque `ground`. */
const over = (top, ground) => { const [t, g] = [rgba(top), rgba(ground)]; return `rgb(${[0, 1, 2].map((i) => t[i] * t[3] + g[i] * (1 - t[3])).join(',')})`; };
const luminance = (c) => {
  const lin = rgba(c).slice(0, 3).map((v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
};
/** The WCAG contrast ratio of two opaque colours. */
const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
/** The computed style property `prop` of the first element matching `sel`. */
const style = (page, sel, prop) => page.$eval(sel, (e, p) => getComputedStyle(e)[p], prop);
/** Asserts a contrast of at least `min` between two colours, saying what they are. */
function readable(what, fg, bg, min) {
  const r = contrast(fg, bg);
  assert.ok(r >= min, `${what}: contrast ${r.toFixed(2)} (${fg} on ${bg}), under ${min}`);
}
const theme = (page) => page.evaluate(() => document.documentElement.dataset.theme);
const has = async (page, sel) => !!(await page.$(sel));

// ------------------------------------------------------------------ playing a move
/** Clicks a legal spot (Triominos, Akropolis): for the selected tile, else the others, rotating. */
async function legalSpot(page, tiles) {
  for (let t = 0; t <= (await page.locator(tiles).count()); t++) {
    if (t > 0) await page.locator(tiles).nth(t - 1).click();
    for (let i = 0; i < 6 && !(await page.$('.spot[data-legal=true]')); i++) await page.click('#rotate');
    // a locator, not an element handle: the board may be drawn again (the preview's points
    // arrive) between finding a spot and clicking it, and a locator finds it again
    const spot = page.locator('.spot[data-legal=true]').first();
    if (await spot.count()) {
      const at = [await spot.getAttribute('data-x'), await spot.getAttribute('data-y')];
      await page.locator(`.spot[data-legal=true][data-x="${at[0]}"][data-y="${at[1]}"]`).first().click();
      // a touch screen holds the placement for Confirm
      if (await page.$('#confirm-move')) await page.click('#confirm-move');
      return at;
    }
  }
  return null;
}
/** One move of the person by clicks; the cell of the placed tile when it says. */
const PLAY = {
  async triominos(page) { return (await legalSpot(page, '.tray button')) ?? (await page.click('#draw'), null); },
  async q(page) {
    for (let i = 0; i < 6; i++) {
      const b = page.locator(`.tray button[data-index="${i}"]:not([disabled])`);
      if (!(await b.count())) continue;
      await b.click();
      if (await page.locator('.spot[data-legal=true]').count()) {
        await page.locator('.spot[data-legal=true]').first().click();
        await page.click('#commit');
        return null;
      }
    }
    await page.click('#pass');
    return null;
  },
  async akropolis(page) { return legalSpot(page, '.site button:not([disabled])'); },
};
/** Plays one move and waits for the bot's answer and the person's turn again. */
async function playAndWait(page, game) {
  const lines = await page.locator('#log li').count();
  const at = await PLAY[game](page);
  await page.waitForFunction((n) => document.querySelectorAll('#log li').length >= n + 2, lines, { timeout: 30000 });
  await yourTurn(page);
  return at;
}

// ------------------------------------------------------------------ dark mode
test('Dark mode: the system\'s choice, the header\'s switch overrides it, remembered across a reload', async () => {
  const page = await newPage(browser, { ...DESKTOP, colorScheme: 'light' });
  await page.goto(`${BASE}/#/`);
  await page.waitForSelector('#theme-switch');
  assert.equal(await theme(page), 'light', 'a light system: light');
  const lightBg = await style(page, 'body', 'backgroundColor');
  assert.ok(luminance(lightBg) > 0.7, lightBg);
  assert.equal(await page.getAttribute('#theme-switch', 'aria-pressed'), 'false');
  await page.click('#theme-switch');
  assert.equal(await theme(page), 'dark');
  assert.equal(await page.getAttribute('#theme-switch', 'aria-pressed'), 'true');
  const darkBg = await style(page, 'body', 'backgroundColor');
  assert.ok(luminance(darkBg) < 0.05, `the page turns dark: ${darkBg}`);
  readable('the lobby\'s text', await style(page, 'main', 'color'), darkBg, 7);
  await shot(page, 'dark-lobby-1280');
  await page.reload();
  await page.waitForSelector('#theme-switch');
  assert.equal(await theme(page), 'dark', 'remembered across a reload');
  assert.equal(await page.getAttribute('#theme-switch', 'aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => localStorage.getItem('tessera.theme')), 'dark');
  // the system turning dark changes nothing chosen; back to light, the system's own: forgotten
  await page.click('#theme-switch');
  assert.equal(await theme(page), 'light');
  assert.equal(await page.evaluate(() => localStorage.getItem('tessera.theme')), null, 'the system\'s own choice is not kept');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  assert.equal(await page.getAttribute('#theme-switch', 'aria-pressed'), 'true', 'followed the system');
  await page.click('#theme-switch');
  await page.reload();
  await page.waitForSelector('#theme-switch');
  assert.equal(await theme(page), 'light', 'light chosen on a dark system, remembered');

  // a dark system and nothing chosen: dark from the first paint
  const dark = await newPage(browser, { ...DESKTOP, colorScheme: 'dark' });
  await dark.goto(`${BASE}/#/new`);
  assert.equal(await theme(dark), 'dark');
  await dark.waitForSelector('#theme-switch[aria-pressed="true"]');
  await shot(dark, 'dark-new-game-1280');
  assert.deepEqual([...page.errors_, ...dark.errors_], []);
});

/** Each game's board in dark is readable: its marks against the board, its numbers on its tiles. */
const BOARD = {
  async triominos(page, board) {
    readable('a Triominos number on its tile', await style(page, '.placed .num', 'fill'), await style(page, '.placed .tri', 'fill'), 7);
    readable('a Triominos tile on the board', await style(page, '.placed .tri', 'stroke'), board, 3);
    readable('the last Triominos tile\'s outline', await style(page, '.last-placed', 'stroke'), board, 3);
    if (!(await has(page, '.spot .legal'))) return; // (a turn with nothing to place)
    const legal = over(await style(page, '.spot .legal', 'fill'), board);
    readable('a highlighted spot\'s number', await style(page, '.spot .ghost', 'fill'), legal, 4.5);
    readable('a highlighted spot\'s edge', await style(page, '.spot .legal', 'stroke'), board, 3);
  },
  async q(page, board) {
    readable('a Q tile\'s edge on the board', await style(page, '.qtile .qtile-bg', 'stroke'), board, 1.8);
    readable('the last Q turn\'s frame', await style(page, '.last-placed', 'stroke'), board, 3);
    if (await has(page, '.spot .legal')) readable('a marked cell\'s edge', await style(page, '.spot .legal', 'stroke'), board, 3);
    if (!(await has(page, '.cell-empty'))) return; // (every free cell marked)
    const empty = over(await style(page, '.cell-empty', 'fill'), board);
    readable('an empty cell\'s edge', over(await style(page, '.cell-empty', 'stroke'), empty), board, 1.3);
  },
  async akropolis(page, board) {
    // the bot's city, where it built last (the person's own is shown on its turn)
    await page.click('.city-tab.changed');
    await page.waitForSelector('.last-built');
    readable('the last Akropolis tile\'s outline', await style(page, '.last-built', 'stroke'), board, 3);
    await page.click('#follow');
    readable('a height on a hex', await style(page, '.hlabel', 'fill'), await style(page, '.hlabel', 'stroke'), 7);
    if (await has(page, '.spot .legal')) readable('a highlighted spot\'s edge', await style(page, '.spot .legal', 'stroke'), board, 3);
    readable('a site tile\'s names', await style(page, '.site-names', 'color'), await style(page, '.site button', 'backgroundColor'), 4.5);
  },
};

for (const game of ['triominos', 'q', 'akropolis']) {
  test(`Dark mode: ${game} is readable in dark at 1280x800 and 390x844 (screenshots)`, async () => {
    for (const [size, context] of [['1280', DESKTOP], ['390', PHONE]]) {
      const page = await newPage(browser, { ...context, colorScheme: 'dark' });
      const [bot, seed] = SETUP[game];
      await createGame(page, game, ['human', bot], { seed, delay: 0 });
      await yourTurn(page);
      assert.equal(await theme(page), 'dark');
      await playAndWait(page, game);
      const board = await style(page, '.boardwrap', 'backgroundColor');
      assert.ok(luminance(board) < 0.05, `${game}: a dark board (${board})`);
      const panel = await style(page, 'aside', 'backgroundColor');
      // (the status line is on the page's ground, above the board)
      readable(`${game}: the status`, await style(page, '#status', 'color'), await style(page, 'body', 'backgroundColor'), 7);
      readable(`${game}: the log`, await style(page, '#log li', 'color'), panel, 4.5);
      const button = '#dock button:not([disabled]), #panel button:not([disabled])';
      readable(`${game}: a button`, await style(page, button, 'color'), await style(page, button, 'backgroundColor'), 7);
      readable(`${game}: the scores' seat to move`, await style(page, 'tr.to-move td', 'color'), await style(page, 'tr.to-move', 'backgroundColor'), 4.5);
      await shot(page, `dark-${game}-${size}`);
      await BOARD[game](page, board);
      // the rules help opened: its picture and words
      await page.click('#rules-help > summary');
      await page.waitForSelector('#rules-picture:not([hidden])');
      await page.locator('#rules-picture').scrollIntoViewIfNeeded();
      await shot(page, `dark-${game}-help-${size}`);
      assert.deepEqual(page.errors_, [], `${game} at ${size}`);
    }
  });
}

test('Dark mode: the analysis graph is readable in dark (screenshots at both sizes)', async () => {
  const r = await fetch(`${BASE}/api/games`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'triominos', seats: [{ kind: 'bot', spec: 'greedy' }, { kind: 'bot', spec: 'random' }], seed: 3, delay_ms: 0 }),
  });
  const { id } = await r.json();
  for (let i = 0; i < 300 && ['waiting', 'running', 'paused'].includes((await fetchJson(`/api/games/${id}/replay`)).summary.status); i++) await new Promise((s) => setTimeout(s, 100));
  for (const [size, context] of [['1280', DESKTOP], ['390', PHONE]]) {
    const page = await newPage(browser, { ...context, colorScheme: 'dark' });
    await page.goto(`${BASE}/#/replay/${id}?iters=40`);
    await page.click('#analyze');
    await page.waitForSelector('#win-graph', { timeout: 120000 });
    const graph = await style(page, '#win-graph', 'backgroundColor');
    assert.ok(luminance(graph) < 0.05, `a dark graph (${graph})`);
    for (const seat of [0, 1]) readable(`seat ${seat}'s line`, await style(page, `.win-line[data-seat="${seat}"]`, 'stroke'), graph, 3);
    readable('the axis', await style(page, '#win-graph text.axis', 'fill'), graph, 4.5);
    readable('the summary', await style(page, '#analysis-summary li', 'color'), await style(page, 'aside', 'backgroundColor'), 4.5);
    await page.locator('#win-graph').scrollIntoViewIfNeeded();
    await shot(page, `dark-analysis-${size}`);
    assert.deepEqual(page.errors_, []);
  }
});

// ------------------------------------------------------------------ sounds
const sounds = (page) => page.evaluate(() => window.__tesseraSounds.map((e) => ({ ...e })));

test('Sounds: a move is heard only after an interaction; "your turn" chimes; the switch turns them off, remembered', async () => {
  // a game of bots, watched from a page nobody has touched yet: its moves ask for sounds,
  // none is played (the browsers' autoplay rules)
  const r = await fetch(`${BASE}/api/games`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'triominos', seats: [{ kind: 'bot', spec: 'greedy' }, { kind: 'bot', spec: 'greedy' }], seed: 8, delay_ms: 300 }),
  });
  const { id } = await r.json();
  const watcher = await newPage(browser);
  await watcher.goto(`${BASE}/#/watch/${id}`);
  await watcher.waitForFunction(() => window.__tesseraSounds?.length >= 2, null, { timeout: 20000 });
  const untouched = await sounds(watcher);
  assert.ok(untouched.every((e) => e.kind === 'move' && !e.played && e.why === 'no interaction yet'), JSON.stringify(untouched));
  // a click anywhere: the next move is heard
  await watcher.click('#status');
  await watcher.waitForFunction(() => window.__tesseraSounds.some((e) => e.played), null, { timeout: 20000 });
  assert.equal((await sounds(watcher)).find((e) => e.played).kind, 'move');

  // a person against a bot: its turn chimes (sounds are on by default, the help says so)
  const page = await newPage(browser);
  await createGame(page, 'q', ['human', 'bot:ldasg'], { seed: 5, delay: 200 });
  await yourTurn(page);
  assert.equal(await page.evaluate(() => localStorage.getItem('tessera.sound')), null, 'nothing chosen');
  assert.equal(await page.getAttribute('#sound-switch', 'aria-pressed'), 'true', 'on by default');
  await page.click('#rules-help > summary');
  assert.match(await page.textContent('#prefs-help'), /Sounds are on by default/);
  const before = (await sounds(page)).length;
  await playAndWait(page, 'q');
  const heard = (await sounds(page)).slice(before);
  assert.ok(heard.some((e) => e.kind === 'move' && e.played), `a move heard: ${JSON.stringify(heard)}`);
  assert.deepEqual(heard.at(-1), { kind: 'turn', played: true, why: '' }, 'the turn chimes last');

  // off, remembered: the next turn asks and is not heard
  await page.click('#sound-switch');
  assert.equal(await page.getAttribute('#sound-switch', 'aria-pressed'), 'false');
  await page.reload();
  await yourTurn(page);
  assert.equal(await page.getAttribute('#sound-switch', 'aria-pressed'), 'false', 'remembered across a reload');
  await playAndWait(page, 'q');
  const off = await sounds(page);
  assert.deepEqual(off.at(-1), { kind: 'turn', played: false, why: 'off' });
  assert.ok(off.every((e) => !e.played), JSON.stringify(off));
  assert.deepEqual([...watcher.errors_, ...page.errors_], []);
});

// ------------------------------------------------------------------ move animation
/** Records in the page every tile that starts to drop into place (gets the class `arrive`). */
const watchArrivals = (page) => page.evaluate(() => {
  window.arrived_ = [];
  new MutationObserver((ms) => {
    for (const m of ms) {
      const nodes = m.type === 'attributes' ? [m.target] : [...m.addedNodes].flatMap((n) => (n.querySelectorAll ? [n, ...n.querySelectorAll('.arrive')] : []));
      for (const n of nodes) {
        if (!n.classList?.contains('arrive')) continue;
        // what it is: its label, or its labelled spot's (an Akropolis hex of the person's city)
        const label = n.getAttribute('aria-label') || n.parentElement?.closest('.spot[aria-label]')?.getAttribute('aria-label') || n.getAttribute('class');
        window.arrived_.push([label, getComputedStyle(n).animationName]);
      }
    }
  }).observe(document.getElementById('board'), { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
});
const arrivals = (page) => page.evaluate(() => window.arrived_);

for (const motion of ['no-preference', 'reduce']) {
  test(`Move animation (${motion}): a placed tile, the person's own and the bot's, ${motion === 'reduce' ? 'does not move' : 'drops into place'}`, async () => {
    const page = await newPage(browser, { ...DESKTOP, reducedMotion: motion });
    // a slow bot: the person's tile is the last placed for a while
    await createGame(page, 'triominos', ['human', 'bot:greedy'], { seed: 11, delay: 1500 });
    await yourTurn(page);
    await watchArrivals(page);
    assert.deepEqual(await arrivals(page), [], 'nothing moves on opening a game');
    const tiles = await page.locator('.placed').count();
    const [x, y] = await PLAY.triominos(page);
    await page.waitForFunction((n) => document.querySelectorAll('.placed').length > n, tiles);
    const mine = `at ${x},${y}`;
    const bot = page.waitForFunction((n) => document.querySelectorAll('.placed').length > n + 1, tiles, { timeout: 30000 });
    if (motion === 'reduce') {
      await bot;
      await yourTurn(page);
      assert.deepEqual(await arrivals(page), [], 'nothing moves under reduced motion');
      assert.deepEqual(await page.evaluate(() => document.getAnimations().map((a) => a.animationName)), []);
      return;
    }
    await page.waitForFunction((m) => window.arrived_.some(([l]) => l.includes(m)), mine);
    assert.ok((await arrivals(page)).some(([l, name]) => l.includes(mine) && name === 'tile-arrive'), 'the person\'s tile drops into place');
    await bot;
    await yourTurn(page);
    const botTile = await page.getAttribute('.placed.last', 'aria-label');
    assert.ok(!botTile.includes(mine));
    assert.ok((await arrivals(page)).some(([l, name]) => l === botTile && name === 'tile-arrive'), `the bot's tile drops into place: ${JSON.stringify(await arrivals(page))}`);
    // a tile selected meanwhile redraws the board: no tile drops again
    const seen = (await arrivals(page)).length;
    await page.waitForTimeout(500);
    await page.locator('.tray button').first().click();
    assert.equal((await page.$$('.arrive')).length, 0, 'the animation is over and not replayed');
    assert.equal((await arrivals(page)).length, seen);
    assert.deepEqual(page.errors_, []);
  });
}

test('Move animation: placed tiles drop into place in Q and Akropolis too', async () => {
  for (const game of ['q', 'akropolis']) {
    const page = await newPage(browser, DESKTOP);
    const [bot, seed] = SETUP[game];
    await createGame(page, game, ['human', bot], { seed, delay: 300 });
    await yourTurn(page);
    await watchArrivals(page);
    await playAndWait(page, game);
    const got = await arrivals(page);
    // Q: the person's tiles and the bot's; Akropolis: the person's (the bot's city is not shown on the person's turn)
    const fresh = game === 'q' ? '(just placed)' : 'just built';
    assert.ok(got.some(([l, name]) => l.includes(fresh) && name === 'tile-arrive'), `${game}: ${JSON.stringify(got)}`);
    assert.deepEqual(page.errors_, []);
  }
});
