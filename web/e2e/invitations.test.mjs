// Invitations in the browser, two people in two browser contexts: ann makes a turn-based
// game from the New game form naming bob's account; it is an invitation, not a game, until
// bob accepts: bob, opening the site cold, finds it in his "Your turn" inbox (who invites,
// the game, its time per move, the players), and the tab counts it; he accepts, the game
// starts, and they play a move each. A second invitation bob declines: ann's inbox says so,
// and no game was made. Screenshots of bob's inbox at 1280x800 and 390x844. Run by
// scripts/e2e (TESSERA_URL: its server).
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

/** A person of their own browser context, signed up through the page. */
async function person(prefix, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.errors_ = [];
  page.on('pageerror', (e) => page.errors_.push(String(e)));
  const name = `${prefix}${Date.now().toString(36)}`.slice(0, 20);
  await page.goto(`${BASE}/#/register`);
  await page.waitForSelector('#register-form');
  await page.fill('#account-name', name);
  await page.fill('#account-password', PASSWORD);
  await page.click('#register-submit');
  await page.waitForSelector('#nav-turns');
  return { context, page, name };
}

/** `who` invites `other` to a game of Q at 2 days per move, from the New game form. */
async function invite(who, other, known = []) {
  const { page } = who;
  await page.goto(`${BASE}/#/new`);
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.selectOption('#game', 'q');
  await page.fill('#players', '2');
  await page.dispatchEvent('#players', 'change');
  await page.selectOption('#clock', 'd2');
  await page.locator('.seat-row .kind').nth(1).selectOption('human');
  await page.locator('.seat-row .name').nth(1).fill(other);
  await page.click('#start');
  // an invitation, not a game: the inbox shows it waiting for the other
  await page.waitForURL(/#\/turns$/);
  // the new one (not among `known`): the inbox draws its last answer (an earlier
  // invitation as it stood then) until its next read comes
  const made = await (await page.waitForFunction(([o, k]) => {
    const li = [...document.querySelectorAll('#invitations li.invitation')]
      .find((l) => l.textContent.includes(`waiting for ${o}`) && !k.includes(Number(l.dataset.invitation)));
    return li ? Number(li.dataset.invitation) : null;
  }, [other, known])).jsonValue();
  const row = await page.waitForSelector(`#invitations li[data-invitation="${made}"]`);
  const text = await row.textContent();
  assert.match(text, new RegExp(`You invited ${other} to Q`));
  assert.match(text, new RegExp(`waiting for ${other}`));
  return Number(await row.getAttribute('data-invitation'));
}

/** The inbox of `who`'s session. */
const inbox = async (who) => (await who.context.request.get(`${BASE}/api/turns`)).json();

/** Plays a move of `who`'s seat of game `id` (a tile put down, not a pass: two passes would
 * end the game), through the page's session. */
async function playOne(who, id, token) {
  await who.page.evaluate(async ([gid, tok]) => {
    const s = await (await fetch(`/api/games/${gid}?token=${tok}`)).json();
    const ws = new WebSocket(`ws://${location.host}/api/games/${gid}/ws?token=${tok}`);
    await new Promise((r) => { ws.onopen = r; });
    ws.send(JSON.stringify({ move: s.legal.find((m) => Array.isArray(m)) ?? s.legal[0] }));
    await new Promise((r) => setTimeout(r, 500));
    ws.close();
  }, [id, token]);
}

test('an invitation waits in the other person\'s inbox until accepted; a declined one makes no game', async () => {
  const ann = await person('ann');
  const bob = await person('bob');
  try {
    const invitation = await invite(ann, bob.name);
    await shot(ann.page, 'invitations-sent');
    assert.deepEqual((await inbox(bob)).games, [], 'bob is seated nowhere');

    // bob opens the site cold: his inbox has the invitation, with Accept and Decline
    await bob.page.goto('about:blank');
    await bob.page.goto(`${BASE}/#/turns`);
    const row = await bob.page.waitForSelector(`#invitations li[data-invitation="${invitation}"]`);
    const text = await row.textContent();
    assert.match(text, new RegExp(`${ann.name} invites you to Q`));
    assert.match(text, /2 days per move · players: /);
    assert.match(text, new RegExp(`${ann.name}, ${bob.name}`));
    assert.match(text, /left to answer/);
    await bob.page.waitForFunction(() => document.title.startsWith('(1) '));
    await bob.page.waitForSelector(`li[data-invitation="${invitation}"] button.accept`);
    await shot(bob.page, 'invitations-inbox');
    await bob.page.setViewportSize({ width: 390, height: 844 });
    await shot(bob.page, 'invitations-inbox-phone');
    const scroll = await bob.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(scroll <= 0, `no sideways scroll on a phone (${scroll} px)`);
    await bob.page.setViewportSize({ width: 1280, height: 800 });

    // he accepts: the game starts, and his page opens it
    await bob.page.click(`li[data-invitation="${invitation}"] button.accept`);
    await bob.page.waitForURL(/#\/game\/\d+$/);
    const id = Number(bob.page.url().split('/').pop());
    await bob.page.waitForSelector('#status:not(:empty)');
    await shot(bob.page, 'invitations-accepted-game');
    const a = await until('the game in ann\'s inbox', async () => { const b = await inbox(ann); return b.games?.[0]?.id === id ? b : null; });
    assert.deepEqual(a.invitations, []);
    const b = await inbox(bob);
    assert.equal(b.games[0].id, id);
    assert.deepEqual(b.invitations, []);
    // a move each, whoever begins
    const seats = { [a.games[0].seat]: [ann, a.games[0].token], [b.games[0].seat]: [bob, b.games[0].token] };
    for (let k = 0; k < 2; k++) {
      const s = await until('a person to move', async () => {
        const st = await (await ann.context.request.get(`${BASE}/api/games/${id}?token=${a.games[0].token}`)).json();
        return st.moves === k && Number.isInteger(st.to_move) ? st : null;
      });
      const [who, token] = seats[s.to_move];
      await playOne(who, id, token);
      await until(`move ${k + 1}`, async () => (await (await ann.context.request.get(`${BASE}/api/games/${id}?token=${a.games[0].token}`)).json()).moves > k);
    }

    // a second invitation, declined: no game, and ann is told
    const second = await invite(ann, bob.name, [invitation]);
    await bob.page.goto(`${BASE}/#/turns`);
    await bob.page.click(`li[data-invitation="${second}"] button.decline`);
    await bob.page.waitForSelector(`li[data-invitation="${second}"]`, { state: 'detached' });
    await ann.page.goto(`${BASE}/#/turns`);
    const declined = await ann.page.waitForSelector(`li[data-invitation="${second}"] .state`);
    assert.equal(await declined.textContent(), 'declined');
    await shot(ann.page, 'invitations-declined');
    const games = (await inbox(ann)).games.map((g) => g.id);
    assert.deepEqual(games, [id], 'the declined invitation made no game');
    assert.deepEqual(ann.page.errors_, []);
    assert.deepEqual(bob.page.errors_, []);
  } finally {
    await ann.context.close();
    await bob.context.close();
  }
});
