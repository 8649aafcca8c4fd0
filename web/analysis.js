// The analysis of an ended game on the replay page: an "Analyze" button, progress while
// the server computes (GET /api/games/ID/analysis answers 202 with moves done until it is
// done), then a win-chance graph (SVG), each seat's summary (what its decisions lost, what
// luck did, in a sentence), the biggest mistakes (a click jumps the replay to the move and
// tells the better move and why; "Show the better move" draws it on the board). A move within
// the search's error has no better move; one the search could not judge says so.
// Nothing here knows a game: moves come in words from the server.
import { h, s } from './board.js';
import { answer, refusal } from './api.js';
import { t, words, lang } from './i18n.js';

/** A seat's colour: style.css's `.seat-N` (theme.css's --seatN, light and dark). */
const seatClass = (seat) => `seat-${seat % 4}`;
const BAD = ['inaccuracy', 'mistake', 'blunder'];
const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
const pct = (x) => percent.format(x);
const cls = (c) => t(`class-${c}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The analysis section. `opts`: { id, iters (optional), players [{name}], jump(step),
 * showBetter(move or null) } — `jump` shows the replay's step (a move's step is its
 * index + 1), `showBetter` draws the board after the better move of an analysed move.
 * Returns `at(step)` too: the replay tells it the step it shows, and once the analysis is
 * there its detail follows (each analysed move's verdict, reached by the scrubber).
 */
export function analysisSection(opts) {
  const button = h('button', { id: 'analyze', class: 'primary', 'aria-label': t('analyze-label') }, t('analyze'));
  const progress = h('p', { id: 'analysis-progress', role: 'status', 'aria-live': 'polite', hidden: true });
  const out = h('div', { id: 'analysis' });
  const section = h('section', { class: 'analysis', 'aria-label': t('analysis') }, h('h3', { text: t('analysis') }),
    h('p', { class: 'hint' }, t('analysis-about')),
    button, progress, out);
  let stopped = false;
  let follow = () => {};
  button.addEventListener('click', async () => {
    button.disabled = true;
    progress.hidden = false;
    try {
      const a = await fetchAnalysis(opts, (text) => {
        progress.replaceChildren(h('span', { class: 'spinner', 'aria-hidden': 'true' }), ' ', text);
      }, () => stopped);
      if (!a) return;
      progress.hidden = true;
      button.hidden = true;
      const shown = render(a, opts);
      follow = shown.at;
      out.replaceChildren(...shown.nodes);
    } catch (e) {
      progress.replaceChildren(t('analysis-failed', { why: e.message }));
      button.disabled = false;
    }
  });
  return { section, stop: () => { stopped = true; }, at: (step) => follow(step) };
}

/** Polls the analysis until it is done; `say` tells the progress. */
async function fetchAnalysis({ id, iters }, say, stopped) {
  const url = `/api/games/${id}/analysis` + (iters ? `?iters=${encodeURIComponent(iters)}` : '');
  say(t('analysis-starting'));
  for (;;) {
    if (stopped()) return null;
    const r = await answer(url);
    const body = r.body;
    if (r.status === 200) return body;
    if (r.status === 202) {
      say(body.total ? t('analysing-done', { done: body.done, total: body.total }) : t('analysing'));
      await sleep(400);
    } else if (r.status === 503 && body.busy) {
      say(t('analysis-waiting'));
      await sleep(2000);
    } else {
      throw new Error(refusal(body, r.status));
    }
  }
}

const nameOf = (a, opts, seat) => opts.players[seat]?.name || a.players[seat] || t('seat-n', { n: seat + 1 });
const percent1 = new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 0, signDisplay: 'exceptZero' });
/** A change of win chance with its sign: "+3%", "−12%". */
const signed = (x) => percent1.format(x).replace('-', '−');
/** The moves a better move is shown for (the server's `why`: lost 2% or more beyond the search's error). */
const hasBetter = (m) => m.why != null;

/** The analysis' nodes, and `at(step)`: shows the detail of the move of that step, if analysed. */
function render(a, opts) {
  if (!a.moves.length) return { nodes: [h('p', { id: 'analysis-empty' }, t('analysis-empty'))], at: () => {} };
  const detail = h('div', { id: 'analysis-move', class: 'analysis-move', 'aria-live': 'polite' });
  let current = null;
  const select = (m, jump = true) => {
    current = m;
    if (jump) opts.jump(m.index + 1);
    const best = m.best[0];
    // one number a move: what it lost (`lost`), the drop of the graph's line at it and the
    // list's "−X%" alike
    const change = m.best_played
      ? t('win-chance-change', { before: pct(m.chance.before), after: pct(m.chance.after) })
      : t('win-chance-lost', { before: pct(m.chance.before), after: pct(m.chance.after), lost: signed(-m.lost), margin: pct(m.margin) });
    const lines = [
      h('p', {}, h('strong', {}, t('analysis-move-who', { n: m.index + 1, who: nameOf(a, opts, m.seat) })), ' ', words(m.words), ' ',
        h('span', { class: `class class-${m.class}` }, cls(m.class)), ' ', change),
    ];
    if (hasBetter(m) && best) {
      const show = h('button', { id: 'show-better', 'aria-pressed': 'false' }, t('show-better'));
      show.addEventListener('click', () => {
        const on = show.getAttribute('aria-pressed') !== 'true';
        show.setAttribute('aria-pressed', String(on));
        show.textContent = t(on ? 'show-played' : 'show-better');
        opts.showBetter(on ? m : null);
      });
      lines.push(h('p', { id: 'better-move' }, h('strong', {}, t('better')), ' ', words(best.words), ': ', words(m.why)),
        m.better ? show : null);
      if (m.best.length > 1) {
        lines.push(h('p', { class: 'hint' }, t('best-moves') + ' ', m.best.map((b, k) => `${k + 1}. ${words(b.words)}`).join('; ')));
      }
    } else if (m.class === 'unjudged') {
      // (the search's most visited move too, when it could not tell it from the next)
      lines.push(h('p', { id: 'better-move' }, t('analysis-no-verdict', { margin: pct(m.margin), budget: words(a.budget) })));
    } else if (m.best_played) {
      lines.push(h('p', { id: 'better-move' }, t('bot-agrees')));
    } else {
      lines.push(h('p', { id: 'better-move' }, t('analysis-within-error', { margin: pct(m.margin) })));
    }
    detail.replaceChildren(...lines);
  };
  const worst = a.moves.filter((m) => BAD.includes(m.class) && hasBetter(m)).sort((x, y) => y.lost - x.lost).slice(0, 5);
  const summary = (a.summaries ?? []).filter((s) => s.moves > 0).map((s) => {
    const c = s.classes;
    return h('li', { class: seatClass(s.seat), 'data-seat': s.seat },
      h('strong', {}, words(s.words)), ' ',
      h('span', { class: 'hint' },
        t('analysis-summary-line', {
          who: nameOf(a, opts, s.seat), moves: s.moves, inaccuracies: c.inaccuracy, mistakes: c.mistake, blunders: c.blunder, unjudged: c.unjudged,
        }), ' ',
        t('analysis-account', {
          start: pct(s.start), end: pct(s.end), over: s.over ? 'yes' : 'no', play: signed(-s.play), margin: pct(s.margin), luck: signed(s.luck),
        })));
  });
  const tooFew = (a.summaries ?? []).some((s) => s.too_few);
  const at = (step) => {
    const m = a.moves.find((x) => x.index + 1 === step);
    if (m && m !== current) select(m, false);
  };
  const nodes = [
    graph(a, opts, select),
    h('ul', { id: 'analysis-summary', class: 'analysis-summary' }, summary),
    h('h4', { text: t('biggest-mistakes') }),
    worst.length
      ? h('ol', { id: 'mistakes', class: 'mistakes' }, worst.map((m) => h('li', {},
        h('button', { class: `mistake class-${m.class}`, 'data-move': m.index + 1, onclick: () => select(m) },
          t('mistake-line', { n: m.index + 1, who: nameOf(a, opts, m.seat), class: cls(m.class), loss: pct(m.lost) })))))
      : h('p', { id: 'mistakes', class: 'hint' }, t(tooFew ? 'no-mistakes-too-few' : 'no-mistakes')),
    detail,
    h('p', { class: 'hint' }, t('analysis-legend', {
      budget: words(a.budget), search: words(a.search),
      best: pct(a.thresholds[0]), good: pct(a.thresholds[1]), inaccuracy: pct(a.thresholds[2]), mistake: pct(a.thresholds[3]),
    })),
  ];
  return { nodes, at };
}

/**
 * The win chance of each analysed seat over the game's moves: an even share at the start,
 * before and after each of its moves (the server's `chance`: down by what the move lost;
 * flat across the others' moves unless they changed it beyond the searches' error), and the
 * result at the end; a dot on each inaccuracy, mistake or blunder.
 */
function graph(a, opts, select) {
  const W = 320, H = 140, L = 38, B = 16, T = 6;
  const n = Math.max(a.total_moves, 1);
  const x = (step) => L + (W - L - 4) * step / n;
  const y = (p) => T + (H - T - B) * (1 - p);
  const grid = [0, 0.5, 1].map((p) => [
    s('line', { x1: L, x2: W - 4, y1: y(p), y2: y(p), class: p === 0.5 ? 'even' : 'grid' }),
    s('text', { x: L - 4, y: y(p) + 4, class: 'axis', 'text-anchor': 'end' }, pct(p)),
  ]);
  const lines = a.seats.map((seat) => {
    const mine = a.moves.filter((m) => m.seat === seat);
    const sum = (a.summaries ?? []).find((s) => s.seat === seat);
    const steps = mine.flatMap((m) => [[m.index, m.chance.before], [m.index + 1, m.chance.after]]);
    if (sum && mine.length) steps.unshift([0, sum.start]), steps.push([n, sum.end]);
    const pts = steps.map(([step, p]) => `${x(step).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
    const dots = mine.filter((m) => BAD.includes(m.class) && hasBetter(m)).map((m) => {
      const dot = s('circle', { cx: x(m.index + 1), cy: y(m.chance.after), r: m.class === 'blunder' ? 5 : m.class === 'mistake' ? 4 : 3,
        class: `dot class-${m.class}`, 'data-move': m.index + 1, tabindex: '0', role: 'button',
        'aria-label': t('dot-label', { n: m.index + 1, class: cls(m.class) }) });
      dot.append(s('title', {}, t('dot-title', { n: m.index + 1, who: nameOf(a, opts, seat), class: cls(m.class), loss: pct(m.lost) })));
      dot.addEventListener('click', () => select(m));
      dot.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); select(m); } });
      return dot;
    });
    return [s('polyline', { points: pts, class: `win-line ${seatClass(seat)}`, 'data-seat': seat }), dots];
  });
  return s('svg', { id: 'win-graph', class: 'win-graph', viewBox: `0 0 ${W} ${H}`, role: 'img',
    'aria-label': t('win-graph') }, ...grid.flat(),
  s('text', { x: W - 4, y: H - 3, class: 'axis', 'text-anchor': 'end' }, t('graph-move', { n: a.total_moves })),
  // every line under every dot: a seat's line drawn later must not cover another's dot
  ...lines.map(([line]) => line), ...lines.flatMap(([, dots]) => dots));
}
