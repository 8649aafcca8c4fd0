// Triominos on a phone (390x844, touch) and at a desktop (1280x800) on a board 25 and more
// tiles wide: the highlighted spots of every tray tile in every rotation lie in the board's
// view, as the page draws them and after a zoom; Fit shows the whole board centred, every
// highlighted spot in it; a number is never drawn under 12 px on screen (left out where a
// tile is too small for it, the board saying so); the replay's last step shows the board,
// not half of it beside an empty half. The board is grown by four people at one browser
// whose moves (sent over their seats' sockets) lay tiles at its ends. Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot } from './lib.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESK = { viewport: { width: 1280, height: 800 } };
/** How wide the board is grown, in cells (a tile is a cell). */
const WIDE = 26;
/** The smallest a number is drawn on screen, in CSS px. */
const READABLE = 12;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/**
 * A hotseat game of four people (seed `seed`) played from `page` until its board is `want`
 * cells wide with the seat to move able to place a tile: each seat lays a tile at an end of
 * the board when one fits there (keeping a tile in hand), else draws, else passes. Returns
 * `{id, tokens, width}` (`width` 0: not reached in 400 moves).
 */
async function widen(page, seed, want = WIDE) {
  const made = await page.evaluate(async (s) => (await fetch('/api/games', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'triominos', seed: s, options: { target: 10000 }, seats: ['Ann', 'Bea', 'Cid', 'Dan'].map((name) => ({ kind: 'human', name })) }),
  })).json(), seed);
  assert.ok(made.id && made.tokens?.length === 4, `a hotseat game: ${JSON.stringify(made)}`);
  const width = await page.evaluate(async ({ id, tokens, want }) => {
    const state = async (tok) => (await fetch(`/api/games/${id}?token=${tok}`)).json();
    const sockets = new Map();
    for (const [seat, tok] of tokens) {
      const ws = new WebSocket(`ws://${location.host}/api/games/${id}/ws?token=${tok}`);
      await new Promise((ok) => { ws.onopen = ok; });
      sockets.set(seat, ws);
    }
    try {
      for (let step = 0; step < 400; step++) {
        const seat = (await state(tokens[0][1])).to_move;
        if (seat === null || seat === undefined) return 0;
        const m = await state(tokens.find(([s]) => s === seat)[1]);
        const xs = m.public.board.map((p) => p.x);
        const width = xs.length ? Math.max(...xs) - Math.min(...xs) + 1 : 0;
        const spots = m.hints?.placements ?? [];
        if (width >= want && spots.length) return width;
        const lo = Math.min(...xs), hi = Math.max(...xs);
        const out = spots.map((p) => [Math.max(lo - p.x, p.x - hi, 0), p]).filter(([d]) => d > 0).sort((a, b) => b[0] - a[0]);
        let mv;
        if (!xs.length && spots.length) mv = spots[0];
        else if (out.length && m.view.tray.length > 1) mv = out[0][1];
        else if (m.hints.can_draw) mv = 'draw';
        else if (m.hints.can_pass) mv = 'pass';
        else mv = spots[0];
        const move = typeof mv === 'string' ? mv : { place: { tile: mv.tile, orientation: mv.orientation, x: mv.x, y: mv.y } };
        sockets.get(seat).send(JSON.stringify({ move }));
        for (let i = 0; i < 200 && (await state(tokens[0][1])).version === m.version; i++) await new Promise((ok) => setTimeout(ok, 20));
      }
      return 0;
    } finally { for (const ws of sockets.values()) ws.close(); }
  }, { id: made.id, tokens: made.tokens, want });
  return { id: made.id, tokens: made.tokens, width };
}

/** The board as drawn: its highlighted spots (those outside the board's view named), the
 * placed tiles' extent, the numbers shown and the smallest of them on screen. */
const drawn = (page) => page.evaluate(() => {
  const svg = document.querySelector('#board');
  const r = svg.getBoundingClientRect();
  const within = (b) => b.left >= r.left - 0.5 && b.right <= r.right + 0.5 && b.top >= r.top - 0.5 && b.bottom <= r.bottom + 0.5;
  const spots = [...document.querySelectorAll('.spot[data-legal=true]')];
  const placed = [...document.querySelectorAll('#board .placed')].map((e) => e.getBoundingClientRect());
  const scale = svg.getScreenCTM().a;
  const nums = [...document.querySelectorAll('#board .num, #board .ghost, #board .pts')].filter((e) => getComputedStyle(e).display !== 'none');
  return {
    spots: spots.length,
    outside: spots.filter((e) => !within(e.getBoundingClientRect())).map((e) => `${e.dataset.x},${e.dataset.y}`),
    board: { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
    tiles: placed.length ? { left: Math.min(...placed.map((b) => b.left)), right: Math.max(...placed.map((b) => b.right)), top: Math.min(...placed.map((b) => b.top)), bottom: Math.max(...placed.map((b) => b.bottom)) } : null,
    tilesOutside: placed.filter((b) => !within(b)).length,
    numbers: nums.length,
    smallest: nums.length ? Math.min(...nums.map((e) => parseFloat(getComputedStyle(e).fontSize) * scale)) : null,
    tooSmall: svg.classList.contains('too-small'),
    note: !document.querySelector('#board-note')?.hidden,
  };
});

/** Numbers are drawn at READABLE px or more, or not at all (and the board says to zoom in). */
function readable(d, what) {
  if (d.smallest !== null) assert.ok(d.smallest >= READABLE - 0.01, `${what}: a number drawn at ${d.smallest.toFixed(1)} px`);
  if (d.tooSmall) assert.ok(d.note, `${what}: the numbers left out, and the board says so`);
  else assert.ok(!d.note, `${what}: no note while the numbers are shown`);
}

for (const [size, ctx] of [['390', PHONE], ['1280', DESK]]) {
  test(`Triominos at ${size} px on a board ${WIDE}+ tiles wide: the highlighted spots in view, Fit shows the whole board, numbers readable, the replay`, async () => {
    const page = await newPage(browser, ctx);
    await page.goto(`${BASE}/#/`);
    let game = null;
    for (const seed of [3, 1, 2, 4, 5, 6]) {
      game = await widen(page, seed);
      if (game.width) break;
    }
    assert.ok(game.width >= WIDE, `a board ${WIDE} cells wide (seeds 1-6)`);
    await page.evaluate(([id, tokens]) => localStorage.setItem(`tessera.tokens.${id}`, JSON.stringify(tokens)), [game.id, game.tokens]);
    await page.goto(`${BASE}/#/game/${game.id}`);
    await page.waitForSelector('.tray button');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn');

    // as the page draws the turn: every highlighted spot in view
    let d = await drawn(page);
    assert.ok(d.spots > 0, 'a highlighted spot');
    assert.deepEqual(d.outside, [], 'the highlighted spots in view as the turn is drawn');
    readable(d, 'the turn');
    await shot(page, `triominos-wide-${size}-turn`);

    // Fit: the whole board, centred, every highlighted spot in it
    await page.locator('.zoom button').nth(2).click();
    d = await drawn(page);
    assert.equal(d.tilesOutside, 0, 'after Fit every tile lies in the view');
    assert.deepEqual(d.outside, [], 'after Fit every highlighted spot lies in the view');
    const middle = (d.board.left + d.board.right) / 2, tilesMiddle = (d.tiles.left + d.tiles.right) / 2;
    assert.ok(Math.abs(middle - tilesMiddle) <= (d.board.right - d.board.left) * 0.05, `the board centred after Fit (${tilesMiddle.toFixed(0)} against ${middle.toFixed(0)})`);
    assert.ok(d.tiles.right - d.tiles.left >= (d.board.right - d.board.left) * 0.8, 'after Fit the board fills the view\'s width');
    readable(d, 'after Fit');
    await shot(page, `triominos-wide-${size}-fit`);

    // zoomed in, then every tray tile in every rotation: its newly highlighted spots in view
    await page.locator('.zoom button').nth(0).click();
    await page.locator('.zoom button').nth(0).click();
    const tiles = await page.locator('.tray button').count();
    let seen = 0;
    for (let i = 0; i < tiles; i++) {
      await page.locator('.tray button').nth(i).click();
      for (let r = 0; r < 3; r++) {
        if (r) await page.locator('#rotate').click();
        d = await drawn(page);
        seen += d.spots;
        const tile = await page.locator('.tray button').nth(i).getAttribute('data-tile');
        assert.deepEqual(d.outside, [], `tile ${tile}, rotation ${r}: its highlighted spots in view after a zoom`);
        readable(d, `tile ${tile}, rotation ${r}`);
      }
    }
    assert.ok(seen > 0, 'some tile of the tray had a highlighted spot');

    // the replay's last step: the board across the view, no half of it empty
    await page.goto(`${BASE}/#/replay/${game.id}`);
    await page.waitForSelector('#scrubber');
    await page.focus('#scrubber');
    await page.keyboard.press('End');
    await page.waitForFunction(() => /\(end\)/.test(document.querySelector('#status')?.textContent || ''));
    d = await drawn(page);
    const wide = d.tiles.right - d.tiles.left > d.board.right - d.board.left;
    const slack = (d.board.right - d.board.left) * 0.1; // (the empty cells around the tiles, drawn too)
    if (wide) assert.ok(d.tiles.left <= d.board.left + slack && d.tiles.right >= d.board.right - slack, `the replay: the board across the view (tiles ${d.tiles.left.toFixed(0)}-${d.tiles.right.toFixed(0)}, view ${d.board.left.toFixed(0)}-${d.board.right.toFixed(0)})`);
    else assert.equal(d.tilesOutside, 0, 'the replay: the whole board in view');
    assert.ok(await page.locator('#board .last-placed').evaluate((e) => {
      const r = e.getBoundingClientRect(), b = document.querySelector('#board').getBoundingClientRect();
      return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom;
    }), 'the replay: the last tile in view');
    readable(d, 'the replay');
    await shot(page, `triominos-wide-${size}-replay`);
    assert.deepEqual(page.errors_, []);
    await page.context().close();
  });
}
