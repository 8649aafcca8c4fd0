// Every page opened cold (a reload, a new tab, a bookmark, the reminder email's link) by a
// signed-in person loads its signed-in state: the inbox (#/turns) its games, the account
// page its own forms, a game its seat (in a browser that never saw the game: its token
// comes through the account), a replay and the Arena the account, the leaderboard its row;
// never "Log in". And the tab's count of games waiting follows one's own move at once (it
// lagged the inbox's 15 s reading). Run by scripts/e2e (TESSERA_URL: its server).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, shot } from './lib.mjs';

const PASSWORD = 'correct horse battery';

let browser, ann, game;
before(async () => {
  browser = await launch();
  ann = await person('cold');
  // a turn-based game of Triominos against a bot, 1 day per move, from the New game form
  const { page } = ann;
  await page.goto(`${BASE}/#/new/triominos`);
  await page.waitForSelector('.seat-row');
  await page.selectOption('#clock', 'd1');
  await page.fill('#seed', '');
  await page.click('#start');
  await page.waitForURL(/#\/game\/\d+$/);
  game = page.url().split('/').pop();
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn', null, { timeout: 30000 });
});
after(async () => { await browser?.close(); });

/** A person of their own browser context, signed up through the page. */
async function person(prefix) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const name = `${prefix}${Date.now().toString(36)}`.slice(0, 20);
  await page.goto(`${BASE}/#/register`);
  await page.fill('#account-name', name);
  await page.fill('#account-password', PASSWORD);
  await page.click('#register-submit');
  await page.waitForSelector('#nav-turns');
  return { context, page, name };
}

/**
 * A page of a browser where `who` is signed in, opened cold at `route` (a new tab of its
 * context, nothing loaded before; `fresh`: another browser, signed in through the log-in
 * form, that never saw the game). Waits for the page to settle.
 */
async function cold(who, route, { fresh = false } = {}) {
  let context = who.context;
  if (fresh) {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const p = await context.newPage();
    await p.goto(`${BASE}/#/login`);
    await p.fill('#account-name', who.name);
    await p.fill('#account-password', PASSWORD);
    await p.click('#login-submit');
    await p.waitForSelector('#nav-me');
    await p.close();
  }
  const page = await context.newPage();
  page.errors_ = [];
  page.on('pageerror', (e) => page.errors_.push(String(e)));
  await page.goto(`${BASE}/${route}`);
  await page.waitForSelector('#nav-me');
  await page.waitForLoadState('networkidle');
  return page;
}

/** The header shows the account and its inbox, and no page asks to log in. */
async function signedIn(page, who, what) {
  assert.equal(await page.textContent('#nav-me'), who.name, `${what}: the header names the account`);
  assert.ok(await page.locator('#nav-turns').isVisible(), `${what}: the header's Your turn`);
  assert.equal(await page.locator('main a[href^="#/login"], main #login-form').count(), 0, `${what}: no page asks to log in`);
  assert.deepEqual(page.errors_, [], `${what}: no script error`);
}

test('#/turns opened cold: the inbox lists the game waiting', async () => {
  const page = await cold(ann, '#/turns');
  await page.waitForSelector(`#turns-mine li[data-game="${game}"]`);
  await signedIn(page, ann, 'the inbox');
  await shot(page, 'cold-turns');
  await page.close();
});

test('#/account/NAME opened cold: one\'s own page, with its email form and Play rated', async () => {
  const page = await cold(ann, `#/account/${ann.name}`);
  await page.waitForSelector('#email-form');
  assert.ok(await page.locator('main a[href="#/arena"]').isVisible(), 'Play rated');
  await signedIn(page, ann, 'the account page');
  await page.close();
});

test('#/game/ID opened cold, in another browser signed in: the account\'s seat, its turn and tray', async () => {
  const page = await cold(ann, `#/game/${game}`, { fresh: true });
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn', null, { timeout: 15000 });
  assert.ok(await page.locator('.tray button').count() > 0, 'the seat\'s tray');
  assert.match(await page.textContent('#scores'), new RegExp(`${ann.name} \\(you\\)`));
  await signedIn(page, ann, 'the game');
  // and a reload keeps it
  await page.reload();
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn', null, { timeout: 15000 });
  await shot(page, 'cold-game');
  await page.context().close();
});

test('#/replay/ID opened cold: the replay, signed in', async () => {
  const page = await cold(ann, `#/replay/${game}`);
  await page.waitForSelector('#scrubber');
  await signedIn(page, ann, 'the replay');
  await page.close();
});

test('#/arena opened cold: playing as the account, the Play rated form', async () => {
  const page = await cold(ann, '#/arena');
  await page.waitForSelector('#arena-form');
  assert.match(await page.textContent('main'), new RegExp(`Playing as ${ann.name}`));
  await signedIn(page, ann, 'the Arena');
  await page.close();
});

test('#/leaderboard opened cold and #/new: signed in', async () => {
  const page = await cold(ann, '#/leaderboard/triominos');
  await page.waitForSelector('#leaderboard-empty, #ranks');
  await signedIn(page, ann, 'the leaderboard');
  await page.goto(`${BASE}/#/new`);
  await page.waitForSelector('#clock');
  // days per move are for accounts: offered, no word of logging in first
  assert.doesNotMatch(await page.locator('#clock optgroup').nth(1).getAttribute('label'), /needs an account|log in/i);
  await page.close();
});

test('the tab\'s count follows one\'s own move at once, and the bot\'s answer', async () => {
  // a game whose bot takes 5 s a move: the count must drop at the person's move and come
  // back at the bot's, each within 3 s (the inbox is read every 15 s besides)
  const { page } = ann;
  await page.goto(`${BASE}/#/new/triominos`);
  await page.waitForSelector('.seat-row');
  await page.selectOption('#clock', 'd1');
  await page.fill('#delay', '5000');
  await page.click('#start');
  await page.waitForURL(/#\/game\/\d+$/);
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn', null, { timeout: 30000 });
  const waiting = async () => (await (await page.context().request.get(`${BASE}/api/turns`)).json()).games.filter((g) => g.your_turn).length;
  const counted = (n) => page.waitForFunction((k) => (k ? document.title.startsWith(`(${k}) `) : !/^\(\d+\) /.test(document.title)), n, { timeout: 3000, polling: 100 });
  await counted(await waiting());
  // a tile placed (drawing first while none fits: a draw keeps the turn), else a pass
  const spot = page.locator('.spot[data-legal=true]');
  const findSpot = async () => {
    const n = await page.locator('.tray button').count();
    for (let i = 0; i < n; i++) {
      await page.locator('.tray button').nth(i).click();
      for (let r = 0; r < 3; r++) { if (await spot.count()) return true; await page.click('#rotate'); }
    }
    return false;
  };
  for (let d = 0; d < 3 && !(await findSpot()) && await page.isEnabled('#draw'); d++) {
    const n = await page.locator('.tray button').count();
    await page.click('#draw');
    await page.waitForFunction((k) => document.querySelectorAll('.tray button').length > k, n);
  }
  const waitingBefore = await waiting();
  if (await spot.count()) await spot.first().click(); else await page.click('#pass');
  // the person's turn is gone: one game fewer waiting, within 3 s
  await page.waitForFunction(() => document.querySelector('#status')?.textContent !== 'Your turn', null, { timeout: 3000 });
  assert.equal(await waiting(), waitingBefore - 1, 'one game fewer waiting');
  await counted(waitingBefore - 1);
  // the bot answers after 5 s: the count is back within 3 s of it
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Your turn', null, { timeout: 20000 });
  await counted(waitingBefore);
  assert.deepEqual(page.errors_ ?? [], []);
});
