// The chat of a table (docs/web.md, "Chat"), between two people in two browsers at
// 1280x800 and 390x844: Ann (signed in, English) and Bob (a guest, German). A quick
// phrase reads in each one's language, Ann's typed line reaches Bob as text, Bob has the
// phrases only; Ann mutes Bob (his lines hidden on her page) and reports one, which
// `tessera admin reports` lists. Run by scripts/e2e (TESSERA_URL, TESSERA_BIN, TESSERA_DB,
// ARTIFACTS, CHROMIUM).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { BASE, launch, shot, post } from './lib.mjs';

const PASSWORD = 'correct horse battery';
let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const said = (page) => page.evaluate(() => [...document.querySelectorAll('#chat-lines .chat-line')].map((li) => li.textContent));

test('two people chat: phrases in each language, text, mute and report', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const phone = viewport.width < 500;
    const opts = (locale) => ({ viewport, locale, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
    const ann = await (await browser.newContext(opts('en-US'))).newPage();
    const bob = await (await browser.newContext(opts('de-DE'))).newPage();
    const errors = [];
    for (const p of [ann, bob]) p.on('pageerror', (e) => errors.push(String(e)));
    // Ann signs up; the game is made for both seats, each browser keeps its own token
    const name = `ann${Date.now().toString(36)}`.slice(0, 20);
    await ann.goto(`${BASE}/#/register`);
    await ann.fill('#account-name', name);
    await ann.fill('#account-password', PASSWORD);
    await ann.click('#register-submit');
    await ann.waitForSelector('#nav-me');
    const c = await post('/api/games', { game: 'q', seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }], options: { copies: 1 } });
    for (const [p, [seat, token]] of [[ann, c.tokens[0]], [bob, c.tokens[1]]]) {
      await p.goto(`${BASE}/#/`);
      await p.evaluate(([id, s, tok]) => localStorage.setItem('tessera.tokens.' + id, JSON.stringify([[s, tok]])), [c.id, seat, token]);
      await p.goto(`${BASE}/#/game/${c.id}`);
      await p.waitForSelector('#chat:not([hidden]) .chat-phrase');
    }
    // Bob is a guest: the phrases, no field to type in
    assert.equal(await bob.locator('#chat-form').isHidden(), true);
    assert.equal(await ann.locator('#chat-form').isVisible(), true);
    // Ann's "Good game" reads "Gutes Spiel" on Bob's page
    await ann.click('.chat-phrase[data-phrase="chat-good-game"]');
    await bob.waitForFunction(() => [...document.querySelectorAll('#chat-lines .said')].some((s) => s.textContent === 'Gutes Spiel'), null, { timeout: 10000 });
    await ann.waitForFunction(() => [...document.querySelectorAll('#chat-lines .said')].some((s) => s.textContent === 'Good game'), null, { timeout: 10000 });
    // Ann types; the markup stays text
    await ann.fill('#chat-input', 'hello <b>Bob</b>');
    await ann.click('#chat-send');
    await bob.waitForFunction(() => [...document.querySelectorAll('#chat-lines .said')].some((s) => s.textContent === 'hello <b>Bob</b>'), null, { timeout: 10000 });
    assert.equal(await bob.locator('#chat-lines b b').count(), 0, 'no HTML from a line');
    // Bob thanks her in German; she reads English
    await bob.click('.chat-phrase[data-phrase="chat-thanks"]');
    await ann.waitForFunction(() => [...document.querySelectorAll('#chat-lines .said')].some((s) => s.textContent === 'Thanks!'), null, { timeout: 10000 });
    await shot(ann, `chat-${viewport.width}`);
    await shot(bob, `chat-de-${viewport.width}`);
    // Ann reports Bob's line, then mutes him: his lines are hidden on her page only
    await ann.locator('#chat-lines .chat-line', { hasText: 'Thanks!' }).locator('.chat-report').click();
    await ann.waitForFunction(() => document.querySelector('#chat-note')?.textContent.startsWith('Reported'), null, { timeout: 10000 });
    await ann.locator('#chat-lines .chat-line', { hasText: 'Thanks!' }).locator('.chat-mute').click();
    const annSees = await said(ann);
    assert.ok(annSees.some((l) => l.includes('Bob is muted')), JSON.stringify(annSees));
    assert.ok(!annSees.some((l) => l.includes('Thanks!')), JSON.stringify(annSees));
    assert.ok((await said(bob)).some((l) => l.includes('Danke!')), 'Bob still sees his own line');
    await shot(ann, `chat-muted-${viewport.width}`);
    // the operator sees the report
    const reports = JSON.parse(execFileSync(process.env.TESSERA_BIN || 'tessera', ['admin', 'reports', '--db', process.env.TESSERA_DB, '--json'], { encoding: 'utf8' }));
    assert.ok(reports.some((r) => r.game === Number(c.id) && r.line.phrase === 'chat-thanks' && r.line.name === 'Bob'), JSON.stringify(reports));
    // unmute: his lines are back
    await ann.click('.chat-unmute');
    assert.ok((await said(ann)).some((l) => l.includes('Thanks!')));
    if (phone) {
      const scroll = await ann.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(scroll <= 0, `no sideways scroll (${scroll} px)`);
    }
    assert.deepEqual(errors, []);
    await ann.context().close();
    await bob.context().close();
  }
});
