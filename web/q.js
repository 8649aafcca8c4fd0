// Q: a square grid; several tiles per turn (pending until committed), exchange, pass.
import { s, h, clickable, bbox, previousPublic } from './board.js';
import { t as say, words } from './i18n.js';

const C = 56;
const COLORS = { red: '#d62d20', green: '#2a9d3a', blue: '#1f5fa8', yellow: '#e8b800', orange: '#f07f13', purple: '#7b3fa0' };
// colour-blind safe: the Okabe-Ito palette, and a letter on every tile
const SAFE = { red: '#d55e00', green: '#009e73', blue: '#0072b2', yellow: '#f0e442', orange: '#e69f00', purple: '#cc79a7' };
/** A colour's letter in the colour-blind look, in the page's language. */
const letter = (color) => say('q-letter', { color });
/**
 * A move in words (the box of a move held for a confirmation, web/held.js): tiles placed
 * along a line, each at (row, column) as the refusals say; a pass; an exchange.
 */
export function moveWords(mv) {
  if (Array.isArray(mv) && mv.length && mv.every((p) => p?.['1tile'] && p.coordinate)) {
    return mv.map((p) => say('held-at', {
      tile: say('q-tile', { color: p['1tile'].color, shape: p['1tile'].shape === '8star' ? 'eightstar' : p['1tile'].shape }),
      cell: `(${p.coordinate.row},${p.coordinate.column})`,
    })).join(', ');
  }
  if (mv === 'pass') return say('held-pass');
  if (mv === 'replace') return say('held-replace');
  return null;
}
const key = (c) => `${c.row},${c.col}`;
const STORE = 'tessera.q.colourblind';
/** Whether the colour-blind look is on (remembered in localStorage). */
let chosen = null; // this page's choice, when localStorage cannot keep it
function safe() { try { return chosen ?? localStorage.getItem(STORE) === '1'; } catch { return !!chosen; } }

/** The shape of a tile centred at (cx, cy), radius r (with its colour's letter when safe). */
function shape(t, cx, cy, r) {
  const cb = safe();
  const fill = (cb ? SAFE : COLORS)[t.color] || '#888';
  const drawn = form(t, cx, cy, r, fill);
  if (!cb) return drawn;
  return s('g', {}, drawn, s('text', { x: cx - r * 1.05, y: cy - r * 0.95, class: 'qletter', 'font-size': Math.max(r * 0.62, 11) }, letter(t.color)));
}
function form(t, cx, cy, r, fill) {
  const star = (n, inner) => s('polygon', {
    fill, points: Array.from({ length: 2 * n }, (_, i) => {
      const a = Math.PI * i / n - Math.PI / 2, rr = i % 2 ? r * inner : r;
      return `${cx + rr * Math.cos(a)},${cy + rr * Math.sin(a)}`;
    }).join(' '),
  });
  switch (t.shape) {
    case 'star': return star(4, 0.38);
    case '8star': return star(8, 0.55);
    case 'square': return s('rect', { fill, x: cx - r * 0.8, y: cy - r * 0.8, width: r * 1.6, height: r * 1.6 });
    case 'circle': return s('circle', { fill, cx, cy, r: r * 0.85 });
    case 'diamond': return s('polygon', { fill, points: `${cx},${cy - r} ${cx + r * 0.75},${cy} ${cx},${cy + r} ${cx - r * 0.75},${cy}` });
    case 'clover': return s('g', {}, ...[[0, -1], [1, 0], [0, 1], [-1, 0]].map(([dx, dy]) =>
      s('circle', { fill, cx: cx + dx * r * 0.45, cy: cy + dy * r * 0.45, r: r * 0.45 })));
    default: return s('circle', { fill, cx, cy, r: r / 2 });
  }
}
/** A tile in words: its colour and shape ("red circle", "roter Kreis"). */
const name = (t) => say('q-tile', { color: t.color, shape: t.shape === '8star' ? 'eightstar' : t.shape });
function tileSvg(t, size = 40) {
  return s('svg', { width: size, height: size, viewBox: `0 0 ${size} ${size}`, 'aria-hidden': 'true' },
    s('rect', { x: 1, y: 1, width: size - 2, height: size - 2, rx: 4, class: 'qtile-bg' }), shape(t, size / 2, size / 2, size * 0.36));
}

// What the server gives (app.js passes it on): `public` = {map: [[{row, col}, tile]...],
// scores, hand_sizes, pile, to_move, order}; the seat's `view` = the course's JPub
// ({map, "tile*", players: [{name, score, "tile*": HAND}, score...]}: the seat first);
// `hints` = {candidates: per hand tile, the cells where it fits now; can_replace};
// `legal` = JChoices ("pass", "replace", single-tile placements). A move of several tiles is
// a JChoice [{coordinate: {row, column}, 1tile: {color, shape}}...].
export function render(ctx) {
  const { board, public: pub, view, legal, hints, panel, dock, held, mode, myTurn, send, preview, local, error, rerender } = ctx;
  local.pending ??= [];
  // the tiles of the last turn: those not on the previous map (when it is the map just
  // before: a subset, at most a hand fewer)
  const prev = previousPublic(ctx);
  const fresh = new Set();
  if (prev?.map) {
    const before = new Set(prev.map.map(([c]) => key(c)));
    const added = pub.map.filter(([c]) => !before.has(key(c))).map(([c]) => key(c));
    const most = Math.max(6, pub.rules?.hand_size ?? 6);
    if (before.size + added.length === pub.map.length && added.length <= most) for (const k of added) fresh.add(k);
  }
  const hand = view?.players?.[0]?.['tile*'] || [];
  const used = new Set(local.pending.map((p) => p.hand));
  if (local.sel !== undefined && (local.sel >= hand.length || used.has(local.sel))) local.sel = undefined;
  const filled = new Map(pub.map.map(([c, t]) => [key(c), t]));
  for (const p of local.pending) filled.set(key(p.coord), p.tile);
  // free cells next to a tile (map + pending)
  const free = new Map();
  for (const k of filled.keys()) {
    const [r, c] = k.split(',').map(Number);
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      const n = { row: r + dr, col: c + dc };
      if (!filled.has(key(n))) free.set(key(n), n);
    }
  }
  // where hand tile i fits now: the server's candidates (hints.candidates) for the first
  // tile of a turn. LOCAL: with tiles already put down, the free cells where it fits by the
  // engine's rule written here (on the map plus the pending tiles, on their line), since
  // the server lists single-tile moves only; it checks the whole turn again on Commit. The
  // boxed game's rules (the default): the turn's tiles form one line with no gap, and each
  // line through a tile is one colour with no shape twice, or one shape with no colour
  // twice, six at most. The course's: only the tiles right beside a cell count (beside
  // one, the colour or the shape of it; between two, the colour of both or the shape of
  // both).
  const boxed = pub.rules?.rule_set === 'boxed';
  const get = (r, c) => filled.get(`${r},${c}`);
  const cellWords = (c) => `(${c.row},${c.col})`;
  /** The tiles of the line through `c` (holding `t`) along a direction. */
  const lineAt = (t, c, [dr, dc]) => {
    const tiles = [t];
    for (const k of [-1, 1]) for (let r = c.row + k * dr, q = c.col + k * dc, x; (x = get(r, q)) && tiles.length <= 7; r += k * dr, q += k * dc) tiles.push(x);
    return tiles;
  };
  /** What the boxed rules say against a line, or null: too long, mixed, a tile twice. */
  const lineFault = (tiles, c) => {
    if (tiles.length > 6) return say('q-illegal-line-long', { cell: cellWords(c) });
    if (!tiles.every((x) => x.color === tiles[0].color) && !tiles.every((x) => x.shape === tiles[0].shape)) return say('q-illegal-line-mixed', { cell: cellWords(c) });
    const twice = tiles.find((x, i) => tiles.findIndex((y) => y.color === x.color && y.shape === x.shape) !== i);
    return twice ? say('q-illegal-line-twice', { cell: cellWords(c), tile: name(twice) }) : null;
  };
  const DIRS = [[0, 1], [1, 0]];
  const fitsAt = (t, c) => {
    if (boxed) return DIRS.every((d) => !lineFault(lineAt(t, c, d), c));
    const fitLine = (a, b) => (!a && !b) || (a && !b ? a.shape === t.shape || a.color === t.color
      : !a && b ? b.shape === t.shape || b.color === t.color
        : (a.shape === t.shape && b.shape === t.shape) || (a.color === t.color && b.color === t.color));
    return fitLine(get(c.row, c.col - 1), get(c.row, c.col + 1)) && fitLine(get(c.row - 1, c.col), get(c.row + 1, c.col));
  };
  /** The boxed rules: the first free cell between the pending tiles and `c`, if any (a gap). */
  const gapTo = (c) => {
    const all = [...local.pending.map((p) => p.coord), c];
    const row = all.every((x) => x.row === c.row);
    const along = (x) => (row ? x.col : x.row);
    const lo = Math.min(...all.map(along)), hi = Math.max(...all.map(along));
    for (let v = lo; v <= hi; v++) {
      const x = row ? { row: c.row, col: v } : { row: v, col: c.col };
      if (v !== along(c) && !get(x.row, x.col)) return x;
    }
    return null;
  };
  /** Why `t` does not fit at `c`, in the game's words: the line or the neighbours it breaks. */
  const whyNot = (t, c) => {
    if (boxed) {
      const gap = local.pending.length ? gapTo(c) : null;
      if (gap) return say('q-illegal-gap', { cell: cellWords(gap) });
      for (const d of DIRS) {
        const fault = lineFault(lineAt(t, c, d), c);
        if (fault) return fault;
      }
      return say('q-illegal-not-in-line');
    }
    for (const [a, b] of [[get(c.row, c.col - 1), get(c.row, c.col + 1)], [get(c.row - 1, c.col), get(c.row + 1, c.col)]]) {
      if (a && b && !((a.shape === t.shape && b.shape === t.shape) || (a.color === t.color && b.color === t.color))) {
        return say('q-why-between', { a: name(a), b: name(b) });
      }
      const one = a && !b ? a : !a && b ? b : null;
      if (one && one.shape !== t.shape && one.color !== t.color) return say('q-why-beside', { tile: name(one) });
    }
    return say('q-illegal-not-in-line');
  };
  const cellsFor = (i) => {
    if (!myTurn || used.has(i) || !hand[i]) return new Set();
    if (!local.pending.length) return new Set((hints?.candidates?.[i] || []).map(key));
    const all = local.pending.map((p) => p.coord);
    const cells = new Set();
    for (const [k, c] of free) {
      const line = [...all, c];
      if (!line.every((x) => x.row === c.row) && !line.every((x) => x.col === c.col)) continue;
      if (boxed && gapTo(c)) continue;
      if (fitsAt(hand[i], c)) cells.add(k);
    }
    return cells;
  };
  // the hand tiles that fit somewhere now (marked in the hand), and the selected one's cells
  const fits = hand.map((_, i) => cellsFor(i).size > 0);
  // nothing selected: the first tile that fits somewhere (else the first one left)
  if (local.sel === undefined && myTurn) {
    const first = hand.findIndex((_, i) => !used.has(i) && fits[i]);
    local.sel = first >= 0 ? first : hand.findIndex((_, i) => !used.has(i));
  }
  if (local.sel === -1) local.sel = undefined;
  const hl = local.sel !== undefined ? cellsFor(local.sel) : new Set();
  const nodes = [], points = [];
  const xy = (c) => [c.col * C, c.row * C];
  for (const [c, t] of pub.map) {
    const [x, y] = xy(c);
    points.push([x, y], [x + C, y + C]);
    const isNew = fresh.has(key(c));
    nodes.push(s('g', { class: 'qtile' + (isNew ? ' last' : ''), 'data-fresh': isNew, 'aria-label': say('q-tile-at', { tile: name(t), cell: `${c.row},${c.col}`, fresh: isNew ? 'yes' : 'no' }) },
      s('rect', { x: x + 1, y: y + 1, width: C - 2, height: C - 2, rx: 5, class: 'qtile-bg' }), shape(t, x + C / 2, y + C / 2, C * 0.36)));
  }
  // the last turn's tiles, framed on top
  for (const [c] of pub.map) {
    if (!fresh.has(key(c))) continue;
    const [x, y] = xy(c);
    nodes.push(s('rect', { x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 5, class: 'last-placed', 'data-fresh': true, 'aria-hidden': 'true' }));
  }
  for (const p of local.pending) {
    const [x, y] = xy(p.coord);
    nodes.push(clickable(s('g', { class: 'pending' },
      s('rect', { x: x + 1, y: y + 1, width: C - 2, height: C - 2, rx: 5, class: 'qpending-bg pending-frame' }), shape(p.tile, x + C / 2, y + C / 2, C * 0.36)),
    say('q-take-back', { tile: name(p.tile), cell: `${p.coord.row},${p.coord.col}` }), () => {
      local.pending = local.pending.filter((q) => q !== p); rerender();
    }));
  }
  for (const [k, c] of free) {
    const [x, y] = xy(c);
    points.push([x, y], [x + C, y + C]);
    const isHl = hl.has(k);
    const rect = s('rect', { x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 5, class: isHl ? 'legal' : 'cell-empty' });
    if (mode !== 'play') { nodes.push(rect); continue; }
    const t = local.sel !== undefined ? hand[local.sel] : null;
    nodes.push(clickable(s('g', { class: 'spot', 'data-row': c.row, 'data-col': c.col, 'data-legal': isHl ? 'true' : 'false' }, rect),
      t ? say(isHl ? 'q-put' : 'q-not-here', { tile: name(t), cell: `${c.row},${c.col}` }) : say('q-empty-cell', { cell: `${c.row},${c.col}` }), () => {
        if (!myTurn) return error(say('not-your-turn-page'));
        if (local.sel === undefined) return error(say('q-select-first'));
        // only on a cell where it fits (the marked ones): nothing to refuse at Commit
        if (!isHl) return error(say('q-does-not-fit', { tile: name(t), cell: `${c.row},${c.col}`, why: whyNot(t, c) }));
        error('');
        local.pending.push({ hand: local.sel, coord: c, tile: hand[local.sel] });
        local.sel = undefined;
        rerender();
      }));
  }
  // the tiles put down: what they would score (the server's word, asked once), by the last one
  const move = local.pending.map((p) => ({ coordinate: { row: p.coord.row, column: p.coord.col }, '1tile': p.tile }));
  const said = myTurn && move.length && preview ? preview(move) : null;
  const gain = typeof said?.points === 'number' ? `+${said.points}` : null;
  if (gain) {
    const [x, y] = xy(local.pending[local.pending.length - 1].coord);
    nodes.push(s('g', { class: 'landing-points', id: 'pending-points', 'aria-hidden': 'true' },
      s('rect', { x: x + C - 30, y: y - 8, width: 36, height: 22, rx: 11 }), s('text', { x: x + C - 12, y: y + 3 }, gain)));
  }
  // a move held for a confirmation (a hint): its tiles where they land, see-through
  const heldTiles = Array.isArray(held) ? held.filter((p) => p?.coordinate && p['1tile']) : [];
  for (const p of heldTiles) {
    const [x, y] = xy({ row: p.coordinate.row, col: p.coordinate.column });
    nodes.push(s('g', { class: 'held held-q', 'aria-hidden': 'true' },
      s('rect', { x: x + 1, y: y + 1, width: C - 2, height: C - 2, rx: 5, class: 'qpending-bg pending-frame' }), shape(p['1tile'], x + C / 2, y + C / 2, C * 0.36)));
  }
  // when the map is too big to fit: the tiles being put down, else the last turn's, in view
  const around = local.pending.length ? local.pending.map((p) => p.coord) : pub.map.filter(([c]) => fresh.has(key(c))).map(([c]) => c);
  const focus = around.length ? bbox(around.flatMap((c) => [xy(c), xy({ row: c.row + 1, col: c.col + 1 })])) : null;
  // the cells where the selected tile fits: never under the zoom buttons
  const clear = [...hl].filter((k) => free.has(k)).map((k) => { const [x, y] = xy(free.get(k)); return { x, y, w: C, h: C }; });
  board.draw(nodes, bbox(points), { unit: ctx.over ? 0 : C, focus, clear });

  const cb = safe();
  dock.replaceChildren();
  panel.replaceChildren(h('p', { class: 'hint' },
    say('q-info', { pile: pub.pile, hands: pub.hand_sizes.join(' / '), fresh: fresh.size })),
  h('div', { class: 'controls' }, h('button', {
    id: 'colourblind', 'aria-pressed': cb ? 'true' : 'false', 'aria-label': say('q-colourblind-label'),
    title: say('q-letters-title'),
    onclick: () => { chosen = !cb; try { localStorage.setItem(STORE, chosen ? '1' : '0'); } catch { /* kept for this page only */ } rerender(); },
  }, say(cb ? 'q-letters-on' : 'q-letters-off'))));
  if (mode !== 'play') return;
  const handEl = h('div', { class: 'tray', role: 'group', 'aria-label': say('q-your-hand') },
    hand.map((t, i) => h('button', {
      'aria-label': say('q-hand-tile', { n: i + 1, tile: name(t), state: used.has(i) ? 'placed' : myTurn ? (fits[i] ? 'fits' : 'nowhere') : 'none' }),
      'aria-pressed': i === local.sel ? 'true' : 'false', class: fits[i] ? 'playable' : null, 'data-fits': myTurn && !used.has(i) ? String(fits[i]) : null,
      disabled: used.has(i) || !myTurn, 'data-index': i, onclick: () => { local.sel = i; error(''); rerender(); },
    }, tileSvg(t))));
  const commit = () => send(move);
  const n = local.pending.length;
  dock.append(handEl, h('div', { class: 'controls' },
    h('button', { id: 'commit', class: 'primary', 'aria-label': say('q-commit-label'), disabled: !myTurn || !n, onclick: commit },
      n && gain ? say('q-commit-points', { n, points: said.points }) : say('q-commit', { n })),
    h('button', { id: 'undo', 'aria-label': say('q-undo-label'), disabled: !local.pending.length, onclick: () => { local.pending = []; error(''); rerender(); } }, say('q-undo')),
    h('button', { id: 'exchange', 'aria-label': say('q-exchange-label'), disabled: !myTurn || !hints?.can_replace, onclick: () => send('replace') }, say('q-exchange')),
    h('button', { id: 'pass', 'aria-label': say('tri-pass'), disabled: !myTurn || !legal.includes('pass'), onclick: () => send('pass') }, say('tri-pass'))),
  h('p', { class: 'hint', id: 'q-hint' }, !myTurn ? say('waiting-others')
    // the engine would refuse the tiles put down (its words)
    : said?.message ? say('q-would-refuse', { why: words(said.message) })
    : fits.some(Boolean) ? say('q-how')
      : local.pending.length ? say('q-no-other-fits')
        : say('q-nothing-fits')));
}

/**
 * The rules help's picture, drawn with the map's own shapes: a row of one colour (red
 * circle, square, star) crossed at its square by a column of one shape (red, blue, green
 * squares): lines that both rule sets accept (in the colour-blind look's colours, with its
 * letters, whatever the page's choice: the picture is not redrawn).
 */
export function rulesPicture() {
  const T = 36;
  const cells = [
    [0, 0, 'red', 'circle'], [0, 1, 'red', 'square'], [0, 2, 'red', 'star'],
    [1, 1, 'blue', 'square'], [2, 1, 'green', 'square'],
  ];
  const picture = s('svg', {
    class: 'rules-svg', width: 3 * T + 4, height: 3 * T + 4, viewBox: `-2 -2 ${3 * T + 4} ${3 * T + 4}`, role: 'img',
    'aria-label': say('q-picture-label'),
  }, ...cells.map(([r, c, color, sh]) => s('g', { class: 'rules-qtile' },
    s('rect', { x: c * T + 1, y: r * T + 1, width: T - 2, height: T - 2, rx: 4, class: 'qtile-bg' }),
    // the colour-safe look and its letters, always: the picture is drawn once
    form({ color, shape: sh }, c * T + T / 2, r * T + T / 2, T * 0.36, SAFE[color]),
    s('text', { x: c * T + T / 2 - T * 0.38, y: r * T + T / 2 - T * 0.34, class: 'qletter-rules', 'font-size': 11 }, letter(color)))));
  return { picture, caption: say('q-picture-caption') };
}
