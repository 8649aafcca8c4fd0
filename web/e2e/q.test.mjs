// Q for people: the boxed game's rules and its 3 copies of each tile by default (the
// course's rules and its 30 copies named choices), the hand tiles that fit somewhere
// marked, the cells where the selected tile fits marked and the only ones it is put on, a
// refusal in the words of the rule set played, the rules help stating both rule sets, the
// boxed game's first. Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, shot, createGame, yourTurn, seatState, showEngines } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const cell = async (el) => `${await el.getAttribute('data-row')},${await el.getAttribute('data-col')}`;

for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  test(`Q (${size}): the boxed rules and 3 copies by default; the tiles that fit and their cells are marked; a tile goes only where it fits`, async () => {
    const page = await newPage(browser, { viewport, ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
    // the form: the boxed rules and 3 copies by default, the course's named as such
    await page.goto(`${BASE}/#/new/q`);
    await page.waitForSelector('#opt-copies');
    assert.equal(await page.inputValue('#opt-copies'), '3');
    const labels = await page.$$eval('#opt-copies option', (os) => os.map((o) => o.textContent));
    assert.ok(labels.some((l) => /30 .*Racket course/.test(l)), labels.join(' | '));
    assert.equal(await page.inputValue('#opt-rule_set'), 'boxed');
    const rules = await page.$$eval('#opt-rule_set option', (os) => os.map((o) => o.textContent));
    assert.deepEqual(rules, ["the boxed game's (Qwirkle)", "the Racket course's"]);
    const id = await createGame(page, 'q', ['human', 'bot:ldasg'], { seed: 5, delay: 0 });
    await yourTurn(page);
    const st = await seatState(page, id);
    assert.equal(st.rules.copies, 3, 'a game of the form has 3 copies of each tile');
    assert.equal(st.rules.rule_set, 'boxed', 'a game of the form plays the boxed rules');
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
    assert.match(await page.textContent('#error'), /^The orange circle does not fit at -?\d+,-?\d+: the line through \(-?\d+,-?\d+\) would be neither one colour nor one shape\.$/);
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
    // How to play states the boxed game's rules first, then the course's
    const help = await page.textContent('#rules-help');
    assert.match(help, /The boxed game's rules \(the default\)/);
    assert.match(help, /one colour with no shape twice, or one shape with no colour twice/);
    assert.match(help, /only the tiles right beside it count/);
    assert.ok(help.indexOf("The boxed game's rules") < help.indexOf("The Racket course's rules"), 'the boxed rules first');
    assert.deepEqual(page.errors_, []);
    await page.close();
  });

  test(`Q (${size}): the course's rules, chosen in the form, refuse in their own words`, async () => {
    const page = await newPage(browser, { viewport, ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
    await page.goto(`${BASE}/#/new/q`);
    await page.waitForSelector('#opt-rule_set');
    await page.selectOption('#opt-rule_set', 'course');
    await showEngines(page, ['bot:ldasg']);
    await page.locator('.seat-row .kind').nth(1).selectOption('bot:ldasg');
    await page.fill('#seed', '5');
    await page.fill('#delay', '0');
    await page.click('#start');
    await page.waitForURL(/#\/game\//);
    const id = page.url().split('/').pop();
    await yourTurn(page);
    const st = await seatState(page, id);
    assert.equal(st.rules.rule_set, undefined, "the course's rules (left out of the rules)");
    const cands = st.hints.candidates;
    const j = cands.findIndex((c) => c.length === 0);
    assert.ok(j >= 0, 'a hand tile fits nowhere (seed 5)');
    await page.click(`.tray button[data-index="${j}"]`);
    await page.click('.spot[data-legal=false]');
    assert.match(await page.textContent('#error'), /^The orange circle does not fit at -?\d+,-?\d+: it shares neither colour nor shape with the red star beside it\.$/);
    await shot(page, `q-course-refused-${size}`);
    assert.deepEqual(page.errors_, []);
    await page.close();
  });
}
