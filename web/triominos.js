// Triominos: a triangular board. Cell (x, y) faces up iff x + y is even.
// Corner points: up (x,y): MIDDLE=(x,y), LEFT=(x-1,y+1), RIGHT=(x+1,y+1);
// down: LEFT=(x-1,y), RIGHT=(x+1,y), MIDDLE=(x,y+1). Point (px,py) -> (px*S/2, py*H).
import { s, h, clickable, bbox, touchScreen } from './board.js';
import { t } from './i18n.js';

const S = 64, H = S * Math.sqrt(3) / 2;
const UP = ['ABC', 'CAB', 'BCA'], DOWN = ['ACB', 'CBA', 'BAC'];
const up = (x, y) => ((x + y) % 2 + 2) % 2 === 0;
const pt = ([px, py]) => [px * S / 2, py * H];

/**
 * A move in words (the box of a move held for a confirmation, web/held.js): a placement's
 * tile, with its points when the seat's hints list it; a draw; a pass.
 */
export function moveWords(mv, hints) {
  if (mv?.place) {
    const p = mv.place;
    const known = hints?.placements?.find((x) => x.tile === p.tile && x.orientation === p.orientation && x.x === p.x && x.y === p.y);
    return known ? t('held-tile-points', { tile: p.tile, points: known.score }) : p.tile;
  }
  if (mv === 'draw') return t('held-draw');
  if (mv === 'pass') return t('held-pass');
  return null;
}

/** [LEFT, MIDDLE, RIGHT] corner points of a cell. */
function corners(x, y) {
  return up(x, y) ? [[x - 1, y + 1], [x, y], [x + 1, y + 1]] : [[x - 1, y], [x, y + 1], [x + 1, y]];
}
function poly(x, y, cls, extra = {}) {
  return s('polygon', { points: corners(x, y).map(pt).map((p) => p.join(',')).join(' '), class: cls, ...extra });
}
/** The points a placement at cell (x, y) scores, written in its middle ("+12"). */
function pointsText(x, y, n, cls = 'pts') {
  const cs = corners(x, y).map(pt);
  const cx = (cs[0][0] + cs[1][0] + cs[2][0]) / 3, cy = (cs[0][1] + cs[1][1] + cs[2][1]) / 3;
  return s('text', { x: cx, y: cy, class: cls }, `${n >= 0 ? '+' : ''}${n}`);
}
/** Numbers [l, m, r] drawn inside the corners of cell (x, y). */
function numbers(x, y, nums, cls = 'num') {
  const cs = corners(x, y).map(pt);
  const cx = (cs[0][0] + cs[1][0] + cs[2][0]) / 3, cy = (cs[0][1] + cs[1][1] + cs[2][1]) / 3;
  return nums.map((n, i) => s('text', { x: cs[i][0] + (cx - cs[i][0]) * 0.42, y: cs[i][1] + (cy - cs[i][1]) * 0.42, class: cls }, n));
}
const tileNums = (t) => t.split('-').map(Number);
/** Corner numbers [L, M, R] of a tile in an orientation (its letters pick A/B/C). */
function oriented(tile, o) { const n = tileNums(tile); return [...o].map((c) => n['ABC'.indexOf(c)]); }
function neighbours(x, y) { return [[x - 1, y], [x + 1, y], up(x, y) ? [x, y + 1] : [x, y - 1]]; }

/** A small SVG of a tile (up-facing, in the given up orientation). */
function tileIcon(tile, o) {
  const w = 54, hh = 47;
  const pts = [[2, hh - 2], [w / 2, 2], [w - 2, hh - 2]];
  const nums = oriented(tile, o);
  const svg = s('svg', { width: w, height: hh, viewBox: `0 0 ${w} ${hh}`, 'aria-hidden': 'true' },
    s('polygon', { points: pts.map((p) => p.join(',')).join(' '), class: 'tri' }),
    ...nums.map((n, i) => s('text', { x: pts[i][0] + (w / 2 - pts[i][0]) * 0.38, y: pts[i][1] + (hh * 0.62 - pts[i][1]) * 0.4, class: 'num' }, n)));
  return svg;
}

// What the server gives (app.js passes it on): `public` = {board: [{tile, orientation, x, y,
// corners}], round, pile, tray_sizes, draws, ...}; the seat's `view` adds `tray` and `forced`;
// `hints` = {can_draw, can_pass, placements: [{tile, orientation, x, y, corners, score,
// hexagons, bridge}]} (the legal placements, with what they score); `legal` = the moves in
// their wire form. The lattice geometry below only draws: no rule is checked here.
export function render({ board, public: pub, view, legal: moves, hints, panel, dock, held, mode, myTurn, over, send, local, players, seat, error, rerender }) {
  local.rot ??= 0;
  const tray = view?.tray || [];
  const placements = hints?.placements || [];
  if (local.tile && !tray.includes(local.tile)) local.tile = null;
  // on a new position, move the selection to a tile that can be placed
  if (local.lastView !== pub) {
    local.lastView = pub;
    if (myTurn && !placements.some((p) => p.tile === local.tile)) local.tile = null;
  }
  if (!local.tile && tray.length && myTurn) {
    // start with a tile (and a rotation) that can be placed, when there is one
    const first = placements[0];
    local.tile = first ? first.tile : (view.forced && tray.includes(view.forced)) ? view.forced : tray[0];
    if (first) local.rot = Math.max(UP.indexOf(first.orientation), DOWN.indexOf(first.orientation));
  }
  /** The move placing `tile` so: the server's own when it is legal, else built (and refused). */
  const placeMove = (tile, orientation, x, y) => moves.find((m) => m?.place && m.place.tile === tile
    && m.place.orientation === orientation && m.place.x === x && m.place.y === y) ?? { place: { tile, orientation, x, y } };
  // the tiles just drawn (the seat's own): a tray grows at its end, so on the seat's turn
  // they are the last `draws` tiles; kept marked until a tile leaves the tray
  const myself = view ? seat ?? null : null;
  const drawsNow = myself !== null && pub.to_move === myself ? (view.draws ?? pub.draws ?? 0) : 0;
  const gone = (local.trayWas || []).some((t) => !tray.includes(t));
  local.drawn = gone ? [] : (local.drawn || []).filter((t) => tray.includes(t));
  if (drawsNow > 0) local.drawn = [...new Set([...local.drawn, ...tray.slice(-drawsNow)])];
  local.trayWas = tray;
  const drawn = new Set(local.drawn);
  const legal = placements.filter((p) => p.tile === local.tile);
  const nodes = [], points = [];
  const occupied = new Set(pub.board.map((p) => `${p.x},${p.y}`));
  // placed tiles
  pub.board.forEach((p, i) => {
    const isLast = i === pub.board.length - 1;
    const g = s('g', { class: 'placed' + (isLast ? ' last' : ''), 'data-fresh': isLast, 'aria-label': t('tri-placed-label', { tile: p.tile, x: String(p.x), y: String(p.y), last: isLast ? 'yes' : 'no' }) },
      poly(p.x, p.y, 'tri' + (isLast ? ' last' : '')), ...numbers(p.x, p.y, p.corners));
    nodes.push(g);
    corners(p.x, p.y).forEach((c) => points.push(pt(c)));
  });
  // the tile placed last, outlined on top
  const lastTile = pub.board[pub.board.length - 1];
  if (lastTile) nodes.push(poly(lastTile.x, lastTile.y, 'last-placed', { 'data-fresh': true, 'aria-hidden': 'true' }));
  // empty cells a tile could go to: the frontier (or the opening cells)
  const empty = new Map();
  if (!pub.board.length) for (let y = -1; y <= 1; y++) for (let x = -2; x <= 3; x++) empty.set(`${x},${y}`, [x, y]);
  for (const p of pub.board) for (const [x, y] of neighbours(p.x, p.y)) if (!occupied.has(`${x},${y}`)) empty.set(`${x},${y}`, [x, y]);
  for (const p of legal) empty.set(`${p.x},${p.y}`, [p.x, p.y]);
  const orient = (x, y) => (up(x, y) ? UP : DOWN)[local.rot];
  const at = (p) => bbox(corners(p.x, p.y).map(pt), 0);
  // the highlighted spots (the selected tile fits there in this rotation): kept in view
  const spots = [];
  for (const [x, y] of empty.values()) {
    corners(x, y).forEach((c) => points.push(pt(c)));
    if (mode !== 'play') { nodes.push(poly(x, y, 'cell-empty', { 'aria-hidden': 'true' })); continue; }
    const o = orient(x, y);
    const here = legal.find((p) => p.x === x && p.y === y && p.orientation === o);
    if (here && myTurn) spots.push(at(here));
    const g = s('g', { class: 'spot', 'data-x': x, 'data-y': y, 'data-legal': here ? 'true' : 'false' }, poly(x, y, here ? 'legal' : 'cell-empty'));
    // a legal spot shows the tile's numbers as they would lie, and the points it scores
    if (here) g.append(...numbers(x, y, here.corners, 'ghost'), pointsText(x, y, here.score));
    const label = here
      ? t('tri-spot-label', { tile: local.tile, x: String(x), y: String(y), score: here.score, hexagon: here.hexagons ? 'yes' : 'no', bridge: here.bridge ? 'yes' : 'no' })
      : t('tri-empty-spot', { x: String(x), y: String(y) });
    nodes.push(clickable(g, label, () => {
      if (!myTurn) return error(t('not-your-turn-page'));
      if (!local.tile) return error(t('tri-select-first'));
      send(placeMove(local.tile, o, x, y));
    }));
  }
  // the placement held for a confirmation: the tile where it lands, see-through, with its points
  const hp = held?.place;
  const shown = hp && placements.find((p) => p.tile === hp.tile && p.orientation === hp.orientation && p.x === hp.x && p.y === hp.y);
  if (shown) {
    nodes.push(s('g', { class: 'held', 'data-x': shown.x, 'data-y': shown.y, 'aria-hidden': 'true' },
      poly(shown.x, shown.y, 'held-tile'), ...numbers(shown.x, shown.y, shown.corners), pointsText(shown.x, shown.y, shown.score, 'held-points')));
  }
  const focus = shown ? at(shown) : lastTile ? at(lastTile) : null;
  // a cell of 30 px at least while following the play; the corner numbers at 12 px at least
  // (style.css), left out where a tile would be too small for them (under 32 px a side)
  board.draw(nodes, bbox(points), { unit: over ? 0 : S * 0.75, focus, spots: shown ? [at(shown)] : spots, print: S / 32 });

  // side panel: the table's news; the dock: the person's tray and moves
  panel.replaceChildren();
  dock.replaceChildren();
  const info = h('p', { class: 'hint' },
    t('tri-info', { round: pub.round, pile: pub.pile, trays: pub.tray_sizes.map((n, i) => `${players[i]?.name ?? i}: ${n}`).join(', '), draws: pub.draws || 0 }));
  panel.append(info);
  if (mode !== 'play') return;
  if (view?.forced && myTurn) dock.append(h('p', { class: 'hint' }, t('tri-opens-with', { tile: view.forced })));
  const playable = new Set(placements.map((p) => p.tile));
  const trayEl = h('div', { class: 'tray', role: 'group', 'aria-label': t('tri-your-tray') },
    tray.map((tile) => h('button', {
      'aria-label': t('tri-tray-tile', { tile, playable: playable.has(tile) ? 'yes' : 'no', drawn: drawn.has(tile) ? 'yes' : 'no' }), 'aria-pressed': tile === local.tile ? 'true' : 'false', 'data-tile': tile,
      class: [playable.has(tile) ? 'playable' : '', drawn.has(tile) ? 'drawn' : ''].join(' ').trim(),
      // a game over: the tray is only to look at
      disabled: !!over,
      // another tile: the last refusal was about the one before
      onclick: () => { local.tile = tile; error(''); rerender(); },
    // a tile just drawn says so on it (no tooltip: a phone shows none)
    }, tileIcon(tile, UP[local.rot]), drawn.has(tile) ? h('span', { class: 'new-tag', 'aria-hidden': 'true' }, t('tri-new')) : null)));
  const controls = h('div', { class: 'controls' },
    h('button', { id: 'rotate', 'aria-label': t('tri-rotate-label'), disabled: !!over, onclick: () => { local.rot = (local.rot + 1) % 3; error(''); rerender(); } }, '⟳ ' + t('tri-rotate')),
    h('button', { id: 'draw', 'aria-label': t('tri-draw-label'), disabled: !myTurn || !hints?.can_draw, onclick: () => send('draw') }, t('tri-draw')),
    h('button', { id: 'pass', 'aria-label': t('tri-pass-label'), disabled: !myTurn || !hints?.can_pass, onclick: () => send('pass') }, t('tri-pass')));
  const n = legal.length, here = legal.filter((p) => p.orientation === UP[local.rot] || p.orientation === DOWN[local.rot]).length;
  dock.append(trayEl, controls,
    h('p', { class: 'hint', id: 'legal-count' }, !myTurn ? t('waiting-others')
      // nothing fits: say so, and what is left to do
      : !placements.length ? t('tri-nothing-fits', { then: hints?.can_draw ? 'draw' : hints?.can_pass ? 'pass' : 'wait' })
        : !n ? (local.tile ? t('tri-tile-fits-nowhere', { tile: local.tile }) : t('tri-this-fits-nowhere'))
          : t('tri-spots', { here, tile: local.tile, n, touch: touchScreen() ? 'yes' : 'no' })));
  local.keys ??= (ev) => {
    if ((ev.key === 'r' || ev.key === 'R') && !/INPUT|SELECT|TEXTAREA/.test(document.activeElement?.tagName)) {
      document.getElementById('rotate')?.click();
    }
  };
  document.removeEventListener('keydown', local.keys);
  document.addEventListener('keydown', local.keys);
}

/**
 * The rules help's picture, drawn with the board's own shapes: two tiles side by side, the
 * two corners they share showing the same numbers (the shared edge marked). Names no tile
 * by its numbers (the page's tile names are what the spectator's privacy test reads).
 */
export function rulesPicture() {
  // [LEFT, MIDDLE, RIGHT] of cell (0,0) facing up (orientation ABC) and cell (1,0) facing down
  // (ACB): real tiles, their numbers rising clockwise
  const left = [1, 3, 4], right = [3, 4, 4];
  const pts = [...corners(0, 0), ...corners(1, 0)].map(pt);
  const pad = 6;
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const [x0, y0] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
  const [w, hh] = [Math.max(...xs) - x0 + pad, Math.max(...ys) - y0 + pad];
  const [e0, e1] = [pt([0, 0]), pt([1, 1])];
  const picture = s('svg', {
    class: 'rules-svg', width: Math.round(w * 1.6), height: Math.round(hh * 1.6), viewBox: `${x0} ${y0} ${w} ${hh}`, role: 'img',
    'aria-label': t('tri-picture-label'),
  }, poly(0, 0, 'tri'), ...numbers(0, 0, left), poly(1, 0, 'tri'), ...numbers(1, 0, right),
  s('line', { x1: e0[0], y1: e0[1], x2: e1[0], y2: e1[1], class: 'rules-edge' }));
  return { picture, caption: t('tri-picture-caption') };
}
