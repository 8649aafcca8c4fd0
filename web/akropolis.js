// Akropolis: hex cities with heights, the Construction Site with stone costs.
// Positions (x east, y north) in odd-column offset coordinates: neighbours of (x, y) with
// o = x mod 2: N (0,1), NE (1,o), SE (1,o-1), S (0,-1), SW (-1,o-1), NW (-1,o); a tile in
// rotation r covers its origin and the neighbours in directions r and r+1.
import { s, h, clickable, bbox, previousPublic, darken } from './board.js';
import { t as say } from './i18n.js';

const R = 30, SQ3 = Math.sqrt(3);
const DIRS = (o) => [[0, 1], [1, o], [1, o - 1], [0, -1], [-1, o - 1], [-1, o]];
const mod2 = (x) => ((x % 2) + 2) % 2;
const centre = (x, y) => [x * 1.5 * R, -(y + mod2(x) / 2) * SQ3 * R];
const DISTRICT = { h: ['houses', '#4a7fc1'], m: ['markets', '#e6b325'], b: ['barracks', '#c8453a'], t: ['temples', '#8a5cb8'], g: ['gardens', '#4c9a4a'], q: ['quarry', '#9b9486'] };
const NAMES = ['houses', 'markets', 'barracks', 'temples', 'gardens'];
/** A district's name (`houses`), or the quarry's, in the page's language. */
const dname = (d) => say(`akropolis-${d}`);
/** The stars of one plaza, by district (the rulebook's: houses 1, gardens 3, the others 2). */
const STARS = { h: 1, m: 2, b: 2, t: 2, g: 3 };
/** How each district scores (the base rules; the variants double some). */
const HOW = (d) => say(`akro-how-${d}`);
const VARIANT = (d) => say(`akro-variant-${d}`);
const tileName = (t) => String(t).padStart(2, '0');

function hexPoints(cx, cy, r = R) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = Math.PI / 3 * i;
    return `${cx + r * Math.cos(a)},${cy + r * Math.sin(a)}`;
  }).join(' ');
}
function describeHex(c) {
  const lower = c.toLowerCase();
  if (!DISTRICT[lower]) return '?';
  if (lower === 'q') return say('akro-hex-name', { d: lower });
  return c !== lower ? say('akro-plaza', { d: lower, stars: STARS[lower] }) : say('akro-district', { d: lower });
}
/** A short name of a hex for the site: "houses", "houses ★", "quarry". */
function shortHex(c) {
  const lower = c.toLowerCase();
  return (DISTRICT[lower] ? say('akro-hex-name', { d: lower }) : '?') + (c !== lower ? ` ${'★'.repeat(STARS[lower] || 1)}` : '');
}
/** The fill of a hex: its district's colour, darker the higher it stands. */
function fillOf(c, height) {
  const [, col] = DISTRICT[c.toLowerCase()] || ['', '#cccccc'];
  return darken(col, Math.min(Math.max(height - 1, 0), 4) * 0.17);
}
/** The plaza's stars, drawn as star shapes in a row centred at (cx, cy). */
function stars(cx, cy, n, size = 7) {
  const one = (x) => s('polygon', {
    class: 'plaza-star',
    points: Array.from({ length: 10 }, (_, i) => {
      const a = Math.PI * i / 5 - Math.PI / 2, r = i % 2 ? size * 0.45 : size;
      return `${x + r * Math.cos(a)},${cy + r * Math.sin(a)}`;
    }).join(' '),
  });
  return Array.from({ length: n }, (_, i) => one(cx + (i - (n - 1) / 2) * size * 1.9));
}
function hexShape(cx, cy, c, height, extra = {}) {
  const lower = c.toLowerCase();
  const plaza = c !== lower;
  return s('g', extra,
    s('polygon', { points: hexPoints(cx, cy), class: 'hex', fill: fillOf(c, height), 'stroke-width': 1 + height * 0.6 }),
    plaza ? stars(cx, cy - 10, STARS[lower] || 1) : null,
    height ? s('text', { x: cx, y: plaza ? cy + 9 : cy + 1, class: 'hlabel' }, String(height)) : null);
}
/** The cells a tile covers, origin (0, 0), in rotation `rot`. */
const footprint = (rot) => [[0, 0], DIRS(0)[rot % 6], DIRS(0)[(rot + 1) % 6]];
/** A tile of the site as a small SVG, in rotation `rot` (its stars big enough to read). */
function tileIcon(hexes, rot = 0, size = 66) {
  const pos = footprint(rot);
  const cs = pos.map(([x, y]) => centre(x, y));
  const nodes = hexes.map((c, i) => {
    const [cx, cy] = cs[i];
    const lower = c.toLowerCase();
    return s('g', {}, s('polygon', { points: hexPoints(cx, cy), fill: fillOf(c, 1), class: 'hex-icon', 'stroke-width': 1.5 }),
      c !== lower ? stars(cx, cy, STARS[lower] || 1, STARS[lower] === 3 ? 10 : 13) : null);
  });
  const xs = cs.map((p) => p[0]), ys = cs.map((p) => p[1]);
  const x0 = Math.min(...xs) - R - 2, y0 = Math.min(...ys) - R - 2;
  const w = Math.max(...xs) - Math.min(...xs) + 2 * R + 4, hh = Math.max(...ys) - Math.min(...ys) + 2 * R + 4;
  const side = Math.max(w, hh);
  return s('svg', {
    width: size, height: size, viewBox: `${x0 - (side - w) / 2} ${y0 - (side - hh) / 2} ${side} ${side}`, 'aria-hidden': 'true',
  }, ...nodes);
}
function posString(x, y) {
  const p = (n) => String(Math.abs(n)).padStart(2, '0');
  return `${y > 0 ? 'N' : 'S'}${p(y)}${x < 0 ? 'W' : 'E'}${p(x)}`;
}

/** Moves each city has had: every tile adds three levels to the four of the start. */
const builds = (pub) => pub.players.map((p) => Math.max(0, Math.round((p.cells.reduce((a, c) => a + c[3], 0) - 4) / 3)));
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/**
 * The last build: `{seat, cells}` (cells: a set of "x,y", empty when unknown) or null
 * before the first move. The seat comes from the public view alone (the seat before the one
 * to move; at the end, the last of the seats with the most builds); the cells from the
 * previous public view when it is the position just before (one build fewer).
 */
function lastBuild(pub, prev) {
  const n = pub.players.length;
  const b = builds(pub);
  const total = sum(b);
  if (!total) return null;
  let seat;
  if (pub.to_move !== null && pub.to_move !== undefined) seat = (pub.to_move + n - 1) % n;
  else { const m = Math.max(...b); seat = b.lastIndexOf(m); }
  const cells = new Set();
  if (prev && prev.players?.length === n && sum(builds(prev)) === total - 1) {
    const old = new Map(prev.players[seat].cells.map(([x, y, , ht]) => [`${x},${y}`, ht]));
    for (const [x, y, , ht] of pub.players[seat].cells) if ((old.get(`${x},${y}`) ?? 0) < ht) cells.add(`${x},${y}`);
    if (cells.size !== 3) cells.clear();
  }
  return { seat, cells };
}

// What the server gives (app.js passes it on): `public` = {site: [{tile, hexes, cost}],
// stack_tiles, players: [{stones, cells: [[x, y, letter, height]], districts, stars, values,
// quarries, total}], to_move, scores}; `hints` = {moves: [{move, tile, rotation, cells}]}
// (the legal moves with the three cells each covers, the first its origin); `legal` = the
// move strings (`32S02E00R0`). The hex geometry here only draws: no rule is checked here.
export function render(ctx) {
  const { board, public: pub, legal: moves, hints, panel, mode, myTurn, send, local, players, seat, error, rerender } = ctx;
  local.rot ??= 0;
  const n = pub.players.length;
  const mine = mode === 'play' && seat !== null && seat !== undefined;
  const me = mine ? pub.players[seat] : null;
  const last = lastBuild(pub, previousPublic(ctx));
  // the city shown: the one the viewer pinned, else (follow) the city that just changed;
  // a person sees their own city on their turn
  if (local.city >= n) { local.city = undefined; local.pinned = false; }
  if (!local.pinned || local.city === undefined) {
    if (mine && (myTurn || !last)) local.city = seat;
    else local.city = last ? last.seat : (pub.to_move ?? 0);
  }
  if (local.tile !== undefined && !pub.site.some((t) => t.tile === local.tile)) local.tile = undefined;
  if (local.tile === undefined && myTurn) {
    const first = pub.site.find((t) => t.cost <= (me?.stones ?? 0));
    local.tile = first?.tile;
  }
  // the person's own city on their turn: every legal move of the chosen tile and rotation
  // is a spot (its first hex), wherever it lies; never on another city
  const playing = mine && local.city === seat;
  const legal = (hints?.moves || []).filter((m) => m.tile === local.tile && m.rotation === local.rot);
  const origins = new Map(playing ? legal.map((m) => [`${m.cells[0][0]},${m.cells[0][1]}`, m]) : []);
  const city = pub.players[local.city];
  const cells = new Map(city.cells.map(([x, y, c, ht]) => [`${x},${y}`, [x, y, c, ht]]));
  const fresh = last && last.seat === local.city ? last.cells : new Set();
  const nodes = [], points = [];
  // the ground: every built cell, its neighbours, and every legal origin
  const ground = new Map();
  for (const [x, y] of cells.values()) {
    ground.set(`${x},${y}`, [x, y]);
    for (const [dx, dy] of DIRS(mod2(x))) ground.set(`${x + dx},${y + dy}`, [x + dx, y + dy]);
  }
  for (const [k, m] of origins) ground.set(k, m.cells[0]);
  const tileNo = local.tile !== undefined ? tileName(local.tile) : null;
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
    const g = hexShape(cx, cy, c, ht, { 'data-fresh': fresh.has(k) });
    const m = origins.get(k);
    const what = say('akro-hex-what', { hex: describeHex(c), height: ht, fresh: fresh.has(k) ? 'yes' : 'no' });
    if (playing) {
      if (m) g.append(s('polygon', { points: hexPoints(cx, cy, R - 4), class: 'legal' }));
      nodes.push(spot(x, y, g, m, what));
    } else {
      g.setAttribute('aria-label', say('akro-hex-at', { what, x: String(x), y: String(y) }));
      nodes.push(g);
    }
  }
  // the tile just built: its outline on top
  for (const k of fresh) {
    const [x, y] = k.split(',').map(Number);
    const [cx, cy] = centre(x, y);
    nodes.push(s('polygon', { points: hexPoints(cx, cy, R - 2.5), class: 'last-built', 'data-x': x, 'data-y': y, 'data-fresh': true, 'aria-hidden': 'true' }));
  }
  // the footprint of the hovered / focused legal placement, drawn on top
  const ghost = s('g', { 'pointer-events': 'none', 'aria-hidden': 'true' });
  const siteHexes = pub.site.find((t) => t.tile === local.tile)?.hexes || [];
  const showGhost = (m) => ghost.replaceChildren(...(m ? m.cells.map(([gx, gy], i) => {
    const [cx, cy] = centre(gx, gy);
    const c = siteHexes[i] || 'q';
    const ht = (cells.get(`${gx},${gy}`)?.[3] || 0) + 1;
    return s('g', { opacity: 0.9 }, s('polygon', { points: hexPoints(cx, cy, R - 3), fill: fillOf(c, ht), class: 'hex-ghost' }),
      c !== c.toLowerCase() ? stars(cx, cy - 10, STARS[c.toLowerCase()] || 1) : null,
      s('text', { x: cx, y: c !== c.toLowerCase() ? cy + 9 : cy + 1, class: 'hlabel' }, String(ht)));
  }) : []));
  function spot(x, y, el, m, what = say('akro-empty')) {
    const g = s('g', { class: 'spot', 'data-x': x, 'data-y': y, 'data-legal': m ? 'true' : 'false' }, el);
    if (m) { g.dataset.move = m.move; for (const ev of ['mouseenter', 'focus']) g.addEventListener(ev, () => showGhost(m)); }
    for (const ev of ['mouseleave', 'blur']) g.addEventListener(ev, () => showGhost(null));
    const label = tileNo ? say('akro-spot', { tile: tileNo, x: String(x), y: String(y), what, legal: m ? 'yes' : 'no' }) : say('akro-hex', { x: String(x), y: String(y), what });
    return clickable(g, label, () => {
      if (!myTurn) return error(say('not-your-turn-page'));
      if (!tileNo) return error(say('akro-select-first'));
      // the server's own move when it is legal; else one built here (the server refuses it)
      send(m && moves.includes(m.move) ? m.move : `${tileNo}${posString(x, y)}R${local.rot}`);
    });
  }
  nodes.push(ghost);
  board.draw(nodes, bbox(points));

  panel.replaceChildren();
  const nameOf = (i) => players[i]?.name ?? say('seat-n', { n: i + 1 });
  /** A player's name, "(you)" after the seat's own. */
  const who = (i) => say('name-you', { name: nameOf(i), you: i === seat ? 'yes' : 'no' });
  const follow = h('button', {
    id: 'follow', 'aria-pressed': local.pinned ? 'false' : 'true',
    'aria-label': say(mine ? 'akro-follow-mine' : 'akro-follow-label'),
    onclick: () => { local.pinned = false; board.fit(); rerender(); },
  }, say('akro-follow'));
  const tabs = h('div', { class: 'tabs', role: 'group', 'aria-label': say('akro-cities') },
    pub.players.map((p, i) => h('button', {
      class: 'city-tab' + (last?.seat === i ? ' changed' : ''), 'data-city': i,
      'aria-pressed': local.pinned && i === local.city ? 'true' : 'false',
      'aria-current': i === local.city ? 'true' : null,
      'aria-label': say('akro-tab-label', { who: who(i), last: last?.seat === i ? 'yes' : 'no' }),
      title: last?.seat === i ? say('akro-built-last') : null,
      onclick: () => { local.city = i; local.pinned = true; board.fit(); rerender(); },
    }, who(i))), follow);
  const shown = h('p', { class: 'hint', id: 'city-shown' },
    say('akro-showing', {
      who: who(local.city), kept: local.pinned ? 'yes' : 'no',
      last: !last ? 'none' : last.seat === local.city ? (fresh.size ? 'outlined' : 'this') : 'other',
      builder: last ? who(last.seat) : '',
    }));
  const siteLabel = (tl) => say('akro-site-label', { tile: tileName(tl.tile), hexes: tl.hexes.map(describeHex).join(', '), cost: tl.cost });
  const siteBody = (tl) => [tileIcon(tl.hexes, tl.tile === local.tile && mine ? local.rot : 0),
    h('span', { class: 'site-cost', text: say('akro-site-cost', { tile: String(tl.tile), cost: tl.cost }) }),
    h('span', { class: 'site-names' }, tl.hexes.map((c) => h('span', { class: 'site-name', text: shortHex(c) })))];
  const site = h('div', { class: 'site', role: 'group', 'aria-label': say('akro-site') },
    pub.site.map((tl) => !mine ? h('div', { class: 'site-tile', role: 'img', 'aria-label': siteLabel(tl) }, siteBody(tl)) : h('button', {
      'aria-label': siteLabel(tl), 'aria-pressed': tl.tile === local.tile ? 'true' : 'false', 'data-tile': tl.tile,
      disabled: !myTurn || tl.cost > (me?.stones ?? 0),
      onclick: () => { local.tile = tl.tile; local.city = seat; local.pinned = false; rerender(); },
    }, siteBody(tl))));
  panel.append(tabs, shown);
  if (mine) {
    panel.append(h('div', { class: 'controls' },
      h('button', { id: 'rotate', 'aria-label': say('tri-rotate-label'), disabled: !myTurn, onclick: () => { local.rot = (local.rot + 1) % 6; rerender(); } }, '⟳ ' + say('akro-rotate', { rot: local.rot }))),
    h('p', { class: 'hint', id: 'legal-count' }, myTurn
      ? say('akro-spots', { n: legal.length, tile: tileNo ?? '—', rot: local.rot, city: playing ? 'yes' : 'no' })
      : say('waiting-others')));
  }
  panel.append(h('h3', { text: say('akro-site') }), site,
    h('p', { class: 'hint' }, say('akro-stacks', { n: pub.stack_tiles })));
  panel.append(h('h3', { text: say('akro-district-scores') }), districtTable(pub, nameOf, seat), legend());
  local.keys ??= (ev) => {
    if ((ev.key === 'r' || ev.key === 'R') && !ev.ctrlKey && !ev.metaKey && !ev.altKey && !/INPUT|SELECT|TEXTAREA/.test(document.activeElement?.tagName)) document.getElementById('rotate')?.click();
  };
  document.removeEventListener('keydown', local.keys);
  document.addEventListener('keydown', local.keys);
}

/** The district table: a row per district, a column per city; each cell its points and why. */
function districtTable(pub, nameOf, seat) {
  const variants = String(pub.rules?.variants ?? '');
  const on = (d) => variants.includes(d[0].toUpperCase());
  const head = h('tr', {}, h('th', { scope: 'col', text: say('akro-district-col') }), pub.players.map((_, i) => h('th', {
    scope: 'col', class: 'who', title: nameOf(i), text: say('name-you', { name: nameOf(i), you: i === seat ? 'yes' : 'no' }),
  })));
  const rows = NAMES.map((d, k) => {
    const key = d[0];
    const why = say('akro-row-why', { district: say(`akropolis-column-${d}`), how: HOW(d), variant: on(d) ? VARIANT(d) : 'none', d: key, stars: STARS[key] });
    return h('tr', {},
      h('th', { scope: 'row', title: why },
        h('span', { class: 'swatch', style: `background:${DISTRICT[key][1]}`, 'aria-hidden': 'true' }), ' ' + dname(d), on(d) ? h('sup', { title: VARIANT(d) }, ' v') : null),
      pub.players.map((p, i) => {
        const explain = say('akro-cell-why', { who: nameOf(i), district: dname(d), values: p.values[k], stars: p.stars[k], points: p.districts[k] });
        return h('td', { title: explain, 'aria-label': explain },
          h('strong', { text: p.districts[k] }), h('span', { class: 'why', text: ` ${p.values[k]}×${p.stars[k]}★` }));
      }));
  });
  return h('table', { class: 'scores districts', id: 'districts' },
    h('caption', { class: 'hint' }, say('akro-table-caption')),
    h('thead', {}, head),
    h('tbody', {}, rows,
      h('tr', {}, h('th', { scope: 'row', title: say('akro-stones-about') }, say('akro-stones')), pub.players.map((p, i) => h('td', { title: say('akro-stones-cell', { who: nameOf(i), n: p.stones }), text: p.stones }))),
      h('tr', { class: 'total' }, h('th', { scope: 'row', title: say('akro-total-about') }, say('akro-total')), pub.players.map((p) => h('td', {}, h('strong', { text: p.total }))))));
}

function legend() {
  return h('ul', { class: 'legend', 'aria-label': say('akro-legend') },
    Object.entries(DISTRICT).map(([, [name, col]]) => h('li', {}, h('span', { class: 'swatch', style: `background:${col}`, 'aria-hidden': 'true' }), ' ' + dname(name))),
    h('li', {}, '★ ' + say('akro-legend-plaza')),
    h('li', {}, say('akro-legend-height')));
}

/**
 * The rules help's picture, drawn with the city's own hexes: a tile of three hexes built on
 * top (height 2) beside ground of height 1; a plaza's stars multiply its district's points.
 */
export function rulesPicture() {
  // a tile in rotation 0 covers (0,0), (0,1), (1,0): a houses plaza, a market, a garden
  const cells = [[0, 0, 'H', 2], [0, 1, 'm', 2], [1, 0, 'g', 2], [-1, 0, 'q', 1], [0, -1, 'h', 1], [1, -1, 'b', 1], [-1, 1, 't', 1]];
  const pts = [];
  const nodes = cells.map(([x, y, c, ht]) => {
    const [cx, cy] = centre(x, y);
    pts.push([cx - R, cy - R], [cx + R, cy + R]);
    return hexShape(cx, cy, c, ht);
  });
  const outline = cells.filter(([, , , ht]) => ht === 2).map(([x, y]) => {
    const [cx, cy] = centre(x, y);
    return s('polygon', { points: hexPoints(cx, cy, R - 2.5), class: 'rules-outline' });
  });
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const [x0, y0, x1, y1] = [Math.min(...xs) - 4, Math.min(...ys) - 4, Math.max(...xs) + 4, Math.max(...ys) + 4];
  const picture = s('svg', {
    class: 'rules-svg', width: Math.round((x1 - x0) * 0.8), height: Math.round((y1 - y0) * 0.8), viewBox: `${x0} ${y0} ${x1 - x0} ${y1 - y0}`, role: 'img',
    'aria-label': say('akro-picture-label'),
  }, ...nodes, ...outline);
  return { picture, caption: say('akro-picture-caption') };
}
