// A whole game of each game played by clicks (1280x800) and by taps (a phone, 390x844,
// touch), every turn without scrolling: at each turn of the person the page is not
// scrolled and the board, the scores, the person's tray, hand or site and the control that
// plays the move (Confirm, Commit) lie within the window; a tile held for a confirmation is
// drawn whole where it lands, with its points; the end screen and Rematch are in view at
// the end. Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, showEngines } from './lib.mjs';

const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/**
 * What is out of the window among `sels` (each must be shown and wholly inside), and how
 * far the page is scrolled.
 */
async function outOfView(page, sels) {
  return page.evaluate((list) => {
    const out = [];
    for (const sel of list) {
      const e = document.querySelector(sel);
      const b = e?.getBoundingClientRect();
      if (!b || !b.width || !b.height) out.push(`${sel}: not shown`);
      else if (b.left < -0.5 || b.top < -0.5 || b.right > innerWidth + 0.5 || b.bottom > innerHeight + 0.5) {
        out.push(`${sel}: [${Math.round(b.left)}, ${Math.round(b.top)}, ${Math.round(b.right)}, ${Math.round(b.bottom)}] outside ${innerWidth}x${innerHeight}`);
      }
    }
    return { out, x: scrollX, y: scrollY };
  }, sels);
}

/** The page is not scrolled and `sels` are in view: a turn needs no scroll. */
async function noScroll(page, sels, what) {
  const r = await outOfView(page, sels);
  assert.equal(r.y, 0, `${what}: the page is scrolled down ${r.y} px`);
  assert.equal(r.x, 0, `${what}: the page is scrolled sideways ${r.x} px`);
  assert.deepEqual(r.out, [], `${what}: out of view`);
}

/** A move's news, when shown, covers a strip of the board, not half of it. */
async function toastSmall(page, what) {
  const r = await page.evaluate(() => {
    const f = document.querySelector('#flash');
    if (!f || f.hidden) return null;
    const a = f.getBoundingClientRect(), b = document.querySelector('.boardwrap').getBoundingClientRect();
    return (a.width * a.height) / (b.width * b.height);
  });
  if (r !== null) assert.ok(r < 0.15, `${what}: the news covers ${Math.round(r * 100)}% of the board`);
}

const tap = (size) => (size === 'phone' ? (l) => l.tap() : (l) => l.click());
const turnOrEnd = (page) => page.waitForFunction(() => /^(Your turn|Game over)/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 30000 });
const over = async (page) => /^Game over/.test(await page.textContent('#status'));

/** Creates the game through the form: the person against `bot`, rule options set. */
async function start(page, size, game, bot, options, seed) {
  const press = tap(size);
  await page.goto(`${BASE}/#/new/${game}`);
  await page.waitForSelector('#game option', { state: 'attached' });
  await showEngines(page, [bot]);
  await page.locator('.seat-row .kind').nth(1).selectOption(bot);
  for (const [key, value] of Object.entries(options)) {
    const opt = page.locator(`#opt-${key}`);
    if (await opt.evaluate((e) => e.tagName === 'SELECT')) await opt.selectOption(value); else await opt.fill(value);
  }
  await page.fill('#seed', String(seed));
  await page.fill('#delay', '0');
  await press(page.locator('#start'));
  await page.waitForURL(/#\/game\//);
}

/**
 * Taps a legal spot (Triominos, Akropolis), trying each tile of `tiles` and each rotation;
 * with Confirm on, checks the held tile drawn where it lands with its points, then confirms.
 * False when nothing can be placed.
 */
async function place(page, size, tiles, turnSels, what) {
  const press = tap(size);
  const n = await page.locator(tiles).count();
  for (let t = 0; t < n; t++) {
    await press(page.locator(tiles).nth(t));
    for (let k = 0; k < 6 && !(await page.locator('.spot[data-legal=true]').count()); k++) await press(page.locator('#rotate'));
    if (!(await page.locator('.spot[data-legal=true]').count())) continue;
    const spot = page.locator('.spot[data-legal=true]').first();
    if (size === 'desktop' && await page.locator('.ghost-layer').count()) {
      // (Akropolis) the pointer over a spot: the whole tile where it would land, with its points
      await spot.hover();
      assert.equal(await page.locator('.ghost-layer .landing-hex').count(), 3, `${what}: the tile's three hexes drawn`);
      assert.match(await page.textContent('.ghost-layer .landing-points'), /^[+-]\d+$/, `${what}: its points`);
    }
    await press(spot);
    if (await page.locator('#confirm-move').count()) {
      // held: the tile where it lands, its points said, Confirm in view
      await page.waitForSelector('#board .held');
      const said = (await page.textContent('#confirm-box')).match(/for ([+-]\d+)/)?.[1];
      assert.ok(said, `${what}: the held placement's points in words`);
      assert.equal((await page.textContent('#board .held')).match(/[+-]\d+/)?.[0], said, `${what}: the held tile shows its points`);
      await noScroll(page, [...turnSels, '#confirm-move'], `${what} (held)`);
      if (/turn [15]$/.test(what)) await shot(page, `whole-${what.replace(/\W+/g, '-')}-held`);
      await press(page.locator('#confirm-move'));
    }
    return true;
  }
  return false;
}

/**
 * Akropolis: a site tile too dear is as readable as the others (nothing faded, its words
 * at a contrast of 4.5:1 or more) and marked as too dear.
 */
async function readable(page, what) {
  const dear = await page.$$eval('.site button.unaffordable', (bs) => bs.map((b) => {
    const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b2]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b2);
    };
    let opacity = 1;
    for (let e = b; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const bg = lum(rgb(getComputedStyle(b).backgroundColor));
    const contrast = [...b.querySelectorAll('.site-cost, .site-name')].map((t) => {
      const fg = lum(rgb(getComputedStyle(t).color));
      return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    });
    return { opacity, contrast: Math.min(...contrast), label: b.getAttribute('aria-label'), disabled: b.disabled };
  }));
  for (const d of dear) {
    assert.equal(d.opacity, 1, `${what}: a tile too dear is faded (${d.label})`);
    assert.ok(d.contrast >= 4.5, `${what}: a tile too dear at contrast ${d.contrast.toFixed(2)}:1`);
    assert.ok(d.disabled && /too dear/.test(d.label), `${what}: marked too dear: ${d.label}`);
  }
  return dear.length;
}

const PLAY = {
  triominos: {
    bot: 'bot:greedy', seed: 11, options: { end: 'target', target: '60' },
    sels: ['#board', '#scores', '.tray', '#rotate', '#draw'],
    async move(page, size, what) {
      if (await place(page, size, '.tray button.playable', this.sels, what)) return;
      const press = tap(size);
      if (await page.isEnabled('#draw')) await press(page.locator('#draw')); else await press(page.locator('#pass'));
    },
  },
  // Q for people: the form's defaults, the boxed game's rules and 3 copies of each tile
  q: {
    bot: 'bot:ldasg', seed: 5, options: {},
    sels: ['#board', '#scores', '.tray', '#commit'],
    async move(page, size, what) {
      const press = tap(size);
      // two tiles along a line at most (a whole hand placed ends the game at once), then Commit
      for (let put = 0; put < 2; put++) {
        const fits = page.locator('.tray button[data-fits=true]:not([disabled])');
        if (!(await fits.count())) break;
        await press(fits.first());
        // late in a game the cells stay big enough to tap, clear of the zoom buttons
        // (the marked cells in view: the others are a pan away, as for a player)
        const [cell, under, first] = await page.evaluate(() => {
          const z = document.querySelector('.zoom').getBoundingClientRect();
          const v = document.querySelector('#board').getBoundingClientRect();
          const spots = [...document.querySelectorAll('.spot[data-legal=true]')].map((e) => e.getBoundingClientRect());
          const hit = spots.filter((b) => b.left < z.right && b.right > z.left && b.top < z.bottom && b.bottom > z.top).length;
          const seen = spots.findIndex((b) => b.left >= v.left && b.right <= v.right && b.top >= v.top && b.bottom <= v.bottom);
          return [Math.min(...spots.map((b) => b.width)), hit, seen];
        });
        assert.ok(cell >= 26, `${what}: a cell is ${cell} px wide`);
        assert.equal(under, 0, `${what}: a marked cell under the zoom buttons`);
        assert.ok(first >= 0, `${what}: no marked cell in view`);
        await press(page.locator('.spot[data-legal=true]').nth(first));
        await page.waitForFunction((k) => document.querySelectorAll('.pending').length === k, put + 1);
      }
      if (await page.locator('.pending').count()) {
        // what they would score, on Commit and by the tiles, before they are sent
        await page.waitForFunction(() => /^Commit \d+ tiles? for \+\d+$/.test(document.querySelector('#commit')?.textContent || ''));
        const gain = (await page.textContent('#commit')).match(/\+\d+$/)[0];
        assert.equal(await page.textContent('#pending-points'), gain, `${what}: the points by the tiles`);
        await noScroll(page, this.sels, `${what} (tiles put down)`);
        if (/ turn 2$/.test(what)) await shot(page, `whole-q-${size}-put-down`);
        const lines = await page.locator('#log li').count();
        await press(page.locator('#commit'));
        // and that is what the move scored (the log's words)
        await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, lines);
        const mine = await page.$$eval('#log li', (lis) => lis.map((l) => l.textContent).find((t) => t.startsWith('Player 1 placed')));
        assert.match(mine ?? '', new RegExp(`for \\${gain}( |$)`), `${what}: scored ${gain}`);
      } else if (await page.isEnabled('#exchange')) await press(page.locator('#exchange'));
      else await press(page.locator('#pass'));
    },
  },
  akropolis: {
    bot: 'bot:greedy', seed: 3, options: {},
    sels: ['#board', '#scores', '.site', '#rotate'],
    async move(page, size, what) {
      const dear = await readable(page, what);
      if (/ turn 1$/.test(what)) assert.ok(dear > 0, `${what}: a tile too dear on the site (seed 3)`);
      assert.ok(await place(page, size, '.site button:not([disabled])', this.sels, what), `${what}: a tile to build`);
    },
  },
};

// Q under the course's rules too, chosen in the form (1 copy of each tile: a short game)
PLAY['q-course'] = { ...PLAY.q, game: 'q', options: { rule_set: 'course', copies: '1' } };

for (const game of Object.keys(PLAY)) {
  for (const size of Object.keys(SIZES)) {
    test(`A whole game of ${game} by ${size === 'phone' ? 'taps on a phone' : 'clicks at 1280x800'}, every turn without scrolling`, async () => {
      const g = PLAY[game];
      const page = await newPage(browser, SIZES[size]);
      await start(page, size, g.game ?? game, g.bot, g.options, g.seed);
      // a placement waits for Confirm on a touch screen (no hover there to show where it lands);
      // at a desktop it is asked for (the box in the side panel)
      if ((g.game ?? game) !== 'q') {
        if (size === 'phone') assert.equal(await page.isChecked('#confirm-moves'), true, 'Confirm is on by default on a touch screen');
        else if (game === 'akropolis') await page.locator('#confirm-moves').check();
      }
      let turns = 0;
      for (; turns < 80; turns++) {
        await turnOrEnd(page);
        if (await over(page)) break;
        const what = `${game} ${size} turn ${turns + 1}`;
        await noScroll(page, g.sels, what);
        await toastSmall(page, what);
        if (turns === 1) await shot(page, `whole-${game}-${size}`);
        const version = await page.evaluate(() => document.querySelectorAll('#log li').length);
        await g.move(page, size, what);
        // the move went: the log grew, or the game ended
        await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n || /^Game over/.test(document.querySelector('#status')?.textContent || ''), version, { timeout: 30000 });
        const r = await outOfView(page, []);
        assert.equal(r.y, 0, `${what}: playing the move scrolled the page`);
      }
      await page.waitForFunction(() => /^Game over/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 30000 });
      assert.ok(turns >= 3, `${game}: ${turns} turns played: ${await page.textContent('#log')}`);
      // how long a whole game is for a person (docs/q.md states Q's)
      const moves = await page.evaluate(() => document.querySelectorAll('#log li').length);
      console.log(`# length: ${game} ${size}: ${turns} turns of the person, ${moves} lines of the log`);
      // the end in reach: why, who won, the breakdown and Rematch, without scrolling
      await page.waitForSelector('#end #breakdown');
      await noScroll(page, ['#status', '#scores', '#end-reason', '#winner', '#rematch'], `${game} ${size}: the end`);
      await shot(page, `whole-${game}-${size}-end`);
      assert.deepEqual(page.errors_, []);
    });
  }
}
