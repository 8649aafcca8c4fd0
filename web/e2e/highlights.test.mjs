// What just happened, at a glance: Q frames the tiles of the last turn (the bot's, after
// it moved) and has a colour-blind look; Triominos marks the tiles just drawn; Akropolis
// darkens a hex with its height. Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, createGame, yourTurn, seatState, fetchJson } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const at = (label) => label.match(/at (-?\d+,-?\d+)/)[1];
const lastQ = async (page) => (await page.$$eval('.qtile.last', (es) => es.map((e) => e.getAttribute('aria-label')))).map(at).sort();

test('Q: the tiles of the bot\'s last turn are framed (after a reload too); the colour-blind look puts a letter on every tile', async () => {
  const page = await newPage(browser);
  const id = await createGame(page, 'q', ['human', 'bot:ldasg'], { seed: 5, delay: 0 });
  await yourTurn(page);
  const before = new Set((await seatState(page, id)).public.map.map(([c]) => `${c.row},${c.col}`));
  // one tile of the hand where it fits, committed
  let spot = null;
  for (let i = 0; i < 6 && !spot; i++) {
    await page.click(`.tray button[data-index="${i}"]`);
    spot = await page.$('.spot[data-legal=true]');
  }
  assert.ok(spot, 'a hand tile fits');
  const mine = `${await spot.getAttribute('data-row')},${await spot.getAttribute('data-col')}`;
  await spot.click();
  const lines = await page.locator('#log li').count();
  await page.click('#commit');
  await page.waitForFunction((n) => document.querySelectorAll('#log li').length >= n + 2, lines);
  await yourTurn(page);
  const now = (await seatState(page, id)).public.map.map(([c]) => `${c.row},${c.col}`);
  const bots = now.filter((k) => !before.has(k) && k !== mine).sort();
  assert.ok(bots.length > 0, 'the bot placed tiles (seed 5)');
  assert.deepEqual(await lastQ(page), bots, 'the bot\'s tiles are framed');
  assert.equal(await page.locator('.last-placed').count(), bots.length);
  await shot(page, 'q-last-turn');
  await page.reload();
  await yourTurn(page);
  assert.deepEqual(await lastQ(page), bots, 'still framed after a reload');

  // colour-blind: a letter per tile (its colour's initial), remembered
  assert.equal(await page.locator('.qletter').count(), 0);
  await page.click('#colourblind');
  assert.equal(await page.getAttribute('#colourblind', 'aria-pressed'), 'true');
  const check = async () => {
    const tiles = await page.$$eval('.qtile', (es) => es.map((e) => [e.getAttribute('aria-label'), e.querySelector('.qletter')?.textContent]));
    assert.ok(tiles.length >= now.length);
    for (const [label, letter] of tiles) assert.equal(letter, label[0].toUpperCase(), `the letter of ${label}`);
    assert.equal(await page.locator('.tray .qletter').count(), await page.locator('.tray button').count(), 'a letter on every hand tile');
  };
  await check();
  await shot(page, 'q-colourblind');
  await page.reload();
  await yourTurn(page);
  assert.equal(await page.getAttribute('#colourblind', 'aria-pressed'), 'true', 'remembered');
  await check();
  await page.click('#colourblind');
  assert.equal(await page.locator('.qletter').count(), 0);
  assert.deepEqual(page.errors_, []);
});

test('Triominos: the tiles just drawn are marked in the tray (after a reload too)', async () => {
  const page = await newPage(browser);
  // seed 2: the person has no placement and must draw
  const id = await createGame(page, 'triominos', ['human', 'bot:greedy'], { seed: 2, delay: 0 });
  await yourTurn(page);
  const tray = async () => page.$$eval('.tray button', (bs) => bs.map((b) => b.dataset.tile));
  const drawn = async () => (await page.$$eval('.tray button.drawn', (bs) => bs.map((b) => b.dataset.tile))).sort();
  const start = await tray();
  assert.equal((await seatState(page, id)).hints.placements.length, 0, 'seed 2: nothing to place');
  assert.deepEqual(await drawn(), []);
  await page.click('#draw');
  await page.waitForFunction((n) => document.querySelectorAll('.tray button').length > n, start.length);
  const st = await seatState(page, id);
  assert.equal(st.to_move, st.seat, 'one draw: still the person\'s turn');
  const fresh = (await tray()).filter((t) => !start.includes(t)).sort();
  assert.equal(fresh.length, 1);
  assert.deepEqual(await drawn(), fresh);
  await shot(page, 'triominos-drawn');
  await page.reload();
  await yourTurn(page);
  assert.deepEqual(await drawn(), fresh, 'still marked after a reload');
  assert.deepEqual(page.errors_, []);
});

test('Akropolis: a hex is darker the higher it stands, its height written on it', async () => {
  const r = await fetch(`${BASE}/api/games`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'akropolis', seats: [{ kind: 'bot', spec: 'greedy' }, { kind: 'bot', spec: 'greedy' }], seed: 5, delay_ms: 0 }),
  });
  const { id } = await r.json();
  assert.ok(r.ok && id);
  const page = await newPage(browser);
  await page.goto(`${BASE}/#/watch/${id}`);
  await page.waitForFunction(() => /^Game over/.test(document.querySelector('#status')?.textContent || ''), null, { timeout: 60000 });
  await page.goto(`${BASE}/#/replay/${id}`);
  await page.waitForSelector('#scrubber');
  await page.click('[aria-label="Last move"]');
  const end = (await fetchJson(`/api/games/${id}/replay`)).steps.at(-1).public;
  let compared = 0;
  for (let city = 0; city < 2; city++) {
    await page.click(`.city-tab[data-city="${city}"]`);
    const hexes = await page.$$eval('g[aria-label*=" height "]', (gs) => gs.map((g) => {
      const fill = g.querySelector('polygon.hex').getAttribute('fill');
      const n = parseInt(fill.slice(1), 16);
      return { label: g.getAttribute('aria-label'), light: (n >> 16) + ((n >> 8) & 255) + (n & 255), text: g.querySelector('text.hlabel:last-of-type')?.textContent };
    }));
    const cells = end.players[city].cells;
    assert.equal(hexes.length, cells.length, `city ${city + 1}: every hex drawn`);
    // within a district, a higher hex is darker; the number is its height
    const byKind = new Map();
    for (const hx of hexes) {
      const [, kind, height] = hx.label.match(/^(.+?), height (\d+)/);
      assert.equal(hx.text, height, `${hx.label}: its height written`);
      const k = kind.replace(/ \(.*\)/, '');
      if (!byKind.has(k)) byKind.set(k, new Map());
      byKind.get(k).set(Number(height), hx.light);
    }
    for (const [kind, lights] of byKind) {
      const hs = [...lights.keys()].sort((a, b) => a - b);
      for (let i = 1; i < hs.length; i++) {
        assert.ok(lights.get(hs[i]) < lights.get(hs[i - 1]), `${kind}: height ${hs[i]} darker than ${hs[i - 1]}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 0, 'some district stands at two heights');
  await shot(page, 'akropolis-heights');
  assert.deepEqual(page.errors_, []);
});

/** A game created through the API: a bot in the first seat, a person (Ann) in the second. */
async function botFirst(game, bot, seed) {
  const r = await fetch(`${BASE}/api/games`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game, seats: [{ kind: 'bot', spec: bot }, { kind: 'human', name: 'Ann' }], seed, delay_ms: 0 }),
  });
  const body = await r.json();
  assert.ok(r.ok, JSON.stringify(body));
  const token = body.tokens.find(([seat]) => seat === 1)[1];
  // the bot moved, the person's turn: nothing moves until Ann does
  for (let i = 0; i < 600; i++) {
    const st = await fetchJson(`/api/games/${body.id}?token=${token}`);
    if (st.moves >= 1 && st.to_move === 1) return { id: body.id, token, st };
    await new Promise((res) => setTimeout(res, 100));
  }
  assert.fail(`game ${body.id}: the bot never moved`);
}

/** A page of a fresh browser context (nothing kept from before), holding `token` when given. */
async function freshPage(id, token) {
  const page = await newPage(browser);
  if (token) await page.context().addInitScript(([i, t]) => localStorage.setItem('tessera.tokens.' + i, JSON.stringify([[1, t]])), [id, token]);
  return page;
}

test('a page opened after the bot moved shows its move at once (Q framed, Akropolis outlined, Triominos outlined)', async () => {
  // Q: the bot's first turn framed, for a spectator and for the person in another browser
  const q = await botFirst('q', 'ldasg', 5);
  const placed = q.st.public.map.length - 1; // the map starts with one tile
  assert.ok(placed > 0, 'the bot placed tiles (seed 5)');
  for (const token of [null, q.token]) {
    const page = await freshPage(q.id, token);
    await page.goto(`${BASE}/#/${token ? 'game' : 'watch'}/${q.id}`);
    await page.waitForFunction((n) => document.querySelectorAll('.qtile').length === n, placed + 1);
    assert.equal(await page.locator('.qtile.last').count(), placed, `${token ? 'the person' : 'a spectator'}: the bot's tiles framed`);
    assert.equal(await page.locator('.last-placed').count(), placed);
    assert.match(await page.textContent('#panel'), /last turn: \d+ tiles? \(framed\)/);
    await shot(page, `q-fresh-${token ? 'person' : 'spectator'}`);
    assert.deepEqual(page.errors_, []);
    await page.context().close();
  }

  // Akropolis: the spectator sees the bot's city, its new tile outlined
  const a = await botFirst('akropolis', 'greedy', 3);
  const page = await freshPage(a.id, null);
  await page.goto(`${BASE}/#/watch/${a.id}`);
  await page.waitForSelector('.city-tab');
  await page.waitForFunction(() => document.querySelectorAll('g[aria-label*=" height "]').length > 0);
  assert.equal(await page.locator('.last-built').count(), 3, 'the tile just built outlined');
  assert.equal(await page.locator('g[aria-label*="just built"]').count(), 3);
  assert.match(await page.textContent('body'), /the tile just built is outlined/);
  await shot(page, 'akropolis-fresh-spectator');
  assert.deepEqual(page.errors_, []);
  await page.context().close();

  // Triominos: the tile the bot placed outlined for a spectator
  const t = await botFirst('triominos', 'greedy', 11);
  const tp = await freshPage(t.id, null);
  await tp.goto(`${BASE}/#/watch/${t.id}`);
  await tp.waitForSelector('.placed');
  assert.equal(await tp.locator('.last-placed').count(), 1);
  assert.equal(await tp.locator('.placed.last').count(), 1);
  assert.deepEqual(tp.errors_, []);
  await tp.context().close();
});
