// The deal, committed and revealed (docs/web.md, "The deal"): the play page shows the
// commitment from the start (the seed and the salt never while the game goes on); the
// replay page hashes the revealed seed and salt in the browser and says "Deal verified",
// or warns when they do not hash to the commitment; a practice game (a chosen seed) says
// so. Run by scripts/e2e (TESSERA_URL, ARTIFACTS, CHROMIUM).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, fetchJson, post, sleep } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Waits (at most 60 s) until game `id` has ended; its record. */
async function ended(id) {
  for (let i = 0; i < 600; i++) {
    const r = await fetch(`${BASE}/api/games/${id}/record`);
    if (r.ok) return r.json();
    await sleep(100);
  }
  throw new Error(`game ${id} did not end`);
}

test('The commitment is shown from the start, and the replay checks the deal in the browser', async () => {
  // two slow bots: the game goes on while the page is looked at
  const { id } = await post('/api/games', { game: 'q', seats: [{ kind: 'bot', spec: 'ldasg' }, { kind: 'bot', spec: 'ldasg' }], options: { copies: 1 }, delay_ms: 1500 });
  const page = await newPage(browser);
  await page.goto(`${BASE}/#/watch/${id}`);
  await page.waitForSelector('#deal summary');
  const live = await fetchJson(`/api/games/${id}`);
  assert.ok(!live.over && /^[0-9a-f]{64}$/.test(live.deal.commitment), JSON.stringify(live.deal));
  assert.equal(live.deal.seed, undefined);
  await page.click('#deal summary');
  assert.ok((await page.textContent('#deal-commitment')).includes(live.deal.commitment));
  assert.equal(await page.locator('#deal-check').count(), 0, 'nothing revealed while the game goes on');
  await shot(page, 'deal-1-playing');

  // a bot game to its end: its replay says the deal is verified
  const done = await post('/api/games', { game: 'triominos', seats: [{ kind: 'bot', spec: 'greedy' }, { kind: 'bot', spec: 'greedy' }], options: { end: 'round' }, delay_ms: 0 });
  const record = await ended(done.id);
  await page.goto(`${BASE}/#/replay/${done.id}`);
  await page.waitForFunction(() => /^Deal verified/.test(document.querySelector('#deal-check')?.textContent || ''));
  assert.ok(await page.locator('#deal').evaluate((d) => d.open), 'open once the game is over');
  assert.ok((await page.textContent('#deal-commitment')).includes(record.commitment));
  // (the seed as the API writes it, a string: it uses all 64 bits, more than a JS number holds)
  const over = await fetchJson(`/api/games/${done.id}`);
  assert.ok((await page.textContent('#deal')).includes(over.deal.seed), over.deal.seed);
  assert.ok((await page.textContent('#deal')).includes(over.deal.salt));
  await shot(page, 'deal-2-verified');

  // a seed or salt that does not hash to the commitment: a warning
  const forged = await newPage(browser);
  await forged.route(`**/api/games/${done.id}/replay`, async (route) => {
    const r = await route.fetch();
    const body = await r.json();
    body.summary.salt = body.summary.salt.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    await route.fulfill({ response: r, json: body });
  });
  await forged.goto(`${BASE}/#/replay/${done.id}`);
  await forged.waitForSelector('#deal-check.deal-warning');
  assert.match(await forged.textContent('#deal-check'), /^Warning: the seed and the salt revealed do not hash/);
  await shot(forged, 'deal-3-forged');
  assert.deepEqual(page.errors_, []);
  assert.deepEqual(forged.errors_, []);
});

test('A practice game (a seed of the player\'s choice) says so, in its page and in the lobby', async () => {
  const { id } = await post('/api/games', { game: 'q', seats: [{ kind: 'human' }, { kind: 'bot', spec: 'ldasg' }], options: { copies: 1 }, seed: 7, delay_ms: 0 });
  const page = await newPage(browser);
  await page.goto(`${BASE}/#/watch/${id}`);
  await page.waitForSelector('#deal summary');
  await page.click('#deal summary');
  assert.match(await page.textContent('#deal-practice'), /^Practice: the seed was chosen/);
  await page.goto(`${BASE}/#/`);
  await page.waitForSelector(`#running tr[data-id="${id}"] .practice`);
  assert.match(await page.textContent(`#running tr[data-id="${id}"] .practice`), /practice: the seed was chosen/);
  // a table with a program's seat takes no seed: the server says why
  const r = await fetch(`${BASE}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'q', seats: [{ kind: 'human' }, { kind: 'program' }], seed: 7 }) });
  assert.equal(r.status, 400);
  assert.equal((await r.json()).message.id, 'seed-refused-program');
  assert.deepEqual(page.errors_, []);
});
