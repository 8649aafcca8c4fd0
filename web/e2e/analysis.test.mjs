// The analysis of an ended game on the replay page: Analyze shows progress, then a
// win-chance graph from an even start to the result, each seat's summary (luck and play in a
// sentence) and the biggest mistakes; a click jumps the replay to the move, tells the better
// move and why, with the list's number, and draws it on the board; a move within the search's
// error shows no better move. The API refuses games that have not ended and bad requests.
// Screenshots at 1280x800 and 390x844. Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, fetchJson, sleep, post, ended } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const BAD = ['inaccuracy', 'mistake', 'blunder'];
// a small budget: the test's server may be a debug build
const ITERS = 40;

test('Analysis: a bot game is analysed on its replay page; mistakes jump the replay and show the better move', async () => {
  // a game of Akropolis: a district-aware bot against a random one, whose placements lose
  // more than the search's error at this budget (a move within it is never a mistake)
  const ITERS = 1000;
  const { id } = await post('/api/games', {
    game: 'akropolis', seats: [{ kind: 'bot', spec: 'districts' }, { kind: 'bot', spec: 'random' }], seed: 4, delay_ms: 0,
  });
  const replay = await ended(id);
  const moves = replay.steps.length - 1;

  const page = await newPage(browser);
  await page.goto(`${BASE}/#/replay/${id}?iters=${ITERS}`);
  await page.waitForSelector('#analyze');
  // every text the progress line shows
  await page.evaluate(() => {
    window.progress_ = [];
    const p = document.querySelector('#analysis-progress');
    new MutationObserver(() => window.progress_.push(p.textContent)).observe(p, { childList: true, subtree: true, characterData: true });
  });
  await page.click('#analyze');
  await page.waitForSelector('#win-graph', { timeout: 120000 });
  const seen = await page.evaluate(() => window.progress_);
  assert.ok(seen.some((t) => /^ Analysing…/.test(t)), `progress shown: ${JSON.stringify(seen)}`);
  assert.equal(await page.isHidden('#analysis-progress'), true);

  // the same analysis from the API (kept by the server): both seats of a bot game
  const a = await fetchJson(`/api/games/${id}/analysis?iters=${ITERS}`);
  assert.deepEqual(a.seats, [0, 1]);
  assert.equal(a.total_moves, moves);
  assert.equal(a.moves.length, moves);
  // (words as a message of the catalogues: the page says it in its reader's language)
  assert.deepEqual(a.budget, { id: 'budget-iterations', args: { n: ITERS } });
  // Akropolis' strongest level is ISMCTS with no rollouts: the analysis searches as it does
  assert.deepEqual(a.search, { id: 'search-settings', args: { exploration: '0.7', rollouts: 0 } });
  assert.equal(await page.locator('#win-graph polyline.win-line').count(), 2, 'a line per seat');
  // each line: an even share at the start, the win chance before and after each of its
  // seat's moves (down by what the move lost, carried across the other's moves unless the
  // search's estimate changed beyond its error), the result at the end
  for (const seat of [0, 1]) {
    const mine = a.moves.filter((m) => m.seat === seat);
    const sum = a.summaries.find((x) => x.seat === seat);
    const points = (await page.getAttribute(`.win-line[data-seat="${seat}"]`, 'points')).split(' ');
    assert.equal(points.length, 2 * mine.length + 2, `seat ${seat}: the start, two points a move, the end`);
    assert.equal(sum.start, 0.5);
    assert.ok(sum.over && [0, 0.5, 1].includes(sum.end), `seat ${seat} ends at its result`);
    assert.ok(Math.abs(sum.end - sum.start - (sum.luck - sum.play)) < 1e-9, 'luck and play add up');
    assert.ok(!mine[0].chance.carried);
    for (let k = 1; k < mine.length; k++) {
      const [prev, m] = [mine[k - 1], mine[k]];
      assert.equal(m.chance.before, m.chance.carried ? prev.chance.after : m.before, `move ${m.index}`);
    }
    for (const m of mine) {
      const drop = m.chance.before - m.chance.after;
      assert.ok(Math.abs(drop - m.lost) < 1e-9 || [0, 1].includes(m.chance.after), `move ${m.index}: the line drops by what it lost`);
    }
    assert.ok(mine.some((m) => m.chance.carried), `seat ${seat}: a chance carried across the other's moves`);
    // the summary: a sentence per seat
    const li = page.locator(`#analysis-summary li[data-seat="${seat}"] strong`);
    assert.equal(await li.textContent(), await page.evaluate(async (msg) => (await import('/static/i18n.js')).words(msg), sum.words));
  }
  // a better move exactly where the move lost 2% or more beyond the search's error
  for (const m of a.moves) {
    assert.equal(m.why !== null, ['good', ...BAD].includes(m.class), `move ${m.index}`);
    if (m.why) assert.ok(m.lost > m.margin && m.better, `move ${m.index}`);
  }
  const worst = a.moves.filter((m) => BAD.includes(m.class)).sort((x, y) => y.lost - x.lost);
  assert.ok(worst.some((m) => m.seat === 1), 'the random bot makes mistakes');
  assert.ok(a.moves.every((m) => m.loss === Math.max(0, m.loss) && m.margin >= 0), 'losses beyond the margin');
  assert.equal(await page.locator('#win-graph circle.dot').count(), worst.length, 'a dot per mistake');
  const listed = page.locator('#mistakes button');
  assert.equal(await listed.count(), Math.min(5, worst.length));
  assert.equal(await listed.first().getAttribute('data-move'), String(worst[0].index + 1), 'the biggest first');
  await shot(page, 'analysis-graph');

  // a click jumps the replay to the move and tells the better move
  const m = worst[0];
  await listed.first().click();
  await page.waitForFunction((k) => document.querySelector('#step-label')?.textContent === `move ${k} of ${document.querySelector('#scrubber').max}`, m.index + 1);
  assert.equal(await page.inputValue('#scrubber'), String(m.index + 1));
  assert.ok(!m.best_played && m.best.length > 0);
  // one number: the list's loss is the detail's drop, and the better move's reasons say it
  // (the words: messages of the catalogues, rendered as the page renders them)
  const say = (msg) => page.evaluate(async (x) => (await import('/static/i18n.js')).words(x), msg);
  const [said, why] = [await say(m.best[0].words), await say(m.why)];
  const pct = (x) => `${Math.round(100 * x)}%`;
  assert.match(await listed.first().textContent(), new RegExp(`\\(−${pct(m.lost)}\\)$`));
  assert.equal(await page.textContent('#better-move'), `Better: ${said}: ${why}`);
  assert.ok(why.includes(`win chance ${pct(m.lost)} higher (${pct(m.chance.before)} instead of ${pct(m.chance.after)})`), why);
  assert.match(await page.textContent('#analysis-move'), new RegExp(`win chance ${pct(m.chance.before)} → ${pct(m.chance.after)}: −${pct(m.lost)} ±${pct(m.margin)}`));
  assert.ok(m.better, 'the board after the better move');
  // ... and draws it on the board
  await page.click('#show-better');
  await page.waitForFunction(() => document.querySelector('#step-label')?.textContent.endsWith('(the better move)'));
  await shot(page, 'analysis-better-move');
  await page.click('#show-better');
  await page.waitForFunction(() => !document.querySelector('#step-label')?.textContent.endsWith('(the better move)'));
  // shown again, then another step: the moves played, the button as before
  await page.click('#show-better');
  assert.equal(await page.getAttribute('#show-better', 'aria-pressed'), 'true');
  await page.click('[aria-label="Previous move"]');
  assert.equal(await page.textContent('#step-label'), `move ${m.index} of ${moves}`);
  // the detail follows the scrubber to the move before (analysed too: every seat is); a
  // better-move button there, if that move has one, starts unpressed
  const prev = a.moves.find((x) => x.index + 1 === m.index);
  if (prev) await page.waitForFunction((n) => document.querySelector('#analysis-move')?.textContent.startsWith(`Move ${n}, `), m.index);
  if (await page.locator('#show-better').count()) {
    assert.equal(await page.getAttribute('#show-better', 'aria-pressed'), 'false');
    assert.equal(await page.textContent('#show-better'), 'Show the better move');
  }

  // a dot of the graph jumps too
  const last = worst[worst.length - 1];
  await page.locator(`#win-graph circle.dot[data-move="${last.index + 1}"]`).click();
  assert.equal(await page.inputValue('#scrubber'), String(last.index + 1));
  assert.match(await page.textContent('#analysis-move'), new RegExp(`^Move ${last.index + 1}, `));
  assert.deepEqual(page.errors_, []);

  // on a phone: the same analysis (kept by the server), a move within the search's error
  // that shows no better move
  const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto(`${BASE}/#/replay/${id}?iters=${ITERS}`);
  await phone.click('#analyze');
  await phone.waitForSelector('#win-graph', { timeout: 120000 });
  await phone.locator('#analysis').scrollIntoViewIfNeeded();
  await shot(phone, 'analysis-graph-phone');
  // a move within the search's error of its best: the scrubber reaches it, and its detail
  // says so, with no better move
  const within = a.moves.find((x) => !x.best_played && x.class === 'best' && x.lost > 0);
  assert.ok(within, 'a move within the error');
  assert.equal(within.why, null);
  assert.equal(within.better, null);
  await phone.evaluate((step) => {
    const r = document.querySelector('#scrubber');
    r.value = String(step);
    r.dispatchEvent(new Event('input'));
  }, within.index + 1);
  await phone.waitForFunction(() => /^Within the search's error/.test(document.querySelector('#better-move')?.textContent ?? ''));
  assert.match(await phone.textContent('#analysis-move'), new RegExp(`^Move ${within.index + 1}, `));
  assert.equal(await phone.locator('#show-better').count(), 0);
  await phone.locator('#analysis-move').scrollIntoViewIfNeeded();
  await shot(phone, 'analysis-within-error-phone');
  await phone.locator('#mistakes button').first().click();
  await phone.locator('#analysis-move').scrollIntoViewIfNeeded();
  await shot(phone, 'analysis-better-move-phone');
  // the board is far above: showing the better move brings it into view
  await phone.click('#show-better');
  await phone.waitForFunction(() => document.querySelector('#step-label')?.textContent.endsWith('(the better move)'));
  const box = await phone.locator('#board').boundingBox();
  assert.ok(box && box.y + box.height / 2 >= 0 && box.y + box.height / 2 <= 844, `the board in view: ${JSON.stringify(box)}`);
  await shot(phone, 'analysis-better-board-phone');
  assert.deepEqual(phone.errors_, []);
});

test('Analysis: refused for a game that has not ended, an unknown game, bad seats and budgets', async () => {
  const { id, tokens } = await post('/api/games', {
    game: 'q', seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot', spec: 'ldasg' }], options: { copies: 1 }, seed: 2, delay_ms: 0,
  });
  const get = async (path) => { const r = await fetch(BASE + path); return [r.status, await r.json()]; };
  let [status, body] = await get(`/api/games/${id}/analysis?iters=${ITERS}`);
  assert.equal(status, 409, JSON.stringify(body));
  assert.match(body.error, /analysed once it has ended/);
  [status, body] = await get('/api/games/999999/analysis');
  assert.equal(status, 404, JSON.stringify(body));
  // the person resigns: the game has ended, and the person's seat is analysed by default
  await post(`/api/games/${id}/resign`, { token: tokens[0][1] });
  await ended(id);
  [status, body] = await get(`/api/games/${id}/analysis?seat=7`);
  assert.equal(status, 400, JSON.stringify(body));
  [status, body] = await get(`/api/games/${id}/analysis?iters=many`);
  assert.equal(status, 400, JSON.stringify(body));
  [status, body] = await get(`/api/games/${id}/analysis?iters=100000000`);
  assert.equal(status, 400, JSON.stringify(body));
  for (let i = 0; i < 600 && status !== 200; i++) {
    [status, body] = await get(`/api/games/${id}/analysis?iters=${ITERS}`);
    assert.ok([200, 202].includes(status), `${status} ${JSON.stringify(body)}`);
    if (status === 202) await sleep(100);
  }
  assert.equal(status, 200);
  assert.deepEqual(body.seats, [0], 'the person\'s seat');
  assert.ok(body.moves.every((m) => m.seat === 0));
});
