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


/** Whether the page is on a touch screen (no keyboard, no hover, no tooltip to rely on). */
export const touchScreen = () => !!window.matchMedia?.('(pointer: coarse)').matches;

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
      this.user = true; this.whole = false;
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
    // the drawing's units per CSS pixel (style.css keeps small print readable with it), and
    // whether the look's fine print would be drawn too small to read: then it is left out
    const k = this.scale();
    this.svg.style.setProperty('--k', String(k));
    const small = !!this.print && k > this.print;
    this.svg.classList.toggle('too-small', small);
    if (this.note) this.note.hidden = !small;
  }
  pan(fx, fy) { if (!this.vb) return; this.user = true; this.whole = false; this.vb.x += fx * this.vb.w; this.vb.y += fy * this.vb.h; this.apply(); }
  zoom(f, cx = 0.5, cy = 0.5) {
    if (!this.vb) return;
    this.user = true; this.whole = false;
    const nw = Math.min(Math.max(this.vb.w * f, 60), 20000), nh = this.vb.h * nw / this.vb.w;
    this.vb.x += (this.vb.w - nw) * cx; this.vb.y += (this.vb.h - nh) * cy;
    this.vb.w = nw; this.vb.h = nh; this.apply();
  }
  /** Shows the whole drawing, centred, with the next drawing; it keeps doing so as the
   * drawing grows until the person pans or zooms. */
  fit() { this.vb = null; this.refit = true; this.user = false; this.whole = true; }
  /** Keeps `el` (the zoom buttons, over a corner of the board) clear of the content when fitting. */
  keepClear(el) { this.clear = el; }
  /** Moves the view just enough that no spot (a box) lies under the zoom buttons: the
   * content down below them or left of them, whichever keeps every spot in view (the
   * smaller move when both do); `r`: the board's box on screen. */
  unhide(spots, r) {
    const c = this.clear?.getBoundingClientRect();
    if (!spots?.length || !c?.width || !this.vb) return;
    const k = this.vb.w / r.width, pad = 4;
    const bx0 = this.vb.x + (c.left - r.left - pad) * k, bx1 = this.vb.x + (c.right - r.left + pad) * k;
    const by0 = this.vb.y + (c.top - r.top - pad) * k, by1 = this.vb.y + (c.bottom - r.top + pad) * k;
    const under = spots.filter((b) => b.x < bx1 && b.x + b.w > bx0 && b.y < by1 && b.y + b.h > by0);
    if (!under.length) return;
    const all = union(spots);
    const down = by1 - Math.min(...under.map((b) => b.y)), left = Math.max(...under.map((b) => b.x + b.w)) - bx0;
    const moves = [[down, { ...this.vb, y: this.vb.y - down }], [left, { ...this.vb, x: this.vb.x + left }]]
      .sort((p, q) => p[0] - q[0]);
    this.vb = (moves.find(([, vb]) => inside(all, vb)) ?? moves[0])[1];
  }
  /** Shows `el` (a line: zoom in to read) while the fine print is left out, hides it else. */
  noteWhenSmall(el) { this.note = el; }
  /**
   * Replaces the content; `bbox` = {x, y, w, h} of the content. Until the person pans or
   * zooms, the view follows the content: it fits it, leaving the zoom buttons' corner
   * clear; but a cell (`unit`, in the drawing's units) is never drawn smaller than
   * MIN_CELL px: then the view shows, at that scale, `spots` (boxes: the highlighted
   * spots; all of them, smaller where they need it) or else `focus` (a box: the last move,
   * the pending tile), and as little beyond the content as it can. After `fit()` the view
   * shows the whole content, whatever the scale. Whatever the view, a set of `spots` that
   * changed is brought into it (panned to, or zoomed out to when it is larger). `clear`
   * (boxes; else `spots`): kept out from under the zoom buttons, the scale unchanged. `print`:
   * the units per CSS pixel beyond which the look's fine print is too small to read (the
   * svg's class `too-small` then).
   */
  draw(nodes, bbox, { unit = 0, focus = null, spots = null, print = 0, clear = null } = {}) {
    this.layer.replaceChildren(...nodes);
    this.print = print;
    const around = spots?.length ? union(spots) : null;
    const key = around ? JSON.stringify(spots) : '';
    const fresh = key !== this.spotsKey;
    this.spotsKey = key;
    const r = this.svg.getBoundingClientRect();
    if (this.vb && !this.refit && this.user) {
      // the person's view, but never one that hides a newly highlighted spot
      if (fresh && around && r.width && r.height && !inside(around, this.vb)) this.vb = reveal(this.vb, around, r);
      this.apply();
      return;
    }
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
    const { k } = best;
    const readable = unit ? unit / MIN_CELL : Infinity;
    this.refit = false;
    if (this.whole || k <= readable) {
      // the whole content: its centre in the middle of its room (the room starts at the
      // board's top left unless the buttons' strip is above it)
      const [cx, cy] = [bbox.x + bbox.w / 2, bbox.y + bbox.h / 2];
      const top = r.height - best.hh;
      const mx = best.w / 2, my = top + best.hh / 2;
      this.vb = { x: cx - mx * k, y: cy - my * k, w: r.width * k, h: r.height * k };
      this.unhide(clear ?? spots, r);
      this.apply();
      return;
    }
    // too large to read whole: the spots (else the focus) at the readable scale, or all the
    // spots at the scale they need; the rest a pan (or Fit) away
    const target = around ?? focus;
    let kk = readable;
    if (around) kk = Math.min(k, Math.max(readable, (around.w + 2 * pad * readable) / r.width, (around.h + 2 * pad * readable) / r.height));
    const w = r.width * kk, hh = r.height * kk;
    const [tx, ty] = target ? [target.x + target.w / 2, target.y + target.h / 2] : [bbox.x + bbox.w / 2, bbox.y + bbox.h / 2];
    // the target in the middle of the room the zoom buttons leave (their strip above it, or
    // beside it on the right), and as little beyond the content as can be: a room smaller
    // than the content stays within it, so nothing of it lies under the buttons
    const top = r.height - best.hh, roomW = best.w * kk, roomH = best.hh * kk;
    const x = within(tx - roomW / 2, roomW, bbox.x, bbox.w);
    const y = within(ty - roomH / 2, roomH, bbox.y, bbox.h) - top * kk;
    this.vb = { x, y, w, h: hh };
    this.unhide(clear ?? spots, r);
    this.apply();
  }
}

/** A start on one axis for a view of `size` meant to start at `at`, kept within the
 * content (`lo`, `len`) where it is smaller, else centred on it. */
function within(at, size, lo, len) {
  if (size >= len) return lo + len / 2 - size / 2;
  return Math.min(Math.max(at, lo), lo + len - size);
}

/** The box around boxes. */
function union(boxes) {
  const x0 = Math.min(...boxes.map((b) => b.x)), y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w)), y1 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Whether box `b` lies within the view `vb`. */
const inside = (b, vb) => b.x >= vb.x && b.y >= vb.y && b.x + b.w <= vb.x + vb.w && b.y + b.h <= vb.y + vb.h;

/** The view `vb` moved just enough to hold box `b` (`r`: the board's size on screen), or
 * zoomed out around it when it is larger than the view. */
function reveal(vb, b, r) {
  const margin = 0.08;
  let { w, h: hh } = vb;
  if (b.w > w * (1 - 2 * margin) || b.h > hh * (1 - 2 * margin)) {
    const k = Math.max(b.w / (r.width * (1 - 2 * margin)), b.h / (r.height * (1 - 2 * margin)));
    w = r.width * k; hh = r.height * k;
    return { x: b.x + b.w / 2 - w / 2, y: b.y + b.h / 2 - hh / 2, w, h: hh };
  }
  const mx = w * margin, my = hh * margin;
  const x = Math.min(Math.max(vb.x, b.x + b.w + mx - w), b.x - mx);
  const y = Math.min(Math.max(vb.y, b.y + b.h + my - hh), b.y - my);
  return { x, y, w, h: hh };
}

/** The smallest a cell is drawn when fitting (CSS px): big enough to read and to tap. */
const MIN_CELL = 30;

/** Bounding box of points [[x, y], ...]. */
export function bbox(points, least = null) {
  if (!points.length) return { x: -100, y: -100, w: 200, h: 200 };
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of points) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
  // (a drawing's box is 420 by 320 at least; `least`: another least size, 0 for none)
  const w = Math.max(x1 - x0, least ?? 420), hh = Math.max(y1 - y0, least ?? 320);
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
