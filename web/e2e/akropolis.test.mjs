// Akropolis in the browser: every legal placement is a spot to click (wherever it lies),
// your spots are only on your own city, and watch and replay show the city that just
// changed (or the one the viewer keeps). Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, createGame, yourTurn, seatState, fetchJson } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The rotation shown on the Rotate button. */
const rotation = async (page) => Number((await page.textContent('#rotate')).match(/\((\d)\)/)[1]);
/** The moves of the legal spots drawn, sorted. */
const spotMoves = (page) => page.$$eval('.spot[data-legal=true]', (es) => es.map((e) => e.dataset.move).sort());
/** The city shown: the tab marked current. */
const shownCity = (page) => page.getAttribute('.city-tab[aria-current=true]', 'data-city').then(Number);
/** The cells outlined as just built, sorted "x,y". */
const outlined = (page) => page.$$eval('.last-built', (es) => es.map((e) => `${e.dataset.x},${e.dataset.y}`).sort());
const cellsOf = (hint) => hint.cells.map(([x, y]) => `${x},${y}`).sort();
const logLines = (page) => page.locator('#log li').count();

test('Every legal placement of every tile and rotation is a clickable spot; one two cells out is built', async () => {
  const page = await newPage(browser);
  const id = await createGame(page, 'akropolis', ['human', 'bot:greedy'], { seed: 3 });
  await yourTurn(page);
  const st = await seatState(page, id);
  assert.equal(st.seat, 0);
  const tiles = await page.$$eval('.site button:not([disabled])', (bs) => bs.map((b) => Number(b.dataset.tile)));
  assert.ok(tiles.length >= 1, 'a tile can be taken');
  let checked = 0;
  for (const tile of tiles) {
    await page.click(`.site button[data-tile="${tile}"]`);
    for (let k = 0; k < 6; k++) {
      const rot = await rotation(page);
      const want = st.legal.filter((m) => Number(m.slice(0, 2)) === tile && m.endsWith(`R${rot}`)).sort();
      assert.deepEqual(await spotMoves(page), want, `tile ${tile} rotation ${rot}: the spots are the legal moves`);
      assert.match(await page.textContent('#legal-count'), new RegExp(`^${want.length} highlighted spot`));
      // each spot can be clicked where it is drawn (nothing covers it)
      for (const spot of await page.locator('.spot[data-legal=true]').all()) await spot.click({ trial: true, timeout: 5000 });
      checked += want.length;
      await page.click('#rotate');
    }
  }
  assert.equal(checked, st.legal.filter((m) => tiles.includes(Number(m.slice(0, 2)))).length, 'every legal move of the takeable tiles was seen');
  // the example: tile 32, rotation 0, its first hex two cells south of the start
  const far = '32S02E00R0';
  assert.ok(st.legal.includes(far), `${far} is legal with seed 3`);
  await page.click('.site button[data-tile="32"]');
  while (await rotation(page) !== 0) await page.click('#rotate');
  await shot(page, 'akropolis-all-spots');
  const lines = await logLines(page);
  await page.click(`.spot[data-move="${far}"]`);
  await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, lines);
  const after = await fetchJson(`/api/games/${id}`);
  const built = new Map(after.public.players[0].cells.map(([x, y, , ht]) => [`${x},${y}`, ht]));
  const hint = st.hints.moves.find((m) => m.move === far);
  for (const c of cellsOf(hint)) assert.equal(built.get(c), 1, `cell ${c} of ${far} is built`);
  assert.deepEqual(page.errors_, []);
});

test('Your spots are drawn on your city only, not on an opponent\'s tab', async () => {
  const page = await newPage(browser);
  await createGame(page, 'akropolis', ['human', 'bot:greedy'], { seed: 3 });
  await yourTurn(page);
  const mine = await page.locator('.spot[data-legal=true]').count();
  assert.ok(mine > 0, 'legal spots on your city');
  assert.equal(await shownCity(page), 0);
  await page.click('.city-tab[data-city="1"]');
  assert.equal(await shownCity(page), 1);
  assert.equal(await page.locator('.spot').count(), 0, 'no spot on the opponent\'s city');
  assert.equal(await page.locator('.legal').count(), 0, 'nothing painted legal on the opponent\'s city');
  assert.match(await page.textContent('#legal-count'), /on your city/);
  await shot(page, 'akropolis-opponent-tab');
  // back to your city: the spots are there again
  await page.click('#follow');
  assert.equal(await shownCity(page), 0);
  assert.equal(await page.locator('.spot[data-legal=true]').count(), mine);
  assert.deepEqual(page.errors_, []);
});

test('Watch and replay show the city that just changed, and a city can be kept', async () => {
  // two people at one browser: the game waits for each of them, so what a spectator sees
  // after each move is stable
  const page = await newPage(browser);
  const id = await createGame(page, 'akropolis', ['human', 'human'], { seed: 3 });
  const watcher = await newPage(browser);
  await watcher.goto(`${BASE}/#/watch/${id}`);
  await watcher.waitForSelector('.city-tab');

  /** The person to move builds the first legal spot; returns the move's hint. */
  const build = async (seat) => {
    await yourTurn(page);
    const st = await seatState(page, id);
    assert.equal(st.seat, seat);
    assert.equal(await shownCity(page), seat, 'a person sees their own city on their turn');
    for (let i = 0; i < 6 && !(await page.$('.spot[data-legal=true]')); i++) await page.click('#rotate');
    const move = await page.getAttribute('.spot[data-legal=true]', 'data-move');
    const lines = await logLines(watcher);
    await page.click(`.spot[data-move="${move}"]`);
    await watcher.waitForFunction((n) => document.querySelectorAll('#log li').length > n, lines);
    return st.hints.moves.find((m) => m.move === move);
  };

  const first = await build(0);
  assert.equal(await shownCity(watcher), 0, 'the spectator sees the city of seat 1, which just built');
  assert.deepEqual(await outlined(watcher), cellsOf(first));
  await shot(watcher, 'akropolis-watch-1');
  // the spectator keeps city 1
  await watcher.click('.city-tab[data-city="0"]');
  assert.equal(await watcher.getAttribute('.city-tab[data-city="0"]', 'aria-pressed'), 'true');
  const second = await build(1);
  assert.equal(await shownCity(watcher), 0, 'the kept city stays shown');
  const secondName = (await watcher.textContent('.city-tab[data-city="1"]')).trim();
  assert.ok((await watcher.textContent('#city-shown')).includes(`(kept); ${secondName} built last`), 'the line names who built last');
  assert.match(await watcher.getAttribute('.city-tab[data-city="1"]', 'class'), /\bchanged\b/, 'the tab of the city that changed is marked');
  await watcher.click('#follow');
  assert.equal(await shownCity(watcher), 1, 'following again: the city that just changed');
  assert.deepEqual(await outlined(watcher), cellsOf(second));
  await shot(watcher, 'akropolis-watch-2');

  // the replay: each step shows the city of the seat that moved, its tile outlined
  await watcher.goto(`${BASE}/#/replay/${id}`);
  await watcher.waitForSelector('#scrubber');
  assert.equal(await watcher.getAttribute('#scrubber', 'max'), '2');
  await watcher.click('[aria-label="Next move"]');
  assert.equal(await shownCity(watcher), 0);
  assert.deepEqual(await outlined(watcher), cellsOf(first));
  await watcher.click('[aria-label="Next move"]');
  assert.equal(await shownCity(watcher), 1);
  assert.deepEqual(await outlined(watcher), cellsOf(second));
  // a jump straight to a step shows its build too
  await watcher.click('[aria-label="First move"]');
  await watcher.click('[aria-label="Last move"]');
  assert.equal(await shownCity(watcher), 1);
  assert.deepEqual(await outlined(watcher), cellsOf(second));
  // kept: city 1 at every step
  await watcher.click('.city-tab[data-city="0"]');
  assert.equal(await shownCity(watcher), 0);
  assert.deepEqual(await outlined(watcher), [], 'city 1 did not build last');
  await watcher.click('[aria-label="Previous move"]');
  assert.equal(await shownCity(watcher), 0);
  assert.deepEqual(await outlined(watcher), cellsOf(first));
  await shot(watcher, 'akropolis-replay');
  assert.deepEqual(page.errors_, []);
  assert.deepEqual(watcher.errors_, []);
});
