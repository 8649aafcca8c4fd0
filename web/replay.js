// The replay of a game (#/replay/ID): a scrubber over its steps, the end panel, the
// rating changes of a rated game, the analysis (analysis.js) and the record.
import { h } from './board.js';
import { api, registry, gameOf, titleOf, isLive } from './api.js';
import { rulesHelp } from './help.js';
import { renderer, generic } from './looks.js';
import { endPanel, endLine, winnersOf } from './ending.js';
import { gameLayout, drawScores, drawLog } from './table.js';
import { analysisSection } from './analysis.js';
import { ratedChanges } from './arena.js';
import { onLeave } from './page.js';
import { arrive } from './motion.js';
import { t, words as say } from './i18n.js';
import { dealBox } from './deal.js';
import { chatLines } from './chat.js';

/** Scrolls `el` into view unless its middle is already on the screen. */
function inView(el) {
  if (!el) return;
  const r = el.getBoundingClientRect();
  const middle = (r.top + r.bottom) / 2;
  if (middle < 0 || middle > window.innerHeight) el.scrollIntoView({ block: 'center' });
}

export async function replay(id, query = new URLSearchParams()) {
  document.title = t('title-replay', { id: String(id) });
  const { board, ui, useBoard, fitButton } = gameLayout();
  let data, R, reg;
  try {
    [data, reg] = await Promise.all([api(`/api/games/${id}/replay`), registry()]);
    R = await renderer(data.summary.game);
  } catch (e) { ui.status.textContent = t('replay-failed', { id: String(id), why: e.message }); return; }
  const steps = data.steps, sum = data.summary;
  // a game that may still go on: no analysis, no record yet
  const live = isLive(reg, sum.status);
  const players = sum.seats.map((s) => ({ name: s.name, kind: s.kind }));
  const local = {}; // the renderer's UI state (e.g. which Akropolis city is shown)
  const scrub = h('input', { type: 'range', id: 'scrubber', min: 0, max: steps.length - 1, value: 0, 'aria-label': t('replay-move') });
  const label = h('span', { id: 'step-label' });
  let timer = null, shown = null;
  // an analysed move whose better move the board shows instead of the move played
  let better = null;
  const play = h('button', { id: 'replay-play', 'aria-label': t('replay-play-label') }, t('replay-play'));
  // what the step did, in words, by the scrubber (the log's lines of that move)
  const words = h('p', { id: 'step-words', class: 'hint', 'aria-live': 'polite' });
  const show = () => {
    const i = parseInt(scrub.value, 10);
    if (better && better.index + 1 !== i) {
      // another step: the board shows the moves played again
      better = null;
      const b = document.getElementById('show-better');
      if (b) { b.setAttribute('aria-pressed', 'false'); b.textContent = t('show-better'); }
    }
    const st = better ? { ...steps[i], public: better.better } : steps[i];
    label.textContent = t('replay-step', { i, of: steps.length - 1, better: better ? 'yes' : 'no' });
    words.textContent = i === 0 ? t('replay-start-words') : (steps[i].log ?? []).map(say).join(' · ');
    const atEnd = i === steps.length - 1;
    ui.status.textContent = t('replay-status', { game: titleOf(reg, sum.game), id: String(id), step: label.textContent, end: atEnd ? 'yes' : 'no' });
    // the result only at the end (never a winner at move 0)
    ui.end.hidden = !atEnd;
    drawScores(ui, players, st.scores, st.to_move, null, atEnd && !live ? winnersOf(resultOf, data.outcome) : []);
    const lines = [];
    for (let k = 1; k <= i; k++) for (const l of steps[k].log) lines.push([k, l]);
    drawLog(ui, lines);
    useBoard(R.board !== false);
    const ctx = {
      board, area: ui.area, panel: ui.panel, dock: ui.dock, held: null, public: st.public, prev: i > 0 ? steps[i - 1].public : null, view: null, legal: [], hints: null, mode: 'replay', myTurn: false,
      send: () => {}, local, players, seat: null, error: () => {}, rerender: show,
    };
    try { R.render(ctx); } catch (e) {
      if (R === generic) throw e;
      console.error(e);
      R = generic; show(); return;
    }
    // a step forward: its tiles drop into place
    arrive(board.layer, local, i, shown !== null && i === shown + 1 && !better);
    shown = i;
    // the analysis (once done) tells the verdict of the move shown
    analysis?.at(i);
  };
  fitButton.addEventListener('click', () => { board.fit(); show(); });
  const go = (d) => { scrub.value = Math.min(Math.max(parseInt(scrub.value, 10) + d, 0), steps.length - 1); show(); };
  scrub.addEventListener('input', show);
  play.addEventListener('click', () => {
    if (timer) { clearInterval(timer); timer = null; play.textContent = t('replay-play'); return; }
    play.textContent = t('replay-pause');
    timer = setInterval(() => { if (parseInt(scrub.value, 10) >= steps.length - 1) { clearInterval(timer); timer = null; play.textContent = t('replay-play'); } else go(1); }, 400);
  });
  const analysis = live ? null : analysisSection({
    id, iters: query.get('iters'), players,
    jump: (step) => { better = null; scrub.value = Math.min(Math.max(step, 0), steps.length - 1); show(); },
    // on a phone the board is far above the analysis: brought into view to show the move
    showBetter: (m) => { better = m; show(); if (m) inView(document.getElementById('board')); },
  });
  // a rated game's rating changes (the Arena's)
  const ratedBox = live ? null : h('div', { id: 'rated-box' });
  const stopRated = ratedBox ? ratedChanges(ratedBox, id, { wait: false }) : () => {};
  const resultOf = sum.status === 'resigned' ? { winner_seats: sum.winners.map((n) => sum.players.indexOf(n)), resigned: { reason: sum.why } } : { aborted: sum.why };
  const result = live ? t('not-over-yet', { status: t(`status-${sum.status}`) }) : endLine(sum.status, players, data.outcome, resultOf);
  // the scrubber by the board (the dock: the renderers draw nothing there in a replay)
  ui.dockwrap.append(h('div', { class: 'scrub' }, h('label', { for: 'scrubber' }, t('replay-label') + ' ', label), scrub,
    h('div', { class: 'controls' },
      // words, not look-alike arrows (▶ play and ▷ next were told apart by nobody)
      h('button', { 'aria-label': t('replay-first-label'), onclick: () => { scrub.value = 0; show(); } }, t('replay-first')),
      h('button', { 'aria-label': t('replay-back-label'), onclick: () => go(-1) }, t('replay-back')), play,
      h('button', { 'aria-label': t('replay-next-label'), onclick: () => go(1) }, t('replay-next')),
      h('button', { 'aria-label': t('replay-last-label'), onclick: () => { scrub.value = steps.length - 1; show(); } }, t('replay-last'))), words));
  // the end of the game, shown at its last step
  ui.end.append(...[
    // seeds come as strings (they use all 64 bits, more than a JavaScript number holds)
    h('p', { id: 'result' }, sum.seed !== null && sum.seed !== undefined ? t('result-seed', { result, seed: String(sum.seed) }) : result),
    data.end ? endPanel(players, sum.status, null, data.outcome, data.end, sum.scores, [h('a', { class: 'button', role: 'button', href: `#/new/${sum.game}` }, t('nav-new'))]) : null,
    ratedBox].filter(Boolean));
  // the deal committed to at the start, checked here once the seed and the salt are revealed
  const deal = dealBox();
  deal.update(sum.commitment ? { commitment: sum.commitment, chosen: !!sum.seed_chosen, seed: sum.seed, salt: sum.salt } : null);
  deal.el.open = !live && !!sum.commitment;
  // the chat kept with the game (the players' room once it is over)
  const chat = data.chat?.length ? h('details', { class: 'chat', id: 'replay-chat', open: '' }, h('summary', {}, t('chat-replay')), chatLines(data.chat)) : null;
  ui.extra.append(...[
    chat,
    analysis?.section ?? null,
    deal.el,
    rulesHelp(gameOf(reg, sum.game), data.rules ?? null),
    h('p', {}, live ? null : [h('a', { href: `/api/games/${id}/record`, download: `tessera-${id}.json` }, t('record-json')), ' · '],
      h('a', { href: '#/' }, t('nav-lobby')))].filter(Boolean));
  onLeave(() => { if (timer) clearInterval(timer); analysis?.stop(); stopRated(); });
  show();
}
