// Q for people: the boxed game's 3 copies of each tile by default (the course's 30 a named
// choice), the hand tiles that fit somewhere marked, the cells where the selected tile
// fits marked and the only ones it is put on, the rules help stating the rule the engine
// plays. Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, createGame, yourTurn, seatState } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const cell = async (el) => `${await el.getAttribute('data-row')},${await el.getAttribute('data-col')}`;

for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  test(`Q (${size}): 3 copies by default; the tiles that fit and their cells are marked; a tile goes only where it fits`, async () => {
    const page = await newPage(browser, { viewport, ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
    // the form: 3 copies by default, the course's 30 named as such
    await page.goto(`${BASE}/#/new/q`);
    await page.waitForSelector('#opt-copies');
    assert.equal(await page.inputValue('#opt-copies'), '3');
    const labels = await page.$$eval('#opt-copies option', (os) => os.map((o) => o.textContent));
    assert.ok(labels.some((l) => /30 .*Racket course/.test(l)), labels.join(' | '));
    const id = await createGame(page, 'q', ['human', 'bot:ldasg'], { seed: 5, delay: 0 });
    await yourTurn(page);
    const st = await seatState(page, id);
    assert.equal(st.rules.copies, 3, 'a game of the form has 3 copies of each tile');
    // the hand: a tile is marked when the server lists a cell for it
    const cands = st.hints.candidates;
    const marks = await page.$$eval('.tray button', (bs) => bs.map((b) => [b.dataset.fits, b.classList.contains('playable'), b.getAttribute('aria-label')]));
    assert.equal(marks.length, cands.length);
    marks.forEach(([fits, framed, label], i) => {
      const yes = cands[i].length > 0;
      assert.equal(fits, String(yes), `hand tile ${i + 1}: ${label}`);
      assert.equal(framed, yes);
      assert.match(label, yes ? /\(fits\)$/ : /\(fits nowhere now\)$/);
    });
    // the tile selected at the start is one that fits (seed 5: the first, the orange circle, does not)
    assert.equal(await page.getAttribute('.tray button[aria-pressed=true]', 'data-fits'), 'true');
    const i = cands.findIndex((c) => c.length > 0);
    assert.ok(i >= 0, 'a hand tile fits (seed 5)');
    await page.click(`.tray button[data-index="${i}"]`);
    // the marked cells are exactly the server's
    const marked = await Promise.all((await page.$$('.spot[data-legal=true]')).map(cell));
    assert.deepEqual(marked.sort(), cands[i].map((c) => `${c.row},${c.col}`).sort());
    await shot(page, `q-marks-${size}`);
    // a tile that fits nowhere (seed 5: the orange circle): no cell marked, and a click on a
    // cell puts nothing down and says why
    const j = cands.findIndex((c) => c.length === 0);
    assert.ok(j >= 0, 'a hand tile fits nowhere (seed 5)');
    await page.click(`.tray button[data-index="${j}"]`);
    assert.equal(await page.locator('.spot[data-legal=true]').count(), 0);
    const boardTop = async () => (await page.locator('#board').boundingBox()).y;
    const top = await boardTop();
    await page.click('.spot[data-legal=false]');
    assert.equal(await page.locator('.pending').count(), 0, 'not put on a cell where it does not fit');
    assert.match(await page.textContent('#error'), /^The orange circle does not fit at -?\d+,-?\d+: it shares neither colour nor shape with the red star beside it\.$/);
    assert.equal(await boardTop(), top, 'the refusal does not push the board down');
    await shot(page, `q-refused-${size}`);
    // picking another tile clears the refusal; a marked cell takes it
    await page.click(`.tray button[data-index="${i}"]`);
    assert.equal(await page.textContent('#error'), '');
    await page.click('.spot[data-legal=true]');
    assert.equal(await page.locator('.pending').count(), 1);
    await page.click('#commit');
    await page.waitForFunction(() => !document.querySelector('#commit') || document.querySelector('#commit').disabled);
    assert.doesNotMatch(await page.textContent('#error'), /Refused/);
    // How to play says the rule the engine plays
    const help = await page.textContent('#rules-help');
    assert.match(help, /only the tiles right beside it count/);
    assert.doesNotMatch(help, /no tile twice/);
    assert.deepEqual(page.errors_, []);
    await page.close();
  });
}
