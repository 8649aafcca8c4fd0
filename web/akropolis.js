// Akropolis: hex cities with heights, the Construction Site with stone costs.
// Positions (x east, y north) in odd-column offset coordinates: neighbours of (x, y) with
// o = x mod 2: N (0,1), NE (1,o), SE (1,o-1), S (0,-1), SW (-1,o-1), NW (-1,o).
import { s, h, clickable, bbox } from './board.js';

const R = 30, SQ3 = Math.sqrt(3);
const DIRS = (o) => [[0, 1], [1, o], [1, o - 1], [0, -1], [-1, o - 1], [-1, o]];
const mod2 = (x) => ((x % 2) + 2) % 2;
const centre = (x, y) => [x * 1.5 * R, -(y + mod2(x) / 2) * SQ3 * R];
const DISTRICT = { h: ['houses', '#4a7fc1'], m: ['markets', '#e6b325'], b: ['barracks', '#c8453a'], t: ['temples', '#8a5cb8'], g: ['gardens', '#4c9a4a'], q: ['quarry', '#9b9486'] };
const NAMES = ['houses', 'markets', 'barracks', 'temples', 'gardens'];

function hexPoints(cx, cy, r = R) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = Math.PI / 3 * i;
    return `${cx + r * Math.cos(a)},${cy + r * Math.sin(a)}`;
  }).join(' ');
}
function describeHex(c) {
  const lower = c.toLowerCase();
  const [n] = DISTRICT[lower] || ['?'];
  return lower === 'q' ? 'quarry' : (c !== lower ? `${n} plaza` : `${n} district`);
}
function hexShape(cx, cy, c, height, extra = {}) {
  const lower = c.toLowerCase();
  const [, col] = DISTRICT[lower] || ['', '#ccc'];
  const plaza = c !== lower;
  const dark = Math.min(height - 1, 3) * 0.12;
  const g = s('g', extra,
    s('polygon', { points: hexPoints(cx, cy), class: 'hex', fill: col, 'fill-opacity': 1 - dark, 'stroke-width': 1 + height }),
    plaza ? s('text', { x: cx, y: cy - 8, class: 'hlabel' }, '★') : null,
    height ? s('text', { x: cx, y: cy + 8, class: 'hlabel' }, String(height)) : null);
  return g;
}
function tileIcon(hexes) {
  // three hexes: origin, then N and NE of it (rotation 0)
  const pos = [[0, 0], [0, 1], [1, 0]];
  const nodes = hexes.map((c, i) => {
    const [cx, cy] = centre(...pos[i]);
    const [, col] = DISTRICT[c.toLowerCase()] || ['', '#ccc'];
    return s('g', {}, s('polygon', { points: hexPoints(cx, cy), fill: col, stroke: '#333' }),
      c !== c.toLowerCase() ? s('text', { x: cx, y: cy, class: 'hlabel' }, '★') : null);
  });
  // the hexes span x in [-R, 2.5R], y in [-1.5*SQ3*R, 0.5*SQ3*R]
  return s('svg', { width: 52, height: 48, viewBox: `${-R - 2} ${-1.5 * SQ3 * R - 2} ${3.5 * R + 4} ${2 * SQ3 * R + 4}`, 'aria-hidden': 'true' }, ...nodes);
}
function posString(x, y) {
  const p = (n) => String(Math.abs(n)).padStart(2, '0');
  return `${y > 0 ? 'N' : 'S'}${p(y)}${x < 0 ? 'W' : 'E'}${p(x)}`;
}

// What the server gives (app.js passes it on): `public` = {site: [{tile, hexes, cost}],
// stack_tiles, players: [{stones, cells: [[x, y, letter, height]], districts, stars, values,
// quarries, total}], to_move, scores}; `hints` = {moves: [{move, tile, rotation, cells}]}
// (the legal moves with the three cells each covers, the first its origin); `legal` = the
// move strings (`32S02E00R0`). The hex geometry here only draws: no rule is checked here.
export function render({ board, public: pub, legal: moves, hints, panel, mode, myTurn, send, local, players, seat, error, rerender }) {
  local.rot ??= 0;
  const n = pub.players.length;
  if (local.city === undefined || local.city >= n) local.city = seat ?? pub.to_move ?? 0;
  if (mode !== 'play' && !local.pinned) local.city = pub.to_move ?? local.city;
  const me = seat !== null && seat !== undefined ? pub.players[seat] : null;
  if (local.tile !== undefined && !pub.site.some((t) => t.tile === local.tile)) local.tile = undefined;
  if (local.tile === undefined && myTurn) {
    const first = pub.site.find((t) => t.cost <= (me?.stones ?? 0));
    local.tile = first?.tile;
  }
  const legal = (hints?.moves || []).filter((m) => m.tile === local.tile && m.rotation === local.rot);
  const origins = new Map(legal.map((m) => [`${m.cells[0][0]},${m.cells[0][1]}`, m]));
  const city = pub.players[local.city];
  const cells = new Map(city.cells.map(([x, y, c, ht]) => [`${x},${y}`, [x, y, c, ht]]));
  const nodes = [], points = [];
  // the clickable ground: every built cell and its neighbours
  const ground = new Map();
  for (const [x, y] of cells.values()) {
    ground.set(`${x},${y}`, [x, y]);
    for (const [dx, dy] of DIRS(mod2(x))) ground.set(`${x + dx},${y + dy}`, [x + dx, y + dy]);
  }
  const playing = mode === 'play' && local.city === seat;
  const tileNo = local.tile !== undefined ? String(local.tile).padStart(2, '0') : null;
  // empty ground first, built cells on top
  for (const [k, [x, y]] of ground) {
    const [cx, cy] = centre(x, y);
    points.push([cx - R, cy - R], [cx + R, cy + R]);
    if (cells.has(k)) continue;
    const m = origins.get(k);
    const poly = s('polygon', { points: hexPoints(cx, cy, R - 2), class: m ? 'legal' : 'hex-empty' });
    if (!playing) { nodes.push(poly); continue; }
    nodes.push(spot(x, y, poly, m));
  }
  for (const [k, [x, y, c, ht]] of cells) {
    const [cx, cy] = centre(x, y);
    const g = hexShape(cx, cy, c, ht);
    const m = origins.get(k);
    if (playing) {
      if (m) g.append(s('polygon', { points: hexPoints(cx, cy, R - 4), class: 'legal' }));
      nodes.push(spot(x, y, g, m, `${describeHex(c)} height ${ht}`));
    } else {
      g.setAttribute('aria-label', `${describeHex(c)} at ${x},${y}, height ${ht}`);
      nodes.push(g);
    }
  }
  // the footprint of the hovered / focused legal placement, drawn on top
  const ghost = s('g', { 'pointer-events': 'none', 'aria-hidden': 'true' });
  const siteHexes = pub.site.find((t) => t.tile === local.tile)?.hexes || [];
  const showGhost = (m) => ghost.replaceChildren(...(m ? m.cells.map(([gx, gy], i) => {
    const [cx, cy] = centre(gx, gy);
    const c = siteHexes[i] || 'q';
    const [, col] = DISTRICT[c.toLowerCase()] || ['', '#ccc'];
    const ht = (cells.get(`${gx},${gy}`)?.[3] || 0) + 1;
    return s('g', { opacity: 0.85 }, s('polygon', { points: hexPoints(cx, cy, R - 3), fill: col, stroke: '#1f5fa8', 'stroke-width': 3 }),
      c !== c.toLowerCase() ? s('text', { x: cx, y: cy - 8, class: 'hlabel' }, '★') : null,
      s('text', { x: cx, y: cy + 8, class: 'hlabel' }, String(ht)));
  }) : []));
  function spot(x, y, el, m, what = 'empty') {
    const g = s('g', { class: 'spot', 'data-x': x, 'data-y': y, 'data-legal': m ? 'true' : 'false' }, el);
    if (m) for (const ev of ['mouseenter', 'focus']) g.addEventListener(ev, () => showGhost(m));
    for (const ev of ['mouseleave', 'blur']) g.addEventListener(ev, () => showGhost(null));
    const label = tileNo ? `Place tile ${tileNo} with its first hex at ${x},${y} (${what})${m ? '' : ', not highlighted'}` : `Hex ${x},${y} (${what})`;
    return clickable(g, label, () => {
      if (!myTurn) return error('It is not your turn');
      if (!tileNo) return error('Select a tile from the Construction Site first');
      // the server's own move when it is legal; else one built here (the server refuses it)
      send(m && moves.includes(m.move) ? m.move : `${tileNo}${posString(x, y)}R${local.rot}`);
    });
  }
  nodes.push(ghost);
  board.draw(nodes, bbox(points));

  panel.replaceChildren();
  const tabs = h('div', { class: 'tabs', role: 'group', 'aria-label': 'Cities' },
    pub.players.map((p, i) => h('button', {
      'aria-pressed': i === local.city ? 'true' : 'false', 'aria-label': `Show the city of ${players[i]?.name ?? 'seat ' + i}`,
      onclick: () => { local.city = i; local.pinned = true; board.fit(); rerender(); },
    }, `${players[i]?.name ?? i}${i === seat ? ' (you)' : ''}`)));
  const site = h('div', { class: 'site', role: 'group', 'aria-label': 'Construction Site' },
    pub.site.map((t) => mode !== 'play' ? h('div', { class: 'site-tile', role: 'img', 'aria-label': `Site tile ${String(t.tile).padStart(2, '0')}: ${t.hexes.map(describeHex).join(', ')}; costs ${t.cost} stone(s)` },
      tileIcon(t.hexes), h('span', { text: `#${t.tile} · ${t.cost} stone${t.cost === 1 ? '' : 's'}` })) : h('button', {
      'aria-label': `Site tile ${String(t.tile).padStart(2, '0')}: ${t.hexes.map(describeHex).join(', ')}; costs ${t.cost} stone(s)`,
      'aria-pressed': t.tile === local.tile ? 'true' : 'false', 'data-tile': t.tile,
      disabled: mode !== 'play' || !myTurn || t.cost > (me?.stones ?? 0),
      onclick: () => { local.tile = t.tile; local.city = seat; rerender(); },
    }, tileIcon(t.hexes), h('span', { text: `#${t.tile} · ${t.cost} stone${t.cost === 1 ? '' : 's'}` }))));
  const table = h('table', { class: 'scores', id: 'districts' },
    h('thead', {}, h('tr', {}, h('th', { text: '' }), pub.players.map((_, i) => h('th', { text: players[i]?.name ?? i })))),
    h('tbody', {},
      NAMES.map((d, k) => h('tr', {}, h('td', { text: d }), pub.players.map((p) => h('td', { text: `${p.districts[k]} (${p.stars[k]}★×${p.values[k]})` })))),
      h('tr', {}, h('td', { text: 'stones' }), pub.players.map((p) => h('td', { text: p.stones }))),
      h('tr', {}, h('td', { text: 'total' }), pub.players.map((p) => h('th', { text: p.total })))));
  panel.append(tabs, h('h3', { text: 'Construction Site' }), site,
    h('p', { class: 'hint' }, `Tiles left in the stacks: ${pub.stack_tiles}`));
  if (mode === 'play') {
    panel.append(h('div', { class: 'controls' },
      h('button', { id: 'rotate', 'aria-label': 'Rotate tile (R)', disabled: !myTurn, onclick: () => { local.rot = (local.rot + 1) % 6; rerender(); } }, `⟳ Rotate (${local.rot})`)),
    h('p', { class: 'hint', id: 'legal-count' }, myTurn ? `${legal.length} highlighted spot(s) for tile ${tileNo ?? '—'} in rotation ${local.rot}. Press R to rotate.` : 'Waiting for the other players…'));
  }
  panel.append(h('h3', { text: 'District scores' }), table,
    h('p', { class: 'hint' }, 'Colours: houses blue, markets yellow, barracks red, temples purple, gardens green, quarries grey; ★ plaza; the number on a hex is its height.'));
  local.keys ??= (ev) => {
    if ((ev.key === 'r' || ev.key === 'R') && !/INPUT|SELECT|TEXTAREA/.test(document.activeElement?.tagName)) document.getElementById('rotate')?.click();
  };
  document.removeEventListener('keydown', local.keys);
  document.addEventListener('keydown', local.keys);
}
