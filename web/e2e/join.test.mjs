// Invite a friend to a live table by a link (docs/web.md, "Invite by link"), two people in
// two browsers at 1280x800 and 390x844: Ann, a guest, makes a live Q game with a 5+3 clock
// whose second seat is "Anyone with the link"; her table shows the link while it waits.
// Bob opens it cold, sees who invites him to what, takes the seat under his name, and the
// two play the whole game (each move sent from its player's page). The link is spent after.
// Run by scripts/e2e (TESSERA_URL, ARTIFACTS, CHROMIUM).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, shot, sleep } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Plays one move of the seat whose `token` this page holds, from the page (its own socket). */
const playOne = (page, id, token) => page.evaluate(async ([gid, tok]) => {
  const s = await (await fetch(`/api/games/${gid}?token=${tok}`)).json();
  if (s.over || s.to_move !== s.seat) return false;
  const ws = new WebSocket(`ws://${location.host}/api/games/${gid}/ws?token=${tok}`);
  await new Promise((r) => { ws.onopen = r; });
  ws.send(JSON.stringify({ move: s.legal.find((m) => Array.isArray(m)) ?? s.legal[0] }));
  await new Promise((r) => setTimeout(r, 300));
  ws.close();
  return true;
}, [id, token]);

test('a friend opens the link of a live table, takes the seat and plays the game to its end', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const phone = viewport.width < 500;
    const opts = { viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) };
    const ann = await (await browser.newContext(opts)).newPage();
    const bob = await (await browser.newContext(opts)).newPage();
    const errors = [];
    for (const p of [ann, bob]) p.on('pageerror', (e) => errors.push(String(e)));
    await ann.goto(`${BASE}/#/new`);
    await ann.waitForSelector('#game option', { state: 'attached' });
    await ann.selectOption('#game', 'q');
    await ann.selectOption('#clock', 'g5+3');
    await ann.locator('.seat-row .kind').nth(1).selectOption('link');
    await ann.locator('.seat-row .name').nth(0).fill('Ann');
    await ann.click('#start');
    await ann.waitForURL(/#\/game\//);
    const id = ann.url().split('/').pop();
    const field = await ann.waitForSelector('#link-box:not([hidden]) .invite-link');
    const url = await field.inputValue();
    assert.match(url, new RegExp(`#/join/${id}/[0-9a-f]{32}$`));
    await shot(ann, `join-link-${viewport.width}`);

    // Bob opens the link cold: who invites him to what
    await bob.goto(url);
    const title = await (await bob.waitForSelector('#join-by')).textContent();
    assert.equal(title, 'Ann invites you to play Q');
    assert.match(await bob.textContent('main'), /5\+3/);
    await shot(bob, `join-invited-${viewport.width}`);
    await bob.fill('#join-name', 'Bob');
    await bob.click('#join-take');
    await bob.waitForURL(new RegExp(`#/game/${id}$`));
    // the table starts for both; Ann's link is gone
    for (const p of [ann, bob]) await p.waitForFunction(() => document.querySelectorAll('#clocks:not([hidden]) .clock-face').length === 2, null, { timeout: 20000 });
    assert.equal(await ann.locator('#link-box').isHidden(), true);

    // the whole game, each move from its player's page
    const tokenOf = (p) => p.evaluate((gid) => JSON.parse(localStorage.getItem('tessera.tokens.' + gid))[0][1], id);
    const seats = [[ann, await tokenOf(ann)], [bob, await tokenOf(bob)]];
    let moves = 0;
    for (let tries = 0; tries < 400; tries++) {
      const s = await (await fetch(`${BASE}/api/games/${id}`)).json();
      if (s.over) break;
      let played = false;
      for (const [p, tok] of seats) played = (await playOne(p, id, tok)) || played;
      if (played) moves++; else await sleep(100);
    }
    for (const p of [ann, bob]) await p.waitForFunction(() => /^(Game over|Partie vorbei)/.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: 20000 });
    assert.ok(moves >= 2, `${moves} moves`);
    await shot(bob, `join-played-${viewport.width}`);

    // the link is spent
    const again = await (await bob.context().newPage());
    await again.goto(url);
    await again.waitForSelector('#join-gone');
    assert.deepEqual(errors, []);
    await ann.context().close();
    await bob.context().close();
  }
});
