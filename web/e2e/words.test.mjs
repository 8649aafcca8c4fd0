// The words a player reads, checked on the page's own modules (imported in the browser, fed
// made-up states): counts with their plurals, a Triominos turn where nothing fits, the end
// of a game that a bot's name opens, bot strengths that never contradict the ratings.
// Run by scripts/e2e.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage } from './lib.mjs';

let browser, page;
before(async () => {
  browser = await launch();
  page = await newPage(browser);
  await page.goto(`${BASE}/#/`);
  await page.waitForSelector('#main');
});
after(async () => { await browser?.close(); });

test('counts say "1 inaccuracy", "2 inaccuracies", "1 move" (the catalogue\'s plurals)', async () => {
  const out = await page.evaluate(async () => {
    const { t } = await import('/static/i18n.js');
    return [t('moves-count', { n: 1 }), t('moves-count', { n: 0 }),
      t('analysis-summary-line', { who: 'Ann', moves: 1, inaccuracies: 2, mistakes: 1, blunders: 0, unjudged: 0 }),
      t('analysis-summary-line', { who: 'Ann', moves: 3, inaccuracies: 1, mistakes: 0, blunders: 1, unjudged: 2 })];
  });
  assert.deepEqual(out, ['1 move', '0 moves', 'Ann: 1 move, 2 inaccuracies, 1 mistake, 0 blunders.',
    'Ann: 3 moves, 1 inaccuracy, 0 mistakes, 1 blunder, 2 moves without a verdict.']);
});

test('Triominos says when no tile fits, and what is left to do', async () => {
  const words = await page.evaluate(async () => {
    const t = await import('/static/triominos.js');
    const say = (hints, tray = ['0-0-0', '1-2-3']) => {
      const panel = document.createElement('div'), dock = document.createElement('div');
      t.render({
        board: { draw() {} }, public: { board: [{ tile: '4-4-4', orientation: 'ABC', x: 0, y: 0, corners: [4, 4, 4] }], round: 1, pile: 20, tray_sizes: [2, 2], draws: 0, to_move: 0 },
        view: { tray, forced: null }, legal: [], hints, panel, dock, mode: 'play', myTurn: true, send() {}, local: {},
        players: [{ name: 'Ann' }, { name: 'Bob' }], seat: 0, error() {}, rerender() {},
      });
      return dock.querySelector('#legal-count').textContent;
    };
    const one = { tile: '1-2-3', orientation: 'ABC', x: 2, y: 0, corners: [1, 2, 3], score: 6 };
    return [say({ can_draw: true, can_pass: false, placements: [] }), say({ can_draw: false, can_pass: true, placements: [] }),
      say({ can_draw: true, can_pass: false, placements: [one] }, ['1-2-3'])];
  });
  assert.equal(words[0], 'No tile of your tray fits anywhere: draw a tile.');
  assert.equal(words[1], 'No tile of your tray fits anywhere: pass.');
  assert.match(words[2], /^\d+ highlighted spots? for 1-2-3 in this rotation; 1 in all rotations\./);
  assert.doesNotMatch(words.join(' '), /spot\(s\)/);
});

test('the end of a game opened by a bot\'s name keeps the name as it is', async () => {
  const reason = await page.evaluate(async () => {
    const { endPanel } = await import('/static/ending.js');
    const players = [{ name: 'greedy' }, { name: 'Ann' }];
    const p = endPanel(players, 'finished', null, { winners: [0] }, { reason: 'greedy reached 400 points' }, [400, 200]);
    const q = endPanel(players, 'finished', null, { winners: [0] }, { reason: 'the pile is empty' }, [400, 200]);
    return [p.querySelector('#end-reason').textContent, q.querySelector('#end-reason').textContent];
  });
  assert.deepEqual(reason, ['greedy reached 400 points.', 'The pile is empty.']);
});

test('a bot\'s strength is said by the level that plays it, never against the ratings', async () => {
  const words = await page.evaluate(async () => {
    const { strengthWords } = await import('/static/help.js');
    const info = { levels: [{ spec: 'level:1', plays: 'random', rating: 745 }, { spec: 'level:2', plays: 'ldasg', rating: 1279 }, { spec: 'level:3', plays: 'dag', rating: 1335 }] };
    return ['ldasg', 'dag', 'level:2', 'lookahead', 'level:3', 'lines'].map((name) => strengthWords(info, { name, strength: name === 'dag' ? 'weak' : name === 'lines' ? 'strongest' : 'strong' }));
  });
  // (only a level is "the strongest": an engine the registry calls its strongest is "very strong")
  assert.deepEqual(words, ['as Level 2 · 1279', 'as Level 3 · 1335', 'Level 2 · 1279', 'strong', 'Level 3 · 1335, the strongest', 'very strong']);
});

test('a house level is said in words, never by its engine spec', async () => {
  const words = await page.evaluate(async () => {
    const { aboutBot } = await import('/static/help.js');
    const info = { levels: [{ spec: 'level:1', plays: 'random', rating: 745 }, { spec: 'level:2', plays: 'ismcts:iters=100,c=0.4', rating: 1504 }] };
    const level = { name: 'level:2', about: 'level 2 of 2 (strongest): ismcts:iters=100,c=0.4' };
    return [aboutBot(info, level, false), aboutBot(info, { name: 'greedy', about: 'the best-scoring move' }), aboutBot(info, level, true)];
  });
  // (its engine named only with the engines shown: the New game form's advanced switch)
  assert.deepEqual(words, ['level 2 of 2 (the strongest), rated 1504', 'the best-scoring move', 'level 2 of 2 (the strongest), rated 1504: plays as ismcts:iters=100,c=0.4']);
});

test('German: decimals with a comma, and the words a German board-game player uses', async () => {
  // the page's own words in German (its catalogue, as the page loads it)
  const de = await newPage(browser);
  await de.addInitScript(() => localStorage.setItem('tessera.lang', 'de'));
  await de.goto(`${BASE}/#/`);
  await de.waitForSelector('#main');
  const said = await de.evaluate(async () => {
    const { t, words } = await import('/static/i18n.js');
    return {
      search: words({ id: 'search-settings', args: { exploration: '0.4', rollouts: 0 } }),
      number: words({ id: 'search-settings', args: { exploration: 1.25, rollouts: 20 } }),
      seed: words({ id: 'verbatim', args: { text: '12345' } }),
      show: [t('filter-show'), t('filter-every-game')].join(' '),
      replay: [t('replay'), t('replay-this'), t('replay-game', { game: 'Q', id: '3' })],
      rematch: t('rematch'),
      rating: [t('col-rating'), t('ratings'), t('your-ratings'), t('rating-changes')],
      scoring: t('akropolis-option-variants'),
      house: [t('out-of-time-q'), t('out-of-time-triominos'), t('out-of-time-first-move'), t('house-name', { name: 'level:3' }), t('log-out-of-time', { who: 'Ann', per: '1 Tag pro Zug' })],
    };
  });
  assert.equal(said.search, 'Erkundung 0,4, keine Ausspielungen');
  assert.equal(said.number, 'Erkundung 1,25, Ausspielungen von 20 Zügen');
  assert.equal(said.seed, '12345', 'a whole number stays as it is');
  assert.equal(said.show, 'Anzeigen: alle Spiele');
  for (const r of said.replay) assert.doesNotMatch(r, /wiederhol/i, `replay beside "${said.rematch}": ${r}`);
  assert.equal(said.rematch, 'Revanche');
  for (const r of said.rating) assert.match(r, /Wertungszahl/, `a rating is a Wertungszahl: ${r}`);
  assert.doesNotMatch(said.scoring, /Wertungszahl/, 'scoring stays Wertung');
  for (const h of said.house) assert.doesNotMatch(h, /\bHaus\b/, `no "Haus": ${h}`);
  await de.context().close();
});
