// Akropolis: the hexes drawn (a city's, a site tile's, a tile held or hovered over).
// Positions (x east, y north) in odd-column offset coordinates: neighbours of (x, y) with
// o = x mod 2: N (0,1), NE (1,o), SE (1,o-1), S (0,-1), SW (-1,o-1), NW (-1,o); a tile in
// rotation r covers its origin and the neighbours in directions r and r+1.
import { s, darken } from './board.js';
import { t as say } from './i18n.js';

export const R = 30, SQ3 = Math.sqrt(3);
export const DIRS = (o) => [[0, 1], [1, o], [1, o - 1], [0, -1], [-1, o - 1], [-1, o]];
export const mod2 = (x) => ((x % 2) + 2) % 2;
export const centre = (x, y) => [x * 1.5 * R, -(y + mod2(x) / 2) * SQ3 * R];
export const DISTRICT = { h: ['houses', '#4a7fc1'], m: ['markets', '#e6b325'], b: ['barracks', '#c8453a'], t: ['temples', '#8a5cb8'], g: ['gardens', '#4c9a4a'], q: ['quarry', '#9b9486'] };
export const NAMES = ['houses', 'markets', 'barracks', 'temples', 'gardens'];
/** The stars of one plaza, by district (the rulebook's: houses 1, gardens 3, the others 2). */
export const STARS = { h: 1, m: 2, b: 2, t: 2, g: 3 };
export const tileName = (t) => String(t).padStart(2, '0');

export function hexPoints(cx, cy, r = R) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = Math.PI / 3 * i;
    return `${cx + r * Math.cos(a)},${cy + r * Math.sin(a)}`;
  }).join(' ');
}
export function describeHex(c) {
  const lower = c.toLowerCase();
  if (!DISTRICT[lower]) return '?';
  if (lower === 'q') return say('akro-hex-name', { d: lower });
  return c !== lower ? say('akro-plaza', { d: lower, stars: STARS[lower] }) : say('akro-district', { d: lower });
}
/** A short name of a hex for the site: "houses", "houses ★", "quarry". */
export function shortHex(c) {
  const lower = c.toLowerCase();
  return (DISTRICT[lower] ? say('akro-hex-name', { d: lower }) : '?') + (c !== lower ? ` ${'★'.repeat(STARS[lower] || 1)}` : '');
}
/**
 * The fill of a hex: its district's colour, darker the higher it stands. A district keeps
 * its hue and its colourfulness at every height (the darker shades of the houses' blue
 * stay blue); the quarry, grey, darkens less and is drawn with its stones besides.
 */
export function fillOf(c, height) {
  const lower = c.toLowerCase();
  const [, col] = DISTRICT[lower] || ['', '#cccccc'];
  const step = Math.min(Math.max(height - 1, 0), 4);
  return lower === 'q' ? darken(col, step * 0.1) : shade(col, step * 0.13);
}

/** A colour `#rrggbb` with its lightness lowered by `f` (0 = as is, 1 = black) and its
 * saturation kept. */
function shade(hex, f) {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => v / 255);
  const max = Math.max(r, g, b), min = Math.min(r, g, b), l = (max + min) / 2, d = max - min;
  const sat = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  const hue = d === 0 ? 0 : max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  const l2 = l * (1 - f);
  const c = (1 - Math.abs(2 * l2 - 1)) * sat, x = c * (1 - Math.abs((hue % 2) - 1)), m = l2 - c / 2;
  const [r1, g1, b1] = [[c, x, 0], [x, c, 0], [0, c, x], [0, x, c], [x, 0, c], [c, 0, x]][Math.floor(hue) % 6];
  return `#${[r1, g1, b1].map((v) => Math.round((v + m) * 255).toString(16).padStart(2, '0')).join('')}`;
}

/** A quarry's stones: three small rocks drawn on its hex (a quarry is told from a dark
 * district by them, not by its grey alone). */
function quarryStones(cx, cy) {
  const rock = (x, y, r) => s('polygon', {
    class: 'quarry-stone',
    points: [[-1, -0.55], [-0.2, -1], [0.85, -0.6], [1, 0.35], [0.2, 0.95], [-0.85, 0.6]].map(([a, b]) => `${x + a * r},${y + b * r}`).join(' '),
  });
  return s('g', { class: 'quarry-stones', 'aria-hidden': 'true' }, rock(cx - 11, cy - 9, 5), rock(cx + 10, cy - 7, 4), rock(cx - 1, cy + 12, 4.5));
}
/** The plaza's stars, drawn as star shapes in a row centred at (cx, cy). */
export function stars(cx, cy, n, size = 7) {
  const one = (x) => s('polygon', {
    class: 'plaza-star',
    points: Array.from({ length: 10 }, (_, i) => {
      const a = Math.PI * i / 5 - Math.PI / 2, r = i % 2 ? size * 0.45 : size;
      return `${x + r * Math.cos(a)},${cy + r * Math.sin(a)}`;
    }).join(' '),
  });
  return Array.from({ length: n }, (_, i) => one(cx + (i - (n - 1) / 2) * size * 1.9));
}
export function hexShape(cx, cy, c, height, extra = {}) {
  const lower = c.toLowerCase();
  const plaza = c !== lower;
  return s('g', extra,
    s('polygon', { points: hexPoints(cx, cy), class: 'hex', fill: fillOf(c, height), 'stroke-width': 1 + height * 0.6 }),
    lower === 'q' ? quarryStones(cx, cy) : null,
    plaza ? stars(cx, cy - 10, STARS[lower] || 1) : null,
    height ? s('text', { x: cx, y: plaza ? cy + 9 : cy + 1, class: 'hlabel' }, String(height)) : null);
}
/** The cells a tile covers, origin (0, 0), in rotation `rot`. */
export const footprint = (rot) => [[0, 0], DIRS(0)[rot % 6], DIRS(0)[(rot + 1) % 6]];
/** A tile of the site as a small SVG, in rotation `rot` (its stars big enough to read). */
export function tileIcon(hexes, rot = 0, size = 66) {
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
export function posString(x, y) {
  const p = (n) => String(Math.abs(n)).padStart(2, '0');
  return `${y > 0 ? 'N' : 'S'}${p(y)}${x < 0 ? 'W' : 'E'}${p(x)}`;
}

/**
 * A tile where it would land, drawn whole and see-through over the city, with the points
 * it would score: `m` = a hint ({cells, points}), `hexes` its site tile's letters (in the
 * order of its cells), `heightOf(x, y)` the city's height there now. `held`: the tile
 * held for a confirmation (drawn firmer than a tile hovered over).
 */
export function landing(m, hexes, heightOf, held = false) {
  const cs = m.cells.map(([x, y]) => centre(x, y));
  const hexesDrawn = m.cells.map(([x, y], i) => {
    const [cx, cy] = cs[i];
    const c = hexes[i] || 'q';
    const plaza = c !== c.toLowerCase();
    const ht = heightOf(x, y) + 1;
    return s('g', {}, s('polygon', { points: hexPoints(cx, cy, R - 3), fill: fillOf(c, ht), class: 'landing-hex' }),
      plaza ? stars(cx, cy - 10, STARS[c.toLowerCase()] || 1) : null,
      s('text', { x: cx, y: plaza ? cy + 9 : cy + 1, class: 'hlabel' }, String(ht)));
  });
  const mx = cs.reduce((a, p) => a + p[0], 0) / 3, my = cs.reduce((a, p) => a + p[1], 0) / 3;
  const pts = typeof m.points === 'number' ? `${m.points >= 0 ? '+' : ''}${m.points}` : null;
  return s('g', { class: held ? 'landing held' : 'landing', 'data-move': m.move, 'aria-hidden': 'true' }, ...hexesDrawn,
    pts ? s('g', { class: 'landing-points' }, s('rect', { x: mx - 17, y: my - 11, width: 34, height: 22, rx: 11 }),
      s('text', { x: mx, y: my + 1 }, pts)) : null);
}
