// Invite a friend by a link, two people in two browser contexts: ann makes a turn-based
// Triominos game from the New game form whose second seat is "Anyone with the link"; her
// inbox shows the link with Copy. Bob, with no account, opens the link cold: he sees who
// invites him to what, and is asked to log in or register; he registers (the form brings him
// back to the link, through the login form's "Register"), accepts, and the game opens for him; both inboxes hold it, and the
// link is spent. Screenshots at 1280x800 and 390x844. Run by scripts/e2e (TESSERA_URL).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, shot } from './lib.mjs';

const PASSWORD = 'correct horse battery';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const until = async (what, f, ms = 30000) => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** A browser context of its own, and a page on it that records its errors. */
async function visitor(viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.errors_ = [];
  page.on('pageerror', (e) => page.errors_.push(String(e)));
  return { context, page };
}

/** Registers `name` through the page's form, at `#/register` with `next` (if any). */
async function register(page, name, next) {
  await page.goto(`${BASE}/#/register${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.waitForSelector('#register-form');
  await page.fill('#account-name', name);
  await page.fill('#account-password', PASSWORD);
  await page.click('#register-submit');
}

const inbox = async (who) => (await who.context.request.get(`${BASE}/api/turns`)).json();

test('a friend opens an invitation\'s link, registers, accepts, and the game starts for both', async () => {
  const ann = await visitor();
  const bob = await visitor();
  try {
    const annName = `ann${Date.now().toString(36)}`.slice(0, 20);
    const bobName = `bob${Date.now().toString(36)}`.slice(0, 20);
    await register(ann.page, annName);
    await ann.page.waitForSelector('#nav-turns');
    // the New game form: Triominos, 1 day per move, seat 2 for whoever has the link
    await ann.page.goto(`${BASE}/#/new`);
    await ann.page.waitForSelector('#game option', { state: 'attached' });
    await ann.page.selectOption('#game', 'triominos');
    await ann.page.fill('#players', '2');
    await ann.page.dispatchEvent('#players', 'change');
    await ann.page.selectOption('#clock', 'd1');
    await ann.page.locator('.seat-row .kind').nth(1).selectOption('link');
    assert.equal(await ann.page.locator('.seat-row .name').nth(1).isVisible(), false, 'no name for the link\'s seat');
    await ann.page.click('#start');
    await ann.page.waitForURL(/#\/turns$/);
    // her inbox: the invitation waits for someone with the link, and shows the link
    const field = await ann.page.waitForSelector('#invitations li.invitation input.invite-link');
    const url = await field.inputValue();
    const hash = new URL(url).hash;
    assert.match(hash, /^#\/invite\/\d+\/[0-9a-f]{32}$/);
    const row = await ann.page.textContent('#invitations li.invitation');
    assert.match(row, /waiting for \(anyone with the link\)/);
    assert.match(row, new RegExp(`You invited \\(anyone with the link\\) to Triominos`));
    await shot(ann.page, 'invite-link-made');
    const made = await inbox(ann);
    assert.deepEqual(made.games, [], 'no game before the seat is taken');

    // bob, a guest, opens the link cold: who invites him to what, and log in first
    await bob.page.goto(`${BASE}/${hash}`);
    await bob.page.waitForSelector('#invite-by');
    assert.equal(await bob.page.textContent('#invite-by'), `${annName} invites you to a game of Triominos`);
    assert.match(await bob.page.textContent('main'), /1 day per move · players: /);
    await bob.page.waitForSelector('#invite-log-in');
    await shot(bob.page, 'invite-link-guest');
    await bob.page.setViewportSize({ width: 390, height: 844 });
    await shot(bob.page, 'invite-link-guest-phone');
    const scroll = await bob.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(scroll <= 0, `no sideways scroll on a phone (${scroll} px)`);
    await bob.page.setViewportSize({ width: 1280, height: 800 });

    // he follows "Log in or register", goes on to register (the way back kept), and the
    // form brings him back to the link, where he accepts
    await bob.page.click('#invite-log-in');
    await bob.page.waitForSelector('#login-form');
    await bob.page.click('#to-register');
    await bob.page.waitForSelector('#register-form');
    await bob.page.fill('#account-name', bobName);
    await bob.page.fill('#account-password', PASSWORD);
    await bob.page.click('#register-submit');
    await bob.page.waitForURL((u) => u.hash === hash);
    await bob.page.click('#invite-accept');
    await bob.page.waitForURL(/#\/game\/\d+$/);
    const id = Number(bob.page.url().split('/').pop());
    await bob.page.waitForSelector('#status:not(:empty)');
    await shot(bob.page, 'invite-link-game');
    const a = await until('the game in ann\'s inbox', async () => { const b = await inbox(ann); return b.games?.[0]?.id === id ? b : null; });
    assert.deepEqual(a.games[0].players, [annName, bobName]);
    assert.deepEqual(a.invitations, []);
    const b = await inbox(bob);
    assert.equal(b.games[0].id, id);
    // the link is spent: opened again, it says so
    await bob.page.goto(`${BASE}/${hash}`);
    await bob.page.waitForSelector('#invite-gone');
    assert.deepEqual(ann.page.errors_, []);
    assert.deepEqual(bob.page.errors_, []);
  } finally {
    await ann.context.close();
    await bob.context.close();
  }
});
