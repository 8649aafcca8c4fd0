// DOM and SVG helpers (h, s, put, clickable) and a pannable, zoomable board.
export const SVGNS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element with attributes and children. */
export function s(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** Creates an HTML element with attributes and children. */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** Replaces an element's children: arrays flattened, null and undefined left out (as h() does). */
export const put = (el, ...kids) => el.replaceChildren(...kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false));


/** Makes an SVG element act as a button: focusable, labelled, Enter/Space activate. */
export function clickable(el, label, action) {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
  el.append(s('title', {}, label));
  el.addEventListener('click', (ev) => { ev.stopPropagation(); action(); });
  el.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); action(); }
  });
  return el;
}

/**
 * A board: an <svg> whose viewBox pans (drag, arrow keys) and zooms (wheel, +/- keys,
 * buttons). `draw(nodes, bbox)` fills the content layer; the view fits the content until
 * the user pans or zooms, and again after `fit()`.
 */
export class Board {
  constructor(svg) {
    this.svg = svg;
    this.layer = s('g');
    svg.append(this.layer);
    this.vb = null;
    this.drag = null;
    this.moved = false;
    // one pointer drags; two (a pinch on a touch screen) zoom about their middle
    this.pointers = new Map();
    svg.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pointers.size === 2) { this.pinch = this.spread(); this.drag = null; return; }
      this.drag = { x: e.clientX, y: e.clientY, vb: { ...this.vb } };
      this.moved = false;
    });
    svg.addEventListener('pointermove', (e) => {
      if (!this.pointers.has(e.pointerId)) return;
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pointers.size === 2 && this.pinch && this.vb) {
        const now = this.spread();
        if (now.d > 0 && this.pinch.d > 0) {
          const r = svg.getBoundingClientRect();
          this.zoom(this.pinch.d / now.d, (now.x - r.left) / r.width, (now.y - r.top) / r.height);
        }
        this.pinch = now;
        this.moved = true;
        return;
      }
      if (!this.drag || !this.vb) return;
      const dx = e.clientX - this.drag.x, dy = e.clientY - this.drag.y;
      if (!this.moved && Math.hypot(dx, dy) < 4) return;
      this.moved = true;
      this.user = true;
      const k = this.scale();
      this.vb.x = this.drag.vb.x - dx * k;
      this.vb.y = this.drag.vb.y - dy * k;
      this.apply();
    });
    const end = (e) => {
      this.pointers.delete(e.pointerId);
      if (this.pointers.size < 2) this.pinch = null;
      this.drag = null;
    };
    for (const ev of ['pointerup', 'pointercancel', 'pointerleave']) svg.addEventListener(ev, end);
    // a drag is not a click
    svg.addEventListener('click', (e) => { if (this.moved) { e.stopPropagation(); e.preventDefault(); this.moved = false; } }, true);
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      const fx = (e.clientX - r.left) / r.width, fy = (e.clientY - r.top) / r.height;
      this.zoom(e.deltaY < 0 ? 1 / 1.15 : 1.15, fx, fy);
    }, { passive: false });
    svg.addEventListener('keydown', (e) => {
      if (e.target !== svg) return;
      const step = 0.1;
      const map = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      if (map[e.key]) { e.preventDefault(); this.pan(...map[e.key]); }
      else if (e.key === '+' || e.key === '=') this.zoom(1 / 1.2);
      else if (e.key === '-') this.zoom(1.2);
    });
  }
  /** The distance between the two pointers of a pinch, and their middle. */
  spread() {
    const [a, b] = [...this.pointers.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
  scale() {
    const r = this.svg.getBoundingClientRect();
    return r.width ? Math.max(this.vb.w / r.width, this.vb.h / r.height) : 1;
  }
  apply() {
    const { x, y, w, h } = this.vb;
    this.svg.setAttribute('viewBox', `${x} ${y} ${w} ${h}`);
  }
  pan(fx, fy) { if (!this.vb) return; this.user = true; this.vb.x += fx * this.vb.w; this.vb.y += fy * this.vb.h; this.apply(); }
  zoom(f, cx = 0.5, cy = 0.5) {
    if (!this.vb) return;
    this.user = true;
    const nw = Math.min(Math.max(this.vb.w * f, 60), 20000), nh = this.vb.h * nw / this.vb.w;
    this.vb.x += (this.vb.w - nw) * cx; this.vb.y += (this.vb.h - nh) * cy;
    this.vb.w = nw; this.vb.h = nh; this.apply();
  }
  /** Fits the next drawing to the view and follows the content again. */
  fit() { this.vb = null; this.refit = true; this.user = false; }
  /** Keeps `el` (the zoom buttons, over a corner of the board) clear of the content when fitting. */
  keepClear(el) { this.clear = el; }
  /**
   * Replaces the content; `bbox` = {x, y, w, h} of the content. The view follows the
   * content (fits it) until the user pans or zooms, leaving the zoom buttons' corner
   * clear; but a cell (`unit`, in the drawing's units) is never drawn smaller than
   * MIN_CELL px: then the view is centred on `focus` (a box: the last move, the pending
   * tile) and the rest is a pan away.
   */
  draw(nodes, bbox, { unit = 0, focus = null } = {}) {
    this.layer.replaceChildren(...nodes);
    if (this.vb && !this.refit && this.user) return;
    const r = this.svg.getBoundingClientRect();
    if (!r.width || !r.height) {
      const pad = 40;
      this.vb = { x: bbox.x - pad, y: bbox.y - pad, w: bbox.w + 2 * pad, h: bbox.h + 2 * pad };
      this.apply();
      return;
    }
    // the buttons' corner: the content goes beside them or below them, whichever is larger
    const c = this.clear?.getBoundingClientRect();
    const pad = 8;
    const room = [[r.width, r.height]];
    if (c && c.width) room.push([r.width - (r.right - c.left) - pad, r.height], [r.width, r.height - (c.bottom - r.top) - pad]);
    let best = null;
    for (const [w, hh] of room) {
      if (w <= 2 * pad || hh <= 2 * pad) continue;
      const k = Math.max(bbox.w / (w - 2 * pad), bbox.h / (hh - 2 * pad));
      if (!best || k < best.k) best = { k, w, hh };
    }
    if (!best) best = { k: Math.max(bbox.w / r.width, bbox.h / r.height), w: r.width, hh: r.height };
    let { k } = best;
    let [cx, cy] = [bbox.x + bbox.w / 2, bbox.y + bbox.h / 2];
    if (unit && k > unit / MIN_CELL) {
      k = unit / MIN_CELL;
      if (focus) [cx, cy] = [focus.x + focus.w / 2, focus.y + focus.h / 2];
    }
    // the content's centre in the middle of its room (the room starts at the board's top left
    // unless the buttons' strip is above it)
    const top = r.height - best.hh, left = 0;
    const mx = left + best.w / 2, my = top + best.hh / 2;
    this.vb = { x: cx - mx * k, y: cy - my * k, w: r.width * k, h: r.height * k };
    this.refit = false;
    this.apply();
  }
}

/** The smallest a cell is drawn when fitting (CSS px): big enough to read and to tap. */
const MIN_CELL = 30;

/** Bounding box of points [[x, y], ...]. */
export function bbox(points) {
  if (!points.length) return { x: -100, y: -100, w: 200, h: 200 };
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of points) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
  const w = Math.max(x1 - x0, 420), hh = Math.max(y1 - y0, 320);
  return { x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - hh / 2, w, h: hh };
}

/**
 * The public view before the latest change, to highlight the last move: `ctx.prev` when
 * the page gives it (the previous step of a replay; in play and watch the server's
 * `last.before`, the view before the last move, so a page opened after it shows it too),
 * else the last *different* public view this renderer drew (kept in `local`, and in
 * sessionStorage so that a reload still knows it): exact while states come one by one, and
 * from the next move on for a page opened on a game in progress. Each renderer checks that
 * it is the position just before before using it.
 */
export function previousPublic({ public: pub, prev, local }) {
  if (prev !== undefined) return prev;
  const key = JSON.stringify(pub);
  const store = 'tessera.prev.' + location.hash;
  if (!local.seen) {
    local.seen = { key: null, cur: null, prev: null };
    try {
      const kept = JSON.parse(sessionStorage.getItem(store) || 'null');
      if (kept && kept.key === key) local.seen = { key, cur: pub, prev: JSON.parse(kept.prev) };
    } catch { /* nothing kept */ }
  }
  const t = local.seen;
  if (t.key !== key) {
    t.prev = t.cur; t.cur = pub; t.key = key;
    try {
      // one game's kept at a time
      for (const k of Object.keys(sessionStorage)) if (k.startsWith('tessera.prev.') && k !== store) sessionStorage.removeItem(k);
      sessionStorage.setItem(store, JSON.stringify({ key, prev: JSON.stringify(t.prev) }));
    } catch { /* full: this page only */ }
  }
  return t.prev;
}

/** A colour `#rrggbb` darkened by `f` (0 = as is, 1 = black). */
export function darken(hex, f) {
  const n = parseInt(hex.slice(1), 16);
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v) => Math.round(v * (1 - f)));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
