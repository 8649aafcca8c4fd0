// A phone (390x844, touch): every page fits the width (no sideways scrolling, every control
// on screen), and a whole move of each game is played by tapping. Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, createGame, yourTurn } from './lib.mjs';

const W = 390, H = 844;
const PHONE = { viewport: { width: W, height: H }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/**
 * The page fits the phone's width: nothing scrolls sideways (the layout viewport is still the
 * phone's: a mobile browser zooms out over a page wider than its screen), and every visible
 * control, the status and the tables lie within the width.
 */
async function fits(page, what) {
  const r = await page.evaluate((w) => {
    const outside = [...document.querySelectorAll('button, a[href], input, select, table, #status, .tray, .site, .controls, h2, '
      + 'p, pre, code, summary, li, th, td, .seat-row, .end, .rules-help, #resign-box, .join')]
      .filter((e) => !e.closest('svg, .sr-only, table.list thead')) // (visually hidden on purpose)
      .map((e) => [e, e.getBoundingClientRect()])
      .filter(([, b]) => b.width > 0 && b.height > 0)
      .filter(([, b]) => b.left < -0.5 || b.right > w + 0.5)
      .map(([e, b]) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${e.className?.baseVal ?? e.className} [${Math.round(b.left)}, ${Math.round(b.right)}]`);
    return { inner: window.innerWidth, scroll: document.documentElement.scrollWidth, body: document.body.scrollWidth, outside };
  }, W);
  await shot(page, `phone-${what}`);
  assert.equal(r.inner, W, `${what}: the layout viewport is the phone's width (wider: ${r.outside.join(', ')})`);
  assert.ok(r.scroll <= W && r.body <= W, `${what}: page ${r.scroll} px wide (body ${r.body}) on a ${W} px screen`);
  assert.deepEqual(r.outside, [], `${what}: off the screen sideways`);
}

/**
 * Taps a legal spot (Triominos, Akropolis): for the selected tile, else the others, rotating.
 * The held placement's words (the game's renderer's `moveWords`) must match `words`.
 */
async function tapLegalSpot(page, tiles, words) {
  for (let t = 0; t <= (await page.locator(tiles).count()); t++) {
    if (t > 0) await page.locator(tiles).nth(t - 1).tap();
    for (let i = 0; i < 6 && !(await page.$('.spot[data-legal=true]')); i++) await page.locator('#rotate').tap();
    if (await page.$('.spot[data-legal=true]')) {
      await page.locator('.spot[data-legal=true]').first().tap();
      // a touch screen holds the placement (drawn where it lands) for Confirm, in words
      await page.waitForSelector('#confirm-box:not([hidden])');
      assert.match(await page.textContent('#confirm-box .held-words'), words);
      await shot(page, `phone-held-${tiles.startsWith('.site') ? 'akropolis' : 'triominos'}`);
      await page.locator('#confirm-move').tap();
      return true;
    }
  }
  return false;
}

/** Plays one move of the person by tapping, and waits for the bot's answer. */
const PLAY = {
  async triominos(page) {
    if (!(await tapLegalSpot(page, '.tray button', /^Your placement: \d-\d-\d for \+\d+\. $/))) await page.locator('#draw').tap();
  },
  async q(page) {
    for (let i = 0; i < 6; i++) {
      const b = page.locator(`.tray button[data-index="${i}"]`);
      if (!(await b.count())) break;
      await b.tap();
      if (await page.locator('.spot[data-legal=true]').count()) {
        await page.locator('.spot[data-legal=true]').first().tap();
        await page.waitForSelector('.pending');
        await page.locator('#commit').tap();
        return;
      }
    }
    await page.locator('#pass').tap();
  },
  async akropolis(page) {
    assert.ok(await tapLegalSpot(page, '.site button:not([disabled])', /^Your placement: tile \d+, turned \d+( for [+-]\d+)?\. $/), 'a legal spot to build');
  },
};
const SETUP = { triominos: ['bot:greedy', 11], q: ['bot:ldasg', 5], akropolis: ['bot:greedy', 3] };

for (const game of ['triominos', 'q', 'akropolis']) {
  test(`On a phone: ${game} — the form, a whole move by tapping, watch and replay fit the width`, async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${BASE}/#/new`);
    await page.waitForSelector('#game option', { state: 'attached' });
    await page.selectOption('#game', game);
    await fits(page, `${game}-1-new`);
    const [bot, seed] = SETUP[game];
    const id = await createGame(page, game, ['human', bot], { seed, delay: 0 });
    await yourTurn(page);
    await fits(page, `${game}-2-turn`);
    // the status, the scores and the person's controls are on screen (scrolled to, not beside)
    for (const sel of ['#status', '#scores', '#board', game === 'akropolis' ? '.site' : '.tray']) {
      const b = await page.locator(sel).boundingBox();
      assert.ok(b && b.x >= 0 && b.x + b.width <= W + 0.5, `${game}: ${sel} within the width: ${JSON.stringify(b)}`);
    }
    const lines = await page.locator('#log li').count();
    await PLAY[game](page);
    // the person's move and the bot's answer are in the log (two lines at least), and it is the person's turn again
    await page.waitForFunction((n) => document.querySelectorAll('#log li').length >= n + 2, lines, { timeout: 30000 });
    await yourTurn(page);
    await fits(page, `${game}-3-moved`);
    // the lobby (with this game's Resume and Watch links), watching, the replay
    await page.goto(`${BASE}/#/`);
    await page.waitForSelector(`#running tr[data-id="${id}"] a`);
    await fits(page, `${game}-4-lobby`);
    // no unlabelled numbers: the moves and the scores say what they are
    const [moves, scores] = await page.$eval(`#running tr[data-id="${id}"]`, (tr) => [
      getComputedStyle(tr.querySelector('td.moves'), '::after').content, getComputedStyle(tr.querySelector('td.scores'), '::before').content]);
    assert.match(moves, /^" moves?"$/, `${game}: the moves labelled`);
    // (the column's name, from the catalogue: `content: attr(data-label) " "`)
    assert.equal(scores, '"Scores "', `${game}: the scores labelled`);
    for (const a of await page.locator(`#running tr[data-id="${id}"] a`).all()) {
      const b = await a.boundingBox();
      assert.ok(b.x >= 0 && b.x + b.width <= W + 0.5, `${game}: the lobby's ${await a.textContent()} link within the width`);
    }
    await page.goto(`${BASE}/#/watch/${id}`);
    await page.waitForFunction(() => /spectating/.test(document.querySelector('#status')?.textContent || ''));
    await fits(page, `${game}-5-watch`);
    await page.goto(`${BASE}/#/replay/${id}`);
    await page.waitForSelector('#scrubber');
    await page.locator('[aria-label="Last move"]').tap();
    await fits(page, `${game}-6-replay`);
    assert.deepEqual(page.errors_, []);
  });
}

test('Akropolis with 4 players: the district table fits a phone and the side panel of a desktop', async () => {
  const r = await fetch(`${BASE}/api/games`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    // long names: the end screen's breakdown has a column per player
    body: JSON.stringify({ game: 'akropolis', seats: ['Maximiliana Konstantinopoulou', 'Bartholomew-Alexander', 'Wolfgang Amadeus', 'Zoë'].map((name) => ({ kind: 'bot', spec: 'greedy', name })), seed: 9, delay_ms: 0 }),
  });
  const { id } = await r.json();
  assert.ok(r.ok && id);
  for (const [what, context] of [['phone', PHONE], ['desktop', { viewport: { width: 1280, height: 800 } }]]) {
    const page = await newPage(browser, context);
    await page.goto(`${BASE}/#/watch/${id}`);
    await page.waitForFunction(() => /^Game over/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 60000 });
    // the end screen: why, who won, the breakdown of four players
    await page.waitForSelector('#end #breakdown');
    if (what === 'phone') await fits(page, 'akropolis-4-end');
    const [wide, within] = await page.$eval('#breakdown', (e) => [e.getBoundingClientRect().width, e.parentElement.clientWidth]);
    assert.ok(wide <= within, `${what}: the breakdown is ${wide} px wide in ${within} px`);
    await page.goto(`${BASE}/#/replay/${id}`);
    await page.waitForSelector('#scrubber');
    await page.click('[aria-label="Last move"]');
    assert.equal(await page.locator('#districts thead th').count(), 5, 'a column per city');
    const [table, room] = await page.$eval('#districts', (e) => [e.scrollWidth, e.parentElement.clientWidth]);
    assert.ok(table <= room, `${what}: the district table is ${table} px wide in ${room} px`);
    if (what === 'phone') await fits(page, 'akropolis-4-players');
    else await shot(page, 'akropolis-4-players-desktop');
    assert.deepEqual(page.errors_, []);
  }
});

test('On a phone: a table waiting for a program (the joining command) fits the width, in the lobby and on its page', async () => {
  const r = await fetch(`${BASE}/api/games`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'q', seats: [{ kind: 'bot', spec: 'ldasg' }, { kind: 'program' }] }),
  });
  const { id } = await r.json();
  assert.ok(r.ok && id);
  const page = await newPage(browser, PHONE);
  await page.goto(`${BASE}/#/`);
  await page.waitForSelector(`#running .join[data-table="${id}"] .command`);
  await fits(page, 'lobby-waiting');
  await wrapsBetweenWords(page, `#running .join[data-table="${id}"] .command`, 'the lobby');
  await page.goto(`${BASE}/#/watch/${id}`);
  await page.waitForSelector('#join .command');
  await fits(page, 'waiting');
  await wrapsBetweenWords(page, '#join .command', 'the game page');
  assert.deepEqual(page.errors_, []);
});

/**
 * A command wraps between its words only (`--port 4242` never split inside a word), on
 * several lines on a phone, and its box does not scroll sideways.
 */
async function wrapsBetweenWords(page, sel, where) {
  const r = await page.$eval(sel, (code) => {
    const split = [];
    const tops = new Set();
    // every word of every text node: the lines its boxes lie on
    const walk = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let text = walk.nextNode(); text; text = walk.nextNode()) {
      let at = 0;
      for (const word of text.data.split(' ')) {
        if (word) {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + word.length);
          const lines = new Set([...range.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
          if (lines.size !== 1) split.push(word);
          for (const t of lines) tops.add(t);
        }
        at += word.length + 1;
      }
    }
    const box = code.closest('pre') ?? code;
    return { text: code.textContent, split, lines: tops.size, scroll: box.scrollWidth, room: box.clientWidth };
  });
  assert.match(r.text, /^tessera client --table \d+ .*--port \d+$/, `${where}: the command with its port`);
  assert.deepEqual(r.split, [], `${where}: words broken across lines in "${r.text}"`);
  assert.ok(r.lines > 1, `${where}: the command wraps on a phone (${r.lines} line)`);
  assert.ok(r.scroll <= r.room, `${where}: the command's box scrolls sideways (${r.scroll} px in ${r.room})`);
}

test('On a phone: the new-game form with named seats, How to play, the clock, resigning and the end screen fit the width', async () => {
  const page = await newPage(browser, PHONE);
  await page.goto(`${BASE}/#/new/akropolis`);
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.fill('#players', '4');
  await page.dispatchEvent('#players', 'change');
  const names = ['Maximiliana Konstantinopoulou', 'Bartholomew', 'Wolfgang-Amadeus', 'Zoë'];
  const rows = page.locator('.seat-row');
  assert.equal(await rows.count(), 4);
  for (let i = 0; i < 4; i++) await rows.nth(i).locator('.name').fill(names[i]);
  await fits(page, 'form-names');
  for (let i = 0; i < 4; i++) {
    const b = await rows.nth(i).locator('.name').boundingBox();
    assert.ok(b && b.x >= 0 && b.x + b.width <= W + 0.5 && b.width >= 120, `seat ${i + 1}: the name field within the width, wide enough to type in: ${JSON.stringify(b)}`);
  }
  await page.locator('#rules-help > summary').tap();
  await page.waitForSelector('#rules-help[open]');
  await fits(page, 'form-how-to-play');

  // a person against a bot with a clock: the clock line, How to play, Resign asked, the end
  await page.goto(`${BASE}/#/new/q`);
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.check('#advanced-bots');
  await page.locator('.seat-row .kind').nth(1).selectOption('bot:ldasg');
  await page.locator('.seat-row .name').nth(0).fill(names[0]);
  await page.selectOption('#clock', '600');
  await page.fill('#seed', '5');
  await page.fill('#delay', '0');
  await page.locator('#start').tap();
  await page.waitForURL(/#\/game\//);
  await yourTurn(page);
  await page.waitForSelector('#clock:not([hidden])');
  assert.match(await page.textContent('#clock'), /You have \d+ s left/);
  await fits(page, 'clock');
  await page.locator('#rules-help > summary').tap();
  await page.waitForSelector('#rules-help[open]');
  await fits(page, 'game-how-to-play');
  await page.locator('#resign').tap();
  await page.waitForSelector('#resign-yes');
  await fits(page, 'resign-confirm');
  for (const sel of ['#resign-yes', '#resign-no']) {
    const b = await page.locator(sel).boundingBox();
    assert.ok(b && b.x >= 0 && b.x + b.width <= W + 0.5, `${sel} within the width: ${JSON.stringify(b)}`);
  }
  await page.locator('#resign-yes').tap();
  await page.waitForSelector('#end #breakdown');
  await fits(page, 'end');
  for (const sel of ['#end', '#breakdown', '#rematch', '#new-game-after']) {
    const b = await page.locator(sel).boundingBox();
    assert.ok(b && b.x >= 0 && b.x + b.width <= W + 0.5, `${sel} within the width: ${JSON.stringify(b)}`);
  }
  assert.deepEqual(page.errors_, []);
});

test('On a phone: two fingers spreading on the board zoom in, pinching zooms out', async () => {
  const page = await newPage(browser, PHONE);
  await createGame(page, 'q', ['human', 'bot:ldasg'], { seed: 5 });
  await yourTurn(page);
  const width = async () => Number((await page.getAttribute('#board', 'viewBox')).split(' ')[2]);
  const box = await page.locator('#board').boundingBox();
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  /** Two pointers from `d0` apart to `d1` apart, about the board's middle (synthetic touch pointers). */
  const pinch = (d0, d1) => page.evaluate(([x, y, a, b]) => {
    const svg = document.querySelector('#board');
    const ev = (type, id, dx) => svg.dispatchEvent(new PointerEvent(type, {
      pointerId: id, pointerType: 'touch', isPrimary: id === 1, button: 0, clientX: x + dx, clientY: y, bubbles: true,
    }));
    ev('pointerdown', 1, -a / 2); ev('pointerdown', 2, a / 2);
    for (let k = 1; k <= 4; k++) { const d = a + (b - a) * k / 4; ev('pointermove', 1, -d / 2); ev('pointermove', 2, d / 2); }
    ev('pointerup', 1, -b / 2); ev('pointerup', 2, b / 2);
  }, [cx, cy, d0, d1]);
  const w0 = await width();
  await pinch(60, 180);
  const w1 = await width();
  assert.ok(Math.abs(w1 - w0 / 3) < w0 * 0.02, `spreading 3x zooms in 3x: ${w0} -> ${w1}`);
  await pinch(180, 90);
  const w2 = await width();
  assert.ok(Math.abs(w2 - w1 * 2) < w1 * 0.02, `pinching 2x zooms out 2x: ${w1} -> ${w2}`);
  assert.deepEqual(page.errors_, []);
});
