// Who watches a game (docs/web.md, "Spectators"): two people in two browsers; the
// player's table says "1 watching" when the other opens it as a spectator, the names of
// signed-in spectators on a click, and the count drops when the spectator leaves. Run by
// scripts/e2e (TESSERA_URL, ARTIFACTS, CHROMIUM).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, createGame, yourTurn } from './lib.mjs';

const PASSWORD = 'correct horse battery';
let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const watchingText = (page) => page.evaluate(() => {
  const b = document.querySelector('#watching');
  return b && !b.hidden ? b.textContent : '';
});

test('a player sees how many watch, and who, as spectators come and go', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const phone = viewport.width < 500;
    const options = { viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) };
    const player = await newPage(browser, options);
    const id = await createGame(player, 'triominos', ['human', 'bot:greedy'], { seed: 11 });
    await yourTurn(player);
    assert.equal(await watchingText(player), '', 'nobody watches yet');

    // a second person, signed in, opens the game as a spectator
    const name = `spy${Date.now().toString(36)}`.slice(0, 20);
    const spectator = await newPage(browser, options);
    await spectator.goto(`${BASE}/#/register`);
    await spectator.fill('#account-name', name);
    await spectator.fill('#account-password', PASSWORD);
    await spectator.click('#register-submit');
    await spectator.waitForSelector('#nav-me');
    await spectator.goto(`${BASE}/#/watch/${id}`);
    await player.waitForFunction(() => /(^|\s)1 watching$/.test(document.querySelector('#watching:not([hidden])')?.textContent || ''), null, { timeout: 15000 });
    // the spectator sees it too
    await spectator.waitForFunction(() => /1 watching$/.test(document.querySelector('#watching:not([hidden])')?.textContent || ''), null, { timeout: 15000 });

    // a guest watches too (a third browser): 2; the names on a click, the guest counted
    const guest = await newPage(browser, options);
    await guest.goto(`${BASE}/#/watch/${id}`);
    await player.waitForFunction(() => /2 watching$/.test(document.querySelector('#watching:not([hidden])')?.textContent || ''), null, { timeout: 15000 });
    await player.click('#watching');
    await player.waitForFunction((n) => document.querySelector('#watchers:not([hidden])')?.textContent === `Watching: ${n} and one guest`, name, { timeout: 15000 });
    await shot(player, `watching-${viewport.width}`);
    await shot(spectator, `watching-spectator-${viewport.width}`);
    // a turn needs no scroll on a phone: the count does not push the board away
    if (phone) {
      const scroll = await player.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(scroll <= 0, `no sideways scroll (${scroll} px)`);
    }

    // the guest leaves: 1, and the names follow; the spectator leaves: nobody
    await guest.context().close();
    await player.waitForFunction((n) => document.querySelector('#watchers')?.textContent === `Watching: ${n}`, name, { timeout: 15000 });
    assert.match(await watchingText(player), /1 watching$/);
    await spectator.context().close();
    await player.waitForFunction(() => document.querySelector('#watching')?.hidden === true, null, { timeout: 15000 });
    assert.deepEqual(player.errors_, []);
    await player.context().close();
  }
});
