// Akropolis: hex cities with heights, the Construction Site with stone costs (the hexes
// drawn: akropolis-hex.js; the district table: akropolis-districts.js).
import { s, h, clickable, bbox, previousPublic, touchScreen } from './board.js';
import { R, DIRS, mod2, centre, tileName, hexPoints, describeHex, shortHex, hexShape, tileIcon, posString, landing } from './akropolis-hex.js';
import { districtTable, legend } from './akropolis-districts.js';
import { t as say } from './i18n.js';

/** Moves each city has had: every tile adds three levels to the four of the start. */
/**
 * A move in words (the box of a move held for a confirmation, web/held.js): the tile, its
 * turns and its points, as the seat's hints describe the move.
 */
export function moveWords(mv, hints) {
  const m = typeof mv === 'string' ? hints?.moves?.find((x) => x.move === mv) : null;
  if (!m) return null;
  return say('held-akropolis', {
    tile: String(m.tile), turns: m.rotation,
    points: typeof m.points === 'number' ? `${m.points >= 0 ? '+' : ''}${m.points}` : 'none',
  });
}

const builds = (pub) => pub.players.map((p) => Math.max(0, Math.round((p.cells.reduce((a, c) => a + c[3], 0) - 4) / 3)));
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const signed = (n) => `${n >= 0 ? '+' : ''}${n}`;

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
  const { board, public: pub, legal: moves, hints, panel, dock, held, mode, myTurn, send, local, players, seat, error, rerender } = ctx;
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
  // the tile where it would land, whole and see-through, with its points: the placement
  // held for a confirmation (a tap on a phone), and the one hovered or focused
  const hexesOf = (tile) => pub.site.find((t) => t.tile === tile)?.hexes || [];
  const heightOf = (x, y) => cells.get(`${x},${y}`)?.[3] || 0;
  const heldMove = playing && typeof held === 'string' ? (hints?.moves || []).find((m) => m.move === held) : null;
  const ghost = s('g', { class: 'ghost-layer', 'pointer-events': 'none', 'aria-hidden': 'true' });
  const showGhost = (m) => ghost.replaceChildren(...(m && m !== heldMove ? [landing(m, hexesOf(m.tile), heightOf)] : []));
  function spot(x, y, el, m, what = say('akro-empty')) {
    const g = s('g', { class: 'spot', 'data-x': x, 'data-y': y, 'data-legal': m ? 'true' : 'false' }, el);
    if (m) { g.dataset.move = m.move; for (const ev of ['mouseenter', 'focus']) g.addEventListener(ev, () => showGhost(m)); }
    for (const ev of ['mouseleave', 'blur']) g.addEventListener(ev, () => showGhost(null));
    const label = tileNo ? say('akro-spot', { tile: tileNo, x: String(x), y: String(y), what, legal: m ? 'yes' : 'no', points: m ? signed(m.points) : '' }) : say('akro-hex', { x: String(x), y: String(y), what });
    return clickable(g, label, () => {
      if (!myTurn) return error(say('not-your-turn-page'));
      if (!tileNo) return error(say('akro-select-first'));
      // the server's own move when it is legal; else one built here (the server refuses it)
      send(m && moves.includes(m.move) ? m.move : `${tileNo}${posString(x, y)}R${local.rot}`);
    });
  }
  if (heldMove) nodes.push(landing(heldMove, hexesOf(heldMove.tile), heightOf, true));
  nodes.push(ghost);
  const around = (cs) => bbox(cs.flatMap(([x, y]) => { const [cx, cy] = centre(x, y); return [[cx - R, cy - R], [cx + R, cy + R]]; }));
  const focus = heldMove ? around(heldMove.cells) : fresh.size ? around([...fresh].map((k) => k.split(',').map(Number))) : null;
  board.draw(nodes, bbox(points), { unit: ctx.over ? 0 : 2 * R * 0.8, focus });

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
  const stones = me?.stones ?? 0;
  // a tile too dear stays readable (the plan for the next turns), marked by its price
  const site = h('div', { class: 'site', role: 'group', 'aria-label': say('akro-site') },
    pub.site.map((tl) => !mine ? h('div', { class: 'site-tile', role: 'img', 'aria-label': siteLabel(tl) }, siteBody(tl)) : h('button', {
      'aria-label': tl.cost > stones ? say('akro-too-dear', { label: siteLabel(tl), stones }) : siteLabel(tl), 'aria-pressed': tl.tile === local.tile ? 'true' : 'false', 'data-tile': tl.tile,
      class: tl.cost > stones ? 'unaffordable' : null, title: tl.cost > stones ? say('akro-costs-have', { cost: tl.cost, stones }) : null,
      disabled: !myTurn || tl.cost > stones,
      onclick: () => { local.tile = tl.tile; local.city = seat; local.pinned = false; rerender(); },
    }, siteBody(tl))));
  const best = legal.reduce((b, m) => Math.max(b, m.points ?? -Infinity), -Infinity);
  panel.append(tabs, shown);
  dock.replaceChildren();
  if (mine) {
    // the dock: the tile to take, turned as it will be built, and where it goes
    dock.append(site, h('div', { class: 'controls' },
      h('button', { id: 'rotate', 'aria-label': say('tri-rotate-label'), disabled: !myTurn, onclick: () => { local.rot = (local.rot + 1) % 6; rerender(); } }, '⟳ ' + say('akro-rotate', { rot: local.rot })),
      h('span', { class: 'hint stones', id: 'stones' }, say('akro-stones-held', { n: stones }))),
    h('p', { class: 'hint', id: 'legal-count' }, myTurn
      ? say('akro-spots', { n: legal.length, tile: tileNo ?? '—', rot: local.rot, city: playing ? 'yes' : 'no', best: legal.length && best > -Infinity ? signed(best) : 'none', touch: touchScreen() ? 'yes' : 'no' })
      : say('waiting-others')));
  } else if (pub.stack_tiles || pub.site.length > 1) dock.append(site); // (a spectator's and a replay's site, beside the board too, until the end)
  panel.append(h('p', { class: 'hint' }, say('akro-stacks', { n: pub.stack_tiles })));
  panel.append(h('h3', { text: say('akro-district-scores') }), districtTable(pub, nameOf, seat), legend());
  local.keys ??= (ev) => {
    if ((ev.key === 'r' || ev.key === 'R') && !ev.ctrlKey && !ev.metaKey && !ev.altKey && !/INPUT|SELECT|TEXTAREA/.test(document.activeElement?.tagName)) document.getElementById('rotate')?.click();
  };
  document.removeEventListener('keydown', local.keys);
  document.addEventListener('keydown', local.keys);
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
